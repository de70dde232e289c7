"""House-rule options: what each variant lets a table change, and checking it.

What an option refuses is a keyed note (:data:`NOTES`), so a page writes it in
its reader's language: the option's key as a log spells it, then what it takes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .bounds import MAX_DEALS, MAX_POINTS, MAX_REENTRIES, MAX_TARGET, shown, text_problem
from .declare import Note
from .errors import InvalidEntry
from .notes import sentences

#: what an option refuses: ``options.refuse.rule`` is the option's key (``option``, as a log
#: spells it) and what it takes or what is wrong (``rule``, a note of those after it); ``value``
#: and ``key`` are what was given, as a message quotes it
NOTES = sentences({
    "options.refuse.rule": "{option} {rule}",
    "options.refuse.no_default": "must be given ({rule}): this game has no default for it",
    "options.refuse.one_of": "must be one of {choices:list}, got {value}",
    "options.refuse.allowed": "must be {allowed:either}",
    "options.refuse.allowed_or_none": "must be none, {allowed:either}",
    "options.refuse.positive": "must be a positive whole number, at most {most}",
    "options.refuse.positive_or": "must be a positive whole number, at most {most} or {also:either}",
    "options.refuse.whole": "must be a whole number from {least} to {most}",
    "options.refuse.whole_or": "must be a whole number from {least} to {most} or {also:either}",
    "options.refuse.characters": "must be {least} to {most} characters",
    "options.refuse.characters_of_text": "must be {least} to {most} characters of text, not {value}",
    "options.refuse.plain_text": "{problem}; must be {least} to {most} characters of plain text",
    "options.refuse.object_of": "must be an object of {parts:list}",
    "options.refuse.not_one_of": "{key} is not one of {keys:list}",
    "options.refuse.given_twice": "key {key} is given twice (as {stored})",
    "options.refuse.holds": "holds {least} to {most} {items}",
    "options.refuse.record": "{option}: {item} {number}",
    "options.refuse.not_an_object": "options must be an object of option names and values",
    "options.refuse.not_an_option": "{key} is not an option of this game (options: {options:list})",
    "options.refuse.no_options": "{key} is not an option of this game (options: none)",
    # what an option takes, in the message asking for one that has no default (``no_default``)
    "options.refuse.takes_either": "{choices:either}",
    "options.refuse.takes_characters": "{least} to {most} characters",
    "options.refuse.takes_list": "a list of {least} to {most} {items}",
    "options.refuse.takes_object": "an object",
})


#: the kinds of an option: a whole number, yes or no, one of a few words, a
#: short text (a game's name), a small table of whole numbers (card values),
#: or a list of small records (a house game's schedule of deals)
OPTION_KINDS = ("int", "bool", "choice", "text", "table", "list")


@dataclass(frozen=True, slots=True)
class Option:
    """One house rule.  ``kind`` is one of :data:`OPTION_KINDS`.

    ``default`` ``None`` means "none" (no target, no pool).  ``minimum`` and
    ``maximum`` bound the whole numbers accepted (0 to 10,000 for bonuses, 1
    to 100,000 for targets: SCORING.md section 6), and a text's length;
    ``allowed`` restricts whole numbers to a list (Indian's pool: 101, 201);
    ``also`` names the words a whole number may be instead (a card's value
    may be ``"face"``).

    ``required``: the option has no default; a log must give it (a game the
    table defines: its name, how it scores).  A ``table`` holds the options
    ``parts`` (each a whole number, by its key), each part checked as an
    option of its own; with ``more``, it may hold further keys too, each
    read by ``more_key`` (which gives the key as stored, or raises
    ValueError saying why it is no key) and its value checked as ``more``
    (a house game's values for single ranks and cards).  A ``list`` holds
    ``minimum`` to ``maximum`` records, each of the options ``parts`` by
    key (a part left out takes its default); ``items`` names them in a
    message (``deals``).

    What a form shows of it: ``label`` (the key in words by default),
    ``labels`` (the words for each of ``choices``, or for true and false),
    ``group`` (the heading of the options shown together) and ``when``
    (``("entry", "cards")``: it matters only while that option has that
    value; a tuple of values: while it has one of them).
    """

    key: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = MAX_POINTS
    allowed: tuple[int, ...] = ()
    default_text: str = ""  # when the default depends on other options
    required: bool = False
    parts: tuple[Option, ...] = ()
    also: tuple[str, ...] = ()
    label: str = ""
    labels: tuple[str, ...] = ()
    group: str = ""
    when: tuple[str, Any] | None = None
    more: Option | None = None
    more_key: Callable[[Any], str] | None = field(default=None, compare=False)
    items: str = ""

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"an option's kind is one of {OPTION_KINDS}, not {self.kind!r}")
        if self.labels and len(self.labels) != (2 if self.kind == "bool" else len(self.choices)):
            raise ValueError(f"{self.key}: one label for each choice (true and false for a bool)")

    def catalogue(self) -> dict[str, Any]:
        bounded = self.kind in ("int", "text", "list") and not self.allowed
        return {
            "key": self.key,
            "type": self.kind,
            "default": self.default,
            "choices": list(self.choices) or (list(self.allowed) if self.allowed else None),
            "minimum": self.minimum if bounded else None,
            "maximum": self.maximum if bounded else None,
            "nullable": self.default is None and not self.required,
            "default_text": self.default_text or None,
            "help": self.help,
            "required": self.required,
            "label": self.label or self.key.replace("_", " "),
            "labels": list(self.labels) or None,
            "also": list(self.also) or None,
            "parts": [part.catalogue() for part in self.parts] or None,
            "group": self.group or None,
            "when": self._when(),
            "more": self.more.catalogue() if self.more is not None else None,
            "items": self.items or None,
        }

    def _when(self) -> dict[str, Any] | None:
        """``{"option": "entry", "value": "cards"}``; for several values, the first as ``value``
        and all of them as ``values``."""
        if self.when is None:
            return None
        option, value = self.when
        if isinstance(value, tuple):
            return {"option": option, "value": value[0], "values": list(value)}
        return {"option": option, "value": value}

    def check(self, value: Any) -> Any:
        """The value if the option accepts it, else :class:`InvalidEntry`."""
        if value is None:
            if self.required:
                raise self._invalid(Note("options.refuse.no_default", rule=self._rule()))
            return dict(self.default) if self.kind == "table" else self.default
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self._refusal(Note("errors.refuse.true_or_false", field=self.key))
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise self._invalid(Note("options.refuse.one_of", choices=list(self.choices), value=shown(value)))
            return value
        if self.kind == "text":
            return self._text(value)
        if self.kind == "table":
            return self._table(value)
        if self.kind == "list":
            return self._list(value)
        if isinstance(value, str) and value in self.also:
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._invalid(self._int_rule())
        if self.allowed and value not in self.allowed:
            raise self._invalid(self._int_rule())
        if not self.minimum <= value <= self.maximum:
            raise self._invalid(self._int_rule())
        return value

    def _rule(self) -> Note:
        """What the option takes, for the message that asks for it."""
        if self.kind == "choice":
            return Note("options.refuse.takes_either", choices=list(self.choices))
        if self.kind == "bool":
            return Note("options.refuse.takes_either", choices=["true", "false"])
        if self.kind == "text":
            return Note("options.refuse.takes_characters", least=self.minimum, most=self.maximum)
        if self.kind == "list":
            return Note("options.refuse.takes_list", least=self.minimum, most=self.maximum, items=self.items)
        return Note("options.refuse.takes_object") if self.kind == "table" else self._int_rule()

    def _text(self, value: Any) -> str:
        """A name: trimmed, then ``minimum`` to ``maximum`` characters with no control character."""
        least, most = self.minimum, self.maximum
        if not isinstance(value, str):
            raise self._invalid(Note("options.refuse.characters_of_text", least=least, most=most, value=shown(value)))
        trimmed = value.strip()
        if not least <= len(trimmed) <= most:
            raise self._invalid(Note("options.refuse.characters", least=least, most=most))
        problem = text_problem(trimmed)
        if problem:
            raise self._invalid(Note("options.refuse.plain_text", problem=problem, least=least, most=most))
        return trimmed

    def _table(self, value: Any) -> dict[str, Any]:
        """Each part by its key, every part given or its default; an unknown key is invalid."""
        if not isinstance(value, Mapping):
            raise self._invalid(Note("options.refuse.object_of", parts=[part.key for part in self.parts]))
        known = {part.key: part for part in self.parts}
        further: dict[str, Any] = {}
        for key in value:
            if key in known:
                continue
            if self.more is None or self.more_key is None:
                raise self._invalid(Note("options.refuse.not_one_of", key=shown(key), keys=list(known)))
            try:
                stored = self.more_key(key)
            except ValueError as error:  # (its message passed on as it is: a keyed note keeps its key)
                raise self._invalid(error.args[0] if error.args else str(error)) from None
            if stored in further or stored in known:
                raise self._invalid(Note("options.refuse.given_twice", key=shown(key), stored=repr(stored)))
            if value[key] is not None:  # (null: as if not given, no value of its own)
                further[stored] = value[key]
        checked = {}
        parts = [*known.values(), *(replace(self.more, key=key) for key in further if self.more is not None)]
        given = {**value, **further}
        for part in parts:
            try:
                checked[part.key] = part.check(given.get(part.key))
            except InvalidEntry as error:
                raise InvalidEntry(Note("errors.where", where=self.key, message=error.message), where="options",
                                   field=f"{self.key}.{part.key}", code="bad_option") from None
        return checked

    def _list(self, value: Any) -> list[dict[str, Any]]:
        """Each record, every part by its key (or its default); an unknown key is invalid."""
        if not isinstance(value, list) or not self.minimum <= len(value) <= self.maximum:
            raise self._invalid(Note("options.refuse.holds", least=self.minimum, most=self.maximum, items=self.items))
        known = {part.key: part for part in self.parts}
        item = self.items[:-1] if self.items.endswith("s") else self.items  # (one of ``items``: deal 3)
        records = []
        for number, record in enumerate(value, 1):
            where = Note("options.refuse.record", option=self.key, item=item, number=number)
            if not isinstance(record, Mapping):
                raise InvalidEntry(Note("options.refuse.rule", option=where,
                                        rule=Note("options.refuse.object_of", parts=list(known))),
                                   where="options", field=self.key, code="bad_option")
            unknown = next((key for key in record if key not in known), None)
            if unknown is not None:
                raise InvalidEntry(Note("errors.where", where=where, message=Note(
                    "options.refuse.not_one_of", key=shown(unknown), keys=list(known))), where="options",
                                   field=self.key, code="bad_option")
            checked = {}
            for key, part in known.items():
                try:
                    checked[key] = part.check(record.get(key))
                except InvalidEntry as error:
                    raise InvalidEntry(Note("errors.where", where=where, message=error.message), where="options",
                                       field=self.key, code="bad_option") from None
            records.append(checked)
        return records

    def _int_rule(self) -> Note:
        if self.allowed:
            return Note("options.refuse.allowed_or_none" if self.default is None else "options.refuse.allowed",
                        allowed=list(self.allowed))
        also = {"also": [shown(word) for word in self.also]} if self.also else {}
        if self.minimum == 1:
            return Note("options.refuse.positive_or" if also else "options.refuse.positive", most=self.maximum, **also)
        return Note("options.refuse.whole_or" if also else "options.refuse.whole", least=self.minimum,
                    most=self.maximum, **also)

    def _invalid(self, rule: str) -> InvalidEntry:
        """The refusal of this option: its key, then ``rule`` (what it takes, a note)."""
        return self._refusal(Note("options.refuse.rule", option=self.key, rule=rule))

    def _refusal(self, message: str) -> InvalidEntry:
        return InvalidEntry(message, where="options", field=self.key, code="bad_option")


def target(default: int | None, help: str = "", default_text: str = "", **shown_as: Any) -> Option:
    return Option(
        "target", "int", default,
        help or "The game ends after the hand in which a total reaches this.",
        minimum=1, maximum=MAX_TARGET, default_text=default_text, **shown_as,
    )


def deals(help: str = "", maximum: int = MAX_DEALS, **shown_as: Any) -> Option:
    return Option(
        "deals", "int", None,
        help or "The game ends after this many hands (or at the target, if first).",
        minimum=1, maximum=maximum, **shown_as,
    )


def eliminate_at(default: int | None, help: str = "", **shown_as: Any) -> Option:
    return Option(
        "eliminate_at", "int", default, help or "A player whose total reaches this is out of the game.",
        minimum=1, maximum=MAX_TARGET, **shown_as,
    )


def reentries(default: int) -> Option:
    """How often each player may come back after being put out (see ``declare.REENTER``)."""
    return Option(
        "reentries", "int", default,
        "Times each player put out may come back, at the highest total still in.",
        minimum=0, maximum=MAX_REENTRIES,
    )


def points(key: str, default: int, help: str) -> Option:
    return Option(key, "int", default, help, minimum=0, maximum=MAX_POINTS)


def check_options(
    declared: tuple[Option, ...], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every declared option with its effective value; unknown keys are invalid."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidEntry(Note("options.refuse.not_an_object"), where="options", code="bad_option")
    known = {option.key: option for option in declared}
    for key in given:
        if key not in known:
            refusal = Note("options.refuse.not_an_option", key=shown(key), options=list(known)) if known else \
                Note("options.refuse.no_options", key=shown(key))
            raise InvalidEntry(refusal, where="options", code="bad_option")
    return {key: option.check(given.get(key)) for key, option in known.items()}
