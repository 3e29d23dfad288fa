// Pyodide started in Node as the game's engine worker starts it (web/engine/
// pyodide-adapter.js's loadRuntime(): no packages, the game's standard library as
// `stdLibURL`, Pyodide's default env, a snapshot to be taken; Pyodide's own lock file,
// where the worker reads the game's, without packages: the snapshot holds no package
// index, the loader reads the lock again after a restore), the wheel put where the
// worker puts it (/engine/<its name>, so the paths a snapshot holds are the worker's),
// and the engine's API and every computer player imported (a first deal asks them for
// their bids). The one start both the runtime snapshot (engine_snapshot.mjs) and the
// standard library's finder (game_stdlib.mjs) make, so the two see the same runtime.

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";

export async function startEngine(stdlib, wheel) {
  const pyodide = await loadPyodide({ packages: [], _makeSnapshot: true, stdLibURL: stdlib });
  const path = `/engine/${basename(wheel)}`;
  pyodide.FS.mkdirTree("/engine");
  pyodide.FS.writeFile(path, readFileSync(wheel));
  pyodide.runPython(`
import importlib, pkgutil, sys
sys.path.insert(0, ${JSON.stringify(path)})
import hasenpfeffer.api
import hasenpfeffer.bots
for module in pkgutil.iter_modules(hasenpfeffer.bots.__path__, "hasenpfeffer.bots."):
    importlib.import_module(module.name)
`);
  return pyodide;
}
