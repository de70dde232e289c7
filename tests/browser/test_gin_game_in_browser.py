"""A Gin game played to its end on a phone, and the settlement laid out like
the paper sheet.

By hand from SCORING.md (gin, defaults: target 100, gin 25, undercut 25,
game 100, shutout 100, box 25):
  1. Ann knocks with 5, Bob has 30: Ann +25.                       25 / 0
  2. Bob knocks with 8, Ann has 6: undercut, Ann +2 +25 = +27.     52 / 0
  3. Ann goes gin, Bob has 23: Ann +23 +25 = +48.                 100 / 0
Ann reaches 100: game over. Boxes: Ann won 3 hands = 75. Game bonus 100,
shutout 100 (Bob scored nothing). Grand totals 375 / 0, net 375 to Ann.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import (
    LiveServer,
    guide,
    save,
    screenshot,
    start_game,
    totals,
    type_count,
    went_out,
)

pytestmark = pytest.mark.browser

HANDS = [("Ann", 5, 30, ["25", "0"]), ("Bob", 6, 8, ["52", "0"]), ("Ann", 0, 23, ["100", "0"])]
SETTLEMENT: list[list[str | re.Pattern[str]]] = [
    ["Line (hand scores)", "100", "0"],
    ["Boxes (hands won)", re.compile(r"3 × (25 )?= 75"), re.compile(r"0 × (25 )?= 0")],
    ["Game bonus", "100", "0"],
    ["Shutout bonus", "100", "0"],
    ["Grand total", "375", "0"],
    ["Net", "375", "0"],
]


def test_a_gin_game_ends_with_line_boxes_game_shutout_grand_total_and_net(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "gin", ["Ann", "Bob"])
    expect(guide(page)).to_have_text("Hand 1 · Ann deals 10 cards")

    for number, (knocker, ann, bob, after) in enumerate(HANDS, start=1):
        page.get_by_role("link", name=f"Record hand {number}").click()
        expect(page.get_by_role("group", name="Who knocked?")).to_be_visible()
        went_out(page, knocker)
        type_count(page, "Ann", ann)
        type_count(page, "Bob", bob)
        save(page)
        assert totals(page) == after
        if number < 3:
            expect(guide(page)).to_have_text(f"Hand {number + 1} · {['Ann', 'Bob'][number % 2]} deals 10 cards")

    expect(page.locator(".banner")).to_have_text("Ann wins!")
    settlement = page.locator("table.final")
    expect(settlement.locator("caption")).to_have_text("The settlement")
    rows = settlement.locator("tbody tr")
    expect(rows).to_have_count(len(SETTLEMENT))
    for row, cells in zip(rows.all(), SETTLEMENT, strict=True):
        expect(row.locator("th, td")).to_have_text(cells)
    page.locator("#hand-2 summary").click()
    expect(page.locator("#hand-2")).to_contain_text("undercut")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    screenshot(page, "gin-finished")
