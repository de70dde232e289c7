"""The statistics refresh: every game's seat rows rewritten from its replayed log.

The rows themselves, and the sums the pages show, are :mod:`scorekeeper.stats`;
every change of a game already rewrites its rows in its own commit
(:mod:`.games`, :mod:`.backup`).  This is for after a change to the engine's
rules or to what is tallied: ``flask --app scorekeeper stats-refresh``; and,
with ``--missing``, after ``flask db upgrade`` (``make migrate`` and ``make
serve`` run both): the migrations never replay a game with the engine of the
day (what an old upgrade does must not change as the rules do), so a
migration that makes or remakes these rows leaves them to this command.
"""

from __future__ import annotations

from sqlalchemy import exists, select
from sqlalchemy.orm import selectinload

from ..engine import InvalidEntry, replay
from ..extensions import db
from ..models import Game, SeatResult
from ..stats import Rows, results_rows, write_results


def refresh(account_id: int | None = None, *, missing: bool = False, batch: int = 200) -> tuple[int, list[int]]:
    """Replay every game (of one account, or all; ``missing``: only those with no rows) and rewrite its rows.

    For after a change to the engine's rules or to what is tallied: the log
    is the truth, the rows follow it.  Commits a batch of games at a time;
    a game whose log the engine refuses loses its rows (it counts for
    nothing until corrected).  Returns the games refreshed and those refused.
    """
    query = select(Game.id).order_by(Game.id)
    if account_id is not None:
        query = query.where(Game.account_id == account_id)
    if missing:
        query = query.where(~exists().where(SeatResult.game_id == Game.id))
    ids = list(db.session.scalars(query))
    refused: list[int] = []
    for start in range(0, len(ids), batch):
        games = db.session.scalars(
            select(Game).where(Game.id.in_(ids[start:start + batch])).options(selectinload(Game.hands))
        ).all()
        rows = Rows()
        for game in games:
            try:
                rows += results_rows(game, replay(game.log()))
            except InvalidEntry:
                refused.append(game.id)  # its rows go, and none come back: it counts for nothing
        write_results([game.id for game in games], rows)
        db.session.commit()
        db.session.expunge_all()
    return len(ids) - len(refused), refused


__all__ = ["refresh"]
