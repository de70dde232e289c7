"""Two declarations any game may make, taken by the entry form and drawn by the sheet without the
pages knowing the game: a player's switch (a field of kind ``flag``, with a number that turns it
on), and a value of the game's own in each column's cell (an extra ``where="cell"``).  The game
here is the test's own, in the registry for the test only."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from webpage import page

from scorekeeper.engine.declare import Field
from scorekeeper.engine.extras import Extra
from scorekeeper.engine.games import VARIANTS, register, unregister
from scorekeeper.engine.games.base import Game, Hand, HandResult, PlayerInput, Variant, read_number

LIT = Field("lit", "flag", "Lit", "the lamp is on", out="required")
POINTS = Field("points", "number", "Points", "what the lamp shows", out="optional", maximum=50, turns_on="lit")


class Lamps(Variant):
    """Each player's lamp is lit or not; a lit lamp scores its points.  The one who went out has theirs lit."""

    key = "lamps"
    name = "Lamps"
    summary = "A switch and a number per player."
    decisions = ()
    min_players, max_players = 2, 4
    fields = (LIT, POINTS)
    extras = (Extra("lamp", "each lamp", where="cell"),)

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        assert isinstance(raw, Mapping)
        return PlayerInput(extra={"lit": raw.get("lit") is True, "points": read_number(hand, player,
                                                                                        raw.get("points"), POINTS)})

    def check_required(self, hand: Hand) -> None:
        for player in hand.players:
            if player not in hand.inputs:
                raise hand.missing(player)

    def score(self, hand: Hand) -> HandResult:
        lit = {p: hand.inputs[p].extra["lit"] for p in hand.players}
        scores = {p: hand.inputs[p].extra["points"] if lit[p] else 0 for p in hand.players}
        return HandResult(dict(scores), [], {p: {"lit": lit[p]} for p in hand.players}, winner=hand.out)

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        return {**super().hand_extras(game, result),
                "lamp": {p: "on" if d["lit"] else "off" for p, d in result.details.items()}}


@pytest.fixture
def lamps() -> Iterator[str]:
    register(Lamps())
    try:
        yield Lamps.key
    finally:
        unregister(Lamps.key)
    assert Lamps.key not in VARIANTS


def test_a_switch_is_a_checkbox_and_its_number_says_which_switch_it_turns_on(user, start_game, lamps):
    game = start_game(user, lamps, ["Ann", "Bob"])
    form = page(user.get(f"/games/{game}/hands/new")).one("form", id="entry")
    switch, number = form.field("p1-lit"), form.field("p1-points")
    assert (switch.get("type"), switch.get("value")) == ("checkbox", "1")
    assert number.get("data-turns-on") == "p1-lit"
    assert {box.get("data-out") for box in form.find_all("div", cls="switch")} == {"required"}


def test_a_switch_left_off_is_an_answer_false_and_a_recorded_hand_fills_the_form_back(user, start_game, record,
                                                                                     lamps):
    game = start_game(user, lamps, ["Ann", "Bob"])
    saved = record(user, game, {"out": "0", "p0-lit": "1", "p0-points": "7", "p1-points": ""})
    assert saved.status_code == 303, page(saved).errors()

    form = page(user.get(f"/games/{game}/hands/1/edit")).one("form", id="entry")
    assert (form.value("p0-lit"), form.value("p1-lit")) == ("1", None)
    assert (form.value("p0-points"), form.value("p1-points")) == ("7", "")


def test_a_value_in_each_cell_is_drawn_under_each_columns_score_and_named_under_the_sheet(user, start_game, record,
                                                                                        lamps):
    game = start_game(user, lamps, ["Ann", "Bob"])
    assert record(user, game, {"out": "0", "p0-lit": "1", "p0-points": "7"}).status_code == 303

    sheet = page(user.get(f"/games/{game}"))
    table = sheet.one("table", cls="sheet")
    row = table.find_all("tbody")[0].find_all("tr")[0]
    assert [cell.text for cell in row.find_all("small", cls="own")] == ["on", "off"]
    assert [name.text for name in table.find_all("thead")[0].find_all("span", cls="name")] == ["Ann", "Bob"]
    assert "Small numbers: what the hand scored, then each lamp." in sheet.one("p", cls="sheet-key").text


def test_the_preview_gives_each_player_the_games_own_value_in_their_panel(user, start_game, lamps):
    game = start_game(user, lamps, ["Ann", "Bob"])
    form = page(user.get(f"/games/{game}/hands/new")).one("form", id="entry").form_data()

    shown = user.post(f"/games/{game}/hands/preview",
                      data={**form, "out": "0", "p0-lit": "1", "p0-points": "7"}).get_json()

    assert shown["ready"] is True
    assert shown["seats"] == {"0": "Each lamp: on", "1": "Each lamp: off"}


def test_the_previews_value_is_labelled_as_the_pages_language_writes_a_label(user, start_game, lamps):
    """Japanese puts a full-width colon after a label: the catalogue's '%(label)s: %(value)s'."""
    game = start_game(user, lamps, ["Ann", "Bob"])
    form = page(user.get(f"/games/{game}/hands/new")).one("form", id="entry").form_data()

    shown = user.post(f"/games/{game}/hands/preview", headers={"Accept-Language": "ja"},
                      data={**form, "out": "0", "p0-lit": "1", "p0-points": "7"}).get_json()

    assert shown["seats"]["0"].startswith("Each lamp："), shown["seats"]
