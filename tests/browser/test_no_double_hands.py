"""A hand is recorded once, however the phone sends it: a double tap on
Save, two submit events at once, or the back button and Save again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import (
    LiveServer,
    player,
    save,
    start_game,
    totals,
    type_count,
    went_out,
)

pytestmark = pytest.mark.browser

DOUBLE_SENDS = {
    "two quick clicks on Save":
        "() => { const b = document.querySelector('#entry button[type=submit]'); b.click(); b.click(); }",
    "two submit events":
        "() => { const f = document.getElementById('entry'); f.requestSubmit(); f.requestSubmit(); }",
}


def _fill_hand_one(page: Page) -> None:
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Bob", 10)
    type_count(page, "Cara", 20)


@pytest.mark.parametrize("send", list(DOUBLE_SENDS))
def test_a_double_tap_on_save_records_the_hand_once(signed_in: Page, live_server: LiveServer, send: str) -> None:
    page = signed_in
    start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"])
    _fill_hand_one(page)
    posts: list[str] = []
    # (The preview the typing asked for may be sent late, on a busy machine: it records nothing.)
    page.on("request", lambda request: posts.append(request.url)
            if request.method == "POST" and not request.url.endswith("/hands/preview") else None)

    page.evaluate(DOUBLE_SENDS[send])

    expect(page).to_have_url(re.compile(r"/games/\d+#hand-1$"))
    expect(page.locator("table.sheet tbody tr")).to_have_count(1)
    assert totals(page) == ["0", "10", "20"]
    expect(page.get_by_role("link", name="Record hand 2")).to_be_visible()
    assert len(posts) == 1, posts  # the page sends it once; the token would refuse a second


def test_a_real_double_tap_on_save_records_the_hand_once(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"])
    _fill_hand_one(page)

    page.locator("#entry button[type=submit]").dblclick()

    expect(page).to_have_url(re.compile(r"/games/\d+#hand-1$"))
    expect(page.locator("table.sheet tbody tr")).to_have_count(1)
    assert totals(page) == ["0", "10", "20"]


def test_going_back_after_saving_shows_a_fresh_form_and_saving_it_records_nothing(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"])
    _fill_hand_one(page)
    save(page)

    page.go_back()
    expect(page).to_have_url(re.compile(r"/hands/new$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(page.locator("input[name=out]:checked")).to_have_count(0)
    for name in ("Bob", "Cara"):
        expect(player(page, name).get_by_label("Count")).to_have_value("")
    page.get_by_role("button", name="Save hand 2").click()

    expect(page.get_by_role("alert")).to_have_text("Tap who went out.")
    page.goto(live_server("/games"))
    expect(page.locator(".games li")).to_contain_text("Playing · 1 hand ")


def test_resubmitting_a_saved_form_as_the_back_button_restores_it_says_so_and_records_nothing(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    sheet = start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"])
    _fill_hand_one(page)
    # The page as a back-forward cache keeps it: the same one-time token, the same typing.
    saved_form = page.evaluate(
        "() => { const f = document.getElementById('entry');"
        " f.querySelectorAll('input').forEach(i => i.setAttribute('value', i.value));"
        " f.querySelector('input[name=out]:checked').setAttribute('checked', '');"
        " return f.outerHTML; }"
    )
    save(page)

    page.go_back()
    page.evaluate("html => { document.getElementById('entry').outerHTML = html; }", saved_form)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    page.get_by_role("button", name="Save hand 1").click()

    expect(page).to_have_url(re.compile(re.escape(sheet) + "#hand-1$"))
    expect(page.locator(".flash")).to_have_text("Hand 1 was already recorded from this form; it is on the sheet once.")
    expect(page.locator("table.sheet tbody tr")).to_have_count(1)
    assert totals(page) == ["0", "10", "20"]
