"""Seeded game logs for the replay figures, in the shape SCORING.md gives."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.bounds import MAX_TARGET
from scorekeeper.engine.cards import ALL_CARDS, format_cards

from .hands import CardIds, GinDeal, to_cards

# The highest target the engine takes (SCORING.md section 6): no total of these logs reaches it,
# so every hand is played.
NEVER_ENDS = MAX_TARGET
ANY_KNOCK = 1000  # a knock limit above any 10-card deadwood, so every hand may knock
# The defender's count in a one-hand-per-gin-hand log: above any 10-card
# deadwood (at most 98: no more than eight 10-point cards avoid a set), so
# the knocker always wins and the defender needs no solving.
DEFENDER_COUNT = 100
BASIC_PLAYERS = ["Ann", "Bob", "Cara", "Dev"]
BASIC_DEAL = 7  # cards each with 3-4 players


def _card_text(ids: CardIds) -> str:
    return format_cards(to_cards(ids))


def gin_log(deals: list[GinDeal]) -> dict[str, Any]:
    """A Gin game with one hand per deal, both hands entered as cards."""
    hands = [
        {
            "out": d.knocker,
            "hands": {"Ann": {"cards": _card_text(d.ann)}, "Bob": {"cards": _card_text(d.bob)}},
        }
        for d in deals
    ]
    return {
        "variant": "gin",
        "players": ["Ann", "Bob"],
        "options": {"target": NEVER_ENDS},
        "hands": hands,
    }


def gin_hand_log(hands: list[CardIds]) -> dict[str, Any]:
    """A Gin game with one entry per 10-card hand, that hand as the knocker's.

    Ann knocks with the hand's cards; Bob is entered as a count
    (:data:`DEFENDER_COUNT`), so each entry asks the engine to solve exactly
    one 10-card hand.  ``knock_limit`` lets any hand knock.
    """
    entries = [
        {"out": "Ann", "hands": {"Ann": {"cards": _card_text(h)}, "Bob": {"count": DEFENDER_COUNT}}}
        for h in hands
    ]
    return {
        "variant": "gin",
        "players": ["Ann", "Bob"],
        "options": {"target": NEVER_ENDS, "knock_limit": ANY_KNOCK},
        "hands": entries,
    }


def knock_log(deals: list[tuple[CardIds, CardIds]]) -> dict[str, Any]:
    """A two-player Knock Rummy game with one entry per deal, both hands as cards.

    Ann knocks with the first hand of each deal; Bob, the defender, is
    entered as his cards too, so each entry asks the engine to solve two
    10-card hands.  No target: the game goes on until it is ended.
    """
    entries = [
        {"out": "Ann", "hands": {"Ann": {"cards": _card_text(ann)}, "Bob": {"cards": _card_text(bob)}}}
        for ann, bob in deals
    ]
    return {"variant": "knock", "players": ["Ann", "Bob"], "options": {}, "hands": entries}


def basic_log(count: int, seed: str) -> dict[str, Any]:
    """A 4-player Basic Rummy game of ``count`` hands, counts and cards mixed.

    Each hand deals 7 cards each from one deck; a random player goes out
    (sometimes with a rummy) and every other player keeps 1 to 7 of their
    cards, entered as the cards themselves or, half the time, their count.
    """
    rng = random.Random(seed)
    deck = list(range(52))
    hands = []
    for _ in range(count):
        rng.shuffle(deck)
        out = rng.choice(BASIC_PLAYERS)
        entry: dict[str, Any] = {}
        for seat, player in enumerate(BASIC_PLAYERS):
            if player == out:
                continue
            dealt = deck[seat * BASIC_DEAL : (seat + 1) * BASIC_DEAL]
            kept = tuple(dealt[: rng.randint(1, BASIC_DEAL)])
            if rng.random() < 0.5:
                entry[player] = {"count": sum(min(ALL_CARDS[i].rank, 10) for i in kept)}
            else:
                entry[player] = {"cards": _card_text(kept)}
        hands.append({"out": out, "rummy": rng.random() < 0.05, "hands": entry})
    return {
        "variant": "basic",
        "players": list(BASIC_PLAYERS),
        "options": {"target": NEVER_ENDS},
        "hands": hands,
    }
