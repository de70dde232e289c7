"""The JSON API at ``/api/v1``, described by :mod:`scorekeeper.web.openapi`.

Requests carry a personal API token (``Authorization: Bearer sk_...``);
session cookies never authenticate here, which is what makes it safe for
these routes to be exempt from CSRF checks.  Like every view, each route
loads (the token's account's games only: anything else is 404), calls a
use case in :mod:`scorekeeper.services`, and answers JSON -- errors too,
never an HTML page.

``Idempotency-Key``: the first successful answer to a change of a hand (or
to ending the game) is stored in the same commit as the change itself
(:mod:`scorekeeper.services.idempotency`), so the same key again gets that
answer back and nothing is changed twice.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Callable
from functools import cache
from typing import Any

from flask import Blueprint, Flask, current_app, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from sqlalchemy import select
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from .. import schema_words, services
from ..engine import InvalidEntry
from ..engine.declare import Note
from ..engine.games import when_registry_changes
from ..extensions import csrf, db
from ..models import Account, Game, HandEntry, entry_for_engine
from ..services import api_tokens, backup, idempotency
from .catalogue import catalogue_by_key, game_title
from .refusals import REFUSED, refusal
from .openapi import KEY_PATTERN, MAX_ID, MAX_KEY, document

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)

PUBLIC = {"api.openapi_json", "api.docs"}
CODES = {400: "bad_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed",
         409: "conflict", 413: "too_large", 415: "unsupported_media_type", 422: "invalid_request",
         500: "server_error"}


class ApiError(Exception):
    """An answer other than success: status, a fixed code, a sentence, and any details."""

    def __init__(self, status: int, message: str, code: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.details = details


def error_response(status: int, message: str, code: str | None = None, **details: Any) -> Response:
    """``{"error": sentence, "code": word, ...details}`` with the status (and, for 401, the scheme)."""
    response = jsonify({"error": message, "code": code or CODES.get(status, "error"), **details})
    response.status_code = status
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


def http_error(error: HTTPException) -> Response:
    """A werkzeug error (404, 405, 413, a body that is not JSON...) as the API's JSON error.

    Its ``error`` is a sentence for a person, in the language the request asks for
    (``Accept-Language``); its ``code`` stays the same word in every language."""
    status = error.code or 500
    if status == 405 and not _path_takes_any_method():
        status = 404
    messages = {
        404: _("There is nothing here (or it belongs to another account)."),
        405: _("%(method)s is not allowed here.", method=request.method),
        413: _("The request body is larger than the server takes."),
        500: _("Something went wrong on the server. Read the game back before trying again."),
    }
    response = error_response(status, messages.get(status, error.description or error.name))
    if status == 405 and isinstance(error.valid_methods, list | tuple | set):  # type: ignore[attr-defined]
        response.headers["Allow"] = ", ".join(sorted(error.valid_methods))  # type: ignore[attr-defined]
    return response


def _path_takes_any_method() -> bool:
    """Whether some route answers this path with another method.

    Werkzeug answers 405 when a route of the same shape takes other methods,
    even if the path's number is out of range for every route (a 404).
    """
    adapter = current_app.url_map.bind_to_environ(request.environ)
    for method in ("GET", "POST", "PUT", "DELETE", "PATCH"):
        try:
            adapter.match(method=method)
        except HTTPException:
            continue
        return True
    return False


@bp.errorhandler(ApiError)
def _api_error(error: ApiError) -> Response:
    db.session.rollback()  # nothing a refused request began is kept
    return error_response(error.status, error.message, error.code, **error.details)


@bp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> Response:
    if (error.code or 500) >= 500:
        db.session.rollback()
    return http_error(error)


# By status too: the app's handlers for a status (a NUL byte's 400, the 500
# page) would otherwise answer API requests with a page.
for _status in (400, 401, 404, 405, 409, 413, 415, 422, 500):
    bp.register_error_handler(_status, _http_error)


@bp.record_once
def _json_errors_for_unknown_routes(state: Any) -> None:
    """405 (and 400, 413...) raised before any API view runs, under /api/, in JSON too.

    404 is answered by the app's own handler, which hands /api/ paths here.
    """
    app: Flask = state.app

    def handle(error: HTTPException) -> Any:
        if request.path.startswith("/api/"):
            return http_error(error)
        return error

    app.register_error_handler(HTTPException, handle)


# -- authentication ------------------------------------------------------------


@bp.before_request
def _authenticate() -> None:
    if request.endpoint in PUBLIC:
        return
    header = request.headers.get("Authorization", "")
    scheme, _space, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise ApiError(401, _("Send a personal API token as 'Authorization: Bearer <token>' "
                              "(make one on the Settings → API tokens page)."))
    account = api_tokens.account_for(secret.strip())
    if account is None:
        raise ApiError(401, _("This API token is unknown or has been revoked."))
    g.account = account


def _account() -> Account:
    return g.account  # type: ignore[no-any-return]


# -- request bodies ------------------------------------------------------------


@cache
def _validator(name: str) -> Draft202012Validator:
    """A validator for the document's schema ``name``.

    Entries are only required to be objects here: the engine checks them,
    naming the hand and player at fault.
    """
    components = dict(document()["components"]["schemas"])
    components["Entry"] = {"type": "object"}
    root = Resource.from_contents({"components": {"schemas": components}}, default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource("urn:scorekeeper-api", root)
    return Draft202012Validator({"$ref": f"urn:scorekeeper-api#/components/schemas/{name}"}, registry=registry)


def _body(schema: str, *, optional: bool = False) -> dict[str, Any]:
    """The request's JSON body, checked against the document's schema."""
    raw = request.get_data(cache=True)
    if not raw.strip() and optional:
        return {}
    if not request.is_json:
        raise ApiError(415, _("Send the body as JSON, with 'Content-Type: application/json'."))
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise ApiError(400, _("The body is not JSON: it breaks at line %(line)s, column %(column)s.",
                              line=error.lineno, column=error.colno)) from None
    except ValueError:
        raise ApiError(400, _("The body is not JSON: it is not text in UTF-8.")) from None
    except RecursionError:
        raise ApiError(400, _("The body nests too deeply.")) from None
    problems = sorted(_validator(schema).iter_errors(data), key=lambda e: list(e.absolute_path))
    if problems:
        first = schema_words.nearest(problems[0])
        where, sentence = schema_words.place(first), schema_words.said(first)
        raise ApiError(422, _("%(where)s: %(problem)s", where=where, problem=sentence) if where else sentence,
                       where=where or None)
    return data  # type: ignore[no-any-return]


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    text = request.args.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ApiError(400, _("%(name)s must be a whole number, not %(text)s.", name=name, text=repr(text))) from None
    if not low <= value <= high:
        raise ApiError(400, _("%(name)s must be between %(low)s and %(high)s.", name=name, low=low, high=high))
    return value


# -- loading -------------------------------------------------------------------


def _game(game_id: int) -> Game:
    game = None
    if 1 <= game_id <= MAX_ID:
        game = db.session.scalar(select(Game).where(Game.id == game_id, Game.account_id == _account().id))
    if game is None:
        raise ApiError(404, _("This account has no game %(game)s.", game=game_id))
    return game


def _hand(game: Game, number: int) -> HandEntry:
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        raise ApiError(404, _("Game %(game)s has no hand %(number)s.", game=game.id, number=number))
    return hand


# -- what answers hold -----------------------------------------------------------


def _game_json(game: Game) -> dict[str, Any]:
    summary = game.summary or {}
    names = game.names
    return {
        "id": game.id,
        "uid": game.uid,
        "variant": game.variant,
        "variant_name": game_title(game.variant, game.options),
        "players": names,
        "options": dict(game.options or {}),
        "first_dealer": names[game.first_seat],
        "sides": game.seated_sides(names),
        "status": game.status,
        "ended": bool(game.ended),
        "hands_count": game.hands_count,
        "totals": summary.get("totals", {}),
        "winners": summary.get("winners", []),
        "next": summary.get("next"),
        "created_at": _time(game.created_at),
        "updated_at": _time(game.updated_at),
    }


def _hand_json(hand: HandEntry, names: list[str], sides: list[str] | None) -> dict[str, Any]:
    return {"number": hand.number, "entry": entry_for_engine(hand.entry, names, sides),
            "created_at": _time(hand.created_at), "updated_at": _time(hand.updated_at)}


def _time(value: Any) -> str:
    return value.isoformat() + "Z"


def _refused(error: services.ServiceError | InvalidEntry, game_id: int | None = None, *,
             correcting: int | None = None) -> ApiError:
    """A use case's refusal as every adapter answers it (:func:`.refusals.refusal`), in JSON:
    the use case's or engine's code is the ``reason``; a 409 carries the game's sheet, read
    again (a failed change may have rolled the session back)."""
    answer = refusal(error, correcting=correcting)
    details: dict[str, Any] = {"reason": answer.reason}
    if isinstance(error, InvalidEntry):
        details.update(hand=error.hand, player=error.player, where=error.where, field=error.field)
        return ApiError(answer.status, answer.message, answer.code, **details)
    if error.field is not None:
        details["where"] = error.field
    if isinstance(error, services.NotLastHand):
        details.update(expected=error.expected, recorded=error.recorded)
    if answer.status == 409 and game_id is not None:
        details["sheet"] = services.sheet_of(_game(game_id))
    return ApiError(answer.status, answer.message, answer.code, **details)


def _check_names(entry: Any, game: Game, number: int) -> None:
    """What must hold before an entry can be stored by seat (and side); the engine checks the rest.

    The messages are the engine's own notes for the same faults (the same keys), so the
    answer writes them in the reader's language as it writes the engine's (:func:`_refused`).
    """
    names = game.names
    if not isinstance(entry, dict):
        raise InvalidEntry(Note("errors.refuse.entry_not_an_object"), hand=number)
    out = entry.get("out")
    if out is not None and out not in names:
        raise InvalidEntry(Note("errors.refuse.not_a_player", name=f'"{out}"'), hand=number)
    hands = entry.get("hands", {})
    if not isinstance(hands, dict):
        raise InvalidEntry(Note("errors.refuse.hands_not_a_map"), hand=number)
    for name in hands:
        if name not in names:
            raise InvalidEntry(Note("errors.refuse.not_a_player", name=f'"{name}"'), hand=number)
    sides = entry.get("sides")
    if isinstance(sides, dict) and catalogue_by_key()[game.variant]["sides"] is not None:
        table = game.side_names(names) or names
        for name in sides:
            if name not in table:
                raise InvalidEntry(Note("errors.refuse.not_a_side", name=f'"{name}"', sides=list(table)),
                                   hand=number, field="sides", code="not_a_side")


# -- idempotency ---------------------------------------------------------------


class _Idempotency:
    """The request's Idempotency-Key, if it has one, and its stored answer."""

    def __init__(self, account: Account) -> None:
        self.account = account
        self.key = request.headers.get("Idempotency-Key")
        if self.key is not None and not (0 < len(self.key) <= MAX_KEY and _visible_ascii(self.key)):
            raise ApiError(400, _("An Idempotency-Key is 1 to %(most)s visible ASCII characters.", most=MAX_KEY))
        body = request.get_data(cache=True)
        try:
            # The same JSON however spaced and ordered is the same request.
            canonical = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")) if body.strip() else ""
        except (ValueError, RecursionError):
            canonical = body.decode("latin-1")  # refused later (400/415); only compared, never kept
        self.fingerprint = hashlib.sha256(f"{request.method} {request.path}\n{canonical}".encode()).hexdigest()
        self.stored = False

    def answered(self) -> Response | None:
        """The first answer to this key, if there was one."""
        if self.key is None:
            return None
        record = idempotency.stored_answer(self.account.id, self.key)
        if record is None:
            return None
        if record.fingerprint != self.fingerprint:
            raise ApiError(422, _("This Idempotency-Key was already used for another request; "
                                  "use a new key for each new change."), "idempotency_key_reused")
        response = jsonify(record.response)
        response.status_code = record.status_code
        response.headers["Idempotent-Replayed"] = "true"
        return response

    def hand_token(self) -> str:
        """The hand's one-time token: the same key gives the same token, so it records once."""
        if self.key is None:
            return uuid.uuid4().hex
        return "api-" + hashlib.sha256(f"{self.account.id}:{self.key}".encode()).hexdigest()[:56]

    def keeper(self, status: int, answer: Callable[[dict[str, Any]], dict[str, Any]]) -> services.BeforeCommit:
        """What the service calls with the new sheet before committing: stores the answer in that commit."""
        if self.key is None:
            return None

        key = self.key

        def keep(sheet: dict[str, Any]) -> None:
            idempotency.keep_answer(self.account.id, key, self.fingerprint, status, answer(sheet))
            self.stored = True

        return keep

    def store_alone(self, status: int, body: dict[str, Any]) -> None:
        """For an answer that changed nothing (a correction identical to the hand)."""
        if self.key is not None and not self.stored:
            idempotency.store_answer(self.account.id, self.key, self.fingerprint, status, body)


