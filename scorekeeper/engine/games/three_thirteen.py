"""Three Thirteen: eleven deals of 3 to 13 cards, each with its own wild rank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .. import form_notes  # noqa: F401  (the sentence for a hand no deal holds)
from .. import guide
from ..cards import Card, find_excess_copies, rank_name
from ..declare import Note
from ..errors import InvalidEntry
from ..extras import Extra
from ..melds import MeldRules, arrange
from ..notes import Words, sentences
from ..options import Option, points
from .base import PICK, Game, Hand, HandResult, Variant, decided, meld_detail, unmatched, zero_scores

DEALS = 11

#: the wild ranks in the players' words: "sixes wild"
RANK_WORDS = {3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
              10: "tens", 11: "jacks", 12: "queens", 13: "kings"}
#: the key of the next deal's words for each wild rank (``sixes wild``), a sentence each
NEXT_WILD = {rank: f"three_thirteen.next_wild_{rank}" for rank in RANK_WORDS}
#: the how-to's first sentence, by whether pictures count 11 12 13 and whether jokers are played
HOW_TO = {(False, False): "three_thirteen.how_to", (False, True): "three_thirteen.how_to_jokers",
          (True, False): "three_thirteen.how_to_faces", (True, True): "three_thirteen.how_to_faces_jokers"}

#: every note of Three Thirteen: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``wild``: the wild rank in words, as in
#: :data:`RANK_WORDS`; ``charged``: each other player's count, or, given as
#: cards, ``{"points", "unmatched"}`` with the cards left unmatched)
NOTES: Mapping[str, str] = sentences({
    "three_thirteen.how_to": "Tap who went out; for everyone else, the value of the cards they cannot meld with "
                             "this deal's wild rank (A 1, J Q K 10, an unmatched wild card its own value).",
    "three_thirteen.how_to_jokers": "Tap who went out; for everyone else, the value of the cards they cannot meld "
                                    "with this deal's wild rank (A 1, J Q K 10, an unmatched wild card its own "
                                    "value, a joker {joker}).",
    "three_thirteen.how_to_faces": "Tap who went out; for everyone else, the value of the cards they cannot meld "
                                   "with this deal's wild rank (A 1, J Q K 11 12 13, an unmatched wild card its own "
                                   "value).",
    "three_thirteen.how_to_faces_jokers": "Tap who went out; for everyone else, the value of the cards they cannot "
                                          "meld with this deal's wild rank (A 1, J Q K 11 12 13, an unmatched wild "
                                          "card its own value, a joker {joker}).",
    "three_thirteen.goal": "Eleven deals, 3 to 13 cards; lowest total wins",
    **{NEXT_WILD[rank]: f"{words} wild" for rank, words in RANK_WORDS.items()},
    "three_thirteen.deal": "Deal {deal} of 11: {cards} cards each, {wild} wild.",
    "three_thirteen.out": "{out} went out and scores 0; what the others could not meld counts against them: "
                          "{charged:counts}.",
}, counts=Words({"": "{player} {points}"}, after={"unmatched": " ({unmatched} unmatched)"}))

#: what Three Thirteen's options refuse: each key with its sentence (apart from :data:`NOTES`, the notes a
#: replayed hand writes): too many jokers for the decks, or too few cards for the last deal
REFUSALS: Mapping[str, str] = sentences({
    "three_thirteen.refuse.too_many_jokers": "jokers {jokers} is too many for {decks:# deck|# decks}: at most "
                                             "{per_deck} a deck, {most} in all",
    "three_thirteen.refuse.too_few_cards": "{decks:# deck|# decks} and {jokers:# joker|# jokers} make {cards} "
                                           "cards, too few to deal {dealt} each to {players} players and leave a "
                                           "stock (more than {needed} needed)",
    "three_thirteen.refuse.too_few_cards_no_jokers": "{decks:# deck|# decks} and no jokers make {cards} cards, too "
                                                     "few to deal {dealt} each to {players} players and leave a "
                                                     "stock (more than {needed} needed)",
})
#: the biggest deal, the eleventh: 13 cards
MOST_DEALT = DEALS + 2
#: an unmatched card's value by rank (ace first), for the ``faces`` option
FACE_VALUES = {
    "10": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
    "11-12-13": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
}
JOKERS_A_DECK = 2


def wild_rank(number: int) -> int:
    """Deal k's wild rank is k + 2: threes in deal 1 ... kings in deal 11."""
    return min(number, DEALS) + 2


