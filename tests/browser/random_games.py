"""Seeded random games of every variant, made from what each variant declares.

Nothing here knows a variant by its key except the table-defined game, which
needs a definition: the players, the pack, the entry fields, choices,
statuses and side fields all come from the catalogue
(``scorekeeper.engine.variants()``).  Each hand is drawn at random and kept
only when the server's engine takes it (up to a number of tries), so most
games are valid games of a few hands with notes of every kind; some are
ended by agreement, and some end with one more hand the engine refuses, so
that refusals are compared too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scorekeeper.engine import InvalidEntry, Replay, entry_of, variants
from scorekeeper.engine.entry_form import sitting_out
from scorekeeper.engine.extras import left_out, pairings_of
from scorekeeper.engine.games import get_variant

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"
NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
TRIES = 30
# The table-defined game, by two definitions: points as the table counts them, and cards by its own values.
HOUSE_DEFINITIONS = [
    {"name": "Our Marriage", "entry": "points", "scoring": "own", "lowest_wins": True},
    {"name": "Tres y Dos", "entry": "cards", "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": "face",
                                                          "joker": 25},
     "jokers": 2, "scoring": "winner_takes", "going_out_bonus": -10, "lowest_wins": False, "target": 150},
]
# Ints that end a game sooner when small, so that endings, eliminations and settlements come up.
ENDING_OPTIONS = {"target", "eliminate_at"}


def pack(decks: int, jokers: int, own: dict[str, Any] | None = None) -> list[str]:
    """The cards in play: the game's own pack where it has one (the catalogue's ``own_cards``)."""
    if own:
        return [face["card"] for row in own["rows"] for face in row["cards"] for _ in range(face["most"])]
    return [f"{rank}{suit}" for suit in SUITS for rank in RANKS] * decks + ["JK"] * jokers


def _options(rng: random.Random, variant: dict[str, Any]) -> dict[str, Any]:
    if variant["defined_by_table"]:
        return dict(rng.choice(HOUSE_DEFINITIONS))
    options: dict[str, Any] = {}
    for option in variant["options"]:
        if option["key"] in ENDING_OPTIONS and option["type"] == "int" and rng.random() < 0.6:
            low = max(option["minimum"] or 1, 30)
            options[option["key"]] = rng.randint(low, rng.choice([250, 2000]))
        elif option["type"] == "choice" and rng.random() < 0.3:  # a style of its own (Modern Canasta)
            options[option["key"]] = rng.choice(option["choices"])
    return options


def _sides(rng: random.Random, variant: dict[str, Any], players: list[str]) -> list[list[str]] | None:
    uneven = (variant.get("uneven_sides") or {}).get(str(len(players)))
    if uneven:  # one side of each size, seated anyhow: the first seats the first side
        shuffled = rng.sample(players, len(players))
        return [shuffled[sum(uneven[:i]):sum(uneven[:i + 1])] for i in range(len(uneven))]
    sizes = (variant["sides"] or {}).get(str(len(players)))
    if not sizes:
        return None
    size = rng.choice(sizes)
    count = len(players) // size
    return [players[first::count] for first in range(count)]


def _number(rng: random.Random, field: dict[str, Any], high: int = 60) -> int:
    low = field["minimum"] if field["minimum"] is not None else 0
    step = field["step"] or 1
    top = min(field["maximum"] if field["maximum"] is not None else high, low + high)
    if rng.random() < 0.5:
        top = min(top, low + 10)  # small counts: a knocker's, a low hand
    return low + step * rng.randint(0, max(0, (top - low) // step))


def _cards(rng: random.Random, deck: list[str], entry: dict[str, Any], *, exact: bool = True) -> str:
    if exact and entry.get("dealt"):
        size = entry["dealt"]
    elif exact and entry["exact_cards"]:
        size = entry["exact_cards"]
    else:
        size = rng.randint(0, min(entry["most_cards"] or 12, 12))
    size = min(size, len(deck))
    drawn = [deck.pop() for _ in range(size)]
    return " ".join(drawn)


def _player_input(rng: random.Random, entry: dict[str, Any], deck: list[str], *, went_out: bool) -> dict[str, Any]:
    given: dict[str, Any] = {}
    pairs: dict[str, list[dict[str, Any]]] = {}
    for field in entry["fields"]:
        if went_out and (field["out"] == "none" or (field["out"] == "optional" and rng.random() < 0.5)):
            continue
        if field["pair"]:
            pairs.setdefault(field["pair"], []).append(field)
            continue
        if field["kind"] == "flag" and went_out and field["out"] == "required":
            given[field["key"]] = True  # the player who went out has the switch on (Marriage's "showed")
            continue
        if field.get("turns_on") and not given.get(field["turns_on"]):
            continue  # a number that counts only with its switch on
        if not field["required"] and rng.random() < 0.2:
            continue
        given[field["key"]] = _value(rng, field, entry, deck)
    for fields in pairs.values():
        field = rng.choice(fields)
        given[field["key"]] = _value(rng, field, entry, deck)
    if not went_out and entry["statuses"] and rng.random() < 0.1:
        return dict(rng.choice(entry["statuses"])["input"])  # a status stands for the player's input
    return given


def _value(rng: random.Random, field: dict[str, Any], entry: dict[str, Any], deck: list[str]) -> Any:
    kind = field["kind"]
    if kind == "cards":
        return _cards(rng, deck, entry)
    if kind == "cards_or_points":
        return _cards(rng, deck, entry, exact=False) if rng.random() < 0.5 else _number(rng, field, 100)
    if kind == "number":
        return rng.randint(0, 3)
    if kind == "flag":
        return rng.random() < 0.7
    return _number(rng, field)


def _choice(rng: random.Random, choice: dict[str, Any], players: list[str]) -> Any:
    kind = choice["kind"]
    if kind == "flag":
        return True if rng.random() < 0.2 else None
    if kind == "rank":
        return rng.choice(RANKS) if rng.random() < 0.7 else None
    if kind == "card":
        return f"{rng.choice(RANKS)}{rng.choice(SUITS)}"
    if kind == "players":
        return [rng.choice(players)] if rng.random() < 0.05 else None
    if kind == "one_of":
        return rng.choice(choice["values"])["value"] if rng.random() < 0.1 else None
    return None


def _side_value(rng: random.Random, field: dict[str, Any]) -> Any:
    if field["kind"] == "flag":
        return rng.random() < 0.3
    if field["kind"] == "tally":
        return [rng.choice(field["among"])["value"] for _ in range(rng.randint(0, field["maximum"]))]
    return _number(rng, field, 600) if field["required"] else rng.randint(0, 2)


def random_entry(rng: random.Random, entry: dict[str, Any], players: list[str],
                 side_names: list[str], deck_of: list[str]) -> dict[str, Any]:
    """One hand drawn at random from how the game is entered (``entry_of``; ``dealt``, the cards
    each of the next deal where every card is entered): who went out, its choices, each player's input."""
    deck = list(deck_of)
    rng.shuffle(deck)
    hand: dict[str, Any] = {}
    if entry["endings"] and rng.random() < 0.15:
        hand.update(rng.choice(entry["endings"])["entry"])
        out = None
    else:
        out = rng.choice(players + ([None] if entry["out_may_be_null"] else []))
        hand["out"] = out
    for choice in entry["choices"]:
        if choice["needs_out"] and out is None:
            continue
        value = _choice(rng, choice, players)
        if value is not None:
            hand[choice["key"]] = value
    hand["hands"] = {}
    for player in players:
        given = _player_input(rng, entry, deck, went_out=player == out)
        if given:
            hand["hands"][player] = given
    if entry["side_fields"]:
        hand["sides"] = {
            name: {field["key"]: _side_value(rng, field)
                   for field in entry["side_fields"] if field["required"] or rng.random() < 0.4}
            for name in side_names
        }
    return hand


