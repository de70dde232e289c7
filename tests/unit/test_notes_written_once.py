"""Each note is written once: its key's one sentence, rendered from its values.

No note is made with its text beside it (a second copy of the sentence to
keep in step), no sentence of a module's ``NOTES`` is written out a second
time anywhere in the code, every note of a replayed game of every variant is
its key's sentence written with its values alone (as the sheet's
``note_keys`` give them, through JSON), and another table's words render
from the same keys and values the way a translation will.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from test_note_keys import GAMES

from scorekeeper.engine import InvalidEntry, guide, replay
from scorekeeper.engine import notes as notes_module
from scorekeeper.engine.declare import Note
from scorekeeper.engine.notes import ENGLISH, Sentence, Words, render
from tests.browser.random_games import random_games

PACKAGE = Path(notes_module.__file__).parents[1]
SOURCES = sorted(PACKAGE.rglob("*.py"))


def calls_of(name: str) -> list[tuple[Path, ast.Call]]:
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
                found.append((path, node))
    return found


def test_a_note_is_made_from_its_key_and_values_only():
    made = calls_of("Note")
    assert len(made) > 50  # every game module makes its notes this way
    for path, call in made:
        where = f"{path.name}:{call.lineno}"
        assert len(call.args) == 1, f"{where}: Note(key, **values), no text beside the key"
        assert not isinstance(call.args[0], ast.JoinedStr), where


def test_text_beside_a_key_is_rendered_from_the_key():
    for path, call in calls_of("render"):
        assert all(not isinstance(arg, (ast.JoinedStr, ast.BinOp)) for arg in call.args), f"{path.name}:{call.lineno}"


def literal_words(template: str) -> list[str]:
    """The longer stretches of words between a template's values."""
    return [literal.strip() for literal, _, _, _ in Formatter().parse(template) if len(literal.strip()) >= 20]


def every_template() -> list[str]:
    templates = []
    for sentence in ENGLISH.values():
        templates.append(sentence.template)
        for words in sentence.words.values():
            templates += [*words.words.values(), *words.after.values()]
    return templates


def strings_in_code(path: Path) -> list[str]:
    """Every string the code of a module writes (its literals and f-strings' words), docstrings aside."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {id(body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and (body := node.body) and isinstance(body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_sentence_is_written_out_a_second_time_in_the_code():
    source = "\n".join(text for path in SOURCES for text in strings_in_code(path))
    templates = every_template()
    # (The guide's shared parts are a few words a rule's help may say too: "last player left wins".)
    for template in set(templates) - set(guide.NOTES.values()):
        for words in literal_words(template):
            listed = sum(other.count(words) for other in templates)
            assert source.count(words) <= listed, f"{words!r} is written outside the notes' sentences"


@pytest.fixture(scope="module")
def random_sheets() -> list[dict[str, Any]]:
    sheets = []
    for _, logs in random_games(3, "notes"):
        for log in logs:
            try:
                sheets.append(replay(log))
            except InvalidEntry:
                continue
    return sheets


def test_every_note_of_random_games_of_every_variant_is_its_sentence_from_its_values(random_sheets):
    seen = set()
    for sheet in [*random_sheets, *(replay(game) for game in GAMES.values())]:
        read = json.loads(json.dumps(sheet))
        for row, read_row in zip(sheet["hands"], read["hands"], strict=True):
            for text, keyed in zip(row["notes"], read_row["note_keys"], strict=True):
                assert render(keyed["key"], keyed["values"]) == text
                seen.add(sheet["variant"])
        for text in sheet["final_notes"]:
            if isinstance(text, Note):
                assert render(text.key, json.loads(json.dumps(text.values))) == text
    assert len(seen) == len({sheet["variant"] for sheet in random_sheets}) > 15


PIRATE = {
    "sai.collects": Sentence("{player} be out, an' takes {hands:plus} = {total} doubloons.", {}),
    "knock.knocker_beaten": Sentence("{knocker} knocked on {count}, but {winners:names} {winners:holds|hold} "
                                     "{lowest}.", {}),
    "indian.points": Sentence("{hands:lines}!", {"lines": Words(
        {"count": "{player} owes {points}", "first_drop": "{player} fled first, {points}"},
        after={"capped_at": " (no more than {capped_at})"}, sep=" an' ")}),
}


@pytest.mark.parametrize(("key", "values", "sentence"), [
    ("sai.collects", {"player": "Ann", "hands": {"Bob": 45, "Cara": 30}, "total": 75},
     "Ann be out, an' takes Bob 45 + Cara 30 = 75 doubloons."),
    ("knock.knocker_beaten", {"knocker": "Ann", "count": 5, "winners": ["Bob", "Cara"], "lowest": 2},
     "Ann knocked on 5, but Bob and Cara hold 2."),
    ("knock.knocker_beaten", {"knocker": "Ann", "count": 5, "winners": ["Bob"], "lowest": 2},
     "Ann knocked on 5, but Bob holds 2."),
    ("indian.points", {"hands": {"Bob": {"kind": "count", "points": 95, "capped_at": 80},
                                 "Cara": {"kind": "first_drop", "points": 20}}},
     "Bob owes 95 (no more than 80) an' Cara fled first, 20!"),
])
def test_another_tables_words_render_from_the_same_key_and_values(key, values, sentence):
    assert render(key, values, PIRATE) == sentence
    assert render(key, values) != sentence  # the English stays the English


@pytest.mark.parametrize(("template", "message"), [
    ("{player!r} went out.", "value's name"),
    ("{hands[0]} went out.", "value's name"),
    ("{hands:sideways} went out.", "not a form"),
])
def test_a_template_that_is_not_a_notes_sentence_is_refused(template, message):
    with pytest.raises(ValueError, match=message):
        notes_module.compile_template(template, {})


def test_a_key_listed_twice_with_two_sentences_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        notes_module.sentences({"sai.collects": "{player} collects."})
    assert ENGLISH["sai.collects"].template.startswith("{player} went out and collects")


@pytest.mark.parametrize(("template", "values", "sentence"), [
    ('He said "{word}" \\ {n}.', {"word": "gin", "n": 3}, 'He said "gin" \\ 3.'),
    ("{{braces}} {n}", {"n": 1}, "{braces} 1"),
    ("{differences:plus}", {"differences": []}, "0"),
    ("{hands:minus}", {"hands": {"Bob": 4}}, "Bob -4"),
    ("game{games:|s} {games:names}", {"games": ["I", "II", "III"]}, "games I, II and III"),
    ("{count} canasta{count:|s}", {"count": 1}, "1 canasta"),
])
def test_a_templates_quotes_braces_and_forms_come_out_as_written(template, values, sentence):
    assert notes_module.compile_template(template, {})(values) == sentence


def test_a_note_without_a_value_its_sentence_writes_is_refused():
    with pytest.raises(KeyError, match="hands"):
        Note("sai.collects", player="Ann", total=75)
    with pytest.raises(KeyError, match="sai.no_such_note"):
        Note("sai.no_such_note")
