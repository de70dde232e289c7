"""Figure 4 (with an informational 4b) and figure 5: replaying game logs.

4. Target figure: ``replay()`` of a Gin log with one entry per 10-card hand,
   parsing and scoring included, against RLCard's solver alone on the same
   hands.  The hands are the first ones of figure 1's random 10-card hands
   (same seed); each becomes the knocker's cards, the other player a fixed
   count (:data:`bench.logs.DEFENDER_COUNT`), with options ``target`` 100,000 (never reached)
   and ``knock_limit`` 1000 so every hand may knock.  Rates are hands per
   second, medians of several passes, replays alternating with RLCard
   passes; the ratio (replay / RLCard, target >= 1x) is the median of the
   paired passes' ratios.  Both run in one process, taking turns: RLCard's
   child (:mod:`bench.rlcard_gin`), where the engine is imported too.  The
   sheet's knocker values are checked against our ``min_deadwood`` of each
   hand.
4c. Target figure: the same for a Knock Rummy log, one entry per deal of
   two random 10-card hands, the knocker's and the defender's both entered
   as cards (so each entry solves two hands, and shows both arrangements),
   in hands per second against RLCard's solver on the same hands.
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
from .logs import basic_log, gin_hand_log, gin_log, knock_log
from .report import Figure, milliseconds, per_second, section, times
from .rlcard_gin import RLCard
from .timing import alternate, cpu_median_seconds, median_seconds, paired_ratio, rate, repeated_passes, rotate

LONG_GAME_HANDS = 1000
LONG_GAME_REPEATS = 7
#: the 1,000-hand games' targets: Basic 50 ms, Gin with both hands as cards 25 ms
LONG_GAME_TARGETS = {"basic": 0.050, "gin": 0.025}
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
    """Figure 4: one log entry per random 10-card hand, replay vs RLCard's solver;
    4c: the same with a Knock log whose defender is entered as cards too."""
    section("4. replay() of a one-entry-per-gin-hand log vs RLCard's solver alone")
    if isinstance(replay, str):
        print(replay)
        return [Figure(GIN_LABEL, "skipped", TARGET), Figure(KNOCK_LABEL, "skipped", TARGET)]
    hands = gin.random_hands(count, 10, seed)
    # Games of CHUNK hands each: one long game would reach the highest target the engine takes.
    logs = [gin_hand_log(hands[i:i + CHUNK]) for i in range(0, count, CHUNK)]
    sheets = [replay(log) for log in logs]
    _check_knocker_values({"hands": [row for sheet in sheets for row in sheet["hands"]],
                           "finished": any(sheet["finished"] for sheet in sheets)}, hands)
    print(
        f"the first {count:,} of figure 1's random 10-card hands, one log entry each "
        "(knocker's cards, defender a count); sheet's knocker values = our min_deadwood"
    )
    figures = _side_by_side(replay, rlcard, "gin", logs, hands, repeats, GIN_LABEL)

    section("4c. replay() of a Knock log, both hands as cards, vs RLCard's solver alone")
    deals = deal.two_hand_deals(count // 2, f"{seed}/knock")
    knock_logs = [knock_log(deals[i:i + CHUNK]) for i in range(0, len(deals), CHUNK)]
    both = [hand for pair in deals for hand in pair]
    _check_knock_values([replay(log) for log in knock_logs], deals)
    print(
        f"{len(deals):,} deals of two random 10-card hands, one Knock entry each, the knocker's "
        f"and the defender's cards: {len(both):,} hands to solve; sheet's values = our min_deadwood"
    )
    figures += _side_by_side(replay, rlcard, "knock", knock_logs, both, repeats, KNOCK_LABEL)
    return figures


GIN_LABEL = "replay gin log, 1 entry per 10-card hand"
KNOCK_LABEL = "replay knock log, both hands as cards, per hand"
TARGET = f">= {THROUGHPUT_TARGET_RATIO:g}x RLCard"


def _side_by_side(replay: Replay, rlcard: RLCard | None, name: str, logs: list[dict[str, Any]],
                  hands: list[deal.CardIds], repeats: int, label: str) -> list[Figure]:
    """Replays of ``logs`` and RLCard's passes over ``hands`` taking turns in one process
    (RLCard's, where the engine is imported too); rates in hands solved per second."""
    if rlcard is None:
        replay_rate = rate(len(hands), median_seconds(lambda: [replay(log) for log in logs], repeats))
        print(f"replay, median of {repeats}: {per_second(replay_rate)} hands")
        return [
            Figure(f"{label} (parse + score)", per_second(replay_rate)),
            Figure(f"{label} / RLCard solver", "skipped", TARGET),
        ]
    rlcard.prepare(f"{name}-replay", "replay", logs)
    rlcard.prepare(f"{name}-rlcard", "deadwood10", hands)
    replay_seconds, rl_seconds = rotate(
        [lambda: rlcard.time_pass(f"{name}-replay")[0], lambda: rlcard.time_pass(f"{name}-rlcard")[0]], repeats
    )
    replay_rate = rate(len(hands), statistics.median(replay_seconds))
    rl_rate = rate(len(hands), statistics.median(rl_seconds))
    ratio = paired_ratio(rl_seconds, replay_seconds)
    print(
        f"replay {per_second(replay_rate)} hands; RLCard's solver alone "
        f"{per_second(rl_rate)} on the same hands; replay / RLCard {times(ratio)} "
        f"(median of {repeats} rounds, taking turns in one process)"
    )
    return [
        Figure(f"{label} (parse + score)", per_second(replay_rate)),
        Figure(f"RLCard solver alone, same 10-card hands ({name})", per_second(rl_rate)),
        Figure(f"{label} / RLCard solver", times(ratio), TARGET, ratio >= THROUGHPUT_TARGET_RATIO),
    ]


def _check_knock_values(sheets: list[dict[str, Any]], deals: list[tuple[deal.CardIds, deal.CardIds]]) -> None:
    """Fail loudly unless every Knock row's two values are our lowest deadwoods of the hands."""
    rows = [row for sheet in sheets for row in sheet["hands"]]
    if len(rows) != len(deals):
        raise RuntimeError(f"replay scored {len(rows)} of {len(deals)} knock hands")
    differ = sum(
        (row["details"]["Ann"]["value"], row["details"]["Bob"]["value"])
        != (gin.solve(deal.to_cards(ann)), gin.solve(deal.to_cards(bob)))
        for row, (ann, bob) in zip(rows, deals, strict=True)
    )
    if differ:
        raise RuntimeError(f"replay's knock values differ from min_deadwood on {differ} hands")


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
    games = {
        "basic, 4 players, counts + cards": basic_log(LONG_GAME_HANDS, f"{seed}/basic"),
        "gin, cards": gin_log(deals[:LONG_GAME_HANDS]),
    }
    if isinstance(replay, str):
        print(replay)
        return [Figure(f"replay {LONG_GAME_HANDS} hands, {name}", "skipped") for name in games]
    figures = []
    for name, log in games.items():
        most = LONG_GAME_TARGETS[log["variant"]]
        _check_sheet(replay(log), LONG_GAME_HANDS)
        wall = median_seconds(partial(replay, log), LONG_GAME_REPEATS)
        seconds = cpu_median_seconds(partial(replay, log), LONG_GAME_REPEATS)
        print(f"{name}: median of {LONG_GAME_REPEATS} replays {milliseconds(seconds)} of CPU "
              f"({milliseconds(wall)} by the wall clock)")
        figures.append(
            Figure(
                f"replay {LONG_GAME_HANDS} hands, {name}",
                milliseconds(seconds),
                f"<= {most * 1e3:g} ms",
                seconds <= most,
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
