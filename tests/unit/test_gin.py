"""Gin Rummy (SCORING.md section 5 `gin`, and the Gin family decisions of section 6).

Expected numbers are worked out by hand from the rule book; the comment next
to each hand shows the arithmetic.
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

# Ann: 3H-6H and 8S 8D 8C; AC 2D 4C unmatched = 7.
ANN_KNOCKS_7 = "3H 4H 5H 6H 8S 8D 8C AC 2D 4C"
# Ann: 3H-6H, 8S 8D 8C and JS QS KS: gin.
ANN_GIN = "3H 4H 5H 6H 8S 8D 8C JS QS KS"
# Bob: his own KD QD JD; 2H 7H 8H 9S 9D QC 5C unmatched = 50.  Against
# Ann's heart run and eights he lays off 2H, 7H and 8H: 9S 9D QC 5C = 33.
BOB_LAYS_OFF = "2H 7H 8H 9S 9D QC KD QD JD 5C"


def entry(knocker: str | None, ann: Any = None, bob: Any = None, **flags: Any) -> dict[str, Any]:
    """A hand: an int is a count, a string is cards, None leaves the input out."""
    inputs = {}
    for player, given in (("Ann", ann), ("Bob", bob)):
        if isinstance(given, int):
            inputs[player] = counted(given)
        elif isinstance(given, str):
            inputs[player] = holding(given)
    return {**out(knocker, **inputs), **flags}


def gin(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("gin", PAIR, hands, **header)


def gin_rejected(*hands: dict[str, Any], **header: Any):
    return rejected("gin", PAIR, hands, **header)


def cards_of(text: str) -> set[str]:
    return set(text.split())


# -- players, cards and inputs ---------------------------------------------------------


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cara"]])
def test_gin_is_for_exactly_two_players(players):
    error = rejected("gin", players)
    assert error.hand is None
    assert error.where == "players"
    assert error.message == f"Gin Rummy is for 2 players, got {len(players)}"


def test_next_hand_deals_ten_cards_each():
    assert gin()["next"] == {"hand": 1, "dealer": "Ann", "cards_each": 10, "decks": 1,
                             "jokers": 0, "contract": None}


@pytest.mark.parametrize(
    ("ann", "bob", "player", "given"),
    [
        ("3H 4H 5H 6H 8S 8D 8C AC 2D", 20, "Ann", 9),
        (ANN_KNOCKS_7 + " 9C", 20, "Ann", 11),
        (5, "2H 7H 8H 9S 9D QC KD QD JD", "Bob", 9),
        (5, BOB_LAYS_OFF + " 9C", "Bob", 11),
    ],
)
def test_a_cards_input_holds_exactly_ten_cards(ann, bob, player, given):
    error = gin_rejected(entry("Ann", ann, bob))
    assert (error.hand, error.player) == (1, player)
    assert f"{given} cards given" in error.message
    assert "exactly 10 cards" in error.message


def test_the_knocker_must_give_an_input_too():
    error = gin_rejected(entry("Ann", None, 20))
    assert error.hand == 1
    assert error.message == "no input for Ann"


def test_a_card_cannot_be_in_both_hands():
    error = gin_rejected(entry("Ann", ANN_KNOCKS_7, "2H 7H 8H 9S 9D QC KD QD JD 4C"))
    assert (error.hand, error.player) == (1, "Bob")
    assert "4C appears twice" in error.message


def test_sheet_lists_every_gin_option_with_its_default():
    assert gin()["options"] == {
        "target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25,
        "game_bonus": 100, "shutout_bonus": 100, "box_bonus": 25,
    }


# -- the knock limit -----------------------------------------------------------------------


def test_knocking_above_the_limit_is_invalid_and_blames_the_knocker():
    error = gin_rejected(entry("Ann", 5, 20), entry("Bob", 30, 14))
    assert (error.hand, error.player) == (2, "Bob")
    assert error.message == "cannot knock with 14 (the limit is 10)"
    assert str(error) == "hand 2, Bob: cannot knock with 14 (the limit is 10)"


def test_knocking_with_exactly_the_limit_is_allowed():
    assert scores(gin(entry("Ann", 10, 25)), 1) == {"Ann": 15, "Bob": 0}


def test_knock_limit_applies_to_deadwood_counted_from_cards():
    # 3H-7H and the eights meld; AS KS = 11 is left.
    error = gin_rejected(entry("Ann", "3H 4H 5H 6H 7H 8S 8D 8C AS KS", 40))
    assert (error.hand, error.player) == (1, "Ann")
    assert error.message == "cannot knock with 11 (the limit is 10)"


def test_ace_is_low_only_so_q_k_a_does_not_meld():
    # 2S-4S and 5D-7D meld; QH KH AH 8C = 10 + 10 + 1 + 8 = 29 stay.
    error = gin_rejected(entry("Ann", "QH KH AH 2S 3S 4S 5D 6D 7D 8C", 40))
    assert error.message == "cannot knock with 29 (the limit is 10)"


@pytest.mark.parametrize(
    ("limit", "knocked", "valid"),
    [(5, 5, True), (5, 6, False), (0, 1, False), (20, 14, True)],
)
def test_knock_limit_option_sets_the_most_a_player_may_knock_with(limit, knocked, valid):
    hands = [entry("Ann", knocked, 30)]
    options = {"knock_limit": limit}
    if valid:
        assert scores(gin(*hands, options=options), 1) == {"Ann": 30 - knocked, "Bob": 0}
    else:
        error = gin_rejected(*hands, options=options)
        assert error.message == f"cannot knock with {knocked} (the limit is {limit})"


# -- the hand score -------------------------------------------------------------------------


def test_gin_scores_defenders_count_plus_gin_bonus():
    sheet = gin(entry("Ann", 0, 31))
    assert scores(sheet, 1) == {"Ann": 31 + 25, "Bob": 0}


def test_knock_scores_the_difference_to_the_knocker():
    sheet = gin(entry("Ann", 6, 20))
    assert scores(sheet, 1) == {"Ann": 14, "Bob": 0}


def test_undercut_scores_difference_plus_undercut_bonus_to_the_defender():
    sheet = gin(entry("Ann", 8, 5))
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 3 + 25}


def test_equal_counts_are_an_undercut():
    sheet = gin(entry("Ann", 7, 7))
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 25}


def test_the_hand_score_goes_to_the_winners_column_when_bob_knocks():
    sheet = gin(entry("Bob", 12, 4), entry("Bob", 2, 9))
    # Bob knocks 4 v 12: Bob 8.  Bob knocks 9 v 2: Ann undercuts, 7 + 25 = 32.
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 8}
    assert scores(sheet, 2) == {"Ann": 32, "Bob": 0}
    assert totals(sheet) == {"Ann": 32, "Bob": 8}


@pytest.mark.parametrize(
    ("options", "ann", "bob", "expected"),
    [
        ({"gin_bonus": 20}, 0, 31, {"Ann": 51, "Bob": 0}),
        ({"gin_bonus": 0}, 0, 31, {"Ann": 31, "Bob": 0}),
        ({"undercut_bonus": 10}, 8, 5, {"Ann": 0, "Bob": 13}),
        ({"undercut_bonus": 10}, 7, 7, {"Ann": 0, "Bob": 10}),
        ({"undercut_bonus": 10, "gin_bonus": 40}, 6, 20, {"Ann": 14, "Bob": 0}),
    ],
)
def test_bonus_options_change_the_hand_score(options, ann, bob, expected):
    assert scores(gin(entry("Ann", ann, bob), options=options), 1) == expected


# -- counting from cards ----------------------------------------------------------------------


def test_defender_lays_off_on_the_knockers_melds():
    sheet = gin(entry("Ann", ANN_KNOCKS_7, BOB_LAYS_OFF))
    assert scores(sheet, 1) == {"Ann": 33 - 7, "Bob": 0}
    details = sheet["hands"][0]["details"]
    assert details["Ann"]["value"] == 7
    assert details["Bob"]["value"] == 33
    assert set(details["Bob"]["laid_off"]) == {"2H", "7H", "8H"}


def test_no_lay_offs_on_a_gin_hand():
    # Bob could lay off 2H 7H 8H on a knock, but not on gin: his 50 stands.
    sheet = gin(entry("Ann", ANN_GIN, BOB_LAYS_OFF))
    assert scores(sheet, 1) == {"Ann": 50 + 25, "Bob": 0}
    details = sheet["hands"][0]["details"]
    assert details["Ann"]["value"] == 0
    assert details["Bob"]["value"] == 50
    assert details["Bob"]["laid_off"] == []


# Ann can meld 3H in 2H 3H 4H (leaving 3S 3D = 6) or in 3H 3S 3D (leaving
# 2H 4H = 6); 9C-KC melds either way.  The run takes AH or 5H from Bob, the
# group takes 3C.  Bob's cards have no melds of his own and add up to 65.
ANN_TWO_WAYS = "2H 3H 4H 3S 3D 9C 10C JC QC KC"


@pytest.mark.parametrize(
    ("bob_cards", "bob_left", "ann_unmatched"),
    [
        # Run: 5H off, 60.  Group: 3C off, 62.  The group leaves Bob more.
        ("5H 3C 7S 7D 8S 8D JS JD 6C AC", 62, {"2H", "4H"}),
        # Run: AH off, 64.  Group: 3C off, 62.  The run leaves Bob more.
        ("AH 3C 7S 7D 8S 8D JS JD 6C 5D", 64, {"3S", "3D"}),
    ],
)
def test_among_equal_deadwood_knocker_takes_the_arrangement_leaving_defender_the_highest_count(
    bob_cards, bob_left, ann_unmatched
):
    sheet = gin(entry("Ann", ANN_TWO_WAYS, bob_cards))
    assert scores(sheet, 1) == {"Ann": bob_left - 6, "Bob": 0}
    details = sheet["hands"][0]["details"]
    assert details["Bob"]["value"] == bob_left
    assert set(details["Ann"]["unmatched"].split()) == ann_unmatched


def test_defender_count_is_taken_as_after_lay_offs():
    # Bob's 12 is trusted: nothing more is laid off on Ann's melds.
    sheet = gin(entry("Ann", ANN_KNOCKS_7, 12))
    assert scores(sheet, 1) == {"Ann": 5, "Bob": 0}


def test_knocker_count_with_defender_cards_uses_the_defenders_own_minimum_deadwood():
    # No melds of Ann's to lay off on: Bob's 50 after his own KD QD JD.
    sheet = gin(entry("Ann", 7, BOB_LAYS_OFF))
    assert scores(sheet, 1) == {"Ann": 43, "Bob": 0}
    assert sheet["hands"][0]["details"]["Bob"]["value"] == 50


def test_worked_example_lay_offs_then_undercut_with_other_numbers():
    sheet = gin(entry("Ann", ANN_KNOCKS_7, BOB_LAYS_OFF), entry("Bob", 3, 5))
    # Hand 1: 33 - 7 = 26 to Ann.  Hand 2: Bob knocks 5, Ann 3: 2 + 25 = 27 to Ann.
    assert scores(sheet, 1) == {"Ann": 26, "Bob": 0}
    assert scores(sheet, 2) == {"Ann": 27, "Bob": 0}
    assert totals(sheet) == {"Ann": 53, "Bob": 0}
    assert sheet["finished"] is False
    assert sheet["final"] is None
    assert sheet["next"]["dealer"] == "Ann"
    assert sheet["next"]["cards_each"] == 10


# -- notes ------------------------------------------------------------------------------------


def test_gin_note_names_gin_and_the_bonus():
    text = notes(gin(entry("Ann", 0, 31)), 1)
    assert "gin" in text.lower()
    assert "25 gin bonus" in text
    assert "31" in text and "56" in text


def test_undercut_note_names_the_undercut_and_the_bonus():
    text = notes(gin(entry("Ann", 8, 5)), 1)
    assert "undercut" in text.lower()
    assert "25 undercut bonus" in text
    assert "28" in text


def test_knock_note_shows_the_subtraction_and_the_cards_laid_off():
    text = notes(gin(entry("Ann", ANN_KNOCKS_7, BOB_LAYS_OFF)), 1)
    assert "33 - 7 = 26" in text
    assert all(card in text for card in ("2H", "7H", "8H"))


@pytest.mark.parametrize(("hand", "options", "written"), [
    (entry("Ann", 5, 4321), {}, "Ann knocked with 5; Bob has 4321: 4321 - 5 = 4316."),
    (entry("Ann", 0, 999), {"gin_bonus": 1}, "Ann went gin: Bob's 999 + 1 gin bonus = 1000."),
    (entry("Ann", 0, 7), {"gin_bonus": 9999}, "Ann went gin: Bob's 7 + 9999 gin bonus = 10006."),
    (entry("Ann", 1000, 999), {"knock_limit": 1000, "undercut_bonus": 1234},
     "Bob undercut Ann: 1000 - 999 + 1234 undercut bonus = 1235."),
])
def test_a_notes_numbers_are_written_in_full_past_the_numeral_table(hand, options, written):
    assert notes(gin(hand, options={"target": 100_000, **options}), 1) == written


# -- dead hands and dealing -------------------------------------------------------------------


def test_dead_hand_scores_nothing_and_needs_no_input():
    sheet = gin(entry(None), entry("Ann", 5, 15))
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0}
    assert totals(sheet) == {"Ann": 10, "Bob": 0}
    assert sheet["hands"][0]["out"] is None


def test_dead_hand_still_passes_the_deal():
    sheet = gin(entry(None), entry(None), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Ann", "Bob"]


def test_the_deal_alternates_whoever_wins():
    sheet = gin(entry("Ann", 5, 15), entry("Ann", 4, 14), entry("Ann", 8, 3), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Ann", "Bob", "Ann"]


# -- the end of the game -----------------------------------------------------------------------


def test_game_goes_on_below_the_target_and_final_is_null():
    sheet = gin(entry("Ann", 0, 74))  # 99
    assert sheet["finished"] is False
    assert sheet["winners"] == []
    assert sheet["final"] is None
    assert sheet["next"]["hand"] == 2


def test_game_ends_after_the_hand_in_which_a_total_reaches_the_target():
    sheet = gin(entry("Ann", 0, 75))  # exactly 100
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["next"] is None


def test_target_option_moves_the_end():
    assert gin(entry("Ann", 0, 75), options={"target": 150})["finished"] is False
    assert gin(entry("Ann", 2, 52), options={"target": 50})["finished"] is True


def test_a_finished_game_takes_no_more_hands():
    error = gin_rejected(entry("Ann", 0, 75), entry("Bob", 10, 0))
    assert error.hand == 2
    assert "already finished" in error.message


def test_winner_gets_game_bonus_and_everyone_box_bonuses():
    sheet = gin(
        entry("Ann", 4, 30),   # Ann 26
        entry("Bob", 11, 3),   # Bob 8
        entry("Ann", 0, 49),   # Ann 49 + 25 = 74: 100
    )
    assert totals(sheet) == {"Ann": 100, "Bob": 8}
    assert sheet["winners"] == ["Ann"]
    # Ann: 100 game + 2 boxes x 25; Bob: 1 box x 25.  No shutout: Bob has 8.
    assert sheet["final"] == {
        "bonuses": {"Ann": 150, "Bob": 25},
        "grand_totals": {"Ann": 250, "Bob": 33},
        "net": {"Ann": 217, "Bob": 0},
    }


def test_shutout_bonus_when_the_loser_scored_nothing_all_game():
    sheet = gin(entry("Ann", 0, 40), entry("Ann", 5, 45))  # 65, then 40: 105
    # Ann: 100 game + 100 shutout + 2 boxes x 25 = 250.
    assert sheet["final"] == {
        "bonuses": {"Ann": 250, "Bob": 0},
        "grand_totals": {"Ann": 355, "Bob": 0},
        "net": {"Ann": 355, "Bob": 0},
    }


@pytest.mark.parametrize(("ann_knocks", "bob_has", "undercut"), [(9, 6, 28), (6, 6, 25)])
def test_an_undercut_is_a_hand_won_by_the_defender_for_the_box_bonus(ann_knocks, bob_has, undercut):
    sheet = gin(
        entry("Ann", 2, 12),                 # Ann 10
        entry("Ann", ann_knocks, bob_has),   # Bob undercuts
        entry("Bob", 75, 0),                 # Bob 75 + 25 = 100
    )
    bob_total = undercut + 100
    assert totals(sheet) == {"Ann": 10, "Bob": bob_total}
    assert sheet["winners"] == ["Bob"]
    # Bob: 100 game + 2 boxes (the undercut and the gin); Ann: 1 box.
    assert sheet["final"] == {
        "bonuses": {"Ann": 25, "Bob": 150},
        "grand_totals": {"Ann": 35, "Bob": bob_total + 150},
        "net": {"Ann": 0, "Bob": bob_total + 150 - 35},
    }


def test_a_dead_hand_is_won_by_nobody_for_the_box_bonus():
    sheet = gin(entry(None), entry("Ann", 0, 80))  # Ann 105
    # Ann: 100 game + 100 shutout + 1 box; the dead hand gives no box.
    assert sheet["final"] == {
        "bonuses": {"Ann": 225, "Bob": 0},
        "grand_totals": {"Ann": 330, "Bob": 0},
        "net": {"Ann": 330, "Bob": 0},
    }


def test_end_of_game_options_change_the_bonuses():
    options = {"target": 60, "gin_bonus": 20, "game_bonus": 50, "shutout_bonus": 30, "box_bonus": 10}
    sheet = gin(entry("Ann", 0, 40), options=options)  # 40 + 20 = 60
    assert sheet["finished"] is True
    assert sheet["final"] == {
        "bonuses": {"Ann": 90, "Bob": 0},
        "grand_totals": {"Ann": 150, "Bob": 0},
        "net": {"Ann": 150, "Bob": 0},
    }


def test_ended_by_agreement_before_the_target_higher_total_wins_without_game_bonus():
    sheet = gin(entry("Ann", 4, 30), entry("Bob", 11, 3), ended=True)  # Ann 26, Bob 8
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["next"] is None
    # Box bonuses only: one hand each.
    assert sheet["final"] == {
        "bonuses": {"Ann": 25, "Bob": 25},
        "grand_totals": {"Ann": 51, "Bob": 33},
        "net": {"Ann": 18, "Bob": 0},
    }


def test_ended_by_agreement_pays_no_shutout_bonus():
    sheet = gin(entry("Ann", 4, 30), ended=True)
    assert sheet["final"] == {
        "bonuses": {"Ann": 25, "Bob": 0},
        "grand_totals": {"Ann": 51, "Bob": 0},
        "net": {"Ann": 51, "Bob": 0},
    }


def test_ended_by_agreement_with_equal_totals_shares_the_win():
    sheet = gin(entry("Ann", 4, 30), entry("Bob", 30, 4), ended=True)
    assert sheet["winners"] == ["Ann", "Bob"]


def test_ended_before_any_hand_has_no_winners():
    sheet = gin(ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == []
