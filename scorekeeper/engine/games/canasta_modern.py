"""Canasta's additions (SCORING.md "canasta — additions"): Modern American Canasta
(``style: "modern"``) scored side by side, and who sits out a hand of Canasta for five.

Kept beside :mod:`.canasta`, which declares the game and calls these: the
modern side's fields, checks and score, and the five-player sitter and dealer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..declare import Choice, Field, Note
from ..notes import sentences
from .entries import Hand, PlayerInput
from .readers import read_count

MODERN = "modern"
TITLE = "Modern American Canasta"
MODERN_PLAYERS = 4
MODERN_CARDS_EACH = 13
MODERN_TARGET = 8500
MODERN_TO_GO_OUT = 2
SEVENS_CANASTA = 2500
ACES_CANASTA = 2000
#: a completed all-wild canasta, by kind: seven 2s, all four jokers, any other
WILD_CANASTA: Mapping[str, int] = {"twos": 3000, "jokers": 2500, "mixed": 2000}
#: an unfinished meld of that kind left on the table at the end, against its side
OPEN_PENALTY: Mapping[str, int] = {"open_sevens": 2500, "open_aces": 2000, "open_wild": 2000}
#: a player left holding this many sevens (or aces) or more costs the side 1500 for each
HOLDING_AT = 3
HOLDING_PENALTY = 1500
THREE = 100
#: a special hand (the whole hand melded at once by the player going out), by entry value
SPECIAL_HANDS: Mapping[str, int] = {"straight": 3000, "pairs": 2500, "pairs_wild": 2000, "garbage": 2000}
SPECIAL_WORDS: Mapping[str, str] = {"straight": "a straight", "pairs": "seven natural pairs",
                                    "pairs_wild": "seven pairs with wild cards", "garbage": "a garbage hand"}
#: the first meld a side needs, by its total (from this total on, this much); below 0: 15
MODERN_MINIMUM_MELD = ((7500, 150), (5000, 120), (2500, 90), (0, 50))
#: the least meld points each canasta holds (the sanity bound), by side field (wild: by kind)
LEAST = {"natural": 35, "mixed": 65, "sevens": 35, "aces": 140}
LEAST_WILD: Mapping[str, int] = {"twos": 140, "jokers": 260, "mixed": 170}
MOST_THREES = 8
MOST_HELD = 8  # two decks hold 8 sevens and 8 aces

#: what a refusal of a modern player's input says, keyed like the notes (a page writes it in its
#: reader's language); the three in hand is Classic Canasta's refusal of its preview too
REFUSALS: Mapping[str, str] = sentences({
    "canasta_modern.refuse.three_in_hand": "{card} is a three; in {game} count it in threes",
    "canasta_modern.refuse.held_bound": "{key} must be a whole number from 0 to {most}",
    "canasta_modern.refuse.cards_hold_sevens": "the cards hold {counted} sevens, not {typed}",
    "canasta_modern.refuse.cards_hold_aces": "the cards hold {counted} aces, not {typed}",
    "canasta_modern.refuse.count_sevens": "{sevens} sevens count at least {least}; give the count they are among",
    "canasta_modern.refuse.count_aces": "{aces} aces count at least {least}; give the count they are among",
    "canasta_modern.refuse.count_sevens_and_aces": "{sevens} sevens and {aces} aces count at least {least}; give the "
                                                   "count they are among",
})
#: the refusals of the sevens or aces typed beside the cards, by field, and of the held ones worth
#: more than the count, by the fields typed
CARDS_HOLD = {"sevens": "canasta_modern.refuse.cards_hold_sevens", "aces": "canasta_modern.refuse.cards_hold_aces"}
COUNT_HOLDS = {("sevens",): "canasta_modern.refuse.count_sevens", ("aces",): "canasta_modern.refuse.count_aces",
               ("sevens", "aces"): "canasta_modern.refuse.count_sevens_and_aces"}

SEVENS = Field("sevens", "count", "Sevens canasta", "a completed canasta of sevens (natural only): 2500",
               maximum=1)
ACES = Field("aces", "count", "Aces canasta", "a completed natural canasta of aces: 2000", maximum=1)
WILD = Field("wild", "tally", "Wild canasta", "a completed all-wild canasta: 2s 3000, all four jokers 2500, "
             "any other 2000", maximum=1,
             among=(("twos", "2s"), ("jokers", "Jokers"), ("mixed", "Mixed wild")))
OPEN_SEVENS = Field("open_sevens", "flag", "Open sevens", "ended with an unfinished meld of sevens: -2500")
OPEN_ACES = Field("open_aces", "flag", "Open aces", "ended with an unfinished pure meld of aces: -2000")
OPEN_WILD = Field("open_wild", "flag", "Open wild", "ended with an unfinished meld of wild cards: -2000")
THREES = Field("threes", "count", "Threes", "threes laid down (red or black): 100 each, minus if nothing melded",
               maximum=MOST_THREES)
#: a player's sevens and aces among the counted cards (the cards say them when given)
SEVENS_HELD = Field("sevens", "number", "Sevens held", "how many of the counted cards are sevens: 3 or more "
                    "cost the side 1500", maximum=MOST_HELD)
ACES_HELD = Field("aces", "number", "Aces held", "how many of the counted cards are aces: 3 or more cost the "
                  "side 1500", maximum=MOST_HELD)
SPECIAL = Choice("special", "one_of", "Special hand",
                 "The player going out melded the whole hand at once: their side scores it and 100 a three, "
                 "nothing else.", needs_out=True,
                 values=(("straight", "Straight 3000"), ("pairs", "Seven pairs 2500"),
                         ("pairs_wild", "Pairs with wilds 2000"), ("garbage", "Garbage 2000")))


def is_modern(options: Mapping[str, Any] | None) -> bool:
    return bool(options) and options.get("style") == MODERN  # type: ignore[union-attr]


def modern_minimum_meld(total: int) -> int:
    """Modern: below 0 15; to 2495 50; to 4995 90; to 7495 120; from 7500 150."""
    for least, needed in MODERN_MINIMUM_MELD:
        if total >= least:
            return needed
    return 15


def canastas(given: Mapping[str, Any]) -> int:
    """Every completed canasta of a modern side: natural, mixed, sevens, aces and wild."""
    return int(given["natural"] + given["mixed"] + given["sevens"] + given["aces"] + len(given["wild"]))


def least_melded(given: Mapping[str, Any]) -> int:
    """The fewest meld points a modern side's canastas hold."""
    return int(sum(LEAST[key] * given[key] for key in LEAST) + sum(LEAST_WILD[kind] for kind in given["wild"]))


