"""The generic pieces a game may declare for its entry and its sheet, in a game this test defines:
a player's switch (a field of kind ``flag``) whose label ends with a number of the next deal
(``numbered_by``), a value beside each column's total (an extra ``where="total"``) and a line
over the sheet (``where="sheet"``); nothing outside this file knows the game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from appstate import hands_in
from webpage import page

from scorekeeper.engine.declare import CARDS, COUNT, Field
from scorekeeper.engine.entry_form import EntryForm
from scorekeeper.engine.extras import Extra
from scorekeeper.engine.games import VARIANTS, register, unregister
from scorekeeper.engine.games.base import Game
from scorekeeper.engine.games.basic import Basic


class Streaks(Basic):
    """Basic Rummy where each player may say they doubled (a switch named by their streak), the
    sheet writes each player's streak under their total and who leads over the sheet."""

    key = "streaks"
    name = "Streaks"
    summary = "Basic Rummy with a streak per player."
    fields = (Field("doubled", "flag", "Doubled", "on when the player doubled", numbered_by="streak"), COUNT, CARDS)
    extras = (Extra("streak", "Streak"), Extra("streaks", "Streak", where="total"),
              Extra("leading", "Leading", where="sheet"))

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {**super().next_extras(game, number), "streak": {p: number for p in game.players}}

    def sheet_extras(self, game: Game) -> dict[str, Any]:
        return {"streaks": {p: len(game.results) for p in game.players},
                "leading": [game.players[0]] if game.results else None}


@pytest.fixture
def streaks() -> Iterator[str]:
    register(Streaks())
    try:
        yield Streaks.key
    finally:
        unregister(Streaks.key)
    assert Streaks.key not in VARIANTS


def test_a_switch_field_is_drawn_named_by_the_next_deal_and_posted_as_true_or_false(app, user, start_game, record,
                                                                                    streaks):
    game = start_game(user, streaks, ["Ann", "Bob", "Cara"])
    form = page(user.get(f"/games/{game}/hands/new"))
    switch = form.field("p1-doubled")
    assert switch.get("type") == "checkbox"
    assert switch.parent is not None and switch.parent.text == "Doubled 1"

    response = record(user, game, {"out": "0", "p0-doubled": "1", "p1-doubled": "1", "p1-count": "5",
                                   "p2-count": "7"})

    assert response.status_code == 303, page(response).errors()
    assert hands_in(app, game)[0]["entry"]["hands"] == {"1": {"doubled": True, "count": 5},
                                                        "2": {"doubled": False, "count": 7}}
    assert page(user.get(f"/games/{game}/hands/new")).field("p1-doubled").parent.text == "Doubled 2"


def test_a_switch_alone_is_nothing_typed_and_the_message_asks_for_the_count(user, start_game, record, streaks):
    game = start_game(user, streaks, ["Ann", "Bob", "Cara"])
    response = record(user, game, {"out": "0", "p1-doubled": "1", "p2-count": "7"})
    assert response.status_code == 422
    assert page(response).player_error(1) == "Nothing typed for Bob: type their count, or pick their cards."


def test_values_beside_the_totals_and_a_line_over_the_sheet_are_drawn_where_declared(user, start_game, record,
                                                                                      streaks):
    game = start_game(user, streaks, ["Ann", "Bob"])
    before = page(user.get(f"/games/{game}"))
    assert before.find("p", cls="standing") is None  # null: no line
    record(user, game, {"out": "0", "p1-count": "5"})
    sheet = page(user.get(f"/games/{game}"))
    assert [node.text for node in sheet.find_all("span", cls="beside")] == ["Streak: 1", "Streak: 1"]
    assert sheet.one("p", cls="standing").text == "Leading: Ann"


def test_a_stored_switch_fills_the_form_as_ticked_or_not():
    variant = {"name": "Streaks", "decks": {"2": 1}, "jokers": {"2": 0},
               "entry": Streaks().entry()}
    form = EntryForm(variant, ["Ann", "Bob"], ["Ann", "Bob"], 1, upcoming={"streak": {"Ann": 4, "Bob": 2}})
    form.load_entry({"out": "Ann", "hands": {"Bob": {"doubled": True, "count": 3}}})
    assert form.seats[1].values == {"doubled": "1", "count": "3", "cards": ""}
    assert form.label(form.seats[1], form.fields[0]) == "Doubled 2"
    form.load_entry({"out": "Ann", "hands": {"Bob": {"doubled": False, "count": 3}}})
    assert form.seats[1].value("doubled") == ""
