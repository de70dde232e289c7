"""Figure 10: the engine in the browser, Pyodide in headless Chromium.

What a phone fetches for it (the engine bundle the app builds, and Pyodide's
own files from ``static/vendor/pyodide``, decoded sizes; figure 11 has the bytes over the wire), then, in a fresh browser context
each run (an empty cache, the files from the app on this machine): the time
from the worker's start, after the sheet's load event, until the engine
answers ready (Pyodide started, the bundle unpacked and the engine
imported), the first replay of a 30-hand Basic game and the same replay
again; then the sheet reloaded in that context (the second visit: the files
from the browser's cache, each revalidated) and the engine's load again.
Medians of a few runs.  The app serves the files through werkzeug's server
on this machine, so the load is the browser's work, not a phone's network.  Skipped, with a line saying why, where Chromium,
Playwright or the vendored Pyodide is missing.
"""

from __future__ import annotations

import logging
import os
import shutil
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

from .logs import basic_log
from .report import Figure, milliseconds, section

CHROMIUM = "/usr/bin/chromium"
RUNS = 5
HANDS = 30
PASSWORD = "benchmark password"
# Chromium's flags for the tests' browser (tests/browser/conftest.py).
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MEASURE = """async (log) => {
  const engine = window.scorekeeperEngine;
  await engine.ready;
  let start = performance.now();
  const sheet = await engine.replay(log);
  const first = performance.now() - start;
  start = performance.now();
  await engine.replay(log);
  const again = performance.now() - start;
  return {load: engine.readyAt - engine.startedAt, first, again, hands: sheet.hands.length};
}"""


def _pyodide_folder() -> Path:
    from scorekeeper import data_folder

    return data_folder("static") / "vendor" / "pyodide"


def run(seed: str, runs: int = RUNS) -> list[Figure]:
    section(f"10. The engine in the browser: Pyodide in headless Chromium, median of {runs} cold starts")
    from scorekeeper.web.bundle import bundle

    engine = bundle()
    folder = _pyodide_folder()
    pyodide_bytes = sum(path.stat().st_size for path in folder.glob("*")
                        if path.is_file() and path.suffix not in (".br", ".gz")) if folder.is_dir() else 0
    figures = [
        Figure("engine bundle (zip)", f"{len(engine.data):,} B, {engine.files} files"),
        Figure("Pyodide's files (static/vendor/pyodide)", f"{pyodide_bytes:,} B" if pyodide_bytes else "missing"),
    ]
    labels = ["engine load: worker start to ready", f"first replay, {HANDS}-hand Basic game",
              "the same replay again", "engine load, second visit (cached)"]
    why = _missing(folder)
    if why:
        print(f"skipped: {why}")
        return figures + [Figure(label, "skipped") for label in labels]
    found = _measure(seed, runs)
    print(f"bundle {len(engine.data):,} bytes ({engine.files} files, digest {engine.digest}); Pyodide's files "
          f"{pyodide_bytes:,} bytes; load {', '.join(f'{s * 1e3:.0f}' for s in found['load'])} ms; first replay "
          f"{', '.join(f'{s * 1e3:.1f}' for s in found['first'])} ms; again "
          f"{', '.join(f'{s * 1e3:.1f}' for s in found['again'])} ms; second visit's load "
          f"{', '.join(f'{s * 1e3:.0f}' for s in found['cached'])} ms")
    return figures + [Figure(label, milliseconds(statistics.median(found[key])))
                      for label, key in zip(labels, ("load", "first", "again", "cached"), strict=True)]


def _missing(folder: Path) -> str:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (make install)"
    if not (folder / "pyodide.asm.wasm").is_file():
        return f"no Pyodide in {folder} (make vendor)"
    return ""


def _measure(seed: str, runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    log = basic_log(HANDS, f"{seed}/browser")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no request lines in the report
    found: dict[str, list[float]] = {"load": [], "first": [], "again": [], "cached": []}
    with tempfile.TemporaryDirectory() as scratch:
        app, sheet = _app_with_game(Path(scratch) / "browser.sqlite3", log)
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, name="bench-browser", daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.server_port}"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                for _ in range(runs):
                    context = browser.new_context()  # an empty cache each run
                    # A phone that asked for exact scores without a network (the switch on the sheet).
                    context.add_init_script("localStorage.setItem('scorekeeper-engine', 'on')")
                    page = context.new_page()
                    page.set_default_timeout(180_000)
                    _sign_in(page, base)
                    page.goto(base + sheet)
                    measured = page.evaluate(MEASURE, log)
                    assert measured["hands"] == HANDS, measured
                    for key in ("load", "first", "again"):
                        found[key].append(measured[key] / 1e3)
                    page.reload()
                    found["cached"].append(page.evaluate(MEASURE, log)["load"] / 1e3)
                    context.close()
                browser.close()
        finally:
            server.shutdown()
            thread.join(timeout=10)
    return found


def _sign_in(page: Any, base: str) -> None:
    page.goto(base + "/login")
    page.get_by_label("Email").fill("bench@example.com")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/login" not in url)


def _app_with_game(path: Path, log: dict[str, Any]) -> tuple[Any, str]:
    """The real app on its own SQLite file, with an account and a game to open the sheet of."""
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
        account = services.register("bench@example.com", PASSWORD)
        players = [services.add_player(account, name) for name in log["players"]]
        game = services.start_game(account, "basic", players, options=log["options"])
        sheet = f"/games/{game.id}"
        db.session.remove()
    return app, sheet
