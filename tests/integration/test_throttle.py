"""Sign-in throttling: guessing an account's password is refused for a while, and nobody else is."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from sqlalchemy import func, select
from webpage import page

from scorekeeper import create_app
from scorekeeper.services import throttle
from scorekeeper.extensions import db
from scorekeeper.models import SignInAttempt, utcnow
from scorekeeper.web import devices

WRONG = {"email": "ann@example.com", "password": "wrong horse"}
RIGHT = {"email": "ann@example.com", "password": "correct horse"}


@pytest.fixture
def ann(app, sign_up):
    sign_up(app.test_client(), email="ann@example.com")


def sign_in(client, data, address="192.0.2.1"):
    return client.post("/login", data=data, environ_base={"REMOTE_ADDR": address})


def attempts(app):
    with app.app_context():
        found = db.session.scalar(select(func.count()).select_from(SignInAttempt))
        db.session.remove()
        return found


def test_five_failures_for_an_email_refuse_even_the_right_password_from_a_phone_it_never_signed_in_on(client, ann):
    for _ in range(throttle.PER_ACCOUNT):
        assert sign_in(client, WRONG).status_code == 422

    response = sign_in(client, RIGHT)

    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 15 * 60
    assert page(response).error_near("password") == (
        "Too many tries with this email. Wait 15 minutes and try again. "
        "A phone that signed in to this account before can still sign in.")
    assert client.get("/games").status_code == 302  # not signed in


def test_a_refusal_is_logged_without_the_email_or_the_address(client, ann, caplog):
    for _ in range(throttle.PER_ACCOUNT):
        sign_in(client, WRONG, address="192.0.2.44")

    with caplog.at_level(logging.WARNING):
        response = sign_in(client, RIGHT, address="192.0.2.44")

    assert f"auth.login refused for {response.headers['Retry-After']}s after too many failures (request " \
           f"{response.headers['X-Request-ID']})" in caplog.text
    assert "ann@" not in caplog.text and "192.0.2.44" not in caplog.text


def test_guessing_one_email_is_still_slowed_from_every_address_and_only_that_email(client, ann, sign_up, app):
    sign_up(app.test_client(), email="bob@example.com")
    for _ in range(throttle.PER_ACCOUNT):
        sign_in(client, WRONG, address="192.0.2.1")

    # Guessing one e-mail is slowed from any number of addresses.
    assert sign_in(app.test_client(), RIGHT, address="198.51.100.7").status_code == 429
    assert sign_in(client, {"email": "bob@example.com", "password": "correct horse"}).status_code == 303


def test_an_email_without_an_account_is_throttled_the_same_so_nothing_tells_them_apart(client, ann):
    nobody = {"email": "nobody@example.com", "password": "wrong horse"}
    answers = [sign_in(client, data) for data in (WRONG, nobody) for _ in range(throttle.PER_ACCOUNT + 1)]

    assert [response.status_code for response in answers] == ([422] * 5 + [429]) * 2
    assert page(answers[0]).error_near("password") == page(answers[6]).error_near("password")
    assert page(answers[5]).error_near("password") == page(answers[11]).error_near("password")


def test_another_users_correct_password_is_never_refused_for_an_addresses_failures(app, client, ann, sign_up):
    """A café's Wi-Fi: a guesser's failures, past any count, refuse nobody else behind the same address."""
    sign_up(app.test_client(), email="bob@example.com")
    for number in range(throttle.PER_ADDRESS):
        sign_in(client, {"email": f"guess{number}@example.com", "password": "wrong horse"}, address="203.0.113.5")
    for _ in range(throttle.PER_ACCOUNT):
        sign_in(client, WRONG, address="203.0.113.5")

    bobs_new_phone = sign_in(app.test_client(), {"email": "bob@example.com", "password": "correct horse"},
                             address="203.0.113.5")
    registering = app.test_client().post("/register", data={"email": "cara@example.com", "password": "another horse"},
                                         environ_base={"REMOTE_ADDR": "203.0.113.5"})

    assert bobs_new_phone.status_code == 303
    assert registering.status_code == 303


def test_the_owners_known_phone_signs_in_while_strangers_have_locked_the_email_out(app, ann):
    owners_phone = app.test_client()
    assert sign_in(owners_phone, RIGHT).status_code == 303  # the phone is known to Ann's account from now on
    owners_phone.post("/logout")
    stranger = app.test_client()
    for _ in range(throttle.PER_ACCOUNT):
        sign_in(stranger, WRONG, address="192.0.2.1")  # the same address as the owner's phone, too
    assert sign_in(stranger, RIGHT).status_code == 429
    assert sign_in(app.test_client(), RIGHT, address="198.51.100.3").status_code == 429  # any phone not known

    assert sign_in(owners_phone, RIGHT, address="192.0.2.1").status_code == 303
    assert owners_phone.get("/games").status_code == 200


def test_a_known_phone_has_its_own_count_so_its_cookie_guesses_no_faster(app, ann):
    """A device cookie taken along with a phone buys PER_ACCOUNT tries, as anyone has, and locks only itself."""
    known = app.test_client()
    assert sign_in(known, RIGHT).status_code == 303
    known.post("/logout")
    for _ in range(throttle.PER_ACCOUNT):
        assert sign_in(known, WRONG).status_code == 422

    refused = sign_in(known, RIGHT)

    assert refused.status_code == 429
    assert page(refused).error_near("password") == (
        "Too many tries with this email on this phone. Wait 15 minutes and try again.")
    assert sign_in(app.test_client(), RIGHT).status_code == 303  # the untrusted phones' count is apart


def test_a_phone_known_to_another_account_or_with_a_forged_cookie_counts_as_untrusted(app, ann, sign_up):
    bobs_phone = app.test_client()
    sign_up(bobs_phone, email="bob@example.com")  # registering makes the phone known to Bob's account
    forged = app.test_client()
    assert sign_in(forged, RIGHT).status_code == 303
    cookie = forged.get_cookie("device")
    assert cookie is not None
    forged.set_cookie("device", cookie.value[:-3] + "AAA")
    for _ in range(throttle.PER_ACCOUNT):
        sign_in(app.test_client(), WRONG)

    assert sign_in(bobs_phone, RIGHT).status_code == 429
    assert sign_in(forged, RIGHT).status_code == 429


def test_the_device_cookie_is_signed_httponly_and_does_not_show_the_email(app, ann):
    phone = app.test_client()

    response = sign_in(phone, RIGHT)

    header = next(value for value in response.headers.getlist("Set-Cookie") if value.startswith("device="))
    assert "HttpOnly" in header and "SameSite=Lax" in header
    assert "ann" not in header.lower()
    assert "example" not in header.lower()


def test_each_sign_in_gives_the_phone_a_new_device_id(app, ann):
    phone = app.test_client()
    sign_in(phone, RIGHT)
    first = phone.get_cookie("device").value
    phone.post("/logout")

    sign_in(phone, RIGHT)

    assert phone.get_cookie("device").value != first


def test_a_success_clears_that_emails_failures_from_the_same_kind_of_client(client, ann, app):
    for _ in range(throttle.PER_ACCOUNT - 1):
        sign_in(client, WRONG)
    assert sign_in(client, RIGHT).status_code == 303
    client.post("/logout")
    client.delete_cookie("device")  # an untrusted client again

    for _ in range(throttle.PER_ACCOUNT - 1):
        assert sign_in(client, WRONG).status_code == 422
    assert sign_in(client, RIGHT).status_code == 303


def test_refused_tries_are_not_counted_so_the_lock_ends_on_time(client, ann, app):
    for _ in range(throttle.PER_ACCOUNT):
        sign_in(client, WRONG)
    for _ in range(10):
        assert sign_in(client, WRONG).status_code == 429

    assert attempts(app) == throttle.PER_ACCOUNT


def test_the_lock_ends_when_the_failures_are_older_than_fifteen_minutes_and_old_rows_are_pruned(client, ann, app):
    long_ago = utcnow() - throttle.WINDOW - timedelta(seconds=1)
    with app.app_context():
        for _ in range(throttle.PER_ACCOUNT):
            throttle.record_failure("ann@example.com", address="192.0.2.1", now=long_ago)
        db.session.remove()

    assert sign_in(client, WRONG).status_code == 422  # tried and checked, not refused
    assert attempts(app) == 1  # the old rows went as the new one was written
    assert sign_in(client, RIGHT).status_code == 303


def test_retry_after_counts_down_from_the_oldest_failure_in_the_window(app):
    now = utcnow()
    with app.app_context():
        for minutes_ago in (10, 8, 6, 4, 2):
            throttle.record_failure("ann@example.com", address="192.0.2.1", now=now - timedelta(minutes=minutes_ago))
        wait = throttle.wait_seconds("ANN@example.com ", now=now)
        db.session.remove()

    assert wait == 5 * 60


def test_two_app_processes_on_one_database_share_the_count(app, ann):
    """As two gunicorn workers (or two hosts) do: nothing is counted in a process."""
    second_worker = create_app(dict(app.config))
    for number in range(throttle.PER_ACCOUNT):
        worker = app if number % 2 else second_worker
        assert sign_in(worker.test_client(), WRONG).status_code == 422

    assert sign_in(app.test_client(), RIGHT).status_code == 429
    assert sign_in(second_worker.test_client(), RIGHT).status_code == 429


def test_registering_taken_emails_counts_against_the_address(client, ann, app):
    for _ in range(throttle.PER_ADDRESS):
        response = client.post("/register", data={"email": "ann@example.com", "password": "another horse"},
                               environ_base={"REMOTE_ADDR": "203.0.113.8"})
        assert response.status_code == 422

    refused = client.post("/register", data={"email": "new@example.com", "password": "another horse"},
                          environ_base={"REMOTE_ADDR": "203.0.113.8"})
    elsewhere = client.post("/register", data={"email": "new@example.com", "password": "another horse"},
                            environ_base={"REMOTE_ADDR": "203.0.113.9"})

    assert refused.status_code == 429
    assert "Too many tries" in page(refused).error_near("email")
    assert elsewhere.status_code == 303
    assert sign_in(app.test_client(), RIGHT).status_code == 303  # Ann's own sign-in is not locked by it


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_one_counted(app, ann):
    behind = create_app({**app.config, "TRUSTED_PROXIES": 1})
    client = behind.test_client()

    def register(email, address):
        return client.post("/register", data={"email": email, "password": "another horse"},
                           headers={"X-Forwarded-For": address}, environ_base={"REMOTE_ADDR": "10.0.0.2"})

    for _ in range(throttle.PER_ADDRESS):
        register("ann@example.com", "203.0.113.77")

    assert register("new@example.com", "203.0.113.77").status_code == 429
    assert register("new@example.com", "198.51.100.1").status_code == 303


def test_an_overlong_or_garbled_device_cookie_is_read_as_none(app, ann):
    for value in ("x" * 3000, "not.signed", "[]"):
        phone = app.test_client()
        phone.set_cookie("device", value)

        assert sign_in(phone, WRONG).status_code == 422
        assert sign_in(phone, RIGHT).status_code == 303


def test_a_phone_is_known_to_its_last_five_accounts(app, sign_up):
    phone = app.test_client()
    emails = [sign_up(phone, email=f"player{number}@example.com") for number in range(devices.MOST_ACCOUNTS + 1)]
    phone.post("/logout")
    for email in (emails[0], emails[-1]):
        for _ in range(throttle.PER_ACCOUNT):
            sign_in(app.test_client(), {"email": email, "password": "wrong horse"})

    assert sign_in(phone, {"email": emails[-1], "password": "correct horse"}).status_code == 303
    assert sign_in(phone, {"email": emails[0], "password": "correct horse"}).status_code == 429  # forgotten
