// Languages: the message catalogues, the choice of language and the
// formatting of numbers, plurals and lists. Imports only page.js (the device's
// storage, where the chosen language is kept).
//
//   import { setLanguage, t, formatNumber } from "./i18n.js";
//   await setLanguage(detectLanguage());
//   t("seat.cards", { count: 5 })   -> "5 cards" / "٥ أوراق" ...
//
// A catalogue is web/shared/locales/<code>.json, an i18next JSON v4 file (what
// translation tools open): flat dotted keys, each value a string with {name}
// placeholders. A plural message is one key per form, `key_<category>` (the
// categories Intl.PluralRules gives for the language; `key_zero` also stands for
// exactly 0), chosen by the `count` parameter. Keys ending in
// `_html` hold trusted markup (our own catalogue); every other value is text
// and its parameters are inserted as given (escape when putting it in HTML).
// See docs/i18n.md; adding a language is one catalogue plus one line below.

import { deviceStorage } from "./page.js";

/** The one list to extend. `numbers`: the locale whose digits and separators
 * numbers use when the browser names no region for this language (see
 * numberLocale()). `intl`: a locale whose Intl data (numbers, lists) stands in
 * when the browser has none for this language (Chromium ships no Frisian
 * number or list data; Frisian writes both as Dutch does: 1.234,5 and "a, b en c"). */
export const LANGUAGES = Object.freeze([
  { code: "en", name: "English", dir: "ltr", numbers: "en" },
  { code: "it", name: "Italiano", dir: "ltr", numbers: "it" },
  { code: "fy", name: "Frysk", dir: "ltr", numbers: "fy", intl: "nl" },
  { code: "ar", name: "العربية", dir: "rtl", numbers: "ar" },
  { code: "hi", name: "हिन्दी", dir: "ltr", numbers: "hi" },
]);

export const DEFAULT_LANGUAGE = "en";
export const STORAGE_KEY = "hasenpfeffer.language.v1";

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));
const catalogues = new Map(); // code -> messages
const missing = new Set(); // "code:key" looked up but absent (tests read it)
let current = DEFAULT_LANGUAGE;
let numberTag = "en";
// The language's Intl objects (English until setLanguage). A page's first Intl objects
// load the browser's locale data (a first NumberFormat: 23-54 ms in Chromium): not while
// the page's modules are evaluated, which is one task (issue 31: no task over 50 ms at
// start-up), but right after, in parts, one task each (in Node: a Collator 6 ms, then a
// ListFormat 6 ms, then the NumberFormat 3 ms, against 11-23 ms for a NumberFormat
// first). Whatever needs them sooner makes them then. (On the game page the engine's
// worker, which shares the page's process, has loaded that data already: each step then
// takes about a millisecond; web/engine/locale-warmup.js.)
let plural = null;
let numberFormat = null;
const englishPlural = () => (plural ??= new Intl.PluralRules("en"));
const englishNumbers = () => (numberFormat ??= new Intl.NumberFormat("en"));
const WARM_UP = [() => new Intl.Collator("en"), () => new Intl.ListFormat("en"), englishNumbers, englishPlural];
(function warmUp(step) {
  if (step < WARM_UP.length) setTimeout(() => (WARM_UP[step](), warmUp(step + 1)));
})(0);
const listeners = new Set();

const DEV = (() => {
  try {
    return ["localhost", "127.0.0.1", "[::1]"].includes(globalThis.location?.hostname ?? "");
  } catch {
    return false;
  }
})();

