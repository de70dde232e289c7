"""Boathouse Rummy (SCORING.md section 5 `boathouse`, dealing and ties of section 6).

Expected numbers are counted by hand: with ``method: cards`` one point per
unmatched card, with ``method: points`` A 11, J/Q/K 10, others their pips.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    counted,
    dealers,
    holding,
    notes,
    out,
    play,
    rejected,
    scores,
    totals,
)

PAIR = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cara"]


def went_out(player: str | None, **given: Any) -> dict[str, Any]:
    """A hand: each keyword is a player's count (int) or cards (str)."""
    return out(player, **{p: counted(v) if isinstance(v, int) else holding(v) for p, v in given.items()})


def game(players: list[str], *hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("boathouse", players, hands, **header)


def points(*hands: dict[str, Any], players: list[str] = PAIR, **header: Any) -> dict[str, Any]:
    return game(players, *hands, options={"method": "points", **header.pop("options", {})}, **header)


# -- players and deal ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_boathouse_deals_as_basic(players, each):
    names = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"][:players]
    assert game(names)["next"]["cards_each"] == each


@pytest.mark.parametrize("count", [1, 7])
def test_boathouse_is_for_two_to_six_players(count):
    error = rejected("boathouse", [f"P{i}" for i in range(count)])
    assert error.where == "players"
    assert error.message == f"Boathouse Rummy is for 2 to 6 players, got {count}"


def test_boathouse_defaults():
    assert game(PAIR)["options"] == {"method": "cards", "target": 100, "deals": None}


def test_every_other_player_must_give_an_input():
    error = rejected("boathouse", THREE, [went_out("Ann", Bob=3)])
    assert error.hand == 1
    assert error.message == "no input for Cara"


def test_player_who_went_out_has_no_cards_left():
    error = rejected("boathouse", PAIR, [went_out("Ann", Ann="5S", Bob=3)])
    assert (error.hand, error.player) == (1, "Ann")
    assert "went out" in error.message


# -- counting --------------------------------------------------------------------------------


def test_cards_method_counts_one_point_per_unmatched_card():
    # KD and QS are two cards, not 20 points.
    sheet = game(PAIR, went_out("Ann", Bob="KD QS"))
    assert scores(sheet, 1) == {"Ann": 2, "Bob": 0}


def test_only_unmatched_cards_count():
    # 3S-5S and the nines meld; KD is the one card left.
    sheet = game(PAIR, went_out("Ann", Bob="3S 4S 5S 9D 9C 9H KD"))
    assert scores(sheet, 1) == {"Ann": 1, "Bob": 0}
    assert sheet["hands"][0]["details"]["Bob"]["value"] == 1


@pytest.mark.parametrize(
    ("cards", "unmatched"),
    [
        ("KH AH 2H 5S", 1),        # K-A-2 melds round the corner
        ("QH KH AH 2H", 0),
        ("QH KH AH", 0),           # the ace may also sit high
        ("KH AH 3H 7C", 4),        # K-A-3 skips the two
    ],
)
def test_boathouse_runs_go_around_the_corner(cards, unmatched):
    sheet = game(PAIR, went_out("Ann", Bob=cards))
    assert scores(sheet, 1) == {"Ann": unmatched, "Bob": 0}


def test_the_best_arrangement_melds_the_most_cards():
    # The four sevens meld 4 cards; 7S 7D 7C with 7H 8H 9H meld 6: QS is left.
    sheet = game(PAIR, went_out("Ann", Bob="7H 7S 7D 7C 8H 9H QS"))
    assert scores(sheet, 1) == {"Ann": 1, "Bob": 0}


def test_points_method_counts_ace_11_and_faces_10():
    sheet = points(went_out("Ann", Bob="AS JD QC KH 5S"))
    assert scores(sheet, 1) == {"Ann": 11 + 10 + 10 + 10 + 5, "Bob": 0}


def test_points_method_counts_only_unmatched_cards_with_corner_runs():
    # KH AH 2H melds; the lone AS counts 11.
    sheet = points(went_out("Ann", Bob="KH AH 2H AS"))
    assert scores(sheet, 1) == {"Ann": 11, "Bob": 0}


def test_points_method_prefers_the_arrangement_leaving_fewest_points():
    # 1 point a card would meld 7S 7D 7C + 7H 8H 9H, leaving QS;
    # by points that is also best: QS 10, against 8H 9H QS 27 for four sevens.
    sheet = points(went_out("Ann", Bob="7H 7S 7D 7C 8H 9H QS"))
    assert scores(sheet, 1) == {"Ann": 10, "Bob": 0}


def test_a_typed_count_is_trusted():
    sheet = points(went_out("Ann", Bob=42))
    assert scores(sheet, 1) == {"Ann": 42, "Bob": 0}


def test_the_player_who_went_out_scores_the_sum_of_the_others():
    sheet = game(THREE, went_out("Bob", Ann="2S 9D KC", Cara="5H 6H 7H JC QD"))
    # Ann 3 cards, Cara JC QD 2 cards.
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 5, "Cara": 0}
    assert "5" in notes(sheet, 1)


