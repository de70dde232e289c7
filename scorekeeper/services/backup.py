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
import re
import time
from dataclasses import dataclass, field
from functools import cache
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from .. import stats
from ..engine import InvalidEntry, game_name, replay, side_name, variants
from ..engine.bounds import MAX_CARDS_TEXT, MAX_COUNT, MAX_HANDS, check_name, name_key, quoted, shown, text_problem, whole_in
from ..extensions import db
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
        """``Imported 2 games and 1 game of your own; skipped 1 already here.``"""
        created = len(self.created)
        text = f"Imported {created} game{'' if created == 1 else 's'}"
        if self.types_created:
            kept = len(self.types_created)
            text += f" and {kept} game{'' if kept == 1 else 's'} of your own"
        if self.skipped or always_skipped:
            text += f"; skipped {len(self.skipped)} already {there}"
        if self.types_skipped:
            text += f"; kept your own {', '.join(self.types_skipped)} as it was"
        return text + "."


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

#: a file larger than this is refused before it is parsed (a backup of years of games is a few MB)
MAX_IMPORT_BYTES = 20 * 1024 * 1024
#: games in one file, hands in all its games together, change-log lines in one game
MAX_IMPORT_GAMES = 5_000
MAX_IMPORT_HANDS = 100_000
MAX_CHANGES = 10_000
#: players on a backup's roster
MAX_ROSTER = 1_000
#: brackets nested deeper than any export holds
MAX_DEPTH = 12

_GAME_KEYS = {"format", "version", "uid", "variant", "players", "options", "first_dealer", "sides", "hands",
              "ended", "created_at", "updated_at", "hand_times", "changes"}
_BACKUP_KEYS = {"format", "version", "exported_at", "players", "game_types", "games"}
_TYPE_KEYS = {"variant", "options", "created_at", "updated_at"}
_CHANGE_KEYS = {"at", "action", "hand", "before", "after", "via"}
#: who made a hand or a change other than the game's owner (a row's ``via``): a keeper link
VIAS = (KEEPER,)
_UID = re.compile(r"[\x21-\x7e]{1,36}")


def import_game(account: Account, data: Any) -> ImportResult:
    """Import one exported game (``data`` parsed from JSON)."""
    _check_header(data, GAME_FORMAT)
    _check_text(data, "")
    _check_hand_total([data])
    return _import(account, [], [_checked_game(data, "")])


def import_backup(account: Account, data: Any) -> ImportResult:
    """Import an account backup: its players and every game it holds."""
    _check_header(data, BACKUP_FORMAT)
    _check_text(data, "")
    _unknown_keys(data, _BACKUP_KEYS, "")
    players = _field(data, "players", list, "")
    if len(players) > MAX_ROSTER:
        raise BadImport(f"the roster holds {len(players)} players; a backup holds at most {MAX_ROSTER}.")
    for name in players:
        _check_name(name, "players")
    _when(data.get("exported_at"), "", "exported_at")
    types = _checked_types(_field(data, "game_types", list, "", required=False) or [])
    games = _field(data, "games", list, "")
    if len(games) > MAX_IMPORT_GAMES:
        raise BadImport(f"this backup holds {len(games)} games; one file holds at most {MAX_IMPORT_GAMES}. "
                        "Split it into several files.")
    _check_hand_total(games)
    checked = []
    for number, game in enumerate(games, 1):
        checked.append(_checked_game(game, _game_place(number, game)))
        time.sleep(0)  # a long file lets the process's other requests in between its games
    return _import(account, players, checked, types)


