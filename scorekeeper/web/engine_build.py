"""``python -m scorekeeper.web.engine_build``: Pyodide's files as a phone downloads them (``make vendor``).

From the npm package (``node_modules/pyodide``) into ``static/vendor/pyodide``:

- ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm`` and
  ``pyodide-lock.json`` as they are;
- ``python_stdlib.zip`` trimmed to the standard library the engine needs:
  what Pyodide itself imports to start, what unpacking the bundle imports,
  every module of the engine bundle and every standard module they name
  (any ``import`` in them, at the top or in a function).  The list is not
  guessed: the npm package's own Pyodide runs in Node with the whole
  standard library, imports all of that, replays an empty game of every
  variant, and the modules it then holds from the zip are the ones kept.
  Its files are stored uncompressed in the zip, so that the whole zip
  compresses as one text;
- the Brotli decoder a browser without Brotli over HTTP (a page on plain
  http) decodes the big files' raw ``.br`` with (the npm package
  ``brotli-dec-wasm``: ``brotli_dec_wasm.js`` and its wasm);
- beside each, the same bytes precompressed as ``<name>.br`` (Brotli, best)
  and ``<name>.gz`` (gzip, best), which :mod:`scorekeeper.web.engine_files`
  serves by the phone's ``Accept-Encoding`` (and the big files' ``.br`` as
  they are, to that decoder).

Run again whenever the engine's imports change (the Makefile's ``vendor``
target depends on the engine's files).
"""

from __future__ import annotations

import ast
import gzip
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import brotli  # type: ignore[import-untyped]  # flask-compress's own dependency: the served files precompressed once, at their best

from .bundle import bundle, sources

#: the files Pyodide loads, besides the standard library
COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"
#: the Brotli decoder, from the npm package beside Pyodide's (node_modules/brotli-dec-wasm/pkg)
DECODER = ("brotli_dec_wasm.js", "brotli_dec_wasm_bg.wasm")
SERVED = (*COPIED, STDLIB, *DECODER)
#: the zip's one date, as the engine bundle's
STAMP = (1980, 1, 1, 0, 0, 0)

# Node, with the npm package's Pyodide and the whole standard library: the
# bundle unpacked as the worker unpacks it, every module of it and every
# standard module it names imported, an empty game of each variant replayed,
# then the modules Python holds from the standard library's zip, as JSON.
PROBE = r"""
import {loadPyodide} from "%(folder)s/pyodide.mjs";
import fs from "node:fs";
const py = await loadPyodide({indexURL: "%(folder)s/", stdout: () => {}, stderr: () => {}});
py.unpackArchive(new Uint8Array(fs.readFileSync("%(bundle)s")), "zip", {extractDir: "/engine"});
py.globals.set("ROOTS", JSON.stringify(%(roots)s));
py.globals.set("MODULES", JSON.stringify(%(modules)s));
console.log(py.runPython(`
import importlib, json, sys
sys.path.insert(0, "/engine")
for name in json.loads(ROOTS):
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # not in Pyodide (a module of another platform, named under a condition)
for name in json.loads(MODULES):
    importlib.import_module(name)
from scorekeeper.engine.in_browser import replay_all
from scorekeeper.engine import variants
replay_all(json.dumps([{"variant": v["key"], "players": ["Ann", "Bob"], "hands": []} for v in variants()]))
json.dumps(sorted({m.__file__.split(".zip/", 1)[1] for m in list(sys.modules.values())
                   if ".zip/" in (getattr(m, "__file__", None) or "")}))
`));
"""


def engine_modules(files: dict[str, bytes]) -> list[str]:
    """The bundle's modules by their dotted name."""
    return sorted(name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                  for name in files if name.endswith(".py"))


def named_imports(files: dict[str, bytes]) -> set[str]:
    """Every absolute module any file of the bundle imports, anywhere in it, outside the bundle."""
    found: set[str] = set()
    for source in files.values():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return {name for name in found if name.split(".")[0] != "scorekeeper"}


def needed(npm: Path, files: dict[str, bytes]) -> list[str]:
    """The standard library's files Pyodide holds after importing the engine (see PROBE)."""
    with tempfile.TemporaryDirectory() as scratch:
        zipped = Path(scratch) / "bundle.zip"
        zipped.write_bytes(bundle().data)
        script = PROBE % {"folder": npm.resolve().as_posix(), "bundle": zipped.as_posix(),
                          "roots": json.dumps(sorted(named_imports(files))),
                          "modules": json.dumps(engine_modules(files))}
        probe = Path(scratch) / "probe.mjs"
        probe.write_text(script, encoding="utf-8")
        done = subprocess.run(["node", str(probe)], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"Pyodide in Node could not import the engine:\n{done.stderr[-4000:]}")
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def trimmed(whole: bytes, keep: list[str]) -> bytes:
    """The standard library's zip with only ``keep``, stored, names sorted, one date."""
    source = zipfile.ZipFile(io.BytesIO(whole))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(set(keep)):
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.external_attr = 0o644 << 16
            archive.writestr(info, source.read(name), compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def precompress(path: Path) -> None:
    data = path.read_bytes()
    path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=11))
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))


def build(npm: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.copyfile(npm / name, out / name)
    for name in DECODER:
        shutil.copyfile(npm.parent / "brotli-dec-wasm" / "pkg" / name, out / name)
    keep = needed(npm, sources())
    (out / STDLIB).write_bytes(trimmed((npm / STDLIB).read_bytes(), keep))
    for name in SERVED:
        precompress(out / name)
    sizes = {name: (out / name).stat().st_size for name in SERVED}
    print(f"engine_build: {len(keep)} standard-library files kept; "
          + ", ".join(f"{name} {size:,} B ({(out / (name + '.br')).stat().st_size:,} B Brotli)"
                      for name, size in sizes.items()))


if __name__ == "__main__":
    build(Path(sys.argv[1]), Path(sys.argv[2]))