def random_game(rng: random.Random, variant: dict[str, Any]) -> dict[str, Any]:
    """A log of the variant: a few hands the engine takes, perhaps ended, perhaps one refused hand last."""
    count = rng.choice(variant["player_counts"])
    players = NAMES[:count]
    sides = _sides(rng, variant, players)
    log: dict[str, Any] = {"variant": variant["key"], "players": players, "options": _options(rng, variant),
                           "first_dealer": rng.choice(players), "hands": []}
    if sides:
        log["sides"] = sides
    side_names = [" & ".join(side) for side in sides] if sides else list(players)
    deck = pack(variant["decks"][str(count)], variant["jokers"][str(count)], variant["entry"]["own_cards"])
    try:
        game = Replay(log)
    except InvalidEntry as error:  # a choice these players cannot take (Modern Canasta is for four)
        if error.where != "options":
            raise
        log["options"] = {key: value for key, value in log["options"].items()
                          if not isinstance(value, str)}
        game = Replay(log)
    refused = None
    for _ in range(rng.randint(1, 12)):
        if game.sheet()["finished"]:
            break
        sheet = game.sheet()
        entry = {**entry_of(variant["key"], sheet["options"]), "dealt": None}
        if entry["exact_deal"] and sheet["next"]:
            entry["dealt"] = sheet["next"]["cards_each"]
        number = len(log["hands"]) + 1
        # The players of the hand: not one it leaves out (who sits it out); a hand of several games
        # at once has each game's two players.
        aside = left_out(get_variant(variant["key"]).extras, sheet, number)
        seated = [p for p in players if p not in aside and p not in sitting_out(sheet, number)]
        games = pairings_of(entry["games_at_once"], sheet, number)
        for _try in range(TRIES):
            if games:
                hand = {"games": [{k: v for k, v in random_entry(rng, entry, pair, [], deck).items()
                                   if k in ("out", "hands")} for pair in games]}
            else:
                hand = random_entry(rng, entry, seated, side_names, deck)
            try:
                game = game.after(hand)
            except InvalidEntry:
                refused = hand
                continue
            log["hands"].append(hand)
            break
    if refused is not None and rng.random() < 0.15:
        log["hands"].append(refused)
    elif rng.random() < 0.1:
        log["ended"] = True
    return log


def random_games(per_variant: int, seed: str) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """``per_variant`` games of every variant, by variant key; the same games for the same seed."""
    for variant in variants():
        rng = random.Random(f"{seed}:{variant['key']}")
        yield variant["key"], [random_game(rng, variant) for _ in range(per_variant)]
