"""The rules of a house game beyond its plain definition (SCORING.md, "house — extensions" (a)-(h)).

:mod:`.house` declares the game and drives the hand; this module holds what
its extensions add, each a small function of plain values:

- (a) the values table's keys for a single rank, a single card and a rank by
  colour (:func:`value_key`), and a card's value by them (:func:`card_value`);
- (b) and (c) what a player's entry is worth (:func:`entry_value`), and the
  bonus the player who went out is given this hand (:func:`out_bonus`);
- (c) the ``meld_minus_hand`` input, melded and left (:func:`read_melded_or_left`);
- (g) the lowest hand collecting the differences (:func:`lowest_scores_difference`);
- (d) each side's score, the sum of its players' (:func:`side_scores`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bounds import MAX_POINTS, shown
from ..cards import RANKS_BY_NAME, SUIT_SYMBOLS, SUITS, Card, rank_name
from ..declare import Note
from ..notes import Words, sentences
from .base import Hand, PlayerInput, Score, read_cards, read_count, show, split

#: the notes the extensions add to a house game's (see :data:`.house.NOTES`)
NOTES: Mapping[str, str] = sentences({
    "house.one_go": "{player} went out in one go: each other hand counts {multiplier} times: {hands:times}.",
    "house.one_go_bonus": "One-go bonus: {bonus} to {player}.",
    "house.one_go_bonus_paid": "One-go bonus: each other player pays {player} {bonus} more, {paid} in all.",
    "house.own_bonus": "{player}'s bonus this hand, as typed: {bonus}.",
    "house.own_bonus_paid": "{player}'s bonus this hand, as typed: each other player pays {bonus} more, "
                            "{paid} in all.",
    "house.melded_minus_left": "{player} went out; each player scores melded minus left: {hands:lines}.",
    "house.melded_minus_left_nobody_out": "Nobody went out; each player scores melded minus left: "
                                          "{hands:lines}.",
    "house.lowest_collects": "Hands {hands:list}: the lowest, {lowest}, and {winners:names} "
                             "{winners:collects|collect} the differences: {differences:plus} = {total}.",
    "house.lowest_shared": "{winners:names} share it: {share} each.",
    "house.lowest_all_equal": "Every hand counts {lowest}: nobody collects.",
    "house.sides": "By side: {sides:list}.",
    "house.contract": "Contract of this deal: {contract}.",
    "house.instant_win": "{player} wins the game at once, for {winner}.",
    # (the refusals of the extensions' keys and inputs: :data:`.house.REFUSALS` has the rest of the game's)
    "house.refuse.not_a_value_key": "key {given} is not a rank, a card or a colour",
    "house.refuse.bonus_not_yours": "only the player who went out gives a bonus; leave it empty",
    "house.refuse.points_out_of_bounds": "{field} must be a whole number from {least} to {most}",
    "house.refuse.points_not_whole": "{field} must be a whole number from {least} to {most}, not {value}",
}, times=Words({"": "{player} {value} × {multiplier} = {points}"}),
   lines=Words({"": "{player} {melded} - {left} = {score}"}))

#: the two colours a rank's value may be given by, and their suits
COLOURS = {"red": "HD", "black": "SC"}


def value_key(key: Any) -> str:
    """A values key for one rank (``"7"``, ``"T"`` is ``"10"``), one card (``"QS"``, ``"Q♠"``) or a
    rank by colour (``"A red"``), as it is stored; ValueError saying why ``key`` is none of them
    (its one argument a keyed note, ``house.refuse.not_a_value_key``).

    >>> [value_key(k) for k in ("t", "q♠", "A Red", "10h")]
    ['10', 'QS', 'A red', '10H']
    """
    text = key.strip().replace("\ufe0f", "") if isinstance(key, str) else ""
    rank_text, _, colour = text.partition(" ")
    rank = RANKS_BY_NAME.get(rank_text.upper())
    if rank is not None and not colour:
        return rank_name(rank)
    if rank is not None and colour.strip().lower() in COLOURS:
        return f"{rank_name(rank)} {colour.strip().lower()}"
    if len(text) >= 2 and not colour:
        rank = RANKS_BY_NAME.get(text[:-1].upper())
        suit = SUIT_SYMBOLS.get(text[-1], text[-1].upper())
        if rank is not None and suit in SUITS:
            return f"{rank_name(rank)}{suit}"
    raise ValueError(Note("house.refuse.not_a_value_key", given=_quoted(key)))


def _quoted(key: Any) -> str:
    return f'"{key}"' if isinstance(key, str) and len(key) <= 20 else shown(key)


def card_value(card: Card, values: Mapping[str, Any]) -> int:
    """A card's value by the table: its own key, else its rank by colour, else its rank, else its group
    (ace, pictures, ten, pips, joker)."""
    if card.is_joker:
        return int(values["joker"])
    rank = rank_name(card.rank)
    colour = "red" if card.suit in COLOURS["red"] else "black"
    for key in (f"{rank}{card.suit}", f"{rank} {colour}", rank):
        if key in values:
            return int(values[key])
    if card.rank == 1:
        return int(values["ace"])
    if card.rank > 10:
        return int(values["pictures"])
    if card.rank == 10:
        return int(values["ten"])
    return card.rank if values["pips"] == "face" else int(values["pips"])


# -- reading -------------------------------------------------------------------------


def read_bonus(hand: Hand, player: str, raw: Any) -> int | None:
    """The ``bonus`` the player who went out typed: whole, -10,000 to 10,000; None when not given."""
    if raw is None:
        return None
    if player != hand.out:
        raise hand.invalid(Note("house.refuse.bonus_not_yours"), player, field="bonus", code="bad_field")
    return whole_points(hand, player, raw, "bonus")


def whole_points(hand: Hand, player: str, raw: Any, key: str) -> int:
    """A player's ``key`` (points, a bonus): a whole number from -10,000 to 10,000."""
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise hand.invalid(Note("house.refuse.points_not_whole", field=key, least=-MAX_POINTS, most=MAX_POINTS,
                                value=shown(raw)), player, field=key)
    if not -MAX_POINTS <= raw <= MAX_POINTS:
        raise hand.invalid(Note("house.refuse.points_out_of_bounds", field=key, least=-MAX_POINTS, most=MAX_POINTS),
                           player, field=key, code="out_of_bounds")
    return raw


