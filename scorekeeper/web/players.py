"""The account's roster of players: add and rename."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from .. import services
from .access import own_player
from .forms import PlayerForm, RenameForm, add_error

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.route("/", methods=["GET", "POST"])
@login_required
def index() -> tuple[str, int] | Response:
    form = PlayerForm()
    if form.validate_on_submit():
        try:
            player = services.add_player(current_user, form.name.data or "")
        except services.ServiceError as error:
            add_error(form.name, error.message)
        else:
            flash(_("%(name)s is on your roster.", name=player.name), "success")
            return redirect(url_for("players.index"), 303)
    page = render_template("players/index.html", form=form, players=current_user.players)
    return page, 422 if form.is_submitted() else 200


@bp.route("/<int:player_id>/rename", methods=["GET", "POST"])
@login_required
def rename(player_id: int) -> tuple[str, int] | Response:
    player = own_player(player_id)
    form = RenameForm(name=player.name)
    if form.validate_on_submit():
        old = player.name
        try:
            services.rename_player(player, form.name.data or "")
        except services.ServiceError as error:
            add_error(form.name, error.message)
        else:
            flash(_("%(old)s is now %(new)s, in every game.", old=old, new=player.name), "success")
            return redirect(url_for("players.index"), 303)
    page = render_template("players/rename.html", form=form, player=player)
    return page, 422 if form.is_submitted() else 200
