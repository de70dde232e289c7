"""Every note of a hand carries a stable key and the numbers in it (``note_keys``).

A translation will rewrite a note from its key and values, so the keys must
be identifiers, the values plain JSON, the numbers the very ones the
English text shows, and the text the key's one sentence written with those
values alone.  One replayed game (or a few, for options that change
the sentences) of every variant covers every key its modules list in
``NOTES``: a hand's notes (Notes, or the Gin family's text with its keys
beside it) and the Gin family's settlement notes.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
import sys
from string import Formatter
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import counted, holding, log, out

from scorekeeper.engine import guide, replay, variants
from scorekeeper.engine.declare import Note, note_key
from scorekeeper.engine.games import base, get_variant, indian
from scorekeeper.engine.games import canasta as canasta_module
from scorekeeper.engine.games import canasta_modern as modern_module
from scorekeeper.engine.notes import fields, ordinal, render
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


def gin_counts(out_: str | None, knocker: int, defender: int, **extra: Any) -> dict[str, Any]:
    if out_ is None:
        return {"out": None, "hands": {}}
    other = "Bob" if out_ == "Ann" else "Ann"
    return {"out": out_, "hands": {out_: counted(knocker), other: counted(defender)}, **extra}


def gin_to_the_end() -> dict[str, Any]:
    return log("gin", ["Ann", "Bob"], [
        gin_counts("Ann", 0, 9),  # gin: 9 + 25
        gin_counts("Ann", 5, 2),  # Bob undercuts: 5 - 2 + 25
        gin_counts(None, 0, 0),  # a dead hand
        out("Ann", Ann=holding("2H 3H 4H 5S 6S 7S 9C 9D 9S KC"),  # Bob lays off 5H and 8S
            Bob=holding("5H 8S 10D JD QD KD 2C 3D 4S 7C")),
        gin_counts("Ann", 3, 90),  # Ann passes 100: game bonus, Ann's boxes and Bob's box, the net
    ])


def gin_shutout() -> dict[str, Any]:
    return log("gin", ["Ann", "Bob"], [gin_counts("Ann", 0, 90)])


def gin_ended() -> dict[str, Any]:
    return {**log("gin", ["Ann", "Bob"], [gin_counts("Ann", 4, 9)]), "ended": True}


def corner_gin_laying_off() -> dict[str, Any]:
    return log("corner-gin", ["Ann", "Bob"], [
        out("Ann", Ann=holding("2H 3H 4H 5S 6S 7S 9C 9D 9S 9H"), Bob=holding("5H 8S 2C 3D 4C 7C KD QC JC 10S")),
    ])


def oklahoma() -> dict[str, Any]:
    return log("oklahoma-gin", ["Ann", "Bob"], [gin_counts("Ann", 2, 9, upcard="3S")],
               options={"spade_double": True})


def hollywood() -> dict[str, Any]:
    return log("hollywood-gin", ["Ann", "Bob"], [
        gin_counts("Ann", 0, 80),  # Ann's first win: 105 in game I, which closes
        gin_counts("Bob", 5, 10),  # Bob's first win, due in game I, closed: game II
        gin_counts("Ann", 0, 80),  # Ann's second: game II (I is closed), which closes
        gin_counts("Ann", 0, 80),  # Ann's third: game III closes, and the match is over
    ])


def gin_knock(knocker: str, knocked: int, defender: str, has: int) -> dict[str, Any]:
    return out(knocker, **{knocker: counted(knocked), defender: counted(has)})


def cutthroat() -> dict[str, Any]:
    return log("cutthroat-gin", ["Ann", "Bob", "Cara"], [
        gin_knock("Ann", 5, "Bob", 30),  # Ann 25; Bob sits out
        out(None),  # Cara deals v Ann: dead; Ann sits out
        gin_knock("Cara", 6, "Bob", 4),  # Bob deals v Cara: Bob undercuts, 27; Cara sits out
        gin_knock("Bob", 0, "Ann", 80),  # Ann deals v Bob: Bob gins, 105 in all: over, Cara shut out
    ])


def cutthroat_even() -> dict[str, Any]:
    return log("cutthroat-gin", ["Ann", "Bob", "Cara"], [
        gin_knock("Bob", 1, "Ann", 11),  # Bob 10; Ann sits out
        gin_knock("Cara", 1, "Bob", 11),  # Cara deals v Bob: Cara 10; Bob and Cara 35 each at the end
    ], ended=True)


def partnership() -> dict[str, Any]:
    return log("partnership-gin", ["Ann", "Bob", "Cara", "Dan"], [
        {"games": [gin_knock("Ann", 4, "Dan", 20), out(None)]},
        {"games": [gin_knock("Ann", 2, "Bob", 12), gin_knock("Dan", 3, "Cara", 13)]},  # equal: nobody
        {"games": [gin_knock("Ann", 0, "Dan", 100), gin_knock("Cara", 0, "Bob", 20)]},
    ], sides=[["Ann", "Cara"], ["Bob", "Dan"]])


def kalooki(double: bool) -> dict[str, Any]:
    return log("kalooki", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(40), Cara=counted(100)),
        {"out": "Bob", "kalookie": True, "hands": {"Ann": counted(20), "Cara": counted(70)}},  # Cara out
        {"out": "Ann", "reenter": ["Cara"], "hands": {"Bob": counted(5), "Cara": counted(6)}},
    ], options={"kalookie_double": double})


def scala40() -> dict[str, Any]:
    return log("scala40", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(30), Cara=holding("KH 5D")),
        {"out": "Bob", "in_mano": True, "hands": {"Ann": counted(10), "Cara": {"opened": False}}},
    ])


def three_thirteen() -> dict[str, Any]:
    return log("three-thirteen", ["Ann", "Bob"], [out("Ann", Bob=counted(12)), out("Bob", Ann=holding("KH 5D 7C 9S"))])
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


def hand_and_foot() -> dict[str, Any]:
    ac, bd = "Ann & Cara", "Bob & Dan"
    return log("hand-and-foot", ["Ann", "Bob", "Cara", "Dan"], [
        {"out": "Ann", "sides": {ac: {"meld_points": 610, "clean": 2, "dirty": 1, "red_threes": 1},
                                 bd: {"meld_points": 340, "clean": 1}},
         "hands": {"Cara": {"hand": "KS 5D", "foot": 85}, "Bob": {"hand": 30}, "Dan": {"hand": "3H JK 7C", "foot": 60}}},
        {"out": None, "sides": {ac: {"meld_points": 250, "dirty": 1, "red_threes": 2},
                                bd: {"meld_points": 900, "clean": 1, "wild": 1}},
         "hands": {"Ann": {"hand": "AS 2D"}, "Cara": {"hand": 25, "foot": 70}, "Bob": {"hand": 10}, "Dan": {}}},
    ], sides=[["Ann", "Cara"], ["Bob", "Dan"]])


def marriage() -> dict[str, Any]:
    shown, unseen = {"shown": True, "maal": 12}, {"shown": False}
    return log("marriage", ["Ann", "Bob", "Cara"], [
        {"out": "Ann", "hands": {"Ann": shown, "Bob": {"shown": True, "maal": 5}, "Cara": unseen}},
        {"out": "Bob", "out_dublee": True, "hands": {"Ann": unseen, "Bob": {"shown": True}, "Cara": shown}},
    ], options={"dublee_bonus": 5})


def canasta_modern() -> dict[str, Any]:
    ac, bd = "Ann & Cara", "Bob & Dan"
    return log("canasta", ["Ann", "Bob", "Cara", "Dan"], [
        {"out": "Ann", "sides": {ac: {"meld_points": 900, "natural": 1, "mixed": 1, "sevens": 1, "aces": 1,
                                      "wild": ["twos"], "threes": 2},
                                 bd: {"meld_points": 180, "mixed": 1, "threes": 1, "open_aces": True,
                                      "open_sevens": True, "open_wild": True}},
         "hands": {"Cara": holding("KS 5D"), "Bob": {"count": 60, "sevens": 3}, "Dan": holding("AH AS AC 4D")}},
        {"out": "Dan", "sides": {bd: {"meld_points": 600, "natural": 1, "wild": ["jokers"]},
                                 ac: {"meld_points": 100}},
         "hands": {"Bob": holding("KS"), "Ann": counted(40), "Cara": holding("7D 7H")}},
        {"out": "Bob", "special": "garbage", "sides": {bd: {"meld_points": 0, "threes": 1},
                                                       ac: {"meld_points": 0, "threes": 2}},
         "hands": {"Ann": counted(40), "Cara": counted(5)}},
        {"out": "Cara", "sides": {ac: {"meld_points": 300, "natural": 1, "wild": ["mixed"]}, bd: {"meld_points": 50}},
         "hands": {"Ann": counted(10), "Bob": counted(10), "Dan": counted(10)}},
    ], sides=[["Ann", "Cara"], ["Bob", "Dan"]], options={"style": "modern", "target": 100000})


def canasta_five() -> dict[str, Any]:
    ace, bd = "Ann & Cara & Eve", "Bob & Dan"
    return log("canasta", ["Ann", "Bob", "Cara", "Dan", "Eve"], [
        {"out": "Ann", "sides": {ace: {"meld_points": 200, "natural": 1}, bd: {"meld_points": 120}},
         "hands": {"Cara": counted(15), "Bob": counted(25), "Dan": counted(40)}},
    ], sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan"]])


def house(scoring: str, **options: Any) -> dict[str, Any]:
    definition = {"name": "Our Marriage", "entry": "points", "scoring": scoring, "lowest_wins": True, **options}
    return log("house", ["Ann", "Bob", "Cara"], [
        {"out": "Ann", "hands": {"Bob": {"points": 12}, "Cara": {"points": -4}}},
        {"out": "Bob", "hands": {"Ann": {"points": 3}, "Cara": {"points": 40}}},
    ], options=definition)


def house_own() -> dict[str, Any]:
    return log("house", ["Ann", "Bob", "Cara"], [
        {"out": None, "hands": {"Ann": {"count": 3}, "Bob": {"cards": "KS JK"}, "Cara": {"count": 0}}},
        {"out": "Bob", "hands": {"Ann": {"count": 30}, "Cara": {"count": 5}}},  # Ann 33: out
    ], options={"name": "Loba", "entry": "cards", "scoring": "own", "lowest_wins": True, "jokers": 2,
                "going_out_bonus": -5, "eliminate_at": 30})


def phase10(players: list[str], hands: int) -> dict[str, Any]:
    """Everyone makes a phase every hand, going out in turn; ten hands complete phase 10."""
    return log("phase10", players, [
        {"out": players[n % len(players)], "hands": {p: {"made": n % 3 != 1 or seat == 0, "count": 55 + 5 * seat}
                                                     for seat, p in enumerate(players) if p != players[n % len(players)]}}
        for n in range(hands)])


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
    "gin": gin_to_the_end(),
    "gin-shutout": gin_shutout(),
    "gin-ended": gin_ended(),
    "corner-gin": corner_gin_laying_off(),
    "oklahoma-gin": oklahoma(),
    "hollywood-gin": hollywood(),
    "cutthroat-gin": cutthroat(),
    "cutthroat-gin-even": cutthroat_even(),
    "partnership-gin": partnership(),
    "partnership-gin-ended": log("partnership-gin", ["Ann", "Bob", "Cara", "Dan"], [
        {"games": [gin_knock("Ann", 4, "Dan", 20), out(None)]}], sides=[["Ann", "Cara"], ["Bob", "Dan"]],
        ended=True),
    "kalooki": kalooki(False),
    "kalooki-doubled": kalooki(True),
    "scala40": scala40(),
    "three-thirteen": three_thirteen(),
    "canasta": canasta(),
    "hand-and-foot": hand_and_foot(),
    "canasta-modern": canasta_modern(),
    "canasta-five": canasta_five(),
    "house-own": house_own(),
    "phase10": phase10(["Ann", "Bob", "Cara"], 3),
    "phase10-completed": phase10(["Ann", "Bob"], 10),
    "house-winner-takes": house("winner_takes", going_out_bonus=10),
    "house-zero-sum": house("zero_sum", going_out_bonus=10),
    "marriage": marriage(),
}


def listed_notes(variant_key: str) -> dict[str, str]:
    """The keys a variant's notes may have, with their sentences: the modules' of
    its class and those it comes from (the Gin family's for Gin), and base's."""
    listed = dict(base.NOTES)
    for cls in type(get_variant(variant_key)).__mro__:
        listed.update(getattr(sys.modules[cls.__module__], "NOTES", {}))
    return listed


def each_note(sheet: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each hand's notes with their keys, then the settlement's notes that are Notes."""
    for row in sheet["hands"]:
        assert len(row["note_keys"]) == len(row["notes"])
        yield from zip(row["notes"], row["note_keys"], strict=True)
    for text in sheet["final_notes"]:
        if isinstance(text, Note):
            yield text, note_key(text)


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


def test_every_game_in_the_registry_has_its_notes_checked_here():
    assert {game["variant"] for game in GAMES.values()} == {v["key"] for v in variants()}


@pytest.fixture(scope="module")
def sheets() -> dict[str, dict[str, Any]]:
    return {name: replay(game) for name, game in GAMES.items()}


@pytest.mark.parametrize("name", GAMES)
def test_every_note_has_a_listed_key_whose_values_are_json_and_shown_in_its_text(sheets, name):
    sheet = sheets[name]
    listed = listed_notes(sheet["variant"])
    for text, keyed in each_note(sheet):
        assert isinstance(text, str)
        if isinstance(text, Note):
            assert keyed == note_key(text)
        key, values = keyed["key"], keyed["values"]
        assert key != "text" and KEY.match(key), key
        assert key in listed, f"{key} is not in its module's NOTES"
        assert set(values) == fields(listed[key]), key
        assert json.loads(json.dumps(values)) == values
        ordinals = {name for _, name, spec, _ in Formatter().parse(listed[key]) if spec == "ordinal"}
        for number in numbers({name: value for name, value in values.items() if name not in ordinals}):
            assert shows(text, number), f"{number} of {key} is not in {text!r}"
        for name in ordinals:  # a number English writes in words ("third")
            assert ordinal(values[name]) in text, f"{name} of {key} is not in {text!r}"
        assert render(key, json.loads(json.dumps(values))) == text  # the sentence, word for word


def test_the_games_here_cover_every_listed_key(sheets):
    from test_guide_keys import guide_keys_written  # (it checks these games' guides, so it imports them)

    seen = {keyed["key"] for sheet in sheets.values() for _, keyed in each_note(sheet)}
    listed = {key for sheet in sheets.values() for key in listed_notes(sheet["variant"])}
    guided = guide_keys_written()  # a guide's line is notes too, each checked there
    assert seen <= listed
    assert listed | set(guide.NOTES) == seen | (guided & (listed | set(guide.NOTES)))


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


def test_the_canasta_game_here_writes_every_part_of_a_side_note(sheets):
    kinds = {part["part"] for _, keyed in each_note(sheets["canasta"]) if keyed["key"] == "canasta.side"
             for part in keyed["values"]["parts"]}
    assert kinds == set(canasta_module.PART_WORDS)


def test_the_modern_canasta_game_here_writes_every_part_of_a_modern_side_note(sheets):
    kinds = {part["part"] for _, keyed in each_note(sheets["canasta-modern"]) if keyed["key"] == "canasta.side"
             for part in keyed["values"]["parts"]}
    assert kinds >= set(modern_module.PART_WORDS)


def test_a_canasta_side_note_reads_as_its_parts_in_words(sheets):
    sides = [text for text, keyed in each_note(sheets["canasta"]) if keyed["key"] == "canasta.side"]
    assert sides[:2] == ["Ann & Cara 1255: melded 270, 1 natural canasta 500, 1 mixed canasta 300, 1 red three 100, "
                         "going out 100, cards left -15 (Cara 15).",
                         "Bob & Dan 275: melded 150, 2 red threes 200, cards left -75 (Bob 60, Dan 15)."]


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
