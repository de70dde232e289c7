"""Recording and correcting hands, and the live value of cards being picked.

The form's adapter to the use cases (:func:`scorekeeper.services.record_hand`,
:func:`~scorekeeper.services.correct_hand`): it reads the form, calls one,
and answers a refusal as every adapter does (:mod:`.refusals`), the message
beside the field it is about.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy.exc import OperationalError
from werkzeug.wrappers import Response

from .. import services
from ..engine import InvalidEntry, parse_cards, replay
from ..engine.bounds import MAX_HANDS
from ..engine.cards import CardError
from ..engine.entry_form import sitting_out
from ..engine.extras import left_out, left_out_words, pairings_of
from ..engine.games import get_variant
from ..models import Game, entry_for_engine
from . import DATABASE_BUSY, RETRY_AFTER, discard_session
from .access import kept_game, made_via
from .engine_words import shown
from .entry import EntryForm, repeated_cards, too_many_cards
from .refusals import REFUSED, refusal
from .catalogue import described
from .numbers import signed
from .note_words import in_language, listed
from .preview import MAX_PREVIEW_BYTES, mark_missing
from .preview import preview as preview_of
from .sheet import sheet_args

bp = Blueprint("hands", __name__, url_prefix="/games/<int:game_id>/hands")


def _form(game: Game, number: int) -> EntryForm:
    sheet = _sheet_for_form(game, number)
    out = _out_before(game, number, sheet)
    extras = get_variant(game.variant).extras
    aside = left_out(extras, sheet, number)  # who sits this hand out
    active = [n for n in game.names if n not in out and n not in aside]
    nxt = sheet["next"]
    rules = shown(described(game.variant, sheet["options"]))
    return EntryForm(rules, game.names, active, number, options=sheet["options"],
                     guide=sheet["guide"], pack=(nxt["decks"], nxt["jokers"]) if nxt else None,
                     sides=sheet.get("side_players"), upcoming=_upcoming(game, number, sheet, rules),
                     sitting_out=sitting_out(sheet, number),
                     pairings=pairings_of(rules["entry"].get("games_at_once", 1), sheet, number),
                     aside=left_out_words(extras, sheet, number))


def _upcoming(game: Game, number: int, sheet: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any] | None:
    """The sheet's ``next`` as hand ``number`` starts, where a field's label names a value of it
    (Phase 10's "Made phase 3"): the sheet's own for the next hand, the hands before's for one played."""
    if not any(spec.get("numbered_by") for spec in rules["entry"]["fields"]):
        return None
    if number > game.hands_count:
        return sheet["next"]
    try:
        before: dict[str, Any] | None = replay(game.log([h.entry for h in game.hands if h.number < number]))["next"]
    except InvalidEntry:
        return None
    return before


def _out_before(game: Game, number: int, sheet: dict[str, Any]) -> dict[str, int]:
    """Who is out of the game as hand ``number`` starts, before anyone re-enters it.

    For the next hand that is the sheet's ``eliminated``.  For a hand
    already played, the hands before it say: the sheet tells only who is out
    now, and a player may since have come back (Scala 40's rientro), and be
    out again.  So the form for the hand a player came back in still offers
    them the box to come back, ticked, rather than refusing their input.
    """
    if number > game.hands_count:
        return dict(sheet["eliminated"])
    try:
        before = replay(game.log([h.entry for h in game.hands if h.number < number]))
    except InvalidEntry:  # a stored log that no longer replays: as the sheet has it
        return {n: at for n, at in sheet["eliminated"].items() if at < number}
    return dict(before["eliminated"])


def _sheet_for_form(game: Game, number: int) -> dict[str, Any]:
    """The sheet that says who plays hand ``number`` and under which rules.

    A game whose stored log no longer replays (a row stored before imports
    were checked) still opens its forms, so the bad hand can be corrected:
    the hands before this one, else the game before any hand, say it.
    """
    try:
        return services.sheet_of(game)
    except InvalidEntry:
        pass
    try:
        return replay(game.log([h.entry for h in game.hands if h.number < number]))
    except InvalidEntry:
        return replay(game.log([]))


@bp.route("/new", methods=["GET", "POST"])
def new(game_id: int) -> str | tuple[str, int] | tuple[str, int, dict[str, str]] | Response:
    game = kept_game(game_id)
    if game.status == "finished":
        flash(_("This game is over; start a rematch to play on."), "info")
        return redirect(url_for("games.show", game_id=game.id), 303)
    if request.method == "GET":
        form = _form(game, game.hands_count + 1)
        form.token = secrets.token_urlsafe(16)
        return render_template("hands/entry.html", game=game, form=form, editing=False)
    expected = _int(request.form.get("expected")) or game.hands_count + 1
    form = _form(game, expected)
    form.load_post(request.form)
    entry = form.to_entry()
    status = 422
    if entry is None:
        mark_missing(form, game, expected)
    else:
        try:
            sheet = services.record_hand(game, entry, token=form.token, expected=expected, via=made_via())
        except services.AlreadyRecorded as already:
            flash(already.message, "info")
            return redirect(url_for("games.show", game_id=game.id, _anchor=f"hand-{already.number}"), 303)
        except services.StaleHand as stale:
            # The form again, for the hand that comes next now (the hand just
            # recorded may have put a player out), with this phone's typing.
            form = _form(game, stale.recorded + 1)
            form.load_post(request.form)
            status = refuse(form, stale)
        except REFUSED as error:
            status = refuse(form, error)
        except OperationalError:
            return _try_again(game_id, form)
        else:
            row = sheet["hands"][-1]
            flash(_saved_message(row), "success")
            # game_id, not game.id: the commit expired the row, and reading it
            # back only to build a link would cost two queries.
            return redirect(url_for("games.show", game_id=game_id, _anchor=f"hand-{row['number']}"), 303)
    return render_template("hands/entry.html", game=game, form=form, editing=False), status


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: int, number: int) -> str | tuple[str, int] | Response:
    game = kept_game(game_id)
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        flash(_("This game has no hand %(number)s.", number=number), "error")
        return redirect(url_for("games.show", game_id=game.id), 303)
    form = _form(game, number)
    if request.method == "GET":
        try:
            names = game.names
            form.load_entry(entry_for_engine(hand.entry, names, game.side_names(names)))
        except (AttributeError, LookupError, TypeError, ValueError):
            # A row stored before imports were checked: typed again, it mends the game.
            form = _form(game, number)
            form.errors["form"] = _("Hand %(number)s as stored cannot be read; enter it again to correct it.",
                                    number=number)
        return render_template("hands/entry.html", game=game, form=form, editing=True)
    form.load_post(request.form)
    entry = form.to_entry()
    status = 422
    if entry is None:
        mark_missing(form, game, number)
    else:
        try:
            services.correct_hand(game, number, entry, via=made_via())
        except REFUSED as error:
            status = refuse(form, error, correcting=number)
        else:
            flash(_("Hand %(number)s corrected; every total after it is recomputed.", number=number), "success")
            # The page with the corrected hand on it (Any: url_for's own keywords are typed).
            shown: dict[str, Any] = sheet_args(number, game.hands_count)
            return redirect(url_for("games.show", game_id=game.id, _anchor=f"hand-{number}", **shown), 303)
    return render_template("hands/entry.html", game=game, form=form, editing=True), status


