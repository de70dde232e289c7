"""Flask-WTF forms: the fixed-shape pages' classes, and what the forms made per game share.

Every POST, even a bare button, goes through a form so it carries a CSRF token.
The new-game form (newgame.py) and the own-game form (owngame.py) are WTForms
classes made for their game's shape (its seats and options), with a field class
per declared kind; :class:`WholeNumberField` is their whole number.  The hand
entry form (entry.py) is read by the engine (the browser reads a kept hand with
the same code): :func:`declared_form` makes the WTForms class of its fields for
each shape, and :func:`bind` binds a request through it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from flask import flash
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import EmailField, Field, HiddenField, IntegerField, PasswordField, StringField, SubmitField
from wtforms.validators import DataRequired, Email, Length
from wtforms.widgets import TextInput

from ..passwords import MAX_LENGTH, MIN_LENGTH

#: the password's bounds, in the words of passwords.LENGTH_MESSAGE (the service's own refusal)
LENGTH_MESSAGE = _l("Use at least %(least)s characters (at most %(most)s).", least=MIN_LENGTH, most=MAX_LENGTH)
PASSWORD_HINT = _l("At least %(least)s characters; a few words you will remember are best.", least=MIN_LENGTH)
A_NAME = _l("A player needs a name.")
# WTForms' own refusals ("This field is required.", "Invalid email address.") are English, or
# its own catalogues' words where it has the language: every refusal is said in the app's words.
TYPE_EMAIL = _l("Type your email address.")
TYPE_PASSWORD = _l("Type your password.")
CHOOSE_PASSWORD = _l("Choose a password.")
NOT_AN_EMAIL = _l("Type an email address, like ann@example.com.")
EMAIL_TOO_LONG = _l("An email address has at most %(max)d characters.")
#: (a field's Length(max=...) check: its message is given the bound as ``max``)
TOO_LONG = _l("Keep it to %(max)d characters.")


class RegisterForm(FlaskForm):
    email = EmailField(_l("Email"), validators=[DataRequired(TYPE_EMAIL), Email(NOT_AN_EMAIL),
                                                Length(max=254, message=EMAIL_TOO_LONG)])
    password = PasswordField(
        _l("Password"),
        validators=[DataRequired(CHOOSE_PASSWORD), Length(min=MIN_LENGTH, max=MAX_LENGTH, message=LENGTH_MESSAGE)],
        description=PASSWORD_HINT,
    )
    submit = SubmitField(_l("Create account"))


class SignInForm(FlaskForm):
    email = EmailField(_l("Email"), validators=[DataRequired(TYPE_EMAIL), Length(max=254, message=EMAIL_TOO_LONG)])
    password = PasswordField(_l("Password"), validators=[DataRequired(TYPE_PASSWORD), Length(max=200, message=TOO_LONG)])
    submit = SubmitField(_l("Sign in"))


class ChangePasswordForm(FlaskForm):
    current_password = PasswordField(_l("Current password"),
                                     validators=[DataRequired(TYPE_PASSWORD), Length(max=200, message=TOO_LONG)])
    new_password = PasswordField(
        _l("New password"),
        validators=[DataRequired(CHOOSE_PASSWORD), Length(min=MIN_LENGTH, max=MAX_LENGTH, message=LENGTH_MESSAGE)],
        description=PASSWORD_HINT,
    )
    submit = SubmitField(_l("Change password"))


# A name's bound (services.MAX_NAME) is the service's refusal, shown next to the field
# with the typing kept: no Length() here, whose maxlength attribute would have
# the browser cut a 41st character off without a word.
class PlayerForm(FlaskForm):
    name = StringField(_l("Name"), validators=[DataRequired(A_NAME)])
    submit = SubmitField(_l("Add"))


class RenameForm(FlaskForm):
    name = StringField(_l("New name"), validators=[DataRequired(A_NAME)])
    submit = SubmitField(_l("Rename"))


class ConfirmForm(FlaskForm):
    """A bare button (end, undo, rematch, delete, sign out): CSRF and nothing else."""

    next = HiddenField()
    submit = SubmitField(_l("Confirm"))


_MINUS = "[-\u2212]?"


class WholeNumberField(IntegerField):
    """A whole number, or ``None`` when left empty; typed otherwise, its ``message`` says what to type.

    A text input (``inputmode`` numeric where the page asks): a browser's number
    input would drop what it cannot read, where the form shows it with its message.

    The typing is kept (``_value`` shows the raw text) so a refused form comes back
    as it was.  ``signed``: a minus, or the minus sign a phone's keyboard may give,
    may come first.  ``digits``: the most digits taken (a longer number is not one
    any field holds, and ``int`` of thousands of digits is slow).  ``also``: the
    words it may be instead (a card's value may be ``face``), kept in lower case.
    """

    widget = TextInput()

    def __init__(self, label: str | None = None, validators: Any = None, *, message: str,
                 signed: bool = False, digits: int = 7, also: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(label, validators, **kwargs)
        self.message, self.also = message, also
        self.pattern = re.compile((_MINUS if signed else "") + f"[0-9]{{1,{digits}}}")

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = None
        text = str(valuelist[0]).strip() if valuelist else ""
        if not text:
            return
        if text.casefold() in self.also:
            self.data = text.casefold()  # type: ignore[assignment]  # a word it may be instead: the point of `also`
            return
        if not self.pattern.fullmatch(text):
            raise ValueError(self.message)
        self.data = int(text.replace("\u2212", "-"))


def add_error(field: Field, message: str) -> None:
    """Show ``message`` under ``field``, after any the validators left there.

    A field's ``errors`` is a tuple until the form is validated (WTForms types
    it as a Sequence): a new list is set rather than appended to.
    """
    field.errors = [*field.errors, message]


def confirmed() -> bool:
    """Whether a bare button's POST carries a valid form; if not, say so in a flash.

    The usual failure is a page left open past its CSRF token's life.
    """
    if ConfirmForm().validate_on_submit():
        return True
    flash(_("That button's form had expired; nothing was changed. Try again."), "error")
    return False


@lru_cache(maxsize=512)
def declared_form(names: tuple[str, ...]) -> type[FlaskForm]:
    """The WTForms form with these text fields (the hand entry's ``out``, ``p1-count``...),
    made once per shape: the fields follow a game's declarations, so no class can list them.
    They are text, as typed: the engine reads them (see :mod:`.entry`).

    Its CSRF check is off: CSRFProtect has checked every POST before the view runs.
    """

    class Meta:
        csrf = False

    fields: dict[str, Any] = {name: StringField(name) for name in names}
    return type("DeclaredForm", (FlaskForm,), {"Meta": Meta, **fields})


def bind(names: Iterable[str], data: Mapping[str, str]) -> dict[str, str]:
    """``data`` bound through the WTForms form of these fields: each one posted, as typed
    (a field not posted is left out, so the form tells "not sent" from "sent empty")."""
    formdata = data if isinstance(data, MultiDict) else MultiDict(dict(data))
    bound = declared_form(tuple(dict.fromkeys(names)))(formdata=formdata)
    return {name: field.data or "" for name, field in bound._fields.items() if name in formdata}
