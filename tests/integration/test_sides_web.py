"""Partnerships through the pages: the new game seats partners opposite, the entry form has a
group per side, the sheet's columns are the sides, and a side's mistake is shown at its field.

The numbers are SCORING.md's Canasta examples: Ann & Cara 1255 and Bob & Dan 275 after the
first hand; Cara going out concealed for 1150 against -235 in the second.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select
from webpage import game_id_from, page

from scorekeeper.extensions import db
from scorekeeper.models import Game, HandEntry, ShareLink

SEATS = {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cara", "seat-3": "Dan"}

#: the first worked example: Ann goes out; Cara KS 5D (15), Bob 60, Dan 4H 4C 7S (15)
FIRST_HAND = {"out": "0", "s0-meld_points": "270", "s0-natural": "1", "s0-mixed": "1", "s0-red_threes": "1",
              "s1-meld_points": "150", "s1-red_threes": "2",
              "p2-cards": "KS 5D", "p1-count": "60", "p3-cards": "4H 4C 7S"}
#: the second: Cara goes out concealed; Ann AS 9D (30); Bob & Dan melded nothing, 95 and 40 left
SECOND_HAND = {"out": "2", "concealed": "1", "s0-meld_points": "180", "s0-natural": "1", "s0-red_threes": "3",
               "s1-meld_points": "0", "s1-red_threes": "1", "p0-cards": "AS 9D", "p1-count": "95", "p3-count": "40"}


def new_canasta(client: Any, seats: dict[str, str] | None = None, **extra: str) -> Any:
    data = {"variant": "canasta", "first_dealer": "0", **(seats or SEATS), **extra}
    return client.post("/games/new?variant=canasta", data=data)


@pytest.fixture
def canasta(user: Any) -> int:
    response = new_canasta(user)
    assert response.status_code == 303, page(response).errors()
    return game_id_from(response.headers["Location"])


def stored(app: Any, game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    assert game is not None
    return game


# -- the new game ------------------------------------------------------------------------------


def test_the_new_game_page_of_a_game_in_sides_says_partners_sit_opposite(user):
    shown = page(user.get("/games/new?variant=canasta"))

    rule = shown.one(id="partners-rule").text
    assert ("With 4 or 6 players, partners sit opposite each other; 5 play in sides of three and two, seated in "
            "turn; 2 or 3 play each for themselves.") in rule
    assert [node.get("aria-label") for node in shown.find_all("button", cls="swap")] == [
        f"Swap seats {n} and {n + 1}" for n in range(1, 6)]
    # Six players choose two sides of three or three sides of two; the first is the default.
    assert shown.value("side_size-6") == "3"
    assert "two sides of three" in shown.one(cls="side-size").text


def test_four_players_sit_in_two_sides_partners_opposite_and_the_log_has_them(app, canasta):
    with app.app_context():
        log = stored(app, canasta).log()

    assert log["sides"] == [["Ann", "Cara"], ["Bob", "Dan"]]


def test_five_players_sit_in_a_side_of_three_and_one_of_two_seated_in_turn(app, user):
    response = new_canasta(user, {**SEATS, "seat-4": "Eve"})

    assert response.status_code == 303
    game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    with app.app_context():
        assert stored(app, game_id).log()["sides"] == [["Ann", "Cara", "Eve"], ["Bob", "Dan"]]


def test_a_refused_new_game_says_who_partners_whom_with_the_typing_kept(user):
    # One player: Canasta is for 2 to 6; the names stay as typed.
    response = new_canasta(user, {"seat-0": "Ann"})

    assert response.status_code == 422
    shown = page(response)
    assert "Canasta is for 2 to 6 players; 1 named." in shown.one(id="players-error").text
    assert [shown.value(f"seat-{i}") for i in range(2)] == ["Ann", ""]
    # With four of them named the line names the sides, partners opposite.
    again = page(new_canasta(user, {**SEATS, "seat-4": ""}, **{"option-target": "x"}))
    assert again.one(id="partners-line").text == "Ann & Cara against Bob & Dan"


def test_six_players_in_three_sides_of_two_sit_every_third_seat_together(app, user):
    six = {f"seat-{i}": name for i, name in enumerate(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"])}

    response = new_canasta(user, six, **{"side_size-6": "2"})

    assert response.status_code == 303, page(response).errors()
    with app.app_context():
        game = stored(app, game_id_from(response.headers["Location"]))
        assert game.side_names() == ["Ann & Dan", "Bob & Eve", "Cara & Fay"]
        sheet_totals = game.summary["totals"]
    assert list(sheet_totals) == ["Ann & Dan", "Bob & Eve", "Cara & Fay"]


def test_two_players_of_canasta_play_each_for_themselves_without_sides(app, user):
    response = new_canasta(user, {"seat-0": "Ann", "seat-1": "Bob"})

    assert response.status_code == 303, page(response).errors()
    game_id = game_id_from(response.headers["Location"])
    with app.app_context():
        assert "sides" not in stored(app, game_id).log()
    form = page(user.get(f"/games/{game_id}/hands/new"))
    # A side of one is its player: the side's numbers sit in the player's own panel.
    assert form.find("fieldset", cls="side") is None
    assert form.player_panel(0).find("input", name="s0-meld_points") is not None


# -- the entry form ----------------------------------------------------------------------------


def test_the_entry_form_has_a_group_per_side_named_for_it_holding_its_players(user, canasta):
    form = page(user.get(f"/games/{canasta}/hands/new"))

    groups = form.find_all("fieldset", cls="side")
    assert [group.find("legend").text for group in groups] == ["Ann & Cara", "Bob & Dan"]
    assert [[panel.find("legend").text for panel in group.find_all("fieldset", cls="player")] for group in groups] == [
        ["Ann", "Cara"], ["Bob", "Dan"]]
    assert [node.get("name") for node in groups[0].one(cls="side-fields").find_all("input")] == [
        "s0-meld_points", "s0-natural", "s0-mixed", "s0-red_threes"]
    assert form.field("concealed").get("type") == "checkbox"


def test_a_hand_in_sides_scores_the_worked_example_and_the_sheet_is_by_side(user, record, canasta):
    assert record(user, canasta, FIRST_HAND).status_code == 303

    sheet = page(user.get(f"/games/{canasta}"))

    heads = [th.one("span", cls="name").text for th in sheet.one("table", cls="sheet").one("thead").find_all("th")[1:]]
    assert heads == ["Ann & Cara", "Bob & Dan"]
    assert [td.text for td in sheet.one("tfoot").find_all("td")] == ["1255", "275"]
    # Ann went out: her side's column is marked.
    assert "went-out" in sheet.one("tbody").find_all("td")[0].classes
    notes = sheet.one("details", id="hand-1").text
    assert "Ann went out: 100 for going out." in notes
    assert "cards left -15 (Cara 15)" in notes and "cards left -75 (Bob 60, Dan 15)" in notes


def test_the_sheet_says_what_each_side_needs_to_open_on_the_owner_page_and_the_live_view(
        app, user, record, canasta):
    record(user, canasta, FIRST_HAND)
    assert record(user, canasta, SECOND_HAND).status_code == 303
    user.post(f"/games/{canasta}/share")

    guide = page(user.get(f"/games/{canasta}")).one("p", cls="guide").text
    with app.app_context():
        token = db.session.scalar(select(ShareLink.token).where(ShareLink.game_id == canasta))
    live = page(user.get(f"/s/{token}"))

    assert guide.endswith("Ann & Cara need 90 to open, Bob & Dan 50")
    assert live.one("p", cls="guide").text == guide
    assert [td.text for td in live.one("tfoot").find_all("td")] == ["2405", "40"]


def test_a_sides_mistake_is_shown_at_its_field_with_everything_typed_kept(app, user, record, canasta):
    typed = {**FIRST_HAND, "s0-meld_points": "60"}

    response = record(user, canasta, typed)

    assert response.status_code == 422
    form = page(response)
    assert form.error_near("s0-meld_points") == (
        "meld_points 60 is below the 85 that 1 natural and 1 mixed canasta hold")
    assert form.field("s0-meld_points").get("aria-invalid") == "true"
    assert form.error_near("s1-meld_points") == ""
    assert {name: form.value(name) for name in typed if name != "out"} == {
        name: value for name, value in typed.items() if name != "out"}
    with app.app_context():
        assert db.session.scalars(select(HandEntry)).all() == []


@pytest.mark.parametrize(("fields", "at", "message"), [
    # a bound of the whole table: blamed on the side whose count took it over
    ({"s1-red_threes": "4"}, "s1-red_threes", "5 red threes entered; two decks hold 4"),
    ({"s0-natural": "", "s0-mixed": ""}, "s0-natural", "went out with 0 canastas (1 needed)"),
    ({"s1-meld_points": "152"}, "s1-meld_points", "meld_points must be a multiple of 5"),
    ({"s1-meld_points": ""}, "s1-meld_points", "meld_points is needed from every side (0 if none)"),
    ({"s0-red_threes": "two"}, "s0-red_threes", "Type the red threes as a whole number, like 1 (not 'two')."),
    # a typed number past its field's declared bound says the bound (issue 14)
    ({"s0-natural": "12"}, "s0-natural", "12 is too big for the natural canastas: it is at most 11."),
    ({"s0-meld_points": "-5"}, "s0-meld_points", "The meld points cannot be below 0: type 0 or more."),
])
def test_each_refusal_of_a_side_is_shown_next_to_that_sides_field(user, record, canasta, fields, at, message):
    response = record(user, canasta, {**FIRST_HAND, **fields})

    assert response.status_code == 422
    assert page(response).error_near(at) == message


def test_concealed_with_the_stock_run_out_is_refused_at_the_box(user, record, canasta):
    everyone = {**FIRST_HAND, "out": "none", "concealed": "1", "p0-count": "0"}

    response = record(user, canasta, everyone)

    assert response.status_code == 422
    shown = page(response)
    assert shown.error_near("concealed") == "concealed needs the player who went out"
    assert shown.value("concealed") == "1" and shown.value("out") == "none"


def test_a_players_mistake_in_a_game_in_sides_is_shown_in_the_players_panel(user, record, canasta):
    response = record(user, canasta, {**FIRST_HAND, "p2-cards": "KS 3H"})

    assert response.status_code == 422
    assert page(response).player_error(2) == "3H is a red three; count it in red_threes"


def test_correcting_a_hand_in_sides_opens_with_each_sides_numbers_and_logs_the_change(user, record, canasta):
    record(user, canasta, FIRST_HAND)

    form = page(user.get(f"/games/{canasta}/hands/1/edit"))
    assert [form.value(f"s0-{key}") for key in ("meld_points", "natural", "mixed", "red_threes")] == [
        "270", "1", "1", "1"]
    assert form.value("s1-natural") == ""
    corrected = {**form.form_data(), "s1-meld_points": "160"}
    assert user.post(f"/games/{canasta}/hands/1/edit", data=corrected).status_code == 303

    shown = page(user.get(f"/games/{canasta}"))
    assert [td.text for td in shown.one("tfoot").find_all("td")] == ["1255", "285"]
    change = shown.one(cls="changes").text
    assert "Bob & Dan meld points 150, red threes 2" in change and "Bob & Dan meld points 160, red threes 2" in change


def test_renaming_a_player_renames_the_side_and_keeps_every_hand(app, user, record, canasta):
    record(user, canasta, FIRST_HAND)
    with app.app_context():
        cara = next(seat.player for seat in stored(app, canasta).seats if seat.player.name == "Cara")
        cara_id = cara.id

    user.post(f"/players/{cara_id}/rename", data={"name": "Carla"})

    shown = page(user.get(f"/games/{canasta}"))
    heads = [th.one("span", cls="name").text for th in shown.one("thead").find_all("th")[1:]]
    assert heads == ["Ann & Carla", "Bob & Dan"]
    assert [td.text for td in shown.one("tfoot").find_all("td")] == ["1255", "275"]
    assert page(user.get(f"/games/{canasta}/hands/1/edit")).value("s0-meld_points") == "270"


def test_the_history_lists_a_game_in_sides_by_side(user, record, canasta):
    record(user, canasta, FIRST_HAND)
    user.post(f"/games/{canasta}/end")

    row = page(user.get("/history")).one("ul", cls="history").one("li")

    assert row.one("span", cls="totals").text == "Ann & Cara 1255 · Bob & Dan 275"
    assert row.one("span", cls="won").text == "Ann & Cara won"
    assert "Ann & Cara against Bob & Dan" in page(user.get("/games")).one("ul", cls="games").text


def test_the_review_chart_draws_a_line_per_side(user, record, canasta):
    record(user, canasta, FIRST_HAND)

    review = user.get(f"/games/{canasta}/review").get_data(as_text=True)

    assert 'data-player="Ann &amp; Cara"' in review and 'data-player="Bob &amp; Dan"' in review
    assert "Running totals over 1 hand: Ann &amp; Cara 1255, Bob &amp; Dan 275." in review


def test_the_csv_of_a_game_in_sides_has_a_column_per_side(user, record, canasta):
    record(user, canasta, FIRST_HAND)

    csv = user.get(f"/games/{canasta}/export.csv").get_data(as_text=True)

    assert csv.splitlines()[0].startswith("Hand,Dealer,Ann & Cara,Ann & Cara total,Bob & Dan,Bob & Dan total")


def test_a_rematch_keeps_the_partners_and_moves_the_deal_on(app, user, record, canasta):
    record(user, canasta, FIRST_HAND)

    response = user.post(f"/games/{canasta}/rematch")

    with app.app_context():
        rematch = stored(app, game_id_from(response.headers["Location"]))
        assert (rematch.side_names(), rematch.first_seat) == (["Ann & Cara", "Bob & Dan"], 1)
        db.session.remove()
