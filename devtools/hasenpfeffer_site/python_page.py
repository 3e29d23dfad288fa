"""The Python rule page of the built site (called by build_site.py).

    python.html                 from web/python/python.html: editable Python cells
                                (PyScript's py-editor) that import the engine
    pyscript/                   PyScript, self-hosted: node_modules/@pyscript/core/dist
                                without its source maps
    pyodide/micropip-*.whl      the micropip wheel the Pyodide lock names (PyPI's build,
                                pinned by sha256 below), which PyScript loads first
    pyodide/pyodide-lock.json   rewritten: micropip's sha256 is that of the file shipped

PyScript runs the cells on the site's own Pyodide (its ``interpreter`` config
names ``pyodide/pyodide.mjs``) and installs the engine wheel (``engine/<wheel>``)
with micropip from its relative URL (``packages``). The game itself never loads
these files; the service worker caches them only once python.html asks it to
(``PYTHON_GROUP`` in pwa_build.py; see docs/python-in-pages.md).

Why the lock is rewritten: npm's Pyodide names ``micropip-0.11.1-py3-none-any.whl``
with a sha256 that differs from PyPI's build of that version; ``loadPackage``
checks it (Subresource Integrity in browsers) and refuses PyPI's file. The
wheel is not in the npm package, so it comes from PyPI (``pip download``, once,
into ``.cache/site-wheels/``), checked against ``PINNED``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from . import ROOT

PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PAGE_SOURCE = ROOT / "web" / "python" / "python.html"
PAGE_NAME = "python.html"
#: Where downloaded wheels are kept between builds (``make clean`` removes it).
WHEEL_CACHE = ROOT / ".cache" / "site-wheels"
#: The wheels the site's Pyodide loads by name for PyScript, with the sha256 of
#: PyPI's file. A new Pyodide naming another micropip needs its line here.
PINNED = {
    "micropip-0.11.1-py3-none-any.whl": (
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
    ),
}
#: Packages of the lock that PyScript loads itself (micropip installs the rest).
LOCK_PACKAGES = ("micropip",)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_wheel(file_name: str, cache: Path = WHEEL_CACHE) -> Path:
    """The pinned wheel ``file_name`` from the cache, downloaded with pip if missing.

    Raises SystemExit when the name is not pinned or the file's hash differs."""
    if file_name not in PINNED:
        raise SystemExit(
            f"python_page: the Pyodide lock names {file_name}, which is not pinned in "
            "devtools/hasenpfeffer_site/python_page.py (PINNED): add it with the sha256 of "
            "PyPI's file"
        )
    path = cache / file_name
    if not path.is_file():
        name, version = file_name.split("-")[:2]
        cache.mkdir(parents=True, exist_ok=True)
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--only-binary=:all:",
                "--no-deps",
                "--python-version",
                "3.14",
                "--dest",
                str(cache),
                f"{name}=={version}",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0 or not path.is_file():
            raise SystemExit(f"python_page: could not download {file_name}:\n{run.stderr}")
    if sha256_of(path) != PINNED[file_name]:
        raise SystemExit(
            f"python_page: {path} is not the pinned file (sha256 differs): delete it and rebuild"
        )
    return path


def fix_lock(lock: dict[str, object], wheels: dict[str, Path]) -> dict[str, object]:
    """A copy of a Pyodide lock whose packages in ``wheels`` (name -> the file the
    site ships) carry that file's sha256. Each file must be the one the lock names."""
    packages = lock.get("packages")
    if not isinstance(packages, dict):
        raise ValueError("not a Pyodide lock: no 'packages'")
    fixed = dict(packages)
    for name, path in wheels.items():
        entry = packages.get(name)
        if not isinstance(entry, dict):
            raise ValueError(f"the lock has no package {name!r}")
        if entry.get("file_name") != path.name:
            raise ValueError(f"the lock names {entry.get('file_name')} for {name}, not {path.name}")
        fixed[name] = {**entry, "sha256": sha256_of(path)}
    return {**lock, "packages": fixed}


def lock_file_names(lock: dict[str, object], names: tuple[str, ...]) -> dict[str, str]:
    packages = lock["packages"]
    assert isinstance(packages, dict)
    return {name: str(packages[name]["file_name"]) for name in names}


def build(out: Path, wheel_name: str, app_version: str) -> list[str]:
    """Add the Python page to the site folder ``out`` (its pyodide/ and engine/
    already in place). Returns the paths it wrote, relative to ``out``."""
    if not (PYSCRIPT_DIST / "core.js").is_file():
        raise SystemExit("python_page: node_modules/@pyscript/core is missing: run `npm ci`")
    written: list[str] = []
    pyscript = out / "pyscript"
    pyscript.mkdir()
    for src in sorted(PYSCRIPT_DIST.iterdir()):
        if src.is_file() and src.suffix != ".map":
            shutil.copy2(src, pyscript / src.name)
            written.append(f"pyscript/{src.name}")

    lock_path = out / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    wheels = {}
    for name, file_name in lock_file_names(lock, LOCK_PACKAGES).items():
        wheels[name] = out / "pyodide" / file_name
        shutil.copy2(fetch_wheel(file_name), wheels[name])
        written.append(f"pyodide/{file_name}")
    lock_path.write_text(json.dumps(fix_lock(lock, wheels)), "utf-8")

    page = (
        PAGE_SOURCE.read_text(encoding="utf-8")
        .replace("{{APP_VERSION}}", app_version)
        .replace("{{ENGINE_WHEEL}}", f"engine/{wheel_name}")
    )
    (out / PAGE_NAME).write_text(page, encoding="utf-8")
    written.append(PAGE_NAME)
    return written
