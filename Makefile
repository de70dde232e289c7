# Scorekeeper: `make run` serves the app, `make test` runs the tests,
# `make bench` times the engine. Each installs into .venv first when needed.

PYTHON3 ?= python3
VENV := .venv
PYTHON := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
FLASK := $(VENV)/bin/flask
# Touched after a successful install; re-installs only when pyproject.toml is newer.
INSTALLED := $(VENV)/.installed

HOST ?= 0.0.0.0
PORT ?= 5000
PYTEST_ARGS ?=

.PHONY: venv install test run migrate bench clean

venv: $(PYTHON)

install: $(INSTALLED)

# A venv left half-made (e.g. no ensurepip on Debian) is removed, so the next
# run starts over instead of trusting it.
$(PYTHON):
	$(PYTHON3) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }

$(INSTALLED): pyproject.toml | $(PYTHON)
	$(PIP) install -e '.[test]'
	touch $@

test: install
	$(PYTHON) -m pytest $(PYTEST_ARGS)

# Brings the database (SQLite under instance/, or DATABASE_URL) up to date.
migrate: install
	$(FLASK) --app scorekeeper db upgrade

run: migrate
	$(FLASK) --app scorekeeper run --host $(HOST) --port $(PORT)

bench: install
	$(PYTHON) -m bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .mypy_cache
