"""The roster: add and rename players; a new name shows in every game, and no name is ever run as HTML."""

from __future__ import annotations

import pytest
from appstate import column_names
from sqlalchemy import select
from webpage import flashes, page

from scorekeeper.extensions import db
from scorekeeper.models import Player

HOSTILE = '<script>alert("x")</script>'


def roster(app):
    with app.app_context():
        names = [player.name for player in db.session.scalars(select(Player).order_by(Player.id))]
        db.session.remove()
        return names


def player_id(app, name):
    with app.app_context():
        found = db.session.scalar(select(Player.id).where(Player.name == name))
        db.session.remove()
        return found


def test_players_page_says_when_the_roster_is_empty(user):
    response = user.get("/players/")

    assert response.status_code == 200
    assert "No players yet." in page(response).text


def test_adding_a_player_puts_them_on_the_roster(app, user):
    response = user.post("/players/", data={"name": "  Ann   Lee "})

    assert response.status_code == 303
    assert response.headers["Location"] == "/players/"
    listed = page(user.get("/players/")).one("ul", cls="list")
    assert [item.find("span").text for item in listed.find_all("li")] == ["Ann Lee"]
    assert roster(app) == ["Ann Lee"]


def test_adding_a_name_twice_keeps_one_player(app, user):
    user.post("/players/", data={"name": "Ann"})
    response = user.post("/players/", data={"name": "Ann"})

    assert response.status_code == 303
    assert roster(app) == ["Ann"]


def test_players_are_listed_by_name(user):
    for name in ("Cara", "Ann", "Bob"):
        user.post("/players/", data={"name": name})

    listed = page(user.get("/players/")).one("ul", cls="list")

    assert [item.find("span").text for item in listed.find_all("li")] == ["Ann", "Bob", "Cara"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "A player needs a name."),
        ("   ", "A player needs a name."),
        ("x" * 41, "Keep names to 40 characters (this one has 41)."),
        ("\u200b", "A player's name cannot be empty"),
    ],
)
def test_a_bad_name_is_refused_next_to_the_field_keeping_it(app, user, name, message):
    response = user.post("/players/", data={"name": name})

    assert response.status_code == 422
    form = page(response)
    assert message in form.error_near("name")
    assert form.value("name") == name
    assert roster(app) == []


def test_rename_page_shows_the_current_name(app, user):
    user.post("/players/", data={"name": "Ann"})

    response = user.get(f"/players/{player_id(app, 'Ann')}/rename")

    assert response.status_code == 200
    assert page(response).value("name") == "Ann"
    assert page(response).one("h1").text == "Rename Ann"


def test_renaming_changes_the_name_on_the_roster(app, user):
    user.post("/players/", data={"name": "Ann"})

    response = user.post(f"/players/{player_id(app, 'Ann')}/rename", data={"name": "Annie"})

    assert response.status_code == 303
    assert roster(app) == ["Annie"]
    assert "Ann is now Annie, in every game." in flashes(user.get("/players/"))


def test_a_rename_shows_in_games_already_played(app, user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"])
    record(user, game, {"out": "0", "p1-count": "12"})

    user.post(f"/players/{player_id(app, 'Bob')}/rename", data={"name": "Robert"})

    assert column_names(user, game) == ["Ann", "Robert"]
    sheet = page(user.get(f"/games/{game}")).text
    assert "Ann went out and collects Robert 12" in sheet
    assert "Bob" not in sheet
    assert "Robert" in page(user.get("/games")).text
    assert page(user.get(f"/games/{game}/hands/new")).player_panel(1).find("legend").text == "Robert"


@pytest.mark.parametrize(
    ("name", "message"),
    [("Bob", "Bob is already on your roster."), ("", "A player needs a name."), ("y" * 41, "40 characters")],
)
def test_a_rename_that_cannot_be_is_refused_keeping_what_was_typed(app, user, name, message):
    user.post("/players/", data={"name": "Ann"})
    user.post("/players/", data={"name": "Bob"})

    response = user.post(f"/players/{player_id(app, 'Ann')}/rename", data={"name": name})

    assert response.status_code == 422
    form = page(response)
    assert message in form.error_near("name")
    assert form.value("name") == name
    assert roster(app) == ["Ann", "Bob"]


def test_renaming_a_player_who_does_not_exist_is_not_found(user):
    assert user.get("/players/999/rename").status_code == 404
    assert user.post("/players/999/rename", data={"name": "X"}).status_code == 404


def assert_shown_as_text(response, hostile=HOSTILE):
    html = response.get_data(as_text=True)
    assert response.status_code in (200, 422), response.status_code
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(" in html


def test_a_name_with_html_is_shown_as_text_on_every_page(app, user, start_game, record):
    game = start_game(user, "basic", [HOSTILE, "Bob"])
    hostile_id = player_id(app, HOSTILE)
    record(user, game, {"out": "0", "p1-count": "12"})
    user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "13"})

    for path in (
        "/players/",
        f"/players/{hostile_id}/rename",
        "/games",
        "/games/new?variant=basic",
        f"/games/{game}",
        f"/games/{game}/hands/new",
        f"/games/{game}/hands/1/edit",
        f"/games/{game}/delete",
    ):
        assert_shown_as_text(user.get(path))
    assert HOSTILE in page(user.get(f"/games/{game}")).text  # as text, in full


