"""Every hand of a long game, a page at a time: no page of a sheet grows with the game.

The sheet shows its recent hands; the earlier ones are pages of
``PAGE_HANDS``.  ``?page=N`` is page N, ``?all=1`` (the older link to every
hand) page 1, and an odd page number shows a page, never an error.  The
owner's sheet, its htmx partial, the live view and the review page alike.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import insert, select
from webpage import Node, page

from scorekeeper.extensions import db
from scorekeeper.models import Game, HandEntry, ShareLink, utcnow
from scorekeeper.web import sheet as sheet_module
from scorekeeper.web.sheet import PAGE_HANDS, RECENT_HANDS

HANDS = 450  # pages of 200, 200 and 50
#: a page of a long two-player game is well under this; the same game's 450
#: hands on one page (the old ``?all=1``) are well over it
PAGE_LIMIT = 120 * 1024


def played(app: Flask, game: int, hands: int, *, count: int = 1) -> None:
    """``hands`` hands stored at once, as a long game leaves them: Ann and Bob go out in turn, ``count`` each."""
    with app.app_context():
        found = db.session.get(Game, game)
        db.session.execute(insert(HandEntry), [
            {"game_id": game, "number": number, "token": f"long-{number}",
             "entry": {"out": number % 2, "hands": {str(1 - number % 2): {"count": count}}}}
            for number in range(1, hands + 1)
        ])
        found.hands_count = hands
        found.revision += hands
        found.updated_at = utcnow()
        db.session.commit()
        db.session.remove()


@pytest.fixture
def long_game(app: Flask, user: FlaskClient, start_game: Any) -> int:
    """Basic Rummy, Ann and Bob, 450 hands played."""
    game = start_game(user, "basic", ["Ann", "Bob"])
    played(app, game, HANDS)
    return game


@pytest.fixture
def live(app: Flask, user: FlaskClient, long_game: int) -> str:
    """The long game's live link (its path)."""
    assert user.post(f"/games/{long_game}/share").status_code == 303
    with app.app_context():
        token = db.session.scalar(select(ShareLink.token).where(ShareLink.game_id == long_game))
        db.session.remove()
    return f"/s/{token}"


def hand_numbers(shown: Node, table: str = "sheet") -> list[int]:
    """The hands a sheet's table shows, by the number heading each row."""
    body = shown.one("table", cls=table).one("tbody")
    return [int(row.one("th").text) for row in body.find_all("tr") if row.find("th") is not None]


def hands(first: int, last: int) -> list[int]:
    return list(range(first, last + 1))


def navigation(shown: Node) -> Node:
    return shown.one("nav", cls="hand-pages")


# -- the owner's sheet ---------------------------------------------------------


@pytest.mark.parametrize(("query", "first", "last"), [
    ("?page=1", 1, 200),
    ("?page=2", 201, 400),
    ("?page=3", 401, 450),
    ("?all=1", 1, 200),  # the older link to every hand: the first page
])
def test_a_page_of_a_long_game_shows_its_hands_and_no_others(
    user: FlaskClient, long_game: int, query: str, first: int, last: int
) -> None:
    response = user.get(f"/games/{long_game}{query}")

    assert response.status_code == 200
    shown = page(response)
    assert hand_numbers(shown) == hands(first, last)
    assert [details.get("id") for details in shown.one("section", cls="hands").find_all("details")] == [
        f"hand-{number}" for number in reversed(hands(first, last))
    ]
    assert [cell.text for cell in shown.one("tfoot").find_all("td")] == ["225", "225"]  # the game's totals


