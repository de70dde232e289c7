"""Starting a game from the players already saved: a tap seats a name."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, guide, start_game

pytestmark = pytest.mark.browser


def test_saved_players_are_seated_with_a_tap_and_the_first_dealer_list_follows(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "gin", ["Ann", "Bob"])  # saves Ann and Bob

    page.goto(live_server("/games/new?variant=basic"))
    chips = page.get_by_role("group", name="Your players")
    chips.get_by_role("button", name="Bob").click()
    chips.get_by_role("button", name="Ann").click()
    page.get_by_label("Seat 3", exact=True).fill("Cara")
    expect(page.get_by_label("Seat 1", exact=True)).to_have_value("Bob")
    expect(page.get_by_label("Seat 2", exact=True)).to_have_value("Ann")
    expect(chips.get_by_role("button", name="Bob")).to_have_attribute("aria-pressed", "true")
    chips.get_by_role("button", name="Ann").click()  # a second tap unseats
    expect(page.get_by_label("Seat 2", exact=True)).to_have_value("")
    expect(chips.get_by_role("button", name="Ann")).to_have_attribute("aria-pressed", "false")
    chips.get_by_role("button", name="Ann").click()
    expect(page.get_by_label("First dealer").locator("option")).to_have_text(
        ["Seat 1: Bob", "Seat 2: Ann", "Seat 3: Cara", "Seat 4", "Seat 5", "Seat 6"]
    )
    page.get_by_label("First dealer").select_option(label="Seat 3: Cara")
    page.get_by_role("button", name="Start the game").click()

    expect(guide(page)).to_have_text("Hand 1 · Cara deals 7 cards")
    expect(page.locator("table.sheet thead th[scope=col] .name")).to_have_text(["Bob", "Ann", "Cara"])
