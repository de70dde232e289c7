"""The app as ``pip install .`` installs it: a wheel, not this checkout.

templates/, static/ and migrations/ stay at the top of the repository;
pyproject.toml maps them into the built package (scorekeeper/templates/, ...),
and ``scorekeeper.data_folder`` finds them there. The slow test builds a wheel
from a copy of the working tree, checks what it holds (the package and its
data, no tests/ nor bench/), installs it into a fresh venv (``python -m venv``;
pip fetches the dependencies from the package index, or its cache), then, from
an empty folder with nothing of the repository on the path, runs ``flask --app
scorekeeper db upgrade`` on the default SQLite database in the instance folder
and drives the installed app through its test client: sign-in page, sign-up,
a game with a hand recorded, and every ``/static/`` file those pages link to,
byte for byte the repository's.

It takes a minute or so, so it runs only when ``SCOREKEEPER_INSTALL_TEST=1`` is
set, or under CI (``CI`` set, as ``.ci/run`` has it) on the SQLite pass: the
package's files do not depend on the database, so the PostgreSQL pass (with
``DATABASE_URL``) skips it. The check that pyproject.toml lists every
subpackage runs always.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA_FOLDERS = ("templates", "static", "migrations")


def _setuptools() -> dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        config: dict[str, Any] = tomllib.load(file)["tool"]["setuptools"]
    return config


def test_pyproject_lists_every_subpackage_and_maps_the_data_folders():
    """The packages are listed, not found: a new subpackage must be listed too."""
    config = _setuptools()
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "scorekeeper").rglob("__init__.py")
    }
    assert on_disk <= set(config["packages"]), sorted(on_disk - set(config["packages"]))
    for name in DATA_FOLDERS:
        assert config["package-dir"][f"scorekeeper.{name}"] == name
        assert f"scorekeeper.{name}" in config["packages"]
        assert (ROOT / name).is_dir()


def _wanted() -> bool:
    if os.environ.get("SCOREKEEPER_INSTALL_TEST") == "1":
        return True
    return bool(os.environ.get("CI")) and not os.environ.get("DATABASE_URL")


slow = pytest.mark.skipif(
    not _wanted(),
    reason="builds and installs a wheel: set SCOREKEEPER_INSTALL_TEST=1 (CI runs it on the SQLite pass)",
)

# What `pip install .` would not see in a fresh clone, or must not read: a
# stale build/ would leak old files into the wheel.
_NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".pytest_cache",
    ".hypothesis", ".mypy_cache", ".ruff_cache", "node_modules", "instance",
)


def _tracked(folder: str) -> list[str]:
    """The repository's files under ``folder`` (git's list when there is one)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--", folder], cwd=ROOT, capture_output=True, check=True, timeout=60,
        ).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        listed = [str(path.relative_to(ROOT)) for path in (ROOT / folder).rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts]
    return sorted(name for name in listed if name and (ROOT / name).is_file())


def _run(command: list[str], cwd: Path, env: dict[str, str], timeout: int = 600) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


