"""``/engine/bundle.zip?v=<digest>``: the scoring engine as the browser's Pyodide loads it.

The app builds the bundle from its own package, once per process: every
``.py`` file of ``scorekeeper/engine`` (standard library only) and its data
(``.json``: the presets' definitions, read beside their module), which holds
the worker's entry point (:mod:`scorekeeper.engine.in_browser`) and the entry
form's reading (:mod:`scorekeeper.engine.entry_form`) too, and a package file
of one docstring, so ``from scorekeeper.engine import replay`` works there
without Flask.  What the browser runs is the engine package alone.  The zip is deterministic (names sorted, one fixed date and
mode), so the same engine gives the same bytes and the same digest, which
the pages put in the URL: that answer is cached for a year as immutable, and
a new engine is a new URL.  Asked without it or with another digest (a page
from before a deployment), the app answers its current bundle as
``no-cache``: the browser keeps it, but asks again (its ETag, the digest,
makes that a 304 while the engine is the same).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from flask import Blueprint, request, url_for
from werkzeug.wrappers import Response

bp = Blueprint("bundle", __name__)

PACKAGE = Path(__file__).resolve().parents[1]
STUB = (
    '"""Scorekeeper\'s scoring engine alone, as the browser runs it '
    '(the web app is not in this bundle)."""\n'
)
#: the engine's files the bundle holds: its modules, and its data read beside them (the presets' definitions)
BUNDLED = (".py", ".json")
# The zip's one date (the earliest a zip can say) and its files' mode.
STAMP = (1980, 1, 1, 0, 0, 0)
MODE = 0o644 << 16


@dataclass(frozen=True, slots=True)
class Bundle:
    data: bytes
    digest: str  # the first 16 hex digits of the zip's SHA-256
    files: int


def sources(package: Path = PACKAGE) -> dict[str, bytes]:
    """The bundle's files by their name in it."""
    found = {
        path.relative_to(package.parent).as_posix(): path.read_bytes()
        for path in sorted((package / "engine").rglob("*"))
        if path.suffix in BUNDLED and path.is_file() and "__pycache__" not in path.parts
    }
    found["scorekeeper/__init__.py"] = STUB.encode()
    return found


def build(files: dict[str, bytes]) -> Bundle:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.external_attr = MODE
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name], compresslevel=9)
    data = buffer.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16], len(files))


@cache
def bundle() -> Bundle:
    """This process's bundle, built on first use."""
    return build(sources())


@bp.app_template_global("engine_bundle_url")
def engine_bundle_url() -> str:
    return url_for("bundle.engine_zip", v=bundle().digest)


@bp.route("/engine/bundle.zip")
def engine_zip() -> Response:
    current = bundle()
    if request.if_none_match.contains(current.digest):
        response = Response(status=304)
    else:
        response = Response(current.data, mimetype="application/zip")
    response.set_etag(current.digest)
    if request.args.get("v") == current.digest:
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response
