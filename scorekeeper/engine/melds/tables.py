"""Fast path: the knocker's covers and the defender's count read off the per-suit tables.

Most Gin hands need no search: the knocker's only best cover and the
defender's count after lay-offs (the knocker's run cards join the
defender's in each suit) are read off the tables.  The searches
(:mod:`.search`) are kept for equal arrangements, whose order they decide.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bits import (
    _ACES,
    _IN_RUNS,
    _SUIT_BITS,
    _bits_of,
    _fold,
    _group_choices,
    _group_melds,
    _group_of,
    _mask_value,
    _runs_held,
    _search_order,
    _suit_covers,
    _suit_covers_of,
    suits,
)
from .rules import MeldRules, _check_single_deck
from .search import _all_best_covers, _candidate_melds, _table_deadwood, defender_count


def knocker_covers(mask: int, rules: MeldRules) -> tuple[int, list[tuple[int, ...]]]:
    """A single-deck hand's lowest deadwood, and every cover reaching it.

    ``mask`` is the hand, a bit per card (see :func:`hand_mask`).  Most
    hands have one best cover, read off the tables (:func:`_only_cover`);
    the others are searched.
    """
    table = rules.suit_values
    if not table:
        _check_single_deck(rules)  # wild cards: refused
    if not rules.around_corner:
        return _table_cover(mask, rules)
    return _searched_covers(mask, rules)


def _searched_covers(mask: int, rules: MeldRules) -> tuple[int, list[tuple[int, ...]]]:
    """:func:`knocker_covers` by listing the hand's candidate melds (the search where several covers tie)."""
    table = rules.suit_values
    melds = _candidate_melds(mask, rules.around_corner)
    if len(melds) < 2:  # no meld or one, nothing to choose
        return _mask_value(mask & ~melds[0] if melds else mask, table), [tuple(melds)]
    if not rules.around_corner:
        only = _only_cover(mask, melds, rules)
        if only is not None:
            return only[0], [only[1]]
    deadwood = _table_deadwood(mask, rules.run_deadwood)
    values = [_mask_value(m, table) for m in melds]
    return deadwood, _all_best_covers(melds, values, _mask_value(mask, table) - deadwood)


def _only_cover(mask: int, listed: list[int], rules: MeldRules) -> tuple[int, tuple[int, ...]] | None:
    """The lowest deadwood of a hand (no run around the corner) and its one best cover,
    read off the tables; None where several covers reach it (the search lists them).

    The group choice reaching the lowest deadwood must be the only one, and
    each suit's runs the only best ones for what that choice leaves of the
    suit (:func:`_suit_covers`).  The cover's melds are in the order the
    search would give them: higher value first, then as
    :func:`_candidate_melds` lists them.
    """
    table = rules.run_deadwood
    a, b, c, d = suits(mask)
    groups = (a & b & (c | d)) | (c & d & (a | b))
    if groups:
        choices = _group_choices(a, b, c, d, groups)
        totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
        lowest = min(totals)
        if totals.count(lowest) != 1:
            return None
        a, b, c, d, melds = choices[totals.index(lowest)]
    else:
        lowest = table[a] + table[b] + table[c] + table[d]
        melds = []
    covers = _suit_covers(rules.rank_values)
    for shift, ranks in ((0, a), (13, b), (26, c), (39, d)):
        if ranks:
            found = covers.get(ranks)
            if found is None:
                found = _suit_covers_of(ranks, covers, table, rules.suit_values)
            if len(found) != 1:
                return None
            melds += [run << shift for run in found[0]]
    if len(melds) > 1:  # in the search's order (see _all_best_covers); listed: its candidates
        if len(listed) == len(melds):
            return lowest, tuple(listed)  # every meld the hand has, none sharing a card
        values = rules.suit_values
        melds.sort(key=lambda meld: (-_mask_value(meld, values), listed.index(meld)))
    return lowest, tuple(melds)


