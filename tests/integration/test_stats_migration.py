"""The statistics migration fills every existing game's rows from its log, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from typing import Any

import flask_migrate
from sqlalchemy import text
from test_migrations import empty_app, schema_differences  # noqa: F401  (the fixture, by name)

from scorekeeper.extensions import db

BEFORE_STATS = "dba2a0b3f09d"


def seat_results() -> list[tuple[Any, ...]]:
    with db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(
            "SELECT game_id, seat, player_id, variant, finished, won, hands, hands_won, score_sum, best_hand, "
            "gins, undercuts, knocks_beaten, rum_hands, eliminated FROM seat_result ORDER BY game_id, seat"))]


def play(client: Any, variant: str, names: list[str], hands: list[dict[str, str]], *, end: bool) -> None:
    data = {"variant": variant, "first_dealer": "0", **{f"seat-{i}": n for i, n in enumerate(names)}}
    response = client.post(f"/games/new?variant={variant}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:1000]
    game = re.search(r"/games/(\d+)$", response.headers["Location"]).group(1)  # type: ignore[union-attr]
    for fields in hands:
        form = client.get(f"/games/{game}/hands/new").get_data(as_text=True)
        token = re.search(r'name="token" value="([^"]*)"', form).group(1)  # type: ignore[union-attr]
        expected = re.search(r'name="expected" value="(\d+)"', form).group(1)  # type: ignore[union-attr]
        response = client.post(f"/games/{game}/hands/new", data={"token": token, "expected": expected, **fields})
        assert response.status_code == 303, response.get_data(as_text=True)[:1000]
    if end:
        assert client.post(f"/games/{game}/end").status_code == 303


def test_upgrading_a_database_with_games_fills_their_statistics_as_the_app_would(empty_app):  # noqa: F811
    with empty_app.app_context():
        flask_migrate.upgrade()
    empty_app.config["WTF_CSRF_ENABLED"] = False
    client = empty_app.test_client()
    client.post("/register", data={"email": "ann@example.com", "password": "correct horse"})
    play(client, "gin", ["Ann", "Bob"], [{"out": "0", "p0-count": "0", "p1-count": "30"},
                                         {"out": "1", "p1-count": "8", "p0-count": "5"}], end=True)
    play(client, "knock", ["Ann", "Bob", "Cara"], [{"out": "1", "p1-count": "6", "p0-count": "6", "p2-count": "3"}],
         end=False)
    play(client, "tunk", ["Ann", "Cara"], [{"out": "0", "p1-count": "60"}, {"out": "0", "p1-count": "45"}],
         end=False)
    with empty_app.app_context():
        kept_by_the_app = seat_results()
        flask_migrate.downgrade(revision=BEFORE_STATS)
        flask_migrate.upgrade()
        filled_by_the_migration = seat_results()

    assert len(kept_by_the_app) == 2 + 3 + 2
    assert filled_by_the_migration == kept_by_the_app
    assert schema_differences(empty_app) == []
