"""Figure 11: what a phone downloads for exact scores without a network, and how soon it scores.

In headless Chromium, a fresh browser context each run (an empty cache, no
service worker), its network held to 10 Mbit/s down (5 up, 20 ms latency)
by Chromium's own network conditions (DevTools' ``Network.emulateNetworkConditions``,
set for the page and for the engine's worker): the sheet of a 30-hand Basic
game opens, the user turns on "Exact scores without a network", and the
figure is the time from that tap until the engine's first exact sheet of
the game (Pyodide downloaded and started, the bundle unpacked, the game
replayed).  The bytes over the wire are what the app sent for the engine's
URLs (``/engine/...``), counted by the server as it writes them (bodies, as
sent; headers not counted), which must be at most 4 MB, both:

- in a secure context (http://127.0.0.1, as https): Chromium asks for
  Brotli, and gets Pyodide's files in it;
- on plain http, as on the table's Wi-Fi: the page opened as
  http://table.test:<port>, a name Chromium resolves to loopback
  (``--host-resolver-rules``; nothing leaves 127.0.0.1), not a secure
  context, so Chromium asks for gzip only; the worker downloads the big
  files' raw Brotli and a Brotli decoder and decodes them itself.  What
  plain gzip would have been is shown beside it, read from the files.

Medians of a few runs; skipped, with a line saying why, where Chromium,
Playwright or the vendored Pyodide is missing.
"""

from __future__ import annotations

import logging
import statistics
import tempfile
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .browser import ARGS, CHROMIUM, HANDS, _app_with_game, _missing, _pyodide_folder, _sign_in
from .logs import basic_log
from .report import Figure, section

RUNS = 3
LIMIT = 4_000_000  # bytes over the wire, at most (the 4 MB)
MBIT = 10
CONDITIONS = {"offline": False, "latency": 20, "downloadThroughput": MBIT * 1e6 / 8,
              "uploadThroughput": MBIT * 1e6 / 16}
# From the tap on the switch to the first exact sheet of the game.
FIRST_SCORE = """async (log) => {
  const engine = window.scorekeeperEngine;
  let downloaded = null;
  document.addEventListener('scorekeeper:engine', (event) => {
    if (event.detail.state === 'loading' && event.detail.loaded === event.detail.total) downloaded = performance.now();
  });
  const tapped = performance.now();
  document.getElementById('engine-wanted').click();
  await engine.ready;
  const sheet = await engine.replay(log);
  return {seconds: (performance.now() - tapped) / 1e3, download: (downloaded - tapped) / 1e3,
          hands: sheet.hands.length, state: engine.state};
}"""


class Counted:
    """WSGI middleware: the response bytes the app sends for the engine's URLs."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.sent = 0
        self.brotli: set[bool] = set()  # whether each request asked for Brotli
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        counting = environ.get("PATH_INFO", "").startswith("/engine/")
        if counting:
            self.brotli.add("br" in environ.get("HTTP_ACCEPT_ENCODING", ""))
        for chunk in self.app(environ, start_response):
            if counting:
                with self.lock:
                    self.sent += len(chunk)
            yield chunk


#: the name the plain-http runs open the app by: not localhost, so not a secure context
PLAIN_HOST = "table.test"
PLAIN_ARGS = [f"--host-resolver-rules=MAP {PLAIN_HOST} 127.0.0.1"]


def run(seed: str, runs: int = RUNS) -> list[Figure]:
    section(f"11. The engine's download: bytes over the wire and time to the first exact score at "
            f"{MBIT} Mbit/s (Chromium's network conditions), median of {runs} cold starts, in a secure "
            f"context (Brotli) and on plain http (raw Brotli decoded in the worker)")
    from scorekeeper import create_app
    from scorekeeper.web import bundle, engine_files

    kinds = (("secure context, Brotli", False), ("plain http, raw Brotli", True))
    folder = _pyodide_folder()
    why = _missing(folder) or ("" if (folder / "python_stdlib.zip.br").is_file() else f"no precompressed files in "
                                                                                        f"{folder} (make vendor)")
    if why:
        print(f"skipped: {why}")
        return [figure for label, _ in kinds for figure in (
            Figure(f"engine download over the wire ({label})", "skipped", "<= 4 MB"),
            Figure(f"time to first exact score at {MBIT} Mbit/s ({label})", "skipped"))]
    with create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://"}).app_context():
        found = engine_files.files()
    assert found is not None
    zipped = len(bundle.bundle().data)
    gzip_total = sum(found.sizes[name]["gzip"] for name in engine_files.FILES) + zipped
    figures: list[Figure] = []
    for label, plain in kinds:
        sent, seconds, downloads = _measure(seed, runs, plain)
        wire = int(statistics.median(sent))
        print(f"{label}: sent {', '.join(f'{n:,}' for n in sent)} B; "
              f"downloaded in {', '.join(f'{s:.1f}' for s in downloads)} s; "
              f"first exact score {', '.join(f'{s:.1f}' for s in seconds)} s")
        plain_gzip = f"; plain gzip would be {gzip_total / 1e6:.2f} MB" if plain else ""
        figures += [
            Figure(f"engine download over the wire ({label})", f"{wire:,} B ({wire / 1e6:.2f} MB{plain_gzip})",
                   "<= 4 MB", wire <= LIMIT),
            Figure(f"time to first exact score at {MBIT} Mbit/s ({label})", f"{statistics.median(seconds):.1f} s"),
            Figure(f"  of which the download at {MBIT} Mbit/s", f"{statistics.median(downloads):.1f} s"),
        ]
    print(", ".join(f"{name} {sizes['br']:,} B Brotli / {sizes['gzip']:,} B gzip"
                    for name, sizes in found.sizes.items()) + f", bundle {zipped:,} B")
    return figures


def _measure(seed: str, runs: int, plain: bool) -> tuple[list[int], list[float], list[float]]:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    log = basic_log(HANDS, f"{seed}/browser")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    sent: list[int] = []
    seconds: list[float] = []
    downloads: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        app, sheet = _app_with_game(Path(scratch) / "download.sqlite3", log)
        if plain:
            app.config["SESSION_COOKIE_SECURE"] = False  # as `make run` on the table's Wi-Fi
        counted = Counted(app.wsgi_app)
        app.wsgi_app = counted  # type: ignore[method-assign]
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, name="bench-download", daemon=True)
        thread.start()
        base = f"http://{PLAIN_HOST if plain else '127.0.0.1'}:{server.server_port}"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                     args=ARGS + (PLAIN_ARGS if plain else []))
                for _ in range(runs):
                    context = browser.new_context(service_workers="block")  # an empty cache, each file once
                    page = context.new_page()
                    page.set_default_timeout(300_000)
                    _sign_in(page, base)
                    page.goto(base + sheet, wait_until="load")
                    assert page.evaluate("window.isSecureContext") is not plain
                    page.wait_for_function("() => scorekeeperEngine.state === 'off'")
                    _throttle(context, page)
                    before = counted.sent
                    counted.brotli = set()
                    measured = page.evaluate(FIRST_SCORE, log)
                    assert measured["hands"] == HANDS, measured
                    assert counted.brotli == {not plain}, "Chromium asks for Brotli only in a secure context"
                    sent.append(counted.sent - before)
                    seconds.append(measured["seconds"])
                    downloads.append(measured["download"])
                    context.close()
                browser.close()
        finally:
            server.shutdown()
            thread.join(timeout=10)
    return sent, seconds, downloads
def _throttle(context: Any, page: Any) -> None:
    """Chromium's network conditions for the page (its dedicated worker's requests are the page's)."""
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", CONDITIONS)
