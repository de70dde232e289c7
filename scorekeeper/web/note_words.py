"""The rules' notes in the reader's language.

The engine writes each note in English and gives the sheet its key and values
(a row's ``note_keys``, a settlement's too); here a page writes it again in
its reader's language, from the ``notes`` catalogue of that language
(``scorekeeper/translations/<language>/LC_MESSAGES/notes.po``): one message
per :func:`scorekeeper.engine.notes.messages` entry, its context the note's
key (or the item's ``group/name/kind``).  Names are joined as the language
joins a list, and a choice of several as it writes "or" (Babel's CLDR list
patterns).  An English page, or a note whose
key a catalogue does not know, keeps the engine's English.  Between the items
of a list it writes its own comma (the ``notes.comma`` message).  The sheet's
guide lines are notes too, joined by a separator that is one
(:func:`guide_line`, from the guide's ``keys``).

``python -m scorekeeper.web.note_words FILE`` writes the catalogues' template
(``make translations`` runs it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from babel.messages.catalog import Catalog

from ..engine.notes import Translation, messages, names
from ..note_language import DOMAIN, in_language, refused, translation
from . import catalogue_template

# (``translation``, ``in_language`` and ``refused`` are the pages' too: they live beside the use cases')
__all__ = ["guide_line", "guide_line_in", "in_language", "limit_label", "listed", "names_joined", "note_words",
           "refused", "template", "translation", "written"]


def note_words() -> dict[str, Any] | None:
    """The page's language's notes as the in-browser engine takes them
    (:func:`scorekeeper.engine.in_browser.score_waiting`), or None on an English page."""
    language = translation()
    if language is None:
        return None
    return {"texts": dict(language.texts), "lists": dict(language.lists), "either": dict(language.either)}


def written(notes: Sequence[str], keys: Iterable[Mapping[str, Any]] | None) -> list[str]:
    """These notes in the page's language: each from its key and values, where the engine gave them."""
    language = translation()
    keys = list(keys or ())
    if language is None or len(keys) != len(notes):
        return [str(note) for note in notes]
    texts = []
    for note, key in zip(notes, keys, strict=True):
        try:
            texts.append(language.write(key["key"], key["values"]))
        except KeyError:  # a key no catalogue knows: as the engine wrote it
            texts.append(str(note))
    return texts


def listed(items: Iterable[Any]) -> str:
    """Items one after another as the page's language lists them: ``Ann +5, Bob -3`` (its own comma,
    the notes' ``notes.comma``: ``Ann +5、Bob -3`` in Japanese, ``Ann +5، Bob -3`` in Arabic)."""
    language = translation()
    return (language.comma if language is not None else ", ").join(map(str, items))


def names_joined(items: Iterable[Any]) -> str:
    """Names as the page's language joins them: ``Ann, Bob and Cara`` (CLDR's list patterns)."""
    language = translation()
    return (language.forms["names"] if language is not None else names)(list(items))


def guide_line(guide: Mapping[str, Any], line: str) -> str:
    """A line of the sheet's guide (``how_to``, ``goal`` or ``next``) in the page's language."""
    return guide_line_in(translation(), guide, line)


def guide_line_in(language: Translation | None, guide: Mapping[str, Any], line: str) -> str:
    """A line of the guide in ``language``, from its notes (the guide's ``keys``): each part in
    the language's words, joined by its separator.  The English line where the language is
    English, the guide has no keys (a sheet cached before them) or a key is unknown."""
    english = str(guide.get(line) or "")
    keyed = (guide.get("keys") or {}).get(line)
    if language is None or not keyed:
        return english
    return _or_english(english, lambda: language.write(keyed["separator"], {}).join(
        [language.write(part["key"], part["values"]) for part in keyed["parts"]]))


def limit_label(guide: Mapping[str, Any]) -> str:
    """The label of the line totals play to or out at (``Target``), in the page's language; "" if none."""
    limit, keyed = guide.get("limit"), (guide.get("keys") or {}).get("limit")
    if not limit:
        return ""
    language = translation()
    if language is None or not keyed:
        return str(limit["label"])
    return _or_english(str(limit["label"]), lambda: language.write(keyed["key"], keyed["values"]))


def _or_english(english: str, write: Callable[[], str]) -> str:
    """What ``write`` writes from a guide's keys, or the English where they are not what a sheet keeps."""
    try:
        return write()
    except (KeyError, TypeError):
        return english


def template() -> Catalog:
    """The notes' catalogue template: every sentence and item's words, English, with its context."""
    catalogue = catalogue_template.empty(DOMAIN)
    for message in messages():
        catalogue.add(message.english, context=message.context, auto_comments=[message.comment])
    return catalogue


if __name__ == "__main__":
    sys.exit(catalogue_template.write(template, sys.argv[1:]))
