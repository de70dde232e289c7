"""A single-deck hand as a 52-bit mask, 13 bits a suit, and the per-suit tables.

Runs stay in their suit and groups take one rank across the suits, so once
the groups are chosen each suit is on its own: its lowest deadwood with runs
only is looked up in a table of all 8,192 sets of ranks of a suit, made once
per rules.  :func:`suits` splits a hand into its four suits; the rest are the
tables, the texts of sets of cards, and the small bit helpers the searches share.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Literal

from ..cards import ALL_CARDS, Card
from .types import DefenceShown, SuitShown

_SUIT_BITS = 0x1FFF  # the 13 ranks of one suit
_ACES = sum(1 << (13 * suit) for suit in range(4))
_RUN_STARTS = sum(0x7FF << (13 * suit) for suit in range(4))  # ace to jack: room for 3
_RUN_MAX = 13
_BELOW_KINGS = sum(0xFFF << (13 * suit) for suit in range(4))  # ace to queen: a card above in the suit


@lru_cache(maxsize=32)
def _suit_value_table(rank_values: tuple[int, ...]) -> tuple[int, ...]:
    """Value of every 13-bit set of ranks of one suit."""
    table = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        table[mask] = table[mask ^ low] + rank_values[low.bit_length() - 1]
    return tuple(table)


@lru_cache(maxsize=32)
def _run_deadwood_table(rank_values: tuple[int, ...], around_corner: bool) -> tuple[int, ...]:
    """The lowest deadwood of every 13-bit set of ranks of one suit, melding runs only.

    Made once per rules (8,192 entries, a few milliseconds).  The lowest
    card of a set is either unmatched or the first card of a run, and what
    is left either way is a smaller set, already in the table.  Around the
    corner a suit holds at most one run through K-A (every such run holds
    both), so a set is also that run plus a table entry for the rest.
    """
    value = _suit_value_table(rank_values)
    best = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        lowest = best[mask ^ low] + value[low]
        run, nxt, length = low, low << 1, 1
        while mask & nxt:
            run |= nxt
            length += 1
            if length >= 3 and best[mask ^ run] < lowest:
                lowest = best[mask ^ run]
            nxt <<= 1
        best[mask] = lowest
    if around_corner:
        linear = list(best)
        for mask in range(1, 1 << 13):
            for run in _corner_runs_in(mask):
                best[mask] = min(best[mask], linear[mask ^ run])
    return tuple(best)


@lru_cache(maxsize=32)
def _suit_covers(rank_values: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Per rules, each set of ranks of a suit's best sets of runs, filled in as they are asked for."""
    return {0: ((),)}


@lru_cache(maxsize=32)
def _suits_shown(rank_values: tuple[int, ...]) -> tuple[list[SuitShown | Literal[False] | None], ...]:
    """Per rules without runs around the corner, each suit's table of what it shows, by set of
    its ranks: None until first asked (:func:`_suit_shown` fills it in).

    A hand's four suits are four lookups here instead of a walk through each
    suit's best runs and their texts; a plain list (8,192 entries a suit),
    which Python indexes in place, as it does no dict subclass.
    """
    return tuple([None] * (1 << 13) for _ in range(4))


@lru_cache(maxsize=32)
def _defences_shown(rank_values: tuple[int, ...]) -> tuple[dict[int, DefenceShown | Literal[False]], ...]:
    """Per rules without runs around the corner, each suit's table of what the defender shows
    there, by the pair of the defender's ranks and the knocker's run cards there (``ranks |
    knocker_runs << 13``), filled in by :func:`_defence_shown`.

    The defender's four suits are four lookups here instead of a walk through
    each suit's best runs and their lay-offs.  A pair is one of at most 3**13
    a suit (each rank the defender's, the knocker's or neither); past
    :data:`_DEFENCE_KEPT` pairs a suit's answers are worked out each time and
    not kept, so the dict stays small.
    """
    return ({}, {}, {}, {})


#: the most pairs a suit's :func:`_defences_shown` table keeps
_DEFENCE_KEPT = 1 << 16


def _corner_runs_in(ranks: int) -> list[int]:
    """Every run of three or more in ``ranks`` (13 bits) that holds both K and A."""
    if not (ranks & 1 and ranks & 1 << 12) or ranks == _SUIT_BITS:
        return []
    up = (~ranks & (ranks + 1)).bit_length() - 1  # A, 2, ... held in a row
    down = 0  # K, Q, ... held in a row
    while ranks >> (12 - down) & 1:
        down += 1
    return [
        ((1 << i) - 1) | (_SUIT_BITS ^ ((1 << (13 - j)) - 1))  # i cards from the ace up, j from the king down
        for i in range(1, up + 1)
        for j in range(1, down + 1)
        if i + j >= 3
    ]


