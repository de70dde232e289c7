"""The API's OpenAPI 3.1 document: the one description of ``/api/v1``.

Served as ``/api/v1/openapi.json`` and rendered as ``/api/v1/docs``; the
API checks request bodies against its schemas (``jsonschema``), so what the
document says a request may hold is what the API takes.  Entries themselves
are checked by the engine, which names the hand and player at fault.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from ..engine import variants
from ..engine.games import EVERY_NEXT, VARIANTS, when_registry_changes

# Ids and hand numbers are stored as 32-bit integers (PostgreSQL): larger
# ones are refused as "not found" rather than handed to the database.
MAX_ID = 2**31 - 1
MAX_KEY = 255
# Visible ASCII and spaces: an Idempotency-Key is stored as text.
KEY_PATTERN = r"^[\x20-\x7e]+$"
# A name the roster can hold: no control characters (PostgreSQL refuses NUL).
NAME_PATTERN = r"^[^\x00-\x1f\x7f]+$"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str, example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


def _error(description: str) -> dict[str, Any]:
    return _json(_ref("Error"), description)


EXAMPLE_ENTRY = {"out": "Ann", "hands": {"Ann": {"count": 0}, "Bob": {"cards": "KH 5D AS 9C 9S 2H 3H 4D JC QS"}}}

EXAMPLE_SHEET = {
    "variant": "gin", "name": "Gin Rummy",
    "options": {"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25,
                "game_bonus": 100, "shutout_bonus": 100, "box_bonus": 25},
    "players": ["Ann", "Bob"], "first_dealer": "Ann", "lowest_wins": False,
    "hands": [{
        "number": 1, "dealer": "Ann", "out": "Ann",
        "scores": {"Ann": 0, "Bob": 27}, "totals": {"Ann": 0, "Bob": 27},
        "details": {"Ann": {"value": 7}, "Bob": {"value": 5, "laid_off": []}},
        "notes": ["Bob undercut Ann: 7 - 5 + 25 undercut bonus = 27."], "winner": "Bob", "kind": "undercut",
    }],
    "totals": {"Ann": 0, "Bob": 27}, "finished": False, "ended_by_agreement": False, "winners": [],
    "eliminated": {}, "final": None, "final_notes": [], "final_detail": None,
    "next": {"hand": 2, "dealer": "Bob", "cards_each": 10, "decks": 1, "jokers": 0, **EVERY_NEXT},
}


def _schemas() -> dict[str, Any]:
    number = {"type": "number"}
    per_player_number = {"type": "object", "additionalProperties": number}
    nullable_string = {"type": ["string", "null"]}
    player_name = {"type": "string", "minLength": 1, "maxLength": 40, "pattern": NAME_PATTERN,
                   "title": "a name with no control characters",
                   "description": "A player's name as the roster holds it."}
    return {
        "Error": {
            "type": "object",
            "description": (
                "Every error. `error` is a sentence a person can act on; `code` a fixed word a "
                "script can test. An entry the engine refuses also gives the engine's `hand` and "
                "`player` (and `where`, for a fault in a game's header: players, options). A stale "
                "hand number (409) carries the game's current `sheet`."
            ),
            "required": ["error", "code"],
            "properties": {
                "error": {"type": "string"},
                "code": {"type": "string", "enum": [
                    "bad_request", "unauthorized", "not_found", "method_not_allowed", "conflict",
                    "stale_hand", "game_over", "too_large", "unsupported_media_type", "invalid_request",
                    "invalid_entry", "idempotency_key_reused", "server_error", "unavailable",
                ]},
                "hand": {"type": ["integer", "null"]},
                "player": {"type": ["string", "null"], "description": (
                    "422 invalid_entry: the player at fault, or the side's name (\"Ann & Cara\") for a side's "
                    "mistake in a game scored by sides.")},
                "where": nullable_string,
                "field": {"type": ["string", "null"], "description": (
                    "422 invalid_entry: the input or option the engine refused (count, cards, meld_points, target...).")},
                "reason": {"type": "string", "description": (
                    "The kind of refusal. For a refusal of the rules (422 invalid_entry) the engine's word for the kind of mistake, such as out_of_bounds (a "
                    "count past 0 to 10000, a cards field past 1000 characters), bad_option (an option "
                    "outside its bounds), bad_name, same_name (two names differing only by letter case or "
                    "spaces), too_many_hands (past 5000), not_a_card, not_a_player, missing_input, "
                    "too_many_copies, over_knock_limit, not_a_side, bad_side_size, partners_not_opposite, sides_missing, sides_not_in_turn, "
                    "not_in_sides, or invalid_entry; otherwise the use case's: bad_name, "
                    "same_name, bad_first_dealer, no_such_hand, game_over, nothing_to_undo, not_last_hand (an undo naming a hand "
                    "that is no longer the last), stale_hand, "
                    "conflict, already_recorded.")},
                "expected": {"type": "integer", "description": "409 stale_hand: the hand number the request expected."},
                "recorded": {"type": "integer", "description": "409 stale_hand: how many hands the game has now."},
                "sheet": _ref("Sheet"),
                "retry_after": {"type": "integer", "description": "503 unavailable: seconds to wait before trying again."},
            },
        },
        "Variant": {
            "type": "object",
            "description": "One variant of the engine's catalogue (`scorekeeper.engine.variants()`), unchanged.",
            "required": ["key", "name", "min_players", "max_players", "options"],
            "properties": {
                "key": {"type": "string"},
                "name": {"type": "string"},
                "summary": {"type": "string"},
                "rules": {"type": "string"},
                "min_players": {"type": "integer"},
                "max_players": {"type": "integer"},
                "player_counts": {"type": "array", "items": {"type": "integer"},
                                  "description": "Every number of players it is played by (Canasta: 2, 3, 4, 6)."},
                "sides": {"type": ["object", "null"], "additionalProperties": {
                    "type": "array", "items": {"type": "integer"}}, "description": (
                    "Played in sides (partnerships): the side sizes each number of players takes, "
                    "{\"4\": [2], \"6\": [3, 2]}; at any other count each plays for themselves. Null: never "
                    "in sides. A game's `sides` is then required in `NewGame`.")},
                "optional_sides": {"type": ["object", "null"], "additionalProperties": {
                    "type": "array", "items": {"type": "integer"}}, "description": (
                    "Sides a table may sit in, or not (a game the table defines): the side sizes each number "
                    "of players may take, as `sides`; `NewGame`'s `sides` may then be given or left out.")},
                "cards_each": {"type": "object", "additionalProperties": {"type": "integer"}},
                "decks": {"type": "object", "additionalProperties": {"type": "integer"}},
                "jokers": {"type": "object", "additionalProperties": {"type": "integer"}},
                "lowest_wins": {"type": "boolean"},
                "options": {"type": "array", "items": {
                    "type": "object",
                    "required": ["key", "type", "default"],
                    "properties": {
                        "key": {"type": "string"},
                        "type": {"type": "string"},
                        "default": {},
                        "choices": {"type": ["array", "null"]},
                        "minimum": {"type": ["integer", "null"]},
                        "maximum": {"type": ["integer", "null"]},
                        "nullable": {"type": "boolean"},
                        "default_text": nullable_string,
                        "help": {"type": "string"},
                        "required": {"type": "boolean", "description": "No default: the game must be given it."},
                        "label": {"type": "string", "description": "The option in words."},
                        "labels": {"type": ["array", "null"], "description": (
                            "The words of each choice (of true and false, for a yes-or-no).")},
                        "also": {"type": ["array", "null"], "description": "Words a number may be instead."},
                        "parts": {"type": ["array", "null"], "description": (
                            "A table's values, each an option; a list's record, each of its keys an option.")},
                        "more": {"type": ["object", "null"], "description": (
                            "A table that takes further keys: what each of their values is, as an option.")},
                        "items": {**nullable_string, "description": "What a list's records are, in words."},
                        "group": nullable_string,
                        "when": {"type": ["object", "null"], "description": (
                            "It matters only while another option has a value: {option, value}, with "
                            "`values` listing every value where it matters under several.")},
                    },
                }},
                "defined_by_table": {"type": "boolean", "description": (
                    "A game the table defines: its required options are its rules and its name.")},
                "entry": {"type": "object", "description": "What a hand entry of this variant holds."},
            },
        },
        "VariantList": {
            "type": "object", "required": ["variants"],
            "properties": {"variants": {"type": "array", "items": _ref("Variant")}},
        },
        "PlayerName": player_name,
        "NewGame": {
            "type": "object",
            "required": ["variant", "players"],
            "additionalProperties": False,
            "properties": {
                "variant": {"type": "string", "enum": [v["key"] for v in variants()],
                            "description": "A variant's `key` from `GET /variants`."},
                "players": {"type": "array", "items": _ref("PlayerName"), "minItems": 1, "maxItems": _most_players(),
                            "description": "In seat order, clockwise. A name not on the roster yet is added to it."},
                "options": {"type": "object", "description": (
                    "The variant's options by key; an omitted option (or null) takes its default. "
                    "The engine refuses an unknown key or a bad value. A game the table defines "
                    "(the catalogue's `defined_by_table`) takes its whole definition here, its required "
                    "options included: see its `Definition-` schema.")},
                "first_dealer": {**player_name, "description": "One of `players`; the first by default."},
                "sides": {"type": ["array", "null"], "maxItems": _most_players(), "description": (
                    "For a variant played in sides (its `sides` in the catalogue gives the side sizes each "
                    "number of players takes): the partnerships, each side's players by name, like "
                    "[[\"Ann\", \"Cara\"], [\"Bob\", \"Dan\"]]. Partners sit opposite: with s sides, "
                    "players[i] and players[i + s] are partners. Required where the variant is played in "
                    "sides at this many players; refused elsewhere (`where`: sides)."),
                    "items": {"type": "array", "items": _ref("PlayerName"), "maxItems": _most_players()}},
            },
            # A game the table defines needs its definition: the variant's own schema for the options.
            "allOf": [
                {"if": {"properties": {"variant": {"const": key}}, "required": ["variant"]},
                 "then": {"required": ["options"], "properties": {"options": _ref(name)}}}
                for key, name in _definition_names().items()
            ],
            "example": {"variant": "gin", "players": ["Ann", "Bob"], "options": {"target": 100}},
        },
        **{name: _definition(key) for key, name in _definition_names().items()},
        "Game": {
            "type": "object",
            "required": ["id", "uid", "variant", "players", "status", "hands_count"],
            "properties": {
                "id": {"type": "integer", "description": "The id in the game's page address, /games/{id}."},
                "uid": {"type": "string", "description": "The game's identity across export and import."},
                "variant": {"type": "string"},
                "variant_name": {"type": "string"},
                "players": {"type": "array", "items": {"type": "string"}},
                "options": {"type": "object", "description": "The options as given (the sheet has every effective value)."},
                "first_dealer": {"type": "string"},
                "sides": {"type": ["array", "null"], "items": {"type": "array", "items": {"type": "string"}},
                          "description": "The partnerships, each side's players in seat order; null: none."},
                "status": {"type": "string", "enum": ["playing", "finished"]},
                "ended": {"type": "boolean", "description": "Ended by agreement."},
                "hands_count": {"type": "integer"},
                "totals": {**per_player_number, "description": "By player, or by side in a game scored by sides."},
                "winners": {"type": "array", "items": {"type": "string"}},
                "next": {"type": ["object", "null"], "description": "The sheet's `next`: who deals the next hand."},
                "created_at": {"type": "string", "format": "date-time"},
                "updated_at": {"type": "string", "format": "date-time"},
            },
        },
        "GameList": {
            "type": "object", "required": ["games"],
            "properties": {"games": {"type": "array", "items": _ref("Game")}},
        },
        "Entry": {
            "type": "object",
            "description": (
                "One hand as the engine's log takes it (SCORING.md section 3), with player names: "
                "exactly what a game export holds in `hands`. Keys beyond the variant's are refused "
                "by the engine, with the hand and player at fault."
            ),
            "properties": {
                "out": {"type": ["string", "null"], "description": "Who went out (knocked, tunked, declared); null: nobody."},
                "hands": {"type": "object", "description": (
                    "Each player's input by name: {\"cards\": \"KH 5D AS\"}, {\"count\": 17}, or the "
                    "variant's own fields and statuses (each variant's `entry` in the catalogue lists them)."),
                    "additionalProperties": _ref("PlayerInput")},
                "sides": {"type": "object", "description": (
                    "A variant scored by sides: each side's input by the side's name, its players in seat "
                    "order joined by \" & \" (\"Ann & Cara\"; a player's own name where each plays for "
                    "themselves), every side present. The fields are the catalogue's `entry.side_fields`."),
                    "additionalProperties": _ref("SideInput")},
                "games": {"type": "array", "maxItems": 8, "items": _ref("Entry"), "description": (
                    "A variant whose hand is several games at once (the catalogue's `entry.games_at_once` above "
                    "1): the hand's games instead of `out` and `hands`, each an entry of its own (`out` and "
                    "`hands`) between the two players the sheet's `next.pairings` names, in any order.")},
                **_entry_choices(),
            },
            "example": EXAMPLE_ENTRY,
        },
        "PlayerInput": {
            "type": "object",
            "description": "One player's input: the fields and statuses the variants declare (see the catalogue).",
            "properties": _input_fields(),
        },
        "SideInput": {
            "type": "object",
            "description": ("One side's input in a game scored by sides: the whole numbers the variants declare "
                            "as `entry.side_fields` (bounds and steps there; a field left out counts 0 unless "
                            "`required`)."),
            "properties": _side_fields(),
        },
        "NewHand": {
            "type": "object",
            "required": ["entry"],
            "additionalProperties": False,
            "properties": {
                "entry": _ref("Entry"),
                "number": {"type": "integer", "minimum": 1, "maximum": MAX_ID, "description": (
                    "The hand number this entry is for. If the game has moved on (another client "
                    "recorded that hand), nothing is recorded and the answer is 409 with the current "
                    "sheet. Omitted: the next hand, whatever it is.")},
            },
            "example": {"number": 1, "entry": EXAMPLE_ENTRY},
        },
        "HandEdit": {
            "type": "object",
            "required": ["entry"],
            "additionalProperties": False,
            "properties": {"entry": _ref("Entry")},
        },
        "Undo": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"number": {"type": "integer", "minimum": 1, "maximum": MAX_ID, "description": (
                "The hand expected to be the last one: if it is not (a hand was recorded or undone "
                "meanwhile), nothing is undone and the answer is 409.")}},
        },
        "HandChange": {
            "type": "object",
            "required": ["number", "sheet"],
            "properties": {
                "number": {"type": "integer", "description": "The hand recorded, corrected or undone."},
                "sheet": _ref("Sheet"),
            },
        },
        "Hand": {
            "type": "object",
            "required": ["number", "entry"],
            "properties": {
                "number": {"type": "integer"},
                "entry": _ref("Entry"),
                "created_at": {"type": "string", "format": "date-time"},
                "updated_at": {"type": "string", "format": "date-time"},
            },
        },
        "HandList": {
            "type": "object", "required": ["hands"],
            "properties": {"hands": {"type": "array", "items": _ref("Hand")}},
        },
        "SheetRow": {
            "type": "object",
            "required": ["number", "scores", "totals", "notes"],
            "properties": {
                "number": {"type": "integer"},
                "dealer": nullable_string,
                "out": nullable_string,
                "scores": per_player_number,
                "totals": per_player_number,
                "details": {"type": "object", "additionalProperties": {"type": "object"}},
                "notes": {"type": "array", "items": {"type": "string"}},
                "note_keys": {
                    "type": "array",
                    "description": ("Parallel to notes: each note's stable key and the names and numbers it "
                                    "shows (README, Rules decisions: the keys are each game module's NOTES)."),
                    "items": {"type": "object", "required": ["key", "values"],
                              "properties": {"key": {"type": "string"}, "values": {"type": "object"}}},
                },
                "winner": nullable_string,
                "kind": nullable_string,
            },
        },
        "Sheet": {
            "type": "object",
            "description": "The engine's score sheet (`replay(log)`, SCORING.md section 3), unchanged.",
            "required": ["variant", "name", "options", "players", "hands", "totals", "finished", "winners",
                         "eliminated", "final", "next"],
            "properties": {
                "variant": {"type": "string"},
                "name": {"type": "string"},
                "options": {"type": "object"},
                "players": {"type": "array", "items": {"type": "string"}},
                "sides": {"type": ["array", "null"], "items": {"type": "string"}, "description": (
                    "A game scored by sides: the sides' names in seat order; `totals`, `winners`, "
                    "`eliminated` and each row's `scores`, `totals`, `details` and `winner` are then by side "
                    "(`players`, `dealer` and `out` stay players). Null for every other game.")},
                "side_players": {"type": ["object", "null"], "additionalProperties": {
                    "type": "array", "items": {"type": "string"}},
                    "description": "Each side's players in seat order; null where `sides` is."},
                "first_dealer": {"type": "string"},
                "lowest_wins": {"type": "boolean"},
                "hands": {"type": "array", "items": _ref("SheetRow")},
                "totals": per_player_number,
                "finished": {"type": "boolean"},
                "ended_by_agreement": {"type": "boolean"},
                "winners": {"type": "array", "items": {"type": "string"}},
                "eliminated": {"type": "object", "additionalProperties": {"type": "integer"}},
                "final": {"type": ["object", "null"], "description": (
                    "Gin family: {bonuses, grand_totals, net}, each by player.")},
                "final_notes": {"type": "array", "items": {"type": "string"}},
                "final_detail": {},
                "next": {"type": ["object", "null"], "description": _next_description()},
            },
            "example": EXAMPLE_SHEET,
        },
        "Export": {
            "type": "object",
            "description": (
                "The game as its engine log plus uid, times and change log: the same file the game's "
                "page downloads as JSON, which the backup page imports back to the identical sheet."
            ),
            "required": ["format", "version", "uid", "variant", "players", "hands"],
            "properties": {
                "format": {"type": "string", "const": "scorekeeper-game"},
                "version": {"type": "integer"},
                "uid": {"type": "string"},
                "variant": {"type": "string"},
                "players": {"type": "array", "items": {"type": "string"}},
                "options": {"type": "object"},
                "first_dealer": {"type": "string"},
                "sides": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                          "description": "The partnerships of a game played in sides (absent otherwise)."},
                "hands": {"type": "array", "items": _ref("Entry")},
                "ended": {"type": "boolean"},
                "created_at": {"type": "string"},
                "updated_at": {"type": "string"},
                "hand_times": {"type": "array", "items": {"type": "object"}},
                "changes": {"type": "array", "items": {"type": "object"}},
            },
        },
    }


_GAME_ID = {"name": "game_id", "in": "path", "required": True, "description": "The game's id.",
            "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}, "example": 1}
_NUMBER = {"name": "number", "in": "path", "required": True, "description": "The hand's number (1 is the first).",
           "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}, "example": 1}
_IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": (
        "Any unique string (a UUID is good), up to 255 visible ASCII characters. The first successful "
        "answer is kept: the same key again returns that answer (with `Idempotent-Replayed: true`) and "
        "changes nothing. The same key with a different request is refused (422). Answers are kept "
        "for a day."
    ),
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY, "pattern": KEY_PATTERN},
    "example": "6f1c2b1e-7d0a-4a53-9b7e-3f0c2d1a9e42",
}

_COMMON = {"401": {"$ref": "#/components/responses/Unauthorized"},
           "503": {"$ref": "#/components/responses/Unavailable"}}
_GAME_COMMON = {**_COMMON, "404": {"$ref": "#/components/responses/NotFound"}}
_BODY_ERRORS = {
    "400": _error("The body is not JSON."),
    "413": _error("The body is larger than the server takes."),
    "415": _error("The body is not sent as application/json."),
}


#: how each kind of declared choice or field is written in JSON
_CHOICE_SCHEMAS: dict[str, dict[str, Any]] = {
    "flag": {"type": "boolean"},
    "card": {"type": "string"},
    "rank": {"type": ["string", "null"]},
    "players": {"type": "array", "items": {"type": "string"}},
    "player": {"type": ["string", "null"]},
    "one_of": {"type": ["string", "null"]},
}


def _entry_choices() -> dict[str, Any]:
    """Every hand-level key the variants declare (choices and endings), with the variants that take it."""
    found: dict[str, tuple[dict[str, Any], list[str]]] = {}
    for variant in variants():
        entry = variant["entry"]
        for choice in entry["choices"]:
            found.setdefault(choice["key"], (dict(_CHOICE_SCHEMAS[choice["kind"]], description=choice["help"]
                                                  or choice["label"]), []))[1].append(variant["key"])
        for ending in entry["endings"]:
            for key in ending["entry"]:
                if key != "out":
                    found.setdefault(key, ({"type": "boolean", "description": ending["help"]}, []))[1].append(
                        variant["key"])
        for key in entry["keys"]:  # a key no form asks for (who sits out): a name the engine checks
            if key != "sides" and (key not in found or variant["key"] not in found[key][1]):
                found.setdefault(key, ({"type": ["string", "null"], "description": "a player's name the engine "
                                        "checks against its rules"}, []))[1].append(variant["key"])
    return {key: dict(schema, description=f"{schema['description']} ({', '.join(keys)})")
            for key, (schema, keys) in found.items()}


def _input_fields() -> dict[str, Any]:
    """Every per-player key the variants declare (fields and statuses' inputs)."""
    # Types only: the bounds are the engine's, refused with the hand, player and field named.
    kinds: dict[str, dict[str, Any]] = {"count": {"type": "integer"}, "number": {"type": "integer"},
             "cards": {"type": ["string", "array"]}, "cards_or_points": {"type": ["string", "integer", "array"]},
             "flag": {"type": "boolean"}}
    found: dict[str, dict[str, Any]] = {}
    for variant in variants():
        for spec in variant["entry"]["fields"]:
            found.setdefault(spec["key"], dict(kinds[spec["kind"]], description=spec["help"] or spec["label"]))
        for status in variant["entry"]["statuses"]:
            for key, value in status["input"].items():
                schema = found.setdefault(key, {"type": "boolean" if isinstance(value, bool) else "string",
                                                "description": ""})
                shown = f"{status['label']}: {value!r}"
                schema["description"] = "; ".join(filter(None, (schema["description"], shown)))
    return found


#: the most names a request may list as a game's players, whatever the game (a safety ceiling on the
#: request: the engine refuses a count the game is not played by, naming its own bounds)
PLAYERS_CEILING = 12


def _most_players() -> int:
    """The request's ceiling on players: 12, or more where a registered game takes more."""
    return max(PLAYERS_CEILING, *(variant["max_players"] for variant in variants()))


def _next_description() -> str:
    """The sheet's ``next``, with the keys the games add to it as they declare them."""
    added: dict[tuple[str, str, bool], list[str]] = {}
    for variant in VARIANTS.values():
        for extra in variant.extras:
            if extra.where == "next":
                added.setdefault((extra.key, extra.label, extra.everywhere), []).append(variant.name)
    keys = "; ".join(f"`{key}` ({label.lower()}: {', '.join(names)}{'; null in every other game' if everywhere else ''})"
                     for (key, label, everywhere), names in added.items())
    return ("The next hand (null when finished): hand, dealer, cards_each, decks, jokers; a variant adds its own "
            f"guidance: {keys}.")


def _definition_names() -> dict[str, str]:
    """The games the table defines, each with the name of its definition's schema."""
    return {variant["key"]: f"Definition-{variant['key']}" for variant in variants() if variant["defined_by_table"]}


def _definition(key: str) -> dict[str, Any]:
    """A game the table defines, its options as the catalogue declares them: types, bounds, words."""
    variant = next(found for found in variants() if found["key"] == key)
    return {
        "type": "object",
        "description": (f"The whole definition of a game the table defines (`{key}`: {variant['name']}), "
                        "given as the new game's options and kept in its log, so it replays the same "
                        "anywhere. The engine checks the rest: the name trimmed and free of control "
                        "characters, and which options go together."),
        "required": [option["key"] for option in variant["options"] if option["required"]],
        "additionalProperties": False,
        "properties": {option["key"]: _option_schema(option) for option in variant["options"]},
        "example": _DEFINITION_EXAMPLE,
    }


#: a house game's definition, as an example
_DEFINITION_EXAMPLE = {"name": "Our Marriage", "entry": "cards",
                       "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": "face", "joker": 25},
                       "jokers": 2, "scoring": "zero_sum", "going_out_bonus": 0, "lowest_wins": True,
                       "deals": 10}


