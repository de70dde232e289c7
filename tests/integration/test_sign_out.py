"""Signing out signs out: a copy of a browser's cookies dies with its sign-in, wherever the copy went.

Each sign-in is a row; its session cookie and its remember-me cookie carry
the row's secret.  The copies here are taken as a thief would take them
(the cookie's value, set on another client) and each is shown to work
before it is shown to be refused, so a test cannot pass by accident.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from flask_login.utils import encode_cookie
from sqlalchemy import func, select, update
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import SignIn, utcnow

SESSION = "session"
REMEMBER = "remember_token"
PASSWORD = "correct horse"


def copy_of(app, client, *names):  # type: ignore[no-untyped-def]
    """A second client holding only these of ``client``'s cookies, copied now."""
    thief = app.test_client()
    for name in names:
        cookie = client.get_cookie(name)
        assert cookie is not None, f"{name} is not set"
        thief.set_cookie(name, cookie.value)
    return thief


def is_signed_in(client) -> bool:  # type: ignore[no-untyped-def]
    response = client.get("/games")
    if response.status_code == 200:
        return True
    assert response.status_code == 302 and response.headers["Location"].startswith("/login"), response.status_code
    return False


def sign_in(app, email, password=PASSWORD):  # type: ignore[no-untyped-def]
    """Another phone, signed in to the account with its own sign-in."""
    phone = app.test_client()
    response = phone.post("/login", data={"email": email, "password": password})
    assert response.status_code == 303, response.status_code
    return phone


def copies(app, client):  # type: ignore[no-untyped-def]
    """Copies of ``client``'s session cookie alone and of its remember-me cookie alone, both working."""
    found = {"session cookie": copy_of(app, client, SESSION), "remember-me cookie": copy_of(app, client, REMEMBER)}
    assert {name: is_signed_in(copy) for name, copy in found.items()} == {name: True for name in found}
    return found


def sign_in_rows(app):  # type: ignore[no-untyped-def]
    with app.app_context():
        found = db.session.scalar(select(func.count()).select_from(SignIn))
        db.session.remove()
        return found


def age_every_sign_in(app, by):  # type: ignore[no-untyped-def]
    with app.app_context():
        db.session.execute(update(SignIn).values(created_at=utcnow() - by))
        db.session.commit()
        db.session.remove()


@pytest.fixture
def ann(client, sign_up):  # type: ignore[no-untyped-def]
    return sign_up(client, email="ann@example.com")


# -- signing out -----------------------------------------------------------------


@pytest.mark.parametrize("cookie", [SESSION, REMEMBER])
def test_a_copy_of_a_cookie_taken_before_sign_out_is_refused_after_it(app, client, ann, cookie):
    thief = copy_of(app, client, cookie)
    assert is_signed_in(thief)

    assert client.post("/logout").status_code == 303

    assert not is_signed_in(thief)
    assert not is_signed_in(client)


def test_a_copy_of_both_cookies_together_is_refused_after_sign_out_too(app, client, ann):
    thief = copy_of(app, client, SESSION, REMEMBER)
    assert is_signed_in(thief)

    client.post("/logout")

    assert not is_signed_in(thief)


def test_signing_out_on_one_phone_leaves_the_accounts_other_phones_signed_in(app, client, ann):
    other_phone = sign_in(app, ann)
    its_copies = copies(app, other_phone)

    client.post("/logout")

    assert is_signed_in(other_phone)
    assert all(is_signed_in(copy) for copy in its_copies.values())


def test_signing_in_again_on_a_browser_ends_the_sign_in_it_had(app, client, ann):
    earlier = copies(app, client)

    assert client.post("/login", data={"email": ann, "password": PASSWORD}).status_code == 303

    assert is_signed_in(client)
    assert not any(is_signed_in(copy) for copy in earlier.values())
    assert sign_in_rows(app) == 1


# -- what the cookies carry ----------------------------------------------------------


