"""Phase 10 on the app's pages: the "Made phase N" switch and the count or its own cards on the
entry form, the engine's refusals next to the field, and each player's phases beside their total."""

from __future__ import annotations

from appstate import hands_in
from webpage import page

FOUR = ["Ann", "Bob", "Cara", "Dan"]


def sheet_totals(client, game: int) -> list[str]:
    """The totals in the sheet's foot, without what is written beside them."""
    return [cell.one("strong").text for cell in page(client.get(f"/games/{game}")).one("tfoot").find_all("td")]


def switch(form, name: str) -> str:
    """The words of the switch named ``name``: its label's."""
    label = form.field(name).parent
    assert label is not None and label.tag == "label"
    return label.text


def test_each_player_has_a_made_phase_switch_naming_their_phase(user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    form = page(user.get(f"/games/{game}/hands/new"))
    assert [switch(form, f"p{seat}-made") for seat in range(4)] == ["Made phase 1"] * 4
    record(user, game, {"out": "0", "p1-made": "1", "p1-count": "35", "p2-count": "115", "p3-count": "50"})
    form = page(user.get(f"/games/{game}/hands/new"))
    assert [switch(form, f"p{seat}-made") for seat in range(4)] == \
        ["Made phase 2", "Made phase 2", "Made phase 1", "Made phase 1"]


def test_a_hand_by_switches_and_counts_is_recorded_with_made_true_or_false(app, user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    response = record(user, game, {"out": "0", "p1-made": "1", "p1-count": "35", "p2-count": "115",
                                   "p3-count": "50"})
    assert response.status_code == 303
    assert hands_in(app, game)[0]["entry"]["hands"] == {"1": {"made": True, "count": 35},  # kept by seat
                                                        "2": {"made": False, "count": 115},
                                                        "3": {"made": False, "count": 50}}
    assert sheet_totals(user, game) == ["0", "35", "115", "50"]


def test_the_sheet_shows_each_players_phases_done_beside_their_total_and_who_is_closest(user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    record(user, game, {"out": "1", "p0-count": "50", "p2-made": "1", "p2-count": "10", "p3-count": "50"})
    sheet = page(user.get(f"/games/{game}"))
    beside = [node.text for node in sheet.find_all("span", cls="beside")]
    assert beside == ["Phases done: 0", "Phases done: 1", "Phases done: 1", "Phases done: 0"]
    assert sheet.one("p", cls="standing").text == "Closest to winning: Bob"
    assert "phases: Ann 1, Bob 2, Cara 2, Dan 1" in sheet.one("p", cls="guide").text


def test_a_player_who_missed_with_a_small_count_is_refused_next_to_their_panel(user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    response = record(user, game, {"out": "0", "p1-count": "35", "p2-count": "115", "p3-count": "50"})
    assert response.status_code == 422
    assert "missed the phase, so holds 10 cards worth at least 50; got 35" in page(response).player_error(1)


def test_picked_phase_10_cards_are_counted_by_the_game(user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    form = page(user.get(f"/games/{game}/hands/new"))
    assert form.field("p1-cards").attrs["placeholder"] == "3 7 12 W"
    answer = user.get(f"/games/{game}/hands/preview?cards=3+7r+W")
    assert answer.get_json() == {"value": 35}
    wrong = user.get(f"/games/{game}/hands/preview?cards=13")
    assert (wrong.status_code, wrong.get_json()) == (422, {"error": '"13" is not a Phase 10 card'})
    response = record(user, game, {"out": "0", "p1-made": "1", "p1-cards": "3 7 W", "p2-cards": "1 2 5 9 10 11 12 S W W",
                                   "p3-count": "50"})
    assert response.status_code == 303
    assert sheet_totals(user, game) == ["0", "35", "115", "50"]


def test_a_correction_names_the_phase_tried_in_that_hand(user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    record(user, game, {"out": "0", "p1-made": "1", "p1-count": "35", "p2-count": "115", "p3-count": "50"})
    record(user, game, {"out": "1", "p0-made": "1", "p0-count": "20", "p2-count": "60", "p3-count": "50"})
    form = page(user.get(f"/games/{game}/hands/2/edit"))
    assert switch(form, "p0-made") == "Made phase 2"
    assert form.field("p0-made").attrs.get("checked") is not None
    assert form.field("p2-made").attrs.get("checked") is None


def test_statistics_count_the_phases_each_player_completed_in_the_game(app, user, start_game, record):
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import SeatMoment

    game = start_game(user, "phase10", ["Ann", "Bob", "Cara"])
    record(user, game, {"out": "0", "p1-made": "1", "p1-count": "35", "p2-count": "115"})
    record(user, game, {"out": "1", "p0-count": "60", "p2-made": "1", "p2-count": "30"})
    assert user.post(f"/games/{game}/end").status_code == 303
    with app.app_context():
        rows = db.session.execute(select(SeatMoment.seat, SeatMoment.moment, SeatMoment.count)
                                  .where(SeatMoment.game_id == game).order_by(SeatMoment.seat)).all()
        db.session.remove()
    # Ann made phase 1; Bob phases 1 and 2; Cara phase 1 (in hand 2).
    assert [tuple(row) for row in rows] == [(0, "phases", 1), (1, "phases", 2), (2, "phases", 1)]
    stats_page = page(user.get("/stats/?variant=phase10")).text
    assert "Phases completed" in stats_page


def test_the_switch_of_who_went_out_is_folded_away_with_their_panel_and_not_sent(app, user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    response = record(user, game, {"out": "0", "p1-count": "50", "p2-count": "50", "p3-count": "50"})
    assert response.status_code == 303
    assert "0" not in hands_in(app, game)[0]["entry"]["hands"]
    # A count left typed for who went out is refused as in any game, not as a phase missed.
    refused = record(user, game, {"out": "0", "p0-count": "20", "p1-count": "50", "p2-count": "50",
                                  "p3-count": "50"})
    assert refused.status_code == 422
    assert "Ann went out, so has no cards left and counts 0" in page(refused).player_error(0)


def test_the_api_takes_a_phase_10_hand_and_refuses_a_phase_missed_by_who_went_out(app, user):
    from apikit import Api, make_token

    api = Api(app, make_token(user))
    game = api.new_game("phase10", ["Ann", "Bob", "Cara"])
    taken = api.record(game, {"out": "Ann", "hands": {"Bob": {"made": True, "cards": "3 7 W"},
                                                      "Cara": {"made": False, "cards": "1 2 5 9 10 11 12 S W W"}}})
    assert taken.status_code in (200, 201), taken.get_json()
    sheet = taken.get_json()["sheet"]
    assert sheet["hands"][0]["scores"] == {"Ann": 0, "Bob": 35, "Cara": 115}
    assert sheet["next"]["phases"] == {"Ann": 2, "Bob": 2, "Cara": 1}
    refused = api.record(game, {"out": "Bob", "hands": {"Bob": {"made": False}, "Ann": {"made": False, "count": 50},
                                                        "Cara": {"made": False, "count": 50}}})
    assert refused.status_code == 422
    assert refused.get_json()["error"] == "hand 2, Bob: went out without making phase 2"
    assert refused.get_json()["reason"] == "out_without_phase"


def test_too_many_copies_are_shown_in_the_panel_of_whose_cards_go_past_the_pack(user, start_game, record):
    game = start_game(user, "phase10", FOUR)
    response = record(user, game, {"out": "0", "p1-made": "1", "p1-cards": "S S S", "p2-made": "1",
                                   "p2-cards": "S S", "p3-count": "50"})
    assert response.status_code == 422
    assert page(response).player_error(2) == "5 Skip cards entered; the deck holds 4"
