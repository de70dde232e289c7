"""Each phone its own language: the browser's Accept-Language, overridden by the switch
(kept in the account for a signed-in phone, in a cookie for any phone), Arabic right to left."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from webpage import page

from scorekeeper.extensions import db
from scorekeeper.models import Account
from scorekeeper.languages import COOKIE, LANGUAGES


def _lang(client: FlaskClient, path: str = "/login", **headers: str) -> tuple[str, str]:
    html = page(client.get(path, headers=headers))
    root = html.one("html")
    return root.get("lang") or "", root.get("dir") or ""


def test_the_page_language_is_the_best_match_of_the_browsers_accept_language(client: FlaskClient) -> None:
    assert _lang(client, **{"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}) == ("de", "ltr")
    assert _lang(client, **{"Accept-Language": "sv, ja;q=0.8"}) == ("ja", "ltr")


def test_a_browser_asking_for_no_offered_language_reads_english(client: FlaskClient) -> None:
    assert _lang(client, **{"Accept-Language": "sv, fi;q=0.5"}) == ("en", "ltr")
    assert _lang(client) == ("en", "ltr")


def test_arabic_pages_are_written_right_to_left(client: FlaskClient) -> None:
    assert _lang(client, **{"Accept-Language": "ar-EG"}) == ("ar", "rtl")


def test_the_switch_offers_every_language_in_its_own_name_and_translates_its_own_words(
        client: FlaskClient) -> None:
    html = page(client.get("/login", headers={"Accept-Language": "es"}))
    switch = html.one("form", cls="language-switch")
    options = {option.get("value"): option.text for option in switch.find_all("option")}
    assert options == LANGUAGES
    assert [option.get("value") for option in switch.find_all("option") if "selected" in option.attrs] == ["es"]
    assert switch.one("label").text == "Idioma"  # the Spanish catalogue's word, not "Language"


def test_the_languages_setting_offers_another_language_on_the_switch_and_to_the_browser(
        app: Flask, client: FlaskClient) -> None:
    app.config["LANGUAGES"] = {**LANGUAGES, "ka": "ქართული"}
    assert _lang(client, **{"Accept-Language": "ka, en;q=0.5"}) == ("ka", "ltr")
    switch = page(client.get("/login")).one("form", cls="language-switch")
    assert "ka" in [option.get("value") for option in switch.find_all("option")]
    client.post("/language", data={"language": "ka", "next": "/login"})
    assert client.get_cookie(COOKIE).value == "ka"


def test_the_switch_overrides_the_browser_in_a_cookie_and_comes_back_to_the_page(client: FlaskClient) -> None:
    response = client.post("/language", data={"language": "hi", "next": "/register?x=1"},
                           headers={"Accept-Language": "de"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/register?x=1"
    assert client.get_cookie(COOKIE).value == "hi"
    assert _lang(client, **{"Accept-Language": "de"}) == ("hi", "ltr")


def test_the_switch_never_sends_a_phone_to_another_site(client: FlaskClient) -> None:
    for elsewhere in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        response = client.post("/language", data={"language": "fr", "next": elsewhere})
        assert response.headers["Location"] == "/", elsewhere


def test_a_language_nobody_offers_changes_nothing(client: FlaskClient) -> None:
    response = client.post("/language", data={"language": "xx", "next": "/login"})
    assert response.status_code == 303
    assert client.get_cookie(COOKIE) is None
    assert _lang(client) == ("en", "ltr")


def test_a_signed_in_phones_choice_is_kept_in_the_account_and_its_other_phones_follow(
        app: Flask, client: FlaskClient, sign_up: Any) -> None:
    email = sign_up(client)
    client.post("/language", data={"language": "ja", "next": "/games"})
    with app.app_context():
        assert db.session.query(Account).filter_by(email=email).one().language == "ja"
    other_phone = app.test_client()
    response = other_phone.post("/login", data={"email": email, "password": "correct horse"})
    assert response.status_code == 303
    assert other_phone.get_cookie(COOKIE) is None  # it follows the account, not a cookie
    assert _lang(other_phone, "/games", **{"Accept-Language": "fr"}) == ("ja", "ltr")


def test_two_phones_read_one_game_in_two_languages_at_once(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob"])
    user.post(f"/games/{game}/share")
    shown = page(user.get(f"/games/{game}"))
    link = shown.one(cls="share-url").one("a").get("href") or ""
    path = link[link.index("/s/"):]
    spanish, arabic = app.test_client(), app.test_client()
    spanish.post("/language", data={"language": "es", "next": path})
    assert _lang(spanish, path) == ("es", "ltr")
    assert _lang(arabic, path, **{"Accept-Language": "ar"}) == ("ar", "rtl")


def test_a_live_links_sheet_is_kept_and_tagged_per_language(
        app: Flask, user: FlaskClient, start_game: Any) -> None:
    """Two phones on one link in two languages are each sent their own sheet: its ETag says the
    language, so neither is answered 304 with the other's, and a phone that switches gets it anew."""
    game = start_game(user, "basic", ["Ann", "Bob"])
    user.post(f"/games/{game}/share")
    link = page(user.get(f"/games/{game}")).one(cls="share-url").one("a").get("href") or ""
    sheet = link[link.index("/s/"):] + "/sheet"
    phone = app.test_client()
    english = phone.get(sheet)
    spanish = phone.get(sheet, headers={"Accept-Language": "es", "If-None-Match": english.headers["ETag"]})
    assert english.status_code == spanish.status_code == 200
    assert english.headers["ETag"] != spanish.headers["ETag"]
    again = phone.get(sheet, headers={"Accept-Language": "es", "If-None-Match": spanish.headers["ETag"]})
    assert again.status_code == 304


def test_the_switch_takes_no_csrf_token_and_starts_no_session(csrf_app: Flask) -> None:
    """Every page carries it, a live view's too, which must not start a session for it; what it
    changes is only the language a phone reads (the sign-in cookies are SameSite=Lax, so another
    site's post never changes an account's)."""
    phone = csrf_app.test_client()
    response = phone.post("/language", data={"language": "it", "next": "/login"})
    assert response.status_code == 303
    assert phone.get_cookie(COOKIE).value == "it"
    assert phone.get_cookie("session") is None
    for name in ("SESSION_COOKIE_SAMESITE", "REMEMBER_COOKIE_SAMESITE"):
        assert csrf_app.config[name] == "Lax"
