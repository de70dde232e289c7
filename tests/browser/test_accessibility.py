"""Every page passes an axe-core scan with no serious or critical violation,
in the light and the dark colour scheme, on a phone: every rule in the light
one, and again in the dark one the rules a colour decides (the page is the
same but for its colours).

Pages are scanned in the state a person sees them in: the card picker open
with a card chosen, a hand's notes open, a refused form with its messages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .browser_kit import LiveServer, post_hand, register, screenshot, start_game, without_engine

# One worker runs the module (xdist_group): its module-scoped set-up, a browser's work of
# seconds, is then done once, not once on each worker.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("accessibility")]

AXE = Axe()
# Every rule axe runs by default, and the touch-target size (WCAG 2.2, 24px),
# which it leaves off by default: these pages are used with a thumb.
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
#: the rules whose outcome a colour scheme can change: text against its background, a link told
#: from the text around it by its colour (axe's "color" tag, those of them it runs by default)
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
SCHEMES = {"light": AXE_OPTIONS, "dark": {"resultTypes": ["violations"],
                                          "runOnly": {"type": "rule", "values": COLOUR_RULES}}}
BLOCKING = set(__import__("os").environ.get("AXE_IMPACTS", "serious,critical").split(","))


def _open_picker(page: Page) -> None:
    page.get_by_role("button", name="Pick cards").first.click()
    page.locator(".picker:not([hidden]) button[data-card]").nth(12).click()  # a king: pressed
    page.locator(".picker:not([hidden]) button[data-card]").nth(14).click()  # a red card: pressed


def _send_refused_entry(page: Page) -> None:
    """Save the entry form and wait for the refused page itself: online, a refused save is the
    outbox's request and then the form's own post (static/outbox-page.js), whose page is scanned."""
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/hands/new")):
        page.locator("#entry button[type=submit]").click()
    # (the answer is in before the refused page has replaced the form: waiting for "load" at once
    # may still be the form's, and a scan could then meet the new page without its styles)
    page.wait_for_function("() => document.readyState === 'complete' && !!document.getElementById('error-summary')")


def _refuse_entry(page: Page) -> None:
    _send_refused_entry(page)
    expect(page.locator(".error").first).to_be_visible()


def _send_refused_form(page: Page, button: str) -> None:
    """Send a form the server refuses and wait for the refused page to load, its styles applied
    (a message may already show on the form itself, as the own game's example does: waiting for
    ".error" alone could scan the new page before its styles, the header's links then too close)."""
    with page.expect_navigation(wait_until="load"):
        page.get_by_role("button", name=button).click()
    expect(page.locator(".error").first).to_be_visible()


def _refuse_new_game(page: Page) -> None:
    _send_refused_form(page, "Start the game")


def _open_hand(page: Page) -> None:
    page.locator(".hands details summary").first.click()


def _refuse_register(page: Page) -> None:
    """The form sent empty: scanned once the refused page, with its messages, has loaded."""
    _send_refused_form(page, "Create account")


def _refuse_password_change(page: Page) -> None:
    _send_refused_form(page, "Change password")


def _open_house_rules(page: Page) -> None:
    page.get_by_text("House rules").click()


def _define_cards_game(page: Page) -> None:
    """The own game form with cards chosen (the card values shown) and the example hand scored."""
    page.get_by_label("Name of the game").fill("Our Marriage")
    page.get_by_role("radio", name=re.compile("^Cards")).check()
    page.get_by_role("radio", name="Each other player pays what they hold to whoever went out").check()
    page.get_by_role("radio", name="Lowest total wins").check()
    expect(page.locator("#example tbody tr")).to_have_count(3)


def _refuse_own_game(page: Page) -> None:
    page.get_by_label("Going-out bonus", exact=True).fill("lots")
    _send_refused_form(page, "Keep this game")


def _negative_points(page: Page) -> None:
    page.locator("label.tile").first.click()
    page.get_by_role("button", name=re.compile("Change the sign")).nth(1).click()


def _returning_player(page: Page) -> None:
    """Scala 40 or Kalooki with Cara out: her box ticked to come back, a pill tapped, the picker open."""
    page.locator("fieldset.returning").get_by_role("checkbox").check()
    pills = page.locator(".status .pill")
    if pills.count():
        pills.nth(1).click()  # "Never opened", on Ann's panel
    _open_picker(page)


def _seat_partners(page: Page) -> None:
    """Four names in the seats: the partners' line names the sides."""
    for seat, name in enumerate(["Ann", "Bob", "Cara", "Dan"]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    expect(page.locator("#partners-line")).to_have_text("Ann & Cara against Bob & Dan")


def _refuse_side(page: Page) -> None:
    """A side's meld points that are no multiple of 5: the message at the side's field."""
    page.locator("label.tile").first.click()
    for name, value in (("s0-meld_points", "152"), ("s0-natural", "1"), ("s1-meld_points", "0"),
                        ("p1-count", "10"), ("p2-count", "20"), ("p3-count", "30")):
        page.locator(f"[name={name}]").fill(value)
    _send_refused_entry(page)
    expect(page.locator(".side-fields .error").first).to_be_visible()


def _refuse_missing_counts(page: Page) -> None:
    """Basic with only Ann out tapped: every count refused at once, listed at the top."""
    page.locator("label.tile").first.click()
    _send_refused_entry(page)
    expect(page.locator("#error-summary")).to_be_visible()


def _preview_gin(page: Page) -> None:
    """Gin with both hands typed: the preview and its notes open, a defender's value after lay-offs,
    and the cards Ann holds greyed out in Bob's open picker."""
    page.locator("label.tile").first.click()
    page.locator("[name=p0-cards]").fill("AS 2S 3S 4H 5H 6H 7C 8C 9C 2D")
    page.locator("[name=p1-cards]").fill("4S 5S KD KH KC 9H 9D JS QS 8D")
    expect(page.locator("#preview-line")).to_contain_text("Saving gives")
    page.locator(".preview-notes summary").click()
    page.get_by_role("button", name="Pick cards").nth(1).click()
    expect(page.locator(".picker:not([hidden]) .card.taken").first).to_be_visible()


def _preview_marriage(page: Page) -> None:
    """Marriage with the finisher tapped and two maal typed: the switches on, the preview's notes open."""
    page.locator("label.tile").first.click()
    page.locator("[name=p0-maal]").fill("12")
    page.locator("[name=p1-maal]").fill("5")
    expect(page.locator("#preview-line")).to_contain_text("Saving gives")
    page.locator(".preview-notes summary").click()


def _refuse_marriage_maal(page: Page) -> None:
    """Marriage: Bob's maal typed, then his Showed switch turned off: refused at his panel."""
    page.locator("label.tile").first.click()
    page.locator("[name=p1-maal]").fill("4")
    page.locator("[name=p1-shown]").uncheck()
    _send_refused_entry(page)
    expect(page.locator("fieldset.player .error").first).to_be_visible()


def _kept_hands(page: Page) -> None:
    """Two hands kept on the phone: one another phone took the number of (both hands shown, two
    choices), and one waiting behind it in its row."""
    page.evaluate("""() => window.ScorekeeperLoadOutbox().then(() => {
        const account = document.body.dataset.account;
        const game = location.pathname.split('/')[2];
        const fields = n => [['expected', String(n)], ['out', '0'], ['p1-count', '7'], ['p2-cards', 'KH 5D']];
        const labels = {p0: 'Ann', p1: 'Bob', p2: 'Cara'};
        // Stored as they are (the first one held), so no send starts in between.
        const item = (id, n, seq) => ({id, account, game, kind: 'hand', number: n, fields: fields(n), labels, seq,
                                       state: 'waiting'});
        const taken = {...item('a11y-1', 1, 1), state: 'taken', answer: {outcome: 'taken', next: 2, recorded: 1,
                       theirs: {scores: {Ann: 20, Bob: 0, Cara: 0}}}};
        return Outbox.put(taken).then(() => Outbox.put(item('a11y-2', 2, 2)));
    })""")
    page.reload()
    expect(page.locator("table.sheet tr.waiting")).to_have_count(1)
    expect(page.locator(".outbox-held")).to_be_visible()


# name: (key of the URL built by `site`, signed in?, what to do before the scan)
PAGES: dict[str, tuple[str, bool, Callable[[Page], None] | None]] = {
    "register": ("/register", False, None),
    "register-refused": ("/register", False, _refuse_register),
    "login": ("/login", False, None),
    "variants-signed-out": ("/variants", False, None),
    "games-list": ("/games", True, None),
    "variant-picker": ("/games/new", True, None),
    "new-preset": ("/games/new?preset=loba-de-menos", True, None),
    "new-preset-close": ("/games/new?preset=conquian", True, None),
    "new-contract": ("/games/new?variant=contract", True, _open_house_rules),
    "new-gin": ("/games/new?variant=gin", True, _open_house_rules),
    "new-500": ("/games/new?variant=500", True, _open_house_rules),
    "new-indian": ("/games/new?variant=indian", True, _open_house_rules),
    "new-game-refused": ("/games/new?variant=basic", True, _refuse_new_game),
    "new-canasta": ("/games/new?variant=canasta", True, _seat_partners),
    "new-canasta-refused": ("/games/new?variant=canasta", True, _refuse_new_game),
    "sheet-with-hands": ("contract", True, _open_hand),
    "sheet-gin-finished": ("gin", True, _open_hand),
    "entry-basic": ("basic/hands/new", True, _open_picker),
    "entry-refused": ("contract/hands/new", True, _refuse_entry),
    "entry-refused-every-count": ("basic/hands/new", True, _refuse_missing_counts),
    "entry-gin-preview": ("gin-playing/hands/new", True, _preview_gin),
    "entry-gin": ("gin-playing/hands/new", True, _open_picker),
    "entry-oklahoma": ("oklahoma-gin/hands/new", True, _open_picker),
    "entry-500": ("500/hands/new", True, _open_picker),
    "entry-indian": ("indian/hands/new", True, _open_picker),
    "entry-three-thirteen": ("three-thirteen/hands/new", True, _open_picker),
    "sheet-three-thirteen": ("three-thirteen", True, _open_hand),
    "entry-scala40": ("scala40/hands/new", True, _returning_player),
    "sheet-scala40": ("scala40", True, _open_hand),
    "entry-kalooki": ("kalooki/hands/new", True, _returning_player),
    "sheet-kalooki": ("kalooki", True, _open_hand),
    "entry-hollywood": ("hollywood-playing/hands/new", True, _open_picker),
    "entry-canasta": ("canasta/hands/new", True, _open_picker),
    "entry-partnership": ("partnership/hands/new", True, _open_picker),
    "sheet-cutthroat-settled": ("cutthroat", True, None),
    "entry-cutthroat": ("cutthroat-playing/hands/new", True, _open_picker),
    "entry-canasta-refused": ("canasta/hands/new", True, _refuse_side),
    "sheet-canasta": ("canasta", True, _open_hand),
    "new-marriage": ("/games/new?variant=marriage", True, _open_house_rules),
    "entry-marriage": ("marriage/hands/new", True, _preview_marriage),
    "entry-marriage-refused": ("marriage/hands/new", True, _refuse_marriage_maal),
    "sheet-marriage": ("marriage", True, _open_hand),
    "sheet-hollywood-finished": ("hollywood-gin", True, _open_hand),
    "edit-hand": ("contract/hands/1/edit", True, None),
    "players": ("/players/", True, None),
    "rename": ("rename", True, None),
    "delete-confirm": ("contract/delete", True, None),
    "variants": ("/variants", True, None),
    "account": ("/settings/account/", True, None),
    "account-refused": ("/settings/account/", True, _refuse_password_change),
    "not-found": ("/games/999999", True, None),
    "share-live": ("share", False, _open_hand),
    "game-with-keeper-link": ("basic", True, None),
    "keeper-phone-game": ("keeper", False, None),
    "own-game-new": ("/games/own/new", True, _define_cards_game),
    "own-game-refused": ("/games/own/new", True, _refuse_own_game),
    "own-game-edit": ("own-edit", True, None),
    "own-game-delete": ("own-delete", True, None),
    "new-own-game": ("own-seats", True, None),
    "entry-house": ("house/hands/new", True, _negative_points),
    "sheet-house": ("house", True, _open_hand),
    "offline": ("/offline", False, None),
    "offline-signed-in": ("/offline", True, None),
    "sheet-kept-hands": ("basic-kept", True, _kept_hands),
}


@pytest.fixture(scope="module")
def site(browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """One account with a game of every kind the pages need; its signed-in state."""
    context = without_engine(browser.new_context(**browser_context_args))
    page = context.new_page()
    register(page, live_server)
    games = {
        "contract": start_game(page, live_server, "contract", ["Ann", "Bob", "Cara"]),
        "gin": start_game(page, live_server, "gin", ["Ann", "Bob"]),
        "gin-playing": start_game(page, live_server, "gin", ["Ann", "Bob"]),
        "basic": start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"]),
        "basic-kept": start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"]),
        "oklahoma-gin": start_game(page, live_server, "oklahoma-gin", ["Ann", "Bob"]),
        "500": start_game(page, live_server, "500", ["Ann", "Bob", "Cara"]),
        "indian": start_game(page, live_server, "indian", ["Ann", "Bob", "Cara"]),
        "three-thirteen": start_game(page, live_server, "three-thirteen", ["Ann", "Bob", "Cara"]),
        "scala40": start_game(page, live_server, "scala40", ["Ann", "Bob", "Cara"], reentries="1"),
        "kalooki": start_game(page, live_server, "kalooki", ["Ann", "Bob", "Cara"]),
        "hollywood-gin": start_game(page, live_server, "hollywood-gin", ["Ann", "Bob"], target="30"),
        "hollywood-playing": start_game(page, live_server, "hollywood-gin", ["Ann", "Bob"]),
        # A house game by points, zero-sum: the account keeps it as its own game type too.
        "house": start_game(page, live_server, "house", ["Ann", "Bob", "Cara"], name="Our Marriage",
                            entry="points", scoring="zero_sum", lowest_wins=True, eliminate_at="100"),
        "canasta": start_game(page, live_server, "canasta", ["Ann", "Bob", "Cara", "Dan"]),
        "marriage": start_game(page, live_server, "marriage", ["Ann", "Bob", "Cara", "Dan"]),
        "cutthroat": start_game(page, live_server, "cutthroat-gin", ["Ann", "Bob", "Cara"], target="30"),
        "cutthroat-playing": start_game(page, live_server, "cutthroat-gin", ["Ann", "Bob", "Cara"]),
        "partnership": start_game(page, live_server, "partnership-gin", ["Ann", "Bob", "Cara", "Dan"]),
    }
    # Marriage, the rule book's first hand: Ann finishes, Dan unseen.
    post_hand(page, games["marriage"], {"out": "0", "p0-shown": "1", "p0-maal": "12", "p1-shown": "1",
                                        "p1-maal": "5", "p2-shown": "1", "p2-maal": "0"})
    # Cutthroat to its end (every pair settled): Ann beats Bob, then Cara, who sat out, deals to Ann.
    post_hand(page, games["cutthroat"], {"out": "0", "p0-count": "5", "p1-count": "20"})
    post_hand(page, games["cutthroat"], {"out": "0", "p0-count": "0", "p2-count": "10"})
    post_hand(page, games["partnership"], {"g0-out": "0", "p0-count": "4", "p3-count": "20", "g1-out": "none"})
    post_hand(page, games["house"], {"out": "0", "p1-points": "30", "p2-points": "-5"})
    # Ann & Cara against Bob & Dan: the rule book's first example hand.
    post_hand(page, games["canasta"], {
        "out": "0", "s0-meld_points": "270", "s0-natural": "1", "s0-mixed": "1", "s0-red_threes": "1",
        "s1-meld_points": "150", "s1-red_threes": "2", "p2-cards": "KS 5D", "p1-count": "60", "p3-count": "15"})
    # A hand on each new game's sheet; Cara out of Scala 40 and Kalooki, so her panel offers the way back.
    post_hand(page, games["three-thirteen"], {"out": "0", "p1-cards": "3H 9C 9D", "p2-count": "12"})
    post_hand(page, games["scala40"], {"out": "0", "p1-status": "unopened", "p2-count": "120"})
    post_hand(page, games["kalooki"], {"out": "1", "p0-cards": "KS KH 4D JK", "p2-count": "160"})
    post_hand(page, games["hollywood-playing"], {"out": "0", "p0-count": "3", "p1-count": "9"})
    # The match to its end: Ann's gins close I and II, Bob's III (the settlement: Game I, II, III and the Match).
    for out, knocker, defender in (("0", "0", "35"), ("0", "0", "40"), ("1", "0", "30")):
        post_hand(page, games["hollywood-gin"], {"out": out, f"p{out}-count": knocker,
                                                  f"p{1 - int(out)}-count": defender})
    for out, bob, cara in (("0", "10", "20"), ("1", "", "5"), ("2", "2", "")):
        post_hand(page, games["contract"], {"out": out, "p0-count": "4" if out != "0" else "",
                                            "p1-count": bob, "p2-count": cara})
    post_hand(page, games["gin"], {"out": "0", "p0-count": "0", "p1-count": "80"})
    page.goto(games["contract"])  # its live link: the game page shows the QR code, a guest the live sheet
    page.get_by_role("button", name="Share a live link").click()
    share = page.locator(".share-url a").get_attribute("href")
    page.goto(games["basic"])  # its keeper link: the owner's panel, and a keeper's game page
    page.get_by_role("button", name="Let the table keep score").click()
    keeper = page.locator("#keeper .share-url a").get_attribute("href")
    page.goto(live_server("/players/"))
    rename = page.get_by_role("link", name="Rename Ann").get_attribute("href")
    page.goto(live_server("/games/new"))
    own = {key: live_server(page.get_by_role("link", name=name).get_attribute("href") or "")
           for key, name in (("own-edit", "Change Our Marriage"), ("own-delete", "Delete Our Marriage"))}
    own["own-seats"] = live_server(page.locator("ul.own-games li a").first.get_attribute("href") or "")
    state = context.storage_state()
    context.close()
    yield {"games": games, "rename": live_server(rename or ""), "share": share, "keeper": keeper, "state": state, **own}


def _url(key: str, site: dict[str, Any], server: LiveServer) -> str:
    if key.startswith("/"):
        return server(key)
    if key in ("rename", "share", "keeper", "own-edit", "own-delete", "own-seats"):
        return site[key]
    game, _, rest = key.partition("/")
    return site["games"][game] + (f"/{rest}" if rest else "")


@pytest.mark.parametrize("name", list(PAGES))
def test_page_has_no_serious_or_critical_axe_violations_in_light_or_dark(
    name: str, site: dict[str, Any], live_server: LiveServer, new_context: Any
) -> None:
    key, signed_in, prepare = PAGES[name]
    context = new_context(color_scheme="light", storage_state=site["state"] if signed_in else None)
    page = context.new_page()
    response = page.goto(_url(key, site, live_server))
    assert response is not None
    assert response.status == (404 if name == "not-found" else 200)
    if prepare:
        prepare(page)
    found = []
    page.evaluate(AXE.axe_script)  # axe-core, once for both scans (AXE.run would load it for each)
    for scheme, options in SCHEMES.items():
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        violations = page.evaluate("options => axe.run(document, options)", options)["violations"]
        found += [f"[{scheme}] " + _describe(v) for v in violations if v["impact"] in BLOCKING]
        screenshot(page, f"{name}-{scheme}")
    assert not found, "\n".join(found)


def _describe(violation: dict[str, Any]) -> str:
    lines = [f"{violation['id']} ({violation['impact']}): {violation['help']}"]
    for node in violation["nodes"][:6]:
        lines.append(f"  {', '.join(map(str, node['target']))}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)
