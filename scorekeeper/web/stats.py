"""Player statistics: a table across the account's players, and one player's page.

Every number is a sum over the games' SeatResult and SeatMoment rows (a
GROUP BY query each, see :mod:`scorekeeper.stats`); no game is replayed
here.  A game's moments are shown under the headings its catalogue entry
declares.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext as _
from flask_login import current_user, login_required

from .. import stats
from .access import own_player
from .catalogue import catalogue_by_key, game_choice, read_game_choice
from .engine_words import word
from .history import account_games

bp = Blueprint("stats", __name__, url_prefix="/stats")


def variant_name(key: str, lowest_wins: bool = False, title: str = "") -> str:
    """The game's name: a house game's own (``title``), else the variant's, where a
    lowest-wins way of playing a highest-wins game says so."""
    variant = catalogue_by_key().get(key, {})
    if title and variant.get("defined_by_table"):
        return title
    name = word(variant.get("name", key))
    if lowest_wins and not variant.get("lowest_wins"):
        name = _("%(game)s (lowest wins)", game=name)
    return name


def best_means(lowest_wins: bool) -> str:
    return _("lowest hand score") if lowest_wins else _("highest hand score")


def _page_basics() -> dict[str, Any]:
    return {
        "moments": stats.MOMENTS, "variant_moments": stats.VARIANT_MOMENTS,
        "variant_name": variant_name, "best_means": best_means, "game_choice": game_choice,
    }


@bp.route("/")
@login_required
def index() -> tuple[str, int]:
    variant = request.args.get("variant", "").strip()
    error = ""
    picked = read_game_choice(variant) if variant else None
    if variant and picked is None:
        error = _("There is no game called %(name)s: pick one from the list.", name=repr(variant))
    chosen = "" if error else variant
    key, title = picked or ("", "")
    lines = stats.table_lines(current_user.id, key, title)
    # What "best" means in this table: a player who played a game both ways
    # (Basic, winner and penalty scoring) has no best hand here at all.
    ways = {line.lowest_wins for line in lines if line.best_hand is not None}
    html = render_template(
        "stats/index.html", variant=variant, chosen=chosen, error=error, lines=lines,
        best_note=best_means(ways.pop()) if len(ways) == 1 else "",
        pairs=[pair for pair in stats.head_to_head(current_user.id)
               if not chosen or (pair.variant == key and (not title or pair.title == title))],
        catalogue=account_games(current_user.id), chosen_key=key, chosen_name=variant_name(key, title=title),
        **_page_basics(),
    )
    return html, 422 if error else 200


@bp.route("/players/<int:player_id>")
@login_required
def player(player_id: int) -> str:
    found = own_player(player_id)
    lines = stats.player_lines(current_user.id, found.id)
    return render_template(
        "stats/player.html", player=found, lines=lines, total=stats.player_total(lines),
        rivals=stats.head_to_head(current_user.id, found.id), **_page_basics(),
    )
