// Run the build's Python tools inside Pyodide (the npm package, in Node): the tools whose
// output depends on the runtime's own Python (its bytecode, its tokenizer).
//
//   node devtools/hasenpfeffer_site/in_pyodide.mjs <tool.py>... <in> <out>
//
// Each tool's source runs as a module named after its file, in a namespace of its own;
// its main([in, out]) reads and writes copies inside Pyodide's file system. With several
// tools, each reads what the one before wrote, in one start of Python (a start costs
// seconds). The first reads a copy of <in>; the last one's output is copied to <out>.
// Python starts without the columns of code in its bytecode (PYTHONNODEBUGRANGES, as
// -X no_debug_ranges): tracebacks keep their lines, the files shrink by a fifth (issue 50).
// Nothing here touches the network: Pyodide comes from node_modules.

import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
const tools = args.slice(0, -2);
const [input, output] = args.slice(-2);
if (tools.length === 0 || !tools.every((tool) => tool.endsWith(".py"))) {
  process.stderr.write(
    "usage: node devtools/hasenpfeffer_site/in_pyodide.mjs <tool.py>... <in> <out>\n",
  );
  process.exit(2);
}
const pyodide = await loadPyodide({
  stdout: (line) => console.log(line),
  env: { PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.writeFile("/tmp/in", readFileSync(input));
for (const [i, tool] of tools.entries()) {
  if (i > 0) pyodide.FS.rename("/tmp/out", "/tmp/in");
  const namespace = pyodide.globals.get("dict")();
  namespace.set("__name__", basename(tool, ".py"));
  pyodide.runPython(readFileSync(tool, "utf8"), { globals: namespace });
  const status = pyodide.runPython("main(['/tmp/in', '/tmp/out'])", { globals: namespace });
  namespace.destroy();
  if (status !== 0) process.exit(status ?? 1);
}
writeFileSync(output, pyodide.FS.readFile("/tmp/out"));
