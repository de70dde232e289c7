"""Figure 4 (with an informational 4b) and figure 5: replaying game logs.

4. Target figure: ``replay()`` of a Gin log with one entry per 10-card hand,
   parsing and scoring included, against RLCard's solver alone on the same
   hands.  The hands are the first ones of figure 1's random 10-card hands
   (same seed); each becomes the knocker's cards, the other player a fixed
   count (:data:`bench.logs.DEFENDER_COUNT`), with options ``target`` 100,000 (never reached)
   and ``knock_limit`` 1000 so every hand may knock.  Rates are hands per
   second, medians of several passes, replays alternating with RLCard
   passes; the ratio (replay / RLCard, target >= 1x) is the median of the
   paired passes' ratios.  The sheet's knocker values are checked against
   our ``min_deadwood`` of each hand.
4b. Informational, no target: a Gin log of knockable deals (each deal played
   until someone can knock, see :func:`bench.hands.knockable_deals`), both
   hands as cards so the engine also finds the defender's lay-offs, replayed
   whole, in deals per second; the ratio is per deal against RLCard's solver
   alone on the deal's two 10-card hands.
5. Long games: a 1,000-hand Basic Rummy game (4 players, counts and cards
   mixed) and a 1,000-hand Gin game (the deals of 4b), median milliseconds
   per replay.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from functools import partial
from typing import Any

from . import gin
from . import hands as deal
from .logs import basic_log, gin_hand_log, gin_log
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
    return gin.solve(deal.to_cards(ids))


def knockable_deals(count: int, seed: str) -> list[deal.GinDeal]:
    return deal.knockable_deals(count, f"{seed}/replay", deadwood_of)


#: figure 4's hands per game: 700 hands of at most 125 points (a gin against 100) stay under
#: the highest target the engine takes (100,000), so every game plays every hand
CHUNK = 700

def run_throughput(
    replay: Replay | str, rlcard: RLCard | None, count: int, repeats: int, seed: str
) -> list[Figure]:
    """Figure 4: one log entry per random 10-card hand, replay vs RLCard's solver."""
    section("4. replay() of a one-entry-per-gin-hand log vs RLCard's solver alone")
    target = f">= {THROUGHPUT_TARGET_RATIO:g}x RLCard"
    label = "replay gin log, 1 entry per 10-card hand"
    if isinstance(replay, str):
        print(replay)
        return [Figure(label, "skipped", target)]
    hands = gin.random_hands(count, 10, seed)
    # Games of CHUNK hands each: one long game would reach the highest target the engine takes.
    logs = [gin_hand_log(hands[i:i + CHUNK]) for i in range(0, count, CHUNK)]

    def replay_all(logs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [replay(log) for log in logs]  # type: ignore[operator]

    sheets = replay_all(logs)
    _check_knocker_values({"hands": [row for sheet in sheets for row in sheet["hands"]],
                           "finished": any(sheet["finished"] for sheet in sheets)}, hands)
    log: Any = logs
    print(
        f"the first {count:,} of figure 1's random 10-card hands, one log entry each "
        "(knocker's cards, defender a count); sheet's knocker values = our min_deadwood"
    )
    if rlcard is None:
        replay_rate = rate(count, median_seconds(partial(replay_all, log), repeats))
        print(f"replay, median of {repeats}: {per_second(replay_rate)} hands")
        return [
            Figure(f"{label} (parse + score)", per_second(replay_rate)),
            Figure(f"{label} / RLCard solver", "skipped", target),
        ]
    rlcard.prepare("replay-hands", "deadwood10", hands)
    replay_seconds, rl_seconds = _alternate(replay_all, log, rlcard, "replay-hands", repeats)  # type: ignore[arg-type]
    replay_rate = rate(count, statistics.median(replay_seconds))
    rl_rate = rate(count, statistics.median(rl_seconds))
    ratio = paired_ratio(rl_seconds, replay_seconds)
    print(
        f"replay {per_second(replay_rate)} hands; RLCard's solver alone "
        f"{per_second(rl_rate)} on the same hands; replay / RLCard {times(ratio)} "
        f"(median of {repeats}, alternating)"
    )
    return [
        Figure(f"{label} (parse + score)", per_second(replay_rate)),
        Figure("RLCard solver alone, same 10-card hands", per_second(rl_rate)),
        Figure(f"{label} / RLCard solver", times(ratio), target, ratio >= THROUGHPUT_TARGET_RATIO),
    ]


def run_deals(
    replay: Replay | str, rlcard: RLCard | None, deals: list[deal.GinDeal], repeats: int
) -> list[Figure]:
    """Figure 4b, informational: knockable deals, both hands as cards + lay-offs."""
    section("4b. replay() of gin deals, both hands as cards + lay-offs (informational)")
    label = "replay gin deals, both hands as cards + lay-offs"
    if isinstance(replay, str):
        print(replay)
        return [Figure(label, "skipped")]
    log = gin_log(deals)
    _check_sheet(replay(log), len(deals))
    both_hands = [hand for d in deals for hand in (d.ann, d.bob)]
    seconds, _ = repeated_passes(gin.solve, [deal.to_cards(h) for h in both_hands], repeats)
    print(
        f"{len(deals):,} deals played until someone could knock; our solver alone on "
        f"their {len(both_hands):,} 10-card hands: "
        f"{per_second(rate(len(both_hands), statistics.median(seconds)))}"
    )
    if rlcard is None:
        replay_rate = rate(len(deals), median_seconds(partial(replay, log), repeats))
        print(f"replay, median of {repeats}: {per_second(replay_rate)} deals")
        return [Figure(label, per_second(replay_rate))]
    rlcard.prepare("replay-deals", "deadwood10", both_hands)
    replay_seconds, rl_seconds = _alternate(replay, log, rlcard, "replay-deals", repeats)
    replay_rate = rate(len(deals), statistics.median(replay_seconds))
    rl_rate = rate(len(both_hands), statistics.median(rl_seconds))
    ratio = paired_ratio(rl_seconds, replay_seconds)
    print(
        f"replay {per_second(replay_rate)} deals (two 10-card hands each); RLCard's solver "
        f"alone {per_second(rl_rate)} 10-card hands ({per_second(rl_rate / 2)} deals); "
        f"median of {repeats}, alternating"
    )
    return [
        Figure(label, per_second(replay_rate)),
        Figure("replay gin deals, per deal vs RLCard solving its two hands", times(ratio)),
    ]


def _alternate(
    replay: Replay, log: dict[str, Any], rlcard: RLCard, name: str, repeats: int
) -> tuple[list[float], list[float]]:
    """Seconds of ``repeats`` replays of ``log`` and RLCard passes over ``name``, interleaved."""

    def one_replay() -> float:
        return median_seconds(partial(replay, log), 1)

    def one_rlcard_pass() -> float:
        return rlcard.time_pass(name)[0]

    return alternate(one_replay, one_rlcard_pass, repeats)


def run_long_games(replay: Replay | str, deals: list[deal.GinDeal], seed: str) -> list[Figure]:
    section(f"5. Replay of a {LONG_GAME_HANDS:,}-hand game (target 100,000: never reached)")
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


def _check_knocker_values(sheet: dict[str, Any], hands: list[deal.CardIds]) -> None:
    """Fail loudly unless each entry's knocker value is our lowest deadwood of its hand."""
    _check_sheet(sheet, len(hands))
    differ = sum(
        entry["details"]["Ann"]["value"] != gin.solve(deal.to_cards(hand))
        for entry, hand in zip(sheet["hands"], hands, strict=True)
    )
    if differ:
        raise RuntimeError(f"replay's knocker value differs from min_deadwood on {differ} hands")


def _check_sheet(sheet: dict[str, Any], hands: int) -> None:
    """Fail loudly if the replay did not score every hand of a game still going."""
    if len(sheet["hands"]) != hands or sheet["finished"]:
        raise RuntimeError(f"replay scored {len(sheet['hands'])} of {hands} hands")
