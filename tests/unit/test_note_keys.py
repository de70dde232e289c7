"""Every note of a hand carries a stable key and the numbers in it (``note_keys``).

A translation will rewrite a note from its key and values, so the keys must
be identifiers, the values plain JSON, and the numbers the very ones the
English text shows.  One replayed game (or a few, for options that change
the sentences) of every variant but the Gin family (still plain strings,
key ``text``) covers every key its module lists in ``NOTES``.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
import string
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import counted, holding, log, out

from scorekeeper.engine import replay
from scorekeeper.engine.declare import Note, note_key
from scorekeeper.engine.games import base, get_variant, indian
from scorekeeper.engine.games import canasta as canasta_module
from scorekeeper.engine.replay import Replay

KEY = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")


def basic_winner() -> dict[str, Any]:
    return log("basic", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(12), Cara=holding("KH 5D AS")),
        {"out": "Bob", "rummy": True, "hands": {"Ann": counted(3), "Cara": counted(4)}},
        {"out": None, "hands": {}},
        {"block": True, "hands": {"Ann": counted(6), "Bob": counted(15), "Cara": counted(7)}},
        {"block": True, "hands": {"Ann": counted(5), "Bob": counted(5), "Cara": counted(8)}},  # 1.5 each
    ])


def basic_rummy(scoring: str, bonus: str) -> dict[str, Any]:
    return log("basic", ["Ann", "Bob"], [
        {"out": "Ann", "rummy": True, "hands": {"Bob": counted(9)}},
    ], options={"scoring": scoring, "rummy_bonus": bonus})


def basic_penalty() -> dict[str, Any]:
    return log("basic", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(12), Cara=counted(4)),
        {"out": "Bob", "rummy": True, "hands": {"Ann": counted(3), "Cara": counted(2)}},
        {"block": True, "hands": {"Ann": counted(6), "Bob": counted(15), "Cara": counted(7)}},
    ], options={"scoring": "penalty"})


def block() -> dict[str, Any]:
    return log("block", ["Ann", "Bob"], [
        {"block": True, "hands": {"Ann": holding("4H 2C"), "Bob": holding("10S 5D")}},
        out("Bob", Ann=holding("KS QH AC")),
    ])


def boathouse(method: str) -> dict[str, Any]:
    return log("boathouse", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=holding("KH AH 2H 5S 9D"), Cara=holding("7C 7D 7S 8H JC QD AS")),
        {"out": None, "hands": {}},
    ], options={"method": method})


def contract() -> dict[str, Any]:
    return log("contract", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(40), Cara=holding("AS JK 7D")),
        out("Cara", Ann=counted(5), Bob=counted(0)),
    ])


def knock() -> dict[str, Any]:
    everyone = ("Ann", "Bob", "Cara", "Dan")

    def knocked(*counts: int) -> dict[str, Any]:
        return out("Ann", **{p: counted(n) for p, n in zip(everyone, counts, strict=True)})

    return log("knock", everyone, [
        knocked(3, 10, 7, 12),  # the knocker is lowest
        knocked(0, 10, 7, 12),  # a rum hand
        knocked(5, 2, 9, 4),  # beaten by Bob
        knocked(4, 4, 4, 5),  # tied: Bob and Cara split 10 + 1, 5.5 each
    ])


def tunk() -> dict[str, Any]:
    return log("tunk", ["Ann", "Bob", "Cara"], [
        out("Ann", Ann=counted(2), Bob=counted(10), Cara=counted(5)),
        out("Ann", Ann=counted(5), Bob=counted(3), Cara=counted(20)),  # not the lowest: charged 10
        out("Bob", Bob=counted(0), Ann=counted(25), Cara=counted(1)),  # Ann 35: out
        out("Cara", Cara=counted(0), Bob=counted(40)),  # Bob 53: out, Cara wins
    ], options={"tunker_double": True, "eliminate_at": 30})


def tunk_together() -> dict[str, Any]:
    return log("tunk", ["Ann", "Bob"], [
        out("Ann", Ann=counted(0), Bob=counted(9)),
        out("Ann", Ann=counted(5), Bob=counted(3)),  # Ann 10, Bob 12: both reach 10, Ann stays
    ], options={"tunker_double": True, "eliminate_at": 10})


def five_hundred() -> dict[str, Any]:
    return log("500", ["Ann", "Bob", "Cara"], [
        out("Ann", Ann={"melded": "AH 2H 3H KS KD KC", "low_aces": 1},
            Bob={"melded": 30, "left": 12}, Cara={"melded": 0, "left": "QS 9D 4C"}),
        {"out": None, "hands": {}},
    ])


def indian_points() -> dict[str, Any]:
    melded = "AH 2H 3H 4S 5S 6S 7C 8C 9C KD KC KS 5D"  # 5 outside melds
    scattered = "AH AD AC KS KD 5C 9H 2S 7D JC QH 3C 8S"  # no sequence: 104, capped at 80
    return log("indian", ["Ann", "Bob", "Cara", "Dan"], [
        {"out": "Ann", "wild": "7", "hands": {"Bob": {"drop": "first"}, "Cara": {"drop": "middle"},
                                              "Dan": {"wrong_show": True}}},
        out("Bob", Ann=counted(95), Cara=holding(melded), Dan=holding(scattered)),
        out("Cara", Ann=counted(30), Bob=counted(12), Dan=counted(0)),
    ])


def indian_pool() -> dict[str, Any]:
    return log("indian", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(80), Cara={"drop": "middle"}),
        out("Ann", Bob={"drop": "first"}, Cara={"wrong_show": True}),  # Cara 120: out of the pool
    ], options={"pool": 101})


def sai() -> dict[str, Any]:
    return log("sai", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=holding("QS 5D"), Cara=counted(30)),
        {"out": "Bob", "rummy": True, "hands": {"Ann": counted(10), "Cara": holding("AH")}},
        {"out": None, "hands": {}},
    ])


def canasta() -> dict[str, Any]:
    ac, bd = "Ann & Cara", "Bob & Dan"
    return log("canasta", ["Ann", "Bob", "Cara", "Dan"], [
        {"out": "Ann", "sides": {ac: {"meld_points": 270, "natural": 1, "mixed": 1, "red_threes": 1},
                                 bd: {"meld_points": 150, "red_threes": 2}},
         "hands": {"Cara": holding("KS 5D"), "Bob": counted(60), "Dan": holding("4H 4C 7S")}},
        {"out": "Cara", "concealed": True, "sides": {ac: {"meld_points": 180, "natural": 1, "red_threes": 3},
                                                     bd: {"meld_points": 0, "red_threes": 1}},
         "hands": {"Ann": holding("AS 9D"), "Bob": counted(95), "Dan": counted(40)}},
        {"out": None, "sides": {ac: {"meld_points": 90}, bd: {"meld_points": 300, "natural": 2, "red_threes": 1}},
         "hands": {"Ann": {}, "Bob": counted(0), "Cara": counted(5), "Dan": counted(0)}},
    ], sides=[["Ann", "Cara"], ["Bob", "Dan"]])


GAMES = {
    "basic": basic_winner(),
    "basic-plus10": basic_rummy("winner", "plus10"),
    "basic-no-bonus": basic_rummy("winner", "none"),
    "basic-penalty": basic_penalty(),
    "basic-penalty-plus10": basic_rummy("penalty", "plus10"),
    "basic-penalty-no-bonus": basic_rummy("penalty", "none"),
    "block": block(),
    "boathouse-cards": boathouse("cards"),
    "boathouse-points": boathouse("points"),
    "contract": contract(),
    "knock": knock(),
    "tunk": tunk(),
    "tunk-together": tunk_together(),
    "500": five_hundred(),
    "indian": indian_points(),
    "indian-pool": indian_pool(),
    "sai": sai(),
    "canasta": canasta(),
}


def listed_notes(variant_key: str) -> dict[str, str]:
    """The keys a variant's notes may have, with their sentences: its module's and base's."""
    module = sys.modules[type(get_variant(variant_key)).__module__]
    return {**module.NOTES, **base.NOTES}


