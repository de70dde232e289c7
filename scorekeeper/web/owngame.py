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
  bounds (``NumberRange``), or one of the words it may be instead (``face``);
- a table's further keys (its ``more``: a house game's values for one rank,
  one card or a rank by colour): one text field of the table,
  ``option-<table>-more``, each key and its value, comma-separated
  ("7 20, QS 100, A red 1"), each value within ``more``'s bounds;
- a list of records (a house game's schedule of deals): a text area, one
  record a line, its number part, a colon, then its text part ("9: 3 threes"),
  as many lines as the list's bounds take.

The engine checks the keys (a card that is no card) and its message goes next to
the text field.

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

from flask_babel import gettext as _
from flask_babel import pgettext as _p
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import Field, Form, FormField, RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3; the stubs predate it
from wtforms.validators import AnyOf, Length, NumberRange, StopValidation, ValidationError

from ..engine import InvalidEntry, entry_of, replay
from .catalogue import value_words, worded
from .forms import WholeNumberField, add_error
from .numbers import signed
from .note_words import guide_line, in_language, written

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
        parts = {str(part["key"]): _field(part) for part in _parts(spec)}
        return FormField(type("Parts", (Form,), parts), label)
    if kind == "more":
        return StringField(label, [_Trimmed(Length(max=MAX_LISTED, message=_keep_to(MAX_LISTED))), _Pairs(spec)])
    if kind == "list":
        return TextAreaField(label, [_Trimmed(Length(max=MAX_LISTED, message=_keep_to(MAX_LISTED))), _Lines(spec)])
    if kind == "text":
        return StringField(label, [_Needed(_("Type the %(what)s.", what=label.lower()), spec), _Trimmed(Length(
            max=spec["maximum"], message=_keep_to(spec["maximum"])))])
    if kind in ("choice", "bool"):
        choices = _choices(spec)
        return RadioField(label, [_Needed(_("Choose one."), spec), AnyOf([value for value, _words in choices],
                                                                         _("Choose one."))],
                          choices=[SelectChoice(value, words) for value, words in choices], validate_choice=False)
    low, high = spec.get("minimum"), spec.get("maximum")
    if spec.get("required"):
        message = _("Type a whole number from %(low)s to %(high)s.", low=low, high=high)
    else:
        message = _("Type a whole number from %(low)s to %(high)s, or leave it empty for %(empty)s.", low=low,
                    high=high, empty=_empty_means(spec))
    return WholeNumberField(label, [_Needed(_("Choose one."), spec), _Numbered(NumberRange(low, high, message))],
                            message=message, signed=True, also=tuple(spec.get("also") or ()))


#: the most characters a text of several values takes (a table's further keys, a list's lines)
MAX_LISTED = 2000


def _keep_to(most: int) -> str:
    """A text's bound, as its message says it (a ``%`` doubled: WTForms' ``Length`` puts its values in with ``%``)."""
    return _("Keep it to %(most)s characters.", most=most).replace("%", "%%")
#: the key of a table's further keys' field, beside its parts' (no value's key: a card or rank is none)
MORE = "more"


def _parts(spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A table's parts, then the field of its further keys where it takes them (a ``more`` part)."""
    parts = list(spec.get("parts") or [])
    more = spec.get("more")
    if spec["type"] == "table" and more:
        parts.append({**more, "key": MORE, "type": MORE, "required": False, "default": None,
                      "help": _("%(help)s Each with its value, comma-separated, like 7 20, QS 100, A red 1 "
                                "(each from %(low)s to %(high)s). Empty: none.", help=more["help"],
                                low=more["minimum"], high=more["maximum"])})
    return parts


class _Pairs:
    """A table's further keys as typed: ``key value`` pairs, comma-separated, each value within bounds."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.spec = spec

    def __call__(self, form: Form, field: Field) -> None:
        try:
            typed_values(str(field.data or ""), self.spec)
        except ValueError as error:
            raise ValidationError(str(error)) from None


def typed_values(text: str, spec: Mapping[str, Any]) -> dict[str, int]:
    """``"7 20, QS 100"`` as ``{"7": 20, "QS": 100}``: each key as typed (the engine reads it), its value a
    whole number within ``spec``'s bounds; ValueError saying what to type."""
    low, high = spec["minimum"], spec["maximum"]
    found: dict[str, int] = {}
    for item in filter(None, (one.strip() for one in text.replace("\n", ",").split(","))):
        key, _space, number = item.rpartition(" ")
        if not key.strip() or not number.isdigit() or len(number) > 7:
            raise ValueError(_("Give each its value after it, like QS 100 (not %(typed)s).", typed=repr(item)))
        if not low <= int(number) <= high:
            raise ValueError(_("%(key)s: type a whole number from %(low)s to %(high)s.", key=key.strip(), low=low,
                               high=high))
        if key.strip() in found:
            raise ValueError(_("%(key)s is given twice.", key=key.strip()))
        found[key.strip()] = int(number)
    return found


class _Lines:
    """A list's records as typed: one a line, within the list's bounds and each part's."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.spec = spec

    def __call__(self, form: Form, field: Field) -> None:
        try:
            typed_records(str(field.data or ""), self.spec)
        except ValueError as error:
            raise ValidationError(str(error)) from None


def typed_records(text: str, spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A list's lines as its records: ``"9: 3 threes"`` is ``{"cards": 9, "contract": "3 threes"}`` (the
    number part, a colon, the text part; a line of one number is that number alone, a line with neither
    colon nor number its text alone); ValueError saying what to fix, and on which line."""
    number_part = next(part for part in spec["parts"] if part["type"] == "int")
    text_part = next(part for part in spec["parts"] if part["type"] == "text")
    given = [line.strip() for line in text.splitlines() if line.strip()]
    items = str(spec.get("items") or _("lines"))
    if len(given) > spec["maximum"]:
        raise ValueError(_("At most %(most)s %(items)s, one a line (%(typed)s typed).", most=spec["maximum"],
                           items=items, typed=len(given)))
    records = []
    for at, line in enumerate(given, 1):
        if ":" in line:
            count, _colon, words = (part.strip() for part in line.partition(":"))
        else:
            count, words = (line, "") if line.isdigit() else ("", line)
        if count and (not count.isdigit() or len(count) > 7
                      or not number_part["minimum"] <= int(count) <= number_part["maximum"]):
            raise ValueError(_("Line %(line)s: the %(what)s before the colon is a whole number from %(low)s to "
                               "%(high)s (not %(typed)s).", line=at, what=number_part["label"].lower(),
                               low=number_part["minimum"], high=number_part["maximum"], typed=repr(count)))
        if len(words) > text_part["maximum"]:
            raise ValueError(_("Line %(line)s: keep the %(what)s to %(most)s characters.", line=at,
                               what=text_part["label"].lower(), most=text_part["maximum"]))
        records.append({number_part["key"]: int(count) if count else None, text_part["key"]: words})
    return records


def _choices(spec: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A choice's or a yes-or-no's radio buttons: (value, words)."""
    labels = spec.get("labels") or []
    if spec["type"] == "bool":
        return [("true", labels[0] if labels else _("yes")), ("false", labels[1] if labels else _("no"))]
    return [(str(choice), str(labels[i]) if labels else str(choice)) for i, choice in enumerate(spec.get("choices") or [])]


def _empty_means(spec: Mapping[str, Any]) -> str:
    """What an empty number stands for: its default in words, or none."""
    default = spec.get("default")
    if default is None:
        return _("none")
    return _("%(word)s value", word=default) if isinstance(default, str) else str(default)


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
    def bounds(self) -> str:
        """A number's bounds in words, ``From 1 to 10. `` (with the space before what follows); "" for none."""
        low, high = self.spec.get("minimum"), self.spec.get("maximum")
        if self.kind == "int" and low is not None and high is not None:
            return _("From %(low)s to %(high)s.", low=low, high=high) + " "
        return ""

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
        parts = [self._input(part, bound.form[str(part["key"])]) for part in _parts(spec)] \
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

    @staticmethod
    def list_hint(one: OptionInput) -> str:
        """How a list is typed, one record a line, from its parts' words and bounds: ``One deal a line: the
        cards (1 to 30), a colon, then the contract (up to 80 characters), like 9: 3 threes. Empty: none.``"""
        spec = one.spec
        number_part = next(part for part in spec["parts"] if part["type"] == "int")
        text_part = next(part for part in spec["parts"] if part["type"] == "text")
        item = str(spec["items"]).rstrip("s") if spec.get("items") else _p("one line of a list", "record")
        return _("One %(item)s a line, %(low)s to %(high)s lines: the %(number)s (%(number_low)s to "
                 "%(number_high)s), a colon, then the %(text)s (up to %(text_most)s characters), like 9: 3 threes. "
                 "Empty: none.", item=item, low=spec["minimum"], high=spec["maximum"],
                 number=number_part["label"].lower(), number_low=number_part["minimum"],
                 number_high=number_part["maximum"], text=text_part["label"].lower(), text_most=text_part["maximum"])

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
        self.add_error(error.field, worded(in_language(error.message), self._specs()))

    def add_error(self, field_key: str | None, message: str) -> None:
        key, _, part = (field_key or "name").partition(".")
        one = next((i for i in self.inputs if i.key == key), None) or self.inputs[0]
        if one.parts:
            # a part by its key; a further key's (7, QS), or the table's own, at the further keys' field
            more = next((p for p in one.parts if p.key == MORE), one)
            one = next((p for p in one.parts if p.key == part and p.key != MORE), more)
        if not one.error:
            add_error(one.field, message)

    def _specs(self) -> list[Mapping[str, Any]]:
        return [*self.variant["options"], *(p for o in self.variant["options"] for p in _parts(o))]


def _read(one: OptionInput) -> Any:
    """An option's value as the form holds it, once its field is valid (None: its default)."""
    if one.kind == "table":
        values = {part.key: _read(part) for part in one.parts}
        further = values.pop(MORE, None) or {}
        return {**{key: value for key, value in values.items() if value is not None}, **further}
    if one.error:
        return None
    data = one.field.data
    if one.kind == MORE:
        return typed_values(str(data or ""), one.spec) or None
    if one.kind == "list":
        return typed_records(str(data or ""), one.spec) or None
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
        named = {part["key"] for part in spec.get("parts") or []}
        for part in spec.get("parts") or []:
            _fill(texts, f"{name}-{part['key']}", part, given.get(part["key"]))
        if spec.get("more"):
            texts[f"{name}-{MORE}"] = ", ".join(f"{key} {number}" for key, number in given.items() if key not in named)
    elif spec["type"] == "list":
        number_part = next(part["key"] for part in spec["parts"] if part["type"] == "int")
        text_part = next(part["key"] for part in spec["parts"] if part["type"] == "text")
        texts[name] = "\n".join(_record_line(record.get(number_part), record.get(text_part) or "")
                                for record in value or [])
    elif value is None or value == spec.get("default") and isinstance(value, str):
        texts[name] = ""  # none, or the word an empty field stands for
    elif isinstance(value, bool):
        texts[name] = "true" if value else "false"
    else:
        texts[name] = str(value)


def _record_line(number: int | None, text: str) -> str:
    """A list's record as its line: ``9: 3 threes``, ``: 4 fours`` (no number), ``9`` (no text)."""
    if not text:
        return "" if number is None else str(number)
    return f"{'' if number is None else number}: {text}"


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
        return Example(waiting=_("Choose %(options)s to see a hand scored.", options=_listed(missing)))
    key = str(variant["key"])
    # A name not typed yet: the example goes by the variant's.
    options = {**form.options, **{one.key: variant["name"] for one in required}}
    try:
        sheet = replay({"variant": key, "players": list(EXAMPLE_PLAYERS), "options": options, "hands": []})
        entry = _example_entry(entry_of(key, sheet["options"]), sheet["next"]["jokers"] if sheet["next"] else 0)
        sheet = replay({"variant": key, "players": list(EXAMPLE_PLAYERS), "options": options, "hands": [entry]})
    except InvalidEntry as error:
        return Example(error=worded(in_language(error.message), form._specs()))
    row = sheet["hands"][0]
    lines = []
    for player in EXAMPLE_PLAYERS:
        given = entry["hands"].get(player)
        entered = _("went out") if player == entry["out"] else ""
        if given:
            entered = (entered + ", " if entered else "") + _entered(given, entry_of(key, sheet["options"]))
        lines.append(ExampleLine(player, entered, signed(row["scores"][player])))
    return Example(lines, written(row["notes"], row.get("note_keys")), guide_line(sheet["guide"], "goal"),
                   guide_line(sheet["guide"], "how_to"))


def _example_entry(entry: Mapping[str, Any], jokers: int) -> dict[str, Any]:
    """Ann went out; Bob and Cara give what the rules' fields take: cards (with a joker where the
    pack has one) and a count, or a number each; or, where each gives the cards melded and those left,
    SCORING.md's worked hand (Ann melded 7S 8S 9S KD KH KC; Bob melded 20, left AS 4D)."""
    fields = [f for f in entry["fields"] if f["out"] != "only"]  # (not the bonus only Ann may type)
    cards = next((f for f in fields if f["kind"] == "cards"), None)
    number = next((f for f in fields if f["kind"] in ("count", "number")), None)
    either = [f for f in fields if f["kind"] == "cards_or_points"]
    hands: dict[str, Any] = {}
    if len(either) == 2 and {f["out"] for f in either} == {"optional", "none"}:
        melded, left = sorted(either, key=lambda f: f["out"] == "none")
        hands["Ann"] = {melded["key"]: "7S 8S 9S KD KH KC"}
        hands["Bob"] = {melded["key"]: 20, left["key"]: "AS 4D"}
        hands["Cara"] = {left["key"]: "10C 3D"}
    elif cards is not None:
        hands["Bob"] = {cards["key"]: "AS 9H JK" if jokers else "AS 9H KD"}
        hands["Cara"] = {number["key"]: 12} if number is not None else {cards["key"]: "10C 4D"}
    elif number is not None:
        low = number.get("minimum") or 0
        hands["Bob"] = {number["key"]: 25}
        hands["Cara"] = {number["key"]: -5 if low < 0 else 12}
    return {"out": "Ann", "hands": hands}


def _entered(given: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """What the example enters for a player: ``AS 9H JK``; with several fields, each named:
    ``melded 20, left in hand AS 4D``."""
    labels = {f["key"]: str(f["label"]).split(" (")[0].lower() for f in entry["fields"]}
    named = {f["key"] for f in entry["fields"] if f["kind"] == "cards_or_points"}  # (melded, left: either)
    if len(given) == 1 and not named & set(given):
        return " ".join(str(value) for value in given.values())
    return ", ".join(f"{labels.get(key, key)} {value}" for key, value in given.items())


def _listed(words: Sequence[str]) -> str:
    lowered = [word.lower() for word in words]
    return lowered[0] if len(lowered) == 1 else _("%(some)s and %(last)s", some=", ".join(lowered[:-1]),
                                                  last=lowered[-1])


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
