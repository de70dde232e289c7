"""Canasta's additions (SCORING.md "canasta — additions: `style` and five players"): Modern American
Canasta and Canasta for five; section 5's invalid entries of them."""

from __future__ import annotations

import pytest
from helpers import counted, dealers, holding, notes, play, rejected, scores, totals

from scorekeeper.engine import Replay, entry_of
from scorekeeper.engine.games.canasta_modern import modern_minimum_meld

GAME = "canasta"
FOUR = ["Ann", "Bob", "Cara", "Dan"]
FIVE = ["Ann", "Bob", "Cara", "Dan", "Eve"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]
FIVE_SIDES = [["Ann", "Cara", "Eve"], ["Bob", "Dan"]]
AC, BD = "Ann & Cara", "Bob & Dan"
ACE = "Ann & Cara & Eve"
MODERN = {"style": "modern"}


def modern(*hands, **options):
    return play(GAME, FOUR, list(hands), sides=PARTNERS, options={**MODERN, **options})


def modern_refused(*hands, players=FOUR, sides=PARTNERS, **options):
    return rejected(GAME, players, list(hands), sides=sides, options={**MODERN, **options})


def entry(out, sides, **hands):
    return {"out": out, "sides": sides, "hands": hands}


#: SCORING.md's first modern example: Ann goes out
EXAMPLE_1 = entry("Ann", {AC: {"meld_points": 900, "natural": 1, "mixed": 1, "sevens": 1, "threes": 2},
                          BD: {"meld_points": 180, "mixed": 1, "threes": 1, "open_aces": True}},
                  Cara=holding("KS 5D"), Bob=counted(60), Dan=holding("AH AS AC 4D"))
#: the second: Dan goes out
EXAMPLE_2 = entry("Dan", {BD: {"meld_points": 600, "natural": 1, "wild": ["jokers"], "threes": 3},
                          AC: {"meld_points": 75, "threes": 1, "open_sevens": True}},
                  Bob=holding("KS"), Ann=counted(40), Cara=holding("7D 7H"))


def ordinary(out="Ann", ac=None, bd=None, **hands):
    """A modern hand: Ann's side goes out with two natural canastas; everyone else holds 10."""
    sides = {AC: ac or {"meld_points": 200, "natural": 2}, BD: bd or {"meld_points": 50}}
    others = {p: counted(10) for p in FOUR if p != out}
    return entry(out, sides, **(others | hands))


# -- Modern: the worked examples -------------------------------------------------------------------


def test_modern_example_ann_goes_out_4485_to_minus_3045():
    sheet = modern(EXAMPLE_1)
    assert scores(sheet, 1) == {AC: 4485, BD: -3045}
    assert sheet["next"]["minimum_meld"] == {AC: 90, BD: 15}
    text = notes(sheet, 1)
    assert "a canasta of sevens 2500" in text
    assert "an unfinished meld of aces -2000" in text
    assert "Dan held 3 aces -1500" in text


def test_modern_example_dan_goes_out_with_a_jokers_wild_canasta_3990_to_minus_2375():
    sheet = modern(EXAMPLE_2)
    assert scores(sheet, 1) == {AC: -2375, BD: 3990}
    assert "a wild canasta of the four jokers 2500" in notes(sheet, 1)
    assert "held" not in notes(sheet, 1)  # two sevens: no holding penalty


# -- Modern: the game -----------------------------------------------------------------------------


def test_style_is_classic_by_default_and_a_classic_game_is_unchanged():
    sheet = play(GAME, FOUR, [], sides=PARTNERS)
    assert sheet["options"]["style"] == "classic"
    assert sheet["name"] == "Canasta"
    assert sheet["options"]["target"] == 5000


