"""A note's words: each note is a key, its values and one sentence, the template of that key.

Each game module lists its notes' sentences (its ``NOTES``) through
:func:`sentences`, which keeps them here by key.  :func:`render` writes a
note's English from its key and values alone, and a translation will write
its own the same way from its own table (``render(key, values, table)``): the
numbers and names are the values, the words are the table's.  No sentence is
written anywhere else (:class:`~.declare.Note` renders its text from here).

A sentence is a :meth:`str.format` template whose fields are the note's
values: a plain field (``{total}``) writes a name or a number as it is;
after a colon, a form writes a value that is a list or a mapping:

- ``{hands:plus}``: each player's number, added up: ``Bob 45 + Cara 30``
  (a list of numbers: ``9 + 1``; an empty one: ``0``);
- ``{hands:list}``: each player's number: ``Bob 45, Cara 30`` (a list: ``Bob, Cara``);
- ``{hands:minus}``: each player's number as a loss: ``Bob -45, Cara -30``;
- ``{winners:names}``: ``Bob``, ``Bob and Cara``, ``Ann, Bob and Cara``;
- ``{statuses:either}``: the choices: ``Drop``, ``Drop or Full count``,
  ``Drop, Middle drop or Full count``;
- ``{label:lower}``: a word that starts a label, written inside a sentence
  (``Count`` -> ``type their count``; a language whose nouns keep their
  capital writes plain ``{label}``);
- ``{most:grouped}``: a number with its thousands marked (``1,000``);
- ``{win:ordinal}``: a number as English counts in order (``third``, ``11th``);
  another language writes the number and its own word or affix around it;
  likewise ``{copies:often}`` (``twice``, ``3 times``) and ``{decks:packs}``
  (``one deck``, ``two decks``);
- ``{winners:has|have}``: the first words for one (a list of one, the
  number 1), the second for any other number (``game{games:|s}``); a ``#``
  in them is the number (``{jokers:one joker|# jokers}``);
- any other name: the :class:`Words` of that name given with the sentences,
  for values whose items each have words of their own (Indian's lines of
  points, Canasta's parts of a side's score).

Each template is turned once, on first use, into the f-string it stands for
(a note is made for nearly every hand replayed, and parsing a template each
time would cost several times the sentence).

Another language writes a note the same way, from its own words for each
:func:`messages` entry: a :class:`Translation` holds them (the web fills one
from its gettext catalogue, the in-browser engine from the page), and joins a
list of names with that language's own patterns (:data:`ENGLISH_LISTS`, as
CLDR writes them).  Where a translation lacks a sentence, or its sentence
cannot be written with the note's values, the note is written in English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any

#: a template made ready to write: the values in, the sentence out
Writer = Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True, slots=True)
class Words:
    """How each item of a note's value is written, for a template's ``{value:name}``.

    The value is a mapping (a player's name -> their item: ``{player}`` in
    the words) or a list of items.  An item is a number (``{points}`` in the
    words) or a dict of values.  Its words are ``words[item[by]]``, or
    ``words[""]`` for a number or a dict without ``by``; then, for each
    field ``after`` names that the item has, those words (Indian's
    ``, capped at {capped_at}``).  The items are joined by ``sep``.
    """

    words: Mapping[str, str]
    by: str = "kind"
    after: Mapping[str, str] = field(default_factory=dict)
    sep: str = ", "


@dataclass(frozen=True, slots=True)
class Sentence:
    """One key's template, with the :class:`Words` its forms may name, and the group
    (the first part of its module's keys) those words' names belong to."""

    template: str
    words: Mapping[str, Words]
    group: str = ""


#: every note's sentence, by key, as the game modules list them (:func:`sentences`)
ENGLISH: dict[str, Sentence] = {}


def sentences(notes: Mapping[str, str], **words: Words) -> Mapping[str, str]:
    """A module's notes, each key with its English template (and the :class:`Words`
    its templates name), kept for :func:`render`; returns ``notes``."""
    group = next(iter(notes), "").split(".")[0]
    if set(words) & set(_FORMS):
        raise ValueError(f"{sorted(set(words) & set(_FORMS))} name forms of a note's value: name the words otherwise")
    for key, template in notes.items():
        if key in ENGLISH and ENGLISH[key].template != template:
            raise ValueError(f"note {key!r} is listed twice, with two sentences")
        ENGLISH[key] = Sentence(template, words, group)
    return notes


_WRITERS: dict[str, Writer] = {}


def render(key: str, values: Mapping[str, Any], table: Mapping[str, Sentence] | None = None) -> str:
    """The sentence of note ``key`` with these values: English, or ``table``'s words."""
    if table is not None:
        return compile_sentence(table[key])(values)
    try:
        return _WRITERS[key](values)
    except KeyError:
        if key in _WRITERS:
            raise  # (a value the template names is missing)
    _WRITERS[key] = compile_sentence(ENGLISH[key])
    return _WRITERS[key](values)


