"""What is kept per game change in this process: the engine's Replay, and what the web draws from it.

A game's log is the only truth; everything here is a copy of what the log
gives, kept so that an unchanged game is not replayed (or drawn) again.

- :func:`game_key` is the key of a game as it is now (or as a change about
  to be committed leaves it).  Every change of a game bumps its revision and
  time of last change, a rename changes its players' names, and a database
  swapped or restored under a running process brings back ids but not those:
  an entry whose key no longer matches is never used, so a process that
  lacks the latest one, or any one, replays the log instead.
- :class:`ChangeCache` keeps the most recently used values by such keys
  (thread-safe; the oldest go past ``size``).  The use cases keep each
  game's Replay in :data:`replays`; ``scorekeeper.web.sheet`` keeps each
  game's drawn sheet and each hand's drawn row in caches of its own.
- :func:`replayed` and :func:`sheet_of` read a game's Replay and sheet
  through the cache.

Nothing here writes to the database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from functools import lru_cache
from typing import Any, Generic, TypeVar

from sqlalchemy.engine import URL

from .engine import Replay
from .extensions import db
from .models import Game

Kept = TypeVar("Kept")


class ChangeCache(Generic[Kept]):
    """The ``size`` most recently used values, by key (a :func:`game_key`, or a tuple holding one).

    ``get`` answers None for a key not kept; ``put`` keeps a value, dropping
    the least recently used one past ``size``.  Safe across a worker's threads.
    """

    def __init__(self, size: int = 128) -> None:
        self._items: OrderedDict[tuple[Any, ...], Kept] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Kept | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[Any, ...], value: Kept) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


#: each game's Replay after its last change (written by the use cases as they commit)
replays: ChangeCache[Replay] = ChangeCache()


@lru_cache(maxsize=16)
def _database_name(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def game_key(game: Game, *, revision: int | None = None,
             updated_at: datetime | None = None) -> tuple[Any, ...]:
    """The game's key as read, or, given ``revision`` and ``updated_at``, as a change
    about to be committed leaves it: the database, the game's id, its revision,
    the time of its last change and its players' names."""
    database = _database_name(db.session.get_bind().engine.url)  # an Engine, or a Connection's engine
    if revision is None:
        revision, updated_at = game.revision, game.updated_at
    return (database, game.id, revision, updated_at, tuple(game.names))


def replayed(game: Game) -> Replay:
    """The game's Replay after its last hand (never to be changed in place)."""
    key = game_key(game)
    found = replays.get(key)
    if found is None:
        found = Replay.of(game.log())
        replays.put(key, found)
    return found


def sheet_of(game: Game) -> dict[str, Any]:
    """The game's score sheet, replayed from its log (or from the cache of that)."""
    return replayed(game).sheet()


__all__ = ["ChangeCache", "game_key", "replayed", "replays", "sheet_of"]
