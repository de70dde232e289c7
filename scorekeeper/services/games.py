"""Games and hands: start, record, correct, undo, end, rematch and delete, each owning its commit.

Recording, correcting and undoing a hand are one use case each
(:func:`record_hand`, :func:`correct_hand`, :func:`undo_hand`): the entry
form, the phone's outbox and the JSON API call the same function with plain
values, and answer its refusals (:mod:`.errors`, or the engine's
:class:`InvalidEntry`) by one table (``scorekeeper.web.refusals``).

A game change is checked by the engine with the change applied before
anything is written: an entry the engine rejects leaves the database as it
was.  The next hand is checked on the game's cached Replay (see
:func:`scorekeeper.sheet_cache.replayed`), so a long game does not replay
every hand for each one.  Every change claims the revision it was computed
from (:class:`~.errors.Conflict` when another request got there first) and
rewrites the game's statistics rows in its commit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from flask_babel import gettext as _
from sqlalchemy import CursorResult, bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from .. import live, stats
from ..engine import InvalidEntry, replay
from ..engine.sides import side_name
from ..engine.bounds import check_names, name_key
from ..engine.games import get_variant
from ..extensions import db
from ..models import Account, Change, Game, HandEntry, Player, Seat, entry_with_seats, utcnow
from ..sheet_cache import game_key, replayed, replays, sheet_of
from .drafts import drop_drafts
from .errors import AlreadyRecorded, Conflict, GameOver, NotLastHand, ReusedId, ServiceError, StaleHand
from .players import clean_name, roster_player


# -- games ---------------------------------------------------------------------


def start_game(
    account: Account,
    variant: str,
    players: Sequence[Player | str],
    *,
    first_dealer: int = 0,
    options: dict[str, Any] | None = None,
    sides: Any = None,
    rematch_of: Game | None = None,
) -> Game:
    """A new game; the engine checks the variant, player count, options and sides first.

    ``players`` are roster players or names; a name not on the roster yet is
    added to it in the same commit, so a game that cannot start adds nobody.
    ``sides`` is the log's header for a game played in sides (``[["Ann",
    "Cara"], ["Bob", "Dan"]]``, the names as ``players`` gives them), or None.
    """
    try:
        typed = [p.name if isinstance(p, Player) else clean_name(p) for p in players]
        # "Ann" and "ann" are one player, who sits once: no two seats can find the same roster player.
        check_names(typed)
        seated = [p if isinstance(p, Player) else roster_player(account, name) for p, name in zip(players, typed)]
        if not 0 <= first_dealer < max(len(seated), 1):
            raise ServiceError(_("Pick the first dealer from the players."), "first_dealer", code="bad_first_dealer")
        game = Game(account_id=account.id, variant=variant, options=dict(options or {}),
                    first_seat=first_dealer, rematch_of_id=rematch_of.id if rematch_of else None)
        game.seats = [Seat(seat=i, player=p) for i, p in enumerate(seated)]
        sheet = _seat_sides(game, sides, typed) if sides is not None else _replay_or_raise(game, [])
    except (ServiceError, InvalidEntry):
        db.session.rollback()
        raise
    _refresh(game, sheet)
    db.session.add(game)
    db.session.flush()  # the game's id, for its statistics rows
    stats.store_results([(game, sheet)])
    db.session.commit()
    return game


# Called with a change's new sheet just before it commits, to add rows that
# must commit with the change or not at all (the API's idempotency record).
BeforeCommit = Callable[[dict[str, Any]], None] | None


def record_hand(game: Game, entry: dict[str, Any], *, token: str, expected: int,
                before_commit: BeforeCommit = None, via: str | None = None) -> dict[str, Any]:
    """Record the next hand (``entry`` with names); the new sheet.

    ``via`` marks a hand not recorded by the game's owner ("keeper": a
    keeper link), and so do :func:`correct_hand` and :func:`undo_hand`
    for their change log lines.

    ``token`` is the entry form's one-time token and ``expected`` the hand
    number the form was opened for: a form saved twice records once
    (:class:`AlreadyRecorded`), the token carrying another hand is refused
    (:class:`ReusedId`: nothing says "recorded" of a hand that was not), and a
    form opened before another phone saved that hand is refused
    (:class:`StaleHand`).  A game that is over takes no hand (:class:`GameOver`).
    """
    if game.status == "finished":
        raise GameOver()
    names = game.names
    stored = entry_with_seats(entry, names, game.side_names(names))
    if expected != game.hands_count + 1:
        _check_token(game, token, stored)  # this form again, or another phone's hand?
        raise StaleHand(expected, game.hands_count)
    if not token:
        raise ServiceError(_("This form has expired; open the hand entry again."), code="form_expired")
    # A form saved twice carries an old hand number (above); should two of its
    # posts race, the token's unique constraint stops the second (_conflict).
    following = replayed(game).after(entry)  # the engine checks the hand on its game so far
    sheet = following.sheet()
    db.session.add(HandEntry(game_id=game.id, number=expected, entry=stored, token=token, via=via))
    if via is not None:  # the change log names every change not made by the owner, a new hand too
        game.changes.append(Change(action="record", hand_number=expected, before=None, after=stored, via=via))
    drop_drafts(game.id, expected)  # what the phones typed for it is the hand now
    committed = _commit_change(game, sheet, on_conflict=lambda: _conflict(game, token, expected, stored),
                               before_commit=before_commit)
    replays.put(committed, following)
    return sheet


def correct_hand(game: Game, number: int, entry: dict[str, Any], *,
                 before_commit: BeforeCommit = None, via: str | None = None) -> dict[str, Any]:
    """Replace hand ``number``; every later total is recomputed.  Logged.

    The same entry again changes nothing (and commits nothing); an entry
    later hands no longer add up after is the engine's :class:`InvalidEntry`
    naming that later hand.
    """
    hand = _hand(game, number)
    names = game.names
    stored = entry_with_seats(entry, names, game.side_names(names))
    if stored == hand.entry:
        return sheet_of(game)
    entries = [h.entry if h.number != number else stored for h in game.hands]
    sheet = _replay_or_raise(game, entries)
    game.changes.append(Change(action="edit", hand_number=number, before=hand.entry, after=stored, via=via))
    hand.entry = stored
    hand.updated_at = utcnow()
    _commit_change(game, sheet, before_commit=before_commit)
    return sheet


def undo_hand(game: Game, *, number: object = None, before_commit: BeforeCommit = None,
              via: str | None = None) -> dict[str, Any]:
    """Remove the last hand.  Logged, with what it was.

    ``number``, when given, is the hand the person meant to undo (as sent: a
    phone's field is text): unless it is still the last hand, nothing is
    undone (:class:`NotLastHand`), so an undo sent late never removes
    another phone's hand.
    """
    if not game.hands:
        raise ServiceError(_("There is no hand to undo."), code="nothing_to_undo")
    last = game.hands[-1]
    if number is not None and str(number) != str(last.number):
        raise NotLastHand(number, last.number)
    entries = [h.entry for h in game.hands[:-1]]
    sheet = _replay_or_raise(game, entries)
    game.changes.append(Change(action="undo", hand_number=last.number, before=last.entry, after=None, via=via))
    game.hands.remove(last)
    _commit_change(game, sheet, before_commit=before_commit)
    return sheet


def end_game(game: Game, *, before_commit: BeforeCommit = None) -> dict[str, Any]:
    """End the game by agreement after its last hand.  Logged."""
    if game.ended or game.status == "finished":
        raise ServiceError(_("This game is already over."), code="game_over")
    game.ended = True
    sheet = _replay_or_raise(game, [h.entry for h in game.hands])
    game.changes.append(Change(action="end", hand_number=len(game.hands) or None, before=None, after=None))
    _commit_change(game, sheet, before_commit=before_commit)
    return sheet


def rematch(game: Game) -> Game:
    """Same players, seats, sides and options; the first deal moves one seat on."""
    players = [seat.player for seat in game.seats]
    account = db.session.get(Account, game.account_id)
    assert account is not None
    first = (game.first_seat + 1) % len(players)
    return start_game(account, game.variant, players, first_dealer=first,
                      options=dict(game.options or {}), sides=game.seated_sides(), rematch_of=game)


def delete_game(game: Game) -> None:
    game_id = game.id
    db.session.delete(game)
    live.changed([game_id])
    db.session.commit()


# -- internals -----------------------------------------------------------------


def _replay_or_raise(game: Game, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The sheet with these entries; :class:`InvalidEntry` if the engine refuses."""
    get_variant(game.variant)  # an unknown variant is the caller's bug, said plainly
    return replay(game.log(entries))


def _seat_sides(game: Game, sides: Any, typed: list[str]) -> dict[str, Any]:
    """The new game's sheet with the sides as given; the game keeps their size.

    The engine checks the header as given (every player on one side, sides
    of one size, partners opposite), so the size alone gives it back: the
    seats in sides of that size, partners opposite (:meth:`Game.seated_sides`).
    Names in ``sides`` are matched as the roster spells them ("ann" is Ann).
    """
    spelled = {name_key(name): seated for name, seated in zip(typed, game.names)}
    if isinstance(sides, list) and all(isinstance(side, list) for side in sides):
        sides = [[spelled.get(name_key(p), p) if isinstance(p, str) else p for p in side] for side in sides]
    sheet = replay({**game.log([]), "sides": sides})
    game.side_size = len(next(iter(sheet["side_players"].values())))
    kept = [list(seated) for seated in sheet["side_players"].values()]
    if game.seated_sides() != kept:  # uneven sides (Canasta's five) are kept as seated in turn
        turn = " against ".join(side_name(side) for side in game.seated_sides() or ())
        raise InvalidEntry(f"with {len(game.names)} players the sides are seated in turn ({turn}); seat the "
                           "players in that order", where="sides", code="sides_not_in_turn")
    return sheet


def _hand(game: Game, number: int) -> HandEntry:
    for hand in game.hands:
        if hand.number == number:
            return hand
    raise ServiceError(_("This game has no hand %(number)s.", number=number), code="no_such_hand")


def _check_token(game: Game, token: str, stored: dict[str, Any]) -> None:
    """Nothing, where no hand was recorded with this token; else the same hand again
    (:class:`AlreadyRecorded`) or another one (:class:`ReusedId`)."""
    if not token:
        raise ServiceError(_("This form has expired; open the hand entry again."), code="form_expired")
    recorded = db.session.execute(
        select(HandEntry.number, HandEntry.entry).where(HandEntry.game_id == game.id, HandEntry.token == token)
    ).first()
    if recorded is None:
        return
    number, entry = recorded
    if stored != _as_first_recorded(game, number, entry):
        raise ReusedId(number)
    raise AlreadyRecorded(number)


def _as_first_recorded(game: Game, number: int, entry: dict[str, Any]) -> dict[str, Any]:
    """A hand's entry as it was recorded, before any correction (a retry carries that one)."""
    first_edit = db.session.scalar(
        select(Change.before).where(Change.game_id == game.id, Change.action == "edit", Change.hand_number == number)
        .order_by(Change.id).limit(1)
    )
    return first_edit if first_edit is not None else entry


def _conflict(game: Game, token: str, expected: int, stored: dict[str, Any]) -> ServiceError:
    """After a lost race: was it this form again, or another phone?"""
    db.session.refresh(game)
    try:
        _check_token(game, token, stored)
    except (AlreadyRecorded, ReusedId) as already:
        return already
    return StaleHand(expected, len(game.hands))


def summary_of(sheet: dict[str, Any]) -> dict[str, Any]:
    """What lists need from the sheet, kept on the game row; the log stays the truth."""
    return {
        "status": "finished" if sheet["finished"] else "playing",
        "hands_count": len(sheet["hands"]),
        "summary": {"totals": sheet["totals"], "winners": sheet["winners"], "next": sheet["next"]},
        "updated_at": utcnow(),
    }


def _refresh(game: Game, sheet: dict[str, Any]) -> None:
    for column, value in summary_of(sheet).items():
        setattr(game, column, value)


_games = Game.__table__
# Built once (a change is committed with every hand recorded): claims the
# revision a change was computed from and stores the game's new summary, in
# one statement.  A Core statement, so the ORM neither builds it anew nor
# evaluates it against the session's objects each time.
_CLAIM = (
    update(_games)
    .where(_games.c.id == bindparam("claim_game"), _games.c.revision == bindparam("claim_seen"))
    .values(
        revision=bindparam("claim_revision"),
        **{column: bindparam(f"claim_{column}", type_=_games.c[column].type)
           for column in ("status", "hands_count", "summary", "updated_at")},
    )
)


def _commit_change(game: Game, sheet: dict[str, Any], on_conflict: Any = None,
                   before_commit: BeforeCommit = None) -> tuple[Any, ...]:
    """Commit, provided nobody changed the game since it was read.

    The revision check makes the UPDATE match no row when another request got
    there first; then nothing of this change is kept.  Returns the committed
    game's key in the Replay cache (without reading the row back).
    """
    seen = game.revision
    if before_commit is not None:
        before_commit(sheet)
    # Tallied before the writes: under SQLite the write lock is held from
    # the first write to the commit, so only the writes go inside it.
    results = stats.results_rows(game, sheet)
    summary = summary_of(sheet)
    try:
        # Flushes this change (an INSERT may hit a unique constraint here),
        # then, in one statement, claims the revision the change was computed
        # from and stores the game's new summary.
        db.session.flush()
        result = db.session.execute(_CLAIM, {
            "claim_game": game.id, "claim_seen": seen, "claim_revision": seen + 1,
            **{f"claim_{column}": value for column, value in summary.items()},
        })
        committed = game_key(game, revision=seen + 1, updated_at=summary["updated_at"])
        claimed = cast("CursorResult[Any]", result).rowcount == 1
        if claimed:
            stats.write_results([game.id], results)  # the statistics follow the change, in its commit
            live.changed([game.id])  # told to every host's live views, in this commit
            db.session.commit()
    except (IntegrityError, StaleDataError):
        # A unique hand number or token taken, or a hand row another request
        # changed or removed: either way someone else got there first.
        claimed = False
    if not claimed:
        db.session.rollback()
        if on_conflict is not None:
            raise on_conflict()
        raise Conflict()
    return committed


__all__ = [
    "BeforeCommit", "correct_hand", "delete_game", "end_game", "rematch", "record_hand", "start_game",
    "summary_of", "undo_hand",
]
