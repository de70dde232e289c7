"""Live view: a game's sheet on every phone at the table, no account needed.

The owner turns a share link on (or off) from the game page, which shows
the link and its QR code.  ``/s/<token>`` is read-only: the sheet, the
next-deal guide and the change log, with nothing that changes the game.
Its script asks ``/s/<token>/sheet`` with the ETag it holds, saying it can
wait (``Prefer: wait=25``), and asks again as soon as it is answered (at
most once a second); the answer is a 304 while nothing changed, and the
freshly rendered sheet when a hand was recorded, corrected or undone.
Nearly every ask is a 304, so those do not reach Flask or the database:
:class:`LiveAsks`, in front of the app, takes an ask whose ETag this worker
last worked out for that link, while the game's live stamp
(:mod:`scorekeeper.live_stamps`) is still the one read just before working
it out, and holds it until the stamp moves (then the route answers it with
the new sheet) or the wait is over (a 304).  Any other ask is the route's:
one small query on the game's row for the ETag, and the sheet when it
changed; that sheet is kept on the host's disk, and the link's other
phones, on any worker, are sent the copy while the game's stamp holds.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import segno
from flask import (
    Blueprint, Flask, abort, current_app, flash, make_response, redirect, render_template, request, url_for,
)
from flask_login import login_required
from markupsafe import Markup
from sqlalchemy import select
from werkzeug.wrappers import Response

from .. import live_stamps, services
from ..extensions import db
from ..models import Game, Player, Seat, ShareLink
from .access import own_game
from .addresses import table_url
from .forms import confirmed
from .link_guesses import wrong_tokens_limited
from .sheet import page_asked, sheet_view

bp = Blueprint("share", __name__)

# Part of every ETag: a new release that renders the sheet differently
# must not be answered 304 for a sheet rendered by the old one.
RENDERING = "1"


@dataclass(frozen=True)
class SharePanel:
    """What the owner's game page shows of its live link."""

    url: str
    qr_svg: Markup


def share_panel(game: Game) -> SharePanel | None:
    """The game's live link (its full address as phones at the table reach the app) and QR code."""
    link = services.live_share_link(game)
    if link is None:
        return None
    url = table_url("share.show", token=link.token)
    return SharePanel(url=url, qr_svg=qr_svg(url))


# The game page includes share/_panel.html, which asks for its game's panel.
bp.add_app_template_global(share_panel, "share_panel")


def latest_change(game: Game) -> str:
    """The game's last correction in a few words, for the live page to announce."""
    if not game.changes:
        return ""
    change = game.changes[-1]
    if change.action == "end":
        return "Game ended by agreement"
    done = {"undo": "undone", "record": "recorded"}.get(change.action, "corrected")
    return f"Hand {change.hand_number} {done}"


