"""The load of real tables: how many one machine holds, ramped until a target breaks.

``python -m bench.tables [--database sqlite|postgresql|both]`` (and ``make
bench``, the table-load figure).  gunicorn runs as ``make serve`` runs it
(``gunicorn.conf.py``, the app migrated first; :class:`bench.load.Server`),
on SQLite or on PostgreSQL (the database :func:`bench.load.postgres_url`
finds, in a schema of its own).  The client runs on the same machine.

A table is what sits at a real one:

* a **keeper**, who once a minute (think time uniform from 30 to 90 s, the
  first at a random point of the first minute) opens the entry form, saves
  a hand of random counts (Basic Rummy, four players) and reads the sheet,
  over one connection that is then let go (a phone's keep-alive is shorter
  than a minute);
* **three phones** on the game's live link, each asking
  ``/s/<token>/sheet?page=1`` with the ETag it holds and ``Prefer: wait=25``,
  again as soon as it is answered but at most once a second
  (``static/share.js``: ``HOLD``, ``EVERY = 1000``), over a kept-alive
  connection, as a browser does.  The server holds an ask until the game
  changes or the 25 s are over (it says so: ``Preference-Applied``), or,
  with the holds off (``--no-holds``, the design before them), answers at
  once, and the phone asks again a second later.

A live ask answered at once is timed from its request to its answer; a held
ask is not (it waits on purpose): what a person at the table sees of it is
how soon a hand appears on their phone, timed from the keeper's phone
holding the save's answer to the live phone holding the sheet that shows
it (0 where the live phone had it first).  The live target applies to
both.

Nothing is compressed: a minute is a minute.  The ramp adds tables in steps
(``--steps``); each step runs ``--warmup`` seconds, then is measured for
``--seconds`` more: the p99 of a save (the POST) and of a live ask, against
250 ms and 100 ms.  The ramp stops after the first step that misses either.
The figure is the largest step that met both.  Beside each step: the cores
gunicorn's workers and this client used (``cpu s+c``), the share of the
host's cores busy whoever used them (``busy``: a host near 100 % misses
whatever the code does), and the p99 of how late this client's own loop ran
(``lag ms``: a client too busy to read its answers is not a slow server).

Set-up goes around HTTP, through the app's own services in this process:
the games and their live links are made there, and the tables share a few
accounts (``--accounts``), each signed in once through ``/login``: a
sign-in costs 0.1 s of scrypt on purpose, and a request costs the same
whichever account it is for.  Afterwards every game is read from the
database as :mod:`bench.load` does (:func:`bench.load.check_games`): hands
numbered 1..n, every acknowledged hand there as typed, none that was not,
and the log replaying to the stored totals.

Only loopback is contacted; every loop stops at its deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from .load import NAMES, TARGET, Acked, Server, check_games, fresh_database, hidden_fields, postgres_url

SAVE_TARGET = 0.250  # p99 of saving a hand, seconds
LIVE_TARGET = 0.100  # p99 of a live ask
THINK = (30.0, 90.0)  # a keeper's seconds between hands
LIVE_EVERY = 1.0  # static/share.js: EVERY = 1000 ms from one ask to the next, at least
LIVE_HOLD = 25  # static/share.js: HOLD, the seconds a phone says it can wait
PHONES = 3
STEPS = (50, 100, 200, 300, 400, 500, 600, 800)
HELD_TARGET = 600  # tables a 2-core host holds within both targets (issue 29)
TIMEOUT = 30.0


# -- one HTTP/1.1 connection, as a phone keeps it ---------------------------------


class Connection:
    """A kept-alive HTTP/1.1 connection to loopback (opened again when the server closes it)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str],
                      body: bytes = b"", timeout: float = TIMEOUT) -> tuple[int, dict[str, str], bytes]:
        """Status, headers (lower-case names, Set-Cookie joined by newlines) and body.

        A connection the server had closed meanwhile (keep-alive over, a
        worker restarted) is opened again and the request sent once more: a
        hand sent twice that way is still recorded once (its one-time token).
        """
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", self.port), TIMEOUT)
            try:
                return await asyncio.wait_for(self._exchange(method, path, headers, body), timeout)
            except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, EOFError):
                await self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method: str, path: str, headers: dict[str, str],
                        body: bytes) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None and self.writer is not None
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        head += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            head.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        # The status line and headers in one read (the client's own time counts on this machine too).
        lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        answer: dict[str, str] = {}
        for line in lines[1:]:
            if not line:
                continue
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            answer[name] = f"{answer[name]}\n{value}" if name in answer else value
        length = int(answer.get("content-length", "0"))
        content = await self.reader.readexactly(length) if length else b""
        if answer.get("connection", "").lower() == "close":
            await self.close()
        return status, answer, content

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await asyncio.wait_for(self.writer.wait_closed(), 5)
            except (OSError, TimeoutError):
                pass
        self.reader = self.writer = None


