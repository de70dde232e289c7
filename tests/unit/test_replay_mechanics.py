"""How the replay does its work: the collector left on, the card tables, the notes' keys kept in step."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator

import pytest
from helpers import counted, holding, log, out

from bench import hands, logs
from bench.replay import knockable_deals
from test_note_keys import GAMES as NOTE_GAMES

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.cards import ALL_CARDS, JOKER
from scorekeeper.engine.declare import Note
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.base import Hand, PlayerInput, Variant
from scorekeeper.engine.melds import MeldRules, arrange
from scorekeeper.engine.options import check_options


def gin_log() -> dict:
    return log("gin", ["Ann", "Bob"], [out("Ann", Ann=counted(5), Bob=counted(20))] * 3)


@pytest.fixture
def collector_state() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_stays_on_while_the_hands_are_played(collector_state, monkeypatch):
    # The replay runs inside threaded server workers: switching the collector
    # off there would switch it off for every thread of the process.
    seen: list[bool] = []
    gin = VARIANTS["gin"]
    real = type(gin).score
    monkeypatch.setattr(type(gin), "score", lambda self, hand: seen.append(gc.isenabled()) or real(self, hand))
    gc.enable()
    replay(gin_log())
    assert seen == [True, True, True]
    assert gc.isenabled()


def test_a_refused_hand_leaves_the_collector_on(collector_state):
    gc.enable()
    bad = gin_log()
    bad["hands"].append(out("Ann", Ann=holding("ZZ"), Bob=counted(3)))
    with pytest.raises(InvalidEntry):
        replay(bad)
    assert gc.isenabled()


def _cycles_left_by(run: Callable[[], object]) -> int:
    """How many objects ``run`` left in reference cycles (the collector's count of unreachable ones)."""
    gc.collect()
    gc.disable()
    try:
        run()
        return gc.collect()
    finally:
        gc.enable()


def _three_thirteen_by_cards() -> dict:
    # Deal 3 (fives wild): the meld search with wild cards, Bob's and Cara's hands as cards.
    hands = [out("Ann", Bob=counted(5), Cara=counted(7)), out("Bob", Ann=counted(3), Cara=counted(2)),
             out("Cara", Ann=holding("5H 7C 8C 9D JS"), Bob=holding("4D 4S 5S 9H KH"))]
    return log("three-thirteen", ["Ann", "Bob", "Cara"], hands)


# A replay leaves nothing for the cycle collector: what it no longer needs is
# freed as its last reference goes, not piled up until a collection finds it
# (as the meld searches' self-calling closures once were).
CYCLE_FREE = {
    "gin, both hands as cards": lambda: replay(logs.gin_log(knockable_deals(60, "cycles"))),
    "knock, the defender's cards": lambda: replay(logs.knock_log(
        [(d.ann, d.bob) for d in knockable_deals(40, "cycles")])),
    "basic, counts and cards": lambda: replay(logs.basic_log(60, "cycles")),
    "three thirteen, wild cards": lambda: replay(_three_thirteen_by_cards()),
    "two decks and jokers": lambda: [arrange(cards, MeldRules(wild_rank=2))
                                     for cards in hands.two_deck_hands(40, 11, 2, "cycles")],
    "every variant, every note": lambda: [replay(game) for game in NOTE_GAMES.values()],
}


@pytest.mark.parametrize("name", CYCLE_FREE)
def test_a_replay_and_the_meld_searches_leave_no_reference_cycles(collector_state, name):
    assert _cycles_left_by(CYCLE_FREE[name]) == 0


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=lambda v: v.key)
def test_a_games_card_table_holds_each_cards_value_under_its_default_options(variant: Variant):
    # A game the table defines has no defaults for its rules: a game of it by cards, its own values.
    given = {"name": "Loba", "entry": "cards", "scoring": "own", "lowest_wins": True,
             "values": {"ace": 15, "pips": 5, "joker": 25}} if variant.defined_by_table else {}
    options = variant.resolve_options(check_options(variant.options, given), variant.min_players)
    table = variant.card_values(options)
    assert [table[card.index] for card in (*ALL_CARDS, JOKER)] == [
        variant.card_value(card, options) for card in (*ALL_CARDS, JOKER)]


