"""The hand entry form as the web app takes it: a Flask-WTF form made for the game's declarations.

What the fields *mean* -- who went out, a count, a list of cards, a side's
numbers -- is read by :class:`scorekeeper.engine.entry_form.EntryForm`, in the
engine package, because the browser's engine worker reads a hand kept on the
phone with that very code (the engine bundle holds the engine package alone).
Here the fields are declared as a WTForms form, one class per shape of form
(the seats, the variant's declared fields, choices and side fields: see
:func:`form_class`), and the request's data is bound through it; the
engine's reading then checks what was typed, and puts its messages next to
the field.  CSRF is checked for every POST by CSRFProtect, as for the other
forms, before the view runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import StringField

from ..engine.entry_form import EntryForm as EntryReading
from ..engine.entry_form import Seat, SideGroup, declared_match, repeated_cards, too_many_cards

__all__ = ["EntryForm", "Seat", "SideGroup", "declared_match", "form_class", "repeated_cards", "too_many_cards"]


@lru_cache(maxsize=256)
def form_class(names: tuple[str, ...]) -> type[FlaskForm]:
    """The WTForms form with these fields (``out``, ``p0-count``, ``s1-melds``...), each text as
    typed: made once per shape of form, since the fields follow the game's declarations."""

    class Meta:
        csrf = False  # CSRFProtect has checked it for every POST already

    fields: dict[str, Any] = {name: StringField(name, default="") for name in names}
    return type("HandEntryForm", (FlaskForm,), {"Meta": Meta, **fields})


@dataclass
class EntryForm(EntryReading):
    """The engine's reading of the form, bound to the request through :func:`form_class`."""

    #: the code of the use case's refusal shown on the form, if one is (:mod:`.refusals`)
    refusal: str = ""

    def wtform(self, data: Mapping[str, str]) -> FlaskForm:
        """This form's fields bound to the posted ``data``."""
        formdata = data if isinstance(data, MultiDict) else MultiDict(dict(data))
        return form_class(tuple(self.field_names()))(formdata=formdata)

    def load_post(self, data: Mapping[str, str]) -> None:
        """Keep everything typed (through the WTForms fields), so a refused entry comes back as it was."""
        bound = self.wtform(data)
        super().load_post({name: field.data or "" for name, field in bound._fields.items()})
