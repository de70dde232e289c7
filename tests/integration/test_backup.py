"""Export a game (JSON log, CSV sheet) or the account, and import it back exactly; bad files change nothing."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from webpage import flashes, page

from scorekeeper import services
from scorekeeper.engine import variants
from scorekeeper.extensions import db
from scorekeeper.models import Account, Game


def out(player: str | None, **inputs: Any) -> dict[str, Any]:
    return {"out": player, "hands": inputs}


def count(n: int) -> dict[str, int]:
    return {"count": n}


def cards(text: str) -> dict[str, str]:
    return {"cards": text}


# Every variant: players, options and three hands (from the engine's full games) that leave it running.
GAMES: dict[str, tuple[list[str], dict[str, Any], list[dict[str, Any]]]] = {
    "basic": (["Ann", "Bob", "Cara"], {"target": 500}, [
        out("Ann", Bob=cards("KH QS 5D"), Cara=cards("AS 2C 3D")),
        {"out": "Cara", "rummy": True, "hands": {"Ann": count(12), "Bob": cards("10H 9S")}},
        {"out": None, "hands": {}},
    ]),
    "block": (["Ann", "Bob"], {"target": 60}, [
        {"block": True, "hands": {"Ann": cards("4H 2C"), "Bob": cards("10S 5D")}},
        out("Bob", Ann=cards("KS QH AC")),
        {"block": True, "hands": {"Ann": count(7), "Bob": count(7)}},
    ]),
    "boathouse": (["Ann", "Bob", "Cara"], {"method": "points", "target": 200}, [
        out("Ann", Bob=cards("KH AH 2H 5S 9D"), Cara=cards("7C 7D 7S 8H JC QD AS")),
        out("Bob", Ann=cards("QH KH AH 2H 3C 3D"), Cara=count(20)),
        out("Ann", Bob=count(30), Cara=cards("AS KS QS JS 9C AD")),
    ]),
    "contract": (["Ann", "Bob", "Cara", "Dan"], {"deuces_wild": True}, [
        out("Ann", Bob=cards("2H 2S 9C"), Cara=cards("JK AD"), Dan=count(0)),
        out("Bob", Ann=cards("KH QH JH 10H"), Cara=count(5), Dan=cards("3C 4C 5C")),
        out("Cara", Ann=count(0), Bob=cards("AS AS"), Dan=cards("7D")),
    ]),
    "knock": (["Ann", "Bob", "Cara"], {"target": 100}, [
        out("Ann", Ann=count(6), Bob=count(4), Cara=count(10)),
        out("Bob", Ann=count(20), Bob=count(3), Cara=count(9)),
        out("Cara", Ann=count(10), Bob=cards("KS KD KC 2H 3C"), Cara=cards("3H 4H 5H 6H 9S 9D 9C")),
    ]),
    "tunk": (["Ann", "Bob", "Cara", "Dan"], {"eliminate_at": 60}, [
        out("Ann", Ann=cards("5H 6H 2C 3D AD"), Bob=cards("KS QS JS"), Cara=count(20), Dan=cards("2H 2D 9C")),
        out("Bob", Ann=count(15), Cara=count(45), Dan=count(10)),
        out("Dan", Ann=count(30), Bob=cards("7H 7H 8S")),
    ]),
    "gin": (["Ann", "Bob"], {}, [
        out("Ann", Ann=cards("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"), Bob=cards("7H 2H 8H 9S 9D QC KD QD JD 5C")),
        out("Bob", Ann=count(12), Bob=count(0)),
        out("Ann", Ann=count(8), Bob=count(5)),
    ]),
    "oklahoma-gin": (["Ann", "Bob"], {"spade_double": True}, [
        {"out": "Ann", "upcard": "7S", "hands": {"Ann": count(5), "Bob": count(30)}},
        {"out": "Ann", "upcard": "KH", "hands": {"Ann": count(0), "Bob": count(20)}},
        {"out": "Bob", "upcard": "3D", "hands": {"Ann": count(20), "Bob": count(2)}},
    ]),
    "corner-gin": (["Ann", "Bob"], {}, [
        out("Ann", Ann=cards("QH KH AH 2H 5S 5D 5C 9D 10D JD"), Bob=cards("3H 8D AD 4C 6C 7C KS KC 9S 8S")),
        out("Bob", Ann=count(30), Bob=count(5)),
        out("Bob", Ann=count(4), Bob=count(10)),
    ]),
    "hollywood-gin": (["Ann", "Bob"], {"target": 150}, [
        out("Ann", Ann=count(0), Bob=count(35)),
        {"out": None, "hands": {}},
        out("Ann", Ann=count(8), Bob=count(5)),
    ]),
    "500": (["Ann", "Bob", "Cara"], {}, [
        out("Ann", Ann={"melded": "AS AD AH KS QS JS", "left": ""},
            Bob={"melded": "AC 2C 3C", "low_aces": 1, "left": "9H"}, Cara={"melded": 200, "left": 15}),
        out("Bob", Ann={"melded": 30, "left": 20}, Bob={"melded": 25, "left": 0}, Cara={"melded": 15, "left": 10}),
        out("Cara", Ann={"melded": 12, "left": 30}, Bob={"melded": 26, "left": 5}, Cara={"melded": 18}),
    ]),
    "indian": (["Ann", "Bob", "Cara"], {"pool": 201}, [
        {"out": "Cara", "wild": None, "hands": {
            "Cara": cards("AH 2H 3H 4H 5S 6S 7S 9D 9S 9C QS QD QC"),
            "Ann": cards("2S 3S 4S 5D 6D 7D 4D 9C 3H 3C 8H KC QH"),
            "Bob": {"drop": "first"}}},
        {"out": "Ann", "wild": "7", "hands": {
            "Ann": cards("3H 4H 5H 6H JC 7H QC QS QD QC 9S 9H 9C"),
            "Bob": count(15), "Cara": {"drop": "middle"}}},
        {"out": "Cara", "hands": {"Ann": {"wrong_show": True}, "Bob": count(1)}},
    ]),
    "sai": (["Ann", "Bob"], {"target": 500}, [
        out("Ann", Bob=cards("QS AH KD 5C")),
        {"out": "Bob", "rummy": True, "hands": {"Ann": count(40)}},
        {"out": None, "hands": {}},
    ]),
    "three-thirteen": (["Ann", "Bob", "Cara"], {"jokers": 2, "min_naturals": 1}, [
        out("Ann", Bob=cards("9C KD 4H"), Cara=cards("3H 3S 9C")),
        out("Bob", Ann=count(2), Cara=count(8)),  # counts: it is also hand 1's correction, a deal of 3
        out("Cara", Ann=cards("JK JK QH QS 2C"), Bob=cards("5S 7H 8H KC KD")),
    ]),
    # Ann closes in mano; Cara never opened (100, doubled); nobody is out before 1000.
    "scala40": (["Ann", "Bob", "Cara"], {"eliminate_at": 1000, "reentries": 1}, [
        {"out": "Ann", "in_mano": True, "hands": {"Bob": cards("KS 7D JK"), "Cara": {"opened": False}}},
        out("Bob", Ann=count(20), Cara=count(30)),  # counts: it is also hand 1's correction
        out("Cara", Ann=cards("AC 3C"), Bob=count(5)),
    ]),
    "kalooki": (["Ann", "Bob", "Cara"], {"jokers": 4}, [
        {"out": "Ann", "kalookie": True, "hands": {"Bob": cards("KS KH 4D JK"), "Cara": cards("AC 2C")}},
        out("Bob", Ann=count(10), Cara=count(30)),
        out("Cara", Ann=cards("JK JK JK"), Bob=count(12)),
    ]),
    # A house game by points, zero-sum with a bonus: points below 0 in the hands and the change log.
    "house": (["Ann", "Bob", "Cara"], {"name": "Our Marriage", "entry": "points", "scoring": "zero_sum",
                                       "going_out_bonus": 5, "lowest_wins": False, "deals": 10}, [
        out("Ann", Bob={"points": 12}, Cara={"points": -4}),
        out("Bob", Ann={"points": 3}, Cara={"points": 40}),
        out("Cara", Ann={"points": -10}, Bob={"points": 7}),
    ]),
    # Phase 10's own cards and its made switch; hand 2 is also hand 1's correction.
    "phase10": (["Ann", "Bob", "Cara"], {}, [
        out("Ann", Bob={"made": True, "cards": "3 7 W"}, Cara={"made": False, "cards": "1 2 5 9 10 11 12 S W W"}),
        out("Bob", Ann={"made": False, "count": 60}, Cara={"made": True, "cards": "5R W"}),
        out("Cara", Ann={"made": True, "count": 15}, Bob={"made": False, "count": 50}),
    ]),
    # Ann & Cara against Bob & Dan: the rule book's two examples, then the stock runs out.
    "canasta": (["Ann", "Bob", "Cara", "Dan"], {}, [
        {"out": "Ann", "sides": {"Ann & Cara": {"meld_points": 270, "natural": 1, "mixed": 1, "red_threes": 1},
                                 "Bob & Dan": {"meld_points": 150, "red_threes": 2}},
         "hands": {"Cara": cards("KS 5D"), "Bob": count(60), "Dan": cards("4H 4C 7S")}},
        {"out": "Cara", "concealed": True,
         "sides": {"Ann & Cara": {"meld_points": 180, "natural": 1, "red_threes": 3},
                   "Bob & Dan": {"meld_points": 0, "red_threes": 1}},
         "hands": {"Ann": cards("AS 9D"), "Bob": count(95), "Dan": count(40)}},
        {"out": None, "sides": {"Ann & Cara": {"meld_points": 90},
                                "Bob & Dan": {"meld_points": 300, "natural": 2, "red_threes": 1}},
         "hands": {"Ann": {}, "Bob": count(0), "Cara": count(5), "Dan": cards("JK 4H")}},
    ]),
    "hand-and-foot": (["Ann", "Bob", "Cara", "Dan"], {"red_three": 300}, [
        {"out": "Ann", "sides": {"Ann & Cara": {"meld_points": 610, "clean": 2, "dirty": 1, "red_threes": 1},
                                 "Bob & Dan": {"meld_points": 340, "clean": 1}},
         "hands": {"Cara": {"hand": "KS 5D", "foot": 85}, "Bob": {"hand": 30}, "Dan": {"hand": "3H JK 7C"}}},
        {"out": "Bob", "sides": {"Ann & Cara": {"meld_points": 200, "dirty": 1},
                                 "Bob & Dan": {"meld_points": 400, "clean": 1, "dirty": 1}},
         "hands": {"Ann": {"hand": 45, "foot": 90}, "Cara": {"hand": 10}, "Dan": {}}},
        {"out": None, "sides": {"Ann & Cara": {"meld_points": 250, "dirty": 1, "red_threes": 2},
                                "Bob & Dan": {"meld_points": 900, "clean": 1, "wild": 1}},
         "hands": {"Ann": {"hand": "AS 2D"}, "Cara": {"hand": 25, "foot": 70}, "Bob": {"hand": 10},
                   "Dan": {"foot": "3S"}}},
    ]),
    # Marriage: Dan unseen, then a dublee finish (bonus 5), then Cara finishes with maal left out (0).
    "marriage": (["Ann", "Bob", "Cara", "Dan"], {"dublee_bonus": 5}, [
        out("Ann", Ann={"shown": True, "maal": 12}, Bob={"shown": True, "maal": 5}, Cara={"shown": True, "maal": 0},
            Dan={"shown": False}),
        {"out": "Bob", "out_dublee": True, "hands": {"Ann": {"shown": True, "maal": 9}, "Bob": {"shown": True},
                                                      "Cara": {"shown": False}, "Dan": {"shown": False}}},
        out("Cara", Ann={"shown": False}, Bob={"shown": True, "maal": 3}, Cara={"shown": True},
            Dan={"shown": True, "maal": 40}),
    ]),
    # Bob deals hand 1 to Cara (Ann sits out); a dead hand second, so that it is hand 1's correction too.
    "cutthroat-gin": (["Ann", "Bob", "Cara"], {"target": 150}, [
        out("Bob", Bob=count(5), Cara=count(30)),  # Cara sits out; Ann deals to Bob
        {"out": None, "hands": {}},  # Bob sits out; Cara deals to Ann
        out("Ann", Ann=cards("3H 4H 5H 6H 8S 8D 8C AC 2D 4C"), Cara=cards("2H 7H 8H 9S 9D QC KD QD JD 5C")),
    ]),
    # Bob & Dan deal hand 1 (Dan v Ann, Bob v Cara); two dead games second, hand 1's correction too.
    "partnership-gin": (["Ann", "Bob", "Cara", "Dan"], {"target": 200}, [
        {"games": [out("Dan", Dan=count(3), Ann=count(20)), {"out": None, "hands": {}}]},
        {"games": [{"out": None, "hands": {}}, {"out": None, "hands": {}}]},
        {"games": [out("Bob", Bob=cards("3H 4H 5H 6H 8S 8D 8C AC 2D 4C"),
                       Cara=cards("2H 7H 8H 9S 9D QC KD QD JD 5C")),
                   out("Ann", Ann=count(0), Dan=count(12))]},
    ]),
}

#: the partnerships of the games played in sides
SIDES = {"canasta": [["Ann", "Cara"], ["Bob", "Dan"]], "hand-and-foot": [["Ann", "Cara"], ["Bob", "Dan"]],
         "partnership-gin": [["Ann", "Cara"], ["Bob", "Dan"]]}


def test_every_variant_is_round_tripped_here():
    assert set(GAMES) == {v["key"] for v in variants()}


def make_account(email: str) -> Account:
    return services.register(email, "correct horse")


def played(account: Account, variant: str, *, end: bool = True) -> Game:
    """A game of three hands, the first corrected (to the second's entry) and the last undone and
    saved again, ended by agreement."""
    names, options, hands = GAMES[variant]
    game = services.start_game(account, variant, names, first_dealer=1, options=options, sides=SIDES.get(variant))
    for number, entry in enumerate(hands, 1):
        services.record_hand(game, entry, token=f"t{number}", expected=number)
    services.correct_hand(game, 1, hands[1])
    services.undo_hand(game)
    services.record_hand(game, hands[2], token="again", expected=3)
    if end and game.status != "finished":
        services.end_game(game)
    return game


def sheet_json(game: Game) -> str:
    return json.dumps(services.sheet_of(game), sort_keys=True)


def upload(client: FlaskClient, content: bytes | str, name: str = "game.json") -> Any:
    body = content.encode() if isinstance(content, str) else content
    return client.post("/backup/import", data={"file": (io.BytesIO(body), name)},
                       content_type="multipart/form-data")


def account_of(client: FlaskClient, app: Flask) -> Account:
    """The account signed in on ``client`` (read in the test's app context)."""
    with client.session_transaction() as session:
        account_id = int(session["_user_id"].split(":")[0])  # "<account id>:<sign-in secret>"
    account = db.session.get(Account, account_id)
    assert account is not None
    return account


@pytest.fixture
def ann(app: Flask, client: FlaskClient, sign_up: Any) -> Iterator[Account]:
    """A signed-in account on ``client``, in the app context the test runs in."""
    sign_up(client, "ann@example.com")
    with app.app_context():
        yield account_of(client, app)


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_an_exported_game_imported_into_a_fresh_account_gives_the_identical_sheet(app, client, ann, variant):
    game = played(ann, variant)
    response = client.get(f"/games/{game.id}/export.json")
    assert response.status_code == 200
    exported = response.get_json()
    assert exported["format"] == "scorekeeper-game" and exported["uid"] == game.uid
    assert len(exported["hands"]) == 3 and [c["action"] for c in exported["changes"]][:2] == ["edit", "undo"]

    fresh = app.test_client()
    fresh.post("/register", data={"email": "fresh@example.com", "password": "correct horse"})
    response = upload(fresh, response.get_data())

    assert response.status_code == 303
    bob = account_of(fresh, app)
    [copy_] = db.session.scalars(select(Game).where(Game.account_id == bob.id)).all()
    assert copy_.id != game.id
    assert sheet_json(copy_) == sheet_json(game)
    assert (copy_.uid, copy_.ended, copy_.status, copy_.hands_count, copy_.summary["totals"]) == (
        game.uid, game.ended, game.status, game.hands_count, game.summary["totals"])
    assert (copy_.created_at, copy_.updated_at) == (game.created_at, game.updated_at)
    assert [(c.action, c.hand_number, c.before, c.after, c.at) for c in copy_.changes] == [
        (c.action, c.hand_number, c.before, c.after, c.at) for c in game.changes]
    assert [(h.created_at, h.updated_at) for h in copy_.hands] == [(h.created_at, h.updated_at) for h in game.hands]
    # ...and it exports to the same file again.
    assert fresh.get(f"/games/{copy_.id}/export.json").get_json() == exported


def test_a_running_game_comes_back_running_and_takes_its_next_hand(app, client, ann):
    game = played(ann, "contract", end=False)
    exported = client.get(f"/games/{game.id}/export.json").get_data()
    db.session.delete(game)
    db.session.commit()

    assert upload(client, exported).status_code == 303

    [copy_] = db.session.scalars(select(Game).where(Game.account_id == ann.id)).all()
    assert copy_.status == "playing"
    following = out("Dan", Ann=count(10), Bob=count(10), Cara=count(10))
    sheet = services.record_hand(copy_, following, token="next", expected=4)
    assert len(sheet["hands"]) == 4


def test_the_csv_export_is_the_sheet_a_spreadsheet_opens(app, client, ann):
    game = services.start_game(ann, "gin", ["Ann", "Bob"])
    services.record_hand(game, out("Ann", Ann=count(7), Bob=count(15)), token="a", expected=1)
    services.record_hand(game, out("Bob", Ann=count(12), Bob=count(0)), token="b", expected=2)

    response = client.get(f"/games/{game.id}/export.csv")

    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="gin-{game.created_at:%Y-%m-%d}-{game.id}.csv"')
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["Hand", "Dealer", "Ann", "Ann total", "Bob", "Bob total", "Notes"]
    assert rows[1][:6] == ["1", "Ann", "8", "8", "0", "0"]
    assert rows[2][:6] == ["2", "Bob", "0", "8", "37", "37"]
    assert "gin" in rows[2][6].lower()
    assert rows[3] == ["Total", "", "", "8", "", "37", ""]


def test_the_json_export_is_a_download_named_after_the_variant_and_date(app, client, ann):
    game = services.start_game(ann, "500", ["Ann", "Bob"])

    response = client.get(f"/games/{game.id}/export.json")

    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="500-{game.created_at:%Y-%m-%d}-{game.id}.json"')


def test_the_game_page_links_to_both_exports(app, client, ann):
    game = services.start_game(ann, "gin", ["Ann", "Bob"])

    links = {a.get("href") for a in page(client.get(f"/games/{game.id}")).find_all("a")}

    assert {f"/games/{game.id}/export.json", f"/games/{game.id}/export.csv"} <= links


def test_an_account_backup_restores_every_game_and_player_into_a_fresh_account(app, client, ann):
    games = [played(ann, variant) for variant in ("gin", "tunk", "500")]
    services.add_player(ann, "Zed")  # on the roster, in no game
    response = client.get("/backup/export.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].startswith('attachment; filename="scorekeeper-backup-')
    backup = response.get_json()
    assert (backup["format"], len(backup["games"])) == ("scorekeeper-backup", 3)

    fresh = app.test_client()
    fresh.post("/register", data={"email": "fresh@example.com", "password": "correct horse"})
    response = upload(fresh, response.get_data(), "backup.json")

    assert response.status_code == 303
    assert flashes(fresh.get(response.headers["Location"]))[-1] == "Imported 3 games."
    bob = account_of(fresh, app)
    copies = db.session.scalars(select(Game).where(Game.account_id == bob.id).order_by(Game.id)).all()
    assert [sheet_json(g) for g in copies] == [sheet_json(g) for g in games]
    assert [p.name for p in bob.players] == ["Ann", "Bob", "Cara", "Dan", "Zed"]


def test_importing_the_same_backup_twice_adds_nothing_the_second_time(app, client, ann, rows):
    played(ann, "gin")
    played(ann, "basic")
    backup = client.get("/backup/export.json").get_data()
    fresh = app.test_client()
    fresh.post("/register", data={"email": "fresh@example.com", "password": "correct horse"})
    assert upload(fresh, backup).status_code == 303
    before = rows()

    response = upload(fresh, backup)

    assert response.status_code == 303
    assert flashes(fresh.get(response.headers["Location"]))[-1] == "Imported 0 games; skipped 2 already here."
    assert rows() == before


def test_a_game_imported_into_its_own_account_is_skipped(app, client, ann, rows):
    game = played(ann, "gin")
    before = rows()

    response = upload(client, client.get(f"/games/{game.id}/export.json").get_data())

    assert response.status_code == 303
    assert flashes(client.get("/backup"))[-1] == "Imported 0 games; skipped 1 already here."
    assert rows() == before


def backup_with(client: FlaskClient, account: Account, change: Any) -> str:
    """The account's backup of three games (gin, basic, gin), altered by ``change(data)``."""
    for variant in ("gin", "basic", "gin"):
        played(account, variant)
    data = client.get("/backup/export.json").get_json()
    change(data)
    return json.dumps(data)


def _set(path: list[Any], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


def _drop(path: list[Any]) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]
    return change


# (case, change to a good backup of three games, the message)
REJECTED = [
    ("wrong format", _set(["format"], "spreadsheet"),
     "not a Scorekeeper export (format 'spreadsheet'; expected \"scorekeeper-game\" or \"scorekeeper-backup\")"),
    ("wrong version", _set(["version"], 2), "This file is version 2; this Scorekeeper reads version 1."),
    ("unknown variant", _set(["games", 1, "variant"], "pinochle"),
     'game 2 ("pinochle", Ann v Bob v Cara): "pinochle" is not a variant this Scorekeeper knows.'),
    ("missing field", _drop(["games", 2, "hands"]), "games/2: 'hands' is missing."),
    ("missing uid", _drop(["games", 0, "uid"]), "games/0: 'uid' is missing."),
    ("invalid hand", _set(["games", 2, "hands", 1, "hands", "Bob"], {"cards": "ZZ"}),
     'game 3 ("Gin Rummy", Ann v Bob): hand 2, Bob: "ZZ" is not a card'),
    ("unknown player in a hand", _set(["games", 1, "hands", 0, "out"], "Eve"),
     'game 2 ("Basic Rummy", Ann v Bob v Cara): hand 1: "Eve" is not a player in this game'),
    ("bad option", _set(["games", 0, "options"], {"target": -5}), 'game 1 ("Gin Rummy", Ann v Bob): options:'),
    ("players not a list", _set(["games", 0, "players"], "Ann"), "games/0/players: 'Ann' is not a list."),
    ("games not a list", _set(["games"], {}), "games: {} is not a list."),
    ("a name with spaces at its ends", _set(["players", 0], " Ann"),
     "players/0: ' Ann' is not a player's name as the roster keeps it"),
    ("an invisible name on the roster", _set(["players", 0], "\u200b"),
     "players/0: a player's name cannot be empty (or only invisible characters)"),
    ("a count written as 3.0", _set(["games", 0, "changes", 0, "before", "hands", "Bob", "count"], 3.0),
     "games/0/changes/0/before/hands/Bob/count: 3.0 is not null, true/false, a whole number, a text, or a list."),
]


@pytest.mark.parametrize(("case", "change", "message"), REJECTED, ids=[case for case, _, _ in REJECTED])
def test_a_bad_backup_is_refused_whole_with_what_and_where(app, client, ann, rows, case, change, message):
    content = backup_with(client, ann, change)
    fresh = app.test_client()
    fresh.post("/register", data={"email": "fresh@example.com", "password": "correct horse"})
    before = rows()

    response = upload(fresh, content)

    assert response.status_code == 422
    error = page(response).error_near("file")
    assert error.startswith("Nothing was imported: ")
    assert message in error
    assert rows() == before


@pytest.mark.parametrize(("case", "content", "message"), [
    ("not JSON", b"Ann 12, Bob 30", "This file is not JSON"),
    ("not UTF-8", b"\xff\xfe\x00", "This file is not JSON"),
    ("a JSON list", b"[1, 2]", "This file is not a Scorekeeper export"),
    ("a bare engine log", json.dumps({"variant": "gin", "players": ["Ann", "Bob"], "hands": []}).encode(),
     "not a Scorekeeper export (format None;"),
    ("empty", b"", "This file is not JSON"),
], ids=["not-json", "not-utf8", "json-list", "engine-log", "empty"])
def test_a_file_that_is_no_export_is_refused(app, client, ann, rows, case, content, message):
    before = rows()

    response = upload(client, content)

    assert response.status_code == 422
    assert message in page(response).error_near("file")
    assert rows() == before


def test_a_csv_sheet_given_to_import_is_told_what_import_takes(app, client, ann, rows):
    game = played(ann, "gin")
    sheet = client.get(f"/games/{game.id}/export.csv").get_data()
    before = rows()

    response = upload(client, sheet, f"gin-{game.id}.csv")

    assert response.status_code == 422
    error = page(response).error_near("file")
    assert error == ("Nothing was imported: This file is a CSV sheet, made for spreadsheets, and cannot be read "
                     "back: import takes the JSON file of one game (the JSON link under its sheet) or of a whole "
                     "backup (Download every game, on the Backup page).")
    assert "Expecting value" not in error
    assert rows() == before


def test_a_csv_sheet_renamed_json_is_still_known_for_a_sheet(app, client, ann):
    game = played(ann, "gin")
    sheet = client.get(f"/games/{game.id}/export.csv").get_data()

    response = upload(client, sheet, "game.json")

    assert "This file is a CSV sheet, made for spreadsheets" in page(response).error_near("file")


def test_a_json_file_cut_short_says_where_it_breaks_and_what_import_takes(app, client, ann):
    game = played(ann, "gin")
    exported = client.get(f"/games/{game.id}/export.json").get_data()

    response = upload(client, exported[: len(exported) // 2])

    error = page(response).error_near("file")
    assert error.startswith("Nothing was imported: This file is not JSON: it breaks at line ")
    assert error.endswith("It may be cut short; import takes the JSON file of one game (the JSON link under its "
                          "sheet) or of a whole backup (Download every game, on the Backup page).")


def test_a_game_file_with_an_invalid_hand_names_the_hand_and_player(app, client, ann, rows):
    game = played(ann, "gin")
    data = client.get(f"/games/{game.id}/export.json").get_json()
    db.session.delete(game)
    db.session.commit()
    data["hands"][2]["hands"]["Ann"] = {"cards": "7H 7H 2S 3S 4S 9C 9D 9S KD KC"}
    before = rows()

    response = upload(client, json.dumps(data))

    assert response.status_code == 422
    assert "Nothing was imported: hand 3, Ann: 7H appears twice" in page(response).error_near("file")
    assert rows() == before


def test_no_file_chosen_says_so(app, client, ann, rows):
    before = rows()

    response = client.post("/backup/import", data={}, content_type="multipart/form-data")

    assert response.status_code == 422
    assert page(response).error_near("file") == "Choose a file to import."
    assert rows() == before


def test_a_backup_with_one_bad_game_adds_none_of_its_good_ones(app, client, ann):
    content = backup_with(client, ann, _set(["games", 2, "hands", 0, "out"], "Eve"))
    fresh = app.test_client()
    fresh.post("/register", data={"email": "fresh@example.com", "password": "correct horse"})

    upload(fresh, content)

    assert db.session.scalar(select(func.count(Game.id))) == 3  # Ann's three, none of the copies


@pytest.mark.parametrize("url", ["/games/{game}/export.json", "/games/{game}/export.csv"])
def test_another_account_cannot_export_my_game(app, client, ann, other, url):
    game = services.start_game(ann, "gin", ["Ann", "Bob"])

    response = other.get(url.format(game=game.id))

    assert response.status_code == 404
    assert "Ann" not in response.get_data(as_text=True)


@pytest.mark.parametrize("url", ["/backup", "/backup/export.json", "/games/1/export.json"])
def test_backup_pages_need_a_signed_in_account(client, url):
    response = client.get(url)

    assert response.status_code == 302
    assert "/login" in response.headers["Location"]


def test_the_account_backup_holds_only_my_games(app, client, ann, other):
    played(ann, "gin")
    other_account = account_of(other, app)
    services.start_game(other_account, "basic", ["Mallory", "Trent"])

    backup = other.get("/backup/export.json").get_json()

    assert [g["variant"] for g in backup["games"]] == ["basic"]
    assert backup["players"] == ["Mallory", "Trent"]


def test_the_backup_page_offers_the_download_and_the_upload_form(app, client, ann):
    response = client.get("/backup")

    assert response.status_code == 200
    html = page(response)
    assert html.find("a", href="/backup/export.json") is not None
    form = html.one("form", action="/backup/import")
    assert form.get("enctype") == "multipart/form-data"
    assert html.field("file").get("type") == "file"


def test_the_upload_without_the_csrf_token_is_refused_and_imports_nothing(csrf_app, client, rows):
    token = page(client.get("/register")).value("csrf_token")
    client.post("/register", data={"email": "ann@example.com", "password": "correct horse", "csrf_token": token})
    with csrf_app.app_context():
        account = db.session.scalar(select(Account))
        game = played(account, "gin")
        exported = client.get(f"/games/{game.id}/export.json").get_json()
        db.session.delete(game)
        db.session.commit()
    before = rows()
    content = json.dumps(exported).encode()

    refused = client.post("/backup/import", data={"file": (io.BytesIO(content), "g.json")},
                          content_type="multipart/form-data")
    forged = client.post("/backup/import", data={"file": (io.BytesIO(content), "g.json"), "csrf_token": "x"},
                         content_type="multipart/form-data")

    assert (refused.status_code, forged.status_code) == (400, 400)
    assert "This form is stale" in page(refused).text
    assert rows() == before
    token = page(client.get("/backup")).value("csrf_token")
    accepted = client.post("/backup/import", data={"file": (io.BytesIO(content), "g.json"), "csrf_token": token},
                           content_type="multipart/form-data")
    assert accepted.status_code == 303
    assert rows() != before


def test_an_export_is_plain_data_that_changes_nothing(app, client, ann, rows):
    game = played(ann, "indian")
    before = rows()

    exported = client.get(f"/games/{game.id}/export.json").get_json()

    assert rows() == before
    assert copy.deepcopy(exported) == json.loads(json.dumps(exported))
    assert exported["players"] == ["Ann", "Bob", "Cara"] and exported["first_dealer"] == "Bob"
