"""Figures 2, 3 and 3b: the wild-card solver, on Tunk, Indian and Three Thirteen hands.

Tunk: 7-card hands from two decks, deuces wild; hands per second, the median
of several passes.  Indian: 13-card hands from two decks and 2 printed jokers
with a random wild rank; every hand is timed alone (the fastest of 3 runs, to
damp noise) and the p50, p99 and max of those times are reported.  Three
Thirteen: its largest deal, 13 cards from three decks and 6 jokers, kings
wild, groups of any size with copies, 0, 1 or 2 naturals a meld in turn;
timed as Indian.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from functools import partial

from scorekeeper.engine.cards import Card
from scorekeeper.engine.games.three_thirteen import meld_rules as three_thirteen_rules
from scorekeeper.engine.melds import MeldRules, arrange, indian_points, is_declaration, min_deadwood

from . import hands as deal
from .report import Figure, milliseconds, per_second, section
from .timing import best_of, percentile, quiet_gc, rate, repeated_passes

TUNK = MeldRules(wild_rank=2)
#: Indian's targets by percentile: p50 and p99 at most 1 ms, the slowest hand 2 ms
INDIAN_TARGETS = {"p50": 0.001, "p99": 0.001, "max": 0.002}
INDIAN_TRIES = 3
THREE_THIRTEEN_TARGET_SECONDS = 0.005


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
    seconds = _each_hand_seconds(_indian_hand, hands, rules)
    return _percentiles("indian hand", count, seconds, INDIAN_TARGETS)


def run_three_thirteen(count: int, seed: str) -> list[Figure]:
    section("3b. Three Thirteen: deal 11, 13 cards, three decks + 6 jokers, kings wild")
    hands = deal.pack_hands(count, 13, 3, 6, f"{seed}/three-thirteen")
    rules = [three_thirteen_rules(13, "10", k % 3, 20) for k in range(count)]
    seconds = _each_hand_seconds(arrange, hands, rules)
    return _percentiles("three thirteen hand", count, seconds, dict.fromkeys(("p50", "p99", "max"),
                                                                                THREE_THIRTEEN_TARGET_SECONDS))


def _indian_hand(cards: list[Card], rules: MeldRules) -> tuple[int, bool]:
    """What the Indian game asks of a declarer's hand: its points and whether it declares."""
    return indian_points(cards, rules).points, is_declaration(cards, rules)


def _percentiles(label: str, count: int, seconds: list[float], targets: dict[str, float]) -> list[Figure]:
    found = {"p50": percentile(seconds, 50), "p99": percentile(seconds, 99), "max": max(seconds)}
    print(
        f"{count:,} hands, each the fastest of {INDIAN_TRIES} runs: "
        + ", ".join(f"{name} {milliseconds(value)}" for name, value in found.items())
    )
    return [
        Figure(f"{label}, {name}", milliseconds(value), f"<= {milliseconds(targets[name])}", value <= targets[name])
        for name, value in found.items()
    ]


def _each_hand_seconds(solve: Callable[[list[Card], MeldRules], object], hands: list[list[Card]],
                       rules: list[MeldRules]) -> list[float]:
    with quiet_gc():
        return [
            best_of(partial(solve, cards, hand_rules), INDIAN_TRIES)
            for cards, hand_rules in zip(hands, rules, strict=True)
        ]
