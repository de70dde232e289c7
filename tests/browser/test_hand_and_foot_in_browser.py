"""Hand and Foot on a phone (390x844): partners seated opposite, the four deals entered, the first
with every tap counted.

Issue 27 asks that a Hand and Foot hand is recorded in at most 14 taps plus the digits typed: a
tap is every click the test makes (a tile, a field focused to type in, a picker's toggle and its
cards, Save); typing the digits into a focused field is not one.  The numbers are SCORING.md's
Hand and Foot section, worked out below.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from .browser_kit import LiveServer, Taps, guide, player, row_totals, screenshot, side, side_field, totals
from .conftest import PHONE

pytestmark = pytest.mark.browser

AXE = Axe()
#: as the accessibility module scans every page: axe's default rules and the touch-target size
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


def axe_violations(page: Page) -> list[str]:
    """The serious and critical axe violations of the page as it stands."""
    page.evaluate(AXE.axe_script)
    found = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)["violations"]
    return [f"{v['id']}: {v['help']}" for v in found if v["impact"] in ("serious", "critical")]


def hand_field(page: Page, name: str) -> Locator:
    return player(page, name).get_by_label("Hand (count or cards)", exact=True)


def foot_field(page: Page, name: str) -> Locator:
    return player(page, name).get_by_label("Foot (count or cards)", exact=True)


def saved(page: Page) -> None:
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    expect(page.locator(".flash.error")).to_have_count(0)


def test_four_players_enter_the_four_deals_the_first_in_at_most_14_taps(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    page.goto(live_server("/games/new?variant=hand-and-foot"))
    for seat, name in enumerate(["Ann", "Cara", "Bob", "Dan"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Swap seats 2 and 3").click()
    expect(page.locator("#partners-line")).to_have_text("Ann & Cara against Bob & Dan")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    # The sides; each deal's minimum meld gets a column of its own once a deal has one (below).
    expect(page.locator("table.sheet thead .name")).to_have_text(["Ann & Cara", "Bob & Dan"])
    expect(guide(page)).to_have_text(
        "Hand 1 · Ann deals 11 cards · 5 decks + 10 jokers · a foot of 11 too · deal 1 of 4 · everyone needs 50 to open")

    # Deal 1, the rule book's, by counts: Ann goes out; Ann & Cara 610 + 2 clean books 1000 + a
    # dirty one 300 + a red three 100 + 100 going out - Cara's hand 15 and foot 85 = 2010.
    # Bob & Dan 340 + a clean book 500 - Bob 30 - Dan's hand 155 and foot 60 = 595.
    page.get_by_role("link", name="Record hand 1").click()
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    taps.type(side_field(page, "Ann & Cara", "Meld points"), "610")
    taps.type(side_field(page, "Ann & Cara", "Clean books"), "2")
    taps.type(side_field(page, "Ann & Cara", "Dirty books"), "1")
    taps.type(side_field(page, "Ann & Cara", "Red threes"), "1")
    taps.type(side_field(page, "Bob & Dan", "Meld points"), "340")
    taps.type(side_field(page, "Bob & Dan", "Clean books"), "1")
    taps.type(hand_field(page, "Cara"), "15")
    taps.type(foot_field(page, "Cara"), "85")
    taps.type(hand_field(page, "Bob"), "30")
    taps.type(hand_field(page, "Dan"), "155")
    taps.type(foot_field(page, "Dan"), "60")
    expect(player(page, "Ann")).to_have_class(re.compile(r"\bis-out\b"))  # folded: she holds nothing
    screenshot(page, "hand-and-foot-entry")
    taps.tap(page.locator("#entry button[type=submit]"))
    saved(page)
    expect(page.locator("table.sheet thead .name")).to_have_text(["Ann & Cara", "Bob & Dan", "To open"])
    assert totals(page) == ["2010", "595", ""]  # (the last column has no total)
    assert taps.count <= 14, f"deal 1 took {taps.count} taps"
    assert taps.count == 13
    expect(guide(page)).to_contain_text("deal 2 of 4 · everyone needs 90 to open")
    assert row_totals(page, 1) == ["2010", "595", "50"]  # and deal 1's minimum meld

    # Deal 2: Bob goes out; Bob & Dan 400 + 500 + 300 + 100 - Dan's picked 3H JK 7C (155) = 1145.
    # Cara is tapped first by mistake: her side has no dirty book, so it cannot have gone out; the
    # refusal is at Ann & Cara's numbers and everything typed stays.
    page.get_by_role("link", name="Record hand 2").click()
    page.locator("label.tile", has_text=re.compile("^Cara$")).click()
    side_field(page, "Ann & Cara", "Meld points").fill("200")
    side_field(page, "Ann & Cara", "Clean books").fill("1")
    side_field(page, "Bob & Dan", "Meld points").fill("400")
    side_field(page, "Bob & Dan", "Clean books").fill("1")
    side_field(page, "Bob & Dan", "Dirty books").fill("1")
    hand_field(page, "Ann").fill("45")
    foot_field(page, "Ann").fill("90")
    hand_field(page, "Bob").fill("0")
    dan = player(page, "Dan")
    dan.get_by_role("button", name="Pick cards").first.click()
    for card in ("3 of hearts", "joker", "7 of clubs"):
        dan.get_by_role("button", name=card, exact=True).click()
    expect(dan.locator(".value")).to_contain_text("Hand: 3 cards, worth 155")
    page.locator("#entry button[type=submit]").click()
    expect(side(page, "Ann & Cara").locator(".side-fields .error")).to_have_text(
        "went out with 1 clean and 0 dirty books (1 clean and 1 dirty needed)")
    expect(hand_field(page, "Dan")).to_have_value("3H JK 7C")
    screenshot(page, "hand-and-foot-entry-refused")
    assert axe_violations(page) == []  # the refused form, its messages at their fields
    page.locator("label.tile", has_text=re.compile("^Bob$")).click()
    hand_field(page, "Cara").fill("10")
    page.locator("#entry button[type=submit]").click()
    saved(page)
    # Ann & Cara 200 + 500 - 45 - 90 - 10 = 555.
    assert row_totals(page, 2) == ["2565", "1740", "90"]
    expect(guide(page)).to_contain_text("everyone needs 120 to open")

    # Deal 3: Dan goes out; Bob & Dan 300 + 500 + 300 + 100 - Bob 20 = 1180; Ann & Cara 100 - 30 - 20 = 50.
    page.get_by_role("link", name="Record hand 3").click()
    page.locator("label.tile", has_text=re.compile("^Dan$")).click()
    for who, label, value in (("Bob & Dan", "Meld points", "300"), ("Bob & Dan", "Clean books", "1"),
                              ("Bob & Dan", "Dirty books", "1"), ("Ann & Cara", "Meld points", "100")):
        side_field(page, who, label).fill(value)
    hand_field(page, "Bob").fill("20")
    hand_field(page, "Ann").fill("30")
    hand_field(page, "Cara").fill("20")
    page.locator("#entry button[type=submit]").click()
    saved(page)
    assert totals(page) == ["2615", "2920", ""]  # (the last column has no total)

    # Deal 4, the rule book's: the stock runs out. Ann & Cara 250 + 300 + 200 - 40 - 25 - 70 = 615;
    # Bob & Dan 900 + 500 + 1500 - 10 - 5 = 2885.  The game is over: Bob & Dan win 5805 to 3230.
    page.get_by_role("link", name="Record hand 4").click()
    page.locator("label.tile", has_text="The stock ran out").click()
    for who, label, value in (("Ann & Cara", "Meld points", "250"), ("Ann & Cara", "Dirty books", "1"),
                              ("Ann & Cara", "Red threes", "2"), ("Bob & Dan", "Meld points", "900"),
                              ("Bob & Dan", "Clean books", "1"), ("Bob & Dan", "Wild books", "1")):
        side_field(page, who, label).fill(value)
    for who, hand, foot in (("Ann", "40", ""), ("Cara", "25", "70"), ("Bob", "10", ""), ("Dan", "5", "")):
        hand_field(page, who).fill(hand)
        if foot:
            foot_field(page, who).fill(foot)
    page.locator("#entry button[type=submit]").click()
    saved(page)
    expect(page.locator(".banner")).to_have_text("Bob & Dan win!")
    assert totals(page) == ["3230", "5805", ""]  # (the last column has no total)
    screenshot(page, "hand-and-foot-sheet")
    assert axe_violations(page) == []
