"""The web app's build and what the browser tests and benchmarks share with it, run from
a checkout and never shipped in the engine's wheel:

- ``build_site``: the static site (``python -m hasenpfeffer_site.build_site --out site``,
  ``make site``), with ``python_page`` (PyScript and micropip for python.html),
  ``wheel_bytecode`` (the site's wheel compiled inside Pyodide by ``in_pyodide.mjs``),
  ``engine_snapshot.mjs`` (the started runtime), ``worker_bundle`` (the engine worker's
  modules joined into the site's one worker.js) and, last, ``pwa_build`` (manifest,
  icons drawn by ``svg_raster``, the service worker);
- ``wheel_comments``: the engine wheel without its comments (``make wheel``);
- ``catalogues``: the one reader of the message catalogues (the build and the tests);
- ``serve_site``: the local server with the headers a host sends (``make play``, the
  browser tests, the benchmarks);
- ``browser``: how the browser tests and the benchmarks start Debian's Chromium.

It reads the checkout it is installed from (``web/``, ``index.html``,
``node_modules/``, ``dist/``), so it is installed editable: ``pip install -e
./devtools`` (``make venv``)."""

from __future__ import annotations

from pathlib import Path

#: The checkout: this package lives in its devtools/ folder.
ROOT = Path(__file__).resolve().parent.parent.parent
