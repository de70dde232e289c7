"""Keeper phones offline, exactly like the owner's (issue 24): a phone that opened a
keeper link, with no account, gets the service worker, the kept copies of that
game's pages and the outbox; what it records offline waits on its sheet and is
sent once each, in order; a link the owner turned off meanwhile is said on the
phone, with the typed hand kept on screen; and the first game page a fresh browser
opens is kept even though the worker took control only after it loaded.

Two browser contexts at 390×844: the owner's (signed in) and a keeper's (no cookie
but what opening the keeper link gives it).  The service worker runs for real
(Chromium allows it on http://127.0.0.1); ``context.set_offline`` cuts the phone off."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import (
    SENT,
    SERVICE_WORKER,
    LiveServer,
    kept_count,
    player,
    register,
    row_totals,
    save,
    save_kept,
    sheet_rows,
    start_game,
    three_changes_kept_offline,
    type_count,
    warm,
    went_out,
)

pytestmark = pytest.mark.browser

def _keeper_link(owner: Page) -> str:
    owner.get_by_role("button", name="Let the table keep score").click()
    link = owner.locator("#keeper .share-url a").get_attribute("href") or ""
    assert "/k/" in link
    return link


def _keeper_phone(new_context: Any, link: str, game: str) -> Page:
    keeper: Page = new_context().new_page()
    keeper.goto(link)
    expect(keeper).to_have_url(game)
    expect(keeper.locator("#keeper-note")).to_contain_text("keeper link")
    return keeper



def test_a_keeper_phone_records_three_changes_offline_and_each_is_recorded_once_in_order(
        signed_in: Page, live_server: LiveServer, new_context: Any) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Bob", "Cara"])
    owner.get_by_role("link", name="Record hand 1").click()
    went_out(owner, "Ann")
    type_count(owner, "Bob", 10)
    type_count(owner, "Cara", 20)
    save(owner)
    keeper = _keeper_phone(new_context, _keeper_link(owner), game)
    warm(keeper, game, "/hands/1/edit")

    three_changes_kept_offline(keeper, game)  # a count, cards, and a correction of hand 1

    keeper.reload()  # still offline: the worker's copy, the three changes drawn on it
    waiting = keeper.locator("table.sheet tr.waiting")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("out")
    expect(waiting.nth(1)).to_contain_text("KH 5D")
    expect(keeper.locator("table.sheet .tag.pending")).to_have_text("correction waiting")
    expect(keeper.get_by_role("link", name="Record hand 4")).to_be_visible()
    assert kept_count(keeper) == 3
    assert sheet_rows(keeper).count() == 1

    keeper.context.set_offline(False)
    expect(keeper.locator("#outbox-status")).to_have_text(SENT)
    expect(keeper.locator("table.sheet tr.waiting")).to_have_count(0)
    expect(sheet_rows(keeper)).to_have_count(3)
    assert row_totals(keeper, 1) == ["31", "0", "0"]  # hand 1 as corrected: 11 + 20
    assert row_totals(keeper, 2) == ["31", "20", "0"]
    assert row_totals(keeper, 3) == ["31", "20", "18"]  # KH 5D is 10 + 5, and Bob's 3
    assert kept_count(keeper) == 0
    # On the owner's page: once each, in the order they were made, each named as the keeper link's.
    owner.goto(game)
    expect(sheet_rows(owner)).to_have_count(3)
    log = owner.locator(".changes li")
    expect(log.filter(has_text="(from a keeper link)")).to_have_count(3)
    texts = " | ".join(log.all_inner_texts())
    # The log runs newest first: the correction, then hand 3, then hand 2, as they were made.
    order = [texts.find(said) for said in ("hand 1 changed", "hand 3 recorded", "hand 2 recorded")]
    assert -1 not in order and order == sorted(order), texts
    keeper.reload()
    expect(sheet_rows(keeper)).to_have_count(3)


def test_a_hand_kept_while_the_owner_turns_the_link_off_is_said_refused_and_stays_on_screen(
        signed_in: Page, live_server: LiveServer, new_context: Any) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Bob"])
    keeper = _keeper_phone(new_context, _keeper_link(owner), game)
    warm(keeper, game)

    keeper.context.set_offline(True)
    keeper.get_by_role("link", name="Record hand 1").click()
    went_out(keeper, "Ann")
    type_count(keeper, "Bob", 7)
    save_kept(keeper)
    owner.once("dialog", lambda dialog: dialog.accept())
    owner.get_by_role("button", name="Turn off the keeper link").click()
    expect(owner.get_by_role("button", name="Let the table keep score")).to_be_visible()

    keeper.context.set_offline(False)
    held = keeper.locator(".outbox-held")
    expect(held).to_contain_text("Hand 1 was not recorded: the keeper link is off")
    expect(held).to_contain_text("turned its keeper link off")
    expect(held.locator(".mine")).to_contain_text("Bob: 7")  # the typed hand, there to copy
    expect(keeper.locator("table.sheet tr.waiting")).to_have_count(0)
    assert kept_count(keeper) == 1  # nothing dropped
    owner.reload()
    expect(owner.locator("table.sheet td.empty")).to_have_text("No hands yet.")
    # The game no longer opens for this phone: reloaded, its page lists what the phone kept for
    # the game, to copy; the hand stays on the phone until discarded.
    keeper.reload()
    expect(keeper.get_by_role("heading", name="The keeper link is off")).to_be_visible()
    listed = keeper.locator("#kept li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Hand 1: ")
    expect(listed).to_contain_text("Bob: 7")
    assert kept_count(keeper) == 1
    listed.get_by_role("button", name="Discard").click()
    expect(listed).to_have_count(0)
    assert kept_count(keeper) == 0


# True once the worker keeps this page and its "Record hand" form (polled: each call looks again).
_KEPT_HERE = """() => {
    if (window.keptHere === undefined) {
        window.keptHere = null;
        caches.open('scorekeeper-pages')
            .then(pages => Promise.all([pages.match(location.pathname), pages.match(location.pathname + '/hands/new')]))
            .then(found => { window.keptHere = found.every(Boolean) || undefined; }, () => { window.keptHere = undefined; });
    }
    return window.keptHere === true;
}"""


def test_a_fresh_browsers_first_game_page_is_kept_for_offline(
        signed_in: Page, live_server: LiveServer, new_context: Any) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Bob"])
    keeper = _keeper_phone(new_context, _keeper_link(owner), game)
    assert keeper.evaluate("() => navigator.serviceWorker.controller") is None  # loaded before any worker
    # The page asks the worker, once it is active, to keep the page and its "Record hand" form.
    keeper.wait_for_function(_KEPT_HERE, timeout=SERVICE_WORKER, polling=250)

    keeper.context.set_offline(True)
    keeper.goto(game)
    expect(keeper.locator("main h1")).not_to_have_text("No network")
    expect(keeper.locator("#keeper-note")).to_contain_text("keeper link")
    keeper.get_by_role("link", name="Record hand 1").click()
    expect(keeper.locator("main h1")).to_have_text("Hand 1")
    went_out(keeper, "Ann")
    type_count(keeper, "Bob", 4)
    save_kept(keeper)
    keeper.context.set_offline(False)
    expect(keeper.locator("#outbox-status")).to_have_text(SENT)
    expect(sheet_rows(keeper)).to_have_count(1)


def test_a_keepers_copies_are_not_shown_to_an_account_signed_in_later_on_the_same_phone(
        signed_in: Page, live_server: LiveServer, new_context: Any) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Zelda"])
    keeper = _keeper_phone(new_context, _keeper_link(owner), game)
    warm(keeper, game)
    register(keeper, live_server)  # someone signs up on this phone: the session starts afresh

    keeper.context.set_offline(True)
    keeper.goto(game)
    expect(keeper.locator("main h1")).to_have_text("No network")
    expect(keeper.locator("main")).not_to_contain_text("Zelda")


def test_a_hand_saved_online_after_the_link_was_turned_off_is_said_refused_and_the_typing_stays(
        signed_in: Page, live_server: LiveServer, new_context: Any) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Bob"])
    keeper = _keeper_phone(new_context, _keeper_link(owner), game)
    keeper.get_by_role("link", name="Record hand 1").click()
    keeper.wait_for_function("() => !!window.ScorekeeperOffline")  # the save goes through the outbox
    went_out(keeper, "Ann")
    type_count(keeper, "Bob", 9)
    owner.once("dialog", lambda dialog: dialog.accept())
    owner.get_by_role("button", name="Turn off the keeper link").click()
    expect(owner.get_by_role("button", name="Let the table keep score")).to_be_visible()

    keeper.locator("#entry button[type=submit]").click()

    expect(keeper.locator("#outbox-note")).to_contain_text("turned its keeper link off")
    expect(keeper).to_have_url(game + "/hands/new")
    expect(player(keeper, "Bob").get_by_label("Count", exact=True)).to_have_value("9")
    assert kept_count(keeper) == 0  # refused, not kept to be sent again
