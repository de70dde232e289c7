"""Live stamps: a few random bytes on the host's disk per game, new with every change a live view shows.

Every phone on a live view asks each second whether the sheet changed
(``web/share.py``).  Nearly every answer is "no" (304), and reading the
database to say so costs more than everything else the server does for
those phones.  So each gunicorn worker remembers, per live link, the ETag
it last worked out and the game's stamp as it read it just before; while
the stamp on disk is still the one it read (one small file read, no
database), the ETag is still the game's and the worker answers 304 at once.

Every use case that changes what a live view shows writes the game a new
stamp right after its commit (:func:`changed`): a hand recorded, corrected
or undone, the game ended or deleted, a seated player renamed, a live link
turned on or off.  A stamp is new random bytes, never a counter, so a stamp
once seen never comes back.  A stamp that cannot be written is removed, and
a worker trusts no stamp it cannot read.

The folder is ``LIVE_STAMPS`` (``instance/live`` unless set; empty turns
the stamps off and every ask reads the database).  Workers of one host share
it.  Hosts that share a database but not this folder see each other's
changes late: a worker re-reads the database for a link at least every
``LIVE_STAMPS_TRUST`` seconds (60) however its stamp looks, so a phone on
another host catches up within that.  Point ``LIVE_STAMPS`` at a folder the
hosts share, or turn it off, where that is too late.

**Held asks.**  A phone that says it can wait (``Prefer: wait=25``) is not
answered 304 at once: the worker holds its ask until the game's stamp
moves or the wait is over (:class:`Holds`), so a live view costs one
request every 25 s while nothing happens, instead of one a second, and sees
a change within a few hundredths of a second instead of up to a second
later.  One thread per process watches the stamps of the games being
waited on, while any are.  Where the kernel tells (Linux's inotify, through
``inotify_simple``), it sleeps until a file of the folder is replaced or
removed and reads the stamps of the held games named so, at once.  Where it
does not, it polls, but does not read the stamps all the time: every change
replaces a file in the folder, which moves the folder's own time of last
change, so each tick (every 20 ms) is one ``stat`` of the folder.  When that
time moved, one listing of the folder says which files were replaced (a
replaced file is a new one, with an inode of its own), and only the held
games' stamps among those are read; the folder is listed once more a tenth
of a second later, in case a second change came within the same tick of
the file system's clock.  Either way every held game's stamp is read as the
watching starts and once a second after, whatever the folder or the kernel says.  A process holds at most
:attr:`Holds.most` asks (gunicorn: ``LIVE_HOLDS`` a worker, each a thread of
its pool, see ``gunicorn.conf.py``); past that an ask is answered at once
and the phone asks again a second later, as before holds.

**Answers drawn once.**  A sheet one worker draws for a link is kept in
the folder's ``answers/`` with the stamp read before its query
(:func:`keep_answer`), for every worker of the host to serve while that
stamp is still the game's (``web/share.py``); a per-game lock file lets
one worker draw it while the others, woken by the same change, wait
(:func:`drawing`).  The copies live in a folder of their own, so writing
them never moves the stamps folder's time of last change.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import current_app

try:  # (Linux: the kernel says when a stamp is replaced; elsewhere the folder is polled)
    from inotify_simple import INotify
    from inotify_simple import flags as _inotify
except ImportError:  # pragma: no cover  (not on Linux)
    INotify = None


def folder_of(config: Mapping[str, Any]) -> Path | None:
    """The stamps' folder under these settings, or None where they are off."""
    value = config.get("LIVE_STAMPS")
    return Path(value) if value else None


def changed(game_ids: Iterable[int]) -> None:
    """After a commit that changed what these games' live views show: a new stamp each."""
    folder = folder_of(current_app.config)
    if folder is None:
        return
    for game_id in game_ids:
        path = folder / str(game_id)
        if not _replace(path, secrets.token_bytes(8)):
            # Not written: no stamp at all is safe (a worker trusts none it cannot read).
            with contextlib.suppress(OSError):
                path.unlink()


