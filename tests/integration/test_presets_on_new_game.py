"""The presets on **New game**: every exact one offered by name, the others "close, with the totals you
type", each starting a game of the table's own with its whole definition, played, exported, imported and
counted by its name like any game of the table's own."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from appstate import location_game
from flask import Flask
from flask.testing import FlaskClient
from webpage import page

from sqlalchemy import select

from scorekeeper import services
from scorekeeper.engine.games.presets import Preset, close, exact, presets
from scorekeeper.extensions import db
from scorekeeper.models import Game

EVERY = presets()


def seats(*names: str) -> dict[str, str]:
    return {**{f"seat-{i}": name for i, name in enumerate(names)}, "first_dealer": "0"}


def players_for(preset: Preset) -> list[str]:
    return ["Ann", "Bob", "Cara", "Dan"][:max(preset.players[0], min(3, preset.players[1]))]


def start(client: FlaskClient, preset: Preset, names: list[str] | None = None) -> Any:
    names = names or players_for(preset)
    return client.post(f"/games/new?preset={preset.key}", data={**seats(*names), "preset": preset.key})


def stored(app: Flask, game_id: int) -> Game:
    with app.app_context():
        game = db.session.get(Game, game_id)
        db.session.expunge(game)
        db.session.remove()
        return game


def test_new_game_offers_every_exact_preset_by_name_where_it_is_played_and_what_it_is_built_on(user):
    listed = page(user.get("/games/new"))

    offered = listed.one("ul", cls="presets").find_all("li")
    assert [item.one("strong").text for item in offered] == [preset.name for preset in exact()]
    for item, preset in zip(offered, exact(), strict=True):
        assert item.one("a").get("href") == f"/games/new?preset={preset.key}"
        assert preset.summary in item.text and preset.played in item.text
        assert "based on the table's own game" in item.text
        assert item.find(cls="cannot") is None


def test_the_games_not_scored_exactly_are_listed_apart_each_saying_what_the_app_cannot_yet_do(user):
    listed = page(user.get("/games/new"))

    assert listed.one("h2", id="close-heading").text == "Close, with the totals you type"
    offered = listed.one("ul", cls="presets-close").find_all("li")
    assert [item.one("strong").text for item in offered] == [preset.name for preset in close()]
    for item, preset in zip(offered, close(), strict=True):
        assert preset.cannot and item.one(cls="cannot").text == preset.cannot
    assert {preset.name for preset in close()} >= {"Conquian", "Telefunken", "Battle Royal Gin"}


def test_a_preset_nobody_knows_is_not_found(user):
    assert user.get("/games/new?preset=snap").status_code == 404
    assert user.post("/games/new?preset=snap", data={**seats("Ann", "Bob"), "preset": "snap"}).status_code == 404
    assert user.get("/games/own/new?preset=snap").status_code == 404


@pytest.mark.parametrize("preset", EVERY, ids=[preset.key for preset in EVERY])
def test_every_preset_starts_a_game_of_the_tables_own_with_its_whole_definition(app, user, preset):
    seated = page(user.get(f"/games/new?preset={preset.key}"))
    assert seated.one("h1").text == preset.name
    assert preset.summary in seated.text and "based on the table's own game" in seated.text
    assert seated.find("details", cls="house-rules") is None  # the rules come with the preset

    response = start(user, preset)

    assert response.status_code == 303, page(response).errors()
    game = stored(app, location_game(response))
    assert game.variant == preset.variant
    assert game.options == preset.definition  # the rule book's block, every option written into the log
    assert page(user.get(f"/games/{game.id}")).one("h1").text.startswith(preset.name)


def test_mille_is_for_two_players_so_its_form_has_two_seats_and_one_name_is_refused(user):
    mille = next(preset for preset in EVERY if preset.key == "mille")
    form = page(user.get("/games/new?preset=mille"))
    assert [field.get("name") for field in form.find_all("input", list="roster")] == ["seat-0", "seat-1"]

    response = start(user, mille, ["Ann"])

    assert response.status_code == 422
    seats_error = page(response).one("fieldset", cls="seats").one("p", cls="error").text
    assert seats_error == "Mille is for 2 players; 1 named."
    assert page(response).value("seat-0") == "Ann"


def test_a_preset_can_be_kept_as_the_accounts_own_game_to_change_its_rules(user):
    filled = page(user.get("/games/own/new?preset=seven-bridge"))

    assert filled.value("option-name") == "Seven Bridge"
    assert filled.value("option-target") == "200"


def test_a_presets_game_exports_and_imports_into_another_account_and_replays_the_same(app, user, sign_up):
    romme = next(preset for preset in EVERY if preset.key == "german-romme")
    game_id = location_game(start(user, romme))
    hand = {"out": "Ann", "one_go": True, "hands": {"Bob": {"cards": "AS KH 5D JK"}, "Cara": {"count": 30}}}
    with app.app_context():
        services.record_hand(db.session.get(Game, game_id), hand, token="hand-1", expected=1)
        db.session.remove()
    exported = user.get(f"/games/{game_id}/export.json").get_json()
    assert exported["variant"] == romme.variant and exported["options"]["one_go_multiplier"] == 2

    other = app.test_client()
    sign_up(other)
    response = other.post("/backup/import", data={"file": (io.BytesIO(json.dumps(exported).encode()), "game.json")},
                          content_type="multipart/form-data")

    assert response.status_code == 303, response.get_data(as_text=True)
    with app.app_context():
        copy = db.session.scalar(select(Game).where(Game.id != game_id))
        db.session.remove()
    assert copy is not None and copy.options == romme.definition
    assert page(other.get(f"/games/{copy.id}")).one("table", cls="sheet").text == page(
        user.get(f"/games/{game_id}")).one("table", cls="sheet").text


def test_a_presets_seating_page_says_its_rules_in_words_its_single_card_values_and_deals_among_them(user):
    bridge = page(user.get("/games/new?preset=seven-bridge")).one("ul", cls="rules").text
    kalooki = page(user.get("/games/new?preset=caribbean-kalooki")).one("ul", cls="rules").text

    assert "Card values: Ace 1, K Q J 10, Ten 10, 2 to 9 face value, Joker 0, 7 20" in bridge
    assert "1. Cards 9, Contract 3 threes; 2. Cards 10, Contract 2 threes, 1 four;" in kalooki
    assert "{" not in bridge + kalooki and "one_go" not in bridge  # never a raw value or an option's key


def test_a_presets_game_counts_as_its_own_game_by_name_in_the_history_and_statistics(app, user, record):
    romme = next(preset for preset in EVERY if preset.key == "german-romme")
    game = location_game(start(user, romme))
    assert record(user, game, {"out": "0", "p1-count": "20", "p2-count": "12"}).status_code == 303

    history = page(user.get("/history"))
    assert "German Rommé" in [option.text for option in history.one("select", id="f-variant").find_all("option")]
    only = page(user.get("/history", query_string={"variant": "house:German Rommé"}))
    assert [row.find("strong").text for row in only.find_all("li") if row.find("strong")] == ["German Rommé"]
    table = page(user.get("/stats/", query_string={"variant": "house:German Rommé"}))
    assert table.one("h2", id="players-heading").text == "Players: German Rommé"


def test_the_games_page_lists_every_preset_by_name_after_the_built_in_games(client):
    listed = page(client.get("/variants")).one("section", id="presets")

    names = [item.one("strong").text for item in listed.find_all("li")]
    assert names == [preset.name for preset in EVERY]
    assert all(preset.cannot in listed.text for preset in close())
