"""Partnership Gin on a phone (390x844): the hand's two games each with their own tiles and their
two players' panels, the taps of a hand counted.

A tap is every click the test makes (a tile, a field focused to type in, Save); typing the digits
into a focused field is not one.  The numbers are SCORING.md's Partnership Gin example:
  1. Ann v Dan, Cara v Bob: Ann knocks 4, Dan 20 -> 16; Cara knocks 3, Bob 15 -> 12: Ann & Cara 28.
  2. Ann v Bob, Cara v Dan: Ann knocks 5, Bob 12 -> 7; Dan knocks 2, Cara 15 -> 13: Bob & Dan 6.
Bob & Dan won hand 2, so deal hand 3: Dan v Ann, Bob v Cara.
Hand 1 is then corrected: Dan had 24, so Ann & Cara 32.
  3. Ann gins, Dan 100 -> 125; Bob v Cara dead: Ann & Cara 125 (157), over the 125 target.
Ann & Cara won 2 hands: 157 + 100 + 50 = 307; Bob & Dan won 1: 6 + 25 = 31; net 276 to Ann & Cara.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .browser_kit import LiveServer, Taps, guide, player, save, screenshot, start_game, totals
from .conftest import PHONE

pytestmark = pytest.mark.browser


def game(page: Page, title: str) -> Locator:
    return page.locator("fieldset.game", has=page.locator("legend", has_text=re.compile(f"^{title}$")))


def test_a_partnership_hand_is_its_two_games_side_by_side_in_seven_taps_and_the_game_settles(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    start_game(page, live_server, "partnership-gin", ["Ann", "Bob", "Cara", "Dan"])
    expect(page.locator("table.sheet thead .name")).to_have_text(["Ann & Cara", "Bob & Dan"])
    expect(guide(page)).to_have_text("Hand 1 · Ann deals 10 cards · 2 decks · Ann v Dan, Cara v Bob")

    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("fieldset.game > legend")).to_have_text(["Ann v Dan", "Cara v Bob"])
    expect(game(page, "Ann v Dan").locator("label.tile")).to_have_text(["Ann", "Dan", "Dead game"])
    screenshot(page, "partnership-entry")
    taps = Taps(page)
    first, second = game(page, "Ann v Dan"), game(page, "Cara v Bob")
    taps.tap(first.locator("label.tile", has_text=re.compile("^Ann$")))
    taps.type(player(page, "Ann").get_by_label("Count", exact=True), "4")
    taps.type(player(page, "Dan").get_by_label("Count", exact=True), "20")
    taps.tap(second.locator("label.tile", has_text=re.compile("^Cara$")))
    taps.type(player(page, "Cara").get_by_label("Count", exact=True), "3")
    taps.type(player(page, "Bob").get_by_label("Count", exact=True), "15")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page)[:2] == ["28", "0"]
    assert taps.count == 7, f"hand 1 took {taps.count} taps"

    # Hand 2 has the other pairing; a game left untapped is refused at its own tiles, the typing kept.
    page.get_by_role("link", name="Record hand 2").click()
    expect(page.locator("fieldset.game > legend")).to_have_text(["Ann v Bob", "Cara v Dan"])
    game(page, "Ann v Bob").locator("label.tile", has_text=re.compile("^Ann$")).click()
    player(page, "Ann").get_by_label("Count", exact=True).fill("5")
    player(page, "Bob").get_by_label("Count", exact=True).fill("12")
    player(page, "Cara").get_by_label("Count", exact=True).fill("15")
    player(page, "Dan").get_by_label("Count", exact=True).fill("2")
    page.locator("#entry button[type=submit]").click()
    expect(game(page, "Cara v Dan").locator(".error")).to_have_text("Cara v Dan: tap who knocked, or 'Dead game'.")
    expect(player(page, "Cara").get_by_label("Count", exact=True)).to_have_value("15")
    game(page, "Cara v Dan").locator("label.tile", has_text=re.compile("^Dan$")).click()
    save(page)
    assert totals(page)[:2] == ["28", "6"]
    expect(guide(page)).to_have_text("Hand 3 · Bob deals 10 cards · 2 decks · Dan v Ann, Bob v Cara")
    page.locator("#hand-2 summary").click()
    expect(page.locator("#hand-2")).to_contain_text("Bob & Dan won 13, Ann & Cara 7: 13 - 7 = 6 to Bob & Dan.")
    screenshot(page, "partnership-sheet")

    # Hand 1 corrected: its own games on the form, as entered; Dan had 24, not 20: Ann & Cara 32.
    page.get_by_role("link", name="Hand 1: why").click()
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.locator("fieldset.game > legend")).to_have_text(["Ann v Dan", "Cara v Bob"])
    expect(player(page, "Dan").get_by_label("Count", exact=True)).to_have_value("20")
    player(page, "Dan").get_by_label("Count", exact=True).fill("24")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected; every total after it is recomputed.")
    assert totals(page)[:2] == ["32", "6"]

    page.get_by_role("link", name="Record hand 3").click()
    game(page, "Dan v Ann").locator("label.tile", has_text=re.compile("^Ann$")).click()
    player(page, "Ann").get_by_label("Count", exact=True).fill("0")
    player(page, "Dan").get_by_label("Count", exact=True).fill("100")
    game(page, "Bob v Cara").locator("label.tile", has_text="Dead game").click()
    save(page)
    expect(page.locator(".banner")).to_have_text("Ann & Cara win!")
    rows = page.locator("table.final tbody tr")
    expected = [["Line (hand scores)", "157", "6"], ["Boxes (hands won)", re.compile(r"2 × (25 )?= 50"),
                                                        re.compile(r"1 × (25 )?= 25")],
                ["Game bonus", "100", "0"], ["Shutout bonus", "0", "0"], ["Grand total", "307", "31"],
                ["Net", "276", "0"]]
    expect(rows).to_have_count(len(expected))
    for row, cells in zip(rows.all(), expected, strict=True):
        expect(row.locator("th, td")).to_have_text(cells)
    screenshot(page, "partnership-finished")
