"""The words the scripts write come from the catalogues (scorekeeper/web/script_words.py): every
page not in English carries them in its JSON block, in the reader's language, and words.js comes before every
other script.  Every ``words("key", {values}, "English")`` call in ``static/*.js`` names a key the
block holds (and the block holds no key no script asks for), its English is the message's own,
and its values are the message's placeholders, no more and no fewer."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.language import COOKIE
from scorekeeper.web.script_words import WORDS

STATIC = Path(__file__).resolve().parents[2] / "static"
BLOCK = re.compile(r'<script type="application/json" id="script-words">(.*?)</script>', re.S)
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
SCRIPT_SRC = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')


class Call(NamedTuple):
    where: str
    key: str
    values: frozenset[str]
    english: str


def _arguments(source: str, start: int) -> list[str]:
    """The arguments of the call whose "(" is just before ``start``, as source text."""
    arguments, depth, begun, at = [], 0, start, start
    while True:
        char = source[at]
        if char in "\"'":
            at += 1
            while source[at] != char:
                at += 2 if source[at] == "\\" else 1
        elif char in "([{":
            depth += 1
        elif char in ")]}" and depth:
            depth -= 1
        elif char in ",)" and not depth:
            arguments.append(source[begun:at].strip())
            if char == ")":
                return arguments
            begun = at + 1
        at += 1


def _string(text: str) -> str:
    """A string literal, or literals joined by +, as the script has it."""
    parts = re.fullmatch(r'"(?:[^"\\]|\\.)*"(?:\s*\+\s*"(?:[^"\\]|\\.)*")*', text)
    assert parts, f"not a string literal: {text}"
    return "".join(json.loads(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', text))


def _names(values: str) -> frozenset[str]:
    """The names an object literal gives (``{ number: n, first: a }``); ``null`` gives none."""
    if values == "null":
        return frozenset()
    assert values.startswith("{") and values.endswith("}"), f"not an object literal: {values}"
    names = [re.match(r"(\w+)\s*:", part) for part in _arguments(values[1:-1] + ")", 0)]
    assert all(names), f"not name: value pairs: {values}"
    return frozenset(name.group(1) for name in names if name)


def _calls() -> list[Call]:
    found = []
    for script in sorted(STATIC.glob("*.js")):
        # (comment lines blanked: words.js shows a call in its own)
        source = "\n".join("" if line.lstrip().startswith("//") else line
                           for line in script.read_text(encoding="utf-8").splitlines())
        for match in re.finditer(r"(?<![\w.])words\(", source):
            arguments = _arguments(source, match.end())
            where = f"{script.name}:{source.count(chr(10), 0, match.start()) + 1}"
            assert len(arguments) == 3, f"{where}: words(key, values, English) takes three arguments"
            found.append(Call(where, _string(arguments[0]), _names(arguments[1]), _string(arguments[2])))
    return found


def _block(client: FlaskClient, path: str) -> dict[str, Any]:
    response = client.get(path)
    assert response.status_code == 200, path
    found = BLOCK.search(response.get_data(as_text=True))
    assert found, f"{path} has no words block"
    words: dict[str, Any] = json.loads(found.group(1))
    return words


def test_the_scripts_ask_for_every_word_the_block_holds_and_no_other(client: FlaskClient) -> None:
    calls = _calls()
    asked = {call.key for call in calls}

    assert len(calls) > 50  # (the parser found them)
    assert asked == set(WORDS), f"asked, not held: {asked - set(WORDS)}; held, not asked: {set(WORDS) - asked}"
    client.set_cookie(COOKIE, "de")
    assert set(_block(client, "/login")) == set(WORDS)


def test_an_english_page_carries_no_words_block_as_each_script_carries_its_english(
        client: FlaskClient) -> None:
    english = client.get("/login").get_data(as_text=True)  # a browser asking for no language reads English
    client.set_cookie(COOKIE, "hi")
    hindi = client.get("/login").get_data(as_text=True)

    assert not BLOCK.search(english) and "/static/words.js" in english
    assert BLOCK.search(hindi)


def test_each_calls_english_is_its_messages_own_with_the_values_it_fills_in(app: Flask) -> None:
    with app.test_request_context():  # (no language asked for: English)
        english = {key: str(words) for key, words in WORDS.items()}

    for call in _calls():
        assert call.english == english[call.key], call.where
        assert set(PLACEHOLDER.findall(english[call.key])) == call.values, call.where


def test_a_phone_that_chose_spanish_gets_the_spanish_words_with_their_placeholders(
        client: FlaskClient) -> None:
    client.set_cookie(COOKIE, "es")
    spanish = _block(client, "/login")

    assert spanish["links.copy"] == "Copiar enlace"
    assert spanish["outbox.record_as"] == "Registrar la mía como mano %(number)s"
    assert spanish["engine.downloading_percent"] == "Descargando el motor de puntuación: %(percent)s%%."


def test_words_js_comes_before_every_other_script_of_a_page(user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "gin", ["Ann", "Bob"])

    user.set_cookie(COOKIE, "ja")  # (a page with a words block)
    for path in ("/games", f"/games/{game}", f"/games/{game}/hands/new", "/games/new?variant=gin", "/offline"):
        html = user.get(path).get_data(as_text=True)
        sources = SCRIPT_SRC.findall(html)
        assert sources and sources[0] == "/static/words.js", path
    assert '"/static/words.js"' in user.get("/sw.js").get_data(as_text=True)  # precached with the others
