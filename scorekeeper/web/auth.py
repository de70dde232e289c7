"""Register, sign in, sign out."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, make_response, redirect, render_template, request, url_for
from flask_login import login_required, login_user, logout_user
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import services, throttle
from ..security import request_id
from .forms import ConfirmForm, RegisterForm, SignInForm

bp = Blueprint("auth", __name__)


@bp.route("/register", methods=["GET", "POST"])
def register() -> tuple[str, int] | Response:
    form = RegisterForm()
    if form.validate_on_submit():
        wait = throttle.address_wait_seconds(_address())
        if wait:
            form.email.errors.append(_too_many(wait))
            return _throttled("auth/register.html", form, wait)
        try:
            account = services.register(form.email.data or "", form.password.data or "")
        except services.EmailTaken as error:
            # Counted like a failed sign-in: e-mails cannot be swept through this form.
            throttle.record_failure(throttle.REGISTER, _address())
            form.email.errors.append(error.message)
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
        email = form.email.data or ""
        wait = throttle.wait_seconds(email, _address())
        if wait:  # refused before the password is even checked
            form.password.errors.append(_too_many(wait))
            return _throttled("auth/login.html", form, wait)
        account = services.authenticate(email, form.password.data or "")
        if account is None:
            throttle.record_failure(email, _address())
            form.password.errors.append("That email and password do not match an account.")
        else:
            throttle.clear(email)
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


def _address() -> str:
    """The client's address (the proxy's X-Forwarded-For when TRUSTED_PROXIES says to trust it)."""
    return request.remote_addr or "unknown"


def _too_many(wait: int) -> str:
    minutes = max(1, -(-wait // 60))
    return (f"Too many tries with this email or from this network. Wait {minutes} "
            f"minute{'s' if minutes != 1 else ''} and try again.")


def _throttled(template: str, form: FlaskForm, wait: int) -> Response:
    # Neither the e-mail nor the address: the request id finds the rest.
    current_app.logger.warning("%s refused for %ss after too many failures (request %s)",
                               request.endpoint, wait, request_id())
    response = make_response(render_template(template, form=form), 429)
    response.headers["Retry-After"] = str(wait)
    return response


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
