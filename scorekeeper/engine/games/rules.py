"""The rules several variants share: deals, hand values, melds shown, eliminations,
re-entries, dealers, winners and shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..bounds import quoted
from ..cards import ALL_CARDS, JOKER, format_cards
from ..declare import RUMMY, Note
from ..errors import InvalidEntry
from ..melds import Arrangement, MeldRules, arrange, knocker_covers, knocker_shown, shown_arrangement
from ..notes import sentences
from .entries import HandResult, PlayerInput, Score
from .table import Game, whole

# -- shared rules ------------------------------------------------------------



def standard_deal(players: int) -> int:
    """The standard deal: 10 cards each for 2 players, 7 for 3-4, 6 for 5-6."""
    return 10 if players == 2 else 7 if players <= 4 else 6


def hand_value(player_input: PlayerInput, values: Sequence[int]) -> int:
    """An input's worth when every card counts: the typed count, or the sum of
    the cards' values (``values``: by card index, as :attr:`Hand.values`)."""
    if player_input.count is not None:
        return player_input.count
    total = 0
    for card in player_input.cards or ():
        total += values[card.index]
    return total


#: every card once, by index: the 52, then the joker (index -1, so the last)
PACK = (*ALL_CARDS, JOKER)


def meld_detail(arrangement: Arrangement) -> dict[str, Any]:
    """The melds and unmatched cards of an arrangement, as a row's details and a preview show them."""
    return {"melds": [format_cards(m) for m in arrangement.melds],
            "unmatched": format_cards(arrangement.unmatched)}


def unmatched(player_input: PlayerInput, rules: MeldRules) -> tuple[int, dict[str, Any]]:
    """An input's unmatched count (the typed count, or the best arrangement's deadwood), with its melds."""
    if player_input.cards is None:
        return player_input.count or 0, {}
    bits = player_input.bits
    if bits and rules.suit_values:
        # One deck's cards, all different: the hand as a mask, its melds written from masks
        # (what arrange() and meld_detail() give, without a Card or an Arrangement made),
        # straight off the suit tables where one arrangement is best.
        shown = knocker_shown(bits, rules)
        if shown is not None:
            return shown[0], {"melds": shown[1], "unmatched": shown[2]}
        count, covers = knocker_covers(bits, rules)
        melds, left = shown_arrangement(bits, covers[0], rules)
        return count, {"melds": melds, "unmatched": left}
    best = arrange(player_input.cards, rules)
    return best.deadwood, meld_detail(best)


def rummy_moment(out: str, kind: str) -> dict[str, list[str]]:
    """A rummy is a moment of the player who went out."""
    return {out: [RUMMY.key]} if kind == "rummy" else {}


#: the notes of :func:`eliminate_over_limit` and :func:`reentry_notes`: each key (see :class:`~.declare.Note`)
#: with its sentence, the values in braces
NOTES: Mapping[str, str] = sentences({
    "elimination.all_reached": "Everyone still in reached {limit}: the lowest total, {winners:list}, wins.",
    "elimination.out": "{player} reached {total} (limit {limit}) and is out of the game.",
    "reentry.back": "{player} re-enters at {total}, the highest total still in ({leaders:names}); re-entry {count} "
                    "of {allowed}.",
})

#: what :func:`reentering` refuses: each key with its sentence (apart from :data:`NOTES`, the notes a
#: replayed hand writes; ``name``: a name given, quoted)
REFUSALS: Mapping[str, str] = sentences({
    "reentry.refuse.list_players": "reenter must list the players who come back into the game",
    "reentry.refuse.not_a_player": "{name} is not a player in this game",
    "reentry.refuse.named_twice": "{player} is named twice in reenter",
    "reentry.refuse.not_out": "{player} is not out, so cannot re-enter",
    "reentry.refuse.none_left": "{player} cannot re-enter: no re-entries left",
})


def eliminate_over_limit(game: Game, number: int, limit: int) -> None:
    """Put out every player whose total reached ``limit`` in hand ``number``.

    When every player still in crosses together, the lowest of them (ties
    share) stays in as the winner.
    """
    crossing = [p for p in game.active if game.totals[p] >= limit]
    if not crossing:
        return
    if len(crossing) == len(game.active):
        survivors = best_players(game, lowest=True, tie_break=False, among=crossing)
        crossing = [p for p in crossing if p not in survivors]
        game.results[-1].add_note(Note("elimination.all_reached", limit=limit, winners=survivors))
    for player in crossing:
        game.eliminate(player, number)
        total = whole(game.totals[player])
        game.results[-1].add_note(Note("elimination.out", player=player, total=total, limit=limit))


