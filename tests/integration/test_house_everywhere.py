"""A house game using the extensions works everywhere a game goes (issue 26, part 5): the API and its
OpenAPI document (the definition's schema, with its bounds), the catalogue, export and import, and the
live view."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from apikit import Api, make_token
from jsonschema import Draft202012Validator
from sqlalchemy import select
from webpage import page

from scorekeeper.engine import replay
from scorekeeper.engine.games.presets import exact
from scorekeeper.extensions import db
from scorekeeper.models import Game

MILLE = {"name": "Mille", "entry": "meld_minus_hand",
         "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": 5, "joker": 0, "2": 20, "QS": 100, "JD": 50},
         "decks": 2, "scoring": "own", "lowest_wins": False, "target": 1000, "cards_each": 15}
KALOOKI = {"name": "Caribbean Kalooki", "entry": "cards", "decks": 2, "jokers": 4, "scoring": "own",
           "lowest_wins": True, "one_go_multiplier": 2, "reentries": 0, "instant_win": True,
           "schedule": [{"cards": 9, "contract": "3 threes"}, {"cards": 10, "contract": "2 threes, 1 four"}]}


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


def definition_schema(api: Api) -> tuple[Draft202012Validator, dict[str, Any]]:
    document = api.client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    return Draft202012Validator({**schemas["Definition-house"], "components": document["components"]}), schemas


# -- the API and its document ---------------------------------------------------------------------


def test_the_definitions_schema_gives_each_extension_with_its_bounds(api):
    _, schemas = definition_schema(api)
    properties = schemas["Definition-house"]["properties"]

    schedule = next(one for one in properties["schedule"]["anyOf"] if one.get("type") == "array")
    assert (schedule["minItems"], schedule["maxItems"]) == (1, 30)
    deal = schedule["items"]["properties"]
    assert next(one for one in deal["cards"]["anyOf"] if one.get("type") == "integer")["maximum"] == 30
    values = next(one for one in properties["values"]["anyOf"] if one.get("type") == "object")
    further = values["additionalProperties"]
    assert next(one for one in further["anyOf"] if one.get("type") == "integer")["maximum"] == 1000
    multiplier = next(one for one in properties["one_go_multiplier"]["anyOf"] if one.get("type") == "integer")
    assert (multiplier["minimum"], multiplier["maximum"]) == (1, 10)
    assert "lowest_scores_difference" in properties["scoring"]["enum"]
    assert "meld_minus_hand" in properties["entry"]["enum"]
    assert {"instant_win", "reentries", "one_go_bonus"} <= set(properties)


@pytest.mark.parametrize("preset", exact(), ids=lambda one: one.key)
def test_every_presets_definition_is_valid_by_the_documents_schema(api, preset):
    validator, _ = definition_schema(api)

    assert list(validator.iter_errors(preset.definition)) == []


def test_a_schedule_longer_than_its_bound_is_refused_by_the_documents_schema(api):
    validator, _ = definition_schema(api)

    assert list(validator.iter_errors({**KALOOKI, "schedule": [{"cards": 9, "contract": ""}] * 31}))


def test_a_hand_of_each_new_kind_goes_through_the_api_and_reads_back_as_sent(api):
    game = api.new_game("house", ["Ann", "Bob"], **MILLE)
    entry = {"out": "Ann", "hands": {"Ann": {"melded": "QS QC QH", "bonus": 20},
                                      "Bob": {"melded": 30, "left": "JD 5C"}}}

    response = api.record(game, entry)

    assert response.status_code == 201, response.get_json()
    sheet = api.get(f"/games/{game}/sheet").get_json()
    assert sheet["totals"] == {"Ann": 140, "Bob": -25}
    stored = api.get(f"/games/{game}/hands/1").get_json()
    assert stored["entry"]["hands"]["Ann"] == {"melded": "QS QC QH", "bonus": 20}


def test_one_go_and_an_instant_win_through_the_api_and_the_sheet_says_the_schedules_next_deal(api):
    game = api.new_game("house", ["Ann", "Bob", "Cara"], **KALOOKI)
    assert api.get(f"/games/{game}/sheet").get_json()["next"]["contract"] == "3 threes"

    first = api.record(game, {"out": "Ann", "one_go": True, "hands": {"Bob": {"count": 20}, "Cara": {"count": 5}}})
    assert first.status_code == 201, first.get_json()
    sheet = api.get(f"/games/{game}/sheet").get_json()
    assert sheet["totals"] == {"Ann": 0, "Bob": 40, "Cara": 10}
    assert (sheet["next"]["cards_each"], sheet["next"]["contract"]) == (10, "2 threes, 1 four")

    won = api.record(game, {"out": "Bob", "instant_win": "Bob", "hands": {"Ann": {"count": 3}, "Cara": {"count": 4}}})
    assert won.status_code == 201, won.get_json()
    assert api.get(f"/games/{game}/sheet").get_json()["winners"] == ["Bob"]


def test_an_instant_win_in_a_game_without_it_is_refused_with_its_code(api):
    game = api.new_game("house", ["Ann", "Bob"], **MILLE)

    response = api.record(game, {"out": "Ann", "instant_win": "Ann", "hands": {"Bob": {"melded": 30}}})

    assert response.status_code == 422
    assert (response.get_json()["reason"], response.get_json()["field"]) == ("bad_field", "instant_win")


# -- the catalogue, export and import, the live view ----------------------------------------------------------


def test_the_catalogue_page_and_variants_list_the_extensions_in_words(user, api):
    listed = api.get("/variants").get_json()["variants"]
    house = next(variant for variant in listed if variant["key"] == "house")
    assert {"one_go", "reenter", "instant_win"} == {choice["key"] for choice in house["entry"]["choices"]}
    assert {"melded", "left", "bonus"} <= {field["key"] for field in house["entry"]["fields"]}

    card = page(user.get("/variants")).one("article", id="house")
    lines = {item.one("code").text: item.text for item in card.one("ul", cls="options").find_all("li")}
    assert "(1 to 30 deals, each: cards from 1 to 30, contract 0 to 80 characters)" in lines["schedule"]
    assert "(from 1 to 10)" in lines["one_go_multiplier"] and "(from 0 to 10)" in lines["reentries"]
    assert "lowest_scores_difference (The lowest hand scores what each other hand holds more than it; the " \
           "others 0)" in lines["scoring"]


def test_a_game_of_the_extensions_exported_and_imported_replays_to_the_same_sheet(app, user, sign_up, api):
    game = api.new_game("house", ["Ann", "Bob", "Cara"], **KALOOKI)
    api.record(game, {"out": "Ann", "one_go": True, "hands": {"Bob": {"count": 20}, "Cara": {"count": 5}}})
    exported = user.get(f"/games/{game}/export.json").get_json()
    assert exported["options"]["schedule"][1] == {"cards": 10, "contract": "2 threes, 1 four"}
    assert exported["hands"][0]["one_go"] is True

    fresh = app.test_client()
    sign_up(fresh)
    response = fresh.post("/backup/import", content_type="multipart/form-data",
                          data={"file": (io.BytesIO(json.dumps(exported).encode()), "game.json")})

    assert response.status_code == 303, page(response).errors()
    with app.app_context():
        copy_id = next(one.id for one in db.session.scalars(select(Game)) if one.id != game)
        db.session.remove()
    assert page(fresh.get(f"/games/{copy_id}")).one("table", cls="sheet").text == \
        page(user.get(f"/games/{game}")).one("table", cls="sheet").text
    log = {key: exported[key] for key in ("variant", "players", "options", "first_dealer", "hands") if key in exported}
    assert replay(log)["totals"] == {"Ann": 0, "Bob": 40, "Cara": 10}


def test_the_live_view_shows_the_schedules_next_deal(user, api):
    game = api.new_game("house", ["Ann", "Bob", "Cara"], **KALOOKI)
    user.post(f"/games/{game}/share")
    link = page(user.get(f"/games/{game}")).one("section", id="share").find_all("a")
    address = next(a.get("href") for a in link if "/s/" in (a.get("href") or ""))

    live = page(user.get(address.split("://", 1)[1].split("/", 1)[1].join(["/", ""])))

    assert "Contract: 3 threes" in live.text and "9 cards" in live.text


# -- sides on New game ----------------------------------------------------------------------------------------

FOUR = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "seat-3": "Dan", "first_dealer": "0"}


def test_new_game_offers_a_house_game_sides_or_each_for_themselves_and_starts_it_as_chosen(user, define_game, api):
    kept = define_game(user, "house", entry="points", scoring="own", lowest_wins=True)
    form = page(user.get(f"/games/new?type={kept}"))
    sizes = form.one("div", data_count="4")
    assert [label.text for label in sizes.find_all("label")] == ["each for themselves", "two sides of two"]
    assert form.value("side_size-4") == "0"

    alone = user.post(f"/games/new?type={kept}", data={**FOUR, "type": str(kept)})
    partners = user.post(f"/games/new?type={kept}", data={**FOUR, "type": str(kept), "side_size-4": "2"})

    assert alone.status_code == partners.status_code == 303
    ids = [int(response.headers["Location"].rsplit("/", 1)[1]) for response in (alone, partners)]
    assert api.get(f"/games/{ids[0]}").get_json().get("sides") in (None, [])
    assert api.get(f"/games/{ids[1]}").get_json()["sides"] == [["Ann", "Cara"], ["Bob", "Dan"]]
    header = page(user.get(f"/games/{ids[1]}")).one("table", cls="sheet").one("thead").text
    assert "Ann & Cara" in header and "Bob & Dan" in header


def test_a_house_game_in_sides_that_puts_players_out_is_refused_next_to_the_partners(user, define_game):
    kept = define_game(user, "house", entry="points", scoring="own", lowest_wins=True, eliminate_at=100)

    response = user.post(f"/games/new?type={kept}", data={**FOUR, "type": str(kept), "side_size-4": "2"})

    assert response.status_code == 422
    assert "cannot use eliminate_at" in page(response).one("p", id="sides-error").text
