"""Offline at the table: the service worker, the offline page, and the phone's outbox.

``/sw.js`` is ``static/sw.js`` with the shell it precaches put in front: every
file the app's pages need without the network, each with a hash of its
content, and a version made of those hashes, so a changed file makes a new
precache (the worker drops the old one when it activates).

The outbox's routes take what a phone kept while it could not reach the
server: the entry form's fields exactly as typed (form-encoded, as the form
itself posts them) and, in the ``Idempotency-Key`` header, the id the phone
made for that change.  They answer JSON, which the phone reads by its
``outcome``.  A phone that opened the game's keeper link sends its hands,
corrections and undos here as the owner's does (:func:`~.access.kept_game`);
once the owner turned the link off it is answered ``link_off``, and keeps
the change on screen.  They are the web form's use cases, not the JSON API's
(``/api/v1`` takes only personal API tokens, and a phone has a session):
a new hand's key becomes the hand's one-time token, as the API's does, so a
retry or a reply lost on the way records it once; a correction, an undo and
an end keep their first answer in :mod:`scorekeeper.services.idempotency`,
in the change's own commit.  CSRF is checked as on every form (the phone
asks ``/offline/session`` for a fresh token before it sends).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import NotFound

from .. import services
from ..engine import InvalidEntry
from ..models import Game
from ..services import idempotency
from . import discard_session
from .access import _Unauthorized, kept_game, made_via, own_game, page_identity, session_identities
from .hands import _form, _saved_message, refuse
from .refusals import REFUSED, refusal
from .openapi import MAX_KEY
from .note_words import written

bp = Blueprint("offline", __name__)

#: what a phone precaches (static/ paths), besides the offline page
SHELL_FILES = [
    "scorekeeper.css", "review.css",
    "words.js", "entry.js", "signed.js", "sheet.js", "openhand.js", "offline.js", "outbox.js", "outbox-page.js",
    "share.js", "links.js", "drafts.js", "engine.js", "engine-worker.js", "provisional.js",
    "manifest.webmanifest", "icons/icon.svg", "icons/icon-192.png", "icons/icon-512.png",
    "vendor/idb-keyval/umd.js",
    "vendor/workbox/workbox-sw.js", "vendor/workbox/workbox-core.prod.js",
    "vendor/workbox/workbox-precaching.prod.js", "vendor/workbox/workbox-routing.prod.js",
    "vendor/workbox/workbox-strategies.prod.js", "vendor/workbox/workbox-expiration.prod.js",
]

#: a kept change's key, among the account's stored answers, is this and the phone-made id
KEY_PREFIX = "outbox:"
#: a hand's id is its one-time token (models.HandEntry.token)
MAX_TOKEN = 64


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


@cache
def _static_digests(folder: str) -> tuple[tuple[str, str], ...]:
    """Each shell file's URL and a hash of it, read once per process (a deploy restarts it)."""
    root = Path(folder)
    return tuple((f"/static/{name}", _digest((root / name).read_bytes()))
                 for name in SHELL_FILES if (root / name).is_file())


def _shell() -> list[dict[str, str]]:
    assert current_app.static_folder is not None
    page = render_template("offline.html").encode()
    return [{"url": url, "revision": revision} for url, revision in _static_digests(current_app.static_folder)] + [
        {"url": url_for("offline.page"), "revision": _digest(page)}]


@bp.get("/sw.js")
def worker() -> Response:
    """The service worker, at the root so its scope is the whole app."""
    assert current_app.static_folder is not None
    shell = _shell()
    version = _digest(json.dumps(shell, sort_keys=True).encode())
    source = (Path(current_app.static_folder) / "sw.js").read_text(encoding="utf-8")
    head = f"var SHELL = {json.dumps(shell)};\nvar VERSION = {json.dumps(version)};\n"
    response = Response(head + source, mimetype="text/javascript")
    # The browser checks for a new worker on every visit; never a stale copy.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def page() -> str:
    """What a phone shows for a page it has no copy of: the same for every account, so it is precached."""
    return render_template("offline.html")


