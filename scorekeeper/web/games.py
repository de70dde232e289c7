"""Games: the list, starting one, the sheet, and corrections that are not a hand."""

from __future__ import annotations

import hashlib

from flask_babel import get_locale
from flask import Blueprint, abort, flash, g, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from sqlalchemy import select
from werkzeug.wrappers import Response

from .. import services
from ..engine import InvalidEntry
from ..extensions import db
from ..models import Game, GameType
from ..services import game_types
from .access import kept_game, made_via, own_game, own_game_type
from .catalogue import built_in, catalogue_by_key, defined_by_table, described, game_title
from .engine_words import shown
from .forms import ConfirmForm, confirmed
from . import presets
from .newgame import new_game_form
from .note_words import in_language
from .owngame import summary
from .refusals import refusal
from .share import RENDERING, latest_change
from .sheet import drawn_sheet, page_asked

bp = Blueprint("games", __name__)


@bp.route("/")
def home() -> Response:
    if current_user.is_authenticated:
        return redirect(url_for("games.index"))
    return redirect(url_for("auth.login"))


@bp.route("/games")
@login_required
def index() -> str:
    games = db.session.scalars(
        select(Game)
        .where(Game.account_id == current_user.id)
        .order_by(Game.status.desc(), Game.updated_at.desc())
        .limit(100)
    ).all()
    return render_template("games/index.html", games=games, titles={g.id: game_title(g.variant, g.options)
                                                                    for g in games})


@bp.route("/games/new", methods=["GET", "POST"])
@login_required
def new() -> str | tuple[str, int] | Response:
    """Pick the game (the built-in ones, the presets, the account's own, "Your own game"), then seat the players.

    ``?variant=KEY`` seats a built-in game; ``?preset=KEY`` one of the
    presets and ``?type=ID`` one of the account's own games, whose definition
    becomes the new game's options.
    """
    catalogue = catalogue_by_key()
    kept = _kept_type(request.values.get("type"))
    preset = presets.chosen(request.values.get("preset")) if kept is None else None
    fixed = kept.options if kept is not None else preset.definition if preset is not None else None
    key = kept.variant if kept is not None else preset.variant if preset is not None else request.values.get("variant")
    if key not in catalogue:
        return render_template("games/pick_variant.html", built_in=[shown(v) for v in built_in()],
                               own_variants=[shown(v) for v in defined_by_table()],
                               presets=presets.exact_cards(), close=presets.close_cards(),
                               own_types=[(t, summary(shown(catalogue[t.variant]), t.options))
                                          for t in game_types.game_types(current_user)])
    if fixed is None and catalogue[key]["defined_by_table"]:
        return redirect(url_for("own.new", variant=key), 303)  # its rules are defined first
    variant = described(key, fixed) if fixed is not None else catalogue[key]
    if preset is not None:
        variant = presets.seated(variant, preset)
    variant = shown(variant)
    form = new_game_form(variant, current_user.players, request.form if request.method == "POST" else None,
                         fixed=fixed is not None)
    if request.method == "POST" and form.validate():
        options = dict(fixed) if fixed is not None else form.options
        try:
            game = services.start_game(
                current_user, key, form.names, first_dealer=form.dealer_index, options=options,
                sides=form.sides,
            )
        except services.ServiceError as error:
            form.add_error(error.field or "players", in_language(error.message))
        except InvalidEntry as error:
            form.add_engine_error(error)
        else:
            return redirect(url_for("games.show", game_id=game.id), 303)
    rules = summary(shown(catalogue[key]), fixed) if fixed is not None else []
    page = render_template("games/new.html", form=form, variant=variant, game_type=kept, rules=rules,
                           preset=presets.card(preset) if preset is not None else None, confirm=ConfirmForm())
    return page, 422 if request.method == "POST" else 200


