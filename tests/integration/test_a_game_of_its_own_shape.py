"""One module per game, whatever its shape: a game the test defines, with six decks and a column
of its own, is taken by every way in (the new-game form, the entry form, the API) and drawn by
the sheet, with nothing changed outside this file but the registry line it adds (and removes)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from apikit import Api, make_token
from webpage import page

from scorekeeper.engine.extras import Extra
from scorekeeper.engine.games import VARIANTS, register, unregister
from scorekeeper.engine.games.base import Game, HandResult
from scorekeeper.engine.games.basic import Basic
from scorekeeper.engine.options import Option


class SixDecks(Basic):
    """Basic Rummy for up to 14 players from a six-deck pack (as Hand and Foot takes), with the
    hand's bid in a column of its own and the next deal's stake on the next line."""

    key = "six-decks"
    name = "Six Decks"
    summary = "Basic Rummy from six decks, with a bid column."
    min_players, max_players = 2, 14
    max_decks = 6
    options = (*Basic.options,
               Option("decks", "int", 6, "Decks in the pack.", minimum=1, maximum=max_decks, label="Decks"))
    extras = (Extra("bid", "Bid", where="row"), Extra("stake", "Stake"))

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def pack(self, players: int, options: Any) -> tuple[int, int]:
        return int(options.get("decks") or self.max_decks), 0

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        return {**super().hand_extras(game, result), "bid": f"bid {len(game.results)}"}

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {**super().next_extras(game, number), "stake": 10 * number}


SIX_ACES = "AS AS AS AS AS AS"


@pytest.fixture
def six_decks() -> Iterator[str]:
    """The game, in the registry for this test only."""
    register(SixDecks())
    try:
        yield SixDecks.key
    finally:
        unregister(SixDecks.key)
    assert SixDecks.key not in VARIANTS


def test_the_new_game_form_takes_six_decks_and_refuses_seven(user, six_decks):
    form = page(user.get(f"/games/new?variant={six_decks}")).one("form", id="new-game")
    assert form.value("option-decks") in ("", "6")
    data = {"variant": six_decks, "first_dealer": "0", "seat-0": "Ann", "seat-1": "Bob"}

    refused = user.post(f"/games/new?variant={six_decks}", data={**data, "option-decks": "7"})
    taken = user.post(f"/games/new?variant={six_decks}", data={**data, "option-decks": "6"})

    assert refused.status_code == 422
    assert page(refused).errors() == ["decks must be a positive whole number, at most 6"]
    assert taken.status_code == 303, page(taken).errors()


def test_the_entry_form_offers_six_copies_and_takes_six_aces_but_not_seven(user, start_game, record, six_decks):
    game = start_game(user, six_decks, ["Ann", "Bob"], decks=6)
    form = page(user.get(f"/games/{game}/hands/new")).one("form", id="entry")
    assert form.get("data-decks") == "6"

    seven = record(user, game, {"out": "0", "p1-cards": SIX_ACES + " AS"})
    six = record(user, game, {"out": "0", "p1-cards": SIX_ACES})

    assert seven.status_code == 422
    assert "7 times" in " ".join(page(seven).errors()), page(seven).errors()
    assert six.status_code == 303, page(six).errors()


def test_the_api_takes_six_decks_and_six_aces_and_refuses_seven(app, user, six_decks):
    api = Api(app, make_token(user))

    too_many = api.post("/games", {"variant": six_decks, "players": ["Ann", "Bob"], "options": {"decks": 7}})
    game = api.new_game(six_decks, ["Ann", "Bob"], decks=6)
    seven = api.record(game, {"out": "Ann", "hands": {"Bob": {"cards": SIX_ACES + " AS"}}})
    six = api.record(game, {"out": "Ann", "hands": {"Bob": {"cards": SIX_ACES}}})

    assert too_many.status_code == 422, too_many.get_json()
    assert too_many.get_json()["error"] == "options: decks must be a positive whole number, at most 6"
    assert seven.status_code == 422, seven.get_json()
    assert "AS appears 7 times" in seven.get_json()["error"], seven.get_json()
    assert six.status_code in (200, 201), six.get_json()
    sheet = six.get_json()["sheet"]
    assert sheet["next"]["decks"] == 6
    assert sheet["hands"][0]["bid"] == "bid 1"
    assert sheet["next"]["stake"] == 20
    assert sheet["next"]["contract"] is None  # the API's shape for every game stays


def test_the_api_and_the_form_seat_as_many_players_as_the_game_takes(app, user, six_decks):
    api = Api(app, make_token(user))
    names = [f"Player {n}" for n in range(1, 16)]

    fourteen = api.post("/games", {"variant": six_decks, "players": names[:14]})
    fifteen = api.post("/games", {"variant": six_decks, "players": names})
    form = page(user.get(f"/games/new?variant={six_decks}")).one("form", id="new-game")

    assert fourteen.status_code == 201, fourteen.get_json()
    assert fifteen.status_code == 422
    assert fifteen.get_json()["error"] == "players: holds 15 items; at most 14"  # the request's ceiling is the most a game takes
    assert len([node for node in form.find_all("input") if (node.get("name") or "").startswith("seat-")]) == 14


def test_the_sheet_draws_the_games_own_column_and_next_line(user, start_game, record, six_decks):
    game = start_game(user, six_decks, ["Ann", "Bob"], decks=6)
    assert record(user, game, {"out": "0", "p1-cards": SIX_ACES}).status_code == 303

    sheet = page(user.get(f"/games/{game}"))

    heads = [cell.text.strip() for cell in sheet.one("table", cls="sheet").find_all("th", scope="col")]
    assert heads[-3:] == ["Ann", "Bob", "Bid"]
    row = sheet.one("table", cls="sheet").one("tbody").find_all("tr")[0]
    assert [cell.text.strip() for cell in row.find_all("td")][-1] == "bid 1"
    assert sheet.one("p", cls="guide").text.endswith("6 decks · Stake: 20")
