"""Settings: the account's password, and signing out on every phone and browser."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required, logout_user
from werkzeug.wrappers import Response

from .. import services
from ..services import accounts, throttle
from . import devices
from .auth import client_address, sign_in_here, sign_in_lasts, too_many_tries
from .forms import ChangePasswordForm, ConfirmForm, add_error, confirmed
from .security import request_id

bp = Blueprint("account", __name__, url_prefix="/settings/account")


@bp.get("/")
@login_required
def index() -> str:
    return _page(ChangePasswordForm())


@bp.post("/password")
@login_required
def change_password() -> tuple[str, int, dict[str, str]] | Response:
    """A new password ends every other sign-in; this phone stays signed in (through a new one).

    A wrong current password counts as a failed sign-in for the account's
    e-mail from this phone (:mod:`scorekeeper.services.throttle`), under its
    device cookie's id or with the untrusted clients: whoever holds a stolen
    session cannot guess the password here faster than on the sign-in page.
    """
    form = ChangePasswordForm()
    if not form.validate_on_submit():
        return _page(form), 422, {}
    email = current_user.email
    device = devices.known_device(email)
    wait = throttle.wait_seconds(email, device)
    if wait:  # refused before the password is even checked
        current_app.logger.warning("password change refused for %ss after too many failures (request %s)",
                                   wait, request_id())
        add_error(form.current_password, too_many_tries(wait, known_device=bool(device)))
        return _page(form), 429, {"Retry-After": str(wait)}
    try:
        secret = accounts.change_password(current_user, form.current_password.data or "",
                                          form.new_password.data or "", lasts=sign_in_lasts())
    except accounts.WrongPassword as error:
        throttle.record_failure(email, device, client_address())
        add_error(form.current_password, error.message)
        return _page(form), 422, {}
    except services.ServiceError as error:
        add_error(getattr(form, error.field or "new_password"), error.message)
        return _page(form), 422, {}
    throttle.clear(email, device)
    sign_in_here(current_user._get_current_object(), secret)
    flash(_("Password changed. Every other phone and browser is signed out; this one stays signed in."), "success")
    response = redirect(url_for("account.index"), 303)
    devices.remember_device(response, email)
    return response


@bp.post("/sign-out-everywhere")
@login_required
def sign_out_everywhere() -> Response:
    if not confirmed():
        return redirect(url_for("account.index"), 303)
    accounts.end_every_sign_in(current_user)
    logout_user()
    flash(_("Signed out on every phone and browser, this one too. API tokens still work."), "info")
    return redirect(url_for("auth.login"), 303)


def _page(form: ChangePasswordForm) -> str:
    return render_template("settings/account.html", form=form, confirm=ConfirmForm(),
                           signed_in=accounts.live_sign_ins(current_user, lasts=sign_in_lasts()))
