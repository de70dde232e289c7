"""Wild cards or several decks (Tunk, Indian, Three Thirteen): the general search.

A search that decides, for the lowest card still undecided, whether it is
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
from dataclasses import dataclass
from itertools import product

from ..cards import ALL_CARDS, Card

from .bits import _RUN_MAX
from .rules import MeldRules
from .types import Arrangement, IndianResult

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