#: who a page was drawn for (an account's id, or a keeper link's identity): the worker keeps it with the copy
FOR_HEADER = "X-Scorekeeper-For"
#: everyone this phone's session is now, space-separated: the worker shows a kept copy only to one of them
VIEWER_HEADER = "X-Scorekeeper-Viewer"


bp.add_app_template_global(page_identity, "page_identity")


@bp.after_app_request
def _say_whose(response: Response) -> Response:
    """Pages and JSON say whose they are, so the worker never shows a copy to anyone else on the phone."""
    if (request.method != "GET" or response.status_code >= 500 or request.endpoint in (None, "static", "offline.page")
            or response.mimetype not in ("text/html", "application/json")):
        return response
    response.headers[VIEWER_HEADER] = " ".join(session_identities())
    identity = page_identity()
    if identity is not None and response.status_code == 200:
        response.headers[FOR_HEADER] = identity
    return response


@bp.get("/offline/session")
def session_check() -> tuple[Response, int] | Response:
    """Whether this phone is still signed in, as which account, the keeper links it opened, and a
    fresh CSRF token to send with (a keeper phone has no account, only its links)."""
    keeping = [identity for identity in session_identities() if identity.startswith("k")]
    if not current_user.is_authenticated and not keeping:
        response = jsonify(signed_in=False)
        response.headers["Cache-Control"] = "no-store"
        return response, 401
    if current_user.is_authenticated:
        response = jsonify(signed_in=True, account=current_user.id, keeping=keeping, csrf_token=generate_csrf())
    else:
        response = jsonify(signed_in=False, keeping=keeping, csrf_token=generate_csrf())
    response.headers["Cache-Control"] = "no-store"
    return response


def _answer(status: int, outcome: str, **details: Any) -> tuple[Response, int]:
    response = jsonify(outcome=outcome, **details)
    response.headers["Cache-Control"] = "no-store"
    return response, status


def _key() -> str | None:
    key = request.headers.get("Idempotency-Key", "")
    if not 0 < len(key) <= MAX_KEY - len(KEY_PREFIX) or not (key.isascii() and key.isprintable()):
        return None
    return key


def _fingerprint() -> str:
    fields = sorted((k, v) for k, v in request.form.items(multi=True) if k != "csrf_token")
    return _digest(f"{request.method} {request.path}\n{json.dumps(fields)}".encode())


def _signed_in() -> tuple[Response, int] | None:
    if current_user.is_authenticated:
        return None
    return _answer(401, "signed_out", message=_("Sign in again to send the hands kept on this phone."))


#: what a keeper phone is told once the owner turned the game's keeper link off
LINK_OFF = _l("The game's owner turned its keeper link off, so this phone can no longer record its hands: "
            "this one was not recorded. It stays here for you to copy and give to the owner.")


def _kept(game_id: int) -> Game:
    """The game, for its owner or a phone holding its keeper link; otherwise the answer ends the request:
    signed out (no account, no link), the link turned off (the phone opened it, the owner ended it), or 404."""
    try:
        return kept_game(game_id)
    except _Unauthorized:
        response, status = _signed_in() or _answer(401, "signed_out", message="")
    except NotFound:
        if not g.get("link_off"):  # (kept_game's word: this phone held the game's link, now off)
            raise
        response, status = _answer(403, "link_off", message=str(LINK_OFF))
    response.status_code = status
    abort(response)


def _refusal(form: Any, status: int = 422, code: str = "invalid_request") -> tuple[Response, int]:
    """The form's refusal: its first message, every field's, and the refusal's code (:mod:`.refusals`)."""
    errors = {key: value for key, value in form.errors.items() if value}
    seats = {seat.name: seat.error for seat in form.seats if seat.error}
    first = errors.get("form") or next(iter(errors.values()), None) or next(iter(seats.values()), None)
    return _answer(status, "refused", message=first or _("This hand was refused."), errors=errors, players=seats,
                   code=code)


def _refused(form: Any, error: services.ServiceError | InvalidEntry, *,
             correcting: int | None = None) -> tuple[Response, int]:
    """A use case's refusal, with the status and code every adapter gives it."""
    status = refuse(form, error, correcting=correcting)
    return _refusal(form, status, form.refusal)


