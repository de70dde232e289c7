"""Hollywood Gin (SCORING.md section 5 `hollywood-gin`, section 6 "Hollywood Gin", "Gin family", "General").

Expected numbers are worked out by hand from the rule book; the comment next
to each hand shows the arithmetic.  ``won(player, points)`` is a hand that
player wins by that many points (gin from 25 up, a knock below), so a test
reads as the table's sheet; ``knock(knocker, count, defender's count)``
gives the counts themselves.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from helpers import counted, dealers, holding, log, notes, out, play, rejected, scores, totals

from scorekeeper.engine import Replay, replay, variants
from scorekeeper.engine.cards import parse_hand
from scorekeeper.engine.games import get_variant

PAIR = ["Ann", "Bob"]
GAMES = ["I", "II", "III"]
GIN_OPTIONS = {"target": 100, "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25,
               "game_bonus": 100, "shutout_bonus": 100, "box_bonus": 25}

# From test_gin: Ann knocks with 7 (3H-6H, 8S 8D 8C; AC 2D 4C); Bob lays
# off 2H 7H 8H on her melds and keeps 9S 9D QC 5C = 33: Ann scores 26.
ANN_KNOCKS_7 = "3H 4H 5H 6H 8S 8D 8C AC 2D 4C"
BOB_LAYS_OFF = "2H 7H 8H 9S 9D QC KD QD JD 5C"


def other(player: str) -> str:
    return "Bob" if player == "Ann" else "Ann"


def won(player: str, points: int) -> dict[str, Any]:
    """A hand ``player`` wins by ``points``: gin against a count of points - 25, or a knock of 1."""
    if points >= 25:
        return out(player, **{player: counted(0), other(player): counted(points - 25)})
    return out(player, **{player: counted(1), other(player): counted(points + 1)})


def knock(knocker: str, knocked: int, defender_has: int) -> dict[str, Any]:
    """A hand ``knocker`` knocks with that count against the defender's (0 is gin)."""
    return out(knocker, **{knocker: counted(knocked), other(knocker): counted(defender_has)})


DEAD = out(None)


def hollywood(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("hollywood-gin", PAIR, hands, **header)


def row(sheet: dict[str, Any], number: int) -> dict[str, Any]:
    return sheet["hands"][number - 1]


def game_totals(sheet: dict[str, Any], number: int) -> dict[str, dict[str, Any]]:
    return row(sheet, number)["game_totals"]


def entered(sheet: dict[str, Any]) -> list[list[str]]:
    """The games each hand was entered in."""
    return [hand["games"] for hand in sheet["hands"]]


def score_line(*pairs: tuple[int, int]) -> dict[str, dict[str, int]]:
    """Game totals I, II, III as (Ann, Bob) pairs."""
    return {g: {"Ann": ann, "Bob": bob} for g, (ann, bob) in zip(GAMES, pairs)}


# The second worked example, to its end.
# H1 Ann 60 (I); H2 Ann 50 (I 110 closes, II 50); H3 Bob 30, his first, I
# closed -> II only; H4 Ann 55, her third (II 105 closes, III 55); H5 Ann 50
# (III 105 closes).
EXAMPLE_2 = [won("Ann", 60), won("Ann", 50), won("Bob", 30), won("Ann", 55), won("Ann", 50)]


# -- players, entry, options: as Gin ----------------------------------------------------


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cara"]])
def test_hollywood_gin_is_for_exactly_two_players(players):
    error = rejected("hollywood-gin", players)
    assert error.where == "players"
    assert str(error) == f"players: Hollywood Gin is for 2 players, got {len(players)}"


def test_sheet_lists_every_option_with_gins_defaults():
    assert hollywood()["options"] == GIN_OPTIONS


def test_target_must_be_a_positive_whole_number():
    error = rejected("hollywood-gin", PAIR, options={"target": 0})
    assert (error.where, error.field, error.code) == ("options", "target", "bad_option")
    assert error.message == "target must be a positive whole number, at most 100000"


def test_there_is_no_option_for_more_games():
    error = rejected("hollywood-gin", PAIR, options={"games": 5})
    assert error.code == "bad_option"
    assert "'games' is not an option of this game" in error.message


@pytest.mark.parametrize(
    ("ann", "bob", "player", "given"),
    [("3H 4H 5H 6H 8S 8D 8C AC 2D", {"count": 20}, "Ann", 9),
     ({"count": 5}, BOB_LAYS_OFF + " 9C", "Bob", 11)],
)
def test_a_cards_input_holds_exactly_ten_cards(ann, bob, player, given):
    inputs = {name: holding(x) if isinstance(x, str) else x for name, x in (("Ann", ann), ("Bob", bob))}
    error = rejected("hollywood-gin", PAIR, [out("Ann", **inputs)])
    assert (error.hand, error.player) == (1, player)
    assert f"{given} cards given" in error.message and "exactly 10 cards" in error.message


def test_the_knocker_must_give_an_input_too():
    error = rejected("hollywood-gin", PAIR, [out("Ann", Bob=counted(20))])
    assert str(error) == "hand 1: no input for Ann"
    assert error.code == "missing_input"


def test_knocking_above_the_limit_is_invalid_and_blames_the_knocker():
    error = rejected("hollywood-gin", PAIR, [won("Ann", 10), knock("Bob", 14, 30)])
    assert str(error) == "hand 2, Bob: cannot knock with 14 (the limit is 10)"
    assert error.code == "over_knock_limit"


def test_a_card_cannot_be_in_both_hands():
    error = rejected("hollywood-gin", PAIR,
                     [out("Ann", Ann=holding(ANN_KNOCKS_7), Bob=holding("2H 7H 8H 9S 9D QC KD QD JD 4C"))])
    assert (error.hand, error.player, error.code) == (1, "Bob", "too_many_copies")
    assert "4C appears twice" in error.message


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (knock("Ann", 0, 31), {"Ann": 56, "Bob": 0}),   # gin: 31 + 25
        (knock("Ann", 6, 20), {"Ann": 14, "Bob": 0}),   # knock: 20 - 6
        (knock("Ann", 8, 5), {"Ann": 0, "Bob": 28}),    # undercut: 8 - 5 + 25
        (knock("Ann", 7, 7), {"Ann": 0, "Bob": 25}),    # equal counts undercut
    ],
)
def test_the_hand_score_is_gins(hand, expected):
    sheet = hollywood(hand)
    assert scores(sheet, 1) == expected
    assert totals(sheet) == expected


