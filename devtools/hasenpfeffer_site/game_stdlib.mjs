// Which modules of the standard library the game's engine worker imports: Pyodide
// started as the worker starts it (web/engine/worker.js), with Pyodide's whole
// python_stdlib.zip, the engine and every computer player imported, a memory snapshot
// taken, the modules of SAFETY imported, a Python error raised into JavaScript, and
// then the walk through everything the API can reach (api_walk.py), request by
// request through handle_json as the worker sends them. Run by game_stdlib.py.
//
//   node devtools/hasenpfeffer_site/game_stdlib.mjs <stdlib.zip> <the site's wheel> <api_walk.py> <safety,modules> <out.json>
//
// Writes {modules: {name: file or null}, builtin: [names]}: every module loaded at the
// end and the file it came from (null: none, built into the runtime), and the names of
// the runtime's built-in modules. Nothing here touches the network.

import { readFileSync, writeFileSync } from "node:fs";
import { startEngine } from "./started_engine.mjs";

const [stdlib, wheel, walk, safety, output] = process.argv.slice(2);
if (!output) {
  process.stderr.write(
    "usage: node devtools/hasenpfeffer_site/game_stdlib.mjs <stdlib.zip> <wheel> <api_walk.py> <safety> <out.json>\n",
  );
  process.exit(2);
}
// the worker's own start, and the snapshot maker's (started_engine.mjs)
const pyodide = await startEngine(stdlib, wheel);
pyodide.makeMemorySnapshot();
pyodide.runPython("import random\nrandom.seed()");
const handleJson = pyodide.pyimport("hasenpfeffer.api").handle_json;
try {
  pyodide.runPython("raise ValueError('an error on its way to JavaScript')");
} catch {
  // (its conversion into a JavaScript error is what was wanted)
}
pyodide.globals.set("walk_source", readFileSync(walk, "utf8"));
pyodide.globals.set("safety", safety);
pyodide.globals.set("handle_json", handleJson);
const found = pyodide.runPython(`
import importlib, json, sys, types
for name in filter(None, safety.split(",")):
    importlib.import_module(name)
walk = types.ModuleType("api_walk")
exec(compile(walk_source, "api_walk.py", "exec"), walk.__dict__)
steps = walk.drive(lambda request: json.loads(handle_json(json.dumps(request))))
modules = {}
for name, module in list(sys.modules.items()):
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or getattr(module, "__file__", None)
    modules[name] = origin if isinstance(origin, str) and origin.startswith("/") else None
json.dumps({"modules": modules, "builtin": sorted(sys.builtin_module_names), "steps": steps})
`);
writeFileSync(output, found);
process.stdout.write(`${output}: ${Object.keys(JSON.parse(found).modules).length} modules\n`);