# -- stalemate ------------------------------------------------------------------------------------


def test_stalemate_scores_nothing():
    sheet = game(THREE, went_out(None), went_out("Ann", Bob=4, Cara=2))
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0, "Cara": 0}
    assert totals(sheet) == {"Ann": 6, "Bob": 0, "Cara": 0}


# -- ending and winning ------------------------------------------------------------------------------


def test_game_ends_after_the_hand_in_which_a_total_reaches_100():
    below = game(PAIR, went_out("Ann", Bob=99))
    assert below["finished"] is False
    sheet = game(PAIR, went_out("Ann", Bob=99), went_out("Ann", Bob=1))
    assert totals(sheet) == {"Ann": 100, "Bob": 0}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["next"] is None


def test_target_option_moves_the_end():
    assert game(PAIR, went_out("Ann", Bob=30), options={"target": 30})["finished"] is True
    assert game(PAIR, went_out("Ann", Bob=100), options={"target": 150})["finished"] is False


def test_deals_option_ends_the_game_after_that_many_hands():
    hands = [went_out("Ann", Bob=5), went_out("Bob", Ann=8), went_out("Ann", Bob=2)]
    assert game(PAIR, *hands[:2], options={"deals": 3})["finished"] is False
    sheet = game(PAIR, *hands, options={"deals": 3})
    assert totals(sheet) == {"Ann": 7, "Bob": 8}
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Bob"]


def test_target_still_ends_the_game_before_the_deals_run_out():
    sheet = game(PAIR, went_out("Ann", Bob=100), options={"deals": 5})
    assert sheet["finished"] is True


def test_tie_for_highest_goes_to_who_led_before_the_last_hand():
    # Ann 30 leads after hand 1; Bob draws level in the last deal.
    sheet = game(PAIR, went_out("Ann", Bob=30), went_out("Bob", Ann=30), options={"deals": 2})
    assert totals(sheet) == {"Ann": 30, "Bob": 30}
    assert sheet["winners"] == ["Ann"]


def test_tie_still_tied_before_the_last_hand_is_shared():
    sheet = game(THREE, went_out("Ann", Bob=4, Cara=6), went_out("Bob", Ann=10, Cara=0),
                 went_out("Cara", Ann=5, Bob=5), ended=True)
    # Ann 10, Bob 10, Cara 0 before the last hand; then Cara 10: all 10.
    assert totals(sheet) == {"Ann": 10, "Bob": 10, "Cara": 10}
    # Ann and Bob led (10) before it; they stay tied and share.
    assert sorted(sheet["winners"]) == ["Ann", "Bob"]


def test_ended_by_agreement_goes_to_the_highest_total():
    sheet = game(THREE, went_out("Cara", Ann=4, Bob=6), ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Cara"]


# -- dealing --------------------------------------------------------------------------------------------


def test_with_two_players_the_winner_of_a_hand_deals_the_next():
    sheet = game(PAIR, went_out("Bob", Ann=3), went_out("Bob", Ann=3), went_out("Ann", Bob=3))
    assert dealers(sheet) == ["Ann", "Bob", "Bob", "Ann"]


def test_with_two_players_the_deal_alternates_after_a_stalemate():
    sheet = game(PAIR, went_out("Ann", Bob=3), went_out(None), went_out(None), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Ann", "Bob", "Ann"]


def test_with_more_players_the_deal_passes_left():
    sheet = game(THREE, went_out("Cara", Ann=3, Bob=3), went_out(None),
                 went_out("Cara", Ann=3, Bob=3), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Ann", "Bob"]
