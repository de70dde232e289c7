"""A Replay goes on by one hand exactly as replaying the longer log would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine import InvalidEntry, Replay, replay

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "examples"


def _logs_with_hands() -> list[dict]:
    if not EXAMPLES.is_dir():
        return []
    logs = []
    for path in sorted(EXAMPLES.glob("*.json")):
        example = json.loads(path.read_text())
        if "error" not in example["expect"] and len(example["log"]["hands"]) >= 2:
            logs.append(example["log"])
    return logs


TUNK = {
    "variant": "tunk",
    "players": ["Ann", "Bob", "Cara"],
    "hands": [
        {"out": "Ann", "hands": {"Bob": {"count": 60}, "Cara": {"count": 40}}},
        {"out": "Bob", "hands": {"Ann": {"count": 30}, "Cara": {"count": 70}}},
        {"out": "Ann", "hands": {"Bob": {"count": 45}}},
    ],
}


def _dump(sheet: dict) -> str:
    return json.dumps(sheet, sort_keys=True)


@pytest.mark.parametrize("log", [TUNK, *_logs_with_hands()], ids=lambda log: log["variant"])
def test_going_on_by_one_hand_gives_the_sheet_of_the_longer_log(log):
    before = {**log, "hands": log["hands"][:-1]}
    resumed = Replay.of(before).after(log["hands"][-1])
    assert _dump(resumed.sheet()) == _dump(replay(log))


def test_going_on_leaves_the_replay_it_started_from_as_it_was():
    before = Replay.of({**TUNK, "hands": TUNK["hands"][:2]})
    sheet_before = _dump(before.sheet())
    after = before.after(TUNK["hands"][2])
    assert after.hands_played == 3
    assert before.hands_played == 2
    assert _dump(before.sheet()) == sheet_before
    assert before.sheet()["eliminated"] == {"Cara": 2}
    assert after.sheet()["eliminated"] == {"Cara": 2, "Bob": 3}


def test_a_refused_hand_changes_nothing():
    game = Replay.of({**TUNK, "hands": TUNK["hands"][:1]})
    sheet_before = _dump(game.sheet())
    with pytest.raises(InvalidEntry) as refused:
        game.after({"out": "Ann", "hands": {"Bob": {"cards": "ZZ"}, "Cara": {"count": 1}}})
    assert refused.value.hand == 2
    assert _dump(game.sheet()) == sheet_before


def test_a_finished_game_takes_no_further_hand():
    game = Replay.of(TUNK)
    assert game.sheet()["finished"]
    with pytest.raises(InvalidEntry) as refused:
        game.after({"out": "Ann", "hands": {}})
    assert refused.value.hand == 4
    assert "already finished" in str(refused.value)
