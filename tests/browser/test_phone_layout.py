"""The pages fit a phone: nothing scrolls sideways at 360 px with six
players (eight in Contract and 500, in the compact layout), and the sheet of
a long game stays small on the wire and local to the app."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Request, ViewportSize, expect

from .browser_kit import (
    LiveServer,
    asked_for_engine,
    no_sideways_scroll,
    pick_cards,
    post_hand,
    screenshot,
    start_game,
)

pytestmark = pytest.mark.browser

NARROW: ViewportSize = {"width": 360, "height": 780}
SIX = ["Alexandra", "Bartholomew", "Christophe", "Dominique", "Evangeline", "Fitzgerald"]
EIGHT = SIX + ["Gwendolyn", "Hieronymus"]


def _basic_hand(number: int, players: int) -> dict[str, str]:
    """Seat number % players goes out; everyone else holds a big hand."""
    out = (number - 1) % players
    return {"out": str(out), **{f"p{seat}-count": str(40 + seat) for seat in range(players) if seat != out}}


def _contract_hand(number: int, players: int) -> dict[str, str]:
    return _basic_hand(number, players) | {f"p{(number - 1) % players}-count": ""}


def _five_hundred_hand(number: int, players: int) -> dict[str, str]:
    out = (number - 1) % players
    hand = {"out": str(out)}
    for seat in range(players):
        hand[f"p{seat}-melded"] = str(30 + seat)
        hand[f"p{seat}-left"] = "0" if seat == out else str(95 + seat)  # totals go negative
    return hand


def test_six_players_fit_360px_on_the_sheet_and_the_entry_page(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.set_viewport_size(NARROW)
    sheet = start_game(page, live_server, "basic", SIX, target="9999")
    for number in range(1, 9):
        post_hand(page, sheet, _basic_hand(number, 6))

    page.goto(sheet)
    expect(page.locator("table.sheet tbody tr")).to_have_count(8)
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the sheet scrolls sideways: {width} > {client}"
    screenshot(page, "sheet-6-players-360")

    page.get_by_role("link", name="Record hand 9").click()
    page.locator("label.tile").first.click()
    pick_cards(page, "Bartholomew", ["10 of hearts", "queen of spades"])
    expect(page.locator(".picker:not([hidden])")).to_have_count(1)
    page.get_by_role("checkbox", name="Rummy: went out in one turn").check()
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the entry page scrolls sideways: {width} > {client}"
    screenshot(page, "entry-6-players-360")


def test_six_players_fit_360px_on_the_review_page(signed_in: Page, live_server: LiveServer) -> None:
    """The review's sheet has a column for the dealer too: six long names and the dealers' wrap
    within their columns, never run over the numbers beside them nor push the page past 360 px."""
    page = signed_in
    page.set_viewport_size(NARROW)
    sheet = start_game(page, live_server, "basic", SIX, target="9999")
    for number in range(1, 3):
        post_hand(page, sheet, _basic_hand(number, 6))

    page.goto(sheet + "/review")
    expect(page.locator("table.review-sheet tbody tr")).to_have_count(2)
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the review scrolls sideways: {width} > {client}"
    spilled = page.locator("table.review-sheet th, table.review-sheet td").evaluate_all(
        "cells => cells.filter(cell => cell.scrollWidth > cell.clientWidth).map(cell => cell.textContent)")
    assert not spilled, f"names run out of their columns: {spilled}"
    screenshot(page, "review-6-players-360")


@pytest.mark.parametrize(("variant", "hand"), [("contract", _contract_hand), ("500", _five_hundred_hand)])
def test_eight_players_get_the_compact_sheet_that_fits_360px(
    signed_in: Page, live_server: LiveServer, variant: str, hand: object
) -> None:
    page = signed_in
    page.set_viewport_size(NARROW)
    sheet = start_game(page, live_server, variant, EIGHT)
    for number in range(1, 7):
        post_hand(page, sheet, hand(number, 8))  # type: ignore[operator]

    page.goto(sheet)
    expect(page.locator("table.sheet")).to_have_class("sheet compact")
    expect(page.locator("table.sheet thead th[scope=col]")).to_have_count(9)
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the compact sheet scrolls sideways: {width} > {client}"
    screenshot(page, f"sheet-8-players-{variant}-360")
    page.get_by_role("link", name="Record hand 7").click()
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the entry page scrolls sideways: {width} > {client}"


@pytest.mark.parametrize("variant", ["scala40", "kalooki"])
def test_six_players_four_of_them_put_out_still_fit_360px_with_their_way_back(
    signed_in: Page, live_server: LiveServer, variant: str
) -> None:
    page = signed_in
    page.set_viewport_size(NARROW)
    sheet = start_game(page, live_server, variant, SIX, eliminate_at="60", reentries="1")
    post_hand(page, sheet, {"out": "0", **{f"p{seat}-count": "70" for seat in range(1, 5)}, "p5-count": "5"})

    page.goto(sheet)
    expect(page.locator("table.sheet thead .tag", has_text="out, hand 1")).to_have_count(4)
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the sheet scrolls sideways: {width} > {client}"
    spilled = page.locator("table.sheet thead .tag").evaluate_all(
        "tags => tags.filter(tag => tag.scrollWidth > tag.clientWidth).map(tag => tag.textContent)")
    assert not spilled, f"tags run out of their columns: {spilled}"
    screenshot(page, f"sheet-6-players-4-out-{variant}-360")

    page.get_by_role("link", name="Record hand 2").click()
    expect(page.locator("fieldset.returning")).to_have_count(4)
    page.locator("fieldset.returning").first.get_by_role("checkbox", name="Re-enters").check()
    pick_cards(page, "Fitzgerald", ["joker", "ace of spades"])
    width, client = no_sideways_scroll(page)
    assert width <= client, f"the entry page scrolls sideways: {width} > {client}"
    screenshot(page, f"entry-6-players-4-out-{variant}-360")


@pytest.mark.engine
def test_the_sheet_of_a_thirty_hand_six_player_game_is_at_most_60_kb_and_all_local(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    """The first load is what the page asks for before its load event; the engine in the
    browser (Pyodide and the engine bundle) is asked for after it, so it is not part of it."""
    page = signed_in
    sheet = start_game(page, live_server, "basic", SIX, target="9999")
    for number in range(1, 31):
        post_hand(page, sheet, _basic_hand(number, 6))

    # An empty cache, on a phone that asked for the engine (exact scores without a network).
    reader = asked_for_engine(new_context(storage_state=page.context.storage_state())).new_page()
    first_load: list[Request] = []
    later: list[Request] = []
    loaded: list[bool] = []
    reader.on("load", lambda _page: loaded.append(True))
    reader.on("request", lambda request: (later if loaded else first_load).append(request))
    reader.goto(sheet, wait_until="load")
    expect(reader.locator("table.sheet tbody tr")).to_have_count(30)
    # the engine's first requests, after the load (not its start: seconds of CPU); the requests
    # listened to are all in `later` by now but for those still to come, so waiting for the next
    # one only where none came yet misses none
    if not any("/engine/" in request.url for request in later):
        reader.wait_for_event("request", lambda request: "/engine/" in request.url, timeout=60_000)
    engine = [request.url for request in later if "/engine/" in request.url]
    assert engine, "the engine loads after the first load"
    assert not any("/engine/" in request.url for request in first_load)
    sizes = {}
    for request in first_load + later:
        assert request.url.startswith(live_server.url), f"an outside URL: {request.url}"
    for request in first_load:
        if request.resource_type in ("document", "stylesheet", "script"):
            measured = request.sizes()
            sizes[request.url] = measured["responseBodySize"] + measured["responseHeadersSize"]
    reader.evaluate("scrollTo(0, 1200)")
    screenshot(reader, "sheet-30-hands-scrolled", full_page=False)
    assert {url.rsplit("/", 1)[-1] for url in sizes} >= {"scorekeeper.css", "sheet.js"}
    total = sum(sizes.values())
    print(f"sheet page transfer: {total} bytes", sizes)
    assert total <= 60 * 1024, f"the sheet page takes {total} bytes: {sizes}"
