// Run a Python snippet under Pyodide (Node) with a pure-Python wheel on sys.path.
//
//   node tests/pyodide_run.mjs <wheel.whl> <snippet.py | ->
//
// The wheel is written into Pyodide's virtual file system and imported straight
// from the .whl (zipimport): no micropip, no unpacking. Pyodide itself is loaded
// from the local node_modules/pyodide. The snippet's stdout is written to this
// process's stdout unchanged; a Python exception exits with status 1.
//
// Nothing here may touch the network: any http(s)/ws(s) fetch is refused, so a
// runtime that tried to download something fails loudly instead of hanging.

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";

function usage(msg) {
  process.stderr.write(`pyodide_run.mjs: ${msg}\n`);
  process.stderr.write("usage: node tests/pyodide_run.mjs <wheel.whl> <snippet.py | ->\n");
  process.exit(2);
}

const [wheelPath, snippetPath] = process.argv.slice(2);
if (!wheelPath || !snippetPath) usage("expected two arguments");
if (!wheelPath.endsWith(".whl")) usage(`not a wheel: ${wheelPath}`);

const wheelBytes = readFileSync(wheelPath);
const snippet = readFileSync(snippetPath === "-" ? 0 : snippetPath, "utf8");

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : (input?.url ?? String(input));
  if (/^(https?|wss?):/i.test(url)) {
    throw new Error(`pyodide_run.mjs: network access refused: ${url}`);
  }
  return realFetch(input, init);
};

const stdoutChunks = [];
const pyodide = await loadPyodide({
  // Output printed while the runtime starts goes to stderr, never into the
  // snippet's stdout.
  stdout: (line) => process.stderr.write(`[pyodide] ${line}\n`),
  stderr: (line) => process.stderr.write(`[pyodide] ${line}\n`),
});
pyodide.setStdout({
  write(buffer) {
    stdoutChunks.push(Buffer.from(buffer));
    return buffer.length;
  },
});
pyodide.setStderr({
  write(buffer) {
    process.stderr.write(Buffer.from(buffer));
    return buffer.length;
  },
});

const wheelInFs = `/tmp/wheels/${basename(wheelPath)}`;
pyodide.FS.mkdirTree("/tmp/wheels");
pyodide.FS.writeFile(wheelInFs, wheelBytes);

let status = 0;
try {
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(wheelInFs)})`);
  pyodide.runPython(snippet, {
    filename: snippetPath === "-" ? "<stdin>" : basename(snippetPath),
  });
  pyodide.runPython("import sys\nsys.stdout.flush()\nsys.stderr.flush()");
} catch (err) {
  process.stderr.write(`${err?.message ?? err}\n`);
  status = 1;
}

process.stdout.write(Buffer.concat(stdoutChunks), () => {
  process.exit(status);
});
