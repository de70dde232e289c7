"""gunicorn's settings for production: ``gunicorn`` (or ``make serve``) reads this file.

Every setting a host needs to change comes from the environment:

``BIND``                 where to listen (default ``127.0.0.1:8000``: behind a proxy
                         on the same host; ``0.0.0.0:8000`` to take requests directly)
``WEB_CONCURRENCY``      worker processes (default 2 x cores + 1, at most 8)
``GUNICORN_THREADS``     threads per worker for requests that work (default 4)
``LIVE_HOLDS``           live asks a worker holds at once, a thread of its own each
                         (default 1,000; 0 answers every live ask at once)
``GUNICORN_MAX_REQUESTS`` requests a worker answers before it is replaced (default 200,000)
``FORWARDED_ALLOW_IPS``  the proxies whose X-Forwarded-* headers are believed
                         (default ``127.0.0.1``; comma-separated)

The app itself reads ``SECRET_KEY`` and ``DATABASE_URL`` (see README,
"Production").  Workers share nothing but the database and the signed
session cookie (and, on SQLite, the folder ``LIVE_STAMPS``), so any number
of workers, on any number of hosts sharing a PostgreSQL database, serve the
same sheets and hear each other's changes (docs/live.md).
"""

from __future__ import annotations

import multiprocessing
import os
import re

from gunicorn import glogging

wsgi_app = "scorekeeper:create_app()"

bind = [address.strip() for address in os.environ.get("BIND", "127.0.0.1:8000").split(",")]

# A request is mostly the engine's replay in Python (CPU) plus a short
# database write; processes give the cores, a few threads each cover the
# time spent waiting on the database and on slow phones' uploads.
workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, 8)))
worker_class = "gthread"
working_threads = int(os.environ.get("GUNICORN_THREADS", 4))
# A live view's ask is held until its game changes (scorekeeper/live/), up
# to 25 s: each held ask waits in a thread of the pool, on an event, using no
# CPU. The pool has room for LIVE_HOLDS of them beside the
# working threads, and a worker holds no more than that, so a hand being saved
# never queues behind held asks. Python starts a pool's threads only as they
# are needed, and only working_threads requests are let into Flask at once (the
# rest wait their turn, as requests queued for a pool of 4 did before holds:
# live/asks.py's Working). The workers share one listening socket, and
# kept-alive connections do not spread evenly over them (one worker took half
# of 1,500 phones in bench/tables.py): 1,000 a worker.
live_holds = int(os.environ.get("LIVE_HOLDS", 1000))
threads = working_threads + live_holds
# Connections a worker keeps (held, kept alive between asks, or working).
worker_connections = max(1000, 2 * threads)

# No preloading: each worker imports the app and opens its own database
# connections after the fork (never a pool shared across processes), and a
# HUP signal reloads new code worker by worker.
preload_app = False

# No control socket (gunicorn 25.1+): its one default path per user would be
# shared by every instance on the host (a staging copy, the tests' servers),
# and signals (HUP reloads, TERM stops) are all this app needs.
control_socket_disable = True

# A hand is recorded in milliseconds; a request still running after 30 s is
# stuck, and its worker is replaced.
timeout = 30
graceful_timeout = 30
keepalive = 5
# Workers are replaced now and then (the jitter keeps them from all going at
# once): a slow leak can never grow for weeks.  The Replay cache they drop
# is only a cache.  A phone on a live view whose ask is not held asks once a
# second, so 500 tables without holds ask 1,500 times a second: after 200,000
# requests a worker has lived some ten minutes there (at 2,000 it lived seven
# seconds, and starting the next cost more than the asks it answered;
# bench/tables.py).  A worker replaced answers its held asks first.
# Each worker's heartbeat is a file it touches every turn of its loop; on a
# disk that is a system call against the file system each time (a third of
# a worker's busy time answering live asks, bench/tables.py), in memory it is
# nearly free.  gunicorn's own advice: /dev/shm where there is one.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 200_000))
max_requests_jitter = max_requests // 10

# The proxy in front says whether the phone used https (X-Forwarded-Proto),
# so redirects and secure cookies are right.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

# Access log on stdout: who, when, method, path (never the query string: it
# may carry a token), status, size and seconds taken.  No bodies, no
# cookies, no referrer.
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(L)ss'


class MaskedLogger(glogging.Logger):
    """The access log with a live view's secret masked: ``/s/<token>`` is
    logged as ``/s/…``, since whoever reads the log must not be able to open
    the game's live sheet."""

    def atoms(self, resp, req, environ, request_time):  # type: ignore[no-untyped-def]
        atoms = super().atoms(resp, req, environ, request_time)
        atoms["U"] = masked_path(atoms["U"])
        return atoms


def masked_path(path: str) -> str:
    return re.sub(r"^/([sk])/[^/]+", r"/\1/…", path)  # a live link's or a keeper link's token


logger_class = MaskedLogger


def post_worker_init(worker):  # type: ignore[no-untyped-def]
    """Each worker: ``working_threads`` requests in Flask at once (the pool's other threads
    are for held asks), at most ``live_holds`` asks held, and every one answered as soon as
    the worker is told to stop (a restart never waits out a phone's 25 s)."""
    from scorekeeper.live.asks import serve_in_worker

    serve_in_worker(worker.wsgi, working=working_threads, holds=live_holds, serving=lambda: worker.alive)
