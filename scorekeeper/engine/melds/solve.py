"""The solver's entry points: each hand goes to the fastest path its rules allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from ..cards import Card
from .bits import _SUIT_BITS, hand_mask
from .rules import STANDARD, MeldRules
from .search import _lowest_with_groups, arrangement_of
from .tables import knocker_covers
from .types import Arrangement
from .wild import _general_search


def min_deadwood(cards: Sequence[Card], rules: MeldRules = STANDARD) -> int:
    """The lowest unmatched value of ``cards`` over every arrangement.

    Single deck without wild cards reads the rules' tables (see the module's
    docstring); anything else goes to the general search.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> min_deadwood(parse_cards("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"))
    6
    """
    table = rules.run_deadwood
    if table:
        # Distinct cards have distinct bits, so their sum has a bit each; a
        # repeated card or a joker (no bit) leaves fewer: the general search.
        mask: int = sum(map(_BIT, cards))
        if mask.bit_count() == len(cards):
            # suits(mask) written out: every hand of figure 1 comes here, and the call is 5 % of it
            a, b, c, d = mask & _SUIT_BITS, mask >> 13 & _SUIT_BITS, mask >> 26 & _SUIT_BITS, mask >> 39
            groups = (a & b & (c | d)) | (c & d & (a | b))  # ranks held three or four times
            if not groups:  # three hands of ten cards in four
                return table[a] + table[b] + table[c] + table[d]
            if not groups & (groups - 1) and not a & b & c & d:  # most others: one rank, three cards
                keep = ~groups
                return min(table[a] + table[b] + table[c] + table[d],
                           table[a & keep] + table[b & keep] + table[c & keep] + table[d & keep])
            return _lowest_with_groups(a, b, c, d, groups, table)
    return _general_search(cards, rules).deadwood


_BIT = attrgetter("bit")


def _has_duplicates_or_jokers(cards: Sequence[Card]) -> bool:
    return len({card.index for card in cards}) != len(cards) or any(
        card.is_joker for card in cards
    )


def best_arrangements(cards: Sequence[Card], rules: MeldRules = STANDARD) -> list[Arrangement]:
    """Every arrangement of a single-deck hand with the lowest deadwood.

    Gin needs all of them: among equal ones the knocker's arrangement is the
    one that leaves the defender the highest count.
    """
    mask = hand_mask(cards)
    _, covers = knocker_covers(mask, rules)
    return [arrangement_of(mask, cover, rules) for cover in covers]


def arrange(cards: Sequence[Card], rules: MeldRules = STANDARD) -> Arrangement:
    """One arrangement with the lowest deadwood (any single deck or wild rules)."""
    if rules.wild_rank is not None or _has_duplicates_or_jokers(cards):
        return _general_search(cards, rules)
    return best_arrangements(cards, rules)[0]
