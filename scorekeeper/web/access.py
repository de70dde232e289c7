"""Loading what the signed-in account may see: everything else is a 404."""

from __future__ import annotations

from flask import abort
from flask_login import current_user
from sqlalchemy import select

from ..extensions import db
from ..models import Game, Player


def own_game(game_id: int) -> Game:
    """The signed-in account's game, or 404 (never 403: others' games do not exist)."""
    game = db.session.scalar(
        select(Game).where(Game.id == game_id, Game.account_id == current_user.id)
    )
    if game is None:
        abort(404)
    return game


def own_player(player_id: int) -> Player:
    player = db.session.scalar(
        select(Player).where(Player.id == player_id, Player.account_id == current_user.id)
    )
    if player is None:
        abort(404)
    return player
