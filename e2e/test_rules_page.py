"""rules.html: the complete rules in five languages with live examples (issue 30).

Each language at 360x640: its sections in order with a table of contents, every
example shown answered by the engine, the text's trumps the ranking example's, no
horizontal scroll, axe clean, right to left in Arabic; no request leaves the origin
and nothing is logged as an error (the ``open_page`` guard). Then the rule-set switch,
a section's link, the print handout (no controls, the examples as diagrams), the link
from demo.html, and the page offline after one visit (its own precache group).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from axe import assert_accessible
from conftest import ROOT, PageProblems, open_page
from test_pwa import Server, guard, read_precache, wait_offline_ready

LAYOUT = json.loads((ROOT / "web" / "rules" / "sections.json").read_text(encoding="utf-8"))
SECTIONS = [s["id"] for s in LAYOUT["sections"]]
LOAD_MS = 120_000
SHOWN_EMBEDS = (
    "[...document.querySelectorAll('hasenpfeffer-embed')].filter(e => !e.closest('[hidden]'))"
)


@pytest.fixture
def small(browser: Browser, base_url: str, problems: PageProblems) -> Iterator[Page]:
    page = open_page(browser, base_url, problems, width=360, height=640)
    yield page
    page.context.close()
    assert problems.external == [], f"requests left the origin: {problems.external}"
    assert problems.errors == [], f"the page reported errors: {problems.errors}"


def open_rules(page: Page, address: str) -> None:
    page.goto(address)
    page.wait_for_selector("html[data-ready]", timeout=LOAD_MS)
    page.wait_for_function(
        f"() => {SHOWN_EMBEDS}.every(e => e.dataset.state === 'ready')", timeout=LOAD_MS
    )


def frame_in(page: Page, section: str, example: str):  # type: ignore[no-untyped-def]
    handle = page.locator(f'[data-example="{section}/{example}"] hasenpfeffer-embed')
    frame = handle.element_handle().evaluate_handle("e => e.shadowRoot.querySelector('iframe')")
    return frame.as_element().content_frame()  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "it", "fy", "ar", "hi"])
def test_each_language_reads_whole_with_live_examples(
    small: Page, base_url: str, lang: str
) -> None:
    open_rules(small, f"{base_url}rules.html?lang={lang}")
    page = small
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
    # the sections in order, each linked from the contents
    ids = page.eval_on_selector_all("main > section", "els => els.map(e => e.id)")
    assert ids == SECTIONS
    toc = page.eval_on_selector_all(".toc a", "els => els.map(a => a.getAttribute('href'))")
    assert toc == [f"#{s}" for s in SECTIONS]
    # the examples speak the page's language, and the ranking is the one the text states
    frame = frame_in(page, "ranking", "ranking")
    assert frame.evaluate("document.documentElement.lang") == lang
    shown = frame.eval_on_selector_all("li[data-card]", "els => els.map(e => e.dataset.card)")
    claimed = page.eval_on_selector_all(
        '[data-claim="order trump=H"] [data-card]', "els => els.map(e => e.dataset.card)"
    )
    assert shown[:8] == claimed and len(claimed) == 8
    # the page's own words are this language's (no English left but in English)
    if lang != "en":
        assert "The rules of Hasenpfeffer" not in page.inner_text("main")
    # nothing wider than a phone's screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # cards stay left to right inside right-to-left text
    directions = page.eval_on_selector_all(
        "main .card[dir]", "els => [...new Set(els.map(e => getComputedStyle(e).direction))]"
    )
    assert directions == ["ltr"]
    assert_accessible(page, f"rules.html?lang={lang}")


def test_the_rule_set_switch_shows_each_sets_rules(small: Page, base_url: str) -> None:
    page = small
    open_rules(page, f"{base_url}rules.html?lang=it#alone")
    lone = '#alone div[data-rules="seed seed-pepper"]'
    none = '#alone div[data-rules="traditional pepper"]'
    assert page.is_visible(lone) and not page.is_visible(none)
    page.select_option("[data-ruleset-switch]", "traditional")
    assert not page.is_visible(lone) and page.is_visible(none)
    assert "rules=traditional" in page.url and "lang=it" in page.url
    # the scoring table's column of the chosen rule set is the one marked
    marked = page.eval_on_selector_all(
        ".scores th.current", "els => els.map(e => e.dataset.preset)"
    )
    assert marked == ["traditional"]
    # the address keeps the choice
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.input_value("[data-ruleset-switch]") == "traditional"
    assert not page.is_visible(lone)


def test_a_section_link_opens_the_section_and_the_snippet_is_ready(
    small: Page, base_url: str
) -> None:
    page = small
    open_rules(page, f"{base_url}rules.html?lang=ar#bidding")
    top = page.evaluate("document.querySelector('#bidding').getBoundingClientRect().top")
    assert abs(top) < 5
    page.click("#play details.use summary")
    link = page.get_attribute("#play details.use a", "href")
    assert link == f"{base_url}rules.html?lang=ar#play"
    snippet = page.inner_text("#play details.use pre")
    assert snippet.startswith(f'<script type="module" src="{base_url}web/embed.js"></script>')
    assert snippet.count("<hasenpfeffer-embed") == 3
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#play details.use button[data-copy]")
    assert page.evaluate("navigator.clipboard.readText()") == snippet
    assert page.inner_text("#play details.use button[data-copy]") == "نُسخ"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_print_handout_has_no_controls(small: Page, base_url: str, tmp_path: Path) -> None:
    page = small
    open_rules(page, f"{base_url}rules.html?lang=hi")
    page.emulate_media(media="print")
    for hidden in (
        "[data-lang-switch]",
        "[data-ruleset-switch]",
        "details.use",
        "hasenpfeffer-embed",
        "button",
    ):
        assert (
            page.eval_on_selector_all(
                hidden, "els => els.filter(e => e.getClientRects().length).length"
            )
            == 0
        ), hidden
    # each trick example is printed as its position
    diagrams = page.eval_on_selector_all(
        "#play .diagram", "els => els.filter(e => e.getClientRects().length).length"
    )
    assert diagrams == 3
    assert (
        page.evaluate("getComputedStyle(document.querySelector('#bidding')).breakBefore") == "page"
    )
    out = ROOT / "test-artifacts" / "rules"
    out.mkdir(parents=True, exist_ok=True)
    page.pdf(path=str(out / "rules-hi.pdf"))
    assert (out / "rules-hi.pdf").stat().st_size > 10_000


def test_the_demo_page_links_to_the_rules(page: Page, base_url: str) -> None:
    page.goto(base_url + "demo.html")
    page.click('a[href="rules.html"]')
    page.wait_for_selector("html[data-ready]", timeout=LOAD_MS)
    assert page.url.startswith(base_url + "rules.html")


def test_the_games_rules_dialog_links_each_section_to_the_full_rules(
    page: Page, base_url: str
) -> None:
    # Italian, traditional rules: each heading of the game's rules dialog links to its
    # section of the full rules, in that language and rule set
    page.goto(base_url + "?lang=it&preset=traditional&speed=instant")
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_MS)
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open] .ranking hp-card")
    links = page.eval_on_selector_all(
        "#rules-dialog .full-rules a",
        "els => els.map(a => [a.getAttribute('href'), a.getAttribute('aria-label'),"
        " a.textContent])",
    )
    hrefs = [href for href, _, _ in links]
    assert "rules.html?lang=it&rules=traditional#bidding" in hrefs, hrefs
    assert "rules.html?lang=it&rules=traditional#ranking" in hrefs, hrefs
    # one accessible name each (the visible words are the same): the section's name first
    labels = [label for _, label, _ in links]
    assert len(set(labels)) == len(labels) and all(text == "Regole complete" for *_, text in links)
    bidding = page.locator('#rules-dialog .full-rules a[href$="#bidding"]')
    assert bidding.get_attribute("aria-label").startswith("L'asta")  # type: ignore[union-attr]
    bidding.click()
    page.wait_for_selector("html[data-ready]", timeout=LOAD_MS)
    assert page.url == base_url + "rules.html?lang=it&rules=traditional#bidding"
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.is_visible("#bidding")


def test_the_rules_work_offline_after_one_visit(
    browser: Browser, site_dir: Path, problems: PageProblems
) -> None:
    precache = read_precache(site_dir)
    # the page's own files are a group of their own: the game's install leaves them out
    assert "rules.html" in precache["groups"]["rules"]
    assert any(p.endswith("web/rules/texts/ar.json") for p in precache["groups"]["rules"])
    server = Server()
    server.start(site_dir)
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        context.set_default_timeout(20_000)
        guard(context, server.url, problems)
        page = context.new_page()
        open_rules(page, f"{server.url}rules.html?lang=fy")
        wait_offline_ready(page)
        server.stop()
        page.reload()
        open_rules(page, f"{server.url}rules.html?lang=fy#play")
        frame = frame_in(page, "play", "bower")
        frame.click('button[data-card="9H"]')
        frame.wait_for_selector('[data-verdict="legal"]', timeout=LOAD_MS)
    finally:
        context.close()
        server.stop()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors
