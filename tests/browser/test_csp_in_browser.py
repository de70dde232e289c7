"""The Content Security Policy breaks no page: Chromium reports no violation anywhere.

The policy allows no inline script or style, so an inline ``style=""`` (in
a template, in the review chart's SVG, or set by one of our scripts) or an
inline ``<script>`` would be refused by the browser and reported: as a
``securitypolicyviolation`` event on the document and as a console error.
The test listens for both while it visits every page it can reach by
following links from the games page (so pages added later are visited too)
and works the scripted pages (the card picker, the new-game chips).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser_kit import (
    LiveServer, asked_for_engine, pick_cards, post_hand, register, start_game, type_count, went_out, without_engine,
)

pytestmark = [pytest.mark.browser, pytest.mark.engine]

LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__csp.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} `
                    + `at ${event.sourceFile}:${event.lineNumber} (${event.sample})`);
});
"""
# Links never followed: they sign out, download a file, or delete.
SKIP = re.compile(r"/logout|/export\.|/delete|/api/v1/openapi\.json")


class Violations:
    """Every CSP violation the page reports, from its events and its console."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: list[str] = []
        page.add_init_script(LISTEN)
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.found.append(f"console: {message.text}")

    def collect(self) -> list[str]:
        self.found += [f"{self.page.url}: {text}" for text in self.page.evaluate("window.__csp || []")]
        found, self.found = self.found, []
        return found


@pytest.fixture(scope="module")
def account(browser: Browser, live_server: LiveServer,
            browser_context_args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """An account with a Basic game of two hands, shared by a live link, and a Gin game."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    register(page, live_server)
    basic = start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    post_hand(page, basic, {"out": "0", "p1-count": "12", "p2-count": "3"})
    post_hand(page, basic, {"out": "1", "p0-count": "7", "p2-count": "9"})
    gin = start_game(page, live_server, "gin", ["Ann", "Bob"])
    post_hand(page, gin, {"out": "0", "p0-count": "0", "p1-count": "80"})
    page.goto(basic)  # shared: the live view's page, its QR code and polling script join the crawl
    page.get_by_role("button", name="Share a live link").click()
    expect(page.locator(".share-url a")).to_be_visible()
    state = context.storage_state()
    context.close()
    yield {"basic": basic, "gin": gin, "state": state}


@pytest.fixture
def phone(account: dict[str, Any], new_context: Any) -> Page:
    return new_context(storage_state=account["state"]).new_page()


def test_a_deliberate_inline_style_is_reported_so_silence_means_none(phone: Page, live_server: LiveServer) -> None:
    violations = Violations(phone)
    phone.goto(live_server("/games"))

    phone.evaluate("document.body.setAttribute('style', 'color: red')")
    # (the report is an event the page fires a moment later: waited for, not slept on)
    phone.wait_for_function("() => window.__csp.some((text) => text.includes('style-src'))")

    assert any("style-src" in found for found in violations.collect())


def test_the_engine_starting_on_the_entry_form_breaks_no_policy(phone: Page, account: dict[str, Any]) -> None:
    """Pyodide's WebAssembly, its worker and its bundle, each let in by the policy (the game page
    starts the same engine.js; the crawl below goes with the engine off: a start is the same on
    every page, and takes a second or two of the machine's each time)."""
    asked_for_engine(phone.context)  # exact scores without a network, asked for on the sheet before
    violations = Violations(phone)
    phone.goto(account["gin"] + "/hands/new")
    ready = phone.evaluate("() => scorekeeperEngine.ready")

    assert ready["python"].startswith("3.14."), ready
    assert violations.collect() == []


#: pages the crawl loads side by side, each left until the network has been idle for 500 ms
TABS = 6


def test_no_page_reached_from_the_games_page_breaks_the_policy(
    phone: Page, live_server: LiveServer, account: dict[str, Any]
) -> None:
    without_engine(phone.context)  # (its start is the test above's)
    tabs = [phone] + [phone.context.new_page() for _ in range(TABS - 1)]
    listening = [Violations(tab) for tab in tabs]
    origin = urlsplit(live_server.url).netloc
    queue = [live_server("/games"), account["basic"] + "/review", account["basic"] + "/hands/1/edit",
             live_server("/no-such-page")]
    seen: set[str] = set()
    report: dict[str, list[str]] = {}
    shapes: dict[str, set[str]] = {}
    while queue and len(seen) < 60:
        batch: list[str] = []
        while queue and len(batch) < TABS and len(seen) < 60:
            url = queue.pop(0)
            if url not in seen:
                seen.add(url)
                batch.append(url)
        for tab, url in zip(tabs, batch):
            tab.goto(url, wait_until="commit")  # all of them loading at once; each waited for below
        for tab, violations, url in zip(tabs, listening, batch):
            tab.wait_for_load_state("networkidle")
            report[url] = violations.collect()
            for href in tab.eval_on_selector_all("a[href]", "links => links.map(link => link.href)"):
                parts = urlsplit(href)
                if parts.netloc == origin and not SKIP.search(parts.path) and not parts.path.startswith("/static/"):
                    # (one page drawn by a template for each game, such as /games/new?preset=...,
                    # is crawled twice at most: the budget goes to pages of other kinds)
                    kind = shapes.setdefault(parts.path, set())
                    if len(kind) < 2 or href in kind:
                        kind.add(href)
                        queue.append(href.split("#")[0])

    assert {url: found for url, found in report.items() if found} == {}
    visited = {urlsplit(url).path for url in seen}
    for path in ("/games", "/history", "/players/", "/backup", "/games/new"):
        assert path in visited
    assert any(path.endswith("/review") for path in visited)
    assert any(re.fullmatch(r"/games/\d+", path) for path in visited)
    assert any(path.startswith("/s/") for path in visited)  # the live view, for phones without an account


def test_the_signed_out_pages_break_no_policy(page: Page, live_server: LiveServer) -> None:
    violations = Violations(page)
    for path in ("/login", "/register", "/variants"):
        page.goto(live_server(path))
        page.wait_for_load_state("networkidle")

    assert violations.collect() == []


def test_the_hand_entry_card_picker_and_new_game_chips_break_no_policy(
    phone: Page, live_server: LiveServer, account: dict[str, Any]
) -> None:
    violations = Violations(phone)
    phone.goto(account["basic"] + "/hands/new")
    went_out(phone, "Cara")
    pick_cards(phone, "Ann", ["king of hearts", "5 of diamonds"])
    type_count(phone, "Bob", 9)
    phone.wait_for_load_state("networkidle")
    entry = violations.collect()

    phone.goto(live_server("/games/new?variant=basic"))
    phone.locator("button.chip").first.click()
    phone.get_by_text("House rules").click()
    phone.wait_for_load_state("networkidle")
    new_game = violations.collect()

    assert entry == []
    assert new_game == []
    expect(phone.locator("button.chip").first).to_have_attribute("aria-pressed", "true")