# -- the forms -------------------------------------------------------------------


def names(players: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cara``."""
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]


#: how English joins a list of names, in CLDR's list patterns: two names, then for more the
#: first two, those in the middle and the last two (as :func:`names` writes it)
ENGLISH_LISTS: Mapping[str, str] = {"2": "{0} and {1}", "start": "{0}, {1}", "middle": "{0}, {1}",
                                    "end": "{0} and {1}"}


#: how English writes a choice of several (``Drop, Middle drop or Full count``), in CLDR's patterns
ENGLISH_EITHER: Mapping[str, str] = {"2": "{0} or {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} or {1}"}


def joined_by(lists: Mapping[str, str]) -> Callable[[Sequence[Any]], str]:
    """The ``names`` form of a language whose list patterns are ``lists``."""
    def join(items: Sequence[Any]) -> str:
        written = [str(item) for item in items]
        if len(written) <= 1:
            return "".join(written)
        if len(written) == 2:
            return lists["2"].format(*written)
        text = lists["end"].format(written[-2], written[-1])
        for item in reversed(written[1:-2]):
            text = lists["middle"].format(item, text)
        return lists["start"].format(written[0], text)
    return join


# (A note's values are plain JSON: a mapping is a dict, and asking so is quicker than asking for a Mapping.)


def _plus(value: Mapping[str, Any] | Sequence[Any]) -> str:
    if isinstance(value, dict):
        return " + ".join([f"{p} {v}" for p, v in value.items()])
    return " + ".join(map(str, value)) or "0"


def _list(value: Mapping[str, Any] | Sequence[Any]) -> str:
    if isinstance(value, dict):
        return ", ".join([f"{p} {v}" for p, v in value.items()])
    return ", ".join(map(str, value))


def _minus(value: Mapping[str, Any]) -> str:
    return ", ".join([f"{p} -{v}" for p, v in value.items()])


Form = Callable[[Any], str]
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """``first`` ... ``tenth``, then ``11th``, ``21st``, ``22nd``...

    >>> [ordinal(n) for n in (1, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111)]
    ['first', 'third', 'tenth', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']
    """
    if n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    if 11 <= n % 100 <= 13:
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_TIMES = {1: "once", 2: "twice"}
_DECKS = {1: "one deck", 2: "two decks", 3: "three decks"}


def _often(n: int) -> str:
    return _TIMES.get(n, f"{n} times")


def _packs(n: int) -> str:
    return _DECKS.get(n, f"{n} decks")


def _lower(value: Any) -> str:
    return str(value).lower()


def _grouped(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


_FORMS: dict[str, Form] = {"plus": _plus, "list": _list, "minus": _minus, "names": names,
                           "either": joined_by(ENGLISH_EITHER), "lower": _lower, "grouped": _grouped, "ordinal": ordinal,
                           "often": _often, "packs": _packs}


def _forms(comma: str, lists: Mapping[str, str], either: Mapping[str, str]) -> dict[str, Form]:
    """The forms of a language that writes ``comma`` between items, joins names by ``lists`` and
    a choice of several by ``either``."""
    def listed(value: Mapping[str, Any] | Sequence[Any]) -> str:
        if isinstance(value, dict):
            return comma.join([f"{p} {v}" for p, v in value.items()])
        return comma.join(map(str, value))

    def minus(value: Mapping[str, Any]) -> str:
        return comma.join([f"{p} -{v}" for p, v in value.items()])
    return {"plus": _plus, "list": listed, "minus": minus, "names": joined_by(lists),
            "either": joined_by(either), "lower": _lower, "grouped": _grouped,
            # English's words for a number (first, twice, two decks): another language writes the number
            "ordinal": str, "often": str, "packs": str}


def _plural(one: str, other: str) -> Callable[[Any], str]:
    def choose(value: Any) -> str:
        count = value if isinstance(value, (int, float)) else len(value)
        return (one if count == 1 else other).replace("#", str(count))
    return choose


def _items(words: Words, named: Mapping[str, Words], forms: Mapping[str, Form]) -> Callable[[Any], str]:
    written = {kind: compile_template(text, named, forms) for kind, text in words.words.items()}
    after = {name: compile_template(text, named, forms) for name, text in words.after.items()}

    def item(values: Mapping[str, Any]) -> str:
        text = written[values.get(words.by, "")](values)
        for name, extra in after.items():
            if name in values:
                text += extra(values)
        return text

    def write(value: Mapping[str, Any] | Sequence[Any]) -> str:
        if isinstance(value, dict):
            return words.sep.join([item({"player": p, **v} if isinstance(v, dict) else {"player": p, "points": v})
                                   for p, v in value.items()])
        return words.sep.join([item(v if isinstance(v, dict) else {"points": v}) for v in value])
    return write


# -- making a template ready ---------------------------------------------------------------


def compile_sentence(sentence: Sentence, forms: Mapping[str, Form] = _FORMS) -> Writer:
    return compile_template(sentence.template, sentence.words, forms)


def compile_template(template: str, words: Mapping[str, Words], forms: Mapping[str, Form] = _FORMS) -> Writer:
    """The template as a function of the values: the f-string it stands for, each
    form a call (``{hands:plus}`` -> ``{_f0(_v['hands'])}``).

    >>> write = compile_template("{player} went out and collects {hands:plus} = {total}.", {})
    >>> write({"player": "Ann", "hands": {"Bob": 45, "Cara": 30}, "total": 75})
    'Ann went out and collects Bob 45 + Cara 30 = 75.'
    """
    source: list[str] = []
    namespace: dict[str, Any] = {}
    for literal, name, spec, conversion in Formatter().parse(template):
        source.append(literal.replace("\\", "\\\\").replace('"', '\\"').replace("{", "{{").replace("}", "}}")
                      .replace("\n", "\\n"))
        if name is None:
            continue
        if not name.isidentifier() or conversion:
            raise ValueError(f"a note's field is a value's name, not {name!r} (in {template!r})")
        if not spec:
            source.append(f"{{_v['{name}']}}")
            continue
        form = f"_f{len(namespace)}"
        if spec in forms:
            namespace[form] = forms[spec]
        elif "|" in spec:
            namespace[form] = _plural(*spec.split("|", 1))
        elif spec in words:
            namespace[form] = _items(words[spec], words, forms)
        else:
            raise ValueError(f"{spec!r} is not a form of a note's value (in {template!r})")
        source.append(f"{{{form}(_v['{name}'])}}")
    code = 'def write(_v):\n    return f"""' + "".join(source) + '"""\n'
    exec(code, namespace)  # noqa: S102  (the module's own templates, their names checked above)
    writer: Writer = namespace["write"]
    return writer


def fields(template: str) -> set[str]:
    """The names of the values a template writes."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


# -- other languages ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Message:
    """One thing a translation words: a note's sentence (``context`` is its key) or one
    item's words (``group/name/kind``, or ``group/name/+field`` for the words after it)."""

    context: str
    english: str
    comment: str


#: the context of the words a language writes between the items of a list ("Bob 45, Cara 30")
COMMA = "notes.comma"


def messages() -> list[Message]:
    """Every sentence and every item's words of the notes the game modules list, each once."""
    found: dict[str, Message] = {}

    def add(context: str, english: str, comment: str) -> None:
        if context in found and found[context].english != english:
            raise ValueError(f"{context!r} has two English texts: {found[context].english!r} and {english!r}")
        found.setdefault(context, Message(context, english, comment))

    add(COMMA, ", ", "Between the items of a list in a note: Bob 45, Cara 30 (keep the space after it, if any).")
    for key, sentence in ENGLISH.items():
        add(key, sentence.template, "A rule's note: keep each {value} as it is; {x:one|other} chooses by x.")
        for name, words in sentence.words.items():
            for kind, text in words.words.items():
                add(f"{sentence.group}/{name}/{kind}", text, f"One item of {{{name}}} in a note, joined by commas.")
            for after, text in words.after.items():
                add(f"{sentence.group}/{name}/+{after}", text, f"Written after an item of {{{name}}} that has {after}.")
    return list(found.values())


class Translation:
    """A language's notes: its words for each :func:`messages` context (English where it
    has none; :data:`COMMA` the separator it writes between items), how it joins a
    list of names and a choice of several (CLDR's list patterns "standard" and "or",
    as :data:`ENGLISH_LISTS` and :data:`ENGLISH_EITHER`)."""

    def __init__(self, texts: Mapping[str, str], lists: Mapping[str, str] = ENGLISH_LISTS,
                 either: Mapping[str, str] = ENGLISH_EITHER) -> None:
        self.texts = texts
        self.comma = texts.get(COMMA) or ", "
        self.lists = lists
        self.either = either
        self.forms = _forms(self.comma, lists, either)
        self._writers: dict[str, Writer] = {}

    def sentence(self, key: str) -> Sentence:
        """Note ``key``'s sentence in this language."""
        english = ENGLISH[key]
        words = {name: self._words(english.group, name, given) for name, given in english.words.items()}
        return Sentence(self.texts.get(key) or english.template, words, english.group)

    def _words(self, group: str, name: str, words: Words) -> Words:
        return Words({kind: self.texts.get(f"{group}/{name}/{kind}") or text for kind, text in words.words.items()},
                     words.by,
                     {after: self.texts.get(f"{group}/{name}/+{after}") or text for after, text in words.after.items()},
                     self.comma if words.sep == ", " else words.sep)

    def write(self, key: str, values: Mapping[str, Any]) -> str:
        """Note ``key`` with these values, in this language; in English where its words cannot
        write them (a translation missing a value's name, say).  A plain text (key ``text``)
        is written as it is."""
        if key == "text":
            return str(values.get("text", ""))
        writer = self._writers.get(key)
        if writer is None:
            try:
                writer = compile_sentence(self.sentence(key), self.forms)
            except ValueError:
                writer = compile_sentence(ENGLISH[key])
            self._writers[key] = writer
        try:
            return writer(values)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return render(key, values)

    def written(self, message: str) -> str:
        """One message the engine made, in this language: a note (a :class:`~.declare.Note`: its
        ``key`` and ``values``) from its key, each value that is a note written first (a refusal
        quotes the rule it broke, and says where it is around it); any other text as it is."""
        key, values = getattr(message, "key", None), getattr(message, "values", None)
        if key is None or values is None:
            return str(message)
        return self.write(key, {name: self.written(value) if isinstance(value, str) else value
                                for name, value in values.items()})
