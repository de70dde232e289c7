"""Replaying a game's log into its score sheet.

The log (who plays, the variant and options, every hand's raw entry) is the
only truth; the sheet is derived by replaying it from the first hand, so an
edit to any past hand recomputes everything after it.  The cost is linear in
the number of hands: each hand is checked and scored once (a 1,000-hand game
replays in a few milliseconds; hands given as cards cost a meld search each).
What a log is refused for is a keyed note (:data:`NOTES`), so a page writes it
in its reader's language.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, cast

from . import guide
from .bounds import MAX_HANDS, check_names, quoted, shown
from .declare import ELIMINATED, REENTERED, Note, note_key
from .errors import InvalidEntry
from .games import EVERY_NEXT, get_variant
from .games.base import Game, HandResult, Variant, reentry_notes, shown_scores
from .notes import sentences
from .options import check_options
from .sheet import Guide, Row
from .sides import seat_sides

_LOG_KEYS = {"variant", "players", "options", "first_dealer", "sides", "hands", "ended"}

#: what a log's header and its list of hands are refused for (``game``: the game's name; ``key``: a
#: key given, as a message quotes it); ``after_refused``: a hand kept on a phone, played after one
#: that would be refused (:func:`~.in_browser.score_waiting`)
NOTES = sentences({
    "replay.refuse.hands_not_a_list": "hands must be a list of hand entries",
    "replay.refuse.too_many_hands": "{count} hands; a game holds at most {most}",
    "replay.refuse.game_over": "the game is already finished; start a new game (or a rematch) to play on",
    "replay.refuse.hand_past_most": "a game holds at most {most} hands; end this one and start a rematch",
    "replay.refuse.log_not_an_object": "a game log must be an object",
    "replay.refuse.not_in_a_log": "{key} is not part of a game log",
    "replay.refuse.players_not_a_list": "players must be a list of names",
    "replay.refuse.players_either": "{game} is for {counts:either} players, got {got}",
    "replay.refuse.players_range": "{game} is for {least} to {most} players, got {got}",
    "replay.refuse.after_refused": "after a hand that would be refused",
})


def replay(log: Mapping[str, Any]) -> dict[str, Any]:
    """The score sheet of a game log (see SCORING.md section 3), shaped as :class:`.sheet.Sheet`.

    Raises :class:`InvalidEntry` for anything that cannot be scored; nothing
    is partly applied.
    """
    return Replay.of(log).sheet()


class Replay:
    """A game replayed up to some hand, which can go on by one more.

    ``replay(log)`` is ``Replay.of(log).sheet()``.  A caller that keeps a
    game's Replay (a server, between one hand and the next) checks and adds
    the next hand with :meth:`after`, at the cost of that one hand instead of
    the whole log; the Replay it started from stays as it was.
    """

    __slots__ = ("_game", "_rows")

    def __init__(self, log: Mapping[str, Any]) -> None:
        """The game of ``log``'s header, before its first hand."""
        self._game = _start(log)
        self._rows: list[Row] = []

    @classmethod
    def of(cls, log: Mapping[str, Any]) -> Replay:
        """The game with every hand of the log played (and ended, if it was)."""
        game = cls(log)
        hands = log.get("hands") or []
        if not isinstance(hands, list):
            raise InvalidEntry(Note("replay.refuse.hands_not_a_list"), where="hands")
        if len(hands) > MAX_HANDS:
            raise InvalidEntry(Note("replay.refuse.too_many_hands", count=len(hands), most=MAX_HANDS), where="hands",
                               code="too_many_hands")
        for entry in hands:
            game.play(entry)
        if log.get("ended"):
            game.end()
        return game

    @property
    def hands_played(self) -> int:
        return len(self._rows)

    def play(self, entry: Any) -> None:
        """Check and score the next hand; :class:`InvalidEntry` changes nothing."""
        number = len(self._rows) + 1
        if self._game.finished:
            raise InvalidEntry(Note("replay.refuse.game_over"), hand=number, code="game_over")
        if number > MAX_HANDS:
            raise InvalidEntry(Note("replay.refuse.hand_past_most", most=MAX_HANDS), hand=number,
                               code="too_many_hands")
        self._rows.append(_play(self._game, number, entry))

    def after(self, entry: Any) -> Replay:
        """A copy with one more hand played; this Replay stays as it was."""
        following = self._copy()
        following.play(entry)
        return following

    def end(self) -> None:
        """The table stops here by agreement (a finished game stays as it is)."""
        if not self._game.finished:
            self._game.finished = True
            self._game.ended_by_agreement = True

    def sheet(self) -> dict[str, Any]:
        return _sheet(self._game, list(self._rows))

    def _copy(self) -> Replay:
        # What playing a hand changes in place is copied; the rest (the totals
        # are a new dict each hand, rows and results are never changed once
        # made) is shared.  A variant's own state may be changed anywhere
        # inside, so it is copied all through (it is small: Hollywood's three
        # games' totals).
        game = copy.copy(self._game)
        game.results = list(game.results)
        game.dealers = list(game.dealers)
        game.eliminated = dict(game.eliminated)
        game.state = copy.deepcopy(game.state)
        game.reentries = dict(game.reentries)
        clone = Replay.__new__(Replay)
        clone._game = game
        clone._rows = list(self._rows)
        return clone


