"""The short way of reading an input (:mod:`scorekeeper.engine.games.quick_read`, an
optimisation) gives what the plain way reads, and takes nothing the plain way refuses."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.cards import ALL_CARDS, JOKER
from scorekeeper.engine.errors import InvalidEntry
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.base import Hand, PlayerInput, Variant
from scorekeeper.engine.games.quick_read import quick_input

NAMES = [str(card) for card in ALL_CARDS] + [str(JOKER)]


def a_hand(number: int = 1) -> Hand:
    return Hand(number, "Ann", ("Ann", "Bob"), "Ann", {}, {}, {}, ("Ann", "Bob"), ("Bob",), ())


def alike(one: PlayerInput, other: PlayerInput) -> bool:
    return (one.cards, one.count, one.all_cards, one.bits, dict(one.extra)) == (
        other.cards, other.count, other.all_cards, other.bits, dict(other.extra))


def random_raw(rng: random.Random, variant: Variant) -> object:
    """An input as a table might send it: mostly well formed, often not."""
    pick = rng.random()
    if pick < 0.3:
        return {"count": rng.choice([0, 1, 7, 37, 999, 1000, 10_000, 10_001, -1, True, 2.5, "5", None])}
    if pick < 0.85:
        size = rng.choice([variant.exact_cards or 7, rng.randint(0, 14), 30, 60])
        names = rng.choices(NAMES, k=size) if rng.random() < 0.3 else rng.sample(NAMES, min(size, 53))
        if names and rng.random() < 0.15:
            names[rng.randrange(len(names))] = rng.choice(["10h", "1H", "ZZ", "T♠", "K"])
        text = rng.choice([" ", ", ", "  "]).join(names)
        raw: dict[str, object] = {"cards": text}
        if rng.random() < 0.1:
            raw["count"] = 5
        return raw
    return rng.choice([{}, {"cards": None}, {"cards": ""}, {"cards": ["KH", "5D"]}, {"drop": True}, ["KH"], "KH",
                       {"count": 3, "extra": 1}, {"cards": "KH " * 400}])


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_the_short_way_reads_what_the_plain_way_reads_and_takes_nothing_it_refuses(key):
    variant = VARIANTS[key]
    rng = random.Random(f"quick {key}")
    taken = 0
    for _ in range(600):
        raw = random_raw(rng, variant)
        hand = a_hand(rng.randint(1, 7))
        quick = quick_input(variant, hand, raw)
        try:
            plain = variant.read_plain_input(hand, "Bob", raw)
        except InvalidEntry:
            assert quick is None, f"{raw!r} is refused the plain way"
            continue
        if quick is not None:
            taken += 1
            assert alike(quick, plain), raw
    # The short way is taken where it can be (none of the games whose deal sets the hand's size).
    assert taken > 0 or variant.exact_deal or not {"count", "cards"} & variant.input_keys


def test_the_short_way_takes_cards_and_counts_as_the_sheet_writes_them():
    gin = VARIANTS["gin"]
    cards = quick_input(gin, a_hand(), {"cards": "AS 2S 3S 4H 5H 6H 7C 8C 9C KD"})
    assert cards is not None and len(cards.cards or ()) == 10 and cards.bits is not None
    assert quick_input(gin, a_hand(), {"count": 12}) is not None
    assert quick_input(gin, a_hand(), {"cards": "as 2S 3S 4H 5H 6H 7C 8C 9C KD"}) is None  # the plain way reads it
    assert quick_input(gin, a_hand(), {"cards": "AS 2S"}) is None  # the plain way refuses it
