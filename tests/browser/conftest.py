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
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import db

from browser_kit import LiveServer, register

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the app in a real Chromium (tests/browser)")


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
    """The app on a fresh database, served on a free port for the module's tests."""
    url = os.environ.get("DATABASE_URL")
    if url:
        url = re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'browser.sqlite3'}"
    app = create_app({
        "TESTING": False,  # errors render as pages, as in production
        "SECRET_KEY": "browser-tests",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": True,
    })
    with app.app_context():
        db.drop_all()
        db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{server.server_port}")
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


@pytest.fixture
def page(page: Page) -> Page:
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    return page


@pytest.fixture
def signed_in(page: Page, live_server: LiveServer) -> Page:
    """A phone signed in to a new account."""
    register(page, live_server)
    return page
