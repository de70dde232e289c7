"""Every fast path of the solver against the plain search (:mod:`scorekeeper.engine.melds.plain`).

The plain search is SCORING.md section 2 written out: every subset of a hand
tried as a meld, the best cover by plain recursion.  Each test deals random
hands (a seeded ``random.Random``: the same hands every run) for one meld rule
set and checks that a fast path reaches the same count:

* the per-suit tables (:func:`min_deadwood`, :func:`knocker_covers`,
  :func:`defence`, :func:`defence_count`) and the candidate-meld search
  (:func:`defender_count`): single deck, around the corner;
* Gin's shown hands (:func:`gin_shown`): single deck;
* the wild-card search (:func:`arrange`): wild ranks, jokers, two and three decks.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.cards import ALL_CARDS, JOKER, Card
from scorekeeper.engine.games.indian import meld_rules as indian_rules
from scorekeeper.engine.games.three_thirteen import meld_rules as three_thirteen_rules
from scorekeeper.engine.games.tunk import RULES as TUNK
from scorekeeper.engine.melds import (
    STANDARD,
    MeldRules,
    arrange,
    best_arrangements,
    defence,
    defence_count,
    defender_count,
    gin_shown,
    hand_mask,
    knocker_covers,
    mask_text,
    min_deadwood,
)
from scorekeeper.engine.melds import plain

CORNER = MeldRules(around_corner=True)
OKLAHOMA_CORNER = MeldRules(rank_values=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), around_corner=True)
SINGLE_DECK = {"single deck": STANDARD, "around the corner": CORNER, "around the corner, ace 15": OKLAHOMA_CORNER}

HANDS = 150


def deal(rng: random.Random, size: int, *, decks: int = 1, jokers: int = 0) -> list[Card]:
    return rng.sample([*ALL_CARDS * decks, *[JOKER] * jokers], size)


def deal_two(rng: random.Random, size: int) -> tuple[list[Card], list[Card]]:
    cards = rng.sample(ALL_CARDS, 2 * size)
    return cards[:size], cards[size:]


def texts(melds: object) -> frozenset[str]:
    return frozenset(mask_text(hand_mask(list(meld))) for meld in melds)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", SINGLE_DECK)
@pytest.mark.parametrize("size", [10, 11])
def test_the_per_suit_tables_give_the_plain_searchs_lowest_deadwood(name, size):
    rules, rng = SINGLE_DECK[name], random.Random(f"tables/{name}/{size}")
    for _ in range(HANDS):
        hand = deal(rng, size)
        assert min_deadwood(hand, rules) == plain.lowest_deadwood(hand, rules), hand


@pytest.mark.parametrize("name", SINGLE_DECK)
def test_the_knockers_covers_are_every_best_cover_of_the_plain_search(name):
    rules, rng = SINGLE_DECK[name], random.Random(f"covers/{name}")
    for _ in range(HANDS):
        hand = deal(rng, 10)
        lowest, covers = plain.best_covers(hand, rules)
        found = best_arrangements(hand, rules)
        assert {a.deadwood for a in found} == {lowest}, hand
        assert {frozenset(frozenset(meld) for meld in a.melds) for a in found} == covers, hand


@pytest.mark.parametrize("name", SINGLE_DECK)
def test_the_defenders_count_off_the_tables_and_by_search_is_the_plain_count_after_lay_offs(name):
    rules, rng = SINGLE_DECK[name], random.Random(f"defence/{name}")
    for _ in range(HANDS):
        knocker, defender = deal_two(rng, 10)
        _, covers = knocker_covers(hand_mask(knocker), rules)
        for cover in covers:
            melds = [[ALL_CARDS[i] for i in range(52) if meld >> i & 1] for meld in cover]
            expected = plain.lowest_count_after_lay_offs(defender, melds, rules)
            mask = hand_mask(defender)
            assert defender_count(mask, cover, rules)[0] == expected, (knocker, defender)
            assert defence_count(mask, cover, rules) == expected, (knocker, defender)
            assert defence(mask, cover, rules)[0] == expected, (knocker, defender)


@pytest.mark.parametrize("lay_off_on_gin", [False, True])
def test_gin_shown_hands_score_as_the_plain_search(lay_off_on_gin):
    rng = random.Random(f"gin shown/{lay_off_on_gin}")
    shown_hands = 0
    for _ in range(HANDS):
        knocker, defender = deal_two(rng, 10)
        shown = gin_shown(hand_mask(knocker), hand_mask(defender), STANDARD, lay_off_on_gin=lay_off_on_gin)
        if shown is None:
            continue  # several best arrangements: the long way decides (checked above)
        shown_hands += 1
        k_count, k_melds, _, d_count, _, _, _ = shown
        lowest, covers = plain.best_covers(knocker, STANDARD)
        assert k_count == lowest, knocker
        cover = next(c for c in covers if texts(c) == frozenset(k_melds))  # one of the best covers
        if k_count == 0 and not lay_off_on_gin:
            assert d_count == plain.lowest_deadwood(defender, STANDARD), defender
        else:
            melds = [sorted(meld, key=lambda card: card.index) for meld in cover]
            assert d_count == plain.lowest_count_after_lay_offs(defender, melds, STANDARD), (knocker, defender)
    assert shown_hands > HANDS // 2  # most hands go the fast way


WILD = {
    "wild deuces, two decks (Tunk)": (TUNK, 7, 2, 0),
    "wild deuces and jokers, one deck": (TUNK, 9, 1, 2),
    "wild sevens and jokers, ace high, two decks (Indian)": (indian_rules(7), 10, 2, 2),
    "jokers only, ace high, two decks (Indian)": (indian_rules(None), 10, 2, 2),
    "wild kings, three decks, groups repeat (Three Thirteen)": (three_thirteen_rules(13, "10", 2, 20), 10, 3, 6),
    "wild kings, one natural a meld, three decks": (three_thirteen_rules(13, "10", 1, 20), 10, 3, 6),
    "wild kings, melds all wild, three decks": (three_thirteen_rules(13, "10", 0, 20), 9, 3, 6),
    "no wild card, two decks (repeated cards)": (STANDARD, 10, 2, 0),
}


@pytest.mark.parametrize("name", WILD)
def test_the_wild_card_search_gives_the_plain_searchs_lowest_deadwood(name):
    rules, size, decks, jokers = WILD[name]
    rng = random.Random(f"wild/{name}")
    for _ in range(HANDS // 3):
        hand = deal(rng, size, decks=decks, jokers=jokers)
        assert arrange(hand, rules).deadwood == plain.lowest_deadwood(hand, rules), hand
        assert min_deadwood(hand, rules) == plain.lowest_deadwood(hand, rules), hand


def test_the_plain_search_reads_the_rule_books_examples():
    from scorekeeper.engine.cards import parse_cards

    # SCORING.md section 2: a wild card as its natural self is natural there.
    sevens_wild = MeldRules(wild_rank=7, min_natural=2)
    assert plain.is_meld(parse_cards("6H 7H 8H"), sevens_wild)
    assert plain.is_meld(parse_cards("6H 7S 8H"), sevens_wild)  # 7S stands for 7H
    assert not plain.is_meld(parse_cards("6H 7S 7D"), sevens_wild)  # one natural card
    assert plain.is_meld(parse_cards("QS KS AS"), MeldRules(ace_high=True))
    assert not plain.is_meld(parse_cards("KS AS 2S"), MeldRules(ace_high=True))
    assert plain.is_meld(parse_cards("KS AS 2S"), CORNER)
    assert not plain.is_meld(parse_cards("8S 8S 8H"), STANDARD)  # distinct suits
    assert plain.lowest_deadwood(parse_cards("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"), STANDARD) == 6
    # SCORING.md section 6: the defender's eights stay a group, 7H 8H go on 9H 10H JH.
    assert plain.lowest_count_after_lay_offs(
        parse_cards("8H 8S 8D 8C 7H"), [parse_cards("9H 10H JH")], STANDARD
    ) == 0
