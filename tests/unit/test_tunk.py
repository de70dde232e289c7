"""Tunk (SCORING.md section 5, `tunk`, and the Knock and Tunk decisions of section 6)."""

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
FOUR = ["Ann", "Bob", "Cara", "Dan"]


# -- players, deal and pack --------------------------------------------------------


@pytest.mark.parametrize("count", [1, 6])
def test_tunk_is_for_two_to_five_players(count):
    error = rejected("tunk", [f"P{k}" for k in range(count)])
    assert error.where == "players"
    assert f"2 to 5 players, got {count}" in error.message


@pytest.mark.parametrize(("count", "decks"), [(2, 1), (3, 1), (4, 2), (5, 2)])
def test_seven_cards_each_from_one_deck_for_two_or_three_and_two_decks_for_four_or_five(count, decks):
    sheet = play("tunk", [f"P{k}" for k in range(count)])
    assert sheet["next"]["cards_each"] == 7
    assert sheet["next"]["decks"] == decks
    assert sheet["next"]["jokers"] == 0


def test_with_three_players_a_card_twice_is_invalid():
    error = rejected("tunk", THREE, [out("Ann", Bob=holding("7H 9C"), Cara=holding("7h"))])
    assert (error.hand, error.player) == (1, "Cara")
    assert "7H appears twice, but this game uses one deck" in error.message


