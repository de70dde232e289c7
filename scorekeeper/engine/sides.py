"""Sides (partnerships): a log's ``sides`` header, checked, and the sides' names.

SCORING.md section 3 ("Sides"): only a variant that declares
:class:`~.declare.Sides` takes ``"sides": [["Ann", "Cara"], ["Bob", "Dan"]]``.
Every player is on exactly one side, every side has the same number of
players (2 or more, a size the variant takes with this many players), seat
order stays the log's ``players``, and partners sit opposite: with s sides,
``players[i]`` and ``players[i + s]`` are partners.  A side is named by its
players in seat order joined by ``" & "``; sides are listed in the seat order
of their first player.  Where a variant scores sides and the log gives none,
each player is a side of one, named by the player.  What the rules refuse is
a keyed note (:data:`NOTES`), so a page writes it in its reader's language.

    >>> seat_sides([["Bob", "Dan"], ["Cara", "Ann"]], ("Ann", "Bob", "Cara", "Dan"), Sides({4: (2,)}), "Canasta")
    {'Ann & Cara': ('Ann', 'Cara'), 'Bob & Dan': ('Bob', 'Dan')}
    >>> opposite_sides(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"], 2)
    [['Ann', 'Dan'], ['Bob', 'Eve'], ['Cara', 'Fay']]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .bounds import quoted
from .declare import Note, Sides
from .errors import InvalidEntry
from .notes import Words, sentences

#: what joins a side's players into its name
JOIN = " & "

#: what a ``sides`` header is refused for: ``game`` the game's name, ``players`` how many play,
#: ``counts``/``sizes`` the numbers of players (or sizes of side) the rules take
NOTES = sentences({
    "sides.refuse.not_in_sides": "{game} is not played in sides",
    "sides.refuse.no_sides_for_players": "{game} is played in sides only with {counts:either} players; with "
                                         "{players} each player plays for themselves",
    "sides.refuse.sides_missing": "{game} with {players} players is played in sides of {sizes:either}: say who "
                                  "partners whom (partners sit opposite)",
    "sides.refuse.uneven_missing": "{game} with {players} players is played in sides: {sizes:one_of_each}; say "
                                   "who partners whom",
    "sides.refuse.uneven_sizes": "{game} with {players} players is played in sides: {sizes:one_of_each}, not "
                                 "{got:each_and}",
    "sides.refuse.same_side_name": 'two sides would both be named "{name}"; tell the players apart by their names',
    "sides.refuse.shape": 'sides must list each side\'s players, like [["Ann", "Cara"], ["Bob", "Dan"]]',
    "sides.refuse.too_many": "sides names more than the game's {players} players",
    "sides.refuse.named_twice": "{player} is named twice; each player is on exactly one side",
    "sides.refuse.on_no_side": "{player} is on no side; each player is on exactly one",
    "sides.refuse.too_small": "a side has at least 2 players",
    "sides.refuse.alone": "a side has at least 2 players ({player} is alone)",
    "sides.refuse.same_size": "every side has the same number of players, not {counts:names}",
    "sides.refuse.wrong_size": "{game} with {players} players is played in sides of {sizes:either}, not {size}",
    "sides.refuse.side_by_side_opposite": "{first} and {second} sit side by side, but partners sit opposite",
    "sides.refuse.side_by_side_apart": "{first} and {second} sit side by side, but partners sit {apart} seats "
                                       "apart",
    "sides.refuse.gap_opposite": "{first} and {second} sit {gap} seats apart, but partners sit opposite",
    "sides.refuse.gap_apart": "{first} and {second} sit {gap} seats apart, but partners sit {apart} seats apart",
}, one_of_each=Words({"": "one of {points}"}, after={"and": " and "}, sep=""),
   each_and=Words({"": "{points}"}, after={"and": " and "}, sep=""))


def _each_and(sizes: Iterable[int]) -> list[dict[str, int]]:
    """Sizes as a refusal lists them, each but the last followed by its "and" (the language's
    word, from its catalogue): ``one of 3 and one of 2``, ``4 and 1``."""
    items = [{"points": size} for size in sizes]
    for item in items[:-1]:
        item["and"] = 1
    return items


def side_name(players: Sequence[str]) -> str:
    """``Ann & Cara``: a side's players, in seat order, joined."""
    return JOIN.join(players)


def opposite_sides(players: Sequence[str], size: int) -> list[list[str]]:
    """The players in sides of ``size``, partners opposite each other, for a new game's form.

    With s sides, seat i's partners are seats i + s, i + 2s...: the only
    seating the engine takes for these players in this order.
    """
    count = len(players) // size
    return [list(players[first::count]) for first in range(count)]


