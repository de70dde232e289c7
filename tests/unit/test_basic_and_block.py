"""Basic Rummy and Block Rummy (SCORING.md section 5 `basic`, `block`, and section 6)."""

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
TWO = ["Ann", "Bob"]


def block(**inputs):
    return {"block": True, "hands": inputs}


def stalemate(**inputs):
    return {"out": None, "hands": inputs}


def rummy(player, **inputs):
    return {"out": player, "rummy": True, "hands": inputs}


# -- hand values ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value"),
    [("AS", 1), ("2H", 2), ("7C", 7), ("9D", 9), ("10D", 10), ("TD", 10), ("JC", 10), ("QS", 10), ("KH", 10),
     ("AS AH AD AC", 4)],
)
@pytest.mark.parametrize("variant", ["basic", "block"])
def test_a_hand_is_worth_ace_1_pips_and_10_for_a_face_card(variant, cards, value):
    sheet = play(variant, TWO, [out("Ann", Bob=holding(cards))])
    assert scores(sheet, 1) == {"Ann": value, "Bob": 0}


def test_every_card_left_counts_even_when_it_is_matched():
    # 5H 6H 7H is a run and 9S 9D 9C a group: nothing is melded off, all 51 count.
    sheet = play("basic", TWO, [out("Ann", Bob=holding("5H 6H 7H 9S 9D 9C"))])
    assert scores(sheet, 1)["Ann"] == 5 + 6 + 7 + 27


@pytest.mark.parametrize(("cards", "value"), [("AS", 15), ("AS AH KH", 40), ("QH KH AH", 35), ("2C", 2)])
def test_with_ace_high_or_low_an_ace_counts_15(cards, value):
    sheet = play("basic", TWO, [out("Ann", Bob=holding(cards))], options={"ace": "high_or_low"})
    assert scores(sheet, 1)["Ann"] == value


def test_ace_high_or_low_counts_15_in_penalty_scoring_and_in_a_block_too():
    options = {"ace": "high_or_low", "scoring": "penalty"}
    sheet = play("block", THREE, [
        out("Ann", Bob=holding("AD 3D"), Cara=holding("KC")),
        block(Ann=holding("AH"), Bob=holding("9S"), Cara=holding("AC 2C")),
    ], options=options)
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 18, "Cara": 10}
    assert scores(sheet, 2) == {"Ann": 15, "Bob": 9, "Cara": 17}


def test_a_typed_count_is_taken_as_the_hand_value():
    sheet = play("basic", THREE, [out("Bob", Ann=counted(37), Cara=holding("KH 5D AS"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 37 + 16, "Cara": 0}


# -- winner and penalty scoring -------------------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_in_winner_scoring_the_player_who_went_out_scores_the_others_hands(variant):
    sheet = play(variant, THREE, [out("Ann", Bob=holding("KH 5D AS"), Cara=holding("10C 9S 2H"))])
    assert scores(sheet, 1) == {"Ann": 16 + 21, "Bob": 0, "Cara": 0}
    assert "37" in notes(sheet, 1)


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_in_penalty_scoring_each_other_player_scores_their_own_hand(variant):
    sheet = play(variant, THREE, [out("Ann", Bob=holding("KH 5D AS"), Cara=holding("10C 9S 2H"))],
                 options={"scoring": "penalty"})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 16, "Cara": 21}


# -- going rummy ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "bonus", "expected"),
    [
        ("winner", "double", {"Ann": 2 * 37, "Bob": 0, "Cara": 0}),
        ("winner", "plus10", {"Ann": 37 + 10, "Bob": 0, "Cara": 0}),
        ("winner", "none", {"Ann": 37, "Bob": 0, "Cara": 0}),
        ("penalty", "double", {"Ann": 0, "Bob": 2 * 16, "Cara": 2 * 21}),
        ("penalty", "plus10", {"Ann": 0, "Bob": 16 + 10, "Cara": 21 + 10}),
        ("penalty", "none", {"Ann": 0, "Bob": 16, "Cara": 21}),
    ],
)
@pytest.mark.parametrize("variant", ["basic", "block"])
def test_the_rummy_bonus_doubles_or_adds_10_as_the_table_chose(variant, scoring, bonus, expected):
    sheet = play(variant, THREE, [rummy("Ann", Bob=holding("KH 5D AS"), Cara=counted(21))],
                 options={"scoring": scoring, "rummy_bonus": bonus})
    assert scores(sheet, 1) == expected
    assert "Rummy" in notes(sheet, 1)


def test_the_rummy_bonus_doubles_by_default():
    sheet = play("basic", THREE, [rummy("Ann", Bob=holding("KH 5D AS"), Cara=counted(21))])
    assert scores(sheet, 1)["Ann"] == 74


def test_a_hand_not_gone_rummy_gets_no_bonus():
    sheet = play("basic", TWO, [{"out": "Ann", "rummy": False, "hands": {"Bob": counted(21)}}])
    assert scores(sheet, 1)["Ann"] == 21


# -- stalemate ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "block"])
@pytest.mark.parametrize("scoring", ["winner", "penalty"])
def test_a_stalemate_scores_nothing_and_the_deal_still_passes(variant, scoring):
    sheet = play(variant, THREE, [
        out("Ann", Bob=counted(5), Cara=counted(6)),
        stalemate(),
    ], options={"scoring": scoring})
    assert scores(sheet, 2) == {"Ann": 0, "Bob": 0, "Cara": 0}
    assert totals(sheet, 2) == totals(sheet, 1)
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]
    assert sheet["hands"][1]["out"] is None