def test_modern_is_named_modern_american_canasta_with_13_cards_two_decks_four_jokers_to_8500():
    sheet = modern()
    assert sheet["name"] == "Modern American Canasta"
    assert {k: sheet["next"][k] for k in ("cards_each", "decks", "jokers")} == {"cards_each": 13, "decks": 2,
                                                                                "jokers": 4}
    assert sheet["options"]["target"] == 8500
    assert sheet["options"]["canastas_to_go_out"] == 2


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_modern_is_for_exactly_4_players_in_two_sides(players):
    names = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"][:players]
    sides = {5: FIVE_SIDES, 6: [["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]]}.get(players)
    error = rejected(GAME, names, [], options=MODERN, **({"sides": sides} if sides else {}))
    assert (error.where, error.code) == ("options", "bad_players")
    if players == 6:
        assert str(error) == "options: Modern American Canasta is for 4 players in two sides, got 6"


def test_modern_side_scores_canastas_500_300_sevens_2500_aces_2000():
    sheet = modern(ordinary(ac={"meld_points": 500, "natural": 1, "mixed": 1, "sevens": 1, "aces": 1}))
    assert scores(sheet, 1)[AC] == 500 + 500 + 300 + 2500 + 2000 + 100 - 10


@pytest.mark.parametrize("kind, points", [("twos", 3000), ("jokers", 2500), ("mixed", 2000)])
def test_modern_wild_canastas_twos_3000_jokers_2500_mixed_2000(kind, points):
    sheet = modern(ordinary(ac={"meld_points": 300, "natural": 1, "wild": [kind]}))
    assert scores(sheet, 1)[AC] == 300 + 500 + points + 100 - 10


def test_modern_every_three_is_100_and_all_four_have_no_bonus():
    sheet = modern(ordinary(ac={"meld_points": 200, "natural": 2, "threes": 4}))
    assert scores(sheet, 1)[AC] == 200 + 1000 + 400 + 100 - 10


def test_modern_threes_count_minus_when_the_side_melded_nothing():
    sheet = modern(ordinary(bd={"meld_points": 0, "threes": 2}))
    assert scores(sheet, 1)[BD] == -200 - 20
    assert "2 threes -200 (nothing melded)" in notes(sheet, 1)


@pytest.mark.parametrize("key, penalty", [("open_sevens", 2500), ("open_aces", 2000), ("open_wild", 2000)])
def test_modern_an_unfinished_sevens_aces_or_wild_meld_costs_its_side(key, penalty):
    sheet = modern(ordinary(bd={"meld_points": 50, key: True}))
    assert scores(sheet, 1)[BD] == 50 - penalty - 20


def test_modern_each_player_holding_three_sevens_or_three_aces_costs_1500_each():
    sheet = modern(ordinary(Bob=holding("7H 7S 7C AH AS AD"), Dan={"count": 25, "sevens": 3, "aces": 0}))
    assert scores(sheet, 1)[BD] == 50 - (15 + 60) - 25 - 3 * 1500


def test_modern_sevens_and_aces_held_are_counted_from_the_cards_and_a_typed_number_must_agree():
    error = modern_refused(ordinary(Bob={"cards": "7H 7S", "sevens": 3}))
    assert (error.player, error.field, error.code) == ("Bob", "sevens", "bad_input")


def test_modern_sevens_and_aces_typed_are_among_the_count():
    error = modern_refused(ordinary(Bob={"count": 10, "aces": 3}))
    assert (error.player, error.field, error.code) == ("Bob", "count", "bad_input")


def test_classic_takes_no_sevens_or_aces_held():
    error = rejected(GAME, FOUR, [ordinary(ac={"meld_points": 200, "natural": 2},
                                           Bob={"count": 10, "sevens": 1})], sides=PARTNERS)
    assert (error.player, error.field) == ("Bob", "sevens")


def test_modern_going_out_needs_two_canastas_of_any_kind_by_default():
    error = modern_refused(ordinary(ac={"meld_points": 100, "natural": 1}))
    assert (error.player, error.code) == (AC, "too_few_canastas")
    sheet = modern(ordinary(ac={"meld_points": 100, "natural": 1, "sevens": 1}))
    assert scores(sheet, 1)[AC] == 100 + 500 + 2500 + 100 - 10
    assert modern(ordinary(ac={"meld_points": 200, "natural": 1, "wild": ["twos"]}))["hands"]


def test_modern_canastas_to_go_out_may_be_1():
    sheet = modern(ordinary(ac={"meld_points": 100, "natural": 1}), canastas_to_go_out=1)
    assert scores(sheet, 1)[AC] == 100 + 500 + 100 - 10


def test_modern_has_no_concealed_going_out():
    error = modern_refused({**ordinary(), "concealed": True})
    assert (error.field, error.code) == ("concealed", "bad_field")


def test_classic_has_no_special_hands():
    error = rejected(GAME, FOUR, [{**ordinary(ac={"meld_points": 200, "natural": 2}), "special": "straight"}],
                     sides=PARTNERS)
    assert (error.field, error.code) == ("special", "bad_field")


def test_classic_takes_no_modern_side_fields():
    error = rejected(GAME, FOUR, [ordinary(ac={"meld_points": 200, "natural": 2, "sevens": 1})], sides=PARTNERS)
    assert error.player == AC


@pytest.mark.parametrize("special, points", [("straight", 3000), ("pairs", 2500), ("pairs_wild", 2000),
                                             ("garbage", 2000)])
def test_modern_special_hand_scores_its_value_plus_100_a_three_instead_of_everything_else(special, points):
    hand = {"out": "Ann", "special": special,
            "sides": {AC: {"meld_points": 0, "threes": 2}, BD: {"meld_points": 150, "mixed": 1, "threes": 1}},
            "hands": {"Bob": counted(30), "Dan": counted(20)}}
    sheet = modern(hand)
    assert scores(sheet, 1) == {AC: points + 200, BD: 150 + 300 + 100 - 50}
    assert "went out with a special hand" in notes(sheet, 1)
    assert sheet["hands"][0]["kind"] == "special"
    assert "special_hand" in sheet["hands"][0]["moments"]["Ann"]


def test_modern_special_hand_needs_the_player_who_went_out():
    error = modern_refused({"out": None, "special": "straight", "sides": {AC: {"meld_points": 0},
                                                                          BD: {"meld_points": 0}},
                            "hands": {p: counted(10) for p in FOUR}})
    assert error.field == "special"


def test_modern_special_hand_is_one_of_the_four():
    error = modern_refused({**ordinary(), "special": "flush"})
    assert (error.field, error.code) == ("special", "bad_input")


@pytest.mark.parametrize("card", ["3S", "3H", "3C", "3D"])
def test_modern_a_three_in_a_players_cards_is_refused_count_it_in_threes(card):
    error = modern_refused(ordinary(Dan=holding(f"{card} 5D")))
    assert (error.player, error.field, error.code) == ("Dan", "cards", "three_in_hand")
    assert str(error) == f"hand 1, Dan: {card} is a three; in Modern American Canasta count it in threes"


def test_modern_card_values_are_classics():
    sheet = modern(ordinary(Bob=holding("JK AS 2D KH 8C 7S 4D")))
    assert scores(sheet, 1)[BD] == 50 - (50 + 20 + 20 + 10 + 10 + 5 + 5) - 10


@pytest.mark.parametrize("total, needed", [(-5, 15), (0, 50), (2495, 50), (2500, 90), (4995, 90), (5000, 120),
                                           (7495, 120), (7500, 150)])
def test_modern_minimum_meld_follows_the_total(total, needed):
    assert modern_minimum_meld(total) == needed


def test_modern_meld_points_are_at_least_what_its_canastas_hold():
    # 35 natural + 65 mixed + 35 sevens + 140 aces + 260 a jokers canasta = 535
    error = modern_refused(ordinary(ac={"meld_points": 530, "natural": 1, "mixed": 1, "sevens": 1, "aces": 1,
                                        "wild": ["jokers"]}))
    assert (error.player, error.field, error.code) == (AC, "meld_points", "meld_points_too_low")
    assert modern(ordinary(ac={"meld_points": 535, "natural": 1, "mixed": 1, "sevens": 1, "aces": 1,
                               "wild": ["jokers"]}))["hands"]


@pytest.mark.parametrize("key, value, message", [
    ("sevens", 1, "hand 1: 2 canastas of sevens entered; two decks hold 8 sevens"),
    ("aces", 1, "hand 1: 2 canastas of aces entered; two decks hold 8 aces"),
    ("wild", ["twos"], "hand 1: 2 wild canastas entered; two decks and four jokers hold 12 wild cards"),
])
def test_modern_the_table_holds_one_canasta_of_sevens_one_of_aces_and_one_wild(key, value, message):
    error = modern_refused(ordinary(ac={"meld_points": 400, "natural": 2, key: value},
                                    bd={"meld_points": 400, key: value}))
    assert (error.player, error.field, error.code) == (BD, key, "too_many_canastas")
    assert str(error) == message


def test_modern_the_table_holds_at_most_8_threes():
    error = modern_refused(ordinary(ac={"meld_points": 200, "natural": 2, "threes": 5},
                                    bd={"meld_points": 50, "threes": 4}))
    assert (error.player, error.field, error.code) == (BD, "threes", "more_than_the_pack")


def test_modern_a_sides_open_melds_are_true_or_false_and_its_wild_canastas_named():
    error = modern_refused(ordinary(bd={"meld_points": 50, "open_wild": 1}))
    assert (error.player, error.field) == (BD, "open_wild")
    error = modern_refused(ordinary(ac={"meld_points": 400, "natural": 1, "wild": ["fours"]}))
    assert (error.player, error.field) == (AC, "wild")


def test_modern_entry_asks_the_special_canastas_open_melds_and_a_special_hand():
    rules = entry_of(GAME, modern()["options"])
    assert [f["key"] for f in rules["side_fields"]] == ["meld_points", "natural", "mixed", "sevens", "aces", "wild",
                                                        "open_sevens", "open_aces", "open_wild", "threes"]
    assert [f["kind"] for f in rules["side_fields"]][5:9] == ["tally", "flag", "flag", "flag"]
    assert [(c["key"], c["kind"]) for c in rules["choices"]] == [("special", "one_of")]
    assert [f["key"] for f in rules["fields"]] == ["count", "cards", "sevens", "aces"]


def test_full_game_modern_canasta_to_8500_with_a_special_hand_a_sevens_canasta_and_an_unfinished_aces_penalty():
    hands = [
        EXAMPLE_1,                                                   # 4485 / -3045
        {"out": "Cara", "special": "straight",                      # 3000 + 100 / 300 + 300 + 200 - 35
         "sides": {AC: {"meld_points": 0, "threes": 1},
                   BD: {"meld_points": 300, "mixed": 1, "threes": 2}},
         "hands": {"Bob": counted(20), "Dan": holding("KH 5S 5C")}},
        entry("Bob", {AC: {"meld_points": 250, "natural": 1, "open_aces": True},  # 250 + 500 - 2000 - 55
                      BD: {"meld_points": 700, "natural": 1, "sevens": 1, "threes": 1}},  # 700+500+2500+100+100
              Ann=holding("KS 10D 5H"), Cara=counted(30), Dan=counted(0)),
    ]
    sheet = modern(*hands)
    assert scores(sheet, 2) == {AC: 3100, BD: 760}
    assert scores(sheet, 3) == {AC: -1305, BD: 3900}
    assert totals(sheet) == {AC: 6280, BD: 1615}
    assert not sheet["finished"]
    assert sheet["next"]["minimum_meld"] == {AC: 120, BD: 50}
    last = entry("Ann", {AC: {"meld_points": 800, "natural": 2, "aces": 1, "threes": 2},   # 800+1000+2000+200+100
                         BD: {"meld_points": 100, "open_sevens": True}},                   # 100 - 2500 - 20
                 Cara=counted(15), Bob=counted(10), Dan=counted(10))
    sheet = modern(*hands, last)
    assert scores(sheet, 4) == {AC: 4085, BD: -2420}
    assert totals(sheet) == {AC: 10365, BD: -805}
    assert sheet["finished"] and sheet["winners"] == [AC]
    assert sheet["next"] is None


# -- Canasta for five -----------------------------------------------------------------------------


def five(*hands, **header):
    return play(GAME, FIVE, list(hands), sides=header.pop("sides", FIVE_SIDES), **header)


def five_hand(out, sitter, sides=None, **hands):
    """A hand for five: ``out``'s side has a natural canasta (the other melded 50), everyone else holds 10."""
    if sides is None:
        canasta, none = {"meld_points": 100, "natural": 1}, {"meld_points": 50}
        sides = {ACE: none, BD: canasta} if out in ("Bob", "Dan") else {ACE: canasta, BD: none}
    others = {p: counted(10) for p in FIVE if p not in (out, sitter)}
    return entry(out, sides, **(others | hands))


def test_five_play_as_a_side_of_three_and_one_of_two_seated_anyhow_11_cards_two_decks_to_5000():
    sheet = five()
    assert sheet["sides"] == [ACE, BD]
    assert {k: sheet["next"][k] for k in ("cards_each", "decks", "jokers")} == {"cards_each": 11, "decks": 2,
                                                                                "jokers": 4}
    assert sheet["options"]["target"] == 5000 and sheet["options"]["canastas_to_go_out"] == 1


@pytest.mark.parametrize("sides", [None, [["Ann", "Bob"], ["Cara", "Dan", "Eve"], []],
                                   [["Ann", "Bob", "Cara", "Dan"], ["Eve"]]])
def test_five_need_one_side_of_three_and_one_of_two(sides):
    error = rejected(GAME, FIVE, [], **({"sides": sides} if sides is not None else {}))
    assert error.where == "sides"


def test_five_who_sits_out_the_side_of_threes_third_then_second_then_first():
    sheet = five(*(five_hand("Bob", sitter) for sitter in ("Eve", "Cara", "Ann", "Eve")))
    assert [row["sits_out"] for row in sheet["hands"]] == ["Eve", "Cara", "Ann", "Eve"]
    assert sheet["next"]["sits_out"] == "Cara"
    assert "Cara sits out" in sheet["guide"]["next"]


def test_five_example_dealers_ann_bob_cara_dan():
    sheet = five(*(five_hand("Bob", sitter) for sitter in ("Eve", "Cara", "Ann")))
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan"]  # the last the next hand's


def test_five_the_first_dealer_who_sits_out_hand_1_passes_the_deal_to_the_next_seat():
    sheet = five(first_dealer="Eve")
    assert sheet["next"]["dealer"] == "Ann"


def test_five_the_deal_skips_the_player_who_sits_out_the_coming_hand():
    # Dan deals hand 4 (Eve sits out); hand 5 Cara sits out: Eve deals; hand 6 Ann sits out: Bob deals
    sheet = five(*(five_hand("Bob", sitter) for sitter in ("Eve", "Cara", "Ann", "Eve", "Cara")))
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Eve", "Bob"]


def test_five_example_hand_2_cara_sits_out_885_to_355():
    first = five_hand("Bob", "Eve")
    second = {"out": "Ann", "sides": {ACE: {"meld_points": 200, "natural": 1, "red_threes": 1},
                                      BD: {"meld_points": 120, "mixed": 1}},
              "hands": {"Eve": holding("9S 4H"), "Bob": counted(25), "Dan": counted(40)}}
    sheet = five(first, second)
    assert scores(sheet, 2) == {ACE: 885, BD: 355}
    assert "Cara sits out this hand." in notes(sheet, 2)


def test_five_the_sitter_gives_no_input():
    error = rejected(GAME, FIVE, [five_hand("Bob", "Eve", Eve=counted(10))], sides=FIVE_SIDES)
    assert (error.player, error.code) == ("Eve", "sits_out")
    assert str(error) == "hand 1, Eve: Eve sits out this hand; leave them out"


def test_five_the_sitter_is_not_out():
    error = rejected(GAME, FIVE, [five_hand("Eve", "Eve")], sides=FIVE_SIDES)
    assert (error.player, error.code) == ("Eve", "sits_out")


def test_five_sits_out_when_given_must_be_the_sitter():
    assert five({**five_hand("Bob", "Eve"), "sits_out": "Eve"})["hands"][0]["sits_out"] == "Eve"
    error = rejected(GAME, FIVE, [{**five_hand("Bob", "Eve"), "sits_out": "Ann"}], sides=FIVE_SIDES)
    assert (error.field, error.code) == ("sits_out", "sits_out")


def test_sits_out_is_only_for_five():
    error = rejected(GAME, FOUR, [{"out": "Ann", "sits_out": "Bob", "sides": {AC: {"meld_points": 100,
                                                                                    "natural": 1},
                                                                               BD: {"meld_points": 0}},
                                   "hands": {"Bob": counted(0), "Cara": counted(0), "Dan": counted(0)}}],
                     sides=PARTNERS)
    assert (error.field, error.code) == ("sits_out", "bad_field")


def test_five_the_stock_ran_out_everyone_but_the_sitter_gives_input():
    hand = five_hand(None, "Eve", Ann=counted(10), Bob=counted(10))
    assert scores(five(hand), 1) == {ACE: 100 + 500 - 20, BD: 50 - 20}
    del hand["hands"]["Ann"]
    assert rejected(GAME, FIVE, [hand], sides=FIVE_SIDES).code == "missing_input"


def test_five_no_sitter_in_a_game_for_four_or_six():
    sheet = play(GAME, FOUR, [], sides=PARTNERS)
    assert sheet["next"]["sits_out"] is None


def test_full_game_canasta_for_five_through_six_hands_every_sitter_twice():
    sitters = ("Eve", "Cara", "Ann", "Eve", "Cara", "Ann")
    outs = ("Ann", "Bob", "Cara", "Dan", "Eve", "Bob")
    sides = {ACE: {"meld_points": 400, "natural": 1, "mixed": 1}, BD: {"meld_points": 300, "natural": 1, "mixed": 1}}
    hands = [five_hand(out, sitter, sides) for out, sitter in zip(outs, sitters)]
    sheet = five(*hands, options={"target": 100_000})
    assert [row["sits_out"] for row in sheet["hands"]] == list(sitters)
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Eve", "Bob", "Cara"]
    for row, out, sitter in zip(sheet["hands"], outs, sitters, strict=True):
        assert row["out"] == out and sitter not in row["details"][ACE]["cards_left"]
    assert totals(sheet) == {ACE: sum(scores(sheet, n)[ACE] for n in range(1, 7)),
                             BD: sum(scores(sheet, n)[BD] for n in range(1, 7))}
    assert scores(sheet, 1) == {ACE: 400 + 800 + 100 - 10, BD: 300 + 800 - 20}   # Eve sits out, Ann out
    assert scores(sheet, 2) == {ACE: 400 + 800 - 20, BD: 300 + 800 + 100 - 10}   # Cara sits out, Bob out
    assert not sheet["finished"]
    assert sheet["next"] == {**sheet["next"], "hand": 7, "sits_out": "Eve", "dealer": "Cara"}


def test_five_replays_hand_by_hand_as_the_whole_log():
    hands = [five_hand("Bob", sitter) for sitter in ("Eve", "Cara", "Ann")]
    game = Replay({"variant": GAME, "players": FIVE, "sides": FIVE_SIDES})
    for one in hands:
        game = game.after(one)
    assert game.sheet() == five(*hands)
