"""Fixtures: an app on a fresh database per test, clients, and small factories.

The database is a real one: a SQLite file in the test's temporary folder, or
the PostgreSQL server named by ``DATABASE_URL`` (CI runs the suite on both).
"""

from __future__ import annotations

import os
import re
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import inspect

from registry_kit import definitions

from scorekeeper import create_app
from scorekeeper.extensions import db


#: scrypt still, at a 32nd of production's cost (N = 2**10: a few ms a hash instead of 0.1 s), since
#: most of the suite's thousands of tests make an account; one test checks production's own
TEST_PASSWORD_HASH = "scrypt:1024:8:1"


class _CompiledTemplates(BytecodeCache):
    """Each template compiled once per test process, not once per test's app.

    Every test builds an app of its own, with a Jinja environment of its
    own, which compiled every template it drew again: about a third of the
    time of a test that draws a few pages.  Jinja keeps a template's
    compiled code here by its name and checks it against the source's
    checksum, so an edited template is compiled afresh.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = _CompiledTemplates()


@pytest.fixture(scope="session", autouse=True)
def _templates_compiled_once() -> Iterator[None]:
    """Every app the tests build (theirs, the browser tests' servers) keeps its templates'
    code in :data:`COMPILED_TEMPLATES` (Flask's ``jinja_options``, read as an app makes its
    Jinja environment)."""
    before = Flask.jinja_options
    Flask.jinja_options = {**before, "bytecode_cache": COMPILED_TEMPLATES}
    yield
    Flask.jinja_options = before


def _database_url(tmp_path: Any) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture(scope="session")
def _postgres_schema() -> Iterator[str | None]:
    """On PostgreSQL, a schema of this test run's own.

    Other test runs (another engineer's, CI's browser job) may use the same
    database at the same time; tables dropped and created per test must not
    be theirs.
    """
    url = os.environ.get("DATABASE_URL")
    if not url:
        yield None
        return
    import psycopg

    schema = f"test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    yield schema
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(scope="session")
def _empty_sqlite(tmp_path_factory: pytest.TempPathFactory, _postgres_schema: str | None) -> Path | None:
    """On SQLite, an empty database with every table, made once per test process: each test's
    is a copy (``create_all`` per test was most of a short test's time: each table's DDL is a
    commit of its own, synced to disk)."""
    if _postgres_schema:
        return None
    template = tmp_path_factory.mktemp("template") / "empty.sqlite3"
    maker = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{template}", "LIVE_STAMPS": ""})
    with maker.app_context():
        db.create_all()
        db.engine.dispose()  # (its last connection closed: the WAL checkpointed into the file)
    return template


def _engine_options(schema: str | None) -> dict[str, Any]:
    options: dict[str, Any] = {"pool_pre_ping": True}
    if schema:
        options["connect_args"] = {"options": f"-c search_path={schema}"}
    return options


@pytest.fixture
def app(tmp_path: Path, _postgres_schema: str | None, _empty_sqlite: Path | None) -> Iterator[Flask]:
    if _empty_sqlite:
        shutil.copyfile(_empty_sqlite, tmp_path / "test.sqlite3")
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": _database_url(tmp_path).replace("postgresql://", "postgresql+psycopg://", 1),
        "SQLALCHEMY_ENGINE_OPTIONS": _engine_options(_postgres_schema),
        "WTF_CSRF_ENABLED": False,
        "LIVE_STAMPS": str(tmp_path / "live"),
        # (PostgreSQL's notifications reach every schema's listeners: each run hears its own.)
        "LIVE_CHANNEL": f"live_{_postgres_schema}" if _postgres_schema else "",
        "PASSWORD_HASH": TEST_PASSWORD_HASH,
        # The machine's address on the table's Wi-Fi, whatever this machine's own interfaces
        # (a page opened as localhost gives the table links with it: web/addresses.py).
        "MACHINE_ADDRESSES": ["192.168.1.20"],
    })
    if _postgres_schema:
        with app.app_context():
            _empty_postgres_tables(_postgres_schema)
    yield app
    app.extensions["scorekeeper.live_listener"].stop()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


#: the PostgreSQL schemas whose tables this process has made (or found) already
_made_in: set[str] = set()


def _empty_postgres_tables(schema: str) -> None:
    """The run's own schema, tables made once, emptied for each test (ids from 1 again).

    Dropping and creating every table per test costs PostgreSQL about half a
    second, and a TRUNCATE of them all 70 ms (it makes each table's files
    anew); deleting their few rows and setting every sequence back to 1, in
    one round trip, costs 2-3 ms.
    """
    if schema not in _made_in:
        names = {table.name for table in db.metadata.sorted_tables}
        if not names <= set(inspect(db.engine).get_table_names()):
            db.drop_all()
            db.create_all()
        _made_in.add(schema)
    deletes = "; ".join(f'DELETE FROM "{table.name}"' for table in reversed(db.metadata.sorted_tables))
    with db.engine.begin() as connection:
        connection.exec_driver_sql(
            f"{deletes}; SELECT setval(c.oid, 1, false) FROM pg_class c JOIN pg_namespace s "
            "ON s.oid = c.relnamespace WHERE c.relkind = 'S' AND s.nspname = current_schema()")


@pytest.fixture
def csrf_app(app: Flask) -> Flask:
    """The same app with CSRF protection on, as in production."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> Any:
    return app.test_cli_runner()


_counter = iter(range(1, 10**9))


@pytest.fixture
def sign_up(app: Flask):  # type: ignore[no-untyped-def]
    """``sign_up(client)``: a new account, signed in on that client; returns its email."""

    def make(client: FlaskClient, email: str | None = None, password: str = "correct horse") -> str:
        email = email or f"player{next(_counter)}@example.com"
        response = client.post("/register", data={"email": email, "password": password})
        assert response.status_code == 303, response.get_data(as_text=True)
        return email

    return make


def _defined(variant: str) -> dict[str, Any] | None:
    """What a game the table defines (``house``) is given when a test starts one and does not say:
    its required options, each its first allowed value (the test's options are added to these);
    None for a game of set rules.  From the registry, so a game added there is started as it needs."""
    return definitions().get(variant)


_own_games = iter(range(1, 1_000_000))


def _define_game(client: FlaskClient, variant: str, **options: Any) -> int:
    """Define a game of the table's own on the "Your own game" form: the kept game type's id."""
    given = {**(_defined(variant) or {}), "name": f"Our game {next(_own_games)}", **options}
    data = {"variant": variant}
    for key, value in given.items():
        if isinstance(value, dict):  # a table of values: a field each
            data.update({f"option-{key}-{part}": str(number) for part, number in value.items()})
        else:
            data[f"option-{key}"] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    response = client.post("/games/own/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.search(r"type=(\d+)$", response.headers["Location"])
    assert match, response.headers["Location"]
    return int(match.group(1))


@pytest.fixture
def define_game(app: Flask):  # type: ignore[no-untyped-def]
    """``define_game(client, "house", name="Loba", scoring="zero_sum")``: the kept game type's id."""
    return _define_game


@pytest.fixture
def start_game(app: Flask):  # type: ignore[no-untyped-def]
    """``start_game(client, "gin", ["Ann", "Bob"], target=50)``: the new game's id.

    A game the table defines is defined first (:func:`define_game`, with
    these options) and started from the game type kept.
    """

    def make(client: FlaskClient, variant: str, names: list[str], first_dealer: int = 0,
             **options: Any) -> int:
        data = {"variant": variant, "first_dealer": str(first_dealer)}
        data.update({f"seat-{i}": name for i, name in enumerate(names)})
        path = f"/games/new?variant={variant}"
        if _defined(variant) is not None:
            path = f"/games/new?type={_define_game(client, variant, **options)}"
            options = {}
        for key, value in options.items():
            data[f"option-{key}"] = "1" if value is True else str(value)
        response = client.post(path, data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        match = re.search(r"/games/(\d+)$", response.headers["Location"])
        assert match, response.headers["Location"]
        return int(match.group(1))

    return make


@pytest.fixture
def record(app: Flask):  # type: ignore[no-untyped-def]
    """``record(client, game_id, {"out": "0", "p1-count": "7"})``: POST a hand entry form.

    Fetches the entry form first for its one-time token and hand number,
    as a phone does.
    """

    def post(client: FlaskClient, game_id: int, fields: dict[str, str], *,
             token: str | None = None) -> Any:
        page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
        found_token = re.search(r'name="token" value="([^"]*)"', page)
        expected = re.search(r'name="expected" value="(\d+)"', page)
        data = {
            "token": token if token is not None else (found_token.group(1) if found_token else ""),
            "expected": expected.group(1) if expected else "1",
            **fields,
        }
        return client.post(f"/games/{game_id}/hands/new", data=data)

    return post
