"""The engine worker as the site ships it (hasenpfeffer_site.worker_bundle): its modules
joined into one file that runs as they do, and refused when joining them could change
what they do.

That the site's joined worker answers as its modules do in a browser is checked by
e2e/test_joined_worker.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from hasenpfeffer_site.worker_bundle import JoinError, join_worker, write_worker

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "web" / "engine"

# Modules that tell the order they ran in and share a live binding: entry.js imports
# b.js then a.js, b.js imports a.js, and a.js's `count` changes after b.js imported it.
MODULES = {
    "a.js": """// a: imports nothing
export let count = 0;
export const started = [];
started.push("a");

export function bump() {
  count += 1;
}
""",
    "b.js": """import { bump, count, started } from "./a.js";

started.push(`b sees ${count}`);
bump();
export function seen() {
  return count; // the live binding: a's count now
}
""",
    "entry.js": """import { seen } from "./b.js";
import {
  bump,
  started,
} from "./a.js";

bump();
started.push(`entry sees ${seen()}`);
globalThis.report = [...started, new URL("x.txt", import.meta.url).pathname.split("/").pop()];
""",
}

RUN = """globalThis.report = null;
await import(process.argv[1]);
console.log(JSON.stringify(globalThis.report));
"""


def write_modules(folder: Path, modules: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in modules.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder / "entry.js"


def run_module(path: Path) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (it runs the modules and the joined file): install Node 20+")
    proc = subprocess.run(
        [node, "--input-type=module", "-e", RUN, path.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    report: list[str] = json.loads(proc.stdout)
    return report


def test_the_joined_file_runs_as_its_modules(tmp_path: Path) -> None:
    entry = write_modules(tmp_path / "src", MODULES)
    text, order = join_worker(entry)
    assert order == ["a.js", "b.js", "entry.js"]  # each after what it imports, as run
    assert "import " not in text.replace('import("', "").replace("import.meta", "")
    assert "\nexport " not in text
    joined = tmp_path / "joined" / "entry.mjs"
    joined.parent.mkdir()
    joined.write_text(text, encoding="utf-8")
    expected = ["a", "b sees 0", "entry sees 2", "x.txt"]
    assert run_module(entry) == expected
    assert run_module(joined) == expected


def test_the_site_worker_is_written_in_place_of_its_modules(tmp_path: Path) -> None:
    out = tmp_path / "engine"
    shutil.copytree(ENGINE, out)
    modules = write_worker(ENGINE / "worker.js", out)
    assert modules[-1] == "worker.js"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        {p.name for p in ENGINE.iterdir()} - set(modules[:-1])
    )
    text = (out / "worker.js").read_text(encoding="utf-8")
    for name in modules:  # each module once, whole but for its imports and exports
        assert text.count(f"// ==== web/engine/{name} ====") == 1
        body = (ENGINE / name).read_text(encoding="utf-8")
        last_line = body.strip().splitlines()[-1]
        assert last_line in text


@pytest.mark.parametrize(
    ("modules", "why"),
    [
        (
            {"entry.js": 'import { a as b } from "./a.js";\n', "a.js": "export const a = 1;\n"},
            "plain",
        ),
        ({"entry.js": 'import a from "./a.js";\n', "a.js": "export const a = 1;\n"}, "an import"),
        (
            {"entry.js": 'import * as a from "./a.js";\n', "a.js": "export const a = 1;\n"},
            "an import",
        ),
        ({"entry.js": 'import { a } from "../a.js";\n'}, "not a module of its own folder"),
        (
            {"entry.js": 'import { a } from "./a.js";\n', "a.js": "const a = 1;\nexport { a };\n"},
            "not a declaration",
        ),
        ({"entry.js": 'import "./a.js";\n', "a.js": "export default 1;\n"}, "not a declaration"),
        (
            {"entry.js": 'import { b } from "./a.js";\n', "a.js": "export const a = 1;\n"},
            "does not export",
        ),
        (
            {"entry.js": 'import "./a.js";\nconst a = 2;\n', "a.js": "const a = 1;\n"},
            "both declare a",
        ),
        ({"entry.js": 'import "./a.js";\n', "a.js": 'import "./entry.js";\n'}, "import circle"),
        ({"entry.js": 'import "./a.js";\n', "a.js": "const a = await fetch('x');\n"}, "awaits"),
        ({"entry.js": 'import "./gone.js";\n'}, "not found"),
    ],
)
def test_what_joining_could_change_is_refused(
    tmp_path: Path, modules: dict[str, str], why: str
) -> None:
    entry = write_modules(tmp_path, modules)
    with pytest.raises(JoinError, match=why):
        join_worker(entry)
