"""The documentation: every game has a page and a worked example, every example gives the sheet
it states, the README stays a guide, and the site builds strictly.

The examples' expected sheets (``docs/examples/<key>.json``) are worked out from the rule book by
hand, or copied from its worked examples; they are never computed by the engine. Only the fields
an example gives are compared: numbers to 0.01, ``winners`` as a set, and ``{"error": {"hand": N}}``
means the log is refused at hand N.
"""

from __future__ import annotations

import subprocess
import sys
from numbers import Number
from pathlib import Path
from typing import Any

import pytest
from markdown.extensions.toc import slugify

from scorekeeper import docs_pages
from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.base import Variant, decided

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
KEYS = sorted(VARIANTS)


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


def test_the_registry_is_not_empty():
    assert KEYS


@pytest.mark.parametrize("key", KEYS)
def test_every_registered_game_has_a_worked_example_of_its_own_variant(key: str):
    path = docs_pages.example_path(DOCS, key)
    assert path.is_file(), f"{key}: no worked example at {path.relative_to(ROOT)}"
    example = docs_pages.load_example(DOCS, key)
    assert example["log"]["variant"] == key
    assert example["log"]["hands"], f"{key}: the example plays no hand"
    assert example["why"], f"{key}: the example does not say how its figures were worked out"
    assert "error" in example["expect"] or example["expect"].get("totals"), f"{key}: no totals stated"


@pytest.mark.parametrize("key", KEYS)
def test_every_worked_example_replays_to_the_sheet_it_states(key: str):
    example = docs_pages.load_example(DOCS, key)
    expect = example["expect"]
    if "error" in expect:
        with pytest.raises(InvalidEntry) as caught:
            replay(example["log"])
        assert caught.value.hand == expect["error"]["hand"], str(caught.value)
        return
    matches(replay(example["log"]), expect, "sheet")


def test_a_wrong_total_in_an_example_is_caught():
    example = docs_pages.load_example(DOCS, KEYS[0])
    sheet = replay(example["log"])
    player, total = next(iter(example["expect"]["totals"].items()))
    with pytest.raises(AssertionError):
        matches(sheet, {"totals": {player: total + 1}}, "sheet")


def test_every_registered_game_gets_a_page_with_its_facts_and_its_example(tmp_path: Path):
    (tmp_path / "examples").symlink_to(DOCS / "examples")
    docs_pages.write_pages(tmp_path)
    index = (tmp_path / "games" / "index.md").read_text(encoding="utf-8")
    for key, variant in VARIANTS.items():
        page = (tmp_path / "games" / f"{key}.md").read_text(encoding="utf-8")
        assert page.startswith(f"# {variant.name}\n"), key
        assert f"]({key}.md)" in index, key
        for heading in ("## How to enter a hand", "## Options", "## Rules and the decisions taken",
                        "## Worked example"):
            assert heading in page, f"{key}: no {heading!r}"
        for option in variant.options:
            assert f"| `{option.key}` |" in page, f"{key}: option {option.key} not listed"
        for total in docs_pages.load_example(DOCS, key)["expect"].get("totals", {}).values():
            assert f"**{docs_pages.number(total)}**" in page, f"{key}: total {total} not shown"


def flat(text: str) -> str:
    """Text with its runs of white space (line breaks, a list's indentation) made one space."""
    return " ".join(text.split())


@pytest.mark.parametrize("key", KEYS)
def test_every_registered_game_declares_its_decisions_in_its_own_module(key: str):
    """Declared by the game's class or a game it is a kind of (Block is Basic's, Oklahoma Gin adds to Gin's),
    never left to the base class's default; ``()`` is a declaration of none."""
    declared_by = [cls for cls in type(VARIANTS[key]).__mro__ if "decisions" in vars(cls) and cls is not Variant]
    assert declared_by, f"{key} declares no decisions"
    assert declared_by[0].__module__.startswith("scorekeeper.engine.games."), key
    assert all(decision.strip() for decision in VARIANTS[key].decisions), f"{key}: an empty decision"


def test_most_games_have_decisions_of_their_own():
    assert sum(bool(variant.decisions) for variant in VARIANTS.values()) >= 12
    assert len(VARIANTS["house"].decisions) >= 9 and len(VARIANTS["canasta"].decisions) >= 8


def test_every_decision_a_game_declares_is_on_its_page_under_the_rules(tmp_path: Path):
    (tmp_path / "examples").symlink_to(DOCS / "examples")
    docs_pages.write_pages(tmp_path)
    for key, variant in VARIANTS.items():
        page = (tmp_path / "games" / f"{key}.md").read_text(encoding="utf-8")
        rules = page.index("## Rules and the decisions taken")
        heading = page.index(f"### {docs_pages.DECISIONS}")
        section = page[heading:page.index("## Worked example")]
        assert rules < heading, key
        for decision in variant.decisions:
            assert f"- {flat(decision)}" in flat(section), f"{key}: {decision[:60]!r}... not on its page"
        if not variant.decisions:
            assert "No choice of this game's own" in section, key


