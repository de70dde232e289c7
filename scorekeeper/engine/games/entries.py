"""A hand's entry as the variant reads it, and the result it scores.

:class:`PlayerInput` is one player's input, :class:`Hand` a checked entry
with what the variant needs to score it, :class:`HandResult` what the
variant's :meth:`~.variant.Variant.score` gives back.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from ..cards import Card
from ..declare import Note, note_key
from ..errors import InvalidEntry
from ..notes import sentences
from ..sheet import NoteKey

#: a hand refused for a player's input left out (``why``: a note saying why it is needed)
NOTES = sentences({
    "entries.refuse.no_input": "no input for {player}",
    "entries.refuse.no_input_why": "no input for {player} ({why})",
})

#: a score: an int, or an exact Fraction where a share is split between tied players
Score = int | Fraction


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})


class _NoSides(Mapping[str, Any]):
    """An empty mapping that can be a dataclass field's default (it hashes): a Hand's sides
    where the game is not played in sides."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __hash__(self) -> int:
        return 0


_NO_SIDES: Mapping[str, Any] = _NoSides()


class PlayerInput:
    """What the table entered for one player in one hand.

    ``cards`` (the cards still in hand) or ``count`` (the table's own count);
    neither for an empty input.  ``extra`` holds variant forms: 500 Rummy's
    ``melded``/``left``/``low_aces``, Indian ``drop`` and ``wrong_show``.
    ``all_cards`` is every card the input names and ``bits`` the same cards
    as one int, a bit per card (see :attr:`Card.bit`), when they are all
    different and none a joker, else None: worked out once, as the input is
    read, for the deck check and the single-deck meld solver.
    Nothing changes one once it is made.
    """

    __slots__ = ("all_cards", "bits", "cards", "count", "extra")

    def __init__(self, cards: tuple[Card, ...] | None = None, count: int | None = None,
                 extra: Mapping[str, Any] = _NO_EXTRA) -> None:
        self.cards = cards
        self.count = count
        self.extra = extra
        every = cards or ()
        if extra is not _NO_EXTRA:
            for value in extra.values():
                if isinstance(value, tuple):
                    every += value
        self.all_cards = every
        # Distinct cards' bits, one each; a repeated card gives none more
        # and a joker has none: fewer bits than cards.
        bits = 0
        for card in every:
            bits |= card.bit
        self.bits = bits if bits.bit_count() == len(every) else None

    def __repr__(self) -> str:
        return f"PlayerInput(cards={self.cards!r}, count={self.count!r}, extra={dict(self.extra)!r})"

    @property
    def is_empty(self) -> bool:
        return not self.cards and not self.count and not self.extra


@dataclass(slots=True)
class Hand:
    """One hand entry, checked, with what the variant needs to score it."""

    number: int
    dealer: str
    players: tuple[str, ...]  # the players still in, in seat order
    out: str | None
    entry: Mapping[str, Any]
    inputs: dict[str, PlayerInput]
    options: Mapping[str, Any]
    seats: tuple[str, ...]  # every player who started, in seat order (the pack is theirs)
    others: tuple[str, ...]  # every player still in except the one who went out
    #: each card's value in this game, by card index, the joker's last (see :meth:`Variant.card_values`)
    values: tuple[int, ...]
    #: in a game scored by sides (:class:`PlayedInSides`): each side's players, by side name,
    #: and each side's input (under the entry's ``sides``), read; empty elsewhere
    sides: Mapping[str, tuple[str, ...]] = _NO_SIDES
    side_inputs: Mapping[str, Mapping[str, Any]] = _NO_SIDES

    def invalid(self, message: str, player: str | None = None, *, field: str | None = None,
                code: str = "invalid_entry") -> InvalidEntry:
        """This hand refused: ``message`` is a keyed note (:class:`~.declare.Note`) saying why."""
        return InvalidEntry(message, hand=self.number, player=player, field=field, code=code)

    def missing(self, player: str, why: Note | None = None) -> InvalidEntry:
        """``no input for Cara``: code ``missing_input``, ``.player`` the one who needs input;
        ``why``, a note, says why in brackets after it (``no input for Cara (a block counts every
        hand)``)."""
        message = Note("entries.refuse.no_input", player=player) if why is None else \
            Note("entries.refuse.no_input_why", player=player, why=why)
        return InvalidEntry(message, hand=self.number, player=player, code="missing_input", named=True)


@dataclass(slots=True)
class HandResult:
    """A scored hand: what each column gains, why, and who won it."""

    scores: dict[str, Score]
    notes: list[str]
    details: dict[str, dict[str, Any]] = field(default_factory=dict)
    winner: str | None = None  # deals next in winner-deals games; earns a gin box
    kind: str = ""  # "gin", "undercut", "rummy", "block", ...: what the hand was
    #: each player's moments in this hand (keys of the variant's ``moments``)
    moments: dict[str, list[str]] = field(default_factory=dict)
    #: who came back into the game before this hand, at what total (set by the
    #: replay; None, nearly always: nobody)
    reentered: dict[str, Score] | None = None
    #: each note's key and values, one for each of ``notes``, where the variant
    #: wrote its notes as plain text with their keys beside them (the Gin
    #: family's hand notes, made for nearly every hand replayed: cheaper than a
    #: :class:`~.declare.Note` each); None where the notes are Notes, which
    #: carry their own.  A note added after scoring goes through :meth:`add_note`,
    #: which keeps the two in step.
    note_keys: list[NoteKey] | None = None

    def add_note(self, note: Note, *, first: bool = False) -> None:
        """One more note after the hand is scored: the last (or the ``first``)."""
        at = 0 if first else len(self.notes)
        self.notes.insert(at, note)
        if self.note_keys is not None:
            self.note_keys.insert(at, note_key(note))

