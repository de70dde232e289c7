"""Marriage through the web: each refusal of SCORING.md's list next to its player's panel with the
typing kept, the same refusals by code through the API, and the sheet's maal net and payments."""

from __future__ import annotations

from apikit import Api, make_token
from webpage import page

FOUR = ["Ann", "Bob", "Cara", "Dan"]
HAND_ONE = {"out": "0", "p0-shown": "1", "p0-maal": "12", "p1-shown": "1", "p1-maal": "5", "p2-shown": "1",
            "p2-maal": "0"}


def test_a_finisher_who_did_not_show_is_refused_at_their_panel_with_the_typing_kept(user, start_game, record):
    game = start_game(user, "marriage", FOUR)

    refused = record(user, game, {**HAND_ONE, "p0-shown": ""})

    assert refused.status_code == 422
    form = page(refused).one("form", id="entry")
    assert form.player_panel(0).one("p", cls="error").text == "the player who finished must have shown"
    assert (form.value("p0-shown"), form.value("p0-maal"), form.value("p1-maal")) == (None, "12", "5")


def test_maal_for_a_player_who_did_not_show_is_refused_at_their_panel(user, start_game, record):
    game = start_game(user, "marriage", FOUR)

    refused = record(user, game, {**HAND_ONE, "p3-maal": "8"})

    assert refused.status_code == 422
    form = page(refused).one("form", id="entry")
    assert form.player_panel(3).one("p", cls="error").text == "maal is counted only for a player who showed"
    assert form.value("p3-maal") == "8"


def test_a_saved_hand_shows_each_players_maal_net_and_payments_under_their_score(user, start_game, record):
    game = start_game(user, "marriage", FOUR)

    assert record(user, game, HAND_ONE).status_code == 303

    sheet = page(user.get(f"/games/{game}"))
    row = sheet.one("table", cls="sheet").find_all("tbody")[0].find_all("tr")[0]
    assert [cell.text for cell in row.find_all("small", cls="own")] == ["31+16", "3-3", "-17-3", "-17-10"]
    assert "Maal net plus payments: Ann 31 + 16 = 47" in sheet.one("details", id="hand-1").text


def test_the_api_refuses_each_marriage_mistake_by_its_code(app, user):
    api = Api(app, make_token(user))
    game = api.new_game("marriage", FOUR)
    shown = {"shown": True}

    out_not_shown = api.record(game, {"out": "Ann", "hands": {"Ann": {"shown": False}, "Bob": shown, "Cara": shown,
                                                              "Dan": shown}})
    maal_not_shown = api.record(game, {"out": "Ann", "hands": {"Ann": shown, "Bob": {"shown": False, "maal": 3},
                                                               "Cara": shown, "Dan": shown}})
    taken = api.record(game, {"out": "Ann", "out_dublee": True, "hands": {"Ann": {"shown": True, "maal": 12},
                                                                          "Bob": shown, "Cara": shown, "Dan": shown}})

    assert (out_not_shown.status_code, out_not_shown.get_json()["reason"]) == (422, "out_not_shown")
    assert (maal_not_shown.status_code, maal_not_shown.get_json()["reason"]) == (422, "maal_not_shown")
    assert (out_not_shown.get_json()["player"], out_not_shown.get_json()["field"]) == ("Ann", "shown")
    assert taken.status_code in (200, 201), taken.get_json()
    assert taken.get_json()["sheet"]["hands"][0]["scores"] == {"Ann": 45, "Bob": -15, "Cara": -15, "Dan": -15}
