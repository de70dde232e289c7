"""Share links: a game's read-only live sheet for phones without an account.

A game has one live link at a time; turning it off revokes it at once, and
sharing again makes a new link with a new token (the live view itself is
``scorekeeper.web.share``).
"""

from __future__ import annotations

import secrets

from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from .. import live
from ..extensions import db
from ..models import Game, ShareLink, utcnow

# 32 URL-safe characters: 192 random bits, past any guessing.
SHARE_TOKEN_BYTES = 24


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
        live.changed([game.id])
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
    live.changed([game.id])  # the phones' next ask reads the database: 404
    db.session.commit()
    return len(links)


def shared_game(token: str) -> Game | None:
    """The game a live share link shows, its seats and players with it (one query: the live
    sheet is drawn in each worker after every change); None for an unknown or turned-off token."""
    return db.session.scalars(
        select(Game)
        .join(ShareLink, ShareLink.game_id == Game.id)
        .where(ShareLink.token == token, ShareLink.revoked_at.is_(None))
        .options(joinedload(Game.seats))
    ).unique().first()


def is_share_token(token: str) -> bool:
    """Whether ``token`` is a share link's, on or turned off: not a guess (it was handed out)."""
    if not 0 < len(token) <= 64:  # the column's length
        return False
    return db.session.scalar(select(ShareLink.id).where(ShareLink.token == token)) is not None


__all__ = ["SHARE_TOKEN_BYTES", "is_share_token", "live_share_link", "share_game", "shared_game", "stop_sharing"]
