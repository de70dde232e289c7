"""The games added as one module each, played through the API and shown on every page.

Nothing outside their modules was written for them: the API takes their
entries (re-entries, in mano, a kalookie, a dead hand), the sheet, review,
live view, history, statistics and exports show them from the declarations.
"""

from __future__ import annotations

from typing import Any

import pytest
from apikit import Api, make_token
from sqlalchemy import select
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import ShareLink


def count(n: int) -> dict[str, int]:
    return {"count": n}


#: variant -> (players, options, entries, what the sheet's guide line says next, a moment the game counts)
GAMES: dict[str, tuple[list[str], dict[str, Any], list[dict[str, Any]], str]] = {
    # Deal 1 (threes wild): Bob 9C KD 4H = 23, Cara 3 cards 8.  Deal 2 (fours wild): Ann 2, Cara 5.
    "three-thirteen": (["Ann", "Bob", "Cara"], {}, [
        {"out": "Ann", "hands": {"Bob": {"cards": "9C KD 4H"}, "Cara": count(8)}},
        {"out": "Bob", "hands": {"Ann": count(2), "Cara": {"cards": "5H 6S 4C 9D"}}},
    ], "fives wild"),
    # Ann closes in mano: Bob KS 7D JK 42 doubled 84, Cara never opened 200 (out at 101);
    # then Cara comes back at Bob's 84.
    "scala40": (["Ann", "Bob", "Cara"], {"reentries": 1}, [
        {"out": "Ann", "in_mano": True, "hands": {"Bob": {"cards": "KS 7D JK"}, "Cara": {"opened": False}}},
        {"out": "Bob", "reenter": ["Cara"], "hands": {"Ann": count(10), "Cara": {"cards": "AC 3C"}}},
    ], "Hand 3"),
    # Ann goes out with a kalookie: Bob KS KH 4D JK 39, Cara AC 2C 13.
    "kalooki": (["Ann", "Bob", "Cara"], {"jokers": 4}, [
        {"out": "Ann", "kalookie": True, "hands": {"Bob": {"cards": "KS KH 4D JK"}, "Cara": {"cards": "AC 2C"}}},
        {"out": "Bob", "hands": {"Ann": count(20), "Cara": count(7)}},
    ], "Hand 3"),
    # Ann gins (I), a dead hand, Ann knocks 3 against 20 (I and II).
    "hollywood-gin": (["Ann", "Bob"], {}, [
        {"out": "Ann", "hands": {"Ann": count(0), "Bob": count(30)}},
        {"out": None, "hands": {}},
        {"out": "Ann", "hands": {"Ann": count(3), "Bob": count(20)}},
    ], "games I, II and III open"),
    # A house game by cards (the worked example's values), then nobody out in own scoring.
    "house": (["Ann", "Bob", "Cara"], {
        "name": "Our Marriage", "entry": "cards", "jokers": 2, "scoring": "own", "going_out_bonus": -10,
        "lowest_wins": True, "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": "face", "joker": 25},
        "cards_each": 13}, [
        {"out": "Ann", "hands": {"Bob": {"cards": "AS 9H JK"}, "Cara": count(12)}},
        {"out": None, "hands": {"Ann": count(3), "Bob": count(0), "Cara": {"cards": "KS"}}},
    ], "deals 13 cards"),
}


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


def played(api: Api, variant: str) -> tuple[int, dict[str, Any]]:
    names, options, entries, _ = GAMES[variant]
    game = api.new_game(variant, names, **options)
    sheet: dict[str, Any] = {}
    for number, entry in enumerate(entries, 1):
        response = api.record(game, entry, number)
        assert response.status_code == 201, response.get_json()
        sheet = response.get_json()["sheet"]
    return game, sheet


@pytest.mark.parametrize("variant", list(GAMES))
def test_each_new_game_plays_through_the_api_and_its_sheet_says_what_comes_next(api, variant):
    game, sheet = played(api, variant)

    assert len(sheet["hands"]) == len(GAMES[variant][2])
    assert GAMES[variant][3] in sheet["guide"]["next"]
    assert all(row["note_keys"] and len(row["note_keys"]) == len(row["notes"]) for row in sheet["hands"])
    # A correction of hand 1 replays everything after it, as in every game.
    corrected = api.put(f"/games/{game}/hands/1", {"entry": GAMES[variant][2][0]})
    assert corrected.status_code == 200, corrected.get_json()


def test_the_api_keeps_the_new_games_own_keys_in_the_entry(api):
    game, sheet = played(api, "scala40")

    stored = api.get(f"/games/{game}/hands/2").get_json()
    assert stored["entry"]["reenter"] == ["Cara"]
    assert sheet["hands"][1]["reentered"] == {"Cara": 84}
    assert sheet["reentries"] == {"Cara": 1}
    assert api.get(f"/games/{game}/hands/1").get_json()["entry"]["in_mano"] is True


@pytest.mark.parametrize("variant", list(GAMES))
def test_every_page_that_shows_a_new_game_answers_with_its_numbers(app, api, user, variant):
    game, sheet = played(api, variant)
    assert user.post(f"/games/{game}/share").status_code == 303
    with app.app_context():
        token = db.session.scalar(select(ShareLink.token).where(ShareLink.game_id == game))
        db.session.remove()

    shown = page(user.get(f"/games/{game}"))
    assert sheet["guide"]["next"] in shown.text
    assert sheet["guide"]["goal"] in page(user.get(f"/games/{game}/review")).text
    assert sheet["guide"]["next"] in page(user.get(f"/s/{token}")).text
    entry = page(user.get(f"/games/{game}/hands/new"))
    assert sheet["guide"]["how_to"] in entry.text
    for path in ("/history", "/stats/", f"/games/{game}/export.json", f"/games/{game}/export.csv"):
        assert user.get(path).status_code == 200, path
    csv = user.get(f"/games/{game}/export.csv").get_data(as_text=True)
    for name in sheet["players"]:
        assert f"{name} total" in csv


def test_hollywoods_sheet_shows_three_games_side_by_side(api, user):
    game, _ = played(api, "hollywood-gin")

    sheet = page(user.get(f"/games/{game}"))

    assert [th.text.split()[:2] for th in sheet.find_all("th", scope="colgroup")] == [
        ["Game", "I"], ["Game", "II"], ["Game", "III"]]
    last = sheet.find("table", cls="sheet").find("tbody").find_all("tr")[-1]
    # Hand 3 is Ann's second win: 17 entered in I and II. I: 55 + 17 = 72; II: 17; III: 0.
    cells = last.find_all("td")
    totals = [td.text[: len(td.text) - len(td.find("small").text)].strip() for td in cells]
    assert totals == ["72", "0", "17", "0", "0", "0"]
    assert [td.find("small").text for td in cells][4:] == ["", ""]  # not entered in III
