"""Hostile input to every form: never a 500, always a clear refusal (4xx) or the page again with a message.

Hypothesis writes the junk: odd Unicode, NUL bytes, huge and malformed
numbers, thousands of cards, over-long fields, wrong types, unknown and
repeated keys. Every answer must be below 500, and what comes back as a page
is a whole page. The JSON API is fuzzed against its OpenAPI document
elsewhere (schemathesis).
"""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.games import catalogue

FUZZ = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUITS = "CDHS"

numbers = st.one_of(
    st.integers().map(str),
    st.integers(min_value=10**18, max_value=10**400).map(str),
    st.sampled_from(["-0", "1e309", "NaN", "inf", "-inf", "0x10", "1_000", "٣", "１２", "3.5", " 7 ", "--1", "+"]),
)
names = st.one_of(
    st.text(max_size=60),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=30),
    st.sampled_from(["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "Ann\x00", "\u202eevil",
                     "Zoë 🂡", "A" * 5000, " ", "\ufeff", "𝕬𝖓𝖓", "Ann\r\nBob", "{{7*7}}", "' OR 1=1 --"]),
)
many_cards = st.integers(min_value=1, max_value=4000).map(
    lambda count: " ".join(random.Random(count).choice(RANKS) + random.Random(count * 7 + 1).choice(SUITS)
                           for _ in range(count)))
junk = st.one_of(names, numbers, many_cards, st.binary(max_size=40).map(lambda raw: raw.decode("latin-1")))


def form(known: list[str]) -> st.SearchStrategy[MultiDict]:
    """Known fields with junk values, some repeated, some missing, plus unknown keys."""
    pairs = st.lists(st.tuples(st.one_of(st.sampled_from(known), st.text(max_size=20)), junk), max_size=12)
    return pairs.map(MultiDict)


def assert_handled(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code < 500, response.get_data(as_text=True)[:2000]
    if response.mimetype == "text/html" and not 300 <= response.status_code < 400:
        assert "</html>" in response.get_data(as_text=True)


@pytest.fixture
def game(user, start_game, record):  # type: ignore[no-untyped-def]
    game_id = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game_id, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    return game_id


@FUZZ
@given(data=form(["email", "password", "csrf_token", "submit"]))
def test_register_and_sign_in_take_any_junk(client, data):
    assert_handled(client.post("/register", data=data))
    assert_handled(client.post("/login", data=data))


@FUZZ
@given(data=form(["name", "submit"]))
def test_the_roster_forms_take_any_junk(user, data):
    assert_handled(user.post("/players/", data=data))
    assert_handled(user.post("/players/1/rename", data=data))


VARIANTS = [variant["key"] for variant in catalogue()]
NEW_GAME_FIELDS = ["variant", "first_dealer", *[f"seat-{i}" for i in range(8)],
                   *sorted({f"option-{option['key']}" for variant in catalogue() for option in variant["options"]})]


@FUZZ
@given(variant=st.one_of(st.sampled_from(VARIANTS), names), data=form(NEW_GAME_FIELDS))
def test_the_new_game_form_takes_any_junk(user, variant, data):
    assert_handled(user.get("/games/new", query_string={"variant": variant}))
    assert_handled(user.post("/games/new", query_string={"variant": variant}, data=data))


OWN_GAME_FIELDS = ["variant", *sorted(
    f"option-{option['key']}" + (f"-{part['key']}" if part else "")
    for variant in catalogue() if variant["defined_by_table"] for option in variant["options"]
    for part in (option["parts"] or [None]))]


@FUZZ
@given(data=form(OWN_GAME_FIELDS), type_id=st.one_of(names, st.integers()))
def test_the_own_game_form_and_its_live_example_take_any_junk(user, data, type_id):
    assert_handled(user.post("/games/own/new", data=data))
    assert user.get("/games/own/example", query_string=data).status_code < 500  # a part of the page
    assert_handled(user.get("/games/new", query_string={"type": type_id}))
    assert_handled(user.post("/games/own/1/edit", data=data))


ENTRY_FIELDS = ["out", "rummy", "upcard", "wild", "token", "expected", "block",
                *[f"p{i}-{name}" for i in range(4)
                  for name in ("count", "cards", "melded", "low_aces", "left", "status", "points")]]


@FUZZ
@given(data=form(ENTRY_FIELDS))
def test_the_hand_entry_and_correction_forms_take_any_junk(user, game, data):
    assert_handled(user.post(f"/games/{game}/hands/new", data=data))
    assert_handled(user.post(f"/games/{game}/hands/1/edit", data=data))


@FUZZ
@given(cards=junk, wild=junk, out=junk)
def test_the_card_picker_preview_takes_any_junk(user, game, cards, wild, out):
    assert_handled(user.get(f"/games/{game}/hands/preview",
                            query_string={"cards": cards, "wild": wild, "out": out}))


@FUZZ
@given(data=form(["next", "csrf_token", "submit"]))
def test_the_game_buttons_take_any_junk(user, game, data):
    for action in ("undo", "end", "rematch", "delete"):
        assert_handled(user.post(f"/games/{game}/{action}", data=data))


@FUZZ
@given(query=form(["variant", "player", "against", "status", "from", "to", "page"]))
def test_the_history_filters_take_any_junk(user, game, query):
    assert_handled(user.get("/history", query_string=query))


@FUZZ
@given(query=form(["variant", "against", "page"]))
def test_the_statistics_pages_take_any_junk(app, user, game, query):
    assert_handled(user.get("/stats/", query_string=query))
    assert_handled(user.get("/stats/players/1", query_string=query))


@FUZZ
@given(data=form(["name", "once", "csrf_token", "submit"]))
def test_the_api_token_form_takes_any_junk(user, data):
    assert_handled(user.post("/settings/tokens/", data=data))
    assert_handled(user.post("/settings/tokens/1/revoke", data=data))


@FUZZ
@given(data=form(["current_password", "new_password", "csrf_token", "submit"]))
def test_the_change_password_form_takes_any_junk(user, data):
    assert_handled(user.post("/settings/account/password", data=data))
    assert_handled(user.get("/settings/account/"))


@FUZZ
@given(data=form(["next", "csrf_token", "submit"]))
def test_the_sign_out_everywhere_button_takes_any_junk(user, data):
    assert_handled(user.post("/settings/account/sign-out-everywhere", data=data))  # signed out after the first


@FUZZ
@given(data=form(["confirm", "csrf_token", "submit"]), query=form(["all", "page"]))
def test_the_share_buttons_and_the_live_page_take_any_junk(client, user, game, data, query):
    assert_handled(user.post(f"/games/{game}/share", data=data))
    assert_handled(user.post(f"/games/{game}/share/revoke", data=data))
    assert_handled(client.get("/s/not-a-token", query_string=query))
    assert_handled(client.get("/s/not-a-token/sheet", query_string=query,
                              headers={"If-None-Match": '"junk"'}))


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), names),
    lambda children: st.one_of(st.lists(children, max_size=5), st.dictionaries(st.text(max_size=10), children,
                                                                               max_size=5)),
    max_leaves=30,
)


