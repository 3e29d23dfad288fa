"""The pages' Content-Security-Policy: as tight as the app allows, the same in the pages'
meta tags, in the headers the server sends and in docs/hosting.md; the game runs under
it, and what it forbids is refused."""

from __future__ import annotations

import html
import random
import re
import urllib.request
from pathlib import Path

from playwright.sync_api import Page

from conftest import ROOT, PageProblems
from game_driver import WAITING, start, step
from hasenpfeffer_site.build_site import current_version
from hasenpfeffer_site.serve_site import QR_READER_CSP, WORKER_CSP

META = re.compile(r"""<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)">""")
PAGES = {"index.html": "*", "embed.html": "*", "demo.html": "'self'", "rules.html": "'self'"}
#: python.html carries PyScript's looser policy (docs/python-in-pages.md), served the same way.
ALL_PAGES = {**PAGES, "python.html": "'self'"}


def meta_policy(site: Path, page: str) -> str:
    match = META.search((site / page).read_text(encoding="utf-8"))
    assert match, f"{page} has no Content-Security-Policy meta tag"
    return html.unescape(match.group(1))


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        out[name] = sources
    return out


def test_the_pages_allow_no_eval_no_inline_code_and_no_form_submission(site_dir: Path) -> None:
    for page in PAGES:
        policy = directives(meta_policy(site_dir, page))
        everything = [s for sources in policy.values() for s in sources]
        assert not {"'unsafe-eval'", "'wasm-unsafe-eval'", "'unsafe-inline'"} & set(everything)
        assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"], page
        assert policy["form-action"] == ["'none'"] and policy["object-src"] == ["'none'"], page
        assert policy["default-src"] == ["'self'"] and policy["base-uri"] == ["'self'"], page


def test_the_headers_and_docs_hosting_give_the_same_policies(base_url: str, site_dir: Path) -> None:
    docs = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    for page, ancestors in ALL_PAGES.items():
        expected = f"{meta_policy(site_dir, page)}; frame-ancestors {ancestors}"
        with urllib.request.urlopen(base_url + page) as response:
            assert response.headers["Content-Security-Policy"] == expected, page
            assert response.headers["Cache-Control"] == "no-cache", page
        assert f"\n{expected}\n" in docs, f"docs/hosting.md does not give {page}'s policy"
    assert f"\n{WORKER_CSP}\n" in docs
    folder = f"{base_url}v/{current_version(site_dir)}/"
    with urllib.request.urlopen(folder + "web/engine/worker.js") as response:
        assert response.headers["Content-Security-Policy"] == WORKER_CSP
        assert "immutable" in response.headers["Cache-Control"]
    assert f"\n{QR_READER_CSP}\n" in docs
    with urllib.request.urlopen(folder + "web/together/qr-reader-worker.js") as response:
        assert response.headers["Content-Security-Policy"] == QR_READER_CSP
    # no Permissions-Policy takes the camera from the page (scanning a reply's QR code)
    with urllib.request.urlopen(base_url + "index.html") as response:
        assert "camera" not in (response.headers["Permissions-Policy"] or "")
    with urllib.request.urlopen(folder + "pyodide/pyodide.asm.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert "immutable" in response.headers["Cache-Control"]
    # its gzipped copy, which the worker decodes: a gzip file, sent as stored
    with urllib.request.urlopen(folder + "pyodide/pyodide.asm.wasm.gz") as response:
        assert response.headers["Content-Type"] == "application/gzip"
        assert response.headers["Content-Encoding"] is None
        assert "immutable" in response.headers["Cache-Control"]
    with urllib.request.urlopen(base_url + "web/embed.js") as response:
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert response.headers["Cache-Control"] == "no-cache"
    # the puzzle set: open data at a URL of its own, for any site
    with urllib.request.urlopen(base_url + "puzzles/puzzles.json") as response:
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.headers["Content-Type"] == "application/json"


# Every violation the page reports, kept in the page.
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def test_the_game_plays_under_the_policy_and_inline_styles_are_refused(
    page: Page, base_url: str, problems: PageProblems
) -> None:
    page.add_init_script(VIOLATIONS)
    start(page, base_url, "?speed=instant&bots=easy&seed=21")
    rng = random.Random(1)
    for _ in range(6):
        step(page, rng)
    page.wait_for_selector(WAITING)
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open] .ranking hp-card")
    page.keyboard.press("Escape")
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    page.keyboard.press("Escape")
    assert page.evaluate("window.__violations") == []
    # markup with a style attribute (as injected markup would carry) is not styled
    page.evaluate(
        """() => document.body.insertAdjacentHTML("beforeend",
             '<p id="probe" style="color: rgb(1, 2, 3)">x</p>')"""
    )
    page.wait_for_function("() => window.__violations.length > 0")
    assert page.evaluate("getComputedStyle(document.getElementById('probe')).color") != (
        "rgb(1, 2, 3)"
    )
    assert page.evaluate("window.__violations")[0].startswith("style-src")
    # (the refusal is logged as an error: the one this test caused)
    problems.errors[:] = [e for e in problems.errors if "inline style" not in e]
