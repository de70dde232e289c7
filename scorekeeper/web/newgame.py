"""The new-game form: seats, first dealer and house rules, built from the catalogue.

Its shape depends on the variant (how many seats, which options), so it is
read from the request here rather than declared as a WTForms class; CSRF is
still checked for every POST by CSRFProtect.  Field checks live here; the
rules (player counts, option values) are the engine's, and its messages
are put next to the field they concern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import InvalidEntry
from ..models import Player
from ..services import MAX_NAME


@dataclass
class OptionField:
    key: str
    kind: str
    default: Any
    default_text: str
    help: str
    choices: list[Any]
    value: str  # as typed / chosen, kept on a failed submit
    error: str = ""


@dataclass
class NewGameForm:
    variant: Mapping[str, Any]  # the catalogue's entry (a kept game type's: named by its definition)
    roster: Sequence[Player]
    data: Mapping[str, str] | None = None
    fixed: bool = False  # the rules come with the game type: no house rules to choose
    names: list[str] = field(default_factory=list)
    first_dealer: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    option_fields: list[OptionField] = field(default_factory=list)

    def __post_init__(self) -> None:
        data = self.data or {}
        self.option_fields = [
            OptionField(
                key=o["key"], kind=o["type"], default=o["default"],
                default_text=o.get("default_text") or "", help=o["help"],
                choices=o.get("choices") or [],
                value=data.get(f"option-{o['key']}", "" if o["type"] != "choice" else str(o["default"])),
            )
            for o in self.variant["options"]
        ] if not self.fixed else []

    # -- what the page shows -----------------------------------------------

    @property
    def seats(self) -> range:
        return range(self.variant["max_players"])

    def seat_value(self, seat: int) -> str:
        if self.data is None:
            return ""
        return self.data.get(f"seat-{seat}", "")

    def dealer_value(self) -> str:
        return (self.data or {}).get("first_dealer", "0")

    # -- reading a submission ------------------------------------------------

    def validate(self) -> bool:
        data = self.data or {}
        self.names = []
        named_seats: list[int] = []  # the seats given a name: a seat left empty is skipped
        for seat in self.seats:
            name = " ".join(data.get(f"seat-{seat}", "").split())
            if not name:
                continue
            if len(name) > MAX_NAME:
                self.add_error(f"seat-{seat}", f"Keep names to {MAX_NAME} characters.")
            elif name.casefold() in (n.casefold() for n in self.names):
                self.add_error(f"seat-{seat}", f"{name} already has a seat.")
            self.names.append(name)
            named_seats.append(seat)
        low, high = self.variant["min_players"], self.variant["max_players"]
        if not low <= len(self.names) <= high:
            wanted = str(low) if low == high else f"{low} to {high}"
            self.add_error("players", f"{self.variant['name']} is for {wanted} players; "
                                      f"{len(self.names)} named.")
        # The dealer is picked by seat; the game counts only the seats named.
        dealer_seat = _number_or_text(data.get("first_dealer", "0"))
        if dealer_seat in named_seats:
            self.first_dealer = named_seats.index(dealer_seat)
        elif self.names:
            self.first_dealer = -1
            self.add_error("first_dealer", "Pick the first dealer from the players named.")
        self.options = {}
        for option in self.option_fields:
            self._read_option(option, data)
        return not self.errors

    def _read_option(self, option: OptionField, data: Mapping[str, str]) -> None:
        raw = data.get(f"option-{option.key}", "").strip()
        if option.kind == "bool":
            self.options[option.key] = raw in ("1", "on", "true")
            option.value = "1" if self.options[option.key] else ""
            return
        if option.kind == "choice":
            if raw:
                self.options[option.key] = _number_or_text(raw) if option.choices and isinstance(option.choices[0], int) else raw
            return
        if raw == "":
            return  # the default
        try:
            self.options[option.key] = int(raw)
        except ValueError:
            option.error = f"Type a whole number, like {option.default or 100}."
            self.errors[f"option-{option.key}"] = option.error

    def add_error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, message)

    def add_engine_error(self, error: InvalidEntry) -> None:
        """Put the engine's message next to the field it is about."""
        if error.where == "options":
            for option in self.option_fields:
                if error.message.startswith(option.key) or f"'{option.key}'" in error.message:
                    option.error = error.message
                    self.errors[f"option-{option.key}"] = error.message
                    return
        self.add_error("players" if error.where != "first_dealer" else "first_dealer", error.message)


def _number_or_text(raw: str) -> Any:
    try:
        return int(raw)
    except ValueError:
        return raw
