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
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from axe import assert_accessible
from conftest import ROOT, PageProblems, open_page
from hasenpfeffer.cards import parse_cards
from hasenpfeffer.rules import PRESETS, hand_points, legal_plays, stake_multiplier
from test_pwa import Server, guard, read_precache, wait_offline_ready

LAYOUT = json.loads((ROOT / "web" / "rules" / "sections.json").read_text(encoding="utf-8"))
SECTIONS = [s["id"] for s in LAYOUT["sections"]]
LOAD_MS = 120_000
SHOWN_EMBEDS = (
    "[...document.querySelectorAll('hasenpfeffer-embed')].filter(e => !e.closest('[hidden]'))"
)


@pytest.fixture(scope="module")
def phone_page(browser: Browser, base_url: str) -> Iterator[tuple[Page, PageProblems]]:
    """One 360x640 page for the module's tests (each loads the address it checks): a
    visitor's second page finds the runtime's files in the browser's cache, and the
    tests are spared a cold context each. Its problems go to the current test's."""
    shared = PageProblems()
    page = open_page(browser, base_url, shared, width=360, height=640)
    yield page, shared
    page.context.close()


@pytest.fixture
def small(phone_page: tuple[Page, PageProblems], problems: PageProblems) -> Iterator[Page]:
    page, shared = phone_page
    shared.external, shared.errors = problems.external, problems.errors
    page.emulate_media(media="screen")
    page.goto("about:blank")  # each test's address a new document, not a hash's move
    yield page
    shared.external, shared.errors = [], []
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
    # the scoring table and "which cards may I play?" show the engine's answers
    check_scoring_table(frame_in(page, "scoring", "table"), "seed")
    check_which_cards(frame_in(page, "play", "which"))
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


def expected_points(call: str, tricks: int, alone: bool, defender: bool) -> dict[str, object]:
    """Each rule set's (makers, defenders) for a hand, from the rules core (None: the
    rule set cannot play such a hand)."""
    out: dict[str, object] = {}
    pepper_call = call in ("little", "big")
    bid = 6 if pepper_call else int(call)
    for name, rules in PRESETS.items():
        # pepper bidding: 1 to 5, little and big; standard bidding: 1 to 6
        callable_ = call != "6" if rules.bidding == "pepper" else not pepper_call
        if (
            not callable_
            or (alone and not rules.going_alone)
            or (defender and not rules.lone_defender)
        ):
            out[name] = None
            continue
        multiplier = stake_multiplier(call == "big", alone, defender)
        out[name] = hand_points(rules, bid, tricks, multiplier)
    return out


def shown_points(frame) -> dict[str, object]:  # type: ignore[no-untyped-def]
    cells = frame.eval_on_selector_all(
        ".scoring-table td[data-rules]",
        "els => els.map(e => [e.dataset.rules, e.dataset.side, e.dataset.points ?? null,"
        " e.textContent.trim()])",
    )
    out: dict[str, object] = {}
    for name in PRESETS:
        mine = {side: (points, text) for rules, side, points, text in cells if rules == name}
        if mine["makers"][0] is None:
            assert mine["makers"][1].startswith("—") and mine["defenders"][0] is None
            out[name] = None
        else:
            out[name] = (int(mine["makers"][0]), int(mine["defenders"][0]))
            # written as the page writes numbers: +5, 0, and a true minus sign (U+2212)
            for side, value in zip(("makers", "defenders"), out[name], strict=True):  # type: ignore[arg-type]
                text = re.sub("[\u2066-\u2069]", "", mine[side][1])  # isolates
                assert text == (
                    f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"
                )
    return out


def check_scoring_table(frame, rules: str) -> None:  # type: ignore[no-untyped-def]
    """The scoring example (bid 4, 3 tricks) and two more questions asked through its
    controls, each table the rules core's points."""
    frame.wait_for_selector(".scoring-table")
    assert shown_points(frame) == expected_points("4", 3, False, False)
    marked = frame.eval_on_selector_all(
        ".scoring-table td.current", "els => els.map(e => e.dataset.rules)"
    )
    assert marked == [rules, rules]
    frame.select_option("#scoring-call", "big")
    frame.select_option("#scoring-tricks", "5")
    frame.wait_for_selector('.scoring-result[data-call="big"][data-tricks="5"]')
    assert shown_points(frame) == expected_points("big", 5, False, False)
    frame.select_option("#scoring-call", "3")
    frame.check("#scoring-alone")
    frame.check("#scoring-defender")
    frame.wait_for_selector(
        '.scoring-result[data-call="3"][data-alone="true"][data-defender="true"]'
    )
    assert shown_points(frame) == expected_points("3", 5, True, True)


def toggle(frame, card: str, pressed: bool) -> None:  # type: ignore[no-untyped-def]
    """Click a card of the exercise's hand and wait until the page has taken it (its
    ``aria-pressed``): the next click must not race it. A click that changed nothing
    in 5 s is sent once more (in a clean-clone run on a loaded two-core machine,
    WebKit's exercise never reached its verdict 30 s after its clicks; the state of
    every card is what the verdict then checks)."""
    selector = f'.hand-card[data-card="{card}"]'
    wanted = f'{selector}[aria-pressed="{str(pressed).lower()}"]'
    for attempt in (1, 2):
        frame.click(selector)
        try:
            frame.wait_for_selector(wanted, state="attached", timeout=5_000)
            return
        except Exception:
            if attempt == 2:
                raise


