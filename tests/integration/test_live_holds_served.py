"""Held live asks under gunicorn as ``make serve`` runs it: woken by a hand another process
records, and answered at once when the server is told to stop.

A live ask that says it can wait (``Prefer: wait=25``) is held by the worker
that took it until the game's live stamp moves (``scorekeeper/live_stamps.py``,
"Held asks").  Here the hand is recorded by this test's own process, through
the services, as another worker or host on the same stamps folder would: only
the stamp on disk tells the holding worker.  And gunicorn's stop must not wait
out a phone's 25 s: ``gunicorn.conf.py``'s ``post_worker_init`` tells the holds
when the worker is on its way out.
"""

from __future__ import annotations

import html
import os
import re
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from inotify_simple import INotify, flags

from bench.load import Server, fresh_database, raw_request
from bench.tables import set_up

# It starts gunicorn and times it: under xdist, it runs on one worker, one
# after the other with the other tests that do (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("servers")

KIND = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """gunicorn (one worker) with a Basic game shared by a live link: (server, database URL, game id, token)."""
    monkeypatch.setenv("LIVE_STAMPS", str(tmp_path / "live"))
    with fresh_database(KIND, tmp_path, os.environ.get("DATABASE_URL")) as url:
        server = Server(url, tmp_path, workers=1)
        server.migrate()
        (game_id, token, _), = set_up(url, server.port, 1, 1, "holds")
        server.start()
        try:
            yield server, url, game_id, token
        finally:
            server.stop()


def learnt(server: Server, token: str) -> str:
    """The ETag of the live sheet, asked for until the worker answers it from its stamp."""
    path = f"/s/{token}/sheet"
    status, headers, _ = raw_request(server.port, "GET", path)
    assert status == 200
    etag = headers["ETag"]
    for _ in range(2):
        assert raw_request(server.port, "GET", path, headers={"If-None-Match": etag})[0] == 304
    return etag


def held(server: Server, token: str, etag: str, game_id: int, reads: int = 2) -> tuple[threading.Thread, dict[str, Any]]:
    """A phone's ask, sent and held by the worker: waited for as the reads of the game's stamp
    the kernel reports (the ask's own before it is held, the route's first where the worker knew
    nothing of the link, and last the watcher's, which reads only held games' stamps)."""
    answer: dict[str, Any] = {}
    with INotify() as told:
        told.add_watch(os.environ["LIVE_STAMPS"], flags.OPEN)

        def phone() -> None:
            status, headers, body = raw_request(server.port, "GET", f"/s/{token}/sheet", timeout=40,
                                                headers={"If-None-Match": etag, "Prefer": "wait=25"})
            answer.update(status=status, applied=headers.get("Preference-Applied"), body=body)

        thread = threading.Thread(target=phone, daemon=True)
        thread.start()
        seen, deadline = 0, time.monotonic() + 30
        while seen < reads:
            assert time.monotonic() < deadline and "status" not in answer, f"never held: {seen} reads, {answer}"
            seen += sum(event.name == str(game_id) for event in told.read(timeout=100))
    return thread, answer


def record_first_hand(url: str, game_id: int) -> None:
    """Hand 1 recorded through the services by this test's own process, as another host would."""
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    app = create_app({"SQLALCHEMY_DATABASE_URI": url.replace("postgresql://", "postgresql+psycopg://", 1),
                      "SECRET_KEY": "other-host", "TESTING": True})
    with app.app_context():
        game = db.session.get(Game, game_id)
        services.record_hand(game, {"out": "Ann", "hands": {"Bob": {"count": 12}, "Cara": {"count": 3},
                                                            "Dev": {"count": 7}}}, token="t1", expected=1)
        db.session.remove()
        db.engine.dispose()


def test_a_held_ask_is_woken_by_a_hand_another_process_records(served: Any) -> None:
    server, url, game_id, token = served
    etag = learnt(server, token)
    thread, answer = held(server, token, etag, game_id)

    record_first_hand(url, game_id)
    thread.join(20)  # (the stamp's move, not the end of the 25 s: answered by then)

    assert answer["status"] == 200
    assert answer["applied"] == "wait=25"
    assert 'data-hands="1"' in answer["body"]


def test_the_first_ask_on_a_just_shared_link_is_held_by_gunicorn_not_answered_at_once(served: Any) -> None:
    server, url, game_id, token = served
    status, _, shown = raw_request(server.port, "GET", f"/s/{token}")  # the page a phone opens: no sheet asked yet
    assert status == 200
    etag = re.search(r'data-etag="([^"]+)"', shown)
    assert etag is not None
    thread, answer = held(server, token, html.unescape(etag.group(1)), game_id, reads=3)

    record_first_hand(url, game_id)
    thread.join(20)

    assert answer["status"] == 200  # held until the hand, not a 304 the moment it was asked
    assert answer["applied"] == "wait=25"
    assert 'data-hands="1"' in answer["body"]


def test_a_server_told_to_stop_answers_its_held_asks_at_once(served: Any) -> None:
    server, _, game_id, token = served
    etag = learnt(server, token)
    thread, answer = held(server, token, etag, game_id)

    assert server.process is not None
    os.killpg(server.process.pid, signal.SIGTERM)
    thread.join(20)  # (answered at the stop, not at the end of its 25 s)
    server.process.wait(20)  # gunicorn gone too, not held up by the phone (its graceful stop is 30 s)

    assert answer["status"] == 304
    assert answer["applied"] == "wait=25"  # it was held, and let go
