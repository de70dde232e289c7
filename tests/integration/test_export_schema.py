"""The export format is a published JSON Schema: every export the app writes is valid against it,
its bounds are the engine's, and the app serves it to anyone who writes a file to import."""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator
from test_backup import GAMES, ann, played  # noqa: F401  (ann is a fixture)
from webpage import page

from scorekeeper.engine.bounds import MAX_CARDS_TEXT, MAX_COUNT, MAX_HANDS, MAX_NAME
from scorekeeper.services import backup
from scorekeeper.services.game_types import MAX_GAME_TYPES

HOUSE = {"variant": "house", "options": {"name": "Loba", "entry": "cards", "scoring": "own", "lowest_wins": True}}


def published() -> dict[str, Any]:
    return backup.export_schema()


def valid(data: Any) -> list[str]:
    """Every fault a plain Draft 2020-12 validator finds in ``data`` against the published schema."""
    return [f"{'/'.join(map(str, fault.absolute_path))}: {fault.message}"
            for fault in Draft202012Validator(published()).iter_errors(data)]


def test_the_published_schema_is_a_draft_2020_12_schema_with_an_id_and_a_title():
    schema = published()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] and schema["title"] and schema["description"]


def test_the_schemas_bounds_are_the_engines_and_the_accounts():
    defs = published()["$defs"]
    game, entry = defs["game"]["properties"], defs["entry"]
    assert defs["name"]["maxLength"] == MAX_NAME
    assert game["hands"]["maxItems"] == game["hand_times"]["maxItems"] == MAX_HANDS
    assert defs["change"]["properties"]["hand"]["maximum"] == MAX_HANDS
    assert defs["backup"]["properties"]["game_types"]["maxItems"] == MAX_GAME_TYPES
    value = defs["input"]["additionalProperties"]
    assert (value["minimum"], value["maximum"], value["maxLength"], value["maxItems"]) == (
        -MAX_COUNT, MAX_COUNT, MAX_CARDS_TEXT, MAX_CARDS_TEXT // 2)
    sides = entry["properties"]["sides"]["additionalProperties"]["additionalProperties"]
    assert sides["maximum"] == entry["additionalProperties"]["maximum"] == MAX_COUNT
    assert f"at most {backup.MAX_IMPORT_HANDS} hands in the whole file" in published()["description"]


def test_a_game_of_every_variant_exports_valid_against_the_schema(app, client, ann):  # noqa: F811
    for variant in sorted(GAMES):
        exported = client.get(f"/games/{played(ann, variant).id}/export.json").get_json()
        assert exported["changes"] and exported["hands"], variant
        assert valid(exported) == [], variant


def test_a_whole_backup_with_a_game_of_the_tables_own_exports_valid_against_the_schema(
        app, client, ann, define_game):  # noqa: F811
    define_game(client, "house", name="Loba")
    played(ann, "gin")
    played(ann, "canasta", end=False)
    exported = client.get("/backup/export.json").get_json()
    assert exported["game_types"] and len(exported["games"]) == 2

    assert valid(exported) == []


def test_a_plain_validator_finds_what_the_import_refuses_by_its_shape():
    game = {"format": "scorekeeper-game", "version": 1, "uid": "g 1", "variant": "gin", "players": ["Ann", 7],
            "hands": [{"out": "Ann", "hands": {"Ann": {"count": 10**5}}}], "admin": True}
    faults = valid(game)
    assert sorted(fault.split(":")[0] for fault in faults) == ["", "hands/0/hands/Ann/count", "players/1", "uid"], faults


def test_the_app_serves_the_schema_to_anyone_and_the_backup_page_links_it(app, client, ann):  # noqa: F811
    served = app.test_client().get("/schemas/export.json")  # no sign-in: anyone writing a file reads it

    assert served.status_code == 200
    assert served.mimetype == "application/schema+json"
    assert json.loads(served.get_data(as_text=True)) == published()
    assert page(client.get("/backup")).one("a", href="/schemas/export.json").text == "JSON Schema"
