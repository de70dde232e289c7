"""The bit-mask search over candidate melds (single deck, no wild cards).

Candidate melds are found with a few bit operations and chosen by branch and
bound, bounded from the start by the lowest deadwood the tables give.  Gin
lay-offs reuse that search: a lay-off onto the knocker's meld is one more
candidate "meld" for the defender.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .bits import (
    _ACES,
    _RUN_MAX,
    _RUN_STARTS,
    _SUIT_BITS,
    _cards_of,
    _mask_value,
    _meld_text,
    _ordered_run,
    _suit_value_table,
    mask_text,
    suits,
)
from .rules import MeldRules
from .types import Arrangement


def _candidate_melds(mask: int, around_corner: bool) -> list[int]:
    """Every run and group that the cards in ``mask`` can form."""
    melds: list[int] = []
    a, b, c, d = suits(mask)
    three_of_rank = (a & b & (c | d)) | (c & d & (a | b))
    while three_of_rank:
        low = three_of_rank & -three_of_rank
        three_of_rank ^= low
        spread = low | low << 13 | low << 26 | low << 39
        group = mask & spread
        melds.append(group)
        if group == spread:  # four of a kind: each three of them too
            for suit in range(4):
                melds.append(group ^ (low << (13 * suit)))
    if around_corner:
        for suit in range(4):
            _corner_runs((mask >> (13 * suit)) & _SUIT_BITS, 13 * suit, melds)
        return melds
    # Run starts of all four suits at once; a run stops at its suit's king.
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
    while starts:
        low = starts & -starts
        starts ^= low
        run = low * 7
        melds.append(run)
        nxt = low << 3
        while mask & nxt and not nxt & _ACES:
            run |= nxt
            melds.append(run)
            nxt <<= 1
    return melds


def _corner_runs(ranks: int, shift: int, melds: list[int]) -> None:
    doubled = ranks | (ranks << 13)
    starts = doubled & (doubled >> 1) & (doubled >> 2) & _SUIT_BITS
    seen: set[int] = set()
    while starts:
        low = starts & -starts
        starts ^= low
        run = low * 7
        length = 3
        nxt = low << 3
        while True:
            folded = (run | (run >> 13)) & _SUIT_BITS
            if folded not in seen:
                seen.add(folded)
                melds.append(folded << shift)
            if length == _RUN_MAX or not doubled & nxt:
                break
            run |= nxt
            nxt <<= 1
            length += 1


def _one_best_cover(melds: list[int], values: list[int], reaches: int = 0) -> tuple[int, tuple[int, ...]]:
    """One set of pairwise disjoint melds with the highest value, and that value.

    The first such set in the search's order: where that highest value is
    known beforehand (``reaches``), the search is cut from the start by it
    and still finds the same set first (a branch is only cut where it cannot
    reach the value), and it ends there: no set found after could be higher.
    """
    n = len(melds)
    order = sorted(range(n), key=values.__getitem__, reverse=True)
    ms = [melds[i] for i in order]
    vs = [values[i] for i in order]
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + vs[i]
    best = reaches - 1 if reaches else 0
    best_cover: tuple[int, ...] = ()
    chosen: list[int] = []

    def search(i: int, used: int, total: int) -> bool:
        """Whether the value known beforehand is reached: nothing found after can be higher."""
        nonlocal best, best_cover
        if total > best:
            best, best_cover = total, tuple(chosen)
            if reaches and total >= reaches:
                return True
        for j in range(i, n):
            if total + suffix[j] <= best:
                return False
            if not ms[j] & used:
                chosen.append(ms[j])
                if search(j + 1, used | ms[j], total + vs[j]):
                    return True
                chosen.pop()
        return False

    search(0, 0, 0)
    # It calls itself through its own closure: unlinked, or each call leaves a reference cycle.
    search = None  # type: ignore[assignment]
    return best, best_cover


def _all_best_covers(melds: list[int], values: list[int], best: int) -> list[tuple[int, ...]]:
    """Every set of disjoint melds of the highest value, ``best`` (each as a tuple of masks).

    Branch and bound over the melds by falling value: a branch whose total
    plus every meld still to come cannot reach ``best`` is cut (ties are
    kept: all are wanted).  Values are positive, so a set that reaches the
    best cannot be extended.  The sets come in the order of a search that
    did not know ``best`` beforehand (it only cuts more).
    """
    if len(melds) < 2:
        return [tuple(melds)]  # most hands: at most one meld, nothing to choose
    n = len(melds)
    union = 0
    cards_in_melds = 0
    for meld in melds:
        union |= meld
        cards_in_melds += meld.bit_count()
    if union.bit_count() == cards_in_melds:
        return [tuple(melds)]  # no two melds share a card: take them all
    if n == 2:  # two melds sharing a card: the higher, or each when equal
        first, second = values
        if first == second:
            return [(melds[0],), (melds[1],)]
        return [(melds[0],)] if first > second else [(melds[1],)]
    order = sorted(range(n), key=values.__getitem__, reverse=True)
    ms = [melds[i] for i in order]
    vs = [values[i] for i in order]
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + vs[i]
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def search(i: int, used: int, total: int) -> None:
        if total == best:
            found.append(tuple(chosen))
            return
        for j in range(i, n):
            if total + suffix[j] < best:
                return
            if not ms[j] & used:
                chosen.append(ms[j])
                search(j + 1, used | ms[j], total + vs[j])
                chosen.pop()

    search(0, 0, 0)
    search = None  # type: ignore[assignment]  # (a reference cycle otherwise, as in _one_best_cover)
    return found


def _table_deadwood(mask: int, table: tuple[int, ...]) -> int:
    """The lowest deadwood of a single-deck hand mask (``table``: the rules' ``run_deadwood``)."""
    a, b, c, d = suits(mask)
    groups = (a & b & (c | d)) | (c & d & (a | b))
    if not groups:
        return table[a] + table[b] + table[c] + table[d]
    return _lowest_with_groups(a, b, c, d, groups, table)


def _lowest_with_groups(a: int, b: int, c: int, d: int, groups: int, table: tuple[int, ...]) -> int:
    """The lowest deadwood over every choice of groups among the ranks in ``groups``.

    Each such rank is left to the runs, or melded whole, or (four of a kind)
    melded as any three of its four, the fourth left to its suit's runs;
    the four suits' masks that remain are then looked up.  At most 6 x 6
    choices in a hand of 10 cards, 72 in one of 11.
    """
    choices = [(a, b, c, d)]
    while groups:
        rank = groups & -groups
        groups ^= rank
        keep = ~rank
        more = []
        for w, x, y, z in choices:
            more.append((w & keep, x & keep, y & keep, z & keep))
            if w & x & y & z & rank:
                more += (
                    (w, x & keep, y & keep, z & keep),
                    (w & keep, x, y & keep, z & keep),
                    (w & keep, x & keep, y, z & keep),
                    (w & keep, x & keep, y & keep, z),
                )
        choices += more
    return min(table[w] + table[x] + table[y] + table[z] for w, x, y, z in choices)


def arrangement_of(mask: int, cover: tuple[int, ...], rules: MeldRules,
                   laid_off: int = 0) -> Arrangement:
    """The cards behind a hand mask and a set of meld masks (and cards laid off)."""
    table = _suit_value_table(rules.rank_values)
    used = laid_off
    for meld in cover:
        used |= meld
    left = mask & ~used
    melds = tuple(_ordered_run(_cards_of(m), rules.around_corner) for m in sorted(cover))
    return Arrangement(_mask_value(left, table), melds, _cards_of(left), _cards_of(laid_off))


def shown_arrangement(mask: int, cover: Sequence[int], rules: MeldRules,
                      laid_off: int = 0) -> tuple[list[str], str]:
    """What a sheet shows of an arrangement: its melds and its unmatched cards, as text."""
    if not cover:  # most hands replayed: no meld
        return [], mask_text(mask & ~laid_off)
    used = laid_off
    for meld in cover:
        used |= meld
    return [_meld_text(m, rules.around_corner) for m in sorted(cover)], mask_text(mask & ~used)


def defender_count(defender: int, knocker_cover: Sequence[int], rules: MeldRules, *,
                   count: int | None = None) -> tuple[int, tuple[int, ...], int]:
    """The defender's lowest count with own melds and lay-offs chosen together.

    Returns the count, the defender's own melds and the cards laid off
    (masks).  Where the count is known already (:func:`defence_count`), the
    search that finds the melds is bounded by it from the start.
    """
    table = rules.suit_values
    own = _candidate_melds(defender, rules.around_corner)
    spots = [spot for meld in knocker_cover for spot in _layoff_spots(meld, rules.around_corner, defender)]
    candidates = own + [spot for spot in spots if spot not in own]
    if not candidates:
        return _mask_value(defender, table), (), 0
    values = [_mask_value(m, table)
              for m in candidates]
    whole = _mask_value(defender, table)
    melded, cover = _one_best_cover(candidates, values, whole - count if count is not None else 0)
    if count is not None and whole - melded != count:  # (never: the tables' count is the search's)
        melded, cover = _one_best_cover(candidates, values)
    own_set = set(own)
    laid = 0
    for meld in cover:
        if meld not in own_set:
            laid |= meld
    return (
        whole - melded,
        tuple(m for m in cover if m in own_set),
        laid,
    )


@lru_cache(maxsize=4096)
def _layoff_spots(meld: int, around_corner: bool, held: int) -> tuple[int, ...]:
    """Every set of the cards in ``held`` that could be laid off together onto one end of a meld.

    A run takes chains of consecutive cards at either end (7H, or 7H 8H, on
    3H-6H); a group of three takes its missing fourth card.  A chain grows a
    card at a time, so it stops at the first card not held: the spots come in
    the order of every spot's, those not held left out.
    """
    by_suit = [(meld >> (13 * suit)) & _SUIT_BITS for suit in range(4)]
    suits = [suit for suit in range(4) if by_suit[suit]]
    if len(suits) > 1:  # a group
        if len(suits) != 3:
            return ()
        missing = next(suit for suit in range(4) if not by_suit[suit])
        fourth = by_suit[suits[0]] << (13 * missing)
        return (fourth,) if fourth & held else ()
    shift = 13 * suits[0]
    ranks = by_suit[suits[0]]
    if ranks == _SUIT_BITS:
        return ()
    in_suit = held >> shift & _SUIT_BITS
    down, up = (_turn_down, _turn_up) if around_corner else (_step_down, _step_up)
    spots: list[int] = []
    for step, edge in ((down, _edge(ranks, down)), (up, _edge(ranks, up))):
        chain, nxt = 0, step(edge)
        while nxt & in_suit and not nxt & ranks:
            chain |= nxt
            spots.append(chain << shift)
            nxt = step(nxt)
    return tuple(spots)


def _step_down(bit: int) -> int:
    return bit >> 1


def _step_up(bit: int) -> int:
    return (bit << 1) & _SUIT_BITS


def _turn_down(bit: int) -> int:
    return bit >> 1 or 1 << 12


def _turn_up(bit: int) -> int:
    return (bit << 1) & _SUIT_BITS or 1


def _edge(ranks: int, step: object) -> int:
    """The run's card at that end: the one whose next step leaves the run."""
    bits = ranks
    while bits:
        low = bits & -bits
        bits ^= low
        if not step(low) & ranks:  # type: ignore[operator]
            return low
    raise AssertionError("a run with no edge")