# -- what is measured ------------------------------------------------------------


@dataclass
class Samples:
    """Each request's (time it ended, seconds), by kind, and what went wrong."""

    by_kind: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    problems: list[str] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, kind: str, started: float, status: int) -> None:
        ended = time.monotonic()
        self.by_kind[kind].append((ended, ended - started))
        self.statuses[f"{kind} {status}"] += 1

    def add_seconds(self, kind: str, seconds: float) -> None:
        self.by_kind[kind].append((time.monotonic(), seconds))

    def window(self, kind: str, start: float, end: float) -> list[float]:
        return sorted(seconds for ended, seconds in self.by_kind[kind] if start <= ended < end)


def p99(values: list[float]) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[98]


# -- a table ---------------------------------------------------------------------


@dataclass
class Keeper:
    """The table's keeper: a game, a signed-in account's cookies, every hand acknowledged."""

    index: int
    game_id: int
    token: str
    cookies: dict[str, str]
    port: int
    samples: Samples
    rng: random.Random
    games: dict[int, dict[int, Acked]] = field(default_factory=dict)
    live_port: int = 0  # where the table's phones follow the live link (0: the keeper's host, ``port``)
    saving: asyncio.Future[None] | None = None  # the hand on its way, if any
    acked_at: dict[int, float] = field(default_factory=dict)  # hand number: when its save was answered

    def __post_init__(self) -> None:
        self.games[self.game_id] = {}
        self.live_port = self.live_port or self.port

    @property
    def hands(self) -> dict[int, Acked]:
        return self.games[self.game_id]

    def headers(self, **more: str) -> dict[str, str]:
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return {"Accept": "text/html", "Cookie": cookie, **more}

    async def play(self, deadline: list[float]) -> None:
        await asyncio.sleep(self.rng.uniform(0, THINK[1] - THINK[0]))
        while time.monotonic() < deadline[0]:
            # Shielded: the ramp's end stops a keeper between hands, never while
            # a hand is on its way (it would be stored and never acknowledged).
            self.saving = asyncio.ensure_future(self.one_hand())
            await asyncio.shield(self.saving)
            await asyncio.sleep(self.rng.uniform(*THINK))

    async def one_hand(self) -> None:
        connection = Connection(self.port)
        try:
            path = f"/games/{self.game_id}/hands/new"
            started = time.monotonic()
            status, _, page = await connection.request("GET", path, self.headers())
            self.samples.add("GET entry form", started, status)
            if status != 200:
                self.samples.problems.append(f"table {self.index}: entry form answered {status}")
                return
            form = hidden_fields(page.decode())
            fields = self.random_hand()
            body = urlencode({**form, **fields}).encode()
            started = time.monotonic()
            status, answer, _ = await connection.request(
                "POST", path, self.headers(**{"Content-Type": "application/x-www-form-urlencoded"}), body)
            self.samples.add("POST hand", started, status)
            match = re.search(r"#hand-(\d+)$", answer.get("location", ""))
            if status != 303 or not match:
                self.samples.problems.append(f"table {self.index}: saving hand {form.get('expected')} answered {status}")
                return
            number = int(match.group(1))
            self.acked_at.setdefault(number, time.monotonic())
            if number != int(form["expected"]):
                self.samples.problems.append(f"table {self.index}: hand {form['expected']} acknowledged as {number}")
            self.hands.setdefault(number, Acked(number, form["token"], fields))
            started = time.monotonic()
            status, _, page = await connection.request("GET", f"/games/{self.game_id}", self.headers())
            self.samples.add("GET sheet", started, status)
            shown = max((int(n) for n in re.findall(rb'id="hand-(\d+)"', page)), default=0)
            if status != 200 or shown != len(self.hands):
                self.samples.problems.append(
                    f"table {self.index}: the sheet shows {shown} hands of {len(self.hands)} ({status})")
        except (TimeoutError, OSError, EOFError, asyncio.IncompleteReadError) as error:
            self.samples.problems.append(f"table {self.index}: {type(error).__name__} {error}")
        finally:
            await connection.close()

    def random_hand(self) -> dict[str, str]:
        out = self.rng.randrange(len(NAMES))
        fields = {"out": str(out)}
        for seat in range(len(NAMES)):
            if seat != out:
                fields[f"p{seat}-count"] = str(self.rng.randint(0, 40))
        return fields


