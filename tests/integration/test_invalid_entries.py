"""An entry the rules refuse comes back with the reason next to the right field, as typed, and saves nothing."""

from __future__ import annotations

import pytest
from appstate import hands_in
from webpage import page

GIN_ANN = "AS 2S 3S 4H 5H 6H 7C 7D 7S 3D"
PACK = " ".join(rank + suit for suit in "SHDC"
                for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])

# variant, players, options, fields typed, where the message shows (a seat or a control), message
REFUSED = [
    pytest.param("basic", 3, {}, {"out": "0", "p1-cards": "KH ZZ", "p2-count": "4"}, 1,
                 '"ZZ" is not a card', id="bad-card-for-bob"),
    pytest.param("basic", 3, {}, {"out": "0", "p1-count": "seven", "p2-count": "4"}, 1,
                 "Type the count as a whole number, like 17 (not 'seven').", id="count-not-a-number"),
    pytest.param("basic", 3, {}, {"out": "0", "p1-count": "3"}, 2,
                 "Nothing typed for Cara: type their count, or pick their cards.", id="cara-left-out"),
    pytest.param("knock", 2, {}, {"out": "0", "p1-count": "3"}, 0,
                 "Nothing typed for Ann: type their count, or pick their cards.", id="knocker-left-out"),
    pytest.param("indian", 3, {}, {"out": "0", "p1-count": "3"}, 2,
                 "Nothing typed for Cara: type their count, or pick their cards, or tap First drop, Middle drop or Wrong show.",
                 id="indian-player-left-out"),
    pytest.param("500", 2, {}, {"out": "0", "p0-melded": "20"}, 1,
                 "Nothing typed for Bob: fill in Melded and Left in hand (0 for none).",
                 id="500-player-left-out-is-not-a-silent-zero"),
    pytest.param("basic", 3, {}, {"out": "0", "p0-count": "6", "p1-count": "3", "p2-count": "4"}, 0,
                 "Ann went out, so has no cards left and counts 0", id="count-for-who-went-out"),
    pytest.param("gin", 2, {}, {"out": "0", "p0-count": "14", "p1-count": "20"}, 0,
                 "cannot knock with 14 (the limit is 10)", id="knock-over-the-limit"),
    pytest.param("gin", 2, {}, {"out": "0", "p0-cards": GIN_ANN, "p1-cards": "7H 7D 8H KC QC JD 9D 2C 5C 6C"}, 1,
                 "7D appears", id="a-card-twice"),
    pytest.param("gin", 2, {}, {"out": "0", "p0-cards": "AS 2S 3S", "p1-count": "20"}, 0,
                 "exactly 10 cards", id="gin-hand-short"),
    pytest.param("indian", 3, {}, {"out": "0", "p0-cards": "AS 2S 4S 4H 5H 7H 7C 8C 9C 10D JD QD KD",
                                   "p1-count": "30", "p2-status": "first"}, 0,
                 "is not a valid declaration", id="invalid-indian-declaration"),
    pytest.param("indian", 3, {}, {"out": "0", "p1-cards": "AS 2S", "p2-status": "middle"}, 1,
                 "a hand here is exactly 13 cards", id="indian-hand-short"),
    pytest.param("knock", 2, {}, {"out": "0", "p0-count": "3", "p1-cards": PACK}, 1,
                 "52 cards is more than a hand holds", id="the-whole-pack"),
    pytest.param("500", 2, {}, {"out": "0", "p0-melded": "30", "p0-low_aces": "one", "p1-melded": "5"}, 0,
                 "Type the low aces as a whole number, like 1 (not", id="low-aces-not-a-number"),
    pytest.param("contract", 3, {}, {"p0-count": "5", "p1-count": "6", "p2-count": "7"}, "out",
                 "Tap who went out.", id="nobody-tapped"),
    # Where a hand may end with nobody out, only that tile says so: a missed tap is not a stalemate.
    pytest.param("basic", 3, {}, {"p0-count": "5", "p1-count": "6", "p2-count": "7"}, "out",
                 "Tap who went out, or 'Nobody went out'.", id="nobody-tapped-where-a-stalemate-is-allowed"),
    pytest.param("gin", 2, {}, {"p0-count": "5", "p1-count": "6"}, "out",
                 "Tap who knocked, or 'Dead hand'.", id="nobody-tapped-in-gin-is-not-a-dead-hand"),
    pytest.param("oklahoma-gin", 2, {}, {"out": "0", "upcard": "XX", "p0-count": "2", "p1-count": "9"}, "upcard",
                 'upcard "XX" is not a card', id="bad-upcard"),
    pytest.param("oklahoma-gin", 2, {}, {"out": "0", "p0-count": "2", "p1-count": "9"}, "upcard",
                 "give the upcard", id="no-upcard"),
    pytest.param("indian", 2, {}, {"out": "0", "wild": "Z", "p1-count": "9"}, "wild",
                 'wild "Z" is not a rank', id="bad-wild-rank"),
]

NAMES = ["Ann", "Bob", "Cara"]


@pytest.mark.parametrize(("variant", "players", "options", "fields", "where", "message"), REFUSED)
def test_a_refused_entry_shows_why_next_to_the_field_keeps_it_all_and_saves_nothing(
        app, user, start_game, record, rows, variant, players, options, fields, where, message):
    game = start_game(user, variant, NAMES[:players], **options)
    before = rows()

    response = record(user, game, fields, token="form-1")

    assert response.status_code == 422
    form = page(response)
    if isinstance(where, int):
        assert message in form.player_error(where)
        others = [seat for seat in range(players) if seat != where]
        assert all(form.player_error(seat) == "" for seat in others)
    elif where == "out":
        assert message in form.one("fieldset", cls="out").one("p", cls="error").text
    else:
        assert message in form.error_near(where)
    for name, typed in fields.items():
        if form.field(name).tag == "input":  # a select shows only what it offers
            assert form.value(name) == typed, name
    assert form.value("token") == "form-1"
    assert form.value("expected") == "1"
    assert rows() == before
    assert hands_in(app, game) == []


def test_a_corrected_entry_then_saves_once(app, user, start_game, record):
    game = start_game(user, "basic", NAMES)
    refused = record(user, game, {"out": "0", "p1-cards": "KH ZZ", "p2-count": "4"})
    form = page(refused).form_data()

    response = user.post(f"/games/{game}/hands/new", data={**form, "p1-cards": "KH 2D"})

    assert response.status_code == 303
    assert [hand["entry"] for hand in hands_in(app, game)] == [
        {"out": 0, "rummy": False, "hands": {"1": {"cards": "KH 2D"}, "2": {"count": 4}}}]


def test_an_entry_form_without_its_token_is_refused_as_expired(app, user, start_game):
    game = start_game(user, "basic", NAMES)

    response = user.post(f"/games/{game}/hands/new",
                         data={"expected": "1", "out": "0", "p1-count": "3", "p2-count": "4"})

    assert response.status_code == 422
    assert "This form has expired; open the hand entry again." in page(response).text
    assert page(response).value("p1-count") == "3"
    assert hands_in(app, game) == []
