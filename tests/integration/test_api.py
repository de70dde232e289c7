"""The JSON API: every endpoint, its errors, tokens, idempotency keys and stale hand numbers."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from apikit import Api, gin, make_token
from appstate import hands_in
from sqlalchemy import func, select, update

from scorekeeper import services
from scorekeeper.engine import replay, variants
from scorekeeper.extensions import db
from scorekeeper.models import Game, HandEntry, IdempotencyRecord, utcnow
from scorekeeper.services import backup

HAND_1 = gin("Ann", "Bob", 31)  # Ann goes gin: 31 + 25
HAND_2 = gin("Bob", "Ann", 20, knocker_count=4)  # Bob knocks 4 against 20: 16


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    """The signed-in user's script: a token made on their settings page, no cookie."""
    return Api(app, make_token(user))


@pytest.fixture
def stranger(app, other):  # type: ignore[no-untyped-def]
    """Another account's script, with that account's own token."""
    return Api(app, make_token(other))


@pytest.fixture
def game(api):  # type: ignore[no-untyped-def]
    return api.new_game("gin", ["Ann", "Bob"])


def stored(app: Any, model: Any) -> int:
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(model))
        db.session.remove()
        return int(count or 0)


# -- the whole game ------------------------------------------------------------------


def test_a_script_with_a_token_plays_a_whole_game_through_the_api(app, user):
    """Done when: a token made on the settings page, then only the API, from first deal to winner."""
    script = Api(app, make_token(user, "league bot"))

    catalogue = script.get("/variants").get_json()["variants"]
    assert "gin" in [variant["key"] for variant in catalogue]
    created = script.post("/games", {"variant": "gin", "players": ["Ann", "Bob"], "first_dealer": "Bob",
                                     "options": {"target": 100}})
    assert created.status_code == 201
    game = created.get_json()["id"]
    assert created.headers["Location"] == f"/api/v1/games/{game}"
    assert script.get(f"/games/{game}/sheet").get_json()["next"] == {
        "hand": 1, "dealer": "Bob", "cards_each": 10, "decks": 1, "jokers": 0, "contract": None}

    first = script.record(game, HAND_1, 1, key="hand-1")
    assert first.status_code == 201
    assert first.get_json()["sheet"]["totals"] == {"Ann": 56, "Bob": 0}
    # A hand typed wrong, corrected, then one too many, undone.
    assert script.record(game, gin("Bob", "Ann", 9, knocker_count=4), 2, key="hand-2").status_code == 201
    corrected = script.put(f"/games/{game}/hands/2", {"entry": HAND_2}, key="fix-2")
    assert corrected.status_code == 200
    assert corrected.get_json()["sheet"]["totals"] == {"Ann": 56, "Bob": 16}
    assert script.record(game, gin("Bob", "Ann", 50), 3, key="hand-3").status_code == 201
    undone = script.post(f"/games/{game}/undo", {"number": 3}, key="undo-3")
    assert undone.get_json()["sheet"]["totals"] == {"Ann": 56, "Bob": 16}
    last = script.record(game, gin("Ann", "Bob", 40), 3, key="hand-3b")

    sheet = last.get_json()["sheet"]
    assert last.status_code == 201
    assert sheet["finished"] is True
    assert sheet["winners"] == ["Ann"]
    assert sheet["totals"] == {"Ann": 121, "Bob": 16}
    assert script.get(f"/games/{game}").get_json()["status"] == "finished"
    assert script.get(f"/games/{game}/sheet").get_json() == sheet
    exported = script.get(f"/games/{game}/export").get_json()
    log = {key: exported[key] for key in ("variant", "players", "options", "first_dealer", "hands", "ended")}
    assert replay(log) == sheet  # the export is the log: it replays to the very sheet
    assert [change["action"] for change in exported["changes"]] == ["edit", "undo"]
    assert script.post(f"/games/{game}/hands", {"entry": HAND_1}).status_code == 409  # over: nothing more
    # The person sees the same game on their phone.
    assert user.get(f"/games/{game}").status_code == 200


# -- authentication ------------------------------------------------------------------


