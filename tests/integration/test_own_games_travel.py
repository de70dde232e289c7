"""A house game's definition goes wherever its games go: in every game's export (its log's options),
in the account's backup (its saved game types, brought back on import), and through the API."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from apikit import Api, make_token
from appstate import location_game, sheet_totals
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import flashes, page

from scorekeeper.extensions import db
from scorekeeper.models import Game, GameType
from scorekeeper.services.game_types import MAX_GAME_TYPES

DEFINITION = {"variant": "house", "option-name": "Our Marriage", "option-entry": "points", "option-scoring": "own",
              "option-lowest_wins": "true", "option-target": "100"}
SEATS = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "first_dealer": "0"}


def keep(client: FlaskClient, **fields: str) -> int:
    response = client.post("/games/own/new", data={**DEFINITION, **fields})
    assert response.status_code == 303, page(response).errors()
    return int(re.search(r"type=(\d+)$", response.headers["Location"]).group(1))  # type: ignore[union-attr]


def start(client: FlaskClient, type_id: int) -> int:
    response = client.post(f"/games/new?type={type_id}", data={**SEATS, "type": str(type_id)})
    assert response.status_code == 303, page(response).errors()
    return location_game(response)


def types_of(app: Flask, email: str) -> list[tuple[str, dict[str, Any]]]:
    from scorekeeper.models import Account

    with app.app_context():
        account = db.session.scalar(select(Account).where(Account.email == email))
        found = [(kept.name, dict(kept.options)) for kept in
                 db.session.scalars(select(GameType).where(GameType.account_id == account.id).order_by(GameType.name))]
        db.session.remove()
        return found


def upload(client: FlaskClient, content: bytes | str) -> Any:
    body = content.encode() if isinstance(content, str) else content
    return client.post("/backup/import", data={"file": (io.BytesIO(body), "backup.json")},
                       content_type="multipart/form-data")


def test_a_game_type_used_for_two_games_edited_between_exported_and_imported_into_another_account(
        app, user, sign_up, record):
    kept = keep(user)
    first = start(user, kept)
    record(user, first, {"out": "0", "p1-points": "30", "p2-points": "-5"})
    user.post(f"/games/own/{kept}/edit", data={**DEFINITION, "option-scoring": "zero_sum", "option-target": ""})
    second = start(user, kept)
    record(user, second, {"out": "0", "p1-points": "30", "p2-points": "-5"})
    assert sheet_totals(user, first) == ["0", "30", "-5"]  # the first game unchanged: still its own scoring
    assert sheet_totals(user, second) == ["25", "-30", "5"]
    backup = user.get("/backup/export.json")
    exported = json.loads(backup.get_data(as_text=True))
    first_game = user.get(f"/games/{first}/export.json").get_json()

    fresh = app.test_client()
    fresh_email = sign_up(fresh)
    response = upload(fresh, backup.get_data())

    assert response.status_code == 303
    assert "Imported 2 games and 1 game of your own." in flashes(fresh.get("/backup"))
    assert [t["options"]["scoring"] for t in exported["game_types"]] == ["zero_sum"]
    assert first_game["options"]["scoring"] == "own" and first_game["options"]["target"] == 100
    assert types_of(app, fresh_email) == types_of(app, email_of(app, user))
    with app.app_context():
        copies = {game.uid: game.id for game in db.session.scalars(select(Game)) if game.id not in (first, second)}
        db.session.remove()
    ours = {user.get(f"/games/{game}/export.json").get_json()["uid"]: game for game in (first, second)}
    for uid, game in ours.items():
        assert page(fresh.get(f"/games/{copies[uid]}")).one("table", cls="sheet").text == page(
            user.get(f"/games/{game}")).one("table", cls="sheet").text
    listed = page(fresh.get("/games/new")).one("ul", cls="own-games")
    assert listed.one("strong").text == "Our Marriage"
    third = start(fresh, types_of_ids(app, fresh_email)[0])
    assert fresh.get(f"/games/{third}/export.json").get_json()["options"]["scoring"] == "zero_sum"


def email_of(app: Flask, client: FlaskClient) -> str:
    from scorekeeper.models import Account

    with client.session_transaction() as session:
        account_id = int(session["_user_id"].split(":")[0])
    with app.app_context():
        email = db.session.get(Account, account_id).email
        db.session.remove()
    return email


def types_of_ids(app: Flask, email: str) -> list[int]:
    from scorekeeper.models import Account

    with app.app_context():
        account = db.session.scalar(select(Account).where(Account.email == email))
        ids = [kept.id for kept in db.session.scalars(select(GameType).where(GameType.account_id == account.id))]
        db.session.remove()
        return ids


def test_importing_a_backup_twice_keeps_each_own_game_once_and_an_own_game_of_that_name_stays(app, user, sign_up):
    keep(user)
    backup = user.get("/backup/export.json").get_data()
    fresh = app.test_client()
    fresh_email = sign_up(fresh)
    keep(fresh, **{"option-name": "our marriage", "option-scoring": "winner_takes"})

    assert upload(fresh, backup).status_code == 303
    assert upload(fresh, backup).status_code == 303

    assert [(name, options["scoring"]) for name, options in types_of(app, fresh_email)] == [
        ("our marriage", "winner_takes")]
    assert any("kept your own Our Marriage as it was" in flash for flash in flashes(fresh.get("/backup")))


def backup_with(user: FlaskClient, types: Any) -> str:
    keep(user)
    data = json.loads(user.get("/backup/export.json").get_data(as_text=True))
    data["game_types"] = types
    return json.dumps(data)


GOOD = {"variant": "house", "options": {"name": "Loba", "entry": "cards", "scoring": "own", "lowest_wins": True}}


@pytest.mark.parametrize(("types", "message"), [
    ([{**GOOD, "options": {**GOOD["options"], "name": ""}}], "own game 1: options: name must be 1 to 40 characters"),
    ([{**GOOD, "options": {"name": "Loba"}}], "own game 1: options: entry must be given"),
    ([{**GOOD, "options": {**GOOD["options"], "deals": 101}}], "own game 1: options: deals must be a positive whole"),
    ([{**GOOD, "variant": "gin"}], "own game 1: 'gin' is not a game a table defines."),
    ([{**GOOD, "colour": "red"}], "game_types/0: 'colour' is not part of a Scorekeeper export."),
    ([GOOD, {**GOOD, "options": {**GOOD["options"], "name": " LOBA "}}], 'own game 2: "LOBA" is named twice'),
    ([GOOD] * (MAX_GAME_TYPES + 1), f"game_types: holds {MAX_GAME_TYPES + 1} items; at most {MAX_GAME_TYPES}"),
    ("Loba", "game_types: 'Loba' is not a list."),
    ([["house"]], "game_types/0: ['house'] is not an object."),
])
def test_a_backup_with_a_bad_own_game_is_refused_whole(app, user, sign_up, rows, types, message):
    content = backup_with(user, types)
    fresh = app.test_client()
    sign_up(fresh)
    before = rows()

    response = upload(fresh, content)

    assert response.status_code == 422
    assert message in page(response).error_near("file")
    assert rows() == before


def test_a_backup_that_would_give_an_account_more_than_fifty_own_games_imports_nothing(
        app, user, sign_up, rows, define_game):
    content = backup_with(user, [{**GOOD, "options": {**GOOD["options"], "name": f"Loba {n}"}} for n in range(3)])
    fresh = app.test_client()
    sign_up(fresh)
    for number in range(MAX_GAME_TYPES - 2):
        define_game(fresh, "house", name=f"Game {number}")
    before = rows()

    response = upload(fresh, content)

    assert response.status_code == 422
    assert "would keep 51 games of its own; it keeps at most 50" in page(response).error_near("file")
    assert rows() == before


def test_a_backup_from_before_own_games_still_imports(app, user, sign_up):
    keep(user)
    data = json.loads(user.get("/backup/export.json").get_data(as_text=True))
    del data["game_types"]
    fresh = app.test_client()
    email = sign_up(fresh)

    assert upload(fresh, json.dumps(data)).status_code == 303
    assert types_of(app, email) == []


# -- the API -----------------------------------------------------------------------------------------------


HOUSE = {"name": "Our Marriage", "entry": "cards", "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": "face",
                                                                 "joker": 25},
         "jokers": 2, "scoring": "own", "going_out_bonus": -10, "lowest_wins": True}


@pytest.fixture
def api(app: Flask, user: FlaskClient) -> Api:
    return Api(app, make_token(user))


def test_the_api_starts_a_house_game_from_its_full_definition_and_plays_the_worked_example(api):
    created = api.post("/games", {"variant": "house", "players": ["Ann", "Bob", "Cara"], "options": HOUSE})

    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert (game["variant"], game["variant_name"]) == ("house", "Our Marriage")
    recorded = api.record(game["id"], {"out": "Ann", "hands": {"Bob": {"cards": "AS 9H JK"}, "Cara": {"count": 12}}})
    assert recorded.status_code == 201, recorded.get_json()
    sheet = recorded.get_json()["sheet"]
    assert (sheet["name"], sheet["hands"][0]["scores"]) == ("Our Marriage", {"Ann": -10, "Bob": 49, "Cara": 12})
    assert api.get(f"/games/{game['id']}/export").get_json()["options"]["values"]["joker"] == 25


@pytest.mark.parametrize(("body", "field"), [
    ({"variant": "house", "players": ["Ann", "Bob"]}, "options"),
    ({"variant": "house", "players": ["Ann", "Bob"], "options": {"name": "X", "entry": "cards", "scoring": "own"}},
     "options"),
    ({"variant": "house", "players": ["Ann", "Bob"], "options": {**HOUSE, "scoring": "zero-sum"}}, "options/scoring"),
    ({"variant": "house", "players": ["Ann", "Bob"], "options": {**HOUSE, "deals": 101}}, "options/deals"),
    ({"variant": "house", "players": ["Ann", "Bob"], "options": {**HOUSE, "values": {"ace": 1001}}},
     "options/values"),
    ({"variant": "house", "players": ["Ann", "Bob"], "options": {**HOUSE, "colour": "red"}}, "options"),
])
def test_the_api_refuses_a_house_game_without_its_definition_as_the_document_says(api, rows, body, field):
    api.get("/variants")  # the token's first use is noted
    before = rows()

    response = api.post("/games", body)

    assert response.status_code == 422
    answer = response.get_json()
    assert answer["code"] == "invalid_request"
    # the field at fault, or (a missing one) the error naming it
    assert answer["where"] == field or f"'{field}' is missing" in answer["error"], answer
    assert rows() == before


def test_the_api_refuses_a_definition_the_engine_refuses_with_the_option_named(api, rows):
    api.get("/variants")  # the token's first use is noted
    before = rows()

    response = api.post("/games", {"variant": "house", "players": ["Ann", "Bob"],
                                   "options": {**HOUSE, "eliminate_at": 100, "target": 200}})

    assert response.status_code == 422
    answer = response.get_json()
    assert (answer["code"], answer["reason"], answer["where"], answer["field"]) == (
        "invalid_entry", "bad_option", "options", "eliminate_at")
    assert rows() == before


def test_the_document_describes_a_house_games_definition():
    from scorekeeper.web.openapi import document

    schemas = document()["components"]["schemas"]
    definition = schemas["Definition-house"]
    assert definition["required"] == ["name", "entry", "scoring", "lowest_wins"]
    assert definition["additionalProperties"] is False
    assert definition["properties"]["scoring"]["enum"] == ["own", "winner_takes", "zero_sum",
                                                           "lowest_scores_difference"]
    assert "Each other player pays what they hold to whoever went out" in definition["properties"]["scoring"][
        "description"]
    assert set(definition["properties"]["values"]["anyOf"][0]["properties"]) == {"ace", "pictures", "ten", "pips",
                                                                                  "joker"}
    assert schemas["NewGame"]["allOf"] == [{
        "if": {"properties": {"variant": {"const": "house"}}, "required": ["variant"]},
        "then": {"required": ["options"], "properties": {"options": {"$ref": "#/components/schemas/Definition-house"}}},
    }]


def test_the_catalogue_lists_house_through_the_api(api):
    listed = {variant["key"]: variant for variant in api.get("/variants").get_json()["variants"]}

    assert listed["house"]["defined_by_table"] is True
    assert [o["key"] for o in listed["house"]["options"] if o["required"]] == ["name", "entry", "scoring",
                                                                               "lowest_wins"]
