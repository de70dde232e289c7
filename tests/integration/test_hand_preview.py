"""The entry form keeps the thread: every refused field at once, the engine's preview before
saving, and the bounds a typed number is held to (issue 14, part 4)."""

from __future__ import annotations

import re

from appstate import sheet_totals
from webpage import page

from scorekeeper.engine import InvalidEntry, replay

GIN_KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D"  # three runs and the 2D: knocks with 2
GIN_DEFENDER = "4S 5S KD KH KC 9H 9D JS QS 8D"  # lays off 4S 5S on the spades: 46 left


def entry_form(client, game, number=None):
    path = f"/games/{game}/hands/new" if number is None else f"/games/{game}/hands/{number}/edit"
    return page(client.get(path)).form_data()


def preview(client, game, fields, *, number=None):
    data = {**entry_form(client, game, number), **fields}
    return client.post(f"/games/{game}/hands/preview", data=data)


# -- every refused field at once -------------------------------------------------------


def test_the_engine_names_every_player_still_without_input_not_only_the_first():
    log = {"variant": "basic", "players": ["Ann", "Bob", "Cara", "Dan"],
           "hands": [{"out": "Ann", "hands": {"Cara": {"count": 4}}}]}
    try:
        replay(log)
    except InvalidEntry as error:
        assert error.code == "missing_input"
        assert error.player == "Bob"
        assert error.missing == ("Bob", "Dan")
        assert str(error) == "hand 1: no input for Bob"
    else:
        raise AssertionError("a hand without Bob's and Dan's counts was scored")


