"""Exact scores offline: the hands kept on a phone with no network show the score
the server will give them, from the project's own engine running in the
browser (Pyodide), and back online they are recorded with those very scores.

The service worker and the engine's worker run for real; the phone loads a
game page once online (so the worker keeps the engine's files), then goes
offline.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import (
    KEPT,
    LiveServer,
    asked_for_engine,
    controlled,
    first_hand_recorded,
    keep_hand_two_offline,
    pick_cards,
    row_totals,
    start_game,
    type_count,
    went_out,
)

pytestmark = [pytest.mark.browser, pytest.mark.engine]

ENGINE = 120_000  # ms: Pyodide starting in a worker on a loaded 2-core machine
SENT = re.compile(r"kept on this phone (was|were) sent and recorded")


def _engine_ready(page: Page) -> None:
    page.wait_for_function("() => window.scorekeeperEngine && window.scorekeeperEngine.state === 'ready'",
                           timeout=ENGINE)


def _provisional(page: Page, row: int) -> list[str]:
    """A kept hand's row as the engine scored it: each column's total (without its gain)."""
    cells = page.locator("table.sheet tr.waiting").nth(row).locator("td.provisional")
    return [text.strip().splitlines()[0] for text in cells.all_inner_texts()]  # (the gain is below it)


def test_hands_kept_offline_show_the_engines_scores_and_are_recorded_with_the_same(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    asked_for_engine(page.context)  # exact scores without a network, asked for on an earlier visit
    game = first_hand_recorded(page, live_server)
    controlled(page)
    for path in ("/hands/new", "/log.json", ""):
        page.goto(game + path)
    _engine_ready(page)  # online, once: the worker keeps Pyodide's files and the bundle

    keep_hand_two_offline(page)
    page.get_by_role("link", name="Record hand 3").click()
    went_out(page, "Cara")
    pick_cards(page, "Ann", ["king of hearts", "5 of diamonds"])
    type_count(page, "Bob", 3)
    page.locator("#entry button[type=submit]").click()
    expect(page.locator("#outbox-status")).to_have_text(KEPT)

    page.reload()  # offline: the sheet, the engine and its files all from the phone
    _engine_ready(page)
    expect(page.locator("table.sheet tr.waiting td.provisional")).to_have_count(6, timeout=ENGINE)
    offline = [_provisional(page, 0), _provisional(page, 1)]
    assert offline == [["30", "20", "0"], ["30", "20", "18"]]  # KH 5D is 10 + 5, and Bob's 3
    expect(page.locator("tr.waiting-note").first).to_contain_text("provisional score")
    expect(page.locator("tr.waiting-note").first).to_contain_text("Bob went out and collects")

    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)
    assert [row_totals(page, 2), row_totals(page, 3)] == offline


def test_with_the_engine_bundle_blocked_a_kept_hand_shows_what_was_typed_and_scored_when_sent(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    asked_for_engine(page.context)
    page.context.route("**/engine/bundle.zip*", lambda route: route.abort())  # (the workers' requests too)
    game = start_game(page, live_server, "basic", ["Ann", "Bob"])
    controlled(page)
    for path in ("/hands/new", ""):
        page.goto(game + path)
    page.wait_for_function("() => window.scorekeeperEngine && window.scorekeeperEngine.state === 'unavailable'",
                           timeout=ENGINE)

    page.context.set_offline(True)
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Bob", 12)
    page.locator("#entry button[type=submit]").click()
    expect(page.locator("#outbox-status")).to_have_text(KEPT)
    page.reload()
    page.wait_for_function("() => window.scorekeeperEngine && window.scorekeeperEngine.state === 'unavailable'",
                           timeout=ENGINE)
    expect(page.locator("table.sheet tr.waiting")).to_have_count(1)
    expect(page.locator("tr.waiting-note")).to_contain_text("scored when sent")
    assert page.locator("table.sheet tr.waiting td.provisional").count() == 0
    expect(page.locator("table.sheet tr.waiting")).to_contain_text("12")  # what was typed

    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)
    assert row_totals(page, 1) == ["12", "0"]


def test_the_engine_on_a_spanish_phone_writes_a_kept_hands_notes_in_spanish(
        signed_in: Page, live_server: LiveServer) -> None:
    """The notes of a hand the phone scores itself are in the phone's language, from the same
    catalogue as the server's (the page carries its notes' words to the engine)."""
    page = signed_in
    asked_for_engine(page.context)
    game = first_hand_recorded(page, live_server)  # Ann out; Bob 10, Cara 20
    page.select_option("#language-choice", "es")
    page.locator("form.language-switch button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.goto(game)
    _engine_ready(page)

    kept = [{"id": "kept-1", "number": 2, "fields": [["out", "1"], ["p0-count", "7"], ["p2-count", "3"]]}]
    scored = page.evaluate("""async ([game, kept]) => {
        const log = await (await fetch(game + "/log.json")).json();
        return window.scorekeeperEngine.scoreWaiting(log, kept);
    }""", [game, kept])
    spanish = _spanish("basic.collects").replace("{hands:plus}", "Ann 7 + Cara 3").format(player="Bob", total=10)
    assert scored[0]["totals"] == {"Ann": 30, "Bob": 10, "Cara": 0}  # whoever goes out collects
    assert scored[0]["notes"] == [spanish]
    # The sheet's own notes, written by the server, are the same words.
    expect(page.locator("ul.notes li").first).to_have_text(
        _spanish("basic.collects").replace("{hands:plus}", "Bob 10 + Cara 20").format(player="Ann", total=30))


def _spanish(key: str) -> str:
    from pathlib import Path

    from babel.messages.pofile import read_po

    from scorekeeper.engine.notes import ENGLISH
    catalogue = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "es" / "LC_MESSAGES" / "notes.po"
    with open(catalogue, "rb") as file:
        found = read_po(file, locale="es", domain="notes").get(ENGLISH[key].template, context=key)
    assert found is not None and found.string
    return str(found.string)
