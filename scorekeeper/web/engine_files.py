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

A browser asks for Brotli only in a secure context (https, localhost): a
phone on the table's plain-http Wi-Fi would get gzip, 4.7 MB in all.  So the
three big files' Brotli is also served as it is, ``<name>.br`` as
``application/octet-stream`` with no ``Content-Encoding``, with a Brotli
decoder (``brotli-dec-wasm``, served here as Pyodide's files are) that the
engine's worker decodes them with when the page says the browser will not
get Brotli over HTTP (``engine_download()["raw"]``).
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
#: the Brotli decoder for a browser that gets no Brotli over HTTP (the npm package brotli-dec-wasm)
DECODER = {
    "brotli_dec_wasm.js": "text/javascript",
    "brotli_dec_wasm_bg.wasm": "application/wasm",
}
SERVED = FILES | DECODER
#: the files whose Brotli is also served raw, as ``<name>.br``, for that decoder (the others are
#: small, or modules the browser imports itself)
RAW = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: the encodings kept beside each file, by their file suffix, in the order they are preferred
ENCODINGS = {"br": ".br", "gzip": ".gz"}
IMMUTABLE = "public, max-age=31536000, immutable"


@dataclass(frozen=True, slots=True)
class Files:
    folder: Path
    digest: str  # the first 16 hex digits of the SHA-256 of the files' names and bytes (decoder too)
    sizes: dict[str, dict[str, int]]  # each file's bytes by encoding ("identity", "br", "gzip")


def _folder() -> Path:
    assert current_app.static_folder is not None
    return Path(current_app.static_folder) / "vendor" / "pyodide"


@cache
def _files(folder: Path) -> Files | None:
    if not all((folder / name).is_file() and (folder / (name + suffix)).is_file()
               for name in SERVED for suffix in ENCODINGS.values()):
        return None
    digest = hashlib.sha256()
    sizes: dict[str, dict[str, int]] = {}
    for name in SERVED:
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
    ("wire"), and as the worker reads them ("files": what its progress counts, the raw Brotli
    files as they came, the rest decoded); "raw" is 1 where the browser gets no Brotli over HTTP,
    so the worker downloads the big files' raw Brotli and the decoder."""
    found = files()
    if found is None:
        return {"wire": 0, "files": 0, "raw": 0}
    encoding = _encoding()
    zipped = len(bundle().data)
    if encoding == "br":
        return {"wire": sum(found.sizes[name]["br"] for name in FILES) + zipped,
                "files": sum(found.sizes[name]["identity"] for name in FILES) + zipped, "raw": 0}
    return {"wire": sum(found.sizes[name]["br" if name in RAW else encoding] for name in SERVED) + zipped,
            "files": sum(found.sizes[name]["br" if name in RAW else "identity"] for name in SERVED) + zipped,
            "raw": 1}


@bp.route("/engine/pyodide/<digest>/<name>")
def pyodide_file(digest: str, name: str) -> Response:
    found = files()
    if found is not None and name.endswith(".br") and name.removesuffix(".br") in RAW:
        return _raw(found, digest, name)
    if found is None or name not in SERVED:
        abort(404)
    encoding = _encoding()
    path = found.folder / (name + ENCODINGS.get(encoding, ""))
    response = send_file(path, mimetype=SERVED[name], etag=f"{found.digest}-{encoding}", conditional=True,
                         max_age=None)
    if encoding != "identity":
        response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = IMMUTABLE if digest == found.digest else "no-cache"
    return response


def _raw(found: Files, digest: str, name: str) -> Response:
    """A big file's Brotli as it is, for the worker's decoder: no ``Content-Encoding``, whatever
    the request accepts (so no ``Vary``)."""
    response = send_file(found.folder / name, mimetype="application/octet-stream", etag=f"{found.digest}-raw",
                         conditional=True, max_age=None)
    response.headers["Cache-Control"] = IMMUTABLE if digest == found.digest else "no-cache"
    return response
