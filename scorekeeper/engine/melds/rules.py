"""What counts as a meld in a variant, and what unmatched cards are worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..cards import Card
from .bits import _defences_shown, _run_deadwood_table, _suit_covers, _suit_value_table, _suits_shown
from .types import DefenceShown, SuitShown


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


def _check_single_deck(rules: MeldRules) -> None:
    if rules.wild_rank is not None:
        raise ValueError("the bit-mask solver takes no wild cards")
