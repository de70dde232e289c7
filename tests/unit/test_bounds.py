"""SCORING.md section 6's bounds: every value a log holds is bounded, and a
value past a bound is refused with a code and a message naming the bounds."""

from __future__ import annotations

import pytest
from helpers import counted, holding, out, play, rejected

from scorekeeper.engine import InvalidEntry, Replay, variants
from scorekeeper.engine.bounds import MAX_HANDS, name_key, text_problem


def test_a_count_is_a_whole_number_from_0_to_10000():
    sheet = play("basic", ["Ann", "Bob"], [out("Ann", Bob=counted(10_000))], options={"target": 100_000})
    assert sheet["totals"]["Ann"] == 10_000
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", Bob=counted(10_001))])
    assert (error.hand, error.player, error.field, error.code) == (1, "Bob", "count", "out_of_bounds")
    assert "from 0 to 10000" in error.message


@pytest.mark.parametrize("huge", [10**307, 10**400, 2**63])
def test_a_huge_count_is_refused_and_the_message_does_not_repeat_it(huge):
    error = rejected("gin", ["Ann", "Bob"], [out("Ann", Ann=counted(3), Bob=counted(huge))])
    assert error.code == "out_of_bounds"
    assert len(str(error)) < 120
    assert "digits" in error.message


def test_a_negative_count_is_out_of_bounds():
    error = rejected("knock", ["Ann", "Bob"], [out("Ann", Ann=counted(3), Bob=counted(-1))])
    assert (error.field, error.code) == ("count", "out_of_bounds")


@pytest.mark.parametrize("name", ["melded", "left", "low_aces"])
def test_500_rummys_melded_left_and_low_aces_numbers_are_bounded_like_a_count(name):
    given = {"melded": 40, "left": 5, name: 10_001}
    error = rejected("500", ["Ann", "Bob"], [out("Ann", Ann={"melded": 60}, Bob=given)])
    assert (error.player, error.field, error.code) == ("Bob", name, "out_of_bounds")
    assert "10000" in error.message


@pytest.mark.parametrize(
    ("variant", "key", "low", "high"),
    [
        ("gin", "gin_bonus", 0, 10_000), ("gin", "box_bonus", 0, 10_000), ("gin", "knock_limit", 0, 10_000),
        ("indian", "max_points", 0, 10_000), ("indian", "first_drop", 0, 10_000),
        ("gin", "target", 1, 100_000), ("basic", "target", 1, 100_000), ("tunk", "eliminate_at", 1, 100_000),
        ("basic", "deals", 1, 1_000), ("knock", "deals", 1, 1_000),
    ],
)
def test_bonus_point_target_and_deals_options_take_whole_numbers_within_their_bounds(variant, key, low, high):
    players = ["Ann", "Bob"]
    assert play(variant, players, options={key: low})["options"][key] == low
    assert play(variant, players, options={key: high})["options"][key] == high
    for past in (low - 1, high + 1, 10**400):
        error = rejected(variant, players, options={key: past})
        assert (error.where, error.field, error.code) == ("options", key, "bad_option")
        assert str(high) in error.message, "the message names the bounds"


def test_pool_takes_only_none_101_or_201():
    assert play("indian", ["Ann", "Bob"], options={"pool": None})["options"]["pool"] is None
    for good in (101, 201):
        assert play("indian", ["Ann", "Bob"], options={"pool": good})["options"]["pool"] == good
    error = rejected("indian", ["Ann", "Bob"], options={"pool": 10**9})
    assert error.code == "bad_option" and "101 or 201" in error.message


def test_the_catalogue_states_each_whole_number_options_bounds():
    gin = next(v for v in variants() if v["key"] == "gin")
    options = {o["key"]: o for o in gin["options"]}
    assert (options["target"]["minimum"], options["target"]["maximum"]) == (1, 100_000)
    assert (options["gin_bonus"]["minimum"], options["gin_bonus"]["maximum"]) == (0, 10_000)


def _knock_hands(n):
    return [out("Ann", Ann=counted(1), Bob=counted(5)) for _ in range(n)]


def test_a_game_holds_at_most_5000_hands():
    at_most = Replay.of({"variant": "knock", "players": ["Ann", "Bob"], "hands": _knock_hands(MAX_HANDS)})
    assert at_most.hands_played == 5000
    with pytest.raises(InvalidEntry) as caught:
        at_most.play(out("Ann", Ann=counted(1), Bob=counted(5)))
    assert (caught.value.hand, caught.value.code) == (5001, "too_many_hands")
    error = rejected("knock", ["Ann", "Bob"], _knock_hands(MAX_HANDS + 1))
    assert (error.where, error.code) == ("hands", "too_many_hands")
    assert "5000" in error.message


@pytest.mark.parametrize("name", ["A" * 40, "Ann", "Zoë", "李", "Ann Lee", "🂡 Ace"])
def test_a_players_name_of_1_to_40_characters_is_taken(name):
    assert play("basic", [name, "Other"])["players"][0] == name


@pytest.mark.parametrize(
    ("name", "phrase"),
    [("A" * 41, "1 to 40 characters"), ("", "cannot be empty"), ("   ", "cannot be empty"),
     ("Ann\x00", "control character"), ("Ann\nLee", "control character"), ("Ann\x1b[31m", "control character"),
     ("\x85Ann", "control character"), ("Ann\ud800", "lone surrogate"), ("\udfffBob", "lone surrogate")],
)
def test_a_name_past_40_characters_or_holding_a_control_character_or_lone_surrogate_is_refused(name, phrase):
    error = rejected("basic", [name, "Other"])
    assert (error.where, error.code) == ("players", "bad_name")
    assert phrase in error.message
    assert len(str(error)) < 140


