"""Settings: defaults here, then the environment, then ``instance/config.py``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from .languages import LANGUAGES

MISSING_SECRET_KEY = (
    "SECRET_KEY is not set, and Scorekeeper will not serve without one: it signs the "
    "sign-in cookies. Set it in the environment, for example\n"
    "    export SECRET_KEY=\"$(python3 -c 'import secrets; print(secrets.token_hex(32))')\"\n"
    "or as SECRET_KEY = '...' in instance/config.py. Every worker and host serving the "
    "same site needs the same key. (`make run` keeps one of its own in instance/secret_key.)"
)


def database_url(instance_path: str) -> str:
    """``DATABASE_URL`` if set (PostgreSQL), else SQLite under ``instance/``.

    ``postgres://`` and bare ``postgresql://`` URLs are given the psycopg 3
    driver, which is the one installed.
    """
    url = os.environ.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def secret_key(instance_path: str) -> str | None:
    """``SECRET_KEY`` from the environment, else the one ``make run`` keeps in ``instance/secret_key``.

    None when neither is there: ``instance/config.py`` may still set it, and
    the app refuses to serve without one (:func:`require_secret_key`).
    """
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    try:
        return (Path(instance_path) / "secret_key").read_text().strip() or None
    except OSError:
        return None


def defaults(instance_path: str) -> dict[str, Any]:
    secure = flag(os.environ.get("SESSION_COOKIE_SECURE"), default=True)
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        # A signed-in phone stays signed in for a long evening at the table.
        "REMEMBER_COOKIE_DURATION": 60 * 60 * 24 * 30,
        # Cookies only over https unless SESSION_COOKIE_SECURE=0 (`make run`
        # on a table's plain-http Wi-Fi); never readable by scripts; never
        # sent along with another site's forms.
        "SESSION_COOKIE_SECURE": secure,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_SECURE": None,  # None: as SESSION_COOKIE_SECURE
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        # How many proxies (nginx, a load balancer) stand in front: their
        # X-Forwarded-* headers are trusted that many hops deep, no more.
        "TRUSTED_PROXIES": int(os.environ.get("TRUSTED_PROXIES") or 0),
        # Wrong link tokens an address may try (Flask-Limiter, web/link_guesses.py), counted in
        # each worker's memory unless this names a shared store (redis://host:6379, memcached://...).
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI") or "memory://",
        "RATELIMIT_STRATEGY": "moving-window",
        # Database errors never quote the values they were given (a name, a
        # password hash) in a message that could reach a log.
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True, "hide_parameters": True},
        "WTF_CSRF_TIME_LIMIT": None,  # a form left open through a long hand still posts
        # Only the static styles and scripts are compressed: a page or a JSON
        # answer may hold a secret (a CSRF token) next to what a visitor typed.
        "COMPRESS_MIMETYPES": ["text/css", "text/javascript", "application/javascript"],
        # Static files stream from disk, which Flask-Compress does in Brotli or
        # deflate (Chromium asks for Brotli only over https: deflate on a table's Wi-Fi).
        "COMPRESS_ALGORITHM": ["br", "gzip", "deflate"],
        "COMPRESS_ALGORITHM_STREAMING": ["br", "deflate"],
        "COMPRESS_MIN_SIZE": 1024,
        # A backup of years of games is a few MB; anything far larger is refused
        # (413) before it is read into memory.
        "MAX_CONTENT_LENGTH": 20 * 1024 * 1024,
        # The live view (scorekeeper/live/): on SQLite, the folder where the
        # host's workers tell each other of a change (PostgreSQL's own
        # notifications need none; empty: every live ask reads the database).
        # A process draws a live sheet anew at least this often, changed or not.
        "LIVE_STAMPS": os.environ.get("LIVE_STAMPS", os.path.join(instance_path, "live")),
        "LIVE_STAMPS_TRUST": float(os.environ.get("LIVE_STAMPS_TRUST") or 60),
        # (PostgreSQL) the channel the changes are announced on: a database shared by several
        # instances of the app (each its own schema) gives each a channel of its own.
        "LIVE_CHANNEL": os.environ.get("LIVE_CHANNEL", "scorekeeper_live"),
        # Live asks held at once by a process (Flask's own server: a thread each); gunicorn
        # sets its workers' own from LIVE_HOLDS (gunicorn.conf.py).
        "LIVE_HOLDS": int(os.environ.get("LIVE_HOLDS") or 64),
        # The app's address as phones at the table open it ("http://192.168.1.20:5000",
        # "https://scores.example.org"): the live and keeper links carry it, whatever
        # address the owner's page was opened by. Unset, a page opened through loopback
        # (localhost) gives the machine's address on the table's network instead.
        "PUBLIC_URL": os.environ.get("PUBLIC_URL", ""),
        # The machine's addresses: None lists its network interfaces (web/addresses.py);
        # the tests give a list of their own.
        "MACHINE_ADDRESSES": None,
        # How a new password is hashed (werkzeug's method string): scrypt as werkzeug
        # sets it, N = 2**15, about 0.1 s a hash here, on purpose. The tests set a
        # cheaper scrypt, since they make an account or two in most of thousands.
        "PASSWORD_HASH": "scrypt:32768:8:1",
        # The languages the pages are offered in (code -> the language's own name), each but
        # English with its catalogue in a folder of BABEL_TRANSLATION_DIRECTORIES (Flask-Babel's
        # setting: ";"-separated, "translations" beside the package by default).
        "LANGUAGES": dict(LANGUAGES),
    }


def require_secret_key(app: Flask) -> None:
    """Refuse to build a served app without a secret key, except for debugging and tests."""
    if app.config.get("SECRET_KEY"):
        return
    if app.debug or app.testing:
        app.config["SECRET_KEY"] = "debug-only-not-secret"
        return
    raise RuntimeError(MISSING_SECRET_KEY)


def flag(value: Any, default: bool) -> bool:
    """A yes/no setting from the environment: ``1/true/yes/on`` or ``0/false/no/off``."""
    if value is None or str(value).strip() == "":
        return default
    return str(value).strip().lower() in {"1", "true", "yes", "on"}
