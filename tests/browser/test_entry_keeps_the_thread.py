"""The entry form keeps the thread, on a phone (390x844): issue 14, part 4, and part 5's count of
the taps a four-player Basic hand by counts takes.

A tap is every click the test makes (a tile, a field focused to type in, a card, Save); the
digits typed on the number pad, and its Enter (Go) key, are not.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .browser_kit import (
    LiveServer, Taps, count_field, pick_cards, player, post_hand, start_game, totals, type_count, went_out,
)
from .conftest import PHONE

pytestmark = pytest.mark.browser

GIN_KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D"  # three runs and the 2D: knocks with 2
GIN_DEFENDER = "4S 5S KD KH KC 9H 9D JS QS 8D"  # lays off 4S 5S on the spades: 46 left


def in_view(page: Page, target: Locator) -> bool:
    box = target.bounding_box()
    assert box is not None
    return bool(0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"])


def test_a_refused_save_marks_every_missing_count_lists_them_and_goes_to_the_first(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara", "Dan"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Cara", 7)

    page.locator("#entry button[type=submit]").click()

    expect(player(page, "Bob").locator(".error")).to_have_text(re.compile("^Nothing typed for Bob"))
    expect(player(page, "Dan").locator(".error")).to_have_text(re.compile("^Nothing typed for Dan"))
    expect(player(page, "Cara").locator(".error")).to_have_count(0)
    summary = page.locator("#error-summary")
    expect(summary.get_by_role("link")).to_have_count(2)
    expect(summary.get_by_role("link").first).to_have_text(re.compile("Bob"))
    bob = count_field(page, "Bob")
    expect(bob).to_be_focused()
    assert in_view(page, bob)
    expect(count_field(page, "Cara")).to_have_value("7")

    summary.get_by_role("link").nth(1).click()  # the list's link goes to Dan's count

    dan = count_field(page, "Dan")
    expect(dan).to_be_focused()
    assert in_view(page, dan)


def test_the_preview_says_what_saving_gives_with_the_notes_a_tap_away(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Bob", 12)

    expect(page.locator("#preview-line")).to_have_text("Still to enter: Cara.")
    type_count(page, "Cara", 5)
    expect(page.locator("#preview-line")).to_have_text("Saving gives Ann +17.")
    notes = page.locator(".preview-notes")
    expect(notes.locator("li")).not_to_be_visible()
    notes.locator("summary").click()
    expect(notes.locator("li")).to_have_text(["Ann went out and collects Bob 12 + Cara 5 = 17."])
    assert totals(page) == []  # nothing saved: still the entry page


def test_one_deck_greys_out_a_card_picked_for_the_other_player_and_marks_a_duplicate(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "gin", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    pick_cards(page, "Ann", ["king of hearts"])
    pick_cards(page, "Bob", [])
    bobs_king = player(page, "Bob").get_by_role("button", name="king of hearts", exact=True)
    expect(bobs_king).to_have_class(re.compile(r"\btaken\b"))
    expect(bobs_king).to_have_attribute("aria-disabled", "true")

    bobs_king.click(force=True)  # taken: the tap adds nothing (force: Playwright waits on aria-disabled)
    expect(player(page, "Bob").get_by_label("or the cards")).to_have_value("")

    player(page, "Bob").get_by_label("or the cards").fill("KH 5D")  # typed anyway: a duplicate
    expect(bobs_king).to_have_class(re.compile(r"\bduplicate\b"))
    expect(player(page, "Bob").locator(".duplicates")).to_have_text(
        "One deck holds each card once: KH (also Ann's)")
    expect(player(page, "Ann").locator(".duplicates")).to_have_text(
        "One deck holds each card once: KH (also Bob's)")
    player(page, "Bob").get_by_label("or the cards").fill("5D")
    expect(player(page, "Ann").locator(".duplicates")).to_have_text("")


def test_a_gin_defenders_live_value_follows_the_lay_offs_once_the_knockers_cards_are_in(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "gin", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    player(page, "Bob").get_by_label("or the cards").fill(GIN_DEFENDER)
    expect(player(page, "Bob").locator(".value")).to_have_text(re.compile("worth 55"))  # before lay-offs

    player(page, "Ann").get_by_label("or the cards").fill(GIN_KNOCKER)

    expect(player(page, "Bob").locator(".ruled-value")).to_have_text("Counts 46 after laying off 4S 5S")
    expect(page.locator("#preview-line")).to_have_text("Saving gives Ann +44.")


def test_enter_on_a_count_moves_to_the_next_and_only_the_last_saves(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    count_field(page, "Bob").click()
    expect(count_field(page, "Bob")).to_have_attribute("enterkeyhint", "next")
    expect(count_field(page, "Cara")).to_have_attribute("enterkeyhint", "done")

    page.keyboard.type("12")
    page.keyboard.press("Enter")

    expect(count_field(page, "Cara")).to_be_focused()
    assert "/hands/new" in page.url
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["17", "0", "0"]


def test_a_count_too_big_or_below_0_says_so_and_the_bound(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Bob", 99999)
    type_count(page, "Cara", -4)
    page.locator("#entry button[type=submit]").click()

    expect(player(page, "Bob").locator(".error")).to_have_text(
        "99999 is too big for the count: it is at most 10,000.")
    expect(player(page, "Cara").locator(".error")).to_have_text("The count cannot be below 0: type 0 or more.")


def test_the_help_lines_say_exactly_what_to_enter(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "gin", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()

    expect(page.locator("#field-help")).to_contain_text("all ten cards; the app finds melds and lay-offs")


def test_a_four_player_basic_hand_by_counts_takes_at_most_6_taps_plus_digits(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara", "Dan"])
    page.get_by_role("link", name="Record hand 1").click()
    # The form's script has run (it sets each count's Go key): a person looks before tapping,
    # and a busy CI machine once let the typing in before it, every digit in Bob's count.
    expect(count_field(page, "Dan")).to_have_attribute("enterkeyhint", "done")
    taps = Taps(page)

    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    taps.tap(count_field(page, "Bob"))
    for digits in ("12", "5", "20"):  # each count, then Go to the next; the last Go saves
        page.keyboard.type(digits)
        page.keyboard.press("Enter")

    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["37", "0", "0", "0"]
    assert taps.count <= 6, f"the hand took {taps.count} taps"
    assert taps.count == 2


def test_the_winner_banner_does_not_look_like_a_button(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    game = start_game(page, live_server, "gin", ["Ann", "Bob"], target="10")
    post_hand(page, game, {"out": "0", "p0-count": "0", "p1-count": "80"})
    page.goto(game)
    banner = page.locator(".banner")
    expect(banner).to_contain_text("Ann wins")
    look = banner.evaluate("""b => { const s = getComputedStyle(b);
        const button = getComputedStyle(document.querySelector('button, .button') || b);
        return {fill: s.backgroundColor, radius: s.borderTopRightRadius, align: s.textAlign,
                buttonFill: button.backgroundColor}; }""")
    assert look["fill"] in ("rgba(0, 0, 0, 0)", "transparent"), look  # no fill, as a button has
    assert look["radius"] == "0px", look
    assert look["align"] in ("start", "left"), look
