"""What the Gin family shares: a Gin hand, and the settlement of one game of them.

Not a variant (the registry lists nothing from here).  :class:`GinHands` is
everything of Gin Rummy but its end: two players, the entry, the knocker's
and the defender's counts, the hand score and the alternating deal.
:func:`gin_final` settles one game from its totals and hands won, and
:func:`settle` lays that settlement out as the paper sheet's lines.  Gin and
its cousins (:mod:`.gin`) build on them, and so may any variant that plays
Gin hands but keeps its games otherwise, without importing a sibling.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from .. import guide
from ..declare import GIN, UNDERCUT, Line, Note, Settlement, count_or_cards
from ..melds import (
    STANDARD, MeldRules, arrange, defence, defence_count, gin_shown, knocker_covers, knocker_shown, mask_text,
    shown_arrangement,
)
from ..notes import render, sentences
from ..options import Option, points, target
from ..sheet import NoteKey
from .base import PICK, Game, Hand, HandResult, Score, Variant, meld_detail, whole

#: a game's settlement: the sheet's ``final`` (bonuses, grand totals, net),
#: the sentences that explain it, and each player's bonuses one by one
GinFinal = tuple[dict[str, Any], list[str], dict[str, Any]]


#: every note of the Gin family: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces; the hand's notes (the first five with
#: ``multiplied``, written by :meth:`GinHands.score` as text with their keys
#: beside them) and the settlement's (:func:`gin_final`)
NOTES: Mapping[str, str] = sentences({
    "gin.how_to": "Tap who knocked (0 is gin; at most {limit}); for both players, the unmatched cards (A 1, J Q K "
                  "10), the defender's after laying off.",
    "gin.how_to_dead_hand": "Dead hand: the stock ran out.",
    "gin.dead_hand": "Dead hand (the stock ran down): nobody scores.",
    "gin.gin": "{knocker} went gin: {defender}'s {count} + {bonus} gin bonus = {score}.",
    "gin.gin_laid_off": "{knocker} went gin: {defender}'s {count} after laying off {laid_off} + {bonus} gin bonus "
                        "= {score}.",
    "gin.knock": "{knocker} knocked with {knocker_count}; {defender} has {count}: {count} - {knocker_count} = "
                 "{score}.",
    "gin.knock_laid_off": "{knocker} knocked with {knocker_count}; {defender} has {count} after laying off "
                          "{laid_off}: {count} - {knocker_count} = {score}.",
    "gin.undercut": "{defender} undercut {knocker}: {knocker_count} - {count} + {bonus} undercut bonus = {score}.",
    "gin.multiplied": "{why}: {score} x {factor} = {total}.",
    "gin.game_bonus": "{winner} wins the game: {bonus} game bonus.",
    "gin.shutout": "{loser} scored nothing: {bonus} shutout bonus to {winner}.",
    "gin.ended_by_agreement": "Ended by agreement: {winner} has the higher total; no game bonus.",
    "gin.box": "{player}: {hands} hand won x {bonus} box bonus = {total}.",
    "gin.boxes": "{player}: {hands} hands won x {bonus} box bonus = {total}.",
    "gin.net": "Net: {grand} - {other} = {net} to {winner}.",
})

#: what a Gin hand refuses: each key with its sentence (apart from :data:`NOTES`, the notes a replayed hand
#: writes)
REFUSALS: Mapping[str, str] = sentences({
    "gin.refuse.over_knock_limit": "cannot knock with {count} (the limit is {limit})",
})

#: the hands the statistics count, by the hand's kind
_MOMENTS = {"gin": GIN.key, "undercut": UNDERCUT.key}


class GinHands(Variant):
    """Gin Rummy's hands, without its end (see :class:`.gin.Gin` for the rules)."""

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
    fields = count_or_cards("the unmatched cards; the defender's after laying off",
                            "all ten cards; the app finds melds and lay-offs", out="required")
    moments = (GIN, UNDERCUT)
    out_may_be_null = True
    out_verb = "knocked"
    no_out_label = "Dead hand"
    #: the how-to's sentences: what to enter (``{limit}``: the table's knock limit), and a hand nobody ends
    how_to_notes: ClassVar[tuple[str, str]] = ("gin.how_to", "gin.how_to_dead_hand")
    exact_cards = 10
    meld_rules: ClassVar[MeldRules] = STANDARD
    lay_off_on_gin: ClassVar[bool] = False

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 10

    def how_to(self, options: Any) -> guide.GuideLine:
        what, dead = self.how_to_notes
        table_sets_it = any(option.key == "knock_limit" for option in self.options)  # (Oklahoma's upcard does)
        limit = {"limit": options.get("knock_limit", 10)} if table_sets_it else {}
        return guide.how_to(Note(what, **limit), Note(dead), PICK)

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
        # The knocker's cards (and the defender's): most hands are scored and written straight
        # off the tables; those with several equal arrangements go the long way below.
        if k_in.cards is not None and d_in.cards is not None:
            shown = gin_shown(k_mask, d_mask, rules, lay_off_on_gin=self.lay_off_on_gin)
            if shown is not None:
                k_count, k_melds, k_left, d_count, d_melds, d_left, laid_off = shown
                return k_count, d_count, {
                    knocker: {"value": k_count, "melds": k_melds, "unmatched": k_left},
                    defender: {"value": d_count, "laid_off": laid_off, "melds": d_melds, "unmatched": d_left},
                }
        elif k_in.cards is not None:
            knocker_alone = knocker_shown(k_mask, rules)
            if knocker_alone is not None:
                k_count, k_melds, k_left = knocker_alone
                d_count = d_in.count or 0
                return k_count, d_count, {
                    knocker: {"value": k_count, "melds": k_melds, "unmatched": k_left},
                    defender: {"value": d_count, "laid_off": []},
                }
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
                d_count, d_cover, laid = defence(d_mask, (), rules)
            elif len(covers) == 1:
                d_count, d_cover, laid = defence(d_mask, cover, rules)
            else:
                cover = self._defence(d_mask, covers)
                d_count, d_cover, laid = defence(d_mask, cover, rules)
            melds, unmatched = shown_arrangement(d_mask, d_cover, rules, laid)
            d_detail = {
                "value": d_count, "laid_off": mask_text(laid).split(), "melds": melds, "unmatched": unmatched,
            }
        if k_in.cards is not None:
            melds, unmatched = shown_arrangement(k_mask, cover, rules)
            k_detail = {"value": k_count, "melds": melds, "unmatched": unmatched}
        return k_count, d_count, {knocker: k_detail, defender: d_detail}

    def _defence(self, defender: int, covers: list[tuple[int, ...]]) -> tuple[int, ...]:
        """Among the knocker's equal arrangements, the one that leaves the
        defender the highest count (the first such)."""
        best_count = -1
        for cover in covers:
            count = defence_count(defender, cover, self.meld_rules)
            if count > best_count:
                best_count, best = count, cover
        return best

    def preview(self, cards: Any, options: Any, entry: Any = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        best = arrange(cards, self.meld_rules)
        return {"value": best.deadwood, **meld_detail(best)}

    # -- scoring ---------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        if hand.out is None:
            return HandResult({}, [Note("gin.dead_hand")], kind="dead")
        knocker = hand.out
        defender = hand.others[0]
        k_count, d_count, details = self.counts(hand, knocker, defender)
        limit, factor, why = self.terms(hand)
        if k_count > limit:
            raise hand.invalid(Note("gin.refuse.over_knock_limit", count=k_count, limit=limit), knocker,
                               code="over_knock_limit")
        opts = hand.options
        # The cards laid off as the sheet writes cards (a string keeps the note's values plain).
        laid = " ".join(details[defender]["laid_off"])
        # The hand's notes as text with their keys beside them, not a Note
        # each: this runs for nearly every hand replayed (see HandResult.note_keys).
        values: dict[str, Any]
        if k_count == 0:
            winner, kind = knocker, "gin"
            bonus = opts["gin_bonus"]
            base = d_count + bonus
            values = {"knocker": knocker, "defender": defender, "count": d_count, "bonus": bonus, "score": base}
            if laid:
                key, values["laid_off"] = "gin.gin_laid_off", laid
            else:
                key = "gin.gin"
        elif d_count > k_count:
            winner, kind = knocker, "knock"
            base = d_count - k_count
            values = {"knocker": knocker, "knocker_count": k_count, "defender": defender, "count": d_count,
                      "score": base}
            if laid:
                key, values["laid_off"] = "gin.knock_laid_off", laid
            else:
                key = "gin.knock"
        else:
            winner, kind = defender, "undercut"
            bonus = opts["undercut_bonus"]
            base = k_count - d_count + bonus
            key = "gin.undercut"
            values = {"knocker": knocker, "defender": defender, "knocker_count": k_count, "count": d_count,
                      "bonus": bonus, "score": base}
        notes = [render(key, values)]
        keys: list[NoteKey] = [{"key": key, "values": values}]
        if factor != 1:
            multiplied = {"why": why, "score": base, "factor": factor, "total": base * factor}
            notes.append(render("gin.multiplied", multiplied))
            keys.append({"key": "gin.multiplied", "values": multiplied})
        # Only the winner's score: the replay gives every other player 0.
        moment = _MOMENTS.get(kind)
        return HandResult(scores={winner: base * factor}, notes=notes, details=details, winner=winner, kind=kind,
                          moments={winner: [moment]} if moment else {}, note_keys=keys)

    def next_dealer(self, game: Game, result: HandResult) -> str:
        first, second = game.players
        return second if game.dealers[-1] == first else first


# -- the settlement of one game ---------------------------------------------------


def hands_won(results: Iterable[HandResult], players: Sequence[str]) -> dict[str, int]:
    """How many of these hands each player won (an undercut is the defender's, a dead hand nobody's)."""
    won = dict.fromkeys(players, 0)
    for result in results:
        if result.winner is not None:
            won[result.winner] += 1
    return won


def gin_final(players: Sequence[str], totals: Mapping[str, Score], won: Mapping[str, int],
              options: Mapping[str, Any]) -> GinFinal:
    """One Gin game settled from its totals and each player's hands won.

    The higher total wins (equal totals: nobody, and no net).  A winner who
    reached ``target`` gets ``game_bonus``, and ``shutout_bonus`` more when
    the loser has 0; below the target (ended by agreement) neither is paid.
    Each player gets ``box_bonus`` for every hand won.  The net is the
    winner's grand total minus the loser's, to the winner.
    """
    best = max(totals[p] for p in players)
    winners = [p for p in players if totals[p] == best]
    box_bonus = options["box_bonus"]
    bonuses: dict[str, Score] = {p: won[p] * box_bonus for p in players}
    detail: dict[str, dict[str, int]] = {
        p: {"boxes": won[p], "box_bonus": won[p] * box_bonus, "game_bonus": 0, "shutout_bonus": 0}
        for p in players
    }
    lines: list[str] = []
    reached = any(totals[p] >= options["target"] for p in players)
    if len(winners) == 1 and reached:
        winner = winners[0]
        loser = next(p for p in players if p != winner)
        bonuses[winner] += options["game_bonus"]
        detail[winner]["game_bonus"] = options["game_bonus"]
        lines.append(Note("gin.game_bonus", winner=winner, bonus=options["game_bonus"]))
        if totals[loser] == 0:
            bonuses[winner] += options["shutout_bonus"]
            detail[winner]["shutout_bonus"] = options["shutout_bonus"]
            lines.append(Note("gin.shutout", loser=loser, winner=winner, bonus=options["shutout_bonus"]))
    elif len(winners) == 1:
        lines.append(Note("gin.ended_by_agreement", winner=winners[0]))
    for player in players:
        if won[player]:
            lines.append(Note("gin.box" if won[player] == 1 else "gin.boxes", player=player, hands=won[player],
                              bonus=box_bonus, total=won[player] * box_bonus))
    grand = {p: totals[p] + bonuses[p] for p in players}
    net: dict[str, Score] = {p: 0 for p in players}
    if len(winners) == 1:
        winner = winners[0]
        loser = next(p for p in players if p != winner)
        net[winner] = grand[winner] - grand[loser]
        lines.append(Note("gin.net", winner=winner, grand=whole(grand[winner]), other=whole(grand[loser]),
                          net=whole(net[winner])))
    return {
        "bonuses": {p: whole(v) for p, v in bonuses.items()},
        "grand_totals": {p: whole(v) for p, v in grand.items()},
        "net": {p: whole(v) for p, v in net.items()},
    }, lines, detail


def settle(players: tuple[str, ...], totals: Mapping[str, Score], final: dict[str, Any],
           detail: dict[str, Any], box_bonus: int, notes: list[str], title: str = "") -> Settlement:
    """A Gin settlement as labelled lines, from :func:`gin_final`'s sums and details."""
    return Settlement((
        Line("Line (hand scores)", {p: whole(totals[p]) for p in players}),
        Line("Boxes (hands won)", {p: f"{detail[p]['boxes']} × {box_bonus} = {detail[p]['box_bonus']}"
                                   for p in players}),
        Line("Game bonus", {p: detail[p]["game_bonus"] for p in players}),
        Line("Shutout bonus", {p: detail[p]["shutout_bonus"] for p in players}),
        Line("Grand total", dict(final["grand_totals"]), strong=True),
        Line("Net", dict(final["net"]), strong=True),
    ), title=title, notes=tuple(notes))
