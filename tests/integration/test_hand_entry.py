"""Recording a hand: the entry form each variant needs, what the sheet then shows, and the live card value."""

from __future__ import annotations

import pytest
from appstate import hands_in, sheet_rows, sheet_totals
from webpage import flashes, page

from scorekeeper.engine import entry_of, variants
from scorekeeper.engine.extras import left_out, pairings_of
from scorekeeper.engine.games import get_variant
from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.sheet_cache import sheet_of

VARIANTS = variants()
NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]


@pytest.fixture
def save(record):  # type: ignore[no-untyped-def]
    """``save(client, game, fields)``: record a hand that must be accepted; the sheet page after it."""

    def post(client, game, fields):
        response = record(client, game, fields)
        assert response.status_code == 303, page(response).errors()
        return page(client.get(f"/games/{game}"))

    return post


def entry_rules(app, game_id):
    """How a hand of this game is entered, under its options (the catalogue's ``entry`` for them)."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        rules = entry_of(game.variant, sheet_of(game)["options"])
        db.session.remove()
    return rules


def hand_notes(sheet, number):
    return sheet.one("details", id=f"hand-{number}").text


# -- the form ---------------------------------------------------------------------


def test_the_entry_form_carries_a_fresh_one_time_token_and_the_hand_number(user, start_game, entry_page):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    first, second = entry_page(user, game), entry_page(user, game)

    assert first.one("h1").text == "Hand 1"
    assert first.value("expected") == "1"
    assert len(first.value("token")) >= 16
    assert first.value("token") != second.value("token")


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant["key"] for variant in VARIANTS])
def test_every_variants_entry_form_offers_its_own_controls(app, user, start_game, entry_page, variant):
    names = NAMES[: max(variant["min_players"], 3 if variant["max_players"] >= 3 else 2)]
    game = start_game(user, variant["key"], names)
    rules = entry_rules(app, game)  # a house game's fields follow its definition

    with app.app_context():
        sheet = sheet_of(db.session.get(Game, game))
        db.session.remove()
    # The players of the hand: not one it leaves out (who sits it out); a hand of several games at
    # once asks each game's two players, each game with its own tiles.
    aside = left_out(get_variant(variant["key"]).extras, sheet, 1)
    playing = [name for name in names if name not in aside]
    games = pairings_of(rules["games_at_once"], sheet, 1)

    form = entry_page(user, game)

    dead = [rules["no_out_label"]] if rules["out_may_be_null"] else []
    if games:
        fieldsets = form.find_all("fieldset", cls="game")
        assert [f.find("legend").text for f in fieldsets] == [" v ".join(pair) for pair in games]
        for fieldset, pair in zip(fieldsets, games, strict=True):
            assert [label.text for label in fieldset.one("div", cls="tiles").find_all("label")] == [*pair, *dead]
    else:
        tiles = form.one("div", cls="tiles")
        assert form.one("fieldset", cls="out").find("legend").text == f"Who {rules['out_verb']}?"
        expected_tiles = [*playing, *dead, *(ending["label"] for ending in rules["endings"])]
        assert [label.text for label in tiles.find_all("label")] == expected_tiles
    for choice in rules["choices"]:
        if choice["kind"] == "players":
            continue  # a box on the panel of each player out of the game: none is out yet
        control = form.find("select" if choice["kind"] == "rank" else "input", name=choice["key"])
        assert control is not None, choice["key"]
        assert (control.get("type") == "checkbox") == (choice["kind"] == "flag")
    for seat, name in enumerate(names):
        if name not in playing:
            assert form.find("fieldset", data_seat=str(seat)) is None, f"{name} sits this hand out"
            continue
        panel = form.player_panel(seat)
        assert panel.find("legend").text == name
        named = {field.get("name") for field in panel.find_all("input") if field.get("type") != "radio"}
        # A game scored by sides, played each for themselves (three of Canasta): each player's side
        # is a side of one, its numbers in the player's panel.
        # Where partners play (four of Hand and Foot), the side's numbers are in the side's group.
        alone = not (variant["sides"] or {}).get(str(len(names)))
        assert named == ({f"p{seat}-{spec['key']}" for spec in rules["fields"]}
                         | {f"s{seat}-{spec['key']}" for spec in rules["side_fields"] if alone})
        for spec in rules["fields"]:
            numeric = panel.one("input", name=f"p{seat}-{spec['key']}").get("inputmode") == "numeric"
            assert numeric == (spec["kind"] in ("count", "number"))
        statuses = [radio.get("value") for radio in panel.find_all("input", name=f"p{seat}-status")]
        assert statuses == ([""] + [s["key"] for s in rules["statuses"]] if rules["statuses"] else [])


def test_indian_and_500_forms_have_their_own_inputs_and_statuses(user, start_game, entry_page):
    """The declarations above, rendered: Indian's drops and wrong show, 500's melded, low aces and left."""
    indian = entry_page(user, start_game(user, "indian", NAMES[:3])).player_panel(1)
    assert [r.get("value") for r in indian.find_all("input", name="p1-status")] == ["", "first", "middle", "wrong"]
    five = entry_page(user, start_game(user, "500", NAMES[:3])).player_panel(0)
    assert {f.get("name") for f in five.find_all("input")} == {"p0-melded", "p0-low_aces", "p0-left"}


def test_saving_a_hand_goes_to_the_sheet_and_says_what_it_scored(user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    response = record(user, game, {"out": "0", "p1-count": "12", "p2-cards": "KH 5D AS"})

    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game}#hand-1"
    sheet = user.get(f"/games/{game}")
    assert flashes(sheet) == ["Hand 1 saved: Ann +28."]
    assert "Ann went out and collects Bob 12 + Cara 16 = 28." in hand_notes(page(sheet), 1)


def test_a_finished_game_takes_no_more_hands(user, start_game, save):
    game = start_game(user, "gin", ["Ann", "Bob"], target=10)
    save(user, game, {"out": "0", "p0-count": "0", "p1-count": "20"})

    response = user.get(f"/games/{game}/hands/new")

    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game}"
    assert "This game is over; start a rematch to play on." in flashes(user.get(f"/games/{game}"))
    assert user.post(f"/games/{game}/hands/new", data={"token": "t", "expected": "2", "out": "0"}).status_code == 303


# -- the sheet ----------------------------------------------------------------------


def test_a_fresh_games_sheet_shows_the_first_deal_and_no_hands(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"], first_dealer=1)

    response = user.get(f"/games/{game}")

    assert response.status_code == 200
    sheet = page(response)
    assert sheet.one("p", cls="guide").text == "Hand 1 · Bob deals 7 cards"
    assert sheet.one("a", href=f"/games/{game}/hands/new").text == "Record hand 1"
    assert "No hands yet." in sheet.one("table", cls="sheet").text
    assert [name.text for name in sheet.find_all("span", cls="name")] == ["Ann", "Bob", "Cara"]
    assert sheet.find("form", action=f"/games/{game}/undo") is None  # nothing to undo
    assert sheet.find("form", action=f"/games/{game}/end") is not None
    assert sheet.one("p", cls="lede").text == "Game to 500; highest wins"


def test_the_sheet_shows_each_hand_with_running_totals_and_why(user, start_game, save):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    save(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"})
    sheet = save(user, game, {"out": "2", "p0-count": "5", "p1-count": "6"})

    assert sheet_rows(sheet) == [
        [("15", "+15"), ("0", "0"), ("0", "0")],
        [("15", "0"), ("0", "0"), ("11", "+11")],
    ]
    assert sheet_totals(user, game) == ["15", "0", "11"]
    assert sheet.one("p", cls="guide").text == "Hand 3 · Cara deals 7 cards"
    assert hand_notes(sheet, 2).startswith("Hand 2 · Bob dealt · Cara +11")
    assert sheet.one("a", href=f"/games/{game}/hands/2/edit").text == "Correct hand 2"
    assert sheet.find("form", action=f"/games/{game}/undo").find("button").text == "Undo hand 2"


@pytest.mark.parametrize(
    "key, fields, verb",
    [
        ("basic", {"out": "0", "p1-count": "4"}, "went out"),
        ("knock", {"out": "1", "p0-count": "9", "p1-count": "2"}, "knocked"),
        ("indian", {"out": "0", "p1-count": "12"}, "declared"),
    ],
)
def test_the_sheet_says_what_its_marks_mean_in_the_games_own_words(user, start_game, save, key, fields, verb):
    game = start_game(user, key, ["Ann", "Bob"])
    assert page(user.get(f"/games/{game}")).find("p", cls="sheet-key") is None  # nothing to explain yet

    sheet = save(user, game, fields)

    key = sheet.one("p", cls="sheet-key").text
    assert key.startswith(f"Underlined: who {verb} that hand.")
    assert key.endswith("Tap a hand's number to see why, or to correct it.")
    marked = sheet.one("td", cls="went-out")
    assert marked.get("title") == verb.capitalize()


# -- each variant's entries -------------------------------------------------------------


def test_basic_rummy_doubles_a_rummy_hand(user, start_game, save):
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])

    sheet = save(user, game, {"out": "0", "rummy": "1", "p1-count": "3", "p2-count": "4"})

    assert sheet_totals(user, game) == ["14", "0", "0"]
    assert "Rummy (out in one turn): doubled to 14." in hand_notes(sheet, 1)


def test_block_rummy_pays_the_lowest_hand(user, start_game, save, app):
    game = start_game(user, "block", ["Ann", "Bob", "Cara", "Dan"])

    sheet = save(user, game, {"out": "block", "p0-count": "6", "p1-count": "15", "p2-count": "7", "p3-count": "21"})

    assert sheet_totals(user, game) == ["25", "0", "0", "0"]
    assert "Block" in hand_notes(sheet, 1)
    assert hands_in(app, game)[0]["entry"]["block"] is True


def test_basic_rummy_records_a_hand_nobody_went_out_of(user, start_game, save):
    game = start_game(user, "basic", ["Ann", "Bob"])

    sheet = save(user, game, {"out": "none"})

    assert sheet_totals(user, game) == ["0", "0"]
    assert sheet.one("p", cls="guide").text == "Hand 2 · Bob deals 10 cards"


def test_gin_with_cards_finds_melds_and_the_defenders_lay_offs(user, start_game, save):
    game = start_game(user, "gin", ["Ann", "Bob"])

    sheet = save(user, game, {
        "out": "0",
        "p0-cards": "AS 2S 3S 4H 5H 6H 7C 7D 7S 3D",
        "p1-cards": "4S 8H KC QC JD 9D 2C 5C 6C 10H",
    })

    notes = hand_notes(sheet, 1)
    assert "Ann knocked with 3; Bob has 70 after laying off 4S: 70 - 3 = 67." in notes
    assert "melds AS 2S 3S, 4H 5H 6H, 7S 7D 7C" in notes
    assert "laid off 4S" in notes
    assert sheet_totals(user, game) == ["67", "0"]


def test_gin_to_the_end_lays_out_the_bonuses_like_the_paper_sheet(user, start_game, save):
    game = start_game(user, "gin", ["Ann", "Bob"], target=60)
    save(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"})

    sheet = save(user, game, {"out": "0", "p0-count": "2", "p1-count": "20"})

    assert sheet.one("div", cls="banner").text == "Ann wins!"
    settlement = sheet.one("table", cls="final")
    lines = {row.find("th").text: [cell.text for cell in row.find_all("td")] for row in settlement.find_all("tr")[1:]}
    assert lines["Line (hand scores)"] == ["73", "0"]
    assert lines["Game bonus"] == ["100", "0"]
    assert lines["Shutout bonus"] == ["100", "0"]
    assert lines["Boxes (hands won)"] == ["2 × 25 = 50", "0 × 25 = 0"]
    assert lines["Grand total"] == ["323", "0"]
    assert lines["Net"][0] == "323"
    assert sheet.find("p", cls="guide") is None  # no next deal
    assert sheet.find("form", action=f"/games/{game}/rematch") is not None


def test_oklahoma_gins_upcard_sets_the_knock_limit_and_a_spade_doubles(user, start_game, save, record):
    game = start_game(user, "oklahoma-gin", ["Ann", "Bob"], spade_double=True)

    refused = record(user, game, {"out": "0", "upcard": "3H", "p0-count": "5", "p1-count": "30"})
    assert refused.status_code == 422
    assert "cannot knock with 5 (the limit is 3)" in page(refused).player_error(0)

    sheet = save(user, game, {"out": "0", "upcard": "5S", "p0-count": "4", "p1-count": "20"})
    assert sheet_totals(user, game) == ["32", "0"]
    assert "upcard" in hand_notes(sheet, 1).lower()


def test_500_rummy_scores_melded_less_left_with_low_aces(user, start_game, save):
    game = start_game(user, "500", ["Ann", "Bob", "Cara"])

    sheet = save(user, game, {
        "out": "0",
        "p0-melded": "AS 2S 3S KH KD KC", "p0-low_aces": "1", "p0-left": "",
        "p1-melded": "30", "p1-left": "KS 5H",
        "p2-melded": "", "p2-left": "AH",
    })

    assert sheet_totals(user, game) == ["36", "15", "-15"]
    assert "Melded minus left: Ann 36 - 0 = 36, Bob 30 - 15 = 15, Cara 0 - 15 = -15." in hand_notes(sheet, 1)


def test_indian_rummy_takes_drops_a_wrong_show_and_the_wild_rank(user, start_game, save):
    game = start_game(user, "indian", ["Ann", "Bob", "Cara", "Dan"])

    sheet = save(user, game, {
        "out": "0", "wild": "7",
        "p1-status": "first", "p2-status": "wrong",
        "p3-cards": "AS 2S 3S 7H 5H 6H 7C 8C 9C 10D JD QD KD",
    })

    notes = hand_notes(sheet, 1)
    assert "Ann declared and scores 0. Wild rank: 7." in notes
    assert "Bob first drop 20; Cara wrong show 80; Dan 0 outside melds." in notes
    assert sheet_totals(user, game) == ["0", "20", "80", "0"]

    save(user, game, {"out": "1", "p0-status": "middle", "p2-count": "30", "p3-count": "90"})
    assert sheet_totals(user, game) == ["40", "20", "110", "80"]


def test_indian_rummy_checks_the_declarers_cards_when_given(user, start_game, save):
    game = start_game(user, "indian", ["Ann", "Bob"])

    sheet = save(user, game, {"out": "0", "p0-cards": "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD",
                              "p1-count": "30"})

    assert sheet_totals(user, game) == ["0", "30"]
    assert "Ann declared" in hand_notes(sheet, 1)


def test_a_tunk_player_put_out_has_no_fields_in_later_hands(user, start_game, save, entry_page):
    game = start_game(user, "tunk", ["Ann", "Bob", "Cara"], eliminate_at=20)

    sheet = save(user, game, {"out": "0", "p1-count": "25", "p2-count": "3"})

    assert "out, hand 1" in sheet.one("table", cls="sheet").text
    form = entry_page(user, game)
    assert [panel.get("data-seat") for panel in form.find_all("fieldset", cls="player")] == ["0", "2"]
    assert form.find("input", name="p1-count") is None
    assert [label.text for label in form.one("div", cls="tiles").find_all("label")] == ["Ann", "Cara"]
    assert sheet.one("p", cls="guide").text == "Hand 2 · Cara deals 7 cards"


def test_a_count_typed_for_a_player_out_of_the_game_but_not_ticked_back_is_refused_not_dropped(
    user, start_game, save, record, entry_page
):
    game = start_game(user, "scala40", ["Ann", "Bob", "Cara"], eliminate_at=60, reentries=1)
    save(user, game, {"out": "0", "p1-count": "5", "p2-status": "unopened"})  # Cara 100: out

    form = entry_page(user, game)
    assert form.one("fieldset", cls="returning").find("p", cls="hint").text == (
        "Out of the game, and comes back before this hand at the highest total still in.")
    response = record(user, game, {"out": "0", "p1-count": "7", "p2-count": "9"})

    assert response.status_code == 422
    refused = page(response)
    assert refused.player_error(2) == (
        "Cara is out of the game, so nothing typed for them counts: tick Re-enters to bring them back "
        "for this hand, or clear it.")
    assert refused.value("p2-count") == "9"
    assert sheet_totals(user, game) == ["0", "5", "100"]  # nothing recorded


def test_the_hand_a_player_came_back_in_can_be_corrected_with_the_box_still_ticked(user, start_game, save):
    game = start_game(user, "scala40", ["Ann", "Bob", "Cara"], eliminate_at=60, reentries=1)
    save(user, game, {"out": "0", "p1-count": "5", "p2-status": "unopened"})  # Cara 100: out
    save(user, game, {"out": "0", "p1-count": "5", "p2-reenter": "1", "p2-count": "3"})  # back at Bob's 5: 8

    form = page(user.get(f"/games/{game}/hands/2/edit"))
    assert form.value("p2-reenter") == "1"
    response = user.post(f"/games/{game}/hands/2/edit", data={**form.form_data(), "p1-count": "7"})

    assert response.status_code == 303, page(response).errors()
    assert sheet_totals(user, game) == ["0", "12", "8"]


def test_tunk_with_the_tunker_charged_double_takes_the_tunkers_count(user, start_game, save):
    game = start_game(user, "tunk", ["Ann", "Bob", "Cara"], tunker_double=True)

    sheet = save(user, game, {"out": "0", "p0-count": "5", "p1-count": "3", "p2-count": "9"})

    assert sheet_totals(user, game) == ["10", "3", "9"]
    assert "charged double, 10" in hand_notes(sheet, 1)


def test_contract_rummy_guides_each_deal_and_ends_after_the_seventh(user, start_game, save):
    game = start_game(user, "contract", ["Ann", "Bob", "Cara"])
    contracts = ["two groups", "one group and one sequence", "two sequences", "three groups",
                 "two groups and a sequence", "one group and two sequences", "three sequences"]
    dealers = ["Ann", "Bob", "Cara"] * 3

    sheet = page(user.get(f"/games/{game}"))
    for deal, contract in enumerate(contracts, start=1):
        cards = 12 if deal == 7 else 10
        assert sheet.one("p", cls="guide").text == (
            f"Hand {deal} · {dealers[deal - 1]} deals {cards} cards · 2 decks + 1 joker · Contract: {contract}")
        out = (deal - 1) % 3
        sheet = save(user, game, {"out": str(out), **{f"p{seat}-count": str(5 + seat)
                                                      for seat in range(3) if seat != out}})

    assert sheet.find("p", cls="guide") is None
    assert sheet.one("div", cls="banner").text == "Ann wins!"
    # Ann went out of deals 1, 4 and 7, Bob of 2 and 5, Cara of 3 and 6; the others
    # were left with 5 (Ann), 6 (Bob) or 7 (Cara) each time.
    assert sheet_totals(user, game) == ["20", "30", "35"]


# -- the live value of picked cards -------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "query", "shown"),
    [
        ("basic", {"cards": "KH 5D AS"}, {"value": 16}),
        ("gin", {"cards": "AS 2S 3S KD"}, {"value": 10, "melds": ["AS 2S 3S"], "unmatched": "KD"}),
        ("tunk", {"cards": "2S 5H 6H", "out": "1"}, {"value": 0}),
        ("500", {"cards": "AS KD"}, {"value": 25}),
        ("indian", {"cards": "AS 2S 3S 7H 5H 6H 7C 8C 9C 10D JD QD KD", "out": "1", "wild": "7"},
         {"value": 0, "valid_declaration": True}),
        ("indian", {"cards": "AS 2S 4S 4H 5H 7H 7C 8C 9C 10D JD QD KD", "out": "1"},
         {"value": 0, "valid_declaration": False}),
        ("basic", {"cards": ""}, {"value": 0}),
    ],
)
def test_preview_gives_the_value_of_the_cards_picked(user, start_game, variant, query, shown):
    game = start_game(user, variant, ["Ann", "Bob"])

    response = user.get(f"/games/{game}/hands/preview", query_string=query)

    assert response.status_code == 200
    assert {key: value for key, value in response.get_json().items() if key in shown} == shown


def test_preview_names_a_card_it_cannot_read(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob"])

    response = user.get(f"/games/{game}/hands/preview", query_string={"cards": "KH ZZ"})

    assert response.status_code == 422
    assert '"ZZ" is not a card' in response.get_json()["error"]


def test_preview_says_a_card_typed_twice_in_one_field_of_a_one_deck_game(user, start_game):
    game = start_game(user, "basic", ["Ann", "Bob"])

    response = user.get(f"/games/{game}/hands/preview", query_string={"cards": "KH KH 5D"})

    assert response.status_code == 422
    assert response.get_json()["error"] == "KH appears twice, but this game uses one deck: take one out."


def test_preview_takes_a_card_twice_in_one_field_of_a_two_deck_game(user, start_game):
    game = start_game(user, "kalooki", ["Ann", "Bob"])

    response = user.get(f"/games/{game}/hands/preview", query_string={"cards": "KH KH 5D"})

    assert response.status_code == 200
    assert "error" not in response.get_json()


@pytest.mark.parametrize("variant", ["boathouse", "corner-gin", "knock", "tunk"])
def test_preview_refuses_more_cards_than_a_hand_holds_at_once(user, start_game, variant):
    game = start_game(user, variant, ["Ann", "Bob"])
    pack = " ".join(rank + suit for suit in "SHDC" for rank in
                    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])

    response = user.get(f"/games/{game}/hands/preview", query_string={"cards": pack, "out": "1"})

    assert response.status_code == 422
    assert "52 cards is more than a hand holds" in response.get_json()["error"]


# -- what to enter: one line a newcomer reads without opening the rules ---------

HOW_TO = [
    ("basic", {}, ["Tap who went out", "every card left in hand counts (A 1, J Q K 10)", "Block: the stock ran out"]),
    ("basic", {"ace": "high_or_low"}, ["(A 1, or 15 high, J Q K 10)"]),
    ("block", {}, ["Block: the stock ran out; give everyone's hand, the lowest wins the difference"]),
    ("boathouse", {}, ["how many of their cards are unmatched (1 point each)"]),
    ("boathouse", {"method": "points"}, ["the points of their unmatched cards (A 11, J Q K 10)"]),
    ("contract", {}, ["(A and joker 15, J Q K 10)"]),
    ("contract", {"deuces_wild": True}, ["(A and joker 15, deuces 15, J Q K 10)"]),
    ("knock", {}, ["Tap who knocked; for everyone, the knocker too"]),
    ("tunk", {}, ["Tap who tunked", "deuces 2"]),
    ("tunk", {"tunker_double": True}, ["and the tunker's own count"]),
    ("gin", {}, ["0 is gin; at most 10", "(A 1, J Q K 10), the defender's after laying off", "Dead hand"]),
    ("gin", {"knock_limit": 7}, ["at most 7"]),
    ("oklahoma-gin", {}, ["at most the upcard's value"]),
    ("corner-gin", {}, ["an unmatched A 15"]),
    ("500", {}, ["the cards melded or laid off and the cards left", "Low aces: aces melded in A-2-3, worth 1 each"]),
    ("indian", {}, ["a drop, a wrong show, or their points", "at most 80"]),
    ("indian", {"max_points": 60}, ["at most 60"]),
    ("sai", {}, ["(Q\N{BLACK SPADE SUIT} 40, A 15, K Q J 10 10, 2-9 5)"]),
]


@pytest.mark.parametrize(
    "key, options, phrases", HOW_TO, ids=[f"{key}-{'-'.join(options) or 'defaults'}" for key, options, _ in HOW_TO]
)
def test_the_entry_form_says_what_to_enter_in_this_game_under_its_house_rules(
    user, start_game, entry_page, key, options, phrases
):
    variant = next(v for v in VARIANTS if v["key"] == key)
    game = start_game(user, key, NAMES[: variant["min_players"]], **options)

    how_to = entry_page(user, game).one("p", id="how-to").text

    for phrase in phrases:
        assert phrase in how_to
