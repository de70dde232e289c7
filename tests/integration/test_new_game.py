"""Starting a game: pick the variant, seat the players, choose the dealer and the house rules."""

from __future__ import annotations

import pytest
from appstate import location_game
from sqlalchemy import func, select
from webpage import page

from scorekeeper.engine import variants
from scorekeeper.extensions import db
from scorekeeper.models import Game, Player

VARIANTS = variants()
BY_KEY = {variant["key"]: variant for variant in VARIANTS}
#: the games with rules of their own; a game the table defines has its own form (test_own_games.py)
BUILT_IN = [variant for variant in VARIANTS if not variant["defined_by_table"]]


def stored_game(app, game_id):
    with app.app_context():
        game = db.session.get(Game, game_id)
        found = {
            "variant": game.variant,
            "names": game.names,
            "first_seat": game.first_seat,
            "options": dict(game.options),
            "status": game.status,
        }
        db.session.remove()
        return found


def counts(app):
    with app.app_context():
        found = (db.session.scalar(select(func.count()).select_from(Game)),
                 db.session.scalar(select(func.count()).select_from(Player)))
        db.session.remove()
        return found


def new_game(variant, names, first_dealer="0", **options):
    data = {"variant": variant, "first_dealer": first_dealer}
    data.update({f"seat-{seat}": name for seat, name in enumerate(names)})
    data.update({f"option-{key}": value for key, value in options.items()})
    return data


def test_new_game_lists_every_variant_with_its_line_and_player_range(user):
    response = user.get("/games/new")

    assert response.status_code == 200
    lists = page(response).find_all("ul", cls="pick")
    items = lists[0].find_all("li")
    assert len(items) == len(BUILT_IN)
    for item, variant in zip(items, BUILT_IN):
        link = item.one("a")
        assert link.get("href") == f"/games/new?variant={variant['key']}"
        assert variant["name"] in link.text
        assert variant["summary"] in link.text
        counts = variant["player_counts"]
        if counts == list(range(counts[0], counts[-1] + 1)):
            assert (f"{counts[0]}–{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players") in link.text
        else:  # Canasta: the counts it is played by, not a range that takes in 5
            assert ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} players" in link.text
    own = [variant for variant in VARIANTS if variant["defined_by_table"]]
    links = [item.one("a") for item in lists[-1].find_all("li")]
    assert [link.get("href") for link in links] == [f"/games/own/new?variant={v['key']}" for v in own]
    assert all(link.text.startswith("Your own game") for link in links)


def test_an_unknown_variant_shows_the_list_again(user):
    response = user.get("/games/new?variant=snap")

    assert response.status_code == 200
    assert page(response).find("ul", cls="pick") is not None


@pytest.mark.parametrize("variant", BUILT_IN, ids=[variant["key"] for variant in BUILT_IN])
def test_every_variants_form_has_its_seats_and_every_option_with_default_and_help(user, variant):
    response = user.get(f"/games/new?variant={variant['key']}")

    assert response.status_code == 200
    form = page(response).one("form", id="new-game")
    assert page(response).one("h1").text == variant["name"]
    assert form.value("variant") == variant["key"]
    seats = [node for node in form.find_all("input") if (node.get("name") or "").startswith("seat-")]
    assert len(seats) == variant["max_players"]
    assert [option.get("value") for option in form.field("first_dealer").find_all("option")] == [
        str(seat) for seat in range(variant["max_players"])
    ]
    for option in variant["options"]:
        field = form.field(f"option-{option['key']}")
        wrapper = field.parent if field.parent.tag == "div" else field.parent.parent
        assert option["help"] in wrapper.text, option["key"]
        if option["type"] == "bool":
            assert ("checked" in field.attrs) == bool(option["default"])
        else:
            default = option.get("default_text") or ("none" if option["default"] is None else str(option["default"]))
            if option["type"] == "choice" and option.get("labels") and not option.get("default_text"):
                default = option["labels"][option["choices"].index(option["default"])]  # words, not keys
            assert f"Default: {default}." in wrapper.text, option["key"]
        if option["type"] == "choice":
            assert form.value(f"option-{option['key']}") == str(option["default"])


@pytest.mark.parametrize(
    "key, hint",
    [
        ("gin", "2 players. Type each name"),
        ("indian", "2 to 6 players: fill a seat for each player, leave the rest empty. Type each name"),
        ("contract", "3 to 8 players: fill a seat for each player, leave the rest empty."),
    ],
)
def test_the_seats_say_how_many_play_and_that_spare_seats_stay_empty(user, key, hint):
    form = page(user.get(f"/games/new?variant={key}")).one("form", id="new-game")

    assert form.one("p", id="seats-hint").text.startswith(hint)


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant["key"] for variant in VARIANTS])
def test_every_variant_starts_with_its_fewest_players_and_default_rules(app, user, start_game, variant):
    names = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal"][: variant["min_players"]]

    game = start_game(user, variant["key"], names)  # a game the table defines: the least definition

    stored = stored_game(app, game)
    assert stored["names"] == names
    sheet = page(user.get(f"/games/{game}"))
    assert sheet.one("h1").text == (stored["options"]["name"] if variant["defined_by_table"] else variant["name"])
    assert sheet.one("p", cls="guide").text.startswith("Hand 1 · Ann deals")


def test_a_game_starts_with_the_players_in_seat_order_and_the_chosen_options(app, user):
    response = user.post("/games/new?variant=gin", data=new_game(
        "gin", ["Ann", "Bob"], first_dealer="1", target="150", knock_limit="7"))

    assert response.status_code == 303
    game = location_game(response)
    assert response.headers["Location"] == f"/games/{game}"
    assert stored_game(app, game) == {
        "variant": "gin", "names": ["Ann", "Bob"], "first_seat": 1,
        "options": {"target": 150, "knock_limit": 7}, "status": "playing",
    }
    sheet = page(user.get(f"/games/{game}"))
    assert sheet.one("p", cls="guide").text == "Hand 1 · Bob deals 10 cards"
    assert "Game to 150" in sheet.one("p", cls="lede").text


def test_choice_and_yes_no_options_are_stored_as_chosen(app, user):
    response = user.post("/games/new?variant=basic", data=new_game(
        "basic", ["Ann", "Bob", "Cara"], scoring="penalty", rummy_bonus="plus10", ace="high_or_low", deals="5"))
    game = location_game(response)
    assert stored_game(app, game)["options"] == {
        "scoring": "penalty", "rummy_bonus": "plus10", "ace": "high_or_low", "deals": 5}

    response = user.post("/games/new?variant=tunk", data=new_game("tunk", ["Ann", "Bob"], tunker_double="1"))
    assert stored_game(app, location_game(response))["options"] == {"tunker_double": True}

    response = user.post("/games/new?variant=indian", data=new_game("indian", ["Ann", "Bob"], pool="201"))
    assert stored_game(app, location_game(response))["options"]["pool"] == 201


def test_new_names_join_the_roster_and_known_names_reuse_it(app, user):
    user.post("/players/", data={"name": "Ann"})

    user.post("/games/new?variant=gin", data=new_game("gin", ["Ann", "Bob"]))

    assert counts(app) == (1, 2)
    form = page(user.get("/games/new?variant=gin"))
    assert [chip.text for chip in form.find_all("button", cls="chip")] == ["Ann", "Bob"]


def test_a_seat_left_empty_is_skipped_and_the_dealer_is_still_the_one_picked(app, user):
    response = user.post("/games/new?variant=basic", data=new_game("basic", ["Ann", "", "Bob", "Cara"],
                                                                   first_dealer="2"))

    game = location_game(response)
    assert stored_game(app, game)["names"] == ["Ann", "Bob", "Cara"]
    assert page(user.get(f"/games/{game}")).one("p", cls="guide").text == "Hand 1 · Bob deals 7 cards"


