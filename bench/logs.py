"""Seeded game logs for the replay figures, in the shape SCORING.md gives."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.cards import ALL_CARDS, format_cards

from .hands import CardIds, GinDeal, to_cards

NEVER_ENDS = 10**9  # a target no total reaches, so every hand is played
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