@functools.lru_cache(maxsize=512)
def qr_svg(url: str, title: str = "QR code of the live link") -> Markup:
    """The URL as a QR code, an inline SVG scaled by CSS (a white quiet zone, even in dark mode).

    Kept per URL (a link's code never changes): drawing it is 15 ms, more than half of
    the owner's game page, which shows it on every visit while the link is on."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=1, border=4, omitsize=True, dark="#000", light="#fff",
        svgclass="qr", lineclass="qr-modules", title=title,
    )
    # An image with a name (its <title>) for screen readers.
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))


# -- the owner: turn the link on and off ---------------------------------------


@bp.route("/games/<int:game_id>/share", methods=["POST"])
@login_required
def create(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        services.share_game(game)
        flash("Live link on: anyone at the table can scan the code to follow the sheet.", "success")
    return redirect(url_for("games.show", game_id=game.id, _anchor="share"), 303)


@bp.route("/games/<int:game_id>/share/revoke", methods=["POST"])
@login_required
def revoke(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        if services.stop_sharing(game):
            flash("Live link turned off: it shows nothing now. A new one gets a new code.", "success")
        else:
            flash("This game had no live link.", "info")
    return redirect(url_for("games.show", game_id=game.id, _anchor="share"), 303)


# -- everyone at the table: the read-only sheet --------------------------------


@bp.route("/s/<token>")
@wrong_tokens_limited("token", services.is_share_token)
def show(token: str) -> Response:
    etag = _etag(token)
    game = services.shared_game(token)
    if etag is None or game is None:
        abort(404)
    page = render_template(
        "share/show.html", game=game, view=sheet_view(game, page=page_asked(request.args)),
        token=token, etag=f'"{etag}"', read_only=True, latest=latest_change(game),
    )
    return _private(make_response(page))


@bp.route("/s/<token>/sheet")
@wrong_tokens_limited("token", services.is_share_token)
def sheet(token: str) -> Response:
    """The live part of the page, or 304 while the game is as the phone last saw it."""
    # The stamp before the query: a change committed after it moves the
    # stamp, so what is learnt here is never trusted past that change.
    seen = _stamp_before(token)
    state = _state(token)
    if state is None:
        abort(404)
    etag, game_id = state
    request.environ[_LEARNT] = (etag, game_id, seen)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        game = services.shared_game(token)
        if game is None:  # turned off between the two queries
            abort(404)
        response = make_response(render_template(
            "share/_live.html", game=game, view=sheet_view(game, page=page_asked(request.args)),
            token=token, read_only=True, latest=latest_change(game),
        ))
    response.set_etag(etag)
    return _private(response)


def _etag(token: str) -> str | None:
    state = _state(token)
    return state[0] if state else None


def _state(token: str) -> tuple[str, int] | None:
    """The ETag of the state the shared sheet shows, and its game's id, from one small
    query; None for a dead link.

    The game's revision and time of last change move with every hand
    recorded, corrected or undone and with the game's end; the names move
    with a rename.  Nothing is replayed.
    """
    found = db.session.execute(
        select(Game.id, Game.revision, Game.updated_at, Player.name)
        .join(ShareLink, ShareLink.game_id == Game.id)
        .join(Seat, Seat.game_id == Game.id)
        .join(Player, Player.id == Seat.player_id)
        .where(ShareLink.token == token, ShareLink.revoked_at.is_(None))
        .order_by(Seat.seat)
    ).all()
    if not found:
        return None
    game_id, revision, updated_at, _ = found[0]
    # The page asked for, with the revision, decides the page shown (the game's
    # hands decide where it clamps, and they move with the revision).
    state: list[Any] = [RENDERING, game_id, revision, updated_at.isoformat(), page_asked(request.args)]
    state += [row.name for row in found]
    digest = hashlib.sha256("\x1f".join(map(str, state)).encode()).hexdigest()[:20]
    return f"r{revision}-{digest}", game_id


def _private(response: Response) -> Response:
    """Asked again every time, kept by no shared cache, sent nowhere as a referrer, not indexed."""
    response.headers["Cache-Control"] = "no-cache, private"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


# -- the live asks that change nothing, before Flask ------------------------------

#: where the route leaves what it learnt of a link for :class:`LiveAsks`: (ETag, game id, stamp read before)
_LEARNT = "scorekeeper.live_learnt"
#: where an ask keeps the moment the phone's wait is over (the environ key)
_WAIT_UNTIL = "scorekeeper.wait_until"
_SHEET_PATH = re.compile(r"/s/([A-Za-z0-9_-]{1,200})/sheet")
#: a response's headers that are not the same on every 304 of a link
_NOT_KEPT = frozenset({"content-length", "content-type", "set-cookie", "x-request-id", "date", "server"})
#: and those not the same on every 200 (the length is the kept body's)
_NOT_SHARED = frozenset({"content-length", "set-cookie", "x-request-id", "date", "server"})
#: the only queries whose answers are kept for the host (a page, or none): a bound on the files
_KEPT_QUERY = re.compile(r"(?:page=[0-9]{1,4})?")
#: an ETag's revision (RENDERING's "r<revision>-<digest>", quoted)
_REVISION = re.compile(r'"r([0-9]{1,18})-')
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
#: at most this many links remembered by a worker (then it starts again)
_MOST_KNOWN = 20_000
#: the longest a live ask is held: a 25-fold cut of a phone's asks while nothing happens,
#: well inside a proxy's idle timeout (nginx: 60 s) and gunicorn's graceful stop (30 s)
HOLD_LONGEST = 25
#: the most times one ask is held again after its worker's trust in the link ran out (with the
#: default LIVE_STAMPS_TRUST, 60 s, once at most within a phone's 25 s)
MOST_ROUNDS = 8
_WAIT = re.compile(r"(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])")
#: a worker trusts what it learnt of a link for a random share of LIVE_STAMPS_TRUST, at least this one
TRUST_SHARE = 0.75
_spread = random.Random()


def _trusted_for(seconds: float) -> float:
    """``seconds`` of trust, less up to a quarter at random: the links a worker learnt together
    (a ramp's or an evening's tables opening at once) are not all read again together later, a
    burst of database reads that would then come back every ``LIVE_STAMPS_TRUST``."""
    return seconds * _spread.uniform(TRUST_SHARE, 1.0)


#: where init_app keeps the app's held asks and its gate (gunicorn.conf.py sets their bounds per worker)
HOLDS = "scorekeeper.live_holds"
WORKING = "scorekeeper.working"

#: what a worker knows of a link: (the quoted ETag, game id, its stamp, the 304's headers, trusted until)
_Known = tuple[str, int, bytes, list[tuple[str, str]], float]
#: per worker: (token, query) -> what it knows of the link
_known: dict[tuple[str, str], _Known] = {}
#: per worker: each live link's game (a token never moves to another game)
_game_of: dict[str, int] = {}


def _stamp_before(token: str) -> bytes | None:
    game_id = _game_of.get(token)
    folder = live_stamps.folder_of(current_app.config)
    if game_id is None or folder is None:
        return None
    return live_stamps.stamp(folder, game_id)


WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class LiveAsks:
    """WSGI, in front of Flask: a live ask whose ETag is still its game's, answered 304 at once
    (or held, :class:`live_stamps.Holds`); one whose game changed, answered from the host's
    kept answer when another worker has drawn it already.

    "Still" means: this worker worked that ETag out for that link (and page)
    less than ``LIVE_STAMPS_TRUST`` seconds ago, and the game's stamp is the
    one read just before.  The 304 carries the headers the route's own
    answer for the link carried (security headers, ETag, caching), and a
    request id.

    A sheet the route draws for a link this worker knows is kept on the
    host's disk with the stamp read before its query
    (:func:`live_stamps.keep_answer`), and every worker serves it, without
    Flask or the database, to the link's phones while that stamp is the
    game's (and for ``LIVE_STAMPS_TRUST`` seconds at most): when a hand is
    saved, the game's three or four phones are woken at once on as many
    workers, and one of them draws the sheet while the others wait for it
    (:func:`live_stamps.drawing`).  A phone that holds another ETag of as
    recent a revision is the route's, so no phone is ever sent back to an
    older sheet.  A worker that reads the database for a link again (its
    trust in it ran out) and finds it unchanged trusts the kept sheet anew
    for the whole host (:func:`live_stamps.renew_answer`): the other workers
    do not read it in turn.  Everything else goes to Flask unchanged, which
    then tells this what it learnt.

    A phone that can wait is held whoever answers that nothing changed: this
    worker from what it knows, the host's kept sheet, or the route itself
    (once a worker's trust in a link ran out, say), so a live view costs one
    ask every 25 s, not one at once and another a second later.
    """

    def __init__(self, app: WsgiApp, folder: Path, trust: float, holds: live_stamps.Holds | None = None) -> None:
        self.app = app
        self.folder = folder
        self.trust = trust
        self.holds = holds or live_stamps.Holds(folder)
        self._prune_at = 0.0

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        match = _SHEET_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if match is None or environ.get("REQUEST_METHOD") != "GET":
            return self.app(environ, start_response)
        return self._ask(environ, start_response, (match.group(1), environ.get("QUERY_STRING", "")), [])

    def _ask(self, environ: dict[str, Any], start_response: Callable[..., Any], key: tuple[str, str],
             applied: list[tuple[str, str]], rounds: int = 0) -> Iterable[bytes]:
        """A live ask: the 304 this worker knows, the host's kept sheet, or the route's answer
        (its 304 held like any other, once the drawing lock is let go, for what is left of the
        phone's wait: at most :data:`MOST_ROUNDS` times, however short the worker's trust)."""
        may_hold = rounds < MOST_ROUNDS
        known = _known.get(key)
        if known is not None:
            answered = self._unchanged(environ, start_response, known, applied)
            if answered is not None:
                return answered
        # (Held above and let go, by a change or because this worker's trust in the link ran
        # out: a phone that still has some of its wait left is held again by whoever finds
        # nothing changed, never sent a 304 only to ask again a second later.)
        game = _game_of.get(key[0])
        served: Iterable[bytes] | None
        if game is None or not _KEPT_QUERY.fullmatch(key[1]):
            served = self._route(environ, start_response, key, applied, None, may_hold=may_hold)
        else:
            name = live_stamps.answer_name(game, f"{RENDERING}/{key[0]}?{key[1]}")
            served = self._kept(environ, start_response, key, game, name, applied, may_hold=may_hold)
            if served is None:
                with live_stamps.drawing(self.folder, game):  # (never held in here: others wait on it)
                    served = self._kept(environ, start_response, key, game, name, applied, may_hold=False,
                                        hold_later=may_hold)
                    if served is None:
                        served = self._route(environ, start_response, key, applied, name, may_hold=may_hold)
        if served is _TO_HOLD:
            # The route's 304 (a worker's trust in a link ran out, say): held now, as though this
            # worker had known it, for what is left of the phone's wait; answered anew, once,
            # if the game changed meanwhile.
            return self._ask(environ, start_response, key, applied, rounds + 1)
        assert served is not None
        return served

    def _unchanged(self, environ: dict[str, Any], start_response: Callable[..., Any], known: _Known,
                   applied: list[tuple[str, str]]) -> Iterable[bytes] | None:
        """The 304 of an ask whose ETag is still its game's, held first where the phone can wait;
        None where the game changed (before or while it was held)."""
        etag, game_id, seen, headers, until = known
        now = time.monotonic()
        if (environ.get("HTTP_IF_NONE_MATCH") != etag or now >= until
                or live_stamps.stamp(self.folder, game_id) != seen):
            return None
        left = _wait_left(environ)
        wait = min(left, until - now)
        moved = self.holds.hold(game_id, seen, wait) if wait > 0 else None
        if moved is not None:
            if not applied:
                applied.append(("Preference-Applied", f"wait={_wait_asked(environ)}"))
            # (A change in the last tick of the wait: the route answers it now.)
            moved = moved or live_stamps.stamp(self.folder, game_id) != seen
            if not moved and wait < left:
                return None  # this worker's trust in the link ran out first: looked at again
        if moved:
            return None
        start_response("304 NOT MODIFIED", [*headers, *applied, _request_id(environ)])
        return []

    def _kept(self, environ: dict[str, Any], start_response: Callable[..., Any], key: tuple[str, str],
              game_id: int, name: str, applied: list[tuple[str, str]], *, may_hold: bool,
              hold_later: bool = False) -> Iterable[bytes] | None:
        """The host's kept answer for the link, while it is still the game's (a 304 where the phone
        holds it: held first, if ``may_hold``, or :data:`_TO_HOLD` if ``hold_later``); None otherwise."""
        answer = live_stamps.kept_answer(self.folder, name)
        if answer is None:
            return None
        left = answer.until - time.time()
        if left <= 0 or left > self.trust or live_stamps.stamp(self.folder, game_id) != answer.stamp:
            return None
        held = environ.get("HTTP_IF_NONE_MATCH", "")
        if held and held != answer.etag and not _older(held, answer.etag):
            return None  # (the phone may hold a sheet newer than the one kept: the route's)
        unchanged = [(header, value) for header, value in answer.headers if header.lower() not in _NOT_KEPT]
        known = _known[key] = (answer.etag, game_id, answer.stamp, unchanged, time.monotonic() + _trusted_for(left))
        if held != answer.etag:
            start_response("200 OK", [*answer.headers, ("Content-Length", str(len(answer.body))),
                                      *applied, _request_id(environ)])
            return [answer.body]
        if may_hold:
            return self._unchanged(environ, start_response, known, applied)
        if hold_later and _wait_left(environ) > 0:
            return _TO_HOLD
        start_response("304 NOT MODIFIED", [*unchanged, *applied, _request_id(environ)])
        return []

    def _route(self, environ: dict[str, Any], start_response: Callable[..., Any], key: tuple[str, str],
               applied: list[tuple[str, str]], keep_as: str | None, *, may_hold: bool = False) -> Iterable[bytes]:
        """Flask's answer, and what it learnt of the link remembered (and, named ``keep_as``,
        a sheet it drew kept for the host).  Where the ask ``may_hold`` and the phone can wait,
        a 304 is not sent: :data:`_TO_HOLD` says to hold it, as this worker now knows it."""
        started = time.time()
        answered: list[Any] = []
        hold = may_hold and _wait_left(environ) > 0

        def keep(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            answered[:] = [status, headers]  # (the route's own: what is kept of them is for any ask)
            if hold and status[:3] == "304" and exc_info is None:
                return _unsent  # (sent below, or held)
            return start_response(status, [*headers, *applied], exc_info)

        body = self.app(environ, keep)
        deferred = hold and bool(answered) and answered[0][:3] == "304"
        learnt = environ.get(_LEARNT)
        if learnt is None or not answered or answered[0][:3] not in ("200", "304"):
            return self._sent(start_response, answered, applied, body) if deferred else body
        etag, game_id, seen = learnt
        if len(_known) >= _MOST_KNOWN:
            _known.clear()
            _game_of.clear()
        first_look = key[0] not in _game_of
        _game_of[key[0]] = game_id
        if seen is None:
            _known.pop(key, None)
            if deferred and first_look:
                # This worker's first ask on the link (a link just shared, a worker just started):
                # the route could read no stamp before its query, not knowing the link's game.
                # Now it does: asked again, the route reads the stamp first and the ask is held.
                _closed(body)
                return _TO_HOLD
            return self._sent(start_response, answered, applied, body) if deferred else body
        kept = [(name, value) for name, value in answered[1] if name.lower() not in _NOT_KEPT]
        _known[key] = (f'"{etag}"', game_id, seen, kept, time.monotonic() + _trusted_for(self.trust))
        if keep_as is not None and answered[0][:3] == "304":
            # The host's kept sheet is the game's still, as of this query: every worker may
            # trust it again from here, not read the database for the link in turn.
            live_stamps.renew_answer(self.folder, keep_as, f'"{etag}"', seen, started + self.trust)
        if deferred:
            _closed(body)
            return _TO_HOLD
        if keep_as is not None and answered[0][:3] == "200":
            shared = [(name, value) for name, value in answered[1] if name.lower() not in _NOT_SHARED]
            body = self._keep(keep_as, body, seen, started + self.trust, f'"{etag}"', shared)
        return body

    @staticmethod
    def _sent(start_response: Callable[..., Any], answered: list[Any], applied: list[tuple[str, str]],
              body: Iterable[bytes]) -> Iterable[bytes]:
        """The route's answer that was kept back to be held, sent as it was after all."""
        start_response(answered[0], [*answered[1], *applied])
        return body

    def _keep(self, name: str, body: Iterable[bytes], seen: bytes, until: float, etag: str,
              headers: list[tuple[str, str]]) -> list[bytes]:
        """The drawn sheet, read whole and kept for the host's workers (the old ones pruned now and then)."""
        try:
            whole = b"".join(body)
        finally:
            _closed(body)
        live_stamps.keep_answer(self.folder, name, live_stamps.Answer(seen, until, etag, headers, whole))
        now = time.monotonic()
        if now >= self._prune_at:
            self._prune_at = now + self.trust
            live_stamps.prune_answers(self.folder, 2 * self.trust)
        return [whole]


