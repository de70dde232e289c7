"""A table defines its own game on a phone (390x844): "Your own game" on the new game page, every
rule chosen with the example hand following along, kept as the account's game, played to its end
by points (below 0 with the sign button), then found by its own name in the history and the
statistics."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, no_sideways_scroll, player, save, screenshot, totals, went_out
from .conftest import PHONE

pytestmark = pytest.mark.browser


def _example(page: Page) -> dict[str, str]:
    """The example hand's scores as the page shows them, by player."""
    rows = page.locator("#example tbody tr")
    return {row.locator("th").inner_text(): row.locator("td").last.inner_text() for row in rows.all()}


def _choose(page: Page, words: str) -> None:
    """Tap the words of one choice (its radio button's label)."""
    page.get_by_role("radio", name=words, exact=True).check()


def _points(page: Page, name: str, value: int) -> None:
    box = player(page, name).get_by_label("Points", exact=True)
    box.fill(str(abs(value)))
    if value < 0:
        player(page, name).get_by_role("button", name=re.compile("Change the sign")).click()
        expect(box).to_have_value(str(value))


def test_a_table_defines_its_own_game_plays_it_to_its_end_and_finds_it_by_name(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    page.goto(live_server("/games/new"))
    page.get_by_role("link", name=re.compile("^Your own game")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your own game")
    expect(page.locator("#example")).to_contain_text("to see a hand scored")
    # The card values matter only when hands are entered as cards.
    expect(page.locator("fieldset.values")).to_be_hidden()

    page.get_by_label("Name of the game").fill("Our Marriage")
    _choose(page, "Cards: pick the cards left in hand, or type their worth, valued as below")
    expect(page.locator("fieldset.values")).to_be_visible()
    page.get_by_label("Ace", exact=True).fill("15")
    page.get_by_label("Joker", exact=True).fill("25")
    page.get_by_label("Jokers", exact=True).fill("2")
    _choose(page, "Each player scores their own hand")
    _choose(page, "Lowest total wins")
    page.get_by_label("Going-out bonus", exact=True).fill("10")
    # (the going-out bonus's own sign button: the one-go bonus has one too)
    page.locator("#own-game .field").filter(has=page.get_by_label("Going-out bonus", exact=True)).get_by_role(
        "button", name=re.compile("Change the sign")).click()
    # The worked example, scored by the server as the rules are chosen.
    expect(page.locator("#example tbody tr")).to_have_count(3)
    expect(page.locator("#example")).to_contain_text("AS 9H JK")
    # (the example is asked for again as each rule changes: waited for once the sign's change is in)
    expect(page.locator("#example tbody tr").first.locator("td").last).to_have_text("-10")
    assert _example(page) == {"Ann": "-10", "Bob": "+49", "Cara": "+12"}
    _choose(page, "Each other player pays what they hold to whoever went out")
    page.get_by_label("Going-out bonus", exact=True).fill("0")
    expect(page.locator("#example tbody tr").first.locator("td").last).to_have_text("+61")
    assert _example(page) == {"Ann": "+61", "Bob": "-49", "Cara": "-12"}
    # Then points after all, and the end: out at 50, the last player left wins.
    _choose(page, "Points: type each player's points for the hand")
    expect(page.locator("fieldset.values")).to_be_hidden()
    page.get_by_label("Out at", exact=True).fill("50")
    expect(page.locator("#example")).to_contain_text("Out at 50; last player left wins")
    assert no_sideways_scroll(page)[0] <= PHONE["width"]
    screenshot(page, "own-game-defined")
    page.get_by_role("button", name="Keep this game").click()

    expect(page).to_have_url(re.compile(r"/games/new\?type=\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Our Marriage")
    expect(page.locator("ul.rules")).to_contain_text("Each other player pays what they hold to whoever went out")
    for seat, name in enumerate(["Ann", "Bob", "Cara"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Our Marriage")

    # 1: Ann out; Bob 30, Cara -5 (she holds points off): Ann +25, Bob -30, Cara +5.
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("#how-to")).to_contain_text("type everyone else's points")
    expect(page.locator("label.tile", has_text="Nobody went out")).to_have_count(0)
    went_out(page, "Ann")
    _points(page, "Bob", 30)
    _points(page, "Cara", -5)
    save(page)
    assert totals(page) == ["25", "-30", "5"]
    # 2: Cara out; Ann 40, Bob 0: Cara +40; Ann -15.  3: Bob out; Ann 10, Cara 70: Bob +80 = 50, out.
    for out, typed in (("Cara", {"Ann": 40, "Bob": 0}), ("Bob", {"Ann": 10, "Cara": 70})):
        page.get_by_role("link", name=re.compile("^Record hand")).click()
        went_out(page, out)
        for name, value in typed.items():
            _points(page, name, value)
        save(page)
    assert totals(page) == ["-25", "50", "-25"]
    expect(page.locator(".banner")).to_have_count(0)
    # 4: Ann out; Cara 60: Ann +60 = 35; Cara -85. 5: Ann out; Cara 20: Ann 55, out; Cara, the last left, wins.
    for typed in ({"Cara": 60}, {"Cara": 20}):
        page.get_by_role("link", name=re.compile("^Record hand")).click()
        went_out(page, "Ann")
        for name, value in typed.items():
            _points(page, name, value)
        save(page)
    expect(page.locator(".banner")).to_have_text("Cara wins!")
    assert totals(page) == ["55", "50", "-105"]
    screenshot(page, "own-game-finished")

    page.goto(live_server("/history"))
    expect(page.locator("ul.history li strong")).to_have_text(["Our Marriage"])
    page.get_by_label("Game", exact=True).select_option(label="Our Marriage")
    page.get_by_role("button", name="Show games").click()
    expect(page).to_have_url(re.compile(r"variant=house%3AOur\+Marriage"))
    expect(page.locator("ul.history li")).to_contain_text(["Cara won"])
    page.locator("ul.history li a").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Our Marriage")

    page.goto(live_server("/stats/"))
    page.get_by_label("Game", exact=True).select_option(label="Our Marriage")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("#players-heading")).to_have_text("Players: Our Marriage")
    cara = page.locator("table.players-table tbody tr", has=page.locator("th", has_text="Cara"))
    expect(cara.locator("td").nth(1)).to_have_text("1")  # Cara won the one game
    page.locator("table.players-table").get_by_role("link", name="Cara").click()
    expect(page.locator("article.stat-card h3")).to_have_text(["Our Marriage"])
    screenshot(page, "own-game-stats")


def test_a_kept_game_is_changed_for_new_games_only_and_deleted_leaving_its_games(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    page.goto(live_server("/games/own/new"))
    page.get_by_label("Name of the game").fill("Seven Bridge")
    _choose(page, "Points: type each player's points for the hand")
    _choose(page, "Whoever goes out scores what the others hold; they score 0")
    _choose(page, "Highest total wins")
    page.get_by_role("button", name="Keep this game").click()
    for seat, name in enumerate(["Ann", "Bob"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    game_url = page.url

    page.goto(live_server("/games/new"))
    own = page.locator("ul.own-games li", has_text="Seven Bridge")
    expect(own).to_contain_text("Whoever goes out scores what the others hold")
    own.get_by_role("link", name="Change Seven Bridge").click()
    _choose(page, "Each player scores their own hand")
    page.get_by_role("button", name="Save the change").click()
    expect(page.locator(".flash")).to_contain_text("games already started keep the rules they started with")
    expect(page.locator("ul.own-games li", has_text="Seven Bridge")).to_contain_text("Each player scores their own")

    page.goto(game_url + "/hands/new")
    expect(page.locator("#how-to")).to_contain_text("whoever goes out scores what the others hold")

    page.goto(live_server("/games/new"))
    page.locator("ul.own-games li", has_text="Seven Bridge").get_by_role("link", name="Delete Seven Bridge").click()
    page.get_by_role("button", name="Delete Seven Bridge").click()
    expect(page.locator("ul.own-games")).to_have_count(0)
    page.goto(game_url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Seven Bridge")
    expect(page.get_by_role("link", name="Record hand 1")).to_be_visible()
