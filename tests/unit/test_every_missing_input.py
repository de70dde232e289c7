"""A hand short of several players' input names every one of them (``InvalidEntry.missing``), in
every variant, so a form can mark them all at once; the first stays the error's ``player``."""

from __future__ import annotations

from typing import Any

import pytest
from registry_kit import least_definition, sides_header

from scorekeeper.engine import InvalidEntry, Replay, variants
from scorekeeper.engine.games import get_variant

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]


def _log(variant: dict[str, Any], players: int) -> dict[str, Any]:
    log: dict[str, Any] = {"variant": variant["key"], "players": NAMES[:players],
                           **sides_header(variant, NAMES[:players])}
    if variant["defined_by_table"]:
        log["options"] = least_definition(variant)
    return log


@pytest.mark.parametrize("variant", variants(), ids=[v["key"] for v in variants()])
def test_a_hand_with_nobodys_input_names_every_player_still_to_enter(variant: dict[str, Any]) -> None:
    # Three players where the game takes them (four of Canasta play in sides), else its fewest.
    players = max(variant["min_players"], min(3, variant["max_players"]))
    game = Replay(_log(variant, players))
    # A card the deal turned up, where the game asks for one (Oklahoma's upcard): its choices as declared.
    entry: dict[str, Any] = {"out": "Ann", "hands": {}}
    entry |= {c["key"]: "7H" for c in variant["entry"]["choices"] if c["kind"] == "card"}
    if variant["entry"]["games_at_once"] > 1:  # each game of the hand an entry of its own: Ann's first
        entry = {"games": [entry, *({"out": None, "hands": {}} for _ in range(variant["entry"]["games_at_once"] - 1))]}

    with pytest.raises(InvalidEntry) as refused:
        game.play(entry)

    error = refused.value
    # (Every variant refuses it for the missing input first; one that refused it for another
    # reason would go untested here, so it fails rather than skip: give it an entry it takes.)
    assert error.code == "missing_input" and error.player in NAMES, \
        f"{variant['key']} refuses this entry first for another reason: {error}"
    assert error.missing[0] == error.player
    assert len(set(error.missing)) == len(error.missing)
    assert set(error.missing) <= set(NAMES[:players])
    assert set(error.missing) >= set(NAMES[1:players]) or get_variant(variant["key"]).out_gives_input
    assert game.hands_played == 0  # nothing applied


def test_the_missing_are_named_in_the_order_the_rules_ask_and_a_complete_hand_still_scores() -> None:
    game = Replay({"variant": "basic", "players": NAMES[:4]})

    with pytest.raises(InvalidEntry) as refused:
        game.play({"out": "Ann", "hands": {"Bob": {"count": 3}}})

    assert refused.value.missing == ("Cara", "Dan")
    game.play({"out": "Ann", "hands": {"Bob": {"count": 3}, "Cara": {"count": 4}, "Dan": {"count": 5}}})
    assert game.sheet()["totals"]["Ann"] == 12