GAME_ROUTES = [
    ("GET", "/games/{game}", None),
    ("DELETE", "/games/{game}", None),
    ("GET", "/games/{game}/sheet", None),
    ("GET", "/games/{game}/export", None),
    ("POST", "/games/{game}/end", None),
    ("GET", "/games/{game}/hands", None),
    ("POST", "/games/{game}/hands", {"entry": HAND_2}),
    ("GET", "/games/{game}/hands/1", None),
    ("PUT", "/games/{game}/hands/1", {"entry": HAND_2}),
    ("POST", "/games/{game}/undo", None),
]
EVERY_ROUTE = [("GET", "/variants", None), ("GET", "/games", None),
               ("POST", "/games", {"variant": "gin", "players": ["Ann", "Bob"]}), *GAME_ROUTES]


def call(api: Api, method: str, path: str, body: Any) -> Any:
    return api.client.open("/api/v1" + path, method=method, json=body, headers=api.headers())


@pytest.mark.parametrize(("method", "path", "body"), EVERY_ROUTE, ids=[f"{m} {p}" for m, p, _ in EVERY_ROUTE])
def test_without_a_token_every_route_is_401_json_and_changes_nothing(app, api, game, rows, method, path, body):
    api.record(game, HAND_1)
    before = rows()

    response = call(Api(app, None), method, path.format(game=game), body)

    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert response.get_json()["code"] == "unauthorized"
    assert "Authorization: Bearer" in response.get_json()["error"]
    assert rows() == before


@pytest.mark.parametrize("header", ["Bearer", "Bearer ", "Basic c2s6eA==", "sk_abc", "Bearer sk_not-a-real-token",
                                    "Bearer not-even-the-prefix"])
def test_a_missing_or_unknown_token_is_401(app, api, header):
    response = api.client.get("/api/v1/games", headers={"Authorization": header})

    assert response.status_code == 401
    assert response.get_json()["code"] == "unauthorized"


def test_a_revoked_token_is_refused_from_then_on(app, user, api, game):
    assert api.get("/games").status_code == 200
    token_id = _token_ids(app)[0]

    assert user.post(f"/settings/tokens/{token_id}/revoke").status_code == 303

    response = api.get("/games")
    assert response.status_code == 401
    assert response.get_json()["error"] == "This API token is unknown or has been revoked."
    assert api.record(game, HAND_1).status_code == 401
    assert hands_in(app, game) == []


def test_the_signed_in_session_cookie_does_not_authenticate_the_api(app, user, game):
    """The API is exempt from CSRF checks, so a cookie must never be enough there."""
    assert user.get("/games").status_code == 200  # the cookie works for the pages

    assert user.get("/api/v1/games").status_code == 401
    assert user.post(f"/api/v1/games/{game}/hands", json={"entry": HAND_1}).status_code == 401
    assert hands_in(app, game) == []


@pytest.mark.parametrize(("method", "path", "body"), GAME_ROUTES, ids=[f"{m} {p}" for m, p, _ in GAME_ROUTES])
def test_another_accounts_game_is_404_on_every_route_and_changes_nothing(api, stranger, game, rows, method,
                                                                        path, body):
    api.record(game, HAND_1)
    stranger.get("/games")  # the token's first use is noted; that is not a change of the game
    before = rows()

    response = call(stranger, method, path.format(game=game), body)

    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"
    assert rows() == before
    assert call(api, "GET", path.format(game=game), None).status_code in (200, 405)


def test_a_token_lists_only_its_own_accounts_games(api, stranger, game):
    theirs = stranger.new_game("basic", ["Cara", "Dan", "Eve"])

    assert [g["id"] for g in api.get("/games").get_json()["games"]] == [game]
    assert [g["id"] for g in stranger.get("/games").get_json()["games"]] == [theirs]


def test_the_same_idempotency_key_in_two_accounts_is_two_requests(app, api, stranger, game):
    theirs = stranger.new_game()

    mine = api.record(game, HAND_1, 1, key="same-key")
    other = stranger.record(theirs, HAND_2, 1, key="same-key")

    assert mine.status_code == other.status_code == 201
    assert other.get_json()["sheet"]["totals"] == {"Ann": 0, "Bob": 16}
    assert len(hands_in(app, game)) == len(hands_in(app, theirs)) == 1


def _token_ids(app: Any) -> list[int]:
    from scorekeeper.models import ApiToken

    with app.app_context():
        found = list(db.session.scalars(select(ApiToken.id).order_by(ApiToken.id)))
        db.session.remove()
        return found


# -- variants and games --------------------------------------------------------------


