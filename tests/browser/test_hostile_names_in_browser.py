"""Player names written as HTML show as text everywhere and never run.

Three names that would run script if a page wrote them unescaped -- as an
element, as a script, and breaking out of an attribute -- go through the
new-game form and a recorded hand; then every page that shows names is
opened. No dialog may open, no element those names spell may exist, and
each name must read exactly as typed. The Content Security Policy would
block inline script anyway: the checks on the DOM show the escaping holds
without it.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, post_hand, start_game

pytestmark = pytest.mark.browser

NAMES = ["<img src=x onerror=alert(1)>", "<script>alert(2)</script>", '"><svg onload=alert(3)>']
# (a script element with no src but the page's words block, which is data: type="application/json")
INJECTED = 'img[src="x"], img[onerror], svg[onload], script:not([src]):not([type="application/json"])'


def test_player_names_with_html_show_as_text_on_every_page_and_never_run(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    sheet = start_game(page, live_server, "basic", NAMES)
    post_hand(page, sheet, {"out": "0", "p1-count": "12", "p2-count": "3"})
    post_hand(page, sheet, {"out": "2", "p0-count": "4", "p1-count": "6"})

    pages = [sheet, sheet + "/hands/new", sheet + "/hands/1/edit", sheet + "/review", live_server("/games"),
             live_server("/history"), live_server("/players/"), live_server("/games/new?variant=basic")]
    page.goto(sheet)
    page.get_by_role("button", name="Share a live link").click()
    live_view = page.locator(".share-url a").get_attribute("href") or ""  # the page for phones without an account
    pages.append(live_view)
    page.goto(live_server("/games"))
    for href in page.eval_on_selector_all("header nav a[href]", "links => links.map(link => link.href)"):
        if urlsplit(href).path not in {urlsplit(url).path for url in pages}:
            pages.append(href)  # the pages the menu offers (statistics, where the app has them)

    for url in pages:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        assert page.locator(INJECTED).count() == 0, url
        shown = page.locator("main").inner_text()
        if urlsplit(url).path in {urlsplit(sheet).path, "/players/", urlsplit(sheet).path + "/review",
                                  urlsplit(live_view).path}:
            for name in NAMES:
                assert name in shown, (url, name)

    assert dialogs == []


def test_the_review_chart_writes_the_names_as_svg_text(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    sheet = start_game(page, live_server, "basic", NAMES)
    post_hand(page, sheet, {"out": "0", "p1-count": "12", "p2-count": "3"})

    page.goto(sheet + "/review")

    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    assert chart.locator("img, script, svg[onload], foreignObject").count() == 0
    label = chart.get_attribute("aria-label") or ""
    text = chart.text_content() or ""
    for name in NAMES:
        assert name in label or name in text, name
    players = chart.locator("[data-player]").evaluate_all("nodes => nodes.map(node => node.dataset.player)")
    assert set(players) <= set(NAMES) and players
    assert not re.search(r"<(img|script|svg)[^>]*on\w+=", chart.inner_html().replace("&lt;", "\x00"))
