"""The frictions seen on phones at the table (issue 24), each as a player meets it at 390x844
(and at 360 px where the layout is the point)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from .browser_kit import LiveServer, controlled, no_sideways_scroll, player, post_hand, register, \
    save, screenshot, start_game, went_out

pytestmark = pytest.mark.browser

LIVE = 3_000  # ms: what one phone does reaches the others within three seconds


def test_tapping_who_went_out_moves_the_keyboard_to_the_first_count_to_type(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()

    went_out(page, "Ann")  # Ann's panel folds away: Bob's count is the first to type
    expect(player(page, "Bob").get_by_label("Count", exact=True)).to_be_focused()
    page.keyboard.type("12")
    expect(player(page, "Bob").get_by_label("Count", exact=True)).to_have_value("12")

    went_out(page, "Bob")  # changed her mind: Bob's count is typed, Ann's is the first empty one
    expect(player(page, "Ann").get_by_label("Count", exact=True)).to_be_focused()


def test_a_knocker_who_went_out_types_their_own_count_first(signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "gin", ["Ann", "Bob"])
    page.get_by_role("link", name="Record hand 1").click()

    went_out(page, "Bob")
    expect(player(page, "Ann").locator("input").first).to_be_focused()


def test_a_tap_on_who_went_out_before_the_pages_script_arrived_still_moves_on_to_the_first_count(
        new_context: Any, live_server: LiveServer) -> None:
    # A slow phone: the entry page is drawn, its script still on its way, and Ann is tapped.
    # (No service worker, so the page's own requests are the ones held here.)
    page = new_context(service_workers="block").new_page()
    register(page, live_server)
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    held: list[Route] = []
    page.route("**/static/entry.js", lambda route: held.append(route))
    page.get_by_role("link", name="Record hand 1").click()
    page.wait_for_url("**/hands/new", wait_until="commit")
    went_out(page, "Ann")
    page.wait_for_function("() => document.querySelector('input[name=out]:checked') !== null")
    assert held and not player(page, "Bob").get_by_label("Count", exact=True).get_attribute("enterkeyhint")

    held[0].continue_()
    expect(player(page, "Bob").get_by_label("Count", exact=True)).to_be_focused()


def test_a_card_typed_twice_in_one_players_field_is_flagged_under_that_field(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    cards = player(page, "Bob").get_by_label("or the cards")

    cards.fill("KH KH 5D")
    expect(player(page, "Bob").locator(".value")).to_have_text(
        "KH appears twice, but this game uses one deck: take one out.")
    expect(cards).to_have_attribute("aria-invalid", "true")
    expect(player(page, "Cara").locator(".value")).to_have_text("")

    cards.fill("KH 5D")  # put right: the value again, the mark gone
    expect(player(page, "Bob").locator(".value")).to_have_text("2 cards, worth 15")
    expect(cards).not_to_have_attribute("aria-invalid", "true")
    expect(cards).to_have_value("KH 5D")


def test_ending_the_game_from_the_bottom_of_the_page_shows_the_result_at_the_top(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    game = start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    for number in range(1, 9):
        out = number % 3
        post_hand(page, game, {"out": str(out), **{f"p{seat}-count": "9" for seat in range(3) if seat != out}})
    page.goto(game)
    end = page.get_by_role("button", name="End the game here")
    end.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(page.locator(".banner")).to_have_count(0)

    page.once("dialog", lambda dialog: dialog.accept())
    end.click()

    expect(page.locator(".banner")).to_contain_text("wins")
    expect(page.locator(".banner")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("width", [390, 360])
def test_a_hand_kept_offline_waits_in_a_row_that_fits_the_phone_under_the_right_hand_numbers(
        signed_in: Page, live_server: LiveServer, width: int) -> None:
    page = signed_in
    page.set_viewport_size({"width": width, "height": 844})
    game = start_game(page, live_server, "basic", ["Annabelle", "Bartholomew", "Cara"])
    for number in range(1, 6):
        out = number % 3
        post_hand(page, game, {"out": str(out), **{f"p{seat}-count": "9" for seat in range(3) if seat != out}})
    page.goto(game)
    controlled(page)
    page.goto(game + "/hands/new")
    page.goto(game)

    page.context.set_offline(True)
    page.get_by_role("link", name="Record hand 6").click()
    went_out(page, "Annabelle")
    player(page, "Bartholomew").get_by_label("or the cards").fill("KH QH JH 10S 9S 8D 7D")
    player(page, "Cara").get_by_label("Count", exact=True).fill("105")
    page.locator("#entry button[type=submit]").click()
    expect(page.locator("#outbox-status")).to_contain_text("kept on this phone")

    note = page.locator("tr.waiting-note td")
    expect(note).to_have_text("Hand 6: kept on this phone, scored when sent")
    expect(page.get_by_role("link", name="Record hand 7")).to_be_visible()
    expect(page.locator(".next .guide")).to_have_text("Hand 7 · after hand 6, kept on this phone")
    scroll_width, client_width = no_sideways_scroll(page)
    note.scroll_into_view_if_needed()
    screenshot(page, f"kept-hand-{width}", full_page=False)
    assert scroll_width <= client_width == width
    inside = "e => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; }"
    assert note.evaluate(inside)
    assert page.locator("tr.waiting th .tag").evaluate(inside)
    assert all(cell.evaluate("e => e.scrollWidth <= e.clientWidth") for cell in page.locator("tr.waiting td").all())
    page.context.set_offline(False)


def test_a_hand_saved_on_the_keepers_phone_clears_what_another_phone_typed_and_its_save(
        signed_in: Page, live_server: LiveServer, new_context: Any) -> None:
    keeper = signed_in
    game = start_game(keeper, live_server, "basic", ["Ann", "Bob", "Cara"])
    keeper.get_by_role("button", name="Let the table keep score").click()
    link = keeper.locator("#keeper .share-url a").get_attribute("href") or ""
    bob = new_context().new_page()
    bob.goto(link)
    bob.goto(game + "/hands/new")
    bob.get_by_label("This phone is").select_option(label="Bob")
    went_out(bob, "Ann")
    player(bob, "Bob").get_by_label("or the cards").fill("KH 5D 9C")
    player(bob, "Cara").get_by_label("Count", exact=True).fill("4")
    expect(player(bob, "Bob").locator(".value")).to_have_text("3 cards, worth 24")

    keeper.goto(game + "/hands/new")
    went_out(keeper, "Ann")
    expect(player(keeper, "Bob").get_by_label("or the cards")).to_have_value("KH 5D 9C", timeout=LIVE)
    player(keeper, "Cara").get_by_label("Count", exact=True).fill("7")
    save(keeper)

    expect(bob.locator(".draft-news")).to_have_text(
        "Hand 1 was saved from another phone, so what was typed here for it was cleared. "
        "See the sheet or record hand 2.", timeout=LIVE)
    expect(player(bob, "Bob").get_by_label("or the cards")).to_have_value("")
    expect(player(bob, "Cara").get_by_label("Count", exact=True)).to_have_value("")
    expect(bob.locator("input[name=out]:checked")).to_have_count(0)
    expect(player(bob, "Bob").locator(".value")).to_have_text("")
    expect(bob.get_by_role("button", name="Save hand 1")).to_be_disabled()
    bob.get_by_role("link", name="record hand 2").click()
    expect(bob.locator("main h1")).to_have_text("Hand 2")


#: each word of an element's text with how many lines it is drawn on (a word broken mid-word: 2 or more)
WORD_LINES = """e => {
    const text = e.firstChild, found = [];
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.textContent))) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
        found.push([m[0], tops.size]);
    }
    return found;
}"""


@pytest.mark.parametrize("width", [390, 360])
def test_long_names_in_the_sheets_header_break_between_words_and_show_whole_on_a_tap(
        signed_in: Page, live_server: LiveServer, width: int) -> None:
    page = signed_in
    page.set_viewport_size({"width": width, "height": 844})
    names = ["Bartholomew Featherstonehaugh", "Annabelle", "Maximiliana Wolfeschlegelstein", "Cara"]
    start_game(page, live_server, "basic", names)
    headings = page.locator("table.sheet thead .name")
    expect(headings).to_have_text(names)

    for index in range(len(names)):
        heading = headings.nth(index)
        assert all(lines == 1 for _, lines in heading.evaluate(WORD_LINES)), heading.evaluate(WORD_LINES)
        line = heading.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
        assert heading.evaluate("e => e.getBoundingClientRect().height") <= 2 * line + 1
    assert no_sideways_scroll(page)[0] <= width

    long_one = page.locator("table.sheet thead th", has_text="Wolfeschlegelstein")
    long_one.click()
    whole = long_one.locator(".name")
    assert whole.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")
    screenshot(page, f"long-names-{width}", full_page=False)
    assert no_sideways_scroll(page)[0] <= width


def entering_hand_one(new_context: Any, live_server: LiveServer) -> Page:
    """A phone on hand 1's entry of a Basic Rummy game, Ann out; its own requests seen by
    ``page.route`` (no service worker answers them)."""
    page = new_context(service_workers="block").new_page()
    register(page, live_server)
    start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    return page


def test_a_cards_value_the_server_did_not_answer_is_asked_again_and_shown(
        new_context: Any, live_server: LiveServer) -> None:
    # Weak Wi-Fi at the table: the first ask for the cards' worth is lost on its way.
    page = entering_hand_one(new_context, live_server)
    asks: list[str] = []

    def lose_the_first(route: Route) -> None:
        asks.append(route.request.url)
        route.abort() if len(asks) == 1 else route.continue_()

    page.route("**/preview?*", lose_the_first)
    player(page, "Bob").get_by_label("or the cards").fill("KH 5D")
    expect(player(page, "Bob").locator(".value")).to_have_text("2 cards, worth 15")
    assert len(asks) == 2 and asks[0] == asks[1]


def test_an_older_answer_of_a_cards_value_arriving_late_does_not_replace_the_newer_one(
        new_context: Any, live_server: LiveServer) -> None:
    page = entering_hand_one(new_context, live_server)
    held: list[Route] = []
    page.route("**/preview?*", lambda route: held.append(route) if not held else route.continue_())
    cards = player(page, "Bob").get_by_label("or the cards")

    with page.expect_request("**/preview?*"):
        cards.fill("KH KH 5D")  # its ask held on the way (its answer flags KH twice)
    cards.fill("KH 5D")
    expect(player(page, "Bob").locator(".value")).to_have_text("2 cards, worth 15")

    with page.expect_event("requestfinished", lambda request: "KH%20KH" in request.url):
        held[0].continue_()
    page.evaluate("() => new Promise(done => setTimeout(() => setTimeout(done)))")  # (its answer read)
    expect(player(page, "Bob").locator(".value")).to_have_text("2 cards, worth 15")
    expect(cards).not_to_have_attribute("aria-invalid", "true")
