"""What a hand on the entry form would score, before it is saved: the engine's row, never stored.

The entry form's fields are read exactly as a save reads them
(:meth:`~.entry.EntryForm.load_post`, :meth:`~.entry.EntryForm.to_entry`),
then the engine plays the hand on the game so far (the next hand) or in
place of the recorded one (a correction), on a copy: nothing is written.
:func:`hand_row` is also how a refused save finds every player still
without input when the form has its own mistakes too
(:func:`mark_missing`).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ..engine import InvalidEntry, Replay
from ..engine.extras import extra_text
from ..engine.games import get_variant
from ..models import Game
from ..sheet_cache import replayed
from .entry import EntryForm
from .numbers import number as shown_number
from .numbers import signed
from .note_words import listed, written

#: the most a preview's form may weigh: a hand's fields, cards and all, are a few KiB
MAX_PREVIEW_BYTES = 64 * 1024


class NotThisHand(Exception):
    """The form is for a hand that is neither recorded nor the next one (another phone saved)."""


def hand_row(game: Game, number: int, entry: dict[str, Any]) -> dict[str, Any]:
    """The engine's row for ``entry`` as hand ``number`` (the next hand, or one recorded), or
    :class:`InvalidEntry`; :class:`NotThisHand` for a form older than the game."""
    if number == game.hands_count + 1:
        following = replayed(game).after(entry)
    elif 1 <= number <= game.hands_count:
        before = [h.entry for h in game.hands if h.number < number]
        following = Replay.of(game.log(before)).after(entry)
    else:
        raise NotThisHand(number)
    rows = following.sheet()["hands"]
    return dict(rows[-1])


def mark_missing(form: EntryForm, game: Game, number: int) -> None:
    """A form refused for its own mistakes: mark too every player the engine finds without input.

    The entry as far as it reads (a seat with a mistake left out) is asked of
    the engine; only its missing inputs are kept, for seats not marked already.
    """
    entry = form.partial
    if entry is None:
        return
    try:
        hand_row(game, number, entry)
    except InvalidEntry as error:
        if error.code == "missing_input" and error.missing:
            form.add_missing(error.missing)
    except NotThisHand:
        pass


def preview(form: EntryForm, game: Game, number: int) -> dict[str, Any]:
    """The preview's answer: ``ready`` with the scores' line, notes and each seat's value,
    or not, with what stands in the way (the messages a save would give)."""
    entry = form.to_entry()
    row: dict[str, Any] | None = None
    if entry is not None:
        try:
            row = hand_row(game, number, entry)
        except InvalidEntry as error:
            form.add_engine_error(error)
        except NotThisHand:
            form.errors["form"] = _("Another phone has saved a hand since this form was opened: reload it.")
    else:
        mark_missing(form, game, number)
    if row is None:
        return {"ready": False, "line": waiting_line(form), "errors": dict(form.errors), "notes": [], "seats": {}}
    return {
        "ready": True,
        "line": saving_line(row["scores"]),
        "scores": row["scores"],
        "notes": written(row["notes"], row.get("note_keys")),
        "errors": {},
        "seats": seat_values(form, row["details"], own_values(game, row)),
    }


def own_values(game: Game, row: dict[str, Any]) -> dict[str, str]:
    """Each column's values of the game's own in this hand (its declared cell extras), labelled:
    ``{"Ann": "The maal net and the payments: 31+16"}``."""
    shown: dict[str, list[str]] = {}
    for extra in get_variant(game.variant).extras:
        values = row.get(extra.key) if extra.where == "cell" else None
        if not isinstance(values, dict):
            continue
        for name, value in values.items():
            text = extra_text(value)
            if text:
                label = f"{extra.label[:1].upper()}{extra.label[1:]}"
                shown.setdefault(name, []).append(_("%(label)s: %(value)s", label=label, value=text))
    return {name: "; ".join(parts) for name, parts in shown.items()}


def saving_line(scores: dict[str, Any]) -> str:
    """``Saving gives Ann +71, Bob -5.``: every column the hand changes."""
    gains = [f"{name} {signed(score)}" for name, score in scores.items() if score]
    return _("Saving gives %(scores)s.", scores=listed(gains)) if gains else _("Saving gives nobody any points.")


def waiting_line(form: EntryForm) -> str:
    """What stands between the form and a save, in one line."""
    missing = [seat for seat in form.seats if seat.missing]
    if missing and len(missing) == len(form.errors):
        return _("Still to enter: %(names)s.", names=listed(seat.name for seat in missing))
    first = next(iter(form.errors.values()), "")
    return _("Not ready to save: %(problem)s", problem=first) if first else ""


def seat_values(form: EntryForm, details: dict[str, Any], own: dict[str, str] | None = None) -> dict[str, str]:
    """Each seat's value as the rules count it in this hand (a defender's after laying off), by
    seat number, for the players whose details the engine gives; else the game's own values
    for them (``own``: see :func:`own_values`), where it has some."""
    values: dict[str, str] = {}
    for seat in form.seats:
        detail = details.get(seat.name)
        if not isinstance(detail, dict) or detail.get("value") is None:
            if own and own.get(seat.name):
                values[str(seat.index)] = own[seat.name]
            continue
        text = _("Counts %(value)s in this hand", value=shown_number(detail["value"]))
        laid_off = detail.get("laid_off")
        if laid_off:
            text = _("Counts %(value)s after laying off %(cards)s", value=shown_number(detail["value"]),
                     cards=" ".join(map(str, laid_off)))
        values[str(seat.index)] = text
    return values
