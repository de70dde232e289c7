"""A Replay goes on by one hand exactly as replaying the longer log would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine import InvalidEntry, Replay, replay
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.gin import Gin

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


class TallyGin(Gin):
    """Gin that counts each player's hands won in its own state, changing it in place."""

    key = "tally-gin"

    def start(self, game):
        game.state["won"] = {p: 0 for p in game.players}

    def after_hand(self, game, number):
        winner = game.results[-1].winner
        if winner is not None:
            game.state["won"][winner] += 1

    def hand_extras(self, game, result):
        return {"won": dict(game.state["won"])}

    def sheet_extras(self, game):
        return {"won": dict(game.state["won"])}


def _ann_knocks() -> dict:
    return {"out": "Ann", "hands": {"Ann": {"count": 5}, "Bob": {"count": 20}}}


def test_a_variants_own_state_is_copied_so_going_on_leaves_the_original_as_it_was(monkeypatch):
    monkeypatch.setitem(VARIANTS, TallyGin.key, TallyGin())
    before = Replay.of({"variant": "tally-gin", "players": ["Ann", "Bob"], "hands": [_ann_knocks()]})
    assert before.sheet()["won"] == {"Ann": 1, "Bob": 0}
    once = before.after(_ann_knocks())
    again = before.after({"out": "Bob", "hands": {"Ann": {"count": 30}, "Bob": {"count": 2}}})
    assert once.sheet()["won"] == {"Ann": 2, "Bob": 0}
    assert again.sheet()["won"] == {"Ann": 1, "Bob": 1}
    assert before.sheet()["won"] == {"Ann": 1, "Bob": 0}
    assert [row["won"] for row in once.sheet()["hands"]] == [{"Ann": 1, "Bob": 0}, {"Ann": 2, "Bob": 0}]


def test_after_hand_sees_the_hand_scored_and_totalled(monkeypatch):
    seen = []

    class Watching(Gin):
        key = "watching-gin"

        def after_hand(self, game, number):
            seen.append((number, game.results[-1].scores, dict(game.totals)))

    monkeypatch.setitem(VARIANTS, Watching.key, Watching())
    replay({"variant": "watching-gin", "players": ["Ann", "Bob"], "hands": [_ann_knocks(), _ann_knocks()]})
    assert seen == [(1, {"Ann": 15, "Bob": 0}, {"Ann": 15, "Bob": 0}),
                    (2, {"Ann": 15, "Bob": 0}, {"Ann": 30, "Bob": 0})]
