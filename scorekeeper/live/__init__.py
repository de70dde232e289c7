"""The live view's machinery: who says a game changed, who hears it, and the phones woken.

Every phone on a game's live link (``/s/<token>``) asks ``/s/<token>/sheet``
with the ETag of the sheet it shows, saying it can wait (``Prefer: wait=25``).
While nothing changed, the ask is *held*: it waits in its thread, using no
CPU and no database, until the game changes (then it is sent the new sheet)
or the 25 s are over (then it gets a ``304`` and asks again).  Three parts:

1. **Saying** (:func:`changed`).  Every use case that changes what a live
   view shows (a hand recorded, corrected or undone, the game ended or
   deleted, a seated player renamed, a live or keeper link turned off) calls
   ``live.changed([game_id])`` *before* its commit.  On PostgreSQL that is
   ``SELECT pg_notify('scorekeeper_live', '<game id> <origin>')`` in the
   change's own transaction: the database delivers it to every listener, on
   every host, if and only if the change commits.  On SQLite (one host by
   nature) the line ``<game id> <origin>`` is added to the file ``changes`` in
   the folder ``LIVE_STAMPS`` (``instance/live``) just after the commit:
   gunicorn's workers (up to 8, on either database) are separate processes,
   and that file is what they share.
   Either way the process that made the change marks it on its own board at
   the commit (the ``origin`` lets its listener pass over it afterwards).

2. **Hearing** (:mod:`.hearing`).  Each process has one :class:`Board`, and
   one thread that hears the changes and marks them on it: on PostgreSQL a
   connection of its own that ``LISTEN``\\ s; on SQLite a look at the end of
   the file every 20 ms (the lines added since the last look).  A listener
   that loses its connection (the database restarted, the connection killed,
   the file removed) says so on the board (nothing is trusted, nothing held)
   until it is back, and then marks *every* game changed: no change is ever
   missed, at worst one read too many.  So does a file begun again.

3. **Answering** (:mod:`.asks`).  In front of Flask, :class:`.asks.LiveAsks`
   keeps, per link, the sheet last drawn in this process with the board's
   count of changes read just before drawing it.  While the board has heard
   no change of that game since, the sheet is the game's: a phone holding
   its ETag is held, any other phone is sent it.  When the game changes,
   the phones held on it wake together, one of them draws the new sheet
   (one query and one rendering) while the others wait for it, and all are
   sent it.  So a sheet is drawn once per change per process.

Everything is in memory and per process: no host disk is needed for
correctness on PostgreSQL, and any number of hosts may share the database.
"""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from sqlalchemy import event, text
from sqlalchemy.orm import Session

from ..extensions import db

#: the PostgreSQL channel every change is announced on (its payload: the game's id), unless
#: ``LIVE_CHANNEL`` names another (apps sharing one database, as the tests' schemas do)
CHANNEL = "scorekeeper_live"
#: where a session keeps the games it changed until its commit: (SQLite's folder or None, origin, game ids)
_PENDING = "scorekeeper.live_changed"
#: where the app keeps its process's :class:`Board`
BOARD = "scorekeeper.live_board"
#: SQLite: the file in the folder ``LIVE_STAMPS`` each change is written to, and its most bytes
CHANGES, LONGEST = "changes", 1 << 20


def changed(game_ids: Iterable[int]) -> None:
    """These games' live views change with the current transaction: told to every process
    once it commits (call it before the commit; nothing is told if it rolls back)."""
    from flask import current_app

    ids = set(game_ids)
    if not ids:
        return
    board = current_app.extensions.get(BOARD)
    origin = board.origin if board is not None else "-"
    if db.engine.dialect.name == "postgresql":
        for game_id in sorted(ids):
            db.session.execute(text("SELECT pg_notify(:channel, :change)"),
                               {"channel": current_app.config.get("LIVE_CHANNEL") or CHANNEL,
                                "change": f"{game_id} {origin}"})
    folder = current_app.config.get("LIVE_STAMPS") if db.engine.dialect.name != "postgresql" else None
    db.session.connection()  # (the transaction begun, if it was not: its rollback forgets these)
    db.session.info.setdefault(_PENDING, (Path(folder) if folder else None, origin, set()))[2].update(ids)


