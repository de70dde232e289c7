"""Marriage (Nepal): SCORING.md's section, rule by rule, its worked examples, a full game and every refusal.

Each hand settles among all N players: N x m - T of maal (m a shown player's maal, 0 for one who
did not show, T the sum), then each other player pays the finisher 3 seen or 10 unseen (plus the
dublee bonus on a dublee finish).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import dealers, notes, play, rejected, scores, totals

from scorekeeper.engine import entry_of, variants
from scorekeeper.engine.entry_form import EntryForm

FOUR = ["Ann", "Bob", "Cara", "Dan"]
THREE = ["Ann", "Bob", "Cara"]


def seen(maal: int | None = None) -> dict[str, Any]:
    return {"shown": True} if maal is None else {"shown": True, "maal": maal}


UNSEEN: dict[str, Any] = {"shown": False}


def finish(player: str, dublee: bool = False, **hands: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"out": player, "hands": hands}
    if dublee:
        entry["out_dublee"] = True
    return entry


def details(sheet: dict[str, Any], number: int) -> dict[str, Any]:
    return sheet["hands"][number - 1]["details"]


# -- the worked examples ------------------------------------------------------------------------


def test_worked_example_ann_finishes_among_four_with_dan_unseen():
    sheet = play("marriage", FOUR, [finish("Ann", Ann=seen(12), Bob=seen(5), Cara=seen(0), Dan=UNSEEN)])
    assert scores(sheet, 1) == {"Ann": 47, "Bob": 0, "Cara": -20, "Dan": -27}
    found = details(sheet, 1)
    assert {p: found[p]["maal_net"] for p in FOUR} == {"Ann": 31, "Bob": 3, "Cara": -17, "Dan": -17}
    assert {p: found[p]["game_points"] for p in FOUR} == {"Ann": 16, "Bob": -3, "Cara": -3, "Dan": -10}


def test_worked_example_a_dublee_finish_among_three_with_a_bonus_of_5():
    sheet = play("marriage", THREE, [finish("Ann", dublee=True, Ann=seen(6), Bob=seen(9), Cara=UNSEEN)],
                 options={"dublee_bonus": 5})
    assert scores(sheet, 1) == {"Ann": 26, "Bob": 4, "Cara": -30}
    found = details(sheet, 1)
    assert {p: found[p]["maal_net"] for p in THREE} == {"Ann": 3, "Bob": 12, "Cara": -15}
    assert {p: found[p]["game_points"] for p in THREE} == {"Ann": 23, "Bob": -8, "Cara": -15}


# -- the rules ------------------------------------------------------------------------------------


def test_each_player_scores_n_times_their_maal_less_the_sum_of_all_maal():
    sheet = play("marriage", THREE, [finish("Bob", Ann=seen(10), Bob=seen(4), Cara=seen(1))],
                 options={"seen_pays": 0})
    # T = 15: Ann 30 - 15, Bob 12 - 15, Cara 3 - 15.
    assert scores(sheet, 1) == {"Ann": 15, "Bob": -3, "Cara": -12}


def test_a_player_who_did_not_show_counts_0_maal_and_still_pays_the_others_maal():
    sheet = play("marriage", THREE, [finish("Ann", Ann=seen(8), Bob=seen(0), Cara=UNSEEN)],
                 options={"seen_pays": 0, "unseen_pays": 0})
    assert scores(sheet, 1) == {"Ann": 16, "Bob": -8, "Cara": -8}


def test_every_hand_is_zero_sum():
    sheet = play("marriage", FOUR, [
        finish("Ann", Ann=seen(12), Bob=seen(5), Cara=seen(0), Dan=UNSEEN),
        finish("Dan", dublee=True, Ann=UNSEEN, Bob=seen(33), Cara=UNSEEN, Dan=seen(7)),
    ], options={"dublee_bonus": 2})
    for row in sheet["hands"]:
        assert sum(row["scores"].values()) == 0
        assert sum(d["maal_net"] for d in row["details"].values()) == 0
        assert sum(d["game_points"] for d in row["details"].values()) == 0


def test_each_other_player_pays_the_finisher_3_seen_and_10_unseen_by_default():
    sheet = play("marriage", FOUR, [finish("Cara", Ann=UNSEEN, Bob=seen(), Cara=seen(), Dan=UNSEEN)])
    assert scores(sheet, 1) == {"Ann": -10, "Bob": -3, "Cara": 23, "Dan": -10}


def test_the_fixed_payments_are_the_tables_options():
    sheet = play("marriage", THREE, [finish("Ann", Ann=seen(), Bob=seen(), Cara=UNSEEN)],
                 options={"seen_pays": 5, "unseen_pays": 20})
    assert scores(sheet, 1) == {"Ann": 25, "Bob": -5, "Cara": -20}


def test_the_dublee_bonus_is_0_by_default():
    sheet = play("marriage", THREE, [finish("Ann", dublee=True, Ann=seen(), Bob=seen(), Cara=UNSEEN)])
    assert scores(sheet, 1) == {"Ann": 13, "Bob": -3, "Cara": -10}
    assert sheet["options"]["dublee_bonus"] == 0


def test_the_dublee_bonus_is_paid_by_each_other_player_only_on_a_dublee_finish():
    options = {"dublee_bonus": 4}
    plain = play("marriage", THREE, [finish("Ann", Ann=seen(), Bob=seen(), Cara=UNSEEN)], options=options)
    dublee = play("marriage", THREE, [finish("Ann", dublee=True, Ann=seen(), Bob=seen(), Cara=UNSEEN)],
                  options=options)
    assert scores(plain, 1) == {"Ann": 13, "Bob": -3, "Cara": -10}
    assert scores(dublee, 1) == {"Ann": 21, "Bob": -7, "Cara": -14}


def test_a_shown_player_who_leaves_maal_out_counts_0():
    sheet = play("marriage", THREE, [finish("Ann", Ann=seen(6), Bob=seen(), Cara=seen(0))],
                 options={"seen_pays": 0})
    assert scores(sheet, 1) == {"Ann": 12, "Bob": -6, "Cara": -6}


def test_the_details_give_each_players_maal_net_and_game_points():
    sheet = play("marriage", THREE, [finish("Ann", Ann=seen(6), Bob=seen(9), Cara=UNSEEN)])
    assert details(sheet, 1)["Cara"] == {"shown": False, "maal": 0, "maal_net": -15, "game_points": -10}


def test_the_notes_explain_the_maal_the_payments_and_the_net():
    sheet = play("marriage", FOUR, [finish("Ann", Ann=seen(12), Bob=seen(5), Cara=seen(0), Dan=UNSEEN)])
    assert sheet["hands"][0]["notes"] == [
        "Maal: 17 in all; each player scores 4 × their maal - 17: Ann 4 × 12 - 17 = 31, Bob 4 × 5 - 17 = 3, "
        "Cara 4 × 0 - 17 = -17, Dan not shown, 0 - 17 = -17.",
        "Ann finished and collects Bob 3 seen, Cara 3 seen, Dan 10 unseen: 16.",
        "Maal net plus payments: Ann 31 + 16 = 47, Bob 3 - 3 = 0, Cara -17 - 3 = -20, Dan -17 - 10 = -27.",
    ]


def test_a_dublee_finish_is_named_with_its_bonus_in_the_notes():
    sheet = play("marriage", THREE, [finish("Ann", dublee=True, Ann=seen(6), Bob=seen(9), Cara=UNSEEN)],
                 options={"dublee_bonus": 5})
    assert "Ann finished on dublees and collects Bob 3 seen + 5 dublee, Cara 10 unseen + 5 dublee: 23." in notes(
        sheet, 1)


def test_the_row_gives_each_players_maal_net_plus_payments():
    sheet = play("marriage", FOUR, [finish("Ann", Ann=seen(12), Bob=seen(5), Cara=seen(0), Dan=UNSEEN)])
    assert sheet["hands"][0]["net"] == {"Ann": "31+16", "Bob": "3-3", "Cara": "-17-3", "Dan": "-17-10"}


def test_deal_and_play_pass_to_the_next_player_in_seat_order():
    hands = [finish("Ann", Ann=seen(), Bob=seen(), Cara=UNSEEN)] * 4
    sheet = play("marriage", THREE, hands, first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Ann", "Bob", "Cara"]


def test_the_next_deal_is_21_cards_from_three_decks_for_2_to_5_players():
    for count in range(2, 6):
        sheet = play("marriage", [*FOUR, "Eve"][:count])
        assert (sheet["next"]["cards_each"], sheet["next"]["decks"]) == (21, 3)


def test_2_to_5_players():
    assert rejected("marriage", ["Ann"]).where == "players"
    assert rejected("marriage", [*FOUR, "Eve", "Fay"]).where == "players"
    assert play("marriage", [*FOUR, "Eve"])["players"] == [*FOUR, "Eve"]


def test_without_deals_the_game_is_open_ended_until_the_table_ends_it():
    hands = [finish("Ann", Ann=seen(), Bob=seen(), Cara=UNSEEN)] * 30
    sheet = play("marriage", THREE, hands)
    assert not sheet["finished"]
    ended = play("marriage", THREE, hands, ended=True)
    assert ended["finished"] and ended["winners"] == ["Ann"]


def test_with_deals_the_game_ends_after_that_many_hands_and_the_highest_total_wins():
    sheet = play("marriage", THREE, [finish("Bob", Ann=seen(), Bob=seen(), Cara=seen())] * 2, options={"deals": 2})
    assert sheet["finished"] and sheet["winners"] == ["Bob"] and sheet["next"] is None


def test_tied_highest_totals_share_the_win():
    sheet = play("marriage", ["Ann", "Bob"], [finish("Ann", Ann=seen(), Bob=seen()),
                                              finish("Bob", Ann=seen(), Bob=seen())], ended=True)
    assert totals(sheet) == {"Ann": 0, "Bob": 0}
    assert sorted(sheet["winners"]) == ["Ann", "Bob"]


@pytest.mark.parametrize("key", ["seen_pays", "unseen_pays", "dublee_bonus"])
@pytest.mark.parametrize("value", [-1, 101, 2.5, "3"])
def test_the_payments_and_the_bonus_are_whole_numbers_from_0_to_100(key, value):
    error = rejected("marriage", THREE, options={key: value})
    assert (error.code, error.field) == ("bad_option", key)
    assert play("marriage", THREE, options={key: 100})["options"][key] == 100


@pytest.mark.parametrize("value", [0, 1001])
def test_deals_are_1_to_1000(value):
    assert rejected("marriage", THREE, options={"deals": value}).code == "bad_option"


def test_maal_is_a_whole_number_from_0_to_1000():
    assert scores(play("marriage", ["Ann", "Bob"], [finish("Ann", Ann=seen(1000), Bob=seen())],
                       options={"seen_pays": 0}), 1) == {"Ann": 1000, "Bob": -1000}
    for wrong in (1001, -1, 2.5, "7", True):
        error = rejected("marriage", ["Ann", "Bob"], [finish("Ann", Ann=seen(wrong), Bob=seen())])
        assert (error.hand, error.player, error.field) == (1, "Ann", "maal")


# -- the invalid entries --------------------------------------------------------------------------


def test_maal_for_a_player_who_did_not_show_is_refused():
    error = rejected("marriage", THREE, [finish("Ann", Ann=seen(), Bob=seen(), Cara=seen()),
                                         finish("Ann", Ann=seen(), Bob={"shown": False, "maal": 4}, Cara=seen())])
    assert (error.code, error.hand, error.player, error.field) == ("maal_not_shown", 2, "Bob", "maal")
    assert str(error) == "hand 2, Bob: maal is counted only for a player who showed"


def test_the_player_who_finished_must_have_shown():
    error = rejected("marriage", THREE, [finish("Ann", Ann=UNSEEN, Bob=seen(), Cara=seen())])
    assert (error.code, error.hand, error.player, error.field) == ("out_not_shown", 1, "Ann", "shown")
    assert str(error) == "hand 1, Ann: the player who finished must have shown"


def test_a_finisher_with_maal_and_no_show_is_told_the_finisher_must_have_shown():
    error = rejected("marriage", THREE, [finish("Ann", Ann={"shown": False, "maal": 9}, Bob=seen(), Cara=seen())])
    assert (error.code, error.player, error.field) == ("out_not_shown", "Ann", "shown")


def test_out_is_never_null():
    error = rejected("marriage", THREE, [finish(None, Ann=seen(), Bob=seen(), Cara=seen())])  # type: ignore[arg-type]
    assert error.hand == 1


def test_every_player_is_entered():
    error = rejected("marriage", THREE, [finish("Ann", Ann=seen(), Bob=seen())])
    assert (error.code, error.player) == ("missing_input", "Cara")


def test_shown_is_true_or_false_and_no_other_input_is_taken():
    error = rejected("marriage", THREE, [finish("Ann", Ann=seen(), Bob={"shown": "yes"}, Cara=seen())])
    assert (error.player, error.field) == ("Bob", "shown")
    error = rejected("marriage", THREE, [finish("Ann", Ann=seen(), Bob={"count": 4}, Cara=seen())])
    assert error.player == "Bob"


def test_out_dublee_is_true_or_false():
    error = rejected("marriage", THREE, [{"out": "Ann", "out_dublee": "yes",
                                          "hands": {"Ann": seen(), "Bob": seen(), "Cara": seen()}}])
    assert error.field == "out_dublee"


# -- a full game ------------------------------------------------------------------------------------


# Four players, dublee bonus 5, three deals.
# H1 (SCORING.md's) Ann finishes; Ann 12, Bob 5, Cara 0, Dan unseen: Ann 47, Bob 0, Cara -20, Dan -27.
# H2 Bob finishes on dublees, shown 6; Ann 9; Cara and Dan unseen. T = 15: Bob 24 - 15 = 9,
#    Ann 36 - 15 = 21, Cara -15, Dan -15. Payments to Bob: Ann 3 + 5, Cara 10 + 5, Dan 10 + 5 = 38.
#    Ann 13, Bob 47, Cara -30, Dan -30.
# H3 Dan finishes, shown 20; everyone else shown, Ann 0, Bob 4, Cara 8. T = 32: Dan 80 - 32 = 48,
#    Ann -32, Bob 16 - 32 = -16, Cara 32 - 32 = 0. Payments: 3 each to Dan = 9.
#    Ann -35, Bob -19, Cara -3, Dan 57.
# Totals: Ann 25, Bob 28, Cara -53, Dan 0: Bob wins after the third deal.
def test_full_game_with_a_dublee_finish_and_an_unseen_player():
    sheet = play("marriage", FOUR, [
        finish("Ann", Ann=seen(12), Bob=seen(5), Cara=seen(0), Dan=UNSEEN),
        finish("Bob", dublee=True, Ann=seen(9), Bob=seen(6), Cara=UNSEEN, Dan=UNSEEN),
        finish("Dan", Ann=seen(0), Bob=seen(4), Cara=seen(8), Dan=seen(20)),
    ], options={"dublee_bonus": 5, "deals": 3})
    assert [scores(sheet, n) for n in (1, 2, 3)] == [
        {"Ann": 47, "Bob": 0, "Cara": -20, "Dan": -27},
        {"Ann": 13, "Bob": 47, "Cara": -30, "Dan": -30},
        {"Ann": -35, "Bob": -19, "Cara": -3, "Dan": 57},
    ]
    assert sheet["totals"] == {"Ann": 25, "Bob": 28, "Cara": -53, "Dan": 0}
    assert sheet["finished"] and sheet["winners"] == ["Bob"] and sheet["next"] is None
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]
    assert sheet["hands"][1]["moments"] == {"Bob": ["dublee_finishes"], "Cara": ["unseen"], "Dan": ["unseen"]}


# -- the entry, as declared ---------------------------------------------------------------------------


def test_the_entry_declares_a_showed_switch_and_a_maal_that_turns_it_on():
    entry = entry_of("marriage", {})
    shown, maal = entry["fields"]
    assert (shown["key"], shown["kind"], shown["out"]) == ("shown", "flag", "required")
    assert (maal["key"], maal["kind"], maal["maximum"], maal.get("turns_on")) == ("maal", "number", 1000, "shown")
    assert [c["key"] for c in entry["choices"]] == ["out_dublee"]
    assert entry["out_may_be_null"] is False


def form(values: dict[str, str]) -> EntryForm:
    variant = next(v for v in variants() if v["key"] == "marriage")
    reading = EntryForm(variant, FOUR, FOUR, 1)
    reading.load_post(values)
    return reading


def test_the_entry_form_reads_a_switch_left_off_as_not_shown():
    reading = form({"out": "0", "p0-shown": "1", "p0-maal": "12", "p1-shown": "1", "p1-maal": "5",
                    "p2-shown": "1", "p2-maal": "0"})
    assert reading.to_entry() == {"out": "Ann", "out_dublee": False, "hands": {
        "Ann": {"shown": True, "maal": 12}, "Bob": {"shown": True, "maal": 5}, "Cara": {"shown": True, "maal": 0},
        "Dan": {"shown": False}}}


def test_the_entry_form_fills_a_recorded_hand_back_with_its_switches():
    reading = form({})
    reading.load_entry({"out": "Ann", "out_dublee": True, "hands": {"Ann": seen(12), "Bob": UNSEEN,
                                                                     "Cara": seen(), "Dan": UNSEEN}})
    assert reading.values == {"out": "0", "out_dublee": "1"}
    assert [seat.values for seat in reading.seats] == [
        {"shown": "1", "maal": "12"}, {"shown": "", "maal": ""}, {"shown": "1", "maal": ""},
        {"shown": "", "maal": ""}]