BAD_GAMES = [
    pytest.param("basic", ["Ann"], {}, "players", "Basic Rummy is for 2 to 6 players; 1 named.", id="too-few"),
    pytest.param("contract", ["Ann", "Bob"], {}, "players", "is for 3 to 8 players; 2 named", id="contract-two"),
    pytest.param("basic", ["Ann", "ann"], {}, "seat-1", "ann already has a seat.", id="same-name"),
    pytest.param("basic", ["Ann", "Ann\u200b"], {}, "seat-1", '"Ann" and "Ann<U+200B>" look the same',
                 id="look-alike-name"),
    pytest.param("basic", ["\uff21nn", "Ann"], {}, "seat-1", '"\uff21nn" and "Ann" look the same', id="full-width"),
    pytest.param("basic", ["Ann", "\u200b"], {}, "seat-1", "A name needs a letter you can see.", id="invisible-name"),
    pytest.param("basic", ["Ann", "B" * 41], {}, "seat-1", "Keep names to 40 characters (this one has 41).",
                 id="long-name"),
    pytest.param("gin", ["Ann", "Bob"], {"target": "lots"}, "option-target", "Type a whole number",
                 id="not-a-number"),
    pytest.param("gin", ["Ann", "Bob"], {"target": "0"}, "option-target", "target must be a positive whole number",
                 id="zero-target"),
    pytest.param("gin", ["Ann", "Bob"], {"knock_limit": "-3"}, "option-knock_limit", "knock_limit must be",
                 id="negative-limit"),
    pytest.param("indian", ["Ann", "Bob"], {"pool": "150"}, "option-pool", "pool must be none, 101 or 201",
                 id="pool-not-offered"),
    pytest.param("basic", ["Ann", "Bob"], {"ace": "sideways"}, "option-ace", "ace must be one of",
                 id="unknown-choice"),
]


@pytest.mark.parametrize(("variant", "names", "options", "field", "message"), BAD_GAMES)
def test_a_game_that_cannot_start_says_why_next_to_the_field_and_keeps_everything(
        app, user, variant, names, options, field, message):
    response = user.post(f"/games/new?variant={variant}", data=new_game(variant, names, **options))

    assert response.status_code == 422
    form = page(response).one("form", id="new-game")
    if field == "players":
        assert message in form.one("fieldset", cls="seats").one("p", cls="error").text
    else:
        assert message in form.error_near(field)
    for seat, name in enumerate(names):
        assert form.value(f"seat-{seat}") == name
    for key, value in options.items():
        if form.field(f"option-{key}").tag == "input":  # a select cannot show a value it does not offer
            assert form.value(f"option-{key}") == value
    assert counts(app) == (0, 0)  # no game, and nobody added to the roster


def test_the_dealer_must_sit_in_a_named_seat(app, user):
    response = user.post("/games/new?variant=basic", data=new_game("basic", ["Ann", "Bob", ""], first_dealer="2"))

    assert response.status_code == 422
    form = page(response)
    assert "Pick the first dealer from the players named." in form.error_near("first_dealer")
    assert form.value("first_dealer") == "2"
    assert counts(app) == (0, 0)


def test_a_refused_form_keeps_the_ticked_boxes_and_chosen_rules(user):
    response = user.post("/games/new?variant=basic", data=new_game(
        "basic", ["Ann"], scoring="penalty", ace="high_or_low", target="150"))

    form = page(response)
    assert form.value("option-scoring") == "penalty"
    assert form.value("option-ace") == "high_or_low"
    assert form.value("option-target") == "150"

    response = user.post("/games/new?variant=tunk", data=new_game("tunk", ["Ann"], tunker_double="1"))
    assert page(response).value("option-tunker_double") == "1"
