"""Pyodide's files as a phone downloads them: precompressed, under a hashed URL, cached for good,
and with a standard library trimmed to what the engine imports (``make vendor``:
scorekeeper/web/engine_build.py; served by scorekeeper/web/engine_files.py).
"""

from __future__ import annotations

import gzip
import io
import os
import re
import zipfile
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest
from webpage import page

from scorekeeper import data_folder
from scorekeeper.web import bundle, engine_build, engine_files

FOLDER = data_folder("static") / "vendor" / "pyodide"
# The npm package's whole standard library, where `make install` left node_modules.
WHOLE = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide" / "python_stdlib.zip"

# (`make test` builds them first, so CI, which runs it, always has them: there their absence
# fails the run, never skips it.)
if os.environ.get("CI") and not (FOLDER / "python_stdlib.zip.br").is_file():
    raise RuntimeError(f"make vendor has not built Pyodide's files in {FOLDER}: CI runs make test")
if os.environ.get("CI") and not WHOLE.is_file():
    raise RuntimeError(f"no {WHOLE}: make install's npm ci leaves it, and CI runs make test")
pytestmark = pytest.mark.skipif(not (FOLDER / "python_stdlib.zip.br").is_file(),
                                reason="make vendor has not built Pyodide's files")

DECODE = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda data: data}


def _digest(app) -> str:
    with app.app_context():
        found = engine_files.files()
    assert found is not None
    return found.digest


def _modules(names: list[str]) -> set[str]:
    """The dotted modules a zip's file names hold."""
    return {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for name in names if name.endswith(".py")}


@pytest.mark.parametrize(("accepted", "encoding"), [
    ("gzip, deflate, br, zstd", "br"),  # Chromium, over https or on localhost
    ("gzip, deflate", "gzip"),  # Chromium over plain http
    ("br;q=0, gzip", "gzip"),
    ("identity", None),
    ("", None),
])
@pytest.mark.parametrize("name", sorted(engine_files.SERVED))
def test_each_pyodide_file_is_sent_precompressed_in_the_best_encoding_the_phone_accepts(
        app, client, name, accepted, encoding):
    response = client.get(f"/engine/pyodide/{_digest(app)}/{name}", headers={"Accept-Encoding": accepted})

    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == encoding
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.mimetype == engine_files.SERVED[name]
    assert DECODE[encoding](response.data) == (FOLDER / name).read_bytes()
    if encoding:
        assert len(response.data) < (FOLDER / name).stat().st_size


def test_the_wasm_is_sent_as_wasm_so_it_compiles_while_it_streams(app, client):
    response = client.get(f"/engine/pyodide/{_digest(app)}/pyodide.asm.wasm", headers={"Accept-Encoding": "br"})

    assert response.headers["Content-Type"] == "application/wasm"
    assert brotli.decompress(response.data)[:4] == b"\0asm"


