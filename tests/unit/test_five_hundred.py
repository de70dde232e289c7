"""500 Rummy, also called Michigan Rummy (SCORING.md section 5 `500`, and section 6)."""

from __future__ import annotations

import pytest
from helpers import dealers, out, play, rejected, scores, totals

ABC = ["A", "B", "C"]


def meld(melded=None, left=None, low_aces=None):
    """One player's 500 input; only the fields given are written."""
    given = {"melded": melded, "left": left, "low_aces": low_aces}
    return {key: value for key, value in given.items() if value is not None}


# -- values ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value"),
    [("AS", 15), ("AH AD AC", 45), ("2C", 2), ("9D", 9), ("10H", 10), ("TH", 10),
     ("JS", 10), ("QS", 10), ("KD", 10), ("7H 8H 9H", 24)],
)
def test_an_ace_is_15_faces_10_and_the_rest_their_pips(cards, value):
    sheet = play("500", ["A", "B"], [out("A", A=meld(melded=cards), B=meld()), out("B", A=meld(left=cards), B=meld())])
    assert scores(sheet, 1) == {"A": value, "B": 0}
    assert scores(sheet, 2) == {"A": -value, "B": 0}


def test_a_player_scores_what_they_melded_minus_what_they_still_hold():
    # A melded KH KD KS = 30 and still holds 5C AH = 20: 30 - 20 = 10.
    sheet = play("500", ["A", "B"], [out("B", A=meld("KH KD KS", "5C AH"), B=meld("7S 8S 9S 10S"))])
    assert scores(sheet, 1) == {"A": 10, "B": 34}


def test_cards_and_typed_values_mix_freely():
    sheet = play("500", ABC, [out("A", A=meld(120), B=meld("QS QH QD", 7), C=meld(0, "AS 2C"))])
    assert scores(sheet, 1) == {"A": 120, "B": 23, "C": -17}


def test_a_score_may_be_negative_and_so_may_a_total():
    sheet = play("500", ["A", "B"], [
        out("A", A=meld(40), B=meld(0, 30)),
        out("A", A=meld(15), B=meld(10, 25)),
    ])
    assert scores(sheet, 1) == {"A": 40, "B": -30}
    assert totals(sheet) == {"A": 55, "B": -45}


# -- low aces ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("melded", "low_aces", "value"),
    [
        ("AS 2S 3S", 1, 1 + 2 + 3),
        ("AS 2S 3S", 0, 15 + 2 + 3),
        ("AS 2S 3S", None, 15 + 2 + 3),
        ("AS 2S 3S AH 2H 3H", 2, 12),
        ("AS 2S 3S AH 2H 3H", 1, 6 + 20),
        ("AS 2S 3S QD KD AD", 1, 6 + 35),
    ],
)
def test_aces_melded_low_count_1(melded, low_aces, value):
    sheet = play("500", ["A", "B"], [out("A", A=meld(melded, low_aces=low_aces), B=meld())])
    assert scores(sheet, 1)["A"] == value


def test_low_aces_is_ignored_when_melded_is_a_number():
    sheet = play("500", ["A", "B"], [out("A", A=meld(50, low_aces=1), B=meld(20, low_aces=3))])
    assert scores(sheet, 1) == {"A": 50, "B": 20}


def test_an_ace_left_in_hand_always_counts_15():
    sheet = play("500", ["A", "B"], [out("A", A=meld("AS 2S 3S", low_aces=1), B=meld("4S 5S 6S", "AH"))])
    assert scores(sheet, 1) == {"A": 6, "B": 15 - 15}


@pytest.mark.parametrize(("melded", "low_aces"), [("AS 2S 3S", 2), ("4S 5S 6S", 1), (None, 1)])
def test_low_aces_more_than_the_aces_melded_is_invalid(melded, low_aces):
    error = rejected("500", ["A", "B"], [out("A", A=meld(30), B=meld(melded, 5, low_aces=low_aces))])
    assert (error.hand, error.player) == (1, "B")
    assert "low_aces" in error.message


@pytest.mark.parametrize("low_aces", [-1, 1.5, True, "1"])
def test_low_aces_must_be_a_whole_number(low_aces):
    error = rejected("500", ["A", "B"], [out("A", A=meld("AS 2S 3S", low_aces=low_aces), B=meld())])
    assert (error.hand, error.player) == (1, "A")
    assert "low_aces" in error.message


# -- inputs ----------------------------------------------------------------------------------


