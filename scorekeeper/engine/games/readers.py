"""Reading one player's (or one side's) input fields: cards, a count, a whole number."""

from __future__ import annotations

from typing import Any

from ..bounds import MAX_CARDS_TEXT, MAX_COUNT, shown
from ..cards import Card, CardError, parse_hand
from ..declare import Field, Note
from ..notes import sentences
from .entries import Hand

#: what reading a field refuses: each key (see :class:`~.declare.Note`) with its sentence, the values in
#: braces (``field``: the field's key as the log spells it; ``value``: what was given, as a message quotes it)
NOTES = sentences({
    "readers.refuse.needed_from_every_side": "{field} is needed from every side (0 if none)",
    "readers.refuse.not_a_whole_number": "{field} {value} is not a whole number",
    "readers.refuse.whole_number_from": "{field} must be a whole number from {least} to {most}, not {value}",
    "readers.refuse.multiple_of": "{field} must be a multiple of {step}",
    "readers.refuse.write_cards_like": '{field} must be written like "KH 5D AS"',
    "readers.refuse.cards_too_long": "{field} is {length} characters long; a hand is written in at most {most}",
    "readers.refuse.deal_size": "deal {deal} of {game} has {exact} cards each, got {count}",
    "readers.refuse.exact_cards": "{count} cards given; a hand here is exactly {exact} cards (or give a count)",
    "readers.refuse.too_many_cards": "{count} cards is more than a hand holds here (at most {most})",
    "readers.refuse.below_zero": "{field} {value} is below 0; a count is a whole number from 0 to {most}",
})


def read_number(hand: Hand, who: str, raw: Any, spec: Field) -> int:
    """A whole-number field of ``who`` (a side, a player) within the field's bounds and a multiple of its step.

    Left out (None) it is 0, unless the field is ``required``.
    """
    key = spec.key
    if raw is None:
        if spec.required:
            raise hand.invalid(Note("readers.refuse.needed_from_every_side", field=key), who, field=key,
                               code="missing_input")
        return 0
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise hand.invalid(Note("readers.refuse.not_a_whole_number", field=key, value=shown(raw)), who, field=key)
    if not spec.minimum <= raw <= spec.maximum:
        raise hand.invalid(Note("readers.refuse.whole_number_from", field=key, least=spec.minimum, most=spec.maximum,
                                value=shown(raw)), who, field=key, code="out_of_bounds")
    if raw % spec.step:
        raise hand.invalid(Note("readers.refuse.multiple_of", field=key, step=spec.step), who, field=key,
                           code="not_a_multiple")
    return raw


def read_cards(hand: Hand, player: str, raw: Any, *, exact: int | None = None, most: int | None = None,
               field_name: str = "cards", deal_of: str = "") -> tuple[Card, ...] | None:
    """A cards field: a string like ``"KH 5D AS"`` or a list of card strings.

    At most :data:`MAX_CARDS_TEXT` characters, exactly ``exact`` cards and at
    most ``most`` where given.  ``deal_of`` names the game where ``exact`` is
    the deal's size, which changes hand by hand: the refusal then says which
    deal (``deal 4 of Three Thirteen has 6 cards each, got 5``).
    """
    if raw is None:
        return None
    if not isinstance(raw, str):
        if not isinstance(raw, (list, tuple)) or not all(isinstance(token, str) for token in raw):
            raise hand.invalid(Note("readers.refuse.write_cards_like", field=field_name), player, field=field_name)
        raw = " ".join(raw)
    if len(raw) > MAX_CARDS_TEXT:
        raise hand.invalid(Note("readers.refuse.cards_too_long", field=field_name, length=len(raw), most=MAX_CARDS_TEXT),
                           player, field=field_name, code="out_of_bounds")
    try:
        cards = parse_hand(raw)
    except CardError as error:
        raise hand.invalid(Note("cards.write_cards", token=error.token), player,
                           field=field_name, code="not_a_card") from None
    if exact is not None and len(cards) != exact:
        if deal_of:
            raise hand.invalid(Note("readers.refuse.deal_size", deal=hand.number, game=deal_of, exact=exact,
                                    count=len(cards)), player, field=field_name, code="wrong_hand_size")
        raise hand.invalid(Note("readers.refuse.exact_cards", count=len(cards), exact=exact), player,
                           field=field_name)
    if most is not None and len(cards) > most:
        raise hand.invalid(Note("readers.refuse.too_many_cards", count=len(cards), most=most), player,
                           field=field_name, code="out_of_bounds")
    return cards


def read_count(hand: Hand, player: str, raw: Any, *, field_name: str = "count") -> int | None:
    """A whole number from 0 to :data:`MAX_COUNT` (SCORING.md section 6), or None."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise hand.invalid(Note("readers.refuse.not_a_whole_number", field=field_name, value=shown(raw)), player,
                           field=field_name)
    if raw < 0:
        raise hand.invalid(Note("readers.refuse.below_zero", field=field_name, value=shown(raw), most=MAX_COUNT),
                           player, field=field_name, code="out_of_bounds")
    if raw > MAX_COUNT:
        raise hand.invalid(Note("readers.refuse.whole_number_from", field=field_name, least=0, most=MAX_COUNT,
                                value=shown(raw)), player, field=field_name, code="out_of_bounds")
    return raw
