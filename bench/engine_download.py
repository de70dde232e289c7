"""Figure 11: what a phone downloads for exact scores without a network, and how soon it scores.

In headless Chromium, a fresh browser context each run (an empty cache, no
service worker), its network held to 10 Mbit/s down (5 up, 20 ms latency)
by Chromium's own network conditions (DevTools' ``Network.emulateNetworkConditions``,
set for the page and for the engine's worker): the sheet of a 30-hand Basic
game opens, the user turns on "Exact scores without a network", and the
figure is the time from that tap until the engine's first exact sheet of
the game (Pyodide downloaded and started, the bundle unpacked, the game
replayed).  The bytes over the wire are what the app sent for the engine's
URLs (``/engine/...``), counted by the server as it writes them (bodies,
precompressed as the browser accepted them, Brotli here since Chromium asks
for it on localhost; headers not counted), which must be at most 4 MB.  The
same total in gzip, what a plain-http origin other than localhost gets
(Chromium asks for Brotli only in secure contexts), is shown beside it,
read from the files.  Medians of a few runs; skipped, with a line saying
why, where Chromium, Playwright or the vendored Pyodide is missing.
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
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        counting = environ.get("PATH_INFO", "").startswith("/engine/")
        for chunk in self.app(environ, start_response):
            if counting:
                with self.lock:
                    self.sent += len(chunk)
            yield chunk


def run(seed: str, runs: int = RUNS) -> list[Figure]:
    section(f"11. The engine's download: bytes over the wire and time to the first exact score at "
            f"{MBIT} Mbit/s (Chromium's network conditions), median of {runs} cold starts")
    from scorekeeper import create_app
    from scorekeeper.web import bundle, engine_files

    labels = ("engine download over the wire (Brotli)", f"time to first exact score at {MBIT} Mbit/s")
    folder = _pyodide_folder()
    why = _missing(folder) or ("" if (folder / "python_stdlib.zip.br").is_file() else f"no precompressed files in "
                                                                                        f"{folder} (make vendor)")
    if why:
        print(f"skipped: {why}")
        return [Figure(labels[0], "skipped", "<= 4 MB"), Figure(labels[1], "skipped")]
    with create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://"}).app_context():
        found = engine_files.files()
    assert found is not None
    zipped = len(bundle.bundle().data)
    gzip_total = sum(size["gzip"] for size in found.sizes.values()) + zipped
    whole = sum(size["identity"] for size in found.sizes.values()) + zipped
    sent, seconds, downloads = _measure(seed, runs)
    wire = int(statistics.median(sent))
    print(f"files {whole:,} B decoded; sent {', '.join(f'{n:,}' for n in sent)} B; gzip would be {gzip_total:,} B; "
          f"downloaded in {', '.join(f'{s:.1f}' for s in downloads)} s; "
          f"first exact score {', '.join(f'{s:.1f}' for s in seconds)} s; "
          + ", ".join(f"{name} {sizes['br']:,} B" for name, sizes in found.sizes.items()) + f", bundle {zipped:,} B")
    return [
        Figure(labels[0], f"{wire:,} B ({wire / 1e6:.2f} MB; gzip {gzip_total / 1e6:.2f} MB)", "<= 4 MB",
               wire <= LIMIT),
        Figure(labels[1], f"{statistics.median(seconds):.1f} s"),
        Figure(f"  of which the download at {MBIT} Mbit/s", f"{statistics.median(downloads):.1f} s"),
    ]


def _measure(seed: str, runs: int) -> tuple[list[int], list[float], list[float]]:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    log = basic_log(HANDS, f"{seed}/browser")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    sent: list[int] = []
    seconds: list[float] = []
    downloads: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        app, sheet = _app_with_game(Path(scratch) / "download.sqlite3", log)
        counted = Counted(app.wsgi_app)
        app.wsgi_app = counted  # type: ignore[method-assign]
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, name="bench-download", daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.server_port}"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                for _ in range(runs):
                    context = browser.new_context(service_workers="block")  # an empty cache, each file once
                    page = context.new_page()
                    page.set_default_timeout(300_000)
                    _sign_in(page, base)
                    page.goto(base + sheet, wait_until="load")
                    page.wait_for_function("() => scorekeeperEngine.state === 'off'")
                    _throttle(context, page)
                    before = counted.sent
                    measured = page.evaluate(FIRST_SCORE, log)
                    assert measured["hands"] == HANDS, measured
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
