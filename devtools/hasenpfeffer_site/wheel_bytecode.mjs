// Compile the engine wheel's modules to bytecode with the Python of the site's
// runtime: runs wheel_bytecode.py inside Pyodide (the npm package, in Node).
//
//   node devtools/hasenpfeffer_site/wheel_bytecode.mjs <in.whl> <out.whl>
//
// Nothing here touches the network: Pyodide comes from node_modules.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  process.stderr.write("usage: node devtools/hasenpfeffer_site/wheel_bytecode.mjs <in.whl> <out.whl>\n");
  process.exit(2);
}
const script = readFileSync(fileURLToPath(new URL("wheel_bytecode.py", import.meta.url)), "utf8");
const pyodide = await loadPyodide({ stdout: (line) => console.log(line) });
pyodide.FS.writeFile("/tmp/in.whl", readFileSync(input));
pyodide.globals.set("__name__", "wheel_bytecode");
pyodide.runPython(script);
pyodide.runPython("import sys\nmain(['/tmp/in.whl', '/tmp/out.whl'])");
writeFileSync(output, pyodide.FS.readFile("/tmp/out.whl"));