def _checked_types(kept: list[Any]) -> list[dict[str, Any]]:
    """A backup's own games, each definition checked by the engine: rows ready to write."""
    if len(kept) > MAX_GAME_TYPES:
        raise BadImport(f"this backup holds {len(kept)} games of your own; an account keeps at most "
                        f"{MAX_GAME_TYPES}.")
    rows: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for number, data in enumerate(kept, 1):
        place = f"own game {number}: "
        if not isinstance(data, dict):
            raise BadImport(f"{place}not a game of your own.")
        _unknown_keys(data, _TYPE_KEYS, place)
        variant = _field(data, "variant", str, place)
        options = _field(data, "options", dict, place)
        try:
            defined = definition(variant, options)
        except InvalidEntry as error:
            raise BadImport(f"{place}{error}") from None
        except ServiceError as error:
            raise BadImport(f"{place}{error.message}") from None
        name = game_name(variant, defined)
        if name_key(name) in seen:
            raise BadImport(f"{place}{quoted(name)} is named twice; each game of your own has its own name.")
        seen[name_key(name)] = name
        created = _when(data.get("created_at"), place, "created_at") or utcnow()
        rows.append({"variant": variant, "name": name, "options": defined, "created_at": created,
                     "updated_at": _when(data.get("updated_at"), place, "updated_at") or created})
    return rows


#: what import takes, said whenever a file given to it is something else
IMPORT_TAKES = ("import takes the JSON file of one game (the JSON link under its sheet) "
                "or of a whole backup (Download every game, on the Backup page).")


def import_file(account: Account, text: str | bytes, *, name: str = "") -> ImportResult:
    """A game or a backup file, whichever it is; ``name``: the file's name, as the phone gave it."""
    if len(text) > MAX_IMPORT_BYTES:
        raise BadImport(f"This file is larger than any Scorekeeper backup should be "
                        f"({MAX_IMPORT_BYTES // (1024 * 1024)} MB).")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadImport(_not_json(text, name, error)) from None
    except RecursionError:  # brackets nested deeper than any export
        raise BadImport("This file is not a Scorekeeper export (it nests too deeply); choose an export.") from None
    if isinstance(data, dict) and data.get("format") == BACKUP_FORMAT:
        return import_backup(account, data)
    return import_game(account, data)


def _not_json(text: str | bytes, name: str, error: ValueError) -> str:
    """What to say of a file that is not JSON: a sheet exported as CSV (for a spreadsheet, never read
    back) is told so; a JSON file cut short says where it breaks; and each is told what import takes."""
    start = text[:64].decode("utf-8", "replace") if isinstance(text, bytes) else text[:64]
    if name.lower().endswith(".csv") or start.lstrip("\ufeff").startswith("Hand,Dealer,"):
        return f"This file is a CSV sheet, made for spreadsheets, and cannot be read back: {IMPORT_TAKES}"
    if isinstance(error, json.JSONDecodeError) and start.lstrip().startswith(("{", "[")):
        return (f"This file is not JSON: it breaks at line {error.lineno}, column {error.colno}. "
                f"It may be cut short; {IMPORT_TAKES}")
    return f"This file is not JSON, so not a Scorekeeper export: {IMPORT_TAKES}"


@dataclass
class _Checked:
    """One game of a file, replayed and found good: ready to write."""

    data: dict[str, Any]
    log: dict[str, Any]
    sheet: dict[str, Any]
    hand_times: list[tuple[datetime, datetime, str | None]]
    changes: list[dict[str, Any]]


def _check_header(data: Any, expected: str) -> None:
    if not isinstance(data, dict):
        raise BadImport("This file is not a Scorekeeper export: it holds no game or backup.")
    found = data.get("format")
    if found not in (GAME_FORMAT, BACKUP_FORMAT):
        raise BadImport(f'This file is not a Scorekeeper export (format {shown(found)}; '
                        f'expected "{GAME_FORMAT}" or "{BACKUP_FORMAT}").')
    if found != expected:
        raise BadImport(f'This file is a {found}, not a {expected}.')
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise BadImport(f"This file is version {shown(version)}; this Scorekeeper reads version {VERSION}.")


