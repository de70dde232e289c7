"""Corrections: edit a past hand, undo the last, end by agreement, rematch, delete; every change is logged."""

from __future__ import annotations

import re

import pytest
from appstate import hands_in, location_game, sheet_rows, sheet_totals
from sqlalchemy import func, select
from webpage import flashes, page

from scorekeeper.extensions import db
from scorekeeper.models import Change, Game, HandEntry, Player, Seat

NAMES = ["Ann", "Bob", "Cara"]
#: when a change was made, as an English page writes it (CLDR: "Sep 3, 14:05")
WHEN = r"[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d"



@pytest.fixture
def basic_game(user, start_game, record):  # type: ignore[no-untyped-def]
    """A Basic Rummy game with two hands: Ann +15, then Cara +11."""
    game = start_game(user, "basic", NAMES)
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    assert record(user, game, {"out": "2", "p0-count": "5", "p1-count": "6"}).status_code == 303
    return game


def change_log(client, game):
    section = page(client.get(f"/games/{game}")).find("section", cls="changes")
    return [item.text for item in section.find_all("li")] if section else []


def count(app, model, **where):
    with app.app_context():
        query = select(func.count()).select_from(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        found = db.session.scalar(query)
        db.session.remove()
        return found


# -- edit -------------------------------------------------------------------------------


def test_the_correction_form_shows_the_hand_as_recorded(user, basic_game):
    response = user.get(f"/games/{basic_game}/hands/1/edit")

    assert response.status_code == 200
    form = page(response)
    assert form.one("h1").text == "Correct hand 1"
    assert form.value("out") == "0"
    assert form.value("p1-count") == "12"
    assert form.value("p2-count") == "3"
    assert form.one("form", id="entry").one("button", type="submit").text == "Save the correction"


def test_correcting_a_past_hand_recomputes_every_later_total_and_logs_it(app, user, basic_game):
    response = user.post(f"/games/{basic_game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"})

    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{basic_game}#hand-1"
    sheet = page(user.get(f"/games/{basic_game}"))
    assert sheet_rows(sheet) == [
        [("23", "+23"), ("0", "0"), ("0", "0")],
        [("23", "0"), ("0", "0"), ("11", "+11")],
    ]
    assert "Hand 1 corrected; every total after it is recomputed." in " ".join(
        node.text for node in sheet.find_all(cls="flash"))
    [line] = change_log(user, basic_game)
    assert re.fullmatch(WHEN + r": hand 1 changed from Ann out; Bob 12; Cara 3 \(Ann \+15\) to Ann out; Bob 20; Cara 3 \(Ann \+23\)", line)
    assert hands_in(app, basic_game)[0]["entry"]["hands"]["1"] == {"count": 20}


def test_saving_a_correction_unchanged_logs_nothing(app, user, basic_game):
    form = page(user.get(f"/games/{basic_game}/hands/2/edit")).form_data()

    response = user.post(f"/games/{basic_game}/hands/2/edit", data=form)

    assert response.status_code == 303
    assert change_log(user, basic_game) == []


ENTRIES = [
    pytest.param("basic", {}, {"out": "0", "rummy": "1", "p1-cards": "KH 5D", "p2-count": "0"}, id="basic-rummy"),
    pytest.param("block", {}, {"out": "block", "p0-count": "6", "p1-count": "15", "p2-count": "7"}, id="block"),
    pytest.param("gin", {}, {"out": "none"}, id="gin-dead-hand"),
    pytest.param("oklahoma-gin", {}, {"out": "1", "upcard": "9C", "p0-count": "30", "p1-count": "4"},
                 id="oklahoma-upcard"),
    pytest.param("500", {}, {"out": "0", "p0-melded": "AS 2S 3S", "p0-low_aces": "1", "p0-left": "0",
                             "p1-melded": "0", "p1-low_aces": "0", "p1-left": "KH",
                             "p2-melded": "0", "p2-left": "5"}, id="500-low-aces"),
    pytest.param("indian", {}, {"out": "0", "wild": "7", "p1-status": "first", "p2-status": "wrong"},
                 id="indian-drop-and-wrong-show"),
    pytest.param("tunk", {"tunker_double": True}, {"out": "0", "p0-count": "4", "p1-count": "3", "p2-count": "9"},
                 id="tunk-tunker-count"),
]