def test_a_sign_in_older_than_the_remember_me_duration_is_refused_and_deleted_at_the_next_sign_in(app, client, ann):
    remembered = copy_of(app, client, REMEMBER)
    assert is_signed_in(remembered)
    duration = timedelta(seconds=app.config["REMEMBER_COOKIE_DURATION"])

    age_every_sign_in(app, duration - timedelta(minutes=1))
    assert is_signed_in(remembered)
    age_every_sign_in(app, duration + timedelta(seconds=1))

    assert not is_signed_in(remembered)
    assert not is_signed_in(client)
    sign_in(app, ann)
    assert sign_in_rows(app) == 1  # the expired one went


def test_cookies_from_before_sign_ins_were_recorded_are_refused(app, client, ann):
    with client.session_transaction() as session:
        account_id = session["_user_id"].split(":")[0]
    bare_session = app.test_client()
    with bare_session.session_transaction() as session:
        session["_user_id"] = account_id
        session["_fresh"] = True
    bare_remember = app.test_client()
    with app.test_request_context():
        bare_remember.set_cookie(REMEMBER, encode_cookie(account_id))

    assert not is_signed_in(bare_session)
    assert not is_signed_in(bare_remember)


def test_a_sign_in_is_kept_only_as_the_hash_of_the_secret_the_cookies_carry(app, client, ann):
    with client.session_transaction() as session:
        account_id, secret = session["_user_id"].split(":")
    with app.app_context():
        [(stored_account, key_hash)] = db.session.execute(select(SignIn.account_id, SignIn.key_hash)).all()
        db.session.remove()

    assert len(secret) >= 43  # secrets.token_urlsafe(32)
    assert stored_account == int(account_id)
    assert key_hash == hashlib.sha256(secret.encode()).hexdigest()


def test_a_forged_secret_for_a_real_account_is_refused(app, client, ann):
    with client.session_transaction() as session:
        account_id = session["_user_id"].split(":")[0]
    forger = app.test_client()
    with forger.session_transaction() as session:
        session["_user_id"] = f"{account_id}:not-the-secret"

    assert not is_signed_in(forger)


def test_another_accounts_id_with_this_sign_ins_secret_is_refused(app, client, ann, other):
    with client.session_transaction() as session:
        _, secret = session["_user_id"].split(":")
    with other.session_transaction() as session:
        other_id = session["_user_id"].split(":")[0]
    forger = app.test_client()
    with forger.session_transaction() as session:
        session["_user_id"] = f"{other_id}:{secret}"

    assert not is_signed_in(forger)


# -- CSRF token at sign-in ----------------------------------------------------------


def csrf_token_on(client, path):  # type: ignore[no-untyped-def]
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return page(response).field("csrf_token").attrs["value"]


def raw_csrf_token(client):  # type: ignore[no-untyped-def]
    with client.session_transaction() as session:
        return session.get("csrf_token")


@pytest.mark.parametrize("way_in", ["/login", "/register"])
def test_the_csrf_token_is_a_new_one_after_signing_in_or_registering(csrf_app, client, way_in):
    if way_in == "/login":
        setup = csrf_app.test_client()
        token = csrf_token_on(setup, "/register")
        setup.post("/register", data={"email": "ann@example.com", "password": PASSWORD, "csrf_token": token})
        email = "ann@example.com"
    else:
        email = "bob@example.com"
    before = csrf_token_on(client, way_in)
    raw_before = raw_csrf_token(client)

    response = client.post(way_in, data={"email": email, "password": PASSWORD, "csrf_token": before})
    assert response.status_code == 303

    after = csrf_token_on(client, "/games")
    assert raw_csrf_token(client) != raw_before
    # The token read before signing in posts nothing now (a planted one is worthless); the new one does.
    assert client.post("/logout", data={"csrf_token": before}).status_code == 400
    assert is_signed_in(client)
    assert client.post("/logout", data={"csrf_token": after}).status_code == 303
    assert not is_signed_in(client)
