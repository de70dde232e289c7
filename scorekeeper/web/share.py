"""Live view: a game's sheet on every phone at the table, no account needed.

The owner turns a share link on (or off) from the game page, which shows
the link and its QR code.  ``/s/<token>`` is read-only: the sheet, the
next-deal guide and the change log, with nothing that changes the game.
Its script asks ``/s/<token>/sheet`` with the ETag it holds, saying it can
wait (``Prefer: wait=25``), and asks again as soon as it is answered (at
most once a second); the answer is a 304 while nothing changed, and the
freshly rendered sheet when a hand was recorded, corrected or undone.
Nearly every ask is a 304, so those do not reach Flask or the database:
:mod:`scorekeeper.live` holds them until the game changes, and draws the
new sheet once per change in each process.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from typing import Any

import segno
from flask_babel import get_locale
from flask import (
    Blueprint, Flask, abort, flash, make_response, redirect, render_template, request, url_for,
)
from flask_babel import gettext as _
from flask_login import login_required
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import services
from ..live import asks
from ..models import Game
from .access import own_game
from .addresses import table_url
from .forms import confirmed
from .link_guesses import wrong_tokens_limited
from .sheet import page_asked, sheet_view

bp = Blueprint("share", __name__)

# Part of every ETag: a new release that renders the sheet differently
# must not be answered 304 for a sheet rendered by the old one.
RENDERING = "1"


@dataclass(frozen=True)
class SharePanel:
    """What the owner's game page shows of its live link."""

    url: str
    qr_svg: Markup


def share_panel(game: Game) -> SharePanel | None:
    """The game's live link (its full address as phones at the table reach the app) and QR code."""
    link = services.live_share_link(game)
    if link is None:
        return None
    url = table_url("share.show", token=link.token)
    return SharePanel(url=url, qr_svg=qr_svg(url, _("QR code of the live link")))


# The game page includes share/_panel.html, which asks for its game's panel.
bp.add_app_template_global(share_panel, "share_panel")


def latest_change(game: Game) -> str:
    """The game's last correction in a few words, for the live page to announce."""
    if not game.changes:
        return ""
    change = game.changes[-1]
    if change.action == "end":
        return _("Game ended by agreement")
    if change.action == "undo":
        return _("Hand %(number)s undone", number=change.hand_number)
    if change.action == "record":
        return _("Hand %(number)s recorded", number=change.hand_number)
    return _("Hand %(number)s corrected", number=change.hand_number)


@functools.lru_cache(maxsize=512)
def qr_svg(url: str, title: str) -> Markup:
    """The URL as a QR code, an inline SVG scaled by CSS (a white quiet zone, even in dark mode).

    ``title`` names it for screen readers, in the page's language.  Kept per URL and title
    (a link's code never changes): drawing it is 15 ms, more than half of the owner's game
    page, which shows it on every visit while the link is on."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=1, border=4, omitsize=True, dark="#000", light="#fff",
        svgclass="qr", lineclass="qr-modules", title=title,
    )
    # An image with a name (its <title>) for screen readers.
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))


# -- the owner: turn the link on and off ---------------------------------------


@bp.route("/games/<int:game_id>/share", methods=["POST"])
@login_required
def create(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        services.share_game(game)
        flash(_("Live link on: anyone at the table can scan the code to follow the sheet."), "success")
    return redirect(url_for("games.show", game_id=game.id, _anchor="share"), 303)


@bp.route("/games/<int:game_id>/share/revoke", methods=["POST"])
@login_required
def revoke(game_id: int) -> Response:
    game = own_game(game_id)
    if confirmed():
        if services.stop_sharing(game):
            flash(_("Live link turned off: it shows nothing now. A new one gets a new code."), "success")
        else:
            flash(_("This game had no live link."), "info")
    return redirect(url_for("games.show", game_id=game.id, _anchor="share"), 303)


# -- everyone at the table: the read-only sheet --------------------------------


@bp.route("/s/<token>")
@wrong_tokens_limited("token", services.is_share_token)
def show(token: str) -> Response:
    state = _state(token)
    if state is None:
        abort(404)
    etag, game = state
    page = render_template(
        "share/show.html", game=game, view=sheet_view(game, page=page_asked(request.args)),
        token=token, etag=f'"{etag}"', read_only=True, latest=latest_change(game),
    )
    return _private(make_response(page))


@bp.route("/s/<token>/sheet")
@wrong_tokens_limited("token", services.is_share_token)
def sheet(token: str) -> Response:
    """The live part of the page, or 304 while the game is as the phone last saw it."""
    state = _state(token)
    if state is None:
        abort(404)
    etag, game = state
    request.environ[asks.LEARNT] = (etag, game.id)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = make_response(render_template(
            "share/_live.html", game=game, view=sheet_view(game, page=page_asked(request.args)),
            token=token, read_only=True, latest=latest_change(game),
        ))
    response.set_etag(etag)
    return _private(response)


def _state(token: str) -> tuple[str, Game] | None:
    """The ETag of the state the shared sheet shows, and its game (seats and players with it),
    from one query; None for a dead link.

    The game's revision and time of last change move with every hand
    recorded, corrected or undone and with the game's end; the names move
    with a rename.  Nothing is replayed.
    """
    game = services.shared_game(token)
    if game is None:
        return None
    # The page asked for, with the revision, decides the page shown (the game's
    # hands decide where it clamps, and they move with the revision).
    # The language too: a phone that switched is sent the sheet in its new language, not a 304.
    state: list[Any] = [RENDERING, game.id, game.revision, game.updated_at.isoformat(), page_asked(request.args),
                        get_locale(), *game.names]
    digest = hashlib.sha256("\x1f".join(map(str, state)).encode()).hexdigest()[:20]
    return f"r{game.revision}-{digest}", game


def _private(response: Response) -> Response:
    """Asked again every time, kept by no shared cache, sent nowhere as a referrer, not indexed."""
    response.headers["Cache-Control"] = "no-cache, private"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


def init_app(app: Flask) -> None:
    """The live asks answered in front of Flask (:mod:`scorekeeper.live.asks`)."""
    asks.init_app(app)
