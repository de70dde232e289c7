"""``live_stamps.Holds`` on a real folder: a held ask goes on when its game's stamp is replaced or
removed, and no sooner; the wait runs out; a process holds no more than it may; a stopping
process holds nothing.  (What a phone sees of it: test_share.py and test_live_holds_served.py.)"""

from __future__ import annotations

import os
import secrets
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import live_stamps
from scorekeeper.live_stamps import Holds, stamp


@pytest.fixture(autouse=True, params=["told", "polled"])
def watching(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test twice: the watcher told of each change by the kernel (inotify), and polling the
    folder, as where the kernel tells nothing."""
    if request.param == "told" and live_stamps.INotify is None and sys.platform != "linux":
        pytest.skip("no inotify off Linux")  # (on Linux inotify_simple is a dependency: its absence fails)
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


def until(condition: Callable[[], bool], what: str) -> None:
    """Wait for the condition (work done, polled), failing if it never comes."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.002)


def looks_on(holds: Holds, more: int) -> None:
    """Wait until the watcher has looked ``more`` times more than now."""
    target = holds.looks + more
    until(lambda: holds.looks >= target, f"{more} looks of the watcher")


def holding(holds: Holds, game_id: int, seen: bytes | None, seconds: float) -> tuple[threading.Thread, dict[str, Any]]:
    answer: dict[str, Any] = {}
    held = holds.held

    def ask() -> None:
        answer["moved"] = holds.hold(game_id, seen, seconds)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    until(lambda: holds.held > held or "moved" in answer, "the ask held")
    return thread, answer


def stopping() -> tuple[threading.Event, Callable[[], bool]]:
    """A process's ``serving``: cleared at the end of a test, its held asks all let go."""
    serving = threading.Event()
    serving.set()
    return serving, serving.is_set


#: a wait no test sees the end of: an ask that goes on went on for its game's change
LONG = 600


def test_a_held_ask_goes_on_when_its_games_stamp_is_replaced_and_not_for_another_games(tmp_path: Path) -> None:
    serving, is_serving = stopping()
    holds = Holds(tmp_path, most=4, serving=is_serving)
    seen = new_stamp(tmp_path, 1)
    thread, answer = holding(holds, 1, seen, LONG)
    other, other_answer = holding(holds, 2, new_stamp(tmp_path, 2), LONG)

    new_stamp(tmp_path, 2)  # another game's change: its ask goes on, this one stays held
    other.join(30)
    assert other_answer["moved"] is True
    assert holds.waiting() == {1} and thread.is_alive()
    new_stamp(tmp_path, 1)
    thread.join(30)

    assert answer["moved"] is True  # at the change (False had the wait run out)
    assert holds.held == 0
    serving.clear()


def test_a_held_ask_goes_on_when_its_games_stamp_is_removed(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=4)
    thread, answer = holding(holds, 7, new_stamp(tmp_path, 7), LONG)

    (tmp_path / "7").unlink()
    thread.join(30)

    assert answer["moved"] is True and stamp(tmp_path, 7) is None


def test_a_held_ask_of_a_game_that_does_not_change_runs_out(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=4)

    assert holds.hold(3, new_stamp(tmp_path, 3), 0.05) is False  # the wait over, the stamp unmoved
    assert holds.held == 0 and holds.waiting() == set()


def test_a_process_holds_no_more_asks_than_it_may(tmp_path: Path) -> None:
    holds = Holds(tmp_path, most=1)
    seen = new_stamp(tmp_path, 4)
    thread, answer = holding(holds, 4, seen, LONG)

    assert holds.hold(4, seen, LONG) is None  # at once: the phone asks again in a second
    new_stamp(tmp_path, 4)
    thread.join(30)
    assert answer["moved"] is True


def test_a_stopping_process_answers_its_held_asks_and_holds_no_new_one(tmp_path: Path) -> None:
    serving, is_serving = stopping()
    holds = Holds(tmp_path, most=4, serving=is_serving)
    seen = new_stamp(tmp_path, 5)
    thread, answer = holding(holds, 5, seen, LONG)

    serving.clear()
    thread.join(30)

    assert not thread.is_alive() and answer["moved"] is False  # let go, long before its wait's end
    assert holds.hold(5, seen, LONG) is None


class _CountedItems(dict):  # type: ignore[type-arg]
    """The held asks by game, counting how often the watcher lists them."""

    listed = 0

    def items(self):  # type: ignore[no-untyped-def]
        self.listed += 1
        return super().items()


def test_a_tick_with_the_folder_unchanged_and_nothing_due_looks_at_no_held_game(
    tmp_path: Path, watching: str, monkeypatch: Any
) -> None:
    # Every 20 ms a tick: with hundreds of games held, going through them all each tick cost a
    # worker more than everything else its idle phones did.  Only a change of the folder, its
    # second look a little later, and the read of every stamp once a second go through them.
    # (Counted in the watcher's looks, not in time: polling, 25 ticks; told by the kernel, a
    # look each quarter second without news.)
    idle_looks = 25 if watching == "polled" else 3
    monkeypatch.setattr("scorekeeper.live_stamps.EVERY", 600.0)
    serving, is_serving = stopping()
    holds = Holds(tmp_path, most=300, serving=is_serving)
    waiting = holds._waiting = _CountedItems()
    stamps = {game_id: new_stamp(tmp_path, game_id) for game_id in range(1, 201)}
    threads = [holding(holds, game_id, seen, LONG)[0] for game_id, seen in stamps.items()]
    until(lambda: waiting.listed >= 1, "the first read of every stamp")
    looks_on(holds, idle_looks)  # and the looks at the folder the holds saw change
    before = waiting.listed
    looks_on(holds, idle_looks)
    idle = waiting.listed - before
    new_stamp(tmp_path, 999)  # a change of the folder, no held game's
    until(lambda: waiting.listed > before + idle, "the listing of the changed folder")
    looks_on(holds, idle_looks + 10)  # (its second look, SETTLE later, is 5 ticks on)
    after_change = waiting.listed - before - idle
    new_stamp(tmp_path, 5)
    threads[4].join(30)

    assert idle == 0
    assert 1 <= after_change <= 3  # the listing, and its second look a tenth of a second later
    assert not threads[4].is_alive() and threads[5].is_alive()
    assert len(waiting) == 199
    serving.clear()


@pytest.mark.parametrize("watching", ["told"], indirect=True)
def test_a_watcher_the_kernel_tells_never_lists_the_folder_and_wakes_the_ask_at_its_change(
    tmp_path: Path, monkeypatch: Any
) -> None:
    listings: list[Path] = []
    monkeypatch.setattr(live_stamps, "_inodes", lambda folder: listings.append(folder) or {})
    serving, is_serving = stopping()
    holds = Holds(tmp_path, most=4, serving=is_serving)
    thread, answer = holding(holds, 1, new_stamp(tmp_path, 1), LONG)
    last, last_answer = holding(holds, 11, new_stamp(tmp_path, 11), LONG)
    for other in range(2, 12):
        new_stamp(tmp_path, other)
    last.join(30)  # the last of those changes seen
    assert last_answer["moved"] is True
    assert holds.waiting() == {1} and thread.is_alive()

    new_stamp(tmp_path, 1)
    thread.join(30)

    assert answer["moved"] is True
    assert tmp_path not in listings  # (another test's watcher, polling, may list its own)
    serving.clear()
