// The started runtime, made once at build time: Pyodide's memory snapshot of Python
// right after the engine and every computer player were imported, gzipped. A first
// visit's engine worker restores it instead of starting Python and importing the engine
// (web/engine/runtime-snapshot.js: "the started runtime, shipped with the site"),
// seconds of one core on a slow machine for a few MB more to download.
//
//   node devtools/hasenpfeffer_site/engine_snapshot.mjs <the game's stdlib.zip> <the site's wheel> <out>
//
// Pyodide comes from node_modules, the same build the site copies (a snapshot records
// its build id, and Pyodide refuses to restore it into another). The wheel is put where
// the worker puts it, /engine/<its name>, so the paths the snapshot holds are the
// worker's; the standard library is the one the worker loads (its `stdLibURL`: the
// game's, game_stdlib.py), since the snapshot holds that archive's table of contents.
// Nothing here touches the network.

import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [stdlib, wheel, output] = process.argv.slice(2);
if (!stdlib || !wheel || !output) {
  process.stderr.write("usage: node devtools/hasenpfeffer_site/engine_snapshot.mjs <stdlib.zip> <wheel> <out>\n");
  process.exit(2);
}
// the worker's own options (web/engine/pyodide-adapter.js's loadRuntime()): no packages,
// the game's standard library, Pyodide's default env
const pyodide = await loadPyodide({ packages: [], _makeSnapshot: true, stdLibURL: stdlib });
const path = `/engine/${basename(wheel)}`;
pyodide.FS.mkdirTree("/engine");
pyodide.FS.writeFile(path, readFileSync(wheel));
// the engine's API, and every computer player (a first deal asks them for their bids)
pyodide.runPython(`
import importlib, pkgutil, sys
sys.path.insert(0, ${JSON.stringify(path)})
import hasenpfeffer.api
import hasenpfeffer.bots
for module in pkgutil.iter_modules(hasenpfeffer.bots.__path__, "hasenpfeffer.bots."):
    importlib.import_module(module.name)
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(output, gzipSync(snapshot, { level: 9 }));
process.stdout.write(`${output}: ${snapshot.byteLength} bytes, gzipped\n`);