def _table_cover(mask: int, rules: MeldRules) -> tuple[int, list[tuple[int, ...]]]:
    """:func:`knocker_covers` read off the tables, no candidate melds listed (no run around the corner).

    The lowest deadwood is the lowest over the hand's group choices of four
    table lookups; every cover reaching it is a choice reaching it with,
    for each suit, one of the best sets of runs of what it leaves there
    (:func:`_suit_covers_of`).  A rank held three or four times none of
    whose cards could be in a run is melded whole in every best cover (it
    would only be left), so only the others are choices.  The covers come
    as the search would give them (:func:`_all_best_covers`): its
    candidates are listed groups by rank, then runs by their lowest card,
    and tried higher value first, so a cover's melds are in that order and
    the covers in the order of those sequences.  A hand whose candidates
    are the cover's melds and no other is the exception: the search takes
    them all in their listing order.

    The work is on each suit's 13 bits (small ints, cheap to compute with),
    not on the 52-bit hand: only the melds returned are whole-hand masks.
    """
    table = rules.run_deadwood
    a, b, c, d = suits(mask)
    groups = (a & b & (c | d)) | (c & d & (a | b))
    if not groups:  # three random hands in four: runs only, each suit on its own
        only = _runs_only_cover(mask, a, b, c, d, rules)
        if only is not None:
            return only
    candidates, forced, chosen = _best_group_choices(a, b, c, d, groups, table)
    found = _covers_of_choices(mask, forced, chosen, rules)
    w, x, y, z, _ = chosen[0]
    lowest = table[w] + table[x] + table[y] + table[z]
    values = rules.suit_values
    if len(found) == 1:
        melds = found[0]
        if len(melds) > 1 and candidates + _runs_held(mask) != len(melds):
            # Higher value first, ties in listing order (the search's).
            keyed = sorted([(-_mask_value(meld, values), k, meld) for k, meld in enumerate(melds)])
            melds = [meld for _, _, meld in keyed]
        return lowest, [tuple(melds)]
    # Each meld's place in the search's order worked out once (covers share most of their melds).
    place = {meld: _search_order(meld, values) for cover in found for meld in cover}
    ordered = [tuple(sorted(cover, key=place.__getitem__)) for cover in found]
    ordered.sort(key=lambda cover: [place[meld] for meld in cover])
    return lowest, ordered


def _runs_only_cover(mask: int, a: int, b: int, c: int, d: int,
                     rules: MeldRules) -> tuple[int, list[tuple[int, ...]]] | None:
    """:func:`_table_cover` of a hand with no rank three times (its suits ``a``..``d``):
    each suit's only best set of runs; None where a suit has several (they are listed)."""
    table = rules.run_deadwood
    in_runs = _IN_RUNS
    if not (in_runs[a] or in_runs[b] or in_runs[c] or in_runs[d]):
        return table[a] + table[b] + table[c] + table[d], [()]  # no meld at all
    covers = rules.suit_covers
    runs: list[int] = []
    for shift, suit in ((0, a), (13, b), (26, c), (39, d)):
        if in_runs[suit]:
            ways = covers.get(suit)
            if ways is None:
                ways = _suit_covers_of(suit, covers, table, rules.suit_values)
            if len(ways) != 1:
                return None  # several best sets of runs
            for run in ways[0]:
                runs.append(run << shift)
    if len(runs) > 1 and _runs_held(mask) != len(runs):
        values = rules.suit_values
        runs.sort(key=lambda run: -_mask_value(run, values))  # stable: ties by lowest card
    return table[a] + table[b] + table[c] + table[d], [tuple(runs)]


#: a choice of groups: what it leaves of each suit (13 bits each) and the groups it melds (masks)
_Choice = tuple[int, int, int, int, list[int]]


