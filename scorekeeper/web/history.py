"""After the game: the history of every game, and one game's review with its chart.

The history list reads only what each game row caches of its last replay
(status, hands count, totals, winners) and its seats: one query for the
page of games, one for their seats and players; no game is replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required
from markupsafe import Markup
from sqlalchemy import Select, exists, select
from sqlalchemy.orm import aliased, selectinload

from .. import stats
from ..extensions import db
from ..models import Game, Player, Seat, SeatResult
from .access import own_game
from .chart import running_totals_svg
from .catalogue import defined_by_table, game_choices, game_title, read_game_choice
from .sheet import page_asked, readable_sheet, sheet_view

bp = Blueprint("history", __name__)

#: games on one page of the history
PAGE_SIZE = 25
STATUSES = {"playing": _l("In progress"), "finished": _l("Finished")}


@dataclass
class Filters:
    """The history's filters as typed in the URL, and what was wrong with them."""

    variant: str = ""  # a game filter's value: a variant's key, or ``key:name`` (a house game's)
    player: str = ""
    opponent: str = ""  # a second player at the same games (head to head)
    status: str = ""
    since: str = ""  # the form's "from"
    until: str = ""  # the form's "to"
    errors: dict[str, str] = field(default_factory=dict)
    player_id: int | None = None
    opponent_id: int | None = None
    since_day: date | None = None
    until_day: date | None = None
    game: tuple[str, str] | None = None  # the variant and the name (or "") the game filter picks

    def query_args(self) -> dict[str, str]:
        """The filters as they go back into a link (only those set)."""
        args = {"variant": self.variant, "player": self.player, "opponent": self.opponent, "status": self.status,
                "from": self.since, "to": self.until}
        return {key: value for key, value in args.items() if value}


@dataclass
class HistoryRow:
    game_id: int
    variant: str
    day: datetime
    playing: bool
    hands: int
    players: list[str]
    totals: list[Any]
    winners: list[str]


def read_filters(args: Any, players: list[Player]) -> Filters:
    """The filters from the query string; a bad value is kept with a message, and not applied."""
    found = Filters(
        variant=args.get("variant", "").strip(), player=args.get("player", "").strip(),
        opponent=args.get("opponent", "").strip(),
        status=args.get("status", "").strip(), since=args.get("from", "").strip(),
        until=args.get("to", "").strip(),
    )
    if found.variant:
        found.game = read_game_choice(found.variant)
        if found.game is None:
            found.errors["variant"] = _("There is no game called %(name)s: pick one from the list.",
                                        name=repr(found.variant))
    if found.status and found.status not in STATUSES:
        found.errors["status"] = _("%(status)s is not a status: pick in progress or finished.",
                                   status=repr(found.status))
    ids = {str(player.id): player.id for player in players}
    for name in ("player", "opponent"):
        chosen = getattr(found, name)
        if chosen and chosen in ids:
            setattr(found, f"{name}_id", ids[chosen])
        elif chosen:
            found.errors[name] = _("That player is not on your roster: pick one from the list.")
    found.since_day = _day(found, "since", "from")
    found.until_day = _day(found, "until", "to")
    if found.since_day and found.until_day and found.since_day > found.until_day:
        found.errors["to"] = _("The end date is before the start date: swap them.")
        found.since_day = found.until_day = None  # the range as a whole is wrong
    return found


def _day(found: Filters, attribute: str, name: str) -> date | None:
    text = getattr(found, attribute)
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        found.errors[name] = _("%(text)s is not a date: write it as 2026-01-31.", text=repr(text))
        return None


_ONE_SEAT, _OTHER_SEAT = aliased(SeatResult, name="one_seat"), aliased(SeatResult, name="other_seat")


