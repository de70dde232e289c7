"""Wrong keeper and share link tokens: slowed per address, and a real link never refused.

A keeper or share link's token is 192 random bits (32 URL-safe characters).
That, not a lock, is what keeps anyone from finding one: even a billion
guesses a second for a century, against a million links on at once, find
one with a chance below 2**-110.  What this adds is a brake on scanning: an
address that tried ``MOST_WRONG`` tokens that do not exist (a 404) is
answered 429 for every further wrong one until the oldest leaves the window.
Once an address is at the limit, a token that names a link, on or turned
off, is looked up and exempt: a real link opens whatever the phone's network
tried before, so a guesser behind a café's Wi-Fi never locks the table out
of its own game.  Below the limit nothing is looked up (a real link's answer
is no 404, so it counts for nothing): the live view's asks cost no query more.

Flask-Limiter keeps the count (a moving window), only where a response was a
404 (``deduct_when``).  It fits here and not for sign-in: its stores are
memory, Redis, Memcached or MongoDB, not this app's database, so with the
default ``memory://`` each gunicorn worker counts on its own (set
``RATELIMIT_STORAGE_URI`` to a shared store to count together).  That is
enough for a brake whose protection lies elsewhere; sign-in's per-account
counts, which are the protection there, stay in the database
(:mod:`scorekeeper.services.throttle`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TypeVar

from flask import Response, current_app, render_template, request
from flask_babel import ngettext
from flask_limiter import RequestLimit
from flask_limiter.util import get_remote_address
from limits import parse

from ..extensions import limiter

#: wrong tokens one address may try within ``WINDOW_MINUTES``: far past any table's typos
MOST_WRONG = 60
WINDOW_MINUTES = 15
WRONG_LINKS = f"{MOST_WRONG} per {WINDOW_MINUTES} minutes"
_WRONG_LINKS = parse(WRONG_LINKS)
#: one count for keeper and share links alike
SCOPE = "wrong-link-tokens"

View = TypeVar("View", bound=Callable[..., object])


def wrong_tokens_limited(token_argument: str, is_real: Callable[[str], bool]) -> Callable[[View], View]:
    """Decorate a route whose ``token_argument`` names a link: its 404s count against the address."""

    def real_link() -> bool:
        if not _at_the_limit():
            return False
        token = (request.view_args or {}).get(token_argument)
        return isinstance(token, str) and is_real(token)

    return limiter.shared_limit(  # type: ignore[return-value]
        WRONG_LINKS, scope=SCOPE, exempt_when=real_link, deduct_when=_not_found, on_breach=_refused,
    )


def _at_the_limit() -> bool:
    """Whether this address has no wrong tries left: the count Flask-Limiter keeps for the shared scope."""
    prefix = current_app.config.get("RATELIMIT_KEY_PREFIX")
    identifiers = [prefix] if prefix else []
    return not limiter.limiter.test(_WRONG_LINKS, *identifiers, get_remote_address(), SCOPE)


def _not_found(response: Response) -> bool:
    return response.status_code == 404


def _refused(limit: RequestLimit) -> Response:
    # When the oldest wrong try leaves the window (RequestLimit.reset_at adds a second to it).
    wait = min(WINDOW_MINUTES * 60, max(1, math.ceil(limit.window.reset_time - time.time())))
    minutes = max(1, -(-wait // 60))
    message = ngettext("This phone's network tried too many links that do not exist. Wait %(num)d minute, "
                       "then open the link the game's owner shows.",
                       "This phone's network tried too many links that do not exist. Wait %(num)d minutes, "
                       "then open the link the game's owner shows.", minutes)
    response = Response(render_template("errors/429.html", message=message), 429, mimetype="text/html")
    response.headers["Retry-After"] = str(wait)
    return response
