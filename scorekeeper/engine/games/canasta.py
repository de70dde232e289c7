"""Canasta: sides score their melds, canastas and red threes, less the cards left in hand.

Classic Canasta for 2 to 6; Modern American Canasta (``style: "modern"``) and
who sits out in a game for five are in :mod:`.canasta_modern`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import guide
from ..cards import ALL_CARDS, Card
from ..declare import Choice, Field, Moment, Note, Sides, count_or_cards
from ..errors import InvalidEntry
from ..extras import Extra
from ..notes import Words, fields, sentences
from ..options import Option, target
from . import canasta_modern as modern
from .base import PICK, Game, Hand, HandResult, PlayedInSides, PlayerInput, Score, decided
from .canasta_modern import is_modern

#: cards dealt to each player, by number of players
CARDS_EACH = {2: 15, 3: 13, 4: 11, 5: 11, 6: 13}
NATURAL_BONUS = 500
MIXED_BONUS = 300
RED_THREE = 100
GOING_OUT = 100
CONCEALED_OUT = 200
#: a canasta is 7 cards or more: the least a natural one holds is seven 4s
#: (7 x 5), a mixed one six 4s and a deuce (6 x 5 + 20)
LEAST_IN_NATURAL = 35
LEAST_IN_MIXED = 50
CANASTA_CARDS = 7
#: natural canastas a pack holds at most: one of each rank from 4 to ace
#: (a rank has 8 cards in two decks, 12 in three: never two canastas of 7)
MOST_NATURALS = 11
MELD_STEP = 5
#: the first meld a side needs, by its total: (from this total on, this much); below 0: 15
MINIMUM_MELD = ((7500, 150), (3000, 120), (1500, 90), (0, 50))
BELOW_ZERO_MELD = 15
#: more cards than anyone holds when a hand ends, even after taking a big pile:
#: the whole of a two-deck pack (nothing is searched, so the bound is generous)
MOST_CARDS = 108
#: the red-three bonus where it is more than 100 each, by decks and red threes
RED_THREE_BONUS = {2: {4: 800}, 3: {5: 1000, 6: 1200}}

WENT_OUT = Moment("went_out", "Went out", "hands this player ended by going out (the side's going-out bonus)")
CONCEALED = Moment("concealed", "Concealed", "hands this player went out concealed: the whole hand melded in one turn")
ALL_RED_THREES = Moment("all_red_threes", "All the red threes",
                        "hands in which this player's side had the red-three bonus: all four (five or six "
                        "with three decks)")
SPECIAL_HAND = Moment("special_hand", "Special hands",
                      "hands this player went out with a special hand (Modern: a straight, pairs or garbage)")
MELDED_NOTHING = Moment("melded_nothing", "Melded nothing",
                        "hands this player's side ended having melded nothing (its red threes count against it)")

#: the parts of a side's line (the ``parts`` of a ``canasta.side`` note), each with its words
PART_WORDS: Mapping[str, str] = {
    "melded": "melded {points}",
    "natural": "{count} natural canasta{count:|s} {points}",
    "mixed": "{count} mixed canasta{count:|s} {points}",
    "red_threes": "{count} red three{count:|s} {points}",
    "red_threes_against": "{count} red three{count:|s} {points} (nothing melded)",
    "going_out": "going out {points}",
    "concealed": "going out concealed {points}",
    "cards_left": "cards left {points} ({players:list})",
}

#: the notes a hand writes: each key (see :class:`~..declare.Note`) with its sentence
NOTES: Mapping[str, str] = sentences({
    "canasta.how_to": "Tap who went out (or that the stock ran out) and whether it was concealed; for each side, "
                      "its meld points, natural and mixed canastas and red threes; for everyone else, the cards "
                      "left (joker 50, A and 2 20, K to 8 10, 7 to 4 and a black 3 5).",
    "canasta.how_to_modern": "Tap who went out (or that the stock ran out), and a special hand if it was one; for "
                             "each side, its meld points, canastas (natural, mixed, sevens, aces, wild), unfinished "
                             "sevens, aces or wild melds and threes; for everyone else, the cards left, or their "
                             "count with the sevens and aces among them.",
    "canasta.everyone_needs": "everyone needs {points} to open",
    "canasta.side_needs": "{side} needs {points} to open, {others:list}",
    "canasta.side_need": "{side} need {points} to open, {others:list}",
    "canasta.next_sits_out": "{player} sits out",
    "canasta.draw_two": "draw 2 a turn",
    "canasta.went_out": "{player} went out: {bonus} for going out.",
    "canasta.concealed": "{player} went out concealed, the whole hand melded in one turn: {bonus} for going out.",
    "canasta.stock_ran_out": "The stock ran out: nobody went out, so no going-out bonus.",
    "canasta.side": "{side} {score}: {parts:parts}.",
    "canasta.special": "{player} went out with a special hand, {hand}: {points}, and the side scores nothing "
                       "else but its threes.",
    "canasta.sits_out": "{player} sits out this hand.",
}, parts=Words({**PART_WORDS, **modern.PART_WORDS}, by="part"))

#: what a refusal says, keyed like the notes (a page writes it in its reader's language)
REFUSALS: Mapping[str, str] = sentences({
    "canasta.refuse.modern_players": "{game} is for {needed} players in two sides, got {players}",
    "canasta.refuse.red_three_in_hand": "{card} is a red three; count it in red_threes",
    "canasta.refuse.not_in_style": "{field} is not part of {game}",
    "canasta.refuse.sits_out_of_five": "sits_out is only for Canasta for five",
    "canasta.refuse.sitter_is": "{player} sits out hand {hand}, not {named}",
    "canasta.refuse.sitter_in_hand": "{player} sits out this hand; leave them out",
    "canasta.refuse.too_few_canastas": "went out with {made} canasta{made:|s} ({needed} needed)",
    "canasta.refuse.meld_below_natural_and_mixed": "meld_points {melded} is below the {least} that {natural} natural "
                                                   "and {mixed} mixed canasta{mixed:|s} hold",
    "canasta.refuse.meld_below_natural": "meld_points {melded} is below the {least} that {natural} natural "
                                         "canasta{natural:|s} {natural:holds|hold}",
    "canasta.refuse.meld_below_mixed": "meld_points {melded} is below the {least} that {mixed} mixed "
                                       "canasta{mixed:|s} {mixed:holds|hold}",
    "canasta.refuse.meld_below_canastas": "meld_points {melded} is below the {least} that its {made} "
                                          "canasta{made:|s} {made:holds|hold}",
    "canasta.refuse.too_many_natural": "{count} natural canastas entered; a pack holds at most {most}, one of each "
                                       "rank from 4 to ace",
    "canasta.refuse.too_many_mixed": "{count} mixed canastas entered; each holds a wild card and {decks:packs} hold "
                                     "{most}",
    "canasta.refuse.too_many_red_threes": "{count} red threes entered; {decks:packs} hold {most}",
    "canasta.refuse.too_many_sevens": "{count} canastas of sevens entered; two decks hold 8 sevens",
    "canasta.refuse.too_many_aces": "{count} canastas of aces entered; two decks hold 8 aces",
    "canasta.refuse.too_many_wild": "{count} wild canastas entered; two decks and four jokers hold 12 wild cards",
    "canasta.refuse.too_many_threes": "{count} threes entered; {decks:packs} hold {most}",
    "canasta.refuse.canastas_over_pack": "{count} canastas hold at least {cards} cards; {decks:packs} hold {most} "
                                         "that can be melded",
    "canasta.refuse.worth_over_pack": "meld points and cards left add up to {worth} or more; {decks:packs} and "
                                      "{jokers} jokers are worth {most} in all",
})


JOKER_VALUE = 50


def is_red_three(card: Card) -> bool:
    return card.rank == 3 and card.suit in "HD"


def card_value(card: Card) -> int:
    """Joker 50, A and 2 20, K to 8 10, 7 to 4 and a black 3 5 (a red three is never in hand)."""
    if card.is_joker:
        return JOKER_VALUE
    if card.rank <= 2:
        return 20
    return 10 if card.rank >= 8 else 5


#: one deck's worth, red threes aside: 490
DECK_WORTH = sum(card_value(card) for card in ALL_CARDS if not is_red_three(card))


@dataclass(frozen=True, slots=True)
class Pack:
    """What the pack in play holds, for the sanity bounds of an entry."""

    decks: int
    jokers: int

    @property
    def red_threes(self) -> int:
        return 2 * self.decks

    @property
    def wild(self) -> int:
        """Deuces and jokers: every mixed canasta holds at least one."""
        return 4 * self.decks + self.jokers

    @property
    def meldable(self) -> int:
        """Every card but the threes."""
        return 48 * self.decks + self.jokers

    @property
    def worth(self) -> int:
        """Every card's value but the red threes': what is melded and left in hand at most."""
        return self.decks * DECK_WORTH + self.jokers * JOKER_VALUE


#: the biggest pack in play (six players): its counts bound each side's fields
THREE_DECKS = Pack(3, 6)


def cards_left(given: PlayerInput) -> int:
    """What a player's input counts: the typed count, or the cards' values."""
    if given.count is not None:
        return given.count
    return sum(card_value(card) for card in given.cards or ())


def red_three_points(count: int, decks: int) -> int:
    """100 each; all four 800 (three decks: 100 each up to four, 1000 for five, 1200 for six)."""
    return RED_THREE_BONUS.get(decks, {}).get(count, RED_THREE * count)


def minimum_meld(total: int) -> int:
    """What a side's first meld must be worth with this total: below 0 15; then 50, 90, 120, 150."""
    for least, needed in MINIMUM_MELD:
        if total >= least:
            return needed
    return BELOW_ZERO_MELD


