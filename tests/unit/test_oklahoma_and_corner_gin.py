"""Oklahoma Gin and Around-the-Corner Gin (SCORING.md section 5 and the Gin family of section 6).

Both are Gin Rummy with changes; these tests cover the changes.  Numbers are
counted by hand from the rule book.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, holding, notes, out, play, rejected, scores, totals

PAIR = ["Ann", "Bob"]

# Ann: 3H-6H and 8S 8D 8C; AC 2D 4C unmatched = 7 (corner-gin: the ace 15, 21).
ANN_KNOCKS_7 = "3H 4H 5H 6H 8S 8D 8C AC 2D 4C"
# Ann: 3H-6H, 8S 8D 8C and JS QS KS: gin in every Gin variant.
ANN_GIN = "3H 4H 5H 6H 8S 8D 8C JS QS KS"
# Bob: his own KD QD JD; 2H 7H 8H 9S 9D QC 5C = 50 unmatched.  On Ann's heart
# run and eights he lays off 2H, 7H and 8H, leaving 9S 9D QC 5C = 33.
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


def oklahoma(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("oklahoma-gin", PAIR, hands, **header)


def corner(*hands: dict[str, Any], **header: Any) -> dict[str, Any]:
    return play("corner-gin", PAIR, hands, **header)


# -- Oklahoma Gin: the upcard sets the knock limit ----------------------------------------

UPCARD_LIMITS = [
    ("AH", 1), ("2D", 2), ("5C", 5), ("9H", 9),
    ("10D", 10), ("JC", 10), ("QH", 10), ("KD", 10),
]


@pytest.mark.parametrize(("upcard", "limit"), UPCARD_LIMITS)
def test_oklahoma_upcard_value_is_the_knock_limit(upcard, limit):
    sheet = oklahoma(entry("Ann", limit, 30, upcard=upcard))
    assert scores(sheet, 1) == {"Ann": 30 - limit, "Bob": 0}


@pytest.mark.parametrize(("upcard", "limit"), UPCARD_LIMITS)
def test_oklahoma_knocking_above_the_upcard_value_is_invalid(upcard, limit):
    error = rejected("oklahoma-gin", PAIR, [entry("Bob", 30, limit + 1, upcard=upcard)])
    assert (error.hand, error.player) == (1, "Bob")
    assert error.message == f"cannot knock with {limit + 1} (the limit is {limit})"


def test_oklahoma_gin_is_allowed_under_an_ace_upcard():
    sheet = oklahoma(entry("Ann", 0, 20, upcard="AD"))
    assert scores(sheet, 1) == {"Ann": 45, "Bob": 0}


def test_oklahoma_note_names_the_upcard_and_its_limit():
    assert "knock limit 3" in notes(oklahoma(entry("Ann", 2, 20, upcard="3H")), 1)


@pytest.mark.parametrize("upcard", [None, ""])
def test_oklahoma_upcard_is_required_when_somebody_knocked(upcard):
    hand = entry("Ann", 2, 20)
    if upcard is not None:
        hand["upcard"] = upcard
    error = rejected("oklahoma-gin", PAIR, [entry("Ann", 2, 20, upcard="5S"), hand])
    assert error.hand == 2
    assert "upcard" in error.message


def test_oklahoma_upcard_may_be_omitted_on_a_dead_hand():
    sheet = oklahoma(entry(None), entry("Ann", 2, 20, upcard="4C"))
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 0}
    assert totals(sheet) == {"Ann": 18, "Bob": 0}


def test_oklahoma_upcard_that_is_not_a_card_is_invalid():
    error = rejected("oklahoma-gin", PAIR, [entry("Ann", 2, 20, upcard="ZZ")])
    assert error.hand == 1
    assert '"ZZ" is not a card' in error.message


def test_oklahoma_upcard_is_not_counted_in_the_duplicate_check():
    # The 8S turned up is also in Ann's hand: no duplicate.  Limit 8, Ann 7.
    sheet = oklahoma(entry("Ann", ANN_KNOCKS_7, BOB_LAYS_OFF, upcard="8S"))
    assert scores(sheet, 1) == {"Ann": 33 - 7, "Bob": 0}


def test_oklahoma_counts_lay_offs_like_gin():
    sheet = oklahoma(entry("Ann", ANN_KNOCKS_7, BOB_LAYS_OFF, upcard="7D"))
    assert scores(sheet, 1) == {"Ann": 26, "Bob": 0}
    assert set(sheet["hands"][0]["details"]["Bob"]["laid_off"]) == {"2H", "7H", "8H"}


def test_oklahoma_has_no_knock_limit_option():
    error = rejected("oklahoma-gin", PAIR, options={"knock_limit": 10})
    assert error.hand is None
    assert error.where == "options"
    assert "'knock_limit' is not an option" in error.message


def test_oklahoma_options_and_defaults():
    assert oklahoma()["options"] == {
        "target": 100, "spade_double": False, "gin_bonus": 25, "undercut_bonus": 25,
        "game_bonus": 100, "shutout_bonus": 100, "box_bonus": 25,
    }


# -- Oklahoma Gin: spade_double -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "ann", "bob", "expected"),
    [
        ("10S", 4, 30, {"Ann": (30 - 4) * 2, "Bob": 0}),      # knock
        ("KS", 0, 20, {"Ann": (20 + 25) * 2, "Bob": 0}),      # gin bonus doubled too
        ("9S", 8, 5, {"Ann": 0, "Bob": (8 - 5 + 25) * 2}),    # undercut bonus doubled too
        ("7S", 7, 7, {"Ann": 0, "Bob": 25 * 2}),              # equal counts undercut
        ("10H", 4, 30, {"Ann": 26, "Bob": 0}),                # not a spade
    ],
)
def test_spade_double_doubles_the_whole_hand_score_when_the_upcard_is_a_spade(upcard, ann, bob, expected):
    sheet = oklahoma(entry("Ann", ann, bob, upcard=upcard), options={"spade_double": True})
    assert scores(sheet, 1) == expected


def test_spade_upcard_does_not_double_without_spade_double():
    assert scores(oklahoma(entry("Ann", 4, 30, upcard="10S")), 1) == {"Ann": 26, "Bob": 0}


def test_spade_double_note_says_the_hand_counts_double():
    sheet = oklahoma(entry("Ann", 4, 30, upcard="10S"), options={"spade_double": True})
    assert "double" in notes(sheet, 1)
    assert "52" in notes(sheet, 1)


def test_spade_double_never_doubles_end_of_game_bonuses():
    sheet = oklahoma(entry("Ann", 0, 30, upcard="KS"), options={"spade_double": True})
    # (30 + 25) x 2 = 110: the game is over.  Bonuses as in Gin, not doubled:
    # 100 game + 100 shutout + 1 box x 25.
    assert totals(sheet) == {"Ann": 110, "Bob": 0}
    assert sheet["finished"] is True
    assert sheet["final"] == {
        "bonuses": {"Ann": 225, "Bob": 0},
        "grand_totals": {"Ann": 335, "Bob": 0},
        "net": {"Ann": 335, "Bob": 0},
    }


# -- Around-the-Corner Gin --------------------------------------------------------------------

# Q-K-A-2 of hearts, 5S-7S and the nines: gin only if runs turn the corner.
ANN_CORNER_GIN = "QH KH AH 2H 5S 6S 7S 9D 9C 9S"


def test_corner_gin_runs_go_around_the_corner():
    sheet = corner(entry("Ann", ANN_CORNER_GIN, 20))
    assert scores(sheet, 1) == {"Ann": 20 + 25, "Bob": 0}
    assert sheet["hands"][0]["details"]["Ann"]["value"] == 0


def test_plain_gin_does_not_turn_the_corner_for_the_same_hand():
    # QH KH AH 2H unmatched: 10 + 10 + 1 + 2 = 23.
    error = rejected("gin", PAIR, [entry("Ann", ANN_CORNER_GIN, 20)])
    assert error.message == "cannot knock with 23 (the limit is 10)"


def test_corner_gin_unmatched_ace_counts_fifteen_for_the_knocker():
    # 3H-5H, 6D-8D, 9C-JC meld; the lone AS counts 15, over the limit.
    error = rejected("corner-gin", PAIR, [entry("Ann", "AS 3H 4H 5H 6D 7D 8D 9C 10C JC", 40)])
    assert (error.hand, error.player) == (1, "Ann")
    assert error.message == "cannot knock with 15 (the limit is 10)"


def test_corner_gin_unmatched_ace_counts_fifteen_for_the_defender():
    # Bob melds 2C-4C, 5S-7S, 8H-10H; AD alone is 15.  Ann knocked with 5.
    sheet = corner(entry("Ann", 5, "AD 2C 3C 4C 5S 6S 7S 8H 9H 10H"))
    assert scores(sheet, 1) == {"Ann": 10, "Bob": 0}
    assert sheet["hands"][0]["details"]["Bob"]["value"] == 15


def test_corner_gin_defender_may_lay_off_on_a_gin_hand():
    # Bob lays off 2H, 7H, 8H even though Ann went gin: 33 + 25.
    sheet = corner(entry("Ann", ANN_GIN, BOB_LAYS_OFF))
    assert scores(sheet, 1) == {"Ann": 33 + 25, "Bob": 0}
    assert set(sheet["hands"][0]["details"]["Bob"]["laid_off"]) == {"2H", "7H", "8H"}


# Ann's gin two ways: (a) 2S 2H 2D 2C, 3C 4C 5C, 5S 5H 5D -- the run takes 6C;
# (b) 2S 2H 2D, 2C 3C 4C, 5S 5H 5D 5C -- the run takes AC (around the corner
# KC too).  Bob's other nine cards meld nothing and lay off nowhere:
# 9S 9D 10H JD KH QS 7D 8S = 73.
ANN_GIN_TWO_WAYS = "2S 2H 2D 2C 3C 4C 5C 5S 5H 5D"


@pytest.mark.parametrize(
    ("bob_cards", "bob_left"),
    [
        # 6C: (a) lays it off, 73 + 3H 3; (b) keeps it, 82.  (b) leaves more.
        ("6C 3H 9S 9D 10H JD KH QS 7D 8S", 82),
        # AC: (a) keeps it, 76 + 15 = 91; (b) lays it off, 76.  (a) leaves more.
        ("AC 3H 9S 9D 10H JD KH QS 7D 8S", 91),
        # Both: (a) keeps AC, 73 + 15 = 88; (b) keeps 6C, 79.  (a) leaves more.
        ("AC 6C 9S 9D 10H JD KH QS 7D 8S", 88),
    ],
)
def test_corner_gin_arrangement_rule_applies_on_gin_hands_too(bob_cards, bob_left):
    sheet = corner(entry("Ann", ANN_GIN_TWO_WAYS, bob_cards))
    assert sheet["hands"][0]["details"]["Bob"]["value"] == bob_left
    assert scores(sheet, 1) == {"Ann": bob_left + 25, "Bob": 0}


def test_corner_gin_target_defaults_to_125():
    assert corner()["options"]["target"] == 125
    at_100 = corner(entry("Ann", 0, 75))
    assert at_100["finished"] is False
    at_125 = corner(entry("Ann", 0, 75), entry("Ann", 5, 30))
    assert totals(at_125) == {"Ann": 125, "Bob": 0}
    assert at_125["finished"] is True
    assert at_125["winners"] == ["Ann"]
    # 100 game + 100 shutout + 2 boxes x 25.
    assert at_125["final"]["bonuses"] == {"Ann": 250, "Bob": 0}


def test_corner_gin_target_option_still_applies():
    assert corner(entry("Ann", 0, 75), options={"target": 100})["finished"] is True


def test_corner_gin_knock_limit_and_undercut_are_as_gin():
    sheet = corner(entry("Ann", 10, 4), options={"undercut_bonus": 20})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 6 + 20}
    error = rejected("corner-gin", PAIR, [entry("Ann", 11, 40)])
    assert error.message == "cannot knock with 11 (the limit is 10)"


@pytest.mark.parametrize(
    ("ann_cards", "bob_cards", "ann_value", "bob_left", "laid_off"),
    [
        # Bob lays 3H 4H above and JH 10H below Q-K-A-2; 3S 6D 8D 2C 4C 8C = 31.
        ("QH KH AH 2H 5S 6S 7S 9D 9C 9S", "JH 10H 3H 4H 8D 8C 6D 4C 3S 2C", 0, 31,
         {"3H", "4H", "10H", "JH"}),
        # AH then 2H chain over the king of JH QH KH; 3S 10S 4H 6D 8D 2C 4C 8C = 45.
        ("JH QH KH 5S 6S 7S 9D 9C 9S 3C", "AH 2H 4H 8D 8C 6D 4C 3S 2C 10S", 3, 45,
         {"AH", "2H"}),
    ],
)
def test_corner_gin_lay_offs_go_around_the_corner(ann_cards, bob_cards, ann_value, bob_left, laid_off):
    sheet = corner(entry("Ann", ann_cards, bob_cards))
    details = sheet["hands"][0]["details"]
    assert details["Ann"]["value"] == ann_value
    assert details["Bob"]["value"] == bob_left
    assert set(details["Bob"]["laid_off"]) == laid_off
    expected = bob_left + 25 if ann_value == 0 else bob_left - ann_value
    assert scores(sheet, 1) == {"Ann": expected, "Bob": 0}


@pytest.mark.parametrize(
    ("variant", "name"), [("oklahoma-gin", "Oklahoma Gin"), ("corner-gin", "Around-the-Corner Gin")]
)
def test_oklahoma_and_corner_gin_are_for_exactly_two_players(variant, name):
    error = rejected(variant, ["Ann", "Bob", "Cara"])
    assert error.where == "players"
    assert error.message == f"{name} is for 2 players, got 3"
