"""Kalooki (Kaluki, British 40): every card left counts; over 150 you are out, with a buy-in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..cards import Card
from ..declare import ELIMINATED, REENTER, REENTERED, Choice, Moment, Note
from ..notes import sentences
from ..options import Option, eliminate_at, points, reentries
from .base import (
    PICK, Game, Hand, HandResult, Variant, decided, eliminate_over_limit, hand_value, last_player_left, zero_scores,
)

HAND_SIZE = 13
FIRST_MELD = 40

#: every note of Kalooki: its key (see :class:`~.declare.Note`) and its sentence,
#: the values in braces (``values``, ``scores``: each player's); a player put
#: out or coming back adds the notes of :data:`.base.NOTES`
NOTES: Mapping[str, str] = sentences({
    "kalooki.how_to": "Tap who went out; for everyone else, every card left counts (A {ace}, 10 and pictures 10, "
                      "joker {joker}).",
    "kalooki.how_to_kalookie": "A kalookie (all 13 at once) doubles the others.",
    "kalooki.next_first_meld": "first meld {points}",
    "kalooki.out": "{winner} went out and scores 0; every card left counts against the others: {values:list}.",
    "kalooki.kalookie_doubled": "Kalookie ({winner} laid down all 13 at once): every other score doubles: "
                                "{scores:list}.",
    "kalooki.kalookie": "Kalookie ({winner} laid down all 13 at once): no score changes at this table.",
})

KALOOKIE = Moment("kalookies", "Kalookies", "hands won going out with all 13 cards laid down at once (a kalookie)")


class Kalooki(Variant):
    """Kalooki, Kaluki or British 40 (seed 001; pagat's British game).

    2-6 players (pagat says 2-5; six are accepted), 13 cards each from two
    decks and two jokers (``jokers``: 4, as online).  A player's first meld
    must be worth 40 (guidance only, never checked).  Enter who went out
    and, for every other player still in, the cards left in hand (or their
    count).

    Whoever went out scores 0.  Every other player scores every card left in
    hand, matched or not (a pair of kings still in hand counts 20): ace 11
    (``ace``: 1 at some tables), K Q J 10 10, 2-9 their pips, joker 15
    (``joker_value``; Kalooki 40 sites play 25, Jamaican tables 50).  A
    ``kalookie`` (all 13 laid down in one turn) is noted; pagat pays it in
    stakes, not points, so it changes no score unless ``kalookie_double``
    doubles every other player's score.  An entry holds at most the pack's
    jokers and any number of cards.

    Over 150 you are out (``eliminate_at`` 151) from the next hand: no input
    from you, skipped when dealing.  The last player left wins.  The rule
    book's "if the last ones cross together, the lowest total among them
    wins (ties share)" is kept but never needed here: whoever went out scores
    0, so stays in, and is the last left when the others cross together.
    Ended by agreement, the lowest total still in wins (ties share).

    Buy-in: a player who is out may come back ``reentries`` times (1):
    ``"reenter": ["Cara"]`` on the entry of the hand they come back for.
    They come back at the highest total among the players still in and play
    that hand (their input is required).  Only while two or more players are
    in: with one left the game is over.

    The deal passes left, skipping players out.  The next dealer is fixed
    when a hand ends, so a player coming back deals from their next turn.
    """

    key = "kalooki"
    name = "Kalooki"
    summary = "First meld 40 and every card left counts; over 150 you are out, with a buy-in back."
    decisions = decided("""
        - **pagat's British game**: joker 15, two jokers in the pack, out over 150
          (`eliminate_at` 151); the Kalooki 40 sites' 25 and four jokers, and a
          Jamaican 50, are options (`joker_value`, `jokers`). Six players are
          accepted (pagat says 2 to 5).
        - **A kalookie changes no score** unless `kalookie_double`: pagat pays it
          in stakes, so by default it is only noted (in the notes, the row's `kind`
          and the `kalookies` moment). With the option it doubles every other
          player's score; the one who went out still scores 0.
        - **Every card left counts**, matched or not (the worked example's kings):
          no melds are worked out. `ace: 1` makes every ace 1, there being no meld
          to tell a low ace from a high one.
        - **The buy-in** is the engine's re-entry, once each by default; the
          first meld of 40 is guidance on the next-deal line, never checked.
          Crossing together works out as in Scala 40: whoever went out scores 0 and
          is the last left.
    """)
    min_players, max_players = 2, 6
    #: two decks, and 2 or 4 jokers (the ``jokers`` option)
    max_decks, max_jokers = 2, 4
    options = (
        Option("jokers", "int", 2, "Printed jokers in the pack: 2 or 4.", allowed=(2, 4)),
        Option("ace", "int", 11, "What an ace left in hand counts: 11 or 1.", allowed=(11, 1)),
        points("joker_value", 15, "What a joker left in hand counts."),
        Option("kalookie_double", "bool", False,
               "A kalookie (all 13 laid down at once) doubles the others' scores."),
        eliminate_at(151, "A player whose total reaches this is out of the game (151: over 150)."),
        reentries(1),
    )
    choices = (
        Choice("kalookie", "flag", "Kalookie: all 13 at once",
               "Went out laying down all 13 cards in one turn.", needs_out=True),
        REENTER,
    )
    moments = (KALOOKIE, REENTERED, ELIMINATED)
    lowest_wins = True

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return HAND_SIZE

    def decks(self, players: int) -> int:
        return 2

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["jokers"])

    def card_value(self, card: Card, options: Any) -> int:
        if card.is_joker:
            return int(options["joker_value"])
        if card.rank == 1:
            return int(options["ace"])
        return min(card.rank, 10)

    def how_to(self, options: Any) -> guide.GuideLine:
        double = [Note("kalooki.how_to_kalookie")] if options.get("kalookie_double") else []
        return guide.how_to(Note("kalooki.how_to", ace=options.get("ace", 11), joker=options.get("joker_value", 15)),
                            PICK, *double)

    def next_words(self, game: Game, number: int) -> list[Note]:
        return [Note("kalooki.next_first_meld", points=FIRST_MELD)]

    def score(self, hand: Hand) -> HandResult:
        winner = hand.out
        assert winner is not None
        options = hand.options
        kalookie = bool(hand.entry.get("kalookie"))
        doubled = kalookie and options["kalookie_double"]
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {winner: {"value": 0}}
        for player in hand.others:
            value = hand_value(hand.inputs[player], hand.values)
            details[player] = {"value": value}
            scores[player] = 2 * value if doubled else value
        values = {p: details[p]["value"] for p in hand.others}
        notes: list[str] = [Note("kalooki.out", winner=winner, values=values)]
        if doubled:
            notes.append(Note("kalooki.kalookie_doubled", winner=winner, scores={p: scores[p] for p in hand.others}))
        elif kalookie:
            notes.append(Note("kalooki.kalookie", winner=winner))
        return HandResult(scores, notes, details, winner=winner, kind="kalookie" if kalookie else "out",
                          moments={winner: [KALOOKIE.key]} if kalookie else {})

    def eliminate(self, game: Game, number: int) -> None:
        eliminate_over_limit(game, number, game.options["eliminate_at"])

    def is_over(self, game: Game) -> bool:
        return last_player_left(game, game.options["eliminate_at"])
