"""Keeper links: every phone at the table records hands of one game, with no account.

The owner turns a keeper link on (or off) from the game page, which then
shows the link, its QR code, and Copy and Share buttons.  Opening
``/k/<token>`` lets that phone's session keep the game: its game page, the
entry form, corrections and undo (:func:`~.access.kept_game`), nothing else:
not another game, not the account's lists, not deleting the game, its
players, its live link or tokens.  Each request looks the link up again, so
turning it off stops every phone at once.  Wrong tokens are slowed per
address, and a real link is never refused for them (:mod:`.link_guesses`).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, current_app, flash, redirect, url_for
from flask_babel import gettext as _
from flask_login import login_required
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..models import Game
from ..services import keeping
from .access import grant_keeping, own_game
from .addresses import table_url
from .forms import confirmed
from .link_guesses import wrong_tokens_limited
from .share import qr_svg

bp = Blueprint("keeper", __name__)


@dataclass(frozen=True)
class KeeperPanel:
    """What the owner's game page shows of its keeper link."""

    url: str
    qr_svg: Markup


def keeper_panel(game: Game) -> KeeperPanel | None:
    """The game's keeper link (as phones at the table reach the app) and its QR code, while it is on."""
    link = keeping.live_keeper_link(game)
    if link is None:
        return None
    url = table_url("keeper.open_link", keeper_token=keeping.token_of(link, current_app.secret_key or ""))
    return KeeperPanel(url=url, qr_svg=qr_svg(url, _("QR code of the keeper link")))


bp.add_app_template_global(keeper_panel, "keeper_panel")


@bp.route("/games/<int:game_id>/keeper", methods=["POST"])
@login_required
def create(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        keeping.start_keeping(game, current_app.secret_key or "")
        flash(_("Keeper link on: anyone who opens it can record, correct and undo this game's hands."), "success")
    return redirect(url_for("games.show", game_id=game.id, _anchor="keeper"), 303)


@bp.route("/games/<int:game_id>/keeper/revoke", methods=["POST"])
@login_required
def revoke(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        if keeping.stop_keeping(game):
            flash(_("Keeper link turned off: no phone can record through it now."), "success")
        else:
            flash(_("This game had no keeper link."), "info")
    return redirect(url_for("games.show", game_id=game.id, _anchor="keeper"), 303)


@bp.route("/k/<keeper_token>")
@wrong_tokens_limited("keeper_token", keeping.is_keeper_token)
def open_link(keeper_token: str) -> Response:
    """A phone opens the keeper link: from now on it may keep that game, while the link is on."""
    game_id = keeping.kept_game_id(keeper_token)
    if game_id is None:
        abort(404)
    grant_keeping(game_id, keeper_token)
    response = redirect(url_for("games.show", game_id=game_id), 303)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
