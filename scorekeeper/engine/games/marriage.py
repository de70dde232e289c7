"""Marriage (Nepal): each hand settled as a net of every player's maal, plus fixed payments to the finisher."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..bounds import shown
from ..declare import Choice, Field, Moment, Note
from ..errors import InvalidEntry
from ..extras import Extra
from ..notes import Words, sentences
from ..options import Option, deals
from .base import Game, Hand, HandResult, PlayerInput, Variant, decided, read_number

#: the most maal points one player counts in a hand (SCORING.md: whole 0-1,000)
MOST_MAAL = 1_000
#: the most a fixed payment or the dublee bonus may be (SCORING.md: whole 0-100)
MOST_PAYMENT = 100

SHOWN = Field("shown", "flag", "Showed",
              "three pure sets or seven dublees shown, so the maal was seen", out="required")
MAAL = Field("maal", "number", "Maal", "their maal points (only for a player who showed)", out="optional",
             maximum=MOST_MAAL, turns_on=SHOWN.key)
DUBLEE = Choice("out_dublee", "flag", "Finished on dublees",
                "The player who finished went out on dublees.", needs_out=True)

UNSEEN = Moment("unseen", "Unseen", "Marriage hands this player ended without showing (seeing the maal)")
DUBLEE_FINISHES = Moment("dublee_finishes", "Dublee finishes", "Marriage hands this player finished on dublees")

#: each player's part of the maal note: a player who showed, and one who did not (counts 0)
MAAL_LINES: Mapping[str, str] = {
    "shown": "{player} {players} × {maal} - {total} = {net}",
    "unseen": "{player} not shown, 0 - {total} = {net}",
}
#: each other player's payment to the finisher: seen or unseen, and the dublee bonus after it
PAYMENT_LINES: Mapping[str, str] = {
    "seen": "{player} {pays} seen",
    "unseen": "{player} {pays} unseen",
}
#: each player's hand: the maal net and what they were paid (or paid)
HAND_LINES: Mapping[str, str] = {
    "gets": "{player} {net} + {paid} = {score}",
    "pays": "{player} {net} - {paid} = {score}",
}

#: every note of Marriage: its key and its sentence, the values in braces
NOTES: Mapping[str, str] = sentences({
    "marriage.how_to": "Tap who finished; for each player who showed, type their maal (Showed turns on). A player "
                       "who never showed pays {pays}: leave them as they are.",
    "marriage.maal": "Maal: {total} in all; each player scores {players} × their maal - {total}: {hands:maal}.",
    "marriage.paid": "{player} finished and collects {hands:payments}: {collected}.",
    "marriage.paid_dublee": "{player} finished on dublees and collects {hands:payments}: {collected}.",
    "marriage.hand": "Maal net plus payments: {hands:net}.",
}, maal=Words(MAAL_LINES), payments=Words(PAYMENT_LINES, after={"bonus": " + {bonus} dublee"}),
    net=Words(HAND_LINES))

#: what a refusal says, keyed like the notes (a page writes it in its reader's language)
REFUSALS: Mapping[str, str] = sentences({
    "marriage.refuse.give_input": "give whether they showed, and their maal",
    "marriage.refuse.maal_not_shown": "maal is counted only for a player who showed",
    "marriage.refuse.out_not_shown": "the player who finished must have shown",
})


class Marriage(Variant):
    """Marriage (Nepal), pagat and en.wikipedia.

    2-5 players, three decks, 21 cards each.  The deal and the play pass to
    the next player in seat order (a table that plays anticlockwise lists
    the players in playing order).

    Enter who finished, whether they finished on dublees (``out_dublee``)
    and, for every player, whether they showed (``shown``: three pure sets
    or seven dublees shown, so they saw the maal) and, for a player who
    showed, their maal points (``maal``, whole 0-1,000; left out it is 0).
    The player who finished must have shown.

    Each hand settles among all N players.  A player's maal counts m (0 for
    one who did not show); T is the sum of all of them.  Each player scores
    N × m - T (the maal net; they add up to 0).  Then each other player pays
    the finisher 3 if they showed (``seen_pays``), 10 if they did not
    (``unseen_pays``), plus ``dublee_bonus`` (0 unless the table plays one)
    when the finisher went out on dublees.  A hand is zero-sum.

    With ``deals`` the game ends after that many hands; otherwise when the
    table ends it.  Highest total wins; ties share.
    """

    key = "marriage"
    name = "Marriage (Nepal)"
    summary = "Three decks, 21 cards: each hand settles every player's maal against the others', plus payments."
    decisions = decided("""
        - **Fixed payments**: tables differ on what the others pay the finisher (pagat,
          Wikipedia, apps: 3 by a player who saw the maal, 10 by one who did not): the
          defaults are 3 and 10, both options.
        - **Dublee bonus**: played at some tables only, so 0 by default (`dublee_bonus`).
        - **Every player is entered**: SCORING.md's entry lists every player, so a player
          left out of a hand is refused (no input), never taken as unseen; a player who did
          not show is entered as `{"shown": false}` (on the form: their Showed switch left off).
        - **Maal only with a show**: SCORING.md gives maal "only when shown", so a player
          who did not show gives no maal at all, not even 0 (`maal_not_shown`); a player who
          showed and leaves maal out counts 0, as SCORING.md's "omitted = 0" says.
    """)
    min_players, max_players = 2, 5
    max_decks = 3
    options = (
        Option("seen_pays", "int", 3, "What each other player who showed pays the finisher.",
               maximum=MOST_PAYMENT),
        Option("unseen_pays", "int", 10, "What each other player who did not show pays the finisher.",
               maximum=MOST_PAYMENT),
        Option("dublee_bonus", "int", 0, "What each other player pays more when the finisher went out on dublees.",
               maximum=MOST_PAYMENT),
        deals("The game ends after this many hands (none: play until you agree to stop)."),
    )
    choices = (DUBLEE,)
    fields = (SHOWN, MAAL)
    moments = (UNSEEN, DUBLEE_FINISHES)
    extras = (Extra("net", "the maal net and the payments", where="cell"),)
    out_verb = "finished"

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 21

    def decks(self, players: int) -> int:
        return 3

    def how_to(self, options: Mapping[str, Any]) -> guide.GuideLine:
        return guide.how_to(Note("marriage.how_to", pays=options.get("unseen_pays", 10)))

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        if not isinstance(raw, Mapping):
            raise hand.invalid(Note("marriage.refuse.give_input"), player)
        for key in raw:
            if key not in self.input_keys:
                raise hand.invalid(Note("hand_and_foot.refuse.not_an_input", key=shown(key),
                                        inputs=[SHOWN.key, MAAL.key]), player)
        showed = raw.get("shown")
        if showed is None:
            showed = False
        if not isinstance(showed, bool):
            raise hand.invalid(Note("phase10.refuse.true_or_false", key=SHOWN.key), player, field=SHOWN.key)
        maal = raw.get("maal")
        if maal is not None and not showed:
            if player == hand.out:
                raise _out_not_shown(hand, player)  # what to fix for the finisher: the switch, not the maal
            raise hand.invalid(Note("marriage.refuse.maal_not_shown"), player, field=MAAL.key,
                               code="maal_not_shown")
        value = read_number(hand, player, maal, MAAL)
        return PlayerInput(extra={"shown": showed, "maal": value})

    def check_required(self, hand: Hand) -> None:
        for player in hand.players:
            if player not in hand.inputs:
                raise hand.missing(player)
        out = hand.out
        assert out is not None  # out is never null here
        if not hand.inputs[out].extra["shown"]:
            raise _out_not_shown(hand, out)

    def score(self, hand: Hand) -> HandResult:
        out = hand.out
        assert out is not None
        opts = hand.options
        players = hand.players
        count = len(players)
        showed = {p: hand.inputs[p].extra["shown"] for p in players}
        maal = {p: hand.inputs[p].extra["maal"] if showed[p] else 0 for p in players}
        total = sum(maal.values())
        net = {p: count * maal[p] - total for p in players}
        dublee = bool(hand.entry.get(DUBLEE.key))
        bonus = opts["dublee_bonus"] if dublee else 0
        paid: dict[str, int] = {}
        payments: dict[str, dict[str, Any]] = {}
        for player in hand.others:
            pays = opts["seen_pays"] if showed[player] else opts["unseen_pays"]
            paid[player] = -(pays + bonus)
            payments[player] = {"kind": "seen" if showed[player] else "unseen", "pays": pays,
                                **({"bonus": bonus} if bonus else {})}
        paid[out] = -sum(paid.values())
        scores: dict[str, int] = {p: net[p] + paid[p] for p in players}
        details = {p: {"shown": showed[p], "maal": maal[p], "maal_net": net[p], "game_points": paid[p]}
                   for p in players}
        maal_lines = {p: {"kind": "shown" if showed[p] else "unseen", "players": count, "maal": maal[p],
                          "total": total, "net": net[p]} for p in players}
        hand_lines = {p: {"kind": "gets" if paid[p] >= 0 else "pays", "net": net[p], "paid": abs(paid[p]),
                          "score": scores[p]} for p in players}
        notes: list[str] = [
            Note("marriage.maal", total=total, players=count, hands=maal_lines),
            Note("marriage.paid_dublee" if dublee else "marriage.paid", player=out, hands=payments,
                 collected=paid[out]),
            Note("marriage.hand", hands=hand_lines),
        ]
        moments = {p: [UNSEEN.key] for p in players if not showed[p]}
        if dublee:
            moments[out] = [DUBLEE_FINISHES.key]
        return HandResult(dict(scores), notes, details, winner=out, kind="dublee" if dublee else "finish",
                          moments=moments)

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        """The row's maal net plus payments of each player: ``31+16``, ``-17-10``."""
        extras = super().hand_extras(game, result)
        extras["net"] = {p: _net_text(d["maal_net"], d["game_points"]) for p, d in result.details.items()}
        return extras


def _out_not_shown(hand: Hand, player: str) -> InvalidEntry:
    return hand.invalid(Note("marriage.refuse.out_not_shown"), player, field=SHOWN.key, code="out_not_shown")


def _net_text(net: int, paid: int) -> str:
    """A player's hand as maal net plus payments, in figures: ``31+16``, ``-17-3``."""
    return f"{net}{'+' if paid >= 0 else '-'}{abs(paid)}"