def _unsent(data: bytes) -> None:
    """WSGI's write() for a 304 kept back to be held: Flask never writes through it."""


def _closed(body: Iterable[bytes]) -> None:
    """A body done with (Flask's teardown: the request's session goes back to the pool)."""
    close = getattr(body, "close", None)
    if close is not None:
        close()


#: what :meth:`LiveAsks._route` gives where the route's 304 is to be held
_TO_HOLD: list[bytes] = []  # (told apart by what it is, never by what it holds)


def _request_id(environ: dict[str, Any]) -> tuple[str, str]:
    """The phone's own request id where it sent a fitting one, else a new one."""
    offered = environ.get("HTTP_X_REQUEST_ID", "")
    return "X-Request-ID", offered if _REQUEST_ID.fullmatch(offered) else secrets.token_hex(6)


def _older(held: str, kept: str) -> bool:
    """Whether the ETag a phone holds is of an older revision of the game than the kept one's."""
    mine, theirs = _REVISION.match(held), _REVISION.match(kept)
    return bool(mine and theirs and int(mine.group(1)) < int(theirs.group(1)))


def _wait_asked(environ: dict[str, Any]) -> int:
    """The seconds the phone said it can wait for its answer (``Prefer: wait=N``, RFC 7240),
    at most :data:`HOLD_LONGEST`; 0 where it said nothing of it."""
    found = _WAIT.search(environ.get("HTTP_PREFER", ""))
    return min(int(found.group(1)), HOLD_LONGEST) if found else 0


