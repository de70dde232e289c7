"""The load test: many tables at once against gunicorn on loopback, then every game checked.

``python -m bench.load --tables 50 --seconds 60`` (``make bench`` runs it on
SQLite and, when one answers, on PostgreSQL).  It migrates a fresh database,
starts gunicorn with ``gunicorn.conf.py`` on a free port of 127.0.0.1 and
plays each table as phones do, through the real pages and forms (CSRF
tokens, the entry form's one-time token):

* a phone creates the table's account (``/register``) and a second phone
  signs in to it (``/login``); the first starts a Basic Rummy game;
* then, until time is up: open the entry form, post a hand of random
  counts; now and then correct a past hand, post the same form twice
  (a double tap: it must record once) or have both phones post the same
  hand number at once (one wins, the other is told 409); read the sheet
  after every change, which must show every hand acknowledged so far,
  whichever worker answers.

Every hand the server acknowledged (303) is remembered with what was typed.
Afterwards the database is read directly: every game's hands are numbered
1..n without a gap or a double, every acknowledged hand is there with its
entry (its last correction), no hand is there that was not acknowledged,
and the stored log replays with the engine to the totals the game's
summary holds and its page shows.

Only loopback is ever contacted, and every loop stops at its deadline.
"""

from __future__ import annotations

import argparse
import html
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
NAMES = ["Ann", "Bob", "Cara", "Dev"]
VARIANT = "basic"
# A target no random game reaches within a run, so tables keep playing one game.
TARGET = 100_000  # the most a target may be (SCORING.md section 6)
REQUEST_TIMEOUT = 30.0
# A phone told "busy, try again" (503) tries again after a pause, a few times.
BUSY_TRIES = 5
BUSY_PAUSE = 1.0

# What a table does after each recorded hand, by chance.
EDIT_CHANCE = 0.15
DOUBLE_POST_CHANCE = 0.05
RACE_CHANCE = 0.05