def uneven_sides(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """The players in sides of these different sizes, for a new game's form: the seats dealt round
    the sides in turn, a side left out once full (five in sides of 3 and 2: seats 1, 3, 5 and 2, 4).

    >>> uneven_sides(["Ann", "Bob", "Cara", "Dan", "Eve"], (3, 2))
    [['Ann', 'Cara', 'Eve'], ['Bob', 'Dan']]
    """
    sides: list[list[str]] = [[] for _ in sizes]
    open_sides = list(range(len(sizes)))
    turn = 0
    for player in players:
        side = open_sides[turn % len(open_sides)]
        sides[side].append(player)
        if len(sides[side]) == sizes[side]:
            open_sides.remove(side)
        else:
            turn += 1
    return sides


def _invalid(message: str, code: str) -> InvalidEntry:
    return InvalidEntry(message, where="sides", code=code)


def seat_sides(raw: Any, players: tuple[str, ...], declared: Sides | None,
               game: str) -> dict[str, tuple[str, ...]] | None:
    """The sides of a game: each side's name and players (in seat order), sides in seat order.

    ``None`` when the variant is not played in sides (``declared`` is None,
    or its sides are optional and the log gives none); each player a side
    of one where it is but not at this many players.
    :class:`InvalidEntry` (``where="sides"``) for a header the rules refuse;
    ``"sides": null`` is no header.
    """
    if declared is None:
        if raw is not None:
            raise _invalid(Note("sides.refuse.not_in_sides", game=game), "not_in_sides")
        return None
    if raw is None and declared.optional:
        return None  # each plays for themselves: no sides at all
    uneven = declared.uneven.get(len(players))
    if uneven:
        return _seat_uneven(raw, players, uneven, game)
    sizes = declared.sizes_for(len(players))
    if not sizes:
        if raw is not None:
            raise _invalid(Note("sides.refuse.no_sides_for_players", game=game, counts=sorted(declared.sizes),
                                players=len(players)), "no_sides_for_players")
        return {player: (player,) for player in players}
    if raw is None:
        raise _invalid(Note("sides.refuse.sides_missing", game=game, players=len(players), sizes=list(sizes)),
                       "sides_missing")
    seated = _read(raw, players)
    _check_sizes(seated, len(players), sizes, game)
    _check_opposite(seated, players)
    return _named(seated)


def _seat_uneven(raw: Any, players: tuple[str, ...], sizes: tuple[int, ...],
                 game: str) -> dict[str, tuple[str, ...]]:
    """Sides of different sizes, one of each size listed, seated anyhow (Canasta for five)."""
    if raw is None:
        raise _invalid(Note("sides.refuse.uneven_missing", game=game, players=len(players), sizes=_each_and(sizes)),
                       "sides_missing")
    seated = _read(raw, players)
    if sorted(map(len, seated), reverse=True) != sorted(sizes, reverse=True):
        raise _invalid(Note("sides.refuse.uneven_sizes", game=game, players=len(players), sizes=_each_and(sizes),
                            got=_each_and(len(side) for side in seated)), "bad_side_size")
    return _named(seated)


def _named(seated: list[tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    named: dict[str, tuple[str, ...]] = {}
    for side in seated:
        name = side_name(side)
        if name in named:
            raise _invalid(Note("sides.refuse.same_side_name", name=name), "same_name")
        named[name] = side
    return named


def _read(raw: Any, players: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The sides as lists of players, each in seat order, the sides in the seat order of their first."""
    shape = Note("sides.refuse.shape")
    if not isinstance(raw, list) or not all(isinstance(side, list) for side in raw):
        raise _invalid(shape, "bad_sides")
    # Bounds first: a list past the players' number is refused before it is read through.
    if len(raw) > len(players) or sum(len(side) for side in raw) > 2 * len(players):
        raise _invalid(Note("sides.refuse.too_many", players=len(players)), "out_of_bounds")
    if not all(isinstance(name, str) for side in raw for name in side):
        raise _invalid(shape, "bad_sides")
    seat = {player: i for i, player in enumerate(players)}
    seen: set[str] = set()
    for side in raw:
        for name in side:
            if name not in seat:
                raise _invalid(Note("errors.refuse.not_a_player", name=quoted(name)), "not_a_player")
            if name in seen:
                raise _invalid(Note("sides.refuse.named_twice", player=name), "named_twice")
            seen.add(name)
    for player in players:
        if player not in seen:
            raise _invalid(Note("sides.refuse.on_no_side", player=player), "not_on_a_side")
    sides = [tuple(sorted(side, key=seat.__getitem__)) for side in raw]
    return sorted(sides, key=lambda side: seat[side[0]] if side else -1)  # an empty one is refused next


def _check_sizes(sides: list[tuple[str, ...]], players: int, sizes: tuple[int, ...], game: str) -> None:
    smallest = min(sides, key=len)
    if len(smallest) < 2:
        alone = Note("sides.refuse.alone", player=smallest[0]) if smallest else Note("sides.refuse.too_small")
        raise _invalid(alone, "bad_side_size")
    counts = sorted({len(side) for side in sides}, reverse=True)
    if len(counts) > 1:
        raise _invalid(Note("sides.refuse.same_size", counts=[str(count) for count in counts]), "bad_side_size")
    if counts[0] not in sizes:
        raise _invalid(Note("sides.refuse.wrong_size", game=game, players=players, sizes=list(sizes), size=counts[0]),
                       "bad_side_size")


def _check_opposite(sides: list[tuple[str, ...]], players: tuple[str, ...]) -> None:
    """With s sides, partners sit s seats apart: opposite, in sides of two."""
    apart = len(sides)
    seat = {player: i for i, player in enumerate(players)}
    opposite = len(sides[0]) == 2
    for side in sides:
        first = seat[side[0]]
        for partner in side[1:]:
            gap = seat[partner] - first
            if gap % apart:
                beside = gap in (1, len(players) - 1)
                values = {"first": side[0], "second": partner, **({} if beside else {"gap": gap}),
                          **({} if opposite else {"apart": apart})}
                raise _invalid(Note(_NOT_APART[beside, opposite], **values), "partners_not_opposite")


#: the refusal of partners not as far apart as the rules seat them: by whether they sit side by
#: side, and whether partners sit opposite (sides of two)
_NOT_APART = {(True, True): "sides.refuse.side_by_side_opposite", (True, False): "sides.refuse.side_by_side_apart",
              (False, True): "sides.refuse.gap_opposite", (False, False): "sides.refuse.gap_apart"}
