"""The hand entry form as the web app takes it: a Flask-WTF form made for the game's declarations.

What the fields *mean* -- who went out, a count, a list of cards, a side's
numbers -- is read by :class:`scorekeeper.engine.entry_form.EntryForm`, in the
engine package, because the browser's engine worker reads a hand kept on the
phone with that very code (the engine bundle holds the engine package alone).
Here the fields are declared as a WTForms form, one class per shape of form
(the seats, the variant's declared fields, choices and side fields: see
:func:`.forms.declared_form`), and the request's data is bound through it; the
engine's reading then checks what was typed, and puts its messages next to
the field.  CSRF is checked for every POST by CSRFProtect, as for the other
forms, before the view runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.entry_form import EntryForm as EntryReading
from ..engine.entry_form import Seat, SideGroup, declared_match, repeated_cards, too_many_cards
from .forms import bind

__all__ = ["EntryForm", "Seat", "SideGroup", "declared_match", "repeated_cards", "too_many_cards"]


@dataclass
class EntryForm(EntryReading):
    """The engine's reading of the form, bound to the request through its WTForms form."""

    #: the code of the use case's refusal shown on the form, if one is (:mod:`.refusals`)
    refusal: str = ""

    def load_post(self, data: Mapping[str, str]) -> None:
        """Keep everything typed (bound through the WTForms fields), so a refused entry comes back as it was."""
        super().load_post(bind(self.field_names(), data))