def last_player_left(game: Game, limit: int) -> bool:
    """Whether a game played to an elimination limit is over: one player is
    left, or every player still in reached the limit together."""
    return len(game.active) <= 1 or all(game.totals[p] >= limit for p in game.active)


# -- coming back into the game -------------------------------------------------


def reentering(game: Game, number: int, entry: Any) -> dict[str, Score]:
    """The players ``entry["reenter"]`` names, each at the highest total still in.

    A player named must be out of the game and have a re-entry left
    (option ``reentries``).  They come back before the hand, all at the total
    of the highest player still in before any of them is back, and play it.
    While the game goes on at least two players are in (with one left it is
    finished), so there always is a highest total.
    """
    raw = entry.get("reenter") if isinstance(entry, Mapping) else None  # not an entry: read() says so
    if raw is None:
        return {}
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise InvalidEntry(Note("reentry.refuse.list_players"), hand=number, field="reenter")
    if not raw:
        return {}
    allowed = game.options["reentries"]
    highest = max(game.totals[p] for p in game.active)
    back: dict[str, Score] = {}
    for player in raw:
        if player not in game.players:
            raise InvalidEntry(Note("reentry.refuse.not_a_player", name=quoted(player)), hand=number,
                               field="reenter", code="not_a_player")
        if player in back:
            raise InvalidEntry(Note("reentry.refuse.named_twice", player=player), hand=number, player=player,
                               field="reenter", named=True)
        if player not in game.eliminated:
            raise InvalidEntry(Note("reentry.refuse.not_out", player=player), hand=number, player=player,
                               field="reenter", code="not_out", named=True)
        if game.reentries.get(player, 0) >= allowed:
            raise InvalidEntry(Note("reentry.refuse.none_left", player=player), hand=number, player=player,
                               field="reenter", code="no_reentries_left", named=True)
        back[player] = highest
    return back


def reentry_notes(game: Game, back: Mapping[str, Score]) -> list[Note]:
    """``Cara re-enters at 84, the highest total still in (Bob); re-entry 1 of 1.``

    Said after the players of ``back`` are seated again (:meth:`Game.reenter`).
    """
    allowed = game.options["reentries"]
    notes: list[Note] = []
    for player, total in back.items():
        leaders = [p for p in game.active if p not in back and game.totals[p] == total]
        count = game.reentries[player]
        notes.append(Note("reentry.back", player=player, total=whole(total), leaders=leaders, count=count,
                          allowed=allowed))
    return notes


# -- dealers -----------------------------------------------------------------


def winner_deals(game: Game, result: HandResult) -> str:
    """Two players: the hand's winner deals next; else the deal passes left."""
    if result.winner is not None and len(game.players) == 2:
        return result.winner
    return game.left_of[game.dealers[-1]]


# -- endings and winners -----------------------------------------------------


def best_players(
    game: Game, *, lowest: bool, tie_break: bool, among: Sequence[str]
) -> list[str]:
    """The players with the best total; ties share unless ``tie_break``.

    With ``tie_break`` the tied player who led before the last hand wins
    (lowest before it, in a penalty game); still tied, they share.
    """
    if not among:
        return []
    pick = min if lowest else max
    best = pick(game.totals[p] for p in among)
    tied = [p for p in among if game.totals[p] == best]
    if len(tied) > 1 and tie_break and game.previous_totals:
        before = pick(game.previous_totals[p] for p in tied)
        tied = [p for p in tied if game.previous_totals[p] == before]
    return tied


def zero_scores(players: Sequence[str]) -> dict[str, Score]:
    return dict.fromkeys(players, 0)


def split(pot: Score, ways: int) -> Score:
    """An exact equal share: an int when it divides, else a Fraction."""
    if type(pot) is int and pot % ways == 0:  # nearly always (one winner): no Fraction made
        return pot // ways
    share = Fraction(pot) / ways
    return int(share) if share.denominator == 1 else share
