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

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { startEngine } from "./started_engine.mjs";

const [stdlib, wheel, output] = process.argv.slice(2);
if (!stdlib || !wheel || !output) {
  process.stderr.write("usage: node devtools/hasenpfeffer_site/engine_snapshot.mjs <stdlib.zip> <wheel> <out>\n");
  process.exit(2);
}
// the worker's own start (started_engine.mjs)
const pyodide = await startEngine(stdlib, wheel);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(output, gzipSync(snapshot, { level: 9 }));
process.stdout.write(`${output}: ${snapshot.byteLength} bytes, gzipped\n`);
