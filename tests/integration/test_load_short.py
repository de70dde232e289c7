"""The load test, short: ten tables for ten seconds against gunicorn, then every game checked.

Two gunicorn servers, as two hosts behind a load balancer (the repository's
``gunicorn.conf.py``, two workers each, free ports of 127.0.0.1, one secret
key), share the database the suite runs on: a fresh SQLite file, or, when
``DATABASE_URL`` names one, a fresh schema of that PostgreSQL database (CI
runs the suite once on each).  Every request goes to either server and so
to any worker: a session made on one host must hold on the other, and a
worker that lacks a game's cached replay must still show every hand (see
:mod:`bench.load`, which ``make bench`` runs at full size: 50 tables for 60
seconds).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench.load import fresh_database, run_load

# It starts gunicorn and times it: under xdist, it runs on one worker, one
# after the other with the other tests that do (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("servers")

KIND = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"


def test_ten_tables_at_once_across_two_hosts_lose_and_double_no_hand(tmp_path: Path) -> None:
    with fresh_database(KIND, tmp_path, os.environ.get("DATABASE_URL")) as url:
        result = run_load(url, tmp_path, tables=10, seconds=10, workers=2, hosts=2)

    print(result.summary())
    assert result.failures == []  # every game: 1..n, each acknowledged hand as typed, replays to its summary
    assert result.timings.problems == []  # no 5xx, sessions held on both hosts, every race one 303
    # and one 409, every double post recorded once, every sheet read showed every hand
    assert result.server_errors == []  # no traceback in gunicorn's log
    assert result.games == 10
    assert result.hands >= 10

