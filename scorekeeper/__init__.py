"""Scorekeeper: a score sheet for the rummy family of card games.

The scoring rules live in :mod:`scorekeeper.engine`, which imports neither
Flask nor the database. This module only builds the web application around it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

# templates/ and static/ sit beside the package, at the top of the project.
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application.

    Settings come, later winning, from the defaults here, the environment
    (``SECRET_KEY``), then ``instance/config.py`` -- or from ``test_config``
    instead of the instance file when a test passes one.
    """
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY", "dev"),
    )

    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)

    os.makedirs(app.instance_path, exist_ok=True)

    from scorekeeper.web import catalogue

    app.register_blueprint(catalogue.bp)

    return app
