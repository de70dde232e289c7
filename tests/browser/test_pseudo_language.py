"""Nothing left in English by accident: every page read in a pseudo-language.

The pseudo-language is every message of the catalogues' template (messages.pot) with each
letter accented ("Record hand" -> "Ŕéçóŕď ĥáñď") and a third longer, placeholders
(``%(name)s``), markup and code kept as they are.  It is made at test time, compiled with
Babel into a folder of the server's own, and offered under ``ka`` (a language Babel knows, so
its numbers and dates are written its way).  A phone reading it crawls every page at 360 px:

- a visible text of words (Latin letters) with no accent did not come through the catalogue:
  it would be English on every language's phone.  Excused, each for its reason: what the test
  typed (players' names), card codes, and the engine's own words (``ENGINE``);
- a page that scrolls sideways with words a third longer would with a real language's.
"""

from __future__ import annotations

import math
from dataclasses import asdict
from datetime import date
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy.exc
from babel.dates import format_date
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from scorekeeper import PACKAGE_DIR
from scorekeeper.engine.games import catalogue, get_variant
from scorekeeper.engine.games.presets import presets
from scorekeeper.languages import COOKIE, LANGUAGES
from scorekeeper.web.link_guesses import MOST_WRONG

from .browser_kit import LiveServer, player, post_hand, register, start_game, without_engine
from .conftest import _serve

pytestmark = pytest.mark.browser

PSEUDO = "ka"
TRANSLATIONS = PACKAGE_DIR / "translations"
NARROW: ViewportSize = {"width": 360, "height": 780}

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "áƀçďéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚƲŴẊÝŽ"
assert len(PLAIN) == len(ACCENTED)
_ACCENT = str.maketrans(PLAIN, ACCENTED)
#: what a message keeps as it is: code, markup, entities, placeholders
_KEPT = re.compile(r"<code>.*?</code>|<[^>]+>|&#?\w+;|%\(\w+\)[sdfir]|%[sdfir%]|\{\w*\}", re.S)


def pseudo(message: str) -> str:
    """``message`` with its words accented and a third longer (a padding of accented words)."""
    parts, letters, at = [], 0, 0
    for kept in _KEPT.finditer(message):
        words = message[at:kept.start()]
        parts += [words.translate(_ACCENT), kept.group()]
        letters += sum(char.isalpha() for char in words)
        at = kept.end()
    words = message[at:]
    parts.append(words.translate(_ACCENT))
    letters += sum(char.isalpha() for char in words)
    if letters:
        padding = "ŵ" * math.ceil(letters / 3)
        parts.append(" " + " ".join(padding[i:i + 5] for i in range(0, len(padding), 5)))
    return "".join(parts)


def test_the_pseudo_language_accents_the_words_and_keeps_placeholders_and_markup() -> None:
    made = pseudo('Hand %(number)d of <a href="%(url)s">%(name)s</a>: <code>sk_…</code>')
    assert made.startswith('Ĥáñď %(number)d óƒ <a href="%(url)s">%(name)s</a>: <code>sk_…</code> ŵŵ')
    assert pseudo("%(count)d") == "%(count)d"


