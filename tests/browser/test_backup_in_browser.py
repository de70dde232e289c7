"""Downloads and uploads in a real Chromium: a game's JSON and CSV, the backup page's import."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, no_sideways_scroll, post_hand, start_game

pytestmark = pytest.mark.browser


def download(page: Page, link: str, folder: Path) -> Path:
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    target = folder / info.value.suggested_filename
    info.value.save_as(target)
    return target


def test_a_game_downloads_as_json_and_csv_and_its_json_imports_back_without_doubling(
    signed_in: Page, live_server: LiveServer, tmp_path: Path
) -> None:
    page = signed_in
    game_url = start_game(page, live_server, "gin", ["Ann", "Bob"])
    post_hand(page, game_url, {"out": "0", "p0-count": "7", "p1-count": "15"})
    page.goto(game_url)

    saved_json = download(page, "Download JSON", tmp_path)
    saved_csv = download(page, "Download CSV", tmp_path)

    assert saved_json.name.startswith("gin-") and saved_json.suffix == ".json"
    exported = json.loads(saved_json.read_text())
    assert exported["players"] == ["Ann", "Bob"] and len(exported["hands"]) == 1
    rows = list(csv.reader(saved_csv.open(newline="")))
    assert rows[0][:6] == ["Hand", "Dealer", "Ann", "Ann total", "Bob", "Bob total"]
    assert rows[-1][:6] == ["Total", "", "", "8", "", "0"]

    page.get_by_role("link", name="Backup and import").click()
    page.get_by_label("Game or backup file").set_input_files(saved_json)
    page.get_by_role("button", name="Import").click()

    expect(page.locator(".flash")).to_have_text("Imported 0 games; skipped 1 already here.")


def test_a_bad_file_is_refused_next_to_the_file_field(signed_in: Page, live_server: LiveServer,
                                                       tmp_path: Path) -> None:
    page = signed_in
    bad = tmp_path / "notes.json"
    bad.write_text("Ann 12, Bob 30")
    page.goto(live_server("/backup"))

    page.get_by_label("Game or backup file").set_input_files(bad)
    page.get_by_role("button", name="Import").click()

    expect(page.locator(".field.invalid .error")).to_contain_text("Nothing was imported: This file is not JSON")
    assert no_sideways_scroll(page)[0] <= no_sideways_scroll(page)[1]
    violations = Axe().run(page, options={"resultTypes": ["violations"]})
    assert violations.violations_count == 0, violations.generate_report()
