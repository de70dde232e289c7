"""Sai Rummy scoring: the queen of spades is worth 40."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..cards import Card
from ..options import target
from ..declare import RUMMY, Choice, Note
from ..notes import sentences
from .base import (
    PICK, Game, Hand, HandResult, Variant, hand_value, rummy_moment, standard_deal, winner_deals,
    zero_scores,
)

GOING_OUT_BONUS = 25

#: every note of Sai Rummy: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``hands``: each other player's hand)
NOTES: Mapping[str, str] = sentences({
    "sai.how_to": "Tap who went out; for everyone else, every card left counts (Q\N{BLACK SPADE SUIT} 40, A 15, "
                  "K Q J 10 10, 2-9 5).",
    "sai.nobody_out": "Nobody went out: no score, the deal passes.",
    "sai.collects": "{player} went out and collects {hands:plus} = {total}.",
    "sai.rummy_doubled": "Rummy (out in one turn): doubled to {total}.",
    "sai.going_out_bonus": "{bonus} for going out: {total}.",
    "sai.others_lose": "Each other player loses their own hand: {hands:minus}.",
})


def card_value(card: Card) -> int:
    """Q♠ 40, ace 15, K Q J 10 worth 10, 2-9 worth 5."""
    if card.rank == 12 and card.suit == "S":
        return 40
    if card.rank == 1:
        return 15
    return 10 if card.rank >= 10 else 5


class Sai(Variant):
    """Sai Rummy scoring (seed 003).

    2-6 players from one deck, dealt as Basic Rummy (10, 7 or 6 cards).  Card
    values: the queen of spades 40, aces 15, K Q J 10 worth 10, 2-9 worth 5.
    Enter who went out and, for every other player, the cards left in hand
    (or their count).  Whoever went out scores the sum of the others' hands
    (doubled when they went out in one turn, ``rummy``) plus 25 for going
    out; every other player loses their own hand's value.  The rummy double
    applies only to what the winner collects, not to the 25 nor to the
    others' losses.  Nobody going out (``out: null``) scores nothing.

    The game ends after the hand in which a total reaches 500 (``target``);
    highest total wins, a tie goes to whichever of the tied players led
    before that hand, still tied they share.  With two players the winner
    deals next; with more the deal passes left.
    """

    key = "sai"
    name = "Sai Rummy"
    summary = "Basic rummy with 500-style values: the queen of spades is worth 40."
    decisions = ()  # none of its own (the ones several games share: docs/rules-decisions.md)
    min_players, max_players = 2, 6
    options = (target(500),)
    choices = (Choice("rummy", "flag", "Rummy: went out in one turn",
                      "Out in one turn: what the winner collects is doubled.", needs_out=True),)
    moments = (RUMMY,)
    out_may_be_null = True
    previous_leader_breaks_ties = True

    def card_value(self, card: Card, options: Any) -> int:
        return card_value(card)

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return standard_deal(players)

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("sai.how_to"), PICK)

    def score(self, hand: Hand) -> HandResult:
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {
            p: {"value": hand_value(i, hand.values)} for p, i in hand.inputs.items()
        }
        if hand.out is None:
            return HandResult(scores, [Note("sai.nobody_out")], details)
        values = {p: hand_value(hand.inputs[p], hand.values) for p in hand.others}
        collected = sum(values.values())
        notes: list[str] = [Note("sai.collects", player=hand.out, hands=values, total=collected)]
        rummy = bool(hand.entry.get("rummy"))
        if rummy:
            collected *= 2
            notes.append(Note("sai.rummy_doubled", total=collected))
        won = collected + GOING_OUT_BONUS
        notes.append(Note("sai.going_out_bonus", bonus=GOING_OUT_BONUS, total=won))
        scores[hand.out] = won
        for player, value in values.items():
            scores[player] = -value
        notes.append(Note("sai.others_lose", hands=values))
        return HandResult(scores, notes, details, winner=hand.out, kind="rummy" if rummy else "out",
                          moments=rummy_moment(hand.out, "rummy") if rummy else {})

    def next_dealer(self, game: Game, result: HandResult) -> str:
        return winner_deals(game, result)
