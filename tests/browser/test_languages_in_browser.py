"""Every phone in its own language (issue 28), in Chromium at 390×844.

Two phones read one game at once, each in its own words; the switch at the
foot of a page overrides the browser's language, kept in a cookie or in the
account; an Arabic page is mirrored and fits 360 px; a Japanese phone starts
a game and picks cards; Arabic and Hindi pages pass axe in light and dark,
and the Arabic words on the sheet contrast with their background.

The words expected are read from the compiled catalogue the app itself reads
(``messages.mo``, through :mod:`gettext`), never typed here: a page that fell
back to English, or a catalogue left uncompiled, fails.  The words a game
declares (its guide, its notes, its field labels) are not asserted on: the
rules are being made translatable on their own.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

import scorekeeper

from .browser_kit import (
    PASSWORD,
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
ARABIC = re.compile("[\u0600-\u06ff]")


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


def phone(new_context: Callable[..., BrowserContext], language: str, **options: Any) -> Page:
    """A new phone (no cookie) whose browser asks for ``language``."""
    return new_context(locale=BROWSER_LOCALE[language], **options).new_page()


def expect_language(page: Page, language: str, direction: str = "ltr") -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("html")).to_have_attribute("dir", direction)


def links(owner: Page) -> tuple[str, str]:
    """On the owner's game page: a live link and a keeper link made, as the owner taps them."""
    owner.get_by_role("button", name="Share a live link").click()
    live = owner.locator("#share .share-url a").get_attribute("href") or ""
    owner.get_by_role("button", name="Let the table keep score").click()
    keeper = owner.locator("#keeper .share-url a").get_attribute("href") or ""
    assert live and keeper
    return live, keeper


def switch_language(page: Page, language: str, say: Callable[..., str]) -> None:
    """The switch at the foot of the page, its words in the page's language ``say``."""
    page.get_by_label(say("Language"), exact=True).select_option(language)
    with page.expect_navigation():
        page.locator("form.language-switch").get_by_role("button", name=say("Change")).click()


def totals(page: Page) -> Any:
    return expect(page.locator("table.sheet tfoot td"))


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
    totals(hindi).to_have_text(["15", "0", "0"])
    totals(english).to_have_text(["15", "0", "0"])
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
    totals(hindi).to_have_text(["15", "13", "0"])
    totals(english).to_have_text(["15", "13", "0"])
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
