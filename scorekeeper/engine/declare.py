"""What a variant declares for the other layers, as plain data.

A game is one module under ``games/``.  Besides its rules it states, with the
small frozen records here, everything a form, a sheet, the statistics or an
API document needs to know about it, so those layers render declarations and
never ask which game they are showing:

- its **entry**: how a hand can end (:class:`Ending`: a block, besides "who
  went out"), the hand-level inputs (:class:`Choice`: rummy, the upcard, the
  deal's wild rank, in one go, who re-enters), each player's input boxes
  (:class:`Field`: count, cards, melded...) and the ways a player's hand can
  end without them (:class:`Status`: a drop, a wrong show, never opened);
- whether it is played in **sides** (:class:`Sides`: partnerships, the side
  sizes each number of players takes) and each side's input boxes (also
  :class:`Field` records: Canasta's meld points, canastas, red threes);
- its **moments** (:class:`Moment`): what the statistics count, each hand's
  moments worked out by the engine into the sheet's rows;
- its **guidance** and **settlement**, made by the variant's hooks into the
  sheet (``guide`` and ``settlement``; see :class:`~.games.base.Variant`).

Each record's :meth:`catalogue` is what :func:`scorekeeper.engine.variants`
says of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .bounds import MAX_COUNT
from .notes import render
from .sheet import NoteKey

#: whether the player who went out gives a field: never, may, must, or only they may (a house
#: game's typed ``bonus``: every other player leaves it out)
OUT_GIVES = ("none", "optional", "required", "only")

#: the kinds of a hand-level choice: a box to tick, one card, a rank, some players, one player,
#: one of a few named values (or none)
CHOICE_KINDS = ("flag", "card", "rank", "players", "player", "one_of")

#: the kinds of a player's field: a whole number, a list of cards, either of
#: them (500's melded and left: the cards, or their points), a small number,
#: a switch (true or false: the player did something this hand, such as showed or made a phase);
#: a side's field may also be a tally (a list of named values, each one of ``among``, entered as
#: a stepper a value)
FIELD_KINDS = ("count", "cards", "cards_or_points", "number", "flag", "tally")
#: the kinds a side's field may be
SIDE_FIELD_KINDS = ("count", "number", "flag", "tally")


@dataclass(frozen=True, slots=True)
class Ending:
    """A way a hand ends with nobody going out, offered beside the players.

    ``entry`` is what choosing it puts in the hand's entry (Block:
    ``{"block": True}``, with ``out`` null).
    """

    key: str
    label: str
    help: str
    entry: Mapping[str, Any]

    def catalogue(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "help": self.help, "entry": dict(self.entry)}


@dataclass(frozen=True, slots=True)
class Choice:
    """A hand-level input, stored under ``key`` in the entry.

    ``kind``: ``flag`` (true or false), ``card`` (one card, like Oklahoma's
    upcard), ``rank`` (the deal's wild rank, or none), ``players`` (a list
    of names: who re-enters before the hand) or ``player`` (one name, or
    none: who won the game at once with a special hand) or ``one_of`` (one
    of ``values``, each a value and its label, or none).  ``needs_out``:
    only with a player who went out (rummy).  ``among``: for ``players`` and
    ``player``, who may be named: ``out`` (players out of the game) or ``in``.
    """

    key: str
    kind: str
    label: str
    help: str = ""
    needs_out: bool = False
    among: str = "in"
    values: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in CHOICE_KINDS:
            raise ValueError(f"a choice's kind is one of {CHOICE_KINDS}, not {self.kind!r}")
        if (self.kind == "one_of") != bool(self.values):
            raise ValueError(f"{self.key}: a choice of kind one_of, and only it, names its values")

    def catalogue(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "label": self.label, "help": self.help,
                "needs_out": self.needs_out, "among": self.among if self.kind in ("players", "player") else None,
                "values": [{"value": value, "label": label} for value, label in self.values] or None}


@dataclass(frozen=True, slots=True)
class Field:
    """One box of a player's input, stored under ``key`` in that player's input.

    ``kind`` (see :data:`FIELD_KINDS`), the bounds of a number, and ``out``:
    whether the player who went out gives it (see :data:`OUT_GIVES`).
    ``pair``: the fields of one ``pair`` are alternatives (a count *or* the
    cards): a player gives one of them.

    A ``flag`` is a switch: the input holds true or false, false when it
    is off; with ``out`` "required" the player who went out has it on (the
    form turns it on when they are tapped).  ``turns_on``: typing this
    field turns on that flag of the same player (a number that counts only
    with the switch on).

    A side's field (a variant's ``side_fields``, under the entry's ``sides``)
    is a whole number: ``step`` is what it is a multiple of (Canasta's meld
    points: 5), ``required`` that every side gives it (0 when it has none);
    one left out otherwise counts 0.  It may also be a ``flag`` (true or
    false, false when left out) or a ``tally``: a list of at most
    ``maximum`` values, each one of ``among`` (a value and its label), empty
    when left out.

    ``numbered_by``: the key of the next deal (the sheet's ``next``) mapping
    each player to a number the label ends with, for this player's own
    field: a switch "Made phase" reads "Made phase 3" for a player on phase 3.
    """

    key: str
    kind: str
    label: str
    help: str = ""
    out: str = "none"
    minimum: int = 0
    maximum: int = MAX_COUNT
    pair: str = ""
    step: int = 1
    required: bool = False
    turns_on: str = ""
    numbered_by: str = ""
    among: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if (self.kind == "tally") != bool(self.among):
            raise ValueError(f"{self.key}: a field of kind tally, and only it, names the values it counts")
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"a field's kind is one of {FIELD_KINDS}, not {self.kind!r}")
        if self.out not in OUT_GIVES:
            raise ValueError(f"a field's out is one of {OUT_GIVES}, not {self.out!r}")
        if self.step < 1:
            raise ValueError(f"a field's step is a whole number from 1, not {self.step!r}")

    def catalogue(self) -> dict[str, Any]:
        numeric = self.kind in ("count", "number", "cards_or_points")
        shown = {"key": self.key, "kind": self.kind, "label": self.label, "help": self.help,
                 "out": self.out, "pair": self.pair or None,
                 "minimum": self.minimum if numeric else None,
                 "maximum": self.maximum if numeric or self.kind == "tally" else None,
                 "step": self.step if numeric else None, "required": self.required,
                 "numbered_by": self.numbered_by or None,
                 "among": [{"value": value, "label": label} for value, label in self.among] or None}
        if self.turns_on:
            shown["turns_on"] = self.turns_on
        return shown


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card of a pack of the game's own, as its picker shows it.

    ``card``: how a cards field writes it (``7R``); ``text``: the picker
    button's face; ``label``: what a screen reader says; ``most``: how many
    one hand entry may hold.
    """

    card: str
    text: str
    label: str
    most: int

    def catalogue(self) -> dict[str, Any]:
        return {"card": self.card, "text": self.text, "label": self.label, "most": self.most}


@dataclass(frozen=True, slots=True)
class OwnPack:
    """The cards of a game not played with the 52 cards and jokers (Phase 10's 1-12 in four
    colours, Wild and Skip): its picker's rows, each a label and its faces, and what a typed
    list of them looks like (the cards field's placeholder)."""

    rows: tuple[tuple[str, tuple[CardFace, ...]], ...]
    example: str

    def catalogue(self) -> dict[str, Any]:
        return {"rows": [{"label": label, "cards": [face.catalogue() for face in faces]}
                         for label, faces in self.rows],
                "example": self.example}


@dataclass(frozen=True, slots=True)
class Sides:
    """A game played in sides (partnerships), and the side sizes it takes.

    ``sizes`` maps a number of players to the sizes of side a log may give
    at that count: Canasta's ``Sides({4: (2,), 6: (3, 2)})`` is played at 4
    in two sides of two, at 6 in two sides of three or three sides of two.
    At those counts the log's ``sides`` header is required; at any other
    count it is refused and each player is a side of one, named by the
    player.  A variant without a ``Sides`` refuses the header at every count
    (see :func:`scorekeeper.engine.sides.seat_sides` for every rule).

    ``optional``: the header may be left out at those counts too (a game
    the table defines: partners only if the table says so); then each
    plays for themselves and the game has no sides at all.

    ``uneven``: at these numbers of players, sides of different sizes, one
    side of each size listed (Canasta for five: ``{5: (3, 2)}``), seated
    anyhow (the same-size and partners-opposite rules do not apply).
    """

    sizes: Mapping[int, tuple[int, ...]]
    optional: bool = False
    uneven: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for players, sizes in self.sizes.items():
            for size in sizes:
                if size < 2 or players % size or players == size:
                    raise ValueError(f"{players} players cannot sit in sides of {size}")
        for players, sizes in self.uneven.items():
            if sum(sizes) != players or min(sizes) < 2 or players in self.sizes:
                raise ValueError(f"{players} players cannot sit in sides of {sizes}")

    def sizes_for(self, players: int) -> tuple[int, ...]:
        """The side sizes a game of this many players takes; () where each plays for themselves."""
        return tuple(self.sizes.get(players, ()))

    def catalogue(self) -> dict[str, list[int]]:
        """The sizes by number of players, as the catalogue shows them: ``{"4": [2], "6": [3, 2]}``."""
        return {str(players): list(sizes) for players, sizes in sorted(self.sizes.items())}

    def uneven_catalogue(self) -> dict[str, list[int]] | None:
        """The uneven sides by number of players, one side of each size: ``{"5": [3, 2]}``; None without."""
        return {str(players): list(sizes) for players, sizes in sorted(self.uneven.items())} or None


@dataclass(frozen=True, slots=True)
class Status:
    """A player's hand ended without cards or a count: the whole input it stands for.

    Indian: ``Status("first", "First drop", {"drop": "first"})``; Scala 40:
    ``Status("unopened", "Never opened", {"opened": False})``.
    """

    key: str
    label: str
    input: Mapping[str, Any]
    help: str = ""

    def catalogue(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "input": dict(self.input), "help": self.help}


@dataclass(frozen=True, slots=True)
class Moment:
    """A kind of hand the statistics count for a player (gins, drops, ...).

    ``key`` is stable (stored with each count); ``heading`` and ``counts``
    are what the statistics pages say.  The engine names each row's moments
    (a row's ``moments``: player -> keys), so no other layer re-derives a rule.
    """

    key: str
    heading: str
    counts: str

    def catalogue(self) -> dict[str, Any]:
        return {"key": self.key, "heading": self.heading, "counts": self.counts}


#: the moments shared by several games
GIN = Moment("gins", "Gins", "hands won by going gin (no deadwood)")
UNDERCUT = Moment("undercuts", "Undercuts", "hands won by undercutting the knocker")
RUMMY = Moment("rummies", "Rummies", "hands won going out in one turn (rummy)")
ELIMINATED = Moment("eliminated", "Eliminated", "times this player was put out of a game (over the limit)")
REENTERED = Moment("reentries", "Re-entries", "times this player came back into a game after being put out")

#: who comes back into the game before a hand (Scala 40's rientro, Kalooki's
#: buy-in); a variant that declares it takes the ``reentries`` option and the
#: engine does the rest (see :meth:`~.games.base.Variant.before_hand`)
REENTER = Choice("reenter", "players", "Re-enters",
                 "Out of the game, and comes back before this hand at the highest total still in.",
                 among="out")

def count_or_cards(count_help: str, cards_help: str, *, out: str = "none",
                   cards_out: str | None = None) -> tuple[Field, Field]:
    """A player's usual input: a count, or the cards, with this game's help for each.

    ``out``: whether the player who went out gives them (``cards_out`` for
    the cards alone, where only those may be given: Indian's declaration).
    """
    return (Field("count", "count", "Count", count_help, out=out, pair="hand"),
            Field("cards", "cards", "or the cards", cards_help, out=cards_out or out, pair="hand"))


#: the standard pair of a player's input: a count or the cards
COUNT, CARDS = count_or_cards("their count, as the table adds it up", "the cards left in hand; the app counts them")


@dataclass(frozen=True, slots=True)
class Line:
    """One labelled line of a settlement: a value for each player."""

    label: str
    values: Mapping[str, Any]
    strong: bool = False

    def sheet(self) -> dict[str, Any]:
        return {"label": self.label, "values": dict(self.values), "strong": self.strong}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end-of-game settlement of a game, or of one game of several (Hollywood's I, II, III)."""

    lines: tuple[Line, ...]
    title: str = ""
    notes: tuple[str, ...] = ()

    def sheet(self) -> dict[str, Any]:
        return {"title": self.title, "lines": [line.sheet() for line in self.lines], "notes": list(self.notes),
                "note_keys": [note_key(note) for note in self.notes]}


_new_str = str.__new__


class Note(str):
    """A note: a stable key, the names and numbers in it, and the English they make.

    ``Note("gin.undercut", defender=d, knocker=k, knocker_count=kc, count=c,
    bonus=b, score=s)`` is the text its key's one sentence writes with these
    values (:func:`~.notes.render`), wherever a string goes (the sheet's
    ``notes``); the row's ``note_keys`` hold each note's key and values, so a
    later translation writes its words from them the same way and changes no
    rule.
    """

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, /, **values: Any) -> Note:
        note = _new_str(cls, render(key, values))  # (one is made for nearly every hand replayed: no super() here)
        note.key = key
        note.values = values
        return note

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the key
        return (_note, (self.key, self.values))


def _note(key: str, values: dict[str, Any]) -> Note:
    return Note(key, **values)


def note_key(text: str) -> NoteKey:
    """A note's key and values for the sheet; a plain string's key is ``text`` and its value the text."""
    if type(text) is Note or isinstance(text, Note):  # the first test decides nearly every note
        return {"key": text.key, "values": text.values}
    return {"key": "text", "values": {"text": str(text)}}