def _check_text(data: Any, place: str) -> None:
    """Every string of the file (keys too) is text a page can show, and nothing nests too deep.

    The message says where: ``games/3/hands/2/hands/Bob/cards``.
    """
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise BadImport(f"{place}{_path(path)} nests deeper than any Scorekeeper export.")
        if isinstance(value, str):
            _text_ok(value, path, place)
        elif isinstance(value, dict):
            for key in value:
                _text_ok(key, (*path, key), place)
            # Pushed last first, so the walk (and the first fault it names) follows the file's order.
            stack.extend(((item, (*path, key)) for key, item in reversed(value.items())))
        elif isinstance(value, list):
            stack.extend((value[index], (*path, index + 1)) for index in range(len(value) - 1, -1, -1))


def _text_ok(text: str, path: tuple[Any, ...], place: str) -> None:
    problem = text_problem(text)
    if problem:
        raise BadImport(f"{place}{_path(path)} {problem}; nothing was imported.")


def _path(path: tuple[Any, ...]) -> str:
    return "the text at " + ("/".join(_cut(str(part), 40) for part in path) or "the top")


def _check_hand_total(games: list[Any]) -> None:
    total = sum(len(game["hands"]) for game in games
                if isinstance(game, dict) and isinstance(game.get("hands"), list))
    if total > MAX_IMPORT_HANDS:
        raise BadImport(f"this file holds {total} hands; one file holds at most {MAX_IMPORT_HANDS}. "
                        "Split it into several files.")


