"""The engine stays readable: no file over 800 lines, no function over 100 (issue 25).

Each of ``scorekeeper/engine/**/*.py`` is read with :mod:`ast`; a function's
length runs from its first decorator to its last line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.engine

ENGINE = Path(scorekeeper.engine.__file__).parent
MOST_LINES_A_FILE = 800
MOST_LINES_A_FUNCTION = 100



def engine_files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_the_engine_files_are_found():
    names = {path.relative_to(ENGINE).as_posix() for path in engine_files()}
    assert {"replay.py", "games/base.py", "games/variant.py", "games/gin_family.py",
            "melds/plain.py", "melds/wild.py"} <= names


@pytest.mark.parametrize("path", engine_files(), ids=lambda path: path.relative_to(ENGINE).as_posix())
def test_no_engine_file_is_over_800_lines(path: Path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES_A_FILE, f"{path.relative_to(ENGINE)} has {lines} lines"


def long_functions(source: str) -> list[tuple[str, int]]:
    """Each function (or method) of ``source`` over the limit, with its length in lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MOST_LINES_A_FUNCTION:
                found.append((node.name, length))
    return found


@pytest.mark.parametrize("path", engine_files(), ids=lambda path: path.relative_to(ENGINE).as_posix())
def test_no_engine_function_is_over_100_lines(path: Path):
    assert long_functions(path.read_text(encoding="utf-8")) == []


def test_a_function_over_100_lines_is_found():
    body = "".join(f"    x{n} = {n}\n" for n in range(100))
    assert long_functions(f"@staticmethod\ndef long():\n{body}") == [("long", 102)]
    assert long_functions(f"def short():\n{body[:-len('    x99 = 99')-1]}") == []
