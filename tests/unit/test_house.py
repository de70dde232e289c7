"""House rules, the table's own game (SCORING.md section 5, `house`, and its decisions in section 6)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, dealers, holding, notes, play, rejected, scores, totals

from scorekeeper.engine import InvalidEntry, entry_of, game_name, options_of, replay, variants

THREE = ["Ann", "Bob", "Cara"]

#: the least a house game says: its four required options
POINTS_OWN = {"name": "Our Marriage", "entry": "points", "scoring": "own", "lowest_wins": True}
#: the worked example's table: cards, A 15, pictures and ten 10, pips face, joker 25
EXAMPLE_VALUES = {"ace": 15, "pictures": 10, "ten": 10, "pips": "face", "joker": 25}
EXAMPLE = {"name": "Tres y Dos", "entry": "cards", "values": EXAMPLE_VALUES, "jokers": 2,
           "scoring": "own", "going_out_bonus": -10, "lowest_wins": True}
EXAMPLE_HAND = {"out": "Ann", "hands": {"Bob": holding("AS 9H JK"), "Cara": counted(12)}}


def house(players: list[str], hands: list[dict[str, Any]] = (), **options: Any) -> dict[str, Any]:
    """A house game's sheet: the options are POINTS_OWN's with these changed."""
    ended = options.pop("ended", False)
    return play("house", players, hands, options={**POINTS_OWN, **options}, ended=ended)


def refused(players: list[str], hands: list[dict[str, Any]] = (), **options: Any) -> InvalidEntry:
    return rejected("house", players, hands, options={**POINTS_OWN, **options})


def points(**by_player: int) -> dict[str, dict[str, int]]:
    return {player: {"points": n} for player, n in by_player.items()}


def went_out(player: str | None, **by_player: int) -> dict[str, Any]:
    return {"out": player, "hands": points(**by_player)}


# -- the worked example ---------------------------------------------------------------------


def test_the_worked_example_own_scoring_with_a_going_out_bonus_of_minus_10():
    sheet = play("house", THREE, [EXAMPLE_HAND], options=EXAMPLE)
    assert scores(sheet, 1) == {"Ann": -10, "Bob": 49, "Cara": 12}
    assert notes(sheet, 1) == "Ann went out; each player scores their own: Bob 49, Cara 12. Going-out bonus: -10 to Ann."


def test_the_worked_example_with_zero_sum_scoring_and_no_bonus():
    sheet = play("house", THREE, [EXAMPLE_HAND], options={**EXAMPLE, "scoring": "zero_sum", "going_out_bonus": 0})
    assert scores(sheet, 1) == {"Ann": 61, "Bob": -49, "Cara": -12}
    assert notes(sheet, 1) == "Ann went out; each other player pays Ann what they hold: Bob 49 + Cara 12 = 61."


# -- the definition: required options, the name ------------------------------------------------


@pytest.mark.parametrize("missing", ["name", "entry", "scoring", "lowest_wins"])
def test_name_entry_scoring_and_lowest_wins_are_required_with_no_default(missing):
    options = {key: value for key, value in POINTS_OWN.items() if key != missing}
    error = rejected("house", THREE, options=options)
    assert (error.where, error.field, error.code, error.hand) == ("options", missing, "bad_option", None)
    assert str(error).startswith(f"options: {missing} must be given")


def test_a_house_game_with_no_options_at_all_is_refused_for_its_name_first():
    error = rejected("house", THREE)
    assert (error.field, error.code) == ("name", "bad_option")


def test_the_sheets_name_is_the_option_name_trimmed():
    sheet = house(THREE, name="  Our Marriage ")
    assert sheet["name"] == "Our Marriage"
    assert sheet["options"]["name"] == "Our Marriage"
    assert game_name("house", {"name": " Seven Bridge "}) == "Seven Bridge"


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, " " + "x" * 41])
def test_a_name_must_be_1_to_40_characters(name):
    error = refused(THREE, name=name)
    assert str(error) == "options: name must be 1 to 40 characters"
    assert (error.field, error.code) == ("name", "bad_option")


def test_a_name_of_40_characters_after_trimming_is_taken():
    assert house(THREE, name=" " + "x" * 40 + " ")["name"] == "x" * 40


@pytest.mark.parametrize("name", ["Our\nMarriage", "Tab\there", "nul\x00", "\ud800"])
def test_a_name_with_a_control_character_is_refused(name):
    error = refused(THREE, name=name)
    assert (error.field, error.code) == ("name", "bad_option")
    assert "1 to 40 characters of plain text" in error.message


@pytest.mark.parametrize("name", [12, ["Our"], True])
def test_a_name_is_text(name):
    assert refused(THREE, name=name).field == "name"


def test_an_unknown_option_is_refused_naming_the_options():
    error = refused(THREE, rummy_bonus="double")
    assert error.code == "bad_option" and "'rummy_bonus' is not an option of this game" in error.message


@pytest.mark.parametrize(("key", "value"), [("entry", "count"), ("scoring", "penalty"), ("lowest_wins", "yes")])
def test_entry_scoring_and_lowest_wins_take_only_their_values(key, value):
    error = refused(THREE, **{key: value})
    assert (error.field, error.code) == (key, "bad_option")


# -- players and the deal -----------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 11])
def test_house_is_for_two_to_ten_players(count):
    error = refused([f"P{n}" for n in range(count)])
    assert str(error) == f"players: House rules is for 2 to 10 players, got {count}"


@pytest.mark.parametrize("count", [2, 10])
def test_two_and_ten_players_are_taken(count):
    assert len(house([f"P{n}" for n in range(count)])["players"]) == count


def test_cards_each_is_guidance_on_the_next_deal_or_none():
    sheet = house(THREE, cards_each=13, decks=2, jokers=4)
    assert sheet["next"]["cards_each"] == 13
    assert sheet["guide"]["next"] == "Hand 1 · Ann deals 13 cards · 2 decks + 4 jokers"
    plain = house(THREE)
    assert plain["next"]["cards_each"] is None
    assert plain["guide"]["next"] == "Hand 1 · Ann deals"


@pytest.mark.parametrize(("value", "ok"), [(0, False), (1, True), (30, True), (31, False), ("7", False)])
def test_cards_each_is_1_to_30(value, ok):
    if ok:
        assert house(THREE, cards_each=value)["options"]["cards_each"] == value
    else:
        assert refused(THREE, cards_each=value).field == "cards_each"


def test_the_deal_passes_left_skipping_players_out():
    hands = [went_out("Ann", Bob=50, Cara=1, Dan=2), went_out("Cara", Ann=1, Dan=3), went_out("Dan", Ann=1, Cara=1)]
    sheet = house(["Ann", "Bob", "Cara", "Dan"], hands, eliminate_at=40)
    assert sheet["eliminated"] == {"Bob": 1}
    assert dealers(sheet) == ["Ann", "Cara", "Dan", "Ann"]


# -- entry by points ------------------------------------------------------------------------------


def test_a_points_game_takes_each_players_points():
    sheet = house(THREE, [went_out("Ann", Bob=17, Cara=4)])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 17, "Cara": 4}


@pytest.mark.parametrize("value", [10_001, -10_001, 10**20])
def test_points_are_whole_numbers_from_minus_10000_to_10000(value):
    hands = [went_out("Ann", Bob=1, Cara=1), went_out("Ann", Bob=1, Cara=1), went_out("Ann", Bob=value, Cara=1)]
    error = refused(THREE, hands)
    assert str(error) == "hand 3, Bob: points must be a whole number from -10000 to 10000"
    assert (error.field, error.code) == ("points", "out_of_bounds")


@pytest.mark.parametrize("value", ["7", 7.5, True, [7]])
def test_points_that_are_not_a_whole_number_are_refused(value):
    error = refused(THREE, [{"out": "Ann", "hands": {"Bob": {"points": value}, "Cara": {"points": 1}}}])
    assert error.field == "points" and error.message.startswith("points must be a whole number from -10000 to 10000")


def test_the_ends_of_the_points_bounds_are_taken():
    assert scores(house(THREE, [went_out("Ann", Bob=-10_000, Cara=10_000)]), 1) == {"Ann": 0, "Bob": -10_000,
                                                                                     "Cara": 10_000}


def test_negative_points_are_scored_as_given():
    sheet = house(THREE, [went_out("Ann", Bob=-25, Cara=5), went_out("Bob", Ann=-5, Cara=-5)], scoring="zero_sum")
    assert scores(sheet, 1) == {"Ann": -20, "Bob": 25, "Cara": -5}
    assert scores(sheet, 2) == {"Ann": 5, "Bob": -10, "Cara": 5}


def test_a_points_game_takes_no_cards_or_count():
    error = refused(THREE, [{"out": "Ann", "hands": {"Bob": counted(5), "Cara": {"points": 1}}}])
    assert (error.player, error.field) == ("Bob", "count")
    assert "this game is entered as points" in error.message


def test_a_player_without_points_is_asked_for():
    error = refused(THREE, [went_out("Ann", Bob=5)])
    assert (str(error), error.code) == ("hand 1: no input for Cara", "missing_input")


# -- entry by cards, the values table and the pack -----------------------------------------------------


def cards_game(hands: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return house(THREE, hands, entry="cards", **options)


def test_the_values_table_defaults_to_ace_1_pictures_and_ten_10_pips_face_joker_0():
    sheet = cards_game([{"out": "Ann", "hands": {"Bob": holding("AS KH QD JC 10S"), "Cara": holding("2C 9D")}}])
    assert sheet["options"]["values"] == {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0}
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 41, "Cara": 11}


def test_cards_count_by_the_tables_own_values():
    values = {"ace": 11, "pictures": 12, "ten": 5, "pips": 3, "joker": 50}
    sheet = cards_game([{"out": "Ann", "hands": {"Bob": holding("AS KH 10S"), "Cara": holding("2C 9D JK")}}],
                       values=values, jokers=1)
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 28, "Cara": 56}


def test_a_values_table_given_in_part_keeps_the_other_defaults():
    sheet = cards_game([{"out": "Ann", "hands": {"Bob": holding("AS 7C"), "Cara": counted(0)}}], values={"ace": 25})
    assert sheet["options"]["values"] == {"ace": 25, "pictures": 10, "ten": 10, "pips": "face", "joker": 0}
    assert scores(sheet, 1)["Bob"] == 32


def test_a_count_is_trusted_in_a_cards_game():
    sheet = cards_game([{"out": "Ann", "hands": {"Bob": counted(77), "Cara": holding("KS")}}])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 77, "Cara": 10}


@pytest.mark.parametrize("key", ["ace", "pictures", "ten", "pips", "joker"])
@pytest.mark.parametrize("value", [-1, 1001, "ten", 2.5, True])
def test_each_card_value_is_a_whole_number_from_0_to_1000(key, value):
    error = refused(THREE, entry="cards", values={key: value})
    assert (error.where, error.field, error.code) == ("options", f"values.{key}", "bad_option")
    assert error.message.startswith(f"values: {key} must be a whole number from 0 to 1000")


@pytest.mark.parametrize("key", ["ace", "pictures", "ten", "pips", "joker"])
@pytest.mark.parametrize("value", [0, 1000])
def test_the_ends_of_a_card_values_bounds_are_taken(key, value):
    assert house(THREE, entry="cards", values={key: value})["options"]["values"][key] == value


def test_only_the_pips_may_count_their_face():
    assert house(THREE, entry="cards", values={"pips": "face"})["options"]["values"]["pips"] == "face"
    error = refused(THREE, entry="cards", values={"ace": "face"})
    assert error.field == "values.ace"


def test_a_values_table_takes_no_other_key_and_is_an_object():
    error = refused(THREE, entry="cards", values={"queen": 12})
    # (a key beyond the groups is a rank, a card or a rank by colour: see test_house_extensions.py)
    assert (error.field, error.message) == ("values", 'values key "queen" is not a rank, a card or a colour')
    assert refused(THREE, entry="cards", values=[1, 10]).field == "values"


@pytest.mark.parametrize(("key", "low", "high"), [("decks", 1, 4), ("jokers", 0, 8)])
def test_decks_are_1_to_4_and_jokers_0_to_8(key, low, high):
    for value in (low, high):
        assert house(THREE, entry="cards", **{key: value})["options"][key] == value
    for value in (low - 1, high + 1):
        error = refused(THREE, entry="cards", **{key: value})
        assert (error.field, error.code) == (key, "bad_option")
        assert f"from {low} to {high}" in error.message or f"at most {high}" in error.message


def test_an_entry_holds_no_card_more_often_than_the_pack():
    hand = {"out": "Ann", "hands": {"Bob": holding("AS AS"), "Cara": holding("AS")}}
    error = refused(THREE, [hand], entry="cards", decks=2)
    assert (error.player, error.code) == ("Cara", "too_many_copies")
    assert "AS appears 3 times, but this game uses two decks" in error.message
    assert scores(cards_game([hand], decks=3), 1)["Bob"] == 2


def test_jokers_only_as_many_as_the_pack_has():
    no_jokers = refused(THREE, [{"out": "Ann", "hands": {"Bob": holding("JK"), "Cara": counted(0)}}], entry="cards")
    assert no_jokers.message == '"JK" is not a card in Our Marriage, which uses no jokers'
    two = {"out": "Ann", "hands": {"Bob": holding("JK JK"), "Cara": holding("JK")}}
    assert refused(THREE, [two], entry="cards", jokers=2).code == "too_many_copies"
    assert scores(cards_game([two], jokers=3, values={"joker": 20}), 1)["Cara"] == 20


def test_a_cards_game_takes_no_points():
    error = refused(THREE, [went_out("Ann", Bob=5, Cara=1)], entry="cards")
    assert (error.player, error.field) == ("Bob", "points")


# -- the three scoring modes ------------------------------------------------------------------------


def test_own_scoring_each_column_gets_its_own_entry():
    sheet = house(THREE, [went_out("Ann", Ann=3, Bob=17, Cara=4)])
    assert scores(sheet, 1) == {"Ann": 3, "Bob": 17, "Cara": 4}
    assert notes(sheet, 1) == "Ann went out; each player scores their own: Ann 3, Bob 17, Cara 4."


def test_own_scoring_may_have_nobody_out_and_then_every_player_gives_input():
    sheet = house(THREE, [went_out(None, Ann=3, Bob=17, Cara=4)])
    assert scores(sheet, 1) == {"Ann": 3, "Bob": 17, "Cara": 4}
    assert sheet["hands"][0]["winner"] is None and sheet["hands"][0]["kind"] == "nobody_out"
    assert notes(sheet, 1) == "Nobody went out; each player scores their own: Ann 3, Bob 17, Cara 4."
    error = refused(THREE, [went_out(None, Ann=3, Bob=17)])
    assert (error.code, error.player) == ("missing_input", "Cara")


def test_winner_takes_the_one_who_went_out_scores_the_others_sum_and_they_score_0():
    sheet = house(THREE, [went_out("Bob", Ann=12, Cara=30)], scoring="winner_takes")
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 42, "Cara": 0}
    assert notes(sheet, 1) == "Bob went out and takes what the others hold: Ann 12 + Cara 30 = 42; they score 0."


def test_zero_sum_each_other_player_pays_their_entry_to_the_one_who_went_out():
    sheet = house(THREE, [went_out("Bob", Ann=12, Cara=30)], scoring="zero_sum")
    assert scores(sheet, 1) == {"Ann": -12, "Bob": 42, "Cara": -30}
    assert sum(scores(sheet, 1).values()) == 0


@pytest.mark.parametrize("scoring", ["winner_takes", "zero_sum"])
def test_winner_takes_and_zero_sum_need_somebody_to_have_gone_out(scoring):
    error = refused(THREE, [went_out(None, Ann=1, Bob=2, Cara=3)], scoring=scoring)
    assert (error.hand, error.field) == (1, "out")
    assert error.message.startswith("say who went out")


@pytest.mark.parametrize(("scoring", "expected"), [
    ("own", {"Ann": 25, "Bob": 12, "Cara": 30}),
    ("winner_takes", {"Ann": 67, "Bob": 0, "Cara": 0}),
    ("zero_sum", {"Ann": 92, "Bob": -37, "Cara": -55}),
])
def test_the_going_out_bonus_goes_to_the_one_who_went_out_and_in_zero_sum_each_other_pays_it(scoring, expected):
    sheet = house(THREE, [went_out("Ann", Bob=12, Cara=30)], scoring=scoring, going_out_bonus=25)
    assert scores(sheet, 1) == expected


def test_a_zero_sum_bonus_is_noted_with_what_it_comes_to():
    sheet = house(THREE, [went_out("Ann", Bob=12, Cara=30)], scoring="zero_sum", going_out_bonus=25)
    assert sheet["hands"][0]["notes"][1] == "Going-out bonus: each other player pays Ann 25 more, 50 in all."


def test_no_bonus_with_nobody_out():
    assert scores(house(THREE, [went_out(None, Ann=1, Bob=2, Cara=3)], going_out_bonus=25), 1) == {
        "Ann": 1, "Bob": 2, "Cara": 3}


@pytest.mark.parametrize(("value", "ok"), [(-10_000, True), (10_000, True), (-10_001, False), (10_001, False),
                                           ("5", False)])
def test_the_going_out_bonus_is_a_whole_number_from_minus_10000_to_10000(value, ok):
    if ok:
        assert house(THREE, going_out_bonus=value)["options"]["going_out_bonus"] == value
    else:
        error = refused(THREE, going_out_bonus=value)
        assert (error.field, error.message) == (
            "going_out_bonus", "going_out_bonus must be a whole number from -10000 to 10000")


# -- the one who went out --------------------------------------------------------------------------


def test_in_a_cards_game_the_one_who_went_out_enters_nothing_or_0():
    ok = cards_game([{"out": "Ann", "hands": {"Ann": counted(0), "Bob": counted(5), "Cara": {}}}])
    assert scores(ok, 1) == {"Ann": 0, "Bob": 5, "Cara": 0}
    error = refused(THREE, [{"out": "Ann", "hands": {"Ann": holding("KS"), "Bob": counted(5), "Cara": counted(1)}}],
                    entry="cards")
    assert (error.player, error.message) == ("Ann", "Ann went out, so has no cards left and counts 0: leave their "
                                                    "input empty")


@pytest.mark.parametrize("scoring", ["winner_takes", "zero_sum"])
def test_in_a_points_game_scored_by_going_out_the_one_who_went_out_enters_nothing_or_0(scoring):
    assert scores(house(THREE, [went_out("Ann", Ann=0, Bob=5, Cara=1)], scoring=scoring), 1)["Ann"] == 6
    error = refused(THREE, [went_out("Ann", Ann=4, Bob=5, Cara=1)], scoring=scoring)
    assert error.player == "Ann" and "scores by the rules" in error.message


def test_in_own_scoring_with_points_the_one_who_went_out_counts_their_own_points_too():
    sheet = house(THREE, [went_out("Ann", Ann=-15, Bob=5, Cara=1), went_out("Bob", Ann=2, Cara=2)])
    assert scores(sheet, 1) == {"Ann": -15, "Bob": 5, "Cara": 1}
    assert scores(sheet, 2) == {"Ann": 2, "Bob": 0, "Cara": 2}


# -- winning and ending --------------------------------------------------------------------------


#: who went out and every player's points, hand by hand; the scores each mode makes of them:
#:   own           0 10 20 |  5  0 15 | 30 25  0 |  0 40 10   totals 35 75 45
#:   winner_takes 30  0  0 |  0 20  0 |  0  0 55 | 50  0  0   totals 80 20 55
#:   zero_sum     30 -10 -20 | -5 20 -15 | -30 -25 55 | 50 -40 -10   totals 45 -55 10
HANDS = [went_out("Ann", Bob=10, Cara=20), went_out("Bob", Ann=5, Cara=15),
         went_out("Cara", Ann=30, Bob=25), went_out("Ann", Bob=40, Cara=10)]
TOTALS = {
    "own": [(0, 10, 20), (5, 10, 35), (35, 35, 35), (35, 75, 45)],
    "winner_takes": [(30, 0, 0), (30, 20, 0), (30, 20, 55), (80, 20, 55)],
    "zero_sum": [(30, -10, -20), (25, 10, -35), (-5, -15, 20), (45, -55, 10)],
}
#: the hands of the elimination games (out at 40, lowest wins): each mode's own way to a last player left
ELIMINATION = {
    "own": (HANDS, {"Bob": 4, "Cara": 4}, ["Ann"], (35, 75, 45)),
    "winner_takes": ([*HANDS[:3], went_out("Bob", Ann=25)], {"Cara": 3, "Bob": 4}, ["Ann"], (30, 45, 55)),
    "zero_sum": ([*HANDS, went_out("Cara", Bob=30)], {"Ann": 4, "Cara": 5}, ["Bob"], (45, -85, 40)),
}


def as_totals(sheet: dict[str, Any], number: int | None = None) -> tuple[Any, ...]:
    return tuple(totals(sheet, number).values())


@pytest.mark.parametrize("scoring", list(TOTALS))
def test_each_scoring_mode_adds_up_hand_by_hand(scoring):
    sheet = house(THREE, HANDS, scoring=scoring)
    assert [as_totals(sheet, n) for n in range(1, 5)] == TOTALS[scoring]
    assert not sheet["finished"]


@pytest.mark.parametrize(("scoring", "ends_after", "winners"), [
    ("own", 4, ["Bob"]), ("winner_takes", 3, ["Cara"]), ("zero_sum", 4, ["Ann"]),
])
def test_each_scoring_mode_with_a_target_ends_after_the_hand_a_total_reaches_it(scoring, ends_after, winners):
    sheet = house(THREE, HANDS[:ends_after], scoring=scoring, target=40, lowest_wins=False)
    assert sheet["finished"] and sheet["winners"] == winners and sheet["next"] is None
    assert as_totals(sheet) == TOTALS[scoring][ends_after - 1]
    assert rejected("house", THREE, [*HANDS[:ends_after], went_out("Bob", Ann=1, Cara=1)],
                    options={**POINTS_OWN, "scoring": scoring, "target": 40, "lowest_wins": False}).code == "game_over"


@pytest.mark.parametrize(("scoring", "winners"), [
    ("own", ["Ann", "Bob", "Cara"]), ("winner_takes", ["Cara"]), ("zero_sum", ["Cara"]),
])
def test_each_scoring_mode_with_a_number_of_deals_ends_after_the_last_deal(scoring, winners):
    sheet = house(THREE, HANDS[:3], scoring=scoring, deals=3, lowest_wins=False)
    assert sheet["finished"] and sheet["winners"] == winners  # own: 35 each, the win is shared
    assert not house(THREE, HANDS[:2], scoring=scoring, deals=3, lowest_wins=False)["finished"]


@pytest.mark.parametrize("scoring", list(ELIMINATION))
def test_each_scoring_mode_with_elimination_plays_to_the_last_player_left(scoring):
    hands, eliminated, winners, final = ELIMINATION[scoring]
    sheet = house(THREE, hands, scoring=scoring, eliminate_at=40)
    assert sheet["finished"] and sheet["winners"] == winners
    assert sheet["eliminated"] == eliminated
    assert as_totals(sheet) == final
    assert not house(THREE, hands[:-1], scoring=scoring, eliminate_at=40)["finished"]


@pytest.mark.parametrize(("scoring", "winners"), [("own", ["Ann"]), ("winner_takes", ["Bob"]), ("zero_sum", ["Bob"])])
def test_each_scoring_mode_open_ended_plays_until_the_table_ends_it(scoring, winners):
    playing = house(THREE, HANDS, scoring=scoring)
    assert not playing["finished"] and playing["next"]["hand"] == 5
    sheet = house(THREE, HANDS, scoring=scoring, ended=True)
    assert sheet["finished"] and sheet["ended_by_agreement"] and sheet["winners"] == winners
    assert sheet["options"]["target"] is sheet["options"]["deals"] is sheet["options"]["eliminate_at"] is None


def test_lowest_or_highest_total_wins_as_the_table_says():
    assert house(THREE, HANDS, ended=True, lowest_wins=True)["winners"] == ["Ann"]
    assert house(THREE, HANDS, ended=True, lowest_wins=False)["winners"] == ["Bob"]
    assert house(THREE, HANDS)["lowest_wins"] is True
    assert house(THREE, HANDS, lowest_wins=False)["lowest_wins"] is False


def test_ties_share_the_win():
    sheet = house(THREE, HANDS[:3], ended=True)
    assert sheet["winners"] == ["Ann", "Bob", "Cara"]


def test_ended_before_any_hand_there_are_no_winners():
    assert house(THREE, ended=True)["winners"] == []


def test_an_eliminated_player_takes_no_input():
    hands = [went_out("Ann", Bob=45, Cara=1), went_out("Cara", Ann=1, Bob=0)]
    error = refused(THREE, hands, eliminate_at=40)
    assert error.player == "Bob" and "is out of the game since hand 1" in error.message


def test_players_crossing_the_limit_together_the_lowest_of_them_wins_as_in_tunk():
    sheet = house(["Ann", "Bob"], [went_out("Ann", Ann=45, Bob=50)], eliminate_at=40)
    assert sheet["finished"] and sheet["winners"] == ["Ann"]
    assert sheet["eliminated"] == {"Bob": 1}
    assert "Everyone still in reached 40: the lowest total, Ann, wins." in notes(sheet, 1)


def test_deals_with_a_target_end_at_whichever_comes_first():
    assert house(THREE, HANDS[:2], deals=2, target=500)["finished"]
    sheet = house(THREE, HANDS[:3], scoring="winner_takes", deals=10, target=50)
    assert sheet["finished"] and sheet["winners"] == ["Bob"]  # Cara's 55 reached 50: Bob's 20 is lowest


def test_deals_with_elimination_end_at_whichever_comes_first():
    sheet = house(THREE, HANDS[:2], deals=2, eliminate_at=40)
    assert sheet["finished"] and sheet["eliminated"] == {} and sheet["winners"] == ["Ann"]
    early = house(THREE, HANDS, deals=10, eliminate_at=40)
    assert early["finished"] and early["winners"] == ["Ann"]


def test_elimination_needs_lowest_wins():
    error = refused(THREE, eliminate_at=100, lowest_wins=False)
    assert (error.where, error.field, error.code) == ("options", "eliminate_at", "bad_option")
    assert error.message.startswith("eliminate_at needs lowest_wins")


def test_elimination_does_not_go_with_a_target():
    error = refused(THREE, eliminate_at=100, target=200)
    assert (error.field, error.code) == ("eliminate_at", "bad_option")
    assert "cannot both end the game" in error.message


@pytest.mark.parametrize(("key", "low", "high"), [("target", 1, 100_000), ("deals", 1, 100),
                                                  ("eliminate_at", 1, 100_000)])
def test_the_endings_are_bounded(key, low, high):
    assert house(THREE, **{key: high})["options"][key] == high
    assert house(THREE, **{key: low})["options"][key] == low
    for value in (low - 1, high + 1, "10"):
        error = refused(THREE, **{key: value})
        assert (error.field, error.code) == (key, "bad_option")
        assert f"at most {high}" in error.message


def test_the_goal_says_how_the_game_ends_and_who_wins():
    assert house(THREE)["guide"]["goal"] == "Play until you agree to stop; lowest wins"
    assert house(THREE, target=300, lowest_wins=False)["guide"]["goal"] == "Game to 300; highest wins"
    assert house(THREE, deals=8, eliminate_at=101)["guide"]["goal"] == (
        "Out at 101; last player left wins; at most 8 deals; lowest wins")
    assert house(THREE, deals=8)["guide"]["goal"] == "8 deals; lowest wins"
    assert house(THREE, eliminate_at=101)["guide"]["limit"] == {"label": "Out at", "value": 101}


def test_the_how_to_says_the_entry_and_the_scoring_in_words():
    assert house(THREE)["guide"]["how_to"] == (
        "Tap who went out (or nobody); type each player's points (below 0 for points off), the one who went out "
        "too if they score. Scoring: each player scores their own hand.")
    how_to = play("house", THREE, options=EXAMPLE)["guide"]["how_to"]
    assert "A 15, K Q J 10, 10 10, 2-9 their pips, joker 25" in how_to
    assert "zero_sum" not in house(THREE, scoring="zero_sum")["guide"]["how_to"]


def test_a_house_game_counts_its_eliminations_as_a_moment():
    sheet = house(THREE, HANDS, eliminate_at=40)
    assert sheet["hands"][3]["moments"] == {"Bob": ["eliminated"], "Cara": ["eliminated"]}


def test_a_full_cards_game_with_its_own_values_to_a_target():
    values = {"ace": 15, "pictures": 10, "ten": 10, "pips": 5, "joker": 50}
    hands = [
        {"out": "Ann", "hands": {"Bob": holding("AS KH 3D"), "Cara": holding("JK 2C")}},  # Bob 30, Cara 55
        {"out": "Cara", "hands": {"Ann": counted(12), "Bob": holding("10S 10H AS")}},  # Bob 35
        {"out": "Bob", "hands": {"Ann": holding("AD AH AC AS"), "Cara": counted(0)}},  # Ann 60
    ]
    sheet = play("house", THREE, hands, options={"name": "Loba", "entry": "cards", "values": values, "decks": 2,
                                                 "jokers": 4, "scoring": "own", "lowest_wins": True, "target": 70})
    assert [as_totals(sheet, n) for n in (1, 2, 3)] == [(0, 30, 55), (12, 65, 55), (72, 65, 55)]
    assert sheet["finished"] and sheet["winners"] == ["Cara"]


# -- what the app reads: the catalogue, the entry per options, the effective options -------------------


#: the out player's typed bonus, offered in every entry mode (see test_house_extensions.py)
BONUS = ("bonus", "only", -10_000)


def catalogue_entry() -> dict[str, Any]:
    return next(v for v in variants() if v["key"] == "house")


def test_the_catalogue_lists_house_as_a_game_the_table_defines():
    entry = catalogue_entry()
    assert entry["defined_by_table"] is True
    assert (entry["min_players"], entry["max_players"]) == (2, 10)
    assert entry["cards_each"] == {}
    required = [o["key"] for o in entry["options"] if o["required"]]
    assert required == ["name", "entry", "scoring", "lowest_wins"]
    assert all(not v["defined_by_table"] for v in variants() if v["key"] != "house")


def test_the_catalogue_gives_every_house_option_its_words_and_bounds():
    options = {o["key"]: o for o in catalogue_entry()["options"]}
    assert options["scoring"]["labels"] == ["Each player scores their own hand",
                                            "Whoever goes out scores what the others hold; they score 0",
                                            "Each other player pays what they hold to whoever went out",
                                            "The lowest hand scores what each other hand holds more than it; "
                                            "the others 0"]
    assert options["lowest_wins"]["labels"] == ["Lowest total wins", "Highest total wins"]
    assert (options["name"]["type"], options["name"]["minimum"], options["name"]["maximum"]) == ("text", 1, 40)
    values = options["values"]
    assert values["type"] == "table" and values["when"] == {"option": "entry", "value": "cards",
                                                            "values": ["cards", "meld_minus_hand"]}
    assert [(p["key"], p["default"], p["minimum"], p["maximum"]) for p in values["parts"]] == [
        ("ace", 1, 0, 1000), ("pictures", 10, 0, 1000), ("ten", 10, 0, 1000), ("pips", "face", 0, 1000),
        ("joker", 0, 0, 1000)]
    assert values["parts"][3]["also"] == ["face"]
    assert (options["going_out_bonus"]["minimum"], options["going_out_bonus"]["maximum"]) == (-10_000, 10_000)
    assert (options["deals"]["maximum"], options["cards_each"]["maximum"]) == (100, 30)
    assert [o["key"] for o in options.values() if o["group"] == "How the game ends"] == [
        "target", "deals", "eliminate_at", "reentries"]


def test_the_catalogue_entry_lists_every_input_a_house_game_may_take():
    entry = catalogue_entry()["entry"]
    assert entry["inputs"] == ["points", "count", "cards", "melded", "left", "bonus"]
    assert entry["out_may_be_null"] is True


@pytest.mark.parametrize(("options", "fields", "out_may_be_null"), [
    ({"entry": "points", "scoring": "own"}, [("points", "optional", -10_000), BONUS], True),
    ({"entry": "points", "scoring": "winner_takes"}, [("points", "none", -10_000), BONUS], False),
    ({"entry": "points", "scoring": "zero_sum"}, [("points", "none", -10_000), BONUS], False),
    ({"entry": "cards", "scoring": "own"}, [("count", "none", 0), ("cards", "none", None), BONUS], True),
])
def test_a_house_games_fields_follow_its_entry_and_scoring(options, fields, out_may_be_null):
    effective = options_of("house", {**POINTS_OWN, **options})
    entry = entry_of("house", effective)
    assert [(f["key"], f["out"], f["minimum"]) for f in entry["fields"]] == fields
    assert entry["out_may_be_null"] is out_may_be_null
    assert entry["no_out_label"] == ("Nobody went out" if out_may_be_null else None)


def test_the_effective_options_hold_the_whole_definition():
    assert options_of("house", POINTS_OWN) == {
        "name": "Our Marriage", "entry": "points",
        "values": {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0}, "decks": 1, "jokers": 0,
        "scoring": "own", "going_out_bonus": 0, "lowest_wins": True, "target": None, "deals": None,
        "eliminate_at": None, "cards_each": None,
        # the extensions' options, at their defaults (today's behaviour): see test_house_extensions.py
        "one_go_multiplier": 1, "one_go_bonus": None, "reentries": 0, "instant_win": False, "schedule": None,
    }
    with pytest.raises(InvalidEntry) as caught:
        options_of("house", {**POINTS_OWN, "target": 0})
    assert caught.value.field == "target"


def test_the_full_definition_replays_the_same_sheet():
    sheet = house(THREE, HANDS, scoring="zero_sum", deals=9)
    again = replay({"variant": "house", "players": THREE, "options": sheet["options"], "hands": HANDS})
    assert again == sheet


def test_a_preview_counts_cards_by_the_values_table():
    from scorekeeper.engine import parse_cards
    from scorekeeper.engine.games import get_variant

    options = options_of("house", EXAMPLE)
    assert get_variant("house").preview(parse_cards("AS 9H JK"), options) == {"value": 49}
