"""Three Thirteen (SCORING.md section 5, `three-thirteen`; section 6, "Three Thirteen" and "General")."""

from __future__ import annotations

import pytest
from helpers import counted, dealers, holding, notes, out, play, rejected, scores, totals

from scorekeeper.engine import replay, variants
from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.games import get_variant
from scorekeeper.engine.games.three_thirteen import meld_rules, wild_rank
from scorekeeper.engine.melds import MeldRules

GAME = "three-thirteen"
TWO = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cara"]
NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
WORDS = ["threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings"]
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DEFAULTS = {"decks": 1, "jokers": 0, "min_naturals": 0, "faces": "10", "joker_value": 20}


def seats(n: int) -> list[str]:
    return NAMES[:n]


def counts_deal(winner: str, players: list[str], each: int = 5) -> dict:
    """A deal `winner` went out of, every other player counting `each`."""
    return out(winner, **{p: counted(each) for p in players if p != winner})


def deals(n: int, players: list[str] = TWO) -> list[dict]:
    return [counts_deal(players[k % len(players)], players) for k in range(n)]


def value_in_deal(number: int, cards: str, players: list[str] = TWO, **options) -> int:
    """What Bob's cards count in deal `number` (the earlier deals are counts)."""
    entries = deals(number - 1, players) + [out("Ann", **{p: holding(cards) if p == "Bob" else counted(0)
                                                          for p in players if p != "Ann"})]
    return scores(play(GAME, players, entries, options=options), number)["Bob"]


# -- players, pack and options ------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 9])
def test_three_thirteen_is_for_two_to_eight_players(count):
    error = rejected(GAME, seats(count))
    assert str(error) == f"players: Three Thirteen is for 2 to 8 players, got {count}"


@pytest.mark.parametrize(("count", "decks"), [(2, 1), (3, 2), (7, 2), (8, 3)])
def test_one_deck_for_two_players_two_for_three_to_seven_three_for_eight(count, decks):
    sheet = play(GAME, seats(count))
    assert (sheet["next"]["decks"], sheet["next"]["jokers"]) == (decks, 0)
    assert sheet["options"]["decks"] == decks


def test_omitted_options_take_their_defaults():
    assert play(GAME, TWO)["options"] == DEFAULTS
    assert play(GAME, TWO, options={key: None for key in DEFAULTS})["options"] == DEFAULTS


@pytest.mark.parametrize(
    ("count", "options"),
    [(3, {"decks": 1}), (2, {"decks": 3}), (8, {"decks": 2, "jokers": 1}), (4, {"decks": 1, "jokers": 1}),
     (2, {"jokers": 2}), (8, {"decks": 3, "jokers": 6})],
)
def test_a_pack_that_deals_thirteen_each_and_leaves_a_stock_is_accepted(count, options):
    sheet = play(GAME, seats(count), options=options)
    assert {key: sheet["options"][key] for key in options} == options
    assert (sheet["next"]["decks"], sheet["next"]["jokers"]) == (sheet["options"]["decks"], sheet["options"]["jokers"])


@pytest.mark.parametrize(
    ("count", "options", "message"),
    [(4, {"decks": 1}, "1 deck and no jokers make 52 cards, too few to deal 13 each to 4 players and leave a "
                       "stock (more than 52 needed)"),
     (8, {"decks": 2}, "2 decks and no jokers make 104 cards, too few to deal 13 each to 8 players and leave a "
                       "stock (more than 104 needed)")],
)
def test_a_pack_too_small_for_the_thirteen_card_deal_is_refused(count, options, message):
    error = rejected(GAME, seats(count), options=options)
    assert str(error) == f"options: {message}"
    assert (error.hand, error.where, error.field, error.code) == (None, "options", "decks", "bad_option")


