"""What a newcomer meets first on a phone: labels that read as words, and no field to trip on."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, player, save, start_game, totals, went_out

pytestmark = pytest.mark.browser


def test_the_house_rules_heading_reads_as_words_not_two_squeezed_columns(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(live_server("/games/new?variant=gin"))
    summary = page.locator(".house-rules summary")

    # "House rules" is one run of text: laid out on one line, not broken word by word.
    lines = summary.evaluate(
        """summary => {
            const walker = document.createTreeWalker(summary, NodeFilter.SHOW_TEXT);
            let node;
            while ((node = walker.nextNode()) && !node.textContent.includes("House rules")) {}
            const range = document.createRange();
            const start = node.textContent.indexOf("House rules");
            range.setStart(node, start);
            range.setEnd(node, start + "House rules".length);
            return new Set(Array.from(range.getClientRects()).map(rect => Math.round(rect.top))).size;
        }"""
    )
    assert lines == 1


def test_the_signed_in_menu_fits_on_one_line_at_360_px(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(live_server("/games"))

    tops = page.locator(".site-header nav").evaluate(
        "nav => Array.from(nav.querySelectorAll('a, button')).map(item => Math.round(item.getBoundingClientRect().top))"
    )
    assert len(tops) >= 3
    assert len(set(tops)) == 1, tops


def test_500_does_not_ask_whoever_went_out_for_cards_left_and_keeps_the_typing_for_a_changed_tap(
    signed_in: Page, live_server: LiveServer
) -> None:
    # Ann melds 20 and goes out; Bob melded 0 and holds 10: 20 / -10.
    page = signed_in
    start_game(page, live_server, "500", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    ann = player(page, "Ann")
    ann.get_by_label("Left in hand (cards or points)").fill("5")  # typed before the tap
    went_out(page, "Ann")
    expect(ann.get_by_label("Left in hand (cards or points)")).to_be_hidden()
    went_out(page, "Bob")  # a wrong tap, put right: the typing is still there
    expect(ann.get_by_label("Left in hand (cards or points)")).to_have_value("5")
    expect(player(page, "Bob").get_by_label("Left in hand (cards or points)")).to_be_hidden()
    went_out(page, "Ann")
    ann.get_by_label("Melded (cards or points)").fill("20")
    player(page, "Bob").get_by_label("Melded (cards or points)").fill("0")
    player(page, "Bob").get_by_label("Left in hand (cards or points)").fill("10")
    save(page)

    assert totals(page) == ["20", "-10"]
