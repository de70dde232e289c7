"""A game being replayed: who is in, their totals, and how a score is shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .entries import HandResult, Score

if TYPE_CHECKING:
    from .variant import Variant



@dataclass(slots=True)
class Game:
    """The state of a game being replayed: totals so far and who is still in."""

    variant: Variant
    players: tuple[str, ...]
    options: dict[str, Any]
    first_dealer: str
    totals: dict[str, Score]
    results: list[HandResult] = field(default_factory=list)
    dealers: list[str] = field(default_factory=list)
    previous_totals: dict[str, Score] = field(default_factory=dict)
    eliminated: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    ended_by_agreement: bool = False
    #: the players still in, in seat order (kept in step by :meth:`eliminate`)
    active: tuple[str, ...] = ()
    #: what a variant keeps of its own from hand to hand (Hollywood's three
    #: games), set up by :meth:`Variant.start` and kept by
    #: :meth:`Variant.after_hand`; a Replay that goes on copies it
    state: dict[str, Any] = field(default_factory=dict)
    #: how often each player came back into the game (only those who did)
    reentries: dict[str, int] = field(default_factory=dict)
    #: each card's value under the game's options (:meth:`Variant.card_values`), set as it starts
    card_values: tuple[int, ...] = ()
    #: the columns scores and totals are kept in, in order: the players, or
    #: the sides' names where the variant scores sides (see :attr:`sides`)
    columns: tuple[str, ...] = ()
    #: each side's players in seat order, by side name, the sides in seat
    #: order (a side of one for each player where the variant scores sides
    #: but this table plays each for themselves); None where it does not
    sides: Mapping[str, tuple[str, ...]] | None = None

    #: every column scoring 0, in order: a hand's scores start from it
    no_scores: dict[str, Score] = field(default_factory=dict)
    #: for each player still in (and None), everyone else still in: a hand's
    #: ``others``, worked out once per change of the table, not once per hand
    others_than: dict[str | None, tuple[str, ...]] = field(default_factory=dict)
    #: for every player (in or out), the next player to the left still in: who
    #: deals after them, worked out with :attr:`others_than`
    left_of: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.columns:
            self.columns = self.players
        self.no_scores = dict.fromkeys(self.columns, 0)
        self._seat(self.players)

    @property
    def hands_played(self) -> int:
        return len(self.results)

    def eliminate(self, player: str, number: int) -> None:
        """``player`` is out of the game after hand ``number``."""
        self.eliminated[player] = number
        self._seat(tuple(p for p in self.players if p not in self.eliminated))

    def reenter(self, back: Mapping[str, Score]) -> Seating:
        """The players of ``back`` come back into the game, each at the total given.

        Returns the seating before, for :meth:`restore` when the hand they
        came back for is refused.
        """
        before = Seating(self.totals, dict(self.eliminated), dict(self.reentries))
        # A new dict of totals: the last hand's row shows the old one.
        self.totals = {**self.totals, **back}
        for player in back:
            del self.eliminated[player]
            self.reentries[player] = self.reentries.get(player, 0) + 1
        self._seat(tuple(p for p in self.players if p not in self.eliminated))
        return before

    def restore(self, before: Seating) -> None:
        """Undo :meth:`reenter`: the table as it was."""
        self.totals, self.eliminated, self.reentries = before.totals, before.eliminated, before.reentries
        self._seat(tuple(p for p in self.players if p not in self.eliminated))

    def _seat(self, active: tuple[str, ...]) -> None:
        self.active = active
        self.others_than = {out: tuple(p for p in active if p != out) for out in (None, *active)}
        seats = self.players
        # The seats after each player's, round the table to theirs: the first still in.
        self.left_of = {
            player: next((p for p in (*seats[i + 1:], *seats[:i + 1]) if p in active), player)
            for i, player in enumerate(seats)
        }


@dataclass(frozen=True, slots=True)
class Seating:
    """Who was in and at what totals, kept while a hand with re-entries is checked."""

    totals: dict[str, Score]
    eliminated: dict[str, int]
    reentries: dict[str, int]


def whole(value: Score) -> int | float:
    """A score as the sheet shows it: an int when whole, else 2 decimals."""
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    return round(float(value), 2)


def shown_scores(scores: dict[str, Score]) -> dict[str, int | float]:
    """Each player's score as the sheet shows it (see :func:`whole`).

    When every score is an int already (nearly always) that is the dict
    itself, not a copy: the replay makes a new dict of scores and of totals
    for each hand and never changes one afterwards, so the sheet shares it.
    """
    for value in scores.values():
        if type(value) is not int:
            return {p: whole(v) for p, v in scores.items()}
    return scores  # type: ignore[return-value]  # (ints, as just checked)


def show(value: Score) -> str:
    """A score as the notes write it: ``17`` or ``8.5`` or ``3.33``."""
    shown = whole(value)
    return str(shown)