def test_a_missing_melded_or_left_is_empty():
    sheet = play("500", ABC, [out("A", A=meld(melded="KS KH KD"), B=meld(left="9C"), C={})])
    assert scores(sheet, 1) == {"A": 30, "B": -9, "C": 0}


@pytest.mark.parametrize("given", [{"count": 5}, {"cards": "5H"}, {"melded": 10, "count": 3}])
def test_500_takes_no_count_or_cards_input(given):
    error = rejected("500", ["A", "B"], [out("A", A=meld(10), B=given)])
    assert (error.hand, error.player) == (1, "B")
    assert "is not an input here" in error.message


@pytest.mark.parametrize("value", [-5, 2.5, True])
def test_a_typed_melded_or_left_is_a_whole_number_of_zero_or_more(value):
    error = rejected("500", ["A", "B"], [out("A", A=meld(10), B=meld(value))])
    assert (error.hand, error.player) == (1, "B")
    assert "melded" in error.message


def test_a_card_in_melded_or_left_that_is_not_a_card_is_invalid():
    error = rejected("500", ["A", "B"], [out("A", A=meld("KS KH KD"), B=meld(left="5H 1C"))])
    assert (error.hand, error.player) == (1, "B")
    assert '"1C" is not a card' in error.message


@pytest.mark.parametrize("left", ["5H", 5])
def test_the_player_who_went_out_has_nothing_left(left):
    error = rejected("500", ["A", "B"], [out("A", A=meld("KS KH KD", left), B=meld(10))])
    assert (error.hand, error.player) == (1, "A")
    assert "went out" in error.message


@pytest.mark.parametrize("left", ["", 0, None])
def test_the_player_who_went_out_may_give_left_as_empty_or_0(left):
    sheet = play("500", ["A", "B"], [out("A", A=meld("KS KH KD", left), B=meld(10))])
    assert scores(sheet, 1) == {"A": 30, "B": 10}


def test_every_player_the_one_who_went_out_too_gives_an_input():
    missing_out = rejected("500", ABC, [out("A", B=meld(10), C=meld(10))])
    assert str(missing_out) == "hand 1: no input for A"
    missing_other = rejected("500", ABC, [out("A", A=meld(10), C=meld(10))])
    assert str(missing_other) == "hand 1: no input for B"


def test_nobody_going_out_is_accepted_and_still_scores_melded_minus_left():
    sheet = play("500", ABC, [out(None, A=meld(60, 12), B=meld("AS AD AC"), C=meld(0, "KS"))])
    assert scores(sheet, 1) == {"A": 48, "B": 45, "C": -10}
    assert sheet["hands"][0]["out"] is None
    assert dealers(sheet) == ["A", "B"]


def test_nobody_going_out_may_give_no_hands_and_then_nobody_scores():
    sheet = play("500", ABC, [out("A", A=meld(30), B=meld(20), C=meld(10)), {"out": None, "hands": {}}])
    assert scores(sheet, 2) == {"A": 0, "B": 0, "C": 0}
    assert totals(sheet) == {"A": 30, "B": 20, "C": 10}
    assert dealers(sheet) == ["A", "B", "C"]


# -- the pack --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_up_to_four_players_use_one_deck(players):
    names = ["A", "B", "C", "D"][:players]
    inputs = {p: meld() for p in names}
    inputs["A"] = meld("7H 8H 9H")
    inputs[names[-1]] = meld(left="7H")
    error = rejected("500", names, [out("A", **inputs)])
    assert (error.hand, error.player) == (1, names[-1])
    assert "7H appears twice, but this game uses one deck" in error.message


def test_a_card_melded_and_held_by_the_same_player_is_a_duplicate_with_one_deck():
    error = rejected("500", ["A", "B"], [out("A", A=meld("7H 8H 9H"), B=meld("JC QC KC", "kc"))])
    assert (error.hand, error.player) == (1, "B")
    assert "KC appears twice" in error.message


@pytest.mark.parametrize("players", [5, 8])
def test_five_or_more_players_use_two_decks(players):
    names = ["A", "B", "C", "D", "E", "F", "G", "H"][:players]
    inputs = {p: meld() for p in names}
    inputs["A"] = meld("7H 8H 9H")
    inputs["B"] = meld("7S 7D 7H")
    sheet = play("500", names, [out("A", **inputs)])
    assert scores(sheet, 1)["B"] == 21
    inputs["C"] = meld(left="7H")
    error = rejected("500", names, [out("A", **inputs)])
    assert (error.hand, error.player) == (1, "C")
    assert "7H appears 3 times, but this game uses two decks" in error.message


