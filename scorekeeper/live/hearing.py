"""The thread that hears the changes for its process and marks them on its :class:`~scorekeeper.live.Board`.

Started by the first live ask, it stops after :data:`IDLE` seconds with no
live ask (nothing is trusted then, and the next ask starts it again).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

from . import CHANGES, CHANNEL, Board

#: seconds between two looks at SQLite's file of changes, and the most a stopping process waits
TICK = 0.02
#: seconds without a live ask after which the listener stops
IDLE = 60.0
#: seconds between two tries to connect again, at most
RETRY = 2.0


class Listener:
    """A process's listener: :meth:`use` before every live ask makes sure one hears the changes."""

    def __init__(self, board: Board, database_url: str, folder: str | None, channel: str = CHANNEL) -> None:
        self.board = board
        self.channel = channel
        self.postgres = make_url(database_url).get_backend_name() == "postgresql"
        self.conninfo = (make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)
                         if self.postgres else "")
        self.folder = Path(folder) if folder else None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._used = 0.0
        #: the times it began hearing (connected, or found the folder) so far (a test's measure), and their name in pg_stat_activity
        self.connections = 0
        self.name = f"scorekeeper-live-{os.getpid()}-{id(self):x}"

    def use(self, patience: float = 2.0) -> bool:
        """A listener running (started if none is), waited for at most ``patience`` s; whether it hears."""
        self._used = time.monotonic()
        if self.board.hearing:
            return True
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                if not self.postgres and self.folder is None:
                    return False  # (SQLite without a folder: every ask reads the database)
                self._started = threading.Event()
                self._thread = threading.Thread(target=self._run, name="live-listener", daemon=True)
                self._thread.start()
        self._started.wait(patience)
        return self.board.hearing

    def stop(self) -> None:
        """The listener stopped within a tick (and started again by the next live ask)."""
        self._used = -IDLE

    def _idle(self) -> bool:
        return self.board.held == 0 and time.monotonic() - self._used > IDLE

    def _run(self) -> None:
        failed = 0
        try:
            while not self._idle():
                heard = self.board.count
                try:
                    self._listen() if self.postgres else self._look()
                except (psycopg.Error, OSError):
                    pass
                self._deaf()
                self._started.set()
                # Connected again at once after a loss; then less and less often, while it fails.
                failed = 0 if self.board.count > heard + 1 else failed + 1
                time.sleep(min(RETRY, 0.05 * 2 ** failed) if failed else 0)
        finally:
            self._deaf()

    def _deaf(self) -> None:
        """Nothing heard from now on: nothing trusted, every held ask answered."""
        self.board.hearing = False
        self.board.mark(None)

    def _heard_from_now(self) -> None:
        """Hearing (again): anything may have changed while nobody listened."""
        self.connections += 1
        self.board.mark(None)
        self.board.hearing = True
        self._started.set()

    def _listen(self) -> None:
        """PostgreSQL: ``LISTEN`` on a connection of this process's own; each notice a game's change."""
        with psycopg.connect(self.conninfo, autocommit=True, application_name=self.name, connect_timeout=5, keepalives=1,
                             keepalives_idle=10, keepalives_interval=5, keepalives_count=3) as conn:
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
            self._heard_from_now()
            while not self._idle():
                for notice in conn.notifies(timeout=0.25):  # (each as it comes; a quarter second at most)
                    game, _, origin = notice.payload.partition(" ")
                    if game.isdigit() and origin != self.board.origin:
                        self.board.mark([int(game)])
                self.board.stopping()

    def _look(self) -> None:
        """SQLite: the end of the folder's file of changes read every tick; each line a game's change.

        The file begun again (another one put in its place, past ``LONGEST``) is followed from
        its start, every game taken as changed: a line written to the old one after this look
        came from a change committed before it."""
        assert self.folder is not None
        path = self.folder / CHANGES
        self.folder.mkdir(parents=True, exist_ok=True)
        own = self.board.origin.encode()
        while not self._idle():
            with open(path, "ab"), open(path, "rb", buffering=0) as changes:
                opened = os.fstat(changes.fileno())
                read, rest = opened.st_size, b""
                self._heard_from_now()
                while not self._idle() and os.stat(path).st_ino == opened.st_ino:
                    time.sleep(TICK)
                    self.board.stopping()
                    more = os.pread(changes.fileno(), os.fstat(changes.fileno()).st_size - read, read)
                    if not more:
                        continue
                    read += len(more)
                    *lines, rest = (rest + more).split(b"\n")
                    moved = {int(game) for game, _, origin in (line.partition(b" ") for line in lines)
                             if game.isdigit() and origin != own}
                    if moved:
                        self.board.mark(moved)
