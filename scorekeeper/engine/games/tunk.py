"""Tunk: deuces wild, tunk at five or less, and over 100 you are out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..declare import ELIMINATED, Note, count_or_cards
from ..melds import MeldRules
from ..notes import sentences
from ..options import Option, eliminate_at
from .base import (
    PICK, Game, Hand, HandResult, PlayerInput, Variant, decided, eliminate_over_limit, last_player_left, unmatched,
    zero_scores,
)

TUNK_LIMIT = 5
RULES = MeldRules(wild_rank=2)

#: every note of Tunk: its key (see :class:`~.declare.Note`) and its sentence,
#: the values in braces (``hands``: each other player's count); a player out
#: over the limit adds the notes of :data:`.base.NOTES`
NOTES: Mapping[str, str] = sentences({
    "tunk.how_to": "Tap who tunked; for everyone else, every card left counts (A 1, J Q K 10, others their pips, "
                   "deuces 2).",
    "tunk.how_to_double": "Tap who tunked; for everyone else and the tunker's own count, every card left counts (A 1, "
                          "J Q K 10, others their pips, deuces 2).",
    "tunk.tunked": "{tunker} tunked and scores 0; every card left counts against the others: {hands:list}.",
    "tunk.tunked_charged": "{tunker} tunked; every card left counts against the others: {hands:list}.",
    "tunk.doubled": "{tunker} tunked with {count}, not the lowest ({lowest}): charged double, {charged}.",
})

#: what Tunk refuses: each key with its sentence (apart from :data:`NOTES`, the notes a replayed hand writes)
REFUSALS: Mapping[str, str] = sentences({
    "tunk.refuse.tunker_count": "with tunker_double the tunker's count must be entered for {player}",
    "tunk.refuse.over_limit": "cannot tunk with {count} unmatched (the limit is {limit})",
})


class Tunk(Variant):
    """Tunk (seed 000).

    2-5 players, 7 cards each; one deck for 2-3 players, two for 4-5.  Deuces
    are wild.  A player whose unmatched cards total 5 or less may tunk.
    Enter who tunked and, for every other player still in, the cards left in
    hand (or their count).  The tunker's own cards may be entered too, and
    then their unmatched total must be 5 or less.

    The tunker scores 0; each other player scores every card left in hand,
    melded or not: ace 1, J Q K 10, others their pips (a deuce 2).  With
    ``tunker_double`` the tunker's own count must be entered, and if it is
    not the lowest (a tie counts as lowest) the tunker is charged double it.

    A player whose total reaches ``eliminate_at`` (100) is out of the game
    from the next hand: no input from them, skipped when dealing.  The last
    player left wins.  If the last players all cross together, the lowest
    total among them wins (ties share) and only the others are listed as
    eliminated.  The deal passes left.
    """

    key = "tunk"
    name = "Tunk"
    summary = "Deuces wild; tunk with five or less and stay under 100 to outlast the table."
    decisions = decided("""
        - **Tunk, `tunker_double`**: an empty input `{}` for the tunker is not a count
          (the rule needs the tunker's count entered).
    """)
    min_players, max_players = 2, 5
    options = (
        Option("tunker_double", "bool", False,
               "The tunker's count is entered; if it is not the lowest, the tunker is charged double it."),
        eliminate_at(100),
    )
    fields = count_or_cards("every card left counts; the tunker's own count is the unmatched cards",
                            "the cards left in hand; the app counts them", out="optional")
    moments = (ELIMINATED,)
    lowest_wins = True
    out_verb = "tunked"

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("tunk.how_to_double" if options.get("tunker_double") else "tunk.how_to"), PICK)

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def decks(self, players: int) -> int:
        return 1 if players <= 3 else 2

    def check_required(self, hand: Hand) -> None:
        assert hand.out is not None
        for player in hand.others:
            if player not in hand.inputs:
                raise hand.missing(player)
        tunker_input = hand.inputs.get(hand.out)
        counted = tunker_input is not None and (
            tunker_input.cards is not None or tunker_input.count is not None
        )
        if hand.options["tunker_double"] and not counted:
            raise hand.invalid(Note("tunk.refuse.tunker_count", player=hand.out), hand.out)
        if tunker_input is not None:
            count, _ = self.tunker_count(tunker_input)
            if count > TUNK_LIMIT:
                raise hand.invalid(Note("tunk.refuse.over_limit", count=count, limit=TUNK_LIMIT), hand.out)

    @staticmethod
    def tunker_count(player_input: PlayerInput) -> tuple[int, dict[str, Any]]:
        return unmatched(player_input, RULES)

    @staticmethod
    def all_cards_value(player_input: PlayerInput) -> int:
        if player_input.count is not None:
            return player_input.count
        return sum(min(card.rank, 10) for card in player_input.cards or ())

    def preview(self, cards: Any, options: Any, entry: Any = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        player_input = PlayerInput(cards=tuple(cards))
        if went_out:
            value, shown = self.tunker_count(player_input)
            return {"value": value, **shown}
        return {"value": self.all_cards_value(player_input)}

    def score(self, hand: Hand) -> HandResult:
        tunker = hand.out
        assert tunker is not None
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {}
        others: dict[str, int] = {}
        for player in hand.others:
            value = others[player] = self.all_cards_value(hand.inputs[player])
            scores[player] = value
            details[player] = {"value": value}
        doubled: list[str] = []
        details[tunker] = {"value": 0}
        if tunker in hand.inputs:
            own, shown = self.tunker_count(hand.inputs[tunker])
            details[tunker] = {"value": 0, "unmatched_count": own, **shown}
            lowest_other = min(others.values())
            if hand.options["tunker_double"] and own > lowest_other:
                scores[tunker] = 2 * own
                details[tunker]["value"] = 2 * own
                doubled.append(Note("tunk.doubled", tunker=tunker, count=own, lowest=lowest_other, charged=2 * own))
        # A charged tunker does not score 0, so the first note must not say so.
        first = Note("tunk.tunked_charged" if doubled else "tunk.tunked", tunker=tunker, hands=others)
        notes = [first, *doubled]
        return HandResult(scores, notes, details, winner=tunker, kind="tunk")

    def eliminate(self, game: Game, number: int) -> None:
        eliminate_over_limit(game, number, game.options["eliminate_at"])

    def is_over(self, game: Game) -> bool:
        return last_player_left(game, game.options["eliminate_at"])