def test_under_their_digest_pyodides_files_are_cached_for_a_year_as_immutable(app, client):
    digest = _digest(app)
    response = client.get(f"/engine/pyodide/{digest}/python_stdlib.zip", headers={"Accept-Encoding": "br"})

    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    etag = response.headers["ETag"]
    assert digest in etag and "br" in etag
    again = client.get(f"/engine/pyodide/{digest}/python_stdlib.zip",
                       headers={"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    other = client.get(f"/engine/pyodide/{digest}/python_stdlib.zip",
                       headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert other.status_code == 200 and other.headers["Content-Encoding"] == "gzip"


def test_asked_under_another_digest_the_current_file_is_answered_but_asked_again_each_time(app, client):
    response = client.get("/engine/pyodide/0123456789abcdef/pyodide.mjs", headers={"Accept-Encoding": "gzip"})

    assert response.status_code == 200
    assert gzip.decompress(response.data) == (FOLDER / "pyodide.mjs").read_bytes()
    assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("name", ["pyodide.js", "pyodide.mjs.br", "brotli_dec_wasm.js.br", "..%2Fengine.js",
                                  "python_stdlib.zip.gz", "python_stdlib.zip.br.br"])
def test_only_the_files_pyodide_loads_the_decoder_and_the_big_files_raw_brotli_are_served(app, client, name):
    assert client.get(f"/engine/pyodide/{_digest(app)}/{name}").status_code == 404


def test_a_change_to_any_of_pyodides_files_is_a_new_digest(app, tmp_path):
    for name in engine_files.SERVED:
        for suffix in ("", ".br", ".gz"):
            (tmp_path / (name + suffix)).write_bytes((FOLDER / (name + suffix)).read_bytes())
    same = engine_files._files(tmp_path)
    (tmp_path / "pyodide-lock.json").write_bytes(b"{}")
    engine_files._files.cache_clear()
    changed = engine_files._files(tmp_path)

    assert same is not None and changed is not None
    assert same.digest == _digest(app) and changed.digest != same.digest


def test_the_trimmed_standard_library_holds_every_standard_module_the_engine_names():
    whole = zipfile.ZipFile(WHOLE) if WHOLE.is_file() else None
    trimmed = _modules(zipfile.ZipFile(FOLDER / "python_stdlib.zip").namelist())
    named = engine_build.named_imports(bundle.sources())
    assert {"json", "dataclasses", "fractions", "re"} <= named  # (what the engine is known to use)

    for module in sorted(named):
        # Built into Pyodide's wasm (math, itertools, ...) when the whole zip does not hold it either.
        if whole is None or module in _modules(whole.namelist()):
            assert module in trimmed, module
        parts = module.split(".")
        for depth in range(1, len(parts)):
            package = ".".join(parts[:depth])
            assert whole is None or package not in _modules(whole.namelist()) or package in trimmed, package


def test_the_trimmed_standard_library_keeps_what_pyodide_starts_and_unpacks_the_bundle_with():
    trimmed = _modules(zipfile.ZipFile(FOLDER / "python_stdlib.zip").namelist())

    assert {"_pyodide", "pyodide", "pyodide.webloop", "pyodide._package_loader", "encodings", "zipfile",
            "shutil"} <= trimmed


@pytest.mark.skipif(not WHOLE.is_file(), reason="no node_modules/pyodide to compare with")
def test_the_trimmed_standard_library_leaves_out_what_the_engine_never_imports():
    trimmed = zipfile.ZipFile(FOLDER / "python_stdlib.zip")
    names = _modules(trimmed.namelist())

    assert not {"unittest", "email", "http.client", "sqlite3", "xml.dom", "tomllib", "pydoc"} & names
    assert len(trimmed.namelist()) < len(zipfile.ZipFile(WHOLE).namelist()) // 3
    # Stored, not deflated: the zip is compressed as a whole on the way (Brotli, gzip).
    assert {info.compress_type for info in trimmed.infolist()} == {zipfile.ZIP_STORED}


def test_the_sheet_offers_the_engine_with_its_size_over_the_wire_and_loads_it_from_the_hashed_folder(
        app, user, start_game):
    game = start_game(user, "gin", ["Ann", "Bob"])
    with app.app_context():
        found = engine_files.files()
    assert found is not None

    zipped = len(bundle.bundle().data)
    sizes = found.sizes
    # With Brotli over HTTP, Pyodide's five files; without (plain http), the big three's raw Brotli,
    # the rest in gzip, and the decoder: what the worker reads is then the raw Brotli as it came.
    brotli_wire = sum(sizes[name]["br"] for name in engine_files.FILES) + zipped
    plain_wire = sum(sizes[name]["br" if name in engine_files.RAW else "gzip"] for name in engine_files.SERVED) + zipped
    plain_read = sum(sizes[name]["br" if name in engine_files.RAW else "identity"]
                     for name in engine_files.SERVED) + zipped
    for accepted, wire, read, raw in (("gzip, deflate, br", brotli_wire, None, False),
                                      ("gzip, deflate", plain_wire, plain_read, True)):
        sheet = page(user.get(f"/games/{game}", headers={"Accept-Encoding": accepted}))
        switch = sheet.one(id="engine-switch")
        assert f"downloads {wire / 1e6:.1f} MB once" in switch.text
        assert switch.find("input", role="switch") is not None
        assert switch.find("progress") is not None
        script = next(node for node in sheet.find_all("script") if (node.get("src") or "").endswith("/engine.js"))
        assert script.get("data-pyodide") == f"/engine/pyodide/{found.digest}/"
        assert int(script.get("data-bytes")) == (read or sum(sizes[name]["identity"] for name in engine_files.FILES)
                                                 + zipped)
        assert (script.get("data-raw-brotli") is not None) is raw
        assert re.fullmatch(r"/engine/pyodide/[0-9a-f]{16}/", script.get("data-pyodide"))
    assert plain_wire <= 4_000_000 < sum(sizes[name]["gzip"] for name in engine_files.FILES) + zipped


def test_what_the_engine_downloads_decodes_to_the_files_pyodide_loads():
    for name in engine_files.SERVED:
        raw = (FOLDER / name).read_bytes()
        assert brotli.decompress((FOLDER / (name + ".br")).read_bytes()) == raw, name
        assert gzip.decompress((FOLDER / (name + ".gz")).read_bytes()) == raw, name
    assert zipfile.ZipFile(io.BytesIO((FOLDER / "python_stdlib.zip").read_bytes())).testzip() is None


@pytest.mark.parametrize("name", engine_files.RAW)
@pytest.mark.parametrize("accepted", ["gzip, deflate", "gzip, deflate, br", ""])
def test_a_big_files_raw_brotli_is_sent_as_it_is_whatever_the_phone_accepts_and_cached_for_good(
        app, client, name, accepted):
    digest = _digest(app)
    response = client.get(f"/engine/pyodide/{digest}/{name}.br", headers={"Accept-Encoding": accepted})

    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers
    assert response.mimetype == "application/octet-stream"
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.data == (FOLDER / (name + ".br")).read_bytes()
    assert brotli.decompress(response.data) == (FOLDER / name).read_bytes()
    again = client.get(f"/engine/pyodide/{digest}/{name}.br", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_raw_brotli_file_asked_under_another_digest_is_answered_but_asked_again_each_time(client):
    response = client.get("/engine/pyodide/0123456789abcdef/python_stdlib.zip.br")

    assert response.status_code == 200 and "Content-Encoding" not in response.headers
    assert response.headers["Cache-Control"] == "no-cache"
