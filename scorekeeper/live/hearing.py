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

from . import CHANNEL, Board

#: seconds between two looks at the SQLite folder, and the most a stopping process waits
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
        """SQLite: the folder listed every tick; a game whose files' names moved changed."""
        assert self.folder is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        last, when, again, every = _games(self.folder), os.stat(self.folder).st_mtime_ns, False, 0.0
        self._heard_from_now()
        while not self._idle():
            time.sleep(TICK)
            self.board.stopping()
            # Listed when the folder's time of change moved, on the tick after (a second change
            # within the same tick of the file system's clock), and every second whatever it says.
            now_when, moment = os.stat(self.folder).st_mtime_ns, time.monotonic()
            if now_when == when and not again and moment < every:
                continue
            again, when, every = now_when != when, now_when, moment + 1.0
            now = _games(self.folder)
            own = f"{self.board.origin}-"
            moved = [game for game in now.keys() | last.keys() if now.get(game) != last.get(game)
                     and not _own(now.get(game, frozenset()) - last.get(game, frozenset()), own)]
            if moved:
                self.board.mark(moved)
            last = now


def _games(folder: Path) -> dict[int, frozenset[str]]:
    """Each game's files in the folder, by the game's id."""
    found: dict[int, set[str]] = {}
    for name in os.listdir(folder):
        game = name.partition(".")[0]
        if game.isdigit():
            found.setdefault(int(game), set()).add(name)
    return {game: frozenset(names) for game, names in found.items()}


def _own(new: frozenset[str], own: str) -> bool:
    """Whether these new files of a game are all this process's own (marked at their commit)."""
    return bool(new) and all(name.partition(".")[2].startswith(own) for name in new)