def test_cards_are_counted_with_lay_offs_as_in_gin():
    sheet = hollywood(out("Ann", Ann=holding(ANN_KNOCKS_7), Bob=holding(BOB_LAYS_OFF)))
    assert scores(sheet, 1) == {"Ann": 26, "Bob": 0}  # 33 - 7
    assert set(row(sheet, 1)["details"]["Bob"]["laid_off"]) == {"2H", "7H", "8H"}
    assert game_totals(sheet, 1)["I"] == {"Ann": 26, "Bob": 0}


def test_bonus_options_change_the_hand_score():
    sheet = hollywood(knock("Ann", 0, 31), knock("Ann", 8, 5), options={"gin_bonus": 20, "undercut_bonus": 10})
    assert [scores(sheet, n) for n in (1, 2)] == [{"Ann": 51, "Bob": 0}, {"Ann": 0, "Bob": 13}]


def test_the_deal_alternates_dead_hands_too():
    sheet = hollywood(won("Ann", 10), DEAD, won("Ann", 10), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Ann", "Bob", "Ann"]


# -- where a win is entered ----------------------------------------------------------------------


def test_first_win_is_entered_in_game_i_only():
    sheet = hollywood(won("Ann", 18))
    assert row(sheet, 1)["games"] == ["I"]
    assert game_totals(sheet, 1) == score_line((18, 0), (0, 0), (0, 0))


def test_second_win_is_entered_in_games_i_and_ii():
    sheet = hollywood(won("Ann", 18), won("Ann", 25))
    assert row(sheet, 2)["games"] == ["I", "II"]
    assert game_totals(sheet, 2) == score_line((43, 0), (25, 0), (0, 0))


@pytest.mark.parametrize("wins", [3, 4, 6])
def test_third_and_every_later_win_is_entered_in_all_three_games(wins):
    sheet = hollywood(*[won("Ann", 10) for _ in range(wins)])
    assert entered(sheet) == [["I"], ["I", "II"], *[GAMES] * (wins - 2)]
    assert game_totals(sheet, wins) == score_line((10 * wins, 0), (10 * (wins - 1), 0), (10 * (wins - 2), 0))


def test_each_player_counts_their_own_wins():
    # H1 Ann 18 (I), H2 Bob 12 (I): both first wins; H3 Ann's second, H4 Bob's second.
    sheet = hollywood(won("Ann", 18), won("Bob", 12), won("Ann", 25), won("Bob", 30))
    assert entered(sheet) == [["I"], ["I"], ["I", "II"], ["I", "II"]]


def test_worked_example_one_each_players_wins_go_further_along():
    # H1 Ann 18 (I), H2 Bob 12 (I), H3 Ann 25 (I, II), H4 Bob 30 (I, II),
    # H5 Ann 15 (I, II, III): I 58-42, II 40-30, III 15-0.
    sheet = hollywood(won("Ann", 18), won("Bob", 12), won("Ann", 25), won("Bob", 30), won("Ann", 15))
    assert entered(sheet) == [["I"], ["I"], ["I", "II"], ["I", "II"], GAMES]
    assert game_totals(sheet, 5) == score_line((58, 42), (40, 30), (15, 0))
    assert totals(sheet) == {"Ann": 58, "Bob": 42}
    assert sheet["finished"] is False


def test_a_dead_hand_is_won_by_nobody_and_entered_nowhere():
    sheet = hollywood(won("Ann", 20), DEAD, won("Ann", 30))
    assert entered(sheet) == [["I"], [], ["I", "II"]]  # the dead hand is not Ann's second win
    assert game_totals(sheet, 2) == game_totals(sheet, 1)
    assert scores(sheet, 2) == {"Ann": 0, "Bob": 0}
    assert row(sheet, 2)["closed"] == []


def test_an_undercut_is_a_win_of_the_defender():
    sheet = hollywood(won("Bob", 10), knock("Ann", 8, 5))  # Bob undercuts: 28, his second win
    assert row(sheet, 2)["games"] == ["I", "II"]
    assert game_totals(sheet, 2) == score_line((0, 38), (0, 28), (0, 0))


def test_a_win_scoring_nothing_still_counts_as_a_hand_won():
    # Equal counts with no undercut bonus: Bob undercuts for 0, his first win.
    sheet = hollywood(knock("Ann", 7, 7), won("Bob", 10), ended=True, options={"undercut_bonus": 0})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0}
    assert entered(sheet) == [["I"], ["I", "II"]]
    assert sheet["games"]["I"]["final"]["bonuses"] == {"Ann": 0, "Bob": 50}  # two hands won in I


