"""Sign-ins: one row per signed-in phone or browser, so that signing out signs out.

A sign-in's cookies (Flask's session and Flask-Login's remember-me cookie)
carry the account's id and a random secret; the database keeps only the
secret's SHA-256 (a leaked database opens no session, and one indexed
lookup finds the row).  A cookie is good while its row is there and younger
than the remember-me duration: signing out deletes the row, so every copy of
that browser's cookies is refused from then on, however they were copied.

The use cases here each own their commit, as in :mod:`scorekeeper.services`.
API tokens are a separate thing (:mod:`scorekeeper.api_tokens`): nothing here
touches them.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from . import passwords
from .extensions import db
from .models import Account, SignIn, utcnow
from .services import ServiceError


class WrongPassword(ServiceError):
    """The current password typed to change it is not the account's."""

    def __init__(self) -> None:
        super().__init__("That is not your current password, so nothing was changed: type both passwords again.",
                         "current_password")


def key_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def start(account: Account, *, lasts: timedelta) -> str:
    """A new sign-in for the account; its secret, for the cookies, is returned only here.

    Sign-ins older than ``lasts`` (the remember-me duration), every
    account's, are refused already; here they are deleted.
    """
    secret = _new_sign_in(account, lasts=lasts)
    db.session.commit()
    return secret


def end(account_id: int, secret: str) -> None:
    """This sign-in is over: its cookies, and every copy of them, are refused from now on."""
    db.session.execute(delete(SignIn).where(SignIn.account_id == account_id, SignIn.key_hash == key_hash(secret)))
    db.session.commit()


def end_every(account: Account) -> None:
    """Every sign-in of the account is over, on every phone and browser."""
    db.session.execute(delete(SignIn).where(SignIn.account_id == account.id))
    db.session.commit()


def live(account: Account, *, lasts: timedelta) -> int:
    """How many phones and browsers are signed in to the account now."""
    return db.session.scalar(
        select(func.count()).select_from(SignIn)
        .where(SignIn.account_id == account.id, SignIn.created_at > utcnow() - lasts)
    ) or 0


def change_password(account: Account, current: str, new: str, *, lasts: timedelta) -> str:
    """A new password: every sign-in of the account ends and one new one begins, for the
    phone that changed it; that sign-in's secret is returned.

    All in one commit: a refused change (:class:`WrongPassword`, a new
    password that registering would refuse) changes nothing.
    """
    if not check_password_hash(account.password_hash, current):
        raise WrongPassword()
    refused = passwords.problem(new, account.email)
    if refused:
        raise ServiceError(refused, "new_password")
    account.password_hash = generate_password_hash(new)
    db.session.execute(delete(SignIn).where(SignIn.account_id == account.id))
    secret = _new_sign_in(account, lasts=lasts)
    db.session.commit()
    return secret


def _new_sign_in(account: Account, *, lasts: timedelta) -> str:
    """Adds the row (not committed) and deletes the expired ones; the secret."""
    secret = secrets.token_urlsafe(32)
    db.session.execute(delete(SignIn).where(SignIn.created_at <= utcnow() - lasts))
    db.session.add(SignIn(account_id=account.id, key_hash=key_hash(secret)))
    return secret
