"""Boathouse Rummy: only unmatched cards count, and runs turn the corner."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .. import guide
from ..declare import Note
from ..melds import MeldRules
from ..notes import sentences
from ..options import Option, deals, target
from .base import PICK, Game, Hand, HandResult, PlayerInput, Variant, standard_deal, winner_deals, zero_scores
from .base import unmatched as unmatched_count

#: every note of Boathouse Rummy: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``hands``: each other player's number)
NOTES: Mapping[str, str] = sentences({
    "boathouse.how_to_points": "Tap who went out; for everyone else, the points of their unmatched cards (A 11, "
                               "J Q K 10).",
    "boathouse.how_to_cards": "Tap who went out; for everyone else, how many of their cards are unmatched (1 point "
                              "each).",
    "boathouse.nobody_out": "Nobody went out: no score, the deal passes.",
    "boathouse.collects_cards": "{player} went out and collects {hands:plus} = {total} (unmatched cards left "
                                "unmatched).",
    "boathouse.collects_points": "{player} went out and collects {hands:plus} = {total} (points left unmatched).",
})


@lru_cache(maxsize=2)
def meld_rules(method: str) -> MeldRules:
    if method == "cards":
        return MeldRules(rank_values=(1,) * 13, around_corner=True)
    return MeldRules(rank_values=(11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), around_corner=True)


class Boathouse(Variant):
    """Boathouse Rummy (seed 000).

    2-6 players from one deck, dealt as Basic Rummy (10, 7 or 6 cards).  Runs
    go around the corner: K-A-2 is a run.  Enter who went out and, for every
    other player, the cards left in hand (or their count).  Only unmatched
    cards count, after the best arrangement of the rest into melds for that
    player: one point a card (``method: cards``, the default) or their points
    (``method: points``: ace 11, J Q K 10, others their pips).  Whoever went
    out scores the sum.  Nobody going out (``out: null``) scores nothing.

    The game ends after the hand in which a total reaches 100 (``target``),
    or after ``deals`` hands.  Highest total wins; a tie goes to whichever of
    the tied players led before that last hand, still tied they share.  With
    two players the winner deals next; with more the deal passes left.
    """

    key = "boathouse"
    name = "Boathouse Rummy"
    summary = "Runs turn the corner and only unmatched cards count, by card or by points."
    decisions = ()  # none of its own (the ones several games share: docs/rules-decisions.md)
    min_players, max_players = 2, 6
    options = (
        Option("method", "choice", "cards",
               "Count 1 point for each unmatched card, or the cards' values (ace 11, J Q K 10).",
               choices=("cards", "points"),
               labels=("1 point a card", "The cards' values")),
        target(100),
        deals(),
    )
    out_may_be_null = True
    previous_leader_breaks_ties = True

    def how_to(self, options: Any) -> guide.GuideLine:
        by_points = options.get("method") == "points"
        return guide.how_to(Note("boathouse.how_to_points" if by_points else "boathouse.how_to_cards"), PICK)

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return standard_deal(players)

    def unmatched(self, player_input: PlayerInput, options: Any) -> tuple[int, dict[str, Any]]:
        return unmatched_count(player_input, meld_rules(options["method"]))

    def preview(self, cards: Any, options: Any, entry: Any = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        value, shown = self.unmatched(PlayerInput(cards=tuple(cards)), options)
        return {"value": value, **shown}

    def score(self, hand: Hand) -> HandResult:
        details: dict[str, dict[str, Any]] = {}
        values: dict[str, int] = {}
        for player, player_input in hand.inputs.items():
            values[player], shown = self.unmatched(player_input, hand.options)
            details[player] = {"value": values[player], **shown}
        scores = zero_scores(hand.players)
        if hand.out is None:
            return HandResult(scores, [Note("boathouse.nobody_out")], details)
        if hand.options["method"] == "cards":
            key = "boathouse.collects_cards"
        else:
            key = "boathouse.collects_points"
        others = {p: values[p] for p in hand.others}
        collected = sum(others.values())
        scores[hand.out] = collected
        note = Note(key, player=hand.out, hands=others, total=collected)
        return HandResult(scores, [note], details, winner=hand.out, kind="out")

    def next_dealer(self, game: Game, result: HandResult) -> str:
        return winner_deals(game, result)
