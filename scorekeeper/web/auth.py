"""Register, sign in, sign out."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

from flask import (Blueprint, current_app, flash, g, make_response, redirect, render_template, request, session,
                   url_for)
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import services
from ..models import Account
from ..services import accounts, throttle
from . import devices
from .forms import ConfirmForm, RegisterForm, SignInForm, add_error
from .security import request_id

bp = Blueprint("auth", __name__)


@bp.route("/register", methods=["GET", "POST"])
def register() -> tuple[str, int] | Response:
    form = RegisterForm()
    if form.validate_on_submit():
        wait = throttle.registering_wait_seconds(client_address())
        if wait:
            add_error(form.email, _("Too many tries from this network with emails that have accounts. %(wait)s",
                                    wait=_wait(wait)))
            return _throttled("auth/register.html", form, wait)
        try:
            account = services.register(form.email.data or "", form.password.data or "")
        except services.EmailTaken as error:
            # Counted like a failed sign-in: e-mails cannot be swept through this form.
            throttle.record_taken_email(client_address())
            add_error(form.email, error.message)
        except services.ServiceError as error:
            add_error(getattr(form, error.field or "email"), error.message)
        else:
            sign_in_here(account, accounts.start_sign_in(account, lasts=sign_in_lasts()))
            flash(_("Welcome! Start your first game."), "success")
            response = redirect(url_for("games.new"), 303)
            devices.remember_device(response, account.email)
            return response
    return render_template("auth/register.html", form=form), _status(form)


@bp.route("/login", methods=["GET", "POST"])
def login() -> tuple[str, int] | Response:
    form = SignInForm()
    if form.validate_on_submit():
        email = form.email.data or ""
        # This phone's own count when it signed in to that account before, else every untrusted client's.
        device = devices.known_device(email)
        wait = throttle.wait_seconds(email, device)
        if wait:  # refused before the password is even checked
            add_error(form.password, too_many_tries(wait, known_device=bool(device)))
            return _throttled("auth/login.html", form, wait)
        account = services.authenticate(email, form.password.data or "")
        if account is None:
            throttle.record_failure(email, device, client_address())
            add_error(form.password, _("That email and password do not match an account."))
        else:
            throttle.clear(email, device)
            sign_in_here(account, accounts.start_sign_in(account, lasts=sign_in_lasts()))
            response = redirect(_safe_next(request.args.get("next")), 303)
            devices.remember_device(response, email)
            return response
    return render_template("auth/login.html", form=form), _status(form)


@bp.route("/logout", methods=["POST"])
@login_required
def logout() -> Response:
    form = ConfirmForm()
    if form.validate_on_submit():
        accounts.end_sign_in(current_user.id, this_sign_in())  # every copy of this browser's cookies with it
        logout_user()
        flash(_("Signed out."), "info")
    return redirect(url_for("auth.login"), 303)


# -- what the cookies carry ------------------------------------------------------


def sign_in_here(account: Account, secret: str) -> None:
    """Sign this browser in to ``account`` through the sign-in whose secret is ``secret``.

    The session starts afresh: nothing from before is kept (a session
    planted by someone else is worth nothing to them), Flask-WTF's CSRF
    token included, so a token read before signing in posts no form after.
    A sign-in this browser had before is ended: its cookies are replaced,
    and no copy of them should outlive them.
    """
    earlier = parse_stored_id(str(session.get("_user_id", "")))
    if earlier is not None:
        accounts.end_sign_in(*earlier)
    session.clear()
    g.pop("csrf_token", None)  # this request's copy of the token, should a page still be drawn
    login_user(account, remember=True)
    # Flask-Login keeps in the session, and after the request writes into the
    # remember-me cookie, whatever is in ``_user_id``; ``login_user`` put the
    # bare id there (Account.get_id).  With the secret beside it, both cookies
    # name this sign-in, and signing out can refuse them.
    session["_user_id"] = stored_id(account.id, secret)


def stored_id(account_id: int, secret: str) -> str:
    """What the session and the remember-me cookie carry: ``<account id>:<secret>``."""
    return f"{account_id}:{secret}"


def parse_stored_id(text: str) -> tuple[int, str] | None:
    """``(account id, secret)`` from :func:`stored_id`'s form; None for anything else.

    A bare account id (cookies from before sign-ins were recorded) is None:
    such a browser signs in once again.

    >>> parse_stored_id("7:abc")
    (7, 'abc')
    >>> parse_stored_id("7") is None
    True
    """
    number, _, secret = text.partition(":")
    # At most a PostgreSQL integer's digits: no number that would overflow the driver.
    if not secret or not (number.isascii() and number.isdigit()) or len(number) > 9:
        return None
    return int(number), secret


def this_sign_in() -> str:
    """The secret of the sign-in this signed-in request came with.

    Flask-Login puts the remember-me cookie's value in the session when it
    signs a request in from that cookie, so the session names it either way.
    """
    parsed = parse_stored_id(str(session.get("_user_id", "")))
    return parsed[1] if parsed else ""


def sign_in_lasts() -> timedelta:
    """How long a sign-in is good for: as long as the remember-me cookie lives."""
    duration = current_app.config.get("REMEMBER_COOKIE_DURATION", timedelta(days=365))  # Flask-Login's default
    return duration if isinstance(duration, timedelta) else timedelta(seconds=duration)


def client_address() -> str:
    """The client's address (the proxy's X-Forwarded-For when TRUSTED_PROXIES says to trust it).

    Nothing refuses a sign-in for its address: many people share one (a café's Wi-Fi, a carrier's NAT).
    """
    return request.remote_addr or "unknown"


def too_many_tries(wait: int, *, known_device: bool) -> str:
    """Why a password was not even checked: that e-mail's untrusted clients, or this known phone, are locked out."""
    if known_device:
        return _("Too many tries with this email on this phone. %(wait)s", wait=_wait(wait))
    return _("Too many tries with this email. %(wait)s "
             "A phone that signed in to this account before can still sign in.", wait=_wait(wait))


def _wait(seconds: int) -> str:
    minutes = max(1, -(-seconds // 60))
    return ngettext("Wait %(num)d minute and try again.", "Wait %(num)d minutes and try again.", minutes)


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
