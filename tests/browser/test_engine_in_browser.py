"""The engine in the browser: the project's own scorekeeper.engine, run by Pyodide in a worker
(static/engine.js, static/engine-worker.js), gives the server's sheets, and loads only when and
where it should.

The sheets are compared with the server's ``scorekeeper.engine.replay`` (through
``scorekeeper.engine.in_browser.outcome``, the worker's own entry point, run here by CPython) as JSON:
every worked example in ``shared/examples`` and 100 seeded random games of every variant
(``random_games``), refusals included.  One page loads Pyodide once for the module; each variant's
games go to the worker in one request.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from scorekeeper.engine import variants
from scorekeeper.engine.in_browser import outcome

from .browser_kit import LiveServer, asked_for_engine, register, start_game
from .random_games import random_games

# One worker runs the module (xdist_group): its module-scoped set-up, a browser's work of
# seconds, is then done once, not once on each worker.
pytestmark = [pytest.mark.browser, pytest.mark.engine, pytest.mark.xdist_group("engine")]

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"
SEED = "issue-13"
GAMES_PER_VARIANT = 100
# How long Pyodide may take to start on a loaded machine (a wait for it, not a timing).
STARTS_WITHIN_MS = 120_000
ENGINE_URLS = ("/static/engine-worker.js", "/engine/pyodide/", "/engine/bundle.zip")

READY = "() => scorekeeperEngine.ready"
REPLAY_MANY = "(logs) => scorekeeperEngine.replayMany(logs)"
# Where the engine cannot run: what ready, replay and the event say.
UNAVAILABLE = """async () => {
  const caught = (promise) => promise.then(() => 'resolved', (error) => ({code: error.code, message: error.message}));
  const ready = await caught(scorekeeperEngine.ready);
  const replayed = await caught(scorekeeperEngine.replay({variant: 'gin', players: ['Ann', 'Bob'], hands: []}));
  return {ready, replayed, state: scorekeeperEngine.state, events: window.__engineEvents};
}"""
LISTEN = """
window.__engineEvents = [];
document.addEventListener('scorekeeper:engine', (event) => window.__engineEvents.push(event.detail));
"""


def on_the_server(logs: list[Any]) -> list[dict[str, Any]]:
    """Each log's outcome as the server's engine gives it, through JSON as the page receives it."""
    return json.loads(json.dumps([outcome(log) for log in logs]))


@pytest.fixture(scope="module")
def game_page(browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A sheet with the engine loaded, once for the module."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    page.set_default_timeout(STARTS_WITHIN_MS)
    register(page, live_server)
    start_game(page, live_server, "gin", ["Ann", "Bob"])
    page.wait_for_load_state("load")  # the sheet's deferred scripts have run
    page.get_by_role("switch").check()  # exact scores without a network: the phone asks for the engine
    page.evaluate(READY)
    yield page
    context.close()


def test_the_engine_in_the_browser_is_the_packages_engine_on_pyodides_python_3_14(game_page: Page):
    ready = game_page.evaluate(READY)

    assert ready["python"].startswith("3.14."), ready
    assert ready["bundle"].startswith("/engine/bundle.zip?v=")
    assert game_page.evaluate("scorekeeperEngine.state") == "ready"


def test_every_worked_example_gives_the_servers_sheet_in_the_browser(game_page: Page):
    if not EXAMPLES.is_dir():
        # Beside a checkout, CI always has them: there their absence fails the run, never skips it.
        if os.environ.get("CI"):
            pytest.fail(f"no worked examples at {EXAMPLES}: CI lays ../shared beside the checkout", pytrace=False)
        pytest.skip(f"no worked examples at {EXAMPLES}")
    paths = sorted(EXAMPLES.glob("*.json"))
    logs = [json.loads(path.read_text(encoding="utf-8"))["log"] for path in paths]
    assert logs

    in_browser = game_page.evaluate(REPLAY_MANY, logs)

    for path, ours, theirs in zip(paths, in_browser, on_the_server(logs), strict=True):
        assert ours == theirs, path.name


GENERATED = dict(random_games(GAMES_PER_VARIANT, SEED))


def test_every_variant_has_its_random_games():
    assert set(GENERATED) == {variant["key"] for variant in variants()}
    assert all(len(logs) == GAMES_PER_VARIANT for logs in GENERATED.values())


@pytest.mark.parametrize("variant", sorted(GENERATED))
def test_a_hundred_random_games_give_the_servers_sheets_and_refusals_in_the_browser(game_page: Page, variant: str):
    logs = GENERATED[variant]
    theirs = on_the_server(logs)
    assert sum("sheet" in found for found in theirs) >= GAMES_PER_VARIANT // 2, "mostly games the engine takes"

    ours = game_page.evaluate(REPLAY_MANY, logs)

    different = [number for number, (mine, server) in enumerate(zip(ours, theirs, strict=True)) if mine != server]
    assert not different, (f"games {different} differ; the first: {json.dumps(logs[different[0]])}\n"
                           f"browser {json.dumps(ours[different[0]])}\nserver {json.dumps(theirs[different[0]])}")


def test_a_refused_log_rejects_with_the_engines_code_and_where(game_page: Page):
    log = {"variant": "gin", "players": ["Ann", "Bob"],
           "hands": [{"out": "Ann", "hands": {"Ann": {"count": 7}, "Bob": {"cards": "ZZ"}}}]}
    server = on_the_server([log])[0]["error"]

    refused = game_page.evaluate("""(log) => scorekeeperEngine.replay(log).then(
        () => 'resolved', (error) => ({code: error.code, refusal: error.refusal}))""", log)

    assert refused == {"code": server["code"], "refusal": server}


# -- when and where it loads ----------------------------------------------------------------


class Requests:
    """Every request the page and its worker make, each marked with whether the page had loaded."""

    def __init__(self, page: Page) -> None:
        self.loaded = False
        self.before: list[Request] = []
        self.after: list[Request] = []
        page.on("load", self._load)
        page.on("request", self._request)

    def _load(self, _page: Page) -> None:
        self.loaded = True

    def _request(self, request: Request) -> None:
        (self.after if self.loaded else self.before).append(request)

    @staticmethod
    def engine(requests: list[Request]) -> list[str]:
        return [request.url for request in requests if any(part in request.url for part in ENGINE_URLS)]


@pytest.fixture(scope="module")
def sheet(browser: Browser, live_server: LiveServer, browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A game's sheet and entry form, and the sign-in to open them with an empty cache."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    register(page, live_server)
    url = start_game(page, live_server, "basic", ["Ann", "Bob", "Cara"])
    state = context.storage_state()
    context.close()
    return {"url": url, "state": state}


@pytest.fixture
def phone(sheet: dict[str, Any], new_context: Any) -> Page:
    page = asked_for_engine(new_context(storage_state=sheet["state"])).new_page()
    page.set_default_timeout(STARTS_WITHIN_MS)
    page.add_init_script(LISTEN)
    return page


@pytest.mark.parametrize("path", ["", "/hands/new"])
def test_the_engine_loads_only_after_the_game_pages_load_event(phone: Page, sheet: dict[str, Any], path: str):
    requests = Requests(phone)
    phone.goto(sheet["url"] + path)

    ready = phone.evaluate(READY)

    assert ready["python"].startswith("3.14.")
    assert Requests.engine(requests.before) == []
    loaded = Requests.engine(requests.after)
    for wanted in ENGINE_URLS + ("pyodide.asm.wasm", "python_stdlib.zip"):
        assert any(wanted in url for url in loaded), f"{wanted} not fetched: {loaded}"
    started, load_end = phone.evaluate(
        "[scorekeeperEngine.startedAt, performance.getEntriesByType('navigation')[0].loadEventEnd]")
    assert load_end > 0 and started >= load_end
    events = phone.evaluate("window.__engineEvents")
    assert [event for event in events if event["state"] != "loading"] == [{"state": "ready"}]
    assert events[-2] == {"state": "loading", "loaded": events[-2]["total"], "total": events[-2]["total"]}


@pytest.mark.parametrize("path", ["/games", "/games/new?variant=basic", "/history", "/players/", "/stats/"])
def test_pages_that_are_not_a_games_never_load_the_engine(phone: Page, live_server: LiveServer, path: str):
    requests = Requests(phone)
    phone.goto(live_server(path), wait_until="load")

    assert phone.evaluate("typeof window.scorekeeperEngine") == "undefined"
    assert Requests.engine(requests.before + requests.after) == []
    assert not any(request.url.endswith("/static/engine.js") for request in requests.before + requests.after)


@pytest.mark.parametrize("blocked", ["**/engine/bundle.zip*", "**/engine/pyodide/**"],
                         ids=["bundle", "pyodide"])
def test_with_the_engine_blocked_ready_and_replay_reject_cleanly_and_say_so(phone: Page, sheet: dict[str, Any],
                                                                            blocked: str):
    # On the context: the service worker fetches these for the page, past a page-level route.
    phone.context.route(blocked, lambda route: route.abort())
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(sheet["url"])

    found = phone.evaluate(UNAVAILABLE)

    assert found["ready"]["code"] == found["replayed"]["code"] == "engine_unavailable"
    assert "cannot run" in found["ready"]["message"]
    assert found["state"] == "unavailable"
    assert [event["state"] for event in found["events"] if event["state"] != "loading"] == ["unavailable"]
    assert errors == []
    expect(phone.locator("table.sheet")).to_be_visible()  # the page itself goes on as before
