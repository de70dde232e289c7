"""The engine's notes and refusals in the reader's language, for the pages and the use cases alike.

The engine writes each note, and each refusal (:class:`~scorekeeper.engine.InvalidEntry`),
as a :class:`~scorekeeper.engine.declare.Note`: English text that keeps its key and
values.  :func:`in_language` writes one again in the request's language, from
that language's ``notes`` catalogue
(``scorekeeper/translations/<language>/LC_MESSAGES/notes.po``: one message per
:func:`scorekeeper.engine.notes.messages` entry, its context the note's key).
An English request, a text that is no note, or a key the catalogue lacks
keeps the engine's English.  Kept apart from the web layer so the use cases
(an import's refusal, a player's name) write the engine's words the same way
as the pages (:mod:`scorekeeper.web.note_words` builds on it).
"""

from __future__ import annotations

from babel import Locale
from flask import current_app
from flask_babel import Domain, get_locale

from .engine import InvalidEntry, entry_form, games  # noqa: F401  (every game's notes, and the form's, listed)
from .engine.declare import Note
from .engine.notes import Translation, messages
from .languages import DEFAULT

DOMAIN = "notes"

#: the notes' catalogue of the page's language (the app's translation directories)
notes_domain = Domain(domain=DOMAIN)


def translation() -> Translation | None:
    """The page's language's notes, or None on an English page (the engine's own words)."""
    code = str(get_locale() or DEFAULT)
    if code == DEFAULT:
        return None
    kept: dict[str, Translation] = current_app.extensions.setdefault("note_words", {})
    if code not in kept:
        catalogue = notes_domain.get_translations()
        texts = {}
        for message in messages():
            text = catalogue.pgettext(message.context, message.english)
            if text and text != message.english:
                texts[message.context] = text
        patterns = Locale.parse(code).list_patterns
        kept[code] = Translation(texts, dict(patterns["standard"]), dict(patterns["or"]))
    return kept[code]


def in_language(message: str) -> str:
    """One message the engine wrote: a note in the page's language, any other text as it is."""
    if not isinstance(message, Note):
        return message
    language = translation()
    # (a message may quote another: the form's "...: take one out." of the card counted twice)
    return str(message) if language is None else language.written(message)


def refused(error: InvalidEntry) -> str:
    """The engine's whole refusal (``hand 3, Bob: "ZZ" is not a card``) in the page's language."""
    return in_language(error.note)


__all__ = ["DOMAIN", "in_language", "notes_domain", "refused", "translation"]
