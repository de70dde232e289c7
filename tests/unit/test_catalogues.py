"""The translation catalogues: every language complete, none fuzzy, every placeholder kept, and
the template (messages.pot) holding every message the code and the templates have today."""

from __future__ import annotations

from configparser import ConfigParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper.languages import DEFAULT, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None, "_l": None,
            "_n": (1, 2), "_p": ((1, "c"), 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = sorted(set(LANGUAGES) - {DEFAULT})


def _catalogue(language: str) -> Catalog:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as file:
        return read_po(file, locale=language)


def _extracted() -> set[str]:
    """Every message id the sources hold today, as `make translations` extracts them (babel.cfg)."""
    config = ConfigParser()
    config.read(ROOT / "babel.cfg")
    method_map = [(section.split(":", 1)[1].strip(), section.split(":", 1)[0].strip())
                  for section in config.sections()]
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT, method_map, keywords=KEYWORDS,
            callback=None, strip_comment_tags=True):
        found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_language_the_switch_offers_has_a_catalogue() -> None:
    for language in TRANSLATED:
        assert (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").is_file(), language


def test_the_catalogues_template_holds_every_message_of_the_code_and_templates() -> None:
    """Run `make translations` when this fails: a message was added or changed and not extracted."""
    with open(TRANSLATIONS / "messages.pot", "rb") as file:
        template = {message.id if isinstance(message.id, str) else message.id[0]
                    for message in read_po(file) if message.id}
    extracted = _extracted()
    assert not extracted - template, f"not in messages.pot: {sorted(extracted - template)[:10]}"
    assert not template - extracted, f"in messages.pot but no longer in the code: {sorted(template - extracted)[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(language: str) -> None:
    """A message left untranslated or fuzzy shows in English on that language's phones."""
    with open(TRANSLATIONS / "messages.pot", "rb") as file:
        wanted = {message.id if isinstance(message.id, str) else message.id[0]
                  for message in read_po(file) if message.id}
    catalogue = _catalogue(language)
    missing, fuzzy = [], []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(strings):
            missing.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    held = {message.id if isinstance(message.id, str) else message.id[0] for message in catalogue if message.id}
    assert not wanted - held, f"{language}: not in the catalogue (make translations): {sorted(wanted - held)[:10]}"
    assert not missing, f"{language}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{language}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_message(language: str) -> None:
    """A translation that drops or renames a %(name)s would fail at the table, when the page is drawn."""
    problems = []
    for message, errors in _catalogue(language).check():
        problems += [f"{message.id!r}: {error}" for error in errors]
    assert not problems, "\n".join(problems[:10])
