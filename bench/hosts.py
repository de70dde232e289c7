"""Two app hosts on one PostgreSQL database: how soon a change made through one reaches a phone on the other.

``python -m bench.hosts`` (and ``make bench --only tables``, on PostgreSQL)
starts two gunicorn hosts, each with its own instance folder as two machines
would have, shares one game, follows its live link from a phone on host B
(held asks, as ``static/share.js`` asks) and records, corrects and undoes
hands through host A's pages: the seconds from host A's answer to the phone's
new sheet, over every change.  Also used by
``tests/integration/test_live_served.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .load import Phone, Server, Timings, fresh_database, hidden_fields, postgres_url, raw_request


class LivePhone:
    """A phone on a live link, asking as ``static/share.js`` does (held, then at once again), in a
    thread of its own; every new sheet it is sent noted with the moment it came."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token, self.etag = port, token, ""
        self.sheets: list[tuple[float, str, str | None, str]] = []  # (when, ETag, Preference-Applied, body)
        self.answers = 0
        self.new = threading.Condition()
        self.stopped = False
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        while not self.stopped:
            headers = {"Prefer": "wait=25", **({"If-None-Match": self.etag} if self.etag else {})}
            try:
                status, answer, body = raw_request(self.port, "GET", f"/s/{self.token}/sheet", headers=headers,
                                                   timeout=40)
            except OSError:
                status, answer, body = 0, None, ""  # (a host being restarted: asked again)
            with self.new:
                self.answers += 1
                if status == 200 and answer is not None:
                    self.etag = answer["ETag"]
                    self.sheets.append((time.monotonic(), self.etag, answer.get("Preference-Applied"), body))
                self.new.notify_all()
            if status not in (200, 304):
                time.sleep(0.05)  # (as share.js: a host down is asked again a little later)

    def until_sheet(self, more_than: int, timeout: float = 30) -> tuple[float, str, str | None, str]:
        """The phone's last sheet once it has been sent more than ``more_than``."""
        with self.new:
            assert self.new.wait_for(lambda: len(self.sheets) > more_than, timeout), \
                f"no new sheet after {more_than}: {self.answers} answers"
            return self.sheets[-1]

    def stop(self) -> None:
        self.stopped = True


def change(keeper: Phone, game_id: int, step: int) -> None:
    """Through the keeper's host's pages: a hand recorded (step 0), corrected (1), undone (2), in turn."""
    if step % 3 == 0:
        status, _, _ = keeper.submit("hand", f"/games/{game_id}/hands/new",
                                     {"out": "0", "p1-count": "12", "p2-count": "3", "p3-count": "7"})
    elif step % 3 == 1:
        _, _, page = keeper.request("game", "GET", f"/games/{game_id}")
        last = max(int(n) for n in re.findall(r'id="hand-(\d+)"', page))
        status, _, _ = keeper.submit("correction", f"/games/{game_id}/hands/{last}/edit",
                                     {"out": "1", "p0-count": "5", "p2-count": "9", "p3-count": "2"})
    else:
        _, _, page = keeper.request("game", "GET", f"/games/{game_id}")
        status, _, _ = keeper.request("undo", "POST", f"/games/{game_id}/undo",
                                      {"csrf_token": hidden_fields(page)["csrf_token"]})
    if status != 303:
        raise RuntimeError(f"change {step} answered {status}")


def seen_after_changes(keeper: Phone, phone: LivePhone, game_id: int, changes: int, first: int = 0) -> list[float]:
    """Each change made through the keeper's host, then waited for on the phone: the seconds from
    the keeper's answer to the phone's new sheet (none below 0: a phone may be sent it first)."""
    seen = []
    for step in range(first, first + changes):
        before = len(phone.sheets)
        change(keeper, game_id, step)
        saved = time.monotonic()
        came, *_ = phone.until_sheet(before)
        seen.append(max(0.0, came - saved))
    return seen


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * len(ordered)))]


@contextmanager
def two_hosts(postgres: str, folder: Path, workers: int = 1) -> Iterator[tuple[Server, Server, Phone, int, str]]:
    """Hosts A and B (an instance folder each, one database, one shared game): (A, B, the keeper's
    phone signed in on A, the game's id, its live link's token).  Sets ``LIVE_CHANNEL`` for them."""
    from .tables import set_up, sign_in

    os.environ["LIVE_CHANNEL"] = f"live_{uuid.uuid4().hex[:12]}"  # (this run's own)
    try:
        with fresh_database("postgresql", folder, postgres) as url:
            (folder / "a").mkdir()
            (folder / "b").mkdir()
            a = Server(url, folder / "a", workers=workers)
            b = Server(url, folder / "b", workers=workers, secret=a.secret)
            a.migrate()
            (game_id, token, account), = set_up(url, a.port, 1, 1, "hosts")
            a.start()
            try:
                b.start()
                keeper = Phone(a.port, Timings())
                keeper.cookies = sign_in(a.port, account, "hosts")
                yield a, b, keeper, game_id, token
            finally:
                a.stop()
                b.stop()
    finally:
        os.environ.pop("LIVE_CHANNEL", None)


def cross_host(postgres: str, changes: int = 50, workers: int = 2) -> list[float]:
    """The seconds from each change's answer on host A to a phone on host B showing it."""
    with tempfile.TemporaryDirectory() as folder, two_hosts(postgres, Path(folder), workers) as (_, b, keeper,
                                                                                                 game, token):
        phone = LivePhone(b.port, token)
        try:
            phone.until_sheet(0)
            return seen_after_changes(keeper, phone, game, changes)
        finally:
            phone.stop()


def line(seen: list[float]) -> str:
    return (f"cross-host seen over {len(seen)} changes: median {statistics.median(seen) * 1e3:.1f} ms, "
            f"p99 {p99(seen) * 1e3:.1f} ms (target 100 ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hosts", description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per host (default 2)")
    args = parser.parse_args(argv)
    postgres = postgres_url()
    if not postgres:
        print("no PostgreSQL answers: two hosts need one")
        return 1
    print(line(cross_host(postgres, args.changes, args.workers)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
