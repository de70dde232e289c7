"""Scala 40: open with 40, close with every card melded; a hand never opened costs 100."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .. import guide
from ..cards import Card
from ..declare import ELIMINATED, REENTER, REENTERED, Choice, Moment, Note, Status
from ..notes import Words, sentences
from ..options import eliminate_at, points, reentries
from .base import (
    PICK, Game, Hand, HandResult, PlayerInput, Variant, decided, eliminate_over_limit, hand_value, last_player_left,
    zero_scores,
)

HAND_SIZE = 13
OPENING = 40
JOKER_VALUE = 25
#: a player's input when they never opened (``opened`` is true when left out)
UNOPENED: Mapping[str, Any] = MappingProxyType({"opened": False})

#: every note of Scala 40: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``values``, ``scores``: each player's; in
#: ``values``, one who never opened is ``{"kind": "never_opened", "points"}``);
#: a player put out or coming back adds the notes of :data:`.base.NOTES`
NOTES: Mapping[str, str] = sentences({
    "scala40.how_to": "Tap who closed; for everyone else, every card left counts (A 11, K Q J 10, joker 25), or "
                      "tap never opened: {not_opened}.",
    "scala40.how_to_in_mano": "In mano (closed in one turn, never having opened) doubles the others.",
    "scala40.next_opening": "opening {points}",
    "scala40.closed": "{closer} closed and scores 0; every card left counts against the others: {values:charged}.",
    "scala40.in_mano": "In mano ({closer} closed in one turn, never having opened): every other score doubles: "
                       "{scores:list}.",
}, charged=Words({"": "{player} {points}", "never_opened": "{player} never opened {points}"}))

#: what Scala 40 refuses: each key with its sentence (apart from :data:`NOTES`, the notes a replayed hand writes)
REFUSALS: Mapping[str, str] = sentences({
    "scala40.refuse.opened_true_or_false": "opened must be true or false",
    "scala40.refuse.unopened_with_cards": "a player who never opened scores {points}; leave cards and count empty",
})

IN_MANO = Moment("in_mano", "In mano", "hands closed in mano: everything laid down in one turn, never having opened")
NEVER_OPENED = Moment("never_opened", "Never opened", "hands that ended before this player had opened")


class Scala40(Variant):
    """Scala 40, Scala Quaranta (seed 001).

    2-6 players, 13 cards each from two decks and four jokers.  A player
    opens by laying down melds worth 40 or more, and closes (goes out) by
    melding every card.  Enter who closed and, for every other player still
    in, the cards left in hand (or their count), or that they never opened
    (``{"opened": false}``; ``opened`` is true when left out).

    The closer scores 0.  Every other player scores every card left in hand,
    melded or not: ace 11, K Q J 10, 2-10 their pips, joker 25.  A player who
    never opened scores a flat 100 (``not_opened``) whatever they hold, so
    their cards and count are left empty (given, the entry is refused).  A
    close ``in_mano`` (everything laid down in one turn, never having opened)
    doubles every other player's score, the flat 100 too.  A joker counts 25
    wherever it is, and a hand holds any number of cards (at most the pack's
    four jokers in one entry).

    A player whose total reaches ``eliminate_at`` (101; 201 at some tables)
    is out of the game from the next hand: no input from them, skipped when
    dealing.  The last player left wins.  The rule book's "if the last ones
    cross together, the lowest total among them wins (ties share)" is kept
    but never needed here: the closer scores 0, so stays in, and is the last
    left when the others cross together.  Ended by agreement, the lowest
    total still in wins (ties share).

    Rientro: with ``reentries`` (0 by default: no published source has it)
    a player who is out may come back, that many times in a game:
    ``"reenter": ["Cara"]`` on the entry of the hand they come back for.
    They come back at the highest total among the players still in and play
    that hand (their input is required).  Only while two or more players are
    in: with one left the game is over.

    The deal passes left, skipping players out.  The next dealer is fixed
    when a hand ends, so a player coming back deals from their next turn.  A
    table that plays counter-clockwise lists its players in playing order.
    """

    key = "scala40"
    name = "Scala 40"
    summary = "Open with 40, close with every card melded; stay under 101 to outlast the table."
    decisions = decided("""
        - **Never opened** is its own input, `{"opened": false}`, worth the flat
          `not_opened` (100) whatever the player holds; cards or a count given with
          it (a count of 0 too) are refused rather than ignored. `opened: true` or
          no `opened` is an ordinary hand of cards or a count.
        - **In mano doubles everything the others score**, the flat 100 too (the
          worked example's 200); the closer still scores 0.
        - **The closer never opened is a contradiction**: `{"opened": false}` for
          the closer is refused like any input for the player who went out.
        - **Jokers count 25 wherever they sit** (every card left counts); an entry
          holds at most the pack's four jokers and any number of cards.
        - **Crossing together**: the closer scores 0 and so is never over the
          limit after a hand; when every other player crosses in the same hand the
          closer is the last left and wins. The rule book's lowest-among-them rule is
          kept (shared with Tunk) but does not arise.
        - **Rientro** is off by default (`reentries` 0), as the rule book says no
          published source has it. The opening of 40 is guidance on the next-deal
          line, never checked.
    """)
    min_players, max_players = 2, 6
    options = (
        points("not_opened", 100, "A player who never opened scores this, whatever they hold."),
        eliminate_at(101),
        reentries(0),
    )
    choices = (
        Choice("in_mano", "flag", "In mano: closed in one turn",
               "Laid down everything in one turn, never having opened: every other score doubles.",
               needs_out=True),
        REENTER,
    )
    statuses = (Status("unopened", "Never opened", UNOPENED, "Never laid down an opening: a flat penalty."),)
    moments = (IN_MANO, NEVER_OPENED, REENTERED, ELIMINATED)
    lowest_wins = True
    out_verb = "closed"

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return HAND_SIZE

    def decks(self, players: int) -> int:
        return 2

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        return 4

    def card_value(self, card: Card, options: Any) -> int:
        if card.is_joker:
            return JOKER_VALUE
        if card.rank == 1:
            return 11
        return min(card.rank, 10)

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("scala40.how_to", not_opened=options.get("not_opened", 100)), PICK,
                            Note("scala40.how_to_in_mano"))

    def next_words(self, game: Game, number: int) -> list[Note]:
        return [Note("scala40.next_opening", points=OPENING)]

    # -- reading -------------------------------------------------------------

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        given = super().read_input(hand, player, raw)
        opened = raw.get("opened", True)
        if not isinstance(opened, bool):
            raise hand.invalid(Note("scala40.refuse.opened_true_or_false"), player, field="opened")
        if opened:
            return given
        if given.cards or given.count is not None:
            raise hand.invalid(
                Note("scala40.refuse.unopened_with_cards", points=hand.options["not_opened"]), player, field="cards" if given.cards else "count", code="unopened_with_cards",
            )
        return PlayerInput(extra=UNOPENED)

    # -- scoring -------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        closer = hand.out
        assert closer is not None
        options = hand.options
        in_mano = bool(hand.entry.get("in_mano"))
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {closer: {"value": 0}}
        moments: dict[str, list[str]] = {closer: [IN_MANO.key]} if in_mano else {}
        values: dict[str, Any] = {}
        for player in hand.others:
            given = hand.inputs[player]
            if given.extra:
                value = options["not_opened"]
                details[player] = {"value": value, "opened": False}
                moments[player] = [NEVER_OPENED.key]
                values[player] = {"kind": "never_opened", "points": value}
            else:
                value = hand_value(given, hand.values)
                details[player] = {"value": value}
                values[player] = value
            scores[player] = 2 * value if in_mano else value
        notes: list[str] = [Note("scala40.closed", closer=closer, values=values)]
        if in_mano:
            notes.append(Note("scala40.in_mano", closer=closer, scores={p: scores[p] for p in hand.others}))
        return HandResult(scores, notes, details, winner=closer, kind="in_mano" if in_mano else "close",
                          moments=moments)

    # -- after a hand ----------------------------------------------------------

    def eliminate(self, game: Game, number: int) -> None:
        eliminate_over_limit(game, number, game.options["eliminate_at"])

    def is_over(self, game: Game) -> bool:
        return last_player_left(game, game.options["eliminate_at"])
