"""One whole game of every variant, played to its natural end.

Each game's numbers are worked out by hand from SCORING.md in the comment
above its test; the test checks the final totals, the winners, that the game
is finished (no next hand), and for the Gin family the end-of-game bonuses.
"""

from __future__ import annotations

from typing import Any

from helpers import counted, dealers, holding, log, out, play, scores, totals

from scorekeeper.engine import Replay, variants


def test_every_variant_has_a_full_game_here():
    played = {"basic", "block", "boathouse", "contract", "knock", "tunk", "indian",
              "gin", "oklahoma-gin", "corner-gin", "hollywood-gin", "500", "sai", "scala40", "kalooki",
              "three-thirteen", "canasta", "house", "hand-and-foot",
              "marriage", "phase10",  # (its full game: tests/unit/test_marriage.py)
              # their full games are in their own modules, test_cutthroat_gin.py and test_partnership_gin.py
              "cutthroat-gin", "partnership-gin"}
    assert {v["key"] for v in variants()} == played


def assert_finished(sheet, final_totals, winners):
    assert sheet["totals"] == final_totals
    assert sorted(sheet["winners"]) == sorted(winners)
    assert sheet["finished"] is True
    assert sheet["next"] is None


# Basic, winner scoring, target 100, three players (the deal passes left).
# H1 Ann out: Bob KH QS 5D = 25, Cara AS 2C 3D = 6 -> Ann 31.
# H2 Cara out, rummy (doubled): Ann 12 + Bob 10H 9S 19 = 31 x 2 = 62 -> Cara 62.
# H3 nobody out: no score.
# H4 Bob out: Ann JD JC 20 + Cara 7H 7 = 27 -> Bob 27.
# H5 Cara out: Ann 20 + Bob 25 = 45 -> Cara 107 >= 100: the game ends, Cara wins.
def test_basic_game_to_the_target():
    hands = [
        out("Ann", Bob=holding("KH QS 5D"), Cara=holding("AS 2C 3D")),
        {"out": "Cara", "rummy": True, "hands": {"Ann": counted(12), "Bob": holding("10H 9S")}},
        {"out": None, "hands": {}},
        out("Bob", Ann=holding("JD JC"), Cara=holding("7H")),
        out("Cara", Ann=counted(20), Bob=counted(25)),
    ]
    sheet = play("basic", ["Ann", "Bob", "Cara"], hands, options={"target": 100})
    assert [scores(sheet, n) for n in (1, 2, 3, 4)] == [
        {"Ann": 31, "Bob": 0, "Cara": 0}, {"Ann": 0, "Bob": 0, "Cara": 62},
        {"Ann": 0, "Bob": 0, "Cara": 0}, {"Ann": 0, "Bob": 27, "Cara": 0},
    ]
    assert_finished(sheet, {"Ann": 31, "Bob": 27, "Cara": 107}, ["Cara"])
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Ann", "Bob"]
    assert sheet["final"] is None


# Block, two players, target 60 (the winner of a hand deals the next).
# H1 block: Ann 4H 2C = 6, Bob 10S 5D = 15 -> Ann wins 9; Ann deals again.
# H2 Bob out: Ann KS QH AC = 21 -> Bob 21; Bob deals.
# H3 block tied at 7: nothing to share; the deal alternates to Ann.
# H4 Ann out: Bob 52 -> Ann 61 >= 60: Ann wins 61 to 21.
def test_block_game_to_the_target():
    hands = [
        {"block": True, "hands": {"Ann": holding("4H 2C"), "Bob": holding("10S 5D")}},
        out("Bob", Ann=holding("KS QH AC")),
        {"block": True, "hands": {"Ann": counted(7), "Bob": counted(7)}},
        out("Ann", Bob=counted(52)),
    ]
    sheet = play("block", ["Ann", "Bob"], hands, options={"target": 60})
    assert scores(sheet, 1) == {"Ann": 9, "Bob": 0}
    assert scores(sheet, 3) == {"Ann": 0, "Bob": 0}
    assert_finished(sheet, {"Ann": 61, "Bob": 21}, ["Ann"])
    assert dealers(sheet) == ["Ann", "Ann", "Bob", "Ann"]


# Boathouse, method points (ace 11), default target 100; runs turn the corner.
# H1 Ann out: Bob KH AH 2H (a run) + 5S 9D = 14; Cara 7C 7D 7S + 8H JC QD AS = 8+10+10+11 = 39 -> Ann 53.
# H2 Bob out: Ann QH KH AH 2H (a run) + 3C 3D = 6; Cara 20 -> Bob 26.
# H3 Ann out: Bob 30; Cara AS KS QS JS (a run) + 9C AD = 20 -> Ann 50, 103 >= 100: Ann wins.
def test_boathouse_game_to_the_target():
    hands = [
        out("Ann", Bob=holding("KH AH 2H 5S 9D"), Cara=holding("7C 7D 7S 8H JC QD AS")),
        out("Bob", Ann=holding("QH KH AH 2H 3C 3D"), Cara=counted(20)),
        out("Ann", Bob=counted(30), Cara=holding("AS KS QS JS 9C AD")),
    ]
    sheet = play("boathouse", ["Ann", "Bob", "Cara"], hands, options={"method": "points"})
    assert scores(sheet, 1) == {"Ann": 53, "Bob": 0, "Cara": 0}
    assert scores(sheet, 2) == {"Ann": 0, "Bob": 26, "Cara": 0}
    assert_finished(sheet, {"Ann": 103, "Bob": 26, "Cara": 0}, ["Ann"])
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]


# Contract, four players, deuces wild (2 = 15), Bob deals first.
# D1 Ann out: Bob 2H 2S 9C = 39, Cara JK AD = 30, Dan 0.
# D2 Bob out: Ann KH QH JH 10H = 40, Cara 5, Dan 3C 4C 5C = 12.
# D3 Cara out: Ann 0, Bob AS AS = 30, Dan 7D = 7.
# D4 Dan out: Ann 10, Bob 10, Cara 10.
# D5 Ann out: Bob 0, Cara 2C 8S = 23, Dan 25.
# D6 Bob out: Ann 15, Cara 0, Dan 9.
# D7 (12 cards) Cara out: Ann JK 2D 2C AH = 60 + KS QS JS 10S = 40 + 9S 8S 7S 6S = 30: 130; Bob 0; Dan 44.
# Ann 40+10+15+130 = 195, Bob 39+30+10 = 79, Cara 30+5+10+23 = 68, Dan 12+7+25+9+44 = 97: Cara wins.
def test_contract_game_of_seven_deals():
    players = ["Ann", "Bob", "Cara", "Dan"]
    hands = [
        out("Ann", Bob=holding("2H 2S 9C"), Cara=holding("JK AD"), Dan=counted(0)),
        out("Bob", Ann=holding("KH QH JH 10H"), Cara=counted(5), Dan=holding("3C 4C 5C")),
        out("Cara", Ann=counted(0), Bob=holding("AS AS"), Dan=holding("7D")),
        out("Dan", Ann=counted(10), Bob=counted(10), Cara=counted(10)),
        out("Ann", Bob=counted(0), Cara=holding("2C 8S"), Dan=counted(25)),
        out("Bob", Ann=counted(15), Cara=counted(0), Dan=counted(9)),
        out("Cara", Ann=holding("JK 2D 2C AH KS QS JS 10S 9S 8S 7S 6S"), Bob=counted(0), Dan=counted(44)),
    ]
    sheet = play("contract", players, hands, options={"deuces_wild": True}, first_dealer="Bob")
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 39, "Cara": 30, "Dan": 0}
    assert scores(sheet, 7) == {"Ann": 130, "Bob": 0, "Cara": 0, "Dan": 44}
    assert_finished(sheet, {"Ann": 195, "Bob": 79, "Cara": 68, "Dan": 97}, ["Cara"])
    assert dealers(sheet) == ["Bob", "Cara", "Dan", "Ann", "Bob", "Cara", "Dan"]


