"""Figures 4 and 5: replaying game logs into score sheets.

4. Throughput: a Gin log with one hand per deal (each deal played until
   someone can knock, see :func:`bench.hands.knockable_deals`), both hands
   as cards, replayed whole (parsing, melds, lay-offs, scoring), in hands
   per second; the median of several replays.  Set beside RLCard's solver
   alone on the same 10-card hands, their passes alternating with ours; the
   ratio compares a game hand of ours with one 10-card hand of RLCard's.
5. Long games: a 1,000-hand Basic Rummy game (4 players, counts and cards
   mixed) and a 1,000-hand Gin game (cards), median milliseconds per replay.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from functools import partial
from typing import Any

from . import hands as deal
from .gin import solve
from .logs import basic_log, gin_log
from .report import Figure, milliseconds, per_second, section, times
from .rlcard_gin import RLCard
from .timing import alternate, median_seconds, paired_ratio, rate, repeated_passes

LONG_GAME_HANDS = 1000
LONG_GAME_REPEATS = 7
LONG_GAME_TARGET_SECONDS = 0.050
THROUGHPUT_TARGET_RATIO = 1.0

Replay = Callable[[dict[str, Any]], dict[str, Any]]


def load_replay() -> Replay | str:
    """The engine's ``replay``, or why it cannot be imported."""
    try:
        from scorekeeper.engine import replay
    except ImportError as error:
        return f"skipped: scorekeeper.engine.replay is not importable ({error})"
    return replay


def deadwood_of(ids: deal.CardIds) -> int:
    return solve(deal.to_cards(ids))


def knockable_deals(count: int, seed: str) -> list[deal.GinDeal]:
    return deal.knockable_deals(count, f"{seed}/replay", deadwood_of)


def run_throughput(
    replay: Replay | str, rlcard: RLCard | None, deals: list[deal.GinDeal], repeats: int
) -> list[Figure]:
    section("4. replay() throughput: Gin, both hands as cards, target 10**9")
    target = f">= {THROUGHPUT_TARGET_RATIO:g}x RLCard"
    if isinstance(replay, str):
        print(replay)
        return [Figure("replay gin hands", "skipped", target)]
    log = gin_log(deals)
    _check_sheet(replay(log), len(deals))
    both_hands = [hand for d in deals for hand in (d.ann, d.bob)]
    seconds, _ = repeated_passes(solve, [deal.to_cards(h) for h in both_hands], repeats)
    print(
        f"{len(deals):,} deals played until someone could knock; our solver alone on "
        f"their {len(both_hands):,} 10-card hands: "
        f"{per_second(rate(len(both_hands), statistics.median(seconds)))}"
    )
    if rlcard is None:
        replay_rate = rate(len(deals), median_seconds(partial(replay, log), repeats))
        print(f"replay, median of {repeats}: {per_second(replay_rate)} hands")
        return [
            Figure("replay gin hands (parse + score)", per_second(replay_rate)),
            Figure("replay gin hands / RLCard solver hands", "skipped", target),
        ]
    rlcard.prepare("replay", "deadwood10", both_hands)

    def one_replay() -> float:
        return median_seconds(partial(replay, log), 1)

    def one_rlcard_pass() -> float:
        return rlcard.time_pass("replay")[0]

    replay_seconds, rl_seconds = alternate(one_replay, one_rlcard_pass, repeats)
    replay_rate = rate(len(deals), statistics.median(replay_seconds))
    rl_rate = rate(len(both_hands), statistics.median(rl_seconds))
    ratio = paired_ratio(rl_seconds, [s * 2 for s in replay_seconds])
    print(
        f"replay {per_second(replay_rate)} game hands (two 10-card hands each); RLCard's "
        f"solver alone {per_second(rl_rate)} 10-card hands ({per_second(rl_rate / 2)} deals); "
        f"median of {repeats}, alternating"
    )
    return [
        Figure("replay gin hands (parse + score)", per_second(replay_rate)),
        Figure("RLCard solver, same 10-card hands", per_second(rl_rate)),
        Figure(
            "replay gin hands / RLCard solver hands",
            times(ratio),
            target,
            ratio >= THROUGHPUT_TARGET_RATIO,
        ),
    ]


def run_long_games(replay: Replay | str, deals: list[deal.GinDeal], seed: str) -> list[Figure]:
    section(f"5. Replay of a {LONG_GAME_HANDS:,}-hand game (target 10**9)")
    target = f"<= {LONG_GAME_TARGET_SECONDS * 1e3:g} ms"
    games = {
        "basic, 4 players, counts + cards": basic_log(LONG_GAME_HANDS, f"{seed}/basic"),
        "gin, cards": gin_log(deals[:LONG_GAME_HANDS]),
    }
    if isinstance(replay, str):
        print(replay)
        return [
            Figure(f"replay {LONG_GAME_HANDS} hands, {name}", "skipped", target) for name in games
        ]
    figures = []
    for name, log in games.items():
        _check_sheet(replay(log), LONG_GAME_HANDS)
        seconds = median_seconds(partial(replay, log), LONG_GAME_REPEATS)
        print(f"{name}: median of {LONG_GAME_REPEATS} replays {milliseconds(seconds)}")
        figures.append(
            Figure(
                f"replay {LONG_GAME_HANDS} hands, {name}",
                milliseconds(seconds),
                target,
                seconds <= LONG_GAME_TARGET_SECONDS,
            )
        )
    return figures


def _check_sheet(sheet: dict[str, Any], hands: int) -> None:
    """Fail loudly if the replay did not score every hand of a game still going."""
    if len(sheet["hands"]) != hands or sheet["finished"]:
        raise RuntimeError(f"replay scored {len(sheet['hands'])} of {hands} hands")
