"""Drafts through the web: each phone at the table types its own seat's input.

``GET /games/<id>/hands/<n>/drafts`` is every seat's draft of hand ``n``
(JSON, with an ETag: the entry form asks every second and gets a 304 while
nothing changed); ``POST`` the same with ``{"seat": 1, "fields": {"cards":
"KH 5D"}, "by": "Bob's phone"}`` keeps one seat's (CSRF-checked as every
form is, by its ``X-CSRFToken`` header).  The owner and any phone that
opened the game's keeper link may do both (:func:`~.access.kept_game`).
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, jsonify, make_response, request
from flask_babel import format_decimal
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import services
from ..engine import InvalidEntry
from ..models import Game, HandDraft
from ..services import ServiceError, drafts
from .access import kept_game
from .refusals import REFUSALS
from .catalogue import described

bp = Blueprint("drafts", __name__, url_prefix="/games/<int:game_id>/hands/<int:number>/drafts")

#: the largest draft request read (a seat's fields, as JSON)
MAX_DRAFT_BODY = 16_000


@bp.route("", methods=["GET"])
def show(game_id: int, number: int) -> Response:
    game = kept_game(game_id)
    found = drafts.drafts_of(game, number)
    etag = _etag(game, number, found)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = jsonify(_answer(game, number, found))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache, private"
    return response


@bp.route("", methods=["POST"])
def save(game_id: int, number: int) -> Response | tuple[Response, int]:
    game = kept_game(game_id)
    if (request.content_length or 0) > MAX_DRAFT_BODY:
        return jsonify(error=_("A draft is at most %(most)s bytes.", most=format_decimal(MAX_DRAFT_BODY)),
                       code="too_large"), 413
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or type(body.get("seat")) is not int:
        return jsonify(error=_("Send %(shape)s.", shape='{"seat": 0, "fields": {...}, "by": "..."}'),
                       code="bad_draft"), 422
    try:
        drafts.save_draft(game, number, body["seat"], body.get("fields") or {}, str(body.get("by") or ""),
                          seat_fields(game))
    except drafts.HandSaved as saved:
        return jsonify(error=saved.message, code=saved.code, **_answer(game, number, [])), REFUSALS[saved.code][0]
    except ServiceError as error:
        return jsonify(error=error.message, code=error.code), REFUSALS.get(error.code, (422, ""))[0]
    return make_response(jsonify(_answer(game, number, drafts.drafts_of(game, number))))


def seat_fields(game: Game) -> frozenset[str]:
    """The entry form's fields of one seat in this game (what a draft may hold)."""
    try:
        options = services.sheet_of(game)["options"]  # the game's effective rules, as the form has them
    except InvalidEntry:
        options = dict(game.options or {})
    entry = described(game.variant, options)["entry"]
    keys = [f["key"] for f in entry["fields"]]
    keys += [c["key"] for c in entry["choices"] if c["kind"] == "players"]
    return frozenset(keys + (["status"] if entry["statuses"] else []))


def _answer(game: Game, number: int, found: list[HandDraft]) -> dict[str, Any]:
    names = game.names
    return {
        "number": number,
        "next": game.hands_count + 1,
        "saved": number <= game.hands_count,
        "drafts": [{"seat": d.seat, "player": names[d.seat] if d.seat < len(names) else "", "fields": d.fields,
                    "by": d.by, "at": d.updated_at.isoformat() if d.updated_at else None} for d in found],
    }


def _etag(game: Game, number: int, found: list[HandDraft]) -> str:
    state = [game.revision, game.hands_count, number, *((d.seat, d.updated_at, d.by) for d in found)]
    return "d" + hashlib.sha256(repr(state).encode()).hexdigest()[:20]