def _option_schema(option: dict[str, Any]) -> dict[str, Any]:
    """One declared option as JSON Schema; one with a default also takes null (the default)."""
    words = option.get("labels") or []
    described = option["help"]
    if option["type"] in ("choice", "bool") and words:
        values = option["choices"] if option["type"] == "choice" else [True, False]
        described += " " + "; ".join(f"{json_word(value)} ({word})" for value, word in zip(values, words)) + "."
    if option["type"] == "text":
        schema: dict[str, Any] = {"type": "string", "minLength": min(1, option["minimum"]),
                                  "description": f"{described} {option['minimum']} to {option['maximum']} "
                                                 "characters once trimmed."}
    elif option["type"] == "bool":
        schema = {"type": "boolean", "description": described}
    elif option["type"] == "choice":
        schema = {"enum": list(option["choices"]), "description": described}
    elif option["type"] == "table":
        # Further keys, where the table takes them, are each valued as its ``more`` says.
        more = option.get("more")
        further = _option_schema(more) if more else False
        if more:
            described += f" Any other key: {more['label'].lower()}."
        schema = {"type": "object", "additionalProperties": further, "description": described,
                  "properties": {part["key"]: _option_schema(part) for part in option["parts"] or []}}
    elif option["type"] == "list":
        schema = {"type": "array", "minItems": option["minimum"], "maxItems": option["maximum"],
                  "description": described,
                  "items": {"type": "object", "additionalProperties": False,
                            "properties": {part["key"]: _option_schema(part) for part in option["parts"] or []}}}
    else:
        number: dict[str, Any] = {"type": "integer"}
        if option.get("choices"):
            number["enum"] = list(option["choices"])
        else:
            number.update(minimum=option["minimum"], maximum=option["maximum"])
        schema = {"anyOf": [number, {"enum": list(option["also"])}]} if option.get("also") else number
        schema["description"] = described
    if option["required"]:
        return schema
    # null, as every omitted option, is the default
    description = schema.pop("description")
    either = schema.pop("anyOf", None) or [schema]
    return {"anyOf": [*either, {"type": "null"}], "description": description}


