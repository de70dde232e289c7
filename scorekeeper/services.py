"""Use cases: every change to accounts, players and games, each owning its commit.

Views call these with plain values and turn the exceptions into messages.
A game change is checked by the engine with the change applied before
anything is written: an entry the engine rejects leaves the database as it
was.  The next hand is checked on the game's cached Replay (see
:func:`scorekeeper.sheet_cache.replayed`), so a long game does not replay every hand for each one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.security import check_password_hash, generate_password_hash

from . import stats
from . import passwords
from .engine import InvalidEntry, replay
from .engine.bounds import MAX_NAME, check_name, check_names, name_key
from .engine.games import get_variant
from .extensions import db
from .models import Account, Change, Game, HandEntry, Player, Seat, ShareLink, entry_with_seats, utcnow
from .sheet_cache import game_key, replayed, replays, sheet_of

# 32 URL-safe characters: 192 random bits, past any guessing.
SHARE_TOKEN_BYTES = 24


class ServiceError(ValueError):
    """A request that cannot be carried out, with a message for the person.

    ``field`` names the form field at fault, when there is one; ``code`` is a
    stable word for the kind of refusal (``bad_name``, ``game_over``,
    ``nothing_to_undo``...), which the API turns into its status by one table.
    """

    code = "refused"

    def __init__(self, message: str, field: str | None = None, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code


class AlreadyRecorded(ServiceError):
    """This entry form was already saved (a double tap or a resubmission)."""

    code = "already_recorded"

    def __init__(self, number: int) -> None:
        super().__init__(f"Hand {number} was already recorded from this form; it is on the sheet once.")
        self.number = number


class Conflict(ServiceError):
    """Another request changed the game between reading it and saving this change."""

    code = "conflict"

    def __init__(self) -> None:
        super().__init__("Someone else changed this game just now; check the sheet and try again.")


class StaleHand(ServiceError):
    """The game moved on since the form was opened (another phone saved a hand)."""

    code = "stale_hand"

    def __init__(self, expected: int, recorded: int) -> None:
        super().__init__(
            f"Hand {expected} was already recorded (from another phone?): the sheet now has "
            f"{recorded} hand{'s' if recorded != 1 else ''}. Check it; if yours is a different hand, "
            f"save it as hand {recorded + 1}."
        )
        self.expected = expected
        self.recorded = recorded


# -- accounts ------------------------------------------------------------------


class EmailTaken(ServiceError):
    """Registering an e-mail that already has an account.

    The message neither confirms nor denies more than registering must: the
    web counts these refusals against the client's address like failed
    sign-ins, so nobody can sweep a list of addresses through this form.
    """

    code = "email_taken"

    def __init__(self) -> None:
        super().__init__("This email cannot be used for a new account. If it is yours, sign in instead "
                         "(or use another email).", "email")


def register(email: str, password: str) -> Account:
    email = email.strip().lower()
    refused = passwords.problem(password, email)
    if refused:
        raise ServiceError(refused, "password", code="bad_password")
    if db.session.scalar(select(Account).where(Account.email == email)):
        raise EmailTaken()
    account = Account(email=email, password_hash=generate_password_hash(password))
    db.session.add(account)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise EmailTaken() from None
    return account


# Checked when no account has the e-mail, so an unknown e-mail takes as long as a wrong password.
_NO_ACCOUNT_HASH = generate_password_hash("no account has this e-mail")


def authenticate(email: str, password: str) -> Account | None:
    account = db.session.scalar(select(Account).where(Account.email == email.strip().lower()))
    if account is None:
        check_password_hash(_NO_ACCOUNT_HASH, password)
        return None
    if not check_password_hash(account.password_hash, password):
        return None
    return account


# -- players -------------------------------------------------------------------


def clean_name(name: str) -> str:
    """A typed name as the roster keeps it: spaces collapsed, then the engine's name rule.

    The one rule for names, whichever way they come (the forms, the API, an
    import): 1 to 40 characters, no control character or lone surrogate
    (SCORING.md section 6), and two names that differ only by letter case
    or spaces are the same player.
    """
    name = " ".join(name.split())
    if not name:
        raise ServiceError("A player needs a name.", "name", code="bad_name")
    if len(name) > MAX_NAME:
        raise ServiceError(f"Keep names to {MAX_NAME} characters.", "name", code="bad_name")
    try:
        check_name(name)
    except InvalidEntry as error:
        raise ServiceError(error.message[:1].upper() + error.message[1:] + ".", "name", code="bad_name") from None
    return name


def add_player(account: Account, name: str) -> Player:
    name = clean_name(name)
    existing = find_player(account, name)
    if existing is not None:
        return existing
    player = Player(account_id=account.id, name=name)
    db.session.add(player)
    db.session.commit()
    return player


def find_player(account: Account, name: str) -> Player | None:
    """The roster's player of this name: the exact spelling, else one that differs
    only by letter case or spaces ("ann" is Ann)."""
    key = name_key(name)
    alike = None
    for player in db.session.scalars(select(Player).where(Player.account_id == account.id)):
        if player.name == name:
            return player
        if alike is None and name_key(player.name) == key:
            alike = player
    return alike


def rename_player(player: Player, name: str) -> Player:
    name = clean_name(name)
    other = find_player(player.account, name)
    if other is not None and other.id != player.id:
        raise ServiceError(f"{other.name} is already on your roster.", "name", code="same_name")
    player.name = name
    db.session.commit()
    return player


# -- games ---------------------------------------------------------------------


def start_game(
    account: Account,
    variant: str,
    players: Sequence[Player | str],
    *,
    first_dealer: int = 0,
    options: dict[str, Any] | None = None,
    rematch_of: Game | None = None,
) -> Game:
    """A new game; the engine checks the variant, player count and options first.

    ``players`` are roster players or names; a name not on the roster yet is
    added to it in the same commit, so a game that cannot start adds nobody.
    """
    try:
        typed = [p.name if isinstance(p, Player) else clean_name(p) for p in players]
        # "Ann" and "ann" are one player, who sits once: no two seats can find the same roster player.
        check_names(typed)
        seated = [p if isinstance(p, Player) else _roster_player(account, name) for p, name in zip(players, typed)]
        if not 0 <= first_dealer < max(len(seated), 1):
            raise ServiceError("Pick the first dealer from the players.", "first_dealer", code="bad_first_dealer")
        game = Game(account_id=account.id, variant=variant, options=dict(options or {}),
                    first_seat=first_dealer, rematch_of_id=rematch_of.id if rematch_of else None)
        game.seats = [Seat(seat=i, player=p) for i, p in enumerate(seated)]
        sheet = _replay_or_raise(game, [])
    except (ServiceError, InvalidEntry):
        db.session.rollback()
        raise
    _refresh(game, sheet)
    db.session.add(game)
    db.session.flush()  # the game's id, for its statistics rows
    stats.store_results([(game, sheet)])
    db.session.commit()
    return game


def _roster_player(account: Account, name: str) -> Player:
    """The roster's player of that (cleaned) name, or a new one (not committed here)."""
    player = find_player(account, name)
    if player is None:
        player = Player(account_id=account.id, name=name)
        db.session.add(player)
    return player


