"""web/shared/load-guard.js: the game page's guard against modules that fail to download
(its behaviour in Chromium: e2e/test_startup.py). It runs before any module, so it
carries its own words: each copied from the language's catalogue, never written anew."""

from __future__ import annotations

import re
from pathlib import Path

from hasenpfeffer_site import catalogues

ROOT = Path(__file__).resolve().parent.parent

GUARD = ROOT / "web" / "shared" / "load-guard.js"
#: The guard's word → the catalogue key it is copied from.
KEYS = {
    "title": "prompt.load_failed",
    "retry": "loader.retry",
    "old": "browser.too_old",
    "update": "browser.update",
}
ENTRY = re.compile(r"^\s+([a-z]{2}): \{(.*)\},$", re.M)
FIELD = re.compile(r'(\w+): "([^"]*)"')


def guard_words() -> dict[str, dict[str, str]]:
    text = GUARD.read_text(encoding="utf-8")
    return {code: dict(FIELD.findall(body)) for code, body in ENTRY.findall(text)}


def test_the_guard_speaks_every_language_in_the_catalogues_own_words() -> None:
    words = guard_words()
    assert sorted(words) == sorted(catalogues.codes())
    for code, fields in words.items():
        catalogue = catalogues.read_file(code)
        for field, key in KEYS.items():
            assert fields[field] == catalogue[key], (code, field)
        # the advice has no catalogue key: English only, and said in English
        assert ("advice" in fields) == (code == "en"), code


def test_the_guard_reads_the_stored_language_where_i18n_stores_it() -> None:
    i18n = (ROOT / "web" / "shared" / "i18n.js").read_text(encoding="utf-8")
    (stored,) = re.findall(r'export const STORAGE_KEY = "([^"]+)"', i18n)
    assert f'var LANGUAGE_KEY = "{stored}";' in GUARD.read_text(encoding="utf-8")


#: The pages with a static loading state (their URLs are written for the site's root).
GUARDED = ("index.html", "web/rules/rules.html", "web/embed/embed.html")


#: The one classic script a page may have after the guard: index.html's worker starter
#: (web/engine/early.js, no module: it starts no worker in a browser the guard found too
#: old; a failed download of it only means the page's engine client starts the worker).
EARLY = {"index.html": '<script src="web/engine/early.js">'}
#: The guard is the head's first script, parser-blocking (not deferred): it must have
#: checked the browser before early.js starts a worker.
GUARD_TAG = '<script src="web/shared/load-guard.js?v={{APP_VERSION}}">'


def test_the_pages_load_the_guard_first_of_their_scripts() -> None:
    for name in GUARDED:
        page = (ROOT / name).read_text(encoding="utf-8")
        scripts = re.findall(r"<script\b[^>]*>", page)
        assert scripts[0] == GUARD_TAG, name
        scripts = scripts[1:]
        if name in EARLY:
            assert scripts[0] == EARLY[name], (name, scripts)
            scripts = scripts[1:]
        assert all('type="module"' in s for s in scripts), (name, scripts)
        # before any style sheet: a classic script after one waits for the sheet
        head = page[: page.index("</head>")]
        assert head.index(GUARD_TAG) < head.find('rel="stylesheet"'), name
        assert len(re.findall(r"\bdata-load-guard[\s>]", page)) == 1, name
