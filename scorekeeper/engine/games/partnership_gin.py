"""Partnership Gin: two sides of two, each hand two games of Gin at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..bounds import quoted
from ..declare import Note, Settlement, Sides, note_key
from ..errors import InvalidEntry
from ..extras import PAIRINGS, Extra
from ..notes import Words, sentences
from ..options import Option, target
from ..sheet import NoteKey
from .base import Game, Hand, HandResult, PlayedInSides, Score, decided
from .gin_family import GinFinal, GinHands, gin_final, hands_won, settle

#: the notes Partnership Gin adds to Gin's (:data:`.gin_family.NOTES`), each key with its sentence
NOTES: Mapping[str, str] = sentences({
    "partnership.how_to": "Each game: tap who knocked (0 is gin; at most {limit}); for both players, the unmatched "
                          "cards (A 1, J Q K 10), the defender's after laying off.",
    "partnership.how_to_dead_game": "Dead game: the stock ran out.",
    "partnership.dead": "{first} v {second}: dead game (the stock ran down), nobody scores.",
    "partnership.won": "{winner} won {points}, {other} {lost}: {points} - {lost} = {score} to {winner}.",
    "partnership.even": "Both sides won {points}: nobody scores.",
    "partnership.game_bonus": "{winner} win the game: {bonus} game bonus.",
    "partnership.ended_by_agreement": "Ended by agreement: {winner} have the higher total; no game bonus.",
    "partnership.next_games": "{games:pairings}",
}, pairings=Words({"": "{first} v {second}"}))

#: what a refusal says, keyed like the notes (a page writes it in its reader's language)
REFUSALS: Mapping[str, str] = sentences({
    "partnership.refuse.not_an_object": "an entry must be an object with the hand's two games",
    "partnership.refuse.not_part": "{key} is not part of a {game} entry (it takes {keys:list})",
    "partnership.refuse.wrong_pairing": "this hand's games are {first} v {second} and {third} v {fourth}",
    "partnership.refuse.not_a_player": "{name} is not a player in this game",
})

#: Gin's settlement notes that name a winner, said of a side (two players)
_OF_A_SIDE = {"gin.game_bonus": "partnership.game_bonus", "gin.ended_by_agreement": "partnership.ended_by_agreement"}

#: the two ways opponents are paired (the ``pairing`` option)
PAIRING_WAYS = ("alternate", "fixed")


class _OneGame(GinHands):
    """One of the hand's two games: a hand of Gin Rummy between two players (not in the registry)."""

    key = "partnership-gin"
    name = "Partnership Gin"
    summary = "One game of a Partnership Gin hand."


_ONE = _OneGame()


def pairings(players: Sequence[str], number: int, dealer: str, pairing: str) -> list[list[str]]:
    """Hand ``number``'s two games, each ``[dealer, opponent]``: the dealing side's player first.

    >>> pairings(["Ann", "Bob", "Cara", "Dan"], 1, "Ann", "alternate")
    [['Ann', 'Dan'], ['Cara', 'Bob']]
    >>> pairings(["Ann", "Bob", "Cara", "Dan"], 2, "Bob", "alternate")
    [['Bob', 'Ann'], ['Dan', 'Cara']]
    """
    p0, p1, p2, p3 = players
    games = [(p0, p3), (p2, p1)] if pairing == "alternate" and number % 2 else [(p0, p1), (p2, p3)]
    dealing = {dealer, players[(players.index(dealer) + 2) % 4]}
    return [[a, b] if a in dealing else [b, a] for a, b in games]


