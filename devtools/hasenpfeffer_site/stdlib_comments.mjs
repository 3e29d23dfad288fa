// The game's standard library without its source comments, by the Python of the site's
// runtime: runs stdlib_comments.py inside Pyodide (the npm package, in Node). Run by
// game_stdlib.py.
//
//   node devtools/hasenpfeffer_site/stdlib_comments.mjs <in.zip> <out.zip>
//
// Nothing here touches the network: Pyodide comes from node_modules.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  process.stderr.write("usage: node devtools/hasenpfeffer_site/stdlib_comments.mjs <in.zip> <out.zip>\n");
  process.exit(2);
}
const script = readFileSync(fileURLToPath(new URL("stdlib_comments.py", import.meta.url)), "utf8");
const pyodide = await loadPyodide({ stdout: (line) => console.log(line) });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.globals.set("__name__", "stdlib_comments");
pyodide.runPython(script);
pyodide.runPython("main(['/tmp/in.zip', '/tmp/out.zip'])");
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