def _start(log: Mapping[str, Any]) -> Game:
    if not isinstance(log, Mapping):
        raise InvalidEntry(Note("replay.refuse.log_not_an_object"), where="log")
    for key in log:
        if key not in _LOG_KEYS:
            raise InvalidEntry(Note("replay.refuse.not_in_a_log", key=shown(key)), where="log")
    variant = get_variant(log.get("variant"))
    players = _players(log.get("players"), variant)
    options = variant.resolve_options(check_options(variant.options, log.get("options")), len(players))
    first_dealer = log.get("first_dealer")
    if first_dealer is None:
        first_dealer = players[0]
    elif first_dealer not in players:
        raise InvalidEntry(Note("errors.refuse.not_a_player", name=quoted(first_dealer)), where="first_dealer")
    ended = log.get("ended", False)
    if not isinstance(ended, bool):
        raise InvalidEntry(Note("errors.refuse.true_or_false", field="ended"), where="ended")
    # A game scored by sides keeps its scores in the sides' columns, worked
    # out once here; every other game's columns are its players.
    sides = seat_sides(log.get("sides"), players, variant.sides, variant.name)
    columns = tuple(sides) if sides is not None else players
    game = Game(
        variant=variant,
        players=players,
        options=options,
        first_dealer=first_dealer,
        totals={c: 0 for c in columns},
        columns=columns,
        sides=sides,
    )
    game.dealers.append(first_dealer)
    game.card_values = variant.card_values(options)
    variant.start(game)
    return game


def _players(raw: Any, variant: Variant) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise InvalidEntry(Note("replay.refuse.players_not_a_list"), where="players")
    names = tuple(raw)
    if len(names) not in variant.allowed_counts():
        raise InvalidEntry(_counts(variant, len(names)), where="players", code="bad_players")
    check_names(raw)  # each 1 to 40 characters of text, no two alike but for case or spaces
    return names


def _counts(variant: Variant, got: int) -> Note:
    """The refusal of ``got`` players: the game is for ``2``, ``2 to 6``, or ``2, 3, 4 or 6`` players."""
    low, high = variant.min_players, variant.max_players
    if not variant.player_counts and low != high:
        return Note("replay.refuse.players_range", game=variant.name, least=low, most=high, got=got)
    counts = list(variant.player_counts) or [low]
    return Note("replay.refuse.players_either", game=variant.name, counts=counts, got=got)