@pytest.mark.parametrize(("query", "first", "last"), [
    ("?page=0", 1, 200),
    ("?page=-3", 1, 200),
    ("?page=x", 1, 200),
    ("?page=", 1, 200),
    ("?page=2.5", 1, 200),
    ("?page=99", 401, 450),
    (f"?page={10**30}", 401, 450),
    ("?page=" + "9" * 5000, 1, 200),  # more digits than Python reads as a number
])
def test_an_odd_page_number_shows_the_nearest_page_not_an_error(
    user: FlaskClient, long_game: int, query: str, first: int, last: int
) -> None:
    response = user.get(f"/games/{long_game}{query}")

    assert response.status_code == 200
    assert hand_numbers(page(response)) == hands(first, last)


def test_the_pages_are_named_by_their_hands_the_shown_one_marked(user: FlaskClient, long_game: int) -> None:
    nav = navigation(page(user.get(f"/games/{long_game}?page=2")))

    links = nav.one("ol").find_all("a")
    assert [link.text for link in links] == ["1–200", "201–400", "401–450"]
    assert [link.get("href") for link in links] == [f"/games/{long_game}?page={n}" for n in (1, 2, 3)]
    assert [link.text for link in links if link.get("aria-current") == "page"] == ["201–400"]
    assert nav.one("a", rel="prev").get("href") == f"/games/{long_game}?page=1"
    assert nav.one("a", rel="next").get("href") == f"/games/{long_game}?page=3"
    assert nav.one("a", href=f"/games/{long_game}").text == "Latest hands"


def test_the_first_and_last_pages_have_no_step_past_them(user: FlaskClient, long_game: int) -> None:
    first = navigation(page(user.get(f"/games/{long_game}?page=1")))
    last = navigation(page(user.get(f"/games/{long_game}?page=3")))

    assert first.find("a", rel="prev") is None and first.one("a", rel="next").text == "Hands 201–400 →"
    assert last.find("a", rel="next") is None and last.one("a", rel="prev").text == "← Hands 201–400"


def test_a_game_of_many_pages_names_the_ends_and_the_neighbours_with_gaps_between(
    app: Flask, user: FlaskClient, start_game: Any
) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])
    played(app, game, 20 * PAGE_HANDS + 1, count=0)  # all square: the game to 500 never ends

    nav = navigation(page(user.get(f"/games/{game}?page=10")))

    entries = [item.text for item in nav.one("ol").find_all("li")]
    assert entries == ["1–200", "…", "1601–1800", "1801–2000", "2001–2200", "…", "4001"]


def test_the_recent_hands_of_a_long_game_lead_to_the_first_page(user: FlaskClient, long_game: int) -> None:
    shown = page(user.get(f"/games/{long_game}"))

    assert hand_numbers(shown) == hands(HANDS - RECENT_HANDS + 1, HANDS)
    folded = shown.one("td", cls="folded").one("a")
    assert folded.get("href") == f"/games/{long_game}?page=1"
    assert "Hands 1–420 are folded" in folded.text
    assert shown.find("nav", cls="hand-pages") is None


def test_a_game_of_one_page_still_shows_every_hand_at_all(
    app: Flask, user: FlaskClient, start_game: Any
) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])
    played(app, game, PAGE_HANDS)

    folded = page(user.get(f"/games/{game}")).one("td", cls="folded").one("a")
    every = page(user.get(folded.get("href")))

    assert folded.get("href") == f"/games/{game}?all=1"
    assert "show all 200" in folded.text
    assert hand_numbers(every) == hands(1, PAGE_HANDS)
    assert every.find("nav", cls="hand-pages") is None


def test_a_hand_recorded_shows_on_its_page_at_once(user: FlaskClient, long_game: int, record: Any) -> None:
    assert hand_numbers(page(user.get(f"/games/{long_game}?page=3"))) == hands(401, 450)  # drawn and kept
    assert hand_numbers(page(user.get(f"/games/{long_game}?page=99"))) == hands(401, 450)

    assert record(user, long_game, {"out": "0", "p1-count": "4"}).status_code == 303

    assert hand_numbers(page(user.get(f"/games/{long_game}?page=3"))) == hands(401, 451)
    assert hand_numbers(page(user.get(f"/games/{long_game}?page=1"))) == hands(1, 200)