def _kept_type(raw: str | None) -> GameType | None:
    """The account's game type ``?type=`` names (404 for another's or none), or None when not asked."""
    if raw is None or raw == "":
        return None
    try:
        number = int(raw)
    except ValueError:
        abort(404)
    if not 1 <= number <= 2**31 - 1:
        abort(404)
    return own_game_type(number)


@bp.route("/games/<int:game_id>")
def show(game_id: int) -> str:
    game = kept_game(game_id)
    view, drawn = drawn_sheet(game, page=page_asked(request.args))
    return render_template("games/show.html", game=game, view=view, sheet=drawn, confirm=ConfirmForm(),
                           etag=f'"{_live_etag(game)}"', latest="")  # (read only by a swap: the live part's)


@bp.route("/games/<int:game_id>/live")
def live(game_id: int) -> Response:
    """The game page's live part, or 304 while the game is as this phone last saw it.

    The owner's page and a keeper's follow what other phones record, correct
    and undo, as the live link's page does (share.js asks every second).
    """
    game = kept_game(game_id)
    etag = _live_etag(game)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        view, drawn = drawn_sheet(game, page=page_asked(request.args))
        response = make_response(render_template("games/_live.html", game=game, view=view, sheet=drawn,
                                                 confirm=ConfirmForm(), latest=latest_change(game)))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache, private"
    return response


@bp.route("/games/<int:game_id>/log.json")
def log_json(game_id: int) -> Response:
    """The game's log as the engine reads it: what the phone's engine scores kept hands after
    (static/provisional.js; the service worker keeps its last copy for when the network is gone)."""
    game = kept_game(game_id)
    response = jsonify(game.log())
    response.headers["Cache-Control"] = "no-cache, private"
    return response


def _live_etag(game: Game) -> str:
    """What the live part shows depends on: the game's state, its names, the page asked for, who asks,
    and the language it is read in."""
    state = [RENDERING, game.id, game.revision, game.updated_at.isoformat() if game.updated_at else "",
             page_asked(request.args), bool(g.get("keeper")), str(get_locale()), *game.names]
    digest = hashlib.sha256("\x1f".join(map(str, state)).encode()).hexdigest()[:20]
    return f"g{game.revision}-{digest}"


@bp.route("/games/<int:game_id>/undo", methods=["POST"])
def undo(game_id: int) -> Response:
    game = kept_game(game_id)
    if confirmed():
        try:
            services.undo_hand(game, via=made_via())
        except (services.ServiceError, InvalidEntry) as error:
            flash(refusal(error).message, "error")
        else:
            flash(_("The last hand was undone; it stays in the change log."), "success")
    return redirect(url_for("games.show", game_id=game.id), 303)


@bp.route("/games/<int:game_id>/end", methods=["POST"])
@login_required
def end(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        try:
            services.end_game(game)
        except (services.ServiceError, InvalidEntry) as error:
            flash(refusal(error).message, "error")
        else:
            flash(_("Game over by agreement."), "success")
    return redirect(url_for("games.show", game_id=game.id), 303)


@bp.route("/games/<int:game_id>/rematch", methods=["POST"])
@login_required
def rematch(game_id: int) -> Response:
    game = own_game(game_id)
    if not confirmed():
        return redirect(url_for("games.show", game_id=game.id), 303)
    new_game = services.rematch(game)
    flash(_("Rematch: same players and rules, the deal moves on one seat."), "success")
    return redirect(url_for("games.show", game_id=new_game.id), 303)


@bp.route("/games/<int:game_id>/delete", methods=["GET", "POST"])
@login_required
def delete(game_id: int) -> str | Response:
    game = own_game(game_id)
    form = ConfirmForm()
    if request.method == "POST":
        if form.validate_on_submit():
            services.delete_game(game)
            flash(_("Game deleted."), "success")
            return redirect(url_for("games.index"), 303)
        abort(400)
    return render_template("games/delete.html", game=game, form=form, title=game_title(game.variant, game.options))