# Knock, three players, target 50 (zero-sum; the deal passes left).
# H1 Ann knocks 6 but Bob has 4: Ann pays 6-4+10 = 12, Cara 10-4 = 6 -> Bob +18.
# H2 Bob knocks 3, lowest: Ann pays 20-3 = 17, Cara 9-3 = 6 -> Bob +23.
# H3 Cara knocks with 3H 4H 5H 6H 9S 9D 9C, a rum hand (0): Ann pays 10+25 = 35,
#    Bob (KS KD KC + 2H 3C = 5) pays 5+25 = 30 -> Cara +65.
# Totals Ann -64, Bob 41-30 = 11, Cara -12+65 = 53 >= 50: Cara wins.
def test_knock_game_to_the_target():
    hands = [
        out("Ann", Ann=counted(6), Bob=counted(4), Cara=counted(10)),
        out("Bob", Ann=counted(20), Bob=counted(3), Cara=counted(9)),
        out("Cara", Ann=counted(10), Bob=holding("KS KD KC 2H 3C"), Cara=holding("3H 4H 5H 6H 9S 9D 9C")),
    ]
    sheet = play("knock", ["Ann", "Bob", "Cara"], hands, options={"target": 50})
    assert [scores(sheet, n) for n in (1, 2, 3)] == [
        {"Ann": -12, "Bob": 18, "Cara": -6},
        {"Ann": -17, "Bob": 23, "Cara": -6},
        {"Ann": -35, "Bob": -30, "Cara": 65},
    ]
    assert_finished(sheet, {"Ann": -64, "Bob": 11, "Cara": 53}, ["Cara"])
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]


# Tunk, four players (two decks), eliminate_at 60.
# H1 Ann tunks with 5H 6H 2C (the deuce fills) + 3D AD = 4: Bob KS QS JS 30, Cara 20, Dan 2H 2D 9C 13.
# H2 Bob tunks: Ann 15, Cara 45 -> 65, out after hand 2; Dan 10 -> 23.
# H3 dealt by Dan (Cara skipped): Dan tunks: Ann 30 -> 45, Bob 7H 7H 8S (two decks) 22 -> 52.
# H4 dealt by Ann: Ann tunks: Bob 10 -> 62 and Dan 40 -> 63 both out; Ann is the last left and wins.
def test_tunk_game_to_the_last_player_left():
    players = ["Ann", "Bob", "Cara", "Dan"]
    hands = [
        out("Ann", Ann=holding("5H 6H 2C 3D AD"), Bob=holding("KS QS JS"), Cara=counted(20),
            Dan=holding("2H 2D 9C")),
        out("Bob", Ann=counted(15), Cara=counted(45), Dan=counted(10)),
        out("Dan", Ann=counted(30), Bob=holding("7H 7H 8S")),
        out("Ann", Bob=counted(10), Dan=counted(40)),
    ]
    sheet = play("tunk", players, hands, options={"eliminate_at": 60})
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 30, "Cara": 20, "Dan": 13}
    assert totals(sheet, 3) == {"Ann": 45, "Bob": 52, "Cara": 65, "Dan": 23}
    assert_finished(sheet, {"Ann": 45, "Bob": 62, "Cara": 65, "Dan": 63}, ["Ann"])
    assert sheet["eliminated"] == {"Cara": 2, "Bob": 4, "Dan": 4}
    assert dealers(sheet) == ["Ann", "Bob", "Dan", "Ann"]


# Scala 40, four players, out at 101, one re-entry each.
# H1 dealt by Ann: Ann closes in mano: Bob KS 7D JK 42 x 2 = 84, Cara never opened 100 x 2 = 200
#    (out), Dan AC 3C 14 x 2 = 28.
# H2 dealt by Bob: Cara comes back at Bob's 84.  Dan closes: Ann 5H 9S QD 24, Bob 10 -> 94,
#    Cara 2D 3D 5 -> 89.
# H3 dealt by Cara (back, and next after Bob): Bob closes: Ann never opened 100 -> 124 and Cara
#    AH AD 22 -> 111 are out; Dan JK JK 50 -> 78.
# H4 dealt by Dan: Ann comes back at Bob's 94 (Cara has no re-entry left) and closes: Bob 8C 9C
#    17 -> 111 and Dan 30 -> 108 are out; Ann, the last left, wins with 94.
def test_scala40_game_with_reentries_to_the_last_player_left():
    hands: list[dict[str, Any]] = [
        {"out": "Ann", "in_mano": True, "hands": {
            "Bob": holding("KS 7D JK"), "Cara": {"opened": False}, "Dan": holding("AC 3C")}},
        {"out": "Dan", "reenter": ["Cara"], "hands": {
            "Ann": holding("5H 9S QD"), "Bob": counted(10), "Cara": holding("2D 3D")}},
        {"out": "Bob", "hands": {"Ann": {"opened": False}, "Cara": holding("AH AD"), "Dan": holding("JK JK")}},
        {"out": "Ann", "reenter": ["Ann"], "hands": {"Bob": holding("8C 9C"), "Dan": counted(30)}},
    ]
    sheet = play("scala40", ["Ann", "Bob", "Cara", "Dan"], hands, options={"reentries": 1})
    assert [row.get("reentered") for row in sheet["hands"]] == [None, {"Cara": 84}, None, {"Ann": 94}]
    assert [totals(sheet, n) for n in (1, 2, 3)] == [
        {"Ann": 0, "Bob": 84, "Cara": 200, "Dan": 28}, {"Ann": 24, "Bob": 94, "Cara": 89, "Dan": 28},
        {"Ann": 124, "Bob": 94, "Cara": 111, "Dan": 78},
    ]
    assert_finished(sheet, {"Ann": 94, "Bob": 111, "Cara": 111, "Dan": 108}, ["Ann"])
    assert sheet["eliminated"] == {"Cara": 3, "Bob": 4, "Dan": 4}
    assert sheet["reentries"] == {"Cara": 1, "Ann": 1}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan"]


