"""Classic Canasta (SCORING.md section 5, `canasta`; section 4's refusals; section 6's decisions)."""

from __future__ import annotations

import pytest
from helpers import counted, dealers, holding, notes, play, rejected, scores, totals

from scorekeeper.engine import InvalidEntry, Replay, entry_of, parse_cards, variants
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.canasta import DECK_WORTH, minimum_meld

GAME = "canasta"
FOUR = ["Ann", "Bob", "Cara", "Dan"]
SIX = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]
AC, BD = "Ann & Cara", "Bob & Dan"


def melded(points: int, natural: int = 0, mixed: int = 0, red: int = 0) -> dict:
    side = {"meld_points": points}
    for key, n in (("natural", natural), ("mixed", mixed), ("red_threes", red)):
        if n:
            side[key] = n
    return side


def hand(out, sides, concealed=None, **hands):
    entry = {"out": out, "sides": sides, "hands": hands}
    if concealed is not None:
        entry["concealed"] = concealed
    return entry


def four(*hands, **header):
    return play(GAME, FOUR, list(hands), sides=header.pop("sides", PARTNERS), **header)


def refused(*hands, players=FOUR, sides=PARTNERS, **header):
    return rejected(GAME, players, list(hands), **({"sides": sides} if sides else {}), **header)


#: an ordinary hand: Ann goes out with a natural canasta; everyone else holds 10
def plain(a=None, b=None, **hands):
    sides = {AC: a or melded(100, natural=1), BD: b or melded(50)}
    return hand("Ann", sides, **({"Bob": counted(10), "Cara": counted(10), "Dan": counted(10)} | hands))


def catalogue():
    return next(v for v in variants() if v["key"] == GAME)


# -- players, deals and packs -------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_canasta_is_for_2_to_6_players(count):
    error = rejected(GAME, [*SIX, "Gus"][:count])
    assert str(error) == f"players: Canasta is for 2 to 6 players, got {count}"


def test_four_play_in_two_sides_of_two_with_11_cards_each_from_two_decks_and_four_jokers():
    sheet = four()
    assert sheet["sides"] == [AC, BD]
    assert {k: sheet["next"][k] for k in ("cards_each", "decks", "jokers")} == {"cards_each": 11, "decks": 2,
                                                                                "jokers": 4}


def test_four_players_need_their_sides():
    error = rejected(GAME, FOUR)
    assert (error.where, error.code) == ("sides", "sides_missing")
    assert str(error) == ("sides: Canasta with 4 players is played in sides of 2: say who partners whom "
                          "(partners sit opposite)")


def test_partners_sit_opposite():
    error = rejected(GAME, FOUR, sides=[["Ann", "Bob"], ["Cara", "Dan"]])
    assert str(error) == "sides: Ann and Bob sit side by side, but partners sit opposite"


def test_two_players_play_each_for_themselves_with_15_cards_drawing_2_a_turn():
    sheet = play(GAME, ["Ann", "Bob"])
    assert sheet["sides"] == ["Ann", "Bob"] and sheet["side_players"] == {"Ann": ["Ann"], "Bob": ["Bob"]}
    assert (sheet["next"]["cards_each"], sheet["next"]["decks"], sheet["next"]["jokers"]) == (15, 2, 4)
    assert "draw 2 a turn" in sheet["guide"]["next"]


def test_three_players_play_each_for_themselves_with_13_cards():
    sheet = play(GAME, ["Ann", "Bob", "Cara"])
    assert sheet["sides"] == ["Ann", "Bob", "Cara"]
    assert (sheet["next"]["cards_each"], sheet["next"]["decks"], sheet["next"]["jokers"]) == (13, 2, 4)
    assert "draw 2" not in sheet["guide"]["next"]


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cara"]])
def test_two_or_three_players_take_no_sides(players):
    error = rejected(GAME, players, sides=[players])
    assert error.code == "no_sides_for_players"
    assert error.message.startswith("Canasta is played in sides only with 4 or 6 players")


