"""The API tokens settings page: a token is made and named, shown once, kept hashed, listed and revoked."""

from __future__ import annotations

import hashlib
import re

import pytest
from apikit import Api, make_token, token_form
from sqlalchemy import select
from webpage import flashes, page

from scorekeeper.extensions import db
from scorekeeper.models import ApiToken


def tokens_stored(app):  # type: ignore[no-untyped-def]
    with app.app_context():
        found = [(t.name, t.token_hash, t.prefix, t.last_used_at, t.revoked_at)
                 for t in db.session.scalars(select(ApiToken).order_by(ApiToken.id))]
        db.session.remove()
        return found


def test_the_nav_links_the_api_tokens_page(user):
    nav = page(user.get("/games")).one("nav")

    assert "/settings/tokens/" in [link.get("href") for link in nav.find_all("a")]


def test_the_page_needs_a_signed_in_account(client):
    response = client.get("/settings/tokens/")

    assert response.status_code == 302
    assert "/login" in response.headers["Location"]


def test_a_new_token_is_shown_once_and_only_its_hash_is_kept(app, user):
    response = user.post("/settings/tokens/", data=token_form(user, "  league   bot "))

    secret = page(response).one("code", id="new-token").text
    assert re.fullmatch(r"sk_[A-Za-z0-9_-]{43}", secret)
    assert response.headers["Cache-Control"] == "no-store"
    [(name, token_hash, prefix, last_used, revoked)] = tokens_stored(app)
    assert (name, last_used, revoked) == ("league bot", None, None)
    assert token_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret.startswith(prefix) and len(prefix) == 9
    listed = user.get("/settings/tokens/")
    assert secret not in listed.get_data(as_text=True)
    assert prefix in page(listed).one("ul", cls="tokens").text
    assert "league bot" in page(listed).one("ul", cls="tokens").text


def test_the_form_sent_again_by_a_reload_makes_no_second_token(app, user):
    form = token_form(user, "score bot")
    assert user.post("/settings/tokens/", data=form).status_code == 200

    again = user.post("/settings/tokens/", data=form)  # the browser's "send again?" after a reload

    assert again.status_code == 422
    assert "sent already" in page(again).error_near("name")
    assert page(again).find("code", id="new-token") is None
    assert len(tokens_stored(app)) == 1
    assert user.post("/settings/tokens/", data=token_form(user, "second")).status_code == 200
    assert len(tokens_stored(app)) == 2


def test_two_tokens_are_different_and_both_work(app, user):
    first, second = make_token(user, "one"), make_token(user, "two")

    assert first != second
    assert Api(app, first).get("/games").status_code == Api(app, second).get("/games").status_code == 200


def test_the_list_says_when_a_token_was_last_used(app, user):
    token = make_token(user)
    assert "never used" in page(user.get("/settings/tokens/")).one("ul", cls="tokens").text

    Api(app, token).get("/variants")

    text = page(user.get("/settings/tokens/")).one("ul", cls="tokens").text
    assert "last used" in text
    assert tokens_stored(app)[0][3] is not None


@pytest.mark.parametrize(("name", "message"), [
    ("", "Name the token (what will use it?)."),
    ("x" * 61, "Keep it to 60 characters."),
    ("bot\u0007", "Use letters, digits, spaces and punctuation only."),
])
def test_a_token_needs_a_short_name(app, user, name, message):
    response = user.post("/settings/tokens/", data=token_form(user, name))

    assert response.status_code == 422
    assert page(response).error_near("name") == message
    assert tokens_stored(app) == []


def test_revoking_a_token_stops_it_and_takes_it_off_the_list(app, user):
    token = make_token(user, "old script")
    [token_id] = _ids(app)

    response = user.post(f"/settings/tokens/{token_id}/revoke")

    assert response.status_code == 303
    assert "The token “old script” is revoked: requests that use it are refused from now on." in flashes(
        user.get("/settings/tokens/"))
    assert "old script" not in page(user.get("/settings/tokens/")).text
    assert tokens_stored(app)[0][4] is not None
    assert Api(app, token).get("/games").status_code == 401


def test_another_accounts_token_cannot_be_revoked_from_here(app, user, other):
    token = make_token(user)
    [token_id] = _ids(app)

    response = other.post(f"/settings/tokens/{token_id}/revoke")

    assert response.status_code == 404
    assert tokens_stored(app)[0][4] is None
    assert Api(app, token).get("/games").status_code == 200


def test_creating_and_revoking_need_the_pages_csrf_token(csrf_app, client, sign_up):
    form = page(client.get("/register")).form_data()
    client.post("/register", data={**form, "email": "ann@example.com", "password": "correct horse"})

    refused = client.post("/settings/tokens/", data={"name": "bot"})
    assert refused.status_code == 400
    assert tokens_stored(csrf_app) == []

    form = page(client.get("/settings/tokens/")).form_data()
    made = client.post("/settings/tokens/", data={**form, "name": "bot"})
    assert made.status_code == 200
    [token_id] = _ids(csrf_app)
    assert client.post(f"/settings/tokens/{token_id}/revoke").status_code == 400
    assert tokens_stored(csrf_app)[0][4] is None


def _ids(app):  # type: ignore[no-untyped-def]
    with app.app_context():
        found = list(db.session.scalars(select(ApiToken.id).order_by(ApiToken.id)))
        db.session.remove()
        return found
