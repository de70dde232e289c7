"""Small factories for engine tests: build a game log, replay it, read the sheet.

    sheet = play("basic", ["Ann", "Bob"], [out("Ann", Bob=counted(12))])
    assert scores(sheet, 1) == {"Ann": 12, "Bob": 0}

    error = rejected("gin", ["Ann", "Bob", "Cara"])
    assert error.where == "players"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from numbers import Number
from typing import Any

import pytest

from scorekeeper.engine import InvalidEntry, replay


def log(variant: str, players: Iterable[str], hands: Iterable[Mapping[str, Any]] = (),
        **header: Any) -> dict[str, Any]:
    """A game log; ``header`` adds ``options``, ``first_dealer``, ``ended``."""
    return {"variant": variant, "players": list(players), "hands": list(hands), **header}


def play(variant: str, players: Iterable[str], hands: Iterable[Mapping[str, Any]] = (),
         **header: Any) -> dict[str, Any]:
    """The score sheet of the game the arguments describe."""
    return replay(log(variant, players, hands, **header))


def rejected(variant: str, players: Iterable[str], hands: Iterable[Mapping[str, Any]] = (),
             **header: Any) -> InvalidEntry:
    """The :class:`InvalidEntry` that replaying this game must raise."""
    with pytest.raises(InvalidEntry) as caught:
        play(variant, players, hands, **header)
    return caught.value


def out(player: str | None, **inputs: Any) -> dict[str, Any]:
    """An entry where ``player`` went out; keyword arguments are the other inputs."""
    return {"out": player, "hands": inputs}


def counted(n: Any) -> dict[str, Any]:
    """A player's input given as the table's count."""
    return {"count": n}


def holding(cards: str) -> dict[str, Any]:
    """A player's input given as the cards left in hand."""
    return {"cards": cards}


def scores(sheet: Mapping[str, Any], number: int) -> dict[str, Any]:
    """What each column gained in hand ``number`` (1-based)."""
    return sheet["hands"][number - 1]["scores"]


def totals(sheet: Mapping[str, Any], number: int | None = None) -> dict[str, Any]:
    """Running totals after hand ``number``, or the sheet's totals."""
    if number is None:
        return sheet["totals"]
    return sheet["hands"][number - 1]["totals"]


def dealers(sheet: Mapping[str, Any]) -> list[str]:
    """Who dealt each hand, then who deals next (when the game goes on)."""
    seen = [row["dealer"] for row in sheet["hands"]]
    if sheet["next"] is not None:
        seen.append(sheet["next"]["dealer"])
    return seen


def notes(sheet: Mapping[str, Any], number: int) -> str:
    """Hand ``number``'s notes as one string, for phrase checks."""
    return " ".join(sheet["hands"][number - 1]["notes"])


def all_melds(mask: int, around_corner: bool = False) -> list[int]:
    """Every run (3 to 13 in a row of a suit, wrapping past K with the corner rule) and
    every group (3 or 4 of a rank, distinct suits) inside ``mask``."""
    found: set[int] = set()
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14):
                if not around_corner and start + length > 13:
                    break
                run = 0
                for k in range(length):
                    run |= 1 << (13 * suit + (start + k) % 13)
                if run & mask == run:
                    found.add(run)
    for rank in range(13):
        held = [1 << (13 * suit + rank) for suit in range(4) if mask >> (13 * suit + rank) & 1]
        if len(held) >= 3:
            found.add(sum(held))
            if len(held) == 4:
                found.update(sum(held) - one for one in held)
    return sorted(found)


def matches(actual: Any, expected: Any, where: str) -> None:
    """``actual`` (a sheet) agrees with every field ``expected`` gives: a worked example's
    expectations, numbers to a hundredth, winners in any order."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: no {key!r} in the sheet"
            matches(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and where.endswith("winners"):
        assert set(actual) == set(expected), f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
            matches(got, want, f"{where}[{i}]")
    elif isinstance(expected, Number) and not isinstance(expected, bool):
        assert isinstance(actual, Number) and not isinstance(actual, bool), f"{where}: {actual!r}"
        assert actual == pytest.approx(expected, abs=0.01), f"{where}: {actual!r} != {expected!r}"
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"
