"""A game's review: the whole sheet, the notes, the change log and its running-totals chart."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from webpage import Node, page

from scorekeeper.engine import replay
from scorekeeper.web.chart import running_totals_svg


def chart_of(client: FlaskClient, game_id: int) -> Node:
    response = client.get(f"/games/{game_id}/review")
    assert response.status_code == 200
    return page(response).one("svg", cls="chart")


def points(line: Node) -> list[tuple[float, float]]:
    return [tuple(float(n) for n in pair.split(",")) for pair in line.get("points").split()]  # type: ignore[misc]


def value_at(chart: Node) -> Any:
    """The chart's own scale, read from two labelled ticks: y -> value."""
    grid = chart.find_all("line", cls="grid")
    labels = chart.find_all("text", cls="tick-y")
    (y0, v0), (y1, v1) = [(float(grid[i].get("y1")), float(labels[i].text)) for i in (0, -1)]
    return lambda y: v0 + (y - y0) * (v1 - v0) / (y1 - y0)


def lines_by_player(chart: Node) -> dict[str, Node]:
    return {line.get("data-player"): line for line in chart.find_all("polyline")}


def test_the_chart_has_a_line_per_player_from_zero_through_every_hand_to_the_totals(
    user: FlaskClient, start_game: Any, record: Any
) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"})
    record(user, game, {"out": "2", "p0-count": "5", "p1-count": "6"})
    record(user, game, {"out": "1", "p0-count": "20", "p2-count": "4"})

    chart = chart_of(user, game)
    lines = lines_by_player(chart)
    value = value_at(chart)

    assert chart.get("role") == "img"
    assert set(lines) == {"Ann", "Bob", "Cara"}
    assert all(len(points(line)) == 4 for line in lines.values())  # 0, then after each hand
    finals = {name: round(value(points(line)[-1][1]), 1) for name, line in lines.items()}
    assert finals == {"Ann": 15, "Bob": 24, "Cara": 11}
    assert [round(value(y), 1) for _, y in points(lines["Ann"])] == [0, 15, 15, 15]
    xs = [x for x, _ in points(lines["Ann"])]
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert len({line.get("stroke-dasharray") for line in lines.values()}) == 3  # tells apart in greyscale
    assert len({line.get("class") for line in lines.values()}) == 3  # and in colour
    assert "Running totals over 3 hands: Ann 15, Bob 24, Cara 11." in chart.get("aria-label")
    assert chart.one("title").text == chart.get("aria-label")
    assert [text.text for text in chart.one("g", cls="legend").find_all("text")] == ["Ann", "Bob", "Cara"]


@pytest.mark.parametrize(("variant", "options", "label"), [
    ("gin", {"target": 100}, "Target 100"),
    ("tunk", {"eliminate_at": 60}, "Out at 60"),
    ("indian", {"pool": 101}, "Pool 101"),
])
def test_the_target_or_limit_is_a_dashed_labelled_line_at_its_value(
    user: FlaskClient, start_game: Any, record: Any, variant: str, options: dict[str, Any], label: str
) -> None:
    names = ["Ann", "Bob"] if variant == "gin" else ["Ann", "Bob", "Cara"]
    game = start_game(user, variant, names, **options)
    fields = {"out": "0", "p0-count": "0", "p1-count": "12"} if variant != "indian" else {
        "out": "0", "p1-status": "first", "p2-status": "first"}
    if variant == "tunk":
        fields = {"out": "0", "p1-count": "12", "p2-count": "3"}
    response = record(user, game, fields)
    assert response.status_code == 303, response.get_data(as_text=True)

    chart = chart_of(user, game)
    limit = chart.one("g", cls="limit")
    line = limit.one("line")

    assert limit.one("text").text == label
    assert line.get("stroke-dasharray")
    assert round(value_at(chart)(float(line.get("y1"))), 1) == options[next(iter(options))]
    assert label in chart.get("aria-label")


def test_a_game_without_a_target_draws_no_limit_line(user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "knock", ["Ann", "Bob"])
    assert record(user, game, {"out": "0", "p0-count": "0", "p1-count": "12"}).status_code == 303

    assert chart_of(user, game).find("g", cls="limit") is None


def test_an_eliminated_player_is_marked_at_the_hand_they_went_out_and_their_line_stops(
    user: FlaskClient, start_game: Any, record: Any
) -> None:
    game = start_game(user, "tunk", ["Ann", "Bob", "Cara"], eliminate_at=50)
    assert record(user, game, {"out": "0", "p1-count": "60", "p2-count": "10"}).status_code == 303
    assert record(user, game, {"out": "2", "p0-count": "5"}).status_code == 303

    chart = chart_of(user, game)
    lines = lines_by_player(chart)
    markers = chart.find_all("path", cls="eliminated")

    assert [(m.get("data-player"), m.get("data-hand")) for m in markers] == [("Bob", "1")]
    assert markers[0].one("title").text == "Bob out at hand 1"
    assert len(points(lines["Bob"])) == 2 and len(points(lines["Ann"])) == 3
    assert "Bob out at hand 1." in chart.get("aria-label")
    assert "Bob (out 1)" in chart.one("g", cls="legend").text


def test_names_are_escaped_in_the_chart(user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "basic", ["<b>A</b> & \"J\"", "Bob"])
    record(user, game, {"out": "1", "p0-count": "12"})

    response = user.get(f"/games/{game}/review")
    chart = page(response).one("svg", cls="chart")

    assert chart.find("b") is None
    assert '<b>A</b> & "J"' in lines_by_player(chart)
    assert '<b>A</b> & "J"' in chart.one("g", cls="legend").text
    assert "&lt;b&gt;A&lt;/b&gt; &amp; &#34;J&#34;" in response.get_data(as_text=True)


def test_the_chart_is_pure_and_draws_nothing_before_the_first_hand() -> None:
    empty = replay({"variant": "basic", "players": ["Ann", "Bob"], "options": {}, "first_dealer": "Ann",
                    "hands": []})
    one = replay({"variant": "basic", "players": ["Ann", "Bob"], "options": {}, "first_dealer": "Ann",
                  "hands": [{"out": "Ann", "hands": {"Bob": {"count": 7}}}]})

    assert running_totals_svg(empty) == ""
    assert running_totals_svg(one) == running_totals_svg(one)
    assert 'viewBox="0 0 360 ' in running_totals_svg(one) and 'width="100%"' in running_totals_svg(one)


def test_a_game_with_no_hands_reviews_without_a_chart(user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])

    response = user.get(f"/games/{game}/review")

    assert response.status_code == 200
    assert page(response).find("svg", cls="chart") is None
    assert "No hands yet: nothing to draw." in page(response).text


def test_the_review_shows_every_hand_unfolded_with_its_notes_and_the_change_log(
    user: FlaskClient, start_game: Any, record: Any
) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])
    for _ in range(33):
        assert record(user, game, {"out": "0", "p1-count": "2"}).status_code == 303
    assert user.post(f"/games/{game}/undo").status_code == 303

    review = page(user.get(f"/games/{game}/review"))
    rows = review.one("table", cls="review-sheet").one("tbody").find_all("tr")

    assert [row.one("th").text for row in rows] == [str(n) for n in range(1, 33)]
    assert len(review.find_all("section", cls="hand")) == 32
    assert review.one("section", id="hand-1").find("ul", cls="notes").text
    assert "hand 33 undone" in review.one("section", cls="changes").text
    assert len(points(lines_by_player(review.one("svg", cls="chart"))["Ann"])) == 33
    assert [cell.text for cell in review.one("table", cls="review-sheet").one("tfoot").find_all("td")] == ["", "64", "0"]


def test_the_game_page_links_to_its_review(user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])

    sheet = page(user.get(f"/games/{game}"))

    assert sheet.one("a", href=f"/games/{game}/review").text.startswith("Review")


def test_the_review_links_its_own_print_friendly_stylesheet(user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])

    review = page(user.get(f"/games/{game}/review"))
    stylesheet = review.one("link", href="/static/review.css")
    css = user.get(stylesheet.get("href")).get_data(as_text=True)

    assert "@media print" in css and "prefers-color-scheme: dark" in css


def test_another_account_cannot_review_my_game(
    user: FlaskClient, other: FlaskClient, start_game: Any
) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])

    assert other.get(f"/games/{game}/review").status_code == 404
