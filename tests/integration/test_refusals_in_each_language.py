"""The engine's refusals in the reader's language: where it is ("hand 1, Bob") and what is wrong,
each written from its key by that language's sentences, on the API, the import and the forms; the
codes stay English and stable, and an English reader reads the engine's own English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from apikit import Api, make_token
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import import_refused_in, page

from scorekeeper.engine.notes import messages
from scorekeeper.extensions import db
from scorekeeper.models import Player

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
ENGLISH = {message.context: message.english for message in messages()}


def _sentence(language: str, key: str) -> str:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "notes.po", "rb") as file:
        found = read_po(file, locale=language, domain="notes").get(ENGLISH[key], context=key)
    assert found is not None and found.string and found.string != ENGLISH[key], f"{language} lacks {key}"
    return str(found.string)


def _written(template: str, **values: Any) -> str:
    for name, value in values.items():
        template = template.replace(f"{{{name}}}", str(value))
    return template


BAD_CARD = {"out": "Ann", "hands": {"Bob": {"cards": "ZZ"}, "Cara": {"count": 4}}}


def _api_refusal(app: Flask, user: FlaskClient, language: str) -> dict[str, Any]:
    api = Api(app, make_token(user))
    game = api.new_game("basic", ["Ann", "Bob", "Cara"])
    response = api.client.post(f"/api/v1/games/{game}/hands", json={"entry": BAD_CARD},
                               headers=api.headers(**{"Accept-Language": language}))
    assert response.status_code == 422
    return dict(response.get_json())


def test_an_api_refusal_is_written_whole_in_the_readers_language_its_code_unchanged(app, user):
    said = _api_refusal(app, user, "es")
    english = _api_refusal(app, user, "en")
    assert said["code"] == english["code"] == "invalid_entry"  # what a script reads stays the same
    card = _written(_sentence("es", "cards.write_cards"), token="ZZ")
    assert said["error"] == _written(_sentence("es", "errors.hand_player"), hand=1, player="Bob", message=card)
    assert english["error"] == 'hand 1, Bob: "ZZ" is not a card (write rank then suit, like 10H, QS or JK)'


def test_an_import_refused_for_a_hand_that_cannot_score_says_why_in_the_readers_language(app, user):
    api = Api(app, make_token(user))
    game = api.new_game("basic", ["Ann", "Bob", "Cara"])
    hand = {"out": "Ann", "hands": {"Bob": {"cards": "KH"}, "Cara": {"count": 4}}}
    assert api.record(game, hand).status_code == 201
    backup = json.loads(user.get("/backup/export.json").get_data())
    backup["games"][0]["hands"][0]["hands"]["Bob"] = {"cards": "ZZ"}  # a hand that cannot score
    api.delete(f"/games/{game}")  # (else the import would find the game already here)
    body = json.dumps(backup).encode()

    hindi, english = import_refused_in(user, body, "hi"), import_refused_in(user, body, "en")
    assert 'hand 1, Bob: "ZZ" is not a card' in english
    prefix = _written(_sentence("hi", "errors.hand_player"), hand=1, player="Bob", message="\0").split("\0")[0]
    assert prefix in hindi and "is not a card" not in hindi


def _look_alike(language: str) -> str:
    """'"Ann" and "Ann<U+200B>" look the same' in ``language``."""
    return _written(_sentence(language, "bounds.refuse.look_the_same"), first='"Ann"', second='"Ann<U+200B>"')


def test_a_rename_to_a_look_alike_says_the_names_look_the_same_in_the_readers_language(app, user):
    user.post("/players/", data={"name": "Ann"})
    user.post("/players/", data={"name": "Bob"})
    user.post("/language", data={"language": "it", "next": "/"})
    with app.app_context():
        bob = db.session.scalar(select(Player.id).where(Player.name == "Bob"))

    response = user.post(f"/players/{bob}/rename", data={"name": "Ann\u200b"})

    assert response.status_code == 422
    said = page(response).error_near("name")
    assert _look_alike("it") in said and "look the same" not in said


def test_a_look_alike_seated_twice_is_refused_in_the_readers_language(user):
    user.post("/language", data={"language": "fr", "next": "/"})

    response = user.post("/games/new?variant=basic", data={"variant": "basic", "first_dealer": "0",
                                                               "seat-0": "Ann", "seat-1": "Ann\u200b"})

    assert response.status_code == 422
    said = page(response).error_near("seat-1")
    assert _look_alike("fr") in said and "look the same" not in said
