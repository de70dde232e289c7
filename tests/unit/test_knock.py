"""Knock Rummy (SCORING.md section 5 `knock` and the Knock decisions of section 6).

Every hand is zero-sum; the expected columns are worked out by hand.
"""

from __future__ import annotations

from typing import Any

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

PAIR = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]


def knock(knocker: str | None, **given: Any) -> dict[str, Any]:
    """A hand: each keyword is a player's count (int) or cards (str)."""
    return out(knocker, **{p: counted(v) if isinstance(v, int) else holding(v) for p, v in given.items()})


def game(players: list[str], *hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("knock", players, hands, **header)


# -- players, deal and input --------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 10), (3, 7), (4, 7), (5, 5), (6, 5)])
def test_knock_deals_10_for_two_7_for_three_or_four_5_for_five_or_six(players, each):
    names = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"][:players]
    assert game(names)["next"]["cards_each"] == each


@pytest.mark.parametrize("count", [1, 7])
def test_knock_is_for_two_to_six_players(count):
    error = rejected("knock", [f"P{i}" for i in range(count)])
    assert error.where == "players"
    assert error.message == f"Knock Rummy is for 2 to 6 players, got {count}"


def test_knocker_must_give_an_input_too():
    error = rejected("knock", THREE, [knock("Ann", Bob=5, Cara=9)])
    assert error.hand == 1
    assert error.message == "no input for Ann"


def test_every_other_player_must_give_an_input():
    error = rejected("knock", THREE, [knock("Ann", Ann=3, Bob=5)])
    assert error.hand == 1
    assert error.message == "no input for Cara"


def test_out_null_is_invalid_in_knock():
    error = rejected("knock", PAIR, [knock(None, Ann=3, Bob=5)])
    assert error.hand == 1
    assert "say who went out" in error.message


def test_knock_uses_one_deck():
    error = rejected("knock", PAIR, [knock("Ann", Ann="AH 2H 3H 5S", Bob="5S 9D")])
    assert (error.hand, error.player) == (1, "Bob")
    assert "5S appears twice" in error.message


# -- deadwood from cards ----------------------------------------------------------------------


def test_knock_counts_deadwood_from_cards_with_ace_low_only():
    sheet = game(THREE, knock(
        "Ann",
        Ann="AH 2H 3H 4S 4D 4C 2C",   # AH-3H, the fours; 2C = 2
        Bob="QS KS AS 7D 8D 9D 5H",   # Q-K-A is no run: 10 + 10 + 1 + 5 = 26
        Cara="10H JH QH 6C 7C 2S 3S",  # 6 + 7 + 2 + 3 = 18
    ))
    details = sheet["hands"][0]["details"]
    assert {p: details[p]["value"] for p in THREE} == {"Ann": 2, "Bob": 26, "Cara": 18}
    # Ann is lowest: 24 from Bob, 16 from Cara.
    assert scores(sheet, 1) == {"Ann": 40, "Bob": -24, "Cara": -16}


def test_knock_trusts_a_typed_count():
    sheet = game(PAIR, knock("Ann", Ann=4, Bob=40))
    assert scores(sheet, 1) == {"Ann": 36, "Bob": -36}


# -- the knocker lowest -------------------------------------------------------------------------


def test_knocker_strictly_lowest_wins_the_difference_from_each_player():
    sheet = game(THREE, knock("Ann", Ann=3, Bob=10, Cara=20))
    assert scores(sheet, 1) == {"Ann": 7 + 17, "Bob": -7, "Cara": -17}


@pytest.mark.parametrize(
    ("players", "counts", "expected"),
    [
        (PAIR, {"Ann": 0, "Bob": 12}, {"Ann": 37, "Bob": -37}),
        (THREE, {"Ann": 0, "Bob": 10, "Cara": 20}, {"Ann": 35 + 45, "Bob": -35, "Cara": -45}),
    ],
)
def test_rum_hand_adds_25_from_each_other_player(players, counts, expected):
    sheet = game(players, knock("Ann", **counts))
    assert scores(sheet, 1) == expected
    assert "25" in notes(sheet, 1)


# -- the knocker beaten or tied -----------------------------------------------------------------


def test_lower_player_wins_differences_and_the_knocker_pays_10_more():
    sheet = game(THREE, knock("Ann", Ann=8, Bob=3, Cara=20))
    # Ann pays 5 + 10, Cara pays 17: Bob 32.
    assert scores(sheet, 1) == {"Ann": -15, "Bob": 32, "Cara": -17}
    assert "10" in notes(sheet, 1)


def test_knock_tie_counts_against_the_knocker():
    sheet = game(THREE, knock("Ann", Ann=5, Bob=5, Cara=9))
    # Ann pays 0 + 10, Cara pays 4: Bob 14.
    assert scores(sheet, 1) == {"Ann": -10, "Bob": 14, "Cara": -4}


def test_knock_tie_at_zero_counts_against_the_knocker_and_is_no_rum_hand():
    sheet = game(THREE, knock("Ann", Ann=0, Bob=0, Cara=7))
    # Ann pays 10, Cara 7: Bob 17.  No 25s: Ann is not strictly lowest.
    assert scores(sheet, 1) == {"Ann": -10, "Bob": 17, "Cara": -7}


def test_knock_tie_in_a_two_player_game_counts_against_the_knocker():
    sheet = game(PAIR, knock("Bob", Ann=6, Bob=6))
    assert scores(sheet, 1) == {"Ann": 10, "Bob": -10}


def test_several_lowest_players_share_everything_equally():
    sheet = game(FOUR, knock("Ann", Ann=9, Bob=2, Cara=2, Dan=15))
    # Ann pays 7 + 10, Dan pays 13: 30 split two ways.
    assert scores(sheet, 1) == {"Ann": -17, "Bob": 15, "Cara": 15, "Dan": -13}


def test_knocker_tied_with_two_others_lets_them_share():
    sheet = game(FOUR, knock("Ann", Ann=4, Bob=4, Cara=4, Dan=10))
    # Ann pays 0 + 10, Dan pays 6: 16 split two ways.
    assert scores(sheet, 1) == {"Ann": -10, "Bob": 8, "Cara": 8, "Dan": -6}


def test_shares_that_are_fractions_show_as_two_decimal_floats():
    sheet = game(FOUR, knock("Ann", Ann=10, Bob=1, Cara=1, Dan=1),
                 knock("Ann", Ann=10, Bob=1, Cara=1, Dan=1))
    # Ann pays 9 + 10 = 19, shared by three: 6.333... each.
    first = scores(sheet, 1)
    assert first == {"Ann": -19, "Bob": 6.33, "Cara": 6.33, "Dan": 6.33}
    assert isinstance(first["Bob"], float)
    # Totals are summed exactly, then rounded: 12.666... shows as 12.67.
    assert totals(sheet) == {"Ann": -38, "Bob": 12.67, "Cara": 12.67, "Dan": 12.67}


def test_a_whole_share_shows_as_an_int():
    sheet = game(THREE, knock("Ann", Ann=5, Bob=1, Cara=1))
    # Ann pays 4 + 10 = 14: 7 each.
    assert scores(sheet, 1) == {"Ann": -14, "Bob": 7, "Cara": 7}
    assert isinstance(scores(sheet, 1)["Bob"], int)


@pytest.mark.parametrize(
    "counts",
    [
        {"Ann": 3, "Bob": 10, "Cara": 20, "Dan": 4},
        {"Ann": 0, "Bob": 10, "Cara": 20, "Dan": 1},
        {"Ann": 8, "Bob": 3, "Cara": 20, "Dan": 3},
        {"Ann": 0, "Bob": 0, "Cara": 0, "Dan": 9},
        {"Ann": 12, "Bob": 12, "Cara": 12, "Dan": 12},
        {"Ann": 10, "Bob": 1, "Cara": 1, "Dan": 1},
    ],
)
def test_every_knock_hand_is_zero_sum(counts):
    # Thirds are rounded per column, so compare to within the rounding.
    sheet = game(FOUR, knock("Ann", **counts))
    assert sum(scores(sheet, 1).values()) == pytest.approx(0, abs=0.02)


def test_all_tied_with_the_knocker_share_the_knockers_ten():
    sheet = game(FOUR, knock("Ann", Ann=12, Bob=12, Cara=12, Dan=12))
    # Ann pays 10, split three ways.
    assert scores(sheet, 1) == {"Ann": -10, "Bob": 3.33, "Cara": 3.33, "Dan": 3.33}


# -- the end of the game ----------------------------------------------------------------------------


def test_knock_has_no_target_by_default_and_never_finishes_alone():
    hands = [knock("Ann", Ann=0, Bob=100)] * 10  # Ann 125 a hand
    sheet = game(PAIR, *hands)
    assert sheet["options"] == {"target": None, "deals": None}
    assert totals(sheet) == {"Ann": 1250, "Bob": -1250}
    assert sheet["finished"] is False
    assert sheet["winners"] == []
    assert sheet["next"]["hand"] == 11


def test_knock_ended_by_the_table_goes_to_the_highest_total():
    sheet = game(THREE, knock("Ann", Ann=3, Bob=10, Cara=20), ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["next"] is None


def test_knock_game_goes_on_while_every_total_is_below_the_target():
    hands = [knock("Ann", Ann=2, Bob=22), knock("Bob", Ann=30, Bob=1)]
    # Ann 20, then Bob 29: totals Ann -9, Bob 9, both below 25.
    sheet = game(PAIR, *hands, options={"target": 25})
    assert totals(sheet) == {"Ann": -9, "Bob": 9}
    assert sheet["finished"] is False
    assert sheet["next"]["hand"] == 3


def test_knock_target_can_be_reached_by_the_player_who_beat_the_knocker():
    sheet = game(PAIR, knock("Ann", Ann=8, Bob=3), options={"target": 15})
    # Ann pays 5 + 10 = 15 to Bob.
    assert totals(sheet) == {"Ann": -15, "Bob": 15}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Bob"]


def test_knock_game_ends_after_the_hand_in_which_a_total_reaches_the_target():
    sheet = game(PAIR, knock("Ann", Ann=2, Bob=22), options={"target": 20})
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    error = rejected("knock", PAIR, [knock("Ann", Ann=2, Bob=22), knock("Bob", Ann=9, Bob=1)],
                     options={"target": 20})
    assert error.hand == 2
    assert "already finished" in error.message


def test_knock_deals_option_ends_the_game_after_that_many_hands():
    hands = [knock("Ann", Ann=2, Bob=5), knock("Bob", Ann=9, Bob=1)]
    sheet = game(PAIR, *hands, options={"deals": 2})
    # Ann 3, then Bob 8: totals Ann -5, Bob 5.
    assert totals(sheet) == {"Ann": -5, "Bob": 5}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Bob"]
    assert game(PAIR, hands[0], options={"deals": 2})["finished"] is False


def test_knock_tie_for_highest_is_shared_without_a_previous_leader_tie_break():
    # Ann led 10 to -10 before the last hand; they finish 0 to 0 and share.
    sheet = game(PAIR, knock("Ann", Ann=2, Bob=12), knock("Bob", Ann=12, Bob=2), ended=True)
    assert totals(sheet) == {"Ann": 0, "Bob": 0}
    assert sheet["winners"] == ["Ann", "Bob"]


def test_knock_deal_passes_left_whoever_wins():
    sheet = game(THREE, knock("Bob", Ann=3, Bob=1, Cara=9), knock("Bob", Ann=3, Bob=1, Cara=9),
                 knock("Ann", Ann=3, Bob=1, Cara=9), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Ann", "Bob"]


def test_knock_final_is_null():
    assert game(PAIR, knock("Ann", Ann=2, Bob=12), ended=True)["final"] is None
