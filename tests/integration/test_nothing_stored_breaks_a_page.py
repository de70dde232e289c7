"""The invariant: whatever the API, the forms or an import accepted, every page of
every stored game still answers, and nothing that comes in is a 500.

Hypothesis drives each way in with values up to and past every bound (huge
integers, odd and deep JSON, Unicode edge cases, crafted change logs); after
each example every page of every game the account holds is opened: the
sheet, all its hands and its pages, the review, both exports, the backup, the
live view and its updates, the statistics, the history and the lists.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from apikit import Api, make_token
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from test_backup import GAMES
from test_fuzz_forms import form
from werkzeug.datastructures import MultiDict

from scorekeeper.engine import variants
from scorekeeper.engine.bounds import MAX_COUNT, MAX_HANDS, MAX_TARGET
from scorekeeper.extensions import db
from scorekeeper.models import Game, Player

INVARIANT = settings(max_examples=20, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

CATALOGUE = {variant["key"]: variant for variant in variants()}
EDGES = [0, 1, -1, MAX_COUNT, MAX_COUNT + 1, MAX_TARGET, MAX_TARGET + 1, MAX_HANDS, MAX_HANDS + 1,
         2**31, 2**63, 2**64, 10**20, 10**307, 10**400, -10**400]

integers = st.one_of(st.integers(min_value=-20, max_value=200), st.sampled_from(EDGES))
texts = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "Ann", "ann", " Ann ", "ANN", "Bob", "\ud800", "A\udfffB", "Ann\x00", "Ann\x1b[2J",
                     "\u202eevil", "=HYPERLINK(\"http://x\")", "+1", "@SUM(A1)", "x" * 41, "x" * 2000, "🂡",
                     "KH QS 5D", "JK JK JK JK JK", "10H " * 300, "<script>alert(1)</script>", "\ufeff"]),
)
scalars = st.one_of(st.none(), st.booleans(), integers, st.floats(allow_nan=False), texts)
odd_json = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(texts, inner, max_size=4)),
                        max_leaves=12)


def deep(levels: int) -> str:
    """JSON nested ``levels`` deep (written out: too deep for json.dumps)."""
    return "[" * levels + "0" + "]" * levels


#: a count near or past its bounds (mostly the edges themselves), else any count within them
EDGE_COUNTS = [10**400, 10**307, MAX_COUNT + 1, MAX_COUNT, 0]  # the likeliest first
near_bounds = st.one_of(st.sampled_from(EDGE_COUNTS), st.sampled_from(EDGE_COUNTS),
                        st.integers(min_value=0, max_value=MAX_COUNT))


def with_counts(entry: Any, draw: st.DrawFn) -> Any:
    """The entry with one of its counts (or 500's typed numbers) drawn near or past the bounds."""
    entry = json.loads(json.dumps(entry))
    numbers = [(given, key) for given in (entry.get("hands") or {}).values()
               for key in ("count", "melded", "left", "points") if isinstance(given.get(key), int)]
    if numbers:
        given, key = numbers[draw(st.integers(min_value=0, max_value=len(numbers) - 1))]
        given[key] = draw(near_bounds)
    return entry


@st.composite
def played_games(draw: st.DrawFn) -> dict[str, Any]:
    """A game of every variant that scores (test_backup's), its options and counts at the bounds."""
    variant = draw(st.sampled_from(sorted(GAMES)))
    players, options, hands = GAMES[variant]
    facts = {o["key"]: o for o in CATALOGUE[variant]["options"]}
    options = dict(options)
    for key, option in facts.items():
        if option["type"] == "int" and option.get("maximum") and draw(st.booleans()):
            options[key] = draw(st.sampled_from([option["minimum"], option["maximum"], option["maximum"] + 1]))
    return {"variant": variant, "players": list(players), "options": options,
            "hands": [with_counts(hand, draw) for hand in hands]}


@st.composite
def new_games(draw: st.DrawFn) -> dict[str, Any]:
    variant = draw(st.sampled_from(sorted(CATALOGUE)))
    facts = CATALOGUE[variant]
    count = draw(st.integers(min_value=facts["min_players"], max_value=facts["max_players"]))
    players = draw(st.one_of(
        st.just([f"P{n}" for n in range(count)]),
        st.lists(texts, min_size=count, max_size=count),
    ))
    options = draw(st.one_of(
        st.just({}),
        st.dictionaries(st.sampled_from([o["key"] for o in facts["options"]] or ["target"]),
                        st.one_of(integers, scalars), max_size=3),
        odd_json,
    ))
    return {"variant": variant, "players": players, "options": options}


@st.composite
def entries(draw: st.DrawFn, players: list[str]) -> Any:
    name = st.one_of(st.sampled_from(players), texts)
    given = st.one_of(
        st.fixed_dictionaries({"count": st.one_of(integers, scalars)}),
        st.fixed_dictionaries({"points": st.one_of(integers, scalars)}),
        st.fixed_dictionaries({"cards": st.one_of(texts, st.lists(texts, max_size=14))}),
        st.fixed_dictionaries({"melded": st.one_of(integers, texts), "left": st.one_of(integers, texts)}),
        st.fixed_dictionaries({"drop": st.sampled_from(["first", "middle", "last"])}),
        odd_json,
    )
    entry = draw(st.one_of(
        st.fixed_dictionaries(
            {"out": st.one_of(st.none(), name), "hands": st.dictionaries(name, given, max_size=len(players) + 1)},
            optional={"rummy": scalars, "upcard": texts, "wild": st.one_of(texts, integers), "block": scalars},
        ),
        odd_json,
    ))
    return entry


def every_page_answers(app, client) -> None:  # type: ignore[no-untyped-def]
    """Open every page of every game of the account on ``client``: none may fail.

    A game already opened as it is now (same revision) is not opened again:
    the examples of one test share the database, and what they stored stays.
    """
    swept = app.extensions.setdefault("swept", set())
    with app.app_context():
        games = db.session.execute(select(Game.id, Game.revision, Game.updated_at)).all()
        players = db.session.scalars(select(Player.id)).all()
        db.session.remove()
    for game_id, *state in games:
        if (game_id, *state) in swept:
            continue
        swept.add((game_id, *state))
        for path in (f"/games/{game_id}", f"/games/{game_id}?all=1", f"/games/{game_id}?page=2",
                     f"/games/{game_id}/review", f"/games/{game_id}/export.json", f"/games/{game_id}/export.csv",
                     f"/games/{game_id}/hands/new"):
            answered(client.get(path), path)
        shared = client.post(f"/games/{game_id}/share")
        answered(shared, "share")
        link = re.search(r"/s/([A-Za-z0-9_-]{20,})", client.get(f"/games/{game_id}").get_data(as_text=True))
        assert link, "the game page shows its live link"
        answered(client.get(f"/s/{link.group(1)}"), "live view")
        answered(client.get(f"/s/{link.group(1)}/sheet"), "live view's update", whole_page=False)
    for path in ("/games", "/history", "/stats/", "/players/", "/backup/export.json",
                 *(f"/stats/players/{player}" for player in players)):
        answered(client.get(path), path)


def answered(response, what: str, *, whole_page: bool = True) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code < 500, f"{what}: {response.status_code}"
    if whole_page and response.status_code == 200 and response.mimetype == "text/html":
        assert "</html>" in response.get_data(as_text=True), what


@pytest.fixture
def api(app, user):  # type: ignore[no-untyped-def]
    return Api(app, make_token(user))


@INVARIANT
@given(game=st.one_of(played_games(), new_games()), data=st.data())
def test_whatever_the_api_accepts_every_page_still_answers(app, user, api, game, data):
    created = api.post("/games", {key: game[key] for key in ("variant", "players", "options")})
    answered(created, "POST /games")
    if created.status_code == 201:
        body = created.get_json()
        game_id, players = body["id"], body["players"]
        for hand in game.get("hands", []):
            answered(api.record(game_id, hand), "POST played hand")
        for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
            answered(api.record(game_id, data.draw(entries(players))), "POST hand")
        answered(api.put(f"/games/{game_id}/hands/1", {"entry": data.draw(entries(players))}), "PUT hand")
        if data.draw(st.booleans()):
            answered(api.post(f"/games/{game_id}/undo"), "undo")
    raw = '{"entry": ' + deep(data.draw(st.sampled_from([50, 5000]))) + "}"
    answered(api.client.post("/api/v1/games/1/hands", data=raw,
                             headers={**api.headers(), "Content-Type": "application/json"}), "deep body")
    every_page_answers(app, user)


counted_forms = st.fixed_dictionaries({
    "out": st.sampled_from(["0", "1", "none", "block"]),
    "p1-count": near_bounds.map(str), "p2-count": near_bounds.map(str),
    "p0-count": st.sampled_from(["", "0", "3"]),
}).map(lambda fields: MultiDict(list(fields.items())))


@INVARIANT
@given(game=st.one_of(played_games(), new_games()), fields=counted_forms | form(["out", "p0-count", "p1-count", "p2-count", "p0-cards", "p1-cards",
                                       "p1-melded", "p1-left", "p1-low_aces", "p1-status", "rummy", "upcard",
                                       "wild"]))
def test_whatever_the_forms_accept_every_page_still_answers(app, user, game, fields):
    variant = game["variant"]
    data: dict[str, Any] = {"variant": variant, "first_dealer": "0"}
    data.update({f"seat-{i}": sendable(name) for i, name in enumerate(game["players"])})
    path = f"/games/new?variant={variant}"
    if isinstance(game["options"], dict):
        data.update({f"option-{sendable(key)}": sendable(value) for key, value in game["options"].items()})
        for key, value in game["options"].items():  # a table of values (a house game's): a field each
            if isinstance(value, dict):
                data.update({f"option-{sendable(key)}-{sendable(part)}": sendable(number)
                             for part, number in value.items()})
    if CATALOGUE[variant]["defined_by_table"]:  # defined first, on its own form, then seated
        if isinstance(data.get("option-lowest_wins"), str):
            data["option-lowest_wins"] = data["option-lowest_wins"].lower()
        kept = user.post("/games/own/new", data=data)
        answered(kept, "own game")
        if kept.status_code != 303:
            every_page_answers(app, user)
            return
        path = kept.headers["Location"]
        data["type"] = path.rsplit("=", 1)[1]
    made = user.post(path, data=data)
    answered(made, "new game")
    if made.status_code == 303:
        game_id = int(made.headers["Location"].rsplit("/", 1)[1])
        opened = user.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
        token = re.search(r'name="token" value="([^"]*)"', opened)
        posted = MultiDict(fields)
        posted.setlist("token", [token.group(1) if token else ""])
        posted.setlist("expected", ["1"])
        answered(user.post(f"/games/{game_id}/hands/new", data=posted), "save hand")
    every_page_answers(app, user)


def sendable(value: Any) -> str:
    """A value as a browser posts it: text, a lone surrogate sent as U+FFFD."""
    return str(value).encode("utf-8", "replace").decode("utf-8")


@st.composite
def crafted_files(draw: st.DrawFn, template: dict[str, Any]) -> Any:
    """An export with one part replaced: a field, a hand, the change log, or a text."""
    data = json.loads(json.dumps(template))
    data["uid"] = draw(st.one_of(st.uuids().map(str), texts))
    where = draw(st.sampled_from(["counts", "field", "hand", "change", "changes", "players", "raw"]))
    if where == "counts":
        data["hands"] = [with_counts(hand, draw) for hand in data["hands"]]
        data["options"]["target"] = draw(st.sampled_from([1, MAX_TARGET, MAX_TARGET + 1, 10**400]))
    elif where == "field":
        data[draw(st.sampled_from(sorted(data)))] = draw(odd_json)
    elif where == "hand":
        data["hands"][draw(st.integers(0, len(data["hands"]) - 1))] = draw(entries(data["players"]))
    elif where == "change":
        data["changes"].append({"at": draw(st.one_of(st.none(), texts)),
                                "action": draw(st.sampled_from(["edit", "undo", "end", "x"])),
                                "hand": draw(st.one_of(st.none(), integers)),
                                "before": draw(st.one_of(st.none(), entries(data["players"]))),
                                "after": draw(st.one_of(st.none(), entries(data["players"])))})
    elif where == "changes":
        data["changes"] = draw(odd_json)
    elif where == "players":
        data["players"][draw(st.integers(0, len(data["players"]) - 1))] = draw(texts)
    else:
        return json.dumps(data).replace('"Bob"', json.dumps(draw(texts)))
    return json.dumps(data)


@pytest.fixture
def export(app, user, start_game, record):  # type: ignore[no-untyped-def]
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    for fields in ({"out": "0", "p1-count": "7", "p2-cards": "KH 5D"}, {"out": "1", "p0-count": "3", "p2-count": "9"}):
        assert record(user, game, fields).status_code == 303
    data = user.get(f"/games/{game}/export.json").get_json()
    assert user.post(f"/games/{game}/delete", data={}).status_code == 303
    return data


@INVARIANT
@given(data=st.data())
def test_whatever_an_import_accepts_every_page_still_answers(app, user, export, data):
    import io

    body = data.draw(crafted_files(export))
    response = user.post("/backup/import", data={"file": (io.BytesIO(body.encode("utf-8", "surrogatepass")),
                                                          "game.json")}, content_type="multipart/form-data")
    answered(response, "import")
    every_page_answers(app, user)


