"""500 Rummy (Michigan Rummy): what you melded, less what you still hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..cards import Card, format_cards
from ..declare import Field, Note
from ..notes import Words, sentences
from ..options import target
from .base import Hand, HandResult, PlayerInput, Variant, decided, read_cards, read_count, zero_scores

#: every note of 500 Rummy: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``hands``: each player's ``melded``,
#: ``left`` and ``score``)
NOTES: Mapping[str, str] = sentences({
    "five_hundred.how_to": "Tap who went out; for every player, the cards melded or laid off and the cards left "
                           "(A 15, J Q K 10), as cards or points.",
    "five_hundred.how_to_low_aces": "Low aces: aces melded in A-2-3, worth 1 each.",
    "five_hundred.went_out": "{player} went out.",
    "five_hundred.stock_ran_out": "Nobody went out (the stock ran out).",
    "five_hundred.melded_minus_left": "Melded minus left: {hands:lines}.",
}, lines=Words({"": "{player} {melded} - {left} = {score}"}))

#: what 500 Rummy refuses: each key with its sentence (apart from :data:`NOTES`, the notes a replayed
#: hand writes; ``key``: the input given, quoted)
REFUSALS: Mapping[str, str] = sentences({
    "five_hundred.refuse.give_melded_and_left": "give melded and left (cards or their value)",
    "five_hundred.refuse.not_an_input": "{key} is not an input here (give melded, low_aces and left)",
    "five_hundred.refuse.low_aces": "low_aces {low_aces} is more than the {aces:# ace|# aces} melded",
    "five_hundred.refuse.out_has_cards": "{player} went out, so has no cards left",
})


def card_value(card: Card) -> int:
    """Ace 15, J Q K 10, others their pips (an ace melded low counts 1)."""
    if card.rank == 1:
        return 15
    return min(card.rank, 10)


class FiveHundred(Variant):
    """500 Rummy, also called Michigan Rummy (seeds 000, 003).

    2-8 players (the seed says 3-8; two is widely played), 7 cards each; one
    deck for up to 4 players, two for more.  For every player enter
    ``melded`` (every card they melded or laid off during the hand, or its
    value), ``low_aces`` (how many of those aces were melded low, A-2-3,
    and so count 1 instead of 15) and ``left`` (the cards still in hand, or
    their value; nothing for whoever went out).  Values: ace 15 (1 when
    melded low), J Q K 10, others their pips.

    Each player scores melded minus left, which may be negative.  ``out``
    may be null when the stock ran out; such a hand may give ``"hands": {}``
    (nobody melded or held anything: every score 0).  The game ends after the hand in
    which a total reaches 500 (``target``); highest total wins, a tie goes to
    whichever of the tied players led before that hand, still tied they
    share.  The deal passes left.
    """

    key = "500"
    name = "500 Rummy"
    summary = "Score what you meld minus what you hold; first past 500 wins."
    decisions = decided("""
        - **500 Rummy with `out: null`** (the stock ran out) still takes every
          player's melded and left cards: they melded during the hand.
    """)
    min_players, max_players = 2, 8
    options = (target(500),)
    fields = (
        Field("melded", "cards_or_points", "Melded (cards or points)",
              "every card melded or laid off this hand, or their points", out="required"),
        Field("low_aces", "number", "Low aces", "aces melded in A-2-3, worth 1 each", out="optional"),
        Field("left", "cards_or_points", "Left in hand (cards or points)",
              "the cards still in hand, or their points; 0 for none"),
    )
    out_may_be_null = True
    previous_leader_breaks_ties = True
    no_out_label = "Nobody (the stock ran out)"

    def card_value(self, card: Card, options: Any) -> int:
        return card_value(card)

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("five_hundred.how_to"), Note("five_hundred.how_to_low_aces"))

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def decks(self, players: int) -> int:
        return 1 if players <= 4 else 2

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        if not isinstance(raw, Mapping):
            raise hand.invalid(Note("five_hundred.refuse.give_melded_and_left"), player)
        for key in raw:
            if key not in self.input_fields:
                raise hand.invalid(Note("five_hundred.refuse.not_an_input", key=repr(key)), player)
        melded = self._cards_or_value(hand, player, raw.get("melded"), "melded")
        left = self._cards_or_value(hand, player, raw.get("left"), "left")
        low_aces = read_count(hand, player, raw.get("low_aces"), field_name="low_aces") or 0
        if isinstance(melded, tuple):
            aces = sum(1 for card in melded if card.rank == 1)
            if low_aces > aces:
                raise hand.invalid(Note("five_hundred.refuse.low_aces", low_aces=low_aces, aces=aces), player)
        else:
            low_aces = 0  # a typed value already counts its aces
        return PlayerInput(extra={"melded": melded, "left": left, "low_aces": low_aces})

    @staticmethod
    def _cards_or_value(hand: Hand, player: str, raw: Any, name: str) -> tuple[Card, ...] | int:
        if raw is None or isinstance(raw, (str, list, tuple)):
            return read_cards(hand, player, raw, field_name=name) or ()
        return read_count(hand, player, raw, field_name=name) or 0

    def check_required(self, hand: Hand) -> None:
        if hand.out is None and not hand.inputs:
            return  # a hand nobody went out of may give "hands": {} (SCORING.md section 6)
        for player in hand.players:
            if player not in hand.inputs:
                raise hand.missing(player)
        if hand.out is not None and _value(hand.inputs[hand.out].extra["left"]):
            raise hand.invalid(Note("five_hundred.refuse.out_has_cards", player=hand.out), hand.out)

    def score(self, hand: Hand) -> HandResult:
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {}
        hands: dict[str, dict[str, int]] = {}
        for player in hand.players:
            extra = hand.inputs[player].extra if player in hand.inputs else NOTHING
            melded = _value(extra["melded"]) - 14 * extra["low_aces"]
            left = _value(extra["left"])
            scores[player] = melded - left
            details[player] = {"melded": melded, "left": left, "value": melded - left}
            for key in ("melded", "left"):
                if isinstance(extra[key], tuple) and extra[key]:
                    details[player][f"{key}_cards"] = format_cards(extra[key])
            if extra["low_aces"]:
                details[player]["low_aces"] = extra["low_aces"]
            hands[player] = {"melded": melded, "left": left, "score": melded - left}
        if hand.out:
            opening = Note("five_hundred.went_out", player=hand.out)
        else:
            opening = Note("five_hundred.stock_ran_out")
        notes: list[str] = [opening, Note("five_hundred.melded_minus_left", hands=hands)]
        return HandResult(scores, notes, details, winner=hand.out, kind="out" if hand.out else "stock")


NOTHING: Mapping[str, Any] = {"melded": (), "left": (), "low_aces": 0}


def _value(cards_or_value: tuple[Card, ...] | int) -> int:
    if isinstance(cards_or_value, int):
        return cards_or_value
    return sum(card_value(card) for card in cards_or_value)