def least_melded(natural: int, mixed: int) -> int:
    """The fewest meld points these canastas hold: 35 a natural one, 50 a mixed one."""
    return LEAST_IN_NATURAL * natural + LEAST_IN_MIXED * mixed


CONCEALED_CHOICE = Choice(
    "concealed", "flag", "Concealed: all in one turn",
    "Went out melding the whole hand in one turn, with nothing melded before: 200, not 100.", needs_out=True)
CLASSIC_FIELDS = count_or_cards("their cards left, counted: joker 50, A and 2 20, K to 8 10, 7 to 4 and a black 3 5",
                                "the cards left in hand; the app counts them")
CLASSIC_SIDE_FIELDS = (
    Field("meld_points", "count", "Meld points",
          "every card the side melded, canastas' cards included (not the bonuses); 0 if nothing",
          maximum=THREE_DECKS.worth, step=MELD_STEP, required=True),
    Field("natural", "count", "Natural canastas", "completed canastas with no wild card: 500 each",
          maximum=MOST_NATURALS),
    Field("mixed", "count", "Mixed canastas", "completed canastas holding wild cards: 300 each",
          maximum=THREE_DECKS.wild),
    Field("red_threes", "count", "Red threes", "red threes the side laid down: 100 each, 800 for all four",
          maximum=THREE_DECKS.red_threes),
)
MODERN_SIDE_FIELDS = (*CLASSIC_SIDE_FIELDS[:3], modern.SEVENS, modern.ACES, modern.WILD, modern.OPEN_SEVENS,
                      modern.OPEN_ACES, modern.OPEN_WILD, modern.THREES)


