"""What the browser's engine worker calls: game logs as JSON text in, sheets or refusals as JSON text out.

It goes into the engine bundle (``/engine/<digest>.zip``, see
:mod:`scorekeeper.web.bundle`) beside ``scorekeeper/engine``, and imports
nothing but the engine and the standard library, so Pyodide runs it without
the web app.  Text crosses the worker's boundary, not objects: the page gets
the sheet exactly as ``json.dumps`` writes the server's.
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.engine import InvalidEntry, replay

__all__ = ["outcome", "replay_all"]


def outcome(log: Any) -> dict[str, Any]:
    """``{"sheet": ...}`` for a log the engine scores, else ``{"error": ...}``.

    A refusal carries what :class:`InvalidEntry` says (its ``code``, ``hand``,
    ``player``, ``where``, ``field`` and the whole message); anything else the
    engine raises is ``engine_failed``, with the exception's type only.
    """
    try:
        return {"sheet": replay(log)}
    except InvalidEntry as error:
        return {"error": {"code": error.code, "message": str(error), "hand": error.hand,
                          "player": error.player, "where": error.where, "field": error.field}}
    except Exception as error:  # noqa: BLE001  (reported to the page, which shows "scored when sent")
        return {"error": {"code": "engine_failed", "message": type(error).__name__, "hand": None,
                          "player": None, "where": None, "field": None}}


def replay_all(logs_json: str) -> str:
    """A JSON list of logs in, the JSON list of their outcomes out, in the same order."""
    logs = json.loads(logs_json)
    if not isinstance(logs, list):
        raise TypeError("replay_all takes a JSON list of game logs")
    return json.dumps([outcome(log) for log in logs])
