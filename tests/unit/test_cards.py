"""Cards (SCORING.md section 1 and the card decisions of section 6)."""

from __future__ import annotations

import pytest
from helpers import counted, holding, out, play, rejected, scores
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Card, CardError, parse_cards

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
EVERY_CARD = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]


# -- notation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, "S"),
        ("2H", 2, "H"),
        ("9D", 9, "D"),
        ("10C", 10, "C"),
        ("JS", 11, "S"),
        ("QH", 12, "H"),
        ("KD", 13, "D"),
        ("TH", 10, "H"),
        ("tc", 10, "C"),
        ("as", 1, "S"),
        ("qD", 12, "D"),
        ("Kc", 13, "C"),
        ("10s", 10, "S"),
        ("A♠", 1, "S"),
        ("7♥", 7, "H"),
        ("7♥\ufe0f", 7, "H"),
        ("q♦", 12, "D"),
        ("2♣", 2, "C"),
        ("t♥", 10, "H"),
    ],
)
def test_a_card_is_rank_then_suit_in_any_case_letters_or_symbols(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["JK", "jk", "Jk"])
def test_a_printed_joker_is_written_jk(text):
    card = Card.parse(text)
    assert card.is_joker
    assert str(card) == "JK"


@pytest.mark.parametrize(
    "text",
    ["1H", "1♠", "H7", "♥7", "SA", "11C", "0D", "ZZ", "7X", "10", "A", "KSS", "J K", "1 0H", "JOKER"],
)
def test_anything_else_is_not_a_card_and_the_message_quotes_it(text):
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    assert f'"{text}"' in str(caught.value)
    assert "is not a card" in str(caught.value)


def test_one_is_never_a_rank_even_for_the_ace():
    with pytest.raises(CardError):
        Card.parse("1S")
    assert Card.parse("AS").rank == 1


def test_cards_are_rank_first_so_suit_then_rank_is_refused():
    with pytest.raises(CardError, match='"H7"'):
        Card.parse("H7")


@pytest.mark.parametrize(
    "text",
    [
        "as 10h Qd, 2♣",
        "AS,10H,QD,2C",
        "as, 10h, qd, 2♣",
        "  AS   10H\tQD ,, 2C  ",
        "A♠ T♥ Q♦ 2♣",
        "A♠ 10♥️ Q♦ 2♣",
    ],
)
def test_cards_are_separated_by_spaces_and_or_commas(text):
    assert parse_cards(text) == [Card(1, "S"), Card(10, "H"), Card(12, "D"), Card(2, "C")]


def test_an_empty_text_holds_no_cards():
    assert parse_cards("") == []
    assert parse_cards(" , ") == []


def test_one_bad_token_spoils_the_list_and_is_quoted():
    with pytest.raises(CardError, match='"ZZ" is not a card'):
        parse_cards("AS ZZ 2C")


# -- printing back ---------------------------------------------------------------


def test_the_52_cards_are_distinct_and_print_back_as_written():
    cards = [Card.parse(text) for text in EVERY_CARD]
    assert len(set(cards)) == 52
    assert [str(card) for card in cards] == EVERY_CARD


@pytest.mark.parametrize("text", [*EVERY_CARD, "JK"])
def test_printing_a_card_and_parsing_it_gives_the_same_card(text):
    card = Card.parse(text)
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", [*EVERY_CARD, "JK"])
def test_a_cards_repr_can_be_pasted_back(text):
    card = Card.parse(text)
    assert eval(repr(card), {"Card": Card}) == card


def test_ten_is_printed_as_10_whichever_way_it_was_written():
    assert {str(Card.parse(t)) for t in ("TH", "th", "10h", "T♥", "10♥\ufe0f")} == {"10H"}


# -- duplicates across one hand entry ---------------------------------------------


def test_one_deck_a_card_given_to_two_players_is_invalid_naming_hand_and_player():
    error = rejected("basic", ["Ann", "Bob", "Cara"], [
        out("Ann", Bob=counted(5), Cara=counted(5)),
        out("Ann", Bob=holding("7H 8D"), Cara=holding("7h")),
    ])
    assert (error.hand, error.player) == (2, "Cara")
    assert "7H appears twice" in error.message
    assert "one deck" in error.message
    assert str(error).startswith("hand 2, Cara: ")


def test_one_deck_a_card_written_twice_in_one_hand_is_invalid():
    error = rejected("basic", ["Ann", "Bob"], [out("Ann", Bob=holding("QS 5C Q♠"))])
    assert (error.hand, error.player) == (1, "Bob")
    assert "QS appears twice" in error.message


def test_one_deck_the_same_card_in_different_hands_of_the_game_is_fine():
    sheet = play("basic", ["Ann", "Bob"], [
        out("Ann", Bob=holding("7H")),
        out("Bob", Ann=holding("7H")),
    ])
    assert sheet["totals"] == {"Ann": 7, "Bob": 7}


