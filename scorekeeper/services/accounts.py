"""Accounts: registering, signing in, and the sign-ins that signing out ends.

Registering and checking a password come first.  Then the sign-ins: one
row per signed-in phone or browser, so that signing out signs out.  A
sign-in's cookies (Flask's session and Flask-Login's remember-me cookie)
carry the account's id and a random secret; the database keeps only the
secret's SHA-256 (a leaked database opens no session, and one indexed
lookup finds the row).  A cookie is good while its row is there and younger
than the remember-me duration: signing out deletes the row, so every copy of
that browser's cookies is refused from then on, however they were copied.

The use cases here each own their commit.  API tokens are a separate thing
(:mod:`scorekeeper.services.api_tokens`): nothing here touches them.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from .. import passwords
from ..extensions import db
from ..models import Account, SignIn, utcnow
from .errors import ServiceError


class EmailTaken(ServiceError):
    """Registering an e-mail that already has an account.

    The message neither confirms nor denies more than registering must: the
    web counts these refusals against the client's address like failed
    sign-ins, so nobody can sweep a list of addresses through this form.
    """

    code = "email_taken"

    def __init__(self) -> None:
        super().__init__(_("This email cannot be used for a new account. If it is yours, sign in instead "
                           "(or use another email)."), "email")


def register(email: str, password: str) -> Account:
    email = email.strip().lower()
    refused = passwords.problem(password, email)
    if refused:
        raise ServiceError(refused, "password", code="bad_password")
    if db.session.scalar(select(Account).where(Account.email == email)):
        raise EmailTaken()
    account = Account(email=email, password_hash=_hashed(password))
    db.session.add(account)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise EmailTaken() from None
    return account


def _hashed(password: str) -> str:
    """The password's salted hash, by the app's ``PASSWORD_HASH`` method."""
    return generate_password_hash(password, method=current_app.config.get("PASSWORD_HASH", "scrypt"))


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


# -- sign-ins --------------------------------------------------------------------


class WrongPassword(ServiceError):
    """The current password typed to change it is not the account's."""

    def __init__(self) -> None:
        super().__init__(_("That is not your current password, so nothing was changed: type both passwords again."),
                         "current_password")


def key_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def start_sign_in(account: Account, *, lasts: timedelta) -> str:
    """A new sign-in for the account; its secret, for the cookies, is returned only here.

    Sign-ins older than ``lasts`` (the remember-me duration), every
    account's, are refused already; here they are deleted.
    """
    secret = _new_sign_in(account, lasts=lasts)
    db.session.commit()
    return secret


def set_language(account: Account, language: str | None) -> None:
    """The language the account's pages are read in from now on (None: each browser's own)."""
    account.language = language
    db.session.commit()


def end_sign_in(account_id: int, secret: str) -> None:
    """This sign-in is over: its cookies, and every copy of them, are refused from now on."""
    db.session.execute(delete(SignIn).where(SignIn.account_id == account_id, SignIn.key_hash == key_hash(secret)))
    db.session.commit()


def end_every_sign_in(account: Account) -> None:
    """Every sign-in of the account is over, on every phone and browser."""
    db.session.execute(delete(SignIn).where(SignIn.account_id == account.id))
    db.session.commit()


def live_sign_ins(account: Account, *, lasts: timedelta) -> int:
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
    account.password_hash = _hashed(new)
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


__all__ = [
    "EmailTaken", "WrongPassword", "authenticate", "change_password", "end_every_sign_in", "end_sign_in",
    "key_hash", "live_sign_ins", "register", "start_sign_in",
]
