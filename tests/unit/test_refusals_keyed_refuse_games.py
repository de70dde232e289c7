"""Every refusal of the field readers, the shared rules and these games is a keyed note.

A refusal (:class:`~scorekeeper.engine.InvalidEntry`) carries its message as a
:class:`~scorekeeper.engine.declare.Note`: a key of its module's sentences and
the values, so a page writes it again in its reader's language; its English
(``str()``) is the very text the engine has always written.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from helpers import counted, log, out, rejected

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine import games as games_package
from scorekeeper.engine.declare import Note

GAMES = Path(games_package.__file__).parent

#: each module and the first part of its refusals' keys
GROUPS = {"readers": "readers", "rules": "reentry", "indian": "indian", "five_hundred": "five_hundred",
          "gin": "oklahoma", "gin_family": "gin", "tunk": "tunk", "basic": "block",
          "three_thirteen": "three_thirteen", "scala40": "scala40"}

SIDES = [["Ann", "Cara"], ["Bob", "Dan"]]


def canasta(meld_points: Any) -> dict[str, Any]:
    return log("canasta", ["Ann", "Bob", "Cara", "Dan"], [
        {"out": "Ann", "sides": {"Ann & Cara": {"meld_points": meld_points}, "Bob & Dan": {"meld_points": 0}},
         "hands": {"Cara": counted(0), "Bob": counted(5), "Dan": counted(5)}}], sides=SIDES)


def kalooki(*hands: dict[str, Any], **options: Any) -> dict[str, Any]:
    return log("kalooki", ["Ann", "Bob", "Cara"], hands, options=options)


OUT_OF_GAME = out("Ann", Bob=counted(200), Cara=counted(1))

REFUSALS = [
    ("readers", log("basic", ["Ann", "Bob"], [out("Ann", Bob=counted("x"))]),
     "hand 1, Bob: count 'x' is not a whole number"),
    ("readers", log("basic", ["Ann", "Bob"], [out("Ann", Bob=counted(-3))]),
     "hand 1, Bob: count -3 is below 0; a count is a whole number from 0 to 10000"),
    ("readers", log("gin", ["Ann", "Bob"], [out("Ann", Ann={"cards": "KH 5D"}, Bob=counted(3))]),
     "hand 1, Ann: 2 cards given; a hand here is exactly 10 cards (or give a count)"),
    ("readers", log("three-thirteen", ["Ann", "Bob"], [out("Ann", Bob={"cards": "KH 5D"})]),
     "hand 1, Bob: deal 1 of Three Thirteen has 3 cards each, got 2"),
    ("readers", canasta(7), "hand 1, Ann & Cara: meld_points must be a multiple of 5"),
    ("readers", canasta(None), "hand 1, Ann & Cara: meld_points is needed from every side (0 if none)"),
    ("rules", kalooki({"out": "Ann", "reenter": ["Bob"], "hands": {"Bob": counted(1), "Cara": counted(1)}}),
     "hand 1: Bob is not out, so cannot re-enter"),
    ("rules", kalooki(OUT_OF_GAME, {"out": "Ann", "reenter": ["Bob"], "hands": {"Bob": counted(1), "Cara": counted(1)}},
                      reentries=0),
     "hand 2: Bob cannot re-enter: no re-entries left"),
    ("indian", log("indian", ["Ann", "Bob"], [out("Ann", Bob={"drop": "first", "wrong_show": True})]),
     "hand 1, Bob: give only one of drop, wrong_show"),
    ("indian", log("indian", ["Ann", "Bob"], [out("Ann", Bob={"drop": "last"})]),
     "hand 1, Bob: drop must be \"first\" or \"middle\", got 'last'"),
    ("five_hundred", log("500", ["Ann", "Bob"], [out("Ann", Ann={"melded": "KH QH JH", "low_aces": 1},
                                                     Bob={"melded": 0, "left": 0})]),
     "hand 1, Ann: low_aces 1 is more than the 0 aces melded"),
    ("five_hundred", log("500", ["Ann", "Bob"], [out("Ann", Ann={"melded": "AH 2H 3H", "low_aces": 2},
                                                     Bob={"melded": 0, "left": 0})]),
     "hand 1, Ann: low_aces 2 is more than the 1 ace melded"),
    ("gin", log("oklahoma-gin", ["Ann", "Bob"], [{**out("Ann", Ann=counted(0), Bob=counted(3)), "upcard": "JK"}]),
     "hand 1: the upcard cannot be a joker: Oklahoma Gin uses none"),
    ("gin_family", log("gin", ["Ann", "Bob"], [out("Ann", Ann=counted(15), Bob=counted(3))]),
     "hand 1, Ann: cannot knock with 15 (the limit is 10)"),
    ("tunk", log("tunk", ["Ann", "Bob"], [out("Ann", Ann=counted(9), Bob=counted(3))]),
     "hand 1, Ann: cannot tunk with 9 unmatched (the limit is 5)"),
    ("basic", log("basic", ["Ann", "Bob"], [{"out": "Ann", "block": True, "hands": {"Bob": counted(3)}}]),
     "hand 1: in a block nobody went out: leave out empty"),
    ("three_thirteen", log("three-thirteen", ["Ann", "Bob"], options={"decks": 1, "jokers": 3}),
     "options: jokers 3 is too many for 1 deck: at most 2 a deck, 2 in all"),
    ("three_thirteen", log("three-thirteen", list("ABCDE"), options={"decks": 1, "jokers": 0}),
     "options: 1 deck and no jokers make 52 cards, too few to deal 13 each to 5 players and leave a stock "
     "(more than 65 needed)"),
    ("three_thirteen", log("three-thirteen", list("ABCDE"), options={"decks": 1, "jokers": 1}),
     "options: 1 deck and 1 joker make 53 cards, too few to deal 13 each to 5 players and leave a stock "
     "(more than 65 needed)"),
    ("scala40", log("scala40", ["Ann", "Bob"], [out("Ann", Bob={"opened": False, "count": 5})]),
     "hand 1, Bob: a player who never opened scores 100; leave cards and count empty"),
]


@pytest.mark.parametrize(("module", "game", "english"), REFUSALS)
def test_a_refusal_is_a_keyed_note_of_its_module_in_the_same_english(module, game, english):
    error = rejected(game["variant"], game["players"], game["hands"],
                     **{k: v for k, v in game.items() if k not in ("variant", "players", "hands")})
    assert isinstance(error.message, Note)
    assert error.message.key.startswith(f"{GROUPS[module]}.refuse.")
    assert str(error) == english


def test_a_block_missing_a_hand_says_why_in_a_keyed_note(monkeypatch):
    from scorekeeper.engine.games.entries import Hand

    said = []
    missing = Hand.missing

    def keep(self: Hand, player: str, why: Any = "") -> InvalidEntry:
        said.append(why)
        return missing(self, player, why)

    monkeypatch.setattr(Hand, "missing", keep)
    with pytest.raises(InvalidEntry, match=r"^hand 1: no input for Bob \(a block counts every hand\)$"):
        replay(log("basic", ["Ann", "Bob"], [{"out": None, "block": True, "hands": {"Ann": counted(3)}}]))
    assert [why.key for why in said] == ["block.refuse.counts_every_hand"]


def refusal_calls(tree: ast.AST) -> list[tuple[ast.Call, ast.expr]]:
    """Each ``.invalid(message, ...)``, ``InvalidEntry(message, ...)`` and ``.missing(player, why)`` with its message."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        if name in ("invalid", "InvalidEntry") and node.args:
            found.append((node, node.args[0]))
        elif name == "missing" and len(node.args) > 1:
            found.append((node, node.args[1]))
    return found


@pytest.mark.parametrize("module", GROUPS)
def test_every_refusal_of_these_modules_is_a_note_never_written_text(module):
    path = GAMES / f"{module}.py"
    tree = ast.parse(path.read_text(), str(path))
    calls = refusal_calls(tree)
    assert calls, module
    for call, message in calls:
        where = f"{path.name}:{call.lineno}"
        assert not isinstance(message, (ast.Constant, ast.JoinedStr, ast.BinOp)), f"{where}: a refusal in English"
        if isinstance(message, ast.Call) and getattr(message.func, "id", None) == "Note":
            key = message.args[0]
            assert isinstance(key, ast.Constant), where
            assert key.value.startswith((f"{GROUPS[module]}.refuse.", "cards.")), where
