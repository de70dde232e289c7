"""Cutthroat Gin: three players, two play each hand, the third sits out."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from ..declare import Line, Note, Settlement
from ..errors import InvalidEntry
from ..extras import Extra
from ..notes import sentences
from .base import Game, Hand, HandResult, Score, best_players, decided, whole
from .gin_family import GinFinal, GinHands, hands_won

#: the notes Cutthroat adds to Gin's (:data:`.gin_family.NOTES`), each key with its sentence
NOTES: Mapping[str, str] = sentences({
    "cutthroat.how_to": "Tap who knocked (0 is gin; at most {limit}); for the two players of the hand, the "
                        "unmatched cards (A 1, J Q K 10), the defender's after laying off.",
    "cutthroat.sits_out": "{sitter} sits out; {dealer} deals to {opponent}.",
    "cutthroat.pair": "{first} v {second}: {high_grand} - {low_grand} = {amount} to {high}.",
    "cutthroat.pair_shutout": "{first} v {second}: {high_grand} - {low_grand} + {bonus} shutout bonus ({low} "
                              "scored nothing) = {amount} to {high}.",
    "cutthroat.pair_even": "{first} v {second}: {grand} each, nothing to pay.",
    "cutthroat.net": "Net, each player's two pairs added up: {net:list}.",
})

#: what a refusal says, keyed like the notes (a page writes it in its reader's language): the
#: ``sits_out`` refusal, with why the player sits the hand out (one of the ``why_`` notes)
REFUSALS: Mapping[str, str] = sentences({
    "cutthroat.refuse.sits_out": "{sitter} sits out this hand ({why}); enter {first} and {second}",
    "cutthroat.refuse.why_first": "the third seat, in hand 1",
    "cutthroat.refuse.why_lost": "the loser of hand {number}",
    "cutthroat.refuse.why_dead": "the non-dealer of dead hand {number}",
})


def _why(kind: str, number: int) -> Note:
    """Why a player sits a hand out: the third seat in hand 1, else the loser (or the
    non-dealer of a dead hand) of hand ``number``."""
    if kind == "first":
        return Note("cutthroat.refuse.why_first")
    return Note("cutthroat.refuse.why_lost" if kind == "lost" else "cutthroat.refuse.why_dead", number=number)

#: the three seats of a hand: (dealer, the dealer's opponent, who sits out), and why the third sits out
Seats = tuple[str, str, str]


def _state(game: Game) -> dict[str, Any]:
    state: dict[str, Any] = game.state["cutthroat"]
    return state


class CutthroatGin(GinHands):
    """Cutthroat Gin (rummyrulebook, rummy-games).

    Three players; two play each hand of Gin Rummy, the third sits out.
    Hand 1: the first dealer deals to the next seat, and the third seat sits
    out.  After a won hand the loser sits out and the player who sat out
    deals to the winner; after a dead hand (the stock ran down) the
    non-dealer sits out and the player who sat out deals to the dealer.

    Enter the hand as in Gin Rummy, for the two players of the hand only:
    who knocked (or a dead hand) and both players' cards or counts.  Input
    for the player sitting out is refused.  The knock limit (10), gin bonus
    (25) and undercut bonus (25) are Gin's, and the hand's score goes in its
    winner's column.  Each player keeps their own total; the game ends after
    the hand in which a total reaches 100 (``target``).

    At the end every player gets 25 (``box_bonus``) for every hand they won,
    and the player who reached the target 100 more (``game_bonus``); grand
    totals are totals plus bonuses.  Each pair of players then settles: the
    lower grand total pays the difference to the higher, and 100 more
    (``shutout_bonus``) when the lower one scored nothing all game and the
    higher one is the game's winner.  A player's net is what their two pairs
    bring them (the nets add up to 0).  Ended by agreement, the higher total
    wins, no game or shutout bonus is paid, box bonuses still count and the
    pairs settle the grand totals.
    """

    key = "cutthroat-gin"
    name = "Cutthroat Gin"
    summary = "Gin for three: two play each hand, the loser sits out; every pair settles at the end."
    min_players, max_players = 3, 3
    decisions = decided("""
        - **Cutthroat Gin's pairs** settle in SCORING.md's seat order (the first and
          second player, the first and third, the second and third), each a line of
          the settlement with a note saying who pays whom and why; the nets are each
          player's two pairs added up (source: SCORING.md's worked example).
        - **Cutthroat Gin ended by agreement** with equal highest totals: the win is
          shared and the pairs still settle the grand totals (source: Gin's own
          decision, SCORING.md section 6 "Gin family"); no pair pays a shutout then.
        - **The player sitting out** is refused with why they sit out (the loser of
          hand 2, the non-dealer of a dead hand, the third seat in hand 1), code
          `sits_out`, naming no player: the hand's seats are wrong, not a player's
          input (source: SCORING.md's message); naming them as the knocker is refused
          the same way.
        - **Each hand's first note** names who sits out and who deals to whom, and the
          next deal's line says who plays and who sits out (specified here).
    """)
    #: who plays the hand and who sits out: in each row, and for the next deal
    extras = (
        Extra("playing", "Playing"),
        Extra("sits_out", "Sits out", leaves_out=True),
        Extra("sits_out", "Sits out", where="row", leaves_out=True),
    )

    how_to_notes = ("cutthroat.how_to", "gin.how_to_dead_hand")

    # -- who plays -----------------------------------------------------------------

    def start(self, game: Game) -> None:
        dealer = game.first_dealer
        opponent = game.left_of[dealer]
        sitter = game.left_of[opponent]
        game.state["cutthroat"] = {"seats": (dealer, opponent, sitter), "why": ("first", 0), "last": None}

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        sitter = _state(game)["seats"][2]
        if isinstance(entry, Mapping):
            hands = entry.get("hands")
            if entry.get("out") == sitter or (isinstance(hands, Mapping) and sitter in hands):
                kind, after = _state(game)["why"]
                first, second = (p for p in game.players if p != sitter)
                raise InvalidEntry(Note("cutthroat.refuse.sits_out", sitter=sitter, why=_why(kind, after), first=first,
                                        second=second), hand=number, code="sits_out",
                                   field="out" if entry.get("out") == sitter else None)
        # The hand as Gin's, between the two who play it.
        table = copy.copy(game)
        table._seat(tuple(p for p in game.players if p != sitter))
        return super().read(table, number, entry, dealer)

    def score(self, hand: Hand) -> HandResult:
        result = super().score(hand)
        sitter = next(p for p in hand.seats if p not in hand.players)
        opponent = next(p for p in hand.players if p != hand.dealer)
        result.add_note(Note("cutthroat.sits_out", sitter=sitter, dealer=hand.dealer, opponent=opponent),
                        first=True)
        return result

    def after_hand(self, game: Game, number: int) -> None:
        state = _state(game)
        dealer, opponent, sitter = state["seats"]
        winner = game.results[-1].winner
        state["last"] = state["seats"]
        if winner is None:
            state["seats"], state["why"] = (sitter, dealer, opponent), ("dead", number)
        else:
            loser = opponent if winner == dealer else dealer
            state["seats"], state["why"] = (sitter, winner, loser), ("lost", number)

    def next_dealer(self, game: Game, result: HandResult) -> str:
        dealer: str = _state(game)["seats"][0]
        return dealer

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        dealer, opponent, sitter = _state(game)["last"]
        return {"playing": [dealer, opponent], "sits_out": sitter}

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        dealer, opponent, sitter = _state(game)["seats"]
        return {"playing": [dealer, opponent], "sits_out": sitter}

    # -- the end ---------------------------------------------------------------------

    def winners(self, game: Game) -> list[str]:
        if not game.results:
            return []
        return best_players(game, lowest=False, tie_break=False, among=game.players)

    def final(self, game: Game) -> GinFinal | None:
        if not game.results:
            return None  # ended before any hand: nothing to settle
        return cutthroat_final(game.players, game.totals, hands_won(game.results, game.players), game.options)

    def settlement(self, game: Game) -> list[Settlement]:
        final = self.final(game)
        if final is None:
            return []
        sums, notes, detail = final
        players = game.players
        box = game.options["box_bonus"]
        lines = [
            Line("Line (hand scores)", {p: whole(game.totals[p]) for p in players}),
            Line("Boxes (hands won)", {p: f"{detail[p]['boxes']} × {box} = {detail[p]['box_bonus']}"
                                       for p in players}),
            Line("Game bonus", {p: detail[p]["game_bonus"] for p in players}),
            Line("Grand total", dict(sums["grand_totals"]), strong=True),
        ]
        for pair in sums["pairs"]:
            a, b = pair["players"]
            sign = 0 if pair["to"] is None else 1 if pair["to"] == a else -1
            values = {a: sign * pair["amount"], b: -sign * pair["amount"]}
            lines.append(Line(f"{a} v {b}", values))
        lines.append(Line("Net", dict(sums["net"]), strong=True))
        return [Settlement(tuple(lines), notes=tuple(notes))]


def cutthroat_final(players: Sequence[str], totals: Mapping[str, Score], won: Mapping[str, int],
                    options: Mapping[str, Any]) -> GinFinal:
    """The three players' settlement: bonuses, grand totals, each pair's payment and the nets."""
    goal, box = options["target"], options["box_bonus"]
    reached = [p for p in players if totals[p] >= goal]
    winner = reached[0] if reached else None  # only the hand's winner scores, so one at most
    detail: dict[str, dict[str, int]] = {
        p: {"boxes": won[p], "box_bonus": won[p] * box, "game_bonus": 0} for p in players
    }
    notes: list[str] = []
    if winner is not None:
        detail[winner]["game_bonus"] = options["game_bonus"]
        notes.append(Note("gin.game_bonus", winner=winner, bonus=options["game_bonus"]))
    else:
        best = max(totals[p] for p in players)
        leaders = [p for p in players if totals[p] == best]
        if len(leaders) == 1:
            notes.append(Note("gin.ended_by_agreement", winner=leaders[0]))
    for p in players:
        if won[p]:
            notes.append(Note("gin.box" if won[p] == 1 else "gin.boxes", player=p, hands=won[p], bonus=box,
                              total=won[p] * box))
    bonuses = {p: detail[p]["box_bonus"] + detail[p]["game_bonus"] for p in players}
    grand = {p: totals[p] + bonuses[p] for p in players}
    net: dict[str, Score] = dict.fromkeys(players, 0)
    pairs: list[dict[str, Any]] = []
    for i, j in ((0, 1), (0, 2), (1, 2)):
        a, b = players[i], players[j]
        if grand[a] == grand[b]:
            pairs.append({"players": [a, b], "to": None, "amount": 0})
            notes.append(Note("cutthroat.pair_even", first=a, second=b, grand=whole(grand[a])))
            continue
        high, low = (a, b) if grand[a] > grand[b] else (b, a)
        amount = grand[high] - grand[low]
        values = {"first": a, "second": b, "high": high, "high_grand": whole(grand[high]),
                  "low_grand": whole(grand[low])}
        if totals[low] == 0 and high == winner:
            amount += options["shutout_bonus"]
            notes.append(Note("cutthroat.pair_shutout", bonus=options["shutout_bonus"], amount=whole(amount),
                              low=low, **values))
        else:
            notes.append(Note("cutthroat.pair", amount=whole(amount), **values))
        pairs.append({"players": [a, b], "to": high, "amount": whole(amount)})
        net[high] += amount
        net[low] -= amount
    shown_net = {p: whole(v) for p, v in net.items()}
    notes.append(Note("cutthroat.net", net=shown_net))
    return {
        "bonuses": {p: whole(v) for p, v in bonuses.items()},
        "grand_totals": {p: whole(v) for p, v in grand.items()},
        "pairs": pairs,
        "net": shown_net,
    }, notes, detail
