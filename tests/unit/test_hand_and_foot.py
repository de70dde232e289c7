"""Hand and Foot (SCORING.md section 5, `hand-and-foot`; section 5's invalid entries; issue 27's full games)."""

from __future__ import annotations

import pytest
from helpers import dealers, notes, play, rejected, scores, totals

from scorekeeper.engine import InvalidEntry, Replay, parse_cards, variants
from scorekeeper.engine.entry_form import EntryForm
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.hand_and_foot import card_value, minimum_meld

GAME = "hand-and-foot"
FOUR = ["Ann", "Bob", "Cara", "Dan"]
SIX = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]
AC, BD = "Ann & Cara", "Bob & Dan"


def side(points: int = 0, clean: int = 0, dirty: int = 0, wild: int = 0, red: int = 0) -> dict:
    given = {"meld_points": points}
    for key, n in (("clean", clean), ("dirty", dirty), ("wild", wild), ("red_threes", red)):
        if n:
            given[key] = n
    return given


def held(hand=None, foot=None) -> dict:
    given = {}
    if hand is not None:
        given["hand"] = hand
    if foot is not None:
        given["foot"] = foot
    return given


def deal(out, sides, **hands):
    return {"out": out, "sides": sides, "hands": hands}


#: the rule book's deal 1 and deal 4
DEAL_1 = deal("Ann", {AC: {"meld_points": 610, "clean": 2, "dirty": 1, "wild": 0, "red_threes": 1},
                      BD: {"meld_points": 340, "clean": 1}},
              Cara=held("KS 5D", 85), Bob=held(30), Dan=held("3H JK 7C", 60))
DEAL_4 = deal(None, {AC: side(250, dirty=1, red=2), BD: side(900, clean=1, wild=1)},
              Ann=held("AS 2D"), Cara=held(25, 70), Bob=held(10), Dan=held("3S"))


def plain(a=None, b=None, **hands):
    """An ordinary deal: Ann goes out with a clean and a dirty book; everyone else holds 10."""
    return deal("Ann", {AC: a or side(200, 1, 1), BD: b or side(100)},
                **({"Bob": held(10), "Cara": held(10), "Dan": held(10)} | hands))


def four(*hands, **header):
    return play(GAME, FOUR, list(hands), sides=header.pop("sides", PARTNERS), **header)


def refused(*hands, players=FOUR, sides=PARTNERS, **header):
    return rejected(GAME, players, list(hands), **({"sides": sides} if sides else {}), **header)


def catalogue():
    return next(v for v in variants() if v["key"] == GAME)


# -- players, sides and the pack ---------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 5, 7])
def test_hand_and_foot_is_for_4_or_6_players(count):
    error = rejected(GAME, [*SIX, "Gus"][:count])
    assert str(error) == f"players: Hand and Foot is for 4 or 6 players, got {count}"
    assert error.code == "bad_players"


def test_four_play_in_two_sides_of_two_partners_opposite():
    assert four()["sides"] == [AC, BD]
    error = rejected(GAME, FOUR, sides=[["Ann", "Bob"], ["Cara", "Dan"]])
    assert str(error) == "sides: Ann and Bob sit side by side, but partners sit opposite"


def test_the_sides_are_required():
    error = rejected(GAME, FOUR)
    assert (error.where, error.code) == ("sides", "sides_missing")


