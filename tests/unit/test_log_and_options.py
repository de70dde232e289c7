"""The game log, the sheet, invalid entries and options (SCORING.md sections 3, 4, 6)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import counted, dealers, holding, log, out, play, rejected, scores, totals
from registry_kit import definitions

from scorekeeper.engine import InvalidEntry, opposite_sides, replay, variants
from scorekeeper.engine.games import register, unregister
from scorekeeper.engine.games.canasta import Canasta

# key -> (min players, max players, cards each by player count)
STANDARD_DEAL = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
VARIANT_FACTS = {
    "basic": (2, 6, STANDARD_DEAL),
    "block": (2, 6, STANDARD_DEAL),
    "boathouse": (2, 6, STANDARD_DEAL),
    "contract": (3, 8, {n: 10 for n in range(3, 9)}),
    "knock": (2, 6, {2: 10, 3: 7, 4: 7, 5: 5, 6: 5}),
    "tunk": (2, 5, {n: 7 for n in range(2, 6)}),
    "gin": (2, 2, {2: 10}),
    "oklahoma-gin": (2, 2, {2: 10}),
    "corner-gin": (2, 2, {2: 10}),
    "hollywood-gin": (2, 2, {2: 10}),
    "500": (2, 8, {n: 7 for n in range(2, 9)}),
    "indian": (2, 6, {n: 13 for n in range(2, 7)}),
    "sai": (2, 6, STANDARD_DEAL),
    "scala40": (2, 6, {n: 13 for n in range(2, 7)}),
    "kalooki": (2, 6, {n: 13 for n in range(2, 7)}),
    "three-thirteen": (2, 8, {n: 3 for n in range(2, 9)}),
    "canasta": (2, 6, {2: 15, 3: 13, 4: 11, 5: 11, 6: 13}),
    "house": (2, 10, {}),  # the deal is the table's own option (none: the sheet does not say)
    "hand-and-foot": (4, 6, {4: 11, 6: 11}),
    "marriage": (2, 5, {n: 21 for n in range(2, 6)}),
    "phase10": (2, 6, {n: 10 for n in range(2, 7)}),
    "cutthroat-gin": (3, 3, {3: 10}),
    "partnership-gin": (4, 4, {4: 10}),
}

# what a game the table defines must be given (no default), from its declared options: every other
# test adds it to the options
DEFINED: dict[str, dict[str, Any]] = definitions()

GIN_OPTIONS = {"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25,
               "game_bonus": 100, "shutout_bonus": 100, "box_bonus": 25}
BASIC_OPTIONS = {"scoring": "winner", "rummy_bonus": "double", "target": 500, "deals": None, "ace": "low"}
# every option with its effective value when the log gives none
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {
    "basic": BASIC_OPTIONS,
    "block": BASIC_OPTIONS,
    "boathouse": {"method": "cards", "target": 100, "deals": None},
    "contract": {"deuces_wild": False},
    "knock": {"target": None, "deals": None},
    "tunk": {"tunker_double": False, "eliminate_at": 100},
    "gin": GIN_OPTIONS,
    "oklahoma-gin": {**{k: v for k, v in GIN_OPTIONS.items() if k != "knock_limit"}, "spade_double": False},
    "corner-gin": {**GIN_OPTIONS, "target": 125},
    "hollywood-gin": GIN_OPTIONS,
    "500": {"target": 500},
    "indian": {"pool": None, "first_drop": 20, "middle_drop": 40, "wrong_show": 80, "max_points": 80},
    "sai": {"target": 500},
    "scala40": {"not_opened": 100, "eliminate_at": 101, "reentries": 0},
    "kalooki": {"jokers": 2, "ace": 11, "joker_value": 15, "kalookie_double": False, "eliminate_at": 151,
                "reentries": 1},
    "three-thirteen": {"decks": 1, "jokers": 0, "min_naturals": 0, "faces": "10", "joker_value": 20},
    "canasta": {"style": "classic", "canastas_to_go_out": 2, "target": 5000},
    "house": {**DEFINED["house"], "values": {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0},
              "decks": 1, "jokers": 0, "going_out_bonus": 0, "target": None, "deals": None, "eliminate_at": None,
              "cards_each": None, "one_go_multiplier": 1, "one_go_bonus": None, "reentries": 0, "instant_win": False,
              "schedule": None},
    "hand-and-foot": {"decks": 5, "clean_book": 500, "dirty_book": 300, "wild_book": 1500, "red_three": 100,
                      "going_out": 100, "wild_books": True, "clean_to_go_out": 1, "dirty_to_go_out": 1,
                      "wild_to_go_out": 0},
    "marriage": {"seen_pays": 3, "unseen_pays": 10, "dublee_bonus": 0, "deals": None},
    "phase10": {},
    "cutthroat-gin": GIN_OPTIONS,
    "partnership-gin": {"pairing": "alternate", **GIN_OPTIONS, "target": 125},
}

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim"]


def seats(n: int) -> list[str]:
    return NAMES[:n]


def catalogue_entry(key: str) -> dict:
    return next(v for v in variants() if v["key"] == key)


def header(key: str, count: int) -> dict:
    """The sides a game of this many players needs, if any: the first size it takes, partners opposite."""
    sizes = (catalogue_entry(key)["sides"] or {}).get(str(count))
    return {"sides": opposite_sides(seats(count), sizes[0])} if sizes else {}


# -- the header: variant, players, first dealer -------------------------------------


def test_an_unknown_variant_is_an_invalid_header_naming_it():
    error = rejected("pinochle", ["Ann", "Bob"])
    assert error.hand is None and error.player is None
    assert error.where == "variant"
    assert '"pinochle" is not a variant' in error.message


def test_gin_for_three_players_reads_as_the_rule_book_says():
    error = rejected("gin", ["Ann", "Bob", "Cara"])
    assert str(error) == "players: Gin Rummy is for 2 players, got 3"
    assert error.hand is None


@pytest.mark.parametrize(
    ("variant", "count"),
    [(v["key"], n) for v in variants() for n in (v["min_players"] - 1, v["max_players"] + 1)],
)
def test_a_player_count_outside_the_variants_declared_range_is_invalid(variant, count):
    low, high = catalogue_entry(variant)["min_players"], catalogue_entry(variant)["max_players"]
    error = rejected(variant, seats(count), options=DEFINED.get(variant))
    assert (error.hand, error.where) == (None, "players")
    counts = [str(n) for n in catalogue_entry(variant)["player_counts"]]
    wanted = (f"{low}" if low == high else f"{low} to {high}" if len(counts) == high - low + 1
              else f"{', '.join(counts[:-1])} or {counts[-1]}")
    assert error.message == f"{catalogue_entry(variant)['name']} is for {wanted} players, got {count}"


def test_a_count_inside_the_range_that_the_variant_is_not_played_by_is_invalid():
    class Gappy(Canasta):  # Canasta as it was before five played it
        key, name, player_counts = "gappy-canasta", "Gappy Canasta", (2, 3, 4, 6)

    register(Gappy())
    try:
        error = rejected("gappy-canasta", seats(5))
        assert str(error) == "players: Gappy Canasta is for 2, 3, 4 or 6 players, got 5"
        assert catalogue_entry("gappy-canasta")["player_counts"] == [2, 3, 4, 6]
    finally:
        unregister("gappy-canasta")
    assert catalogue_entry("basic")["player_counts"] == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("variant", "count"),
    [(key, n) for key, (low, high, _) in VARIANT_FACTS.items() for n in {low, high}],
)
def test_the_ends_of_each_variants_player_range_are_accepted(variant, count):
    sheet = play(variant, seats(count), options=DEFINED.get(variant), **header(variant, count))
    assert sheet["players"] == seats(count)
    assert sheet["next"]["cards_each"] == VARIANT_FACTS[variant][2].get(count)


def test_a_name_given_twice_is_an_invalid_header():
    error = rejected("basic", ["Ann", "Bob", "Ann"])
    assert (error.hand, error.where) == (None, "players")
    assert '"Ann" is named twice' in error.message


def test_a_first_dealer_who_is_not_a_player_is_an_invalid_header():
    error = rejected("basic", ["Ann", "Bob"], first_dealer="Zed")
    assert error.hand is None
    assert '"Zed" is not a player' in error.message


def test_the_first_dealer_defaults_to_the_first_seat_and_can_be_chosen():
    assert play("knock", ["Ann", "Bob", "Cara"])["next"]["dealer"] == "Ann"
    sheet = play("knock", ["Ann", "Bob", "Cara"],
                 [out("Ann", Ann=counted(1), Bob=counted(5), Cara=counted(5))], first_dealer="Cara")
    assert dealers(sheet) == ["Cara", "Ann"]


# -- options ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(DEFAULT_OPTIONS))
def test_omitted_options_take_the_variants_defaults(variant):
    players = seats(VARIANT_FACTS[variant][0])
    assert play(variant, players, options=DEFINED.get(variant),
                **header(variant, len(players)))["options"] == DEFAULT_OPTIONS[variant]


@pytest.mark.parametrize("variant", list(DEFAULT_OPTIONS))
def test_an_option_given_as_null_means_its_default(variant):
    players = seats(VARIANT_FACTS[variant][0])
    nulls = {**{key: None for key in DEFAULT_OPTIONS[variant]}, **DEFINED.get(variant, {})}
    assert play(variant, players, options=nulls, **header(variant, len(players)))["options"] == DEFAULT_OPTIONS[variant]


@pytest.mark.parametrize(
    ("variant", "key"),
    [("basic", "colour"), ("gin", "deals"), ("sai", "deals"), ("500", "deals"), ("sai", "rummy_bonus"),
     ("500", "low_aces"), ("tunk", "deals"), ("contract", "deals"), ("indian", "deals"),
     ("oklahoma-gin", "knock_limit"), ("knock", "scoring")],
)
def test_an_option_the_variant_does_not_have_is_invalid(variant, key):
    players = seats(VARIANT_FACTS[variant][0])
    error = rejected(variant, players, options={key: 5})
    assert (error.hand, error.where) == (None, "options")
    assert f"'{key}' is not an option" in error.message


@pytest.mark.parametrize(
    ("variant", "options", "phrase"),
    [
        ("basic", {"target": True}, "target must be a positive whole number"),
        ("basic", {"target": 0}, "target must be a positive whole number"),
        ("basic", {"target": -5}, "target must be a positive whole number"),
        ("basic", {"target": 250.5}, "target must be a positive whole number"),
        ("sai", {"target": "500"}, "target must be a positive whole number"),
        ("500", {"target": 0}, "target must be a positive whole number"),
        ("gin", {"target": 0}, "target must be a positive whole number"),
        ("basic", {"deals": 0}, "deals must be a positive whole number"),
        ("knock", {"deals": False}, "deals must be a positive whole number"),
        ("tunk", {"eliminate_at": 0}, "eliminate_at must be a positive whole number"),
        ("gin", {"gin_bonus": -1}, "gin_bonus must be a whole number from 0 to 10000"),
        ("gin", {"box_bonus": True}, "box_bonus must be a whole number from 0 to 10000"),
        ("gin", {"knock_limit": -1}, "knock_limit must be a whole number from 0 to 10000"),
        ("corner-gin", {"undercut_bonus": 2.5}, "undercut_bonus must be a whole number from 0 to 10000"),
        ("indian", {"first_drop": -20}, "first_drop must be a whole number from 0 to 10000"),
        ("indian", {"max_points": "80"}, "max_points must be a whole number from 0 to 10000"),
        ("indian", {"pool": 150}, "pool must be none, 101 or 201"),
        ("indian", {"pool": 100}, "pool must be none, 101 or 201"),
        ("indian", {"pool": True}, "pool must be none, 101 or 201"),
        ("basic", {"scoring": "lowest"}, "scoring must be one of winner, penalty"),
        ("basic", {"rummy_bonus": "triple"}, "rummy_bonus must be one of double, plus10, none"),
        ("block", {"ace": "high"}, "ace must be one of low, high_or_low"),
        ("boathouse", {"method": "Cards"}, "method must be one of cards, points"),
        ("contract", {"deuces_wild": 1}, "deuces_wild must be true or false"),
        ("tunk", {"tunker_double": "yes"}, "tunker_double must be true or false"),
        ("oklahoma-gin", {"spade_double": 0}, "spade_double must be true or false"),
    ],
)
def test_a_bad_option_value_is_invalid_and_the_message_names_the_option(variant, options, phrase):
    error = rejected(variant, seats(VARIANT_FACTS[variant][0]), options=options)
    assert (error.hand, error.where) == (None, "options")
    assert phrase in error.message
    assert str(error).startswith("options: ")


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("gin", {"gin_bonus": 0, "knock_limit": 0, "box_bonus": 0}),
        ("indian", {"pool": 101, "first_drop": 0}),
        ("indian", {"pool": 201}),
        ("basic", {"target": 1, "deals": 1, "ace": "high_or_low", "rummy_bonus": "plus10"}),
        ("tunk", {"eliminate_at": 1, "tunker_double": True}),
    ],
)
def test_option_values_at_the_edge_of_the_rules_are_accepted(variant, options):
    sheet = play(variant, seats(VARIANT_FACTS[variant][0]), options=options)
    assert {k: sheet["options"][k] for k in options} == options


def test_basic_penalty_scoring_takes_a_target_of_100_unless_given():
    assert play("basic", ["Ann", "Bob"], options={"scoring": "penalty"})["options"]["target"] == 100
    assert play("block", ["Ann", "Bob"], options={"scoring": "penalty", "target": 60})["options"]["target"] == 60


# -- the catalogue --------------------------------------------------------------------


def test_the_catalogue_lists_exactly_the_variants_of_the_rule_book():
    assert [v["key"] for v in variants()] == list(VARIANT_FACTS)


@pytest.mark.parametrize("key", list(VARIANT_FACTS))
def test_each_catalogue_entry_states_players_deal_and_options(key):
    entry = catalogue_entry(key)
    low, high, deal = VARIANT_FACTS[key]
    assert entry["name"] and entry["summary"]
    assert (entry["min_players"], entry["max_players"]) == (low, high)
    assert entry["cards_each"] == {str(n): cards for n, cards in deal.items()}
    assert {o["key"] for o in entry["options"]} == set(DEFAULT_OPTIONS[key])
    for option in entry["options"]:
        assert option["type"] in {"int", "bool", "choice", "text", "table", "list"}
        assert option["help"]
        assert option["required"] == (option["key"] in DEFINED.get(key, {}))
        if not option["default_text"] and not option["required"]:  # else it depends on other options or the players (see the sheet's)
            assert option["default"] == DEFAULT_OPTIONS[key][option["key"]]


def test_the_catalogue_says_basic_target_depends_on_the_scoring():
    target = next(o for o in catalogue_entry("basic")["options"] if o["key"] == "target")
    assert "500" in target["default_text"] and "100" in target["default_text"]


def test_choice_options_list_their_choices_in_the_catalogue():
    basic = {o["key"]: o for o in catalogue_entry("basic")["options"]}
    assert basic["scoring"]["choices"] == ["winner", "penalty"]
    assert basic["rummy_bonus"]["choices"] == ["double", "plus10", "none"]
    assert basic["ace"]["choices"] == ["low", "high_or_low"]
    pool = next(o for o in catalogue_entry("indian")["options"] if o["key"] == "pool")
    assert pool["choices"] == [101, 201]


def test_the_catalogue_is_json_serialisable():
    assert json.loads(json.dumps(variants())) == variants()


# -- the sheet ----------------------------------------------------------------------


SHEET_KEYS = {"variant", "name", "options", "players", "hands", "totals", "finished", "winners",
              "eliminated", "final", "next"}
ROW_KEYS = {"number", "dealer", "out", "scores", "totals", "details", "notes"}


def three_basic_hands(**header):
    return play("basic", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(12), Cara=holding("KH 5D AS")),
        out("Bob", Ann=counted(3), Cara={}),
        out("Ann", Bob=counted(30), Cara=counted(4)),
    ], **header)


def test_the_sheet_has_every_field_of_section_three():
    sheet = three_basic_hands()
    assert SHEET_KEYS <= set(sheet)
    assert (sheet["variant"], sheet["name"], sheet["players"]) == ("basic", "Basic Rummy", ["Ann", "Bob", "Cara"])
    assert [row["number"] for row in sheet["hands"]] == [1, 2, 3]
    for row in sheet["hands"]:
        assert ROW_KEYS <= set(row)
        assert row["notes"] and all(isinstance(note, str) for note in row["notes"])
    assert sheet["next"] == {**sheet["next"], "hand": 4, "dealer": "Ann", "cards_each": 7, "contract": None}
    assert (sheet["final"], sheet["eliminated"], sheet["winners"], sheet["finished"]) == (None, {}, [], False)


def test_every_player_has_a_score_in_every_hand_and_totals_run():
    sheet = three_basic_hands()
    # Ann collects 12 + 16; Bob collects 3 + 0; Ann collects 34.
    assert [scores(sheet, n) for n in (1, 2, 3)] == [
        {"Ann": 28, "Bob": 0, "Cara": 0},
        {"Ann": 0, "Bob": 3, "Cara": 0},
        {"Ann": 34, "Bob": 0, "Cara": 0},
    ]
    assert [totals(sheet, n) for n in (1, 2, 3)] == [
        {"Ann": 28, "Bob": 0, "Cara": 0},
        {"Ann": 28, "Bob": 3, "Cara": 0},
        {"Ann": 62, "Bob": 3, "Cara": 0},
    ]
    assert totals(sheet) == {"Ann": 62, "Bob": 3, "Cara": 0}


def test_the_sheet_is_plain_json():
    sheet = three_basic_hands()
    assert json.loads(json.dumps(sheet)) == sheet


def test_whole_scores_are_ints_and_a_three_way_knock_split_is_a_two_decimal_float():
    # Ann knocks 10 against three 3s: she pays 10 - 3 + 10 = 17, split in three.
    sheet = play("knock", ["Ann", "Bob", "Cara", "Dan"],
                 [out("Ann", Ann=counted(10), Bob=counted(3), Cara=counted(3), Dan=counted(3))] * 3)
    assert scores(sheet, 1) == {"Ann": -17, "Bob": 5.67, "Cara": 5.67, "Dan": 5.67}
    assert type(scores(sheet, 1)["Ann"]) is int
    assert type(scores(sheet, 1)["Bob"]) is float
    # exact thirds add up: 3 x 17/3 = 17 after three hands
    assert totals(sheet, 2)["Bob"] == 11.33
    assert totals(sheet) == {"Ann": -51, "Bob": 17, "Cara": 17, "Dan": 17}
    assert type(totals(sheet)["Bob"]) is int


def test_a_block_share_that_is_a_fraction_shows_two_decimals():
    sheet = play("block", ["A", "B", "C", "D"], [
        {"block": True, "hands": {"A": counted(5), "B": counted(5), "C": counted(5), "D": counted(6)}},
    ])
    assert scores(sheet, 1) == {"A": 0.33, "B": 0.33, "C": 0.33, "D": 0}


# -- ended by agreement -------------------------------------------------------------


def test_an_ended_game_is_finished_after_its_last_hand_with_the_highest_total_winning():
    sheet = three_basic_hands(ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["next"] is None


def test_an_ended_penalty_game_is_won_by_the_lowest_total():
    sheet = three_basic_hands(ended=True, options={"scoring": "penalty"})
    # penalty: Bob 12, Cara 16; Ann 3, Cara 0; Bob 30, Cara 4 -> Ann 3, Bob 42, Cara 20
    assert totals(sheet) == {"Ann": 3, "Bob": 42, "Cara": 20}
    assert sheet["winners"] == ["Ann"]


def test_a_game_ended_before_any_hand_has_no_winners():
    sheet = play("basic", ["Ann", "Bob"], ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == []
    assert sheet["next"] is None


def test_a_game_not_ended_is_open_with_no_winners():
    sheet = three_basic_hands(ended=False)
    assert (sheet["finished"], sheet["winners"]) == (False, [])


def test_a_hand_after_the_game_is_finished_is_invalid_at_that_hand():
    error = rejected("basic", ["Ann", "Bob"], [
        out("Ann", Bob=counted(30)),
        out("Ann", Bob=counted(30)),  # Ann reaches the target 50 here
        out("Bob", Ann=counted(1)),
    ], options={"target": 50})
    assert error.hand == 3
    assert "already finished" in error.message


# -- invalid entries ----------------------------------------------------------------


def test_an_unknown_player_in_the_hands_is_invalid_naming_them():
    error = rejected("basic", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(1), Cara=counted(1)),
        out("Ann", Bob=counted(1), Cara=counted(1), Eve=counted(1)),
    ])
    assert error.hand == 2
    assert str(error) == 'hand 2: "Eve" is not a player in this game'


def test_an_unknown_player_going_out_is_invalid():
    error = rejected("sai", ["Ann", "Bob"], [out("Zed", Ann=counted(1), Bob=counted(1))])
    assert error.hand == 1
    assert '"Zed" is not a player' in error.message


@pytest.mark.parametrize(
    ("variant", "entry", "missing"),
    [
        ("basic", out("Ann", Bob=counted(4)), "Cara"),
        ("sai", out("Bob", Ann=counted(4)), "Cara"),
        ("contract", out("Cara", Ann=counted(4)), "Bob"),
        ("knock", out("Ann", Bob=counted(4), Cara=counted(9)), "Ann"),
        ("500", out("Ann", Ann={"melded": 10}, Cara={"melded": 10}), "Bob"),
    ],
)
def test_every_required_player_needs_an_input(variant, entry, missing):
    error = rejected(variant, ["Ann", "Bob", "Cara"], [entry])
    assert error.hand == 1
    assert error.message == f"no input for {missing}"


def test_a_missing_input_names_the_hand_it_is_missing_from():
    fine = out("Ann", Bob=counted(1), Cara=counted(1))
    error = rejected("basic", ["Ann", "Bob", "Cara"], [fine, fine, fine, out("Bob", Ann=counted(2))])
    assert str(error) == "hand 4: no input for Cara"


@pytest.mark.parametrize(
    ("variant", "given"),
    [
        ("basic", holding("5H")),
        ("basic", counted(3)),
        ("sai", holding("QS")),
        ("contract", counted(1)),
    ],
)
def test_the_player_who_went_out_may_not_hold_cards_or_a_count(variant, given):
    error = rejected(variant, ["Ann", "Bob", "Cara"], [out("Ann", Ann=given, Bob=counted(2), Cara=counted(2))])
    assert (error.hand, error.player) == (1, "Ann")


@pytest.mark.parametrize("given", [{}, counted(0), holding("")])
def test_the_player_who_went_out_may_be_given_as_empty(given):
    sheet = play("basic", ["Ann", "Bob"], [out("Ann", Ann=given, Bob=counted(9))])
    assert scores(sheet, 1) == {"Ann": 9, "Bob": 0}


@pytest.mark.parametrize("variant", ["basic", "sai"])
@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_declared_flag_is_true_or_false(variant, value):
    error = rejected(variant, ["Ann", "Bob"], [{"out": "Ann", "rummy": value, "hands": {"Bob": counted(1)}}])
    assert (error.hand, error.field, error.message) == (1, "rummy", "rummy must be true or false")


@pytest.mark.parametrize("variant", ["basic", "sai"])
def test_a_declared_flag_that_needs_the_player_who_went_out_is_refused_without_one(variant):
    error = rejected(variant, ["Ann", "Bob"], [{"out": None, "rummy": True, "hands": {}}])
    assert (error.hand, error.field, error.message) == (1, "rummy", "rummy needs the player who went out")


def test_an_input_with_both_cards_and_a_count_is_invalid():
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", Bob={"cards": "5H", "count": 5})])
    assert (error.hand, error.player) == (1, "Bob")
    assert "not both" in error.message


@pytest.mark.parametrize(
    ("count", "phrase"),
    [(-1, "below 0"), (2.5, "not a whole number"), ("7", "not a whole number"), (True, "not a whole number"),
     (False, "not a whole number"), (7.0, "not a whole number")],
)
def test_a_count_must_be_a_whole_number_of_zero_or_more(count, phrase):
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", Bob=counted(count))])
    assert (error.hand, error.player) == (1, "Bob")
    assert phrase in error.message


def test_a_card_that_is_not_a_card_is_invalid_quoting_it():
    error = rejected("basic", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(1), Cara=counted(1)),
        out("Ann", Bob=counted(1), Cara=counted(1)),
        out("Cara", Ann=counted(1), Bob=holding("5H ZZ")),
    ])
    assert (error.hand, error.player) == (3, "Bob")
    assert str(error).startswith('hand 3, Bob: "ZZ" is not a card')


def test_an_empty_input_means_no_cards():
    sheet = play("basic", ["Ann", "Bob", "Cara"], [out("Ann", Bob={}, Cara=counted(6))])
    assert scores(sheet, 1) == {"Ann": 6, "Bob": 0, "Cara": 0}
    assert sheet["hands"][0]["details"]["Bob"]["value"] == 0


def test_a_cards_input_elsewhere_than_gin_and_indian_holds_any_number_of_cards():
    sheet = play("basic", ["Ann", "Bob"], [out("Ann", Bob=holding("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"))])
    assert scores(sheet, 1)["Ann"] == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10


def test_nothing_is_applied_when_a_later_hand_is_invalid():
    game = log("basic", ["Ann", "Bob"], [
        out("Ann", Bob=counted(10)),
        out("Bob", Ann=counted(10)),
        out("Ann", Bob=counted(-3)),
    ])
    with pytest.raises(InvalidEntry) as caught:
        replay(game)
    assert (caught.value.hand, caught.value.player) == (3, "Bob")
    # the same log without the bad hand scores normally: the error came from hand 3 alone
    game["hands"].pop()
    assert replay(game)["totals"] == {"Ann": 10, "Bob": 10}


def test_invalid_entry_is_a_value_error():
    error = rejected("basic", ["Ann"])
    assert isinstance(error, ValueError)