def _best_group_choices(a: int, b: int, c: int, d: int, groups: int,
                        table: tuple[int, ...]) -> tuple[int, int, list[_Choice]]:
    """The hand's candidate groups counted, the ranks every best cover melds whole
    (``forced``), and each best choice of the other groups (see :func:`_table_cover`)."""
    if not groups:
        return 0, 0, [(a, b, c, d, [])]
    in_runs = _IN_RUNS
    fours = a & b & c & d  # ranks held four times: the group and each three of it
    candidates = (groups ^ fours).bit_count() + 5 * fours.bit_count()
    choose = groups & (in_runs[a] | in_runs[b] | in_runs[c] | in_runs[d])
    forced = groups ^ choose
    keep = ~forced
    a &= keep
    b &= keep
    c &= keep
    d &= keep
    if not choose:
        return candidates, forced, [(a, b, c, d, [])]
    if not choose & (choose - 1) and not fours & choose:  # one rank three times
        apart = table[a] + table[b] + table[c] + table[d]
        keep = ~choose
        grouped = table[a & keep] + table[b & keep] + table[c & keep] + table[d & keep]
        with_group = (a & keep, b & keep, c & keep, d & keep, [_group_of(a, b, c, d, choose)])
        chosen: list[_Choice] = ([with_group] if grouped < apart else [(a, b, c, d, [])] if apart < grouped
                                 else [(a, b, c, d, []), with_group])
        return candidates, forced, chosen
    choices = _group_choices(a, b, c, d, choose)
    totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
    lowest = min(totals)
    return candidates, forced, [choice for choice, total in zip(choices, totals) if total == lowest]


def _covers_of_choices(mask: int, forced: int, chosen: list[_Choice], rules: MeldRules) -> list[list[int]]:
    """Every cover reaching the lowest deadwood: for each best group choice, the groups
    melded whole (``forced``) and chosen, with each suit's best sets of runs of what is left."""
    table = rules.run_deadwood
    covers = rules.suit_covers
    found: list[list[int]] = []
    for w, x, y, z, groups_chosen in chosen:
        melds: list[int] = list(groups_chosen)
        if forced:
            melds += [_group_of(*suits(mask), rank) for rank in _bits_of(forced)]
            if groups_chosen:
                melds.sort(key=_fold)  # by rank
        sets = [melds]
        for shift, suit in ((0, w), (13, x), (26, y), (39, z)):
            if suit & suit >> 1 & suit >> 2:  # a run in the suit (else it has none to choose)
                ways = covers.get(suit)
                if ways is None:
                    ways = _suit_covers_of(suit, covers, table, rules.suit_values)
                if len(ways) == 1:
                    for run in ways[0]:
                        for melds in sets:
                            melds.append(run << shift)
                else:
                    sets = [[*melds, *(run << shift for run in way)] for melds in sets for way in ways]
        found += sets
    return found


def _lay_off_spots(defender: int, knocker_cover: Sequence[int]) -> tuple[int, int, bool]:
    """The knocker's run cards (one mask), the defender's cards that are a group of three's
    fourth, and whether the defender has any choice to make (a fourth, or a rank three times)."""
    runs = 0
    fourths = 0
    for meld in knocker_cover:
        ranks = _fold(meld)
        if ranks & (ranks - 1):  # several ranks: a run
            runs |= meld
        elif meld.bit_count() == 3:
            fourths |= ranks * _ACES & ~meld
    fourths &= defender
    a, b, c, d = suits(defender)
    return runs, fourths, bool(fourths or (a & b & (c | d)) | (c & d & (a | b)))


def _defence_choices(defender: int, fourths: int, runs: int) -> list[int]:
    """Every choice of the defender's own groups and of the fourths laid off onto the
    knocker's groups that a best arrangement may make, as the cards it takes (see
    :func:`_group_melds`).

    A group or a fourth none of whose cards a run (with the knocker's ``runs``)
    could hold is melded or laid off in every best arrangement (left, its
    cards would only count), so it is in every choice, and only the others
    are choices: what :func:`gin_shown` does, here for any knocker's cover.
    The lowest of these choices and whether it is the only one are those of
    every choice made both ways.
    """
    a, b, c, d = suits(defender)
    in_runs = _IN_RUNS
    ra, rb, rc, rd = suits(runs)
    in_play = (in_runs[a | ra] & a | (in_runs[b | rb] & b) << 13 | (in_runs[c | rc] & c) << 26
               | (in_runs[d | rd] & d) << 39)
    groups = (a & b & (c | d)) | (c & d & (a | b))
    choose = groups & _fold(in_play)
    forced = fourths & ~in_play | defender & (groups ^ choose) * _ACES
    choices = _group_melds(defender, choose) if choose else [0]
    if forced:
        choices = [taken | forced for taken in choices]
    fourths &= in_play
    while fourths:
        card = fourths & -fourths
        fourths ^= card
        choices += [taken | card for taken in choices]
    return choices


