"""``live_stamps.Holds`` on a real folder: a held ask goes on when its game's stamp is replaced or
removed, and no sooner; the wait runs out; a process holds no more than it may; a stopping
process holds nothing.  (What a phone sees of it: test_share.py and test_live_holds_served.py.)"""

from __future__ import annotations

import os
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from scorekeeper.live_stamps import Holds, stamp


def new_stamp(folder: Path, game_id: int) -> bytes:
    """A game's new stamp, written as ``live_stamps.changed`` writes it (a new file put in place)."""
    fresh = folder / f".{game_id}-{secrets.token_hex(4)}"
    value = secrets.token_bytes(8)
    fresh.write_bytes(value)
    os.replace(fresh, folder / str(game_id))
    return value


def holding(holds: Holds, game_id: int, seen: bytes, seconds: float) -> tuple[threading.Thread, dict[str, Any]]:
    answer: dict[str, Any] = {}

    def ask() -> None:
        answer["moved"] = holds.hold(game_id, seen, seconds)
        answer["at"] = time.monotonic()

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    deadline = time.monotonic() + 5
    while holds.held < 1 and time.monotonic() < deadline:
        time.sleep(0.005)
    return thread, answer


def test_a_held_ask_goes_on_when_its_games_stamp_is_replaced_and_not_for_another_games(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=4)
    seen = new_stamp(tmp_path, 1)
    new_stamp(tmp_path, 2)
    thread, answer = holding(holds, 1, seen, 20)

    new_stamp(tmp_path, 2)  # another game's change
    time.sleep(0.3)
    assert thread.is_alive()
    new_stamp(tmp_path, 1)
    changed = time.monotonic()
    thread.join(25)

    assert answer["moved"] is True
    assert answer["at"] - changed < 5  # at the change (the watcher looks every 20 ms), not after the 20 s
    assert holds.held == 0


def test_a_held_ask_goes_on_when_its_games_stamp_is_removed(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=4)
    thread, answer = holding(holds, 7, new_stamp(tmp_path, 7), 10)

    (tmp_path / "7").unlink()
    thread.join(25)

    assert answer["moved"] is True and stamp(tmp_path, 7) is None


def test_a_held_ask_of_a_game_that_does_not_change_runs_out(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=4)
    started = time.monotonic()

    assert holds.hold(3, new_stamp(tmp_path, 3), 0.5) is False
    assert 0.45 <= time.monotonic() - started < 10


def test_a_process_holds_no_more_asks_than_it_may(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=1)
    seen = new_stamp(tmp_path, 4)
    thread, _ = holding(holds, 4, seen, 10)

    assert holds.hold(4, seen, 10) is None  # at once: the phone asks again in a second
    new_stamp(tmp_path, 4)
    thread.join(25)


def test_a_stopping_process_answers_its_held_asks_and_holds_no_new_one(tmp_path: Path) -> None:
    serving = threading.Event()
    serving.set()
    holds = Holds(tmp_path, most=4, serving=serving.is_set)
    seen = new_stamp(tmp_path, 5)
    thread, answer = holding(holds, 5, seen, 20)

    serving.clear()
    stopped = time.monotonic()
    thread.join(25)

    assert answer["moved"] is False and answer["at"] - stopped < 5  # not after the 20 s
    assert holds.hold(5, seen, 10) is None
