"""The hand entry form: posted fields to the engine's entry, and its errors back.

Field names: ``out`` (a seat number, ``none`` or ``block``), the variant's
flags (``rummy``, ``upcard``, ``wild``), and per seat ``p<seat>-count``,
``p<seat>-cards``; 500 Rummy ``p<seat>-melded``, ``p<seat>-low_aces``,
``p<seat>-left``; Indian ``p<seat>-status`` (``first``, ``middle`` or
``wrong``).  The form checks fields (a count is a whole number); the engine
checks the rules, and :meth:`EntryForm.add_engine_error` puts its message
next to the player or control it concerns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import InvalidEntry, parse_cards
from ..engine.cards import CardError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass
class Seat:
    index: int
    name: str
    playing: bool  # still in the game (not eliminated)
    values: dict[str, str] = field(default_factory=dict)
    error: str = ""

    def field(self, name: str) -> str:
        return f"p{self.index}-{name}"

    def value(self, name: str) -> str:
        return self.values.get(name, "")


@dataclass
class EntryForm:
    variant: Mapping[str, Any]  # the engine's catalogue entry
    names: Sequence[str]  # every seat, in order
    active: Sequence[str]  # the players still in for this hand
    number: int  # the hand this form records or edits
    token: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's effective house rules
    values: dict[str, str] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seats = [Seat(i, name, name in self.active) for i, name in enumerate(self.names)]

    # -- facts for the template -------------------------------------------

    @property
    def rules(self) -> Mapping[str, Any]:
        return self.variant["entry"]

    @property
    def inputs(self) -> list[str]:
        return list(self.rules["inputs"])

    def has(self, flag: str) -> bool:
        return flag in self.rules["flags"]

    @property
    def is_500(self) -> bool:
        return "melded" in self.inputs

    @property
    def is_indian(self) -> bool:
        return "drop" in self.inputs

    @property
    def ranks(self) -> tuple[str, ...]:
        return RANKS

    def jokers(self) -> int:
        return int(self.variant["jokers"][str(len(self.names))])

    def value(self, name: str) -> str:
        return self.values.get(name, "")

    @property
    def how_to(self) -> str:
        """One line for a newcomer: what to tap and what a player's number is."""
        return how_to(self.variant["key"], self.options)

    # -- reading ------------------------------------------------------------

    def load_post(self, data: Mapping[str, str]) -> None:
        """Keep everything typed, so a refused entry comes back as it was."""
        self.values = {key: data.get(key, "") for key in ("out", "rummy", "upcard", "wild")}
        self.token = data.get("token", "")
        for seat in self.seats:
            seat.values = {
                name: data.get(seat.field(name), "")
                for name in ("count", "cards", "melded", "low_aces", "left", "status")
            }

    def load_entry(self, entry: Mapping[str, Any]) -> None:
        """Fill the form from a recorded entry (names), to edit it."""
        out = entry.get("out")
        self.values = {
            "out": "block" if entry.get("block") else (str(self.names.index(out)) if out is not None else "none"),
            "rummy": "1" if entry.get("rummy") else "",
            "upcard": str(entry.get("upcard") or ""),
            "wild": str(entry.get("wild") or ""),
        }
        hands = entry.get("hands") or {}
        for seat in self.seats:
            given = hands.get(seat.name, {})
            seat.values = {
                "count": str(given["count"]) if given.get("count") is not None else "",
                "cards": str(given.get("cards") or ""),
                "melded": str(given.get("melded", "")) if "melded" in given else "",
                "low_aces": str(given["low_aces"]) if "low_aces" in given else "",
                "left": str(given.get("left", "")) if "left" in given else "",
                "status": {"first": "first", "middle": "middle"}.get(given.get("drop", ""), "")
                or ("wrong" if given.get("wrong_show") else ""),
            }

    def to_entry(self) -> dict[str, Any] | None:
        """The engine's entry, or None with field errors set."""
        entry: dict[str, Any] = {}
        out_value = self.value("out")
        out_name: str | None = None
        if out_value == "block" and self.has("block"):
            entry["block"] = True
        elif out_value == "none":
            pass  # nobody went out: the engine says whether this game allows it
        elif out_value == "":
            # Only the tile says "nobody": an untouched choice is a missed tap,
            # never a stalemate recorded by accident.
            label = self.rules.get("no_out_label")
            self.errors["out"] = f"Tap who {self.rules['out_verb']}" + (f", or {label!r}." if label else ".")
            return None
        else:
            try:
                out_name = self.names[int(out_value)]
            except (ValueError, IndexError):
                self.errors["out"] = f"Tap who {self.rules['out_verb']}."
                return None
        entry["out"] = out_name
        if self.has("rummy"):
            entry["rummy"] = bool(self.value("rummy"))
        if self.has("upcard") and self.value("upcard").strip():
            entry["upcard"] = self.value("upcard").strip()
        if self.has("wild"):
            entry["wild"] = self.value("wild") or None
        hands: dict[str, Any] = {}
        for seat in self.seats:
            if not seat.playing:
                continue
            given = self._seat_input(seat)
            if seat.name == out_name and not self.rules["out_gives_input"] and not given:
                continue  # went out: scored by the rules, nothing to enter
            if given is not None:
                hands[seat.name] = given
        entry["hands"] = hands
        return None if self.errors else entry

    def _seat_input(self, seat: Seat) -> dict[str, Any] | None:
        if self.is_500:
            return self._seat_500(seat)
        if self.is_indian and seat.value("status"):
            status = seat.value("status")
            if status == "wrong":
                return {"wrong_show": True}
            return {"drop": status}
        count_text = seat.value("count").strip()
        cards_text = seat.value("cards").strip()
        given: dict[str, Any] = {}
        if count_text:
            count = _whole_number(count_text)
            if count is None:
                self._seat_error(seat, f"Type the count as a whole number, like 17 (not {count_text!r}).")
                return None
            given["count"] = count
        if cards_text:
            too_many = too_many_cards(self.variant, cards_text)
            if too_many:
                self._seat_error(seat, too_many)
                return None
            given["cards"] = cards_text
        return given or None

    def _seat_500(self, seat: Seat) -> dict[str, Any] | None:
        given: dict[str, Any] = {}
        for name in ("melded", "left"):
            text = seat.value(name).strip()
            if not text:
                continue
            number = _whole_number(text)
            given[name] = number if number is not None else text
        low = seat.value("low_aces").strip()
        if low:
            number = _whole_number(low)
            if number is None:
                self._seat_error(seat, "Low aces is a whole number, like 1.")
                return None
            given["low_aces"] = number
        return given or None  # nothing typed: the engine asks for this player, never a silent 0

    def _nothing_typed(self, name: str) -> str:
        """The engine's "no input for Bob", said as what to do about it."""
        if self.is_500:
            return f"Nothing typed for {name}: type what they melded and what is left in hand (0 for none)."
        if self.is_indian:
            return f"Nothing typed for {name}: type their count, pick their cards, or tap a drop or a wrong show."
        return f"Nothing typed for {name}: type their count, or pick their cards."

    def _seat_error(self, seat: Seat, message: str) -> None:
        seat.error = message
        self.errors[f"p{seat.index}"] = message

    # -- the engine's verdict -------------------------------------------------

    def add_engine_error(self, error: InvalidEntry) -> None:
        """Put the engine's message next to the player or control it is about.

        Read from the error's ``player``, ``code`` and ``field``, never from its wording.
        """
        message = error.message
        if error.code == "missing_input" and error.player is not None:
            message = self._nothing_typed(error.player)
        seat = next((s for s in self.seats if s.name == error.player), None)
        if seat is not None:
            self._seat_error(seat, message)
            return
        if error.field in ("upcard", "wild", "rummy"):
            self.errors[error.field] = message
            return
        self.errors["out"] = message