/** The supported language for a BCP 47 tag ("it-CH" -> "it"), or null. */
export function matchLanguage(tag) {
  if (typeof tag !== "string" || !tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (byCode.has(base)) return base;
  if (base === "fry") return "fy"; // ISO 639-2 code of West Frisian
  return null;
}

/** The stored choice, or null. */
export function storedLanguage() {
  try {
    return matchLanguage(deviceStorage()?.getItem(STORAGE_KEY) ?? "");
  } catch {
    return null;
  }
}

/** Remember (code) or forget (null: follow the browser again) the player's choice. */
export function storeLanguage(code) {
  try {
    if (code == null) deviceStorage()?.removeItem(STORAGE_KEY);
    else if (byCode.has(code)) deviceStorage()?.setItem(STORAGE_KEY, code);
  } catch {
    /* full or disabled storage: the choice lasts for this visit */
  }
}

/**
 * The language to use: `?lang=` in the address > the stored choice > the
 * browser's languages in order > English. `explicit` (an embed's `lang`
 * attribute) comes first when it names a supported language.
 */
export function detectLanguage({
  explicit = null,
  search = globalThis.location?.search ?? "",
  stored = storedLanguage(),
  browser = globalThis.navigator?.languages ?? [globalThis.navigator?.language],
} = {}) {
  const fromAttr = matchLanguage(explicit);
  if (fromAttr) return fromAttr;
  const fromUrl = matchLanguage(new URLSearchParams(search).get("lang"));
  if (fromUrl) return fromUrl;
  if (stored && byCode.has(stored)) return stored;
  for (const tag of browser ?? []) {
    const code = matchLanguage(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}

function supported(tag, kind = Intl.NumberFormat) {
  try {
    return kind.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

/** `code` if the browser has `kind` data for it, else the language's stand-in, else English. */
function intlLocale(code, kind) {
  if (supported(code, kind)) return code;
  const standIn = byCode.get(code)?.intl;
  return standIn && supported(standIn, kind) ? standIn : "en";
}

/**
 * The locale numbers are formatted in for `code`: the first browser language
 * of the same language that names a region (an "ar-EG" reader gets Arabic-
 * Indic digits, "ar-MA" Latin ones, as CLDR says for each), else the
 * language's own default (`numbers` in LANGUAGES). A locale the browser has
 * no data for falls back to the language's `intl` stand-in, else English.
 */
export function numberLocale(code, browser = globalThis.navigator?.languages ?? []) {
  const lang = byCode.get(code) ?? byCode.get(DEFAULT_LANGUAGE);
  for (const tag of browser ?? []) {
    if (typeof tag === "string" && tag.includes("-") && matchLanguage(tag) === lang.code && supported(tag)) {
      return tag;
    }
  }
  return supported(lang.numbers) ? lang.numbers : intlLocale(lang.code, Intl.NumberFormat);
}

async function loadCatalogue(code) {
  if (!catalogues.has(code)) {
    // one same-origin request, as the module it replaced; the same cache-busting
    // version (?v=) as this module was loaded with; precached by the service worker
    const url = new URL(`./locales/${code}.json`, import.meta.url);
    url.search = new URL(import.meta.url).search;
    const response = await fetch(url.href);
    if (!response.ok) throw new Error(`i18n: ${url.pathname}: HTTP ${response.status}`);
    catalogues.set(code, await response.json());
  }
  return catalogues.get(code);
}

/**
 * Switch to `code` (loading its catalogue, and English for fallbacks).
 * `remember`: store it as the player's choice. Unknown codes give English.
 * `fallbackLater`: English is not loaded now but by loadFallback() (the game page's
 * start: nothing before its first deal that the deal does not need; every catalogue
 * has English's keys, tests/test_locales.py, so English is there for a key added in
 * development only). Resolves with the language's entry from LANGUAGES.
 */
export async function setLanguage(code, { remember = false, browser, fallbackLater = false } = {}) {
  const chosen = byCode.has(code) ? code : DEFAULT_LANGUAGE;
  await Promise.all([fallbackLater ? null : loadCatalogue(DEFAULT_LANGUAGE), loadCatalogue(chosen)]);
  current = chosen;
  numberTag = numberLocale(chosen, browser);
  plural = new Intl.PluralRules(chosen);
  numberFormat = new Intl.NumberFormat(numberTag);
  if (remember) storeLanguage(chosen);
  for (const fn of listeners) fn(current);
  return byCode.get(chosen);
}

/** Load English's catalogue for fallbacks (after setLanguage's `fallbackLater`); a
 * failure (offline) leaves a missing key as the key, as before. Resolves when it is in,
 * or has failed. */
export function loadFallback() {
  return loadCatalogue(DEFAULT_LANGUAGE).catch(() => {});
}

/** Call `fn(code)` after every language change; returns a function that stops it. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function language() {
  return current;
}

export function direction(code = current) {
  return byCode.get(code)?.dir ?? "ltr";
}

/** The keys looked up but missing (as "code:key"), for tests and debugging. */
export function missingKeys() {
  return [...missing];
}

/** Whether `messages` holds `key`: as a message, or as a plural's forms (`key_other`). */
function holds(messages, key) {
  return Boolean(messages) && (Object.hasOwn(messages, key) || Object.hasOwn(messages, `${key}_other`));
}

/** Whether the current catalogue (or English) has `key`. */
export function hasKey(key) {
  return holds(catalogues.get(current), key) || holds(catalogues.get(DEFAULT_LANGUAGE), key);
}

/** The text of `key` in `messages` (which holds it): a plural's form for `count` is
 * `key_zero` for exactly 0 where the catalogue has one, else the category's form. */
function pick(messages, key, rules, count) {
  if (Object.hasOwn(messages, key)) return messages[key];
  const n = Number(count ?? 0);
  for (const form of [n === 0 ? "zero" : "", rules.select(n), "other"]) {
    if (form && Object.hasOwn(messages, `${key}_${form}`)) return messages[`${key}_${form}`];
  }
  return messages[`${key}_other`];
}

function translate(code, rules, numbers, key, params) {
  let messages = catalogues.get(code);
  if (!holds(messages, key)) {
    missing.add(`${code}:${key}`);
    const english = catalogues.get(DEFAULT_LANGUAGE);
    const has = holds(english, key);
    if (DEV) console.warn(`i18n: no "${key}" in ${code}${has ? "; using English" : ""}`);
    if (!has) return key;
    messages = english;
  }
  const value = pick(messages, key, rules, params.count);
  return String(value).replace(/\{(\w+)\}/g, (whole, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const v = params[name];
    return typeof v === "number" ? numbers.format(v) : String(v);
  });
}

/**
 * The message `key` in the current language with `{name}` placeholders
 * filled from `params` (numbers are formatted for the language). A plural
 * message is chosen by `params.count`. A missing key falls back to English
 * (with a warning on localhost); a key missing everywhere comes back as the
 * key itself, so a test sees it.
 */
export function t(key, params = {}) {
  return translate(current, englishPlural(), englishNumbers(), key, params);
}

/**
 * A `t` for one language that leaves the page's language alone: for an
 * embed whose `lang` differs from the page's (two embeds, two languages).
 * Resolves with {code, dir, t, formatNumber}.
 */
export async function translator(code, { browser } = {}) {
  const chosen = byCode.has(code) ? code : DEFAULT_LANGUAGE;
  await Promise.all([loadCatalogue(DEFAULT_LANGUAGE), loadCatalogue(chosen)]);
  const rules = new Intl.PluralRules(chosen);
  const numbers = new Intl.NumberFormat(numberLocale(chosen, browser));
  return {
    code: chosen,
    dir: direction(chosen),
    t: (key, params = {}) => translate(chosen, rules, numbers, key, params),
    formatNumber: (n) => numbers.format(n),
  };
}

/** A number in the current language's digits and separators. */
export function formatNumber(n, options) {
  return options ? new Intl.NumberFormat(numberTag, options).format(n) : englishNumbers().format(n);
}

/** A range of numbers in the current language's way ("60% – 75%"): an estimate that is uncertain. */
export function formatNumberRange(low, high, options) {
  return new Intl.NumberFormat(numberTag, options).formatRange(low, high);
}

// Bidirectional isolates (Unicode UAX #9): LRI ... PDI keeps a run left to right,
// FSI ... PDI gives it the direction of its first strong letter.
const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";

/** True when `text` is already one isolate from end to end (nothing to add). */
function isIsolated(text) {
  if (!/^[\u2066-\u2068]/.test(text) || !text.endsWith(PDI)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === LRI || c === FSI || c === "\u2067") depth++;
    else if (c === PDI && --depth === 0 && i < text.length - 1) return false; // two runs, not one
  }
  return depth === 0;
}

/**
 * Text that must read left to right inside a sentence of the current language:
 * card notation ("10♥", "J♦"), a signed number, a URL. Right to left it is
 * wrapped in LRI ... PDI, so "10♥" never shows as "♥10"; left to right it is
 * returned as it is. Text that is already an isolate is not wrapped twice.
 * The one helper for the page and the embeds (i18n-terms.js cardCode/cardList,
 * web/shared/words.js).
 */
export function ltrRun(text) {
  const s = String(text);
  return direction() === "rtl" && s && !isIsolated(s) ? `${LRI}${s}${PDI}` : s;
}

/**
 * Text of unknown direction inside a sentence of the current language (a
 * number in the language's digits, a name): right to left, wrapped in
 * FSI ... PDI; never wrapped twice.
 */
export function isolate(text) {
  const s = String(text);
  return direction() === "rtl" && s && !isIsolated(s) ? `${FSI}${s}${PDI}` : s;
}

// bidi marks some locales put beside a sign (ALM, LRM, RLM): the isolate below does their work
const SIGN_MARKS = /[\u061c\u200e\u200f]/g;
const signedFormats = new Map(); // "locale options" -> Intl.NumberFormat (scores repaint often)

function signedFormat(options) {
  const key = `${numberTag} ${JSON.stringify(options)}`;
  let format = signedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberTag, { signDisplay: "exceptZero", ...options });
    signedFormats.set(key, format);
  }
  return format;
}

/**
 * A number that may carry a sign, wherever one is shown (scores, points, a
 * hint's value): in the language's digits, with a true minus sign (U+2212,
 * not a hyphen), and in right-to-left text isolated left to right, so the sign
 * stays in front of the digits ("−1.5", never "1.5-"). `signDisplay`:
 * "exceptZero" (the default: +3, −2, 0, for a change) or "negative" (a score:
 * 12, −5); other Intl.NumberFormat options as given. The rules page and its
 * embeds write every number in Latin digits, as the rule set's words do
 * (`RULES_DIGITS`); the table writes them in the reader's digits.
 */
/** formatSigned's option for the rules page and its embeds: the rule set's numbers are written "+5", "−3" in every language. */
export const RULES_DIGITS = Object.freeze({ numberingSystem: "latn" });

export function formatSigned(n, options = {}) {
  const text = signedFormat(options)
    .formatToParts(n)
    .map((part) => (part.type === "minusSign" ? "\u2212" : part.value.replace(SIGN_MARKS, "")))
    .join("");
  return ltrRun(text);
}

/**
 * A calendar day ("2026-12-01", as the engine and the deal of the day name it) in
 * the current language's words ("1 December 2026", "1 dicembre 2026", "١ ديسمبر
 * ٢٠٢٦" for an ar-EG reader): Intl.DateTimeFormat in the numbers' locale, the
 * language's stand-in where the browser has no data, the day itself (UTC, so
 * never the day before). Right to left it is one isolate. Text that is no such
 * day is returned as it is.
 */
export function formatDate(day, options = { dateStyle: "long" }) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(day));
  if (!match) return String(day);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  try {
    const tag = supported(numberTag, Intl.DateTimeFormat) ? numberTag : intlLocale(current, Intl.DateTimeFormat);
    return isolate(new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(date));
  } catch {
    return String(day);
  }
}

