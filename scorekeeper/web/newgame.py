"""The new-game form: seats, first dealer and house rules, built from the catalogue.

Its shape depends on the variant (how many seats, which options), so its
WTForms class is made for that shape (:func:`.forms.declared_form`: ``seat-<n>``,
``first_dealer``, ``side_size-<count>``, ``option-<key>``) and the request is
bound through it; CSRF is checked for every POST by CSRFProtect.  The field
checks live here, most of them across fields (a name seated twice, as many
names as the game takes, the dealer among the seats named); the rules
(player counts, option values) are the engine's, and its messages are put
next to the field they concern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import InvalidEntry, opposite_sides, side_name
from ..engine.bounds import look_alike, name_key
from ..models import Player
from ..services import MAX_NAME, too_long
from .catalogue import either, is_run, player_counts
from .forms import bind


#: the partners line where this many players play each for themselves
ALONE = "Each plays for themselves."


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
    labels: list[str] = field(default_factory=list)  # the words for each choice, where declared

    def words(self, choice: Any) -> str:
        """A choice as the form shows it: its declared words, never a key such as ``plus10``."""
        if self.labels and choice in self.choices:
            return self.labels[self.choices.index(choice)]
        return str(choice)

    @property
    def default_words(self) -> str:
        if self.default_text:
            return self.default_text
        if self.default is None:
            return "none"
        return self.words(self.default)


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
    #: the log's sides header, where the variant is played in sides at this many players
    sides: list[list[str]] | None = None

    def __post_init__(self) -> None:
        if self.data is not None:
            self.data = bind(self.field_names(), self.data)
        data = self.data or {}
        self.option_fields = [
            OptionField(
                key=o["key"], kind=o["type"], default=o["default"],
                default_text=o.get("default_text") or "", help=o["help"],
                choices=o.get("choices") or [],
                labels=list(o.get("labels") or []) if o["type"] == "choice" else [],
                value=data.get(f"option-{o['key']}", "" if o["type"] != "choice" else str(o["default"])),
            )
            for o in self.variant["options"]
        ] if not self.fixed else []

    def field_names(self) -> list[str]:
        """Every field the form posts (but its CSRF token), by name."""
        names = [f"seat-{seat}" for seat in self.seats] + ["first_dealer"]
        names += [f"side_size-{count}" for count in self.side_sizes]
        return names + ([f"option-{o['key']}" for o in self.variant["options"]] if not self.fixed else [])

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

    # -- sides (partnerships) --------------------------------------------------

    @property
    def side_sizes(self) -> dict[str, list[int]]:
        """The side sizes by number of players (``{"4": [2], "6": [3, 2]}``); empty: never in sides."""
        return dict(self.variant.get("sides") or {})

    @property
    def player_counts(self) -> list[int]:
        return player_counts(self.variant)

    def size_choices(self) -> list[tuple[int, list[int]]]:
        """The player counts that may sit in sides of more than one size, with the sizes: the
        form asks which (Canasta's six: two sides of three or three of two)."""
        return [(int(count), sizes) for count, sizes in self.side_sizes.items() if len(sizes) > 1]

    @staticmethod
    def sides_words(count: int, size: int) -> str:
        """``two sides of three``: ``count`` players in sides of ``size``."""
        return f"{_word(count // size)} sides of {_word(size)}"

    def side_size_value(self, count: int) -> str:
        """The size chosen for ``count`` players, as the form holds it (the first size at first)."""
        sizes = self.side_sizes.get(str(count), [])
        chosen = (self.data or {}).get(f"side_size-{count}", "")
        return chosen if chosen in {str(size) for size in sizes} else str(sizes[0]) if sizes else ""

    @property
    def alone_line(self) -> str:
        return ALONE

    def seated_names(self) -> list[str]:
        """The names typed so far, in seat order, empty seats skipped."""
        return [name for seat in self.seats if (name := " ".join(self.seat_value(seat).split()))]

    def sides_for(self, names: list[str]) -> list[list[str]] | None:
        """These players in sides, partners opposite; None where this many play each for themselves."""
        sizes = self.side_sizes.get(str(len(names)))
        if not sizes:
            return None
        return opposite_sides(names, int(self.side_size_value(len(names))))

    def partners_line(self) -> str:
        """Who partners whom with the names as typed: ``Ann & Cara against Bob & Dan``, or the rule."""
        names = self.seated_names()
        sides = self.sides_for(names)
        if sides is not None:
            return " against ".join(side_name(side) for side in sides)
        return ALONE if len(names) in self.player_counts else ""

    def sides_rule(self) -> str:
        """``With 4 or 6 players, partners sit opposite; 2 or 3 play each for themselves.``"""
        counts = sorted(int(count) for count in self.side_sizes)
        alone = [n for n in self.player_counts if n not in counts]
        line = f"With {either(counts)} players, partners sit opposite each other"
        return line + (f"; {either(alone)} play each for themselves." if alone else ".")

    # -- reading a submission ------------------------------------------------

    def validate(self) -> bool:
        data = self.data or {}
        self.names = []
        named_seats: list[int] = []  # the seats given a name: a seat left empty is skipped
        for seat in self.seats:
            name = " ".join(data.get(f"seat-{seat}", "").split())
            if not name:
                continue
            seated = next((n for n in self.names if name_key(n) == name_key(name)), None)
            if len(name) > MAX_NAME:
                self.add_error(f"seat-{seat}", too_long(name))
            elif not name_key(name):
                self.add_error(f"seat-{seat}", "A name needs a letter you can see.")
            elif seated is not None and seated.casefold() == name.casefold():
                self.add_error(f"seat-{seat}", f"{name} already has a seat.")
            elif seated is not None:
                self.add_error(f"seat-{seat}", f"{look_alike(seated, name)}: each player needs their own name.")
            self.names.append(name)
            named_seats.append(seat)
        if len(self.names) not in self.player_counts:
            self.add_error("players", f"{self.variant['name']} is for {self.players_wanted()} players; "
                                      f"{len(self.names)} named.")
        self.sides = self.sides_for(self.names)
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

    def players_wanted(self) -> str:
        """``2``, ``2 to 6`` or ``2, 3, 4 or 6``: the numbers of players the variant is for."""
        counts = self.player_counts
        if is_run(counts):
            return str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        return either(counts)

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
        if error.where == "sides":
            self.add_error("sides", error.message)
            return
        self.add_error("players" if error.where != "first_dealer" else "first_dealer", error.message)


def _number_or_text(raw: str) -> Any:
    try:
        return int(raw)
    except ValueError:
        return raw


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _word(number: int) -> str:
    return _WORDS[number] if 0 <= number < len(_WORDS) else str(number)
