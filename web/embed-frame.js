// The page inside every non-game embed (embed.html?mode=...&parent=...).
//
// Reads the attributes from the address (and later from the parent's
// messages), connects to the shared engine worker (one Pyodide for every
// embed of the page), and hands the rendering to the mode's module. Every
// attribute is checked by the engine; a bad one shows the engine's message
// here. The frame reports its height, readiness and errors to the parent.

import { EngineClient } from "./client.js";
import { connectParent, validLang } from "./embed-link.js";
import * as ranking from "./embed-ranking.js";
import * as replay from "./embed-replay.js";
import * as trick from "./embed-trick.js";

const TEXT = {
  loading: "Loading the card engine…",
  failed: "This example cannot be shown.",
  engineFailed: "The card engine could not start",
  badMode: (mode) => `mode: '${mode}' is not one of ranking, trick, hand, game`,
};

const MODES = { ranking, trick, hand: replay };
const ATTRS = ["mode", "trump", "lead", "played", "hand", "hpn", "number", "seed", "rules", "lang"];

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
  },
  sizeOf: () => document.documentElement.getBoundingClientRect().height,
});

function setLang() {
  document.documentElement.lang = validLang(attrs.lang) ?? "en";
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function showError(message) {
  root.replaceChildren(
    el(
      "div",
      { className: "error", role: "alert" },
      el("p", { className: "error-title" }, el("strong", {}, TEXT.failed)),
      el("p", { className: "error-text" }, message),
    ),
  );
  document.documentElement.dataset.state = "error";
  link.post("error", { message });
}

async function show() {
  const key = JSON.stringify(attrs);
  if (key === shown) return;
  shown = key;
  setLang();
  const count = ++renderCount;
  const module = MODES[attrs.mode];
  root.setAttribute("aria-busy", "true");
  try {
    if (!module) throw new Error(TEXT.badMode(attrs.mode ?? ""));
    const view = await module.render(engine, attrs);
    if (count !== renderCount) return; // newer attributes arrived meanwhile
    root.replaceChildren(view);
    document.documentElement.dataset.state = "ready";
    link.post("ready");
  } catch (err) {
    if (count === renderCount) showError(err.message);
  } finally {
    if (count === renderCount) root.removeAttribute("aria-busy");
  }
}

async function boot() {
  setLang();
  document.documentElement.dataset.state = "loading";
  const bar = el("progress", { max: 1, value: 0 });
  bar.setAttribute("aria-label", TEXT.loading);
  root.replaceChildren(el("p", { className: "loading", role: "status" }, TEXT.loading), bar);
  if (!MODES[attrs.mode]) {
    showError(TEXT.badMode(attrs.mode ?? ""));
    root.removeAttribute("aria-busy");
    return;
  }
  try {
    const client = new EngineClient({
      shared: true,
      onProgress(fraction) {
        bar.value = fraction;
      },
    });
    await client.ready;
    engine = client;
    window.hasenpfeffer = { worker: client.workerInfo };
  } catch (err) {
    showError(`${TEXT.engineFailed}: ${err.message}`);
    root.removeAttribute("aria-busy");
    return;
  }
  await show();
}

boot();
