"""The web layer: blueprints that turn requests into use cases and pages."""

from __future__ import annotations

import importlib
from typing import Any

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFError

from ..engine.games.base import whole
from ..extensions import db, login_manager
from ..models import Account


# The blueprints, one module of this package each (each module's ``bp``).
BLUEPRINTS = [
    "api",
    "auth",
    "backup",
    "catalogue",
    "games",
    "hands",
    "history",
    "players",
    "share",
    "stats",
    "tokens",
]


def register(app: Flask) -> None:
    for name in BLUEPRINTS:
        module = importlib.import_module(f"{__name__}.{name}")
        app.register_blueprint(module.bp)

    login_manager.login_view = "auth.login"
    login_manager.login_message = "Sign in to keep score."
    login_manager.login_message_category = "info"

    @login_manager.user_loader
    def load_account(account_id: str) -> Account | None:
        return db.session.get(Account, int(account_id))

    app.register_error_handler(404, _not_found)
    app.register_error_handler(CSRFError, _csrf_failed)
    app.add_template_filter(_number, "number")
    app.add_template_filter(_signed, "signed")

    @app.context_processor
    def _page_basics() -> dict[str, Any]:
        return {"is_htmx": request.headers.get("HX-Request") == "true"}


def _number(value: Any) -> str:
    """Scores as the sheet writes them: ``17``, ``8.5``, ``-3.33``."""
    if type(value) is int:  # nearly every cell of a sheet
        return str(value)
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)):
        return f"{whole_text(value)}"
    return str(value)


def whole_text(value: int | float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")


def _signed(value: Any) -> str:
    """A hand's score with its sign, as a column gains it: ``+17``, ``-5``, ``0``."""
    text = _number(value)
    if isinstance(value, (int, float)) and value > 0:
        return "+" + text
    return text


def _not_found(error: Exception) -> Any:
    if request.path.startswith("/api/"):  # the API answers JSON, never a page
        from .api import http_error

        return http_error(error)  # type: ignore[arg-type]
    return render_template("errors/404.html"), 404


def _csrf_failed(error: CSRFError) -> tuple[str, int]:
    return render_template("errors/400.html", reason=(
        "This form is stale or came from somewhere else. Go back, reload the page and try again: "
        "nothing was saved."
    )), 400


__all__ = ["register", "whole"]
