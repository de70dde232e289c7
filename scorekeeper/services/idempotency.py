"""The API's stored answers: an ``Idempotency-Key``'s first answer, kept for a day.

The answer to a change is kept in the change's own commit (:func:`keep_answer`
as the change's ``before_commit``), so a change and its answer are stored
together or not at all; an answer that changed nothing is stored alone
(:func:`store_answer`).  The same key again gets that answer back
(:func:`stored_answer`); what the key and the request's fingerprint are is
the API's business (``scorekeeper.web.api``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select

from ..extensions import db
from ..models import IdempotencyRecord, utcnow

#: how long an Idempotency-Key's first answer is kept
KEEP_ANSWERS = timedelta(hours=24)


def stored_answer(account_id: int, key: str) -> IdempotencyRecord | None:
    """The account's first answer to this key, if it still has one."""
    return db.session.scalar(select(IdempotencyRecord).where(
        IdempotencyRecord.account_id == account_id, IdempotencyRecord.key == key))


def keep_answer(account_id: int, key: str, fingerprint: str, status_code: int, response: dict[str, Any]) -> None:
    """Add the answer to the caller's transaction (not committed here), forgetting the old ones."""
    _forget_old(account_id)
    db.session.add(IdempotencyRecord(account_id=account_id, key=key, fingerprint=fingerprint,
                                     status_code=status_code, response=response))


def store_answer(account_id: int, key: str, fingerprint: str, status_code: int, response: dict[str, Any]) -> None:
    """Keep an answer that changed nothing (a correction identical to the hand), in a commit of its own."""
    keep_answer(account_id, key, fingerprint, status_code, response)
    db.session.commit()


def _forget_old(account_id: int) -> None:
    """The account's answers older than a day go (an answer holds a whole sheet).

    A retry comes within seconds or minutes; a key sent again after a day
    is a new request, and a hand's token (made from the key) still keeps
    that hand from being recorded twice.
    """
    with db.session.no_autoflush:  # the change's own rows are flushed where a clash is handled
        db.session.execute(delete(IdempotencyRecord).where(
            IdempotencyRecord.account_id == account_id,
            IdempotencyRecord.created_at < utcnow() - KEEP_ANSWERS))


__all__ = ["KEEP_ANSWERS", "keep_answer", "store_answer", "stored_answer"]