def _theirs(game: Game, number: int) -> dict[str, Any] | None:
    """The hand another phone recorded under that number, as the sheet has it."""
    try:
        rows = services.sheet_of(game)["hands"]
    except InvalidEntry:
        return None
    row = next((r for r in rows if r["number"] == number), None)
    if row is None:
        return None
    return {"number": row["number"], "scores": row["scores"], "totals": row["totals"],
            "notes": written(row["notes"], row.get("note_keys"))}


@bp.post("/games/<int:game_id>/outbox/hand")
def record(game_id: int) -> tuple[Response, int]:
    """A new hand kept on the phone: recorded once, as the hand number it expected, or refused."""
    game = _kept(game_id)  # another account's game: 404, whatever else is wrong
    key = _key()
    if key is None:
        return _answer(400, "bad_request", message=_("A kept hand carries its phone-made id (Idempotency-Key)."))
    if game.status == "finished":  # before the form is read (the use case says it too)
        over = refusal(services.GameOver(_("This game is over; the hand was not recorded.")))
        return _answer(over.status, "game_over", message=over.message, code=over.code)
    try:
        expected = int(request.form.get("expected", ""))
    except ValueError:
        return _answer(400, "bad_request", message=_("A kept hand names the hand number it expects."))
    if not 1 <= expected <= 1_000_000:
        return _answer(400, "bad_request", message=_("A kept hand names the hand number it expects."))
    form = _form(game, min(expected, game.hands_count + 1))
    form.load_post(request.form)
    entry = form.to_entry()
    if entry is None:
        return _refusal(form)
    if len(key) > MAX_TOKEN:
        return _answer(400, "bad_request", message=_("A kept hand's id is at most %(most)s characters.",
                                                     most=MAX_TOKEN))
    try:
        # The id is the hand's one-time token, as the entry form's own is (usually it is that token).
        sheet = services.record_hand(game, entry, token=key, expected=expected, via=made_via())
    except services.AlreadyRecorded as already:
        _flash(already.message, "info")
        return _answer(200, "recorded", number=already.number, again=True,
                       location=url_for("games.show", game_id=game_id, _anchor=f"hand-{already.number}"))
    except services.StaleHand as stale:
        taken = refusal(stale)
        return _answer(taken.status, "taken", message=stale.message, expected=expected, recorded=stale.recorded,
                       next=stale.recorded + 1, theirs=_theirs(game, expected), code=taken.code)
    except REFUSED as error:
        return _refused(form, error)
    except OperationalError:
        discard_session()
        return _answer(503, "busy", message=_("The server is busy; the hand is kept and sent again."))
    row = sheet["hands"][-1]
    _flash(_saved_message(row))
    return _answer(200, "recorded", number=row["number"], scores=row["scores"], totals=row["totals"],
                   location=url_for("games.show", game_id=game_id, _anchor=f"hand-{row['number']}"))


def _flash(message: str, category: str = "success") -> None:
    """The page the phone opens next says it, as the form's own redirect would: only when the
    player is waiting for it (a change sent later, in the background, says nothing)."""
    if request.form.get("interactive") == "1":
        flash(message, category)


def _replayed(game: Game, key: str) -> tuple[Response, int] | None:
    record_ = idempotency.stored_answer(game.account_id, KEY_PREFIX + key)
    if record_ is None:
        return None
    if record_.fingerprint != _fingerprint():
        return _answer(422, "refused", message=_("This phone-made id was already used for another change."))
    body = dict(record_.response or {"outcome": "recorded"})
    return _answer(record_.status_code, str(body.pop("outcome", "recorded")), **body)


def _keeper(game: Game, key: str, body: dict[str, Any]) -> services.BeforeCommit:
    """The change's first answer, kept in its own commit among the game's owner's (a keeper phone has
    no account; its ids are made on the phone, and the fingerprint names the game)."""
    fingerprint = _fingerprint()
    account_id = game.account_id

    def keep(sheet: dict[str, Any]) -> None:
        idempotency.keep_answer(account_id, KEY_PREFIX + key, fingerprint, 200, body)

    return keep


