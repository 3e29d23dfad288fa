// The page inside every non-game embed (embed.html?mode=...&parent=...).
//
// Reads the attributes from the address (and later from the parent's
// messages), connects to the shared engine worker (one Pyodide for every
// embed of the page), and hands the rendering to the mode's module. Every
// attribute is checked by the engine; a bad one shows the engine's message
// here. The frame reports its height, readiness and errors to the parent.

import { EngineClient } from "../engine/client.js";
import { connectParent } from "./link.js";
import * as legal from "./legal.js";
import * as puzzle from "./puzzle.js";
import * as ranking from "./ranking.js";
import * as replay from "./replay.js";
import * as scoring from "./scoring.js";
import * as trick from "./trick.js";
import { el, errorWords } from "../shared/words.js";
import { applyDocumentLanguage, detectLanguage, language, setLanguage, t } from "../shared/i18n.js";

const MODES = { ranking, trick, legal, scoring, hand: replay, puzzle };
const ATTRS = ["mode", "trump", "lead", "played", "hand", "hpn", "number", "seed", "rules", "call", "tricks", "alone", "defender", "puzzle", "lang"];

const root = document.getElementById("embed");
const params = new URLSearchParams(location.search);
let attrs = {};
for (const name of ATTRS) if (params.has(name)) attrs[name] = params.get(name);
let shown = null; // JSON of the attributes on screen
let engine = null;
let renderCount = 0;

const link = connectParent({
  onAttrs(next) {
    const clean = { mode: attrs.mode };
    for (const name of ATTRS)
      if (name !== "mode" && typeof next[name] === "string") clean[name] = next[name];
    attrs = clean;
    if (engine) show();
    else setLang().then(loadingText);
  },
  sizeOf: () => document.documentElement.getBoundingClientRect().height,
});

/**
 * The frame's language: the element's `lang` (its own attribute, else the
 * host page's, which the loader sends), else the reader's browser languages,
 * else English. The frame's own stored choice (the game page's) is not used:
 * the host page decides. Sets <html lang dir>, the title, and tells the
 * element the title (its iframe's accessible name).
 */
async function setLang() {
  const code = detectLanguage({ explicit: attrs.lang ?? null, search: "", stored: null });
  if (code !== language() || !document.documentElement.hasAttribute("dir")) await setLanguage(code);
  applyDocumentLanguage();
  const title = t(MODES[attrs.mode] ? `embed.title.${attrs.mode}` : "embed.title.other");
  document.title = title;
  link.post("title", { title, lang: code });
}

function loadingText() {
  for (const node of root.querySelectorAll("[data-loading]")) node.textContent = t("embed.loading");
  root.querySelector("progress")?.setAttribute("aria-label", t("embed.loading"));
}

function showError(message) {
  root.replaceChildren(
    el(
      "div",
      { className: "error", role: "alert" },
      el("p", { className: "error-title" }, el("strong", {}, t("embed.failed"))),
      el("p", { className: "error-text" }, message),
    ),
  );
  document.documentElement.dataset.state = "error";
  link.post("error", { message });
}

function badMode() {
  return t("attr.bad_mode", { value: attrs.mode ?? "" });
}

async function show() {
  const key = JSON.stringify(attrs);
  if (key === shown) return;
  shown = key;
  const count = ++renderCount;
  const module = MODES[attrs.mode];
  root.setAttribute("aria-busy", "true");
  try {
    await setLang();
    if (!module) throw new Error(badMode());
    const view = await module.render(engine, attrs);
    if (count !== renderCount) return; // newer attributes arrived meanwhile
    root.replaceChildren(view);
    document.documentElement.dataset.state = "ready";
    link.post("ready");
  } catch (err) {
    if (count === renderCount) showError(err.code ? errorWords(err) : err.message);
  } finally {
    if (count === renderCount) root.removeAttribute("aria-busy");
  }
}

async function boot() {
  // a browser too old for the game: web/shared/load-guard.js says so in the frame, and
  // nothing starts (the parent is told, as of any error)
  const missing = globalThis.hasenpfefferMissing;
  if (missing?.length) {
    document.documentElement.dataset.state = "error";
    link.post("error", { message: `browser_too_old: ${missing.join(", ")}` });
    return;
  }
  await setLang();
  document.documentElement.dataset.state = "loading";
  const bar = el("progress", { max: 1, value: 0 });
  bar.setAttribute("aria-label", t("embed.loading"));
  const note = el("p", { className: "loading", role: "status" }, t("embed.loading"));
  note.dataset.loading = "";
  root.replaceChildren(note, bar);
  if (!MODES[attrs.mode]) {
    showError(badMode());
    root.removeAttribute("aria-busy");
    return;
  }
  try {
    const client = new EngineClient({
      shared: true,
      onProgress(fraction) {
        bar.value = fraction;
      },
      // back from the back/forward cache with the worker gone: draw the example again
      onRestart() {
        shown = null;
        show();
      },
    });
    await client.ready;
    engine = client;
    window.hasenpfeffer = { worker: client.workerInfo };
  } catch (err) {
    showError(t("embed.engine_failed", { detail: err.message }));
    root.removeAttribute("aria-busy");
    return;
  }
  await show();
}

boot();
