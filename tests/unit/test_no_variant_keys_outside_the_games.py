"""A game is one module: nothing outside ``scorekeeper/engine/games/`` knows a game by its key.

The web layer, statistics, API, templates and scripts render what the
variants declare (``scorekeeper.engine.declare``).  This walks every other
source file and fails on any place that compares with a variant's key, lists
keys, or keys a dict by them, in Python (read as a syntax tree), in the
templates and in the scripts.  Demo data and documented examples may name a
key as data: they are listed below, by file and name, and nowhere else.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scorekeeper.engine.games import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
GAMES = PACKAGE / "engine" / "games"
KEYS = frozenset(VARIANTS)

#: module-level names whose value is data naming games (a demo, an API example)
DATA = {
    "scorekeeper/cli.py": {"DEMO_GAMES"},
    "scorekeeper/web/openapi.py": {"EXAMPLE_SHEET", "EXAMPLE_ENTRY"},
}


def python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents)


def _data_nodes(tree: ast.Module, allowed: set[str]) -> set[int]:
    """The ids of every node inside an allowed module-level assignment."""
    inside: set[int] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id in allowed for t in targets):
            inside |= {id(n) for n in ast.walk(node)}
    return inside


def _is_key(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in KEYS


def key_uses(source: str, allowed: set[str]) -> list[tuple[int, str]]:
    """Every place a variant key is compared with, listed, or used as a dict key: (line, what)."""
    tree = ast.parse(source)
    data = _data_nodes(tree, allowed)
    found = []
    for node in ast.walk(tree):
        if id(node) in data:
            continue
        if isinstance(node, ast.Compare) and any(_is_key(n) for n in (node.left, *node.comparators)):
            found.append((node.lineno, "compares with a variant key"))
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)) and any(_is_key(n) for n in node.elts):
            found.append((node.lineno, "lists a variant key"))
        elif isinstance(node, ast.Dict) and any(_is_key(k) for k in node.keys):
            found.append((node.lineno, "keys a dict by a variant key"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "get_variant" \
                and node.args and _is_key(node.args[0]):
            found.append((node.lineno, "asks for one variant by its key"))
    return found


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_python_module_outside_the_games_branches_on_a_variant_key(path: Path) -> None:
    name = str(path.relative_to(ROOT))
    assert key_uses(path.read_text(encoding="utf-8"), DATA.get(name, set())) == []


_QUOTED = "|".join(re.escape(key) for key in sorted(KEYS, key=len, reverse=True))
#: a quoted key beside a comparison or in a list: `== 'gin'`, `"tunk" ===`, `in ('tunk', 'indian')`
_TEXT_USE = re.compile(
    rf"""(==|!=|\bin\b\s*[\(\[])\s*['"]({_QUOTED})['"]|['"]({_QUOTED})['"]\s*(===?|!==?)|[\(\[,]\s*['"]({_QUOTED})['"]\s*[,\)\]]"""
)


def text_files() -> list[Path]:
    templates = sorted((ROOT / "templates").rglob("*.html"))
    scripts = sorted(p for p in (ROOT / "static").rglob("*.js") if "vendor" not in p.parts)
    return templates + scripts


@pytest.mark.parametrize("path", text_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_or_script_branches_on_a_variant_key(path: Path) -> None:
    uses = [(n, line.strip()) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if _TEXT_USE.search(line)]
    assert uses == []


def test_the_walker_finds_each_kind_of_key_use() -> None:
    """The checks above can fail: each way of knowing a game by its key is caught."""
    source = (
        "if variant == 'gin': pass\n"
        "x = key in ('tunk', 'indian')\n"
        "MOMENTS = {'basic': ('rummies',)}\n"
        "v = get_variant('500')\n"
        "fine = sheet['variant']\n"
    )
    assert sorted(line for line, _ in key_uses(source, set())) == [1, 2, 3, 4]
    assert key_uses("DEMO_GAMES = [('gin', ['Ann', 'Bob'])]\n", {"DEMO_GAMES"}) == []
    assert _TEXT_USE.search("form.variant.key in ('tunk', 'indian')")
    assert _TEXT_USE.search('if (key === "gin") {')
    assert not _TEXT_USE.search("{% block content %}")
