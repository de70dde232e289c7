"""One use case per action, three thin adapters: the same refusal is the same answer on each.

Recording, correcting and undoing a hand are each one function in
:mod:`scorekeeper.services.games`; the entry form, the phone's outbox and the
JSON API call it and answer its refusals through one table
(:mod:`scorekeeper.web.refusals`).  Here each refusal is provoked through every
adapter that can meet it and the status and the stable code compared: the
API's ``code``, the outbox answer's ``code``, the form page's
``data-refusal``.  (A game that is over and an undo meant for another hand
have no form of their own that reaches the use case: the entry page of a
finished game sends the person to the sheet, and the sheet's undo button
undoes the last hand.)
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from apikit import Api, make_token
from scorekeeper import services
from scorekeeper.engine import InvalidEntry
from scorekeeper.extensions import db
from scorekeeper.models import Game, HandEntry
from scorekeeper.web.refusals import INVALID_ENTRY, REFUSALS, refusal

FIRST = {"out": "Ann", "hands": {"Bob": {"count": 3}}}
ANOTHER = {"expected": "1", "out": "1", "p0-count": "9"}  # a different hand 1, in the form's fields
UNSCORED = {"out": "0"}  # Ann went out; nothing typed for Bob


@pytest.fixture
def api(app: Flask, user: FlaskClient) -> Api:
    return Api(app, make_token(user))


def _form_answer(response: Any) -> tuple[int, str | None]:
    found = re.search(r'data-refusal="([a-z_]+)"', response.get_data(as_text=True))
    return response.status_code, found.group(1) if found else None


def _json_answer(response: Any) -> tuple[int, str | None]:
    return response.status_code, response.get_json().get("code")


def by_form(user: FlaskClient, api: Api, game: int, action: str) -> tuple[int, str | None]:
    if action == "stale hand":
        fields = {"token": uuid.uuid4().hex, **ANOTHER}
    else:
        fields = {"token": uuid.uuid4().hex, "expected": "2", **UNSCORED}
    return _form_answer(user.post(f"/games/{game}/hands/new", data=fields))


def by_outbox(user: FlaskClient, api: Api, game: int, action: str) -> tuple[int, str | None]:
    headers = {"Idempotency-Key": uuid.uuid4().hex}
    if action == "undo of another hand":
        return _json_answer(user.post(f"/games/{game}/outbox/undo", data={"number": "7"}, headers=headers))
    fields = ANOTHER if action == "stale hand" else {"expected": "2", **UNSCORED}
    return _json_answer(user.post(f"/games/{game}/outbox/hand", data=fields, headers=headers))


def by_api(user: FlaskClient, api: Api, game: int, action: str) -> tuple[int, str | None]:
    if action == "undo of another hand":
        return _json_answer(api.post(f"/games/{game}/undo", {"number": 7}))
    if action == "stale hand":
        return _json_answer(api.record(game, {"out": "Bob", "hands": {"Ann": {"count": 9}}}, number=1))
    return _json_answer(api.record(game, {"out": "Ann", "hands": {}}, number=2))


ADAPTERS: dict[str, Callable[..., tuple[int, str | None]]] = {"form": by_form, "outbox": by_outbox, "api": by_api}
#: each refusal, what it is answered with, and the adapters that can meet it
CASES = [
    ("stale hand", (409, "stale_hand"), ("form", "outbox", "api")),
    ("entry the engine refuses", (422, "invalid_entry"), ("form", "outbox", "api")),
    ("game over", (409, "game_over"), ("outbox", "api")),
    ("undo of another hand", (409, "stale_hand"), ("outbox", "api")),
]


@pytest.mark.parametrize(("action", "answer", "adapter"),
                         [(action, answer, adapter) for action, answer, adapters in CASES for adapter in adapters])
def test_each_refusal_is_the_same_status_and_code_on_every_adapter(
        app: Flask, user: FlaskClient, api: Api, action: str, answer: tuple[int, str], adapter: str) -> None:
    game = api.new_game("basic", ["Ann", "Bob"])
    assert api.record(game, FIRST).status_code == 201
    if action == "game over":
        assert api.post(f"/games/{game}/end").status_code == 200

    assert ADAPTERS[adapter](user, api, game, action) == answer
    assert _hands(app, game) == 1  # nothing of a refused change is kept


def _hands(app: Flask, game: int) -> int:
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(HandEntry).where(HandEntry.game_id == game))
        db.session.remove()
    return int(count or 0)


def test_the_table_answers_every_use_case_refusal_and_the_engine_alike() -> None:
    assert refusal(services.StaleHand(2, 2)).code == "stale_hand"
    assert (refusal(services.GameOver()).status, refusal(services.GameOver()).code) == REFUSALS["game_over"]
    assert (refusal(services.NotLastHand(3, 4)).status, refusal(services.NotLastHand(3, 4)).code) == (409, "stale_hand")
    assert (refusal(services.Conflict()).status, refusal(services.Conflict()).code) == (409, "conflict")
    assert (refusal(services.ReusedId(1)).status, refusal(services.ReusedId(1)).reason) == (422, "reused_id")
    engine = refusal(InvalidEntry("no input for Bob", hand=2, player="Bob", code="missing_input"))
    assert (engine.status, engine.code, engine.reason, engine.whole) == (*INVALID_ENTRY, "missing_input", False)


def test_a_correction_later_hands_cannot_stand_is_said_as_such_by_the_table() -> None:
    later = InvalidEntry("Bob has no count", hand=3, player="Bob", code="missing_input")

    said = refusal(later, correcting=1)

    assert said.whole and said.message.startswith("This change cannot stand: ")
    assert not refusal(later, correcting=3).whole  # the hand corrected: beside the player


# -- the use cases themselves ----------------------------------------------------


def _game(app: Flask, game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    assert game is not None
    return game


def test_recording_a_hand_on_a_game_that_is_over_is_refused_and_writes_nothing(app: Flask, api: Api) -> None:
    game_id = api.new_game("basic", ["Ann", "Bob"])
    assert api.post(f"/games/{game_id}/end").status_code == 200
    with app.app_context():
        with pytest.raises(services.GameOver):
            services.record_hand(_game(app, game_id), FIRST, token="t" * 16, expected=1)
        db.session.remove()
    assert _hands(app, game_id) == 0


def test_an_undo_meant_for_another_hand_undoes_nothing(app: Flask, api: Api) -> None:
    game_id = api.new_game("basic", ["Ann", "Bob"])
    assert api.record(game_id, FIRST).status_code == 201
    with app.app_context():
        with pytest.raises(services.NotLastHand) as refused:
            services.undo_hand(_game(app, game_id), number="")
        assert refused.value.recorded == 1
        db.session.remove()
    assert _hands(app, game_id) == 1


def test_an_undo_of_the_last_hand_by_its_number_removes_it(app: Flask, api: Api) -> None:
    game_id = api.new_game("basic", ["Ann", "Bob"])
    assert api.record(game_id, FIRST).status_code == 201
    with app.app_context():
        sheet = services.undo_hand(_game(app, game_id), number="1")
        db.session.remove()
    assert sheet["hands"] == [] and _hands(app, game_id) == 0


def test_a_correction_to_the_same_entry_changes_nothing(app: Flask, api: Api) -> None:
    game_id = api.new_game("basic", ["Ann", "Bob"])
    assert api.record(game_id, FIRST).status_code == 201
    with app.app_context():
        game = _game(app, game_id)
        revision = game.revision
        services.correct_hand(game, 1, FIRST)
        assert _game(app, game_id).revision == revision and not game.changes
        db.session.remove()
