"""Coming back into the game (Scala 40's rientro, Kalooki's buy-in): the engine's share.

SCORING.md section 5 (`scala40`, `kalooki`): ``reenter`` names players put out
who come back before the hand, each at the highest total among the players
still in, and play it; the ``reentries`` option says how often each may.  The
mechanism lives in the base and the replay, so it is tested here through a
tiny game that exists only for these tests.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import counted, dealers, log, notes, out, play, rejected, scores, totals

from scorekeeper.engine import InvalidEntry, Replay, variants
from scorekeeper.engine.declare import ELIMINATED, REENTER, REENTERED
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.base import (
    Game, Hand, HandResult, Variant, eliminate_over_limit, hand_value, last_player_left,
)
from scorekeeper.engine.options import Option, eliminate_at, reentries

KEY = "test-outlast"
FOUR = ["Ann", "Bob", "Cara", "Dan"]


class Outlast(Variant):
    """A test-only game: every other player scores their count; out at 100; one re-entry each."""

    key = KEY
    name = "Outlast"
    summary = "Stay under 100."
    min_players, max_players = 2, 6
    options = (eliminate_at(100), reentries(1))
    choices = (REENTER,)
    moments = (REENTERED, ELIMINATED)
    lowest_wins = True

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def score(self, hand: Hand) -> HandResult:
        scores = {p: hand_value(hand.inputs[p], lambda card: min(card.rank, 10)) for p in hand.others}
        return HandResult(scores, [f"{hand.out} went out."], winner=hand.out)

    def eliminate(self, game: Game, number: int) -> None:
        eliminate_over_limit(game, number, game.options["eliminate_at"])

    def is_over(self, game: Game) -> bool:
        return last_player_left(game, game.options["eliminate_at"])


@pytest.fixture(autouse=True)
def outlast(monkeypatch):
    monkeypatch.setitem(VARIANTS, KEY, Outlast())


def back(players: list[str], entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with ``players`` coming back before it."""
    return {**entry, "reenter": players}


# Hand 1: Cara reaches 100 and is out; Bob's 40 is then the highest still in.
CARA_OUT = out("Ann", Bob=counted(40), Cara=counted(100), Dan=counted(20))
CARA_BACK = back(["Cara"], out("Bob", Ann=counted(10), Cara=counted(5), Dan=counted(30)))


