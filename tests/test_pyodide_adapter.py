"""web/engine/pyodide-adapter.js: the engine worker's one module that uses Pyodide beyond
its documented API names the Pyodide it was checked against, and that is the Pyodide the
site ships (package.json's pin, the lock, the installed copy the build copies)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "web" / "engine" / "pyodide-adapter.js"
CHECKED = re.compile(r'^export const PYODIDE_VERSION = "([^"]+)";$', re.M)


def test_the_adapter_names_the_pyodide_the_site_ships() -> None:
    (checked,) = CHECKED.findall(ADAPTER.read_text(encoding="utf-8"))
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    locked = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    installed = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    assert checked == pinned["devDependencies"]["pyodide"]
    assert checked == locked["packages"]["node_modules/pyodide"]["version"]
    assert checked == installed["version"], "node_modules holds another Pyodide: npm ci"


def test_only_the_adapter_names_pyodides_private_parts() -> None:
    private = re.compile(r"_loadSnapshot|_makeSnapshot|makeMemorySnapshot|\b_api\b")
    for path in sorted((ROOT / "web").rglob("*.js")):
        if path != ADAPTER:
            assert not private.search(path.read_text(encoding="utf-8")), path
