"""Sides (partnerships) in the engine: SCORING.md section 3 "Sides", and section 4's invalid headers.

A small fake variant, registered for each test, stands for any game played
in sides (Canasta is one): at 4 players sides of two, at 6 sides of three or
of two, at 8 sides of four or of two; at 2, 3 or 5 each player for
themselves.  Each side enters ``points`` (required, a multiple of 10) and
``bonus`` (100 each); a side scores them less its players' cards left.
"""

from __future__ import annotations

import json

import pytest
from helpers import counted, log, play, rejected

from scorekeeper.engine import Replay, opposite_sides, side_name, variants
from scorekeeper.engine.declare import REENTER, Field, Sides
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.base import Hand, HandResult, PlayedInSides, Score, Variant
from scorekeeper.engine.options import reentries, target

FOUR = ["Ann", "Bob", "Cara", "Dan"]
SIX = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]
EIGHT = [*SIX, "Gus", "Hal"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]


class Pairs(PlayedInSides):
    """A test game in sides."""

    key = "pairs"
    name = "Pairs"
    summary = "A test game."
    min_players, max_players = 2, 8
    sides = Sides({4: (2,), 6: (3, 2), 8: (4, 2)})
    side_fields = (
        Field("points", "count", "Points", "the side's points", maximum=500, step=10, required=True),
        Field("bonus", "count", "Bonuses", "100 each", maximum=3),
    )
    options = (target(300),)
    out_may_be_null = True

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def score(self, hand: Hand) -> HandResult:
        scores: dict[str, Score] = {}
        details = {}
        for side, given in hand.side_inputs.items():
            left = sum(hand.inputs[p].count or 0 for p in hand.sides[side] if p in hand.inputs)
            scores[side] = given["points"] + 100 * given["bonus"] - left
            details[side] = {"value": scores[side], "left": left}
        return HandResult(scores, [f"{side} {score}" for side, score in scores.items()], details,
                          winner=max(scores, key=lambda side: scores[side]),
                          moments={hand.out: ["went_out"]} if hand.out else {})


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(VARIANTS, Pairs.key, Pairs())


def side(points: int, bonus: int | None = None) -> dict:
    return {"points": points} if bonus is None else {"points": points, "bonus": bonus}


def entry(out, sides, **hands):
    return {"out": out, "sides": sides, "hands": hands}


def four(*hands, **header):
    return play("pairs", FOUR, list(hands), sides=header.pop("sides", PARTNERS), **header)


def refused_header(players, sides, variant="pairs"):
    error = rejected(variant, players, sides=sides)
    assert (error.hand, error.where, error.player) == (None, "sides", None)
    assert str(error).startswith("sides: ")
    return error


# -- the header: who partners whom -----------------------------------------------------------


def test_a_side_is_named_by_its_players_in_seat_order_joined_by_an_ampersand():
    sheet = four(sides=[["Cara", "Ann"], ["Dan", "Bob"]])
    assert sheet["sides"] == ["Ann & Cara", "Bob & Dan"]
    assert sheet["side_players"] == {"Ann & Cara": ["Ann", "Cara"], "Bob & Dan": ["Bob", "Dan"]}
    assert side_name(["Ann", "Cara"]) == "Ann & Cara"


def test_sides_are_listed_in_the_seat_order_of_their_first_player_and_seat_order_stays_the_players():
    sheet = play("pairs", SIX, sides=[["Cara", "Fay"], ["Bob", "Eve"], ["Dan", "Ann"]])
    assert sheet["sides"] == ["Ann & Dan", "Bob & Eve", "Cara & Fay"]
    assert sheet["players"] == SIX
    assert list(sheet["totals"]) == sheet["sides"]