def defence_count(defender: int, knocker_cover: Sequence[int], rules: MeldRules) -> int:
    """:func:`defender_count`'s count alone, read off the tables (see above)."""
    table = rules.run_deadwood
    if rules.around_corner or not table:
        return defender_count(defender, knocker_cover, rules)[0]
    runs, fourths, choosing = _lay_off_spots(defender, knocker_cover)
    if not choosing:  # one lookup a suit
        joined = defender | runs
        return _mask_value(joined, table)
    rests = [defender & ~taken | runs for taken in _defence_choices(defender, fourths, runs)]
    return min(_mask_value(r, table)
               for r in rests)


def defence(defender: int, knocker_cover: Sequence[int], rules: MeldRules) -> tuple[int, tuple[int, ...], int]:
    """:func:`defender_count` read off the tables where the defender's best is the only one.

    The same count, own melds (as a set: in no particular order) and cards
    laid off.  Where arrangements that differ reach the count, which one the
    search takes depends on the order it tries them in: those hands, and
    rules with runs around the corner, are left to :func:`defender_count`.
    A chain of three or more laid off onto a run is the defender's own run
    there, as the search counts it (the same cards are one of its melds).
    """
    table = rules.run_deadwood
    if rules.around_corner or not table:
        return defender_count(defender, knocker_cover, rules)
    runs, fourths, choosing = _lay_off_spots(defender, knocker_cover)
    if not choosing:  # one lookup a suit
        joined = defender | runs
        lowest = _mask_value(joined, table)
        taken = 0
        own: list[int] = []
        laid = 0
    else:
        choices = _defence_choices(defender, fourths, runs)
        rests = [defender & ~taken | runs for taken in choices]
        totals = [_mask_value(r, table)
                  for r in rests]
        lowest = min(totals)
        if totals.count(lowest) != 1:
            return defender_count(defender, knocker_cover, rules, count=lowest)
        taken = choices[totals.index(lowest)]
        laid = taken & fourths
        grouped = taken ^ laid
        own = []
        ranks = _fold(grouped)
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            own.append(grouped & rank * _ACES)
    rest = defender & ~taken
    covers = _suit_covers(rules.rank_values)
    for shift in (0, 13, 26, 39):
        ranks = rest >> shift & _SUIT_BITS
        if not ranks:
            continue
        knocker_runs = runs >> shift & _SUIT_BITS
        joined = ranks | knocker_runs
        if not joined & joined >> 1 & joined >> 2:
            continue  # no run: every card of the suit is left
        ways = covers.get(joined)
        if ways is None:
            ways = _suit_covers_of(joined, covers, table, rules.suit_values)
        if len(ways) == 1 and not knocker_runs:
            for run in ways[0]:
                own.append(run << shift)
            continue
        if len(ways) == 1:  # one best set of runs (nearly always): it is what the suit shows
            suit_own, suit_laid = _defence_in_suit(ways[0], ranks, knocker_runs)
        else:
            shown = {_defence_in_suit(way, ranks, knocker_runs) for way in ways}
            if len(shown) != 1:
                return defender_count(defender, knocker_cover, rules, count=lowest)
            suit_own, suit_laid = shown.pop()
        for run in suit_own:
            own.append(run << shift)
        laid |= suit_laid << shift
    return lowest, tuple(own), laid


def _defence_in_suit(way: tuple[int, ...], ranks: int, knocker_runs: int) -> tuple[frozenset[int], int]:
    """What one set of runs of a suit (the defender's ``ranks`` with the knocker's runs
    there) shows: the defender's own runs, and the cards laid off."""
    own = []
    laid = 0
    for run in way:
        if not run & knocker_runs:
            own.append(run)
            continue
        chains = run & ranks
        if not chains & chains >> 1 & chains >> 2:
            laid |= chains
            continue
        while chains:  # each stretch of the defender's cards beside the knocker's
            low = chains & -chains
            stretch = chains & ~(chains + low)
            chains ^= stretch
            if stretch & stretch >> 1 & stretch >> 2:
                own.append(stretch)  # three or more in a row: a run of the defender's own
            else:
                laid |= stretch
    return frozenset(own), laid
