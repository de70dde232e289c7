"""Loading what the signed-in account may see: everything else is a 404."""

from __future__ import annotations

import hashlib
from typing import TypeVar

from flask import abort, g, session
from flask_login import current_user
from werkzeug.exceptions import HTTPException
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from ..extensions import db, login_manager
from ..models import Game, GameType, Player
from ..services import keeping

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


#: where the session keeps the keeper links this phone opened: game id (as text) -> the token's SHA-256
KEEPING = "keeping"


def kept_game(game_id: int) -> Game:
    """The game, for its owner or for a phone that opened its keeper link (which is still on).

    Anyone else gets a 404, and a phone with neither an account nor the
    link the sign-in page, as every page of an account does.  ``g.keeper``
    says which it was: True where the keeper link let this request in.
    """
    g.keeper = False
    if current_user.is_authenticated:
        found = db.session.execute(
            _OWN_GAME, {"game_id": game_id, "account_id": current_user.id}
        ).unique().scalar_one_or_none()
        if found is not None:
            return found
    held = session.get(KEEPING, {})
    token_hash = held.get(str(game_id)) if isinstance(held, dict) else None
    if isinstance(token_hash, str) and keeping.game_id_of_hash(token_hash) == game_id:
        found = db.session.execute(
            select(Game).options(joinedload(Game.seats)).where(Game.id == game_id)
        ).unique().scalar_one_or_none()
        if found is not None:
            g.keeper = True
            g.keeper_game = game_id
            return found
    if not current_user.is_authenticated and token_hash is None:
        raise _Unauthorized(login_manager.unauthorized())
    if isinstance(token_hash, str):
        # This phone kept the game through a link the owner has since turned off: the 404
        # page lists what it kept for the game, to copy (errors/404.html), never dropped.
        g.link_off = (game_id, keeper_identity(game_id, token_hash))
    abort(404)


def made_via() -> str | None:
    """What a change made by this request is marked with: "keeper" through a keeper link, None for the owner."""
    return keeping.KEEPER if g.get("keeper") else None


def grant_keeping(game_id: int, token: str) -> None:
    """This phone may keep the game from now on, while its keeper link stays on."""
    held = session.get(KEEPING)
    held = dict(held) if isinstance(held, dict) else {}
    # A phone keeps a few games at most: the oldest grant goes first.
    while len(held) >= MOST_KEPT:
        held.pop(next(iter(held)))
    held[str(game_id)] = keeping.hash_of(token)
    session[KEEPING] = held


#: at most this many keeper links remembered by one phone's session
MOST_KEPT = 8


def held_grant(game_id: int) -> str | None:
    """The keeper token's SHA-256 this phone's session holds for the game (the link may be off)."""
    held = session.get(KEEPING, {})
    token_hash = held.get(str(game_id)) if isinstance(held, dict) else None
    return token_hash if isinstance(token_hash, str) else None


def keeper_identity(game_id: int, token_hash: str) -> str:
    """Who a keeper phone is to its outbox and its kept pages: one game's one link, never an account.

    "k<game>-<16 hex>", from the token's hash (not the hash itself): a new link
    for the game is a new identity, and an account's (its id, digits only) is never one.
    """
    return f"k{game_id}-{hashlib.sha256(f'outbox:{token_hash}'.encode()).hexdigest()[:16]}"


def page_identity() -> str | None:
    """Whom this request's page is for, as the phone's outbox and kept pages know them: the
    keeper link's identity where it let the request in, else the signed-in account's id."""
    if g.get("keeper"):
        token_hash = held_grant(g.keeper_game)
        return keeper_identity(g.keeper_game, token_hash) if token_hash else None
    return str(current_user.id) if current_user.is_authenticated else None


def session_identities() -> list[str]:
    """Everyone this phone's session is: its account, and each keeper link it opened (on or off)."""
    found = [str(current_user.id)] if current_user.is_authenticated else []
    held = session.get(KEEPING, {})
    if isinstance(held, dict):
        found += [keeper_identity(int(game), token_hash) for game, token_hash in held.items()
                  if isinstance(token_hash, str) and str(game).isdigit()]
    return found


class _Unauthorized(HTTPException):
    """The sign-in page as an exception, so a view can stop at :func:`kept_game`."""

    def __init__(self, response: object) -> None:
        super().__init__(response=response)  # type: ignore[arg-type]


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
