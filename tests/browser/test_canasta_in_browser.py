"""Canasta in partnerships on a phone (390x844): the table seats partners opposite, then three
hands are entered with every tap counted.

Issue 12 asks that a four-player hand with two canastas and one red three is recorded in at
most 12 taps plus the digits typed: a tap is every click the test makes (a tile, a field
focused to type in, a picker's toggle and its cards, a box, Save); typing the digits into a
focused field is not one.  The numbers are SCORING.md's Canasta section, worked out below.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .browser_kit import (
    LiveServer, Taps, count_field, guide, player, row_totals, screenshot, side, side_field, totals,
)
from .conftest import PHONE

pytestmark = pytest.mark.browser


def test_a_table_of_four_seats_partners_opposite_and_plays_three_hands_counting_the_taps(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    page.goto(live_server("/games/new?variant=canasta"))
    for seat, name in enumerate(["Ann", "Cara", "Bob", "Dan"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    line = page.locator("#partners-line")
    expect(line).to_have_text("Ann & Bob against Cara & Dan")
    # One tap trades seats 2 and 3: partners sit opposite, so Ann now partners Cara.
    page.get_by_role("button", name="Swap seats 2 and 3").click()
    expect(line).to_have_text("Ann & Cara against Bob & Dan")
    expect(page.get_by_label("Seat 2", exact=True)).to_have_value("Bob")
    screenshot(page, "canasta-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(page.locator("table.sheet thead .name")).to_have_text(["Ann & Cara", "Bob & Dan"])
    expect(guide(page)).to_have_text("Hand 1 · Ann deals 11 cards · 2 decks + 4 jokers · everyone needs 50 to open")

    # Hand 1, two canastas and one red three: Ann goes out; Ann & Cara meld 270, a natural and a
    # mixed canasta, a red three: 270 + 500 + 300 + 100 + 100 going out - Cara's 15 = 1255.
    # Bob & Dan meld 150, less Bob's 60 and Dan's 15 = 75.
    page.get_by_role("link", name="Record hand 1").click()
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    taps.type(side_field(page, "Ann & Cara", "Meld points"), "270")
    taps.type(side_field(page, "Ann & Cara", "Natural canastas"), "1")
    taps.type(side_field(page, "Ann & Cara", "Mixed canastas"), "1")
    taps.type(side_field(page, "Ann & Cara", "Red threes"), "1")
    taps.type(side_field(page, "Bob & Dan", "Meld points"), "150")
    taps.type(count_field(page, "Cara"), "15")
    taps.type(count_field(page, "Bob"), "60")
    taps.type(count_field(page, "Dan"), "15")
    expect(player(page, "Ann")).to_have_class(re.compile(r"\bis-out\b"))  # folded: she holds nothing
    screenshot(page, "canasta-entry")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["1255", "75"]
    assert taps.count <= 12, f"hand 1 took {taps.count} taps"
    assert taps.count == 10

    # Hand 2, the rule book's: Cara goes out concealed; Ann & Cara meld 180, a natural canasta and
    # three red threes; Ann holds AS 9D: 180 + 500 + 300 + 200 - 30 = 1150.  Bob & Dan melded
    # nothing and laid down a red three: -100 - 95 - 40 = -235.
    page.get_by_role("link", name="Record hand 2").click()
    page.locator("label.tile", has_text=re.compile("^Cara$")).click()
    page.get_by_role("checkbox", name=re.compile("^Concealed")).check()
    side_field(page, "Ann & Cara", "Meld points").fill("180")
    side_field(page, "Ann & Cara", "Natural canastas").fill("1")
    side_field(page, "Ann & Cara", "Red threes").fill("3")
    side_field(page, "Bob & Dan", "Meld points").fill("0")
    side_field(page, "Bob & Dan", "Red threes").fill("1")
    panel = player(page, "Ann")
    panel.get_by_role("button", name="Pick cards").click()
    for card in ("ace of spades", "9 of diamonds"):
        panel.get_by_role("button", name=card, exact=True).click()
    expect(panel.locator(".value")).to_contain_text("2 cards, worth 30")
    count_field(page, "Bob").fill("95")
    count_field(page, "Dan").fill("40")
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert row_totals(page, 2) == ["2405", "-160"]
    # Below 0 a side opens with 15; from 1,500 with 90.
    expect(guide(page)).to_have_text(
        "Hand 3 · Cara deals 11 cards · 2 decks + 4 jokers · Ann & Cara need 90 to open, Bob & Dan 15")
    page.locator("details#hand-2 summary").click()
    expect(page.locator("details#hand-2")).to_contain_text(
        "Cara went out concealed, the whole hand melded in one turn: 200 for going out.")

    # Hand 3: the stock runs out.  Bob & Dan's meld points are mistyped first: the refusal is
    # shown at their field, everything typed stays.  Ann & Cara 90 - Ann 10 - Cara 5 = 75;
    # Bob & Dan 150 - Dan's joker 50 = 100.
    page.get_by_role("link", name="Record hand 3").click()
    page.locator("label.tile", has_text="The stock ran out").click()
    side_field(page, "Ann & Cara", "Meld points").fill("90")
    side_field(page, "Bob & Dan", "Meld points").fill("152")
    count_field(page, "Ann").fill("10")
    count_field(page, "Cara").fill("5")
    count_field(page, "Bob").fill("0")
    dan = player(page, "Dan")
    dan.get_by_role("button", name="Pick cards").click()
    dan.get_by_role("button", name="joker", exact=True).click()
    page.locator("#entry button[type=submit]").click()
    mistake = side(page, "Bob & Dan").locator(".side-fields .error")
    expect(mistake).to_have_text("meld_points must be a multiple of 5")
    expect(side_field(page, "Bob & Dan", "Meld points")).to_have_attribute("aria-invalid", "true")
    expect(player(page, "Dan").get_by_label("or the cards")).to_have_value("JK")
    screenshot(page, "canasta-entry-refused")
    side_field(page, "Bob & Dan", "Meld points").fill("150")
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["2480", "-60"]
    expect(page.locator("table.sheet tbody tr").nth(2).locator("td.went-out")).to_have_count(0)
    screenshot(page, "canasta-sheet")


def own_field(page: Page, name: str, label: str) -> Locator:
    """A side of one's field: in its player's own panel (two or three play each for themselves)."""
    return player(page, name).locator(".side-fields").get_by_label(label, exact=True)


def record(page: Page, number: int, out: str, fields: list[tuple[Locator, str]], *, concealed: bool = False) -> None:
    page.get_by_role("link", name=f"Record hand {number}").click()
    page.locator("label.tile", has_text=re.compile(f"^{re.escape(out)}$")).click()
    if concealed:
        page.get_by_role("checkbox", name=re.compile("^Concealed")).check()
    for field, value in fields:
        field.fill(value)
    page.locator("#entry button[type=submit]").click()


def saved(page: Page) -> None:
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    expect(page.locator(".flash.error")).to_have_count(0)


def test_two_players_each_for_themselves_play_canasta_to_5000(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.goto(live_server("/games/new?variant=canasta"))
    page.get_by_label("Seat 1", exact=True).fill("Ann")
    page.get_by_label("Seat 2", exact=True).fill("Bob")
    expect(page.locator("#partners-line")).to_have_text("Each plays for themselves.")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("table.sheet thead .name")).to_have_text(["Ann", "Bob"])
    expect(guide(page)).to_contain_text("Ann deals 15 cards · 2 decks + 4 jokers · draw 2 a turn")

    # Hand 1: two players need two canastas to go out; Ann's one is refused at her own field.
    # With both: Ann 300 + 500 + 300 + 100 = 1200; Bob 100 + a red three 100 - 40 = 160.
    record(page, 1, "Ann", [(own_field(page, "Ann", "Meld points"), "300"),
                            (own_field(page, "Ann", "Natural canastas"), "1"),
                            (own_field(page, "Bob", "Meld points"), "100"),
                            (own_field(page, "Bob", "Red threes"), "1"),
                            (count_field(page, "Bob"), "40")])
    expect(player(page, "Ann").locator(".side-fields .error")).to_have_text("went out with 1 canasta (2 needed)")
    own_field(page, "Ann", "Mixed canastas").fill("1")
    page.locator("#entry button[type=submit]").click()
    saved(page)
    assert totals(page) == ["1200", "160"]

    # Hand 2: Bob goes out concealed with all four red threes: 900 + 1500 + 600 + 800 + 200 = 4000.
    # Ann melded nothing and holds two jokers: -100.
    page.get_by_role("link", name="Record hand 2").click()
    page.locator("label.tile", has_text=re.compile("^Bob$")).click()
    page.get_by_role("checkbox", name=re.compile("^Concealed")).check()
    for label, value in (("Meld points", "900"), ("Natural canastas", "3"), ("Mixed canastas", "2"),
                         ("Red threes", "4")):
        own_field(page, "Bob", label).fill(value)
    own_field(page, "Ann", "Meld points").fill("0")
    ann = player(page, "Ann")
    ann.get_by_role("button", name="Pick cards").click()
    ann.get_by_role("button", name="joker", exact=True).click()
    ann.get_by_role("button", name="joker", exact=True).click()
    expect(ann.locator(".value")).to_contain_text("2 cards, worth 100")
    page.locator("#entry button[type=submit]").click()
    saved(page)
    assert totals(page) == ["1100", "4160"]

    # Hand 3: Bob goes out again, 800 + 1000 + 100 = 1900: 6060 passes 5000.  Ann 50 - 20.
    record(page, 3, "Bob", [(own_field(page, "Bob", "Meld points"), "800"),
                            (own_field(page, "Bob", "Natural canastas"), "2"),
                            (own_field(page, "Ann", "Meld points"), "50"),
                            (count_field(page, "Ann"), "20")])
    saved(page)
    expect(page.locator(".banner")).to_have_text("Bob wins!")
    assert totals(page) == ["1130", "6060"]


def test_six_players_in_three_sides_of_two_play_canasta_to_7500(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.goto(live_server("/games/new?variant=canasta"))
    for seat, name in enumerate(["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    line = page.locator("#partners-line")
    expect(line).to_have_text("Ann & Cara & Eve against Bob & Dan & Fay")
    page.get_by_text("three sides of two").click()
    expect(line).to_have_text("Ann & Dan against Bob & Eve against Cara & Fay")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("table.sheet thead .name")).to_have_text(["Ann & Dan", "Bob & Eve", "Cara & Fay"])
    expect(page.locator(".lede")).to_contain_text("7500")
    expect(guide(page)).to_contain_text("13 cards · 3 decks + 6 jokers")

    # Hand 1, three decks: all six red threes are 1200.  Ann out, two canastas needed: Ann & Dan
    # 1200 + 5 x 500 + 3 x 300 + 1200 + 100 - Dan's 10 = 5890; Bob & Eve 100 - 50 = 50;
    # Cara & Fay melded nothing: -90.
    record(page, 1, "Ann", [(side_field(page, "Ann & Dan", "Meld points"), "1200"),
                            (side_field(page, "Ann & Dan", "Natural canastas"), "5"),
                            (side_field(page, "Ann & Dan", "Mixed canastas"), "3"),
                            (side_field(page, "Ann & Dan", "Red threes"), "6"),
                            (side_field(page, "Bob & Eve", "Meld points"), "100"),
                            (side_field(page, "Cara & Fay", "Meld points"), "0"),
                            (count_field(page, "Dan"), "10"), (count_field(page, "Bob"), "20"),
                            (count_field(page, "Eve"), "30"), (count_field(page, "Cara"), "40"),
                            (count_field(page, "Fay"), "50")])
    saved(page)
    assert totals(page) == ["5890", "50", "-90"]
    expect(guide(page)).to_contain_text("Ann & Dan need 120 to open, Bob & Eve 50, Cara & Fay 15")

    # Hand 2: Eve goes out, Bob & Eve 500 + 1000 + 100 - 10 = 1590; Ann & Dan 1000 + 1000 = 2000
    # reach 7890, past 7500; Cara & Fay -10.
    record(page, 2, "Eve", [(side_field(page, "Bob & Eve", "Meld points"), "500"),
                            (side_field(page, "Bob & Eve", "Natural canastas"), "2"),
                            (side_field(page, "Ann & Dan", "Meld points"), "1000"),
                            (side_field(page, "Ann & Dan", "Natural canastas"), "2"),
                            (side_field(page, "Cara & Fay", "Meld points"), "0"),
                            (count_field(page, "Bob"), "10"), (count_field(page, "Ann"), "0"),
                            (count_field(page, "Dan"), "0"), (count_field(page, "Cara"), "5"),
                            (count_field(page, "Fay"), "5")])
    saved(page)
    expect(page.locator(".banner")).to_have_text("Ann & Dan win!")
    assert totals(page) == ["7890", "1640", "-100"]
