"""The stored rows: accounts, their players, games and hand entries.

A game's truth is its log: variant, options, seats and the raw entry of
every hand.  Totals are never stored as truth; the engine replays the log.
``Game.summary`` is only a cache of the last replay (for lists), refreshed
by every change.

Hand entries are stored keyed by seat number (``{"out": 0, "hands": {"1":
{...}}}``) rather than by name, so renaming a player never breaks a game;
:meth:`Game.log` puts the names in.  A game played in sides keeps how many
players a side has (``side_size``): partners sit opposite, so the seats and
that number are the log's whole ``sides`` header; each side's input in an
entry is kept by the side's place in seat order (``{"sides": {"0": {...}}}``).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from flask_login import UserMixin
from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .engine import seated_sides
from .engine.sides import side_name
from .extensions import db


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_uid() -> str:
    return str(uuid.uuid4())


class Account(UserMixin, db.Model):  # type: ignore[name-defined,misc]
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The language the account's phones read the pages in (a code of web/language.py's
    # LANGUAGES), or None: each phone's browser decides.
    language: Mapped[str | None] = mapped_column(String(16), default=None)

    players: Mapped[list[Player]] = relationship(
        back_populates="account", cascade="all, delete-orphan", order_by="Player.name"
    )


class Player(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (UniqueConstraint("account_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    account: Mapped[Account] = relationship(back_populates="players")


class Game(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (
        Index("ix_game_account_status_updated", "account_id", "status", "updated_at"),
        # The game's identity across export and import: a backup restored twice adds it once.
        UniqueConstraint("account_id", "uid"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    uid: Mapped[str] = mapped_column(String(36), default=new_uid)
    variant: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first_seat: Mapped[int] = mapped_column(default=0)
    # Players a side has, where the table plays in sides (partners opposite); None: no sides header.
    side_size: Mapped[int | None] = mapped_column(default=None)
    ended: Mapped[bool] = mapped_column(default=False)
    status: Mapped[str] = mapped_column(String(10), default="playing")  # playing | finished
    hands_count: Mapped[int] = mapped_column(default=0)
    summary: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Bumped by every change: two phones can never both apply one on the same state.
    revision: Mapped[int] = mapped_column(default=0)
    rematch_of_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    # Seats and their players come with the game: every page of a game names them.
    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="Seat.seat", lazy="selectin"
    )
    hands: Mapped[list[HandEntry]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="HandEntry.number"
    )
    changes: Mapped[list[Change]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="Change.id"
    )

    @property
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def seated_sides(self, names: list[str] | None = None) -> list[list[str]] | None:
        """The log's ``sides`` header: the players in sides of ``side_size``, partners opposite."""
        if not self.side_size:
            return None
        return seated_sides(self.variant, self.names if names is None else names, self.side_size)

    def side_names(self, names: list[str] | None = None) -> list[str] | None:
        """The sides' names in seat order ("Ann & Cara"), or None where the log has no sides."""
        seated = self.seated_sides(names)
        return None if seated is None else [side_name(side) for side in seated]

    def log(self, entries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The engine's log for this game (``entries`` replaces the stored hands)."""
        names = self.names
        stored = [hand.entry for hand in self.hands] if entries is None else entries
        sides = self.seated_sides(names)
        columns = None if sides is None else [side_name(side) for side in sides]
        log: dict[str, Any] = {
            "variant": self.variant,
            "players": names,
            "options": dict(self.options or {}),
            "first_dealer": names[self.first_seat],
        }
        if sides is not None:  # only then: the log of a game without sides is as it always was
            log["sides"] = sides
        log["hands"] = [entry_for_engine(entry, names, columns) for entry in stored]
        log["ended"] = bool(self.ended)  # None until the row is first flushed
        return log


class GameType(db.Model):  # type: ignore[name-defined,misc]
    """A game the account defined (``Our Marriage``): a variant the table defines and its whole definition.

    Starting a game of it copies ``options`` into the game's own log, so a
    change here applies to new games only and a deleted type leaves its
    games as they were.  ``name`` is the game's name as its sheet gives it
    (the engine's title of the options), kept for the lists.
    """

    __table_args__ = (UniqueConstraint("account_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    variant: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class Seat(db.Model):  # type: ignore[name-defined,misc]
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class HandEntry(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        UniqueConstraint("game_id", "token"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The entry form's one-time token: the same form posted twice records once.
    token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # How it was recorded, where not by the game's owner: "keeper" (a keeper link).
    via: Mapped[str | None] = mapped_column(String(10), default=None)

    game: Mapped[Game] = relationship(back_populates="hands")


class Change(db.Model):  # type: ignore[name-defined,misc]
    """One correction to a game: an edited or undone hand, or the game ended."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    action: Mapped[str] = mapped_column(String(10))  # edit | undo | end | record (a keeper link's new hand)
    hand_number: Mapped[int | None]
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # Who made it, where not the game's owner: "keeper" (a keeper link).
    via: Mapped[str | None] = mapped_column(String(10), default=None)

    game: Mapped[Game] = relationship(back_populates="changes")


class ApiToken(db.Model):  # type: ignore[name-defined,misc]
    """A personal API token: shown once when made, kept only as its SHA-256."""

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The first characters of the token, so a list can tell tokens apart.
    prefix: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]


class IdempotencyRecord(db.Model):  # type: ignore[name-defined,misc]
    """The first answer to an API request sent with an ``Idempotency-Key``.

    The same key again (same account) gets this answer back and changes
    nothing; the unique constraint makes two racing requests record once.
    """

    __table_args__ = (UniqueConstraint("account_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(255))
    # What the key was first used for (method, path and a hash of the body):
    # the same key on a different request is refused, not answered wrongly.
    fingerprint: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int]
    response: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ShareLink(db.Model):  # type: ignore[name-defined,misc]
    """A read-only link to one game's live sheet, for phones without an account."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    # Unguessable (secrets.token_urlsafe); kept as is, since the game page
    # shows the link and its QR code again for as long as it is live.
    token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]


class KeeperLink(db.Model):  # type: ignore[name-defined,misc]
    """A link that lets anyone at the table record, correct and undo one game's hands.

    Only the SHA-256 of its token is kept.  The token itself is an HMAC of
    ``nonce`` under the app's secret key, so the owner's game page can show
    the link and its QR code again, while the database alone gives neither.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    nonce: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]


class HandDraft(db.Model):  # type: ignore[name-defined,misc]
    """What one seat's phone has typed for a hand not yet saved: never part of the game's log.

    One per hand and seat (the last one typed wins); the hand's drafts go
    when it is saved.  ``fields`` holds the seat's entry-form fields as typed
    (``{"cards": "KH 5D", "count": ""}``), ``by`` who typed them.
    """

    __table_args__ = (UniqueConstraint("game_id", "number", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    seat: Mapped[int]
    fields: Mapped[dict[str, Any]] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(80))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class SignInAttempt(db.Model):  # type: ignore[name-defined,misc]
    """A failed sign-in (or a refused registration), for throttling guessing across every worker and host."""

    id: Mapped[int] = mapped_column(primary_key=True)
    # The e-mail address as typed, lower-cased (whether or not an account has it).
    email: Mapped[str] = mapped_column(String(254), index=True)
    # The device id of the phone's device cookie for that e-mail's account, or "" for
    # every client without one: each known phone is counted apart (services/throttle.py).
    device: Mapped[str] = mapped_column(String(32), default="", server_default="")
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


def entry_with_names(entry: dict[str, Any], names: list[str], sides: list[str] | None = None) -> dict[str, Any]:
    """A stored entry (seats) as the engine takes it (names).

    ``sides`` are the game's side names in seat order (:meth:`Game.side_names`);
    without them, a side is a player (a game that scores sides of one).
    """
    out = dict(entry)
    if isinstance(out.get("out"), int):
        out["out"] = names[out["out"]]
    if "hands" in out:
        out["hands"] = {names[int(seat)]: value for seat, value in out["hands"].items()}
    if isinstance(out.get("sides"), dict):
        out["sides"] = {_seat_name(place, sides or names): value for place, value in out["sides"].items()}
    if isinstance(out.get("games"), list):  # a hand of several games at once: each an entry of its own
        out["games"] = [entry_with_names(one, names, sides) if isinstance(one, dict) else one
                        for one in out["games"]]
    return out


def entry_for_engine(entry: Any, names: list[str], sides: list[str] | None = None) -> Any:
    """A stored entry with names, as :func:`entry_with_names`, but never failing.

    A row stored before imports were checked may name a seat the game does
    not have, or be no entry at all; such parts are left as they are, so the
    engine refuses the log by its own rules (a page shows why, and the hand
    can be corrected or undone) instead of the conversion raising.
    """
    if not isinstance(entry, dict):
        return entry
    try:
        return entry_with_names(entry, names, sides)
    except (LookupError, TypeError, ValueError, AttributeError):
        pass
    out = dict(entry)
    seat = out.get("out")
    if type(seat) is int and 0 <= seat < len(names):
        out["out"] = names[seat]
    hands = out.get("hands")
    if isinstance(hands, dict):
        out["hands"] = {_seat_name(seat, names): value for seat, value in hands.items()}
    if isinstance(out.get("sides"), dict):
        out["sides"] = {_seat_name(place, sides or names): value for place, value in out["sides"].items()}
    if isinstance(out.get("games"), list):
        out["games"] = [entry_for_engine(one, names, sides) for one in out["games"]]
    return out


def _seat_name(seat: Any, names: list[str]) -> Any:
    try:
        index = int(seat)
    except (TypeError, ValueError):
        return seat
    return names[index] if 0 <= index < len(names) else seat


def entry_with_seats(entry: dict[str, Any], names: list[str], sides: list[str] | None = None) -> dict[str, Any]:
    """An engine entry (names) as stored (seats; each side's input by the side's place).

    A side's name the game does not have is kept as it is: the engine refuses
    such an entry before anything is stored.
    """
    stored = dict(entry)
    if stored.get("out") is not None:
        stored["out"] = names.index(stored["out"])
    if "hands" in stored:
        stored["hands"] = {str(names.index(name)): value for name, value in stored["hands"].items()}
    if isinstance(stored.get("sides"), dict):
        table = sides or names
        stored["sides"] = {str(table.index(name)) if name in table else name: value
                           for name, value in stored["sides"].items()}
    if isinstance(stored.get("games"), list):  # a hand of several games at once: each stored by seat too
        stored["games"] = [_game_with_seats(one, names) for one in stored["games"]]
    return stored


def _game_with_seats(game: Any, names: list[str]) -> Any:
    """One game of a hand of several (its ``out`` and ``hands``) by seat; a name the game does not
    have, or a game that is no entry, is kept as it is: the engine refuses it before anything is stored."""
    if not isinstance(game, dict):
        return game
    stored = dict(game)
    if isinstance(stored.get("out"), str) and stored["out"] in names:
        stored["out"] = names.index(stored["out"])
    if isinstance(stored.get("hands"), dict):
        stored["hands"] = {str(names.index(name)) if name in names else name: value
                           for name, value in stored["hands"].items()}
    return stored


class SeatResult(db.Model):  # type: ignore[name-defined,misc]
    """What one seat of one game came to, for the statistics pages.

    Derived from the engine's sheet (see :mod:`scorekeeper.stats`) and
    rewritten in the same commit as every change of the game: a cache, the
    log stays the truth.  Rows go with their game (ON DELETE CASCADE).  The
    variant's moments are rows of their own (:class:`SeatMoment`).
    """

    # Both indexes cover their pages' queries, so a GROUP BY over an
    # account's many thousand rows reads the index alone; the first ends
    # with the key, so the moments' join from it reads no table row either.
    __table_args__ = (
        Index("ix_seat_result_account_player", "account_id", "player_id", "variant", "name", "lowest_wins",
              "finished", "won", "hands", "hands_won", "score_sum", "best_hand", "game_id", "seat"),
        Index("ix_seat_result_head_to_head", "account_id", "sides", "side", "game_id", "seat", "player_id",
              "variant", "name", "finished", "won"),
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(String(20))
    #: the game's name as its sheet gives it: the variant's, or the table's own (a house game's):
    #: the statistics group a variant's games by it
    name: Mapped[str] = mapped_column(String(40))
    lowest_wins: Mapped[bool]
    players: Mapped[int]  # how many sat at the game
    # The seat's side (its column on the sheet: the seat itself in a game not
    # played in sides) and how many sides the game had: head to head is
    # between the players of a game of two sides who sat on different ones.
    side: Mapped[int]
    sides: Mapped[int]
    finished: Mapped[bool]
    won: Mapped[bool]
    hands: Mapped[int]  # hands this seat played (up to its elimination)
    hands_won: Mapped[int]
    score_sum: Mapped[float]
    best_hand: Mapped[float | None]  # best for the game: the lowest when lowest wins


#: the longest moment key a row can hold (a test holds every declared key to it)
MOMENT_KEY_LENGTH = 32


class SeatMoment(db.Model):  # type: ignore[name-defined,misc]
    """How many times one seat of one game had one of its variant's moments (gins, drops, ...).

    A row per moment that happened (count > 0), keyed by the moment's key as
    the engine's catalogue declares it: a new game's moments need no new
    column, and no migration.  Written with the seat's :class:`SeatResult`
    row, in the same commit; a cache like it, gone with the game.
    """

    # Without a rowid on SQLite, the rows are kept in key order: the pages'
    # join reaches a seat's moments, and their counts, in one index read.
    __table_args__ = (
        CheckConstraint("count > 0", name="count_positive"),  # a moment that never happened has no row
        {"sqlite_with_rowid": False},
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    moment: Mapped[str] = mapped_column(String(MOMENT_KEY_LENGTH), primary_key=True)
    count: Mapped[int]


class SignIn(db.Model):  # type: ignore[name-defined,misc]
    """One signed-in phone or browser: a sign-in, or a registration, until it signs out.

    Its cookies (the session's and the remember-me one) carry the account's
    id and a random secret; only the secret's SHA-256 is kept here, so a
    leaked database opens no session.  Signing out deletes the row, and with
    it every copy of those cookies; a row older than the remember-me
    duration is refused, and deleted at the next sign-in.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # Indexed for the purge of expired rows at each sign-in.
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
