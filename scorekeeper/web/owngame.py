"""Defining your own game: a form for every option of a game the table defines, and a live example.

The form is drawn from the variant's option declarations in the engine's
catalogue (their labels, words, bounds, groups and the option each one
depends on), never from which game it is.  Field names: ``option-<key>``,
and ``option-<table>-<part>`` for each value of a table (the card values).
A number left empty takes the option's default, or none where it has none.
Its WTForms class is made for those fields (:func:`.forms.declared_form`) and
the request is bound through it.  The form checks fields (a whole number
within the declared bounds, a choice made); the engine checks the definition, and its message goes next to the
option it names.  :func:`example` plays one hand under the chosen rules,
for the page to show while the rules are being chosen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import InvalidEntry, entry_of, replay
from .catalogue import value_words, worded
from .forms import bind
from .numbers import signed

#: the players of the example hand
EXAMPLE_PLAYERS = ("Ann", "Bob", "Cara")


@dataclass
class OptionInput:
    """One option's field (or a table's, with a field for each of its ``parts``), as typed."""

    spec: Mapping[str, Any]  # the option's catalogue entry
    name: str  # the form field's name
    value: str = ""
    error: str = ""
    parts: list[OptionInput] = field(default_factory=list)

    @property
    def key(self) -> str:
        return str(self.spec["key"])

    @property
    def kind(self) -> str:
        return str(self.spec["type"])

    @property
    def label(self) -> str:
        return str(self.spec["label"])

    @property
    def choices(self) -> list[tuple[str, str]]:
        """A choice's or a yes-or-no's radio buttons: (value, words)."""
        labels = self.spec.get("labels") or []
        if self.kind == "bool":
            return [("true", labels[0] if labels else "yes"), ("false", labels[1] if labels else "no")]
        return [(str(choice), str(labels[i]) if labels else str(choice))
                for i, choice in enumerate(self.spec.get("choices") or [])]

    @property
    def signed(self) -> bool:
        """Whether the number may be below 0 (the phone needs a minus sign)."""
        return (self.spec.get("minimum") or 0) < 0

    @property
    def empty_means(self) -> str:
        """What an empty number stands for: its default in words, or none."""
        default = self.spec.get("default")
        if default is None:
            return "none"
        return f"{default} value" if isinstance(default, str) else str(default)

    @property
    def when(self) -> Mapping[str, Any] | None:
        return self.spec.get("when")


@dataclass
class DefineForm:
    """The form of a game the table defines, read from the request (or filled from a definition)."""

    variant: Mapping[str, Any]  # the engine's catalogue entry
    data: Mapping[str, str] | None = None
    inputs: list[OptionInput] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    _required: bool = field(default=True, init=False)  # as the last validate() was asked

    def __post_init__(self) -> None:
        self.inputs = [self._input(spec, "option", {}) for spec in self.variant["options"]]
        if self.data is not None:
            self.data = bind([one.name for one in self._every()], self.data)
            self.inputs = [self._input(spec, "option", self.data) for spec in self.variant["options"]]

    def _every(self) -> list[OptionInput]:
        """Every field of the form: each option's, and each part's of a table."""
        return [part for one in self.inputs for part in (one, *one.parts)]

    def _input(self, spec: Mapping[str, Any], prefix: str, data: Mapping[str, str]) -> OptionInput:
        name = f"{prefix}-{spec['key']}"
        parts = [self._input(part, name, data) for part in spec.get("parts") or []]
        return OptionInput(spec, name, data.get(name, ""), parts=parts)

    @classmethod
    def filled(cls, variant: Mapping[str, Any], definition: Mapping[str, Any]) -> DefineForm:
        """The form showing a kept definition, to change it."""
        form = cls(variant)
        for one in form.inputs:
            _fill(one, definition.get(one.key))
        return form

    def typed(self) -> dict[str, str]:
        """Every field as typed (or filled), by its name: the same form again, to read anew."""
        return {one.name: one.value for one in self._every()}

    @property
    def groups(self) -> list[tuple[str, list[OptionInput]]]:
        """The inputs in order, those of one group (the ways a game ends) together: (heading, inputs)."""
        grouped: list[tuple[str, list[OptionInput]]] = []
        for one in self.inputs:
            heading = str(one.spec.get("group") or "")
            if heading and grouped and grouped[-1][0] == heading:
                grouped[-1][1].append(one)
            else:
                grouped.append((heading, [one]))
        return grouped

    def applies(self, one: OptionInput) -> bool:
        """Whether an option matters under the others as chosen: one that depends on another's
        value (``when``) does not while that one has another value (it may while none is chosen)."""
        when = one.when
        if not when:
            return True
        chosen = self._chosen(str(when["option"]))
        return not chosen or chosen in {str(value) for value in when.get("values") or [when["value"]]}

    # -- reading --------------------------------------------------------------------

    def validate(self, *, required: bool = True) -> bool:
        """The options as typed (those that matter under the others), or field errors.

        ``required``: an option with no default left empty is an error (not
        while the rules are still being chosen, for the example)."""
        self.options = {}
        self._required = required
        for one in self.inputs:
            if one.when and not (self.applies(one) and self._chosen(str(one.when["option"]))):
                continue  # it matters only with another choice, not made: its default stands
            value = self._read(one)
            if value is not None:
                self.options[one.key] = value
        return not self.errors

    def _chosen(self, key: str) -> str:
        return next((i.value.strip() for i in self.inputs if i.key == key), "")

    def _read(self, one: OptionInput) -> Any:
        text = one.value.strip()
        kind, spec = one.kind, one.spec
        if kind == "table":
            values = {part.key: self._read(part) for part in one.parts}
            return {key: value for key, value in values.items() if value is not None}
        if not text:
            if spec.get("required") and self._required:
                self._error(one, f"Type the {one.label.lower()}." if kind == "text" else "Choose one.")
            return None
        if kind == "text":
            if len(text) > spec["maximum"]:
                self._error(one, f"Keep it to {spec['maximum']} characters.")
            return text
        if kind in ("choice", "bool"):
            if text not in {value for value, _ in one.choices}:
                self._error(one, "Choose one.")
                return None
            return (text == "true") if kind == "bool" else _number_or_text(text, spec)
        if text.casefold() in (spec.get("also") or ()):
            return text.casefold()
        number = _whole(text)
        low, high = spec.get("minimum"), spec.get("maximum")
        if number is None or (low is not None and number < low) or (high is not None and number > high):
            self._error(one, f"Type a whole number from {low} to {high}" + (
                f", or leave it empty for {one.empty_means}." if not spec.get("required") else "."))
            return None
        return number

    def _error(self, one: OptionInput, message: str) -> None:
        one.error = message
        self.errors.setdefault(one.name, message)

    # -- the engine's and the service's verdicts ----------------------------------------

    def add_engine_error(self, error: InvalidEntry) -> None:
        """The engine's message next to the option it is about (``values.ace``: that value's field)."""
        self.add_error(error.field, worded(error.message, self._specs()))

    def add_error(self, field_key: str | None, message: str) -> None:
        key, _, part = (field_key or "name").partition(".")
        one = next((i for i in self.inputs if i.key == key), None) or self.inputs[0]
        if part:
            one = next((p for p in one.parts if p.key == part), one)
        self._error(one, message)

    def _specs(self) -> list[Mapping[str, Any]]:
        return [*self.variant["options"], *(p for o in self.variant["options"] for p in o.get("parts") or [])]


def _fill(one: OptionInput, value: Any) -> None:
    if one.kind == "table":
        given = value if isinstance(value, Mapping) else {}
        for part in one.parts:
            _fill(part, given.get(part.key))
        return
    if value is None or value == one.spec.get("default") and isinstance(value, str):
        one.value = ""  # none, or the word an empty field stands for
    elif isinstance(value, bool):
        one.value = "true" if value else "false"
    else:
        one.value = str(value)


_WHOLE = re.compile(r"[-\u2212]?[0-9]{1,7}")


def _whole(text: str) -> int | None:
    """A typed whole number, maybe below 0 (a minus or the minus sign), at most seven digits."""
    text = text.strip()
    return int(text.replace("\u2212", "-")) if _WHOLE.fullmatch(text) else None


def _number_or_text(text: str, spec: Mapping[str, Any]) -> Any:
    choices = spec.get("choices") or []
    return int(text) if choices and isinstance(choices[0], int) else text


# -- the live example ----------------------------------------------------------------------


@dataclass
class ExampleLine:
    player: str
    entered: str
    score: str


@dataclass
class Example:
    """One hand under the chosen rules, as the engine scores it; or why there is none yet."""

    lines: list[ExampleLine] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    goal: str = ""
    how_to: str = ""
    waiting: str = ""  # what to choose before there is an example
    error: str = ""


def example(variant: Mapping[str, Any], form: DefineForm) -> Example:
    """One hand of the game the form defines, scored: Ann goes out, Bob and Cara hold some cards
    (or points), under whatever fields the rules declare for a hand.  The form is read
    anew: its own errors (and the engine's, once saved) stay as they are."""
    form = DefineForm(variant, form.typed())
    if not form.validate(required=False):
        return Example(error=" ".join(dict.fromkeys(form.errors.values())))
    required = [one for one in form.inputs if one.spec.get("required") and one.key not in form.options]
    missing = [one.label for one in required if one.kind != "text"]
    if missing:
        return Example(waiting=f"Choose {_listed(missing)} to see a hand scored.")
    key = str(variant["key"])
    # A name not typed yet: the example goes by the variant's.
    options = {**form.options, **{one.key: variant["name"] for one in required}}
    try:
        sheet = replay({"variant": key, "players": list(EXAMPLE_PLAYERS), "options": options, "hands": []})
        entry = _example_entry(entry_of(key, sheet["options"]), sheet["next"]["jokers"] if sheet["next"] else 0)
        sheet = replay({"variant": key, "players": list(EXAMPLE_PLAYERS), "options": options, "hands": [entry]})
    except InvalidEntry as error:
        return Example(error=worded(error.message, form._specs()))
    row = sheet["hands"][0]
    lines = []
    for player in EXAMPLE_PLAYERS:
        given = entry["hands"].get(player)
        entered = "went out" if player == entry["out"] else ""
        if given:
            entered = (entered + ", " if entered else "") + " ".join(str(v) for v in given.values())
        lines.append(ExampleLine(player, entered, signed(row["scores"][player])))
    return Example(lines, [str(note) for note in row["notes"]], sheet["guide"]["goal"], sheet["guide"]["how_to"])


def _example_entry(entry: Mapping[str, Any], jokers: int) -> dict[str, Any]:
    """Ann went out; Bob and Cara give what the rules' fields take: cards (with a joker where the
    pack has one) and a count, or a number each."""
    fields = [f for f in entry["fields"] if f["out"] != "only"]  # (not the out player's own bonus)
    cards = next((f for f in fields if f["kind"] == "cards"), None)
    number = next((f for f in fields if f["kind"] in ("count", "number")), None)
    either = [f for f in fields if f["kind"] == "cards_or_points"]  # melded and left
    hands: dict[str, Any] = {}
    if cards is None and number is None and either:
        hands["Bob"] = {either[0]["key"]: 20, either[-1]["key"]: "AS 9H JK" if jokers else "AS 9H KD"}
        hands["Cara"] = {either[-1]["key"]: 12}
    elif cards is not None:
        hands["Bob"] = {cards["key"]: "AS 9H JK" if jokers else "AS 9H KD"}
        hands["Cara"] = {number["key"]: 12} if number is not None else {cards["key"]: "10C 4D"}
    elif number is not None:
        low = number.get("minimum") or 0
        hands["Bob"] = {number["key"]: 25}
        hands["Cara"] = {number["key"]: -5 if low < 0 else 12}
    return {"out": "Ann", "hands": hands}


def _listed(words: Sequence[str]) -> str:
    lowered = [word.lower() for word in words]
    return lowered[0] if len(lowered) == 1 else ", ".join(lowered[:-1]) + " and " + lowered[-1]


def summary(variant: Mapping[str, Any], definition: Mapping[str, Any]) -> list[str]:
    """A kept definition in words, option by option (``Scoring: Each other player pays...``), for
    the lists: the required options and those that differ from their defaults."""
    lines = []
    for spec in variant["options"]:
        if spec["type"] == "text":
            continue
        value = definition.get(spec["key"])
        when = spec.get("when")
        if when and definition.get(when["option"]) not in (when.get("values") or [when["value"]]):
            continue
        if spec.get("required") or (value != spec.get("default") and value is not None):
            lines.append(f"{spec['label']}: {value_words(spec, value)}")
    return lines


__all__ = ["DefineForm", "Example", "OptionInput", "example", "summary"]
