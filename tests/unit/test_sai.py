"""Sai Rummy scoring (SCORING.md section 5 `sai`, and section 6)."""

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


def rummy(player, **inputs):
    return {"out": player, "rummy": True, "hands": inputs}


def stalemate(**inputs):
    return {"out": None, "hands": inputs}


@pytest.mark.parametrize(
    ("card", "value"),
    [("QS", 40), ("Q♠", 40), ("qs", 40), ("QH", 10), ("QD", 10), ("QC", 10),
     ("AS", 15), ("AH", 15), ("KS", 10), ("JD", 10), ("10C", 10), ("TH", 10),
     ("9S", 5), ("5D", 5), ("2H", 5)],
)
def test_the_queen_of_spades_is_40_aces_15_tens_and_faces_10_and_the_rest_5(card, value):
    sheet = play("sai", TWO, [out("Ann", Bob=holding(card))])
    assert scores(sheet, 1) == {"Ann": value + 25, "Bob": -value}


def test_the_player_who_went_out_collects_the_others_hands_plus_25():
    # Bob QS AH 5C = 40 + 15 + 5 = 60; Cara KD 10C 9S = 10 + 10 + 5 = 25.
    sheet = play("sai", THREE, [out("Ann", Bob=holding("QS AH 5C"), Cara=holding("KD 10C 9S"))])
    assert scores(sheet, 1)["Ann"] == 60 + 25 + 25
    assert "25 for going out" in notes(sheet, 1)


def test_each_other_player_loses_their_own_hand_value():
    sheet = play("sai", THREE, [out("Ann", Bob=holding("QS AH 5C"), Cara=counted(25))])
    assert scores(sheet, 1) == {"Ann": 110, "Bob": -60, "Cara": -25}
    assert totals(sheet) == {"Ann": 110, "Bob": -60, "Cara": -25}


def test_going_out_with_nothing_to_collect_still_earns_25():
    sheet = play("sai", THREE, [out("Cara", Ann={}, Bob=counted(0))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0, "Cara": 25}


def test_rummy_doubles_only_what_the_winner_collects_not_the_25_or_the_losses():
    sheet = play("sai", THREE, [rummy("Cara", Ann=holding("AS AD"), Bob=holding("JH QH"))])
    assert scores(sheet, 1) == {"Ann": -30, "Bob": -20, "Cara": (30 + 20) * 2 + 25}
    assert "doubled" in notes(sheet, 1)


def test_a_hand_not_gone_rummy_is_not_doubled():
    sheet = play("sai", TWO, [{"out": "Ann", "rummy": False, "hands": {"Bob": counted(30)}}])
    assert scores(sheet, 1) == {"Ann": 55, "Bob": -30}


def test_the_player_who_went_out_holds_no_cards():
    error = rejected("sai", TWO, [out("Ann", Ann=holding("QS"), Bob=counted(5))])
    assert (error.hand, error.player) == (1, "Ann")


def test_every_other_player_needs_an_input():
    error = rejected("sai", THREE, [out("Ann", Bob=counted(5))])
    assert str(error) == "hand 1: no input for Cara"


# -- stalemate and dealing -------------------------------------------------------------


def test_a_stalemate_scores_nothing_and_the_deal_passes():
    sheet = play("sai", THREE, [stalemate(), stalemate(Ann=counted(40), Bob=holding("QS"))])
    assert scores(sheet, 1) == scores(sheet, 2) == {"Ann": 0, "Bob": 0, "Cara": 0}
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]


def test_rummy_needs_someone_who_went_out():
    error = rejected("sai", TWO, [{"out": None, "rummy": True, "hands": {}}])
    assert error.hand == 1


def test_with_two_players_the_winner_deals_next_and_the_deal_alternates_after_a_stalemate():
    sheet = play("sai", TWO, [
        out("Bob", Ann=counted(5)),
        out("Bob", Ann=counted(5)),
        stalemate(),
        out("Bob", Ann=counted(5)),
    ])
    assert dealers(sheet) == ["Ann", "Bob", "Bob", "Ann", "Bob"]


def test_with_three_or_more_players_the_deal_passes_left():
    sheet = play("sai", ["A", "B", "C", "D"], [
        out("C", A=counted(5), B=counted(5), D=counted(5)),
        out("C", A=counted(5), B=counted(5), D=counted(5)),
    ], first_dealer="D")
    assert dealers(sheet) == ["D", "A", "B"]