@pytest.mark.parametrize("sides", [[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]],
                                   [["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]]])
def test_six_play_in_two_sides_of_three_or_three_sides_of_two(sides):
    sheet = play(GAME, SIX, sides=sides)
    assert sheet["sides"] == [" & ".join(one) for one in sides]


def test_the_pack_is_a_deck_a_player_and_one_more_with_two_jokers_each():
    assert {k: four()["next"][k] for k in ("decks", "jokers")} == {"decks": 5, "jokers": 10}
    sheet = play(GAME, SIX, sides=[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]])
    assert {k: sheet["next"][k] for k in ("decks", "jokers")} == {"decks": 7, "jokers": 14}
    assert {k: four(options={"decks": 3})["next"][k] for k in ("decks", "jokers")} == {"decks": 3, "jokers": 6}


@pytest.mark.parametrize("decks", [0, 13, "5", True])
def test_decks_is_a_whole_number_from_1_to_12(decks):
    error = refused(options={"decks": decks})
    assert (error.where, error.field, error.code) == ("options", "decks", "bad_option")


def test_a_card_appears_at_most_once_a_deck_and_jokers_at_most_two_a_deck():
    three = {"decks": 3}
    four(plain(Bob=held("7H 7H", "7H")), options=three)
    error = refused(plain(Bob=held("7H 7H", "7H 7H")), options=three)
    assert error.code == "too_many_copies" and error.player == "Bob"
    four(plain(Bob=held("JK JK JK", "JK JK JK")), options=three)
    assert refused(plain(Bob=held("JK JK JK", "JK JK JK JK")), options=three).code == "too_many_copies"


def test_each_player_gets_a_hand_of_11_and_a_foot_of_11():
    sheet = four()
    assert sheet["next"]["cards_each"] == 11
    assert "Ann deals 11 cards" in sheet["guide"]["next"] and "a foot of 11 too" in sheet["guide"]["next"]


# -- four deals and their minimum meld ----------------------------------------------------------


def test_the_minimum_first_meld_is_50_90_120_150_by_deal():
    assert [minimum_meld(n) for n in (1, 2, 3, 4)] == [50, 90, 120, 150]


def test_next_minimum_meld_is_keyed_by_side_the_same_number_for_every_side():
    sheets = [four(*[plain()] * n) for n in range(4)]
    assert [sheet["next"]["minimum_meld"] for sheet in sheets] == [
        {AC: needed, BD: needed} for needed in (50, 90, 120, 150)]
    assert sheets[1]["guide"]["next"].endswith("deal 2 of 4 · everyone needs 90 to open")


def test_each_deals_row_says_its_minimum_meld_and_a_note_says_the_deal():
    sheet = four(plain(), plain(), plain())
    assert [row["opened_at"] for row in sheet["hands"]] == [50, 90, 120]
    assert notes(sheet, 3).startswith("Deal 3 of 4: every side's first meld needed 120.")


def test_the_game_is_exactly_four_deals():
    sheet = four(plain(), plain(), plain(), plain())
    assert sheet["finished"] is True and sheet["next"] is None
    assert not four(plain(), plain(), plain())["finished"]
    assert refused(plain(), plain(), plain(), plain(), plain()).hand == 5


def test_the_highest_total_wins_after_deal_4():
    last = deal("Bob", {AC: side(100), BD: side(3000, 2, 1)}, Ann=held(10), Cara=held(10), Dan=held(10))
    sheet = four(plain(), plain(), plain(), last)
    assert totals(sheet, 3)[AC] > totals(sheet, 3)[BD] and totals(sheet)[AC] < totals(sheet)[BD]
    assert sheet["winners"] == [BD]


def test_equal_totals_share_the_win():
    same = deal("Ann", {AC: side(200, 1, 1), BD: side(200, 1, 1)}, Bob=held(0), Cara=held(100), Dan=held(0))
    sheet = four(same, same, same, same)
    assert totals(sheet)[AC] == totals(sheet)[BD]
    assert sorted(sheet["winners"]) == [AC, BD]


def test_ended_by_agreement_the_highest_total_wins():
    sheet = four(plain(), ended=True)
    assert sheet["finished"] is True and sheet["winners"] == [AC]


def test_the_deal_passes_left():
    assert dealers(four(plain(), plain(), plain())) == ["Ann", "Bob", "Cara", "Dan"]
    assert dealers(four(plain(), first_dealer="Dan")) == ["Dan", "Ann"]


# -- card values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "value"), [
    ("JK", 50), ("AS", 20), ("2D", 20), ("KH 8C", 20), ("7S 4D", 10), ("3S 3C", 10), ("3H", 100), ("3D", 100)])
def test_joker_50_ace_and_two_20_eight_to_king_10_four_to_seven_5_black_three_5_red_three_100(cards, value):
    assert sum(card_value(card, 100) for card in parse_cards(cards)) == value