def test_variants_are_the_engines_catalogue_unchanged(api):
    response = api.get("/variants")

    assert response.status_code == 200
    assert response.get_json() == {"variants": variants()}


def test_a_new_game_is_created_with_its_players_options_and_first_dealer(app, api):
    response = api.post("/games", {"variant": "basic", "players": ["Ann", "Bob", "Cara"],
                                   "options": {"scoring": "penalty"}, "first_dealer": "Cara"})

    assert response.status_code == 201
    game = response.get_json()
    assert {key: game[key] for key in ("variant", "variant_name", "players", "options", "first_dealer", "status",
                                       "ended", "hands_count", "totals", "winners")} == {
        "variant": "basic", "variant_name": "Basic Rummy", "players": ["Ann", "Bob", "Cara"],
        "options": {"scoring": "penalty"}, "first_dealer": "Cara", "status": "playing", "ended": False,
        "hands_count": 0, "totals": {"Ann": 0, "Bob": 0, "Cara": 0}, "winners": []}
    assert game["next"]["dealer"] == "Cara"
    assert api.get(f"/games/{game['id']}").get_json() == game


@pytest.mark.parametrize(("body", "message", "where"), [
    ({"variant": "gin", "players": ["Ann", "Bob", "Cara"]}, "players", "players"),
    ({"variant": "gin", "players": ["Ann", "Bob"], "options": {"target": 0}}, "target", "options"),
    ({"variant": "gin", "players": ["Ann", "Bob"], "options": {"colour": "red"}}, "'colour' is not an option",
     "options"),
    ({"variant": "gin", "players": ["Ann", "Ann"]}, "\"Ann\" is named twice", "players"),
    ({"variant": "gin", "players": ["Ann", "ann"]}, "look the same", "players"),
    ({"variant": "gin", "players": ["Ann", "Ann\u200b"]}, '"Ann" and "Ann<U+200B>" look the same', "players"),
    ({"variant": "gin", "players": ["\u00c1nn", "A\u0301nn"]}, "look the same", "players"),
    ({"variant": "gin", "players": ["Ann", "  "]}, "A player needs a name.", "name"),
    ({"variant": "gin", "players": ["Ann", "Bob"], "first_dealer": "Zed"}, "not one of the players",
     "first_dealer"),
    ({"variant": "poker", "players": ["Ann", "Bob"]}, "variant: 'poker' is not one of", "variant"),
    ({"players": ["Ann", "Bob"]}, "'variant' is missing", None),
    ({"variant": "gin", "players": ["Ann", "Bob"], "colour": "red"}, "'colour' is not a field here", None),
    ({"variant": "gin", "players": ["Ann", 7]}, "players/1: 7 is not a text", "players/1"),
    ({"variant": "gin", "players": ["Ann", "B\u0000b"]}, "players/1", "players/1"),
])
def test_a_game_that_cannot_start_is_422_and_adds_nothing(api, rows, body, message, where):
    api.get("/variants")  # the token's first use is noted
    before = rows()

    response = api.post("/games", body)

    assert response.status_code == 422
    error = response.get_json()
    assert message in error["error"]
    assert error["where"] == where
    assert rows() == before


def test_games_list_filters_by_status_and_pages(api):
    playing = api.new_game()
    finished = api.new_game()
    api.post(f"/games/{finished}/end")

    assert [g["id"] for g in api.get("/games?status=playing").get_json()["games"]] == [playing]
    assert [g["id"] for g in api.get("/games?status=finished").get_json()["games"]] == [finished]
    assert [g["id"] for g in api.get("/games?limit=1").get_json()["games"]] == [finished]
    assert [g["id"] for g in api.get("/games?limit=1&offset=1").get_json()["games"]] == [playing]


@pytest.mark.parametrize("query", ["status=paused", "limit=0", "limit=abc", "offset=-1", "limit=1001"])
def test_a_bad_games_list_query_is_400(api, query):
    response = api.get(f"/games?{query}")

    assert response.status_code == 400
    assert response.get_json()["code"] == "bad_request"


def test_the_sheet_is_the_engines_sheet_of_the_games_log(app, api, game):
    api.record(game, HAND_1)
    api.record(game, HAND_2)

    sheet = api.get(f"/games/{game}/sheet").get_json()

    with app.app_context():
        row = db.session.get(Game, game)
        assert sheet == replay(row.log()) == services.sheet_of(row)
        db.session.remove()