@pytest.mark.parametrize(
    ("count", "options", "message"),
    [(2, {"jokers": 3}, "jokers 3 is too many for 1 deck: at most 2 a deck, 2 in all"),
     (3, {"jokers": 5}, "jokers 5 is too many for 2 decks: at most 2 a deck, 4 in all")],
)
def test_at_most_two_jokers_a_deck(count, options, message):
    error = rejected(GAME, seats(count), options=options)
    assert str(error) == f"options: {message}"
    assert (error.field, error.code) == ("jokers", "bad_option")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"decks": 0}, "decks must be none, 1, 2 or 3"),
        ({"decks": 4}, "decks must be none, 1, 2 or 3"),
        ({"decks": "2"}, "decks must be none, 1, 2 or 3"),
        ({"decks": True}, "decks must be none, 1, 2 or 3"),
        ({"jokers": -1}, "jokers must be a whole number from 0 to 6"),
        ({"jokers": 7}, "jokers must be a whole number from 0 to 6"),
        ({"jokers": 1.5}, "jokers must be a whole number from 0 to 6"),
        ({"min_naturals": -1}, "min_naturals must be a whole number from 0 to 2"),
        ({"min_naturals": 3}, "min_naturals must be a whole number from 0 to 2"),
        ({"min_naturals": "1"}, "min_naturals must be a whole number from 0 to 2"),
        ({"faces": "11"}, "faces must be one of 10, 11-12-13, got '11'"),
        ({"faces": 10}, "faces must be one of 10, 11-12-13, got 10"),
        ({"joker_value": -1}, "joker_value must be a whole number from 0 to 10000"),
        ({"joker_value": 10001}, "joker_value must be a whole number from 0 to 10000"),
        ({"joker_value": "20"}, "joker_value must be a whole number from 0 to 10000"),
        ({"wild": "5"}, "'wild' is not an option of this game"),
    ],
)
def test_an_option_outside_its_bounds_is_refused_naming_them(options, message):
    error = rejected(GAME, THREE, options=options)
    assert str(error).startswith(f"options: {message}")
    assert (error.hand, error.where, error.code) == (None, "options", "bad_option")
    if "wild" not in options:
        assert error.field == next(iter(options))


@pytest.mark.parametrize(
    "options",
    [{"decks": 3, "jokers": 6}, {"min_naturals": 2}, {"faces": "11-12-13"}, {"joker_value": 0},
     {"joker_value": 10000}, {"decks": 1, "jokers": 0}],
)
def test_option_values_at_their_bounds_are_accepted(options):
    sheet = play(GAME, THREE, options=options)
    assert {key: sheet["options"][key] for key in options} == options


# -- the deals --------------------------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 12))
def test_deal_k_gives_k_plus_two_cards_and_that_rank_is_wild(number):
    sheet = play(GAME, TWO, deals(number - 1))
    nxt = sheet["next"]
    assert (nxt["hand"], nxt["cards_each"], nxt["wild"]) == (number, number + 2, RANKS[number - 1])
    assert sheet["guide"]["next"].endswith(f" · {WORDS[number - 1]} wild")
    assert wild_rank(number) == number + 2


def test_the_next_deal_line_names_the_dealer_the_cards_and_the_wild_rank():
    sheet = play(GAME, TWO, deals(3), first_dealer="Bob")
    assert sheet["guide"]["next"] == "Hand 4 · Ann deals 6 cards · sixes wild"
    assert sheet["next"] == {"hand": 4, "dealer": "Ann", "cards_each": 6, "decks": 1, "jokers": 0,
                             "contract": None, "wild": "6"}


def test_the_next_deal_line_shows_the_pack_when_there_is_more_than_one_deck():
    sheet = play(GAME, THREE, options={"jokers": 2})
    assert sheet["guide"]["next"] == "Hand 1 · Ann deals 3 cards · 2 decks + 2 jokers · threes wild"


@pytest.mark.parametrize("number", range(1, 12))
def test_each_hands_notes_name_the_deal_and_its_wild_rank(number):
    sheet = play(GAME, TWO, deals(number))
    assert f"Deal {number} of 11: {number + 2} cards each, {WORDS[number - 1]} wild." in notes(sheet, number)
    assert sheet["hands"][number - 1]["note_keys"][0] == {
        "key": "three_thirteen.deal", "values": {"deal": number, "cards": number + 2, "wild": WORDS[number - 1]}}


def test_the_deal_passes_left():
    sheet = play(GAME, THREE, deals(4, THREE), first_dealer="Bob")
    assert dealers(sheet) == ["Bob", "Cara", "Ann", "Bob", "Cara"]


