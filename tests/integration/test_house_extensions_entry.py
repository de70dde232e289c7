"""The house extensions through the generic hand entry page: what the definition declares is what the form
asks (the one-go switch, the out player's bonus, the re-enter choice, the instant win)."""

from __future__ import annotations

from typing import Any

import pytest
from apikit import Api, make_token
from appstate import location_game, sheet_totals
from flask import Flask
from flask.testing import FlaskClient
from webpage import page

SEATS = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "first_dealer": "0"}
#: Rumino as the "Your own game" form takes it, with a one-go doubling besides
RUMINO = {"entry": "cards", "scoring": "own", "lowest_wins": True, "going_out_bonus": -10, "eliminate_at": 100,
          "reentries": 1, "instant_win": True, "one_go_multiplier": 2, "decks": 2, "jokers": 4}


#: the worked example's game, as the "Your own game" form's fields
EXAMPLE = {"variant": "house", "option-name": "Our Marriage", "option-entry": "cards", "option-values-ace": "15",
           "option-values-joker": "25", "option-jokers": "2", "option-scoring": "own",
           "option-going_out_bonus": "-10", "option-lowest_wins": "true"}


def start(client: FlaskClient, type_id: int) -> int:
    response = client.post(f"/games/new?type={type_id}", data={**SEATS, "type": str(type_id)})
    assert response.status_code == 303, page(response).errors()
    return location_game(response)


def entry_page(client: FlaskClient, game: int) -> Any:
    return page(client.get(f"/games/{game}/hands/new"))


def test_the_entry_form_offers_what_the_definition_uses_and_nothing_else(user, define_game):
    rumino = start(user, define_game(user, "house", **RUMINO))
    plain = start(user, define_game(user, "house", entry="cards", scoring="own", lowest_wins=True))

    form = entry_page(user, rumino)
    assert form.field("one_go").get("type") == "checkbox"
    assert [option.text for option in form.one("select", id="instant_win").find_all("option")] == [
        "nobody", "Ann", "Bob", "Cara"]
    assert form.field("p0-bonus").parent.get("data-out") == "only"
    bare = entry_page(user, plain)
    assert bare.find("input", attrs={"name": "one_go"}) is None and bare.find("select", id="instant_win") is None


def test_a_hand_in_one_go_with_a_typed_bonus_then_an_instant_win_ends_the_game(user, record, define_game):
    game = start(user, define_game(user, "house", **RUMINO))

    first = record(user, game, {"out": "0", "one_go": "1", "p0-bonus": "-20", "p1-cards": "KS 4D", "p2-count": "12"})
    assert first.status_code == 303, page(first).errors()
    assert sheet_totals(user, game) == ["-20", "28", "24"]
    second = record(user, game, {"out": "2", "instant_win": "Cara", "p0-count": "3", "p1-count": "8"})
    assert second.status_code == 303, page(second).errors()
    assert sheet_totals(user, game) == ["-17", "36", "14"]
    assert "Cara wins the game at once" in page(user.get(f"/games/{game}")).text


def test_a_bonus_typed_for_a_player_who_did_not_go_out_is_refused_next_to_them(user, record, define_game):
    game = start(user, define_game(user, "house", **RUMINO))

    refused = page(record(user, game, {"out": "0", "p1-count": "4", "p1-bonus": "5", "p2-count": "12"}))

    assert "only the player who went out gives a bonus" in refused.player_error(1)
    assert refused.value("p1-bonus") == "5"


def test_the_live_example_of_melded_minus_left_scores_a_hand_of_melds_and_cards_left(user):
    example = page(user.get("/games/own/example", query_string={**EXAMPLE, "option-entry": "meld_minus_hand"}))

    rows = {row.find_all("td")[0].text: row.find_all("td")[-1].text for row in example.find_all("tr")
            if row.find_all("td")}
    # SCORING.md's worked hand under these values: Ann went out having melded 7S 8S 9S KD KH KC (54, bonus -10);
    # Bob melded 20 and holds AS 4D (15 + 4); Cara holds 10C 3D (10 + 3)
    assert rows == {"went out, melded 7S 8S 9S KD KH KC": "+44", "melded 20, left in hand AS 4D": "+1",
                    "left in hand 10C 3D": "-13"}
    assert "each player scores melded minus left" in example.text


@pytest.fixture
def api(app: Flask, user: FlaskClient) -> Api:
    return Api(app, make_token(user))


def test_the_api_starts_a_house_game_in_sides_scores_it_by_side_and_exports_its_sides(api, user, record):
    options = {"name": "Partners", "entry": "points", "scoring": "own", "lowest_wins": True, "going_out_bonus": -10}
    created = api.post("/games", {"variant": "house", "players": ["Ann", "Bob", "Cara", "Dan"], "options": options,
                                  "sides": [["Ann", "Cara"], ["Bob", "Dan"]]})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()["id"]

    recorded = api.record(game, {"out": "Ann", "hands": {"Bob": {"points": 20}, "Cara": {"points": 5},
                                                         "Dan": {"points": 7}}})

    assert recorded.status_code == 201, recorded.get_json()
    assert recorded.get_json()["sheet"]["totals"] == {"Ann & Cara": -5, "Bob & Dan": 27}
    assert api.get(f"/games/{game}/export").get_json()["sides"] == [["Ann", "Cara"], ["Bob", "Dan"]]
    assert sheet_totals(user, game) == ["-5", "27"]  # the sheet's columns are the sides
    by_form = record(user, game, {"out": "1", "p0-points": "3", "p2-points": "4", "p3-points": "1"})
    assert by_form.status_code == 303, page(by_form).errors()
    assert sheet_totals(user, game) == ["2", "18"]
