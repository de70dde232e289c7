"""History and review in a real Chromium on a phone: filters, the chart, print, and axe."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .browser_kit import (
    LiveServer,
    no_sideways_scroll,
    post_hand,
    register,
    screenshot,
    start_game,
    without_engine,
)

# One worker runs the module (xdist_group): its module-scoped set-up, a browser's work of
# seconds, is then done once, not once on each worker.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("history")]

AXE = Axe()
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


@pytest.fixture(scope="module")
def site(browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """One account with three games: a Tunk game with an elimination, a finished Gin game, a Basic one."""
    context = without_engine(browser.new_context(**browser_context_args))
    page = context.new_page()
    register(page, live_server)
    games = {
        "tunk": start_game(page, live_server, "tunk", ["Ann", "Bob", "Cara"], eliminate_at="50"),
        "gin": start_game(page, live_server, "gin", ["Ann", "Bob"]),
        "basic": start_game(page, live_server, "basic", ["Ann", "Cara"]),
    }
    post_hand(page, games["tunk"], {"out": "0", "p1-count": "60", "p2-count": "10"})
    post_hand(page, games["tunk"], {"out": "2", "p0-count": "5"})
    post_hand(page, games["gin"], {"out": "0", "p0-count": "0", "p1-count": "80"})
    state = context.storage_state()
    context.close()
    yield {"games": games, "state": state}


@pytest.fixture
def phone(site: dict[str, Any], new_context: Any) -> Page:
    return new_context(storage_state=site["state"]).new_page()


def test_history_on_a_phone_filters_by_game_and_keeps_the_filter(
    phone: Page, site: dict[str, Any], live_server: LiveServer
) -> None:
    phone.goto(live_server("/history"))
    expect(phone.locator("ul.history li")).to_have_count(3)

    phone.get_by_label("Game", exact=True).select_option(label="Tunk")
    phone.get_by_role("button", name="Show games").click()

    expect(phone).to_have_url(re.compile(r"/history\?.*variant=tunk"))
    expect(phone.locator("ul.history li")).to_have_count(1)
    expect(phone.locator("ul.history li")).to_contain_text("Ann 5 · Bob 60 · Cara 10")
    expect(phone.get_by_label("Game", exact=True)).to_have_value("tunk")
    scroll_width, client_width = no_sideways_scroll(phone)
    assert scroll_width <= client_width
    screenshot(phone, "history-filtered")

    phone.get_by_label("Status").select_option("finished")
    phone.get_by_label("Game", exact=True).select_option("")
    phone.get_by_role("button", name="Show games").click()
    expect(phone.locator("ul.history li")).to_have_count(1)
    expect(phone.locator("ul.history li")).to_contain_text("Gin Rummy")


def test_a_bad_date_in_the_url_is_explained_next_to_its_field(phone: Page, live_server: LiveServer) -> None:
    phone.goto(live_server("/history?from=someday"))

    expect(phone.locator(".field", has=phone.get_by_label("From")).locator(".error")).to_contain_text(
        "'someday' is not a date")


def test_the_review_chart_renders_a_line_per_player_with_the_elimination_marked(
    phone: Page, site: dict[str, Any]
) -> None:
    phone.goto(site["games"]["tunk"] + "/review")
    chart = phone.locator("svg.chart")

    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(3)
    expect(chart.locator("path.eliminated")).to_have_count(1)
    expect(chart.locator("g.limit text")).to_have_text("Out at 50")
    box = chart.bounding_box()
    assert box is not None and 300 <= box["width"] <= 390 and box["height"] > 150
    stroke = chart.locator("polyline").first.evaluate("e => getComputedStyle(e).stroke")
    assert stroke not in ("none", "")  # coloured by the stylesheet
    scroll_width, client_width = no_sideways_scroll(phone)
    assert scroll_width <= client_width
    screenshot(phone, "review-tunk")


def test_the_review_prints_as_a_clean_sheet_black_on_white(phone: Page, site: dict[str, Any]) -> None:
    phone.goto(site["games"]["gin"] + "/review")
    phone.emulate_media(media="print", color_scheme="dark")

    expect(phone.locator(".site-header")).to_be_hidden()
    expect(phone.locator("svg.chart")).to_be_visible()
    expect(phone.locator("table.review-sheet")).to_be_visible()
    colours = phone.evaluate(
        "() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,"
        " getComputedStyle(document.querySelector('svg.chart polyline')).stroke]"
    )
    assert colours == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(0, 0, 0)"]


@pytest.mark.parametrize("where", ["history", "history-refused", "review-tunk", "review-gin"])
def test_history_and_review_have_no_serious_or_critical_axe_violations_in_light_or_dark(
    where: str, phone: Page, site: dict[str, Any], live_server: LiveServer
) -> None:
    urls = {
        "history": live_server("/history"),
        "history-refused": live_server("/history?from=someday&variant=poker"),
        "review-tunk": site["games"]["tunk"] + "/review",
        "review-gin": site["games"]["gin"] + "/review",
    }
    phone.goto(urls[where])
    found = []
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        violations = AXE.run(phone, options=AXE_OPTIONS).response["violations"]
        found += [f"[{scheme}] {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]}"
                  for v in violations if v["impact"] in ("serious", "critical")]
        screenshot(phone, f"{where}-{scheme}")
    assert not found, "\n".join(found)
