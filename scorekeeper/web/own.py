"""Your own games: define a game the table plays, keep it, change it, delete it; its live example.

A definition is kept as one of the account's game types
(:mod:`scorekeeper.services.game_types`); the new game page lists them
after the built-in games, and starting one copies the definition into the
game's own log.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from ..engine import InvalidEntry
from ..models import GameType
from ..services import ServiceError, game_types
from . import presets
from .access import own_game_type
from .catalogue import catalogue_by_key, defined_by_table
from .engine_words import shown
from .forms import ConfirmForm
from .owngame import DefineForm, define_form, example

bp = Blueprint("own", __name__, url_prefix="/games/own")


def _variant(key: str | None) -> dict[str, Any]:
    """The game a table defines that ``key`` names (the first there is when none is named), or 404."""
    choices = defined_by_table()
    found = next((variant for variant in choices if variant["key"] == key), None) if key else None
    if found is None and not key and choices:
        found = choices[0]
    if found is None:
        abort(404)
    return shown(found)


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new() -> tuple[str, int] | Response:
    """Define a game; ``?preset=KEY`` starts from that preset's definition, to change for the table."""
    found = presets.chosen(request.args.get("preset"))
    variant = _variant(request.values.get("variant") or (found.variant if found is not None else None))
    if request.method == "GET" and found is not None:
        form = DefineForm.filled(variant, found.definition)
    else:
        form = define_form(variant, request.form if request.method == "POST" else None)
    if request.method == "POST":
        kept = _save(form, variant)
        if kept is not None:
            flash(_("%(game)s is kept with your games. Seat the players to start it.", game=kept.name), "success")
            return redirect(url_for("games.new", type=kept.id), 303)
    return _page(form, variant, None)


@bp.route("/<int:type_id>/edit", methods=["GET", "POST"])
@login_required
def edit(type_id: int) -> tuple[str, int] | Response:
    kept = own_game_type(type_id)
    variant = shown(catalogue_by_key()[kept.variant])
    if request.method == "GET":
        return _page(DefineForm.filled(variant, kept.options), variant, kept)
    form = define_form(variant, request.form)
    if _save(form, variant, kept) is not None:
        flash(_("%(game)s is changed: new games follow it; games already started keep the rules they "
                "started with.", game=kept.name), "success")
        return redirect(url_for("games.new"), 303)
    return _page(form, variant, kept)


@bp.route("/<int:type_id>/delete", methods=["GET", "POST"])
@login_required
def delete(type_id: int) -> str | Response:
    kept = own_game_type(type_id)
    form = ConfirmForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        name = kept.name
        game_types.delete_game_type(kept)
        flash(_("%(game)s is no longer one of your games; the games you played keep their rules.", game=name), "success")
        return redirect(url_for("games.new"), 303)
    return render_template("own/delete.html", game_type=kept, form=form)


@bp.route("/example")
@login_required
def live_example() -> str:
    """One hand scored under the rules as the form has them now: the page's example, as HTML
    (``static/owngame.js`` puts it in place while the rules are chosen)."""
    variant = _variant(request.args.get("variant"))
    return render_template("own/_example.html", example=example(variant, define_form(variant, request.args)))


def _save(form: DefineForm, variant: dict[str, Any], kept: GameType | None = None) -> GameType | None:
    """The kept game type, or None with the form's errors set (nothing is saved)."""
    if not form.validate():
        return None
    try:
        return game_types.save_game_type(current_user, variant["key"], form.options, game_type=kept)
    except InvalidEntry as error:
        form.add_engine_error(error)
    except ServiceError as error:
        form.add_error(error.field, error.message)
    return None


def _page(form: DefineForm, variant: dict[str, Any], kept: GameType | None) -> tuple[str, int]:
    page = render_template("own/edit.html", form=form, variant=variant, game_type=kept,
                           example=example(variant, form))
    return page, 422 if form.problems else 200