# Run by the installed venv's python, from an empty folder: the app as
# installed, driven as a phone would (the CSRF tokens read off each page).
CLIENT_SCRIPT = r'''
import hashlib, json, re, sys
import scorekeeper
from scorekeeper import create_app

app = create_app()
client = app.test_client()
seen = {}
static = {}


def csrf(html):
    field = re.search(r'<input[^>]*name="csrf_token"[^>]*>', html).group(0)
    return re.search(r'value="([^"]*)"', field).group(1)


def page(path, status=200):
    response = client.get(path)
    html = response.get_data(as_text=True)
    seen[path] = response.status_code
    for link in re.findall(r'(?:href|src)="(/static/[^"?#]+)', html):
        static[link] = None
    return html


def post(path, data):
    response = client.post(path, data=data)
    seen["POST " + path] = response.status_code
    return response


login = page("/login")
register = page("/register")
post("/register", {"email": "ann@example.com", "password": "correct horse battery",
                   "csrf_token": csrf(register)})
new = page("/games/new?variant=gin")
created = post("/games/new?variant=gin", {"variant": "gin", "first_dealer": "0", "seat-0": "Ann",
                                          "seat-1": "Bob", "csrf_token": csrf(new)})
game = created.headers.get("Location", "")
entry = page(game + "/hands/new")
post(game + "/hands/new", {
    "csrf_token": csrf(entry),
    "token": re.search(r'name="token" value="([^"]*)"', entry).group(1),
    "expected": re.search(r'name="expected" value="(\d+)"', entry).group(1),
    "out": "0", "p0-count": "0", "p1-count": "31",
})
sheet = page(game)
for link in static:
    response = client.get(link)
    static[link] = [response.status_code, hashlib.sha256(response.get_data()).hexdigest()]
json.dump({
    "package": scorekeeper.__file__,
    "folders": [app.template_folder, app.static_folder, app.extensions["migrate"].directory],
    "instance": app.instance_path,
    "seen": seen,
    "game": game,
    "sheet_has_the_hand": "Bob" in sheet and "Hand 1" in sheet,
    "login_has_the_form": 'name="password"' in login,
    "static": static,
}, sys.stdout)
'''


@slow
def test_the_installed_package_migrates_and_serves_every_page_with_its_files(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCE)
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "PYTHONPATH", "VIRTUAL_ENV", "FLASK_APP", "SECRET_KEY")}
    env.update(SECRET_KEY="installed-package-test", SESSION_COOKIE_SECURE="0", PIP_DISABLE_PIP_VERSION_CHECK="1")

    # The wheel: the package with its data, nothing else of the repository.
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(source)], tmp_path, env)
    (wheel,) = dist.glob("scorekeeper-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        tops = {name.split("/")[0] for name in names}
        assert tops == {"scorekeeper", next(top for top in tops if top.endswith(".dist-info"))}, tops
        assert not [name for name in names if {"tests", "bench"} & set(name.split("/"))]
        for folder in DATA_FOLDERS:
            # static/vendor/ (npm's) ships only what a browser loads: the pages' links check it below.
            for name in (name for name in _tracked(folder) if not name.startswith("static/vendor/")):
                inside = f"scorekeeper/{name}"
                assert inside in names, f"{name} is not in the wheel"
                assert archive.read(inside) == (ROOT / name).read_bytes(), name
        for name in _tracked("scorekeeper"):  # its modules and its data (the export's schema, the password list)
            assert name in names, f"{name} is not in the wheel (missing from pyproject.toml's packages or package-data?)"

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path, env)
    python, flask = venv / "bin" / "python", venv / "bin" / "flask"
    _run([str(python), "-m", "pip", "install", "-q", str(wheel)], tmp_path, env, timeout=900)

    # From an empty folder: nothing of the repository can be found from here.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _run([str(flask), "--app", "scorekeeper", "db", "upgrade"], elsewhere, env)
    script = tmp_path / "drive.py"
    script.write_text(CLIENT_SCRIPT)
    found = json.loads(_run([str(python), str(script)], elsewhere, env))

    package = Path(found["package"]).parent
    assert package.is_relative_to(venv) and "site-packages" in package.parts, package
    assert found["folders"] == [str(package / name) for name in DATA_FOLDERS]
    # The default database: SQLite in the instance folder (Flask's, beside the venv's prefix).
    assert Path(found["instance"]).is_relative_to(venv)
    assert (Path(found["instance"]) / "scorekeeper.sqlite3").is_file()
    assert found["seen"] == {
        "/login": 200, "/register": 200, "POST /register": 303,
        "/games/new?variant=gin": 200, "POST /games/new?variant=gin": 303,
        f"{found['game']}/hands/new": 200, f"POST {found['game']}/hands/new": 303, found["game"]: 200,
    }, found["seen"]
    assert found["login_has_the_form"] and found["sheet_has_the_hand"]

    assert "/static/scorekeeper.css" in found["static"]
    for link, (status, digest) in found["static"].items():
        assert status == 200, link
        repo_file = ROOT / "static" / link.removeprefix("/static/")
        assert digest == hashlib.sha256(repo_file.read_bytes()).hexdigest(), link
