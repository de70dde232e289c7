"""The exact meld solver: the best arrangement of a hand into melds.

Given a player's cards, the solver finds the arrangement into non-overlapping
melds that leaves the lowest value unmatched (the *deadwood*).  It is exact:
every arrangement is considered (with pruning that never drops the best one),
never a greedy guess.

Two searches share the rules in :class:`MeldRules`:

* **Single deck, no wild cards** (Gin family, Knock, Boathouse): a hand is a
  52-bit mask, 13 bits a suit.  Runs stay in their suit and groups take one
  rank across the suits, so once the groups are chosen each suit is on its
  own: its lowest deadwood with runs only is looked up in a table of all
  8,192 sets of ranks of a suit, made once per rules.  The lowest deadwood
  is then the lowest, over the few group choices a hand has (none, for
  three hands in four), of four table lookups; a random 10-card hand costs
  about a microsecond.  Where the melds themselves are wanted (every
  arrangement of that lowest deadwood, for Gin's knocker), candidate melds
  are found with a few bit operations and chosen by branch and bound,
  bounded from the start by the lowest deadwood the tables give.  Gin
  lay-offs reuse that search: a lay-off onto the knocker's meld is one more
  candidate "meld" for the defender.  Most Gin hands need neither search:
  the knocker's only best cover and the defender's count after lay-offs
  (the knocker's run cards join the defender's in each suit) are read off
  the same tables, and both hands written from them (:func:`gin_shown`);
  the searches are kept for equal arrangements, whose order they decide
  (but a knocker whose group choices tie, each with one best set of runs a
  suit: those choices are put in the search's order off the tables).
* **Wild cards or several decks** (Tunk, Indian, Three Thirteen): a search
  that decides, for the lowest card still undecided, whether it is
  unmatched, the lowest natural card of a group, or the lowest natural card
  of a run, with wild cards as fillers.  Wild cards are a pool: a meld
  commits how many fillers it needs and how many more it could absorb; at
  the end the pool pays for them, the most valuable wild cards first, and
  where a meld may be all wild, three or more left over meld by themselves.
  A wild card used as its natural self (the 7H in 6H 7H 8H when sevens are
  wild) is natural there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import product
from operator import attrgetter
from typing import Literal

from .cards import ALL_CARDS, Card

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


#: what one suit of a hand shows where its runs are the only best ones (see :func:`_suit_shown`):
#: its lowest run deadwood, the ranks its runs hold (13 bits), those runs (hand masks, lowest
#: first), the text of its cards left (a space after it), the runs' texts in that order, and the
#: ranks its runs hold moved up 13 bits (the knocker's half of a :func:`_defence_shown` key)
SuitShown = tuple[int, int, tuple[int, ...], str, tuple[str, ...], int]

#: what a per-suit table answers where several sets of runs are best (the search's order decides)
SEVERAL: Literal[False] = False


@lru_cache(maxsize=32)
def _suits_shown(rank_values: tuple[int, ...]) -> tuple[list[SuitShown | Literal[False] | None], ...]:
    """Per rules without runs around the corner, each suit's table of what it shows, by set of
    its ranks: None until first asked (:func:`_suit_shown` fills it in).

    A hand's four suits are four lookups here instead of a walk through each
    suit's best runs and their texts; a plain list (8,192 entries a suit),
    which Python indexes in place, as it does no dict subclass.
    """
    return tuple([None] * (1 << 13) for _ in range(4))


def _suit_shown(kept: list[SuitShown | Literal[False] | None], suit: int, ranks: int,
                rules: MeldRules) -> SuitShown | Literal[False]:
    """What :func:`knocker_shown` shows of one suit once the groups are chosen, or
    :data:`SEVERAL` where several sets of runs are best; kept in ``kept`` (the rules'
    table for the suit) for the next ask."""
    table = rules.run_deadwood
    words = _WORDS[suit]
    found: SuitShown | Literal[False]
    if not _IN_RUNS[ranks]:
        found = (table[ranks], 0, (), words[ranks], (), 0)
    else:
        covers = rules.suit_covers
        ways = covers.get(ranks)
        if ways is None:
            ways = _suit_covers_of(ranks, covers, table, rules.suit_values)
        if len(ways) != 1:
            found = SEVERAL
        else:
            held = 0
            for run in ways[0]:
                held |= run
            runs = tuple(sorted(run << 13 * suit for run in ways[0]))
            found = (table[ranks], held, runs, words[ranks ^ held], tuple(map(_MELD_WORDS.__getitem__, runs)),
                     held << 13)
    kept[ranks] = found
    return found


#: what one suit of a defender shows once its groups and fourths are chosen (see
#: :func:`_defence_shown`): its own runs (hand masks, lowest first), the ranks it lays off onto
#: the knocker's runs there (13 bits), the text of its cards left (a space after it), what they
#: count, its runs' texts in that order, and the text of the cards laid off (a space after it)
DefenceShown = tuple[tuple[int, ...], int, str, int, tuple[str, ...], str]


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


def _defence_shown(kept: dict[int, DefenceShown | Literal[False]], suit: int, key: int,
                   rules: MeldRules) -> DefenceShown | Literal[False]:
    """What :func:`gin_shown` shows of the defender's suit for a pair of the defender's ranks
    there and the knocker's run cards there (``key``), or :data:`SEVERAL` where the suit's
    best sets of runs show it differently (the search's order decides); kept in ``kept``
    (the rules' table for the suit) while it holds fewer than :data:`_DEFENCE_KEPT`."""
    ranks = key & _SUIT_BITS
    knocker_runs = key >> 13
    words = _WORDS[suit]
    joined = ranks | knocker_runs
    table = rules.run_deadwood
    found: DefenceShown | Literal[False]
    if not ranks or not _IN_RUNS[joined]:
        found = ((), 0, words[ranks], table[joined], (), "")
    else:
        covers = rules.suit_covers
        ways = covers.get(joined)
        if ways is None:
            ways = _suit_covers_of(joined, covers, table, rules.suit_values)
        shown = {(frozenset(ways[0]), 0)} if len(ways) == 1 and not knocker_runs else {
            _defence_in_suit(way, ranks, knocker_runs) for way in ways}
        if len(shown) != 1:
            found = SEVERAL
        else:
            own, laid = shown.pop()
            held = laid
            for run in own:
                held |= run
            runs = tuple(sorted(run << 13 * suit for run in own))
            found = (runs, laid, words[ranks ^ held], table[joined], tuple(map(_MELD_WORDS.__getitem__, runs)),
                     words[laid])
    if len(kept) < _DEFENCE_KEPT:
        kept[key] = found
    return found


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


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What counts as a meld in a variant, and what unmatched cards are worth.

    ``rank_values[r - 1]`` is the value of an unmatched card of rank ``r``.
    ``around_corner``: runs may wrap (K-A-2).  ``ace_high``: an ace may also
    sit above the king (Q-K-A), never around the corner.  ``wild_rank``: every
    card of that rank is wild (deuces in Tunk, the deal's wild rank in
    Indian and Three Thirteen); printed jokers (``JK``) are always wild and
    worth ``joker_value``.  A wild card left unmatched counts its rank's
    value (Indian makes that 0).  ``min_natural``: the natural cards a meld
    needs; 0 lets three or more wild cards meld on their own.  Groups are of
    distinct suits, at most ``max_group`` cards (None: no maximum);
    ``group_repeats`` lets a group repeat a suit (7H 7H 7S from several
    decks).

    ``suit_values`` and ``run_deadwood`` are the bit-mask solver's tables
    (the value of every set of ranks of one suit, and its lowest deadwood
    with runs only), made once per rules without wild cards; empty for rules
    with them, which that solver does not take.
    """

    rank_values: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    around_corner: bool = False
    ace_high: bool = False
    wild_rank: int | None = None
    joker_value: int = 0
    min_natural: int = 2
    max_group: int | None = 4
    group_repeats: bool = False
    suit_values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    run_deadwood: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: each set of ranks of a suit's best sets of runs, filled in as asked (see :func:`_suit_covers_of`)
    suit_covers: dict[int, tuple[tuple[int, ...], ...]] = field(init=False, repr=False, compare=False)
    #: what each suit of a hand shows, by suit, filled in as asked (see :func:`_suits_shown`);
    #: empty for rules with wild cards or runs around the corner
    suits_shown: tuple[list[SuitShown | Literal[False] | None], ...] = field(init=False, repr=False, compare=False)
    #: what each suit of a defender shows, by suit, filled in as asked (see :func:`_defences_shown`);
    #: empty where :attr:`suits_shown` is
    defences_shown: tuple[dict[int, DefenceShown | Literal[False]], ...] = field(init=False, repr=False,
                                                                                   compare=False)

    def __post_init__(self) -> None:
        single_deck = self.wild_rank is None
        table = _suit_value_table(self.rank_values) if single_deck else ()
        runs = _run_deadwood_table(self.rank_values, self.around_corner) if single_deck else ()
        object.__setattr__(self, "suit_values", table)
        object.__setattr__(self, "run_deadwood", runs)
        object.__setattr__(self, "suit_covers", _suit_covers(self.rank_values))
        plain = single_deck and not self.around_corner
        object.__setattr__(self, "suits_shown", _suits_shown(self.rank_values) if plain else ())
        object.__setattr__(self, "defences_shown", _defences_shown(self.rank_values) if plain else ())

    def value(self, card: Card) -> int:
        if card.is_joker:
            return self.joker_value
        return self.rank_values[card.rank - 1]

    def hand_value(self, cards: Sequence[Card]) -> int:
        return sum(self.value(card) for card in cards)


STANDARD = MeldRules()


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to lay a hand down: its melds, what is left and its value."""

    deadwood: int
    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    laid_off: tuple[Card, ...] = ()
    # Indian only: how many runs, how many of them without wild fillers.
    sequences: int = 0
    pure_sequences: int = 0
    meld_kinds: tuple[str, ...] = field(default=(), compare=False)


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


def _mask_value(mask: int, table: tuple[int, ...]) -> int:
    return (
        table[mask & _SUIT_BITS]
        + table[(mask >> 13) & _SUIT_BITS]
        + table[(mask >> 26) & _SUIT_BITS]
        + table[mask >> 39]
    )


def _candidate_melds(mask: int, around_corner: bool) -> list[int]:
    """Every run and group that the cards in ``mask`` can form."""
    melds: list[int] = []
    a = mask & _SUIT_BITS
    b = (mask >> 13) & _SUIT_BITS
    c = (mask >> 26) & _SUIT_BITS
    d = mask >> 39
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


def _check_single_deck(rules: MeldRules) -> None:
    if rules.wild_rank is not None:
        raise ValueError("the bit-mask solver takes no wild cards")


def min_deadwood(cards: Sequence[Card], rules: MeldRules = STANDARD) -> int:
    """The lowest unmatched value of ``cards`` over every arrangement.

    Single deck without wild cards reads the rules' tables (see the module's
    docstring); anything else goes to the general search.

    >>> from .cards import parse_cards
    >>> min_deadwood(parse_cards("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"))
    6
    """
    table = rules.run_deadwood
    if table:
        # Distinct cards have distinct bits, so their sum has a bit each; a
        # repeated card or a joker (no bit) leaves fewer: the general search.
        mask: int = sum(map(_BIT, cards))
        if mask.bit_count() == len(cards):
            a = mask & _SUIT_BITS
            b = mask >> 13 & _SUIT_BITS
            c = mask >> 26 & _SUIT_BITS
            d = mask >> 39
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


def _table_deadwood(mask: int, table: tuple[int, ...]) -> int:
    """The lowest deadwood of a single-deck hand mask (``table``: the rules' ``run_deadwood``)."""
    a = mask & _SUIT_BITS
    b = mask >> 13 & _SUIT_BITS
    c = mask >> 26 & _SUIT_BITS
    d = mask >> 39
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


def _has_duplicates_or_jokers(cards: Sequence[Card]) -> bool:
    return len({card.index for card in cards}) != len(cards) or any(
        card.is_joker for card in cards
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


def shown_arrangement(mask: int, cover: Sequence[int], rules: MeldRules,
                      laid_off: int = 0) -> tuple[list[str], str]:
    """What a sheet shows of an arrangement: its melds and its unmatched cards, as text."""
    if not cover:  # most hands replayed: no meld
        return [], mask_text(mask & ~laid_off)
    used = laid_off
    for meld in cover:
        used |= meld
    return [_meld_text(m, rules.around_corner) for m in sorted(cover)], mask_text(mask & ~used)


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
    a = mask & _SUIT_BITS
    b = mask >> 13 & _SUIT_BITS
    c = mask >> 26 & _SUIT_BITS
    d = mask >> 39
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
    a = mask & _SUIT_BITS
    b = mask >> 13 & _SUIT_BITS
    c = mask >> 26 & _SUIT_BITS
    d = mask >> 39
    groups = (a & b & (c | d)) | (c & d & (a | b))
    in_runs = _IN_RUNS
    if not groups:  # three random hands in four: runs only, each suit on its own
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
                    break  # several best sets of runs: listed below
                for run in ways[0]:
                    runs.append(run << shift)
        else:
            if len(runs) > 1 and _runs_held(mask) != len(runs):
                values = rules.suit_values
                runs.sort(key=lambda run: -_mask_value(run, values))  # stable: ties by lowest card
            return table[a] + table[b] + table[c] + table[d], [tuple(runs)]
    candidates = 0  # the hand's candidate groups
    forced = 0  # ranks every best cover melds as a group
    chosen: list[tuple[int, int, int, int, list[int]]]  # each best choice of the other groups: what it leaves
    if groups:
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
            chosen = [(a, b, c, d, [])]
        elif not choose & (choose - 1) and not fours & choose:  # one rank three times
            apart = table[a] + table[b] + table[c] + table[d]
            keep = ~choose
            grouped = table[a & keep] + table[b & keep] + table[c & keep] + table[d & keep]
            with_group = (a & keep, b & keep, c & keep, d & keep, [_group_of(a, b, c, d, choose)])
            chosen = ([with_group] if grouped < apart else [(a, b, c, d, [])] if apart < grouped
                      else [(a, b, c, d, []), with_group])
        else:
            choices = _group_choices(a, b, c, d, choose)
            totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
            lowest = min(totals)
            chosen = [choice for choice, total in zip(choices, totals) if total == lowest]
    else:
        chosen = [(a, b, c, d, [])]
    covers = rules.suit_covers
    found: list[list[int]] = []
    for w, x, y, z, groups_chosen in chosen:
        melds: list[int] = []
        if forced and groups_chosen:
            original = (mask & _SUIT_BITS, mask >> 13 & _SUIT_BITS, mask >> 26 & _SUIT_BITS, mask >> 39)
            melds += [_group_of(*original, rank) for rank in _bits_of(forced)] + groups_chosen
            melds.sort(key=lambda group: (group | group >> 13 | group >> 26 | group >> 39) & _SUIT_BITS)  # by rank
        elif forced:
            original = (mask & _SUIT_BITS, mask >> 13 & _SUIT_BITS, mask >> 26 & _SUIT_BITS, mask >> 39)
            melds += [_group_of(*original, rank) for rank in _bits_of(forced)]
        elif groups_chosen:
            melds += groups_chosen
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
    values = rules.suit_values
    if len(found) == 1:
        melds = found[0]
        if len(melds) > 1 and candidates + _runs_held(mask) != len(melds):
            # Higher value first, ties in listing order (the search's).
            keyed = sorted([(-_mask_value(meld, values), k, meld) for k, meld in enumerate(melds)])
            melds = [meld for _, _, meld in keyed]
        w, x, y, z, _ = chosen[0]
        return table[w] + table[x] + table[y] + table[z], [tuple(melds)]
    # Each meld's place in the search's order worked out once (covers share most of their melds).
    place = {meld: _search_order(meld, values) for cover in found for meld in cover}
    ordered = [tuple(sorted(cover, key=place.__getitem__)) for cover in found]
    ordered.sort(key=lambda cover: [place[meld] for meld in cover])
    w, x, y, z, _ = chosen[0]
    return table[w] + table[x] + table[y] + table[z], ordered


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
    ranks = (meld | meld >> 13 | meld >> 26 | meld >> 39) & _SUIT_BITS
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
    values = [table[m & _SUIT_BITS] + table[m >> 13 & _SUIT_BITS] + table[m >> 26 & _SUIT_BITS] + table[m >> 39]
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


# The defence read off the tables.  Laying off onto the knocker's runs is
# melding with them: a chain of the defender's cards laid off at either end
# of a run is, with the run, one longer run of the suit.  So, suit by suit,
# the knocker's run cards join the defender's, and the lowest run deadwood of
# that set of ranks (the rules' table) is the defender's lowest: a run's own
# cards are always melded there (three or more in a row are a run by
# themselves, and any of them left over joins the run beside it), so only
# the defender's cards are left.  Every such set of runs is a lay-off the
# rules allow: the defender's cards in a run with the knocker's are chains
# at the knocker's runs' ends (a stretch between two runs goes on either).
# A card that lays off alone onto a group of three (its missing fourth) is
# worth nothing left: it is laid off or kept for the runs, whichever is
# lower.  The defender's own groups are chosen as the knocker's are.


def _lay_off_spots(defender: int, knocker_cover: Sequence[int]) -> tuple[int, int, bool]:
    """The knocker's run cards (one mask), the defender's cards that are a group of three's
    fourth, and whether the defender has any choice to make (a fourth, or a rank three times)."""
    runs = 0
    fourths = 0
    for meld in knocker_cover:
        ranks = (meld | meld >> 13 | meld >> 26 | meld >> 39) & _SUIT_BITS
        if ranks & (ranks - 1):  # several ranks: a run
            runs |= meld
        elif meld.bit_count() == 3:
            fourths |= ranks * _ACES & ~meld
    fourths &= defender
    a = defender & _SUIT_BITS
    b = defender >> 13 & _SUIT_BITS
    c = defender >> 26 & _SUIT_BITS
    d = defender >> 39
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
    a = defender & _SUIT_BITS
    b = defender >> 13 & _SUIT_BITS
    c = defender >> 26 & _SUIT_BITS
    d = defender >> 39
    in_runs = _IN_RUNS
    in_play = (in_runs[a | runs & _SUIT_BITS] & a | (in_runs[b | runs >> 13 & _SUIT_BITS] & b) << 13
               | (in_runs[c | runs >> 26 & _SUIT_BITS] & c) << 26 | (in_runs[d | runs >> 39] & d) << 39)
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
        return (table[joined & _SUIT_BITS] + table[joined >> 13 & _SUIT_BITS] + table[joined >> 26 & _SUIT_BITS]
                + table[joined >> 39])
    rests = [defender & ~taken | runs for taken in _defence_choices(defender, fourths, runs)]
    return min(table[r & _SUIT_BITS] + table[r >> 13 & _SUIT_BITS] + table[r >> 26 & _SUIT_BITS] + table[r >> 39]
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
        lowest = (table[joined & _SUIT_BITS] + table[joined >> 13 & _SUIT_BITS] + table[joined >> 26 & _SUIT_BITS]
                  + table[joined >> 39])
        taken = 0
        own: list[int] = []
        laid = 0
    else:
        choices = _defence_choices(defender, fourths, runs)
        rests = [defender & ~taken | runs for taken in choices]
        totals = [table[r & _SUIT_BITS] + table[r >> 13 & _SUIT_BITS] + table[r >> 26 & _SUIT_BITS] + table[r >> 39]
                  for r in rests]
        lowest = min(totals)
        if totals.count(lowest) != 1:
            return defender_count(defender, knocker_cover, rules, count=lowest)
        taken = choices[totals.index(lowest)]
        laid = taken & fourths
        grouped = taken ^ laid
        own = []
        ranks = (grouped | grouped >> 13 | grouped >> 26 | grouped >> 39) & _SUIT_BITS
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

#: what :func:`gin_shown` gives: the knocker's count, melds and unmatched cards as
#: the sheet writes them, then the defender's count, melds, unmatched cards and
#: the cards laid off, one string each
GinShown = tuple[int, list[str], str, int, list[str], str, list[str]]


#: what :func:`_knocker_shown` gives: the knocker's count, melds and unmatched cards
#: as the sheet writes them, and its melds (masks, in no particular order)
KnockerShown = tuple[int, list[str], str, list[int]]


def knocker_shown(knocker: int, rules: MeldRules) -> tuple[int, list[str], str] | None:
    """A knocker's lowest deadwood, melds and unmatched cards as the sheet writes them,
    straight off the tables (what :func:`knocker_covers` and :func:`shown_arrangement`
    give); None where several arrangements reach the count, or runs go around the corner."""
    shown = _knocker_shown(knocker, rules)
    return None if shown is None else shown[:3]


def _knocker_shown(knocker: int, rules: MeldRules) -> KnockerShown | None:
    """:func:`knocker_shown`, with the knocker's melds as masks."""
    table = rules.run_deadwood
    if rules.around_corner or not table:
        return None
    a = knocker & _SUIT_BITS
    b = knocker >> 13 & _SUIT_BITS
    c = knocker >> 26 & _SUIT_BITS
    d = knocker >> 39
    groups = (a & b & (c | d)) | (c & d & (a | b))
    k_groups: list[int] = []
    if groups:
        chosen = _knocker_groups(knocker, a, b, c, d, groups, table)
        if chosen is None:
            return None  # several best arrangements: the search's order decides
        a, b, c, d, k_groups, _ = chosen
    # The knocker's runs, suit by suit, and what is left unmatched: a lookup a suit.
    sa, sb, sc, sd = rules.suits_shown
    wa, wb, wc, wd = sa[a], sb[b], sc[c], sd[d]
    if wa is None:
        wa = _suit_shown(sa, 0, a, rules)
    if wb is None:
        wb = _suit_shown(sb, 1, b, rules)
    if wc is None:
        wc = _suit_shown(sc, 2, c, rules)
    if wd is None:
        wd = _suit_shown(sd, 3, d, rules)
    if not (wa and wb and wc and wd):
        return None  # several best sets of runs in a suit
    melds = [*k_groups, *wa[2], *wb[2], *wc[2], *wd[2]]
    # Each suit's runs come lowest first, and the suits in the order of their bits: in order
    # already, but for the groups, which hold cards of several suits.
    k_melds = [*wa[4], *wb[4], *wc[4], *wd[4]] if not k_groups else list(map(_MELD_TEXT, sorted(melds)))
    return wa[0] + wb[0] + wc[0] + wd[0], k_melds, f"{wa[3]}{wb[3]}{wc[3]}{wd[3]}"[:-1], melds


def _knocker_groups(knocker: int, a: int, b: int, c: int, d: int, groups: int,
                    table: tuple[int, ...]) -> tuple[int, int, int, int, list[int], int] | None:
    """The knocker's groups chosen among the ranks held three or four times (``groups``):
    what is left of each suit (``a``..``d``, 13 bits each), the groups (masks) and their
    ranks (a group of three's fourth, the defender's, lays off); None where several choices
    reach the lowest deadwood (the search's order decides).

    A rank none of whose cards a run could hold is melded whole (left, its
    cards would only count); a single other rank held three times is melded
    or left by comparing the two table sums; any others are listed
    (:func:`_group_choices`).
    """
    in_runs = _IN_RUNS
    choose = groups & (in_runs[a] | in_runs[b] | in_runs[c] | in_runs[d])
    forced = groups ^ choose  # no run could hold a card of these: melded whole
    melds: list[int] = []
    if forced:
        keep = ~forced
        a &= keep
        b &= keep
        c &= keep
        d &= keep
        ranks = forced
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            melds.append(knocker & rank * _ACES)
    if not choose:
        return a, b, c, d, melds, forced
    if not choose & (choose - 1) and not a & b & c & d & choose:
        # One rank three times to choose (most hands that choose): melded or left, as
        # :func:`_group_choices` would list the two, without listing them.
        keep = ~choose
        apart = table[a] + table[b] + table[c] + table[d]
        w, x, y, z = a & keep, b & keep, c & keep, d & keep
        grouped = table[w] + table[x] + table[y] + table[z]
        if grouped == apart:
            return None
        if grouped < apart:
            melds.append(knocker & choose * _ACES)
            return w, x, y, z, melds, forced | choose
        return a, b, c, d, melds, forced
    choices = _group_choices(a, b, c, d, choose)
    totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
    lowest = min(totals)
    if totals.count(lowest) != 1:
        return None
    a, b, c, d, chosen = choices[totals.index(lowest)]
    threes = forced
    for group in chosen:
        threes |= (group | group >> 13 | group >> 26 | group >> 39) & _SUIT_BITS
    return a, b, c, d, melds + chosen, threes


def gin_shown(knocker: int, defender: int, rules: MeldRules, *, lay_off_on_gin: bool = False) -> GinShown | None:
    """:func:`gin_shown_in_place`, the flag given by name."""
    return gin_shown_in_place(knocker, defender, rules, lay_off_on_gin)


def gin_shown_in_place(knocker: int, defender: int, rules: MeldRules, lay_off_on_gin: bool) -> GinShown | None:
    """A Gin hand with both hands as cards, scored and written straight off the tables.

    The knocker's lowest deadwood and its arrangement, the defender's lowest
    count with own melds and lay-offs chosen together, and both as a sheet
    shows them: what :func:`knocker_covers`, :func:`defence` and
    :func:`shown_arrangement` give, without a cover, a candidate meld or a
    whole-hand mask made along the way (each suit's 13 bits are worked on
    as small ints, and each suit of both hands is a lookup).  None where the
    knocker has several best arrangements or the defender's best is not the
    only one (the search's order then decides: those hands go the long way),
    and for rules that wrap runs around the corner.  A gin hand (count 0)
    takes no lay-offs unless ``lay_off_on_gin`` (given in place: this is
    called for every Gin hand replayed, and a keyword costs a tenth of it).
    """
    table = rules.run_deadwood
    if rules.around_corner or not table:
        return None
    a = knocker & _SUIT_BITS
    b = knocker >> 13 & _SUIT_BITS
    c = knocker >> 26 & _SUIT_BITS
    d = knocker >> 39
    groups = (a & b & (c | d)) | (c & d & (a | b))
    k_groups: list[int] = []
    threes = 0  # ranks of the knocker's groups: the defender may lay off a group of three's fourth
    if groups:
        chosen = _knocker_groups(knocker, a, b, c, d, groups, table)
        if chosen is None:  # several best group choices: the one leaving the defender the most
            chosen = _knocker_leaving_most(knocker, defender, a, b, c, d, groups, rules, lay_off_on_gin)
            if chosen is None:
                return None  # several best arrangements of a suit too: the search's order decides
        a, b, c, d, k_groups, threes = chosen
    # The knocker's runs, suit by suit, and what is left unmatched: a lookup a suit
    # (what _suits_of gives, in place: this is every hand's).
    sa, sb, sc, sd = rules.suits_shown
    wa, wb, wc, wd = sa[a], sb[b], sc[c], sd[d]
    if wa is None:
        wa = _suit_shown(sa, 0, a, rules)
    if wb is None:
        wb = _suit_shown(sb, 1, b, rules)
    if wc is None:
        wc = _suit_shown(sc, 2, c, rules)
    if wd is None:
        wd = _suit_shown(sd, 3, d, rules)
    if not (wa and wb and wc and wd):
        return None  # several best sets of runs in a suit
    k_count = wa[0] + wb[0] + wc[0] + wd[0]
    k_melds = [*wa[4], *wb[4], *wc[4], *wd[4]] if not k_groups else list(map(
        _MELD_TEXT, sorted([*k_groups, *wa[2], *wb[2], *wc[2], *wd[2]])))
    k_text = f"{wa[3]}{wb[3]}{wc[3]}{wd[3]}"[:-1]
    no_lay_offs = k_count == 0 and not lay_off_on_gin
    e = defender & _SUIT_BITS
    f = defender >> 13 & _SUIT_BITS
    g = defender >> 26 & _SUIT_BITS
    h = defender >> 39
    d_groups = (e & f & (g | h)) | (g & h & (e | f))
    # The knocker's run cards in each suit, as the upper half of the defender's key there.
    ka, kb, kc, kd = (0, 0, 0, 0) if no_lay_offs else (wa[5], wb[5], wc[5], wd[5])
    # A knocker's group of three's fourth card, where the defender holds it, lays off alone
    # (the whole hand's mask: a few of these hands have any).
    fourths = defender & threes * _ACES & ~knocker if threes and not no_lay_offs else 0
    own: list[int] = []
    laid: list[int] | None = None  # fourths laid off, by suit, where there are any
    if d_groups or fourths:
        runs = (0, 0, 0, 0) if no_lay_offs else (wa[1], wb[1], wc[1], wd[1])
        chosen_defence = _defender_groups(defender, e, f, g, h, d_groups, fourths, *runs, table)
        if isinstance(chosen_defence, int):  # several best arrangements: the search's order decides
            k_cover = [*k_groups, *wa[2], *wb[2], *wc[2], *wd[2]]
            return k_count, k_melds, k_text, *_searched_defence(knocker, k_cover, no_lay_offs, defender,
                                                                 chosen_defence, rules)
        e, f, g, h, own, laid = chosen_defence
    # Each suit's own runs, lay-offs onto the knocker's runs and cards left: a lookup a suit.
    da, db, dc, dd = rules.defences_shown
    ka |= e
    kb |= f
    kc |= g
    kd |= h
    try:
        xa, xb, xc, xd = da[ka], db[kb], dc[kc], dd[kd]
    except KeyError:
        xa = da[ka] if ka in da else _defence_shown(da, 0, ka, rules)
        xb = db[kb] if kb in db else _defence_shown(db, 1, kb, rules)
        xc = dc[kc] if kc in dc else _defence_shown(dc, 2, kc, rules)
        xd = dd[kd] if kd in dd else _defence_shown(dd, 3, kd, rules)
    if not (xa and xb and xc and xd):  # several best arrangements: the search decides
        d_count = (table[ka & _SUIT_BITS | ka >> 13] + table[kb & _SUIT_BITS | kb >> 13]
                   + table[kc & _SUIT_BITS | kc >> 13] + table[kd & _SUIT_BITS | kd >> 13])
        k_cover = [*k_groups, *wa[2], *wb[2], *wc[2], *wd[2]]
        return k_count, k_melds, k_text, *_searched_defence(knocker, k_cover, no_lay_offs, defender, d_count, rules)
    d_melds = [*xa[4], *xb[4], *xc[4], *xd[4]] if not own else list(map(
        _MELD_TEXT, sorted([*own, *xa[0], *xb[0], *xc[0], *xd[0]])))
    if laid is None:
        laid_off = f"{xa[5]}{xb[5]}{xc[5]}{xd[5]}".split()
    else:
        spades, hearts, diamonds, clubs = _WORDS
        laid_off = (spades[laid[0] | xa[1]] + hearts[laid[1] | xb[1]] + diamonds[laid[2] | xc[1]]
                    + clubs[laid[3] | xd[1]]).split()
    return (k_count, k_melds, k_text, xa[3] + xb[3] + xc[3] + xd[3], d_melds, f"{xa[2]}{xb[2]}{xc[2]}{xd[2]}"[:-1],
            laid_off)


def _suits_of(a: int, b: int, c: int, d: int,
              rules: MeldRules) -> tuple[SuitShown, SuitShown, SuitShown, SuitShown] | None:
    """What each suit of a hand shows once its groups are chosen (``a``..``d``: what is left
    of each, 13 bits), off the rules' tables; None where a suit has several best sets of runs."""
    sa, sb, sc, sd = rules.suits_shown
    wa, wb, wc, wd = sa[a], sb[b], sc[c], sd[d]
    if wa is None:
        wa = _suit_shown(sa, 0, a, rules)
    if wb is None:
        wb = _suit_shown(sb, 1, b, rules)
    if wc is None:
        wc = _suit_shown(sc, 2, c, rules)
    if wd is None:
        wd = _suit_shown(sd, 3, d, rules)
    if not (wa and wb and wc and wd):
        return None
    return wa, wb, wc, wd


def _knocker_leaving_most(knocker: int, defender: int, a: int, b: int, c: int, d: int, groups: int,
                          rules: MeldRules, lay_off_on_gin: bool) -> tuple[int, int, int, int, list[int], int] | None:
    """Where several of the knocker's group choices reach its lowest deadwood: the one whose
    cover leaves the defender the highest count, the first such in the search's order (what
    :func:`knocker_covers` and the defence of each cover give); a gin hand without lay-offs
    takes the first.  Given as :func:`_knocker_groups` gives one; None where a suit of any
    of them has several best sets of runs (its covers are listed the long way).

    Each choice is one cover here (its suits' runs are the only best ones), so
    the covers are ordered as :func:`_table_cover` orders them: each by its
    melds' places in the search (:func:`_search_order`), then by those places.
    """
    table = rules.run_deadwood
    values = rules.suit_values
    ordered = []
    for w, x, y, z, melds, threes in _knocker_choices(knocker, a, b, c, d, groups, table):
        found = _suits_of(w, x, y, z, rules)
        if found is None:
            return None
        cover = [*melds, *found[0][2], *found[1][2], *found[2][2], *found[3][2]]
        places = sorted(_search_order(meld, values) for meld in cover)
        ordered.append((places, (w, x, y, z, melds, threes), found))
    ordered.sort(key=lambda tied: tied[0])
    first = ordered[0]
    wa, wb, wc, wd = first[2]
    if wa[0] + wb[0] + wc[0] + wd[0] == 0 and not lay_off_on_gin:
        return first[1]
    best_count = -1
    for _, choice, (wa, wb, wc, wd) in ordered:
        count = _defender_count_of(knocker, defender, choice[5], wa[1], wb[1], wc[1], wd[1], table)
        if count > best_count:
            best_count, best = count, choice
    return best


def _knocker_choices(knocker: int, a: int, b: int, c: int, d: int, groups: int,
                     table: tuple[int, ...]) -> list[tuple[int, int, int, int, list[int], int]]:
    """Every choice of the knocker's groups that reaches its lowest deadwood, in the order
    :func:`_group_choices` lists them, each as :func:`_knocker_groups` gives one."""
    in_runs = _IN_RUNS
    choose = groups & (in_runs[a] | in_runs[b] | in_runs[c] | in_runs[d])
    forced = groups ^ choose
    melds: list[int] = []
    if forced:
        keep = ~forced
        a &= keep
        b &= keep
        c &= keep
        d &= keep
        ranks = forced
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            melds.append(knocker & rank * _ACES)
    choices = _group_choices(a, b, c, d, choose)
    totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
    lowest = min(totals)
    found = []
    for (w, x, y, z, chosen), total in zip(choices, totals):
        if total == lowest:
            threes = forced
            for group in chosen:
                threes |= (group | group >> 13 | group >> 26 | group >> 39) & _SUIT_BITS
            found.append((w, x, y, z, melds + chosen, threes))
    return found


def _defender_count_of(knocker: int, defender: int, threes: int, ra: int, rb: int, rc: int, rd: int,
                       table: tuple[int, ...]) -> int:
    """The defender's lowest count after lay-offs against a knocker whose run cards in each
    suit are ``ra``..``rd`` (13 bits each) and whose groups' ranks are ``threes``
    (what :func:`defence_count` gives for that cover)."""
    e = defender & _SUIT_BITS
    f = defender >> 13 & _SUIT_BITS
    g = defender >> 26 & _SUIT_BITS
    h = defender >> 39
    d_groups = (e & f & (g | h)) | (g & h & (e | f))
    fourths = defender & threes * _ACES & ~knocker if threes else 0
    if d_groups or fourths:
        chosen = _defender_groups(defender, e, f, g, h, d_groups, fourths, ra, rb, rc, rd, table)
        if isinstance(chosen, int):
            return chosen
        e, f, g, h = chosen[:4]
    return table[e | ra] + table[f | rb] + table[g | rc] + table[h | rd]


def _defender_groups(defender: int, e: int, f: int, g: int, h: int, d_groups: int, fourths: int, ra: int, rb: int,
                     rc: int, rd: int, table: tuple[int, ...]) -> tuple[int, int, int, int, list[int], list[int] | None] | int:
    """The defender's groups chosen among the ranks held three or four times (``d_groups``),
    and the fourths of the knocker's groups of three laid off (``fourths``), the knocker's run
    cards in each suit being ``ra``..``rd`` (13 bits each): what is left of each suit, the
    defender's groups (masks) and the cards laid off alone, by suit (13 bits each; None where
    none is); or, where
    several choices reach the lowest count, that count (the search's order decides).

    The defender's cards that a run (with the knocker's) could hold decide:
    a group or a fourth with none of them is melded or laid off in every
    best arrangement; any other is a choice.
    """
    in_runs = _IN_RUNS
    ie, if_, ig, ih = in_runs[e | ra] & e, in_runs[f | rb] & f, in_runs[g | rc] & g, in_runs[h | rd] & h
    choose = d_groups & (ie | if_ | ig | ih)
    forced = d_groups ^ choose
    own: list[int] = []
    laid: list[int] | None = None
    if forced:
        keep = ~forced
        ranks = forced
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            own.append(defender & rank * _ACES)
        e &= keep
        f &= keep
        g &= keep
        h &= keep
    in_play = 0
    if fourths:
        in_play = fourths & (ie | if_ << 13 | ig << 26 | ih << 39)
        alone = fourths ^ in_play
        if alone:
            laid = [alone & _SUIT_BITS, alone >> 13 & _SUIT_BITS, alone >> 26 & _SUIT_BITS, alone >> 39]
            e ^= laid[0]
            f ^= laid[1]
            g ^= laid[2]
            h ^= laid[3]
    if choose and not in_play and not choose & (choose - 1) and not e & f & g & h & choose:
        # One rank three times to choose and no fourth (most defenders that choose): the
        # group melded or left, as :func:`_group_choices` would list the two, without listing them.
        keep = ~choose
        apart = table[e | ra] + table[f | rb] + table[g | rc] + table[h | rd]
        w, x, y, z = e & keep, f & keep, g & keep, h & keep
        grouped = table[w | ra] + table[x | rb] + table[y | rc] + table[z | rd]
        if grouped == apart:
            return apart
        if grouped < apart:
            own.append(defender & choose * _ACES)
            e, f, g, h = w, x, y, z
    elif choose or in_play:
        choices = _group_choices(e, f, g, h, choose) if choose else [(e, f, g, h, [])]
        while in_play:  # suit by suit, lowest first
            card = in_play & -in_play
            in_play ^= card
            suit = (card.bit_length() - 1) // 13
            keep = ~(card >> 13 * suit)  # a single card among the groups: laid off
            if suit == 0:
                choices += [(w & keep, x, y, z, [*chosen, card]) for w, x, y, z, chosen in choices]
            elif suit == 1:
                choices += [(w, x & keep, y, z, [*chosen, card]) for w, x, y, z, chosen in choices]
            elif suit == 2:
                choices += [(w, x, y & keep, z, [*chosen, card]) for w, x, y, z, chosen in choices]
            else:
                choices += [(w, x, y, z & keep, [*chosen, card]) for w, x, y, z, chosen in choices]
        totals = [table[w | ra] + table[x | rb] + table[y | rc] + table[z | rd] for w, x, y, z, _ in choices]
        lowest = min(totals)
        if totals.count(lowest) != 1:
            return lowest
        e, f, g, h, chosen = choices[totals.index(lowest)]
        for meld in chosen:
            if meld.bit_count() == 1:
                suit = (meld.bit_length() - 1) // 13
                if laid is None:
                    laid = [0, 0, 0, 0]
                laid[suit] |= meld >> 13 * suit
            else:
                own.append(meld)
    return e, f, g, h, own, laid


def _searched_defence(knocker: int, cover: list[int], no_lay_offs: bool, defender: int, count: int,
                      rules: MeldRules) -> tuple[int, list[str], str, list[str]]:
    """The defender's part of :func:`gin_shown` where several arrangements reach ``count``:
    :func:`defender_count` picks one, told the count, trying lay-offs in the order the
    knocker's melds come in from :func:`knocker_covers` (its only best cover)."""
    ordered = () if no_lay_offs else _in_search_order(knocker, cover, rules)
    count, own, laid = defender_count(defender, ordered, rules, count=count)
    melds, left = shown_arrangement(defender, own, rules, laid)
    return count, melds, left, mask_text(laid).split()


def _in_search_order(mask: int, cover: list[int], rules: MeldRules) -> tuple[int, ...]:
    """A hand's only best cover (no corner) in :func:`knocker_covers`'s order (see :func:`_table_cover`)."""
    by_kind = sorted(cover, key=_listing_order)
    a = mask & _SUIT_BITS
    b = mask >> 13 & _SUIT_BITS
    c = mask >> 26 & _SUIT_BITS
    d = mask >> 39
    groups = (a & b & (c | d)) | (c & d & (a | b))
    fours = a & b & c & d
    candidates = (groups ^ fours).bit_count() + 5 * fours.bit_count() + _runs_held(mask)
    if len(by_kind) > 1 and candidates != len(by_kind):
        values = rules.suit_values
        by_kind.sort(key=lambda meld: -_mask_value(meld, values))  # stable: ties stay in listing order
    return tuple(by_kind)


def _listing_order(meld: int) -> tuple[bool, int]:
    """Where :func:`_candidate_melds` lists a meld (no corner): groups first, by rank, then runs by lowest card."""
    ranks = (meld | meld >> 13 | meld >> 26 | meld >> 39) & _SUIT_BITS
    if ranks & (ranks - 1):  # a run
        return True, meld & -meld
    return False, ranks


def _fold(meld: int) -> int:
    """The ranks of a meld, as 13 bits."""
    return (meld | meld >> 13 | meld >> 26 | meld >> 39) & _SUIT_BITS


def lay_off(
    defender: Sequence[Card],
    knocker_melds: Sequence[Sequence[Card]],
    rules: MeldRules = STANDARD,
) -> Arrangement:
    """The defender's lowest count after melding and laying off together.

    Own melds and lay-offs are chosen together: 8H 8S 8D 8C 7H against the
    knocker's 9H 10H JH leaves 0 (7H and 8H go on the run, the other eights
    stay a group).  ``laid_off`` lists the cards laid off.
    """
    _check_single_deck(rules)
    mask = hand_mask(defender)
    count, own, laid = defender_count(mask, [hand_mask(m) for m in knocker_melds], rules)
    return arrangement_of(mask, own, rules, laid)


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


# ---------------------------------------------------------------------------
# Wild cards and several decks: the general search.


#: A meld as the search keeps it (one is made for every meld tried, so a
#: plain tuple): its natural cards' indices, the wild cards it needs, the wild
#: cards it could still take, and whether it is a run.
_Meld = tuple[tuple[int, ...], int, int, bool]

#: ``_COPY[i]``: one copy of card ``i`` in the search's packed count of cards
_COPY = tuple(1 << (2 * index) for index in range(52))

#: In the packed count: the low bit of every card's two, and of those the
#: cards that can start a run of three of their suit (ace to jack), and aces.
_ONE_EACH = sum(_COPY)
_RUN_STARTS_PACKED = sum(_COPY[i] for i in range(52) if i % 13 <= 10)
_ACES_PACKED = sum(_COPY[i] for i in range(0, 52, 13))

#: For 0 to 3 other cards of a rank, which of them join a group, in the
#: order the search tries them (as the bits of 0, 1, 2, ...).
_GROUP_PICKS = tuple(
    tuple(tuple(k for k in range(others) if subset >> k & 1) for subset in range(1 << others))
    for others in range(4)
)


@dataclass(slots=True)
class _Best:
    deadwood: float = float("inf")
    melds: tuple[_Meld, ...] = ()
    left: tuple[int, ...] = ()
    wild_left: tuple[int, ...] = ()
    sequences: int = 0
    pure: int = 0
    declarable: bool = False
    declaration: tuple[_Meld, ...] | None = None
    spare_meld: bool = False  # the wild cards no meld needs make one of their own


def _general_search(
    cards: Sequence[Card], rules: MeldRules, *, need_sequences: bool = False
) -> Arrangement:
    """Exact search with wild cards and repeated cards.

    With ``need_sequences`` (Indian) only arrangements holding at least two
    runs, one of them without wild fillers, count; when there is none the
    returned deadwood is the value of every card and no melds.
    """
    best = _search(cards, rules, need_sequences=need_sequences)
    if best.deadwood == float("inf"):
        return Arrangement(rules.hand_value(cards), (), tuple(cards))
    return _to_arrangement(cards, best, rules)


class _Declared(Exception):
    """Raised inside the search to stop at the first valid declaration."""


def _search(
    cards: Sequence[Card],
    rules: MeldRules,
    *,
    need_sequences: bool,
    bound: float = float("inf"),
    declare_only: bool = False,
) -> _Best:
    """The search itself; only arrangements below ``bound`` are recorded.

    ``declare_only`` looks for an arrangement melding every card and stops at
    the first.  Where wild cards are worth nothing (Indian), the room left in
    melds for extra wild cards cannot change a count, so it is left out of
    the memo's key and more states merge.

    Cost: exponential in the worst case, like any exact search, but each
    state (cards still undecided, wild cards owed and kept, sequences made,
    room left) is expanded once with the lowest count reached so far: a
    second way into the same state with no better count is cut.  Where a
    pure sequence is needed, a branch without one whose undecided cards hold
    no three in a row of a suit is cut too: nothing below can count.  The
    slowest 13-card two-deck Indian hands (jokers, several wild cards) take
    about 1 ms.  Nodes are kept cheap: a meld is a plain tuple, cards are
    taken and put back in place, and the lowest undecided card is read off
    the packed count.
    """
    wild_rank = rules.wild_rank or 0
    counts = [0] * 52
    jokers = 0
    remaining = 0  # counts packed two bits a card: the memo's key
    for card in cards:
        if card.is_joker:
            jokers += 1
        else:
            counts[card.index] += 1
            remaining += _COPY[card.index]
    wild_in_hand = sum(counts[s * 13 + wild_rank - 1] for s in range(4)) if wild_rank else 0
    rank_values = rules.rank_values
    wild_value = rank_values[wild_rank - 1] if wild_rank else 0
    min_natural = rules.min_natural
    # A group of the wild rank with no maximum and repeated suits takes every
    # wild card no other meld needs, so whether one can be made is decided at
    # the end, from the spare wild cards: its wild-rank cards are natural.
    # Where a meld may be all wild, any three spare wild cards do.
    wild_groups_at_end = bool(wild_rank) and rules.group_repeats and rules.max_group is None
    spare_melds = min_natural == 0 or wild_groups_at_end
    total_wild = jokers + wild_in_hand
    max_group = rules.max_group  # None: a group takes any number of cards
    # Room past what the wild cards (and a pure run kept pure) can fill
    # changes nothing, so the memo's key counts it only up to there.
    room_cap = total_wild + _RUN_MAX
    ace_high = rules.ace_high
    best = _Best(deadwood=bound)
    chosen: list[_Meld] = []
    left: list[int] = []
    seen: dict[tuple[int, ...], int] = {}
    fillers = 0  # wild cards the chosen melds need
    wild_natural = 0  # wild-rank cards used as their natural selves
    wild_kept = 0  # wild-rank cards decided unmatched (still usable as fillers)
    nonwild_left = 0  # value of unmatched natural cards, which nothing can reduce
    room = 0
    sequences = 0
    pure = 0
    pure_room = _RUN_MAX
    room_matters = declare_only or rules.joker_value or wild_value
    # Only a lower count is recorded, so a branch that can at best tie is cut;
    # a declaration (count 0) is then still found, as the bound starts above 0.
    ties_useless = not declare_only and bound != float("inf")
    if declare_only:
        best.deadwood = 0  # any unmatched natural card rules a declaration out
    if wild_rank and min_natural == 0:
        # A wild-rank card as its natural self helps only to count a meld's
        # naturals; where none are needed it is a filler like a joker, in the
        # same place of the same meld.  So every one is decided a filler now.
        for index in range(wild_rank - 1, 52, 13):
            copies = counts[index]
            counts[index] = 0
            remaining -= _COPY[index] * copies
            wild_kept += copies
            left.extend([index] * copies)

    def finish() -> None:
        pool = jokers + wild_kept
        if fillers > pool:
            return
        if need_sequences and (sequences < 2 or pure < 1):
            return
        spare = pool - fillers
        # Jokers fill first, so as many wild-rank cards as can be stay spare.
        melds_alone = spare_melds and spare >= 3 and wild_kept - max(0, fillers - jokers) >= min_natural
        used = pool if melds_alone else fillers + min(spare, room)
        # The most valuable wild cards serve first, so their value leaves the count.
        if rules.joker_value >= wild_value:
            from_jokers = min(used, jokers)
            used_value = from_jokers * rules.joker_value + (used - from_jokers) * wild_value
        else:
            from_wild = min(used, wild_kept)
            used_value = from_wild * wild_value + (used - from_wild) * rules.joker_value
        deadwood = nonwild_left + jokers * rules.joker_value + wild_kept * wild_value - used_value
        keep_pure = pure_room if need_sequences and pure else 0
        if nonwild_left == 0 and (melds_alone or spare <= room - keep_pure) and not best.declarable:
            best.declarable = True
            best.declaration = tuple(chosen)
            if declare_only:
                raise _Declared
        if deadwood < best.deadwood:
            best.deadwood = deadwood
            best.melds = tuple(chosen)
            best.left = tuple(left)
            best.sequences, best.pure = sequences, pure
            best.spare_meld = melds_alone

    def search() -> None:
        """Decide the lowest card still undecided (every lower one is)."""
        nonlocal nonwild_left, wild_natural, wild_kept, remaining
        # Unmatched natural cards only add up; a branch already over the best
        # found can neither beat it nor be a declaration (that needs 0).
        if nonwild_left > best.deadwood or (nonwild_left == best.deadwood and ties_useless):
            return
        if not remaining:
            finish()
            return
        if need_sequences and not pure and not pure_run_left():
            return  # no pure sequence yet and none can be made
        # What the rest of the search depends on, besides the count so far.
        two_sequences = min(sequences, 2)
        a_pure = min(pure, 1)
        if room_matters:
            key: tuple[int, ...] = (
                remaining, fillers - wild_kept, wild_kept, min(room, room_cap), two_sequences, a_pure,
                pure_room,
            )
        else:
            key = (remaining, fillers - wild_kept, two_sequences, a_pure)
        if seen.get(key, 1 << 30) <= nonwild_left:
            return
        seen[key] = nonwild_left
        pos = ((remaining & -remaining).bit_length() - 1) >> 1  # its lowest card
        rank = pos % 13 + 1
        is_wild = rank == wild_rank
        counts[pos] -= 1
        remaining -= _COPY[pos]
        wild_natural += is_wild
        # The card as a natural member of a run or a group (runs first: they
        # are what a valid Indian hand needs, so good bounds come sooner).
        ace = pos - rank + 1  # index of this suit's ace
        extend(pos, ace, rank, 1, [pos], 0)
        if ace_high and rank == 1:
            extend(pos, ace, 14, -1, [pos], 0)
        if not (is_wild and wild_groups_at_end):
            groups(pos, rank)
        wild_natural -= is_wild
        # The card unmatched (a wild one may still serve as a filler).  Its
        # other copies are left too: leaving one copy and melding another is
        # already covered by melding the first and leaving the rest.
        copies = counts[pos] + 1
        counts[pos] = 0
        remaining -= _COPY[pos] * (copies - 1)
        value = 0 if is_wild else rank_values[rank - 1] * copies
        wild_kept += copies if is_wild else 0
        left.extend([pos] * copies)
        nonwild_left += value
        search()
        nonwild_left -= value
        del left[-copies:]
        wild_kept -= copies if is_wild else 0
        counts[pos] = copies
        remaining += _COPY[pos] * copies

    def pure_run_left() -> bool:
        """Whether the undecided cards hold three in a row of one suit."""
        present = (remaining | remaining >> 1) & _ONE_EACH  # a bit per card still there
        if present & present >> 2 & present >> 4 & _RUN_STARTS_PACKED:
            return True
        # Q K A, the ace above the king (12 and 11 cards up from it).
        return bool(ace_high and present & present >> 22 & present >> 24 & _ACES_PACKED)

    def place(meld: _Meld) -> None:
        """Search on with ``meld`` chosen (the caller saw its wild cards are there)."""
        nonlocal fillers, room, sequences, pure, pure_room
        _, needs, takes, is_run = meld
        is_pure = is_run and needs == 0
        saved_pure_room = pure_room
        fillers += needs
        room += takes
        sequences += is_run
        pure += is_pure
        if is_pure:
            pure_room = min(pure_room, takes)
        chosen.append(meld)
        search()
        chosen.pop()
        pure_room = saved_pure_room
        pure -= is_pure
        sequences -= is_run
        room -= takes
        fillers -= needs

    # One natural card and two wild ones make a run as well, which has room
    # for 10 more and counts as a sequence: a group that small never wins,
    # unless groups have no maximum and spare wild cards need a meld to go
    # in (they meld by themselves where a meld may be all wild).
    smallest_group = 1 if max_group is None and min_natural == 1 else max(min_natural, 2)

    def groups(pos: int, rank: int) -> None:
        if rules.group_repeats:
            # Any copies of this rank still undecided: this card's own other
            # copies and the suits above (lower suits are decided already).
            slots = [index for index in range(pos, 52, 13) if counts[index]]
            for taking in product(*(range(counts[index], -1, -1) for index in slots)):
                group(pos, rank, tuple(index for index, k in zip(slots, taking) for _ in range(k)))
            return
        # One card of each suit above (lower suits are decided already).
        others = list(filter(counts.__getitem__, range(pos + 13, 52, 13)))
        for pick in _GROUP_PICKS[len(others)]:
            group(pos, rank, tuple(map(others.__getitem__, pick)))

    def group(pos: int, rank: int, joining: tuple[int, ...]) -> None:
        """Search on with ``pos`` and ``joining`` as a group, if the rules and wild cards allow it."""
        nonlocal wild_natural, remaining
        n = len(joining) + 1
        if n < smallest_group or (max_group is not None and n > max_group):
            return
        is_wild = rank == wild_rank
        for index in joining:
            counts[index] -= 1
            remaining -= _COPY[index]
        if is_wild:
            wild_natural += n - 1
        needed = max(0, 3 - n)
        if fillers + needed <= total_wild - wild_natural:
            place(((pos, *joining), needed, total_wild if max_group is None else max_group - n - needed, False))
        if is_wild:
            wild_natural -= n - 1
        for index in joining:
            counts[index] += 1
            remaining += _COPY[index]

    def extend(pos: int, base: int, start: int, step: int, members: list[int], gaps: int) -> None:
        """Every run whose lowest natural card is ``pos``, naturals in ``members``."""
        nonlocal wild_natural, remaining
        span = len(members) + gaps
        n = len(members)
        last = start + step * (span - 1)
        free = jokers + wild_in_hand - wild_natural - fillers - gaps
        for extra_gaps in range(free + 1):
            nxt = last + step * (extra_gaps + 1)
            if nxt > 13 or nxt < 2 - (step > 0) or span + extra_gaps + 1 > _RUN_MAX:
                break  # past the king, or down to the ace an ace-high run started from
            index = base + nxt - 1
            if counts[index]:
                counts[index] -= 1
                remaining -= _COPY[index]
                is_wild = nxt == wild_rank
                wild_natural += is_wild
                members.append(index)
                extend(pos, base, start, step, members, gaps + extra_gaps)
                members.pop()
                wild_natural -= is_wild
                counts[index] += 1
                remaining += _COPY[index]
        # Longer runs were tried first; now the run ending here, if there are
        # wild cards enough to fill its gaps and make it three long.
        short = max(0, 3 - span)
        if n >= min_natural and not (step < 0 and n == 1) and short <= free:  # A JK JK: ace-low
            place((tuple(members), gaps + short, _RUN_MAX - max(span, 3), True))

    try:
        search()
    except _Declared:
        pass
    finally:
        # The helpers above call each other through their closures: each
        # search would leave those reference cycles for the collector.
        finish = search = pure_run_left = place = groups = group = extend = None  # type: ignore[assignment]
    return best


def _to_arrangement(cards: Sequence[Card], best: _Best, rules: MeldRules) -> Arrangement:
    """Turn the search's indices back into cards, wild fillers placed in melds."""
    jokers = [c for c in cards if c.is_joker]
    wild_left = [i for i in best.left if i % 13 + 1 == rules.wild_rank]
    pool: list[Card] = [_card(i) for i in wild_left] + jokers
    pool.sort(key=rules.value, reverse=True)
    melds: list[tuple[Card, ...]] = []
    kinds = ["run" if is_run else "group" for _, _, _, is_run in best.melds]
    if best.spare_meld:  # jokers fill first: the wild-rank cards stay for the spare cards' own meld
        pool.sort(key=lambda card: not card.is_joker)
    for naturals, fillers, _, _ in best.melds:
        fill, pool = pool[:fillers], pool[fillers:]
        melds.append(tuple(_card(i) for i in naturals) + tuple(fill))
    if best.spare_meld:
        melds.append(tuple(pool))
        kinds.append("group")
        pool = []
    for k, (_, _, room, _) in enumerate(best.melds):
        extra = min(room, len(pool))
        if extra:
            melds[k] = melds[k] + tuple(pool[:extra])
            pool = pool[extra:]
    natural_left = [_card(i) for i in best.left if i % 13 + 1 != rules.wild_rank]
    unmatched = tuple(natural_left + pool)
    return Arrangement(
        int(best.deadwood),
        tuple(melds),
        unmatched,
        sequences=best.sequences,
        pure_sequences=best.pure,
        meld_kinds=tuple(kinds),
    )


def _card(index: int) -> Card:
    return ALL_CARDS[index]


@dataclass(frozen=True, slots=True)
class IndianResult:
    """A 13-card Indian hand: its best count and whether it is a valid show."""

    points: int  # lowest of all cards and the best two-sequences arrangement
    declarable: bool
    arrangement: Arrangement | None  # the arrangement behind points, if any


def indian_points(cards: Sequence[Card], rules: MeldRules) -> IndianResult:
    """A losing Indian hand's points: every card, or less with two sequences (one pure).

    ``declarable`` is not worked out here (it is False); only the declarer
    needs it, through :func:`indian_hand`.
    """
    all_cards = rules.hand_value(cards)
    if not _has_pure_run(cards, rules):
        return IndianResult(all_cards, False, None)
    best = _search(cards, rules, need_sequences=True, bound=all_cards)
    if best.deadwood >= all_cards:
        return IndianResult(all_cards, False, None)
    return IndianResult(int(best.deadwood), False, _to_arrangement(cards, best, rules))


def is_declaration(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether every card can be melded with two sequences, one of them pure."""
    if not _has_pure_run(cards, rules):
        return False
    return _search(cards, rules, need_sequences=True, declare_only=True).declarable


def indian_hand(cards: Sequence[Card], rules: MeldRules) -> IndianResult:
    """An Indian hand's points and whether it is a valid declaration."""
    points = indian_points(cards, rules)
    return IndianResult(points.points, is_declaration(cards, rules), points.arrangement)


def _has_pure_run(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether three natural cards of one suit follow each other anywhere.

    Without such a run no arrangement has a pure sequence, so the search can
    be skipped: the hand counts every card.
    """
    for suit in range(4):
        ranks = 0
        for card in cards:
            if card.index // 13 == suit and not card.is_joker:
                ranks |= 1 << (card.rank - 1)
        if rules.ace_high and ranks & 1:
            ranks |= 1 << 13
        if ranks & (ranks >> 1) & (ranks >> 2):
            return True
    return False
