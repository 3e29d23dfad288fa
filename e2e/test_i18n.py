"""web/shared/i18n.js in Chromium, from the built site: every catalogue loads from the
site's own origin (under the page's CSP rules: a same-origin module import),
plurals and numbers come out as Chromium formats them for each language, and
no message of any catalogue is missing. Then the game page in each language:
`lang`/`dir`, no catalogue key or unfilled placeholder shown anywhere, no
English left in a sample of elements, the table's geometry (the same in Arabic:
only text mirrors), a real
Devanagari font for Hindi, the browser's language detected and the settings'
choice remembered; a screenshot per language in test-artifacts/i18n/ for review.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from conftest import PageProblems, open_page
from game_driver import phase, play_until, reset, start

SCRIPT = """async (base) => {
  const i18n = await import(base + "web/shared/i18n.js");
  const terms = await import(base + "web/shared/i18n-terms.js");
  const embedWords = await import(base + "web/shared/words.js");
  const follow = {
    reason: "must follow hearts: JD counts as a heart when hearts are trump; you hold 9H",
    reason_code: "must_follow",
    reason_params: { suit: "H", trump: "H", trump_cards: ["JD"], cards: ["9H", "AH"] },
  };
  const hint = {
    reason: "x",
    reason_code: "bid_strong",
    reason_params: { tricks: 3.4, suit: "S", call: "bid 3", make: 0.62 },
    unit: "margin",
    estimate: -0.5,
    compare_code: "fewer_points",
    compare_params: { other: "pass", gap: 1.2 },
  };
  const out = {};
  for (const { code } of i18n.LANGUAGES) {
    await i18n.setLanguage(code, { browser: [] });
    const el = document.createElement("div");
    i18n.applyDocumentLanguage(el);
    out[code] = {
      lang: el.getAttribute("lang"),
      dir: el.getAttribute("dir"),
      cards: [1, 2, 5, 11].map((count) => i18n.t("seat.cards", { count })),
      number: i18n.formatNumber(1234.5),
      list: i18n.formatList(["A", "B", "C"]),
      title: i18n.t("rules.title"),
      follow: terms.reasonText(follow),
      hint: terms.hintText(hint),
      // an uncertain share (the engine's `make_range`) and a close call
      ranged: terms.hintText({
        ...hint,
        reason_params: { ...hint.reason_params, make: 1, make_range: [0.9, 1] },
        compare_code: "close",
        compare_params: { other: "pass" },
      }),
      card: terms.cardName("QD"),
      error: terms.errorText({ code: "not_your_turn", message: "it is West's turn" }),
      code: terms.cardCode("TH"),
      cardList: terms.cardList(["JH", "TH"]),
      embed: { code: embedWords.cardWord("TH"), follow: embedWords.reasonWords(follow) },
      once: [i18n.ltrRun(i18n.ltrRun("x")), i18n.isolate(i18n.formatSigned(-2))],
    };
  }
  const box = document.createElement("div");
  box.innerHTML = '<h2 data-i18n="rules.title">How to play</h2>' +
    '<button data-i18n-attr="aria-label: notice.dismiss; title:tool.hint.title">x</button>';
  await i18n.setLanguage("hi", { browser: [] });
  i18n.localizeTree(box);
  const button = box.querySelector("button");
  out.tree = [box.querySelector("h2").textContent, button.getAttribute("aria-label"), button.title];
  await i18n.setLanguage("ar", { browser: ["ar-EG"] });
  out.ar_eg = { number: i18n.formatNumber(1234), cards: i18n.t("seat.cards", { count: 5 }) };
  out.missing = i18n.missingKeys();
  return out;
}"""


def test_every_catalogue_loads_and_formats_in_chromium(page: Page, version_url: str) -> None:
    page.goto(version_url + "web/shared/build-info.js")  # any same-origin document will do
    out = page.evaluate(SCRIPT, version_url)
    assert out["missing"] == []
    assert {c: (out[c]["lang"], out[c]["dir"]) for c in ("en", "it", "fy", "ar", "hi")} == {
        "en": ("en", "ltr"),
        "it": ("it", "ltr"),
        "fy": ("fy", "ltr"),
        "ar": ("ar", "rtl"),
        "hi": ("hi", "ltr"),
    }
    assert out["en"]["cards"] == ["1 card", "2 cards", "5 cards", "11 cards"]
    assert out["ar"]["cards"] == ["ورقة واحدة", "ورقتان", "5 أوراق", "11 ورقة"]
    assert out["hi"]["cards"][:2] == ["1 पत्ता", "2 पत्ते"]
    # Chromium has no Frisian number/list data: Dutch conventions stand in
    assert out["fy"]["number"] == "1.234,5" and out["fy"]["list"] == "A, B en C"
    assert out["it"]["number"] == "1234,5" and out["it"]["list"] == "A, B e C"
    # "ar" and "hi" use their CLDR default (Latin digits); an ar-EG browser gets ١٢٣
    assert out["ar"]["number"] == "1,234.5" and out["hi"]["number"] == "1,234.5"
    arabic_indic = "\u0661\u066c\u0662\u0663\u0664"  # 1,234 in Arabic-Indic digits
    assert out["ar_eg"] == {"number": arabic_indic, "cards": "\u0665 أوراق"}
    assert len({out[c]["title"] for c in ("en", "it", "fy", "ar", "hi")}) == 5
    # the engine's reasons and hints, from their codes
    assert out["en"]["follow"] == (
        "You must follow hearts: you hold 9♥ and A♥. J♦ counts as a trump (hearts)."
    )
    assert (
        out["it"]["follow"]
        == "Devi rispondere a cuori: hai 9♥ e A♥. J♦ conta come briscola (cuori)."
    )
    assert out["en"]["hint"] == (
        "your hand is worth about 3.4 tricks with spades as trump: a bid of 3 is made about "
        "62% of the time; expected margin \u22120.5 points (your side's points minus the other "
        "side's); pass: about 1.2 points less"
    )
    assert "3,4" in out["it"]["hint"] and "\u22120,5" in out["it"]["hint"]
    assert "62%" in out["it"]["hint"] and "1,2" in out["it"]["hint"]
    # Arabic: each number isolated (U+2068 ... U+2069) and a signed one left to right
    # (U+2066 ... U+2069, a true minus U+2212, and only that isolate: never FSI around
    # LRI), so "-0.5" never shows as "0.5-"
    ar_hint = out["ar"]["hint"]
    assert "\u2066\u22120.5\u2069" in ar_hint and "\u2068\u2066" not in ar_hint, ar_hint
    assert "؛ " in ar_hint and "\u20683.4\u2069" in ar_hint
    assert out["fy"]["card"] == "rûtenfrou" and out["hi"]["card"] == "ईंट की बेगम"
    assert out["ar"]["card"] == "بنت ديناري" and out["it"]["card"] == "la donna di quadri"
    assert out["hi"]["error"] == "अभी आपकी बारी नहीं है।"
    assert out["tree"] == ["हासनफ़ेफ़र कैसे खेलें", "सूचना बंद करें", "चाल का सुझाव दें (H)"]
    for code in ("it", "fy", "ar", "hi"):
        assert out[code]["follow"] != out["en"]["follow"] and out[code]["hint"] != "x"
    # an uncertain share is said as its range, never "about 100%"; a close call says so
    assert "a bid of 3 is made about 90% \u2013 100% of the time" in out["en"]["ranged"]
    assert out["en"]["ranged"].endswith(
        "a close call: you may do just as well if you pass, since the deals played out "
        "cannot tell the two apart"
    )
    for code in ("en", "it", "fy", "ar", "hi"):
        ranged = out[code]["ranged"]
        assert "90" in ranged and "100" in ranged and "62" not in ranged, (code, ranged)
        assert ranged != out[code]["hint"] and "{" not in ranged, (code, ranged)
    assert "\u206890\u2013100\u200e%\u200e\u2069" in out["ar"]["ranged"], out["ar"]["ranged"]
    # card notation in right-to-left text: each card one left-to-right run (LRI ... PDI),
    # so "10♥" never shows as "♥10" and "J♥ و10♥" keeps each card whole; the page's
    # helper is the embeds' too; a run is never isolated twice
    lri, pdi = "\u2066", "\u2069"
    ar = out["ar"]
    assert ar["code"] == f"{lri}10♥{pdi}" and ar["embed"]["code"] == ar["code"]
    assert ar["cardList"] == f"{lri}J♥{pdi} و{lri}10♥{pdi}", ar["cardList"]
    assert f"{lri}9♥{pdi} و{lri}A♥{pdi}" in ar["follow"] and f"{lri}J♦{pdi}" in ar["follow"]
    assert ar["embed"]["follow"] == ar["follow"]
    assert ar["once"] == [f"{lri}x{pdi}", f"{lri}\u22122{pdi}"]
    for code in ("en", "it", "fy", "hi"):  # left to right: no marks at all
        assert out[code]["code"] == "10♥" and not re.search(
            "[\u2066-\u2069]", out[code]["cardList"]
        )


# ---- the game page in each language ------------------------------------------------------

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "i18n"
LANGS = {"en": "ltr", "it": "ltr", "fy": "ltr", "ar": "rtl", "hi": "ltr"}
GAME = "speed=instant&bots=random&seed=13"  # seed 13: the player bids first

#: Every text node and named attribute of the page (dialogs included, open or not),
#: the page's missed catalogue lookups, and a sample of known elements.
SCAN = """async () => {
  const src = document.querySelector('script[type="module"][src*="web/table/boot.js"]').src;
  // the app's own instance
  const i18n = await import(src.replace("table/boot.js", "shared/i18n.js"));
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    if (text) texts.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = el.getAttribute(name);
      if (value) texts.push(value.trim());
    }
  }
  texts.push(document.title);
  const one = (sel) => document.querySelector(sel)?.textContent.trim() ?? null;
  return {
    lang: document.documentElement.getAttribute("lang"),
    dir: document.documentElement.getAttribute("dir"),
    missing: i18n.missingKeys(),
    texts,
    sample: {
      hint: one('[data-tool="hint"] .label'),
      rulesTool: document.querySelector('[data-tool="rules"]').title,
      prompt: one("#prompt"),
      team: one('.team-name'),
      partner: one('.seat[data-seat="2"] .seat-name'),
      role: one('.seat[data-seat="1"] .seat-role'),
      pass: document.querySelector('#actions [data-bid="pass"]')?.getAttribute("aria-label"),
      cards: one('.seat[data-seat="1"] .count'),
      rulesTitle: one("#rules-title"),
      rules: one("#rules-body h3"),
      settings: one("#settings-form legend"),
      confirm: one("#confirm-dialog p"),
      keys: one("#shortcuts-body p"),
      hand: document.querySelector("#hand button.card")?.getAttribute("aria-label") ?? null,
    },
  };
}"""

RAW_KEY = re.compile(r"^[a-z0-9_]+(\.[A-Za-z0-9_-]+)+$")


def scan(page: Page) -> dict[str, Any]:
    """The page's texts, checked: no raw key, no unfilled {placeholder}, no missed lookup."""
    out: dict[str, Any] = page.evaluate(SCAN)
    assert out["missing"] == []
    raw = [t for t in out["texts"] if RAW_KEY.fullmatch(t)]
    assert raw == [], f"catalogue keys shown as text: {raw}"
    unfilled = [t for t in out["texts"] if re.search(r"\{\w*\}", t)]
    assert unfilled == [], f"placeholders left: {unfilled}"
    return out


