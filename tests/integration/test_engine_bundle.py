"""The engine bundle the browser's Pyodide loads: built by the app from its package, alone, and cached well.

What it must be for ``static/engine-worker.js``: a zip of every module of
``scorekeeper/engine`` and the worker's entry point, that imports without the
web app (here, a bare Python with no site-packages runs it), the same bytes
each time it is built (its digest is its URL, answered as immutable), and
named only by the game pages.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from webpage import page

from scorekeeper.engine import replay
from scorekeeper.engine.in_browser import replay_all
from scorekeeper.web import bundle

ENGINE = Path(bundle.PACKAGE) / "engine"
GIN = {"variant": "gin", "players": ["Ann", "Bob"],
       "hands": [{"out": "Ann", "hands": {"Ann": {"count": 7}, "Bob": {"count": 5}}}]}


def test_the_bundle_holds_the_engine_package_alone_and_a_package_stub():
    names = zipfile.ZipFile(io.BytesIO(bundle.bundle().data)).namelist()

    engine = sorted(path.relative_to(ENGINE.parents[1]).as_posix() for path in ENGINE.rglob("*")
                    if path.suffix in (".py", ".json") and "__pycache__" not in path.parts)
    assert sorted(names) == sorted([*engine, "scorekeeper/__init__.py"])
    assert "scorekeeper/engine/in_browser.py" in names and "scorekeeper/engine/entry_form.py" in names
    stub = zipfile.ZipFile(io.BytesIO(bundle.bundle().data)).read("scorekeeper/__init__.py").decode()
    assert "import" not in stub


def test_the_entry_forms_reading_imports_only_the_engine_and_the_standard_library():
    source = (ENGINE / "entry_form.py").read_text()
    imported = re.findall(r"^(?:from|import) ([\w.]+)", source, flags=re.M)
    assert imported and all(name.startswith((".", "__future__", "re", "collections", "dataclasses", "typing"))
                            for name in imported), imported


def test_the_bundle_is_the_same_bytes_each_time_it_is_built():
    first, second = bundle.build(bundle.sources()), bundle.build(bundle.sources())

    assert first.data == second.data and first.digest == second.digest == bundle.bundle().digest
    assert len(first.digest) == 16


def test_a_change_to_the_engine_is_a_new_digest():
    files = bundle.sources()
    files["scorekeeper/engine/replay.py"] += b"\n# changed\n"

    assert bundle.build(files).digest != bundle.bundle().digest


def test_the_bundle_runs_in_a_python_without_the_web_app_or_any_installed_package(tmp_path):
    zipfile.ZipFile(io.BytesIO(bundle.bundle().data)).extractall(tmp_path)
    program = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from scorekeeper.engine.in_browser import replay_all\n"
        "print(replay_all(sys.stdin.read()))\n"
        "print(json.dumps(sorted(name for name in sys.modules if name.split('.')[0] in "
        "('flask', 'sqlalchemy', 'werkzeug', 'jinja2'))))\n"
        "print(__import__('scorekeeper').__file__)\n"
    )
    # -I: no environment, no user site; -S: no site-packages, so neither Flask nor this checkout is importable.
    done = subprocess.run([sys.executable, "-I", "-S", "-c", program], input=json.dumps([GIN]),
                          capture_output=True, text=True, check=True, timeout=60)
    outcomes, web_modules, package = done.stdout.splitlines()

    assert json.loads(outcomes) == [{"sheet": json.loads(json.dumps(replay(GIN)))}]
    assert json.loads(web_modules) == []
    assert package.startswith(str(tmp_path))


def test_the_worker_entry_gives_the_servers_sheet_and_the_engines_refusal_with_its_code():
    refused = {**GIN, "hands": [{"out": "Ann", "hands": {"Ann": {"count": 7}, "Bob": {"cards": "ZZ"}}}]}

    sheet, refusal = json.loads(replay_all(json.dumps([GIN, refused])))

    assert sheet == {"sheet": json.loads(json.dumps(replay(GIN)))}
    assert refusal["error"]["hand"] == 1 and refusal["error"]["player"] == "Bob"
    assert refusal["error"]["code"] != "engine_failed" and "ZZ" in refusal["error"]["message"]


def test_the_worker_entry_takes_only_a_list_of_logs():
    with pytest.raises(TypeError):
        replay_all(json.dumps(GIN))


def test_the_bundle_is_served_as_an_immutable_zip_under_its_digest(client):
    current = bundle.bundle()
    response = client.get(f"/engine/bundle.zip?v={current.digest}")

    assert response.status_code == 200
    assert response.mimetype == "application/zip"
    assert response.data == current.data
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["ETag"] == f'"{current.digest}"'
    again = client.get(f"/engine/bundle.zip?v={current.digest}", headers={"If-None-Match": f'"{current.digest}"'})
    assert again.status_code == 304 and again.data == b""


@pytest.mark.parametrize("query", ["", "?v=0123456789abcdef", "?v=../engine"])
def test_asked_without_its_digest_the_current_bundle_is_answered_but_asked_again_each_time(client, query):
    response = client.get(f"/engine/bundle.zip{query}")

    assert response.status_code == 200 and response.data == bundle.bundle().data
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["ETag"] == f'"{bundle.bundle().digest}"'


def _engine_scripts(response) -> list:
    return [node for node in page(response).find_all("script") if (node.get("src") or "").endswith("/engine.js")]


def test_the_sheet_and_the_entry_form_name_the_engine_and_its_bundle_and_start_nothing_inline(user, start_game):
    game = start_game(user, "gin", ["Ann", "Bob"])

    for path in (f"/games/{game}", f"/games/{game}/hands/new"):
        scripts = _engine_scripts(user.get(path))
        assert len(scripts) == 1, path
        script = scripts[0]
        assert script.get("defer") is not None
        assert script.get("data-bundle") == f"/engine/bundle.zip?v={bundle.bundle().digest}"
        assert script.get("data-worker") == "/static/engine-worker.js"
        assert re.fullmatch(r"/engine/pyodide/[0-9a-f]{16}/", script.get("data-pyodide"))


@pytest.mark.parametrize("path", ["/games", "/games/new?variant=gin", "/history", "/players/", "/stats/",
                                  "/variants", "/backup"])
def test_pages_that_are_not_a_games_name_no_engine(user, path):
    response = user.get(path)

    assert response.status_code == 200, path
    assert _engine_scripts(response) == []


def test_the_bundle_holds_the_engines_data_beside_its_modules_the_presets_definitions():
    shipped = {path.relative_to(ENGINE.parents[1]).as_posix() for path in ENGINE.rglob("*.json")}
    names = set(zipfile.ZipFile(io.BytesIO(bundle.bundle().data)).namelist())

    assert "scorekeeper/engine/games/presets.json" in shipped
    assert shipped <= names


def test_the_presets_read_in_the_bundle_as_on_the_server(tmp_path):
    zipfile.ZipFile(io.BytesIO(bundle.bundle().data)).extractall(tmp_path)
    program = (
        "import sys\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from scorekeeper.engine.games.presets import preset, presets\n"
        "print(len(presets()), preset('mille').definition['values']['QS'])\n"
    )
    done = subprocess.run([sys.executable, "-I", "-S", "-c", program], capture_output=True, text=True, check=False)

    assert done.returncode == 0, done.stderr
    known = json.loads((ENGINE / "games" / "presets.json").read_text(encoding="utf-8"))["presets"]
    assert done.stdout.split() == [str(len(known)), "100"]