def test_the_game_is_exactly_eleven_deals_then_finished():
    assert not play(GAME, TWO, deals(10))["finished"]
    sheet = play(GAME, TWO, deals(11))
    assert sheet["finished"] and sheet["next"] is None
    error = rejected(GAME, TWO, deals(12))
    assert (error.hand, error.code) == (12, "game_over")


# -- the entry ---------------------------------------------------------------------------------


def test_a_cards_input_short_of_the_deal_is_refused_as_the_rule_book_says():
    entries = deals(3) + [out("Ann", Bob=holding("2C 3D 4H 5S 6C"))]
    error = rejected(GAME, TWO, entries)
    assert str(error) == "hand 4, Bob: deal 4 of Three Thirteen has 6 cards each, got 5"
    assert (error.hand, error.player, error.field, error.code) == (4, "Bob", "cards", "wrong_hand_size")


@pytest.mark.parametrize(("number", "cards"), [
    (1, "2C 4D"), (1, "2C 4D 6H 8S"),
    (11, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"), (11, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH"),
])
def test_a_cards_input_holds_exactly_the_deals_number_of_cards(number, cards):
    error = rejected(GAME, TWO, deals(number - 1) + [out("Ann", Bob=holding(cards))])
    given = len(cards.split())
    assert error.message == f"deal {number} of Three Thirteen has {number + 2} cards each, got {given}"


def test_a_count_is_taken_as_the_players_own_value():
    sheet = play(GAME, THREE, [out("Ann", Bob=counted(17), Cara=counted(0))])
    assert scores(sheet, 1) == {"Ann": 0, "Bob": 17, "Cara": 0}
    assert sheet["hands"][0]["details"]["Bob"] == {"value": 17}


def test_somebody_must_go_out():
    error = rejected(GAME, TWO, [out(None, Ann=counted(3), Bob=counted(4))])
    assert error.hand == 1
    assert "say who went out" in error.message


def test_every_other_player_needs_an_input():
    error = rejected(GAME, THREE, [out("Ann", Bob=counted(3))])
    assert str(error) == "hand 1: no input for Cara"
    assert error.code == "missing_input"


def test_the_player_who_went_out_has_no_cards_left():
    error = rejected(GAME, TWO, [out("Ann", Ann=holding("2C 4D 6H"), Bob=counted(3))])
    assert (error.player, error.message) == ("Ann", "Ann went out, so has no cards left and counts 0")
    assert play(GAME, TWO, [out("Ann", Ann={}, Bob=counted(3))])["totals"] == {"Ann": 0, "Bob": 3}


def test_a_joker_is_not_a_card_without_the_jokers_option():
    error = rejected(GAME, TWO, [out("Ann", Bob=holding("JK 4D 9C"))])
    assert '"JK" is not a card in Three Thirteen, which uses no jokers' in error.message
    assert (error.player, error.code) == ("Bob", "too_many_copies")


def test_a_hand_entry_holds_at_most_the_options_jokers_across_players():
    one_each = [out("Ann", Bob=holding("JK 4D 9C"), Cara=holding("JK 5D 10C"))]
    assert play(GAME, THREE, one_each, options={"jokers": 2})["hands"][0]["details"]["Cara"]["value"] == 5 + 10 + 20
    error = rejected(GAME, THREE, one_each, options={"jokers": 1})
    assert error.player == "Cara"
    assert "JK appears twice, but this pack has one joker" in error.message


@pytest.mark.parametrize(
    ("count", "cards", "player", "message"),
    [
        (2, {"Bob": "7H 7H 2C"}, "Bob", "7H appears twice, but this game uses one deck"),
        (3, {"Bob": "7H 7H 2C", "Cara": "7H 4D 9C"}, "Cara", "7H appears 3 times, but this game uses two decks"),
        (8, {"Bob": "7H 7H 7H", "Cara": "7H 4D 9C"}, "Cara", "7H appears 4 times, but this game uses three decks"),
    ],
)
def test_no_card_appears_more_often_than_the_decks_hold(count, cards, player, message):
    players = seats(count)
    entry = out("Ann", **{p: holding(cards[p]) if p in cards else counted(0) for p in players[1:]})
    error = rejected(GAME, players, [entry])
    assert (error.player, error.field, error.code) == (player, "cards", "too_many_copies")
    assert message in error.message


