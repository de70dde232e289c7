"""Basic Rummy and Block Rummy: every card left in hand counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..cards import Card
from ..declare import RUMMY, Choice, Ending, Note, note_key
from ..notes import render, sentences
from ..sheet import NoteKey
from ..options import Option, deals, target
from .base import (
    PICK, Game, Hand, HandResult, Variant, decided, hand_value, rummy_moment, split, standard_deal, whole,
    winner_deals, zero_scores,
)

#: every note of Basic and Block Rummy: its key (see :class:`~.declare.Note`)
#: and its sentence, the values in braces (``hands``: each player's number)
NOTES: Mapping[str, str] = sentences({
    "basic.how_to": "Tap who went out; for everyone else, every card left in hand counts (A 1, J Q K 10).",
    "basic.how_to_high_ace": "Tap who went out; for everyone else, every card left in hand counts (A 1, or 15 high, "
                             "J Q K 10).",
    "block.how_to": "Block: the stock ran out; give everyone's hand, the lowest wins the difference.",
    "basic.nobody_out": "Nobody went out: no score, the deal passes.",
    "basic.collects": "{player} went out and collects {hands:plus} = {total}.",
    "basic.rummy_doubled": "Rummy (out in one turn): doubled to {total}.",
    "basic.rummy_plus": "Rummy (out in one turn): {bonus} more, {total}.",
    "basic.rummy_no_bonus": "Rummy (out in one turn): no bonus at this table.",
    "basic.penalty_out": "{player} went out and scores 0; each other player takes their own hand.",
    "basic.penalty_rummy_doubled": "Rummy (out in one turn): every hand counts double.",
    "basic.penalty_rummy_plus": "Rummy (out in one turn): {bonus} more to each other player.",
    "basic.penalty_charged": "{hands:list}.",
    "block.each_own": "Block (the stock ran out): each player takes their own hand: {hands:list}.",
    "block.lowest_wins": "Block (the stock ran out): {player} has the lowest hand ({lowest}) and wins the "
                         "differences {differences:plus} = {pot}.",
    "block.lowest_split": "Block (the stock ran out): {players:names} share the lowest hand ({lowest}) and split "
                          "the differences {differences:plus} = {pot}, {share} each.",
})

#: what a Block refuses: each key with its sentence (apart from :data:`NOTES`, the notes a replayed hand
#: writes); ``block.refuse.counts_every_hand`` is what a missing input's refusal adds (``no input for Cara``)
REFUSALS: Mapping[str, str] = sentences({
    "block.refuse.true_or_false": "block must be true or false",
    "block.refuse.nobody_out": "in a block nobody went out: leave out empty",
    "block.refuse.counts_every_hand": "a block counts every hand",
})

#: what ``rummy_bonus: plus10`` adds
RUMMY_PLUS = 10


class Basic(Variant):
    """Basic Rummy (seeds 000, 001, 004).

    2-6 players from one deck: 10 cards each for two, 7 for three or four, 6
    for five or six.  Enter who went out and, for every other player, the
    cards left in hand (or their count).  A hand is worth the sum of its
    cards, matched or not: ace 1 (15 with ``ace: high_or_low``, where it may
    also sit in Q-K-A), 2-10 their pips, J Q K 10.

    Scoring ``winner`` (default): whoever went out scores the sum of the
    other hands.  ``penalty``: each other player scores their own hand, and
    the lowest total wins.  Going out in one turn without melding or laying
    off before (``rummy``) doubles the hand (``rummy_bonus: double``), or adds
    10 to the winner (to each loser in penalty scoring) with ``plus10``.

    Nobody going out (``out: null``) scores nothing.  A block ends a hand when
    the stock runs out: give every player's hand with ``block: true``; the
    lowest hand wins the difference from each other player (tied lowest
    share it).  In penalty scoring a block charges each player their hand.

    The game ends after the hand in which a total reaches the target (500
    winner, 100 penalty), or after ``deals`` hands.  Highest total wins
    (lowest in penalty scoring); a tie goes to whichever of the tied players
    led before that last hand, and still tied they share.  With two players
    the winner of a hand deals the next (alternating after a stalemate or a
    tied block); with more the deal passes left.
    """

    key = "basic"
    name = "Basic Rummy"
    summary = "Go out first and collect the cards left in everyone else's hand."
    decisions = decided("""
        - **Basic, `ace: high_or_low`.** Basic computes no melds, so the option only
          makes every ace count 15.
    """)
    min_players, max_players = 2, 6
    options = (
        Option("scoring", "choice", "winner",
               "Who goes out scores the others' cards, or each player scores their own and the lowest wins.",
               choices=("winner", "penalty"),
               labels=("Who goes out scores the others' cards", "Each scores their own cards (penalty)")),
        Option("rummy_bonus", "choice", "double",
               "Going out in one turn (rummy): double the hand, add 10, or nothing.",
               choices=("double", "plus10", "none"),
               labels=("Double the hand", "Add 10", "No bonus")),
        target(None, default_text="500 (winner scoring), 100 (penalty scoring)"),
        deals(),
        Option("ace", "choice", "low",
               "An ace counts 1 and sits below the 2, or may sit in Q-K-A too and counts 15.",
               choices=("low", "high_or_low"),
               labels=("Low: counts 1", "High or low: counts 15")),
    )
    endings = (Ending("block", "Block", "The stock ran out: give everyone's hand; the lowest wins the difference.",
                      {"block": True}),)
    choices = (Choice("rummy", "flag", "Rummy: went out in one turn",
                      "Out in one turn, without melding or laying off before.", needs_out=True),)
    moments = (RUMMY,)
    out_may_be_null = True
    previous_leader_breaks_ties = True

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return standard_deal(players)

    def how_to(self, options: Any) -> guide.GuideLine:
        high_ace = options.get("ace") == "high_or_low"
        return guide.how_to(Note("basic.how_to_high_ace" if high_ace else "basic.how_to"), PICK, Note("block.how_to"))

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if options["target"] is None:
            options["target"] = 100 if options["scoring"] == "penalty" else 500
        return options

    def is_lowest_wins(self, options: Any) -> bool:
        return bool(options["scoring"] == "penalty")

    def card_value(self, card: Card, options: Any) -> int:
        if card.rank == 1:
            return 15 if options.get("ace") == "high_or_low" else 1
        return min(card.rank, 10)

    # -- reading -------------------------------------------------------------

    def check_required(self, hand: Hand) -> None:
        block = hand.entry.get("block", False)
        if type(block) is not bool:
            raise hand.invalid(Note("block.refuse.true_or_false"))
        if block:
            if hand.out is not None:
                raise hand.invalid(Note("block.refuse.nobody_out"), field="out")
            for player in hand.players:
                if player not in hand.inputs:
                    raise hand.missing(player, Note("block.refuse.counts_every_hand"))
        super().check_required(hand)

    # -- scoring -------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        # Each hand's value, and the row's detail of it.
        card_values = hand.values
        values: dict[str, int] = {}
        details: dict[str, dict[str, Any]] = {}
        for player, given in hand.inputs.items():
            values[player] = value = hand_value(given, card_values)
            details[player] = {"value": value}
        if hand.entry.get("block"):
            result = self.score_block(hand, values)
        elif hand.out is None:
            result = HandResult(zero_scores(hand.players),
                                [Note("basic.nobody_out")])
        elif self.is_lowest_wins(hand.options):
            result = self.score_penalty(hand, values)
        else:
            return self.score_winner(hand, values, details)
        result.details = details
        return result

    def score_winner(self, hand: Hand, values: dict[str, int], details: dict[str, dict[str, Any]]) -> HandResult:
        out = hand.out
        assert out is not None
        others = {p: values[p] for p in hand.others}
        collected = sum(others.values())
        # The notes as text with their keys beside them, not a Note each: this
        # runs for nearly every hand replayed (see HandResult.note_keys).
        said = {"player": out, "hands": others, "total": collected}
        notes = [render("basic.collects", said)]
        keys: list[NoteKey] = [{"key": "basic.collects", "values": said}]
        kind = "out"
        if hand.entry.get("rummy"):
            kind = "rummy"
            bonus = hand.options["rummy_bonus"]
            if bonus == "double":
                collected *= 2
                note = Note("basic.rummy_doubled", total=collected)
            elif bonus == "plus10":
                collected += RUMMY_PLUS
                note = Note("basic.rummy_plus", bonus=RUMMY_PLUS, total=collected)
            else:
                note = no_bonus_note()
            notes.append(note)
            keys.append(note_key(note))
        # Only the winner's score: the replay gives every other player their 0.
        return HandResult({out: collected}, notes, details, out, kind, rummy_moment(out, kind), note_keys=keys)

    def score_penalty(self, hand: Hand, values: dict[str, int]) -> HandResult:
        out = hand.out
        assert out is not None
        scores = zero_scores(hand.players)
        charged = dict(values)
        notes: list[str] = [Note("basic.penalty_out", player=out)]
        kind = "out"
        if hand.entry.get("rummy"):
            kind = "rummy"
            bonus = hand.options["rummy_bonus"]
            if bonus == "double":
                charged = {p: v * 2 for p, v in values.items()}
                notes.append(Note("basic.penalty_rummy_doubled"))
            elif bonus == "plus10":
                charged = {p: v + RUMMY_PLUS for p, v in values.items()}
                notes.append(Note("basic.penalty_rummy_plus", bonus=RUMMY_PLUS))
            else:
                notes.append(no_bonus_note())
        others = {p: charged[p] for p in hand.others}
        for player, value in others.items():
            scores[player] = value
        notes.append(Note("basic.penalty_charged", hands=others))
        return HandResult(scores, notes, winner=out, kind=kind, moments=rummy_moment(out, kind))

    def score_block(self, hand: Hand, values: dict[str, int]) -> HandResult:
        scores = zero_scores(hand.players)
        low = min(values.values())
        lowest = [p for p in hand.players if values[p] == low]
        winner = lowest[0] if len(lowest) == 1 else None
        if self.is_lowest_wins(hand.options):
            for player in hand.players:
                scores[player] = values[player]
            note = Note("block.each_own", hands={p: values[p] for p in hand.players})
            return HandResult(scores, [note], winner=winner, kind="block")
        differences = {p: values[p] - low for p in hand.players if p not in lowest}
        pot = sum(differences.values())
        share = split(pot, len(lowest))
        for player in lowest:
            scores[player] = share
        given = list(differences.values())
        if len(lowest) == 1:
            note = Note("block.lowest_wins", player=lowest[0], lowest=low, differences=given, pot=pot)
        else:
            note = Note("block.lowest_split", players=lowest, lowest=low, differences=given, pot=pot,
                        share=whole(share))
        return HandResult(scores, [note], winner=winner, kind="block")

    def next_dealer(self, game: Game, result: HandResult) -> str:
        return winner_deals(game, result)


def no_bonus_note() -> Note:
    """A rummy at a table that plays no rummy bonus (either scoring)."""
    return Note("basic.rummy_no_bonus")


class Block(Basic):
    """Block Rummy (seeds 000, 001).

    Basic Rummy's rules and options, played for the block: when the stock
    runs out, every player shows their hand (``block: true`` with every
    player's cards or count).  The lowest hand wins the difference from each
    other player, so with A 6, B 15, C 7 and D 21, A scores 9 + 1 + 15 = 25;
    players tied for lowest share it equally.  In penalty scoring a block
    charges each player their own hand.  A hand where somebody goes out is
    scored as in Basic Rummy.
    """

    key = "block"
    name = "Block Rummy"
    summary = "Basic rummy where an exhausted stock ends the hand: the lowest hand collects."
