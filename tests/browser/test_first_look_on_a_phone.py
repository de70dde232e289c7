"""What a newcomer sees first on a 360 px phone: labels that read as one line of words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .browser_kit import LiveServer

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