def test_copies_up_to_the_decks_are_accepted():
    players = seats(8)
    entry = out("Ann", **{p: counted(0) for p in players[1:]} | {"Bob": holding("7H 7H 7H")})
    assert scores(play(GAME, players, [entry]), 1)["Bob"] == 0  # three copies of one card: a group


# -- what a hand counts -------------------------------------------------------------------------


def test_fives_wild_bob_melds_the_kings_with_the_five_and_counts_fifteen():
    # SCORING.md: deal 3, Bob 5S 7H 8H KC KD -> KC KD 5S, 7H 8H left: 15 (not 20).
    sheet = play(GAME, TWO, deals(2) + [out("Ann", Bob=holding("5S 7H 8H KC KD"))])
    assert scores(sheet, 3) == {"Ann": 0, "Bob": 15}
    bob = sheet["hands"][2]["details"]["Bob"]
    assert bob["value"] == 15
    assert sorted(bob["melds"][0].split()) == ["5S", "KC", "KD"]
    assert bob["unmatched"] == "7H 8H"
    assert "Bob 15 (7H 8H unmatched)" in notes(sheet, 3)


def test_threes_wild_make_a_group_of_nines_unless_melds_need_two_naturals():
    # SCORING.md: deal 1, 3H 3S 9C is a group of nines: 0 (with min_naturals 2: 15).
    assert value_in_deal(1, "3H 3S 9C") == 0
    assert value_in_deal(1, "3H 3S 9C", min_naturals=1) == 0
    assert value_in_deal(1, "3H 3S 9C", min_naturals=2) == 15


def test_a_meld_may_be_all_wild_by_default():
    assert value_in_deal(1, "JK JK JK", THREE, jokers=3) == 0
    assert value_in_deal(1, "JK JK JK", THREE, jokers=3, min_naturals=1) == 60


def test_a_wild_card_in_its_own_place_counts_as_a_natural():
    # Deal 2, fours wild: 4H is natural in 3H 4H 5H, so two naturals with the joker.
    assert value_in_deal(2, "3H 4H JK 9C", jokers=1, min_naturals=2) == 9


def test_runs_are_ace_low_only():
    assert value_in_deal(2, "AH 2H 3H 9C") == 9
    assert value_in_deal(2, "QH KH AH 9C") == 10 + 10 + 1 + 9
    assert value_in_deal(2, "KH AH 2H 9C") == 10 + 1 + 2 + 9


def test_a_group_is_three_or_more_of_a_rank_in_any_suits_with_repeats():
    assert value_in_deal(1, "7H 7H 7S", THREE) == 0
    assert value_in_deal(7, "8S 8S 8H 8H 8D 8D 8C 8C 2D", THREE) == 2  # deal 7, nines wild: eight eights
    assert value_in_deal(7, "8S 8H 8D 8C 7C 7S 7D AS 2D", THREE) == 1 + 2  # two groups, no maximum needed


def test_an_unmatched_wild_card_counts_its_own_value():
    # Deal 3, fives wild: nothing melds with one wild card here, so the 5S counts 5.
    assert value_in_deal(3, "5S 9D QC KH 2S") == 5 + 9 + 10 + 10 + 2


def test_an_unmatched_joker_counts_twenty_or_the_joker_value():
    assert value_in_deal(1, "JK 9C KD", jokers=1) == 20 + 9 + 10
    assert value_in_deal(1, "JK 9C KD", jokers=1, joker_value=5) == 5 + 9 + 10


def test_faces_count_ten_or_eleven_twelve_thirteen():
    assert value_in_deal(1, "JH QS KD") == 30
    assert value_in_deal(1, "JH QS KD", faces="11-12-13") == 11 + 12 + 13
    # Deal 9, jacks wild: an unmatched jack is its own 11.
    assert value_in_deal(9, "JH 2S 6S 9S 5H QH AD 7D KD 4C 10C", faces="11-12-13") == \
        11 + 2 + 6 + 9 + 5 + 12 + 1 + 7 + 13 + 4 + 10


def test_kings_wild_in_the_last_deal_meld_thirteen_cards():
    hand = "AH 2H 3H 4S 5S 6S 7D 7C 7H 9C 10C JC KS"
    assert value_in_deal(11, hand) == 0