def _replace(path: Path, data: bytes) -> bool:
    """The file written whole beside its old self, then put in its place: readers find the old
    one or the new, never half of one.  False where it could not be (nothing left behind)."""
    fresh = path.with_name(f".{path.name}-{secrets.token_hex(4)}")
    try:
        fresh.write_bytes(data)
        os.replace(fresh, path)
        return True
    except OSError:
        with contextlib.suppress(OSError):
            fresh.unlink()
        return False


def stamp(folder: Path, game_id: int) -> bytes | None:
    """The game's stamp as it is now, or None where there is none to trust."""
    # (Read with the os module's calls, by a path made as text: a live ask reads its game's
    # stamp, and the watcher each held game's once a second; a Path joined and a buffered
    # file cost twice the read itself.)
    try:
        handle = os.open(f"{folder}/{game_id}", os.O_RDONLY)
    except OSError:
        return None
    try:
        return os.read(handle, 4096) or None
    except OSError:
        return None
    finally:
        os.close(handle)


# -- held asks -----------------------------------------------------------------------

#: seconds between two looks at the folder's time of last change
TICK = 0.02
#: after that time moved, the folder is listed again this much later (a change in the same tick of its clock)
SETTLE = 0.1
#: and whatever it says, at least this often
EVERY = 1.0