def _play(game: Game, number: int, entry: Any) -> Row:
    variant = game.variant
    dealer = game.dealers[-1]  # fixed when the last hand ended: a player coming back deals later
    back = variant.before_hand(game, number, entry)
    # Those coming back are in for this hand: seated before it is read, and
    # unseated again if it is refused (nothing is partly applied).
    seating = game.reenter(back) if back else None
    try:
        hand = variant.read(game, number, entry, dealer)
        result = variant.score(hand)
    except Exception:
        if seating is not None:
            game.restore(seating)
        raise
    if back:
        result.reentered = back
        for note in reversed(reentry_notes(game, back)):
            result.add_note(note, first=True)
    # Every player's score, 0 for those the variant left out: from here on
    # the result's, the row's and the totals' (one dict, never changed).
    result.scores = scores = game.no_scores | result.scores
    # The totals are a new dict each hand, so the last one stays as it was
    # for a tie-break on the lead before this hand.
    game.previous_totals = totals = game.totals
    game.totals = new_totals = totals.copy()
    for column in new_totals:
        new_totals[column] += scores[column]
    game.results.append(result)
    variant.after_hand(game, number)
    variant.eliminate(game, number)
    put_out = [player for player, when in game.eliminated.items() if when == number] if game.eliminated else ()
    game.finished = variant.is_over(game)
    game.dealers.append(variant.next_dealer(game, result))
    notes = result.notes
    row: dict[str, Any] = {
        "number": number,
        "dealer": dealer,
        "out": hand.out,
        "scores": shown_scores(scores),
        "totals": shown_scores(new_totals),
        "details": result.details,
        "notes": notes,
        "note_keys": list(map(note_key, notes)) if result.note_keys is None else result.note_keys,
        "winner": result.winner,
        "kind": result.kind,
        "moments": _moments(variant, result, put_out),
    }
    row.update(variant.hand_extras(game, result))
    return cast(Row, row)


def _moments(variant: Variant, result: HandResult, put_out: Sequence[str]) -> dict[str, list[str]]:
    """The hand's moments: the variant's, and the engine's own where the variant counts them
    (who came back before the hand, who was put out after it)."""
    if not result.reentered and not put_out:
        return result.moments
    added = [(REENTERED.key, player) for player in result.reentered or () if REENTERED in variant.moments]
    added += [(ELIMINATED.key, player) for player in put_out if ELIMINATED in variant.moments]
    if not added:
        return result.moments
    moments = {p: list(keys) for p, keys in result.moments.items()}
    for key, player in added:
        moments.setdefault(player, []).append(key)
    return moments


def _sheet(game: Game, rows: list[Row]) -> dict[str, Any]:
    variant = game.variant
    number = game.hands_played + 1
    nxt = None
    if not game.finished:
        active = len(game.players)
        decks, jokers = variant.pack(active, game.options)
        nxt = {
            "hand": number,
            "dealer": game.dealers[-1],
            "cards_each": variant.deal(active, number, game.options),
            "decks": decks,
            "jokers": jokers,
            **EVERY_NEXT,
            **variant.next_extras(game, number),
        }
    final = variant.final(game) if game.finished else None
    sheet: dict[str, Any] = {
        "variant": variant.key,
        "name": variant.title(game.options),
        "options": dict(game.options),
        "players": list(game.players),
        "sides": list(sides) if (sides := game.sides) is not None else None,
        "side_players": {side: list(seated) for side, seated in sides.items()} if sides is not None else None,
        "first_dealer": game.first_dealer,
        "lowest_wins": variant.is_lowest_wins(game.options),
        "hands": rows,
        "totals": shown_scores(game.totals),
        "finished": game.finished,
        "ended_by_agreement": game.ended_by_agreement,
        "winners": variant.winners(game) if game.finished else [],
        "eliminated": dict(game.eliminated),
        "final": final[0] if final else None,
        "final_notes": final[1] if final else [],
        "final_detail": final[2] if final else None,
        "settlement": [part.sheet() for part in variant.settlement(game)] if game.finished else [],
        "next": nxt,
        "guide": _guide(variant, game, nxt),
        "moments": [moment.catalogue() for moment in variant.moments],
    }
    extras = variant.sheet_extras(game)
    if extras:
        sheet.update(extras)
    return sheet


def _guide(variant: Variant, game: Game, nxt: Mapping[str, Any] | None) -> Guide:
    """The guide's lines in English, and in ``keys`` each line's notes (its parts' keys and
    values, its separator's key) and the limit label's, for a page to write them in its
    reader's language (:class:`~.sheet.Guide`); plain strings and dicts, as the sheet is JSON."""
    how_to, goal = variant.how_to(game.options), variant.goal(game.options)
    next_deal = variant.next_line(game, nxt) if nxt is not None else guide.next_deal()
    limit = variant.limit(game.options)
    return {
        "how_to": str(how_to),
        "goal": str(goal),
        "limit": {"label": str(limit[0]), "value": limit[1]} if limit else None,
        "next": str(next_deal),
        "keys": {"how_to": how_to.sheet_keys(), "goal": goal.sheet_keys(), "next": next_deal.sheet_keys(),
                 "limit": note_key(limit[0]) if limit else None},
    }
