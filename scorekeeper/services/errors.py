"""The refusals of the use cases: a :class:`ServiceError` carries a message for the person.

Every module of :mod:`scorekeeper.services` raises these (or a subclass of
its own); the pages show the message beside the field at fault, and the API
turns ``code`` into its status by one table (``scorekeeper.web.refusals.REFUSALS``), which
the entry form and the phone's outbox answer by as well.  The message is
written in the request's language when it is raised (gettext); ``code`` is
the same word in every language.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext


class ServiceError(ValueError):
    """A request that cannot be carried out, with a message for the person.

    ``field`` names the form field at fault, when there is one; ``code`` is a
    stable word for the kind of refusal (``bad_name``, ``game_over``,
    ``nothing_to_undo``...), which the API turns into its status by one table.
    """

    code = "refused"

    def __init__(self, message: str, field: str | None = None, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code


class AlreadyRecorded(ServiceError):
    """This entry form was already saved (a double tap or a resubmission)."""

    code = "already_recorded"

    def __init__(self, number: int) -> None:
        super().__init__(_("Hand %(number)s was already recorded from this form; it is on the sheet once.",
                           number=number))
        self.number = number


class ReusedId(ServiceError):
    """A form's one-time token (or a phone-made id) already recorded another hand."""

    code = "reused_id"

    def __init__(self, number: int) -> None:
        super().__init__(_("This id already recorded hand %(number)s, a different hand; this one was not recorded. "
                           "To change hand %(number)s, correct it from the sheet.", number=number))
        self.number = number


class Conflict(ServiceError):
    """Another request changed the game between reading it and saving this change."""

    code = "conflict"

    def __init__(self) -> None:
        super().__init__(_("Someone else changed this game just now; check the sheet and try again."))


class StaleHand(ServiceError):
    """The game moved on since the form was opened (another phone saved a hand)."""

    code = "stale_hand"

    def __init__(self, expected: int, recorded: int) -> None:
        super().__init__(ngettext(
            "Hand %(expected)s was already recorded (from another phone?): the sheet now has %(num)d hand. "
            "Check it; if yours is a different hand, save it as hand %(next)s.",
            "Hand %(expected)s was already recorded (from another phone?): the sheet now has %(num)d hands. "
            "Check it; if yours is a different hand, save it as hand %(next)s.",
            recorded, expected=expected, next=recorded + 1,
        ))
        self.expected = expected
        self.recorded = recorded


class GameOver(ServiceError):
    """The game is over (won, or ended by agreement): no hand is recorded on it."""

    code = "game_over"

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("This game is over; start a new game (or a rematch) to play on."))


class NotLastHand(ServiceError):
    """An undo meant for hand ``expected``, when the sheet's last hand is ``recorded``."""

    code = "not_last_hand"

    def __init__(self, expected: object, recorded: int) -> None:
        super().__init__(_("Hand %(expected)s is not the last hand: the sheet has %(recorded)s. "
                           "Nothing was undone; check the sheet.", expected=expected, recorded=recorded))
        self.expected = expected
        self.recorded = recorded


__all__ = ["AlreadyRecorded", "Conflict", "GameOver", "NotLastHand", "ReusedId", "ServiceError", "StaleHand"]