@pytest.mark.parametrize("variant", ["basic", "block", "sai", "boathouse", "knock"])
def test_variants_with_one_deck_refuse_a_second_copy(variant):
    inputs = {"Bob": holding("9C"), "Cara": holding("9C")}
    if variant == "knock":
        inputs["Ann"] = counted(0)
    error = rejected(variant, ["Ann", "Bob", "Cara"], [out("Ann", **inputs)])
    assert (error.hand, error.player) == (1, "Cara")
    assert "9C appears twice, but this game uses one deck" in error.message


def test_contract_with_three_or_four_players_holds_two_decks_and_one_joker():
    sheet = play("contract", ["A", "B", "C"], [out("A", B=holding("KS KS JK"), C=holding("2H"))])
    assert sheet["hands"][0]["scores"] == {"A": 0, "B": 10 + 10 + 15, "C": 2}
    third = rejected("contract", ["A", "B", "C", "D"],
                     [out("A", B=holding("KS KS"), C=holding("2H"), D=holding("KS"))])
    assert (third.hand, third.player) == (1, "D")
    assert "KS appears 3 times" in third.message and "two decks" in third.message
    second_joker = rejected("contract", ["A", "B", "C"], [out("A", B=holding("JK 4D"), C=holding("JK"))])
    assert (second_joker.hand, second_joker.player) == (1, "C")
    assert "JK appears twice" in second_joker.message and "one joker" in second_joker.message


def test_contract_with_five_or_more_players_holds_three_decks_and_two_jokers():
    players = ["A", "B", "C", "D", "E"]
    sheet = play("contract", players, [
        out("A", B=holding("5H 5H JK"), C=holding("5H JK"), D=counted(0), E=counted(0)),
    ])
    assert sheet["hands"][0]["scores"]["B"] == 5 + 5 + 15
    assert sheet["hands"][0]["scores"]["C"] == 5 + 15
    fourth = rejected("contract", players, [
        out("A", B=holding("5H 5H"), C=holding("5H"), D=holding("5H"), E=counted(0)),
    ])
    assert (fourth.hand, fourth.player) == (1, "D")
    assert "5H appears 4 times" in fourth.message and "three decks" in fourth.message
    third_joker = rejected("contract", players, [
        out("A", B=holding("JK JK"), C=counted(0), D=counted(0), E=holding("JK")),
    ])
    assert (third_joker.hand, third_joker.player) == (1, "E")
    assert "JK appears 3 times" in third_joker.message and "2 jokers" in third_joker.message


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C"]])
def test_tunk_with_two_or_three_players_uses_one_deck(players):
    inputs = {p: holding("KD") for p in players[1:]}
    if len(players) == 2:
        inputs["B"] = holding("KD KD")
    error = rejected("tunk", players, [out("A", **inputs)])
    assert error.hand == 1
    assert "KD appears twice, but this game uses one deck" in error.message


@pytest.mark.parametrize("players", [["A", "B", "C", "D"], ["A", "B", "C", "D", "E"]])
def test_tunk_with_four_or_five_players_uses_two_decks(players):
    inputs = {p: counted(0) for p in players[1:]}
    inputs["B"] = holding("KD 4C")
    inputs["C"] = holding("KD")
    sheet = play("tunk", players, [out("A", **inputs)])
    assert sheet["hands"][0]["scores"]["B"] == 14
    inputs["D"] = holding("KD")
    error = rejected("tunk", players, [out("A", **inputs)])
    assert (error.hand, error.player) == (1, "D")
    assert "KD appears 3 times, but this game uses two decks" in error.message


def test_the_deck_count_stays_that_of_the_players_who_started_after_eliminations():
    players = ["A", "B", "C", "D"]
    sheet = play("tunk", players, [
        out("A", B=counted(100), C=counted(0), D=counted(0)),  # B is out of the game
        out("A", C=holding("9S"), D=holding("9S")),  # two copies: still two decks
    ])
    assert sheet["eliminated"] == {"B": 1}
    assert scores(sheet, 2) == {"A": 0, "B": 0, "C": 9, "D": 9}


# 2 players in Indian: one deck, one printed joker.
INDIAN_DECLARATION = "AH 2H 3H 4S 5S 6S 7D 8D JK 9C 9H 9S 9D"
INDIAN_LOSER_WITH_JOKER = "JK KS KH 5D 8C 2S 10D 4C 6C AC 3D QD 10H"
INDIAN_LOSER_WITHOUT_JOKER = "5C KS KH 5D 8C 2S 10D 4C 6C AC 3D QD 10H"


