"""The values the solver gives: an arrangement of a hand, an Indian hand's result,
and what the Gin fast path shows of a suit or a hand (plain tuples, see the notes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..cards import Card

#: what one suit of a hand shows where its runs are the only best ones (see :func:`_suit_shown`):
#: its lowest run deadwood, the ranks its runs hold (13 bits), those runs (hand masks, lowest
#: first), the text of its cards left (a space after it), the runs' texts in that order, and the
#: ranks its runs hold moved up 13 bits (the knocker's half of a :func:`_defence_shown` key)
SuitShown = tuple[int, int, tuple[int, ...], str, tuple[str, ...], int]

#: what a per-suit table answers where several sets of runs are best (the search's order decides)
SEVERAL: Literal[False] = False


#: what one suit of a defender shows once its groups and fourths are chosen (see
#: :func:`_defence_shown`): its own runs (hand masks, lowest first), the ranks it lays off onto
#: the knocker's runs there (13 bits), the text of its cards left (a space after it), what they
#: count, its runs' texts in that order, and the text of the cards laid off (a space after it)
DefenceShown = tuple[tuple[int, ...], int, str, int, tuple[str, ...], str]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to lay a hand down: its melds, what is left and its value."""

    deadwood: int
    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    laid_off: tuple[Card, ...] = ()
    # Indian only: how many runs, how many of them without wild fillers.
    sequences: int = 0
    pure_sequences: int = 0
    meld_kinds: tuple[str, ...] = field(default=(), compare=False)

#: what :func:`gin_shown` gives: the knocker's count, melds and unmatched cards as
#: the sheet writes them, then the defender's count, melds, unmatched cards and
#: the cards laid off, one string each
GinShown = tuple[int, list[str], str, int, list[str], str, list[str]]


#: what :func:`_knocker_shown` gives: the knocker's count, melds and unmatched cards
#: as the sheet writes them, and its melds (masks, in no particular order)
KnockerShown = tuple[int, list[str], str, list[int]]


@dataclass(frozen=True, slots=True)
class IndianResult:
    """A 13-card Indian hand: its best count and whether it is a valid show."""

    points: int  # lowest of all cards and the best two-sequences arrangement
    declarable: bool
    arrangement: Arrangement | None  # the arrangement behind points, if any
