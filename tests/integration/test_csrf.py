"""With CSRF protection on (as in production), every POST without the page's token is refused and changes nothing."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import Player

ENTRY = {"expected": "2", "out": "1", "p0-count": "5", "p2-count": "5"}
OWN_GAME = {"variant": "house", "option-name": "Seven Bridge", "option-entry": "points", "option-scoring": "own",
            "option-lowest_wins": "true"}

# (URL with {game} and {player}, the page whose form posts there, form data)
POSTS = [
    ("/register", "/register", {"email": "new@example.com", "password": "correct horse"}),
    ("/login", "/login", {"email": "ann@example.com", "password": "correct horse"}),
    ("/logout", "/games", {}),
    ("/players/", "/players/", {"name": "Dan"}),
    ("/players/{player}/rename", "/players/{player}/rename", {"name": "Robert"}),
    ("/games/new?variant=gin", "/games/new?variant=gin",
     {"variant": "gin", "first_dealer": "0", "seat-0": "Ann", "seat-1": "Bob"}),
    ("/games/{game}/hands/new", "/games/{game}/hands/new", ENTRY),
    ("/games/{game}/hands/1/edit", "/games/{game}/hands/1/edit", {"out": "0", "p1-count": "40", "p2-count": "3"}),
    ("/games/{game}/undo", "/games/{game}", {}),
    ("/games/{game}/end", "/games/{game}", {}),
    ("/games/{game}/rematch", "/games/{game}", {}),
    ("/games/{game}/delete", "/games/{game}/delete", {}),
    ("/games/{game}/share", "/games/{game}", {}),
    ("/games/{game}/keeper", "/games/{game}", {}),
    ("/settings/account/password", "/settings/account/",
     {"current_password": "correct horse", "new_password": "battery staple hinge"}),
    ("/settings/account/sign-out-everywhere", "/settings/account/", {}),
    ("/games/own/new", "/games/own/new", OWN_GAME),
    ("/games/own/{type}/edit", "/games/own/{type}/edit", {**OWN_GAME, "option-scoring": "zero_sum"}),
    ("/games/own/{type}/delete", "/games/own/{type}/delete", {}),
]
IDS = [url for url, _, _ in POSTS]
# A file upload is checked in its own tests (test_backup.py): its form data cannot be shared between tests.
# Turning off a live link changes nothing when there is none: test_share.py checks it with one.
CHECKED_ELSEWHERE = {"/backup/import", "/games/{game}/share/revoke", "/games/{game}/keeper/revoke",
                     "/games/{game}/hands/1/drafts"}  # JSON with its header: test_drafts.py
# The entry form's preview saves nothing (there is no change to see): test_hand_preview.py checks its token.
CHECKED_ELSEWHERE |= {"/games/{game}/hands/preview"}
# The API tokens page: test_api_tokens.py. The API itself takes no cookie, only
# a bearer token, so it is exempt from CSRF checks (test_api.py shows a
# signed-in cookie gets 401 there).
# What a phone kept offline, sent with a fresh token from /offline/session: test_offline_routes.py.
CHECKED_ELSEWHERE |= {"/games/{game}/outbox/hand", "/games/{game}/outbox/hand/1", "/games/{game}/outbox/undo",
                      "/games/{game}/outbox/end"}
# The language switch changes only what a phone reads and takes no token (every page carries it,
# a live view's too, without a session): test_language.py.
CHECKED_ELSEWHERE |= {"/language"}
CHECKED_ELSEWHERE |= {"/settings/tokens/", "/settings/tokens/{token}/revoke", "/api/v1/games",
                      "/api/v1/games/{game}/end", "/api/v1/games/{game}/hands", "/api/v1/games/{game}/undo"}


def csrf_token_on(client, path):
    """The CSRF token the page's forms carry, as a browser would send it."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return page(response).field("csrf_token").attrs["value"]


