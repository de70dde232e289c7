"""The score sheet as a page shows it: the engine's sheet, arranged for templates.

Templates only loop and branch; every sentence and number is prepared here
from the engine's replay of the game's log.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from dataclasses import dataclass, field
from typing import Any, cast

from flask import current_app, render_template, request
from babel import Locale
from babel.dates import format_skeleton
from flask_babel import get_locale, to_user_timezone
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext as _p
from markupsafe import Markup

from ..engine import InvalidEntry, Replay
from ..languages import DEFAULT
from ..engine.extras import Boards, Extra, extra_text
from ..engine.games import get_variant
from ..engine.sheet import Row as SheetRow
from ..engine.sheet import Sheet
from ..models import Change, Game, entry_for_engine, entry_with_names
from ..sheet_cache import ChangeCache, game_key, sheet_of
from .catalogue import catalogue_by_key
from .chart import columns_of
from .engine_words import word as engine_word
from .entry import declared_match
from .numbers import number, signed
from .note_words import guide_line, refused, written


@dataclass
class Column:
    name: str
    total: Any
    eliminated: int | None = None
    winner: bool = False
    progress: int | None = None  # percent of the target or limit, when there is one
    group: str = ""  # the game of several this column is in (Hollywood's I, II, III); "" for the one game
    extra: bool = False  # a column of the game's own (a declared row extra), not a player's
    beside: str = ""  # the game's own values beside the total (declared "total" extras): ``Phases done: 7``


@dataclass
class Cell:
    score: Any
    total: Any
    out: bool = False  # went out / knocked / declared this hand
    eliminated: bool = False
    # As the sheet writes them; made here once rather than by a filter per cell.
    total_text: str = ""
    gain_text: str = ""
    own_text: str = ""  # the game's own value for this column in this hand (a declared cell extra)


@dataclass
class Row:
    number: int
    dealer: str
    summary: str
    cells: list[Cell]
    notes: list[str]
    details: list[str]


@dataclass
class FinalLine:
    label: str
    values: list[Any]
    strong: bool = False


@dataclass
class SettlementView:
    """One settlement (of the game, or of one game of several), its lines in seat order."""

    title: str
    lines: list[FinalLine]
    notes: list[str]


@dataclass(frozen=True)
class Group:
    """A game of several played at once, over its players' columns: ``Game I · Ann won``."""

    name: str
    span: int
    state: str


@dataclass(frozen=True)
class PageLink:
    """One entry of the navigation between pages of hands: ``201–400``, or a gap (``…``)."""

    number: int  # the page, 1-based; 0 for the gap between far pages
    label: str
    current: bool = False


@dataclass
class SheetView:
    name: str
    columns: list[Column]
    rows: list[Row]
    next_guide: str
    goal: str
    finished: bool
    banner: str
    settlements: list[SettlementView] = field(default_factory=list)
    players: list[str] = field(default_factory=list)  # the columns, in seat order (the settlement's too)
    in_sides: bool = False  # the columns are sides of two or more players (partnerships)
    groups: list[Group] = field(default_factory=list)  # the games of several, when the sheet has them
    changes: list[str] = field(default_factory=list)
    compact: bool = False
    broken: str = ""  # the log no longer replays (should never happen): why
    lowest_wins: bool = False
    next_number: int = 1
    folded: int = 0  # earlier hands not shown
    out_verb: str = "went out"  # the key under the sheet: what the line under a score marks
    page: int | None = None  # the page of hands shown (1-based); None for the recent hands
    paged: bool = False  # every hand takes more than one page
    pages: list[PageLink] = field(default_factory=list)  # empty for the recent hands, or a one-page game
    previous_page: PageLink | None = None
    next_page: PageLink | None = None
    #: what the game's own values under the scores are (its declared cell extras' labels)
    cell_labels: list[str] = field(default_factory=list)
    standing: list[str] = field(default_factory=list)  # the game's own lines (declared "sheet" extras)


#: hands shown on the sheet at first; earlier ones are a tap away (a long game
#: would otherwise send and draw hundreds of rows to a phone for every look)
RECENT_HANDS = 30


#: hands on one page of the whole sheet: a 5,000-hand game is 25 pages a
#: phone can draw, instead of one page of megabytes
PAGE_HANDS = 200


