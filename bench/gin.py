"""Figure 1: lowest Gin deadwood, hands per second, ours against RLCard's.

Both solvers get the same seeded random hands (10 cards, as after a discard,
and 11 cards, as after a draw), each converted to its own card objects before
timing.  A rate is the median of several passes over every hand; our passes
and RLCard's alternate, and the ratio is the median of the paired passes'
ratios.  Every hand's deadwood is also compared between the two solvers.
"""

from __future__ import annotations

import statistics
from functools import partial

from scorekeeper.engine.cards import Card
from scorekeeper.engine.melds import STANDARD, min_deadwood

from . import hands as deal
from .report import Figure, per_second, section, times
from .rlcard_gin import RLCard
from .timing import alternate, paired_ratio, rate, repeated_passes, timed_pass

TARGET_RATIO = 2.0
SIZES = (10, 11)
RLCARD_KIND = {10: "deadwood10", 11: "deadwood11"}

solve = partial(min_deadwood, rules=STANDARD)


def random_hands(count: int, size: int, seed: str) -> list[deal.CardIds]:
    """Figure 1's hands of ``size`` cards; the first ``count`` of any longer run."""
    return deal.gin_hands(count, size, f"{seed}/gin{size}")


def after_discard(cards: list[Card]) -> int:
    """The lowest deadwood of an 11-card hand once its best discard is made."""
    return min(solve(cards[:i] + cards[i + 1 :]) for i in range(len(cards)))


def run(rlcard: RLCard | None, count: int, repeats: int, seed: str) -> list[Figure]:
    section("1. Lowest Gin deadwood (one deck, A low, standard values)")
    print(f"{count:,} random hands of each size, median of {repeats} passes")
    ids = {size: random_hands(count, size, seed) for size in SIZES}
    cards = {size: [deal.to_cards(hand) for hand in ids[size]] for size in SIZES}
    figures: list[Figure] = []
    if rlcard is None:
        for size in SIZES:
            seconds, _ = repeated_passes(solve, cards[size], repeats)
            figures += _size_figures(size, rate(count, statistics.median(seconds)), None, None)
        return figures
    differ = 0
    for size in SIZES:
        name = f"gin{size}"
        rlcard.prepare(name, RLCARD_KIND[size], ids[size])
        ours_seconds, theirs_seconds, ours, theirs = _paired(rlcard, name, cards[size], repeats)
        ours_rate = rate(count, statistics.median(ours_seconds))
        rl_rate = rate(count, statistics.median(theirs_seconds))
        ratio = paired_ratio(theirs_seconds, ours_seconds)
        print(
            f"{size} cards: ours {per_second(ours_rate)}, RLCard {per_second(rl_rate)}, "
            f"ours / RLCard {times(ratio)}"
        )
        figures += _size_figures(size, ours_rate, rl_rate, ratio)
        counted = f"{size} cards" + (", every card counted" if size == 11 else "")
        differ += _report_disagreements(counted, ours, theirs)
    differ += _check_after_discard(rlcard, ids[11], cards[11])
    print(
        "(RLCard's best-cluster functions take only 10 cards, so its 11-card deadwood comes "
        "from get_meld_clusters)"
    )
    figures.append(
        Figure(
            "gin deadwood: hands where solvers differ",
            f"{differ} of {3 * count:,}",
            "0",
            differ == 0,
        )
    )
    return figures


def _paired(
    rlcard: RLCard, name: str, cards: list[list[Card]], repeats: int
) -> tuple[list[float], list[float], list[int], list[int]]:
    """Alternating passes of ours and RLCard's: seconds of each, and deadwoods."""
    results: dict[str, list[int]] = {}

    def ours() -> float:
        seconds, results["ours"] = timed_pass(solve, cards)
        return seconds

    def theirs() -> float:
        seconds, results["theirs"] = rlcard.time_pass(name)
        return seconds

    ours_seconds, theirs_seconds = alternate(ours, theirs, repeats)
    return ours_seconds, theirs_seconds, results["ours"], results["theirs"]


def _check_after_discard(rlcard: RLCard, ids: list[deal.CardIds], cards: list[list[Card]]) -> int:
    """Disagreements on 11-card hands once each solver makes its best discard."""
    rlcard.prepare("discard11", "discard11", ids)
    _, theirs = rlcard.time_pass("discard11")
    return _report_disagreements(
        "11 cards after the best discard", [after_discard(hand) for hand in cards], theirs
    )


def _report_disagreements(what: str, ours: list[int], theirs: list[int]) -> int:
    differ = sum(a != b for a, b in zip(ours, theirs, strict=True))
    print(f"  hands where the solvers differ, {what}: {differ} of {len(ours):,}")
    return differ


def _size_figures(
    size: int, ours: float, rlcard: float | None, ratio: float | None
) -> list[Figure]:
    """Our rate, RLCard's and the ratio for one hand size."""
    label = f"gin deadwood, {size} cards"
    target = f">= {TARGET_RATIO:g}x RLCard"
    if rlcard is None or ratio is None:
        return [
            Figure(f"{label}: ours", per_second(ours)),
            Figure(f"{label}: ours / RLCard", "skipped", target),
        ]
    return [
        Figure(f"{label}: ours", per_second(ours)),
        Figure(f"{label}: RLCard, same hands", per_second(rlcard)),
        Figure(f"{label}: ours / RLCard", times(ratio), target, ratio >= TARGET_RATIO),
    ]
