"""The base's hooks for a game whose pack follows its options and whose deal size changes by hand.

A small fake variant, registered for each test, stands for such a game
(Three Thirteen is one): its ``decks`` and ``jokers`` options choose the
pack, the default decks follow the number of players, and deal k is k + 2
cards, which a cards input must hold exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from helpers import holding, out, play, rejected

from scorekeeper.engine.declare import CARDS
from scorekeeper.engine.errors import InvalidEntry
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.base import Hand, HandResult, Variant, hand_value, zero_scores
from scorekeeper.engine.options import Option


class GrowingDeal(Variant):
    """Deal k is k + 2 cards; decks (one per two players unless chosen) and jokers are options."""

    key = "growing-deal"
    name = "Growing Deal"
    summary = "A test game."
    min_players, max_players = 2, 6
    options = (
        Option("decks", "int", None, "Decks in the pack.", minimum=1, maximum=3),
        Option("jokers", "int", 0, "Jokers in the pack.", minimum=0, maximum=6),
    )
    exact_deal = True
    seen_players: list[int] = []

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return hand_number + 2

    def decks(self, players: int) -> int:
        return (players + 1) // 2

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        self.seen_players.append(players)
        if options["decks"] is None:
            options["decks"] = self.decks(players)
        if options["decks"] * 52 <= players * 13:
            raise InvalidEntry("decks too few", where="options", field="decks", code="bad_option")
        return options

    def pack(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        return options["decks"], options["jokers"]

    def score(self, hand: Hand) -> HandResult:
        scores = zero_scores(hand.players)
        for player in hand.others:
            scores[player] = hand_value(hand.inputs[player], hand.values)
        return HandResult(scores, ["scored"])


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(VARIANTS, GrowingDeal.key, GrowingDeal())
    GrowingDeal.seen_players.clear()


def test_options_are_resolved_knowing_how_many_players_sit_down():
    assert play("growing-deal", ["Ann", "Bob", "Cara"])["options"]["decks"] == 2
    assert GrowingDeal.seen_players == [3]


def test_a_refusal_of_resolve_options_is_a_bad_header():
    error = rejected("growing-deal", ["Ann", "Bob", "Cara", "Dan", "Eve"], options={"decks": 1})
    assert (error.hand, error.where, error.code) == (None, "options", "bad_option")


def test_the_next_deal_shows_the_pack_the_options_chose():
    nxt = play("growing-deal", ["Ann", "Bob"], options={"decks": 2, "jokers": 3})["next"]
    assert (nxt["decks"], nxt["jokers"]) == (2, 3)


def test_the_copies_check_counts_the_decks_the_options_chose():
    twice = [out("Ann", Bob=holding("7H 7H 2C"))]
    assert play("growing-deal", ["Ann", "Bob"], twice, options={"decks": 2})["totals"]["Bob"] == 16
    error = rejected("growing-deal", ["Ann", "Bob"], twice, options={"decks": 1})
    assert (error.code, error.player) == ("too_many_copies", "Bob")
    assert "7H appears twice, but this game uses one deck" in error.message


def test_the_jokers_check_counts_the_jokers_the_options_chose():
    jokers = [out("Ann", Bob=holding("JK JK 2C"))]
    assert play("growing-deal", ["Ann", "Bob"], jokers, options={"jokers": 2})["hands"][0]["scores"]["Bob"] == 2
    error = rejected("growing-deal", ["Ann", "Bob"], jokers, options={"jokers": 1})
    assert "JK appears twice, but this pack has one joker" in error.message


def test_a_cards_input_holds_exactly_the_deals_size_and_the_refusal_names_the_deal():
    second_deal = [out("Ann", Bob=holding("2C 3C 4C")), out("Bob", Ann=holding("2D 3D 4D"))]
    error = rejected("growing-deal", ["Ann", "Bob"], second_deal)
    assert str(error) == "hand 2, Ann: deal 2 of Growing Deal has 4 cards each, got 3"
    assert (error.hand, error.player, error.field, error.code) == (2, "Ann", "cards", "wrong_hand_size")


class CardsOnly(GrowingDeal):
    """The same game, entered by the cards alone: a count is not one of its inputs."""

    key = "cards-only"
    name = "Cards Only"
    fields = (CARDS,)
    exact_deal = False


def test_a_count_is_refused_where_the_game_takes_only_cards(monkeypatch):
    monkeypatch.setitem(VARIANTS, CardsOnly.key, CardsOnly())
    error = rejected("cards-only", ["Ann", "Bob"], [out("Ann", Bob={"count": 5})])
    assert (error.hand, error.player) == (1, "Bob")
    assert "'count' is not an input here" in error.message
    assert play("cards-only", ["Ann", "Bob"], [out("Ann", Bob=holding("KH 5D"))])["totals"]["Bob"] == 15