# ---------------------------------------------------------------------------
# Single deck, no wild cards: bit masks.


def hand_mask(cards: Sequence[Card]) -> int:
    """The cards as one int, a bit per card (a repeated card counts once)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    if mask.bit_count() != len(cards) and any(card.is_joker for card in cards):
        raise ValueError("the bit-mask solver takes no jokers")
    return mask


def suits(mask: int) -> tuple[int, int, int, int]:
    """A hand mask's four suits, 13 bits each (spades, hearts, diamonds, clubs)."""
    return mask & _SUIT_BITS, mask >> 13 & _SUIT_BITS, mask >> 26 & _SUIT_BITS, mask >> 39


def _mask_value(mask: int, table: tuple[int, ...]) -> int:
    """The sum of a per-suit table over a hand mask's four suits."""
    return (
        table[mask & _SUIT_BITS]
        + table[(mask >> 13) & _SUIT_BITS]
        + table[(mask >> 26) & _SUIT_BITS]
        + table[mask >> 39]
    )


def _cards_of(mask: int) -> tuple[Card, ...]:
    cards = []
    while mask:
        low = mask & -mask
        mask ^= low
        cards.append(ALL_CARDS[low.bit_length() - 1])
    return tuple(cards)


def _ordered_run(cards: tuple[Card, ...], around_corner: bool) -> tuple[Card, ...]:
    """A wrapping run's cards in play order (Q K A 2, not A 2 Q K)."""
    if not around_corner or len({c.rank for c in cards}) != len(cards):
        return cards
    ranks = {c.rank for c in cards}
    if len(ranks) == 13:
        return cards
    start = next(c for c in cards if (c.rank - 2) % 13 + 1 not in ranks)
    return tuple(sorted(cards, key=lambda c: (c.rank - start.rank) % 13))


# Gin scoring works on masks and turns only the arrangement shown into text.


def mask_text(mask: int, around_corner: bool = False) -> str:
    """``"3H 4H 5H"``: the cards of a mask as the table writes them.

    A wrapping run is written in play order (``"QS KS AS 2S"``).
    """
    if around_corner and mask:
        return " ".join(str(c) for c in _ordered_run(_cards_of(mask), True))
    by_suit = (mask & _SPADES, mask & _HEARTS, mask & _DIAMONDS, mask & _CLUBS)
    return " ".join(filter(None, map(_SUIT_TEXT.__getitem__, by_suit)))


class _Texts(dict[int, str]):
    """The text of each set of cards asked for, made on the first ask.

    Every hand replayed shows its unmatched cards, so each suit's text is
    kept: a plain dict lookup, no Python call, once seen.  The sets are
    bounded (8,192 per suit), so the dict is too.
    """

    def __missing__(self, in_suit: int) -> str:
        text = self[in_suit] = " ".join(str(c) for c in _cards_of(in_suit))
        return text


_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (_SUIT_BITS << (13 * suit) for suit in range(4))
_SUIT_TEXT = _Texts()


@lru_cache(maxsize=4096)
@cache
def _meld_text(meld: int, around_corner: bool) -> str:
    # Melds are few (some 300 runs and groups, 600 with corners): each is written once.
    return mask_text(meld, around_corner)


def _bits_of(ranks: int) -> list[int]:
    """Each bit of ``ranks``, lowest first."""
    bits = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        bits.append(low)
    return bits


def _group_of(a: int, b: int, c: int, d: int, rank: int) -> int:
    """The cards of ``rank`` (one bit) in these suits, as a hand mask."""
    return (a & rank) | (b & rank) << 13 | (c & rank) << 26 | (d & rank) << 39


def _in_runs_table() -> tuple[int, ...]:
    """For every set of ranks of a suit, the cards of it that some run (no corner) could hold."""
    table = []
    for ranks in range(1 << 13):
        starts = ranks & ranks >> 1 & ranks >> 2
        table.append(starts | starts << 1 | starts << 2)
    return tuple(table)


_IN_RUNS = _in_runs_table()