@pytest.mark.parametrize(("players", "cards_each"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_sai_is_dealt_as_basic_rummy(players, cards_each):
    assert play("sai", ["A", "B", "C", "D", "E", "F"][:players])["next"]["cards_each"] == cards_each


# -- the end of the game ----------------------------------------------------------------


def test_the_game_ends_when_a_total_reaches_500():
    almost = play("sai", TWO, [out("Ann", Bob=counted(225)), out("Ann", Bob=counted(224))])
    assert (totals(almost)["Ann"], almost["finished"]) == (499, False)
    ended = play("sai", TWO, [out("Ann", Bob=counted(225)), out("Ann", Bob=counted(225))])
    assert (totals(ended)["Ann"], ended["finished"], ended["winners"]) == (500, True, ["Ann"])


def test_a_target_the_table_sets_ends_the_game_there():
    sheet = play("sai", TWO, [out("Bob", Ann=counted(75))], options={"target": 100})
    assert (sheet["finished"], sheet["winners"]) == (True, ["Bob"])


def test_a_tie_at_the_top_goes_to_the_tied_player_who_led_before_the_last_hand():
    # Before the last hand Ann 20, Bob 55; Ann goes out against Bob's 2H:
    # Ann 20 + 5 + 25 = 50, Bob 55 - 5 = 50.
    sheet = play("sai", TWO, [
        out("Bob", Ann=counted(0)),
        out("Ann", Bob=counted(0)),
        out("Bob", Ann=counted(5)),
        out("Ann", Bob=holding("2H")),
    ], ended=True)
    assert totals(sheet, 3) == {"Ann": 20, "Bob": 55}
    assert totals(sheet) == {"Ann": 50, "Bob": 50}
    assert sheet["winners"] == ["Bob"]


def test_players_still_tied_before_the_last_hand_share_the_win():
    sheet = play("sai", THREE, [
        out("Ann", Bob=counted(0), Cara=counted(10)),
        out("Bob", Ann=counted(0), Cara=counted(10)),
        out("Cara", Ann=holding("2H"), Bob=holding("3H")),
    ], ended=True)
    # Ann and Bob 35 each before, 30 each after; Cara -20 + 10 + 25 = 15.
    assert totals(sheet) == {"Ann": 30, "Bob": 30, "Cara": 15}
    assert set(sheet["winners"]) == {"Ann", "Bob"}


GAME_TO_500 = [
    out("Ann", Bob=holding("QS AH 5C"), Cara=holding("KD 10C 9S")),  # 60 + 25 + 25
    rummy("Cara", Ann=holding("AS AD"), Bob=holding("JH QH")),      # (30 + 20) x 2 + 25
    stalemate(),
    out("Bob", Ann=counted(150), Cara=counted(200)),                # 350 + 25
    out("Ann", Bob=counted(100), Cara=counted(300)),                # 400 + 25
    out("Ann", Bob=holding("QS"), Cara=holding("2C 3C 4C")),        # 40 + 15 + 25
    rummy("Ann", Bob=counted(20), Cara=counted(5)),                 # 25 x 2 + 25
]


def test_a_three_player_game_played_to_500():
    sheet = play("sai", THREE, GAME_TO_500)
    assert [scores(sheet, n) for n in range(1, 8)] == [
        {"Ann": 110, "Bob": -60, "Cara": -25},
        {"Ann": -30, "Bob": -20, "Cara": 125},
        {"Ann": 0, "Bob": 0, "Cara": 0},
        {"Ann": -150, "Bob": 375, "Cara": -200},
        {"Ann": 425, "Bob": -100, "Cara": -300},
        {"Ann": 80, "Bob": -40, "Cara": -15},
        {"Ann": 75, "Bob": -20, "Cara": -5},
    ]
    assert totals(sheet, 6) == {"Ann": 435, "Bob": 155, "Cara": -415}
    assert totals(sheet) == {"Ann": 510, "Bob": 135, "Cara": -420}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Ann", "Bob", "Cara", "Ann"]
    assert (sheet["finished"], sheet["winners"], sheet["next"]) == (True, ["Ann"], None)


def test_a_finished_game_takes_no_more_hands():
    error = rejected("sai", THREE, [*GAME_TO_500, out("Bob", Ann=counted(5), Cara=counted(5))])
    assert error.hand == 8