def compile_pseudo(folder: Path) -> None:
    """messages.pot in the pseudo-language, compiled into ``folder``/ka/LC_MESSAGES/messages.mo."""
    with open(TRANSLATIONS / "messages.pot", "rb") as file:
        template = read_po(file)
    made = Catalog(locale=PSEUDO)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            forms = [pseudo(message.id[0])] + [pseudo(message.id[1])] * (made.num_plurals - 1)
            made.add(message.id, tuple(forms), context=message.context)
        else:
            made.add(message.id, pseudo(message.id), context=message.context)
    (folder / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
    with open(folder / PSEUDO / "LC_MESSAGES" / "messages.mo", "wb") as file:
        write_mo(file, made)


def _pages_that_fail(app: Flask) -> None:
    """Two routes of this module's server only: the pages a crash and a database gone give."""

    def crash() -> str:
        raise RuntimeError("a bug")

    def database_gone() -> str:
        raise sqlalchemy.exc.OperationalError("SELECT 1", {}, Exception("database is locked"))

    app.add_url_rule("/test-only/crash", view_func=crash)
    app.add_url_rule("/test-only/database-gone", view_func=database_gone)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The app offering the pseudo-language too, its catalogue in a folder of its own."""
    folder = tmp_path_factory.mktemp("translations")
    compile_pseudo(folder)
    yield from _serve(tmp_path_factory, "127.0.0.1", {
        "LANGUAGES": {**LANGUAGES, PSEUDO: "Ƥšéúďó"},
        "BABEL_TRANSLATION_DIRECTORIES": f"{folder};{TRANSLATIONS}",
    }, _pages_that_fail)


NAMES = ["Ann", "Bob", "Cara", "Dan"]
OWN_GAME = "Our table"
#: games started, each with the players it seats (the key the new-game page takes)
GAMES = {"basic": NAMES[:3], "gin": NAMES[:2], "500": NAMES[:3], "canasta": NAMES, "marriage": NAMES,
         "phase10": NAMES[:3], "contract": NAMES[:3], "hand-and-foot": NAMES}


def _phone(browser: Browser, browser_context_args: dict[str, Any], **more: Any) -> BrowserContext:
    return without_engine(browser.new_context(**{**browser_context_args, "viewport": NARROW, **more}))


@pytest.fixture(scope="module")
def table(browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer) -> dict[str, Any]:
    """An account (set up in English, then reading the pseudo-language) with a game of each of
    GAMES, basic's with two hands, its live link and keeper link; its players and an own game."""
    context = _phone(browser, browser_context_args)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    email = register(page, live_server)
    games = {variant: start_game(page, live_server, variant, names) for variant, names in GAMES.items()}
    basic = games["basic"]
    post_hand(page, basic, {"out": "0", "p1-count": "12", "p2-count": "30"})
    post_hand(page, basic, {"out": "1", "p0-count": "7", "p2-count": "4"})
    # The stats count finished games; one of two players has its head-to-head table.
    finished = start_game(page, live_server, "basic", NAMES[:2])
    post_hand(page, finished, {"out": "1", "p0-count": "51"})
    page.get_by_role("button", name="End the game here").click()
    expect(page.get_by_text("Game over by agreement.")).to_be_visible()
    page.goto(live_server("/stats/"))
    player = page.get_by_role("link", name="Bob", exact=True).first.get_attribute("href")
    page.goto(basic)
    page.get_by_role("button", name="Share a live link").click()
    page.get_by_role("button", name="Let the table keep score").click()
    live = page.locator("a[href*='/s/']").first.get_attribute("href")
    keeper = page.locator("a[href*='/k/']").first.get_attribute("href")
    page.goto(live_server("/games/own/new"))
    page.get_by_label("Name of the game").fill(OWN_GAME)
    for words in ("Points: type each player's points for the hand",
                  "Whoever goes out scores what the others hold; they score 0", "Highest total wins"):
        page.locator("label.choice", has_text=words).click()
    page.get_by_role("button", name="Keep this game").click()
    own_type = re.search(r"type=(\d+)", page.url)
    for seat, name in enumerate(NAMES[:2]):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    games["own"] = page.url
    answer = page.request.post(live_server("/language"), form={"language": PSEUDO, "next": "/"})
    assert answer.ok
    state = context.storage_state()
    context.close()
    return {"games": games, "email": email, "live": live, "player": player, "keeper": keeper, "state": state,
            "own_type": own_type.group(1) if own_type else None}


#: where the engine writes its own sentences on the pages, which are not translated yet (the
#: engine's words are out of scope here), each with what it is
ENGINE_WRITTEN = {
    "p.lede:has(~ #live-sheet)": "a sheet's goal (the game's target, who wins)",
    ".guide": "who deals next, how many cards and what the deal needs",
    "ul.notes, .preview-notes, ul.example-notes": "the notes on a hand: who went out, what each scored",
    ".example-goal": "an own game's goal, in its example",
    "#how-to": "how to enter a hand of the game",
    "#field-help strong": "the name of an entry field",
    "svg.chart g.limit": "the line a game plays to (Target, Out at, Pool)",
}

#: every text a person reads on the page, with where it is and whether the engine wrote it: the
#: text nodes shown (every <details> opened first) and the words of attributes read out or shown
#: (placeholders, labels for screen readers, tooltips, the question a button asks before it
#: sends); code, and what is marked as another language, left out
_READ = """(engine) => {
  for (const details of document.querySelectorAll("details")) details.open = true;
  const lang = document.documentElement.lang;
  const where = (element) => {
    const path = [];
    for (let e = element; e && e !== document.body && path.length < 4; e = e.parentElement) {
      path.unshift(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
                   (e.classList.length ? "." + [...e.classList].join(".") : ""));
    }
    return path.join(" > ");
  };
  const ours = (element) => !element.closest("script, style, template, code, pre, kbd, samp")
      && (element.closest("[lang]") || document.documentElement).lang === lang;
  const engines = (element) => engine.some((selector) => element.closest(selector));
  const read = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    const text = node.nodeValue.trim();
    if (text && ours(element) && element.checkVisibility({visibilityProperty: true})) {
      read.push([text, where(element), engines(element)]);
    }
  }
  for (const element of document.body.querySelectorAll("[placeholder], [aria-label], [title], img[alt], [data-confirm]")) {
    if (!ours(element)) continue;
    for (const name of ["placeholder", "aria-label", "title", "alt", "data-confirm"]) {
      const text = (element.getAttribute(name) || "").trim();
      if (text) read.push([text, where(element) + "[" + name + "]", engines(element)]);
    }
  }
  read.push([document.title, "title", false]);
  return read;
}"""

#: data, not words: card codes as the sheet and the picker write them (10H, QS, a joker),
#: addresses (the table's, a link's) and a request's id (on the 500 page)
_DATA = re.compile(r"\b(?:10|[2-9AJQKT])[CDHS]\b|\bJK\b|\bhttps?://\S+|\b(?=[0-9a-f]*[0-9])[0-9a-f]{8,}\b")
#: the app's own name, which no language translates
NAME = "Scorekeeper"
_PSEUDO_LETTERS = set(ACCENTED)


def _engine_words() -> list[str]:
    """Every text the engine's catalogue, its presets and its games' own values declare (names,
    summaries, rules, options, fields, where a game is played, a value's label): not translated
    yet, longest first."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(catalogue())
    walk([asdict(preset) for preset in presets()])
    labels = [extra.label for variant in catalogue() for extra in get_variant(variant["key"]).extras]
    walk([*labels, *(label[:1].upper() + label[1:] for label in labels)])  # (as a sentence starts)
    return sorted((word for word in found if re.search(r"[A-Za-z]{2}", word)), key=len, reverse=True)


ENGINE = _engine_words()


def english_left(read: list[list[Any]], typed: list[str]) -> list[list[Any]]:
    """The texts read that hold words of Latin letters and not one accent: not the catalogue's.
    Excused: what the test typed (``typed``: names, an email), the app's name, card codes and
    addresses, the engine's own words (its catalogue's, and what it writes: ENGINE_WRITTEN)."""
    left = []
    for text, where, engine_wrote in read:
        if engine_wrote or _PSEUDO_LETTERS & set(text):
            continue
        rest = text
        for data in [*typed, NAME, *ENGINE]:
            rest = rest.replace(data, " ")
        if re.search(r"[A-Za-z]{2}", _DATA.sub(" ", rest)):
            left.append([text, where])
    return left


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: nothing sticks out), once laid out."""
    page.wait_for_load_state("load")
    return page.evaluate("""async () => {
        await document.fonts.ready;
        await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return document.documentElement.scrollWidth - document.documentElement.clientWidth;
    }""")


