"""What every variant shares, gathered in one place to import it from.

Each part lives in a module of its own topic:

- :mod:`.variant`: the :class:`Variant` base class (a game's declared facts and
  the hooks the replay drives), :class:`PlayedInSides`, and :func:`decided`
  (a game's decisions where the rule book is silent, read from a list);
- :mod:`.entries`: a hand's entry as read (:class:`PlayerInput`, :class:`Hand`)
  and its :class:`HandResult`;
- :mod:`.table`: the :class:`Game` being replayed, and how a score is shown;
- :mod:`.readers`: reading a cards, count or number field;
- :mod:`.rules`: the rules several variants share (deals, hand values,
  eliminations, re-entries, dealers, winners, shares).

A game module imports what it needs from here: ``from .base import Variant, Hand``.
"""

from __future__ import annotations

from ..guide import PICK
from .entries import Hand, HandResult, PlayerInput, Score
from .readers import read_cards, read_count, read_number
from .rules import (
    NOTES,
    best_players,
    eliminate_over_limit,
    hand_value,
    last_player_left,
    meld_detail,
    reentering,
    reentry_notes,
    rummy_moment,
    split,
    standard_deal,
    unmatched,
    winner_deals,
    zero_scores,
)
from .table import Game, Seating, show, shown_scores, whole
from .variant import PlayedInSides, Variant, decided

__all__ = [
    "NOTES", "PICK", "Game", "Hand", "HandResult", "PlayedInSides", "PlayerInput", "Score", "Seating", "Variant",
    "best_players", "decided", "eliminate_over_limit", "hand_value", "last_player_left", "meld_detail", "read_cards",
    "read_count", "read_number", "reentering", "reentry_notes", "rummy_moment", "show", "shown_scores", "split",
    "standard_deal", "unmatched", "whole", "winner_deals", "zero_scores",
]
