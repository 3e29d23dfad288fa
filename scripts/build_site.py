"""Assemble the static web app into one self-contained folder (default ``site/``).

    python scripts/build_site.py [--out site] [--wheel dist/hasenpfeffer-*.whl]

The folder holds everything the page loads, under relative URLs only, so it
works from any static host and under any sub-path:

    index.html                  the app page (from index.html), with a modulepreload
                                link for every module the table imports
    embed.html, demo.html       the embeds' frame and the demo rule page (from web/embed/)
    web/engine/, web/table/, web/embed/, web/shared/, web/pwa/
                                ES modules, styles, icons (the same tree as web/)
    web/embed.js                the embed loader (from web/embed/loader.js), at the
                                public URL embedding sites use (docs/embedding.md)
    web/shared/locales/         the message catalogues, one per language
    web/shared/build-info.js    generated: versions, file names and sizes
    web/shared/vocabulary.js    generated: the notation's words and the engine's names
                                (hasenpfeffer.api.vocabulary.web_vocabulary())
    pyodide/                    the runtime, copied from node_modules/pyodide
    engine/<wheel>              the engine wheel with bytecode for Pyodide's Python added
                                (scripts/wheel_bytecode.py; imported in place via zipimport)
    python.html, pyscript/, pyodide/micropip-*.whl
                                the Python rule page and PyScript, self-hosted
                                (scripts/python_page.py; the lock gets micropip's hash)
    manifest.webmanifest, sw.js, web/pwa/icon-*.png
                                written last by scripts/pwa_build.py: the web app
                                manifest, icons, and the service worker that precaches
                                every file of the finished folder (offline play)

Nothing is fetched from any other origin at run time. The script checks that
no file it copies names a remote URL to load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pwa_build
import python_page

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The app page, at the top of the repository and of the site.
INDEX = ROOT / "index.html"
# Pages of web/embed/ copied to the site root (their URLs are written for it).
EMBED_PAGES = ("embed.html", "demo.html")
# The embed loader's source, and the public URL embedding sites load it from
# (docs/embedding.md): one file, no imports, its URLs written for that place.
LOADER_SOURCE = Path("embed") / "loader.js"
LOADER_URL = Path("embed.js")
# The table's entry module (index.html loads it); its static imports are preloaded.
TABLE_ENTRY = "web/table/boot.js"
PRELOAD_MARK = "<!-- {{MODULEPRELOAD}} -->"
WEB_SUFFIXES = (".js", ".css", ".svg", ".png", ".webmanifest")
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


def short_hash(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


#: Files the build writes into web/shared/ (never copied from the sources).
VOCABULARY_NAME = "vocabulary.js"
GENERATED = ("build-info.js", VOCABULARY_NAME)

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


def write_vocabulary(dest: Path, wheel: Path) -> None:
    """web/shared/vocabulary.js: the engine's words for the front end (suits, seats,
    levels, phases, action kinds and their words, card roles), so that no notation or
    list of the engine's names is written out in JavaScript."""
    dest.write_text(
        "// Generated by scripts/build_site.py from hasenpfeffer.api.vocabulary.web_vocabulary():\n"
        "// do not edit.\n"
        f"export default {json.dumps(engine_vocabulary(wheel), indent=2)};\n",
        encoding="utf-8",
    )


def check_local(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for match in REMOTE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        raise SystemExit(f"build_site: {path}:{line} loads a remote URL")


def add_bytecode(wheel: Path, dest: Path) -> None:
    """Copy the wheel to ``dest`` with bytecode for the runtime's Python added
    (``scripts/wheel_bytecode.py``, run inside Pyodide by Node): the worker then
    imports the engine without compiling it on every start."""
    run = subprocess.run(
        ["node", str(ROOT / "scripts" / "wheel_bytecode.mjs"), str(wheel), str(dest)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0 or not dest.is_file():
        raise SystemExit(f"build_site: compiling the engine for Pyodide failed:\n{run.stderr}")


def build(out: Path, wheel: Path) -> dict[str, object]:
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise SystemExit("build_site: node_modules/pyodide is missing: run `make node_modules`")
    if out.exists():
        shutil.rmtree(out)
    (out / "web" / "shared").mkdir(parents=True)
    (out / "pyodide").mkdir()
    (out / "engine").mkdir()

    sw_template = WEB / "pwa" / pwa_build.SW_NAME
    web_files = sorted(
        p
        for p in WEB.rglob("*")
        if p.is_file() and p.suffix in WEB_SUFFIXES and p != sw_template and p.name not in GENERATED
    )
    pages = {INDEX: "index.html", **{WEB / "embed" / name: name for name in EMBED_PAGES}}
    for p in [*web_files, *pages]:
        if p.suffix in (".js", ".css", ".html"):
            check_local(p)
    for p in web_files:
        rel = p.relative_to(WEB)
        dest = out / "web" / (LOADER_URL if rel == LOADER_SOURCE else rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, dest)
    write_vocabulary(out / "web" / "shared" / VOCABULARY_NAME, wheel)

    sizes: dict[str, int] = {}
    for name in PYODIDE_FILES:
        src = PYODIDE_DIR / name
        shutil.copy2(src, out / "pyodide" / name)
        sizes[name] = src.stat().st_size
    site_wheel = out / "engine" / wheel.name
    add_bytecode(wheel, site_wheel)
    sizes["wheel"] = site_wheel.stat().st_size

    pyodide_version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    engine_version = wheel.name.split("-")[1]
    version = short_hash(
        wheel,
        *web_files,
        *pages,
        python_page.PAGE_SOURCE,
        sw_template,
        out / "web" / "shared" / VOCABULARY_NAME,
    )
    python_page.build(out, wheel.name, version)
    info = {
        "appVersion": version,
        "engineVersion": engine_version,
        "pyodideVersion": pyodide_version,
        # relative to web/shared/ and web/engine/ alike
        "wheel": f"../../engine/{wheel.name}?v={short_hash(site_wheel)}",
        "wheelName": wheel.name,
        "sizes": sizes,
    }
    (out / "web" / "shared" / "build-info.js").write_text(
        "// Generated by scripts/build_site.py: do not edit.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n",
        encoding="utf-8",
    )
    for page, name in pages.items():
        text = page.read_text(encoding="utf-8").replace("{{APP_VERSION}}", version)
        if PRELOAD_MARK in text:
            text = text.replace(PRELOAD_MARK, preload_links(out, TABLE_ENTRY))
        (out / name).write_text(text, encoding="utf-8")
    return info


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder")
    parser.add_argument("--wheel", type=Path, default=None, help="the engine wheel (.whl)")
    parser.add_argument("--web", type=Path, default=None, help="front-end sources (default web/)")
    args = parser.parse_args(argv)
    if args.web is not None:
        global WEB
        WEB = args.web.resolve()
    wheel = args.wheel or find_wheel(ROOT / "dist")
    info = build(args.out.resolve(), wheel.resolve())
    # Last: the offline files are generated from the finished folder.
    pwa_build.finish(args.out.resolve(), WEB, info)
    total = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(
        f"site built in {args.out} ({total / 1e6:.1f} MB, app {info['appVersion']}, "
        f"engine {info['engineVersion']}, Pyodide {info['pyodideVersion']})",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
