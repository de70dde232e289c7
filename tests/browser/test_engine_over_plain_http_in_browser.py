"""The in-browser engine on the table's plain-http Wi-Fi: a page that is not a secure context gets
no Brotli over HTTP (Chromium asks for it only on https and localhost), so the engine's worker
downloads the big files' raw Brotli with a Brotli decoder and decodes them itself
(static/engine-worker.js, scorekeeper/web/engine_files.py): at most 4 MB over the wire, each file
once, and the engine scores exactly.

The browser opens the app as http://table.test:<port>, a name Chromium resolves to loopback
(``--host-resolver-rules``): nothing goes anywhere but 127.0.0.1.  The bytes are counted by the
server as it writes them (bodies, as sent; headers not counted).
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from .browser_kit import LiveServer, first_hand_recorded, register, row_totals, type_count, went_out
from .conftest import PHONE, PLAIN_HTTP_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.engine]

ENGINE = 120_000  # ms: Pyodide starting in a worker on a loaded 2-core machine
LIMIT = 4_000_000  # bytes over the wire, at most (issue 24's 4 MB)
# The entry form as typed, as the outbox keeps it ({id, number, fields}), scored by the engine after the log.
SCORE_TYPED = """async (game) => {
  const log = await (await fetch(game + '/log.json', {credentials: 'same-origin'})).json();
  const form = document.querySelector('#entry');
  const fields = [...new FormData(form).entries()].filter(([, value]) => typeof value === 'string');
  const [scored] = await scorekeeperEngine.scoreWaiting(log, [{id: 'typed', number: 2, fields}]);
  return scored;
}"""


# The download's progress as the page is told it (static/engine.js's events).
LISTEN = """window.__loading = [];
document.addEventListener('scorekeeper:engine', (event) => {
  if (event.detail.state === 'loading') window.__loading.push([event.detail.loaded, event.detail.total]);
});"""


class Counted:
    """WSGI middleware: each engine URL's requests and the body bytes sent for them."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.sent: Counter[str] = Counter()
        self.asked: Counter[str] = Counter()
        self.encodings: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if not path.startswith("/engine/"):
            yield from self.app(environ, start_response)
            return
        with self.lock:
            self.asked[path] += 1
            self.encodings.append(environ.get("HTTP_ACCEPT_ENCODING", ""))
        for chunk in self.app(environ, start_response):
            with self.lock:
                self.sent[path] += len(chunk)
            yield chunk


@pytest.fixture(scope="module")
def plain_http_browser(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    launched = browser_type.launch(**{**browser_type_launch_args,
                                      "args": [*browser_type_launch_args.get("args", []), *PLAIN_HTTP_ARGS]})
    yield launched
    launched.close()


@pytest.fixture
def table_phone(plain_http_browser: Browser, plain_http_server: LiveServer) -> Iterator[Page]:
    context = plain_http_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.set_default_timeout(10_000)
    register(page, plain_http_server)
    yield page
    context.close()


def test_on_plain_http_the_engine_comes_in_raw_brotli_under_4_mb_each_file_once_and_scores_exactly(
        table_phone: Page, plain_http_server: LiveServer) -> None:
    page = table_phone
    counted = Counted(plain_http_server.app.wsgi_app)
    plain_http_server.app.wsgi_app = counted
    try:
        game = first_hand_recorded(page, plain_http_server)
        assert page.evaluate("window.isSecureContext") is False
        page.wait_for_function("() => window.scorekeeperEngine && scorekeeperEngine.state === 'off'", timeout=ENGINE)
        switch = page.locator("#engine-switch label").inner_text()
        assert not counted.asked

        page.get_by_role("switch").check()
        page.wait_for_function("() => ['ready', 'unavailable'].includes(scorekeeperEngine.state)", timeout=ENGINE)
        assert page.evaluate("scorekeeperEngine.state") == "ready"
        loading = page.evaluate("window.__loading")
    finally:
        plain_http_server.app.wsgi_app = counted.app

    assert counted.encodings and all("br" not in accepted for accepted in counted.encodings)
    assert all(asked == 1 for asked in counted.asked.values()), counted.asked
    raw = sorted(path.rsplit("/", 1)[1] for path in counted.asked if path.endswith(".br"))
    assert raw == ["pyodide-lock.json.br", "pyodide.asm.wasm.br", "python_stdlib.zip.br"]
    assert not any(path.endswith(("/pyodide.asm.wasm", "/python_stdlib.zip")) for path in counted.asked)
    wire = sum(counted.sent.values())
    assert wire <= LIMIT, counted.sent
    assert f"downloads {wire / 1e6:.1f} MB once" in switch  # the figure the switch gave this phone
    loaded = [event[0] for event in loading]
    assert len(loading) >= 3 and loaded == sorted(loaded) and loading[-1][0] == loading[-1][1]  # the bar ends full

    # Hand 2 typed (Bob out, Ann 5, Cara 15), scored by the engine as the server will score it.
    page.get_by_role("link", name="Record hand 2").click()
    went_out(page, "Bob")
    type_count(page, "Ann", 5)
    type_count(page, "Cara", 15)
    scored = page.evaluate(SCORE_TYPED, game)
    assert "error" not in scored, scored
    engine = [str(scored["totals"][name]) for name in ("Ann", "Bob", "Cara")]
    assert engine == ["30", "20", "0"]  # hand 1 gave Ann 10 + 20; Bob, out, collects 5 + 15
    page.locator("#entry button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"#hand-2$"))
    assert row_totals(page, 2) == engine
