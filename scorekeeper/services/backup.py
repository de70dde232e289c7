"""Taking an account's games out and bringing them back, exactly.

A game's export is its engine log (SCORING.md section 3) plus what the
log alone does not say: the game's ``uid``, its timestamps, each hand's
times and the change log.  An account backup is its roster and every
game's export.  Importing replays every game with the engine before
anything is written, and writes a whole file in one commit: a bad file
changes nothing.  A game whose ``uid`` the account already has is skipped,
so the same backup imported twice adds its games once.
"""

from __future__ import annotations

import csv
import io
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from jsonschema import Draft202012Validator, ValidationError, validators
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from .. import schema_words, stats
from ..engine import InvalidEntry, game_name, replay, side_name, variants
from ..engine.bounds import check_name, name_key, quoted, shown, text_problem
from ..engine.declare import Note
from ..extensions import db
from ..note_language import in_language, refused
from ..models import (
    Account,
    Change,
    Game,
    GameType,
    HandEntry,
    Player,
    Seat,
    entry_with_names,
    entry_with_seats,
    utcnow,
)
from ..sheet_cache import sheet_of
from .errors import ServiceError
from .game_types import MAX_GAME_TYPES, definition, game_types
from .keeping import KEEPER
from .games import summary_of

GAME_FORMAT = "scorekeeper-game"
BACKUP_FORMAT = "scorekeeper-backup"
VERSION = 1


class BadImport(ServiceError):
    """A file that cannot be imported; the message names what is wrong and where."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "file")


@dataclass
class ImportResult:
    created: list[Game] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # uids the account already had
    types_created: list[GameType] = field(default_factory=list)
    types_skipped: list[str] = field(default_factory=list)  # names of own games the account already had

    def said(self, *, always_skipped: bool = False, there: str = "here") -> str:
        """``Imported 2 games and 1 game of your own; skipped 1 already here.``

        Each part between semicolons is a message of its own (a translator
        reorders within it); ``there``: "here" or "there"."""
        created, kept = len(self.created), len(self.types_created)
        games = ngettext("%(num)d game", "%(num)d games", created)
        if self.types_created:
            parts = [_("Imported %(games)s and %(own)s", games=games,
                       own=ngettext("%(num)d game of your own", "%(num)d games of your own", kept))]
        else:
            parts = [_("Imported %(games)s", games=games)]
        if self.skipped or always_skipped:
            skipped = len(self.skipped)
            parts.append(_("skipped %(count)s already there", count=skipped) if there == "there"
                         else _("skipped %(count)s already here", count=skipped))
        if self.types_skipped:
            parts.append(_("kept your own %(names)s as it was", names=", ".join(self.types_skipped)))
        return "; ".join(parts) + "."


# -- export --------------------------------------------------------------------


def export_game(game: Game) -> dict[str, Any]:
    """The game as its engine log plus uid, timestamps, hand times and change log."""
    names = game.names
    sides = game.side_names(names)
    return {
        "format": GAME_FORMAT,
        "version": VERSION,
        "uid": game.uid,
        **game.log(),
        "created_at": _time(game.created_at),
        "updated_at": _time(game.updated_at),
        "hand_times": [
            {"created_at": _time(hand.created_at), "updated_at": _time(hand.updated_at),
             **({"via": hand.via} if hand.via in VIAS else {})} for hand in game.hands
        ],
        "changes": [
            {
                "at": _time(change.at),
                "action": change.action,
                "hand": change.hand_number,
                "before": _logged(change.before, names, sides),
                "after": _logged(change.after, names, sides),
                **({"via": change.via} if change.via in VIAS else {}),
            }
            for change in game.changes
        ],
    }


def _logged(entry: Any, names: list[str], sides: list[str] | None) -> dict[str, Any] | None:
    """A change log's entry with names; one stored before imports were checked that
    names no seat of the game (or is no entry) is left out rather than breaking the export."""
    if entry is None:
        return None
    try:
        return entry_with_names(entry, names, sides)
    except (LookupError, TypeError, ValueError, AttributeError):
        return None


def export_account(account: Account) -> dict[str, Any]:
    """Every player, own game (game type) and game of the account, oldest game first."""
    games = db.session.scalars(
        select(Game).where(Game.account_id == account.id).order_by(Game.created_at, Game.id)
    ).all()
    return {
        "format": BACKUP_FORMAT,
        "version": VERSION,
        "exported_at": _time(utcnow()),
        "players": [player.name for player in account.players],
        "game_types": [export_game_type(kept) for kept in game_types(account)],
        "games": [export_game(game) for game in games],
    }


def export_game_type(kept: GameType) -> dict[str, Any]:
    """One of the account's own games: its variant and whole definition (its name is in it)."""
    return {"variant": kept.variant, "options": dict(kept.options), "created_at": _time(kept.created_at),
            "updated_at": _time(kept.updated_at)}