def test_indian_with_two_players_has_one_joker():
    sheet = play("indian", ["A", "B"], [
        out("A", A=holding(INDIAN_DECLARATION), B=holding(INDIAN_LOSER_WITHOUT_JOKER)),
    ])
    assert sheet["hands"][0]["scores"]["A"] == 0
    error = rejected("indian", ["A", "B"], [
        out("A", A=holding(INDIAN_DECLARATION), B=holding(INDIAN_LOSER_WITH_JOKER)),
    ])
    assert (error.hand, error.player) == (1, "B")
    assert "JK appears twice, but this pack has one joker" in error.message


def test_indian_with_two_players_uses_one_deck():
    error = rejected("indian", ["A", "B"], [
        out("A", A=holding(INDIAN_DECLARATION), B=holding("AH KS KH 5D 8C 2S 10D 4C 6C AC 3D QD 10H")),
    ])
    assert (error.hand, error.player) == (1, "B")
    assert "AH appears twice, but this game uses one deck" in error.message


def test_indian_with_three_or_more_players_has_two_decks_and_two_jokers():
    players = ["A", "B", "C"]
    sheet = play("indian", players, [
        out("A", A=holding(INDIAN_DECLARATION), B=holding(INDIAN_LOSER_WITH_JOKER),
            C=holding(INDIAN_LOSER_WITHOUT_JOKER)),
    ])
    assert sheet["hands"][0]["scores"]["A"] == 0
    error = rejected("indian", players, [
        out("A", A=holding(INDIAN_DECLARATION), B=holding(INDIAN_LOSER_WITH_JOKER),
            C=holding(INDIAN_LOSER_WITH_JOKER)),
    ])
    assert (error.hand, error.player) == (1, "C")
    assert "JK appears 3 times, but this pack has 2 jokers" in error.message


GIN_KNOCKER = "AH 2H 3H 4S 5S 6S 7D 8D 9D KC"
GIN_DEFENDER = "10H 10S 10D JC QS KS 2C 3C 5H 9C"


@pytest.mark.parametrize(
    ("variant", "inputs"),
    [
        ("basic", {"Bob": holding("JK 5H")}),
        ("block", {"Bob": holding("5H JK")}),
        ("sai", {"Bob": holding("JK")}),
        ("boathouse", {"Bob": holding("JK 2C")}),
        ("knock", {"Ann": counted(0), "Bob": holding("JK")}),
        ("tunk", {"Bob": holding("JK 3D")}),
        ("gin", {"Ann": holding(GIN_KNOCKER), "Bob": holding("JK 10S 10D JC QS KS 2C 3C 5H 9C")}),
    ],
)
def test_a_joker_is_not_a_card_where_the_variant_uses_no_jokers(variant, inputs):
    error = rejected(variant, ["Ann", "Bob"], [out("Ann", **inputs)])
    assert (error.hand, error.player) == (1, "Bob")
    assert '"JK" is not a card in' in error.message


def test_oklahoma_upcard_is_not_counted_in_the_duplicate_check():
    # The upcard 10H is also in Bob's hand: one deck, yet the entry is valid.
    # Ann's deadwood is KC = 10 (limit 10 from the upcard). Bob keeps 10H 10S 10D
    # as a group; JC QS KS 2C 3C 5H 9C = 49 left, so Ann scores 49 - 10 = 39.
    sheet = play("oklahoma-gin", ["Ann", "Bob"], [
        {"out": "Ann", "upcard": "10H", "hands": {"Ann": holding(GIN_KNOCKER), "Bob": holding(GIN_DEFENDER)}},
    ])
    assert scores(sheet, 1) == {"Ann": 39, "Bob": 0}


# -- any way a table may write a list of cards --------------------------------------------

SUIT_WRITINGS = {"S": ["S", "s", "♠"], "H": ["H", "h", "♥", "♥\ufe0f"], "D": ["D", "d", "♦"], "C": ["C", "c", "♣"]}
RANK_WRITINGS = {"A": ["A", "a"], "10": ["10", "T", "t"], "J": ["J", "j"], "Q": ["Q", "q"], "K": ["K", "k"]}


@st.composite
def written_cards(draw):
    cards = draw(st.lists(st.sampled_from([*EVERY_CARD, "JK"]), max_size=12))
    tokens = []
    for text in cards:
        if text == "JK":
            tokens.append(draw(st.sampled_from(["JK", "jk", "Jk", "jK"])))
            continue
        rank, suit = text[:-1], text[-1]
        tokens.append(draw(st.sampled_from(RANK_WRITINGS.get(rank, [rank])))
                      + draw(st.sampled_from(SUIT_WRITINGS[suit])))
    separators = st.sampled_from([" ", ",", ", ", " ,", "  ", ",,", " , "])
    written = "".join(token + draw(separators) for token in tokens)
    return cards, draw(st.sampled_from(["", " ", ","])) + written


@settings(max_examples=200, deadline=None)
@given(written_cards())
def test_any_mix_of_case_symbols_and_separators_reads_as_the_cards_meant(example):
    cards, written = example
    assert [str(card) for card in parse_cards(written)] == cards
