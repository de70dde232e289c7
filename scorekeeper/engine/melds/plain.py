"""The plain exact search: SCORING.md section 2 written out, with no speed in mind.

This is the solver a reader checks against the rule book, and the one the
tests check every fast path against (:mod:`.tables`, :mod:`.gin`,
:mod:`.search`, :mod:`.wild`).  It is slow (every subset of the hand is
tried as a meld) and is used by nothing else.

* **Candidate melds** (:func:`is_meld`): three cards or more, at least
  ``min_natural`` of them natural.  A *group* is natural cards of one rank, of
  distinct suits unless ``group_repeats``, at most ``max_group`` cards.  A
  *run* is natural cards of one suit and distinct ranks that, with the wild
  cards filling the gaps, make consecutive ranks: ace low, or also ace high
  (Q K A) with ``ace_high``, or wrapping K-A-2 with ``around_corner``; at
  most 13 cards.  A wild card (a joker, or any card of ``wild_rank``) may
  stand for any card; one of the wild rank may also be its natural self.
* **The best cover** (:func:`lowest_deadwood`, :func:`best_covers`): melds
  that share no card, leaving the lowest value unmatched.
* **Lay-offs** (:func:`lowest_count_after_lay_offs`): a defender's cards
  may also join a knocker's meld where the two together are still a meld;
  the defender's own melds and lay-offs are chosen together.
* **Wild cards and several decks**: a hand is a list of cards, repeats
  allowed, and the cards are told apart by their place in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ..cards import Card
from .rules import MeldRules

#: the most cards a run holds: one of each rank
LONGEST_RUN = 13


def is_wild(card: Card, rules: MeldRules) -> bool:
    """A joker, or a card of the wild rank."""
    return card.is_joker or card.rank == rules.wild_rank


def is_meld(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether these cards make a group or a run under ``rules``.

    A card of the wild rank may be natural or wild: each way is tried.
    """
    if len(cards) < 3:
        return False
    choosable = [card for card in cards if not card.is_joker and card.rank == rules.wild_rank]
    always_natural = [card for card in cards if not card.is_joker and card.rank != rules.wild_rank]
    for taken in range(len(choosable) + 1):
        for as_natural in combinations(choosable, taken):
            naturals = always_natural + list(as_natural)
            wild = len(cards) - len(naturals)
            if len(naturals) >= rules.min_natural and (
                _is_group(naturals, wild, rules) or _is_run(naturals, wild, rules)
            ):
                return True
    return False


def _is_group(naturals: list[Card], wild: int, rules: MeldRules) -> bool:
    size = len(naturals) + wild
    if rules.max_group is not None and size > rules.max_group:
        return False
    if len({card.rank for card in naturals}) > 1:
        return False
    suits = [card.suit for card in naturals]
    return rules.group_repeats or len(set(suits)) == len(suits)


def _is_run(naturals: list[Card], wild: int, rules: MeldRules) -> bool:
    size = len(naturals) + wild
    if size > LONGEST_RUN or len({card.suit for card in naturals}) > 1:
        return False
    ranks = [card.rank for card in naturals]
    if len(set(ranks)) != len(ranks):
        return False
    if not ranks:
        return True  # wild cards alone (where a meld needs no natural card)
    if rules.around_corner:  # ranks in a circle: some start holds them all within the run's length
        return any(all((rank - start) % 13 < size for rank in ranks) for start in range(1, 14))
    ways = [ranks]
    if rules.ace_high:
        ways.append([14 if rank == 1 else rank for rank in ranks])  # the ace above the king
    lowest_start = {0: 1, 1: 2}
    for high, way in enumerate(ways):
        top = 13 + high
        for start in range(lowest_start[high], top - size + 2):
            if all(start <= rank < start + size for rank in way):
                return True
    return False


def card_value(card: Card, rules: MeldRules) -> int:
    """What an unmatched card counts."""
    return rules.value(card)