def test_with_four_players_a_card_may_appear_twice_but_not_three_times():
    sheet = play("tunk", FOUR, [out("Ann", Bob=holding("7H"), Cara=holding("7H"), Dan=counted(0))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 7, "Cara": 7, "Dan": 0}
    error = rejected("tunk", FOUR, [out("Ann", Bob=holding("7H"), Cara=holding("7H"), Dan=holding("7H"))])
    assert (error.hand, error.player) == (1, "Dan")
    assert "7H appears 3 times, but this game uses two decks" in error.message


def test_a_joker_is_not_a_tunk_card():
    error = rejected("tunk", THREE, [out("Ann", Bob=holding("JK"), Cara=counted(0))])
    assert (error.hand, error.player) == (1, "Bob")
    assert "uses no jokers" in error.message


def test_nobody_tunking_is_invalid():
    error = rejected("tunk", THREE, [out(None, Ann=counted(1), Bob=counted(2), Cara=counted(3))])
    assert error.hand == 1
    assert "say who went out" in error.message


def test_every_other_active_player_needs_an_input():
    error = rejected("tunk", THREE, [out("Ann", Bob=counted(3))])
    assert error.hand == 1
    assert "no input for Cara" in error.message


# -- the others' scores ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("AS", 1),
        ("KD QC JH", 30),
        ("10S", 10),
        ("2C", 2),
        ("2C 2D 2H", 6),  # deuces are wild in melds but count 2 left in hand
        ("3H 4H 5H", 12),  # a meld still in hand counts: every card counts
        ("AS 9D 5C", 15),
    ],
)
def test_every_card_left_in_a_losers_hand_counts_ace_one_face_ten_deuce_two(cards, value):
    sheet = play("tunk", THREE, [out("Ann", Bob=holding(cards), Cara=counted(0))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": value, "Cara": 0}


def test_the_tunker_scores_zero_and_a_typed_count_is_taken_as_it_is():
    sheet = play("tunk", THREE, [out("Bob", Ann=counted(23), Cara=counted(41))])
    assert scores(sheet, 1) == {"Ann": 23, "Bob": 0, "Cara": 41}
    assert "Bob tunked and scores 0" in notes(sheet, 1)


# -- the tunker's own cards ---------------------------------------------------------------


@pytest.mark.parametrize(
    "tunker_cards",
    [
        "5H 6H 2C 3D AD",  # 2C stands in for 4H or 7H: 3 + 1 = 4 unmatched
        "9S 9H 2D 4C",  # 2D is the third nine: 4 unmatched
        "KS QS 2H 5D",  # 2H stands in for the JS: 5 unmatched
        "3C 4C 5C 6C AH 4D",  # natural run, 1 + 4 = 5 unmatched: exactly the limit
        "2S 3S 4S 5S 6S 7S 8S",  # a natural run with its own deuce: 0
    ],
)
def test_a_tunker_whose_unmatched_cards_total_five_or_less_may_tunk_deuces_wild(tunker_cards):
    sheet = play("tunk", THREE, [out("Ann", Ann=holding(tunker_cards), Bob=counted(10), Cara=counted(20))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 10, "Cara": 20}


@pytest.mark.parametrize(
    ("tunker_cards", "unmatched"),
    [
        ("5H 6H 2C 9D", 9),  # the deuce completes 5H 6H, the 9D is left
        ("3C 4C 5C 6C AH 5D", 6),  # one over the limit
        ("2C 9H 9S 8D", 8),  # the deuce makes the nines a group, the 8D is left
        ("KH QD JS", 30),  # no meld at all
    ],
)
def test_a_tunker_over_five_unmatched_is_invalid_and_the_error_names_the_tunker(tunker_cards, unmatched):
    error = rejected("tunk", THREE, [out("Ann", Ann=holding(tunker_cards), Bob=counted(10), Cara=counted(20))])
    assert (error.hand, error.player) == (1, "Ann")
    assert f"cannot tunk with {unmatched}" in error.message


def test_a_tunkers_deuce_is_not_wild_when_it_cannot_fill_and_counts_two():
    # 2C alone with 7D: the deuce needs a second natural card to make a meld: 2 + 7 = 9.
    error = rejected("tunk", THREE, [out("Ann", Ann=holding("2C 7D"), Bob=counted(1), Cara=counted(1))])
    assert (error.player, "cannot tunk with 9" in error.message) == ("Ann", True)


@pytest.mark.parametrize(("count", "accepted"), [(5, True), (6, False)])
def test_a_tunkers_typed_count_must_be_five_or_less(count, accepted):
    hands = [out("Ann", Ann=counted(count), Bob=counted(10), Cara=counted(20))]
    if accepted:
        assert scores(play("tunk", THREE, hands), 1) == {"Ann": 0, "Bob": 10, "Cara": 20}
    else:
        error = rejected("tunk", THREE, hands)
        assert (error.hand, error.player) == (1, "Ann")
        assert "cannot tunk with 6 unmatched (the limit is 5)" in error.message


def test_the_tunkers_own_input_is_optional():
    sheet = play("tunk", THREE, [out("Ann", Bob=holding("KD"), Cara=holding("AS 2S"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 10, "Cara": 3}


# -- tunker_double -------------------------------------------------------------------------


def test_with_tunker_double_the_tunkers_count_must_be_entered():
    error = rejected("tunk", THREE, [out("Ann", Bob=counted(10), Cara=counted(20))],
                     options={"tunker_double": True})
    assert (error.hand, error.player) == (1, "Ann")
    assert "tunker_double" in error.message


@pytest.mark.parametrize(
    ("tunker", "bob", "cara", "charged"),
    [
        (counted(4), counted(3), counted(20), 8),  # Bob 3 is lower: double 4
        (counted(5), counted(9), counted(1), 10),  # Cara 1 is lower: double 5
        (counted(3), counted(3), counted(20), 0),  # tied for lowest counts as lowest
        (counted(2), counted(3), counted(20), 0),  # the lowest: not charged
        (counted(0), counted(0), counted(0), 0),  # everyone tied at 0
        (holding("5H 6H 2C 3D"), counted(2), counted(20), 6),  # 3 unmatched from cards, Bob 2
    ],
)
def test_tunker_double_charges_a_tunker_who_is_not_lowest_double_their_count(tunker, bob, cara, charged):
    sheet = play("tunk", THREE, [out("Ann", Ann=tunker, Bob=bob, Cara=cara)], options={"tunker_double": True})
    assert scores(sheet, 1) == {"Ann": charged, "Bob": bob.get("count"), "Cara": cara.get("count")}
    if charged:
        assert f"charged double, {charged}" in notes(sheet, 1)


def test_tunker_double_compares_with_the_others_all_cards_values_not_their_deadwood():
    # Bob's 3H 4H 5H is a meld (deadwood 0) but every card counts: 12 > Ann's 4.
    sheet = play("tunk", THREE, [out("Ann", Ann=counted(4), Bob=holding("3H 4H 5H"), Cara=counted(20))],
                 options={"tunker_double": True})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 12, "Cara": 20}


def test_without_tunker_double_a_tunker_above_the_others_is_not_charged():
    sheet = play("tunk", THREE, [out("Ann", Ann=counted(5), Bob=counted(1), Cara=counted(2))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 1, "Cara": 2}


# -- elimination ------------------------------------------------------------------------------


def test_a_player_reaching_one_hundred_is_eliminated_by_default():
    sheet = play("tunk", THREE, [out("Ann", Bob=counted(99), Cara=counted(100))])
    assert sheet["options"]["eliminate_at"] == 100
    assert sheet["eliminated"] == {"Cara": 1}
    assert "Cara reached 100 (limit 100) and is out of the game." in notes(sheet, 1)
    assert sheet["finished"] is False


def test_a_custom_eliminate_at_sets_the_limit():
    sheet = play("tunk", THREE, [out("Ann", Bob=counted(49), Cara=counted(30)),
                                 out("Bob", Ann=counted(10), Cara=counted(20))],
                 options={"eliminate_at": 50})
    assert sheet["eliminated"] == {"Cara": 2}
    assert totals(sheet) == {"Ann": 10, "Bob": 49, "Cara": 50}


def test_an_eliminated_players_input_is_invalid():
    hands = [out("Ann", Bob=counted(10), Cara=counted(100)),
             out("Bob", Ann=counted(5), Cara=counted(3))]
    error = rejected("tunk", THREE, hands)
    assert (error.hand, error.player) == (2, "Cara")
    assert "out of the game since hand 1" in error.message


def test_an_eliminated_player_cannot_tunk():
    hands = [out("Ann", Bob=counted(10), Cara=counted(100)), out("Cara", Ann=counted(5), Bob=counted(3))]
    error = rejected("tunk", THREE, hands)
    assert (error.hand, error.player) == (2, "Cara")


def test_an_eliminated_player_is_skipped_when_dealing():
    # Ann deals hand 1, in which Bob (next to deal) is eliminated: Cara deals hand 2,
    # then Dan, then Ann, then Cara again (Bob skipped each time round).
    hands = [
        out("Ann", Bob=counted(100), Cara=counted(1), Dan=counted(1)),
        out("Ann", Cara=counted(1), Dan=counted(1)),
        out("Ann", Cara=counted(1), Dan=counted(1)),
        out("Ann", Cara=counted(1), Dan=counted(1)),
    ]
    sheet = play("tunk", FOUR, hands[:1])
    assert sheet["next"]["dealer"] == "Cara"
    sheet = play("tunk", FOUR, hands)
    assert dealers(sheet) == ["Ann", "Cara", "Dan", "Ann", "Cara"]


def test_the_last_player_left_wins():
    hands = [
        out("Ann", Bob=counted(60), Cara=counted(40)),
        out("Bob", Ann=counted(30), Cara=counted(70)),
        out("Ann", Bob=counted(45)),
    ]
    sheet = play("tunk", THREE, hands)
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["eliminated"] == {"Cara": 2, "Bob": 3}
    assert totals(sheet) == {"Ann": 30, "Bob": 105, "Cara": 110}
    assert sheet["next"] is None


def test_the_last_players_crossing_together_leave_the_lowest_as_winner_not_eliminated():
    # tunker_double: Ann 95 tunks with 5 but Bob's 4 is lower: Ann 95 + 10 = 105,
    # Bob 96 + 4 = 100.  Both cross together; Bob, lower, wins and is not eliminated.
    hands = [
        out("Ann", Ann=counted(0), Bob=counted(96), Cara=counted(100)),
        out("Bob", Ann=counted(95), Bob=counted(0)),
        out("Ann", Ann=counted(5), Bob=holding("AH 3C")),
    ]
    sheet = play("tunk", THREE, hands, options={"tunker_double": True})
    assert totals(sheet) == {"Ann": 105, "Bob": 100, "Cara": 100}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Bob"]
    assert sheet["eliminated"] == {"Cara": 1, "Ann": 3}


def test_the_last_players_crossing_together_tied_share_the_win():
    # Ann 90 tunks with 5, Bob has 4: Ann 90 + 10 = 100, Bob 96 + 4 = 100.
    hands = [
        out("Ann", Ann=counted(0), Bob=counted(96)),
        out("Bob", Ann=counted(90), Bob=counted(0)),
        out("Ann", Ann=counted(5), Bob=counted(4)),
    ]
    sheet = play("tunk", ["Ann", "Bob"], hands, options={"tunker_double": True})
    assert totals(sheet) == {"Ann": 100, "Bob": 100}
    assert sheet["finished"] is True
    assert sorted(sheet["winners"]) == ["Ann", "Bob"]
    assert sheet["eliminated"] == {}


def test_after_eliminations_the_deck_count_stays_that_of_the_starting_players():
    hands = [
        out("Ann", Bob=counted(100), Cara=counted(100), Dan=counted(1)),
        out("Ann", Dan=holding("7H 7H")),  # two decks for four starting players
    ]
    sheet = play("tunk", FOUR, hands)
    assert scores(sheet, 2) == {"Ann": 0, "Bob": 0, "Cara": 0, "Dan": 14}
    assert sheet["next"]["decks"] == 2


def test_after_eliminations_three_starting_players_still_use_one_deck():
    hands = [
        out("Ann", Bob=counted(100), Cara=counted(1)),
        out("Ann", Cara=holding("7H 7H")),
    ]
    error = rejected("tunk", THREE, hands)
    assert (error.hand, error.player) == (2, "Cara")
    assert "one deck" in error.message


def test_ended_by_agreement_the_lowest_total_still_in_wins():
    hands = [out("Ann", Bob=counted(30), Cara=counted(20))]
    sheet = play("tunk", THREE, hands, ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]


def test_ended_by_agreement_ties_for_lowest_share():
    hands = [out("Ann", Bob=counted(30), Cara=counted(20)), out("Cara", Ann=counted(20), Bob=counted(5))]
    sheet = play("tunk", THREE, hands, ended=True)
    assert totals(sheet) == {"Ann": 20, "Bob": 35, "Cara": 20}
    assert sorted(sheet["winners"]) == ["Ann", "Cara"]


def test_the_deal_passes_left():
    hands = [out("Ann", Bob=counted(1), Cara=counted(1))] * 3
    sheet = play("tunk", THREE, hands, first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Ann", "Bob"]


def test_a_tunker_charged_double_is_not_said_to_score_zero():
    # Regression: the first note said "Ann tunked and scores 0" next to "charged double, 8".
    sheet = play("tunk", THREE, [out("Ann", Ann=counted(4), Bob=counted(3), Cara=counted(20))],
                 options={"tunker_double": True})
    assert "scores 0" not in notes(sheet, 1)
    assert "Ann tunked; every card left counts against the others: Bob 3, Cara 20." in notes(sheet, 1)
    assert "Ann tunked with 4, not the lowest (3): charged double, 8." in notes(sheet, 1)