@FUZZ
@given(document=st.one_of(
    json_values.map(json.dumps),
    st.builds(lambda game: json.dumps({"format": "scorekeeper-backup", "games": [game]}), json_values),
    st.binary(max_size=200).map(lambda raw: raw.decode("latin-1")),
    st.just("[" * 100_000),  # nested deeper than any parser's recursion
    st.just('{"games": [' + "1" * 5000 + "]}"),
))
def test_the_import_takes_any_file(user, document):
    upload = {"file": (io.BytesIO(document.encode("utf-8", "surrogatepass")), "backup.json")}
    assert_handled(user.post("/backup/import", data=upload, content_type="multipart/form-data"))


@pytest.mark.parametrize("path", ["/games/abc", "/games/-1", "/games/99999999999999999999999",
                                  "/games/1/hands/0/edit", "/games/1/hands/99999999999999999999/edit",
                                  "/players/%00/rename", "/history?page=99999999999999999999",
                                  "/history?page=-5", "/history?from=2026-13-45&to=notadate"])
def test_odd_urls_are_clear_refusals(user, game, path):
    assert_handled(user.get(path))


json_junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), junk),
    lambda children: st.one_of(st.lists(children, max_size=6), st.dictionaries(st.text(max_size=12), children,
                                                                                max_size=8)),
    max_leaves=20,
)
draft_bodies = st.one_of(
    json_junk,
    st.fixed_dictionaries({"seat": st.one_of(st.integers(), junk), "fields": json_junk, "by": json_junk}),
    st.fixed_dictionaries({"seat": st.integers(-3, 5), "fields": st.dictionaries(
        st.sampled_from(["cards", "count", "status", "x" * 60, ""]), junk, max_size=6), "by": names}),
)


@FUZZ
@given(body=draft_bodies, number=st.integers(0, 10**12))
def test_a_seats_draft_takes_any_junk(user, game, body, number):
    response = user.post(f"/games/{game}/hands/{number}/drafts", json=body)
    assert_handled(response)
    assert response.status_code in (200, 404, 405, 409, 413, 422)  # 405: a number past any row id
    assert_handled(user.get(f"/games/{game}/hands/{number}/drafts"))


@FUZZ
@given(token=st.one_of(junk, st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC-_0123456789", max_size=300)))
def test_a_keeper_link_takes_any_token(client, token):
    response = client.get("/k/" + token.replace("/", "").replace("?", "").replace("#", ""))
    assert_handled(response)
    assert response.status_code in (404, 429, 308, 405)
