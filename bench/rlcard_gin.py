"""The other Gin Rummy solvers: RLCard's pure Python and OpenSpiel's C++, each on its own cards.

Neither is a project dependency.  ``make bench`` installs both (``rlcard``
and ``open-spiel``, pinned in the Makefile) into a scratch venv of their own,
``.venv-bench``, and points ``BENCH_RLCARD_PYTHON`` at its Python, which runs
this module as a child (``python -m bench.rlcard_gin``) answering one JSON
request per line.  Where ``import rlcard`` works in this process (with
``pyspiel`` or not) the solvers are used here instead.  This module imports
only the standard library, RLCard, OpenSpiel and the engine (standard
library only), so that Python needs nothing else; our solver is timed
there too, beside theirs in the same process.  Either way the hands become each solver's own cards once,
before any timing, and passes are asked for one at a time so the caller can
alternate them with its own.  OpenSpiel is optional: without ``pyspiel`` its
figures are skipped.

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

How OpenSpiel does (``pyspiel.gin_rummy.GinRummyUtils(13, 4, hand_size)``,
C++ through pybind11; a card id is ``suit * 13 + rank`` there too, suits in
another order, which changes no deadwood): ``min_deadwood(ids)`` takes the
hand as a list of ints.  With ``hand_size`` 10, 10 cards count as they are
and 11 cards after the best discard; with ``hand_size`` 11, 11 cards count
every card.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ENV_PYTHON = "BENCH_RLCARD_PYTHON"
HOW_TO_GET = (
    "RLCard and OpenSpiel comparisons skipped: `make bench` installs them into .venv-bench; "
    f"or set {ENV_PYTHON}=/path/to/python-with-rlcard-and-open-spiel"
)

Solve = Callable[[list[Any]], int]
#: a solver's way of turning a hand of card ids into what it takes
Convert = Callable[[Sequence[int]], list[Any]]


def _rlcard_solvers() -> tuple[str, dict[str, tuple[Solve, Convert]]]:
    """RLCard's version, and its deadwood by kind with its card conversion."""
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

    def cards(ids: Sequence[int]) -> list[Any]:
        return [utils.get_card(i) for i in ids]

    return rlcard.__version__, {
        "deadwood10": (deadwood10, cards),
        "deadwood11": (deadwood11, cards),
        "discard11": (discard11, cards),
    }


def _openspiel_solvers() -> tuple[str | None, dict[str, tuple[Solve, Convert]]]:
    """OpenSpiel's version and its deadwood by kind, or (None, {}) without ``pyspiel``."""
    try:
        from importlib.metadata import version

        from pyspiel import gin_rummy
    except ImportError:
        return None, {}
    ten = gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood
    eleven = gin_rummy.GinRummyUtils(13, 4, 11).min_deadwood
    return version("open_spiel"), {
        "openspiel10": (ten, list),  # 10 cards as they are
        "openspiel11": (eleven, list),  # 11 cards, every card counted
        "openspiel_discard11": (ten, list),  # 11 cards, after the best discard
    }


def _our_solvers() -> dict[str, tuple[Solve, Convert]]:
    """Our ``min_deadwood`` by kind, timed beside the others in the same process."""
    melds, cards, replay = _engine()
    solve = melds.min_deadwood

    def discard11(hand: list[Any]) -> int:
        return min(solve(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))

    def convert(ids: Sequence[int]) -> list[Any]:
        return [cards.ALL_CARDS[i] for i in ids]

    def replay_hands(log: Any) -> int:
        return len(replay(log)["hands"])

    def same(log: Any) -> Any:
        return log

    return {
        "ours10": (solve, convert), "ours11": (solve, convert), "ours_discard11": (discard11, convert),
        # a game log replayed whole, parsing and scoring included (figure 4): its hands played
        "replay": (replay_hands, same),
    }