def test_a_red_three_left_in_a_hand_or_foot_counts_against_its_side():
    sheet = four(plain(Bob=held("3H", "3D 5S")))
    assert sheet["hands"][0]["details"][BD]["held"]["Bob"]["hand"] == 100
    assert scores(sheet, 1)[BD] == 100 - 100 - 105 - 10


def test_the_red_three_option_counts_laid_and_held_red_threes_alike():
    sheet = four(plain(side(200, 1, 1, red=1), Bob=held("3H")), options={"red_three": 300})
    assert scores(sheet, 1) == {AC: 200 + 800 + 300 + 100 - 10, BD: 100 - 300 - 10}


def test_the_live_value_of_picked_cards_counts_a_red_three_at_its_option():
    variant = VARIANTS[GAME]
    assert variant.preview(parse_cards("3H JK 7C"), {"red_three": 100}) == {"value": 155}
    assert variant.preview(parse_cards("3H"), {"red_three": 500}) == {"value": 500}


# -- the worked examples --------------------------------------------------------------------------


def test_the_worked_example_deal_1_ann_goes_out_2010_to_595_and_both_next_need_90():
    sheet = four(DEAL_1)
    assert scores(sheet, 1) == {AC: 2010, BD: 595}
    assert sheet["next"]["minimum_meld"] == {AC: 90, BD: 90}
    assert notes(sheet, 1) == (
        "Deal 1 of 4: every side's first meld needed 50. Ann went out: 100 for going out. "
        "Ann & Cara 2010: melded 610, 2 clean books 1000, 1 dirty book 300, 1 red three 100, going out 100, "
        "hands and feet -100 (Cara hand 15, foot 85). "
        "Bob & Dan 595: melded 340, 1 clean book 500, hands and feet -245 (Bob hand 30, foot 0; "
        "Dan hand 155, foot 60).")


def test_the_worked_example_deal_4_the_stock_ran_out_615_to_2885_and_the_game_is_finished():
    sheet = four(DEAL_1, DEAL_1, DEAL_1, DEAL_4)
    assert scores(sheet, 4) == {AC: 615, BD: 2885}
    assert "The stock ran out: nobody went out, so no going-out bonus." in notes(sheet, 4)
    assert sheet["finished"] is True and sheet["hands"][3]["kind"] == "stock"


# -- the entry -----------------------------------------------------------------------------------


def test_omitted_side_numbers_are_0_and_omitted_meld_points_too():
    sheet = four(deal("Ann", {AC: side(200, 1, 1), BD: {}}, Bob=held(10), Cara=held(10), Dan=held(10)))
    assert sheet["hands"][0]["details"][BD]["meld_points"] == 0
    assert scores(sheet, 1)[BD] == -20


def test_hand_and_foot_are_each_cards_or_a_count_and_one_left_out_is_empty():
    sheet = four(plain(Bob=held("KS", 40), Dan=held(foot="AS AH"), Cara={}))
    held_by = sheet["hands"][0]["details"]
    assert held_by[BD]["held"]["Bob"] == {"hand": 10, "foot": 40, "hand_cards": "KS"}
    assert held_by[BD]["held"]["Dan"] == {"hand": 0, "foot": 40, "foot_cards": "AS AH"}
    assert held_by[AC]["held"]["Cara"] == {"hand": 0, "foot": 0}


def test_every_player_but_the_one_who_went_out_gives_input():
    error = refused(deal("Ann", {AC: side(200, 1, 1), BD: side()}, Bob=held(5), Cara=held(5)))
    assert (str(error), error.code, error.missing) == ("hand 1: no input for Dan", "missing_input", ("Dan",))


def test_the_player_who_went_out_has_an_empty_hand_and_foot():
    four(plain(Ann={}))
    error = refused(plain(Ann=held(foot=5)))
    assert str(error) == "hand 1, Ann: Ann went out, so has no cards left and counts 0"


