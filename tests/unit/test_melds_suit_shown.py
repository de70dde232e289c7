"""The per-suit tables and the pruned choices Gin's table-read scoring uses, against the walks they stand in for.

:class:`~scorekeeper.engine.melds._SuitShown` gives, for every set of ranks of
a suit, what the knocker's suit shows (its run deadwood, its runs and the
text of what is left); here it is checked for every one of the 8,192 sets
against a walk through the suit's best sets of runs.  The defence's choices
leave out what every best arrangement does the same way; their lowest count
and whether it is the only one must be those of every choice.  A run's
lay-off spots stop at the first card the defender does not hold: the same
spots, in the same order, as listing every spot and keeping the held ones.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.melds import (
    _IN_RUNS,
    _WORDS,
    STANDARD,
    MeldRules,
    _defence_choices,
    _group_melds,
    _layoff_spots,
    _suit_covers_of,
    _suits_shown,
)

SUIT = 0x1FFF
RULES = [STANDARD, MeldRules(rank_values=tuple(range(1, 14))), MeldRules(rank_values=(1,) * 13)]


def walked(ranks: int, suit: int, rules: MeldRules) -> tuple[int, int, tuple[int, ...], str] | None:
    """A suit's part of the knocker's hand as the sheet wrote it before the table: its best runs walked."""
    if not _IN_RUNS[ranks]:
        return rules.run_deadwood[ranks], 0, (), _WORDS[suit][ranks]
    ways = _suit_covers_of(ranks, rules.suit_covers, rules.run_deadwood, rules.suit_values)
    if len(ways) != 1:
        return None
    held = 0
    for run in ways[0]:
        held |= run
    return rules.run_deadwood[ranks], held, tuple(run << 13 * suit for run in ways[0]), _WORDS[suit][ranks ^ held]


@pytest.mark.parametrize("rules", RULES)
def test_every_set_of_ranks_of_every_suit_shows_what_its_best_runs_walked_show(rules):
    tables = _suits_shown(rules.rank_values)
    for suit in range(4):
        for ranks in range(1 << 13):
            assert tables[suit][ranks] == walked(ranks, suit, rules)


def test_rules_with_runs_around_the_corner_have_no_suit_tables():
    assert MeldRules(around_corner=True).suits_shown == ()
    assert STANDARD.suits_shown == _suits_shown(STANDARD.rank_values)


def every_choice(defender: int, fourths: int) -> list[int]:
    """Every choice of the defender's groups and of the fourths laid off, none left out."""
    a, b, c, d = (defender >> shift & SUIT for shift in (0, 13, 26, 39))
    groups = (a & b & (c | d)) | (c & d & (a | b))
    choices = _group_melds(defender, groups) if groups else [0]
    while fourths:
        card = fourths & -fourths
        fourths ^= card
        choices += [taken | card for taken in choices]
    return choices


def counts(defender: int, runs: int, choices: list[int]) -> list[int]:
    table = STANDARD.run_deadwood
    rests = [defender & ~taken | runs for taken in choices]
    return [sum(table[rest >> shift & SUIT] for shift in (0, 13, 26, 39)) for rest in rests]


def test_the_choices_left_to_make_reach_the_lowest_count_as_often_as_once_or_more_as_every_choice():
    rng = random.Random("defence choices")
    for _ in range(4000):
        # The knocker's groups of three (their fourths maybe the defender's) and a run or two;
        # the defender's other cards from the rest of the deck.
        knocker = threes = fourths = 0
        for rank in rng.sample(range(13), rng.randint(0, 3)):
            missing = rng.randrange(4)
            threes |= 1 << rank
            knocker |= sum(1 << 13 * suit + rank for suit in range(4) if suit != missing)
            if rng.random() < 0.6:
                fourths |= 1 << 13 * missing + rank
        knocker_runs = 0
        for _ in range(rng.randint(0, 2)):
            run = (7 << rng.randrange(11)) << 13 * rng.randrange(4)
            if not run & (knocker | fourths):
                knocker_runs |= run
        rest = [i for i in range(52) if not (knocker | knocker_runs | fourths) >> i & 1]
        defender = fourths | sum(1 << i for i in rng.sample(rest, 10 - fourths.bit_count()))
        full = counts(defender, knocker_runs, every_choice(defender, fourths))
        pruned = counts(defender, knocker_runs, _defence_choices(defender, fourths, knocker_runs))
        assert min(pruned) == min(full)
        assert (pruned.count(min(pruned)) == 1) == (full.count(min(full)) == 1)


def every_spot(meld: int) -> list[int]:
    """Every chain of cards next to a run at either end (held or not), or a group of three's fourth."""
    suits = [suit for suit in range(4) if meld >> 13 * suit & SUIT]
    if len(suits) > 1:
        if len(suits) != 3:
            return []
        missing = next(suit for suit in range(4) if suit not in suits)
        return [(meld >> 13 * suits[0] & SUIT) << 13 * missing]
    ranks = [r for r in range(13) if meld >> (13 * suits[0] + r) & 1]
    spots = []
    for step, edge in ((-1, min(ranks)), (1, max(ranks))):
        chain, rank = 0, edge + step
        while 0 <= rank < 13:
            chain |= 1 << (13 * suits[0] + rank)
            spots.append(chain)
            rank += step
    return spots


def test_the_lay_off_spots_held_are_every_spot_held_in_the_same_order():
    rng = random.Random("spots")
    melds = [(((1 << length) - 1) << low) << 13 * suit
             for suit in range(4) for low in range(11) for length in range(3, 14 - low)]
    melds += [sum(1 << 13 * suit + rank for suit in suits) for rank in range(13)
              for suits in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (0, 1, 2, 3))]
    for meld in melds:
        for _ in range(20):
            held = rng.getrandbits(52) & ~meld
            expected = [spot for spot in every_spot(meld) if spot & held == spot]
            assert list(_layoff_spots(meld, False, held)) == expected
