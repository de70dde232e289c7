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
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from . import stats
from .engine import InvalidEntry, replay, variants
from .extensions import db
from .models import (
    Account,
    Change,
    Game,
    HandEntry,
    Player,
    Seat,
    entry_with_names,
    entry_with_seats,
    utcnow,
)
from .services import MAX_NAME, ServiceError, _summary_of, sheet_of

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


# -- export --------------------------------------------------------------------


def export_game(game: Game) -> dict[str, Any]:
    """The game as its engine log plus uid, timestamps, hand times and change log."""
    names = game.names
    return {
        "format": GAME_FORMAT,
        "version": VERSION,
        "uid": game.uid,
        **game.log(),
        "created_at": _time(game.created_at),
        "updated_at": _time(game.updated_at),
        "hand_times": [
            {"created_at": _time(hand.created_at), "updated_at": _time(hand.updated_at)} for hand in game.hands
        ],
        "changes": [
            {
                "at": _time(change.at),
                "action": change.action,
                "hand": change.hand_number,
                "before": None if change.before is None else entry_with_names(change.before, names),
                "after": None if change.after is None else entry_with_names(change.after, names),
            }
            for change in game.changes
        ],
    }


def export_account(account: Account) -> dict[str, Any]:
    """Every player and game of the account, oldest game first."""
    games = db.session.scalars(
        select(Game).where(Game.account_id == account.id).order_by(Game.created_at, Game.id)
    ).all()
    return {
        "format": BACKUP_FORMAT,
        "version": VERSION,
        "exported_at": _time(utcnow()),
        "players": [player.name for player in account.players],
        "games": [export_game(game) for game in games],
    }


def export_csv(game: Game) -> str:
    """The sheet as a spreadsheet opens it: per hand each player's score and running total."""
    sheet = sheet_of(game)
    players = sheet["players"]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Hand", "Dealer", *[f"{name}{suffix}" for name in players for suffix in ("", " total")],
                     "Notes"])
    for hand in sheet["hands"]:
        cells = [cell for name in players for cell in (hand["scores"][name], hand["totals"][name])]
        writer.writerow([hand["number"], hand.get("dealer") or "", *cells, " ".join(hand.get("notes", []))])
    writer.writerow(["Total", "", *[cell for name in players for cell in ("", sheet["totals"][name])], ""])
    final = sheet.get("final")
    if final:
        for label, key in (("Bonuses", "bonuses"), ("Grand total", "grand_totals"), ("Net", "net")):
            writer.writerow([label, "", *[cell for name in players for cell in ("", final[key][name])], ""])
    if sheet["winners"]:
        writer.writerow(["Winner" if len(sheet["winners"]) == 1 else "Winners", " and ".join(sheet["winners"])])
    return out.getvalue()


def _time(value: datetime) -> str:
    return value.isoformat()


# -- import --------------------------------------------------------------------


def import_game(account: Account, data: Any) -> ImportResult:
    """Import one exported game (``data`` parsed from JSON)."""
    _check_header(data, GAME_FORMAT)
    return _import(account, [], [_checked_game(data, "")])


def import_backup(account: Account, data: Any) -> ImportResult:
    """Import an account backup: its players and every game it holds."""
    _check_header(data, BACKUP_FORMAT)
    players = _field(data, "players", list, "")
    for name in players:
        _check_name(name, "players")
    games = _field(data, "games", list, "")
    checked = [_checked_game(game, _game_place(number, game)) for number, game in enumerate(games, 1)]
    return _import(account, players, checked)


