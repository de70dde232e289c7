"""Contract (Liverpool) Rummy (SCORING.md section 5, `contract`)."""

from __future__ import annotations

import pytest
from helpers import (
    counted,
    dealers,
    holding,
    notes,
    out,
    play,
    rejected,
    scores,
    totals,
)

THREE = ["Ann", "Bob", "Cara"]
FIVE = ["Ann", "Bob", "Cara", "Dan", "Eve"]

CONTRACTS = [
    "two groups",
    "one group and one sequence",
    "two sequences",
    "three groups",
    "two groups and a sequence",
    "one group and two sequences",
    "three sequences",
]


def deal(winner: str, players: list[str] = THREE, each: int = 5) -> dict:
    """A deal `winner` went out of, every other player counting `each`."""
    return out(winner, **{p: counted(each) for p in players if p != winner})


def seven_deals(players: list[str] = THREE) -> list[dict]:
    return [deal(players[k % len(players)], players) for k in range(7)]


# -- players and pack ------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 9])
def test_contract_is_for_three_to_eight_players(count):
    error = rejected("contract", [f"P{k}" for k in range(count)])
    assert error.where == "players"
    assert error.hand is None
    assert f"3 to 8 players, got {count}" in error.message


@pytest.mark.parametrize("count", [3, 8])
def test_contract_accepts_three_and_eight_players(count):
    players = [f"P{k}" for k in range(count)]
    sheet = play("contract", players, [deal("P0", players)])
    assert sheet["totals"] == {"P0": 0, **{p: 5 for p in players[1:]}}


@pytest.mark.parametrize(
    ("count", "decks", "jokers"),
    [(3, 2, 1), (4, 2, 1), (5, 3, 2), (8, 3, 2)],
)
def test_two_decks_and_a_joker_for_three_or_four_three_decks_and_two_jokers_for_more(count, decks, jokers):
    sheet = play("contract", [f"P{k}" for k in range(count)])
    assert (sheet["next"]["decks"], sheet["next"]["jokers"]) == (decks, jokers)


def test_with_three_players_a_card_may_appear_twice():
    sheet = play("contract", THREE, [out("Ann", Bob=holding("7H KS"), Cara=holding("7H"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 17, "Cara": 7}


def test_with_three_players_a_third_copy_of_a_card_is_invalid():
    error = rejected("contract", THREE, [out("Ann", Bob=holding("7H 7H"), Cara=holding("2C 7h"))])
    assert (error.hand, error.player) == (1, "Cara")
    assert "7H appears 3 times" in error.message
    assert "two decks" in error.message


def test_with_four_players_a_second_joker_is_invalid():
    players = ["Ann", "Bob", "Cara", "Dan"]
    error = rejected("contract", players, [out("Ann", Bob=holding("JK"), Cara=holding("5D"), Dan=holding("JK"))])
    assert (error.hand, error.player) == (1, "Dan")
    assert "JK appears twice" in error.message
    assert "one joker" in error.message


def test_with_five_players_three_copies_and_two_jokers_are_valid():
    sheet = play("contract", FIVE, [out(
        "Ann", Bob=holding("7H 7H JK"), Cara=holding("7H JK"), Dan=counted(0), Eve=counted(0),
    )])
    # Bob 7 + 7 + 15 = 29, Cara 7 + 15 = 22.
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 29, "Cara": 22, "Dan": 0, "Eve": 0}


@pytest.mark.parametrize(
    ("bob", "cara", "blamed", "phrase"),
    [
        ("7H 7H 7H", "7H", "Cara", "7H appears 4 times, but this game uses three decks"),
        ("JK JK", "JK", "Cara", "JK appears 3 times, but this pack has 2 jokers"),
    ],
)
def test_with_five_players_a_fourth_copy_or_third_joker_is_invalid(bob, cara, blamed, phrase):
    error = rejected("contract", FIVE, [out(
        "Ann", Bob=holding(bob), Cara=holding(cara), Dan=counted(0), Eve=counted(0),
    )])
    assert (error.hand, error.player) == (1, blamed)
    assert phrase in error.message


# -- seven deals and their contracts -----------------------------------------------


def test_the_game_is_exactly_seven_deals_then_finished():
    six = play("contract", THREE, seven_deals()[:6])
    assert six["finished"] is False
    assert six["next"]["hand"] == 7
    seven = play("contract", THREE, seven_deals())
    assert seven["finished"] is True
    assert seven["next"] is None


def test_an_eighth_hand_is_invalid():
    error = rejected("contract", THREE, seven_deals() + [deal("Ann")])
    assert error.hand == 8
    assert "already finished" in error.message


@pytest.mark.parametrize("played", range(7))
def test_next_names_the_next_deals_contract_and_cards(played):
    sheet = play("contract", THREE, seven_deals()[:played])
    assert sheet["next"]["contract"] == CONTRACTS[played]
    assert sheet["next"]["cards_each"] == (12 if played == 6 else 10)


def test_each_hands_notes_name_the_contract_that_was_played():
    sheet = play("contract", THREE, seven_deals())
    for number, contract in enumerate(CONTRACTS, start=1):
        assert f"Deal {number} of 7, contract: {contract}." in notes(sheet, number)


# -- scoring -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("AS", 15), ("AH", 15), ("JK", 15),
        ("KD", 10), ("QC", 10), ("JH", 10), ("10S", 10), ("TS", 10),
        ("9H", 9), ("5C", 5), ("3D", 3), ("2C", 2),
    ],
)
def test_a_card_left_in_hand_counts_its_contract_value(card, value):
    sheet = play("contract", THREE, [out("Ann", Bob=holding(card), Cara=counted(0))])
    assert scores(sheet, 1)["Bob"] == value