async def watch(keeper: Keeper, deadline: list[float], rng: random.Random) -> None:
    """One phone on the live view: ask, wait a second after the answer, ask again."""
    connection = Connection(keeper.live_port)
    path = f"/s/{keeper.token}/sheet?page=1"
    etag = ""
    shown = 0  # the hands the phone's sheet shows
    await asyncio.sleep(rng.uniform(0, LIVE_EVERY))
    try:
        while time.monotonic() < deadline[0]:
            headers = {"Accept": "*/*", "Prefer": f"wait={LIVE_HOLD}", **({"If-None-Match": etag} if etag else {})}
            started = time.monotonic()
            try:
                # (share.js drops an ask left unanswered 15 s past its wait: GIVE_UP)
                status, answer, body = await connection.request("GET", path, headers, timeout=LIVE_HOLD + 15)
            except (TimeoutError, OSError, EOFError, asyncio.IncompleteReadError) as error:
                keeper.samples.problems.append(f"live view of table {keeper.index}: {type(error).__name__}")
                await asyncio.sleep(LIVE_EVERY)
                continue
            held = "preference-applied" in answer
            keeper.samples.add("held ask" if held else "live ask", started, status)
            if status == 200:
                etag = answer.get("etag", "")
                found = re.search(rb'data-hands="(\d+)"', body)
                now_shown = int(found.group(1)) if found else shown
                if now_shown > shown and now_shown in keeper.acked_at:
                    keeper.samples.add_seconds("change seen", max(0.0, time.monotonic() - keeper.acked_at[now_shown]))
                elif now_shown > shown and keeper.acked_at:
                    keeper.samples.add_seconds("change seen", 0.0)  # here before the keeper had the answer
                shown = now_shown
            elif status != 304:
                keeper.samples.problems.append(f"live view of table {keeper.index}: {status}")
            await asyncio.sleep(max(0.0, LIVE_EVERY - (time.monotonic() - started)))
    finally:
        await connection.close()


# -- set-up through the services ---------------------------------------------------


def set_up(database_url: str, port: int, count: int, accounts: int, seed: str) -> list[tuple[int, str, int]]:
    """``count`` games with live links over ``accounts`` accounts: (game id, token, account index)."""
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db

    from .load import _app_url

    app = create_app({"SQLALCHEMY_DATABASE_URI": _app_url(database_url), "SECRET_KEY": "set-up", "TESTING": True})
    made = []
    with app.app_context():
        owners = [services.register(f"keeper{k}-{seed}@example.com", PASSWORD) for k in range(accounts)]
        for index in range(count):
            owner = owners[index % accounts]
            game = services.start_game(owner, "basic", list(NAMES), options={"target": TARGET})
            made.append((game.id, services.share_game(game).token, index % accounts))
        db.session.remove()
        db.engine.dispose()
    return made


PASSWORD = "keeper at the table"


def sign_in(port: int, account: int, seed: str) -> dict[str, str]:
    """The cookies of a signed-in phone of account ``account`` (the real sign-in form)."""
    from .load import Phone, Timings

    phone = Phone(port, Timings())
    status, _, page = phone.submit("login", "/login", {"email": f"keeper{account}-{seed}@example.com",
                                                        "password": PASSWORD})
    if status != 303:
        raise RuntimeError(f"sign-in of keeper {account} answered {status}: {page[:200]}")
    # A page with a form: the session then holds its CSRF secret, which every
    # form the keepers open after shares.
    phone.request("new game form", "GET", "/games/new")
    return dict(phone.cookies)


# -- the ramp --------------------------------------------------------------------


