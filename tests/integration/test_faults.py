"""Faults: the server killed mid-hand, the database locked or gone; nothing acknowledged is lost.

The kill test runs gunicorn (``gunicorn.conf.py``, two workers) on a free
port of 127.0.0.1 while a phone records hands without pause, SIGKILLs the
master and its workers at once, starts it again, and reads the database:
every acknowledged hand is there as typed, no half-written one (hands
numbered 1..n, the game's count and summary agreeing with its log), and the
same phone, still signed in, records the next hand.

The others run the app in-process on a real database that another
connection holds locked past the app's wait, or that cannot be reached.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from typing import Any

import pytest
from appstate import hands_in
from webpage import page, without_language_switch

from bench.load import Server, Table, Timings, check_games, free_port, fresh_database
from scorekeeper import create_app
from scorekeeper.extensions import LOCK_WAIT_MS, db

# It starts gunicorn and times it: under xdist, it runs on one worker, one
# after the other with the other tests that do (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("servers")

KIND = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"
NAMES = ["Ann", "Bob", "Cara"]
HAND = {"out": "0", "p1-count": "12", "p2-count": "3"}
BUSY = "busy or unreachable just now, so nothing was saved and nothing you typed is lost: try again"


# -- SIGKILL -------------------------------------------------------------------


def record_until_stopped(table: Table, stop: threading.Event, errors: list[BaseException]) -> None:
    """Hands one after another, as fast as the server takes them, until the server dies."""
    try:
        while not stop.is_set():
            table.record()
    except OSError as error:  # refused, reset or cut off by the kill: expected
        errors.append(error)
    except Exception as error:  # noqa: BLE001  (http.client's own errors for a half answer)
        errors.append(error)


def test_a_server_killed_while_recording_keeps_every_acknowledged_hand_and_no_half_one(tmp_path):
    with fresh_database(KIND, tmp_path, os.environ.get("DATABASE_URL")) as url:
        server = Server(url, tmp_path, workers=2)
        server.migrate()
        server.start()
        try:
            table = Table(0, server.port, Timings(), random.Random(4),
                          edit_chance=0, race_chance=0, double_post_chance=0)
            table.sign_up()
            table.new_game()
            stop, errors = threading.Event(), []
            recorder = threading.Thread(target=record_until_stopped, args=(table, stop, errors))
            recorder.start()
            deadline = time.monotonic() + 30
            while len(table.hands) < 8 and time.monotonic() < deadline and not errors:
                time.sleep(0.05)  # (work counted: eight hands acknowledged, then the kill)
            assert len(table.hands) >= 8, f"the phone never got going: {errors}"
            server.kill()  # mid-request: the phone posts without pause
            stop.set()
            recorder.join(timeout=30)
            acknowledged = len(table.hands)

            killed_checked, killed_failures = check_games(url, [table], unacknowledged_allowed=1)

            server.start()
            form = table.open_form(table.phone)  # the same phone, its session cookie from before
            assert form is not None
            after = table.post_hand(table.phone, form, table.random_hand())
            restarted_checked, restarted_failures = check_games(url, [table], unacknowledged_allowed=1)
        finally:
            server.stop()

    assert acknowledged >= 8
    assert not recorder.is_alive()
    assert killed_failures == []  # 1..n, each acknowledged hand as typed, count and summary = the log
    assert after == 303
    assert int(form["expected"]) in (acknowledged + 1, acknowledged + 2)  # + the one cut off, if it was kept
    assert restarted_failures == []
    assert killed_checked == restarted_checked == [f"table 0, game {table.game_id}"]
    assert table.timings.problems == []  # no 5xx before the kill, none after the restart


# -- locked or unreachable -----------------------------------------------------


@pytest.fixture
def game(user, start_game):  # type: ignore[no-untyped-def]
    return start_game(user, "basic", NAMES)


def hold_write_lock(app: Any, schema: str | None, ready: threading.Event, release: threading.Event) -> None:
    """Another connection takes the lock that writing a hand needs, and holds it until released."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if url.startswith("sqlite"):
        connection = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        connection.execute("BEGIN EXCLUSIVE")  # in WAL mode readers still read; writers wait
    else:
        import psycopg

        connection = psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1))
        if schema:
            connection.execute(f'SET search_path TO "{schema}"')
        connection.execute("LOCK TABLE hand_entry IN EXCLUSIVE MODE")  # reads go on; inserts wait
    ready.set()
    release.wait(timeout=60)
    connection.rollback()
    connection.close()