def export_csv(game: Game) -> str:
    """The sheet as a spreadsheet opens it: per hand each column's score and running total (a column a
    player, or a side in a game scored by sides).

    Text that a spreadsheet would take for a formula (a name such as
    ``=HYPERLINK(...)``) is written as text, as OWASP recommends (see
    :func:`_cell`); scores stay numbers.
    """
    sheet = sheet_of(game)
    columns = sheet.get("sides") or sheet["players"]  # its sides, where the sheet is scored by side
    out = io.StringIO()
    writer = _SafeWriter(csv.writer(out))
    writer.writerow(["Hand", "Dealer", *[f"{name}{suffix}" for name in columns for suffix in ("", " total")],
                     "Notes"])
    for hand in sheet["hands"]:
        cells = [cell for name in columns for cell in (hand["scores"][name], hand["totals"][name])]
        writer.writerow([hand["number"], hand.get("dealer") or "", *cells, " ".join(hand.get("notes", []))])
    writer.writerow(["Total", "", *[cell for name in columns for cell in ("", sheet["totals"][name])], ""])
    # The settlement the variant declares (Gin's line, boxes, bonuses, grand total and net; each
    # of Hollywood's games), a line each, its value under each player's total.
    for part in sheet.get("settlement") or []:
        if part["title"]:
            writer.writerow([part["title"]])
        for line in part["lines"]:
            values = line["values"]
            writer.writerow([line["label"], "", *[cell for name in columns for cell in ("", values.get(name, ""))],
                             ""])
    if sheet["winners"]:
        writer.writerow(["Winner" if len(sheet["winners"]) == 1 else "Winners", " and ".join(sheet["winners"])])
    return out.getvalue()


#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _cell(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs: text starting like a formula gets a leading ``'``.

    >>> print(_cell('=HYPERLINK("http://x")'), _cell("-5"), _cell(-5), _cell("Ann"))
    '=HYPERLINK("http://x") '-5 -5 Ann
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


class _SafeWriter:
    """A csv writer whose every text cell goes through :func:`_cell`."""

    def __init__(self, writer: Any) -> None:
        self._writer = writer

    def writerow(self, row: list[Any]) -> None:
        self._writer.writerow([_cell(value) for value in row])


def _time(value: datetime) -> str:
    return value.isoformat()


# -- import --------------------------------------------------------------------
#
# A file is checked in three steps, each naming where its first fault is: its
# text (every string a page can show, nothing nested past any export), its
# shape against the published schema (schemas/export.schema.json, by
# ``jsonschema``; a JSON path such as ``games/0/players/1``), then what a
# schema cannot say (a hand names only the game's players, the hands of the
# whole file) and the engine's rules, replaying every game (``game 3 ("Gin
# Rummy", Ann v Bob): hand 2, Bob: ...``).  Nothing is written before all pass.

#: a file larger than this is refused before it is parsed (a backup of years of games is a few MB)
MAX_IMPORT_BYTES = 20 * 1024 * 1024
#: hands in all of a file's games together (the schema bounds the games, each game's hands, the roster)
MAX_IMPORT_HANDS = 100_000
#: brackets nested deeper than any export holds
MAX_DEPTH = 12
#: who made a hand or a change other than the game's owner (a row's ``via``): a keeper link
VIAS = (KEEPER,)


@cache
def schema_text() -> str:
    """The export format as a JSON Schema (Draft 2020-12): the file the app serves at /schemas/export.json."""
    return resources.files("scorekeeper").joinpath("schemas", "export.schema.json").read_text("utf-8")


