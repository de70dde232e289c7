"""Every refusal of Phase 10, Canasta (Classic and Modern), Hand and Foot, Marriage, Partnership
Gin and Cutthroat Gin is a keyed note: its key and values, so a page writes it in its reader's
language, and the same English as before, word for word."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from helpers import rejected

from scorekeeper.engine.cards import parse_hand
from scorekeeper.engine.declare import Note
from scorekeeper.engine.games import canasta, canasta_modern, cutthroat_gin, get_variant, hand_and_foot, marriage
from scorekeeper.engine.games import partnership_gin, phase10
from scorekeeper.engine.notes import ENGLISH, render

MODULES = (phase10, canasta, canasta_modern, hand_and_foot, marriage, partnership_gin, cutthroat_gin)
THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]
AC, BD = "Ann & Cara", "Bob & Dan"


def _sides(variant: str, sides: dict[str, Any], options: dict[str, Any] | None = None, **hands: Any) -> tuple:
    entry = {"out": "Ann", "sides": sides, "hands": hands or {p: {"count": 10} for p in FOUR[1:]}}
    return variant, FOUR, [entry], {"sides": PARTNERS, **({"options": options} if options else {})}


@pytest.mark.parametrize(("game", "group", "english"), [
    (("phase10", THREE, [{"out": "Ann", "hands": {"Bob": {"made": True, "count": 7}, "Cara": {"made": True,
                                                                                             "count": 5}}}], {}),
     "phase10", "hand 1, Bob: a Phase 10 count is a multiple of 5"),
    (("phase10", THREE, [{"out": "Ann", "hands": {"Bob": {"made": True, "cards": "7R 7R"},
                                                  "Cara": {"made": True, "cards": "7R"}}}], {}),
     "phase10", "hand 1: 3 red 7s entered; the deck holds 2"),
    (("phase10", THREE, [{"out": "Ann", "hands": {"Bob": {"made": True, "cards": "3 ZZ"},
                                                  "Cara": {"made": True, "count": 5}}}], {}),
     "phase10", 'hand 1, Bob: "ZZ" is not a Phase 10 card'),
    (_sides("canasta", {AC: {"meld_points": 100, "natural": 1}, BD: {"meld_points": 30, "natural": 1, "mixed": 1}}),
     "canasta", "hand 1, Bob & Dan: meld_points 30 is below the 85 that 1 natural and 1 mixed canasta hold"),
    (_sides("canasta", {AC: {"meld_points": 100, "natural": 1, "red_threes": 3},
                        BD: {"meld_points": 50, "red_threes": 2}}),
     "canasta", "hand 1: 5 red threes entered; two decks hold 4"),
    (_sides("canasta", {AC: {"meld_points": 400, "natural": 2}, BD: {"meld_points": 0}}, {"style": "modern"},
            Bob={"count": 10, "aces": 3, "sevens": 4}, Cara={"count": 10}, Dan={"count": 10}),
     "canasta_modern", "hand 1, Bob: 4 sevens and 3 aces count at least 80; give the count they are among"),
    (_sides("hand-and-foot", {AC: {"meld_points": 200, "clean": 1, "dirty": 1},
                              BD: {"meld_points": 10, "clean": 1, "dirty": 1, "wild": 1}}, Bob={}, Cara={}, Dan={}),
     "hand_and_foot", "hand 1, Bob & Dan: meld_points 10 is below the 225 that 1 clean, 1 dirty and 1 wild books hold"),
    (_sides("hand-and-foot", {AC: {"meld_points": 200, "clean": 1}, BD: {"meld_points": 0}},
            {"clean_to_go_out": 2, "dirty_to_go_out": 0}, Bob={}, Cara={}, Dan={}),
     "hand_and_foot", "hand 1, Ann & Cara: went out with 1 clean book (2 clean needed)"),
    (("marriage", THREE, [{"out": "Ann", "hands": {"Ann": {"shown": True}, "Bob": {"maal": 3}, "Cara": {}}}], {}),
     "marriage", "hand 1, Bob: maal is counted only for a player who showed"),
    (("partnership-gin", FOUR, [{"games": []}], {"sides": PARTNERS}),
     "partnership", "hand 1: this hand's games are Ann v Dan and Cara v Bob"),
    (("cutthroat-gin", THREE, [{"out": "Cara", "hands": {}}], {}),
     "cutthroat", "hand 1: Cara sits out this hand (the third seat, in hand 1); enter Ann and Bob"),
])
def test_a_refusal_is_a_keyed_note_of_its_module_with_the_same_english(game, group, english):
    variant, players, hands, header = game
    error = rejected(variant, players, hands, **header)
    assert str(error) == english
    assert isinstance(error.message, Note)
    assert error.message.key.startswith(f"{group}.refuse.")
    assert render(error.message.key, error.message.values) == error.message
    assert isinstance(error.note, Note) and error.note.values["message"] is error.message


def test_a_reason_inside_a_refusal_is_a_note_of_its_own():
    error = rejected("cutthroat-gin", THREE, [{"out": "Cara", "hands": {}}])
    assert isinstance(error.message, Note)
    assert error.message.values["why"].key == "cutthroat.refuse.why_first"


@pytest.mark.parametrize(("variant", "options", "text", "key", "english"), [
    ("phase10", {}, "3 ZZ", "phase10.refuse.not_a_card", '"ZZ" is not a Phase 10 card'),
    ("phase10", {}, "S S S S S", "phase10.refuse.too_many_skips", "5 Skip cards entered; the deck holds 4"),
    ("canasta", {}, "3H 4S", "canasta.refuse.red_three_in_hand", "3H is a red three; count it in red_threes"),
    ("canasta", {"style": "modern"}, "3S", "canasta_modern.refuse.three_in_hand",
     "3S is a three; in Modern American Canasta count it in threes"),
])
def test_a_previews_refusal_is_a_keyed_note(variant, options, text, key, english):
    game = get_variant(variant)
    if variant == "phase10":
        shown = game.preview_own(text, options)
    else:
        shown = game.preview(parse_hand(text), options)
    assert isinstance(shown["error"], Note)
    assert (shown["error"].key, shown["error"]) == (key, english)


#: the calls that make a refusal: their first argument is the message
REFUSING = {"invalid", "InvalidEntry", "CardError", "_table_invalid"}


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__.rsplit(".", 1)[-1])
def test_no_refusal_of_these_modules_is_written_as_plain_text(module):
    tree = ast.parse(Path(module.__file__).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in REFUSING:
            message = node.args[0] if node.args else None
            assert not isinstance(message, (ast.Constant, ast.JoinedStr, ast.BinOp)), f"line {node.lineno}"
        if isinstance(node, ast.Dict):  # a preview's {"error": ...}
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "error":
                    assert not isinstance(value, (ast.Constant, ast.JoinedStr, ast.BinOp)), f"line {value.lineno}"


def test_every_refusal_sentence_of_these_modules_is_keyed_in_its_group():
    for module in MODULES:
        group = module.__name__.rsplit(".", 1)[-1].replace("partnership_gin", "partnership").replace(
            "cutthroat_gin", "cutthroat")
        assert module.REFUSALS
        for key, template in module.REFUSALS.items():
            assert key.startswith(f"{group}.refuse."), key
            assert ENGLISH[key].template == template
