"""Settings: defaults here, then the environment, then ``instance/config.py``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


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


def defaults(instance_path: str) -> dict[str, Any]:
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY", "dev"),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        # A signed-in phone stays signed in for a long evening at the table.
        "REMEMBER_COOKIE_DURATION": 60 * 60 * 24 * 30,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "WTF_CSRF_TIME_LIMIT": None,  # a form left open through a long hand still posts
        # A backup of years of games is a few MB; anything far larger is refused
        # (413) before it is read into memory.
        "MAX_CONTENT_LENGTH": 20 * 1024 * 1024,
    }