def test_a_win_is_entered_only_in_the_open_games_it_is_due():
    # Ann 60 then 50: I closes at 110.  Her third win is due in all three: II and III only.
    sheet = hollywood(won("Ann", 60), won("Ann", 50), won("Ann", 30))
    assert row(sheet, 3)["games"] == ["II", "III"]
    assert game_totals(sheet, 3) == score_line((110, 0), (80, 0), (30, 0))


def test_a_win_whose_games_are_all_closed_goes_to_the_next_game_in_progress_only():
    # Bob's first win is due in I, which is closed: it goes to II only, not III too.
    sheet = hollywood(won("Ann", 60), won("Ann", 50), won("Bob", 30))
    assert row(sheet, 3)["games"] == ["II"]
    assert game_totals(sheet, 3) == score_line((110, 0), (50, 30), (0, 0))


def test_with_games_i_and_ii_closed_a_first_win_goes_to_game_iii():
    # Ann 50, 50 (I 100 closes, II 50), 50 (II 100 closes, III 50); Bob's first win.
    sheet = hollywood(won("Ann", 50), won("Ann", 50), won("Ann", 50), won("Bob", 40))
    assert entered(sheet) == [["I"], ["I", "II"], ["II", "III"], ["III"]]
    assert game_totals(sheet, 4)["III"] == {"Ann": 50, "Bob": 40}


def test_a_closed_game_takes_no_more_scores():
    sheet = hollywood(won("Ann", 60), won("Ann", 50), won("Bob", 30), won("Bob", 30))
    assert [game_totals(sheet, n)["I"] for n in (2, 3, 4)] == [{"Ann": 110, "Bob": 0}] * 3


def test_sheet_totals_count_each_hand_once():
    sheet = hollywood(won("Ann", 60), won("Ann", 50), won("Ann", 30))
    assert totals(sheet) == {"Ann": 140, "Bob": 0}
    assert scores(sheet, 3) == {"Ann": 30, "Bob": 0}


# -- closing games and the end of the match ----------------------------------------------------------


def test_a_game_closes_after_the_hand_that_brings_a_total_there_to_the_target():
    below = hollywood(won("Ann", 60), won("Bob", 10), won("Ann", 39))  # I: 99
    assert row(below, 3)["closed"] == []
    reached = hollywood(won("Ann", 60), won("Bob", 10), won("Ann", 40))  # I: exactly 100
    assert row(reached, 3)["closed"] == ["I"]
    assert reached["games"]["I"]["winner"] == "Ann"
    assert reached["games"]["I"]["open"] is False
    assert reached["next"]["open"] == ["II", "III"]
    assert reached["finished"] is False


def test_closed_lists_every_game_closed_so_far():
    sheet = hollywood(*EXAMPLE_2)
    assert [hand["closed"] for hand in sheet["hands"]] == [[], ["I"], ["I"], ["I", "II"], GAMES]


def test_one_hand_may_close_several_games():
    # Ann 20 (I), 40 (I 60, II 40), 60 (I 120 and II 100 close, III 60).
    sheet = hollywood(won("Ann", 20), won("Ann", 40), won("Ann", 60))
    assert row(sheet, 3)["closed"] == ["I", "II"]
    assert sheet["next"]["open"] == ["III"]
    assert "Game I closes" in notes(sheet, 3) and "Game II closes" in notes(sheet, 3)


def test_one_hand_may_close_all_three_and_end_the_match():
    # Ann 5 (I), 5 (I 10, II 5), then 100: I 110, II 105, III 100.
    sheet = hollywood(won("Ann", 5), won("Ann", 5), won("Ann", 100))
    assert row(sheet, 3)["closed"] == GAMES
    assert sheet["finished"] is True
    assert sheet["next"] is None


def test_the_match_is_finished_only_when_all_three_games_are_closed():
    two_closed = hollywood(*EXAMPLE_2[:4])
    assert two_closed["finished"] is False
    assert two_closed["winners"] == []
    assert two_closed["final"] is None
    assert two_closed["next"]["open"] == ["III"]
    assert hollywood(*EXAMPLE_2)["finished"] is True


