"""The shell commands: ``flask export``, ``flask import`` and ``flask demo``."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Account, Game, GameType


def account(app: Any, email: str) -> Account:
    with app.app_context():
        return services.register(email, "correct horse")


def games_of(app: Any, email: str) -> list[tuple[str, str, dict[str, Any]]]:
    with app.app_context():
        found = db.session.scalars(
            select(Game).join(Account).where(Account.email == email).order_by(Game.created_at, Game.id)
        ).all()
        result = [(g.uid, g.variant, services.sheet_of(g)) for g in found]
        db.session.remove()
        return result


def test_demo_fills_a_fresh_database_with_finished_and_running_games(app, runner):
    result = runner.invoke(args=["demo"])

    assert result.exit_code == 0, result.output
    assert "Created the account demo@example.com with the password: " in result.output
    password = result.output.split("password: ")[1].split()[0]
    with app.app_context():
        assert services.authenticate("demo@example.com", password) is not None
        games = db.session.scalars(select(Game)).all()
        assert len({g.variant for g in games}) >= 5
        assert {g.status for g in games} == {"playing", "finished"}
        assert all(g.hands_count >= 2 for g in games)
        assert len({g.created_at.date() for g in games}) == len(games)  # spread over past evenings
        for game in games:
            assert services.sheet_of(game)["totals"] == game.summary["totals"]
        # its own game too, kept, and a game of it played from the kept definition
        (kept,) = db.session.scalars(select(GameType)).all()
        assert kept.name == "Our Marriage"
        assert [g.options for g in games if g.variant == kept.variant] == [kept.options]


def test_demo_twice_adds_nothing_the_second_time(app, runner):
    runner.invoke(args=["demo"])

    result = runner.invoke(args=["demo"])

    assert result.exit_code == 0
    assert "already has games: nothing added" in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count(Game.id))) == 8


def test_demo_into_a_named_account(app, runner):
    account(app, "ann@example.com")

    result = runner.invoke(args=["demo", "--account", "ann@example.com"])

    assert result.exit_code == 0
    assert "password is unchanged" in result.output
    assert len(games_of(app, "ann@example.com")) == 8


def test_export_then_import_into_another_account_restores_every_sheet(app, runner, tmp_path):
    runner.invoke(args=["demo"])
    account(app, "fresh@example.com")
    backup = tmp_path / "backup.json"

    exported = runner.invoke(args=["export", "--account", "demo@example.com", "--out", str(backup)])
    imported = runner.invoke(args=["import", "--account", "fresh@example.com", str(backup)])

    assert exported.exit_code == 0 and imported.exit_code == 0, (exported.output, imported.output)
    assert json.loads(backup.read_text())["format"] == "scorekeeper-backup"
    assert "Imported 8 games and 1 game of your own; skipped 0 already there." in imported.output
    assert games_of(app, "fresh@example.com") == games_of(app, "demo@example.com")


def test_importing_the_same_file_twice_skips_every_game(app, runner, tmp_path):
    runner.invoke(args=["demo"])
    backup = tmp_path / "backup.json"
    runner.invoke(args=["export", "--account", "demo@example.com", "--out", str(backup)])

    result = runner.invoke(args=["import", "--account", "demo@example.com", str(backup)])

    assert result.exit_code == 0
    assert "Imported 0 games; skipped 8 already there; kept your own Our Marriage as it was." in result.output
    assert len(games_of(app, "demo@example.com")) == 8


def test_export_without_out_writes_the_backup_to_standard_output(app, runner):
    runner.invoke(args=["demo"])

    result = runner.invoke(args=["export", "--account", "demo@example.com"])

    assert result.exit_code == 0
    assert len(json.loads(result.output)["games"]) == 8


def test_a_bad_file_is_refused_with_its_reason_and_imports_nothing(app, runner, tmp_path):
    account(app, "ann@example.com")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "scorekeeper-game", "version": 1, "uid": "x", "variant": "gin",
                               "players": ["Ann", "Bob"], "hands": [{"out": "Ann", "hands": {"Bob": {"cards": "ZZ"}}}]}))

    result = runner.invoke(args=["import", "--account", "ann@example.com", str(bad)])

    assert result.exit_code == 1
    assert 'Nothing was imported: hand 1, Bob: "ZZ" is not a card' in result.output
    assert games_of(app, "ann@example.com") == []


def test_an_unknown_account_is_named(app, runner, tmp_path):
    result = runner.invoke(args=["export", "--account", "nobody@example.com"])

    assert result.exit_code == 1
    assert "No account with the email 'nobody@example.com'." in result.output
