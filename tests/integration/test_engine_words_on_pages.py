"""The games' declarations on the pages in each phone's language: the catalogue, the new-game
form and the hand-entry form show the engine's words from the phone's catalogue, and what the
forms send back (option and status keys) is the same in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from webpage import page

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def _word(language: str, english: str) -> str:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "engine.po", "rb") as file:
        found = read_po(file, locale=language, domain="engine").get(english)
    assert found is not None and found.string and found.string != english, f"{language}: {english!r}"
    return str(found.string)


def test_the_catalogue_page_shows_each_game_s_name_and_summary_in_the_phone_s_language(app: Flask) -> None:
    phone = app.test_client()
    text = page(phone.get("/variants", headers={"Accept-Language": "es"})).text
    summary = "Meld all 13 with two sequences, one pure; drops, wrong shows and an 80-point cap."
    assert " ".join(_word("es", summary).split()) in text
    assert summary not in text
    assert summary in page(phone.get("/variants", headers={"Accept-Language": "en"})).text


def test_a_game_started_on_a_hindi_phone_reads_its_options_in_hindi_and_keeps_their_keys(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    user.post("/language", data={"language": "hi", "next": "/"})
    form = page(user.get("/games/new?variant=indian"))
    assert _word("hi", "first drop") in form.text.lower() or _word("hi", "first drop") in form.text
    game = start_game(user, "indian", ["Asha", "Ravi"], first_drop=25)
    entry = page(user.get(f"/games/{game}/hands/new"))
    assert _word("hi", "First drop") in entry.text
    assert "First drop" not in entry.text
    # The status's key goes back as it is: Ravi's first drop costs the table's 25.
    assert record(user, game, {"out": "0", "p1-status": "first"}).status_code == 303
    sheet = user.get(f"/games/{game}/log.json").get_json()
    assert sheet["options"]["first_drop"] == 25


def _note(language: str, key: str) -> str:
    from scorekeeper.engine.notes import ENGLISH
    from scorekeeper.web import note_words  # noqa: F401  (the form's notes listed)

    with open(TRANSLATIONS / language / "LC_MESSAGES" / "notes.po", "rb") as file:
        found = read_po(file, locale=language, domain="notes").get(ENGLISH[key].template, context=key)
    assert found is not None and found.string
    return str(found.string)


def test_a_missed_tap_is_said_in_the_phone_s_language_with_the_game_s_own_verb(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "indian", ["Asha", "Ravi"])
    user.post("/language", data={"language": "hi", "next": "/"})
    refused = record(user, game, {"p1-count": "7"})
    assert refused.status_code == 422
    said = _note("hi", "form.tap_who").format(verb=_word("hi", "declared"))
    assert said in page(refused).text
    user.post("/language", data={"language": "en", "next": "/"})
    assert "Tap who declared." in page(record(user, game, {"p1-count": "7"})).text