def test_a_finished_match_takes_no_more_hands():
    error = rejected("hollywood-gin", PAIR, [*EXAMPLE_2, won("Bob", 10)])
    assert (error.hand, error.code) == (6, "game_over")


def test_the_target_option_applies_to_each_game():
    sheet = hollywood(won("Ann", 30), won("Ann", 30), won("Ann", 30), options={"target": 60})
    # I 30, 60 closes; II 30, 60 closes; III 30.
    assert [hand["closed"] for hand in sheet["hands"]] == [[], ["I"], ["I", "II"]]
    assert sheet["next"]["open"] == ["III"]


# -- each game's settlement -----------------------------------------------------------------------------


def test_worked_example_two_every_game_settles_as_gin_and_the_match_nets_915():
    sheet = hollywood(*EXAMPLE_2)
    assert entered(sheet) == [["I"], ["I", "II"], ["II"], ["II", "III"], ["III"]]
    assert game_totals(sheet, 5) == score_line((110, 0), (105, 30), (105, 0))
    # I: 110 + 100 + 100 shutout + 2 x 25 = 360 v 0.
    # II: 105 + 100 + 2 x 25 = 255 v 30 + 25 = 55: net 200.
    # III: 105 + 100 + 100 shutout + 2 x 25 = 355 v 0.
    assert sheet["final"] == {
        "I": {"bonuses": {"Ann": 250, "Bob": 0}, "grand_totals": {"Ann": 360, "Bob": 0},
              "net": {"Ann": 360, "Bob": 0}},
        "II": {"bonuses": {"Ann": 150, "Bob": 25}, "grand_totals": {"Ann": 255, "Bob": 55},
               "net": {"Ann": 200, "Bob": 0}},
        "III": {"bonuses": {"Ann": 250, "Bob": 0}, "grand_totals": {"Ann": 355, "Bob": 0},
                "net": {"Ann": 355, "Bob": 0}},
        "net": {"Ann": 915, "Bob": 0},
    }
    assert sheet["winners"] == ["Ann"]
    assert totals(sheet) == {"Ann": 215, "Bob": 30}
    assert {g: sheet["games"][g]["final"] for g in GAMES} == {g: sheet["final"][g] for g in GAMES}


def test_a_closed_games_final_is_on_the_sheet_before_the_match_is_over():
    sheet = hollywood(*EXAMPLE_2[:2])  # I closed at 110 - 0
    assert sheet["games"]["I"]["final"] == {
        "bonuses": {"Ann": 250, "Bob": 0}, "grand_totals": {"Ann": 360, "Bob": 0}, "net": {"Ann": 360, "Bob": 0},
    }
    assert sheet["games"]["II"]["final"] is None and sheet["games"]["III"]["final"] is None
    assert sheet["final"] is None
    assert sheet["settlement"] == []  # the sheet's settlement waits for the end of the match


def test_shutout_is_decided_on_the_losers_total_in_that_game():
    # Bob's only win went to II, so he has 30 on the sheet but nothing in I and III.
    sheet = hollywood(*EXAMPLE_2)
    assert totals(sheet)["Bob"] == 30
    assert [sheet["final"][g]["bonuses"]["Ann"] for g in GAMES] == [250, 150, 250]


def test_box_bonus_counts_the_hands_won_in_that_game_only():
    # Ann won four hands; two of them were entered in III.
    sheet = hollywood(*EXAMPLE_2)
    assert sheet["final_detail"]["III"]["Ann"]["boxes"] == 2
    assert sheet["final_detail"]["II"]["Bob"] == {"boxes": 1, "box_bonus": 25, "game_bonus": 0, "shutout_bonus": 0}


# A full match with cards, a dead hand and an undercut, in which Bob shuts
# Ann out of game I and wins the match on net though Ann wins II and III.
#  H1 Bob knocks 3, Ann 40: Bob 37, his 1st win -> I (37-0 Bob).
#  H2 dead hand.
#  H3 Ann knocks 8, Bob 5: Bob undercuts, 28, his 2nd -> I 65, II 28.
#  H4 Bob knocks 2, Ann 40: Bob 38, his 3rd -> I 103 closes, II 66, III 38.
#  H5 Ann gins, Bob 20: Ann 45, her 1st; I closed -> II only: II 45-66.
#  H6 Ann knocks 7 from cards, Bob lays off to 33: Ann 26, her 2nd; I closed -> II: 71-66.
#  H7 Ann gins, Bob 50: Ann 75, her 3rd -> II 146 closes, III 75-38.
#  H8 Bob knocks 1, Ann 11: Bob 10, his 4th -> III only: 75-48.
#  H9 Ann knocks 5, Bob 35: Ann 30, her 4th -> III 105 closes.
# I: Bob 103 + 100 + 100 shutout + 3 boxes (H1 H3 H4) 75 = 378 v Ann 0: 378 to Bob.
# II: Ann 146 + 100 + 3 boxes (H5 H6 H7) 75 = 321 v Bob 66 + 2 boxes 50 = 116: 205 to Ann.
# III: Ann 105 + 100 + 2 boxes (H7 H9) 50 = 255 v Bob 48 + 2 boxes (H4 H8) 50 = 98: 157 to Ann.
# Nets summed: Ann 205 + 157 = 362, Bob 378: 16 to Bob, who wins the match.
FULL_MATCH = [
    knock("Bob", 3, 40),
    DEAD,
    knock("Ann", 8, 5),
    knock("Bob", 2, 40),
    knock("Ann", 0, 20),
    out("Ann", Ann=holding(ANN_KNOCKS_7), Bob=holding(BOB_LAYS_OFF)),
    knock("Ann", 0, 50),
    knock("Bob", 1, 11),
    knock("Ann", 5, 35),
]


