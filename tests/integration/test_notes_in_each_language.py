"""The rules' notes in each phone's language: one game's hand read at once by a phone in Spanish
and one in English, each with its own words for the same note, the names and numbers the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from webpage import page

from scorekeeper.engine import games  # noqa: F401  (every game's notes listed)
from scorekeeper.engine.notes import ENGLISH

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def _sentence(language: str, key: str) -> str:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "notes.po", "rb") as file:
        found = read_po(file, locale=language, domain="notes").get(ENGLISH[key].template, context=key)
    assert found is not None and found.string, f"{language} has no sentence for {key}"
    return str(found.string)


def _notes(client: FlaskClient, path: str, **headers: str) -> list[str]:
    return [item.text for notes in page(client.get(path, headers=headers)).find_all("ul", cls="notes")
            for item in notes.find_all("li")]


def _live_link(user: FlaskClient, game: int) -> str:
    user.post(f"/games/{game}/share")
    link = page(user.get(f"/games/{game}")).one(cls="share-url").one("a").get("href") or ""
    return link[link.index("/s/"):]


def test_two_phones_read_one_hands_note_each_in_its_own_language(
        app: Flask, user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])
    assert record(user, game, {"out": "0", "p1-count": "7"}).status_code == 303
    live = _live_link(user, game)
    spanish, english = app.test_client(), app.test_client()

    expected = _sentence("es", "basic.collects").replace("{hands:plus}", "Bob 7").format(player="Ann", total=7)
    assert expected in _notes(spanish, live, **{"Accept-Language": "es"})
    assert "Ann went out and collects Bob 7 = 7." in _notes(english, live, **{"Accept-Language": "en"})
    assert "Ann went out and collects Bob 7 = 7." not in _notes(spanish, live, **{"Accept-Language": "es"})


def test_the_keepers_own_sheet_writes_the_notes_in_the_language_it_switched_to(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "1", "p0-count": "12", "p2-count": "3"}).status_code == 303
    user.post("/language", data={"language": "hi", "next": "/"})
    expected = _sentence("hi", "basic.collects").replace("{hands:plus}", "Ann 12 + Cara 3").format(player="Bob", total=15)
    assert expected in _notes(user, f"/games/{game}")
    assert expected in _notes(user, f"/games/{game}/review")