# Kalooki, three players, the defaults: out over 150, one buy-in each.
# H1 dealt by Ann: Ann goes out: Bob KS KH 4D JK 39 (the kings count), Cara AC 2C 13.
# H2 dealt by Bob: Bob goes out with a kalookie (no score changes): Ann 60, Cara QS QH QD JK JK
#    60 -> 73.
# H3 dealt by Cara: Cara goes out: Ann 95 -> 155 is out; Bob 20 -> 59.
# H4 dealt by Bob (Ann skipped): Ann buys back in at Cara's 73.  Bob goes out: Ann AS AH 22 -> 95,
#    Cara 80 -> 153 is out.
# H5 dealt by Ann (Cara skipped): Bob goes out: Ann 60 -> 155 is out again; Bob, the last left,
#    wins with 59.
def test_kalooki_game_past_150_with_a_buy_in_to_the_last_player_left():
    hands: list[dict[str, Any]] = [
        out("Ann", Bob=holding("KS KH 4D JK"), Cara=holding("AC 2C")),
        {"out": "Bob", "kalookie": True, "hands": {"Ann": counted(60), "Cara": holding("QS QH QD JK JK")}},
        out("Cara", Ann=counted(95), Bob=counted(20)),
        {"out": "Bob", "reenter": ["Ann"], "hands": {"Ann": holding("AS AH"), "Cara": counted(80)}},
        out("Bob", Ann=counted(60)),
    ]
    sheet = play("kalooki", ["Ann", "Bob", "Cara"], hands)
    assert [totals(sheet, n) for n in (1, 2, 3, 4)] == [
        {"Ann": 0, "Bob": 39, "Cara": 13}, {"Ann": 60, "Bob": 39, "Cara": 73},
        {"Ann": 155, "Bob": 59, "Cara": 73}, {"Ann": 95, "Bob": 59, "Cara": 153},
    ]
    assert sheet["hands"][3]["reentered"] == {"Ann": 73}
    assert_finished(sheet, {"Ann": 155, "Bob": 59, "Cara": 153}, ["Bob"])
    assert sheet["eliminated"] == {"Cara": 4, "Ann": 5}
    assert sheet["reentries"] == {"Ann": 1}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Bob", "Ann"]


# Indian, three players, pool 101.
# H1 Cara declares the seed's example A.  Ann: 2-4S, 4-7D, left 9C 3H 3C 8H KC QH = 43.
#    Bob first drop 20.
# H2 sevens wild, Ann declares the seed's example B.  Bob typed 95, capped 80 -> 100 (still in:
#    the pool is 101).  Cara middle drop 40.
# H3 Cara declares: Ann wrong show 80 -> 123, Bob 1 -> 101: both out; Cara, last left, wins.
def test_indian_pool_game_to_the_last_player_left():
    hands: list[dict[str, Any]] = [
        {"out": "Cara", "wild": None, "hands": {
            "Cara": holding("AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD QC"),
            "Ann": holding("2S 3S 4S 5D 6D 7D 4D 9C 3H 3C 8H KC QH"),
            "Bob": {"drop": "first"}}},
        {"out": "Ann", "wild": "7", "hands": {
            "Ann": holding("3H 4H 5H 6H JC 7H QC QS QD QC 9S 9H 9C"),
            "Bob": counted(95), "Cara": {"drop": "middle"}}},
        {"out": "Cara", "hands": {"Ann": {"wrong_show": True}, "Bob": counted(1)}},
    ]
    sheet = play("indian", ["Ann", "Bob", "Cara"], hands, options={"pool": 101})
    assert scores(sheet, 1) == {"Ann": 43, "Bob": 20, "Cara": 0}
    assert totals(sheet, 2) == {"Ann": 43, "Bob": 100, "Cara": 40}
    assert_finished(sheet, {"Ann": 123, "Bob": 101, "Cara": 40}, ["Cara"])
    assert sheet["eliminated"] == {"Ann": 3, "Bob": 3}
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]


# Gin, target 100, with a gin, an undercut, a dead hand and the end bonuses.
# H1 Ann knocks: 3H-6H, 8S 8D 8C, deadwood AC 2D 3C = 6.  Bob: KD QD JD his run, lays off
#    2H 7H 8H on the hearts, left 9S 9D QC 5C = 33 -> Ann 27.
# H2 Bob gin, Ann 12 -> Bob 12 + 25 = 37.
# H3 Ann knocks 8, Bob 5: undercut, Bob 3 + 25 = 28 -> Bob 65.
# H4 dead hand: nobody scores, nobody wins the box.
# H5 Ann gin with AS-10S; Bob 9H-KH and JD QD KD, left KC 2C = 12 (no lay-off on a gin)
#    -> Ann 12 + 25 = 37 -> 64.
# H6 Ann knocks 2, Bob 40 -> Ann 38 -> 102 >= 100: Ann wins.
# Bonuses: Ann 100 game + 3 boxes x 25 = 175; Bob 2 boxes = 50 (no shutout).
# Grand totals Ann 277, Bob 115; net 162 to Ann.
def test_gin_game_with_every_kind_of_hand_and_the_end_bonuses():
    hands = [
        out("Ann", Ann=holding("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"), Bob=holding("7H 2H 8H 9S 9D QC KD QD JD 5C")),
        out("Bob", Ann=counted(12), Bob=counted(0)),
        out("Ann", Ann=counted(8), Bob=counted(5)),
        {"out": None, "hands": {}},
        out("Ann", Ann=holding("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"), Bob=holding("KH KD KC QH QD JH JD 10H 9H 2C")),
        out("Ann", Ann=counted(2), Bob=counted(40)),
    ]
    sheet = play("gin", ["Ann", "Bob"], hands)
    assert [scores(sheet, n) for n in range(1, 7)] == [
        {"Ann": 27, "Bob": 0}, {"Ann": 0, "Bob": 37}, {"Ann": 0, "Bob": 28},
        {"Ann": 0, "Bob": 0}, {"Ann": 37, "Bob": 0}, {"Ann": 38, "Bob": 0},
    ]
    assert_finished(sheet, {"Ann": 102, "Bob": 65}, ["Ann"])
    assert sheet["final"] == {
        "bonuses": {"Ann": 175, "Bob": 50},
        "grand_totals": {"Ann": 277, "Bob": 115},
        "net": {"Ann": 162, "Bob": 0},
    }
    assert dealers(sheet) == ["Ann", "Bob", "Ann", "Bob", "Ann", "Bob"]


