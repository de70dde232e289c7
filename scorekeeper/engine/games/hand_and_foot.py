"""Hand and Foot: partners build books of seven from a hand and a foot each, over four deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import guide
from ..cards import Card, format_cards
from ..declare import Field, Moment, Note, Sides
from ..errors import InvalidEntry
from ..extras import Extra
from ..notes import Words, sentences
from ..options import Option, points
from .base import Game, Hand, HandResult, PlayedInSides, PlayerInput, decided, read_cards, read_count

#: the deals of a game, each with the first meld it asks of every side
MINIMUM_MELD = (50, 90, 120, 150)
DEALS = len(MINIMUM_MELD)
#: a hand and a foot are dealt, each of this many cards
CARDS_EACH = 11
JOKERS_A_DECK = 2
MOST_DECKS = 12
#: a book is 7 cards: the least a clean one holds is seven 4s (7 x 5), a dirty one six 4s and a
#: deuce (6 x 5 + 20), a wild one seven deuces (7 x 20)
BOOK_CARDS = 7
LEAST_IN = {"clean": 35, "dirty": 50, "wild": 140}
MELD_STEP = 5
#: more cards than anyone holds in a hand or a foot when a deal ends, even after taking the pile
MOST_CARDS = 108
JOKER_VALUE = 50
#: a red three's value by default (the `red_three` option)
RED_THREE = 100
#: one deck's worth with its two jokers, red threes aside: 490 + 100
DECK_WORTH = 590
#: what the biggest pack (twelve decks) holds, for the bounds of each side's field
MOST_NATURALS = 44 * MOST_DECKS  # every card but the deuces and the threes
MOST_WILD = (4 + JOKERS_A_DECK) * MOST_DECKS
BOOK_KINDS = ("clean", "dirty", "wild")

WENT_OUT = Moment("went_out", "Went out", "hands this player ended by going out (the side's going-out bonus)")
WILD_BOOK = Moment("wild_book", "Wild books", "hands in which this player's side made a book of wild cards")

#: the parts of a side's line (the ``parts`` of a ``hand_and_foot.side`` note), each with its words
PART_WORDS: Mapping[str, str] = {
    "melded": "melded {points}",
    "clean": "{count} clean book{count:|s} {points}",
    "dirty": "{count} dirty book{count:|s} {points}",
    "wild": "{count} wild book{count:|s} {points}",
    "red_threes": "{count} red three{count:|s} {points}",
    "going_out": "going out {points}",
    "held": "hands and feet {points} ({players:held})",
}

#: the notes a hand writes: each key (see :class:`~..declare.Note`) with its sentence
NOTES: Mapping[str, str] = sentences({
    "hand_and_foot.how_to": "Tap who went out (or that the stock ran out); for each side, its meld points, clean, "
                            "dirty and wild books and red threes laid down; for everyone else, what is left in the "
                            "hand and in the foot (joker 50, A and 2 20, K to 8 10, 7 to 4 and a black 3 5, a red "
                            "three {red_three} against). Type a count, or pick the cards and the app counts them.",
    "hand_and_foot.goal": "Four deals; highest total wins",
    "hand_and_foot.next_foot": "a foot of {cards} too",
    "hand_and_foot.next_deal": "deal {deal} of {deals}",
    "hand_and_foot.next_to_open": "everyone needs {points} to open",
    "hand_and_foot.deal": "Deal {deal} of {deals}: every side's first meld needed {needed}.",
    "hand_and_foot.went_out": "{player} went out: {bonus} for going out.",
    "hand_and_foot.stock_ran_out": "The stock ran out: nobody went out, so no going-out bonus.",
    "hand_and_foot.side": "{side} {score}: {parts:parts}.",
}, parts=Words(PART_WORDS, by="part"), held=Words({"": "{player} hand {hand}, foot {foot}"}, sep="; "))

#: a count of books of each kind in a refusal (``{held:books}``): ``1 clean and 0 dirty``, each kind's
#: count with the words after it that join it to the next (:func:`_books`)
BOOKS = Words({"clean": "{count} clean", "dirty": "{count} dirty", "wild": "{count} wild"},
              after={"comma": ", ", "and": " and "}, sep="")

#: what a refusal says, keyed like the notes (a page writes it in its reader's language); Marriage
#: says the first too, under its key (one sentence, one key)
REFUSALS: Mapping[str, str] = sentences({
    "hand_and_foot.refuse.not_an_input": "{key} is not an input here (give {inputs:names})",
    "hand_and_foot.refuse.wild_to_go_out": "wild_to_go_out must be 0 when wild_books is off",
    "hand_and_foot.refuse.give_input": "give the hand and the foot, each the cards or a count",
    "hand_and_foot.refuse.cards_or_number": "{field} must be cards or a whole number",
    "hand_and_foot.refuse.wild_books_off": "wild books are off in this game; wild must be 0",
    "hand_and_foot.refuse.too_few_books": "went out with {held:books} books ({needed:books} needed)",
    "hand_and_foot.refuse.too_few_book": "went out with {held:books} book ({needed:books} needed)",
    "hand_and_foot.refuse.meld_below_books": "meld_points {melded} is below the {least} that {books:books} books hold",
    "hand_and_foot.refuse.meld_below_book": "meld_points {melded} is below the {least} that {books:books} book holds",
    "hand_and_foot.refuse.too_many_red_threes": "{count} red threes entered; {decks} deck{decks:|s} "
                                                "{decks:holds|hold} {most}",
}, books=BOOKS)


def is_red_three(card: Card) -> bool:
    return card.rank == 3 and card.suit in "HD"


def card_value(card: Card, red_three: int) -> int:
    """Joker 50, A and 2 20, K to 8 10, 7 to 4 and a black 3 5; a red three ``red_three`` (held: against)."""
    if card.is_joker:
        return JOKER_VALUE
    if card.rank <= 2:
        return 20
    if card.rank == 3:
        return red_three if card.suit in "HD" else 5
    return 10 if card.rank >= 8 else 5


def minimum_meld(deal: int) -> int:
    """The first meld every side needs in this deal: 50, 90, 120, 150."""
    return MINIMUM_MELD[min(deal, DEALS) - 1]


def _books(counts: Mapping[str, int]) -> list[dict[str, Any]]:
    """The kinds given, in order, each with its count, as a refusal writes them (:data:`BOOKS`):
    ``1 clean and 0 dirty``, ``2 clean, 1 dirty and 1 wild``, ``2 clean``."""
    books: list[dict[str, Any]] = [{"kind": kind, "count": n} for kind, n in counts.items()]
    for at, book in enumerate(books[:-1]):
        book["and" if at == len(books) - 2 else "comma"] = 1
    return books


def _one_book(counts: Mapping[str, int]) -> bool:
    """Whether the counts are one book (``1 wild book``), not books (``1 clean and 0 dirty books``)."""
    return list(counts.values()) == [1]


class HandAndFoot(PlayedInSides):
    """Hand and Foot (pagat, Whitnack version; table rules vary).

    4 players in two sides of two, or 6 in two sides of three or three
    sides of two (``sides``, partners opposite).  The pack is a deck a
    player and one more, two jokers each (``decks``); each player is dealt
    a hand of 11 and a foot of 11.  Exactly four deals; the first meld must
    be worth 50 in deal 1, 90 in deal 2, 120 in deal 3, 150 in deal 4, the
    same for every side (``next.minimum_meld``, by side).

    Enter who went out (or that the stock ran out: ``out`` null), and for
    each side under ``sides``: ``meld_points`` (every card it melded, books
    included), its completed books of seven, ``clean`` (no wild card),
    ``dirty`` (natural and wild) and ``wild`` (all wild), and the red
    threes it laid down (``red_threes``); a number left out is 0.  Under
    ``hands``, every player but the one who went out gives their ``hand``
    and ``foot``, each the cards or their count; one left out is empty (a
    foot already picked up).  Cards count joker 50, A and 2 20, K to 8 10,
    7 to 4 and a black 3 5, a red three ``red_three`` (100) against its side.

    A side scores its meld points + 500 a clean book + 300 a dirty one +
    1500 a wild one + 100 a red three laid down + 100 for going out - its
    players' hands and feet (every bonus an option, whole 0 to 10,000).
    The side going out holds at least ``clean_to_go_out`` clean (1),
    ``dirty_to_go_out`` dirty (1) and ``wild_to_go_out`` wild (0) books.
    With ``wild_books`` off a side's ``wild`` must be 0.

    Sanity bounds: meld points a multiple of 5 and at least what the books
    hold (35 a clean book, 50 a dirty one, 140 a wild one); red threes laid
    down and in cards across the table at most two a deck; at most two
    copies of a card and two jokers a deck.  After deal 4 the game is over;
    the highest total wins, equal totals share.  The deal passes left.  A
    deal's winner (the row's ``winner``) is the side that scored most in
    it, none when two tie.
    """

    key = "hand-and-foot"
    name = "Hand and Foot"
    summary = "Partners play a hand, then a foot, building books of seven over four deals."
    decisions = decided("""
        - **The red three** is one option, `red_three` (100): laid down it counts for
          its side, left in a hand or a foot against it (pagat, Whitnack; tables that
          charge 300 or 500 held set it so, and then laid ones count as much).
        - **Going out** needs one clean and one dirty book by default (tables ask
          anything up to 4 clean and 3 dirty; the pagat text was not retrieved): the
          three `*_to_go_out` options. With `wild_books` off, `wild_to_go_out` must be 0
          (a side could never go out) and every side's `wild` is refused unless 0.
        - **Every player but the one who went out** gives input, even a `{}`: each of
          hand and foot left out is empty, as a foot already picked up. With the stock
          run out (`out: null`) everyone gives input. A typed count is taken as it is
          (its red threes unknown, so not in the red-three bound).
        - **The sanity bounds** are on what the table can enter, never a game rule:
          the least a book holds is seven 4s (35) clean, six 4s and a deuce (50)
          dirty, seven deuces (140) wild; every side's field has the bound of the
          biggest pack (twelve decks: meld points 7080, clean books 75, dirty 72,
          wild 10, red threes 24); a hand or foot of cards holds at most 108.
          The red-three bound of the whole table is said without a side in front
          ("hand 2: 5 red threes entered; 2 decks hold 4") and blames the side or
          player whose red threes took it over.
        - **The sheet** gives each deal's first meld in a column of its own and in a
          note of the deal; the next line names the deal ("deal 2 of 4") and says
          "everyone needs 90 to open". A deal's winner (`winner`, for the statistics)
          is the side that scored most in it; nobody's when two tie.
    """)
    min_players, max_players = 4, 6
    player_counts = (4, 6)
    sides = Sides({4: (2,), 6: (3, 2)})
    max_decks, max_jokers = MOST_DECKS, JOKERS_A_DECK * MOST_DECKS
    #: each side's first meld of the next deal (by side), and the first meld of each deal's row
    extras = (Extra("minimum_meld", "Minimum meld"), Extra("opened_at", "To open", where="row"))
    options = (
        Option("decks", "int", None, "Decks in the pack, each with two jokers.", minimum=1, maximum=MOST_DECKS,
               default_text="a deck a player and one more", label="Decks"),
        points("clean_book", 500, "A completed book of seven with no wild card."),
        points("dirty_book", 300, "A completed book of seven, natural cards and wild ones."),
        points("wild_book", 1500, "A completed book of seven wild cards."),
        points("red_three", RED_THREE, "A red three laid down counts this for its side; left in a hand or a foot, "
                                 "against it."),
        points("going_out", 100, "The side of the player who went out."),
        Option("wild_books", "bool", True, "Books of wild cards may be made (off: every side's wild is 0)."),
        Option("clean_to_go_out", "int", 1, "Clean books a side needs before a player of it may go out.",
               minimum=0, maximum=20),
        Option("dirty_to_go_out", "int", 1, "Dirty books a side needs before a player of it may go out.",
               minimum=0, maximum=20),
        Option("wild_to_go_out", "int", 0, "Wild books a side needs before a player of it may go out.",
               minimum=0, maximum=10),
    )
    fields = (
        Field("hand", "cards_or_points", "Hand (count or cards)",
              "the cards left in the hand, or their count: joker 50, A and 2 20, K to 8 10, 7 to 4 and a black "
              "3 5, a red three 100 against; empty if played out"),
        Field("foot", "cards_or_points", "Foot (count or cards)",
              "the cards left in the foot, or their count; empty once picked up"),
    )
    side_fields = (
        Field("meld_points", "count", "Meld points",
              "every card the side melded, books' cards included (not the bonuses)",
              maximum=MOST_DECKS * DECK_WORTH, step=MELD_STEP),
        Field("clean", "count", "Clean books", "completed books of seven with no wild card: 500 each",
              maximum=MOST_NATURALS // BOOK_CARDS),
        Field("dirty", "count", "Dirty books", "completed books of seven holding wild cards: 300 each",
              maximum=MOST_WILD),
        Field("wild", "count", "Wild books", "completed books of seven wild cards: 1500 each",
              maximum=MOST_WILD // BOOK_CARDS),
        Field("red_threes", "count", "Red threes", "red threes the side laid down: 100 each",
              maximum=2 * MOST_DECKS),
    )
    moments = (WENT_OUT, WILD_BOOK)
    out_may_be_null = True
    no_out_label = "The stock ran out"

    # -- facts ---------------------------------------------------------------

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return CARDS_EACH

    def decks(self, players: int) -> int:
        return players + 1

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        return JOKERS_A_DECK * self.decks(players)

    def pack(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        decks = options.get("decks") or self.decks(players)
        return decks, JOKERS_A_DECK * decks

    def most_cards(self, hand_number: int = 1) -> int:
        return MOST_CARDS

    def card_value(self, card: Card, options: Any) -> int:
        return card_value(card, options["red_three"])

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if options["decks"] is None:
            options["decks"] = self.decks(players)
        if not options["wild_books"] and options["wild_to_go_out"]:
            raise InvalidEntry(Note("hand_and_foot.refuse.wild_to_go_out"), where="options",
                               field="wild_to_go_out", code="bad_option")
        return options

    # -- guidance --------------------------------------------------------------

    def how_to(self, options: Mapping[str, Any]) -> guide.GuideLine:
        return guide.how_to(Note("hand_and_foot.how_to", red_three=options.get("red_three", RED_THREE)))

    def goal(self, options: Mapping[str, Any]) -> guide.GuideLine:
        return guide.goal(Note("hand_and_foot.goal"))

    def is_over(self, game: Game) -> bool:
        return game.hands_played >= DEALS

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {**super().next_extras(game, number),
                "minimum_meld": dict.fromkeys(game.columns, minimum_meld(number))}

    def next_words(self, game: Game, number: int) -> list[Note]:
        """``a foot of 11 too · deal 2 of 4 · everyone needs 90 to open``."""
        return [Note("hand_and_foot.next_foot", cards=CARDS_EACH), Note("hand_and_foot.next_deal", deal=number, deals=DEALS),
                Note("hand_and_foot.next_to_open", points=minimum_meld(number))]

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        return {**super().hand_extras(game, result), "opened_at": minimum_meld(len(game.results))}

    def preview(self, cards: Sequence[Card], options: Mapping[str, Any],
                entry: Mapping[str, Any] | None = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        return {"value": sum(card_value(card, options["red_three"]) for card in cards)}

    # -- reading -----------------------------------------------------------------

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        if not isinstance(raw, Mapping):
            raise hand.invalid(Note("hand_and_foot.refuse.give_input"), player, code="bad_input")
        for key in raw:
            if key not in self.input_keys:
                raise hand.invalid(Note("hand_and_foot.refuse.not_an_input", key=repr(key),
                                        inputs=list(self.input_fields)), player, code="bad_input")
        return PlayerInput(extra={key: self._cards_or_count(hand, player, raw.get(key), key)
                                  for key in self.input_fields})

    @staticmethod
    def _cards_or_count(hand: Hand, player: str, raw: Any, name: str) -> tuple[Card, ...] | int:
        if raw is None:
            return ()
        if isinstance(raw, (str, list, tuple)):
            return read_cards(hand, player, raw, most=MOST_CARDS, field_name=name) or ()
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise hand.invalid(Note("hand_and_foot.refuse.cards_or_number", field=name), player, field=name,
                               code="bad_input")
        return read_count(hand, player, raw, field_name=name) or 0

    def check_required(self, hand: Hand) -> None:
        for player in hand.players if hand.out is None else hand.others:
            if player not in hand.inputs:
                raise hand.missing(player)
        out = hand.out
        if out is not None and out in hand.inputs and any(map(_value_given, hand.inputs[out].extra.values())):
            raise hand.invalid(Note("phase10.refuse.out_holds_cards", out=out), out, field="hand")

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        hand = super().read(game, number, entry, dealer)
        for side, given in hand.side_inputs.items():
            self._check_side(hand, side, given)
        self._check_red_threes(hand)
        return hand

    def _check_side(self, hand: Hand, side: str, given: Mapping[str, int]) -> None:
        options = hand.options
        if given["wild"] and not options["wild_books"]:
            raise hand.invalid(Note("hand_and_foot.refuse.wild_books_off"), side, field="wild",
                               code="bad_field")
        if hand.out is not None and hand.out in hand.sides[side]:
            needed = {kind: options[f"{kind}_to_go_out"] for kind in BOOK_KINDS if options[f"{kind}_to_go_out"]}
            short = [kind for kind, n in needed.items() if given[kind] < n]
            if short:
                held = {kind: given[kind] for kind in needed}
                key = "hand_and_foot.refuse.too_few_book" if _one_book(held) else "hand_and_foot.refuse.too_few_books"
                raise hand.invalid(Note(key, held=_books(held), needed=_books(needed)), side, field=short[0],
                                   code="cannot_go_out")
        least = sum(LEAST_IN[kind] * given[kind] for kind in BOOK_KINDS)
        melded = given["meld_points"]
        if melded < least:
            books = {kind: given[kind] for kind in BOOK_KINDS if given[kind]}
            key = ("hand_and_foot.refuse.meld_below_book" if _one_book(books)
                   else "hand_and_foot.refuse.meld_below_books")
            raise hand.invalid(Note(key, melded=melded, least=least, books=_books(books)), side,
                               field="meld_points", code="meld_points_too_low")

    def _check_red_threes(self, hand: Hand) -> None:
        """Red threes laid down and held across the table fit the pack; blamed is who went over."""
        decks = self.pack(len(hand.seats), hand.options)[0]
        most = 2 * decks
        counted: list[tuple[str, str, int]] = [(side, "red_threes", given["red_threes"])
                                               for side, given in hand.side_inputs.items()]
        for player, given in hand.inputs.items():
            for key, value in given.extra.items():
                if isinstance(value, tuple):
                    counted.append((player, key, sum(1 for card in value if is_red_three(card))))
        entered = 0
        for who, field, n in counted:
            entered += n
            if entered > most:
                raise InvalidEntry(Note("hand_and_foot.refuse.too_many_red_threes", count=entered, decks=decks,
                                        most=most), hand=hand.number, player=who, field=field,
                                   code="more_than_the_pack", named=True)

    # -- scoring -------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        out = hand.out
        options = hand.options
        scores: dict[str, Any] = {}
        details: dict[str, dict[str, Any]] = {}
        notes: list[str] = [Note("hand_and_foot.deal", deal=hand.number, deals=DEALS,
                                 needed=minimum_meld(hand.number))]
        moments: dict[str, list[str]] = {}
        if out is None:
            notes.append(Note("hand_and_foot.stock_ran_out"))
        else:
            notes.append(Note("hand_and_foot.went_out", player=out, bonus=options["going_out"]))
            moments[out] = [WENT_OUT.key]
        for side, given in hand.side_inputs.items():
            detail = self._side_score(hand, side, given)
            scores[side] = detail["value"]
            details[side] = detail
            notes.append(_side_note(side, detail))
            if given["wild"]:
                for player in hand.sides[side]:
                    moments.setdefault(player, []).append(WILD_BOOK.key)
        best = max(scores.values())
        leaders = [side for side, score in scores.items() if score == best]
        return HandResult(scores, notes, details, winner=leaders[0] if len(leaders) == 1 else None,
                          kind="stock" if out is None else "out", moments=moments)

    def _side_score(self, hand: Hand, side: str, given: Mapping[str, int]) -> dict[str, Any]:
        """A side's score and its parts, the row's details of the side."""
        options = hand.options
        red_three = options["red_three"]
        books = {kind: options[f"{kind}_book"] * given[kind] for kind in BOOK_KINDS}
        went_out = hand.out is not None and hand.out in hand.sides[side]
        going_out = options["going_out"] if went_out else 0
        held: dict[str, dict[str, Any]] = {}
        for player in hand.sides[side]:
            extra = hand.inputs[player].extra if player in hand.inputs else {}
            held[player] = {key: _held(extra.get(key, ()), red_three) for key in self.input_fields}
            for key in self.input_fields:
                if extra.get(key):
                    if isinstance(extra[key], tuple):
                        held[player][f"{key}_cards"] = format_cards(extra[key])
        left = sum(one["hand"] + one["foot"] for one in held.values())
        reds = red_three * given["red_threes"]
        value = given["meld_points"] + sum(books.values()) + reds + going_out - left
        return {
            "meld_points": given["meld_points"], **{kind: given[kind] for kind in BOOK_KINDS},
            "red_threes": given["red_threes"], "book_bonus": books, "red_three_points": reds,
            "going_out": going_out, "held": held, "left": left, "value": value,
        }


def _value_given(value: tuple[Card, ...] | int) -> bool:
    return bool(value)


def _held(value: tuple[Card, ...] | int, red_three: int) -> int:
    if isinstance(value, int):
        return value
    return sum(card_value(card, red_three) for card in value)


def _side_note(side: str, detail: Mapping[str, Any]) -> Note:
    """``Ann & Cara 2010: melded 610, 2 clean books 1000, ..., hands and feet -100 (Cara hand 15, foot 85).``"""
    parts: list[dict[str, Any]] = [{"part": "melded", "points": detail["meld_points"]}]
    for kind in BOOK_KINDS:
        if detail[kind]:
            parts.append({"part": kind, "count": detail[kind], "points": detail["book_bonus"][kind]})
    if detail["red_threes"]:
        parts.append({"part": "red_threes", "count": detail["red_threes"], "points": detail["red_three_points"]})
    if detail["going_out"]:
        parts.append({"part": "going_out", "points": detail["going_out"]})
    if detail["left"]:
        players = {player: {"hand": one["hand"], "foot": one["foot"]} for player, one in detail["held"].items()
                   if one["hand"] or one["foot"]}
        parts.append({"part": "held", "points": -detail["left"], "players": players})
    return Note("hand_and_foot.side", side=side, score=detail["value"], parts=parts)