def _visible_ascii(text: str) -> bool:
    return re.fullmatch(KEY_PATTERN.strip("^$"), text) is not None


def _after_lost_race(idem: _Idempotency, game_id: int, message: str, code: str = "conflict",
                     **details: Any) -> Response:
    """A change that lost to another request: its own twin's answer, or 409 with the sheet."""
    db.session.rollback()
    replay = idem.answered()
    if replay is not None:
        return replay
    game = _game(game_id)
    raise ApiError(409, message, code, **details, sheet=services.sheet_of(game))


# -- the document --------------------------------------------------------------


@bp.get("/openapi.json")
def openapi_json() -> Response:
    return jsonify(document())


@bp.get("/docs")
def docs() -> str:
    return render_template("api/docs.html", doc=document(), operations=_operations(document()),
                           schema_json=_schema_json(document()))


def _operations(doc: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for path, methods in doc["paths"].items():
        for method, operation in methods.items():
            responses = []
            for status, response in operation["responses"].items():
                if "$ref" in response:
                    response = doc["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
                schema = response.get("content", {}).get("application/json", {}).get("schema", {})
                responses.append({"status": status, "description": response["description"],
                                  "schema": schema.get("$ref", "").rsplit("/", 1)[-1] or None})
            body = operation.get("requestBody")
            found.append({
                "id": operation["operationId"], "method": method.upper(), "path": path,
                "summary": operation["summary"], "description": operation["description"],
                "parameters": operation.get("parameters", []),
                "body": body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1] if body else None,
                "body_required": bool(body and body["required"]),
                "responses": responses,
                "public": operation.get("security") == [],
            })
    return found


def _schema_json(doc: dict[str, Any]) -> dict[str, str]:
    return {name: json.dumps(schema, indent=2, ensure_ascii=False)
            for name, schema in doc["components"]["schemas"].items()}


# -- variants and games --------------------------------------------------------


@bp.get("/variants")
def list_variants() -> Response:
    return jsonify(variants=list(catalogue_by_key().values()))


@bp.get("/games")
def list_games() -> Response:
    status = request.args.get("status")
    if status not in (None, "playing", "finished"):
        raise ApiError(400, _("%(parameter)s is %(playing)s or %(finished)s.", parameter="status", playing="playing",
                              finished="finished"))
    limit = _int_arg("limit", 100, 1, 1000)
    offset = _int_arg("offset", 0, 0, MAX_ID)
    query = select(Game).where(Game.account_id == _account().id)
    if status:
        query = query.where(Game.status == status)
    games = db.session.scalars(query.order_by(Game.updated_at.desc(), Game.id.desc()).limit(limit).offset(offset))
    return jsonify(games=[_game_json(game) for game in games])


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    body = _body("NewGame")
    players = body["players"]
    first = body.get("first_dealer", players[0])
    if first not in players:
        raise ApiError(422, _('The first dealer "%(name)s" is not one of the players.', name=first), where="first_dealer")
    try:
        game = services.start_game(_account(), body["variant"], players, first_dealer=players.index(first),
                                   options=body.get("options") or {}, sides=body.get("sides"))
    except REFUSED as error:
        raise _refused(error) from None
    location = url_for("api.get_game", game_id=game.id)
    return jsonify(_game_json(game)), 201, {"Location": location}


@bp.get("/games/<int:game_id>")
def get_game(game_id: int) -> Response:
    return jsonify(_game_json(_game(game_id)))


@bp.delete("/games/<int:game_id>")
def delete_game(game_id: int) -> tuple[str, int]:
    services.delete_game(_game(game_id))
    return "", 204


@bp.get("/games/<int:game_id>/sheet")
def get_sheet(game_id: int) -> Response:
    return jsonify(services.sheet_of(_game(game_id)))


@bp.get("/games/<int:game_id>/export")
def export_game(game_id: int) -> Response:
    return jsonify(backup.export_game(_game(game_id)))


@bp.post("/games/<int:game_id>/end")
def end_game(game_id: int) -> Response | tuple[Response, int]:
    game = _game(game_id)
    idem = _Idempotency(_account())
    replay = idem.answered()
    if replay is not None:
        return replay
    last = game.hands_count
    if game.status == "finished":
        raise _refused(services.GameOver(_("This game is already over.")), game_id)
    try:
        sheet = services.end_game(game, before_commit=idem.keeper(200, lambda s: {"number": last, "sheet": s}))
    except services.Conflict as error:
        return _after_lost_race(idem, game_id, error.message)
    except REFUSED as error:
        raise _refused(error, game_id) from None
    return jsonify(number=last, sheet=sheet)


# -- hands ---------------------------------------------------------------------


@bp.get("/games/<int:game_id>/hands")
def list_hands(game_id: int) -> Response:
    game = _game(game_id)
    names = game.names
    sides = game.side_names(names)
    return jsonify(hands=[_hand_json(hand, names, sides) for hand in game.hands])


@bp.get("/games/<int:game_id>/hands/<int:number>")
def get_hand(game_id: int, number: int) -> Response:
    game = _game(game_id)
    names = game.names
    return jsonify(_hand_json(_hand(game, number), names, game.side_names(names)))


@bp.post("/games/<int:game_id>/hands")
def record_hand(game_id: int) -> Response | tuple[Response, int, dict[str, str]]:
    game = _game(game_id)
    idem = _Idempotency(_account())
    replay = idem.answered()
    if replay is not None:
        return replay
    body = _body("NewHand")
    expected = body.get("number", game.hands_count + 1)
    if game.status == "finished":  # before the entry's names are checked (the use case says it too)
        raise _refused(services.GameOver(), game_id)
    try:
        _check_names(body["entry"], game, expected)
        sheet = services.record_hand(game, body["entry"], token=idem.hand_token(), expected=expected,
                                     before_commit=idem.keeper(201, lambda s: {"number": expected, "sheet": s}))
    except services.StaleHand as stale:
        return _after_lost_race(idem, game_id, stale.message, "stale_hand",
                                expected=stale.expected, recorded=stale.recorded)
    except services.AlreadyRecorded as already:
        return _after_lost_race(idem, game_id, already.message)
    except REFUSED as error:
        raise _refused(error, game_id) from None
    location = url_for("api.get_hand", game_id=game_id, number=expected)
    return jsonify(number=expected, sheet=sheet), 201, {"Location": location}


@bp.put("/games/<int:game_id>/hands/<int:number>")
def edit_hand(game_id: int, number: int) -> Response:
    game = _game(game_id)
    idem = _Idempotency(_account())
    replay = idem.answered()
    if replay is not None:
        return replay
    _hand(game, number)
    body = _body("HandEdit")
    try:
        _check_names(body["entry"], game, number)
        sheet = services.correct_hand(game, number, body["entry"],
                                      before_commit=idem.keeper(200, lambda s: {"number": number, "sheet": s}))
    except services.Conflict as conflict:
        return _after_lost_race(idem, game_id, conflict.message)
    except REFUSED as error:
        raise _refused(error, game_id, correcting=number) from None
    idem.store_alone(200, {"number": number, "sheet": sheet})
    return jsonify(number=number, sheet=sheet)


@bp.post("/games/<int:game_id>/undo")
def undo_hand(game_id: int) -> Response:
    game = _game(game_id)
    idem = _Idempotency(_account())
    replay = idem.answered()
    if replay is not None:
        return replay
    body = _body("Undo", optional=True)
    last = game.hands_count
    try:
        sheet = services.undo_hand(game, number=body.get("number"),
                                   before_commit=idem.keeper(200, lambda s: {"number": last, "sheet": s}))
    except services.Conflict as conflict:
        return _after_lost_race(idem, game_id, conflict.message)
    except REFUSED as error:
        raise _refused(error, game_id) from None
    return jsonify(number=last, sheet=sheet)


when_registry_changes(_validator.cache_clear)  # the document changed: so do the schemas requests are checked by