# Called with a change's new sheet just before it commits, to add rows that
# must commit with the change or not at all (the API's idempotency record).
BeforeCommit = Callable[[dict[str, Any]], None] | None


def record_hand(game: Game, entry: dict[str, Any], *, token: str, expected: int,
                before_commit: BeforeCommit = None) -> dict[str, Any]:
    """Record the next hand (``entry`` with names); the new sheet.

    ``token`` is the entry form's one-time token and ``expected`` the hand
    number the form was opened for: a form saved twice records once
    (:class:`AlreadyRecorded`), and a form opened before another phone saved
    that hand is refused (:class:`StaleHand`).
    """
    if expected != game.hands_count + 1:
        _check_token(game, token)  # this form again, or another phone's hand?
        raise StaleHand(expected, game.hands_count)
    if not token:
        raise ServiceError("This form has expired; open the hand entry again.", code="form_expired")
    # A form saved twice carries an old hand number (above); should two of its
    # posts race, the token's unique constraint stops the second (_conflict).
    stored = entry_with_seats(entry, game.names)
    following = replayed(game).after(entry)  # the engine checks the hand on its game so far
    sheet = following.sheet()
    db.session.add(HandEntry(game_id=game.id, number=expected, entry=stored, token=token))
    committed = _commit_change(game, sheet, on_conflict=lambda: _conflict(game, token, expected),
                               before_commit=before_commit)
    replays.put(committed, following)
    return sheet


def edit_hand(game: Game, number: int, entry: dict[str, Any], *,
              before_commit: BeforeCommit = None) -> dict[str, Any]:
    """Replace hand ``number``; every later total is recomputed.  Logged."""
    hand = _hand(game, number)
    stored = entry_with_seats(entry, game.names)
    if stored == hand.entry:
        return sheet_of(game)
    entries = [h.entry if h.number != number else stored for h in game.hands]
    sheet = _replay_or_raise(game, entries)
    game.changes.append(Change(action="edit", hand_number=number, before=hand.entry, after=stored))
    hand.entry = stored
    hand.updated_at = utcnow()
    _commit_change(game, sheet, before_commit=before_commit)
    return sheet


def undo_last_hand(game: Game, *, before_commit: BeforeCommit = None) -> dict[str, Any]:
    """Remove the last hand.  Logged, with what it was."""
    if not game.hands:
        raise ServiceError("There is no hand to undo.", code="nothing_to_undo")
    last = game.hands[-1]
    entries = [h.entry for h in game.hands[:-1]]
    sheet = _replay_or_raise(game, entries)
    game.changes.append(Change(action="undo", hand_number=last.number, before=last.entry, after=None))
    game.hands.remove(last)
    _commit_change(game, sheet, before_commit=before_commit)
    return sheet


