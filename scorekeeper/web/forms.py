"""Flask-WTF forms for the fixed-shape pages (the hand entry form is in entry.py).

Every POST, even a bare button, goes through a form so it carries a CSRF token.
"""

from __future__ import annotations

from flask import flash
from flask_wtf import FlaskForm
from wtforms import EmailField, Field, HiddenField, PasswordField, StringField, SubmitField
from wtforms.validators import DataRequired, Email, Length

from ..passwords import LENGTH_MESSAGE, MAX_LENGTH, MIN_LENGTH


class RegisterForm(FlaskForm):
    email = EmailField("Email", validators=[DataRequired(), Email(), Length(max=254)])
    password = PasswordField(
        "Password",
        validators=[DataRequired(), Length(min=MIN_LENGTH, max=MAX_LENGTH, message=LENGTH_MESSAGE)],
        description=f"At least {MIN_LENGTH} characters; a few words you will remember are best.",
    )
    submit = SubmitField("Create account")


class SignInForm(FlaskForm):
    email = EmailField("Email", validators=[DataRequired(), Length(max=254)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=200)])
    submit = SubmitField("Sign in")


class ChangePasswordForm(FlaskForm):
    current_password = PasswordField("Current password", validators=[DataRequired(), Length(max=200)])
    new_password = PasswordField(
        "New password",
        validators=[DataRequired(), Length(min=MIN_LENGTH, max=MAX_LENGTH, message=LENGTH_MESSAGE)],
        description=f"At least {MIN_LENGTH} characters; a few words you will remember are best.",
    )
    submit = SubmitField("Change password")


# A name's bound (services.MAX_NAME) is the service's refusal, shown next to the field
# with the typing kept: no Length() here, whose maxlength attribute would have
# the browser cut a 41st character off without a word.
class PlayerForm(FlaskForm):
    name = StringField("Name", validators=[DataRequired("A player needs a name.")])
    submit = SubmitField("Add")


class RenameForm(FlaskForm):
    name = StringField("New name", validators=[DataRequired("A player needs a name.")])
    submit = SubmitField("Rename")


class ConfirmForm(FlaskForm):
    """A bare button (end, undo, rematch, delete, sign out): CSRF and nothing else."""

    next = HiddenField()
    submit = SubmitField("Confirm")


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
    flash("That button's form had expired; nothing was changed. Try again.", "error")
    return False
