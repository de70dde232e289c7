"""Knock Rummy: knock whenever you like, but be the lowest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..declare import Moment, Note, count_or_cards
from ..melds import STANDARD
from ..notes import sentences
from ..options import deals, target
from .base import PICK, Hand, HandResult, PlayerInput, Score, Variant, decided, split, unmatched, whole, zero_scores

RUM_BONUS = 25
KNOCK_PENALTY = 10

#: every note of Knock Rummy: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``lowest``: the lowest count, the one a
#: payer pays down to; ``winners``: a list, "has" becoming "have" for several)
NOTES: Mapping[str, str] = sentences({
    "knock.how_to": "Tap who knocked; for everyone, the knocker too, their unmatched cards (A 1, J Q K 10, others "
                    "their pips).",
    "knock.knocker_lowest": "{knocker} knocked with {count}, the lowest count.",
    "knock.rum": "{knocker} knocked with {count}, the lowest count: a rum hand, {bonus} more from each player.",
    "knock.knocker_beaten": "{knocker} knocked with {count} but {winners:names} {winners:has|have} {lowest}.",
    "knock.knocker_tied": "{knocker} knocked with {count} but {winners:names} {winners:has|have} {lowest} (a tie "
                          "counts against the knocker).",
    "knock.pays": "{player} pays {count} - {lowest} = {paid}.",
    "knock.pays_rum": "{player} pays {count} - {lowest} + {bonus} = {paid}.",
    "knock.knocker_pays": "{player} pays {count} - {lowest} + {penalty} for knocking = {paid}.",
    "knock.split": "{winners:names} split {pot}: {share} each.",
})


def deadwood(player_input: PlayerInput) -> tuple[int, dict[str, Any]]:
    """A player's unmatched count, with the melds behind it when cards were given."""
    return unmatched(player_input, STANDARD)


RUM_HANDS = Moment("rum_hands", "Rum hands", "Knock hands won knocking with no deadwood")
KNOCKS_BEATEN = Moment("knocks_beaten", "Knocks beaten",
                       "Knock hands where another knocked and this player had the lowest count")
_BEATEN = [KNOCKS_BEATEN.key]  # one list for every winner's moments (a row's lists are never changed)


class Knock(Variant):
    """Knock Rummy (seed 000).

    2-6 players from one deck: 10 cards each for two, 7 for three or four, 5
    for five or six.  Any player may knock instead of discarding; then every
    player, the knocker too, shows their unmatched count (ace low, J Q K 10).
    Enter who knocked and every player's cards (or count).

    Every point won is paid by another player:
    - If the knocker's count is lower than every other count, the knocker
      wins the difference from each other player; with a rum hand (count 0)
      each other player pays 25 more.
    - Otherwise the player(s) with the lowest count win: every other player,
      the knocker too, pays them the difference between their own count and
      the lowest, and the knocker pays 10 more.  A tie with the knocker counts
      against the knocker, at 0 too.  Several lowest players split what is
      paid equally.

    The table stops when it likes (``ended``), or at ``target`` or after
    ``deals`` hands when set.  Highest total wins; ties share.  The deal
    passes left.
    """

    key = "knock"
    name = "Knock Rummy"
    summary = "Knock with a low count and collect the differences, unless someone is lower."
    decisions = decided("""
        - **Knock has no knock limit**: SCORING.md gives none, so any count may knock.
    """)
    min_players, max_players = 2, 6
    options = (
        target(None, help="The game ends after the hand in which a total reaches this (none: play until you stop)."),
        deals(),
    )
    fields = count_or_cards("their unmatched cards, as the table adds them up",
                            "every card in hand; the app finds the melds", out="required")
    moments = (RUM_HANDS, KNOCKS_BEATEN)
    out_verb = "knocked"

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("knock.how_to"), PICK)

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 10 if players == 2 else 7 if players <= 4 else 5

    def preview(self, cards: Any, options: Any, entry: Any = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        value, shown = deadwood(PlayerInput(cards=tuple(cards)))
        return {"value": value, **shown}

    def score(self, hand: Hand) -> HandResult:
        knocker = hand.out
        assert knocker is not None
        counts: dict[str, int] = {}
        details: dict[str, dict[str, Any]] = {}
        for player in hand.players:
            count, shown = deadwood(hand.inputs[player])
            counts[player] = count
            details[player] = {"value": count, **shown}
        others = hand.others
        lowest_other = min(map(counts.__getitem__, others))
        scores = zero_scores(hand.players)
        if counts[knocker] < lowest_other:
            return self._knocker_wins(hand, counts, scores, details)
        winners: list[str] = []
        payers: list[str] = []
        for player in hand.players:
            (winners if player != knocker and counts[player] == lowest_other else payers).append(player)
        tied = counts[knocker] == lowest_other
        notes: list[str] = [Note("knock.knocker_tied" if tied else "knock.knocker_beaten",
                                 knocker=knocker, count=counts[knocker], winners=winners, lowest=lowest_other)]
        pot = 0
        for payer in payers:
            if payer == knocker:
                paid = counts[payer] - lowest_other + KNOCK_PENALTY
                notes.append(Note("knock.knocker_pays", player=payer, count=counts[payer], lowest=lowest_other,
                                  penalty=KNOCK_PENALTY, paid=paid))
            else:
                paid = counts[payer] - lowest_other
                notes.append(Note("knock.pays", player=payer, count=counts[payer], lowest=lowest_other, paid=paid))
            scores[payer] = -paid
            pot += paid
        share = split(pot, len(winners))
        for winner in winners:
            scores[winner] = share
        if len(winners) > 1:
            notes.append(Note("knock.split", winners=winners, pot=pot, share=whole(share)))
        return HandResult(scores, notes, details, winner=winners[0] if len(winners) == 1 else None,
                          kind="knock_beaten", moments=dict.fromkeys(winners, _BEATEN))

    def _knocker_wins(self, hand: Hand, counts: dict[str, int], scores: dict[str, Score],
                      details: dict[str, dict[str, Any]]) -> HandResult:
        knocker = hand.out
        assert knocker is not None
        count = counts[knocker]
        rum = count == 0
        notes: list[str]
        if rum:
            notes = [Note("knock.rum", knocker=knocker, count=count, bonus=RUM_BONUS)]
        else:
            notes = [Note("knock.knocker_lowest", knocker=knocker, count=count)]
        won = 0
        for payer in hand.others:
            if rum:
                paid = counts[payer] - count + RUM_BONUS
                notes.append(Note("knock.pays_rum", player=payer, count=counts[payer], lowest=count, bonus=RUM_BONUS,
                                  paid=paid))
            else:
                paid = counts[payer] - count
                notes.append(Note("knock.pays", player=payer, count=counts[payer], lowest=count, paid=paid))
            scores[payer] = -paid
            won += paid
        scores[knocker] = won
        return HandResult(scores, notes, details, winner=knocker, kind="rum" if rum else "knock",
                          moments={knocker: [RUM_HANDS.key]} if rum else {})
