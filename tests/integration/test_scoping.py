"""Every game, hand and player belongs to one account: any other account finds nothing there, by any URL."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import Player
from scorekeeper.web.api import PUBLIC as API_PUBLIC

OWN_GAME = {"variant": "house", "option-name": "Our Marriage", "option-entry": "points", "option-scoring": "own",
            "option-lowest_wins": "true"}
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
    ("GET", "/games/{game}/live", None),
    ("POST", "/games/{game}/keeper", {}),
    ("POST", "/games/{game}/keeper/revoke", {}),
    ("GET", "/games/{game}/export.json", None),
    ("GET", "/games/{game}/export.csv", None),
    ("GET", "/players/{player}/rename", None),
    ("POST", "/players/{player}/rename", {"name": "Mallory"}),
    ("GET", "/games/own/{game_type}/edit", None),
    ("POST", "/games/own/{game_type}/edit", OWN_GAME),
    ("GET", "/games/own/{game_type}/delete", None),
    ("POST", "/games/own/{game_type}/delete", {}),
    ("GET", "/games/new?type={game_type}", None),
    ("POST", "/games/new?type={game_type}", {"seat-0": "Mallory", "seat-1": "Eve", "first_dealer": "0"}),
]


@pytest.fixture
def owned(app, user, start_game, record):  # type: ignore[no-untyped-def]
    """The first account's game (one hand, one correction) and one of its players."""
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    assert user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "13", "p2-count": "3"}
                     ).status_code == 303
    kept = user.post("/games/own/new", data=OWN_GAME)
    assert kept.status_code == 303
    with app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.name == "Bob"))
        db.session.remove()
    return {"game": game, "player": player, "game_type": int(kept.headers["Location"].rsplit("=", 1)[1])}


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


# How the walker fills each URL parameter, from the first account's rows.
PARAMETERS = {"game_id": "game", "player_id": "player", "number": "number", "token_id": "token_id",
              "token": "share_token", "keeper_token": "keeper_token", "type_id": "game_type"}
# Bodies that the owner's request would act on, so a 404 means "not yours", not "bad body".
API_BODIES = {
    ("POST", "/api/v1/games/<int:game_id>/hands"): {"entry": {"out": "Bob", "hands": {"Ann": 5, "Cara": 5}},
                                                    "expected": 2},
    ("PUT", "/api/v1/games/<int:game_id>/hands/<int:number>"): {"entry": {"out": "Bob",
                                                                          "hands": {"Ann": 50, "Cara": 50}}},
}
FORMS = {(method, re.sub(r"\?.*", "", url)): data for method, url, data in URLS}
# Routes whose URLs carry their own unguessable token and are public by design (a game's share link, its
# keeper link): the walker checks only that opening them changes nothing, from a phone of its own (so a
# keeper link's grant never lets the second account into the routes walked after it).
PUBLIC_BY_TOKEN = {"share.show", "share.sheet", "keeper.open_link"}


# Files the same for everyone, named by their URL and nothing of an account's (the app's static
# folder, Pyodide's precompressed files under their digest): nothing to walk.
SAME_FOR_EVERYONE = {"static", "engine_files.pyodide_file"}


def _routes(app):  # type: ignore[no-untyped-def]
    for rule in sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule):
        if rule.endpoint in SAME_FOR_EVERYONE:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, rule


def _fill(rule, owned):  # type: ignore[no-untyped-def]
    unknown = set(rule.arguments) - set(PARAMETERS)
    assert not unknown, f"{rule.rule}: tell the walker (PARAMETERS) which of the first account's rows fill {unknown}"
    path = rule.rule
    for name in rule.arguments:
        path = re.sub(rf"<(?:\w+:)?{name}>", str(owned[PARAMETERS[name]]), path)
    return path


@pytest.fixture
def owned_everything(app, user, owned):  # type: ignore[no-untyped-def]
    """``owned`` plus the first account's API token and a unique name to look for in the second's pages."""
    from scorekeeper import services
    from scorekeeper.services import api_tokens
    from scorekeeper.models import Account, Game

    assert user.post(f"/players/{owned['player']}/rename", data={"name": "Zanzibar Quill"}).status_code == 303
    with app.app_context():
        account = db.session.scalar(select(Account).order_by(Account.id))
        token, _ = api_tokens.create_token(account, "first account's phone")
        share_game = getattr(services, "share_game", None)  # the share link, where the app has them
        share_token = share_game(db.session.get(Game, owned["game"])).token if share_game else "none"
        from scorekeeper.services import keeping

        link = keeping.start_keeping(db.session.get(Game, owned["game"]), app.secret_key)
        found = {**owned, "number": 1, "token_id": token.id, "share_token": share_token,
                 "keeper_token": keeping.token_of(link, app.secret_key)}
        db.session.remove()
    return found


@pytest.fixture
def other_token(app, other):  # type: ignore[no-untyped-def]
    from scorekeeper.services import api_tokens
    from scorekeeper.models import Account

    with app.app_context():
        account = db.session.scalar(select(Account).order_by(Account.id.desc()))
        _, secret = api_tokens.create_token(account, "second account's phone")
        db.session.remove()
    return secret


def test_every_route_in_the_url_map_refuses_another_account_and_changes_nothing(
        app, user, other, other_token, owned_everything, rows):
    """Walks app.url_map, so a route added later is covered without touching this test."""
    def stored():  # type: ignore[no-untyped-def]
        found = rows()
        # A token's last_used_at moves on every API call: the tokens' rows are compared without it.
        used = list(db.metadata.tables["api_token"].columns.keys()).index("last_used_at")
        found["api_token"] = [row[:used] + row[used + 1:] for row in found["api_token"]]
        return found

    failures = []
    walked = 0
    for method, rule in _routes(app):
        before = stored()
        path = _fill(rule, owned_everything)
        names_a_row = bool(set(rule.arguments) & set(PARAMETERS))
        api = rule.rule.startswith("/api/")
        public = rule.endpoint in PUBLIC_BY_TOKEN
        if not names_a_row and method != "GET":
            continue  # creates the second account's own rows (a game, a player) or signs it out
        walked += 1
        if api:
            body = API_BODIES.get((method, rule.rule), {})
            stranger = other.open(path, method=method, json=body)
            response = other.open(path, method=method, json=body,
                                  headers={"Authorization": f"Bearer {other_token}"})
            if rule.endpoint not in API_PUBLIC and stranger.status_code != 401:
                failures.append(f"{method} {path} without a token: {stranger.status_code}, not 401")
        else:
            response = (app.test_client() if public else other).open(path, method=method, data=FORMS.get((method, rule.rule.replace(
                "<int:game_id>", "{game}").replace("<int:player_id>", "{player}").replace("<int:number>", "1")
                .replace("<int:type_id>", "{game_type}")), {}))
        text = response.get_data().decode("utf-8", "replace")  # a route may answer bytes (the engine bundle)
        if names_a_row and not public and response.status_code != 404:
            failures.append(f"{method} {path}: {response.status_code}, not 404")
        if not names_a_row and "Zanzibar Quill" in text:
            failures.append(f"{method} {path} shows the first account's player")
        if stored() != before:
            failures.append(f"{method} {path} changed rows")

    assert failures == []
    assert walked >= 30


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
