"""The statistics migrations, on SQLite and PostgreSQL: from every earlier revision, an upgraded
database shows the statistics a refresh from the logs would; moments move from columns to rows and back."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import flask_migrate
import pytest
from alembic.script import ScriptDirectory
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import inspect, text
from test_migrations import empty_app, schema_differences  # noqa: F401  (the fixture, by name)
from webpage import page

from scorekeeper import data_folder
from scorekeeper.extensions import db

EMAIL, PASSWORD = "ann@example.com", "correct horse"
BEFORE_ROWS = "9a4dca65ab22"  # the last revision with a column per moment
MOMENTS_AS_ROWS = "9b74e5ab6240"


def revisions() -> list[str]:
    """Every revision of the chain, the first one first."""
    script = ScriptDirectory(str(Path(data_folder("migrations"))))
    return [found.revision for found in reversed(list(script.walk_revisions()))]


#: every revision a database could be at before today's: each one is upgraded from in a test
EARLIER = revisions()[:-1]


def stored_rows(*, named: bool = True, sided: bool = True) -> dict[str, list[tuple[Any, ...]]]:
    """The statistics rows; ``named``: with each game's name (since ce7dc2d07090); ``sided``: with
    each seat's side and the sides (since 5c3e7f1a2b90)."""
    name = "name, " if named else ""
    side = "side, sides, " if sided else ""
    with db.engine.connect() as connection:
        seats = [tuple(row) for row in connection.execute(text(
            f"SELECT game_id, seat, account_id, player_id, variant, {name}lowest_wins, players, {side}finished, won, "
            "hands, hands_won, score_sum, best_hand FROM seat_result ORDER BY game_id, seat"))]
    return {"seats": seats, "moments": stored_moments()}


def stored_moments() -> list[tuple[Any, ...]]:
    with db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(
            "SELECT game_id, seat, moment, count FROM seat_moment ORDER BY game_id, seat, moment"))]


def play(client: Any, variant: str, names: list[str], hands: list[dict[str, str]], *, end: bool,
         defined: dict[str, str] | None = None) -> None:
    """A game through the pages; ``defined``: a game the table defines, its form's fields first."""
    data = {"variant": variant, "first_dealer": "0", **{f"seat-{i}": n for i, n in enumerate(names)}}
    path = f"/games/new?variant={variant}"
    if defined is not None:
        kept = client.post("/games/own/new", data={"variant": variant, **defined})
        assert kept.status_code == 303, kept.get_data(as_text=True)[:1000]
        path = kept.headers["Location"]
        data["type"] = path.rsplit("=", 1)[1]
    response = client.post(path, data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:1000]
    game = re.search(r"/games/(\d+)$", response.headers["Location"]).group(1)  # type: ignore[union-attr]
    for fields in hands:
        form = client.get(f"/games/{game}/hands/new").get_data(as_text=True)
        token = re.search(r'name="token" value="([^"]*)"', form).group(1)  # type: ignore[union-attr]
        expected = re.search(r'name="expected" value="(\d+)"', form).group(1)  # type: ignore[union-attr]
        response = client.post(f"/games/{game}/hands/new", data={"token": token, "expected": expected, **fields})
        assert response.status_code == 303, response.get_data(as_text=True)[:1000]
    if end:
        assert client.post(f"/games/{game}/end").status_code == 303


def play_one_of_every_moment(client: FlaskClient) -> None:
    """Games with every moment there is, finished and still running (the counts are test_stats.py's)."""
    play(client, "gin", ["Ann", "Bob"], [{"out": "0", "p0-count": "0", "p1-count": "30"},
                                         {"out": "1", "p1-count": "8", "p0-count": "5"}], end=True)
    play(client, "knock", ["Ann", "Bob", "Cara"], [
        {"out": "0", "p0-count": "0", "p1-count": "10", "p2-count": "5"},
        {"out": "1", "p1-count": "6", "p0-count": "6", "p2-count": "3"}], end=True)
    play(client, "tunk", ["Ann", "Cara", "Dan"], [{"out": "0", "p1-count": "60", "p2-count": "3"},
                                                  {"out": "0", "p1-count": "45", "p2-count": "2"}], end=False)
    play(client, "indian", ["Ann", "Bob", "Cara"], [{"out": "0", "p1-status": "first", "p2-count": "30"}],
         end=False)
    play(client, "basic", ["Bob", "Dan"], [{"out": "0", "rummy": "1", "p1-count": "20"}], end=True)
    # A house game, named by the table: its statistics are its own name's (Cara is out over 50).
    play(client, "house", ["Ann", "Bob", "Cara"], [{"out": "0", "p1-points": "10", "p2-points": "60"}],
         end=False, defined={"option-name": "Our Marriage", "option-entry": "points", "option-scoring": "own",
                             "option-lowest_wins": "true", "option-eliminate_at": "50"})


VARIANTS = ("gin", "knock", "tunk", "indian", "basic", "house", "house:Our Marriage")


