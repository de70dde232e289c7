"""Register, sign in, sign out."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import login_required, login_user, logout_user
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import services
from .forms import ConfirmForm, RegisterForm, SignInForm

bp = Blueprint("auth", __name__)


@bp.route("/register", methods=["GET", "POST"])
def register() -> tuple[str, int] | Response:
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            account = services.register(form.email.data or "", form.password.data or "")
        except services.ServiceError as error:
            getattr(form, error.field or "email").errors.append(error.message)
        else:
            login_user(account, remember=True)
            flash("Welcome! Start your first game.", "success")
            return redirect(url_for("games.new"), 303)
    return render_template("auth/register.html", form=form), _status(form)


@bp.route("/login", methods=["GET", "POST"])
def login() -> tuple[str, int] | Response:
    form = SignInForm()
    if form.validate_on_submit():
        account = services.authenticate(form.email.data or "", form.password.data or "")
        if account is None:
            form.password.errors.append("That email and password do not match an account.")
        else:
            login_user(account, remember=True)
            return redirect(_safe_next(request.args.get("next")), 303)
    return render_template("auth/login.html", form=form), _status(form)


@bp.route("/logout", methods=["POST"])
@login_required
def logout() -> Response:
    form = ConfirmForm()
    if form.validate_on_submit():
        logout_user()
        flash("Signed out.", "info")
    return redirect(url_for("auth.login"), 303)


def _status(form: FlaskForm) -> int:
    """A refused submission is 422 (the page shows why); the empty form is 200."""
    return 422 if form.is_submitted() else 200


def _safe_next(target: str | None) -> str:
    """Only a path on this site: never send a person elsewhere after sign-in.

    Browsers read a backslash as a slash and drop tabs and newlines, so
    ``/\\evil.example`` would leave the site: such targets are refused too.
    """
    if (
        target
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and not any(ord(char) < 32 or ord(char) == 127 for char in target)
        and not urlsplit(target).netloc
    ):
        return target
    return url_for("games.index")
