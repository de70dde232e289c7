"""Canasta's additions on a phone (390x844): a Modern American Canasta hand entered with every tap
counted, its special canastas and open melds as switches, its threes as a stepper; Canasta for five
with the sitter named and left out of the form; axe on both entry pages.

A tap is every click the test makes (a tile, a field focused to type in, a switch, a stepper's
button, Save); typing the digits into a focused field is not one.  The numbers are SCORING.md's
"canasta — additions" examples.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, Taps, count_field, guide, player, screenshot, side, side_field, totals
from .conftest import PHONE

pytestmark = pytest.mark.browser

AXE = Axe()
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


def no_serious_axe_violations(page: Page) -> None:
    page.evaluate(AXE.axe_script)
    violations = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)["violations"]
    serious = [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes'][:3]]}" for v in violations
               if v["impact"] in ("serious", "critical")]
    assert not serious, "\n".join(serious)


def new_game(page: Page, live_server: LiveServer, names: list[str], *, modern: bool = False) -> None:
    page.goto(live_server("/games/new?variant=canasta"))
    for seat, name in enumerate(names):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    if modern:
        page.get_by_text("House rules").click()
        page.locator("select[name=option-style]").select_option("modern")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))


def test_a_modern_canasta_hand_with_a_sevens_canasta_and_open_aces_is_entered_counting_the_taps(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    new_game(page, live_server, ["Ann", "Bob", "Cara", "Dan"], modern=True)
    expect(page.locator("h1")).to_contain_text("Modern American Canasta")
    expect(guide(page)).to_have_text("Hand 1 · Ann deals 13 cards · 2 decks + 4 jokers · everyone needs 50 to open")

    # Ann goes out.  Ann & Cara: meld 900, a natural, a mixed and a sevens canasta, 2 threes; Cara
    # 15 left: 4485.  Bob & Dan: meld 180, a mixed canasta, a three, an unfinished aces meld; Bob 60,
    # Dan 65 holding three aces: -3045.
    page.get_by_role("link", name="Record hand 1").click()
    no_serious_axe_violations(page)
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    taps.type(side_field(page, "Ann & Cara", "Meld points"), "900")
    taps.type(side_field(page, "Ann & Cara", "Natural canastas"), "1")
    taps.type(side_field(page, "Ann & Cara", "Mixed canastas"), "1")
    taps.tap(side_field(page, "Ann & Cara", "Sevens canasta"))
    more_threes = side(page, "Ann & Cara").get_by_role("button", name="One threes more")
    taps.tap(more_threes)
    taps.tap(more_threes)
    expect(side_field(page, "Ann & Cara", "Threes")).to_have_value("2")
    taps.type(side_field(page, "Bob & Dan", "Meld points"), "180")
    taps.type(side_field(page, "Bob & Dan", "Mixed canastas"), "1")
    taps.tap(side(page, "Bob & Dan").get_by_role("button", name="One threes more"))
    taps.tap(side_field(page, "Bob & Dan", "Open aces"))
    taps.type(count_field(page, "Cara"), "15")
    taps.type(count_field(page, "Bob"), "60")
    taps.type(count_field(page, "Dan"), "65")
    taps.type(player(page, "Dan").get_by_label("Aces held", exact=True), "3")
    screenshot(page, "canasta-modern-entry")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["4485", "-3045"]
    assert taps.count == 16, f"the modern hand took {taps.count} taps"
    expect(guide(page)).to_contain_text("Ann & Cara need 90 to open, Bob & Dan 15")

    # A special hand is one tap: Cara goes out with a straight; her side's one three.
    page.get_by_role("link", name="Record hand 2").click()
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Cara$")))
    taps.tap(page.locator("label.tile", has_text=re.compile("^Straight 3000$")))
    taps.type(side_field(page, "Ann & Cara", "Meld points"), "0")
    taps.tap(side(page, "Ann & Cara").get_by_role("button", name="One threes more"))
    taps.type(side_field(page, "Bob & Dan", "Meld points"), "300")
    taps.type(side_field(page, "Bob & Dan", "Mixed canastas"), "1")
    taps.type(count_field(page, "Bob"), "20")
    taps.type(count_field(page, "Dan"), "20")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == [str(4485 + 3100), str(-3045 + 300 + 300 - 40)]
    assert taps.count == 9


def test_canasta_for_five_names_the_sitter_and_leaves_them_out_of_the_form(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    page.goto(live_server("/games/new?variant=canasta"))
    for seat, name in enumerate(["Ann", "Bob", "Cara", "Dan", "Eve"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    expect(page.locator("#partners-line")).to_have_text("Ann & Cara & Eve against Bob & Dan")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(guide(page)).to_contain_text("Eve sits out")

    # Hand 1: Eve sits out, Bob goes out with a natural canasta; everyone else 10.
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("#sits-out")).to_have_text("Eve sits out this hand.")
    expect(page.locator("fieldset.player legend")).to_have_text(["Ann", "Cara", "Bob", "Dan"])
    expect(page.locator("label.tile", has_text=re.compile("^Eve$"))).to_have_count(0)
    no_serious_axe_violations(page)
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Bob$")))
    taps.type(side_field(page, "Ann & Cara & Eve", "Meld points"), "50")
    taps.type(side_field(page, "Bob & Dan", "Meld points"), "100")
    taps.type(side_field(page, "Bob & Dan", "Natural canastas"), "1")
    for name in ("Ann", "Cara", "Dan"):
        taps.type(count_field(page, name), "10")
    screenshot(page, "canasta-five-entry")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page)[:2] == ["30", "690"]  # (the Sat out column has no total)
    assert taps.count == 8
    expect(page.locator("table.sheet thead")).to_contain_text("Sat out")
    expect(page.locator("table.sheet tbody")).to_contain_text("Eve")
    expect(guide(page)).to_contain_text("Bob deals")
    expect(guide(page)).to_contain_text("Cara sits out")