/** The locale lists of `type` are formatted in for language `code` (the current one):
 * intlLocale's, or the language's stand-in
 * where the browser's data has no words of its own for that type and gives English's
 * (Frisian has "a en b" but its "or" falls back to the root's: "a or b"). */
export function listLocale(type, code = current) {
  const tag = intlLocale(code, Intl.ListFormat);
  const standIn = byCode.get(code)?.intl;
  if (tag === "en" || !standIn || !supported(standIn, Intl.ListFormat)) return tag;
  const probe = (t) => new Intl.ListFormat(t, { style: "long", type }).format(["a", "b"]);
  return probe(tag) === probe("en") ? standIn : tag;
}

// One Intl.ListFormat per language and type ("conjunction", "disjunction"), made once:
// listLocale probes the browser's data with two more.
const listFormats = new Map();

/** "a, b and c" in the current language. */
export function formatList(items, type = "conjunction") {
  try {
    const key = `${current}|${type}`;
    let format = listFormats.get(key);
    if (!format) {
      format = new Intl.ListFormat(listLocale(type), { style: "long", type });
      listFormats.set(key, format);
    }
    return format.format(items.map(String));
  } catch {
    return items.join(", ");
  }
}

/**
 * Translate static markup in place: `data-i18n="key"` sets an element's text,
 * `data-i18n-attr="aria-label:key; title:key"` sets attributes. The English
 * text in the HTML stays as what paints before any script runs.
 */
export function localizeTree(root = globalThis.document, translate = t) {
  if (!root?.querySelectorAll) return;
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = translate(el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((x) => x.trim());
      if (attr && key) setChanged(el, attr, translate(key));
    }
  }
}

/** Set `lang` and `dir` on `root` (the <html> element by default, or an embed's host). */
export function applyDocumentLanguage(root = globalThis.document?.documentElement, code = current) {
  if (!root) return;
  setChanged(root, "lang", code);
  setChanged(root, "dir", direction(code));
}

// Only what differs is written: a text or an attribute written again, even the same,
// makes the browser restyle and lay out what depends on it (`lang` and `dir` on the
// root: the whole page), so a page already in its language is left as it is at start-up.
function setChanged(el, attr, value) {
  if (el.getAttribute(attr) !== value) el.setAttribute(attr, value);
}
