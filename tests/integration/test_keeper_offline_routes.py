"""Keeper phones offline (issue 24): a phone that opened a game's keeper link, with no
account, sends what it kept to the outbox's routes as the owner's phone does, once
each; once the owner turns the link off it is told so, plainly, and nothing is
recorded.  Its pages say whom they were drawn for, so the service worker never shows
a kept copy to anyone else on the phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import Change, Game, HandEntry

NAMES = ["Ann", "Bob", "Cara"]
HAND = {"expected": "1", "out": "0", "p1-count": "12", "p2-count": "3"}
KEEPER_ID = re.compile(r"k\d+-[0-9a-f]{16}")


def _open_keeper_link(owner: FlaskClient, phone: FlaskClient, game: int) -> str:
    """The owner turns the link on; the phone opens it as the page shows it."""
    assert owner.post(f"/games/{game}/keeper").status_code == 303
    panel = page(owner.get(f"/games/{game}")).one("section", id="keeper")
    link = next(a.get("href") or "" for a in panel.find_all("a") if "/k/" in (a.get("href") or ""))
    assert phone.get(re.sub(r"^https?://[^/]+", "", link)).status_code == 303
    return link


def _send(client: FlaskClient, game: int, fields: dict[str, str], key: str, path: str = "hand") -> Any:
    return client.post(f"/games/{game}/outbox/{path}", data=fields, headers={"Idempotency-Key": key})


def _hands(app: Flask, game: int) -> list[tuple[int, str | None, str | None]]:
    with app.app_context():
        found = db.session.execute(select(HandEntry.number, HandEntry.token, HandEntry.via)
                                   .where(HandEntry.game_id == game).order_by(HandEntry.number)).all()
        db.session.remove()
    return [tuple(row) for row in found]  # type: ignore[misc]


@pytest.fixture
def phone(app: Flask) -> FlaskClient:
    """A phone at the table with no account."""
    return app.test_client()


@pytest.fixture
def game(user: FlaskClient, start_game: Any) -> int:
    game_id: int = start_game(user, "basic", NAMES)
    return game_id


def test_a_keeper_phones_session_check_names_its_link_and_hands_it_a_token(
        user: FlaskClient, phone: FlaskClient, game: int) -> None:
    assert phone.get("/offline/session").status_code == 401  # nothing yet: no account, no link
    _open_keeper_link(user, phone, game)

    answer = phone.get("/offline/session")

    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert answer.json["signed_in"] is False and answer.json["csrf_token"]  # type: ignore[index]
    [identity] = answer.json["keeping"]  # type: ignore[index]
    assert KEEPER_ID.fullmatch(identity) and identity.startswith(f"k{game}-")
    # The page the phone keeps says the same identity, for its outbox and its drafts.
    body = page(phone.get(f"/games/{game}")).one("body")
    assert body.get("data-keeper") == identity and body.get("data-account") is None
    assert user.get("/offline/session").json["keeping"] == []  # type: ignore[index]


def test_a_keeper_phones_kept_hand_correction_and_undo_are_made_once_each_and_named_in_the_log(
        app: Flask, user: FlaskClient, phone: FlaskClient, game: int) -> None:
    _open_keeper_link(user, phone, game)

    first = _send(phone, game, HAND, "keeper-hand-1")
    again = _send(phone, game, HAND, "keeper-hand-1")  # its answer was lost: sent again
    second = _send(phone, game, {"expected": "2", "out": "1", "p0-count": "5", "p2-count": "3"}, "keeper-hand-2")
    fixed = _send(phone, game, {"out": "0", "p1-count": "20", "p2-count": "3"}, "keeper-edit", "hand/1")
    fixed_again = _send(phone, game, {"out": "0", "p1-count": "20", "p2-count": "3"}, "keeper-edit", "hand/1")
    undone = _send(phone, game, {"number": "2"}, "keeper-undo", "undo")

    assert [r.json["outcome"] for r in (first, again, second, fixed, fixed_again, undone)] == ["recorded"] * 6
    assert again.json["again"] is True  # type: ignore[index]
    assert _hands(app, game) == [(1, "keeper-hand-1", "keeper")]
    with app.app_context():
        assert [(c.action, c.via) for c in db.session.scalars(select(Change).order_by(Change.id))] == [
            ("record", "keeper"), ("record", "keeper"), ("edit", "keeper"), ("undo", "keeper")]
        db.session.remove()
    log = page(user.get(f"/games/{game}")).one("section", cls="changes").text
    assert log.count("(from a keeper link)") == 4


def test_a_keeper_phone_cannot_end_the_game_through_the_outbox(
        app: Flask, user: FlaskClient, phone: FlaskClient, game: int) -> None:
    _open_keeper_link(user, phone, game)
    assert _send(phone, game, HAND, "keeper-hand").json["outcome"] == "recorded"  # type: ignore[index]

    refused = _send(phone, game, {}, "keeper-end", "end")

    assert refused.status_code == 401 and refused.json["outcome"] == "signed_out"  # type: ignore[index]
    with app.app_context():
        assert db.session.get(Game, game).ended is False  # type: ignore[union-attr]
        db.session.remove()


def test_once_the_owner_turns_the_link_off_a_kept_hand_is_refused_with_a_reason_the_phone_can_show(
        app: Flask, user: FlaskClient, phone: FlaskClient, game: int) -> None:
    _open_keeper_link(user, phone, game)
    assert user.post(f"/games/{game}/keeper/revoke").status_code == 303

    for path, fields in (("hand", HAND), ("hand/1", HAND), ("undo", {"number": "1"})):
        refused = _send(phone, game, fields, f"after-{path}", path)
        assert refused.status_code == 403, path
        assert refused.json["outcome"] == "link_off", path  # type: ignore[index]
        assert "turned its keeper link off" in refused.json["message"]  # type: ignore[index]
        assert "not recorded" in refused.json["message"]  # type: ignore[index]
    assert _hands(app, game) == []
    # Still a phone of that link, so its outbox still tries (and is told), but no page of the game opens.
    assert phone.get("/offline/session").json["keeping"]  # type: ignore[index]
    assert phone.get(f"/games/{game}").status_code == 404


def test_a_phone_with_neither_account_nor_link_is_told_to_sign_in_and_one_games_link_sends_to_no_other(
        user: FlaskClient, phone: FlaskClient, app: Flask, game: int, start_game: Any) -> None:
    assert _send(phone, game, HAND, "nobody").json["outcome"] == "signed_out"  # type: ignore[index]
    other_game = start_game(user, "basic", ["Dan", "Eve"])
    _open_keeper_link(user, phone, game)
    # The link of one game lets the phone into no other: for that one it is a phone with nothing.
    elsewhere = _send(phone, other_game, {"expected": "1", "out": "0", "p1-count": "3"}, "elsewhere")
    assert elsewhere.status_code == 401 and elsewhere.json["outcome"] == "signed_out"  # type: ignore[index]
    assert _hands(app, other_game) == []


def test_a_keeper_phone_sends_with_the_token_its_session_check_gave_it(
        csrf_app: Flask, client: FlaskClient, phone: FlaskClient, start_game: Any) -> None:
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    client.post("/register", data={"email": "ann@example.com", "password": "correct horse"})
    game = start_game(client, "basic", NAMES)
    _open_keeper_link(client, phone, game)
    csrf_app.config["WTF_CSRF_ENABLED"] = True

    assert _send(phone, game, HAND, "no-token").status_code == 400
    token = phone.get("/offline/session").json["csrf_token"]  # type: ignore[index]
    sent = phone.post(f"/games/{game}/outbox/hand", data=HAND,
                      headers={"Idempotency-Key": "with-token", "X-CSRFToken": token})
    assert sent.status_code == 200
    assert _hands(csrf_app, game) == [(1, "with-token", "keeper")]


def test_each_page_says_whom_it_was_drawn_for_and_whom_the_phone_is_now(
        user: FlaskClient, other: FlaskClient, phone: FlaskClient, game: int) -> None:
    owner_id = user.get("/offline/session").json["account"]  # type: ignore[index]
    owned = user.get(f"/games/{game}")
    assert owned.headers["X-Scorekeeper-For"] == str(owner_id)
    assert owned.headers["X-Scorekeeper-Viewer"] == str(owner_id)
    assert user.get(f"/games/{game}/log.json").headers["X-Scorekeeper-For"] == str(owner_id)

    _open_keeper_link(user, phone, game)
    kept = phone.get(f"/games/{game}")
    identity = phone.get("/offline/session").json["keeping"][0]  # type: ignore[index]
    assert kept.headers["X-Scorekeeper-For"] == identity
    assert kept.headers["X-Scorekeeper-Viewer"] == identity
    assert phone.get(f"/games/{game}/hands/new").headers["X-Scorekeeper-For"] == identity

    # Another account on the same phone: the keeper's copies are not drawn for it.
    signed_in = phone.get("/login")
    assert signed_in.headers["X-Scorekeeper-Viewer"] == identity
    assert "X-Scorekeeper-For" not in signed_in.headers
    other_id = other.get("/offline/session").json["account"]  # type: ignore[index]
    assert other.get("/games").headers["X-Scorekeeper-Viewer"] == str(other_id)
    # Refusals are never drawn for anyone, so never kept.
    assert "X-Scorekeeper-For" not in other.get(f"/games/{game}").headers


def test_a_game_page_whose_keeper_link_went_off_lists_what_the_phone_kept_for_it_not_a_bare_not_found(
        app: Flask, user: FlaskClient, phone: FlaskClient, game: int) -> None:
    _open_keeper_link(user, phone, game)
    assert user.post(f"/games/{game}/keeper/revoke").status_code == 303
    stranger = app.test_client()

    gone = phone.get(f"/games/{game}")
    unknown = phone.get(f"/games/{game + 1}")

    assert gone.status_code == 404
    shown = page(gone)
    assert shown.one("h1").text == "The keeper link is off"
    body = shown.one("body")
    assert body.get("data-link-off") == str(game) and KEEPER_ID.fullmatch(body.get("data-keeper") or "")
    assert shown.one("ul", id="kept") is not None
    assert 'src="/static/offline.js"' in gone.get_data(as_text=True)  # the outbox draws the list
    assert unknown.status_code in (302, 404) and "data-link-off" not in unknown.get_data(as_text=True)
    assert "data-link-off" not in stranger.get(f"/games/{game}").get_data(as_text=True)