@event.listens_for(Session, "after_commit")
def _told(session: Session) -> None:
    """Once the change is committed: this process's own board marked at once (its listener
    hears it a moment later too), and on SQLite each game's change written to the folder's file."""
    from flask import current_app, has_app_context

    pending = session.info.pop(_PENDING, None)
    if pending is None:
        return
    folder, origin, ids = pending
    if folder is not None:
        stamp(folder, ids, origin)
    board = current_app.extensions.get(BOARD) if has_app_context() else None
    if board is not None:
        board.mark(ids)


@event.listens_for(Session, "after_soft_rollback")
def _forgotten(session: Session, previous_transaction: object) -> None:
    session.info.pop(_PENDING, None)


def stamp(folder: Path, game_ids: Iterable[int], origin: str = "-") -> None:
    """Each game's change written at the end of the folder's file :data:`CHANGES`, a line
    ``<game id> <origin>`` each, in one appending write (no other process's line is cut in
    two).  Past :data:`LONGEST` bytes the file is begun again: a new one put in its place,
    which its listeners take as every game changed (and a change that cannot be written is
    told no other way: a kept sheet is trusted ``LIVE_STAMPS_TRUST`` seconds at most)."""
    lines = "".join(f"{game_id} {origin}\n" for game_id in game_ids).encode()
    path = folder / CHANGES
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(written, lines)
            full = os.fstat(written).st_size > LONGEST
        finally:
            os.close(written)
        if full:
            fresh = folder / f"{CHANGES}.{secrets.token_hex(6)}"
            fresh.touch()
            os.replace(fresh, path)
    except OSError:
        pass


class Board:
    """This process's count of the changes it heard, and the asks held until their game changes.

    :attr:`count` moves with every change heard.  An ask reads it before the
    database and holds what it read: :meth:`changed_since` is then whether the
    game changed after that read (or the listener is not hearing anything, so
    nothing may be trusted).  :meth:`hold` blocks the calling thread until that
    is true, ``seconds`` pass, or the process is stopping (``serving()`` false:
    gunicorn's worker on its way out, which must not wait out a phone's 25 s).
    """

    def __init__(self, *, most: int = 64, serving: Callable[[], bool] = lambda: True) -> None:
        self.most = most
        self.serving = serving
        #: what this process's own changes are signed with: marked at their commit, so its
        #: listener passes over them when the database (or the folder) tells it of them again
        self.origin = secrets.token_hex(4)
        self.count = 0
        #: whether a listener hears the changes now (set by it)
        self.hearing = False
        self._lock = threading.Lock()
        self._changed_at: dict[int, int] = {}
        self._all_at = 0
        self._waiting: dict[int, set[threading.Event]] = {}
        self.held = 0
        #: the asks let go because their game changed, so far (a test's measure)
        self.woken = 0

    def changed_since(self, game_id: int, count: int) -> bool:
        return not self.hearing or max(self._changed_at.get(game_id, 0), self._all_at) > count

    def mark(self, game_ids: Iterable[int] | None) -> None:
        """These games changed (None: every game may have); the asks held on them go on."""
        with self._lock:
            self.count += 1
            if game_ids is None:
                self._all_at = self.count
                if len(self._changed_at) > 100_000:  # (a bound: all are newer than this now)
                    self._changed_at.clear()
                woken = [woken for waiters in self._waiting.values() for woken in waiters]
                self._waiting.clear()
            else:
                woken = []
                for game_id in game_ids:
                    self._changed_at[game_id] = self.count
                    woken += self._waiting.pop(game_id, ())
        for each in woken:
            each.set()

    def stopping(self) -> None:
        """(Looked at by the listener a few times a second.)  Every held ask answered once the process stops."""
        if self._waiting and not self.serving():
            self.mark(None)

    def hold(self, game_id: int, count: int, seconds: float) -> bool | None:
        """True when the game changed after ``count``, False when the wait ran out or the process
        is stopping, None at once when nothing may be held (this process holds all it may, or
        no listener hears the changes)."""
        woken = threading.Event()
        with self._lock:
            if self.held >= self.most or not self.serving() or not self.hearing:
                return None
            if self.changed_since(game_id, count):
                return True
            self.held += 1
            self._waiting.setdefault(game_id, set()).add(woken)
        try:
            woken.wait(seconds)
        finally:
            with self._lock:
                self.held -= 1
                waiters = self._waiting.get(game_id)
                if waiters is not None:
                    waiters.discard(woken)
                    if not waiters:
                        del self._waiting[game_id]
        moved = woken.is_set() and self.serving()
        self.woken += moved
        return moved
