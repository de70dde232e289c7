"""The front page: every rummy variant the engine knows, with its deal and options.

The engine describes variants as plain dicts (``scorekeeper.engine.variants()``);
this module turns each into the short sentences a player reads at the table, so
the template only loops.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.engine import entry_of, game_name, variants
from scorekeeper.engine.games import when_registry_changes

from .engine_words import shown, word

bp = Blueprint("catalogue", __name__)


@cache
def catalogue_by_key() -> dict[str, dict[str, Any]]:
    """The engine's catalogue by key: fixed for the life of the process, so built once.

    Callers only read it.
    """
    return {variant["key"]: variant for variant in variants()}


def _forget() -> None:
    catalogue_by_key.cache_clear()
    _described.cache_clear()


def built_in() -> list[dict[str, Any]]:
    """The games the engine knows by their rules, in catalogue order."""
    return [variant for variant in catalogue_by_key().values() if not variant["defined_by_table"]]


def defined_by_table() -> list[dict[str, Any]]:
    """The games a table defines for itself (``house``): "Your own game"."""
    return [variant for variant in catalogue_by_key().values() if variant["defined_by_table"]]


def described(key: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The variant's catalogue entry under a game's effective options (its sheet's): the
    name, who wins and how a hand is entered may follow them (a house game's do)."""
    return _described(key, json.dumps(options, sort_keys=True))


@lru_cache(maxsize=256)
def _described(key: str, options_json: str) -> dict[str, Any]:
    options = json.loads(options_json)
    return {**catalogue_by_key()[key], "name": game_name(key, options), "entry": entry_of(key, options)}


def game_title(variant: str, options: Mapping[str, Any] | None) -> str:
    """A game's name as its sheet gives it, from its stored options (a house game's own name),
    in the page's language where the engine's catalogue has it."""
    return word(game_name(variant, options or {}))


#: between a variant's key and a name in a game filter's value: ``house:Our Marriage``
NAMED = ":"


def game_choice(variant: str, title: str) -> str:
    """A game filter's value for the games of one name: the variant's key, or, for a game
    the table defines, ``key:name`` (the games of that name only)."""
    found = catalogue_by_key().get(variant)
    if found is not None and found["defined_by_table"] and title:
        return f"{variant}{NAMED}{title}"
    return variant


def read_game_choice(value: str) -> tuple[str, str] | None:
    """A game filter's value as (variant, name), name "" for every game of the variant;
    None when the value names no variant."""
    key, _, title = value.partition(NAMED)
    found = catalogue_by_key().get(key)
    if found is None or (title and not found["defined_by_table"]):
        return None
    return key, title.strip()


def game_choices(named: list[tuple[str, str]]) -> list[dict[str, str]]:
    """What a game filter offers (``key`` its value, ``name`` its words): every game of the
    catalogue, then each name the account's own games go by."""
    own = [{"key": game_choice(variant, title), "name": title} for variant, title in named]
    return [*({"key": v["key"], "name": word(v["name"])} for v in catalogue_by_key().values()), *own]


def worded(message: str, options: list[Mapping[str, Any]]) -> str:
    """An engine message about options with each option's key in its words: ``"Out at" needs
    "Who wins"...`` (a form shows its message next to the labelled field)."""
    for option in sorted(options, key=lambda o: -len(o["key"])):
        message = re.sub(rf"\b{re.escape(option['key'])}\b", f'"{option["label"]}"', message)
    return message[:1].upper() + message[1:]


def value_words(option: Mapping[str, Any], value: Any) -> str:
    """A house rule's value as a player says it: the words of a choice or of yes and no
    (never a raw key such as ``zero_sum``), ``none``, a table's values listed."""
    labels = option.get("labels") or []
    if option["type"] == "bool" and labels and isinstance(value, bool):
        return str(labels[0 if value else 1])
    if option["type"] == "choice" and labels and value in option["choices"]:
        return str(labels[option["choices"].index(value)])
    if isinstance(value, str) and value in (option.get("also") or ()):
        return _("%(word)s value", word=value)  # "face value"
    if option["type"] == "table" and isinstance(value, Mapping):
        parts = option.get("parts") or []
        named = {part["key"] for part in parts}
        # the values a table takes beyond its parts (its ``more``: a rank, a card), as given: "7 20, QS 100"
        more = [f"{key} {describe_value(number)}" for key, number in value.items() if key not in named]
        return ", ".join([*(f"{part['label']} {value_words(part, value.get(part['key']))}" for part in parts), *more])
    if option["type"] == "list" and isinstance(value, list):
        parts = option.get("parts") or []
        return "; ".join(f"{number}. " + ", ".join(f"{part['label']} {value_words(part, item.get(part['key']))}"
                                                    for part in parts)
                         for number, item in enumerate(value, start=1) if isinstance(item, Mapping))
    return describe_value(value)


