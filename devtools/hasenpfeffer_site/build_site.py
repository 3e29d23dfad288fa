"""Assemble the static web app into one self-contained folder (default ``site/``).

    python -m hasenpfeffer_site.build_site [--out site] [--wheel dist/hasenpfeffer-*.whl]
                                           [--keep-versions]

The folder holds everything the page loads, under relative URLs only, so it
works from any static host and under any sub-path. One version per page: every
file of a version lives in a folder named after the version (a hash of its
contents), and only a few files stay at the root, unversioned, under the URLs
people and browsers know:

    index.html                  the app page (from index.html), with a modulepreload
                                link for every module the start and the table import and
                                preload links for the engine's downloads (issue 31)
    embed.html, demo.html       the embeds' frame and the demo rule page (from web/embed/);
                                every top-level *.html is such an entry
    rules.html                  the rules page in five languages (from web/rules/; its texts
                                are web/rules/texts/<lang>.json, docs/rules-page.md)
    web/embed.js                the embed loader (from web/embed/loader.js), at the
                                public URL embedding sites use (docs/embedding.md)
    puzzles/puzzles.json        the puzzle set (from data/puzzles/puzzles.json, checked by
                                the wheel's engine), at its public URL (docs/puzzles.md)
    manifest.webmanifest, sw.js the web app manifest and the service worker (written
                                last by pwa_build.py: it precaches the entries and
                                this version's folder)
    v/<version>/                everything else, the same tree as before:
      web/engine/, web/table/, web/embed/, web/shared/, web/pwa/
                                ES modules, styles, icons (the tree of web/; the scripts
                                without their comments, every line kept: js_comments.mjs)
      web/engine/worker.js      the engine's worker: its modules in web/engine/ joined into
                                one file (worker_bundle.py), which stand for them here
      web/shared/locales/       the message catalogues, one JSON file per language
      web/shared/build-info.js  generated: versions, file names and sizes, the site's root
      web/shared/vocabulary.js  generated: the notation's words and the engine's names
                                (hasenpfeffer.api.vocabulary.web_vocabulary())
      pyodide/                  the runtime, copied from node_modules/pyodide, with
                                pyodide.asm.wasm.gz and pyodide.asm.mjs.gz, the wasm and
                                the runtime's script gzipped, which the game's worker asks
                                for and decodes (gzipped_copies.py), python_stdlib_game.zip:
                                the standard library the game's worker loads, trimmed to
                                what the engine and Pyodide's start import, the modules
                                that cost the most to compile as bytecode (its files
                                stored; the worker asks for its gzipped copy, .zip.gz),
                                and pyodide-lock-game.json, the lock file without packages
                                (game_stdlib.py); the whole python_stdlib.zip and
                                pyodide-lock.json stay for python.html
      jsqr/jsQR.js, jsqr/LICENSE
                                the QR reader (node_modules/jsqr, Apache-2.0), loaded only
                                by the camera scan's worker (web/together/qr-reader-worker.js)
                                where the browser has no BarcodeDetector for QR codes
      engine/<wheel>            the engine wheel as bytecode for Pyodide's Python, its
                                sources left out (wheel_bytecode.py; imported in place via
                                zipimport; its files stored, and gzipped whole beside it:
                                <wheel>.gz)
      engine/runtime.snapshot   the started runtime: Pyodide's memory snapshot with the
                                engine imported, gzipped (engine_snapshot.mjs, over the
                                game's standard library); a first visit restores it instead
                                of starting Python
      pyscript/, pyodide/micropip-*.whl
                                PyScript, self-hosted, and micropip for python.html (an
                                entry; python_page.py writes all three and gives the
                                lock micropip's hash)

The entries name the version's files by their versioned paths (the build rewrites
every reference to a file of the version), and files inside the version refer to
each other relatively, so a page can never load files of two versions, with or
without the service worker, whatever the HTTP caches hold: a new version is a
new folder. Hosts serve v/ as immutable and the entries as no-cache
(docs/hosting.md). With --keep-versions the v/ folders of earlier builds in
--out are kept (deploying over a running site: tabs still on an older version
keep loading its files).

Nothing is fetched from any other origin at run time. The script checks that
no file it copies names a remote URL to load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from . import ROOT, game_stdlib, gzipped_copies, pwa_build, python_page, worker_bundle

WEB = ROOT / "web"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The QR reader for the camera scan (web/together/scan.js): jsQR's one-file build and its
# licence, copied into the site's jsqr/ (only the scan's worker loads it).
JSQR_DIR = ROOT / "node_modules" / "jsqr"
JSQR_FILES = {"dist/jsQR.js": "jsQR.js", "LICENSE": "LICENSE"}
# The app page, at the top of the repository and of the site.
INDEX = ROOT / "index.html"
# Pages of web/embed/ copied to the site root (their URLs are written for it).
EMBED_PAGES = ("embed.html", "demo.html")
# The rules page (web/rules/rules.html), copied to the site root as rules.html.
RULES_PAGE = Path("rules") / "rules.html"
# The embed loader's source, and the public URL embedding sites load it from
# (docs/embedding.md): one file, no imports, its URLs written for that place.
LOADER_SOURCE = Path("embed") / "loader.js"
LOADER_URL = Path("embed.js")
# The table's entry module (index.html loads it); its static imports are preloaded (a
# repeat visit, served by the service worker, waits for them: without the links it was
# 35 ms later playable; docs/benchmarks.md, issue 31).
TABLE_ENTRY = "web/table/boot.js"
PRELOAD_MARK = "<!-- {{MODULEPRELOAD}} -->"
# The engine's start (index.html loads it first): its imports, and what its worker fetches.
START_ENTRY = "web/engine/start.js"
WORKER_ENTRY = "web/engine/worker.js"
RUNTIME_PRELOAD_MARK = "<!-- {{RUNTIME_PRELOAD}} -->"
#: What the worker loads besides its static imports, preloaded by the page for the HTTP
#: cache: Pyodide's scripts and the runtime's files up to a few MB (the game's standard
#: library, not Pyodide's whole one), as the gzipped copies the worker asks for. Not the
#: 9.6 MB wasm, which a private window's HTTP cache does not keep (it came twice): the
#: worker asks for it first thing (web/engine/downloads.js).
WORKER_PRELOADS = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs.gz",
    gzipped_copies.copy_of(f"pyodide/{game_stdlib.GAME_STDLIB_NAME}"),
    f"pyodide/{game_stdlib.GAME_LOCK_NAME}",
)
WEB_SUFFIXES = (".js", ".json", ".css", ".svg", ".png", ".webmanifest")
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^"';]*?from\s*["'](\.{1,2}/[^"']+)["']""", re.M
)
# Remote references that a browser would fetch (XML namespaces are not fetched).
REMOTE = re.compile(r"""(?:src|href|url|import|from|fetch)\s*[=(]?\s*["']?(?:https?:)?//""", re.I)


