"""Cutthroat Gin (SCORING.md section 5 `cutthroat-gin`; its refusal in "Invalid entries of the games above").

Expected numbers are worked out by hand from the rule book; the comment next to each hand shows the
arithmetic.  ``knock(knocker, count, defender, count)`` is a hand entered by counts (0 is gin).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, holding, out, play, rejected, scores, totals

from scorekeeper.engine import Replay
from scorekeeper.engine.entry_form import EntryForm
from scorekeeper.engine.extras import left_out
from scorekeeper.engine.games import get_variant
from scorekeeper.engine.in_browser import _form

TRIO = ["Ann", "Bob", "Cara"]
DEAD = out(None)

# From test_gin: Ann knocks with 7 (3H-6H, 8S 8D 8C; AC 2D 4C); Bob lays
# off 2H 7H 8H on her melds and keeps 9S 9D QC 5C = 33: Ann scores 26.
ANN_KNOCKS_7 = "3H 4H 5H 6H 8S 8D 8C AC 2D 4C"
BOB_LAYS_OFF = "2H 7H 8H 9S 9D QC KD QD JD 5C"


def knock(knocker: str, knocked: int, defender: str, has: int) -> dict[str, Any]:
    return out(knocker, **{knocker: counted(knocked), defender: counted(has)})


def cutthroat(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("cutthroat-gin", TRIO, hands, **header)


# The rule book's first example: H1 Ann deals v Bob, Ann knocks 5 v 30 (25); H2 Cara deals v Ann,
# Cara gins v 22 (47); H3 Bob deals v Cara, Cara knocks 3 v 40 (37); H4 Ann deals v Cara, Cara
# knocks 2 v 20 (18): Cara 102.
EXAMPLE = (knock("Ann", 5, "Bob", 30), knock("Cara", 0, "Ann", 22), knock("Cara", 3, "Bob", 40),
           knock("Cara", 2, "Ann", 20))


def seats(sheet: dict[str, Any]) -> list[tuple[str, list[str], str]]:
    return [(row["dealer"], row["playing"], row["sits_out"]) for row in sheet["hands"]]


# -- players and seats ---------------------------------------------------------------


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cara", "Dan"]])
def test_cutthroat_is_for_exactly_three_players(players):
    error = rejected("cutthroat-gin", players)
    assert error.where == "players" and "Cutthroat Gin is for 3 players" in error.message


def test_hand_1_the_first_dealer_deals_to_the_next_seat_and_the_third_sits_out():
    assert cutthroat(DEAD)["hands"][0]["playing"] == ["Ann", "Bob"]
    sheet = cutthroat(DEAD, first_dealer="Bob")
    assert seats(sheet)[0] == ("Bob", ["Bob", "Cara"], "Ann")


def test_after_a_won_hand_the_loser_sits_out_and_the_one_who_sat_out_deals_to_the_winner():
    sheet = cutthroat(knock("Bob", 5, "Ann", 30))  # Bob beats Ann: Ann sits out, Cara deals to Bob
    assert sheet["next"]["dealer"] == "Cara"
    assert (sheet["next"]["playing"], sheet["next"]["sits_out"]) == (["Cara", "Bob"], "Ann")


def test_after_an_undercut_the_knocker_lost_so_sits_out():
    sheet = cutthroat(knock("Ann", 8, "Bob", 6))  # Bob undercuts Ann: Ann sits out
    assert (sheet["next"]["playing"], sheet["next"]["sits_out"]) == (["Cara", "Bob"], "Ann")


def test_the_rule_books_dead_hand_example_the_non_dealer_sits_out_and_the_sitter_deals_to_the_dealer():
    # H1 Ann deals v Bob, dead: Bob sits out H2, Cara deals v Ann. H2 Ann knocks 8, Cara 6: undercut,
    # Cara 2 + 25 = 27; Ann sits out H3, Bob deals v Cara.
    sheet = cutthroat(DEAD, knock("Ann", 8, "Cara", 6))
    assert seats(sheet) == [("Ann", ["Ann", "Bob"], "Cara"), ("Cara", ["Cara", "Ann"], "Bob")]
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0, "Cara": 0}
    assert scores(sheet, 2) == {"Ann": 0, "Bob": 0, "Cara": 27}
    assert "Cara undercut Ann: 8 - 6 + 25 undercut bonus = 27." in sheet["hands"][1]["notes"]
    assert (sheet["next"]["dealer"], sheet["next"]["playing"], sheet["next"]["sits_out"]) == (
        "Bob", ["Bob", "Cara"], "Ann")


def test_each_hand_names_who_sits_out_and_who_deals_to_whom_in_its_notes():
    sheet = cutthroat(knock("Ann", 5, "Bob", 30))
    assert sheet["hands"][0]["notes"][0] == "Cara sits out; Ann deals to Bob."


def test_the_next_deal_line_names_who_plays_and_who_sits_out():
    sheet = cutthroat(knock("Ann", 5, "Bob", 30))
    assert sheet["guide"]["next"] == "Hand 2 · Cara deals 10 cards · Playing: Cara, Ann · Sits out: Bob"


# -- the hand: gin's ------------------------------------------------------------------------


def test_a_hand_is_scored_as_gin_between_its_two_players_cards_and_lay_offs_included():
    sheet = cutthroat(out("Ann", Ann=holding(ANN_KNOCKS_7), Bob=holding(BOB_LAYS_OFF)))
    assert scores(sheet, 1) == {"Ann": 26, "Bob": 0, "Cara": 0}
    assert sheet["hands"][0]["details"]["Bob"]["laid_off"] == ["2H", "7H", "8H"]


def test_gin_and_undercut_bonuses_are_gins_options():
    sheet = cutthroat(knock("Ann", 0, "Bob", 10), options={"gin_bonus": 20})
    assert scores(sheet, 1)["Ann"] == 30
    sheet = cutthroat(knock("Ann", 6, "Bob", 6), options={"undercut_bonus": 10})
    assert scores(sheet, 1)["Bob"] == 10


def test_the_knock_limit_is_gins():
    error = rejected("cutthroat-gin", TRIO, [knock("Ann", 11, "Bob", 30)])
    assert (error.hand, error.player, error.code) == (1, "Ann", "over_knock_limit")
    assert cutthroat(knock("Ann", 11, "Bob", 30), options={"knock_limit": 11})["totals"]["Ann"] == 19


def test_each_player_keeps_their_own_total():
    sheet = cutthroat(*EXAMPLE[:3])
    assert totals(sheet) == {"Ann": 25, "Bob": 0, "Cara": 84}


def test_a_card_appears_once_in_a_hand():
    error = rejected("cutthroat-gin", TRIO, [out("Ann", Ann=holding(ANN_KNOCKS_7),
                                                  Bob=holding("3H 7H 8H 9S 9D QC KD QD JD 5C"))])
    assert error.code == "too_many_copies"


# -- refusals --------------------------------------------------------------------------------


def test_input_for_the_player_sitting_out_is_refused_with_why_they_sit_out():
    error = rejected("cutthroat-gin", TRIO, [knock("Ann", 5, "Bob", 30),
                                             out("Cara", Cara=counted(0), Ann=counted(9), Bob=counted(4))])
    assert (error.hand, error.code) == (2, "sits_out")
    assert str(error) == "hand 2: Bob sits out this hand (the loser of hand 1); enter Ann and Cara"


def test_the_player_sitting_out_cannot_be_the_one_who_knocked():
    error = rejected("cutthroat-gin", TRIO, [knock("Cara", 3, "Ann", 20)])
    assert (error.hand, error.code, error.field) == (1, "sits_out", "out")
    assert "Cara sits out this hand (the third seat, in hand 1); enter Ann and Bob" in error.message


def test_after_a_dead_hand_the_refusal_says_the_sitter_was_its_non_dealer():
    error = rejected("cutthroat-gin", TRIO, [DEAD, knock("Bob", 3, "Ann", 20)])
    assert "Bob sits out this hand (the non-dealer of dead hand 1)" in error.message


def test_a_hand_with_no_input_names_both_of_its_players_and_not_the_sitter():
    error = rejected("cutthroat-gin", TRIO, [out("Ann")])
    assert error.code == "missing_input"
    assert set(error.missing) == {"Ann", "Bob"}


# -- the end ------------------------------------------------------------------------------------


def test_the_game_ends_after_the_hand_in_which_a_total_reaches_the_target():
    sheet = cutthroat(*EXAMPLE[:3])
    assert not sheet["finished"]
    sheet = cutthroat(*EXAMPLE)
    assert sheet["finished"] and sheet["next"] is None and sheet["winners"] == ["Cara"]
    error = rejected("cutthroat-gin", TRIO, [*EXAMPLE, knock("Bob", 3, "Cara", 20)])
    assert error.code == "game_over"


def test_the_rule_books_example_settles_each_pair_with_the_shutout_only_to_the_winner():
    sheet = cutthroat(*EXAMPLE)
    final = sheet["final"]
    assert totals(sheet) == {"Ann": 25, "Bob": 0, "Cara": 102}
    assert final["bonuses"] == {"Ann": 25, "Bob": 0, "Cara": 175}  # Cara 100 + 3 x 25
    assert final["grand_totals"] == {"Ann": 50, "Bob": 0, "Cara": 277}
    assert final["pairs"] == [
        {"players": ["Ann", "Bob"], "to": "Ann", "amount": 50},  # Bob shut out, but Ann is not the winner
        {"players": ["Ann", "Cara"], "to": "Cara", "amount": 227},
        {"players": ["Bob", "Cara"], "to": "Cara", "amount": 377},  # 277 + 100 shutout
    ]
    assert final["net"] == {"Ann": -177, "Bob": -427, "Cara": 604}


def test_the_nets_add_up_to_zero():
    assert sum(cutthroat(*EXAMPLE)["final"]["net"].values()) == 0


def test_the_settlement_names_every_bonus_and_every_pairs_payment():
    sheet = cutthroat(*EXAMPLE)
    assert sheet["final_notes"] == [
        "Cara wins the game: 100 game bonus.",
        "Ann: 1 hand won x 25 box bonus = 25.",
        "Cara: 3 hands won x 25 box bonus = 75.",
        "Ann v Bob: 50 - 0 = 50 to Ann.",
        "Ann v Cara: 277 - 50 = 227 to Cara.",
        "Bob v Cara: 277 - 0 + 100 shutout bonus (Bob scored nothing) = 377 to Cara.",
        "Net, each player's two pairs added up: Ann -177, Bob -427, Cara 604.",
    ]
    [part] = sheet["settlement"]
    lines = {line["label"]: line["values"] for line in part["lines"]}
    assert lines["Game bonus"] == {"Ann": 0, "Bob": 0, "Cara": 100}
    assert lines["Boxes (hands won)"]["Cara"] == "3 × 25 = 75"
    assert lines["Grand total"] == {"Ann": 50, "Bob": 0, "Cara": 277}
    assert lines["Ann v Bob"] == {"Ann": 50, "Bob": -50}
    assert lines["Bob v Cara"] == {"Bob": -377, "Cara": 377}
    assert lines["Net"] == {"Ann": -177, "Bob": -427, "Cara": 604}
    assert sheet["final_detail"]["Cara"] == {"boxes": 3, "box_bonus": 75, "game_bonus": 100}


def test_ended_by_agreement_the_higher_total_wins_with_boxes_but_no_game_or_shutout_bonus():
    sheet = cutthroat(*EXAMPLE[:3], ended=True)  # Ann 25 (1 won), Bob 0, Cara 84 (2 won)
    final = sheet["final"]
    assert sheet["winners"] == ["Cara"]
    assert final["bonuses"] == {"Ann": 25, "Bob": 0, "Cara": 50}
    assert final["grand_totals"] == {"Ann": 50, "Bob": 0, "Cara": 134}
    # Bob has 0 but Cara did not reach the target: no shutout.
    assert final["pairs"][2] == {"players": ["Bob", "Cara"], "to": "Cara", "amount": 134}
    assert final["net"] == {"Ann": 50 - 84, "Bob": -50 - 134, "Cara": 84 + 134}
    assert "Ended by agreement: Cara has the higher total; no game bonus." in sheet["final_notes"]


def test_a_pair_with_equal_grand_totals_pays_nothing():
    # H1 Ann v Bob: Bob wins 10; Ann sits out, Cara deals to Bob. H2 Cara v Bob: Cara wins 10.
    # Bob and Cara 10 + 25 = 35 each; Ann 0.
    sheet = cutthroat(knock("Bob", 1, "Ann", 11), knock("Cara", 1, "Bob", 11), ended=True)
    assert sheet["final"]["pairs"][2] == {"players": ["Bob", "Cara"], "to": None, "amount": 0}
    assert "Bob v Cara: 35 each, nothing to pay." in sheet["final_notes"]
    assert sorted(sheet["winners"]) == ["Bob", "Cara"]
    assert sheet["final"]["net"] == {"Ann": -70, "Bob": 35, "Cara": 35}


def test_ended_before_any_hand_has_nothing_to_settle_and_no_winner():
    sheet = cutthroat(ended=True)
    assert (sheet["final"], sheet["winners"], sheet["settlement"]) == (None, [], [])


# -- a full game to 100 with a shut-out ------------------------------------------------------------
# H1 Ann deals v Bob: Ann 2, Bob 32 -> Ann 30; Bob lost, sits out; Cara deals to Ann.
# H2 Cara v Ann: Ann gins, Cara 15 -> 40 (Ann 70); Cara sits out; Bob deals to Ann.
# H3 Bob v Ann: dead hand; Ann (the non-dealer) sits out; Cara deals to Bob.
# H4 Cara v Bob: Bob knocks 3, Cara 40 -> Bob 37; Cara sits out; Ann deals to Bob.
# H5 Ann v Bob: Ann knocks 7 by cards, Bob 33 after laying off -> 26 (Ann 96); Bob sits out.
# H6 Cara v Ann: Ann gins, Cara 0 -> 25: Ann 121, the game is over.
# Ann 4 hands won: 100 + 4 x 25 = 200, grand 321; Bob 1: 25, grand 62; Cara 0.
# Ann-Bob 321 - 62 = 259 to Ann; Ann-Cara 321 + 100 shutout = 421 to Ann; Bob-Cara 62 to Bob (Bob is not
# the winner, so no shutout).  Net Ann 680, Bob -259 + 62 = -197, Cara -483.
def test_a_full_game_of_cutthroat_to_100_with_a_shut_out():
    sheet = cutthroat(
        knock("Ann", 2, "Bob", 32),  # Ann 30; Bob sits out
        knock("Ann", 0, "Cara", 15),  # Cara deals v Ann: Ann 40 (70); Cara sits out
        DEAD,  # Bob deals v Ann: dead; Ann (the non-dealer) sits out, Cara deals to Bob
        knock("Bob", 3, "Cara", 40),  # Bob 37; Cara sits out, Ann deals to Bob
        out("Ann", Ann=holding(ANN_KNOCKS_7), Bob=holding(BOB_LAYS_OFF)),  # Ann 26 (96); Bob sits out
        knock("Ann", 0, "Cara", 0),  # Cara deals v Ann: Ann gins 0 + 25 = 25: 121
    )
    assert seats(sheet) == [
        ("Ann", ["Ann", "Bob"], "Cara"), ("Cara", ["Cara", "Ann"], "Bob"), ("Bob", ["Bob", "Ann"], "Cara"),
        ("Cara", ["Cara", "Bob"], "Ann"), ("Ann", ["Ann", "Bob"], "Cara"), ("Cara", ["Cara", "Ann"], "Bob"),
    ]
    assert totals(sheet) == {"Ann": 121, "Bob": 37, "Cara": 0}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]
    final = sheet["final"]
    # Ann 100 + 4 x 25 = 200 (grand 321); Bob 25 (grand 62); Cara 0.
    assert final["bonuses"] == {"Ann": 200, "Bob": 25, "Cara": 0}
    assert final["grand_totals"] == {"Ann": 321, "Bob": 62, "Cara": 0}
    assert final["pairs"] == [
        {"players": ["Ann", "Bob"], "to": "Ann", "amount": 259},
        {"players": ["Ann", "Cara"], "to": "Ann", "amount": 421},  # 321 + 100: Cara shut out by the winner
        {"players": ["Bob", "Cara"], "to": "Bob", "amount": 62},  # Bob is not the winner: no shutout
    ]
    assert final["net"] == {"Ann": 680, "Bob": -197, "Cara": -483}


# -- the entry form asks only the two players of the hand -------------------------------------------


def test_the_sitter_is_left_out_of_the_next_hands_entry_form():
    sheet = cutthroat(knock("Ann", 5, "Bob", 30))
    assert left_out(get_variant("cutthroat-gin").extras, sheet, 2) == {"Bob"}
    form = _form(sheet)
    assert [seat.name for seat in form.shown_seats()] == ["Ann", "Cara"]
    assert form.aside == ["Sits out: Bob"]  # the form names who sits out


def test_a_played_hands_form_leaves_out_that_hands_sitter():
    sheet = cutthroat(knock("Ann", 5, "Bob", 30), knock("Cara", 0, "Ann", 22))
    assert left_out(get_variant("cutthroat-gin").extras, sheet, 1) == {"Cara"}
    assert left_out(get_variant("cutthroat-gin").extras, sheet, 2) == {"Bob"}
    assert left_out(get_variant("gin").extras, sheet, 2) == set()


def test_the_forms_entry_for_the_two_players_scores():
    sheet = cutthroat(knock("Ann", 5, "Bob", 30))
    form = _form(sheet)
    assert isinstance(form, EntryForm)
    form.load_post({"out": "2", "p0-count": "20", "p2-count": "0"})
    entry = form.to_entry()
    assert entry == {"out": "Cara", "hands": {"Ann": {"count": 20}, "Cara": {"count": 0}}}
    assert Replay.of({"variant": "cutthroat-gin", "players": TRIO,
                      "hands": [knock("Ann", 5, "Bob", 30), entry]}).sheet()["totals"]["Cara"] == 45