def statistics_pages(client: FlaskClient) -> dict[str, str]:
    """What every statistics page of the account says: the table, each game's, each player's."""
    with db.engine.connect() as connection:
        players = [row[0] for row in connection.execute(text("SELECT id FROM player ORDER BY id"))]
    paths = ["/stats/", *(f"/stats/?variant={key}" for key in VARIANTS),
             *(f"/stats/players/{player}" for player in players)]
    shown = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        main = page(response).one("main")
        flashes = main.find("div", cls="flashes")  # the last game's "saved" line, shown once
        if flashes:
            main.children.remove(flashes)
        shown[path] = main.text
    return shown


@pytest.mark.parametrize("revision", EARLIER)
def test_upgrading_from_an_earlier_revision_as_make_migrate_does_shows_the_statistics_the_app_had(
    empty_app: Flask, revision: str  # noqa: F811
) -> None:
    # Games played by the app, then the database taken back to that revision
    # (each migration's downgrade: the games and hands stay, the statistics
    # rows are as that revision keeps them, or gone), then what `make migrate`
    # runs: `flask db upgrade`, then `flask stats-refresh --missing`.
    with empty_app.app_context():
        flask_migrate.upgrade()
    empty_app.config["WTF_CSRF_ENABLED"] = False
    client = empty_app.test_client()
    assert client.post("/register", data={"email": EMAIL, "password": PASSWORD}).status_code == 303
    play_one_of_every_moment(client)
    with empty_app.app_context():
        shown_by_the_app, kept_by_the_app = statistics_pages(client), stored_rows()
        db.session.remove()  # the pages' reads, done: a migration waits for nobody's lock
        flask_migrate.downgrade(revision=revision)

    for command in (["db", "upgrade"], ["stats-refresh", "--missing"]):
        ran = empty_app.test_cli_runner().invoke(args=command, catch_exceptions=False)
        assert ran.exit_code == 0, (command, ran.output, ran.exception)

    assert schema_differences(empty_app) == []
    client = empty_app.test_client()  # the sign-ins may be gone with the revision: sign in again
    assert client.post("/login", data={"email": EMAIL, "password": PASSWORD}).status_code == 303
    with empty_app.app_context():
        shown_after_upgrading, kept_after_upgrading = statistics_pages(client), stored_rows()
        db.session.remove()
    refreshed = empty_app.test_cli_runner().invoke(args=["stats-refresh"], catch_exceptions=False)
    assert refreshed.exit_code == 0, (refreshed.output, refreshed.exception)
    with empty_app.app_context():
        shown_after_refreshing, kept_after_refreshing = statistics_pages(client), stored_rows()

    assert shown_after_upgrading == shown_after_refreshing == shown_by_the_app
    assert kept_after_upgrading == kept_after_refreshing == kept_by_the_app
    # Not vacuous: every moment is there, and the Gin table shows Ann's gin and undercut.
    assert {moment for *_, moment, _ in kept_after_upgrading["moments"]} == {
        "gins", "undercuts", "rum_hands", "knocks_beaten", "eliminated", "drops", "rummies"}
    table = page(client.get("/stats/?variant=gin")).one("table", cls="players-table")
    ann = next(row for row in table.find_all("tr") if row.find("th") and "Ann" in row.find("th").text)
    assert [th.text for th in table.one("thead").find_all("th")][-2:] == ["Gins", "Undercuts"]
    assert [td.text for td in ann.find_all("td")][-2:] == ["1", "1"]


def test_no_migration_imports_the_app_so_an_old_upgrade_does_today_what_it_did_then() -> None:
    found = {}
    for path in sorted(Path(data_folder("migrations")).glob("versions/*.py")):
        tree = ast.parse(path.read_text())
        modules = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        modules += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        found[path.name] = sorted({module.split(".")[0] for module in modules})
    assert len(found) == len(revisions())
    allowed = {"alembic", "sqlalchemy", *sys.stdlib_module_names}
    assert {name: modules for name, modules in found.items() if set(modules) - allowed} == {}
    assert "uuid" in found["e1345bc4cc2b_game_uid_for_export_and_import.py"]  # (the standard library's are fine)


def test_stats_refresh_missing_writes_only_the_games_with_no_rows(app, user, start_game, record) -> None:
    kept = start_game(user, "basic", ["Ann", "Bob"])
    lost = start_game(user, "basic", ["Ann", "Bob"])
    for game in (kept, lost):
        record(user, game, {"out": "0", "p1-count": "12"})
    with app.app_context():
        before = stored_rows()
        with db.engine.begin() as connection:
            connection.execute(text("DELETE FROM seat_moment WHERE game_id = :game"), {"game": lost})
            connection.execute(text("DELETE FROM seat_result WHERE game_id = :game"), {"game": lost})
            connection.execute(text("UPDATE seat_result SET score_sum = 999 WHERE game_id = :game"), {"game": kept})

    ran = app.test_cli_runner().invoke(args=["stats-refresh", "--missing"], catch_exceptions=False)

    assert ran.exit_code == 0 and "Refreshed the statistics of 1 games." in ran.output
    with app.app_context():
        after = stored_rows()
    assert [row for row in after["seats"] if row[0] == lost] == [row for row in before["seats"] if row[0] == lost]
    assert {row[14] for row in after["seats"] if row[0] == kept} == {999}  # score_sum, left alone: it had rows