def test_the_game_uses_one_deals_meld_rules():
    assert meld_rules(5, "10", 0, 20) == MeldRules(wild_rank=5, joker_value=20, min_natural=0, max_group=None,
                                                   group_repeats=True)
    rules = meld_rules(13, "11-12-13", 2, 7)
    assert (rules.rank_values[10:], rules.ace_high, rules.around_corner) == ((11, 12, 13), False, False)


# -- scores, totals and the end -------------------------------------------------------------------


def test_whoever_went_out_scores_zero_and_the_others_their_value():
    sheet = play(GAME, THREE, [out("Cara", Ann=holding("9C KD 4H"), Bob=counted(12))])
    assert scores(sheet, 1) == {"Ann": 23, "Bob": 12, "Cara": 0}
    assert notes(sheet, 1).endswith("Cara went out and scores 0; what the others could not meld counts against "
                                    "them: Ann 23 (4H KD 9C unmatched), Bob 12.")
    assert sheet["hands"][0]["winner"] == "Cara"


TIED_GAME = [
    out("Ann", Bob=holding("9C KD 4H"), Cara=holding("3H 3S 9C")),
    out("Bob", Ann=counted(2), Cara=counted(8)),
    out("Cara", Ann=counted(7), Bob=holding("5S 7H 8H KC KD")),
    out("Ann", Bob=counted(12), Cara=counted(2)),
    out("Bob", Ann=counted(9), Cara=counted(6)),
    out("Cara", Ann=counted(1), Bob=counted(15)),
    out("Ann", Bob=counted(20), Cara=counted(11)),
    out("Bob", Ann=counted(5), Cara=counted(3)),
    out("Cara", Ann=counted(10), Bob=counted(7)),
    out("Ann", Bob=counted(30), Cara=counted(6)),
    out("Bob", Ann=counted(2), Cara=holding("AH 2H 3H 4S 5S 6S 7D 7C 7H 9C 10C JC KS")),
]


def test_a_full_game_of_eleven_deals_ends_with_the_lowest_totals_sharing_the_win():
    sheet = play(GAME, THREE, TIED_GAME)
    assert [scores(sheet, n)["Bob"] for n in (1, 3)] == [23, 15]
    assert [scores(sheet, n)["Cara"] for n in (1, 11)] == [0, 0]
    assert totals(sheet) == {"Ann": 36, "Bob": 122, "Cara": 36}
    assert totals(sheet, 10) == {"Ann": 34, "Bob": 122, "Cara": 36}
    assert sheet["finished"] and sheet["next"] is None
    assert sheet["winners"] == ["Ann", "Cara"]
    assert sheet["lowest_wins"] is True
    assert dealers(sheet) == ["Ann", "Bob", "Cara"] * 3 + ["Ann", "Bob"]


def test_a_full_game_has_one_winner_when_one_total_is_lowest():
    game = [counts_deal(["Ann", "Bob"][k % 2], TWO, each=k + 1) for k in range(11)]
    sheet = play(GAME, TWO, game, options={"jokers": 2, "faces": "11-12-13"})
    # Ann went out in deals 1, 3, ..., 11; Bob counted 1 + 3 + ... + 11; Ann 2 + 4 + ... + 10.
    assert totals(sheet) == {"Ann": 30, "Bob": 36}
    assert sheet["winners"] == ["Ann"]


def test_a_game_ended_by_agreement_goes_to_the_lowest_total():
    sheet = play(GAME, THREE, TIED_GAME[:4], ended=True)
    assert totals(sheet) == {"Ann": 9, "Bob": 50, "Cara": 10}
    assert sheet["finished"] and sheet["winners"] == ["Ann"]


# -- what the game declares --------------------------------------------------------------------------


def entry():
    return next(v for v in variants() if v["key"] == GAME)


def test_the_catalogue_declares_a_count_or_the_cards_of_exactly_the_deal():
    declared = entry()
    assert declared["entry"]["inputs"] == ["count", "cards"]
    assert [f["pair"] for f in declared["entry"]["fields"]] == ["hand", "hand"]
    assert declared["entry"]["exact_deal"] is True and declared["entry"]["exact_cards"] is None
    assert (declared["entry"]["choices"], declared["entry"]["statuses"], declared["entry"]["endings"]) == ([], [], [])
    assert declared["entry"]["out_may_be_null"] is False
    assert declared["entry"]["most_cards"] == 13
    assert declared["moments"] == []


