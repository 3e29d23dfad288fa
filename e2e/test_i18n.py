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
    };
  }
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