def test_a_hand_saved_while_the_database_is_locked_comes_back_as_typed_with_503_and_saves_later(
        app, user, game, _postgres_schema):
    form = {**page(user.get(f"/games/{game}/hands/new")).form_data(), **HAND}
    ready, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=hold_write_lock, args=(app, _postgres_schema, ready, release))
    holder.start()
    assert ready.wait(timeout=10)
    try:
        started = time.monotonic()
        response = user.post(f"/games/{game}/hands/new", data=form)
        waited = time.monotonic() - started
    finally:
        release.set()
        holder.join()

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert waited >= LOCK_WAIT_MS / 1000 * 0.9  # it waited for the lock before giving up
    shown = page(response)
    assert BUSY in shown.text
    again = shown.form_data()
    assert {key: again[key] for key in HAND} == HAND  # everything typed is still in the form
    assert again["token"] == form["token"] and again["expected"] == "1"
    assert hands_in(app, game) == []

    saved = user.post(f"/games/{game}/hands/new", data=again)

    assert saved.status_code == 303
    assert [hand["number"] for hand in hands_in(app, game)] == [1]


@pytest.fixture
def unreachable(app, tmp_path):  # type: ignore[no-untyped-def]
    """The same app (same secret key, so the same sessions) on a database that cannot be reached."""
    if KIND == "postgresql":
        url = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/scorekeeper"
    else:
        url = f"sqlite:///{tmp_path / 'gone' / 'scorekeeper.sqlite3'}"
    broken = create_app({**app.config, "SQLALCHEMY_DATABASE_URI": url, "SQLALCHEMY_ENGINE_OPTIONS": {}})
    yield broken
    with broken.app_context():
        db.engine.dispose()


def same_phone(client: Any, other_app: Any) -> Any:
    """A client of ``other_app`` carrying this client's session cookie."""
    phone = other_app.test_client()
    cookie = client.get_cookie("session")
    phone.set_cookie("session", cookie.value)
    return phone


def test_a_hand_posted_while_the_database_is_unreachable_is_offered_again_and_records_once(
        app, user, game, unreachable):
    form = {**without_language_switch(page(user.get(f"/games/{game}/hands/new"))).form_data(), **HAND}

    response = same_phone(user, unreachable).post(f"/games/{game}/hands/new", data=form)

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    shown = without_language_switch(page(response))
    assert BUSY in shown.text
    resend = shown.form_data()
    assert resend == form  # every field, the one-time token too, in the "Try again" form
    assert hands_in(app, game) == []

    first = user.post(f"/games/{game}/hands/new", data=resend)  # the database is back: Try again
    twice = user.post(f"/games/{game}/hands/new", data=resend)

    assert first.status_code == twice.status_code == 303
    assert [hand["number"] for hand in hands_in(app, game)] == [1]


def test_a_page_read_while_the_database_is_unreachable_says_try_again_with_503(user, game, unreachable):
    response = same_phone(user, unreachable).get(f"/games/{game}")

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert "busy or unreachable just now" in page(response).text
    # nothing was posted, nothing to resend
    assert without_language_switch(page(response)).find("form", method="post") is None


def test_a_sign_in_while_the_database_is_unreachable_never_echoes_the_password(client, unreachable):
    response = unreachable.test_client().post(
        "/login", data={"email": "ann@example.com", "password": "hunter2 hunter2"})

    assert response.status_code == 503
    assert "hunter2" not in response.get_data(as_text=True)
    assert "Go back" in page(response).text


def test_an_api_call_while_the_database_is_unreachable_is_a_503_error_in_the_documented_shape(unreachable):
    import jsonschema

    from scorekeeper.web.openapi import document

    response = unreachable.test_client(use_cookies=False).post(
        "/api/v1/games/1/hands", json={"entry": {"out": "Ann"}},
        headers={"Authorization": "Bearer sk_anything", "Idempotency-Key": "hand-1"})

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    body = response.get_json()
    assert body["code"] == "unavailable" and body["retry_after"] == 5
    spec = document()
    schema = {**spec["components"]["schemas"]["Error"], "components": spec["components"]}
    jsonschema.validate(body, schema)
    assert "503" in spec["paths"]["/games/{game_id}/hands"]["post"]["responses"]
