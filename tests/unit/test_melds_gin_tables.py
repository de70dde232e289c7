"""Gin's table-read scoring against a brute force and against the search it stands in for.

The defender's count after lay-offs is read off the per-suit run tables
(the knocker's run cards join the defender's in each suit; a group's fourth
is worth nothing); the brute force here knows nothing of that: it lists the
defender's melds and every lay-off onto each of the knocker's melds and
tries every set of them that shares no card.  The arrangements shown must
be exactly the search's (its order decides between equal ones): wherever
the tables answer, :func:`defence` must give what :func:`defender_count`
gives, :func:`knocker_covers` what the candidate-listing search gives, in
its order, and :func:`gin_shown` what a sheet showed before it.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import all_melds

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.melds import (
    STANDARD,
    MeldRules,
    defence,
    defence_count,
    defender_count,
    gin_shown,
    hand_mask,
    knocker_covers,
    knocker_shown,
    mask_text,
    shown_arrangement,
)
from scorekeeper.engine.melds.search import _one_best_cover
from scorekeeper.engine.melds.tables import _searched_covers

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SUIT = 0x1FFF
VALUES = [STANDARD.rank_values, (1,) * 13, tuple(range(1, 14)), (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)]


def value_of(mask: int, values: tuple[int, ...]) -> int:
    return sum(values[i % 13] for i in range(52) if mask >> i & 1)


def lay_offs(defender: int, knocker_melds: list[int]) -> list[int]:
    """Every set of the defender's cards that goes onto one of the knocker's melds:
    a chain of the next cards up or down from a run, or a group of three's fourth."""
    spots = set()
    for meld in knocker_melds:
        suits = [suit for suit in range(4) if meld >> (13 * suit) & SUIT]
        if len(suits) == 1:
            ranks = [r for r in range(13) if meld >> (13 * suits[0] + r) & 1]
            for step, edge in ((-1, min(ranks)), (1, max(ranks))):
                chain, rank = 0, edge + step
                while 0 <= rank < 13 and defender >> (13 * suits[0] + rank) & 1:
                    chain |= 1 << (13 * suits[0] + rank)
                    spots.add(chain)
                    rank += step
        elif len(suits) == 3:
            rank = next(r for r in range(13) if meld >> (13 * suits[0] + r) & 1)
            missing = next(suit for suit in range(4) if suit not in suits)
            card = 1 << (13 * missing + rank)
            if defender & card:
                spots.add(card)
    return sorted(spots)


def brute_defence(defender: int, knocker_melds: list[int], values: tuple[int, ...]) -> int:
    """The defender's lowest count over every set of own melds and lay-offs sharing no card."""
    pieces = all_melds(defender) + lay_offs(defender, knocker_melds)
    best = value_of(defender, values)

    def walk(start: int, used: int) -> None:
        nonlocal best
        best = min(best, value_of(defender & ~used, values))
        for k in range(start, len(pieces)):
            if not pieces[k] & used:
                walk(k + 1, used | pieces[k])

    walk(0, 0)
    return best


