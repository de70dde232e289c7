"""The :class:`Variant` base class: a game's declared facts and the hooks the replay drives.

A variant is a subclass of :class:`Variant` that states its facts (players,
deal, options) as class attributes and overrides a few small hooks; most of
all :meth:`Variant.score`, which turns one checked hand into each player's
score and the notes that explain it.  :mod:`scorekeeper.engine.replay` drives
the hooks hand after hand.  Its refusals of an entry are keyed notes, their
sentences in :mod:`.variant_refusals`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..bounds import quoted, shown
from ..cards import Card, find_excess_copies
from ..declare import (
    CARDS, COUNT, REENTER, SIDE_FIELD_KINDS, Choice, Ending, Field, Moment, Note, OwnPack, Settlement, Sides,
    Status,
)
from ..errors import InvalidEntry
from ..extras import Boards, Extra, extra_words
from .. import guide
from ..guide import GuideLine
from ..options import Option, check_options
from .entries import Hand, HandResult, PlayerInput, Score
from .quick_read import quick_input
from .readers import read_cards, read_count, read_number
from .rules import PACK, best_players, reentering
from .table import Game, shown_scores
from .variant_refusals import either


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
    #: the choices taken for this game where SCORING.md is silent, one Markdown
    #: item each (:func:`decided` reads them from a list), shown on the game's
    #: documentation page; the choices shared by several games are in
    #: ``docs/rules-decisions.md``.  Every game in the registry declares them,
    #: ``()`` where it has none of its own (a test checks it)
    decisions: ClassVar[tuple[str, ...]] = ()
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
    #: the cards of a game not played with the 52 cards and jokers (Phase 10's), as its picker
    #: shows them; such a game reads its cards itself and answers :meth:`preview_own`
    own_pack: ClassVar[OwnPack | None] = None
    options: ClassVar[tuple[Option, ...]] = ()
    #: each hand is this many games at once, each between two players (Partnership Gin's two Gin
    #: games): the entry is then ``{"games": [...]}``, one entry of the game's own (``out``,
    #: ``hands``) a game, and the sheet's ``next`` and each row give each game's two players
    #: under :data:`~scorekeeper.engine.extras.PAIRINGS`, which the entry form follows
    games_at_once: ClassVar[int] = 1
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
    #: keys an entry may hold that no form asks for, as the engine knows them anyway (Canasta for
    #: five's ``sits_out``: when given, it must be who the rules seat out)
    further_entry_keys: ClassVar[tuple[str, ...]] = ()
    input_keys: ClassVar[frozenset[str]] = frozenset()
    #: the input keys in the order a message lists them
    input_fields: ClassVar[tuple[str, ...]] = ()
    #: the choices of kind ``flag``: each true or false (set by ``__init_subclass__``)
    flags: ClassVar[tuple[Choice, ...]] = ()
    #: the choices of kind ``one_of``: each one of its values, or left out (set by ``__init_subclass__``)
    one_ofs: ClassVar[tuple[Choice, ...]] = ()
    #: players put out may come back (the ``reenter`` choice is declared;
    #: set by ``__init_subclass__``)
    takes_reentries: ClassVar[bool] = False
    #: a game the table defines: its required options are its rules and its
    #: name (:meth:`title`); the app lets an account keep such definitions
    #: as its own game types, and lists them after the built-in games
    defined_by_table: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        ending_keys = [key for ending in cls.endings for key in ending.entry if key != "out"]
        # An entry's ``sides`` holds each side's input: only where sides have fields of their own.
        side_keys = ["sides"] if cls.sides is not None and cls.side_fields else []
        cls.entry_keys = frozenset(("out", "hands", *(c.key for c in cls.choices), *ending_keys, *side_keys,
                                    *cls.further_entry_keys) if cls.games_at_once == 1 else ("games",))
        status_keys = [key for status in cls.statuses for key in status.input if key not in
                       {f.key for f in cls.fields}]
        cls.input_fields = tuple(dict.fromkeys((*(f.key for f in cls.fields), *status_keys)))
        cls.input_keys = frozenset(cls.input_fields)
        cls.out_gives_input = any(f.out == "required" for f in cls.fields)
        cls.flags = tuple(choice for choice in cls.choices if choice.kind == "flag")
        cls.one_ofs = tuple(choice for choice in cls.choices if choice.kind == "one_of")
        cls.takes_reentries = any(choice.key == REENTER.key for choice in cls.choices)
        if cls.takes_reentries and "reentries" not in {option.key for option in cls.options}:
            raise TypeError(f"{cls.__name__} takes re-entries, so declares the reentries option")
        if cls.sides is not None:
            if not issubclass(cls, PlayedInSides):
                raise TypeError(f"{cls.__name__} is played in sides, so is a PlayedInSides")
            if cls.takes_reentries and not cls.sides.optional:
                # (a game whose sides are optional refuses re-entries in a game played in sides itself)
                raise TypeError(f"{cls.__name__}: a game in sides takes no re-entries (they are a player's)")
            if any(f.kind not in SIDE_FIELD_KINDS for f in cls.side_fields):
                raise TypeError(f"{cls.__name__}: a side's fields are whole numbers (count or number), "
                                "switches (flag) or tallies")

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
        return 2 * max(self.cards_each(n, number) for n in self.allowed_counts() for number in {1, hand_number})

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

    def side_fields_for(self, options: Mapping[str, Any] | None) -> tuple[Field, ...]:
        """Each side's input boxes under these options (None: every box the variant may ask a side for)."""
        return self.side_fields

    def out_may_be_null_for(self, options: Mapping[str, Any] | None) -> bool:
        """Whether a hand may end with nobody going out under these options."""
        return self.out_may_be_null

    def choices_for(self, options: Mapping[str, Any] | None) -> tuple[Choice, ...]:
        """The hand-level choices a form offers under these options (None: every choice the
        variant may take, as the catalogue lists them)."""
        return self.choices

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
            "choices": [choice.catalogue() for choice in self.choices_for(options)],
            "fields": [one.catalogue() for one in fields],
            "side_fields": [one.catalogue() for one in self.side_fields_for(options)],
            "statuses": [status.catalogue() for status in self.statuses],
            "inputs": list(dict.fromkeys(inputs)),
            "keys": sorted(self.entry_keys - {"out", "hands"}),
            "exact_cards": self.exact_cards,
            "exact_deal": self.exact_deal,
            "most_cards": self.most_cards(),
            "own_cards": self.own_pack.catalogue() if self.own_pack is not None else None,
            "games_at_once": self.games_at_once,
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
            # Sides a table may take or leave (a game it defines) are listed apart: ``sides`` is
            # where the header is required.
            "sides": self.sides.catalogue() if self.sides is not None and not self.sides.optional else None,
            "optional_sides": self.sides.catalogue() if self.sides is not None and self.sides.optional else None,
            "uneven_sides": self.sides.uneven_catalogue() if self.sides is not None else None,
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

    def how_to(self, options: Mapping[str, Any]) -> GuideLine:
        """One line for a newcomer: what to tap, and what a player's number is in this game."""
        return guide.how_to()

    def goal(self, options: Mapping[str, Any]) -> GuideLine:
        """The game's goal in a line: ``Game to 500; highest wins``."""
        if options.get("eliminate_at"):
            back = options.get("reentries")
            again = [Note("guide.reentries", reentries=back)] if back else []
            return guide.goal(Note("guide.out_at", limit=options["eliminate_at"]), Note("guide.last_left_wins"), *again)
        if options.get("pool"):
            return guide.goal(Note("guide.pool", pool=options["pool"]), Note("guide.last_left_wins"))
        parts = []
        if options.get("target"):
            parts.append(Note("guide.game_to", target=options["target"]))
        if options.get("deals"):
            parts.append(Note("guide.deals", deals=options["deals"]))
        if not parts:
            parts.append(Note("guide.until_agreed"))
        return guide.goal(*parts, guide.winning(self.is_lowest_wins(options)))

    def limit(self, options: Mapping[str, Any]) -> tuple[Note, int] | None:
        """The line totals play to or out at, labelled (``("Target", 500)``), if there is one."""
        for key, label in (("target", "guide.limit_target"), ("eliminate_at", "guide.limit_out_at"),
                           ("pool", "guide.limit_pool")):
            if options.get(key):
                return Note(label), int(options[key])
        return None

    def next_words(self, game: Game, number: int) -> list[Note]:
        """What the next deal needs besides its dealer, cards and pack, where the game words it
        itself (``["sixes wild"]``); a game that does not has its ``next`` :attr:`extras` written
        ``Label: value`` (``Contract: 2 sets``)."""
        return []

    def next_line(self, game: Game, nxt: Mapping[str, Any]) -> GuideLine:
        """The next deal in a line: ``Hand 4 · Ann deals 6 cards · 2 decks + 2 jokers · sixes wild``."""
        if nxt["cards_each"] is not None:
            dealer = Note("guide.dealer_cards", dealer=nxt["dealer"], cards=nxt["cards_each"])
        else:
            dealer = Note("guide.dealer", dealer=nxt["dealer"])
        words: list[str] = [Note("guide.hand", hand=nxt["hand"]), dealer]
        if nxt["jokers"]:
            words.append(Note("guide.decks_jokers", decks=nxt["decks"], jokers=nxt["jokers"]))
        elif nxt["decks"] > 1:
            words.append(Note("guide.decks", decks=nxt["decks"]))
        words += self.next_words(game, nxt["hand"]) + extra_words(self.worded_extras(), nxt)
        return guide.next_deal(*words)

    def worded_extras(self) -> tuple[Extra, ...]:
        """The ``next`` extras the next deal's line writes as ``Label: value``: every one, unless
        the game words that line itself (its :meth:`next_words` or :meth:`next_line`)."""
        cls = type(self)
        if cls.next_words is not Variant.next_words or cls.next_line is not Variant.next_line:
            return ()
        return tuple(extra for extra in self.extras if extra.where == "next")

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

    def preview_own(self, text: str, options: Mapping[str, Any], *, went_out: bool = False,
                    number: int = 1) -> dict[str, Any]:
        """:meth:`preview` of typed cards of the game's :attr:`own_pack`: ``value``, or ``error``
        saying what is wrong with the typing.  Only a game with a pack of its own has one."""
        raise NotImplementedError(f"{self.name} is played with the standard cards: see preview")

    def card_value(self, card: Card, options: Any) -> int:
        """Standard values: ace 1, pips, J Q K 10."""
        return min(card.rank, 10)

    def card_values(self, options: Any) -> tuple[int, ...]:
        """Every card's :meth:`card_value` under these options, by card index,
        the joker's last: made once as a game starts, so that adding up a hand
        (:func:`hand_value`) is a table lookup a card."""
        return tuple(self.card_value(card, options) for card in PACK)

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
        # (a dict, as JSON gives, is known at once; any other mapping is asked of the ABC)
        if not isinstance(entry, (dict, Mapping)):
            raise InvalidEntry(Note("variant.refuse.entry_not_an_object"), hand=number)
        if not entry.keys() <= self.entry_keys:
            unknown = next(key for key in entry if key not in self.entry_keys)
            raise InvalidEntry(Note("variant.refuse.not_in_entry", given=repr(unknown), game=self.name,
                                    keys=sorted(self.entry_keys)), hand=number)
        out = entry.get("out")
        active = game.active
        if out is None:
            if not self.out_may_be_null:
                raise InvalidEntry(Note("variant.refuse.say_who_went_out", game=self.name), hand=number)
        elif out not in active:
            self._not_in_game(out, game, number)
        raw_inputs = entry.get("hands")
        if raw_inputs is None:
            raw_inputs = {}
        elif not isinstance(raw_inputs, (dict, Mapping)):
            raise InvalidEntry(Note("variant.refuse.hands_not_a_mapping"), hand=number)
        inputs: dict[str, PlayerInput] = {}
        hand = Hand(
            number, dealer, active, out, entry, inputs, game.options, game.players, game.others_than[out],
            game.card_values,
        )
        if game.sides is not None:
            hand.sides = game.sides  # known before the players' input is checked (who sits out, who partners)
        for player, raw in raw_inputs.items():
            if player not in active:
                self._not_in_game(player, game, number)
            inputs[player] = self.read_input(hand, player, raw)
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
            raise InvalidEntry(Note("variant.refuse.not_a_player", name=quoted(player)), hand=number,
                               code="not_a_player")
        if player in game.eliminated:
            raise InvalidEntry(Note("variant.refuse.eliminated", player=player, hand=game.eliminated[player]),
                               hand=number, player=player)

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        """Read ``{"cards": ...}``, ``{"count": n}`` or ``{}`` for one player."""
        quick = quick_input(self, hand, raw)  # (an optimisation: the same input, read the short way)
        if quick is not None:
            return quick
        return self.read_plain_input(hand, player, raw)

    def read_plain_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        """:meth:`read_input` without the short way: each declared field read and checked."""
        if not isinstance(raw, (dict, Mapping)):
            raise hand.invalid(Note("variant.refuse.give_cards_or_count"), player)
        if not raw.keys() <= self.input_keys:
            unknown = next(key for key in raw if key not in self.input_keys)
            raise hand.invalid(Note("variant.refuse.not_an_input", given=repr(unknown),
                                    fields=either(self.input_fields)), player)
        cards, count = raw.get("cards"), raw.get("count")
        if cards not in (None, "") and count is not None:
            raise hand.invalid(Note("variant.refuse.cards_and_count"), player)
        if cards is not None:
            # A hand of an exact size is bound by it; any other by :meth:`most_cards`.
            exact = self.exact_cards_in(len(hand.seats), hand.number)
            most = self.most_cards(hand.number) if exact is None else None
            cards = read_cards(hand, player, cards, exact=exact, most=most,
                               deal_of=self.name if self.exact_deal else "")
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
                raise hand.invalid(Note("variant.refuse.true_or_false", field=choice.key), field=choice.key)
            if value and choice.needs_out and hand.out is None:
                raise hand.invalid(Note("variant.refuse.needs_out", field=choice.key), field=choice.key)
        for choice in self.one_ofs:
            value = hand.entry.get(choice.key)
            if value is None:
                continue
            values = [one for one, _ in choice.values]
            if value not in values:
                raise hand.invalid(Note("variant.refuse.not_one_of", field=choice.key, values=values,
                                        value=shown(value)), field=choice.key, code="bad_input")
            if choice.needs_out and hand.out is None:
                raise hand.invalid(Note("variant.refuse.needs_out", field=choice.key), field=choice.key)

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
                raise hand.invalid(Note("variant.refuse.out_holds_nothing", player=out), out)

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
            for player in game.active:
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

    Where its sides are optional (:attr:`Sides.optional`: a game the table
    defines) and the log gives none, the game has no sides: it is read and
    scored by player.  A variant whose sides have no fields of their own
    takes no ``sides`` key in an entry.
    """

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        hand = super().read(game, number, entry, dealer)
        if game.sides is None:
            assert self.sides is not None and self.sides.optional, "the replay seats the sides of a game in sides"
            return hand  # sides the table did not take: each plays for themselves
        hand.sides = game.sides
        if self.side_fields:
            hand.side_inputs = self.read_sides(hand, entry.get("sides"))
        return hand

    def read_sides(self, hand: Hand, raw: Any) -> dict[str, dict[str, Any]]:
        """Every side's input, by side, in the sides' order."""
        if raw is None:
            raw = {}
        if not isinstance(raw, (dict, Mapping)):
            raise hand.invalid(Note("variant.refuse.sides_not_a_mapping"), field="sides")
        for name in raw:
            if name not in hand.sides:
                raise hand.invalid(Note("variant.refuse.not_a_side", side=quoted(name), sides=list(hand.sides)),
                                   field="sides", code="not_a_side")
        return {side: self.read_side(hand, side, raw.get(side)) for side in hand.sides}

    def read_side(self, hand: Hand, side: str, raw: Any) -> dict[str, Any]:
        """One side's input: each declared field's whole number (0 when left out and not required),
        switch (false when left out) or tally (empty when left out)."""
        if raw is None:
            raise hand.missing(side)
        fields = self.side_fields_for(hand.options)
        keys = [f.key for f in fields]
        if not isinstance(raw, (dict, Mapping)):
            raise hand.invalid(Note("variant.refuse.give_side_fields", fields=keys), side, field="sides")
        for key in raw:
            if key not in keys:
                raise hand.invalid(Note("variant.refuse.not_a_side_input", given=shown(key), fields=keys), side,
                                   field="sides")
        return {spec.key: _read_side_field(hand, side, raw.get(spec.key), spec) for spec in fields}

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


def _read_side_field(hand: Hand, side: str, raw: Any, spec: Field) -> Any:
    """A side's field: a whole number, a switch (true or false) or a tally (a list of its values)."""
    if spec.kind == "flag":
        if raw is None:
            return False
        if not isinstance(raw, bool):
            raise hand.invalid(Note("variant.refuse.true_or_false", field=spec.key), side, field=spec.key)
        return raw
    if spec.kind == "tally":
        if raw is None:
            return ()
        values = [value for value, _ in spec.among]
        if not isinstance(raw, list) or not all(isinstance(one, str) for one in raw):
            raise hand.invalid(Note("variant.refuse.tally_among", field=spec.key, values=values), side, field=spec.key)
        if len(raw) > spec.maximum:
            raise hand.invalid(Note("variant.refuse.tally_most", field=spec.key, most=spec.maximum, count=len(raw)),
                               side, field=spec.key, code="out_of_bounds")
        for one in raw:
            if one not in values:
                raise hand.invalid(Note("variant.refuse.tally_not_one_of", field=spec.key, value=shown(one),
                                        values=values), side, field=spec.key)
        return tuple(raw)
    return read_number(hand, side, raw, spec)


def decided(text: str) -> tuple[str, ...]:
    """A game's :attr:`Variant.decisions` from a Markdown list: one string an
    item, its wrapped lines (and a list nested under it) kept, unindented.

    >>> decided('''
    ...     - **One**: a choice,
    ...       wrapped.
    ...     - **Two**.''')
    ('**One**: a choice,\\nwrapped.', '**Two**.')
    """
    import inspect

    items: list[list[str]] = []
    for line in inspect.cleandoc(text).splitlines():
        if line.startswith("- "):
            items.append([line[2:]])
        elif items and (line.startswith("  ") or not line.strip()):
            items[-1].append(line[2:])
        else:
            raise ValueError(f"not an item of a list of decisions: {line!r}")
    return tuple("\n".join(item).strip() for item in items)


def _docstring(cls: type) -> str:
    import inspect

    return inspect.cleandoc(cls.__doc__ or "")
