"""The front page: every rummy variant the engine knows, with its deal and options.

The engine describes variants as plain dicts (``scorekeeper.engine.variants()``);
this module turns each into the short sentences a player reads at the table, so
the template only loops.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from flask import Blueprint, render_template

from scorekeeper.engine import variants

bp = Blueprint("catalogue", __name__)


@cache
def catalogue_by_key() -> dict[str, dict[str, Any]]:
    """The engine's catalogue by key: fixed for the life of the process, so built once.

    Callers only read it.
    """
    return {variant["key"]: variant for variant in variants()}


@dataclass(frozen=True)
class OptionLine:
    key: str
    default: str
    choices: str
    help: str


@dataclass(frozen=True)
class VariantCard:
    key: str
    name: str
    summary: str
    players: str
    deal: tuple[str, ...]
    pack: tuple[str, ...]
    options: tuple[OptionLine, ...]


@bp.route("/variants")
def index() -> str:
    cards = [variant_card(variant) for variant in variants()]
    return render_template("catalogue/index.html", variants=cards)


def variant_card(variant: Mapping[str, Any]) -> VariantCard:
    return VariantCard(
        key=variant["key"],
        name=variant["name"],
        summary=variant["summary"],
        players=players_text(variant),
        deal=deal_parts(variant.get("cards_each") or {}),
        pack=pack_parts(variant.get("decks") or {}, variant.get("jokers") or {}),
        options=tuple(option_line(option) for option in variant.get("options") or ()),
    )


def option_line(option: Mapping[str, Any]) -> OptionLine:
    choices = option.get("choices") or ()
    return OptionLine(
        key=option["key"],
        default=option.get("default_text") or describe_value(option.get("default")),
        choices=", ".join(str(choice) for choice in choices),
        help=option.get("help") or "",
    )


def describe_value(value: object) -> str:
    """An option's value as a player would say it; ``None`` means "none"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def player_counts(variant: Mapping[str, Any]) -> list[int]:
    """Every number of players the variant is played by (Canasta: 2, 3, 4 and 6)."""
    return [int(n) for n in variant.get("player_counts") or range(variant["min_players"], variant["max_players"] + 1)]


def is_run(counts: list[int]) -> bool:
    """Whether the counts run without a gap (2 to 6), rather than skipping one (2, 3, 4 or 6)."""
    return counts == list(range(counts[0], counts[-1] + 1))


def either(numbers: list[int]) -> str:
    """``4``, ``4 or 6``, ``2, 3, 4 or 6``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def players_text(variant: Mapping[str, Any]) -> str:
    """``2–4 players``; ``2, 3, 4 or 6 players (4 and 6 in partnerships)`` where some counts
    are skipped or sit in sides (the catalogue's ``player_counts`` and ``sides``)."""
    counts = player_counts(variant)
    text = player_range(counts[0], counts[-1]) if is_run(counts) else f"{either(counts)} players"
    partnered = sorted(int(n) for n in variant.get("sides") or {})
    if partnered:
        text += f" ({' and '.join(map(str, partnered))} in partnerships)"
    return text


def player_range(low: int, high: int) -> str:
    """``player_range(3, 4)`` is ``"3–4 players"``."""
    if low == high:
        return plural(low, "player")
    return f"{low}–{high} players"


def deal_parts(cards_each: Mapping[str, object]) -> tuple[str, ...]:
    """Cards dealt to each player, equal neighbouring player counts merged.

    ``{"2": 10, "3": 7, "4": 7}`` reads ``("2 players: 10 cards", "3–4 players: 7 cards")``.
    """
    return tuple(
        f"{player_range(low, high)}: {plural(cards, 'card')}"
        for low, high, cards in runs_by_player_count(cards_each)
    )


def pack_parts(decks: Mapping[str, object], jokers: Mapping[str, object]) -> tuple[str, ...]:
    """Decks and printed jokers in play; the player counts are named only when the pack changes with them."""
    pack_by_count = {
        count: pack_size(number_of_decks, jokers.get(count, 0))
        for count, number_of_decks in decks.items()
    }
    runs = runs_by_player_count(pack_by_count)
    if len(runs) == 1:
        return (runs[0][2],)
    return tuple(f"{player_range(low, high)}: {pack}" for low, high, pack in runs)


def pack_size(decks: object, jokers: object) -> str:
    pack = plural(decks, "deck")
    if jokers:
        pack += f" and {plural(jokers, 'joker')}"
    return pack


def runs_by_player_count(by_count: Mapping[str, Any]) -> list[tuple[int, int, Any]]:
    """Group consecutive player counts with the same value: ``[(low, high, value), ...]``.

    Counts arrive as strings (JSON object keys) and are ordered as numbers, so
    "10" comes after "9"; a gap in the counts starts a new run.
    """
    runs: list[tuple[int, int, Any]] = []
    for count in sorted(by_count, key=int):
        players, value = int(count), by_count[count]
        if runs and runs[-1][1] == players - 1 and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], players, value)
        else:
            runs.append((players, players, value))
    return runs


def plural(number: object, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
