"""The house extensions entered on a phone (390x844), through the generic pages (issue 26): a Hand-Rommé
in German Rommé in at most 5 taps plus the digits, a Mille hand by melded and left cards (the picker
counting the queen of spades 100), a game with single-card values built on "Your own game", and an axe
scan of each new page in the state a person sees it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.engine.in_browser import outcome

from .browser_kit import LiveServer, Taps, define_game, player, post_hand, save, screenshot, totals
from .conftest import PHONE
from .test_accessibility import AXE, BLOCKING, SCHEMES, _describe

pytestmark = pytest.mark.browser


def start_preset(page: Page, server: LiveServer, key: str, names: list[str]) -> str:
    """Start a preset from New game by its name's link; the sheet's URL."""
    page.goto(server(f"/games/new?preset={key}"))
    for seat, name in enumerate(names):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    return page.url


def field_row(page: Page, name: str, label: str) -> Locator:
    """The row of one of a player's fields (with its card picker, once opened)."""
    return player(page, name).locator("div.single", has=page.get_by_label(label, exact=True))


def pick(page: Page, name: str, label: str, cards: list[str]) -> None:
    row = field_row(page, name, label)
    row.get_by_role("button", name="Pick cards").click()
    for card in cards:
        row.get_by_role("button", name=card, exact=True).click()


def axe_violations(page: Page) -> list[str]:
    """Serious or critical axe-core violations, in the light and the dark colour scheme."""
    found = []
    page.evaluate(AXE.axe_script)
    for scheme, options in SCHEMES.items():
        page.emulate_media(color_scheme=scheme)
        violations = page.evaluate("options => axe.run(document, options)", options)["violations"]
        found += [f"[{scheme}] " + _describe(v) for v in violations if v["impact"] in BLOCKING]
    return found


def test_a_hand_romme_in_german_romme_takes_at_most_five_taps_plus_the_digits(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    start_preset(page, live_server, "german-romme", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()

    # Ann went out in one go: Bob's 46 and Cara's 30 count twice.
    taps = Taps(page)
    taps.tap(page.get_by_role("checkbox", name=re.compile("In one go")))
    taps.tap(page.locator("label.tile", has_text=re.compile("^Ann$")))
    bob = player(page, "Bob").get_by_label("Count", exact=True)
    expect(bob).to_be_focused()  # the tap on who went out moves on to the first count
    page.keyboard.type("46")
    taps.type(player(page, "Cara").get_by_label("Count", exact=True), "30")
    # Ann's panel offers her bonus alone; nobody else's shows one
    expect(player(page, "Ann").get_by_label("Bonus", exact=True)).to_be_visible()
    expect(player(page, "Bob").get_by_label("Bonus", exact=True)).to_be_hidden()
    screenshot(page, "house-hand-romme-entry")
    taps.tap(page.locator("#entry button[type=submit]"))

    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))
    assert totals(page) == ["0", "92", "60"]
    assert taps.count <= 5, f"the Hand-Rommé took {taps.count} taps"
    assert taps.count == 4


