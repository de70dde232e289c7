"""The sheet's guide lines, each made of notes, so another language can write them again.

A guide line (the sheet's ``guide``: ``how_to``, ``goal``, ``next``) is a
:class:`GuideLine`: a few parts, each a :class:`~.declare.Note`, joined by a
separator that is a note too (:data:`SENTENCES` between how-to's sentences,
:data:`AND` between goal's parts, :data:`DOT` between the next deal's), so a
language may write its own parts and its own separator.  A line is the
English string it has always been, and :meth:`GuideLine.sheet_keys` is what the sheet
keeps of it (``guide["keys"]``, see :class:`~.sheet.GuideKeys`).

The parts every game shares are listed here: the goal's (``Game to 500``,
``highest wins``), the next deal's (``Hand 4``, ``Ann deals 6 cards``, the
pack) and the limit's labels; a game lists its own in its module's ``NOTES``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .declare import Note, note_key
from .notes import sentences
from .sheet import GuideKeys

NOTES = sentences({
    "guide.sentences": " ",
    "guide.and": "; ",
    "guide.dot": " · ",
    "guide.pick": "Type the count, or pick the cards and the app counts them.",
    "guide.game_to": "Game to {target}",
    "guide.deals": "{deals} deals",
    "guide.at_most_deals": "at most {deals} deals",
    "guide.until_agreed": "Play until you agree to stop",
    "guide.lowest_wins": "lowest wins",
    "guide.highest_wins": "highest wins",
    "guide.out_at": "Out at {limit}",
    "guide.last_left_wins": "last player left wins",
    "guide.reentries": "{reentries} re-entr{reentries:y|ies} each",
    "guide.pool": "Pool {pool}: out at {pool}",
    "guide.hand": "Hand {hand}",
    "guide.dealer": "{dealer} deals",
    "guide.dealer_cards": "{dealer} deals {cards} cards",
    "guide.decks": "{decks} deck{decks:|s}",
    "guide.decks_jokers": "{decks} deck{decks:|s} + {jokers} joker{jokers:|s}",
    "guide.limit_target": "Target",
    "guide.limit_out_at": "Out at",
    "guide.limit_pool": "Pool",
})

#: the separators: between how-to's sentences, between goal's parts, between the next deal's parts
SENTENCES, AND, DOT = Note("guide.sentences"), Note("guide.and"), Note("guide.dot")

#: the sentence a how-to ends with where a count or the cards may be given
PICK = Note("guide.pick")


class GuideLine(str):
    """A guide line: its parts (notes) joined by its separator (a note), as English text."""

    parts: tuple[str, ...]
    separator: Note

    def __new__(cls, parts: Iterable[str], separator: Note) -> GuideLine:
        parts = tuple(parts)
        line = super().__new__(cls, separator.join(parts))
        line.parts = parts
        line.separator = separator
        return line

    def sheet_keys(self) -> GuideKeys:
        """What the sheet keeps to write the line again: each part's key and values, the separator's key."""
        return {"parts": [note_key(part) for part in self.parts], "separator": self.separator.key}


def how_to(*sentences: str) -> GuideLine:
    """A how-to line of these sentences."""
    return GuideLine(sentences, SENTENCES)


def goal(*parts: str) -> GuideLine:
    """A goal line of these parts: ``Game to 500; highest wins``."""
    return GuideLine(parts, AND)


def next_deal(*parts: str) -> GuideLine:
    """A next deal's line of these parts: ``Hand 4 · Ann deals 6 cards``."""
    return GuideLine(parts, DOT)


def winning(lowest_wins: bool) -> Note:
    """``lowest wins`` or ``highest wins``."""
    return Note("guide.lowest_wins" if lowest_wins else "guide.highest_wins")


__all__ = ["AND", "DOT", "NOTES", "PICK", "SENTENCES", "GuideLine", "goal", "how_to", "next_deal", "winning"]
