"""The server's side of offline play (issue 13): the service worker and the
offline page it precaches, the phone's session check, and the outbox's routes,
which record what a phone kept exactly once, by the id the phone made."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Change, HandEntry, IdempotencyRecord
from scorekeeper.web.security import CONTENT_SECURITY_POLICY

HAND = {"expected": "1", "out": "0", "p1-count": "12", "p2-count": "3"}


def _hands(app: Flask, game: int) -> list[tuple[int, str]]:
    with app.app_context():
        found = db.session.execute(select(HandEntry.number, HandEntry.token)
                                   .where(HandEntry.game_id == game).order_by(HandEntry.number)).all()
        db.session.remove()
    return [tuple(row) for row in found]  # type: ignore[misc]


def _send(client: FlaskClient, game: int, fields: dict[str, str], key: str, path: str = "hand") -> Any:
    return client.post(f"/games/{game}/outbox/{path}", data=fields, headers={"Idempotency-Key": key})


def test_the_worker_is_served_at_the_root_with_its_shell_and_a_version_of_it(client: FlaskClient) -> None:
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    text = response.get_data(as_text=True)
    shell = json.loads(re.match(r"var SHELL = (.*);\n", text).group(1))  # type: ignore[union-attr]
    urls = {entry["url"] for entry in shell}
    assert {"/offline", "/static/scorekeeper.css", "/static/offline.js", "/static/outbox.js",
            "/static/manifest.webmanifest", "/static/icons/icon-192.png"} <= urls
    assert all(re.fullmatch(r"[0-9a-f]{16}", entry["revision"]) for entry in shell)
    assert re.search(r'var VERSION = "[0-9a-f]{16}";', text)
    assert "importScripts(\"/static/vendor/workbox/workbox-sw.js\")" in text


def test_the_worker_and_the_offline_page_are_the_same_for_every_account(
        app: Flask, user: FlaskClient, other: FlaskClient) -> None:
    anonymous = app.test_client()
    assert user.get("/sw.js").data == other.get("/sw.js").data == anonymous.get("/sw.js").data
    offline = user.get("/offline").get_data(as_text=True)
    assert offline == anonymous.get("/offline").get_data(as_text=True)
    assert "csrf_token" not in offline and "Sign out" not in offline


def test_the_policy_lets_only_this_sites_worker_run() -> None:
    assert "worker-src 'self'" in CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY


def test_the_session_check_says_who_is_signed_in_and_hands_a_fresh_token(
        app: Flask, user: FlaskClient) -> None:
    signed = user.get("/offline/session")
    assert signed.status_code == 200
    assert signed.headers["Cache-Control"] == "no-store"
    assert signed.json["signed_in"] is True and signed.json["csrf_token"]  # type: ignore[index]
    anonymous = app.test_client().get("/offline/session")
    assert anonymous.status_code == 401
    assert anonymous.json == {"signed_in": False}


def test_a_kept_hand_sent_twice_is_recorded_once_as_the_hand_it_expected(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    first = _send(user, game, HAND, "phone-made-1")
    again = _send(user, game, HAND, "phone-made-1")

    assert first.status_code == 200 and first.json["outcome"] == "recorded"  # type: ignore[index]
    assert first.json["number"] == 1 and first.json["scores"] == {"Ann": 15, "Bob": 0, "Cara": 0}  # type: ignore[index]
    assert again.status_code == 200 and again.json["outcome"] == "recorded"  # type: ignore[index]
    assert _hands(app, game) == [(1, "phone-made-1")]


def test_a_phone_made_id_already_used_for_another_hand_is_refused_not_answered_recorded(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _send(user, game, HAND, "phone-made-1")

    reused = _send(user, game, {**HAND, "expected": "2", "p1-count": "30"}, "phone-made-1")

    assert reused.status_code == 422
    assert reused.json["outcome"] == "refused"  # type: ignore[index]
    assert "already recorded hand 1, a different hand" in reused.json["message"]  # type: ignore[index]
    assert _hands(app, game) == [(1, "phone-made-1")]


def test_a_kept_hand_sent_again_after_another_phone_corrected_it_is_still_answered_recorded(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _send(user, game, HAND, "phone-made-1")
    _send(user, game, {**HAND, "p1-count": "2"}, "fix-1", "hand/1")

    again = _send(user, game, HAND, "phone-made-1")

    assert again.status_code == 200 and again.json["outcome"] == "recorded"  # type: ignore[index]
    assert _hands(app, game) == [(1, "phone-made-1")]


def test_a_kept_hand_whose_number_another_phone_took_is_answered_with_theirs(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _send(user, game, HAND, "first-phone")

    taken = _send(user, game, {**HAND, "p1-count": "7"}, "second-phone")

    assert taken.status_code == 409
    answer = taken.json
    assert answer["outcome"] == "taken" and answer["next"] == 2  # type: ignore[index]
    assert answer["theirs"]["scores"] == {"Ann": 15, "Bob": 0, "Cara": 0}  # type: ignore[index]
    mine = _send(user, game, {**HAND, "p1-count": "7", "expected": "2"}, "second-phone")
    assert mine.json["outcome"] == "recorded" and mine.json["number"] == 2  # type: ignore[index]
    assert _hands(app, game) == [(1, "first-phone"), (2, "second-phone")]


def test_a_kept_hand_the_rules_refuse_is_answered_with_why_and_records_nothing(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    refused = _send(user, game, {**HAND, "out": ""}, "phone-made")

    assert refused.status_code == 422
    assert refused.json["outcome"] == "refused" and refused.json["message"]  # type: ignore[index]
    assert _hands(app, game) == []


def test_a_kept_change_without_its_id_or_from_a_signed_out_phone_is_refused(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    assert user.post(f"/games/{game}/outbox/hand", data=HAND).status_code == 400
    assert _send(user, game, HAND, "x" * 65).status_code == 400
    assert _send(app.test_client(), game, HAND, "anonymous").status_code == 401
    assert _hands(app, game) == []


def test_another_accounts_game_is_not_found(user: FlaskClient, other: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    assert _send(other, game, HAND, "someone-else").status_code == 404


def test_a_kept_undo_sent_twice_undoes_one_hand(app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _send(user, game, HAND, "h1")
    _send(user, game, {**HAND, "expected": "2"}, "h2")

    first = _send(user, game, {"number": "2"}, "undo-1", "undo")
    again = _send(user, game, {"number": "2"}, "undo-1", "undo")

    assert first.json["outcome"] == again.json["outcome"] == "recorded"  # type: ignore[index]
    assert _hands(app, game) == [(1, "h1")]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(IdempotencyRecord)) == 1
        db.session.remove()


def test_a_kept_undo_of_a_hand_no_longer_last_undoes_nothing(app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _send(user, game, HAND, "h1")
    _send(user, game, {**HAND, "expected": "2"}, "h2")  # another phone's hand, after the undo was kept

    refused = _send(user, game, {"number": "1"}, "undo-1", "undo")

    assert refused.status_code == 409 and refused.json["outcome"] == "gone"  # type: ignore[index]
    assert len(_hands(app, game)) == 2


def test_a_kept_correction_and_end_are_made_once(app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _send(user, game, HAND, "h1")
    fix = {"out": "0", "p1-count": "20", "p2-count": "3"}

    assert _send(user, game, fix, "fix-1", "hand/1").json["outcome"] == "recorded"  # type: ignore[index]
    assert _send(user, game, fix, "fix-1", "hand/1").json["outcome"] == "recorded"  # type: ignore[index]
    reused = _send(user, game, {**fix, "p1-count": "21"}, "fix-1", "hand/1")
    assert reused.status_code == 422  # the same id for another change is refused, not answered wrongly
    assert _send(user, game, {}, "end-1", "end").json["outcome"] == "recorded"  # type: ignore[index]
    assert _send(user, game, {}, "end-1", "end").json["outcome"] == "recorded"  # type: ignore[index]
    with app.app_context():
        actions = db.session.scalars(select(Change.action).order_by(Change.id)).all()
        db.session.remove()
    assert actions == ["edit", "end"]


def test_the_outbox_routes_check_csrf_as_every_form_does(
        csrf_app: Flask, client: FlaskClient, start_game: Any) -> None:
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    client.post("/register", data={"email": "ann@example.com", "password": "correct horse"})
    game = start_game(client, "basic", ["Ann", "Bob", "Cara"])
    csrf_app.config["WTF_CSRF_ENABLED"] = True

    for path, fields in (("hand", HAND), ("hand/1", HAND), ("undo", {"number": "1"}), ("end", {})):
        assert _send(client, game, fields, "no-token", path).status_code == 400, path
    token = client.get("/offline/session").json["csrf_token"]  # type: ignore[index]
    sent = client.post(f"/games/{game}/outbox/hand", data=HAND,
                       headers={"Idempotency-Key": "with-token", "X-CSRFToken": token})
    assert sent.status_code == 200
    assert _hands(csrf_app, game) == [(1, "with-token")]
