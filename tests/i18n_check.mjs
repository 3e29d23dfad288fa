// Runs web/shared/i18n.js under Node (same ICU data family as Chromium) and prints a
// JSON report that tests/test_locales.py checks: every catalogue loads, plural
// and number formatting per language, the order of language detection, the
// English fallback for a missing key, and lang/dir on an element.
//   node --experimental-detect-module tests/i18n_check.mjs
import { readFile } from "node:fs/promises";

// Node's fetch reads no file: URLs; the page's catalogues are fetched, so read them here
const webFetch = globalThis.fetch;
globalThis.fetch = async (url) => {
  if (!String(url).startsWith("file:")) return webFetch(url);
  const body = await readFile(new URL(String(url)), "utf-8");
  return { ok: true, status: 200, json: async () => JSON.parse(body) };
};
const i18n = await import("../web/shared/i18n.js");

const report = { languages: {}, detect: {}, fallback: {}, numbers: {}, dir: {} };

for (const lang of i18n.LANGUAGES) {
  const entry = await i18n.setLanguage(lang.code, { browser: [] });
  report.languages[lang.code] = {
    entry,
    current: i18n.language(),
    cards: [0, 1, 2, 3, 5, 11, 100].map((count) => i18n.t("seat.cards", { count })),
    number: i18n.formatNumber(1234.5),
    signed: [i18n.formatSigned(3), i18n.formatSigned(-2), i18n.formatSigned(0)],
    card: i18n.t("card.J", { suit: i18n.t("suit.H") }),
    categories: new Intl.PluralRules(lang.code).resolvedOptions().pluralCategories,
  };
}

report.detect = {
  attr: i18n.detectLanguage({ explicit: "ar", search: "?lang=it", stored: "fy", browser: ["hi"] }),
  url: i18n.detectLanguage({ search: "?lang=it", stored: "fy", browser: ["hi"] }),
  bad_url: i18n.detectLanguage({ search: "?lang=xx", stored: "fy", browser: ["hi"] }),
  stored: i18n.detectLanguage({ search: "", stored: "fy", browser: ["hi"] }),
  browser: i18n.detectLanguage({ search: "", stored: null, browser: ["de-DE", "hi-IN", "it"] }),
  frisian_tag: i18n.detectLanguage({ search: "", stored: null, browser: ["fy-NL"] }),
  none: i18n.detectLanguage({ search: "", stored: null, browser: ["de", "fr"] }),
};

report.numbers = {
  ar: i18n.numberLocale("ar", []),
  ar_eg: i18n.numberLocale("ar", ["ar-EG", "en"]),
  ar_ma: i18n.numberLocale("ar", ["ar-MA"]),
  hi_in: i18n.numberLocale("hi", ["hi-IN"]),
  it_for_en_browser: i18n.numberLocale("it", ["en-GB"]),
};
await i18n.setLanguage("ar", { browser: ["ar-EG"] });
report.numbers.ar_eg_formatted = i18n.formatNumber(1234);
report.numbers.ar_eg_plural = i18n.t("seat.cards", { count: 5 });
const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
report.numbers.ar_eg_signed = [
  i18n.formatSigned(-1.5, tenths),
  i18n.formatSigned(2.5, tenths),
  i18n.formatSigned(-5, { signDisplay: "negative" }),
  i18n.formatSigned(12, { signDisplay: "negative" }),
  i18n.formatSigned(0, { signDisplay: "negative" }),
];

// lists in each language's words ("or" too: Frisian's is Dutch's, its data has none)
report.lists = {};
for (const lang of i18n.LANGUAGES) {
  await i18n.setLanguage(lang.code, { browser: [] });
  report.lists[lang.code] = [i18n.formatList(["1", "2"]), i18n.formatList(["1", "2"], "disjunction")];
}

// a key that only English has: English text, and recorded as missing
await i18n.setLanguage("it", { browser: [] });
report.fallback = {
  unknown: i18n.t("no.such.key"),
  missing: i18n.missingKeys(),
  unknown_language: (await i18n.setLanguage("xx")).code,
};

// a second language beside the page's, for an embed
await i18n.setLanguage("it", { browser: [] });
const ar = await i18n.translator("ar", { browser: ["ar-EG"] });
report.translator = {
  dir: ar.dir,
  cards: ar.t("seat.cards", { count: 3 }),
  page: i18n.t("seat.cards", { count: 3 }),
};

// dates in words (the deal of the day) and a plural over a list of seats
report.dates = {};
report.restored = {};
report.servers = {};
for (const lang of i18n.LANGUAGES) {
  await i18n.setLanguage(lang.code, { browser: [] });
  report.dates[lang.code] = [i18n.formatDate("2026-12-01"), i18n.formatDate("not a day")];
  report.restored[lang.code] = [1, 2].map((count) => i18n.t("together.restored", { seats: "X", count }));
  report.servers[lang.code] = [1, 2].map((count) => i18n.t("settings.internet.note_named", { hosts: "h", count }));
}

const el = { attrs: {}, getAttribute(k) { return this.attrs[k] ?? null; }, setAttribute(k, v) { this.attrs[k] = v; } };
i18n.applyDocumentLanguage(el, "ar");
report.dir.ar = { ...el.attrs };
i18n.applyDocumentLanguage(el, "hi");
report.dir.hi = { ...el.attrs };

console.log(JSON.stringify(report));
