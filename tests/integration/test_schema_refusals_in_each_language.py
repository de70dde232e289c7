"""A body or a file of the wrong shape, refused in the reader's language: what the JSON Schema
found wrong (a field missing, a value of the wrong kind or past its bound) is said from the
catalogue's sentences, never in ``jsonschema``'s English; where it is stays a JSON path, and the
API's code its fixed English word."""

from __future__ import annotations

import json
from gettext import c2py
from pathlib import Path
from typing import Any

import pytest
from apikit import Api, make_token
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale
from jsonschema import Draft202012Validator
from webpage import import_refused_in

from scorekeeper import schema_words
from scorekeeper.services.backup import export_schema
from scorekeeper.web.openapi import document

#: where, then what: in most languages the English form itself
PLACE = "%(where)s: %(problem)s"
TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"

#: the keywords of JSON Schema that refuse a value (the rest only describe, combine or point)
REFUSING = {"type", "required", "additionalProperties", "minimum", "maximum", "exclusiveMinimum",
            "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "enum", "const",
            "pattern", "anyOf", "oneOf", "not", "uniqueItems", "minProperties", "maxProperties",
            "multipleOf", "dependentRequired", "propertyNames", "contains"}


def _walk(schema: Any) -> list[dict[str, Any]]:
    """Every schema object inside ``schema``."""
    found: list[dict[str, Any]] = []
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _schemas(app: Flask) -> list[dict[str, Any]]:
    with app.app_context():
        return _walk(export_schema()) + _walk(document()["components"]["schemas"])


def _translated(language: str, english: str, count: int | None = None) -> str:
    """The catalogue's translation of ``english`` (of its plural, the form for ``count``)."""
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as file:
        catalogue = read_po(file, locale=language)
    found = catalogue[english]
    assert found is not None, english
    text = found.string if count is None else found.string[c2py(catalogue.plural_expr)(count)]
    assert isinstance(text, str) and text, f"{language} lacks {english!r}"
    assert text != english or english == PLACE, f"{language} keeps the English of {english!r}"
    return text


def test_every_keyword_the_schemas_check_has_a_sentence_of_its_own(app):
    """A keyword with no sentence would say only "is not what this place takes"."""
    used = {key for schema in _schemas(app) for key in schema if key in REFUSING}
    assert used, "the schemas check nothing?"
    assert used <= set(schema_words._SAID), f"no sentence for {sorted(used - set(schema_words._SAID))}"


def test_every_pattern_in_the_schemas_has_its_title_in_the_catalogue(app):
    """A pattern is said by its title ("is not a uid of 1 to 36 visible characters"), in the reader's words."""
    titles = {schema.get("title") for schema in _schemas(app) if "pattern" in schema}
    assert None not in titles, "a pattern with no title says only that the form is wrong"
    assert titles <= set(schema_words.TITLES), sorted(titles - set(schema_words.TITLES))


@pytest.mark.parametrize(("schema", "data", "said"), [
    ({"type": "object", "required": ["variant", "players"]}, {}, "'variant' and 'players' are missing"),
    ({"type": "object", "properties": {"a": {}}, "additionalProperties": False}, {"a": 1, "b": 2},
     "'b' is not a field here"),
    ({"type": "integer"}, "1", "'1' is not a whole number"),
    ({"type": ["string", "null"]}, 7, "7 is not a text or null"),
    ({"type": "integer", "minimum": 1}, 0, "0 is less than 1, the least allowed"),
    ({"type": "integer", "maximum": 10}, 10**20, "a number of 21 digits is more than 10, the most allowed"),
    ({"type": "string", "minLength": 1}, "", "is empty: at least 1 character"),
    ({"type": "string", "maxLength": 3}, "Annabel", "'Annabel' is too long: at most 3 characters"),
    ({"type": "array", "maxItems": 2}, [1, 2, 3], "holds 3 items; at most 2"),
    ({"type": "array", "minItems": 2}, [1], "holds 1 item; at least 2"),
    ({"enum": ["gin", "basic"]}, "poker", "'poker' is not one of 'gin' or 'basic'"),
    ({"enum": ["keeper"]}, "email", "'email' is not 'keeper'"),
    ({"const": "scorekeeper-game"}, "x", "'x' is not 'scorekeeper-game'"),
    ({"type": "string", "pattern": "^[a-z]+$", "title": "a name with no control characters"}, "A\x01",
     "'A\\x01' is not a name with no control characters"),
    ({"anyOf": [{"type": "integer", "maximum": 10}, {"type": "null"}]}, 50, "50 is more than 10, the most allowed"),
    ({"anyOf": [{"type": "integer"}, {"enum": ["all"]}, {"type": "null"}]}, "x",
     "'x' is not a whole number, 'all', or null"),
])
def test_a_schemas_refusal_is_said_from_what_the_fault_carries(app, schema, data, said):
    fault = schema_words.nearest(next(Draft202012Validator(schema).iter_errors(data)))
    with app.test_request_context(), force_locale("en"):
        assert schema_words.said(fault) == said


def test_a_keyword_no_schema_uses_is_said_plainly_not_in_jsonschemas_english(app):
    fault = next(Draft202012Validator({"multipleOf": 5}).iter_errors(7))
    with app.test_request_context(), force_locale("en"):
        assert schema_words.said(fault) == "7 is not what this place takes"
    assert "multiple" in fault.message  # (jsonschema's own English, which the reader never sees)


def _api_refusal(app: Flask, user: FlaskClient, body: Any, language: str) -> dict[str, Any]:
    api = Api(app, make_token(user))
    response = api.client.post("/api/v1/games", json=body, headers=api.headers(**{"Accept-Language": language}))
    assert response.status_code == 422
    return dict(response.get_json())


@pytest.mark.parametrize("language", ["es", "hi", "ar"])
def test_an_api_body_of_the_wrong_shape_is_refused_in_the_readers_language(app, user, language):
    body = {"variant": "gin", "players": ["Ann", 7]}
    said, english = _api_refusal(app, user, body, language), _api_refusal(app, user, body, "en")
    assert english == {"code": "invalid_request", "error": "players/1: 7 is not a text", "where": "players/1"}
    assert said["code"] == "invalid_request" and said["where"] == "players/1"  # a script reads these alike
    sentence = _translated(language, "%(value)s is not %(kind)s") % {
        "value": "7", "kind": _translated(language, "a text")}
    assert said["error"] == _translated(language, PLACE) % {
        "where": "players/1", "problem": sentence}


def test_a_missing_field_is_named_in_the_readers_language_with_its_plural(app, user):
    said = _api_refusal(app, user, {}, "de")
    assert said["error"] == _translated("de", "%(names)s is missing", 2) % {"names": "'variant' und 'players'"}


def test_an_import_of_the_wrong_shape_is_refused_in_the_readers_language(app, user):
    api = Api(app, make_token(user))
    api.new_game("basic", ["Ann", "Bob", "Cara"])
    backup = json.loads(user.get("/backup/export.json").get_data())
    backup["games"] = {}  # a list, in any export
    body = json.dumps(backup).encode()

    japanese, english = import_refused_in(user, body, "ja"), import_refused_in(user, body, "en")
    assert "games: {} is not a list." in english
    sentence = _translated("ja", "%(value)s is not %(kind)s") % {"value": "{}", "kind": _translated("ja", "a list")}
    assert sentence in japanese and "is not a list" not in japanese