class Holds:
    """This process's held live asks, each waiting for its game's stamp to move.

    :meth:`hold` blocks the calling thread (a request's) until the stamp of
    ``game_id`` is no longer ``seen``, ``seconds`` pass, or the process is
    stopping (``serving()`` false: gunicorn's worker on its way out; a
    held ask must not keep a restart waiting).  A daemon thread, started
    with the first hold, does the watching; while nothing is held it sleeps.
    """

    def __init__(self, folder: Path, *, most: int = 32, serving: Callable[[], bool] = lambda: True) -> None:
        self.folder = folder
        self.most = most
        self.serving = serving
        self._lock = threading.Lock()
        self._waiting: dict[int, list[tuple[bytes | None, threading.Event]]] = {}
        self._held = 0
        self._something = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        #: the watcher's looks so far (a tick of polling, or a wake by the kernel): what a
        #: test waits on to know the watcher has looked, instead of sleeping
        self.looks = 0
        #: the asks let go because their game's stamp moved (not at their wait's end), so far
        self.moved = 0

    @property
    def held(self) -> int:
        return self._held

    def waiting(self) -> set[int]:
        """The games that have an ask held now (those woken are gone from it at once)."""
        with self._lock:
            return set(self._waiting)

    def hold(self, game_id: int, seen: bytes | None, seconds: float) -> bool | None:
        """True when the stamp moved, False when the wait ran out (or the process
        is stopping), None at once when this process holds all it may."""
        woken = threading.Event()
        with self._lock:
            if self._held >= self.most or not self.serving():
                return None
            self._held += 1
            self._waiting.setdefault(game_id, []).append((seen, woken))
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="live-holds", daemon=True)
                self._thread.start()
            self._something.notify()
        moved = False
        try:
            moved = woken.wait(seconds)
        finally:
            with self._lock:
                self._held -= 1
                self.moved += bool(moved and self.serving())
                waiters = self._waiting.get(game_id, [])
                if (seen, woken) in waiters:
                    waiters.remove((seen, woken))
                if not waiters:
                    self._waiting.pop(game_id, None)
        return moved and self.serving()

    def _watch(self) -> None:
        while True:
            with self._lock:
                while not self._waiting:
                    self._something.wait()
            # Watched while anything is held (no watch kept open while nothing is): told by
            # the kernel where it tells, else by polling the folder.
            told = _told(self.folder)
            if told is None:
                self._poll()
            else:
                with told:
                    self._follow(told)

    def _going_on(self) -> bool:
        """Whether anything is still held (a stopping process's held asks are all woken here)."""
        with self._lock:
            if self._waiting and not self.serving():
                self._wake(list(self._waiting))
            return bool(self._waiting)

    def _follow(self, told: INotify) -> None:
        """Woken by the kernel for each file of the folder replaced, written or removed; every held
        stamp read at once (a change before the watch was set) and once a second after."""
        read_all_at = 0.0
        while self._going_on():
            self.looks += 1
            now = time.monotonic()
            if now >= read_all_at:
                read_all_at = now + EVERY
                self._read()
            events = told.read(timeout=1 + int(1000 * min(read_all_at - now, LOOK_AGAIN)))
            if any(event.mask & _LOST for event in events):
                return  # (the folder gone or moved, or events lost: watched anew, or polled)
            if events:
                self._read({event.name for event in events})

    def _poll(self) -> None:
        """The folder looked at every tick: a stat, and a listing where it changed."""
        last_change: int | None = None
        recheck_at = read_all_at = 0.0
        inodes: dict[str, int] = {}  # each stamp's file as the last look at the folder found it
        while self._going_on():
            self.looks += 1
            now = time.monotonic()
            try:
                change: int | None = os.stat(self.folder).st_mtime_ns
            except OSError:
                change = None
            folder_moved, last_change = change != last_change, change
            # Most ticks end here: the folder as it was and nothing due, one stat
            # however many games are held.
            if now >= read_all_at:
                read_all_at = now + EVERY
                self._read()
            elif folder_moved or (recheck_at and now >= recheck_at):
                # Which stamps were replaced: one listing of the folder (a replaced file
                # is a new one), the stamps of those read.  Once more a little later, for
                # a change in the same tick of the file system's clock as the one seen.
                recheck_at = now + SETTLE if folder_moved else 0.0
                found = _inodes(self.folder)
                self._read({name for name in found.keys() | inodes.keys() if found.get(name) != inodes.get(name)})
                inodes = found
            time.sleep(TICK)

    def _read(self, names: set[str] | None = None) -> None:
        """The stamps of the held games read (all of them, or those whose file is one of
        ``names``), and the asks on each game whose stamp moved woken."""
        with self._lock:
            games = {game_id: [seen for seen, _ in waiters] for game_id, waiters in self._waiting.items()
                     if names is None or str(game_id) in names}
        moved = []
        for game_id, seen in games.items():
            now_stamp = stamp(self.folder, game_id)
            if now_stamp is None or any(held != now_stamp for held in seen):
                moved.append(game_id)
        if moved:
            with self._lock:
                self._wake(moved)

    def _wake(self, game_ids: list[int]) -> None:
        """(Under the lock.)  Every ask held on these games goes on."""
        for game_id in game_ids:
            for _, woken in self._waiting.pop(game_id, []):
                woken.set()


#: what the kernel is asked to tell of the folder: a file put in place (a stamp replaced),
#: written or removed, and the folder itself removed or moved
if INotify is not None:
    _WATCHED = (_inotify.MOVED_TO | _inotify.CLOSE_WRITE | _inotify.DELETE
                | _inotify.DELETE_SELF | _inotify.MOVE_SELF)
    #: events after which the watch is set anew (the folder gone, or events lost)
    _LOST = _inotify.Q_OVERFLOW | _inotify.IGNORED | _inotify.DELETE_SELF | _inotify.MOVE_SELF
#: the longest the kernel is waited for before the watcher looks whether it is still needed
LOOK_AGAIN = 0.25


def _told(folder: Path) -> INotify | None:
    """A watch the kernel keeps on the folder, or None where it keeps none (not Linux, no
    folder, the process's or the user's inotify limits reached)."""
    if INotify is None:
        return None
    try:
        told = INotify()
    except OSError:
        return None
    try:
        told.add_watch(folder, _WATCHED)
    except OSError:
        told.close()
        return None
    return told