def open_rules_and_settings(page: Page) -> None:
    """Fill the dialogs (rules, shortcuts), leaving the settings open."""
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open] .rules-text")
    page.keyboard.press("Escape")
    page.click('[data-tool="shortcuts"]')
    page.wait_for_selector("#shortcuts-dialog[open] table.keys")
    page.keyboard.press("Escape")
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-language-select]")


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")


def devanagari_fonts(page: Page, selector: str) -> list[dict[str, Any]]:
    """The platform fonts Chromium drew a node's text with (CDP), e.g. Lohit Devanagari."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return fonts


GEOMETRY = """async () => {
  const src = document.querySelector('script[type="module"][src*="web/table/boot.js"]').src;
  const animation = await import(src.replace("boot.js", "animation.js"));  // the app's own
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const mid = (r) => [r.x + r.width / 2, r.y + r.height / 2];
  const trick = mid(box("#trick"));
  const seats = {};
  for (const [seat, pos] of [[0, "south"], [1, "west"], [2, "north"], [3, "east"]]) {
    const [x, y] = mid(box(`.seat[data-pos="${pos}"]`));
    const slot = mid(box(`.slot[data-slot="${seat}"]`));
    seats[pos] = { x, y, slotX: slot[0], slotY: slot[1], flight: animation.from(seat) };
  }
  const cards = [...document.querySelectorAll("#hand button.card")];
  const at = cards.map((b) => b.getBoundingClientRect().x);
  return {
    trick, seats, first: at[0], last: at[at.length - 1],
    face: getComputedStyle(document.querySelector("#hand hp-card")).direction,
    contract: box(".contract").x, badge: box("#trump-badge").x,
    hintTool: box('[data-tool="hint"]').x, rulesTool: box('[data-tool="rules"]').x,
  };
}"""


def assert_table_geometry(page: Page, direction: str) -> None:
    """The table is a picture of the seats, the same in every language: South at the
    bottom, West on the left, East on the right, each seat's card in the trick on its
    side, and a card flying from (or a trick gathered to) a seat moves from (to) where
    the seat is drawn. Right to left only the text mirrors: the toolbar and the hand
    start on the right; card faces are never mirrored."""
    box = page.evaluate(GEOMETRY)
    seats, (cx, cy) = box["seats"], box["trick"]
    assert seats["west"]["x"] < cx < seats["east"]["x"], box
    assert seats["north"]["y"] < cy < seats["south"]["y"], box
    assert seats["west"]["slotX"] < cx < seats["east"]["slotX"], box
    assert seats["north"]["slotY"] < cy < seats["south"]["slotY"], box
    for name, seat in seats.items():
        dx, dy = seat["flight"]
        # the flight's direction points from the trick's middle to the seat
        assert (dx > 0) == (seat["x"] > cx + 1) and (dx < 0) == (seat["x"] < cx - 1), (name, box)
        assert (dy > 0) == (seat["y"] > cy + 1) and (dy < 0) == (seat["y"] < cy - 1), (name, box)
    assert box["face"] == "ltr"
    # the toolbar lists Hint before Rules: in reading order
    if direction == "rtl":
        assert box["first"] > box["last"] and box["hintTool"] > box["rulesTool"], box
    else:
        assert box["first"] < box["last"] and box["hintTool"] < box["rulesTool"], box


def test_the_game_page_in_each_language(warm_page: Page) -> None:
    page = warm_page
    seen: dict[str, dict[str, Any]] = {}
    for code, direction in LANGS.items():
        reset(page, f"?lang={code}&{GAME}")
        assert phase(page) == "bidding"
        open_rules_and_settings(page)
        out = scan(page)
        assert (out["lang"], out["dir"]) == (code, direction)
        seen[code] = out["sample"]
        page.keyboard.press("Escape")
        assert_table_geometry(page, direction)
        if code == "hi":
            # Devanagari drawn with a font that has it (not boxes from a Latin font)
            fonts = devanagari_fonts(page, "#prompt")
            assert any("Devanagari" in f["familyName"] and f["glyphCount"] > 0 for f in fonts), (
                fonts
            )
        screenshot(page, code)
    english = seen["en"]
    assert english["hint"] == "Hint" and english["pass"] == "Pass"
    # no English left in the sample
    for code in ("it", "fy", "ar", "hi"):
        left = [name for name, text in seen[code].items() if text == english[name]]
        assert left == [], f"{code}: still English: {left} ({seen[code]})"


def test_language_from_the_browser_then_remembered_from_settings(
    browser: Browser, base_url: str, problems: PageProblems
) -> None:
    page = open_page(browser, base_url, problems, locale="ar-MA")
    try:
        start(page, base_url, f"?{GAME}")
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
            "ar",
            "rtl",
        ]
        assert page.inner_text('[data-tool="hint"] .label') == "تلميح"
        # the settings' choice applies at once (no reload) and is remembered
        open_rules_and_settings(page)
        page.select_option("[data-language-select]", "it")
        page.click('#settings-dialog [data-action="save"]')
        page.wait_for_function("() => document.documentElement.lang === 'it'")
        assert page.get_attribute("html", "dir") == "ltr"
        assert page.inner_text('[data-tool="hint"] .label') == "Consiglio"
        prompt = page.inner_text("#prompt")
        page.reload()
        page.wait_for_selector("#loader[hidden]", state="attached", timeout=60_000)
        page.wait_for_function("() => document.documentElement.lang === 'it'")
        page.wait_for_selector('#table[data-human="1"]')
        assert page.inner_text("#prompt") == prompt
        assert page.evaluate("localStorage.getItem('hasenpfeffer.language.v1')") == "it"
        # a hand summary in Italian: play the hand out
        play_until(page, lambda p: p.is_visible("#summary-dialog[open]"), random.Random(5))
        out = scan(page)
        assert out["lang"] == "it"
        assert page.inner_text("#summary-title").startswith("La mano ")
        assert page.inner_text("#summary-body th") == "Coppia"
        screenshot(page, "it-summary")
    finally:
        page.context.close()
    assert problems.external == [] and problems.errors == []
