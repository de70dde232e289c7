"""Every house game started before the extensions (a)-(h) replays as it did: their defaults are today's rules.

``data/house_before_extensions.json`` holds 60 house logs of every older
kind (points or cards, the three scoring modes, bonuses, targets, deals,
eliminations, nobody out, ended by agreement), drawn at random, each with
the fingerprint of the sheet the engine gave before the extensions (commit
188ba0e): every row's dealer, scores, totals, details, notes, kind, winner
and moments, and the sheet's end, next deal and guide.  The new engine must
give each the same fingerprint.  A property test adds that writing the
extensions' options at their defaults changes nothing either.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import InvalidEntry, replay

RECORDED = json.loads((Path(__file__).parent / "data" / "house_before_extensions.json").read_text("utf-8"))

ROW_KEYS = ("number", "dealer", "out", "scores", "totals", "details", "notes", "kind", "winner", "moments")
NEXT_KEYS = ("hand", "dealer", "cards_each", "decks", "jokers", "contract")
#: the guide's lines as the old engine wrote them (its ``keys``, the notes that write them again, came later)
GUIDE_KEYS = ("how_to", "goal", "next", "limit")
#: the extensions' options at their defaults: a log that writes them is a log that does not
EXTENSION_DEFAULTS = {"one_go_multiplier": 1, "one_go_bonus": None, "reentries": 0, "schedule": None,
                      "instant_win": False}


def digest(sheet: dict[str, Any]) -> str:
    """What a house game's sheet says, as one fingerprint: every row's numbers and words, the end."""
    kept = {
        "name": sheet["name"],
        "rows": [{key: row[key] for key in ROW_KEYS} for row in sheet["hands"]],
        "totals": sheet["totals"], "finished": sheet["finished"], "winners": sheet["winners"],
        "eliminated": sheet["eliminated"], "sides": sheet["sides"], "lowest_wins": sheet["lowest_wins"],
        "next": {key: sheet["next"][key] for key in NEXT_KEYS} if sheet["next"] else None,
        "guide": {key: sheet["guide"][key] for key in GUIDE_KEYS}, "reentries": sheet.get("reentries"),
    }
    return hashlib.sha256(json.dumps(kept, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def test_the_recorded_old_games_cover_every_older_kind():
    options = [game["log"]["options"] for game in RECORDED]
    assert {o["entry"] for o in options} == {"points", "cards"}
    assert {o["scoring"] for o in options} == {"own", "winner_takes", "zero_sum"}
    assert any("eliminate_at" in o for o in options) and any("target" in o for o in options)
    assert any(game["log"].get("ended") for game in RECORDED)
    assert any(hand["out"] is None for game in RECORDED for hand in game["log"]["hands"])


@pytest.mark.parametrize("game", RECORDED, ids=[f"log{n}" for n in range(len(RECORDED))])
def test_an_old_house_log_replays_to_the_same_sheet(game):
    sheet = replay(game["log"])
    assert (sheet["totals"], sheet["winners"]) == (game["totals"], game["winners"])
    assert digest(sheet) == game["digest"]


@pytest.mark.parametrize("game", RECORDED[:20], ids=[f"log{n}" for n in range(20)])
def test_an_old_house_log_with_the_extensions_written_at_their_defaults_replays_the_same(game):
    log = game["log"]
    written = {**log, "options": {**log["options"], **EXTENSION_DEFAULTS}}
    assert digest(replay(written)) == game["digest"]


# -- any old-style game ---------------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cara", "Dan")


@st.composite
def old_games(draw: st.DrawFn) -> dict[str, Any]:
    """A house log of the kinds there were before the extensions: points, by any of the three modes."""
    players = list(NAMES[:draw(st.integers(2, 4))])
    scoring = draw(st.sampled_from(["own", "winner_takes", "zero_sum"]))
    options: dict[str, Any] = {"name": "Ours", "entry": "points", "scoring": scoring,
                               "lowest_wins": draw(st.booleans()),
                               "going_out_bonus": draw(st.integers(-50, 50)),
                               "deals": draw(st.none() | st.integers(1, 6))}
    hands = []
    for _ in range(draw(st.integers(0, 6))):
        out = draw(st.sampled_from(players + ([None] if scoring == "own" else [])))
        given = [p for p in players if p != out or scoring == "own"]
        hands.append({"out": out, "hands": {p: {"points": draw(st.integers(-100, 100))} for p in given}})
    return {"variant": "house", "players": players, "options": options, "hands": hands}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old_games())
def test_writing_the_extensions_at_their_defaults_changes_no_old_style_game(log):
    try:
        plain = replay(log)
    except InvalidEntry as error:  # (a game over before its last hand, as drawn): refused alike
        with pytest.raises(InvalidEntry) as again:
            replay({**log, "options": {**log["options"], **EXTENSION_DEFAULTS}})
        assert (again.value.hand, again.value.code) == (error.hand, error.code)
        return
    written = replay({**log, "options": {**log["options"], **EXTENSION_DEFAULTS}})
    assert digest(written) == digest(plain)
    assert written["hands"] == plain["hands"]