def _once(game_id: int, keeper_may: bool = True) -> tuple[Game, str]:
    """The game and the change's key; otherwise the answer ends the request (signed out, the keeper
    link off, no key, or this key's first answer again).  ``keeper_may``: a keeper phone may make it."""
    if keeper_may:
        game: Game | None = _kept(game_id)
        answer = None
    else:
        answer = _signed_in()
        game = own_game(game_id) if answer is None else None  # another account's game: 404
    key = _key()
    if answer is None and key is None:
        answer = _answer(400, "bad_request",
                         message=_("A kept change carries its phone-made id (Idempotency-Key)."))
    if answer is None and key is not None and game is not None:
        answer = _replayed(game, key)
        if answer is None:
            return game, key
    assert answer is not None
    response, status = answer
    response.status_code = status
    abort(response)


@bp.post("/games/<int:game_id>/outbox/hand/<int:number>")
def correct(game_id: int, number: int) -> tuple[Response, int]:
    """A correction kept on the phone."""
    game, key = _once(game_id)
    if not any(h.number == number for h in game.hands):
        return _answer(409, "gone", message=_("Hand %(number)s is no longer on the sheet; the correction was not made.",
                                              number=number))
    form = _form(game, number)
    form.load_post(request.form)
    entry = form.to_entry()
    if entry is None:
        return _refusal(form)
    body: dict[str, Any] = {"outcome": "recorded", "number": number,
                            "location": url_for("games.show", game_id=game_id, _anchor=f"hand-{number}")}
    try:
        services.correct_hand(game, number, entry, before_commit=_keeper(game, key, body), via=made_via())
    except services.Conflict as conflict:
        lost = refusal(conflict)
        return _answer(lost.status, "conflict", message=conflict.message, code=lost.code)
    except REFUSED as error:
        return _refused(form, error, correcting=number)
    except OperationalError:
        discard_session()
        return _answer(503, "busy", message=_("The server is busy; the correction is kept and sent again."))
    _flash(_("Hand %(number)s corrected; every total after it is recomputed.", number=number))
    return _answer(200, **body)


@bp.post("/games/<int:game_id>/outbox/undo")
def undo(game_id: int) -> tuple[Response, int]:
    """Undo kept on the phone: only the hand it was meant for (``number``), once."""
    game, key = _once(game_id)
    last = game.hands[-1].number if game.hands else None
    body: dict[str, Any] = {"outcome": "recorded", "number": last, "location": url_for("games.show", game_id=game_id)}
    try:
        # Only the hand it was meant for: a missing number is no hand's.
        services.undo_hand(game, number=request.form.get("number", ""), before_commit=_keeper(game, key, body),
                           via=made_via())
    except REFUSED as error:
        answer = refusal(error)
        if isinstance(error, services.NotLastHand) or answer.reason == "nothing_to_undo":
            return _answer(answer.status, "gone", code=answer.code, recorded=game.hands_count,
                           message=_("The sheet's last hand is no longer the one this phone meant to undo; "
                                     "nothing was undone."))
        return _answer(answer.status, "conflict", message=answer.message, code=answer.code)
    except OperationalError:
        discard_session()
        return _answer(503, "busy", message=_("The server is busy; the undo is kept and sent again."))
    _flash(_("The last hand was undone; it stays in the change log."))
    return _answer(200, **body)


@bp.post("/games/<int:game_id>/outbox/end")
def end(game_id: int) -> tuple[Response, int]:
    """Ending the game, kept on the phone: once (a game already over is answered as ended).  The
    owner's only: a keeper link cannot end the game."""
    game, key = _once(game_id, keeper_may=False)
    body: dict[str, Any] = {"outcome": "recorded", "location": url_for("games.show", game_id=game_id)}
    if game.ended or game.status == "finished":
        return _answer(200, **body, again=True)
    try:
        services.end_game(game, before_commit=_keeper(game, key, body))
    except REFUSED as error:
        answer = refusal(error)
        return _answer(409, "conflict", message=answer.message, code=answer.code)
    except OperationalError:
        discard_session()
        return _answer(503, "busy", message=_("The server is busy; ending the game is kept and sent again."))
    _flash(_("Game over by agreement."))
    return _answer(200, **body)
