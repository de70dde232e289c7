"""The bounds on every value a game log may hold (SCORING.md section 6).

A sheet is drawn, charted, summed for statistics and written to files from
what the log holds, so a value past any sensible game (a count of 10**307,
a name with a control character, a million hands) is refused here, where
every way in (the entry form, the API, an imported file) passes, with a
message that names the bounds and an :class:`InvalidEntry` ``code`` saying
which kind of bound it was.  Each refusal is a keyed note (:data:`NOTES`), so
a page writes it in its reader's language.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import InvalidEntry
from .notes import sentences

#: what the bounds refuse, and the words a refusal quotes a value or a text's fault with
#: (``value``/``name``: a value or a name as a message quotes it; ``code``: a character's
#: hexadecimal number)
NOTES = sentences({
    "bounds.refuse.long_number": "a number of {digits} digits",
    "bounds.refuse.control_character": "holds a control character (U+{code})",
    "bounds.refuse.lone_surrogate": "holds a lone surrogate (U+{code}), which is not text",
    "bounds.refuse.named_twice": "{name} is named twice",
    "bounds.refuse.look_the_same": "{first} and {second} look the same",
    "bounds.refuse.name_not_text": "a player's name is text, not {value}",
    "bounds.refuse.name_empty": "a player's name cannot be empty (or only invisible characters)",
    "bounds.refuse.name_too_long": "{name} is too long: a name is 1 to {most} characters",
    "bounds.refuse.name_problem": "the name {name} {problem}",
    "bounds.refuse.same_name": "{alike}; each player needs their own name",
})

#: a count, 500 Rummy's melded and left numbers, low aces
MAX_COUNT = 10_000
#: bonus and point options, ``knock_limit``
MAX_POINTS = 10_000
#: ``target`` and ``eliminate_at``
MAX_TARGET = 100_000
#: ``deals``
MAX_DEALS = 1_000
#: ``reentries``: times one player may come back into a game
MAX_REENTRIES = 10
#: hands in one game
MAX_HANDS = 5_000
#: characters in a player's name
MAX_NAME = 40
#: characters in one cards field (two packs and their jokers, spaced, fit in 500)
MAX_CARDS_TEXT = 1_000

# A game the table defines (``house``): what its definition may say.
#: a card's value in the table's values table
MAX_CARD_VALUE = 1_000
#: cards dealt to each player (guidance)
MAX_DEALT = 30
# The decks and jokers in the pack are the game's own (``max_decks`` and
# ``max_jokers`` of :class:`~.games.base.Variant`): Hand and Foot takes six decks.
#: ``deals`` of a game the table defines
MAX_OWN_DEALS = 100


def _note(key: str, **values: Any) -> str:
    """The keyed note of one of :data:`NOTES` (a :class:`~.declare.Note`)."""
    from .declare import Note  # (declare needs this module's bounds)

    return Note(key, **values)


def shown(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it, cut short: a message never repeats a megabyte (a number
    too long to quote is said in words, a keyed note).

    >>> shown(10**50)
    'a number of 51 digits'
    >>> shown("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**12:
        return _note("bounds.refuse.long_number", digits=len(str(abs(value))))
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit] + "…")
    text = repr(value)
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def quoted(value: Any, limit: int = 40) -> str:
    """A name as a message quotes it: ``"Zed"``, cut short if it is long (or not text)."""
    if not isinstance(value, str):
        return shown(value, limit)
    return '"' + (value if len(value) <= limit else value[:limit] + "…") + '"'


def text_problem(text: str) -> str | None:
    """Why this text cannot be stored and shown (a keyed note), or None.

    A control character (a NUL, an escape, a newline) or a lone surrogate
    (half of a UTF-16 pair, which no UTF-8 file, database or page can hold)
    breaks the files and pages that would show it.

    >>> text_problem("Ann") is None
    True
    >>> text_problem("A\\x00nn")
    'holds a control character (U+0000)'
    >>> text_problem("\\ud800")
    'holds a lone surrogate (U+D800), which is not text'
    """
    for char in text:
        if char.isprintable() or char == " ":
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            return _note("bounds.refuse.control_character", code=f"{ord(char):04X}")
        if category == "Cs":
            return _note("bounds.refuse.lone_surrogate", code=f"{ord(char):04X}")
    return None


def name_key(name: str) -> str:
    """What makes two names the same player: how the letters are written aside.

    Names are compared as a reader sees them: after Unicode's compatibility
    normalisation (NFKC: a full-width "Ａ" is "A", "A" with a combining
    accent is "Á"), with letter case folded, invisible format characters
    (category Cf: a zero-width space, a direction mark) taken out, and
    spaces collapsed.  The name itself is kept as typed.

    >>> name_key("  ann  lee ") == name_key("Ann Lee")
    True
    >>> name_key("\uff21nn") == name_key("Ann\u200b") == name_key("ann")
    True
    >>> name_key("A\u0301nn") == name_key("\u00c1nn")
    True
    """
    visible = "".join(char for char in unicodedata.normalize("NFKC", name) if unicodedata.category(char) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", visible.casefold()).split())


def spelled(name: str) -> str:
    """A name as a message quotes it, its invisible characters made visible.

    >>> spelled("Ann\u200b")
    '"Ann<U+200B>"'
    """
    return '"' + "".join(f"<U+{ord(char):04X}>" if unicodedata.category(char) == "Cf" else char
                         for char in name) + '"'


def look_alike(first: str, second: str) -> str:
    """The sentence saying two names are taken for one player (a keyed note)."""
    if first == second:
        return _note("bounds.refuse.named_twice", name=spelled(first))
    return _note("bounds.refuse.look_the_same", first=spelled(first), second=spelled(second))


def check_name(name: Any, *, where: str = "players") -> str:
    """A player's name, or :class:`InvalidEntry` (code ``bad_name``) saying what is wrong."""
    if not isinstance(name, str):
        raise InvalidEntry(_note("bounds.refuse.name_not_text", value=shown(name)), where=where, code="bad_name")
    if not name_key(name):
        raise InvalidEntry(_note("bounds.refuse.name_empty"), where=where, code="bad_name")
    if len(name) > MAX_NAME:
        raise InvalidEntry(_note("bounds.refuse.name_too_long", name=shown(name), most=MAX_NAME),
                           where=where, code="bad_name")
    problem = text_problem(name)
    if problem:
        raise InvalidEntry(_note("bounds.refuse.name_problem", name=shown(name), problem=problem), where=where,
                           code="bad_name")
    return name


def check_names(names: list[str], *, where: str = "players") -> None:
    """Every name good, and no two that look the same (:func:`name_key`)."""
    seen: dict[str, str] = {}
    for name in names:
        check_name(name, where=where)
        key = name_key(name)
        if key in seen:
            raise InvalidEntry(_note("bounds.refuse.same_name", alike=look_alike(seen[key], name)), where=where,
                               code="same_name")
        seen[key] = name


def whole_in(value: Any, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


__all__ = [
    "MAX_CARDS_TEXT", "MAX_CARD_VALUE", "MAX_COUNT", "MAX_DEALS", "MAX_DEALT", "MAX_HANDS", "MAX_NAME",
    "MAX_OWN_DEALS", "MAX_POINTS", "MAX_TARGET",
    "check_name", "check_names", "look_alike", "name_key", "quoted", "shown", "spelled", "text_problem", "whole_in",
]