@pytest.mark.parametrize(("variant", "options", "fields"), ENTRIES)
def test_every_kind_of_entry_comes_back_in_the_correction_form_as_typed(
        app, user, start_game, record, variant, options, fields):
    players = NAMES[:2] if variant in ("gin", "oklahoma-gin") else NAMES
    game = start_game(user, variant, players, **options)
    assert record(user, game, fields).status_code == 303
    stored = hands_in(app, game)[0]["entry"]

    form = page(user.get(f"/games/{game}/hands/1/edit"))
    for name, typed in fields.items():
        assert form.value(name) == typed, name
    response = user.post(f"/games/{game}/hands/1/edit", data=form.form_data())

    assert response.status_code == 303
    assert hands_in(app, game)[0]["entry"] == stored
    assert change_log(user, game) == []


def test_a_refused_correction_says_why_keeps_the_typing_and_changes_nothing(app, user, basic_game, rows):
    before = rows()

    response = user.post(f"/games/{basic_game}/hands/1/edit", data={"out": "0", "p1-cards": "KH ZZ", "p2-count": "3"})

    assert response.status_code == 422
    form = page(response)
    assert '"ZZ" is not a card' in form.player_error(1)
    assert form.value("p1-cards") == "KH ZZ"
    assert form.one("h1").text == "Correct hand 1"
    assert rows() == before


