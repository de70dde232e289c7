"""Partnerships in the statistics, the exports and imports, and the API.

A side's games count for each of its players; head to head is between players who sat on
different sides, never partners; a game in sides exports its ``sides`` and imports back to the
same sheet; the API starts a game with its sides and records each side's input, and its
document says so.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from apikit import Api, make_token
from sqlalchemy import select
from test_sides_web import FIRST_HAND, new_canasta
from webpage import game_id_from, page

from scorekeeper import stats
from scorekeeper.engine.games import VARIANTS
from scorekeeper.extensions import db
from scorekeeper.models import Game, Player, SeatResult

AC, BD = "Ann & Cara", "Bob & Dan"
#: the first worked example, as the engine's log (and the API) take it
FIRST_ENTRY = {"out": "Ann", "sides": {AC: {"meld_points": 270, "natural": 1, "mixed": 1, "red_threes": 1},
                                       BD: {"meld_points": 150, "red_threes": 2}},
               "hands": {"Cara": {"cards": "KS 5D"}, "Bob": {"count": 60}, "Dan": {"cards": "4H 4C 7S"}}}


def finished_canasta(user: Any, record: Any, **extra: str) -> int:
    """Ann & Cara against Bob & Dan to 1000: over after the first hand, Ann & Cara 1255 to 275."""
    response = new_canasta(user, **{"option-target": "1000", **extra})
    assert response.status_code == 303, page(response).errors()
    game = game_id_from(response.headers["Location"])
    assert record(user, game, FIRST_HAND).status_code == 303
    return game


def account_of(app: Any, name: str = "Ann") -> int:
    with app.app_context():
        found = db.session.scalar(select(Player.account_id).where(Player.name == name))
        db.session.remove()
    assert found is not None
    return found


# -- statistics --------------------------------------------------------------------------------


def test_a_sides_win_is_a_win_for_each_of_its_players_and_its_hands_count_for_each(app, user, record):
    game = finished_canasta(user, record)

    with app.app_context():
        rows = {row.seat: row for row in db.session.scalars(select(SeatResult).where(SeatResult.game_id == game))}
        shown = {seat: (row.won, row.hands, row.hands_won, row.score_sum, row.side, row.sides)
                 for seat, row in rows.items()}
        db.session.remove()

    # Seats: Ann 0, Bob 1, Cara 2, Dan 3; Ann & Cara are side 0, Bob & Dan side 1.
    assert shown == {0: (True, 1, 1, 1255, 0, 2), 1: (False, 1, 0, 275, 1, 2),
                     2: (True, 1, 1, 1255, 0, 2), 3: (False, 1, 0, 275, 1, 2)}
    with app.app_context():
        table = {line.name: (line.games, line.won) for line in stats.table_lines(account_of(app))}
        db.session.remove()
    assert table == {"Ann": (1, 1), "Cara": (1, 1), "Bob": (1, 0), "Dan": (1, 0)}


def test_head_to_head_is_between_players_who_sat_against_each_other_never_partners(app, user, record):
    finished_canasta(user, record)

    with app.app_context():
        pairs = {(pair.name, pair.opponent): (pair.games, pair.won, pair.lost)
                 for pair in stats.head_to_head(account_of(app))}
        db.session.remove()

    assert pairs == {("Ann", "Bob"): (1, 1, 0), ("Ann", "Dan"): (1, 1, 0),
                     ("Bob", "Cara"): (1, 0, 1), ("Cara", "Dan"): (1, 1, 0)}


def test_a_players_page_shows_the_opponents_and_not_the_partner(app, user, record):
    finished_canasta(user, record)
    with app.app_context():
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
        db.session.remove()

    section = page(user.get(f"/stats/players/{ann}")).one("section", **{"aria-labelledby": "h2h-heading"})

    against = [row.find("th").text for row in section.find_all("tr")[1:]]
    assert sorted(against) == ["Bob", "Dan"]


def test_three_sides_of_two_count_wins_but_are_no_head_to_head(app, user, record):
    six = {f"seat-{i}": name for i, name in enumerate(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"])}
    response = new_canasta(user, six, **{"side_size-6": "2"})
    game = game_id_from(response.headers["Location"])
    assert user.post(f"/games/{game}/end").status_code == 303

    with app.app_context():
        sides = [row.sides for row in db.session.scalars(select(SeatResult).where(SeatResult.game_id == game))]
        pairs = stats.head_to_head(account_of(app))
        db.session.remove()

    assert sides == [3] * 6
    assert pairs == []


# -- export and import -------------------------------------------------------------------------


def exported(user: Any, game: int) -> dict[str, Any]:
    response = user.get(f"/games/{game}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def import_file(client: Any, data: Any) -> Any:
    return client.post("/backup/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "game.json")},
                       content_type="multipart/form-data")


def test_a_game_in_sides_exports_its_sides_and_imports_to_the_same_sheet(app, user, other, record):
    game = finished_canasta(user, record)
    file = exported(user, game)
    assert file["sides"] == [["Ann", "Cara"], ["Bob", "Dan"]]
    assert file["hands"][0]["sides"] == FIRST_ENTRY["sides"]

    response = import_file(other, file)

    assert response.status_code == 303, page(response).errors()
    with app.app_context():
        copies = db.session.scalars(select(Game).where(Game.uid == file["uid"])).all()
        mine, theirs = sorted(copies, key=lambda g: g.account_id)
        assert theirs.side_size == 2 and theirs.log() == mine.log()
        db.session.remove()
    assert {key: value for key, value in exported(other, theirs.id).items()} == file


def test_an_import_takes_the_rosters_spelling_of_a_partner_and_renames_the_side(app, user, other, record):
    game = finished_canasta(user, record)
    file = exported(user, game)
    other.post("/players/", data={"name": "CARA"})
    file["uid"] = "another-game"

    response = import_file(other, file)

    assert response.status_code == 303, page(response).errors()
    with app.app_context():
        copy = db.session.scalar(select(Game).where(Game.uid == "another-game"))
        assert copy is not None
        assert copy.side_names() == ["Ann & CARA", "Bob & Dan"]
        assert copy.summary["totals"] == {"Ann & CARA": 1255, "Bob & Dan": 275}
        db.session.remove()


@pytest.mark.parametrize(("change", "message"), [
    ({"sides": [["Ann", "Bob"], ["Cara", "Dan"]]}, "sides: Ann and Bob sit side by side, but partners sit opposite"),
    ({"sides": None}, "Canasta with 4 players is played in sides of 2: say who partners whom"),
    ({"hands": [{**FIRST_ENTRY, "sides": {"Ann & Bob": {"meld_points": 0}}}]}, '"Ann & Bob" is not a side'),
])
def test_the_import_refuses_sides_the_engine_refuses_and_imports_nothing(app, user, other, record, change, message):
    file = {**exported(user, finished_canasta(user, record)), **change, "uid": "a-bad-one"}

    response = import_file(other, file)

    assert message in " ".join(page(response).errors())
    with app.app_context():
        assert db.session.scalar(select(Game).where(Game.uid == "a-bad-one")) is None
        db.session.remove()


def test_the_import_checks_a_logged_entrys_sides(app, user, other, record):
    game = finished_canasta(user, record)
    file = exported(user, game)
    file["changes"] = [{"at": file["updated_at"], "action": "edit", "hand": 1,
                        "before": {**FIRST_ENTRY, "sides": {"Ann & Eve": {"meld_points": 5}}}, "after": FIRST_ENTRY}]
    file["uid"] = "with-a-change"

    response = import_file(other, file)

    assert '"Ann & Eve" is not a side in this game' in " ".join(page(response).errors())


def test_a_corrected_hand_in_sides_keeps_its_change_log_through_export_and_import(app, user, other, record):
    game = finished_canasta(user, record)
    form = page(user.get(f"/games/{game}/hands/1/edit")).form_data()
    assert user.post(f"/games/{game}/hands/1/edit", data={**form, "s1-meld_points": "160"}).status_code == 303
    file = exported(user, game)
    assert file["changes"][0]["before"]["sides"][BD] == {"meld_points": 150, "red_threes": 2}

    assert import_file(other, {**file, "uid": "corrected"}).status_code == 303

    assert exported(other, _id_of(app, "corrected"))["changes"] == file["changes"]


def _id_of(app: Any, uid: str) -> int:
    with app.app_context():
        found = db.session.scalar(select(Game.id).where(Game.uid == uid))
        db.session.remove()
    assert found is not None
    return found


# -- the API -----------------------------------------------------------------------------------


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


def api_canasta(api: Api, **body: Any) -> Any:
    return api.post("/games", {"variant": "canasta", "players": ["Ann", "Bob", "Cara", "Dan"],
                               "sides": [["Ann", "Cara"], ["Bob", "Dan"]], **body})


def test_the_api_starts_a_game_in_sides_and_records_each_sides_input(api):
    created = api_canasta(api)
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert game["sides"] == [["Ann", "Cara"], ["Bob", "Dan"]]

    first = api.record(game["id"], FIRST_ENTRY, 1)
    second = api.record(game["id"], {"out": "Cara", "concealed": True,
                                     "sides": {AC: {"meld_points": 180, "natural": 1, "red_threes": 3},
                                               BD: {"meld_points": 0, "red_threes": 1}},
                                     "hands": {"Ann": {"cards": "AS 9D"}, "Bob": {"count": 95},
                                               "Dan": {"count": 40}}}, 2)

    assert first.status_code == 201, first.get_json()
    assert second.status_code == 201, second.get_json()
    sheet = second.get_json()["sheet"]
    assert sheet["sides"] == [AC, BD] and sheet["totals"] == {AC: 2405, BD: 40}
    assert sheet["next"]["minimum_meld"] == {AC: 90, BD: 50}
    assert api.get(f"/games/{game['id']}/hands/1").get_json()["entry"] == FIRST_ENTRY
    assert api.get(f"/games/{game['id']}").get_json()["totals"] == {AC: 2405, BD: 40}


@pytest.mark.parametrize(("sides", "code", "message"), [
    (None, "sides_missing", "Canasta with 4 players is played in sides of 2: say who partners whom"),
    ([["Ann", "Bob"], ["Cara", "Dan"]], "partners_not_opposite",
     "sides: Ann and Bob sit side by side, but partners sit opposite"),
    ([["Ann", "Cara", "Bob", "Dan"]], "bad_side_size", "Canasta with 4 players is played in sides of 2, not 4"),
])
def test_the_api_refuses_a_games_sides_saying_why(api, rows, sides, code, message):
    before = rows()

    response = api_canasta(api, sides=sides)

    assert response.status_code == 422
    body = response.get_json()
    assert (body["code"], body["reason"], body["where"]) == ("invalid_entry", code, "sides")
    assert message in body["error"]
    after = rows()
    assert [after[table] for table in ("game", "seat", "player")] == [before[t] for t in ("game", "seat", "player")]


def test_the_api_refuses_sides_for_a_game_not_played_in_sides(api):
    response = api.post("/games", {"variant": "gin", "players": ["Ann", "Bob"], "sides": [["Ann"], ["Bob"]]})

    assert response.status_code == 422
    assert response.get_json()["error"] == "sides: Gin Rummy is not played in sides"


def test_the_api_names_the_side_and_its_field_for_a_sides_mistake(api):
    game = api_canasta(api).get_json()["id"]
    wrong = {**FIRST_ENTRY, "sides": {**FIRST_ENTRY["sides"], BD: {"meld_points": 152}}}

    response = api.record(game, wrong, 1)

    body = response.get_json()
    assert response.status_code == 422
    assert (body["player"], body["field"], body["reason"]) == (BD, "meld_points", "not_a_multiple")
    assert body["error"] == "hand 1, Bob & Dan: meld_points must be a multiple of 5"


def test_the_api_refuses_a_side_the_game_does_not_have(api):
    game = api_canasta(api).get_json()["id"]
    wrong = {**FIRST_ENTRY, "sides": {**FIRST_ENTRY["sides"], "Ann & Bob": {"meld_points": 0}}}

    response = api.record(game, wrong, 1)

    assert response.status_code == 422
    assert response.get_json()["reason"] == "not_a_side"
    assert api.get(f"/games/{game}/hands").get_json()["hands"] == []


def test_the_api_document_describes_sides_in_the_create_and_record_bodies(api):
    document = api.get("/openapi.json").get_json()
    schemas = document["components"]["schemas"]

    assert schemas["NewGame"]["properties"]["sides"]["items"]["items"] == {"$ref": "#/components/schemas/PlayerName"}
    assert schemas["Entry"]["properties"]["sides"]["additionalProperties"] == {"$ref": "#/components/schemas/SideInput"}
    # (every field a game declares for a side, from the registry: Canasta's, Hand and Foot's...)
    declared = {spec.key for variant in VARIANTS.values() for spec in variant.side_fields}
    assert {"meld_points", "natural", "mixed", "red_threes"} <= declared
    assert set(schemas["SideInput"]["properties"]) == declared
    assert schemas["SideInput"]["properties"]["open_aces"]["type"] == "boolean"
    assert schemas["SideInput"]["properties"]["wild"]["type"] == "array"
    assert "canasta" in schemas["Entry"]["properties"]["concealed"]["description"]
    assert {"sides", "side_players"} <= set(schemas["Sheet"]["properties"])


def test_the_history_against_an_opponent_leaves_out_the_games_they_were_partners_in(app, user, record):
    finished_canasta(user, record)  # Ann & Cara against Bob & Dan
    again = new_canasta(user, {"seat-0": "Ann", "seat-1": "Cara", "seat-2": "Bob", "seat-3": "Dan"})
    with_bob = game_id_from(again.headers["Location"])  # Ann & Bob against Cara & Dan
    with app.app_context():
        ids = dict(db.session.execute(select(Player.name, Player.id)).all())
        db.session.remove()

    def listed(one: str, other: str) -> list[int]:
        shown = page(user.get(f"/history?player={ids[one]}&opponent={ids[other]}"))
        return [int(a.get("href").split("/")[2]) for a in shown.one("ul", cls="history").find_all("a")]

    assert listed("Ann", "Cara") == [with_bob]
    assert listed("Ann", "Bob") == [with_bob - 1]
    assert sorted(listed("Ann", "Dan")) == [with_bob - 1, with_bob]