@pytest.mark.parametrize("players", [2, 5, 8])
def test_500_deals_7_cards_each_and_passes_the_deal_left(players):
    names = ["A", "B", "C", "D", "E", "F", "G", "H"][:players]
    hand = out("B", **{p: meld() for p in names})
    sheet = play("500", names, [hand, hand])
    assert sheet["next"]["cards_each"] == 7
    assert dealers(sheet) == ["A", "B", names[2 % players]]


def test_a_joker_is_not_a_card_in_500():
    error = rejected("500", ["A", "B"], [out("A", A=meld("JK 5S 6S"), B=meld())])
    assert (error.hand, error.player) == (1, "A")
    assert '"JK" is not a card' in error.message


# -- the end of the game ----------------------------------------------------------------------


def test_the_game_ends_when_a_total_reaches_500_and_the_highest_wins():
    almost = play("500", ["A", "B"], [out("A", A=meld(499), B=meld(100))])
    assert almost["finished"] is False
    ended = play("500", ["A", "B"], [out("A", A=meld(300), B=meld(100)), out("B", A=meld(200, 10), B=meld(450))])
    assert totals(ended) == {"A": 490, "B": 550}
    assert (ended["finished"], ended["winners"], ended["next"]) == (True, ["B"], None)


def test_a_target_the_table_sets_ends_the_game_there():
    sheet = play("500", ["A", "B"], [out("A", A=meld(120), B=meld(40))], options={"target": 100})
    assert (sheet["finished"], sheet["winners"]) == (True, ["A"])


def test_a_tie_over_the_target_goes_to_the_tied_player_who_led_before_the_last_hand():
    # C led before the last hand but is not tied at the top: only A and B are compared.
    sheet = play("500", ABC, [
        out("C", A=meld(470), B=meld(460), C=meld(495)),
        out("A", A=meld(40), B=meld(50), C=meld(0, 50)),
    ])
    assert totals(sheet) == {"A": 510, "B": 510, "C": 445}
    assert (sheet["finished"], sheet["winners"]) == (True, ["A"])


def test_players_still_tied_before_the_last_hand_share_the_win():
    sheet = play("500", ABC, [
        out("A", A=meld(480), B=meld(480), C=meld(10)),
        out("B", A=meld(30), B=meld(30), C=meld(10)),
    ])
    assert totals(sheet) == {"A": 510, "B": 510, "C": 20}
    assert set(sheet["winners"]) == {"A", "B"}


def test_a_game_ended_by_agreement_is_won_by_the_highest_total():
    sheet = play("500", ABC, [out("A", A=meld(80), B=meld(90), C=meld(0, 40))], ended=True)
    assert (sheet["finished"], sheet["winners"]) == (True, ["B"])


GAME_TO_500 = [
    # A: AS 2S 3S low (6) + KH KD KC (30) = 36; B: 24 - 14 = 10; C: 0 - 20.
    out("A", A=meld("AS 2S 3S KH KD KC", low_aces=1), B=meld("7H 8H 9H", "QS 4D"), C=meld(left="AH 5C")),
    out(None, A=meld(100, 20), B=meld(150), C=meld(60, 5)),
    out("C", A=meld(200, 10), B=meld(100, 30), C=meld(250)),
    out("B", A=meld(150, 0), B=meld(280), C=meld(100, 50)),
]


def test_a_three_player_game_played_to_500():
    sheet = play("500", ABC, GAME_TO_500)
    assert [scores(sheet, n) for n in range(1, 5)] == [
        {"A": 36, "B": 10, "C": -20},
        {"A": 80, "B": 150, "C": 55},
        {"A": 190, "B": 70, "C": 250},
        {"A": 150, "B": 280, "C": 50},
    ]
    assert totals(sheet, 3) == {"A": 306, "B": 230, "C": 285}
    assert totals(sheet) == {"A": 456, "B": 510, "C": 335}
    assert [row["dealer"] for row in sheet["hands"]] == ["A", "B", "C", "A"]
    assert (sheet["finished"], sheet["winners"], sheet["next"]) == (True, ["B"], None)


def test_a_finished_game_takes_no_more_hands():
    error = rejected("500", ABC, [*GAME_TO_500, out("A", A=meld(10), B=meld(10), C=meld(10))])
    assert error.hand == 5
