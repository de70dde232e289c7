"""Scorekeeper: a score sheet for the rummy family of card games.

The scoring rules live in :mod:`scorekeeper.engine`, which imports neither
Flask nor the database.  This module builds the web application around it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from .config import defaults, require_secret_key

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent


def data_folder(name: str) -> Path:
    """``templates``, ``static`` or ``migrations``: where this copy of the app has it.

    In the repository they sit beside the package, at the top of the project
    (a checkout, ``make run``, an editable install); a built package (``pip
    install .``) carries them inside itself, as pyproject.toml maps them.
    """
    inside = PACKAGE_DIR / name
    return inside if inside.is_dir() else PROJECT_ROOT / name


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application.

    Settings come, later winning, from the defaults (which read
    ``SECRET_KEY`` and ``DATABASE_URL`` from the environment), then
    ``instance/config.py`` -- or from ``test_config`` instead of the
    instance file when a test passes one.
    """
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(data_folder("templates")),
        static_folder=str(data_folder("static")),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    require_secret_key(app)

    from .extensions import babel, compress, csrf, db, limiter, login_manager, migrate

    db.init_app(app)
    compress.init_app(app)
    limiter.init_app(app)
    migrate.init_app(app, db, directory=str(data_folder("migrations")))
    csrf.init_app(app)
    login_manager.init_app(app)
    from .web import language

    babel.init_app(app, locale_selector=language.chosen)

    from . import models  # noqa: F401  (the tables, for migrations)
    from .web import register, security

    # Before the routes are made: an id past what the database stores is a 404, not an overflow.
    app.url_map.converters["int"] = security.RowNumber
    register(app)
    security.init_app(app)
    from . import cli

    cli.register(app)
    return app
