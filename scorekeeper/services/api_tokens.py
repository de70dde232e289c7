"""Personal API tokens: made and named by an account, shown once, kept only as a hash.

A token is ``sk_`` and 43 URL-safe characters (256 random bits).  Only its
SHA-256 is stored: a leaked database gives nobody a working token.  A plain
hash (no salt, no slow hash) is enough for a random secret of that length,
and lets a request find its token with one indexed lookup.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from flask_babel import gettext as _
from sqlalchemy import select

from ..extensions import db
from ..models import Account, ApiToken, utcnow
from .errors import ServiceError

PREFIX = "sk_"
MAX_NAME = 60
# How many characters a list shows, so two tokens can be told apart.
SHOWN = len(PREFIX) + 6
# last_used_at is written at most this often per token: a script's every
# request should not be a database write.
LAST_USED_STEP = timedelta(minutes=1)


def hash_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_token(account: Account, name: str) -> tuple[ApiToken, str]:
    """A new token for the account; the secret itself is returned only here."""
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Name the token (what will use it?)."), "name")
    if len(name) > MAX_NAME:
        raise ServiceError(_("Keep token names to %(most)s characters.", most=MAX_NAME), "name")
    if not name.isprintable():
        raise ServiceError(_("Use letters, digits, spaces and punctuation only."), "name")
    secret = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(account_id=account.id, name=name, token_hash=hash_of(secret), prefix=secret[:SHOWN])
    db.session.add(token)
    db.session.commit()
    return token, secret


def tokens_of(account: Account) -> list[ApiToken]:
    """The account's tokens that still work, newest first."""
    return list(db.session.scalars(
        select(ApiToken)
        .where(ApiToken.account_id == account.id, ApiToken.revoked_at.is_(None))
        .order_by(ApiToken.created_at.desc(), ApiToken.id.desc())
    ))


def own_token(account: Account, token_id: int) -> ApiToken | None:
    return db.session.scalar(
        select(ApiToken).where(ApiToken.id == token_id, ApiToken.account_id == account.id)
    )


def revoke(token: ApiToken) -> None:
    """The token stops working at once; revoking it again changes nothing."""
    if token.revoked_at is None:
        token.revoked_at = utcnow()
        db.session.commit()


def account_for(secret: str) -> Account | None:
    """The account a presented token belongs to, or None (unknown or revoked)."""
    if not secret.startswith(PREFIX):
        return None
    token = db.session.scalar(
        select(ApiToken).where(ApiToken.token_hash == hash_of(secret), ApiToken.revoked_at.is_(None))
    )
    if token is None:
        return None
    now = utcnow()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_STEP:
        token.last_used_at = now
        db.session.commit()
    return db.session.get(Account, token.account_id)
