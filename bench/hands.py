"""Seeded random hands.  Gin hands are card ids so each solver converts them.

A card id is 0..51, suit by suit (S H D C) then rank (A..K): both
``scorekeeper.engine.cards.ALL_CARDS[id]`` and RLCard's
``utils.get_card(id)`` use that order, so one list of ids feeds both solvers.
Every generator takes a seed string and draws from its own
:class:`random.Random`, so each figure sees the same hands on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scorekeeper.engine.cards import ALL_CARDS, JOKER, Card

CardIds = tuple[int, ...]


def gin_hands(count: int, size: int, seed: str) -> list[CardIds]:
    """``count`` hands of ``size`` distinct cards from one 52-card deck."""
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), size)) for _ in range(count)]


def two_hand_deals(count: int, seed: str) -> list[tuple[CardIds, CardIds]]:
    """``count`` deals of two 10-card hands from one shuffled deck (20 distinct cards)."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(range(52), 20)
        deals.append((tuple(cards[:10]), tuple(cards[10:])))
    return deals


def to_cards(ids: Sequence[int]) -> list[Card]:
    """The engine's cards for a hand of card ids."""
    return [ALL_CARDS[i] for i in ids]


def two_deck_hands(count: int, size: int, jokers: int, seed: str) -> list[list[Card]]:
    """``count`` hands of ``size`` cards from two decks plus ``jokers`` jokers."""
    return pack_hands(count, size, 2, jokers, seed)


def pack_hands(count: int, size: int, decks: int, jokers: int, seed: str) -> list[list[Card]]:
    """``count`` hands of ``size`` cards from ``decks`` decks plus ``jokers`` jokers."""
    pack = list(ALL_CARDS) * decks + [JOKER] * jokers
    rng = random.Random(seed)
    return [rng.sample(pack, size) for _ in range(count)]


def wild_ranks(count: int, seed: str) -> list[int]:
    """A random wild rank (1..13) for each of ``count`` deals."""
    rng = random.Random(seed)
    return [rng.randint(1, 13) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class GinDeal:
    """Two 10-card gin hands from one shuffled deck, and who knocks."""

    ann: CardIds
    bob: CardIds
    knocker: str  # "Ann" or "Bob": the one with the lower deadwood (Ann on a tie)


def knockable_deals(
    count: int, seed: str, deadwood: Callable[[CardIds], int], *, knock_limit: int = 10
) -> list[GinDeal]:
    """``count`` deals, each played until someone can knock.

    A fresh random deal almost never allows a knock (about 1 in 700), so each
    deal is played out: the deck is shuffled, the first 10 cards go to Ann and
    the next 10 to Bob, then in turn each draws the top card of the stock and
    discards the card that leaves the lowest deadwood (``deadwood`` gives a
    10-card hand's lowest deadwood), until one of them is at ``knock_limit``
    or below.  The knocker is the player with the lower deadwood (Ann on a
    tie).  A deal whose stock runs out first is skipped.  The 20 cards of a
    deal are distinct.
    """
    rng = random.Random(seed)
    deck = list(range(52))
    deals: list[GinDeal] = []
    while len(deals) < count:
        rng.shuffle(deck)
        found = _play_until_knock(deck, deadwood, knock_limit)
        if found is not None:
            deals.append(found)
    return deals


def _play_until_knock(
    deck: list[int], deadwood: Callable[[CardIds], int], knock_limit: int
) -> GinDeal | None:
    hands = [tuple(deck[:10]), tuple(deck[10:20])]
    counts = [deadwood(hands[0]), deadwood(hands[1])]
    turn = 0
    for drawn in deck[20:]:
        if min(counts) <= knock_limit:
            break
        held = hands[turn] + (drawn,)
        options = [held[:i] + held[i + 1 :] for i in range(len(held))]
        counts[turn], hands[turn] = min((deadwood(hand), hand) for hand in options)
        turn = 1 - turn
    if min(counts) > knock_limit:
        return None
    return GinDeal(hands[0], hands[1], "Ann" if counts[0] <= counts[1] else "Bob")