@dataclass(frozen=True)
class OptionLine:
    key: str
    default: str
    choices: str
    help: str
    bounds: str = ""


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
    from .presets import close_cards, exact_cards  # the presets are worded with this module's helpers

    cards = [variant_card(shown(variant)) for variant in variants()]
    return render_template("catalogue/index.html", variants=cards, presets=exact_cards(), close=close_cards())


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
    """An option as the front page lists it: its key (the API's), its default, and each choice
    with its words where it has them (``own (Each player scores their own hand)``)."""
    choices = list(option.get("choices") or ())
    if option["type"] == "bool" and option.get("labels"):
        choices = [True, False]
    words = option.get("labels") or []
    if option.get("required"):
        default = _("none: the table gives it")
    elif option["type"] == "table":
        default = value_words(option, option.get("default"))
    else:
        default = option.get("default_text") or describe_value(option.get("default"))
    return OptionLine(
        key=option["key"],
        default=default,
        choices=", ".join(f"{describe_value(choice)} ({words[i]})" if words else str(choice)
                          for i, choice in enumerate(choices)),
        help=option.get("help") or "",
        bounds=bounds_words(option),
    )


def bounds_words(option: Mapping[str, Any]) -> str:
    """What an option may hold, as the front page says it: ``from 1 to 10``, ``1 to 40 characters``,
    ``1 to 30 deals, each: cards from 1 to 30, contract 0 to 80 characters``; "" where a list of
    choices says it (or nothing bounds it)."""
    low, high = option.get("minimum"), option.get("maximum")
    if option.get("choices") or low is None or high is None:
        return ""
    if option["type"] == "text":
        return _("%(low)s to %(high)s characters", low=low, high=high)
    if option["type"] == "list":
        each = ", ".join(f"{str(part.get('label') or part['key']).lower()} {bounds_words(part)}"
                         for part in option.get("parts") or [] if bounds_words(part))
        items = _("%(low)s to %(high)s %(items)s", low=low, high=high, items=option.get("items") or _("records"))
        return _("%(items)s, each: %(each)s", items=items, each=each) if each else items
    return _("from %(low)s to %(high)s", low=low, high=high)


def describe_value(value: object) -> str:
    """An option's value as a player would say it; ``None`` means "none"."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
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
    return words[0] if len(words) == 1 else _("%(some)s or %(last)s", some=", ".join(words[:-1]), last=words[-1])


def players_text(variant: Mapping[str, Any]) -> str:
    """``2–4 players``; ``2, 3, 4 or 6 players (4 and 6 in partnerships)`` where some counts
    are skipped or sit in sides (the catalogue's ``player_counts`` and ``sides``)."""
    counts = player_counts(variant)
    text = player_range(counts[0], counts[-1]) if is_run(counts) else ngettext(
        "%(counts)s player", "%(counts)s players", counts[-1], counts=either(counts))
    partnered = sorted(int(n) for n in {**(variant.get("sides") or {}), **(variant.get("uneven_sides") or {})})
    if partnered:
        words = [str(n) for n in partnered]
        joined = words[0] if len(words) == 1 else _("%(some)s and %(last)s", some=", ".join(words[:-1]),
                                                    last=words[-1])
        text = _("%(players)s (%(counts)s in partnerships)", players=text, counts=joined)
    return text


def player_range(low: int, high: int) -> str:
    """``player_range(3, 4)`` is ``"3–4 players"``."""
    if low == high:
        return ngettext("%(num)d player", "%(num)d players", low)
    return ngettext("%(low)s–%(high)s player", "%(low)s–%(high)s players", high, low=low, high=high)


def deal_parts(cards_each: Mapping[str, object]) -> tuple[str, ...]:
    """Cards dealt to each player, equal neighbouring player counts merged.

    ``{"2": 10, "3": 7, "4": 7}`` reads ``("2 players: 10 cards", "3–4 players: 7 cards")``.
    """
    return tuple(
        f"{player_range(low, high)}: {_cards(cards)}"
        for low, high, cards in runs_by_player_count(cards_each)
    )


def _cards(cards: int) -> str:
    return ngettext("%(num)d card", "%(num)d cards", cards)


def pack_parts(decks: Mapping[str, int], jokers: Mapping[str, int]) -> tuple[str, ...]:
    """Decks and printed jokers in play; the player counts are named only when the pack changes with them."""
    pack_by_count = {
        count: pack_size(number_of_decks, jokers.get(count, 0))
        for count, number_of_decks in decks.items()
    }
    runs = runs_by_player_count(pack_by_count)
    if len(runs) == 1:
        return (runs[0][2],)
    return tuple(f"{player_range(low, high)}: {pack}" for low, high, pack in runs)


def pack_size(decks: int, jokers: int) -> str:
    pack = ngettext("%(num)d deck", "%(num)d decks", decks)
    if jokers:
        return _("%(decks)s and %(jokers)s", decks=pack, jokers=ngettext("%(num)d joker", "%(num)d jokers", jokers))
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


when_registry_changes(_forget)  # a variant registered or removed: the catalogue is built again
