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
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from flask import current_app


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
        fresh = folder / f".{game_id}-{secrets.token_hex(4)}"
        try:
            fresh.write_bytes(secrets.token_bytes(8))
            os.replace(fresh, path)  # readers see the old stamp or the new, never half of one
        except OSError:
            # Not written: no stamp at all is safe (a worker trusts none it cannot read).
            for leftover in (fresh, path):
                try:
                    leftover.unlink()
                except OSError:
                    pass


def stamp(folder: Path, game_id: int) -> bytes | None:
    """The game's stamp as it is now, or None where there is none to trust."""
    try:
        with open(folder / str(game_id), "rb") as file:
            return file.read() or None
    except OSError:
        return None
