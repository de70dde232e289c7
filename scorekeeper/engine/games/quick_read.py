"""An optimisation, no rule: the commonest player inputs read the short way.

Nearly every input a replay reads is one count, or one player's cards
written as the sheet writes them (``"10H QS 4D"``), as many as the hand
takes.  :func:`quick_input` reads those with one dict lookup a card (what
:func:`~scorekeeper.engine.cards.parse_hand` does first, without the calls)
and their bits added up in C, and makes the :class:`~.entries.PlayerInput`
without its loop over the cards.  Anything else, and anything at fault, is
None: :meth:`.variant.Variant.read_input` reads it the plain way, which
says what is wrong.  Nothing here decides what an input may be: the variant's
declarations do (its input keys, its exact hand size, :meth:`most_cards`,
remembered here by class and hand number as the plain way's was once).

``tests/unit/test_quick_read.py`` checks on random inputs, valid and not,
that the two ways give the same input.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..bounds import MAX_CARDS_TEXT, MAX_COUNT
from ..cards import _BIT_NAMED, _BITS_BY_NAME, _CARD_NAMED, _CARDS_BY_NAME
from .entries import _NO_EXTRA, Hand, PlayerInput

if TYPE_CHECKING:
    from .variant import Variant

_new = object.__new__


def quick_input(variant: Variant, hand: Hand, raw: Any) -> PlayerInput | None:
    """``raw`` read as the plain way reads it, where it is one count or one text of cards as the
    sheet writes them that the variant takes as they are; else None."""
    if type(raw) is not dict or len(raw) != 1 or variant.exact_deal:
        return None
    count = raw.get("count")
    if count is not None:
        if type(count) is int and 0 <= count <= MAX_COUNT and "count" in variant.input_keys:
            return _counted(count)
        return None
    text = raw.get("cards")
    if type(text) is not str or len(text) > MAX_CARDS_TEXT or "cards" not in variant.input_keys:
        return None
    tokens = text.replace(",", " ").split()
    size = len(tokens)
    exact = variant.exact_cards
    if exact is not None:
        if size != exact:
            return None
    elif size > (_MOST_CARDS.get((type(variant), hand.number)) or _most_cards(variant, hand.number)):
        return None
    try:
        if size > 1:
            named = itemgetter(*tokens)
            return _holding(named(_CARDS_BY_NAME), sum(named(_BITS_BY_NAME)))
        return _holding(tuple(map(_CARD_NAMED, tokens)), sum(map(_BIT_NAMED, tokens)))
    except KeyError:  # a card not written as the sheet writes it
        return None


#: :meth:`Variant.most_cards` by the variant's class and the hand's number, each worked out once
#: (a default takes a dozen calls to work out, for every cards input read)
_MOST_CARDS: dict[tuple[type, int], int] = {}


def _most_cards(variant: Variant, number: int) -> int:
    most = _MOST_CARDS[type(variant), number] = variant.most_cards(number)
    return most


def _counted(count: int) -> PlayerInput:
    """``PlayerInput(None, count)``."""
    given: PlayerInput = _new(PlayerInput)
    given.cards = None
    given.count = count
    given.extra = _NO_EXTRA
    given.all_cards = ()
    given.bits = 0
    return given


def _holding(cards: tuple[Any, ...], bits: int) -> PlayerInput:
    """``PlayerInput(cards)``, ``bits`` the sum of the cards' bits: as many bits as cards
    where they are all different and none a joker (see :attr:`PlayerInput.bits`)."""
    given: PlayerInput = _new(PlayerInput)
    given.cards = given.all_cards = cards
    given.count = None
    given.extra = _NO_EXTRA
    given.bits = bits if bits.bit_count() == len(cards) else None
    return given
