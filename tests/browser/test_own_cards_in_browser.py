"""My own cards: on a keeper link, each player says who they are for the hand and
types their own cards on their own phone; the keeper's form fills in as they
arrive, and the keeper records a Gin hand by cards in at most 4 taps.

Three browser contexts at 390×844: the keeper (the owner, signed in), Ann's
phone and Bob's phone (both through the keeper link, no account).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import Taps, LiveServer, screenshot, start_game

pytestmark = pytest.mark.browser

LIVE = 3_000  # ms: a seat's draft reaches the other phones within three seconds
ANN = "AS 2S 3S 4H 5H 6H 7C 7D 7H KD"  # three melds, the king of diamonds left: deadwood 10
BOB = "9C 9D 9S 10C JC QC 2D 4D 6S 8H"  # two melds left 2D 4D 6S 8H: 20


def phone_of(new_context: Any, link: str, url: str) -> Page:
    phone = new_context().new_page()
    phone.goto(link)
    phone.goto(url)
    return phone


def test_two_players_type_their_own_cards_and_the_keeper_saves_a_gin_hand_in_four_taps(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    keeper = signed_in
    game_url = start_game(keeper, live_server, "gin", ["Ann", "Bob"])
    keeper.get_by_role("button", name="Let the table keep score").click()
    link = keeper.locator("#keeper .share-url a").get_attribute("href") or ""
    entry_url = f"{game_url}/hands/new"

    ann = phone_of(new_context, link, entry_url)
    ann.get_by_label("This phone is").select_option(label="Ann")
    ann.locator("[name=p0-cards]").fill(ANN)
    bob = phone_of(new_context, link, entry_url)
    bob.get_by_label("This phone is").select_option(label="Bob")
    bob.locator("[name=p1-cards]").fill(BOB)

    keeper.goto(game_url)
    taps = Taps(keeper)
    taps.tap(keeper.get_by_role("link", name="Record hand 1"))
    expect(keeper.locator("fieldset[data-seat='0'] .draft-from")).to_have_text(
        "Ann: 10 cards, from Ann's phone", timeout=LIVE)
    expect(keeper.locator("fieldset[data-seat='1'] .draft-from")).to_have_text(
        "Bob: 10 cards, from Bob's phone", timeout=LIVE)
    expect(keeper.locator("[name=p0-cards]")).to_have_value(ANN)
    # Each phone sees the other's cards arrive too.
    expect(ann.locator("[name=p1-cards]")).to_have_value(BOB, timeout=LIVE)
    taps.tap(keeper.locator("label.tile", has_text="Ann"))  # Ann knocked
    # The preview follows the cards that arrived: Bob's 20 less Ann's 10.
    expect(keeper.locator("#preview-line")).to_contain_text("Saving gives Ann +10", timeout=LIVE)
    screenshot(keeper, "own-cards-keeper-form")
    taps.tap(keeper.locator("#entry button[type=submit]"))
    expect(keeper.locator(".flash.success")).to_contain_text("Hand 1 saved")
    assert taps.count <= 4
    expect(keeper.locator("table.sheet tfoot td")).to_have_text(["10", "0"])  # Bob's 20 - Ann's 10

    # The hand was saved from the keeper's phone: Bob's, still open on hand 1, says his typing was discarded.
    bob.locator("[name=p1-cards]").fill(BOB + " ")
    expect(bob.locator(".draft-news")).to_contain_text("was saved from another phone", timeout=LIVE)
