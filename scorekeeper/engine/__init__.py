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

from typing import Any

from .cards import Card, CardError, parse_cards
from .errors import InvalidEntry
from .games import catalogue as _catalogue
from .replay import Replay, replay
from .sides import opposite_sides, side_name

__all__ = ["Card", "CardError", "InvalidEntry", "Replay", "opposite_sides", "parse_cards", "replay", "side_name",
           "variants"]


def variants() -> list[dict[str, Any]]:
    """Every variant: key, name, summary, players, deal, pack and options."""
    return _catalogue()
