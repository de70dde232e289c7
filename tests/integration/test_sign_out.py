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
from webpage import flashes, page
from werkzeug.security import check_password_hash

from scorekeeper.extensions import db
from scorekeeper.models import Account, SignIn, utcnow
from scorekeeper.services import api_tokens

SESSION = "session"
REMEMBER = "remember_token"
PASSWORD = "correct horse"
NEW_PASSWORD = "battery staple hinge"


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


def password_hash_of(app, email):  # type: ignore[no-untyped-def]
    with app.app_context():
        found = db.session.scalar(select(Account.password_hash).where(Account.email == email))
        db.session.remove()
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


# -- sign out everywhere -----------------------------------------------------------


def test_sign_out_everywhere_refuses_every_sign_in_the_one_that_pressed_it_too(app, client, ann):
    other_phone = sign_in(app, ann)
    all_copies = {**copies(app, client), **{f"other phone's {k}": v for k, v in copies(app, other_phone).items()}}

    response = client.post("/settings/account/sign-out-everywhere")

    assert response.status_code == 303
    assert response.headers["Location"] == "/login"
    assert "Signed out on every phone and browser, this one too. API tokens still work." in flashes(
        client.get("/login"))
    assert not is_signed_in(client)
    assert not is_signed_in(other_phone)
    assert {name: is_signed_in(copy) for name, copy in all_copies.items()} == {name: False for name in all_copies}
    assert sign_in_rows(app) == 0


def test_sign_out_everywhere_leaves_another_accounts_sign_ins_alone(app, client, ann, other):
    client.post("/settings/account/sign-out-everywhere")

    assert is_signed_in(other)


# -- a new password ----------------------------------------------------------------


def test_a_new_password_refuses_every_other_sign_in_and_keeps_this_phone_signed_in(app, client, ann):
    other_phone = sign_in(app, ann)
    others = copies(app, other_phone)
    this_phones_old_cookies = copies(app, client)

    response = client.post("/settings/account/password",
                           data={"current_password": PASSWORD, "new_password": NEW_PASSWORD})

    assert response.status_code == 303
    assert response.headers["Location"] == "/settings/account/"
    assert "Password changed. Every other phone and browser is signed out; this one stays signed in." in flashes(
        client.get("/settings/account/"))
    assert is_signed_in(client)
    assert not is_signed_in(other_phone)
    assert not any(is_signed_in(copy) for copy in others.values())
    # This phone goes on through a new sign-in: what was copied of it before is refused as well.
    assert not any(is_signed_in(copy) for copy in this_phones_old_cookies.values())
    copies(app, client)  # and both of its new cookies carry the new sign-in
    assert sign_in_rows(app) == 1


def test_the_new_password_signs_in_and_the_old_one_no_longer_does(app, client, ann):
    client.post("/settings/account/password", data={"current_password": PASSWORD, "new_password": NEW_PASSWORD})

    assert app.test_client().post("/login", data={"email": ann, "password": PASSWORD}).status_code == 422
    assert is_signed_in(sign_in(app, ann, NEW_PASSWORD))


def test_a_wrong_current_password_says_so_next_to_it_and_changes_nothing(app, client, ann):
    other_phone = sign_in(app, ann)
    before = password_hash_of(app, ann)

    response = client.post("/settings/account/password",
                           data={"current_password": "wrong horse", "new_password": NEW_PASSWORD})

    assert response.status_code == 422
    form = page(response)
    assert form.error_near("current_password") == (
        "That is not your current password, so nothing was changed: type both passwords again.")
    assert form.error_near("new_password") == ""
    assert form.value("current_password") == form.value("new_password") == ""  # a password is never sent back
    assert password_hash_of(app, ann) == before
    assert check_password_hash(password_hash_of(app, ann), PASSWORD)
    assert is_signed_in(client) and is_signed_in(other_phone)


