"""A second phone opens the game's QR code and watches the sheet update as the
owner records, corrects and undoes hands -- without an account, without a reload.

Two browser contexts: the owner's (signed in, entering hands through the
real entry page) and a guest's (no cookies at all, the live link only).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from .browser_kit import LiveServer, guide, read_qr_code, save, screenshot, start_game, type_count, went_out

pytestmark = pytest.mark.browser

LIVE = 2_000  # ms: the sheet on every phone follows a change within two seconds
EXPECT = 15_000  # ms: the most a test waits for an event that is not timed (the suite's expect timeout)


def record_hand(page: Page, number: int, out: str, counts: dict[str, int]) -> None:
    page.get_by_role("link", name=f"Record hand {number}").click()
    went_out(page, out)
    for name, count in counts.items():
        type_count(page, name, count)
    save(page)


def test_a_second_phone_follows_the_sheet_live_from_the_qr_code(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    owner = signed_in
    game_url = start_game(owner, live_server, "basic", ["Ann", "Bob", "Cara"])
    owner.get_by_role("button", name="Share a live link").click()
    expect(owner).to_have_url(f"{game_url}#share")
    # The page stays at the panel (not at the top, as after a saved hand): its code wholly in view.
    owner.wait_for_load_state("load")
    expect(owner.locator(".share .qr-code svg")).to_be_in_viewport(ratio=1)
    link = owner.locator(".share-url a").get_attribute("href") or ""
    assert re.fullmatch(re.escape(live_server("/s/")) + r"[A-Za-z0-9_-]{32,}", link), link
    assert read_qr_code(owner) == link
    screenshot(owner, "share-owner-panel")

    guest = new_context().new_page()  # another phone: no account, no cookie
    guest.goto(read_qr_code(owner))
    expect(guide(guest)).to_have_text("Hand 1 · Ann deals 7 cards")
    expect(guest.locator(".live-word")).to_have_text("Live")
    # (none but the language switch at the foot, which changes only what this phone reads)
    assert guest.locator("form:not(.language-switch), button:not(.language-switch *), input:not(.language-switch *)").count() == 0
    loads: list[str] = []
    guest.on("load", lambda: loads.append(guest.url))
    guest.evaluate("() => { window.sameDocument = true; }")  # gone if the page were ever reloaded

    # While nothing happens the phone's ask is held by the server, not sent again every second:
    # the ask out as the hand is recorded (share.js marks it data-asking) is the one that brings
    # it, held till then, as the server says in Preference-Applied (asked every second, it would
    # have been answered 304 at once and the hand brought by a later ask).
    guest.wait_for_function("() => document.querySelector('#live-sheet').hasAttribute('data-asking')")
    asked_since: list[Request] = []
    guest.on("request", lambda request: asked_since.append(request) if "/sheet" in request.url else None)
    with guest.expect_response(lambda response: "/sheet" in response.url and response.status == 200,
                               timeout=EXPECT) as news:
        record_hand(owner, 1, "Ann", {"Bob": 12, "Cara": 3})
    assert news.value.request not in asked_since  # asked before the hand, and held till it
    assert news.value.headers.get("preference-applied") == "wait=25"
    assert news.value.request.headers.get("prefer") == "wait=25"
    expect(guest.locator("table.sheet tfoot td")).to_have_text(["15", "0", "0"], timeout=LIVE)
    expect(guide(guest)).to_have_text("Hand 2 · Bob deals 7 cards", timeout=LIVE)
    expect(guest.locator(".live-news")).to_have_text("Hand 1 recorded")

    record_hand(owner, 2, "Bob", {"Ann": 4, "Cara": 9})
    expect(guest.locator("table.sheet tfoot td")).to_have_text(["15", "13", "0"], timeout=LIVE)
    expect(guest.locator(".live-news")).to_have_text("Hand 2 recorded")

    # A correction and an undo reach the second phone too.
    owner.goto(f"{game_url}/hands/1/edit")
    type_count(owner, "Bob", 30)
    save(owner)
    expect(guest.locator("table.sheet tfoot td")).to_have_text(["33", "13", "0"], timeout=LIVE)
    expect(guest.locator(".live-news")).to_have_text("Hand 1 corrected")
    owner.once("dialog", lambda dialog: dialog.accept())
    owner.get_by_role("button", name="Undo hand 2").click()
    expect(owner.locator(".flash.success")).to_contain_text("undone")
    expect(guest.locator("table.sheet tfoot td")).to_have_text(["33", "0", "0"], timeout=LIVE)
    expect(guest.locator(".live-news")).to_have_text("Hand 2 undone")
    expect(guest.locator(".changes li")).to_have_count(2)

    assert guest.evaluate("() => window.sameDocument") is True
    assert loads == []
    screenshot(guest, "share-live-guest")


def test_the_live_page_says_reconnecting_when_offline_and_stops_when_the_link_is_turned_off(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    owner = signed_in
    game_url = start_game(owner, live_server, "basic", ["Ann", "Bob"])
    owner.get_by_role("button", name="Share a live link").click()
    link = owner.locator(".share-url a").get_attribute("href") or ""
    context = new_context()
    guest = context.new_page()
    guest.goto(link)
    expect(guest.locator(".live-word")).to_have_text("Live")

    context.set_offline(True)
    expect(guest.locator(".live-word")).to_have_text("Reconnecting…")
    # Back online: one ask answered at once, then the next one held by the server.
    with guest.expect_request(lambda request: request.url.endswith("/sheet") and "prefer" in request.headers,
                              timeout=LIVE) as asked:
        context.set_offline(False)
    expect(guest.locator(".live-word")).to_have_text("Live")
    held = asked.value

    # A phone put away (the tab hidden) lets the held ask go and asks nothing more; shown
    # again, it asks at once (not held), even though the held ask had 20 s and more to go.
    with guest.expect_event("requestfailed", lambda request: request == held, timeout=LIVE):
        guest.evaluate("""() => {
            Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
            document.dispatchEvent(new Event("visibilitychange"));
        }""")
    expect(guest.locator("#live-sheet")).to_have_attribute("data-paused", "")
    with guest.expect_request(lambda request: request.url.endswith("/sheet"), timeout=LIVE) as shown:
        guest.evaluate("""() => {
            delete document.hidden;
            document.dispatchEvent(new Event("visibilitychange"));
        }""")
    assert "prefer" not in shown.value.headers
    expect(guest.locator("#live-sheet")).not_to_have_attribute("data-paused", "")

    owner.once("dialog", lambda dialog: dialog.accept())
    owner.get_by_role("button", name="Turn off the live link").click()
    expect(owner).to_have_url(f"{game_url}#share")
    expect(owner.get_by_role("button", name="Share a live link")).to_be_visible()
    expect(guest.locator(".live-word")).to_have_text("This live link was turned off")
    assert guest.goto(link).status == 404
