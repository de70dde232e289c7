"""Browser tests: the real app, served for real, driven in Debian's Chromium.

The server is the app as production runs it (CSRF on) on a fresh database
-- a SQLite file in a temporary folder, or the PostgreSQL server named by
``DATABASE_URL`` -- served by werkzeug on 127.0.0.1 in a background thread.
The browser is ``/usr/bin/chromium``, never a downloaded one; where it is
missing the tests skip, except under ``CI=true``, where that is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from itertools import count
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from playwright.sync_api import BrowserContext, Page, expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import db

from .browser_kit import LiveServer, register, without_engine

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
_schemas = count(1)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the app in a real Chromium (tests/browser)")
    config.addinivalue_line("markers", "engine: needs the scoring engine in the browser (Pyodide) to start")


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext], request: pytest.FixtureRequest
                ) -> Callable[..., BrowserContext]:
    """pytest-playwright's contexts, with the engine in the browser off unless the test is marked ``engine``."""
    if request.node.get_closest_marker("engine"):
        return new_context
    return lambda **kwargs: without_engine(new_context(**kwargs))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        message = f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone: 390x844, touch."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The app on a fresh database, served on a free port for the module's tests.

    On PostgreSQL the tables live in a schema of their own, so a test run
    beside this one on the same database (dropping its tables) cannot pull
    them away mid-game.
    """
    yield from _serve(tmp_path_factory, "127.0.0.1", {})


#: the name a plain-http table server goes by in the browser: not localhost, so not a secure context
#: (no Brotli asked for, no service worker); Chromium resolves it to loopback (PLAIN_HTTP_ARGS)
PLAIN_HTTP_HOST = "table.test"
PLAIN_HTTP_ARGS = [f"--host-resolver-rules=MAP {PLAIN_HTTP_HOST} 127.0.0.1"]


@pytest.fixture(scope="module")
def plain_http_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The app as the table's plain-http Wi-Fi serves it (cookies without Secure, as `make run`),
    opened as http://table.test:<port> by a browser launched with PLAIN_HTTP_ARGS."""
    yield from _serve(tmp_path_factory, PLAIN_HTTP_HOST, {"SESSION_COOKIE_SECURE": False})


def _serve(tmp_path_factory: pytest.TempPathFactory, host: str, extra: dict[str, Any],
           prepare: Callable[[Flask], None] | None = None) -> Iterator[LiveServer]:
    """The app with ``extra`` settings, served; ``prepare`` is given the app before it serves
    (a module's own routes, say)."""
    url = os.environ.get("DATABASE_URL")
    config: dict[str, Any] = {
        "TESTING": False,  # errors render as pages, as in production
        "SECRET_KEY": "browser-tests",
        "PASSWORD_HASH": "scrypt:1024:8:1",  # (tests/conftest.py: TEST_PASSWORD_HASH)
        "WTF_CSRF_ENABLED": True,
        # Its own live folder (SQLite) and channel (PostgreSQL): a change is named by its game's
        # id, and every module's server numbers its games from 1 (another's would wake this one's).
        "LIVE_STAMPS": str(tmp_path_factory.mktemp("stamps")),
        "LIVE_CHANNEL": f"live_browser_{os.getpid()}_{next(_schemas)}",
    }
    schema = None
    if url:
        url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)
        schema = f"browser_{os.getpid()}_{next(_schemas)}"
        with sqlalchemy.create_engine(url).begin() as connection:
            connection.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
        config["SQLALCHEMY_ENGINE_OPTIONS"] = {
            "pool_pre_ping": True,
            "connect_args": {"options": f"-csearch_path={schema}"},
        }
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'browser.sqlite3'}"
    app = create_app({**config, **extra, "SQLALCHEMY_DATABASE_URI": url})
    if prepare is not None:
        prepare(app)
    with app.app_context():
        db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    # The links the table scans name the server as the tests open it: they follow them,
    # and the tests send nothing but to loopback (unset, a page opened through loopback
    # would give the machine's address on its network instead: web/addresses.py).
    app.config["PUBLIC_URL"] = f"http://{host}:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://{host}:{server.server_port}", app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        if schema:
            engine = sqlalchemy.create_engine(url)
            with engine.begin() as connection:
                connection.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))
            engine.dispose()


#: how long an expectation waits, for every page of every context: a refused save online is two
#: requests (the outbox's, then the form's own), on a machine the suite keeps busy on both cores
EXPECT_TIMEOUT = 15_000


@pytest.fixture(autouse=True)
def _expect_timeout() -> None:
    expect.set_options(timeout=EXPECT_TIMEOUT)


@pytest.fixture
def page(page: Page) -> Page:
    page.set_default_timeout(10_000)
    return page


@pytest.fixture
def signed_in(page: Page, live_server: LiveServer) -> Page:
    """A phone signed in to a new account."""
    register(page, live_server)
    return page