def test_a_refused_save_marks_every_missing_count_and_lists_them_with_links(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara", "Dan"])

    response = record(user, game, {"out": "0", "p2-count": "7"})

    assert response.status_code == 422
    form = page(response)
    assert form.player_error(1).startswith("Nothing typed for Bob")
    assert form.player_error(3).startswith("Nothing typed for Dan")
    assert form.player_error(2) == ""
    summary = form.one("section", cls="error-summary")
    links = summary.find_all("a")
    assert [a.attrs["href"] for a in links] == ["#p1-count", "#p3-count"]
    assert "2 things to fix" in summary.one("h2").text
    assert form.field("p2-count").attrs["value"] == "7"  # the typing is kept


def test_a_mistyped_count_and_the_missing_ones_are_marked_in_the_same_refusal(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara", "Dan"])

    form = page(record(user, game, {"out": "0", "p1-count": "seven"}))

    assert "whole number" in form.player_error(1)
    assert form.player_error(2).startswith("Nothing typed for Cara")
    assert form.player_error(3).startswith("Nothing typed for Dan")
    assert len(form.one("section", cls="error-summary").find_all("a")) == 3


def test_a_correction_refused_marks_every_missing_count_too(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "0", "p1-count": "5", "p2-count": "6"}).status_code == 303
    data = {**entry_form(user, game, 1), "p1-count": "", "p2-count": ""}

    form = page(user.post(f"/games/{game}/hands/1/edit", data=data))

    assert form.player_error(1).startswith("Nothing typed for Bob")
    assert form.player_error(2).startswith("Nothing typed for Cara")


# -- bounds of a typed number --------------------------------------------------------------


def test_a_count_over_its_bound_says_it_is_too_big_and_what_the_bound_is(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"])

    form = page(record(user, game, {"out": "0", "p1-count": "99999"}))

    assert form.player_error(1) == "99999 is too big for the count: it is at most 10,000."


def test_a_negative_count_says_a_count_cannot_be_below_0(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"])

    form = page(record(user, game, {"out": "0", "p1-count": "-5"}))

    assert form.player_error(1) == "The count cannot be below 0: type 0 or more."


def test_the_help_lines_say_what_to_enter_from_the_variants_declarations(user, start_game, entry_page):
    game = start_game(user, "gin", ["Ann", "Bob"])

    form = entry_page(user, game)

    help_text = form.one("ul", cls="field-help").text
    assert "all ten cards; the app finds melds and lay-offs" in help_text


# -- the preview ------------------------------------------------------------------------


def test_the_preview_says_what_saving_gives_and_saves_nothing(user, start_game, rows):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    before = rows()

    response = preview(user, game, {"out": "0", "p1-count": "12", "p2-count": "5"})

    assert response.status_code == 200
    shown = response.get_json()
    assert shown["ready"] is True
    assert shown["line"] == "Saving gives Ann +17."
    assert shown["notes"] == ["Ann went out and collects Bob 12 + Cara 5 = 17."]
    assert rows() == before


def test_the_preview_of_an_incomplete_hand_says_who_is_still_to_enter(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara", "Dan"])

    shown = preview(user, game, {"out": "0", "p2-count": "5"}).get_json()

    assert shown["ready"] is False
    assert shown["line"] == "Still to enter: Bob, Dan."
    assert set(shown["errors"]) == {"p1", "p3"}


def test_the_preview_gives_a_gin_defenders_value_after_laying_off(user, start_game):
    game = start_game(user, "gin", ["Ann", "Bob"])

    shown = preview(user, game, {"out": "0", "p0-cards": GIN_KNOCKER, "p1-cards": GIN_DEFENDER}).get_json()

    assert shown["ready"] is True
    assert shown["line"] == "Saving gives Ann +44."
    assert shown["seats"]["1"] == "Counts 46 after laying off 4S 5S"


def test_the_preview_of_a_correction_scores_the_hand_in_place_of_the_recorded_one(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "0", "p1-count": "5", "p2-count": "6"}).status_code == 303
    assert record(user, game, {"out": "1", "p0-count": "1", "p2-count": "1"}).status_code == 303

    shown = preview(user, game, {"p1-count": "50"}, number=1).get_json()

    assert shown["line"] == "Saving gives Ann +56."


def test_the_preview_of_another_accounts_game_is_404(user, other, start_game):
    game = start_game(user, "basic", ["Ann", "Bob"])
    data = {**entry_form(user, game), "out": "0", "p1-count": "3"}

    assert other.post(f"/games/{game}/hands/preview", data=data).status_code == 404


def test_the_preview_of_a_hand_that_is_not_the_games_is_refused(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob"])

    response = preview(user, game, {"expected": "5", "out": "0", "p1-count": "3"})

    assert response.status_code == 409
    assert response.get_json()["ready"] is False


def test_a_preview_heavier_than_a_hand_is_refused_unread(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob"])

    response = preview(user, game, {"out": "0", "p1-count": "3", "padding": "x" * 70_000})

    assert response.status_code == 413


def test_the_preview_needs_the_pages_csrf_token(csrf_app, client, sign_up, start_game):
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    sign_up(client)
    game = start_game(client, "basic", ["Ann", "Bob"])
    csrf_app.config["WTF_CSRF_ENABLED"] = True
    form = entry_form(client, game)
    fields = {**form, "out": "0", "p1-count": "3"}

    without = client.post(f"/games/{game}/hands/preview", data={k: v for k, v in fields.items()
                                                                 if k != "csrf_token"})
    with_token = client.post(f"/games/{game}/hands/preview", data=fields)

    assert without.status_code == 400
    assert re.search(r"[0-9a-f]", form["csrf_token"])
    assert with_token.status_code == 200
    assert with_token.get_json()["line"] == "Saving gives Ann +3."


# -- words, not keys ---------------------------------------------------------------------


def test_a_corrections_change_log_line_shows_the_score_it_changed(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    data = {**entry_form(user, game, 1), "p1-count": "20"}
    assert user.post(f"/games/{game}/hands/1/edit", data=data).status_code == 303
    assert user.post(f"/games/{game}/undo", data={}).status_code == 303

    log = page(user.get(f"/games/{game}")).one("section", cls="changes").text

    assert "hand 1 changed from Ann out; Bob 12; Cara 3 (Ann +15) to Ann out; Bob 20; Cara 3 (Ann +23)" in log
    assert "hand 1 undone (was: Ann out; Bob 20; Cara 3 (Ann +23))" in log


def test_the_new_game_form_says_house_rules_in_words_never_their_keys(user):
    form = page(user.get("/games/new?variant=basic"))

    shown = form.one("details", cls="house-rules").text
    for key in ("plus10", "high_or_low", "winner:", "Default: winner", "Default: low"):
        assert key not in shown, key
    assert "Add 10" in shown
    assert "High or low: counts 15" in shown
    bonus = form.field("option-rummy_bonus")
    assert [o.attrs["value"] for o in bonus.find_all("option")] == ["double", "plus10", "none"]


def test_a_game_started_with_a_house_rule_chosen_by_its_words_keeps_its_value(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"], rummy_bonus="plus10")
    assert record(user, game, {"out": "0", "rummy": "1", "p1-count": "5"}).status_code == 303

    assert sheet_totals(user, game) == ["15", "0"]  # Bob's 5, plus 10 for the rummy