class PartnershipGin(PlayedInSides, GinHands):
    """Partnership Gin (bicyclecards "Partnership Rummy", rummy-games).

    Four players in two sides, partners opposite.  Each hand is two games of
    Gin Rummy at once.  With ``pairing`` "alternate" (the default) the
    opponents alternate: in odd hands each player plays the opponent on
    their right (the first player v the fourth, the third v the second), in
    even hands the one on their left (the first v the second, the third v
    the fourth); "fixed" always plays the even hands' games.

    Enter both games of the hand, each as a Gin entry: who knocked (or a
    dead game) and both players' cards or counts.  Each game is scored as
    Gin (knock limit 10, gin bonus 25, undercut bonus 25).  A side's result
    is the points its players won less the points the other side's players
    won; the side with the better result scores the difference and won the
    hand; equal results score nothing and nobody won the hand.

    The game ends after the hand in which a side reaches 125 (``target``).
    Then the winning side gets 100 (``game_bonus``), 100 more
    (``shutout_bonus``) if the other side's total is 0, and each side 25
    (``box_bonus``) for every hand it won; the net is the winning side's
    grand total minus the other's.  Ended by agreement, as Gin: the higher
    total wins, box bonuses but no game or shutout bonus.

    The side of the first dealer deals both games of hand 1; then the side
    that won the hand deals, and after a hand nobody won, the same side.
    """

    key = "partnership-gin"
    name = "Partnership Gin"
    summary = "Two sides of two: each hand two Gin games at once, the sides' points netted."
    min_players, max_players = 4, 4
    sides = Sides({4: (2,)})
    games_at_once = 2
    decisions = decided("""
        - **A dead game's entry** may leave out its players (`"hands": {}`, as in
          SCORING.md's example entry): it is then the hand's pairing the other game
          does not name.
        - **Each game's cards** are checked as one deck, a card may be in both games:
          the two games of a hand are dealt from two packs (source: bicyclecards,
          "Partnership Rummy"); the next deal's line says "2 decks".
        - **Partnership Gin's notes**: each game's Gin note (a dead game's names its
          two players), then the sides' points netted; the settlement's notes speak
          of the side ("Ann & Cara win the game") (specified here).
        - **A game not tapped** (neither a knocker nor a dead game) is refused by the
          form at that game's tiles; the engine's `wrong_pairing` is shown at the
          first game's (specified here).
    """)
    options: ClassVar[tuple[Option, ...]] = (
        Option("pairing", "choice", "alternate",
               "Opponents alternate hand by hand (odd hands each plays the opponent on their right), or the "
               "same two games every hand.", choices=PAIRING_WAYS,
               labels=("Opponents alternate", "Always the same opponents")),
        target(125, "The game ends after the hand in which a side reaches this."),
        *(o for o in GinHands.options if o.key != "target"),
    )
    extras = (Extra(PAIRINGS, "Games"),)

    def decks(self, players: int) -> int:
        return 2  # one pack for each of the hand's two games

    no_out_label = "Dead game"

    how_to_notes = ("partnership.how_to", "partnership.how_to_dead_game")

    # -- who plays whom ------------------------------------------------------------

    def start(self, game: Game) -> None:
        assert game.sides is not None
        side = next(seated for seated in game.sides.values() if game.first_dealer in seated)
        game.dealers[-1] = side[0]  # the dealing side's first player stands for it

    def hand_pairings(self, hand: Hand) -> list[list[str]]:
        return pairings(hand.seats, hand.number, hand.dealer, hand.options["pairing"])

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {PAIRINGS: pairings(game.players, number, game.dealers[-1], game.options["pairing"])}

    def next_words(self, game: Game, number: int) -> list[Note]:
        games = pairings(game.players, number, game.dealers[-1], game.options["pairing"])
        return [Note("partnership.next_games", games=[{"first": a, "second": b} for a, b in games])]

    def next_dealer(self, game: Game, result: HandResult) -> str:
        if result.winner is None:
            return game.dealers[-1]
        assert game.sides is not None
        return game.sides[result.winner][0]

    # -- reading the two games -------------------------------------------------------

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        if not isinstance(entry, Mapping):
            raise InvalidEntry(Note("partnership.refuse.not_an_object"), hand=number)
        for key in entry:
            if key != "games":
                raise InvalidEntry(Note("partnership.refuse.not_part", key=repr(key), game=self.name, keys=["games"]),
                                   hand=number)
        hand = Hand(number, dealer, game.active, None, entry, {}, game.options, game.players,
                    game.others_than[None], game.card_values, sides=game.sides or {})
        for _, one in self.games(hand):
            hand.inputs.update(one.inputs)
        return hand

    def games(self, hand: Hand) -> list[tuple[list[str], Hand]]:
        """The hand's two games, each its pairing and its Gin hand, read and checked."""
        raw = hand.entry.get("games")
        expected = self.hand_pairings(hand)
        (first, second), (third, fourth) = expected
        wrong = hand.invalid(Note("partnership.refuse.wrong_pairing", first=first, second=second, third=third,
                                  fourth=fourth), field="games", code="wrong_pairing")
        if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(g, Mapping) for g in raw):
            raise wrong
        matched: list[list[str] | None] = []
        for one in raw:
            hands = one.get("hands") or {}
            named = {one.get("out"), *(hands if isinstance(hands, Mapping) else ())} - {None}
            for name in named:
                if not isinstance(name, str) or name not in hand.seats:
                    raise hand.invalid(Note("partnership.refuse.not_a_player", name=quoted(name)), code="not_a_player")
            fits = [pair for pair in expected if named <= set(pair)]
            matched.append(fits[0] if named and fits else None)
            if named and not fits:
                raise wrong
        if matched[0] is not None and matched[0] == matched[1]:
            raise wrong
        free = [pair for pair in expected if pair not in matched]
        read: list[tuple[list[str], Hand]] = []
        for one, pair in zip(raw, matched, strict=True):
            pair = pair or free.pop(0)
            table = Game(variant=_ONE, players=tuple(p for p in hand.seats if p in pair), options=dict(hand.options),
                         first_dealer=pair[0], totals={})
            table.card_values = hand.values
            read.append((pair, _ONE.read(table, hand.number, dict(one), pair[0])))
        return read

    # -- scoring -------------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        side_of = {p: side for side, seated in hand.sides.items() for p in seated}
        won: dict[str, Score] = dict.fromkeys(hand.sides, 0)
        notes: list[str] = []
        keys: list[NoteKey] = []
        moments: dict[str, list[str]] = {}
        games: list[dict[str, Any]] = []
        for pair, one in self.games(hand):
            result = _ONE.score(one)
            if one.out is None:
                note = Note("partnership.dead", first=pair[0], second=pair[1])
                notes.append(note)
                keys.append(note_key(note))
            else:
                notes += result.notes
                keys += result.note_keys or [note_key(n) for n in result.notes]
            for player, points in result.scores.items():
                won[side_of[player]] += points
            for player, found in result.moments.items():
                moments.setdefault(player, []).extend(found)
            games.append({"players": pair, "out": one.out, "winner": result.winner, "kind": result.kind,
                          "scores": dict(result.scores), "details": result.details})
        first, second = hand.sides
        margin = won[first] - won[second]
        details = {side: {"won": won[side], "games": games} for side in hand.sides}
        if margin == 0:
            note = Note("partnership.even", points=won[first])
            return HandResult({}, [*notes, note], details, kind="even", moments=moments,
                              note_keys=[*keys, note_key(note)])
        winner, loser = (first, second) if margin > 0 else (second, first)
        score = won[winner] - won[loser]
        note = Note("partnership.won", winner=winner, other=loser, points=won[winner], lost=won[loser],
                    score=score)
        return HandResult({winner: score}, [*notes, note], details, winner=winner, kind="won",
                          moments=moments, note_keys=[*keys, note_key(note)])

    def hand_extras(self, game: Game, result: HandResult) -> dict[str, Any]:
        games = next(iter(result.details.values()))["games"]
        return {PAIRINGS: [g["players"] for g in games], "games": games}

    def check_cards(self, hand: Hand) -> None:
        """Each game is dealt from its own pack: checked as it is read (:meth:`games`)."""

    # -- the end ----------------------------------------------------------------------------

    def final(self, game: Game) -> GinFinal | None:
        if not game.results:
            return None
        sums, notes, detail = gin_final(game.columns, game.totals, hands_won(game.results, game.columns),
                                        game.options)
        said = [Note(_OF_A_SIDE[note.key], **note.values) if isinstance(note, Note) and note.key in _OF_A_SIDE
                else note for note in notes]
        return sums, said, detail

    def settlement(self, game: Game) -> list[Settlement]:
        final = self.final(game)
        if final is None:
            return []
        sums, notes, detail = final
        return [settle(game.columns, game.totals, sums, detail, game.options["box_bonus"], notes)]