def test_a_corrected_early_hand_is_shown_on_its_page(user: FlaskClient, long_game: int) -> None:
    response = user.post(f"/games/{long_game}/hands/250/edit", data={"out": "0", "p1-count": "1"})

    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{long_game}?page=2#hand-250")
    assert 250 in hand_numbers(page(user.get(response.headers["Location"])))


def test_no_page_of_a_long_game_weighs_what_all_its_hands_would(
    user: FlaskClient, long_game: int, live: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    weights = [len(user.get(f"/games/{long_game}?page={n}").data) for n in (1, 2, 3)]
    weights += [len(user.get(path).data) for path in (f"/games/{long_game}", f"/games/{long_game}?all=1",
                                                    f"/games/{long_game}/review", f"{live}?all=1")]
    # The live view draws afresh (nothing kept): with pages as large as the
    # game, its ?all=1 is every hand on one page, as it was before pages.
    monkeypatch.setattr(sheet_module, "PAGE_HANDS", 10_000)
    whole = len(user.get(f"{live}?all=1").data)

    assert max(weights) < PAGE_LIMIT < whole, (weights, whole)


# -- the live view and the review ---------------------------------------------


def test_the_live_view_pages_its_hands_as_the_sheet_does(client: FlaskClient, live: str) -> None:
    shown = page(client.get(f"{live}?page=3"))

    assert hand_numbers(shown) == hands(401, 450)
    nav = navigation(shown)
    assert [link.get("href") for link in nav.one("ol").find_all("a")] == [f"{live}?page={n}" for n in (1, 2, 3)]
    assert nav.one("a", href=live).text == "Latest hands"
    assert shown.one("div", id="live-sheet").get("data-src") == f"{live}/sheet?page=3"
    assert "Correct hand" not in shown.text


@pytest.mark.parametrize(("query", "first", "last"), [
    ("?page=2", 201, 400), ("?all=1", 1, 200), ("?page=x", 1, 200), ("?page=99", 401, 450),
])
def test_the_live_sheet_answers_a_page_with_that_page(
    client: FlaskClient, live: str, query: str, first: int, last: int
) -> None:
    response = client.get(f"{live}/sheet{query}")

    assert response.status_code == 200
    assert hand_numbers(page(response)) == hands(first, last)


def test_each_page_of_the_live_sheet_has_its_own_etag(client: FlaskClient, live: str) -> None:
    tags = {client.get(f"{live}/sheet{query}").headers["ETag"] for query in ("", "?page=1", "?page=2", "?page=3")}

    assert len(tags) == 4
    again = client.get(f"{live}/sheet?page=2")
    assert client.get(f"{live}/sheet?page=2", headers={"If-None-Match": again.headers["ETag"]}).status_code == 304


@pytest.mark.parametrize(("query", "first", "last"), [
    ("", 1, 200), ("?page=2", 201, 400), ("?page=3", 401, 450), ("?page=0", 1, 200), ("?page=x", 1, 200),
    ("?page=99", 401, 450),
])
def test_the_review_shows_every_hand_a_page_at_a_time_and_charts_the_whole_game(
    user: FlaskClient, long_game: int, query: str, first: int, last: int
) -> None:
    response = user.get(f"/games/{long_game}/review{query}")

    assert response.status_code == 200
    shown = page(response)
    assert hand_numbers(shown, "review-sheet") == hands(first, last)
    assert [section.get("id") for section in shown.find_all("section", cls="hand")] == [
        f"hand-{number}" for number in hands(first, last)
    ]
    nav = navigation(shown)
    assert [link.get("href") for link in nav.one("ol").find_all("a")] == [
        f"/games/{long_game}/review?page={n}" for n in (1, 2, 3)
    ]
    assert nav.find("a", href=f"/games/{long_game}/review") is None  # the review has no "latest hands"
    assert "Running totals over 450 hands" in shown.one("svg", cls="chart").one("title").text
