"""The hand entry form as the web app takes it: the engine's reading, bound through a Flask-WTF form.

What the fields *mean* -- who went out, a count, a list of cards, a side's
numbers -- is read by :class:`scorekeeper.engine.entry_form.EntryForm`, in the
engine package, because the browser's engine worker reads a hand kept on the
phone with that very code (the engine bundle holds the engine package alone,
and Pyodide runs no Flask).  Here the request is bound through a WTForms class
of the form's fields, one class per shape of form (the seats, the variant's
declared fields, choices and side fields: see :func:`.forms.declared_form`);
the engine's reading then checks what was typed, and puts its messages next
to the player, the side or the control they concern.  CSRF is checked for
every POST by CSRFProtect, as for the other forms, before the view runs.

Why its fields are not WTForms fields of their kinds, with validators, as the
new-game and own-game forms' are (:mod:`.newgame`, :mod:`.owngame`): every check
of a hand's fields -- a count a whole number within its declared bounds, a
list of cards no longer than a hand, a status or an ending among the declared,
someone out of the game given nothing -- must say the same offline, where the
phone's engine reads a kept hand with no server and no WTForms.  A second copy
of those checks in validators here would be two rule books to keep in step,
and the phone's and the server's messages could differ.  Their messages belong
to a player's panel (one for a player's several inputs, the first mistake
first), which is how the engine keys them (``p<seat>``, ``s<side>``, ``out``).
So the form's fields are bound as text, as typed, and the engine says what
they mean.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import InvalidEntry
from ..engine.entry_form import EntryForm as EntryReading
from ..engine.entry_form import Seat, SideGroup, declared_match, repeated_cards, too_many_cards
from .forms import bind
from .note_words import guide_line, in_language

__all__ = ["EntryForm", "Seat", "SideGroup", "declared_match", "repeated_cards", "too_many_cards"]


@dataclass
class EntryForm(EntryReading):
    """The engine's reading of the form, bound to the request through its WTForms form."""

    #: the code of the use case's refusal shown on the form, if one is (:mod:`.refusals`)
    refusal: str = ""

    def load_post(self, data: Mapping[str, str]) -> None:
        """Keep everything typed (bound through the WTForms fields), so a refused entry comes back as it was."""
        super().load_post(bind(self.field_names(), data))

    def to_entry(self) -> dict[str, Any] | None:
        """The engine's reading, its messages that are notes written in the page's language."""
        entry = super().to_entry()
        self._errors_in_language()
        return entry

    def add_engine_error(self, error: InvalidEntry) -> None:
        super().add_engine_error(error)
        self._errors_in_language()

    def _errors_in_language(self) -> None:
        """The messages the engine put straight into ``errors`` (who went out, a hand's choice)."""
        self.errors = {key: in_language(message) for key, message in self.errors.items()}

    # The engine's messages next to a player or a side, written in the page's language as they are put there.
    def _seat_error(self, seat: Seat, message: str) -> None:
        super()._seat_error(seat, in_language(message))

    def _side_error(self, group: SideGroup, message: str, key: str = "") -> None:
        super()._side_error(group, in_language(message), key)

    @property
    def status_choices(self) -> list[tuple[str, str]]:
        return [(value, in_language(label)) for value, label in super().status_choices]

    @property
    def how_to(self) -> str:
        """The variant's line for a newcomer, in the page's language."""
        return guide_line(self.guide, "how_to")