def each_note(sheet: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for row in sheet["hands"]:
        assert len(row["note_keys"]) == len(row["notes"])
        yield from zip(row["notes"], row["note_keys"], strict=True)


def numbers(value: Any) -> Iterator[int | float]:
    """Every number among a note's values, however nested."""
    if isinstance(value, bool):
        raise AssertionError(f"a note's value is a number or a name, not {value!r}")
    if isinstance(value, (int, float)):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from numbers(item)


def shows(text: str, number: int | float) -> bool:
    """Whether the text writes this number as a whole number of its own (not 5 inside 15 or 1.5)."""
    return re.search(rf"(?<![\d.]){re.escape(str(number))}(?!\d|\.\d)", text) is not None


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


@pytest.fixture(scope="module")
def sheets() -> dict[str, dict[str, Any]]:
    return {name: replay(game) for name, game in GAMES.items()}


@pytest.mark.parametrize("name", GAMES)
def test_every_note_has_a_listed_key_whose_values_are_json_and_shown_in_its_text(sheets, name):
    sheet = sheets[name]
    listed = listed_notes(sheet["variant"])
    for text, keyed in each_note(sheet):
        assert isinstance(text, Note) and isinstance(text, str)
        assert keyed == note_key(text)
        key, values = keyed["key"], keyed["values"]
        assert key != "text" and KEY.match(key), key
        assert key in listed, f"{key} is not in its module's NOTES"
        assert set(values) == placeholders(listed[key]), key
        assert json.loads(json.dumps(values)) == values
        for number in numbers(values):
            assert shows(text, number), f"{number} of {key} is not in {text!r}"
        if not any(isinstance(value, (list, dict)) for value in values.values()):
            assert listed[key].format(**values) == text  # the sentence, word for word


def test_the_games_here_cover_every_listed_key(sheets):
    seen = {keyed["key"] for sheet in sheets.values() for _, keyed in each_note(sheet)}
    listed = {key for sheet in sheets.values() for key in listed_notes(sheet["variant"])}
    assert seen == listed


def test_an_indian_points_note_is_its_players_lines_as_listed(sheets):
    kinds = set()
    for name in ("indian", "indian-pool"):
        for text, keyed in each_note(sheets[name]):
            if keyed["key"] != "indian.points":
                continue
            lines = []
            for player, line in keyed["values"]["hands"].items():
                kinds.add(line["kind"])
                words = indian.POINT_LINES[line["kind"]].format(player=player, points=line["points"])
                if "capped_at" in line:
                    words += f", capped at {line['capped_at']}"
                lines.append(words)
            assert "; ".join(lines) + "." == text
    assert kinds == set(indian.POINT_LINES)


def test_a_canasta_side_note_is_its_parts_as_listed(sheets):
    kinds = set()
    for text, keyed in each_note(sheets["canasta"]):
        if keyed["key"] != "canasta.side":
            continue
        values = keyed["values"]
        words = []
        for part in values["parts"]:
            kinds.add(part["part"])
            players = ", ".join(f"{p} {v}" for p, v in part.get("players", {}).items())
            words.append(canasta_module.PART_WORDS[part["part"]].format(
                **{**part, "s": "" if part.get("count", 1) == 1 else "s", "players": players}))
        assert f"{values['side']} {values['score']}: {', '.join(words)}." == text
    assert kinds == set(canasta_module.PART_WORDS)


def test_a_split_share_is_the_number_the_note_shows(sheets):
    (split,) = [k for _, k in each_note(sheets["knock"]) if k["key"] == "knock.split"]
    assert split["values"] == {"winners": ["Bob", "Cara"], "pot": 11, "share": 5.5}
    (block_split,) = [k for _, k in each_note(sheets["basic"]) if k["key"] == "block.lowest_split"]
    assert block_split["values"]["share"] == 1.5


def test_a_plain_string_note_is_keyed_text():
    assert note_key("Ann went gin.") == {"key": "text", "values": {"text": "Ann went gin."}}


def test_copies_and_pickles_of_a_sheet_keep_the_keys(sheets):
    sheet = sheets["tunk"]
    for copied in (copy.deepcopy(sheet), pickle.loads(pickle.dumps(sheet))):
        assert copied == sheet
        for (text, keyed), (original, _) in zip(each_note(copied), each_note(sheet), strict=True):
            assert isinstance(text, Note)
            assert (text.key, text.values, str(text)) == (original.key, original.values, str(original))
            assert note_key(text) == keyed


def test_a_replay_and_the_copy_one_hand_on_keep_the_keys():
    game = GAMES["tunk"]
    first = Replay.of({**game, "hands": game["hands"][:2]})
    following = first.after(game["hands"][2])
    before, after = first.sheet(), following.sheet()
    assert len(before["hands"]) == 2 and len(after["hands"]) == 3
    assert after["hands"][:2] == before["hands"]
    assert [k["key"] for k in after["hands"][2]["note_keys"]] == ["tunk.tunked", "elimination.out"]
    for sheet in (before, after):
        for text, keyed in each_note(sheet):
            assert note_key(text) == keyed and keyed["key"] != "text"


def test_notes_stay_plain_strings_in_json(sheets):
    sheet = sheets["sai"]
    read = json.loads(json.dumps(sheet))
    for row, read_row in zip(sheet["hands"], read["hands"], strict=True):
        assert read_row["notes"] == [str(text) for text in row["notes"]]
        assert all(type(text) is str for text in read_row["notes"])
        assert read_row["note_keys"] == row["note_keys"]
    assert " ".join(sheet["hands"][0]["notes"]).startswith("Ann went out and collects Bob 45 + Cara 30 = 75.")


def test_every_note_of_the_gin_family_has_a_key_and_the_numbers_it_shows() -> None:
    """Gin's and Oklahoma's hand notes and the end-of-game settlement notes are keyed too."""
    from scorekeeper.engine import replay as play

    def hand(out, k, d, **extra):
        other = "Bob" if out == "Ann" else "Ann"
        return {"out": out, "hands": {out: {"count": k}, other: {"count": d}}, **extra}

    gin = play({"variant": "gin", "players": ["Ann", "Bob"],
                "hands": [hand("Ann", 0, 9), hand("Ann", 5, 2), {"out": None, "hands": {}}, hand("Ann", 3, 90)]})
    okla = play({"variant": "oklahoma-gin", "players": ["Ann", "Bob"], "options": {"spade_double": True},
                 "hands": [hand("Ann", 2, 9, upcard="3S")]})
    keys = [k["key"] for sheet in (gin, okla) for row in sheet["hands"] for k in row["note_keys"]]
    assert keys == ["gin.gin", "gin.undercut", "gin.dead_hand", "gin.knock", "oklahoma.upcard", "gin.knock",
                    "gin.multiplied"]
    assert [getattr(n, "key", None) for n in gin["final_notes"]] == [
        "gin.game_bonus", "gin.boxes", "gin.boxes", "gin.net"]
    for note in gin["final_notes"]:
        for value in note.values.values():
            if isinstance(value, int):
                assert str(value) in note
