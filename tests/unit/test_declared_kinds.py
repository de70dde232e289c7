"""The generic kinds canasta's additions brought (issue 27): a side's switch and tally, a one-of
choice, uneven sides, an entry key no form asks for, and how the entry form draws and reads them."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import InvalidEntry, replay, seated_sides, uneven_sides, variants
from scorekeeper.engine.declare import Choice, Field, Sides
from scorekeeper.engine.entry_form import EntryForm, side_shape, sitting_out
from scorekeeper.engine.games import register, unregister
from scorekeeper.engine.games.base import Hand, HandResult, PlayedInSides
from scorekeeper.engine.sides import seat_sides

TALLY = Field("kinds", "tally", "Kinds", maximum=2, among=(("a", "A"), ("b", "B")))
SWITCH = Field("open", "flag", "Open")


class Teams(PlayedInSides):
    """A test game: sides score their points, +5 if open, +1 for each tallied kind; a bonus one-of."""

    key, name, summary = "teams-test", "Teams", "A test game."
    min_players, max_players = 4, 5
    sides = Sides({4: (2,)}, uneven={5: (3, 2)})
    side_fields = (Field("points", "count", "Points", required=True, maximum=100), SWITCH, TALLY)
    choices = (Choice("bonus", "one_of", "Bonus", needs_out=True, values=(("big", "Big"), ("small", "Small"))),)
    further_entry_keys = ("note",)
    out_may_be_null = True

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 7

    def score(self, hand: Hand) -> HandResult:
        scores = {side: given["points"] + 5 * given["open"] + len(given["kinds"])
                  for side, given in hand.side_inputs.items()}
        return HandResult(scores, [], {})


@pytest.fixture(autouse=True)
def teams():
    register(Teams())
    yield
    unregister("teams-test")


FOUR = ["Ann", "Bob", "Cara", "Dan"]
SIDES = [["Ann", "Cara"], ["Bob", "Dan"]]


def play(entry: dict[str, Any], players=FOUR, sides=SIDES) -> dict[str, Any]:
    return replay({"variant": "teams-test", "players": players, "sides": sides, "hands": [entry]})


def refused(entry: dict[str, Any]) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as caught:
        play(entry)
    return caught.value


def hand(**sides: Any) -> dict[str, Any]:
    return {"out": "Ann", "sides": {"Ann & Cara": {"points": 10, **sides}, "Bob & Dan": {"points": 20}},
            "hands": {"Bob": {"count": 1}, "Cara": {"count": 1}, "Dan": {"count": 1}}}


def test_a_sides_switch_is_true_or_false_and_false_when_left_out():
    assert play(hand(open=True))["hands"][0]["scores"] == {"Ann & Cara": 15, "Bob & Dan": 20}
    error = refused(hand(open="yes"))
    assert (error.player, error.field) == ("Ann & Cara", "open")


def test_a_sides_tally_lists_its_values_at_most_its_maximum():
    assert play(hand(kinds=["a", "b"]))["hands"][0]["scores"]["Ann & Cara"] == 12
    assert refused(hand(kinds=["c"])).field == "kinds"
    assert refused(hand(kinds=["a", "a", "b"])).code == "out_of_bounds"


def test_a_one_of_choice_is_one_of_its_values_or_left_out_and_may_need_the_player_out():
    assert play({**hand(), "bonus": "big"})["hands"]
    assert refused({**hand(), "bonus": "huge"}).code == "bad_input"
    stock = {**hand(), "out": None, "bonus": "small", "hands": {p: {"count": 1} for p in FOUR}}
    assert refused(stock).field == "bonus"


def test_a_further_entry_key_is_taken():
    assert play({**hand(), "note": "x"})["hands"]


def test_uneven_sides_take_one_side_of_each_size_seated_anyhow():
    names = ("Ann", "Bob", "Cara", "Dan", "Eve")
    declared = Sides({4: (2,)}, uneven={5: (3, 2)})
    assert list(seat_sides([["Bob", "Ann", "Dan"], ["Cara", "Eve"]], names, declared, "T")) == [
        "Ann & Bob & Dan", "Cara & Eve"]
    with pytest.raises(InvalidEntry) as caught:
        seat_sides([["Ann", "Bob"], ["Cara", "Dan"], ["Eve"]], names, declared, "T")
    assert caught.value.code == "bad_side_size"
    with pytest.raises(ValueError):
        Sides({}, uneven={5: (4, 2)})


def test_uneven_sides_on_a_new_game_are_the_seats_dealt_round_in_turn():
    assert uneven_sides(["A", "B", "C", "D", "E"], (3, 2)) == [["A", "C", "E"], ["B", "D"]]
    assert seated_sides("teams-test", ["A", "B", "C", "D", "E"], 3) == [["A", "C", "E"], ["B", "D"]]
    assert seated_sides("teams-test", ["A", "B", "C", "D"], 2) == [["A", "C"], ["B", "D"]]


def test_a_field_of_kind_tally_and_only_it_names_its_values():
    with pytest.raises(ValueError):
        Field("x", "tally", "X")
    with pytest.raises(ValueError):
        Field("x", "count", "X", among=(("a", "A"),))
    with pytest.raises(ValueError):
        Choice("x", "one_of", "X")


@pytest.mark.parametrize(("spec", "shape"), [
    ({"kind": "count", "maximum": 1770, "required": True}, "big"),
    ({"kind": "count", "maximum": 11, "required": False}, "small"),
    ({"kind": "count", "maximum": 8, "required": False}, "stepper"),
    ({"kind": "count", "maximum": 1, "required": False}, "switch"),
    ({"kind": "flag", "maximum": None, "required": False}, "switch"),
    ({"kind": "tally", "maximum": 1, "required": False}, "tally"),
])
def test_the_form_draws_a_sides_field_by_its_kind_and_bounds(spec, shape):
    assert side_shape(spec) == shape


def catalogued() -> dict[str, Any]:
    return next(v for v in variants() if v["key"] == "teams-test")


def form() -> EntryForm:
    variant = catalogued()
    return EntryForm(variant, FOUR, FOUR, 1, sides={"Ann & Cara": ["Ann", "Cara"], "Bob & Dan": ["Bob", "Dan"]})


def test_the_form_reads_a_switch_ticked_a_tally_by_its_values_and_a_one_of_choice():
    entry_form = form()
    assert "s0-kinds.a" in entry_form.field_names() and "s0-open" in entry_form.field_names()
    entry_form.load_post({"out": "0", "bonus": "big", "s0-points": "10", "s0-open": "1", "s0-kinds.a": "1",
                          "s0-kinds.b": "1", "s1-points": "20", "p1-count": "1", "p2-count": "1",
                          "p3-count": "1"})
    entry = entry_form.to_entry()
    assert entry is not None
    assert entry["bonus"] == "big"
    assert entry["sides"]["Ann & Cara"] == {"points": 10, "open": True, "kinds": ["a", "b"]}
    assert entry["sides"]["Bob & Dan"] == {"points": 20}
    again = form()
    again.load_entry(entry)
    assert (again.side_groups[0].value("open"), again.side_groups[0].value("kinds.b")) == ("1", "1")


def test_the_form_leaves_out_who_sits_out_the_hand_and_names_them():
    sheet = {"hands": [{"sits_out": "Eve"}], "next": {"sits_out": "Cara"}}
    assert (sitting_out(sheet, 1), sitting_out(sheet, 2), sitting_out({"hands": [], "next": None}, 1)) == (
        ["Eve"], ["Cara"], [])
    variant = catalogued()
    five = ["Ann", "Bob", "Cara", "Dan", "Eve"]
    entry_form = EntryForm(variant, five, five, 1, sitting_out=["Eve"])
    assert entry_form.sitters == ["Eve"]
    assert [seat.name for seat in entry_form.shown_seats()] == ["Ann", "Bob", "Cara", "Dan"]
