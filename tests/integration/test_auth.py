"""Register, sign in and sign out; every other page asks who you are first."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from webpage import flashes, page
from werkzeug.security import check_password_hash

from scorekeeper.extensions import db
from scorekeeper.models import Account


def accounts(app):
    with app.app_context():
        found = db.session.scalars(select(Account).order_by(Account.id)).all()
        result = [(account.email, account.password_hash) for account in found]
        db.session.remove()
        return result


def test_register_page_shows_email_and_password_fields(client):
    response = client.get("/register")

    assert response.status_code == 200
    form = page(response)
    assert form.field("email").get("type") == "email"
    assert form.field("password").get("type") == "password"
    assert "At least 10 characters" in form.text


def test_registering_signs_in_and_opens_a_new_game(app, client):
    response = client.post("/register", data={"email": "Ann@Example.com", "password": "correct horse"})

    assert response.status_code == 303
    assert response.headers["Location"] == "/games/new"
    assert client.get("/games").status_code == 200
    [(email, password_hash)] = accounts(app)
    assert email == "ann@example.com"
    assert password_hash != "correct horse"
    assert check_password_hash(password_hash, "correct horse")


def test_a_served_app_hashes_passwords_with_scrypt_at_production_cost_and_the_tests_cheaper(app, client, tmp_path):
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db

    served = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'served.sqlite3'}",
                         "LIVE_STAMPS": ""})
    with served.app_context():
        db.create_all()
        account = services.register("ann@example.com", "correct horse")
        assert account.password_hash.startswith("scrypt:32768:8:1$")
        assert services.authenticate("ann@example.com", "correct horse") is not None
        db.session.remove()
        db.engine.dispose()
    assert client.post("/register", data={"email": "bob@example.com", "password": "correct horse"}).status_code == 303
    [(_, test_hash)] = accounts(app)
    assert test_hash.startswith("scrypt:1024:8:1$")  # still scrypt, salted; a 32nd of the cost


@pytest.mark.parametrize(
    ("email", "password", "field", "message"),
    [
        ("ann@example.com", "short", "password", "Use at least 10 characters (at most 128)."),
        ("ann@example.com", "nine char", "password", "Use at least 10 characters (at most 128)."),
        ("ann@example.com", "x" * 129, "password", "Use at least 10 characters (at most 128)."),
        ("ann@example.com", "Qwertyuiop", "password", "one of the most common ones"),
        ("ann@example.com", "password12", "password", "one of the most common ones"),
        ("ann@example.com", "ann@example.com", "password", "your email address"),
        ("not an email", "correct horse", "email", "Type an email address, like ann@example.com."),
        ("", "correct horse", "email", "Type your email address."),
        ("a" * 243 + "@example.com", "correct horse", "email", "An email address has at most 254 characters."),
        ("ann@example.com", "", "password", "Choose a password."),
    ],
)
def test_register_refuses_bad_fields_next_to_the_field_keeping_the_email(app, client, email, password, field,
                                                                          message):
    response = client.post("/register", data={"email": email, "password": password})

    assert response.status_code == 422
    form = page(response)
    assert message in form.error_near(field)
    assert form.value("email") == email
    assert form.value("password") == ""  # a password is never sent back
    assert accounts(app) == []


def test_register_refuses_an_email_that_has_an_account(app, client, sign_up):
    sign_up(app.test_client(), email="ann@example.com")

    response = client.post("/register", data={"email": "ANN@example.com", "password": "another horse"})

    assert response.status_code == 422
    assert page(response).error_near("email") == (
        "This email cannot be used for a new account. If it is yours, sign in instead (or use another email).")
    assert len(accounts(app)) == 1


def test_sign_in_page_shows_the_form(client):
    response = client.get("/login")

    assert response.status_code == 200
    assert page(response).field("password").get("type") == "password"


def test_sign_in_with_the_right_password_opens_your_games(client, sign_up, app):
    sign_up(app.test_client(), email="ann@example.com")

    response = client.post("/login", data={"email": " Ann@example.com ", "password": "correct horse"})

    assert response.status_code == 303
    assert response.headers["Location"] == "/games"
    assert client.get("/games").status_code == 200


@pytest.mark.parametrize(
    ("email", "password"),
    [("ann@example.com", "wrong horse"), ("nobody@example.com", "correct horse")],
)
def test_sign_in_with_a_wrong_password_says_so_and_keeps_the_email(client, sign_up, app, email, password):
    sign_up(app.test_client(), email="ann@example.com")

    response = client.post("/login", data={"email": email, "password": password})

    assert response.status_code == 422
    form = page(response)
    assert form.error_near("password") == "That email and password do not match an account."
    assert form.value("email") == email
    assert client.get("/games").status_code == 302  # still signed out


@pytest.mark.parametrize("target", ["/games/7", "/players/?x=1", "/games/new?variant=gin"])
def test_sign_in_returns_to_the_page_that_asked(client, sign_up, app, target):
    sign_up(app.test_client(), email="ann@example.com")

    response = client.post("/login?next=" + target.replace("?", "%3F").replace("&", "%26").replace("=", "%3D"),
                           data={"email": "ann@example.com", "password": "correct horse"})

    assert response.status_code == 303
    assert response.headers["Location"] == target


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example/",
        "/\t/evil.example/",
        "http:/evil.example",
        "javascript:alert(1)",
        "evil.example",
    ],
)
def test_sign_in_never_sends_you_off_the_site(client, sign_up, app, target):
    sign_up(app.test_client(), email="ann@example.com")

    response = client.post("/login", query_string={"next": target},
                           data={"email": "ann@example.com", "password": "correct horse"})

    assert response.status_code == 303
    assert response.headers["Location"] == "/games"


@pytest.mark.parametrize("path", ["/games", "/games/new", "/players/", "/games/1", "/games/1/hands/new"])
def test_pages_ask_a_stranger_to_sign_in_first(client, path):
    response = client.get(path)

    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


def test_sign_in_link_comes_back_to_the_asked_page(client, sign_up, app):
    sign_up(app.test_client(), email="ann@example.com")
    asked = client.get("/players/").headers["Location"]

    response = client.post(asked, data={"email": "ann@example.com", "password": "correct horse"})

    assert response.headers["Location"] == "/players/"


def test_home_sends_a_stranger_to_sign_in_and_a_player_to_their_games(client, sign_up):
    assert client.get("/").headers["Location"].startswith("/login")

    sign_up(client)

    assert client.get("/").headers["Location"] == "/games"


def test_sign_out_ends_the_session(user):
    response = user.post("/logout")

    assert response.status_code == 303
    assert response.headers["Location"] == "/login"
    assert "Signed out." in flashes(user.get("/login"))
    assert user.get("/games").status_code == 302


def test_sign_out_forgets_the_remember_me_cookie_too(user):
    user.post("/logout")
    user.delete_cookie("session")

    assert user.get("/games").status_code == 302


def test_sign_out_is_a_post_only(user):
    assert user.get("/logout").status_code == 405
    assert user.get("/games").status_code == 200


def test_every_page_offers_sign_out_as_a_form_button(user):
    header = page(user.get("/games")).one("header")

    form = header.one("form", action="/logout")
    assert form.get("method") == "post"
    assert form.find("button").text == "Sign out"
