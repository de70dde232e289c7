"""One table for the refusals of the use cases, whichever adapter made the request.

Recording, correcting and undoing a hand is one use case each
(:mod:`scorekeeper.services.games`); the entry form (:mod:`.hands`), the
phone's outbox (:mod:`.offline`) and the JSON API (:mod:`.api`) are thin
adapters around them.  What a refusal is answered with -- its HTTP status, the
stable code the API names it by, and the sentence for the person -- is read
here, so the three cannot drift apart: the same refusal is the same status
and code on all three (tests/integration/test_refusals.py).  The API's codes
are pinned by its OpenAPI description; the messages are in the request's
language (the use cases write theirs when they raise), the codes never.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from ..engine import InvalidEntry
from ..note_language import refused
from ..services import ServiceError

#: What a use case can refuse with: catch these, answer by :func:`refusal`.
REFUSED = (ServiceError, InvalidEntry)

#: each kind of refusal a use case makes (``ServiceError.code``): its status and the API's own code
#: (the use case's code is the API answer's ``reason``)
REFUSALS: dict[str, tuple[int, str]] = {
    "refused": (422, "invalid_request"),
    "bad_name": (422, "invalid_request"),
    "same_name": (422, "invalid_request"),
    "bad_first_dealer": (422, "invalid_request"),
    "form_expired": (422, "invalid_request"),
    "no_such_hand": (404, "not_found"),
    "game_over": (409, "game_over"),
    "nothing_to_undo": (409, "conflict"),
    "not_last_hand": (409, "stale_hand"),
    "conflict": (409, "conflict"),
    "stale_hand": (409, "stale_hand"),
    "already_recorded": (409, "conflict"),
    "reused_id": (422, "invalid_request"),
    "not_definable": (422, "invalid_request"),
    "too_many_game_types": (422, "invalid_request"),
    # A seat's draft typed on its own phone (scorekeeper.web.drafts)
    "hand_saved": (409, "conflict"),
    "not_next_hand": (409, "stale_hand"),
    "no_such_seat": (422, "invalid_request"),
    "bad_draft": (422, "invalid_request"),
}
#: the engine refusing an entry (its own ``code`` is the reason)
INVALID_ENTRY = (422, "invalid_entry")


@dataclass(frozen=True, slots=True)
class Refusal:
    """How a refusal is answered: ``status``, the API's ``code``, the use case's or engine's
    ``reason``, the ``message``, and whether the message is about the form as a whole
    (``whole``) rather than a field the engine names."""

    status: int
    code: str
    reason: str
    message: str
    whole: bool = True


def refusal(error: ServiceError | InvalidEntry, *, correcting: int | None = None) -> Refusal:
    """The answer to ``error``.  ``correcting``: the hand a correction was for; the engine
    refusing a later hand after it is said as such ("This change cannot stand: ...")."""
    if isinstance(error, InvalidEntry):
        status, code = INVALID_ENTRY
        if correcting is not None and error.hand is not None and error.hand != correcting:
            return Refusal(status, code, error.code, later_hands(error))
        return Refusal(status, code, error.code, refused(error), whole=False)
    status, code = REFUSALS.get(error.code, (422, "invalid_request"))
    return Refusal(status, code, error.code, error.message)


def later_hands(error: InvalidEntry) -> str:
    """A correction the hands after it no longer add up with."""
    return _("This change cannot stand: %(error)s. Hands after it would no longer add up; "
             "correct or undo those first.", error=refused(error))


__all__ = ["INVALID_ENTRY", "REFUSALS", "REFUSED", "Refusal", "later_hands", "refusal"]
