"""The load test, short: ten tables for ten seconds against gunicorn, then every game checked.

gunicorn runs with the repository's ``gunicorn.conf.py`` and three worker
processes on a free port of 127.0.0.1, on the database the suite runs on: a
fresh SQLite file, or, when ``DATABASE_URL`` names one, a fresh schema of
that PostgreSQL database (CI runs the suite once on each).
Each table's phones land on any worker: a worker that lacks a game's
cached replay must still show every hand (see :mod:`bench.load`, which
``make bench`` runs at full size: 50 tables for 60 seconds).
"""

from __future__ import annotations

import os
from pathlib import Path

from bench.load import fresh_database, run_load

KIND = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"


def test_ten_tables_at_once_across_three_workers_lose_and_double_no_hand(tmp_path: Path) -> None:
    with fresh_database(KIND, tmp_path, os.environ.get("DATABASE_URL")) as url:
        result = run_load(url, tmp_path, tables=10, seconds=10, workers=3)

    print(result.summary())
    assert result.failures == []  # every game: 1..n, each acknowledged hand as typed, replays to its summary
    assert result.timings.problems == []  # no 5xx, every race one 303 and one 409, every double post once
    assert result.server_errors == []  # no traceback in gunicorn's log
    assert result.games == 10
    assert result.hands >= 10

