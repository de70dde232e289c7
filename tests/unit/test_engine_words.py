"""The games' declarations in every language: every word a person reads in the engine's
declarations has a translation in every catalogue (``engine.po``), and a declaration shown in a
language keeps every key and value a page sends back."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from scorekeeper.engine import variants
from scorekeeper.web.engine_words import WORDS, shown, words
from scorekeeper.languages import DEFAULT, LANGUAGES

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
TRANSLATED = sorted(set(LANGUAGES) - {DEFAULT})


def test_the_engine_words_template_holds_every_word_of_every_declaration() -> None:
    """Run `make translations` when this fails: a declaration's words were added or changed."""
    with open(TRANSLATIONS / "engine.pot", "rb") as file:
        held = {message.id for message in read_po(file) if message.id}
    wanted = set(words(variants()))
    assert held == wanted, f"not in engine.pot: {sorted(wanted - held)[:5]}; no longer declared: {sorted(held - wanted)[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_declared_word_of_every_game_is_translated_in_every_catalogue(language: str) -> None:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "engine.po", "rb") as file:
        catalogue = read_po(file, locale=language, domain="engine")
    missing = [word for word in words(variants())
               if not (found := catalogue.get(word)) or not found.string or found.fuzzy]
    assert not missing, f"{language}: {len(missing)} words untranslated or fuzzy, e.g. {missing[:5]}"


def _differences(english: object, other: object, key: str | None = None) -> list[str]:
    """Where two declarations differ other than in a word a person reads."""
    if isinstance(english, dict) and isinstance(other, dict):
        if english.keys() != other.keys():
            return [f"keys {sorted(english)} != {sorted(other)}"]
        return [found for name in english for found in _differences(english[name], other[name], name)]
    if isinstance(english, list) and isinstance(other, list):
        if len(english) != len(other):
            return [f"{key}: {len(english)} items != {len(other)}"]
        return [found for one, two in zip(english, other, strict=True) for found in _differences(one, two, key)]
    if english != other and not (isinstance(english, str) and key in WORDS):
        return [f"{key}: {english!r} != {other!r}"]
    return []


def test_a_declaration_shown_in_hindi_has_its_words_in_hindi_and_every_key_as_it_was(app: Flask) -> None:
    indian = next(variant for variant in variants() if variant["key"] == "indian")
    with app.test_request_context(headers={"Accept-Language": "hi"}):
        hindi = shown(indian)
    assert not _differences(indian, hindi)
    assert hindi["name"] != indian["name"]
    statuses = {status["key"]: status["label"] for status in hindi["entry"]["statuses"]}
    assert statuses["first"] != "First drop" and statuses["first"]
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert shown(indian) == indian
