"""One home for what commits: only ``scorekeeper/services/`` commits to the database.

A view loads, checks access, calls a use case and renders; the use case owns
its transaction.  This reads every module of the package and fails on a
``.commit(`` anywhere else but the few infrastructure places listed below,
each with the reason it may.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
SERVICES = PACKAGE / "services"

COMMIT = re.compile(r"\.commit\(")

#: the places outside services/ that may commit, and why
ALLOWED = {
    # The PostgreSQL connection's lock wait, set when the pool opens a
    # connection (a SET inside a rolled-back transaction would be undone).
    "scorekeeper/extensions.py": "the driver connection's session setting, at connect",
    # The demo command back-dates the games it has just made through the use
    # cases, so the history shows past evenings: demo data, not a use case.
    "scorekeeper/cli.py": "flask demo back-dates its own demo games",
}


def commits_in(path: Path) -> list[int]:
    """The lines of the file that commit."""
    return [number for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if COMMIT.search(line)]


def committing_modules() -> dict[str, list[int]]:
    return {str(path.relative_to(ROOT)): lines
            for path in sorted(PACKAGE.rglob("*.py")) if (lines := commits_in(path))}


def test_nothing_outside_the_services_commits_but_the_listed_infrastructure() -> None:
    outside = {name: lines for name, lines in committing_modules().items()
               if not name.startswith("scorekeeper/services/") and name not in ALLOWED}
    assert outside == {}, "move the change into a use case under scorekeeper/services/"


def test_no_module_under_web_commits() -> None:
    web = {name for name in committing_modules() if name.startswith("scorekeeper/web/")}
    assert web == set()
    assert not any(name.startswith("scorekeeper/web/") for name in ALLOWED)


def test_each_allowance_is_still_needed() -> None:
    """An allowance whose commit went away is taken off the list, so the list stays short."""
    found = committing_modules()
    assert [name for name in ALLOWED if name not in found] == []


def test_the_search_finds_the_services_commits() -> None:
    """The check can fail: it sees the commits the use cases make, under any receiver."""
    found = committing_modules()
    for area in ("accounts", "games", "sharing", "api_tokens", "throttle", "backup", "statistics", "idempotency"):
        assert f"scorekeeper/services/{area}.py" in found, area
    assert COMMIT.search("        db.session.commit()")
    assert COMMIT.search("session.commit()  # after")
    assert not COMMIT.search("committed = game_key(game)")
