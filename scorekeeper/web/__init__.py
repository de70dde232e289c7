"""The web layer: blueprints that turn requests into use cases and pages."""

from __future__ import annotations

import importlib
from typing import Any

from flask import Flask, current_app, g, jsonify, render_template, request
from flask_babel import format_date, format_datetime
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from sqlalchemy import bindparam, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.wrappers import Response

from ..services import accounts
from ..engine.games.base import whole
from ..extensions import db, login_manager
from ..models import Account, SignIn, utcnow
from .auth import parse_stored_id, sign_in_lasts
from .numbers import megabytes, number, signed


# Built once: every signed-in request loads its account with it, through the
# sign-in its cookies name.  A sign-in signed out (its row deleted) or older
# than the remember-me duration finds no account.
_SIGNED_IN = (
    select(Account)
    .join(SignIn, SignIn.account_id == Account.id)
    .where(SignIn.key_hash == bindparam("key_hash"), SignIn.account_id == bindparam("id"),
           SignIn.created_at > bindparam("since"))
)

# The blueprints, one module of this package each (each module's ``bp``).
BLUEPRINTS = [
    "account",
    "api",
    "auth",
    "backup",
    "bundle",
    "catalogue",
    "drafts",
    "engine_files",
    "games",
    "hands",
    "keeper",
    "health",
    "language",
    "history",
    "offline",
    "own",
    "players",
    "share",
    "stats",
    "tokens",
]


def register(app: Flask) -> None:
    for name in BLUEPRINTS:
        module = importlib.import_module(f"{__name__}.{name}")
        app.register_blueprint(module.bp)
    from . import addresses, share

    share.init_app(app)  # the live asks that change nothing, answered before Flask
    addresses.init_app(app)  # the address phones at the table open, for the pages and `make run`

    login_manager.login_view = "auth.login"
    login_manager.login_message = _l("Sign in to keep score.")
    login_manager.localize_callback = str  # flashed in the language of the page that asked
    login_manager.login_message_category = "info"

    @login_manager.user_loader
    def load_account(stored_id: str) -> Account | None:
        """The account of a live sign-in, from ``<account id>:<secret>`` (a bare id is refused)."""
        parsed = parse_stored_id(stored_id)
        if parsed is None:
            return None
        number, secret = parsed
        return db.session.execute(_SIGNED_IN, {
            "id": number, "key_hash": accounts.key_hash(secret), "since": utcnow() - sign_in_lasts(),
        }).scalar_one_or_none()

    app.register_error_handler(404, _not_found)
    app.register_error_handler(405, _not_allowed)
    app.register_error_handler(CSRFError, _csrf_failed)
    # The database locked past its wait, restarting or unreachable.
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(PoolTimeout, database_unavailable)
    app.add_template_filter(number, "number")
    app.add_template_filter(megabytes, "megabytes")
    app.add_template_filter(signed, "signed")
    from .catalogue import players_text
    from .note_words import listed, names_joined, note_words
    from .script_words import script_words
    from .sheet import drawn_rows

    app.add_template_global(drawn_rows, "drawn_rows")
    app.add_template_global(script_words, "script_words")  # the scripts' words, in base.html's head
    app.add_template_global(note_words, "note_words")  # the notes' words, for the in-browser engine
    app.add_template_global(players_text, "players_text")
    app.add_template_global(format_date, "format_date")
    app.add_template_global(format_datetime, "format_datetime")
    app.add_template_filter(listed, "listed")  # "Ann +5, Bob -3", with the page's language's comma
    app.add_template_filter(names_joined, "names_joined")  # "Ann, Bob and Cara", as the language joins names


def _not_found(error: Exception) -> Any:
    if request.path.startswith("/api/"):  # the API answers JSON, never a page
        from .api import http_error

        return http_error(error)  # type: ignore[arg-type]
    return render_template("errors/404.html"), 404


def _not_allowed(error: Exception) -> Any:
    """A page asked in a way it does not answer (a POST to a page that only shows): a whole page."""
    if request.path.startswith("/api/"):
        from .api import http_error

        return http_error(error)  # type: ignore[arg-type]
    return render_template("errors/400.html", reason=_(
        "This page cannot be sent to; go back and try again from its own page: nothing was saved.")), 405


def _csrf_failed(error: CSRFError) -> tuple[str, int]:
    return render_template("errors/400.html", reason=_(
        "This form is stale or came from somewhere else. Go back, reload the page and try again: "
        "nothing was saved."
    )), 400


DATABASE_BUSY = _l(
    "The score sheet's database is busy or unreachable just now, so nothing was saved and "
    "nothing you typed is lost: try again in a few seconds."
)
RETRY_AFTER = "5"


def database_unavailable(error: Exception) -> tuple[str | Response, int, dict[str, str]]:
    """503 with Retry-After; a posted form comes back as a "Try again" button.

    The button posts the same fields again, so what was typed is not lost
    (a hand's one-time token makes a second post of it record once).  A form
    with a password or a file is not carried: the page says to go back.
    """
    discard_session()
    current_app.logger.warning("database unavailable: %s", type(error.__cause__ or error).__name__)
    headers = {"Retry-After": RETRY_AFTER, "Cache-Control": "no-store"}
    if request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json":
        return jsonify(error=str(DATABASE_BUSY), code="unavailable", retry_after=int(RETRY_AFTER)), 503, headers
    resend = None
    if request.method == "POST" and not request.files:
        fields = list(request.form.items(multi=True))
        if not any("password" in name for name, _ in fields):
            resend = fields
    reason = str(DATABASE_BUSY) if resend is not None or request.method != "POST" else _(
        "The score sheet's database is busy or unreachable just now, so nothing was saved. "
        "Go back (your browser keeps what you typed) and send it again in a few seconds."
    )
    return render_template("errors/503.html", reason=reason, resend=resend), 503, headers


def discard_session() -> None:
    """Roll back what the failed request began; a dead connection may refuse even that.

    When the failure was loading the signed-in account, the page is drawn
    signed out: Flask-Login's template context would otherwise try the
    database again (it keeps the request's user in ``g._login_user``).
    """
    try:
        db.session.rollback()
    except Exception:  # noqa: BLE001  (the session is discarded at the request's end anyway)
        pass
    if "_login_user" not in g:
        g._login_user = login_manager.anonymous_user()


__all__ = [
    "DATABASE_BUSY", "RETRY_AFTER", "database_unavailable", "discard_session", "register", "whole",
]
