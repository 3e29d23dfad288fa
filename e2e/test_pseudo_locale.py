"""A pseudo-locale through every component of the game page and every embed mode.

The pseudo-locale exists only here (never offered to players): English's catalogue
with every letter replaced (Hebrew letters: right-to-left text; an accented Latin
variant exists for left to right), each text 40 % longer, and the placeholders of a
message in reverse order (odd positions: "{bid} ... {seat}"). The test serves it in
place of the Arabic catalogue (the page's own `lang`, `dir`, plural and number code
run unchanged, right to left) and walks the game page
(bidding with the first-game tip, a hint, the rules, the shortcuts, the settings,
the new-game question, the link notice, play, the last trick, a hand's summary,
the end of a game, a saved game kept aside), at a desktop and a phone size, and
the four embed modes. It fails on:

- text cut or overflowing: a text container whose content is wider than its box
  (``scrollWidth > clientWidth``), or text outside the viewport;
- English hard-coded in the code: a visible text node with a word of ASCII
  letters (the catalogue has none left; proper names and notation are listed);
- a placeholder left unfilled.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Frame, Page, Route

from conftest import PageProblems
from game_driver import LOAD_TIMEOUT_MS, WAITING, phase, step
from hasenpfeffer_site import catalogues
from test_embed import (  # noqa: F401  (fixtures shared with test_embed.py)
    HPN,
    LOAD_MS,
    game,
    host,
    host_dir,
    host_page,
    wait_all,
)

ROOT = Path(__file__).resolve().parent.parent
TOKEN = re.compile(r"(\{\w+\}|<[^>]+>)")

LTR_LETTERS = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
        strict=True,
    )
)
HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
RTL_LETTERS = {c: HEBREW[i % len(HEBREW)] for i, c in enumerate("abcdefghijklmnopqrstuvwxyz")}
RTL_LETTERS |= {c.upper(): h for c, h in RTL_LETTERS.items()}

#: Words of ASCII letters the page may show in any language: the game's and the
#: runtime's names, and the names of the address's values (a link's notice quotes
#: "colours=9" as it was written).
ALLOWED_WORDS = {"Hasenpfeffer", "Pyodide", "HPN", "colours"}


def english() -> dict[str, Any]:
    return catalogues.messages("en")


def longer(text: str, letters: dict[str, str]) -> str:
    """A text segment with its letters replaced and 40 % longer (whole words added)."""
    shown = "".join(letters.get(c, c) for c in text)
    words = re.findall(r"\w+", shown)
    if not words:
        return shown
    extra, pad = math.ceil(0.4 * len(text)), ""
    while len(pad) < extra:
        pad += " " + words[len(pad) % len(words)]
    return shown.rstrip() + pad + (" " if text.endswith(" ") else "")


def pseudo_text(value: str, letters: dict[str, str], markup: bool) -> str:
    parts = [p for p in TOKEN.split(value) if p]
    if not markup:  # placeholders in odd positions: the message's parts in reverse order
        parts.reverse()
    return "".join(p if TOKEN.fullmatch(p) else longer(p, letters) for p in parts)


def pseudo_messages(rtl: bool) -> dict[str, Any]:
    letters = RTL_LETTERS if rtl else LTR_LETTERS
    out: dict[str, Any] = {}
    for key, value in english().items():
        markup = key.endswith("_html")
        if isinstance(value, dict):
            out[key] = {form: pseudo_text(v, letters, markup) for form, v in value.items()}
        else:
            out[key] = pseudo_text(value, letters, markup)
    return out


def pseudo_catalogue(rtl: bool) -> str:
    """The pseudo-locale as a catalogue file (web/shared/locales/<code>.json)."""
    return catalogues.dump(catalogues.unfold(pseudo_messages(rtl)))


def test_the_pseudo_catalogue_is_what_it_says() -> None:
    """Longer, no ASCII word left, every placeholder kept (and moved)."""
    en = english()
    plurals = {key for key, value in en.items() if isinstance(value, dict)}
    ltr = catalogues.fold(json.loads(pseudo_catalogue(False)), plurals)
    rtl = catalogues.fold(json.loads(pseudo_catalogue(True)), plurals)
    assert set(ltr) == set(en) == set(rtl)
    assert ltr["a11y.bid"].startswith(".{bid}") and ltr["a11y.bid"].endswith("{seat}")
    for cat in (ltr, rtl):
        for key, value in en.items():
            forms = value if isinstance(value, dict) else {"": value}
            shown = cat[key] if isinstance(value, dict) else {"": cat[key]}
            for form, text in forms.items():
                assert sorted(re.findall(r"\{\w+\}", shown[form])) == sorted(
                    re.findall(r"\{\w+\}", text)
                ), key
                plain = re.sub(r"\{\w+\}|<[^>]+>", "", shown[form])
                assert not re.search(r"[A-Za-z]{2,}", plain), (key, plain)
                letters = re.sub(r"\{\w+\}|<[^>]+>", "", text)
                if re.search(r"[A-Za-z]{3}", letters):
                    assert len(plain) >= 1.3 * len(letters), key
    assert re.search(f"[{HEBREW}]", rtl["prompt.play"]) and "{" not in rtl["prompt.play"]


# ---- what a screen shows --------------------------------------------------------------

CHECK = """(allowed) => {
  const out = { overflow: [], outside: [], english: [], placeholders: [] };
  const vw = document.documentElement.clientWidth;
  const ownText = (el) =>
    [...el.childNodes]
      .filter((n) => n.nodeType === 3 && n.data.trim())
      .map((n) => n.data)
      .join(" ");
  const shown = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || e.hidden) return false;
      if (e.tagName === "DIALOG" && !e.open) return false;
      // for screen readers only (.visually-hidden: a 1 px clipped box)
      const box = e.getBoundingClientRect();
      if ((box.width <= 1 || box.height <= 1) && cs.overflow !== "visible") return false;
    }
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2;
  };
  const name = (el) => {
    const id = el.id ? "#" + el.id : "";
    const classes = typeof el.className === "string" ? el.className.trim() : "";
    const cls = classes ? "." + classes.split(/\\s+/).join(".") : "";
    return el.tagName.toLowerCase() + id + cls;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (["SCRIPT", "STYLE", "TEMPLATE", "KBD", "OPTION"].includes(el.tagName)) continue;
    const text = ownText(el);
    if (!text || !shown(el)) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const what = `${name(el)}: ${text.trim().slice(0, 60)}`;
    if (cs.display !== "inline" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      out.overflow.push(`${what} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (r.right > vw + 1 || r.left < -1) {
      out.outside.push(`${what} (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`);
    }
    // words of ASCII letters (a token with digits is a number or a version, not a word)
    for (const token of text.match(/[A-Za-z0-9]+/g) ?? []) {
      if (/\\d/.test(token) || !/[A-Za-z]{2}/.test(token) || allowed.includes(token)) continue;
      out.english.push(`${what} [${token}]`);
    }
    if (/\\{\\w+\\}/.test(text)) out.placeholders.push(what);
  }
  return out;
}"""

SIZES = {"desktop": (1280, 800), "phone": (360, 740)}


def settle(target: Page | Frame) -> None:
    # two frames painted (a frame scrolled out of view gets none: then a short wait)
    target.evaluate(
        "() => new Promise((r) => {"
        " requestAnimationFrame(() => requestAnimationFrame(r)); setTimeout(r, 200); })"
    )


class Findings:
    """Every problem seen, by where it was seen; one assertion at the end."""

    def __init__(self) -> None:
        self.seen: dict[str, list[str]] = {}
        self.places: list[str] = []

    def check(self, target: Page | Frame, where: str) -> None:
        settle(target)
        out: dict[str, list[str]] = target.evaluate(CHECK, sorted(ALLOWED_WORDS))
        self.places.append(where)
        for kind, items in out.items():
            for item in items:
                self.seen.setdefault(f"{kind}: {item}", []).append(where)

    def check_sizes(self, page: Page, where: str) -> None:
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            self.check(page, f"{where} ({size})")
        page.set_viewport_size({"width": 1280, "height": 800})

    def report(self) -> list[str]:
        return [f"{problem} — at {', '.join(places[:3])}" for problem, places in self.seen.items()]


def pseudo_context(
    browser: Browser, allowed: tuple[str, ...], problems: PageProblems, rtl: bool
) -> BrowserContext:
    """A context whose catalogue for Frisian (left to right) or Arabic (right to
    left) is the pseudo-locale (no service worker: every request is seen here)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.set_default_timeout(20_000)

    def abort(route: Route) -> None:
        problems.external.append(route.request.url)
        route.abort()

    body = pseudo_catalogue(rtl)
    code = "ar" if rtl else "fy"

    def serve(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json; charset=utf-8", body=body)

    context.route(lambda url: not url.startswith(allowed), abort)
    context.route(lambda url: f"/web/shared/locales/{code}.json" in url, serve)
    return context


def listen(page: Page, problems: PageProblems) -> None:
    page.on(
        "console",
        lambda m: problems.errors.append(m.text) if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: problems.errors.append(f"page error: {e}"))


#: The Why? dialog, its answer painted.
WHY_READY = '#why-dialog[open] #why-body[aria-busy="false"]'


def why_after(page: Page, dialog: str, findings: Findings, seen: set[str]) -> None:
    """The hand summary's (or game over's) Why?, once: the finished hand's
    computer decisions explained in full."""
    button = f"{dialog} [data-why-hand]"
    if "why after" in seen or not page.is_visible(button):
        return
    seen.add("why after")
    page.click(button)
    page.wait_for_selector(WHY_READY)
    findings.check_sizes(page, "the Why? dialog after a hand")
    page.keyboard.press("Escape")
    page.wait_for_selector("#why-dialog", state="hidden")


def walk_the_game_page(page: Page, base_url: str, code: str, findings: Findings) -> None:
    # target 1: a game ends after a made bid; colours=9 is refused (the link notice)
    page.goto(f"{base_url}?lang={code}&speed=instant&bots=random&seed=13&target=1&colours=9")
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(WAITING, timeout=LOAD_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.lang") == code
    findings.check_sizes(page, "bidding, tip and notice")
    page.click('[data-tool="hint"]')
    page.wait_for_selector("#note.hint")
    findings.check_sizes(page, "a hint")
    for tool, dialog in (
        ("rules", "#rules-dialog[open] .rules-text"),
        ("shortcuts", "#shortcuts-dialog[open] table.keys"),
        ("settings", "#settings-dialog[open] [data-language-select]"),
    ):
        page.click(f'[data-tool="{tool}"]')
        page.wait_for_selector(dialog)
        findings.check_sizes(page, f"the {tool} dialog")
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(600):
        page.wait_for_selector(WAITING, timeout=30_000)
        now = phase(page)
        if page.is_visible("#gameover-dialog[open]"):
            findings.check_sizes(page, "the end of the game")
            why_after(page, "#gameover-dialog", findings, seen)
            break
        if page.is_visible("#summary-dialog[open]") and "summary" not in seen:
            seen.add("summary")
            findings.check_sizes(page, "a hand's summary")
            why_after(page, "#summary-dialog", findings, seen)
        elif now in ("trump", "discard", "alone", "defend_alone", "play") and now not in seen:
            seen.add(now)
            findings.check_sizes(page, f"the {now} phase")
        my_move = page.is_visible('#table[data-human="1"]') and not page.is_visible("dialog[open]")
        if now == "play" and my_move and "confirm" not in seen:  # asked once a move has been made
            seen.add("confirm")
            page.click('[data-tool="new-game"]')
            page.wait_for_selector("#confirm-dialog[open]")
            findings.check_sizes(page, "the new-game question")
            page.keyboard.press("Escape")
            page.wait_for_selector("dialog[open]", state="detached")
            continue
        if now == "play" and my_move and "why" not in seen:
            # Why? during the hand: what the computer players' decisions told the table
            seen.add("why")
            page.click('[data-tool="why"]')
            page.wait_for_selector(WHY_READY)
            findings.check_sizes(page, "the Why? dialog during a hand")
            page.keyboard.press("Escape")
            page.wait_for_selector("dialog[open]", state="detached")
            continue
        if (
            now == "play"
            and my_move
            and "last" not in seen
            and page.is_enabled('[data-tool="last-trick"]')
        ):
            seen.add("last")
            page.click('[data-tool="last-trick"]')
            page.wait_for_selector("#last-trick-dialog[open] .mini-trick")
            findings.check_sizes(page, "the last trick")
            page.keyboard.press("Escape")
            page.wait_for_selector("dialog[open]", state="detached")
            continue
        if step(page, rng) == "game-over":
            page.wait_for_selector("#gameover-dialog[open]")
            findings.check_sizes(page, "the end of the game")
            why_after(page, "#gameover-dialog", findings, seen)
            break
    else:
        raise AssertionError("the game did not end")
    assert {"play", "summary", "last", "confirm", "why", "why after"} <= seen, seen
    # a saved game that cannot be restored: kept aside, and the player told
    page.evaluate("() => localStorage.setItem('hasenpfeffer.game.v1', '{not a saved game')")
    page.goto(f"{base_url}?lang={code}&speed=instant")
    page.wait_for_selector('dialog[data-saves="aside"][open]', timeout=LOAD_TIMEOUT_MS)
    findings.check_sizes(page, "a saved game kept aside")
    page.click('dialog[data-saves="aside"] [data-action="aside-export"]')
    findings.check_sizes(page, "a saved game kept aside, as text")


def embed_section(code: str) -> str:
    return f"""
<hasenpfeffer-embed id="ranking" mode="ranking" trump="H" lang="{code}"></hasenpfeffer-embed>
<hasenpfeffer-embed id="trick" mode="trick" trump="S" lead="QH" played="KH"
  hand="AH 9H JS JC" lang="{code}"></hasenpfeffer-embed>
<hasenpfeffer-embed id="hand" mode="hand" hpn="{HPN}" lang="{code}"></hasenpfeffer-embed>
<hasenpfeffer-embed id="game" mode="game" seed="3" lang="{code}" height="560">
</hasenpfeffer-embed>"""


def frame(page: Page, element_id: str) -> Frame:
    handle = page.locator(f"#{element_id}").evaluate_handle(
        "e => e.shadowRoot.querySelector('iframe')"
    )
    content = handle.as_element().content_frame()  # type: ignore[union-attr]
    assert content is not None
    return content


def walk_the_embeds(page: Page, host_url: str, code: str, findings: Findings) -> None:
    page.goto(host_url)
    wait_all(page, "hasenpfeffer-embed", "ready", 4)
    for width in (900, 360):
        page.set_viewport_size({"width": width, "height": 900})
        for mode in ("ranking", "trick", "hand", "game"):
            page.locator(f"#{mode}").scroll_into_view_if_needed()
            content = frame(page, mode)
            assert content.evaluate("document.documentElement.lang") == code
            content.wait_for_selector("body *", state="attached")
            findings.check(content, f"embed {mode} ({width})")
        page.locator("#trick").scroll_into_view_if_needed()
        trick = frame(page, "trick")
        for card in ("JS", "AH"):  # an illegal card and the winning one
            trick.click(f'button[data-card="{card}"]')
            findings.check(trick, f"embed trick, {card} ({width})")
        page.locator("#hand").scroll_into_view_if_needed()
        hand = frame(page, "hand")
        for n in range(30):
            if not hand.is_enabled("button.next"):
                break
            hand.click("button.next")
            if n % 4 == 0:
                findings.check(hand, f"embed hand, step {n + 1} ({width})")
        while hand.is_enabled("button.prev"):
            hand.click("button.prev")


def test_a_pseudo_locale_through_every_component_and_embed(
    browser: Browser,
    base_url: str,
    game: tuple[str, Counter[str]],  # noqa: F811
    host: str,  # noqa: F811
    host_dir: Path,  # noqa: F811
) -> None:
    """The right-to-left pseudo-locale (served as Arabic: long, right to left,
    placeholders moved) through the game page and the embeds."""
    problems = PageProblems()
    findings = Findings()
    code, rtl = "ar", True
    context = pseudo_context(browser, (base_url,), problems, rtl)
    try:
        page = context.new_page()
        listen(page, problems)
        walk_the_game_page(page, base_url, code, findings)
    finally:
        context.close()
    name = f"pseudo-{code}.html"
    (host_dir / name).write_text(host_page(game[0], embed_section(code)))
    context = pseudo_context(browser, (game[0] + "/", host + "/"), problems, rtl)
    try:
        page = context.new_page()
        listen(page, problems)
        walk_the_embeds(page, f"{host}/{name}", code, findings)
    finally:
        context.close()
    assert len(findings.places) > 20
    report = findings.report()
    assert not report, f"{len(report)} problems:\n" + "\n".join(report)
    assert problems.external == [] and problems.errors == []


# ---- the newer screens: review, statistics, the guide's later tips, Together, a guest,
# ---- another tab, the update notice, the demo page's examples --------------------------

REVIEW_READY = '#review-dialog[open] #review-body[aria-busy="false"]'
HANDED_OVER = 'dialog[data-saves="handed-over"]'
TIP = "#guide section[data-tip]"


def later_tip(page: Page, first: str, findings: Findings, seen: set[str]) -> None:
    """The guide after its first tip: the first tip seen is taken ('Got it'), and the
    next one the game reaches is checked once."""
    if not page.is_visible(TIP):
        return
    tip = page.get_attribute(TIP, "data-tip") or ""
    if tip != first and "later tip" not in seen:
        seen.add("later tip")
        findings.check_sizes(page, f"the guide's tip '{tip}'")


def walk_the_newer_screens(
    page: Page, second: Page, base_url: str, code: str, findings: Findings
) -> None:
    page.goto(f"{base_url}?lang={code}&speed=instant&bots=random&seed=13")
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(WAITING, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(TIP)
    first = page.get_attribute(TIP, "data-tip") or ""
    page.click(f'{TIP} [data-guide="got-it"]')
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(300):
        page.wait_for_selector(WAITING, timeout=30_000)
        later_tip(page, first, findings, seen)
        if page.is_visible("#summary-dialog[open]"):
            break
        step(page, rng)
    else:
        raise AssertionError("no hand was finished")
    assert "later tip" in seen, "the guide showed no second tip"
    # the finished hand's review, then the statistics it was counted in
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    findings.check_sizes(page, "the review of a hand")
    page.click("#review-body [data-review-goto='0']")
    findings.check_sizes(page, "the review at the deal")
    page.keyboard.press("Escape")
    page.click('#summary-dialog [data-action="next-hand"]')
    page.wait_for_selector(WAITING, timeout=30_000)
    page.click('[data-tool="stats"]')
    page.wait_for_selector("#stats-dialog[open] .stats-chart")
    findings.check_sizes(page, "the statistics")
    page.keyboard.press("Escape")
    # the Together dialog (inviting needs a network: its first screen only)
    page.click('[data-tool="together"]')
    page.wait_for_selector("#together-dialog[open]")
    findings.check_sizes(page, "the Together dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    # the update notice (what another tab on a newer version offers): pwa.js as the page
    # loaded it (the same module, so the same words)
    page.evaluate(
        """async () => {
          const url = performance.getEntriesByType("resource")
            .map((e) => e.name).find((n) => n.includes("/web/pwa/pwa.js"));
          (await import(url)).offerNewVersion("tabs.newer_version");
        }"""
    )
    page.wait_for_selector("#update-notice:not([hidden])")
    findings.check_sizes(page, "the update notice")
    # the same game opened in another tab: this one says so
    second.bring_to_front()
    second.goto(f"{base_url}?lang={code}&speed=instant&bots=random")
    second.wait_for_selector(WAITING, timeout=LOAD_TIMEOUT_MS)
    page.bring_to_front()
    page.wait_for_selector(f"{HANDED_OVER}[open]")
    findings.check_sizes(page, "the game open in another tab")
    # a guest's page, from an invitation that is no invitation
    second.bring_to_front()
    second.goto(f"{base_url}?lang={code}#join=not-an-invitation")
    second.wait_for_selector("#guest-dialog[open]", timeout=LOAD_TIMEOUT_MS)
    findings.check_sizes(second, "a guest's dialog")
    if second.is_visible("#guest-dialog [data-guest-join]"):
        second.click("#guest-dialog [data-guest-join]")
        second.wait_for_selector("#guest-dialog .together-error")
        findings.check_sizes(second, "a guest's dialog, refused")


def walk_the_demo(page: Page, base_url: str, code: str, findings: Findings) -> None:
    """demo.html's examples in the language chosen on the page (the page's own text is
    English: only the examples are checked)."""
    page.goto(base_url + "demo.html")
    count = page.eval_on_selector_all("hasenpfeffer-embed", "els => els.length")
    wait_all(page, "hasenpfeffer-embed", "ready", count)
    page.select_option("[data-lang-switch]", code)
    for width in (900, 360):
        page.set_viewport_size({"width": width, "height": 900})
        for n in range(count):
            embed = page.locator("hasenpfeffer-embed").nth(n)
            embed.scroll_into_view_if_needed()
            handle = embed.evaluate_handle("e => e.shadowRoot.querySelector('iframe')")
            content = handle.as_element().content_frame()  # type: ignore[union-attr]
            assert content is not None
            content.wait_for_function(f"document.documentElement.lang === {code!r}")
            content.wait_for_selector("body *", state="attached")
            findings.check(content, f"demo.html example {n + 1} ({width})")


def test_a_pseudo_locale_through_the_newer_screens(browser: Browser, base_url: str) -> None:
    """The right-to-left pseudo-locale through what the first walk does not reach: the
    review, the statistics, the guide after its first tip, the Together and guest
    dialogs, the game open in another tab, the update notice and demo.html's examples.
    (python.html has no catalogue words: it is an English page.)"""
    problems = PageProblems()
    findings = Findings()
    code, rtl = "ar", True
    context = pseudo_context(browser, (base_url,), problems, rtl)
    try:
        page, second = context.new_page(), context.new_page()
        # the tab opened last is the one in front; each tab is brought to the front when
        # the walk turns to it, as a player would (measured: the walk 61-68 s -> 17 s;
        # why is not known, docs/testing.md)
        page.bring_to_front()
        listen(page, problems)
        listen(second, problems)
        walk_the_newer_screens(page, second, base_url, code, findings)
        walk_the_demo(second, base_url, code, findings)
    finally:
        context.close()
    assert len(findings.places) > 20
    report = findings.report()
    assert not report, f"{len(report)} problems:\n" + "\n".join(report)
    assert problems.external == [] and problems.errors == []