def check(page: Page, typed: list[str]) -> None:
    """The page open in ``page``: in the pseudo-language, every word through the catalogue,
    and nothing sticking out sideways."""
    expect(page.locator("html")).to_have_attribute("lang", PSEUDO)
    english = english_left(page.evaluate(_READ, list(ENGINE_WRITTEN)), typed)
    overflow = sideways(page)
    assert not english, f"{page.url}: not through the catalogue:\n" + "\n".join(
        f"  {text!r} at {where}" for text, where in english)
    assert overflow == 0, f"{page.url}: scrolls {overflow} px sideways at 360 px"


def test_the_check_finds_english_left_and_excuses_names_cards_and_engine_words() -> None:
    read = [["Ŕéçóŕď ĥáñď", "a", False], ["Record hand", "b", False], ["Ann · 10H QS", "c", False],
            ["Gin Rummy", "d", False], ["12 · 3", "e", False], ["Ann went out", "f", True],
            ["Ann · ţóţáĺ", "g", False]]
    assert english_left(read, ["Ann"]) == [["Record hand", "b"]]


SIGNED_IN = [
    "/", "/games", "/games/new", "/history", "/stats/", "/stats/?variant=basic", "/players/", "/settings/account/",
    "/settings/tokens/", "/backup", "/variants", "/api/v1/docs", "/games/own/new",
    *(f"/games/new?variant={variant}" for variant in GAMES),
    *(f"{{{variant}}}" for variant in [*GAMES, "own"]),
    *(f"{{{variant}}}/hands/new" for variant in [*GAMES, "own"]),
    "{basic}/hands/1/edit", "{basic}/review", "{basic}/delete", "{own_type}", "{player}",
]


def _address(path: str, table: dict[str, Any], server: LiveServer) -> str:
    if path == "{own_type}":
        return server(f"/games/own/{table['own_type']}/edit")
    if path == "{player}":
        return server(table["player"])
    match = re.fullmatch(r"\{([\w-]+)\}(.*)", path)
    return table["games"][match.group(1)] + match.group(2) if match else server(path)


@pytest.mark.parametrize("path", SIGNED_IN)
def test_a_signed_in_page_is_all_through_the_catalogue_and_fits_360_px(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        table: dict[str, Any], path: str) -> None:
    context = _phone(browser, browser_context_args, storage_state=table["state"])
    page = context.new_page()
    page.goto(_address(path, table, live_server))
    check(page, [*NAMES, OWN_GAME, table["email"]])
    context.close()


