// Run the engine's own pytest tests inside Pyodide (Node), against the built wheel.
//
//   node tests/pyodide_pytest.mjs <wheel.whl> [--files=test_a.py,...] [extra pytest args...]
//
// Pyodide is loaded from the local node_modules/pyodide. The wheels in
// .cache/pyodide-wheels (pytest, hypothesis and their dependencies, fetched by
// `make pyodide-wheels`) are unpacked into Pyodide's site-packages; our wheel
// goes first on sys.path (zipimport, as in pyodide_run.mjs), so the tests import
// the package from the wheel and never from engine/. The test files and
// tests/golden/ (and docs/notation.md) are copied into the virtual file system under /work/tests, and
// pytest.main() runs there. pytest's output is streamed to stdout; the exit
// status is pytest's exit code (2 for a usage error here).
//
// Nothing here may touch the network: any http(s)/ws(s) fetch is refused.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WHEEL_CACHE = join(ROOT, ".cache", "pyodide-wheels");

// Pure engine tests. Each needs only the package, pytest and hypothesis.
const TEST_FILES = [
  "test_cards.py",
  "test_rules.py",
  "test_game.py",
  "test_properties.py",
  "test_perft.py",
  "test_notation.py",
  "test_solver.py",
];
// Directories copied along with the tests (data the tests read).
const TEST_DIRS = ["golden"];
// Other files the tests read, relative to the repository root.
const DATA_FILES = ["docs/notation.md"];

function usage(msg) {
  process.stderr.write(`pyodide_pytest.mjs: ${msg}\n`);
  process.stderr.write("usage: node tests/pyodide_pytest.mjs <wheel.whl> [pytest args...]\n");
  process.exit(2);
}

const [wheelPath, ...restArgs] = process.argv.slice(2);
if (!wheelPath) usage("expected the wheel as the first argument");
if (!wheelPath.endsWith(".whl")) usage(`not a wheel: ${wheelPath}`);
// --files=a.py,b.py: run only these of TEST_FILES (the suite is run in parts, one per
// test worker: tests/test_pyodide_suite.py)
let chosenFiles = TEST_FILES;
const extraArgs = restArgs.filter((arg) => {
  if (!arg.startsWith("--files=")) return true;
  chosenFiles = arg.slice("--files=".length).split(",");
  for (const name of chosenFiles) if (!TEST_FILES.includes(name)) usage(`not one of the engine's tests: ${name}`);
  return false;
});

let depWheels = [];
try {
  depWheels = readdirSync(WHEEL_CACHE).filter((f) => f.endsWith(".whl"));
} catch {
  // reported below
}
for (const needed of ["pytest-", "pluggy-", "iniconfig-", "hypothesis-"]) {
  if (!depWheels.some((f) => f.startsWith(needed))) {
    usage(`no ${needed}*.whl in ${WHEEL_CACHE}: run \`make pyodide-wheels\``);
  }
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : (input?.url ?? String(input));
  if (/^(https?|wss?):/i.test(url)) {
    throw new Error(`pyodide_pytest.mjs: network access refused: ${url}`);
  }
  return realFetch(input, init);
};

const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(`[pyodide] ${line}\n`),
  stderr: (line) => process.stderr.write(`[pyodide] ${line}\n`),
});
pyodide.setStdout({
  write(buffer) {
    process.stdout.write(Buffer.from(buffer));
    return buffer.length;
  },
});
pyodide.setStderr({
  write(buffer) {
    process.stderr.write(Buffer.from(buffer));
    return buffer.length;
  },
});

const FS = pyodide.FS;

// Dependency wheels: unpacked into site-packages below.
FS.mkdirTree("/tmp/dep-wheels");
for (const name of depWheels) {
  FS.writeFile(`/tmp/dep-wheels/${name}`, readFileSync(join(WHEEL_CACHE, name)));
}

// Our wheel: imported straight from the .whl.
const wheelInFs = `/tmp/wheels/${basename(wheelPath)}`;
FS.mkdirTree("/tmp/wheels");
FS.writeFile(wheelInFs, readFileSync(wheelPath));

function copyTree(src, dest) {
  FS.mkdirTree(dest);
  for (const entry of readdirSync(src)) {
    if (entry === "__pycache__") continue;
    const from = join(src, entry);
    if (statSync(from).isDirectory()) copyTree(from, `${dest}/${entry}`);
    else FS.writeFile(`${dest}/${entry}`, readFileSync(from));
  }
}
FS.mkdirTree("/work/tests");
// (conftest.py: the tests' hypothesis settings, as in CPython)
for (const name of [...TEST_FILES, "conftest.py"]) {
  FS.writeFile(`/work/tests/${name}`, readFileSync(join(ROOT, "tests", name)));
}
for (const dir of TEST_DIRS) copyTree(join(ROOT, "tests", dir), `/work/tests/${dir}`);
for (const rel of DATA_FILES) {
  FS.mkdirTree(dirname(`/work/${rel}`));
  FS.writeFile(`/work/${rel}`, readFileSync(join(ROOT, rel)));
}

pyodide.globals.set("WHEEL", wheelInFs);
pyodide.globals.set("TEST_FILES", pyodide.toPy(chosenFiles));
pyodide.globals.set("EXTRA_ARGS", pyodide.toPy(extraArgs));

let status = 0;
try {
  status = pyodide.runPython(
    `
import os, site, sys, zipfile

target = site.getsitepackages()[0]
for name in sorted(os.listdir("/tmp/dep-wheels")):
    with zipfile.ZipFile(os.path.join("/tmp/dep-wheels", name)) as zf:
        zf.extractall(target)
sys.path.insert(0, WHEEL)
# test modules import each other (test_rules imports test_game)
sys.path.insert(1, "/work/tests")
os.chdir("/work")
# a tenth of the property examples and seeded solver positions (EXAMPLE_SHARE in
# tests/test_properties.py and tests/test_solver.py)
os.environ["HASENPFEFFER_EXAMPLE_SHARE"] = "0.1"

import hasenpfeffer
assert hasenpfeffer.__file__.startswith(WHEEL), (hasenpfeffer.__file__, WHEEL)

import pytest

args = [f"tests/{f}" for f in TEST_FILES]
args += ["-q", "-p", "no:cacheprovider", "--rootdir", "/work", *EXTRA_ARGS]
code = int(pytest.main(args))
sys.stdout.flush()
sys.stderr.flush()
code
`,
    { filename: "pyodide_pytest" },
  );
} catch (err) {
  process.stderr.write(`${err?.message ?? err}\n`);
  status = 1;
}

process.stdout.write("", () => {
  process.exit(status);
});
