"""Use cases: every change to the database, one module per area; the only code that commits.

Views call these with plain values and turn the exceptions (:mod:`.errors`)
into messages; each use case owns its transaction, so a refused change
leaves the database as it was.  Nothing under ``scorekeeper/web/`` commits
(tests/unit/test_only_services_commit.py checks).

- :mod:`.accounts` -- register, check a password, the sign-ins that signing
  out ends, change the password, sign out everywhere;
- :mod:`.players` -- the roster: add and rename players;
- :mod:`.games` -- start a game, record, correct and undo hands (one use
  case each, every adapter's), end,
  rematch and delete a game;
- :mod:`.game_types` -- the account's own games (a game the table
  defines): keep, change and delete a definition;
- :mod:`.sharing` -- a game's live share link, turned on and off;
- :mod:`.api_tokens` -- personal API tokens, made, listed and revoked;
- :mod:`.throttle` -- failed sign-ins, counted per account in the database;
- :mod:`.idempotency` -- the API's stored answers to an ``Idempotency-Key``;
- :mod:`.backup` -- export and import of games and backups;
- :mod:`.statistics` -- the statistics rows rewritten from every game's log.

:mod:`.errors` holds the refusals they raise.

The names most views use are here too (``services.record_hand(...)``);
other modules are imported by name (``from scorekeeper.services import
accounts``).  What a game's sheet is, through the cache of replays, is
:mod:`scorekeeper.sheet_cache` (re-exported here as :func:`sheet_of` and
:func:`replayed`).
"""

from __future__ import annotations

from ..engine import InvalidEntry
from ..engine.bounds import MAX_NAME
from ..sheet_cache import replayed, sheet_of
from .accounts import EmailTaken, authenticate, register
from .errors import AlreadyRecorded, Conflict, GameOver, NotLastHand, ReusedId, ServiceError, StaleHand
from .games import BeforeCommit, correct_hand, delete_game, end_game, record_hand, rematch, start_game, undo_hand
from .players import add_player, clean_name, find_player, rename_player, too_long
from .sharing import SHARE_TOKEN_BYTES, is_share_token, live_share_link, share_game, shared_game, stop_sharing

__all__ = [
    "MAX_NAME", "SHARE_TOKEN_BYTES",
    "AlreadyRecorded", "BeforeCommit", "Conflict", "EmailTaken", "GameOver", "InvalidEntry", "NotLastHand", "ReusedId",
    "ServiceError", "StaleHand",
    "add_player", "authenticate", "clean_name", "correct_hand", "delete_game", "end_game", "find_player", "rematch",
    "record_hand", "register", "rename_player", "replayed", "sheet_of", "start_game", "too_long", "undo_hand",
    "is_share_token", "live_share_link", "share_game", "shared_game", "stop_sharing",
]