def sign_up_with_token(client, email="ann@example.com"):
    token = csrf_token_on(client, "/register")
    response = client.post("/register", data={"email": email, "password": "correct horse", "csrf_token": token})
    assert response.status_code == 303


@pytest.fixture
def owned(csrf_app, client):  # type: ignore[no-untyped-def]
    """A signed-in account (CSRF on throughout) with a Basic game of one hand, played as a phone would."""
    sign_up_with_token(client)
    form = page(client.get("/games/new?variant=basic")).form_data()
    form.update({"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara"})
    response = client.post("/games/new?variant=basic", data=form)
    assert response.status_code == 303
    game = int(re.search(r"/games/(\d+)", response.headers["Location"]).group(1))
    entry = page(client.get(f"/games/{game}/hands/new")).form_data()
    entry.update({"out": "0", "p1-count": "12", "p2-count": "3"})
    assert client.post(f"/games/{game}/hands/new", data=entry).status_code == 303
    own = {**page(client.get("/games/own/new")).form_data(), **OWN_GAME, "option-name": "Our Marriage"}
    response = client.post("/games/own/new", data=own)
    assert response.status_code == 303
    kept = int(response.headers["Location"].rsplit("=", 1)[1])
    with csrf_app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.name == "Bob"))
        db.session.remove()
    return {"game": game, "player": player, "type": kept}


@pytest.mark.parametrize(("url", "form_page", "data"), POSTS, ids=IDS)
def test_a_post_without_the_token_is_refused_and_changes_nothing(client, owned, rows, url, form_page, data):
    before = rows()

    response = client.post(url.format(**owned), data=data)

    assert response.status_code == 400
    assert "This form is stale or came from somewhere else." in page(response).text
    assert "nothing was saved" in page(response).text
    assert rows() == before
    assert client.get("/games").status_code == 200  # still signed in (logout refused too)


@pytest.mark.parametrize(("url", "form_page", "data"), POSTS, ids=IDS)
def test_a_post_with_a_wrong_token_is_refused_too(client, owned, rows, url, form_page, data):
    before = rows()

    response = client.post(url.format(**owned), data={**data, "csrf_token": "forged"})

    assert response.status_code == 400
    assert rows() == before


@pytest.mark.parametrize(("url", "form_page", "data"), POSTS, ids=IDS)
def test_a_post_with_the_pages_token_goes_through(client, owned, rows, url, form_page, data):
    before = rows()
    token = csrf_token_on(client, form_page.format(**owned))
    if url == "/login":
        client.post("/logout", data={"csrf_token": token})
    if url == "/register":
        client.post("/logout", data={"csrf_token": token})
        token = csrf_token_on(client, "/register")
    if url.endswith("/hands/new"):
        data = {**page(client.get(url.format(**owned))).form_data(), **data}

    response = client.post(url.format(**owned), data={**data, "csrf_token": token})

    assert response.status_code == 303, page(response).text[:300]
    assert rows() != before or url in ("/login", "/logout")


def test_a_token_from_another_session_is_refused(csrf_app, client, owned, rows):
    stranger = csrf_app.test_client()
    sign_up_with_token(stranger, "mallory@example.com")
    before = rows()
    token = csrf_token_on(stranger, "/games")

    response = client.post(f"/games/{owned['game']}/undo", data={"csrf_token": token})

    assert response.status_code == 400
    assert rows() == before


def test_every_post_route_is_checked(app):
    routes = {
        re.sub(r"<(?:\w+:)?(\w+)>", lambda arg: {"game_id": "{game}", "player_id": "{player}",
                                                  "number": "1", "token_id": "{token}",
                                                  "type_id": "{type}"}[arg.group(1)], rule.rule)
        for rule in app.url_map.iter_rules()
        if "POST" in rule.methods
    }

    assert routes == {url.split("?")[0] for url, _, _ in POSTS} | CHECKED_ELSEWHERE
