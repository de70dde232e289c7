"""The presets: each a whole definition of the table's own game, kept as data, its worked hands the
rule book's (SCORING.md, "Presets"), replayed here by the engine; and a docs page for each.

The worked hands' figures are copied from the rule book or worked out from it by hand, never computed
by the engine.  Only the fields a worked hand states are compared (numbers to 0.01, ``winners`` as a set).
"""

from __future__ import annotations

import re
from numbers import Number
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import docs_pages
from scorekeeper.engine import options_of, replay
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.presets import PATH, Preset, close, exact, preset, presets

EVERY = presets()
WORKED = [(found, number, worked) for found in EVERY for number, worked in enumerate(found.worked, start=1)]


def matches(actual: Any, expected: Any, where: str) -> None:
    """``actual`` agrees with every field ``expected`` gives."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: no {key!r} in the sheet"
            matches(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and where.endswith("winners"):
        assert set(actual) == set(expected), f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
            matches(got, want, f"{where}[{i}]")
    elif isinstance(expected, Number) and not isinstance(expected, bool):
        assert isinstance(actual, Number) and not isinstance(actual, bool), f"{where}: {actual!r}"
        assert actual == pytest.approx(expected, abs=0.01), f"{where}: {actual!r} != {expected!r}"
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


# -- the data ----------------------------------------------------------------------------------


def test_the_presets_are_the_rule_books_thirteen_games_and_the_six_it_cannot_yet_score():
    assert [found.name for found in exact()] == [
        "German Rommé", "Loba de Menos", "Seven Bridge", "Rumino", "Machiavelli", "Tres y Dos", "Rummikub",
        "Caribbean Kalooki", "Carousel", "Indonesian Remi", "Mille", "Continental"]
    assert [found.name for found in close()] == [
        "Conquian", "Telefunken", "Vazhushal (Wipe)", "Banakil", "Arlington (Oklahoma Rummy)",
        "South African Kalookie", "Battle Royal Gin"]


def test_each_preset_has_a_key_of_its_own_made_of_lower_case_words():
    keys = [found.key for found in EVERY]
    assert len(set(keys)) == len(keys)
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", key) for key in keys), keys
    assert len({found.name.casefold() for found in EVERY}) == len(EVERY)
    assert preset("seven-bridge") is not None and preset("snap") is None and preset(None) is None


@pytest.mark.parametrize("found", EVERY, ids=[found.key for found in EVERY])
def test_every_preset_writes_every_option_of_the_tables_own_game(found: Preset):
    assert sorted(found.definition) == sorted(option.key for option in VARIANTS[found.variant].options)


@pytest.mark.parametrize("found", EVERY, ids=[found.key for found in EVERY])
def test_every_definition_is_taken_by_the_engine_as_written_but_the_card_values_a_game_of_points_leaves(
        found: Preset):
    taken = options_of(found.variant, found.definition)

    written = {key: value for key, value in found.definition.items() if value is not None or key != "values"}
    assert {key: taken[key] for key in written} == written
    assert found.definition["values"] is not None or found.definition["entry"] == "points"
    assert found.definition["name"] == found.name


@pytest.mark.parametrize("found", EVERY, ids=[found.key for found in EVERY])
def test_every_preset_names_where_it_is_played_its_sources_and_the_decisions_taken(found: Preset):
    assert found.played and found.summary and found.sources and found.decisions
    low, high = found.players
    assert VARIANTS[found.variant].min_players <= low <= high <= VARIANTS[found.variant].max_players


def test_an_exact_preset_has_a_worked_hand_and_one_scored_in_part_says_what_the_app_cannot_yet_do():
    assert all(found.worked and found.cannot is None for found in exact())
    assert all(found.cannot for found in close())


def test_the_presets_file_is_read_on_first_use_not_on_import():
    # The browser's engine bundle holds .py files only: importing the module must not read the file.
    source = Path(preset.__code__.co_filename).read_text(encoding="utf-8")
    top_level = [line for line in source.splitlines() if line and not line[0].isspace()]
    assert not any("read_text" in line for line in top_level)
    assert PATH.name == "presets.json" and PATH.is_file()


# -- the worked hands -----------------------------------------------------------------------------


@pytest.mark.parametrize(("found", "number", "worked"), WORKED,
                         ids=[f"{found.key}-{number}" for found, number, _ in WORKED])
def test_every_worked_hand_of_the_presets_gives_the_sheet_the_rule_book_states(found, number, worked):
    matches(replay(worked.log(found.definition)), dict(worked.expect), f"{found.key} {number}: sheet")


def test_a_wrong_figure_in_a_worked_hand_is_caught():
    found = exact()[0]
    worked = found.worked[0]
    wrong = {**worked.expect, "totals": {**worked.expect["totals"], worked.players[1]: -12345}}
    with pytest.raises(AssertionError):
        matches(replay(worked.log(found.definition)), wrong, "sheet")


def test_german_romme_a_hand_romme_doubles_what_the_others_hold():
    romme = preset("german-romme")
    assert romme is not None
    hand = {"out": "Ann", "hands": {"Bob": {"cards": "AS KH 5D JK"}, "Cara": {"count": 30}}}
    plain = replay(romme.log(["Ann", "Bob", "Cara"], [hand]))["totals"]
    doubled = replay(romme.log(["Ann", "Bob", "Cara"], [{**hand, "one_go": True}]))["totals"]
    assert plain == {"Ann": 0, "Bob": 46, "Cara": 30}
    assert doubled == {"Ann": 0, "Bob": 92, "Cara": 60}


# -- the docs pages -----------------------------------------------------------------------------


@pytest.mark.parametrize("found", EVERY, ids=[found.key for found in EVERY])
def test_every_preset_has_a_docs_page_with_its_rules_source_decisions_and_worked_hands(found: Preset):
    text = docs_pages.preset_page(found)

    assert text.startswith(f"# {found.name}\n")
    assert all(source in text for source in found.sources)
    assert all(decision in text for decision in found.decisions)
    assert all(docs_pages.cell(worked.why) in text for worked in found.worked)
    assert "## The rules as the app keeps them" in text
    assert (found.cannot or "") in text


def test_the_docs_are_written_with_a_page_per_preset_and_an_index_of_them(tmp_path: Path):
    (tmp_path / "examples").mkdir()
    docs_root = Path(__file__).resolve().parents[2] / "docs"
    for example in (docs_root / "examples").iterdir():
        (tmp_path / "examples" / example.name).write_bytes(example.read_bytes())

    written = docs_pages.write_pages(tmp_path)

    folder = tmp_path / "presets"
    assert {path.name for path in written if path.parent == folder} == {
        "index.md", *(f"{found.key}.md" for found in EVERY)}
    index = (folder / "index.md").read_text(encoding="utf-8")
    assert all(f"[{found.name}]({found.key}.md)" in index for found in EVERY)
    assert "## Close, with the totals you type" in index
    assert "../presets/index.md" in (tmp_path / "games" / "index.md").read_text(encoding="utf-8")
