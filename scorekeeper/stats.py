"""Player statistics: each game's seats tallied from its sheet, summed in SQL.

:func:`tally` reads what the engine's sheet says about each player of one
game (hands played and won, score, best hand, the variant's moments, won
the game or not); :func:`store_results` keeps that as the game's
:class:`~scorekeeper.models.SeatResult` rows, one per seat, and
:class:`~scorekeeper.models.SeatMoment` rows, one per moment a seat had
(keyed by the moment's key, so a new game's moments need no new column),
rewritten in the same commit as every change of the game (services and the
import call it), so the rows are a cache of the log, never a truth of their
own.  The pages read sums of those rows (a GROUP BY of the seats, and one
of their moments, turned into a dict per line here); no game is replayed to
show them.

What counts (the README's "Statistics" says the same for players):

- a game is *played* once finished (at its end or ended by agreement); a
  game still in progress adds its hands but no game;
- a game is *won* by every player the sheet names as winner (a shared win
  counts for each);
- a hand is *won* by the player the sheet's row names as its winner; a hand
  with no single winner (a dead Gin hand, a tied block, a knock beaten by two
  players) is won by nobody;
- a player eliminated (Tunk, Indian pool) plays the hands up to and
  including the one that put them out;
- the *best hand* is the highest hand score, or the lowest where a lower
  total wins.

A game played in sides (the sheet's ``sides``) counts for each player of a
side what the side had: its hand scores, its hands won, its win (a win of
"Ann & Cara" is a win for Ann and for Cara), its elimination; moments stay
the player's own, as the engine names them.  Head to head is between the
players of a game of two sides (two players, or two partnerships) who sat
on different sides: never partners.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, case, delete, func, insert, literal_column, null, select
from sqlalchemy.orm import aliased

from .engine import variants
from .extensions import db
from .models import Game, Player, SeatMoment, SeatResult


def _declared_moments() -> dict[str, tuple[str, str]]:
    """Every moment the engine's variants declare, in catalogue order: key -> (heading, what it counts)."""
    moments: dict[str, tuple[str, str]] = {}
    for variant in variants():
        for moment in variant["moments"]:
            moments.setdefault(moment["key"], (moment["heading"], moment["counts"]))
    return moments


#: the moments a player's games can have, in the order the pages show them
MOMENTS: dict[str, tuple[str, str]] = _declared_moments()

#: the moments each variant declares ({key, heading, counts}), in its order
VARIANT_MOMENTS: dict[str, tuple[dict[str, str], ...]] = {
    variant["key"]: tuple(variant["moments"]) for variant in variants()
}


# -- one game's rows ----------------------------------------------------------


