"""Fixing mistakes on a phone: a refused entry keeps what was typed, and a
corrected past hand changes every later total and leaves a change-log line."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import (
    LiveServer,
    player,
    row_totals,
    save,
    start_game,
    totals,
    type_count,
    went_out,
)

pytestmark = pytest.mark.browser

# Contract, 3 players: whoever went out scores 0, the others their counts.
HANDS = [("Ann", {"Bob": 10, "Cara": 20}), ("Bob", {"Ann": 5, "Cara": 5}), ("Cara", {"Ann": 1, "Bob": 2})]


def test_a_refused_hand_comes_back_with_the_message_beside_the_player_and_the_typing_kept(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    player(page, "Bob").get_by_label("or the cards").fill("KS ZZ")
    type_count(page, "Cara", 20)
    page.get_by_role("button", name="Save hand 1").click()

    bob = player(page, "Bob")
    expect(bob.locator(".error")).to_contain_text('"ZZ" is not a card')
    expect(bob.get_by_label("or the cards")).to_have_value("KS ZZ")
    expect(bob.get_by_label("or the cards")).to_have_attribute("aria-invalid", "true")
    expect(player(page, "Cara").get_by_label("Count")).to_have_value("20")
    expect(page.get_by_role("radio", name="Ann")).to_be_checked()

    bob.get_by_label("or the cards").fill("KS 9S")
    save(page)
    assert totals(page) == ["0", "19", "20"]


def test_correcting_a_past_hand_recomputes_every_later_total_and_logs_the_change(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    sheet = start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"])
    for number, (out, counts) in enumerate(HANDS, start=1):
        page.get_by_role("link", name=f"Record hand {number}").click()
        went_out(page, out)
        for name, value in counts.items():
            type_count(page, name, value)
        save(page)
    assert [row_totals(page, n) for n in (1, 2, 3)] == [["0", "10", "20"], ["5", "10", "25"], ["6", "12", "25"]]

    page.get_by_role("link", name="Hand 1: why").click()
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    expect(player(page, "Bob").get_by_label("Count")).to_have_value("10")
    type_count(page, "Bob", 30)
    page.get_by_role("button", name="Save the correction").click()

    expect(page).to_have_url(re.compile(re.escape(sheet) + "#hand-1$"))
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected; every total after it is recomputed.")
    assert [row_totals(page, n) for n in (1, 2, 3)] == [["0", "30", "20"], ["5", "30", "25"], ["6", "32", "25"]]
    assert totals(page) == ["6", "32", "25"]
    expect(page.locator(".changes li")).to_have_count(1)
    expect(page.locator(".changes li")).to_contain_text(
        "hand 1 changed from Ann out; Bob 10; Cara 20 (Bob +10, Cara +20) to Ann out; Bob 30; Cara 20 (Bob +30, Cara +20)"
    )
