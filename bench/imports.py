"""Figure 9: the largest import a file may hold, and what other requests see meanwhile.

``python -m bench.imports``: gunicorn as ``make serve`` runs it (``gunicorn.conf.py``)
on a fresh SQLite file (or ``--database postgres``); one phone uploads a
backup at the import bounds (``MAX_IMPORT_HANDS`` hands in games of
``MAX_HANDS``), while another phone asks ``/health`` and reads a game's
sheet without pause.  Prints the import's time and those requests' latency
during the import beside the same requests with nothing else running.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from scorekeeper.engine.bounds import MAX_HANDS
from scorekeeper.services.backup import BACKUP_FORMAT, GAME_FORMAT, MAX_IMPORT_HANDS, VERSION

from .load import Phone, Server, Timings, fresh_database, postgres_url, raw_request
from .report import Figure

NAMES = ["Ann", "Bob", "Cara"]


def largest_backup(hands: int = MAX_IMPORT_HANDS, per_game: int = MAX_HANDS) -> bytes:
    """A backup of Knock games by counts (played until the table stops), ``hands`` in all."""
    games = []
    left = hands
    while left > 0:
        count = min(per_game, left)
        left -= count
        entries = [{"out": NAMES[n % 3], "hands": {p: {"count": (n * 7 + i * 3) % 11} for i, p in enumerate(NAMES)}}
                   for n in range(count)]
        games.append({"format": GAME_FORMAT, "version": VERSION, "uid": str(uuid.uuid4()), "variant": "knock",
                      "players": NAMES, "options": {}, "first_dealer": "Ann", "hands": entries, "ended": True})
    return json.dumps({"format": BACKUP_FORMAT, "version": VERSION, "players": NAMES, "games": games}).encode()


def multipart(fields: dict[str, str], file_field: str, filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{file_field}"; filename="{filename}"\r\n'
                 f"Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def signed_in(port: int, timings: Timings, name: str) -> Phone:
    phone = Phone(port, timings)
    status, _, page = phone.submit("register", "/register",
                                   {"email": f"{name}-{uuid.uuid4().hex[:8]}@example.com",
                                    "password": "import bench password"})
    if status != 303:
        raise RuntimeError(f"register answered {status}: {page[:300]}")
    return phone


KINDS = ("health", "sheet", "save a hand")


def asks(phone: Phone, sheet_path: str, until: threading.Event,
         seconds: float | None = None) -> dict[str, list[float]]:
    """/health, a sheet read and a hand saved (the entry form, then its post), one after
    the other, until told (or for ``seconds``)."""
    cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    found: dict[str, list[float]] = {kind: [] for kind in KINDS}
    stop_at = time.monotonic() + seconds if seconds else None
    while not until.is_set() and (stop_at is None or time.monotonic() < stop_at):
        for kind, path, headers in (("health", "/health", {}), ("sheet", sheet_path, {"Cookie": cookie})):
            started = time.perf_counter()
            raw_request(phone.ports[0], "GET", path, headers=headers, timeout=60)
            found[kind].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        status, _, _ = phone.submit("save", f"{sheet_path}/hands/new", {"out": "0", "p1-count": "0"})
        found["save a hand"].append((time.perf_counter() - started) * 1000)
        if status != 303:
            raise RuntimeError(f"saving a hand during the import answered {status}")
        time.sleep(0.02)
    return found


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run(database: str = "sqlite", hands: int = MAX_IMPORT_HANDS) -> tuple[list[str], list[Figure]]:
    lines: list[str] = []
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as folder, fresh_database(database, Path(folder), postgres_url()) as url:
        server = Server(url, Path(folder))
        server.migrate()
        server.start()
        try:
            timings = Timings()
            importer = signed_in(server.port, timings, "importer")
            watcher = signed_in(server.port, timings, "watcher")
            fields = {"variant": "basic", "first_dealer": "0", "seat-0": "Ann", "seat-1": "Bob"}
            status, location, _ = watcher.submit("new game", "/games/new?variant=basic", fields)
            assert status == 303, status
            sheet_path = urlsplit(location).path
            content = largest_backup(hands)
            idle = asks(watcher, sheet_path, threading.Event(), seconds=5)

            status, _, page = importer.request("backup page", "GET", "/backup")
            token = page.split('name="csrf_token" type="hidden" value="', 1)[-1].split('"', 1)[0]
            body, content_type = multipart({"csrf_token": token}, "file", "backup.json", content)
            done = threading.Event()
            during: dict[str, list[float]] = {}
            watching = threading.Thread(target=lambda: during.update(asks(watcher, sheet_path, done)))
            watching.start()
            cookie = "; ".join(f"{k}={v}" for k, v in importer.cookies.items())
            started = time.perf_counter()
            status, headers, page = raw_request(server.port, "POST", "/backup/import", body,
                                                {"Cookie": cookie, "Content-Type": content_type}, timeout=600)
            took = time.perf_counter() - started
            done.set()
            watching.join()
            if status != 303:
                raise RuntimeError(f"the import answered {status}: {page[:500]}")
            lines.append(f"import of {hands:,} hands ({len(content) / 1e6:.1f} MB), {database}: "
                         f"{took:.1f} s")
            for kind in KINDS:
                lines.append(
                    f"  {kind:11} idle p50 {statistics.median(idle[kind]):6.1f} ms  p99 {p(idle[kind], .99):6.1f} ms"
                    f" | during the import p50 {statistics.median(during[kind]):6.1f} ms"
                    f"  p99 {p(during[kind], .99):6.1f} ms  max {max(during[kind]):6.1f} ms"
                    f"  ({len(during[kind])} asks)")
            worst_health = max(during["health"])
            figures += [
                Figure(f"import {hands:,} hands, {database}", f"{took:.1f} s"),
                Figure("  /health during it, max", f"{worst_health:.1f} ms", "<= 250 ms", worst_health <= 250),
                Figure("  save a hand during it, max", f"{max(during['save a hand']):.1f} ms",
                       "< 5000 ms (no 503)", max(during["save a hand"]) < 5000),
            ]
        finally:
            server.stop()
    return lines, figures


def figures(databases: tuple[str, ...] = ("sqlite",)) -> list[Figure]:
    """Figure 9 for ``make bench``: the lines as it goes, the figures for the summary."""
    found: list[Figure] = []
    for database in databases:
        lines, figures_ = run(database)
        print("\n".join(lines))
        found += figures_
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.imports", description=__doc__)
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--hands", type=int, default=MAX_IMPORT_HANDS)
    args = parser.parse_args()
    lines, _ = run(args.database, args.hands)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
