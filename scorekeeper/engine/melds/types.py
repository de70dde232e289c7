"""The values the solver gives: an arrangement of a hand, an Indian hand's result,
and what the Gin fast path shows of a suit or a hand (named tuples: each field read by name).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from ..cards import Card

class SuitShown(NamedTuple):
    """What one suit of a hand shows where its runs are the only best ones (see
    :func:`~.gin._suit_shown`), kept in the rules' table for that set of ranks."""

    deadwood: int  #: its lowest run deadwood
    held: int  #: the ranks its runs hold (13 bits)
    runs: tuple[int, ...]  #: those runs (hand masks, lowest first)
    left: str  #: the text of its cards left (a space after it)
    run_texts: tuple[str, ...]  #: the runs' texts in that order
    held_above: int  #: ``held`` moved up 13 bits (the knocker's half of a defence key)

#: what a per-suit table answers where several sets of runs are best (the search's order decides)
SEVERAL: Literal[False] = False


class DefenceShown(NamedTuple):
    """What one suit of a defender shows once its groups and fourths are chosen (see
    :func:`~.gin._defence_shown`)."""

    runs: tuple[int, ...]  #: its own runs (hand masks, lowest first)
    laid: int  #: the ranks it lays off onto the knocker's runs there (13 bits)
    left: str  #: the text of its cards left (a space after it)
    value: int  #: what they count
    run_texts: tuple[str, ...]  #: its runs' texts in that order
    laid_text: str  #: the text of the cards laid off (a space after it)


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

#: what :func:`~.gin.gin_shown` gives: the knocker's count, melds and unmatched cards as
#: the sheet writes them, then the defender's count, melds, unmatched cards and the cards
#: laid off, one string each.  A plain tuple, not a named one: it is made for every Gin
#: hand replayed and read once, by unpacking (a named tuple costs 2 % of the 1,000-hand game)
GinShown = tuple[int, list[str], str, int, list[str], str, list[str]]


class KnockerShown(NamedTuple):
    """What :func:`~.gin._knocker_shown` gives: the knocker's hand as the sheet writes it."""

    deadwood: int
    melds: list[str]
    left: str  #: its unmatched cards
    masks: list[int]  #: its melds as masks, in no particular order


@dataclass(frozen=True, slots=True)
class IndianResult:
    """A 13-card Indian hand: its best count and whether it is a valid show."""

    points: int  # lowest of all cards and the best two-sequences arrangement
    declarable: bool
    arrangement: Arrangement | None  # the arrangement behind points, if any
