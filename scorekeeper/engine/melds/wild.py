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
    search = _WildSearch(cards, rules, need_sequences, bound, declare_only)
    try:
        search.search()
    except _Declared:
        pass
    return search.best


class _WildSearch:
    """One hand's search (see :func:`_search`): the cards still undecided, the melds
    chosen so far and what they owe, changed in place as the search goes down and back."""

    __slots__ = (
        "rules", "need_sequences", "declare_only", "wild_rank", "counts", "jokers", "remaining", "wild_in_hand",
        "wild_value", "wild_groups_at_end", "spare_melds", "total_wild", "room_cap", "best", "chosen", "left",
        "seen", "fillers", "wild_natural", "wild_kept", "nonwild_left", "room", "sequences", "pure", "pure_room",
        "room_matters", "ties_useless", "smallest_group",
    )

    def __init__(self, cards: Sequence[Card], rules: MeldRules, need_sequences: bool, bound: float,
                 declare_only: bool) -> None:
        self.rules = rules
        self.need_sequences = need_sequences
        self.declare_only = declare_only
        self.wild_rank = wild_rank = rules.wild_rank or 0
        self.counts = counts = [0] * 52
        jokers = 0
        remaining = 0  # counts packed two bits a card: the memo's key
        for card in cards:
            if card.is_joker:
                jokers += 1
            else:
                counts[card.index] += 1
                remaining += _COPY[card.index]
        self.jokers = jokers
        self.wild_in_hand = sum(counts[s * 13 + wild_rank - 1] for s in range(4)) if wild_rank else 0
        self.wild_value = wild_value = rules.rank_values[wild_rank - 1] if wild_rank else 0
        min_natural = rules.min_natural
        # A group of the wild rank with no maximum and repeated suits takes every
        # wild card no other meld needs, so whether one can be made is decided at
        # the end, from the spare wild cards: its wild-rank cards are natural.
        # Where a meld may be all wild, any three spare wild cards do.
        self.wild_groups_at_end = bool(wild_rank) and rules.group_repeats and rules.max_group is None
        self.spare_melds = min_natural == 0 or self.wild_groups_at_end
        self.total_wild = jokers + self.wild_in_hand
        # Room past what the wild cards (and a pure run kept pure) can fill
        # changes nothing, so the memo's key counts it only up to there.
        self.room_cap = self.total_wild + _RUN_MAX
        self.best = _Best(deadwood=bound)
        self.chosen: list[_Meld] = []
        self.left: list[int] = []
        self.seen: dict[tuple[int, ...], int] = {}
        self.fillers = 0  # wild cards the chosen melds need
        self.wild_natural = 0  # wild-rank cards used as their natural selves
        self.wild_kept = 0  # wild-rank cards decided unmatched (still usable as fillers)
        self.nonwild_left = 0  # value of unmatched natural cards, which nothing can reduce
        self.room = 0
        self.sequences = 0
        self.pure = 0
        self.pure_room = _RUN_MAX
        self.room_matters = bool(declare_only or rules.joker_value or wild_value)
        # Only a lower count is recorded, so a branch that can at best tie is cut;
        # a declaration (count 0) is then still found, as the bound starts above 0.
        self.ties_useless = not declare_only and bound != float("inf")
        if declare_only:
            self.best.deadwood = 0  # any unmatched natural card rules a declaration out
        # One natural card and two wild ones make a run as well, which has room
        # for 10 more and counts as a sequence: a group that small never wins,
        # unless groups have no maximum and spare wild cards need a meld to go
        # in (they meld by themselves where a meld may be all wild).
        self.smallest_group = 1 if rules.max_group is None and min_natural == 1 else max(min_natural, 2)
        if wild_rank and min_natural == 0:
            # A wild-rank card as its natural self helps only to count a meld's
            # naturals; where none are needed it is a filler like a joker, in the
            # same place of the same meld.  So every one is decided a filler now.
            for index in range(wild_rank - 1, 52, 13):
                copies = counts[index]
                counts[index] = 0
                remaining -= _COPY[index] * copies
                self.wild_kept += copies
                self.left.extend([index] * copies)
        self.remaining = remaining

    def finish(self) -> None:
        """Every card is decided: the pool of wild cards pays for the melds, and the best is kept."""
        rules, best = self.rules, self.best
        jokers, wild_kept, fillers, wild_value = self.jokers, self.wild_kept, self.fillers, self.wild_value
        pool = jokers + wild_kept
        if fillers > pool:
            return
        if self.need_sequences and (self.sequences < 2 or self.pure < 1):
            return
        spare = pool - fillers
        # Jokers fill first, so as many wild-rank cards as can be stay spare.
        melds_alone = (self.spare_melds and spare >= 3
                       and wild_kept - max(0, fillers - jokers) >= rules.min_natural)
        used = pool if melds_alone else fillers + min(spare, self.room)
        # The most valuable wild cards serve first, so their value leaves the count.
        if rules.joker_value >= wild_value:
            from_jokers = min(used, jokers)
            used_value = from_jokers * rules.joker_value + (used - from_jokers) * wild_value
        else:
            from_wild = min(used, wild_kept)
            used_value = from_wild * wild_value + (used - from_wild) * rules.joker_value
        deadwood = self.nonwild_left + jokers * rules.joker_value + wild_kept * wild_value - used_value
        keep_pure = self.pure_room if self.need_sequences and self.pure else 0
        if self.nonwild_left == 0 and (melds_alone or spare <= self.room - keep_pure) and not best.declarable:
            best.declarable = True
            best.declaration = tuple(self.chosen)
            if self.declare_only:
                raise _Declared
        if deadwood < best.deadwood:
            best.deadwood = deadwood
            best.melds = tuple(self.chosen)
            best.left = tuple(self.left)
            best.sequences, best.pure = self.sequences, self.pure
            best.spare_meld = melds_alone

    def search(self) -> None:
        """Decide the lowest card still undecided (every lower one is)."""
        nonwild_left = self.nonwild_left
        # Unmatched natural cards only add up; a branch already over the best
        # found can neither beat it nor be a declaration (that needs 0).
        best = self.best.deadwood
        if nonwild_left > best or (nonwild_left == best and self.ties_useless):
            return
        remaining = self.remaining
        if not remaining:
            self.finish()
            return
        if self.need_sequences and not self.pure and not self.pure_run_left():
            return  # no pure sequence yet and none can be made
        # What the rest of the search depends on, besides the count so far.
        two_sequences = min(self.sequences, 2)
        a_pure = min(self.pure, 1)
        if self.room_matters:
            key: tuple[int, ...] = (
                remaining, self.fillers - self.wild_kept, self.wild_kept, min(self.room, self.room_cap),
                two_sequences, a_pure, self.pure_room,
            )
        else:
            key = (remaining, self.fillers - self.wild_kept, two_sequences, a_pure)
        seen = self.seen
        if seen.get(key, 1 << 30) <= nonwild_left:
            return
        seen[key] = nonwild_left
        pos = ((remaining & -remaining).bit_length() - 1) >> 1  # its lowest card
        rank = pos % 13 + 1
        is_wild = rank == self.wild_rank
        counts = self.counts
        counts[pos] -= 1
        self.remaining = remaining - _COPY[pos]
        self.wild_natural += is_wild
        # The card as a natural member of a run or a group (runs first: they
        # are what a valid Indian hand needs, so good bounds come sooner).
        ace = pos - rank + 1  # index of this suit's ace
        self.extend(pos, ace, rank, 1, [pos], 0)
        if self.rules.ace_high and rank == 1:
            self.extend(pos, ace, 14, -1, [pos], 0)
        if not (is_wild and self.wild_groups_at_end):
            self.groups(pos, rank)
        self.wild_natural -= is_wild
        # The card unmatched (a wild one may still serve as a filler).  Its
        # other copies are left too: leaving one copy and melding another is
        # already covered by melding the first and leaving the rest.
        copies = counts[pos] + 1
        counts[pos] = 0
        self.remaining = remaining - _COPY[pos] * copies
        value = 0 if is_wild else self.rules.rank_values[rank - 1] * copies
        kept = copies if is_wild else 0
        self.wild_kept += kept
        left = self.left
        left.extend([pos] * copies)
        self.nonwild_left = nonwild_left + value
        self.search()
        self.nonwild_left = nonwild_left
        del left[-copies:]
        self.wild_kept -= kept
        counts[pos] = copies
        self.remaining = remaining

    def pure_run_left(self) -> bool:
        """Whether the undecided cards hold three in a row of one suit."""
        remaining = self.remaining
        present = (remaining | remaining >> 1) & _ONE_EACH  # a bit per card still there
        if present & present >> 2 & present >> 4 & _RUN_STARTS_PACKED:
            return True
        # Q K A, the ace above the king (12 and 11 cards up from it).
        return bool(self.rules.ace_high and present & present >> 22 & present >> 24 & _ACES_PACKED)

    def place(self, meld: _Meld) -> None:
        """Search on with ``meld`` chosen (the caller saw its wild cards are there)."""
        _, needs, takes, is_run = meld
        is_pure = is_run and needs == 0
        saved = self.fillers, self.room, self.sequences, self.pure, self.pure_room
        self.fillers += needs
        self.room += takes
        self.sequences += is_run
        self.pure += is_pure
        if is_pure:
            self.pure_room = min(self.pure_room, takes)
        self.chosen.append(meld)
        self.search()
        self.chosen.pop()
        self.fillers, self.room, self.sequences, self.pure, self.pure_room = saved

    def groups(self, pos: int, rank: int) -> None:
        """Every group whose lowest natural card is ``pos``."""
        counts = self.counts
        if self.rules.group_repeats:
            # Any copies of this rank still undecided: this card's own other
            # copies and the suits above (lower suits are decided already).
            slots = [index for index in range(pos, 52, 13) if counts[index]]
            for taking in product(*(range(counts[index], -1, -1) for index in slots)):
                self.group(pos, rank, tuple(index for index, k in zip(slots, taking) for _ in range(k)))
            return
        # One card of each suit above (lower suits are decided already).
        others = list(filter(counts.__getitem__, range(pos + 13, 52, 13)))
        for pick in _GROUP_PICKS[len(others)]:
            self.group(pos, rank, tuple(map(others.__getitem__, pick)))

    def group(self, pos: int, rank: int, joining: tuple[int, ...]) -> None:
        """Search on with ``pos`` and ``joining`` as a group, if the rules and wild cards allow it."""
        n = len(joining) + 1
        max_group = self.rules.max_group
        if n < self.smallest_group or (max_group is not None and n > max_group):
            return
        is_wild = rank == self.wild_rank
        counts = self.counts
        remaining = self.remaining
        for index in joining:
            counts[index] -= 1
            self.remaining -= _COPY[index]
        if is_wild:
            self.wild_natural += n - 1
        needed = max(0, 3 - n)
        total_wild = self.total_wild
        if self.fillers + needed <= total_wild - self.wild_natural:
            self.place(((pos, *joining), needed, total_wild if max_group is None else max_group - n - needed, False))
        if is_wild:
            self.wild_natural -= n - 1
        for index in joining:
            counts[index] += 1
        self.remaining = remaining

    def extend(self, pos: int, base: int, start: int, step: int, members: list[int], gaps: int) -> None:
        """Every run whose lowest natural card is ``pos``, naturals in ``members``."""
        span = len(members) + gaps
        n = len(members)
        last = start + step * (span - 1)
        free = self.total_wild - self.wild_natural - self.fillers - gaps
        counts = self.counts
        wild_rank = self.wild_rank
        for extra_gaps in range(free + 1):
            nxt = last + step * (extra_gaps + 1)
            if nxt > 13 or nxt < 2 - (step > 0) or span + extra_gaps + 1 > _RUN_MAX:
                break  # past the king, or down to the ace an ace-high run started from
            index = base + nxt - 1
            if counts[index]:
                counts[index] -= 1
                self.remaining -= _COPY[index]
                is_wild = nxt == wild_rank
                self.wild_natural += is_wild
                members.append(index)
                self.extend(pos, base, start, step, members, gaps + extra_gaps)
                members.pop()
                self.wild_natural -= is_wild
                counts[index] += 1
                self.remaining += _COPY[index]
        # Longer runs were tried first; now the run ending here, if there are
        # wild cards enough to fill its gaps and make it three long.
        short = max(0, 3 - span)
        if n >= self.rules.min_natural and not (step < 0 and n == 1) and short <= free:  # A JK JK: ace-low
            self.place((tuple(members), gaps + short, _RUN_MAX - max(span, 3), True))


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
    needs it, through :func:`is_declaration`.
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
