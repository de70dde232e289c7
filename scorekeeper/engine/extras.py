"""What a game carries on its sheet beyond every game's shape, declared by the game.

Every sheet has the same keys (:mod:`.sheet`); a game may carry more: the
next deal's contract (Contract), each side's minimum first meld (Canasta),
a column of its own in each hand's row, or several games played at once
(Hollywood's I, II and III).  The game declares them on its class
(:attr:`~.games.base.Variant.extras`, :attr:`~.games.base.Variant.boards`)
and makes their values in its hooks (``next_extras``, ``hand_extras``,
``sheet_extras``); the pages draw them from the declaration, without
knowing which game it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .bounds import shown
from .declare import Note
from .notes import ENGLISH

#: where an extra's value is: the next deal's guidance (the sheet's ``next``), each hand's row (a
#: column of its own), each hand's row drawn in each column's cell (a value per column), the sheet
#: itself beside each column's total (a value per column), or the sheet as a line of its own
Where = Literal["next", "row", "cell", "total", "sheet"]


@dataclass(frozen=True)
class Extra:
    """A value of the game's own: its key, its label, and where the sheet holds it.

    ``where`` "next": a key of the sheet's ``next``, written into the next
    deal's line as ``Label: value`` unless the game words that line itself
    (its ``next_words`` or ``next_line``).  ``where`` "row": a key of each
    hand's row, drawn as a column of the sheet after the players' columns.
    A value is one for the deal, or one for each column (player or side),
    written ``Ann 3, Bob 5``.  ``where`` "cell": a key of each hand's row
    holding a value for each column, drawn in that column's cell under what
    the hand scored (Marriage's maal net plus payments, ``31+16``); the
    label says what it is under the sheet.
    ``where`` "total": a key of the sheet mapping
    each column to a value, written under that column's total as ``Label
    value`` (Phase 10's ``phase 8``).  ``where`` "sheet": a key of the sheet
    written as a line of its own over the sheet, ``Label: value`` (Phase 10's
    closest to winning); nothing where the value is null.

    ``everywhere``: the API has always given this key in every game's
    ``next``, null where the game has none (Contract's ``contract``); the
    replay keeps giving it so.

    ``leaves_out``: the value names players who take no part in that hand
    (one who sits it out): the entry form for the hand leaves them out
    (see :func:`left_out`).
    """

    key: str
    label: str
    where: Where = "next"
    everywhere: bool = False
    leaves_out: bool = False

    @property
    def note(self) -> str:
        """The key of its words in the next deal's line (``next.contract``), a note whose sentence
        is :attr:`sentence`: the registry's games list them (:data:`.games.NOTES`)."""
        return f"next.{self.key}"

    @property
    def sentence(self) -> str:
        """Its words in the next deal's line, the value as ``{value}``: ``Contract: {value}``."""
        return f"{self.label}: {{value}}"


@dataclass(frozen=True)
class Boards:
    """Several games played at once on one sheet, each with a column per player.

    ``sheet_key``: the sheet's key holding each game's ``totals``,
    ``winner`` and ``open`` by its title; ``entered_key``: a row's key
    listing the games the hand was entered in; ``totals_key``: a row's key
    holding each game's running totals after the hand.  ``label`` names a
    game over its columns (``Game {title}``).
    """

    sheet_key: str
    entered_key: str
    totals_key: str
    label: str = "Game {title}"


def extra_text(value: Any) -> str:
    """An extra's value as the sheet writes it: ``2 sets``, ``Ann 3, Bob 5``, ``I, II``; "" for none."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return ", ".join(f"{name} {extra_text(one)}" for name, one in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(extra_text(one) for one in value)
    if isinstance(value, str):
        return value
    return shown(value)


def extra_words(extras: Iterable[Extra], values: Mapping[str, Any]) -> list[str]:
    """The next deal's words for the declared ``next`` extras: ``["Contract: 2 sets"]``, each a note
    (a game registered later, a test's, has no sentences listed: its words are the English)."""
    return [Note(extra.note, value=text) if extra.note in ENGLISH else extra.sentence.format(value=text)
            for extra in extras
            if extra.where == "next" and (text := extra_text(values.get(extra.key)))]


def of_hand(sheet: Mapping[str, Any], number: int) -> tuple[Mapping[str, Any], Where]:
    """Where the sheet keeps hand ``number``'s values: its ``next`` for the next hand, the
    hand's row for one played."""
    rows = sheet.get("hands") or []
    if number > len(rows):
        return sheet.get("next") or {}, "next"
    return rows[number - 1], "row"


#: the key of the sheet's ``next`` and of each row that gives each game's two players, where a
#: hand is several games at once (a variant's ``games_at_once``)
PAIRINGS = "pairings"


def pairings_of(games_at_once: int, sheet: Mapping[str, Any], number: int) -> list[list[str]] | None:
    """Each game's two players in hand ``number``, where the hand is several games at once; else None."""
    if games_at_once < 2:
        return None
    value = of_hand(sheet, number)[0].get(PAIRINGS)
    return [list(pair) for pair in value] if value else None


def left_out_words(extras: Iterable[Extra], sheet: Mapping[str, Any], number: int) -> list[str]:
    """Who hand ``number`` leaves out, as its entry form names them: ``["Sits out: Cara"]``."""
    values, where = of_hand(sheet, number)
    return [f"{extra.label}: {text}" for extra in extras
            if extra.leaves_out and extra.where == where and (text := extra_text(values.get(extra.key)))]


def left_out(extras: Iterable[Extra], sheet: Mapping[str, Any], number: int) -> set[str]:
    """The players hand ``number`` leaves out, as the ``leaves_out`` extras name them: the
    sheet's ``next`` for the next hand, the hand's row for one played."""
    values, where = of_hand(sheet, number)
    named: set[str] = set()
    for extra in extras:
        if extra.leaves_out and extra.where == where:
            value = values.get(extra.key)
            named.update([value] if isinstance(value, str) else value or ())
    return named


__all__ = ["PAIRINGS", "Boards", "Extra", "Where", "extra_text", "extra_words", "left_out", "left_out_words", "of_hand",
           "pairings_of"]
