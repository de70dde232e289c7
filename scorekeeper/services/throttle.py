"""Sign-in throttling against password guessing, counted in the database.

Every failed sign-in is a ``SignInAttempt`` row (the e-mail as typed, the
client's address, the time), so every worker process and every host behind
the proxy sees the same count; nothing is kept in a process. Within
``WINDOW``, ``PER_EMAIL`` failures for one e-mail, or ``PER_ADDRESS`` from one
address (a guesser trying many accounts), refuse further tries until the
oldest of them leaves the window. A refused try is not counted (a guesser
cannot keep the lock on forever), a success clears that e-mail's failures,
and rows older than the window are deleted as new ones are written.

The e-mail is counted whether or not an account has it, so the throttle
itself says nothing about which e-mails have accounts. The trade-off, as with
any per-account lock: a stranger can lock an account out for 15 minutes by
failing on purpose; the owner's other phones stay signed in.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import InstrumentedAttribute

from ..extensions import db
from ..models import SignInAttempt, utcnow

WINDOW = timedelta(minutes=15)
PER_EMAIL = 5
PER_ADDRESS = 20
# The e-mail recorded for a refused registration (an e-mail already taken):
# it counts against the address only (no real e-mail is ever this).
REGISTER = "(register)"


def wait_seconds(email: str, address: str, now: datetime | None = None) -> int:
    """0 when this e-mail may try from this address now, else how many seconds until it may."""
    now = now or utcnow()
    return max(
        _wait(SignInAttempt.email, _email(email), PER_EMAIL, now),
        _wait(SignInAttempt.address, _address(address), PER_ADDRESS, now),
    )


def address_wait_seconds(address: str, now: datetime | None = None) -> int:
    """As ``wait_seconds``, counting only what came from this address (registering)."""
    return _wait(SignInAttempt.address, _address(address), PER_ADDRESS, now or utcnow())


def record_failure(email: str, address: str, now: datetime | None = None) -> None:
    now = now or utcnow()
    db.session.execute(delete(SignInAttempt).where(SignInAttempt.at <= now - WINDOW))
    db.session.add(SignInAttempt(email=_email(email), address=_address(address), at=now))
    db.session.commit()


def clear(email: str) -> None:
    """A success: that e-mail's earlier failures no longer count against it."""
    db.session.execute(delete(SignInAttempt).where(SignInAttempt.email == _email(email)))
    db.session.commit()


def _wait(column: InstrumentedAttribute[str], value: str, limit: int, now: datetime) -> int:
    recent = db.session.scalars(
        select(SignInAttempt.at)
        .where(column == value, SignInAttempt.at > now - WINDOW)
        .order_by(SignInAttempt.at.desc())
        .limit(limit)
    ).all()
    if len(recent) < limit:
        return 0
    return max(1, math.ceil((recent[-1] + WINDOW - now).total_seconds()))


def _email(email: str) -> str:
    return email.strip().lower()[:254]


def _address(address: str) -> str:
    return (address or "unknown")[:64]
