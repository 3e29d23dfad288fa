"""A browser too old for the game gets a clear word (issue 48): each feature the start
needs, taken away from Chromium before the page's first script runs, makes the page say
in its language that the browser is too old, name what is missing and which browsers to
update to; no engine starts (no worker, so neither the runtime's 9.6 MB wasm nor the
started runtime's snapshot is downloaded: only what index.html preloads in its markup,
before any script can run) and no progress bar is left waiting. The check and the
words: web/shared/load-guard.js (its words are the catalogues': tests/test_load_guard.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from conftest import PageProblems, open_page
from hasenpfeffer_site import catalogues

ROOT = Path(__file__).resolve().parent.parent

#: Each feature the guard checks (its name in the message) → a script that takes it away.
REMOVE = {
    "JavaScript modules": "delete HTMLScriptElement.prototype.noModule",
    "WebAssembly": "delete window.WebAssembly",
    "WebAssembly.instantiateStreaming": "delete WebAssembly.instantiateStreaming",
    "WebAssembly.compileStreaming": "delete WebAssembly.compileStreaming",
    # a Worker that knows no `type` option (a classic worker only)
    "module workers": """{
      const Native = window.Worker;
      window.Worker = function (url, options) {
        return new Native(url, options ? { name: options.name } : undefined);
      };
    }""",
    "DecompressionStream": "delete window.DecompressionStream",
    "TransformStream": "delete window.TransformStream",
    "BroadcastChannel": "delete window.BroadcastChannel",
    "Intl.Collator": "delete Intl.Collator",
    "Intl.DateTimeFormat": "delete Intl.DateTimeFormat",
    "Intl.ListFormat": "delete Intl.ListFormat",
    "Intl.NumberFormat": "delete Intl.NumberFormat",
    "Intl.PluralRules": "delete Intl.PluralRules",
    "<dialog>": "delete window.HTMLDialogElement",
    "custom elements": "Object.defineProperty(window, 'customElements', { value: undefined })",
}
LANGUAGES = ("en", "it", "fy", "ar", "hi")
ALERT = "[data-load-guard] [role=alert]"


def the_page_says_too_old(page: Page, lang: str, feature: str) -> None:
    words = catalogues.read_file(lang)
    alert = page.locator(ALERT)
    alert.wait_for(timeout=20_000)
    assert alert.locator(".loader-title").text_content() == words["browser.too_old"]
    text = alert.locator(".loader-text").text_content() or ""
    before, _, after = words["browser.update"].partition("{features}")
    assert text.startswith(before) and text.endswith(after), text
    named = text[len(before) : len(text) - len(after)]
    assert named == feature, f"named {named!r}, not {feature!r}"
    assert alert.get_attribute("lang") == lang
    assert alert.get_attribute("dir") == ("rtl" if lang == "ar" else "ltr")
    assert page.evaluate("() => window.hasenpfefferMissing") == [feature]


def visit_without(
    browser: Browser, base_url: str, feature: str, address: str
) -> tuple[Page, list[str]]:
    problems = PageProblems()
    page = open_page(browser, base_url, problems)
    page.add_init_script(REMOVE[feature])
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + address)
    assert problems.external == []
    return page, requests


@pytest.mark.parametrize("feature", list(REMOVE))
def test_the_game_page_names_what_is_missing(browser: Browser, base_url: str, feature: str) -> None:
    lang = LANGUAGES[list(REMOVE).index(feature) % len(LANGUAGES)]
    page, requests = visit_without(browser, base_url, feature, f"?lang={lang}")
    try:
        the_page_says_too_old(page, lang, feature)
        page.wait_for_load_state("load")
        # nothing started: no worker, no runtime download; the bar is gone, the table idle
        assert page.evaluate("() => performance.getEntriesByName('hp-worker-started').length") == 0
        assert not [u for u in requests if u.endswith((".wasm", "runtime.snapshot"))]
        assert page.locator("#load-progress").count() == 0
        assert page.get_attribute("#table", "aria-busy") is None
        # the table's own failure path, where its modules run, says the same
        prompt = catalogues.read_file(lang)["browser.too_old"]
        page.wait_for_function(
            "text => document.getElementById('prompt').textContent === text", arg=prompt
        )
        assert page.locator(ALERT).count() == 1
        assert page.locator(".loader-title").count() == 1
    finally:
        page.context.close()


def test_the_rules_page_and_an_embed_say_it_too(browser: Browser, base_url: str) -> None:
    for address, lang in (("rules.html?lang=ar", "ar"), ("embed.html?mode=ranking&lang=hi", "hi")):
        page, requests = visit_without(browser, base_url, "WebAssembly", address)
        try:
            the_page_says_too_old(page, lang, "WebAssembly")
            page.wait_for_load_state("load")
            assert not [u for u in requests if u.endswith((".wasm", "runtime.snapshot"))]
        finally:
            page.context.close()


def test_a_current_browser_lacks_nothing(warm_page: Page) -> None:
    assert warm_page.evaluate("() => window.hasenpfefferMissing") == []
    assert warm_page.locator(ALERT).count() == 0