def candidate_melds(cards: Sequence[Card], rules: MeldRules) -> list[frozenset[int]]:
    """Every meld the hand can make, as the places of its cards in ``cards``."""
    places = range(len(cards))
    return [
        frozenset(subset)
        for size in range(3, len(cards) + 1)
        for subset in combinations(places, size)
        if is_meld([cards[i] for i in subset], rules)
    ]


def _lowest(cards: Sequence[Card], melds: list[frozenset[int]], rules: MeldRules) -> tuple[int, list[frozenset[int]]]:
    """The lowest value left unmatched over every set of melds sharing no card, and the
    first such set found: the first card still undecided is unmatched or in one of its melds."""

    @cache
    def best(undecided: frozenset[int]) -> tuple[int, tuple[frozenset[int], ...]]:
        if not undecided:
            return 0, ()
        first = min(undecided)
        left, cover = best(undecided - {first})
        found = (left + card_value(cards[first], rules), cover)
        for meld in melds:
            if first in meld and meld <= undecided:
                left, cover = best(undecided - meld)
                if left < found[0]:
                    found = (left, (meld, *cover))
        return found

    lowest, cover = best(frozenset(range(len(cards))))
    best.cache_clear()
    return lowest, list(cover)


def lowest_deadwood(cards: Sequence[Card], rules: MeldRules) -> int:
    """The lowest value a hand can leave unmatched."""
    return _lowest(cards, candidate_melds(cards, rules), rules)[0]


def best_covers(cards: Sequence[Card], rules: MeldRules) -> tuple[int, set[frozenset[frozenset[Card]]]]:
    """The lowest deadwood, and every set of melds (as cards) that leaves it."""
    melds = candidate_melds(cards, rules)
    lowest = _lowest(cards, melds, rules)[0]
    found: set[frozenset[frozenset[Card]]] = set()

    def extend(chosen: list[frozenset[int]], used: frozenset[int], start: int) -> None:
        left = sum(card_value(cards[i], rules) for i in range(len(cards)) if i not in used)
        if left == lowest:
            found.add(frozenset(frozenset(cards[i] for i in meld) for meld in chosen))
        for k in range(start, len(melds)):
            if not melds[k] & used:
                extend([*chosen, melds[k]], used | melds[k], k + 1)

    extend([], frozenset(), 0)
    return lowest, found


def lowest_count_after_lay_offs(defender: Sequence[Card], knocker_melds: Sequence[Sequence[Card]],
                                rules: MeldRules) -> int:
    """The defender's lowest count with own melds and lay-offs chosen together.

    A lay-off is a set of the defender's cards that, with one of the
    knocker's melds, still makes a meld; each knocker's meld takes one such
    set (cards at both ends of a run are one set).
    """
    own = candidate_melds(defender, rules)
    places = range(len(defender))
    spots = [
        [frozenset(subset) for size in range(1, len(defender) + 1) for subset in combinations(places, size)
         if is_meld([*meld, *(defender[i] for i in subset)], rules)]
        for meld in knocker_melds
    ]

    @cache
    def best(undecided: frozenset[int], meld: int) -> int:
        """Lay off onto the knocker's melds from ``meld`` on, then the defender's own melds."""
        if meld == len(spots):
            return _lowest_within(undecided)
        lowest = best(undecided, meld + 1)  # nothing laid off onto this meld
        for spot in spots[meld]:
            if spot <= undecided:
                lowest = min(lowest, best(undecided - spot, meld + 1))
        return lowest

    @cache
    def _lowest_within(undecided: frozenset[int]) -> int:
        if not undecided:
            return 0
        first = min(undecided)
        lowest = _lowest_within(undecided - {first}) + card_value(defender[first], rules)
        for meld in own:
            if first in meld and meld <= undecided:
                lowest = min(lowest, _lowest_within(undecided - meld))
        return lowest

    return best(frozenset(places), 0)
