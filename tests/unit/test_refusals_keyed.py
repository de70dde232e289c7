"""Every refusal the engine raises is a keyed note, so each phone reads it in its own language.

A refusal written as a plain English string would reach a Spanish or Hindi
page in English: the pages write an :class:`~scorekeeper.engine.InvalidEntry`
again from its message's key and values (``error.note``, with where it is:
"hand 3, Bob: ..."), and a plain string has neither.  This reads the
engine's code for a refusal made from a literal text, and raises refusals
of each kind to check the whole message keeps its key and its English.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.declare import Note
from scorekeeper.engine.notes import Translation, render

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"

#: the calls that make a refusal, and the argument that holds its words
REFUSING = {"invalid": 0, "_invalid": 0, "InvalidEntry": 0, "CardError": 0}


def _literal(node: ast.AST | None) -> bool:
    """A text written out in the code: a string, an f-string, or one joined from them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _literal(node.left) or _literal(node.right)
    return False


def _refusals_with_literal_words() -> list[str]:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in REFUSING:
                words = node.args[REFUSING[name]] if len(node.args) > REFUSING[name] else None
                words = words or next((kw.value for kw in node.keywords if kw.arg == "message"), None)
                if _literal(words):
                    found.append(f"{path.relative_to(ENGINE)}:{node.lineno}")
            if name == "missing" and any(kw.arg == "why" and _literal(kw.value) for kw in node.keywords):
                found.append(f"{path.relative_to(ENGINE)}:{node.lineno} (why)")
    return found


def test_no_refusal_of_the_engine_is_written_as_a_plain_english_text():
    assert _refusals_with_literal_words() == []


def _refusal(log: dict[str, Any]) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as raised:
        replay(log)
    return raised.value


BASIC = {"variant": "basic", "players": ["Ann", "Bob", "Cara"]}


@pytest.mark.parametrize("log", [
    {**BASIC, "hands": [{"out": "Ann", "hands": {"Bob": {"cards": "ZZ"}, "Cara": {"count": 4}}}]},  # a card that is not one
    {**BASIC, "hands": [{"out": "Dan", "hands": {"Bob": {"count": 3}, "Cara": {"count": 4}}}]},  # someone not at the table
    {**BASIC, "hands": [{"out": "Ann", "hands": {"Bob": ["ZZ"], "Cara": {"count": 4}}}]},  # neither cards nor a count
    {**BASIC, "hands": [{"out": "Ann", "hands": {"Bob": {"count": -3}, "Cara": {"count": 4}}}]},  # a count below nothing
    {**BASIC, "options": {"target": "lots"}, "hands": []},  # an option of the wrong kind
    {**BASIC, "players": ["Ann", "Ann"], "hands": []},  # one name twice
    {"variant": "nosuchgame", "players": ["Ann", "Bob"], "hands": []},  # no such game
])
def test_a_refusal_keeps_its_key_and_values_and_writes_the_same_english(log):
    error = _refusal(log)
    assert isinstance(error.message, Note), error.message
    note = error.note
    assert isinstance(note, Note) and note.key.startswith("errors.") or note is error.message
    assert str(note) == str(error)  # the key changes none of the English the API and its clients read
    assert render(note.key, note.values) == str(error)


def test_a_refusal_is_written_whole_in_another_tables_words_from_its_key():
    error = _refusal({**BASIC, "hands": [{"out": "Ann", "hands": {"Bob": {"cards": "ZZ"}, "Cara": {"count": 4}}}]})
    note = error.note
    assert note.key == "errors.hand_player"
    words = Translation({"errors.hand_player": "mano {hand}, {player} — {message}",
                         error.message.key: "«{token}» no es una carta"})
    inner = words.write(error.message.key, error.message.values)
    assert words.write(note.key, {**note.values, "message": inner}) == "mano 1, Bob — «ZZ» no es una carta"