def test_six_players_may_sit_in_two_sides_of_three_partners_every_second_seat():
    sheet = play("pairs", SIX, sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    assert sheet["sides"] == ["Ann & Cara & Eve", "Bob & Dan & Fay"]


def test_eight_players_in_sides_of_four_or_of_two():
    assert play("pairs", EIGHT, sides=opposite_sides(EIGHT, 4))["sides"] == [
        "Ann & Cara & Eve & Gus", "Bob & Dan & Fay & Hal"]
    assert play("pairs", EIGHT, sides=opposite_sides(EIGHT, 2))["sides"] == [
        "Ann & Eve", "Bob & Fay", "Cara & Gus", "Dan & Hal"]


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cara"], SIX[:5]])
def test_where_a_variant_scores_sides_and_the_log_has_none_each_player_is_a_side_of_one(players):
    sheet = play("pairs", players)
    assert sheet["sides"] == players
    assert sheet["side_players"] == {p: [p] for p in players}
    assert sheet["totals"] == dict.fromkeys(players, 0)


@pytest.mark.parametrize("variant", [v for v in variants() if v["sides"] is None], ids=lambda v: v["key"])
def test_a_variant_not_in_sides_has_null_sides_and_side_players_in_its_sheet(variant):
    defined = {"name": "Loba", "entry": "points", "scoring": "own", "lowest_wins": True}  # a game the table defines
    sheet = play(variant["key"], SIX[:variant["min_players"]], options=defined if variant["defined_by_table"] else None)
    assert (sheet["sides"], sheet["side_players"]) == (None, None)


def test_sides_null_is_no_header():
    assert play("gin", ["Ann", "Bob"], sides=None)["sides"] is None
    assert play("pairs", ["Ann", "Bob"], sides=None)["sides"] == ["Ann", "Bob"]


def test_a_variant_that_is_not_played_in_sides_refuses_a_sides_header():
    error = refused_header(["Ann", "Bob"], [["Ann"], ["Bob"]], variant="gin")
    assert str(error) == "sides: Gin Rummy is not played in sides"
    assert error.code == "not_in_sides"


def test_at_a_number_of_players_not_played_in_sides_the_header_is_refused():
    error = refused_header(["Ann", "Bob", "Cara"], [["Ann", "Bob", "Cara"]])
    assert error.message == "Pairs is played in sides only with 4, 6 or 8 players; with 3 each player plays for themselves"
    assert error.code == "no_sides_for_players"


def test_sides_are_required_where_the_game_is_played_in_sides():
    error = rejected("pairs", FOUR)
    assert (error.where, error.code) == ("sides", "sides_missing")
    assert error.message == "Pairs with 4 players is played in sides of 2: say who partners whom (partners sit opposite)"
    assert rejected("pairs", SIX).message.startswith("Pairs with 6 players is played in sides of 3 or 2:")


def test_partners_sitting_side_by_side_are_refused_as_the_rule_book_says():
    error = refused_header(FOUR, [["Ann", "Bob"], ["Cara", "Dan"]])
    assert str(error) == "sides: Ann and Bob sit side by side, but partners sit opposite"
    assert error.code == "partners_not_opposite"
    # The last seat and the first sit side by side too.
    assert refused_header(FOUR, [["Ann", "Dan"], ["Bob", "Cara"]]).message.startswith("Ann and Dan sit side by side")


def test_partners_sit_s_seats_apart_with_s_sides():
    error = refused_header(SIX, [["Ann", "Cara"], ["Bob", "Eve"], ["Dan", "Fay"]])
    assert error.message == "Ann and Cara sit 2 seats apart, but partners sit opposite"
    error = refused_header(SIX, [["Ann", "Bob", "Cara"], ["Dan", "Eve", "Fay"]])
    assert error.message == "Ann and Bob sit side by side, but partners sit 2 seats apart"


@pytest.mark.parametrize(
    ("sides", "code", "message"),
    [
        ([["Ann", "Cara"], ["Bob", "Zed"]], "not_a_player", '"Zed" is not a player in this game'),
        ([["Ann", "Cara"], ["Bob", "Ann"]], "named_twice", "Ann is named twice; each player is on exactly one side"),
        ([["Ann", "Ann"], ["Bob", "Dan"]], "named_twice", "Ann is named twice; each player is on exactly one side"),
        ([["Ann", "Cara"], ["Bob"]], "not_on_a_side", "Dan is on no side; each player is on exactly one"),
        ([["Ann", "Cara", "Bob"], ["Dan"]], "bad_side_size", "a side has at least 2 players (Dan is alone)"),
        ([["Ann"], ["Bob"], ["Cara"], ["Dan"]], "bad_side_size", "a side has at least 2 players (Ann is alone)"),
        ([["Ann", "Cara", "Bob", "Dan"], []], "bad_side_size", "a side has at least 2 players"),
        ([["Ann", "Bob", "Cara", "Dan"]], "bad_side_size", "Pairs with 4 players is played in sides of 2, not 4"),
        ("Ann & Cara", "bad_sides", 'sides must list each side\'s players, like [["Ann", "Cara"], ["Bob", "Dan"]]'),
        ([["Ann", "Cara"], "Bob & Dan"], "bad_sides",
         'sides must list each side\'s players, like [["Ann", "Cara"], ["Bob", "Dan"]]'),
        ([["Ann", "Cara"], ["Bob", 4]], "bad_sides",
         'sides must list each side\'s players, like [["Ann", "Cara"], ["Bob", "Dan"]]'),
        ({"Ann & Cara": ["Ann", "Cara"]}, "bad_sides",
         'sides must list each side\'s players, like [["Ann", "Cara"], ["Bob", "Dan"]]'),
    ],
)
def test_every_player_is_on_exactly_one_side_of_two_or_more(sides, code, message):
    error = refused_header(FOUR, sides)
    assert (error.code, error.message) == (code, message)


def test_every_side_has_the_same_number_of_players():
    error = refused_header(SIX, [["Ann", "Cara", "Eve", "Bob"], ["Dan", "Fay"]])
    assert (error.code, error.message) == ("bad_side_size", "every side has the same number of players, not 4 and 2")


def test_a_side_size_the_variant_does_not_take_at_that_count_is_refused():
    error = refused_header(SIX, [SIX])
    assert error.message == "Pairs with 6 players is played in sides of 3 or 2, not 6"


@pytest.mark.parametrize("sides", [[["Ann"]] * 10_000, [["Ann", "Cara"], ["Bob", "Dan"] * 5_000], [[]] * 5])
def test_a_sides_header_past_the_players_is_refused_before_it_is_read_through(sides):
    error = refused_header(FOUR, sides)
    assert error.code in ("out_of_bounds", "bad_side_size")
    assert len(str(error)) < 120


def test_a_long_name_in_sides_is_quoted_cut_short():
    error = refused_header(FOUR, [["Ann", "x" * 5000], ["Bob", "Dan"]])
    assert error.code == "not_a_player" and len(str(error)) < 100


def test_two_sides_that_would_have_the_same_name_are_refused():
    error = refused_header(["A & B", "A", "C", "B & C"], [["A & B", "C"], ["A", "B & C"]])
    assert error.code == "same_name" and '"A & B & C"' in error.message


def test_opposite_sides_seats_partners_opposite_in_the_order_given():
    assert opposite_sides(FOUR, 2) == PARTNERS
    assert opposite_sides(SIX, 3) == [["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]]
    assert opposite_sides(SIX, 2) == [["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]]


# -- the entry: each side's input ------------------------------------------------------------------


def test_scores_totals_details_and_winners_are_keyed_by_side_players_dealer_and_out_stay_players():
    sheet = four(entry("Bob", {"Ann & Cara": side(200, 1), "Bob & Dan": side(100)},
                       Ann=counted(5), Cara=counted(10), Dan=counted(20)),
                 ended=True)
    (row,) = sheet["hands"]
    assert row["scores"] == row["totals"] == sheet["totals"] == {"Ann & Cara": 285, "Bob & Dan": 80}
    assert row["details"] == {"Ann & Cara": {"value": 285, "left": 15}, "Bob & Dan": {"value": 80, "left": 20}}
    assert (row["dealer"], row["out"], row["winner"]) == ("Ann", "Bob", "Ann & Cara")
    assert row["moments"] == {"Bob": ["went_out"]}
    assert sheet["winners"] == ["Ann & Cara"]
    assert sheet["players"] == FOUR and sheet["next"] is None
    assert sheet["eliminated"] == {}


def test_each_player_a_side_of_one_enters_under_their_own_name():
    sheet = play("pairs", ["Ann", "Bob"], [entry("Ann", {"Ann": side(50), "Bob": side(30)}, Bob=counted(7))])
    assert sheet["totals"] == {"Ann": 50, "Bob": 23}


def test_every_side_needs_its_input():
    error = rejected("pairs", FOUR, [entry("Ann", {"Ann & Cara": side(10)}, Bob=counted(1), Cara=counted(1),
                                           Dan=counted(1))], sides=PARTNERS)
    assert str(error) == "hand 1: no input for Bob & Dan"
    assert (error.player, error.code) == ("Bob & Dan", "missing_input")
    error = rejected("pairs", FOUR, [{"out": "Ann", "hands": {"Bob": {}, "Cara": {}, "Dan": {}}}], sides=PARTNERS)
    assert (error.player, error.code) == ("Ann & Cara", "missing_input")


def test_a_side_not_in_the_game_is_refused_naming_the_sides():
    error = rejected("pairs", FOUR, [entry("Ann", {"Ann & Cara": side(10), "Bob & Dan": side(10),
                                                   "Ann & Bob": side(10)}, Bob={}, Cara={}, Dan={})], sides=PARTNERS)
    assert str(error) == 'hand 1: "Ann & Bob" is not a side in this game (sides: Ann & Cara, Bob & Dan)'
    assert (error.field, error.code) == ("sides", "not_a_side")


def test_a_sides_input_left_out_counts_0_but_a_required_one_is_needed():
    sheet = four(entry(None, {"Ann & Cara": side(10), "Bob & Dan": side(0)}))
    assert sheet["totals"] == {"Ann & Cara": 10, "Bob & Dan": 0}
    error = rejected("pairs", FOUR, [entry(None, {"Ann & Cara": {"bonus": 1}, "Bob & Dan": side(0)})],
                     sides=PARTNERS)
    assert str(error) == "hand 1, Ann & Cara: points is needed from every side (0 if none)"
    assert (error.player, error.field, error.code) == ("Ann & Cara", "points", "missing_input")


@pytest.mark.parametrize(
    ("given", "field", "code", "message"),
    [
        ({"points": 510}, "points", "out_of_bounds", "points must be a whole number from 0 to 500, not 510"),
        ({"points": -10}, "points", "out_of_bounds", "points must be a whole number from 0 to 500, not -10"),
        ({"points": 10**400}, "points", "out_of_bounds", "points must be a whole number from 0 to 500, not a number "
                                                        "of 401 digits"),
        ({"points": 10, "bonus": 4}, "bonus", "out_of_bounds", "bonus must be a whole number from 0 to 3, not 4"),
        ({"points": 25}, "points", "not_a_multiple", "points must be a multiple of 10"),
        ({"points": "20"}, "points", "invalid_entry", "points '20' is not a whole number"),
        ({"points": 20.0}, "points", "invalid_entry", "points 20.0 is not a whole number"),
        ({"points": True}, "points", "invalid_entry", "points True is not a whole number"),
        ({"points": 20, "meld": 5}, "sides", "invalid_entry", "'meld' is not a side's input here (give points, bonus)"),
        ([20], "sides", "invalid_entry", "give the side's points, bonus"),
    ],
)
def test_a_sides_input_is_whole_numbers_within_the_fields_bounds(given, field, code, message):
    error = rejected("pairs", FOUR, [entry(None, {"Ann & Cara": side(0), "Bob & Dan": given})], sides=PARTNERS)
    assert (error.hand, error.player, error.field, error.code) == (1, "Bob & Dan", field, code)
    assert error.message == message
    assert str(error) == f"hand 1, Bob & Dan: {message}"


def test_sides_in_an_entry_is_an_object_of_the_sides():
    error = rejected("pairs", FOUR, [entry(None, [side(0), side(0)])], sides=PARTNERS)
    assert (error.field, error.message) == ("sides", "sides must map each side's name to its input")


def test_an_entry_of_a_game_not_in_sides_refuses_a_sides_input():
    error = rejected("gin", ["Ann", "Bob"], [{"out": "Ann", "sides": {}, "hands": {"Ann": counted(0),
                                                                                    "Bob": counted(9)}}])
    assert error.hand == 1 and "'sides' is not part of a Gin Rummy entry" in error.message


# -- the end --------------------------------------------------------------------------------------------


def test_the_game_ends_after_the_hand_in_which_a_side_reaches_the_target():
    hand = entry(None, {"Ann & Cara": side(160), "Bob & Dan": side(150)})
    sheet = four(hand, hand)
    assert sheet["totals"] == {"Ann & Cara": 320, "Bob & Dan": 300}
    assert sheet["finished"] and sheet["winners"] == ["Ann & Cara"]


def test_sides_level_at_the_top_share_the_win():
    hand = entry(None, {"Ann & Cara": side(150), "Bob & Dan": side(150)})
    assert four(hand, hand)["winners"] == ["Ann & Cara", "Bob & Dan"]


def test_ended_by_agreement_the_highest_side_wins():
    sheet = four(entry(None, {"Ann & Cara": side(10), "Bob & Dan": side(20)}), ended=True)
    assert sheet["finished"] and sheet["winners"] == ["Bob & Dan"]
    assert four(ended=True)["winners"] == []


def test_the_next_deal_names_a_player_and_passes_left():
    sheet = four(entry(None, {"Ann & Cara": side(10), "Bob & Dan": side(20)}))
    assert sheet["next"]["dealer"] == "Bob"


def test_going_on_by_one_hand_gives_the_sheet_of_the_longer_log():
    hands = [entry("Ann", {"Ann & Cara": side(10 * n), "Bob & Dan": side(0)}, Bob=counted(n), Cara={}, Dan={})
             for n in range(1, 4)]
    game = log("pairs", FOUR, hands, sides=PARTNERS)
    resumed = Replay.of({**game, "hands": hands[:2]}).after(hands[2])
    assert json.dumps(resumed.sheet(), sort_keys=True) == json.dumps(Replay.of(game).sheet(), sort_keys=True)


def test_a_refused_hand_of_a_game_in_sides_changes_nothing():
    game = Replay.of(log("pairs", FOUR, [entry(None, {"Ann & Cara": side(10), "Bob & Dan": side(20)})],
                         sides=PARTNERS))
    before = json.dumps(game.sheet(), sort_keys=True)
    with pytest.raises(ValueError):
        game.play(entry(None, {"Ann & Cara": side(15), "Bob & Dan": side(20)}))
    assert json.dumps(game.sheet(), sort_keys=True) == before


# -- the declaration and the catalogue --------------------------------------------------------------


def test_the_catalogue_gives_the_side_sizes_by_player_count_and_the_side_fields():
    pairs = Pairs().catalogue()
    assert pairs["sides"] == {"4": [2], "6": [3, 2], "8": [4, 2]}
    assert pairs["player_counts"] == list(range(2, 9))
    points, bonus = pairs["entry"]["side_fields"]
    assert points == {"key": "points", "kind": "count", "label": "Points", "help": "the side's points", "out": "none",
                      "pair": None, "minimum": 0, "maximum": 500, "step": 10, "required": True,
                      "numbered_by": None, "among": None}
    assert (bonus["key"], bonus["maximum"], bonus["step"], bonus["required"]) == ("bonus", 3, 1, False)
    assert "sides" in pairs["entry"]["keys"]


def test_the_catalogue_of_a_variant_not_in_sides_says_so():
    gin = next(v for v in variants() if v["key"] == "gin")
    assert (gin["sides"], gin["entry"]["side_fields"]) == (None, [])
    assert "sides" not in gin["entry"]["keys"]


def test_the_sides_record_refuses_sizes_that_cannot_seat_the_players():
    with pytest.raises(ValueError):
        Sides({4: (3,)})
    with pytest.raises(ValueError):
        Sides({4: (1,)})
    with pytest.raises(ValueError):
        Sides({4: (4,)})
    assert Sides({4: (2,)}).sizes_for(4) == (2,) and Sides({4: (2,)}).sizes_for(5) == ()


def test_a_variant_in_sides_is_a_played_in_sides_with_whole_number_side_fields_and_no_reentries():
    with pytest.raises(TypeError, match="PlayedInSides"):
        type("Loose", (Variant,), {"sides": Sides({4: (2,)})})
    with pytest.raises(TypeError, match="whole numbers"):
        type("Carded", (PlayedInSides,), {"sides": Sides({4: (2,)}),
                                          "side_fields": (Field("cards", "cards", "Cards"),)})
    with pytest.raises(TypeError, match="a game in sides takes no re-entries"):
        type("Back", (PlayedInSides,), {"sides": Sides({4: (2,)}), "choices": (REENTER,), "options": (reentries(1),)})