# Oklahoma Gin with spade_double, ending in a shutout.
# H1 upcard 7S (limit 7, a spade: double): Ann knocks 5, Bob 30 -> 25 x 2 = 50.
# H2 upcard KH (limit 10): Ann gin, Bob 20 -> 45 -> 95.
# H3 upcard 3D (limit 3): Ann 3H-5H, 6S-8S, 9C 9D 9H, left 2C = 2; Bob 4D-6D, AS-3S, left
#    KS QD JC 10C = 40 (nothing lays off) -> 38 -> 133 >= 100: Ann wins.
# Bonuses: Ann 100 game + 100 shutout (Bob scored nothing) + 3 boxes x 25 = 275; Bob 0.
# Grand totals Ann 408, Bob 0; net 408.
def test_oklahoma_gin_game_with_spade_double_and_a_shutout():
    hands = [
        {"out": "Ann", "upcard": "7S", "hands": {"Ann": counted(5), "Bob": counted(30)}},
        {"out": "Ann", "upcard": "KH", "hands": {"Ann": counted(0), "Bob": counted(20)}},
        {"out": "Ann", "upcard": "3D", "hands": {
            "Ann": holding("3H 4H 5H 6S 7S 8S 9C 9D 9H 2C"),
            "Bob": holding("KS QD JC 10C 4D 5D 6D AS 2S 3S")}},
    ]
    sheet = play("oklahoma-gin", ["Ann", "Bob"], hands, options={"spade_double": True})
    assert [scores(sheet, n)["Ann"] for n in (1, 2, 3)] == [50, 45, 38]
    assert_finished(sheet, {"Ann": 133, "Bob": 0}, ["Ann"])
    assert sheet["final"] == {
        "bonuses": {"Ann": 275, "Bob": 0},
        "grand_totals": {"Ann": 408, "Bob": 0},
        "net": {"Ann": 408, "Bob": 0},
    }


# Around-the-Corner Gin, default target 125 (unmatched ace 15).
# H1 Ann gin with QH KH AH 2H (around the corner), 5S 5D 5C, 9D 10D JD.  Bob lays off even on a
#    gin: 3H on the hearts, 8D on the diamonds; left AD 4C 6C 7C KS KC 9S 8S = 15+4+6+7+10+10+9+8
#    = 69 -> Ann 69 + 25 = 94.
# H2 Bob knocks 5, Ann 30 -> Bob 25.
# H3 Bob knocks 10, Ann 4: undercut, Ann 6 + 25 = 31 -> 125 >= 125: Ann wins.
# Bonuses: Ann 100 game + 2 boxes = 150; Bob 1 box = 25.  Grand Ann 275, Bob 50; net 225.
def test_corner_gin_game_to_125():
    hands = [
        out("Ann", Ann=holding("QH KH AH 2H 5S 5D 5C 9D 10D JD"), Bob=holding("3H 8D AD 4C 6C 7C KS KC 9S 8S")),
        out("Bob", Ann=counted(30), Bob=counted(5)),
        out("Bob", Ann=counted(4), Bob=counted(10)),
    ]
    sheet = play("corner-gin", ["Ann", "Bob"], hands)
    assert sheet["options"]["target"] == 125
    assert scores(sheet, 1) == {"Ann": 94, "Bob": 0}
    assert sorted(sheet["hands"][0]["details"]["Bob"]["laid_off"]) == ["3H", "8D"]
    assert_finished(sheet, {"Ann": 125, "Bob": 25}, ["Ann"])
    assert sheet["final"] == {
        "bonuses": {"Ann": 150, "Bob": 25},
        "grand_totals": {"Ann": 275, "Bob": 50},
        "net": {"Ann": 225, "Bob": 0},
    }


# Hollywood Gin, three games to 100 at once (SCORING.md's second worked example).
# H1 Ann gin, Bob 35 -> 60, her 1st win: I.  H2 Ann gin, Bob 25 -> 50, her 2nd:
# I 110 closes, II 50.  H3 Bob gin, Ann 5 -> 30, his 1st; I is closed: II only.
# H4 Ann gin, Bob 30 -> 55, her 3rd: II 105 closes, III 55.  H5 Ann gin, Bob 25
# -> 50: III 105 closes, the match is over.
# I: 110 + 100 + 100 shutout + 2 boxes = 360 v 0.  II: 105 + 100 + 2 boxes = 255
# v 30 + 1 box = 55: 200.  III: 105 + 100 + 100 + 2 boxes = 355 v 0.  Ann 915.
def test_hollywood_gin_match_of_three_games():
    hands = [
        out("Ann", Ann=counted(0), Bob=counted(35)),
        out("Ann", Ann=counted(0), Bob=counted(25)),
        out("Bob", Ann=counted(5), Bob=counted(0)),
        out("Ann", Ann=counted(0), Bob=counted(30)),
        out("Ann", Ann=counted(0), Bob=counted(25)),
    ]
    sheet = play("hollywood-gin", ["Ann", "Bob"], hands)
    assert_finished(sheet, {"Ann": 215, "Bob": 30}, ["Ann"])
    assert [row["games"] for row in sheet["hands"]] == [["I"], ["I", "II"], ["II"], ["II", "III"], ["III"]]
    assert {game: sheet["final"][game]["net"]["Ann"] for game in ("I", "II", "III")} == {
        "I": 360, "II": 200, "III": 355}
    assert sheet["final"]["net"] == {"Ann": 915, "Bob": 0}


# 500 Rummy, three players, target 500.
# H1 Ann out: melded AS AD AH KS QS JS = 45 + 30 = 75.  Bob melded AC 2C 3C with the ace low
#    (1 + 2 + 3 = 6) and holds 9H: -3.  Cara 200 - 15 = 185.
# H2 Bob out: Ann 300 - 20 = 280 -> 355; Bob 250 -> 247; Cara 150 - 10 = 140 -> 325.
# H3 Cara out: Ann 120 - 30 = 90 -> 445; Bob 260 - 5 = 255 -> 502; Cara 180 -> 505.
# Bob and Cara are past 500; Cara is highest and wins.
def test_500_game_past_500():
    hands = [
        out("Ann", Ann={"melded": "AS AD AH KS QS JS", "left": ""},
            Bob={"melded": "AC 2C 3C", "low_aces": 1, "left": "9H"}, Cara={"melded": 200, "left": 15}),
        out("Bob", Ann={"melded": 300, "left": 20}, Bob={"melded": 250, "left": 0}, Cara={"melded": 150, "left": 10}),
        out("Cara", Ann={"melded": 120, "left": 30}, Bob={"melded": 260, "left": 5}, Cara={"melded": 180}),
    ]
    sheet = play("500", ["Ann", "Bob", "Cara"], hands)
    assert scores(sheet, 1) == {"Ann": 75, "Bob": -3, "Cara": 185}
    assert totals(sheet, 2) == {"Ann": 355, "Bob": 247, "Cara": 325}
    assert_finished(sheet, {"Ann": 445, "Bob": 502, "Cara": 505}, ["Cara"])
    assert dealers(sheet) == ["Ann", "Bob", "Cara"]


