"""Every refusal of the log's header, its options, sides, names and hands is a keyed note.

The engine's refusals are :class:`~scorekeeper.engine.declare.Note` s: English
that keeps its key and values, so a page writes the refusal again in its
reader's language (a value that is a note too, written first).  Their English
is what it always was, word for word: the API's clients and the tests compare it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.declare import Note
from scorekeeper.engine.in_browser import _written, outcome, replay_all, score_waiting
from scorekeeper.engine.notes import Translation


def refusal(log: dict[str, Any]) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as caught:
        replay(log)
    return caught.value


def game(**header: Any) -> dict[str, Any]:
    return {"variant": "basic", "players": ["Ann", "Bob"], **header}


@pytest.mark.parametrize(("log", "group", "english"), [
    # options.py: the option's key, then what it takes (itself a note)
    (game(variant="gin", options={"target": 0}), "options.",
     "options: target must be a positive whole number, at most 100000"),
    (game(options={"scoring": "zz"}), "options.", "options: scoring must be one of winner, penalty, got 'zz'"),
    (game(options={"nonsense": 1}), "options.",
     "options: 'nonsense' is not an option of this game (options: scoring, rummy_bonus, target, deals, ace)"),
    (game(variant="house", options={}), "options.",
     "options: name must be given (1 to 40 characters): this game has no default for it"),
    (game(variant="house", options={"name": "Ours", "entry": "points", "scoring": "own", "lowest_wins": True,
                                    "schedule": [{"zz": 1}]}), "errors.",
     "options: schedule: deal 1: 'zz' is not one of cards, contract"),
    # sides.py
    (game(variant="gin", sides=[["Ann"], ["Bob"]]), "sides.", "sides: Gin Rummy is not played in sides"),
    (game(variant="canasta", players=["Ann", "Bob", "Cara", "Dan", "Eve"], sides=[["Ann", "Bob", "Cara", "Dan"],
                                                                                   ["Eve"]]),
     "sides.", "sides: Canasta with 5 players is played in sides: one of 3 and one of 2, not 4 and 1"),
    (game(variant="canasta", players=["Ann", "Bob", "Cara", "Dan"], sides=[["Ann", "Bob"], ["Cara", "Dan"]]),
     "sides.", "sides: Ann and Bob sit side by side, but partners sit opposite"),
    # replay.py, and errors.py's refusals several modules make
    (game(hands="x"), "replay.", "hands: hands must be a list of hand entries"),
    (game(players=["Ann"]), "replay.", "players: Basic Rummy is for 2 to 6 players, got 1"),
    (game(variant="hand-and-foot", players=["Ann", "Bob"]), "replay.",
     "players: Hand and Foot is for 4 or 6 players, got 2"),
    (game(first_dealer="Zed"), "errors.", 'first_dealer: "Zed" is not a player in this game'),
    (game(ended="yes"), "errors.", "ended: ended must be true or false"),
    # bounds.py: a name (the fault in it a note of its own)
    (game(players=["Ann", "ann"]), "bounds.",
     'players: "Ann" and "ann" look the same; each player needs their own name'),
    (game(players=["Ann", "B\x00b"]), "bounds.", "players: the name 'B\\x00b' holds a control character (U+0000)"),
    # games/__init__.py
    (game(variant="pinochle"), "games.", 'variant: "pinochle" is not a variant (variants: basic, block, '),
    # games/entries.py
    (game(hands=[{"out": "Ann", "hands": {}}]), "entries.", "hand 1: no input for Bob"),
])
def test_every_refusal_is_a_keyed_note_whose_english_is_as_it_was(log, group, english):
    error = refusal(log)
    assert isinstance(error.message, Note)
    assert error.message.key.startswith(group)
    assert str(error).startswith(english)
    assert str(error) == str(error.note) and isinstance(error.note, Note)
    assert json.loads(json.dumps(error.note.values)) == error.note.values  # plain JSON, notes as their text


def test_a_refusal_quotes_the_rule_it_broke_as_a_note_of_its_own():
    error = refusal(game(options={"target": 0}))
    assert error.message.key == "options.refuse.rule"
    rule = error.message.values["rule"]
    assert isinstance(rule, Note) and rule.key == "options.refuse.positive"
    error = refusal(game(players=["Ann", "A\u200bnn"]))
    alike = error.message.values["alike"]
    assert isinstance(alike, Note) and str(alike) == '"Ann" and "A<U+200B>nn" look the same'


def test_a_missing_input_says_why_with_a_note():
    from scorekeeper.engine.games.entries import Hand

    hand = Hand(3, "Ann", ("Ann", "Bob"), "Ann", {}, {}, {}, ("Ann", "Bob"), ("Bob",), ())
    why = Note("errors.refuse.true_or_false", field="block")  # (any note: a game's own reason)
    error = hand.missing("Bob", why)
    assert str(error) == "hand 3: no input for Bob (block must be true or false)"
    assert error.message.key == "entries.refuse.no_input_why" and error.message.values["why"] is why
    assert str(hand.missing("Bob")) == "hand 3: no input for Bob"


FRENCH = Translation({
    "errors.where": "{where} — {message}",
    "errors.hand": "donne {hand} — {message}",
    "options.refuse.rule": "{option} : {rule}",
    "options.refuse.positive": "doit être un nombre entier positif, au plus {most}",
    "entries.refuse.no_input": "rien pour {player}",
    "replay.refuse.after_refused": "après une donne refusée",
})
WORDS = json.dumps({"texts": dict(FRENCH.texts), "lists": FRENCH.lists, "either": FRENCH.either})


def test_the_in_browser_engine_writes_a_refusal_in_the_page_s_language_its_quoted_notes_first():
    error = refusal(game(options={"target": 0}))
    assert _written(FRENCH, error.note) == "options — target : doit être un nombre entier positif, au plus 100000"
    assert _written(None, error.note) == str(error)
    # a sentence the language lacks stays English, inside the words it has
    english_inside = refusal(game(options={"scoring": "zz"}))
    assert _written(FRENCH, english_inside.note) == "options — scoring : must be one of winner, penalty, got 'zz'"
    assert _written(FRENCH, "plain text") == "plain text"


def test_outcome_and_replay_all_write_a_refusal_in_the_words_given_and_english_without():
    log = game(options={"target": 0})
    assert outcome(log)["error"]["message"] == "options: target must be a positive whole number, at most 100000"
    assert outcome(log, FRENCH)["error"]["message"].startswith("options — target : doit être")
    [french] = json.loads(replay_all(json.dumps([log]), WORDS))
    [english] = json.loads(replay_all(json.dumps([log])))
    assert french["error"]["message"].startswith("options — target : doit être")
    assert english["error"] == outcome(log)["error"]


def test_score_waiting_writes_its_refusals_in_the_words_given_and_english_without():
    items = [{"id": "a", "number": 1, "fields": [["out", "0"]]}, {"id": "b", "number": 2, "fields": [["out", "1"]]}]
    log = game(options={}, hands=[])
    french = json.loads(score_waiting(json.dumps(log), json.dumps(items), WORDS))
    english = json.loads(score_waiting(json.dumps(log), json.dumps(items)))
    assert [kept["error"] for kept in french] == ["donne 1 — rien pour Bob", "après une donne refusée"]
    assert [kept["error"] for kept in english] == ["hand 1: no input for Bob", "after a hand that would be refused"]
    refused_log = game(options={"target": 0})
    french = json.loads(score_waiting(json.dumps(refused_log), json.dumps(items), WORDS))
    assert {kept["error"] for kept in french} == {"options — target : doit être un nombre entier positif, au plus 100000"}
