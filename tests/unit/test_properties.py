"""Properties of the meld solver and of replay, checked on random hands and games.

The solver is compared with a brute force written here from SCORING.md
section 2 (and the Indian and Three Thirteen rules of section 5): every way
to split a hand into valid melds is enumerated, with its own meld check, so
a shared mistake in the engine's meld rules cannot hide.  Hands are kept
small (at most 10 cards, 9 with wild cards) so the enumeration stays quick.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import parse_cards, replay
from scorekeeper.engine.games.gin import CornerGin
from scorekeeper.engine.games.indian import meld_rules as indian_meld_rules
from scorekeeper.engine.games.tunk import RULES as TUNK_RULES
from scorekeeper.engine.melds import (
    STANDARD,
    IndianResult,
    MeldRules,
    arrange,
    indian_points,
    is_declaration,
    min_deadwood,
)

def indian_hand(cards, rules):
    """What the Indian game asks of a hand: its points, and whether it is a declaration."""
    points = indian_points(cards, rules)
    return IndianResult(points.points, is_declaration(cards, rules), points.arrangement)


# -- an independent brute force -------------------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"
JOKER = "JK"


def rank_of(card: str) -> int:
    """1..13, 0 for a printed joker (cards are written as in SCORING.md: `10H`, `JK`)."""
    return 0 if card == JOKER else RANKS.index(card[:-1]) + 1


def suit_of(card: str) -> str:
    return "" if card == JOKER else card[-1]


@dataclass(frozen=True)
class Table:
    """What a meld is and what an unmatched card costs, as one variant says."""

    values: tuple[int, ...]  # by rank 1..13
    wild_rank: int | None = None
    ace_high: bool = False  # Q-K-A as well as A-2-3 (Indian)
    around_corner: bool = False  # K-A-2 (corner gin)
    min_natural: int = 2
    joker_value: int = 0  # Indian's; Three Thirteen's is 20
    max_group: int | None = 4  # None: a group of any size
    group_repeats: bool = False  # 7H 7H 7S is a group (Three Thirteen)

    def value(self, card: str) -> int:
        """An unmatched card's value (a wild one counts its rank's)."""
        return self.joker_value if card == JOKER else self.values[rank_of(card) - 1]


STANDARD_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
GIN = Table(STANDARD_VALUES)
CORNER = Table((15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), around_corner=True)
TUNK = Table(STANDARD_VALUES, wild_rank=2)


def indian_table(wild: int | None) -> Table:
    values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    if wild is not None:
        values[wild - 1] = 0
    return Table(tuple(values), wild_rank=wild, ace_high=True, min_natural=1)


def _run_fits(ranks: list[int], length: int, table: Table) -> bool:
    """Whether distinct `ranks` of one suit fit in `length` consecutive places."""
    if table.around_corner:
        return length <= 13 and any(
            all((r - start) % 13 < length for r in ranks) for start in range(1, 14)
        )
    for start in range(1, 14 - length + 1 + 1):
        if all(start <= r < start + length for r in ranks):
            return True
    if table.ace_high:  # the ace as 14, the window ending at most at 14
        high = [14 if r == 1 else r for r in ranks]
        for start in range(2, 14 - length + 2):
            if all(start <= r < start + length for r in high):
                return True
    return False


def meld_kinds(cards: tuple[str, ...], table: Table) -> set[tuple[bool, bool]]:
    """Every (is_run, is_pure) this multiset can be laid down as; empty if no meld."""
    kinds: set[tuple[bool, bool]] = set()
    if len(cards) < 3:
        return kinds
    flexible = [i for i, c in enumerate(cards) if c != JOKER and rank_of(c) == table.wild_rank]
    jokers = [i for i, c in enumerate(cards) if c == JOKER]
    for k in range(len(flexible) + 1):
        for as_filler in combinations(flexible, k):
            fillers = set(as_filler) | set(jokers)
            naturals = [cards[i] for i in range(len(cards)) if i not in fillers]
            if len(naturals) < table.min_natural:
                continue
            if not naturals:  # every card wild: a group of any rank, or a run of any suit
                if table.max_group is None or len(cards) <= table.max_group:
                    kinds.add((False, False))
                if len(cards) <= 13:
                    kinds.add((True, False))
                continue
            ranks = [rank_of(c) for c in naturals]
            suits = [suit_of(c) for c in naturals]
            distinct = table.group_repeats or len(set(suits)) == len(suits)
            if len(set(ranks)) == 1 and distinct and (table.max_group is None or len(cards) <= table.max_group):
                kinds.add((False, False))
            if len(set(suits)) == 1 and len(set(ranks)) == len(ranks) and _run_fits(ranks, len(cards), table):
                kinds.add((True, not fillers))
    return kinds


def _solve(cards: tuple[str, ...], table: Table, *, need_sequences: bool, all_melded: bool) -> float:
    """Lowest unmatched value over every split into melds (inf if none qualifies)."""
    kinds_of = lru_cache(maxsize=None)(lambda melded: meld_kinds(melded, table))

    @cache
    def best(remaining: tuple[int, ...], sequences: int, pure: int) -> float:
        if not remaining:
            ok = not need_sequences or (sequences >= 2 and pure >= 1)
            return 0 if ok else float("inf")
        first, rest = remaining[0], remaining[1:]
        found = float("inf")
        if not all_melded:
            found = table.value(cards[first]) + best(rest, sequences, pure)
        for size in range(2, len(rest) + 1):
            for others in combinations(rest, size):
                melded = tuple(sorted(cards[i] for i in (first, *others)))
                left = tuple(i for i in rest if i not in others)
                for is_run, is_pure in kinds_of(melded):
                    found = min(found, best(left, min(2, sequences + is_run), min(1, pure + is_pure)))
        return found

    return best(tuple(range(len(cards))), 0, 0)


def written(text: str) -> list[str]:
    """A hand as the table writes it: `"3H 4H 5H"`."""
    return text.split()


def brute_deadwood(cards: list[str], table: Table) -> int:
    return int(_solve(tuple(cards), table, need_sequences=False, all_melded=False))


def brute_indian_points(cards: list[str], table: Table) -> int:
    every_card = sum(table.value(c) for c in cards)
    return int(min(every_card, _solve(tuple(cards), table, need_sequences=True, all_melded=False)))


def brute_declarable(cards: list[str], table: Table) -> bool:
    return _solve(tuple(cards), table, need_sequences=True, all_melded=True) == 0


def test_the_brute_force_agrees_with_hand_worked_hands():
    # Checks of the checker itself, worked by hand from SCORING.md.
    assert brute_deadwood(written("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"), GIN) == 6
    assert brute_deadwood(written("KH AH 2H 9C"), GIN) == 22
    assert brute_deadwood(written("KH AH 2H 9C"), CORNER) == 9
    assert brute_deadwood(written("5H 6H 2C 9D"), TUNK) == 9
    assert brute_deadwood(written("2C 7D"), TUNK) == 9
    assert brute_declarable(written("AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD QC"), indian_table(None))
    assert not brute_declarable(written("KH AH 2H 5S 6S 7S 8S 9D 9S 9C 3C 4C 5C"), indian_table(None))
    assert brute_indian_points(written("QH KH AH 5S 6S 7S 9D"), indian_table(None)) == 9
    assert brute_indian_points(written("5D 6D JK 9C"), indian_table(None)) == 20


# -- random hands -------------------------------------------------------------------------

DECK = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def crowded_pack(draw, *, decks: int = 1, jokers: int = 0, wrap: bool = False) -> list[str]:
    """The cards a hand is drawn from: the whole pack, or a few neighbouring ranks
    (so that melds are common), every card `decks` times, plus `jokers`."""
    width = draw(st.sampled_from([13, 4, 5, 6]))
    if width == 13:
        ranks = list(range(1, 14))
    else:
        low = draw(st.integers(1, 13 if wrap else 14 - width))
        ranks = [(low + k - 1) % 13 + 1 for k in range(width)]
    suits = draw(st.sampled_from([SUITS, "SH", "HDC"]))
    cards = [f"{RANKS[r - 1]}{s}" for s in suits for r in ranks]
    return cards * decks + [JOKER] * jokers


def hand_from(pack_strategy, low: int, high: int):
    """A hand of `low`..`high` distinct cards of the pack (copies are distinct cards)."""
    return pack_strategy.flatmap(
        lambda pack: st.lists(st.sampled_from(range(len(pack))), min_size=min(low, len(pack)),
                              max_size=min(high, len(pack)), unique=True).map(lambda idx: [pack[i] for i in idx])
    )


def engine_cards(hand: list[str]):
    return parse_cards(" ".join(hand))


GIN_HANDS = hand_from(crowded_pack(), 5, 10)
CORNER_HANDS = hand_from(crowded_pack(wrap=True), 5, 10)
TUNK_HANDS = hand_from(crowded_pack(decks=2), 5, 7)
INDIAN_HANDS = hand_from(crowded_pack(decks=2, jokers=2, wrap=True), 5, 8)
WILD_RANKS = st.one_of(st.none(), st.integers(1, 13))
# Three Thirteen: up to three decks and six jokers, any wild rank (3 to K in play).
REPEAT_HANDS = st.integers(1, 3).flatmap(
    lambda decks: hand_from(crowded_pack(decks=decks, jokers=2 * decks), 3, 9))
FACES = {"10": STANDARD_VALUES, "11-12-13": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)}


@st.composite
def repeat_rules(draw) -> tuple[Table, MeldRules]:
    """Groups of any size that may repeat a suit, a wild rank, jokers worth something, 0-2 naturals a meld."""
    values = FACES[draw(st.sampled_from(sorted(FACES)))]
    wild = draw(st.integers(1, 13))
    min_natural = draw(st.integers(0, 2))
    joker_value = draw(st.sampled_from([0, 1, 20, 25]))
    table = Table(values, wild_rank=wild, min_natural=min_natural, joker_value=joker_value,
                  max_group=None, group_repeats=True)
    rules = MeldRules(rank_values=values, wild_rank=wild, min_natural=min_natural, joker_value=joker_value,
                      max_group=None, group_repeats=True)
    return table, rules


@st.composite
def declaring_hands(draw) -> tuple[list[str], int | None]:
    """Indian hands built from melds (some with a joker), often a valid show, sometimes one card off."""
    wild = draw(WILD_RANKS)
    cards: list[str] = []
    for _ in range(draw(st.integers(2, 3))):
        suit = draw(st.sampled_from(SUITS))
        if draw(st.booleans()):
            start = draw(st.integers(1, 12))  # 12: Q-K-A
            meld = [f"{RANKS[(start + k - 1) % 13]}{suit}" for k in range(3)]
        else:
            rank = draw(st.sampled_from(RANKS))
            meld = [f"{rank}{s}" for s in draw(st.permutations(SUITS))[:3]]
        if draw(st.integers(0, 3)) == 0:
            meld[draw(st.integers(0, 2))] = JOKER
        cards += meld
    if draw(st.booleans()):
        cards.append(draw(st.sampled_from(DECK + [JOKER])))
    if cards.count(JOKER) > 2 or any(cards.count(c) > 2 for c in DECK):
        cards = [c for c in cards if c != JOKER] + [JOKER] * min(2, cards.count(JOKER))
        seen: dict[str, int] = {}
        kept = []
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
            if c == JOKER or seen[c] <= 2:
                kept.append(c)
        cards = kept
    return draw(st.permutations(cards)), wild


# -- (a) the solver equals the brute force -------------------------------------------------


@SETTINGS
@given(GIN_HANDS)
def test_gin_deadwood_is_the_exact_minimum_and_never_above_the_hand(hand):
    deadwood = min_deadwood(engine_cards(hand), STANDARD)
    assert deadwood <= sum(GIN.value(c) for c in hand)
    assert deadwood == brute_deadwood(hand, GIN)


@SETTINGS
@given(CORNER_HANDS)
def test_corner_deadwood_is_the_exact_minimum_with_runs_around_the_corner(hand):
    deadwood = min_deadwood(engine_cards(hand), CornerGin.meld_rules)
    assert deadwood <= sum(CORNER.value(c) for c in hand)
    assert deadwood == brute_deadwood(hand, CORNER)


@SETTINGS
@given(TUNK_HANDS)
def test_tunk_deadwood_with_deuces_wild_and_two_decks_is_the_exact_minimum(hand):
    best = arrange(engine_cards(hand), TUNK_RULES)
    assert best.deadwood <= sum(TUNK.value(c) for c in hand)
    assert best.deadwood == brute_deadwood(hand, TUNK)


@SETTINGS
@given(INDIAN_HANDS, WILD_RANKS)
def test_indian_points_are_the_lower_of_all_cards_and_the_best_two_sequence_arrangement(hand, wild):
    cards, table = engine_cards(hand), indian_table(wild)
    result = indian_hand(cards, indian_meld_rules(wild))
    assert result.points <= sum(table.value(c) for c in hand)
    assert result.points == brute_indian_points(hand, table)
    assert indian_points(cards, indian_meld_rules(wild)).points == result.points  # what a loser is charged


@SETTINGS
@given(st.one_of(declaring_hands(), st.tuples(INDIAN_HANDS, WILD_RANKS)))
def test_indian_declarable_means_every_card_melded_with_two_sequences_one_pure(hand_and_wild):
    hand, wild = hand_and_wild
    expected = brute_declarable(hand, indian_table(wild))
    assert indian_hand(engine_cards(hand), indian_meld_rules(wild)).declarable == expected
    assert is_declaration(engine_cards(hand), indian_meld_rules(wild)) == expected  # the declarer's check


@SETTINGS
@given(REPEAT_HANDS, repeat_rules())
def test_deadwood_with_repeats_any_size_groups_and_all_wild_melds_is_the_exact_minimum(hand, table_and_rules):
    table, rules = table_and_rules
    best = arrange(engine_cards(hand), rules)
    assert best.deadwood == brute_deadwood(hand, table)
    # The arrangement shown adds up: every card once, each meld valid, the rest worth the deadwood.
    shown = [str(c) for meld in best.melds for c in meld] + [str(c) for c in best.unmatched]
    assert sorted(shown) == sorted(hand)
    assert all(meld_kinds(tuple(sorted(str(c) for c in meld)), table) for meld in best.melds)
    assert sum(table.value(str(c)) for c in best.unmatched) == best.deadwood


# -- (b) the order of the cards does not matter ------------------------------------------------


@SETTINGS
@given(GIN_HANDS.flatmap(lambda h: st.tuples(st.just(h), st.permutations(h))))
def test_gin_deadwood_does_not_depend_on_card_order(hands):
    hand, shuffled = hands
    assert min_deadwood(engine_cards(hand)) == min_deadwood(engine_cards(shuffled))


@SETTINGS
@given(TUNK_HANDS.flatmap(lambda h: st.tuples(st.just(h), st.permutations(h))))
def test_tunk_deadwood_does_not_depend_on_card_order(hands):
    hand, shuffled = hands
    assert arrange(engine_cards(hand), TUNK_RULES).deadwood == arrange(engine_cards(shuffled), TUNK_RULES).deadwood


@SETTINGS
@given(st.one_of(declaring_hands(), st.tuples(INDIAN_HANDS, WILD_RANKS)).flatmap(
    lambda hw: st.tuples(st.just(hw), st.permutations(hw[0]))))
def test_indian_points_and_declarable_do_not_depend_on_card_order(drawn):
    (hand, wild), shuffled = drawn
    rules = indian_meld_rules(wild)
    first, second = indian_hand(engine_cards(hand), rules), indian_hand(engine_cards(shuffled), rules)
    assert (first.points, first.declarable) == (second.points, second.declarable)


# -- (c) and (d): replaying logs ------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve"]


@st.composite
def contract_games(draw) -> dict:
    players = NAMES[: draw(st.integers(3, 5))]
    hands = []
    for _ in range(draw(st.integers(1, 7))):
        went_out = draw(st.sampled_from(players))
        hands.append({"out": went_out, "hands": {
            p: {"count": draw(st.integers(0, 120))} for p in players if p != went_out}})
    return {"variant": "contract", "players": players, "hands": hands,
            "first_dealer": draw(st.sampled_from(players))}


INDIAN_INPUTS = st.one_of(
    st.integers(0, 79).map(lambda n: {"count": n}),
    st.sampled_from([{"drop": "first"}, {"drop": "middle"}, {"wrong_show": True}]),
)


@st.composite
def indian_games(draw) -> dict:
    players = NAMES[: draw(st.integers(2, 5))]
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        declarer = draw(st.sampled_from(players))
        hands.append({"out": declarer, "wild": draw(st.sampled_from([None, "7", "q"])), "hands": {
            p: draw(INDIAN_INPUTS) for p in players if p != declarer}})
    return {"variant": "indian", "players": players, "hands": hands, "options": {}}


@st.composite
def knock_games(draw) -> dict:
    players = NAMES[: draw(st.integers(2, 5))]
    hands = [{"out": draw(st.sampled_from(players)),
              "hands": {p: {"count": draw(st.integers(0, 40))} for p in players}}
             for _ in range(draw(st.integers(1, 8)))]
    return {"variant": "knock", "players": players, "hands": hands}


@st.composite
def tunk_games(draw) -> dict:
    players = NAMES[: draw(st.integers(2, 5))]
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        tunker = draw(st.sampled_from(players))
        hands.append({"out": tunker, "hands": {
            p: {"count": draw(st.integers(0, 5 if p == tunker else 60))} for p in players}})
    return {"variant": "tunk", "players": players, "hands": hands,
            "options": {"tunker_double": True, "eliminate_at": 1000}}


ANY_GAME = st.one_of(contract_games(), indian_games(), knock_games(), tunk_games())


@SETTINGS
@given(ANY_GAME)
def test_replaying_the_same_log_gives_the_same_sheet_and_leaves_the_log_alone(game):
    kept = copy.deepcopy(game)
    first = replay(game)
    assert game == kept
    assert replay(copy.deepcopy(game)) == first
    assert replay(game) == first


@st.composite
def edited_games(draw) -> tuple[dict, dict, int, str, int]:
    """A game, the same game with one count of hand k changed, k (0-based), who and the new count."""
    game = draw(st.one_of(contract_games(), indian_games(), knock_games()))
    k = draw(st.integers(0, len(game["hands"]) - 1))
    entry = game["hands"][k]
    counted_players = sorted(p for p, i in entry["hands"].items() if "count" in i)
    if not counted_players:
        counted_players = [next(p for p in entry["hands"])]
    player = draw(st.sampled_from(counted_players))
    old = entry["hands"][player].get("count")
    new = draw(st.integers(0, 79).filter(lambda n: n != old))
    edited = copy.deepcopy(game)
    edited["hands"][k]["hands"][player] = {"count": new}
    return game, edited, k, player, new


@SETTINGS
@given(edited_games())
def test_editing_hand_k_changes_only_rows_k_onwards(drawn):
    game, edited, k, player, new = drawn
    before, after = replay(game)["hands"], replay(edited)["hands"]
    assert len(before) == len(after)
    assert after[:k] == before[:k]  # scores, totals, dealers, notes: all identical
    assert after[k]["details"][player]["value"] == new
    if game["variant"] != "knock":  # the player's own column moves by exactly the change
        old_row_total = before[k]["totals"][player] - before[k]["scores"][player]
        assert after[k]["scores"][player] == new
        assert after[k]["totals"][player] == old_row_total + new
