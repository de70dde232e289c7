"""The engine's bounds reach every way in: a value past one is a 422 with the
bounds named (never a 201 that breaks the pages, never a 500), next to the
field on the forms; and the CSV never hands a spreadsheet a formula."""

from __future__ import annotations

import csv
import io

import pytest
from apikit import Api, make_token
from webpage import page


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


def raw_hand(api: Api, game: int, count_text: str):  # type: ignore[no-untyped-def]
    body = '{"entry": {"out": "Ann", "hands": {"Bob": {"count": ' + count_text + '}}}}'
    return api.client.post(f"/api/v1/games/{game}/hands", data=body,
                           headers={**api.headers(), "Content-Type": "application/json"})


@pytest.mark.parametrize("count", [str(10**307), "9" * 400, "10001", "-1"])
def test_an_api_count_past_0_to_10000_is_422_naming_the_bounds_and_the_pages_still_answer(app, user, api, count):
    game = api.new_game("basic", ["Ann", "Bob"])
    response = raw_hand(api, game, count)
    error = response.get_json()
    assert response.status_code == 422, error
    assert (error["code"], error["reason"], error["field"], error["player"]) == (
        "invalid_entry", "out_of_bounds", "count", "Bob")
    assert "0 to 10000" in error["error"]
    assert api.get(f"/games/{game}/hands").get_json()["hands"] == []
    for path in (f"/games/{game}", f"/games/{game}/review", f"/games/{game}/export.csv"):
        assert user.get(path).status_code == 200, path


@pytest.mark.parametrize(("option", "value"), [("target", 10**400), ("target", 100_001), ("deals", 1001),
                                               ("rummy_bonus", 10**6)])
def test_an_api_option_past_its_bounds_is_422_and_starts_no_game(api, option, value):
    response = api.post("/games", {"variant": "basic", "players": ["Ann", "Bob"], "options": {option: value}})
    error = response.get_json()
    assert response.status_code == 422, error
    assert error["reason"] == "bad_option"
    assert api.get("/games").get_json()["games"] == []


def test_the_api_refuses_players_who_differ_only_by_letter_case(api):
    response = api.post("/games", {"variant": "basic", "players": ["Ann", "ann"]})
    assert response.status_code == 422
    assert "look the same" in response.get_json()["error"]
    assert api.get("/games").get_json()["games"] == []


def test_the_api_seats_a_roster_player_typed_in_another_case_as_that_player(api):
    first = api.new_game("basic", ["Ann", "Bob"])
    second = api.post("/games", {"variant": "basic", "players": ["ANN", "bob"]}).get_json()
    assert second["players"] == ["Ann", "Bob"]
    assert api.get(f"/games/{first}").get_json()["players"] == ["Ann", "Bob"]


@pytest.mark.parametrize(("name", "phrase"), [("Ann\u009b", "control character"), ("Ann\u0007", "players/0")])
def test_the_api_refuses_a_name_with_a_control_character(api, name, phrase):
    response = api.post("/games", {"variant": "basic", "players": [name, "Bob"]})
    assert response.status_code == 422
    assert phrase in response.get_json()["error"]
    assert api.get("/games").get_json()["games"] == []


def test_an_api_hand_past_5000_is_refused_with_too_many_hands(app, api):
    from scorekeeper import services
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, HandEntry

    game_id = api.new_game("knock", ["Ann", "Bob"])
    with app.app_context():
        game = db.session.get(Game, game_id)
        entry = {"out": 0, "hands": {"0": {"count": 1}, "1": {"count": 5}}}
        db.session.add_all(HandEntry(game_id=game_id, number=n, entry=entry, token=f"t{n}") for n in range(1, 5001))
        game.hands_count = 5000
        db.session.commit()
        services.sheet_of(game)  # 5000 hands still score
        db.session.remove()
    response = api.record(game_id, {"out": "Ann", "hands": {"Ann": {"count": 1}, "Bob": {"count": 5}}})
    assert response.status_code == 422
    assert response.get_json()["reason"] == "too_many_hands"


