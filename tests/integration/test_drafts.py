"""Drafts: each phone at the table types its own seat's input for the next hand.

A draft is kept per hand and seat, the last one typed winning and saying who
typed it; every phone with the form open reads them (304 while unchanged).
Drafts are never part of the game's log, go when the hand is saved, and a
draft for a hand saved meanwhile is refused so the phone can say so.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import HandDraft
from scorekeeper.services.drafts import MAX_DRAFT_FIELDS, MAX_DRAFT_TEXT

NAMES = ["Ann", "Bob", "Cara"]


@pytest.fixture
def game(user, start_game):  # type: ignore[no-untyped-def]
    return start_game(user, "basic", NAMES)


def drafts_url(game: int, number: int = 1) -> str:
    return f"/games/{game}/hands/{number}/drafts"


def send(client, game, seat, fields, by="Bob's phone", number=1):  # type: ignore[no-untyped-def]
    return client.post(drafts_url(game, number), json={"seat": seat, "fields": fields, "by": by})


def test_a_seats_draft_reaches_every_phone_with_who_typed_it(user, game, app):
    assert send(user, game, 1, {"cards": "KH 5D"}).status_code == 200

    shown = user.get(drafts_url(game)).get_json()
    assert shown["next"] == 1 and shown["saved"] is False
    assert [(d["seat"], d["player"], d["fields"], d["by"]) for d in shown["drafts"]] == [
        (1, "Bob", {"cards": "KH 5D"}, "Bob's phone")]


def test_the_last_draft_typed_for_a_seat_wins(user, game):
    send(user, game, 1, {"cards": "KH 5D"}, by="Bob's phone")
    send(user, game, 1, {"count": "7"}, by="the keeper's phone")

    (draft,) = user.get(drafts_url(game)).get_json()["drafts"]
    assert draft["fields"] == {"count": "7"} and draft["by"] == "the keeper's phone"


def test_drafts_are_asked_with_an_etag_and_answered_304_until_one_changes(user, game):
    first = user.get(drafts_url(game))
    etag = first.headers["ETag"]
    assert user.get(drafts_url(game), headers={"If-None-Match": etag}).status_code == 304
    send(user, game, 2, {"count": "3"})
    assert user.get(drafts_url(game), headers={"If-None-Match": etag}).status_code == 200


def test_saving_the_hand_clears_its_drafts_and_they_never_enter_the_log(user, game, record, app):
    send(user, game, 1, {"count": "12"})
    send(user, game, 2, {"count": "3"})
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303

    with app.app_context():
        assert db.session.scalars(select(HandDraft)).all() == []
        db.session.remove()
    export = user.get(f"/games/{game}/export.json").get_json()
    assert "draft" not in repr(export).lower()


def test_a_draft_for_a_hand_saved_meanwhile_is_refused_and_says_it_was_discarded(user, game, record):
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303

    late = send(user, game, 1, {"count": "30"})
    assert late.status_code == 409
    assert late.get_json()["code"] == "hand_saved"
    assert "discarded" in late.get_json()["error"]
    assert late.get_json()["next"] == 2


@pytest.mark.parametrize(("body", "why"), [
    ({"seat": 1, "fields": {"colour": "red"}}, "not a field"),
    ({"seat": 1, "fields": {"cards": 5}}, "must be text"),
    ({"seat": 1, "fields": {"cards": "K" * (MAX_DRAFT_TEXT + 1)}}, "must be text"),
    ({"seat": 1, "fields": {f"f{i}": "" for i in range(MAX_DRAFT_FIELDS + 1)}}, "at most"),
    ({"seat": 7, "fields": {"count": "3"}}, "no seat 8"),
    ({"seat": "1", "fields": {"count": "3"}}, "seat"),
    ([1, 2], "seat"),
])
def test_a_draft_out_of_bounds_is_refused_with_a_reason_and_nothing_kept(user, game, app, body, why):
    refused = user.post(drafts_url(game), json=body)
    assert refused.status_code == 422
    assert why in refused.get_json()["error"]
    with app.app_context():
        assert db.session.scalars(select(HandDraft)).all() == []
        db.session.remove()


def test_a_draft_for_a_hand_past_the_next_is_refused(user, game):
    refused = send(user, game, 1, {"count": "3"}, number=5)
    assert refused.status_code == 409 and refused.get_json()["code"] == "not_next_hand"


def test_another_account_reads_and_writes_no_draft_of_the_game(user, other, game):
    send(user, game, 1, {"count": "12"})
    assert other.get(drafts_url(game)).status_code == 404
    assert send(other, game, 1, {"count": "99"}).status_code == 404
    assert user.get(drafts_url(game)).get_json()["drafts"][0]["fields"] == {"count": "12"}


def test_a_keeper_links_phone_types_its_own_seat(user, game, app):
    assert user.post(f"/games/{game}/keeper").status_code == 303
    shown = user.get(f"/games/{game}").get_data(as_text=True)
    link = re.search(r'href="https?://[^/"]+(/k/[A-Za-z0-9_-]+)"', shown).group(1)
    phone = app.test_client()
    phone.get(link)
    assert send(phone, game, 2, {"count": "8"}, by="Cara's phone").status_code == 200
    assert user.get(drafts_url(game)).get_json()["drafts"][0]["by"] == "Cara's phone"


def test_a_draft_without_the_csrf_header_is_refused_where_csrf_is_on(app, user, game):
    app.config["WTF_CSRF_ENABLED"] = True
    page = user.get(f"/games/{game}/hands/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)

    assert user.post(drafts_url(game), json={"seat": 1, "fields": {"count": "3"}}).status_code == 400
    sent = user.post(drafts_url(game), json={"seat": 1, "fields": {"count": "3"}}, headers={"X-CSRFToken": token})
    assert sent.status_code == 200
