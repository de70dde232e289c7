"""Phase 10 (SCORING.md section 5, `phase10`, and its invalid entries)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import play, rejected, scores, totals

from scorekeeper.engine import entry_of, variants
from scorekeeper.engine.cards import CardError
from scorekeeper.engine.games.phase10 import read_cards

GAME = "phase10"
THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]
SIX = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]


def made(count: int | None = None, cards: str | None = None) -> dict[str, Any]:
    return _given(True, count, cards)


def missed(count: int | None = None, cards: str | None = None) -> dict[str, Any]:
    return _given(False, count, cards)


def _given(made_it: bool, count: int | None, cards: str | None) -> dict[str, Any]:
    given: dict[str, Any] = {"made": made_it}
    if count is not None:
        given["count"] = count
    if cards is not None:
        given["cards"] = cards
    return given


def hand(out: str, **inputs: dict[str, Any]) -> dict[str, Any]:
    return {"out": out, "hands": inputs}


def error_of(players: list[str], hands: list[dict[str, Any]], **header: Any) -> Any:
    return rejected(GAME, players, hands, **header)


# -- the worked examples ----------------------------------------------------------------------


def test_worked_example_hand_1_values_and_next_phases():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(cards="3 7 W"), Cara=missed(cards="1 2 5 9 10 11 12 S W W"))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 35, "Cara": 115}
    assert sheet["next"]["phases"] == {"Ann": 2, "Bob": 2, "Cara": 1}


def before_hand_12() -> list[dict[str, Any]]:
    """Eleven hands leaving Ann on phase 10 (210), Bob on 10 (185), Cara on 9 (150)."""
    hands = [hand("Cara", Ann=made(20 if k == 6 else 15), Bob=made(10)) for k in range(7)]
    hands.append(hand("Cara", Ann=missed(50), Bob=missed(50)))
    hands.append(hand("Ann", Bob=made(15), Cara=missed(50)))
    hands.append(hand("Bob", Ann=missed(50), Cara=missed(50)))
    hands.append(hand("Ann", Bob=missed(50), Cara=missed(50)))
    return hands


def test_worked_example_before_hand_12_is_as_the_rule_book_says():
    sheet = play(GAME, THREE, before_hand_12())
    assert sheet["next"]["phases"] == {"Ann": 10, "Bob": 10, "Cara": 9}
    assert totals(sheet) == {"Ann": 210, "Bob": 185, "Cara": 150}


def test_worked_example_two_complete_phase_10_and_the_lowest_total_among_them_wins():
    sheet = play(GAME, THREE, [*before_hand_12(), hand("Bob", Ann=made(cards="12 S"), Cara=made(40))])
    assert scores(sheet, 12) == {"Ann": 25, "Bob": 0, "Cara": 40}
    assert totals(sheet) == {"Ann": 235, "Bob": 185, "Cara": 190}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Bob"]  # Cara's 190 does not count: she is on phase 10 next, not done
    assert sheet["phases"] == {"Ann": 10, "Bob": 10, "Cara": 9}
    assert sheet["next"] is None


def test_worked_example_the_only_one_to_complete_phase_10_wins_whatever_the_totals():
    hands = [hand("Bob", Ann=made(100)) for _ in range(7)] + [hand("Ann", Bob=missed(50)) for _ in range(2)]
    before = play(GAME, ["Ann", "Bob"], hands)
    assert before["next"]["phases"] == {"Ann": 10, "Bob": 8}
    sheet = play(GAME, ["Ann", "Bob"], [*hands, hand("Bob", Ann=made(cards="W"))])
    assert totals(sheet) == {"Ann": 725, "Bob": 100}
    assert sheet["winners"] == ["Ann"]


# -- players, cards and values ----------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_phase_10_is_for_two_to_six_players(count):
    assert str(error_of(SIX[:1] if count == 1 else [*SIX, "Gus"], [])) == \
        f"players: Phase 10 is for 2 to 6 players, got {count}"


def test_ten_cards_each_and_the_deal_passes_left():
    sheet = play(GAME, THREE, [hand("Ann", Bob=missed(50), Cara=missed(50))] * 2)
    assert sheet["next"]["cards_each"] == 10
    assert [row["dealer"] for row in sheet["hands"]] == ["Ann", "Bob"]
    assert sheet["next"]["dealer"] == "Cara"


def test_a_card_is_a_number_1_to_12_with_maybe_a_colour_letter_or_wild_or_skip_in_any_case():
    assert read_cards("7r 12B, w WG s 1y 10") == ["7R", "12B", "W", "W", "S", "1Y", "10"]


@pytest.mark.parametrize("token", ["13", "0", "AS", "7X", "SK", "JK"])
def test_anything_else_is_not_a_phase_10_card(token):
    with pytest.raises(CardError):
        read_cards(token)


@pytest.mark.parametrize(("cards", "value"), [("1", 5), ("9G", 5), ("10", 10), ("12R", 10), ("S", 15), ("W", 25)])
def test_values_in_hand_1_to_9_five_10_to_12_ten_skip_15_wild_25(cards, value):
    sheet = play(GAME, ["Ann", "Bob"], [hand("Ann", Bob=made(cards=cards))])
    assert scores(sheet, 1)["Bob"] == value


def test_no_options_any_option_key_is_invalid():
    error = error_of(THREE, [], options={"target": 100})
    assert error.where == "options"


@pytest.mark.parametrize("cards", ["7R 7R 7 7 7 7 7 7", "W W W W W W W W", "S S S S"])
def test_a_hand_entry_holds_each_number_8_times_2_a_colour_8_wild_and_4_skip(cards):
    sheet = play(GAME, ["Ann", "Bob"], [hand("Ann", Bob=made(cards=cards))])
    assert scores(sheet, 1)["Bob"] == sum(25 if c == "W" else 15 if c == "S" else 5 for c in cards.split())


@pytest.mark.parametrize(("bob", "cara", "message"), [
    ("7R 7R 1", "7R", "3 red 7s entered; the deck holds 2"),
    ("7 7 7 7 7", "7 7 7 7", "9 cards numbered 7 entered; the deck holds 8"),
    ("W W W W W", "W W W W", "9 Wild cards entered; the deck holds 8"),
])
def test_more_copies_than_the_pack_holds_are_refused(bob, cara, message):
    error = error_of(THREE, [hand("Ann", Bob=made(cards=bob), Cara=made(cards=cara))])
    assert (error.message, error.code, error.field) == (message, "too_many_copies", "cards")


# -- entries ------------------------------------------------------------------------------------


def test_the_player_who_went_out_may_be_left_out_and_has_made_their_phase():
    sheet = play(GAME, THREE, [hand("Ann", Bob=missed(50), Cara=missed(50))])
    assert sheet["hands"][0]["details"]["Ann"] == {"value": 0, "made": True, "phase": 1}
    assert sheet["next"]["phases"]["Ann"] == 2


@pytest.mark.parametrize("given", [{}, {"made": True}, {"made": True, "cards": ""}, {"made": True, "count": 0}])
def test_the_player_who_went_out_given_says_made_and_nothing_held(given):
    sheet = play(GAME, THREE, [hand("Ann", Ann=given, Bob=missed(50), Cara=missed(50))])
    assert sheet["next"]["phases"]["Ann"] == 2


def test_the_player_who_went_out_holding_cards_is_refused():
    error = error_of(THREE, [hand("Ann", Ann=made(cards="W"), Bob=missed(50), Cara=missed(50))])
    assert error.player == "Ann"


def test_made_is_required_for_every_player_but_the_one_who_went_out():
    error = error_of(THREE, [hand("Ann", Bob={"count": 50}, Cara=missed(50))])
    assert (error.player, error.field, error.code) == ("Bob", "made", "bad_input")
    assert "phase 1" in error.message


def test_made_must_be_true_or_false():
    error = error_of(THREE, [hand("Ann", Bob={"made": "yes", "count": 50}, Cara=missed(50))])
    assert (error.field, error.code) == ("made", "bad_input")


def test_a_player_with_neither_cards_nor_count_is_missing_and_every_missing_one_is_named():
    error = error_of(FOUR, [hand("Ann", Bob={"made": False}, Dan=missed(50))])
    assert error.code == "missing_input"
    assert error.missing == ("Bob", "Cara")


def test_out_is_never_null():
    error = error_of(THREE, [{"out": None, "hands": {p: missed(50) for p in THREE}}])
    assert error.hand == 1


def test_a_player_who_made_the_phase_holds_1_to_10_cards():
    error = error_of(THREE, [hand("Ann", Bob=made(cards="1 2 3 4 5 6 7 8 9 10 11"), Cara=missed(50))])
    assert error.code == "wrong_card_count"


def test_a_count_is_at_least_50_for_a_player_who_missed_the_phase():
    error = error_of(THREE, [hand("Ann", Bob=missed(45), Cara=missed(50))])
    assert (error.player, error.code) == ("Bob", "bad_count")


def test_a_count_of_0_is_the_player_who_went_out_s_only():
    error = error_of(THREE, [hand("Ann", Bob=made(0), Cara=missed(50))])
    assert (error.player, error.code) == ("Bob", "bad_count")


def test_a_count_is_at_most_10000():
    error = error_of(THREE, [hand("Ann", Bob=made(10_005), Cara=missed(50))])
    assert error.code == "out_of_bounds"


def test_cards_and_count_together_are_refused():
    error = error_of(THREE, [hand("Ann", Bob={"made": True, "count": 5, "cards": "1"}, Cara=missed(50))])
    assert error.player == "Bob"


# -- the invalid entries of SCORING.md, each with its code ----------------------------------------


def test_refused_went_out_without_making_the_phase():
    hands = [hand("Bob", Ann=made(50), Cara=missed(50)) for _ in range(3)]
    error = error_of(THREE, [*hands, hand("Bob", Bob=missed(), Ann=missed(50), Cara=missed(50))])
    assert str(error) == "hand 4, Bob: went out without making phase 4"
    assert error.code == "out_without_phase"


def test_refused_13_is_not_a_phase_10_card():
    hands = [hand("Ann", Bob=missed(50), Cara=missed(50))] * 2
    error = error_of(THREE, [*hands, hand("Ann", Bob=missed(50), Cara=made(cards="13"))])
    assert str(error) == 'hand 3, Cara: "13" is not a Phase 10 card'
    assert error.code == "not_a_card"


def test_refused_a_player_who_missed_holds_10_cards():
    error = error_of(FOUR, [hand("Ann", Bob=missed(50), Cara=missed(50), Dan=missed(cards="1 2 3 4 5 6 7"))])
    assert str(error) == "hand 1, Dan: missed the phase, so holds 10 cards; got 7"
    assert error.code == "wrong_card_count"


def test_refused_a_count_not_a_multiple_of_5():
    hands = [hand("Bob", Ann=missed(50), Cara=missed(50))] * 3
    error = error_of(THREE, [*hands, hand("Bob", Ann=missed(52), Cara=missed(50))])
    assert str(error) == "hand 4, Ann: a Phase 10 count is a multiple of 5"
    assert error.code == "bad_count"


def test_refused_5_skips_the_deck_holds_4():
    error = error_of(THREE, [hand("Ann", Bob=missed(50), Cara=missed(50)),
                             hand("Ann", Bob=made(cards="S S S"), Cara=made(cards="S S"))])
    assert str(error) == "hand 2: 5 Skip cards entered; the deck holds 4"
    assert error.code == "too_many_copies"
    assert (error.player, error.field) == ("Cara", "cards")  # whose cards go past the pack: shown in her panel


# -- advancement, the end and the winners --------------------------------------------------------


def test_each_player_who_made_the_phase_moves_on_the_others_stay():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(10), Cara=missed(50)), hand("Cara", Ann=missed(50), Bob=made(5))])
    assert sheet["next"]["phases"] == {"Ann": 2, "Bob": 3, "Cara": 2}
    assert sheet["phases"] == {"Ann": 1, "Bob": 2, "Cara": 1}


def test_details_give_value_the_phase_tried_and_whether_it_was_made():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(10), Cara=missed(50)), hand("Cara", Ann=missed(50), Bob=made(5))])
    assert sheet["hands"][1]["details"] == {"Ann": {"value": 50, "made": False, "phase": 2},
                                            "Bob": {"value": 5, "made": True, "phase": 2},
                                            "Cara": {"value": 0, "made": True, "phase": 1}}


def test_notes_name_each_player_s_phase_and_whether_it_was_made():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(10), Cara=missed(50))])
    assert sheet["hands"][0]["notes"] == [
        "Ann went out and scores 0; the others score the cards they hold: Bob 10, Cara 50.",
        "Phases: Ann made phase 1, Bob made phase 1, Cara missed phase 1.",
    ]


def test_penalty_scoring_totals_only_grow_and_the_lowest_wins_flag_is_set():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(10), Cara=missed(50))])
    assert sheet["lowest_wins"] is True
    assert all(score >= 0 for score in scores(sheet, 1).values())


def test_ties_among_those_who_completed_phase_10_share_the_win():
    hands = [hand("Ann", Bob=made(10)) for _ in range(9)]
    sheet = play(GAME, ["Ann", "Bob"], [*hands, hand("Bob", Ann=made(90))])
    assert totals(sheet) == {"Ann": 90, "Bob": 90}
    assert sheet["winners"] == ["Ann", "Bob"]
    assert sheet["hands"][-1]["notes"][-1] == \
        "Ann and Bob completed all ten phases; the lowest total among them wins: Ann 90, Bob 90."


def test_a_finished_game_takes_no_more_hands():
    hands = [hand("Ann", Bob=missed(50)) for _ in range(10)]
    error = error_of(["Ann", "Bob"], [*hands, hand("Ann", Bob=missed(50))])
    assert error.code == "game_over"


def test_ended_by_agreement_the_most_phases_completed_win_then_the_lowest_total():
    hands = [hand("Ann", Bob=made(50), Cara=missed(50)), hand("Bob", Ann=missed(60), Cara=made(5))]
    sheet = play(GAME, THREE, hands, ended=True)
    assert sheet["phases"] == {"Ann": 1, "Bob": 2, "Cara": 1}
    assert sheet["winners"] == ["Bob"]
    tied = play(GAME, THREE, [hand("Ann", Bob=made(50), Cara=made(50))], ended=True)
    assert tied["winners"] == ["Ann"]  # all on phase 2: the lowest total
    shared = play(GAME, ["Ann", "Bob"], [hand("Ann", Bob=missed(50)), hand("Bob", Ann=missed(50))], ended=True)
    assert shared["winners"] == ["Ann", "Bob"]


def test_ended_before_any_hand_has_no_winners():
    assert play(GAME, THREE, [], ended=True)["winners"] == []


def test_the_sheet_names_who_is_closest_to_winning_until_the_end():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(50), Cara=missed(50)), hand("Bob", Ann=missed(60), Cara=made(5))])
    assert sheet["closest"] == ["Bob"]
    assert play(GAME, THREE, [])["closest"] is None
    assert play(GAME, THREE, [hand("Ann", Bob=made(50), Cara=missed(50))], ended=True)["closest"] is None


def test_statistics_count_a_phase_completed_for_each_player_who_made_it():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(10), Cara=missed(50))])
    assert sheet["hands"][0]["moments"] == {"Ann": ["phases"], "Bob": ["phases"]}
    assert [m["key"] for m in sheet["moments"]] == ["phases"]


def test_the_guide_line_names_each_player_s_phase():
    sheet = play(GAME, THREE, [hand("Ann", Bob=made(10), Cara=missed(50))])
    assert sheet["guide"]["next"] == "Hand 2 · Bob deals 10 cards · phases: Ann 2, Bob 2, Cara 1"


def test_the_entry_declares_a_made_switch_named_by_the_phase_and_a_pack_of_its_own():
    entry = entry_of(GAME, {})
    made_field = entry["fields"][0]
    assert (made_field["key"], made_field["kind"], made_field["numbered_by"]) == ("made", "flag", "phases")
    rows = entry["own_cards"]["rows"]
    assert [row["label"] for row in rows] == ["red", "blue", "green", "yellow", "Wild and Skip"]
    assert sum(face["most"] for row in rows for face in row["cards"]) == 108
    assert next(v for v in variants() if v["key"] == GAME)["player_counts"] == [2, 3, 4, 5, 6]


# -- full games ---------------------------------------------------------------------------------


def full_game(players: list[str]) -> list[dict[str, Any]]:
    """Everyone makes a phase each hand, going out in turn, so all complete phase 10 together
    in hand 10: a tie on phases that the totals break (each count grows with the seat)."""
    hands = []
    for number in range(1, 11):
        out = players[(number - 1) % len(players)]
        hands.append(hand(out, **{p: made(5 * (1 + seat)) for seat, p in enumerate(players) if p != out}))
    return hands


@pytest.mark.parametrize("players", [["Ann", "Bob"], SIX], ids=["2 players", "6 players"])
def test_full_game_everyone_completes_phase_10_in_the_same_hand_and_the_totals_break_the_tie(players):
    sheet = play(GAME, players, full_game(players))
    assert sheet["finished"] is True
    assert sheet["phases"] == dict.fromkeys(players, 10)
    low = min(sheet["totals"].values())
    assert sheet["winners"] == [p for p in players if sheet["totals"][p] == low]
    assert len(sheet["winners"]) == 1
    # every hand counted a phase for every player
    assert sum(len(row["moments"]) for row in sheet["hands"]) == 10 * len(players)


def test_a_preview_of_typed_cards_counts_them_or_says_what_is_wrong():
    from scorekeeper.engine.games import get_variant

    game = get_variant(GAME)
    assert game.preview_own("3 7r W", {}) == {"value": 35}
    assert game.preview_own("13", {}) == {"error": '"13" is not a Phase 10 card'}
    assert game.preview_own("S S S S S", {}) == {"error": "5 Skip cards entered; the deck holds 4"}
    assert "at most" in game.preview_own("1 " * 600, {})["error"]
