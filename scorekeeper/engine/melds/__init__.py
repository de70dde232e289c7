"""The exact meld solver: the best arrangement of a hand into melds.

Given a player's cards, the solver finds the arrangement into non-overlapping
melds that leaves the lowest value unmatched (the *deadwood*).  It is exact:
every arrangement is considered (with pruning that never drops the best one),
never a greedy guess.

The rules first, then how fast:

* :mod:`.plain` is the search a reader checks against SCORING.md section 2:
  the candidate melds of a hand, the best cover, lay-offs, wild cards and
  several decks, written as the rule book says them and nothing more.  The
  tests check every fast path below against it on random hands.
* :mod:`.rules` holds :class:`MeldRules` (what a variant melds and counts)
  and :mod:`.types` the values the solver gives.
* :mod:`.bits`: a single-deck hand as a 52-bit mask, 13 bits a suit
  (:func:`~.bits.suits` splits it), and the per-suit tables: the lowest
  deadwood with runs only of each of the 8,192 sets of ranks of a suit.
* :mod:`.search`: candidate melds by bit operations and the best cover by
  branch and bound (the knocker's covers where several tie, the defender's
  lay-offs as more candidates).
* :mod:`.tables`: the fast path that reads both covers off the per-suit
  tables instead of searching.
* :mod:`.gin`: the fast path for a whole Gin hand, both hands written as the
  sheet shows them straight off the tables.
* :mod:`.wild`: wild cards or several decks (Tunk, Indian, Three Thirteen):
  a memoised search over the lowest undecided card, wild cards a pool.
* :mod:`.solve`: the entry points that pick among them.
"""

from __future__ import annotations

from .bits import hand_mask, mask_text
from .gin import gin_shown, knocker_shown
from .rules import STANDARD, MeldRules
from .search import arrangement_of, defender_count, shown_arrangement
from .solve import arrange, best_arrangements, min_deadwood
from .tables import defence, defence_count, knocker_covers
from .types import Arrangement, GinShown, IndianResult
from .wild import indian_points, is_declaration

__all__ = [
    "STANDARD",
    "Arrangement",
    "GinShown",
    "IndianResult",
    "MeldRules",
    "arrange",
    "arrangement_of",
    "best_arrangements",
    "defence",
    "defence_count",
    "defender_count",
    "gin_shown",
    "hand_mask",
    "indian_points",
    "is_declaration",
    "knocker_covers",
    "knocker_shown",
    "mask_text",
    "min_deadwood",
    "shown_arrangement",
]