# Sai, two players, target 200 (the winner of a hand deals the next).
# H1 Ann out: Bob QS AH KD 5C = 40 + 15 + 10 + 5 = 70 -> Ann 70 + 25 = 95, Bob -70.
# H2 Bob out in one turn (rummy): Ann 40, doubled 80, + 25 = 105 -> Bob 35; Ann -40 -> 55.
# H3 nobody out; the deal alternates.
# H4 Bob out: Ann 100 -> Bob 125 -> 160; Ann -100 -> -45.
# H5 Bob out: Ann QS KS = 50 -> Bob 75 -> 235 >= 200; Ann -50 -> -95.  Bob wins.
def test_sai_game_to_the_target():
    hands = [
        out("Ann", Bob=holding("QS AH KD 5C")),
        {"out": "Bob", "rummy": True, "hands": {"Ann": counted(40)}},
        {"out": None, "hands": {}},
        out("Bob", Ann=counted(100)),
        out("Bob", Ann=holding("QS KS")),
    ]
    sheet = play("sai", ["Ann", "Bob"], hands, options={"target": 200})
    assert [scores(sheet, n) for n in (1, 2, 4, 5)] == [
        {"Ann": 95, "Bob": -70}, {"Ann": -40, "Bob": 105}, {"Ann": -100, "Bob": 125}, {"Ann": -50, "Bob": 75},
    ]
    assert_finished(sheet, {"Ann": -95, "Bob": 235}, ["Bob"])
    assert dealers(sheet) == ["Ann", "Ann", "Bob", "Ann", "Bob"]


# Three Thirteen, four players (two decks), 2 jokers, a meld needs 1 natural card; the deal passes left.
# D1 threes wild, Ann out: Bob 9C 9D 3H melds, 0; Cara JK KS 2D melds nothing: 20 + 10 + 2 = 32; Dan 6.
# D2 fours wild, Bob out: Ann KD with 4S 4H, 7C left: 7; Cara 0; Dan AC 2C 3C, 9H left: 9.
# D3 fives wild, Cara out: Ann 12; Bob KC KD 5S, 7H 8H left: 15; Dan QH QS JK JK, 2C left: 2.
# D4 sixes wild, Dan out: Ann 6H 6D 6C and 9S 10S JS: 0; Bob 20; Cara AH AS AD, KC QC 2H left: 22.
# D5 sevens wild, Ann out: Bob's six sevens and 2S meld (2S with two of them): 0; Cara 14; Dan 3.
# D6 eights wild, Bob out: Ann 9; Cara 8H-JH and KS KH KD, 3C left: 3; Dan 25.
# D7 nines wild, Cara out: Ann 2D-8D, no nine for 10D JD: 20; Bob 4; Dan QD KD + a wild, AS 2S 3S,
#    4H + two wilds: 0.
# D8 tens wild, Dan out: Ann 0; Bob 5C 10S 10H 8C (13 melded of 49), 36 left; Cara 8.
# D9 jacks wild, Ann out: Bob 10; Cara 2; Dan 4S-6S, 9H 9D 9C, QS KS + a jack, AD left: 1.
# D10 queens wild, Bob out: Ann kings, aces, 2S 3S + a queen, the other queens: 0; Cara 30; Dan 5.
# D11 kings wild, Cara out: Ann 3; Bob AS-3S, 4H-6H, 7C 7D 7S, 9D-QD: 0; Dan's three wild cards make
#    5S 6S + one and 7C + two + 10C (28 of his 56 melded): 28.
# Ann 7+12+9+20+3 = 51, Bob 15+20+4+36+10 = 85, Cara 32+22+14+3+8+2+30 = 111,
# Dan 6+9+2+3+25+1+5+28 = 79: Ann wins.
def test_three_thirteen_game_of_eleven_deals():
    players = ["Ann", "Bob", "Cara", "Dan"]
    hands = [
        out("Ann", Bob=holding("3H 9C 9D"), Cara=holding("JK KS 2D"), Dan=counted(6)),
        out("Bob", Ann=holding("4S 4H 7C KD"), Cara=counted(0), Dan=holding("AC 2C 3C 9H")),
        out("Cara", Ann=counted(12), Bob=holding("5S 7H 8H KC KD"), Dan=holding("JK JK QH QS 2C")),
        out("Dan", Ann=holding("6H 6D 6C 9S 10S JS"), Bob=counted(20), Cara=holding("AH AS AD KC QC 2H")),
        out("Ann", Bob=holding("7C 7D 7H 7S 7C 7D 2S"), Cara=counted(14), Dan=counted(3)),
        out("Bob", Ann=counted(9), Cara=holding("8H 9H 10H JH KS KH KD 3C"), Dan=counted(25)),
        out("Cara", Ann=holding("2D 3D 4D 5D 6D 7D 8D 10D JD"), Bob=counted(4),
            Dan=holding("9S 9H JK QD KD AS 2S 3S 4H")),
        out("Dan", Ann=counted(0), Bob=holding("10S 10H 2C 5C 8C JD QH KS AS 3H"), Cara=counted(8)),
        out("Ann", Bob=counted(10), Cara=counted(2), Dan=holding("JC JD 4S 5S 6S 9H 9D 9C QS KS AD")),
        out("Bob", Ann=holding("QH QD QC QS KH KD KC AH AD AC 2S 3S"), Cara=counted(30), Dan=counted(5)),
        out("Cara", Ann=counted(3), Bob=holding("AS 2S 3S 4H 5H 6H 7C 7D 7S 9D 10D JD QD"),
            Dan=holding("KH KS JK 2C 4D 6S 8H 10C QD AH 3D 5S 7C")),
    ]
    sheet = play("three-thirteen", players, hands, options={"jokers": 2, "min_naturals": 1})
    assert [scores(sheet, n) for n in (1, 7, 8, 11)] == [
        {"Ann": 0, "Bob": 0, "Cara": 32, "Dan": 6}, {"Ann": 20, "Bob": 4, "Cara": 0, "Dan": 0},
        {"Ann": 0, "Bob": 36, "Cara": 8, "Dan": 0}, {"Ann": 3, "Bob": 0, "Cara": 0, "Dan": 28},
    ]
    assert_finished(sheet, {"Ann": 51, "Bob": 85, "Cara": 111, "Dan": 79}, ["Ann"])
    assert dealers(sheet) == (players * 3)[:11]