def import_file(account: Account, text: str | bytes) -> ImportResult:
    """A game or a backup file, whichever it is."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadImport(f"This file is not JSON ({error}); choose a Scorekeeper export.") from None
    except RecursionError:  # brackets nested deeper than any export
        raise BadImport("This file is not a Scorekeeper export (it nests too deeply); choose an export.") from None
    if isinstance(data, dict) and data.get("format") == BACKUP_FORMAT:
        return import_backup(account, data)
    return import_game(account, data)


@dataclass
class _Checked:
    """One game of a file, replayed and found good: ready to write."""

    data: dict[str, Any]
    log: dict[str, Any]
    sheet: dict[str, Any]
    hand_times: list[tuple[datetime, datetime]]
    changes: list[dict[str, Any]]


def _check_header(data: Any, expected: str) -> None:
    if not isinstance(data, dict):
        raise BadImport("This file is not a Scorekeeper export: it holds no game or backup.")
    found = data.get("format")
    if found not in (GAME_FORMAT, BACKUP_FORMAT):
        raise BadImport(f'This file is not a Scorekeeper export (format {found!r}; '
                        f'expected "{GAME_FORMAT}" or "{BACKUP_FORMAT}").')
    if found != expected:
        raise BadImport(f'This file is a {found}, not a {expected}.')
    version = data.get("version")
    if version != VERSION:
        raise BadImport(f"This file is version {version!r}; this Scorekeeper reads version {VERSION}.")


def _game_place(number: int, game: Any) -> str:
    """``game 3 ("Gin Rummy", Ann v Bob): `` -- where in a backup a message points."""
    names = {v["key"]: v["name"] for v in variants()}
    if not isinstance(game, dict):
        return f"game {number}: "
    players = game.get("players")
    who = " v ".join(str(p) for p in players) if isinstance(players, list) else "?"
    variant = names.get(str(game.get("variant")), str(game.get("variant")))
    return f'game {number} ("{variant}", {who}): '


def _field(data: dict[str, Any], name: str, kind: type, place: str, *, required: bool = True) -> Any:
    if name not in data:
        if required:
            raise BadImport(f'{place}the field "{name}" is missing.')
        return None
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadImport(f'{place}the field "{name}" should be a {kind.__name__}, not {value!r}.')
    return value


def _check_name(name: Any, place: str) -> str:
    if not isinstance(name, str) or " ".join(name.split()) != name or not name or len(name) > MAX_NAME:
        raise BadImport(f"{place}: {name!r} is not a player's name (1 to {MAX_NAME} characters).")
    return name


def _when(value: Any, place: str, name: str) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value).replace(tzinfo=None)
    except (TypeError, ValueError):
        raise BadImport(f'{place}"{name}" is not a date and time: {value!r}.') from None


def _checked_game(data: Any, place: str) -> _Checked:
    """The game replayed by the engine, or :class:`BadImport` saying what and where."""
    if not isinstance(data, dict):
        raise BadImport(f"{place}not a game.")
    uid = _field(data, "uid", str, place)
    if not uid or len(uid) > 36:
        raise BadImport(f"{place}the uid {uid!r} should be 1 to 36 characters.")
    variant = _field(data, "variant", str, place)
    if variant not in {v["key"] for v in variants()}:
        raise BadImport(f'{place}"{variant}" is not a variant this Scorekeeper knows.')
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
    try:
        sheet = replay(log)
    except InvalidEntry as error:
        raise BadImport(f"{place}{error}") from None
    for name in ("created_at", "updated_at"):
        _when(data.get(name), place, name)
    times = _field(data, "hand_times", list, place, required=False) or []
    hand_times = []
    for number, stamp in enumerate(times[: len(hands)], 1):
        if not isinstance(stamp, dict):
            raise BadImport(f"{place}hand_times {number} is not a pair of times.")
        created = _when(stamp.get("created_at"), place, f"hand {number} created_at") or utcnow()
        hand_times.append((created, _when(stamp.get("updated_at"), place, f"hand {number} updated_at") or created))
    changes = _field(data, "changes", list, place, required=False) or []
    for number, change in enumerate(changes, 1):
        if not isinstance(change, dict) or change.get("action") not in ("edit", "undo", "end"):
            raise BadImport(f"{place}change {number} is not an edit, undo or end.")
        _when(change.get("at"), place, f"change {number} at")
    return _Checked(data, log, sheet, hand_times, changes)


def _import(account: Account, roster: list[str], games: list[_Checked]) -> ImportResult:
    """Write every checked game the account lacks, in one commit."""
    result = ImportResult()
    have = set(db.session.scalars(select(Game.uid).where(Game.account_id == account.id)))
    players = {p.name: p for p in db.session.scalars(select(Player).where(Player.account_id == account.id))}

    def player(name: str) -> Player:
        if name not in players:
            players[name] = Player(account_id=account.id, name=name)
            db.session.add(players[name])
        return players[name]

    sheets: list[tuple[Game, dict[str, Any]]] = []
    try:
        for name in roster:
            player(name)
        for checked in games:
            uid = checked.data["uid"]
            if uid in have:
                result.skipped.append(uid)
                continue
            have.add(uid)
            game = _game_row(account, checked, [player(name) for name in checked.log["players"]])
            db.session.add(game)
            result.created.append(game)
            sheets.append((game, checked.sheet))
        db.session.flush()  # the games' ids, for their statistics rows
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


def _game_row(account: Account, checked: _Checked, seated: list[Player]) -> Game:
    log, data = checked.log, checked.data
    names = log["players"]
    created = _when(data.get("created_at"), "", "created_at") or utcnow()
    game = Game(account_id=account.id, uid=data["uid"], variant=log["variant"], options=log["options"],
                first_seat=names.index(log["first_dealer"]), ended=log["ended"], created_at=created)
    game.seats = [Seat(seat=i, player=p) for i, p in enumerate(seated)]
    for column, value in _summary_of(checked.sheet).items():
        setattr(game, column, value)
    game.updated_at = _when(data.get("updated_at"), "", "updated_at") or created
    for number, entry in enumerate(log["hands"], 1):
        when = checked.hand_times[number - 1] if number <= len(checked.hand_times) else (created, created)
        game.hands.append(HandEntry(number=number, entry=entry_with_seats(entry, names),
                                    token=f"import-{number}", created_at=when[0], updated_at=when[1]))
    for change in checked.changes:
        game.changes.append(Change(
            at=_when(change.get("at"), "", "at") or game.updated_at,
            action=change["action"],
            hand_number=change.get("hand") if isinstance(change.get("hand"), int) else None,
            before=_stored(change.get("before"), names),
            after=_stored(change.get("after"), names),
        ))
    return game


def _stored(entry: Any, names: list[str]) -> dict[str, Any] | None:
    """A logged entry as stored; one that names nobody in the game is kept as it is."""
    if not isinstance(entry, dict):
        return None
    try:
        return entry_with_seats(entry, names)
    except (ValueError, TypeError, AttributeError):
        return entry


__all__ = ["BadImport", "ImportResult", "export_account", "export_csv", "export_game", "import_backup",
           "import_file", "import_game"]
