// Run one of the build's Python tools inside Pyodide (the npm package, in Node): the
// tools whose output depends on the runtime's own Python (its bytecode, its tokenizer).
//
//   node devtools/hasenpfeffer_site/in_pyodide.mjs <tool.py> <in> <out>
//
// The tool's source runs as a module named after its file; its main([in, out]) reads and
// writes copies inside Pyodide's file system, copied from and back to the given paths.
// Python starts without the columns of code in its bytecode (PYTHONNODEBUGRANGES, as
// -X no_debug_ranges): tracebacks keep their lines, the files shrink by a fifth (issue 50).
// Nothing here touches the network: Pyodide comes from node_modules.

import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";

const [tool, input, output] = process.argv.slice(2);
if (!tool || !input || !output) {
  process.stderr.write("usage: node devtools/hasenpfeffer_site/in_pyodide.mjs <tool.py> <in> <out>\n");
  process.exit(2);
}
const pyodide = await loadPyodide({
  stdout: (line) => console.log(line),
  env: { PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.writeFile("/tmp/in", readFileSync(input));
pyodide.globals.set("__name__", basename(tool, ".py"));
pyodide.runPython(readFileSync(tool, "utf8"));
const status = pyodide.runPython("main(['/tmp/in', '/tmp/out'])");
if (status !== 0) process.exit(status ?? 1);
writeFileSync(output, pyodide.FS.readFile("/tmp/out"));
