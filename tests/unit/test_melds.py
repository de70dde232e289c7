"""The exact meld solver on single-deck hands without wild cards (SCORING.md section 2).

Every expected deadwood below is counted by hand: A = 1, 2-10 pip, J/Q/K = 10
unless the rules say otherwise.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.melds import (
    STANDARD,
    MeldRules,
    arrangement_of,
    best_arrangements,
    defender_count,
    hand_mask,
    min_deadwood,
)

CORNER = MeldRules(around_corner=True)
CORNER_ACE_15 = MeldRules(rank_values=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), around_corner=True)
BOATHOUSE_CARDS = MeldRules(rank_values=(1,) * 13, around_corner=True)


def deadwood(text: str, rules: MeldRules = STANDARD) -> int:
    return min_deadwood(parse_cards(text), rules)


def as_set(text: str) -> frozenset[str]:
    return frozenset(str(card) for card in parse_cards(text))


def meld_sets(melds) -> set[frozenset[str]]:
    return {frozenset(str(card) for card in meld) for meld in melds}


def card_set(cards) -> frozenset[str]:
    return frozenset(str(card) for card in cards)


# -- what a meld is ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("3H 4H 5H", 0),
        ("3H 4H 5H 6H 7H 8H 9H", 0),
        ("3H 4H", 7),  # two cards are not a run
        ("3H 4H 6H", 13),  # a gap breaks the run
        ("3H 4S 5H", 12),  # a run is one suit
        ("9C 10C JC QC KC 2D", 2),
    ],
)
def test_a_run_is_three_or_more_consecutive_cards_of_one_suit(hand, expected):
    assert deadwood(hand) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7H 7S 7D", 0),
        ("7H 7S 7D 7C", 0),
        ("7H 7S", 14),  # a pair is not a group
        ("KH KS QD", 30),  # a group is one rank
    ],
)
def test_a_group_is_three_or_four_cards_of_one_rank_in_distinct_suits(hand, expected):
    assert deadwood(hand) == expected


def test_unmatched_cards_count_standard_values():
    # A 1, 7, J/Q/K 10 each.
    assert deadwood("AS 7D JC QH KS") == 1 + 7 + 10 + 10 + 10


def test_a_card_is_in_at_most_one_meld():
    # 7H could finish the group or the run, not both: the run leaves 7S 7D = 14,
    # the group leaves 8H 9H = 17.
    assert deadwood("7H 7S 7D 8H 9H") == 14


def test_the_best_arrangement_is_found_not_a_greedy_one():
    # Greedy: the four sevens leave 8H 9H = 17.  Best: 7S 7D 7C and 7H 8H 9H, 0.
    assert deadwood("7H 7S 7D 7C 8H 9H") == 0


def test_a_long_run_is_split_when_that_frees_cards_for_groups():
    # Run 4H-8H whole leaves 4S 4D 8S 8D = 24; 5H 6H 7H with groups of fours
    # and eights leaves nothing.
    assert deadwood("4H 5H 6H 7H 8H 4S 4D 8S 8D") == 0


def test_the_docstring_hand_leaves_six():
    # 3H-6H, 8S 8D 8C; AC 2D 3C unmatched.
    assert deadwood("3H 4H 5H 6H 8S 8D 8C AC 2D 3C") == 6


# -- aces and the corner ---------------------------------------------------------


def test_ace_is_low_only_so_q_k_a_is_not_a_run():
    assert deadwood("QH KH AH") == 10 + 10 + 1


def test_ace_low_run_a_2_3_is_a_run():
    assert deadwood("AH 2H 3H") == 0


def test_k_a_2_is_not_a_run_without_the_corner_rule():
    assert deadwood("KH AH 2H") == 10 + 1 + 2


@pytest.mark.parametrize("hand", ["KH AH 2H", "QH KH AH 2H", "QH KH AH", "JS QS KS AS 2S 3S"])
def test_runs_go_around_the_corner_with_the_corner_rule(hand):
    assert deadwood(hand, CORNER) == 0


def test_around_the_corner_still_needs_consecutive_ranks():
    # K-A-3 skips the two.
    assert deadwood("KH AH 3H", CORNER) == 10 + 1 + 3


def test_corner_ace_unmatched_counts_fifteen():
    assert deadwood("AS 5D 9C", CORNER_ACE_15) == 15 + 5 + 9


def test_corner_ace_in_a_run_counts_nothing():
    assert deadwood("KS AS 2S AD", CORNER_ACE_15) == 15


def test_boathouse_cards_method_counts_one_per_unmatched_card():
    # K-A-2 of hearts melds round the corner; 5S, 9D and JC are three cards.
    assert deadwood("KH AH 2H 5S 9D JC", BOATHOUSE_CARDS) == 3


def test_boathouse_cards_method_melds_the_most_cards():
    # 1 point a card: the four sevens (4 cards) or 7H 8H 9H + 7S 7D 7C (6 cards).
    assert deadwood("7H 7S 7D 7C 8H 9H QS", BOATHOUSE_CARDS) == 1


# -- best_arrangements ---------------------------------------------------------------


def test_best_arrangements_returns_every_arrangement_with_the_lowest_deadwood():
    # 3H in the run 2H 3H 4H leaves 3S 3D = 6; in the group 3H 3S 3D it
    # leaves 2H 4H = 6.  The club run melds either way.
    found = best_arrangements(parse_cards("2H 3H 4H 3S 3D 9C 10C JC QC KC"))
    assert {a.deadwood for a in found} == {6}
    club_run = as_set("9C 10C JC QC KC")
    assert {frozenset(meld_sets(a.melds)) for a in found} == {
        frozenset({as_set("2H 3H 4H"), club_run}),
        frozenset({as_set("3H 3S 3D"), club_run}),
    }
    assert {card_set(a.unmatched) for a in found} == {as_set("3S 3D"), as_set("2H 4H")}


def test_best_arrangements_has_one_entry_when_the_best_is_unique():
    found = best_arrangements(parse_cards("7H 7S 7D 7C 8H 9H"))
    assert len(found) == 1
    assert meld_sets(found[0].melds) == {as_set("7S 7D 7C"), as_set("7H 8H 9H")}
    assert found[0].deadwood == 0


def test_best_arrangements_of_a_hand_without_melds_leaves_every_card():
    found = best_arrangements(parse_cards("AS 3D 5C 7H"))
    assert [(a.deadwood, a.melds, card_set(a.unmatched)) for a in found] == [
        (1 + 3 + 5 + 7, (), as_set("AS 3D 5C 7H"))
    ]


# -- lay-offs ---------------------------------------------------------------------------


def knocker_melds(*melds: str):
    return [tuple(parse_cards(m)) for m in melds]


def lay_off(defender, melds, rules=STANDARD):
    """The defender's arrangement after melding and laying off together, as Gin scores it."""
    mask = hand_mask(defender)
    _, own, laid = defender_count(mask, [hand_mask(m) for m in melds], rules)
    return arrangement_of(mask, own, rules, laid)


