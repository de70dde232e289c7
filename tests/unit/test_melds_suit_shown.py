"""The per-suit tables and the pruned choices Gin's table-read scoring uses, against the walks they stand in for.

:func:`~scorekeeper.engine.melds.gin._suit_shown` gives, for every set of ranks
of a suit, what the knocker's suit shows (its run deadwood, its runs, the
text of what is left and the runs' texts); here it is checked for every one
of the 8,192 sets against a walk through the suit's best sets of runs.  The defence's choices
leave out what every best arrangement does the same way; their lowest count
and whether it is the only one must be those of every choice.  A run's
lay-off spots stop at the first card the defender does not hold: the same
spots, in the same order, as listing every spot and keeping the held ones.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.melds import (
    STANDARD,
    MeldRules,
    mask_text,
)
from scorekeeper.engine.melds.bits import _DEFENCE_KEPT, _IN_RUNS, _WORDS, _defences_shown, _group_melds, _suit_covers_of, _suits_shown
from scorekeeper.engine.melds.gin import _defence_shown, _suit_shown
from scorekeeper.engine.melds.search import _layoff_spots
from scorekeeper.engine.melds.tables import _defence_choices, _defence_in_suit
from scorekeeper.engine.melds.types import SEVERAL

SUIT = 0x1FFF
RULES = [STANDARD, MeldRules(rank_values=tuple(range(1, 14))), MeldRules(rank_values=(1,) * 13)]


def walked(ranks: int, suit: int, rules: MeldRules) -> tuple | bool:
    """A suit's part of the knocker's hand as the sheet wrote it before the table: its best runs walked."""
    if not _IN_RUNS[ranks]:
        return rules.run_deadwood[ranks], 0, (), _WORDS[suit][ranks], (), 0
    ways = _suit_covers_of(ranks, rules.suit_covers, rules.run_deadwood, rules.suit_values)
    if len(ways) != 1:
        return SEVERAL
    held = 0
    for run in ways[0]:
        held |= run
    runs = tuple(sorted(run << 13 * suit for run in ways[0]))
    return (rules.run_deadwood[ranks], held, runs, _WORDS[suit][ranks ^ held], tuple(map(mask_text, runs)),
            held << 13)


@pytest.mark.parametrize("rules", RULES)
def test_every_set_of_ranks_of_every_suit_shows_what_its_best_runs_walked_show(rules):
    for suit in range(4):
        kept = [None] * (1 << 13)
        for ranks in range(1 << 13):
            assert _suit_shown(kept, suit, ranks, rules) == walked(ranks, suit, rules)
            assert kept[ranks] == walked(ranks, suit, rules)  # kept for the next ask


def test_a_rules_suit_tables_are_lists_of_8192_sets_of_ranks_unasked_or_answered():
    for table in _suits_shown(STANDARD.rank_values):
        assert type(table) is list and len(table) == 1 << 13
        assert all(found is None or found is SEVERAL or len(found) == 6 for found in table)


def test_rules_with_runs_around_the_corner_have_no_suit_tables():
    assert MeldRules(around_corner=True).suits_shown == ()
    assert STANDARD.suits_shown == _suits_shown(STANDARD.rank_values)
    assert MeldRules(around_corner=True).defences_shown == ()
    assert STANDARD.defences_shown == _defences_shown(STANDARD.rank_values)


def defence_walked(ranks: int, knocker_runs: int, suit: int, rules: MeldRules) -> tuple | bool:
    """A suit of the defender's hand as gin_shown wrote it before the table: the best runs of
    its cards with the knocker's run cards there walked, each shown as own runs and lay-offs."""
    joined = ranks | knocker_runs
    count = rules.run_deadwood[joined]
    if not ranks or not _IN_RUNS[joined]:
        return (), 0, _WORDS[suit][ranks], count, (), ""
    ways = _suit_covers_of(joined, rules.suit_covers, rules.run_deadwood, rules.suit_values)
    if len(ways) == 1 and not knocker_runs:
        own, laid = ways[0], 0
    else:
        shown = {_defence_in_suit(way, ranks, knocker_runs) for way in ways}
        if len(shown) != 1:
            return SEVERAL
        own, laid = shown.pop()
    held = laid
    for run in own:
        held |= run
    runs = tuple(sorted(run << 13 * suit for run in own))
    return runs, laid, _WORDS[suit][ranks ^ held], count, tuple(map(mask_text, runs)), _WORDS[suit][laid]


def suit_runs(ranks: int) -> list[int]:
    """Every set of runs of three or more (no corner) that ``ranks`` can make of its own cards, none."""
    found = [0]
    for low in range(11):
        for high in range(low + 2, 13):
            run = ((1 << (high - low + 1)) - 1) << low
            found += [runs | run for runs in found if not runs & run and not ranks & run]
    return found


@pytest.mark.parametrize("rules", RULES)
def test_a_defenders_suit_beside_the_knockers_runs_shows_what_its_best_runs_walked_show(rules):
    # The knocker's runs there: none, or any set of runs; the defender's ranks: every set
    # of the rest where the knocker has one run or none, a random few where it has more.
    rng = random.Random("defence shown")
    runs_sets = suit_runs(0)
    for suit in range(4):
        for knocker_runs in runs_sets:
            free = SUIT & ~knocker_runs
            if knocker_runs.bit_count() == 3 and suit == 0:
                every = range(1 << 13)
            else:
                every = [rng.getrandbits(13) for _ in range(12)]
            for ranks in every:
                ranks &= free
                kept: dict = {}
                found = _defence_shown(kept, suit, ranks | knocker_runs << 13, rules)
                assert found == defence_walked(ranks, knocker_runs, suit, rules)
                assert kept == {ranks | knocker_runs << 13: found}


def test_a_defence_table_past_its_bound_answers_the_same_without_keeping_more():
    asked = [(ranks, 0b111 << 4) for ranks in range(1 << 13) if not ranks & 0b111 << 4][:50]
    expected = [defence_walked(ranks, runs, 1, STANDARD) for ranks, runs in asked]
    kept = {-k: SEVERAL for k in range(1, _DEFENCE_KEPT + 1)}  # full already
    assert [_defence_shown(kept, 1, ranks | runs << 13, STANDARD) for ranks, runs in asked] == expected
    assert len(kept) == _DEFENCE_KEPT


def test_a_rules_defence_tables_are_four_plain_dicts():
    assert [type(table) for table in _defences_shown(STANDARD.rank_values)] == [dict] * 4


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
