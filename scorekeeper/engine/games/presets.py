"""The presets: the seed's other rummy games as definitions of the table's own game, offered by name.

Each preset is data, ``presets.json`` beside this module (never code): its
key (``german-romme``), name, where it is played, the players it is for, a
one-line summary, the rule pages it follows (``sources``), the decisions
taken where they were silent or disagreed, whether the app scores it
exactly (``exact``; a game that is not says in one line, ``cannot``, what
the app cannot yet do for it), its whole definition (every option of
:class:`~.house.House`, so it replays the same anywhere), and its worked
hands.  A game started from a preset is a house game like any other: its
log holds the definition, not the preset's key.

The file is read on first use, not on import, so the engine bundle the
browser runs (``.py`` files only) imports this module without it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .house import House

#: the presets' file, beside this module
PATH = Path(__file__).with_name("presets.json")


@dataclass(frozen=True)
class Worked:
    """A worked hand of a preset: the log's players and hands, the options it changes (none but
    for a variation, such as Wikipedia's aces), and the sheet it gives, as far as ``expect`` says."""

    why: str
    players: tuple[str, ...]
    hands: tuple[Mapping[str, Any], ...]
    expect: Mapping[str, Any]
    options: Mapping[str, Any]

    def log(self, definition: Mapping[str, Any]) -> dict[str, Any]:
        """The game log of this worked hand under ``definition``."""
        return {"variant": House.key, "players": list(self.players),
                "options": {**definition, **self.options}, "hands": [dict(hand) for hand in self.hands]}


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    played: str  # where it is played
    players: tuple[int, int]  # the fewest and the most players it is for
    summary: str
    sources: tuple[str, ...]
    decisions: tuple[str, ...]
    exact: bool
    cannot: str | None  # what the app cannot yet do for it, where it is not exact
    definition: Mapping[str, Any]
    worked: tuple[Worked, ...]

    @property
    def variant(self) -> str:
        """The game a preset's game is: the table's own (its log names that variant, with the definition)."""
        return House.key

    def log(self, players: list[str], hands: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """A game log of this preset: these players, its definition, these hands."""
        return {"variant": self.variant, "players": list(players), "options": dict(self.definition),
                "hands": list(hands or [])}


def _worked(raw: Mapping[str, Any]) -> Worked:
    return Worked(why=raw["why"], players=tuple(raw["players"]), hands=tuple(raw["hands"]),
                  expect=raw["expect"], options=raw.get("options") or {})


def _preset(raw: Mapping[str, Any]) -> Preset:
    low, high = raw["players"]
    return Preset(key=raw["key"], name=raw["name"], played=raw["played"], players=(int(low), int(high)),
                  summary=raw["summary"], sources=tuple(raw["sources"]), decisions=tuple(raw["decisions"]),
                  exact=bool(raw["exact"]), cannot=raw.get("cannot"), definition=raw["definition"],
                  worked=tuple(_worked(one) for one in raw.get("worked") or ()))


@cache
def presets() -> tuple[Preset, ...]:
    """Every preset, in the file's order: the exact ones, then those the app scores only in part."""
    data = json.loads(PATH.read_text(encoding="utf-8"))
    return tuple(_preset(raw) for raw in data["presets"])


def exact() -> list[Preset]:
    """The presets the app scores exactly, offered by name beside the built-in games."""
    return [preset for preset in presets() if preset.exact]


def close() -> list[Preset]:
    """The presets the app scores only in part: "close, with the totals you type"."""
    return [preset for preset in presets() if not preset.exact]


def preset(key: str | None) -> Preset | None:
    """The preset of this key, or None."""
    return next((found for found in presets() if found.key == key), None)


__all__ = ["Preset", "Worked", "close", "exact", "preset", "presets"]
