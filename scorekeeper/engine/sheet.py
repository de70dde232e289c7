"""The score sheet's shape (SCORING.md section 3), as types for its readers.

:func:`scorekeeper.engine.replay` returns a :class:`Sheet`: plain JSON-ready
dicts and lists, the same keys for every game.  A game may carry more of
its own (Contract's ``next.contract``, Canasta's ``next.minimum_meld``,
Hollywood's three games): it declares them (:mod:`.extras`: its
``extras`` and ``boards``) and makes them in its ``next_extras``,
``hand_extras`` and ``sheet_extras`` hooks, and a reader finds them through
the declaration, not through keys listed here.  The keys every game with
re-entries has (``reentered``, ``reentries``) are listed as not required.

A game scored by sides (SCORING.md section 3, "Sides") keys a row's
``scores``, ``totals``, ``details`` and ``winner``, and the sheet's
``totals``, ``winners`` and ``eliminated``, by side: the names in ``sides``,
whose players ``side_players`` gives (each player a side of one, named by
the player, where that table plays each for themselves).  ``players``,
``dealer``, ``out`` and a row's ``moments`` stay players.  Every other game
has ``sides`` and ``side_players`` null, and keys all of these by player.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

#: a score as the sheet shows it: an int when whole, else rounded to 2 decimals
Shown = int | float


class NoteKey(TypedDict):
    key: str
    values: dict[str, Any]


class Row(TypedDict):
    """One hand of the sheet."""

    number: int
    dealer: str
    out: str | None
    scores: dict[str, Shown]
    totals: dict[str, Shown]
    details: dict[str, dict[str, Any]]
    notes: list[str]
    note_keys: list[NoteKey]
    winner: str | None
    kind: str
    moments: dict[str, list[str]]
    # where players may come back: the total each came back at
    reentered: NotRequired[dict[str, Shown]]


class Next(TypedDict):
    """The next deal, as guidance for the table."""

    hand: int
    dealer: str
    cards_each: int | None  # None: the game leaves the deal to the table
    decks: int
    jokers: int


class Limit(TypedDict):
    label: str
    value: int


class GuideKeys(TypedDict):
    """One guide line as notes: each part's key and values, and the key of the note
    written between them (``guide.dot``: `` · ``), so a page writes the line in its language."""

    parts: list[NoteKey]
    separator: str


class GuideLines(TypedDict):
    """The guide's lines as notes (:class:`GuideKeys`), and the limit's label as a note (None: no limit)."""

    how_to: GuideKeys
    goal: GuideKeys
    next: GuideKeys
    limit: NoteKey | None


class Guide(TypedDict):
    """What the pages say of the game: what to enter, its goal, the next deal, the line totals
    race to; each in English, and in ``keys`` the notes that write them again in another language."""

    how_to: str
    goal: str
    next: str
    limit: Limit | None
    keys: GuideLines


class Line(TypedDict):
    label: str
    values: dict[str, Any]
    strong: bool


class Settlement(TypedDict):
    title: str
    lines: list[Line]
    notes: list[str]
    note_keys: list[NoteKey]


class Moment(TypedDict):
    key: str
    heading: str
    counts: str


class Sheet(TypedDict):
    """The score sheet of a game log."""

    variant: str
    name: str
    options: dict[str, Any]
    players: list[str]
    #: the sides' names, in seat order of their first player (None: not scored in sides)
    sides: list[str] | None
    #: each side's players in seat order (None: not scored in sides)
    side_players: dict[str, list[str]] | None
    first_dealer: str
    lowest_wins: bool
    hands: list[Row]
    totals: dict[str, Shown]
    finished: bool
    ended_by_agreement: bool
    winners: list[str]
    eliminated: dict[str, int]
    final: dict[str, Any] | None
    final_notes: list[str]
    final_detail: dict[str, Any] | None
    settlement: list[Settlement]
    next: Next | None
    guide: Guide
    moments: list[Moment]
    # where players may come back: how often each came back
    reentries: NotRequired[dict[str, int]]
