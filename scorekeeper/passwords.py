"""What makes a password acceptable for a new account: its length, and not being a common one."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask_babel import lazy_gettext as _l

MIN_LENGTH = 10
# Hashing cost grows with length: a bound keeps a 20 MB "password" from tying up a worker.
MAX_LENGTH = 128

# (lazy: each is written in the language of the request that shows it)
LENGTH_MESSAGE = _l("Use at least %(least)s characters (at most %(most)s).", least=MIN_LENGTH, most=MAX_LENGTH)
COMMON_MESSAGE = _l("That password is one of the most common ones: pick something less guessable.")
EMAIL_MESSAGE = _l("A password that is your email address is the first thing anyone tries: pick another.")


def problem(password: str, email: str = "") -> str | None:
    """Why this password is refused for a new account, or None when it is fine.

    >>> problem("short")
    'Use at least 10 characters (at most 128).'
    >>> problem("Qwertyuiop")
    'That password is one of the most common ones: pick something less guessable.'
    >>> problem("correct horse") is None
    True
    """
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        return str(LENGTH_MESSAGE)
    folded = password.strip().lower()
    if folded in common_passwords():
        return str(COMMON_MESSAGE)
    if email and folded in {email.strip().lower(), email.strip().lower().split("@")[0]}:
        return str(EMAIL_MESSAGE)
    return None


@cache
def common_passwords() -> frozenset[str]:
    text = (Path(__file__).with_name("common_passwords.txt")).read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))