def test_the_export_is_the_games_json_download(app, api, user, game):
    api.record(game, HAND_1)

    exported = api.get(f"/games/{game}/export").get_json()

    assert exported == user.get(f"/games/{game}/export.json").get_json()
    with app.app_context():
        assert exported == backup.export_game(db.session.get(Game, game))
        db.session.remove()


def test_ending_a_game_names_the_winner_and_a_second_end_is_409(api, game):
    api.record(game, HAND_1)

    ended = api.post(f"/games/{game}/end")
    again = api.post(f"/games/{game}/end")

    assert ended.status_code == 200
    assert ended.get_json()["number"] == 1
    assert ended.get_json()["sheet"]["winners"] == ["Ann"]
    assert again.status_code == 409
    assert again.get_json()["code"] == "game_over"
    assert again.get_json()["sheet"] == ended.get_json()["sheet"]


def test_deleting_a_game_removes_it_and_its_hands(app, api, game):
    api.record(game, HAND_1)

    assert api.delete(f"/games/{game}").status_code == 204

    assert api.get(f"/games/{game}").status_code == 404
    assert stored(app, HandEntry) == 0
    assert api.delete(f"/games/{game}").status_code == 404


@pytest.mark.parametrize("path", ["/games/999", "/games/2147483648", "/games/99999999999999999999999/sheet",
                                  "/games/{game}/hands/2", "/games/{game}/hands/99999999999999999999"])
def test_a_game_or_hand_that_is_not_there_is_404_json(api, game, path):
    api.record(game, HAND_1)

    response = api.get(path.format(game=game))

    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"


# -- hands ---------------------------------------------------------------------------


def test_recording_a_hand_answers_its_number_and_the_new_sheet(app, api, game):
    response = api.record(game, HAND_1)

    assert response.status_code == 201
    assert response.get_json()["number"] == 1
    assert response.get_json()["sheet"]["hands"][0]["notes"] == ["Ann went gin: Bob's 31 + 25 gin bonus = 56."]
    assert response.headers["Location"] == f"/api/v1/games/{game}/hands/1"
    assert hands_in(app, game)[0]["entry"] == {"out": 0, "hands": {"0": {"count": 0}, "1": {"count": 31}}}


def test_hands_read_back_as_the_engines_entries_with_names(api, game):
    api.record(game, HAND_1)
    api.record(game, HAND_2)

    listed = api.get(f"/games/{game}/hands").get_json()["hands"]
    one = api.get(f"/games/{game}/hands/2").get_json()

    assert [hand["entry"] for hand in listed] == [HAND_1, HAND_2]
    assert [hand["number"] for hand in listed] == [1, 2]
    assert one == listed[1]


@pytest.mark.parametrize(("entry", "message", "player"), [
    ({"out": "Ann", "hands": {"Ann": {"count": 0}, "Bob": {"cards": "ZZ 5D"}}}, '"ZZ" is not a card', "Bob"),
    ({"out": "Ann", "hands": {"Ann": {"count": 0}, "Bob": {"count": -3}}}, "count -3", "Bob"),
    ({"out": "Ann", "hands": {"Ann": {"count": 11}, "Bob": {"count": 3}}}, "knock", "Ann"),
    ({"out": "Zed", "hands": {}}, '"Zed" is not a player in this game', None),
    ({"out": "Ann", "hands": {"Zed": {"count": 1}}}, '"Zed" is not a player in this game', None),
    ({"out": 0, "hands": {}}, '"0" is not a player in this game', None),
    ({"out": "Ann", "hands": ["Bob"]}, "hands must map each player", None),
    ({"out": "Ann", "hands": {"Ann": {"count": 0}, "Bob": {"count": 3}}, "rumy": True}, "rumy", None),
])
def test_an_entry_the_engine_refuses_is_422_with_its_hand_and_player(api, game, rows, entry, message, player):
    api.record(game, HAND_1)
    before = rows()

    response = api.record(game, entry, key="k")

    error = response.get_json()
    assert response.status_code == 422
    assert error["code"] == "invalid_entry"
    assert message in error["error"]
    assert error["hand"] == 2
    assert error["player"] == player
    assert rows() == before  # nor is the key kept: it may be used again for the fixed entry


