"""The games under test, as the registry lists them: tables of games are derived from it, not restated.

A game added to the registry is then in every table that covers every game, with what its own
declaration says; one test file per game is what the game's own tests add.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine import variants


def least_definition(variant: dict[str, Any]) -> dict[str, Any]:
    """What a game the table defines (the catalogue's ``defined_by_table``) is given at least:
    each required option its first allowed value (a name for a text), as the engine takes them.

    >>> house = next(v for v in variants() if v["key"] == "house")
    >>> least_definition(house)
    {'name': 'Our game', 'entry': 'points', 'scoring': 'own', 'lowest_wins': True}
    """
    given: dict[str, Any] = {}
    for option in variant["options"]:
        if not option["required"]:
            continue
        kind = option["type"]
        given[option["key"]] = ("Our game" if kind == "text" else True if kind == "bool"
                                else option["choices"][0] if option.get("choices") else option["minimum"])
    return given


def definitions() -> dict[str, dict[str, Any]]:
    """Each game the table defines, by key, with :func:`least_definition`."""
    return {v["key"]: least_definition(v) for v in variants() if v["defined_by_table"]}


def sides_header(variant: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The ``sides`` a game's log needs at this many players where its sides are required (the
    first size it takes, partners opposite), else nothing.

    >>> partnership = next(v for v in variants() if v["key"] == "partnership-gin")
    >>> sides_header(partnership, ["Ann", "Bob", "Cara", "Dan"])
    {'sides': [['Ann', 'Cara'], ['Bob', 'Dan']]}
    """
    from scorekeeper.engine.sides import opposite_sides

    sizes = (variant["sides"] or {}).get(str(len(players)))
    return {"sides": opposite_sides(players, sizes[0])} if sizes else {}
