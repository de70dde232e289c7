"""``/health``: whether this worker can reach its database, for a proxy or a monitor.

No sign-in and no secrets: the answer says only ``ok`` or what is wrong in
general terms (never the database's address or its error text).  It also
says whether the database's schema is the migrations' latest, so a
deployment that forgot ``flask db upgrade`` shows up before a page fails.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.wrappers import Response

from ..extensions import db

bp = Blueprint("health", __name__)


@bp.route("/health")
def health() -> tuple[Response, int]:
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        current_app.logger.exception("health check: the database did not answer")
        return _answer({"status": "error", "database": "unreachable"}, 503)
    finally:
        db.session.rollback()
    try:
        revision = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except SQLAlchemyError:
        revision = None  # no alembic_version table: never migrated
    finally:
        db.session.rollback()
    head = _migrations_head()
    if head is not None and revision != head:
        return _answer({"status": "error", "database": "ok", "schema": "not migrated"}, 503)
    return _answer({"status": "ok", "database": "ok"}, 200)


def _answer(body: dict[str, str], status: int) -> tuple[Response, int]:
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, status


_heads: dict[str, str | None] = {}


def _migrations_head() -> str | None:
    """The newest migration's revision (read once per process), or None if unknown."""
    directory = current_app.extensions["migrate"].directory
    if directory not in _heads:
        try:
            from alembic.config import Config
            from alembic.script import ScriptDirectory

            config = Config()
            config.set_main_option("script_location", directory)
            _heads[directory] = ScriptDirectory.from_config(config).get_current_head()
        except Exception:  # noqa: BLE001  (no migrations shipped: nothing to compare)
            _heads[directory] = None
    return _heads[directory]
