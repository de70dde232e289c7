"""Sides (partnerships): a log's ``sides`` header, checked, and the sides' names.

SCORING.md section 3 ("Sides"): only a variant that declares
:class:`~.declare.Sides` takes ``"sides": [["Ann", "Cara"], ["Bob", "Dan"]]``.
Every player is on exactly one side, every side has the same number of
players (2 or more, a size the variant takes with this many players), seat
order stays the log's ``players``, and partners sit opposite: with s sides,
``players[i]`` and ``players[i + s]`` are partners.  A side is named by its
players in seat order joined by ``" & "``; sides are listed in the seat order
of their first player.  Where a variant scores sides and the log gives none,
each player is a side of one, named by the player.

    >>> seat_sides([["Bob", "Dan"], ["Cara", "Ann"]], ("Ann", "Bob", "Cara", "Dan"), Sides({4: (2,)}), "Canasta")
    {'Ann & Cara': ('Ann', 'Cara'), 'Bob & Dan': ('Bob', 'Dan')}
    >>> opposite_sides(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"], 2)
    [['Ann', 'Dan'], ['Bob', 'Eve'], ['Cara', 'Fay']]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .bounds import quoted
from .declare import Sides
from .errors import InvalidEntry

#: what joins a side's players into its name
JOIN = " & "


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


def _or(numbers: Sequence[int], last: str = "or") -> str:
    """``2, 3, 4 or 6``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


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
            raise _invalid(f"{game} is not played in sides", "not_in_sides")
        return None
    if raw is None and declared.optional:
        return None  # each plays for themselves: no sides at all
    uneven = declared.uneven.get(len(players))
    if uneven:
        return _seat_uneven(raw, players, uneven, game)
    sizes = declared.sizes_for(len(players))
    if not sizes:
        if raw is not None:
            counts = sorted(declared.sizes)
            raise _invalid(f"{game} is played in sides only with {_or(counts)} players; with {len(players)} "
                           "each player plays for themselves", "no_sides_for_players")
        return {player: (player,) for player in players}
    if raw is None:
        raise _invalid(f"{game} with {len(players)} players is played in sides of {_or(sizes)}: say who "
                       "partners whom (partners sit opposite)", "sides_missing")
    seated = _read(raw, players)
    _check_sizes(seated, len(players), sizes, game)
    _check_opposite(seated, players)
    return _named(seated)


def _seat_uneven(raw: Any, players: tuple[str, ...], sizes: tuple[int, ...],
                 game: str) -> dict[str, tuple[str, ...]]:
    """Sides of different sizes, one of each size listed, seated anyhow (Canasta for five)."""
    wanted = " and ".join(f"one of {size}" for size in sizes)
    if raw is None:
        raise _invalid(f"{game} with {len(players)} players is played in sides: {wanted}; say who partners "
                       "whom", "sides_missing")
    seated = _read(raw, players)
    if sorted(map(len, seated), reverse=True) != sorted(sizes, reverse=True):
        got = " and ".join(str(len(side)) for side in seated)
        raise _invalid(f"{game} with {len(players)} players is played in sides: {wanted}, not {got}",
                       "bad_side_size")
    return _named(seated)


def _named(seated: list[tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    named: dict[str, tuple[str, ...]] = {}
    for side in seated:
        name = side_name(side)
        if name in named:
            raise _invalid(f'two sides would both be named "{name}"; tell the players apart by their names',
                           "same_name")
        named[name] = side
    return named


def _read(raw: Any, players: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The sides as lists of players, each in seat order, the sides in the seat order of their first."""
    shape = 'sides must list each side\'s players, like [["Ann", "Cara"], ["Bob", "Dan"]]'
    if not isinstance(raw, list) or not all(isinstance(side, list) for side in raw):
        raise _invalid(shape, "bad_sides")
    # Bounds first: a list past the players' number is refused before it is read through.
    if len(raw) > len(players) or sum(len(side) for side in raw) > 2 * len(players):
        raise _invalid(f"sides names more than the game's {len(players)} players", "out_of_bounds")
    if not all(isinstance(name, str) for side in raw for name in side):
        raise _invalid(shape, "bad_sides")
    seat = {player: i for i, player in enumerate(players)}
    seen: set[str] = set()
    for side in raw:
        for name in side:
            if name not in seat:
                raise _invalid(f"{quoted(name)} is not a player in this game", "not_a_player")
            if name in seen:
                raise _invalid(f"{name} is named twice; each player is on exactly one side", "named_twice")
            seen.add(name)
    for player in players:
        if player not in seen:
            raise _invalid(f"{player} is on no side; each player is on exactly one", "not_on_a_side")
    sides = [tuple(sorted(side, key=seat.__getitem__)) for side in raw]
    return sorted(sides, key=lambda side: seat[side[0]] if side else -1)  # an empty one is refused next


def _check_sizes(sides: list[tuple[str, ...]], players: int, sizes: tuple[int, ...], game: str) -> None:
    smallest = min(sides, key=len)
    if len(smallest) < 2:
        alone = f" ({smallest[0]} is alone)" if smallest else ""
        raise _invalid(f"a side has at least 2 players{alone}", "bad_side_size")
    counts = sorted({len(side) for side in sides}, reverse=True)
    if len(counts) > 1:
        raise _invalid(f"every side has the same number of players, not {_or(counts, 'and')}",
                       "bad_side_size")
    if counts[0] not in sizes:
        raise _invalid(f"{game} with {players} players is played in sides of {_or(sizes)}, not {counts[0]}",
                       "bad_side_size")


def _check_opposite(sides: list[tuple[str, ...]], players: tuple[str, ...]) -> None:
    """With s sides, partners sit s seats apart: opposite, in sides of two."""
    apart = len(sides)
    seat = {player: i for i, player in enumerate(players)}
    rule = "partners sit opposite" if len(sides[0]) == 2 else f"partners sit {apart} seats apart"
    for side in sides:
        first = seat[side[0]]
        for partner in side[1:]:
            gap = seat[partner] - first
            if gap % apart:
                where = "sit side by side" if gap in (1, len(players) - 1) else f"sit {gap} seats apart"
                raise _invalid(f"{side[0]} and {partner} {where}, but {rule}", "partners_not_opposite")
