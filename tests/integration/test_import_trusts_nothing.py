"""An imported file is checked as strictly as an API request: every field, the
change log included, every text, and its size; what it stores never breaks a page."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from sqlalchemy import func, select
from test_backup import account_of, ann, played, upload  # noqa: F401  (ann is a fixture)
from webpage import page

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Change, Game, HandEntry, Player
from scorekeeper.services import backup


@pytest.fixture
def exported(app, client, ann):  # noqa: F811
    """A finished Basic game of the account, exported, and the game deleted (so it can come back)."""
    game = played(ann, "basic")
    data = client.get(f"/games/{game.id}/export.json").get_json()
    services.delete_game(game)
    return data


def games_count() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def refused(client, data: Any, phrase: str) -> str:
    """Import ``data``: refused next to the file field, saying ``phrase``, and nothing stored."""
    before = games_count()
    response = upload(client, data if isinstance(data, (bytes, str)) else json.dumps(data))
    assert response.status_code == 422
    message = " ".join(page(response).errors())
    assert "Nothing was imported" in message and phrase in message, message
    assert games_count() == before
    return message


def every_page_answers(client, account) -> None:
    """Every page of every game of the account, and the account's own pages: none is a 500."""
    ids = db.session.scalars(select(Game.id).where(Game.account_id == account.id)).all()
    for game_id in ids:
        for path in (f"/games/{game_id}", f"/games/{game_id}?all=1", f"/games/{game_id}/review",
                     f"/games/{game_id}/export.json", f"/games/{game_id}/export.csv"):
            assert client.get(path).status_code == 200, path
    for path in ("/games", "/history", "/stats/", "/backup/export.json", "/players/"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize(
    ("before", "phrase"),
    [
        ({"out": 7}, "out: 7 is not a text or null"),
        ({"out": "Eve", "hands": {}}, '"Eve" is not a player'),
        ({"out": "Ann", "hands": {"Eve": {"count": 3}}}, '"Eve" is not a player'),
        (["not", "an", "entry"], "['not', 'an', 'entry'] is not an object or null"),
        ({"out": "Ann", "hands": ["Bob"]}, "hands: ['Bob'] is not an object"),
        ({"out": "Ann", "hands": {"Bob": 5}}, "hands/Bob: 5 is not an object"),
        ({"out": "Ann", "hands": {"Bob": {"count": 10**20}}},
         "hands/Bob/count: a number of 21 digits is more than 10000, the most allowed"),
        ({"out": "Ann", "hands": {"Bob": {"count": -1}}}, "hands/Bob/count: -1 is below 0"),
        ({"out": "Ann", "hands": {"Bob": {"counts": 5}}}, "'counts' is not part of"),
        ({"out": "Ann", "wild": 7}, "'wild' is not part of"),
    ],
)
def test_a_change_log_entry_is_checked_like_an_entry(app, client, ann, exported, before, phrase):  # noqa: F811
    exported["changes"][0]["before"] = before
    message = refused(client, exported, phrase)
    assert "changes/0/before" in message


def test_a_change_for_hand_10_to_the_20_is_refused_not_a_server_error(app, client, ann, exported):  # noqa: F811
    exported["changes"][0]["hand"] = 10**20
    refused(client, exported, "changes/0/hand: a number of 21 digits is more than 5000, the most allowed")


@pytest.mark.parametrize(
    ("change", "phrase"),
    [({"action": "end", "hand": 3, "before": {"out": "Ann"}}, "changes/0/before: {'out': 'Ann'} is not null"),
     ({"action": "undo", "hand": 3, "before": None, "after": {"out": "Ann"}},
      "changes/0/after: {'out': 'Ann'} is not null"),
     ({"action": "edit", "hand": None}, "changes/0/hand: None is not a whole number"),
     ({"action": "record", "hand": 1, "after": {"out": "Ann"}}, "changes/0: 'via' is missing"),
     ({"action": "edit", "hand": 1, "via": "email"}, "changes/0/via: 'email' is not 'keeper'"),
     ({"action": "edit", "hand": 1, "by": "me"}, "'by' is not part of"),
     ({"action": "edit", "hand": 1, "at": "yesterday"}, "is not a date and time")],
)
def test_a_change_that_cannot_have_happened_is_refused(app, client, ann, exported, change, phrase):  # noqa: F811
    exported["changes"] = [change]
    refused(client, exported, phrase)


def test_a_lone_surrogate_in_a_name_is_refused_saying_where(app, client, ann, exported):  # noqa: F811
    body = json.dumps(exported).replace('"Cara"', '"Ca\\ud800ra"')
    message = refused(client, body, "lone surrogate")
    assert "players/2" in message


def test_a_lone_surrogate_in_the_uid_is_refused_saying_where(app, client, ann, exported):  # noqa: F811
    body = json.dumps({**exported, "uid": "x"}).replace('"uid": "x"', '"uid": "\\udfff"')
    message = refused(client, body, "lone surrogate")
    assert "uid" in message


def test_a_control_character_in_a_hands_cards_is_refused_saying_where(app, client, ann, exported):  # noqa: F811
    exported["hands"][0]["hands"]["Bob"] = {"cards": "KH\u001b[2JQS 5D"}
    message = refused(client, exported, "control character (U+001B)")
    assert "hands/0/hands/Bob/cards" in message


def test_a_huge_count_in_a_hand_is_refused_with_the_engines_bounds(app, client, ann, exported):  # noqa: F811
    exported["hands"][0]["hands"]["Bob"] = {"count": 10**307}
    refused(client, exported, "from 0 to 10000")


def test_a_hand_that_is_no_entry_is_refused_by_the_engine_naming_the_hand(app, client, ann, exported):  # noqa: F811
    exported["hands"][1] = 5
    refused(client, exported, "hand 2: an entry must be an object")


def test_an_option_past_its_bounds_is_refused(app, client, ann, exported):  # noqa: F811
    exported["options"]["target"] = 10**400
    refused(client, exported, "at most 100000")


@pytest.mark.parametrize("uid", ["", "x" * 37, "has space", "tab\there"])
def test_a_uid_is_1_to_36_visible_characters(app, client, ann, exported, uid):  # noqa: F811
    exported["uid"] = uid
    refused(client, exported, "uid")


def test_a_field_an_export_does_not_have_is_refused(app, client, ann, exported):  # noqa: F811
    exported["admin"] = True
    refused(client, exported, "'admin' is not part of a Scorekeeper export")


def test_more_hand_times_than_hands_are_refused(app, client, ann, exported):  # noqa: F811
    exported["hand_times"] = exported["hand_times"] * 3
    refused(client, exported, "pairs of times for 3 hands")


def test_a_file_nested_deeper_than_any_export_is_refused(app, client, ann, exported):  # noqa: F811
    deep: Any = {}
    for _ in range(30):
        deep = {"x": deep}
    exported["options"] = deep
    refused(client, exported, "nests deeper")


def test_a_file_past_the_size_bound_is_refused_before_it_is_read(app, client, ann, exported, monkeypatch):  # noqa: F811
    monkeypatch.setattr(backup, "MAX_IMPORT_BYTES", 1000)
    refused(client, exported, "larger than any Scorekeeper backup")


def test_a_backup_past_the_games_bound_is_refused(app, client, ann, exported):  # noqa: F811
    bound = backup.export_schema()["$defs"]["backup"]["properties"]["games"]["maxItems"]
    data = {"format": backup.BACKUP_FORMAT, "version": 1, "players": [], "games": [{}] * (bound + 1)}
    refused(client, data, f"games: holds {bound + 1} items; at most {bound}")


def test_a_file_past_the_hands_bound_is_refused(app, client, ann, exported, monkeypatch):  # noqa: F811
    monkeypatch.setattr(backup, "MAX_IMPORT_HANDS", 5)
    games = [dict(exported, uid=f"g{n}") for n in range(2)]
    data = {"format": backup.BACKUP_FORMAT, "version": 1, "players": [], "games": games}
    refused(client, data, "holds 6 hands; one file holds at most 5")


def test_a_game_past_5000_hands_is_refused_by_the_engines_bound(app, client, ann, exported):  # noqa: F811
    exported["variant"] = "knock"
    exported["options"] = {}
    exported["hands"] = [{"out": "Ann", "hands": {p: {"count": 1} for p in exported["players"]}}] * 5001
    exported["hand_times"] = []
    exported["changes"] = []
    refused(client, exported, "at most 5000")


def test_names_that_differ_only_by_letter_case_in_one_game_are_refused(app, client, ann, exported):  # noqa: F811
    body = json.dumps(exported).replace('"Cara"', '"ann"')
    refused(client, body, "look the same")


@pytest.mark.parametrize(("first", "alike"), [("Zed", "Zed\\u200b"), ("Zed", "\\uff3aed"),
                                              ("Z\\u00f6e", "Zo\\u0308e")])
def test_names_that_look_the_same_in_one_game_are_refused_naming_both(
        app, client, ann, exported, first, alike):  # noqa: F811
    body = json.dumps(exported).replace('"Bob"', f'"{first}"').replace('"Cara"', f'"{alike}"')
    refused(client, body, "look the same")


def test_a_name_differing_from_the_roster_only_by_case_is_that_roster_player(app, client, ann, exported):  # noqa: F811
    # The roster has Ann, Bob and Cara; the file spells them in lower case.
    lowered = json.loads(json.dumps(exported).replace('"Ann"', '"ann"').replace('"Cara"', '"CARA"'))
    assert upload(client, json.dumps(lowered)).status_code == 303
    game = db.session.scalar(select(Game).where(Game.uid == exported["uid"]))
    assert game.names == ["Ann", "Bob", "Cara"]
    sheet = services.sheet_of(game)
    assert set(sheet["totals"]) == {"Ann", "Bob", "Cara"}
    assert set(game.summary["totals"]) == {"Ann", "Bob", "Cara"}
    assert db.session.scalar(select(func.count()).select_from(Player).where(Player.name.in_(["ann", "CARA"]))) == 0
    every_page_answers(client, ann)


def test_a_time_with_an_offset_is_kept_as_utc(app, client, ann, exported):  # noqa: F811
    exported["created_at"] = "2026-05-01T12:00:00+02:00"
    assert upload(client, json.dumps(exported)).status_code == 303
    game = db.session.scalar(select(Game).where(Game.uid == exported["uid"]))
    assert game.created_at.isoformat() == "2026-05-01T10:00:00"


def test_a_good_change_log_comes_back_and_every_page_of_the_game_answers(app, client, ann, exported):  # noqa: F811
    assert upload(client, json.dumps(exported)).status_code == 303
    game = db.session.scalar(select(Game).where(Game.uid == exported["uid"]))
    assert [c.action for c in game.changes] == [c["action"] for c in exported["changes"]]
    every_page_answers(client, ann)


def test_a_change_stored_before_imports_were_checked_does_not_break_the_exports(app, client, ann):  # noqa: F811
    game = played(ann, "basic")
    db.session.add(Change(game_id=game.id, action="edit", hand_number=1, before={"out": 7}, after=[1, 2]))
    db.session.add(Change(game_id=game.id, action="edit", hand_number=1,
                          before={"out": 0, "hands": {"9": {"count": 1}}}, after=None))
    db.session.commit()
    exported = client.get(f"/games/{game.id}/export.json")
    assert exported.status_code == 200
    assert [c["before"] for c in exported.get_json()["changes"][-2:]] == [None, None]
    assert client.get("/backup/export.json").status_code == 200
    stored = db.session.scalar(select(func.count()).select_from(HandEntry).where(HandEntry.game_id == game.id))
    assert stored == 3


def test_the_exported_file_of_every_kind_of_game_imports_back(app, client, ann):  # noqa: F811
    from test_backup import GAMES

    for variant in sorted(GAMES):
        game = played(ann, variant)
        data = copy.deepcopy(client.get(f"/games/{game.id}/export.json").get_json())
        services.delete_game(game)
        assert upload(client, json.dumps(data)).status_code == 303, variant
    every_page_answers(client, ann)