@bp.route("/preview")
def preview(game_id: int) -> Response | tuple[Response, int]:
    """What typed cards are worth here: ``{"value": 16, "melds": [...]}`` or an error."""
    game = kept_game(game_id)
    variant = get_variant(game.variant)
    if variant.own_pack is not None:  # cards of the game's own (Phase 10's): the game reads them
        number = _int(request.args.get("number")) or game.hands_count + 1
        shown = variant.preview_own(request.args.get("cards", ""),
                                    _sheet_for_form(game, game.hands_count + 1)["options"],
                                    went_out=request.args.get("out") == "1", number=min(max(number, 1), MAX_HANDS))
        return (jsonify(error=in_language(shown["error"])), 422) if "error" in shown else jsonify(shown)
    try:
        cards = parse_cards(request.args.get("cards", ""))
    except CardError as error:
        return jsonify(error=in_language(error.args[0])), 422
    sheet = _sheet_for_form(game, game.hands_count + 1)
    options = sheet["options"]
    rules = described(game.variant, options)
    too_many = too_many_cards(rules, request.args.get("cards", ""))
    if too_many:
        return jsonify(error=in_language(too_many)), 422
    nxt = sheet["next"]
    players = str(len(game.names))
    decks, jokers = (nxt["decks"], nxt["jokers"]) if nxt else (int(rules["decks"][players]), int(rules["jokers"][players]))
    repeated = repeated_cards(cards, decks=decks, jokers=jokers, game=rules["name"])
    if repeated:
        return jsonify(error=in_language(repeated)), 422
    number = _int(request.args.get("number")) or game.hands_count + 1
    # The hand's choices as typed so far (the deal's wild rank, an upcard): they may change a value.
    choices = {c["key"]: request.args[c["key"]] for c in rules["entry"]["choices"] if request.args.get(c["key"])}
    shown = variant.preview(cards, options, choices, went_out=request.args.get("out") == "1",
                            number=min(max(number, 1), MAX_HANDS))
    if "error" in shown:
        shown["error"] = in_language(shown["error"])
    return jsonify(shown)


