"""Nothing stored can make a page fail: odd rows are described, never a 500.

The change log keeps entries as they were stored (by an older release, a
restored file, a hand edited in the database); a hand's count may be far
past anything the engine takes today.  Every page that shows a game -- its
sheet, every hand, the review, the live view and the live view's sheet --
still answers, and says what it could not read.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import Change, Game, HandEntry, ShareLink, utcnow
from scorekeeper.web.sheet import UNREADABLE_ENTRY, _progress

NAMES = ["Ann", "Bob", "Cara"]

ODD_ENTRIES = [
    pytest.param({"out": 7}, id="a seat that is not at the table"),
    pytest.param({"out": 0, "hands": {"9": {"count": 4}}}, id="a hand of a seat that is not at the table"),
    pytest.param({"out": 0, "hands": {"x": {"count": 4}}}, id="a seat that is no number"),
    pytest.param({"out": 0, "hands": [{"count": 4}]}, id="hands that are a list"),
    pytest.param({"out": 0, "hands": {"1": 4}}, id="a hand that is a number"),
    pytest.param([0, 1, 2], id="a list where an entry belongs"),
    pytest.param("Ann went out", id="a string where an entry belongs"),
]


def pages_of(client: FlaskClient, app: Flask, game: int) -> dict[str, Any]:
    """Every page that shows the game, the live view's among them, as answered."""
    assert client.post(f"/games/{game}/share").status_code == 303
    with app.app_context():
        token = db.session.scalar(select(ShareLink.token).where(ShareLink.game_id == game))
        db.session.remove()
    paths = [f"/games/{game}", f"/games/{game}?all=1", f"/games/{game}?page=1", f"/games/{game}/review",
             f"/s/{token}", f"/s/{token}?all=1", f"/s/{token}/sheet", f"/s/{token}/sheet?all=1"]
    found = {path: client.get(path) for path in paths}
    return found


def store(app: Flask, game: int, *rows: Any) -> None:
    """Rows added to the game as a database edit would, the game's revision moved on (so no cache answers)."""
    with app.app_context():
        found = db.session.get(Game, game)
        for row in rows:
            row.game_id = game
            db.session.add(row)
        found.revision += 1
        found.updated_at = utcnow()
        db.session.commit()
        db.session.remove()


@pytest.fixture
def game(user: FlaskClient, start_game: Any, record: Any) -> int:
    """Basic Rummy with a hand: Ann went out, +15."""
    game = start_game(user, "basic", NAMES)
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    return game


@pytest.mark.parametrize("odd", ODD_ENTRIES)
def test_a_stored_change_with_an_unreadable_entry_is_a_line_of_the_log_not_a_failure(
    app: Flask, user: FlaskClient, game: int, odd: Any
) -> None:
    store(app, game, Change(action="edit", hand_number=1, before=odd, after={"out": 1}),
          Change(action="undo", hand_number=1, before=odd))

    for path, response in pages_of(user, app, game).items():
        assert response.status_code == 200, path
        if "htmx" not in path:  # the partial is the sheet alone
            log = page(response).one("section", cls="changes").text
            assert f"hand 1 undone (was: {UNREADABLE_ENTRY})" in log, path
            assert f"hand 1 changed from {UNREADABLE_ENTRY} to Bob out" in log, path


def test_a_change_without_a_hand_number_or_entries_is_written_plainly(app: Flask, user: FlaskClient, game: int) -> None:
    store(app, game, Change(action="edit", hand_number=None, before=None, after=None))

    log = page(user.get(f"/games/{game}")).one("section", cls="changes").text

    assert "a hand changed from to" in log


def test_a_readable_change_is_still_described_in_full(user: FlaskClient, game: int) -> None:
    corrected = user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"})
    assert corrected.status_code == 303

    log = page(user.get(f"/games/{game}")).one("section", cls="changes").text

    assert "hand 1 changed from Ann out; Bob 12; Cara 3 (Ann +15) to Ann out; Bob 20; Cara 3 (Ann +23)" in log


@pytest.mark.parametrize("count", [10**30, 10**400], ids=["31 digits", "401 digits (past any float)"])
def test_a_stored_hand_with_a_count_past_any_bound_shows_the_game_without_failing(
    app: Flask, user: FlaskClient, start_game: Any, count: int
) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])
    store(app, game, HandEntry(number=1, entry={"out": 0, "hands": {"1": {"count": count}}}, token="typed-in"))

    for path, response in pages_of(user, app, game).items():
        assert response.status_code == 200, path


@pytest.mark.parametrize("odd", ODD_ENTRIES)
def test_a_stored_hand_that_cannot_be_read_says_so_instead_of_failing(
    app: Flask, user: FlaskClient, game: int, odd: Any
) -> None:
    store(app, game, HandEntry(number=2, entry=odd, token="typed-in"))

    for path, response in pages_of(user, app, game).items():
        assert response.status_code == 200, path
        if "/review" not in path:
            assert "no longer replays" in page(response).text, path


@pytest.mark.parametrize(("total", "limit", "percent"), [
    (10**30, 500, 100),
    (10**400, 500, 100),  # past what a float holds
    (-(10**400), 500, 0),
    (250, 10**400, 0),
    (250.5, 10**400, 0),  # a float against an int no float holds
    (float("inf"), 500, 100),
    (float("nan"), 500, None),
    (250, 500, 50),
    (12, None, None),
])
def test_the_way_to_the_target_is_a_percent_for_any_total(total: Any, limit: Any, percent: Any) -> None:
    assert _progress(total, limit) == percent


@pytest.mark.parametrize("odd", ODD_ENTRIES)
def test_a_stored_hand_that_cannot_be_read_can_be_opened_corrected_and_undone(
    app: Flask, user: FlaskClient, game: int, odd: Any
) -> None:
    from apikit import Api, make_token

    store(app, game, HandEntry(number=2, entry=odd, token="typed-in"))
    api = Api(app, make_token(user))
    assert api.get(f"/games/{game}/hands").status_code == 200
    assert api.get(f"/games/{game}/hands/2").status_code == 200
    assert user.get(f"/games/{game}/hands/1/edit").status_code == 200
    assert user.get(f"/games/{game}/hands/new").status_code == 200
    assert user.get(f"/games/{game}/hands/preview", query_string={"cards": "KH 5D"}).get_json()["value"] == 15
    opened = user.get(f"/games/{game}/hands/2/edit")
    assert opened.status_code == 200
    if not isinstance(odd, dict) or odd.get("out") == 7:
        assert "cannot be read" in page(opened).text

    refused = user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"})
    assert refused.status_code == 422, "a correction of another hand cannot stand on the unreadable one"

    mended = user.post(f"/games/{game}/hands/2/edit", data={"out": "1", "p0-count": "4", "p2-count": "6"})
    assert mended.status_code == 303
    assert "no longer replays" not in page(user.get(f"/games/{game}")).text
    assert user.post(f"/games/{game}/undo").status_code == 303
    assert api.get(f"/games/{game}").get_json()["hands_count"] == 1
