"""The rules' notes in every language: each note key of every game has a sentence in every
catalogue (``notes.po``), each keeping the values of its English, and a translation writes a note
from its key and values, in English where its words cannot."""

from __future__ import annotations

import json
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from scorekeeper.engine import games  # noqa: F401  (every game's notes listed)
from scorekeeper.engine.notes import ENGLISH, ENGLISH_LISTS, Translation, joined_by, messages, names, render
from scorekeeper.languages import DEFAULT, LANGUAGES
from scorekeeper.web.note_words import template

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
TRANSLATED = sorted(set(LANGUAGES) - {DEFAULT})
FORMS = {"plus", "list", "minus", "names"}


def _catalogue(language: str) -> Catalog:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "notes.po", "rb") as file:
        return read_po(file, locale=language, domain="notes")


#: forms only of how a value looks, which a language may write or leave out: lower case inside a
#: sentence (German nouns keep their capital), thousands marked with a comma (not everywhere the mark),
#: a number as English counts in order ("third": another language writes its own affix)
LOOKS = {"lower", "grouped", "ordinal", "often", "packs"}


def _values(text: str) -> dict[str, set[str]]:
    """Each value a template writes, with the forms it writes it in (a choice by number left out:
    a language may choose by number where English does not, or not where English does; and a
    form of how it looks, :data:`LOOKS`, counted as the value written plain)."""
    found: dict[str, set[str]] = {}
    for _, name, spec, _ in Formatter().parse(text):
        if name:
            forms = found.setdefault(name, set())
            if "|" not in (spec or ""):
                forms.add("" if spec in LOOKS else spec or "")
    return found


def test_the_notes_template_holds_every_note_of_every_game() -> None:
    """Run `make translations` when this fails: a note was added or its English changed."""
    with open(TRANSLATIONS / "notes.pot", "rb") as file:
        held = {(message.context, message.id) for message in read_po(file) if message.id}
    wanted = {(message.context, message.english) for message in messages()}
    assert held == wanted, f"not in notes.pot: {sorted(wanted - held)[:5]}; no longer a note: {sorted(held - wanted)[:5]}"
    assert {message.context for message in messages()} >= set(ENGLISH)


def test_the_template_gives_each_sentence_its_key_as_context() -> None:
    made = {message.context: message.id for message in template() if message.id}
    assert made["basic.collects"] == ENGLISH["basic.collects"].template


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_note_key_of_every_game_has_a_sentence_in_every_catalogue(language: str) -> None:
    catalogue = _catalogue(language)
    missing = [message.context for message in messages()
               if not (found := catalogue.get(message.english, context=message.context)) or not found.string
               or found.fuzzy]
    assert not missing, f"{language}: {len(missing)} notes untranslated or fuzzy, e.g. {missing[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translated_note_keeps_the_values_of_its_english(language: str) -> None:
    """A sentence that drops, renames or reforms a value would write the note in English instead."""
    catalogue = _catalogue(language)
    problems = []
    for message in messages():
        found = catalogue.get(message.english, context=message.context)
        if not found or not found.string:
            continue
        english, translated = _values(message.english), _values(str(found.string))
        if english != translated:
            problems.append(f"{message.context}: {english} != {translated}")
    assert not problems, f"{language}: " + "\n".join(problems[:10])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translated_note_is_a_template_the_engine_can_write(language: str) -> None:
    catalogue = _catalogue(language)
    texts = {message.context: str(found.string) for message in messages()
             if (found := catalogue.get(message.english, context=message.context)) and found.string}
    translation = Translation(texts)
    from scorekeeper.engine.notes import compile_sentence
    broken = []
    for key in ENGLISH:
        try:
            compile_sentence(translation.sentence(key), translation.forms)
        except ValueError as error:
            broken.append(f"{key}: {error}")
    assert not broken, "\n".join(broken[:10])


# -- a translation writing a note --------------------------------------------------------------

SPANISH_LISTS = {"2": "{0} y {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} y {1}"}
COLLECTS = {"player": "Ann", "hands": {"Bob": 45, "Cara": 30}, "total": 75}


def test_a_translated_note_is_written_from_its_key_and_values_in_that_language() -> None:
    spanish = Translation({"basic.collects": "{player} cierra y cobra {hands:plus} = {total}."}, SPANISH_LISTS)
    assert spanish.write("basic.collects", COLLECTS) == "Ann cierra y cobra Bob 45 + Cara 30 = 75."
    assert render("basic.collects", COLLECTS) == "Ann went out and collects Bob 45 + Cara 30 = 75."


def test_a_note_the_translation_lacks_is_written_in_english() -> None:
    assert Translation({}).write("basic.collects", COLLECTS) == render("basic.collects", COLLECTS)


def test_a_translated_note_missing_a_value_is_written_in_english_not_refused() -> None:
    broken = Translation({"basic.collects": "{player} cobra {winnings}."})
    assert broken.write("basic.collects", COLLECTS) == render("basic.collects", COLLECTS)
    unknown_form = Translation({"basic.collects": "{player} cobra {hands:sideways}."})
    assert unknown_form.write("basic.collects", COLLECTS) == render("basic.collects", COLLECTS)


