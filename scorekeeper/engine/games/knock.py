"""Knock Rummy: knock whenever you like, but be the lowest."""

from __future__ import annotations

from typing import Any

from ..declare import Field, Moment
from ..melds import STANDARD
from ..options import deals, target
from .base import PICK, Hand, HandResult, PlayerInput, Score, Variant, names, show, split, unmatched, zero_scores

RUM_BONUS = 25
KNOCK_PENALTY = 10


def deadwood(player_input: PlayerInput) -> tuple[int, dict[str, Any]]:
    """A player's unmatched count, with the melds behind it when cards were given."""
    return unmatched(player_input, STANDARD)


RUM_HANDS = Moment("rum_hands", "Rum hands", "Knock hands won knocking with no deadwood")
KNOCKS_BEATEN = Moment("knocks_beaten", "Knocks beaten",
                       "Knock hands where another knocked and this player had the lowest count")


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
    seeds = "000"
    min_players, max_players = 2, 6
    options = (
        target(None, help="The game ends after the hand in which a total reaches this (none: play until you stop)."),
        deals(),
    )
    fields = (
        Field("count", "count", "Count", "their unmatched cards, as the table adds them up", out="required",
              pair="hand"),
        Field("cards", "cards", "or the cards", "every card in hand; the app finds the melds", out="required",
              pair="hand"),
    )
    moments = (RUM_HANDS, KNOCKS_BEATEN)
    out_verb = "knocked"

    def how_to(self, options: Any) -> str:
        return ("Tap who knocked; for everyone, the knocker too, their unmatched cards "
                "(A 1, J Q K 10, others their pips)." + PICK)

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
            counts[player], shown = deadwood(hand.inputs[player])
            details[player] = {"value": counts[player], **shown}
        others = hand.others
        lowest_other = min(counts[p] for p in others)
        scores = zero_scores(hand.players)
        if counts[knocker] < lowest_other:
            return self._knocker_wins(hand, counts, scores, details)
        winners = [p for p in others if counts[p] == lowest_other]
        payers = [p for p in hand.players if p not in winners]
        notes = [
            f"{knocker} knocked with {counts[knocker]} but {names(winners)} "
            f"{'has' if len(winners) == 1 else 'have'} {lowest_other}"
            + (" (a tie counts against the knocker)" if counts[knocker] == lowest_other else "")
            + "."
        ]
        pot = 0
        for payer in payers:
            paid = counts[payer] - lowest_other + (KNOCK_PENALTY if payer == knocker else 0)
            scores[payer] = -paid
            pot += paid
            extra = f" + {KNOCK_PENALTY} for knocking" if payer == knocker else ""
            notes.append(f"{payer} pays {counts[payer]} - {lowest_other}{extra} = {paid}.")
        share = split(pot, len(winners))
        for winner in winners:
            scores[winner] = share
        if len(winners) > 1:
            notes.append(f"{names(winners)} split {show(pot)}: {show(share)} each.")
        return HandResult(scores, notes, details, winner=winners[0] if len(winners) == 1 else None,
                          kind="knock_beaten", moments={p: [KNOCKS_BEATEN.key] for p in winners})

    def _knocker_wins(self, hand: Hand, counts: dict[str, int], scores: dict[str, Score],
                      details: dict[str, dict[str, Any]]) -> HandResult:
        knocker = hand.out
        assert knocker is not None
        rum = counts[knocker] == 0
        notes = [f"{knocker} knocked with {counts[knocker]}, the lowest count"
                 + (": a rum hand, 25 more from each player." if rum else ".")]
        won = 0
        for payer in hand.others:
            paid = counts[payer] - counts[knocker] + (RUM_BONUS if rum else 0)
            scores[payer] = -paid
            won += paid
            extra = f" + {RUM_BONUS}" if rum else ""
            notes.append(f"{payer} pays {counts[payer]} - {counts[knocker]}{extra} = {paid}.")
        scores[knocker] = won
        return HandResult(scores, notes, details, winner=knocker, kind="rum" if rum else "knock",
                          moments={knocker: [RUM_HANDS.key]} if rum else {})