def tally(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Each player's results in one game's sheet, in seat order.

    Pure: reads only the sheet (its rows' scores, winner and moments, its
    winners and eliminations, and the moments its variant declares).  A
    player's ``moments`` are the declared moments they had, with how many
    times (none that never happened).  Costs one pass over the hands.
    """
    players = sheet["players"]
    rows = sheet["hands"]
    lowest = bool(sheet["lowest_wins"])
    eliminated = sheet.get("eliminated") or {}
    finished = bool(sheet["finished"])
    winners = set(sheet["winners"]) if finished else set()
    declared = [moment["key"] for moment in sheet["moments"]]
    # The sheet's columns: the sides where it is scored by side, else the players.
    columns = sheet.get("sides") or players
    side_of = {player: side for side, seated in (sheet.get("side_players") or {}).items() for player in seated}
    hands_won = dict.fromkeys(columns, 0)
    counts: dict[str, dict[str, int]] = {p: dict.fromkeys(declared, 0) for p in players}
    for row in rows:
        winner = row["winner"]
        if winner is not None:
            hands_won[winner] += 1
        for player, moments in (row.get("moments") or {}).items():  # the engine's: no rule is derived here
            for moment in moments:
                if moment in counts[player]:
                    counts[player][moment] += 1
    best = min if lowest else max
    results = []
    for player in players:
        column = side_of.get(player, player)
        played = [row["scores"][column] for row in rows[: eliminated.get(column, len(rows))]]
        results.append({
            "lowest_wins": lowest,
            "players": len(players),
            "side": columns.index(column),
            "sides": len(columns),
            "finished": finished,
            "won": column in winners,
            "hands": len(played),
            "hands_won": hands_won[column],
            "score_sum": float(sum(played)),
            "best_hand": float(best(played)) if played else None,
            "moments": {moment: times for moment, times in counts[player].items() if times},
        })
    return results


@dataclass
class Rows:
    """Some games' statistics rows, as column dicts: one SeatResult row per
    seat, one SeatMoment row per moment a seat had."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    moments: list[dict[str, Any]] = field(default_factory=list)

    def __iadd__(self, other: Rows) -> Rows:
        self.seats += other.seats
        self.moments += other.moments
        return self


def results_rows(game: Game, sheet: dict[str, Any]) -> Rows:
    """The game's statistics rows for this sheet."""
    rows = Rows()
    for seat, result in zip(game.seats, tally(sheet)):
        moments = result.pop("moments")
        rows.seats.append({"game_id": game.id, "seat": seat.seat, "account_id": game.account_id,
                           "player_id": seat.player_id, "variant": game.variant, "name": sheet["name"][:40],
                           **result})
        rows.moments += [{"game_id": game.id, "seat": seat.seat, "moment": moment, "count": times}
                         for moment, times in moments.items()]
    return rows


def store_results(games: Iterable[tuple[Game, dict[str, Any]]]) -> None:
    """Rewrite these games' statistics rows, in the caller's transaction.

    The games must have ids (flushed).  At most four statements, whatever
    the number of games: see :func:`write_results`.
    """
    ids: list[int] = []
    rows = Rows()
    for game, sheet in games:
        ids.append(game.id)
        rows += results_rows(game, sheet)
    write_results(ids, rows)


_seat_results = SeatResult.__table__
_seat_moments = SeatMoment.__table__
# Built once, and Core rather than ORM statements: a hand's commit runs them,
# inside the write lock, so they should cost no more than the writes do.
_DELETE_RESULTS = delete(_seat_results).where(
    _seat_results.c.game_id.in_(bindparam("game_ids", expanding=True))
)
_DELETE_MOMENTS = delete(_seat_moments).where(
    _seat_moments.c.game_id.in_(bindparam("game_ids", expanding=True))
)
_INSERT_RESULTS = insert(_seat_results)
_INSERT_MOMENTS = insert(_seat_moments)


def write_results(ids: list[int], rows: Rows) -> None:
    """Replace the rows of games ``ids`` by ``rows`` (from :func:`results_rows`).

    A DELETE of each table's rows of those games, then one multi-row INSERT
    into each (none where there is nothing to insert).
    """
    if not ids:
        return
    db.session.execute(_DELETE_MOMENTS, {"game_ids": ids})
    db.session.execute(_DELETE_RESULTS, {"game_ids": ids})
    if rows.seats:
        db.session.execute(_INSERT_RESULTS, rows.seats)
    if rows.moments:
        db.session.execute(_INSERT_MOMENTS, rows.moments)


# -- the sums the pages show -----------------------------------------------------


@dataclass
class Line:
    """One line of a statistics table: a player's (or a variant's) sums.

    ``variant`` and ``title`` say which games: a variant's, and among them
    those of one name (a house game's own; "" for every game of the variant).
    """

    player_id: int
    name: str
    variant: str
    lowest_wins: bool
    games: int
    playing: int
    won: int
    hands: int
    hands_won: int
    score_sum: float
    best_hand: float | None
    moments: dict[str, int]
    title: str = ""
    #: the hands summed are of one game, scored one way: their scores are on one scale
    one_scale: bool = True

    @property
    def win_rate(self) -> float | None:
        """Games won per finished game, as a percentage (None before any)."""
        return 100.0 * self.won / self.games if self.games else None

    @property
    def average(self) -> float | None:
        """Average score per hand played (None before any hand, and over hands of different
        games or ways of scoring: a Canasta hand's 2,000 and a Basic hand's 20 make no mean)."""
        return self.score_sum / self.hands if self.hands and self.one_scale else None


def _sums(best: Any) -> list[Any]:
    """The sums of a group of SeatResult rows."""
    return [
        func.count().label("seats"),
        func.sum(case((SeatResult.finished, 1), else_=0)).label("games"),
        func.sum(case((and_(SeatResult.finished, SeatResult.won), 1), else_=0)).label("won"),
        func.sum(SeatResult.hands).label("hands"),
        func.sum(SeatResult.hands_won).label("hands_won"),
        func.sum(SeatResult.score_sum).label("score_sum"),
        best.label("best_hand"),
    ]


def _moment_sums(groups: list[Any], *where: ColumnElement[bool]) -> dict[tuple[Any, ...], dict[str, int]]:
    """Each group's moments: a GROUP BY of the moment rows of the seats ``where`` picks, turned
    around here into one dict per group (its values of ``groups``), each moment with its sum.

    Whatever moments are stored are summed, so a game's new moment needs no change here.
    """
    query = (
        select(*groups, SeatMoment.moment, func.sum(SeatMoment.count).label("times"))
        .join(SeatMoment, and_(SeatMoment.game_id == SeatResult.game_id, SeatMoment.seat == SeatResult.seat))
        .where(*where)
        .group_by(*groups, SeatMoment.moment)
    )
    found: dict[tuple[Any, ...], dict[str, int]] = {}
    for row in db.session.execute(query):
        found.setdefault(tuple(row[:len(groups)]), {})[row.moment] = int(row.times)
    return found


def _line(row: Any, moments: dict[str, int], *, player_id: int = 0, name: str = "", variant: str = "",
          lowest: bool = False, title: str = "", one_scale: bool = True) -> Line:
    return Line(
        player_id=player_id, name=name, variant=variant, lowest_wins=lowest, title=title, one_scale=one_scale,
        games=int(row.games or 0), playing=int(row.seats - (row.games or 0)), won=int(row.won or 0),
        hands=int(row.hands or 0), hands_won=int(row.hands_won or 0),
        score_sum=float(row.score_sum or 0), best_hand=row.best_hand,
        moments=dict.fromkeys(MOMENTS, 0) | moments,
    )


def player_lines(account_id: int, player_id: int) -> list[Line]:
    """One player's sums per game: per variant and name (a house game is a
    game of its own name), and per way of winning (Basic's penalty scoring
    is a lowest-wins game of its own), most games first.

    Two queries: the seats' sums, and their moments' sums."""
    best = case((SeatResult.lowest_wins, func.min(SeatResult.best_hand)), else_=func.max(SeatResult.best_hand))
    theirs = (SeatResult.account_id == account_id, SeatResult.player_id == player_id)
    groups = [SeatResult.variant, SeatResult.name, SeatResult.lowest_wins]
    query = select(*groups, *_sums(best)).where(*theirs).group_by(*groups)
    moments = _moment_sums(groups, *theirs)
    lines = [_line(row, moments.get((row.variant, row.name, row.lowest_wins), {}), player_id=player_id,
                   variant=row.variant, lowest=bool(row.lowest_wins), title=row.name)
             for row in db.session.execute(query)]
    return sorted(lines, key=lambda line: (-line.games, -line.hands, line.variant, line.title))


def player_total(lines: list[Line]) -> Line | None:
    """A player's lines summed over variants (no best hand: it means
    different things in different games)."""
    if not lines:
        return None
    first = lines[0]
    moments: dict[str, int] = {}
    for line in lines:
        for moment, times in line.moments.items():
            moments[moment] = moments.get(moment, 0) + times
    return Line(
        player_id=first.player_id, name=first.name, variant="", lowest_wins=False,
        games=sum(line.games for line in lines), playing=sum(line.playing for line in lines),
        won=sum(line.won for line in lines), hands=sum(line.hands for line in lines),
        hands_won=sum(line.hands_won for line in lines), score_sum=sum(line.score_sum for line in lines),
        best_hand=None, moments=moments, one_scale=len(lines) == 1,
    )


def table_lines(account_id: int, variant: str = "", title: str = "") -> list[Line]:
    """Every player of the account with their sums (over every variant, or
    one, with its moments, or the games of one name of a variant: a house
    game's), most games won first; players who never sat are left out.

    The best hand and the score per hand are given for one variant only, and
    only when all its games agree on what best means (Basic's penalty scoring
    is lowest-wins); the score per hand only when they also go by one name
    (options that rename a game, a house game's own name, score on their own
    scale).
    """
    lows: ColumnElement[Any] = func.sum(case((SeatResult.lowest_wins, 1), else_=0))
    best: ColumnElement[Any] = case((lows == func.count(), func.min(SeatResult.best_hand)),
                                    (lows == 0, func.max(SeatResult.best_hand)), else_=None)
    picked = [SeatResult.account_id == account_id]
    if variant:
        picked.append(SeatResult.variant == variant)
        if title:
            picked.append(SeatResult.name == title)
    else:  # over every variant there is no best hand, nor moments: none summed
        lows, best = literal_column("0"), null()
    names_counted: ColumnElement[Any] = func.count(func.distinct(SeatResult.name)) if variant else literal_column("2")
    query = (
        select(SeatResult.player_id, *_sums(best), lows.label("lows"), names_counted.label("names"))
        .where(*picked)
        .group_by(SeatResult.player_id)
    )
    moments = _moment_sums([SeatResult.player_id], *picked) if variant else {}
    names = _names(account_id)
    lines = [
        _line(row, moments.get((row.player_id,), {}), player_id=row.player_id,
              name=names.get(row.player_id, ""), variant=variant, lowest=bool(row.lows), title=title,
              one_scale=row.names == 1 and row.lows in (0, row.seats))
        for row in db.session.execute(query)
    ]
    return sorted(lines, key=lambda line: (-line.won, -line.games, line.name.lower()))


def _names(account_id: int) -> dict[int, str]:
    return dict(db.session.execute(select(Player.id, Player.name).where(Player.account_id == account_id)).all())


@dataclass
class HeadToHead:
    """Two players' record in the games of two sides they played against each other."""

    variant: str
    player_id: int
    name: str
    opponent_id: int
    opponent: str
    games: int
    won: int  # by the player
    lost: int  # won by the opponent
    shared: int  # both named winners (a tie)
    title: str = ""  # the games' name (the variant's, or a house game's own)


# Made once: an alias copies every column, which costs more than the query's compiling.
_FIRST_SEAT, _SECOND_SEAT = aliased(SeatResult, name="first_seat"), aliased(SeatResult, name="second_seat")


def head_to_head(account_id: int, player_id: int | None = None) -> list[HeadToHead]:
    """Finished games of two sides per pair of opponents and game (variant and name).

    A game of two sides is a two-player game or one of two partnerships;
    each player of one side is paired with each of the other (never with a
    partner).  For one player: their record against each opponent.  For the
    account: every pair once (the player with the lower id first).  One
    query counts each pair of a game once (side 0 against side 1) by who
    won; the pairs are put together here from its few rows.
    """
    first, second = _FIRST_SEAT, _SECOND_SEAT
    query = (
        select(first.variant, first.name, first.player_id, second.player_id.label("other_id"),
               first.won, second.won.label("other_won"), func.count().label("games"))
        .join(second, and_(second.account_id == first.account_id, second.sides == first.sides,
                           second.side == 1, second.game_id == first.game_id))
        .where(first.account_id == account_id, first.sides == 2, first.side == 0, first.finished)
        .group_by(first.variant, first.name, first.player_id, second.player_id, first.won, second.won)
    )
    names = _names(account_id)
    pairs: dict[tuple[str, str, int, int], HeadToHead] = {}
    for row in db.session.execute(query):
        one, other, one_won, other_won = row.player_id, row.other_id, row.won, row.other_won
        if (player_id is None and one > other) or other == player_id:
            one, other, one_won, other_won = other, one, other_won, one_won
        if player_id is not None and one != player_id:
            continue
        pair = pairs.setdefault((row.variant, row.name, one, other), HeadToHead(
            row.variant, one, names.get(one, ""), other, names.get(other, ""), 0, 0, 0, 0, row.name))
        pair.games += row.games
        if one_won and other_won:
            pair.shared += row.games
        elif one_won:
            pair.won += row.games
        elif other_won:
            pair.lost += row.games
    return sorted(pairs.values(), key=lambda h: (-h.games, h.name.lower(), h.opponent.lower(), h.variant, h.title))


def named_games(account_id: int, variants: Collection[str]) -> list[tuple[str, str]]:
    """The account's games of these variants (those the table defines) by name: (variant, name)
    pairs, each once, in the order of their names."""
    if not variants:
        return []
    query = (
        select(SeatResult.variant, SeatResult.name).distinct()
        .where(SeatResult.account_id == account_id, SeatResult.variant.in_(list(variants)))
    )
    return sorted(((row.variant, row.name) for row in db.session.execute(query)),
                  key=lambda pair: (pair[1].casefold(), pair))


__all__ = [
    "MOMENTS", "VARIANT_MOMENTS", "HeadToHead", "Line", "Rows", "head_to_head", "named_games", "player_lines",
    "player_total",
    "results_rows", "store_results", "write_results", "table_lines", "tally",
]
