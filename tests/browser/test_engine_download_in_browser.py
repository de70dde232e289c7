"""The in-browser engine only where it is wanted: a phone downloads Pyodide and the engine bundle
only when its user asks for exact scores without a network (the switch on the sheet, which says
how big the download is and shows its progress), or on a connection the browser calls unmetered
with Save-Data off.  Without it a waiting hand shows what was typed and "scored when sent".

The service worker runs for real (it is what would keep the engine's files); the network log is
every request of the browser context: the pages', the engine's worker's and the service worker's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from .browser_kit import (
    LiveServer,
    controlled,
    first_hand_recorded,
    keep_hand_two_offline,
    row_totals,
    start_game,
)

pytestmark = [pytest.mark.browser, pytest.mark.engine]

ENGINE = 120_000  # ms: Pyodide starting in a worker on a loaded 2-core machine
SENT = re.compile(r"kept on this phone (was|were) sent and recorded")
SWITCH = re.compile(r"Score hands kept on this phone exactly while offline \(downloads \d+\.\d MB once\)")
LISTEN = """
window.__engineEvents = [];
document.addEventListener('scorekeeper:engine', (event) => window.__engineEvents.push({
  ...event.detail,
  bar: !document.getElementById('engine-progress').hidden,
  value: document.getElementById('engine-progress').value,
  status: document.getElementById('engine-status').textContent,
}));
"""
# Every URL of every cache the phone keeps (the service worker's and the page's).
CACHED = """() => caches.keys().then((names) => Promise.all(names.map((name) =>
  caches.open(name).then((cache) => cache.keys()).then((requests) => requests.map((request) => request.url)))))
  .then((lists) => lists.flat())"""


def _engine(urls: list[str]) -> list[str]:
    """The engine's downloads among URLs: Pyodide's files and the engine bundle."""
    return [url for url in urls if "/engine/" in url]


def _state(page: Page, *states: str) -> None:
    page.wait_for_function("(states) => window.scorekeeperEngine && states.includes(scorekeeperEngine.state)",
                           arg=list(states), timeout=ENGINE)


def _one_hand_online(page: Page, live_server: LiveServer) -> str:
    game = first_hand_recorded(page, live_server)
    controlled(page)
    for path in ("/hands/new", "/log.json", ""):
        page.goto(game + path)
    return game


def test_a_phone_that_did_not_ask_downloads_none_of_the_engine_and_a_kept_hand_is_scored_when_sent(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    requests: list[Request] = []
    page.context.on("request", lambda request: requests.append(request))
    game = _one_hand_online(page, live_server)
    for path in ("/hands/new", ""):  # the two pages that name the engine
        page.goto(game + path)
        _state(page, "off")  # engine.js decided (after the load event): not asked, not unmetered, nothing kept
    expect(page.get_by_role("switch")).not_to_be_checked()
    expect(page.locator("#engine-switch label")).to_have_text(SWITCH)
    expect(page.locator("#engine-status")).to_contain_text("scored when sent")

    keep_hand_two_offline(page)
    page.reload()  # offline: the sheet from the phone, still without the engine
    _state(page, "off")
    expect(page.locator("tr.waiting-note")).to_contain_text("scored when sent")
    expect(page.locator("table.sheet tr.waiting")).to_contain_text("15")  # what was typed
    assert page.locator("table.sheet tr.waiting td.provisional").count() == 0

    assert _engine([request.url for request in requests]) == []
    cached = page.evaluate(CACHED)
    assert cached, "the service worker keeps the shell and the pages"
    assert _engine(cached) == []
    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)


def test_asking_for_exact_scores_shows_the_download_then_scores_a_waiting_hand_exactly(
        signed_in: Page, live_server: LiveServer) -> None:
    page = signed_in
    page.context.add_init_script(LISTEN)
    requests: list[Request] = []
    page.context.on("request", lambda request: requests.append(request))
    _one_hand_online(page, live_server)
    _state(page, "off")
    assert _engine([request.url for request in requests]) == []

    page.get_by_role("switch").check()
    _state(page, "ready", "unavailable")

    events: list[dict[str, Any]] = page.evaluate("window.__engineEvents")
    assert [event["state"] for event in events if event["state"] != "loading"] == ["off", "ready"]
    progress = [event for event in events if event["state"] == "loading"]
    assert len(progress) >= 3, "the download is shown as it goes"
    assert all(event["bar"] for event in progress)
    assert all(event["status"].startswith("Downloading the scoring engine: ") for event in progress[:-1])
    assert progress[-1]["status"] == "Downloaded: starting the scoring engine."
    loaded = [event["loaded"] for event in progress]
    assert loaded == sorted(loaded) and 0 < loaded[0] < loaded[-1] == progress[-1]["total"]
    assert progress[-1]["value"] == progress[-1]["total"]
    expect(page.locator("#engine-progress")).to_be_hidden()
    expect(page.locator("#engine-status")).to_have_text(
        "The scoring engine is on this phone: hands kept offline are scored exactly.")
    fetched = _engine([request.url for request in requests])
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.mjs", "bundle.zip"):
        assert any(name in url for url in fetched), name
    assert all(re.search(r"/engine/(pyodide/[0-9a-f]{16}/|bundle\.zip\?v=[0-9a-f]{16})", url) for url in fetched)

    keep_hand_two_offline(page)
    page.reload()  # offline: the sheet, the engine and its files all from the phone
    _state(page, "ready")
    cells = page.locator("table.sheet tr.waiting").first.locator("td.provisional")
    expect(cells).to_have_count(3, timeout=ENGINE)
    offline = [text.strip().splitlines()[0] for text in cells.all_inner_texts()]
    assert offline == ["30", "20", "0"]  # hand 1 gave Ann 10 + 20; Bob, out, collects 5 + 15

    page.context.set_offline(False)
    expect(page.locator("#outbox-status")).to_have_text(SENT)
    assert row_totals(page, 2) == offline


# What Chrome on Android reports of the connection (desktop Chromium reports no type): the page's
# navigator.connection as that browser would give it.
CONNECTION = """Object.defineProperty(Navigator.prototype, 'connection', {configurable: true,
  get: () => ({type: %r, saveData: %s, effectiveType: '4g', addEventListener() {}})});"""


@pytest.mark.parametrize(("kind", "save_data", "downloads"), [
    ("wifi", "false", True),
    ("ethernet", "false", True),
    ("wifi", "true", False),
    ("cellular", "false", False),
])
def test_only_on_a_connection_the_browser_calls_unmetered_with_save_data_off_does_the_engine_come_unasked(
        signed_in: Page, live_server: LiveServer, kind: str, save_data: str, downloads: bool) -> None:
    page = signed_in
    page.context.add_init_script(CONNECTION % (kind, save_data))
    page.context.add_init_script(LISTEN)
    requests: list[Request] = []
    page.context.on("request", lambda request: requests.append(request))
    game = start_game(page, live_server, "basic", ["Ann", "Bob"])
    page.goto(game)

    if downloads:  # the first bytes of it read by the engine's worker
        page.wait_for_function("() => window.__engineEvents.some((event) => event.loaded > 0)", timeout=ENGINE)
        expect(page.get_by_role("switch")).to_be_checked()
        assert any("/engine/pyodide/" in request.url for request in requests)
    else:
        _state(page, "off")
        expect(page.get_by_role("switch")).not_to_be_checked()
        assert _engine([request.url for request in requests]) == []
