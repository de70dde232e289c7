"""Canasta's additions through the pages: Modern American Canasta's form has its special canastas
as switches, its open melds as switches, its threes as a stepper and its special hand as one choice;
Canasta for five names the sitter and leaves them out of the form; the sheet says who sat out and
who sits out next, and each side's minimum meld."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from apikit import Api, make_token
from sqlalchemy import select
from webpage import game_id_from, page

from scorekeeper.extensions import db
from scorekeeper.models import Game, SeatResult

FOUR = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "seat-3": "Dan"}
FIVE = {**FOUR, "seat-4": "Eve"}

#: SCORING.md's first modern example, as the form posts it: Ann goes out
MODERN_FIRST = {"out": "0", "s0-meld_points": "900", "s0-natural": "1", "s0-mixed": "1", "s0-sevens": "1",
                "s0-threes": "2", "s1-meld_points": "180", "s1-mixed": "1", "s1-threes": "1", "s1-open_aces": "1",
                "p2-cards": "KS 5D", "p1-count": "60", "p3-cards": "AH AS AC 4D"}


def new_game(client: Any, seats: dict[str, str], **options: str) -> int:
    data = {"variant": "canasta", "first_dealer": "0", **seats, **{f"option-{k}": v for k, v in options.items()}}
    response = client.post("/games/new?variant=canasta", data=data)
    assert response.status_code == 303, page(response).errors()
    return game_id_from(response.headers["Location"])


def test_modern_form_asks_special_canastas_and_open_melds_as_switches_threes_as_a_stepper(user):
    game = new_game(user, FOUR, style="modern")
    form = page(user.get(f"/games/{game}/hands/new"))
    for name in ("s0-sevens", "s0-aces", "s0-open_sevens", "s0-open_aces", "s0-open_wild", "s1-open_wild"):
        assert form.field(name).get("type") == "checkbox", name
    for kind in ("twos", "jokers", "mixed"):
        assert form.field(f"s0-wild.{kind}").get("type") == "checkbox"
    threes = form.field("s0-threes")
    assert threes.get("data-max") == "8"
    assert [b.get("aria-label") for b in threes.parent.find_all("button", cls="step")] == [
        "One threes fewer", "One threes more"]
    specials = [radio.get("value") for radio in form.find_all("input") if radio.get("name") == "special"]
    assert specials == ["", "straight", "pairs", "pairs_wild", "garbage"]
    assert form.find_all("input", attrs={"name": "concealed"}) == []
    assert form.field("p1-sevens") and form.field("p1-aces")


def test_modern_hand_posted_by_the_form_scores_the_rule_books_example(user, record):
    game = new_game(user, FOUR, style="modern")
    assert record(user, game, MODERN_FIRST).status_code == 303
    sheet = page(user.get(f"/games/{game}"))
    assert [td.text for td in sheet.one("tfoot").find_all("td")] == ["4485", "-3045"]
    assert "Ann & Cara need 90 to open, Bob & Dan 15" in sheet.text


def test_modern_special_hand_is_one_tap_and_a_wild_canasta_a_switch(user, record):
    game = new_game(user, FOUR, style="modern")
    hand = {"out": "1", "special": "garbage", "s1-meld_points": "0", "s1-threes": "1",
            "s0-meld_points": "300", "s0-natural": "1", "s0-wild.jokers": "1",
            "p0-count": "10", "p2-count": "20"}
    assert record(user, game, hand).status_code == 303
    sheet = page(user.get(f"/games/{game}"))
    # Ann & Cara 300 + 500 + 2500 (the four jokers) - 10 - 20; Bob & Dan the garbage hand 2000 + a three 100
    assert [td.text for td in sheet.one("tfoot").find_all("td")] == ["3270", "2100"]


def test_modern_a_refused_side_field_is_shown_at_it_with_the_typing_kept(user, record):
    game = new_game(user, FOUR, style="modern")
    wrong = {**MODERN_FIRST, "s1-sevens": "1", "s1-meld_points": "180"}
    response = record(user, game, wrong)
    assert response.status_code == 422
    shown = page(response)
    assert "2 canastas of sevens entered; two decks hold 8 sevens" in shown.text
    assert shown.field("s1-sevens").get("checked") is not None
    assert shown.field("s1-open_aces").get("checked") is not None


def test_five_players_the_sitter_is_named_and_left_out_of_the_form(user):
    game = new_game(user, FIVE)
    form = page(user.get(f"/games/{game}/hands/new"))
    assert form.one(id="sits-out").text == "Eve sits out this hand."
    assert [legend.text for legend in form.find_all("legend") if legend.text in FIVE.values()] == [
        "Ann", "Cara", "Bob", "Dan"]
    outs = [radio.get("value") for radio in form.find_all("input") if radio.get("name") == "out"]
    assert "4" not in outs


def test_five_players_a_hand_posted_the_sheet_says_who_sat_out_and_who_sits_out_next(user, record):
    game = new_game(user, FIVE)
    hand = {"out": "1", "s0-meld_points": "50", "s1-meld_points": "100", "s1-natural": "1",
            "p0-count": "10", "p2-count": "10", "p3-count": "10"}
    assert record(user, game, hand).status_code == 303
    sheet = page(user.get(f"/games/{game}"))
    heads = [th.text for th in sheet.one("table", cls="sheet").one("thead").find_all("th")]
    assert any("Sat out" in head for head in heads)
    assert "Eve" in sheet.one("tbody").text
    assert "Cara sits out" in sheet.text
    form = page(user.get(f"/games/{game}/hands/new"))
    assert form.one(id="sits-out").text == "Cara sits out this hand."


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


def test_the_api_keeps_uneven_sides_only_as_seated_in_turn(api):
    five = ["Ann", "Bob", "Cara", "Dan", "Eve"]
    made = api.post("/games", {"variant": "canasta", "players": five, "sides": [["Ann", "Cara", "Eve"], ["Bob", "Dan"]]})
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["sides"] == [["Ann", "Cara", "Eve"], ["Bob", "Dan"]]
    other = api.post("/games", {"variant": "canasta", "players": five,
                                "sides": [["Ann", "Bob", "Cara"], ["Dan", "Eve"]]})
    assert other.status_code == 422
    assert other.get_json()["reason"] == "sides_not_in_turn"


def exported(client: Any, game: int) -> dict[str, Any]:
    response = client.get(f"/games/{game}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def import_file(client: Any, data: Any) -> Any:
    return client.post("/backup/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "game.json")},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("five", [True, False], ids=["five", "modern"])
def test_a_game_for_five_or_of_modern_canasta_exports_and_imports_to_the_same_sheet(app, user, other, record, five):
    if five:
        game = new_game(user, FIVE)
        hand = {"out": "1", "s0-meld_points": "50", "s1-meld_points": "100", "s1-natural": "1",
                "p0-count": "10", "p2-count": "10", "p3-count": "10"}
    else:
        game, hand = new_game(user, FOUR, style="modern"), MODERN_FIRST
    assert record(user, game, hand).status_code == 303
    file = exported(user, game)

    response = import_file(other, file)

    assert response.status_code == 303, page(response).errors()
    with app.app_context():
        copies = db.session.scalars(select(Game).where(Game.uid == file["uid"])).all()
        mine, theirs = sorted(copies, key=lambda g: g.account_id)
        assert theirs.log() == mine.log()
        db.session.remove()
    assert exported(other, theirs.id) == file


def test_an_import_of_five_seated_otherwise_than_in_turn_is_refused(app, user, other, record):
    game = new_game(user, FIVE)
    file = {**exported(user, game), "sides": [["Ann", "Bob", "Cara"], ["Dan", "Eve"]], "uid": "five-otherwise"}

    response = import_file(other, file)

    assert "seated in turn" in " ".join(page(response).errors())


def test_a_finished_game_for_five_counts_the_win_for_each_of_the_winning_sides_players(app, user, record):
    game = new_game(user, FIVE)
    hand = {"out": "1", "s0-meld_points": "50", "s1-meld_points": "100", "s1-natural": "1",
            "p0-count": "10", "p2-count": "10", "p3-count": "10"}
    assert record(user, game, hand).status_code == 303
    assert user.post(f"/games/{game}/end").status_code == 303
    with app.app_context():
        rows = db.session.scalars(select(SeatResult).where(SeatResult.game_id == game)
                                  .order_by(SeatResult.seat)).all()
        won = [row.won for row in rows]
        db.session.remove()
    assert won == [False, True, False, True, False]  # Bob & Dan won; Ann, Cara and Eve did not
    assert user.get("/stats/").status_code == 200


def test_modern_for_five_is_refused_on_new_game_next_to_the_style(user):
    data = {"variant": "canasta", "first_dealer": "0", **FIVE, "option-style": "modern"}
    response = user.post("/games/new?variant=canasta", data=data)
    assert response.status_code == 422
    shown = page(response)
    assert "Modern American Canasta is for 4 players in two sides, got 5" in shown.one(id="option-style-error").text
    assert shown.value("seat-4") == "Eve"