def json_word(value: Any) -> str:
    """A value as JSON writes it: ``true``, ``"zero_sum"``."""
    return json.dumps(value)


def _side_fields() -> dict[str, Any]:
    """Every per-side key the variants declare, with the variants that take it."""
    kinds: dict[str, dict[str, Any]] = {"count": {"type": "integer"}, "number": {"type": "integer"},
                                        "flag": {"type": "boolean"},
                                        "tally": {"type": "array", "items": {"type": "string"}}}
    found: dict[str, tuple[dict[str, Any], str, list[str]]] = {}
    for variant in variants():
        for spec in variant["entry"].get("side_fields") or ():
            found.setdefault(spec["key"], (kinds[spec["kind"]], spec["help"] or spec["label"], []))[2].append(
                variant["key"])
    return {key: dict(schema, description=f"{words} ({', '.join(keys)})")
            for key, (schema, words, keys) in found.items()}


def _operation(summary: str, description: str, responses: dict[str, Any], *, op_id: str, tag: str,
               parameters: list[Any] | None = None, body: dict[str, Any] | None = None,
               body_required: bool = True) -> dict[str, Any]:
    operation: dict[str, Any] = {"operationId": op_id, "tags": [tag], "summary": summary,
                                 "description": description, "responses": responses}
    if parameters:
        operation["parameters"] = parameters
    if body is not None:
        operation["requestBody"] = {"required": body_required, "content": {"application/json": {"schema": body}}}
    return operation