def test_a_name_with_html_is_text_in_messages_too(app, user, start_game):
    assert_shown_as_text(user.post("/players/", data={"name": HOSTILE}, follow_redirects=True))
    refused = user.post("/games/new?variant=gin", data={
        "variant": "gin", "first_dealer": "0", "seat-0": HOSTILE, "seat-1": HOSTILE.upper()})
    assert_shown_as_text(refused)
    renamed = user.post(f"/players/{player_id(app, HOSTILE)}/rename", data={"name": "Ann"},
                        follow_redirects=True)
    assert_shown_as_text(renamed)


def test_a_name_differing_only_by_letter_case_is_the_roster_player_already_there(app, user):
    user.post("/players/", data={"name": "Ann"})

    response = user.post("/players/", data={"name": "  ANN "})

    assert response.status_code == 303
    assert "Ann is on your roster." in flashes(user.get("/players/"))
    assert roster(app) == ["Ann"]


def test_a_rename_to_another_players_name_in_another_case_is_refused(app, user):
    user.post("/players/", data={"name": "Ann"})
    user.post("/players/", data={"name": "Bob"})

    response = user.post(f"/players/{player_id(app, 'Bob')}/rename", data={"name": "ann"})

    assert response.status_code == 422
    assert "Ann is already on your roster." in page(response).error_near("name")
    assert roster(app) == ["Ann", "Bob"]


@pytest.mark.parametrize("typed", ["Ann\u200b", "\uff21nn", "A\u0301nn"])
def test_a_name_that_looks_like_a_roster_player_is_that_player(app, user, typed):
    user.post("/players/", data={"name": "Ann"})
    user.post("/players/", data={"name": "\u00c1nn"})

    response = user.post("/players/", data={"name": typed})

    assert response.status_code == 303
    assert roster(app) == ["Ann", "\u00c1nn"]


def test_a_rename_to_a_look_alike_of_another_player_names_both(app, user):
    user.post("/players/", data={"name": "Ann"})
    user.post("/players/", data={"name": "Bob"})

    response = user.post(f"/players/{player_id(app, 'Bob')}/rename", data={"name": "Ann\u200b"})

    assert response.status_code == 422
    said = page(response).error_near("name")
    assert '"Ann" and "Ann<U+200B>" look the same: Ann is already on your roster.' in said
    assert roster(app) == ["Ann", "Bob"]


@pytest.mark.parametrize("url", ["/players/", "/games/new?variant=basic"])
def test_a_name_field_lets_a_41st_character_be_typed_so_the_bound_is_said_not_cut(user, url):
    fields = [found for found in page(user.get(url)).find_all("input") if found.get("name") in ("name", "seat-0")]
    assert fields and all(found.get("maxlength") is None for found in fields)


@pytest.mark.parametrize(("name", "phrase"), [("Ann\u009b", "control character"), ("Ann\u0007", "control character")])
def test_a_name_with_a_control_character_is_refused_on_the_roster(app, user, name, phrase):
    response = user.post("/players/", data={"name": name})

    assert response.status_code == 422
    assert phrase in page(response).error_near("name")
    assert roster(app) == []
