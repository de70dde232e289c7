"""Every phone in its own language (issue 28), in Chromium at 390×844.

Two phones read one game at once, each in its own words; the switch at the
foot of a page overrides the browser's language, kept in a cookie or in the
account; an Arabic page is mirrored and fits 360 px; a Japanese phone starts
a game and picks cards; Arabic and Hindi pages pass axe in light and dark,
and the Arabic words on the sheet contrast with their background.

The words expected of a page are read from the compiled catalogue the app
itself reads (``messages.mo``, through :mod:`gettext`), never typed here in
another language: a page that fell back to English, or a catalogue left
uncompiled, fails.  A rule's note is read the same way from the compiled
``notes`` catalogue, by its key (:func:`note`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # (no py.typed)
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

import scorekeeper

from .browser_kit import (
    PASSWORD,
    SERVICE_WORKER,
    LiveServer,
    player,
    post_hand,
    register,
    save,
    screenshot,
    start_game,
    type_count,
    went_out,
    without_engine,
)

pytestmark = pytest.mark.browser

TRANSLATIONS = Path(scorekeeper.__file__).parent / "translations"
NARROW: ViewportSize = {"width": 360, "height": 780}
#: the locales the phones' browsers are set to: their Accept-Language, and navigator.language
BROWSER_LOCALE = {"en": "en-US", "hi": "hi-IN", "ja": "ja-JP", "ar": "ar-EG"}
DEVANAGARI = re.compile("[\u0900-\u097f]")


def catalogue(language: str) -> Callable[..., str]:
    """``say(message, **values)``: ``message`` as a page in ``language`` writes it, from the compiled
    catalogue the app reads (English: the message itself).  A message the catalogue leaves in English
    fails here, so an assertion on it could never pass on an English page."""
    found = (gettext.NullTranslations() if language == "en"
             else gettext.translation("messages", TRANSLATIONS, [language]))  # (no .mo: FileNotFoundError)

    def say(message: str, **values: object) -> str:
        text = found.gettext(message)
        assert language == "en" or text != message, f"no {language} translation of {message!r}"
        return text % values if values else text

    return say


en, hi, ja, ar = (catalogue(language) for language in ("en", "hi", "ja", "ar"))


def note(language: str, key: str) -> str:
    """Note ``key``'s template in ``language``, from the compiled ``notes`` catalogue (English: the engine's)."""
    from scorekeeper.engine import games  # noqa: F401  (every game's notes listed)
    from scorekeeper.engine.notes import ENGLISH

    english = ENGLISH[key].template
    if language == "en":
        return english
    text = gettext.translation("notes", TRANSLATIONS, [language]).pgettext(key, english)
    assert text != english, f"no {language} sentence for {key}"
    return text


def phone(new_context: Callable[..., BrowserContext], language: str, **options: Any) -> Page:
    """A new phone (no cookie) whose browser asks for ``language``."""
    return new_context(locale=BROWSER_LOCALE[language], **options).new_page()


def expect_language(page: Page, language: str, direction: str = "ltr") -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("html")).to_have_attribute("dir", direction)


def links(owner: Page) -> tuple[str, str]:
    """On the owner's game page: a live link and a keeper link made, as the owner taps them."""
    owner.get_by_role("button", name="Share a live link").click()
    # (each link comes back from a request: on a loaded machine that can take longer than a click's wait)
    live = owner.locator("#share .share-url a").get_attribute("href", timeout=30_000) or ""
    owner.get_by_role("button", name="Let the table keep score").click()
    keeper = owner.locator("#keeper .share-url a").get_attribute("href", timeout=30_000) or ""
    assert live and keeper
    return live, keeper


def switch_language(page: Page, language: str, say: Callable[..., str]) -> None:
    """The switch at the foot of the page, its words in the page's language ``say``."""
    page.get_by_label(say("Language"), exact=True).select_option(language)
    with page.expect_navigation():
        page.locator("form.language-switch").get_by_role("button", name=say("Change")).click()