class Canasta(PlayedInSides):
    """Classic Canasta (seed 001).

    2, 3, 4 or 6 players.  Four play in two sides of two (``sides``, partners
    opposite), 11 cards each; two each for themselves, 15 cards (drawing 2
    a turn); three each for themselves, 13 cards; all from two decks and
    four jokers.  Six play in two sides of three or three sides of two, 13
    cards each from three decks and six jokers.  Jokers and deuces are wild.
    Where each plays for themselves, each player is a side of one, named by
    the player.

    Enter who went out (or that the stock ran out: ``out`` null), whether
    it was ``concealed`` (the whole hand melded in one turn: it needs
    ``out``), and for each side under ``sides`` what the table reads off
    the table: ``meld_points`` (every card the side melded, canastas' cards
    included; the bonuses come on top; 0 when it melded nothing, and never
    left out), ``natural`` and ``mixed`` (completed canastas) and
    ``red_threes`` (the last three 0 when left out).  Under ``hands``, every
    player's cards left in hand (or their count) but the one who went out,
    partners included; with the stock run out, everyone's.  Cards count
    joker 50, A and 2 20, K to 8 10, 7 to 4 and a black 3 5; a red three is
    never in hand (it is laid down at once), so cards holding one are
    refused: count it in the side's ``red_threes``.

    A side scores its meld points + 500 a natural canasta + 300 a mixed one
    + its red threes + 100 for going out (200 concealed) - the cards left
    in its players' hands.  Red threes: 100 each, 800 for all four (three
    decks: 100 each up to four, so four are 400, 1000 for five, 1200 for
    six), counted against the side, the bonus too, when its meld points are
    0.  With the stock run out nobody has the going-out bonus.

    The side that went out holds at least ``canastas_to_go_out`` canastas
    (1; 2 with 2 or 6 players).  The sanity bounds, refused naming the side
    and the field: meld points are a multiple of 5 and at least what the
    side's canastas hold (a canasta is 7 cards or more: the least is seven
    4s, 35, for a natural one and six 4s and a deuce, 50, for a mixed one, so
    1 natural and 1 mixed hold 85); across the table at most the pack's red
    threes (4; 6 with three decks), 11 natural canastas (one of each rank
    from 4 to ace), a mixed canasta for each wild card (12; 18), 7 cards a
    canasta from the 100 (150) cards that can be melded, and meld points
    and cards left worth the 1180 (1770) of the pack at most.  A bound of
    the whole table is said without a side in front of it (``hand 2: 5 red
    threes entered; two decks hold 4``) and blames (``.player``) the side
    whose count took the table over, or the player whose cards left did.  A
    hand holds at most 108 cards and at most the pack's jokers and copies of
    a card.

    The game is to 5000 (``target``; six players: 10000 in two sides, 7500
    in three).  It ends after the hand in which a side reaches it; the
    highest total wins, equal totals share.  Ended by agreement, the
    highest total wins.  Each side's next first meld (``next.minimum_meld``)
    follows its total: below 0 15, to 1499 50, to 2999 90, to 7499 120, from
    7500 150; the guide's line names them ("Ann & Cara need 90 to open,
    Bob & Dan 50", or "everyone needs 50 to open").  The deal passes left.
    A hand's winner (the row's ``winner``) is the side that scored most in
    it, none when two tie; its ``kind`` is ``out``, ``concealed``,
    ``special`` (Modern) or ``stock``.

    Five play as four in two sides (one of three, one of two, seated anyhow),
    11 cards, to 5000: one of the side of three sits out each hand, its third
    player in seat order in hands 1, 4, 7..., its second in 2, 5, 8..., its
    first in 3, 6, 9... (``sits_out`` on the row and in ``next``); the
    sitter gives no input, is not ``out`` and does not deal (the deal passes
    to the next seat).

    ``style: "modern"`` is Modern American Canasta: 4 players in two sides,
    13 cards, to 8500, 2 canastas to go out, no concealed going out.  Each
    side adds ``sevens`` and ``aces`` canastas (2500, 2000), ``wild``
    canastas (``twos`` 3000, ``jokers`` 2500, ``mixed`` 2000), ``threes``
    (every three, 100 each; minus with nothing melded; no bonus for four) and
    its unfinished melds ``open_sevens`` (-2500), ``open_aces`` and
    ``open_wild`` (-2000 each); each player holding three or more sevens, or
    aces, costs the side 1500 each (``sevens`` and ``aces`` beside a count).
    A ``special`` hand (``straight`` 3000, ``pairs`` 2500, ``pairs_wild`` and
    ``garbage`` 2000) scores its value and its side's threes instead of
    everything else.  A three in a player's cards is refused.  The next
    first meld: below 0 15, to 2495 50, to 4995 90, to 7495 120, from 7500
    150.  The moments are the player's who went out (``went_out``,
    and ``concealed`` too) and each player's of a side that had all the red
    threes or melded nothing.
    """

    key = "canasta"
    name = "Canasta"
    summary = "Partners meld canastas of seven; red threes, going out and meld points race the sides to 5000."
    decisions = decided("""
        - **The table reads the counts off the table**: each side's `meld_points`
          (never left out: 0 when it melded nothing), `natural`, `mixed` and
          `red_threes` (0 when left out); each player's cards left as a count or the
          cards. A red three in a player's cards is refused (it is laid down at once:
          count it in `red_threes`), in the picker's preview too.
        - **The stock ran out** (`out: null`): nobody gets a going-out bonus and
          every player gives cards or a count, as nobody went out.
        - **Concealed** needs `out`, and the side that went out holds the canastas
          to go out whether or not it was concealed. A concealed going out is also a
          going out in the moments (`went_out` and `concealed`).
        - **Three decks with four red threes** are 400 (100 each up to four): the
          big bonus starts at five. Melded nothing, every red three counts against
          the side, the bonus too (-800, -1000, -1200).
        - **The sanity bounds** are on what the table can enter, never a game rule:
          the least a canasta holds is seven 4s (35) natural, six 4s and a deuce
          (50) mixed. A bound of the whole table (red threes, canastas, what the
          pack is worth) is said without a side in front, as the rule book's "hand 2:
          5 red threes entered; two decks hold 4", and blames the side (`.player`)
          whose count went over, or the player whose cards left did, so a form shows
          it at that field. Each side's field has the bound of the biggest pack
          (meld points 1770, natural 11, mixed 18, red threes 6); a hand of cards
          holds at most 108, as nothing is searched.
        - **The target** follows the sides as seated: 5000, and with six players
          10000 in two sides, 7500 in three (`target` sets another). Equal totals at
          the top share the win; there is no "led before" rule.
        - **A hand's winner** (the row's `winner`, for the statistics) is the side
          that scored most in it; nobody's when two tie. Its `kind` is `out`,
          `concealed` or `stock`.
        - **The next deal** gives `minimum_meld` by side, and the guide's line
          names them: "Ann & Cara need 90 to open, Bob & Dan 50", or "everyone needs
          50 to open" when every side needs the same. Two players are reminded to
          draw 2 a turn.
        - **Modern: a special hand** scores its value and 100 a three for the side
          of the player who went out, "instead of everything else": its meld points,
          canastas and open melds are taken as entered but not scored, its partner's
          cards are not counted (so the partner may be left out), and it needs no
          canastas to go out. The row's `kind` is `special`, a moment of its own.
        - **Modern: the sevens and aces a player holds** are counted from the cards;
          with a count, typed beside it (0 to 8 each, and the count holds at least 5
          a seven and 20 an ace); typed with the cards, they must agree with them.
        - **Modern: no bound on meld points and cards left together**: the rule
          book's own first example holds 1220, more than the 1180 two decks and four
          jokers are worth with a three counted 5 in hand. The other bounds stand.
        - **Modern's name** on the sheet, the lists and the statistics is "Modern
          American Canasta"; its log stays `canasta` with `style: "modern"`.
        - **Five players: the sitter** is named on the hand's row (`sits_out`) and
          in a note, takes no part in the side's moments, and `sits_out` is refused
          in a game not for five (`bad_field`). The pages leave the sitter out of
          the entry and show who sits out.
    """)
    min_players, max_players = 2, 6
    sides = Sides({4: (2,), 6: (3, 2)}, uneven={5: (3, 2)})
    #: what each side's first meld of the next hand must be worth, by side (:meth:`next_line` words it);
    #: with five players, who sits out the next hand and who sat out each hand
    extras = (Extra("minimum_meld", "Minimum meld"), Extra("sits_out", "Sits out"),
              Extra("sits_out", "Sat out", where="row"))
    further_entry_keys = ("sits_out",)
    options = (
        Option("style", "choice", "classic", "Classic Canasta, or Modern American Canasta (4 players in two "
               "sides, 13 cards, special canastas and hands, to 8500).", choices=("classic", modern.MODERN),
               labels=("Classic", modern.TITLE)),
        Option("canastas_to_go_out", "int", None, "Canastas a side needs before a player of it may go out.",
               allowed=(1, 2), default_text="1; 2 with 2 or 6 players and in Modern"),
        target(None, "The game ends after the hand in which a side's total reaches this.",
               default_text="5000; with 6 players 10000 in two sides, 7500 in three; Modern 8500"),
    )
    choices = (CONCEALED_CHOICE, modern.SPECIAL)
    fields = (*CLASSIC_FIELDS, modern.SEVENS_HELD, modern.ACES_HELD)
    side_fields = (*CLASSIC_SIDE_FIELDS, *MODERN_SIDE_FIELDS[3:])
    moments = (WENT_OUT, CONCEALED, ALL_RED_THREES, MELDED_NOTHING, SPECIAL_HAND)
    out_may_be_null = True
    no_out_label = "The stock ran out"

    # -- facts ---------------------------------------------------------------

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return CARDS_EACH[players]

    def deal(self, players: int, hand_number: int, options: Mapping[str, Any]) -> int | None:
        return modern.MODERN_CARDS_EACH if is_modern(options) else CARDS_EACH[players]

    def decks(self, players: int) -> int:
        return 3 if players == 6 else 2

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        return 2 * self.decks(players)

    def most_cards(self, hand_number: int = 1) -> int:
        return MOST_CARDS

    def card_value(self, card: Card, options: Any) -> int:
        return card_value(card)

    def title(self, options: Mapping[str, Any]) -> str:
        return modern.TITLE if is_modern(options) else self.name

    def fields_for(self, options: Mapping[str, Any] | None) -> tuple[Field, ...]:
        if options is None or is_modern(options):
            return self.fields
        return CLASSIC_FIELDS

    def side_fields_for(self, options: Mapping[str, Any] | None) -> tuple[Field, ...]:
        if options is None:
            return self.side_fields
        return MODERN_SIDE_FIELDS if is_modern(options) else CLASSIC_SIDE_FIELDS

    def choices_for(self, options: Mapping[str, Any] | None) -> tuple[Choice, ...]:
        if options is None:
            return self.choices
        return (modern.SPECIAL,) if is_modern(options) else (CONCEALED_CHOICE,)

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if is_modern(options) and players != modern.MODERN_PLAYERS:
            raise InvalidEntry(Note("canasta.refuse.modern_players", game=modern.TITLE, needed=modern.MODERN_PLAYERS,
                                    players=players), where="options", field="style", code="bad_players")
        if options["canastas_to_go_out"] is None:
            options["canastas_to_go_out"] = (modern.MODERN_TO_GO_OUT if is_modern(options)
                                             else 2 if players in (2, 6) else 1)
        return options

    def start(self, game: Game) -> None:
        # The target's default follows the number of sides, known once the sides are seated.
        if game.options["target"] is None:
            game.options["target"] = (modern.MODERN_TARGET if is_modern(game.options)
                                      else 5000 if len(game.players) != 6
                                      else 10000 if len(game.columns) == 2 else 7500)
        if self._sitter(game, 1) == game.first_dealer:  # five players: the sitter does not deal
            game.dealers[0] = game.left_of[game.first_dealer]

    def _sitter(self, game: Game, number: int) -> str | None:
        """Who sits out hand ``number`` (only in a game for five)."""
        return modern.sitter(game.sides or {}, len(game.players), number)

    def next_dealer(self, game: Game, result: HandResult) -> str:
        """The deal passes left; with five players, past the one who sits out the coming hand."""
        return modern.dealer_after(game.left_of, game.dealers[-1], self._sitter(game, game.hands_played + 1))

    # -- guidance --------------------------------------------------------------

    def how_to(self, options: Mapping[str, Any]) -> guide.GuideLine:
        if is_modern(options):
            return guide.how_to(Note("canasta.how_to_modern"))
        return guide.how_to(Note("canasta.how_to"), PICK)

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        needs = modern.modern_minimum_meld if is_modern(game.options) else minimum_meld
        needed = {side: needs(int(game.totals[side])) for side in game.columns}
        return {**super().next_extras(game, number), "minimum_meld": needed,
                "sits_out": self._sitter(game, number)}

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        extras = super().hand_extras(game, result)
        sitting = self._sitter(game, game.hands_played)
        return {**extras, "sits_out": sitting} if sitting else extras

    def next_line(self, game: Game, nxt: Mapping[str, Any]) -> guide.GuideLine:
        """``Hand 2 · Bob deals 11 cards · 2 decks + 4 jokers · Ann & Cara need 90 to open, Bob & Dan 50``."""
        needed: Mapping[str, int] = nxt["minimum_meld"]
        if len(set(needed.values())) == 1:
            to_open = Note("canasta.everyone_needs", points=next(iter(needed.values())))
        else:
            (side, points), *others = needed.items()
            plural = len((game.sides or {}).get(side, ())) > 1
            to_open = Note("canasta.side_need" if plural else "canasta.side_needs", side=side, points=points,
                           others=dict(others))
        return guide.next_deal(*super().next_line(game, nxt).parts, to_open)

    def next_words(self, game: Game, number: int) -> list[Note]:
        sitting = self._sitter(game, number)
        if sitting:
            return [Note("canasta.next_sits_out", player=sitting)]
        return [Note("canasta.draw_two")] if len(game.players) == 2 else []

    def preview(self, cards: Sequence[Card], options: Mapping[str, Any],
                entry: Mapping[str, Any] | None = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        for card in cards:
            if is_modern(options) and card.rank == 3 and not card.is_joker:
                return {"error": modern.three_in_hand(str(card))}
            if is_red_three(card):
                return {"error": Note("canasta.refuse.red_three_in_hand", card=str(card))}
        return {"value": sum(card_value(card) for card in cards)}

    # -- reading -----------------------------------------------------------------

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        given = super().read_input(hand, player, raw)
        if is_modern(hand.options):
            return modern.read_held(hand, player, raw, given)
        for key in ("sevens", "aces"):
            if key in raw:
                raise hand.invalid(Note("phase10.refuse.not_an_input", key=repr(key), inputs=["count", "cards"]),
                                   player, field=key)
        for card in given.cards or ():
            if is_red_three(card):
                raise hand.invalid(Note("canasta.refuse.red_three_in_hand", card=str(card)), player, field="cards",
                                   code="red_three_in_hand")
        return given

    def check_required(self, hand: Hand) -> None:
        sitting = modern.sitter(hand.sides, len(hand.seats), hand.number)
        special = hand.entry.get("special")
        partner = ({p for side in hand.sides.values() if hand.out in side for p in side} if special else set())
        needed = hand.players if hand.out is None else hand.others
        for player in needed:  # with the stock run out, everyone's cards count
            if player not in hand.inputs and player != sitting and player not in partner:
                raise hand.missing(player)
        out = hand.out
        if out is not None and out in hand.inputs and not hand.inputs[out].is_empty:
            raise hand.invalid(Note("phase10.refuse.out_holds_cards", out=out), out)

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        if isinstance(entry, Mapping):
            self._check_style(entry, game, number)
            self._check_sitter(entry, game, number)
        hand = super().read(game, number, entry, dealer)
        pack = Pack(*self.pack(len(hand.seats), hand.options))
        for side, given in hand.side_inputs.items():
            self._check_side(hand, side, given)
        self._check_table(hand, pack)
        return hand

    def _check_style(self, entry: Mapping[str, Any], game: Game, number: int) -> None:
        """Modern takes no ``concealed``; Classic no ``special``."""
        off = "concealed" if is_modern(game.options) else "special"
        if entry.get(off) not in (None, False):
            raise InvalidEntry(Note("canasta.refuse.not_in_style", field=off, game=self.title(game.options)),
                               hand=number, field=off, code="bad_field")

    def _check_sitter(self, entry: Mapping[str, Any], game: Game, number: int) -> None:
        """Five players: the hand's sitter is the one the rules seat out, gives no input and is not out."""
        sitting = self._sitter(game, number)
        named = entry.get("sits_out")
        if sitting is None:
            if named is not None:
                raise InvalidEntry(Note("canasta.refuse.sits_out_of_five"), hand=number, field="sits_out",
                                   code="bad_field")
            return
        if named is not None and named != sitting:
            raise InvalidEntry(Note("canasta.refuse.sitter_is", player=sitting, hand=number, named=str(named)),
                               hand=number, player=sitting, field="sits_out", code="sits_out", named=True)
        hands = entry.get("hands")
        if entry.get("out") == sitting or (isinstance(hands, Mapping) and sitting in hands):
            raise InvalidEntry(Note("canasta.refuse.sitter_in_hand", player=sitting), hand=number, player=sitting,
                               code="sits_out")

    def _check_side(self, hand: Hand, side: str, given: Mapping[str, Any]) -> None:
        if is_modern(hand.options):
            natural, mixed, made = given["natural"], given["mixed"], modern.canastas(given)
            least = modern.least_melded(given)
            special = hand.entry.get("special")
        else:
            natural, mixed = given["natural"], given["mixed"]
            made, least, special = natural + mixed, least_melded(natural, mixed), None
        if hand.out is not None and hand.out in hand.sides[side] and not special:
            needed = hand.options["canastas_to_go_out"]
            if made < needed:
                raise hand.invalid(Note("canasta.refuse.too_few_canastas", made=made, needed=needed), side,
                                   field="natural", code="too_few_canastas")
        melded = given["meld_points"]
        if melded < least:
            raise hand.invalid(_meld_below(melded, least, natural, mixed, made),
                               side, field="meld_points", code="meld_points_too_low")

    def _check_table(self, hand: Hand, pack: Pack) -> None:
        """What the whole table entered fits in the pack; blamed is the side (or player) that went over."""
        limits: tuple[tuple[str, int, str, str], ...] = (
            ("natural", MOST_NATURALS, "canasta.refuse.too_many_natural", "more_than_the_pack"),
            ("mixed", pack.wild, "canasta.refuse.too_many_mixed", "more_than_the_pack"),
        )
        if is_modern(hand.options):
            limits = (*limits, *MODERN_LIMITS)
        else:
            limits = (("red_threes", pack.red_threes, "canasta.refuse.too_many_red_threes", "more_than_the_pack"),
                      *limits)
        for key, most, refusal, code in limits:
            entered = 0
            for side, given in hand.side_inputs.items():
                entered += len(given[key]) if key == "wild" else given[key]
                if entered > most:
                    values = {"count": entered, "decks": pack.decks, "most": most}
                    said = Note(refusal, **{name: values[name] for name in fields(REFUSALS[refusal])})
                    raise _table_invalid(hand, said, side, key, code)
        canastas = 0
        for side, given in hand.side_inputs.items():
            canastas += modern.canastas(given) if is_modern(hand.options) else given["natural"] + given["mixed"]
            if CANASTA_CARDS * canastas > pack.meldable:
                raise _table_invalid(hand, Note("canasta.refuse.canastas_over_pack", count=canastas,
                                                cards=CANASTA_CARDS * canastas, decks=pack.decks, most=pack.meldable),
                                     side, "natural")
        if is_modern(hand.options):
            return  # no bound on what is melded and left: the rule book's own example holds 1220
        worth = 0
        for side, given in hand.side_inputs.items():
            blamed = [(side, "meld_points", given["meld_points"])]
            blamed += [(player, "cards" if hand.inputs[player].cards else "count", value)
                       for player, value in self._left(hand, side).items()]
            for who, field, value in blamed:
                worth += value
                if worth > pack.worth:
                    raise _table_invalid(hand, Note("canasta.refuse.worth_over_pack", worth=worth, decks=pack.decks,
                                                    jokers=pack.jokers, most=pack.worth), who, field)

    def _left(self, hand: Hand, side: str) -> dict[str, int]:
        """What each of the side's players has left in hand (the one who went out nothing)."""
        return {player: cards_left(hand.inputs[player]) for player in hand.sides[side] if player in hand.inputs}

    # -- scoring -------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        out = hand.out
        concealed = bool(hand.entry.get("concealed"))
        special = hand.entry.get("special")
        decks = self.decks(len(hand.seats))
        scores: dict[str, Score] = {}
        details: dict[str, dict[str, Any]] = {}
        notes: list[str] = []
        moments: dict[str, list[str]] = {}
        sitting = modern.sitter(hand.sides, len(hand.seats), hand.number)
        if sitting:
            notes.append(Note("canasta.sits_out", player=sitting))
        if out is None:
            notes.append(Note("canasta.stock_ran_out"))
        elif special:
            notes.append(Note("canasta.special", player=out, hand=modern.SPECIAL_WORDS[special],
                              points=modern.SPECIAL_HANDS[special]))
            moments[out] = [WENT_OUT.key, SPECIAL_HAND.key]
        else:
            bonus = CONCEALED_OUT if concealed else GOING_OUT
            key = "canasta.concealed" if concealed else "canasta.went_out"
            notes.append(Note(key, player=out, bonus=bonus))
            moments[out] = [WENT_OUT.key, CONCEALED.key] if concealed else [WENT_OUT.key]
        for side, given in hand.side_inputs.items():
            if is_modern(hand.options):
                detail = modern.side_score(hand, side, given, self._left(hand, side))
                parts = modern.side_parts(detail)
                side_moments = [MELDED_NOTHING.key] if given["meld_points"] == 0 and not detail["special"] else []
            else:
                detail = self._side_score(hand, side, given, decks, concealed)
                parts = _side_parts(detail)
                side_moments = [moment.key for moment, had in (
                    (ALL_RED_THREES, given["red_threes"] in RED_THREE_BONUS.get(decks, {})),
                    (MELDED_NOTHING, given["meld_points"] == 0)) if had]
            scores[side] = detail["value"]
            details[side] = detail
            notes.append(Note("canasta.side", side=side, score=detail["value"], parts=parts))
            for player in hand.sides[side] if side_moments else ():
                if player != sitting:
                    moments.setdefault(player, []).extend(side_moments)
        best = max(scores.values())
        leaders = [side for side, score in scores.items() if score == best]
        kind = "stock" if out is None else "special" if special else "concealed" if concealed else "out"
        return HandResult(scores, notes, details, winner=leaders[0] if len(leaders) == 1 else None,
                          kind=kind, moments=moments)

    def _side_score(self, hand: Hand, side: str, given: Mapping[str, int], decks: int,
                    concealed: bool) -> dict[str, Any]:
        """A side's score and its parts, the row's details of the side."""
        melded, natural, mixed, reds = (given["meld_points"], given["natural"], given["mixed"],
                                        given["red_threes"])
        threes = red_three_points(reds, decks)
        if melded == 0:
            threes = -threes
        went_out = hand.out is not None and hand.out in hand.sides[side]
        going_out = (CONCEALED_OUT if concealed else GOING_OUT) if went_out else 0
        left = self._left(hand, side)
        canastas = NATURAL_BONUS * natural + MIXED_BONUS * mixed
        value = melded + canastas + threes + going_out - sum(left.values())
        return {
            "meld_points": melded, "natural": natural, "mixed": mixed, "red_threes": reds,
            "canasta_bonus": canastas, "red_three_points": threes, "going_out": going_out,
            "concealed": went_out and concealed, "cards_left": left, "left": sum(left.values()), "value": value,
        }


#: the table's bounds of Modern's special canastas and threes: (side field, most, refusal's key, code)
MODERN_LIMITS = (
    ("sevens", 1, "canasta.refuse.too_many_sevens", "too_many_canastas"),
    ("aces", 1, "canasta.refuse.too_many_aces", "too_many_canastas"),
    ("wild", 1, "canasta.refuse.too_many_wild", "too_many_canastas"),
    ("threes", modern.MOST_THREES, "canasta.refuse.too_many_threes", "more_than_the_pack"),
)


def _meld_below(melded: int, least: int, natural: int, mixed: int, made: int) -> Note:
    """The refusal of meld points below what the side's canastas hold: ``... that 1 natural and 1 mixed
    canasta hold``, ``... that 2 natural canastas hold``, ``... that its 3 canastas hold`` (Modern's others)."""
    if made != natural + mixed:
        return Note("canasta.refuse.meld_below_canastas", melded=melded, least=least, made=made)
    if natural and mixed:
        return Note("canasta.refuse.meld_below_natural_and_mixed", melded=melded, least=least, natural=natural,
                    mixed=mixed)
    if natural:
        return Note("canasta.refuse.meld_below_natural", melded=melded, least=least, natural=natural)
    return Note("canasta.refuse.meld_below_mixed", melded=melded, least=least, mixed=mixed)


def _table_invalid(hand: Hand, message: Note, side: str, field: str,
                   code: str = "more_than_the_pack") -> InvalidEntry:
    """A bound of the whole table: the message is the table's (``hand 2: 5 red threes entered...``);
    ``.player`` is the side whose count went over, for a form to show it there."""
    return InvalidEntry(message, hand=hand.number, player=side, field=field, code=code, named=True)


def _side_parts(detail: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A classic side's line: ``melded 270, 1 natural canasta 500, ..., cards left -15 (Cara 15)``."""
    parts: list[dict[str, Any]] = [{"part": "melded", "points": detail["meld_points"]}]
    for kind, bonus in (("natural", NATURAL_BONUS), ("mixed", MIXED_BONUS)):
        if detail[kind]:
            parts.append({"part": kind, "count": detail[kind], "points": bonus * detail[kind]})
    if detail["red_threes"]:
        kind = "red_threes" if detail["red_three_points"] > 0 else "red_threes_against"
        parts.append({"part": kind, "count": detail["red_threes"], "points": detail["red_three_points"]})
    if detail["going_out"]:
        parts.append({"part": "concealed" if detail["concealed"] else "going_out", "points": detail["going_out"]})
    if detail["left"]:
        parts.append({"part": "cards_left", "points": -detail["left"], "players": dict(detail["cards_left"])})
    return parts
