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
- ``{winners:has|have}``: the first words for one (a list of one, the
  number 1), the second for any other number (``game{games:|s}``);
- any other name: the :class:`Words` of that name given with the sentences,
  for values whose items each have words of their own (Indian's lines of
  points, Canasta's parts of a side's score).

Each template is turned once, on first use, into the f-string it stands for
(a note is made for nearly every hand replayed, and parsing a template each
time would cost several times the sentence).
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
    """One key's template, with the :class:`Words` its forms may name."""

    template: str
    words: Mapping[str, Words]


#: every note's sentence, by key, as the game modules list them (:func:`sentences`)
ENGLISH: dict[str, Sentence] = {}


def sentences(notes: Mapping[str, str], **words: Words) -> Mapping[str, str]:
    """A module's notes, each key with its English template (and the :class:`Words`
    its templates name), kept for :func:`render`; returns ``notes``."""
    for key, template in notes.items():
        if key in ENGLISH and ENGLISH[key].template != template:
            raise ValueError(f"note {key!r} is listed twice, with two sentences")
        ENGLISH[key] = Sentence(template, words)
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


_FORMS: dict[str, Callable[[Any], str]] = {"plus": _plus, "list": _list, "minus": _minus, "names": names}


def _plural(one: str, other: str) -> Callable[[Any], str]:
    def choose(value: Any) -> str:
        count = value if isinstance(value, (int, float)) else len(value)
        return one if count == 1 else other
    return choose


def _items(words: Words, forms: Mapping[str, Words]) -> Callable[[Any], str]:
    written = {kind: compile_template(text, forms) for kind, text in words.words.items()}
    after = {name: compile_template(text, forms) for name, text in words.after.items()}

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


def compile_sentence(sentence: Sentence) -> Writer:
    return compile_template(sentence.template, sentence.words)


def compile_template(template: str, words: Mapping[str, Words]) -> Writer:
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
        if spec in _FORMS:
            namespace[form] = _FORMS[spec]
        elif "|" in spec:
            namespace[form] = _plural(*spec.split("|", 1))
        elif spec in words:
            namespace[form] = _items(words[spec], words)
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
