"""Hollywood Gin: Gin hands scored in three games at once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .. import guide
from ..declare import Line, Note, Settlement
from ..extras import Boards, Extra
from ..options import Option
from ..notes import sentences
from .base import Game, HandResult, Score, decided, show, whole
from .gin_family import GinFinal, GinHands, gin_final, settle

#: the three games, in the order a player's wins reach them
GAMES = ("I", "II", "III")

#: the notes Hollywood adds to each hand's Gin notes (:data:`.gin_family.NOTES`):
#: its key and its sentence, the values in braces (``win``: the winner's
#: how-manieth win, a number, ``{win:ordinal}`` in words; ``games``, ``closed``: lists of games)
NOTES: Mapping[str, str] = sentences({
    "hollywood.goal": "Three games at once, each to {target}; the most net points over the three wins",
    "hollywood.next_open": "game{games:|s} {games:names} open",
    "hollywood.entered": "{player}'s {win:ordinal} win: {points} entered in game{games:|s} {games:names}.",
    "hollywood.entered_open": "{player}'s {win:ordinal} win: {points} entered in game{games:|s} {games:names} "
                              "(game{closed:|s} {closed:names} {closed:is|are} closed).",
    "hollywood.next_game": "{player}'s {win:ordinal} win: game{closed:|s} {closed:names} {closed:is|are} closed, so "
                           "{points} goes to game {games:names}, the next game in progress.",
    "hollywood.closed": "Game {game} closes: {player} reaches {total} (the target is {target}) and wins it.",
    "hollywood.over": "All three games are closed: the match is over.",
})

#: Gin's options, said of each of the three games
_PER_GAME_HELP = {
    "target": "Each game, I, II and III, closes after the hand that brings a total there to this.",
    "game_bonus": "To the winner of each game.",
    "shutout_bonus": "More to a game's winner when the loser has nothing in that game.",
    "box_bonus": "When a game is settled, to each player for every hand won in that game.",
}


@dataclass(slots=True)
class Column:
    """One of the three games: its own totals and hands won, and who closed it."""

    totals: dict[str, Score]
    won: dict[str, int]
    winner: str | None = None  # set when a total here reaches the target


@dataclass(slots=True)
class Match:
    """What Hollywood keeps from hand to hand (the game's ``state["match"]``).

    A column's dicts are replaced, never changed, when a hand is entered in
    it, so a row may share them.
    """

    games: dict[str, Column]
    #: every hand each player has won so far, in any game
    wins: dict[str, int]
    #: the games the last hand was entered in
    entered: tuple[str, ...] = ()

    def open(self) -> list[str]:
        return [g for g in GAMES if self.games[g].winner is None]


def _match(game: Game) -> Match:
    match: Match = game.state["match"]
    return match


class HollywoodGin(GinHands):
    """Hollywood Gin (seed 000, as Gin Rummy).

    Players, entry, hand score and deal are Gin Rummy's: two players, 10
    cards each, one deck; enter who knocked and both players' cards or
    counts.  Gin scores the defender's count plus 25 (``gin_bonus``), a
    knock the difference, an undercut the difference plus 25
    (``undercut_bonus``) to the defender; ``out: null`` is a dead hand.  The
    deal alternates.

    The hands are scored in three games at once, I, II and III, each to 100
    (``target``).  A player's first hand won is entered in game I, the
    second in I and II, the third and every later one in I, II and III, in
    those of them still open.  When all of those are closed it goes to the
    lowest-numbered open game only (the next game in progress).  A dead hand
    is won by nobody and entered nowhere.  Entered in a game, the hand's
    score is added to the winner's total there and counts as a hand won
    there.  A game closes after the hand that brings a player's total there
    to the target, and that player wins it; one hand may close several.  The
    match is over when all three are closed.

    Each game settles as a game of Gin Rummy on its own totals: its winner
    gets 100 (``game_bonus``), 100 more (``shutout_bonus``) if the loser has
    nothing in that game, and each player 25 (``box_bonus``) for every hand
    won in that game; the game's net is the winner's grand total minus the
    loser's.  The match net is the difference of the players' summed game
    nets, to the player ahead, who wins the match (equal sums: a shared
    win, no net).  A game's net may be below 0 when the game is ended by
    agreement and box bonuses outweigh the lead; the sums count it as it
    is.

    Ended by agreement, each open game settles as a Gin game ended by
    agreement: the higher total there wins it, no game or shutout bonus, box
    bonuses still count; a tied one has no winner and pays no net.  Ended
    before any hand, there is nothing to settle: no winner, no final.  A
    hand won with a score of 0 (an undercut at equal counts with no undercut
    bonus) still counts as a hand won.  Games IV and V are not played; a
    longer game is a higher ``target``.
    """

    key = "hollywood-gin"
    name = "Hollywood Gin"
    summary = "Gin scored in three games at once: each win goes further along, I, then II, then III."
    decisions = decided("""
        - **Hollywood Gin** plays Gin hands into three games at once (a player's
          first win goes to I, the second to I and II, every later one to all three,
          open games only, else to the next game in progress). Where the rule book
          is silent:
          - a hand won for 0 points (an undercut at equal counts with no undercut
            bonus) is still a hand won: it counts towards the player's next win's
            number and earns a box in every game it is entered in;
          - ended before any hand, there is nothing to settle, as in Gin: `final`
            is null and nobody wins; every game shows `"open": false`;
          - a game ended by agreement may have a net below 0, as in Gin (box
            bonuses outweighing the lead); the match sums it as it is, so the other
            player may come out ahead on it;
          - each game's `final` is in the sheet's `games` as soon as that game
            closes; the sheet's `final`, `final_notes` (each line headed `Game I:`
            and so on, then the match's), `final_detail` (each game's bonuses, by
            game) and `settlement` (Game I, Game II, Game III, then Match) once the
            match is over;
          - the options are Gin's, each said of every game (a match to 150 is
            `target` 150); there is none for games IV and V;
          - each hand's notes say whose how-manieth win it was, the games it went
            to and why (which were closed), each game it closed, and the end of the
            match.
    """)
    options: ClassVar[tuple[Option, ...]] = tuple(
        replace(option, help=_PER_GAME_HELP.get(option.key, option.help)) for option in GinHands.options
    )
    #: the three games on one sheet: the sheet's ``games`` (each game's totals, winner, open),
    #: a row's ``games`` (those the hand was entered in) and ``game_totals``
    boards = Boards(sheet_key="games", entered_key="games", totals_key="game_totals")
    #: the games still open before the next deal (:meth:`next_words` words them)
    extras = (Extra("open", "Open"),)

    # -- guidance ------------------------------------------------------------------

    def goal(self, options: Mapping[str, Any]) -> guide.GuideLine:
        return guide.goal(Note("hollywood.goal", target=options["target"]))

    def next_words(self, game: Game, number: int) -> list[Note]:
        return [Note("hollywood.next_open", games=_match(game).open())]

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {**super().next_extras(game, number), "open": _match(game).open()}

    # -- the three games, hand by hand ------------------------------------------------

    def start(self, game: Game) -> None:
        game.state["match"] = Match(
            games={g: Column(dict(game.no_scores), dict.fromkeys(game.players, 0)) for g in GAMES},
            wins=dict.fromkeys(game.players, 0),
        )

    def after_hand(self, game: Game, number: int) -> None:
        match = _match(game)
        result = game.results[-1]
        winner = result.winner
        if winner is None:
            match.entered = ()  # a dead hand is won by nobody
            return
        match.wins[winner] += 1
        nth = match.wins[winner]
        due = GAMES[:min(nth, len(GAMES))]
        still_open = match.open()
        entered = tuple(g for g in due if g in still_open) or (still_open[0],)
        points = result.scores[winner]
        for g in entered:
            column = match.games[g]
            column.totals = {**column.totals, winner: column.totals[winner] + points}
            column.won = {**column.won, winner: column.won[winner] + 1}
        match.entered = entered
        result.add_note(_entered_note(winner, nth, points, due, entered))
        goal = game.options["target"]
        for g in entered:
            column = match.games[g]
            if column.totals[winner] >= goal:
                column.winner = winner
                result.add_note(Note("hollywood.closed", game=g, player=winner, total=whole(column.totals[winner]),
                                     target=goal))
        if not match.open():
            result.add_note(Note("hollywood.over"))

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        match = _match(game)
        return {
            "games": list(match.entered),
            "game_totals": {g: _shown(match.games[g].totals) for g in GAMES},
            "closed": [g for g in GAMES if match.games[g].winner is not None],
        }

    def is_over(self, game: Game) -> bool:
        return not _match(game).open()

    # -- the end -------------------------------------------------------------------------

    def settled(self, game: Game) -> dict[str, tuple[str | None, GinFinal | None]]:
        """Each game's winner and settlement: a closed game's; an open one's
        when the match was ended by agreement (the higher total, no winner if
        tied); else no winner and None."""
        match = _match(game)
        ended = game.ended_by_agreement and bool(game.results)
        outcome: dict[str, tuple[str | None, GinFinal | None]] = {}
        for g in GAMES:
            column = match.games[g]
            if column.winner is None and not ended:
                outcome[g] = (None, None)
                continue
            final = gin_final(game.players, column.totals, column.won, game.options)
            winner = column.winner
            if winner is None:
                best = max(column.totals.values())
                leaders = [p for p in game.players if column.totals[p] == best]
                winner = leaders[0] if len(leaders) == 1 else None
                if winner is None:
                    sums, lines, detail = final
                    final = sums, [*lines, "Ended by agreement with equal totals: no winner, no net."], detail
            outcome[g] = (winner, final)
        return outcome

    def sheet_extras(self, game: Game) -> dict[str, Any]:
        match = _match(game)
        games: dict[str, dict[str, Any]] = {}
        for g, (winner, final) in self.settled(game).items():
            games[g] = {
                "totals": _shown(match.games[g].totals),
                "open": not game.finished and match.games[g].winner is None,
                "winner": winner,
                "final": final[0] if final else None,
            }
        return {"games": games}

    def match_net(self, game: Game) -> tuple[dict[str, Score], dict[str, Score]]:
        """Each player's game nets summed, and the match net: the difference, to the player ahead."""
        settled = self.settled(game)
        summed: dict[str, Score] = {
            p: sum(final[0]["net"][p] for _, final in settled.values() if final) for p in game.players
        }
        first, second = game.players
        net: dict[str, Score] = dict.fromkeys(game.players, 0)
        if summed[first] != summed[second]:
            ahead, behind = (first, second) if summed[first] > summed[second] else (second, first)
            net[ahead] = summed[ahead] - summed[behind]
        return summed, net

    def final(self, game: Game) -> GinFinal | None:
        if not game.results:
            return None  # ended before any hand: nothing to settle
        sums: dict[str, Any] = {}
        notes: list[str] = []
        detail: dict[str, Any] = {}
        for g, (_, final) in self.settled(game).items():
            assert final is not None  # the match is over: every game is settled
            sums[g], lines, detail[g] = final
            notes += [f"Game {g}: {line}" for line in lines]
        summed, net = self.match_net(game)
        sums["net"] = {p: whole(v) for p, v in net.items()}
        notes.append(_match_note(game.players, summed, net))
        return sums, notes, detail

    def settlement(self, game: Game) -> list[Settlement]:
        """Each settled game as Gin's settlement ("Game I", ...), then the "Match" net once the match is over."""
        match = _match(game)
        settled = {g: final for g, (_, final) in self.settled(game).items() if final is not None}
        parts = [
            settle(game.players, match.games[g].totals, sums, detail, game.options["box_bonus"], lines,
                   title=f"Game {g}")
            for g, (sums, lines, detail) in settled.items()
        ]
        if game.finished and game.results:
            summed, net = self.match_net(game)
            nets = [Line(f"Game {g} net", dict(sums["net"])) for g, (sums, _, _) in settled.items()]
            parts.append(Settlement((
                *nets,
                Line("Nets summed", {p: whole(v) for p, v in summed.items()}),
                Line("Net", {p: whole(v) for p, v in net.items()}, strong=True),
            ), title="Match", notes=(_match_note(game.players, summed, net),)))
        return parts

    def winners(self, game: Game) -> list[str]:
        if not game.results:
            return []
        _, net = self.match_net(game)
        ahead = [p for p in game.players if net[p]]
        return ahead or list(game.players)


# -- words ------------------------------------------------------------------------------


def _shown(totals: Mapping[str, Score]) -> dict[str, int | float]:
    return {p: whole(v) for p, v in totals.items()}




def _entered_note(winner: str, nth: int, points: Score, due: tuple[str, ...], entered: tuple[str, ...]) -> Note:
    """Where a hand's score went, and why: the winner's how-manieth win it is, and which games are closed."""
    values = {"player": winner, "win": nth, "points": whole(points), "games": list(entered)}
    if entered == due:
        return Note("hollywood.entered", **values)
    closed = [g for g in due if g not in entered]
    if set(entered) <= set(due):
        return Note("hollywood.entered_open", closed=closed, **values)
    return Note("hollywood.next_game", closed=closed, **values)


def _match_note(players: tuple[str, ...], summed: Mapping[str, Score], net: Mapping[str, Score]) -> str:
    first, second = players
    if not any(net.values()):
        return f"Match: {first} and {second} have {show(summed[first])} each in game nets: a shared win, no net."
    ahead = first if net[first] else second
    behind = second if ahead == first else first
    return (f"Match: game nets {ahead} {show(summed[ahead])}, {behind} {show(summed[behind])}: "
            f"{show(net[ahead])} to {ahead}.")