def _unknown_keys(data: dict[str, Any], known: set[str], place: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise BadImport(f"{place}{', '.join(shown(key) for key in unknown[:3])} "
                        f"{'is' if len(unknown) == 1 else 'are'} not part of a Scorekeeper export.")


@cache
def _catalogue() -> dict[str, dict[str, Any]]:
    """The engine's catalogue by key, built once: a backup asks it for each of its games."""
    return {variant["key"]: variant for variant in variants()}


def _game_place(number: int, game: Any) -> str:
    """``game 3 ("Gin Rummy", Ann v Bob): `` -- where in a backup a message points."""
    if not isinstance(game, dict):
        return f"game {number}: "
    players = game.get("players")
    who = " v ".join(_cut(str(p), 40) for p in players[:12]) if isinstance(players, list) else "?"
    known = _catalogue().get(str(game.get("variant")))
    options = game.get("options") if isinstance(game.get("options"), dict) else {}
    variant = _cut(game_name(known["key"], options), 40) if known else _cut(str(game.get("variant")), 20)
    return f'game {number} ("{variant}", {who}): '


def _field(data: dict[str, Any], name: str, kind: type, place: str, *, required: bool = True) -> Any:
    if name not in data:
        if required:
            raise BadImport(f'{place}the field "{name}" is missing.')
        return None
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadImport(f'{place}the field "{name}" should be a {kind.__name__}, not {shown(value)}.')
    return value


def _check_name(name: Any, place: str) -> str:
    """A name as an export writes it: the engine's rule, and spaces already collapsed."""
    try:
        check_name(name, where=place)
    except InvalidEntry as error:
        raise BadImport(f"{error}.") from None
    if " ".join(name.split()) != name:
        raise BadImport(f"{place}: {shown(name)} has spaces at its ends or two together; "
                        "a name is written as the roster keeps it.")
    return name  # type: ignore[no-any-return]


def _when(value: Any, place: str, name: str) -> datetime | None:
    """A time as an export writes it (ISO 8601; one with an offset is taken as UTC)."""
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise BadImport(f'{place}"{name}" is not a date and time: {shown(value)}.') from None
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return when.replace(tzinfo=None)


def _checked_game(data: Any, place: str) -> _Checked:
    """The game replayed by the engine, or :class:`BadImport` saying what and where."""
    if not isinstance(data, dict):
        raise BadImport(f"{place}not a game.")
    _unknown_keys(data, _GAME_KEYS if data.get("format") == GAME_FORMAT else _GAME_KEYS - {"format", "version"},
                  place)
    if "format" in data and (data.get("format") != GAME_FORMAT or data.get("version") != VERSION):
        raise BadImport(f"{place}not a {GAME_FORMAT} of version {VERSION}.")
    uid = _field(data, "uid", str, place)
    if not _UID.fullmatch(uid):
        raise BadImport(f"{place}the uid {shown(uid)} should be 1 to 36 visible characters, no spaces.")
    variant = _field(data, "variant", str, place)
    catalogue = _catalogue()
    if variant not in catalogue:
        raise BadImport(f'{place}{quoted(variant)} is not a variant this Scorekeeper knows.')
    players = _field(data, "players", list, place)
    for name in players:
        _check_name(name, f"{place}players")
    hands = _field(data, "hands", list, place)
    log = {
        "variant": variant,
        "players": players,
        "options": _field(data, "options", dict, place, required=False) or {},
        "first_dealer": _field(data, "first_dealer", str, place, required=False) or (players or [None])[0],
        "hands": hands,
        "ended": bool(_field(data, "ended", bool, place, required=False)),
    }
    if data.get("sides") is not None:  # the engine checks the partnerships as it checks the rest
        log["sides"] = data["sides"]
    try:
        sheet = replay(log)
    except InvalidEntry as error:
        raise BadImport(f"{place}{error}") from None
    created = _when(data.get("created_at"), place, "created_at")
    _when(data.get("updated_at"), place, "updated_at")
    times = _field(data, "hand_times", list, place, required=False) or []
    if len(times) > len(hands):
        raise BadImport(f"{place}hand_times has {len(times)} pairs of times for {len(hands)} hands.")
    hand_times = []
    for number, stamp in enumerate(times, 1):
        if not isinstance(stamp, dict) or not set(stamp) <= {"created_at", "updated_at", "via"}:
            raise BadImport(f"{place}hand_times {number} is not a pair of times.")
        _check_via(stamp, f"{place}hand_times {number}: ")
        made = _when(stamp.get("created_at"), place, f"hand {number} created_at") or created or utcnow()
        hand_times.append((made, _when(stamp.get("updated_at"), place, f"hand {number} updated_at") or made,
                           stamp.get("via")))
    changes = _field(data, "changes", list, place, required=False) or []
    if len(changes) > MAX_CHANGES:
        raise BadImport(f"{place}the change log holds {len(changes)} lines; a game keeps at most {MAX_CHANGES}.")
    entry = catalogue[variant]["entry"]
    table = _Table(players, sheet.get("sides") or players)
    for number, change in enumerate(changes, 1):
        _check_change(change, f"{place}change {number}: ", table, entry)
    return _Checked(data, log, sheet, hand_times, changes)


@dataclass(frozen=True)
class _Table:
    """Who an entry of a game may name: its players, and its sides (the players where it has none)."""

    players: list[str]
    sides: list[str]


def _check_change(change: Any, place: str, table: _Table, rules: dict[str, Any]) -> None:
    """One line of the change log, as strictly as an entry: what it was and became, by whom."""
    if not isinstance(change, dict) or change.get("action") not in ("edit", "undo", "end", "record"):
        raise BadImport(f"{place}not an edit, undo, end or record.")
    _unknown_keys(change, _CHANGE_KEYS, place)
    _check_via(change, place)
    _when(change.get("at"), place, "at")
    hand = change.get("hand")
    if hand is not None and not whole_in(hand, 1, MAX_HANDS):
        raise BadImport(f"{place}hand {shown(hand)} is not a hand number (1 to {MAX_HANDS}).")
    if change["action"] == "end":
        if change.get("before") is not None or change.get("after") is not None:
            raise BadImport(f"{place}an end of the game changes no hand; it has no before or after.")
        return
    if hand is None:
        raise BadImport(f"{place}says which hand it changed.")
    if change["action"] == "undo" and change.get("after") is not None:
        raise BadImport(f"{place}an undone hand has no after.")
    if change["action"] == "record" and (change.get("before") is not None or change.get("via") not in VIAS):
        raise BadImport(f"{place}a hand recorded through a keeper link has no before, and says via keeper.")
    for when in ("before", "after"):
        if change.get(when) is not None:
            _check_logged_entry(change[when], f"{place}{when}: ", table, rules)


def _check_via(row: dict[str, Any], place: str) -> None:
    """Who made a hand or a change, where not the owner: only a keeper link, said so."""
    if "via" in row and row["via"] not in VIAS:
        raise BadImport(f"{place}via {shown(row['via'])} is not how a hand is made (only {', '.join(VIAS)}).")


def _check_logged_entry(entry: Any, place: str, table: _Table, rules: dict[str, Any]) -> None:
    """An entry as the change log keeps it: the shape the engine reads, naming only the game's
    players (and sides).

    (Whether it scored then depends on the hands before it at the time, so
    its shape and values are checked, not its rules.)
    """
    players = table.players
    if not isinstance(entry, dict):
        raise BadImport(f"{place}an entry is an object with who went out and each player's hand.")
    _unknown_keys(entry, {"out", "hands", *rules["keys"]}, place)
    if entry.get("out") is not None and entry["out"] not in players:
        raise BadImport(f"{place}{quoted(entry['out'])} is not a player in this game.")
    if entry.get("sides") is not None:
        _check_logged_sides(entry["sides"], place, table, rules)
    for flag in rules["keys"]:
        if flag == "sides":
            continue
        value = entry.get(flag)
        if not (value is None or isinstance(value, bool) or whole_in(value, 0, MAX_COUNT)
                or (isinstance(value, str) and len(value) <= 20)
                or (isinstance(value, list) and all(name in players for name in value))):
            raise BadImport(f"{place}{flag} {shown(value)} is not what an entry holds.")
    hands = entry.get("hands") or {}
    if not isinstance(hands, dict):
        raise BadImport(f"{place}hands must map each player to their cards or count.")
    # The lowest number a declared field takes (a house game's points go below 0).
    low = min((spec["minimum"] for spec in rules["fields"] if spec["minimum"] is not None), default=0)
    for name, given in hands.items():
        if name not in players:
            raise BadImport(f"{place}{quoted(name)} is not a player in this game.")
        if not isinstance(given, dict):
            raise BadImport(f"{place}{name}'s input is not an object.")
        _unknown_keys(given, set(rules["inputs"]), f"{place}{name}: ")
        for key, value in given.items():
            if not _input_value(value, min(low, 0)):
                raise BadImport(f"{place}{name}: {key} {shown(value)} is not a count, cards or a choice.")


def _check_logged_sides(sides: Any, place: str, table: _Table, rules: dict[str, Any]) -> None:
    """A logged entry's sides: the game's sides, each with the variant's side fields as whole numbers."""
    if not isinstance(sides, dict):
        raise BadImport(f"{place}sides must map each side to its input.")
    keys = {spec["key"] for spec in rules.get("side_fields") or ()}
    for name, given in sides.items():
        if name not in table.sides:
            raise BadImport(f"{place}{quoted(name)} is not a side in this game.")
        if not isinstance(given, dict):
            raise BadImport(f"{place}{name}'s input is not an object.")
        _unknown_keys(given, keys, f"{place}{name}: ")
        for key, value in given.items():
            if not (value is None or whole_in(value, 0, MAX_COUNT)):
                raise BadImport(f"{place}{name}: {key} {shown(value)} is not a count.")


def _input_value(value: Any, low: int = 0) -> bool:
    if value is None or isinstance(value, bool) or whole_in(value, low, MAX_COUNT):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_CARDS_TEXT
    if isinstance(value, list):
        return len(value) <= MAX_CARDS_TEXT // 2 and all(isinstance(card, str) and len(card) <= 8 for card in value)
    return False


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
        raise BadImport("Another import of these games ran at the same time; nothing was imported. "
                        "Try again.") from None
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
        raise BadImport(f"with this backup's, the account would keep {len(kept) + len(result.types_created)} games "
                        f"of its own; it keeps at most {MAX_GAME_TYPES}. Delete some first.")
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
        raise BadImport(f"{error}") from None
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