def test_the_player_who_went_out_scores_zero_and_every_card_of_the_others_counts():
    # Bob: A 15 + JK 15 + K 10 + 7 + 2 = 49, melds in hand count too (3H 4H 5H = 12).
    sheet = play("contract", THREE, [out("Ann", Bob=holding("AS JK KD 7C 2H"), Cara=holding("3H 4H 5H"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 49, "Cara": 12}
    assert sheet["hands"][0]["details"]["Bob"]["value"] == 49


def test_deuces_wild_makes_every_deuce_count_fifteen():
    # Bob: 2H 15 + 2C 15 + 9 = 39; Cara: JK 15 + AD 15 = 30.
    sheet = play("contract", THREE, [out("Ann", Bob=holding("2H 2C 9S"), Cara=holding("JK AD"))],
                 options={"deuces_wild": True})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 39, "Cara": 30}
    assert sheet["options"]["deuces_wild"] is True


def test_deuces_are_not_wild_by_default():
    sheet = play("contract", THREE, [out("Ann", Bob=holding("2H 2C 9S"), Cara=counted(0))])
    assert sheet["options"]["deuces_wild"] is False
    assert scores(sheet, 1)["Bob"] == 13


def test_a_typed_count_is_taken_as_the_hand_value():
    sheet = play("contract", THREE, [out("Cara", Ann=counted(37), Bob=counted(0))])
    assert scores(sheet, 1) == {"Ann": 37, "Bob": 0, "Cara": 0}


def test_the_player_who_went_out_may_be_given_an_empty_input():
    sheet = play("contract", THREE, [out("Ann", Ann={}, Bob=counted(4), Cara=counted(6))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 4, "Cara": 6}


def test_the_player_who_went_out_cannot_hold_cards():
    error = rejected("contract", THREE, [out("Ann", Ann=holding("5H"), Bob=counted(4), Cara=counted(6))])
    assert (error.hand, error.player) == (1, "Ann")
    assert "went out" in error.message


def test_every_other_player_needs_an_input():
    error = rejected("contract", THREE, [out("Ann", Bob=counted(4))])
    assert (error.hand, error.player) == (1, "Cara")
    assert "no input for Cara" in error.message


def test_nobody_going_out_is_invalid_in_contract():
    error = rejected("contract", THREE, [out(None, Ann=counted(1), Bob=counted(2), Cara=counted(3))])
    assert error.hand == 1
    assert "say who went out" in error.message


# -- the end -----------------------------------------------------------------------


def test_after_deal_seven_the_lowest_total_wins():
    # Ann goes out in deals 1, 4, 7 and scores 5 in the other four: 20.
    # Bob: 5 in deals 1, 3, 4, 6, 7: 25.  Cara: 5 in deals 1, 2, 4, 5, 7: 25.
    sheet = play("contract", THREE, seven_deals())
    assert sheet["totals"] == {"Ann": 20, "Bob": 25, "Cara": 25}
    assert sheet["winners"] == ["Ann"]
    assert sheet["lowest_wins"] is True


def test_players_tied_for_lowest_after_deal_seven_share_the_win():
    # Ann takes 30 in deal 2; Bob 10 in deals 1 and 3; Cara 10 in deals 1 and 4: 30, 20, 20.
    hands = [
        out("Ann", Bob=counted(10), Cara=counted(10)),
        out("Bob", Ann=counted(30), Cara=counted(0)),
        out("Cara", Ann=counted(0), Bob=counted(10)),
        out("Ann", Bob=counted(0), Cara=counted(10)),
        out("Bob", Ann=counted(0), Cara=counted(0)),
        out("Cara", Ann=counted(0), Bob=counted(0)),
        out("Ann", Bob=counted(0), Cara=counted(0)),
    ]
    sheet = play("contract", THREE, hands)
    assert sheet["totals"] == {"Ann": 30, "Bob": 20, "Cara": 20}
    assert sorted(sheet["winners"]) == ["Bob", "Cara"]


def test_the_deal_passes_left_every_hand():
    players = ["Ann", "Bob", "Cara", "Dan"]
    sheet = play("contract", players, seven_deals(players), first_dealer="Cara")
    assert dealers(sheet) == ["Cara", "Dan", "Ann", "Bob", "Cara", "Dan", "Ann"]


def test_next_dealer_is_the_player_left_of_the_last_dealer():
    sheet = play("contract", THREE, seven_deals()[:2], first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Ann"]
    assert totals(sheet, 2) == {"Ann": 5, "Bob": 5, "Cara": 10}


def test_ended_by_agreement_before_deal_seven_the_lowest_total_wins():
    # Deal 1 Ann out: Bob 5, Cara 5; deal 2 Bob out: Ann 5, Cara 5 -> Ann 5, Bob 5, Cara 10.
    sheet = play("contract", THREE, seven_deals()[:2], ended=True)
    assert sheet["finished"] is True
    assert sheet["next"] is None
    assert sorted(sheet["winners"]) == ["Ann", "Bob"]
