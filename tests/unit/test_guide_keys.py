"""The guide's lines are written from their keys, so a page can write them in its reader's language.

Beside each English line (``how_to``, ``goal``, ``next``) a sheet's guide
gives the notes it is made of (``guide["keys"]``: each part's key and values,
the separator's key), and the limit's label as a note.  Rendered in English
they are the line, word for word, for every game: the logs of
:mod:`test_note_keys` hand after hand, random games of every variant, the
presets, and each game under each value of its options.  A page in another
language writes a line from its own words, and the English line where it
has none of them or the sheet has no keys.
"""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

import pytest
from test_note_keys import GAMES

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.presets import presets
from scorekeeper.engine.notes import ENGLISH, Translation, fields, render
from scorekeeper.web.note_words import guide_line_in
from tests.browser.random_games import random_games

LINES = ("how_to", "goal", "next")
PLAYERS = ("Ann", "Bob", "Cara", "Dan", "Eve", "Fay")


def option_values(option: Any) -> list[Any]:
    """A few values of an option that change what the guide says: each choice, both ways, small and large."""
    if option.choices:
        return list(option.choices)
    if option.kind == "bool":
        return [True, False]
    if option.kind == "int" or isinstance(option.default, int):
        return [1, 7, 250]
    return []


def every_hand(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's log after each of its hands (and before the first): each deal's next line."""
    return [{**game, "hands": game["hands"][:count]} for count in range(len(game["hands"]) + 1)]


def logs() -> list[dict[str, Any]]:
    """The logs whose guides are checked: the notes' games and random games at every hand, the
    presets, and each game under each one or two of its options' values."""
    found = [log for game in GAMES.values() for log in every_hand(game)]
    found += [log for _, games in random_games(2, "guide") for game in games for log in every_hand(game)]
    for count in (2, 3, 4):
        players = list(PLAYERS[:count])
        for preset in presets():
            log = preset.log(players)
            found += [{**log, "options": {**log["options"], "entry": entry, "scoring": scoring, **more}}
                      for entry in ("points", "cards", "meld_minus_hand")
                      for scoring in ("own", "winner_takes", "zero_sum", "lowest_scores_difference")
                      for more in ({}, {"deals": 5}, {"target": 300, "deals": 5})] if preset.variant == "house" else [log]
        for key, variant in VARIANTS.items():
            chosen = [(option.key, value) for option in variant.options for value in option_values(option)]
            found += [{"variant": key, "players": players, "options": dict(pair), "hands": []}
                      for size in (1, 2) for pair in itertools.combinations(chosen, size)]
    return found


@functools.cache
def guides() -> list[dict[str, Any]]:
    """The guide of each log that replays (an option value a game refuses makes no sheet)."""
    made = []
    for log in logs():
        try:
            made.append(replay(log)["guide"])
        except InvalidEntry:
            continue
    return made


def english(keys: dict[str, Any]) -> str:
    """A guide line written again in English from its keys."""
    return render(keys["separator"], {}).join([render(part["key"], part["values"]) for part in keys["parts"]])


def test_every_game_has_guides_checked_here():
    assert {game["variant"] for game in GAMES.values()} == set(VARIANTS)
    assert len(guides()) > 500


def test_each_guide_line_is_its_notes_written_in_english():
    for guide in guides():
        assert json.loads(json.dumps(guide)) == guide  # plain JSON: cached and sent to browsers
        for line in LINES:
            keys = guide["keys"][line]
            assert english(keys) == guide[line], line
            for part in keys["parts"]:
                assert set(part["values"]) == fields(ENGLISH[part["key"]].template), part["key"]


def test_the_limit_label_is_its_note():
    for guide in guides():
        if guide["limit"] is None:
            assert guide["keys"]["limit"] is None
        else:
            assert render(guide["keys"]["limit"]["key"], {}) == guide["limit"]["label"]


def guide_keys_written() -> set[str]:
    """Every key the guides here write: their parts', their separators' and their limits'."""
    written = set()
    for guide in guides():
        for line in LINES:
            written |= {guide["keys"][line]["separator"], *(part["key"] for part in guide["keys"][line]["parts"])}
        if guide["keys"]["limit"]:
            written.add(guide["keys"]["limit"]["key"])
    return written


# -- another language --------------------------------------------------------------


@pytest.fixture(scope="module")
def next_guide() -> dict[str, Any]:
    return replay({"variant": "three-thirteen", "players": ["Ann", "Bob"], "hands": []})["guide"]


def test_a_language_writes_the_parts_it_has_and_its_own_separator(next_guide):
    assert next_guide["next"] == "Hand 1 · Ann deals 3 cards · threes wild"
    language = Translation({"guide.hand": "Mano {hand}", "guide.dot": " — "})
    assert guide_line_in(language, next_guide, "next") == "Mano 1 — Ann deals 3 cards — threes wild"


def test_english_a_sheet_without_keys_and_an_unknown_key_keep_the_english_line(next_guide):
    language = Translation({"guide.hand": "Mano {hand}"})
    assert guide_line_in(None, next_guide, "next") == next_guide["next"]
    assert guide_line_in(language, {"next": "Hand 1"}, "next") == "Hand 1"
    unknown = {**next_guide, "keys": {"next": {"parts": [{"key": "no.such_key", "values": {}}],
                                               "separator": "guide.dot"}}}
    assert guide_line_in(language, unknown, "next") == next_guide["next"]
