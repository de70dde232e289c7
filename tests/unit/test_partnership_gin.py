"""Partnership Gin (SCORING.md section 5 `partnership-gin`; its refusal in "Invalid entries of the games above").

Expected numbers are worked out by hand from the rule book; the comment next to each hand shows the
arithmetic.  ``knock(knocker, count, defender, count)`` is one game of a hand entered by counts (0 is
gin), ``DEAD`` a dead game whose players are left out.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, holding, out, play, rejected, scores, totals

from scorekeeper.engine.games.gin_family import gin_final
from scorekeeper.engine.games.partnership_gin import pairings

FOUR = ["Ann", "Bob", "Cara", "Dan"]
SIDES = [["Ann", "Cara"], ["Bob", "Dan"]]
AC, BD = "Ann & Cara", "Bob & Dan"
DEAD = out(None)
GIN_OPTIONS = {"target": 125, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25,
               "game_bonus": 100, "shutout_bonus": 100, "box_bonus": 25}


def knock(knocker: str, knocked: int, defender: str, has: int) -> dict[str, Any]:
    return out(knocker, **{knocker: counted(knocked), defender: counted(has)})


def hand(*games: dict[str, Any]) -> dict[str, Any]:
    return {"games": list(games)}


def partnership(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("partnership-gin", FOUR, hands, **{"sides": SIDES, **header})


def refused(*hands: dict[str, Any], **header: Any):
    return rejected("partnership-gin", FOUR, hands, **{"sides": SIDES, **header})


# The rule book's example: H1 (Ann v Dan, Cara v Bob) Ann knocks 4, Dan 20 -> 16; Cara knocks 3,
# Bob 15 -> 12: Ann & Cara 28. H2 (Ann v Bob, Cara v Dan) Ann knocks 5, Bob 12 -> 7; Dan knocks 2,
# Cara 15 -> 13: Bob & Dan 13 - 7 = 6.
H1 = hand(knock("Ann", 4, "Dan", 20), knock("Cara", 3, "Bob", 15))
H2 = hand(knock("Ann", 5, "Bob", 12), knock("Dan", 2, "Cara", 15))


# -- players, sides, pairings -----------------------------------------------------------------


def test_partnership_gin_is_for_exactly_four_players():
    error = rejected("partnership-gin", FOUR[:3])
    assert error.where == "players"


def test_the_sides_are_required_partners_opposite():
    assert rejected("partnership-gin", FOUR).code == "sides_missing"
    error = rejected("partnership-gin", FOUR, sides=[["Ann", "Bob"], ["Cara", "Dan"]])
    assert error.where == "sides"


def test_alternate_pairing_odd_hands_each_plays_the_opponent_on_their_right_even_hands_on_their_left():
    assert pairings(FOUR, 1, "Ann", "alternate") == [["Ann", "Dan"], ["Cara", "Bob"]]
    assert pairings(FOUR, 2, "Ann", "alternate") == [["Ann", "Bob"], ["Cara", "Dan"]]
    assert pairings(FOUR, 3, "Ann", "alternate") == [["Ann", "Dan"], ["Cara", "Bob"]]


def test_fixed_pairing_always_plays_the_first_v_the_second_and_the_third_v_the_fourth():
    for number in (1, 2, 3):
        assert pairings(FOUR, number, "Ann", "fixed") == [["Ann", "Bob"], ["Cara", "Dan"]]
    sheet = partnership(hand(knock("Ann", 4, "Bob", 20), knock("Cara", 3, "Dan", 15)),
                        options={"pairing": "fixed"})
    assert sheet["hands"][0]["pairings"] == [["Ann", "Bob"], ["Cara", "Dan"]]


def test_each_pairing_names_the_dealing_sides_player_first():
    assert pairings(FOUR, 1, "Bob", "alternate") == [["Dan", "Ann"], ["Bob", "Cara"]]


def test_the_pairing_option_takes_only_alternate_or_fixed():
    error = refused(options={"pairing": "random"})
    assert (error.where, error.code) == ("options", "bad_option")


# -- the rule book's example ------------------------------------------------------------------------


def test_the_rule_books_example_each_game_as_gin_and_the_sides_results_netted():
    sheet = partnership(H1, H2)
    assert sheet["sides"] == [AC, BD]
    assert scores(sheet, 1) == {AC: 28, BD: 0}
    assert sheet["hands"][0]["winner"] == AC
    assert scores(sheet, 2) == {AC: 0, BD: 6}
    assert sheet["hands"][1]["winner"] == BD
    assert totals(sheet) == {AC: 28, BD: 6}
    assert sheet["hands"][1]["notes"] == [
        "Ann knocked with 5; Bob has 12: 12 - 5 = 7.",
        "Dan knocked with 2; Cara has 15: 15 - 2 = 13.",
        "Bob & Dan won 13, Ann & Cara 7: 13 - 7 = 6 to Bob & Dan.",
    ]


def test_each_hand_gives_its_pairings_and_each_games_details():
    row = partnership(H1)["hands"][0]
    assert row["pairings"] == [["Ann", "Dan"], ["Cara", "Bob"]]
    assert [(g["players"], g["out"], g["scores"]) for g in row["games"]] == [
        (["Ann", "Dan"], "Ann", {"Ann": 16}), (["Cara", "Bob"], "Cara", {"Cara": 12})]
    assert row["details"][AC]["won"] == 28 and row["details"][BD]["won"] == 0


def test_the_next_deal_gives_its_pairings_and_the_line_names_them():
    sheet = partnership(H1, H2)
    assert sheet["next"]["pairings"] == [["Dan", "Ann"], ["Bob", "Cara"]]
    assert sheet["guide"]["next"] == "Hand 3 · Bob deals 10 cards · 2 decks · Dan v Ann, Bob v Cara"


def test_the_two_games_may_be_given_in_any_order():
    sheet = partnership(hand(knock("Cara", 3, "Bob", 15), knock("Ann", 4, "Dan", 20)))
    assert scores(sheet, 1) == {AC: 28, BD: 0}


def test_a_game_is_scored_as_gin_with_cards_and_lay_offs():
    # Ann knocks with 7 v Dan's cards: Dan lays off 2H 7H 8H and keeps 33: 26; Cara v Bob dead.
    sheet = partnership(hand(out("Ann", Ann=holding("3H 4H 5H 6H 8S 8D 8C AC 2D 4C"),
                                 Dan=holding("2H 7H 8H 9S 9D QC KD QD JD 5C")), DEAD))
    assert scores(sheet, 1) == {AC: 26, BD: 0}
    assert sheet["hands"][0]["games"][0]["details"]["Dan"]["laid_off"] == ["2H", "7H", "8H"]


def test_gin_and_undercut_bonuses_count_in_each_game():
    # Ann gins v Dan 10: 35; Bob undercuts Cara 6 v 4: 2 + 25 = 27: Ann & Cara 35 - 27 = 8.
    sheet = partnership(hand(knock("Ann", 0, "Dan", 10), knock("Cara", 6, "Bob", 4)))
    assert scores(sheet, 1) == {AC: 8, BD: 0}


def test_the_same_card_may_be_in_both_games_each_dealt_from_its_own_pack():
    cards = "3H 4H 5H 6H 8S 8D 8C AC 2D 4C"
    other = "2H 7H 8H 9S 9D QC KD QD JD 5C"
    sheet = partnership(hand(out("Ann", Ann=holding(cards), Dan=holding(other)),
                             out("Cara", Cara=holding(cards), Bob=holding(other))))
    assert scores(sheet, 1) == {AC: 52, BD: 0}


def test_equal_results_score_nothing_and_nobody_won_the_hand():
    sheet = partnership(hand(knock("Ann", 2, "Dan", 12), knock("Bob", 3, "Cara", 13)))
    assert scores(sheet, 1) == {AC: 0, BD: 0}
    assert sheet["hands"][0]["winner"] is None
    assert "Both sides won 10: nobody scores." in sheet["hands"][0]["notes"]


def test_both_games_dead_nobody_scores_and_each_dead_game_is_named():
    sheet = partnership(hand(DEAD, DEAD))
    assert scores(sheet, 1) == {AC: 0, BD: 0}
    assert sheet["hands"][0]["notes"][:2] == [
        "Ann v Dan: dead game (the stock ran down), nobody scores.",
        "Cara v Bob: dead game (the stock ran down), nobody scores.",
    ]


# -- dealers ------------------------------------------------------------------------------------------


def test_hand_1_is_dealt_by_the_first_dealers_side_named_by_its_first_player():
    sheet = partnership(H1, first_dealer="Cara")
    assert sheet["hands"][0]["dealer"] == "Ann"
    sheet = partnership(hand(knock("Dan", 4, "Ann", 20), knock("Bob", 3, "Cara", 15)), first_dealer="Dan")
    assert sheet["hands"][0]["dealer"] == "Bob"
    assert sheet["hands"][0]["pairings"] == [["Dan", "Ann"], ["Bob", "Cara"]]


def test_the_side_that_won_the_hand_deals_the_next_and_after_a_hand_nobody_won_the_same_side():
    sheet = partnership(H1, H2, hand(DEAD, DEAD))
    assert [row["dealer"] for row in sheet["hands"]] == ["Ann", "Ann", "Bob"]
    assert sheet["next"]["dealer"] == "Bob"


# -- refusals ------------------------------------------------------------------------------------------


def test_games_that_are_not_the_hands_pairings_are_refused():
    error = refused(H1, H1)  # hand 2 plays Ann v Bob and Cara v Dan
    assert (error.hand, error.code, error.field) == (2, "wrong_pairing", "games")
    assert str(error) == "hand 2: this hand's games are Ann v Bob and Cara v Dan"


def test_the_same_pairing_twice_is_refused():
    error = refused(hand(knock("Ann", 4, "Dan", 20), knock("Dan", 4, "Ann", 20)))
    assert error.code == "wrong_pairing"


@pytest.mark.parametrize("games", [[], [DEAD], [DEAD, DEAD, DEAD], "Ann v Dan", [DEAD, 5]])
def test_anything_but_the_hands_two_games_is_refused(games):
    assert refused({"games": games}).code == "wrong_pairing"


def test_an_entry_of_one_game_alone_is_refused():
    error = refused(knock("Ann", 4, "Dan", 20))
    assert error.hand == 1 and "it takes games" in error.message


def test_a_name_that_is_no_player_is_refused():
    assert refused(hand(knock("Eve", 4, "Dan", 20), DEAD)).code == "not_a_player"


def test_the_knock_limit_holds_in_each_game():
    error = refused(hand(knock("Ann", 4, "Dan", 20), knock("Cara", 11, "Bob", 30)))
    assert (error.hand, error.player, error.code) == (1, "Cara", "over_knock_limit")


def test_a_game_with_its_knocker_but_no_input_names_both_its_players():
    error = refused(hand(out("Ann"), DEAD))
    assert error.code == "missing_input" and set(error.missing) == {"Ann", "Dan"}


def test_a_card_twice_in_one_game_is_refused():
    error = refused(hand(out("Ann", Ann=holding("3H 4H 5H 6H 8S 8D 8C AC 2D 4C"),
                             Dan=holding("3H 7H 8H 9S 9D QC KD QD JD 5C")), DEAD))
    assert error.code == "too_many_copies"


# -- the end ------------------------------------------------------------------------------------------------


def test_the_rule_books_settlement_131_with_4_won_against_40_with_3():
    final, _, _ = gin_final([AC, BD], {AC: 131, BD: 40}, {AC: 4, BD: 3}, GIN_OPTIONS)
    assert final["grand_totals"] == {AC: 331, BD: 115}
    assert final["net"] == {AC: 216, BD: 0}


def test_the_rule_books_shutout_had_bob_and_dan_won_nothing():
    final, _, _ = gin_final([AC, BD], {AC: 131, BD: 0}, {AC: 4, BD: 0}, GIN_OPTIONS)
    assert final["grand_totals"] == {AC: 431, BD: 0}
    assert final["net"] == {AC: 431, BD: 0}


# A full game, opponents alternating (both pairings), to 125:
# H1 A&C deal (Ann v Dan, Cara v Bob): Ann 4 v 20 -> 16, Cara 3 v 15 -> 12: A&C 28.
# H2 A&C deal (Ann v Bob, Cara v Dan): Ann 5 v 12 -> 7, Dan 2 v 15 -> 13: B&D 6.
# H3 B&D deal (Dan v Ann, Bob v Cara): Dan 1 v 15 -> 14, Bob v Cara dead: B&D 14 (20).
# H4 B&D deal (Bob v Ann, Dan v Cara): Bob 2 v 22 -> 20, Dan v Cara dead: B&D 20 (40).
# H5 B&D deal (Dan v Ann, Bob v Cara): both dead: nobody; B&D deal again.
# H6 B&D deal (Bob v Ann, Dan v Cara): Ann gins v 25 -> 50, Cara 3 v 8 -> 5: A&C 55 (83).
# H7 A&C deal (Ann v Dan, Cara v Bob): Ann 2 v 10 -> 8, Cara 10 v 30 -> 20: A&C 28 (111).
# H8 A&C deal (Ann v Bob, Cara v Dan): Ann 9 v 29 -> 20, Cara v Dan dead: A&C 20 (131): over.
# A&C won 4 (H1, H6, H7, H8): 131 + 100 + 100 = 331; B&D 3: 40 + 75 = 115; net 216.
def test_a_full_game_of_partnership_gin_with_alternating_opponents():
    sheet = partnership(
        H1, H2,
        hand(knock("Dan", 1, "Ann", 15), DEAD),
        hand(knock("Bob", 2, "Ann", 22), DEAD),
        hand(DEAD, DEAD),
        hand(knock("Ann", 0, "Bob", 25), knock("Cara", 3, "Dan", 8)),
        hand(knock("Ann", 2, "Dan", 10), knock("Cara", 10, "Bob", 30)),
        hand(knock("Ann", 9, "Bob", 29), DEAD),
    )
    assert [row["dealer"] for row in sheet["hands"]] == ["Ann", "Ann", "Bob", "Bob", "Bob", "Bob", "Ann", "Ann"]
    assert [row["pairings"][0] for row in sheet["hands"]] == [
        ["Ann", "Dan"], ["Ann", "Bob"], ["Dan", "Ann"], ["Bob", "Ann"], ["Dan", "Ann"], ["Bob", "Ann"],
        ["Ann", "Dan"], ["Ann", "Bob"]]
    assert totals(sheet) == {AC: 131, BD: 40}
    assert sheet["finished"] and sheet["next"] is None and sheet["winners"] == [AC]
    assert sheet["final"] == {"bonuses": {AC: 200, BD: 75}, "grand_totals": {AC: 331, BD: 115},
                              "net": {AC: 216, BD: 0}}
    assert sheet["final_notes"] == [
        "Ann & Cara win the game: 100 game bonus.",
        "Ann & Cara: 4 hands won x 25 box bonus = 100.",
        "Bob & Dan: 3 hands won x 25 box bonus = 75.",
        "Net: 331 - 115 = 216 to Ann & Cara.",
    ]


# A full game, fixed opponents (Ann v Bob, Cara v Dan), with a shutout:
# H1 A&C deal: Ann gins v 30 -> 55, Cara 4 v 24 -> 20: A&C 75.
# H2 A&C deal: Ann 2 v 12 -> 10, Dan 3 v 13 -> 10: equal, nobody; A&C deal again.
# H3 A&C deal: Cara gins v 25 -> 50, Ann v Bob dead: A&C 50 (125): over.
# A&C won 2: 125 + 100 + 100 shutout (B&D 0) + 50 = 375 v 0; net 375.
def test_a_full_game_of_partnership_gin_with_fixed_opponents_and_a_shutout():
    sheet = partnership(
        hand(knock("Ann", 0, "Bob", 30), knock("Cara", 4, "Dan", 24)),
        hand(knock("Ann", 2, "Bob", 12), knock("Dan", 3, "Cara", 13)),
        hand(DEAD, knock("Cara", 0, "Dan", 25)),
        options={"pairing": "fixed"},
    )
    assert [row["dealer"] for row in sheet["hands"]] == ["Ann", "Ann", "Ann"]
    assert {tuple(map(tuple, row["pairings"])) for row in sheet["hands"]} == {(("Ann", "Bob"), ("Cara", "Dan"))}
    assert totals(sheet) == {AC: 125, BD: 0}
    assert sheet["winners"] == [AC]
    assert sheet["final"] == {"bonuses": {AC: 250, BD: 0}, "grand_totals": {AC: 375, BD: 0},
                              "net": {AC: 375, BD: 0}}
    assert "Bob & Dan scored nothing: 100 shutout bonus to Ann & Cara." in sheet["final_notes"]
    lines = {line["label"]: line["values"] for line in sheet["settlement"][0]["lines"]}
    assert lines["Shutout bonus"] == {AC: 100, BD: 0}
    assert lines["Game bonus"] == {AC: 100, BD: 0}


def test_ended_by_agreement_the_higher_side_wins_with_boxes_but_no_game_or_shutout_bonus():
    sheet = partnership(H1, ended=True)
    assert sheet["winners"] == [AC]
    assert sheet["final"] == {"bonuses": {AC: 25, BD: 0}, "grand_totals": {AC: 53, BD: 0},
                              "net": {AC: 53, BD: 0}}


def test_a_side_reaching_the_target_ends_the_game_at_the_target_option():
    sheet = partnership(H1, options={"target": 28})
    assert sheet["finished"] and sheet["winners"] == [AC]


# -- the entry form: the hand's two games, each as Gin's entry -------------------------------------------


def test_the_form_shows_the_hands_two_games_each_with_its_two_players():
    from scorekeeper.engine.in_browser import _form

    form = _form(partnership(H1))
    assert form.pairings == [["Ann", "Bob"], ["Cara", "Dan"]]
    assert [(name, [seat.name for seat in seats]) for name, seats in form.games] == [
        ("g0-out", ["Ann", "Bob"]), ("g1-out", ["Cara", "Dan"])]
    assert "g0-out" in form.field_names() and "out" not in form.field_names()


def test_the_forms_two_games_make_the_entry_and_score():
    from scorekeeper.engine import Replay
    from scorekeeper.engine.in_browser import _form

    form = _form(partnership(H1))
    form.load_post({"g0-out": "0", "p0-count": "5", "p1-count": "12", "g1-out": "3", "p2-count": "15",
                    "p3-count": "2"})
    entry = form.to_entry()
    assert entry == H2
    game = Replay.of({"variant": "partnership-gin", "players": FOUR, "sides": SIDES, "hands": [H1]})
    assert game.after(entry).sheet()["totals"] == {AC: 28, BD: 6}


def test_a_game_left_untapped_is_named_in_the_forms_error_and_a_dead_game_needs_no_counts():
    from scorekeeper.engine.in_browser import _form

    form = _form(partnership(H1))
    form.load_post({"g0-out": "none"})
    assert form.to_entry() is None
    assert form.errors == {"g1-out": "Cara v Dan: tap who knocked, or 'Dead game'."}
    form = _form(partnership(H1))
    form.load_post({"g0-out": "none", "g1-out": "none"})
    assert form.to_entry() == {"games": [{"out": None, "hands": {}}, {"out": None, "hands": {}}]}


def test_a_recorded_hand_fills_the_form_game_by_game_in_any_order():
    from scorekeeper.engine.entry_form import EntryForm
    from scorekeeper.engine.games import get_variant

    variant = get_variant("partnership-gin").catalogue()
    form = EntryForm(variant, FOUR, FOUR, 2, pairings=[["Ann", "Bob"], ["Cara", "Dan"]])
    form.load_entry({"games": [knock("Dan", 2, "Cara", 15), DEAD]})
    assert form.values == {"g0-out": "none", "g1-out": "3"}
    assert form.seats[2].values == {"count": "15", "cards": ""}
    assert form.to_entry() == {"games": [DEAD, knock("Dan", 2, "Cara", 15)]}


def test_the_engines_wrong_pairing_lands_on_the_first_games_tiles():
    from scorekeeper.engine.entry_form import EntryForm
    from scorekeeper.engine.games import get_variant

    form = EntryForm(get_variant("partnership-gin").catalogue(), FOUR, FOUR, 2,
                     pairings=[["Ann", "Bob"], ["Cara", "Dan"]])
    form.add_engine_error(refused(H1, H1))
    assert form.errors == {"g0-out": "this hand's games are Ann v Bob and Cara v Dan"}
    assert form.target("g0-out") == "g0-out-first"