def test_a_corrected_hand_recomputes_later_totals(app, api, game):
    api.record(game, HAND_1)
    api.record(game, HAND_2)

    response = api.put(f"/games/{game}/hands/1", {"entry": gin("Ann", "Bob", 10)})

    assert response.status_code == 200
    assert response.get_json()["number"] == 1
    assert response.get_json()["sheet"]["totals"] == {"Ann": 35, "Bob": 16}
    assert api.get(f"/games/{game}/hands/1").get_json()["entry"] == gin("Ann", "Bob", 10)


def test_a_correction_that_later_hands_cannot_follow_is_refused(api, game, rows):
    api.record(game, HAND_1)
    api.record(game, gin("Ann", "Bob", 20))  # 56 + 45 = 101: the game is over
    before = rows()

    response = api.put(f"/games/{game}/hands/1", {"entry": gin("Ann", "Bob", 100)})  # over after hand 1

    assert response.status_code == 422
    assert response.get_json()["hand"] == 2
    assert response.get_json()["error"].startswith("This change cannot stand: hand 2")
    assert rows() == before


def test_correcting_a_hand_that_is_not_there_is_404(api, game):
    response = api.put(f"/games/{game}/hands/1", {"entry": HAND_1})

    assert response.status_code == 404


def test_undo_removes_the_last_hand_and_then_there_is_none_to_undo(app, api, game):
    api.record(game, HAND_1)

    undone = api.post(f"/games/{game}/undo")
    nothing = api.post(f"/games/{game}/undo")

    assert undone.status_code == 200
    assert undone.get_json()["number"] == 1
    assert undone.get_json()["sheet"]["hands"] == []
    assert nothing.status_code == 409
    assert nothing.get_json()["error"] == "There is no hand to undo."
    assert hands_in(app, game) == []


def test_undo_of_a_hand_that_is_no_longer_the_last_is_409_and_undoes_nothing(app, api, game):
    api.record(game, HAND_1)
    api.record(game, HAND_2)

    response = api.post(f"/games/{game}/undo", {"number": 1})

    assert response.status_code == 409
    assert response.get_json()["code"] == "stale_hand"
    assert len(response.get_json()["sheet"]["hands"]) == 2
    assert len(hands_in(app, game)) == 2


# -- stale hand numbers: two clients never interleave silently -------------------------


def test_a_stale_hand_number_is_409_with_the_current_sheet(app, api, game):
    phone = api.record(game, HAND_1, 1)

    response = api.record(game, HAND_2, 1)  # a second script also thought it was recording hand 1

    error = response.get_json()
    assert response.status_code == 409
    assert error["code"] == "stale_hand"
    assert (error["expected"], error["recorded"]) == (1, 1)
    assert error["sheet"] == phone.get_json()["sheet"]
    assert [hand["entry"] for hand in hands_in(app, game)] == [
        {"out": 0, "hands": {"0": {"count": 0}, "1": {"count": 31}}}]


def test_a_hand_number_from_the_future_is_409_too(api, game):
    response = api.record(game, HAND_1, 3)

    assert response.status_code == 409
    assert response.get_json()["recorded"] == 0


def test_a_hand_recorded_on_the_phone_makes_the_scripts_number_stale(app, api, user, game, record):
    assert record(user, game, {"out": "0", "p0-count": "0", "p1-count": "31"}).status_code == 303

    assert api.record(game, HAND_2, 1).status_code == 409
    assert api.record(game, HAND_2, 2).status_code == 201


