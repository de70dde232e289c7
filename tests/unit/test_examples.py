"""The worked games in shared/examples: each log must give the sheet its `expect` states.

Only the fields an example gives are compared (nested dicts such as ``next``
and ``final`` key by key); numbers to 0.01, ``winners`` as a set, and
``{"error": {"hand": N}}`` means the log is rejected at hand N.
"""

from __future__ import annotations

import json
import os
from numbers import Number
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import InvalidEntry, replay

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "examples"

if not EXAMPLES.is_dir():
    # Beside a checkout, CI always has them: there their absence fails the run, never skips it.
    if os.environ.get("CI"):
        raise RuntimeError(f"no worked examples at {EXAMPLES}: CI lays ../shared beside the checkout")
    pytest.skip(f"no worked examples at {EXAMPLES}", allow_module_level=True)

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.json"))


def assert_matches(actual: Any, expected: Any, where: str) -> None:
    """``actual`` agrees with every field ``expected`` gives."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: no {key!r} in the sheet"
            assert_matches(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and where.endswith("winners"):
        assert set(actual) == set(expected), f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
            assert_matches(got, want, f"{where}[{i}]")
    elif isinstance(expected, Number) and not isinstance(expected, bool):
        assert isinstance(actual, Number) and not isinstance(actual, bool), f"{where}: {actual!r}"
        assert actual == pytest.approx(expected, abs=0.01), f"{where}: {actual!r} != {expected!r}"
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def test_there_are_worked_examples():
    assert EXAMPLE_FILES


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.name for p in EXAMPLE_FILES])
def test_the_worked_example_replays_to_the_sheet_it_states(path: Path):
    example = json.loads(path.read_text(encoding="utf-8"))
    expect = example["expect"]
    if "error" in expect:
        with pytest.raises(InvalidEntry) as caught:
            replay(example["log"])
        assert caught.value.hand == expect["error"]["hand"], str(caught.value)
        return
    assert_matches(replay(example["log"]), expect, "sheet")


def test_only_the_fields_an_example_gives_are_compared():
    sheet = {"next": {"dealer": "Ann", "cards_each": 10, "hand": 3}, "winners": ["B", "A"], "totals": {"A": 1 / 3}}
    assert_matches(sheet, {"next": {"dealer": "Ann"}, "winners": ["A", "B"], "totals": {"A": 0.33}}, "sheet")
    with pytest.raises(AssertionError):
        assert_matches(sheet, {"next": {"dealer": "Bob"}}, "sheet")
    with pytest.raises(AssertionError):
        assert_matches(sheet, {"totals": {"A": 0.35}}, "sheet")
    with pytest.raises(AssertionError):
        assert_matches(sheet, {"winners": ["A"]}, "sheet")
