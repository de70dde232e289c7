"""Gin Rummy, Oklahoma Gin and Around-the-Corner Gin."""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import Card, CardError
from ..declare import GIN, UNDERCUT, Choice, Field, Line, Settlement
from ..melds import (
    STANDARD, MeldRules, arrange, defender_count, knocker_covers, mask_text,
    shown_arrangement,
)
from ..options import Option, points, target
from .base import PICK, Game, Hand, HandResult, Score, Variant, best_players, meld_detail, show, whole, zero_scores


class Gin(Variant):
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
    seeds = "000"
    min_players, max_players = 2, 2
    options: ClassVar[tuple[Option, ...]] = (
        target(100),
        points("knock_limit", 10, "The most deadwood a player may knock with."),
        points("gin_bonus", 25, "Added to the knocker's score for going gin."),
        points("undercut_bonus", 25, "Added to the defender's score for an undercut."),
        points("game_bonus", 100, "To the winner of the game."),
        points("shutout_bonus", 100, "More to the winner when the loser scored nothing all game."),
        points("box_bonus", 25, "At the end, to each player for every hand they won."),
    )
    fields = (
        Field("count", "count", "Count", "the unmatched cards; the defender's after laying off", out="required",
              pair="hand"),
        Field("cards", "cards", "or the cards", "all ten cards; the app finds melds and lay-offs", out="required",
              pair="hand"),
    )
    moments = (GIN, UNDERCUT)
    out_may_be_null = True
    out_verb = "knocked"
    no_out_label = "Dead hand"
    #: an unmatched ace, in the how-to line
    ace_text: ClassVar[str] = "A 1"
    exact_cards = 10
    meld_rules: ClassVar[MeldRules] = STANDARD
    lay_off_on_gin: ClassVar[bool] = False

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 10

    def knock_limit_text(self, options: Any) -> str:
        return str(options.get("knock_limit", 10))

    def how_to(self, options: Any) -> str:
        return (
            f"Tap who knocked (0 is gin; at most {self.knock_limit_text(options)}); for both players, the "
            f"unmatched cards ({self.ace_text}, J Q K 10), the defender's after laying off. "
            "Dead hand: the stock ran out." + PICK
        )

    def terms(self, hand: Hand) -> tuple[int, int, str]:
        """The hand's knock limit, and a factor on its whole score with the
        note that explains it (Oklahoma's upcard sets both)."""
        return hand.options["knock_limit"], 1, ""

    # -- counting --------------------------------------------------------------

    def counts(self, hand: Hand, knocker: str, defender: str) -> tuple[int, int, dict[str, dict[str, Any]]]:
        """Knocker's deadwood, defender's count after lay-offs, and the details."""
        k_in, d_in = hand.inputs[knocker], hand.inputs[defender]
        # Cards the deck check let through are all different: each input
        # given as cards has its bits, the hand as the solver takes it.
        k_mask, d_mask = k_in.bits or 0, d_in.bits or 0
        rules = self.meld_rules
        covers: list[tuple[int, ...]] = [()]  # a typed count shows no melds
        if k_in.cards is None:
            k_count = k_in.count or 0
            k_detail: dict[str, Any] = {"value": k_count}
        else:
            k_count, covers = knocker_covers(k_mask, rules)
        cover = covers[0]
        if d_in.cards is None:
            d_count = d_in.count or 0
            d_detail: dict[str, Any] = {"value": d_count, "laid_off": []}
        else:
            if k_in.cards is None or (k_count == 0 and not self.lay_off_on_gin):
                d_count, d_cover, laid = defender_count(d_mask, (), rules)
            else:
                d_count, d_cover, laid, cover = self._defence(d_mask, covers)
            melds, unmatched = shown_arrangement(d_mask, d_cover, rules, laid)
            d_detail = {
                "value": d_count, "laid_off": mask_text(laid).split(), "melds": melds, "unmatched": unmatched,
            }
        if k_in.cards is not None:
            melds, unmatched = shown_arrangement(k_mask, cover, rules)
            k_detail = {"value": k_count, "melds": melds, "unmatched": unmatched}
        return k_count, d_count, {knocker: k_detail, defender: d_detail}

    def _defence(self, defender: int, covers: list[tuple[int, ...]]) -> tuple[int, tuple[int, ...], int, tuple[int, ...]]:
        """Among the knocker's equal arrangements, the one that leaves the
        defender the highest count (the first such): that count, the
        defender's melds and lay-offs, and the knocker's arrangement."""
        best_count = -1
        for cover in covers:
            count, own, laid = defender_count(defender, cover, self.meld_rules)
            if count > best_count:
                best_count, best = count, (count, own, laid, cover)
        return best

    def preview(self, cards: Any, options: Any, entry: Any = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        best = arrange(cards, self.meld_rules)
        return {"value": best.deadwood, **meld_detail(best)}

    # -- scoring ---------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        scores = zero_scores(hand.players)
        if hand.out is None:
            return HandResult(scores, ["Dead hand (the stock ran down): nobody scores."], kind="dead")
        knocker = hand.out
        defender = hand.others[0]
        k_count, d_count, details = self.counts(hand, knocker, defender)
        limit, factor, why = self.terms(hand)
        if k_count > limit:
            raise hand.invalid(f"cannot knock with {k_count} (the limit is {limit})", knocker,
                               code="over_knock_limit")
        opts = hand.options
        laid = details[defender]["laid_off"]
        after = f" after laying off {' '.join(laid)}" if laid else ""
        if k_count == 0:
            winner, kind = knocker, "gin"
            base = d_count + opts["gin_bonus"]
            notes = [f"{knocker} went gin: {defender}'s {d_count}{after} + {opts['gin_bonus']} gin bonus = {base}."]
        elif d_count > k_count:
            winner, kind = knocker, "knock"
            base = d_count - k_count
            notes = [f"{knocker} knocked with {k_count}; {defender} has {d_count}{after}: {d_count} - {k_count} = {base}."]
        else:
            winner, kind = defender, "undercut"
            base = k_count - d_count + opts["undercut_bonus"]
            notes = [
                f"{defender} undercut {knocker}: {k_count} - {d_count} + {opts['undercut_bonus']} "
                f"undercut bonus = {base}."
            ]
        if factor != 1:
            notes.append(f"{why}: {base} x {factor} = {base * factor}.")
        scores[winner] = base * factor
        moment = {"gin": GIN.key, "undercut": UNDERCUT.key}.get(kind)
        return HandResult(scores, notes, details, winner, kind, moments={winner: [moment]} if moment else {})

    def next_dealer(self, game: Game, result: HandResult) -> str:
        first, second = game.players
        return second if game.dealers[-1] == first else first

    # -- the end -----------------------------------------------------------------

    def final(self, game: Game) -> tuple[dict[str, Any], list[str], dict[str, Any]] | None:
        if not game.results:
            return None  # ended before any hand: nothing to settle
        opts = game.options
        winners = self.winners(game)
        boxes = {p: sum(1 for r in game.results if r.winner == p) for p in game.players}
        bonuses: dict[str, Score] = {p: boxes[p] * opts["box_bonus"] for p in game.players}
        detail: dict[str, dict[str, int]] = {
            p: {"boxes": boxes[p], "box_bonus": boxes[p] * opts["box_bonus"],
                "game_bonus": 0, "shutout_bonus": 0}
            for p in game.players
        }
        lines: list[str] = []
        reached = any(game.totals[p] >= opts["target"] for p in game.players)
        if len(winners) == 1 and reached:
            winner = winners[0]
            loser = next(p for p in game.players if p != winner)
            bonuses[winner] += opts["game_bonus"]
            detail[winner]["game_bonus"] = opts["game_bonus"]
            lines.append(f"{winner} wins the game: {opts['game_bonus']} game bonus.")
            if game.totals[loser] == 0:
                bonuses[winner] += opts["shutout_bonus"]
                detail[winner]["shutout_bonus"] = opts["shutout_bonus"]
                lines.append(f"{loser} scored nothing: {opts['shutout_bonus']} shutout bonus to {winner}.")
        elif len(winners) == 1:
            lines.append(f"Ended by agreement: {winners[0]} has the higher total; no game bonus.")
        for player in game.players:
            if boxes[player]:
                lines.append(
                    f"{player}: {boxes[player]} hand{'s' if boxes[player] != 1 else ''} won x "
                    f"{opts['box_bonus']} box bonus = {boxes[player] * opts['box_bonus']}."
                )
        grand = {p: game.totals[p] + bonuses[p] for p in game.players}
        net: dict[str, Score] = {p: 0 for p in game.players}
        if len(winners) == 1:
            winner = winners[0]
            loser = next(p for p in game.players if p != winner)
            net[winner] = grand[winner] - grand[loser]
            lines.append(f"Net: {show(grand[winner])} - {show(grand[loser])} = {show(net[winner])} to {winner}.")
        return {
            "bonuses": {p: whole(v) for p, v in bonuses.items()},
            "grand_totals": {p: whole(v) for p, v in grand.items()},
            "net": {p: whole(v) for p, v in net.items()},
        }, lines, detail

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


def settle(players: tuple[str, ...], totals: dict[str, Score], final: dict[str, Any],
           detail: dict[str, Any], box_bonus: int, notes: list[str], title: str = "") -> Settlement:
    """A Gin settlement as labelled lines, from :meth:`Gin.final`'s sums and details."""
    return Settlement((
        Line("Line (hand scores)", {p: whole(totals[p]) for p in players}),
        Line("Boxes (hands won)", {p: f"{detail[p]['boxes']} × {box_bonus} = {detail[p]['box_bonus']}"
                                   for p in players}),
        Line("Game bonus", {p: detail[p]["game_bonus"] for p in players}),
        Line("Shutout bonus", {p: detail[p]["shutout_bonus"] for p in players}),
        Line("Grand total", dict(final["grand_totals"]), strong=True),
        Line("Net", dict(final["net"]), strong=True),
    ), title=title, notes=tuple(notes))


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
    options: ClassVar[tuple[Option, ...]] = (
        target(100),
        Option("spade_double", "bool", False, "A hand whose upcard is a spade scores double."),
        *(o for o in Gin.options if o.key not in {"target", "knock_limit"}),
    )
    choices = (Choice("upcard", "card", "Upcard (sets the knock limit)",
                      "The first card turned up: its value is the most a player may knock with."),)

    def knock_limit_text(self, options: Any) -> str:
        return "the upcard's value"

    def upcard(self, hand: Hand) -> Card:
        raw = hand.entry.get("upcard")
        if raw in (None, ""):
            raise hand.invalid("give the upcard (the first card turned up), like 3H: it sets the knock limit",
                               field="upcard", code="missing_input")
        if not isinstance(raw, str):
            raise hand.invalid("the upcard must be written like 3H", field="upcard")
        try:
            card = Card.parse(raw)
        except CardError as error:
            raise hand.invalid(f"upcard {error}", field="upcard", code="not_a_card") from None
        if card.is_joker:
            raise hand.invalid("the upcard cannot be a joker: Oklahoma Gin uses none", field="upcard")
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
            result.notes.insert(0, f"Upcard {card}: knock limit {upcard_limit(card)}.")
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
    ace_text = "an unmatched A 15"
