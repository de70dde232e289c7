"""Loading what the signed-in account may see: everything else is a 404."""

from __future__ import annotations

from typing import TypeVar

from flask import abort
from flask_login import current_user
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import Game, GameType, Player

# Built once: every page of a game starts here.  The seats and their players
# come in the same statement, since every page of a game names them.
_OWN_GAME = (
    select(Game)
    .options(joinedload(Game.seats))
    .where(Game.id == bindparam("game_id"), Game.account_id == bindparam("account_id"))
)


def own_game(game_id: int) -> Game:
    """The signed-in account's game, or 404 (never 403: others' games do not exist)."""
    game = db.session.execute(
        _OWN_GAME, {"game_id": game_id, "account_id": current_user.id}
    ).unique().scalar_one_or_none()
    if game is None:
        abort(404)
    return game


def own_player(player_id: int) -> Player:
    return _owned(Player, player_id)


def own_game_type(type_id: int) -> GameType:
    """One of the signed-in account's own games (a saved definition), or 404."""
    return _owned(GameType, type_id)


Owned = TypeVar("Owned", Player, GameType)


def _owned(model: type[Owned], row_id: int) -> Owned:
    """The account's row of ``model`` with this id, or 404 (another account's does not exist)."""
    found = db.session.scalar(select(model).where(model.id == row_id, model.account_id == current_user.id))
    if found is None:
        abort(404)
    return found
