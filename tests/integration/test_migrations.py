"""The Alembic migrations build exactly the schema the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy import inspect, text

from scorekeeper import create_app
from scorekeeper.extensions import db


@pytest.fixture
def empty_app(tmp_path: Any) -> Iterator[Flask]:
    """An app on a database with no tables at all: a new SQLite file, or a new PostgreSQL schema."""
    url = os.environ.get("DATABASE_URL")
    config: dict[str, Any] = {"TESTING": True, "SECRET_KEY": "test"}
    schema = None
    if url:
        import psycopg

        plain = url.replace("postgresql+psycopg://", "postgresql://", 1)
        schema = f"migrations_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        config["SQLALCHEMY_DATABASE_URI"] = plain.replace("postgresql://", "postgresql+psycopg://", 1)
        config["SQLALCHEMY_ENGINE_OPTIONS"] = {"connect_args": {"options": f"-c search_path={schema}"}}
    else:
        config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{tmp_path / 'migrated.sqlite3'}"
    app = create_app(config)
    yield app
    with app.app_context():
        db.engine.dispose()
    if schema:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def schema_differences(app: Flask) -> list[Any]:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def test_the_migrations_build_the_schema_the_models_describe(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade()

    assert schema_differences(empty_app) == []


def test_flask_db_check_finds_nothing_to_migrate(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade()

    result = empty_app.test_cli_runner().invoke(args=["db", "check"])

    assert result.exit_code == 0, (result.output, result.exception)


def test_the_migrations_go_down_to_nothing_and_up_again(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade()
        flask_migrate.downgrade(revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
        flask_migrate.upgrade()

    assert schema_differences(empty_app) == []


def test_a_migrated_database_keeps_a_game(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade()
    client = empty_app.test_client()
    empty_app.config["WTF_CSRF_ENABLED"] = False
    client.post("/register", data={"email": "ann@example.com", "password": "correct horse"})

    response = client.post("/games/new?variant=gin", data={
        "variant": "gin", "first_dealer": "0", "seat-0": "Ann", "seat-1": "Bob"})

    assert response.status_code == 303
    assert client.get(response.headers["Location"]).status_code == 200


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="SQLite's settings")
def test_sqlite_runs_in_wal_mode_with_foreign_keys_enforced(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade()
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="SQLite's settings")
def test_sqlite_refuses_a_seat_for_a_player_who_does_not_exist(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade()
        with db.engine.connect() as connection:
            connection.execute(text(
                "INSERT INTO account (id, email, password_hash, created_at) VALUES (1, 'a@b.c', 'x', '2026-01-01')"))
            connection.execute(text(
                "INSERT INTO game (id, account_id, uid, variant, options, first_seat, ended, status, hands_count, "
                "summary, revision, created_at, updated_at) "
                "VALUES (1, 1, 'u1', 'gin', '{}', 0, 0, 'playing', 0, '{}', 0, '2026-01-01', '2026-01-01')"))
            with pytest.raises(Exception, match="FOREIGN KEY"):
                connection.execute(text("INSERT INTO seat (game_id, seat, player_id) VALUES (1, 0, 999)"))


def test_the_uid_migration_gives_each_existing_game_its_own_uid(empty_app):
    with empty_app.app_context():
        flask_migrate.upgrade(revision="e5d8a2a3638c")
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO account (id, email, password_hash, created_at) VALUES (1, 'a@b.c', 'x', '2026-01-01')"))
            for game_id in (1, 2):
                connection.execute(text(
                    "INSERT INTO game (id, account_id, variant, options, first_seat, ended, status, hands_count, "
                    "summary, revision, created_at, updated_at) VALUES (:id, 1, 'gin', '{}', 0, :no, 'playing', "
                    "0, '{}', 0, '2026-01-01', '2026-01-01')"), {"id": game_id, "no": False})
        flask_migrate.upgrade()
        with db.engine.connect() as connection:
            uids = [row[0] for row in connection.execute(text("SELECT uid FROM game ORDER BY id"))]

    assert len(uids) == 2 and len(set(uids)) == 2
    assert all(len(uid) == 36 for uid in uids)
    assert schema_differences(empty_app) == []


def test_upgrading_keeps_every_seat_and_hand_of_the_games_whose_table_a_migration_rebuilds(empty_app):
    # SQLite rebuilds `game` to add its uid: with foreign keys enforced while
    # it did, dropping the old table deleted every seat and hand (cascade).
    with empty_app.app_context():
        flask_migrate.upgrade(revision="e5d8a2a3638c")
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO account (id, email, password_hash, created_at) VALUES (1, 'a@b.c', 'x', '2026-01-01')"))
            connection.execute(text(
                "INSERT INTO player (id, account_id, name, created_at) VALUES (1, 1, 'Ann', '2026-01-01'), "
                "(2, 1, 'Bob', '2026-01-01')"))
            connection.execute(text(
                "INSERT INTO game (id, account_id, variant, options, first_seat, ended, status, hands_count, "
                "summary, revision, created_at, updated_at) VALUES (1, 1, 'gin', '{}', 0, :no, 'playing', "
                "1, '{}', 1, '2026-01-01', '2026-01-01')"), {"no": False})
            connection.execute(text("INSERT INTO seat (game_id, seat, player_id) VALUES (1, 0, 1), (1, 1, 2)"))
            connection.execute(text(
                "INSERT INTO hand_entry (game_id, number, entry, token, created_at, updated_at) VALUES "
                "(1, 1, :entry, 't1', '2026-01-01', '2026-01-01')"),
                {"entry": '{"out": 0, "hands": {"0": {"count": 0}, "1": {"count": 30}}}'})
        flask_migrate.upgrade()
        ran = empty_app.test_cli_runner().invoke(args=["stats-refresh", "--missing"], catch_exceptions=False)
        assert ran.exit_code == 0, ran.output
        with db.engine.connect() as connection:
            seats = connection.execute(text("SELECT seat, player_id FROM seat ORDER BY seat")).all()
            hands = connection.execute(text("SELECT number FROM hand_entry")).all()
            moments = connection.execute(text("SELECT seat, moment, count FROM seat_moment")).all()
            foreign_keys = connection.execute(text("PRAGMA foreign_keys")).scalar() if \
                db.engine.dialect.name == "sqlite" else 1

    assert [tuple(row) for row in seats] == [(0, 1), (1, 2)]
    assert [tuple(row) for row in hands] == [(1,)]
    assert [tuple(row) for row in moments] == [(0, "gins", 1)]  # the statistics, filled from the log after
    assert foreign_keys == 1  # on again once the migrations are done