def test_a_full_match_until_all_three_games_close_with_a_shut_out_game():
    sheet = hollywood(*FULL_MATCH)
    assert entered(sheet) == [["I"], [], ["I", "II"], GAMES, ["II"], ["II"], ["II", "III"], ["III"], ["III"]]
    assert [hand["closed"] for hand in sheet["hands"]] == [
        [], [], [], ["I"], ["I"], ["I"], ["I", "II"], ["I", "II"], GAMES]
    assert game_totals(sheet, 9) == score_line((0, 103), (146, 66), (105, 48))
    assert totals(sheet) == {"Ann": 45 + 26 + 75 + 30, "Bob": 37 + 28 + 38 + 10}
    assert sheet["final"] == {
        "I": {"bonuses": {"Ann": 0, "Bob": 275}, "grand_totals": {"Ann": 0, "Bob": 378},
              "net": {"Ann": 0, "Bob": 378}},
        "II": {"bonuses": {"Ann": 175, "Bob": 50}, "grand_totals": {"Ann": 321, "Bob": 116},
               "net": {"Ann": 205, "Bob": 0}},
        "III": {"bonuses": {"Ann": 150, "Bob": 50}, "grand_totals": {"Ann": 255, "Bob": 98},
                "net": {"Ann": 157, "Bob": 0}},
        "net": {"Ann": 0, "Bob": 16},
    }
    assert [sheet["games"][g]["winner"] for g in GAMES] == ["Bob", "Ann", "Ann"]
    assert sheet["winners"] == ["Bob"]
    assert sheet["finished"] is True and sheet["next"] is None
    assert dealers(sheet) == ["Ann", "Bob"] * 4 + ["Ann"]
    assert sheet["final_notes"][-1] == "Match: game nets Bob 378, Ann 362: 16 to Bob."


def test_the_settlement_is_each_game_as_gin_then_the_match():
    sheet = hollywood(*EXAMPLE_2)
    assert [part["title"] for part in sheet["settlement"]] == ["Game I", "Game II", "Game III", "Match"]
    game_ii = {line["label"]: line["values"] for line in sheet["settlement"][1]["lines"]}
    assert game_ii == {
        "Line (hand scores)": {"Ann": 105, "Bob": 30},
        "Boxes (hands won)": {"Ann": "2 × 25 = 50", "Bob": "1 × 25 = 25"},
        "Game bonus": {"Ann": 100, "Bob": 0},
        "Shutout bonus": {"Ann": 0, "Bob": 0},
        "Grand total": {"Ann": 255, "Bob": 55},
        "Net": {"Ann": 200, "Bob": 0},
    }
    assert "Net: 255 - 55 = 200 to Ann." in sheet["settlement"][1]["notes"]
    match = sheet["settlement"][3]
    assert [(line["label"], line["values"], line["strong"]) for line in match["lines"]] == [
        ("Game I net", {"Ann": 360, "Bob": 0}, False),
        ("Game II net", {"Ann": 200, "Bob": 0}, False),
        ("Game III net", {"Ann": 355, "Bob": 0}, False),
        ("Nets summed", {"Ann": 915, "Bob": 0}, False),
        ("Net", {"Ann": 915, "Bob": 0}, True),
    ]


def test_final_notes_explain_each_games_bonuses_and_the_match_net():
    final_notes = hollywood(*EXAMPLE_2)["final_notes"]
    assert "Game I: Bob scored nothing: 100 shutout bonus to Ann." in final_notes
    assert "Game II: Bob: 1 hand won x 25 box bonus = 25." in final_notes
    assert "Game III: Net: 355 - 0 = 355 to Ann." in final_notes
    assert final_notes[-1] == "Match: game nets Ann 915, Bob 0: 915 to Ann."


def test_end_of_game_options_change_every_games_bonuses():
    options = {"target": 50, "game_bonus": 40, "shutout_bonus": 30, "box_bonus": 10}
    sheet = hollywood(won("Ann", 5), won("Ann", 5), won("Ann", 50), options=options)
    # I 60, II 55, III 50, all closed by the third hand: 40 + 30 + boxes 3, 2, 1 x 10.
    assert [sheet["final"][g]["grand_totals"]["Ann"] for g in GAMES] == [60 + 70 + 30, 55 + 70 + 20, 50 + 70 + 10]
    assert sheet["final"]["net"] == {"Ann": 160 + 145 + 130, "Bob": 0}


