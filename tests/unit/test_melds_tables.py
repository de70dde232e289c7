"""The single-deck solver's tables against a brute force over every set of melds.

``min_deadwood`` reads a table per suit (runs only) and tries the few group
choices a hand has.  The brute force here knows nothing of tables: it lists
every run and group the hand holds and tries every set of them that shares
no card.  Hands are drawn crowded (few ranks, so melds and four of a kind
are common) and from the whole deck, up to 13 cards, with the values and
corner rules of every single-deck game; the knocker's count and every
arrangement Gin shows must agree too.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import all_melds

from scorekeeper.engine.cards import ALL_CARDS, parse_cards
from scorekeeper.engine.melds import (
    STANDARD,
    MeldRules,
    best_arrangements,
    hand_mask,
    knocker_covers,
    min_deadwood,
)
from scorekeeper.engine.melds.bits import _mask_value
from scorekeeper.engine.melds.search import _all_best_covers, _candidate_melds
from scorekeeper.engine.melds.tables import _only_cover

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SUIT = 0x1FFF

VALUES = {
    "standard": STANDARD.rank_values,
    "one a card (Boathouse)": (1,) * 13,
    "ace 15, faces 10": (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
    "faces 11-13": tuple(range(1, 14)),
}


def value_of(mask: int, values: tuple[int, ...]) -> int:
    return sum(values[i % 13] for i in range(52) if mask >> i & 1)


def brute_force(mask: int, rules: MeldRules) -> tuple[int, set[frozenset[int]]]:
    """The lowest deadwood and every set of disjoint melds reaching it."""
    melds = all_melds(mask, rules.around_corner)
    best = value_of(mask, rules.rank_values)
    covers: set[frozenset[int]] = {frozenset()}

    def walk(start: int, used: int, chosen: tuple[int, ...]) -> None:
        nonlocal best, covers
        left = value_of(mask & ~used, rules.rank_values)
        if left < best:
            best, covers = left, set()
        if left == best:
            covers.add(frozenset(chosen))
        for k in range(start, len(melds)):
            if not melds[k] & used:
                walk(k + 1, used | melds[k], (*chosen, melds[k]))

    walk(0, 0, ())
    # A set of melds that ties only by adding melds of value 0 is the same
    # arrangement shown with an empty meld; values here are all positive.
    return best, covers


def cards_of(mask: int) -> list:
    return [ALL_CARDS[i] for i in range(52) if mask >> i & 1]


@st.composite
def single_deck_hands(draw) -> int:
    """A hand mask: a few neighbouring ranks (often wrapping past the king) or the whole deck."""
    width = draw(st.sampled_from([13, 4, 5, 6]))
    low = draw(st.integers(0, 12))
    ranks = [(low + k) % 13 for k in range(width)]
    suits = draw(st.sampled_from([(0, 1, 2, 3), (0, 1), (1, 2, 3), (2,)]))
    pack = [13 * s + r for s in suits for r in ranks]
    picked = draw(st.lists(st.sampled_from(pack), max_size=min(13, len(pack)), unique=True))
    return sum(1 << i for i in picked)


RULES = st.builds(
    lambda values, corner: MeldRules(rank_values=VALUES[values], around_corner=corner),
    st.sampled_from(sorted(VALUES)),
    st.booleans(),
)


@SETTINGS
@given(single_deck_hands(), RULES)
def test_table_deadwood_is_the_lowest_over_every_set_of_disjoint_melds(mask, rules):
    assert min_deadwood(cards_of(mask), rules) == brute_force(mask, rules)[0]


@SETTINGS
@given(single_deck_hands(), RULES)
def test_the_knocker_count_and_every_arrangement_shown_are_the_brute_force_ones(mask, rules):
    best, covers = brute_force(mask, rules)
    count, found = knocker_covers(mask, rules)
    assert count == best
    assert {frozenset(cover) for cover in found} == covers
    assert len(found) == len(covers)  # each arrangement once


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=10, max_size=11, unique=True), st.booleans())
def test_random_ten_and_eleven_card_hands_agree_with_the_brute_force(ids, corner):
    rules = MeldRules(around_corner=corner)
    mask = sum(1 << i for i in ids)
    assert min_deadwood([ALL_CARDS[i] for i in ids], rules) == brute_force(mask, rules)[0]


@cache
def suit_brute_force(ranks: int, around_corner: bool) -> int:
    """Runs only, one suit: the lowest value left (standard values), trying every run it holds."""
    left = value_of(ranks, STANDARD.rank_values)
    for run in suit_runs(around_corner):
        if run & ranks == run:
            left = min(left, suit_brute_force(ranks ^ run, around_corner))
    return left


@cache
def suit_runs(around_corner: bool) -> list[int]:
    return all_melds(SUIT, around_corner)  # one whole suit: its runs, no group


def test_every_set_of_ranks_of_a_suit_has_its_lowest_run_deadwood_in_the_table():
    for rules in (STANDARD, MeldRules(around_corner=True)):
        table = rules.run_deadwood
        assert len(table) == 1 << 13
        for ranks in range(1 << 13):
            assert table[ranks] == suit_brute_force(ranks, rules.around_corner), (bin(ranks), rules)


def test_four_of_a_kind_gives_one_card_to_a_run_when_that_melds_more():
    # 7S 7D 7C as a group, 7H with 8H 9H: nothing left.
    assert min_deadwood(parse_cards("7H 7S 7D 7C 8H 9H")) == 0
    # Two fours of a kind, each giving a card to the same suit's runs.
    assert min_deadwood(parse_cards("5H 5S 5D 5C 6H 7H 8H 8S 8D 8C 9C 10C")) == 0


def test_a_repeated_card_or_a_joker_goes_to_the_general_search():
    assert min_deadwood(parse_cards("5H 5H 6H 7H")) == 5
    assert min_deadwood(parse_cards("5H 6H JK KS")) == 10  # the joker fills 5H 6H JK


def test_wild_rules_have_no_tables():
    rules = MeldRules(wild_rank=2)
    assert rules.run_deadwood == () and rules.suit_values == ()


def test_best_arrangements_match_the_knocker_covers():
    cards = parse_cards("2H 3H 4H 5H 6H 7H 4S 4D 9C 9S")
    count, covers = knocker_covers(hand_mask(cards), STANDARD)
    assert [a.deadwood for a in best_arrangements(cards)] == [count] * len(covers)


@SETTINGS
@given(single_deck_hands(), st.sampled_from(sorted(VALUES)))
def test_a_hands_only_best_cover_read_off_the_tables_is_the_searchs_in_its_order(mask, values):
    rules = MeldRules(rank_values=VALUES[values])
    listed = _candidate_melds(mask, False)
    searched = _all_best_covers(listed, [_mask_value(m, rules.suit_values) for m in listed],
                                _mask_value(mask, rules.suit_values) - min_deadwood(cards_of(mask), rules))
    only = _only_cover(mask, listed, rules)
    if only is None:
        assert len(searched) > 1  # several best covers: left to the search
    else:
        assert [only[1]] == searched
        assert only[0] == min_deadwood(cards_of(mask), rules)
