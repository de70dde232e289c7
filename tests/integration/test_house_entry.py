"""Entry on the phone for a house game's extensions, drawn from what its definition declares (issue 26):
the one-go switch, melded and left, the typed bonus, the re-entry and the instant win, each posted through
the generic entry form, and each mistake refused next to its field with the typing kept."""

from __future__ import annotations

from typing import Any

import pytest
from apikit import Api, make_token
from webpage import page

ROMME = {"name": "German Rommé", "entry": "cards", "values": {"ace": 11, "pictures": 10, "ten": 10, "pips": "face",
                                                              "joker": 20},
         "decks": 2, "jokers": 6, "scoring": "own", "one_go_multiplier": 2, "lowest_wins": True, "target": 500,
         "cards_each": 13}
MILLE = {"name": "Mille", "entry": "meld_minus_hand",
         "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": 5, "joker": 0, "2": 20, "QS": 100, "JD": 50},
         "decks": 2, "scoring": "own", "lowest_wins": False, "target": 1000, "cards_each": 15}
LOBA = {"name": "Loba de Menos", "entry": "cards", "values": {"ace": 10, "pictures": 10, "ten": 10, "pips": "face",
                                                               "joker": 10},
        "decks": 2, "jokers": 4, "scoring": "own", "one_go_bonus": -10, "lowest_wins": True, "eliminate_at": 101,
        "reentries": 1, "cards_each": 9}
RUMINO = {"name": "Rumino", "entry": "cards", "decks": 2, "jokers": 4, "scoring": "own", "going_out_bonus": -10,
          "lowest_wins": True, "eliminate_at": 100, "reentries": 1, "cards_each": 7, "instant_win": True}
PLAIN = {"name": "Plain", "entry": "points", "scoring": "own", "lowest_wins": True}


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


@pytest.fixture
def start_house(api):  # type: ignore[no-untyped-def]
    """``start_house(definition, players)``: a house game of this definition, started through the API."""

    def start(definition: dict[str, Any], players: list[str] | None = None) -> int:
        return int(api.new_game("house", players or ["Ann", "Bob", "Cara"], **definition))

    return start


@pytest.fixture
def save(record):  # type: ignore[no-untyped-def]
    """``save(client, game, fields)``: record a hand that must be accepted; the sheet page after it."""

    def post(client: Any, game: int, fields: dict[str, str]) -> Any:
        response = record(client, game, fields)
        assert response.status_code == 303, page(response).errors()
        return page(client.get(f"/games/{game}"))

    return post


def totals(api: Api, game: int) -> dict[str, Any]:
    sheet = api.get(f"/games/{game}/sheet").get_json()
    return dict(sheet["totals"])


def refused(record: Any, user: Any, game: int, fields: dict[str, str]) -> Any:
    response = record(user, game, fields)
    assert response.status_code == 422, response.status_code
    return page(response)


# -- one go ------------------------------------------------------------------------------------


def test_a_hand_romme_is_entered_with_the_one_go_switch_and_doubles_the_others_hands(
        user, api, start_house, entry_page, save):
    game = start_house(ROMME)
    form = entry_page(user, game)
    switch = form.field("one_go")
    assert switch.get("type") == "checkbox"
    assert "In one go" in switch.parent.text

    save(user, game, {"out": "0", "one_go": "1", "p1-count": "46", "p2-count": "30"})

    assert totals(api, game) == {"Ann": 0, "Bob": 92, "Cara": 60}


def test_a_definition_without_one_go_instant_win_or_reentries_offers_none_of_their_controls(
        user, start_house, entry_page):
    form = entry_page(user, start_house(PLAIN))

    for name in ("one_go", "instant_win", "p0-reenter"):
        with pytest.raises(AssertionError):
            form.field(name)


def test_one_go_with_nobody_out_is_refused_next_to_the_switch_with_the_counts_kept(user, start_house, record):
    game = start_house(ROMME)

    form = refused(record, user, game, {"out": "none", "one_go": "1", "p0-count": "5", "p1-count": "46",
                                        "p2-count": "30"})

    assert "one_go needs a player who went out" in form.error_near("one_go")
    assert form.value("one_go") == "1" and form.value("p1-count") == "46" and form.value("p2-count") == "30"


# -- melded minus left, and the typed bonus ----------------------------------------------------------------


def test_a_mille_hand_is_entered_by_melded_and_left_cards_valued_by_the_single_card_values(
        user, api, start_house, entry_page, save):
    game = start_house(MILLE, ["Ann", "Bob"])
    form = entry_page(user, game)
    assert {"p0-melded", "p0-left", "p0-bonus", "p1-melded", "p1-left"} <= set(form.form_data())
    assert form.player_panel(1).one("div", data_out="only").find("input", name="p1-bonus") is not None

    # Q♠ 100 + Q♣ 10 + Q♥ 10 = 120, and the bonus Ann's table worked out; Bob 30 - (J♦ 50 + 5♣ 5) = -25
    save(user, game, {"out": "0", "p0-melded": "QS QC QH", "p0-bonus": "20", "p1-melded": "30",
                      "p1-left": "JD 5C"})

    assert totals(api, game) == {"Ann": 140, "Bob": -25}