# -- the server --------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_url() -> str | None:
    """``DATABASE_URL`` if it is PostgreSQL; else the local server's ``test`` database if it answers."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url if url.startswith(("postgres://", "postgresql")) else None
    try:
        import psycopg

        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/test", connect_timeout=2):
            return "postgresql://postgres@127.0.0.1:5432/test"
    except Exception:  # noqa: BLE001  (no local server: PostgreSQL figures are skipped)
        return None


def _plain_postgres(url: str) -> str:
    for prefix in ("postgres://", "postgresql+psycopg://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix):]
    return url


@contextmanager
def fresh_database(kind: str, folder: Path, postgres: str | None = None) -> Iterator[str]:
    """A ``DATABASE_URL`` for an empty database: a SQLite file, or a schema of its own.

    The PostgreSQL schema is dropped afterwards; the URL carries it as the
    connection's search_path, so the app and its migrations use only it.
    """
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'load.sqlite3'}"
        return
    import psycopg

    assert postgres, "PostgreSQL needs a server URL"
    base = _plain_postgres(postgres)
    schema = f"load_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(base, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    try:
        joiner = "&" if urlsplit(base).query else "?"
        yield f"{base}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(base, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


class Server:
    """gunicorn with the repository's ``gunicorn.conf.py``, in a process group of its own."""

    def __init__(self, database_url: str, folder: Path, *, workers: int = 3, port: int | None = None,
                 secret: str | None = None) -> None:
        self.database_url = database_url
        self.folder = folder
        self.workers = workers
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        # Production requires one; this is random, and the same across a
        # restart, so the phones' sessions outlive it as they would in production.
        # Several servers ("hosts") given one secret accept each other's sessions.
        self.secret = secret or uuid.uuid4().hex + uuid.uuid4().hex
        self.log_path = folder / f"gunicorn-{self.port}.log"

    @property
    def env(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if key not in ("FLASK_DEBUG",)}
        env.update({
            "DATABASE_URL": self.database_url,
            "SECRET_KEY": self.secret,
            "BIND": f"127.0.0.1:{self.port}",
            "WEB_CONCURRENCY": str(self.workers),
        })
        # The servers of one run share their live stamps, as a host's workers do; never the
        # repository's instance/live, which other runs' games (numbered from 1 too) would move.
        env.setdefault("LIVE_STAMPS", str(self.folder / "live"))
        return env

    def migrate(self) -> None:
        subprocess.run(
            [str(VENV_BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
            cwd=ROOT, env=self.env, check=True, capture_output=True, timeout=120,
        )

    def start(self) -> Server:
        env = self.env
        log = open(self.log_path, "ab")  # noqa: SIM115  (the server writes it while it runs)
        self.process = subprocess.Popen(
            [str(VENV_BIN / "gunicorn"), "--config", str(ROOT / "gunicorn.conf.py")],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        log.close()
        self.wait_healthy()
        return self

    def wait_healthy(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({self.process.returncode}):\n{self.log()}")
            try:
                status, _, _ = raw_request(self.port, "GET", "/health", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer /health in {timeout:.0f} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once, as a power cut would."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def errors_logged(self) -> list[str]:
        """Lines of the server's log that show a request failing (a traceback, a 5xx but 503's "try again")."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return [line for line in text.splitlines()
                if "Traceback" in line or re.search(r'" 5(?!03)\d\d ', line) or "[ERROR]" in line]


# -- a phone -------------------------------------------------------------------


def raw_request(port: int, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, timeout: float = REQUEST_TIMEOUT,
                ) -> tuple[int, http.client.HTTPMessage, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


_INPUT = re.compile(r"<input\b[^>]*>", re.I)
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_HAND_ANCHOR = re.compile(r'id="hand-(\d+)"')


def hidden_fields(page: str) -> dict[str, str]:
    """The page's hidden inputs (csrf_token, token, expected), by name."""
    found = {}
    for tag in _INPUT.findall(page):
        attrs = {key: html.unescape(value) for key, value in _ATTR.findall(tag)}
        if attrs.get("type") == "hidden" and "name" in attrs:
            found[attrs["name"]] = attrs.get("value", "")
    return found


@dataclass
class Timings:
    """Each request's seconds, by kind, and the answers that were not expected."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    problems: list[str] = field(default_factory=list)
    busy: int = 0  # 503 "try again" answers, each tried again as a person would
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            self.seconds[kind].append(seconds)
            self.statuses[f"{kind} {status}"] += 1

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)


class Phone:
    """One browser: its own cookies, the server's pages and forms."""

    def __init__(self, ports: int | tuple[int, ...], timings: Timings) -> None:
        # With several servers, each request goes to any of them, as behind
        # a load balancer without sticky sessions.
        self.ports = (ports,) if isinstance(ports, int) else ports
        self.timings = timings
        self.cookies: dict[str, str] = {}

    def request(self, kind: str, method: str, path: str, form: dict[str, str] | None = None,
                ) -> tuple[int, str, str]:
        """Status, Location and page, after trying again on "busy" (503) as a person would.

        The 503 page's "Try again" sends the same fields, the hand's one-time
        token too; here that is the same request again after a pause.
        """
        for _ in range(BUSY_TRIES - 1):
            status, location, page = self._send(kind, method, path, form)
            if status != 503:
                return status, location, page
            with self.timings.lock:
                self.timings.busy += 1
            time.sleep(BUSY_PAUSE)
        status, location, page = self._send(kind, method, path, form)
        if status == 503:
            self.timings.problem(f"{method} {path}: still 503 after {BUSY_TRIES} tries")
        return status, location, page

    def _send(self, kind: str, method: str, path: str, form: dict[str, str] | None,
              ) -> tuple[int, str, str]:
        """One request; cookies kept whatever their flags (it is loopback)."""
        headers = {"Accept": "text/html"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        port = self.ports[0] if len(self.ports) == 1 else random.choice(self.ports)
        status, answer, page = raw_request(port, method, path, body, headers)
        self.timings.add(kind, time.perf_counter() - started, status)
        for line in answer.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(line)
            for name, morsel in jar.items():
                if morsel["expires"] and "1970" in morsel["expires"] or morsel["max-age"] == "0":
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        if status >= 500 and status != 503:
            self.timings.problem(f"{method} {path}: {status}")
        return status, answer.get("Location", ""), page

    def submit(self, kind: str, path: str, fields: dict[str, str]) -> tuple[int, str, str]:
        """Open the page's form (for its CSRF token) and post ``fields`` with it."""
        status, _, page = self.request(kind + " form", "GET", path)
        if status != 200:
            return status, "", page
        return self.request(kind, "POST", path, {**hidden_fields(page), **fields})


# -- a table -------------------------------------------------------------------


@dataclass
class Acked:
    """A hand the server acknowledged: its number, token and the entry typed (last correction)."""

    number: int
    token: str
    fields: dict[str, str]


@dataclass
class Table:
    """One table: an account, two phones, its games and every acknowledged hand."""

    index: int
    port: int | tuple[int, ...]  # a server, or several sharing the database and secret
    timings: Timings
    rng: random.Random
    email: str = ""
    games: dict[int, dict[int, Acked]] = field(default_factory=dict)  # game id -> number -> hand
    game_id: int = 0
    races: int = 0
    races_won_once: int = 0
    double_posts: int = 0
    double_posts_recorded_once: int = 0
    edits: int = 0
    edit_chance: float = EDIT_CHANCE
    race_chance: float = RACE_CHANCE
    double_post_chance: float = DOUBLE_POST_CHANCE
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)  # two phones post at once

    def __post_init__(self) -> None:
        self.phone = Phone(self.port, self.timings)
        self.second = Phone(self.port, self.timings)

    # -- setting up --------------------------------------------------------

    def sign_up(self) -> None:
        self.email = f"table{self.index}-{uuid.uuid4().hex[:8]}@example.com"
        password = f"load test {self.index} password"
        status, _, page = self.phone.submit("register", "/register", {"email": self.email, "password": password})
        if status != 303:
            raise RuntimeError(f"table {self.index}: register answered {status}: {page[:300]}")
        status, _, page = self.second.submit("login", "/login", {"email": self.email, "password": password})
        if status != 303:
            raise RuntimeError(f"table {self.index}: sign-in answered {status}: {page[:300]}")

    def new_game(self) -> None:
        fields = {"variant": VARIANT, "first_dealer": "0", "option-target": str(TARGET)}
        fields.update({f"seat-{i}": name for i, name in enumerate(NAMES)})
        status, location, page = self.phone.submit("new game", f"/games/new?variant={VARIANT}", fields)
        match = re.search(r"/games/(\d+)$", location)
        if status != 303 or not match:
            raise RuntimeError(f"table {self.index}: new game answered {status}: {page[:300]}")
        self.game_id = int(match.group(1))
        self.games[self.game_id] = {}

    # -- playing -------------------------------------------------------------

    @property
    def hands(self) -> dict[int, Acked]:
        return self.games[self.game_id]

    def random_hand(self) -> dict[str, str]:
        out = self.rng.randrange(len(NAMES))
        fields = {"out": str(out)}
        if self.rng.random() < 0.1:
            fields["rummy"] = "1"
        for seat in range(len(NAMES)):
            if seat != out:
                fields[f"p{seat}-count"] = str(self.rng.randint(0, 40))
        return fields

    def open_form(self, phone: Phone) -> dict[str, str] | None:
        status, _, page = phone.request("GET entry form", "GET", f"/games/{self.game_id}/hands/new")
        if status != 200:
            self.timings.problem(f"table {self.index}: entry form answered {status}")
            return None
        return hidden_fields(page)

    def post_hand(self, phone: Phone, form: dict[str, str], fields: dict[str, str],
                  kind: str = "POST hand") -> int:
        status, location, _ = phone.request(kind, "POST", f"/games/{self.game_id}/hands/new", {**form, **fields})
        if status == 303:
            match = re.search(r"#hand-(\d+)$", location)
            number = int(match.group(1)) if match else -1
            if number != int(form["expected"]):
                self.timings.problem(f"table {self.index}: hand {form['expected']} acknowledged as {location}")
            with self.lock:
                self.hands.setdefault(number, Acked(number, form["token"], fields))
        elif status not in (409,):
            self.timings.problem(f"table {self.index}: posting hand {form.get('expected')} answered {status}")
        return status

    def record(self) -> None:
        form = self.open_form(self.phone)
        if form is None:
            return
        fields = self.random_hand()
        roll = self.rng.random()
        if roll < self.race_chance:
            self.race(form, fields)
        elif roll < self.race_chance + self.double_post_chance:
            self.double_post(form, fields)
        else:
            if self.post_hand(self.phone, form, fields) != 303:
                self.timings.problem(f"table {self.index}: a lone hand was not recorded")

    def double_post(self, form: dict[str, str], fields: dict[str, str]) -> None:
        """The same form sent twice at once (a double tap): both answered 303, recorded once."""
        self.double_posts += 1
        before = len(self.hands)
        statuses = _at_once(lambda: self.post_hand(self.phone, form, fields, "POST hand (double)"),
                            lambda: self.post_hand(self.phone, form, fields, "POST hand (double)"))
        if statuses == [303, 303] and len(self.hands) == before + 1:
            self.double_posts_recorded_once += 1
        else:
            self.timings.problem(f"table {self.index}: a double post answered {statuses}")

    def race(self, form: dict[str, str], fields: dict[str, str]) -> None:
        """Both phones post the same hand number at once: one is recorded, the other told 409."""
        self.races += 1
        theirs = self.open_form(self.second)
        if theirs is None or theirs["expected"] != form["expected"]:
            self.timings.problem(f"table {self.index}: the second phone's form is for another hand")
            return
        other = self.random_hand()
        statuses = sorted(_at_once(lambda: self.post_hand(self.phone, form, fields, "POST hand (race)"),
                                   lambda: self.post_hand(self.second, theirs, other, "POST hand (race)")))
        if statuses == [303, 409]:
            self.races_won_once += 1
        else:
            self.timings.problem(f"table {self.index}: a race answered {statuses}")

    def edit(self) -> None:
        number = self.rng.randint(1, len(self.hands))
        fields = self.random_hand()
        path = f"/games/{self.game_id}/hands/{number}/edit"
        status, _, page = self.phone.request("GET edit form", "GET", path)
        if status != 200:
            self.timings.problem(f"table {self.index}: edit form of hand {number} answered {status}")
            return
        status, _, _ = self.phone.request("POST edit", "POST", path, {**hidden_fields(page), **fields})
        if status == 303:
            self.edits += 1
            self.hands[number].fields = fields
        else:
            self.timings.problem(f"table {self.index}: correcting hand {number} answered {status}")

    def read_sheet(self, phone: Phone | None = None) -> str:
        """The game's page, which must show every hand acknowledged so far (any worker)."""
        status, _, page = (phone or self.second).request("GET sheet", "GET", f"/games/{self.game_id}")
        shown = max((int(n) for n in _HAND_ANCHOR.findall(page)), default=0)
        if status != 200 or shown != len(self.hands):
            self.timings.problem(
                f"table {self.index}: the sheet shows {shown} hands of {len(self.hands)} acknowledged ({status})")
        return page

    def play(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            self.record()
            if self.hands and self.rng.random() < self.edit_chance:
                self.edit()
            self.read_sheet()

    def shown_totals(self, game_id: int) -> list[str]:
        """The totals row of the game's page, as the phone sees it."""
        status, _, page = self.phone.request("GET sheet", "GET", f"/games/{game_id}?all=1")
        foot = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", foot.group(1), re.S) if foot else []
        return [re.sub(r"<[^>]+>|\s+", "", cell) for cell in cells]


def _at_once(*calls: Any) -> list[int]:
    """Run the calls together (each on its own thread, released by one barrier)."""
    barrier = threading.Barrier(len(calls))
    results: list[int] = [0] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


# -- the run -------------------------------------------------------------------


@dataclass
class Result:
    database: str
    tables: int
    seconds: float
    workers: int
    hosts: int
    timings: Timings
    hands: int
    requests: int
    games: int
    checked: list[str]
    failures: list[str]
    races: int
    double_posts: int
    edits: int
    server_errors: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures and not self.timings.problems and not self.server_errors

    def percentiles(self, kind: str) -> tuple[float, float, float]:
        values = sorted(self.timings.seconds.get(kind, []))
        if not values:
            return (float("nan"),) * 3
        cuts = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
        return cuts[49], cuts[94], cuts[98]

    def summary(self) -> str:
        lines = [
            f"{self.database}: {self.tables} tables x {self.seconds:.0f} s, "
            f"{self.hosts} gunicorn server{'s' if self.hosts > 1 else ''} x {self.workers} workers: "
            f"{self.hands} hands recorded ({self.hands / self.seconds:.1f}/s), "
            f"{self.requests} requests ({self.requests / self.seconds:.1f}/s), "
            f"{self.edits} corrections, {self.races} races, {self.double_posts} double posts, "
            f"{self.timings.busy} 'busy, try again' answers (each tried again)",
            f"{'request':<28}{'count':>8}{'p50 ms':>10}{'p95 ms':>10}{'p99 ms':>10}",
        ]
        for kind in sorted(self.timings.seconds):
            p50, p95, p99 = self.percentiles(kind)
            lines.append(f"{kind:<28}{len(self.timings.seconds[kind]):>8}"
                         f"{p50 * 1e3:>10.1f}{p95 * 1e3:>10.1f}{p99 * 1e3:>10.1f}")
        lines.append(f"checked {len(self.checked)} games: " + (
            "no hand lost, none doubled, every sheet replays" if not self.failures else
            f"{len(self.failures)} FAILURES"))
        for text in (self.failures + self.timings.problems + self.server_errors)[:20]:
            lines.append("  " + text)
        return "\n".join(lines)


def run_load(database_url: str, folder: Path, *, tables: int, seconds: float, workers: int,
             hosts: int = 1, seed: int = 6, database: str = "") -> Result:
    """Migrate, start gunicorn, play ``tables`` tables for ``seconds``, stop, check every game.

    ``hosts`` gunicorn servers (each with ``workers`` workers) share the
    database and the secret key, as hosts behind a load balancer do; every
    request goes to any of them.
    """
    first = Server(database_url, folder, workers=workers)
    servers = [first] + [Server(database_url, folder, workers=workers, secret=first.secret)
                         for _ in range(hosts - 1)]
    first.migrate()
    timings = Timings()
    try:
        for server in servers:
            server.start()
        ports = tuple(server.port for server in servers)
        players = [Table(i, ports, timings, random.Random(f"{seed}-{i}")) for i in range(tables)]
        # Signing up hashes passwords (deliberately slow): a few tables at a
        # time, so no sign-up waits out its timeout behind 49 others.
        setting_up = threading.Semaphore(4)

        def set_up(table: Table) -> None:
            with setting_up:
                table.sign_up()
                table.new_game()

        _all_at_once(players, set_up)
        first_request = sum(len(v) for v in timings.seconds.values())
        started = time.monotonic()
        _all_at_once(players, lambda table: table.play(started + seconds))
        elapsed = time.monotonic() - started
        requests = sum(len(v) for v in timings.seconds.values()) - first_request
        shown = {(t.index, game): t.shown_totals(game) for t in players for game in t.games}
    finally:
        for server in servers:
            server.stop()
    checked, failures = check_games(database_url, players, shown)
    return Result(
        database=database or database_url.split(":", 1)[0], tables=tables, seconds=elapsed,
        workers=workers, hosts=hosts, timings=timings, hands=sum(len(h) for t in players for h in t.games.values()),
        requests=requests, games=len(checked), checked=checked, failures=failures,
        races=sum(t.races for t in players), double_posts=sum(t.double_posts for t in players),
        edits=sum(t.edits for t in players),
        server_errors=[line for server in servers for line in server.errors_logged()],
    )


def _all_at_once(tables: list[Table], work: Any) -> None:
    errors: list[BaseException] = []

    def run(table: Table) -> None:
        try:
            work(table)
        except BaseException as error:  # noqa: BLE001  (reported after every table stops)
            errors.append(error)

    threads = [threading.Thread(target=run, args=(table,), daemon=True) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


# -- the check -------------------------------------------------------------------


def expected_entry(fields: dict[str, str]) -> dict[str, Any]:
    """The engine's entry (names) that a form of random counts stands for."""
    out = NAMES[int(fields["out"])]
    return {
        "out": out,
        "rummy": bool(fields.get("rummy")),
        "hands": {NAMES[int(key[1:].split("-")[0])]: {"count": int(value)}
                  for key, value in fields.items() if key.endswith("-count")},
    }


def check_games(database_url: str, tables: list[Table],
                shown: dict[tuple[int, int], list[str]] | None = None,
                *, unacknowledged_allowed: int = 0) -> tuple[list[str], list[str]]:
    """Every game of these tables, read from the database: (games checked, failures).

    ``unacknowledged_allowed`` hands per game may be stored without an
    acknowledgement (a server killed between its commit and its answer);
    each must still be whole.
    """
    from sqlalchemy import select

    from scorekeeper import create_app
    from scorekeeper.engine import replay
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, entry_with_names

    app = create_app({
        "SQLALCHEMY_DATABASE_URI": _app_url(database_url),
        "SECRET_KEY": "checking",
        "TESTING": True,
    })
    checked: list[str] = []
    failures: list[str] = []
    with app.app_context():
        for table in tables:
            for game_id, acked in table.games.items():
                game = db.session.scalar(select(Game).where(Game.id == game_id))
                label = f"table {table.index}, game {game_id}"
                checked.append(label)
                if game is None:
                    failures.append(f"{label}: missing")
                    continue
                failures += _check_game(label, game, acked, replay, entry_with_names,
                                        unacknowledged_allowed, (shown or {}).get((table.index, game_id)))
        db.session.remove()
        db.engine.dispose()
    return checked, failures


def _check_game(label: str, game: Any, acked: dict[int, Acked], replay: Any, entry_with_names: Any,
                unacknowledged_allowed: int, shown: list[str] | None) -> list[str]:
    failures = []
    stored = list(game.hands)
    numbers = [hand.number for hand in stored]
    if numbers != list(range(1, len(stored) + 1)):
        failures.append(f"{label}: hands numbered {numbers}, not 1..{len(stored)}")
    if game.hands_count != len(stored):
        failures.append(f"{label}: hands_count {game.hands_count} but {len(stored)} hands stored")
    tokens = [hand.token for hand in stored]
    if len(set(tokens)) != len(tokens):
        failures.append(f"{label}: a token is stored twice")
    by_token = {hand.token: hand for hand in stored}
    for number, hand in sorted(acked.items()):
        row = by_token.get(hand.token)
        if row is None:
            failures.append(f"{label}: acknowledged hand {number} is lost")
            continue
        if row.number != number:
            failures.append(f"{label}: acknowledged hand {number} is stored as hand {row.number}")
        if entry_with_names(row.entry, game.names) != expected_entry(hand.fields):
            failures.append(f"{label}: hand {number} holds {row.entry}, not what was typed {hand.fields}")
    extra = len(stored) - len(acked)
    if extra > unacknowledged_allowed:
        failures.append(f"{label}: {extra} hands stored that were never acknowledged")
    try:
        sheet = replay(game.log())
    except Exception as error:  # noqa: BLE001  (a stored log that no longer replays is the failure)
        return failures + [f"{label}: the stored log does not replay: {error}"]
    if sheet["totals"] != (game.summary or {}).get("totals"):
        failures.append(f"{label}: replayed totals {sheet['totals']} but the summary holds "
                        f"{(game.summary or {}).get('totals')}")
    if len(sheet["hands"]) != len(stored):
        failures.append(f"{label}: {len(sheet['hands'])} hands replayed of {len(stored)} stored")
    if shown is not None and stored and shown != [str(sheet["totals"][name]) for name in game.names]:
        failures.append(f"{label}: the page shows totals {shown}, the replay {sheet['totals']}")
    return failures


def _app_url(url: str) -> str:
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


# -- the figures make bench prints --------------------------------------------------

FIGURE_KINDS = ("POST hand", "GET sheet", "GET entry form", "POST edit")


def figures(*, tables: int, seconds: float, workers: int) -> list[Any]:
    """Figure 7: each database's throughput and latencies, and the check of every game."""
    from .report import Figure, section

    section(f"7. Load: {tables} tables x {seconds:g} s against gunicorn ({workers} workers) on loopback")
    found = []
    for result in run(["sqlite", "postgresql"], tables=tables, seconds=seconds, workers=workers):
        print(result.summary())
        name = result.database
        found += [
            Figure(f"load, {name}: hands lost or doubled, pages wrong, 5xx",
                   str(len(result.failures) + len(result.timings.problems) + len(result.server_errors)),
                   "0", result.ok),
            Figure(f"load, {name}: 'busy, try again' (503), each tried again", str(result.timings.busy)),
            Figure(f"load, {name}: hands recorded", f"{result.hands / result.seconds:,.1f}/s"),
            Figure(f"load, {name}: requests", f"{result.requests / result.seconds:,.1f}/s"),
        ]
        for kind in FIGURE_KINDS:
            p50, p95, p99 = result.percentiles(kind)
            found.append(Figure(f"load, {name}: {kind} p50 / p95 / p99",
                                f"{p50 * 1e3:.0f} / {p95 * 1e3:.0f} / {p99 * 1e3:.0f} ms"))
    print(f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} after the load test)")
    return found


# -- the command -------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables playing at once (default 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long they play (default 60)")
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers per server (default 5)")
    parser.add_argument("--hosts", type=int, default=1,
                        help="gunicorn servers sharing the database and secret key (default 1)")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both",
                        help="which database (default both; PostgreSQL when one answers)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    return parser.parse_args(argv)


def run(kinds: list[str], *, tables: int, seconds: float, workers: int, hosts: int = 1) -> list[Result]:
    results = []
    postgres = postgres_url()
    for kind in kinds:
        if kind == "postgresql" and postgres is None:
            print("PostgreSQL: no server answers (set DATABASE_URL); skipped")
            continue
        with tempfile.TemporaryDirectory() as folder, fresh_database(kind, Path(folder), postgres) as url:
            results.append(run_load(url, Path(folder), tables=tables, seconds=seconds,
                                    workers=workers, hosts=hosts, database="SQLite" if kind == "sqlite" else "PostgreSQL"))
    return results


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    results = run(kinds, tables=args.tables, seconds=args.seconds, workers=args.workers, hosts=args.hosts)
    print(f"load test of {started}, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} after it")
    for result in results:
        print("\n" + result.summary())
    if args.json:
        args.json.write_text(json.dumps([{
            "database": r.database, "hands": r.hands, "requests": r.requests, "seconds": r.seconds,
            "percentiles_ms": {k: [x * 1e3 for x in r.percentiles(k)] for k in r.timings.seconds},
            "busy": r.timings.busy, "ok": r.ok} for r in results], indent=1))
    return 0 if all(result.ok for result in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