def find_wheel(dist: Path) -> Path:
    wheels = sorted(dist.glob("hasenpfeffer-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(
            f"build_site: expected exactly one hasenpfeffer wheel in {dist}, found "
            f"{[w.name for w in wheels]}: run `make wheel`"
        )
    return wheels[0]


#: Files the build writes into web/shared/ (never copied from the sources).
VOCABULARY_NAME = "vocabulary.js"
GENERATED = ("build-info.js", VOCABULARY_NAME)
#: The build information, in the version's folder (written by versionize()).
BUILD_INFO = "web/shared/build-info.js"

# The engine's vocabulary, asked from the wheel the site ships (not from whatever
# engine the running Python would import): python -S keeps site-packages out.
VOCABULARY_PROGRAM = """
import json, sys
sys.path.insert(0, sys.argv[1])
from hasenpfeffer.api.vocabulary import web_vocabulary
print(json.dumps(web_vocabulary()))
"""


def engine_vocabulary(wheel: Path) -> dict[str, object]:
    """``hasenpfeffer.api.vocabulary.web_vocabulary()`` of the engine in ``wheel``."""
    run = subprocess.run(
        [sys.executable, "-S", "-c", VOCABULARY_PROGRAM, str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"build_site: asking the engine for its vocabulary failed:\n{run.stderr}")
    answer = json.loads(run.stdout)
    assert isinstance(answer, dict)
    return answer


#: The puzzle set (docs/puzzles.md: made by ``python -m hasenpfeffer_devtools.puzzles`` and
#: committed), and its URL in the site: an entry, so the same URL serves it from one
#: version to the next (anyone may use the set: docs/hosting.md).
PUZZLES_SOURCE = ROOT / "data" / "puzzles" / "puzzles.json"
PUZZLES_URL = "puzzles/puzzles.json"

# The set read by the engine in the wheel the site ships, as the page will read it.
PUZZLES_PROGRAM = """
import sys
sys.path.insert(0, sys.argv[1])
from hasenpfeffer.puzzle import PuzzleError, read_puzzles
with open(sys.argv[2], "rb") as file:
    try:
        print(len(read_puzzles(file.read())))
    except PuzzleError as err:
        sys.exit(str(err))
"""


def add_puzzles(dest: Path, wheel: Path, source: Path = PUZZLES_SOURCE) -> int:
    """Copy the puzzle set to ``dest`` once the engine in ``wheel`` has read every puzzle
    of it (``hasenpfeffer.puzzle.read_puzzles``); the number of puzzles."""
    run = subprocess.run(
        [sys.executable, "-S", "-c", PUZZLES_PROGRAM, str(wheel), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"build_site: the puzzle set {source} does not read: {run.stderr.strip()}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, dest)
    return int(run.stdout)


def write_vocabulary(dest: Path, wheel: Path) -> None:
    """web/shared/vocabulary.js: the engine's words for the front end (suits, seats,
    levels, phases, action kinds and their words, card roles), so that no notation or
    list of the engine's names is written out in JavaScript."""
    dest.write_text(
        "// Generated by devtools/hasenpfeffer_site/build_site.py from\n"
        "// hasenpfeffer.api.vocabulary.web_vocabulary(): do not edit.\n"
        f"export default {json.dumps(engine_vocabulary(wheel), indent=2)};\n",
        encoding="utf-8",
    )


def check_local(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for match in REMOTE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        raise SystemExit(f"build_site: {path}:{line} loads a remote URL")


#: Wheels with bytecode made before, by their inputs (as SNAPSHOT_CACHE below).
BYTECODE_CACHE = ROOT / "build" / "wheel-bytecode"


def add_bytecode(wheel: Path, dest: Path) -> None:
    """Copy the wheel to ``dest`` with bytecode for the runtime's Python added
    (``wheel_bytecode.py``, run inside Pyodide by Node: ``in_pyodide.mjs``): the worker
    then imports the engine without compiling it on every start. Made once for each
    wheel, script and Pyodide, then copied from the cache."""
    here = Path(__file__).resolve().parent
    key = hashlib.sha256()
    for part in (
        wheel.read_bytes(),
        (here / "in_pyodide.mjs").read_bytes(),
        (here / "wheel_bytecode.py").read_bytes(),
        (PYODIDE_DIR / "package.json").read_bytes(),
    ):
        key.update(hashlib.sha256(part).digest())
    cached = BYTECODE_CACHE / key.hexdigest()[:24] / wheel.name
    if not cached.is_file():
        made = cached.parent.with_name(f"{cached.parent.name}.{os.getpid()}.part")
        made.mkdir(parents=True, exist_ok=True)
        run = subprocess.run(
            [
                "node",
                str(here / "in_pyodide.mjs"),
                str(here / "wheel_bytecode.py"),
                str(wheel),
                str(made / wheel.name),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0 or not (made / wheel.name).is_file():
            raise SystemExit(f"build_site: compiling the engine for Pyodide failed:\n{run.stderr}")
        if cached.parent.is_dir():  # another build made it meanwhile
            shutil.rmtree(made)
        else:
            made.replace(cached.parent)
        kept = sorted(
            (p for p in BYTECODE_CACHE.iterdir() if not p.name.endswith(".part")),
            key=lambda p: p.stat().st_mtime,
        )
        for old in kept[:-SNAPSHOT_CACHE_KEEP]:
            shutil.rmtree(old, ignore_errors=True)
    shutil.copyfile(cached, dest)


#: The started runtime in the site (its path is also the worker's:
#: web/engine/runtime-snapshot.js).
SNAPSHOT = Path("engine") / "runtime.snapshot"
#: Snapshots made before, by their inputs (the same inputs give the same file, so the
#: version's hash does not change from one build to the next of the same sources).
SNAPSHOT_CACHE = ROOT / "build" / "runtime-snapshot"
SNAPSHOT_CACHE_KEEP = 4


SNAPSHOT_MAKER = Path(__file__).resolve().parent / "engine_snapshot.mjs"
#: The start it makes, shared with the standard library's finder (game_stdlib.mjs).
STARTED_ENGINE = SNAPSHOT_MAKER.parent / "started_engine.mjs"


def snapshot_key(site_wheel: Path, stdlib: Path) -> str:
    """The snapshot cache's name for a snapshot of ``site_wheel`` over the standard library
    ``stdlib``: it changes with the wheel, the library, the script that makes it and
    Pyodide's version (its package.json)."""
    key = hashlib.sha256()
    for part in (
        site_wheel.read_bytes(),
        stdlib.read_bytes(),
        SNAPSHOT_MAKER.read_bytes(),
        STARTED_ENGINE.read_bytes(),
        (PYODIDE_DIR / "package.json").read_bytes(),
    ):
        key.update(hashlib.sha256(part).digest())
    return key.hexdigest()[:24]


def add_snapshot(site_wheel: Path, stdlib: Path, dest: Path) -> None:
    """The started runtime for ``site_wheel`` (``engine_snapshot.mjs``, Pyodide in
    Node), over the standard library the worker loads (``stdlib``: the snapshot holds
    its table of contents, game_stdlib.py): made once for each wheel, library, script
    and Pyodide, then copied from the cache."""
    maker = SNAPSHOT_MAKER
    cached = SNAPSHOT_CACHE / snapshot_key(site_wheel, stdlib)
    if not cached.is_file():
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        made = cached.with_name(f"{cached.name}.{os.getpid()}.part")  # builds run in parallel
        run = subprocess.run(
            ["node", str(maker), str(stdlib), str(site_wheel), str(made)],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0 or not made.is_file():
            raise SystemExit(f"build_site: making the runtime snapshot failed:\n{run.stderr}")
        made.replace(cached)
        # the few latest are kept (a test's build of another wheel beside the usual one)
        made_before = [p for p in SNAPSHOT_CACHE.iterdir() if p.suffix != ".part"]
        kept = sorted(made_before, key=lambda p: p.stat().st_mtime)
        for old in kept[:-SNAPSHOT_CACHE_KEEP]:
            old.unlink(missing_ok=True)
    shutil.copyfile(cached, dest)


#: The folder of the versions, at the site's root: v/<version>/ holds one version's files.
VERSIONS = pwa_build.VERSIONS
#: The entries that are not top-level HTML pages: they stay at the root, unversioned.
ROOT_ENTRIES = (
    pwa_build.SW_NAME,
    pwa_build.MANIFEST_NAME,
    f"web/{LOADER_URL.as_posix()}",
    PUZZLES_URL,
)


def is_entry(rel: str) -> bool:
    """Whether a file of the site (its path relative to the site) stays unversioned at the
    root: a top-level HTML page, the service worker, the manifest, the embed loader or the
    puzzle set."""
    return ("/" not in rel and rel.endswith(".html")) or rel in ROOT_ENTRIES


def current_version(site: Path) -> str:
    """The version a built site's entries use (the service worker's ``appVersion``)."""
    text = (site / pwa_build.SW_NAME).read_text(encoding="utf-8")
    match = re.search(r'"appVersion": "([0-9a-f]+)"', text)
    if not match:
        raise SystemExit(f"build_site: {site}/{pwa_build.SW_NAME} names no appVersion")
    return match.group(1)


def version_dir(site: Path) -> Path:
    """The folder of the version a built site's entries use: site/v/<version>/."""
    return site / VERSIONS / current_version(site)


# A reference to a file in an entry: a quoted relative URL (attributes, inline JSON).
REFERENCE = re.compile(
    r"""(["'])(?![a-z][a-z0-9+.-]*:|/|#)"""  # quoted, not absolute (scheme, path) nor a fragment
    r"""([^"'\s?#<>]+)(\?[^"'\s#<>]*)?(#[^"'\s<>]*)?\1"""  # path, query, fragment
)


def versioned_references(text: str, entry: str, files: set[str], prefix: str) -> str:
    """``text`` of the entry ``entry`` with every reference to one of ``files`` (paths in the
    site before they moved) rewritten to its path under ``prefix`` (v/<version>/), relative
    to the entry. A ``?v=`` query the sources used for cache busting is dropped: the folder
    is the version now."""
    base = posixpath.dirname(entry)
    up = "../" * entry.count("/")

    def swap(match: re.Match[str]) -> str:
        quote, ref, query, fragment = match.groups()
        target = posixpath.normpath(posixpath.join(base, ref))
        if target not in files:
            return match.group(0)
        kept = "&".join(q for q in (query or "?")[1:].split("&") if q and not q.startswith("v="))
        # "./x" stays "./...": some configs (PyScript's interpreter) read it as a path so
        start = "./" if ref.startswith("./") and not up else up
        return f"{quote}{start}{prefix}{target}{'?' + kept if kept else ''}{fragment or ''}{quote}"

    return REFERENCE.sub(swap, text)


#: Entries whose references are rewritten (besides the top-level pages): the manifest
#: is written afterwards with its versioned icons (pwa_build), sw.js with its list.
REWRITTEN = (".html", ".webmanifest")


def versionize(out: Path, info: dict[str, object]) -> dict[str, object]:
    """One version per page: move every file of the assembled site but the entries
    (is_entry) into v/<version>/, where <version> is a hash of them all, and rewrite the
    entries' references to them. Then write web/shared/build-info.js (``info`` with the
    version and the site's root) into the version's folder. Every build step that adds
    files to the site (pages, their scripts, runtimes) runs before this one, so whatever
    it adds is versioned by the same rule; v/ folders already there (--keep-versions)
    stay as they are. Returns ``info`` with ``appVersion`` and ``versionPath``."""
    versions = out / VERSIONS
    moving = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file()
        and not p.relative_to(out).as_posix().startswith(f"{VERSIONS}/")
        and not is_entry(p.relative_to(out).as_posix())
    )
    entries = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file()
        and not p.relative_to(out).as_posix().startswith(f"{VERSIONS}/")
        and is_entry(p.relative_to(out).as_posix())
    )
    h = hashlib.sha256()
    for rel in [*moving, *entries]:
        h.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    version = h.hexdigest()[:12]
    prefix = f"{VERSIONS}/{version}/"
    folder = versions / version
    if folder.exists():
        shutil.rmtree(folder)
    for rel in moving:
        dest = folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        (out / rel).rename(dest)
    for directory in sorted((p for p in out.rglob("*") if p.is_dir()), reverse=True):
        if directory != versions and not any(directory.iterdir()):
            directory.rmdir()  # emptied by the move
    files = set(moving) | {BUILD_INFO}  # (written below, into the version's folder)
    for rel in entries:
        if rel.endswith(REWRITTEN):
            path = out / rel
            text = path.read_text(encoding="utf-8").replace("{{APP_VERSION}}", version)
            path.write_text(versioned_references(text, rel, files, prefix), encoding="utf-8")
    depth = len(Path(BUILD_INFO).parent.parts)
    info = {
        **info,
        "appVersion": version,
        # the site's root (the entries, sw.js), relative to web/shared/, web/engine/, web/pwa/
        "root": "../" * (depth + len(Path(VERSIONS, version).parts)),
    }
    (folder / BUILD_INFO).parent.mkdir(parents=True, exist_ok=True)
    (folder / BUILD_INFO).write_text(
        "// Generated by devtools/hasenpfeffer_site/build_site.py: do not edit.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n",
        encoding="utf-8",
    )
    return {**info, "versionPath": prefix}


def build(out: Path, wheel: Path, keep_versions: bool = False) -> dict[str, object]:
    """The site, assembled flat (every file where its URL puts it before versionize()
    moves it): returns the build information (versions, wheel, sizes)."""
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise SystemExit("build_site: node_modules/pyodide is missing: run `make node_modules`")
    if not (JSQR_DIR / "dist" / "jsQR.js").is_file():
        raise SystemExit("build_site: node_modules/jsqr is missing: run `make node_modules`")
    versions = out / VERSIONS
    kept = out.parent / f".{out.name}-versions-kept"
    if keep_versions and versions.is_dir():
        shutil.rmtree(kept, ignore_errors=True)
        versions.rename(kept)
    if out.exists():
        shutil.rmtree(out)
    (out / "web" / "shared").mkdir(parents=True)
    (out / "pyodide").mkdir()
    (out / "engine").mkdir()
    (out / "jsqr").mkdir()
    if kept.is_dir():
        kept.rename(versions)
    # Zopfli (the gzipped copies) takes about half of a cold build and releases the GIL:
    # the copies are made beside the rest, the runtime's first (its files come first)
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="gzipped-copies") as beside:
        return _assemble(out, wheel, beside)


def _assemble(out: Path, wheel: Path, beside: ThreadPoolExecutor) -> dict[str, object]:
    """build()'s work, the gzipped copies made by ``beside`` meanwhile."""
    sizes: dict[str, int] = {}
    for name in PYODIDE_FILES:
        src = PYODIDE_DIR / name
        shutil.copy2(src, out / "pyodide" / name)
        sizes[name] = src.stat().st_size
    # the big ones gzipped too, for the worker to decode (hosts that send files as stored)
    copies: list[Future[dict[str, Path]]] = [beside.submit(gzipped_copies.write_copies, out)]

    sw_template = WEB / "pwa" / pwa_build.SW_NAME
    web_files = sorted(
        p
        for p in WEB.rglob("*")
        if p.is_file() and p.suffix in WEB_SUFFIXES and p != sw_template and p.name not in GENERATED
    )
    pages = {
        INDEX: "index.html",
        **{WEB / "embed" / name: name for name in EMBED_PAGES},
        WEB / RULES_PAGE: RULES_PAGE.name,
    }
    for p in [*web_files, *pages]:
        if p.suffix in (".js", ".css", ".html"):
            check_local(p)
    for p in web_files:
        rel = p.relative_to(WEB)
        dest = out / "web" / (LOADER_URL if rel == LOADER_SOURCE else rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, dest)
    # the engine's worker as one file, its modules joined (one request, not one a module)
    worker_bundle.write_worker(
        WEB / Path(WORKER_ENTRY).relative_to("web"), out / Path(WORKER_ENTRY).parent
    )
    write_vocabulary(out / "web" / "shared" / VOCABULARY_NAME, wheel)
    add_puzzles(out / PUZZLES_URL, wheel)
    pwa_build.write_icons(out, WEB / "pwa" / "icon.svg")

    for src_name, name in JSQR_FILES.items():
        shutil.copy2(JSQR_DIR / src_name, out / "jsqr" / name)
    site_wheel = out / "engine" / wheel.name
    add_bytecode(wheel, site_wheel)
    sizes["wheel"] = site_wheel.stat().st_size
    stdlib = out / "pyodide" / game_stdlib.GAME_STDLIB_NAME
    game_stdlib.add_game_stdlib(out / "pyodide" / game_stdlib.STDLIB_NAME, site_wheel, stdlib)
    sizes[stdlib.name] = stdlib.stat().st_size
    # the two archives the worker loads, as gzipped copies too (their files stored)
    archives = gzipped_copies.archives(wheel.name)
    copies.append(beside.submit(gzipped_copies.write_copies, out, archives))
    pyodide_dir = out / "pyodide"
    game_stdlib.write_game_lock(
        pyodide_dir / game_stdlib.LOCK_NAME, pyodide_dir / game_stdlib.GAME_LOCK_NAME
    )
    add_snapshot(site_wheel, stdlib, out / SNAPSHOT)
    sizes[SNAPSHOT.name] = (out / SNAPSHOT).stat().st_size

    pyodide_version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    engine_version = wheel.name.split("-")[1]
    # the Python rule page (an entry) and PyScript: versioned by the same rule as the rest
    # ({{APP_VERSION}} is filled in by versionize())
    python_page.build(out, wheel.name, "{{APP_VERSION}}")
    strip_js_comments(out / "web")
    for page, name in pages.items():
        text = page.read_text(encoding="utf-8")
        if PRELOAD_MARK in text:
            text = text.replace(PRELOAD_MARK, preload_links(out, TABLE_ENTRY))
        if RUNTIME_PRELOAD_MARK in text:
            text = text.replace(RUNTIME_PRELOAD_MARK, runtime_preload_links(out))
        (out / name).write_text(text, encoding="utf-8")
    for made in copies:
        for copy in made.result().values():
            sizes[copy.name] = copy.stat().st_size
    return {
        "engineVersion": engine_version,
        "pyodideVersion": pyodide_version,
        # relative to web/shared/ and web/engine/ alike (in the version's folder: no query)
        "wheel": f"../../engine/{wheel.name}",
        "wheelName": wheel.name,
        "sizes": sizes,
    }


#: What leaves the comments out of the site's scripts (js_comments.mjs).
JS_COMMENTS = Path(__file__).resolve().parent / "js_comments.mjs"


def strip_js_comments(web: Path) -> None:
    """The site's scripts in ``web`` (its copy of web/, the worker joined) without their
    comments, every line of code kept (js_comments.mjs; issue 50: 137 KB of the 341 KB of
    modules a first deal loads were comments). Not the vendored scripts (pyodide/,
    pyscript/, jsqr/), which are outside ``web``."""
    files = sorted(str(p) for p in web.rglob("*") if p.suffix in (".js", ".mjs"))
    run = subprocess.run(
        ["node", str(JS_COMMENTS), *files], capture_output=True, text=True, check=False
    )
    if run.returncode != 0 or "not parsed" in run.stdout:
        raise SystemExit(
            f"build_site: leaving the scripts' comments out failed:\n{run.stdout}{run.stderr}"
        )


def static_imports(out: Path, entry: str) -> list[str]:
    """Every module that ``entry`` (a path in the site) imports statically, directly or
    not, as paths in the site, in the order they are first reached (entry excluded)."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        module = todo.pop(0)
        text = (out / module).read_text(encoding="utf-8")
        for ref in STATIC_IMPORT.findall(text):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(module), ref))
            if target not in seen and target != entry and (out / target).is_file():
                seen.append(target)
                todo.append(target)
    return seen


def preload_links(out: Path, entry: str) -> str:
    """<link rel="modulepreload"> for every module the table imports: the browser fetches
    them all at once instead of one level of the import graph after another."""
    return "\n".join(f'<link rel="modulepreload" href="{m}">' for m in static_imports(out, entry))


def runtime_preload_links(out: Path) -> str:
    """The links that start the engine's downloads at the first bytes of the page, before
    any module has run: ``modulepreload`` for the start module's imports (the page's own
    module graph), and ``preload`` for what the worker loads: its script, its imports,
    Pyodide's scripts, the standard library and the lock (the gzipped copies the worker
    asks for, where there are: gzipped_copies.py). Not the engine's wheel, which the
    worker asks for once the wasm is in, to come while Python starts. A preload
    fills the page's memory cache, which a worker does not see; the worker gets these
    from the HTTP cache the preloads fill (the version's files are immutable), or joins
    a download still under way. ``as="fetch"`` with ``crossorigin``: the mode of the
    worker's requests."""
    links = [f'<link rel="modulepreload" href="{m}">' for m in static_imports(out, START_ENTRY)]
    files = [
        WORKER_ENTRY,
        *static_imports(out, WORKER_ENTRY),
        BUILD_INFO,  # written by versionize(), after this
        *WORKER_PRELOADS,
    ]
    for path in dict.fromkeys(files):
        links.append(f'<link rel="preload" href="{path}" as="fetch" crossorigin>')
    return "\n".join(links)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder")
    parser.add_argument("--wheel", type=Path, default=None, help="the engine wheel (.whl)")
    parser.add_argument("--web", type=Path, default=None, help="front-end sources (default web/)")
    parser.add_argument(
        "--keep-versions",
        action="store_true",
        help="keep the v/ folders of earlier builds in --out (a deploy over a running site)",
    )
    args = parser.parse_args(argv)
    if args.web is not None:
        global WEB
        WEB = args.web.resolve()
    wheel = args.wheel or find_wheel(ROOT / "dist")
    out = args.out.resolve()
    info = build(out, wheel.resolve(), args.keep_versions)
    # (steps that add files to the site go here, before the files are versioned)
    info = versionize(out, info)
    # Last: the offline files are generated from the finished folder.
    pwa_build.finish(out, WEB, info)
    total = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(
        f"site built in {args.out} ({total / 1e6:.1f} MB, app {info['appVersion']}, "
        f"engine {info['engineVersion']}, Pyodide {info['pyodideVersion']})",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
