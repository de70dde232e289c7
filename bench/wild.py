"""Figures 2 and 3: the wild-card solver, on Tunk and Indian hands.

Tunk: 7-card hands from two decks, deuces wild; hands per second, the median
of several passes.  Indian: 13-card hands from two decks and 2 printed jokers
with a random wild rank; every hand is timed alone (the fastest of 3 runs, to
damp noise) and the p50, p99 and max of those times are reported.
"""

from __future__ import annotations

import statistics
from functools import partial

from scorekeeper.engine.cards import Card
from scorekeeper.engine.melds import MeldRules, indian_hand, min_deadwood

from . import hands as deal
from .report import Figure, milliseconds, per_second, section
from .timing import best_of, percentile, quiet_gc, rate, repeated_passes

TUNK = MeldRules(wild_rank=2)
INDIAN_TARGET_SECONDS = 0.002
INDIAN_TRIES = 3


def indian_rules(wild_rank: int) -> MeldRules:
    """Indian's rules for a deal: A/K/Q/J 10, pips, wild rank and jokers 0."""
    values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    values[wild_rank - 1] = 0
    return MeldRules(
        rank_values=tuple(values), ace_high=True, wild_rank=wild_rank, min_natural=1, joker_value=0
    )


def run_tunk(count: int, repeats: int, seed: str) -> list[Figure]:
    section("2. Tunk: 7 cards, two decks, deuces wild")
    hands = deal.two_deck_hands(count, 7, 0, f"{seed}/tunk")
    seconds, _ = repeated_passes(partial(min_deadwood, rules=TUNK), hands, repeats)
    tunk_rate = rate(count, statistics.median(seconds))
    print(f"{count:,} hands, median of {repeats} passes: {per_second(tunk_rate)}")
    return [Figure("tunk deadwood, 7 cards", per_second(tunk_rate))]


def run_indian(count: int, seed: str) -> list[Figure]:
    section("3. Indian: 13 cards, two decks + 2 jokers, random wild rank")
    hands = deal.two_deck_hands(count, 13, 2, f"{seed}/indian")
    rules = [indian_rules(rank) for rank in deal.wild_ranks(count, f"{seed}/indian-wild")]
    seconds = _each_hand_seconds(hands, rules)
    p50, p99, worst = percentile(seconds, 50), percentile(seconds, 99), max(seconds)
    print(
        f"{count:,} hands, each the fastest of {INDIAN_TRIES} runs: "
        f"p50 {milliseconds(p50)}, p99 {milliseconds(p99)}, max {milliseconds(worst)}"
    )
    target = f"<= {milliseconds(INDIAN_TARGET_SECONDS)}"
    return [
        Figure("indian hand, p50", milliseconds(p50), target, p50 <= INDIAN_TARGET_SECONDS),
        Figure("indian hand, p99", milliseconds(p99), target, p99 <= INDIAN_TARGET_SECONDS),
        Figure("indian hand, max", milliseconds(worst), target, worst <= INDIAN_TARGET_SECONDS),
    ]


def _each_hand_seconds(hands: list[list[Card]], rules: list[MeldRules]) -> list[float]:
    with quiet_gc():
        return [
            best_of(partial(indian_hand, cards, hand_rules), INDIAN_TRIES)
            for cards, hand_rules in zip(hands, rules, strict=True)
        ]
