"""Every game, hand and player belongs to one account: any other account finds nothing there, by any URL."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import Player

ENTRY = {"token": "other-phone", "expected": "2", "out": "1", "p0-count": "5", "p2-count": "5"}
EDIT = {"out": "1", "p0-count": "50", "p2-count": "50"}

# (method, URL with {game} and {player}, form data): every route that names a game, hand or player.
URLS = [
    ("GET", "/games/{game}", None),
    ("GET", "/games/{game}/hands/new", None),
    ("POST", "/games/{game}/hands/new", ENTRY),
    ("GET", "/games/{game}/hands/1/edit", None),
    ("POST", "/games/{game}/hands/1/edit", EDIT),
    ("GET", "/games/{game}/hands/preview?cards=KH+5D", None),
    ("POST", "/games/{game}/undo", {}),
    ("POST", "/games/{game}/end", {}),
    ("POST", "/games/{game}/rematch", {}),
    ("GET", "/games/{game}/delete", None),
    ("POST", "/games/{game}/delete", {}),
    ("GET", "/games/{game}/review", None),
    ("GET", "/games/{game}/export.json", None),
    ("GET", "/games/{game}/export.csv", None),
    ("POST", "/games/{game}/share", {}),
    ("POST", "/games/{game}/share/revoke", {}),
    ("GET", "/players/{player}/rename", None),
    ("POST", "/players/{player}/rename", {"name": "Mallory"}),
]


@pytest.fixture
def owned(app, user, start_game, record):  # type: ignore[no-untyped-def]
    """The first account's game (one hand, one correction) and one of its players."""
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    assert user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "13", "p2-count": "3"}
                     ).status_code == 303
    with app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.name == "Bob"))
        db.session.remove()
    return {"game": game, "player": player}


@pytest.mark.parametrize(("method", "url", "data"), URLS, ids=[f"{m} {u}" for m, u, _ in URLS])
def test_another_account_gets_not_found_and_changes_nothing(user, other, owned, rows, method, url, data):
    before = rows()
    path = url.format(**owned)

    response = other.open(path, method=method, data=data)

    assert response.status_code == 404
    assert "There is nothing here, or it belongs to another account." in page(response).text
    assert rows() == before
    assert user.get(url.format(**owned) if method == "GET" else f"/games/{owned['game']}").status_code == 200


@pytest.mark.parametrize(("method", "url", "data"), URLS, ids=[f"{m} {u}" for m, u, _ in URLS])
def test_the_owner_is_not_refused_by_any_of_those_urls(user, owned, method, url, data):
    response = user.open(url.format(**owned), method=method, data=data)

    assert response.status_code in (200, 303, 409, 422)


def test_every_route_that_names_a_game_or_player_is_checked(app):
    placeholders = {"game_id": "{game}", "player_id": "{player}", "number": "1"}
    routes = {
        (method, re.sub(r"<(?:\w+:)?(\w+)>", lambda arg: placeholders[arg.group(1)], rule.rule))
        for rule in app.url_map.iter_rules()
        if {"game_id", "player_id"} & set(rule.arguments)
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }

    assert routes == {(method, url.split("?")[0]) for method, url, _ in URLS}


def test_a_game_that_does_not_exist_is_not_found_either(user):
    assert user.get("/games/99999").status_code == 404
    assert user.post("/games/99999/undo").status_code == 404
    assert user.get("/players/99999/rename").status_code == 404


def test_another_accounts_lists_show_none_of_the_first_accounts_games_or_players(other, owned):
    games = page(other.get("/games")).text
    players = page(other.get("/players/")).text
    new_game = page(other.get("/games/new?variant=basic"))

    assert "Basic Rummy" not in games and "Ann" not in games
    assert "No players yet." in players
    assert new_game.find_all("button", cls="chip") == []
    assert new_game.one("datalist").find_all("option") == []


def test_the_same_names_in_two_accounts_are_two_rosters(app, user, other, owned, start_game):
    game = start_game(other, "basic", ["Ann", "Bob"])

    assert other.get(f"/games/{game}").status_code == 200
    assert user.get(f"/games/{game}").status_code == 404
    with app.app_context():
        assert len(db.session.scalars(select(Player).where(Player.name == "Ann")).all()) == 2
        db.session.remove()
