"""Each phone its own language, for numbers and refusals: a score is written as the page's
language writes numbers (German 4.485, Hindi 12,34,567; English as ever, 4485), and a use
case's refusal is said in the phone's language while its code stays the same word."""

from __future__ import annotations

import re
from typing import Any

from apikit import Api, make_token
from flask import Flask
from flask.testing import FlaskClient
from test_canasta_additions_web import MODERN_FIRST, new_game
from webpage import flashes, page

from scorekeeper.web.language import COOKIE
from scorekeeper.web.numbers import megabytes, number, signed

FOUR = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "seat-3": "Dan"}


def _totals(client: FlaskClient, game: int, language: str) -> list[str]:
    sheet = page(client.get(f"/games/{game}", headers={"Accept-Language": language}))
    return [td.text for td in sheet.one("tfoot").find_all("td")]


def test_a_canasta_total_over_a_thousand_is_grouped_as_the_pages_language_writes_it(
        user: FlaskClient, record: Any) -> None:
    game = new_game(user, FOUR, style="modern")
    assert record(user, game, MODERN_FIRST).status_code == 303
    assert _totals(user, game, "de") == ["4.485", "-3.045"]
    assert _totals(user, game, "hi") == ["4,485", "-3,045"]
    # The same sheet drawn for an English phone after them: its own numbers, as ever (no separator).
    assert _totals(user, game, "en") == ["4485", "-3045"]
    assert _totals(user, game, "de") == ["4.485", "-3.045"]


def test_a_downloads_megabytes_are_written_to_one_decimal_as_the_pages_language_writes_them(app: Flask) -> None:
    for language, written in (("en", "4.7"), ("de", "4,7"), ("fr", "4,7"), ("hi", "4.7"), ("ar", "4.7")):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert megabytes(4_712_345) == written, language
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert megabytes(5_000_000) == "5,0"


def test_the_engine_switch_gives_its_download_in_the_pages_numbers(user: FlaskClient) -> None:
    game = new_game(user, FOUR, style="modern")
    switch = page(user.get(f"/games/{game}", headers={"Accept-Language": "de"})).one(id="engine-switch").text
    assert re.search(r"lädt einmalig \d+,\d MB", switch), switch


def test_the_filters_write_the_requests_language(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "hi"}):
        assert number(1234567) == "12,34,567"  # Indian grouping: lakhs
        assert signed(123456.5) == "+1,23,456.5"
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert [number(1234), number(-3.33), number(8.5), number(12.0), signed(1500)] == [
            "1.234", "-3,33", "8,5", "12", "+1.500"]
    with app.test_request_context("/"):  # English
        assert [number(1234567), number(-3.33), signed(1500)] == ["1234567", "-3.33", "+1500"]
    with app.test_request_context("/", headers={"Cookie": f"{COOKIE}=de", "Accept-Language": "en"}):
        assert number(1234) == "1.234"  # the switch's choice over the browser's


def test_a_use_cases_refusal_is_said_in_the_phones_language(app: Flask, user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    user.set_cookie(COOKIE, "es")
    response = user.post(f"/games/{game}/undo", follow_redirects=True)
    assert "No hay ninguna mano que deshacer." in flashes(response)

    api = Api(app, make_token(user))
    nothing = api.client.post(f"/api/v1/games/{game}/undo", headers={**api.headers(), "Accept-Language": "es"})
    assert nothing.status_code == 409
    answer = nothing.get_json()
    assert answer["error"] == "No hay ninguna mano que deshacer."
    assert answer["reason"] == "nothing_to_undo"  # the codes stay the same word in every language
    english = api.post(f"/games/{game}/undo")
    assert english.get_json()["error"] == "There is no hand to undo."
    assert english.get_json()["reason"] == answer["reason"] and english.get_json()["code"] == answer["code"]
