"""Scala 40 (SCORING.md section 5, `scala40`, and its decisions in section 6)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, dealers, holding, log, notes, play, rejected, scores, totals

from scorekeeper.engine import Replay, parse_cards, variants
from scorekeeper.engine.games import VARIANTS

FOUR = ["Ann", "Bob", "Cara", "Dan"]
THREE = ["Ann", "Bob", "Cara"]
UNOPENED = {"opened": False}


def scala(players: list[str], hands: list[dict[str, Any]] = (), **header: Any) -> dict[str, Any]:
    return play("scala40", players, hands, **header)


def refused(players: list[str], hands: list[dict[str, Any]] = (), **header: Any):
    return rejected("scala40", players, hands, **header)


def closes(player: str, *, in_mano: bool = False, reenter: list[str] | None = None, **inputs: Any) -> dict:
    entry: dict[str, Any] = {"out": player, "in_mano": in_mano, "hands": inputs}
    if reenter is not None:
        entry["reenter"] = reenter
    return entry


# The worked example: Ann closes in mano.
IN_MANO = closes("Ann", in_mano=True, Bob=holding("KS 7D JK"), Cara=UNOPENED, Dan=holding("AC 3C"))


# -- players, deal and pack --------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_scala_40_is_for_two_to_six_players(count):
    error = refused([f"P{k}" for k in range(count)])
    assert error.where == "players"
    assert f"Scala 40 is for 2 to 6 players, got {count}" in error.message


@pytest.mark.parametrize("count", [2, 6])
def test_thirteen_cards_each_from_two_decks_and_four_jokers(count):
    sheet = scala([f"P{k}" for k in range(count)])
    assert (sheet["next"]["cards_each"], sheet["next"]["decks"], sheet["next"]["jokers"]) == (13, 2, 4)


def test_the_next_deal_line_gives_the_pack_and_the_opening_of_40():
    assert scala(FOUR)["guide"]["next"] == "Hand 1 · Ann deals 13 cards · 2 decks + 4 jokers · opening 40"


def test_a_card_may_appear_twice_but_not_three_times():
    sheet = scala(THREE, [closes("Ann", Bob=holding("7H 7H"), Cara=counted(0))])
    assert scores(sheet, 1)["Bob"] == 14
    error = refused(THREE, [closes("Ann", Bob=holding("7H 7H"), Cara=holding("7H"))])
    assert (error.hand, error.player, error.code) == (1, "Cara", "too_many_copies")
    assert "7H appears 3 times, but this game uses two decks" in error.message


def test_an_entry_holds_at_most_the_four_jokers_of_the_pack():
    sheet = scala(THREE, [closes("Ann", Bob=holding("JK JK JK"), Cara=holding("JK"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 75, "Cara": 25}
    error = refused(THREE, [closes("Ann", Bob=holding("JK JK JK"), Cara=holding("JK JK"))])
    assert (error.player, error.code) == ("Cara", "too_many_copies")
    assert "JK appears 5 times, but this pack has 4 jokers" in error.message


def test_a_hand_may_hold_any_number_of_cards():
    sheet = scala(THREE, [closes("Ann", Bob=holding("2C"), Cara=holding("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 2, "Cara": 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30 + 11 + 2}


# -- the entry ---------------------------------------------------------------------------


def test_nobody_closing_is_invalid():
    error = refused(THREE, [{"out": None, "hands": {"Ann": counted(1), "Bob": counted(1), "Cara": counted(1)}}])
    assert error.hand == 1
    assert "say who went out" in error.message


def test_every_other_player_still_in_needs_an_input():
    error = refused(THREE, [closes("Ann", Bob=counted(3))])
    assert str(error) == "hand 1: no input for Cara"


def test_the_closer_scores_zero_and_may_be_left_out_or_given_empty():
    assert scores(scala(THREE, [closes("Ann", Bob=counted(3), Cara=counted(4))]), 1) == {"Ann": 0, "Bob": 3, "Cara": 4}
    assert scores(scala(THREE, [closes("Ann", Ann={}, Bob=counted(3), Cara=counted(4))]), 1)["Ann"] == 0


@pytest.mark.parametrize("closer", [holding("5H"), counted(5), UNOPENED])
def test_the_closer_holds_no_cards_and_has_opened(closer):
    error = refused(THREE, [closes("Ann", Ann=closer, Bob=counted(3), Cara=counted(4))])
    assert (error.hand, error.player) == (1, "Ann")
    assert "Ann went out, so has no cards left and counts 0" in error.message


# -- what a hand left costs ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("AS", 11),
        ("KD", 10), ("QC", 10), ("JH", 10),
        ("10S", 10), ("9D", 9), ("2C", 2),
        ("JK", 25),
        ("7H 8H 9H", 24),  # a run still in hand counts: every card counts
        ("AS AH AD", 33),
    ],
)
def test_every_card_left_counts_ace_eleven_pictures_ten_pips_joker_twenty_five(cards, value):
    sheet = scala(THREE, [closes("Ann", Bob=holding(cards), Cara=counted(0))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": value, "Cara": 0}


def test_a_typed_count_is_taken_as_it_is():
    sheet = scala(THREE, [closes("Bob", Ann=counted(37), Cara=counted(0))])
    assert scores(sheet, 1) == {"Ann": 37, "Bob": 0, "Cara": 0}


def test_a_player_who_never_opened_scores_a_flat_100_whatever_they_hold():
    sheet = scala(THREE, [closes("Ann", Bob=UNOPENED, Cara={"opened": True, "cards": "KS"})])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 100, "Cara": 10}
    assert sheet["hands"][0]["details"]["Bob"] == {"value": 100, "opened": False}


def test_opened_defaults_to_true():
    assert scores(scala(THREE, [closes("Ann", Bob={"cards": "KS"}, Cara={"opened": True})]), 1)["Bob"] == 10


def test_not_opened_sets_the_flat_penalty():
    sheet = scala(THREE, [closes("Ann", Bob=UNOPENED, Cara=counted(3))], options={"not_opened": 150})
    assert scores(sheet, 1)["Bob"] == 150
    assert "Bob never opened 150" in notes(sheet, 1)


@pytest.mark.parametrize("value", [-1, 10_001, 2.5, "100"])
def test_not_opened_is_a_whole_number_from_0_to_10000(value):
    error = refused(THREE, options={"not_opened": value})
    assert (error.where, error.field, error.code) == ("options", "not_opened", "bad_option")
    assert error.message == "not_opened must be a whole number from 0 to 10000"
    assert scala(THREE, options={"not_opened": 0})["options"]["not_opened"] == 0


@pytest.mark.parametrize(("given", "field"), [({"cards": "KS 5D"}, "cards"), ({"count": 15}, "count"),
                                               ({"count": 0}, "count")])
def test_a_player_who_never_opened_leaves_cards_and_count_empty(given, field):
    hands = [closes("Ann", Bob=counted(1), Cara=counted(1)), closes("Ann", Bob=counted(1), Cara={**UNOPENED, **given})]
    error = refused(THREE, hands)
    assert str(error) == "hand 2, Cara: a player who never opened scores 100; leave cards and count empty"
    assert (error.hand, error.player, error.field, error.code) == (2, "Cara", field, "unopened_with_cards")


def test_never_opened_with_empty_cards_is_accepted():
    assert scores(scala(THREE, [closes("Ann", Bob={"opened": False, "cards": ""}, Cara=counted(1))]), 1)["Bob"] == 100


@pytest.mark.parametrize("opened", ["no", 0, None])
def test_opened_is_true_or_false(opened):
    error = refused(THREE, [closes("Ann", Bob={"opened": opened}, Cara=counted(1))])
    assert (error.player, error.field) == ("Bob", "opened")
    assert error.message == "opened must be true or false"


# -- in mano -------------------------------------------------------------------------------


def test_the_worked_example_in_mano_doubles_every_other_score_the_flat_100_too():
    sheet = scala(FOUR, [IN_MANO])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 84, "Cara": 200, "Dan": 28}
    assert sheet["hands"][0]["details"] == {
        "Ann": {"value": 0}, "Bob": {"value": 42}, "Cara": {"value": 100, "opened": False}, "Dan": {"value": 14},
    }
    assert sheet["hands"][0]["kind"] == "in_mano"


def test_the_notes_explain_the_counts_and_the_doubling():
    sheet = scala(FOUR, [IN_MANO])
    assert sheet["hands"][0]["notes"] == [
        "Ann closed and scores 0; every card left counts against the others: Bob 42, Cara never opened 100, Dan 14.",
        "In mano (Ann closed in one turn, never having opened): every other score doubles: Bob 84, Cara 200, Dan 28.",
        "Cara reached 200 (limit 101) and is out of the game.",
    ]
    assert [key["key"] for key in sheet["hands"][0]["note_keys"]][:2] == ["scala40.closed", "scala40.in_mano"]


def test_without_in_mano_nothing_doubles():
    sheet = scala(FOUR, [{**IN_MANO, "in_mano": False}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 42, "Cara": 100, "Dan": 14}
    assert sheet["hands"][0]["kind"] == "close"
    assert len(sheet["hands"][0]["notes"]) == 1
    assert scores(scala(FOUR, [{k: v for k, v in IN_MANO.items() if k != "in_mano"}]), 1)["Bob"] == 42


@pytest.mark.parametrize("flag", ["yes", 1, None])
def test_in_mano_is_true_or_false(flag):
    error = refused(FOUR, [{**IN_MANO, "in_mano": flag}])
    assert (error.hand, error.field) == (1, "in_mano")
    assert error.message == "in_mano must be true or false"


def test_in_mano_and_never_opened_are_moments_of_the_hand():
    assert scala(FOUR, [IN_MANO])["hands"][0]["moments"] == {
        "Ann": ["in_mano"], "Cara": ["never_opened", "eliminated"],
    }


# -- out at 101 ---------------------------------------------------------------------------


def test_a_total_of_100_stays_in_and_101_is_out_from_the_next_hand():
    sheet = scala(THREE, [closes("Ann", Bob=counted(100), Cara=counted(101))])
    assert sheet["eliminated"] == {"Cara": 1}
    assert "Cara reached 101 (limit 101) and is out of the game." in notes(sheet, 1)
    error = refused(THREE, [closes("Ann", Bob=counted(100), Cara=counted(101)),
                            closes("Ann", Bob=counted(0), Cara=counted(0))])
    assert (error.hand, error.player) == (2, "Cara")
    assert "out of the game since hand 1 and takes no input" in error.message


def test_eliminate_at_201_at_tables_that_play_to_it():
    sheet = scala(THREE, [closes("Ann", Bob=counted(200), Cara=counted(201))], options={"eliminate_at": 201})
    assert sheet["eliminated"] == {"Cara": 1}
    assert sheet["guide"]["goal"] == "Out at 201; last player left wins"


@pytest.mark.parametrize("value", [0, 100_001, True])
def test_eliminate_at_is_a_positive_whole_number(value):
    error = refused(THREE, options={"eliminate_at": value})
    assert (error.field, error.code) == ("eliminate_at", "bad_option")
    assert error.message == "eliminate_at must be a positive whole number, at most 100000"


def test_the_last_player_left_wins():
    sheet = scala(THREE, [closes("Ann", Bob=counted(120), Cara=counted(20)),
                          closes("Cara", Ann=counted(101))])
    assert sheet["finished"] and sheet["next"] is None
    assert sheet["winners"] == ["Cara"]
    assert sheet["eliminated"] == {"Bob": 1, "Ann": 2}


def test_players_crossing_in_the_same_hand_leave_the_closer_the_last_player_left():
    # The closer scores 0, so never crosses: "the last ones cross together" ends with the closer
    # left in, and the closer wins.
    sheet = scala(THREE, [closes("Ann", Bob=counted(50), Cara=counted(60)),
                          closes("Ann", Bob=counted(60), Cara=counted(41))])
    assert totals(sheet) == {"Ann": 0, "Bob": 110, "Cara": 101}
    assert sheet["eliminated"] == {"Bob": 2, "Cara": 2}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]


def test_ended_by_agreement_the_lowest_total_still_in_wins():
    sheet = scala(THREE, [closes("Ann", Bob=counted(120), Cara=counted(20)), closes("Ann", Cara=counted(10))],
                  ended=True)
    assert sheet["winners"] == ["Ann"]


# -- the deal ------------------------------------------------------------------------------


def test_the_deal_passes_left_skipping_players_out():
    sheet = scala(FOUR, [closes("Ann", Bob=counted(120), Cara=counted(1), Dan=counted(1)),
                         closes("Ann", Cara=counted(1), Dan=counted(1)),
                         closes("Ann", Cara=counted(1), Dan=counted(1))])
    assert dealers(sheet) == ["Ann", "Cara", "Dan", "Ann"]


# -- rientro ---------------------------------------------------------------------------------


# After the worked example (Cara 200, out), with one re-entry each she comes back at Bob's 84.
CARA_BACK = closes("Dan", reenter=["Cara"], Ann=counted(5), Bob=counted(6), Cara=holding("3H 4H"))


def test_the_worked_example_cara_comes_back_at_bobs_84_and_plays_the_hand():
    sheet = scala(FOUR, [IN_MANO, CARA_BACK], options={"reentries": 1})
    row = sheet["hands"][1]
    assert row["reentered"] == {"Cara": 84}
    assert row["scores"] == {"Ann": 5, "Bob": 6, "Cara": 7, "Dan": 0}
    assert row["totals"] == {"Ann": 5, "Bob": 90, "Cara": 84 + 7, "Dan": 28}
    assert sheet["eliminated"] == {}
    assert sheet["reentries"] == {"Cara": 1}
    assert row["notes"][0] == "Cara re-enters at 84, the highest total still in (Bob); re-entry 1 of 1."
    assert row["moments"] == {"Cara": ["reentries"]}


def test_without_reentries_nobody_comes_back():
    error = refused(FOUR, [IN_MANO, CARA_BACK])
    assert str(error) == "hand 2: Cara cannot re-enter: no re-entries left"
    assert scala(FOUR, [IN_MANO])["reentries"] == {}


def test_a_player_with_no_reentry_left_cannot_come_back_in_hand_3():
    hands = [closes("Ann", Bob=counted(150), Cara=counted(1), Dan=counted(1)),
             closes("Ann", reenter=["Bob"], Bob=counted(100), Cara=counted(1), Dan=counted(1)),
             closes("Ann", reenter=["Bob"], Bob=counted(1), Cara=counted(1), Dan=counted(1))]
    assert scala(FOUR, hands[:2], options={"reentries": 1})["eliminated"] == {"Bob": 2}
    error = refused(FOUR, hands, options={"reentries": 1})
    assert str(error) == "hand 3: Bob cannot re-enter: no re-entries left"
    assert error.code == "no_reentries_left"


def test_a_player_still_in_cannot_re_enter_in_hand_3():
    hands = [closes("Ann", Bob=counted(150), Cara=counted(1), Dan=counted(1)),
             closes("Ann", Cara=counted(1), Dan=counted(1)),
             closes("Ann", reenter=["Dan"], Cara=counted(1), Dan=counted(1))]
    error = refused(FOUR, hands, options={"reentries": 1})
    assert str(error) == "hand 3: Dan is not out, so cannot re-enter"
    assert error.code == "not_out"


@pytest.mark.parametrize("value", [-1, 11])
def test_reentries_is_a_whole_number_from_0_to_10(value):
    error = refused(FOUR, options={"reentries": value})
    assert error.message == "reentries must be a whole number from 0 to 10"


def test_a_player_who_comes_back_deals_from_their_next_turn():
    # Ann deals hand 1; Bob is put out, so Cara deals hand 2, which Bob comes back for; then Dan,
    # Ann, and Bob again.
    hands = [closes("Ann", Bob=counted(150), Cara=counted(1), Dan=counted(1)),
             closes("Ann", reenter=["Bob"], Bob=counted(1), Cara=counted(1), Dan=counted(1)),
             closes("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1)),
             closes("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1))]
    assert dealers(scala(FOUR, hands[:1], options={"reentries": 1})) == ["Ann", "Cara"]
    assert dealers(scala(FOUR, hands, options={"reentries": 1})) == ["Ann", "Cara", "Dan", "Ann", "Bob"]


def test_the_goal_says_out_at_101_and_the_reentries():
    assert scala(FOUR)["guide"]["goal"] == "Out at 101; last player left wins"
    assert scala(FOUR, options={"reentries": 1})["guide"]["goal"] == "Out at 101; last player left wins; 1 re-entry each"


def test_going_on_with_a_reentry_leaves_the_kept_replay_as_it_was():
    before = Replay.of(log("scala40", FOUR, [IN_MANO], options={"reentries": 1}))
    after = before.after(CARA_BACK)
    assert after.sheet()["reentries"] == {"Cara": 1}
    assert before.sheet()["reentries"] == {} and before.sheet()["eliminated"] == {"Cara": 1}
    assert before.after(CARA_BACK).sheet() == after.sheet()


# -- declarations and guidance ----------------------------------------------------------------


def catalogue_entry() -> dict[str, Any]:
    return next(v for v in variants() if v["key"] == "scala40")


def test_the_catalogue_declares_in_mano_and_reenter_as_choices():
    choices = {c["key"]: c for c in catalogue_entry()["entry"]["choices"]}
    assert list(choices) == ["in_mano", "reenter"]
    assert (choices["in_mano"]["kind"], choices["in_mano"]["needs_out"]) == ("flag", True)
    assert (choices["reenter"]["kind"], choices["reenter"]["among"]) == ("players", "out")


def test_the_catalogue_declares_a_count_or_the_cards_and_the_never_opened_status():
    entry = catalogue_entry()["entry"]
    assert [f["key"] for f in entry["fields"]] == ["count", "cards"]
    assert entry["statuses"] == [{"key": "unopened", "label": "Never opened", "input": {"opened": False},
                                  "help": "Never laid down an opening: a flat penalty."}]
    assert entry["inputs"] == ["count", "cards", "opened"]
    assert entry["out_verb"] == "closed" and entry["out_may_be_null"] is False


def test_the_catalogue_declares_the_moments_the_statistics_count():
    assert [m["key"] for m in catalogue_entry()["moments"]] == ["in_mano", "never_opened", "reentries", "eliminated"]


def test_the_catalogue_gives_the_pack_and_the_options():
    entry = catalogue_entry()
    assert entry["jokers"] == {str(n): 4 for n in range(2, 7)} and entry["decks"] == {str(n): 2 for n in range(2, 7)}
    options = {o["key"]: o for o in entry["options"]}
    assert (options["reentries"]["minimum"], options["reentries"]["maximum"]) == (0, 10)
    assert (options["not_opened"]["minimum"], options["not_opened"]["maximum"]) == (0, 10_000)
    assert entry["lowest_wins"] is True


def test_how_to_says_what_to_tap_and_what_cards_count():
    how_to = scala(FOUR)["guide"]["how_to"]
    assert how_to.startswith("Tap who closed; for everyone else, every card left counts (A 11, K Q J 10, joker 25), "
                             "or tap never opened: 100.")
    assert "In mano" in how_to
    assert "never opened: 150" in scala(FOUR, options={"not_opened": 150})["guide"]["how_to"]


@pytest.mark.parametrize(("cards", "value"), [("AS KD JK", 46), ("7H 8H 9H", 24), ("", 0)])
def test_the_preview_counts_every_card(cards, value):
    options = scala(FOUR)["options"]
    assert VARIANTS["scala40"].preview(parse_cards(cards), options) == {"value": value}
