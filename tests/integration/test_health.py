"""``/health``: 200 when the database answers and is migrated, 503 otherwise; no sign-in, no secrets."""

from __future__ import annotations

import os
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask

from bench.load import free_port, fresh_database
from scorekeeper import create_app
from scorekeeper.extensions import db

KIND = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"


def app_on(url: str) -> Flask:
    return create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": url.replace("postgresql://", "postgresql+psycopg://", 1),
    })


def unreachable_url(tmp_path: Path) -> str:
    """A database nobody can open: PostgreSQL on a closed port, or SQLite in a missing folder."""
    if KIND == "postgresql":
        return f"postgresql+psycopg://scorekeeper:s3cret-pw@127.0.0.1:{free_port()}/scorekeeper"
    return f"sqlite:///{tmp_path / 'no-such-folder' / 's3cret.sqlite3'}"


def test_a_migrated_database_is_healthy_without_signing_in(tmp_path):
    with fresh_database(KIND, tmp_path, os.environ.get("DATABASE_URL")) as url:
        app = app_on(url)
        with app.app_context():
            flask_migrate.upgrade()
        try:
            response = app.test_client().get("/health")
        finally:
            with app.app_context():
                db.engine.dispose()

    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_a_database_without_the_latest_migration_is_unhealthy(client):
    response = client.get("/health")  # the test fixture's tables come from create_all, not Alembic

    assert response.status_code == 503
    assert response.get_json() == {"status": "error", "database": "ok", "schema": "not migrated"}


def test_an_unreachable_database_is_unhealthy_and_the_answer_names_no_address_or_secret(tmp_path):
    app = app_on(unreachable_url(tmp_path))

    response = app.test_client().get("/health")

    assert response.status_code == 503
    assert response.get_json() == {"status": "error", "database": "unreachable"}
    body = response.get_data(as_text=True)
    for secret in ("s3cret", "127.0.0.1", "no-such-folder", "scorekeeper"):
        assert secret not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_health_only_answers_reads(client, method):
    assert client.open("/health", method=method).status_code == 405
