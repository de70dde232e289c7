"""Keeper links: anyone at the table records, corrects and undoes one game's hands.

A game has at most one keeper link on at a time.  Its token is 192 random
bits' worth of HMAC: ``HMAC-SHA256(secret key, "keeper:" + nonce)``, of
which only the SHA-256 is stored, next to the nonce.  So the database alone
never gives a working link, while the owner's game page can show the link
and its QR code again for as long as it is on.  Turning it off revokes it at
once: every request through it looks it up again.

Its 192 bits are what keep a guesser from finding one; wrong tokens are
slowed per address by the route (:mod:`scorekeeper.web.link_guesses`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from sqlalchemy import bindparam, select

from .. import live
from ..extensions import db
from ..models import Game, KeeperLink, utcnow

#: what a hand or a change made through a keeper link is marked with (``via``)
KEEPER = "keeper"
#: a token's length: 32 URL-safe characters (192 bits)
KEEPER_TOKEN_CHARS = 32

_LIVE_LINK = (
    select(KeeperLink)
    .where(KeeperLink.game_id == bindparam("game_id"), KeeperLink.revoked_at.is_(None))
    .order_by(KeeperLink.id.desc())
    .limit(1)
)


def token_of(link: KeeperLink, secret: str | bytes) -> str:
    """The link's token, derived again from its nonce under the app's secret key."""
    key = secret.encode() if isinstance(secret, str) else secret
    digest = hmac.new(key, f"keeper:{link.nonce}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:KEEPER_TOKEN_CHARS]


def hash_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def live_keeper_link(game: Game) -> KeeperLink | None:
    """The game's keeper link that is on, if it has one."""
    return db.session.execute(_LIVE_LINK, {"game_id": game.id}).scalar_one_or_none()


def start_keeping(game: Game, secret: str | bytes) -> KeeperLink:
    """The game's keeper link, made if it has none (a second tap makes no second link)."""
    link = live_keeper_link(game)
    if link is None:
        link = KeeperLink(game_id=game.id, nonce=secrets.token_urlsafe(24), token_hash="")
        link.token_hash = hash_of(token_of(link, secret))
        db.session.add(link)
        db.session.commit()
    return link


def stop_keeping(game: Game) -> int:
    """Turn off the game's keeper links: every phone holding one is refused from now on."""
    links = db.session.scalars(
        select(KeeperLink).where(KeeperLink.game_id == game.id, KeeperLink.revoked_at.is_(None))
    ).all()
    for link in links:
        link.revoked_at = utcnow()
    live.changed([game.id])
    db.session.commit()
    return len(links)


def kept_game_id(token: str) -> int | None:
    """The game a keeper token lets a phone keep; None for an unknown or turned-off one."""
    if not 0 < len(token) <= 2 * KEEPER_TOKEN_CHARS:
        return None
    return game_id_of_hash(hash_of(token))


def game_id_of_hash(token_hash: str) -> int | None:
    """As :func:`kept_game_id`, from the token's SHA-256 (what a phone's session keeps)."""
    return db.session.execute(_GAME_OF_HASH, {"token_hash": token_hash}).scalar_one_or_none()


# Built once: every request through a keeper link asks it.
_GAME_OF_HASH = select(KeeperLink.game_id).where(
    KeeperLink.token_hash == bindparam("token_hash"), KeeperLink.revoked_at.is_(None)
)


def is_keeper_token(token: str) -> bool:
    """Whether ``token`` is a keeper link's, on or turned off: not a guess (it was handed out)."""
    if not 0 < len(token) <= 2 * KEEPER_TOKEN_CHARS:
        return False
    return db.session.scalar(select(KeeperLink.id).where(KeeperLink.token_hash == hash_of(token))) is not None


__all__ = [
    "KEEPER", "KEEPER_TOKEN_CHARS", "game_id_of_hash", "hash_of", "is_keeper_token", "kept_game_id", "live_keeper_link",
    "start_keeping", "stop_keeping", "token_of",
]