def game(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play(KEY, FOUR, hands, **header)


def refused(*hands: dict[str, Any], **header: Any):
    return rejected(KEY, FOUR, hands, **header)


# -- coming back -------------------------------------------------------------------


def test_a_player_put_out_comes_back_at_the_highest_total_still_in_and_plays_the_hand():
    sheet = game(CARA_OUT, CARA_BACK)
    assert sheet["hands"][1]["reentered"] == {"Cara": 40}
    assert scores(sheet, 2) == {"Ann": 10, "Bob": 0, "Cara": 5, "Dan": 30}
    assert totals(sheet, 2) == {"Ann": 10, "Bob": 40, "Cara": 45, "Dan": 50}


def test_a_player_who_comes_back_leaves_eliminated_and_the_sheet_counts_the_reentry():
    sheet = game(CARA_OUT, CARA_BACK)
    assert game(CARA_OUT)["eliminated"] == {"Cara": 1}
    assert sheet["eliminated"] == {}
    assert sheet["reentries"] == {"Cara": 1}


def test_the_row_of_a_hand_nobody_came_back_for_has_no_reentered_and_the_sheet_counts_none():
    sheet = game(CARA_OUT)
    assert "reentered" not in sheet["hands"][0]
    assert sheet["reentries"] == {}


def test_a_variant_without_reentries_has_no_reentries_on_its_sheet():
    assert "reentries" not in play("tunk", ["Ann", "Bob"])


def test_the_notes_say_who_came_back_at_whose_total():
    sheet = game(CARA_OUT, CARA_BACK)
    assert sheet["hands"][1]["notes"][0] == "Cara re-enters at 40, the highest total still in (Bob); re-entry 1 of 1."
    assert sheet["hands"][1]["note_keys"][0] == {
        "key": "reentry.back",
        "values": {"player": "Cara", "total": 40, "leaders": ["Bob"], "count": 1, "allowed": 1},
    }


def test_a_player_coming_back_plays_the_hand_so_needs_an_input():
    error = refused(CARA_OUT, back(["Cara"], out("Bob", Ann=counted(10), Dan=counted(30))))
    assert (error.hand, error.player, error.code) == (2, "Cara", "missing_input")
    assert str(error) == "hand 2: no input for Cara"


def test_a_player_coming_back_may_be_the_one_who_goes_out():
    sheet = game(CARA_OUT, back(["Cara"], out("Cara", Ann=counted(10), Bob=counted(5), Dan=counted(30))))
    assert totals(sheet, 2) == {"Ann": 10, "Bob": 45, "Cara": 40, "Dan": 50}


def test_nobody_comes_back_without_reenter():
    error = refused(CARA_OUT, out("Bob", Ann=counted(10), Cara=counted(5), Dan=counted(30)))
    assert (error.hand, error.player) == (2, "Cara")
    assert "out of the game since hand 1" in error.message
    sheet = game(CARA_OUT, {**out("Bob", Ann=counted(10), Dan=counted(30)), "reenter": []})
    assert sheet["eliminated"] == {"Cara": 1}
    assert "reentered" not in sheet["hands"][1]


def test_several_players_come_back_together_each_at_the_highest_total_before_either_is_back():
    hands = [
        out("Ann", Bob=counted(100), Cara=counted(100), Dan=counted(20)),
        back(["Cara", "Bob"], out("Dan", Ann=counted(1), Bob=counted(2), Cara=counted(3))),
    ]
    sheet = game(*hands)
    assert sheet["hands"][1]["reentered"] == {"Cara": 20, "Bob": 20}
    assert totals(sheet, 2) == {"Ann": 1, "Bob": 22, "Cara": 23, "Dan": 20}
    assert sheet["reentries"] == {"Cara": 1, "Bob": 1}
    assert "Bob re-enters at 20, the highest total still in (Dan)" in notes(sheet, 2)


def test_ties_for_the_highest_total_name_every_leader():
    hands = [
        out("Ann", Bob=counted(30), Cara=counted(100), Dan=counted(30)),
        back(["Cara"], out("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1))),
    ]
    assert "Cara re-enters at 30, the highest total still in (Bob and Dan)" in notes(game(*hands), 2)


# -- who may not come back ---------------------------------------------------------------


def test_a_player_still_in_cannot_re_enter():
    error = refused(CARA_OUT, back(["Dan"], out("Bob", Ann=counted(1), Dan=counted(1))))
    assert str(error) == "hand 2: Dan is not out, so cannot re-enter"
    assert (error.hand, error.player, error.field, error.code) == (2, "Dan", "reenter", "not_out")


def test_a_player_with_no_reentry_left_cannot_come_back():
    hands = [CARA_OUT, CARA_BACK, out("Ann", Bob=counted(1), Cara=counted(60), Dan=counted(1)),
             back(["Cara"], out("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1)))]
    assert game(*hands[:3])["eliminated"] == {"Cara": 3}
    error = refused(*hands)
    assert str(error) == "hand 4: Cara cannot re-enter: no re-entries left"
    assert (error.hand, error.player, error.field, error.code) == (4, "Cara", "reenter", "no_reentries_left")


def test_with_reentries_0_nobody_comes_back():
    error = refused(CARA_OUT, CARA_BACK, options={"reentries": 0})
    assert str(error) == "hand 2: Cara cannot re-enter: no re-entries left"


def test_with_two_reentries_a_player_comes_back_twice():
    hands = [CARA_OUT, CARA_BACK, out("Ann", Bob=counted(1), Cara=counted(60), Dan=counted(1)),
             back(["Cara"], out("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1)))]
    sheet = game(*hands, options={"reentries": 2})
    assert sheet["hands"][3]["reentered"] == {"Cara": 51}  # Dan's 50 + 1 after hand 3
    assert sheet["reentries"] == {"Cara": 2}
    assert "re-entry 2 of 2" in notes(sheet, 4)


@pytest.mark.parametrize(
    ("reenter", "message", "code"),
    [
        (["Eve"], '"Eve" is not a player in this game', "not_a_player"),
        ("Cara", "reenter must list the players who come back into the game", "invalid_entry"),
        ([1], "reenter must list the players who come back into the game", "invalid_entry"),
        (False, "reenter must list the players who come back into the game", "invalid_entry"),
        (["Cara", "Cara"], "Cara is named twice in reenter", "invalid_entry"),
    ],
)
def test_reenter_names_each_player_out_once(reenter, message, code):
    error = refused(CARA_OUT, {**CARA_BACK, "reenter": reenter})
    assert (error.hand, error.field, error.code) == (2, "reenter", code)
    assert error.message == message


def test_a_game_with_one_player_left_is_finished_and_takes_no_reentry():
    hands = [out("Ann", Bob=counted(100), Cara=counted(100), Dan=counted(100))]
    sheet = game(*hands)
    assert sheet["finished"] and sheet["winners"] == ["Ann"] and sheet["next"] is None
    error = refused(*hands, back(["Bob"], out("Ann", Bob=counted(1))))
    assert (error.hand, error.code) == (2, "game_over")


def test_a_variant_without_the_reenter_choice_refuses_the_key():
    error = rejected("tunk", ["Ann", "Bob", "Cara"], [{"out": "Ann", "reenter": [], "hands": {}}])
    assert "'reenter' is not part of a Tunk entry" in error.message


def test_a_variant_that_takes_reentries_must_declare_the_option():
    with pytest.raises(TypeError, match="declares the reentries option"):
        type("NoOption", (Outlast,), {"options": (eliminate_at(100),)})


@pytest.mark.parametrize("value", [-1, 11, True, 1.5])
def test_reentries_is_a_whole_number_from_0_to_10(value):
    error = refused(options={"reentries": value})
    assert (error.where, error.field, error.code) == ("options", "reentries", "bad_option")
    assert error.message == "reentries must be a whole number from 0 to 10"
    assert game(options={"reentries": 10})["options"]["reentries"] == 10


# -- coming back again, going out again ------------------------------------------------


def test_a_player_who_came_back_is_put_out_again_with_the_hand_that_did_it():
    sheet = game(CARA_OUT, CARA_BACK, out("Ann", Bob=counted(1), Cara=counted(60), Dan=counted(1)))
    assert sheet["eliminated"] == {"Cara": 3}
    assert totals(sheet, 3)["Cara"] == 105


def test_coming_back_and_being_put_out_are_moments_of_the_hand():
    sheet = game(CARA_OUT, CARA_BACK, out("Ann", Bob=counted(1), Cara=counted(60), Dan=counted(1)))
    assert [row["moments"] for row in sheet["hands"]] == [
        {"Cara": ["eliminated"]}, {"Cara": ["reentries"]}, {"Cara": ["eliminated"]},
    ]


# -- dealing -----------------------------------------------------------------------------------


def test_the_next_dealer_is_fixed_when_a_hand_ends_and_a_player_coming_back_deals_from_their_next_turn():
    # Bob deals hand 1; Cara is put out, so Dan is to deal hand 2 and does, though Cara is back
    # for it; then Ann, Bob, and Cara again.
    hands = [
        CARA_OUT, CARA_BACK,
        out("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1)),
        out("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1)),
    ]
    assert dealers(game(*hands[:1], first_dealer="Bob")) == ["Bob", "Dan"]
    assert dealers(game(*hands, first_dealer="Bob")) == ["Bob", "Dan", "Ann", "Bob", "Cara"]


# -- nothing is partly applied -------------------------------------------------------------


def _dump(sheet: dict) -> str:
    return json.dumps(sheet, sort_keys=True)


def test_a_refused_hand_with_a_reentry_leaves_the_game_as_it_was():
    kept = Replay.of(log(KEY, FOUR, [CARA_OUT]))
    sheet_before = _dump(kept.sheet())
    with pytest.raises(InvalidEntry) as refused_hand:
        kept.play(back(["Cara"], out("Bob", Ann=counted(10), Cara={"cards": "ZZ"}, Dan=counted(30))))
    assert refused_hand.value.hand == 2
    assert _dump(kept.sheet()) == sheet_before
    kept.play(out("Bob", Ann=counted(10), Dan=counted(30)))  # Cara is still out
    assert kept.sheet()["eliminated"] == {"Cara": 1}


def test_going_on_with_a_reentry_leaves_the_replay_it_started_from_as_it_was():
    before = Replay.of(log(KEY, FOUR, [CARA_OUT]))
    sheet_before = _dump(before.sheet())
    after = before.after(CARA_BACK)
    assert after.sheet()["reentries"] == {"Cara": 1} and after.sheet()["eliminated"] == {}
    assert _dump(before.sheet()) == sheet_before
    assert before.sheet()["reentries"] == {} and before.sheet()["eliminated"] == {"Cara": 1}
    # and the original can still take the same hand, as if the copy had never been made
    assert _dump(before.after(CARA_BACK).sheet()) == _dump(after.sheet())


def test_going_on_by_a_hand_with_a_reentry_gives_the_sheet_of_the_longer_log():
    whole_log = log(KEY, FOUR, [CARA_OUT, CARA_BACK, out("Dan", Ann=counted(3), Bob=counted(4), Cara=counted(5))])
    resumed = Replay.of({**whole_log, "hands": whole_log["hands"][:1]}).after(CARA_BACK).after(whole_log["hands"][2])
    assert _dump(resumed.sheet()) == _dump(Replay.of(whole_log).sheet())


# -- guidance and declarations ---------------------------------------------------------------


def test_the_goal_says_how_often_each_player_may_come_back():
    assert game()["guide"]["goal"] == "Out at 100; last player left wins; 1 re-entry each"
    assert game(options={"reentries": 3})["guide"]["goal"] == "Out at 100; last player left wins; 3 re-entries each"
    assert game(options={"reentries": 0})["guide"]["goal"] == "Out at 100; last player left wins"


def test_the_catalogue_declares_reenter_as_a_choice_among_the_players_out():
    entry = next(v for v in variants() if v["key"] == KEY)
    assert entry["entry"]["choices"] == [{
        "key": "reenter", "kind": "players", "label": "Re-enters",
        "help": "Out of the game, and comes back before this hand at the highest total still in.",
        "needs_out": False, "among": "out", "values": None,
    }]
    assert {"key": "reentries", "heading": "Re-entries",
            "counts": "times this player came back into a game after being put out"} in entry["moments"]


def test_an_allowed_values_option_with_a_default_does_not_offer_none():
    option = Option("jokers", "int", 2, "Jokers in the pack.", allowed=(2, 4))
    with pytest.raises(ValueError, match="jokers must be 2 or 4$"):
        option.check(3)