def test_a_plain_text_note_is_written_as_it_is_in_every_language() -> None:
    assert Translation({}, SPANISH_LISTS).write("text", {"text": "Ann 5"}) == "Ann 5"


def test_names_are_joined_as_the_language_joins_a_list() -> None:
    spanish = joined_by(SPANISH_LISTS)
    assert spanish(["Ann"]) == "Ann"
    assert spanish(["Ann", "Bob"]) == "Ann y Bob"
    assert spanish(["Ann", "Bob", "Cara", "Dev"]) == "Ann, Bob, Cara y Dev"
    english = joined_by(ENGLISH_LISTS)
    for players in (["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cara"], ["Ann", "Bob", "Cara", "Dev", "Eve"]):
        assert english(players) == names(players)


def test_the_items_of_a_value_are_written_in_the_translation_s_words_and_comma() -> None:
    group = ENGLISH["phase10.phases"].group
    japanese = Translation({"phase10.phases": "フェーズ：{tried:tried}。", f"{group}/tried/made": "{player}はフェーズ{phase}達成",
                            f"{group}/tried/missed": "{player}はフェーズ{phase}未達", "notes.comma": "、"})
    tried = [{"player": "Ann", "kind": "made", "phase": 2}, {"player": "Bob", "kind": "missed", "phase": 1}]
    assert japanese.write("phase10.phases", {"tried": tried}) == "フェーズ：Annはフェーズ2達成、Bobはフェーズ1未達。"
    assert render("phase10.phases", {"tried": tried}) == "Phases: Ann made phase 2, Bob missed phase 1."


def test_the_in_browser_engine_writes_a_kept_hands_notes_in_the_page_s_language() -> None:
    from scorekeeper.engine.in_browser import score_waiting

    log = {"variant": "basic", "players": ["Ann", "Bob"], "options": {}, "hands": []}
    items = [{"id": "a", "number": 1, "fields": [["out", "0"], ["p1-count", "7"]]}]
    words = {"texts": {"basic.collects": "{player} cierra y cobra {hands:plus} = {total}."}, "lists": SPANISH_LISTS}
    spanish = json.loads(score_waiting(json.dumps(log), json.dumps(items), json.dumps(words)))
    english = json.loads(score_waiting(json.dumps(log), json.dumps(items)))
    assert spanish[0]["notes"] == ["Ann cierra y cobra Bob 7 = 7."]
    assert english[0]["notes"] == ["Ann went out and collects Bob 7 = 7."]
    assert spanish[0]["totals"] == english[0]["totals"] == {"Ann": 7, "Bob": 0}


SPANISH_EITHER = {"2": "{0} o {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} o {1}"}
NOTHING = {"name": "Cara", "statuses": ["Primer descarte", "Descarte medio", "Mala declaración"]}


def test_a_choice_of_several_is_joined_by_each_languages_or() -> None:
    assert render("form.nothing_count_or_cards_or_tap", {**NOTHING, "statuses": ["Drop", "Full count"]}) == (
        "Nothing typed for Cara: type their count, or pick their cards, or tap Drop or Full count.")
    spanish = Translation({"form.nothing_count_or_cards_or_tap": "Nada para {name}: toca {statuses:either}."},
                          SPANISH_LISTS, SPANISH_EITHER)
    assert spanish.write("form.nothing_count_or_cards_or_tap", NOTHING) == (
        "Nada para Cara: toca Primer descarte, Descarte medio o Mala declaración.")


def test_a_label_inside_a_sentence_is_lower_case_in_english_and_as_written_where_a_language_keeps_capitals() -> None:
    values = {"label": "Count", "example": 17, "text": "sieben"}
    assert render("form.whole_number", values) == "Type the count as a whole number, like 17 (not 'sieben')."
    german = Translation({"form.whole_number": "{label}: gib eine ganze Zahl ein, etwa {example} (nicht „{text}“)."})
    assert german.write("form.whole_number", {**values, "label": "Anzahl"}) == (
        "Anzahl: gib eine ganze Zahl ein, etwa 17 (nicht „sieben“).")


def test_a_bound_is_written_with_its_thousands_marked_in_english() -> None:
    assert render("form.too_big", {"text": "99999", "label": "Count", "most": 10_000}) == (
        "99999 is too big for the count: it is at most 10,000.")


def test_a_win_counted_in_order_is_a_word_in_english_and_a_number_with_the_languages_own_affix() -> None:
    values = {"player": "Ann", "win": 3, "points": 105, "games": ["I"]}
    assert render("hollywood.entered", values) == "Ann's third win: 105 entered in game I."
    assert render("hollywood.entered", {**values, "win": 22}) == "Ann's 22nd win: 105 entered in game I."
    spanish = Translation({"hollywood.entered": "{win}.ª victoria de {player}: {points} en la partida {games:names}."})
    assert spanish.write("hollywood.entered", values) == "3.ª victoria de Ann: 105 en la partida I."
    # A translation that kept English's form still writes the number, never an English word.
    kept = Translation({"hollywood.entered": "{player} gana por {win:ordinal} vez: {points} en {games:names}."})
    assert kept.write("hollywood.entered", values) == "Ann gana por 3 vez: 105 en I."