def _engine() -> tuple[Any, Any, Any]:
    """The engine's ``melds`` and ``cards`` modules and its ``replay``.

    The engine is standard library only (it also runs on Pyodide), but the
    ``scorekeeper`` package's ``__init__`` imports Flask, which the scratch
    venv has not: there the package is stood in for by an empty one over
    the same folder, so only ``scorekeeper.engine`` is imported.
    """
    try:
        import scorekeeper  # noqa: F401
    except ImportError:
        package = types.ModuleType("scorekeeper")
        package.__path__ = [str(Path(__file__).resolve().parent.parent / "scorekeeper")]
        sys.modules["scorekeeper"] = package
    from scorekeeper.engine import cards, melds, replay

    return melds, cards, replay


class Session:
    """Hand sets turned into each solver's cards, each timed on request."""

    def __init__(self) -> None:
        rlcard_version, kinds = _rlcard_solvers()
        openspiel_version, more = _openspiel_solvers()
        self.versions = {"rlcard": rlcard_version, "openspiel": openspiel_version}
        self._kinds = {**kinds, **more, **_our_solvers()}
        self._sets: dict[str, tuple[Solve, list[list[Any]]]] = {}

    def prepare(self, name: str, kind: str, hands: Sequence[Sequence[int]]) -> None:
        """Convert ``hands`` (card ids) to the cards of ``kind``'s solver, under ``name``."""
        solve, convert = self._kinds[kind]
        self._sets[name] = (solve, [convert(ids) for ids in hands])

    def time_pass(self, name: str) -> tuple[float, list[int]]:
        """CPU seconds for one pass over the set ``name``, and every hand's deadwood.

        CPU time (this thread's), not the wall clock: on a shared machine the
        wall clock also counts the time other processes had the cores, which
        comes in bursts and would fall on one side of a ratio and not the
        other.  Both sides of every ratio are timed the same way.
        """
        solve, hands = self._sets[name]
        gc.collect()
        gc.disable()
        try:
            start = time.thread_time()
            deadwood = [solve(hand) for hand in hands]
            seconds = time.thread_time() - start
        finally:
            gc.enable()
        return seconds, deadwood


class RLCard:
    """RLCard here or in the ``BENCH_RLCARD_PYTHON`` child; ``how`` says which."""

    def __init__(self, python: str | None) -> None:
        self.python = python
        self._session: Session | None = None
        self._child: subprocess.Popen[str] | None = None
        versions: dict[str, str | None]
        if python is None:
            self._session = Session()
            versions = self._session.versions
        else:
            self._child = _start_child(python)
            versions = self._ask({"op": "version"})
        self.version = versions["rlcard"] or "?"
        #: OpenSpiel's version, None where ``pyspiel`` is not there (its figures are skipped)
        self.openspiel = versions["openspiel"]

    @property
    def how(self) -> str:
        where = (
            "imported in this process"
            if self.python is None
            else (f"in a child process, {ENV_PYTHON}={self.python}")
        )
        openspiel = f"OpenSpiel {self.openspiel}" if self.openspiel else "no OpenSpiel"
        return f"RLCard {self.version} and {openspiel}, {where}"

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


#: the scratch venv ``make bench`` makes for RLCard and OpenSpiel
SCRATCH_PYTHON = Path(__file__).resolve().parent.parent / ".venv-bench" / "bin" / "python"


def find() -> RLCard | None:
    """RLCard in this process if importable, else the configured child (or the
    scratch venv's), else None."""
    try:
        import rlcard.games.gin_rummy.utils.melding  # noqa: F401
    except ImportError:
        python = os.environ.get(ENV_PYTHON) or (str(SCRATCH_PYTHON) if SCRATCH_PYTHON.exists() else None)
        return RLCard(python) if python else None
    return RLCard(None)


def serve() -> None:
    """The child's loop: one JSON request per stdin line, one answer per line."""
    session = Session()
    for line in sys.stdin:
        request = json.loads(line)
        answer: Any = None
        if request["op"] == "version":
            answer = session.versions
        elif request["op"] == "prepare":
            session.prepare(request["name"], request["kind"], request["hands"])
        elif request["op"] == "time":
            answer = session.time_pass(request["name"])
        print(json.dumps({"answer": answer}), flush=True)


if __name__ == "__main__":
    serve()