@bp.route("/preview", methods=["POST"])
def preview_hand(game_id: int) -> Response | tuple[Response, int]:
    """What saving the entry form as it stands would give, from the engine, saving nothing.

    The form's own fields (CSRF token and all), read as a save reads them;
    ``expected`` says which hand (the next one, or the one being corrected).
    ``{"ready": true, "line": "Saving gives Ann +71.", "notes": [...], "seats": {...}}``,
    or ``{"ready": false, "line": ..., "errors": {...}}`` with a save's messages.
    """
    if (request.content_length or 0) > MAX_PREVIEW_BYTES:
        return jsonify(error=_("A hand's form is at most %(size)s KiB.", size=MAX_PREVIEW_BYTES // 1024)), 413
    game = kept_game(game_id)
    number = _int(request.form.get("expected"))
    if number is None or not 1 <= number <= min(game.hands_count + 1, MAX_HANDS):
        return jsonify(error=_("Reload the form: this hand is not one of the game's."), ready=False), 409
    if game.status == "finished" and number > game.hands_count:
        return jsonify(error=_("This game is over."), ready=False), 409
    form = _form(game, number)
    form.load_post(request.form)
    try:
        shown = preview_of(form, game, number)
    except InvalidEntry:  # the game's stored log no longer replays: no preview, the save says why
        return jsonify(error=_("No preview for this game."), ready=False), 409
    return jsonify(shown)


def refuse(form: EntryForm, error: services.ServiceError | InvalidEntry, *, correcting: int | None = None) -> int:
    """Put a use case's refusal on the form, as every adapter words it (:func:`.refusals.refusal`):
    beside the player or control the engine names, else at the top.  Its status."""
    answer = refusal(error, correcting=correcting)
    if answer.whole or not isinstance(error, InvalidEntry):
        form.errors["form"] = answer.message
    else:
        form.add_engine_error(error)
    form.refusal = answer.code
    return answer.status


@dataclass(frozen=True)
class _GameLink:
    """All the entry page needs of its game: where its links go."""

    id: int


def _try_again(game_id: int, form: EntryForm) -> tuple[str, int, dict[str, str]]:
    """The database was locked past the wait, or gone: nothing was written.

    The form comes back as typed with its one-time token, so saving it again
    records the hand once.  The failed write expired every row this request
    read, and reading one back needs that database: the page is drawn from
    the form and the game's id alone.
    """
    discard_session()
    form.errors["form"] = str(DATABASE_BUSY)
    page = render_template("hands/entry.html", game=_GameLink(game_id), form=form, editing=False)
    return page, 503, {"Retry-After": RETRY_AFTER}


def _int(text: str | None) -> int | None:
    try:
        return int(text or "")
    except ValueError:
        return None


def _saved_message(row: dict[str, Any]) -> str:
    gains = [f"{name} {signed(score)}" for name, score in row["scores"].items() if score]
    if gains:
        return _("Hand %(number)s saved: %(scores)s.", number=row["number"], scores=listed(gains))
    return _("Hand %(number)s saved.", number=row["number"])