# -- ended by agreement -----------------------------------------------------------------------------------


def test_ended_by_agreement_each_open_game_settles_as_gins_agreed_game():
    # Example 2's first three hands: I closed 110-0; II 50-30 open; III 0-0 open.
    sheet = hollywood(*EXAMPLE_2[:3], ended=True)
    assert sheet["finished"] is True and sheet["next"] is None
    # II: the higher total wins, boxes only: Ann 50 + 25 = 75 v Bob 30 + 25 = 55: 20 to Ann.
    assert sheet["final"]["II"] == {"bonuses": {"Ann": 25, "Bob": 25}, "grand_totals": {"Ann": 75, "Bob": 55},
                                    "net": {"Ann": 20, "Bob": 0}}
    # III: 0-0, a tie: no winner, no net.
    assert sheet["final"]["III"] == {"bonuses": {"Ann": 0, "Bob": 0}, "grand_totals": {"Ann": 0, "Bob": 0},
                                     "net": {"Ann": 0, "Bob": 0}}
    assert sheet["final"]["I"]["net"] == {"Ann": 360, "Bob": 0}  # closed before: as it was
    assert sheet["final"]["net"] == {"Ann": 380, "Bob": 0}
    assert {g: (sheet["games"][g]["open"], sheet["games"][g]["winner"]) for g in GAMES} == {
        "I": (False, "Ann"), "II": (False, "Ann"), "III": (False, None)}
    assert sheet["winners"] == ["Ann"]
    assert "Game II: Ended by agreement: Ann has the higher total; no game bonus." in sheet["final_notes"]
    assert "Game III: Ended by agreement with equal totals: no winner, no net." in sheet["final_notes"]
    assert sheet["settlement"][2]["notes"] == ["Ended by agreement with equal totals: no winner, no net."]


def test_ended_by_agreement_pays_no_game_or_shutout_bonus_in_an_open_game():
    sheet = hollywood(won("Ann", 60), won("Ann", 30), ended=True)  # I 90-0, II 30-0
    assert sheet["final"]["I"] == {"bonuses": {"Ann": 50, "Bob": 0}, "grand_totals": {"Ann": 140, "Bob": 0},
                                   "net": {"Ann": 140, "Bob": 0}}
    assert sheet["final"]["II"]["grand_totals"] == {"Ann": 55, "Bob": 0}
    assert sheet["final"]["net"] == {"Ann": 195, "Bob": 0}


def test_a_tied_open_game_ended_by_agreement_has_no_winner_but_its_boxes_count():
    # I closes 110-0 for Ann; II: Ann 50, Bob 30 then 20 (his second win, I closed): 50-50.
    sheet = hollywood(won("Ann", 60), won("Ann", 50), won("Bob", 30), won("Bob", 20), ended=True)
    assert game_totals(sheet, 4)["II"] == {"Ann": 50, "Bob": 50}
    assert sheet["games"]["II"]["winner"] is None
    assert sheet["final"]["II"] == {"bonuses": {"Ann": 25, "Bob": 50}, "grand_totals": {"Ann": 75, "Bob": 100},
                                    "net": {"Ann": 0, "Bob": 0}}
    assert sheet["final"]["net"] == {"Ann": 360, "Bob": 0}


def test_ended_by_agreement_the_match_net_counts_a_games_net_below_zero():
    # I: Ann 30 (one box) v Bob 20 (two boxes): Ann has the higher total, but
    # 30 + 25 - (20 + 50) = -15 is her net.  II: Bob's second win, 10 v 0.
    sheet = hollywood(won("Bob", 10), won("Ann", 30), won("Bob", 10), ended=True)
    assert game_totals(sheet, 3)["I"] == {"Ann": 30, "Bob": 20}
    assert sheet["final"]["I"]["net"] == {"Ann": -15, "Bob": 0}
    assert sheet["games"]["I"]["winner"] == "Ann"
    assert sheet["final"]["II"]["net"] == {"Ann": 0, "Bob": 35}  # Bob 10 + 25 v 0
    assert sheet["final"]["net"] == {"Ann": 0, "Bob": 50}  # 35 - (-15)


def test_equal_summed_nets_share_the_match():
    sheet = hollywood(won("Ann", 30), won("Bob", 30), ended=True)  # I 30-30, II and III 0-0
    assert sheet["final"]["net"] == {"Ann": 0, "Bob": 0}
    assert sheet["winners"] == ["Ann", "Bob"]
    assert sheet["final_notes"][-1] == "Match: Ann and Bob have 0 each in game nets: a shared win, no net."


def test_ended_after_only_dead_hands_is_a_shared_match():
    sheet = hollywood(DEAD, DEAD, ended=True)
    assert sheet["winners"] == ["Ann", "Bob"]
    assert sheet["final"]["net"] == {"Ann": 0, "Bob": 0}


def test_ended_before_any_hand_has_no_winners_and_nothing_to_settle():
    sheet = hollywood(ended=True)
    assert sheet["finished"] is True
    assert sheet["winners"] == []
    assert sheet["final"] is None
    assert sheet["settlement"] == []
    assert {g: sheet["games"][g] for g in GAMES} == {
        g: {"totals": {"Ann": 0, "Bob": 0}, "open": False, "winner": None, "final": None} for g in GAMES}


