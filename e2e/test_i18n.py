"""web/i18n.js in Chromium, from the built site: every catalogue loads from the
site's own origin (under the page's CSP rules: a same-origin module import),
plurals and numbers come out as Chromium formats them for each language, and
no message of any catalogue is missing. (The components are wired to the
catalogues in a later step; this checks the foundation they will use.)
"""

from __future__ import annotations

from playwright.sync_api import Page

SCRIPT = """async (base) => {
  const i18n = await import(base + "web/i18n.js");
  const terms = await import(base + "web/i18n-terms.js");
  const follow = {
    reason: "must follow hearts: JD counts as a heart when hearts are trump; you hold 9H",
    reason_code: "must_follow",
    reason_params: { suit: "H", trump: "H", trump_cards: ["JD"], cards: ["9H", "AH"] },
  };
  const hint = {
    reason: "x",
    reason_code: "bid",
    reason_params: { tricks: 3.4, suit: "S", value: -0.5, call: "bid 3" },
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
      card: terms.cardName("QD"),
      error: terms.errorText({ code: "not_your_turn", message: "it is West's turn" }),
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


def test_every_catalogue_loads_and_formats_in_chromium(page: Page, base_url: str) -> None:
    page.goto(base_url + "web/build-info.js")  # any same-origin document will do
    out = page.evaluate(SCRIPT, base_url)
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
        "your hand is worth about 3.4 tricks (best trump spades); bidding 3: expected -0.5 points"
    )
    assert "3,4" in out["it"]["hint"] and "-0,5" in out["it"]["hint"]
    assert out["fy"]["card"] == "rûtenfrou" and out["hi"]["card"] == "ईंट की बेगम"
    assert out["ar"]["card"] == "بنت ديناري" and out["it"]["card"] == "la donna di quadri"
    assert out["hi"]["error"] == "अभी आपकी बारी नहीं है।"
    assert out["tree"] == ["हासनफ़ेफ़र कैसे खेलें", "सूचना बंद करें", "चाल का सुझाव दें (H)"]
    for code in ("it", "fy", "ar", "hi"):
        assert out[code]["follow"] != out["en"]["follow"] and out[code]["hint"] != "x"
