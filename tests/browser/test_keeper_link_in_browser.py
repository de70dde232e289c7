"""Every phone keeps score: the owner shows a keeper link's QR code, a phone with no
account scans it and records a hand, and the owner's game page follows in place.

Two browser contexts at 390×844: the owner's (signed in) and a keeper's (no
cookie but what opening the keeper link gives it).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, no_sideways_scroll, read_qr_code, save, screenshot, start_game, type_count, went_out

pytestmark = pytest.mark.browser

LIVE = 2_000  # ms: the owner's page follows another phone's change within two seconds


def test_a_phone_without_an_account_records_a_hand_from_the_keeper_qr_code_and_the_owners_page_follows(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    owner = signed_in
    game_url = start_game(owner, live_server, "basic", ["Ann", "Bob", "Cara"])
    owner.get_by_role("button", name="Let the table keep score").click()
    expect(owner).to_have_url(f"{game_url}#keeper")
    # The page stays at the panel (not at the top, as after a saved hand): its code wholly in view.
    owner.wait_for_load_state("load")
    expect(owner.locator("#keeper .qr-code svg")).to_be_in_viewport(ratio=1)
    link = owner.locator("#keeper .share-url a").get_attribute("href") or ""
    assert re.fullmatch(re.escape(live_server("/k/")) + r"[A-Za-z0-9_-]{32}", link), link
    assert read_qr_code(owner, "#keeper") == link
    expect(owner.locator("#keeper").get_by_role("button", name="Copy link")).to_be_visible()
    screenshot(owner, "keeper-owner-panel")
    owner.evaluate("() => { window.sameDocument = true; }")  # gone if the page were ever reloaded

    keeper = new_context().new_page()  # another phone: no account
    keeper.goto(read_qr_code(owner, "#keeper"))
    expect(keeper).to_have_url(game_url)
    expect(keeper.locator("#keeper-note")).to_contain_text("keeper link")
    assert keeper.get_by_role("link", name="Delete game").count() == 0
    keeper.get_by_role("link", name="Record hand 1").click()
    went_out(keeper, "Ann")
    type_count(keeper, "Bob", 12)
    type_count(keeper, "Cara", 3)
    save(keeper)
    expect(keeper.locator(".flash.success")).to_contain_text("Hand 1 saved")
    assert no_sideways_scroll(keeper)[0] <= 390
    screenshot(keeper, "keeper-phone-sheet")

    # The owner's page, not reloaded, shows the hand and says so.
    expect(owner.locator("table.sheet tfoot td")).to_have_text(["15", "0", "0"], timeout=LIVE)
    expect(owner.locator(".live-news")).to_have_text("Hand 1 recorded")
    expect(owner.locator(".changes li")).to_contain_text(["hand 1 recorded: Ann out; Bob 12; Cara 3 (from a keeper link)"])
    assert owner.evaluate("() => window.sameDocument") is True

    # Undone from the owner's page, which asks first, as before the live part.
    owner.once("dialog", lambda dialog: dialog.accept())
    owner.get_by_role("button", name="Undo hand 1").click()
    expect(owner.locator(".flash.success")).to_contain_text("undone")

    # Turned off: the keeper's next page is not there.
    owner.once("dialog", lambda dialog: dialog.accept())
    owner.get_by_role("button", name="Turn off the keeper link").click()
    expect(owner.get_by_role("button", name="Let the table keep score")).to_be_visible()
    response = keeper.goto(game_url)
    assert response is not None and response.status == 404
