"""Offline at the table (issue 13): a phone without the network keeps every
hand it is given, shows it waiting on the sheet, and sends it exactly once,
in order, when it can; another phone's hand under the same number is never
overwritten or dropped silently; signing out forgets the account's copies;
typing survives a reload, Back and a failed save.

The service worker runs for real (Chromium allows it on http://127.0.0.1);
``context.set_offline`` cuts the page and the worker off the network."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from .browser_kit import (
    PASSWORD,
    SENT,
    LiveServer,
    first_hand_recorded,
    kept_count,
    pick_cards,
    player,
    register,
    row_totals,
    save_kept,
    sheet_rows,
    start_game,
    three_changes_kept_offline,
    totals,
    type_count,
    warm,
    went_out,
    without_engine,
)

pytestmark = pytest.mark.browser


def _sign_in(page: Page, server: LiveServer, email: str) -> None:
    page.goto(server("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(r"/games"))


@pytest.fixture
def phone_b(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    context = without_engine(browser.new_context(**browser_context_args))
    yield context
    context.close()


def test_three_changes_made_offline_wait_on_the_sheet_then_are_recorded_once_each_in_order(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    game = first_hand_recorded(page, live_server)
    warm(page, game, "/hands/1/edit")

    three_changes_kept_offline(page, game)

    page.reload()
    waiting = page.locator("table.sheet tr.waiting")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("2")
    expect(waiting.nth(0)).to_contain_text("out")
    expect(waiting.nth(1)).to_contain_text("KH 5D")
    expect(page.locator("tr.waiting-note").first).to_contain_text("scored when sent")
    expect(page.locator("table.sheet .tag.pending")).to_have_text("correction waiting")
    expect(page.locator("table.sheet tfoot .tag.provisional")).to_have_text("provisional")
    expect(page.get_by_role("link", name="Record hand 4")).to_be_visible()
    assert sheet_rows(page).count() == 1

    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)
    expect(page.locator("table.sheet tr.waiting")).to_have_count(0)
    expect(sheet_rows(page)).to_have_count(3)
    # Basic: whoever goes out scores what the others hold (hand 1 as corrected: 11 + 20).
    assert row_totals(page, 1) == ["31", "0", "0"]
    assert row_totals(page, 2) == ["31", "20", "0"]
    assert row_totals(page, 3) == ["31", "20", "18"]  # KH 5D is 10 + 5, and Bob's 3
    assert kept_count(page) == 0
    # Once each: the change log holds the one correction; a reload sends nothing again.
    page.reload()
    expect(sheet_rows(page)).to_have_count(3)
    expect(page.locator(".changes li, .change-log li")).to_have_count(1)


def test_a_save_whose_answer_is_lost_after_the_server_stored_it_is_sent_again_and_recorded_once(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer) -> None:
    # No worker here: the page's own request is the one whose answer is dropped.
    context = without_engine(browser.new_context(**browser_context_args, service_workers="block"))
    page = context.new_page()
    register(page, live_server)
    start_game(page, live_server, "basic", ["Ann", "Bob"])
    dropped: list[int] = []

    def drop_answer(route: Route) -> None:
        if dropped:
            route.continue_()
            return
        response = route.fetch()  # the server stores the hand...
        dropped.append(response.status)
        route.abort()  # ...and its answer never reaches the phone

    page.route("**/outbox/hand", drop_answer)
    page.get_by_role("link", name="Record hand 1").click()
    # The outbox's scripts come after the form's load event: a save tapped before goes as a plain post.
    page.wait_for_function("() => !!window.ScorekeeperOffline")
    went_out(page, "Ann")
    type_count(page, "Bob", 9)
    page.locator("#entry button[type=submit]").click()

    expect(page.locator("#outbox-status")).to_have_text(SENT)  # kept, sent again from the form, then the sheet
    expect(page.locator("table.sheet tr.waiting")).to_have_count(0)
    expect(sheet_rows(page)).to_have_count(1)
    assert dropped == [200]
    assert totals(page) == ["9", "0"]  # Ann went out: she scores what Bob holds
    assert kept_count(page) == 0
    page.goto(page.url)
    expect(sheet_rows(page)).to_have_count(1)
    context.close()


def _two_phones_record_the_same_hand(page: Page, phone_b: BrowserContext, live_server: LiveServer,
                                     email: str) -> tuple[Page, str]:
    game = start_game(page, live_server, "basic", ["Ann", "Bob"])
    other = phone_b.new_page()
    _sign_in(other, live_server, email)
    warm(page, game)
    warm(other, game)
    for phone, count in ((page, 4), (other, 7)):
        phone.context.set_offline(True)
        phone.get_by_role("link", name="Record hand 1").click()
        went_out(phone, "Ann")
        type_count(phone, "Bob", count)
        save_kept(phone)
    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)
    expect(sheet_rows(page)).to_have_count(1)
    other.context.set_offline(False)
    held = other.locator(".outbox-held")
    expect(held).to_contain_text("Hand 1 was recorded by another phone first")
    expect(held.locator(".theirs")).to_contain_text("Ann +4 · Bob 0")
    expect(held.locator(".mine")).to_contain_text("Bob: 7")
    return other, game


def test_two_phones_offline_on_the_same_hand_one_is_recorded_the_other_records_its_own_as_the_next(
        page: Page, phone_b: BrowserContext, live_server: LiveServer) -> None:
    other, game = _two_phones_record_the_same_hand(page, phone_b, live_server, register(page, live_server))
    other.get_by_role("button", name="Record mine as hand 2").click()
    expect(other.locator("#outbox-status")).to_have_text(SENT)
    expect(other.locator(".outbox-held")).to_have_count(0)
    expect(sheet_rows(other)).to_have_count(2)
    assert totals(other) == ["11", "0"]  # 4, then this phone's 7
    assert kept_count(other) == 0


def test_two_phones_offline_on_the_same_hand_the_other_may_discard_its_own(
        page: Page, phone_b: BrowserContext, live_server: LiveServer) -> None:
    other, game = _two_phones_record_the_same_hand(page, phone_b, live_server, register(page, live_server))
    other.get_by_role("button", name="Discard mine").click()
    expect(other.locator(".outbox-held")).to_have_count(0)
    other.reload()
    expect(sheet_rows(other)).to_have_count(1)
    assert totals(other) == ["4", "0"]
    assert kept_count(other) == 0


def test_signing_out_warns_of_unsent_hands_then_an_offline_load_shows_no_game_of_the_account(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    game = start_game(page, live_server, "basic", ["Ann", "Zelda"])
    warm(page, game)
    # The server cannot be reached for hands (the page's own sends and the worker's Background Sync).
    page.context.route("**/outbox/**", lambda route: route.abort())
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Zelda", 8)
    save_kept(page)

    warnings: list[str] = []
    page.once("dialog", lambda dialog: (warnings.append(dialog.message), dialog.dismiss()))
    with page.expect_event("dialog"):  # the question comes once the outbox is read
        page.get_by_role("button", name="Sign out").click()
    assert warnings and "1 change kept on this phone has not reached the server yet" in warnings[0]
    expect(page).to_have_url(re.compile(r"/games/\d+$"))  # still signed in, the hand still kept
    assert kept_count(page) == 1

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    assert kept_count(page) == 0
    page.context.set_offline(True)
    page.goto(game)
    expect(page.locator("main h1")).to_have_text("No network")
    expect(page.locator("body")).not_to_contain_text("Zelda")


def test_typing_survives_a_reload_back_and_a_failed_save(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    # The draft keeper comes after the page's load event; a reload before it has arrived
    # keeps nothing (a hand cannot type and reload that fast; the test can).
    page.wait_for_function("() => window.ScorekeeperOffline !== undefined")
    went_out(page, "Cara")
    type_count(page, "Ann", 12)
    pick_cards(page, "Bob", ["queen of spades"])

    page.reload()
    expect(player(page, "Ann").get_by_label("Count", exact=True)).to_have_value("12")
    expect(page.locator("input[name=p1-cards]")).to_have_value("QS")
    expect(page.locator("input[name=out][value='2']")).to_be_checked()

    page.get_by_role("link", name="Back to the sheet").click()
    page.go_back()
    expect(player(page, "Ann").get_by_label("Count", exact=True)).to_have_value("12")

    # The server refuses (nobody marked out): its page, then a reload, keep the typing.
    page.locator("input[name=out][value='2']").evaluate("radio => { radio.checked = false; }")
    page.locator("#entry").evaluate("form => form.dispatchEvent(new Event('change', {bubbles: true}))")
    page.locator("#entry button[type=submit]").click()
    expect(page.locator(".flash.error, .error").first).to_be_visible()
    page.goto(page.url)
    expect(player(page, "Ann").get_by_label("Count", exact=True)).to_have_value("12")
    expect(page.locator("input[name=p1-cards]")).to_have_value("QS")


# The outbox's database opens three seconds late (a busy phone): the page's own requests only.
_SLOW_OUTBOX = """
(() => {
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = function (name, version) {
    if (name !== "scorekeeper-outbox") return open(name, version);
    const late = {result: undefined, error: null};
    setTimeout(() => {
      const real = version === undefined ? open(name) : open(name, version);
      real.onupgradeneeded = (event) => { late.result = real.result; if (late.onupgradeneeded) late.onupgradeneeded(event); };
      real.onsuccess = (event) => { late.result = real.result; if (late.onsuccess) late.onsuccess(event); };
      real.onerror = (event) => { late.error = real.error; if (late.onerror) late.onerror(event); };
    }, 3000);
    return late;
  };
})();
"""


def test_typing_before_the_outbox_answers_is_kept_through_an_immediate_reload(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob"])
    page.add_init_script(_SLOW_OUTBOX)
    page.get_by_role("link", name="Record hand 1").click()
    page.wait_for_function("() => window.ScorekeeperOffline !== undefined")  # outbox-page.js listens
    went_out(page, "Bob")
    type_count(page, "Ann", 23)
    page.reload()  # well inside the three seconds

    expect(player(page, "Ann").get_by_label("Count", exact=True)).to_have_value("23")
    expect(page.locator("input[name=out][value='1']")).to_be_checked()


def test_undo_offline_forgets_a_kept_hand_and_ending_the_game_offline_is_sent_once(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    game = start_game(page, live_server, "basic", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Bob", 6)
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"#hand-1$"))
    warm(page, game)
    page.on("dialog", lambda dialog: dialog.accept())  # "Undo hand 1?", "End the game now?"

    page.context.set_offline(True)
    page.get_by_role("link", name="Record hand 2").click()
    went_out(page, "Bob")
    type_count(page, "Ann", 9)
    save_kept(page)
    expect(page.locator("table.sheet tr.waiting")).to_have_count(1)
    page.get_by_role("button", name="Undo hand 2").click()  # the last hand is the kept one: it goes
    expect(page.locator("table.sheet tr.waiting")).to_have_count(0)
    expect(page.locator("#outbox-status")).to_have_text("Hand 2 (kept on this phone) was removed.")
    page.get_by_role("button", name="End the game here").click()
    expect(page.locator("#outbox-status")).to_have_text(re.compile(r"Ending the game is kept on this phone"))

    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(sheet_rows(page)).to_have_count(1)
    assert totals(page) == ["6", "0"]
    assert kept_count(page) == 0
