"""The variant-specific controls of the hand entry page, tapped as at the table.

By hand from SCORING.md section 5:
- 500: score = melded - left; A 15, J/Q/K 10, others pip.
- Oklahoma Gin: the upcard's value is the knock limit; a knocker lower than
  the defender scores the difference.
- Indian: declarer 0, first drop 20, a typed count as it is.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, player, save, start_game, totals, type_count, went_out

pytestmark = pytest.mark.browser


def _pick_into(page: Page, name: str, field: str, cards: list[str]) -> None:
    """Tap cards in the picker under one of a 500 player's two card fields."""
    panel = player(page, name)
    box = panel.locator(".field", has=page.get_by_label(field))
    box.get_by_role("button", name="Pick cards").click()
    grid = panel.locator(".picker:not([hidden])")
    for card in cards:
        grid.get_by_role("button", name=card, exact=True).click()
    box.get_by_role("button", name="Pick cards").click()  # folded away again


def test_500_takes_melded_and_left_cards_from_the_picker_and_shows_both_values(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "500", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    _pick_into(page, "Ann", "Melded (cards or points)", ["7 of hearts", "8 of hearts", "9 of hearts"])
    player(page, "Bob").get_by_label("Melded (cards or points)").fill("15")
    _pick_into(page, "Bob", "Left in hand (cards or points)", ["king of spades", "ace of spades"])

    expect(player(page, "Ann").get_by_label("Melded (cards or points)")).to_have_value("7H 8H 9H")
    expect(player(page, "Ann").locator(".value")).to_have_text("Melded: 3 cards, worth 24")
    expect(player(page, "Bob").get_by_label("Left in hand (cards or points)")).to_have_value("KS AS")
    expect(player(page, "Bob").locator(".value")).to_have_text("Left in hand: 2 cards, worth 25")
    player(page, "Bob").get_by_label("Melded (cards or points)").fill("5C 5D 5S")  # typed cards: 15 again
    expect(player(page, "Bob").locator(".value")).to_have_text(
        "Melded: 3 cards, worth 15 · Left in hand: 2 cards, worth 25"
    )
    save(page)

    assert totals(page) == ["24", "-10"]


def test_oklahoma_upcard_is_picked_with_one_tap_and_sets_the_knock_limit(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "oklahoma-gin", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    page.get_by_role("button", name="Pick the card").click()
    page.get_by_role("button", name="3 of hearts", exact=True).click()
    expect(page.get_by_label("Upcard (sets the knock limit)")).to_have_value("3H")
    expect(page.get_by_role("button", name="Pick the card")).to_have_attribute("aria-expanded", "false")
    went_out(page, "Ann")
    type_count(page, "Ann", 5)
    type_count(page, "Bob", 20)
    page.get_by_role("button", name="Save hand 1").click()
    expect(player(page, "Ann").locator(".error")).to_have_text("cannot knock with 5 (the limit is 3)")

    page.get_by_role("button", name="Pick the card").click()
    page.get_by_role("button", name="7 of hearts", exact=True).click()  # another card replaces it
    expect(page.get_by_label("Upcard (sets the knock limit)")).to_have_value("7H")
    save(page)

    assert totals(page) == ["15", "0"]


def test_indian_takes_a_drop_with_one_tap_beside_typed_counts(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "indian", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_role("group", name="Who declared?")).to_be_visible()
    went_out(page, "Ann")
    player(page, "Bob").get_by_text("First drop").click()
    type_count(page, "Cara", 30)
    page.get_by_label("Wild rank this deal").select_option("7")
    save(page)

    assert totals(page) == ["0", "20", "30"]
