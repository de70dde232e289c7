"""Contract (Liverpool) Rummy: seven deals, each with its contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..cards import Card
from ..declare import Note
from ..extras import Extra
from ..notes import sentences
from ..options import Option
from .base import PICK, Game, Hand, HandResult, Variant, hand_value, zero_scores

CONTRACTS = (
    "two groups",
    "one group and one sequence",
    "two sequences",
    "three groups",
    "two groups and a sequence",
    "one group and two sequences",
    "three sequences",
)

#: the next deal's words for each deal, a sentence each: a contract is words, not a value
NEXT_CONTRACT = {f"contract.next_{deal}": f"Contract: {words}" for deal, words in enumerate(CONTRACTS, 1)}

#: every note of Contract Rummy: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``contract``: the English words of
#: :data:`CONTRACTS` for the deal; ``hands``: each other player's count)
NOTES: Mapping[str, str] = sentences({
    "contract.how_to": "Tap who went out; for everyone else, every card left counts (A and joker 15, J Q K 10).",
    "contract.how_to_deuces": "Tap who went out; for everyone else, every card left counts (A and joker 15, "
                              "deuces 15, J Q K 10).",
    "contract.goal": "Seven deals; lowest total wins",
    "contract.deal": "Deal {deal} of {deals}, contract: {contract}.",
    "contract.out": "{player} went out and scores 0; cards left count against the others: {hands:list}.",
    **NEXT_CONTRACT,
})


class Contract(Variant):
    """Contract Rummy, also called Liverpool Rummy (seed 000).

    3-8 players; two decks and one joker for 3-4 players, three decks and two
    jokers for 5 or more.  Exactly seven deals, each with its contract:
    1 two groups; 2 one group and one sequence; 3 two sequences; 4 three
    groups; 5 two groups and a sequence; 6 one group and two sequences;
    7 three sequences.  10 cards each, 12 in the seventh deal.

    Enter who went out and, for every other player, the cards left in hand
    (or their count).  Whoever went out scores 0; every other player scores
    every card left in hand, melded or not: ace 15, joker 15, J Q K 10,
    others their pips.  With ``deuces_wild`` deuces are wild too and count 15.

    After the seventh deal the game is over; the lowest total wins and tied
    players share the win.  The deal passes left.
    """

    key = "contract"
    name = "Contract Rummy (Liverpool)"
    summary = "Seven deals with a harder contract each time; lowest total after deal seven wins."
    decisions = ()  # none of its own (the ones several games share: docs/rules-decisions.md)
    min_players, max_players = 3, 8
    #: the next deal's contract; the API gives ``next.contract`` (null) for every game
    extras = (Extra("contract", "Contract", everywhere=True),)
    options = (
        Option("deuces_wild", "bool", False, "Deuces are wild as well as jokers, and count 15 left in hand."),
    )
    lowest_wins = True

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 12 if hand_number == 7 else 10

    def decks(self, players: int) -> int:
        return 2 if players <= 4 else 3

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        return 1 if players <= 4 else 2

    def card_value(self, card: Card, options: Any) -> int:
        if card.is_joker or card.rank == 1:
            return 15
        if card.rank == 2 and options["deuces_wild"]:
            return 15
        return min(card.rank, 10)

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("contract.how_to_deuces" if options.get("deuces_wild") else "contract.how_to"), PICK)

    def goal(self, options: Any) -> guide.GuideLine:
        return guide.goal(Note("contract.goal"))

    def score(self, hand: Hand) -> HandResult:
        assert hand.out is not None
        contract = CONTRACTS[hand.number - 1]
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {hand.out: {"value": 0}}
        others: dict[str, int] = {}
        for player in hand.others:
            value = others[player] = hand_value(hand.inputs[player], hand.values)
            scores[player] = value
            details[player] = {"value": value}
        deals = len(CONTRACTS)
        notes: list[str] = [
            Note("contract.deal", deal=hand.number, deals=deals, contract=contract),
            Note("contract.out", player=hand.out, hands=others),
        ]
        return HandResult(scores, notes, details, winner=hand.out, kind="out")

    def is_over(self, game: Game) -> bool:
        return game.hands_played >= len(CONTRACTS)

    def next_words(self, game: Game, number: int) -> list[Note]:
        """``Contract: two sequences``: a sentence for each deal, as the contract is words, not a value."""
        return [Note(list(NEXT_CONTRACT)[number - 1])]

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {"contract": CONTRACTS[number - 1]}  # the next line says ``Contract: two sequences``
