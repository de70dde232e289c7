"""Statistics in a real Chromium on a phone: the table, a player's page, head to head, and axe."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .browser_kit import LiveServer, no_sideways_scroll, post_hand, register, screenshot, start_game, without_engine

# One worker runs the module (xdist_group): its module-scoped set-up, a browser's work of
# seconds, is then done once, not once on each worker.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("stats")]

AXE = Axe()
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


def end_game(page: Page, game_url: str) -> None:
    """End the game by agreement, posting the game page's form as the button does."""
    sheet = page.request.get(game_url).text()
    form = re.search(r'<form[^>]*action="[^"]*/end"[^>]*>(.*?)</form>', sheet, re.S)
    assert form, "the game page has no end form"
    token = re.search(r'name="csrf_token"[^>]*value="([^"]*)"', form.group(1))
    assert token
    response = page.request.post(game_url + "/end", form={"csrf_token": html.unescape(token.group(1))},
                                 max_redirects=0)
    assert response.status == 303, response.text()


@pytest.fixture(scope="module")
def site(browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """One account: two finished Gin games Ann v Bob (1-1), a finished Knock game, a Gin game v Cara running."""
    context = without_engine(browser.new_context(**browser_context_args))
    page = context.new_page()
    register(page, live_server)
    first = start_game(page, live_server, "gin", ["Ann", "Bob"])
    post_hand(page, first, {"out": "0", "p0-count": "0", "p1-count": "30"})
    end_game(page, first)
    second = start_game(page, live_server, "gin", ["Bob", "Ann"])
    post_hand(page, second, {"out": "0", "p0-count": "0", "p1-count": "20"})
    end_game(page, second)
    knock = start_game(page, live_server, "knock", ["Ann", "Bob", "Cara"])
    post_hand(page, knock, {"out": "1", "p1-count": "6", "p0-count": "6", "p2-count": "3"})
    end_game(page, knock)
    running = start_game(page, live_server, "gin", ["Ann", "Cara"])
    post_hand(page, running, {"out": "1", "p1-count": "0", "p0-count": "12"})
    state = context.storage_state()
    context.close()
    yield {"games": {"first": first, "second": second, "knock": knock}, "state": state}


@pytest.fixture
def phone(site: dict[str, Any], new_context: Any) -> Page:
    return new_context(storage_state=site["state"]).new_page()


def test_the_stats_table_on_a_phone_scrolls_in_its_box_and_shows_a_variants_moments(
    phone: Page, live_server: LiveServer
) -> None:
    phone.goto(live_server("/games"))
    phone.get_by_role("link", name="Stats", exact=True).click()

    table = phone.locator("table.players-table")
    expect(table.locator("tbody tr")).to_have_count(3)
    expect(table.locator("tbody tr").first).to_contain_text("Ann")
    scroll_width, client_width = no_sideways_scroll(phone)
    assert scroll_width <= client_width

    phone.get_by_label("Game", exact=True).select_option(label="Knock Rummy")
    phone.get_by_role("button", name="Show").click()

    expect(phone).to_have_url(re.compile(r"/stats/\?variant=knock"))
    expect(table.locator("thead")).to_contain_text("Knocks beaten")
    cara = table.locator("tbody tr", has_text="Cara")
    # Games, won, win rate, hands, hands won, per hand, best hand, rum hands, then knocks beaten.
    expect(cara.locator("td").nth(8)).to_have_text("1")
    scroll_width, client_width = no_sideways_scroll(phone)
    assert scroll_width <= client_width
    screenshot(phone, "stats-knock")


def test_a_players_page_gives_the_head_to_head_and_links_to_just_those_games(
    phone: Page, site: dict[str, Any], live_server: LiveServer
) -> None:
    phone.goto(live_server("/players/"))
    phone.get_by_role("link", name="Stats of Ann").click()

    expect(phone.get_by_role("heading", name="Ann", level=1)).to_be_visible()
    gin = phone.locator("article.stat-card", has_text="Gin Rummy")
    expect(gin.locator("dl div", has_text="Games")).to_contain_text("2")
    expect(gin.locator("dl div", has_text="Gins")).to_contain_text("1")
    expect(gin).to_contain_text("Best hand: the highest hand score")
    row = phone.locator("section", has=phone.get_by_role("heading", name="Head to head")).locator(
        "tbody tr", has_text="Bob")
    expect(row).to_contain_text("1–1")
    scroll_width, client_width = no_sideways_scroll(phone)
    assert scroll_width <= client_width
    screenshot(phone, "stats-player")

    row.get_by_role("link", name=re.compile("games against Bob")).click()

    expect(phone).to_have_url(re.compile(r"/history\?.*opponent="))
    expect(phone.locator("ul.history li")).to_have_count(2)
    expect(phone.get_by_label("Against")).to_have_value(re.compile(r"\d+"))


@pytest.mark.parametrize("where", ["/stats/", "/stats/?variant=knock", "player"])
def test_at_360_px_the_statistics_pages_never_scroll_sideways(
    where: str, phone: Page, live_server: LiveServer
) -> None:
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(live_server("/players/"))
    url = phone.get_by_role("link", name="Stats of Ann").get_attribute("href") if where == "player" else where
    phone.goto(live_server(url))

    expect(phone.locator("h1")).to_be_visible()
    scroll_width, client_width = no_sideways_scroll(phone)
    assert scroll_width <= client_width == 360
    box = phone.locator(".stat-scroll").first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360


@pytest.mark.parametrize("where", ["table", "table-knock", "player", "refused"])
def test_the_statistics_pages_have_no_serious_or_critical_axe_violations_in_light_or_dark(
    where: str, phone: Page, live_server: LiveServer
) -> None:
    phone.goto(live_server("/players/"))
    ann = phone.get_by_role("link", name="Stats of Ann").get_attribute("href")
    urls = {"table": "/stats/", "table-knock": "/stats/?variant=knock", "player": ann, "refused": "/stats/?variant=poker"}
    phone.goto(live_server(urls[where]))
    found = []
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        violations = AXE.run(phone, options=AXE_OPTIONS).response["violations"]
        found += [f"[{scheme}] {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]}"
                  for v in violations if v["impact"] in ("serious", "critical")]
        screenshot(phone, f"stats-{where}-{scheme}")
    assert not found, "\n".join(found)


def _in_view(page: Page, heading: str) -> bool:
    """Whether the players' table's column ``heading`` is within the table's box, as drawn."""
    table = page.get_by_role("region", name="Players' statistics")
    region = table.bounding_box()
    box = table.get_by_role("columnheader", name=heading, exact=True).bounding_box()
    assert region is not None and box is not None
    return region["x"] <= box["x"] and box["x"] + box["width"] <= region["x"] + region["width"] + 0.5


@pytest.mark.parametrize("width", [390, 360])
def test_every_games_table_shows_all_its_columns_on_a_phone(phone: Page, live_server: LiveServer, width: int) -> None:
    page = phone
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(live_server("/stats/"))
    headings = page.locator("table.players-table thead th")

    expect(headings).to_have_text(["Player", "Games", "Won", "Win rate", "Hands", "Hands won"])
    assert all(_in_view(page, heading) for heading in headings.all_inner_texts())
    expect(page.locator(".swipe-hint")).to_have_count(0)
    assert no_sideways_scroll(page)[0] <= width


@pytest.mark.parametrize("width", [390, 360])
def test_one_games_wider_table_says_to_swipe_and_a_swipe_brings_its_last_columns_in(
        phone: Page, live_server: LiveServer, width: int) -> None:
    page = phone
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(live_server("/stats/?variant=gin"))
    region = page.get_by_role("region", name="Players' statistics")

    expect(page.locator(".swipe-hint")).to_be_visible()
    expect(page.locator(".swipe-hint")).to_have_text(
        "Swipe the table sideways for every column: per hand, best hand, gins, undercuts.")
    assert not _in_view(page, "Undercuts")
    region.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_function("() => document.querySelector('.stat-scroll').scrollLeft > 0")
    assert _in_view(page, "Undercuts") and _in_view(page, "Per hand")
    assert no_sideways_scroll(page)[0] <= width