def read_melded_or_left(hand: Hand, player: str, raw: Any, name: str, most: int) -> tuple[Card, ...] | int:
    """``melded`` or ``left``: the cards, or their worth as a count; empty when left out."""
    if raw is None or isinstance(raw, (str, list, tuple)):
        return read_cards(hand, player, raw, field_name=name, most=most) or ()
    return read_count(hand, player, raw, field_name=name) or 0


def worth(cards_or_count: tuple[Card, ...] | int, values: Sequence[int]) -> int:
    """Melded or left: the count as typed, or the cards by the game's values (by card index)."""
    if isinstance(cards_or_count, int):
        return cards_or_count
    return sum(values[card.index] for card in cards_or_count)


# -- the hand's numbers ------------------------------------------------------------------


def entry_value(hand: Hand, given: PlayerInput) -> int:
    """What one player's entry holds: their points, their count or cards by the values table, or
    (``meld_minus_hand``) melded minus left."""
    entry = hand.options["entry"]
    if entry == "points":
        return given.count or 0
    if entry == "meld_minus_hand":
        return worth(given.extra.get("melded", ()), hand.values) - worth(given.extra.get("left", ()), hand.values)
    if given.count is not None:
        return given.count
    return sum(hand.values[card.index] for card in given.cards or ())


def one_go_multiplier(hand: Hand) -> int:
    """How many times each other player's entry counts: ``one_go_multiplier`` when the player who went out
    did so in one go, else 1."""
    return int(hand.options["one_go_multiplier"]) if hand.entry.get("one_go") else 1


def out_bonus(hand: Hand) -> tuple[int, str]:
    """The bonus of the player who went out this hand, and where it comes from: their typed ``bonus``
    (``"typed"``), else ``one_go_bonus`` when they went out in one go (``"one_go"``), else
    ``going_out_bonus`` (``"going_out"``)."""
    options = hand.options
    if hand.out is not None and hand.out in hand.inputs:
        typed = hand.inputs[hand.out].extra.get("bonus")
        if typed is not None:
            return int(typed), "typed"
    if hand.entry.get("one_go") and options["one_go_bonus"] is not None:
        return int(options["one_go_bonus"]), "one_go"
    return int(options["going_out_bonus"]), "going_out"


#: the note of a bonus by where it comes from, given to the player who went out or paid them by each other
BONUS_NOTES = {
    "going_out": ("house.bonus", "house.bonus_paid"),
    "one_go": ("house.one_go_bonus", "house.one_go_bonus_paid"),
    "typed": ("house.own_bonus", "house.own_bonus_paid"),
}


def bonus_note(source: str, *, paying: bool, **values: Any) -> Note:
    """The note of the out player's bonus, as given to them or (``paying``) paid by each other player."""
    return Note(BONUS_NOTES[source][1 if paying else 0], **values)


# -- (g) the lowest hand collects the differences ---------------------------------------------


def lowest_scores_difference(hand: Hand, values: Mapping[str, int]) -> tuple[dict[str, Score], list[str]]:
    """The player(s) with the lowest value score the sum of every other value less it, shared when
    tied; the others 0.  Who went out counts 0."""
    lowest = min(values.values())
    winners = [player for player, value in values.items() if value == lowest]
    differences = {player: value - lowest for player, value in values.items() if value != lowest}
    total = sum(differences.values())
    scores: dict[str, Score] = dict.fromkeys(hand.players, 0)
    if not total:
        return scores, [Note("house.lowest_all_equal", lowest=lowest)]
    share = split(total, len(winners))
    for player in winners:
        scores[player] = share
    notes: list[str] = [Note("house.lowest_collects", hands=dict(values), lowest=lowest, winners=winners,
                  differences=differences, total=total)]
    if len(winners) > 1:
        notes.append(Note("house.lowest_shared", winners=winners, share=show(share)))
    return scores, notes


# -- (d) sides ------------------------------------------------------------------------------------


def side_scores(sides: Mapping[str, Sequence[str]], scores: Mapping[str, Score]) -> dict[str, Score]:
    """Each side's score: the sum of its players'."""
    return {side: sum((scores.get(player, 0) for player in seated), 0) for side, seated in sides.items()}


def side_of(sides: Mapping[str, Sequence[str]], player: str) -> str:
    """The side a player sits on."""
    return next(side for side, seated in sides.items() if player in seated)