def games_query(account_id: int, filters: Filters) -> Select[Any]:
    """The account's games under the filters, in progress first, then newest first."""
    query = select(Game).where(Game.account_id == account_id)
    if filters.game is not None:
        variant, title = filters.game
        query = query.where(Game.variant == variant)
        if title:  # the games of this name: as their statistics rows have it (every game has them)
            query = query.where(exists().where(SeatResult.game_id == Game.id, SeatResult.seat == 0,
                                               SeatResult.name == title))
    if filters.status and "status" not in filters.errors:
        query = query.where(Game.status == filters.status)
    for chosen in (filters.player_id, filters.opponent_id):
        if chosen is not None:
            query = query.where(exists().where(Seat.game_id == Game.id, Seat.player_id == chosen))
    if filters.player_id is not None and filters.opponent_id is not None:
        # Against each other: never partners, on one side of a game played in sides.
        one, other = _ONE_SEAT, _OTHER_SEAT
        query = query.where(~exists().where(
            one.game_id == Game.id, one.player_id == filters.player_id,
            other.game_id == Game.id, other.player_id == filters.opponent_id, other.side == one.side))
    if filters.since_day:
        query = query.where(Game.updated_at >= datetime.combine(filters.since_day, datetime.min.time()))
    if filters.until_day:
        end = datetime.combine(filters.until_day + timedelta(days=1), datetime.min.time())
        query = query.where(Game.updated_at < end)
    # "playing" sorts after "finished": descending puts games in progress first.
    return query.order_by(Game.status.desc(), Game.updated_at.desc(), Game.id.desc())


def history_row(game: Game) -> HistoryRow:
    """A game as the history lists it, from the row's cached summary (no replay).

    The summary names players (or sides, in a game played in sides) as they
    were at the last change; a player renamed since is found by seat (the
    summary keeps the seats' order).
    """
    names = game.names
    columns = game.side_names(names) or names  # the sheet's columns: the sides, where it has them
    summary = game.summary or {}
    cached = summary.get("totals") or {}
    then = list(cached)
    now = dict(zip(then, columns)) if len(then) == len(columns) else {name: name for name in columns}
    return HistoryRow(
        game_id=game.id,
        variant=game_title(game.variant, game.options),
        day=game.updated_at,
        playing=game.status != "finished",
        hands=game.hands_count,
        players=columns,
        totals=list(cached.values()) if len(then) == len(columns) else [""] * len(columns),
        winners=[now.get(name, name) for name in summary.get("winners") or []],
    )


def account_games(account_id: int) -> list[dict[str, str]]:
    """A game filter's choices: every game of the catalogue, then the names of the account's own games."""
    return game_choices(stats.named_games(account_id, [v["key"] for v in defined_by_table()]))


@bp.route("/history")
@login_required
def index() -> tuple[str, int]:
    players = list(current_user.players)
    filters = read_filters(request.args, players)
    # Bounded: an absurd page number is the last page's emptiness, not a database overflow.
    page = min(max(1, request.args.get("page", 1, type=int) or 1), 1_000_000)
    games = db.session.scalars(
        games_query(current_user.id, filters)
        .options(selectinload(Game.seats).joinedload(Seat.player))
        .offset((page - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE + 1)
    ).all()
    rows = [history_row(game) for game in games[:PAGE_SIZE]]
    html = render_template(
        "history/index.html", rows=rows, filters=filters, players=players,
        catalogue=account_games(current_user.id), statuses=STATUSES, page=page,
        older=len(games) > PAGE_SIZE, newer=page > 1,
    )
    return html, 422 if filters.errors else 200


@bp.route("/games/<int:game_id>/review")
@login_required
def review(game_id: int) -> str:
    game = own_game(game_id)
    # Every hand, a page of them at a time: the review of a long game is as
    # light as its sheet's pages.  The chart draws the whole game.
    view = sheet_view(game, page=page_asked(request.args) or 1)
    sheet = readable_sheet(game)[0]  # None: the sheet says why; there is nothing to draw
    try:
        chart: Markup | None = running_totals_svg(sheet)
    except OverflowError:  # totals past what a float holds: no scale to draw them on
        chart = None
    return render_template("history/review.html", game=game, view=view, chart=chart)

