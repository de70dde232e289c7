"""Small factories for engine tests: build a game log, replay it, read the sheet.

    sheet = play("basic", ["Ann", "Bob"], [out("Ann", Bob=counted(12))])
    assert scores(sheet, 1) == {"Ann": 12, "Bob": 0}

    error = rejected("gin", ["Ann", "Bob", "Cara"])
    assert error.where == "players"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