def _paths() -> dict[str, Any]:
    change_errors = {
        **_GAME_COMMON, **_BODY_ERRORS,
        "409": _error("The game moved on (stale hand number, a lost race, the game is over): nothing "
                      "was changed; the current sheet is in `sheet`."),
        "422": _error("The request or the entry is invalid (the engine's `hand` and `player`), or the "
                      "Idempotency-Key was used for another request: nothing was changed."),
    }
    return {
        "/variants": {"get": _operation(
            "List variants", "The engine's catalogue: every variant, its players, deal and options.",
            {"200": _json(_ref("VariantList"), "The catalogue."), **_COMMON},
            op_id="listVariants", tag="Variants")},
        "/games": {
            "get": _operation(
                "List games", "The account's games, the most recently changed first.",
                {"200": _json(_ref("GameList"), "The games."), "400": _error("A bad query parameter."),
                 **_COMMON},
                op_id="listGames", tag="Games", parameters=[
                    {"name": "status", "in": "query", "required": False, "description": "Only these games.",
                     "schema": {"type": "string", "enum": ["playing", "finished"]}},
                    {"name": "limit", "in": "query", "required": False, "description": "At most this many.",
                     "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}},
                    {"name": "offset", "in": "query", "required": False, "description": "Skip this many first.",
                     "schema": {"type": "integer", "minimum": 0, "maximum": MAX_ID, "default": 0}},
                ]),
            "post": _operation(
                "Start a game",
                "The engine checks the variant, the number of players and the options first: a game "
                "that cannot start adds nothing (not even its players to the roster).",
                {"201": {**_json(_ref("Game"), "The new game."),
                         "headers": {"Location": {"schema": {"type": "string"},
                                                  "description": "The game's address in the API."}}},
                 **_COMMON, **_BODY_ERRORS,
                 "422": _error("The request is invalid, or the engine refuses the game (`where` says "
                               "what: players, options).")},
                op_id="createGame", tag="Games", body=_ref("NewGame")),
        },
        "/games/{game_id}": {
            "get": _operation("Read a game", "The game, with its totals and who deals next.",
                              {"200": _json(_ref("Game"), "The game."), **_GAME_COMMON},
                              op_id="getGame", tag="Games", parameters=[_GAME_ID]),
            "delete": _operation("Delete a game", "Deletes the game and its hands for good.",
                                 {"204": {"description": "Deleted."}, **_GAME_COMMON},
                                 op_id="deleteGame", tag="Games", parameters=[_GAME_ID]),
        },
        "/games/{game_id}/sheet": {"get": _operation(
            "Read the score sheet", "The engine's sheet of the game, unchanged: every hand's scores, "
            "running totals, details and notes; winners; who deals next.",
            {"200": _json(_ref("Sheet"), "The sheet.", EXAMPLE_SHEET), **_GAME_COMMON},
            op_id="getSheet", tag="Games", parameters=[_GAME_ID])},
        "/games/{game_id}/export": {"get": _operation(
            "Export the game log", "The game's export: its engine log with names, uid, times and change log.",
            {"200": _json(_ref("Export"), "The export."), **_GAME_COMMON},
            op_id="exportGame", tag="Games", parameters=[_GAME_ID])},
        "/games/{game_id}/end": {"post": _operation(
            "End the game by agreement", "The table stops playing: the sheet names the winners.",
            {"200": _json(_ref("HandChange"), "The game is over; `number` is its last hand (0: none)."),
             **change_errors},
            op_id="endGame", tag="Games", parameters=[_GAME_ID, _IDEMPOTENCY_KEY])},
        "/games/{game_id}/hands": {
            "get": _operation("List hands", "Every hand's entry as recorded, with player names.",
                              {"200": _json(_ref("HandList"), "The hands."), **_GAME_COMMON},
                              op_id="listHands", tag="Hands", parameters=[_GAME_ID]),
            "post": _operation(
                "Record the next hand",
                "The engine checks the entry against the game so far; nothing is recorded if it refuses. "
                "Give `number` so that two clients never interleave silently.",
                {"201": {**_json(_ref("HandChange"), "Recorded: the hand's number and the new sheet."),
                         "headers": {"Location": {"schema": {"type": "string"},
                                                  "description": "The hand's address in the API."}}},
                 **change_errors},
                op_id="recordHand", tag="Hands", parameters=[_GAME_ID, _IDEMPOTENCY_KEY], body=_ref("NewHand")),
        },
        "/games/{game_id}/hands/{number}": {
            "get": _operation("Read a hand", "The hand's entry as recorded.",
                              {"200": _json(_ref("Hand"), "The hand."), **_GAME_COMMON},
                              op_id="getHand", tag="Hands", parameters=[_GAME_ID, _NUMBER]),
            "put": _operation(
                "Correct a hand", "Replaces the hand's entry; every later total is recomputed and the "
                "change log keeps what it was. Refused (422) if a later hand would no longer add up.",
                {"200": _json(_ref("HandChange"), "Corrected: the new sheet."), **change_errors},
                op_id="editHand", tag="Hands", parameters=[_GAME_ID, _NUMBER, _IDEMPOTENCY_KEY],
                body=_ref("HandEdit")),
        },
        "/games/{game_id}/undo": {"post": _operation(
            "Undo the last hand", "Removes the last hand (the change log keeps it). Give `number`, the "
            "hand you mean to undo, so that a retried or crossed request never undoes a second one.",
            {"200": _json(_ref("HandChange"), "Undone: the hand removed and the sheet without it."),
             **change_errors},
            op_id="undoHand", tag="Hands", parameters=[_GAME_ID, _IDEMPOTENCY_KEY], body=_ref("Undo"),
            body_required=False)},
    }


@cache
def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document (built once; callers only read it)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1",
            "description": (
                "Keep score from a script: start games, record, correct and undo hands, read the "
                "engine's sheet, export a game's log. Every request carries a personal API token "
                "(made on the Settings → API tokens page) as `Authorization: Bearer <token>`; a token "
                "reaches its own account's games only (any other id is 404). JSON in and out."
            ),
        },
        "servers": [{"url": "/api/v1"}],
        "security": [{"bearer": []}],
        "tags": [{"name": "Variants"}, {"name": "Games"}, {"name": "Hands"}],
        "paths": _paths(),
        "components": {
            "securitySchemes": {"bearer": {
                "type": "http", "scheme": "bearer",
                "description": "A personal API token, `sk_` and 43 characters.",
            }},
            "responses": {
                "Unauthorized": _error("No token, or an unknown or revoked one."),
                "NotFound": _error("No such game or hand in this account."),
                "Unavailable": {
                    **_error("The database is busy or unreachable just now: nothing was changed; try "
                             "again after `Retry-After` seconds (with the same `Idempotency-Key`)."),
                    "headers": {"Retry-After": {"schema": {"type": "integer"},
                                                "description": "Seconds to wait before trying again."}},
                },
            },
            "schemas": _schemas(),
        },
    }


when_registry_changes(document.cache_clear)  # a variant registered or removed: the document is built again