def test_the_card_pickers_worth_counts_a_single_card_by_its_own_value(user, start_house):
    game = start_house(MILLE, ["Ann", "Bob"])

    shown = user.get(f"/games/{game}/hands/preview", query_string={"cards": "QS JD 2H KH", "number": "1",
                                                                  "out": "0"}).get_json()

    assert shown["value"] == 100 + 50 + 20 + 10


def test_a_bonus_typed_for_a_player_who_did_not_go_out_is_refused_in_their_panel_with_the_typing_kept(
        user, start_house, record):
    game = start_house(MILLE, ["Ann", "Bob"])

    form = refused(record, user, game, {"out": "0", "p0-melded": "QS QC QH", "p1-melded": "30", "p1-left": "5C",
                                        "p1-bonus": "15"})

    assert "only the player who went out gives a bonus" in form.player_error(1)
    assert form.value("p1-bonus") == "15" and form.value("p0-melded") == "QS QC QH"


@pytest.mark.parametrize(("typed", "said"), [("abc", "Type the bonus as a whole number"),
                                             ("20000", "is too big for the bonus: it is at most 10,000")])
def test_a_bonus_not_a_whole_number_within_its_bounds_is_refused_next_to_its_player(
        user, start_house, record, typed, said):
    game = start_house(MILLE, ["Ann", "Bob"])

    form = refused(record, user, game, {"out": "0", "p0-bonus": typed, "p1-melded": "30", "p1-left": "5C"})

    assert said in form.player_error(0)
    assert form.value("p0-bonus") == typed


def test_cards_left_for_the_player_who_went_out_are_refused_next_to_them(user, start_house, record):
    game = start_house(MILLE, ["Ann", "Bob"])

    form = refused(record, user, game, {"out": "0", "p0-melded": "QS QC QH", "p0-left": "5C", "p1-melded": "30"})

    assert "went out, so has no cards left" in form.player_error(0)
    assert form.value("p0-left") == "5C"


def test_a_card_nobody_can_read_among_the_melded_is_refused_in_that_players_panel_with_the_typing_kept(
        user, start_house, record):
    game = start_house(MILLE, ["Ann", "Bob"])

    form = refused(record, user, game, {"out": "0", "p0-melded": "QS ZZ QH", "p1-melded": "30", "p1-left": "5C"})

    assert "ZZ" in form.player_error(0)
    assert form.value("p0-melded") == "QS ZZ QH" and form.value("p1-left") == "5C"


# -- re-entries ------------------------------------------------------------------------------------------


def test_a_player_put_out_is_offered_the_reentry_and_comes_back_at_the_highest_total_still_in(
        user, api, start_house, entry_page, save):
    game = start_house(LOBA)
    save(user, game, {"out": "0", "p1-count": "120", "p2-count": "5"})
    form = entry_page(user, game)
    assert form.field("p1-reenter").get("type") == "checkbox"

    save(user, game, {"out": "0", "p1-reenter": "1", "p1-count": "10", "p2-count": "7"})

    assert totals(api, game) == {"Ann": 0, "Bob": 15, "Cara": 12}


def test_a_count_for_a_player_put_out_and_not_ticked_back_is_refused_in_their_panel(
        user, start_house, save, record):
    game = start_house(LOBA)
    save(user, game, {"out": "0", "p1-count": "120", "p2-count": "5"})

    form = refused(record, user, game, {"out": "0", "p1-count": "10", "p2-count": "7"})

    assert "tick Re-enters to bring them back" in form.player_error(1)
    assert form.value("p1-count") == "10"


# -- the instant win ----------------------------------------------------------------------------------------


def test_an_instant_win_is_chosen_among_the_players_and_ends_the_game_with_them_the_winner(
        user, api, start_house, entry_page, save):
    game = start_house(RUMINO)
    choice = entry_page(user, game).field("instant_win")
    assert choice.tag == "select"
    assert [option.text for option in choice.find_all("option")] == ["nobody", "Ann", "Bob", "Cara"]

    save(user, game, {"out": "0", "instant_win": "Ann", "p1-count": "30", "p2-count": "12"})

    game_json = api.get(f"/games/{game}").get_json()
    assert game_json["status"] == "finished"
    assert api.get(f"/games/{game}/sheet").get_json()["winners"] == ["Ann"]


def test_an_instant_win_naming_nobody_at_the_table_is_refused_next_to_its_choice(user, start_house, record):
    game = start_house(RUMINO)

    form = refused(record, user, game, {"out": "0", "instant_win": "Zed", "p1-count": "30", "p2-count": "12"})

    assert "'Zed' is not a player still in this game" in form.error_near("instant_win")
    assert form.value("p1-count") == "30"


# -- the schedule on the next deal -----------------------------------------------------------------------------


def test_the_next_deal_says_the_schedules_cards_and_contract_deal_by_deal(user, start_house, save):
    game = start_house({**PLAIN, "entry": "cards", "schedule": [{"cards": 9, "contract": "3 threes"},
                                                                {"cards": 11, "contract": "1 three, 2 fours"}]})
    sheet = page(user.get(f"/games/{game}"))
    assert sheet.one("p", cls="guide").text == "Hand 1 · Ann deals 9 cards · Contract: 3 threes"

    sheet = save(user, game, {"out": "0", "p1-count": "5", "p2-count": "7"})

    assert sheet.one("p", cls="guide").text == "Hand 2 · Bob deals 11 cards · Contract: 1 three, 2 fours"