def test_a_finished_match_stays_as_it_is_when_ended():
    assert hollywood(*EXAMPLE_2, ended=True)["final"] == hollywood(*EXAMPLE_2)["final"]
    assert hollywood(*EXAMPLE_2, ended=True)["ended_by_agreement"] is False


# -- the sheet's shape -------------------------------------------------------------------------------------


def test_each_hand_row_adds_its_games_the_game_totals_after_it_and_the_closed_games():
    sheet = hollywood(won("Ann", 60), won("Ann", 50), DEAD)
    first, second, dead = sheet["hands"]
    gin_row = play("gin", PAIR, [won("Ann", 60)])["hands"][0]
    for hand in sheet["hands"]:
        assert set(hand) == set(gin_row) | {"games", "game_totals", "closed"}
        assert list(hand["game_totals"]) == GAMES
        assert all(list(each) == PAIR for each in hand["game_totals"].values())
    assert (first["games"], first["closed"]) == (["I"], [])
    assert (second["games"], second["closed"]) == (["I", "II"], ["I"])
    assert (dead["games"], dead["closed"]) == ([], ["I"])
    assert first["game_totals"]["I"] == {"Ann": 60, "Bob": 0}  # after that hand, not after the last


def test_the_sheet_has_each_games_totals_open_winner_and_final():
    sheet = hollywood(won("Ann", 60), won("Ann", 50))
    assert set(sheet) == set(play("gin", PAIR)) | {"games"}
    assert list(sheet["games"]) == GAMES
    assert all(set(each) == {"totals", "open", "winner", "final"} for each in sheet["games"].values())
    assert sheet["games"]["II"] == {"totals": {"Ann": 50, "Bob": 0}, "open": True, "winner": None, "final": None}
    assert sheet["games"]["I"]["open"] is False


def test_the_final_holds_each_game_as_gins_final_and_the_net():
    final = hollywood(*EXAMPLE_2)["final"]
    assert list(final) == ["I", "II", "III", "net"]
    assert all(set(final[g]) == {"bonuses", "grand_totals", "net"} for g in GAMES)


def test_next_names_the_open_games():
    assert hollywood()["next"] == {"hand": 1, "dealer": "Ann", "cards_each": 10, "decks": 1, "jokers": 0,
                                   "contract": None, "open": GAMES}
    assert hollywood(*EXAMPLE_2[:2])["next"]["open"] == ["II", "III"]


# -- notes ---------------------------------------------------------------------------------------------------


def test_notes_say_where_a_win_was_entered_and_why():
    sheet = hollywood(*EXAMPLE_2)
    assert row(sheet, 1)["notes"][-1] == "Ann's first win: 60 entered in game I."
    assert row(sheet, 2)["notes"][1] == "Ann's second win: 50 entered in games I and II."
    assert row(sheet, 3)["notes"][-1] == (
        "Bob's first win: game I is closed, so 30 goes to game II, the next game in progress.")
    assert row(sheet, 4)["notes"][1] == "Ann's third win: 55 entered in games II and III (game I is closed)."
    assert row(sheet, 5)["notes"][1] == "Ann's fourth win: 50 entered in game III (games I and II are closed)."


def test_notes_say_when_a_game_closes_and_when_the_match_is_over():
    sheet = hollywood(*EXAMPLE_2)
    assert row(sheet, 2)["notes"][-1] == "Game I closes: Ann reaches 110 (the target is 100) and wins it."
    assert row(sheet, 5)["notes"][-2:] == [
        "Game III closes: Ann reaches 105 (the target is 100) and wins it.",
        "All three games are closed: the match is over.",
    ]


def test_the_gin_note_of_the_hand_comes_first():
    assert row(hollywood(knock("Ann", 8, 5)), 1)["notes"] == [
        "Bob undercut Ann: 8 - 5 + 25 undercut bonus = 28.", "Bob's first win: 28 entered in game I."]


def test_notes_carry_stable_keys_with_their_numbers():
    keys = row(hollywood(*EXAMPLE_2), 3)["note_keys"]
    assert keys[-1] == {"key": "hollywood.next_game", "values": {
        "player": "Bob", "win": 1, "points": 30, "games": ["II"], "closed": ["I"]}}
    closing = row(hollywood(*EXAMPLE_2), 2)["note_keys"][-1]
    assert closing == {"key": "hollywood.closed",
                       "values": {"game": "I", "player": "Ann", "total": 110, "target": 100}}


def test_a_dead_hand_note_is_gins():
    assert row(hollywood(DEAD), 1)["notes"] == ["Dead hand (the stock ran down): nobody scores."]


def test_a_late_win_is_named_by_its_number():
    sheet = hollywood(*[won("Ann", 1) for _ in range(11)])
    assert row(sheet, 11)["notes"][-1] == "Ann's 11th win: 1 entered in games I, II and III."


# -- going on hand by hand -----------------------------------------------------------------------------------


