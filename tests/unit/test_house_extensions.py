"""The house definition's extensions (a)-(h) (SCORING.md section 5, "house — extensions", and the
worked hands of its "Presets"): each rule, each worked example, each refusal with its code."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, holding, notes, play, rejected, scores, totals

from scorekeeper.engine import entry_of, options_of, variants

THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]

#: every option a preset writes, at the shared defaults of SCORING.md's Presets
SHARED = {"decks": 1, "jokers": 0, "going_out_bonus": 0, "one_go_multiplier": 1, "one_go_bonus": None,
          "target": None, "deals": None, "eliminate_at": None, "reentries": 0, "cards_each": None,
          "schedule": None, "instant_win": False}

GERMAN_ROMME = {**SHARED, "name": "German Rommé", "entry": "cards",
                "values": {"ace": 11, "pictures": 10, "ten": 10, "pips": "face", "joker": 20}, "decks": 2,
                "jokers": 6, "scoring": "own", "one_go_multiplier": 2, "lowest_wins": True, "target": 500,
                "cards_each": 13}
LOBA = {**SHARED, "name": "Loba de Menos", "entry": "cards",
        "values": {"ace": 10, "pictures": 10, "ten": 10, "pips": "face", "joker": 10}, "decks": 2, "jokers": 4,
        "scoring": "own", "one_go_bonus": -10, "lowest_wins": True, "eliminate_at": 101, "reentries": 1,
        "cards_each": 9}
SEVEN_BRIDGE = {**SHARED, "name": "Seven Bridge", "entry": "cards",
                "values": {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0, "7": 20},
                "scoring": "own", "one_go_multiplier": 2, "lowest_wins": True, "target": 200, "cards_each": 7}
RUMINO = {**SHARED, "name": "Rumino", "entry": "cards",
          "values": {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 10}, "decks": 2, "jokers": 4,
          "scoring": "own", "going_out_bonus": -10, "lowest_wins": True, "eliminate_at": 100, "reentries": 1,
          "cards_each": 7, "instant_win": True}
TRES_Y_DOS = {**SHARED, "name": "Tres y Dos", "entry": "points", "values": None, "scoring": "winner_takes",
              "going_out_bonus": 1, "lowest_wins": False, "target": 5, "cards_each": 5}
RUMMIKUB = {**SHARED, "name": "Rummikub", "entry": "points", "values": None, "scoring": "zero_sum",
            "lowest_wins": False, "cards_each": 14}
KALOOKI_DEALS = [(9, "3 threes"), (10, "2 threes, 1 four"), (11, "1 three, 2 fours"), (12, "3 fours"),
                 (12, "4 threes"), (13, "3 threes, 1 four"), (14, "2 threes, 2 fours"), (15, "1 three, 3 fours"),
                 (16, "4 fours")]
CARIBBEAN_KALOOKI = {**SHARED, "name": "Caribbean Kalooki", "entry": "cards",
                     "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": "face", "joker": 50}, "decks": 2,
                     "jokers": 4, "scoring": "own", "lowest_wins": True,
                     "schedule": [{"cards": cards, "contract": contract} for cards, contract in KALOOKI_DEALS]}
CAROUSEL = {**SHARED, "name": "Carousel", "entry": "cards",
            "values": {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 25}, "decks": 2, "jokers": 4,
            "scoring": "lowest_scores_difference", "lowest_wins": False, "target": 150, "cards_each": 10}
REMI = {**SHARED, "name": "Indonesian Remi", "entry": "meld_minus_hand",
        "values": {"ace": 15, "pictures": 10, "ten": 5, "pips": 5, "joker": 0}, "scoring": "own",
        "lowest_wins": False, "target": 500, "cards_each": 7}
MILLE = {**SHARED, "name": "Mille", "entry": "meld_minus_hand",
         "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": 5, "joker": 0, "2": 20, "QS": 100, "JD": 50},
         "decks": 2, "scoring": "own", "lowest_wins": False, "target": 1000, "cards_each": 15}
CONTINENTAL = {**SHARED, "name": "Continental", "entry": "points", "values": None, "decks": 3,
               "scoring": "zero_sum", "going_out_bonus": 1, "lowest_wins": False, "cards_each": 15}

#: the least a game says, with cards
CARDS = {"name": "Ours", "entry": "cards", "scoring": "own", "lowest_wins": True}
POINTS = {"name": "Ours", "entry": "points", "scoring": "own", "lowest_wins": True}


def game(options: dict[str, Any], hands: list[dict[str, Any]], players: list[str] = THREE,
         **header: Any) -> dict[str, Any]:
    return play("house", players, hands, options=options, **header)


def refused(options: dict[str, Any], hands: list[dict[str, Any]] = (), players: list[str] = THREE,
            **header: Any) -> Any:
    return rejected("house", players, hands, options=options, **header)


def points(**by_player: int) -> dict[str, dict[str, int]]:
    return {player: {"points": n} for player, n in by_player.items()}


# -- (a) values for a rank, a card, a rank by colour -------------------------------------------------


def test_a_value_for_one_rank_counts_every_card_of_it_seven_bridge_7s_7h_kd_is_50():
    sheet = game(SEVEN_BRIDGE, [{"out": "Ann", "hands": {"Bob": holding("7S 7H KD"), "Cara": holding("AS 9C")}}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 50, "Cara": 10}


def test_a_cards_own_value_comes_before_its_rank_and_its_group_mille_qs_100_jd_50_twos_20():
    sheet = game(MILLE, [{"out": "Ann", "hands": {"Bob": {"melded": "QS QH QD 2C", "left": "JD 9S"},
                                                  "Cara": {"melded": 0, "left": "JS QD"}}}], players=THREE)
    assert scores(sheet, 1)["Bob"] == 140 - 55 == 85
    assert scores(sheet, 1)["Cara"] == -20  # JS and QD: their group, 10 each


def test_a_rank_by_colour_wikipedias_caribbean_aces_red_1_black_15():
    values = {**CARIBBEAN_KALOOKI["values"], "A red": 1, "A black": 15}
    sheet = game({**CARIBBEAN_KALOOKI, "values": values},
                 [{"out": "Ann", "hands": {"Bob": holding("AH AD"), "Cara": holding("AS AC")}}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 2, "Cara": 30}


def test_the_worked_caribbean_hand_deal_1_bob_as_jk_4d_is_69():
    sheet = game(CARIBBEAN_KALOOKI, [{"out": "Ann", "hands": {"Bob": holding("AS JK 4D"), "Cara": counted(0)}}])
    assert scores(sheet, 1)["Bob"] == 69


def test_a_cards_value_is_its_card_key_else_rank_by_colour_else_rank_else_its_group():
    values = {"ace": 40, "AH": 2, "A red": 3, "A": 5}
    sheet = game({**CARDS, "values": values}, [{"out": "Ann", "hands": {"Bob": holding("AH"),
                                                                         "Cara": holding("AD")}},
                                               {"out": "Ann", "hands": {"Bob": holding("AS"), "Cara": counted(0)}}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 2, "Cara": 3}
    assert scores(sheet, 2)["Bob"] == 5


@pytest.mark.parametrize(("given", "stored"), [("T", "10"), ("q", "Q"), ("Q♠", "QS"), ("10h", "10H"),
                                               ("a RED", "A red"), ("K Black", "K black"), ("7", "7")])
def test_a_values_key_is_stored_as_the_sheet_writes_it_ten_as_10_symbols_as_letters(given, stored):
    sheet = game({**CARDS, "values": {given: 7}}, [])
    assert sheet["options"]["values"][stored] == 7
    assert list(sheet["options"]["values"])[:5] == ["ace", "pictures", "ten", "pips", "joker"]


@pytest.mark.parametrize("key", ["1S", "JK", "queen", "A green", "QX", "", "11"])
def test_a_values_key_that_is_not_a_rank_a_card_or_a_colour_is_refused(key):
    error = refused({**CARDS, "values": {key: 5}})
    assert (error.where, error.field, error.code) == ("options", "values", "bad_option")
    assert str(error) == f'options: values key "{key}" is not a rank, a card or a colour'


@pytest.mark.parametrize("value", [-1, 1001, "20", 2.5, True])
def test_a_single_value_is_a_whole_number_from_0_to_1000(value):
    error = refused({**CARDS, "values": {"7": value}})
    assert (error.field, error.code) == ("values.7", "bad_option")
    assert error.message.startswith("values: 7 must be a whole number from 0 to 1000")


def test_the_ends_of_a_single_values_bounds_are_taken():
    values = game({**CARDS, "values": {"QS": 0, "7": 1000}}, [])["options"]["values"]
    assert (values["QS"], values["7"]) == (0, 1000)


def test_a_single_value_given_as_null_is_as_if_not_given():
    assert "7" not in game({**CARDS, "values": {"7": None}}, [])["options"]["values"]


def test_one_key_given_twice_as_two_spellings_is_refused():
    error = refused({**CARDS, "values": {"T": 5, "10": 6}})
    assert (error.field, error.code) == ("values", "bad_option") and "given twice" in error.message


def test_the_how_to_lists_the_single_values():
    assert "7 20" in game(SEVEN_BRIDGE, [])["guide"]["how_to"]


# -- (b) one go --------------------------------------------------------------------------------------------


def test_one_go_multiplies_each_other_players_value_german_romme_bob_46_to_92_cara_30_to_60():
    hand = {"out": "Ann", "one_go": True, "hands": {"Bob": holding("AS KH 5D JK"), "Cara": counted(30)}}
    sheet = game(GERMAN_ROMME, [hand])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 92, "Cara": 60}
    assert notes(sheet, 1).startswith("Ann went out in one go: each other hand counts 2 times: Bob 46 × 2 = 92, "
                                      "Cara 30 × 2 = 60.")


def test_without_one_go_the_multiplier_does_not_apply():
    hand = {"out": "Ann", "hands": {"Bob": holding("AS KH 5D JK"), "Cara": counted(30)}}
    assert scores(game(GERMAN_ROMME, [hand]), 1) == {"Ann": 0, "Bob": 46, "Cara": 30}


def test_seven_bridge_in_one_go_doubles_bob_100_cara_20():
    hand = {"out": "Ann", "one_go": True, "hands": {"Bob": holding("7S 7H KD"), "Cara": holding("AS 9C")}}
    assert scores(game(SEVEN_BRIDGE, [hand]), 1) == {"Ann": 0, "Bob": 100, "Cara": 20}


def test_one_go_bonus_replaces_the_going_out_bonus_loba_ann_minus_10():
    hand = {"out": "Ann", "one_go": True, "hands": {"Bob": holding("KS 7D JK"), "Cara": holding("AC 2C")}}
    sheet = game(LOBA, [hand])
    assert scores(sheet, 1) == {"Ann": -10, "Bob": 27, "Cara": 12}
    assert "One-go bonus: -10 to Ann." in notes(sheet, 1)
    plain = game(LOBA, [{**hand, "one_go": False}])
    assert scores(plain, 1)["Ann"] == 0


def test_one_go_bonus_left_empty_is_the_going_out_bonus():
    options = {**POINTS, "going_out_bonus": 5, "one_go_multiplier": 3}
    sheet = game(options, [{"out": "Ann", "one_go": True, "hands": points(Bob=2, Cara=4)}])
    assert scores(sheet, 1) == {"Ann": 5, "Bob": 6, "Cara": 12}


def test_in_zero_sum_each_other_player_pays_the_one_go_bonus():
    options = {**POINTS, "scoring": "zero_sum", "one_go_bonus": 10, "one_go_multiplier": 2}
    sheet = game(options, [{"out": "Ann", "one_go": True, "hands": points(Bob=2, Cara=4)}])
    assert scores(sheet, 1) == {"Ann": 12 + 20, "Bob": -14, "Cara": -18}
    assert "One-go bonus: each other player pays Ann 10 more, 20 in all." in notes(sheet, 1)


def test_in_own_points_the_one_who_went_out_in_one_go_is_not_multiplied():
    options = {**POINTS, "one_go_multiplier": 2}
    sheet = game(options, [{"out": "Ann", "one_go": True, "hands": points(Ann=-5, Bob=2, Cara=4)}])
    assert scores(sheet, 1) == {"Ann": -5, "Bob": 4, "Cara": 8}


def test_with_melded_minus_left_one_go_multiplies_the_others_left_only():
    options = {**REMI, "one_go_multiplier": 2}
    hand = {"out": "Ann", "one_go": True, "hands": {"Ann": {"melded": 30},
                                                    "Bob": {"melded": 15, "left": 20}, "Cara": {}}}
    assert scores(game(options, [hand]), 1) == {"Ann": 30, "Bob": 15 - 40, "Cara": 0}


def test_one_go_needs_a_player_who_went_out():
    hands = [{"out": None, "one_go": True, "hands": points(Ann=1, Bob=2, Cara=3)}]
    error = refused({**POINTS, "one_go_multiplier": 2}, hands)
    assert (str(error), error.code, error.field) == ("hand 1: one_go needs a player who went out",
                                                     "one_go_without_out", "one_go")


def test_one_go_is_true_or_false():
    error = refused(POINTS, [{"out": "Ann", "one_go": "yes", "hands": points(Bob=1, Cara=1)}])
    assert error.field == "one_go"


@pytest.mark.parametrize(("key", "value"), [("one_go_multiplier", 0), ("one_go_multiplier", 11),
                                            ("one_go_multiplier", "2"), ("one_go_bonus", 10_001),
                                            ("one_go_bonus", -10_001), ("one_go_bonus", 1.5)])
def test_one_go_multiplier_is_1_to_10_and_one_go_bonus_within_10000(key, value):
    error = refused({**POINTS, key: value})
    assert (error.field, error.code) == (key, "bad_option")


def test_the_ends_of_the_one_go_bounds_are_taken():
    options = game({**POINTS, "one_go_multiplier": 10, "one_go_bonus": -10_000}, [])["options"]
    assert (options["one_go_multiplier"], options["one_go_bonus"]) == (10, -10_000)


# -- (c) melded minus left; the typed bonus ----------------------------------------------------------------


MELD_EXAMPLE = {**REMI, "going_out_bonus": 10}


def test_melded_minus_left_ann_out_55_bob_0():
    hand = {"out": "Ann", "hands": {"Ann": {"melded": "7S 8S 9S KD KH KC"}, "Bob": {"melded": 20, "left": "AS 4D"},
                                    "Cara": {}}}
    sheet = game(MELD_EXAMPLE, [hand])
    assert scores(sheet, 1) == {"Ann": 55, "Bob": 0, "Cara": 0}
    assert notes(sheet, 1) == ("Ann went out; each player scores melded minus left: Ann 45 - 0 = 45, "
                               "Bob 20 - 20 = 0, Cara 0 - 0 = 0. Going-out bonus: 10 to Ann.")


def test_indonesian_remi_the_out_players_typed_bonus_ann_95_bob_minus_5():
    hand = {"out": "Ann", "hands": {"Ann": {"melded": "2S 3S 4S KH KD KC", "bonus": 50},
                                    "Bob": {"melded": "5D 6D 7D", "left": "AS 9C"}, "Cara": {"left": 3}}}
    sheet = game(REMI, [hand])
    assert scores(sheet, 1) == {"Ann": 95, "Bob": -5, "Cara": -3}
    assert "Ann's bonus this hand, as typed: 50." in notes(sheet, 1)


def test_melded_minus_left_with_nobody_out_every_player_gives_input():
    sheet = game(REMI, [{"out": None, "hands": {"Ann": {"melded": 10}, "Bob": {"left": 5}, "Cara": {}}}])
    assert scores(sheet, 1) == {"Ann": 10, "Bob": -5, "Cara": 0}
    assert notes(sheet, 1).startswith("Nobody went out; each player scores melded minus left")
    error = refused(REMI, [{"out": None, "hands": {"Ann": {"melded": 10}, "Bob": {"left": 5}}}])
    assert (error.code, error.player) == ("missing_input", "Cara")


def test_melded_minus_left_needs_own_scoring():
    error = refused({**REMI, "scoring": "zero_sum"})
    assert (str(error), error.field, error.code) == ('options: meld_minus_hand needs scoring "own"', "scoring",
                                                     "bad_option")


def test_the_one_who_went_out_has_nothing_left():
    hand = {"out": "Ann", "hands": {"Ann": {"melded": 10, "left": "KS"}, "Bob": {}, "Cara": {}}}
    error = refused(REMI, [hand])
    assert (error.player, error.field) == ("Ann", "left")


def test_melded_and_left_are_cards_or_a_count_checked_as_such():
    assert refused(REMI, [{"out": "Ann", "hands": {"Bob": {"melded": "ZZ"}, "Cara": {}}}]).code == "not_a_card"
    assert refused(REMI, [{"out": "Ann", "hands": {"Bob": {"left": -4}, "Cara": {}}}]).field == "left"
    twice = {"out": "Ann", "hands": {"Bob": {"melded": "KS", "left": "KS"}, "Cara": {}}}
    assert refused(REMI, [twice]).code == "too_many_copies"


def test_continental_the_typed_bonus_is_paid_by_each_other_player_ann_plus_15():
    hand = {"out": "Ann", "hands": {"Ann": {"bonus": 5}, **points(Bob=0, Cara=0, Dan=0)}}
    assert scores(game(CONTINENTAL, [hand], players=FOUR), 1) == {"Ann": 15, "Bob": -5, "Cara": -5, "Dan": -5}


def test_a_typed_bonus_comes_before_the_one_go_bonus():
    hand = {"out": "Ann", "one_go": True, "hands": {"Ann": {"bonus": 3}, "Bob": holding("KS"), "Cara": counted(0)}}
    assert scores(game(LOBA, [hand]), 1)["Ann"] == 3


def test_a_typed_bonus_in_a_cards_game_and_in_winner_takes():
    cards = game({**CARDS, "going_out_bonus": -10},
                 [{"out": "Ann", "hands": {"Ann": {"bonus": -20}, "Bob": holding("KS"), "Cara": counted(1)}}])
    assert scores(cards, 1) == {"Ann": -20, "Bob": 10, "Cara": 1}
    tres = game(TRES_Y_DOS, [{"out": "Bob", "hands": {"Bob": {"bonus": 2}, **points(Ann=0, Cara=0)}}])
    assert scores(tres, 1) == {"Ann": 0, "Bob": 2, "Cara": 0}


def test_tres_y_dos_bob_wins_the_hand_and_scores_1():
    sheet = game(TRES_Y_DOS, [{"out": "Bob", "hands": points(Ann=0, Cara=0)}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 1, "Cara": 0}


def test_only_the_player_who_went_out_gives_a_bonus():
    error = refused(POINTS, [{"out": "Ann", "hands": {"Bob": {"points": 2, "bonus": 5}, "Cara": {"points": 1}}}])
    assert (error.player, error.field, error.code) == ("Bob", "bonus", "bad_field")
    nobody = refused(POINTS, [{"out": None, "hands": {"Ann": {"points": 1, "bonus": 5}, **points(Bob=1, Cara=1)}}])
    assert nobody.code == "bad_field"


@pytest.mark.parametrize(("value", "code"), [(10_001, "out_of_bounds"), (-10_001, "out_of_bounds"),
                                             ("5", "invalid_entry"), (True, "invalid_entry")])
def test_a_typed_bonus_is_a_whole_number_from_minus_10000_to_10000(value, code):
    error = refused(POINTS, [{"out": "Ann", "hands": {"Ann": {"bonus": value}, **points(Bob=1, Cara=1)}}])
    assert (error.player, error.field, error.code) == ("Ann", "bonus", code)
    assert error.message.startswith("bonus must be a whole number from -10000 to 10000")


# -- (d) sides ------------------------------------------------------------------------------------------------


def test_in_sides_each_side_scores_the_sum_of_its_players_and_the_bonus_goes_to_the_out_players_side():
    options = {**POINTS, "going_out_bonus": -10}
    sheet = game(options, [{"out": "Ann", "hands": points(Bob=20, Cara=5, Dan=7)}], players=FOUR, sides=PARTNERS)
    assert sheet["sides"] == ["Ann & Cara", "Bob & Dan"]
    assert scores(sheet, 1) == {"Ann & Cara": -5, "Bob & Dan": 27}
    assert sheet["hands"][0]["details"]["Bob & Dan"] == {"value": 27, "players": {"Bob": {"value": 20},
                                                                                  "Dan": {"value": 7}}}
    assert notes(sheet, 1).endswith("By side: Ann & Cara -5, Bob & Dan 27.")


def test_in_sides_the_target_and_the_winners_are_the_sides():
    options = {**POINTS, "target": 30}
    hands = [{"out": "Ann", "hands": points(Bob=20, Cara=5, Dan=7)}, {"out": "Bob", "hands": points(Ann=1, Cara=0,
                                                                                                     Dan=4)}]
    sheet = game(options, hands, players=FOUR, sides=PARTNERS)
    assert sheet["finished"] and totals(sheet) == {"Ann & Cara": 6, "Bob & Dan": 31}
    assert sheet["winners"] == ["Ann & Cara"]


def test_four_players_without_sides_play_each_for_themselves_as_before():
    sheet = game(POINTS, [{"out": "Ann", "hands": points(Bob=20, Cara=5, Dan=7)}], players=FOUR)
    assert sheet["sides"] is None and scores(sheet, 1) == {"Ann": 0, "Bob": 20, "Cara": 5, "Dan": 7}


def test_six_players_may_sit_in_two_sides_of_three_or_three_of_two():
    six = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]
    threes = game(POINTS, [], players=six, sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    twos = game(POINTS, [], players=six, sides=[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]])
    assert len(threes["sides"]) == 2 and len(twos["sides"]) == 3


@pytest.mark.parametrize(("rule", "key"), [({"eliminate_at": 100}, "eliminate_at"), ({"eliminate_at": 100,
                                                                                      "reentries": 1}, "eliminate_at"),
                                           ({"scoring": "lowest_scores_difference"}, "lowest_scores_difference")])
def test_sides_do_not_go_with_eliminations_reentries_or_the_lowest_collecting(rule, key):
    error = refused({**POINTS, **rule}, players=FOUR, sides=PARTNERS)
    assert (str(error), error.code) == (f"sides: a house game in sides cannot use {key}", "bad_option")


def test_sides_are_refused_where_they_cannot_be_equal_and_partners_sit_opposite():
    assert refused(POINTS, players=THREE, sides=[["Ann", "Bob"], ["Cara"]]).code == "no_sides_for_players"
    assert refused(POINTS, players=FOUR, sides=[["Ann", "Bob"], ["Cara", "Dan"]]).code == "partners_not_opposite"


def test_the_catalogue_says_house_may_be_played_in_sides_but_need_not():
    house = next(v for v in variants() if v["key"] == "house")
    assert house["sides"] is None
    assert house["optional_sides"] == {"4": [2], "6": [3, 2], "8": [4, 2], "9": [3], "10": [5, 2]}


# -- (e) re-entries ---------------------------------------------------------------------------------------------


LOBA_HANDS = [{"out": "Ann", "hands": {"Bob": counted(60), "Cara": counted(20)}},
              {"out": "Ann", "hands": {"Bob": counted(50), "Cara": counted(30)}}]


def test_a_player_put_out_reenters_at_the_highest_total_still_in_loba_buy_back():
    sheet = game(LOBA, [*LOBA_HANDS, {"out": "Cara", "reenter": ["Bob"], "hands": {"Ann": counted(5),
                                                                                   "Bob": counted(10)}}])
    assert sheet["hands"][2]["reentered"] == {"Bob": 50}
    assert totals(sheet) == {"Ann": 5, "Bob": 60, "Cara": 50}
    assert sheet["reentries"] == {"Bob": 1} and sheet["eliminated"] == {}
    assert notes(sheet, 3).startswith("Bob re-enters at 50, the highest total still in (Cara); re-entry 1 of 1.")


def test_a_reentry_is_only_for_a_player_put_out_with_one_left():
    again = [*LOBA_HANDS, {"out": "Cara", "reenter": ["Bob"], "hands": {"Ann": counted(5), "Bob": counted(60)}},
             {"out": "Ann", "reenter": ["Bob"], "hands": {"Bob": counted(0), "Cara": counted(0)}}]
    error = refused(LOBA, again)
    assert (error.hand, error.code) == (4, "no_reentries_left")
    not_out = refused(LOBA, [{"out": "Ann", "reenter": ["Cara"], "hands": {"Bob": counted(1), "Cara": counted(1)}}])
    assert not_out.code == "not_out"


def test_reentries_need_eliminate_at_and_are_0_to_10():
    error = refused({**POINTS, "reentries": 1})
    assert (error.field, error.code) == ("reentries", "bad_option")
    assert refused({**POINTS, "eliminate_at": 100, "reentries": 11}).field == "reentries"
    assert game({**POINTS, "eliminate_at": 100, "reentries": 10}, [])["options"]["reentries"] == 10


def test_without_reentries_nobody_comes_back_and_the_sheet_counts_none():
    sheet = game({**POINTS, "eliminate_at": 40}, [{"out": "Ann", "hands": points(Bob=50, Cara=1)}])
    assert "reentries" not in sheet
    hands = [{"out": "Ann", "hands": points(Bob=50, Cara=1)},
             {"out": "Ann", "reenter": ["Bob"], "hands": points(Bob=1, Cara=1)}]
    assert refused({**POINTS, "eliminate_at": 40}, hands).code == "no_reentries_left"


# -- (f) the schedule ------------------------------------------------------------------------------------------


def kalooki_hand(n: int) -> dict[str, Any]:
    return {"out": ["Ann", "Bob", "Cara"][n % 3], "hands": {p: counted(n) for p in THREE if p != ["Ann", "Bob",
                                                                                                    "Cara"][n % 3]}}


def test_each_scheduled_deal_shows_its_cards_and_contract_on_the_next_deal():
    sheet = game(CARIBBEAN_KALOOKI, [])
    assert (sheet["next"]["cards_each"], sheet["next"]["contract"]) == (9, "3 threes")
    assert sheet["guide"]["next"] == "Hand 1 · Ann deals 9 cards · 2 decks + 4 jokers · Contract: 3 threes"
    third = game(CARIBBEAN_KALOOKI, [kalooki_hand(1), kalooki_hand(2)])
    assert (third["next"]["cards_each"], third["next"]["contract"]) == (11, "1 three, 2 fours")


def test_a_hands_notes_name_its_contract():
    sheet = game(CARIBBEAN_KALOOKI, [kalooki_hand(1), kalooki_hand(2)])
    assert sheet["hands"][1]["notes"][0] == "Contract of this deal: 2 threes, 1 four."


def test_with_no_deals_the_game_ends_after_the_last_scheduled_deal_caribbean_kalooki_nine_deals():
    hands = [kalooki_hand(n) for n in range(1, 10)]
    assert not game(CARIBBEAN_KALOOKI, hands[:8])["finished"]
    sheet = game(CARIBBEAN_KALOOKI, hands)
    assert sheet["finished"] and sheet["next"] is None
    low = min(totals(sheet).values())
    assert sheet["winners"] == [p for p, t in totals(sheet).items() if t == low]
    assert game(CARIBBEAN_KALOOKI, [])["guide"]["goal"] == "9 deals; lowest wins"


def test_with_deals_set_deals_end_it_and_later_deals_show_cards_each_and_no_contract():
    options = {**POINTS, "deals": 3, "cards_each": 7, "schedule": [{"cards": 9, "contract": "3 threes"},
                                                                   {"cards": None, "contract": "a run"}]}
    hand = {"out": "Ann", "hands": points(Bob=1, Cara=1)}
    second = game(options, [hand])
    assert (second["next"]["cards_each"], second["next"]["contract"]) == (7, "a run")
    third = game(options, [hand, hand])
    assert (third["next"]["cards_each"], third["next"]["contract"]) == (7, None)
    assert not third["finished"] and game(options, [hand] * 3)["finished"]


def test_a_schedule_with_a_target_ends_at_whichever_comes_first():
    options = {**POINTS, "target": 10, "schedule": [{"cards": 5}] * 3}
    assert game(options, [{"out": "Ann", "hands": points(Bob=11, Cara=1)}])["finished"]


@pytest.mark.parametrize(("schedule", "words"), [
    ([], "schedule holds 1 to 30 deals"),
    ([{"cards": 5}] * 31, "schedule holds 1 to 30 deals"),
    ("9 cards", "schedule holds 1 to 30 deals"),
    ([{"cards": 31}], "schedule: deal 1: cards must be a positive whole number, at most 30"),
    ([{"cards": 5}, {"cards": 0}], "schedule: deal 2: cards must be a positive whole number, at most 30"),
    ([{"contract": "x" * 81}], "schedule: deal 1: contract must be 0 to 80 characters"),
    ([{"contract": 3}], "schedule: deal 1: contract must be 0 to 80 characters of text, not 3"),
    ([{"cards": 5, "wild": "7"}], "schedule: deal 1: 'wild' is not one of cards, contract"),
    ([5], "schedule: deal 1 must be an object of cards, contract"),
])
def test_a_schedule_holds_1_to_30_deals_each_of_1_to_30_cards_and_a_contract_of_up_to_80_characters(schedule, words):
    error = refused({**POINTS, "schedule": schedule})
    assert (error.field, error.code, error.message) == ("schedule", "bad_option", words)


def test_a_scheduled_deal_left_out_parts_take_none_and_no_contract():
    sheet = game({**POINTS, "schedule": [{}]}, [])
    assert sheet["options"]["schedule"] == [{"cards": None, "contract": ""}]
    assert (sheet["next"]["cards_each"], sheet["next"]["contract"]) == (None, None)


# -- (g) the lowest scores the differences -----------------------------------------------------------------------


LOWEST = {**POINTS, "scoring": "lowest_scores_difference", "lowest_wins": False}


def test_the_lowest_scores_the_differences_carousel_ann_out_collects_42():
    sheet = game(LOWEST, [{"out": "Ann", "hands": points(Bob=12, Cara=30)}])
    assert scores(sheet, 1) == {"Ann": 42, "Bob": 0, "Cara": 0}
    assert notes(sheet, 1) == ("Hands Ann 0, Bob 12, Cara 30: the lowest, 0, and Ann collects the differences: "
                               "Bob 12 + Cara 30 = 42.")


def test_tied_at_the_lowest_they_share_ann_and_bob_8_each():
    sheet = game(LOWEST, [{"out": None, "hands": points(Ann=4, Bob=4, Cara=20)}])
    assert scores(sheet, 1) == {"Ann": 8, "Bob": 8, "Cara": 0}
    assert notes(sheet, 1).endswith("Ann and Bob share it: 8 each.")


def test_a_share_that_does_not_divide_is_kept_exact():
    sheet = game(LOWEST, [{"out": None, "hands": points(Ann=4, Bob=4, Cara=5)}])
    assert scores(sheet, 1) == {"Ann": 0.5, "Bob": 0.5, "Cara": 0}


def test_carousel_bob_knocks_with_4_and_collects_46():
    hand = {"out": None, "hands": {"Ann": counted(19), "Bob": counted(4), "Cara": holding("KS JK")}}
    assert scores(game(CAROUSEL, [hand]), 1) == {"Ann": 0, "Bob": 46, "Cara": 0}


def test_with_the_lowest_collecting_every_player_gives_input_but_the_one_who_went_out():
    error = refused(LOWEST, [{"out": None, "hands": points(Ann=4, Bob=4)}])
    assert (error.code, error.player) == ("missing_input", "Cara")
    error = refused(LOWEST, [{"out": "Ann", "hands": points(Bob=4)}])
    assert (error.code, error.player) == ("missing_input", "Cara")


def test_with_the_lowest_collecting_the_going_out_bonus_still_goes_to_the_one_out():
    sheet = game({**LOWEST, "going_out_bonus": 5}, [{"out": "Bob", "hands": points(Ann=10, Cara=20)}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 35, "Cara": 0}


def test_the_how_to_asks_every_players_points_where_the_lowest_collects():
    assert game(LOWEST, [])["guide"]["how_to"] == (
        "Tap who went out (or nobody); type each player's points (the one who went out counts 0). Scoring: the "
        "lowest hand scores what each other hand holds more than it.")


def test_every_hand_equal_nobody_collects():
    sheet = game(LOWEST, [{"out": None, "hands": points(Ann=4, Bob=4, Cara=4)}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0, "Cara": 0}
    assert notes(sheet, 1) == "Every hand counts 4: nobody collects."


# -- (h) the instant win ---------------------------------------------------------------------------------------------


RUMINO_HANDS = [{"out": None, "hands": {"Ann": holding("KS 4D"), "Bob": counted(5), "Cara": holding("JK 2C")}},
                {"out": "Cara", "instant_win": "Cara", "hands": {"Ann": counted(3), "Bob": counted(8)}}]


def test_an_instant_win_ends_the_game_with_that_player_the_only_winner_rumino():
    first = game(RUMINO, RUMINO_HANDS[:1])
    assert scores(first, 1) == {"Ann": 14, "Bob": 5, "Cara": 12} and not first["finished"]
    sheet = game(RUMINO, RUMINO_HANDS)
    assert scores(sheet, 2) == {"Ann": 3, "Bob": 8, "Cara": -10}
    assert sheet["finished"] and sheet["winners"] == ["Cara"] and sheet["next"] is None
    assert sheet["hands"][1]["kind"] == "instant_win" and sheet["hands"][1]["winner"] == "Cara"
    assert notes(sheet, 2).endswith("Cara wins the game at once, for Cara.")
    assert refused(RUMINO, [*RUMINO_HANDS, RUMINO_HANDS[0]]).code == "game_over"


def test_an_instant_win_beats_a_lower_total_and_an_elimination_in_the_same_hand():
    hands = [{"out": "Ann", "instant_win": "Bob", "hands": {"Bob": counted(150), "Cara": counted(0)}}]
    sheet = game(RUMINO, hands)
    assert sheet["winners"] == ["Bob"] and sheet["eliminated"] == {}


def test_in_sides_an_instant_win_is_the_players_side():
    options = {**POINTS, "instant_win": True}
    sheet = game(options, [{"out": "Ann", "instant_win": "Dan", "hands": points(Bob=1, Cara=1, Dan=1)}],
                 players=FOUR, sides=PARTNERS)
    assert sheet["winners"] == ["Bob & Dan"]


def test_an_instant_win_is_refused_where_the_game_has_none():
    error = refused(POINTS, [{"out": "Ann", "hands": points(Bob=1, Cara=1)},
                             {"out": "Ann", "instant_win": "Bob", "hands": points(Bob=1, Cara=1)}])
    assert (str(error), error.code, error.field) == ("hand 2: instant_win is off in this game", "bad_field",
                                                     "instant_win")


@pytest.mark.parametrize("who", ["Zed", 3, ["Bob"]])
def test_an_instant_win_names_a_player_still_in(who):
    error = refused({**POINTS, "instant_win": True},
                    [{"out": "Ann", "instant_win": who, "hands": points(Bob=1, Cara=1)}])
    assert (error.field, error.code) == ("instant_win", "not_a_player")


# -- the worked hands of the other presets ------------------------------------------------------------------------


def test_rummikub_each_other_player_pays_their_rack_ann_plus_64():
    sheet = game(RUMMIKUB, [{"out": "Ann", "hands": points(Bob=23, Cara=41)}])
    assert scores(sheet, 1) == {"Ann": 64, "Bob": -23, "Cara": -41}


def test_every_presets_definition_is_taken_whole():
    for options in (GERMAN_ROMME, LOBA, SEVEN_BRIDGE, RUMINO, TRES_Y_DOS, RUMMIKUB, CARIBBEAN_KALOOKI, CAROUSEL,
                    REMI, MILLE, CONTINENTAL):
        assert options_of("house", options)["name"] == options["name"]


# -- declared for the pages and the API ------------------------------------------------------------------------------


def test_the_entry_declares_the_one_go_switch_reenter_and_instant_win_only_where_the_definition_uses_them():
    def keys(options: dict[str, Any]) -> list[str]:
        return [c["key"] for c in entry_of("house", options_of("house", options))["choices"]]

    assert keys(POINTS) == []
    assert keys(GERMAN_ROMME) == ["one_go"]
    assert keys(LOBA) == ["one_go", "reenter"]
    assert keys(RUMINO) == ["reenter", "instant_win"]
    every = next(v for v in variants() if v["key"] == "house")["entry"]["choices"]
    assert [(c["key"], c["kind"], c["needs_out"]) for c in every] == [
        ("one_go", "flag", True), ("reenter", "players", False), ("instant_win", "player", False)]


def test_the_entry_declares_melded_and_left_and_the_out_players_bonus():
    fields = entry_of("house", options_of("house", REMI))["fields"]
    assert [(f["key"], f["kind"], f["out"]) for f in fields] == [
        ("melded", "cards_or_points", "optional"), ("left", "cards_or_points", "none"), ("bonus", "count", "only")]
    assert (fields[2]["minimum"], fields[2]["maximum"]) == (-10_000, 10_000)


def test_the_catalogue_declares_every_new_option_with_its_bounds():
    options = {o["key"]: o for o in next(v for v in variants() if v["key"] == "house")["options"]}
    assert (options["one_go_multiplier"]["minimum"], options["one_go_multiplier"]["maximum"]) == (1, 10)
    assert options["one_go_bonus"]["nullable"] is True
    assert (options["reentries"]["minimum"], options["reentries"]["maximum"]) == (0, 10)
    assert options["instant_win"]["type"] == "bool" and options["instant_win"]["default"] is False
    schedule = options["schedule"]
    assert (schedule["type"], schedule["minimum"], schedule["maximum"], schedule["items"]) == ("list", 1, 30, "deals")
    assert [(p["key"], p["type"], p["minimum"], p["maximum"]) for p in schedule["parts"]] == [
        ("cards", "int", 1, 30), ("contract", "text", 0, 80)]
    more = options["values"]["more"]
    assert (more["type"], more["minimum"], more["maximum"]) == ("int", 0, 1000)
    assert options["entry"]["choices"] == ["points", "cards", "meld_minus_hand"]
    assert "lowest_scores_difference" in options["scoring"]["choices"]


# -- SCORING.md's invalid entries of the extensions, word for word ------------------------------------------------


SPELLED_OUT = [
    ({**CARDS, "values": {"1S": 5}}, [], {}, 'options: values key "1S" is not a rank, a card or a colour',
     "bad_option"),
    ({**POINTS, "one_go_multiplier": 2}, [{"out": "Ann", "hands": points(Bob=1, Cara=1)}] * 3
     + [{"out": None, "one_go": True, "hands": points(Ann=1, Bob=1, Cara=1)}], {},
     "hand 4: one_go needs a player who went out", "one_go_without_out"),
    (POINTS, [{"out": "Ann", "hands": points(Bob=1, Cara=1)}, {"out": "Ann", "instant_win": "Ann",
                                                                "hands": points(Bob=1, Cara=1)}], {},
     "hand 2: instant_win is off in this game", "bad_field"),
    ({**REMI, "scoring": "winner_takes"}, [], {}, 'options: meld_minus_hand needs scoring "own"', "bad_option"),
    ({**POINTS, "eliminate_at": 100}, [], {"players": FOUR, "sides": PARTNERS},
     "sides: a house game in sides cannot use eliminate_at", "bad_option"),
    ({**POINTS, "schedule": []}, [], {}, "options: schedule holds 1 to 30 deals", "bad_option"),
    (LOBA, [*LOBA_HANDS, {"out": "Ann", "reenter": ["Bob"], "hands": {"Bob": counted(99), "Cara": counted(0)}},
            {"out": "Ann", "reenter": ["Bob"], "hands": {"Bob": counted(0), "Cara": counted(0)}}], {},
     "hand 4: Bob cannot re-enter: no re-entries left", "no_reentries_left"),
    (LOBA, [*LOBA_HANDS, {"out": "Ann", "reenter": ["Cara"], "hands": {"Cara": counted(0)}}], {},
     "hand 3: Cara is not out, so cannot re-enter", "not_out"),
]


@pytest.mark.parametrize(("options", "hands", "header", "message", "code"), SPELLED_OUT,
                         ids=[case[4] + str(n) for n, case in enumerate(SPELLED_OUT)])
def test_each_invalid_entry_of_the_extensions_is_refused_in_the_rule_books_words(options, hands, header, message,
                                                                                 code):
    error = refused(options, hands, **header)
    assert (str(error), error.code) == (message, code)
