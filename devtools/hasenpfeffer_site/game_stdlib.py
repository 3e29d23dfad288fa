"""The standard library the game needs: a trimmed copy of Pyodide's
``python_stdlib.zip`` for the game's engine worker (called by build_site.py).

The game's worker (web/engine/worker.js, dedicated or shared) gives ``loadPyodide``
this archive as its ``stdLibURL``; pages that run Python of their own (python.html,
PyScript, micropip) keep Pyodide's whole library.

Which modules: those the worker's Python has loaded from the library once it has
started as the worker starts it and has walked through everything the engine's API
can reach (``api_walk.py``), found by running both inside Pyodide in Node
(``game_stdlib.mjs``) with the whole library, plus ``SAFETY`` (modules a rare path
may import: the formatting of a Python error, text codecs). Pyodide's own start
imports much of what is kept (its event loop, its package loader); the engine adds
little. The build checks that every module the engine's source imports anywhere was
imported on the walk, or is named in ``COMMAND_LINE_ONLY``: a new import the walk
does not reach fails the build, not a player's game. ``e2e/test_game_stdlib.py``
walks the same requests through the game page's worker in Chromium, with the
trimmed library, started from the site's runtime snapshot and the usual way.

Its files are stored, not deflated: the site sends the archive as its gzipped copy
(gzipped_copies.py), the whole archive compressed as one stream. And its modules' comments
are left out, every line of code where it was (stdlib_comments.py, run inside Pyodide:
``without_comments``), and the modules that cost the most to compile are shipped as
bytecode, within a budget of bytes (stdlib_bytecode.py, inside Pyodide too: ``compiled``).

The runtime snapshot (engine_snapshot.mjs) must be made with this very archive:
Python's ``zipimport`` keeps each archive's table of contents (the offsets of its
files) in memory, so a snapshot made over another archive at the same path would
read the wrong bytes on the first import after a restore. ``build_site.py`` passes
it, and the snapshot's cache key includes it.

Made once for each wheel, library, walk, this module and Pyodide, and kept in
``build/game-stdlib/`` (the same inputs give the same file, so the version's hash
does not change from one build to the next).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from . import ROOT

HERE = Path(__file__).resolve().parent
#: Pyodide's whole library, and the game's (both in the site's pyodide/).
STDLIB_NAME = "python_stdlib.zip"
GAME_STDLIB_NAME = "python_stdlib_game.zip"
#: Pyodide's lock file (its packages, 119 KB), and the game's: its ``info`` alone, no
#: package (the game's worker loads none; Pyodide's loader reads the file at every start).
LOCK_NAME = "pyodide-lock.json"
GAME_LOCK_NAME = "pyodide-lock-game.json"
FINDER = HERE / "game_stdlib.mjs"
#: What runs a tool of the build inside Pyodide: the kept modules' comments left out
#: (COMMENTS), then the costliest compiled (BYTECODE).
IN_PYODIDE = HERE / "in_pyodide.mjs"
COMMENTS = HERE / "stdlib_comments.py"
BYTECODE = HERE / "stdlib_bytecode.py"
WALK = HERE / "api_walk.py"
#: Imported besides the walk, with what they import: the formatting of a Python error
#: (a traceback with its lines: the walk raises one into JavaScript, and the engine
#: answers every error itself, so this is a safety net) and the text codecs a runtime
#: may look up by name.
SAFETY = (
    "traceback",
    "linecache",
    "tokenize",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
)
#: Modules the engine's source imports only for its command lines (``main()`` of a
#: module the browser loads for other reasons): never imported in the browser.
COMMAND_LINE_ONLY = frozenset({"argparse", "multiprocessing"})
#: Where the runtime mounts its library: /lib/python3XY.zip/<the archive's path>.
IN_ARCHIVE = re.compile(r"^/lib/python\d+\.zip/(.+)$")
CACHE = ROOT / "build" / "game-stdlib"
#: How much of the finder's output a failure shows (its end).
ERROR_TAIL = 6000
CACHE_KEEP = 4


def found_modules(stdlib: Path, site_wheel: Path) -> dict[str, Any]:
    """What ``game_stdlib.mjs`` found: {modules: {name: file or None}, builtin: [...],
    steps: the walk's requests}."""
    with tempfile.TemporaryDirectory(prefix="game-stdlib-") as tmp:
        out = Path(tmp) / "found.json"
        command = ["node", str(FINDER), str(stdlib), str(site_wheel), str(WALK)]
        run = subprocess.run(
            [*command, ",".join(SAFETY), str(out)],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0 or not out.is_file():
            # (the end: an error thrown in Pyodide's loader prints its minified source first)
            said = (run.stdout + run.stderr)[-ERROR_TAIL:]
            raise SystemExit(f"game_stdlib: walking the API inside Pyodide failed:\n{said}")
        found: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return found


def archive_files(modules: dict[str, str | None]) -> set[str]:
    """The library archive's files the modules came from (paths inside the archive)."""
    return {m[1] for f in modules.values() if f and (m := IN_ARCHIVE.match(f))}


def engine_imports(site_wheel: Path) -> set[str]:
    """Every module outside the engine that the wheel's sources import, at any depth of
    their code (absolute imports; ``from a import b`` counts as ``a``)."""
    names: set[str] = set()
    with zipfile.ZipFile(site_wheel) as wheel:
        for entry in wheel.namelist():
            if not entry.endswith(".py"):
                continue
            for node in ast.walk(ast.parse(wheel.read(entry), entry)):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module)
    return {n for n in names if n.split(".")[0] not in ("hasenpfeffer", "__future__")}


def check_engine_imports(site_wheel: Path, modules: dict[str, str | None]) -> None:
    """Every module the engine imports was imported on the walk (so it is kept, or is
    part of the runtime), or it is one of COMMAND_LINE_ONLY."""
    unreached = sorted(engine_imports(site_wheel) - set(modules) - COMMAND_LINE_ONLY)
    if unreached:
        raise SystemExit(
            f"game_stdlib: the engine imports {', '.join(unreached)}, which the walk through "
            "the API never imported: add a request that reaches it to "
            "devtools/hasenpfeffer_site/api_walk.py, or, if only a command line imports it, "
            "name it in COMMAND_LINE_ONLY (devtools/hasenpfeffer_site/game_stdlib.py)"
        )


def trimmed(stdlib: Path, files: set[str]) -> bytes:
    """``stdlib`` with only ``files`` (and the folders that hold them), each entry as it
    was (its name, time, attributes), in the archive's order, stored, not deflated: the
    site sends the archive as a gzipped copy of the whole (gzipped_copies.py), which packs
    what the files share; deflated one by one they came to 687,041 bytes, stored and
    gzipped whole to 606,016 (issue 50)."""
    folders: set[str] = set()
    for file in files:
        parts = file.split("/")
        folders.update("/".join(parts[:i]) + "/" for i in range(1, len(parts)))
    with zipfile.ZipFile(stdlib) as source:
        missing = sorted(files - set(source.namelist()))
    if missing:
        raise SystemExit(f"game_stdlib: not in {stdlib.name}: {', '.join(missing)}")
    with tempfile.SpooledTemporaryFile() as buffer:
        with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(buffer, "w") as out:
            for info in source.infolist():
                if info.filename in files or info.filename in folders:
                    kept = zipfile.ZipInfo(info.filename, info.date_time)
                    kept.external_attr = info.external_attr
                    kept.compress_type = zipfile.ZIP_STORED
                    out.writestr(kept, source.read(info))
        buffer.seek(0)
        return buffer.read()


def in_pyodide(tools: tuple[Path, ...], archive: Path, what: str) -> None:
    """``archive`` (a trimmed library) rewritten in place by ``tools``, one after the
    other, run inside Pyodide (IN_PYODIDE: one start of Python for them all)."""
    out = archive.with_name(f"{archive.name}.made")
    run = subprocess.run(
        ["node", str(IN_PYODIDE), *map(str, tools), str(archive), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0 or not out.is_file():
        said = (run.stdout + run.stderr)[-ERROR_TAIL:]
        raise SystemExit(f"game_stdlib: {what} failed:\n{said}")
    out.replace(archive)


def cache_key(stdlib: Path, site_wheel: Path) -> str:
    """The cache's name for the game's library of ``site_wheel``: it changes with the
    wheel, the whole library, the walk, the finder, this module and Pyodide."""
    key = hashlib.sha256()
    for path in (
        site_wheel,
        stdlib,
        WALK,
        FINDER,
        IN_PYODIDE,
        COMMENTS,
        BYTECODE,
        HERE / "started_engine.mjs",
        Path(__file__),
        ROOT / "node_modules" / "pyodide" / "package.json",
    ):
        key.update(hashlib.sha256(path.read_bytes()).digest())
    return key.hexdigest()[:24]


def add_game_stdlib(stdlib: Path, site_wheel: Path, dest: Path) -> None:
    """The game's library (``dest``) for ``site_wheel``, trimmed from ``stdlib``: found
    once for each set of inputs (cache_key), then copied from the cache."""
    cached = CACHE / f"{cache_key(stdlib, site_wheel)}.zip"
    if not cached.is_file():
        found = found_modules(stdlib, site_wheel)
        check_engine_imports(site_wheel, found["modules"])
        CACHE.mkdir(parents=True, exist_ok=True)
        made = cached.with_name(f"{cached.name}.{os.getpid()}.part")  # builds run in parallel
        made.write_bytes(trimmed(stdlib, archive_files(found["modules"])))
        in_pyodide(
            (COMMENTS, BYTECODE),
            made,
            "leaving the library's comments out, then compiling its costliest modules",
        )
        made.replace(cached)
        kept = sorted(
            (p for p in CACHE.iterdir() if p.suffix == ".zip"), key=lambda p: p.stat().st_mtime
        )
        for old in kept[:-CACHE_KEEP]:
            old.unlink(missing_ok=True)
    shutil.copyfile(cached, dest)


def write_game_lock(lock: Path, dest: Path) -> None:
    """The game worker's lock file (``dest``, loadPyodide's ``lockFileURL``): Pyodide's
    (``lock``) without its packages. Its ``info`` stays: the loader checks the ABI in it."""
    info = json.loads(lock.read_text(encoding="utf-8"))["info"]
    text = json.dumps({"info": info, "packages": {}}, indent=1, sort_keys=True)
    dest.write_text(text + "\n", encoding="utf-8")
