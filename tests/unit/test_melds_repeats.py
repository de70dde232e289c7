"""The general search with groups that repeat suits, have no maximum, and may be all wild.

These are the rule knobs Three Thirteen needs (SCORING.md section 5): up to
three decks, a wild rank whose cards count their own value when unmatched,
jokers, and ``min_natural`` from 0 to 2.  Every expected count is worked by
hand: A 1, 2-10 pip, J Q K 10, a joker 20 unless said otherwise.  The
brute-force cross-check on random hands is in ``test_properties.py``.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.melds import MeldRules, arrange, min_deadwood


def rules(wild: int | None = None, *, min_natural: int = 0, joker_value: int = 20, max_group: int | None = None,
          group_repeats: bool = True, **more) -> MeldRules:
    return MeldRules(wild_rank=wild, min_natural=min_natural, joker_value=joker_value, max_group=max_group,
                     group_repeats=group_repeats, **more)


def deadwood(text: str, meld_rules: MeldRules) -> int:
    return min_deadwood(parse_cards(text), meld_rules)


def cards(text: str) -> list[str]:
    return sorted(text.split())


def shown(melds) -> list[list[str]]:
    return sorted(sorted(str(c) for c in meld) for meld in melds)


# -- groups: repeated suits, no maximum ----------------------------------------------


def test_a_group_may_repeat_a_suit_when_the_rules_allow_it():
    assert deadwood("7H 7H 7S", rules()) == 0
    assert deadwood("7H 7H 7S", rules(group_repeats=False, max_group=4)) == 21


def test_three_copies_of_one_card_are_a_group():
    assert deadwood("9C 9C 9C", rules()) == 0


def test_a_group_has_no_maximum_when_max_group_is_none():
    assert deadwood("7H 7H 7H 7S 7S 7D 7D 7C 7C", rules()) == 0
    five_sevens = "7H 7H 7S 7D 7C"
    assert deadwood(five_sevens, rules()) == 0
    assert deadwood(five_sevens, rules(max_group=4)) == 7  # a group of four, one seven left over


def test_repeated_cards_split_between_two_runs_and_a_group():
    # 7H 8H 9H twice, and the three kings of spades as a group.
    assert deadwood("7H 7H 8H 8H 9H 9H KS KS KS", rules(wild=3, min_natural=2)) == 0


def test_a_card_left_over_from_a_group_is_not_forced_into_it():
    # 5H 5H 5S is a group, but the third 5H makes 4H 5H 6H: nothing is left.
    assert deadwood("5H 5H 5H 5S 4H 6H", rules(min_natural=2)) == 0


# -- wild cards: the deal's wild rank and jokers ---------------------------------------


def test_fives_wild_bob_keeps_the_cheaper_cards_unmatched():
    # SCORING.md: deal 3, KC KD 5S melded, 7H 8H left: 15 (not 20 with the 5S in a heart run).
    best = arrange(parse_cards("5S 7H 8H KC KD"), rules(wild=5))
    assert best.deadwood == 15
    assert shown(best.melds) == [["5S", "KC", "KD"]]
    assert cards(" ".join(str(c) for c in best.unmatched)) == ["7H", "8H"]


def test_threes_wild_make_a_meld_with_one_nine_unless_two_naturals_are_needed():
    # SCORING.md: deal 1, 3H 3S 9C melds (0); with two naturals a meld it does not (3 + 3 + 9).
    assert deadwood("3H 3S 9C", rules(wild=3)) == 0
    assert deadwood("3H 3S 9C", rules(wild=3, min_natural=1)) == 0
    assert deadwood("3H 3S 9C", rules(wild=3, min_natural=2)) == 15


def test_an_unmatched_wild_card_counts_its_own_value():
    assert deadwood("5S 9D", rules(wild=5)) == 5 + 9
    assert deadwood("KS 2D", rules(wild=13)) == 10 + 2


def test_an_unmatched_joker_counts_the_joker_value():
    assert deadwood("JK 2D", rules(wild=13)) == 20 + 2
    assert deadwood("JK 2D", rules(wild=13, joker_value=0)) == 2


def test_three_wild_cards_meld_by_themselves_when_no_natural_is_needed():
    assert deadwood("JK JK JK", rules(wild=4)) == 0
    assert deadwood("JK 4S 4H", rules(wild=4)) == 0
    assert deadwood("JK JK JK", rules(wild=4, min_natural=1)) == 60


def test_wild_rank_cards_are_natural_in_a_group_of_their_own_rank():
    # Kings wild: KS KH are two natural kings with a joker.
    assert deadwood("KS KH JK", rules(wild=13, min_natural=2)) == 0
    assert deadwood("KS JK JK", rules(wild=13, min_natural=2)) == 10 + 20 + 20
    assert deadwood("KS JK JK", rules(wild=13, min_natural=1)) == 0


def test_a_wild_rank_card_in_its_own_place_in_a_run_is_natural():
    # Fives wild: 4H 5H and a joker is 4H 5H 6H with two naturals.
    assert deadwood("4H 5H JK", rules(wild=5, min_natural=2)) == 0
    assert deadwood("4H 5S JK", rules(wild=5, min_natural=2)) == 4 + 5 + 20


def test_one_group_takes_every_spare_wild_card():
    # Two sevens and three wild cards are one group of five.
    assert deadwood("7C 7D JK JK KS", rules(wild=13, min_natural=2)) == 0


def test_the_spare_wild_cards_show_as_a_meld_of_their_own():
    best = arrange(parse_cards("JK JK JK"), rules(wild=4))
    assert (best.deadwood, shown(best.melds), best.unmatched) == (0, [["JK", "JK", "JK"]], ())
    kings = arrange(parse_cards("KS KH JK 2C"), rules(wild=13, min_natural=2))
    assert kings.deadwood == 2
    assert shown(kings.melds) == [["JK", "KH", "KS"]]


@pytest.mark.parametrize("min_natural", [0, 1, 2])
def test_every_card_of_the_arrangement_is_shown_once(min_natural):
    hand = "KS KH KD JK JK 9C 9D 4H 5H 6H AS 2S QD"
    best = arrange(parse_cards(hand), rules(wild=13, min_natural=min_natural))
    every = [str(c) for meld in best.melds for c in meld] + [str(c) for c in best.unmatched]
    assert sorted(every) == cards(hand)
    assert best.deadwood == 0  # QD with the spare wild cards; AS 2S with one of them


# -- aces low only ------------------------------------------------------------------------


def test_an_ace_sits_low_only():
    assert deadwood("QH KH AH", rules(wild=5)) == 10 + 10 + 1
    assert deadwood("AH 2H 3H", rules(wild=5)) == 0
    assert deadwood("KH AH 2H", rules(wild=5)) == 10 + 1 + 2


def test_faces_may_count_eleven_twelve_thirteen():
    faces = rules(wild=5, rank_values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13))
    assert deadwood("JH QS KD 2C", faces) == 11 + 12 + 13 + 2
