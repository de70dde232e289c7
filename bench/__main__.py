"""``python -m bench``: time the engine and the server, and print the figures with their targets.

Options shrink or grow the run (``--hands``, ``--repeats``, ...); the
defaults are what ``make bench`` reports.  The engine's figures run on one
thread; figure 7 (:mod:`bench.load`) plays many tables at once against gunicorn.
"""

from __future__ import annotations

import argparse
import platform
import sys

from . import browser, engine_download, gin, imports, load, replay, rlcard_gin, stats, tables, web, wild
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
    parser.add_argument(
        "--rounds", type=int, default=15,
        help="rounds of figures 1 and 4, each side once a round in one process; the median is "
        "reported (default 15)",
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
    parser.add_argument(
        "--table-steps", default=",".join(map(str, tables.STEPS)),
        help="tables at each step of the table-load ramp (default %(default)s; empty skips it)",
    )
    parser.add_argument("--table-warmup", type=float, default=20, help="seconds each ramp step settles (default 20)")
    parser.add_argument("--table-seconds", type=float, default=40, help="seconds each ramp step is measured (default 40)")
    parser.add_argument(
        "--only", default="",
        help="comma-separated figures to run, of: " + ", ".join(FIGURES) + " (default: all)",
    )
    args = parser.parse_args(argv)
    args.only = set(filter(None, args.only.split(","))) or set(FIGURES)
    if args.only - set(FIGURES):
        parser.error(f"no such figure: {', '.join(sorted(args.only - set(FIGURES)))}")
    return args


#: the figures by the name ``--only`` takes, in the order they run
FIGURES = ("1", "2", "3", "3b", "4", "4b", "5", "6", "7", "tables", "8", "9", "10", "11")


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    print(
        f"Scorekeeper engine benchmark: Python {platform.python_version()}, one thread, "
        f"seed {args.seed!r}; rates are medians of {args.repeats} passes"
    )
    rlcard = rlcard_gin.find()
    print(rlcard_gin.HOW_TO_GET if rlcard is None else f"comparing with {rlcard.how}")
    engine_replay = replay.load_replay()
    deals = []
    if not isinstance(engine_replay, str) and args.only & {"4b", "5"}:
        deals = replay.knockable_deals(max(args.replay_hands, replay.LONG_GAME_HANDS), args.seed)

    figures: list[Figure] = []
    only = args.only
    try:
        if "1" in only:
            figures += gin.run(rlcard, args.hands, args.rounds, args.seed)
        if "2" in only:
            figures += wild.run_tunk(args.hands, args.repeats, args.seed)
        if "3" in only:
            figures += wild.run_indian(args.indian_hands, args.seed)
        if "3b" in only:
            figures += wild.run_three_thirteen(args.indian_hands, args.seed)
        if "4" in only:
            figures += replay.run_throughput(
                engine_replay, rlcard, min(args.knock_hands, args.hands), args.rounds, args.seed
            )
        if "4b" in only:
            figures += replay.run_deals(engine_replay, rlcard, deals[: args.replay_hands], args.repeats)
        if "5" in only:
            figures += replay.run_long_games(engine_replay, deals, args.seed)
        if "6" in only:
            figures += web.run(args.seed)
        if "7" in only and args.load_tables:
            figures += load.figures(
                tables=args.load_tables, seconds=args.load_seconds, workers=args.load_workers
            )
        if "tables" in only and args.table_steps:
            figures += tables.figures(
                steps=[int(n) for n in args.table_steps.split(",")], warmup=args.table_warmup,
                seconds=args.table_seconds, workers=args.load_workers, accounts=20,
            )
        if "8" in only:
            figures += stats.run(args.seed)
        if "9" in only:
            figures += imports.figures(("sqlite", "postgres") if load.postgres_url() else ("sqlite",))
        if "10" in only:
            figures += browser.run(args.seed)
        if "11" in only:
            figures += engine_download.run(args.seed)
    finally:
        if rlcard is not None:
            rlcard.close()
    if rlcard is not None:
        print(f"\nRLCard used: {rlcard.how}")
    print("\n" + table(figures))


if __name__ == "__main__":
    main(sys.argv[1:])