_PLAIN = "A 1, J Q K 10, others their pips"


def how_to(key: str, options: Mapping[str, Any]) -> str:
    """What to enter for a hand of this variant, in the table's words.

    The count a player types means something different in each game (all the
    cards in hand, only the unmatched ones, Sai's own values...); a person who
    has never played it here cannot guess which.
    """
    pick = " Type the count, or pick the cards and the app counts them."
    if key in ("basic", "block"):
        ace = "A 1, or 15 high" if options.get("ace") == "high_or_low" else "A 1"
        return (
            f"Tap who went out; for everyone else, every card left in hand counts ({ace}, J Q K 10)."
            + pick
            + " Block: the stock ran out; give everyone's hand, the lowest wins the difference."
        )
    if key == "boathouse":
        if options.get("method") == "points":
            what = "the points of their unmatched cards (A 11, J Q K 10)"
        else:
            what = "how many of their cards are unmatched (1 point each)"
        return f"Tap who went out; for everyone else, {what}." + pick
    if key == "contract":
        deuces = ", deuces 15" if options.get("deuces_wild") else ""
        return f"Tap who went out; for everyone else, every card left counts (A and joker 15{deuces}, J Q K 10)." + pick
    if key == "knock":
        return f"Tap who knocked; for everyone, the knocker too, their unmatched cards ({_PLAIN})." + pick
    if key == "tunk":
        own = " and the tunker's own count" if options.get("tunker_double") else ""
        return f"Tap who tunked; for everyone else{own}, every card left counts ({_PLAIN}, deuces 2)." + pick
    if key in ("gin", "oklahoma-gin", "corner-gin"):
        ace = "an unmatched A 15" if key == "corner-gin" else "A 1"
        limit = "the upcard's value" if key == "oklahoma-gin" else str(options.get("knock_limit", 10))
        return (
            f"Tap who knocked (0 is gin; at most {limit}); for both players, the unmatched cards "
            f"({ace}, J Q K 10), the defender's after laying off. Dead hand: the stock ran out." + pick
        )
    if key == "500":
        return (
            "Tap who went out; for every player, the cards melded or laid off and the cards left "
            "(A 15, J Q K 10), as cards or points. Low aces: aces melded in A-2-3, worth 1 each."
        )
    if key == "indian":
        return (
            "Tap who declared; for everyone else, a drop, a wrong show, or their points "
            "(A K Q J 10, jokers 0, at most " + str(options.get("max_points", 80)) + ")." + pick
        )
    if key == "sai":
        return "Tap who went out; for everyone else, every card left counts (Q\N{BLACK SPADE SUIT} 40, A 15, K Q J 10 10, 2-9 5)." + pick
    return ""


def most_cards(variant: Mapping[str, Any]) -> int:
    """More cards than anyone holds in this variant: the engine's bound (twice its biggest deal).

    Working out the melds of a hand takes time that grows fast with its size;
    a typed list of the whole pack must not keep the server busy for minutes.
    """
    return int(variant["entry"]["most_cards"])


def too_many_cards(variant: Mapping[str, Any], cards_text: str) -> str:
    """The message for a list of cards longer than a hand, or ``""``.

    500 Rummy's melded and left cards are only added up, so any number is quick.
    """
    if "cards" not in variant["entry"]["inputs"]:
        return ""
    try:
        cards = parse_cards(cards_text)
    except CardError:
        return ""  # the engine says which card is wrong
    limit = most_cards(variant)
    if len(cards) > limit:
        return f"{len(cards)} cards is more than a hand holds in {variant['name']} (at most {limit})."
    return ""


_WHOLE = re.compile(r"[0-9]{1,6}")


def _whole_number(text: str) -> int | None:
    """A typed count: ASCII digits only, at most six (no hand counts a million)."""
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None
