"""The languages the pages are offered in, and which one a request without an account's choice reads.

Kept apart from the web layer (plain werkzeug, no app): the live view's
answers, drawn in front of Flask (:mod:`scorekeeper.live.asks`), are kept per
language with the same rule the pages use (:mod:`scorekeeper.web.language`).
"""

from __future__ import annotations

from collections.abc import Collection

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

#: the languages offered: code -> the language's own name for itself (never translated); the app's
#: ``LANGUAGES`` setting by default (a setting may offer another, with its catalogue in a folder
#: of ``BABEL_TRANSLATION_DIRECTORIES``)
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "de": "Deutsch",
    "it": "Italiano",
    "fr": "Français",
    "hi": "हिन्दी",
    "ne": "नेपाली",
    "ja": "日本語",
    "id": "Bahasa Indonesia",
    "ar": "العربية",
}
#: the languages written right to left: the page is mirrored (``dir="rtl"``)
RIGHT_TO_LEFT = frozenset({"ar"})
DEFAULT = "en"
#: the cookie a phone's choice is kept in
COOKIE = "language"
#: where a request's environ may carry the language it is to be answered in, decided before Flask
ENVIRON_KEY = "scorekeeper.language"


def asked(cookie: str | None, accept_language: str | None, offered: Collection[str] = LANGUAGES) -> str:
    """The phone's own choice (its cookie), else the best match of its browser's Accept-Language,
    else English; among the languages ``offered`` (the app's ``LANGUAGES`` setting)."""
    if cookie in offered:
        return str(cookie)
    accepted = parse_accept_header(accept_language or "", LanguageAccept)
    return accepted.best_match(list(offered), default=DEFAULT) or DEFAULT


def asked_in(environ: dict[str, object], offered: Collection[str] = LANGUAGES) -> str:
    """:func:`asked` from a WSGI request's headers."""
    cookie = parse_cookie(str(environ.get("HTTP_COOKIE") or "")).get(COOKIE)
    return asked(cookie, str(environ.get("HTTP_ACCEPT_LANGUAGE") or ""), offered)