@pytest.mark.parametrize(
    ("new_password", "message"),
    [
        ("short", "Use at least 10 characters (at most 128)."),
        ("x" * 129, "Use at least 10 characters (at most 128)."),
        ("Qwertyuiop", "That password is one of the most common ones: pick something less guessable."),
        ("ann@example.com", "A password that is your email address is the first thing anyone tries"),
        ("", "Choose a password."),
    ],
)
def test_a_new_password_registering_would_refuse_is_refused_next_to_it(app, client, ann, new_password, message):
    before = password_hash_of(app, ann)

    response = client.post("/settings/account/password",
                           data={"current_password": PASSWORD, "new_password": new_password})

    assert response.status_code == 422
    assert message in page(response).error_near("new_password")
    assert password_hash_of(app, ann) == before


def test_wrong_current_passwords_are_throttled_like_failed_sign_ins(app, client, ann):
    for _ in range(5):
        client.post("/settings/account/password", data={"current_password": "wrong horse",
                                                         "new_password": NEW_PASSWORD})
    before = password_hash_of(app, ann)

    response = client.post("/settings/account/password",
                           data={"current_password": PASSWORD, "new_password": NEW_PASSWORD})

    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) > 0
    assert "Too many tries" in page(response).error_near("current_password")
    assert password_hash_of(app, ann) == before
    # The same count as the sign-in page's for this phone: guessing here is guessing there.
    assert client.post("/login", data={"email": ann, "password": PASSWORD}).status_code == 429


def test_a_stolen_session_guessing_the_current_password_locks_out_only_phones_the_account_never_knew(
        app, client, ann):
    """The thief's browser holds no device cookie for the account: its failures are the untrusted clients'."""
    thief = copy_of(app, client, "session")
    for _ in range(5):
        thief.post("/settings/account/password", data={"current_password": "wrong horse",
                                                        "new_password": NEW_PASSWORD})

    assert app.test_client().post("/login", data={"email": ann, "password": PASSWORD}).status_code == 429
    assert client.post("/settings/account/password",
                       data={"current_password": PASSWORD, "new_password": NEW_PASSWORD}).status_code == 303


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


def test_the_account_forms_post_with_the_pages_csrf_token_only(csrf_app, client):
    token = csrf_token_on(client, "/register")
    client.post("/register", data={"email": "ann@example.com", "password": PASSWORD, "csrf_token": token})
    fields = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}

    assert client.post("/settings/account/password", data=fields).status_code == 400
    assert client.post("/settings/account/sign-out-everywhere").status_code == 400
    assert check_password_hash(password_hash_of(csrf_app, "ann@example.com"), PASSWORD)

    token = csrf_token_on(client, "/settings/account/")
    assert client.post("/settings/account/password", data={**fields, "csrf_token": token}).status_code == 303
    token = csrf_token_on(client, "/settings/account/")  # a new sign-in: a new token
    assert client.post("/settings/account/sign-out-everywhere", data={"csrf_token": token}).status_code == 303
    assert not is_signed_in(client)


# -- the page ---------------------------------------------------------------------


def test_the_account_page_is_linked_from_the_header_and_says_where_you_are_signed_in(app, client, ann):
    sign_in(app, ann)

    header = page(client.get("/games")).one("header")
    assert header.one("a", href="/settings/account/").text == "Account"
    response = client.get("/settings/account/")

    assert response.status_code == 200
    shown = page(response)
    assert "Signed in as ann@example.com." in shown.text
    assert "signed in on 2 phones or browsers, this one included" in shown.text
    assert shown.one("form", action="/settings/account/sign-out-everywhere").find("button").text == (
        "Sign out everywhere")
    password_form = shown.one("form", action="/settings/account/password")
    assert password_form.field("current_password").get("autocomplete") == "current-password"
    assert password_form.field("new_password").get("autocomplete") == "new-password"
    assert "Neither touches your API tokens" in shown.text


def test_the_account_page_asks_a_stranger_to_sign_in(client):
    response = client.get("/settings/account/")

    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


def test_api_tokens_keep_working_after_a_new_password_and_sign_out_everywhere(app, client, ann):
    with app.app_context():
        _, secret = api_tokens.create_token(db.session.scalar(select(Account)), "score bot")
        db.session.remove()
    headers = {"Authorization": f"Bearer {secret}"}

    client.post("/settings/account/password", data={"current_password": PASSWORD, "new_password": NEW_PASSWORD})
    client.post("/settings/account/sign-out-everywhere")

    assert app.test_client().get("/api/v1/games", headers=headers).status_code == 200
