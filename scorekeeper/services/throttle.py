"""Sign-in throttling against password guessing, counted in the database, per account.

As OWASP's "Slow Down Online Guessing Attacks with Device Cookies" has it:
a phone that signed in to an account before carries a device cookie naming
that account (:mod:`scorekeeper.web.devices`), and its failures for that
account are counted apart from everyone else's, under its own device id.
Every other client of that account is "untrusted", and their failures are
counted together.  Within ``WINDOW``, ``PER_ACCOUNT`` failures refuse further
tries from that group only -- every untrusted client of the e-mail, or that
one known phone -- until the oldest of them leaves the window.  So a stranger
failing on purpose never locks the owner's known phones out, and a stolen
device cookie guesses no faster than anyone.

Nothing counts per address: a café's Wi-Fi or a carrier's NAT puts many
people behind one, and a count per address would refuse another person's
right password for a guesser's wrong ones.  (A guesser spreading tries over
many e-mails gets ``PER_ACCOUNT`` a window for each; the password rules, no
common password among them, are what keeps that from paying off.)

Every failure is a ``SignInAttempt`` row (the e-mail as typed, the device
id or ``""``, the time), so every worker process and every host behind the
proxy sees the same count.  A refused try is not counted (a guesser cannot
keep the lock on forever), a success clears that group's failures, and rows
older than the window are deleted as new ones are written.  The e-mail is
counted whether or not an account has it, so the throttle itself says
nothing about which e-mails have accounts.

Registering an e-mail that has an account is refused, and each refusal is a
row under ``REGISTER`` for the client's address: ``PER_ADDRESS`` of them
refuse registering from that address (nobody sweeps a list of e-mails
through the form).  Only those refusals count there; a wrong password or a
wrong link never does.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete, select

from ..extensions import db
from ..models import SignInAttempt, utcnow

WINDOW = timedelta(minutes=15)
PER_ACCOUNT = 5
PER_ADDRESS = 20
#: the device id of every client without a device cookie for the account
UNTRUSTED = ""
# The e-mail recorded for a refused registration (an e-mail already taken):
# it counts against the address only (no real e-mail is ever this).
REGISTER = "(register)"


def wait_seconds(email: str, device: str = UNTRUSTED, now: datetime | None = None) -> int:
    """0 when this e-mail may be tried now from this device (or an untrusted client), else the seconds until."""
    return _wait(_group(email, device), PER_ACCOUNT, now or utcnow())


def record_failure(email: str, device: str = UNTRUSTED, address: str = "", now: datetime | None = None) -> None:
    now = now or utcnow()
    db.session.execute(delete(SignInAttempt).where(SignInAttempt.at <= now - WINDOW))
    db.session.add(SignInAttempt(email=_email(email), device=_device(device), address=_address(address), at=now))
    db.session.commit()


def clear(email: str, device: str = UNTRUSTED) -> None:
    """A success: the failures of that e-mail from that device (or from untrusted clients) no longer count."""
    db.session.execute(delete(SignInAttempt).where(*_group(email, device)))
    db.session.commit()


def registering_wait_seconds(address: str, now: datetime | None = None) -> int:
    """0 when this address may register now, else the seconds until (after ``PER_ADDRESS`` e-mails taken)."""
    group = (SignInAttempt.email == REGISTER, SignInAttempt.address == _address(address))
    return _wait(group, PER_ADDRESS, now or utcnow())


def record_taken_email(address: str, now: datetime | None = None) -> None:
    record_failure(REGISTER, address=address, now=now)


def _group(email: str, device: str) -> tuple[ColumnElement[bool], ...]:
    return SignInAttempt.email == _email(email), SignInAttempt.device == _device(device)


def _wait(group: tuple[ColumnElement[bool], ...], limit: int, now: datetime) -> int:
    recent = db.session.scalars(
        select(SignInAttempt.at)
        .where(*group, SignInAttempt.at > now - WINDOW)
        .order_by(SignInAttempt.at.desc())
        .limit(limit)
    ).all()
    if len(recent) < limit:
        return 0
    return max(1, math.ceil((recent[-1] + WINDOW - now).total_seconds()))


def _email(email: str) -> str:
    return email.strip().lower()[:254]


def _device(device: str) -> str:
    return device[:32]


def _address(address: str) -> str:
    return (address or "unknown")[:64]
