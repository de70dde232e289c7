"""Figure 8: the history and statistics pages of an account with 10,000 games.

One account, eight players, 10,000 games of five variants (Gin, Knock, Tunk,
Basic, Indian) with 20 hands each: 200,000 hands, four in five games ended
by agreement, the rest still in progress, spread over a year.  The
database is built by bulk inserts, not through the app: a few template
games are replayed by the engine once each, and every game copies one
template's entries, cached summary and statistics rows (its seats' players
vary), exactly what the app would have stored for that log.  The file is kept
in the temporary folder, keyed by this module's build version, its sizes and
the schema, so a second run starts at once.

Then the median server time (Flask's test client: the whole server side, no
network) of: the history's first page, the history filtered to two players
and a variant (a head-to-head link), the statistics table across players,
one variant's table, and one player's page.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import tempfile
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from .report import Figure, milliseconds, section

GAMES = 10_000
HANDS_EACH = 20  # 200,000 hands in all
SAMPLES = 41
TARGET_SECONDS = 0.200
ROSTER = ["Ann", "Bob", "Cara", "Dev", "Eve", "Finn", "Gus", "Hana"]
BUILD_VERSION = 2  # bump when what is built changes
NEVER_ENDS = 100_000  # the largest target the bounds allow (engine.bounds.MAX_TARGET): 20 hands never reach it
EMAIL = "stats-bench@example.com"
PASSWORD = "benchmark password"


def run(seed: str, games: int = GAMES) -> list[Figure]:
    section(f"8. History and statistics pages, {games:,} games, {games * HANDS_EACH:,} hands "
            f"(SQLite, median of {SAMPLES})")
    target = f"<= {TARGET_SECONDS * 1e3:g} ms"
    try:
        from scorekeeper import create_app  # noqa: F401
    except ImportError as error:
        print(f"skipped: the app is not importable ({error})")
        return [Figure("history page, 10,000 games", "skipped", target)]
    started = time.perf_counter()
    path, built = _database(seed, games)
    print(f"database {path} ({'built' if built else 'reused'} in {time.perf_counter() - started:.1f} s)")
    client, ids = _signed_in(path)
    pages = {
        "history page": "/history",
        "history, two players and a variant": f"/history?variant=gin&player={ids['Ann']}&opponent={ids['Bob']}",
        "statistics table, every game": "/stats/",
        "statistics table, one variant": "/stats/?variant=knock",
        "a player's statistics page": f"/stats/players/{ids['Ann']}",
    }
    figures = []
    for label, url in pages.items():
        seconds = _median(client, url)
        print(f"{label}: {url} {milliseconds(seconds)}")
        figures.append(Figure(f"{label}, {games:,} games", milliseconds(seconds), target, seconds <= TARGET_SECONDS))
    return figures


# -- timing ----------------------------------------------------------------------


def _median(client: Any, url: str) -> float:
    _ok(client.get(url))  # warm caches and connections once
    seconds = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        response = client.get(url)
        seconds.append(time.perf_counter() - start)
        _ok(response)
    return statistics.median(seconds)


def _ok(response: Any) -> None:
    assert response.status_code == 200, (response.status_code, response.get_data(as_text=True)[:500])


def _app(path: Path) -> Any:
    from scorekeeper import create_app

    return create_app({
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        "SECRET_KEY": "bench",
        "WTF_CSRF_ENABLED": False,
    })


def _signed_in(path: Path) -> tuple[Any, dict[str, int]]:
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import Player

    app = _app(path)
    with app.app_context():
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
    client = app.test_client()
    response = client.post("/login", data={"email": EMAIL, "password": PASSWORD})
    assert response.status_code == 303, response.status_code
    return client, ids


# -- building the database -------------------------------------------------------------


def _database(seed: str, games: int) -> tuple[Path, bool]:
    """The cached database file for these sizes and this schema; built if missing."""
    from sqlalchemy.schema import CreateIndex, CreateTable

    from scorekeeper import models  # noqa: F401  (the tables, in the metadata: without them the key holds none)
    from scorekeeper.extensions import db

    tables = db.metadata.sorted_tables
    schema = "\n".join([*(str(CreateTable(table)) for table in tables),
                         *(str(CreateIndex(index)) for table in tables for index in table.indexes)])
    key = hashlib.sha256(f"{BUILD_VERSION}/{seed}/{games}/{HANDS_EACH}/{schema}".encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"scorekeeper-bench-stats-{key}.sqlite3"
    if path.exists():
        return path, False
    partial = path.with_suffix(".partial")
    for leftover in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        leftover.unlink(missing_ok=True)
    _build(partial, seed, games)
    partial.rename(path)
    return path, True


def _build(path: Path, seed: str, games: int) -> None:
    from sqlalchemy import insert, text

    from scorekeeper import services
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, HandEntry, Player, Seat, SeatMoment, SeatResult

    app = _app(path)
    rng = random.Random(f"{seed}/stats")
    templates = _templates(rng)
    with app.app_context():
        db.create_all()
        account = services.register(EMAIL, PASSWORD)
        players = [services.add_player(account, name) for name in ROSTER]
        roster_ids = [p.id for p in players]
        now = datetime(2026, 11, 30, 20, 0)
        game_rows, seat_rows, hand_rows, result_rows, moment_rows = [], [], [], [], []
        for game_id in range(1, games + 1):
            template = templates[game_id % len(templates)]
            seated = rng.sample(range(len(ROSTER)), len(template.names))
            names = [ROSTER[i] for i in seated]
            when = now - timedelta(days=365 * (games - game_id) / games, minutes=rng.randint(0, 600))
            game_rows.append({
                "id": game_id, "account_id": account.id, "uid": str(uuid.UUID(int=rng.getrandbits(128))),
                "variant": template.variant, "options": template.options, "first_seat": 0,
                "ended": template.ended, "status": template.status, "hands_count": HANDS_EACH,
                "summary": template.summary(names), "revision": HANDS_EACH + int(template.ended),
                "created_at": when - timedelta(hours=2), "updated_at": when,
            })
            for seat, index in enumerate(seated):
                seat_rows.append({"game_id": game_id, "seat": seat, "player_id": roster_ids[index]})
                result = dict(template.results[seat])
                moments = result.pop("moments")
                result_rows.append({"game_id": game_id, "seat": seat, "account_id": account.id,
                                    "player_id": roster_ids[index], "variant": template.variant,
                                    "name": template.name, **result})
                moment_rows += [{"game_id": game_id, "seat": seat, "moment": moment, "count": times}
                                for moment, times in moments.items()]
            for number, entry in enumerate(template.entries, start=1):
                hand_rows.append({"game_id": game_id, "number": number, "entry": entry,
                                  "token": f"bench-{game_id}-{number}", "created_at": when, "updated_at": when})
        for model, rows in ((Game, game_rows), (Seat, seat_rows), (SeatResult, result_rows),
                            (SeatMoment, moment_rows), (HandEntry, hand_rows)):
            for start in range(0, len(rows), 20_000):
                db.session.execute(insert(model), rows[start:start + 20_000])
        db.session.commit()
        db.session.execute(text("ANALYZE"))
        db.session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        db.session.commit()
        assert db.session.query(Player).count() == len(ROSTER)
        db.session.remove()
        db.engine.dispose()


class _Template:
    """One replayed game: its stored entries (by seat), sheet and statistics rows."""

    def __init__(self, log: dict[str, Any]) -> None:
        from scorekeeper.engine import replay
        from scorekeeper.models import entry_with_seats
        from scorekeeper.services.games import summary_of
        from scorekeeper.stats import tally

        sheet = replay(log)
        self.names = log["players"]
        self.variant = log["variant"]
        self.options = log["options"]
        self.ended = bool(log.get("ended"))
        self.entries = [entry_with_seats(entry, self.names) for entry in log["hands"]]
        cached = summary_of(sheet)
        self.status = cached["status"]
        # The summary names players; each game puts its own names in, by seat.
        self._summary = json.dumps(cached["summary"])
        self.results = tally(sheet)
        self.name = sheet["name"]  # the statistics group a variant's games by their name
        assert len(sheet["hands"]) == HANDS_EACH

    def summary(self, names: list[str]) -> dict[str, Any]:
        text = self._summary
        for placeholder, name in zip(self.names, names):
            text = text.replace(json.dumps(placeholder), json.dumps(name))
        return json.loads(text)  # type: ignore[no-any-return]


def _templates(rng: random.Random) -> list[_Template]:
    """Four games of each variant, three ended by agreement and one in progress."""
    makers = [_gin, _knock, _tunk, _basic, _indian]
    found = []
    for copy in range(4):
        for make in makers:
            log = make(rng)
            log["ended"] = copy != 3
            found.append(_Template(log))
    return found


def _seats(count: int) -> list[str]:
    return [f"@seat{i}@" for i in range(count)]


def _gin(rng: random.Random) -> dict[str, Any]:
    names = _seats(2)
    hands = []
    for _ in range(HANDS_EACH):
        knocker, defender = rng.sample(names, 2)
        hands.append({"out": knocker, "hands": {knocker: {"count": rng.choice([0, 0, *range(1, 11)])},
                                                 defender: {"count": rng.randint(0, 60)}}})
    return {"variant": "gin", "players": names, "options": {"target": NEVER_ENDS}, "hands": hands}


def _knock(rng: random.Random) -> dict[str, Any]:
    names = _seats(3)
    hands = []
    for _ in range(HANDS_EACH):
        knocker = rng.choice(names)
        hands.append({"out": knocker, "hands": {
            p: {"count": rng.randint(0, 12) if p == knocker else rng.randint(0, 40)} for p in names}})
    return {"variant": "knock", "players": names, "options": {}, "hands": hands}


def _tunk(rng: random.Random) -> dict[str, Any]:
    names = _seats(3)
    hands = []
    for _ in range(HANDS_EACH):
        tunker = rng.choice(names)
        hands.append({"out": tunker, "hands": {p: {"count": rng.randint(0, 30)} for p in names if p != tunker}})
    return {"variant": "tunk", "players": names, "options": {"eliminate_at": NEVER_ENDS}, "hands": hands}


def _basic(rng: random.Random) -> dict[str, Any]:
    names = _seats(4)
    hands = []
    for _ in range(HANDS_EACH):
        out = rng.choice(names)
        hands.append({"out": out, "rummy": rng.random() < 0.1,
                      "hands": {p: {"count": rng.randint(0, 50)} for p in names if p != out}})
    return {"variant": "basic", "players": names, "options": {"target": NEVER_ENDS}, "hands": hands}


def _indian(rng: random.Random) -> dict[str, Any]:
    names = _seats(3)
    hands = []
    for _ in range(HANDS_EACH):
        out = rng.choice(names)
        hands.append({"out": out, "hands": {
            p: {"drop": "first"} if rng.random() < 0.2 else {"count": rng.randint(2, 80)}
            for p in names if p != out}})
    return {"variant": "indian", "players": names, "options": {}, "hands": hands}