@lru_cache(maxsize=64)
def meld_rules(wild: int, faces: str, min_naturals: int, joker_value: int) -> MeldRules:
    """One deal's melds: runs of 3+ in suit (ace low), groups of 3+ of a rank in any suits
    with repeats, ``min_naturals`` natural cards a meld; an unmatched wild card counts its own value."""
    return MeldRules(rank_values=FACE_VALUES[faces], wild_rank=wild, joker_value=joker_value,
                     min_natural=min_naturals, max_group=None, group_repeats=True)


class ThreeThirteen(Variant):
    """Three Thirteen (seed 001).

    2-8 players.  The pack is 1 deck for 2 players, 2 for 3-7, 3 for 8
    (option ``decks``, 1 to 3, accepted only when decks x 52 + jokers is more
    than players x 13, so the last deal leaves a stock), plus ``jokers``
    printed jokers (default 0, at most 2 a deck), wild in every deal.  A
    hand entry holds at most ``jokers`` jokers and each card at most
    ``decks`` times.

    Exactly 11 deals: deal k gives k + 2 cards each and its rank k + 2 is
    wild (threes in deal 1 ... tens in deal 8, jacks, queens and kings in
    deals 9 to 11).  Enter who went out and, for every other player, the
    cards in hand (exactly the deal's number) or their count.

    A player's value is the cards they cannot meld, found exactly with the
    deal's wild rank: a run is 3 or more cards of one suit in a row, ace low
    only (A-2-3, never Q-K-A or K-A-2); a group is 3 or more cards of one
    rank in any suits, repeats allowed (7H 7H 7S), with no maximum.  Wild
    cards (the deal's rank and jokers) stand in for any card of a meld, and
    a meld may be all wild (``min_naturals`` 0, the default; 1 or 2 asks
    that many natural cards of each meld, a wild card in its own place
    counting as natural).  Unmatched: A 1, 2-10 their pips, J Q K 10
    (``faces`` "11-12-13": 11, 12, 13), a wild card its own value, a joker
    20 (``joker_value``).  Deal 3, fives wild: 5S 7H 8H KC KD melds KC KD
    5S and leaves 7H 8H: 15.

    Whoever went out scores 0 (and gives no cards); every other player
    scores their value.  Nobody going out is not a hand.  After the 11th
    deal the lowest total wins; tied players share the win.  The deal passes
    left.
    """

    key = "three-thirteen"
    name = "Three Thirteen"
    summary = "Eleven deals from 3 to 13 cards, a new wild rank each deal; lowest total wins."
    decisions = decided("""
        - **The pack**: `decks` left out (or `null`) means 1 deck for 2 players, 2
          for 3-7, 3 for 8, and the sheet's `options` show the number in play. A
          `decks` or `jokers` choice is refused when the pack holds no more than the
          last deal's 13 cards each (4 players on 1 deck, 8 on 2 without a joker),
          and `jokers` above 2 a deck is refused naming the limit.
        - **A cards input is exactly the deal's number of cards**, refused with
          `deal 4 of Three Thirteen has 6 cards each, got 5` (code
          `wrong_hand_size`) otherwise; a count is always trusted. The player who
          went out gives nothing (or an empty input).
        - **Melds**: runs ace low only; groups of any size and any suits, copies
          allowed (7H 7H 7S). With `min_naturals` 1 or 2, a wild card in its own
          place (the 4H of 3H 4H 5H with fours wild, the kings of a group of kings
          in deal 11) counts as natural. With the default 0, three or more wild
          cards meld on their own.
        - **An unmatched wild card counts its own value** (a 5 is 5 in deal 3, a king
          10, or 13 with `faces: "11-12-13"`); a joker `joker_value` (20).
        - **The hand's notes** name the deal and its wild rank, and what each other
          player could not meld; `next` adds `wild` (the rank as a card writes it,
          `"5"`, `"J"`) and the guide line ends with the rank in words, "sixes wild".
        - **A preview** counts with the wild rank of the deal it is asked for
          (`number`); more than 13 cards, or cards the pack cannot hold, are
          answered with the reason instead of a value.
        - **Ended by agreement** before deal 11: the lowest total wins, ties share.
    """)
    min_players, max_players = 2, 8
    max_decks, max_jokers = 3, 3 * JOKERS_A_DECK
    #: the next deal's wild rank (:meth:`next_words` words it: ``sixes wild``)
    extras = (Extra("wild", "Wild"),)
    options = (
        Option("decks", "int", None, "Decks in the pack; enough for 13 cards each and a stock.",
               allowed=tuple(range(1, max_decks + 1)), default_text="1 for 2 players, 2 for 3-7, 3 for 8"),
        Option("jokers", "int", 0, "Printed jokers in the pack (at most 2 a deck), wild in every deal.",
               minimum=0, maximum=max_jokers),
        Option("min_naturals", "int", 0,
               "Natural cards each meld needs: 0 lets a meld be all wild, 1 or 2 do not.", minimum=0, maximum=2),
        Option("faces", "choice", "10", "What J, Q and K count unmatched: 10 each, or 11, 12 and 13.",
               choices=tuple(FACE_VALUES), labels=("10 each", "11, 12 and 13")),
        points("joker_value", 20, "What an unmatched joker counts."),
    )
    exact_deal = True
    lowest_wins = True

    # -- facts ---------------------------------------------------------------

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return wild_rank(hand_number)

    def decks(self, players: int) -> int:
        return 1 if players == 2 else 2 if players <= 7 else 3

    def pack(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        return options["decks"], options["jokers"]

    def most_cards(self, hand_number: int = 1) -> int:
        # Nobody holds more than the last deal's 13 cards.  A cards input is
        # exactly its deal's size, checked first; this is the limit of any
        # deal's card picker (the catalogue's) and of a preview.
        return MOST_DEALT

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if options["decks"] is None:
            options["decks"] = self.decks(players)
        decks, jokers = options["decks"], options["jokers"]
        if jokers > JOKERS_A_DECK * decks:
            raise InvalidEntry(Note("three_thirteen.refuse.too_many_jokers", jokers=jokers, decks=decks,
                                    per_deck=JOKERS_A_DECK, most=JOKERS_A_DECK * decks),
                               where="options", field="jokers", code="bad_option")
        cards, needed = decks * 52 + jokers, players * MOST_DEALT
        if cards <= needed:
            values = {"decks": decks, "cards": cards, "dealt": MOST_DEALT, "players": players, "needed": needed}
            too_few = (Note("three_thirteen.refuse.too_few_cards", jokers=jokers, **values) if jokers
                       else Note("three_thirteen.refuse.too_few_cards_no_jokers", **values))
            raise InvalidEntry(too_few, where="options", field="decks", code="bad_option")
        return options

    def card_value(self, card: Card, options: Any) -> int:
        if card.is_joker:
            return int(options["joker_value"])
        return FACE_VALUES[options["faces"]][card.rank - 1]

    def rules_for(self, number: int, options: Mapping[str, Any]) -> MeldRules:
        """The melds of deal ``number`` under these options."""
        return meld_rules(wild_rank(number), options["faces"], options["min_naturals"], options["joker_value"])

    # -- guidance -------------------------------------------------------------

    def how_to(self, options: Any) -> guide.GuideLine:
        jokers = bool(options.get("jokers"))
        joker = {"joker": options.get("joker_value", 20)} if jokers else {}
        return guide.how_to(Note(HOW_TO[options.get("faces") == "11-12-13", jokers], **joker), PICK)

    def goal(self, options: Any) -> guide.GuideLine:
        return guide.goal(Note("three_thirteen.goal"))

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {**super().next_extras(game, number), "wild": rank_name(wild_rank(number))}

    def next_words(self, game: Game, number: int) -> list[Note]:
        return [Note(NEXT_WILD[wild_rank(number)])]

    def preview(self, cards: Sequence[Card], options: Mapping[str, Any],
                entry: Mapping[str, Any] | None = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        # A hand no deal holds, or the pack cannot (the solver takes at most
        # three copies of a card), is answered with the reason, not searched.
        if len(cards) > MOST_DEALT:
            return {"error": Note("form.too_many_cards", count=len(cards), game=self.name, most=MOST_DEALT)}
        excess = find_excess_copies({"": cards}, decks=options["decks"], jokers=options["jokers"],
                                    game=self.name)
        if excess:
            return {"error": excess[1]}
        best = arrange(cards, self.rules_for(number, options))
        return {"value": best.deadwood, **meld_detail(best)}

    # -- scoring ------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        went_out = hand.out
        assert went_out is not None
        number, wild = hand.number, wild_rank(hand.number)
        dealt = self.cards_each(len(hand.seats), number)
        rules = self.rules_for(number, hand.options)
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {went_out: {"value": 0}}
        charged: dict[str, Any] = {}
        for player in hand.others:
            given = hand.inputs[player]
            value, shown = unmatched(given, rules)
            scores[player] = value
            details[player] = {"value": value, **shown}
            charged[player] = {"points": value, "unmatched": shown["unmatched"]} if shown.get("unmatched") else value
        deal = Note("three_thirteen.deal", deal=number, cards=dealt, wild=RANK_WORDS[wild])
        counted = Note("three_thirteen.out", out=went_out, charged=charged)
        return HandResult(scores, [deal, counted], details, winner=went_out, kind="out")

    def is_over(self, game: Game) -> bool:
        return game.hands_played >= DEALS
