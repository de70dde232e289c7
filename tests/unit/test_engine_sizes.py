"""The solver stays readable: no file of it over 800 lines, no function over 100 (issue 25).

Walks the files with :mod:`ast`, so a nested function counts inside the one
that holds it (closures are no way around the limit).  Covers the solver's
package and the Gin family's module; the other engine files are checked as
they are split.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"
CHECKED = sorted((ENGINE / "melds").glob("*.py")) + [ENGINE / "games" / "gin_family.py"]
MOST_LINES_A_FILE = 800
MOST_LINES_A_FUNCTION = 100


def ids(path: Path) -> str:
    return str(path.relative_to(ENGINE))


@pytest.mark.parametrize("path", CHECKED, ids=ids)
def test_no_solver_file_is_over_800_lines(path):
    assert len(path.read_text().splitlines()) <= MOST_LINES_A_FILE


@pytest.mark.parametrize("path", CHECKED, ids=ids)
def test_no_solver_function_is_over_100_lines(path):
    tree = ast.parse(path.read_text())
    too_long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > MOST_LINES_A_FUNCTION
    ]
    assert too_long == []


def test_the_size_check_sees_the_solvers_package():
    assert len(CHECKED) > 5 and all(path.exists() for path in CHECKED)