def test_the_stock_ran_out_everyone_gives_input_and_nobody_has_the_going_out_bonus():
    error = refused(deal(None, {AC: side(), BD: side()}, Bob=held(5), Cara=held(5), Dan=held(5)))
    assert error.code == "missing_input" and error.player == "Ann"
    sheet = four(deal(None, {AC: side(100), BD: side(100)}, Ann=held(5), Bob=held(5), Cara=held(5), Dan=held(5)))
    assert scores(sheet, 1) == {AC: 90, BD: 90}


def test_a_foot_that_is_neither_cards_nor_a_whole_number_is_refused_with_bad_input():
    error = refused(plain(), plain(), plain(Bob=held(10, 2.5)))
    assert str(error) == "hand 3, Bob: foot must be cards or a whole number"
    assert (error.code, error.field) == ("bad_input", "foot")


def test_an_input_key_other_than_hand_and_foot_is_refused():
    assert refused(plain(Bob={"count": 10})).code == "bad_input"


def test_a_card_that_is_not_one_is_refused_naming_it():
    error = refused(plain(Bob=held("ZZ")))
    assert (error.code, error.field, error.player) == ("not_a_card", "hand", "Bob")


def test_a_count_is_a_whole_number_from_0_to_10000():
    assert refused(plain(Bob=held(10001))).code == "out_of_bounds"
    assert refused(plain(Bob=held(-5))).code == "out_of_bounds"


# -- a side's score --------------------------------------------------------------------------------


def test_a_side_scores_meld_points_and_500_a_clean_300_a_dirty_1500_a_wild_book_and_100_a_red_three():
    sheet = four(plain(side(600, 2, 1, 1, 2)))
    assert scores(sheet, 1)[AC] == 600 + 1000 + 300 + 1500 + 200 + 100 - 10


def test_every_bonus_is_an_option_of_0_to_10000():
    options = {"clean_book": 400, "dirty_book": 200, "wild_book": 1000, "red_three": 50, "going_out": 0}
    sheet = four(plain(side(600, 2, 1, 1, 2)), options=options)
    assert scores(sheet, 1)[AC] == 600 + 800 + 200 + 1000 + 100 + 0 - 10
    for key in options:
        assert refused(options={key: 10001}).code == "bad_option"


def test_the_going_out_bonus_goes_to_the_side_of_the_player_who_went_out():
    sheet = four(deal("Bob", {AC: side(100), BD: side(200, 1, 1)}, Ann=held(10), Cara=held(10), Dan=held(10)))
    assert scores(sheet, 1) == {AC: 80, BD: 200 + 800 + 100 - 10}


def test_a_deals_winner_is_the_side_that_scored_most_and_its_moments_are_named():
    sheet = four(plain(b=side(300, wild=2)))
    row = sheet["hands"][0]
    assert row["winner"] == BD and row["kind"] == "out"
    assert row["moments"] == {"Ann": ["went_out"], "Bob": ["wild_book"], "Dan": ["wild_book"]}


# -- going out ------------------------------------------------------------------------------------


def test_going_out_needs_one_clean_and_one_dirty_book_as_the_rule_book_says():
    error = refused(plain(side(200, 1, 0)))
    assert str(error) == "hand 1, Ann & Cara: went out with 1 clean and 0 dirty books (1 clean and 1 dirty needed)"
    assert (error.code, error.field, error.player) == ("cannot_go_out", "dirty", AC)


def test_the_books_to_go_out_are_options():
    four(plain(side(100, 0, 0)), options={"clean_to_go_out": 0, "dirty_to_go_out": 0})
    error = refused(plain(side(2000, 3, 1, 1)), options={"clean_to_go_out": 4, "dirty_to_go_out": 3,
                                                         "wild_to_go_out": 1})
    assert error.message == "went out with 3 clean, 1 dirty and 1 wild books (4 clean, 3 dirty and 1 wild needed)"
    assert refused(options={"clean_to_go_out": 21}).code == "bad_option"
    assert refused(options={"wild_to_go_out": 11}).code == "bad_option"


def test_only_the_side_that_went_out_needs_its_books():
    four(plain(b=side(0)))


