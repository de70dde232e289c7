# Scorekeeper: `make run` serves the app, `make test` runs the tests,
# `make docs` builds the documentation, `make bench` times the engine and the server. Each installs into .venv first when needed.

PYTHON3 ?= python3
VENV := .venv
PYTHON := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
FLASK := $(VENV)/bin/flask
# Touched after a successful install; re-installs only when pyproject.toml is newer.
INSTALLED := $(VENV)/.installed
# The browser libraries the app serves itself, from the npm registry as
# package-lock.json pins them: `npm ci` into node_modules/, then the files a
# page or the service worker loads copied into static/vendor/ (both ignored).
VENDOR := static/vendor
VENDORED := $(VENDOR)/.installed
# The translation catalogues (Flask-Babel): per language a messages.po (the pages),
# a notes.po (the rules' notes, by key: scorekeeper/web/note_words.py) and an
# engine.po (the games' declarations: scorekeeper/web/engine_words.py), kept in
# git; their compiled .mo files made by `make install` (ignored).
TRANSLATIONS := scorekeeper/translations
DOMAINS := messages notes engine
CATALOGUES := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/*.po)
COMPILED := $(TRANSLATIONS)/.compiled
# The languages offered (scorekeeper/web/language.py's LANGUAGES), English the source's.
LANGUAGES := es de it fr hi ne ja id ar

HOST ?= 0.0.0.0
PORT ?= 5000
# The suite on every core: each xdist worker has its own SQLite files (per
# test) or PostgreSQL schema (per process) and its own free ports; the tests
# that start gunicorn and time it run together on one worker ("servers").
# PYTEST_ARGS= runs it on one core.
PYTEST_ARGS ?= -n auto --dist loadgroup

.PHONY: venv install vendor translations lint docs test run migrate serve bench clean

venv: $(PYTHON)

install: $(INSTALLED) $(VENDORED) $(COMPILED)

# A venv left half-made (e.g. no ensurepip on Debian) is removed, so the next
# run starts over instead of trusting it.
$(PYTHON):
	$(PYTHON3) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }

$(INSTALLED): pyproject.toml | $(PYTHON)
	$(PIP) install -e '.[test]'
	touch $@

vendor: $(VENDORED)

# Pyodide goes in as a phone downloads it (scorekeeper/web/engine_build.py): its
# standard library trimmed to what the engine imports (found by running the
# engine in the npm package's Pyodide under Node), each file beside its Brotli
# and gzip copy, with the Brotli decoder (npm brotli-dec-wasm) a page on plain
# http decodes the big files' raw .br with; made again when the engine's files change.
ENGINE_SOURCES := $(shell find scorekeeper/engine -name '*.py') \
	scorekeeper/web/bundle.py scorekeeper/web/engine_build.py

$(VENDORED): package.json package-lock.json $(ENGINE_SOURCES) | $(INSTALLED)
	npm ci --ignore-scripts --no-audit --no-fund
	rm -rf $(VENDOR) && mkdir -p $(VENDOR)/workbox $(VENDOR)/idb-keyval $(VENDOR)/pyodide
	cp node_modules/workbox-*/build/*.prod.js node_modules/workbox-sw/build/workbox-sw.js \
	   node_modules/workbox-window/build/workbox-window.prod.umd.js $(VENDOR)/workbox/
	cp node_modules/idb-keyval/dist/umd.js $(VENDOR)/idb-keyval/
	$(PYTHON) -m scorekeeper.web.engine_build node_modules/pyodide $(VENDOR)/pyodide
	touch $@

# Every catalogue compiled (a fuzzy or empty translation is left out: that
# message shows in English, and the catalogue test fails on it).
$(COMPILED): $(CATALOGUES) | $(INSTALLED)
	$(VENV)/bin/pybabel compile --statistics -d $(TRANSLATIONS) -D "$(DOMAINS)"
	touch $@

# The strings of the templates and the package extracted into messages.pot, then
# every language's catalogue brought up to date with it (a new language's made);
# translate what is new, then `make install` compiles them.
translations: $(INSTALLED)
	$(VENV)/bin/pybabel extract --mapping-file babel.cfg --sort-by-file --no-wrap \
	    --keywords _l --keywords lazy_gettext --keywords _n:1,2 --keywords _p:1c,2 \
	    --project Scorekeeper --copyright-holder "Scorekeeper's authors" \
	    --output-file $(TRANSLATIONS)/messages.pot .
	$(PYTHON) -m scorekeeper.web.note_words $(TRANSLATIONS)/notes.pot
	$(PYTHON) -m scorekeeper.web.engine_words $(TRANSLATIONS)/engine.pot
	for domain in $(DOMAINS); do for language in $(LANGUAGES); do \
	    if [ -f $(TRANSLATIONS)/$$language/LC_MESSAGES/$$domain.po ]; then \
	        $(VENV)/bin/pybabel update --no-wrap --no-fuzzy-matching --ignore-obsolete --domain $$domain \
	            --input-file $(TRANSLATIONS)/$$domain.pot --output-dir $(TRANSLATIONS) --locale $$language; \
	    else \
	        $(VENV)/bin/pybabel init --no-wrap --input-file $(TRANSLATIONS)/$$domain.pot --domain $$domain \
	            --output-dir $(TRANSLATIONS) --locale $$language; \
	    fi; \
	done; done

# The static checks: the engine strictly typed (what it imports from the rest
# of the package is read, not reported), the package with [tool.mypy], and ruff
# over every Python file of the repository ([tool.ruff]).
lint: install
	$(VENV)/bin/mypy --strict --follow-imports=silent --no-warn-unused-configs scorekeeper/engine
	$(VENV)/bin/mypy
	$(VENV)/bin/ruff check .

# The documentation site (mkdocs.yml): the game pages, the import arrows and
# the export schema's page written from the code (scorekeeper/docs_pages.py,
# into the ignored docs/games/, docs/presets/ and docs/generated/), then MkDocs strict, into
# the ignored site/: a broken link or a missing page fails it (not --quiet, which
# hides the warnings strict counts: it let a broken link pass). About a second.
docs: install
	$(PYTHON) -m scorekeeper.docs_pages docs > /dev/null
	$(VENV)/bin/mkdocs build --strict

# A failing check, or docs that do not build, fails `make test` before pytest starts.
test: lint docs
	$(PYTHON) -m pytest $(PYTEST_ARGS)

# The app refuses to serve without a SECRET_KEY. Unless the environment sets
# one, `make run` keeps a random key of its own here (sign-ins survive restarts).
SECRET_KEY_FILE := instance/secret_key

$(SECRET_KEY_FILE):
	umask 077 && $(PYTHON3) -c 'import secrets; print(secrets.token_hex(32))' > $@

# Brings the database (SQLite under instance/, or DATABASE_URL) up to date, then
# writes the statistics rows of the games that have none (the migrations never
# replay a game: a migration that makes these rows anew leaves them to this).
migrate: install $(SECRET_KEY_FILE)
	$(FLASK) --app scorekeeper db upgrade
	$(FLASK) --app scorekeeper stats-refresh --missing

# The table's Wi-Fi is plain http: cookies are not marked Secure unless
# SESSION_COOKIE_SECURE=1 is set (serve over https for that). First the
# address phones at the table open (scorekeeper/web/addresses.py).
run: migrate
	$(FLASK) --app scorekeeper table-address --host $(HOST) --port $(PORT)
	SESSION_COOKIE_SECURE=$${SESSION_COOKIE_SECURE:-0} $(FLASK) --app scorekeeper run --host $(HOST) --port $(PORT)

# Production (docs/self-hosting.md): migrate, then gunicorn with
# gunicorn.conf.py (BIND, WEB_CONCURRENCY, ...). SECRET_KEY comes from the
# environment, the same on every host; no key file is made here.
serve: install
	$(FLASK) --app scorekeeper db upgrade
	$(FLASK) --app scorekeeper stats-refresh --missing
	exec $(VENV)/bin/gunicorn --config gunicorn.conf.py

# The solvers figure 1 compares with, RLCard's (pure Python) and OpenSpiel's
# (C++), are not dependencies: they go into a scratch venv of their own, made
# on the first `make bench`, whose Python bench/rlcard_gin.py runs as a child.
# Without a registry the venv is left out and their figures say "skipped".
BENCH_VENV := .venv-bench
BENCH_SOLVERS := rlcard==1.2.0 open-spiel==2.0.2
BENCH_ARGS ?=

$(BENCH_VENV)/.installed:
	$(PYTHON3) -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install $(BENCH_SOLVERS) \
		&& touch $@ || { rm -rf $(BENCH_VENV); echo "no RLCard or OpenSpiel: their figures are skipped"; }

bench: install $(BENCH_VENV)/.installed
	$(PYTHON) -m bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) $(BENCH_VENV) node_modules $(VENDOR) $(COMPILED) $(TRANSLATIONS)/*/LC_MESSAGES/*.mo site docs/games docs/presets docs/generated build dist *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache
