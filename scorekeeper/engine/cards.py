"""Cards: parsing the table's notation, printing it back, and deck checks.

A card is written rank first: ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is 10 too)
then a suit ``S H D C`` or a symbol ``♠ ♥ ♦ ♣``; case does not matter and a
printed joker is ``JK``.  Cards are separated by spaces and/or commas.

    >>> parse_cards("as 10h Qd, 2♣")
    [Card.parse('AS'), Card.parse('10H'), Card.parse('QD'), Card.parse('2C')]
    >>> str(Card.parse("t♥"))
    '10H'
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .declare import Note
from .notes import sentences

SUITS = "SHDC"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANKS_BY_NAME = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
RANKS_BY_NAME.update({str(n): n for n in range(2, 11)})
JOKER_RANK = 0

_VARIATION_SELECTOR = "\ufe0f"


class CardError(ValueError):
    """Text that is not a card; the message (a :class:`~.declare.Note`) quotes it, and ``token``
    is what was written, for a message of its own that quotes it again."""

    def __init__(self, message: str, token: str = "") -> None:
        super().__init__(message)
        self.token = token


#: what the table reads when a card or a rank cannot be read: keyed, so a page writes it in its language
NOTES = sentences({
    "cards.not_a_card": '"{token}" is not a card',
    "cards.not_a_rank": '"{token}" is not a rank (write A, 2-10, J, Q or K)',
    "cards.write_cards": '"{token}" is not a card (write rank then suit, like 10H, QS or JK)',
    "cards.upcard_not_a_card": 'upcard "{token}" is not a card',
    "cards.wild_not_a_rank": 'wild "{token}" is not a rank: write A, 2-10, J, Q or K',
    "cards.no_jokers": '"JK" is not a card in {game}, which uses no jokers',
    "cards.jokers_over": "JK appears {copies:often}, but this pack has {jokers:one joker|# jokers}",
    "cards.copies_over": "{card} appears {copies:often}, but this game uses {decks:packs}",
    "cards.take_one_out": "{problem}: take one out.",
})


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card.  ``rank`` is 1 (ace) to 13 (king), 0 for a joker.

    ``index`` (0..51 by suit then rank, -1 for a joker) and ``bit`` (``1 <<
    index``, 0 for a joker) are computed once: the meld solver and the deck
    check read them for every card of every hand.
    """

    rank: int
    suit: str  # one of "SHDC"; "" for a joker
    index: int = field(init=False, compare=False, repr=False, hash=False)
    bit: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            index, bit = -1, 0
        else:
            index = SUITS.index(self.suit) * 13 + self.rank - 1
            bit = 1 << index
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", bit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card that ``text`` names, or :class:`CardError` quoting it."""
        return _parse_token(text)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(JOKER_RANK, "")
#: the 52 cards, ``ALL_CARDS[card.index] is card``-style: one object per card
ALL_CARDS = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
# Printed names by index; the joker's index -1 is the last slot.
_TEXT = tuple(f"{RANK_NAMES.get(c.rank, str(c.rank))}{c.suit}" for c in ALL_CARDS) + ("JK",)


_CARDS_BY_NAME = {name: card for name, card in zip(_TEXT, (*ALL_CARDS, JOKER))}
#: the card a name as the sheet writes it names (made once: parse_hand maps it over every hand's tokens)
_CARD_NAMED = _CARDS_BY_NAME.__getitem__
#: the bit of the card a name as the sheet writes it names (the joker's 0): the bits of a
#: hand's names add up to its mask, in C, where the cards are all different
_BITS_BY_NAME = {name: card.bit for name, card in _CARDS_BY_NAME.items()}
_BIT_NAMED = _BITS_BY_NAME.__getitem__


@lru_cache(maxsize=1024)
def _parse_token(text: str) -> Card:
    """Parse one token; cached, since a game names the same few dozen cards."""
    token = text.strip().replace(_VARIATION_SELECTOR, "").upper()
    if token == "JK":
        return JOKER
    if len(token) >= 2:
        rank_part, suit_part = token[:-1], token[-1]
        suit = SUIT_SYMBOLS.get(suit_part, suit_part)
        rank = RANKS_BY_NAME.get(rank_part)
        if rank is not None and suit in SUITS and suit:
            return ALL_CARDS[SUITS.index(suit) * 13 + rank - 1]
    token = _cut(text.strip())
    raise CardError(Note("cards.not_a_card", token=token), token)


def parse_cards(text: str) -> list[Card]:
    """Every card in ``text``, in the order written."""
    return list(parse_hand(text))


def parse_hand(text: str) -> tuple[Card, ...]:
    """Every card in ``text``, in the order written, as a tuple."""
    tokens = text.replace(",", " ").split()
    try:
        # Most hands are written as the sheet writes cards ("10H QS"): one
        # dict lookup each, no Python call.  Anything else goes the long way.
        return tuple(map(_CARD_NAMED, tokens))
    except KeyError:
        return tuple(map(_parse_token, tokens))


def parse_rank(text: str) -> int:
    """A rank written as on a card (``7``, ``10``, ``T``, ``q``) as 1..13."""
    rank = RANKS_BY_NAME.get(str(text).strip().upper())
    if rank is None:
        token = _cut(str(text))
        raise CardError(Note("cards.not_a_rank", token=token), token)
    return rank


def _cut(text: str) -> str:
    """A bad token as a message quotes it: never more than a few dozen characters."""
    return text if len(text) <= 20 else text[:20] + "…"


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def format_cards(cards: Iterable[Card]) -> str:
    """``"KH 5D AS"``: cards as the table writes them."""
    return " ".join([_TEXT[card.index] for card in cards])


def all_different(hands: Iterable[Sequence[Card]]) -> bool:
    """Whether the cards of all these hands are all different, none a joker."""
    # Distinct cards' bits add up without a carry, one bit each; a repeated
    # card carries and a joker has no bit, so either leaves fewer bits.
    every = [card.bit for cards in hands for card in cards]
    return sum(every).bit_count() == len(every)


def find_excess_copies(
    hands: Mapping[str, Sequence[Card]], *, decks: int, jokers: int, game: str
) -> tuple[str, str] | None:
    """The first (player, message) where a card appears more often than the pack holds.

    ``hands`` maps each player to the cards entered for them in one hand
    entry, in seat order; the player blamed is the one whose card went over.
    """
    if all_different(hands.values()):
        return None  # the common case, decided at once
    seen: Counter[Card] = Counter()
    for player, cards in hands.items():
        for card in cards:
            seen[card] += 1
            n = seen[card]
            if card.is_joker:
                if jokers == 0:
                    return player, Note("cards.no_jokers", game=game)
                if n > jokers:
                    return player, Note("cards.jokers_over", copies=n, jokers=jokers)
            elif n > decks:
                return player, Note("cards.copies_over", card=str(card), copies=n, decks=decks)
    return None
