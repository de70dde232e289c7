"""``/engine/pyodide/<digest>/<name>``: Pyodide's files, precompressed, under a hashed URL.

``make vendor`` (:mod:`scorekeeper.web.engine_build`) puts in
``static/vendor/pyodide`` the five files Pyodide loads (its standard library
trimmed to what the engine imports), each beside its Brotli (``.br``) and
gzip (``.gz``) copy.  This answers each file in the encoding the phone
accepts (Brotli first, then gzip, else as it is) with ``Content-Encoding``
and ``Vary: Accept-Encoding``; the digest in the URL is a hash of the five
files, read once per process, so the answer with the current digest is
cached for a year as immutable, and new files are a new URL.  Asked with
another digest (a page from before a deployment), it answers the current
file as ``no-cache``, as the engine bundle does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from flask import Blueprint, abort, current_app, request, send_file, url_for
from werkzeug.wrappers import Response

from .bundle import bundle

bp = Blueprint("engine_files", __name__)

#: what Pyodide loads, by name, with its media type (a wasm must say so to compile as it streams)
FILES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
#: the encodings kept beside each file, by their file suffix, in the order they are preferred
ENCODINGS = {"br": ".br", "gzip": ".gz"}
IMMUTABLE = "public, max-age=31536000, immutable"


@dataclass(frozen=True, slots=True)
class Files:
    folder: Path
    digest: str  # the first 16 hex digits of the SHA-256 of the files' names and bytes
    sizes: dict[str, dict[str, int]]  # each file's bytes by encoding ("identity", "br", "gzip")


def _folder() -> Path:
    assert current_app.static_folder is not None
    return Path(current_app.static_folder) / "vendor" / "pyodide"


@cache
def _files(folder: Path) -> Files | None:
    if not all((folder / name).is_file() and (folder / (name + suffix)).is_file()
               for name in FILES for suffix in ENCODINGS.values()):
        return None
    digest = hashlib.sha256()
    sizes: dict[str, dict[str, int]] = {}
    for name in FILES:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes())
        sizes[name] = {"identity": (folder / name).stat().st_size} | {
            encoding: (folder / (name + suffix)).stat().st_size for encoding, suffix in ENCODINGS.items()}
    return Files(folder, digest.hexdigest()[:16], sizes)


def files() -> Files | None:
    """This copy's Pyodide files, or None where ``make vendor`` has not made them."""
    return _files(_folder())


def _encoding() -> str:
    """The best encoding the request accepts of those kept ("identity" when none)."""
    accepted = request.accept_encodings
    return next((encoding for encoding in ENCODINGS if accepted.quality(encoding) > 0), "identity")


@bp.app_template_global("engine_pyodide_url")
def engine_pyodide_url() -> str:
    """The folder Pyodide loads from (its indexURL), hashed."""
    found = files()
    return url_for("engine_files.pyodide_file", digest=found.digest if found else "missing", name="x")[:-1]


@bp.app_template_global("engine_download")
def engine_download() -> dict[str, int]:
    """What starting the engine downloads, in bytes over the wire as this browser accepts them
    ("wire"), and once decoded ("files": what the worker's progress counts)."""
    found = files()
    if found is None:
        return {"wire": 0, "files": 0}
    encoding = _encoding()
    zipped = len(bundle().data)
    return {"wire": sum(size[encoding] for size in found.sizes.values()) + zipped,
            "files": sum(size["identity"] for size in found.sizes.values()) + zipped}


@bp.route("/engine/pyodide/<digest>/<name>")
def pyodide_file(digest: str, name: str) -> Response:
    found = files()
    if found is None or name not in FILES:
        abort(404)
    encoding = _encoding()
    path = found.folder / (name + ENCODINGS.get(encoding, ""))
    response = send_file(path, mimetype=FILES[name], etag=f"{found.digest}-{encoding}", conditional=True,
                         max_age=None)
    if encoding != "identity":
        response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = IMMUTABLE if digest == found.digest else "no-cache"
    return response
