// What the engine's worker does with Pyodide beyond its documented API, all of it here:
// its loader's requests routed through the worker's own fetch (it fetches its files with
// the global fetch), the wasm it instantiates swapped for one compiled already (its
// WebAssembly.instantiateStreaming), its private snapshot options (`_loadSnapshot`,
// `_makeSnapshot`) and the `_api.config` that keeps them, and its private
// makeMemorySnapshot(). The documented API (loadPyodide's `indexURL` and `packages`,
// `FS`, `runPython`, `pyimport`) is used where the worker needs it.
//
// Checked against Pyodide PYODIDE_VERSION, the version package.json pins (the copy in
// node_modules/pyodide that the build puts in the site's pyodide/). A new Pyodide: read
// these again against its loader, then change the version here
// (tests/test_pyodide_adapter.py holds it to the installed one).

/** The Pyodide this module was checked against (package.json's pin). */
export const PYODIDE_VERSION = "314.0.7";

/** The site's copy of Pyodide (loadPyodide's `indexURL`). */
const indexURL = new URL("../../pyodide/", import.meta.url).href;

/** The runtime's wasm, as Pyodide's loader asks for it. */
export const WASM_URL = new URL("pyodide.asm.wasm", indexURL).href;

/** The runtime's JavaScript (Emscripten's module), which Pyodide's loader imports from
 * here unless loadRuntime() is given its factory (loadPyodide's `createPyodideModule`:
 * the module's default export). */
export const RUNTIME_SCRIPT_URL = new URL("pyodide.asm.mjs", indexURL).href;

/** The standard library the game needs, trimmed by the build from Pyodide's whole one
 * (devtools/hasenpfeffer_site/game_stdlib.py; loadPyodide's `stdLibURL`); pages with
 * Python of their own keep the whole one. */
export const STDLIB_NAME = "python_stdlib_game.zip";
export const STDLIB_URL = new URL(STDLIB_NAME, indexURL).href;

/** Pyodide's lock file without its packages (the build's, game_stdlib.py; loadPyodide's
 * `lockFileURL`): the game loads no package, and the loader reads it at every start. */
const lockFileURL = new URL("pyodide-lock-game.json", indexURL).href;

const standIns = new WeakSet();

/** What the loader's request for the wasm gets: a response that stands for the module. */
function compiledStandIn() {
  const response = new Response(null, { status: 200, headers: { "Content-Type": "application/wasm" } });
  standIns.add(response);
  return response;
}

/**
 * Every request of this worker's global fetch (Pyodide's loader's among them) goes to
 * `handle(input, init, url)`, but the loader's request for the wasm (WASM_URL): it gets
 * a stand-in, and the loader's WebAssembly.instantiateStreaming of that stand-in
 * instantiates `compiledWasm` (a promise of the module, compiled already; a second
 * start, after an unusable snapshot, too: the wasm is fetched once).
 */
export function routeLoaderRequests(handle, compiledWasm) {
  self.fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : (input.url ?? String(input)), self.location.href).href;
    if (url === WASM_URL) return compiledStandIn(); // compiled already
    return handle(input, init, url);
  };
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!standIns.has(response)) return instantiateStreaming(response, imports);
    const module = await compiledWasm;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

/**
 * Pyodide started, its loader imported now (not statically: a static import would be
 * loaded before the worker's first request): from `snapshot` (a memory snapshot's
 * bytes) when given, else the usual way, ready for takeMemorySnapshot() when
 * `makeSnapshot`. `runtimeScript()`: a promise of RUNTIME_SCRIPT_URL's default export
 * imported by the worker, or of null (then imported here, as the loader would): called
 * only when the loader creates the module, after it has asked for the lock file and
 * the standard library.
 */
export async function loadRuntime(snapshot, makeSnapshot, runtimeScript = async () => null) {
  const { loadPyodide } = await import("../../pyodide/pyodide.mjs");
  const createPyodideModule = async (settings) => {
    const create = (await runtimeScript()) ?? (await import(RUNTIME_SCRIPT_URL)).default;
    return create(settings);
  };
  const options = snapshot
    ? { indexURL, stdLibURL: STDLIB_URL, lockFileURL, packages: [], createPyodideModule, _loadSnapshot: snapshot }
    : { indexURL, stdLibURL: STDLIB_URL, lockFileURL, packages: [], createPyodideModule, _makeSnapshot: makeSnapshot };
  const pyodide = await loadPyodide(options);
  if (pyodide._api?.config) pyodide._api.config._loadSnapshot = null; // the loader keeps its options
  return pyodide;
}

/** A memory snapshot of `pyodide` (loaded with `makeSnapshot`): its bytes; throws when it cannot. */
export function takeMemorySnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}