# -- a player's input -----------------------------------------------------------


def read_held(hand: Hand, player: str, raw: Mapping[str, Any], given: PlayerInput) -> PlayerInput:
    """A modern player's input: no three among the cards; the sevens and aces held, typed with a
    count (bounded by it) or counted from the cards (a typed number must agree)."""
    held = {}
    for key, rank in (("sevens", 7), ("aces", 1)):
        typed = read_count(hand, player, raw.get(key), field_name=key)
        if typed is not None and typed > MOST_HELD:
            raise hand.invalid(Note("canasta_modern.refuse.held_bound", key=key, most=MOST_HELD), player, field=key,
                               code="out_of_bounds")
        if given.cards is not None:
            counted = sum(1 for card in given.cards if card.rank == rank)
            if typed is not None and typed != counted:
                raise hand.invalid(Note(CARDS_HOLD[key], counted=counted, typed=typed),
                                   player, field=key, code="bad_input")
            typed = None
        if typed:
            held[key] = typed
    for card in given.cards or ():
        if card.rank == 3:
            raise hand.invalid(three_in_hand(str(card)), player, field="cards", code="three_in_hand")
    if held:
        least = 5 * held.get("sevens", 0) + 20 * held.get("aces", 0)
        if given.count is None or given.count < least:
            raise hand.invalid(Note(COUNT_HOLDS[tuple(held)], least=least, **held),
                               player, field="count", code="bad_input")
        return PlayerInput(given.cards, given.count, extra=held)
    return given


def three_in_hand(card: str) -> Note:
    """The refusal of a three among a modern player's cards: it is counted in the side's threes."""
    return Note("canasta_modern.refuse.three_in_hand", card=card, game=TITLE)


def held(given: PlayerInput, rank: int) -> int:
    """How many sevens (rank 7) or aces (rank 1) a player holds."""
    if given.cards is not None:
        return sum(1 for card in given.cards if card.rank == rank)
    return int(given.extra.get("sevens" if rank == 7 else "aces", 0)) if given.extra else 0


# -- a side's score -----------------------------------------------------------------