@dataclass
class Step:
    tables: int
    saves: list[float]
    asks: list[float]  # live asks answered at once
    held: list[float]  # live asks held (their whole time, waiting included: not a latency)
    seen: list[float]  # from a save's answer to a live phone showing the hand
    forms: list[float]
    sheets: list[float]
    load: float
    server_cpu: float = float("nan")  # cores gunicorn's workers used while measured (from /proc)
    client_cpu: float = float("nan")  # cores this client used
    busy: float = float("nan")  # the share of the host's cores busy, whoever used them (/proc/stat)
    lag: list[float] = field(default_factory=list)  # how late this client's own loop ran (LAG_EVERY)

    HEADER = (f"{'tables':>6} {'saves':>6} {'save ms':>11} {'asks':>7} {'ask ms':>11} {'held':>6} "
              f"{'seen ms':>11} {'form ms':>11} {'sheet ms':>11} {'load':>5} {'cpu s+c':>9} {'busy':>5} {'lag ms':>7}")

    @property
    def save_p99(self) -> float:
        return p99(self.saves)

    @property
    def ask_p99(self) -> float:
        """The live target's figure: the worse of the asks answered at once and the changes seen."""
        return max((p99(values) for values in (self.asks, self.seen) if values), default=float("nan"))

    @property
    def met(self) -> bool:
        return bool(self.saves) and self.save_p99 <= SAVE_TARGET and self.ask_p99 <= LIVE_TARGET

    def line(self) -> str:
        def ms(values: list[float]) -> str:
            if not values:
                return "-"
            return f"{statistics.median(values) * 1e3:.0f}/{p99(values) * 1e3:.0f}"

        return (f"{self.tables:>6} {len(self.saves):>6} {ms(self.saves):>11} {len(self.asks):>7} "
                f"{ms(self.asks):>11} {len(self.held):>6} {ms(self.seen):>11} {ms(self.forms):>11} "
                f"{ms(self.sheets):>11} {self.load:>5.1f} {self.server_cpu:>4.2f}+{self.client_cpu:.2f} "
                f"{self.busy:>5.0%} {p99(self.lag) * 1e3 if self.lag else float('nan'):>7.0f}  "
                f"{'met' if self.met else 'MISSED'}")


@dataclass
class Ramp:
    database: str
    workers: int
    steps: list[Step]
    problems: list[str]
    failures: list[str]
    checked: int
    server_errors: list[str]

    @property
    def held(self) -> int:
        """The largest number of tables at which both targets were met (0: none)."""
        held = 0
        for step in self.steps:
            if not step.met:
                break
            held = step.tables
        return held

    @property
    def ok(self) -> bool:
        return not self.problems and not self.failures and not self.server_errors

    def summary(self) -> str:
        lines = [f"{self.database}, gunicorn x {self.workers} workers; per step: requests measured and "
                 "median/p99 ms",
                 Step.HEADER]
        lines += [step.line() for step in self.steps]
        lines.append(f"largest step with save p99 <= {SAVE_TARGET * 1e3:.0f} ms and live ask p99 <= "
                     f"{LIVE_TARGET * 1e3:.0f} ms: {self.held} tables")
        lines.append(f"checked {self.checked} games from the database: " + (
            "no hand lost, none doubled, every log replays" if not self.failures else f"{len(self.failures)} FAILURES"))
        for text in (self.failures + self.problems + self.server_errors)[:15]:
            lines.append("  " + text)
        if len(self.problems) > 15:
            lines.append(f"  ... {len(self.problems)} problems in all")
        return "\n".join(lines)


