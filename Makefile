# Hasenpfeffer: developer and CI entry points.
#   make play           - the web app: build the site, serve it on http://127.0.0.1:8000
#   make test           - ruff, mypy --strict, eslint (web/ against the supported browsers), wheel build, pytest (engine, engine tests inside
#                         Pyodide, browser e2e)
#   make play-terminal  - terminal game against computer players
#   make chromium       - Debian's browsers for the e2e tests (Chromium, Firefox ESR, WebKitGTK), when missing
#   make bench          - engine speed, compared with OpenSpiel's euchre (not part of test)
#   make bench-web      - browser start-up, bot timings, embed, offline-app, Python-page and learning-tool figures
#                         in headless Chromium (not part of test)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
CHROMIUM := /usr/bin/chromium

# Stamps live inside the directories they describe, so deleting the directory
# also forgets the stamp.
VENV_STAMP      := $(VENV)/.dev-installed.stamp
OPENSPIEL_STAMP := $(VENV)/.openspiel-installed.stamp
NODE_STAMP      := node_modules/.npm-ci.stamp
PYODIDE_WHEELS  := .cache/pyodide-wheels
PYODIDE_WHEELS_STAMP := $(PYODIDE_WHEELS)/.downloaded.stamp

# Our own Python, each folder as a whole: the engine, the developer tools and the site's
# build (devtools/), the tests and the benchmark commands (scripts/).
PY_DIRS := engine devtools tests e2e scripts

export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PIP_NO_INPUT := 1
export npm_config_fund := false
export npm_config_audit := false
export npm_config_update_notifier := false

.PHONY: venv node_modules pyodide-wheels chromium lint lint-web wheel site test play play-terminal bench bench-web clean

venv: $(VENV_STAMP)

$(VENV_STAMP): pyproject.toml devtools/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade "pip>=24,<27"
	$(PY) -m pip install -e ".[dev]" -e "./devtools[dask]"
	touch $@

node_modules: $(NODE_STAMP)

$(NODE_STAMP): package-lock.json package.json
	npm ci
	touch $@

# pytest, hypothesis and their dependencies for running the engine's tests inside
# Pyodide 314 (tests/pyodide_pytest.mjs), pinned to the versions the venv uses.
# hypothesis has no pure wheel: take its build for Pyodide's ABI (pyemscripten_2026_0).
pyodide-wheels: $(PYODIDE_WHEELS_STAMP)

$(PYODIDE_WHEELS_STAMP): $(VENV_STAMP) Makefile
	rm -rf $(PYODIDE_WHEELS)
	$(PY) -m pip download --only-binary=:all: --python-version 3.14 --platform any --no-deps \
		-d $(PYODIDE_WHEELS) pytest==9.2.0 pluggy==1.7.0 iniconfig==2.3.1 packaging==26.4 \
		pygments==2.21.0 sortedcontainers==2.4.0
	$(PY) -m pip download --only-binary=:all: --python-version 3.14 --implementation cp \
		--abi cp314 --platform pyemscripten_2026_0_wasm32 --no-deps \
		-d $(PYODIDE_WHEELS) hypothesis==6.170.17
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download browsers here),
# and a Devanagari font so that Hindi text renders (the e2e screenshots per language);
# for the cross-engine journeys (e2e/test_engines.py), Firefox ESR (driven over the
# WebDriver BiDi it serves itself) and WebKitGTK's WebDriver with its MiniBrowser, run
# under Xvfb. No browser build is downloaded: these are Debian's.
BROWSER_DEBS := chromium fonts-lohit-deva firefox-esr webkit2gtk-driver xvfb
chromium:
	@missing=""; for p in $(BROWSER_DEBS); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" != 0 ]; then \
			echo "make chromium: missing Debian packages:$$missing; as root run: apt-get update && apt-get install -y$$missing" >&2; \
			exit 1; \
		fi; \
		echo "installing Debian packages:$$missing (apt-get)"; \
		apt-get update -qq; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

lint: venv lint-web
	$(VENV)/bin/ruff check $(PY_DIRS)
	$(VENV)/bin/ruff format --check $(PY_DIRS)
	$(VENV)/bin/mypy

# web/ against the supported browsers (README.md; package.json's browserslist):
# eslint with eslint-plugin-compat (eslint.config.mjs), from node_modules, offline.
lint-web: node_modules
	BROWSERSLIST_IGNORE_OLD_DATA=1 node_modules/.bin/eslint --max-warnings 0 web

wheel: venv
	rm -rf dist build engine/*.egg-info
	$(PY) -m build --wheel --outdir dist .
	$(PY) -m hasenpfeffer_site.wheel_comments dist/hasenpfeffer-*.whl

# The static web app (git-ignored): index.html, web/, pyodide/, engine/<wheel>, python.html,
# pyscript/ (micropip's wheel is downloaded once from PyPI into .cache/site-wheels/).
site: venv node_modules wheel
	$(PY) -m hasenpfeffer_site.build_site --out site

test: venv node_modules pyodide-wheels wheel chromium
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest

play: site
	$(PY) -m hasenpfeffer_site.serve_site --dir site --port $(PORT)

play-terminal: venv
	$(PY) -m hasenpfeffer play

$(OPENSPIEL_STAMP): $(VENV_STAMP)
	$(PY) -m pip install -e ".[dev,openspiel]"
	touch $@

bench: venv $(OPENSPIEL_STAMP)
	$(PY) -m hasenpfeffer bench --vs-openspiel

bench-web: site chromium
	$(PY) scripts/bench_web.py --site site
	$(PY) scripts/bench_embed.py --site site
	$(PY) scripts/bench_pwa.py --site site
	$(PY) scripts/bench_python_page.py --site site
	$(PY) scripts/bench_learn.py --site site

clean:
	rm -rf $(VENV) node_modules .cache dist build engine/*.egg-info devtools/*.egg-info site \
		.mypy_cache .ruff_cache .pytest_cache .hypothesis
	find engine devtools tests e2e scripts -name __pycache__ -type d -prune -exec rm -rf {} +
