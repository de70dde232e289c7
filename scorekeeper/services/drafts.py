"""Drafts: each seat's input for the next hand, typed on that player's own phone.

A phone at the table (the owner's, or one that opened the keeper link) says
who it is for this hand and types that seat's cards or count; every phone
with the entry form open sees them arrive.  A draft is one row per hand and
seat, the last one typed winning (it says who typed it).  Drafts are never
part of the game's log: saving the hand (:func:`~.games.record_hand`)
deletes them in its own commit, and a draft sent for a hand that is saved
already is refused (:class:`HandSaved`), so the phone can say its typing was
discarded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ..engine.bounds import MAX_CARDS_TEXT
from ..extensions import db
from ..models import Game, HandDraft, utcnow
from .errors import ServiceError

#: at most this many fields in one seat's draft, each at most this long
MAX_DRAFT_FIELDS = 12
MAX_DRAFT_TEXT = MAX_CARDS_TEXT
#: who typed a draft, in a few words ("Bob's phone")
MAX_BY = 80
_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")


class HandSaved(ServiceError):
    """The hand was saved (from this phone or another) before this draft arrived: it is discarded."""

    def __init__(self, number: int) -> None:
        super().__init__(_("Hand %(number)s was saved meanwhile, so this phone's typing for it was discarded.",
                           number=number), code="hand_saved")
        self.number = number


def save_draft(game: Game, number: int, seat: int, fields: Mapping[str, Any], by: str,
               allowed: frozenset[str]) -> HandDraft:
    """Keep what one seat typed for hand ``number`` (the next hand), replacing that seat's last draft.

    ``allowed`` is the entry form's fields for a seat: any other key, or a
    value that is not short text, is refused and nothing is kept.
    """
    if number <= game.hands_count:
        raise HandSaved(number)
    if number != game.hands_count + 1:
        raise ServiceError(_("Hand %(next)s comes next, not hand %(number)s.", next=game.hands_count + 1,
                             number=number), code="not_next_hand")
    if not 0 <= seat < len(game.seats):
        raise ServiceError(_("This game has no seat %(seat)s.", seat=seat + 1), code="no_such_seat")
    clean = _checked_fields(fields, allowed)
    who = " ".join(str(by).split())[:MAX_BY] or "a phone"
    draft = db.session.scalar(select(HandDraft).where(
        HandDraft.game_id == game.id, HandDraft.number == number, HandDraft.seat == seat))
    if draft is None:
        draft = HandDraft(game_id=game.id, number=number, seat=seat, fields=clean, by=who)
        db.session.add(draft)
    else:
        draft.fields, draft.by, draft.updated_at = clean, who, utcnow()
    try:
        db.session.commit()
    except IntegrityError:  # two phones typed the same seat's first draft at once: the other one won
        db.session.rollback()
        return save_draft(game, number, seat, fields, by, allowed)
    return draft


def drafts_of(game: Game, number: int) -> list[HandDraft]:
    """The hand's drafts, by seat."""
    return list(db.session.scalars(
        select(HandDraft).where(HandDraft.game_id == game.id, HandDraft.number == number).order_by(HandDraft.seat)))


def drop_drafts(game_id: int, upto: int) -> None:
    """Delete the drafts of every hand up to ``upto`` (saved now): in the caller's transaction.

    Nothing pending is flushed by it: the caller's own flush, where it
    handles a unique constraint of the hand it adds, comes later.
    """
    with db.session.no_autoflush:
        db.session.execute(delete(HandDraft).where(HandDraft.game_id == game_id, HandDraft.number <= upto),
                           execution_options={"synchronize_session": False})


def _checked_fields(fields: Mapping[str, Any], allowed: frozenset[str]) -> dict[str, str]:
    if not isinstance(fields, Mapping):
        raise ServiceError(_("A draft is the seat's fields, by name."), code="bad_draft")
    if len(fields) > MAX_DRAFT_FIELDS:
        raise ServiceError(_("A draft holds at most %(most)s fields.", most=MAX_DRAFT_FIELDS), code="bad_draft")
    clean: dict[str, str] = {}
    for key, value in fields.items():
        if not isinstance(key, str) or not _KEY.fullmatch(key) or key not in allowed:
            raise ServiceError(_("%(key)s is not a field of this game's entry.", key=repr(str(key)[:40])),
                               code="bad_draft")
        if not isinstance(value, str) or len(value) > MAX_DRAFT_TEXT:
            raise ServiceError(_("%(key)s must be text of at most %(most)s characters.", key=key, most=MAX_DRAFT_TEXT),
                               code="bad_draft")
        clean[key] = value
    return clean


__all__ = ["MAX_BY", "MAX_DRAFT_FIELDS", "MAX_DRAFT_TEXT", "HandSaved", "drafts_of", "drop_drafts", "save_draft"]
