"""API tokens in a real browser: made from the menu, shown once, used by a script, revoked; the API's docs page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import APIRequestContext, Page, Playwright, expect

from .browser_kit import LiveServer, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser

AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


@pytest.fixture
def script(playwright: Playwright) -> Iterator[APIRequestContext]:
    """A client with no cookie of the browser's: what a script on another machine is."""
    context = playwright.request.new_context()
    yield context
    context.dispose()


def blocking_axe_violations(page: Page) -> list[str]:
    violations = Axe().run(page, options=AXE_OPTIONS).response["violations"]
    return [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in ("serious", "critical")]


def test_a_token_made_from_the_menu_lets_a_script_keep_score_until_revoked(
        signed_in: Page, live_server: LiveServer, script: APIRequestContext):
    page = signed_in
    console_errors: list[str] = []
    page.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)

    page.goto(live_server("/games"))
    page.get_by_role("navigation", name="Main").get_by_role("link", name="API").click()
    expect(page.get_by_role("heading", name="API tokens", level=1)).to_be_visible()
    page.get_by_label("Name").fill("league bot")
    page.get_by_role("button", name="Create token").click()

    secret = page.locator("#new-token").inner_text().strip()
    assert secret.startswith("sk_")
    expect(page.get_by_text("it is shown only this once")).to_be_visible()
    assert no_sideways_scroll(page)[0] <= no_sideways_scroll(page)[1]
    assert blocking_axe_violations(page) == []
    screenshot(page, "api-token-made")

    auth = {"Authorization": f"Bearer {secret}"}
    made = script.post(live_server("/api/v1/games"), headers=auth,
                       data={"variant": "gin", "players": ["Ann", "Bob"]})
    assert made.status == 201
    game = made.json()["id"]
    recorded = script.post(live_server(f"/api/v1/games/{game}/hands"), headers=auth,
                           data={"number": 1, "entry": {"out": "Ann", "hands": {"Ann": {"count": 0},
                                                                               "Bob": {"count": 31}}}})
    assert recorded.status == 201

    page.goto(live_server(f"/games/{game}"))  # the person sees the script's hand on the sheet
    expect(page.locator("table.sheet tfoot")).to_contain_text("56")

    page.goto(live_server("/settings/tokens/"))
    tokens = page.locator("ul.tokens")
    expect(tokens).to_contain_text("league bot")
    expect(tokens).to_contain_text("last used")
    assert secret not in page.content()
    tokens.get_by_role("button", name="Revoke").click()
    expect(page.get_by_text("is revoked")).to_be_visible()

    assert script.get(live_server("/api/v1/games"), headers=auth).status == 401
    assert console_errors == []


def test_the_api_docs_page_reads_on_a_phone(page: Page, live_server: LiveServer):
    page.goto(live_server("/api/v1/docs"))

    expect(page.get_by_role("heading", name="Scorekeeper API v1")).to_be_visible()
    expect(page.get_by_role("heading", name="POST /games/{game_id}/hands — Record the next hand")).to_be_visible()
    page.get_by_role("link", name="the OpenAPI 3.1 document").is_visible()
    assert no_sideways_scroll(page)[0] <= no_sideways_scroll(page)[1]
    assert blocking_axe_violations(page) == []
    screenshot(page, "api-docs")
