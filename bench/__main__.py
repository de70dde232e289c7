"""``python -m bench``: time the engine and the server, and print the figures with their targets.

Options shrink or grow the run (``--hands``, ``--repeats``, ...); the
defaults are what ``make bench`` reports.  The engine's figures run on one
thread; figure 7 (:mod:`bench.load`) plays many tables at once against gunicorn.
"""

from __future__ import annotations

import argparse
import platform
import sys

from . import gin, imports, load, replay, rlcard_gin, stats, web, wild
from .report import Figure, table


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "--hands",
        type=int,
        default=20_000,
        help="random hands for the Gin and Tunk rates (default 20,000)",
    )
    parser.add_argument(
        "--indian-hands",
        type=int,
        default=2_000,
        help="Indian hands, and Three Thirteen hands, each timed alone (default 2,000)",
    )
    parser.add_argument(
        "--knock-hands",
        type=int,
        default=5_000,
        help="figure 1's 10-card hands replayed one per log entry in figure 4 "
        "(default 5,000; at most --hands)",
    )
    parser.add_argument(
        "--replay-hands",
        type=int,
        default=3_000,
        help="knockable deals in the informational Gin deals log (default 3,000)",
    )
    parser.add_argument(
        "--repeats", type=int, default=5, help="passes per rate; the median is reported (default 5)"
    )
    parser.add_argument("--seed", default="20", help="seed of every random deal (default 20)")
    parser.add_argument(
        "--load-tables", type=int, default=50,
        help="tables playing at once in the load test against gunicorn (default 50; 0 skips it)",
    )
    parser.add_argument(
        "--load-seconds", type=float, default=60, help="how long the load test plays (default 60)"
    )
    parser.add_argument(
        "--load-workers", type=int, default=5, help="gunicorn workers in the load test (default 5)"
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    print(
        f"Scorekeeper engine benchmark: Python {platform.python_version()}, one thread, "
        f"seed {args.seed!r}; rates are medians of {args.repeats} passes"
    )
    rlcard = rlcard_gin.find()
    print(rlcard_gin.HOW_TO_GET if rlcard is None else "comparing with RLCard's gin solver")
    engine_replay = replay.load_replay()
    deals = []
    if not isinstance(engine_replay, str):
        deals = replay.knockable_deals(max(args.replay_hands, replay.LONG_GAME_HANDS), args.seed)

    figures: list[Figure] = []
    try:
        figures += gin.run(rlcard, args.hands, args.repeats, args.seed)
        figures += wild.run_tunk(args.hands, args.repeats, args.seed)
        figures += wild.run_indian(args.indian_hands, args.seed)
        figures += wild.run_three_thirteen(args.indian_hands, args.seed)
        figures += replay.run_throughput(
            engine_replay, rlcard, min(args.knock_hands, args.hands), args.repeats, args.seed
        )
        figures += replay.run_deals(engine_replay, rlcard, deals[: args.replay_hands], args.repeats)
        figures += replay.run_long_games(engine_replay, deals, args.seed)
        figures += web.run(args.seed)
        if args.load_tables:
            figures += load.figures(
                tables=args.load_tables, seconds=args.load_seconds, workers=args.load_workers
            )
        figures += stats.run(args.seed)
        figures += imports.figures(("sqlite", "postgres") if load.postgres_url() else ("sqlite",))
    finally:
        if rlcard is not None:
            rlcard.close()
    if rlcard is not None:
        print(f"\nRLCard used: {rlcard.how}")
    print("\n" + table(figures))


if __name__ == "__main__":
    main(sys.argv[1:])