# A house game ("Marriage at Ann's"): four players, cards with the table's values (ace 15, pictures and
# ten 10, pips face, joker 25; two decks, four jokers), zero-sum scoring with a going-out bonus of 10,
# out at 150, lowest wins; the deal passes left, skipping the players out.
# H1 Ann out: Bob AS 9H JK 49, Cara 12, Dan KS QS 20 -> each pays theirs + 10: Ann +111, Bob -59, Cara -22,
#    Dan -30.
# H2 Bob out: Ann 60, Cara JK JK 50, Dan 2C 3C 5 -> Bob +145, Ann -70, Cara -60, Dan -15.
# H3 Cara out: Ann 0, Bob 100, Dan 10 -> Cara +140, Ann -10, Bob -110, Dan -20.
# H4 Bob out: Ann 5, Cara 5, Dan 5 -> Bob +45: Ann 16, Bob 21, Cara 43, Dan -80. Nobody at 150.
# H5 Cara out: Ann 1, Bob 1, Dan 1 -> Cara +33 = 76. H6 Cara out: Ann 30, Bob 40, Dan 0 -> Cara +100 = 176,
#    over 150: Cara is out; Ann -35, Bob -40, Dan -101.
# H7 Ann out (Dan deals, Cara skipped): Bob 100, Dan 200 -> Ann +320 = 285: out. Bob -150, Dan -311.
# H8 Bob out (Bob deals, Ann skipped): Dan 500 -> Bob +510 = 360: out; Dan, the last player left, wins at -821.
def test_house_game_zero_sum_with_cards_to_the_last_player_left():
    players = ["Ann", "Bob", "Cara", "Dan"]
    options = {"name": "Marriage at Ann's", "entry": "cards",
               "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": "face", "joker": 25},
               "decks": 2, "jokers": 4, "scoring": "zero_sum", "going_out_bonus": 10, "lowest_wins": True,
               "eliminate_at": 150, "cards_each": 21}
    hands = [
        out("Ann", Bob=holding("AS 9H JK"), Cara=counted(12), Dan=holding("KS QS")),
        out("Bob", Ann=counted(60), Cara=holding("JK JK"), Dan=holding("2C 3C")),
        out("Cara", Ann=counted(0), Bob=counted(100), Dan=counted(10)),
        out("Bob", Ann=counted(5), Cara=counted(5), Dan=counted(5)),
        out("Cara", Ann=counted(1), Bob=counted(1), Dan=counted(1)),
        out("Cara", Ann=counted(30), Bob=counted(40), Dan=counted(0)),
        out("Ann", Bob=counted(100), Dan=counted(200)),
        out("Bob", Dan=counted(500)),
    ]
    sheet = play("house", players, hands, options=options)
    assert sheet["name"] == "Marriage at Ann's"
    assert scores(sheet, 1) == {"Ann": 111, "Bob": -59, "Cara": -22, "Dan": -30}
    assert totals(sheet, 4) == {"Ann": 16, "Bob": 21, "Cara": 43, "Dan": -80}
    assert sheet["eliminated"] == {"Cara": 6, "Ann": 7, "Bob": 8}
    assert_finished(sheet, {"Ann": 285, "Bob": 360, "Cara": 176, "Dan": -821}, ["Dan"])
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Ann", "Bob", "Dan", "Bob"]


# -- Canasta: every number of players, to the target ------------------------------------------------------
#
# A side's score: meld points + 500 a natural and 300 a mixed canasta + red threes (100 each, 800
# all four; three decks 1000 five, 1200 six; minus when nothing melded) + 100 going out (200
# concealed) - its players' cards left.  The next first meld from a total: below 0 15, to 1499 50,
# to 2999 90, to 7499 120, then 150.  `side(m, n, x, r)`: meld points, natural, mixed, red threes.


def side(meld: int, natural: int = 0, mixed: int = 0, red: int = 0) -> dict[str, int]:
    return {"meld_points": meld, "natural": natural, "mixed": mixed, "red_threes": red}


def canasta(out: str | None, sides: dict[str, Any], concealed: bool = False, **hands: Any) -> dict[str, Any]:
    return {"out": out, "concealed": concealed, "sides": sides, "hands": hands}


def play_canasta(players: list[str], hands: list[dict[str, Any]], **header: Any) -> tuple[dict, list]:
    """The sheet, and each hand's next minimum melds (none after the last)."""
    game = Replay(log("canasta", players, [], **header))
    needed = []
    for hand in hands:
        game.play(hand)
        nxt = game.sheet()["next"]
        needed.append(nxt and nxt["minimum_meld"])
    return game.sheet(), needed


# Four players, Ann & Cara against Bob & Dan, to 5000, one canasta to go out.
# H1 (Ann deals) Cara out concealed: A&C 250 + 500 + 300 + 200 - Ann KS 9D 20 = 1230;
#    B&D melded nothing, 1 red three: -100 - 60 - 45 = -205.  Next: A&C 50, B&D 15.
# H2 (Bob) Ann out: A&C 400 + 2 mixed 600 + 2 red threes 200 + 100 - Cara 10 = 1290 -> 2520;
#    B&D 300 + 500 - Bob 15 - Dan 7S 5 = 780 -> 575.  Next: 90, 50.
# H3 (Cara) Dan out: B&D 500 + 1000 + 300 + all four red threes 800 + 100 - 0 = 2700 -> 3275;
#    A&C 200 + 300 - 30 - 25 = 445 -> 2965.  Next: 90, 120.
# H4 (Dan) Cara out: A&C 600 + 1000 + 600 + 100 + 100 - 20 = 2380 -> 5345 >= 5000;
#    B&D 350 + 800 - 40 - 35 = 1075 -> 4350.  Ann & Cara win.
def test_canasta_four_players_in_two_sides_to_5000():
    ac, bd = "Ann & Cara", "Bob & Dan"
    hands = [
        canasta("Cara", {ac: side(250, 1, 1), bd: side(0, red=1)}, concealed=True,
                Ann=holding("KS 9D"), Bob=counted(60), Dan=counted(45)),
        canasta("Ann", {ac: side(400, mixed=2, red=2), bd: side(300, 1)},
                Bob=counted(15), Cara=counted(10), Dan=holding("7S")),
        canasta("Dan", {ac: side(200, mixed=1), bd: side(500, 2, 1, 4)},
                Ann=counted(30), Bob=counted(0), Cara=counted(25)),
        canasta("Cara", {ac: side(600, 2, 2, 1), bd: side(350, 1, 1)},
                Ann=counted(20), Bob=counted(40), Dan=counted(35)),
    ]
    sheet, needed = play_canasta(["Ann", "Bob", "Cara", "Dan"], hands, sides=[["Ann", "Cara"], ["Bob", "Dan"]])
    assert [scores(sheet, n) for n in (1, 2, 3, 4)] == [
        {ac: 1230, bd: -205}, {ac: 1290, bd: 780}, {ac: 445, bd: 2700}, {ac: 2380, bd: 1075}]
    assert needed == [{ac: 50, bd: 15}, {ac: 90, bd: 50}, {ac: 90, bd: 120}, None]
    assert_finished(sheet, {ac: 5345, bd: 4350}, [ac])
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan"]


