"""Figure 6: the app's server time, next to a bare Flask route.

A Basic Rummy game (4 players, counts and cards) already holding 200 hands,
on a SQLite file: the median server time to record one more hand (the POST
of the entry form, which checks the whole log by replaying it and writes
the hand) and to render the game's sheet (a replay and a 200-row page).
Each is set beside a bare Flask route on the same stack (Flask,
Flask-SQLAlchemy, SQLite in WAL mode on the same disk) that inserts one row
and commits; the ratio is the figure.  Requests go through Flask's test client:
the whole server side, no network.
"""

from __future__ import annotations

import re
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from .logs import basic_log
from .report import Figure, milliseconds, section, times

HANDS_BEFORE = 200
SAMPLES = 41
TARGET_SECONDS = 0.025
TARGET_RATIO = 3.0


def run(seed: str) -> list[Figure]:
    section(f"6. Server time with {HANDS_BEFORE} hands recorded (SQLite, median of {SAMPLES})")
    try:
        from scorekeeper import create_app  # noqa: F401
    except ImportError as error:
        print(f"skipped: the app is not importable ({error})")
        return [Figure("record a hand (200 before)", "skipped", f"<= {TARGET_SECONDS * 1e3:g} ms")]
    with tempfile.TemporaryDirectory() as folder:
        bare = _median(_bare_route(Path(folder) / "bare.sqlite3"))
        client, game_id = _app_with_game(Path(folder) / "app.sqlite3", seed)
        record, after, again = _record_and_render(client, game_id)
        unchanged, changed = _live_sheet(client, game_id)
    print(
        f"bare route (one SQLite write) {milliseconds(bare)}; record a hand {milliseconds(record)}; "
        f"render the sheet after it {milliseconds(after)}, again unchanged {milliseconds(again)}; "
        f"a live phone's ask, unchanged (304) {milliseconds(unchanged)}, changed (the sheet) "
        f"{milliseconds(changed)}"
    )
    target = f"<= {TARGET_SECONDS * 1e3:g} ms"
    ratio_target = f"<= {TARGET_RATIO:g}x bare"
    figures = [Figure("bare Flask route, one SQLite write", milliseconds(bare))]
    for label, seconds in (
        ("record a hand, 200 hands before", record),
        ("render the sheet after that hand", after),
        ("render the sheet again, unchanged", again),
    ):
        figures += [
            Figure(label, milliseconds(seconds), target, seconds <= TARGET_SECONDS),
            Figure("  / bare route", times(seconds / bare), ratio_target, seconds / bare <= TARGET_RATIO),
        ]
    return figures + [
        Figure("live sheet ask, game unchanged (304)", milliseconds(unchanged)),
        Figure("live sheet ask, game changed (30 rows)", milliseconds(changed)),
    ]


class _BareBase(DeclarativeBase):
    pass


bare_db = SQLAlchemy(model_class=_BareBase)


class Hit(bare_db.Model):  # type: ignore[name-defined,misc]
    """The bare route's one row a request."""

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[float]


def _median(call: Callable[[], Any]) -> float:
    call()  # warm caches and connections once
    seconds = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def _ok(response: Any) -> None:
    assert response.status_code in (200, 303), response.status_code


def _bare_route(path: Path) -> Callable[[], None]:
    """A bare Flask app on the same stack: one route, one ORM insert, a commit.

    Same Flask, Flask-SQLAlchemy and SQLite (WAL, on this disk) as the app,
    so the ratio measures what the app's own work adds to one write.
    """
    app = Flask("bare")
    app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{path}"
    bare_db.init_app(app)
    with app.app_context():
        bare_db.create_all()

    @app.post("/hit")
    def hit() -> tuple[str, int]:
        bare_db.session.add(Hit(at=time.time()))
        bare_db.session.commit()
        return "", 303

    client = app.test_client()
    return lambda: _ok(client.post("/hit"))


def _app_with_game(path: Path, seed: str) -> tuple[Any, int]:
    """The real app on its own SQLite file, signed in, with a 200-hand game."""
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db
    from scorekeeper.models import HandEntry, entry_with_seats

    app = create_app({
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        "SECRET_KEY": "bench",
        "WTF_CSRF_ENABLED": False,
    })
    log = basic_log(HANDS_BEFORE, f"{seed}/web")
    with app.app_context():
        db.create_all()
        account = services.register("bench@example.com", "benchmark password")
        players = [services.add_player(account, name) for name in log["players"]]
        game = services.start_game(account, "basic", players, options=log["options"])
        names = game.names
        for number, entry in enumerate(log["hands"], start=1):
            game.hands.append(HandEntry(number=number, entry=entry_with_seats(entry, names),
                                        token=f"bench-{number}"))
        # Rows added straight in, so the game's cached summary is set the way
        # services/games.py sets it after every change.
        game.hands_count = len(log["hands"])
        game.revision += 1
        db.session.commit()
        game_id = game.id
    client = app.test_client()
    _ok(client.post("/login", data={"email": "bench@example.com", "password": "benchmark password"}))
    return client, game_id


def _live_sheet(client: Any, game_id: int) -> tuple[float, float]:
    """Median time of a live-view phone's ask for the sheet: unchanged, and changed.

    The phone has no account (no session cookie).  Unchanged is the 304 the
    page gets every second while nobody records a hand; changed is the sheet
    rendered (sent without an ETag, so it is rendered every time).
    """
    _ok(client.post(f"/games/{game_id}/share"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    path = re.search(r'href="https?://[^/"]+(/s/[^"]+)"', page).group(1) + "/sheet"  # type: ignore[union-attr]
    phone = client.application.test_client()
    etag = phone.get(path).headers["ETag"]

    def unchanged() -> None:
        assert phone.get(path, headers={"If-None-Match": etag}).status_code == 304

    def changed() -> None:
        assert phone.get(path).status_code == 200

    return _median(unchanged), _median(changed)


def _record_and_render(client: Any, game_id: int) -> tuple[float, float, float]:
    """Medians of: the entry form's POST, each recording one more hand; the
    sheet's GET right after it; and the same GET once more.

    The form's token and hand number are fetched (untimed) before each POST,
    as a phone gets them when it opens the form.  The first round warms
    caches and is left out.
    """
    record: list[float] = []
    after: list[float] = []
    again: list[float] = []
    for _ in range(SAMPLES + 1):
        page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
        data = {
            "token": re.search(r'name="token" value="([^"]*)"', page).group(1),  # type: ignore[union-attr]
            "expected": re.search(r'name="expected" value="(\d+)"', page).group(1),  # type: ignore[union-attr]
            "out": "0", "p1-count": "7", "p2-cards": "KH 5D AS", "p3-count": "12",
        }
        start = time.perf_counter()
        response = client.post(f"/games/{game_id}/hands/new", data=data)
        record.append(time.perf_counter() - start)
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
        for seconds in (after, again):
            start = time.perf_counter()
            _ok(client.get(f"/games/{game_id}"))
            seconds.append(time.perf_counter() - start)
    return (statistics.median(record[1:]), statistics.median(after[1:]), statistics.median(again[1:]))
