// The Python rule page (python.html): PyScript's editor cells (<script type="py-editor">)
// on the site's own Pyodide, the engine wheel installed by micropip from the site
// (the first cell's `config`; see docs/python-in-pages.md).
//
// PyScript makes the cells, runs them in one worker and writes their output. This
// module adds only what a rule page wants around them:
//   - it runs the first cell as soon as its editor is ready, so the reader sees
//     Python answer without pressing anything;
//   - the status line says what runs (the engine's and Python's versions, asked
//     from the cells' own Python) and, later, that the page works offline;
//   - each cell's code and output are named after its section, the output is a
//     polite live region, the run button has a name; the editor's syntax colours
//     that are too light for the white background (WCAG AA, 4.5:1) are darkened;
//   - once Python has answered, it registers the site's service worker and asks it
//     to keep this page's own files (PyScript, micropip: the "python" group of the
//     precache, which the game does not need and so does not download).
//
// For tests and benches: the performance marks "py-first-editor" (the first cell's
// editor is made: Python starts now) and "py-first-output" (its output is on the
// page), and on <html> data-engine-version, data-python-version, data-offline="ready".
//
// The page's own words are English, like the rest of this example page.

import { keepPageOffline } from "../pwa/keep.js";

const TEXT = {
  ready: (engine, python) =>
    `Python ${python} is running the engine ${engine}: every cell is live.`,
  offline: "This page works offline now.",
  failed: "Python could not start: the first cell says why.",
  run: (title) => `Run the cell: ${title}`,
  code: (title) => `Python code: ${title}`,
  output: (title) => `Output: ${title}`,
};
const CONTRAST = 4.6; // a little above AA's 4.5:1, for the active line's tint
// The service worker's group of files this page needs beyond the game's (web/pwa/sw.js).
const GROUP = "python";
// the site's root: python.html's folder (this module lives in the version's folder)
const SCOPE = new URL("./", document.baseURI);
const SW_URL = new URL("sw.js", SCOPE);
// Asked from the cells' Python without leaving names in the cells' namespace.
const VERSIONS = '__import__("hasenpfeffer").__version__ + " " + __import__("sys").version.split()[0]';

const status = document.querySelector("#python-status");
const cells = [...document.querySelectorAll('script[type^="py-editor"]')];

function say(text, state) {
  status.textContent = text;
  status.dataset.state = state;
}

/** The cell's editor element (PyScript puts it right after the script), once ready. */
function editorOf(script) {
  const ready = () => script.type.endsWith("-active") && script.target?.querySelector("button");
  if (ready()) return Promise.resolve(script.target);
  return new Promise((resolve) => {
    const check = () => {
      if (!ready()) return;
      script.removeEventListener("py-editor", check);
      resolve(script.target);
    };
    script.addEventListener("py-editor", check);
  });
}

/** Relative luminance of an "rgb(r, g, b)" colour (WCAG 2). */
function luminance([r, g, b]) {
  const linear = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Darken the colours of the editor's own style sheets that are too light on white. */
function readableColours(root) {
  const sheets = [...root.adoptedStyleSheets, ...[...root.styleSheets]];
  for (const sheet of sheets) {
    for (const rule of sheet.cssRules) {
      const rgb = rule.style?.color.match(/^rgb\((\d+), (\d+), (\d+)\)$/)?.slice(1).map(Number);
      if (!rgb) continue;
      let colour = rgb;
      while (1.05 / (luminance(colour) + 0.05) < CONTRAST) colour = colour.map((c) => Math.floor(c * 0.9));
      if (colour !== rgb) rule.style.color = `rgb(${colour.join(", ")})`;
    }
  }
}

function label(editor) {
  const title = editor.closest("section")?.querySelector("h2")?.textContent ?? document.title;
  const button = editor.querySelector(".py-editor-run-button");
  button.setAttribute("aria-label", TEXT.run(title));
  button.title = TEXT.run(title);
  const output = editor.querySelector(".py-editor-output");
  output.setAttribute("aria-live", "polite");
  output.setAttribute("aria-label", TEXT.output(title));
  const root = editor.querySelector(".py-editor-input > div").shadowRoot;
  root.querySelector(".cm-content")?.setAttribute("aria-label", TEXT.code(title));
  readableColours(root);
  // the editor may add style sheets later (completion, search): check again on use
  root.addEventListener("focusin", () => readableColours(root));
}

/** Run `script`'s cell as its button would; resolves when it has finished. */
function run(script, editor) {
  return new Promise((resolve) => {
    script.addEventListener("py-editor:done", resolve, { once: true });
    editor.querySelector(".py-editor-run-button").click();
  });
}

async function keepOffline() {
  if (await keepPageOffline(SW_URL, SCOPE, GROUP, "The Python page")) status.textContent += ` ${TEXT.offline}`;
}

// PyScript focuses each editor it makes, which would scroll the page to the last
// cell: until the reader does something, the page stays where it was.
let touched = false;
for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
  addEventListener(type, () => (touched = true), { capture: true, once: true, passive: true });
}

function ready(editor) {
  label(editor);
  if (touched) return;
  document.activeElement?.blur();
  scrollTo(0, 0);
}

async function start() {
  const [first, ...rest] = cells;
  const editor = await editorOf(first);
  performance.mark("py-first-editor");
  ready(editor);
  // Python starts while PyScript makes the other editors
  const ran = run(first, editor);
  for (const script of rest) editorOf(script).then(ready);
  await ran;
  const output = editor.querySelector(".py-editor-output");
  performance.mark("py-first-output");
  const worker = cells.find((s) => s.xworker)?.xworker;
  let versions = null;
  if (output.textContent.trim() && !output.querySelector("span")) {
    versions = await worker?.sync.runAsync(VERSIONS).catch(() => null);
  }
  if (typeof versions !== "string") {
    say(TEXT.failed, "failed");
    return;
  }
  const [engine, python] = versions.split(" ");
  document.documentElement.dataset.engineVersion = engine;
  document.documentElement.dataset.pythonVersion = python;
  say(TEXT.ready(engine, python), "ready");
  await keepOffline();
}

start();
