"""Assemble the static web app into one self-contained folder (default ``site/``).

    python scripts/build_site.py [--out site] [--wheel dist/hasenpfeffer-*.whl]

The folder holds everything the page loads, under relative URLs only, so it
works from any static host and under any sub-path:

    index.html                  the page (from web/index.html)
    embed.html, demo.html       the embeds' frame and the demo rule page (from web/)
    web/                        ES modules, styles, icons (from web/)
    web/locales/                the message catalogues, one per language (from web/locales/)
    web/build-info.js           generated: versions, file names and sizes
    pyodide/                    the runtime, copied from node_modules/pyodide
    engine/<wheel>              the engine wheel with bytecode for Pyodide's Python added
                                (scripts/wheel_bytecode.py; imported in place via zipimport)
    manifest.webmanifest, sw.js, web/icon-*.png
                                written last by scripts/pwa_build.py: the web app
                                manifest, icons, and the service worker that precaches
                                every file of the finished folder (offline play)

Nothing is fetched from any other origin at run time. The script checks that
no file it copies from web/ names a remote URL to load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pwa_build

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
# Pages copied from web/ to the site root, with {{APP_VERSION}} filled in.
ROOT_PAGES = ("index.html", "embed.html", "demo.html")
WEB_SUFFIXES = (".js", ".css", ".svg", ".png", ".webmanifest")
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
    (out / "web").mkdir(parents=True)
    (out / "pyodide").mkdir()
    (out / "engine").mkdir()

    web_files = sorted(
        p
        for p in WEB.iterdir()
        if p.suffix in WEB_SUFFIXES and p.is_file() and p.name != pwa_build.SW_NAME
    )
    pages = [WEB / name for name in ROOT_PAGES]
    for p in [*web_files, *pages]:
        if p.suffix in (".js", ".css", ".html"):
            check_local(p)
    for p in web_files:
        shutil.copy2(p, out / "web" / p.name)
    # the message catalogues (web/i18n.js imports web/locales/<code>.js)
    locale_files = sorted((WEB / "locales").glob("*.js"))
    (out / "web" / "locales").mkdir()
    for p in locale_files:
        check_local(p)
        shutil.copy2(p, out / "web" / "locales" / p.name)

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
    version = short_hash(wheel, *web_files, *locale_files, *pages, WEB / pwa_build.SW_NAME)
    info = {
        "appVersion": version,
        "engineVersion": engine_version,
        "pyodideVersion": pyodide_version,
        "wheel": f"../engine/{wheel.name}?v={short_hash(site_wheel)}",
        "wheelName": wheel.name,
        "sizes": sizes,
    }
    (out / "web" / "build-info.js").write_text(
        "// Generated by scripts/build_site.py: do not edit.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n",
        encoding="utf-8",
    )
    for page in pages:
        text = page.read_text(encoding="utf-8").replace("{{APP_VERSION}}", version)
        (out / page.name).write_text(text, encoding="utf-8")
    return info


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