def test_the_catalogue_states_players_deal_pack_and_options():
    declared = entry()
    assert (declared["name"], declared["min_players"], declared["max_players"]) == ("Three Thirteen", 2, 8)
    assert declared["cards_each"] == {str(n): 3 for n in range(2, 9)}
    assert declared["decks"] == {"2": 1, **{str(n): 2 for n in range(3, 8)}, "8": 3}
    assert declared["jokers"] == {str(n): 0 for n in range(2, 9)}
    options = {o["key"]: o for o in declared["options"]}
    assert list(options) == ["decks", "jokers", "min_naturals", "faces", "joker_value"]
    decks = options["decks"]
    assert (decks["default"], decks["choices"], decks["nullable"]) == (None, [1, 2, 3], True)
    assert "3 for 8" in decks["default_text"]
    assert (options["jokers"]["minimum"], options["jokers"]["maximum"]) == (0, 6)
    assert (options["min_naturals"]["minimum"], options["min_naturals"]["maximum"]) == (0, 2)
    assert options["faces"]["choices"] == ["10", "11-12-13"]
    assert (options["joker_value"]["default"], options["joker_value"]["maximum"]) == (20, 10000)
    assert "Three Thirteen" in declared["rules"] and "wild" in declared["rules"]


def test_the_how_to_says_what_a_count_is():
    how_to = play(GAME, TWO)["guide"]["how_to"]
    assert how_to.startswith("Tap who went out; for everyone else, the value of the cards they cannot meld with "
                             "this deal's wild rank (A 1, J Q K 10, an unmatched wild card its own value).")
    assert "Type the count, or pick the cards" in how_to
    with_jokers = play(GAME, TWO, options={"jokers": 2, "joker_value": 25, "faces": "11-12-13"})["guide"]["how_to"]
    assert "(A 1, J Q K 11 12 13, an unmatched wild card its own value, a joker 25)" in with_jokers


def test_the_goal_is_eleven_deals_lowest_wins():
    assert play(GAME, TWO)["guide"]["goal"] == "Eleven deals, 3 to 13 cards; lowest total wins"


# -- the live preview -----------------------------------------------------------------------------------

VARIANT = get_variant(GAME)


def preview(cards: str, number: int, **options):
    effective = replay({"variant": GAME, "players": TWO, "options": options})["options"]
    return VARIANT.preview(parse_cards(cards), effective, number=number)


@pytest.mark.parametrize(
    ("card", "options", "value"),
    [("AS", {}, 1), ("9D", {}, 9), ("KC", {}, 10), ("JH", {"faces": "11-12-13"}, 11),
     ("KC", {"faces": "11-12-13"}, 13), ("JK", {"jokers": 1}, 20), ("JK", {"jokers": 1, "joker_value": 0}, 0)],
)
def test_a_cards_own_value(card, options, value):
    effective = replay({"variant": GAME, "players": TWO, "options": options})["options"]
    assert VARIANT.card_value(parse_cards(card)[0], effective) == value


def test_the_preview_counts_with_that_deals_wild_rank():
    assert preview("5S 7H 8H KC KD", 3) == {"value": 15, "melds": ["KD KC 5S"], "unmatched": "7H 8H"}
    assert preview("5S 7H 8H KC KD", 1)["value"] == 5 + 7 + 8 + 10 + 10  # threes wild: nothing melds


def test_the_preview_follows_the_options():
    assert preview("3H 3S 9C", 1)["value"] == 0
    assert preview("3H 3S 9C", 1, min_naturals=2)["value"] == 15
    assert preview("JK 9C KD", 1, jokers=1, joker_value=5)["value"] == 24


@pytest.mark.parametrize(
    ("cards", "options", "error"),
    [
        ("JK 9C KD", {}, '"JK" is not a card in Three Thirteen, which uses no jokers'),
        ("7H 7H 9C", {}, "7H appears twice, but this game uses one deck"),
        (" ".join(["2C"] * 14), {"decks": 3}, "14 cards is more than a hand holds in Three Thirteen (at most 13)."),
    ],
)
def test_the_preview_refuses_cards_no_hand_holds(cards, options, error):
    assert preview(cards, 11, **options) == {"error": error}
