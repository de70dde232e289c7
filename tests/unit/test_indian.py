"""13-card Indian Rummy, points (SCORING.md section 5, `indian`, and section 6).

Hands come from the seed (002) where they fit: its example A
(A-4H, 5-7S, 9s, Qs) and example B (3-6H, JC 7H QC with sevens wild, Qs, 9s).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    counted,
    dealers,
    holding,
    notes,
    play,
    rejected,
    scores,
    totals,
)

TWO = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]

SEED_EXAMPLE_A = "AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD QC"
SEED_EXAMPLE_B = "3H 4H 5H 6H JC 7H QC QS QD QC 9S 9H 9C"  # sevens wild; two decks (QC twice)


def declared(declarer: str | None, wild: str | None = None, **inputs: Any) -> dict[str, Any]:
    return {"out": declarer, "wild": wild, "hands": inputs}


def points_of(cards: str, wild: str | None = None, **options) -> int:
    """What Bob scores holding `cards` when Ann declares (Cara counts 0)."""
    sheet = play("indian", THREE, [declared("Ann", wild, Bob=holding(cards), Cara=counted(0))],
                 options=options)
    return scores(sheet, 1)["Bob"]


# -- players, deal, pack ----------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_indian_is_for_two_to_six_players(count):
    error = rejected("indian", [f"P{k}" for k in range(count)])
    assert error.where == "players"
    assert f"2 to 6 players, got {count}" in error.message


@pytest.mark.parametrize(("count", "decks", "jokers"), [(2, 1, 1), (3, 2, 2), (6, 2, 2)])
def test_one_deck_and_a_joker_for_two_players_two_decks_and_two_jokers_for_more(count, decks, jokers):
    sheet = play("indian", [f"P{k}" for k in range(count)])
    assert (sheet["next"]["cards_each"], sheet["next"]["decks"], sheet["next"]["jokers"]) == (13, decks, jokers)


def test_with_two_players_a_second_joker_is_invalid():
    hands = [declared("Ann", Ann=holding("AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD JK"),
                      Bob=holding("JK 2S 3S 4S 5D 6D 7D 8C 9C 10C KH KD KC"))]
    error = rejected("indian", TWO, hands)
    assert (error.hand, error.player) == (1, "Bob")
    assert "JK appears twice, but this pack has one joker" in error.message


def test_with_two_players_a_card_twice_is_invalid():
    hands = [declared("Ann", Ann=holding(SEED_EXAMPLE_A),
                      Bob=holding("AH 2S 3S 4S 5D 6D 7D 8C 9C 10C KH KD KC"))]
    error = rejected("indian", TWO, hands)
    assert (error.hand, error.player) == (1, "Bob")
    assert "AH appears twice, but this game uses one deck" in error.message


def test_with_three_players_two_jokers_and_two_copies_are_valid_but_not_three():
    ok = [declared("Ann", Bob=holding("JK JK QC QC 2S 3S 4S 5D 6D 7D 8H 9H KH"), Cara=counted(0))]
    # 2S-4S and 5D-7D pure; a joker makes 8H 9H a run (-17, better than QC JK JK, -10):
    # left QC QC KH = 30 (QC QC is no set: same suit).
    assert scores(play("indian", THREE, ok), 1)["Bob"] == 30
    error = rejected("indian", THREE, [declared(
        "Ann", Bob=holding("JK JK QC QC 2S 3S 4S 5D 6D 7D 8H 9H KH"), Cara=holding(
            "QC AS 2D 3D 4D 5C 6C 7C 8S 9S 10S KS KD"))])
    assert (error.hand, error.player) == (1, "Cara")
    assert "QC appears 3 times" in error.message


@pytest.mark.parametrize("cards", [
    "AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD",  # 12
    "AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD QC KC",  # 14
])
def test_a_hand_is_exactly_thirteen_cards(cards):
    error = rejected("indian", THREE, [declared("Ann", Bob=holding(cards), Cara=counted(0))])
    assert (error.hand, error.player) == (1, "Bob")
    assert f"{len(cards.split())} cards given" in error.message
    assert "exactly 13" in error.message


def test_the_declarers_cards_are_exactly_thirteen_too():
    error = rejected("indian", THREE, [declared("Ann", Ann=holding("AH 2H 3H 5S 6S 7S 9D 9S 9C QS QD QC"),
                                                Bob=counted(5), Cara=counted(0))])
    assert (error.hand, error.player) == (1, "Ann")
    assert "12 cards given" in error.message


def test_nobody_declaring_is_invalid():
    error = rejected("indian", THREE, [declared(None, Ann=counted(1), Bob=counted(2), Cara=counted(3))])
    assert error.hand == 1
    assert "say who went out" in error.message


# -- the wild rank -------------------------------------------------------------------------


@pytest.mark.parametrize(("wild", "shown"), [("7", "7"), ("10", "10"), ("T", "10"), ("q", "Q"), ("A", "A"), ("k", "K")])
def test_the_wild_rank_is_written_as_a_card_rank(wild, shown):
    sheet = play("indian", THREE, [declared("Ann", wild, Bob=counted(5), Cara=counted(7))])
    assert f"Wild rank: {shown}." in notes(sheet, 1)


@pytest.mark.parametrize("wild", ["11", "X", "1", "0", "JK", "7H", "Z"])
def test_anything_but_a_card_rank_is_an_invalid_wild(wild):
    error = rejected("indian", THREE, [declared("Ann", wild, Bob=counted(5), Cara=counted(7))])
    assert error.hand == 1
    assert "is not a rank" in error.message


# 2S 3S 4S 5D 6D 9C 9H KC QH 8H AC 4C 7C: every card 2+3+4+5+6+9+9+10+10+8+10+4+7 = 87.
# No wild: one sequence only (2-4S), so every card counts: 87.
# Sevens wild: 7C counts 0 (all cards 80) and, as KC's missing QC, makes QC-KC-AC:
#   left 5D 6D 9C 9H QH 8H 4C = 51 (better than 8H 9H 7C, 54, or 5D 6D 7C, 60).
# Queens wild: QH counts 0 (77) and makes Q-K-A of clubs as the QC:
#   left 5D 6D 9C 9H 8H 4C 7C = 48.
WILD_HAND = "2S 3S 4S 5D 6D 9C 9H KC QH 8H AC 4C 7C"


@pytest.mark.parametrize(("wild", "expected"), [(None, 87), ("10", 87), ("T", 87), ("7", 51), ("q", 48), ("Q", 48)])
def test_the_wild_rank_makes_its_cards_jokers_worth_zero(wild, expected):
    assert points_of(WILD_HAND, wild, max_points=200) == expected


# -- the declaration -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "wild"),
    [
        (SEED_EXAMPLE_A, None),
        (SEED_EXAMPLE_B, "7"),
        ("JH QH KH AH 5S 6S 7S 9D 9S 9C 2C 3C 4C", None),  # the ace high in J-Q-K-A
        ("AH 2H 3H 4H 5S 6S 7S 9D 9S 9C KD JK JK", None),  # KD JK JK: one natural card
        ("AH 2H 3H 4H 5S 6S JK 9D 9S 9C QS QD JK", None),  # the second sequence impure, a set with a joker
    ],
)
def test_a_valid_declaration_is_accepted_and_scores_zero(cards, wild):
    sheet = play("indian", THREE, [declared("Ann", wild, Ann=holding(cards), Bob=counted(12), Cara=counted(30))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 12, "Cara": 30}


@pytest.mark.parametrize(
    "cards",
    [
        "AH 2H 3H 4H 9D 9S 9C QS QD QC 5S 5H 5D",  # only one sequence
        "AH JK 3H 4H 5S 6S JK 9D 9S 9C QS QD QC",  # two sequences, neither pure
        "AH 2H 3H 4H 5S 6S 7S 9D 9D 9C QS QD QC",  # 9D 9D 9C: a set's suits must differ
        "KH AH 2H 5S 6S 7S 8S 9D 9S 9C 3C 4C 5C",  # K-A-2 does not turn the corner
        "AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD 8C",  # one card left out of the melds
    ],
)
def test_an_invalid_declaration_is_rejected_and_says_to_record_a_wrong_show(cards):
    error = rejected("indian", THREE, [declared("Ann", Ann=holding(cards), Bob=counted(12), Cara=counted(30))])
    assert (error.hand, error.player) == (1, "Ann")
    assert "not a valid declaration" in error.message
    assert "wrong show" in error.message


@pytest.mark.parametrize("declarer_input", [{"drop": "first"}, {"drop": "middle"}, {"wrong_show": True}])
def test_the_declarer_cannot_drop_or_make_a_wrong_show(declarer_input):
    error = rejected("indian", THREE, [declared("Ann", Ann=declarer_input, Bob=counted(12), Cara=counted(30))])
    assert (error.hand, error.player) == (1, "Ann")
    assert "declared" in error.message


def test_the_declarer_cannot_have_a_count():
    error = rejected("indian", THREE, [declared("Ann", Ann=counted(3), Bob=counted(12), Cara=counted(30))])
    assert (error.hand, error.player) == (1, "Ann")
    assert "counts 0" in error.message


def test_the_declarers_cards_may_be_left_out():
    sheet = play("indian", THREE, [declared("Ann", Bob=counted(12), Cara=counted(30))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 12, "Cara": 30}


# -- drops and the wrong show ------------------------------------------------------------------


def test_first_drop_twenty_middle_drop_forty_wrong_show_eighty():
    sheet = play("indian", FOUR, [declared(
        "Dan", Dan=holding(SEED_EXAMPLE_A), Ann={"drop": "first"}, Bob={"drop": "middle"}, Cara={"wrong_show": True},
    )])
    assert scores(sheet, 1) == {"Ann": 20, "Bob": 40, "Cara": 80, "Dan": 0}
    assert "first drop 20" in notes(sheet, 1)
    assert "wrong show 80" in notes(sheet, 1)


def test_a_table_may_change_the_drop_and_wrong_show_points_and_they_are_never_capped():
    sheet = play("indian", FOUR, [declared(
        "Dan", Ann={"drop": "first"}, Bob={"drop": "middle"}, Cara={"wrong_show": True},
    )], options={"first_drop": 25, "middle_drop": 90, "wrong_show": 120, "max_points": 60})
    assert scores(sheet, 1) == {"Ann": 25, "Bob": 90, "Cara": 120, "Dan": 0}


def test_a_drop_other_than_first_or_middle_is_invalid():
    error = rejected("indian", THREE, [declared("Ann", Bob={"drop": "late"}, Cara=counted(0))])
    assert (error.hand, error.player) == (1, "Bob")
    assert 'drop must be "first" or "middle"' in error.message


# -- a loser's points -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # One sequence only (2-4S): every card counts, 9 + 13 + 22 + 29 = 73.
        ("2S 3S 4S 2H 3H 8H 7D AD 5D 9C 6C 4C AC", 73),
        # 2-4S and 4-7D: left 9C 3H 3C 8H KC QH = 43 (all cards 74).
        ("2S 3S 4S 5D 6D 7D 4D 9C 3H 3C 8H KC QH", 43),
        # Two sequences, then the set of nines counts too: KC QH 8H AC = 38 (all cards 92).
        ("2S 3S 4S 5D 6D 7D 9C 9H 9S KC QH 8H AC", 38),
        # Two sequences but none pure (no three natural cards in a row): every card, 76.
        ("2S 3S JK 5D 6D JK 9C 9H KC QH 8H AC 4C", 76),
        # 2-4S pure; the joker best makes Q-K-A of clubs: left 5D 6D 9C 9H QH 8H 4C = 51 (all 80).
        ("2S 3S 4S 5D 6D JK 9C 9H KC QH 8H AC 4C", 51),
        # Q-K-A of hearts is a sequence: left 9D 9C 2C 3D 8H 4D JS = 45 (all cards 93).
        ("QH KH AH 5S 6S 7S 9D 9C 2C 3D 8H 4D JS", 45),
        # The seed's example A with 9D twice: 9D 9D 9C is no set, the nines count: 27.
        ("AH 2H 3H 4H 5S 6S 7S 9D 9D 9C QS QD QC", 27),
        # K-A-2 is no sequence: KH AH 2H left = 22.
        ("KH AH 2H 5S 6S 7S 8S 9D 9S 9C 3C 4C 5C", 22),
        # A meld needs one natural card only: KD JK JK (or JS JK JK) takes 10 off 41: 31.
        ("AH 2H 3H 5S 6S 7S KD JK JK 9H 4C 8D JS", 31),
    ],
)
def test_a_loser_scores_the_lower_of_all_cards_and_the_best_two_sequence_arrangement(cards, expected):
    assert points_of(cards, max_points=200) == expected


def test_k_a_2_never_counts_as_a_sequence_even_for_a_loser():
    # KH AH 2H is not a sequence, so only 5-7S is: every card counts, 22 + 18 + 46 = 86.
    assert points_of("KH AH 2H 5S 6S 7S 9D 9C 3C 3D 8H 4D JS", max_points=200) == 86


@pytest.mark.parametrize(
    ("card", "value"),
    [("AS", 10), ("KS", 10), ("QD", 10), ("JC", 10), ("10H", 10), ("9H", 9), ("2C", 2), ("JK", 0)],
)
def test_card_values_ace_and_faces_ten_pips_jokers_zero(card, value):
    # No three natural cards in a row anywhere, so no pure sequence and every card
    # counts: 2+4+6+8+10+3+5+7+9+10+10 = 74, the 8S 8 and the card itself.
    base = "2S 4S 6S 8D 10D 3H 5H 7H 9C JC KC"
    every = 2 + 4 + 6 + 8 + 10 + 3 + 5 + 7 + 9 + 10 + 10
    hand = f"{base} {card} 8S"
    assert points_of(hand, max_points=500) == every + 8 + value


# -- the cap ---------------------------------------------------------------------------------------


def test_a_hand_of_cards_is_capped_at_eighty():
    # The seed's example B loser with sevens wild: every card counts, 87 -> 80.
    hand = "KS KH 5D 8C 2S JK 10D 4S 6C AC 3D 9D 10H"
    sheet = play("indian", THREE, [declared("Ann", "7", Bob=holding(hand), Cara=counted(0))])
    assert scores(sheet, 1)["Bob"] == 80
    assert "capped at 80" in notes(sheet, 1)


def test_a_typed_count_is_capped_at_eighty_too():
    sheet = play("indian", THREE, [declared("Ann", Bob=counted(95), Cara=counted(80))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 80, "Cara": 80}


def test_max_points_changes_the_cap_on_cards_and_counts():
    hand = "KS KH 5D 8C 2S JK 10D 4S 6C AC 3D 9D 10H"  # 87 with sevens wild
    sheet = play("indian", THREE, [declared("Ann", "7", Bob=holding(hand), Cara=counted(70))],
                 options={"max_points": 60})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 60, "Cara": 60}


def test_the_seed_examples_game():
    hands = [
        declared("Dan", Dan=holding(SEED_EXAMPLE_A), Ann={"drop": "first"}, Bob={"drop": "middle"},
                 Cara={"wrong_show": True}),
        declared("Ann", "7", Ann=holding(SEED_EXAMPLE_B), Bob=holding("KS KH 5D 8C 2S JK 10D 4S 6C AC 3D 9D 10H"),
                 Cara=counted(30), Dan={"drop": "first"}),
    ]
    sheet = play("indian", FOUR, hands)
    assert scores(sheet, 2) == {"Ann": 0, "Bob": 80, "Cara": 30, "Dan": 20}
    assert totals(sheet) == {"Ann": 20, "Bob": 120, "Cara": 110, "Dan": 20}
    assert sheet["next"]["dealer"] == "Cara"


# -- pools, endings, dealers -------------------------------------------------------------------------


def test_without_a_pool_only_ended_ends_the_game():
    hands = [declared("Ann", Bob=counted(80), Cara={"wrong_show": True})] * 5
    sheet = play("indian", THREE, hands)
    assert totals(sheet) == {"Ann": 0, "Bob": 400, "Cara": 400}
    assert sheet["finished"] is False
    assert sheet["eliminated"] == {}
    assert sheet["next"]["hand"] == 6


def test_ended_the_lowest_total_wins():
    hands = [declared("Ann", Bob=counted(10), Cara=counted(20)), declared("Bob", Ann=counted(25), Cara=counted(0))]
    sheet = play("indian", THREE, hands, ended=True)
    assert totals(sheet) == {"Ann": 25, "Bob": 10, "Cara": 20}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Bob"]
    assert sheet["lowest_wins"] is True


def test_ended_ties_for_lowest_share_the_win():
    hands = [declared("Ann", Bob=counted(10), Cara=counted(20)), declared("Bob", Ann=counted(10), Cara=counted(0))]
    sheet = play("indian", THREE, hands, ended=True)
    assert totals(sheet) == {"Ann": 10, "Bob": 10, "Cara": 20}
    assert sorted(sheet["winners"]) == ["Ann", "Bob"]


@pytest.mark.parametrize("pool", [100, 150, 0])
def test_the_pool_is_none_101_or_201(pool):
    error = rejected("indian", THREE, options={"pool": pool})
    assert (error.hand, error.where) == (None, "options")
    assert "pool must be none, 101 or 201" in error.message


def test_pool_101_eliminates_at_101_and_the_last_player_left_wins():
    # Bob: wrong show 80 + middle drop 40 = 120 in hand 2.  Ann: 80 + 30 = 110 in hand 4.
    # Cara (10 + 10 = 20) is the last player left.
    hands = [
        declared("Ann", Bob={"wrong_show": True}, Cara=counted(10)),
        declared("Ann", Bob={"drop": "middle"}, Cara=counted(10)),
        declared("Cara", Ann=counted(80)),
        declared("Cara", Ann=counted(30)),
    ]
    sheet = play("indian", THREE, hands[:3], options={"pool": 101})
    assert sheet["eliminated"] == {"Bob": 2}
    assert sheet["finished"] is False
    sheet = play("indian", THREE, hands, options={"pool": 101})
    assert totals(sheet) == {"Ann": 110, "Bob": 120, "Cara": 20}
    assert sheet["eliminated"] == {"Bob": 2, "Ann": 4}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Cara"]


def test_pool_101_a_total_of_exactly_101_is_out_and_100_is_not():
    hands = [declared("Ann", Bob=counted(60), Cara=counted(60)), declared("Ann", Bob=counted(41), Cara=counted(40))]
    sheet = play("indian", THREE, hands, options={"pool": 101})
    assert totals(sheet) == {"Ann": 0, "Bob": 101, "Cara": 100}
    assert sheet["eliminated"] == {"Bob": 2}


def test_pool_201_eliminates_at_201():
    hands = [declared("Ann", Bob=counted(80), Cara=counted(80))] * 2 + [
        declared("Ann", Bob=counted(41), Cara=counted(40))]
    sheet = play("indian", THREE, hands, options={"pool": 201})
    assert totals(sheet) == {"Ann": 0, "Bob": 201, "Cara": 200}
    assert sheet["eliminated"] == {"Bob": 3}
    assert sheet["finished"] is False


def test_an_eliminated_players_input_is_invalid():
    hands = [declared("Ann", Bob=counted(80), Cara=counted(0)), declared("Ann", Bob=counted(80), Cara=counted(0)),
             declared("Ann", Bob=counted(5), Cara=counted(0))]
    error = rejected("indian", THREE, hands, options={"pool": 101})
    assert (error.hand, error.player) == (3, "Bob")
    assert "out of the game since hand 2" in error.message


def test_the_deal_passes_left_skipping_eliminated_players():
    # Bob is out after hand 2: Ann, Bob, Cara, Dan deal hands 1-4, then Ann and
    # Cara (not Bob).
    hands = [
        declared("Ann", Bob={"wrong_show": True}, Cara=counted(1), Dan=counted(1)),
        declared("Ann", Bob={"drop": "middle"}, Cara=counted(1), Dan=counted(1)),
        declared("Ann", Cara=counted(1), Dan=counted(1)),
        declared("Ann", Cara=counted(1), Dan=counted(1)),
        declared("Ann", Cara=counted(1), Dan=counted(1)),
    ]
    sheet = play("indian", FOUR, hands, options={"pool": 101})
    assert sheet["eliminated"] == {"Bob": 2}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Ann", "Cara"]


@pytest.mark.parametrize("typo", [{"drops": "first"}, {"card": "AH 2H 3H"}, {"count": 5, "wrongshow": True}])
def test_an_unknown_input_key_is_invalid_not_an_empty_hand(typo):
    # Regression: the typo was dropped and the player scored 0 as if they held nothing.
    error = rejected("indian", THREE, [declared("Ann", Bob=typo, Cara=counted(0))])
    assert (error.hand, error.player) == (1, "Bob")
    assert "is not an input here" in error.message