# -- wild books -----------------------------------------------------------------------------------


def test_with_wild_books_off_a_sides_wild_must_be_0():
    error = refused(plain(b=side(300, wild=1)), options={"wild_books": False})
    assert (error.code, error.field, error.player) == ("bad_field", "wild", BD)
    four(plain(), options={"wild_books": False})


def test_wild_books_off_cannot_ask_for_wild_books_to_go_out():
    error = refused(options={"wild_books": False, "wild_to_go_out": 1})
    assert (error.where, error.code, error.field) == ("options", "bad_option", "wild_to_go_out")


# -- sanity bounds ----------------------------------------------------------------------------------


def test_meld_points_are_a_multiple_of_5():
    error = refused(plain(b=side(342)))
    assert str(error) == "hand 1, Bob & Dan: meld_points must be a multiple of 5"


@pytest.mark.parametrize(("given", "least", "words"), [
    (side(80, 1, 1), 85, "1 clean and 1 dirty books hold"), (side(30, 1), 35, "1 clean book holds"),
    (side(135, wild=1), 140, "1 wild book holds"), (side(100, 2, 1), 120, "2 clean and 1 dirty books hold")])
def test_meld_points_are_at_least_35_a_clean_50_a_dirty_and_140_a_wild_book(given, least, words):
    error = refused(plain(b=given))
    assert error.message == f"meld_points {given['meld_points']} is below the {least} that {words}"
    assert (error.code, error.field) == ("meld_points_too_low", "meld_points")
    four(plain(b={**given, "meld_points": least}))


def test_red_threes_laid_and_in_cards_are_at_most_two_a_deck():
    four(plain(side(200, 1, 1, red=6), side(100, red=3), Bob=held("3H")))  # 10 of 5 decks' 10
    error = refused(plain(side(200, 1, 1, red=6), side(100, red=3), Bob=held("3H", "3D")))
    assert str(error) == "hand 1: 11 red threes entered; 5 decks hold 10"
    assert (error.code, error.player, error.field) == ("more_than_the_pack", "Bob", "foot")
    error = refused(plain(side(200, 1, 1, red=3)), options={"decks": 1})
    assert str(error) == "hand 1: 3 red threes entered; 1 deck holds 2"


@pytest.mark.parametrize(("key", "most"), [("meld_points", 7080), ("clean", 75), ("dirty", 72), ("wild", 10),
                                           ("red_threes", 24)])
def test_every_sides_count_is_bounded_by_the_biggest_pack(key, most):
    error = refused(plain(b={"meld_points": 0, key: most + (5 if key == "meld_points" else 1)}))
    assert (error.code, error.field) == ("out_of_bounds", key)


def test_a_hand_of_cards_holds_at_most_108():
    error = refused(plain(Bob=held(" ".join(["4S"] * 109))), options={"decks": 12})
    assert error.code == "out_of_bounds"


def test_a_refused_deal_leaves_the_kept_replay_as_it_was():
    game = Replay({"variant": GAME, "players": FOUR, "sides": PARTNERS})
    game.play(DEAL_1)
    with pytest.raises(InvalidEntry):
        game.play(plain(side(200, 1, 0)))
    assert game.hands_played == 1 and game.sheet()["totals"] == {AC: 2010, BD: 595}


# -- the catalogue and the form ----------------------------------------------------------------------


def test_the_catalogue_declares_each_sides_box_and_each_players_hand_and_foot():
    entry = catalogue()["entry"]
    assert [f["key"] for f in entry["side_fields"]] == ["meld_points", "clean", "dirty", "wild", "red_threes"]
    assert [(f["key"], f["kind"]) for f in entry["fields"]] == [("hand", "cards_or_points"),
                                                               ("foot", "cards_or_points")]
    assert catalogue()["sides"] == {"4": [2], "6": [3, 2]}
    assert entry["out_may_be_null"] is True