async def _ramp(port: int, live_port: int, masters: list[int], games: list[tuple[int, str, int]], cookies: list[dict[str, str]],
                steps: list[int], warmup: float, seconds: float, samples: Samples,
                seed: str) -> tuple[list[Step], list[Keeper]]:
    keepers: list[Keeper] = []
    tasks: list[asyncio.Task[None]] = []
    # Moved to now when the ramp ends: every loop stops by itself (a cancel
    # alone is not enough: Python 3.11's wait_for can swallow one).
    far = [time.monotonic() + 24 * 3600.0]
    done: list[Step] = []
    tasks.append(asyncio.create_task(lagging(samples, far)))
    for tables in steps:
        for index in range(len(keepers), tables):
            game_id, token, account = games[index]
            keeper = Keeper(index, game_id, token, cookies[account], port, samples, random.Random(f"{seed}-{index}"),
                            live_port=live_port)
            keepers.append(keeper)
            tasks.append(asyncio.create_task(keeper.play(far)))
            for phone in range(PHONES):
                tasks.append(asyncio.create_task(watch(keeper, far, random.Random(f"{seed}-{index}-{phone}"))))
        await asyncio.sleep(warmup)
        start = time.monotonic()
        server_before, client_before, host_before = _cpu_seconds(workers_of(*masters)), time.process_time(), _host_cpu()
        await asyncio.sleep(seconds)
        end = time.monotonic()
        measured = partial(samples.window, start=start, end=end)
        step = Step(tables, saves=measured("POST hand"), asks=measured("live ask"), held=measured("held ask"),
                    seen=measured("change seen"), forms=measured("GET entry form"), sheets=measured("GET sheet"),
                    load=os.getloadavg()[0],
                    server_cpu=(_cpu_seconds(workers_of(*masters)) - server_before) / (end - start),
                    client_cpu=(time.process_time() - client_before) / (end - start),
                    busy=_busy(host_before, _host_cpu()), lag=measured("client lag"))
        done.append(step)
        print("  " + step.line(), flush=True)
        if not step.met:
            break
    far[0] = time.monotonic()
    for task in tasks:
        task.cancel()
    saving = [keeper.saving for keeper in keepers if keeper.saving is not None and not keeper.saving.done()]
    _, stuck = await asyncio.wait([*tasks, *saving], timeout=TIMEOUT + 5)
    if stuck:
        samples.problems.append(f"{len(stuck)} phones or keepers did not stop")
    return done, keepers


def ramp(kind: str, *, steps: list[int], warmup: float, seconds: float, workers: int,
         accounts: int, seed: str = "tables", stamps: bool = True, holds: bool = True, hosts: int = 1) -> Ramp:
    """The ramp on one database; ``stamps=False`` serves with the live folder off
    (``LIVE_STAMPS=""``: on SQLite no worker hears a change, so every live ask reads
    the database and none is held; PostgreSQL's notifications need no folder),
    ``holds=False`` with no ask held (``LIVE_HOLDS=0``: each answered at once, the
    phones asking every second, the design before holds).

    ``hosts=2`` (PostgreSQL only) serves from two gunicorn hosts on the one database, each with
    its own instance folder and ``workers`` workers, as two machines would be: every keeper
    records on host A and every phone follows on host B, so each change seen is seen across
    hosts (through the database's notifications alone).
    """
    if hosts not in (1, 2) or (hosts == 2 and kind != "postgresql"):
        raise ValueError("two hosts share a PostgreSQL database; one host serves SQLite")
    postgres = postgres_url() if kind == "postgresql" else None
    name = ("SQLite" if kind == "sqlite" else "PostgreSQL") + ("" if stamps else ", live stamps off") + (
        "" if holds or not stamps else ", no held asks") + (", two hosts (keepers on A, phones on B)" if hosts == 2
                                                           else "")
    with tempfile.TemporaryDirectory() as folder, fresh_database(kind, Path(folder), postgres) as url:
        os.environ["LIVE_STAMPS"] = str(Path(folder) / "live") if stamps else ""
        os.environ["LIVE_CHANNEL"] = f"live_{Path(folder).name.lower().replace('-', '_')}"  # (this run's own)
        if not holds:
            os.environ["LIVE_HOLDS"] = "0"
        folders = [Path(folder) / host for host in "ab"[:hosts]]
        for each in folders:
            each.mkdir()
        servers = [Server(url, folders[0], workers=workers)]
        servers += [Server(url, each, workers=workers, secret=servers[0].secret) for each in folders[1:]]
        servers[0].migrate()
        games = set_up(url, servers[0].port, max(steps), accounts, seed)
        samples = Samples()
        try:
            for server in servers:
                server.start()
            cookies = [sign_in(servers[0].port, account, seed) for account in range(accounts)]
            print(f"{name}: {max(steps)} games shared, {accounts} accounts signed in; ramp "
                  f"(each step {warmup:g} s to settle, {seconds:g} s measured)", flush=True)
            print("  " + Step.HEADER, flush=True)
            masters = [server.process.pid for server in servers if server.process is not None]
            done, keepers = asyncio.run(_ramp(servers[0].port, servers[-1].port, masters, games, cookies, steps,
                                              warmup, seconds, samples, seed))
        finally:
            for server in servers:
                server.stop()
            for variable in ("LIVE_STAMPS", "LIVE_CHANNEL", "LIVE_HOLDS"):
                os.environ.pop(variable, None)
        checked, failures = check_games(url, keepers)  # type: ignore[arg-type]
        errors = [error for server in servers for error in server.errors_logged()]
        return Ramp(name, workers * hosts, done, samples.problems, failures, len(checked), errors)