def test_the_one_go_switch_steps_aside_while_nobody_went_out_and_comes_back_as_ticked(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    game = start_preset(page, live_server, "german-romme", ["Ann", "Bob", "Cara"])
    page.goto(game + "/hands/new")
    switch = page.get_by_role("checkbox", name=re.compile("In one go"))
    switch.check()

    page.locator("label.tile", has_text=re.compile("^Nobody went out$")).click()
    expect(switch).to_be_hidden()
    page.locator("label.tile", has_text=re.compile("^Ann$")).click()

    expect(switch).to_be_visible()
    expect(switch).to_be_checked()


def test_a_mille_hand_is_entered_by_melded_and_left_cards_the_picker_counting_the_single_values(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_preset(page, live_server, "mille", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()
    page.locator("label.tile", has_text=re.compile("^Ann$")).click()

    pick(page, "Ann", "Melded (cards or points)", ["queen of spades", "queen of clubs", "queen of hearts"])
    expect(player(page, "Ann").locator(".value")).to_have_text("Melded: 3 cards, worth 120")
    expect(player(page, "Ann").get_by_label("Left in hand (cards or points)", exact=True)).to_be_hidden()
    player(page, "Bob").get_by_label("Melded (cards or points)", exact=True).fill("30")
    pick(page, "Bob", "Left in hand (cards or points)", ["jack of diamonds", "5 of clubs"])
    expect(player(page, "Bob").locator(".value")).to_have_text("Left in hand: 2 cards, worth 55")
    expect(page.locator("#preview-line")).to_contain_text("Saving gives")
    screenshot(page, "house-mille-entry")
    save(page)

    assert totals(page) == ["120", "-25"]


def test_a_game_with_single_card_values_is_built_on_your_own_game_and_its_cards_count_by_them(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.goto(live_server("/games/own/new?variant=house"))
    page.get_by_role("radio", name=re.compile("^Cards")).check()
    more = page.get_by_label("A rank, a card or a colour", exact=True)
    expect(more).to_be_visible()
    more.fill("9 20")
    page.get_by_label("Name of the game").fill("Our Seven Bridge")
    page.get_by_role("radio", name="Each player scores their own hand").check()
    page.get_by_role("radio", name="Lowest total wins").check()
    # the example hand follows: Bob's A♠ 9♥ K♦ is 1 + 20 + 10
    expect(page.locator("#example tbody tr").nth(1)).to_contain_text("+31")
    more.fill("7 20")
    expect(page.locator("#example tbody tr").nth(1)).to_contain_text("+20")
    define_game(page, target="200")
    for seat, name in enumerate(["Ann", "Bob"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Record hand 1").click()
    page.locator("label.tile", has_text=re.compile("^Ann$")).click()

    # the rule book's Seven Bridge hand: 7♠ 7♥ K♦ = 20 + 20 + 10
    panel = player(page, "Bob")
    panel.get_by_role("button", name="Pick cards").click()
    for card in ("7 of spades", "7 of hearts", "king of diamonds"):
        panel.get_by_role("button", name=card, exact=True).click()
    expect(panel.locator(".value")).to_have_text("3 cards, worth 50")
    save(page)

    assert totals(page) == ["0", "50"]


# -- axe on the new pages ------------------------------------------------------------------------------------


def _mille_picking(page: Page) -> None:
    page.locator("label.tile", has_text=re.compile("^Ann$")).click()
    pick(page, "Ann", "Melded (cards or points)", ["queen of spades"])
    expect(player(page, "Ann").locator(".value")).to_contain_text("worth 100")


def _rumino_back_and_won(page: Page) -> None:
    page.locator("fieldset.returning").get_by_role("checkbox").check()
    page.get_by_label("Instant win", exact=True).select_option("Ann")


def _refused_bonus(page: Page) -> None:
    page.locator("label.tile", has_text=re.compile("^Ann$")).click()
    player(page, "Ann").get_by_label("Bonus", exact=True).fill("lots")
    player(page, "Bob").get_by_label("Melded (cards or points)", exact=True).fill("30")
    page.locator("#entry button[type=submit]").click()
    expect(page.locator(".error").first).to_be_visible()


def _own_game_extended(page: Page) -> None:
    page.get_by_role("radio", name=re.compile("^Melded minus left")).check()
    page.get_by_label("A rank, a card or a colour", exact=True).fill("QS 100, JD 50")
    page.get_by_label("Deal by deal", exact=True).fill("9: 3 threes\n10: 2 threes, 1 four")
    page.get_by_label("Name of the game").fill("Our Mille")
    page.get_by_role("radio", name="Each player scores their own hand").check()
    page.get_by_role("radio", name="Highest total wins").check()
    expect(page.locator("#example tbody tr")).to_have_count(3)


def _own_game_refused(page: Page) -> None:
    _own_game_extended(page)
    page.get_by_label("Deal by deal", exact=True).fill("40: 3 threes")
    page.get_by_role("button", name="Keep this game").click()
    expect(page.locator(".error").first).to_be_visible()


@pytest.mark.parametrize("name", ["mille-entry", "rumino-entry", "mille-refused", "own-game", "own-game-refused"])
def test_the_new_pages_have_no_serious_or_critical_axe_violations(
        signed_in: Page, live_server: LiveServer, name: str) -> None:
    page = signed_in
    prepare: Any
    if name.startswith("own-game"):
        page.goto(live_server("/games/own/new?variant=house"))
        prepare = _own_game_extended if name == "own-game" else _own_game_refused
    elif name.startswith("mille"):
        page.goto(start_preset(page, live_server, "mille", ["Ann", "Bob"]) + "/hands/new")
        prepare = _mille_picking if name == "mille-entry" else _refused_bonus
    else:
        game = start_preset(page, live_server, "rumino", ["Ann", "Bob", "Cara"])
        post_hand(page, game, {"out": "0", "p1-count": "120", "p2-count": "5"})  # Bob over 100: out
        page.goto(game + "/hands/new")
        prepare = _rumino_back_and_won
    prepare(page)

    found = axe_violations(page)
    screenshot(page, f"house-{name}")
    assert not found, "\n".join(found)


# -- the in-browser engine -------------------------------------------------------------------------------------

#: one log of each extension, with a refusal among them: the definitions as the presets hold them
EXTENDED_LOGS: list[dict[str, Any]] = [
    {"variant": "house", "players": ["Ann", "Bob"], "options": {
        "name": "Mille", "entry": "meld_minus_hand", "scoring": "own", "lowest_wins": False, "decks": 2,
        "values": {"ace": 15, "pictures": 10, "ten": 10, "pips": 5, "joker": 0, "2": 20, "QS": 100, "JD": 50}},
     "hands": [{"out": "Ann", "hands": {"Ann": {"melded": "QS QC QH", "bonus": 20},
                                        "Bob": {"melded": 30, "left": "JD 5C"}}}]},
    {"variant": "house", "players": ["Ann", "Bob", "Cara"], "options": {
        "name": "Caribbean Kalooki", "entry": "cards", "scoring": "own", "lowest_wins": True, "decks": 2,
        "jokers": 4, "one_go_multiplier": 2, "instant_win": True,
        "schedule": [{"cards": 9, "contract": "3 threes"}, {"cards": 10, "contract": "2 threes, 1 four"}]},
     "hands": [{"out": "Ann", "one_go": True, "hands": {"Bob": {"cards": "7S 7H KD"}, "Cara": {"count": 5}}},
               {"out": "Bob", "instant_win": "Bob", "hands": {"Ann": {"count": 3}, "Cara": {"count": 4}}}]},
    {"variant": "house", "players": ["Ann", "Bob", "Cara"], "options": {
        "name": "Loba", "entry": "cards", "scoring": "own", "lowest_wins": True, "eliminate_at": 101,
        "reentries": 1, "one_go_bonus": -10, "decks": 2, "jokers": 4},
     "hands": [{"out": "Ann", "one_go": True, "hands": {"Bob": {"count": 120}, "Cara": {"count": 5}}},
               {"out": "Cara", "reenter": ["Bob"], "hands": {"Ann": {"count": 7}, "Bob": {"count": 10}}}]},
    {"variant": "house", "players": ["Ann", "Bob", "Cara"], "options": {
        "name": "Carousel", "entry": "points", "scoring": "lowest_scores_difference", "lowest_wins": False},
     "hands": [{"out": None, "hands": {"Ann": {"points": 4}, "Bob": {"points": 4}, "Cara": {"points": 20}}}]},
    {"variant": "house", "players": ["Ann", "Bob"], "options": {
        "name": "Mille", "entry": "meld_minus_hand", "scoring": "own", "lowest_wins": False},
     "hands": [{"out": "Ann", "hands": {"Ann": {"melded": 10}, "Bob": {"left": 5, "bonus": 3}}}]},
]


@pytest.mark.engine
def test_the_engine_in_the_browser_gives_the_servers_sheets_and_refusals_for_each_extension(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.set_default_timeout(120_000)  # Pyodide's start on a loaded machine: a wait for it, not a timing
    game = start_preset(page, live_server, "mille", ["Ann", "Bob"])
    page.goto(game)
    page.wait_for_load_state("load")
    page.get_by_role("switch").check()  # exact scores without a network: the phone asks for the engine
    page.evaluate("() => scorekeeperEngine.ready")
    server = json.loads(json.dumps([outcome(log) for log in EXTENDED_LOGS]))
    assert [("sheet" in one) for one in server] == [True, True, True, True, False]

    in_browser = page.evaluate("(logs) => scorekeeperEngine.replayMany(logs)", EXTENDED_LOGS)

    assert in_browser == server