def check_which_cards(frame) -> None:  # type: ignore[no-untyped-def]
    """The reader marks a wrong set, then the right one: the verdicts and the legal
    cards are the rules core's."""
    frame.wait_for_selector(".mode-legal .hand-card")
    trump = frame.eval_on_selector(".mode-legal", "e => e.dataset.trump")
    lead = frame.eval_on_selector(".mode-legal", "e => e.dataset.lead")
    hand = frame.eval_on_selector_all(".hand-card", "els => els.map(e => e.dataset.card)")
    legal = [str(c) for c in legal_plays(parse_cards(" ".join(hand)), parse_cards(lead), trump)]
    wrong = [c for c in hand if c not in legal][:1]
    for card in wrong:
        toggle(frame, card, True)
    frame.click("button.check")
    frame.wait_for_selector('.feedback[data-verdict="wrong"]')
    said = frame.eval_on_selector_all(
        ".reasons li", "els => els.filter(e => e.dataset.legal === 'true').map(e => e.dataset.card)"
    )
    assert sorted(said) == sorted(legal)
    assert all(
        text.strip()
        for text in frame.eval_on_selector_all(".reasons li", "els => els.map(e => e.textContent)")
    )
    for card in wrong:
        toggle(frame, card, False)
    for card in legal:
        toggle(frame, card, True)
    frame.click("button.check")
    frame.wait_for_selector('.feedback[data-verdict="right"]')
    assert frame.evaluate("document.documentElement.scrollWidth") <= frame.evaluate("innerWidth")


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
    # and the live scoring table follows the switch
    frame = frame_in(page, "scoring", "table")
    frame.wait_for_function(
        "() => [...document.querySelectorAll('.scoring-table td.current')]"
        ".every(e => e.dataset.rules === 'traditional')"
        " && document.querySelectorAll('.scoring-table td.current').length === 2"
    )
    # the address keeps the choice
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.input_value("[data-ruleset-switch]") == "traditional"
    assert not page.is_visible(lone)


def test_the_rule_sets_numbers_follow_the_switch_and_read_right_to_left(
    small: Page, base_url: str
) -> None:
    # the numbers are the engine's for the chosen rule set (web/shared/vocabulary.js):
    # the stakes' list changes with the switch, each number its own left-to-right
    # isolate, so the Arabic "or" between them stays in the sentence's direction
    page = small
    open_rules(page, f"{base_url}rules.html?lang=ar&rules=seed-pepper#scoring")
    stakes = "#scoring div:not([hidden]) > p [data-number='stakes']"
    numbers = f'[...document.querySelectorAll("{stakes} .num")].map(e => e.textContent)'
    assert page.evaluate(numbers) == ["1", "2", "4", "8"]
    assert "أو" in page.inner_text(stakes)
    page.select_option("[data-ruleset-switch]", "pepper")
    assert page.evaluate(numbers) == ["1", "2"]
    # Frisian's "or" (its browser data has none: Dutch's, as Frisian writes it)
    open_rules(page, f"{base_url}rules.html?lang=fy&rules=seed-pepper#scoring")
    assert page.inner_text(stakes).split() == ["1,", "2,", "4", "of", "8"]
    open_rules(page, f"{base_url}rules.html?lang=ar&rules=pepper#scoring")
    # the rule-set table's cells are the engine's for each column
    cell = page.eval_on_selector(
        '#rulesets td[data-preset="pepper"][data-value]', "e => e.dataset.value"
    )
    assert cell == "pepper"  # the first row: pepper bidding
    # a recorded hand of the default rules says so under another rule set, not under its own
    note = '[data-example="dealing/hand"] [data-played-under="seed"]'
    assert page.is_visible(note)
    page.select_option("[data-ruleset-switch]", "seed")
    assert not page.is_visible(note)


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
    assert snippet.count("<hasenpfeffer-embed") == 4
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
        "select",
        "input",
        "iframe",
    ):
        assert (
            page.eval_on_selector_all(
                hidden, "els => els.filter(e => e.getClientRects().length).length"
            )
            == 0
        ), hidden
    # each trick example, and the seeded "which cards may I play?", is printed as its position
    shown = "els => els.filter(e => e.getClientRects().length)"
    diagrams = page.eval_on_selector_all("#play .diagram", f"els => ({shown})(els).length")
    assert diagrams == 4
    which = page.eval_on_selector_all(
        '[data-example="play/which"] .diagram [data-card]',
        f"els => ({shown})(els).map(e => e.dataset.card)",
    )
    (example,) = [e for s in LAYOUT["sections"] for e in s["examples"] if e["id"] == "which"]
    position = example["diagram"]
    assert which == [position["lead"], *position["hand"].split()]
    # the ranking is printed suit by suit, strongest first, as sections.json holds it
    # (tests/test_rules_page_texts.py holds that to the engine's order)
    for section in ("deck", "ranking"):
        order = page.eval_on_selector_all(
            f'[data-example="{section}/ranking"] .diagram dd',
            f"els => ({shown})(els).map(d => [...d.querySelectorAll('[data-card]')]"
            ".map(e => e.dataset.card).join(' '))",
        )
        (example,) = [
            e
            for s in LAYOUT["sections"]
            if s["id"] == section
            for e in s["examples"]
            if e["id"] == "ranking"
        ]
        assert order == example["diagram"], section
    # the scoring table is printed as a plain table
    assert page.eval_on_selector_all("#scoring table.scores", f"els => ({shown})(els).length") == 1
    # no caption of a live example without its diagram (it would point at nothing)
    printed = page.eval_on_selector_all(
        "figure.example",
        f"els => ({shown})(els).map(f => [f.dataset.example, !!f.querySelector('.diagram')])",
    )
    assert printed and all(has for _, has in printed), printed
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