def test_the_entry_form_puts_a_count_past_10000_next_to_the_player_and_keeps_the_typing(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"])
    response = record(user, game, {"out": "0", "p1-count": "99999"})
    assert response.status_code == 422
    shown = page(response)
    assert shown.player_error(1) == "99999 is too big for the count: it is at most 10,000."  # the bound, in words
    assert shown.value("p1-count") == "99999"
    assert page(user.get(f"/games/{game}/hands/new")).value("expected") == "1", "nothing was recorded"


def test_the_new_game_form_puts_a_target_past_100000_next_to_the_target(user):
    response = user.post("/games/new?variant=gin", data={
        "variant": "gin", "first_dealer": "0", "seat-0": "Ann", "seat-1": "Bob", "option-target": "100001"})
    assert response.status_code == 422
    shown = page(response)
    assert "at most 100000" in shown.error_near("option-target")
    assert shown.value("option-target") == "100001"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)", "\uff1dcmd"])
def test_csv_cells_a_spreadsheet_would_read_as_a_formula_are_written_as_text(user, start_game, record, name):
    game = start_game(user, "basic", [name, "Bob"])
    assert record(user, game, {"out": "1", "p0-count": "5"}).status_code == 303
    response = user.get(f"/games/{game}/export.csv")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    cells = [cell for row in rows for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@", "\uff1d")) for cell in cells), cells
    assert "'" + name in rows[0][2]
    scores = rows[1]
    assert scores[2:4] == ["0", "0"] and scores[4:6] == ["5", "5"], "scores stay numbers"


def test_a_negative_score_stays_a_number_in_the_csv(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"], scoring="penalty")
    assert record(user, game, {"out": "0", "p1-count": "7"}).status_code == 303
    rows = list(csv.reader(io.StringIO(user.get(f"/games/{game}/export.csv").get_data(as_text=True))))
    assert all(not cell.startswith("'") for cell in rows[1][2:6])


def test_the_csv_says_its_charset_once(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob"])
    response = user.get(f"/games/{game}/export.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"


def test_every_refusal_code_of_the_use_cases_has_one_status_in_the_api_table():
    import importlib
    import inspect
    import pkgutil
    import re as regex

    from scorekeeper import services
    from scorekeeper.web.refusals import REFUSALS

    modules = [importlib.import_module(f"{services.__name__}.{found.name}")
               for found in pkgutil.iter_modules(services.__path__)]
    assert {"accounts", "errors", "games"} <= {module.__name__.rsplit(".", 1)[1] for module in modules}
    source = "".join(inspect.getsource(module) for module in modules)
    codes = set(regex.findall(r'code="([a-z_]+)"', source)) | set(regex.findall(r'    code = "([a-z_]+)"', source))
    assert {"game_over", "nothing_to_undo", "stale_hand", "conflict", "no_such_hand"} <= codes
    # (a use case may refuse with the engine's own error, InvalidEntry: answered as every engine refusal is)
    engine = set(regex.findall(r'InvalidEntry\((?:[^()]|\([^()]*\))*?code="([a-z_]+)"', source, regex.S))
    assert "sides_not_in_turn" in engine
    assert codes - engine - {"email_taken", "bad_password"} <= set(REFUSALS), "every code the API can meet has its status"


def test_the_same_refusal_is_the_same_answer_on_every_route(api):
    game = api.new_game("basic", ["Ann", "Bob"])
    undo = api.post(f"/games/{game}/undo")
    assert (undo.status_code, undo.get_json()["code"], undo.get_json()["reason"]) == (409, "conflict", "nothing_to_undo")
    assert api.post(f"/games/{game}/end").status_code == 200
    for answer in (api.post(f"/games/{game}/end"),
                   api.record(game, {"out": "Ann", "hands": {"Bob": {"count": 3}}})):
        error = answer.get_json()
        assert (answer.status_code, error["code"], error["reason"]) == (409, "game_over", "game_over")
        assert "sheet" in error