def test_a_stalemate_with_hands_given_still_scores_nothing():
    sheet = play("basic", TWO, [stalemate(Ann=counted(20), Bob=holding("KS QS"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0}


# -- the block --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_a_block_pays_the_lowest_hand_the_difference_from_each_other_hand(variant):
    # The seed's example: A 6, B 15, C 7, D 21 -> A scores 9 + 1 + 15 = 25.
    sheet = play(variant, ["A", "B", "C", "D"], [
        block(A=holding("4H 2C"), B=holding("10S 5D"), C=holding("7C"), D=holding("KS QH AC")),
    ])
    assert scores(sheet, 1) == {"A": 25, "B": 0, "C": 0, "D": 0}
    assert sheet["hands"][0]["out"] is None


def test_players_tied_for_lowest_in_a_block_share_the_winnings_equally():
    sheet = play("block", ["A", "B", "C", "D"], [
        block(A=counted(5), B=counted(5), C=counted(8), D=counted(12)),
    ])
    assert scores(sheet, 1) == {"A": 5, "B": 5, "C": 0, "D": 0}  # (3 + 7) / 2


def test_a_block_share_that_is_not_whole_is_kept_exact():
    sheet = play("block", ["A", "B", "C"], [
        block(A=counted(5), B=counted(5), C=counted(8)),  # 3 / 2
        block(A=counted(2), B=counted(2), C=counted(3)),  # 1 / 2
    ])
    assert scores(sheet, 1) == {"A": 1.5, "B": 1.5, "C": 0}
    assert totals(sheet) == {"A": 2, "B": 2, "C": 0}
    assert type(totals(sheet)["A"]) is int


def test_three_way_block_thirds_add_up_exactly():
    thirds = block(A=counted(5), B=counted(5), C=counted(5), D=counted(6))
    sheet = play("block", ["A", "B", "C", "D"], [thirds, thirds, thirds])
    assert [totals(sheet, n)["A"] for n in (1, 2, 3)] == [0.33, 0.67, 1]


def test_a_block_in_penalty_scoring_charges_each_player_their_own_hand():
    sheet = play("block", ["A", "B", "C", "D"], [
        block(A=holding("4H 2C"), B=holding("10S 5D"), C=holding("7C"), D=holding("KS QH AC")),
    ], options={"scoring": "penalty"})
    assert scores(sheet, 1) == {"A": 6, "B": 15, "C": 7, "D": 21}


def test_a_block_needs_every_players_hand():
    error = rejected("block", ["A", "B", "C"], [block(A=counted(3), B=counted(4))])
    assert error.hand == 1
    assert "no input for C" in error.message


@pytest.mark.parametrize("variant", ["sai", "500", "boathouse", "contract"])
def test_block_entries_are_only_for_basic_and_block(variant):
    players = ["A", "B", "C"]
    error = rejected(variant, players, [block(A=counted(3), B=counted(4), C=counted(5))])
    assert error.hand == 1
    assert "'block'" in error.message


# -- the end of the game ---------------------------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_the_winner_scoring_game_ends_when_a_total_reaches_500(variant):
    almost = play(variant, TWO, [out("Ann", Bob=counted(250)), out("Ann", Bob=counted(249))])
    assert (totals(almost)["Ann"], almost["finished"]) == (499, False)
    ended = play(variant, TWO, [out("Ann", Bob=counted(250)), out("Ann", Bob=counted(250))])
    assert (totals(ended)["Ann"], ended["finished"], ended["winners"]) == (500, True, ["Ann"])
    assert ended["next"] is None


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_the_penalty_game_ends_when_a_total_reaches_100_and_the_lowest_wins(variant):
    options = {"scoring": "penalty"}
    almost = play(variant, TWO, [out("Ann", Bob=counted(99))], options=options)
    assert almost["finished"] is False
    ended = play(variant, TWO, [out("Ann", Bob=counted(60)), out("Bob", Ann=counted(10)),
                                out("Ann", Bob=counted(40))], options=options)
    assert totals(ended) == {"Ann": 10, "Bob": 100}
    assert (ended["finished"], ended["winners"]) == (True, ["Ann"])


def test_a_target_the_table_sets_ends_the_game_there():
    sheet = play("basic", THREE, [out("Cara", Ann=counted(30), Bob=counted(19))], options={"target": 49})
    assert (sheet["finished"], sheet["winners"]) == (True, ["Cara"])


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_with_deals_set_the_game_ends_after_that_many_hands(variant):
    hand = out("Ann", Bob=counted(10), Cara=counted(10))
    two = play(variant, THREE, [hand, hand], options={"deals": 3})
    assert two["finished"] is False and two["next"]["hand"] == 3
    three = play(variant, THREE, [hand, hand, out("Bob", Ann=counted(5), Cara=counted(5))], options={"deals": 3})
    assert (three["finished"], three["winners"], totals(three)["Ann"]) == (True, ["Ann"], 40)


def test_with_deals_set_the_target_still_ends_the_game_if_reached_first():
    sheet = play("basic", TWO, [out("Ann", Bob=counted(60))], options={"deals": 5, "target": 50})
    assert (sheet["finished"], sheet["winners"]) == (True, ["Ann"])
    default_target = play("basic", TWO, [out("Ann", Bob=counted(500))], options={"deals": 5})
    assert default_target["finished"] is True


# -- ties at the end ---------------------------------------------------------------------


def test_a_tie_at_the_end_of_a_deals_game_goes_to_who_led_before_the_last_hand():
    # Bob leads 30 - 0, then Ann catches up to 30 in the last deal: Bob led before.
    sheet = play("basic", TWO, [out("Bob", Ann=counted(30)), out("Ann", Bob=counted(30))], options={"deals": 2})
    assert totals(sheet) == {"Ann": 30, "Bob": 30}
    assert sheet["winners"] == ["Bob"]


def test_a_tie_in_a_game_ended_by_agreement_goes_to_who_led_before_the_last_hand():
    sheet = play("block", TWO, [out("Bob", Ann=counted(30)), out("Ann", Bob=counted(30))], ended=True)
    assert sheet["winners"] == ["Bob"]


def test_in_penalty_scoring_a_tie_goes_to_the_tied_player_lowest_before_the_last_hand():
    # Dan was lowest before the last hand but is not tied: only Ann and Bob are compared.
    sheet = play("basic", ["Ann", "Bob", "Cara", "Dan"], [
        out("Dan", Ann=counted(40), Bob=counted(50), Cara=counted(60)),
        out("Bob", Ann=counted(10), Cara=counted(50), Dan=counted(55)),
    ], options={"scoring": "penalty"})
    assert totals(sheet) == {"Ann": 50, "Bob": 50, "Cara": 110, "Dan": 55}
    assert (sheet["finished"], sheet["winners"]) == (True, ["Ann"])


def test_in_penalty_scoring_the_tie_break_applies_when_the_deals_run_out():
    sheet = play("basic", THREE, [
        out("Ann", Bob=counted(10), Cara=counted(20)),
        out("Cara", Ann=counted(10), Bob=counted(0)),
    ], options={"scoring": "penalty", "deals": 2})
    assert totals(sheet) == {"Ann": 10, "Bob": 10, "Cara": 20}
    assert sheet["winners"] == ["Ann"]


def test_players_still_tied_before_the_last_hand_share_the_win():
    sheet = play("block", ["A", "B", "C"], [
        block(A=counted(0), B=counted(0), C=counted(20)),  # 10 each
        block(A=counted(0), B=counted(0), C=counted(80)),  # 40 each: 50 and 50
    ], options={"target": 50})
    assert totals(sheet) == {"A": 50, "B": 50, "C": 0}
    assert sheet["finished"] is True
    assert set(sheet["winners"]) == {"A", "B"}


def test_in_penalty_scoring_players_still_tied_share_the_win():
    sheet = play("block", TWO, [
        block(Ann=counted(10), Bob=counted(10)),
        block(Ann=counted(5), Bob=counted(5)),
    ], options={"scoring": "penalty", "deals": 2})
    assert set(sheet["winners"]) == {"Ann", "Bob"}


# -- dealing ---------------------------------------------------------------------------


def test_with_two_players_the_winner_of_a_hand_deals_the_next():
    sheet = play("basic", TWO, [
        out("Bob", Ann=counted(5)),
        out("Bob", Ann=counted(5)),
        out("Ann", Bob=counted(5)),
    ])
    assert dealers(sheet) == ["Ann", "Bob", "Bob", "Ann"]


def test_with_two_players_the_deal_alternates_after_a_stalemate():
    sheet = play("basic", TWO, [stalemate(), stalemate(), out("Ann", Bob=counted(1)), stalemate()],
                 first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Ann", "Bob", "Ann", "Bob"]


def test_with_two_players_the_lowest_hand_of_a_block_deals_next_and_a_tied_block_alternates():
    sheet = play("block", TWO, [
        block(Ann=counted(9), Bob=counted(4)),  # Bob wins the block
        block(Ann=counted(4), Bob=counted(4)),  # tied: the deal alternates
    ])
    assert dealers(sheet) == ["Ann", "Bob", "Ann"]
    assert totals(sheet) == {"Ann": 0, "Bob": 5}


def test_in_penalty_scoring_with_two_players_the_one_who_went_out_deals_next():
    sheet = play("basic", TWO, [out("Bob", Ann=counted(30)), out("Ann", Bob=counted(2))],
                 options={"scoring": "penalty"})
    assert dealers(sheet) == ["Ann", "Bob", "Ann"]


@pytest.mark.parametrize("variant", ["basic", "block"])
def test_with_three_or_more_players_the_deal_passes_left_whoever_wins(variant):
    sheet = play(variant, ["Ann", "Bob", "Cara", "Dan"], [
        out("Cara", Ann=counted(1), Bob=counted(1), Dan=counted(1)),
        out("Cara", Ann=counted(1), Bob=counted(1), Dan=counted(1)),
        stalemate(),
        block(Ann=counted(1), Bob=counted(2), Cara=counted(3), Dan=counted(4)),
    ], first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Dan", "Ann", "Bob"]


@pytest.mark.parametrize(("players", "cards_each"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
@pytest.mark.parametrize("variant", ["basic", "block"])
def test_the_deal_is_10_cards_for_two_7_for_three_or_four_and_6_for_five_or_six(variant, players, cards_each):
    names = ["A", "B", "C", "D", "E", "F"][:players]
    sheet = play(variant, names, [stalemate()])
    assert sheet["next"]["cards_each"] == cards_each
    assert sheet["next"]["hand"] == 2
    assert sheet["next"]["contract"] is None


# -- whole games -------------------------------------------------------------------------


def test_a_three_player_basic_game_to_100_played_to_its_end():
    sheet = play("basic", THREE, [
        out("Bob", Ann=holding("KH QH 3C"), Cara=holding("AS 2S")),          # Bob 23 + 3 = 26
        rummy("Cara", Ann=holding("9D"), Bob=holding("JS 4D")),            # (9 + 14) x 2 = 46
        stalemate(),
        out("Ann", Bob=counted(40), Cara=counted(35)),                     # Ann 75
        block(Ann=holding("5C"), Bob=holding("8H 7S"), Cara=holding("2D 2C")),  # Cara 1 + 11 = 12
        out("Cara", Ann=counted(20), Bob=holding("AD")),                   # Cara 21
        out("Bob", Ann=holding("KS QS JS 10S"), Cara=holding("9C 8C")),    # Bob 40 + 17 = 57
        out("Cara", Ann=counted(30), Bob=counted(0)),                      # Cara 30 -> 109
    ], options={"target": 100})
    assert [scores(sheet, n) for n in range(1, 9)] == [
        {"Ann": 0, "Bob": 26, "Cara": 0},
        {"Ann": 0, "Bob": 0, "Cara": 46},
        {"Ann": 0, "Bob": 0, "Cara": 0},
        {"Ann": 75, "Bob": 0, "Cara": 0},
        {"Ann": 0, "Bob": 0, "Cara": 12},
        {"Ann": 0, "Bob": 0, "Cara": 21},
        {"Ann": 0, "Bob": 57, "Cara": 0},
        {"Ann": 0, "Bob": 0, "Cara": 30},
    ]
    assert totals(sheet, 7) == {"Ann": 75, "Bob": 83, "Cara": 79}
    assert totals(sheet) == {"Ann": 75, "Bob": 83, "Cara": 109}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Ann", "Bob", "Cara", "Ann", "Bob"]
    assert (sheet["finished"], sheet["winners"], sheet["next"]) == (True, ["Cara"], None)


def test_a_two_player_penalty_block_game_played_to_its_end():
    sheet = play("block", TWO, [
        out("Ann", Bob=holding("KC QC 5H")),               # Bob 25; Ann deals next
        out("Bob", Ann=counted(12)),                       # Ann 12; Bob deals next
        block(Ann=holding("3H 4S"), Bob=holding("4D 3C")),  # tied 7 and 7: the deal alternates
        rummy("Ann", Bob=counted(30)),                     # doubled: Bob 60
        out("Bob", Ann=holding("AS")),                     # Ann 1
        out("Ann", Bob=holding("2S 3S 4S 5S")),            # Bob 14 -> 106
    ], options={"scoring": "penalty"})
    assert [scores(sheet, n) for n in range(1, 7)] == [
        {"Ann": 0, "Bob": 25},
        {"Ann": 12, "Bob": 0},
        {"Ann": 7, "Bob": 7},
        {"Ann": 0, "Bob": 60},
        {"Ann": 1, "Bob": 0},
        {"Ann": 0, "Bob": 14},
    ]
    assert totals(sheet) == {"Ann": 20, "Bob": 106}
    assert [row["dealer"] for row in sheet["hands"]] == ["Ann", "Ann", "Bob", "Ann", "Ann", "Bob"]
    assert (sheet["finished"], sheet["winners"], sheet["next"]) == (True, ["Ann"], None)


def test_a_finished_basic_game_takes_no_more_hands():
    error = rejected("basic", TWO, [out("Ann", Bob=counted(500)), out("Bob", Ann=counted(5))])
    assert error.hand == 2
