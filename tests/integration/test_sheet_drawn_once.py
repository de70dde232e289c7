"""The sheet is drawn once per change: kept work must never show a stale sheet.

A recorded hand resumes the game's kept Replay (no replay of the log); an
unchanged sheet is served as drawn before; a sheet with one more hand draws
only that hand's row.  Every kind of change (record, edit, undo, end, rename)
must still show at once, on the owner's page and on the shared read-only page
alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from appstate import sheet_rows, sheet_totals
from sqlalchemy import event
from webpage import page

from scorekeeper.extensions import db

NAMES = ["Ann", "Bob", "Cara"]


@contextmanager
def statements(app) -> Iterator[list[str]]:  # type: ignore[no-untyped-def]
    """Every SQL statement the app runs inside the block."""
    seen: list[str] = []

    def note(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        seen.append(" ".join(statement.split()))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def reads_hands(seen: list[str]) -> bool:
    return any(re.search(r"\bFROM hand_entry\b", statement) for statement in seen)


@pytest.fixture
def game(user, start_game, record):  # type: ignore[no-untyped-def]
    """Basic Rummy with two hands: Ann +15, then Cara +11."""
    game = start_game(user, "basic", NAMES)
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    assert record(user, game, {"out": "2", "p0-count": "5", "p1-count": "6"}).status_code == 303
    return game


def test_the_sheet_after_a_recorded_hand_comes_without_replaying_the_log(app, user, game, record):
    user.get(f"/games/{game}")  # the sheet as two hands left it, drawn
    assert record(user, game, {"out": "1", "p0-count": "4", "p2-count": "6"}).status_code == 303

    with statements(app) as seen:
        response = user.get(f"/games/{game}")

    assert response.status_code == 200
    assert sheet_totals(user, game) == ["15", "10", "11"]
    assert not reads_hands(seen), seen  # the kept Replay went on by one hand


def test_an_unchanged_sheet_is_served_as_drawn_before(app, user, game):
    user.get(f"/games/{game}")  # shows, and so clears, the last hand's "saved" message
    first = user.get(f"/games/{game}").get_data(as_text=True)

    with statements(app) as seen:
        second = user.get(f"/games/{game}").get_data(as_text=True)

    assert second == first
    # The account and the game are read (the game's revision is the key);
    # neither the hands nor the change log are.
    assert not reads_hands(seen), seen
    assert not any("FROM change" in statement for statement in seen), seen


def test_a_corrected_hand_redraws_its_row_and_every_row_after_it(user, game):
    before = sheet_rows(page(user.get(f"/games/{game}")))
    assert [total for total, _ in before[0]] == ["15", "0", "0"]

    response = user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"})
    assert response.status_code == 303

    shown = page(user.get(f"/games/{game}"))
    after = sheet_rows(shown)
    assert [total for total, _ in after[0]] == ["23", "0", "0"]
    assert [total for total, _ in after[1]] == ["23", "0", "11"]
    notes = shown.one("details", id="hand-1").text
    assert "23" in notes and "20" in notes


def test_a_hand_undone_and_entered_again_differently_shows_the_new_hand(user, game, record):
    user.get(f"/games/{game}")
    assert user.post(f"/games/{game}/undo").status_code == 303
    assert record(user, game, {"out": "1", "p0-count": "9", "p2-count": "1"}).status_code == 303

    shown = page(user.get(f"/games/{game}"))
    rows = sheet_rows(shown)
    assert len(rows) == 2
    assert [total for total, _ in rows[1]] == ["15", "10", "0"]
    assert "Bob" in shown.one("details", id="hand-2").one("summary").text


def test_a_renamed_player_is_renamed_in_every_row_already_drawn(app, user, game):
    assert "Bob" in user.get(f"/games/{game}").get_data(as_text=True)
    with app.app_context():
        from scorekeeper.models import Player

        bob = db.session.scalar(db.select(Player.id).where(Player.name == "Bob"))
        db.session.remove()

    assert user.post(f"/players/{bob}/rename", data={"name": "Robert"}).status_code == 303

    user.get(f"/games/{game}")  # shows, and so clears, the "Bob is now Robert" message
    shown = user.get(f"/games/{game}").get_data(as_text=True)
    assert "Robert" in shown
    found = re.search(r"\bBob\b", shown)
    assert not found, shown[found.start() - 300:found.end() + 100]


def test_the_shared_page_and_the_owners_page_each_keep_their_own_links(client, user, game):
    owner_before = user.get(f"/games/{game}").get_data(as_text=True)
    assert "Correct hand 1" in owner_before
    shared = user.post(f"/games/{game}/share", follow_redirects=True).get_data(as_text=True)
    link = re.search(r'/s/[A-Za-z0-9_-]+', shared)
    assert link, "the game page shows its live link"

    guest = client.get(link.group(0)).get_data(as_text=True)
    owner_after = user.get(f"/games/{game}").get_data(as_text=True)

    assert "Correct hand" not in guest
    assert "/edit" not in guest
    assert "Correct hand 1" in owner_after
