"""What the browser's engine worker calls: game logs as JSON text in, sheets or refusals as JSON text out.

It goes into the engine bundle (``/engine/<digest>.zip``, see
:mod:`scorekeeper.web.bundle`) as part of ``scorekeeper/engine``, and imports
nothing but the engine and the standard library, so Pyodide runs it without
the web app.  Text crosses the worker's boundary, not objects: the page gets
the sheet exactly as ``json.dumps`` writes the server's.  A refusal is written
in the page's language where the page gave its words (:func:`score_waiting`),
as the server writes it (:func:`scorekeeper.note_language.refused`).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from . import InvalidEntry, Replay, entry_of, game_name, replay, variants
from .declare import Note
from .entry_form import EntryForm, sitting_out
from .extras import left_out, left_out_words, pairings_of
from .games import get_variant
from .notes import ENGLISH_EITHER, ENGLISH_LISTS, Translation

__all__ = ["outcome", "replay_all", "score_waiting"]


def outcome(log: Any, language: Translation | None = None) -> dict[str, Any]:
    """``{"sheet": ...}`` for a log the engine scores, else ``{"error": ...}``.

    A refusal carries what :class:`InvalidEntry` says (its ``code``, ``hand``,
    ``player``, ``where``, ``field`` and the whole message, in ``language``:
    English without one); anything else the engine raises is ``engine_failed``,
    with the exception's type only.
    """
    try:
        return {"sheet": replay(log)}
    except InvalidEntry as error:
        return {"error": {"code": error.code, "message": _written(language, error.note), "hand": error.hand,
                          "player": error.player, "where": error.where, "field": error.field}}
    except Exception as error:  # noqa: BLE001  (reported to the page, which shows "scored when sent")
        return {"error": {"code": "engine_failed", "message": type(error).__name__, "hand": None,
                          "player": None, "where": None, "field": None}}


def replay_all(logs_json: str, words_json: str = "") -> str:
    """A JSON list of logs in, the JSON list of their outcomes out, in the same order; ``words_json``
    as :func:`score_waiting` takes it (empty: refusals in English)."""
    logs = json.loads(logs_json)
    if not isinstance(logs, list):
        raise TypeError("replay_all takes a JSON list of game logs")
    language = _language(words_json)
    return json.dumps([outcome(log, language) for log in logs])


def score_waiting(log_json: str, items_json: str, words_json: str = "") -> str:
    """The hands kept on the phone, scored after the game's log as the server will score them.

    ``items_json``: a JSON list of ``{"id", "number", "fields": [[name, value], ...]}``, the
    entry form's fields as typed (the outbox keeps them so), in the order they will be sent.
    Each is read as a save reads its form (:class:`~scorekeeper.engine.entry_form.EntryForm` under the
    game's rules as they stand after the hands before it) and played on: out comes, for each,
    ``{"id", "scores", "totals", "notes"}``, or ``{"id", "error"}`` where it would be refused
    (and every later one is then left unscored: it is played after a hand that is not there).
    ``words_json``: the page's language's notes (``{"texts", "lists"}``, as the page
    carries them), the notes and refusals written in it; empty: in English.
    """
    log, items = json.loads(log_json), json.loads(items_json)
    language = _language(words_json)
    if not isinstance(log, dict) or not isinstance(items, list):
        raise TypeError("score_waiting takes a game log and a list of kept hands")
    scored: list[dict[str, Any]] = []
    try:
        game = Replay.of(log)
    except InvalidEntry as error:
        refused = _written(language, error.note)
        return json.dumps([{"id": item.get("id"), "error": refused} for item in items])
    for item in items:
        if scored and "error" in scored[-1]:
            scored.append({"id": item.get("id"), "error": _written(language, Note("replay.refuse.after_refused"))})
            continue
        sheet = game.sheet()
        form = _form(sheet)
        form.load_post({str(name): str(value) for name, value in item.get("fields") or []})
        entry = form.to_entry()
        if entry is None:
            scored.append({"id": item.get("id"),
                           "error": "; ".join(_written(language, message) for message in form.errors.values())})
            continue
        try:
            game = game.after(entry)
        except InvalidEntry as error:
            scored.append({"id": item.get("id"), "error": _written(language, error.note)})
            continue
        row = game.sheet()["hands"][-1]
        notes = row["notes"] if language is None else [language.write(note["key"], note["values"])
                                                       for note in row["note_keys"]]
        scored.append({"id": item.get("id"), "scores": row["scores"], "totals": row["totals"], "notes": notes})
    return json.dumps(scored)


def _written(language: Translation | None, message: str) -> str:
    """A message of the engine's in ``language`` (:meth:`~.notes.Translation.written`), English without one."""
    return str(message) if language is None else language.written(message)


@cache
def _language(words_json: str) -> Translation | None:
    """The notes' words the page gave (see :func:`score_waiting`), or None for English."""
    words = json.loads(words_json) if words_json else None
    if not isinstance(words, dict):
        return None
    return Translation(dict(words.get("texts") or {}), dict(words.get("lists") or ENGLISH_LISTS),
                       dict(words.get("either") or ENGLISH_EITHER))


def _form(sheet: dict[str, Any]) -> EntryForm:
    """The entry form of the sheet's next hand, as the server's entry page makes it."""
    key, options = sheet["variant"], sheet["options"]
    variant = {**_catalogue()[key], "name": game_name(key, options), "entry": entry_of(key, options)}
    names = sheet["players"]
    out = sheet["eliminated"]
    nxt = sheet["next"]
    number = len(sheet["hands"]) + 1
    extras = get_variant(key).extras
    aside = left_out(extras, sheet, number)  # who sits this hand out
    return EntryForm(variant, names, [n for n in names if n not in out and n not in aside], number,
                     options=options, guide=sheet["guide"], pack=(nxt["decks"], nxt["jokers"]) if nxt else None,
                     sides=sheet.get("side_players"), upcoming=nxt,
                     sitting_out=sitting_out(sheet, number),
                     pairings=pairings_of(variant["entry"]["games_at_once"], sheet, number),
                     aside=left_out_words(extras, sheet, number))


@cache
def _catalogue() -> dict[str, dict[str, Any]]:
    return {variant["key"]: variant for variant in variants()}
