"""Kalooki (SCORING.md section 5, `kalooki`, and its decisions in section 6)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, dealers, holding, log, notes, out, play, rejected, scores, totals

from scorekeeper.engine import Replay, parse_cards, variants
from scorekeeper.engine.games import VARIANTS

THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]


def kalooki(players: list[str], hands: list[dict[str, Any]] = (), **header: Any) -> dict[str, Any]:
    return play("kalooki", players, hands, **header)


def refused(players: list[str], hands: list[dict[str, Any]] = (), **header: Any):
    return rejected("kalooki", players, hands, **header)


# The worked example: Ann goes out.
EXAMPLE = out("Ann", Bob=holding("KS KH 4D JK"), Cara=holding("AC 2C"))


# -- players, deal and pack --------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_kalooki_is_for_two_to_six_players(count):
    error = refused([f"P{k}" for k in range(count)])
    assert error.where == "players"
    assert f"Kalooki is for 2 to 6 players, got {count}" in error.message


@pytest.mark.parametrize("count", [2, 5, 6])
def test_thirteen_cards_each_from_two_decks_and_two_jokers(count):
    sheet = kalooki([f"P{k}" for k in range(count)])
    assert (sheet["next"]["cards_each"], sheet["next"]["decks"], sheet["next"]["jokers"]) == (13, 2, 2)


def test_the_jokers_option_makes_it_four():
    sheet = kalooki(THREE, options={"jokers": 4})
    assert sheet["next"]["jokers"] == 4
    assert sheet["guide"]["next"] == "Hand 1 · Ann deals 13 cards · 2 decks + 4 jokers · first meld 40"


def test_the_next_deal_line_gives_the_pack_and_the_first_meld_of_40():
    assert kalooki(THREE)["guide"]["next"] == "Hand 1 · Ann deals 13 cards · 2 decks + 2 jokers · first meld 40"


@pytest.mark.parametrize("jokers", [0, 1, 3, 6, True])
def test_jokers_is_2_or_4(jokers):
    error = refused(THREE, options={"jokers": jokers})
    assert (error.field, error.code) == ("jokers", "bad_option")
    assert error.message == "jokers must be 2 or 4"


def test_an_entry_holds_at_most_the_jokers_of_the_pack():
    error = refused(THREE, [out("Ann", Bob=holding("JK JK"), Cara=holding("JK"))])
    assert (error.player, error.code) == ("Cara", "too_many_copies")
    assert "JK appears 3 times, but this pack has 2 jokers" in error.message
    sheet = kalooki(THREE, [out("Ann", Bob=holding("JK JK"), Cara=holding("JK JK"))], options={"jokers": 4})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 30, "Cara": 30}


def test_a_card_may_appear_twice_but_not_three_times():
    assert scores(kalooki(THREE, [out("Ann", Bob=holding("9S 9S"), Cara=counted(0))]), 1)["Bob"] == 18
    error = refused(THREE, [out("Ann", Bob=holding("9S 9S"), Cara=holding("9S"))])
    assert "9S appears 3 times, but this game uses two decks" in error.message


# -- the entry ---------------------------------------------------------------------------


def test_nobody_going_out_is_invalid():
    error = refused(THREE, [{"out": None, "hands": {"Ann": counted(1), "Bob": counted(1), "Cara": counted(1)}}])
    assert "say who went out" in error.message


def test_every_other_player_still_in_needs_an_input():
    assert str(refused(THREE, [out("Ann", Bob=counted(3))])) == "hand 1: no input for Cara"


@pytest.mark.parametrize("winner", [holding("5H"), counted(5)])
def test_whoever_went_out_holds_no_cards_and_scores_zero(winner):
    error = refused(THREE, [out("Ann", Ann=winner, Bob=counted(3), Cara=counted(4))])
    assert (error.hand, error.player) == (1, "Ann")
    assert scores(kalooki(THREE, [out("Ann", Ann={}, Bob=counted(3), Cara=counted(4))]), 1)["Ann"] == 0


def test_a_never_opened_input_is_not_a_kalooki_input():
    error = refused(THREE, [out("Ann", Bob={"opened": False}, Cara=counted(4))])
    assert "'opened' is not an input here" in error.message


# -- what a hand left costs ---------------------------------------------------------------


def test_the_worked_example_every_card_left_counts_the_kings_too():
    sheet = kalooki(THREE, [EXAMPLE])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 39, "Cara": 13}
    assert sheet["hands"][0]["notes"] == [
        "Ann went out and scores 0; every card left counts against the others: Bob 39, Cara 13."
    ]
    assert sheet["hands"][0]["kind"] == "out"


@pytest.mark.parametrize(
    ("cards", "value"),
    [("AS", 11), ("KD", 10), ("QC", 10), ("JH", 10), ("10S", 10), ("9D", 9), ("2C", 2), ("JK", 15),
     ("5H 6H 7H", 18)],
)
def test_ace_eleven_pictures_and_ten_ten_pips_joker_fifteen(cards, value):
    assert scores(kalooki(THREE, [out("Ann", Bob=holding(cards), Cara=counted(0))]), 1)["Bob"] == value


def test_an_ace_counts_1_with_ace_1():
    sheet = kalooki(THREE, [EXAMPLE], options={"ace": 1})
    assert scores(sheet, 1)["Cara"] == 3


@pytest.mark.parametrize("ace", [0, 10, 15, "1"])
def test_ace_is_11_or_1(ace):
    error = refused(THREE, options={"ace": ace})
    assert (error.field, error.code) == ("ace", "bad_option")
    assert error.message == "ace must be 11 or 1"


def test_joker_value_sets_what_a_joker_costs():
    sheet = kalooki(THREE, [EXAMPLE], options={"joker_value": 25})
    assert scores(sheet, 1)["Bob"] == 49
    assert scores(kalooki(THREE, [EXAMPLE], options={"joker_value": 0}), 1)["Bob"] == 24


@pytest.mark.parametrize("value", [-1, 10_001, 2.5])
def test_joker_value_is_a_whole_number_from_0_to_10000(value):
    error = refused(THREE, options={"joker_value": value})
    assert error.message == "joker_value must be a whole number from 0 to 10000"


def test_a_typed_count_is_taken_as_it_is():
    assert scores(kalooki(THREE, [out("Bob", Ann=counted(77), Cara=counted(0))]), 1) == {"Ann": 77, "Bob": 0, "Cara": 0}


# -- kalookie ------------------------------------------------------------------------------


def test_a_kalookie_is_noted_and_changes_no_score_by_default():
    sheet = kalooki(THREE, [{**EXAMPLE, "kalookie": True}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 39, "Cara": 13}
    assert "Kalookie (Ann laid down all 13 at once): no score changes at this table." in notes(sheet, 1)
    assert sheet["hands"][0]["kind"] == "kalookie"
    assert sheet["hands"][0]["moments"] == {"Ann": ["kalookies"]}


def test_with_kalookie_double_a_kalookie_doubles_the_others_scores():
    sheet = kalooki(THREE, [{**EXAMPLE, "kalookie": True}], options={"kalookie_double": True})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 78, "Cara": 26}
    assert "every other score doubles: Bob 78, Cara 26." in notes(sheet, 1)
    assert sheet["hands"][0]["details"]["Bob"] == {"value": 39}


def test_kalookie_double_without_a_kalookie_doubles_nothing():
    sheet = kalooki(THREE, [EXAMPLE], options={"kalookie_double": True})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 39, "Cara": 13}
    assert sheet["hands"][0]["moments"] == {}


@pytest.mark.parametrize("flag", ["yes", 1, None])
def test_kalookie_is_true_or_false(flag):
    error = refused(THREE, [{**EXAMPLE, "kalookie": flag}])
    assert (error.hand, error.field, error.message) == (1, "kalookie", "kalookie must be true or false")


# -- over 150 ------------------------------------------------------------------------------


def test_150_stays_in_and_over_150_is_out_from_the_next_hand():
    sheet = kalooki(THREE, [out("Ann", Bob=counted(150), Cara=counted(151))])
    assert sheet["eliminated"] == {"Cara": 1}
    assert sheet["options"]["eliminate_at"] == 151
    assert "Cara reached 151 (limit 151) and is out of the game." in notes(sheet, 1)
    error = refused(THREE, [out("Ann", Bob=counted(150), Cara=counted(151)), out("Ann", Bob=counted(0), Cara=counted(0))])
    assert "out of the game since hand 1 and takes no input" in error.message


def test_the_last_player_left_wins():
    sheet = kalooki(THREE, [out("Ann", Bob=counted(160), Cara=counted(20)), out("Cara", Ann=counted(151))])
    assert sheet["finished"] and sheet["winners"] == ["Cara"] and sheet["next"] is None
    assert sheet["eliminated"] == {"Bob": 1, "Ann": 2}


def test_players_crossing_in_the_same_hand_leave_whoever_went_out_the_last_player_left():
    sheet = kalooki(THREE, [out("Ann", Bob=counted(151), Cara=counted(200))])
    assert sheet["eliminated"] == {"Bob": 1, "Cara": 1}
    assert sheet["winners"] == ["Ann"]


def test_ended_by_agreement_the_lowest_total_still_in_wins_and_ties_share():
    sheet = kalooki(THREE, [out("Ann", Bob=counted(10), Cara=counted(10))], ended=True)
    assert sheet["winners"] == ["Ann"]
    tied = kalooki(THREE, [out("Ann", Bob=counted(10), Cara=counted(10)), out("Bob", Ann=counted(10), Cara=counted(5))],
                   ended=True)
    assert totals(tied) == {"Ann": 10, "Bob": 10, "Cara": 15}
    assert tied["winners"] == ["Ann", "Bob"]


def test_the_goal_says_over_150_is_out_with_one_buy_in():
    assert kalooki(THREE)["guide"]["goal"] == "Out at 151; last player left wins; 1 re-entry each"


# -- the buy-in ------------------------------------------------------------------------------


BOB_OUT = out("Ann", Bob=counted(160), Cara=counted(40), Dan=counted(25))
BOB_BACK = {"out": "Cara", "reenter": ["Bob"], "hands": {"Ann": counted(5), "Bob": holding("KS"), "Dan": counted(1)}}


def test_a_player_over_150_buys_back_in_at_the_highest_total_still_in():
    sheet = kalooki(FOUR, [BOB_OUT, BOB_BACK])
    assert sheet["hands"][1]["reentered"] == {"Bob": 40}
    assert totals(sheet, 2) == {"Ann": 5, "Bob": 50, "Cara": 40, "Dan": 26}
    assert sheet["eliminated"] == {} and sheet["reentries"] == {"Bob": 1}
    assert sheet["hands"][1]["notes"][0] == "Bob re-enters at 40, the highest total still in (Cara); re-entry 1 of 1."


def test_one_buy_in_by_default():
    hands = [BOB_OUT, BOB_BACK, out("Ann", Bob=counted(120), Cara=counted(1), Dan=counted(1)),
             {"out": "Ann", "reenter": ["Bob"], "hands": {"Bob": counted(1), "Cara": counted(1), "Dan": counted(1)}}]
    assert kalooki(FOUR, hands[:3])["eliminated"] == {"Bob": 3}
    assert str(refused(FOUR, hands)) == "hand 4: Bob cannot re-enter: no re-entries left"
    assert kalooki(FOUR, hands, options={"reentries": 2})["reentries"] == {"Bob": 2}


def test_a_player_still_in_cannot_buy_back_in():
    hands = [BOB_OUT, out("Ann", Cara=counted(1), Dan=counted(1)),
             {"out": "Ann", "reenter": ["Dan"], "hands": {"Cara": counted(1), "Dan": counted(1)}}]
    assert str(refused(FOUR, hands)) == "hand 3: Dan is not out, so cannot re-enter"


def test_a_player_buying_back_in_deals_from_their_next_turn():
    # Ann deals hand 1; Bob is out, so Cara deals hand 2, which Bob buys back into; then Dan,
    # Ann, and Bob again.
    rest = out("Ann", Bob=counted(1), Cara=counted(1), Dan=counted(1))
    assert dealers(kalooki(FOUR, [BOB_OUT, BOB_BACK, rest, rest])) == ["Ann", "Cara", "Dan", "Ann", "Bob"]


def test_going_on_with_a_buy_in_leaves_the_kept_replay_as_it_was():
    before = Replay.of(log("kalooki", FOUR, [BOB_OUT]))
    after = before.after(BOB_BACK)
    assert after.sheet()["reentries"] == {"Bob": 1}
    assert before.sheet()["reentries"] == {} and before.sheet()["eliminated"] == {"Bob": 1}


# -- declarations and guidance ----------------------------------------------------------------


def catalogue_entry() -> dict[str, Any]:
    return next(v for v in variants() if v["key"] == "kalooki")


def test_the_catalogue_declares_kalookie_and_reenter_as_choices():
    choices = {c["key"]: c for c in catalogue_entry()["entry"]["choices"]}
    assert list(choices) == ["kalookie", "reenter"]
    assert (choices["kalookie"]["kind"], choices["kalookie"]["needs_out"]) == ("flag", True)
    assert (choices["reenter"]["kind"], choices["reenter"]["among"]) == ("players", "out")


def test_the_catalogue_declares_a_count_or_the_cards_and_no_status():
    entry = catalogue_entry()["entry"]
    assert [f["key"] for f in entry["fields"]] == ["count", "cards"]
    assert entry["statuses"] == [] and entry["inputs"] == ["count", "cards"]


def test_the_catalogue_declares_the_moments_the_statistics_count():
    assert [m["key"] for m in catalogue_entry()["moments"]] == ["kalookies", "reentries", "eliminated"]


def test_the_catalogue_lists_the_options_and_their_allowed_values():
    entry = catalogue_entry()
    options = {o["key"]: o for o in entry["options"]}
    assert options["jokers"]["choices"] == [2, 4] and options["ace"]["choices"] == [11, 1]
    assert (options["joker_value"]["minimum"], options["joker_value"]["maximum"]) == (0, 10_000)
    assert entry["jokers"] == {str(n): 2 for n in range(2, 7)}


def test_how_to_says_what_to_tap_and_what_cards_count():
    assert kalooki(THREE)["guide"]["how_to"].startswith(
        "Tap who went out; for everyone else, every card left counts (A 11, 10 and pictures 10, joker 15).")
    changed = kalooki(THREE, options={"ace": 1, "joker_value": 25, "kalookie_double": True})["guide"]["how_to"]
    assert "(A 1, 10 and pictures 10, joker 25)" in changed and changed.endswith("doubles the others.")


@pytest.mark.parametrize(("cards", "options", "value"), [
    ("KS KH 4D JK", {}, 39), ("AC 2C", {}, 13), ("AC 2C", {"ace": 1}, 3), ("JK", {"joker_value": 50}, 50),
])
def test_the_preview_counts_every_card(cards, options, value):
    effective = kalooki(THREE, options=options)["options"]
    assert VARIANTS["kalooki"].preview(parse_cards(cards), effective) == {"value": value}