def export_schema() -> dict[str, Any]:
    """The export format's schema, parsed (a fresh copy each call)."""
    return json.loads(schema_text())  # type: ignore[no-any-return]


#: JSON Schema with whole numbers as Python reads them: 3.0 and 1e3 are not counts
_Validator = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool)))


@cache
def _validator() -> Any:
    """The schema's validator, but that it leaves a game's hands to the engine, which replays
    every one and names the hand and player at fault (and a backup's hundred thousand hands
    are not walked twice: the walk took 3 seconds)."""
    schema = export_schema()
    del schema["$defs"]["game"]["properties"]["hands"]["items"]
    return _Validator(schema)


def import_game(account: Account, data: Any) -> ImportResult:
    """Import one exported game (``data`` parsed from JSON)."""
    _check_file(data, GAME_FORMAT)
    return _import(account, [], [_checked_game(data, "", "")])


def import_backup(account: Account, data: Any) -> ImportResult:
    """Import an account backup: its players and every game it holds."""
    _check_file(data, BACKUP_FORMAT)
    players = data["players"]
    for index, name in enumerate(players):
        try:
            check_name(name, where=f"players/{index}")  # the engine's rule: more than invisible characters
        except InvalidEntry as error:
            raise BadImport(f"{refused(error)}.") from None  # the engine's own message
    _when(data.get("exported_at"), "", "exported_at")
    types = _checked_types(data.get("game_types") or [])
    games = data["games"]
    total = sum(len(game["hands"]) for game in games)
    if total > MAX_IMPORT_HANDS:
        raise BadImport(_("this file holds %(total)s hands; one file holds at most %(most)s. "
                          "Split it into several files.", total=total, most=MAX_IMPORT_HANDS))
    checked = []
    for index, game in enumerate(games):
        checked.append(_checked_game(game, _game_place(index + 1, game), f"games/{index}/"))
        time.sleep(0)  # a long file lets the process's other requests in between its games
    return _import(account, players, checked, types)