def seat_result_shape() -> dict[str, Any]:
    found = inspect(db.engine)
    return {
        "columns": [(c["name"], str(c["type"]), c["nullable"], c.get("default")) for c in
                    found.get_columns("seat_result")],
        "indexes": sorted((i["name"], tuple(i["column_names"])) for i in found.get_indexes("seat_result")),
    }


def test_the_moment_columns_become_rows_of_the_counts_above_zero_and_come_back_on_a_downgrade(
    empty_app: Flask  # noqa: F811
) -> None:
    columns = ("gins", "undercuts", "rummies", "rum_hands", "knocks_beaten", "eliminated", "drops")
    counts = {0: (2, 0, 0, 0, 0, 1, 5), 1: (0, 3, 0, 0, 0, 0, 0), 2: (0, 0, 0, 0, 0, 0, 0)}
    with empty_app.app_context():
        flask_migrate.upgrade(revision=BEFORE_ROWS)
        shape_before = seat_result_shape()
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO account (id, email, password_hash, created_at) VALUES (1, 'a@b.c', 'x', '2026-01-01')"))
            connection.execute(text(
                "INSERT INTO game (id, account_id, uid, variant, options, first_seat, ended, status, hands_count, "
                "summary, revision, created_at, updated_at) VALUES (1, 1, 'u1', 'indian', '{}', 0, :no, "
                "'playing', 0, '{}', 0, '2026-01-01', '2026-01-01')"), {"no": False})
            for seat in counts:
                connection.execute(text(
                    "INSERT INTO player (id, account_id, name, created_at) VALUES (:id, 1, :name, '2026-01-01')"),
                    {"id": seat + 1, "name": f"P{seat}"})
                connection.execute(text("INSERT INTO seat (game_id, seat, player_id) VALUES (1, :seat, :player)"),
                                   {"seat": seat, "player": seat + 1})
                connection.execute(text(
                    "INSERT INTO seat_result (game_id, seat, account_id, player_id, variant, lowest_wins, players, "
                    "finished, won, hands, hands_won, score_sum, best_hand, " + ", ".join(columns) + ") VALUES "
                    "(1, :seat, 1, :player, 'indian', :yes, 3, :no, :no, 4, 1, 12.5, 0, "
                    + ", ".join(f":{c}" for c in columns) + ")"),
                    {"seat": seat, "player": seat + 1, "yes": True, "no": False, **dict(zip(columns, counts[seat]))})

        flask_migrate.upgrade(revision=MOMENTS_AS_ROWS)
        moved = stored_moments()
        assert not set(columns) & {c["name"] for c in inspect(db.engine).get_columns("seat_result")}
        with db.engine.begin() as connection:  # a moment of a newer game: it has no column to go back to
            connection.execute(text(
                "INSERT INTO seat_moment (game_id, seat, moment, count) VALUES (1, 2, 'kalookies', 4)"))
        flask_migrate.downgrade(revision=BEFORE_ROWS)
        with db.engine.connect() as connection:
            back = {row[0]: tuple(row[1:]) for row in connection.execute(text(
                "SELECT seat, " + ", ".join(columns) + " FROM seat_result ORDER BY seat"))}
            tables = set(inspect(db.engine).get_table_names())
        shape_after = seat_result_shape()

    assert moved == [(1, 0, "drops", 5), (1, 0, "eliminated", 1), (1, 0, "gins", 2), (1, 1, "undercuts", 3)]
    assert back == counts
    assert "seat_moment" not in tables
    assert shape_after == shape_before


def test_a_moment_row_goes_with_its_game_and_a_count_of_zero_is_refused(empty_app: Flask) -> None:  # noqa: F811
    with empty_app.app_context():
        flask_migrate.upgrade()
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO account (id, email, password_hash, created_at) VALUES (1, 'a@b.c', 'x', '2026-01-01')"))
            connection.execute(text(
                "INSERT INTO game (id, account_id, uid, variant, options, first_seat, ended, status, hands_count, "
                "summary, revision, created_at, updated_at) VALUES (1, 1, 'u1', 'gin', '{}', 0, :no, "
                "'playing', 0, '{}', 0, '2026-01-01', '2026-01-01')"), {"no": False})
            connection.execute(text("INSERT INTO seat_moment (game_id, seat, moment, count) VALUES (1, 0, 'gins', 1)"))
        with pytest.raises(Exception, match="(?i)check"), db.engine.begin() as connection:
            connection.execute(text("INSERT INTO seat_moment (game_id, seat, moment, count) VALUES (1, 1, 'gins', 0)"))
        with db.engine.begin() as connection:
            connection.execute(text("DELETE FROM game WHERE id = 1"))
        assert stored_rows()["moments"] == []
