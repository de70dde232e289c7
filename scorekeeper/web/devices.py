"""Device cookies: a phone that signed in to an account before is known to it.

OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a
successful sign-in (or registration, or password change) gives the phone a
cookie naming the account and a fresh random device id, signed with the
app's ``SECRET_KEY`` (itsdangerous, as Flask's own session is).  A sign-in
that presents a valid one for the e-mail typed is counted under that device
id, apart from every client without one (:mod:`scorekeeper.services.throttle`):
when strangers' failures lock the account's untrusted clients out, this
phone still signs in.

One cookie holds the entries of the last ``MOST_ACCOUNTS`` accounts signed
in on the phone (a table's phone can be passed around).  An entry names its
account by a digest of the e-mail, not the e-mail itself, so the cookie
does not show it.  Signing out keeps the cookie: the phone stays known.
"""

from __future__ import annotations

import hashlib
import secrets

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

COOKIE = "device"
#: accounts one phone is known to at once; the oldest is forgotten past it
MOST_ACCOUNTS = 5
#: as long as a phone keeps its cookies: a year after the last sign-in
LASTS = 60 * 60 * 24 * 365
#: a cookie longer than this is not read (five entries take about 330 characters)
LONGEST = 1000
_SALT = "scorekeeper.device-cookie"


def known_device(email: str) -> str:
    """The device id this phone's cookie holds for ``email``'s account; "" when it holds none (untrusted)."""
    return dict(_entries()).get(_account_key(email), "")


def remember_device(response: Response, email: str) -> None:
    """After a success: a new device id for this account on this phone (OWASP: a new cookie each sign-in)."""
    account = _account_key(email)
    entries = [entry for entry in _entries() if entry[0] != account]
    entries = [*entries, (account, secrets.token_urlsafe(12))][-MOST_ACCOUNTS:]
    config = current_app.config
    response.set_cookie(
        COOKIE, _serializer().dumps([list(entry) for entry in entries]), max_age=LASTS,
        secure=bool(config.get("SESSION_COOKIE_SECURE")), httponly=True, samesite="Lax",
    )


def _entries() -> list[tuple[str, str]]:
    text = request.cookies.get(COOKIE, "")
    if not text or len(text) > LONGEST:
        return []
    try:
        loaded = _serializer().loads(text)
    except BadSignature:
        return []
    if not isinstance(loaded, list):
        return []
    return [
        (entry[0], entry[1]) for entry in loaded
        if isinstance(entry, list) and len(entry) == 2 and all(isinstance(part, str) for part in entry)
    ]


def _account_key(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt=_SALT)