def test_two_clients_recording_the_same_hand_number_at_once_record_one_hand(app, api, game):
    second = Api(app, api.token)
    for number in range(1, 4):
        barrier = threading.Barrier(2)
        results: list[Any] = [None, None]

        def post(index: int, client: Api, entry: dict[str, Any]) -> None:
            # The loop's barrier, results and number: both threads are joined before the next turn.
            barrier.wait()  # noqa: B023
            results[index] = client.record(game, entry, number)  # noqa: B023

        threads = [threading.Thread(target=post, args=(0, api, gin("Ann", "Bob", 5))),
                   threading.Thread(target=post, args=(1, second, gin("Bob", "Ann", 6)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

        statuses = sorted(response.status_code for response in results)
        assert statuses == [201, 409], [response.get_json() for response in results]
        assert [hand["number"] for hand in hands_in(app, game)] == list(range(1, number + 1))


# -- idempotency keys ------------------------------------------------------------------


def test_the_same_key_returns_the_first_answer_and_records_once(app, api, game):
    first = api.record(game, HAND_1, 1, key="abc-1")
    api.record(game, HAND_2, 2)  # the game moves on meanwhile

    again = api.record(game, HAND_1, 1, key="abc-1")

    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert len(hands_in(app, game)) == 2
    assert stored(app, IdempotencyRecord) == 1


def test_answers_older_than_a_day_are_forgotten_and_their_hands_still_record_once(app, api, game):
    api.record(game, HAND_1, 1, key="yesterday")
    with app.app_context():
        db.session.execute(update(IdempotencyRecord).values(created_at=utcnow() - timedelta(hours=25)))
        db.session.commit()

    api.record(game, HAND_2, 2, key="today")
    again = api.record(game, HAND_1, key="yesterday")  # a day later: a new request

    assert stored(app, IdempotencyRecord) == 1  # yesterday's answer, with its sheet, is gone
    assert again.status_code == 409  # its hand's token still says it was recorded
    assert [hand["number"] for hand in hands_in(app, game)] == [1, 2]


def test_the_same_key_without_a_hand_number_still_records_once(app, api, game):
    first = api.record(game, HAND_1, key="no-number")
    again = api.record(game, HAND_1, key="no-number")

    assert again.get_json() == first.get_json()
    assert len(hands_in(app, game)) == 1


def test_the_same_key_for_another_request_is_refused(app, api, game, rows):
    api.record(game, HAND_1, 1, key="used")
    before = rows()

    different_body = api.record(game, HAND_2, 2, key="used")
    different_route = api.post(f"/games/{game}/undo", key="used")

    for response in (different_body, different_route):
        assert response.status_code == 422
        assert response.get_json()["code"] == "idempotency_key_reused"
    assert rows() == before


def test_a_key_is_the_same_request_whatever_the_bodys_spacing_and_key_order(app, api, game):
    api.client.post(f"/api/v1/games/{game}/hands", data='{"number": 1, "entry": {"out": "Ann", "hands": '
                    '{"Ann": {"count": 0}, "Bob": {"count": 31}}}}', content_type="application/json",
                    headers=api.headers("spaced"))

    again = api.client.post(f"/api/v1/games/{game}/hands", data='{"entry":{"hands":{"Bob":{"count":31},'
                            '"Ann":{"count":0}},"out":"Ann"},"number":1}', content_type="application/json",
                            headers=api.headers("spaced"))

    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(hands_in(app, game)) == 1


def test_a_retried_undo_undoes_one_hand(app, api, game):
    api.record(game, HAND_1)
    api.record(game, HAND_2)

    first = api.post(f"/games/{game}/undo", key="undo-once")
    again = api.post(f"/games/{game}/undo", key="undo-once")

    assert again.get_json() == first.get_json()
    assert [hand["number"] for hand in hands_in(app, game)] == [1]


def test_a_retried_correction_answers_as_the_first_time(app, api, game):
    api.record(game, HAND_1)
    first = api.put(f"/games/{game}/hands/1", {"entry": gin("Ann", "Bob", 10)}, key="fix")
    api.put(f"/games/{game}/hands/1", {"entry": gin("Ann", "Bob", 12)})

    again = api.put(f"/games/{game}/hands/1", {"entry": gin("Ann", "Bob", 10)}, key="fix")

    assert again.get_json() == first.get_json()
    assert api.get(f"/games/{game}/hands/1").get_json()["entry"] == gin("Ann", "Bob", 12)  # not put back


def test_a_correction_that_changes_nothing_keeps_its_key_too(app, api, game):
    api.record(game, HAND_1)

    first = api.put(f"/games/{game}/hands/1", {"entry": HAND_1}, key="same")
    again = api.put(f"/games/{game}/hands/1", {"entry": HAND_1}, key="same")

    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"


def test_a_retried_end_answers_as_the_first_time(api, game):
    first = api.post(f"/games/{game}/end", key="end")
    again = api.post(f"/games/{game}/end", key="end")

    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()


def test_a_refused_request_keeps_no_key_and_may_be_retried_fixed(app, api, game):
    refused = api.record(game, {"out": "Ann", "hands": {"Bob": {"cards": "ZZ"}}}, 1, key="retry")
    assert refused.status_code == 422
    assert stored(app, IdempotencyRecord) == 0

    fixed = api.record(game, HAND_1, 1, key="retry")

    assert fixed.status_code == 201


@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9"])
def test_a_malformed_idempotency_key_is_400(api, game, key):
    response = api.client.post(f"/api/v1/games/{game}/hands", json={"entry": HAND_1},
                               headers={**api.headers(), "Idempotency-Key": key})

    assert response.status_code == 400
    assert "Idempotency-Key" in response.get_json()["error"]


def test_the_same_key_sent_twice_at_once_records_one_hand_and_both_get_its_answer(app, api, game):
    second = Api(app, api.token)
    barrier = threading.Barrier(2)
    results: list[Any] = [None, None]

    def post(index: int, client: Api) -> None:
        barrier.wait()
        results[index] = client.record(game, HAND_1, 1, key="together")

    threads = [threading.Thread(target=post, args=(i, client)) for i, client in enumerate((api, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert [response.status_code for response in results] == [201, 201]
    assert results[0].get_json() == results[1].get_json()
    assert len(hands_in(app, game)) == 1
    assert stored(app, IdempotencyRecord) == 1


def test_the_kept_answer_is_committed_with_the_hand(app, api, game):
    api.record(game, HAND_1, 1, key="together-in-one-commit")

    with app.app_context():
        record = db.session.scalar(select(IdempotencyRecord))
        hand = db.session.scalar(select(HandEntry))
        assert record.key == "together-in-one-commit"
        assert record.status_code == 201
        assert record.response["number"] == 1
        assert hand.token.startswith("api-")
        db.session.remove()


# -- errors are JSON -------------------------------------------------------------------


def test_an_unknown_api_address_is_404_json(api):
    response = api.get("/nothing/here")

    assert response.status_code == 404
    assert response.is_json


def test_a_method_the_route_does_not_take_is_405_json_with_allow(api):
    response = api.client.patch("/api/v1/variants", headers=api.headers())

    assert response.status_code == 405
    assert response.get_json()["code"] == "method_not_allowed"
    assert "GET" in response.headers["Allow"]


def test_a_body_that_is_not_json_is_415_or_400(api, game):
    form = api.client.post(f"/api/v1/games/{game}/hands", data={"entry": "x"}, headers=api.headers())
    broken = api.client.post(f"/api/v1/games/{game}/hands", data="{not json", content_type="application/json",
                             headers=api.headers())

    assert form.status_code == 415
    assert form.get_json()["code"] == "unsupported_media_type"
    assert broken.status_code == 400
    assert broken.get_json()["error"] == "The body is not JSON: it breaks at line 1, column 2."


def test_a_body_that_is_not_utf8_is_400_saying_so(api, game):
    latin = api.client.post(f"/api/v1/games/{game}/hands", data='{"entry": "\u00e9"}'.encode("latin-1"),
                            content_type="application/json", headers=api.headers())

    assert latin.status_code == 400
    assert latin.get_json()["error"] == "The body is not JSON: it is not text in UTF-8."


@pytest.mark.parametrize(("body", "message"), [
    ({}, "'entry' is missing"),
    ({"entry": HAND_1, "number": 0}, "number: 0 is less than 1, the least allowed"),
    ({"entry": HAND_1, "number": "1"}, "number: '1' is not a whole number"),
    ({"entry": "Ann went out"}, "entry: 'Ann went out' is not an object"),
    ([HAND_1], "is not an object"),
])
def test_a_body_the_document_does_not_allow_is_422_naming_the_field(api, game, body, message):
    response = api.post(f"/games/{game}/hands", body)

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid_request"
    assert message in response.get_json()["error"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/json"])
def test_a_body_nested_past_the_parsers_depth_is_refused_not_a_500(api, game, content_type):
    response = api.client.post(f"/api/v1/games/{game}/hands", data="[" * 100_000 + "]" * 100_000,
                               content_type=content_type, headers=api.headers("deep"))

    assert response.status_code in (400, 415)
    assert response.is_json


def test_a_nul_character_in_the_query_is_400_json(api):
    response = api.get("/games?status=%00")

    assert response.status_code == 400
    assert response.is_json


def test_a_body_over_the_size_limit_is_413_json(app, api, game):
    app.config["MAX_CONTENT_LENGTH"] = 1000

    response = api.post(f"/games/{game}/hands", {"entry": {"out": "Ann", "note": "x" * 2000}})

    assert response.status_code == 413
    assert response.get_json()["code"] == "too_large"