# Two players, each for themselves, 15 cards, two canastas to go out, to 5000.
# H1 (Ann) Ann out concealed: 300 + 500 + 300 + 100 + 200 = 1400; Bob melded nothing, 2 red
#    threes: -200 - JK AS 9H 80 = -280.  Next: Ann 50, Bob 15.
# H2 (Bob) Bob out: 450 + 1000 + 100 + 100 = 1650 -> 1370; Ann 250 + 300 + 100 - 65 = 585 -> 1985.
#    Next: 90, 50.
# H3 (Ann) the stock runs out: Ann 700 + 1000 + 300 + 200 - 15 = 2185 -> 4170; Bob 400 + 500 +
#    300 + 200 - 30 = 1370 -> 2740.  Next: 120, 90.
# H4 (Bob) Ann out: 300 + 800 + 100 = 1200 -> 5370; Bob 100 + 300 - KS QS 20 = 380 -> 3120.  Ann wins.
def test_canasta_two_players_to_5000():
    hands = [
        canasta("Ann", {"Ann": side(300, 1, 1, 1), "Bob": side(0, red=2)}, concealed=True,
                Bob=holding("JK AS 9H")),
        canasta("Bob", {"Ann": side(250, mixed=1, red=1), "Bob": side(450, 2, red=1)}, Ann=counted(65)),
        canasta(None, {"Ann": side(700, 2, 1, 2), "Bob": side(400, 1, 1, 2)}, Ann=counted(15), Bob=counted(30)),
        canasta("Ann", {"Ann": side(300, 1, 1), "Bob": side(100, mixed=1)}, Bob=holding("KS QS")),
    ]
    sheet, needed = play_canasta(["Ann", "Bob"], hands)
    assert [scores(sheet, n) for n in (1, 2, 3, 4)] == [
        {"Ann": 1400, "Bob": -280}, {"Ann": 585, "Bob": 1650}, {"Ann": 2185, "Bob": 1370},
        {"Ann": 1200, "Bob": 380}]
    assert needed == [{"Ann": 50, "Bob": 15}, {"Ann": 90, "Bob": 50}, {"Ann": 120, "Bob": 90}, None]
    assert_finished(sheet, {"Ann": 5370, "Bob": 3120}, ["Ann"])
    assert dealers(sheet) == ["Ann", "Bob", "Ann", "Bob"]
    assert sheet["hands"][2]["kind"] == "stock" and sheet["options"]["canastas_to_go_out"] == 2


# Three players, each for themselves, 13 cards, one canasta to go out, to 5000.
# H1 (Ann) Bob out: Bob 200 + 500 + 100 + 100 = 900; Ann melded nothing, 1 red three: -100 - 35 =
#    -135; Cara 120 + 300 - 40 = 380.  Next: Ann 15, Bob 50, Cara 50.
# H2 (Bob) Cara out concealed: 350 + 800 + 200 + 200 = 1550 -> 1930; Ann 150 + 500 - 20 = 630 ->
#    495; Bob 90 - 60 = 30 -> 930.  Next: 50, 50, 90.
# H3 (Cara) Ann out: 500 + 1300 + 100 + 100 = 2000 -> 2495; Bob 300 + 300 + 200 - 25 = 775 -> 1705;
#    Cara 300 + 800 + 100 - 10 = 1190 -> 3120.  Next: 90, 90, 120.
# H4 (Ann) Cara out: 450 + 1300 + 100 = 1850 -> 4970; Ann 200 + 300 + 100 - 15 = 585 -> 3080;
#    Bob 100 - 45 = 55 -> 1760.  Next: 120, 90, 120.
# H5 (Bob) Bob out: 250 + 500 + 100 + 100 = 950 -> 2710; Ann 150 + 500 - 30 = 620 -> 3700;
#    Cara 100 + 300 - 20 = 380 -> 5350 >= 5000: Cara wins.
def test_canasta_three_players_to_5000():
    hands = [
        canasta("Bob", {"Ann": side(0, red=1), "Bob": side(200, 1, red=1), "Cara": side(120, mixed=1)},
                Ann=counted(35), Cara=counted(40)),
        canasta("Cara", {"Ann": side(150, 1), "Bob": side(90), "Cara": side(350, 1, 1, 2)}, concealed=True,
                Ann=counted(20), Bob=counted(60)),
        canasta("Ann", {"Ann": side(500, 2, 1, 1), "Bob": side(300, mixed=1, red=2), "Cara": side(300, 1, 1, 1)},
                Bob=counted(25), Cara=counted(10)),
        canasta("Cara", {"Ann": side(200, mixed=1, red=1), "Bob": side(100), "Cara": side(450, 2, 1)},
                Ann=counted(15), Bob=counted(45)),
        canasta("Bob", {"Ann": side(150, 1), "Bob": side(250, 1, red=1), "Cara": side(100, mixed=1)},
                Ann=counted(30), Cara=counted(20)),
    ]
    sheet, needed = play_canasta(["Ann", "Bob", "Cara"], hands)
    assert [scores(sheet, n) for n in (1, 2, 3, 4, 5)] == [
        {"Ann": -135, "Bob": 900, "Cara": 380}, {"Ann": 630, "Bob": 30, "Cara": 1550},
        {"Ann": 2000, "Bob": 775, "Cara": 1190}, {"Ann": 585, "Bob": 55, "Cara": 1850},
        {"Ann": 620, "Bob": 950, "Cara": 380}]
    assert needed == [{"Ann": 15, "Bob": 50, "Cara": 50}, {"Ann": 50, "Bob": 50, "Cara": 90},
                      {"Ann": 90, "Bob": 90, "Cara": 120}, {"Ann": 120, "Bob": 90, "Cara": 120}, None]
    assert_finished(sheet, {"Ann": 3700, "Bob": 2710, "Cara": 5350}, ["Cara"])
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Ann", "Bob"]


# Six players in two sides of three, Ann & Cara & Eve against Bob & Dan & Fay: three decks and six
# jokers, 13 cards, two canastas to go out, to 10000.
# H1 (Ann) Cara out concealed: ACE 300 + 800 + 100 + 200 - 20 - 30 = 1350; BDF melded nothing, 2
#    red threes: -200 - 40 - 50 - 60 = -350.  Next: ACE 50, BDF 15.
# H2 (Bob) Dan out: BDF 800 + 1500 + 600 + five red threes 1000 + 100 - 15 = 3985 -> 3635; ACE 400
#    + 800 + 100 - 40 = 1260 -> 2610.  Next: 90, 120.
# H3 (Cara) Eve out: ACE 900 + 2000 + 600 + all six red threes 1200 + 100 - 10 = 4790 -> 7400;
#    BDF 300 + 800 - 100 = 1000 -> 4635.  Next: 120, 120.
# H4 (Dan) Bob out: BDF 1000 + 1500 + 900 + 200 + 100 - 50 = 3650 -> 8285; ACE 500 + 1300 + 200
#    - 95 = 1905 -> 9305.  Next: 150, 150.
# H5 (Eve) Fay out: BDF 600 + 1300 + 100 + 100 - 15 = 2085 -> 10370; ACE 350 + 800 - 65 = 1085 ->
#    10390.  Both past 10000: the higher, Ann & Cara & Eve, wins.
def test_canasta_six_players_in_two_sides_of_three_to_10000():
    ace, bdf = "Ann & Cara & Eve", "Bob & Dan & Fay"
    hands = [
        canasta("Cara", {ace: side(300, 1, 1, 1), bdf: side(0, red=2)}, concealed=True,
                Ann=counted(20), Eve=counted(30), Bob=counted(40), Dan=counted(50), Fay=counted(60)),
        canasta("Dan", {ace: side(400, 1, 1, 1), bdf: side(800, 3, 2, 5)},
                Ann=counted(10), Cara=counted(25), Eve=counted(5), Bob=counted(0), Fay=counted(15)),
        canasta("Eve", {ace: side(900, 4, 2, 6), bdf: side(300, 1, 1)},
                Ann=counted(10), Cara=counted(0), Bob=counted(20), Dan=counted(30), Fay=counted(50)),
        canasta("Bob", {ace: side(500, 2, 1, 2), bdf: side(1000, 3, 3, 2)},
                Ann=counted(25), Cara=counted(30), Eve=counted(40), Dan=counted(20), Fay=counted(30)),
        canasta("Fay", {ace: side(350, 1, 1), bdf: side(600, 2, 1, 1)},
                Ann=counted(20), Cara=counted(20), Eve=counted(25), Bob=counted(10), Dan=counted(5)),
    ]
    sheet, needed = play_canasta(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"], hands,
                                 sides=[["Ann", "Cara", "Eve"], ["Bob", "Dan", "Fay"]])
    assert [scores(sheet, n) for n in (1, 2, 3, 4, 5)] == [
        {ace: 1350, bdf: -350}, {ace: 1260, bdf: 3985}, {ace: 4790, bdf: 1000}, {ace: 1905, bdf: 3650},
        {ace: 1085, bdf: 2085}]
    assert needed == [{ace: 50, bdf: 15}, {ace: 90, bdf: 120}, {ace: 120, bdf: 120}, {ace: 150, bdf: 150}, None]
    assert_finished(sheet, {ace: 10390, bdf: 10370}, [ace])
    assert sheet["options"] == {"style": "classic", "canastas_to_go_out": 2, "target": 10000}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Eve"]