def test_a_correction_that_later_hands_cannot_follow_is_refused(app, user, start_game, record, rows):
    game = start_game(user, "gin", ["Ann", "Bob"], target=100)
    record(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"})
    record(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"})
    before = rows()

    # 150 would end the game at hand 1, so hand 2 could not have been played.
    response = user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p0-count": "0", "p1-count": "125"})

    assert response.status_code == 422
    message = " ".join(node.text for node in page(response).find_all("p", cls="flash"))
    assert "This change cannot stand: hand 2: the game is already finished" in message
    assert "correct or undo those first" in message
    assert rows() == before


def test_correcting_a_hand_that_does_not_exist_says_so(user, basic_game):
    response = user.get(f"/games/{basic_game}/hands/9/edit")

    assert response.status_code == 303
    assert "This game has no hand 9." in flashes(user.get(f"/games/{basic_game}"))


# -- undo, end ------------------------------------------------------------------------------


def test_undo_removes_the_last_hand_and_logs_what_it_was(app, user, basic_game):
    response = user.post(f"/games/{basic_game}/undo")

    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{basic_game}"
    assert [hand["number"] for hand in hands_in(app, basic_game)] == [1]
    assert sheet_totals(user, basic_game) == ["15", "0", "0"]
    sheet = page(user.get(f"/games/{basic_game}"))
    assert sheet.one("p", cls="guide").text == "Hand 2 · Bob deals 7 cards"
    [line] = change_log(user, basic_game)
    assert re.fullmatch(WHEN + r": hand 2 undone \(was: Cara out; Ann 5; Bob 6 \(Cara \+11\)\)", line)


def test_after_an_undo_the_next_hand_takes_its_number(app, user, basic_game, record):
    user.post(f"/games/{basic_game}/undo")

    response = record(user, basic_game, {"out": "1", "p0-count": "1", "p2-count": "1"})

    assert response.status_code == 303
    assert [hand["number"] for hand in hands_in(app, basic_game)] == [1, 2]
    assert sheet_totals(user, basic_game) == ["15", "2", "0"]


def test_undo_with_no_hands_says_there_is_nothing_to_undo(app, user, start_game):
    game = start_game(user, "basic", NAMES)

    response = user.post(f"/games/{game}/undo", follow_redirects=True)

    assert "There is no hand to undo." in flashes(response)
    assert count(app, Change) == 0


def test_ending_by_agreement_names_the_winner_and_closes_the_game(app, user, basic_game):
    response = user.post(f"/games/{basic_game}/end")

    assert response.status_code == 303
    sheet = page(user.get(f"/games/{basic_game}"))
    assert sheet.one("div", cls="banner").text == "Ann wins by agreement!"
    assert sheet.find("p", cls="guide") is None
    assert sheet.find("form", action=f"/games/{basic_game}/undo") is None
    assert sheet.find("form", action=f"/games/{basic_game}/rematch") is not None
    [line] = change_log(user, basic_game)
    assert re.fullmatch(WHEN + r": game ended by agreement after hand 2", line)
    assert user.get(f"/games/{basic_game}/hands/new").status_code == 303
    assert "Finished · Ann won" in page(user.get("/games")).text


def test_a_game_cannot_end_twice(app, user, basic_game):
    user.post(f"/games/{basic_game}/end")

    response = user.post(f"/games/{basic_game}/end", follow_redirects=True)

    assert "This game is already over." in flashes(response)
    assert count(app, Change, action="end") == 1


def test_change_log_lists_the_newest_first(user, basic_game):
    user.post(f"/games/{basic_game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"})
    user.post(f"/games/{basic_game}/undo")
    user.post(f"/games/{basic_game}/end")

    lines = change_log(user, basic_game)

    assert [re.sub(WHEN + ": ", "", line).split(" (")[0].split(" from")[0] for line in lines] == [
        "game ended by agreement after hand 1", "hand 2 undone", "hand 1 changed"]


def test_the_change_log_writes_when_in_the_order_and_words_of_the_pages_language(user, basic_game):
    user.post(f"/games/{basic_game}/undo")
    user.post("/language", data={"language": "ja", "next": "/"})
    [line] = change_log(user, basic_game)
    assert re.match(r"\d{1,2}月\d{1,2}日 \d{1,2}:\d\d", line), line  # Japanese: month, day, then the time
    user.post("/language", data={"language": "de", "next": "/"})
    [line] = change_log(user, basic_game)
    assert re.match(r"\d{1,2}\. [A-Z][a-zä]{2,3}\.?, \d\d:\d\d: ", line), line  # German: "6. Dez., 14:05"


# -- rematch, delete ------------------------------------------------------------------------------


def test_rematch_seats_the_same_players_with_the_same_rules_and_the_next_dealer(app, user, start_game, record):
    game = start_game(user, "gin", ["Ann", "Bob"], first_dealer=1, target=50, knock_limit=7)
    record(user, game, {"out": "0", "p0-count": "0", "p1-count": "40"})

    response = user.post(f"/games/{game}/rematch")

    assert response.status_code == 303
    rematch = location_game(response)
    assert rematch != game
    with app.app_context():
        old, new = db.session.get(Game, game), db.session.get(Game, rematch)
        assert new.names == old.names == ["Ann", "Bob"]
        assert [seat.player_id for seat in new.seats] == [seat.player_id for seat in old.seats]
        assert new.options == old.options == {"target": 50, "knock_limit": 7}
        assert (old.first_seat, new.first_seat) == (1, 0)
        assert new.rematch_of_id == game
        assert new.hands == [] and new.status == "playing"
        db.session.remove()
    sheet = page(user.get(f"/games/{rematch}"))
    assert sheet.one("p", cls="guide").text == "Hand 1 · Ann deals 10 cards"
    assert "Rematch: same players and rules, the deal moves on one seat." in " ".join(
        node.text for node in sheet.find_all(cls="flash"))
    assert [hand["number"] for hand in hands_in(app, game)] == [1]  # the old game is kept as it was


def test_rematch_moves_the_deal_round_the_whole_table(app, user, start_game):
    game = start_game(user, "basic", NAMES, first_dealer=2)

    rematch = location_game(user.post(f"/games/{game}/rematch"))

    assert page(user.get(f"/games/{rematch}")).one("p", cls="guide").text == "Hand 1 · Ann deals 7 cards"


def test_delete_asks_first_naming_the_game(user, basic_game):
    response = user.get(f"/games/{basic_game}/delete")

    assert response.status_code == 200
    confirm = page(response)
    assert "Basic Rummy with Ann, Bob and Cara, 2 hands. It cannot be brought back." in confirm.text
    assert confirm.one("main").one("form", method="post").find("button").text == "Delete the game"
    assert confirm.one("a", href=f"/games/{basic_game}").text == "Keep it"


def test_deleting_removes_the_game_its_hands_and_log_but_keeps_the_players(app, user, basic_game):
    user.post(f"/games/{basic_game}/undo")

    response = user.post(f"/games/{basic_game}/delete")

    assert response.status_code == 303
    assert response.headers["Location"] == "/games"
    assert "Game deleted." in flashes(user.get("/games"))
    assert user.get(f"/games/{basic_game}").status_code == 404
    assert (count(app, Game), count(app, HandEntry), count(app, Change), count(app, Seat)) == (0, 0, 0, 0)
    assert count(app, Player) == 3


def test_deleting_a_game_keeps_its_rematch(app, user, basic_game):
    rematch = location_game(user.post(f"/games/{basic_game}/rematch"))

    user.post(f"/games/{basic_game}/delete")

    assert user.get(f"/games/{rematch}").status_code == 200
    with app.app_context():
        assert db.session.get(Game, rematch).rematch_of_id is None
        db.session.remove()


def test_the_games_list_shows_each_game_with_its_state(user, basic_game, start_game):
    start_game(user, "gin", ["Ann", "Bob"])

    listed = page(user.get("/games")).one("ul", cls="games").find_all("li")

    texts = [item.text for item in listed]
    assert any("Basic Rummy" in text and "Ann, Bob, Cara" in text and "Playing · 2 hands" in text for text in texts)
    assert any("Gin Rummy" in text and "Playing · 0 hands" in text for text in texts)
