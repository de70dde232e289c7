"""Every refusal of :mod:`~scorekeeper.engine.games.variant` (its sentences in
:mod:`~scorekeeper.engine.games.variant_refusals`), :mod:`~scorekeeper.engine.games.house`
and :mod:`~scorekeeper.engine.games.house_rules` is a keyed note: its key in the module's
group, its English the words it always had (the API's clients and the tests compare them)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import counted, log

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.declare import Note
from scorekeeper.engine.games.house_rules import value_key
from scorekeeper.engine.notes import render

THREE = ["Ann", "Bob", "Cara"]
FOUR = ["Ann", "Bob", "Cara", "Dan"]
PARTNERS = [["Ann", "Cara"], ["Bob", "Dan"]]
AC, BD = "Ann & Cara", "Bob & Dan"
POINTS = {"name": "Ours", "entry": "points", "scoring": "own", "lowest_wins": True}
CARDS = {"name": "Ours", "entry": "cards", "scoring": "own", "lowest_wins": True}
MELDS = {"name": "Ours", "entry": "meld_minus_hand", "scoring": "own", "lowest_wins": False}
SIDES = {AC: {"meld_points": 100, "natural": 1}, BD: {"meld_points": 50}}


def canasta(sides: Any = None, style: str = "classic", **entry: Any) -> dict[str, Any]:
    hand = {"out": "Ann", "sides": SIDES if sides is None else sides,
            "hands": {"Bob": counted(10), "Cara": counted(10), "Dan": counted(10)}, **entry}
    return log("canasta", FOUR, [hand], sides=PARTNERS, options={"style": style})


def house(options: dict[str, Any], *hands: dict[str, Any], players: list[str] = THREE,
          **header: Any) -> dict[str, Any]:
    return log("house", players, hands, options=options, **header)


def points(**by_player: Any) -> dict[str, dict[str, Any]]:
    return {player: {"points": n} for player, n in by_player.items()}


#: a bad log of each kind, the key of its refusal and the whole refusal, word for word as before it was keyed
REFUSED = [
    (log("basic", THREE, [{"out": "Ann", "hands": {"Bob": counted(1), "Cara": counted(2)}, "bogus": 1}]),
     "variant.refuse.not_in_entry",
     "hand 1: 'bogus' is not part of a Basic Rummy entry (it takes block, hands, out, rummy)"),
    (log("contract", THREE, [{"out": None, "hands": {}}]), "variant.refuse.say_who_went_out",
     "hand 1: say who went out: Contract Rummy (Liverpool) has no hand without a winner"),
    (log("basic", THREE, [{"out": "Ann", "hands": {"Bob": 5, "Cara": counted(1)}}]),
     "variant.refuse.give_cards_or_count", "hand 1, Bob: give the cards left in hand or a count"),
    (log("basic", THREE, [{"out": None, "rummy": True, "hands": {}}]), "variant.refuse.needs_out",
     "hand 1: rummy needs the player who went out"),
    (canasta(special="bogus", style="modern"), "variant.refuse.not_one_of",
     "hand 1: special is one of straight, pairs, pairs_wild, garbage, not 'bogus'"),
    (canasta(sides=5), "variant.refuse.sides_not_a_mapping", "hand 1: sides must map each side's name to its input"),
    (canasta(sides={AC: 5, BD: {"meld_points": 50}}), "variant.refuse.give_side_fields",
     "hand 1, Ann & Cara: give the side's meld_points, natural, mixed, red_threes"),
    (canasta(sides={AC: {"meld_points": 100, "bogus": 1}, BD: {"meld_points": 50}}),
     "variant.refuse.not_a_side_input",
     "hand 1, Ann & Cara: 'bogus' is not a side's input here (give meld_points, natural, mixed, red_threes)"),
    (canasta(sides={AC: {"meld_points": 100, "wild": "jokers"}, BD: {"meld_points": 50}}, style="modern"),
     "variant.refuse.tally_among", "hand 1, Ann & Cara: wild must list values among twos, jokers, mixed"),
    (canasta(sides={AC: {"meld_points": 100, "wild": ["jokers", "twos"]}, BD: {"meld_points": 50}}, style="modern"),
     "variant.refuse.tally_most", "hand 1, Ann & Cara: wild lists at most 1, got 2"),
    (canasta(sides={AC: {"meld_points": 100, "wild": ["bogus"]}, BD: {"meld_points": 50}}, style="modern"),
     "variant.refuse.tally_not_one_of", "hand 1, Ann & Cara: wild: 'bogus' is not one of twos, jokers, mixed"),
    (house({**POINTS, "eliminate_at": 10}, {"out": "Ann", "hands": points(Ann=0, Bob=20, Cara=1)},
           {"out": "Ann", "hands": points(Bob=1, Cara=1)}),
     "variant.refuse.eliminated", "hand 2, Bob: Bob is out of the game since hand 1 and takes no input"),
    (house({**POINTS, "lowest_wins": False, "eliminate_at": 100}), "house.refuse.eliminate_needs_lowest",
     "options: eliminate_at needs lowest_wins: a player is put out for a high total, so the lowest total wins"),
    (house({**POINTS, "eliminate_at": 100, "target": 50}), "house.refuse.eliminate_or_target",
     "options: eliminate_at and target cannot both end the game: choose one (deals may go with either)"),
    (house({**POINTS, "reentries": 1}), "house.refuse.reentries_need_eliminate",
     "options: reentries needs eliminate_at: only a player put out can come back"),
    (house({**MELDS, "scoring": "zero_sum"}), "house.refuse.meld_needs_own",
     'options: meld_minus_hand needs scoring "own"'),
    (house({**POINTS, "scoring": "lowest_scores_difference"}, players=FOUR, sides=PARTNERS),
     "house.refuse.not_in_sides", "sides: a house game in sides cannot use lowest_scores_difference"),
    (house(POINTS, {"out": "Ann", "instant_win": "Bob", "hands": points(Bob=1, Cara=1)}),
     "house.refuse.instant_win_off", "hand 1: instant_win is off in this game"),
    (house({**POINTS, "instant_win": True}, {"out": "Ann", "instant_win": "Zed", "hands": points(Bob=1, Cara=1)}),
     "house.refuse.not_a_player_still_in", "hand 1: 'Zed' is not a player still in this game"),
    (house(POINTS, {"out": "Ann", "hands": {"Bob": 5, "Cara": {"points": 1}}}),
     "house.refuse.give_points", "hand 1, Bob: give the player's points"),
    (house(CARDS, {"out": "Ann", "hands": {"Bob": 5, "Cara": counted(1)}}),
     "variant.refuse.give_cards_or_count", "hand 1, Bob: give the cards left in hand or a count"),
    (house(CARDS, {"out": "Ann", "hands": {"Bob": {"points": 5}, "Cara": counted(1)}}),
     "house.refuse.not_an_input", "hand 1, Bob: 'points' is not an input here (this game is entered as count or cards)"),
    (house(POINTS, {"out": "Ann", "hands": {"Bob": {"count": 5}, "Cara": {"points": 1}}}),
     "house.refuse.not_an_input", "hand 1, Bob: 'count' is not an input here (this game is entered as points)"),
    (house({**POINTS, "one_go_multiplier": 2}, {"out": None, "one_go": True, "hands": {}}),
     "house.refuse.one_go_without_out", "hand 1: one_go needs a player who went out"),
    (house({**POINTS, "scoring": "zero_sum"}, {"out": None, "hands": {}}),
     "house.refuse.say_who_went_out_zero_sum",
     "hand 1: say who went out: here each other player pays what they hold to whoever went out"),
    (house({**POINTS, "scoring": "winner_takes"}, {"out": None, "hands": {}}),
     "house.refuse.say_who_went_out_winner_takes",
     "hand 1: say who went out: here whoever goes out scores what the others hold, they score 0"),
    (house(MELDS, {"out": "Ann", "hands": {"Ann": {"left": 5}, "Bob": {"left": 1}, "Cara": {"left": 1}}}),
     "house.refuse.out_leaves_left_empty", "hand 1, Ann: Ann went out, so has no cards left: leave left empty"),
    (house(CARDS, {"out": "Ann", "hands": {"Ann": counted(5), "Bob": counted(1), "Cara": counted(1)}}),
     "house.refuse.out_holds_nothing",
     "hand 1, Ann: Ann went out, so has no cards left and counts 0: leave their input empty"),
    (house({**POINTS, "scoring": "winner_takes"}, {"out": "Ann", "hands": points(Ann=5, Bob=1, Cara=1)}),
     "house.refuse.out_scored", "hand 1, Ann: Ann went out, so scores by the rules: leave their input empty"),
    (house(POINTS, {"out": "Ann", "hands": {"Bob": {"points": 1, "bonus": 3}, "Cara": {"points": 1}}}),
     "house.refuse.bonus_not_yours", "hand 1, Bob: only the player who went out gives a bonus; leave it empty"),
    # (the sentences other modules write too, as plain text still)
    (log("basic", THREE, [5]), "variant.refuse.entry_not_an_object",
     "hand 1: an entry must be an object with who went out and each player's hand"),
    (log("basic", THREE, [{"out": "Ann", "hands": 5}]), "variant.refuse.hands_not_a_mapping",
     "hand 1: hands must map each player to their cards or count"),
    (log("basic", THREE, [{"out": "Zed", "hands": {}}]), "variant.refuse.not_a_player",
     'hand 1: "Zed" is not a player in this game'),
    (log("basic", THREE, [{"out": "Ann", "hands": {"Bob": {"foo": 1}, "Cara": counted(1)}}]),
     "variant.refuse.not_an_input", "hand 1, Bob: 'foo' is not an input here (give count or cards)"),
    (log("scala40", THREE, [{"out": "Ann", "hands": {"Bob": {"foo": 1}, "Cara": counted(1)}}]),
     "variant.refuse.not_an_input", "hand 1, Bob: 'foo' is not an input here (give count or cards or opened)"),
    (log("basic", THREE, [{"out": "Ann", "hands": {"Bob": {"cards": "KH", "count": 3}, "Cara": counted(1)}}]),
     "variant.refuse.cards_and_count", "hand 1, Bob: give either the cards or a count, not both"),
    (log("basic", THREE, [{"out": "Ann", "rummy": "yes", "hands": {"Bob": counted(1), "Cara": counted(2)}}]),
     "variant.refuse.true_or_false", "hand 1: rummy must be true or false"),
    (canasta(sides={AC: {"meld_points": 100, "open_wild": "yes"}, BD: {"meld_points": 50}}, style="modern"),
     "variant.refuse.true_or_false", "hand 1, Ann & Cara: open_wild must be true or false"),
    (log("basic", THREE, [{"out": "Ann", "hands": {"Ann": counted(3), "Bob": counted(1), "Cara": counted(2)}}]),
     "variant.refuse.out_holds_nothing", "hand 1, Ann: Ann went out, so has no cards left and counts 0"),
    (canasta(sides={"Zed": {}, **SIDES}), "variant.refuse.not_a_side",
     'hand 1: "Zed" is not a side in this game (sides: Ann & Cara, Bob & Dan)'),
    (house(POINTS, {"out": "Ann", "hands": {"Bob": {"points": "x"}, "Cara": {"points": 1}}}),
     "house.refuse.points_not_whole", "hand 1, Bob: points must be a whole number from -10000 to 10000, not 'x'"),
    (house(POINTS, {"out": "Ann", "hands": {"Ann": {"bonus": -10001}, "Bob": {"points": 1}, "Cara": {"points": 1}}}),
     "house.refuse.points_out_of_bounds", "hand 1, Ann: bonus must be a whole number from -10000 to 10000"),
]


def test_a_choice_of_three_inputs_says_or_between_each_two_in_a_nested_note():
    error = pytest.raises(InvalidEntry, replay, log("scala40", THREE, [
        {"out": "Ann", "hands": {"Bob": {"foo": 1}, "Cara": counted(1)}}])).value
    fields = error.message.values["fields"]
    assert isinstance(fields, Note) and fields.key == "variant.refuse.either"
    assert (fields.values["first"], fields.values["rest"].values) == ("count", {"first": "cards", "rest": "opened"})


@pytest.mark.parametrize(("game", "key", "message"), REFUSED, ids=[key for _, key, _ in REFUSED])
def test_every_refusal_of_a_game_and_of_a_house_game_is_a_keyed_note_in_the_words_it_had(game, key, message):
    with pytest.raises(InvalidEntry) as caught:
        replay(game)
    error = caught.value
    assert isinstance(error.message, Note)
    assert error.message.key == key
    assert key.split(".")[:2] in (["variant", "refuse"], ["house", "refuse"])
    assert str(error) == message
    assert render(error.message.key, error.message.values) == error.message  # its words from its values alone


def test_a_values_key_that_is_no_rank_card_or_colour_is_refused_with_a_keyed_note():
    with pytest.raises(ValueError) as caught:
        value_key("ZZ")
    note = caught.value.args[0]
    assert isinstance(note, Note) and note.key == "house.refuse.not_a_value_key"
    assert note == 'key "ZZ" is not a rank, a card or a colour'
    with pytest.raises(InvalidEntry) as refused:
        replay(house({**CARDS, "values": {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0, "ZZ": 3}}))
    assert str(refused.value) == 'options: values key "ZZ" is not a rank, a card or a colour'
