"""The history: every game of the account, filtered, paged, from cached summaries only."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update
from webpage import page

from scorekeeper import sheet_cache
from scorekeeper.engine.replay import Replay
from scorekeeper.extensions import db
from scorekeeper.models import Game, Player
from scorekeeper.web import history


def set_day(app: Flask, game_id: int, day: str) -> None:
    """Date a game's last change (tests need games from other days than today)."""
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(updated_at=datetime.fromisoformat(day)))
        db.session.commit()
        db.session.remove()


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        found = db.session.query(Player).filter_by(name=name).one().id
        db.session.remove()
        return found


def listed(response: Any) -> list[int]:
    """The games the history lists, top to bottom, by id."""
    return [int(link.get("href").split("/")[2]) for link in page(response).one("ul", cls="history").find_all("a")]


def listed_or_none(response: Any) -> list[int]:
    return listed(response) if page(response).find("ul", cls="history") else []


@pytest.fixture
def table(app: Flask, user: FlaskClient, start_game: Any, record: Any) -> dict[str, int]:
    """Four games of one account, on four days, two finished and two in progress."""
    games = {
        "old_gin": start_game(user, "gin", ["Ann", "Bob"], target=100),
        "tunk": start_game(user, "tunk", ["Ann", "Cara", "Dan"]),
        "knock": start_game(user, "knock", ["Bob", "Cara"]),
        "new_gin": start_game(user, "gin", ["Ann", "Cara"], target=100),
    }
    assert record(user, games["old_gin"], {"out": "0", "p0-count": "0", "p1-count": "30"}).status_code == 303
    assert user.post(f"/games/{games['old_gin']}/end").status_code == 303
    assert record(user, games["knock"], {"out": "0", "p0-count": "0", "p1-count": "12"}).status_code == 303
    assert user.post(f"/games/{games['knock']}/end").status_code == 303
    assert record(user, games["tunk"], {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    for key, day in (("old_gin", "2026-01-10 20:00"), ("tunk", "2026-02-05 21:00"),
                     ("knock", "2026-02-20 19:30"), ("new_gin", "2026-03-01 18:00")):
        set_day(app, games[key], day)
    return games


def test_history_lists_games_in_progress_first_then_newest_first(user: FlaskClient, table: dict[str, int]) -> None:
    response = user.get("/history")

    assert response.status_code == 200
    assert listed(response) == [table["new_gin"], table["tunk"], table["knock"], table["old_gin"]]


def test_a_finished_game_shows_variant_date_players_winner_hands_and_totals(
    user: FlaskClient, table: dict[str, int]
) -> None:
    items = page(user.get("/history")).one("ul", cls="history").find_all("li")
    old_gin = items[3].text

    assert "Gin Rummy" in old_gin
    assert "Jan 10, 2026" in old_gin  # (English's medium format)
    assert "1 hand" in old_gin and "Finished" in old_gin
    assert "Ann 55 · Bob 0" in old_gin
    assert "Ann won" in old_gin
    assert "In progress" in items[1].text and "Ann 0 · Cara 12 · Dan 3" in items[1].text


def test_a_renamed_player_is_listed_by_the_new_name_with_the_same_total(
    user: FlaskClient, table: dict[str, int], app: Flask
) -> None:
    response = user.post(f"/players/{player_id(app, 'Ann')}/rename", data={"name": "Anna"})
    assert response.status_code in (302, 303)

    old_gin = page(user.get("/history")).one("ul", cls="history").find_all("li")[3].text

    assert "Anna 55 · Bob 0" in old_gin
    assert "Anna won" in old_gin


@pytest.mark.parametrize(("query", "expected"), [
    ({"variant": "gin"}, ["new_gin", "old_gin"]),
    ({"variant": "tunk"}, ["tunk"]),
    ({"variant": "500"}, []),
    ({"status": "playing"}, ["new_gin", "tunk"]),
    ({"status": "finished"}, ["knock", "old_gin"]),
    ({"player": "Bob"}, ["knock", "old_gin"]),
    ({"player": "Dan"}, ["tunk"]),
    ({"from": "2026-02-05"}, ["new_gin", "tunk", "knock"]),
    ({"to": "2026-02-05"}, ["tunk", "old_gin"]),
    ({"from": "2026-02-01", "to": "2026-02-28"}, ["tunk", "knock"]),
    ({"from": "2026-02-20", "to": "2026-02-20"}, ["knock"]),
    ({"variant": "gin", "player": "Cara"}, ["new_gin"]),
    ({"variant": "gin", "status": "finished"}, ["old_gin"]),
    ({"player": "Ann", "status": "playing", "from": "2026-02-01"}, ["new_gin", "tunk"]),
    ({"player": "Cara", "from": "2026-02-01", "to": "2026-02-28", "status": "finished"}, ["knock"]),
    ({"variant": "knock", "player": "Dan"}, []),
], ids=lambda value: "-".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else None)
def test_filters_and_their_combinations_narrow_the_list(
    app: Flask, user: FlaskClient, table: dict[str, int], query: dict[str, str], expected: list[str]
) -> None:
    if "player" in query:
        query = {**query, "player": str(player_id(app, query["player"]))}

    response = user.get("/history", query_string=query)

    assert response.status_code == 200
    assert listed_or_none(response) == [table[key] for key in expected]
    form = page(response).one("form", cls="filters")
    assert {name: form.value(name) for name in query} == query  # the filters stay in the form


def test_no_match_says_so(user: FlaskClient, table: dict[str, int]) -> None:
    response = user.get("/history", query_string={"variant": "500"})

    assert "No games match these filters." in page(response).text


@pytest.mark.parametrize(("query", "field", "message"), [
    ({"variant": "poker"}, "variant", "There is no game called 'poker'"),
    ({"status": "won"}, "status", "'won' is not a status"),
    ({"player": "99999"}, "player", "not on your roster"),
    ({"player": "Ann"}, "player", "not on your roster"),
    ({"from": "yesterday"}, "from", "'yesterday' is not a date"),
    ({"to": "2026-02-30"}, "to", "'2026-02-30' is not a date"),
    ({"from": "2026-03-01", "to": "2026-02-01"}, "to", "before the start date"),
])
def test_a_bad_filter_gets_a_message_next_to_its_field_and_is_not_applied(
    user: FlaskClient, table: dict[str, int], query: dict[str, str], field: str, message: str
) -> None:
    response = user.get("/history", query_string={**query, "status": query.get("status", "finished")})

    assert response.status_code == 422
    shown = page(response)
    assert message in shown.error_near(field)
    assert shown.field(field).get("aria-invalid") == "true"
    if field != "status":  # the good filter alongside is still applied
        assert listed(response) == [table["knock"], table["old_gin"]]
    assert shown.one("form", cls="filters").value(field) == query[field]  # typing kept


def test_another_account_sees_none_of_my_games(
    user: FlaskClient, other: FlaskClient, table: dict[str, int], app: Flask
) -> None:
    response = other.get("/history")
    mine = other.get("/history", query_string={"player": str(player_id(app, "Ann"))})

    assert response.status_code == 200
    assert "No games yet." in page(response).text
    assert mine.status_code == 422
    assert "not on your roster" in page(mine).error_near("player")
    assert other.get(f"/games/{table['old_gin']}/review").status_code == 404


def test_history_needs_a_signed_in_account(client: FlaskClient) -> None:
    response = client.get("/history")

    assert response.status_code == 302
    assert "/login" in response.headers["Location"]


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every replay the app asks for while the test runs, by what asked."""
    calls: list[str] = []
    replayed, replay_of = sheet_cache.replayed, Replay.of.__func__  # type: ignore[attr-defined]

    def counting_replayed(game: Game) -> Any:
        calls.append("sheet_cache.replayed")
        return replayed(game)

    def counting_of(cls: type[Replay], log: Any) -> Any:
        calls.append("Replay.of")
        return replay_of(cls, log)

    monkeypatch.setattr(sheet_cache, "replayed", counting_replayed)
    monkeypatch.setattr(Replay, "of", classmethod(counting_of))
    return calls


def test_the_history_page_replays_no_game(user: FlaskClient, table: dict[str, int], replays: list[str]) -> None:
    response = user.get("/history")

    assert len(listed(response)) == 4
    assert replays == []


def test_the_counting_fixture_sees_a_replay_when_a_page_does_one(
    user: FlaskClient, table: dict[str, int], replays: list[str]
) -> None:
    user.get(f"/games/{table['tunk']}/review")

    assert "sheet_cache.replayed" in replays


def make_games(app: Flask, account_email: str, count: int) -> list[int]:
    """``count`` finished-looking games straight in the database, a day apart, oldest first."""
    with app.app_context():
        from scorekeeper.models import Account, Seat

        account = db.session.query(Account).filter_by(email=account_email).one()
        ann = Player(account_id=account.id, name="Ann")
        bob = Player(account_id=account.id, name="Bob")
        db.session.add_all([ann, bob])
        ids = []
        for day in range(count):
            game = Game(account_id=account.id, variant="knock", status="finished", hands_count=day,
                        summary={"totals": {"Ann": day, "Bob": 0}, "winners": ["Ann"], "next": None},
                        updated_at=datetime(2025, 1, 1) + (datetime(2025, 1, 2) - datetime(2025, 1, 1)) * day)
            game.seats = [Seat(seat=0, player=ann), Seat(seat=1, player=bob)]
            db.session.add(game)
            db.session.flush()
            ids.append(game.id)
        db.session.commit()
        db.session.remove()
        return ids


def pager_links(response: Any) -> dict[str, str]:
    pager = page(response).find("nav", cls="pager")
    return {link.get("rel"): link.get("href") for link in pager.find_all("a")} if pager else {}


def test_pages_go_older_and_newer_and_keep_the_filters(app: Flask, client: FlaskClient, sign_up: Any) -> None:
    email = sign_up(client)
    ids = make_games(app, email, history.PAGE_SIZE * 2 + 3)
    newest_first = list(reversed(ids))

    first = client.get("/history", query_string={"variant": "knock", "status": "finished"})
    second = client.get(pager_links(first)["next"])
    third = client.get(pager_links(second)["next"])
    back = client.get(pager_links(third)["prev"])

    assert listed(first) == newest_first[:25]
    assert set(pager_links(first)) == {"next"}
    assert "variant=knock" in pager_links(first)["next"] and "status=finished" in pager_links(first)["next"]
    assert listed(second) == newest_first[25:50]
    assert set(pager_links(second)) == {"prev", "next"}
    assert listed(third) == newest_first[50:]
    assert set(pager_links(third)) == {"prev"}
    assert listed(back) == listed(second)


def test_a_page_past_the_end_lists_nothing_and_links_back(app: Flask, client: FlaskClient, sign_up: Any) -> None:
    email = sign_up(client)
    make_games(app, email, 3)

    response = client.get("/history?page=9")

    assert response.status_code == 200
    assert listed_or_none(response) == []
    assert "prev" in pager_links(response)


@pytest.mark.parametrize("bad_page", ["0", "-2", "two"])
def test_a_nonsense_page_number_shows_the_first_page(
    app: Flask, client: FlaskClient, sign_up: Any, bad_page: str
) -> None:
    email = sign_up(client)
    ids = make_games(app, email, 2)

    response = client.get(f"/history?page={bad_page}")

    assert response.status_code == 200
    assert listed(response) == list(reversed(ids))


def test_one_page_of_games_loads_in_a_fixed_number_of_queries(
    app: Flask, client: FlaskClient, sign_up: Any
) -> None:
    from sqlalchemy import event

    email = sign_up(client)
    make_games(app, email, 40)
    statements: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        response = client.get("/history")
    finally:
        event.remove(engine, "before_cursor_execute", count)

    assert len(listed(response)) == 25
    games_and_seats = [s for s in statements if "FROM game" in s or "FROM seat " in s or s.endswith("FROM seat")]
    assert len(games_and_seats) == 2, games_and_seats
    # and one for the names of the account's own games, in the game filter
    assert len([s for s in statements if "FROM seat_result" in s]) == 1