LAG_EVERY = 0.05  # seconds between two looks at how late this client's loop runs


async def lagging(samples: Samples, deadline: list[float]) -> None:
    """How late this client's own loop runs (its p99 is printed beside each step): a client too
    busy to read its answers would be taken for a slow server."""
    while time.monotonic() < deadline[0]:
        before = time.monotonic()
        await asyncio.sleep(LAG_EVERY)
        samples.add_seconds("client lag", max(0.0, time.monotonic() - before - LAG_EVERY))


def _host_cpu() -> tuple[int, int]:
    """The host's CPU time so far, busy and in all, in clock ticks (the first line of /proc/stat)."""
    try:
        ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    except (OSError, ValueError):
        return 0, 0
    idle = ticks[3] + ticks[4]  # (user nice system idle iowait irq softirq steal: idle and iowait)
    return sum(ticks) - idle, sum(ticks)


def _busy(before: tuple[int, int], after: tuple[int, int]) -> float:
    return (after[0] - before[0]) / (after[1] - before[1]) if after[1] > before[1] else float("nan")


def _cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds these processes have used (Linux's /proc)."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def workers_of(*masters: int) -> list[int]:
    """gunicorn's workers as they are now (Linux's /proc; a worker replaced meanwhile is not counted)."""
    found = []
    for master in masters:
        try:
            found += [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
        except OSError:
            pass
    return found


def ask_cost(*, stamps: bool, asks: int = 3000) -> tuple[float, float]:
    """CPU seconds per live ask of an unchanged game: gunicorn's (one worker) and this client's.

    One phone asks ``asks`` times in a row with the ETag it holds, over one
    kept-alive connection; the worker's CPU time is read from /proc, so
    other work on the machine does not count, as it does in the ramp's
    latencies.
    """
    with tempfile.TemporaryDirectory() as folder, fresh_database("sqlite", Path(folder)) as url:
        os.environ["LIVE_STAMPS"] = str(Path(folder) / "live") if stamps else ""
        server = Server(url, Path(folder), workers=1)
        try:
            server.migrate()
            (_, token, _), = set_up(url, server.port, 1, 1, "cost")
            server.start()
            assert server.process is not None
            workers = workers_of(server.process.pid)

            async def asking() -> tuple[float, float]:
                connection = Connection(server.port)
                path = f"/s/{token}/sheet?page=1"
                _, answer, _ = await connection.request("GET", path, {})
                headers = {"If-None-Match": answer["etag"]}
                for _ in range(10):  # the worker draws the link's sheet and keeps it
                    await connection.request("GET", path, headers)
                before, mine = _cpu_seconds(workers), time.process_time()
                for _ in range(asks):
                    status, _, _ = await connection.request("GET", path, headers)
                    if status != 304:
                        raise RuntimeError(f"an unchanged game's ask answered {status}")
                spent = (_cpu_seconds(workers) - before) / asks, (time.process_time() - mine) / asks
                await connection.close()
                return spent

            return asyncio.run(asking())
        finally:
            server.stop()
            os.environ.pop("LIVE_STAMPS", None)


def figures(*, steps: list[int], warmup: float, seconds: float, workers: int, accounts: int) -> list[Any]:
    """The table-load figure: the largest number of tables held, each database."""
    from .report import Figure, section

    section("tables. Real tables: a hand a minute each, three phones on the live view, ramped")
    found = []
    for stamps in (False, True):
        server_cpu, client_cpu = ask_cost(stamps=stamps)
        how = "live folder on" if stamps else "live folder off (every ask reads the database)"
        print(f"an unchanged game's live ask, {how}: gunicorn {server_cpu * 1e6:.0f} us of CPU, "
              f"the client {client_cpu * 1e6:.0f} us")
        found.append(Figure(f"live ask CPU, unchanged game, stamps {'on' if stamps else 'off'} (server + client)",
                            f"{server_cpu * 1e6:.0f} + {client_cpu * 1e6:.0f} us"))
    kinds = ["sqlite"] + (["postgresql"] if postgres_url() else [])
    for kind in kinds:
        result = ramp(kind, steps=steps, warmup=warmup, seconds=seconds, workers=workers, accounts=accounts)
        print(result.summary())
        found += _ramp_figures(result)
    postgres = postgres_url()
    if postgres:
        from . import hosts

        seen = hosts.cross_host(postgres)
        print("two hosts on one PostgreSQL, a phone on host B, hands changed through host A: " + hosts.line(seen))
        found.append(Figure("live view across two hosts, PostgreSQL, one table: seen p99",
                            f"{hosts.p99(seen) * 1e3:.0f} ms", "<= 100 ms", hosts.p99(seen) <= 0.100))
        # The same machine's two cores serve both hosts: the tables held are the pair's, not each host's.
        result = ramp("postgresql", steps=steps, warmup=warmup, seconds=seconds, workers=max(1, workers // 2),
                      accounts=accounts, hosts=2)
        print(result.summary())
        # (no target for the pair: the 600 tables are a 2-core host's, and here two hosts share 2 cores)
        found += [Figure(f"tables held, {result.database}, both hosts on this one machine", str(result.held)),
                  *_ramp_figures(result)[1:]]
        last = next((step for step in reversed(result.steps) if step.tables == result.held), None)
        found.append(Figure("two-host ramp, PostgreSQL: cross-host seen p99 at the largest step held",
                            f"{p99(last.seen) * 1e3:.0f} ms at {last.tables} tables" if last and last.seen else "-",
                            "<= 100 ms", last is not None and bool(last.seen) and p99(last.seen) <= LIVE_TARGET))
    print(f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} after the ramps)")
    return found


def _ramp_figures(result: Ramp) -> list[Any]:
    from .report import Figure

    return [
        Figure(f"tables held, {result.database} (save p99 <= 250 ms, live ask p99 <= 100 ms)",
               str(result.held), f">= {HELD_TARGET}", result.held >= HELD_TARGET),
        Figure(f"tables, {result.database}: hands lost or doubled, pages wrong, 5xx",
               str(len(result.failures) + len(result.problems) + len(result.server_errors)), "0", result.ok),
    ]


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--steps", default=",".join(map(str, STEPS)),
                        help="tables at each step of the ramp (default %(default)s)")
    parser.add_argument("--warmup", type=float, default=20, help="seconds each step settles (default 20)")
    parser.add_argument("--seconds", type=float, default=40, help="seconds each step is measured (default 40)")
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (default 5)")
    parser.add_argument("--accounts", type=int, default=20, help="accounts the tables share (default 20)")
    parser.add_argument("--cost", action="store_true",
                        help="only the CPU cost of one live ask, stamps off and on (no ramp)")
    parser.add_argument("--no-stamps", action="store_true",
                        help="serve with the live folder off (LIVE_STAMPS=''): on SQLite no ask held or kept")
    parser.add_argument("--no-holds", action="store_true",
                        help="serve with no live ask held (LIVE_HOLDS=0), as before holds")
    parser.add_argument("--hosts", type=int, choices=[1, 2], default=1,
                        help="2: two gunicorn hosts on PostgreSQL, keepers on A and phones on B (half the "
                             "workers each)")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    steps = [int(n) for n in args.steps.split(",")]
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"table load of {started}, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} before it")
    if args.cost:
        for stamps in (False, True):
            server_cpu, client_cpu = ask_cost(stamps=stamps)
            print(f"an unchanged game's live ask, live stamps {'on' if stamps else 'off'}: gunicorn "
                  f"{server_cpu * 1e6:.0f} us of CPU, the client {client_cpu * 1e6:.0f} us")
        return 0
    results = []
    for kind in kinds:
        if kind == "postgresql" and postgres_url() is None:
            print("PostgreSQL: no server answers (set DATABASE_URL); skipped")
            continue
        if args.hosts == 2 and kind != "postgresql":
            print(f"{kind}: one host serves it; skipped (--hosts 2 needs PostgreSQL)")
            continue
        results.append(ramp(kind, steps=steps, warmup=args.warmup, seconds=args.seconds,
                            workers=max(1, args.workers // args.hosts), accounts=args.accounts,
                            stamps=not args.no_stamps, holds=not args.no_holds, hosts=args.hosts))
        print(results[-1].summary(), flush=True)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} after it")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