def test_rules_decisions_holds_no_section_of_one_game_and_no_game_decision_again():
    text = (DOCS / "rules-decisions.md").read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("#")]
    for key, variant in VARIANTS.items():
        for heading in headings:
            assert variant.name not in heading and f"`{key}`" not in heading, f"{heading!r} is {key}'s section"
        for decision in variant.decisions:
            assert flat(decision) not in flat(text), f"{key}'s {decision[:60]!r}... is written twice"


def test_rules_decisions_links_every_games_own_decisions():
    text = (DOCS / "rules-decisions.md").read_text(encoding="utf-8")
    anchor = slugify(docs_pages.DECISIONS, "-")
    for key in VARIANTS:
        assert f"(games/{key}.md#{anchor})" in text, f"no link to {key}'s decisions"


def test_a_list_of_decisions_reads_one_item_each_and_shows_nested_lists_indented_by_four():
    decisions = decided("""
        - **One**: a choice
          wrapped.
        - **Two**, where:
          - a nested item
            wrapped;
          - another.
    """)
    assert decisions == ("**One**: a choice\nwrapped.", "**Two**, where:\n- a nested item\n  wrapped;\n- another.")
    assert docs_pages.decision_lines(decisions) == [
        "- **One**: a choice", "    wrapped.", "- **Two**, where:", "    - a nested item", "      wrapped;",
        "    - another."]
    with pytest.raises(ValueError, match="not an item"):
        decided("A sentence, not a list.")


def test_an_option_with_bounds_shows_them():
    assert docs_pages.bounds({"minimum": 0, "maximum": 10000}) == "0 to 10,000"
    assert docs_pages.bounds({"minimum": 1, "maximum": None}) == "at least 1"
    assert docs_pages.bounds({"minimum": None, "maximum": None}) == ""


def test_a_docstring_list_stays_a_list_and_a_wrapped_sum_stays_a_sentence():
    lines = docs_pages.rules_text("The score:\n- gin: 25\n- undercut: 25\nmeld points\n+ 100 for going out\n0.  Nobody.")
    assert lines == ["The score:", "", "- gin: 25", "- undercut: 25", "meld points", "\\+ 100 for going out",
                     "0\\.  Nobody."]


def test_the_import_arrows_show_the_engine_imports_nothing_of_the_app():
    arrows = docs_pages.import_arrows(ROOT / "scorekeeper")
    assert arrows["engine"] <= {"engine.games"}
    assert arrows["engine.games"] <= {"engine"}
    assert "web" in arrows and "services" in arrows["web"]
    assert "web" not in arrows["services"]


def test_the_export_schema_page_holds_the_served_file_verbatim(tmp_path: Path):
    (tmp_path / "examples").symlink_to(DOCS / "examples")
    docs_pages.write_pages(tmp_path)
    served = (ROOT / "scorekeeper" / "schemas" / "export.schema.json").read_text(encoding="utf-8")
    assert served.rstrip() in (tmp_path / "generated" / "export-schema.md").read_text(encoding="utf-8")
    assert (tmp_path / "generated" / "export.schema.json").read_text(encoding="utf-8") == served


def test_the_readme_is_at_most_200_lines_and_keeps_the_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert "make test" in readme and "make run" in readme
    assert "docs/sheet-phone.png" in readme


def test_every_page_the_readme_links_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = [part.split(")", 1)[0] for part in readme.split("](")[1:]]
    assert links
    for link in links:
        assert (ROOT / link).exists(), link


def test_the_site_builds_strictly_and_a_broken_link_fails_it(tmp_path: Path):
    """What ``make docs`` runs, on a copy of docs/: it builds, and a page linking nowhere fails it."""
    docs = tmp_path / "docs"
    subprocess.run(["cp", "-r", str(DOCS), str(docs)], check=True)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "scorekeeper.docs_pages", str(docs)], check=True, capture_output=True)
    build = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")]
    built = subprocess.run(build, cwd=tmp_path, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    for key in VARIANTS:
        assert (tmp_path / "site" / "games" / key / "index.html").is_file(), key
    with (docs / "index.md").open("a", encoding="utf-8") as page:
        page.write("\n[a page that is not there](nowhere.md)\n")
    broken = subprocess.run(build, cwd=tmp_path, capture_output=True, text=True)
    assert broken.returncode != 0
    assert "nowhere.md" in broken.stderr
