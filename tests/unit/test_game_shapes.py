"""A game's shape is its own declaration: its pack's bounds, the values it adds to the sheet, and
whether it is several games at once (SCORING.md section 3; scorekeeper.engine.extras)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import play
from registry_kit import definitions, sides_header

from scorekeeper.engine.extras import Extra, extra_text, extra_words, left_out, pairings_of
from scorekeeper.engine.games import EVERY_NEXT, VARIANTS, register, unregister
from scorekeeper.engine.games.base import Variant
from scorekeeper.engine.games.basic import Basic
from scorekeeper.engine.options import check_options

GAMES = list(VARIANTS.values())


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.key)
def test_every_games_pack_at_every_count_is_within_its_declared_decks_and_jokers(variant: Variant) -> None:
    for players in variant.allowed_counts():
        options = variant.resolve_options(check_options(variant.options, definitions().get(variant.key)), players)
        decks, jokers = variant.pack(players, options)
        assert 1 <= decks <= variant.max_decks, (players, decks)
        assert 0 <= jokers <= variant.max_jokers, (players, jokers)


@pytest.mark.parametrize("variant", [v for v in GAMES if {o.key for o in v.options} & {"decks", "jokers"}],
                         ids=lambda v: v.key)
def test_a_decks_or_jokers_option_goes_up_to_the_games_own_bound(variant: Variant) -> None:
    bounds = {"decks": variant.max_decks, "jokers": variant.max_jokers}
    for option in variant.options:
        if option.key in bounds:
            most = max(option.allowed) if option.allowed else option.maximum
            assert most == bounds[option.key], option.key


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.key)
def test_every_next_gives_the_keys_declared_everywhere_null_where_the_game_has_none(variant: Variant) -> None:
    players = ["Ann", "Bob", "Cara", "Dan"][:max(variant.min_players, 3 if 3 in variant.allowed_counts() else 2)]
    sheet = play(variant.key, players, options=definitions().get(variant.key),
                 **sides_header(variant.catalogue(), players))
    own = {extra.key for extra in variant.extras if extra.where == "next"}
    assert EVERY_NEXT == {"contract": None}
    for key in EVERY_NEXT:
        assert key in sheet["next"]
        if key not in own:
            assert sheet["next"][key] is None
    assert own <= set(sheet["next"])


def test_a_next_extra_without_words_of_its_game_is_written_label_colon_value() -> None:
    assert play("contract", ["Ann", "Bob", "Cara"])["guide"]["next"] == (
        "Hand 1 · Ann deals 10 cards · 2 decks + 1 joker · Contract: two groups")
    extras = (Extra("stake", "Stake"), Extra("bid", "Bid", where="row"), Extra("none", "None"))
    assert extra_words(extras, {"stake": {"Ann": 3, "Bob": 5}, "bid": 9, "none": None}) == ["Stake: Ann 3, Bob 5"]
    assert extra_text(["I", "II"]) == "I, II"


class Tens(Basic):
    key = "tens"
    name = "Tens"
    extras = (Extra("ante", "Ante", everywhere=True),)

    def next_extras(self, game: Any, number: int) -> dict[str, Any]:
        return {**super().next_extras(game, number), "ante": 10}


def test_a_game_registered_for_a_while_adds_its_everywhere_keys_and_takes_them_away_again() -> None:
    register(Tens())
    try:
        assert play("tens", ["Ann", "Bob"])["next"]["ante"] == 10
        assert play("gin", ["Ann", "Bob"])["next"]["ante"] is None
        with pytest.raises(ValueError, match="registered already"):
            register(Tens())
    finally:
        unregister("tens")
    assert "tens" not in VARIANTS
    assert "ante" not in play("gin", ["Ann", "Bob"])["next"]


def test_an_extra_that_leaves_players_out_names_them_for_the_next_hand_from_next_and_a_played_one_from_its_row():
    extras = (Extra("sits_out", "Sits out", leaves_out=True), Extra("sits_out", "Sits out", where="row",
                                                                    leaves_out=True), Extra("bid", "Bid"))
    sheet = {"hands": [{"sits_out": "Cara", "bid": "Ann"}], "next": {"sits_out": ["Bob", "Dan"], "bid": "Eve"}}
    assert left_out(extras, sheet, 1) == {"Cara"}
    assert left_out(extras, sheet, 2) == {"Bob", "Dan"}
    assert left_out(extras[2:], sheet, 2) == set()  # an extra that does not leave anyone out
    assert left_out(extras, {"hands": [], "next": None}, 1) == set()  # a finished game
    # A hand of several games at once: each game's players, from the same places.
    sheet["next"]["pairings"] = [["Ann", "Bob"], ["Cara", "Dan"]]
    assert pairings_of(2, sheet, 2) == [["Ann", "Bob"], ["Cara", "Dan"]]
    assert pairings_of(1, sheet, 2) is None