def test_lay_offs_chain_along_a_run():
    # 8H only fits once 7H is on 3H-6H.
    result = lay_off(parse_cards("7H 8H KS"), knocker_melds("3H 4H 5H 6H"))
    assert result.deadwood == 10
    assert card_set(result.laid_off) == as_set("7H 8H")


def test_a_card_that_is_not_next_to_a_run_cannot_be_laid_off():
    result = lay_off(parse_cards("8H KS"), knocker_melds("3H 4H 5H 6H"))
    assert result.deadwood == 18
    assert result.laid_off == ()


def test_the_missing_fourth_card_lays_off_on_a_group_of_three():
    result = lay_off(parse_cards("8C KS"), knocker_melds("8S 8H 8D"))
    assert result.deadwood == 10
    assert card_set(result.laid_off) == as_set("8C")


def test_nothing_lays_off_on_a_group_of_four():
    result = lay_off(parse_cards("8C KS"), knocker_melds("9S 9H 9D 9C"))
    assert result.deadwood == 18
    assert result.laid_off == ()


def test_lay_offs_go_on_both_ends_of_a_run():
    result = lay_off(parse_cards("AH 2H 7H 8H KS"), knocker_melds("3H 4H 5H 6H"))
    assert result.deadwood == 10
    assert card_set(result.laid_off) == as_set("AH 2H 7H 8H")


def test_no_lay_off_below_an_ace_low_run_without_the_corner_rule():
    result = lay_off(parse_cards("KH 5S"), knocker_melds("AH 2H 3H"))
    assert result.deadwood == 15
    assert result.laid_off == ()


def test_lay_offs_go_around_the_corner_with_the_corner_rule():
    result = lay_off(parse_cards("KH QH 5S"), knocker_melds("AH 2H 3H"), CORNER)
    assert result.deadwood == 5
    assert card_set(result.laid_off) == as_set("KH QH")


def test_defender_melds_and_lays_off_together_for_the_lowest_count():
    # SCORING.md section 6: 7H and 8H go on the knocker's 9H 10H JH, the other
    # eights stay a group.  Eights as a group of four would leave 7H = 7.
    result = lay_off(parse_cards("8H 8S 8D 8C 7H"), knocker_melds("9H 10H JH"))
    assert result.deadwood == 0
    assert card_set(result.laid_off) == as_set("7H 8H")
    assert meld_sets(result.melds) == {as_set("8S 8D 8C")}


def test_lay_off_keeps_the_defenders_own_melds():
    # KD QD JD is the defender's own run; 2H lays off under 3H-6H.
    result = lay_off(parse_cards("2H KD QD JD 9S"), knocker_melds("3H 4H 5H 6H"))
    assert result.deadwood == 9
    assert card_set(result.laid_off) == as_set("2H")
    assert meld_sets(result.melds) == {as_set("JD QD KD")}