def side_score(hand: Hand, side: str, given: Mapping[str, Any], left: Mapping[str, int]) -> dict[str, Any]:
    """A modern side's score and its parts (the row's details of the side)."""
    out = hand.out
    went_out = out is not None and out in hand.sides[side]
    special = hand.entry.get("special") if went_out else None
    threes = THREE * given["threes"]
    detail: dict[str, Any] = {key: (list(value) if key == "wild" else value) for key, value in given.items()}
    if special:
        value = SPECIAL_HANDS[special] + threes
        return {**detail, "special": special, "special_points": SPECIAL_HANDS[special], "three_points": threes,
                "going_out": 0, "cards_left": {}, "left": 0, "penalties": {}, "holding": {}, "value": value}
    melded = given["meld_points"]
    if melded == 0:
        threes = -threes
    bonus = (500 * given["natural"] + 300 * given["mixed"] + SEVENS_CANASTA * given["sevens"]
             + ACES_CANASTA * given["aces"] + sum(WILD_CANASTA[kind] for kind in given["wild"]))
    penalties = {key: points for key, points in OPEN_PENALTY.items() if given[key]}
    holding: dict[str, dict[str, int]] = {}
    for player in hand.sides[side]:
        if player in hand.inputs:
            counts = {key: n for key, rank in (("sevens", 7), ("aces", 1))
                      if (n := held(hand.inputs[player], rank)) >= HOLDING_AT}
            if counts:
                holding[player] = counts
    holding_points = HOLDING_PENALTY * sum(len(counts) for counts in holding.values())
    going_out = 100 if went_out else 0
    value = (melded + bonus + threes + going_out - sum(left.values()) - sum(penalties.values())
             - holding_points)
    return {**detail, "special": None, "canasta_bonus": bonus, "three_points": threes, "going_out": going_out,
            "cards_left": dict(left), "left": sum(left.values()), "penalties": penalties, "holding": holding,
            "value": value}


#: the parts of a modern side's line, beside the classic ones (``canasta.side``'s ``parts``)
PART_WORDS: Mapping[str, str] = {
    "sevens": "a canasta of sevens {points}",
    "aces": "a canasta of aces {points}",
    "wild_twos": "a wild canasta of 2s {points}",
    "wild_jokers": "a wild canasta of the four jokers {points}",
    "wild_mixed": "a wild canasta {points}",
    "threes": "{count} three{count:|s} {points}",
    "threes_against": "{count} three{count:|s} {points} (nothing melded)",
    "open_sevens": "an unfinished meld of sevens {points}",
    "open_aces": "an unfinished meld of aces {points}",
    "open_wild": "an unfinished wild meld {points}",
    "holding_sevens": "{player} held {count} sevens {points}",
    "holding_aces": "{player} held {count} aces {points}",
    "special": "{hand} {points}",
}


def side_parts(detail: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The parts of a modern side's line, in the order it scores them."""
    if detail["special"]:
        parts: list[dict[str, Any]] = [{"part": "special", "hand": SPECIAL_WORDS[detail["special"]],
                                        "points": detail["special_points"]}]
        if detail["threes"]:
            parts.append({"part": "threes", "count": detail["threes"], "points": detail["three_points"]})
        return parts
    parts = [{"part": "melded", "points": detail["meld_points"]}]
    for kind, bonus in (("natural", 500), ("mixed", 300)):
        if detail[kind]:
            parts.append({"part": kind, "count": detail[kind], "points": bonus * detail[kind]})
    for kind, bonus in (("sevens", SEVENS_CANASTA), ("aces", ACES_CANASTA)):
        if detail[kind]:
            parts.append({"part": kind, "points": bonus})
    parts += [{"part": f"wild_{kind}", "points": WILD_CANASTA[kind]} for kind in detail["wild"]]
    if detail["threes"]:
        kind = "threes" if detail["three_points"] > 0 else "threes_against"
        parts.append({"part": kind, "count": detail["threes"], "points": detail["three_points"]})
    if detail["going_out"]:
        parts.append({"part": "going_out", "points": detail["going_out"]})
    if detail["left"]:
        parts.append({"part": "cards_left", "points": -detail["left"], "players": dict(detail["cards_left"])})
    parts += [{"part": key, "points": -points} for key, points in detail["penalties"].items()]
    for player, counts in detail["holding"].items():
        parts += [{"part": f"holding_{key}", "player": player, "count": n, "points": -HOLDING_PENALTY}
                  for key, n in counts.items()]
    return parts


# -- Canasta for five: who sits out, who deals -------------------------------------------


def sitter(sides: Mapping[str, tuple[str, ...]], players: int, number: int) -> str | None:
    """Who sits out hand ``number`` of a game for five: the side of three's third player in seat
    order in hands 1, 4, 7..., its second in hands 2, 5, 8..., its first in hands 3, 6, 9...;
    None in any other game."""
    if players != 5 or not sides:
        return None
    three = next(seated for seated in sides.values() if len(seated) == 3)
    return three[(-number) % 3]


def dealer_after(left_of: Mapping[str, str], last: str, sitting: str | None) -> str:
    """The next seat after ``last``, skipping the player who sits out the coming hand."""
    dealer = left_of[last]
    return left_of[dealer] if dealer == sitting else dealer
