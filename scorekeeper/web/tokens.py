"""Settings: the account's personal API tokens, made, listed and revoked here."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, redirect, render_template, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField, StringField, SubmitField
from wtforms.validators import DataRequired, Length

from .. import services
from ..services import api_tokens
from .forms import TOO_LONG, ConfirmForm, add_error, confirmed

bp = Blueprint("tokens", __name__, url_prefix="/settings/tokens")


class TokenForm(FlaskForm):
    name = StringField(
        _l("Name"), validators=[DataRequired(_l("Name the token (what will use it?).")),
                                Length(max=api_tokens.MAX_NAME, message=TOO_LONG)],
        description=_l("What will use it, e.g. “score bot” or “league spreadsheet”."),
    )
    # One use per form shown: the page that shows a new secret cannot be
    # redirected away from (the secret is not kept), so a reload would post
    # the form again; the second post finds its mark already spent.
    once = HiddenField()
    submit = SubmitField(_l("Create token"))


_ONCE = "token_form_once"


def _fresh_form() -> TokenForm:
    form = TokenForm(formdata=None)
    form.once.data = session[_ONCE] = secrets.token_urlsafe(16)
    return form


@bp.route("/", methods=["GET", "POST"])
@login_required
def index() -> tuple[str, int] | str:
    form = TokenForm()
    created = None
    if not form.is_submitted():
        form = _fresh_form()
    elif form.validate_on_submit() and session.get(_ONCE) != form.once.data:
        form = _fresh_form()
        form.name.errors = [
            _("This form was sent already, and its token made then (see the list). "
              "If its secret was not copied, revoke that token and make another.")
        ]
    elif form.validate_on_submit():
        try:
            token, secret = api_tokens.create_token(current_user, form.name.data or "")
        except services.ServiceError as error:
            add_error(form.name, error.message)
        else:
            # Shown on this answer only (never redirected to, never stored):
            # reloading the page shows it no more.
            created = {"name": token.name, "secret": secret}
            form = _fresh_form()
    page = render_template("settings/tokens.html", form=form, created=created,
                           tokens=api_tokens.tokens_of(current_user), confirm=ConfirmForm())
    if form.is_submitted() and created is None:
        return page, 422
    return page


@bp.after_request
def _no_store(response: Response) -> Response:
    """The page that shows a new token's secret must be kept by no cache."""
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<int:token_id>/revoke")
@login_required
def revoke(token_id: int) -> Response:
    token = api_tokens.own_token(current_user, token_id)
    if token is None:
        abort(404)
    if confirmed():
        api_tokens.revoke(token)
        flash(_("The token “%(name)s” is revoked: requests that use it are refused from now on.", name=token.name),
              "success")
    return redirect(url_for("tokens.index"), 303)