@pytest.mark.parametrize(("first", "second"), [("Ann", "ann"), ("Ann", "ANN"), ("Ann", " Ann"), ("Ann", "Ann "),
                                               ("Ann Lee", "ann  lee"), ("Straße", "STRASSE")])
def test_two_players_never_differ_only_by_letter_case_or_surrounding_spaces(first, second):
    error = rejected("basic", [first, second])
    assert (error.where, error.code) == ("players", "same_name")
    assert "look the same" in error.message


LOOK_ALIKES = [
    pytest.param("Ann", "Ann\u200b", id="zero-width-space"),
    pytest.param("Ann", "\u200eAnn", id="direction-mark"),
    pytest.param("Ann", "\uff21nn", id="full-width-letter"),
    pytest.param("\u00c1nn", "A\u0301nn", id="accent-composed-or-combining"),
    pytest.param("Ann", "\uff41NN\ufeff", id="full-width-case-and-byte-order-mark"),
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_names_equal_after_nfkc_case_folding_and_removing_invisible_characters_are_one_player(first, second):
    assert name_key(first) == name_key(second)
    error = rejected("basic", [first, second])
    assert (error.where, error.code) == ("players", "same_name")
    assert "look the same" in error.message


def test_the_refusal_of_look_alike_names_names_both_with_their_invisible_characters_shown():
    error = rejected("basic", ["Ann", "Ann\u200b"])
    assert '"Ann" and "Ann<U+200B>" look the same' in error.message


@pytest.mark.parametrize(("first", "second"), [("Ann", "\u00c1nn"), ("Ann", "Anne"), ("Zoe", "Zo\u00eb"),
                                               ("\u674e", "\u674e\u674e")])
def test_names_that_differ_in_a_visible_letter_or_accent_stay_two_players(first, second):
    assert name_key(first) != name_key(second)


def test_a_name_of_invisible_characters_only_is_refused_as_empty():
    error = rejected("basic", ["\u200b\u200d", "Other"])
    assert (error.where, error.code) == ("players", "bad_name")
    assert "cannot be empty" in error.message


def test_the_same_name_twice_is_refused_as_named_twice():
    error = rejected("basic", ["Ann", "Ann"])
    assert error.code == "same_name" and '"Ann" is named twice' in error.message


def test_name_key_ignores_case_and_spaces_and_text_problem_passes_ordinary_text():
    assert name_key(" ANN  lee ") == name_key("ann lee")
    assert text_problem("Ann Lee, 李, Zoë 🂡\u00a0") is None


def test_a_cards_field_longer_than_1000_characters_is_refused_without_being_read():
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", Bob=holding("5H " * 400))])
    assert (error.player, error.field, error.code) == ("Bob", "cards", "out_of_bounds")
    assert "1000" in error.message


def test_more_cards_than_twice_the_biggest_deal_are_refused_before_any_meld_search():
    pack = " ".join(f"{rank}{suit}" for suit in "SHDC" for rank in ("A", "2", "3", "4", "5", "6"))
    error = rejected("boathouse", ["Ann", "Bob"], [out("Ann", Bob=holding(pack))])
    assert (error.field, error.code) == ("cards", "out_of_bounds")
    assert "at most 20" in error.message


def test_a_bad_card_is_quoted_cut_short():
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", Bob=holding("Z" * 900))])
    assert error.code == "not_a_card"
    assert len(str(error)) < 120


def test_an_unknown_player_is_quoted_cut_short():
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", **{"Bob": counted(1), "E" * 5000: counted(1)})])
    assert error.code == "not_a_player"
    assert len(str(error)) < 120


# -- section 4: every refusal carries a code, and the player where there is one ----------


def test_a_missing_input_names_the_player_in_player_and_in_the_message_once():
    error = rejected("basic", ["Ann", "Bob", "Cara"], [out("Ann", Bob=counted(3))])
    assert (error.player, error.code) == ("Cara", "missing_input")
    assert str(error) == "hand 1: no input for Cara"


def test_a_card_the_pack_holds_too_few_of_is_too_many_copies_on_the_cards_field():
    error = rejected("basic", ["Ann", "Bob", "Cara"], [out("Ann", Bob=holding("7H 8H"), Cara=holding("7H"))])
    assert (error.field, error.code) == ("cards", "too_many_copies")
    assert error.player in ("Bob", "Cara")


def test_knocking_over_the_limit_is_over_knock_limit():
    error = rejected("gin", ["Ann", "Bob"], [out("Ann", Ann=counted(14), Bob=counted(20))])
    assert (error.player, error.code) == ("Ann", "over_knock_limit")
    assert str(error) == "hand 1, Ann: cannot knock with 14 (the limit is 10)"


@pytest.mark.parametrize(("variant", "entry", "field"), [
    ("oklahoma-gin", out("Ann", Ann=counted(0), Bob=counted(20)), "upcard"),
    ("oklahoma-gin", {"out": "Ann", "upcard": "ZZ", "hands": {"Ann": counted(0), "Bob": counted(2)}}, "upcard"),
    ("indian", {"out": "Ann", "wild": "X", "hands": {"Bob": counted(20)}}, "wild"),
    ("sai", {"out": None, "rummy": True, "hands": {}}, "rummy"),
])
def test_a_refused_hand_level_choice_names_its_field(variant, entry, field):
    assert rejected(variant, ["Ann", "Bob"], [entry]).field == field