def test_a_hands_value_follows_the_options_card_table():
    hands = [out("Ann", Bob=holding("AS KD 5C"))]
    low = replay(log("basic", ["Ann", "Bob"], hands))
    high = replay(log("basic", ["Ann", "Bob"], hands, options={"ace": "high_or_low"}))
    assert low["hands"][0]["details"]["Bob"]["value"] == 1 + 10 + 5
    assert high["hands"][0]["details"]["Bob"]["value"] == 15 + 10 + 5


def _keys_match_notes(sheet: dict) -> None:
    """Each note's key beside it: a Note's own, or (plain text) one whose numbers the text shows."""
    for row in sheet["hands"]:
        for text, key in zip(row["notes"], row["note_keys"], strict=True):
            if isinstance(text, Note):
                assert key == {"key": text.key, "values": text.values}
                continue
            for value in key["values"].values():
                if isinstance(value, int) and not isinstance(value, bool):
                    assert str(value) in text, (key, text)


def test_a_note_added_before_the_gin_familys_own_keeps_its_key_in_place():
    sheet = replay(log("oklahoma-gin", ["Ann", "Bob"],
                       [{"out": "Ann", "upcard": "3S", "hands": {"Ann": counted(2), "Bob": counted(9)}}],
                       options={"spade_double": True}))
    row = sheet["hands"][0]
    assert [k["key"] for k in row["note_keys"]] == ["oklahoma.upcard", "gin.knock", "gin.multiplied"]
    assert row["notes"][0].startswith("Upcard 3S")
    _keys_match_notes(sheet)


def test_notes_added_after_a_hollywood_hand_keep_their_keys_in_step():
    hands = [out("Ann", Ann=counted(0), Bob=counted(60))] * 4
    sheet = replay(log("hollywood-gin", ["Ann", "Bob"], hands))
    keys = [[k["key"] for k in row["note_keys"]] for row in sheet["hands"]]
    assert keys[0][0] == "gin.gin" and keys[0][1:] and all(k.startswith("hollywood.") for k in keys[0][1:])
    _keys_match_notes(sheet)


def inputs_alike(one, other) -> bool:
    return (one.cards, one.count, one.all_cards, one.bits, dict(one.extra)) == (
        other.cards, other.count, other.all_cards, other.bits, dict(other.extra))


@pytest.mark.parametrize("key", ["gin", "knock", "basic", "tunk"])
def test_cards_written_as_text_or_as_a_list_of_names_are_the_same_input(key):
    # The same input either way, repeats and jokers (no bits) included.
    variant = VARIANTS[key]
    rng = random.Random(f"read {key}")
    names = [str(card) for card in ALL_CARDS] + [str(JOKER)]
    for _ in range(300):
        size = variant.exact_cards or rng.randint(0, 7)  # none, one card and more where any number is taken
        drawn = rng.sample(names, size)
        if size and rng.random() < 0.3:
            drawn[rng.randrange(size)] = rng.choice(drawn + [str(JOKER)])  # a repeat or a joker
        hand = Hand(1, "Ann", ("Ann", "Bob"), "Ann", {}, {}, {}, ("Ann", "Bob"), ("Bob",), ())
        as_text = variant.read_input(hand, "Ann", {"cards": " ".join(drawn)})
        as_list = variant.read_input(hand, "Ann", {"cards": drawn})
        assert inputs_alike(as_text, as_list)
        assert inputs_alike(as_text, PlayerInput(as_text.cards))


@pytest.mark.parametrize("key", ["gin", "knock", "basic"])
def test_a_count_is_read_as_the_input_of_that_count(key):
    variant = VARIANTS[key]
    hand = Hand(1, "Ann", ("Ann", "Bob"), "Ann", {}, {}, {}, ("Ann", "Bob"), ("Bob",), ())
    for count in (0, 1, 37, 10_000):
        assert inputs_alike(variant.read_input(hand, "Bob", {"count": count}), PlayerInput(None, count))
