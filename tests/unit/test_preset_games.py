"""A whole game of each exact preset the rule book names, played to its end by the engine.

Every figure is worked out by hand from the preset's definition (SCORING.md, "Presets", and the house
extensions it uses), never computed by the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.games.presets import Preset, preset

ABC = ["Ann", "Bob", "Cara"]


def the(key: str) -> Preset:
    found = preset(key)
    assert found is not None, key
    return found


def out(player: str | None, **hands: Any) -> dict[str, Any]:
    return {"out": player, "hands": hands}


def count(n: int) -> dict[str, int]:
    return {"count": n}


def cards(text: str) -> dict[str, str]:
    return {"cards": text}


def played(key: str, players: list[str], hands: list[dict[str, Any]]) -> dict[str, Any]:
    return replay(the(key).log(players, hands))


def test_german_romme_is_played_to_500_lowest_wins_with_a_hand_romme_doubling_the_others():
    hands = [
        {**out("Ann", Bob=cards("AS KH 5D JK"), Cara=count(30)), "one_go": True},  # 92, 60
        out("Bob", Ann=count(100), Cara=count(120)),
        out("Ann", Bob=count(100), Cara=count(120)),
        out("Bob", Ann=count(60), Cara=count(100)),
        {**out("Ann", Bob=count(50), Cara=count(50)), "one_go": True},  # 100 each: Cara reaches 500
    ]
    before = played("german-romme", ABC, hands[:4])
    assert before["totals"] == {"Ann": 160, "Bob": 192, "Cara": 400} and not before["finished"]

    sheet = played("german-romme", ABC, hands)

    assert [row["scores"] for row in sheet["hands"]][-1] == {"Ann": 0, "Bob": 100, "Cara": 100}
    assert sheet["totals"] == {"Ann": 160, "Bob": 292, "Cara": 500}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]


def test_seven_bridge_counts_sevens_20_doubled_when_the_winner_went_out_in_one_go_to_200():
    hands = [
        {**out("Ann", Bob=cards("7S 7H KD"), Cara=cards("AS 9C")), "one_go": True},  # 100, 20
        out("Bob", Ann=cards("7D 7C"), Cara=cards("KH QH")),  # 40, 20: not in one go
        {**out("Cara", Ann=cards("7D 8D 9D"), Bob=cards("7S 7H 7C")), "one_go": True},  # 74, 120
    ]

    sheet = played("seven-bridge", ABC, hands)

    assert [row["scores"] for row in sheet["hands"]] == [
        {"Ann": 0, "Bob": 100, "Cara": 20}, {"Ann": 40, "Bob": 0, "Cara": 20}, {"Ann": 74, "Bob": 120, "Cara": 0}]
    assert sheet["totals"] == {"Ann": 114, "Bob": 220, "Cara": 40}
    assert sheet["finished"] and sheet["winners"] == ["Cara"]


def test_loba_de_menos_minus_10_in_one_go_a_buy_back_at_the_highest_total_still_in_then_the_last_left_wins():
    hands = [
        {**out("Ann", Bob=cards("KS 7D JK"), Cara=cards("AC 2C")), "one_go": True},  # -10, 27, 12
        out("Ann", Bob=count(80), Cara=count(20)),  # Bob 107: out at 101
        {**out("Cara", Ann=count(50), Bob=count(30)), "reenter": ["Bob"]},  # Bob back at 32 (Cara's), 62
        out("Ann", Bob=count(60), Cara=count(75)),  # Bob 122 and Cara 107: both out
    ]
    after_two = played("loba-de-menos", ABC, hands[:2])
    assert after_two["totals"] == {"Ann": -10, "Bob": 107, "Cara": 32} and not after_two["finished"]

    sheet = played("loba-de-menos", ABC, hands)

    assert sheet["hands"][0]["scores"] == {"Ann": -10, "Bob": 27, "Cara": 12}
    assert sheet["totals"] == {"Ann": 40, "Bob": 122, "Cara": 107}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]


def test_loba_de_menos_takes_one_buy_back_a_player_and_no_second():
    hands = [
        out("Ann", Bob=count(101), Cara=count(5)),
        {**out("Ann", Bob=count(100), Cara=count(5)), "reenter": ["Bob"]},  # back at 5, then 105: out again
        {**out("Ann", Bob=count(1), Cara=count(5)), "reenter": ["Bob"]},
    ]
    assert played("loba-de-menos", ABC, hands[:2])["totals"]["Bob"] == 105

    with pytest.raises(InvalidEntry) as refused:
        played("loba-de-menos", ABC, hands)
    assert refused.value.hand == 3


def test_rumino_is_ended_at_once_by_a_rumino_whoever_holds_the_lowest_total():
    hands = [
        out(None, Ann=cards("KS 4D"), Bob=count(5), Cara=cards("JK 2C")),  # Bob knocks: 14, 5, 12
        out("Ann", Bob=count(30), Cara=count(40)),  # Ann's gin: -10
        {**out("Cara", Ann=count(20), Bob=count(15)), "instant_win": "Cara"},  # Cara's Rumino
    ]
    assert not played("rumino", ABC, hands[:2])["finished"]

    sheet = played("rumino", ABC, hands)

    assert sheet["totals"] == {"Ann": 24, "Bob": 50, "Cara": 42}
    assert sheet["finished"] and sheet["winners"] == ["Cara"]
    with pytest.raises(InvalidEntry):
        played("rumino", ABC, [*hands, out("Ann", Bob=count(1), Cara=count(1))])


def test_caribbean_kalooki_shows_each_of_its_nine_deals_and_contracts_then_ends_lowest_winning():
    schedule = the("caribbean-kalooki").definition["schedule"]
    hands = [out("Ann" if n % 2 else "Bob", **({"Bob": count(10 * n)} if n % 2 else {"Ann": count(5 * n)}))
             for n in range(1, 10)]
    for deal, step in enumerate(schedule, start=1):
        sheet = played("caribbean-kalooki", ["Ann", "Bob"], hands[:deal - 1])
        assert not sheet["finished"]
        assert (sheet["next"]["cards_each"], sheet["next"]["contract"]) == (step["cards"], step["contract"]), deal

    sheet = played("caribbean-kalooki", ["Ann", "Bob"], hands)

    # Bob holds 10, 30, 50, 70, 90 in the odd deals; Ann 10, 20, 30, 40 in the even ones.
    assert sheet["totals"] == {"Ann": 100, "Bob": 250}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]


def test_carousel_the_lowest_scores_the_differences_shared_when_tied_to_150():
    hands = [
        out(None, Ann=count(4), Bob=count(4), Cara=count(20)),  # a tie at the lowest: 16 / 2 = 8 each
        out("Ann", Bob=count(10), Cara=cards("KS JK")),  # Ann 0: 10 + 35 = 45
        out("Bob", Ann=count(30), Cara=count(70)),  # Bob 0: 100
        out(None, Ann=count(5), Bob=count(5), Cara=count(105)),  # a tie again: 100 / 2 = 50 each
    ]

    sheet = played("carousel", ABC, hands)

    assert [row["scores"] for row in sheet["hands"]] == [
        {"Ann": 8, "Bob": 8, "Cara": 0}, {"Ann": 45, "Bob": 0, "Cara": 0},
        {"Ann": 0, "Bob": 100, "Cara": 0}, {"Ann": 50, "Bob": 50, "Cara": 0}]
    assert sheet["totals"] == {"Ann": 103, "Bob": 158, "Cara": 0}
    assert sheet["finished"] and sheet["winners"] == ["Bob"]


def test_mille_the_queen_of_spades_counts_100_melded_and_100_off_held_to_1000():
    melded = out("Ann", Ann={"melded": "QS QH QD 2C"}, Bob={"melded": "KS KH KD", "left": "QS 9S"})
    hands = [melded, *(out("Ann", Ann={"melded": 200, "bonus": 50}, Bob={"melded": 30, "left": 10})
                       for _ in range(4))]

    first = played("mille", ["Ann", "Bob"], hands[:1])
    assert first["hands"][0]["scores"] == {"Ann": 140, "Bob": -75}  # 100 + 10 + 10 + 20; 30 - (100 + 5)
    before = played("mille", ["Ann", "Bob"], hands[:4])
    assert before["totals"] == {"Ann": 890, "Bob": -15} and not before["finished"]

    sheet = played("mille", ["Ann", "Bob"], hands)

    assert sheet["totals"] == {"Ann": 1140, "Bob": 5}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]