def _search_order(meld: int, values: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Where the search tries a meld (no corner): higher value first, then as
    :func:`_candidate_melds` lists them (groups by rank, a four before each
    three of it, these by the suit left out; runs by lowest card, then length)."""
    ranks = _fold(meld)
    low = meld & -meld
    if ranks & (ranks - 1):  # a run
        return -_mask_value(meld, values), 1, low.bit_length(), meld.bit_count()
    # Of a rank held four times, the four come first and then each three,
    # by the suit left out; a value tells those apart, a suit the threes.
    missing = ranks * _ACES & ~meld
    return -_mask_value(meld, values), 0, ranks.bit_length(), missing.bit_length()


def _group_melds(mask: int, groups: int) -> list[int]:
    """Every choice of groups among the ranks in ``groups`` (held three or four
    times), as the cards it melds: each rank left, melded whole, or (four of a
    kind) melded as any three of its four."""
    choices = [0]
    while groups:
        rank = groups & -groups
        groups ^= rank
        held = mask & rank * _ACES
        ways = [held]
        if held.bit_count() == 4:
            ways += [held ^ rank << shift for shift in (0, 13, 26, 39)]
        choices += [taken | way for taken in choices for way in ways]
    return choices


def _runs_held(mask: int) -> int:
    """How many runs (three or more in a row, no corner) the cards of ``mask`` hold."""
    count = 0
    window = mask & mask >> 1 & _BELOW_KINGS  # two in a row of a suit
    window &= window >> 1
    while window:  # the starts of every run of this length or more, from 3 up
        count += window.bit_count()
        window &= window >> 1
    return count


def _group_choices(a: int, b: int, c: int, d: int, groups: int) -> list[tuple[int, int, int, int, list[int]]]:
    """Every choice of groups among the ranks in ``groups``: what it leaves of each suit, and its groups."""
    choices: list[tuple[int, int, int, int, list[int]]] = [(a, b, c, d, [])]
    while groups:
        rank = groups & -groups
        groups ^= rank
        keep = ~rank
        held = (a & rank) | (b & rank) << 13 | (c & rank) << 26 | (d & rank) << 39
        more = []
        for w, x, y, z, melds in choices:
            more.append((w & keep, x & keep, y & keep, z & keep, [*melds, held]))
            if a & b & c & d & rank:
                more += (
                    (w, x & keep, y & keep, z & keep, [*melds, held ^ rank]),
                    (w & keep, x, y & keep, z & keep, [*melds, held ^ rank << 13]),
                    (w & keep, x & keep, y, z & keep, [*melds, held ^ rank << 26]),
                    (w & keep, x & keep, y & keep, z, [*melds, held ^ rank << 39]),
                )
        choices += more
    return choices


def _suit_covers_of(ranks: int, covers: dict[int, tuple[tuple[int, ...], ...]], best: tuple[int, ...],
                    value: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every set of runs (no corner) leaving ``ranks`` of one suit its lowest deadwood ``best[ranks]``.

    The lowest card is unmatched or starts a run, as the table was made; each
    way that keeps to the table's lowest leads to the best sets of what is left.
    """
    found = covers.get(ranks)
    if found is not None:
        return found
    low = ranks & -ranks
    lowest = best[ranks]
    sets: list[tuple[int, ...]] = []
    if best[ranks ^ low] + value[low] == lowest:
        sets += _suit_covers_of(ranks ^ low, covers, best, value)
    run, nxt, length = low, low << 1, 1
    while ranks & nxt:
        run |= nxt
        length += 1
        nxt <<= 1
        if length >= 3 and best[ranks ^ run] == lowest:
            sets += [(run, *rest) for rest in _suit_covers_of(ranks ^ run, covers, best, value)]
    covers[ranks] = found = tuple(sets)
    return found


class _SuitTexts(dict[int, str]):
    """Like :class:`_Texts`, for one suit's 13 bits (small ints: no 52-bit mask made to ask),
    each text with a space after it (none if empty): a hand's four are added up, the last space cut."""

    def __init__(self, shift: int) -> None:
        super().__init__()
        self.shift = shift

    def __missing__(self, ranks: int) -> str:
        text = self[ranks] = _SUIT_TEXT[ranks << self.shift] + " " if ranks else ""
        return text


class _MeldTexts(dict[int, str]):
    """The text of each meld (no corner) asked for, made on the first ask: a plain dict lookup."""

    def __missing__(self, meld: int) -> str:
        text = self[meld] = mask_text(meld)
        return text


_WORDS = (_SuitTexts(0), _SuitTexts(13), _SuitTexts(26), _SuitTexts(39))
_MELD_WORDS = _MeldTexts()
_MELD_TEXT = _MELD_WORDS.__getitem__


def _listing_order(meld: int) -> tuple[bool, int]:
    """Where :func:`_candidate_melds` lists a meld (no corner): groups first, by rank, then runs by lowest card."""
    ranks = _fold(meld)
    if ranks & (ranks - 1):  # a run
        return True, meld & -meld
    return False, ranks


def _fold(meld: int) -> int:
    """The ranks of a meld, as 13 bits."""
    return (meld | meld >> 13 | meld >> 26 | meld >> 39) & _SUIT_BITS
