"""Scorekeeper's scoring engine: a game log in, its score sheet out.

Pure Python with no web or database import, so other tools can reuse it::

    from scorekeeper.engine import replay, variants, InvalidEntry
    sheet = replay(log)        # dict in, JSON-serialisable dict out
    catalogue = variants()     # every variant and its options

The rules are in ``games/``, one module per variant; ``melds`` is the exact
meld solver; ``replay`` drives a log through a variant; ``sides`` reads the
partnerships of a game played in sides (``opposite_sides`` seats a new
game's partners opposite, ``side_name`` names a side).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, CardError, parse_cards
from .errors import InvalidEntry
from .games import VARIANTS, get_variant
from .games import catalogue as _catalogue
from .options import check_options
from .replay import Replay, replay
from .sides import opposite_sides, side_name, uneven_sides

__all__ = [
    "Card", "CardError", "InvalidEntry", "Replay", "entry_of", "game_name", "opposite_sides", "options_of",
    "parse_cards", "replay", "seated_sides", "side_name", "uneven_sides", "variants",
]


def seated_sides(variant: str, names: list[str], size: int) -> list[list[str]]:
    """The players of a game the app keeps in sides of ``size``: partners opposite, or, where the
    variant seats this many in uneven sides (Canasta's five), the seats dealt round them in turn."""
    found = VARIANTS.get(variant)
    uneven = found.sides.uneven.get(len(names)) if found is not None and found.sides is not None else None
    return uneven_sides(names, uneven) if uneven else opposite_sides(names, size)


def variants() -> list[dict[str, Any]]:
    """Every variant: key, name, summary, players, deal, pack and options."""
    return _catalogue()


def game_name(variant: str, options: Mapping[str, Any] | None) -> str:
    """A game's name as its sheet gives it (a game the table defines is named by its
    options); an unknown variant is named by its key."""
    found = VARIANTS.get(variant)
    if found is None:
        return variant
    return found.title(options if isinstance(options, Mapping) else {})


def entry_of(variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """How a hand of this variant is entered under a game's effective options (the
    sheet's ``options``): the catalogue's ``entry``, whose fields may follow them."""
    return get_variant(variant).entry(options)


def options_of(variant: str, options: Mapping[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """Every option of the variant with its effective value for these options
    (for ``players`` players, or the fewest it takes), or :class:`InvalidEntry`
    (``where`` "options") saying which one is wrong."""
    found = get_variant(variant)
    return found.resolve_options(check_options(found.options, options), players or found.min_players)