def expect_totals(page: Page, texts: list[str]) -> None:
    """The sheet's totals line, one text per column."""
    expect(page.locator("table.sheet tfoot td")).to_have_text(texts)


def test_a_hindi_keeper_phone_and_an_english_live_phone_read_one_game_at_once_each_in_its_own_words(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Bob", "Cara"])
    live, keeper = links(owner)
    hindi = phone(new_context, "hi")
    hindi.goto(keeper)
    expect(hindi).to_have_url(game)
    english = phone(new_context, "en")
    english.goto(live)
    expect_language(hindi, "hi")
    expect_language(english, "en")
    expect(hindi.locator("#keeper-note")).to_have_text(
        hi("You are keeping score for this game through its keeper link: record, correct and undo its hands "
           "here, no account needed."))
    expect(english.locator(".live-word")).to_have_text(en("Live"))

    # Hand 1 recorded on the Hindi phone, in its words; the English phone follows in its own.
    hindi.get_by_role("link", name=hi("Record hand %(number)s", number=1)).click()
    expect(hindi.locator("main h1")).to_have_text(hi("Hand %(number)s", number=1))
    went_out(hindi, "Ann")
    hindi.locator("[name=p1-count]").fill("12")
    hindi.locator("[name=p2-count]").fill("3")
    hindi.get_by_role("button", name=hi("Save hand %(number)s", number=1)).click()
    expect(hindi).to_have_url(re.compile(r"/games/\d+#hand-1$"))
    expect(hindi.locator(".flash.success")).to_have_text(
        hi("Hand %(number)s saved: %(scores)s.", number=1, scores="Ann +15"))
    expect_totals(hindi, ["15", "0", "0"])
    expect_totals(english, ["15", "0", "0"])
    # Why: the same note, each phone in its own words, the names and numbers the same.
    for reader, language in ((hindi, "hi"), (english, "en")):
        said = note(language, "basic.collects").replace("{hands:plus}", "Bob 12 + Cara 3").format(player="Ann", total=15)
        expect(reader.locator("#hand-1 ul.notes li")).to_have_text(said)
    expect(english.locator(".live-news")).to_have_text(en("Hand %(number)s recorded", number=1))
    expect(english.locator(".sheet-key")).to_contain_text(en("Tap a hand's number to see why."))

    # Hand 2 from the owner's English phone: the Hindi keeper's page, not reloaded, swaps in a
    # sheet drawn in Hindi, and the live view one in English, both with the same scores.
    hindi.evaluate("() => { window.sameDocument = true; }")
    owner.get_by_role("link", name="Record hand 2").click()
    went_out(owner, "Bob")
    type_count(owner, "Ann", 4)
    type_count(owner, "Cara", 9)
    save(owner)
    expect_totals(hindi, ["15", "13", "0"])
    expect_totals(english, ["15", "13", "0"])
    expect(hindi.locator(".live-news")).to_have_text(hi("Hand %(number)s recorded", number=2))
    expect(english.locator(".live-news")).to_have_text(en("Hand %(number)s recorded", number=2))
    expect(hindi.get_by_role("link", name=hi("Record hand %(number)s", number=3))).to_be_visible()
    expect(hindi.locator(".sheet-key")).to_contain_text(hi("Tap a hand's number to see why, or to correct it."))
    expect(hindi.locator(".hands h2")).to_have_text(hi("Hands"))
    expect(english.locator(".hands h2")).to_have_text(en("Hands"))
    assert hindi.evaluate("() => window.sameDocument") is True
    # (the switch at the foot names every language in its own words: the page's own words are in main)
    assert not DEVANAGARI.search(english.locator("main").inner_text()), "Hindi words on the English phone"
    screenshot(hindi, "languages-hindi-keeper")
    screenshot(english, "languages-english-live")


@pytest.mark.parametrize("link", ["live", "keeper"])
def test_the_switch_on_a_phone_without_an_account_is_kept_in_its_cookie_across_a_reload(
    link: str, signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    start_game(signed_in, live_server, "basic", ["Ann", "Bob"])
    opened = dict(zip(("live", "keeper"), links(signed_in)))[link]
    guest = phone(new_context, "en")
    guest.goto(opened)
    here = guest.url
    expect_language(guest, "en")

    switch_language(guest, "hi", en)
    expect(guest).to_have_url(here)  # back to the page it was on
    expect_language(guest, "hi")
    expect(guest.get_by_label(hi("Language"), exact=True)).to_have_value("hi")
    assert {c["name"]: c["value"] for c in guest.context.cookies()}.get("language") == "hi"
    guest.reload()
    expect_language(guest, "hi")
    expect(guest.locator("form.language-switch button")).to_have_text(hi("Change"))
    if link == "live":
        expect(guest.locator(".live-word")).to_have_text(hi("Live"))
    else:
        expect(guest.get_by_role("link", name=hi("Record hand %(number)s", number=1))).to_be_visible()


def test_a_signed_in_phones_switch_is_kept_in_the_account_and_its_next_phone_reads_that_language(
    page: Page, live_server: LiveServer, new_context: Any
) -> None:
    email = register(page, live_server)
    page.goto(live_server("/games"))
    switch_language(page, "ja", en)
    expect(page).to_have_url(live_server("/games"))
    expect_language(page, "ja")
    expect(page.get_by_role("navigation", name=ja("Main")).get_by_role("link", name=ja("Games"))).to_be_visible()

    other = phone(new_context, "en")  # the same account's other phone: an English browser, no cookie
    other.goto(live_server("/login"))
    expect_language(other, "en")
    other.get_by_label(en("Email")).fill(email)
    other.get_by_label(en("Password")).fill(PASSWORD)
    other.get_by_role("button", name=en("Sign in")).click()
    expect(other).not_to_have_url(re.compile(r"/login"))
    expect_language(other, "ja")
    expect(other.get_by_role("button", name=ja("Sign out"))).to_be_visible()
    assert "language" not in {c["name"] for c in other.context.cookies()}  # the account's choice, not a cookie


def scroll_width(page: Page) -> tuple[int, int]:
    """The page's ``document.scrollingElement`` scrollWidth and clientWidth, once it has loaded, its
    fonts are ready and a frame is drawn (see :func:`browser_kit.no_sideways_scroll`).  Right to left,
    what sticks out at the left (the line's end) is what widens it: what sticks out at the right,
    before the start, is cut off by the browser and cannot be scrolled to."""
    page.wait_for_load_state("load")
    width, client = page.evaluate(
        """async () => {
            await document.fonts.ready;
            await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const root = document.scrollingElement;
            return [root.scrollWidth, root.clientWidth];
        }""")
    return int(width), int(client)


#: one round of waiting for the phone's offline page in a language: the worker is asked to look
#: for its new version (as a phone's next navigation would) and, once no worker is installing or
#: waiting, the page the phone would show offline is read from the precache; what was seen is
#: returned, so a wait that runs out says where it stood
OFFLINE_PAGE_ROUND = """async language => {
    const seen = {};
    const state = worker => worker ? worker.state : null;
    try {
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration) await registration.update().catch(error => { seen.update = String(error); });
        const now = await navigator.serviceWorker.getRegistration();
        seen.workers = now ? [state(now.installing), state(now.waiting), state(now.active)] : null;
        seen.controlled = !!navigator.serviceWorker.controller;
        seen.shells = (await caches.keys()).filter(name => name.includes('shell'));
        const served = await (await fetch('/sw.js', {cache: 'no-store'})).text();
        seen.serverVersion = (served.match(/var VERSION = "(\\w+)"/) || [])[1];
        const kept = [];
        for (const name of seen.shells) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                if (new URL(request.url).pathname === '/offline') {
                    const page = await (await cache.match(request)).text();
                    kept.push((page.match(/<html lang="([^"]+)"/) || [])[1]);
                }
            }
        }
        seen.kept = kept;
        seen.done = seen.workers && seen.workers[0] === null && seen.workers[1] === null
            && seen.workers[2] === 'activated' && kept.length === 1 && kept[0] === language;
    } catch (error) {
        seen.error = String(error);
    }
    return seen;
}"""


def wait_for_offline_page_in(page: Page, language: str) -> None:
    """Wait until the page ``page``'s phone shows offline is the one drawn in ``language``."""
    seen: dict[str, Any] = {}
    for _round in range(SERVICE_WORKER // 500):
        seen = page.evaluate(OFFLINE_PAGE_ROUND, language)
        if seen.get("done"):
            return
        page.wait_for_timeout(500)  # (the worker's install runs on its own; asked again after it)
    raise AssertionError(f"the phone's offline page never came in {language!r}: {seen}")


def lefts(page: Page, selector: str) -> list[float]:
    """The x of each element ``selector`` finds, in the page's order."""
    found: list[float] = page.locator(selector).evaluate_all(
        "cells => cells.map(cell => cell.getBoundingClientRect().left)")
    return found


def test_an_arabic_phone_reads_a_mirrored_sheet_and_no_page_scrolls_sideways_at_360px(
    signed_in: Page, live_server: LiveServer, new_context: Any
) -> None:
    owner = signed_in
    game = start_game(owner, live_server, "basic", ["Ann", "Bob", "Cara"])
    post_hand(owner, game, {"out": "0", "p1-count": "12", "p2-count": "3"})
    post_hand(owner, game, {"out": "1", "p0-count": "4", "p2-count": "9"})
    owner.goto(game)
    live, keeper = links(owner)
    owner.goto(game)
    # Left to right first: the hands' numbers at the left, the first player's column next to them.
    heads = lefts(owner, "table.sheet thead th")
    assert heads == sorted(heads) and heads[0] < heads[-1], heads

    switch_language(owner, "ar", en)  # kept in the account
    expect_language(owner, "ar", "rtl")
    expect(owner.get_by_role("link", name=ar("Record hand %(number)s", number=3))).to_be_visible()
    expect_totals(owner, ["15", "13", "0"])
    # Mirrored: the hands' numbers at the right, then Ann, Bob and Cara leftwards; the totals
    # line the same way, its "=" at the right where a reader right to left starts.
    heads = lefts(owner, "table.sheet thead th")
    assert heads == sorted(heads, reverse=True) and heads[0] > heads[-1], heads
    foot = lefts(owner, "table.sheet tfoot tr > *")
    assert foot == sorted(foot, reverse=True) and foot[0] > foot[-1], foot
    screenshot(owner, "languages-arabic-sheet")

    # One page after another (each open game page holds a live ask: a dozen at once would take
    # every connection the browser opens to one server, and the next page would wait for one).
    wide: dict[str, tuple[int, int]] = {}
    measured: list[str] = []

    def measure(name: str, page: Page) -> None:
        expect_language(page, "ar", "rtl")
        width, client = scroll_width(page)
        if width > client:
            wide[name] = (width, client)
        measured.append(name)
        screenshot(page, f"languages-arabic-360-{name.replace(' ', '-')}")

    narrow = owner.context.new_page()
    narrow.set_viewport_size(NARROW)
    # Eleven pages one after another on a loaded 2-core machine: a page's load may take longer than 30 s there.
    narrow.set_default_navigation_timeout(SERVICE_WORKER)
    sheet = game.removeprefix(live_server.url)
    for name, path in (("home", "/"), ("games", "/games"), ("new game", "/games/new"),
                       ("new basic game", "/games/new?variant=basic"), ("sheet", sheet),
                       ("entry form", f"{sheet}/hands/new"), ("review", f"{sheet}/review"), ("history", "/history"),
                       ("stats", "/stats/"), ("players", "/players/"), ("account", "/settings/account/")):
        narrow.goto(live_server(path))
        if name == "entry form":
            narrow.locator(".pick-toggle").first.click()
            expect(narrow.locator(".picker:not([hidden])")).to_have_count(1)
        measure(name, narrow)
    # The offline page is the service worker's copy, kept when it installed: the phone's switch to
    # Arabic brings a new worker (the copy's hash is in /sw.js), whose copy is the Arabic page.
    narrow.goto(live_server("/offline"))
    wait_for_offline_page_in(narrow, "ar")
    narrow.reload()
    measure("offline page", narrow)
    for name, link in (("live view", live), ("keeper phone", keeper), ("sign in", live_server("/login"))):
        other = phone(new_context, "ar")
        other.set_viewport_size(NARROW)
        other.goto(link)
        measure(name, other)
        other.context.close()
    assert len(measured) >= 10, measured
    assert not wide, f"Arabic pages that scroll sideways at 360 px (scrollWidth, clientWidth): {wide}"


def test_a_japanese_phone_starts_a_game_and_picks_a_hands_cards_in_japanese(
    live_server: LiveServer, new_context: Any
) -> None:
    page = phone(new_context, "ja")
    page.goto(live_server("/register"))
    expect_language(page, "ja")
    page.get_by_label(ja("Email")).fill("japanese@example.com")
    page.get_by_label(ja("Password")).fill(PASSWORD)
    page.get_by_role("button", name=ja("Create account")).click()
    expect(page).to_have_url(live_server("/games/new"))
    expect(page.locator("main h1")).to_have_text(ja("What are you playing?"))

    page.locator("a[href$='/games/new?variant=basic']").click()
    for seat, name in enumerate(["Ann", "Bob", "Cara"]):
        page.get_by_label(ja("Seat %(number)s", number=seat + 1), exact=True).fill(name)
    page.get_by_label(ja("First dealer")).select_option("0")
    page.get_by_role("button", name=ja("Start the game")).click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(page.locator(".sheet .empty")).to_have_text(ja("No hands yet."))

    page.get_by_role("link", name=ja("Record hand %(number)s", number=1)).click()
    expect(page.locator("main h1")).to_have_text(ja("Hand %(number)s", number=1))
    went_out(page, "Ann")
    bob = player(page, "Bob")
    bob.get_by_role("button", name=ja("Pick cards")).click()
    for rank, suit in ((ja("king"), ja("hearts")), ("5", ja("diamonds"))):
        bob.get_by_role("button", name=ja("%(rank)s of %(suit)s", rank=rank, suit=suit), exact=True).click()
    expect(page.locator("[name=p1-cards]")).to_have_value("KH 5D")
    expect(bob.locator(".value")).to_have_text(ja("%(count)s cards, worth %(value)s", count=2, value=15))
    page.locator("[name=p2-count]").fill("20")
    page.get_by_role("button", name=ja("Save hand %(number)s", number=1)).click()

    expect(page).to_have_url(re.compile(r"/games/\d+#hand-1$"))
    expect(page.locator(".flash.success")).to_have_text(
        ja("Hand %(number)s saved: %(scores)s.", number=1, scores="Ann +35"))
    expect_totals(page, ["35", "0", "0"])
    expect(page.get_by_role("link", name=ja("Record hand %(number)s", number=2))).to_be_visible()
    screenshot(page, "languages-japanese-sheet")


#: every rule axe runs by default and the touch-target size, as tests/browser/test_accessibility.py
#: scans; in the dark scheme again the rules a colour decides
AXE = Axe()
SCHEMES: dict[Literal["light", "dark"], dict[str, Any]] = {
    "light": {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}},
    "dark": {"resultTypes": ["violations"],
             "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}},
}


@pytest.fixture(scope="module")
def table(browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """An account (its language not chosen: each phone reads its browser's) with a Basic game of two
    hands, its live and keeper links; the signed-in state, and the pages' addresses."""
    context = without_engine(browser.new_context(**browser_context_args))
    page = context.new_page()
    register(page, live_server)
    game = start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    post_hand(page, game, {"out": "0", "p1-count": "12", "p2-count": "3"})
    post_hand(page, game, {"out": "1", "p0-count": "4", "p2-count": "9"})
    page.goto(game)
    live, keeper = links(page)
    state = context.storage_state()
    context.close()
    yield {"state": state, "sheet": game, "entry": f"{game}/hands/new", "new game": live_server("/games/new?variant=basic"),
           "games": live_server("/games"), "history": live_server("/history"), "live view": live, "keeper phone": keeper,
           "sign in": live_server("/login")}


def _open_picker(page: Page) -> None:
    page.locator(".pick-toggle").first.click()
    page.locator(".picker:not([hidden]) button[data-card]").nth(12).click()


def _open_hand(page: Page) -> None:
    page.locator(".hands details summary").first.click()


#: name: (signed in?, what to do before the scan)
SCANNED: dict[str, tuple[bool, Callable[[Page], None] | None]] = {
    "sheet": (True, _open_hand),
    "entry": (True, _open_picker),
    "new game": (True, None),
    "games": (True, None),
    "history": (True, None),
    "live view": (False, _open_hand),
    "keeper phone": (False, None),
    "sign in": (False, None),
}


@pytest.mark.parametrize("name", list(SCANNED))
@pytest.mark.parametrize("language", ["ar", "hi"])
def test_arabic_and_hindi_pages_have_no_axe_violations_in_light_or_dark(
    language: str, name: str, table: dict[str, Any], new_context: Any
) -> None:
    """No violation of any impact (test_accessibility.py lets minor and moderate ones by): the
    pages in their own scripts and directions, the picker or a hand's notes open."""
    signed_in, prepare = SCANNED[name]
    page = phone(new_context, language, storage_state=table["state"] if signed_in else None)
    response = page.goto(table[name])
    assert response is not None and response.status == 200
    expect_language(page, language, "rtl" if language == "ar" else "ltr")
    if prepare:
        prepare(page)
    page.wait_for_load_state("load")
    page.evaluate(AXE.axe_script)
    found = []
    for scheme, options in SCHEMES.items():
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        violations = page.evaluate("options => axe.run(document, options)", options)["violations"]
        found += [f"[{scheme}] {v['id']} ({v['impact']}): {v['help']}: "
                  + "; ".join(", ".join(map(str, node["target"])) for node in v["nodes"][:6]) for v in violations]
        screenshot(page, f"languages-axe-{language}-{name.replace(' ', '-')}-{scheme}")
    assert not found, "\n".join(found)


#: every shown element whose own text holds Arabic letters: its text, its colour and the colour
#: beneath it, each as [r, g, b] composed as drawn (sRGB, from a canvas: any CSS colour syntax);
#: beneath is every background colour from the element up to the root, over the page's canvas
ARABIC_TEXT_COLOURS = """() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext('2d', {willReadFrequently: true});
    const rgba = css => {
        paint.clearRect(0, 0, 1, 1);
        paint.fillStyle = css;
        paint.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
    };
    const over = ([r, g, b, a], [br, bg, bb]) => [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'Canvas';
    document.body.append(probe);
    const page = rgba(getComputedStyle(probe).backgroundColor);
    probe.remove();
    const arabic = /[\\u0600-\\u06ff]/;
    const found = [];
    for (const element of document.body.querySelectorAll('*')) {
        const own = Array.from(element.childNodes).filter(n => n.nodeType === Node.TEXT_NODE)
            .map(n => n.textContent).join('').trim();
        const box = element.getBoundingClientRect();
        if (!arabic.test(own) || !element.checkVisibility({visibilityProperty: true}) || box.width < 2 || box.height < 2) continue;
        const layers = [];
        let image = false;
        for (let at = element; at; at = at.parentElement) {
            const style = getComputedStyle(at);
            layers.push(rgba(style.backgroundColor));
            image = image || style.backgroundImage !== 'none';
        }
        const beneath = layers.reverse().reduce((below, layer) => over(layer, below), page.slice(0, 3));
        found.push({text: own.slice(0, 40), colour: over(rgba(getComputedStyle(element).color), beneath),
                    beneath, image, tag: element.tagName.toLowerCase()});
    }
    return found;
}"""


def contrast(first: list[float], second: list[float]) -> float:
    """WCAG 2's contrast ratio of two sRGB colours."""
    def luminance(colour: list[float]) -> float:
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in colour)]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_helpers_measure_what_wcag_says() -> None:
    assert contrast([0, 0, 0], [255, 255, 255]) == pytest.approx(21)
    assert contrast([118, 118, 118], [255, 255, 255]) == pytest.approx(4.54, abs=0.01)  # the lightest grey to pass
    assert contrast([119, 119, 119], [119, 119, 119]) == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_arabic_words_on_the_sheet_contrast_with_their_background(
    scheme: str, table: dict[str, Any], new_context: Any
) -> None:
    """axe leaves out of its contrast check text it cannot judge (some scripts' letters among them):
    the Arabic words on the sheet are measured here, each against the colours beneath it."""
    page = phone(new_context, "ar", storage_state=table["state"], color_scheme=scheme)
    page.goto(table["sheet"])
    expect_language(page, "ar", "rtl")
    _open_hand(page)
    page.wait_for_load_state("load")
    measured = page.evaluate(ARABIC_TEXT_COLOURS)
    assert len(measured) >= 10, measured  # the sheet's own words: its key, its buttons, its headings...
    assert not [m for m in measured if m["image"]], "text over a background image: measure it otherwise"
    faint = [(m["tag"], m["text"], round(contrast(m["colour"], m["beneath"]), 2)) for m in measured
             if contrast(m["colour"], m["beneath"]) < 4.5]
    assert not faint, f"Arabic text below 4.5:1 in the {scheme} scheme: {faint}"


#: the chart's words that stick out of it (cut off: the chart hides its overflow), and the legend's
#: names that start before their own line's end (drawn over it)
CHART_WORDS_OUT_OF_PLACE = """() => {
    const chart = document.querySelector('svg.chart').getBoundingClientRect();
    const outside = Array.from(document.querySelectorAll('svg.chart text')).filter(text => {
        const box = text.getBoundingClientRect();
        return box.left < chart.left - 1 || box.right > chart.right + 1;
    }).map(text => text.textContent);
    const overLines = Array.from(document.querySelectorAll('svg.chart .legend text')).filter(text =>
        text.getBoundingClientRect().left < text.previousElementSibling.getBoundingClientRect().right
    ).map(text => text.textContent);
    return {outside, overLines};
}"""


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_reviews_chart_keeps_its_words_inside_it_and_beside_their_lines(
    language: str, table: dict[str, Any], new_context: Any
) -> None:
    """The chart is drawn left to right on every page (its hands run from the left): an Arabic
    page's direction must not turn its words' anchors round, cutting them off at its edges."""
    page = phone(new_context, language, storage_state=table["state"])
    page.set_viewport_size(NARROW)
    page.goto(table["sheet"] + "/review")
    expect_language(page, language, "rtl" if language == "ar" else "ltr")
    expect(page.locator("svg.chart .legend text")).to_have_count(3)
    found = page.evaluate(CHART_WORDS_OUT_OF_PLACE)
    screenshot(page, f"languages-review-chart-{language}")
    assert found == {"outside": [], "overLines": []}
