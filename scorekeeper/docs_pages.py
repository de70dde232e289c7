"""The documentation's game pages, written from the games' own declarations.

``python -m scorekeeper.docs_pages docs`` (run by ``make docs`` before MkDocs)
writes ``docs/games/index.md`` and one ``docs/games/<key>.md`` per game in the
engine's registry: its name and summary, players, deal and pack (in the words
the app's catalogue page uses, ``scorekeeper.web.catalogue``), how a hand is
entered (the game's entry fields), its options with their defaults and bounds,
its rules and the decisions taken (the game class's docstring, then the
choices it declares where the rule book is silent, its ``decisions``), and a
worked example, ``docs/examples/<key>.json``: a log of a few hands with the sheet it
gives, stated from the rule book (``tests/unit/test_docs_pages.py`` replays
every example and compares). Nothing here names a game: a new game in the
registry gets its page, and the test asks it for an example.  It writes
``docs/presets/`` too: a page per preset (``engine/games/presets.json``),
its rules in words from its definition, its source, decisions and worked
hands (``tests/unit/test_presets.py`` replays them).

A plain script rather than the ``mkdocs-gen-files`` plugin: one dependency
fewer, and the pages it writes can be read (and diffed) without MkDocs.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from scorekeeper.engine import replay, variants
from scorekeeper.engine.games import VARIANTS
from scorekeeper.engine.games.presets import Preset, Worked, presets
from scorekeeper.web.catalogue import catalogue_by_key, deal_parts, option_line, pack_parts, player_range, players_text
from scorekeeper.web.owngame import summary

GAMES = "games"
EXAMPLES = "examples"
PRESETS = "presets"


def example_path(docs: Path, key: str) -> Path:
    return docs / EXAMPLES / f"{key}.json"


def load_example(docs: Path, key: str) -> dict[str, Any]:
    example: dict[str, Any] = json.loads(example_path(docs, key).read_text(encoding="utf-8"))
    return example


def bounds(option: Mapping[str, Any]) -> str:
    """``0 to 10,000``, ``at least 1``; empty where the option has no numeric bounds."""
    low, high = option.get("minimum"), option.get("maximum")
    if low is not None and high is not None:
        return f"{low:,} to {high:,}"
    if low is not None:
        return f"at least {low:,}"
    if high is not None:
        return f"at most {high:,}"
    return ""


def cell(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def options_table(options: list[Mapping[str, Any]]) -> list[str]:
    if not options:
        return ["This game has no options."]
    lines = ["| Option | Default | Allowed | What it does |", "|---|---|---|---|"]
    for option in options:
        line = option_line(option)
        limits = bounds(option) + (" characters" if option["type"] == "text" and bounds(option) else "")
        parts = ", ".join(f"{part.get('label') or part['key']}" + (f" ({bounds(part)})" if bounds(part) else "")
                          for part in option.get("parts") or ())
        allowed = line.choices or limits or (f"a value each: {parts}" if parts else option["type"])
        lines.append(f"| `{option['key']}` | {cell(line.default)} | {cell(allowed)} | {cell(line.help)} |")
    return lines


def entry_lines(variant: Mapping[str, Any], how_to: str) -> list[str]:
    entry = variant["entry"]
    lines = []
    if how_to:
        lines += [how_to, ""]
    else:
        lines += [f"Tap who {entry['out_verb']}"
                  + (f" (or **{entry['no_out_label']}**)" if entry.get("no_out_label") else "") + ".", ""]
    lines += ["The fields:", ""]
    for field in entry["fields"]:
        limits = bounds(field)
        extra = f" ({limits})" if limits and field["kind"] == "count" else ""
        who = " (for whoever went out too)" if field.get("out") == "required" else ""
        lines.append(f"- **{field['label']}**{who}: {field['help']}{extra}")
    for field in entry.get("side_fields") or ():
        lines.append(f"- **{field['label']}** (each side): {field.get('help', '')}")
    for status in entry.get("statuses") or ():
        label = status.get("label") or status.get("key")
        lines.append(f"- or mark the player **{label}**" + (f": {status['help']}" if status.get("help") else ""))
    if entry.get("exact_cards"):
        lines += ["", f"A hand entered as cards holds exactly {entry['exact_cards']} cards."]
    return lines


def rules_text(rules: str) -> list[str]:
    """The module docstring as Markdown: its ``code`` spans kept, its paragraphs as they are,
    a blank line put before a list that starts right under a sentence (Markdown asks it), and a
    wrapped line that only looks like a list or a heading (``+ its red threes``) escaped."""
    lines: list[str] = []
    for line in rules.replace("``", "`").strip().splitlines():
        if line.startswith("- ") and lines and lines[-1] and not lines[-1].startswith(("- ", "  ")):
            lines.append("")
        elif re.match(r"(\+ |\* |#|>|\d+\. )", line):  # a sentence wrapped before "+ 100" or "0. ": no list
            line = "\\" + line if not line[0].isdigit() else re.sub(r"^(\d+)\.", r"\1\\.", line)
        lines.append(line)
    return lines


#: the heading a game's own decisions are shown under, on its page (rules-decisions.md links to it)
DECISIONS = "Decisions where SCORING.md is silent"


def decision_lines(decisions: Sequence[str]) -> list[str]:
    """A game's declared decisions as a Markdown list: each a bullet, its wrapped lines and a list
    nested under it indented by four (Python-Markdown's nesting)."""
    if not decisions:
        return ["No choice of this game's own is recorded beyond its rules above."]
    lines = []
    for decision in decisions:
        first, *rest = decision.splitlines()
        lines += [f"- {first}", *(f"    {line}" if line.strip() else "" for line in rest)]
    return lines


def log_text(log: Mapping[str, Any]) -> str:
    """The log as JSON, one hand a line."""
    header = [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
              for key, value in log.items() if key != "hands"]
    hands = ",\n".join("    " + json.dumps(hand, ensure_ascii=False) for hand in log.get("hands", ()))
    return "{\n" + ",\n".join(header) + f',\n  "hands": [\n{hands}\n  ]\n}}'


def number(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def sheet_table(expect: Mapping[str, Any]) -> list[str]:
    """Each hand's scores as the example states them, then the totals."""
    columns = list(expect["totals"])
    lines = ["| Hand | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
    for n, hand in enumerate(expect.get("hands") or (), start=1):
        scores = hand.get("scores")
        if scores:
            lines.append(f"| {n} | " + " | ".join(number(scores.get(c, "")) for c in columns) + " |")
    lines.append("| **Total** | " + " | ".join(f"**{number(expect['totals'][c])}**" for c in columns) + " |")
    return lines


def example_lines(docs: Path, key: str) -> list[str]:
    example = load_example(docs, key)
    log, expect = example["log"], example["expect"]
    lines = ["## Worked example", ""]
    if example.get("why"):
        lines += [cell(example["why"]), ""]
    lines += ["The log (what the app stores, the API takes and an export holds):", "",
              "```json", log_text(log), "```", ""]
    if "error" in expect:
        lines.append(f"The engine refuses this log at hand {expect['error']['hand']}.")
        return lines
    if expect.get("totals"):
        lines += ["The sheet it gives:", "", *sheet_table(expect)]
    if expect.get("winners"):
        lines += ["", f"Winner: {', '.join(expect['winners'])}."]
    lines += ["", f"This example is `docs/examples/{key}.json`; the test suite replays it and checks these figures."]
    return lines


def game_page(docs: Path, variant: Mapping[str, Any]) -> str:
    key = variant["key"]
    game = VARIANTS[key]
    # Under its default options; a game whose rules the table gives (no defaults) has its how-to once given.
    defaults = not any(option["required"] for option in variant["options"])
    how_to = game.how_to(game.catalogue_options(variant["min_players"])) if defaults else ""
    deal = deal_parts(variant.get("cards_each") or {})
    pack = pack_parts(variant.get("decks") or {}, variant.get("jokers") or {})
    lines = [f"# {variant['name']}", "", variant["summary"], "",
             f"- **Key** (the API's and the export's `variant`): `{key}`",
             f"- **Players**: {players_text(variant)}"]
    if deal:
        lines.append(f"- **Deal**: {'; '.join(deal)}")
    if pack:
        lines.append(f"- **Pack**: {'; '.join(pack)}")
    lines.append(f"- **Who wins**: {'lowest' if variant['lowest_wins'] else 'highest'} total")
    lines += ["", "## How to enter a hand", "", *entry_lines(variant, how_to), "",
              "## Options", "", *options_table(variant["options"]), "",
              "## Rules and the decisions taken", "",
              f"As the game's module states them (`scorekeeper/engine/games/`, class of key `{key}`):", "",
              *rules_text(variant["rules"]), "",
              f"### {DECISIONS}", "", *decision_lines(game.decisions), "",
              "The choices several games share (strict entries, re-entries, note keys, sides...) are on "
              "[Rules decisions](../rules-decisions.md).", "", *example_lines(docs, key), ""]
    return "\n".join(lines)


def index_page(games: Sequence[Mapping[str, Any]]) -> str:
    lines = ["# Games", "",
             "Every game the app scores, one page each, written from the game's own module when the docs are built.",
             "", "| Game | Players | Summary |", "|---|---|---|"]
    for variant in games:
        lines.append(f"| [{variant['name']}]({variant['key']}.md) | {players_text(variant)} | {cell(variant['summary'])} |")
    lines += ["", "More games by name, each a definition of the table's own game: see [Presets](../presets/index.md).",
              "A game your table plays that is not listed: see [Your own game](../own-game.md).", ""]
    return "\n".join(lines)


# -- the presets: a page each, from its data (scorekeeper/engine/games/presets.json) ----------------


def worked_lines(preset: Preset, worked: Worked, number: int) -> list[str]:
    """A preset's worked hand: how its figures come, the log, the sheet it gives."""
    log, expect = worked.log(preset.definition), worked.expect
    lines = [f"### Worked hand {number}" if len(preset.worked) > 1 else "## Worked hand", "", cell(worked.why), "",
             "The log:", "", "```json", log_text(log), "```", ""]
    if expect.get("totals"):
        lines += ["The sheet it gives:", "", *sheet_table(expect)]
    if expect.get("winners"):
        lines += ["", f"The game is over; winner: {', '.join(expect['winners'])}."]
    return [*lines, ""]


def definition_text(definition: Mapping[str, Any]) -> str:
    """A definition as JSON, one option a line."""
    return "{\n" + ",\n".join(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
                               for key, value in definition.items()) + "\n}"


def preset_page(preset: Preset) -> str:
    """A preset's page: what it is, its rules in words (from its definition), the source it follows,
    the decisions taken, its definition and its worked hands."""
    house = catalogue_by_key()[preset.variant]
    guide = replay(preset.log(["Ann", "Bob"]))["guide"]
    low, high = preset.players
    lines = [f"# {preset.name}", "", preset.summary, "",
             f"- **Where it is played**: {preset.played}",
             f"- **Players**: {player_range(low, high)}",
             f"- **Scored**: {'exactly, by the app' if preset.exact else 'in part: the table types each total'}",
             f"- **Built on**: the table's own game ([{house['name']}](../games/{preset.variant}.md)); "
             "**New game** offers it by name", ""]
    if preset.cannot:
        lines += [f"**What the app cannot yet do**: {preset.cannot}", ""]
    lines += ["## The rules as the app keeps them", "", *(f"- {line}" for line in summary(house, preset.definition)),
              f"- {guide['goal']}", "", guide["how_to"], "",
              "## Source", "", *(f"- {source}" for source in preset.sources), "",
              "## Decisions taken", "", *(f"- {decision}" for decision in preset.decisions), "",
              "## Its definition", "",
              "Every option of the table's own game, as a game of it writes them into its log (the API starts "
              "one with these as its options):", "",
              "```json", definition_text(preset.definition), "```", ""]
    for number, worked in enumerate(preset.worked, start=1):
        lines += worked_lines(preset, worked, number)
    if preset.worked:
        lines += ["Each worked hand is in `scorekeeper/engine/games/presets.json`; the test suite replays it "
                  "and checks these figures.", ""]
    return "\n".join(lines)


def presets_index(found: Sequence[Preset]) -> str:
    lines = ["# Presets", "",
             "Games the app knows by name, each a definition of the table's own game "
             "([House rules](../games/house.md)) kept as data (`scorekeeper/engine/games/presets.json`). "
             "**New game** offers them beside the built-in games; a game of one is played, exported and "
             "counted in the statistics under its name like any game of the table's own.", "",
             "| Game | Where it is played | Summary |", "|---|---|---|"]
    lines += [f"| [{p.name}]({p.key}.md) | {cell(p.played)} | {cell(p.summary)} |" for p in found if p.exact]
    lines += ["", "## Close, with the totals you type", "",
              "The app does not yet work out every rule of these: a game of one is started with each "
              "player's points typed, and the line says what is missing.", "",
              "| Game | Where it is played | What the app cannot yet do |", "|---|---|---|"]
    lines += [f"| [{p.name}]({p.key}.md) | {cell(p.played)} | {cell(p.cannot)} |" for p in found if not p.exact]
    return "\n".join([*lines, ""])


def write_presets(docs: Path) -> list[Path]:
    """Writes a page per preset and their index under ``docs/presets/``; returns the paths written."""
    folder = docs / PRESETS
    folder.mkdir(exist_ok=True)
    found = presets()
    written = []
    for preset in found:
        path = folder / f"{preset.key}.md"
        path.write_text(preset_page(preset), encoding="utf-8")
        written.append(path)
    index = folder / "index.md"
    index.write_text(presets_index(found), encoding="utf-8")
    return [index, *written]


def part_of(module: str) -> str:
    """The part of the package a module belongs to: ``engine.games``, ``engine``, ``services``,
    ``web``, or the top-level module's own name (``models``, ``stats``...)."""
    parts = module.split(".")[1:]
    if not parts:
        return "scorekeeper (the app factory)"
    if parts[:2] == ["engine", "games"]:
        return "engine.games"
    return parts[0]


def imported(path: Path, module: str) -> set[str]:
    """The ``scorekeeper`` modules a file imports, absolute or relative."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if node.module is None or target == "scorekeeper":  # from .. import stats: that module
                names.update(f"{target}.{alias.name}" for alias in node.names)
            else:
                names.add(target)
    return {name for name in names if name == "scorekeeper" or name.startswith("scorekeeper.")}


def import_arrows(package: Path) -> dict[str, set[str]]:
    """Which parts of the package import which others, read from the source."""
    arrows: dict[str, set[str]] = defaultdict(set)
    for path in sorted(package.rglob("*.py")):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__")
        if module == "scorekeeper.docs_pages":
            continue  # this script reads everything; it is no layer
        source = part_of(module)
        arrows[source].update(part_of(name) for name in imported(path, module) if part_of(name) != source)
    return arrows


def imports_page(package: Path) -> str:
    arrows = import_arrows(package)
    lines = ["# Who imports whom", "",
             "Read from the source by `scorekeeper/docs_pages.py` each time the docs are built: for each part of "
             "the `scorekeeper` package, the other parts its modules import. The walls of "
             "[Architecture](../architecture.md) show here: `engine` and `engine.games` import nothing else "
             "of the app; `services` never imports `web`.", "",
             "| Part | Imports |", "|---|---|"]
    for source in sorted(arrows):
        lines.append(f"| `{source}` | {', '.join(f'`{target}`' for target in sorted(arrows[source])) or 'nothing'} |")
    return "\n".join(lines) + "\n"


def schema_text() -> str:
    """The export format's JSON Schema, the very file the app serves at /schemas/export.json."""
    return (Path(__file__).resolve().parent / "schemas" / "export.schema.json").read_text(encoding="utf-8")


def schema_page() -> str:
    return "\n".join([
        "# The export's JSON Schema", "",
        "`scorekeeper/schemas/export.schema.json`, verbatim (the app serves the same file at "
        "`/schemas/export.json`; [download it](export.schema.json)). How an import uses it: "
        "[The export format](../export-format.md).", "",
        "```json", schema_text().rstrip(), "```", ""])


def write_pages(docs: Path) -> list[Path]:
    """Writes the games' pages under ``docs/games/``; returns the paths written."""
    folder = docs / GAMES
    folder.mkdir(exist_ok=True)
    games = variants()
    written = []
    for variant in games:
        path = folder / f"{variant['key']}.md"
        path.write_text(game_page(docs, variant), encoding="utf-8")
        written.append(path)
    index = folder / "index.md"
    index.write_text(index_page(games), encoding="utf-8")
    imports = docs / "generated" / "imports.md"
    imports.parent.mkdir(exist_ok=True)
    imports.write_text(imports_page(Path(__file__).resolve().parent), encoding="utf-8")
    schema = docs / "generated" / "export-schema.md"
    schema.write_text(schema_page(), encoding="utf-8")
    (docs / "generated" / "export.schema.json").write_text(schema_text(), encoding="utf-8")
    return [index, *written, *write_presets(docs), imports, schema]


if __name__ == "__main__":
    for written_path in write_pages(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(written_path)