# Six players in three sides of two, Ann & Dan, Bob & Eve, Cara & Fay: to 7500.
# H1 (Ann) Bob out: BE 400 + 800 + 200 + 100 - 15 = 1485; AD melded nothing, 1 red three: -100 - 30
#    - 40 = -170; CF 250 + 300 - 20 - 25 = 505.  Next: AD 15, BE 50, CF 50.
# H2 (Bob) Fay out concealed: CF 500 + 1300 + 300 + 200 - 10 = 2290 -> 2795; AD 300 + 500 - 35 =
#    765 -> 595; BE 200 + 300 - 60 = 440 -> 1925.  Next: 50, 90, 90.
# H3 (Cara) Ann out: AD 700 + 1500 + 300 + five red threes 1000 + 100 - 5 = 3595 -> 4190; BE 300 +
#    800 - 30 = 1070 -> 2995; CF 150 + 300 + 100 - 60 = 490 -> 3285.  Next: 120, 90, 120.
# H4 (Dan) Eve out: BE 700 + 1500 + 600 + 100 - 10 = 2890 -> 5885; AD 500 + 1300 - 50 = 1750 ->
#    5940; CF 400 + 800 + 200 - 20 = 1380 -> 4665.  Next: 120 each.
# H5 (Eve) Cara out: CF 600 + 1000 + 600 + 100 + 100 - 20 = 2380 -> 7045; AD 400 + 800 - 40 = 1160
#    -> 7100; BE 300 + 800 + 100 - 50 = 1150 -> 7035.  Nobody at 7500 yet.
# H6 (Fay) Dan out: AD 350 + 800 + 100 - 10 = 1240 -> 8340; BE 100 + 300 - 50 = 350 -> 7385; CF
#    melded nothing, 2 red threes: -200 - 70 = -270 -> 6775.  Ann & Dan win.
def test_canasta_six_players_in_three_sides_of_two_to_7500():
    ad, be, cf = "Ann & Dan", "Bob & Eve", "Cara & Fay"
    hands = [
        canasta("Bob", {ad: side(0, red=1), be: side(400, 1, 1, 2), cf: side(250, mixed=1)},
                Ann=counted(30), Dan=counted(40), Eve=counted(15), Cara=counted(20), Fay=counted(25)),
        canasta("Fay", {ad: side(300, 1), be: side(200, mixed=1), cf: side(500, 2, 1, 3)}, concealed=True,
                Ann=counted(20), Dan=counted(15), Bob=counted(30), Eve=counted(30), Cara=counted(10)),
        canasta("Ann", {ad: side(700, 3, 1, 5), be: side(300, 1, 1), cf: side(150, mixed=1, red=1)},
                Dan=counted(5), Bob=counted(20), Eve=counted(10), Cara=counted(25), Fay=counted(35)),
        canasta("Eve", {ad: side(500, 2, 1), be: side(700, 3, 2), cf: side(400, 1, 1, 2)},
                Ann=counted(20), Dan=counted(30), Bob=counted(10), Cara=counted(15), Fay=counted(5)),
        canasta("Cara", {ad: side(400, 1, 1), be: side(300, 1, 1, 1), cf: side(600, 2, 2, 1)},
                Ann=counted(15), Dan=counted(25), Bob=counted(30), Eve=counted(20), Fay=counted(20)),
        canasta("Dan", {ad: side(350, 1, 1), be: side(100, mixed=1), cf: side(0, red=2)},
                Ann=counted(10), Bob=counted(25), Eve=counted(25), Cara=counted(30), Fay=counted(40)),
    ]
    sheet, needed = play_canasta(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"], hands,
                                 sides=[["Ann", "Dan"], ["Bob", "Eve"], ["Cara", "Fay"]])
    assert [scores(sheet, n) for n in range(1, 7)] == [
        {ad: -170, be: 1485, cf: 505}, {ad: 765, be: 440, cf: 2290}, {ad: 3595, be: 1070, cf: 490},
        {ad: 1750, be: 2890, cf: 1380}, {ad: 1160, be: 1150, cf: 2380}, {ad: 1240, be: 350, cf: -270}]
    assert needed == [{ad: 15, be: 50, cf: 50}, {ad: 50, be: 90, cf: 90}, {ad: 120, be: 90, cf: 120},
                      {ad: 120, be: 120, cf: 120}, {ad: 120, be: 120, cf: 120}, None]
    assert_finished(sheet, {ad: 8340, be: 7385, cf: 6775}, [ad])
    assert sheet["options"] == {"style": "classic", "canastas_to_go_out": 2, "target": 7500}
    assert dealers(sheet) == ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]


# Phase 10, two players, everyone making a phase every hand, Ann and Bob going out in turn: both
# complete phase 10 in hand 10, a tie on phases the totals break.  Ann holds 15 in each of Bob's
# five hands (75); Bob holds 20 in each of Ann's five (100).  Ann wins.
def test_phase10_two_players_to_a_tie_on_phases_broken_by_totals():
    hands = [{"out": "Ann" if n % 2 else "Bob",
              "hands": {"Bob": {"made": True, "count": 20}} if n % 2 else {"Ann": {"made": True, "count": 15}}}
             for n in range(1, 11)]
    sheet = play("phase10", ["Ann", "Bob"], hands)
    assert_finished(sheet, {"Ann": 75, "Bob": 100}, ["Ann"])
    assert sheet["phases"] == {"Ann": 10, "Bob": 10}