def _inodes(folder: Path) -> dict[str, int]:
    """Each file of the folder by name, its inode (from the listing itself: no stat a file)."""
    try:
        with os.scandir(folder) as entries:
            return {entry.name: entry.inode() for entry in entries}
    except OSError:
        return {}


# -- answers drawn once per change ------------------------------------------------------

#: the folder, under the stamps', that keeps each live link's last answer
ANSWERS = "answers"
#: the longest a worker waits for another to finish drawing a game's answer
PATIENCE = 0.25
_POLL = 0.002


@dataclass(frozen=True)
class Answer:
    """A live link's answer as a worker drew it, for every worker of the host to serve.

    ``stamp`` is the game's stamp as read before the database was: while it
    is still the game's stamp, nothing the answer shows has changed (the
    same reasoning as a worker's own 304s).  ``until`` is the time
    (``time.time()``, the host's clock, the same in every worker) past which
    it is not trusted whatever the stamp says.
    """

    stamp: bytes
    until: float
    etag: str  # quoted, as the ETag header carries it
    headers: list[tuple[str, str]]  # the answer's, but for those made per request
    body: bytes


def answer_name(game_id: int, key: str) -> str:
    """The file of a link's answer: the game's id (pruned by it) and a digest of what was asked."""
    return f"{game_id}-{hashlib.sha256(key.encode()).hexdigest()[:24]}"


def keep_answer(folder: Path, name: str, answer: Answer) -> None:
    """Keep the answer for the host's workers (replacing the last; nothing kept where it cannot be written)."""
    head = json.dumps({"stamp": answer.stamp.hex(), "until": answer.until, "etag": answer.etag,
                       "headers": answer.headers}).encode()
    with contextlib.suppress(OSError):
        (folder / ANSWERS).mkdir(exist_ok=True)
    _replace(folder / ANSWERS / name, head + b"\n" + answer.body)


def kept_answer(folder: Path, name: str) -> Answer | None:
    """The answer kept under that name, or None (none, or none that reads back whole)."""
    try:
        data = (folder / ANSWERS / name).read_bytes()
        head, _, body = data.partition(b"\n")
        found = json.loads(head)
        return Answer(bytes.fromhex(found["stamp"]), float(found["until"]), str(found["etag"]),
                      [(str(key), str(value)) for key, value in found["headers"]], body)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def renew_answer(folder: Path, name: str, etag: str, seen: bytes, until: float) -> bool:
    """The answer kept under that name, if it is still the one with this ETag, trusted anew: with
    the stamp read before the query that found it unchanged, until ``until``.  Whether it was."""
    answer = kept_answer(folder, name)
    if answer is None or answer.etag != etag:
        return False
    keep_answer(folder, name, Answer(seen, until, etag, answer.headers, answer.body))
    return True


@contextlib.contextmanager
def drawing(folder: Path, game_id: int, patience: float = PATIENCE) -> Iterator[None]:
    """While one worker of the host draws a game's answer, the others wait for it (at most
    ``patience`` seconds, then go on regardless).

    Every phone on a game asks again the moment its stamp moves, on whichever
    worker holds its ask: without this, each of them would read the database
    and draw the same sheet.  Only an economy: nothing is wrong if two draw
    at once, so a lock file that cannot be made, or was pruned, is no lock.
    """
    try:
        (folder / ANSWERS).mkdir(exist_ok=True)
        handle = os.open(folder / ANSWERS / f"{game_id}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        give_up = time.monotonic() + patience
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() >= give_up:
                    break
                time.sleep(_POLL)
        yield
    finally:
        os.close(handle)  # (which lets the lock go)


def prune_answers(folder: Path, older_than: float) -> int:
    """Remove the answers (and locks) not written for ``older_than`` seconds; how many went."""
    gone = 0
    cut = time.time() - older_than
    try:
        with os.scandir(folder / ANSWERS) as entries:
            for entry in entries:
                with contextlib.suppress(OSError):
                    if entry.stat().st_mtime < cut:
                        os.unlink(entry.path)
                        gone += 1
    except OSError:
        pass
    return gone