def _checked_types(kept: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A backup's own games, each definition checked by the engine: rows ready to write."""
    rows: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for number, data in enumerate(kept, 1):
        place = _("own game %(number)s: ", number=number)
        variant = data["variant"]
        try:
            defined = definition(variant, data["options"])
        except InvalidEntry as error:
            raise BadImport(f"{place}{refused(error)}") from None
        except ServiceError as error:
            raise BadImport(f"{place}{error.message}") from None
        name = game_name(variant, defined)
        if name_key(name) in seen:
            raise BadImport(_("%(place)s%(name)s is named twice; each game of your own has its own name.",
                              place=place, name=quoted(name)))
        seen[name_key(name)] = name
        created = _when(data.get("created_at"), place, "created_at") or utcnow()
        rows.append({"variant": variant, "name": name, "options": defined, "created_at": created,
                     "updated_at": _when(data.get("updated_at"), place, "updated_at") or created})
    return rows


#: what import takes, said whenever a file given to it is something else
IMPORT_TAKES = _l("import takes the JSON file of one game (the JSON link under its sheet) "
                  "or of a whole backup (Download every game, on the Backup page).")


def import_file(account: Account, text: str | bytes, *, name: str = "") -> ImportResult:
    """A game or a backup file, whichever it is; ``name``: the file's name, as the phone gave it."""
    if len(text) > MAX_IMPORT_BYTES:
        raise BadImport(_("This file is larger than any Scorekeeper backup should be (%(size)s MB).",
                          size=MAX_IMPORT_BYTES // (1024 * 1024)))
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadImport(_not_json(text, name, error)) from None
    except RecursionError:  # brackets nested deeper than any export
        raise BadImport(_("This file is not a Scorekeeper export (it nests too deeply); choose an export.")) from None
    if isinstance(data, dict) and data.get("format") == BACKUP_FORMAT:
        return import_backup(account, data)
    return import_game(account, data)


def _not_json(text: str | bytes, name: str, error: ValueError) -> str:
    """What to say of a file that is not JSON: a sheet exported as CSV (for a spreadsheet, never read
    back) is told so; a JSON file cut short says where it breaks; and each is told what import takes."""
    start = text[:64].decode("utf-8", "replace") if isinstance(text, bytes) else text[:64]
    if name.lower().endswith(".csv") or start.lstrip("\ufeff").startswith("Hand,Dealer,"):
        return _("This file is a CSV sheet, made for spreadsheets, and cannot be read back: %(takes)s",
                 takes=IMPORT_TAKES)
    if isinstance(error, json.JSONDecodeError) and start.lstrip().startswith(("{", "[")):
        return _("This file is not JSON: it breaks at line %(line)s, column %(column)s. "
                 "It may be cut short; %(takes)s", line=error.lineno, column=error.colno, takes=IMPORT_TAKES)
    return _("This file is not JSON, so not a Scorekeeper export: %(takes)s", takes=IMPORT_TAKES)


@dataclass
class _Checked:
    """One game of a file, replayed and found good: ready to write."""

    data: dict[str, Any]
    log: dict[str, Any]
    sheet: dict[str, Any]
    hand_times: list[tuple[datetime, datetime, str | None]]
    changes: list[dict[str, Any]]


def _check_file(data: Any, expected: str) -> None:
    """Which file it is, then its text, then its shape: the first fault the schema finds, by its place."""
    _check_header(data, expected)
    _check_text(data)
    faults = sorted(_validator().iter_errors(data), key=lambda fault: list(fault.absolute_path))
    if faults:
        raise BadImport(f"{_said(schema_words.nearest(faults[0]))}.")


def _said(fault: ValidationError) -> str:
    """A schema's refusal as a person reads it: ``games/0/players/1: 7 is not a text``.

    An unknown field is said in the file's own words; the rest as
    :mod:`~scorekeeper.schema_words` says a schema's refusal, in the reader's
    language, a value quoted cut short (a message never repeats a megabyte).
    """
    where = schema_words.place(fault) or _("the file")
    value: Any = fault.instance
    schema: Any = fault.schema
    if fault.validator == "additionalProperties":
        unknown = sorted(set(value) - set(schema.get("properties", {})))
        return ngettext("%(where)s: %(keys)s is not part of a Scorekeeper export",
                        "%(where)s: %(keys)s are not part of a Scorekeeper export", len(unknown),
                        where=where, keys=schema_words.every([shown(key) for key in unknown[:3]]))
    return _("%(where)s: %(problem)s", where=where, problem=schema_words.said(fault))


def _check_header(data: Any, expected: str) -> None:
    if not isinstance(data, dict):
        raise BadImport(_("This file is not a Scorekeeper export: it holds no game or backup."))
    found = data.get("format")
    if found not in (GAME_FORMAT, BACKUP_FORMAT):
        raise BadImport(_('This file is not a Scorekeeper export (format %(found)s; '
                          'expected "%(game)s" or "%(backup)s").', found=shown(found), game=GAME_FORMAT,
                          backup=BACKUP_FORMAT))
    if found != expected:
        raise BadImport(_("This file is a %(found)s, not a %(expected)s.", found=found, expected=expected))
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise BadImport(_("This file is version %(found)s; this Scorekeeper reads version %(version)s.",
                          found=shown(version), version=VERSION))


def _check_text(data: Any) -> None:
    """Every string of the file (keys too) is text a page can show, and nothing nests too deep.

    A schema cannot say it of the parts the engine reads (options, entries),
    and no pattern says "a control character or a lone surrogate" the same
    way in every language.  The message says where: ``games/3/hands/2/hands/Bob/cards``.
    """
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise BadImport(_("%(where)s nests deeper than any Scorekeeper export.", where=_path(path)))
        if isinstance(value, str):
            _text_ok(value, path)
        elif isinstance(value, dict):
            for key in value:
                _text_ok(key, (*path, key))
            # Pushed last first, so the walk (and the first fault it names) follows the file's order.
            stack.extend(((item, (*path, key)) for key, item in reversed(value.items())))
        elif isinstance(value, list):
            stack.extend((value[index], (*path, index)) for index in range(len(value) - 1, -1, -1))


def _text_ok(text: str, path: tuple[Any, ...]) -> None:
    problem = text_problem(text)
    if problem:
        raise BadImport(_("%(where)s: the text %(problem)s.", where=_path(path), problem=in_language(problem)))


def _path(path: tuple[Any, ...]) -> str:
    return "/".join(_cut(str(part), 40) for part in path) or _("the file")


def _unknown_keys(data: dict[str, Any], known: set[str], place: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise BadImport(ngettext("%(place)s%(keys)s is not part of a Scorekeeper export.",
                                 "%(place)s%(keys)s are not part of a Scorekeeper export.", len(unknown),
                                 place=place, keys=", ".join(shown(key) for key in unknown[:3])))


@cache
def _catalogue() -> dict[str, dict[str, Any]]:
    """The engine's catalogue by key, built once: a backup asks it for each of its games."""
    return {variant["key"]: variant for variant in variants()}


def _game_place(number: int, game: dict[str, Any]) -> str:
    """``game 3 ("Gin Rummy", Ann v Bob): `` -- where in a backup the engine's message points."""
    who = " v ".join(game["players"][:12])
    known = _catalogue().get(game["variant"])
    variant = _cut(game_name(known["key"], game.get("options") or {}), 40) if known else _cut(game["variant"], 20)
    return _('game %(number)s ("%(variant)s", %(players)s): ', number=number, variant=variant, players=who)


def _when(value: Any, place: str, name: str) -> datetime | None:
    """A time as an export writes it (ISO 8601; one with an offset is taken as UTC)."""
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise BadImport(_('%(place)s"%(name)s" is not a date and time: %(value)s.', place=place, name=name,
                          value=shown(value))) from None
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return when.replace(tzinfo=None)


def _checked_game(data: dict[str, Any], place: str, path: str) -> _Checked:
    """A game the schema passed, replayed by the engine and its change log checked against its
    players, or :class:`BadImport` saying what and where (``place`` for the engine's messages,
    ``path`` for the file's)."""
    variant = data["variant"]
    if variant not in _catalogue():
        raise BadImport(_("%(place)s%(variant)s is not a variant this Scorekeeper knows.", place=place,
                          variant=quoted(variant)))
    players, hands = data["players"], data["hands"]
    log = {
        "variant": variant,
        "players": players,
        "options": data.get("options") or {},
        "first_dealer": data.get("first_dealer") or (players or [None])[0],
        "hands": hands,
        "ended": bool(data.get("ended")),
    }
    if data.get("sides") is not None:  # the engine checks the partnerships as it checks the rest
        log["sides"] = data["sides"]
    try:
        sheet = replay(log)
    except InvalidEntry as error:
        raise BadImport(f"{place}{refused(error)}") from None
    created = _when(data.get("created_at"), place, "created_at")
    _when(data.get("updated_at"), place, "updated_at")
    times = data.get("hand_times") or []
    if len(times) > len(hands):
        raise BadImport(_("%(path)shand_times: %(times)s pairs of times for %(hands)s hands.", path=path,
                          times=len(times), hands=len(hands)))
    hand_times = []
    for number, stamp in enumerate(times, 1):
        made = _when(stamp.get("created_at"), place, f"hand {number} created_at") or created or utcnow()
        hand_times.append((made, _when(stamp.get("updated_at"), place, f"hand {number} updated_at") or made,
                           stamp.get("via")))
    changes = data.get("changes") or []
    rules = _catalogue()[variant]["entry"]
    table = _Table(players, sheet.get("sides") or players)
    for index, change in enumerate(changes):
        _when(change.get("at"), f"{path}changes/{index}: ", "at")
        for when in ("before", "after"):
            if change.get(when) is not None:
                _check_logged_entry(change[when], f"{path}changes/{index}/{when}", table, rules)
    return _Checked(data, log, sheet, hand_times, changes)


@dataclass(frozen=True)
class _Table:
    """Who an entry of a game may name: its players, and its sides (the players where it has none)."""

    players: list[str]
    sides: list[str]


def _check_logged_entry(entry: dict[str, Any], where: str, table: _Table, rules: dict[str, Any]) -> None:
    """An entry of the change log past its shape: the variant's keys and inputs, naming only the
    game's players and sides.

    (Whether it scored then depends on the hands before it at the time, so
    its shape and values are checked, not its rules.)
    """
    _unknown_keys(entry, {"out", "hands", *rules["keys"]}, f"{where}: ")
    if rules.get("games_at_once", 1) > 1:  # a hand of several games at once: each game an entry of its own
        one_game = {**rules, "keys": [], "games_at_once": 1}
        for number, one in enumerate(entry.get("games") or ()):
            if isinstance(one, dict):
                _check_logged_entry(one, f"{where}/games/{number}", table, one_game)
        return
    named = [entry.get("out"), *entry.get("hands", {}),
             *(name for key in rules["keys"] if isinstance(entry.get(key), list) for name in entry[key])]
    for name in named:
        if name is not None and name not in table.players:
            raise BadImport(in_language(Note("errors.where", where=where,
                                             message=Note("errors.refuse.not_a_player", name=quoted(name)))))
    # The lowest number a declared field takes (a house game's points go below 0).
    low = min(0, *(spec["minimum"] for spec in rules["fields"] if spec["minimum"] is not None))
    for name, given in entry.get("hands", {}).items():
        _unknown_keys(given, set(rules["inputs"]), f"{where}/hands/{name}: ")
        for key, value in given.items():
            if isinstance(value, int) and value < low:
                raise BadImport(_("%(where)s: %(value)s is below %(least)s, the least it takes.",
                                  where=f"{where}/hands/{name}/{key}", value=shown(value), least=low))
    side_keys = {spec["key"] for spec in rules.get("side_fields") or ()}
    for side, given in entry.get("sides", {}).items():
        if side not in table.sides:
            raise BadImport(in_language(Note("errors.where", where=where, message=Note(
                "errors.refuse.not_a_side", name=quoted(side), sides=list(table.sides)))))
        _unknown_keys(given, side_keys, f"{where}/sides/{side}: ")


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _import(account: Account, roster: list[str], games: list[_Checked],
            types: list[dict[str, Any]] | None = None) -> ImportResult:
    """Write every checked game (and own game) the account lacks, in one commit.

    An own game whose name the account already has (but for letter case or
    spaces) is skipped: the account's own definition stays.

    A name the account's roster already has but for letter case or spaces
    ("ann" for Ann) is that player; the game is then scored under the
    roster's spelling.
    """
    result = ImportResult()
    have = set(db.session.scalars(select(Game.uid).where(Game.account_id == account.id)))
    exact: dict[str, Player] = {}
    alike: dict[str, Player] = {}
    for known in db.session.scalars(select(Player).where(Player.account_id == account.id)):
        exact[known.name] = known
        alike.setdefault(name_key(known.name), known)

    def player(name: str) -> Player:
        found = exact.get(name) or alike.get(name_key(name))
        if found is None:
            found = exact[name] = alike[name_key(name)] = Player(account_id=account.id, name=name)
            db.session.add(found)
        return found

    sheets: list[tuple[Game, dict[str, Any]]] = []
    rows: list[tuple[Game, list[dict[str, Any]], list[dict[str, Any]]]] = []
    try:
        _add_types(account, types or [], result)
        for name in roster:
            player(name)
        for checked in games:
            uid = checked.data["uid"]
            if uid in have:
                result.skipped.append(uid)
                continue
            have.add(uid)
            seated = [player(name) for name in checked.log["players"]]
            checked = _as_seated(checked, [p.name for p in seated])
            game, hands, changes = _game_rows(account, checked, seated)
            db.session.add(game)
            result.created.append(game)
            sheets.append((game, checked.sheet))
            rows.append((game, hands, changes))
        db.session.flush()  # the games' ids, for their hands, changes and statistics rows
        _write_many(HandEntry, [{**hand, "game_id": game.id} for game, hands, _ in rows for hand in hands])
        _write_many(Change, [{**change, "game_id": game.id} for game, _, changes in rows for change in changes])
        stats.store_results(sheets)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise BadImport(_("Another import of these games ran at the same time; nothing was imported. "
                          "Try again.")) from None
    except Exception:
        db.session.rollback()
        raise
    return result


def _add_types(account: Account, types: list[dict[str, Any]], result: ImportResult) -> None:
    kept = {name_key(found.name) for found in game_types(account)}
    for row in types:
        if name_key(row["name"]) in kept:
            result.types_skipped.append(row["name"])
            continue
        result.types_created.append(GameType(account_id=account.id, **row))
    if len(kept) + len(result.types_created) > MAX_GAME_TYPES:
        raise BadImport(_("with this backup's, the account would keep %(count)s games of its own; "
                          "it keeps at most %(most)s. Delete some first.",
                          count=len(kept) + len(result.types_created), most=MAX_GAME_TYPES))
    db.session.add_all(result.types_created)


def _write_many(model: Any, rows: list[dict[str, Any]]) -> None:
    """Rows in multi-row INSERTs of the table itself: a backup's hundred thousand hands
    are written in about a second, where one ORM object each took ten (and, on SQLite,
    held the one write lock that long)."""
    if rows:
        db.session.execute(insert(model.__table__), rows)


def _as_seated(checked: _Checked, names: list[str]) -> _Checked:
    """The game under the roster's spelling of its players' names (usually the file's own)."""
    old = checked.log["players"]
    if names == old:
        return checked
    renamed = dict(zip(old, names))
    log = {**checked.log, "players": names, "first_dealer": renamed[checked.log["first_dealer"]]}
    old_sides = new_sides = None
    seated = checked.sheet.get("side_players")
    if "sides" in log and seated:  # the partnerships, under the roster's spelling too
        log["sides"] = [[renamed[player] for player in side] for side in seated.values()]
        old_sides, new_sides = list(seated), [side_name(side) for side in log["sides"]]

    def respelled(entry: dict[str, Any]) -> dict[str, Any]:
        return entry_with_names(entry_with_seats(entry, old, old_sides), names, new_sides)

    log["hands"] = [respelled(entry) for entry in checked.log["hands"]]
    changes = [
        {**change, **{when: respelled(change[when]) for when in ("before", "after")
                      if isinstance(change.get(when), dict)}}
        for change in checked.changes
    ]
    try:
        sheet = replay(log)
    except InvalidEntry as error:  # the log named players by seat; it cannot score otherwise
        raise BadImport(refused(error)) from None
    return _Checked(checked.data, log, sheet, checked.hand_times, changes)


def _game_rows(account: Account, checked: _Checked,
               seated: list[Player]) -> tuple[Game, list[dict[str, Any]], list[dict[str, Any]]]:
    """The game's row with its seats, and its hands' and changes' rows (without the game's id)."""
    log, data = checked.log, checked.data
    names = log["players"]
    created = _when(data.get("created_at"), "", "created_at") or utcnow()
    partners = checked.sheet.get("side_players") if "sides" in log else None
    side_size = len(next(iter(partners.values()))) if partners else None
    sides = list(partners) if partners else None
    game = Game(account_id=account.id, uid=data["uid"], variant=log["variant"], options=log["options"],
                first_seat=names.index(log["first_dealer"]), ended=log["ended"], created_at=created,
                side_size=side_size)
    game.seats = [Seat(seat=i, player=p) for i, p in enumerate(seated)]
    if partners and game.seated_sides(names) != [list(side) for side in partners.values()]:
        raise BadImport(_("sides: uneven sides are kept as seated in turn; this game's are seated otherwise."))
    for column, value in summary_of(checked.sheet).items():
        setattr(game, column, value)
    game.updated_at = _when(data.get("updated_at"), "", "updated_at") or created
    hands = []
    for number, entry in enumerate(log["hands"], 1):
        when = checked.hand_times[number - 1] if number <= len(checked.hand_times) else (created, created, None)
        hands.append({"number": number, "entry": entry_with_seats(entry, names, sides), "token": f"import-{number}",
                      "created_at": when[0], "updated_at": when[1], "via": when[2]})
    changes = [
        {
            "at": _when(change.get("at"), "", "at") or game.updated_at,
            "action": change["action"],
            "hand_number": change.get("hand"),
            "before": None if change.get("before") is None else entry_with_seats(change["before"], names, sides),
            "after": None if change.get("after") is None else entry_with_seats(change["after"], names, sides),
            "via": change.get("via"),
        }
        for change in checked.changes
    ]
    return game, hands, changes


__all__ = ["BadImport", "ImportResult", "export_account", "export_csv", "export_game", "export_game_type",
           "import_backup", "import_file", "import_game"]