@pytest.mark.parametrize(("sides", "names"), [
    ([["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]], ["Ann & Cara & Eve", "Bob & Dan & Fay"]),
    ([["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]], ["Ann & Dan", "Bob & Eve", "Cara & Fay"]),
])
def test_six_play_in_two_sides_of_three_or_three_of_two_with_13_cards_from_three_decks_and_six_jokers(sides, names):
    sheet = play(GAME, SIX, sides=sides)
    assert sheet["sides"] == names
    assert (sheet["next"]["cards_each"], sheet["next"]["decks"], sheet["next"]["jokers"]) == (13, 3, 6)


def test_six_players_in_sides_of_six_are_refused():
    assert rejected(GAME, SIX, sides=[SIX]).message == "Canasta with 6 players is played in sides of 3 or 2, not 6"


def test_the_pack_is_two_decks_and_four_jokers_or_three_and_six():
    canasta = VARIANTS[GAME]
    options = {"canastas_to_go_out": 1, "target": 5000}
    assert [canasta.pack(n, options) for n in (2, 3, 4, 6)] == [(2, 4), (2, 4), (2, 4), (3, 6)]
    assert catalogue()["jokers"] == {"2": 4, "3": 4, "4": 4, "5": 4, "6": 6}


def test_an_entry_holds_at_most_the_packs_jokers():
    four(plain(Bob=holding("JK JK JK JK")))
    error = refused(plain(Bob=holding("JK JK JK"), Dan=holding("JK JK")))
    assert (error.player, error.code) == ("Dan", "too_many_copies")
    assert "this pack has 4 jokers" in error.message
    six = [["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]]
    sides = {"Ann & Dan": melded(100, natural=1, mixed=1), "Bob & Eve": melded(0), "Cara & Fay": melded(0)}
    everyone = {p: counted(0) for p in SIX[1:]}
    play(GAME, SIX, [hand("Ann", sides, **everyone | {"Bob": holding("JK JK JK JK JK JK")})], sides=six)
    error = rejected(GAME, SIX, [hand("Ann", sides, **everyone | {"Bob": holding("JK JK JK JK JK JK JK")})],
                     sides=six)
    assert "this pack has 6 jokers" in error.message


def test_a_card_appears_at_most_twice_with_two_decks():
    four(plain(Bob=holding("KS KS"), Cara=holding("QH QH")))
    error = refused(plain(Bob=holding("KS KS"), Dan=holding("KS")))
    assert "KS appears 3 times, but this game uses two decks" in error.message


def test_a_hand_of_cards_holds_at_most_108():
    sheet = four(plain(Bob=holding(" ".join(["4C"] * 2 + ["5C"] * 2 + ["6C"] * 2))))
    assert scores(sheet, 1)[BD] == 50 - 30 - 10
    error = refused(plain(Bob=holding(" ".join(["4C"] * 109))))
    assert error.code == "out_of_bounds" and "at most 108" in error.message


# -- values -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "value"), [
    ("JK", 50), ("AS", 20), ("2C", 20), ("2H", 20), ("KH", 10), ("QD", 10), ("JC", 10), ("10S", 10), ("9H", 10),
    ("8D", 10), ("7S", 5), ("6H", 5), ("5D", 5), ("4C", 5), ("3S", 5), ("3C", 5),
])
def test_joker_50_ace_and_two_20_king_to_eight_10_seven_to_four_and_a_black_three_5(cards, value):
    sheet = four(plain(Bob=holding(cards)))
    assert sheet["hands"][0]["details"][BD]["cards_left"]["Bob"] == value
    assert VARIANTS[GAME].preview(parse_cards(cards), {}) == {"value": value}


@pytest.mark.parametrize("red", ["3H", "3D"])
def test_a_red_three_in_a_players_cards_is_refused(red):
    error = refused(plain(Dan=holding(f"4H {red}")))
    assert str(error) == f"hand 1, Dan: {red} is a red three; count it in red_threes"
    assert (error.player, error.field, error.code) == ("Dan", "cards", "red_three_in_hand")
    assert VARIANTS[GAME].preview(parse_cards(f"KS {red}"), {}) == {
        "error": f"{red} is a red three; count it in red_threes"}


def test_a_typed_count_is_taken_as_it_is_within_0_to_10000():
    assert four(plain(Bob=counted(7)))["hands"][0]["details"][BD]["cards_left"]["Bob"] == 7
    error = refused(plain(Bob=counted(10_001)))
    assert (error.player, error.field, error.code) == ("Bob", "count", "out_of_bounds")


def test_one_deck_is_worth_490_and_the_packs_1180_and_1770_red_threes_aside():
    assert DECK_WORTH == 490
    assert 2 * DECK_WORTH + 4 * 50 == 1180 and 3 * DECK_WORTH + 6 * 50 == 1770


# -- the worked examples -------------------------------------------------------------------------------


def test_the_worked_example_ann_goes_out_1255_to_275():
    entry = {"out": "Ann", "concealed": False,
             "sides": {AC: {"meld_points": 270, "natural": 1, "mixed": 1, "red_threes": 1},
                       BD: {"meld_points": 150, "red_threes": 2}},
             "hands": {"Cara": {"cards": "KS 5D"}, "Bob": {"count": 60}, "Dan": {"cards": "4H 4C 7S"}}}
    sheet = four(entry)
    assert scores(sheet, 1) == {AC: 1255, BD: 275}  # 270 + 500 + 300 + 100 + 100 - 15; 150 + 200 - 75
    details = sheet["hands"][0]["details"]
    assert details[AC] == {"meld_points": 270, "natural": 1, "mixed": 1, "red_threes": 1, "canasta_bonus": 800,
                           "red_three_points": 100, "going_out": 100, "concealed": False,
                           "cards_left": {"Cara": 15}, "left": 15, "value": 1255}
    assert details[BD]["cards_left"] == {"Bob": 60, "Dan": 15}
    assert sheet["hands"][0]["notes"] == [
        "Ann went out: 100 for going out.",
        "Ann & Cara 1255: melded 270, 1 natural canasta 500, 1 mixed canasta 300, 1 red three 100, going out 100, "
        "cards left -15 (Cara 15).",
        "Bob & Dan 275: melded 150, 2 red threes 200, cards left -75 (Bob 60, Dan 15).",
    ]


def test_the_second_worked_example_a_concealed_going_out_and_a_side_that_melded_nothing():
    entry = hand("Cara", {AC: melded(180, natural=1, red=3), BD: melded(0, red=1)}, concealed=True,
                 Ann=holding("AS 9D"), Bob=counted(95), Dan=counted(40))
    sheet = four(entry)
    assert scores(sheet, 1) == {AC: 1150, BD: -235}  # 180 + 500 + 300 + 200 - 30; -100 - 135
    assert sheet["next"]["minimum_meld"] == {AC: 50, BD: 15}
    assert notes(sheet, 1) == (
        "Cara went out concealed, the whole hand melded in one turn: 200 for going out. "
        "Ann & Cara 1150: melded 180, 1 natural canasta 500, 3 red threes 300, going out concealed 200, "
        "cards left -30 (Ann 30). "
        "Bob & Dan -235: melded 0, 1 red three -100 (nothing melded), cards left -135 (Bob 95, Dan 40).")


# -- the entry -------------------------------------------------------------------------------------------


def test_omitted_natural_mixed_and_red_three_counts_are_0():
    sheet = four(plain(a={"meld_points": 100, "natural": 1}, b={"meld_points": 0}))
    assert sheet["hands"][0]["details"][BD] | {"cards_left": None} == {
        "meld_points": 0, "natural": 0, "mixed": 0, "red_threes": 0, "canasta_bonus": 0, "red_three_points": 0,
        "going_out": 0, "concealed": False, "cards_left": None, "left": 20, "value": -20}


def test_every_side_gives_its_meld_points_0_when_it_melded_nothing():
    error = refused(plain(b={"red_threes": 1}))
    assert str(error) == "hand 1, Bob & Dan: meld_points is needed from every side (0 if none)"
    assert (error.player, error.field, error.code) == (BD, "meld_points", "missing_input")


def test_every_side_gives_its_input():
    error = refused({"out": "Ann", "sides": {AC: melded(100, natural=1)},
                     "hands": {"Bob": counted(1), "Cara": counted(1), "Dan": counted(1)}})
    assert str(error) == "hand 1: no input for Bob & Dan"


def test_every_player_but_the_one_who_went_out_gives_cards_or_a_count():
    error = refused(hand("Ann", {AC: melded(100, natural=1), BD: melded(0)}, Bob=counted(1), Dan=counted(1)))
    assert str(error) == "hand 1: no input for Cara"


def test_the_partner_of_the_player_who_went_out_still_has_cards_and_they_count():
    sheet = four(plain(Cara=holding("JK AS")))
    assert scores(sheet, 1)[AC] == 100 + 500 + 100 - 70


def test_the_player_who_went_out_holds_no_cards():
    four(plain(Ann={}))
    error = refused(plain(Ann=counted(5)))
    assert (error.player, error.message) == ("Ann", "Ann went out, so has no cards left and counts 0")


def test_out_null_the_stock_ran_out_no_going_out_bonus_and_everyones_cards_count():
    sides = {AC: melded(100, natural=1), BD: melded(60)}
    sheet = four(hand(None, sides, Ann=counted(5), Bob=counted(10), Cara=counted(15), Dan=counted(20)))
    assert scores(sheet, 1) == {AC: 100 + 500 - 20, BD: 60 - 30}
    row = sheet["hands"][0]
    assert (row["out"], row["kind"], row["moments"]) == (None, "stock", {})
    assert row["notes"][0] == "The stock ran out: nobody went out, so no going-out bonus."
    error = refused(hand(None, sides, Ann=counted(5), Bob=counted(10), Cara=counted(15)))
    assert str(error) == "hand 1: no input for Dan"


def test_concealed_needs_the_player_who_went_out():
    error = refused(hand(None, {AC: melded(100, natural=1), BD: melded(60)}, concealed=True,
                         **{p: counted(0) for p in FOUR}))
    assert (error.field, error.message) == ("concealed", "concealed needs the player who went out")


@pytest.mark.parametrize("flag", ["yes", 1, None])
def test_concealed_is_true_or_false(flag):
    entry = plain()
    entry["concealed"] = flag
    assert refused(entry).message == "concealed must be true or false"
    assert scores(four(plain()), 1)[AC] == 100 + 500 + 100 - 10  # left out: false


def test_an_entry_key_canasta_does_not_take_is_refused():
    entry = plain()
    entry["rummy"] = True
    assert "'rummy' is not part of a Canasta entry" in refused(entry).message


# -- the side's score --------------------------------------------------------------------------------------


def test_a_side_scores_meld_points_plus_500_a_natural_and_300_a_mixed_canasta():
    sheet = four(plain(a=melded(400, natural=2, mixed=3)))
    assert scores(sheet, 1)[AC] == 400 + 1000 + 900 + 100 - 10


@pytest.mark.parametrize(("red", "points"), [(1, 100), (2, 200), (3, 300), (4, 800)])
def test_red_threes_100_each_and_800_for_all_four(red, points):
    sheet = four(plain(b=melded(50, red=red)))
    assert sheet["hands"][0]["details"][BD]["red_three_points"] == points
    assert scores(sheet, 1)[BD] == 50 + points - 20


@pytest.mark.parametrize(("red", "points"), [(1, 100), (4, 400), (5, 1000), (6, 1200)])
def test_with_three_decks_red_threes_are_100_each_up_to_four_1000_for_five_1200_for_six(red, points):
    sides = {"Ann & Cara & Eve": melded(100, natural=1, mixed=1), "Bob & Dan & Fay": melded(50, red=red)}
    sheet = play(GAME, SIX, [hand("Ann", sides, **{p: counted(0) for p in SIX[1:]})],
                 sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    assert scores(sheet, 1)["Bob & Dan & Fay"] == 50 + points


@pytest.mark.parametrize(("red", "points"), [(1, -100), (3, -300), (4, -800)])
def test_red_threes_count_minus_when_the_side_melded_nothing(red, points):
    sheet = four(plain(b=melded(0, red=red)))
    assert sheet["hands"][0]["details"][BD]["red_three_points"] == points
    assert scores(sheet, 1)[BD] == points - 20
    assert "(nothing melded)" in notes(sheet, 1)


def test_going_out_is_worth_100_and_concealed_200():
    assert four(plain())["hands"][0]["details"][AC]["going_out"] == 100
    concealed = plain()
    concealed["concealed"] = True
    row = four(concealed)["hands"][0]
    assert (row["details"][AC]["going_out"], row["details"][BD]["going_out"], row["scores"][AC]) == (
        200, 0, 100 + 500 + 200 - 10)


def test_the_cards_left_in_a_sides_players_hands_count_against_it():
    sheet = four(plain(Bob=holding("JK 9S"), Dan=counted(25), Cara=holding("4D")))
    assert sheet["hands"][0]["details"][BD]["cards_left"] == {"Bob": 60, "Dan": 25}
    assert scores(sheet, 1) == {AC: 100 + 500 + 100 - 5, BD: 50 - 85}


def test_a_negative_hand_is_scored_as_it_is_and_the_side_needs_15_to_open():
    sheet = four(plain(b=melded(0), Bob=counted(80), Dan=counted(40)))
    assert totals(sheet) == {AC: 690, BD: -120}
    assert sheet["next"]["minimum_meld"] == {AC: 50, BD: 15}


def test_the_hands_winner_is_the_side_that_scored_most_none_when_level():
    assert four(plain())["hands"][0]["winner"] == AC
    level = hand(None, {AC: melded(50), BD: melded(50)}, **{p: counted(0) for p in FOUR})
    assert four(level)["hands"][0]["winner"] is None
    better = hand("Ann", {AC: melded(35, natural=1), BD: melded(900, natural=2, mixed=1)},
                  Bob=counted(0), Cara=counted(0), Dan=counted(0))
    assert four(better)["hands"][0]["winner"] == BD


def test_the_hands_kind_is_out_concealed_or_stock():
    concealed = plain()
    concealed["concealed"] = True
    stock = hand(None, {AC: melded(50), BD: melded(50)}, **{p: counted(0) for p in FOUR})
    assert [four(e)["hands"][0]["kind"] for e in (plain(), concealed, stock)] == ["out", "concealed", "stock"]


# -- the sanity bounds -----------------------------------------------------------------------------------------


def test_the_side_that_went_out_holds_the_canastas_to_go_out():
    error = refused(plain(a=melded(200)))
    assert str(error) == "hand 1, Ann & Cara: went out with 0 canastas (1 needed)"
    assert (error.player, error.field, error.code) == (AC, "natural", "too_few_canastas")


@pytest.mark.parametrize("players", [["Ann", "Bob"], SIX])
def test_two_canastas_to_go_out_with_2_or_6_players(players):
    sides = None if len(players) == 2 else [["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]]
    first = players[0] if len(players) == 2 else "Ann & Cara & Eve"
    other = players[1] if len(players) == 2 else "Bob & Dan & Fay"
    one = hand("Ann", {first: melded(100, natural=1), other: melded(0)}, **{p: counted(0) for p in players[1:]})
    error = rejected(GAME, players, [one], **({"sides": sides} if sides else {}))
    assert error.message == "went out with 1 canasta (2 needed)"
    assert play(GAME, players, options={"canastas_to_go_out": 1}, **({"sides": sides} if sides else {}),
                hands=[one])["hands"][0]["scores"][first] == 100 + 500 + 100


def test_canastas_to_go_out_is_1_by_default_with_3_or_4_players_and_may_be_2():
    assert four()["options"]["canastas_to_go_out"] == 1
    assert play(GAME, ["Ann", "Bob", "Cara"])["options"]["canastas_to_go_out"] == 1
    error = refused(plain(), options={"canastas_to_go_out": 2})
    assert error.message == "went out with 1 canasta (2 needed)"


@pytest.mark.parametrize("value", [0, 3, "2", True])
def test_canastas_to_go_out_is_1_or_2(value):
    error = rejected(GAME, ["Ann", "Bob"], options={"canastas_to_go_out": value})
    assert (error.where, error.field, error.code) == ("options", "canastas_to_go_out", "bad_option")
    assert error.message == "canastas_to_go_out must be none, 1 or 2"


@pytest.mark.parametrize(("side", "least", "holds"), [
    (melded(80, natural=1, mixed=1), 85, "1 natural and 1 mixed canasta hold"),
    (melded(30, natural=1), 35, "1 natural canasta holds"),
    (melded(45, mixed=1), 50, "1 mixed canasta holds"),
    (melded(65, natural=2), 70, "2 natural canastas hold"),
    (melded(100, mixed=2, natural=1), 135, "1 natural and 2 mixed canastas hold"),
    (melded(0, natural=1), 35, "1 natural canasta holds"),
])
def test_meld_points_are_at_least_what_the_canastas_hold(side, least, holds):
    error = refused(plain(a=melded(100, natural=1), b=side))
    assert str(error) == f"hand 1, Bob & Dan: meld_points {side['meld_points']} is below the {least} that {holds}"
    assert (error.player, error.field, error.code) == (BD, "meld_points", "meld_points_too_low")


def test_the_rule_books_message_for_meld_points_below_the_canastas():
    error = refused(plain(a=melded(60, natural=1, mixed=1)))
    assert str(error) == "hand 1, Ann & Cara: meld_points 60 is below the 85 that 1 natural and 1 mixed canasta hold"


def test_meld_points_at_the_least_the_canastas_hold_are_taken():
    assert scores(four(plain(a=melded(85, natural=1, mixed=1))), 1)[AC] == 85 + 800 + 100 - 10
    assert scores(four(plain(b=melded(35, natural=1))), 1)[BD] == 535 - 20


def test_meld_points_are_a_multiple_of_5():
    error = refused(plain(b=melded(152)))
    assert str(error) == "hand 1, Bob & Dan: meld_points must be a multiple of 5"
    assert (error.player, error.field, error.code) == (BD, "meld_points", "not_a_multiple")


def test_more_red_threes_than_the_pack_holds_is_refused_as_the_rule_book_says():
    good = plain()
    error = refused(good, plain(a=melded(100, natural=1, red=3), b=melded(50, red=2)))
    assert str(error) == "hand 2: 5 red threes entered; two decks hold 4"
    assert (error.hand, error.player, error.field, error.code) == (2, BD, "red_threes", "more_than_the_pack")


def test_three_decks_hold_6_red_threes():
    sides = {"Ann & Cara & Eve": melded(100, natural=1, mixed=1, red=4), "Bob & Dan & Fay": melded(50, red=3)}
    error = rejected(GAME, SIX, [hand("Ann", sides, **{p: counted(0) for p in SIX[1:]})],
                     sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    assert str(error) == "hand 1: 7 red threes entered; three decks hold 6"


@pytest.mark.parametrize(("a", "b", "field", "message"), [
    (melded(600, natural=6), melded(500, natural=6), "natural",
     "12 natural canastas entered; a pack holds at most 11, one of each rank from 4 to ace"),
    (melded(400, natural=1, mixed=7), melded(300, mixed=6), "mixed",
     "13 mixed canastas entered; each holds a wild card and two decks hold 12"),
    (melded(800, natural=5, mixed=6), melded(250, mixed=4), "natural",
     "15 canastas hold at least 105 cards; two decks hold 100 that can be melded"),
    (melded(1000, natural=1), melded(180), "meld_points",
     "meld points and cards left add up to 1190 or more; two decks and 4 jokers are worth 1180 in all"),
])
def test_what_the_table_enters_fits_in_the_pack(a, b, field, message):
    error = refused(plain(a=a, b=b))
    assert str(error) == f"hand 1: {message}"
    assert (error.player, error.field, error.code) == (BD, field, "more_than_the_pack")


def test_cards_left_that_take_the_table_past_the_pack_blame_that_player():
    error = refused(plain(a=melded(900, natural=1), b=melded(200), Bob=counted(75)))
    assert (error.player, error.field) == ("Bob", "count")
    assert error.message == ("meld points and cards left add up to 1185 or more; two decks and 4 jokers are "
                             "worth 1180 in all")


def test_the_most_the_pack_holds_is_taken():
    # 11 natural canastas and 1180 of meld points and cards left, between them
    sheet = four(plain(a=melded(700, natural=6), b=melded(450, natural=5), Bob=counted(10), Cara=counted(10),
                       Dan=counted(10)))
    assert scores(sheet, 1) == {AC: 700 + 3000 + 100 - 10, BD: 450 + 2500 - 20}


@pytest.mark.parametrize(("key", "value", "most"), [
    ("meld_points", 1775, 1770), ("natural", 12, 11), ("mixed", 19, 18), ("red_threes", 7, 6),
])
def test_every_sides_count_has_an_upper_bound(key, value, most):
    error = refused(plain(b={"meld_points": 50, key: value}))
    assert (error.player, error.field, error.code) == (BD, key, "out_of_bounds")
    assert error.message == f"{key} must be a whole number from 0 to {most}, not {value}"


def test_a_sides_count_is_a_whole_number():
    error = refused(plain(b={"meld_points": 50, "natural": -1}))
    assert (error.field, error.code) == ("natural", "out_of_bounds")
    error = refused(plain(b={"meld_points": 50.0}))
    assert error.message == "meld_points 50.0 is not a whole number"


# -- options ----------------------------------------------------------------------------------------------------


def test_the_game_is_to_5000():
    assert four()["options"]["target"] == 5000
    assert play(GAME, ["Ann", "Bob"])["options"]["target"] == 5000
    assert four()["guide"]["goal"] == "Game to 5000; highest wins"


def test_six_players_play_to_10000_in_two_sides_and_7500_in_three():
    assert play(GAME, SIX, sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])["options"]["target"] == 10000
    assert play(GAME, SIX, sides=[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]])["options"]["target"] == 7500


def test_a_target_given_is_kept():
    assert four(options={"target": 3000})["options"]["target"] == 3000
    assert play(GAME, SIX, sides=[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]],
                options={"target": 9000})["options"]["target"] == 9000
    assert rejected(GAME, ["Ann", "Bob"], options={"target": 0}).code == "bad_option"


# -- the next deal ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("total", "needed"), [
    (-5, 15), (-1000, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (7495, 120), (7500, 150),
    (20000, 150),
])
def test_the_minimum_first_meld_follows_the_sides_total(total, needed):
    assert minimum_meld(total) == needed


def test_next_minimum_meld_is_given_per_side_and_said_on_the_next_line():
    sheet = four(hand("Ann", {AC: melded(700, natural=1, mixed=1), BD: melded(300, natural=1)},
                      Bob=counted(0), Cara=counted(0), Dan=counted(0)))
    assert totals(sheet) == {AC: 1600, BD: 800}
    assert sheet["next"]["minimum_meld"] == {AC: 90, BD: 50}
    assert sheet["guide"]["next"] == "Hand 2 · Bob deals 11 cards · 2 decks + 4 jokers · Ann & Cara need 90 to open, Bob & Dan 50"


def test_the_next_line_says_once_when_every_side_needs_the_same():
    assert four()["guide"]["next"] == "Hand 1 · Ann deals 11 cards · 2 decks + 4 jokers · everyone needs 50 to open"


def test_a_player_on_their_own_needs_what_they_need_to_open():
    sheet = play(GAME, ["Ann", "Bob"], [hand("Bob", {"Ann": melded(0), "Bob": melded(200, natural=1, mixed=1)},
                                             Ann=counted(20))])
    assert sheet["next"]["minimum_meld"] == {"Ann": 15, "Bob": 50}
    assert sheet["guide"]["next"].endswith("draw 2 a turn · Ann needs 15 to open, Bob 50")


# -- the end --------------------------------------------------------------------------------------------------------


def big(out="Ann", points=500, **hands):
    """Ann & Cara score points + 1000 + 600 + 100 going out - 0."""
    return hand(out, {AC: melded(points, natural=2, mixed=2), BD: melded(50)},
                **({"Bob": counted(0), "Cara": counted(0), "Dan": counted(0)} | hands))


def test_the_game_ends_after_the_hand_in_which_a_side_reaches_the_target():
    sheet = four(big(), big())  # 2200, then 4400
    assert not sheet["finished"]
    sheet = four(big(), big(), big())
    assert totals(sheet) == {AC: 6600, BD: 150}
    assert (sheet["finished"], sheet["winners"], sheet["next"]) == (True, [AC], None)


def test_the_highest_total_wins_even_when_another_side_reached_the_target():
    behind = hand("Bob", {AC: melded(1000, natural=2, mixed=1), BD: melded(85, natural=1, mixed=1)},
                  Ann=counted(0), Cara=counted(0), Dan=counted(0))
    sheet = four(behind, options={"target": 900})
    assert totals(sheet) == {AC: 2300, BD: 985}
    assert sheet["winners"] == [AC]


def test_equal_totals_share_the_win():
    tied = four(hand(None, {AC: melded(500, natural=1), BD: melded(500, natural=1)},
                     **{p: counted(0) for p in FOUR}), options={"target": 1000})
    assert (tied["finished"], tied["winners"]) == (True, [AC, BD])


def test_ended_by_agreement_the_highest_total_wins():
    sheet = four(plain(), ended=True)
    assert (sheet["finished"], sheet["winners"]) == (True, [AC])


def test_the_deal_passes_left():
    sheet = four(plain(), plain(), plain(), plain(), plain())
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Ann", "Bob"]


def test_a_refused_hand_leaves_the_kept_replay_as_it_was():
    game = Replay.of({"variant": GAME, "players": FOUR, "sides": PARTNERS, "hands": [plain()]})
    before = game.sheet()
    with pytest.raises(InvalidEntry):
        game.after(plain(b=melded(52)))
    after = game.after(plain())
    assert game.sheet() == before
    assert after.sheet()["totals"] == {AC: 1380, BD: 60}


# -- moments and the catalogue ----------------------------------------------------------------------------------------


def test_the_moments_are_named_for_each_player_going_out_concealed_all_red_threes_or_melding_nothing():
    entry = hand("Cara", {AC: melded(100, natural=1, red=4), BD: melded(0)}, concealed=True,
                 Ann=counted(0), Bob=counted(10), Dan=counted(10))
    assert four(entry)["hands"][0]["moments"] == {
        "Cara": ["went_out", "concealed", "all_red_threes"], "Ann": ["all_red_threes"], "Bob": ["melded_nothing"],
        "Dan": ["melded_nothing"]}
    assert four(plain())["hands"][0]["moments"] == {"Ann": ["went_out"]}


def test_the_red_three_moment_is_five_or_six_with_three_decks():
    sides = {"Ann & Cara & Eve": melded(100, natural=1, mixed=1, red=4), "Bob & Dan & Fay": melded(50, red=2)}
    sheet = play(GAME, SIX, [hand("Ann", sides, **{p: counted(0) for p in SIX[1:]}),
                             hand("Ann", {**sides, "Ann & Cara & Eve": melded(100, natural=1, mixed=1, red=5),
                                          "Bob & Dan & Fay": melded(50)}, **{p: counted(0) for p in SIX[1:]})],
                 sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    assert sheet["hands"][0]["moments"] == {"Ann": ["went_out"]}
    assert sheet["hands"][1]["moments"] == {"Ann": ["went_out", "all_red_threes"], "Cara": ["all_red_threes"],
                                            "Eve": ["all_red_threes"]}


def test_the_catalogue_says_it_is_played_in_sides_and_declares_each_sides_fields():
    entry = catalogue()
    assert entry["sides"] == {"4": [2], "6": [3, 2]}
    assert entry["uneven_sides"] == {"5": [3, 2]}
    assert entry["player_counts"] == [2, 3, 4, 5, 6]
    assert entry["cards_each"] == {"2": 15, "3": 13, "4": 11, "5": 11, "6": 13}
    entry = {**entry, "entry": entry_of(GAME, four()["options"])}  # a classic game's, as its form asks
    assert [(f["key"], f["maximum"], f["step"], f["required"]) for f in entry["entry"]["side_fields"]] == [
        ("meld_points", 1770, 5, True), ("natural", 11, 1, False), ("mixed", 18, 1, False),
        ("red_threes", 6, 1, False)]
    assert all(f["label"] and f["help"] and f["kind"] == "count" for f in entry["entry"]["side_fields"])
    assert [f["key"] for f in entry["entry"]["fields"]] == ["count", "cards"]
    assert [(c["key"], c["kind"], c["needs_out"]) for c in entry["entry"]["choices"]] == [("concealed", "flag", True)]
    assert (entry["entry"]["out_may_be_null"], entry["entry"]["no_out_label"]) == (True, "The stock ran out")
    assert entry["entry"]["keys"] == ["concealed", "sides", "sits_out", "special"]
    assert [m["key"] for m in entry["moments"]] == ["went_out", "concealed", "all_red_threes", "melded_nothing",
                                                    "special_hand"]


def test_the_catalogue_lists_the_options_with_defaults_that_follow_the_players():
    options = {o["key"]: o for o in catalogue()["options"]}
    assert options["canastas_to_go_out"]["choices"] == [1, 2]
    assert options["canastas_to_go_out"]["default_text"] == "1; 2 with 2 or 6 players and in Modern"
    assert options["target"]["default_text"] == ("5000; with 6 players 10000 in two sides, 7500 in three; "
                                                 "Modern 8500")
    assert (options["target"]["minimum"], options["target"]["maximum"]) == (1, 100_000)


def test_how_to_says_what_to_tap_and_what_cards_count():
    how_to = four()["guide"]["how_to"]
    assert "meld points" in how_to and "red threes" in how_to and "joker 50" in how_to and "black 3 5" in how_to
