"""The live asks, answered in front of Flask: each link's sheet drawn once per change per process.

:class:`LiveAsks` takes every ``GET /s/<token>/sheet``.  It keeps, per link
(and page asked), the route's last answer with the board's count read just
before the route's query (:class:`Drawn`).  While the board heard no change
of that game since (and for ``LIVE_STAMPS_TRUST`` seconds at most, in case
of a change made outside the app), that answer is the game's: a phone that
holds its ETag is held until the game changes, then sent the new sheet, or
answered ``304`` when its wait is over; any other phone is sent the kept
sheet at once.  When it is no longer the game's, the first ask draws the
sheet again while this process's other asks on the link wait for it.  When
only its trust ran out, the route is asked with its ETag instead: one read
of the game and, while that ETag still holds, the answer is kept again
without being drawn.
"""

from __future__ import annotations

import random
import re
import secrets
import threading
import time
import zlib
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from typing import Any

from flask import Flask

from ..languages import ENVIRON_KEY, asked_in
from . import BOARD, CHANNEL, Board
from .hearing import Listener

#: where the route leaves what it learnt of a link: (the ETag, the game's id)
LEARNT = "scorekeeper.live_learnt"
#: where init_app keeps the process's board, its listener and the gate of the working threads
LISTENER, WORKING = "scorekeeper.live_listener", "scorekeeper.working"
_SHEET_PATH = re.compile(r"/s/([A-Za-z0-9_-]{1,200})/sheet")
#: a kept answer's headers that are not the same for every phone
_NOT_KEPT = frozenset({"content-length", "set-cookie", "x-request-id", "date", "server"})
#: and those a 304 does not carry
_NOT_ON_304 = frozenset({"content-type", "content-encoding", "vary"})
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
#: the longest a live ask is held: a 25-fold cut of a phone's asks while nothing happens,
#: well inside a proxy's idle timeout (nginx: 60 s) and gunicorn's graceful stop (30 s)
HOLD_LONGEST = 25
_WAIT = re.compile(r"(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])")
#: at most this many links' answers kept by a process (then it starts again)
MOST_KEPT = 20_000

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


@dataclass(frozen=True)
class Drawn:
    """A link's answer as the route drew it: the game's while ``board.changed_since(game, count)``
    is false, and until ``until`` (monotonic) at most."""

    game: int
    count: int
    until: float
    etag: str
    headers: list[tuple[str, str]]
    body: bytes


