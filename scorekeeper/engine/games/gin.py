"""Gin Rummy, Oklahoma Gin and Around-the-Corner Gin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..cards import Card, CardError
from ..declare import Choice, Note, Settlement
from ..melds import MeldRules
from ..notes import sentences
from ..options import Option, target
from .base import Game, Hand, HandResult, best_players, decided
from .gin_family import GinFinal, GinHands, gin_final, hands_won, settle


#: the note Oklahoma Gin adds before the hand's Gin notes (:data:`.gin_family.NOTES`)
NOTES: Mapping[str, str] = sentences({
    "oklahoma.how_to": "Tap who knocked (0 is gin; at most the upcard's value); for both players, the unmatched "
                       "cards (A 1, J Q K 10), the defender's after laying off.",
    "corner_gin.how_to": "Tap who knocked (0 is gin; at most {limit}); for both players, the unmatched cards (an "
                         "unmatched A 15, J Q K 10), the defender's after laying off.",
    "oklahoma.upcard": "Upcard {upcard}: knock limit {limit}.",
})

#: what Oklahoma Gin refuses of its upcard: each key with its sentence (apart from :data:`NOTES`, the
#: notes a replayed hand writes)
REFUSALS: Mapping[str, str] = sentences({
    "oklahoma.refuse.give_upcard": "give the upcard (the first card turned up), like 3H: it sets the knock limit",
    "oklahoma.refuse.write_upcard": "the upcard must be written like 3H",
    "oklahoma.refuse.upcard_joker": "the upcard cannot be a joker: {game} uses none",
})


class Gin(GinHands):
    """Gin Rummy (seed 000).

    Two players, 10 cards each, one deck; ace low, J Q K 10.  A player may
    knock when their unmatched cards (deadwood) total 10 or less
    (``knock_limit``).  Enter who knocked and both players' 10 cards after
    the knocker's discard, or their counts.  From cards the engine finds the
    knocker's melds with the lowest deadwood (among equal ones, the
    arrangement that leaves the defender the highest count); the defender
    then lays off unmatched cards on the knocker's melds, never on a gin
    hand, choosing own melds and lay-offs together for the lowest count.  A
    defender's count, when typed, is after lay-offs.

    The hand's score goes in the winner's column:
    - gin (knocker's deadwood 0): the knocker scores the defender's count
      plus 25 (``gin_bonus``);
    - the defender's count higher: the knocker scores the difference;
    - otherwise the defender undercut the knocker and scores the difference
      plus 25 (``undercut_bonus``).
    ``out: null`` is a dead hand (the stock ran down): nobody scores.

    The game ends after the hand in which a total reaches 100 (``target``).
    Then the winner gets 100 (``game_bonus``), and 100 more
    (``shutout_bonus``) if the loser scored nothing all game; each player
    gets 25 (``box_bonus``) for every hand they won (an undercut is won by
    the defender, a dead hand by nobody).  Grand totals are totals plus
    bonuses; the net is the winner's grand total minus the loser's, which
    the winner carries forward.  A game ended by agreement before the target
    goes to the higher total, with box bonuses but no game or shutout bonus.
    The deal alternates.
    """

    key = "gin"
    name = "Gin Rummy"
    summary = "Two players knock or go gin; undercuts, boxes and a game bonus."
    decisions = decided("""
        - **Gin ended by agreement** with equal totals: the win is shared and the net
          is 0. With a single winner the net is the winner's grand total minus the
          loser's, even when box bonuses make it negative.
        - **Gin's `final`** holds exactly `bonuses`, `grand_totals` and `net`; the
          sentences explaining them are in the sheet's `final_notes`.
    """)

    # -- the end -----------------------------------------------------------------

    def final(self, game: Game) -> GinFinal | None:
        if not game.results:
            return None  # ended before any hand: nothing to settle
        return gin_final(game.players, game.totals, hands_won(game.results, game.players), game.options)

    def settlement(self, game: Game) -> list[Settlement]:
        """The paper sheet's settlement: line, boxes, game and shutout bonuses, grand total, net."""
        final = self.final(game)
        if final is None:
            return []
        sums, notes, detail = final
        return [settle(game.players, game.totals, sums, detail, game.options["box_bonus"], notes)]

    def winners(self, game: Game) -> list[str]:
        if not game.results:
            return []
        return best_players(game, lowest=False, tie_break=False, among=game.players)


def upcard_limit(card: Card) -> int:
    """Oklahoma's knock limit from the upcard: ace 1, 2-9 pips, 10 J Q K 10."""
    return min(card.rank, 10)


class OklahomaGin(Gin):
    """Oklahoma Gin (seed 000).

    Gin Rummy, except that the first upcard of each hand sets the knock
    limit: give it on every entry as ``upcard`` (``"3H"``): ace 1, 2-9 their
    pips, 10 J Q K 10.  It is not counted with the players' cards.  A dead
    hand may leave it out.  With ``spade_double`` a hand whose upcard is a
    spade scores double, gin and undercut bonuses included (never the
    end-of-game bonuses).  Everything else, the end of the game and its
    bonuses included, is as in Gin Rummy.
    """

    key = "oklahoma-gin"
    name = "Oklahoma Gin"
    summary = "Gin where the first upcard sets the knock limit; spades may double the hand."
    decisions = (*Gin.decisions, *decided("""
        - **Oklahoma's upcard** cannot be a joker (the variant uses none).
    """))
    options: ClassVar[tuple[Option, ...]] = (
        target(100),
        Option("spade_double", "bool", False, "A hand whose upcard is a spade scores double."),
        *(o for o in Gin.options if o.key not in {"target", "knock_limit"}),
    )
    choices = (Choice("upcard", "card", "Upcard (sets the knock limit)",
                      "The first card turned up: its value is the most a player may knock with."),)

    how_to_notes = ("oklahoma.how_to", "gin.how_to_dead_hand")

    def upcard(self, hand: Hand) -> Card:
        raw = hand.entry.get("upcard")
        if raw in (None, ""):
            raise hand.invalid(Note("oklahoma.refuse.give_upcard"), field="upcard", code="missing_input")
        if not isinstance(raw, str):
            raise hand.invalid(Note("oklahoma.refuse.write_upcard"), field="upcard")
        try:
            card = Card.parse(raw)
        except CardError as error:
            raise hand.invalid(Note("cards.upcard_not_a_card", token=error.token), field="upcard",
                               code="not_a_card") from None
        if card.is_joker:
            raise hand.invalid(Note("oklahoma.refuse.upcard_joker", game=self.name), field="upcard")
        return card

    def check_required(self, hand: Hand) -> None:
        if hand.out is not None:
            self.upcard(hand)
        elif hand.entry.get("upcard") not in (None, ""):
            self.upcard(hand)  # a dead hand may omit it, but not give nonsense
        super().check_required(hand)

    def terms(self, hand: Hand) -> tuple[int, int, str]:
        card = self.upcard(hand)
        if hand.options["spade_double"] and card.suit == "S":
            return upcard_limit(card), 2, f"Upcard {card} is a spade, the hand counts double"
        return upcard_limit(card), 1, ""

    def score(self, hand: Hand) -> HandResult:
        result = super().score(hand)
        if hand.out is not None:
            card = self.upcard(hand)
            result.add_note(Note("oklahoma.upcard", upcard=str(card), limit=upcard_limit(card)), first=True)
        return result


class CornerGin(Gin):
    """Around-the-Corner Gin (seed 000).

    Gin Rummy where runs go around the corner (K-A-2 is a run), an unmatched
    ace counts 15, the defender may lay off even on a gin hand, and the game
    is to 125 (``target``).  Among the knocker's arrangements with equal
    deadwood, the one that leaves the defender the highest count is used, on
    gin hands too.  Everything else is as in Gin Rummy.
    """

    key = "corner-gin"
    name = "Around-the-Corner Gin"
    summary = "Gin where runs wrap from king to ace to two and an unmatched ace costs 15."
    options: ClassVar[tuple[Option, ...]] = (
        target(125),
        *(o for o in Gin.options if o.key != "target"),
    )
    meld_rules = MeldRules(rank_values=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), around_corner=True)
    lay_off_on_gin = True
    how_to_notes = ("corner_gin.how_to", "gin.how_to_dead_hand")
