"""The presets on **New game**: the seed's other games, each a definition of the table's own game.

The engine keeps them as data (:mod:`scorekeeper.engine.games.presets`);
this module words them for the page that picks a game and seats a preset's
players.  A preset's game starts as a game of its variant with the
preset's whole definition as its options, as a kept game type's does, so
its log replays the same anywhere and its history and statistics go by its
name.  The games the app scores exactly are offered by name; the others,
"close, with the totals you type", start the same way, their points typed,
each saying in one line what the app cannot yet do for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import abort
from flask_babel import lazy_gettext as _l

from ..engine.games.presets import Preset, close, exact, preset
from .catalogue import player_range

#: what every preset is, in the player's words
BASED_ON = _l("based on the table's own game")


@dataclass(frozen=True)
class PresetCard:
    """A preset as the list of games shows it."""

    key: str
    name: str
    summary: str
    about: str  # where it is played, for how many players, what it is built on
    cannot: str  # what the app cannot yet do for it ("" where it is exact)


def card(found: Preset) -> PresetCard:
    low, high = found.players
    return PresetCard(key=found.key, name=found.name, summary=found.summary,
                      about=f"{found.played} · {player_range(low, high)} · {BASED_ON}", cannot=found.cannot or "")


def exact_cards() -> list[PresetCard]:
    """The presets scored exactly: offered by name beside the built-in games."""
    return [card(found) for found in exact()]


def close_cards() -> list[PresetCard]:
    """The presets scored only in part: "close, with the totals you type"."""
    return [card(found) for found in close()]


def chosen(raw: str | None) -> Preset | None:
    """The preset ``?preset=`` names (404 for a key there is none of), or None when not asked."""
    if raw is None or raw == "":
        return None
    found = preset(raw)
    if found is None:
        abort(404)
    return found


def seated(variant: Mapping[str, Any], found: Preset) -> dict[str, Any]:
    """The variant's catalogue entry for seating a preset's players: as many seats as the game
    is for (Mille's two), within what the variant takes."""
    low, high = found.players
    low, high = max(low, variant["min_players"]), min(high, variant["max_players"])
    return {**variant, "min_players": low, "max_players": high, "player_counts": list(range(low, high + 1))}


__all__ = ["BASED_ON", "PresetCard", "chosen", "close_cards", "exact_cards", "seated"]
