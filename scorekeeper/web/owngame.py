"""Defining your own game: a WTForms form for every option of a game the table defines, and a live example.

The form is drawn from the variant's option declarations in the engine's
catalogue (their labels, words, bounds, groups and the option each one
depends on), never from which game it is: :func:`define_form` makes its
class per game, a field of each option's declared kind.  Field names:
``option-<key>``, and ``option-<table>-<part>`` for each value of a table
(the card values: a :class:`~wtforms.FormField` of their own fields).

- a text (the game's name): a ``StringField``, its length bounded (``Length``);
- a choice, or yes or no: a ``RadioField`` of the declared words (``AnyOf``
  the choices, by ``validate_choice``);
- a whole number: a :class:`.forms.WholeNumberField` within the declared
  bounds (``NumberRange``), or one of the words it may be instead (``face``).

A field left empty takes the option's default, or none where it has none;
an option with no default must be given (not while the rules are still being
chosen, for the example: :meth:`DefineForm.validate`'s ``required``).  An
option that matters only with another's value (``when``) is not read while
that one has another.  The form checks fields; the engine checks the
definition (how the options go together), and its message goes next to the
option it names.  :func:`example` plays one hand under the chosen rules, for
the page to show while the rules are being chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, cast

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import Field, Form, FormField, RadioField, StringField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3; the stubs predate it
from wtforms.validators import AnyOf, Length, NumberRange, StopValidation

from ..engine import InvalidEntry, entry_of, replay
from .catalogue import value_words, worded
from .forms import WholeNumberField, add_error
from .numbers import signed

#: the players of the example hand
EXAMPLE_PLAYERS = ("Ann", "Bob", "Cara")


def define_form(variant: Mapping[str, Any], data: Mapping[str, str] | None = None) -> DefineForm:
    """The form of the game ``variant`` defines (the engine's catalogue entry), bound to ``data``
    (the request's form, or its query for the example) or, when None, empty."""
    fields = {f"option-{spec['key']}": _field(spec) for spec in variant["options"]}
    made = type("Define", (DefineForm,), fields)
    formdata = None if data is None else data if isinstance(data, MultiDict) else MultiDict(dict(data))
    return made(variant, formdata=formdata)


def _field(spec: Mapping[str, Any]) -> Field:
    """An option's field, of its declared kind and within its declared bounds."""
    kind, label = spec["type"], str(spec["label"])
    if kind == "table":
        parts = {str(part["key"]): _field(part) for part in spec.get("parts") or []}
        return FormField(type("Parts", (Form,), parts), label)
    if kind == "text":
        return StringField(label, [_Needed(f"Type the {label.lower()}.", spec), _Trimmed(Length(
            max=spec["maximum"], message=f"Keep it to {spec['maximum']} characters."))])
    if kind in ("choice", "bool"):
        choices = _choices(spec)
        return RadioField(label, [_Needed("Choose one.", spec), AnyOf([value for value, _ in choices], "Choose one.")],
                          choices=[SelectChoice(value, words) for value, words in choices], validate_choice=False)
    low, high = spec.get("minimum"), spec.get("maximum")
    message = f"Type a whole number from {low} to {high}" + (
        f", or leave it empty for {_empty_means(spec)}." if not spec.get("required") else ".")
    return WholeNumberField(label, [_Needed("Choose one.", spec), _Numbered(NumberRange(low, high, message))],
                            message=message, signed=True, also=tuple(spec.get("also") or ()))


def _choices(spec: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A choice's or a yes-or-no's radio buttons: (value, words)."""
    labels = spec.get("labels") or []
    if spec["type"] == "bool":
        return [("true", labels[0] if labels else "yes"), ("false", labels[1] if labels else "no")]
    return [(str(choice), str(labels[i]) if labels else str(choice)) for i, choice in enumerate(spec.get("choices") or [])]


def _empty_means(spec: Mapping[str, Any]) -> str:
    """What an empty number stands for: its default in words, or none."""
    default = spec.get("default")
    if default is None:
        return "none"
    return f"{default} value" if isinstance(default, str) else str(default)


class _Needed:
    """An option with no default must be given (while the form asks for it: see ``DefineForm.required``);
    any other left empty takes its default, and no other check applies to it."""

    def __init__(self, message: str, spec: Mapping[str, Any]) -> None:
        self.message, self.needed = message, bool(spec.get("required"))

    def __call__(self, form: Form, field: Field) -> None:
        raw = getattr(field, "raw_data", None)  # (none while the form is shown empty)
        typed = raw[0] if raw else "" if field.data is None else field.data
        if str(typed).strip():
            return
        field.errors = []  # (a radio left unchosen is no wrong choice)
        needed = self.needed and getattr(form, "required", True)
        raise StopValidation(self.message if needed else "")


class _Trimmed:
    """A text's check on the text as kept: without the spaces around it."""

    def __init__(self, check: Length) -> None:
        self.check = check

    def __call__(self, form: Form, field: StringField) -> None:
        kept = field.data
        field.data = str(kept).strip()
        try:
            self.check(form, field)
        finally:
            field.data = kept


class _Numbered:
    """A number's bounds, where a number is typed (not one of the words it may be instead)."""

    def __init__(self, check: NumberRange) -> None:
        self.check = check

    def __call__(self, form: Form, field: Field) -> None:
        if isinstance(field.data, int):
            self.check(form, field)


@dataclass
class OptionInput:
    """One option's field (or a table's, with a field for each of its ``parts``), for the page."""

    spec: Mapping[str, Any]  # the option's catalogue entry
    field: Field
    parts: list[OptionInput] = dataclass_field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.field.name)

    @property
    def value(self) -> str:
        """As typed (or filled), or the choice made."""
        if isinstance(self.field, RadioField):
            return str(self.field.data or "")
        return "" if self.kind == "table" else str(cast(Any, self.field)._value())

    @property
    def error(self) -> str:
        return str(self.field.errors[0]) if self.kind != "table" and self.field.errors else ""

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
    def signed(self) -> bool:
        """Whether the number may be below 0 (the phone needs a minus sign)."""
        return (self.spec.get("minimum") or 0) < 0

    @property
    def empty_means(self) -> str:
        return _empty_means(self.spec)

    @property
    def when(self) -> Mapping[str, Any] | None:
        return self.spec.get("when")

    def attrs(self) -> dict[str, Any]:
        """A text's or number's input, beyond its name and value: its hint and message, and a
        number's keyboard."""
        shown: dict[str, Any] = {"autocomplete": "off",
                                 "aria-describedby": f"{self.name}-hint" + (f" {self.name}-error" if self.error else "")}
        if self.error:
            shown["aria-invalid"] = "true"
        if self.kind == "int":
            shown.update(inputmode="numeric", placeholder=self.empty_means)
            if self.signed:
                shown["data-signed"] = True
        return shown


class DefineForm(FlaskForm):
    """The form of a game the table defines: the fields are the game's (:func:`define_form`)."""

    class Meta:
        csrf = False  # CSRFProtect has checked every POST before the view runs

    def __init__(self, variant: Mapping[str, Any], *, formdata: MultiDict[str, str] | None) -> None:
        super().__init__(formdata=formdata)
        self.variant = variant
        #: whether an option with no default left empty is an error (as the last validate() was asked)
        self.required = True
        self.options: dict[str, Any] = {}
        self.inputs = [self._input(spec, self[f"option-{spec['key']}"]) for spec in variant["options"]]

    def _input(self, spec: Mapping[str, Any], bound: Field) -> OptionInput:
        parts = [self._input(part, bound.form[str(part["key"])]) for part in spec.get("parts") or []] \
            if isinstance(bound, FormField) else []
        return OptionInput(spec, bound, parts)

    def _every(self) -> list[OptionInput]:
        """Every field of the form: each option's, and each part's of a table."""
        return [part for one in self.inputs for part in (one, *one.parts)]

    @classmethod
    def filled(cls, variant: Mapping[str, Any], definition: Mapping[str, Any]) -> DefineForm:
        """The form showing a kept definition, to change it."""
        texts: dict[str, str] = {}
        for spec in variant["options"]:
            _fill(texts, f"option-{spec['key']}", spec, definition.get(spec["key"]))
        return define_form(variant, texts)

    def typed(self) -> dict[str, str]:
        """Every field as typed (or filled), by its name: the same form again, to read anew."""
        return {one.name: one.value for one in self._every() if one.kind != "table"}

    @property
    def problems(self) -> dict[str, str]:
        """Each refused field's message, by the field's name."""
        return {one.name: one.error for one in self._every() if one.error}

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

    def _chosen(self, key: str) -> str:
        return next((i.value.strip() for i in self.inputs if i.key == key), "")

    # -- reading --------------------------------------------------------------------

    def validate(self, extra_validators: Mapping[str, Sequence[Any]] | None = None, *, required: bool = True) -> bool:
        """The options as typed (those that matter under the others), or field errors.

        ``required``: an option with no default left empty is an error (not
        while the rules are still being chosen, for the example)."""
        self.required = required
        super().validate(extra_validators)
        self.options = {}
        for one in self.inputs:
            if one.when and not (self.applies(one) and self._chosen(str(one.when["option"]))):
                for part in one.parts or [one]:  # it matters only with another choice, not made: its default stands
                    part.field.errors = []
                continue
            value = _read(one)
            if value is not None:
                self.options[one.key] = value
        return not self.problems

    # -- the engine's and the service's verdicts ----------------------------------------

    def add_engine_error(self, error: InvalidEntry) -> None:
        """The engine's message next to the option it is about (``values.ace``: that value's field)."""
        self.add_error(error.field, worded(error.message, self._specs()))

    def add_error(self, field_key: str | None, message: str) -> None:
        key, _, part = (field_key or "name").partition(".")
        one = next((i for i in self.inputs if i.key == key), None) or self.inputs[0]
        if part:
            one = next((p for p in one.parts if p.key == part), one)
        if not one.error:
            add_error(one.field, message)

    def _specs(self) -> list[Mapping[str, Any]]:
        return [*self.variant["options"], *(p for o in self.variant["options"] for p in o.get("parts") or [])]


def _read(one: OptionInput) -> Any:
    """An option's value as the form holds it, once its field is valid (None: its default)."""
    if one.kind == "table":
        values = {part.key: _read(part) for part in one.parts}
        return {key: value for key, value in values.items() if value is not None}
    if one.error:
        return None
    data = one.field.data
    if one.kind == "text":
        return str(data).strip() or None if data is not None else None
    if one.kind in ("choice", "bool"):
        if not data:
            return None
        return (data == "true") if one.kind == "bool" else _number_or_text(data, one.spec)
    return data


def _fill(texts: dict[str, str], name: str, spec: Mapping[str, Any], value: Any) -> None:
    if spec["type"] == "table":
        given = value if isinstance(value, Mapping) else {}
        for part in spec.get("parts") or []:
            _fill(texts, f"{name}-{part['key']}", part, given.get(part["key"]))
    elif value is None or value == spec.get("default") and isinstance(value, str):
        texts[name] = ""  # none, or the word an empty field stands for
    elif isinstance(value, bool):
        texts[name] = "true" if value else "false"
    else:
        texts[name] = str(value)


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

    lines: list[ExampleLine] = dataclass_field(default_factory=list)
    notes: list[str] = dataclass_field(default_factory=list)
    goal: str = ""
    how_to: str = ""
    waiting: str = ""  # what to choose before there is an example
    error: str = ""


def example(variant: Mapping[str, Any], form: DefineForm) -> Example:
    """One hand of the game the form defines, scored: Ann goes out, Bob and Cara hold some cards
    (or points), under whatever fields the rules declare for a hand.  The form is read
    anew: its own errors (and the engine's, once saved) stay as they are."""
    form = define_form(variant, form.typed())
    if not form.validate(required=False):
        return Example(error=" ".join(dict.fromkeys(form.problems.values())))
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


__all__ = ["DefineForm", "Example", "OptionInput", "define_form", "example", "summary"]
