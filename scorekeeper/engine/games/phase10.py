"""Phase 10: won by the phases a player completes, not by points (official rules, Mattel/Fundex)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .. import guide
from ..bounds import MAX_CARDS_TEXT, MAX_COUNT, quoted
from ..cards import CardError
from ..declare import CardFace, Field, Moment, Note, OwnPack
from ..errors import InvalidEntry
from ..extras import Extra
from ..notes import Words, sentences
from .base import Game, Hand, HandResult, PlayerInput, Variant, decided, read_count, zero_scores

#: the ten phases, in the players' words
PHASES = {
    1: "two sets of 3", 2: "a set of 3 and a run of 4", 3: "a set of 4 and a run of 4", 4: "a run of 7",
    5: "a run of 8", 6: "a run of 9", 7: "two sets of 4", 8: "seven cards of one colour",
    9: "a set of 5 and a set of 2", 10: "a set of 5 and a set of 3",
}
LAST_PHASE = len(PHASES)
DEALT = 10
COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
WILD, SKIP = "W", "S"
#: the most of each kind of card one hand entry holds: the pack's 108 cards
OF_A_NUMBER, OF_A_NUMBER_AND_COLOUR, WILDS, SKIPS = 8, 2, 8, 4
#: a player who missed the phase holds 10 cards, each worth at least 5
LEAST_MISSED = 5 * DEALT
STEP = 5

_CARD = re.compile(r"(1[0-2]|[1-9])([RBGY])?|W[RBGY]?|S")
_SEPARATORS = re.compile(r"[\s,]+")

NOTES: Mapping[str, str] = sentences({
    "phase10.how_to": "Tap who went out; for everyone else, switch on Made phase if they laid down their phase, "
                      "then type what their cards count (1-9 five, 10-12 ten, Skip 15, Wild 25), or pick the cards.",
    "phase10.goal": "Complete all ten phases first; lowest total breaks a tie",
    "phase10.next_phases": "phases: {phases:list}",
    "phase10.out": "{out} went out and scores 0; the others score the cards they hold: {hands:list}.",
    "phase10.phases": "Phases: {tried:tried}.",
    "phase10.completed": "{players:names} completed all ten phases; the lowest total among them "
                         "wins: {totals:list}.",
}, tried=Words({"made": "{player} made phase {phase}", "missed": "{player} missed phase {phase}"}))

#: what a refusal says, keyed like the notes (a page writes it in its reader's language); the first
#: three are said by Canasta, Hand and Foot and Marriage too, under these keys (one sentence, one key)
REFUSALS: Mapping[str, str] = sentences({
    "phase10.refuse.not_an_input": "{key} is not an input here (give {inputs:either})",
    "phase10.refuse.true_or_false": "{key} must be true or false",
    "phase10.refuse.out_holds_cards": "{out} went out, so has no cards left and counts 0",
    "phase10.refuse.not_a_card": "{token} is not a Phase 10 card",
    "phase10.refuse.too_many_skips": "{count} Skip cards entered; the deck holds {most}",
    "phase10.refuse.too_many_wilds": "{count} Wild cards entered; the deck holds {most}",
    "phase10.refuse.too_many_of_a_number": "{count} cards numbered {number} entered; the deck holds {most}",
    "phase10.refuse.too_many_red": "{count} red {number}s entered; the deck holds {most}",
    "phase10.refuse.too_many_blue": "{count} blue {number}s entered; the deck holds {most}",
    "phase10.refuse.too_many_green": "{count} green {number}s entered; the deck holds {most}",
    "phase10.refuse.too_many_yellow": "{count} yellow {number}s entered; the deck holds {most}",
    "phase10.refuse.too_long": "{field} is {length} characters long; a hand is written in at most {most}",
    "phase10.refuse.give_input": "give made and the cards left or a count",
    "phase10.refuse.cards_and_count": "give either the cards or a count, not both",
    "phase10.refuse.count_step": "a Phase 10 count is a multiple of {step}",
    "phase10.refuse.write_cards": 'cards must be written like "3 7R W"',
    "phase10.refuse.out_without_phase": "went out without making phase {phase}",
    "phase10.refuse.say_made": "say whether {player} made phase {phase}: made is true or false",
    "phase10.refuse.missed_holds": "missed the phase, so holds {dealt} cards; got {count}",
    "phase10.refuse.made_holds": "made the phase, so holds 1 to {dealt} cards; got {count}",
    "phase10.refuse.count_zero": "a Phase 10 count is a multiple of {step} from {step} to {most:grouped}; only the "
                                 "player who went out counts 0",
    "phase10.refuse.missed_count": "missed the phase, so holds {dealt} cards worth at least {least}; got {count}",
})
#: the refusal of more cards of one number in one colour than the pack holds, by colour
TOO_MANY_OF_A_COLOUR = {"R": "phase10.refuse.too_many_red", "B": "phase10.refuse.too_many_blue",
                        "G": "phase10.refuse.too_many_green", "Y": "phase10.refuse.too_many_yellow"}


def read_cards(text: str) -> list[str]:
    """Phase 10 cards as typed (``"7r 12B w S"``), each written as the sheet writes it
    (``7R``, ``12B``, ``W``, ``S``); a number without its colour stays so (``7``).

    >>> read_cards("7r, 12b w s 3")
    ['7R', '12B', 'W', 'S', '3']
    """
    cards = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        found = _CARD.fullmatch(token.upper())
        if found is None:
            raise CardError(Note("phase10.refuse.not_a_card", token=quoted(token)), token)
        card = found.group(0)
        cards.append(WILD if card[0] == WILD else card)
    return cards


def card_value(card: str) -> int:
    """1-9 are 5, 10-12 are 10, a Skip 15, a Wild 25."""
    if card == WILD:
        return 25
    if card == SKIP:
        return 15
    return 5 if int(card.rstrip("RBGY")) <= 9 else 10


def too_many(hands: Iterable[list[str]]) -> Note | None:
    """What a hand entry's cards hold beyond the pack, said (a refusal's note); None where the pack holds them."""
    every = [card for held in hands for card in held]
    counted = Counter(every)
    numbers = Counter(card.rstrip("RBGY") for card in every if card not in (WILD, SKIP))
    if counted[SKIP] > SKIPS:
        return Note("phase10.refuse.too_many_skips", count=counted[SKIP], most=SKIPS)
    if counted[WILD] > WILDS:
        return Note("phase10.refuse.too_many_wilds", count=counted[WILD], most=WILDS)
    for number, times in numbers.items():
        if times > OF_A_NUMBER:
            return Note("phase10.refuse.too_many_of_a_number", count=times, number=number, most=OF_A_NUMBER)
    for card, times in counted.items():
        if card[-1] in COLOURS and times > OF_A_NUMBER_AND_COLOUR:
            return Note(TOO_MANY_OF_A_COLOUR[card[-1]], count=times, number=card[:-1], most=OF_A_NUMBER_AND_COLOUR)
    return None


def _pack() -> OwnPack:
    rows = tuple((colour, tuple(CardFace(f"{n}{letter}", str(n), f"{colour} {n}", OF_A_NUMBER_AND_COLOUR)
                                for n in range(1, 13)))
                 for letter, colour in COLOURS.items())
    other = (CardFace(WILD, "Wild", "Wild", WILDS), CardFace(SKIP, "Skip", "Skip", SKIPS))
    return OwnPack((*rows, ("Wild and Skip", other)), example="3 7 12 W")


def _held(given: PlayerInput) -> list[str] | None:
    held: list[str] | None = given.extra.get("held")
    return held


class Phase10(Variant):
    """Phase 10 (official rules, Mattel/Fundex).

    2-6 players, 10 cards each from Phase 10's own 108 cards: 1-12 twice in
    each of four colours (red, blue, green, yellow), 8 Wild and 4 Skip.  A
    card is written as its number and maybe its colour's letter (``7R``,
    ``12B``), ``W`` or ``S``; one hand entry holds each number at most 8
    times, each number in one colour at most twice, at most 8 Wild and 4
    Skip.

    Everyone starts on phase 1: 1 two sets of 3; 2 a set of 3 and a run of
    4; 3 a set of 4 and a run of 4; 4 a run of 7; 5 a run of 8; 6 a run of
    9; 7 two sets of 4; 8 seven cards of one colour; 9 a set of 5 and a set
    of 2; 10 a set of 5 and a set of 3.  Enter who went out and, for every
    other player, whether they made (laid down) their phase this hand, and
    the cards they hold or their count.  A player who missed the phase holds
    all 10 cards (a count of at least 50); one who made it holds 1 to 10.  A
    count is a multiple of 5.  The player who went out made their phase.

    Penalty scoring: the player who went out scores 0, every other player
    the cards they hold: 1-9 five each, 10-12 ten each, a Skip 15, a Wild
    25.  Each player who made their phase moves on to the next one.

    The game ends after the hand in which somebody made phase 10: among
    those who did, the lowest total wins; still tied, they share.  Ended by
    agreement before that, the players who completed the most phases win,
    then the lowest total; still tied, they share.  No options.  The deal
    passes left.
    """

    key = "phase10"
    name = "Phase 10"
    summary = "Ten phases to lay down in order; the first to complete phase 10 wins, the lowest total breaks a tie."
    decisions = decided("""
        - **Tied at the end**: the official text has the tied players replay phase 10;
          here they share the win, as everywhere in this book.
        - **A player's input needs `made`**, true or false (`bad_input` when it is left out
          for anyone but the player who went out); given with neither cards nor a count it is
          a missing input (`missing_input`).
        - **A count of 0** is only the player who went out's (`bad_count` for anyone else):
          every other player holds at least one card.
        - **The pack in `next`**: `decks` is 2 (each numbered card is there twice in each
          colour) and `jokers` 0; the guide line leaves the pack out and names each player's
          phase instead.
        - **The sheet** adds `closest`: the players closest to winning (the most phases
          completed, then the lowest total), null once the game is over; the sheet shows
          each player's phases done under their total.
        - **Statistics** count `phases`: each hand in which a player made their phase,
          the player who went out included.
    """)
    min_players, max_players = 2, 6
    max_decks, max_jokers = 2, 0
    own_pack = _pack()
    extras = (
        Extra("phases", "Phases"),
        Extra("phases", "Phases done", where="total"),
        Extra("closest", "Closest to winning", where="sheet"),
    )
    fields = (
        Field("made", "flag", "Made phase", "on when the player laid down their phase this hand",
              numbered_by="phases"),
        Field("count", "count", "Count", "what the cards left add up to: a multiple of 5",
              pair="hand", minimum=STEP, step=STEP),
        Field("cards", "cards", "or the cards", "the cards left: 1-12 with a colour letter (7R), W or S; "
              "the app counts them", pair="hand"),
    )
    moments = (Moment("phases", "Phases completed", "phases completed (a hand in which the player made their phase)"),)
    lowest_wins = True

    # -- facts ---------------------------------------------------------------

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return DEALT

    def decks(self, players: int) -> int:
        return OF_A_NUMBER_AND_COLOUR

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("phase10.how_to"))

    def goal(self, options: Any) -> guide.GuideLine:
        return guide.goal(Note("phase10.goal"))

    def next_line(self, game: Game, nxt: Mapping[str, Any]) -> guide.GuideLine:
        return guide.next_deal(Note("guide.hand", hand=nxt["hand"]),
                               Note("guide.dealer_cards", dealer=nxt["dealer"], cards=DEALT),
                               Note("phase10.next_phases", phases=nxt["phases"]))

    def preview_own(self, text: str, options: Mapping[str, Any], *, went_out: bool = False,
                    number: int = 1) -> dict[str, Any]:
        if len(text) > MAX_CARDS_TEXT:
            return {"error": Note("phase10.refuse.too_long", field="cards", length=len(text), most=MAX_CARDS_TEXT)}
        try:
            cards = read_cards(text)
        except CardError as error:
            return {"error": error.args[0]}
        excess = too_many([cards])
        if excess:
            return {"error": excess}
        return {"value": sum(map(card_value, cards))}

    # -- reading a hand ----------------------------------------------------------

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        """``{"made": bool, "cards": "3 7 W"}`` or ``{"made": bool, "count": 35}``, checked as far as
        the input alone can be."""
        if not isinstance(raw, (dict, Mapping)):
            raise hand.invalid(Note("phase10.refuse.give_input"), player, code="bad_input")
        for key in raw:
            if key not in self.input_keys:
                raise hand.invalid(Note("phase10.refuse.not_an_input", key=quoted(key),
                                        inputs=["made", "count", "cards"]), player, code="bad_input")
        made, cards, count = raw.get("made"), raw.get("cards"), raw.get("count")
        if made is not None and not isinstance(made, bool):
            raise hand.invalid(Note("phase10.refuse.true_or_false", key="made"), player, field="made", code="bad_input")
        if cards not in (None, "") and count is not None:
            raise hand.invalid(Note("phase10.refuse.cards_and_count"), player, code="bad_input")
        held = None if cards is None else self._read_cards(hand, player, cards)
        counted = read_count(hand, player, count)
        if counted is not None and counted % STEP:
            raise hand.invalid(Note("phase10.refuse.count_step", step=STEP), player, field="count", code="bad_count")
        return PlayerInput(None, counted, {"made": made, "held": held})

    @staticmethod
    def _read_cards(hand: Hand, player: str, raw: Any) -> list[str]:
        if isinstance(raw, (list, tuple)) and all(isinstance(token, str) for token in raw):
            raw = " ".join(raw)
        if not isinstance(raw, str):
            raise hand.invalid(Note("phase10.refuse.write_cards"), player, field="cards", code="bad_input")
        if len(raw) > MAX_CARDS_TEXT:
            raise hand.invalid(Note("phase10.refuse.too_long", field="cards", length=len(raw), most=MAX_CARDS_TEXT),
                               player, field="cards", code="out_of_bounds")
        try:
            return read_cards(raw)
        except CardError as error:
            raise hand.invalid(error.args[0], player, field="cards", code="not_a_card") from None

    def check_required(self, hand: Hand) -> None:
        """Every player but the one who went out has input with cards or a count."""
        for player in hand.others:
            given = hand.inputs.get(player)
            # (An input without "made" or "held" at all is a stand-in while every missing
            # player is asked for: it counts as given.)
            if given is None or (given.extra and given.count is None and _held(given) is None):
                raise hand.missing(player)

    def check_cards(self, hand: Hand) -> None:
        """No more copies than the pack holds, over every player's cards: the refusal goes to the
        player (in seat order) whose cards go past it, the message naming the hand's count."""
        held = [(player, _held(hand.inputs[player]) or []) for player in hand.players if player in hand.inputs]
        excess = too_many(cards for _, cards in held)
        if excess:
            past = next(player for at, (player, _) in enumerate(held, 1) if too_many(c for _, c in held[:at]))
            raise InvalidEntry(excess, hand=hand.number, player=past, field="cards", code="too_many_copies",
                               named=True)

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        hand = super().read(game, number, entry, dealer)
        self.check_phases(hand, game.state["phase"])
        return hand

    def check_phases(self, hand: Hand, phase: Mapping[str, int]) -> None:
        """What each player holds agrees with whether they made their phase."""
        out = hand.out
        assert out is not None
        if out in hand.inputs:
            given = hand.inputs[out]
            if given.extra.get("made") is False:
                raise hand.invalid(Note("phase10.refuse.out_without_phase", phase=phase[out]), out, field="made",
                                   code="out_without_phase")
            if given.count or _held(given):
                raise hand.invalid(Note("phase10.refuse.out_holds_cards", out=out), out)
        for player in hand.others:
            given = hand.inputs[player]
            made = given.extra.get("made")
            if made is None:
                raise hand.invalid(Note("phase10.refuse.say_made", player=player, phase=phase[player]),
                                   player, field="made", code="bad_input")
            held = _held(given)
            if held is not None:
                if not made and len(held) != DEALT:
                    raise hand.invalid(Note("phase10.refuse.missed_holds", dealt=DEALT, count=len(held)), player,
                                       field="cards", code="wrong_card_count")
                if made and not 1 <= len(held) <= DEALT:
                    raise hand.invalid(Note("phase10.refuse.made_holds", dealt=DEALT, count=len(held)), player,
                                       field="cards", code="wrong_card_count")
            elif given.count == 0:
                raise hand.invalid(Note("phase10.refuse.count_zero", step=STEP, most=MAX_COUNT), player,
                                   field="count", code="bad_count")
            elif not made and given.count is not None and given.count < LEAST_MISSED:
                raise hand.invalid(Note("phase10.refuse.missed_count", dealt=DEALT, least=LEAST_MISSED,
                                        count=given.count), player, field="count", code="bad_count")

    # -- scoring ------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        out = hand.out
        assert out is not None
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {out: {"value": 0, "made": True}}
        for player in hand.others:
            given = hand.inputs[player]
            held = _held(given)
            value = sum(map(card_value, held)) if held is not None else int(given.count or 0)
            scores[player] = value
            details[player] = {"value": value, "made": bool(given.extra.get("made"))}
        charged = {player: scores[player] for player in hand.others}
        return HandResult(scores, [Note("phase10.out", out=out, hands=charged)], details, winner=out, kind="out")

    # -- after a hand -----------------------------------------------------------

    def start(self, game: Game) -> None:
        game.state["phase"] = dict.fromkeys(game.players, 1)
        game.state["done"] = []

    def after_hand(self, game: Game, number: int) -> None:
        """Each player's phase goes in the hand's details and notes; who made it moves on."""
        result = game.results[-1]
        phase: dict[str, int] = game.state["phase"]
        tried: dict[str, dict[str, Any]] = {}
        done = []
        for player in game.players:
            detail = result.details[player]
            detail["phase"] = phase[player]
            tried[player] = {"kind": "made" if detail["made"] else "missed", "phase": phase[player]}
            if detail["made"]:
                result.moments[player] = ["phases"]
                if phase[player] == LAST_PHASE:
                    done.append(player)
                phase[player] += 1
        result.add_note(Note("phase10.phases", tried=tried))
        game.state["done"] = done
        if done:
            result.add_note(Note("phase10.completed", players=done,
                                 totals={player: game.totals[player] for player in done}))

    def is_over(self, game: Game) -> bool:
        return bool(game.state["done"])

    def winners(self, game: Game) -> list[str]:
        if not game.results:
            return []
        totals = game.totals
        done = game.state["done"]
        if done:
            least = min(totals[player] for player in done)
            return [player for player in done if totals[player] == least]
        return self.closest(game)

    @staticmethod
    def closest(game: Game) -> list[str]:
        """The players closest to winning: the most phases completed, then the lowest total."""
        phase, totals = game.state["phase"], game.totals
        best = min((-phase[player], totals[player]) for player in game.players)
        return [player for player in game.players if (-phase[player], totals[player]) == best]

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        return {"phases": dict(game.state["phase"])}

    def sheet_extras(self, game: Game) -> dict[str, Any]:
        completed = {player: phase - 1 for player, phase in game.state["phase"].items()}
        closest = self.closest(game) if game.results and not game.finished else None
        return {"phases": completed, "closest": closest}