@st.composite
def gin_deals(draw) -> tuple[int, int]:
    """Two hands of 3 to 10 cards: from a few neighbouring ranks (melds, lay-offs and
    ties are common) or the whole deck."""
    width = draw(st.sampled_from([13, 5, 6, 7]))
    low = draw(st.integers(0, 12))
    pack = [13 * suit + (low + k) % 13 for suit in range(4) for k in range(width)]
    cards = draw(st.permutations(pack))
    size = draw(st.integers(3, min(10, len(pack) // 2)))
    return sum(1 << i for i in cards[:size]), sum(1 << i for i in cards[size:2 * size])


RULES = st.sampled_from(VALUES).map(lambda values: MeldRules(rank_values=values))


@SETTINGS
@given(gin_deals(), RULES)
def test_the_defenders_count_after_lay_offs_is_the_brute_force_one(deal, rules):
    knocker, defender = deal
    _, covers = knocker_covers(knocker, rules)
    for cover in [*covers, ()]:
        expected = brute_defence(defender, list(cover), rules.rank_values)
        assert defence_count(defender, cover, rules) == expected
        assert defence(defender, cover, rules)[0] == expected
        assert defender_count(defender, cover, rules)[0] == expected


@SETTINGS
@given(gin_deals(), RULES)
def test_the_defence_read_off_the_tables_is_the_searchs(deal, rules):
    knocker, defender = deal
    _, covers = knocker_covers(knocker, rules)
    for cover in [*covers, ()]:
        count, own, laid = defence(defender, cover, rules)
        searched = defender_count(defender, cover, rules)
        assert (count, set(own), laid) == (searched[0], set(searched[1]), searched[2])


@SETTINGS
@given(gin_deals(), RULES)
def test_the_knocker_covers_read_off_the_tables_are_the_searchs_in_its_order(deal, rules):
    knocker, defender = deal
    for hand in (knocker, defender, knocker | defender):
        assert knocker_covers(hand, rules) == _searched_covers(hand, rules)


def long_way(knocker: int, defender: int, rules: MeldRules, lay_off_on_gin: bool) -> tuple:
    """A Gin hand as the sheet showed it before :func:`gin_shown`: every best cover of the
    knocker searched, the one leaving the defender most taken, the defender's melds searched."""
    count, covers = _searched_covers(knocker, rules)
    if count == 0 and not lay_off_on_gin:
        cover = covers[0]
        d_count, own, laid = defender_count(defender, (), rules)
    else:
        d_count = -1
        for each in covers:
            found = defender_count(defender, each, rules)
            if found[0] > d_count:
                (d_count, own, laid), cover = found, each
    d_melds, d_left = shown_arrangement(defender, own, rules, laid)
    k_melds, k_left = shown_arrangement(knocker, cover, rules)
    return count, k_melds, k_left, d_count, d_melds, d_left, mask_text(laid).split()


@SETTINGS
@given(gin_deals(), RULES, st.booleans())
def test_a_gin_hand_shown_off_the_tables_is_the_one_the_sheet_showed(deal, rules, lay_off_on_gin):
    knocker, defender = deal
    shown = gin_shown(knocker, defender, rules, lay_off_on_gin=lay_off_on_gin)
    if shown is not None:
        assert shown == long_way(knocker, defender, rules, lay_off_on_gin)


@SETTINGS
@given(gin_deals(), RULES)
def test_a_knocker_shown_off_the_tables_is_the_one_the_sheet_showed(deal, rules):
    knocker, _ = deal
    shown = knocker_shown(knocker, rules)
    if shown is not None:
        count, covers = _searched_covers(knocker, rules)
        assert shown == (count, *shown_arrangement(knocker, covers[0], rules))


def test_random_ten_card_deals_shown_off_the_tables_agree_with_the_long_way():
    rng = random.Random("gin tables")
    answered = 0
    for _ in range(3000):
        cards = rng.sample(range(52), 20)
        knocker, defender = sum(1 << i for i in cards[:10]), sum(1 << i for i in cards[10:])
        shown = gin_shown(knocker, defender, STANDARD)
        if shown is not None:
            answered += 1
            assert shown == long_way(knocker, defender, STANDARD, False)
    assert answered > 2500  # most hands: straight off the tables


def test_lay_offs_at_both_ends_of_a_run_and_onto_a_group():
    knocker = hand_mask(parse_cards("5H 6H 7H JS JD JC KS KD QC 2C"))
    defender = hand_mask(parse_cards("3H 4H 8H JH AS 2S 3D 4C 6C 9D"))
    shown = gin_shown(knocker, defender, STANDARD)
    assert shown is not None
    # 3H 4H below the run, 8H above it, JH onto the jacks: 1 + 2 + 3 + 4 + 6 + 9 left.
    assert set(shown[6]) == {"3H", "4H", "8H", "JH"}
    assert shown[3] == 25
    assert shown == long_way(knocker, defender, STANDARD, False)


def test_a_run_the_defender_could_lay_off_or_keep_is_the_searchs_choice():
    # 5H 6H 7H 8H: a run of the defender's own, or 5H 6H 7H with 8H laid off onto the
    # knocker's eights; the tables see a tie and ask the search, which keeps the four.
    knocker = hand_mask(parse_cards("8S 8D 8C 2S 3S 4S JD QD KD AC"))
    defender = hand_mask(parse_cards("5H 6H 7H 8H KS KH 2D 3C 9C 10C"))
    _, covers = knocker_covers(knocker, STANDARD)
    count, own, laid = defence(defender, covers[0], STANDARD)
    assert (count, laid) == (44, 0)  # KS KH 2D 3C 9C 10C left
    assert [mask_text(meld) for meld in own] == ["5H 6H 7H 8H"]
    shown = gin_shown(knocker, defender, STANDARD)
    assert shown is not None and shown[4:] == (["5H 6H 7H 8H"], "KS KH 2D 3C 9C 10C", [])
    assert shown == long_way(knocker, defender, STANDARD, False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=1, max_size=9), st.randoms(use_true_random=False))
def test_a_search_told_the_best_value_finds_the_same_cover(values, rng):
    melds = [rng.getrandbits(12) | 1 << k + 12 for k in range(len(values))]
    best, cover = _one_best_cover(melds, values)
    assert _one_best_cover(melds, values, best) == (best, cover)


@SETTINGS
@given(gin_deals(), RULES)
def test_a_knocker_is_shown_off_the_tables_exactly_when_it_has_one_best_cover(deal, rules):
    for hand in deal:
        count, covers = _searched_covers(hand, rules)
        assert (knocker_shown(hand, rules) is None) == (len(covers) > 1)


def test_one_rank_three_times_melded_left_or_tied_is_shown_as_the_long_way_shows_it():
    # The knocker's or the defender's only group choice is one rank held three times:
    # melded (7s), left for the runs (5H 6H 7H 8H), or either way equal (the search decides).
    deals = [
        ("7S 7H 7D 2C 3C 4C 9D 10D JD KS", "AS 2S 3S 8S 9S 5D 6D 8D QD QC"),
        ("5H 6H 7H 8H 7S 7D AC 2C 3C KD", "7C 8C 9C 10C 4H 3S 4S 5S QD JD"),
        ("5H 6H 7H 7S 7D AC 2C 3C KD QD", "8H 9H 4H 6S 8S 9S 8D 9D KS KH"),
        ("AS 2S 3S 4D 5D 6D 9H 9S 9C 2H", "8H 8S 8C 7C 6C 5C QH QS JD 10C"),
        ("AS 2S 3S 4D 5D 6D 9H 9S 9C 2H", "8H 8S 8C 10H JH QH KS KH 7S 2C"),
    ]
    for knocker_text, defender_text in deals:
        knocker, defender = hand_mask(parse_cards(knocker_text)), hand_mask(parse_cards(defender_text))
        for lay_off_on_gin in (False, True):
            shown = gin_shown(knocker, defender, STANDARD, lay_off_on_gin=lay_off_on_gin)
            if shown is not None:
                assert shown == long_way(knocker, defender, STANDARD, lay_off_on_gin)
        count, covers = _searched_covers(knocker, STANDARD)
        assert (knocker_shown(knocker, STANDARD) is None) == (len(covers) > 1)


def test_a_knocker_with_several_best_group_choices_is_shown_as_the_long_way_shows_it():
    # Deals from a few neighbouring ranks: a knocker's group or run often melds the same,
    # and the one that leaves the defender the most is read off the tables, first in the
    # search's order among equals, where each choice's suits have one best set of runs.
    rng = random.Random("knocker ties")
    answered = 0
    for _ in range(3000):
        low = rng.randrange(13)
        pack = [13 * suit + (low + k) % 13 for suit in range(4) for k in range(rng.choice([4, 5, 6]))]
        cards = rng.sample(pack, min(len(pack), 20))
        size = len(cards) // 2
        knocker, defender = sum(1 << i for i in cards[:size]), sum(1 << i for i in cards[size:])
        if len(knocker_covers(knocker, STANDARD)[1]) < 2:
            continue
        for lay_off_on_gin in (False, True):
            shown = gin_shown(knocker, defender, STANDARD, lay_off_on_gin=lay_off_on_gin)
            if shown is not None:
                answered += 1
                assert shown == long_way(knocker, defender, STANDARD, lay_off_on_gin)
    assert answered > 500
