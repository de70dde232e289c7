"""Cutthroat Gin on a phone (390x844): each hand's form asks only its two players, names who sits
out, and the game ends with every pair's settlement; the taps of a hand counted.

A tap is every click the test makes (a tile, a field focused to type in, Save); typing the digits
into a focused field is not one.  The numbers are SCORING.md's first Cutthroat example:
  1. Ann deals v Bob (Cara sits out): Ann knocks 5, Bob 30 -> Ann 25.
  2. Cara deals v Ann (Bob sits out): Cara gins, Ann 22 -> Cara 47.
  3. Bob deals v Cara (Ann sits out): Cara knocks 3, Bob 40 -> Cara 37 (84).
  4. Ann deals v Cara (Bob sits out): Cara knocks 2, Ann 20 -> Cara 18 (102): over.
Hand 3 is then corrected: Bob had 45, so Cara 42 there, 107 in all.
Grand totals Ann 50, Bob 0, Cara 107 + 100 + 75 = 282; pairs Ann-Bob 50 to Ann, Ann-Cara 232 to Cara,
Bob-Cara 282 + 100 shutout = 382 to Cara; net Ann -182, Bob -432, Cara 614.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, Taps, guide, player, save, screenshot, start_game, totals, type_count, went_out
from .conftest import PHONE

pytestmark = pytest.mark.browser

HANDS = [
    ("Ann", "Cara", {"Ann": 5, "Bob": 30}, ["25", "0", "0"]),
    ("Cara", "Bob", {"Cara": 0, "Ann": 22}, ["25", "0", "47"]),
    ("Cara", "Ann", {"Bob": 40, "Cara": 3}, ["25", "0", "84"]),
    ("Cara", "Bob", {"Ann": 20, "Cara": 2}, ["25", "0", "102"]),
]
SETTLEMENT: list[list[str | re.Pattern[str]]] = [
    ["Line (hand scores)", "25", "0", "107"],
    ["Boxes (hands won)", re.compile(r"1 × (25 )?= 25"), re.compile(r"0 × (25 )?= 0"), re.compile(r"3 × (25 )?= 75")],
    ["Game bonus", "0", "0", "100"],
    ["Grand total", "50", "0", "282"],
    ["Ann v Bob", "50", "-50", ""],
    ["Ann v Cara", "-232", "", "232"],
    ["Bob v Cara", "", "-382", "382"],
    ["Net", "-182", "-432", "614"],
]


def test_a_cutthroat_hand_asks_only_its_two_players_in_four_taps_and_the_game_settles_each_pair(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    start_game(page, live_server, "cutthroat-gin", ["Ann", "Bob", "Cara"])
    expect(guide(page)).to_have_text("Hand 1 · Ann deals 10 cards · Playing: Ann, Bob · Sits out: Cara")

    # Hand 1 with its taps counted: the knocker's tile, each count's field, Save.
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("fieldset.player legend")).to_have_text(["Ann", "Bob"])  # Cara sits out
    expect(page.locator(".aside-line")).to_have_text("Sits out: Cara")
    expect(page.locator("label.tile")).to_have_text(["Ann", "Bob", "Dead hand"])
    screenshot(page, "cutthroat-entry")
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    taps.type(player(page, "Ann").get_by_label("Count", exact=True), "5")
    taps.type(player(page, "Bob").get_by_label("Count", exact=True), "30")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page)[:3] == ["25", "0", "0"]
    assert taps.count == 4, f"hand 1 took {taps.count} taps"
    expect(guide(page)).to_have_text("Hand 2 · Cara deals 10 cards · Playing: Cara, Ann · Sits out: Bob")

    for number, (knocker, sitter, counts, after) in enumerate(HANDS[1:], start=2):
        page.get_by_role("link", name=f"Record hand {number}").click()
        expect(page.locator("fieldset.player legend")).to_have_text([n for n in ("Ann", "Bob", "Cara") if n != sitter])
        went_out(page, knocker)
        for name, count in counts.items():
            type_count(page, name, count)
        save(page)
        assert totals(page)[:3] == after

    # Hand 3 corrected: its form asks Bob and Cara again (Ann sat it out); Bob had 45, not 40.
    page.get_by_role("link", name="Hand 3: why").click()
    page.get_by_role("link", name="Correct hand 3").click()
    expect(page.locator("fieldset.player legend")).to_have_text(["Bob", "Cara"])
    expect(page.locator(".aside-line")).to_have_text("Sits out: Ann")
    expect(player(page, "Bob").get_by_label("Count", exact=True)).to_have_value("40")
    player(page, "Bob").get_by_label("Count", exact=True).fill("45")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text("Hand 3 corrected; every total after it is recomputed.")
    assert totals(page)[:3] == ["25", "0", "107"]

    expect(page.locator(".banner")).to_have_text("Cara wins!")
    settlement = page.locator("table.final")
    rows = settlement.locator("tbody tr")
    expect(rows).to_have_count(len(SETTLEMENT))
    for row, cells in zip(rows.all(), SETTLEMENT, strict=True):
        expect(row.locator("th, td")).to_have_text(cells)
    expect(page.locator("body")).to_contain_text("Bob v Cara: 282 - 0 + 100 shutout bonus (Bob scored nothing) = 382 to Cara.")
    screenshot(page, "cutthroat-finished")
