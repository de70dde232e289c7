"""Your own game: defining a house game on the new game page, its live example, keeping it as the
account's game type, changing and deleting it, and playing it like any other game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from appstate import location_game, sheet_totals
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from webpage import flashes, page

from scorekeeper.engine import options_of, replay
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameType
from scorekeeper.services.game_types import MAX_GAME_TYPES

#: the worked example's game, as the form's fields
EXAMPLE = {"variant": "house", "option-name": "Our Marriage", "option-entry": "cards", "option-values-ace": "15",
           "option-values-joker": "25", "option-jokers": "2", "option-scoring": "own",
           "option-going_out_bonus": "-10", "option-lowest_wins": "true"}
SEATS = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "first_dealer": "0"}


def kept_types(app: Flask) -> list[tuple[str, dict[str, Any]]]:
    with app.app_context():
        found = [(kept.name, kept.options) for kept in db.session.scalars(select(GameType).order_by(GameType.id))]
        db.session.remove()
        return found


def game_options(app: Flask, game_id: int) -> dict[str, Any]:
    with app.app_context():
        options = dict(db.session.get(Game, game_id).options)
        db.session.remove()
        return options


def keep(client: FlaskClient, **fields: str) -> Any:
    return client.post("/games/own/new", data={**EXAMPLE, **fields})


def type_of(response: Any) -> int:
    match = re.search(r"/games/new\?type=(\d+)$", response.headers["Location"])
    assert match, response.headers["Location"]
    return int(match.group(1))


def start(client: FlaskClient, type_id: int) -> int:
    response = client.post(f"/games/new?type={type_id}", data={**SEATS, "type": str(type_id)})
    assert response.status_code == 303, page(response).errors()
    return location_game(response)


def example_of(client: FlaskClient, **fields: str) -> Any:
    return page(client.get("/games/own/example", query_string={**EXAMPLE, **fields}))


def example_scores(example: Any) -> dict[str, str]:
    return {row.one("th").text: row.find_all("td")[-1].text for row in example.one("tbody").find_all("tr")}


# -- the new game page ------------------------------------------------------------------------


def test_the_new_game_page_lists_the_built_in_games_the_presets_then_the_accounts_own_then_your_own_game(user):
    keep(user)
    keep(user, **{"option-name": "Seven Bridge", "option-entry": "points"})

    listed = page(user.get("/games/new"))

    lists = listed.find_all("ul", cls="pick")
    assert [" ".join(cls for cls in sorted(one.classes)) for one in lists] == [
        "pick", "pick presets", "pick presets-close", "own-games pick", "pick your-own"]
    assert "Gin Rummy" in lists[0].text and "House rules" not in lists[0].text
    assert [item.one("strong").text for item in lists[3].find_all("li")] == ["Our Marriage", "Seven Bridge"]
    assert lists[4].one("strong").text == "Your own game"
    assert lists[4].one("a").get("href") == "/games/own/new?variant=house"


def test_an_own_game_is_listed_with_its_rules_in_words_never_raw_keys(user):
    keep(user, **{"option-scoring": "zero_sum", "option-lowest_wins": "false"})

    listed = page(user.get("/games/new")).one("ul", cls="own-games")

    words = listed.text
    assert "Scoring: Each other player pays what they hold to whoever went out" in words
    assert "Who wins: Highest total wins" in words
    assert "Card values: Ace 15, K Q J 10, Ten 10, 2 to 9 face value, Joker 25" in words
    for key in ("zero_sum", "winner_takes", "lowest_wins", "going_out_bonus", "True", "False"):
        assert key not in words


def test_a_house_game_is_not_started_without_its_definition(user):
    response = user.get("/games/new?variant=house")

    assert response.status_code == 303
    assert response.headers["Location"] == "/games/own/new?variant=house"


# -- the form ------------------------------------------------------------------------------------


def test_the_form_has_a_field_for_every_option_with_its_words(user):
    form = page(user.get("/games/own/new?variant=house")).one("form", id="own-game")

    names = {node.get("name") for node in form.find_all("input")}
    assert {"option-name", "option-entry", "option-scoring", "option-going_out_bonus", "option-lowest_wins",
            "option-target", "option-deals", "option-eliminate_at", "option-cards_each", "option-decks",
            "option-jokers", *(f"option-values-{part}" for part in ("ace", "pictures", "ten", "pips", "joker"))
            } <= names
    scoring = [label.text for label in form.find_all("label", cls="choice") if "scor" in label.text.lower()
               or "pays" in label.text]
    assert scoring == ["Each player scores their own hand",
                       "Whoever goes out scores what the others hold; they score 0",
                       "Each other player pays what they hold to whoever went out",
                       "The lowest hand scores what each other hand holds more than it; the others 0"]
    assert "Lowest total wins" in form.text and "Highest total wins" in form.text
    assert form.one("fieldset", cls="option-group").one("legend").text == "How the game ends"
    values = form.one("fieldset", cls="values")
    assert (values.get("data-when-option"), values.get("data-when-value")) == ("option-entry", "cards")
    assert "zero_sum" not in form.text and "winner_takes" not in form.text
    assert form.field("option-going_out_bonus").get("data-signed") is not None


def test_the_page_shows_the_example_hand_drawn_by_the_server(user):
    response = user.post("/games/own/new", data={**EXAMPLE, "option-name": ""})  # refused: the example stays

    example = page(response).one("section", id="example")
    assert example_scores(example) == {"Ann": "-10", "Bob": "+49", "Cara": "+12"}


def test_the_live_example_scores_one_hand_under_the_chosen_rules(user):
    example = example_of(user)

    assert example_scores(example) == {"Ann": "-10", "Bob": "+49", "Cara": "+12"}
    assert "AS 9H JK" in example.text
    assert "Ann went out; each player scores their own: Bob 49, Cara 12." in example.text


def test_the_live_example_follows_the_scoring_chosen(user):
    zero_sum = example_of(user, **{"option-scoring": "zero_sum", "option-going_out_bonus": "0"})
    winner = example_of(user, **{"option-scoring": "winner_takes", "option-going_out_bonus": "5"})
    points = example_of(user, **{"option-entry": "points", "option-scoring": "own", "option-going_out_bonus": ""})

    assert example_scores(zero_sum) == {"Ann": "+61", "Bob": "-49", "Cara": "-12"}
    assert example_scores(winner) == {"Ann": "+66", "Bob": "0", "Cara": "0"}
    assert example_scores(points) == {"Ann": "0", "Bob": "+25", "Cara": "-5"}


def test_the_live_example_waits_for_the_rules_it_needs_and_says_what_is_wrong(user):
    waiting = example_of(user, **{"option-scoring": "", "option-lowest_wins": ""})
    wrong = example_of(user, **{"option-values-ace": "1001"})
    combination = example_of(user, **{"option-lowest_wins": "false", "option-eliminate_at": "100"})

    assert waiting.one("p").text == "Choose scoring and who wins to see a hand scored."
    assert wrong.one("p", cls="error").text == "Type a whole number from 0 to 1000, or leave it empty for 1."
    assert combination.one("p", cls="error").text.startswith('"Out at" needs "Who wins"')


def test_the_live_example_without_a_name_yet_goes_by_the_games_name(user):
    example = example_of(user, **{"option-name": ""})

    assert example_scores(example) == {"Ann": "-10", "Bob": "+49", "Cara": "+12"}


# -- keeping it -------------------------------------------------------------------------------------


def test_a_defined_game_is_kept_with_its_whole_definition_and_seated_next(app, user):
    response = keep(user)

    assert response.status_code == 303
    kept = type_of(response)
    response = user.get(f"/games/new?type={kept}")
    assert page(response).one("h1").text == "Our Marriage"
    assert any("Our Marriage is kept with your games" in flash for flash in flashes(response))
    assert kept_types(app) == [("Our Marriage", options_of("house", {
        "name": "Our Marriage", "entry": "cards", "values": {"ace": 15, "joker": 25}, "jokers": 2,
        "scoring": "own", "going_out_bonus": -10, "lowest_wins": True}))]


def test_a_game_started_from_it_holds_the_whole_definition_in_its_log(app, user):
    game = start(user, type_of(keep(user)))

    options = game_options(app, game)
    assert options == kept_types(app)[0][1]
    assert set(options) == {"name", "entry", "values", "decks", "jokers", "scoring", "going_out_bonus",
                            "lowest_wins", "target", "deals", "eliminate_at", "cards_each",
                            # the extensions' options (SCORING.md "house — extensions"), at their defaults
                            "one_go_multiplier", "one_go_bonus", "reentries", "instant_win", "schedule"}
    sheet = page(user.get(f"/games/{game}"))
    assert sheet.one("h1").text == "Our Marriage"


def test_the_form_sent_twice_keeps_the_game_once(app, user):
    first, second = keep(user), keep(user)

    assert type_of(first) == type_of(second)
    assert len(kept_types(app)) == 1


def test_a_second_game_of_the_same_name_is_refused_next_to_the_name(app, user, rows):
    keep(user)
    before = rows()

    response = keep(user, **{"option-name": "our  marriage ", "option-scoring": "zero_sum"})

    assert response.status_code == 422
    assert page(response).error_near("option-name") == (
        "You already have a game called Our Marriage; give this one a name of its own.")
    assert rows() == before


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"option-name": ""}, "option-name", "Type the name of the game."),
    ({"option-name": "x" * 41}, "option-name", "Keep it to 40 characters."),
    ({"option-name": "Tab\there"}, "option-name", '"Name of the game" holds a control character (U+0009); must be 1 '
                                                  'to 40 characters of plain text'),
    ({"option-entry": ""}, "option-entry", "Choose one."),
    ({"option-scoring": "penalty"}, "option-scoring", "Choose one."),
    ({"option-lowest_wins": ""}, "option-lowest_wins", "Choose one."),
    ({"option-going_out_bonus": "ten"}, "option-going_out_bonus",
     "Type a whole number from -10000 to 10000, or leave it empty for 0."),
    ({"option-going_out_bonus": "-10001"}, "option-going_out_bonus",
     "Type a whole number from -10000 to 10000, or leave it empty for 0."),
    ({"option-values-ace": "1001"}, "option-values-ace", "Type a whole number from 0 to 1000, or leave it empty for 1."),
    ({"option-values-pips": "faces"}, "option-values-pips",
     "Type a whole number from 0 to 1000, or leave it empty for face value."),
    ({"option-decks": "5"}, "option-decks", "Type a whole number from 1 to 4, or leave it empty for 1."),
    ({"option-jokers": "9"}, "option-jokers", "Type a whole number from 0 to 8, or leave it empty for 0."),
    ({"option-target": "0"}, "option-target", "Type a whole number from 1 to 100000, or leave it empty for none."),
    ({"option-deals": "101"}, "option-deals", "Type a whole number from 1 to 100, or leave it empty for none."),
    ({"option-eliminate_at": "100001"}, "option-eliminate_at",
     "Type a whole number from 1 to 100000, or leave it empty for none."),
    ({"option-cards_each": "31"}, "option-cards_each", "Type a whole number from 1 to 30, or leave it empty for none."),
    ({"option-eliminate_at": "100", "option-lowest_wins": "false"}, "option-eliminate_at",
     '"Out at" needs "Who wins": a player is put out for a high total, so the lowest total wins'),
    ({"option-eliminate_at": "100", "option-target": "200"}, "option-eliminate_at",
     '"Out at" and "Game to" cannot both end the game: choose one ("Number of deals" may go with either)'),
])
def test_bad_input_is_refused_next_to_its_field_with_the_typing_kept_and_nothing_saved(
        user, rows, fields, field, message):
    before = rows()

    response = keep(user, **fields)

    assert response.status_code == 422
    refused = page(response)
    assert refused.error_near(field) == message
    typed = {**EXAMPLE, **fields}
    for name in ("option-name", "option-going_out_bonus", "option-values-ace", "option-target", "option-eliminate_at"):
        if name in typed:
            assert refused.value(name) == typed[name], name
    assert refused.one("input", name="option-scoring", value=typed["option-scoring"]).get("checked") is not None \
        if typed["option-scoring"] in ("own", "winner_takes", "zero_sum") else True
    assert rows() == before


def test_card_values_do_not_count_when_hands_are_entered_as_points(app, user):
    response = keep(user, **{"option-entry": "points", "option-values-ace": "not even a number"})

    assert response.status_code == 303
    assert kept_types(app)[0][1]["values"] == {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0}


def test_an_account_keeps_at_most_fifty_games_of_its_own(app, user, rows, define_game):
    for number in range(MAX_GAME_TYPES):
        define_game(user, "house", name=f"Game {number}")
    before = rows()

    response = keep(user, **{"option-name": "One too many"})

    assert response.status_code == 422
    assert "the most an account keeps" in page(response).error_near("option-name")
    assert rows() == before


# -- changing and deleting it -----------------------------------------------------------------------


def test_a_change_applies_to_new_games_and_a_running_game_keeps_its_definition(app, user, record):
    kept = type_of(keep(user))
    first = start(user, kept)
    assert record(user, first, {"out": "0", "p1-cards": "AS 9H JK", "p2-count": "12"}).status_code == 303
    sheet_before = page(user.get(f"/games/{first}")).one("table", cls="sheet").text

    edit = page(user.get(f"/games/own/{kept}/edit"))
    assert edit.value("option-name") == "Our Marriage" and edit.value("option-values-ace") == "15"
    assert edit.one("input", name="option-scoring", value="own").get("checked") is not None
    response = user.post(f"/games/own/{kept}/edit", data={**EXAMPLE, "option-scoring": "zero_sum",
                                                          "option-going_out_bonus": ""})
    assert response.status_code == 303
    second = start(user, kept)
    assert record(user, second, {"out": "0", "p1-cards": "AS 9H JK", "p2-count": "12"}).status_code == 303

    assert game_options(app, first)["scoring"] == "own"
    assert game_options(app, second)["scoring"] == "zero_sum"
    assert page(user.get(f"/games/{first}")).one("table", cls="sheet").text == sheet_before
    assert record(user, first, {"out": "1", "p0-count": "5", "p2-count": "5"}).status_code == 303
    assert sheet_totals(user, first) == ["-5", "39", "17"]
    assert sheet_totals(user, second) == ["61", "-49", "-12"]


def test_a_deleted_game_type_leaves_its_games_playing(app, user, record):
    kept = type_of(keep(user))
    game = start(user, kept)

    confirm = page(user.get(f"/games/own/{kept}/delete"))
    assert "Delete Our Marriage?" in confirm.one("h1").text
    response = user.post(f"/games/own/{kept}/delete")

    assert response.status_code == 303
    assert kept_types(app) == []
    assert "own-games" not in user.get("/games/new").get_data(as_text=True)
    assert record(user, game, {"out": "0", "p1-cards": "AS 9H JK", "p2-count": "12"}).status_code == 303
    assert sheet_totals(user, game) == ["-10", "49", "12"]
    assert user.get(f"/games/new?type={kept}").status_code == 404


def test_another_accounts_game_type_is_not_found(user, other, rows):
    kept = type_of(keep(user))
    before = rows()

    for path in (f"/games/own/{kept}/edit", f"/games/own/{kept}/delete", f"/games/new?type={kept}"):
        assert other.get(path).status_code == 404, path
        assert other.post(path, data={**EXAMPLE, **SEATS, "type": str(kept)}).status_code == 404, path
    assert other.get("/games/new?type=x").status_code == 404
    assert rows() == before


# -- playing it ------------------------------------------------------------------------------------------


def test_a_points_game_takes_points_below_0_and_offers_nobody_out_only_in_own_scoring(app, user, record, define_game):
    own = start(user, define_game(user, "house", entry="points", scoring="own", lowest_wins=True))
    paying = start(user, define_game(user, "house", entry="points", scoring="zero_sum", lowest_wins=True))

    entry = page(user.get(f"/games/{own}/hands/new"))
    tiles = [label.text for label in entry.one("div", cls="tiles").find_all("label")]
    assert tiles == ["Ann", "Bob", "Cara", "Nobody went out"]
    assert entry.field("p0-points").get("data-signed") is not None
    assert [label.text for label in page(user.get(f"/games/{paying}/hands/new")).one(
        "div", cls="tiles").find_all("label")] == ["Ann", "Bob", "Cara"]
    response = record(user, own, {"out": "none", "p0-points": "-15", "p1-points": "\u221220", "p2-points": "7"})
    assert response.status_code == 303, page(response).errors()
    assert sheet_totals(user, own) == ["-15", "-20", "7"]


def test_a_points_game_asks_for_each_players_points_by_name(user, record, define_game):
    game = start(user, define_game(user, "house", entry="points", scoring="zero_sum", lowest_wins=True))

    missing = page(record(user, game, {"out": "0", "p1-points": "5"}))
    wrong = page(record(user, game, {"out": "0", "p1-points": "5", "p2-points": "lots"}))
    past = page(record(user, game, {"out": "0", "p1-points": "5", "p2-points": "10001"}))

    assert missing.player_error(2) == "Nothing typed for Cara: type their points."
    assert wrong.player_error(2) == "Type the points as a whole number, like 17, or below 0 like -5 (not 'lots')."
    assert past.player_error(2) == "10001 is too big for the points: it is at most 10,000."
    assert wrong.value("p2-points") == "lots"


def test_a_house_game_shows_its_own_name_in_the_games_history_and_statistics(app, user, record, define_game):
    game = start(user, type_of(keep(user)))
    record(user, game, {"out": "0", "p1-cards": "AS 9H JK", "p2-count": "12"})
    user.post(f"/games/{game}/end")
    other = start(user, define_game(user, "house", name="Loba"))
    record(user, other, {"out": "0", "p1-points": "3", "p2-points": "4"})

    assert "Our Marriage" in page(user.get("/games")).text
    history = page(user.get("/history"))
    assert [row.find("strong").text for row in history.find_all("li") if row.find("strong")][:2] == [
        "Loba", "Our Marriage"]
    filters = [option.text for option in history.one("select", id="f-variant").find_all("option")]
    assert filters[-2:] == ["Loba", "Our Marriage"]
    only = page(user.get("/history", query_string={"variant": "house:Our Marriage"}))
    assert [row.find("strong").text for row in only.find_all("li") if row.find("strong")] == ["Our Marriage"]
    table = page(user.get("/stats/", query_string={"variant": "house:Our Marriage"}))
    assert table.one("h2", id="players-heading").text == "Players: Our Marriage"
    assert [row.one("th").text for row in table.one("tbody").find_all("tr")] == ["Ann", "Bob", "Cara"]
    card_titles = [h3.text for h3 in page(user.get(stats_link(user, "Ann"))).find_all("h3")]
    assert sorted(card_titles) == ["Loba", "Our Marriage"]


def stats_link(client: FlaskClient, name: str) -> str:
    players = page(client.get("/stats/"))
    return next(link.get("href") for link in players.find_all("a") if link.text == name)


def test_a_filter_for_an_unknown_own_game_name_lists_nothing_and_a_bad_key_is_refused(user):
    start(user, type_of(keep(user)))

    assert user.get("/history", query_string={"variant": "house:Nobody plays this"}).status_code == 200
    assert user.get("/history", query_string={"variant": "gin:Our Marriage"}).status_code == 422
    assert user.get("/stats/", query_string={"variant": "snap:Our Marriage"}).status_code == 422


def test_the_log_of_a_house_game_replays_to_its_sheet_anywhere(app, user, record):
    game = start(user, type_of(keep(user)))
    record(user, game, {"out": "0", "p1-cards": "AS 9H JK", "p2-count": "12"})

    exported = user.get(f"/games/{game}/export.json").get_json()
    sheet = replay({key: exported[key] for key in ("variant", "players", "options", "first_dealer", "hands",
                                                   "ended")})

    assert sheet["name"] == "Our Marriage"
    assert sheet["totals"] == {"Ann": -10, "Bob": 49, "Cara": 12}


def test_no_row_is_left_half_saved_when_the_engine_refuses_a_type(app, user):
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(GameType))
        db.session.remove()
    keep(user, **{"option-eliminate_at": "50", "option-lowest_wins": "false"})
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameType)) == before
