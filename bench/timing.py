"""Timing helpers: one pass over many inputs, medians of repeats, percentiles."""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@contextmanager
def quiet_gc() -> Iterator[None]:
    """Collect garbage first, then keep the collector off while timing."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def timed_pass(solve: Callable[[T], R], items: Sequence[T]) -> tuple[float, list[R]]:
    """Seconds for ``solve`` over every item once, and its results in order."""
    with quiet_gc():
        start = time.perf_counter()
        results = [solve(item) for item in items]
        seconds = time.perf_counter() - start
    return seconds, results


def repeated_passes(
    solve: Callable[[T], R], items: Sequence[T], repeats: int
) -> tuple[list[float], list[R]]:
    """The seconds of ``repeats`` passes, and the results of the last one."""
    times: list[float] = []
    results: list[R] = []
    for _ in range(repeats):
        seconds, results = timed_pass(solve, items)
        times.append(seconds)
    return times, results


def median_seconds(run: Callable[[], Any], repeats: int) -> float:
    """Median seconds of ``repeats`` calls of ``run``."""
    times = []
    for _ in range(repeats):
        with quiet_gc():
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def best_of(run: Callable[[], Any], tries: int) -> float:
    """The fastest of ``tries`` calls of ``run``, in CPU seconds (damps noise; see :func:`cpu_median_seconds`)."""
    best = math.inf
    for _ in range(tries):
        start = time.thread_time()
        run()
        best = min(best, time.thread_time() - start)
    return best


def cpu_median_seconds(run: Callable[[], Any], repeats: int) -> float:
    """Median CPU seconds (this thread's) of ``repeats`` calls of ``run``.

    On a shared machine the wall clock also counts the time other processes
    had the cores, in bursts; the CPU time is what the call itself cost.
    """
    times = []
    for _ in range(repeats):
        with quiet_gc():
            start = time.thread_time()
            run()
            times.append(time.thread_time() - start)
    return statistics.median(times)


def rate(count: int, seconds: float) -> float:
    """Items per second."""
    return count / seconds if seconds > 0 else math.inf


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0 < p <= 100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def alternate(
    first: Callable[[], float], second: Callable[[], float], rounds: int
) -> tuple[list[float], list[float]]:
    """The seconds of ``rounds`` runs of each, interleaved A B B A A B ...

    Each callable runs one timed pass and returns its seconds.  Interleaving
    makes a change in the machine's load hit both sides alike, so the ratio
    of paired runs holds where the absolute figures drift.
    """
    firsts: list[float] = []
    seconds: list[float] = []
    for number in range(rounds):
        if number % 2 == 0:
            firsts.append(first())
            seconds.append(second())
        else:
            seconds.append(second())
            firsts.append(first())
    return firsts, seconds


def paired_ratio(numerators: Sequence[float], denominators: Sequence[float]) -> float:
    """The median of the per-round ratios."""
    return statistics.median(n / d for n, d in zip(numerators, denominators, strict=True))


def rotate(runs: Sequence[Callable[[], float]], rounds: int) -> list[list[float]]:
    """The seconds of ``rounds`` runs of each, the order turned a step each round.

    Like :func:`alternate` for any number of sides (A B C, B C A, C A B, ...):
    each callable runs one timed pass and returns its seconds, and a change
    in the machine's load hits every side alike.
    """
    seconds: list[list[float]] = [[] for _ in runs]
    for number in range(rounds):
        for k in range(len(runs)):
            side = (number + k) % len(runs)
            seconds[side].append(runs[side]())
    return seconds