def end_game(game: Game, *, before_commit: BeforeCommit = None) -> dict[str, Any]:
    """End the game by agreement after its last hand.  Logged."""
    if game.ended or game.status == "finished":
        raise ServiceError("This game is already over.", code="game_over")
    game.ended = True
    sheet = _replay_or_raise(game, [h.entry for h in game.hands])
    game.changes.append(Change(action="end", hand_number=len(game.hands) or None, before=None, after=None))
    _commit_change(game, sheet, before_commit=before_commit)
    return sheet


def rematch(game: Game) -> Game:
    """Same players, seats and options; the first deal moves one seat on."""
    players = [seat.player for seat in game.seats]
    account = db.session.get(Account, game.account_id)
    assert account is not None
    first = (game.first_seat + 1) % len(players)
    return start_game(account, game.variant, players, first_dealer=first,
                      options=dict(game.options or {}), rematch_of=game)


def delete_game(game: Game) -> None:
    db.session.delete(game)
    db.session.commit()


# -- share links: a game's read-only live sheet for phones without an account ----


# Built once: the game page asks it every time it is drawn.
_LIVE_SHARE_LINK = (
    select(ShareLink)
    .where(ShareLink.game_id == bindparam("game_id"), ShareLink.revoked_at.is_(None))
    .order_by(ShareLink.id.desc())
    .limit(1)
)


def live_share_link(game: Game) -> ShareLink | None:
    """The game's share link that is not turned off, if it has one."""
    return db.session.execute(_LIVE_SHARE_LINK, {"game_id": game.id}).scalar_one_or_none()


def share_game(game: Game) -> ShareLink:
    """The game's live share link, made if it has none (a second tap makes no second link)."""
    link = live_share_link(game)
    if link is None:
        link = ShareLink(game_id=game.id, token=secrets.token_urlsafe(SHARE_TOKEN_BYTES))
        db.session.add(link)
        db.session.commit()
    return link


def stop_sharing(game: Game) -> int:
    """Turn off every live share link of the game: they answer 404 from now on.

    Returns how many were turned off; a link shared later gets a new token.
    """
    links = db.session.scalars(
        select(ShareLink).where(ShareLink.game_id == game.id, ShareLink.revoked_at.is_(None))
    ).all()
    for link in links:
        link.revoked_at = utcnow()
    db.session.commit()
    return len(links)


def shared_game(token: str) -> Game | None:
    """The game a live share link shows; None for an unknown or turned-off token."""
    return db.session.scalar(
        select(Game)
        .join(ShareLink, ShareLink.game_id == Game.id)
        .where(ShareLink.token == token, ShareLink.revoked_at.is_(None))
    )


# -- internals -----------------------------------------------------------------


def _replay_or_raise(game: Game, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The sheet with these entries; :class:`InvalidEntry` if the engine refuses."""
    get_variant(game.variant)  # an unknown variant is the caller's bug, said plainly
    return replay(game.log(entries))


def _hand(game: Game, number: int) -> HandEntry:
    for hand in game.hands:
        if hand.number == number:
            return hand
    raise ServiceError(f"This game has no hand {number}.", code="no_such_hand")


def _check_token(game: Game, token: str) -> None:
    if not token:
        raise ServiceError("This form has expired; open the hand entry again.", code="form_expired")
    recorded = db.session.scalar(
        select(HandEntry.number).where(HandEntry.game_id == game.id, HandEntry.token == token)
    )
    if recorded is not None:
        raise AlreadyRecorded(recorded)


def _conflict(game: Game, token: str, expected: int) -> ServiceError:
    """After a lost race: was it this form again, or another phone?"""
    db.session.refresh(game)
    try:
        _check_token(game, token)
    except AlreadyRecorded as already:
        return already
    return StaleHand(expected, len(game.hands))


def _summary_of(sheet: dict[str, Any]) -> dict[str, Any]:
    """What lists need from the sheet, kept on the game row; the log stays the truth."""
    return {
        "status": "finished" if sheet["finished"] else "playing",
        "hands_count": len(sheet["hands"]),
        "summary": {"totals": sheet["totals"], "winners": sheet["winners"], "next": sheet["next"]},
        "updated_at": utcnow(),
    }


def _refresh(game: Game, sheet: dict[str, Any]) -> None:
    for column, value in _summary_of(sheet).items():
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
    summary = _summary_of(sheet)
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
    "AlreadyRecorded", "Conflict", "InvalidEntry", "ServiceError", "StaleHand",
    "add_player", "authenticate", "delete_game", "edit_hand", "end_game", "rematch",
    "record_hand", "register", "rename_player", "sheet_of", "start_game", "undo_last_hand",
    "live_share_link", "share_game", "shared_game", "stop_sharing",
]