def test_the_entry_form_reads_a_count_or_the_cards_for_each_hand_and_foot():
    sheet = four()
    form = EntryForm(catalogue(), FOUR, FOUR, 1, sides=sheet["side_players"])
    form.load_post({"out": "0", "s0-meld_points": "610", "s0-clean": "2", "s0-dirty": "1", "s0-red_threes": "1",
                    "s1-meld_points": "340", "s1-clean": "1", "p2-hand": "KS 5D", "p2-foot": "85",
                    "p1-hand": "30", "p3-hand": "3H JK 7C", "p3-foot": "60"})
    entry = form.to_entry()
    assert entry is not None and not form.errors
    assert entry["hands"] == {"Bob": {"hand": 30}, "Cara": {"hand": "KS 5D", "foot": 85},
                              "Dan": {"hand": "3H JK 7C", "foot": 60}}
    assert scores(four(entry), 1) == {AC: 2010, BD: 595}


def test_a_player_with_nothing_typed_is_asked_for_hand_and_foot():
    form = EntryForm(catalogue(), FOUR, FOUR, 1, sides=four()["side_players"])
    form.add_missing(["Bob"])
    assert form.seats[1].error == "Nothing typed for Bob: fill in Hand and Foot (0 for none)."


# -- full games (issue 27): the four deals for 4 and 6 players -------------------------------------------


# Four players, Ann & Cara against Bob & Dan, five decks.
# D1 (50) the rule book's: 2010 / 595.
# D2 (90) Bob out: B&D 450 + 500 + 300 + 100 - Dan 35 = 1315; A&C 150 + 300 - Ann 3H 5S (105) - Cara 20 + 40 = 285.
# D3 (120) Cara out: A&C 700 + 1000 + 600 + 200 + 100 - Ann 0 = 2600; B&D 200 + 500 - Bob 30 - Dan 60 + 25 = 585.
# D4 (150) the rule book's, stock out: 615 / 2885.
# Totals A&C 2010 + 285 + 2600 + 615 = 5510; B&D 595 + 1315 + 585 + 2885 = 5380: Ann & Cara win.
def test_a_full_game_of_four_deals_for_four_players():
    hands = [
        DEAL_1,
        deal("Bob", {AC: side(150, dirty=1), BD: side(450, 1, 1)}, Ann=held("3H 5S"), Cara=held(20, 40),
             Dan=held(35)),
        deal("Cara", {AC: side(700, 2, 2, red=2), BD: side(200, 1)}, Ann=held(0), Bob=held(30), Dan=held(60, 25)),
        DEAL_4,
    ]
    sheet = four(*hands)
    assert [scores(sheet, n) for n in (1, 2, 3, 4)] == [
        {AC: 2010, BD: 595}, {AC: 285, BD: 1315}, {AC: 2600, BD: 585}, {AC: 615, BD: 2885}]
    assert [row["opened_at"] for row in sheet["hands"]] == [50, 90, 120, 150]
    assert sheet["totals"] == {AC: 5510, BD: 5380}
    assert sheet["winners"] == [AC] and sheet["finished"] and sheet["next"] is None
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan"]


