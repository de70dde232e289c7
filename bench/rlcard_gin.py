"""RLCard's pure-Python Gin Rummy solver, timed on its own card objects.

RLCard is not a project dependency.  It is used in this process when
``import rlcard`` works (``.venv/bin/pip install rlcard``), otherwise through
the Python named by ``BENCH_RLCARD_PYTHON``, which runs this module as a
child (``python -m bench.rlcard_gin``) answering one JSON request per line.
This module imports only the standard library and RLCard, so that Python
needs nothing else.  Either way the hands become RLCard cards once, before
any timing, and passes are asked for one at a time so the caller can
alternate them with its own.

How RLCard gets a hand's lowest deadwood (``rlcard/games/gin_rummy``):

* 10 cards, its own way: ``melding.get_best_meld_clusters(hand)`` (every set
  of up to three disjoint melds, keeping those of lowest deadwood), then
  ``utils.get_deadwood_count(hand, best[0])``; a hand with no meld counts
  every card (``utils.get_deadwood_value``).
* 11 cards: those two functions insist on 10 cards, so the 11-card figure
  uses ``melding.get_meld_clusters(hand)`` and sums
  ``utils.get_deadwood_value`` of the unmelded cards, the lowest over all
  clusters: every card counts, as in ``scorekeeper.engine.melds.min_deadwood``.
* 11 cards after the discard (RLCard's knock rule, ``judge._get_going_out_cards``):
  per cluster the unmelded value less the highest unmelded card, 0 when all
  11 are melded.  Only used to check the two solvers agree there too.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ENV_PYTHON = "BENCH_RLCARD_PYTHON"
HOW_TO_GET = (
    "RLCard comparison skipped: `.venv/bin/pip install rlcard` "
    f"or set {ENV_PYTHON}=/path/to/python-with-rlcard"
)

Solve = Callable[[list[Any]], int]


def _solvers() -> tuple[str, Callable[[int], Any], dict[str, Solve]]:
    """RLCard's version, its card for a card id, and its deadwood by kind."""
    import rlcard
    from rlcard.games.gin_rummy.utils import melding, utils

    value = utils.get_deadwood_value

    def deadwood10(hand: list[Any]) -> int:
        best = melding.get_best_meld_clusters(hand)
        if not best:
            return sum(value(card) for card in hand)
        return int(utils.get_deadwood_count(hand, best[0]))

    def unmelded_values(hand: list[Any]) -> list[list[int]]:
        """Per meld cluster (and for no meld) the values of the unmelded cards."""
        found = [[value(card) for card in hand]]
        for cluster in melding.get_meld_clusters(hand):
            melded = [card for pile in cluster for card in pile]
            found.append([value(card) for card in hand if card not in melded])
        return found

    def deadwood11(hand: list[Any]) -> int:
        return min(sum(values) for values in unmelded_values(hand))

    def discard11(hand: list[Any]) -> int:
        return min(sum(values) - max(values, default=0) for values in unmelded_values(hand))

    kinds: dict[str, Solve] = {
        "deadwood10": deadwood10,
        "deadwood11": deadwood11,
        "discard11": discard11,
    }
    return rlcard.__version__, utils.get_card, kinds


class Session:
    """Hand sets turned into RLCard cards, each timed on request."""

    def __init__(self) -> None:
        self.version, self._card, self._kinds = _solvers()
        self._sets: dict[str, tuple[Solve, list[list[Any]]]] = {}

    def prepare(self, name: str, kind: str, hands: Sequence[Sequence[int]]) -> None:
        """Convert ``hands`` (card ids) to RLCard cards under ``name``."""
        self._sets[name] = (self._kinds[kind], [[self._card(i) for i in ids] for ids in hands])

    def time_pass(self, name: str) -> tuple[float, list[int]]:
        """Seconds for one pass over the set ``name``, and every hand's deadwood."""
        solve, hands = self._sets[name]
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            deadwood = [solve(hand) for hand in hands]
            seconds = time.perf_counter() - start
        finally:
            gc.enable()
        return seconds, deadwood


class RLCard:
    """RLCard here or in the ``BENCH_RLCARD_PYTHON`` child; ``how`` says which."""

    def __init__(self, python: str | None) -> None:
        self.python = python
        self._session: Session | None = None
        self._child: subprocess.Popen[str] | None = None
        self.version = "?"
        if python is None:
            self._session = Session()
            self.version = self._session.version
        else:
            self._child = _start_child(python)
            self.version = self._ask({"op": "version"})

    @property
    def how(self) -> str:
        where = (
            "imported in this process"
            if self.python is None
            else (f"in a child process, {ENV_PYTHON}={self.python}")
        )
        return f"RLCard {self.version}, {where}"

    def prepare(self, name: str, kind: str, hands: Sequence[Sequence[int]]) -> None:
        if self._session is not None:
            self._session.prepare(name, kind, hands)
        else:
            self._ask({"op": "prepare", "name": name, "kind": kind, "hands": list(hands)})

    def time_pass(self, name: str) -> tuple[float, list[int]]:
        if self._session is not None:
            return self._session.time_pass(name)
        seconds, deadwood = self._ask({"op": "time", "name": name})
        return seconds, deadwood

    def close(self) -> None:
        if self._child is not None:
            self._child.stdin.close()  # type: ignore[union-attr]
            self._child.wait()
            self._child = None

    def _ask(self, request: dict[str, Any]) -> Any:
        child = self._child
        assert child is not None and child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps(request) + "\n")
        child.stdin.flush()
        line = child.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.python} -m bench.rlcard_gin stopped (see its stderr)")
        return json.loads(line)["answer"]


def _start_child(python: str) -> subprocess.Popen[str]:
    root = str(Path(__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    return subprocess.Popen(
        [python, "-m", "bench.rlcard_gin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=path),
        cwd=root,
    )


def find() -> RLCard | None:
    """RLCard in this process if importable, else the configured child, else None."""
    try:
        import rlcard.games.gin_rummy.utils.melding  # noqa: F401
    except ImportError:
        python = os.environ.get(ENV_PYTHON)
        return RLCard(python) if python else None
    return RLCard(None)


def serve() -> None:
    """The child's loop: one JSON request per stdin line, one answer per line."""
    session = Session()
    for line in sys.stdin:
        request = json.loads(line)
        answer: Any = None
        if request["op"] == "version":
            answer = session.version
        elif request["op"] == "prepare":
            session.prepare(request["name"], request["kind"], request["hands"])
        elif request["op"] == "time":
            answer = session.time_pass(request["name"])
        print(json.dumps({"answer": answer}), flush=True)


if __name__ == "__main__":
    serve()
