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

import pytest

from scorekeeper import live_stamps
from scorekeeper.live_stamps import Holds, stamp


@pytest.fixture(autouse=True, params=["told", "polled"])
def watching(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test twice: the watcher told of each change by the kernel (inotify), and polling the
    folder, as where the kernel tells nothing."""
    if request.param == "told" and live_stamps.INotify is None:
        pytest.skip("no inotify here")
    if request.param == "polled":
        monkeypatch.setattr(live_stamps, "_told", lambda folder: None)
    return str(request.param)


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


class _CountedItems(dict):  # type: ignore[type-arg]
    """The held asks by game, counting how often the watcher lists them."""

    listed = 0

    def items(self):  # type: ignore[no-untyped-def]
        self.listed += 1
        return super().items()


def test_a_tick_with_the_folder_unchanged_and_nothing_due_looks_at_no_held_game(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # Every 20 ms a tick: with hundreds of games held, going through them all each tick cost a
    # worker more than everything else its idle phones did.  Only a change of the folder, its
    # second look a little later, and the read of every stamp once a second go through them.
    monkeypatch.setattr("scorekeeper.live_stamps.EVERY", 60.0)
    holds = Holds(tmp_path, most=300)
    waiting = holds._waiting = _CountedItems()
    stamps = {game_id: new_stamp(tmp_path, game_id) for game_id in range(1, 201)}
    threads = [holding(holds, game_id, seen, 10)[0] for game_id, seen in stamps.items()]
    time.sleep(0.3)  # the first read of every stamp, and the looks at the folder the holds saw change
    before = waiting.listed
    time.sleep(0.5)  # 25 ticks
    idle = waiting.listed - before
    new_stamp(tmp_path, 999)  # a change of the folder, no held game's
    time.sleep(0.5)
    after_change = waiting.listed - before - idle
    new_stamp(tmp_path, 5)
    for thread in threads[4:5]:
        thread.join(5)

    assert idle == 0
    assert 1 <= after_change <= 3  # the listing, and its second look a tenth of a second later
    assert not threads[4].is_alive() and threads[5].is_alive()
    assert len(waiting) == 199


def test_a_watcher_the_kernel_tells_never_lists_the_folder_and_wakes_the_ask_at_its_change(
    tmp_path: Path, watching: str, monkeypatch: Any
) -> None:
    if watching != "told":
        pytest.skip("the kernel's telling")
    listings: list[Path] = []
    monkeypatch.setattr(live_stamps, "_inodes", lambda folder: listings.append(folder) or {})
    holds = Holds(tmp_path, most=4)
    thread, answer = holding(holds, 1, new_stamp(tmp_path, 1), 20)
    for other in range(2, 12):
        new_stamp(tmp_path, other)
    time.sleep(0.1)
    assert thread.is_alive()

    new_stamp(tmp_path, 1)
    thread.join(25)

    assert answer["moved"] is True
    assert tmp_path not in listings  # (another test's watcher, polling, may list its own)
