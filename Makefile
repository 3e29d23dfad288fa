# Hasenpfeffer: developer and CI entry points.
#   make play   - terminal game against computer players
#   make test   - ruff, mypy --strict, wheel build, pytest (incl. the Pyodide check)
#   make bench  - engine speed, compared with OpenSpiel's euchre (not part of test)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python

# Stamps live inside the directories they describe, so deleting the directory
# also forgets the stamp.
VENV_STAMP      := $(VENV)/.dev-installed.stamp
OPENSPIEL_STAMP := $(VENV)/.openspiel-installed.stamp
NODE_STAMP      := node_modules/.npm-ci.stamp

export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PIP_NO_INPUT := 1
export npm_config_fund := false
export npm_config_audit := false
export npm_config_update_notifier := false

.PHONY: venv node_modules lint wheel test play bench clean

venv: $(VENV_STAMP)

$(VENV_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade "pip>=24,<27"
	$(PY) -m pip install -e ".[dev]"
	touch $@

node_modules: $(NODE_STAMP)

$(NODE_STAMP): package-lock.json package.json
	npm ci
	touch $@

lint: venv
	$(VENV)/bin/ruff check engine tests
	$(VENV)/bin/ruff format --check engine tests
	$(VENV)/bin/mypy

wheel: venv
	rm -rf dist build engine/*.egg-info
	$(PY) -m build --wheel --outdir dist .

test: venv node_modules wheel
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest

play: venv
	$(PY) -m hasenpfeffer play

$(OPENSPIEL_STAMP): $(VENV_STAMP)
	$(PY) -m pip install -e ".[dev,openspiel]"
	touch $@

bench: venv $(OPENSPIEL_STAMP)
	$(PY) -m hasenpfeffer bench --vs-openspiel

clean:
	rm -rf $(VENV) node_modules dist build engine/*.egg-info site \
		.mypy_cache .ruff_cache .pytest_cache .hypothesis
	find engine tests -name __pycache__ -type d -prune -exec rm -rf {} +