def _wait_left(environ: dict[str, Any]) -> float:
    """The seconds left of the phone's wait, counted from the first time this ask was looked at
    (an ask held more than once, each time for what is left, is answered within its wait)."""
    until = environ.get(_WAIT_UNTIL)
    if until is None:
        until = environ[_WAIT_UNTIL] = time.monotonic() + _wait_asked(environ)
    return max(0.0, until - time.monotonic())


class Working:
    """WSGI, behind :class:`LiveAsks`: at most ``most`` requests of this process in Flask at
    once, the others waiting their turn in their threads (no bound while ``most`` is None).

    gunicorn's pool has a thread for every ask a worker may hold beside the few
    that work (gunicorn.conf.py); without this gate a burst of requests (every
    phone's first ask at once, a wave of saves) would run hundreds of them at
    once, each a turn of the GIL, all waiting for the pool's few database
    connections: the PostgreSQL ramp of bench/tables.py answered in 13 s and
    then 503 that way.  A held ask takes its turn only when it goes on to Flask.
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
    held = app.extensions.get(HOLDS)
    if held is not None:
        held.most = holds
        held.serving = serving


def init_app(app: Flask) -> None:
    """Put :class:`Working` and, where the live stamps are on, :class:`LiveAsks` in front of the app."""
    working = app.extensions[WORKING] = Working(app.wsgi_app)
    app.wsgi_app = working  # type: ignore[method-assign]
    folder = live_stamps.folder_of(app.config)
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        # No stamps can be kept there: every ask reads the database, as with LIVE_STAMPS="".
        app.logger.warning("LIVE_STAMPS %s cannot be made; live asks read the database", folder)
        return
    holds = app.extensions[HOLDS] = live_stamps.Holds(folder, most=int(app.config["LIVE_HOLDS"]))
    app.wsgi_app = LiveAsks(  # type: ignore[method-assign]
        app.wsgi_app, folder, float(app.config["LIVE_STAMPS_TRUST"]), holds)
