"""What a person does on the pages, as small steps the browser tests share.

Every step goes through the page as a phone user would (labels, buttons,
tiles); only the bulk set-up of a long game posts its forms through the
page's own request context (same cookies, the form's own CSRF token).
"""

from __future__ import annotations

import html
import io
import os
import re
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import Any

import zxingcpp
from PIL import Image
from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PASSWORD = "correct horse battery"
_accounts = count(1)


@dataclass(frozen=True)
class LiveServer:
    url: str
    app: Any = field(default=None, compare=False, repr=False)  # the Flask app it serves

    def __call__(self, path: str) -> str:
        return self.url + path


def register(page: Page, server: LiveServer) -> str:
    """Sign up a new account through the register page; returns its email."""
    email = f"table{next(_accounts)}-{os.getpid()}@example.com"
    page.goto(server("/register"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(server("/games/new"))
    return email


def define_game(page: Page, **options: str | bool | dict[str, str]) -> None:
    """Fill the "Your own game" form, open on the page, as a person taps it, and keep the game.

    A choice (or who wins) is the tap on its words' radio button, by value
    (``scoring="zero_sum"``, ``lowest_wins=True``); a table of values (the
    card values) a box each; the rest are typed.
    """
    form = page.locator("#own-game")
    for key, value in options.items():
        if isinstance(value, dict):
            for part, number in value.items():
                form.locator(f"[name=option-{key}-{part}]").fill(number)
            continue
        radios = form.locator(f"input[type=radio][name=option-{key}]")
        if radios.count():
            wanted = ("true" if value else "false") if isinstance(value, bool) else value
            form.locator(f"label.choice:has(input[name=option-{key}][value={wanted}])").click()
        else:
            form.locator(f"[name=option-{key}]").fill(str(value))
    page.get_by_role("button", name="Keep this game").click()
    expect(page).to_have_url(re.compile(r"/games/new\?type=\d+$"))


def start_game(page: Page, server: LiveServer, variant: str, names: list[str],
               first_dealer: int = 0, **options: Any) -> str:
    """Start a game through the new-game form; returns the sheet's URL.

    A game the table defines is defined first, on its own form, with
    ``options`` (see :func:`define_game`), and then seated.
    """
    page.goto(server(f"/games/new?variant={variant}"))
    if "/games/own/new" in page.url:
        define_game(page, **options)
        options = {}
    for seat, name in enumerate(names):
        page.get_by_label(f"Seat {seat + 1}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(str(first_dealer))
    if options:
        page.get_by_text("House rules").click()
        for key, value in options.items():
            field = page.locator(f"[name=option-{key}]")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    return page.url


def player(page: Page, name: str) -> Locator:
    """A player's panel on the hand entry page."""
    return page.locator("fieldset.player", has=page.locator("legend", has_text=re.compile(f"^{name}$")))


def count_field(page: Page, name: str) -> Locator:
    """A player's count on the hand entry page."""
    return player(page, name).get_by_label("Count", exact=True)


def side(page: Page, name: str) -> Locator:
    """A side's group on the hand entry page (a game played in sides)."""
    return page.locator("fieldset.side", has=page.locator("legend", has_text=re.compile(f"^{re.escape(name)}$")))


def side_field(page: Page, name: str, label: str) -> Locator:
    """One of a side's own fields (meld points, books...) by its label."""
    return side(page, name).locator(".side-fields").get_by_label(label, exact=True)


def went_out(page: Page, name: str) -> None:
    page.locator("label.tile", has_text=re.compile(f"^{name}$")).click()


def type_count(page: Page, name: str, value: int) -> None:
    player(page, name).get_by_label("Count", exact=True).fill(str(value))


def pick_cards(page: Page, name: str, cards: list[str]) -> None:
    """Open the player's card picker and tap each card ("king of hearts", "joker")."""
    panel = player(page, name)
    toggle = panel.get_by_role("button", name="Pick cards")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    for card in cards:
        panel.get_by_role("button", name=card, exact=True).click()


def save(page: Page) -> None:
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+(#hand-\d+)?$"))


def totals(page: Page) -> list[str]:
    """The sheet's totals line, one text per column."""
    return page.locator("table.sheet tfoot td").all_inner_texts()


def row_totals(page: Page, number: int) -> list[str]:
    """The running totals written in hand ``number``'s row.

    Each cell holds its total and, in a ``small``, what the hand gave: the
    total is the cell's own text, read from the page's markup rather than its
    drawn lines, which run together ("150" for 15 and 0) if the style sheet
    is still on its way when the row is read.
    """
    row = page.locator("table.sheet tbody tr").nth(number - 1)
    own_text = """cells => cells.map(cell => Array.from(cell.childNodes)
        .filter(node => node.nodeType === Node.TEXT_NODE).map(node => node.textContent).join("").trim())"""
    texts: list[str] = row.locator("td").evaluate_all(own_text)
    return texts


def guide(page: Page) -> Locator:
    return page.locator(".next .guide")


def post_hand(page: Page, game_url: str, fields: dict[str, str]) -> None:
    """Record a hand by posting the entry form as the page would (bulk set-up)."""
    form = page.request.get(game_url + "/hands/new").text()
    hidden = {
        name: html.unescape(value)
        for name, value in re.findall(r'name="(csrf_token|token|expected)" value="([^"]*)"', form)
    }
    response = page.request.post(game_url + "/hands/new", form={**hidden, **fields}, max_redirects=0)
    assert response.status == 303, response.text()


def no_sideways_scroll(page: Page) -> tuple[int, int]:
    """The document's scrollWidth and clientWidth (equal when nothing sticks out), measured
    once the page has loaded, its fonts are ready and a frame is drawn: on a loaded machine
    a measure taken before the styles settle saw a page wider than it is."""
    page.wait_for_load_state("load")
    return page.evaluate(
        """async () => {
            await document.fonts.ready;
            await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return [document.documentElement.scrollWidth, document.documentElement.clientWidth];
        }"""
    )


#: ms: the service worker installs (fetching every file it keeps, Pyodide's among them) before
#: it controls a page, which took over 10 s once on a 2-core CI machine running two browsers
SERVICE_WORKER = 60_000


#: A page's scoring engine in the browser (static/engine.js) cannot start: its worker is refused,
#: so the page goes on as on a phone without WebAssembly ("scored when sent").  Every game page
#: open for 1.5 s starts Pyodide in a worker of its own, seconds of CPU in a fresh context, used
#: only by what is scored on the phone; tests of that are marked ``engine`` and keep it.
ENGINE_OFF = """(() => {
  const Worker = window.Worker;
  if (!Worker) return;
  window.Worker = class extends Worker {
    constructor(url, options) {
      if (options && options.name === "scorekeeper-engine") throw new Error("the engine is off in this test");
      super(url, options);
    }
  };
})();"""


def without_engine(context: BrowserContext) -> BrowserContext:
    context.add_init_script(ENGINE_OFF)
    return context


#: the switch "Exact scores without a network" as set on (static/engine.js keeps it in localStorage)
ENGINE_ASKED = "localStorage.setItem('scorekeeper-engine', 'on')"


def asked_for_engine(context: BrowserContext) -> BrowserContext:
    """A phone whose user asked for exact scores without a network (the switch on the sheet, set before)."""
    context.add_init_script(ENGINE_ASKED)
    return context


#: the page a service worker is in charge of
_CONTROLLED = "() => !!navigator.serviceWorker && navigator.serviceWorker.controller !== null"
_ACTIVE = "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === 'activated'))"


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page (and so keeps what it loads).

    A page whose load was under way while the worker activated is not among the pages its
    clients.claim() takes (not yet a client then), and stays its own: opened again, as a phone
    opens its next page, it is the worker's."""
    try:  # (polled, not on frames: none may be drawn)
        page.wait_for_function(f"() => ({_CONTROLLED})() || ({_ACTIVE})()", timeout=SERVICE_WORKER, polling=250)
        try:
            page.wait_for_function(_CONTROLLED, timeout=2_000, polling=250)  # claimed, if it can be
        except PlaywrightTimeoutError:
            page.reload()
            page.wait_for_function(_CONTROLLED, timeout=SERVICE_WORKER / 4, polling=250)
    except PlaywrightTimeoutError:
        state = page.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const s = (w) => w ? w.state : null;
            return {url: location.href, controller: !!navigator.serviceWorker.controller,
                    registration: r ? {installing: s(r.installing), waiting: s(r.waiting), active: s(r.active)} : null};
        }""")
        raise AssertionError(f"the service worker never took control: {state}") from None


def first_hand_recorded(page: Page, server: LiveServer) -> str:
    """A Basic game of Ann, Bob and Cara with its first hand saved online (Ann out; Bob 10, Cara 20): the game's URL."""
    game = start_game(page, server, "basic", ["Ann", "Bob", "Cara"])
    page.get_by_role("link", name="Record hand 1").click()
    went_out(page, "Ann")
    type_count(page, "Bob", 10)
    type_count(page, "Cara", 20)
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"#hand-1$"))
    return game


#: what the outbox's status line says of a change kept on the phone, and of kept changes sent
KEPT = re.compile(r"kept on this phone")
SENT = re.compile(r"kept on this phone (was|were) sent and recorded")


def warm(page: Page, game: str, *paths: str) -> None:
    """Open the pages the phone must have while offline, once the worker is in charge."""
    page.goto(game)
    controlled(page)
    for path in ("", "/hands/new", *paths):
        page.goto(game + path)
    page.goto(game)


def save_kept(page: Page) -> None:
    """Save the entry form offline: the sheet says the change is kept on the phone."""
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(page.locator("#outbox-status")).to_have_text(KEPT)


def sheet_rows(page: Page) -> Locator:
    """The sheet's recorded hands (not the waiting ones kept on the phone)."""
    return page.locator("table.sheet tbody tr:not(.waiting):not(.waiting-note)")


def keep_hand_two_offline(page: Page) -> None:
    """Offline, after :func:`first_hand_recorded`: hand 2 by counts (Bob out; Ann 5, Cara 15), kept."""
    page.context.set_offline(True)
    page.get_by_role("link", name="Record hand 2").click()
    went_out(page, "Bob")
    type_count(page, "Ann", 5)
    type_count(page, "Cara", 15)
    page.locator("#entry button[type=submit]").click()
    expect(page.locator("#outbox-status")).to_have_text(KEPT)


def three_changes_kept_offline(page: Page, game: str) -> None:
    """Offline, after hand 1 of Ann, Bob and Cara: hand 2 by counts, hand 3 by cards (both from the
    kept copy of the entry form) and a correction of hand 1, each kept on the phone."""
    page.context.set_offline(True)
    page.get_by_role("link", name="Record hand 2").click()
    expect(page.locator("main h1")).to_have_text("Hand 2")
    went_out(page, "Bob")
    type_count(page, "Ann", 5)
    type_count(page, "Cara", 15)
    save_kept(page)
    page.get_by_role("link", name="Record hand 3").click()
    expect(page.locator("main h1")).to_have_text("Hand 3")
    went_out(page, "Cara")
    pick_cards(page, "Ann", ["king of hearts", "5 of diamonds"])
    type_count(page, "Bob", 3)
    save_kept(page)
    page.goto(game + "/hands/1/edit")
    type_count(page, "Bob", 11)
    save_kept(page)


def kept_count(page: Page) -> int:
    """How many changes the phone keeps, read from IndexedDB itself (a page loads the outbox's
    scripts only when it has something)."""
    found: int = page.evaluate("""() => new Promise((done, fail) => {
        const open = indexedDB.open('scorekeeper-outbox');
        open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('items')) { db.close(); done(0); return; }
            const ask = db.transaction('items').objectStore('items').count();
            ask.onsuccess = () => { db.close(); done(ask.result); };
            ask.onerror = fail;
        };
        open.onerror = fail;
    })""")
    return found


def screenshot(page: Page, name: str, full_page: bool = True) -> None:
    """Keep a look at the page when SCREENSHOTS_DIR is set, for a person to check."""
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def read_qr_code(page: Page, where: str = ".share") -> str:
    """What a phone's camera reads from the QR code in ``where`` (a live link's, a keeper link's),
    as Chromium drew it."""
    shot = page.locator(f"{where} .qr-code svg").screenshot()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    assert len(found) == 1, found
    return found[0].text


class Taps:
    """Every tap the test makes on the page, counted; typing into a focused field is not a tap."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1

    def type(self, field: Locator, digits: str) -> None:
        """Tap the field (a tap), then type the digits on the number pad (not taps)."""
        self.tap(field)
        self.page.keyboard.type(digits)
