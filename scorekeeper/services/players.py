"""The account's roster: its players, by name.

A name is cleaned by one rule whichever way it comes (:func:`clean_name`),
and two names that differ only by letter case or spaces are one player
(:func:`find_player`).
"""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from ..engine import InvalidEntry
from ..engine.bounds import MAX_NAME, check_name, look_alike, name_key
from .. import live
from ..extensions import db
from ..models import Account, Player, Seat
from ..note_language import in_language
from .errors import ServiceError


def clean_name(name: str) -> str:
    """A typed name as the roster keeps it: spaces collapsed, then the engine's name rule.

    The one rule for names, whichever way they come (the forms, the API, an
    import): 1 to 40 characters, no control character or lone surrogate
    (SCORING.md section 6), and two names that differ only by letter case
    or spaces are the same player.
    """
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("A player needs a name."), "name", code="bad_name")
    if len(name) > MAX_NAME:
        raise ServiceError(too_long(name), "name", code="bad_name")
    try:
        check_name(name)
    except InvalidEntry as error:
        message = in_language(error.message)
        raise ServiceError(message[:1].upper() + message[1:] + ".", "name", code="bad_name") from None
    return name


def too_long(name: str) -> str:
    """The refusal of a name past the bound, saying by how much."""
    return _("Keep names to %(most)s characters (this one has %(length)s).", most=MAX_NAME, length=len(name))


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
        said = _("%(name)s is already on your roster.", name=other.name) if other.name == name else \
            _("%(alike)s: %(name)s is already on your roster.", alike=in_language(look_alike(other.name, name)),
              name=other.name)
        raise ServiceError(said, "name", code="same_name")
    player.name = name
    # The name is on the live views of every game the player sits in.
    live.changed(db.session.scalars(select(Seat.game_id).where(Seat.player_id == player.id)).all())
    db.session.commit()
    return player


def roster_player(account: Account, name: str) -> Player:
    """The roster's player of that (cleaned) name, or a new one (not committed here)."""
    player = find_player(account, name)
    if player is None:
        player = Player(account_id=account.id, name=name)
        db.session.add(player)
    return player


__all__ = ["MAX_NAME", "add_player", "clean_name", "find_player", "rename_player", "roster_player", "too_long"]
