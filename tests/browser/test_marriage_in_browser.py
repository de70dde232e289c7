"""Marriage (Nepal) on a phone (390x844): a hand entered with every tap counted, its settlement
previewed before saving, then a dublee finish, a refused maal, hand 1 corrected, and the fourth
of four deals ending the game.

A tap is every click the test makes (a tile, a field focused to type in, a switch, Save); typing
the digits into a focused field is not one.  Typing a player's maal turns their "Showed" switch on,
and tapping who finished turns theirs on; a player who never showed is left as they are.  So
SCORING.md's first worked hand (Ann finishes; Ann 12, Bob 5, Cara 0, Dan unseen) is 5 taps: Ann's
tile, three maal fields, Save; with the keyboard's Go key moving from one maal to the next (and
saving from the last), it is the one tap on Ann's tile.  The numbers are SCORING.md's Marriage
section.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .browser_kit import LiveServer, Taps, no_sideways_scroll, player, row_totals, screenshot, start_game, totals
from .conftest import PHONE

pytestmark = pytest.mark.browser


def maal(page: Page, name: str) -> Locator:
    return player(page, name).get_by_label("Maal", exact=True)


def showed(page: Page, name: str) -> Locator:
    return player(page, name).get_by_role("checkbox", name="Showed")


def test_a_marriage_hand_is_five_taps_its_settlement_explained_before_saving_and_the_game_played_out(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    start_game(page, live_server, "marriage", ["Ann", "Bob", "Cara", "Dan"], dublee_bonus="5", deals="4")
    expect(page.locator(".next .guide")).to_have_text("Hand 1 · Ann deals 21 cards · 3 decks")

    page.get_by_role("link", name="Record hand 1").click()
    taps = Taps(page)
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    expect(showed(page, "Ann")).to_be_checked()  # who finished has shown
    taps.type(maal(page, "Ann"), "12")
    taps.type(maal(page, "Bob"), "5")
    taps.type(maal(page, "Cara"), "0")
    for name in ("Bob", "Cara"):
        expect(showed(page, name)).to_be_checked()  # typing a maal turns Showed on
    expect(showed(page, "Dan")).not_to_be_checked()
    # The preview says what saving gives, and why: the maal net plus the payments.
    expect(page.locator("#preview-line")).to_have_text("Saving gives Ann +47, Cara -20, Dan -27.")
    # Each player's panel says their part: the maal net and the payments.
    expect(player(page, "Ann").locator(".ruled-value")).to_have_text("The maal net and the payments: 31+16")
    expect(player(page, "Dan").locator(".ruled-value")).to_have_text("The maal net and the payments: -17-10")
    page.locator(".preview-notes summary").click()
    why = page.locator(".preview-notes li")
    expect(why).to_have_text([
        "Maal: 17 in all; each player scores 4 × their maal - 17: Ann 4 × 12 - 17 = 31, Bob 4 × 5 - 17 = 3, "
        "Cara 4 × 0 - 17 = -17, Dan not shown, 0 - 17 = -17.",
        "Ann finished and collects Bob 3 seen, Cara 3 seen, Dan 10 unseen: 16.",
        "Maal net plus payments: Ann 31 + 16 = 47, Bob 3 - 3 = 0, Cara -17 - 3 = -20, Dan -17 - 10 = -27.",
    ])
    screenshot(page, "marriage-entry")
    taps.tap(page.locator("#entry button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert taps.count == 5, f"the hand took {taps.count} taps"
    assert totals(page) == ["47", "0", "-20", "-27"]
    # Under each score, the player's maal net and payments, and the key under the sheet says so.
    expect(page.locator("table.sheet tbody tr").first.locator("td small.own")).to_have_text(
        ["31+16", "3-3", "-17-3", "-17-10"])
    expect(page.locator(".sheet-key")).to_contain_text(
        "Small numbers: what the hand scored, then the maal net and the payments.")
    scroll_width, width = no_sideways_scroll(page)
    assert scroll_width == width

    # Hand 2: Bob finishes on dublees (bonus 5), shown 6; Ann 9; Cara and Dan unseen.
    # T = 15: Ann 21 - 8 = 13, Bob 9 + 38 = 47, Cara and Dan -15 - 15 = -30.
    page.get_by_role("link", name="Record hand 2").click()
    page.locator("label.tile", has_text=re.compile("^Bob$")).click()
    page.get_by_role("checkbox", name="Finished on dublees").check()
    maal(page, "Ann").fill("9")
    maal(page, "Bob").fill("6")
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert row_totals(page, 2)[:4] == ["60", "47", "-50", "-57"]
    page.locator("details#hand-2 summary").click()
    expect(page.locator("details#hand-2")).to_contain_text(
        "Bob finished on dublees and collects Ann 3 seen + 5 dublee, Cara 10 unseen + 5 dublee, "
        "Dan 10 unseen + 5 dublee: 38.")

    # Hand 3: Cara's maal is typed, then her Showed switch is turned off: refused at her panel,
    # everything typed kept.  Turned on again, it saves: Dan 9, Cara 2, Ann and Bob unseen.
    # T = 11: Dan 36 - 11 + 3 + 10 + 10 = 48, Cara 8 - 11 - 3 = -6, Ann and Bob -11 - 10 = -21.
    page.get_by_role("link", name="Record hand 3").click()
    page.locator("label.tile", has_text=re.compile("^Dan$")).click()
    maal(page, "Dan").fill("9")
    maal(page, "Cara").fill("2")
    showed(page, "Cara").uncheck()
    page.locator("#entry button[type=submit]").click()
    expect(player(page, "Cara").locator(".error")).to_have_text("maal is counted only for a player who showed")
    expect(maal(page, "Cara")).to_have_value("2")
    expect(maal(page, "Dan")).to_have_value("9")
    screenshot(page, "marriage-entry-refused")
    showed(page, "Cara").check()
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["39", "26", "-56", "-9"]

    # Hand 1 corrected: Cara's maal was 4, not 0.  T = 21: Ann 48 - 21 = 27, Bob -1, Cara -5, Dan -21;
    # with the payments Ann 43, Bob -4, Cara -8, Dan -31, so every later total moves with it.
    page.get_by_role("link", name="Hand 1: why").click()
    page.get_by_role("link", name="Correct hand 1").click()
    expect(showed(page, "Dan")).not_to_be_checked()  # the recorded hand, as it was entered
    expect(maal(page, "Ann")).to_have_value("12")
    maal(page, "Cara").fill("4")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected; every total after it is recomputed.")
    assert row_totals(page, 1)[:4] == ["43", "-4", "-8", "-31"]
    assert totals(page) == ["35", "22", "-44", "-13"]

    # Hand 4, the last of four deals, in two taps: Cara finishes with no maal; nobody else showed,
    # so each pays her 10.  Ann 25, Bob 12, Cara -14, Dan -23: Ann wins.
    page.get_by_role("link", name="Record hand 4").click()
    page.locator("label.tile", has_text=re.compile("^Cara$")).click()
    page.locator("#entry button[type=submit]").click()
    expect(page.locator(".banner")).to_have_text("Ann wins!")
    assert totals(page) == ["25", "12", "-14", "-23"]
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    page.set_viewport_size({"width": 360, "height": PHONE["height"]})
    table, frame = page.locator(".table-wrap").evaluate("wrap => [wrap.scrollWidth, wrap.clientWidth]")
    assert table <= frame, f"the sheet scrolls sideways at 360 px: {table} > {frame}"
    screenshot(page, "marriage-sheet")


def test_with_the_go_key_the_worked_hand_is_one_tap_plus_the_maal_typed(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "marriage", ["Ann", "Bob", "Cara", "Dan"])
    page.get_by_role("link", name="Record hand 1").click()
    expect(maal(page, "Dan")).to_have_attribute("enterkeyhint", "done")  # the form's script has run
    taps = Taps(page)

    # The tap on who finished moves on to the first maal; each Go moves to the next, the last saves.
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    expect(maal(page, "Ann")).to_be_focused()
    for digits in ("12", "5", "0", ""):  # Dan never showed: nothing typed, and Go saves
        page.keyboard.type(digits)
        page.keyboard.press("Enter")

    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["47", "0", "-20", "-27"]
    assert taps.count == 1