class LiveAsks:
    """WSGI, in front of Flask: the live asks, held and answered from what this process drew."""

    def __init__(self, app: WsgiApp, board: Board, listener: Listener, trust: float,
                 languages: Collection[str]) -> None:
        self.app = app
        self.languages = languages
        self.board = board
        self.listener = listener
        self.trust = trust
        self._kept: dict[tuple[str, str, str, str], Drawn] = {}
        self._drawing = [threading.Lock() for _ in range(64)]  # (a link's: one of these, by its key)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        match = _SHEET_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if match is None or environ.get("REQUEST_METHOD") != "GET":
            return self.app(environ, start_response)
        # Kept per language too: two phones on one link may read it in two languages at once.
        language = environ[ENVIRON_KEY] = asked_in(environ, self.languages)
        key = (match.group(1), environ.get("QUERY_STRING", ""), environ.get("HTTP_ACCEPT_ENCODING", ""), language)
        self.listener.use()  # (hearing while live asks come; started by the first)
        until = time.monotonic() + _wait_asked(environ)
        held_etag = environ.get("HTTP_IF_NONE_MATCH")
        applied: list[tuple[str, str]] = [_request_id(environ)]
        while True:
            drawn = self._drawn(environ, start_response, key, applied)
            if not isinstance(drawn, Drawn):
                return drawn  # (the route's own answer: a dead link, a refusal)
            if held_etag != drawn.etag:
                start_response("200 OK", [*drawn.headers, ("Content-Length", str(len(drawn.body))), *applied])
                return [drawn.body]
            left = min(until, drawn.until) - time.monotonic()
            changed = self.board.hold(drawn.game, drawn.count, left) if left > 0 else None
            if changed is not None and len(applied) == 1:
                applied.append(("Preference-Applied", f"wait={_wait_asked(environ)}"))
            # Changed: asked again of the board, then sent.  Not, with some of the phone's wait
            # left: the kept answer's trust ran out first, so it is looked at again and held.
            if changed is None or (not changed and time.monotonic() >= until):
                headers = [(name, value) for name, value in drawn.headers if name.lower() not in _NOT_ON_304]
                start_response("304 NOT MODIFIED", [*headers, *applied])
                return []

    def _drawn(self, environ: dict[str, Any], start_response: Callable[..., Any], key: tuple[str, str, str, str],
               applied: list[tuple[str, str]]) -> Drawn | Iterable[bytes]:
        """The link's answer as it is now: the one kept, or drawn anew (by this thread, or by
        another of this process's while this one waits for it); else the route's answer, sent."""
        kept = self._current(key)
        if kept is not None:
            return kept
        with self._drawing[zlib.crc32(repr(key).encode()) % len(self._drawing)]:
            kept = self._current(key)
            if kept is not None:
                return kept
            hearing = self.board.hearing
            count = self.board.count  # (before the query: a change after it moves the count)
            started = time.monotonic()
            asked = {name: value for name, value in environ.items() if name != "HTTP_IF_NONE_MATCH"}
            # Its trust ran out with no change heard: the route is asked whether it still holds (the
            # game read, its ETag compared, nothing drawn), and its trust renewed if it does.
            old = self._kept.get(key)
            if old is not None and hearing and not self.board.changed_since(old.game, old.count):
                asked["HTTP_IF_NONE_MATCH"] = old.etag
            answered: list[Any] = []

            def keep(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
                answered[:] = [status, headers, exc_info]
                return _unsent

            body = self.app(asked, keep)
            learnt = asked.get(LEARNT)
            if old is not None and answered and answered[0][:3] == "304" and answered[2] is None and learnt is not None:
                _closed(body)
                drawn = replace(old, count=count, until=self._until(started))
                self._kept[key] = drawn
                return drawn
            if learnt is None or not answered or answered[0][:3] != "200" or answered[2] is not None:
                self._kept.pop(key, None)
                if answered:
                    start_response(answered[0], [*answered[1], *applied[1:]], answered[2])
                return body
            try:
                whole = b"".join(body)
            finally:
                _closed(body)
            etag, game = learnt
            headers = [(name, value) for name, value in answered[1] if name.lower() not in _NOT_KEPT]
            drawn = Drawn(game, count, self._until(started), f'"{etag}"', headers, whole)
            if hearing:
                if len(self._kept) >= MOST_KEPT:
                    self._kept.clear()
                self._kept[key] = drawn
            return drawn

    def _until(self, started: float) -> float:
        """When an answer drawn at ``started`` is looked at again at the latest: between three
        quarters of the trust and all of it, so that the answers drawn together (every phone
        asking at once after a restart) are not all looked at again together."""
        return started + self.trust * random.uniform(0.75, 1.0)

    def _current(self, key: tuple[str, str, str, str]) -> Drawn | None:
        kept = self._kept.get(key)
        if kept is None or time.monotonic() >= kept.until or self.board.changed_since(kept.game, kept.count):
            return None
        return kept


def _closed(body: Iterable[bytes]) -> None:
    """The route's answer closed: Flask's teardown, the request's session back to the pool."""
    close = getattr(body, "close", None)
    if close is not None:
        close()


def _unsent(data: bytes) -> None:
    """WSGI's write() for an answer kept back: Flask never writes through it."""


def _request_id(environ: dict[str, Any]) -> tuple[str, str]:
    """The phone's own request id where it sent a fitting one, else a new one."""
    offered = environ.get("HTTP_X_REQUEST_ID", "")
    return "X-Request-ID", offered if _REQUEST_ID.fullmatch(offered) else secrets.token_hex(6)


def _wait_asked(environ: dict[str, Any]) -> int:
    """The seconds the phone said it can wait for its answer (``Prefer: wait=N``, RFC 7240),
    at most :data:`HOLD_LONGEST`; 0 where it said nothing of it."""
    found = _WAIT.search(environ.get("HTTP_PREFER", ""))
    return min(int(found.group(1)), HOLD_LONGEST) if found else 0


class Working:
    """WSGI, behind :class:`LiveAsks`: at most ``most`` requests of this process in Flask at
    once, the others waiting their turn in their threads (no bound while ``most`` is None).

    gunicorn's pool has a thread for every ask a worker may hold beside the few
    that work (gunicorn.conf.py); without this gate a burst of requests (every
    phone's first ask at once, a wave of saves) would run hundreds of them at
    once, each a turn of the GIL, all waiting for the pool's few database
    connections.  A held ask takes its turn only when it goes on to Flask.
    """

    def __init__(self, app: WsgiApp) -> None:
        self.app = app
        self.gate: threading.BoundedSemaphore | None = None

    def bound(self, most: int | None) -> None:
        self.gate = threading.BoundedSemaphore(most) if most else None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        gate = self.gate
        if gate is None:
            return self.app(environ, start_response)
        with gate:
            return self.app(environ, start_response)


def serve_in_worker(app: Flask, *, working: int, holds: int, serving: Callable[[], bool]) -> None:
    """This process is one of gunicorn's workers (gunicorn.conf.py): at most ``working``
    requests in Flask at once, at most ``holds`` asks held, and none once ``serving()`` is
    false (every held ask is then answered)."""
    app.extensions[WORKING].bound(working)
    board: Board = app.extensions[BOARD]
    board.most = holds
    board.serving = serving


def init_app(app: Flask) -> None:
    """:class:`Working`, then :class:`LiveAsks`, in front of the app."""
    working = app.extensions[WORKING] = Working(app.wsgi_app)
    board = app.extensions[BOARD] = Board(most=int(app.config["LIVE_HOLDS"]))
    listener = app.extensions[LISTENER] = Listener(
        board, app.config["SQLALCHEMY_DATABASE_URI"], app.config.get("LIVE_STAMPS") or None,
        app.config.get("LIVE_CHANNEL") or CHANNEL)
    app.wsgi_app = LiveAsks(working, board, listener, float(app.config["LIVE_STAMPS_TRUST"]),  # type: ignore[method-assign]
                            list(app.config["LANGUAGES"]))