# Six players in two sides of three, seven decks: ACE = Ann & Cara & Eve, BDF = Bob & Dan & Fay.
# D1 Eve out: ACE 500 + 1000 + 300 + 100 + 100 - Ann 20 - Cara 3D (100) = 1880; BDF 300 + 500 - 15 x 3 = 755.
# D2 Fay out: BDF 800 + 1000 + 600 + 1500 + 100 = 4000 (everyone else 0); ACE 250 + 300 - 30 x 3 = 460.
# D3 stock out: ACE 400 + 500 + 300 - 10 - 10 - 10 = 1170; BDF 350 + 500 - 50 - 5 - 5 = 790.
# D4 Ann out: ACE 900 + 1500 + 600 + 300 + 100 - Cara 25 - Eve JK (50) = 3325; BDF 200 + 300 - 60 = 440.
# Totals ACE 1880 + 460 + 1170 + 3325 = 6835; BDF 755 + 4000 + 790 + 440 = 5985: ACE win.
def test_a_full_game_of_four_deals_for_six_players_in_two_sides_of_three():
    ace, bdf = "Ann & Cara & Eve", "Bob & Dan & Fay"
    hands = [
        deal("Eve", {ace: side(500, 2, 1, red=1), bdf: side(300, 1)}, Ann=held(20), Cara=held("3D"),
             Bob=held(15), Dan=held(15), Fay=held(15)),
        deal("Fay", {ace: side(250, dirty=1), bdf: side(800, 2, 2, 1)}, Ann=held(30), Cara=held(30), Eve=held(30),
             Bob=held(0), Dan=held(0)),
        deal(None, {ace: side(400, 1, 1), bdf: side(350, 1)}, Ann=held(10), Cara=held(10), Eve=held(10),
             Bob=held(50), Dan=held(5), Fay=held(5)),
        deal("Ann", {ace: side(900, 3, 2, red=3), bdf: side(200, dirty=1)}, Cara=held(25), Eve=held("JK"),
             Bob=held(20), Dan=held(20), Fay=held(20)),
    ]
    sheet = play(GAME, SIX, hands, sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    assert sheet["next"] is None and sheet["finished"]
    assert [scores(sheet, n) for n in (1, 2, 3, 4)] == [
        {ace: 1880, bdf: 755}, {ace: 460, bdf: 4000}, {ace: 1170, bdf: 790}, {ace: 3325, bdf: 440}]
    assert sheet["totals"] == {ace: 6835, bdf: 5985} and sheet["winners"] == [ace]
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan"]


# Six players in three sides of two, seven decks: AD, BE, CF.
# D1 Ann out: AD 300 + 500 + 300 + 100 + 100 - Dan 40 = 1260; BE 200 + 500 - 20 - 20 = 660; CF 100 - 30 - 30 = 40.
# D2 Cara out: CF 600 + 1000 + 300 + 100 - Fay 10 = 1990; AD 150 - 10 - 10 = 130; BE 400 + 300 - 10 - 10 = 680.
# D3 Eve out: BE 500 + 500 + 600 + 200 + 100 - Bob 0 = 1900; AD 200 + 500 - 25 - 25 = 650; CF 0 - 45 - 45 = -90.
# D4 Dan out: AD 1000 + 1000 + 1500 + 300 + 100 - Ann 0 = 3900; BE 300 + 500 - 100 = 700; CF 200 - 80 = 120.
# Totals AD 1260 + 130 + 650 + 3900 = 5940; BE 660 + 680 + 1900 + 700 = 3940; CF 40 + 1990 - 90 + 120 = 2060.
def test_a_full_game_of_four_deals_for_six_players_in_three_sides_of_two():
    ad, be, cf = "Ann & Dan", "Bob & Eve", "Cara & Fay"
    hands = [
        deal("Ann", {ad: side(300, 1, 1, red=1), be: side(200, 1), cf: side(100)}, Dan=held(40),
             Bob=held(20), Eve=held(20), Cara=held(30), Fay=held(30)),
        deal("Cara", {ad: side(150), be: side(400, dirty=1), cf: side(600, 2, 1)}, Ann=held(10), Dan=held(10),
             Bob=held(10), Eve=held(10), Fay=held(10)),
        deal("Eve", {ad: side(200, 1), be: side(500, 1, 2, red=2), cf: side(0)}, Ann=held(25), Dan=held(25),
             Bob=held(0), Cara=held(45), Fay=held(45)),
        deal("Dan", {ad: side(1000, 2, 1, 1), be: side(300, 1), cf: side(200)}, Ann=held(0), Bob=held(50, 50),
             Eve=held(), Cara=held(80), Fay=held(0)),
    ]
    sheet = play(GAME, SIX, hands, sides=[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]])
    assert [scores(sheet, n) for n in (1, 2, 3, 4)] == [
        {ad: 1260, be: 660, cf: 40}, {ad: 130, be: 680, cf: 1990}, {ad: 650, be: 1900, cf: -90},
        {ad: 3900, be: 700, cf: 120}]
    assert sheet["totals"] == {ad: 5940, be: 3940, cf: 2060} and sheet["winners"] == [ad]
    assert sheet["finished"] and sheet["next"] is None
