"""What every variant shares: reading a hand entry, dealing, ending, winning.

A variant is a subclass of :class:`Variant` that states its facts (players,
deal, options) as class attributes and overrides a few small hooks; most of
all :meth:`Variant.score`, which turns one checked hand into each player's
score and the notes that explain it.  :mod:`scorekeeper.engine.replay` drives
the hooks hand after hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from types import MappingProxyType
from typing import Any, ClassVar

from ..bounds import MAX_CARDS_TEXT, MAX_COUNT, quoted, shown
from ..cards import (
    _BIT_NAMED, _BITS_BY_NAME, _CARD_NAMED, _CARDS_BY_NAME, ALL_CARDS, JOKER, Card, CardError, find_excess_copies, format_cards, parse_hand,
)
from ..declare import (
    CARDS, COUNT, REENTER, RUMMY, Choice, Ending, Field, Moment, Note, Settlement, Sides, Status, note_key,
)
from ..errors import InvalidEntry
from ..extras import Boards, Extra, extra_words
from ..melds import Arrangement, MeldRules, arrange, knocker_covers, knocker_shown, shown_arrangement
from ..notes import sentences
from ..options import Option, check_options
from ..sheet import NoteKey

#: a score: an int, or an exact Fraction where a share is split between tied players
Score = int | Fraction


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})
_new = object.__new__


class _NoSides(Mapping[str, Any]):
    """An empty mapping that can be a dataclass field's default (it hashes): a Hand's sides
    where the game is not played in sides, at no cost to making a Hand."""

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
    (A plain class with slots: one is made for every player of every hand
    replayed, and this is the cheapest to make; nothing changes one.)
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
        self.bits: int | None = 0
        if every:
            # Distinct cards' bits, one each; a repeated card gives none more
            # and a joker has none: fewer bits than cards.
            bits = 0
            for card in every:
                bits |= card.bit
            self.bits = bits if bits.bit_count() == len(every) else None

    @classmethod
    def of_count(cls, count: int) -> PlayerInput:
        """The input of a count alone: ``PlayerInput(None, count)``, made without its checks."""
        given = _new(cls)
        given.cards = None
        given.count = count
        given.extra = _NO_EXTRA
        given.all_cards = ()
        given.bits = 0
        return given

    @classmethod
    def of_cards(cls, cards: tuple[Card, ...], bits: int) -> PlayerInput:
        """The input of these cards alone, ``bits`` the sum of their bits (worked out as
        they are read: see :data:`~.cards._BIT_NAMED`), which says whether they are all
        different and none a joker as :meth:`__init__` does, without a loop over them."""
        given = _new(cls)
        given.cards = given.all_cards = cards
        given.count = None
        given.extra = _NO_EXTRA
        given.bits = bits if bits.bit_count() == len(cards) else None
        return given

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
    side_inputs: Mapping[str, Mapping[str, int]] = _NO_SIDES

    def invalid(self, message: str, player: str | None = None, *, field: str | None = None,
                code: str = "invalid_entry") -> InvalidEntry:
        return InvalidEntry(message, hand=self.number, player=player, field=field, code=code)

    def missing(self, player: str, why: str = "") -> InvalidEntry:
        """``no input for Cara``: code ``missing_input``, ``.player`` the one who needs input."""
        return InvalidEntry(f"no input for {player}{why}", hand=self.number, player=player,
                            code="missing_input", named=True)


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
    #: every total is an int (nearly always: a share split between tied players may not be)
    whole_totals: bool = True
    #: each card's value under the game's options (:meth:`Variant.card_values`), set as it starts
    card_values: tuple[int, ...] = ()
    #: the variant has a per-hand hook of its own (re-entries, state kept, eliminations, a
    #: row's extras: see :attr:`Variant.keeps_state`), set as the game starts; the replay
    #: asks none of them where it has none
    hooked: bool = True
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
        self.whole_totals = False  # (checked again with the next hand's totals)
        for player in back:
            del self.eliminated[player]
            self.reentries[player] = self.reentries.get(player, 0) + 1
        self._seat(tuple(p for p in self.players if p not in self.eliminated))
        return before

    def restore(self, before: Seating) -> None:
        """Undo :meth:`reenter`: the table as it was."""
        self.totals, self.eliminated, self.reentries = before.totals, before.eliminated, before.reentries
        self.whole_totals = False
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


class Variant(ABC):
    """A rummy variant's rules.  Subclasses set the facts and override hooks."""

    key: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: the numbers of players it is played by, where not every one from
    #: ``min_players`` to ``max_players`` (Canasta: 2, 3, 4 or 6)
    player_counts: ClassVar[tuple[int, ...]] = ()
    # -- the game's own bounds and sheet extras (see :mod:`scorekeeper.engine.extras`) --
    #: the most decks and printed jokers its pack may hold: a ``decks`` or
    #: ``jokers`` option is bounded by them, and the entry's card picker offers that many copies
    max_decks: ClassVar[int] = 4
    max_jokers: ClassVar[int] = 8
    #: values of its own on the sheet: a key of the next deal (Contract's
    #: ``contract``) or a column of each hand's row
    extras: ClassVar[tuple[Extra, ...]] = ()
    #: several games played at once on the sheet (Hollywood's I, II and III); None: one game
    boards: ClassVar[Boards | None] = None
    options: ClassVar[tuple[Option, ...]] = ()
    #: played in sides (partnerships), and the side sizes each number of
    #: players takes; such a variant is a :class:`PlayedInSides`.  None: each
    #: player for themselves, and a ``sides`` header is refused.
    sides: ClassVar[Sides | None] = None
    #: each side's input boxes, under the entry's ``sides`` (whole numbers)
    side_fields: ClassVar[tuple[Field, ...]] = ()
    # -- the entry, declared (see :mod:`scorekeeper.engine.declare`) --------
    #: ways a hand ends with nobody going out, besides ``out: null`` (Block)
    endings: ClassVar[tuple[Ending, ...]] = ()
    #: the hand-level inputs (rummy, upcard, wild rank, ...)
    choices: ClassVar[tuple[Choice, ...]] = ()
    #: each player's input boxes; the standard pair is a count or the cards
    fields: ClassVar[tuple[Field, ...]] = (COUNT, CARDS)
    #: ways a player's hand ends without cards or a count (drops, never opened)
    statuses: ClassVar[tuple[Status, ...]] = ()
    #: what the statistics count in this game
    moments: ClassVar[tuple[Moment, ...]] = ()
    #: "out": null (stalemate / dead hand) is accepted
    out_may_be_null: ClassVar[bool] = False
    #: the player who went out must give input too (Knock, the Gin family):
    #: set from the fields, true when one is ``out="required"``
    out_gives_input: ClassVar[bool] = False
    #: a `cards` input must hold exactly this many cards (Gin 10, Indian 13)
    exact_cards: ClassVar[int | None] = None
    #: a `cards` input must hold exactly the deal's number of cards (Three Thirteen)
    exact_deal: ClassVar[bool] = False
    #: what the table says of the player who ends a hand, and of a hand nobody ends
    out_verb: ClassVar[str] = "went out"
    no_out_label: ClassVar[str] = "Nobody went out"
    #: lowest total wins
    lowest_wins: ClassVar[bool] = False
    #: a tie at the top goes to the tied player who led before the last hand
    previous_leader_breaks_ties: ClassVar[bool] = False
    #: the keys an entry and one player's input may hold, as sets: every
    #: entry of every hand is checked against them (set by ``__init_subclass__``
    #: from the declarations)
    entry_keys: ClassVar[frozenset[str]] = frozenset()
    input_keys: ClassVar[frozenset[str]] = frozenset()
    #: the input keys in the order a message lists them
    input_fields: ClassVar[tuple[str, ...]] = ()
    #: the choices of kind ``flag``, checked on every entry (set by ``__init_subclass__``)
    flags: ClassVar[tuple[Choice, ...]] = ()
    #: players put out may come back (the ``reenter`` choice is declared;
    #: set by ``__init_subclass__``)
    takes_reentries: ClassVar[bool] = False
    #: a game the table defines: its required options are its rules and its
    #: name (:meth:`title`); the app lets an account keep such definitions
    #: as its own game types, and lists them after the built-in games
    defined_by_table: ClassVar[bool] = False
    #: the variant has its own :meth:`after_hand`, :meth:`eliminate`,
    #: :meth:`hand_extras` (set by ``__init_subclass__``; the replay asks
    #: only these after each hand)
    keeps_state: ClassVar[bool] = False
    eliminates: ClassVar[bool] = False
    adds_to_rows: ClassVar[bool] = False
    #: ``exact_cards`` where no hand's deal changes it, else None (set by ``__init_subclass__``)
    fixed_exact_cards: ClassVar[int | None] = None
    #: a player's input may be a count or the cards, so :meth:`read_input` reads
    #: one of them at once (set by ``__init_subclass__``)
    plain_inputs: ClassVar[bool] = False
    #: :meth:`most_cards` by hand number, worked out once each (the deal's size is the class's)
    _most_cards: ClassVar[dict[int, int]] = {}
    #: where :meth:`read_input` reads a count or a hand's cards written as the sheet writes
    #: them in place: the cards a hand must hold (None: any number) and :attr:`_most_cards`;
    #: None where the inputs are not those two or the deal sets the hand's size (set by
    #: ``__init_subclass__``)
    inputs_in_place: ClassVar[tuple[int | None, dict[int, int]] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        ending_keys = [key for ending in cls.endings for key in ending.entry if key != "out"]
        side_keys = ["sides"] if cls.sides is not None else []
        cls.entry_keys = frozenset(("out", "hands", *(c.key for c in cls.choices), *ending_keys, *side_keys))
        status_keys = [key for status in cls.statuses for key in status.input if key not in
                       {f.key for f in cls.fields}]
        cls.input_fields = tuple(dict.fromkeys((*(f.key for f in cls.fields), *status_keys)))
        cls.input_keys = frozenset(cls.input_fields)
        cls.out_gives_input = any(f.out == "required" for f in cls.fields)
        cls.flags = tuple(choice for choice in cls.choices if choice.kind == "flag")
        cls.takes_reentries = any(choice.key == REENTER.key for choice in cls.choices)
        # Which per-hand hooks this variant has of its own: the replay skips
        # the others (they are asked after every hand, and do nothing).
        cls.keeps_state = cls.after_hand is not Variant.after_hand
        cls.eliminates = cls.eliminate is not Variant.eliminate
        cls.adds_to_rows = cls.hand_extras is not Variant.hand_extras
        # A ``cards`` input's size, the same in every hand unless the deal's size sets it.
        cls.fixed_exact_cards = None if cls.exact_deal else cls.exact_cards
        cls._most_cards = {}
        cls.plain_inputs = {"count", "cards"} <= cls.input_keys
        cls.inputs_in_place = (cls.fixed_exact_cards, cls._most_cards) if cls.plain_inputs and not cls.exact_deal else None
        if cls.takes_reentries and "reentries" not in {option.key for option in cls.options}:
            raise TypeError(f"{cls.__name__} takes re-entries, so declares the reentries option")
        if cls.sides is not None:
            if not issubclass(cls, PlayedInSides):
                raise TypeError(f"{cls.__name__} is played in sides, so is a PlayedInSides")
            if cls.takes_reentries:
                raise TypeError(f"{cls.__name__}: a game in sides takes no re-entries (they are a player's)")
            if any(f.kind not in ("count", "number") for f in cls.side_fields):
                raise TypeError(f"{cls.__name__}: a side's fields are whole numbers (count or number)")

    # -- facts -------------------------------------------------------------

    @abstractmethod
    def cards_each(self, players: int, hand_number: int = 1) -> int:
        """Cards dealt to each player (hand_number matters in Contract)."""

    def deal(self, players: int, hand_number: int, options: Mapping[str, Any]) -> int | None:
        """The cards dealt to each player in this hand under these options, as the
        sheet's ``next`` says it; None where the game leaves it to the table."""
        return self.cards_each(players, hand_number)

    def decks(self, players: int) -> int:
        return 1

    def allowed_counts(self) -> tuple[int, ...]:
        """Every number of players the variant is played by, smallest first."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def exact_cards_in(self, players: int, hand_number: int) -> int | None:
        """How many cards a ``cards`` input must hold in this hand (None: any number)."""
        if self.exact_deal:
            return self.cards_each(players, hand_number)
        return self.exact_cards

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        """Printed jokers in the pack (Kalooki's ``jokers`` option sets it)."""
        return 0

    def pack(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        """The decks and jokers in play: :meth:`decks` and :meth:`jokers` unless
        options change them (Three Thirteen's ``decks`` and ``jokers``)."""
        return self.decks(players), self.jokers(players, options)

    def most_cards(self, hand_number: int = 1) -> int:
        """More cards than anyone holds at the end of a hand: twice the biggest deal.

        The meld search on a hand takes time that grows fast with its size, so
        a list of the whole pack typed as one player's cards is refused
        rather than searched (SCORING.md section 6's bounds).
        """
        most = self._most_cards.get(hand_number)  # asked for every cards input read
        if most is None:
            counts = self.allowed_counts()
            most = self._most_cards[hand_number] = 2 * max(
                self.cards_each(n, number) for n in counts for number in {1, hand_number})
        return most

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill defaults that depend on other options or on the number of players
        (Basic's target, Three Thirteen's decks), and refuse a combination the
        rules do not allow (:class:`InvalidEntry` with ``where="options"``)."""
        return options

    def is_lowest_wins(self, options: Mapping[str, Any]) -> bool:
        return self.lowest_wins

    def title(self, options: Mapping[str, Any]) -> str:
        """The game's name on its sheet, lists and statistics: the variant's own
        name, unless the options name the game (a game the table defines)."""
        return self.name

    def fields_for(self, options: Mapping[str, Any] | None) -> tuple[Field, ...]:
        """Each player's input boxes under these options (None: every box the
        variant may ask for, as the catalogue lists them)."""
        return self.fields

    def out_may_be_null_for(self, options: Mapping[str, Any] | None) -> bool:
        """Whether a hand may end with nobody going out under these options."""
        return self.out_may_be_null

    def entry(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """How a hand is entered (the catalogue's ``entry``), under a game's
        effective options; None: every form the variant takes."""
        fields = self.fields_for(options)
        out_may_be_null = self.out_may_be_null_for(options)
        inputs = (*(f.key for f in fields),
                  *(k for status in self.statuses for k in status.input if k not in {f.key for f in fields}))
        return {
            "out_verb": self.out_verb,
            "out_may_be_null": out_may_be_null,
            "no_out_label": self.no_out_label if out_may_be_null else None,
            "out_gives_input": any(f.out == "required" for f in fields),
            "endings": [ending.catalogue() for ending in self.endings],
            "choices": [choice.catalogue() for choice in self.choices],
            "fields": [one.catalogue() for one in fields],
            "side_fields": [one.catalogue() for one in self.side_fields],
            "statuses": [status.catalogue() for status in self.statuses],
            "inputs": list(dict.fromkeys(inputs)),
            "keys": sorted(self.entry_keys - {"out", "hands"}),
            "exact_cards": self.exact_cards,
            "exact_deal": self.exact_deal,
            "most_cards": self.most_cards(),
        }

    def catalogue_options(self, players: int) -> dict[str, Any]:
        """The options the catalogue states the pack under: the defaults (which
        may follow the player count).  A game whose rules the table gives has
        no defaults for those; the rest are its defaults, unresolved."""
        if any(option.required for option in self.options):
            return {option.key: option.default for option in self.options}
        return self.resolve_options(check_options(self.options, None), players)

    def catalogue(self) -> dict[str, Any]:
        counts = self.allowed_counts()
        # The pack and the deal by player count under the default options (which may follow the count).
        defaults = {n: self.catalogue_options(n) for n in counts}
        packs = {n: self.pack(n, defaults[n]) for n in counts}
        deals = {n: self.deal(n, 1, defaults[n]) for n in counts}
        return {
            "key": self.key,
            "name": self.name,
            "summary": self.summary,
            "rules": _docstring(type(self)),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "player_counts": list(counts),
            "sides": self.sides.catalogue() if self.sides is not None else None,
            "cards_each": {str(n): cards for n, cards in deals.items() if cards is not None},
            "decks": {str(n): packs[n][0] for n in counts},
            "jokers": {str(n): packs[n][1] for n in counts},
            "lowest_wins": self.lowest_wins,
            "defined_by_table": self.defined_by_table,
            "options": [option.catalogue() for option in self.options],
            "entry": self.entry(),
            "moments": [moment.catalogue() for moment in self.moments],
        }

    # -- guidance and settlement ----------------------------------------------

    def how_to(self, options: Mapping[str, Any]) -> str:
        """One line for a newcomer: what to tap, and what a player's number is in this game."""
        return ""

    def goal(self, options: Mapping[str, Any]) -> str:
        """The game's goal in a line: ``Game to 500; highest wins``."""
        if options.get("eliminate_at"):
            back = options.get("reentries")
            again = f"; {back} re-entr{'y' if back == 1 else 'ies'} each" if back else ""
            return f"Out at {options['eliminate_at']}; last player left wins{again}"
        if options.get("pool"):
            return f"Pool {options['pool']}: out at {options['pool']}; last player left wins"
        parts = []
        if options.get("target"):
            parts.append(f"Game to {options['target']}")
        if options.get("deals"):
            parts.append(f"{options['deals']} deals")
        if not parts:
            parts.append("Play until you agree to stop")
        parts.append("lowest wins" if self.is_lowest_wins(options) else "highest wins")
        return "; ".join(parts)

    def limit(self, options: Mapping[str, Any]) -> tuple[str, int] | None:
        """The line totals play to or out at, labelled (``("Target", 500)``), if there is one."""
        for key, label in (("target", "Target"), ("eliminate_at", "Out at"), ("pool", "Pool")):
            if options.get(key):
                return label, int(options[key])
        return None

    def next_words(self, game: Game, number: int) -> list[str]:
        """What the next deal needs besides its dealer, cards and pack, where the game words it
        itself (``["sixes wild"]``); a game that does not has its ``next`` :attr:`extras` written
        ``Label: value`` (``Contract: 2 sets``)."""
        return []

    def next_line(self, game: Game, nxt: Mapping[str, Any]) -> str:
        """The next deal in a line: ``Hand 4 · Ann deals 6 cards · 2 decks + 2 jokers · sixes wild``."""
        dealt = f" {nxt['cards_each']} cards" if nxt["cards_each"] is not None else ""
        words = [f"Hand {nxt['hand']}", f"{nxt['dealer']} deals{dealt}"]
        if nxt["decks"] > 1 or nxt["jokers"]:
            pack = f"{nxt['decks']} deck{'s' if nxt['decks'] != 1 else ''}"
            if nxt["jokers"]:
                pack += f" + {nxt['jokers']} joker{'s' if nxt['jokers'] != 1 else ''}"
            words.append(pack)
        if type(self).next_words is Variant.next_words:
            words += extra_words(self.extras, nxt)  # the declared extras, as ``Label: value``
        else:
            words += self.next_words(game, nxt["hand"])
        return " · ".join(words)

    def settlement(self, game: Game) -> list[Settlement]:
        """The end-of-game settlement as labelled lines (Gin's line, boxes, game...); none by default."""
        return []

    def preview(self, cards: Sequence[Card], options: Mapping[str, Any],
                entry: Mapping[str, Any] | None = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        """What these cards are worth in a hand, for a live display while typing.

        ``went_out``: the cards of the player who ended the hand (a knocker's
        deadwood, a tunker's unmatched count); ``number``: the hand (Three
        Thirteen's wild rank is the deal's).  Returns ``value`` and, where
        melds are worked out, ``melds`` and ``unmatched``.
        """
        return {"value": sum(self.card_value(card, options) for card in cards)}

    def card_value(self, card: Card, options: Any) -> int:
        """Standard values: ace 1, pips, J Q K 10."""
        return min(card.rank, 10)

    def card_values(self, options: Any) -> tuple[int, ...]:
        """Every card's :meth:`card_value` under these options, by card index,
        the joker's last: made once as a game starts, so that adding up a hand
        (:func:`hand_value`) is a table lookup a card."""
        return tuple(self.card_value(card, options) for card in _PACK)

    # -- reading one entry -------------------------------------------------

    def before_hand(self, game: Game, number: int, entry: Any) -> dict[str, Score]:
        """Who comes back into the game before hand ``number``, each at what total.

        Where the variant declares :data:`~scorekeeper.engine.declare.REENTER`:
        the players the entry's ``reenter`` names, checked (see
        :func:`reentering`).  Nothing is changed here; the replay seats them
        (:meth:`Game.reenter`) before the entry is read, as they play the hand.
        """
        if not self.takes_reentries:
            return {}
        return reentering(game, number, entry)

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        """Check an entry against the table and the rules; a :class:`Hand`."""
        # JSON gives dicts; the ABC check is only for other mappings (and slower).
        if type(entry) is not dict and not isinstance(entry, Mapping):
            raise InvalidEntry("an entry must be an object with who went out and each player's hand", hand=number)
        if not entry.keys() <= self.entry_keys:
            unknown = next(key for key in entry if key not in self.entry_keys)
            raise InvalidEntry(
                f"{unknown!r} is not part of a {self.name} entry (it takes {', '.join(sorted(self.entry_keys))})",
                hand=number,
            )
        out = entry.get("out")
        active = game.active
        if out is None:
            if not self.out_may_be_null:
                raise InvalidEntry(f"say who went out: {self.name} has no hand without a winner", hand=number)
        elif out not in active:
            self._not_in_game(out, game, number)
        raw_inputs = entry.get("hands")
        if raw_inputs is None:
            raw_inputs = {}
        elif type(raw_inputs) is not dict and not isinstance(raw_inputs, Mapping):
            raise InvalidEntry("hands must map each player to their cards or count", hand=number)
        inputs: dict[str, PlayerInput] = {}
        hand = Hand(
            number, dealer, active, out, entry, inputs, game.options, game.players, game.others_than[out],
            game.card_values,
        )
        read_input = self.read_input  # (asked for every player of every hand)
        for player, raw in raw_inputs.items():
            if player not in active:
                self._not_in_game(player, game, number)
            inputs[player] = read_input(hand, player, raw)
        if self.flags:
            self.check_flags(hand)
        try:
            self.check_required(hand)
        except InvalidEntry as error:
            if error.code == "missing_input" and error.player in hand.players:
                raise self.every_missing(hand, error) from None
            raise
        self.check_cards(hand)
        return hand

    def _not_in_game(self, player: Any, game: Game, number: int) -> None:
        """Why a name given in an entry is not one of the players still in."""
        if not isinstance(player, str) or player not in game.players:
            raise InvalidEntry(f'{quoted(player)} is not a player in this game', hand=number, code="not_a_player")
        if player in game.eliminated:
            raise InvalidEntry(
                f"{player} is out of the game since hand {game.eliminated[player]} and takes no input",
                hand=number, player=player,
            )

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        """Read ``{"cards": ...}``, ``{"count": n}`` or ``{}`` for one player."""
        in_place = self.inputs_in_place
        if in_place is not None and type(raw) is dict and len(raw) == 1:
            # Nearly every input replayed: one count, or one player's cards as
            # text, as many as the hand takes.  Anything else, and any fault,
            # goes the long way below, which says what is wrong.
            count = raw.get("count")
            if type(count) is int and 0 <= count <= MAX_COUNT:
                return PlayerInput.of_count(count)
            text = raw.get("cards")
            if type(text) is str and len(text) <= MAX_CARDS_TEXT:
                tokens = text.replace(",", " ").split()
                size = len(tokens)
                exact, most = in_place
                if (exact is None or size == exact) and size <= (most.get(hand.number) or self.most_cards(hand.number)):
                    try:
                        # The cards as the sheet writes them, one dict lookup each (what parse_hand
                        # does first, without the call), and their bits added up in C; any other
                        # way goes the long way below.
                        if size > 1:
                            named = itemgetter(*tokens)
                            return PlayerInput.of_cards(named(_CARDS_BY_NAME), sum(named(_BITS_BY_NAME)))
                        return PlayerInput.of_cards(tuple(map(_CARD_NAMED, tokens)), sum(map(_BIT_NAMED, tokens)))
                    except KeyError:
                        pass
        if type(raw) is not dict and not isinstance(raw, Mapping):
            raise hand.invalid("give the cards left in hand or a count", player)
        if not raw.keys() <= self.input_keys:
            unknown = next(key for key in raw if key not in self.input_keys)
            raise hand.invalid(
                f"{unknown!r} is not an input here (give {' or '.join(self.input_fields)})", player
            )
        cards, count = raw.get("cards"), raw.get("count")
        if cards not in (None, "") and count is not None:
            raise hand.invalid("give either the cards or a count, not both", player)
        if cards is not None:
            if self.exact_deal:
                cards = read_cards(hand, player, cards, exact=self.exact_cards_in(len(hand.seats), hand.number),
                                   most=self.most_cards(hand.number), deal_of=self.name)
            else:
                cards = read_cards(hand, player, cards, exact=self.fixed_exact_cards, most=self.most_cards(hand.number))
        return PlayerInput(cards, None if count is None else read_count(hand, player, count))

    def every_missing(self, hand: Hand, first: InvalidEntry) -> InvalidEntry:
        """The first missing input's error, with :attr:`InvalidEntry.missing` naming every player
        :meth:`check_required` finds without input, asked again with each found one standing in.

        The stand-in is an empty input, only for the asking: a check past the missing ones
        (what the one who went out holds) may find fault with it, and the asking stops there.
        Nothing of ``hand`` is changed once this returns.
        """
        assert first.player is not None
        found = [first.player]
        stand_ins = {first.player}
        hand.inputs[first.player] = PlayerInput()
        try:
            while len(found) < len(hand.players):
                try:
                    self.check_required(hand)
                except InvalidEntry as error:
                    who = error.player
                    if error.code != "missing_input" or who is None or who not in hand.players or who in stand_ins:
                        break
                    found.append(who)
                    stand_ins.add(who)
                    hand.inputs[who] = PlayerInput()
                except Exception:  # noqa: BLE001  (a rule past the missing ones read a stand-in: the asking ends)
                    break
                else:
                    break
        finally:
            for who in stand_ins:
                del hand.inputs[who]
        return InvalidEntry(first.message, hand=first.hand, player=first.player, field=first.field,
                            code=first.code, named=first._named, missing=tuple(found))

    def check_flags(self, hand: Hand) -> None:
        """Each declared flag is true or false (false when left out), and one that
        needs the player who went out (rummy) has one."""
        for choice in self.flags:
            value = hand.entry.get(choice.key, False)
            if not isinstance(value, bool):
                raise hand.invalid(f"{choice.key} must be true or false", field=choice.key)
            if value and choice.needs_out and hand.out is None:
                raise hand.invalid(f"{choice.key} needs the player who went out", field=choice.key)

    def check_required(self, hand: Hand) -> None:
        """Every player who must give input has; the one who went out has none."""
        out = hand.out
        if out is None:
            return  # a stalemate or dead hand needs no input
        inputs = hand.inputs
        out_gives_input = self.out_gives_input
        for player in hand.players if out_gives_input else hand.others:
            if player not in inputs:
                raise hand.missing(player)
        if not out_gives_input and out in inputs:
            if not inputs[out].is_empty:
                raise hand.invalid(f"{out} went out, so has no cards left and counts 0", out)

    def check_cards(self, hand: Hand) -> None:
        """No card appears more often than the pack in play holds."""
        # The common case, decided at once: all the cards different, none a joker.
        union = 0
        cards = 0
        for given in hand.inputs.values():
            if given.bits is None:
                break  # a repeat or a joker within the input
            union |= given.bits
            cards += len(given.all_cards)
        else:
            if union.bit_count() == cards:
                return
        seats = self._game_players(hand)
        starting = len(seats)
        by_player = {p: hand.inputs[p].all_cards for p in seats if p in hand.inputs}
        decks, jokers = self.pack(starting, hand.options)
        excess = find_excess_copies(by_player, decks=decks, jokers=jokers, game=self.title(hand.options))
        if excess:
            raise hand.invalid(excess[1], excess[0], field="cards", code="too_many_copies")

    def _game_players(self, hand: Hand) -> tuple[str, ...]:
        # The pack is that of the players who started (eliminations keep it).
        return hand.seats

    # -- scoring -----------------------------------------------------------

    @abstractmethod
    def score(self, hand: Hand) -> HandResult:
        """Each player's score for a checked hand, with notes saying why."""

    # -- after a hand ------------------------------------------------------

    def start(self, game: Game) -> None:  # noqa: B027  (a hook: most variants keep no state)
        """Set up the variant's own ``game.state`` before the first hand; nothing by default."""

    def after_hand(self, game: Game, number: int) -> None:  # noqa: B027  (a hook: most variants keep no state)
        """Keep the variant's own ``game.state`` after hand ``number``, once it
        is scored and totalled (it is ``game.results[-1]``, whose notes may
        still grow) and before eliminations and the end are decided; nothing
        by default."""

    def eliminate(self, game: Game, number: int) -> None:  # noqa: B027  (a hook: by default no one is eliminated)
        """Mark players who are out of the game after hand ``number``."""

    def next_dealer(self, game: Game, result: HandResult) -> str:
        """The deal passes left (to the next seat still in the game)."""
        return game.left_of[game.dealers[-1]]

    def is_over(self, game: Game) -> bool:
        """Whether the game ends after the hand just recorded: a total reached
        the target, or the agreed number of deals is played."""
        options = game.options
        deals = options.get("deals")
        if deals is not None and len(game.results) >= deals:
            return True
        target = options.get("target")
        if target is not None:
            totals = game.totals
            for player in game.active:  # asked after every hand: a plain loop is cheapest
                if totals[player] >= target:
                    return True
        return False

    def winners(self, game: Game) -> list[str]:
        """Who won a finished game; ties share."""
        if not game.results:
            return []
        return best_players(
            game, lowest=self.is_lowest_wins(game.options),
            tie_break=self.previous_leader_breaks_ties, among=game.active,
        )

    def final(self, game: Game) -> tuple[dict[str, Any], list[str], dict[str, Any]] | None:
        """End-of-game settlement (Gin family): the sheet's ``final``, the notes
        explaining it, and each player's bonuses one by one; None elsewhere."""
        return None

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        """More keys of the sheet's ``next``: the values of the ``next`` :attr:`extras`."""
        return {}

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        """More keys of a hand's row, after the hand is played (Hollywood's ``games``).

        By default ``reentered`` (player -> the total they came back at), when
        anyone came back before the hand.
        """
        if result.reentered:
            return {"reentered": shown_scores(result.reentered)}
        return {}

    def sheet_extras(self, game: Game) -> dict[str, Any]:
        """More keys of the sheet (Hollywood's ``games``).

        By default, where players may come back, ``reentries``: how often each
        one who did came back.
        """
        if self.takes_reentries:
            return {"reentries": dict(game.reentries)}
        return {}


class PlayedInSides(Variant):
    """A variant scored by sides (partnerships): its columns are the sides, not the players.

    It declares :attr:`Variant.sides` (the side sizes by number of players)
    and :attr:`Variant.side_fields`.  The replay seats the sides from the
    log's header (:func:`scorekeeper.engine.sides.seat_sides`; at a number
    of players not played in sides each player is a side of one, named by
    the player), so a hand's scores, totals and details, the winners and the
    row's ``winner`` are keyed by side, while ``out``, the dealer and the
    ``hands`` stay players.  A row's ``moments`` stay players too (the
    statistics count them for each player): a side's moment is listed for
    each of its players.

    Each hand's players are read as in any game; each side's input under the
    entry's ``sides`` (``{"Ann & Cara": {...}, ...}``): every side present,
    no other name, each declared field a whole number within its bounds and
    a multiple of its ``step``, a ``required`` one given, any other left out
    counting 0.  Read into :attr:`Hand.side_inputs` (every field, by side)
    for the variant's :meth:`score`.  A game in sides ends at the target
    when a side reaches it; the best side wins, ties share.
    """

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        hand = super().read(game, number, entry, dealer)
        assert game.sides is not None, "the replay seats the sides of a game in sides"
        hand.sides = game.sides
        hand.side_inputs = self.read_sides(hand, entry.get("sides"))
        return hand

    def read_sides(self, hand: Hand, raw: Any) -> dict[str, dict[str, int]]:
        """Every side's input, by side, in the sides' order."""
        if raw is None:
            raw = {}
        if type(raw) is not dict and not isinstance(raw, Mapping):
            raise hand.invalid("sides must map each side's name to its input", field="sides")
        for name in raw:
            if name not in hand.sides:
                raise hand.invalid(f"{quoted(name)} is not a side in this game (sides: {', '.join(hand.sides)})",
                                   field="sides", code="not_a_side")
        return {side: self.read_side(hand, side, raw.get(side)) for side in hand.sides}

    def read_side(self, hand: Hand, side: str, raw: Any) -> dict[str, int]:
        """One side's input: each declared field's whole number (0 when left out and not required)."""
        if raw is None:
            raise hand.missing(side)
        keys = [f.key for f in self.side_fields]
        if type(raw) is not dict and not isinstance(raw, Mapping):
            raise hand.invalid(f"give the side's {', '.join(keys)}", side, field="sides")
        for key in raw:
            if key not in keys:
                raise hand.invalid(f"{shown(key)} is not a side's input here (give {', '.join(keys)})", side,
                                   field="sides")
        return {spec.key: read_number(hand, side, raw.get(spec.key), spec) for spec in self.side_fields}

    def is_over(self, game: Game) -> bool:
        """Over after the agreed number of deals, or the hand in which a side reached the target."""
        options, totals = game.options, game.totals
        deals, target = options.get("deals"), options.get("target")
        if deals is not None and game.hands_played >= deals:
            return True
        return target is not None and any(totals[side] >= target for side in game.columns)

    def winners(self, game: Game) -> list[str]:
        """The sides with the best total; ties share."""
        if not game.results:
            return []
        return best_players(game, lowest=self.is_lowest_wins(game.options),
                            tie_break=self.previous_leader_breaks_ties, among=game.columns)


def read_number(hand: Hand, who: str, raw: Any, spec: Field) -> int:
    """A whole-number field of ``who`` (a side, a player) within the field's bounds and a multiple of its step.

    Left out (None) it is 0, unless the field is ``required``.
    """
    key = spec.key
    if raw is None:
        if spec.required:
            raise hand.invalid(f"{key} is needed from every side (0 if none)", who, field=key, code="missing_input")
        return 0
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise hand.invalid(f"{key} {shown(raw)} is not a whole number", who, field=key)
    if not spec.minimum <= raw <= spec.maximum:
        raise hand.invalid(f"{key} must be a whole number from {spec.minimum} to {spec.maximum}, not {shown(raw)}",
                           who, field=key, code="out_of_bounds")
    if raw % spec.step:
        raise hand.invalid(f"{key} must be a multiple of {spec.step}", who, field=key, code="not_a_multiple")
    return raw


def _docstring(cls: type) -> str:
    import inspect

    return inspect.cleandoc(cls.__doc__ or "")


# -- shared input readers ----------------------------------------------------


def read_cards(hand: Hand, player: str, raw: Any, *, exact: int | None = None, most: int | None = None,
               field_name: str = "cards", deal_of: str = "") -> tuple[Card, ...] | None:
    """A cards field: a string like ``"KH 5D AS"`` or a list of card strings.

    At most :data:`MAX_CARDS_TEXT` characters, exactly ``exact`` cards and at
    most ``most`` where given.  ``deal_of`` names the game where ``exact`` is
    the deal's size, which changes hand by hand: the refusal then says which
    deal (``deal 4 of Three Thirteen has 6 cards each, got 5``).
    """
    if raw is None:
        return None
    if not isinstance(raw, str):
        if not isinstance(raw, (list, tuple)) or not all(isinstance(token, str) for token in raw):
            raise hand.invalid(f"{field_name} must be written like \"KH 5D AS\"", player, field=field_name)
        raw = " ".join(raw)
    if len(raw) > MAX_CARDS_TEXT:
        raise hand.invalid(f"{field_name} is {len(raw)} characters long; a hand is written in at most "
                           f"{MAX_CARDS_TEXT}", player, field=field_name, code="out_of_bounds")
    try:
        cards = parse_hand(raw)
    except CardError as error:
        raise hand.invalid(f"{error} (write rank then suit, like 10H, QS or JK)", player,
                           field=field_name, code="not_a_card") from None
    if exact is not None and len(cards) != exact:
        if deal_of:
            raise hand.invalid(f"deal {hand.number} of {deal_of} has {exact} cards each, got {len(cards)}",
                               player, field=field_name, code="wrong_hand_size")
        raise hand.invalid(
            f"{len(cards)} cards given; a hand here is exactly {exact} cards (or give a count)", player,
            field=field_name,
        )
    if most is not None and len(cards) > most:
        raise hand.invalid(f"{len(cards)} cards is more than a hand holds here (at most {most})", player,
                           field=field_name, code="out_of_bounds")
    return cards


def read_count(hand: Hand, player: str, raw: Any, *, field_name: str = "count") -> int | None:
    """A whole number from 0 to :data:`MAX_COUNT` (SCORING.md section 6), or None."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise hand.invalid(f"{field_name} {shown(raw)} is not a whole number", player, field=field_name)
    if raw < 0:
        raise hand.invalid(f"{field_name} {shown(raw)} is below 0; a count is a whole number from 0 to "
                           f"{MAX_COUNT}", player, field=field_name, code="out_of_bounds")
    if raw > MAX_COUNT:
        raise hand.invalid(f"{field_name} must be a whole number from 0 to {MAX_COUNT}, not {shown(raw)}",
                           player, field=field_name, code="out_of_bounds")
    return raw


# -- shared rules ------------------------------------------------------------

#: the line a how-to ends with where a count or the cards may be given
PICK = " Type the count, or pick the cards and the app counts them."


def standard_deal(players: int) -> int:
    """The standard deal: 10 cards each for 2 players, 7 for 3-4, 6 for 5-6."""
    return 10 if players == 2 else 7 if players <= 4 else 6


def hand_value(player_input: PlayerInput, values: Sequence[int]) -> int:
    """An input's worth when every card counts: the typed count, or the sum of
    the cards' values (``values``: by card index, as :attr:`Hand.values`)."""
    if player_input.count is not None:
        return player_input.count
    # A plain loop: cheaper than summing mapped lookups (one of these for every hand given as cards).
    total = 0
    for card in player_input.cards or ():
        total += values[card.index]
    return total


#: every card once, by index: the 52, then the joker (index -1, so the last)
_PACK = (*ALL_CARDS, JOKER)


def meld_detail(arrangement: Arrangement) -> dict[str, Any]:
    """The melds and unmatched cards of an arrangement, as a row's details and a preview show them."""
    return {"melds": [format_cards(m) for m in arrangement.melds],
            "unmatched": format_cards(arrangement.unmatched)}


def unmatched(player_input: PlayerInput, rules: MeldRules) -> tuple[int, dict[str, Any]]:
    """An input's unmatched count (the typed count, or the best arrangement's deadwood), with its melds."""
    if player_input.cards is None:
        return player_input.count or 0, {}
    bits = player_input.bits
    if bits and rules.suit_values:
        # One deck's cards, all different: the hand as a mask, its melds written from masks
        # (what arrange() and meld_detail() give, without a Card or an Arrangement made),
        # straight off the suit tables where one arrangement is best.
        shown = knocker_shown(bits, rules)
        if shown is not None:
            return shown[0], {"melds": shown[1], "unmatched": shown[2]}
        count, covers = knocker_covers(bits, rules)
        melds, left = shown_arrangement(bits, covers[0], rules)
        return count, {"melds": melds, "unmatched": left}
    best = arrange(player_input.cards, rules)
    return best.deadwood, meld_detail(best)


def rummy_moment(out: str, kind: str) -> dict[str, list[str]]:
    """A rummy is a moment of the player who went out."""
    return {out: [RUMMY.key]} if kind == "rummy" else {}


#: the notes of :func:`eliminate_over_limit` and :func:`reentry_notes`: each key (see :class:`~.declare.Note`)
#: with its sentence, the values in braces
NOTES: Mapping[str, str] = sentences({
    "elimination.all_reached": "Everyone still in reached {limit}: the lowest total, {winners:list}, wins.",
    "elimination.out": "{player} reached {total} (limit {limit}) and is out of the game.",
    "reentry.back": "{player} re-enters at {total}, the highest total still in ({leaders:names}); re-entry {count} "
                    "of {allowed}.",
})


def eliminate_over_limit(game: Game, number: int, limit: int) -> None:
    """Put out every player whose total reached ``limit`` in hand ``number``.

    When every player still in crosses together, the lowest of them (ties
    share) stays in as the winner.
    """
    crossing = [p for p in game.active if game.totals[p] >= limit]
    if not crossing:
        return
    if len(crossing) == len(game.active):
        survivors = best_players(game, lowest=True, tie_break=False, among=crossing)
        crossing = [p for p in crossing if p not in survivors]
        game.results[-1].add_note(Note("elimination.all_reached", limit=limit, winners=survivors))
    for player in crossing:
        game.eliminate(player, number)
        total = whole(game.totals[player])
        game.results[-1].add_note(Note("elimination.out", player=player, total=total, limit=limit))


def last_player_left(game: Game, limit: int) -> bool:
    """Whether a game played to an elimination limit is over: one player is
    left, or every player still in reached the limit together."""
    return len(game.active) <= 1 or all(game.totals[p] >= limit for p in game.active)


# -- coming back into the game -------------------------------------------------


def reentering(game: Game, number: int, entry: Any) -> dict[str, Score]:
    """The players ``entry["reenter"]`` names, each at the highest total still in.

    A player named must be out of the game and have a re-entry left
    (option ``reentries``).  They come back before the hand, all at the total
    of the highest player still in before any of them is back, and play it.
    While the game goes on at least two players are in (with one left it is
    finished), so there always is a highest total.
    """
    raw = entry.get("reenter") if isinstance(entry, Mapping) else None  # not an entry: read() says so
    if raw is None:
        return {}
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise InvalidEntry("reenter must list the players who come back into the game", hand=number,
                           field="reenter")
    if not raw:
        return {}
    allowed = game.options["reentries"]
    highest = max(game.totals[p] for p in game.active)
    back: dict[str, Score] = {}
    for player in raw:
        if player not in game.players:
            raise InvalidEntry(f"{quoted(player)} is not a player in this game", hand=number,
                               field="reenter", code="not_a_player")
        if player in back:
            raise InvalidEntry(f"{player} is named twice in reenter", hand=number, player=player,
                               field="reenter", named=True)
        if player not in game.eliminated:
            raise InvalidEntry(f"{player} is not out, so cannot re-enter", hand=number, player=player,
                               field="reenter", code="not_out", named=True)
        if game.reentries.get(player, 0) >= allowed:
            raise InvalidEntry(f"{player} cannot re-enter: no re-entries left", hand=number, player=player,
                               field="reenter", code="no_reentries_left", named=True)
        back[player] = highest
    return back


def reentry_notes(game: Game, back: Mapping[str, Score]) -> list[Note]:
    """``Cara re-enters at 84, the highest total still in (Bob); re-entry 1 of 1.``

    Said after the players of ``back`` are seated again (:meth:`Game.reenter`).
    """
    allowed = game.options["reentries"]
    notes: list[Note] = []
    for player, total in back.items():
        leaders = [p for p in game.active if p not in back and game.totals[p] == total]
        count = game.reentries[player]
        notes.append(Note("reentry.back", player=player, total=whole(total), leaders=leaders, count=count,
                          allowed=allowed))
    return notes


# -- dealers -----------------------------------------------------------------


def winner_deals(game: Game, result: HandResult) -> str:
    """Two players: the hand's winner deals next; else the deal passes left."""
    if result.winner is not None and len(game.players) == 2:
        return result.winner
    return game.left_of[game.dealers[-1]]


# -- endings and winners -----------------------------------------------------


def best_players(
    game: Game, *, lowest: bool, tie_break: bool, among: Sequence[str]
) -> list[str]:
    """The players with the best total; ties share unless ``tie_break``.

    With ``tie_break`` the tied player who led before the last hand wins
    (lowest before it, in a penalty game); still tied, they share.
    """
    if not among:
        return []
    pick = min if lowest else max
    best = pick(game.totals[p] for p in among)
    tied = [p for p in among if game.totals[p] == best]
    if len(tied) > 1 and tie_break and game.previous_totals:
        before = pick(game.previous_totals[p] for p in tied)
        tied = [p for p in tied if game.previous_totals[p] == before]
    return tied


def zero_scores(players: Sequence[str]) -> dict[str, Score]:
    return dict.fromkeys(players, 0)


def split(pot: Score, ways: int) -> Score:
    """An exact equal share: an int when it divides, else a Fraction."""
    if type(pot) is int and pot % ways == 0:  # nearly always (one winner): no Fraction made
        return pot // ways
    share = Fraction(pot) / ways
    return int(share) if share.denominator == 1 else share
