"""The words of the engine's declarations on a page in the reader's language.

The engine declares each game in English (:func:`scorekeeper.engine.variants`):
its name and summary, its options' labels and help, its entry's fields,
statuses and choices, its moments.  A page shows a declaration through
:func:`shown`, which gives it back with those words from the ``engine``
catalogue of the page's language
(``scorekeeper/translations/<language>/LC_MESSAGES/engine.po``, its message
ids the English words); keys, numbers and every other value stay as they are,
so what a page sends back (an option's key, a status's key) is the same in
every language.  A word the catalogue lacks is shown in English.

The rules' long texts (``rules``) are the engine's documentation and stay
English; the sentences the engine writes with values (the guide's lines, a
refusal's message) are not declarations and are not translated here (the
guide's lines are notes, written by :mod:`.note_words`).

``python -m scorekeeper.web.engine_words FILE`` writes the catalogues'
template (``make translations`` runs it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from babel.messages.catalog import Catalog
from flask_babel import Domain, get_locale

from ..engine import variants
from ..languages import DEFAULT
from . import catalogue_template

DOMAIN = "engine"

#: the keys of a declaration whose values a person reads (a string, or a list of strings)
WORDS = frozenset({"name", "summary", "label", "labels", "help", "heading", "counts", "out_verb", "default_text",
                   "no_out_label", "group"})

engine_domain = Domain(domain=DOMAIN)

#: each declaration shown in a language, by (language, the declaration's id): (the declaration, as shown)
_kept: dict[tuple[str, int], tuple[Mapping[str, Any], dict[str, Any]]] = {}
_KEEP = 512


def shown(declaration: Mapping[str, Any]) -> dict[str, Any]:
    """The declaration with its words in the page's language (itself on an English page)."""
    code = str(get_locale() or DEFAULT)
    if code == DEFAULT:
        return dict(declaration)
    found = _kept.get((code, id(declaration)))
    if found is not None and found[0] is declaration:
        return found[1]
    gettext = engine_domain.get_translations().gettext
    translated: dict[str, Any] = _translated(declaration, None, gettext)
    if len(_kept) >= _KEEP:
        _kept.clear()
    _kept[(code, id(declaration))] = (declaration, translated)
    return translated


def word(text: str) -> str:
    """One of the declarations' words (a game's name, say) in the page's language."""
    if not text or str(get_locale() or DEFAULT) == DEFAULT:
        return text
    return str(engine_domain.get_translations().gettext(text))


def _translated(value: Any, key: str | None, gettext: Callable[[str], str]) -> Any:
    return _each_word(value, key, "", lambda text, where: gettext(text))


def _each_word(value: Any, key: str | None, where: str, visit: Callable[[str, str], str]) -> Any:
    """``value`` with each word a person reads (a string under a key of :data:`WORDS`) replaced
    by ``visit(word, where)``, ``where`` its path (``indian.options[1].label``)."""
    if isinstance(value, Mapping):
        return {name: _each_word(item, name, f"{where}.{name}" if where else str(name), visit)
                for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [_each_word(item, key, f"{where}[{index}]", visit) for index, item in enumerate(value)]
    if isinstance(value, str) and value and key in WORDS:
        return visit(value, where)
    return value


def words(declarations: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Every word a person reads in these declarations, each with where it is first found."""
    found: dict[str, str] = {}
    for declaration in declarations:
        _each_word(declaration, None, str(declaration.get("key", "")),
                   lambda text, where: found.setdefault(text, where))
    return found


def template() -> Catalog:
    """The engine's words' catalogue template: each word once, with where it is first found."""
    catalogue = catalogue_template.empty(DOMAIN)
    for word, where in words(variants()).items():
        catalogue.add(word, auto_comments=[f"A game's declaration: {where}"])
    return catalogue


if __name__ == "__main__":
    sys.exit(catalogue_template.write(template, sys.argv[1:]))
