"""What every response and request goes through: headers, request ids, proxies, error logs.

A small ``after_request`` hook sets the headers rather than Flask-Talisman:
Talisman's last release (1.1.0) dates from August 2023, and its defaults
fight this app's first use, a server on a table's plain-http Wi-Fi (it
redirects every request to https and forces the session cookie ``Secure`` in
``init_app``). What is needed here is a fixed set of headers, HSTS only over
https, and the cookie flags from the settings -- a dozen lines.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import traceback
from types import TracebackType
from typing import Any

from flask import Flask, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import BadRequest, InternalServerError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter
from werkzeug.wrappers import Response

# No inline script or style anywhere: every script and style sheet is a file
# under static/, and the review chart's SVG is styled by classes.  The one
# addition is 'wasm-unsafe-eval', which lets Pyodide compile its WebAssembly
# (the engine in the browser, static/engine-worker.js); it allows no eval()
# of script.  Workers only from the app's own files.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    # The service worker (/sw.js) and the engine's worker, nothing from elsewhere.
    "worker-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # A share link's token is in its URL: never send it to another site.
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}

HSTS = "max-age=31536000"

# A request id handed in by a proxy is kept only when it cannot forge a log line.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")



class RowNumber(IntegerConverter):
    """``<int:...>`` in every route: at most the largest id a PostgreSQL integer column holds.

    A larger number in a URL matches no route (404) instead of overflowing the
    database driver (a 500).
    """

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:  # noqa: A002  (werkzeug's name)
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    hops = int(app.config.get("TRUSTED_PROXIES") or 0)
    if hops:
        # Behind that many proxies, trust their X-Forwarded-For/-Proto/-Host/-Port:
        # request.is_secure, the client's address (sign-in throttling) and the URLs built.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops,  # type: ignore[method-assign]
                                x_port=hops)
    if app.config.get("REMEMBER_COOKIE_SECURE") is None:
        app.config["REMEMBER_COOKIE_SECURE"] = app.config.get("SESSION_COOKIE_SECURE", False)

    # First of the before-request hooks, so even a refused CSRF token is logged with its id.
    app.before_request_funcs.setdefault(None, []).insert(0, _start_request)
    app.after_request(_security_headers)
    app.log_exception = _log_exception.__get__(app)  # type: ignore[method-assign]
    app.register_error_handler(InternalServerError, _server_error)
    app.register_error_handler(NulByte, _refused_input)
    app.register_error_handler(UnreadableJson, _refused_input)
    _mask_request_lines(logging.getLogger("werkzeug"))


SHARE_PATH = re.compile(r"(/[sk]/)[^/\s?]+")  # a live link's or a keeper link's token


class _MaskedShareTokens(logging.Filter):
    """The development server's request log (``make run``) with a live view's
    token masked, as gunicorn's access log has it (gunicorn.conf.py)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(SHARE_PATH.sub(r"\1…", arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        return True


def _mask_request_lines(logger: logging.Logger) -> None:
    if not any(isinstance(found, _MaskedShareTokens) for found in logger.filters):
        logger.addFilter(_MaskedShareTokens())


def request_id() -> str:
    return str(g.get("request_id") or "-")


class NulByte(BadRequest):
    """A form or query value holding a NUL character: no field takes one, and PostgreSQL stores none."""

    description = _l("Something you sent holds a NUL character, which no field takes. "
                     "Go back, retype it and try again: nothing was saved.")  # type: ignore[assignment]


class UnreadableJson(BadRequest):
    """A JSON body that parses into what no text column can store, or nests past the parser's depth."""

    description = _l("The JSON body nests too deeply or holds a lone surrogate (\\ud800-\\udfff) that is "
                     "no character; nothing was saved.")  # type: ignore[assignment]


def _start_request() -> None:
    offered = request.headers.get("X-Request-ID", "")
    g.request_id = offered if _REQUEST_ID.fullmatch(offered) else secrets.token_hex(6)
    for values in (request.args, request.form):
        for key, value in values.items(multi=True):
            if "\x00" in key or "\x00" in value:
                raise NulByte()
    if request.is_json:
        _check_json_body()


def _check_json_body() -> None:
    """Parse a JSON body once (Flask keeps the result for the view) and refuse what would be a 500 later."""
    try:
        body = request.get_json(silent=True)
        if body is not None:
            json.dumps(body, ensure_ascii=False).encode("utf-8")
    except (RecursionError, UnicodeEncodeError):
        raise UnreadableJson() from None


def _security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    response.headers.setdefault("X-Request-ID", request_id())
    return response


def _log_exception(
    app: Flask,
    exc_info: tuple[type, BaseException, TracebackType] | tuple[None, None, None],
) -> None:
    """What failed and where, never what was sent.

    The route's pattern stands for the path (a share link's token never reaches
    the log), and of the exception only its type and the code lines it passed
    through are written: its message can quote a form's value, a player's name
    or an SQL statement's parameters. The request id is on the error page too,
    so a player's report finds this line.
    """
    _, error, trace = exc_info
    route = request.url_rule.rule if request.url_rule else "(no route)"
    lines: list[str] = []
    seen: set[int] = set()
    while error is not None and id(error) not in seen and len(lines) < 5:
        seen.add(id(error))
        frames = "".join(traceback.format_list(traceback.extract_tb(trace)))
        lines.append(f"{type(error).__module__}.{type(error).__qualname__}\n{frames}")
        error = error.__cause__ or error.__context__
        trace = error.__traceback__ if error is not None else None
    app.logger.error("500 on %s %s (request %s): %s", request.method, route, request_id(),
                     "caused by ".join(lines).rstrip())


def _server_error(error: Exception) -> tuple[Any, int]:
    from ..extensions import db

    db.session.rollback()  # a failed transaction must not fail the error page too
    if request.path.startswith("/api/"):
        return jsonify(error=_("The server failed on this request (reference %(reference)s).", reference=request_id()),
                       code="server_error", request_id=request_id()), 500
    return render_template("errors/500.html", request_id=request_id()), 500


def _refused_input(error: BadRequest) -> tuple[Any, int]:
    if request.path.startswith("/api/"):
        return jsonify(error=str(error.description), code="bad_request"), 400
    return render_template("errors/400.html", reason=str(error.description)), 400