def is_folded(number: int, hands: int) -> bool:
    """Whether hand ``number`` is among the earlier hands the sheet folds away."""
    return number <= hands - RECENT_HANDS


def page_asked(args: Mapping[str, str]) -> int | None:
    """The page of hands a query string asks for (1-based); None for the recent hands.

    ``?page=N`` asks for page N; ``?all=1``, the older link to every hand, is
    page 1.  A page that is no number is page 1, and one below 1 is page 1:
    an odd address shows a page rather than an error.  A page past the last
    is clamped by :func:`page_shown`, which knows how many hands there are.
    """
    if "page" in args:
        try:
            number = int(args["page"])
        except ValueError:  # not a number, or one of thousands of digits
            return 1
        return max(1, number)
    if args.get("all") == "1":
        return 1
    return None


def page_count(hands: int) -> int:
    """How many pages ``hands`` hands take (one, even with none)."""
    return max(1, -(-hands // PAGE_HANDS))


def page_shown(asked: int | None, hands: int) -> int | None:
    """The page asked for, clamped to the game's last page (None stays the recent hands)."""
    return None if asked is None else min(asked, page_count(hands))


def page_of(number: int) -> int:
    """The page hand ``number`` is on."""
    return (number - 1) // PAGE_HANDS + 1


def sheet_args(number: int, hands: int) -> dict[str, int]:
    """The query that shows hand ``number`` of ``hands``: none while it is recent, else its page."""
    return {"page": page_of(number)} if is_folded(number, hands) else {}


#: each game's sheet, drawn, as of its last change (the same key as the Replay
#: cache: database, game, revision, time of the last change and names), in each language
_drawn: ChangeCache[tuple[SheetView, Markup]] = ChangeCache(size=64)


def drawn_sheet(game: Game, *, page: int | None = None, **context: Any) -> tuple[SheetView, Markup]:
    """The sheet's view and its HTML (``games/_sheet.html``), drawn once per change.

    A sheet changes only when its game does, and every change bumps the key,
    so a look at an unchanged sheet costs a dictionary lookup instead of a
    200-row page.  ``page`` is the page of hands asked for (None: the recent
    hands); the page shown, once clamped to the game's last, is part of the
    key, so ``?page=99`` of a three-page game is page 3's entry, not another.
    ``context`` (the template's other values, such as ``read_only``) is part
    of the key, as are the script root the links are made under and the page's language.
    """
    page = page_shown(page, _hands_played(game))
    key = (game_key(game), page, request.script_root, str(get_locale()), tuple(sorted(context.items())))
    found = _drawn.get(key)
    if found is None:
        view = sheet_view(game, page=page)
        html = Markup(render_template("games/_sheet.html", game=game, view=view, **context))
        found = (view, html)
        if not view.broken:
            _drawn.put(key, found)
    return found


#: why the sheet shows nothing when a stored hand is not an entry at all
UNREADABLE_HAND = _l("a stored hand cannot be read")


def readable_sheet(game: Game) -> tuple[Sheet | None, str]:
    """The game's sheet (:func:`sheet_of`), or None and why there is none.

    A log the engine refuses says why (:class:`InvalidEntry`).  A stored
    hand that is no entry at all (a seat not at the table, a list) fails
    before the engine sees it, as the seats are turned into names; that is
    logged with its traceback and the page says the hand cannot be read.
    """
    try:
        return cast(Sheet, sheet_of(game)), ""
    except InvalidEntry as error:  # a stored log that no longer replays
        return None, refused(error)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        current_app.logger.warning("game %s: a stored hand cannot be read", game.id, exc_info=True)
        return None, str(UNREADABLE_HAND)


def _hands_played(game: Game) -> int:
    """How many hands the game's sheet has (from the kept Replay; 0 for a log that no longer replays)."""
    sheet = readable_sheet(game)[0]
    return len(sheet["hands"]) if sheet is not None else 0


def sheet_view(game: Game, *, page: int | None = None) -> SheetView:
    """The game's sheet for a page: its recent hands (``page`` None) or page ``page`` of every hand.

    A page past the last shows the last; the change log is whole on every page.
    """
    variant = get_variant(game.variant)
    sheet, broken = readable_sheet(game)
    if sheet is None:
        view = SheetView(variant.title(game.options or {}), [], [], "", "", False, "", broken=broken)
        view.changes = change_lines(game)
        return view
    # The sheet's columns: the sides where it is scored by side, else the players.
    names = columns_of(sheet)
    limit = _limit(sheet)
    guide = sheet["guide"]
    boards = _boards(sheet, variant.boards)
    if boards:
        # Several games at once: a column for each player in each game, side by side.
        columns = [
            Column(name=name, total=board["totals"][name], winner=board["winner"] == name,
                   progress=_progress(board["totals"][name], limit), group=title)
            for title, board in boards.items() for name in names
        ]
    else:
        columns = [
            Column(
                name=name,
                total=sheet["totals"][name],
                eliminated=sheet["eliminated"].get(name),
                winner=name in sheet["winners"],
                progress=_progress(sheet["totals"][name], limit),
            )
            for name in names
        ]
    for column in columns:
        column.beside = " · ".join(_beside(sheet, variant.extras, column.name))
    own = _row_extras(variant.extras, sheet)
    columns += [Column(name=extra.label, total=None, extra=True) for extra in own if extra.where == "row"]
    hands = sheet["hands"]
    page = page_shown(page, len(hands))
    shown = hands[-RECENT_HANDS:] if page is None else hands[(page - 1) * PAGE_HANDS:page * PAGE_HANDS]
    rows = [_kept_row(hand, names, sheet, variant.boards, own) for hand in shown]
    view = SheetView(
        name=engine_word(sheet["name"]),
        columns=columns,
        rows=rows,
        next_guide=guide_line(guide, "next"),
        goal=guide_line(guide, "goal"),
        finished=sheet["finished"],
        banner=_banner(sheet),
        compact=len(columns) > 6 or bool(boards),
        lowest_wins=sheet["lowest_wins"],
        next_number=len(hands) + 1,
        folded=len(hands) - len(shown) if page is None else 0,
        out_verb=variant.out_verb,
        page=page,
        paged=page_count(len(hands)) > 1,
        pages=page_links(page, len(hands)),
        previous_page=_step(page, -1, len(hands)),
        next_page=_step(page, +1, len(hands)),
    )
    view.players = list(names)
    view.cell_labels = [extra.label for extra in own if extra.where == "cell"]
    view.standing = [f"{extra.label}: {text}" for extra in variant.extras
                     if extra.where == "sheet" and (text := extra_text(sheet.get(extra.key)))]
    view.in_sides = _in_sides(sheet)
    view.groups = [Group(variant.boards.label.format(title=title), len(names), _board_state(board))
                   for title, board in boards.items()] if variant.boards else []
    view.settlements = [
        SettlementView(part["title"], [FinalLine(line["label"], [line["values"].get(n, "") for n in names],
                                                 line["strong"]) for line in part["lines"]],
                       written(part["notes"], part.get("note_keys")))
        for part in sheet["settlement"]
    ]
    view.changes = change_lines(game)
    return view


def _boards(sheet: Mapping[str, Any], declared: Boards | None) -> Mapping[str, Mapping[str, Any]]:
    """The games of several played at once, by title, where the game declares them; else none."""
    return (sheet.get(declared.sheet_key) or {}) if declared else {}


def _beside(sheet: Mapping[str, Any], declared: tuple[Extra, ...], column: str) -> list[str]:
    """The game's own values of one column, beside its total: ``["Phases done: 7"]``."""
    shown = []
    for extra in declared:
        values = sheet.get(extra.key) if extra.where == "total" else None
        if isinstance(values, Mapping) and (text := extra_text(values.get(column))):
            shown.append(f"{extra.label}: {text}")
    return shown


def _row_extras(declared: tuple[Extra, ...], sheet: Mapping[str, Any]) -> tuple[Extra, ...]:
    """The game's own values in each hand's row: its columns, where this game has them (a hand or
    the next deal gives a value: who sits out, in Canasta for five only), and its values in each
    column's cell."""
    given = [sheet.get("next") or {}, *sheet["hands"]]
    return tuple(extra for extra in declared if extra.where == "cell" or (
        extra.where == "row" and any(row.get(extra.key) is not None for row in given)))


def _in_sides(sheet: Sheet) -> bool:
    """Whether some column is a side of partners (not each player for themselves)."""
    return any(len(seated) > 1 for seated in (sheet.get("side_players") or {}).values())


def page_links(page: int | None, hands: int) -> list[PageLink]:
    """The navigation between pages of hands: none for the recent hands or a one-page game.

    The first and last pages and the shown page's neighbours are named, the
    rest stand behind a gap, so 25 pages are still a line or two on a phone.
    """
    last = page_count(hands)
    if page is None or last == 1:
        return []
    named = sorted({1, last} | {n for n in (page - 1, page, page + 1) if 1 <= n <= last})
    links: list[PageLink] = []
    for shown in named:
        if links and shown > links[-1].number + 1:
            links.append(PageLink(0, "…"))
        links.append(page_link(shown, hands, current=shown == page))
    return links


def page_link(number: int, hands: int, *, current: bool = False) -> PageLink:
    """Page ``number``'s entry, named by its hands: ``201–400`` (``401`` for a page of one)."""
    first, last = (number - 1) * PAGE_HANDS + 1, min(number * PAGE_HANDS, hands)
    return PageLink(number, f"{first}–{last}" if last > first else str(first), current=current)


def _step(page: int | None, by: int, hands: int) -> PageLink | None:
    """The page before (``by`` -1) or after (+1) the one shown, if there is one."""
    if page is None or not 1 <= page + by <= page_count(hands):
        return None
    return page_link(page + by, hands)


class _KeptFor:
    """Values made from an object, kept while this holds that object.

    The engine's sheets share a recorded hand's row (a dict) from one replay
    to the next (:meth:`Replay.after`), and never change it; any edit, undo
    or rename replays the game afresh, into new rows.  So what is made from
    a row can be kept for as long as that very row is: the entry holds the
    row, so its ``id`` cannot be another's while the entry lives.
    """

    def __init__(self, size: int) -> None:
        self._kept: ChangeCache[tuple[Any, Any]] = ChangeCache(size=size)

    def get(self, source: Any, extra: Any) -> Any:
        found = self._kept.get((id(source), extra))
        return found[1] if found is not None and found[0] is source else None

    def put(self, source: Any, extra: Any, value: Any) -> None:
        self._kept.put((id(source), extra), (source, value))


#: a few long games' rows, kept as views and as drawn HTML
_rows = _KeptFor(size=4096)
_lines = _KeptFor(size=4096)


def _kept_row(hand: SheetRow, names: list[str], sheet: Sheet, declared: Boards | None = None,
              own: tuple[Extra, ...] = ()) -> Row:
    """The hand's Row, made once per engine row (and language: its words are the page's)."""
    number = hand["number"]
    extra = (tuple(names), tuple(name for name in names if sheet["eliminated"].get(name) == number), declared, own,
             str(get_locale()))
    row = _rows.get(hand, extra)
    if row is None:
        row = _row(hand, names, sheet, declared, own)
        _rows.put(hand, extra, row)
    return row  # type: ignore[no-any-return]


@dataclass(frozen=True)
class DrawnRow:
    line: Markup  # the hand's row of the sheet
    why: Markup  # its notes: why each score is what it is


def drawn_rows(view: SheetView, game_id: int, read_only: bool = False) -> list[DrawnRow]:
    """The view's rows as HTML (``games/_rows.html``), each drawn once per Row.

    A sheet with one more hand draws that hand's row; the rest were drawn
    before.  The links in a row depend on the game, whether the page can
    change it, the script root the app is served under, and the page's language.
    """
    # The template's macros, as attributes Jinja makes when it runs the template.
    macros: Any = current_app.jinja_env.get_template("games/_rows.html").module
    extra = (game_id, bool(read_only), request.script_root, view.out_verb, str(get_locale()))
    drawn = []
    for row in view.rows:
        found = _lines.get(row, extra)
        if found is None:
            found = DrawnRow(macros.line(row, view.out_verb), macros.why(row, game_id, read_only))
            _lines.put(row, extra, found)
        drawn.append(found)
    return drawn


def _row(hand: SheetRow, names: list[str], sheet: Sheet, declared: Boards | None = None,
         own: tuple[Extra, ...] = ()) -> Row:
    boards = _boards(sheet, declared)
    row: Mapping[str, Any] = hand
    if boards and declared:
        # Several games at once: each game's running totals, the hand's score
        # shown in the games it was entered in.
        entered = set(row.get(declared.entered_key) or ())
        running = row.get(declared.totals_key) or {}
        cells = [
            Cell(
                score=hand["scores"][name] if title in entered else 0,
                total=running.get(title, {}).get(name, 0),
                out=hand["out"] == name,
                total_text=number(running.get(title, {}).get(name, 0)),
                gain_text=signed(hand["scores"][name]) if title in entered else "",
            )
            for title in boards for name in names
        ]
    else:
        side_players = sheet.get("side_players") or {}
        cells = [
            Cell(
                score=hand["scores"][name],
                total=hand["totals"][name],
                out=hand["out"] == name or hand["out"] in side_players.get(name, ()),
                eliminated=sheet["eliminated"].get(name) == hand["number"],
                total_text=number(hand["totals"][name]),
                gain_text=signed(hand["scores"][name]),
            )
            for name in names
        ]
    # The game's own values in each column's cell, then its own columns: what the hand's row holds, as text.
    for extra in own:
        if extra.where == "cell":
            values = row.get(extra.key) or {}
            for name, cell in zip(names, cells, strict=False):
                cell.own_text = extra_text(values.get(name)) if isinstance(values, Mapping) else ""
    cells += [Cell(score=None, total=None, total_text=extra_text(row.get(extra.key)))
              for extra in own if extra.where == "row"]
    details = []
    for name, detail in hand["details"].items():
        # The notes already give each value; details add how cards were melded.
        parts = []
        if detail.get("melds"):
            parts.append(_("melds %(melds)s", melds=", ".join(detail["melds"])))
        if detail.get("unmatched"):
            parts.append(_("unmatched %(cards)s", cards=detail["unmatched"]))
        if detail.get("laid_off"):
            parts.append(_("laid off %(cards)s", cards=" ".join(detail["laid_off"])))
        if parts:
            details.append(f"{name} ({number(detail.get('value'))}): " + "; ".join(parts))
    gains = [f"{name} {signed(score)}" for name, score in hand["scores"].items() if score]
    summary = ", ".join(gains) if gains else _("no score")
    return Row(hand["number"], hand["dealer"], summary, cells, written(hand["notes"], hand.get("note_keys")), details)


def _board_state(board: Mapping[str, Any]) -> str:
    """How one game of several stands: open, or closed and won by whom."""
    if board.get("open"):
        return _p("one game of several", "open")
    return _("%(winner)s won", winner=board["winner"]) if board.get("winner") else _p("one game of several", "closed")


def _limit(sheet: Sheet) -> int | None:
    """The line totals play to or out at (the engine's ``guide.limit``), if any."""
    limit = sheet["guide"]["limit"]
    return int(limit["value"]) if limit else None


def _progress(total: Any, limit: int | None) -> int | None:
    """The percent of the way to the limit, 0 to 100: a total past either end is at that end.

    Divided as Python numbers, not floats, so an int total of any size has
    a place; one whose share is too large even for that is past the end.
    """
    if not limit:
        return None
    try:
        percent = round(100 * total / limit)
    except OverflowError:  # one of them has hundreds of digits
        percent = 0 if abs(total) < abs(limit) else 100 if (total > 0) == (limit > 0) else 0
    except (TypeError, ValueError):  # not a number (NaN): no place on the line
        return None
    return max(0, min(100, percent))


def _banner(sheet: Sheet) -> str:
    if not sheet["finished"]:
        return ""
    winners = sheet["winners"]
    if not winners:
        return _("Game over: no hands were played.")
    agreed = bool(sheet.get("ended_by_agreement"))
    if len(winners) == 1:
        if len((sheet.get("side_players") or {}).get(winners[0], ())) > 1:  # partners: "Ann & Cara win"
            if agreed:
                return _("%(side)s win by agreement!", side=winners[0])
            return _("%(side)s win!", side=winners[0])
        if agreed:
            return _("%(winner)s wins by agreement!", winner=winners[0])
        return _("%(winner)s wins!", winner=winners[0])
    if agreed:
        return _("%(winners)s share the win by agreement!", winners=_and(winners))
    return _("%(winners)s share the win!", winners=_and(winners))


def _and(words: list[str]) -> str:
    """``Ann and Bob``: names in one phrase."""
    phrase = words[0]
    for word in words[1:]:
        phrase = _("%(some)s and %(last)s", some=phrase, last=word)
    return phrase


#: how the change log writes a stored entry it cannot read (a seat that is not
#: at the table, a list where an entry belongs): the line stays, the page stands
UNREADABLE_ENTRY = _l("(an entry that cannot be read)")


def change_lines(game: Game) -> list[str]:
    """The game's change log, newest first, a line per change; no stored change can fail it."""
    names = game.names
    sides = game.side_names(names)
    rules = catalogue_by_key()[game.variant]["entry"]  # built once, not once per page
    changes = list(reversed(game.changes))
    scored = changed_scores(game, changes, sides)
    return [_change_line(change, names, rules, sides, scored.get(id(change), ("", "")))
            + (f" ({_by(change.via)})" if _by(change.via) else "")
            for change in changes]


#: who made a change that the game's owner did not (a row's ``via``), as the change log says it
VIA_WORDS = {"keeper": _l("from a keeper link")}


def _by(via: str | None) -> str:
    return str(VIA_WORDS.get(via or "", ""))


def _when(at: datetime | None) -> str:
    """``Sep 3, 14:05``: the day and the time (24-hour, as a card table keeps it) in the page's
    language's own order and words (CLDR's ``MMMd`` and ``Hm``, joined by its short date-time pattern)."""
    if not at:
        return _("(no date)")
    local, locale = to_user_timezone(at), get_locale() or Locale.parse(DEFAULT)
    day, time = format_skeleton("MMMd", local, locale=locale), format_skeleton("Hm", local, locale=locale)
    return str(locale.datetime_formats["short"]).replace("{1}", day).replace("{0}", time)


def _change_line(change: Change, names: list[str], rules: Mapping[str, Any], sides: list[str] | None,
                 scores: tuple[str, str] = ("", "")) -> str:
    when = _when(change.at)
    if change.action == "end":
        if change.hand_number:
            return _("%(when)s: game ended by agreement after hand %(number)s", when=when, number=change.hand_number)
        return _("%(when)s: game ended by agreement", when=when)
    hand = _("hand %(number)s", number=change.hand_number) if change.hand_number is not None else _("a hand")
    before = readable_entry(change.before, names, rules, sides) + (f" ({scores[0]})" if scores[0] else "")
    if change.action == "undo":
        return _("%(when)s: %(hand)s undone (was: %(before)s)", when=when, hand=hand, before=before)
    after = readable_entry(change.after, names, rules, sides) + (f" ({scores[1]})" if scores[1] else "")
    if change.action == "record":
        return _("%(when)s: %(hand)s recorded: %(entry)s", when=when, hand=hand,
                 entry=readable_entry(change.after, names, rules, sides))
    return _("%(when)s: %(hand)s changed from %(before)s to %(after)s", when=when, hand=hand, before=before,
             after=after)


def changed_scores(game: Game, changes: list[Change], sides: list[str] | None) -> dict[int, tuple[str, str]]:
    """What each correction or undo changed the hand's score from and to (``"Ann +17"``), by the
    change's ``id()``: the entry before and after, each played after the hands before it as
    they stand now.  One replay up to the latest hand changed; a change whose entries no longer
    play there (a stored oddity, a game since corrected before it) gets no score, only its entries.
    """
    wanted = sorted({c.hand_number for c in changes if c.action in ("edit", "undo") and c.hand_number})
    if not wanted:
        return {}
    names = game.names
    found: dict[int, tuple[str, str]] = {}
    try:
        log = game.log()
        played = Replay({**log, "hands": []})
        hands = log["hands"]
        for number in wanted:
            while played.hands_played < number - 1 and played.hands_played < len(hands):
                played.play(hands[played.hands_played])
            if played.hands_played != number - 1:
                break
            for change in (c for c in changes if c.hand_number == number):
                found[id(change)] = (_scored(played, change.before, names, sides),
                                     _scored(played, change.after, names, sides) if change.action == "edit" else "")
    except (InvalidEntry, AttributeError, LookupError, TypeError, ValueError):
        pass
    return found


def _scored(played: Replay, stored: Any, names: list[str], sides: list[str] | None) -> str:
    """A stored entry's score as the hand after ``played``: ``Ann +17, Bob -5``, or ``""``."""
    if not isinstance(stored, dict):
        return ""
    try:
        row = played.after(entry_for_engine(stored, names, sides)).sheet()["hands"][-1]
    except (InvalidEntry, AttributeError, LookupError, TypeError, ValueError):
        return ""
    gains = [f"{name} {signed(score)}" for name, score in row["scores"].items() if score]
    return ", ".join(gains) if gains else _("no score")


def readable_entry(stored: Any, names: list[str], rules: Mapping[str, Any], sides: list[str] | None = None) -> str:
    """A stored entry (by seats) in a few words; :data:`UNREADABLE_ENTRY` when it cannot be read.

    The change log keeps entries as they were stored, by releases before
    this one or by a hand restored from a file: whatever JSON is there, the
    line says so instead of failing the page.  ``rules`` is the variant's
    declared entry (the catalogue's ``entry``).
    """
    if not stored:
        return ""
    if not isinstance(stored, dict):
        return str(UNREADABLE_ENTRY)
    try:
        return describe_entry(entry_with_names(stored, names, sides), rules)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return str(UNREADABLE_ENTRY)


def describe_entry(entry: dict[str, Any], rules: Mapping[str, Any]) -> str:
    """An entry in a few words, from the variant's declarations: ``Ann out; rummy; Bob KH 5D AS; Cara 7``."""
    parts = []
    ending = declared_match(entry, rules["endings"], "entry")
    if ending is not None:
        parts.append(ending["label"].lower())
    elif entry.get("out") is None:
        parts.append(_("nobody went out"))
    else:
        parts.append(_("%(name)s out", name=entry["out"]))
    for choice in rules["choices"]:
        given = entry.get(choice["key"])
        if not given:
            continue
        if choice["kind"] == "flag":
            parts.append(choice["key"].replace("_", " "))
        elif choice["kind"] == "players":
            parts.append(f"{choice['key'].replace('_', ' ')} {', '.join(map(str, given))}")
        else:
            parts.append(f"{choice['key'].replace('_', ' ')} {given}")
    for name, given in (entry.get("sides") or {}).items():
        shown = [_side_value(f, given[f["key"]]) for f in rules.get("side_fields") or ()
                 if isinstance(given, dict) and given.get(f["key"]) not in (None, "", False, [])]
        parts.append(f"{name} {', '.join(shown) or _nothing()}")
    for name, given in (entry.get("hands") or {}).items():
        parts.append(f"{name} {_describe_input(given, rules)}")
    return "; ".join(parts)


def _nothing() -> str:
    """What a player or a side gave in a hand where they gave nothing."""
    return _("nothing")


def _side_value(spec: Mapping[str, Any], value: Any) -> str:
    """A side's field as the hand's line says it: ``meld points 270``, ``open aces``, ``wild canasta 2s``."""
    label = str(spec["label"]).lower()
    if spec["kind"] == "flag":
        return label
    if spec["kind"] == "tally" and isinstance(value, list):
        names = {one["value"]: one["label"] for one in spec["among"]}
        return f"{label} {', '.join(names.get(str(one), str(one)) for one in value)}"
    return f"{label} {value}"


def _describe_input(given: dict[str, Any], rules: Mapping[str, Any]) -> str:
    status = declared_match(given, rules["statuses"], "input")
    if status is not None:
        return status["label"].lower()
    shown = [(f, given[f["key"]]) for f in rules["fields"] if given.get(f["key"]) not in (None, "")]
    if not shown:
        return _nothing()
    if len(shown) == 1 and shown[0][0]["pair"]:
        return str(shown[0][1])  # a count or the cards: the value says which
    return ", ".join(f"{f['label'].split(' (')[0].lower()} {value}" for f, value in shown)