def _wrong_links(page: Page, server: LiveServer) -> None:
    """Past the wrong live-link tokens one address may try, so the next is refused (429)."""
    for number in range(MOST_WRONG):
        page.request.get(server(f"/s/no-such-link-{number}"))


def _stale_form(page: Page, server: LiveServer) -> None:
    """A sign-in form sent without its CSRF token (as a stale one is): 400."""
    page.goto(server("/login"))
    page.locator("input[name=csrf_token]").evaluate("input => input.remove()")
    page.locator("form:has(input[type=password])").evaluate("form => form.submit()")
    page.wait_for_load_state()


def _refused(path: str, **typed: str) -> Callable[[Page, LiveServer], None]:
    """A form sent with ``typed`` in its fields (the rest left empty), past the browser's own
    checks, as a phone without them sends it: the page comes back with the form's refusals."""

    def send(page: Page, server: LiveServer) -> None:
        page.goto(server(path))
        for name, value in typed.items():
            page.locator(f"input[name={name}]").evaluate("(input, value) => { input.value = value; }", value)
        page.locator("form:has(input[type=password])").evaluate("form => form.submit()")
        page.wait_for_load_state()
        expect(page.locator(".error").first).to_be_visible()

    return send


#: the pages of a phone without an account: (how it gets there, what it opens, the status)
SIGNED_OUT = {
    "sign in": (None, "/login", 200),
    "register": (None, "/register", 200),
    "offline": (None, "/offline", 200),
    "live view": (None, "{live}", 200),
    "keeper's sheet": (None, "{keeper}", 200),
    "keeper's entry form": ("{keeper}", "/games/{basic_id}/hands/new", 200),
    "sign in, nothing typed": (_refused("/login"), None, 200),
    "register, no email": (_refused("/register", email="ann.example.com", password="short"), None, 200),
    "register, too long": (_refused("/register", email="a" * 250 + "@example.com"), None, 200),
    "400": (_stale_form, None, 400),
    "404": (None, "/no-such-page", 404),
    "405": (None, "/logout", 405),
    "429": (_wrong_links, "/s/one-too-many", 429),
    "500": (None, "/test-only/crash", 500),
    "503": (None, "/test-only/database-gone", 503),
}


@pytest.mark.parametrize("name", SIGNED_OUT)
def test_a_page_without_an_account_is_all_through_the_catalogue_and_fits_360_px(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        table: dict[str, Any], name: str) -> None:
    before, path, status = SIGNED_OUT[name]
    context = _phone(browser, browser_context_args)
    context.add_cookies([{"name": COOKIE, "value": PSEUDO, "url": live_server.url}])
    page = context.new_page()
    addresses = {"live": table["live"], "keeper": table["keeper"],
                 "basic_id": table["games"]["basic"].rsplit("/", 1)[1]}
    if callable(before):
        before(page, live_server)
    elif before:
        page.goto(before.format(**addresses))
    if path:
        address = path.format(**addresses)
        response = page.goto(address if address.startswith("http") else live_server(address))
        assert response is not None and response.status == status
    check(page, NAMES)
    context.close()


def test_a_date_is_written_in_the_languages_own_medium_format(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        table: dict[str, Any]) -> None:
    """A language writes a date its own way round (CLDR's medium format), not in a pattern made for English."""
    context = _phone(browser, browser_context_args, storage_state=table["state"])
    page = context.new_page()
    page.goto(live_server("/history"))
    dates = page.locator("time[datetime]")
    expect(dates.first).to_be_visible()
    for day, written in zip(dates.evaluate_all("times => times.map(time => time.dateTime)"),
                            dates.all_inner_texts(), strict=True):
        assert written == format_date(date.fromisoformat(day), "medium", locale=PSEUDO)
    context.close()


def test_a_marriage_hands_preview_is_all_through_the_catalogue(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        table: dict[str, Any]) -> None:
    """The entry form once typed in: the preview's line, its reasons and each seat's value."""
    context = _phone(browser, browser_context_args, storage_state=table["state"])
    page = context.new_page()
    page.goto(table["games"]["marriage"] + "/hands/new")
    page.locator("label.tile", has_text=re.compile("^Ann$")).click()
    for name, value in (("Ann", "12"), ("Bob", "5"), ("Cara", "0")):
        player(page, name).get_by_label("Maal", exact=True).fill(value)  # (the engine's label)
    expect(page.locator("#hand-preview.ready")).to_be_visible()
    expect(player(page, "Ann").locator(".ruled-value")).not_to_be_empty()
    check(page, NAMES)
    context.close()
