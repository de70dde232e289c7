"""Shell commands: ``flask --app scorekeeper export|import|demo``."""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select

from . import services
from .services import backup, game_types, statistics
from .extensions import db
from .models import Account, Game, utcnow


def register(app: Flask) -> None:
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
    app.cli.add_command(demo_command)
    app.cli.add_command(stats_refresh_command)


def _account(email: str) -> Account:
    account = db.session.scalar(select(Account).where(Account.email == email.strip().lower()))
    if account is None:
        raise click.ClickException(f"No account with the email {email!r}.")
    return account


@click.command("export")
@with_appcontext
@click.option("--account", "email", required=True, help="The account's email.")
@click.option("--out", "out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="File to write (default: standard output).")
def export_command(email: str, out: str | None) -> None:
    """Write an account's backup (every player and game) as JSON."""
    data = backup.export_account(_account(email))
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if out is None:
        click.echo(text)
    else:
        Path(out).write_text(text + "\n", encoding="utf-8")
        click.echo(f"Wrote {len(data['games'])} games to {out}.", err=True)


@click.command("import")
@with_appcontext
@click.option("--account", "email", required=True, help="The account's email.")
@click.argument("file", type=click.File("rb"))
def import_command(email: str, file: Any) -> None:
    """Import a game or backup file (``-`` reads standard input) into an account."""
    account = _account(email)
    try:
        result = backup.import_file(account, file.read())
    except backup.BadImport as error:
        raise click.ClickException(f"Nothing was imported: {error.message}") from None
    click.echo(result.said(always_skipped=True, there="there"))


DEMO_EMAIL = "demo@example.com"


@click.command("demo")
@with_appcontext
@click.option("--account", "email", default=DEMO_EMAIL, show_default=True, help="The demo account's email.")
def demo_command(email: str) -> None:
    """Fill an account (created if missing) with a few finished and running games."""
    account = db.session.scalar(select(Account).where(Account.email == email.strip().lower()))
    if account is None:
        password = secrets.token_urlsafe(9)
        account = services.register(email, password)
        click.echo(f"Created the account {account.email} with the password: {password}")
    elif db.session.scalar(select(Game.id).where(Game.account_id == account.id).limit(1)) is not None:
        click.echo(f"{account.email} already has games: nothing added.")
        return
    else:
        click.echo(f"Adding demo games to {account.email} (its password is unchanged).")
    now = utcnow()
    for variant, names, options, hands, end, days_ago in DEMO_GAMES:
        if game_types.definable(variant):  # a game the table defines: kept with the account's games
            options = game_types.save_game_type(account, variant, options).options
        game = services.start_game(account, variant, names, options=options)
        for number, entry in enumerate(hands, 1):
            services.record_hand(game, entry, token=secrets.token_hex(8), expected=number)
        if end and game.status != "finished":
            services.end_game(game)
        _backdate(game, now - timedelta(days=days_ago, hours=len(hands)))
        click.echo(f"  {variant}: {' v '.join(names)}, {len(hands)} hands, {game.status}")


def _backdate(game: Game, started: datetime) -> None:
    """Spread the demo over past evenings, a hand every ten minutes (history shows dates)."""
    game.created_at = started
    for hand in game.hands:
        hand.created_at = hand.updated_at = started + timedelta(minutes=10 * hand.number)
    for change in game.changes:
        change.at = started + timedelta(minutes=10 * len(game.hands) + 1)
    game.updated_at = started + timedelta(minutes=10 * len(game.hands) + 1)  # moves the Replay cache key too
    db.session.commit()


def _out(player: str | None, **inputs: Any) -> dict[str, Any]:
    return {"out": player, "hands": inputs}


def _count(n: int) -> dict[str, int]:
    return {"count": n}


def _cards(text: str) -> dict[str, str]:
    return {"cards": text}


# (variant, players, options, hands, end by agreement after them, days ago)
DEMO_GAMES: list[tuple[str, list[str], dict[str, Any], list[dict[str, Any]], bool, int]] = [
    ("gin", ["Ann", "Bob"], {}, [
        _out("Ann", Ann=_cards("3H 4H 5H 6H 8S 8D 8C AC 2D 3C"), Bob=_cards("7H 2H 8H 9S 9D QC KD QD JD 5C")),
        _out("Bob", Ann=_count(12), Bob=_count(0)),
        _out("Ann", Ann=_count(8), Bob=_count(5)),
        {"out": None, "hands": {}},
        _out("Ann", Ann=_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"), Bob=_cards("KH KD KC QH QD JH JD 10H 9H 2C")),
        _out("Ann", Ann=_count(2), Bob=_count(40)),
    ], False, 40),
    ("gin", ["Ann", "Bob"], {}, [
        _out("Bob", Ann=_count(22), Bob=_count(4)),
        _out("Ann", Ann=_count(0), Bob=_count(31)),
        _out("Bob", Ann=_count(9), Bob=_count(0)),
    ], False, 3),
    ("basic", ["Ann", "Bob", "Cara"], {"target": 100}, [
        _out("Ann", Bob=_cards("KH QS 5D"), Cara=_cards("AS 2C 3D")),
        {"out": "Cara", "rummy": True, "hands": {"Ann": _count(12), "Bob": _cards("10H 9S")}},
        _out("Bob", Ann=_cards("JD JC"), Cara=_cards("7H")),
        _out("Cara", Ann=_count(20), Bob=_count(25)),
    ], False, 25),
    ("knock", ["Ann", "Bob", "Cara"], {"target": 50}, [
        _out("Ann", Ann=_count(6), Bob=_count(4), Cara=_count(10)),
        _out("Bob", Ann=_count(20), Bob=_count(3), Cara=_count(9)),
        _out("Cara", Ann=_count(10), Bob=_cards("KS KD KC 2H 3C"), Cara=_cards("3H 4H 5H 6H 9S 9D 9C")),
    ], False, 18),
    ("500", ["Ann", "Bob", "Cara"], {}, [
        _out("Ann", Ann={"melded": "AS AD AH KS QS JS", "left": ""},
             Bob={"melded": "AC 2C 3C", "low_aces": 1, "left": "9H"}, Cara={"melded": 200, "left": 15}),
        _out("Bob", Ann={"melded": 300, "left": 20}, Bob={"melded": 250, "left": 0},
             Cara={"melded": 150, "left": 10}),
    ], False, 1),
    ("tunk", ["Ann", "Bob", "Cara", "Dan"], {"eliminate_at": 60}, [
        _out("Ann", Ann=_cards("5H 6H 2C 3D AD"), Bob=_cards("KS QS JS"), Cara=_count(20),
             Dan=_cards("2H 2D 9C")),
        _out("Bob", Ann=_count(15), Cara=_count(45), Dan=_count(10)),
    ], False, 0),
    ("oklahoma-gin", ["Bob", "Cara"], {"spade_double": True}, [
        {"out": "Bob", "upcard": "7S", "hands": {"Bob": _count(5), "Cara": _count(30)}},
        {"out": "Cara", "upcard": "KH", "hands": {"Bob": _count(25), "Cara": _count(0)}},
    ], True, 9),
    # The table's own game, kept as one of the demo account's own games too.
    ("house", ["Ann", "Bob", "Cara"], {"name": "Our Marriage", "entry": "points", "scoring": "zero_sum",
                                       "going_out_bonus": 10, "lowest_wins": False, "deals": 6}, [
        _out("Ann", Bob={"points": 35}, Cara={"points": -5}),
        _out("Bob", Ann={"points": 20}, Cara={"points": 15}),
        _out("Cara", Ann={"points": 0}, Bob={"points": 60}),
    ], False, 6),
]


@click.command("stats-refresh")
@with_appcontext
@click.option("--account", "email", default=None, help="Only this account's games (default: every game).")
@click.option("--missing", is_flag=True, help="Only the games with no statistics rows (after `flask db upgrade`).")
def stats_refresh_command(email: str | None, missing: bool) -> None:
    """Replay games and rewrite their statistics rows (after a change to the rules, or an upgrade)."""
    done, refused = statistics.refresh(_account(email).id if email else None, missing=missing)
    click.echo(f"Refreshed the statistics of {done} games.")
    if refused:
        click.echo(f"Games whose log no longer replays (left out): {', '.join(map(str, refused))}.", err=True)