def test_going_on_by_one_hand_gives_the_sheet_of_the_longer_log():
    for cut in range(len(FULL_MATCH)):
        before = Replay.of(log("hollywood-gin", PAIR, FULL_MATCH[:cut]))
        assert before.after(FULL_MATCH[cut]).sheet() == replay(log("hollywood-gin", PAIR, FULL_MATCH[:cut + 1]))


def test_going_on_leaves_the_replay_it_started_from_as_it_was():
    before = Replay.of(log("hollywood-gin", PAIR, EXAMPLE_2[:1]))
    sheet_before = before.sheet()
    ann = before.after(won("Ann", 50))
    bob = before.after(won("Bob", 30))
    assert ann.sheet()["games"]["I"]["totals"] == {"Ann": 110, "Bob": 0}
    assert bob.sheet()["games"]["I"]["totals"] == {"Ann": 60, "Bob": 30}
    assert ann.sheet()["games"]["II"]["totals"] == {"Ann": 50, "Bob": 0}
    assert bob.sheet()["games"]["II"]["totals"] == {"Ann": 0, "Bob": 0}
    assert before.sheet() == sheet_before
    assert before.after(won("Ann", 50)).sheet()["hands"][1]["notes"][1] == (
        "Ann's second win: 50 entered in games I and II.")


# -- the declarations and guidance ------------------------------------------------------------------------------


def catalogue() -> dict[str, Any]:
    return next(v for v in variants() if v["key"] == "hollywood-gin")


def test_the_catalogue_declares_gins_entry():
    entry = catalogue()
    gin = next(v for v in variants() if v["key"] == "gin")
    assert entry["name"] == "Hollywood Gin"
    assert (entry["min_players"], entry["max_players"]) == (2, 2)
    assert (entry["cards_each"], entry["decks"], entry["jokers"]) == ({"2": 10}, {"2": 1}, {"2": 0})
    assert entry["entry"] == gin["entry"]
    assert [(f["key"], f["out"]) for f in entry["entry"]["fields"]] == [("count", "required"), ("cards", "required")]
    assert entry["entry"]["no_out_label"] == "Dead hand"
    assert entry["entry"]["out_verb"] == "knocked"
    assert entry["entry"]["exact_cards"] == 10
    assert (entry["entry"]["choices"], entry["entry"]["statuses"], entry["entry"]["endings"]) == ([], [], [])
    assert [m["key"] for m in entry["moments"]] == ["gins", "undercuts"]


def test_the_catalogue_lists_gins_options_said_of_each_game():
    options = {o["key"]: o for o in catalogue()["options"]}
    assert {key: o["default"] for key, o in options.items()} == GIN_OPTIONS
    assert "Each game" in options["target"]["help"]
    assert "in that game" in options["box_bonus"]["help"]
    assert "three games" in catalogue()["rules"]


def test_the_guide_is_gins_how_to_with_a_goal_and_the_open_games():
    sheet = hollywood()
    assert sheet["guide"]["how_to"] == play("gin", PAIR)["guide"]["how_to"]
    assert sheet["guide"]["goal"] == "Three games at once, each to 100; the most net points over the three wins"
    assert sheet["guide"]["next"] == "Hand 1 · Ann deals 10 cards · games I, II and III open"
    assert hollywood(*EXAMPLE_2[:4])["guide"]["next"] == "Hand 5 · Ann deals 10 cards · game III open"
    assert hollywood(options={"target": 150})["guide"]["goal"].startswith("Three games at once, each to 150")


def test_rows_name_the_moments_and_winner_as_gin():
    sheet = hollywood(knock("Ann", 0, 10), knock("Ann", 8, 5), DEAD)
    assert [(r["winner"], r["kind"], r["moments"]) for r in sheet["hands"]] == [
        ("Ann", "gin", {"Ann": ["gins"]}), ("Bob", "undercut", {"Bob": ["undercuts"]}), (None, "dead", {})]
    assert sheet["moments"] == play("gin", PAIR)["moments"]


def test_preview_counts_deadwood_as_gin():
    preview = get_variant("hollywood-gin").preview(parse_hand(ANN_KNOCKS_7), GIN_OPTIONS)
    assert preview["value"] == 7
    assert sorted(preview["unmatched"].split()) == ["2D", "4C", "AC"]


def calls_to_replay(hands: list[dict[str, Any]]) -> int:
    """The Python function calls a replay of these hands makes (a count, not a time: the same on any machine)."""
    calls = 0

    def tally(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(tally)
    try:
        hollywood(*hands)
    finally:
        sys.setprofile(None)
    return calls


def test_a_long_match_of_dead_hands_replays_in_work_linear_in_its_hands():
    def match(dead: int) -> list[dict[str, Any]]:
        return [DEAD] * dead + [won("Ann", 5), won("Ann", 5)]

    # Twice the hands, about twice the work (a replay that went back over the match each hand: four times).
    assert calls_to_replay(match(998)) < 2.2 * calls_to_replay(match(498))
    assert row(hollywood(*match(998)), 1000)["games"] == ["I", "II"]
