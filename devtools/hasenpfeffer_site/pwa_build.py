"""The installable, offline part of the built site (called last by build_site.py).

    python -m hasenpfeffer_site.pwa_build --site site     # redo it on an assembled site folder

Writes into the site folder:

    v/<version>/web/pwa/icon-192.png, icon-512.png
                                            app icons, drawn from web/pwa/icon.svg (written
                                            by build_site.py into the version's folder)
    v/<version>/web/pwa/icon-maskable-512.png
                                            the same on the felt colour, inside the safe zone
    manifest.webmanifest                    the web app manifest (all URLs relative; name and
                                            description from the English catalogue's manifest.*)
    sw.js                                   the service worker: web/pwa/sw.js with, in front of it,
                                            the precache list of every file of this version
                                            (path, size, sha256), the versions, and the
                                            groups of files only one page needs (GROUPS);
                                            of a file with a gzipped copy
                                            (gzipped_copies.py) only the copy

It walks the folder *after* everything else is in place, so any file another
build step adds (embed pages, ...) is precached without being listed here: the
files outside v/ (the entries) and those of this version's folder, never those of
older versions kept beside it.
The service worker lives at the root of the site so its scope is the site's
folder, wherever that is served from.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import urllib.parse
from pathlib import Path

from . import ROOT, catalogues, gzipped_copies
from .svg_raster import render

SW_NAME = "sw.js"
MANIFEST_NAME = "manifest.webmanifest"
THEME_COLOUR = "#14482b"  # as <meta name="theme-color"> in index.html
BACKGROUND_COLOUR = "#0f4025"  # the felt's dark edge (--felt-dark in web/table/styles.css)
#: (file name in site/web/pwa/, size in px, purpose, background, padding as a fraction of size)
ICONS = (
    ("icon-192.png", 192, "any", None, 0.0),
    ("icon-512.png", 512, "any", None, 0.0),
    # maskable: the platform may cut the square to a circle of 80 % of its width
    ("icon-maskable-512.png", 512, "maskable", BACKGROUND_COLOUR, 0.2),
)
#: Files that never go into the precache (the service worker itself; editor and OS litter).
SKIP = re.compile(r"(^|/)(sw\.js|\.DS_Store|Thumbs\.db|[^/]*~)$")
#: Groups of files that only one page needs: the service worker stores them when that page
#: asks, not when it installs, so the game's first visit does not download them. A pattern
#: matches an entry's path, or a path inside the version's folder (v/<version>/ left out).
#: python: the Python rule page, PyScript, the wheels its micropip loads by name
#: (python_page.py), Pyodide's whole standard library and its lock file (the game's worker
#: loads their trimmed copies, python_stdlib_game.zip and pyodide-lock-game.json:
#: game_stdlib.py); the runtime and the engine wheel are the game's own files.
#: rules: the rules page and its texts (web/rules/); its examples are the game's embeds.
GROUPS = {
    "python": re.compile(
        r"^(python\.html|pyscript/.*|web/python/.*|pyodide/[^/]*\.whl|pyodide/python_stdlib\.zip|pyodide/pyodide-lock\.json)$"
    ),
    "rules": re.compile(r"^(rules\.html|web/rules/.*)$"),
}


#: Icons drawn before, by their inputs (the SVG, the size and padding, the rasteriser's
#: source): the same inputs give the same bytes, so a build draws each only once.
ICON_CACHE = ROOT / "build" / "icons"


def write_icons(out: Path, svg: Path) -> None:
    """The PNG icons into ``out``/web/pwa/ (``out``: the version's folder)."""
    text = svg.read_text(encoding="utf-8")
    rasteriser = (Path(__file__).resolve().parent / "svg_raster.py").read_bytes()
    for name, size, _purpose, background, padding in ICONS:
        key = hashlib.sha256()
        for part in (text.encode(), repr((size, background, padding)).encode(), rasteriser):
            key.update(hashlib.sha256(part).digest())
        cached = ICON_CACHE / f"{key.hexdigest()[:24]}.png"
        if not cached.is_file():
            ICON_CACHE.mkdir(parents=True, exist_ok=True)
            made = cached.with_name(f"{cached.name}.{os.getpid()}.part")  # builds run in parallel
            made.write_bytes(render(text, size, background, padding))
            made.replace(cached)
        (out / "web" / "pwa" / name).write_bytes(cached.read_bytes())


def icon_entries(prefix: str) -> list[dict[str, str]]:
    """The manifest's icons, under ``prefix`` (the version's folder, v/<version>/)."""
    return [
        {
            "src": f"{prefix}web/pwa/{name}",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for name, size, purpose, _background, _padding in ICONS
    ]


#: The catalogue the manifest's words come from (docs/i18n.md): one manifest for every
#: language (a manifest per language would need a page per language to link it).
MANIFEST_LANGUAGE = "en"


def manifest_texts(web: Path, code: str = MANIFEST_LANGUAGE) -> dict[str, str]:
    """manifest.name / short_name / description of web/shared/locales/<code>.json."""
    try:
        messages = catalogues.read_file(code, web / "shared" / "locales")
    except ValueError as e:
        raise SystemExit(str(e)) from e
    return {k: messages[f"manifest.{k}"] for k in ("name", "short_name", "description")}


def write_manifest(
    out: Path, icons: list[dict[str, str]], texts: dict[str, str], prefix: str
) -> None:
    manifest = {
        "id": "./",
        "lang": MANIFEST_LANGUAGE,
        "dir": "ltr",
        "name": texts["name"],
        "short_name": texts["short_name"],
        "description": texts["description"],
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "icons": [
            *icons,
            {
                "src": f"{prefix}web/pwa/icon.svg",
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "any",
            },
        ],
    }
    (out / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


#: The folder of the versions (build_site.py): v/<version>/ holds one version's files.
VERSIONS = "v"


def precache_list(out: Path, version_path: str) -> dict[str, list[int | str]]:
    """The files of this version: URL path relative to the site -> [size, sha256]. The
    entries (every file outside v/) and this version's folder (``version_path``,
    "v/<version>/"); older versions' folders kept beside it are not this version's."""
    files: dict[str, list[int | str]] = {}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if not path.is_file() or SKIP.search(rel):
            continue
        if rel.startswith(f"{VERSIONS}/") and not rel.startswith(version_path):
            continue
        data = path.read_bytes()
        files[urllib.parse.quote(rel)] = [len(data), hashlib.sha256(data).hexdigest()]
    return files


def precache_groups(files: dict[str, list[int | str]], version_path: str) -> dict[str, list[str]]:
    """The files of each of GROUPS (paths as in ``files``; a pattern names a file of the
    version's folder by its path inside it, an entry by its own)."""
    return {
        name: [
            path
            for path in files
            if pattern.match(urllib.parse.unquote(path).removeprefix(version_path))
        ]
        for name, pattern in GROUPS.items()
    }


def write_service_worker(out: Path, template: Path, info: dict[str, object]) -> dict[str, object]:
    files = precache_list(out, str(info["versionPath"]))
    # one version of each file stored: a file the site has a gzipped copy of is not in the
    # list; the service worker answers it from the copy (gzipped_copies.py)
    decoded = gzipped_copies.decoded_files(list(files), str(info["versionPath"]))
    files = {path: entry for path, entry in files.items() if path not in decoded}
    build = {
        "appVersion": info["appVersion"],
        "engineVersion": info["engineVersion"],
        "pyodideVersion": info["pyodideVersion"],
        # changes with any file of the site, also those appVersion does not cover
        "filesVersion": hashlib.sha256(json.dumps(files).encode()).hexdigest()[:12],
        # the version's folder (every file of this version but the entries is in it)
        "versionPath": info["versionPath"],
        "groups": precache_groups(files, str(info["versionPath"])),
        # file -> [its gzipped copy, its content type]: answered from the copy, decoded
        "decoded": decoded,
        "files": files,
    }
    listing = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in files.items())
    head = json.dumps({k: v for k, v in build.items() if k != "files"}, indent=2)[:-2]
    header = (
        "// Generated by devtools/hasenpfeffer_site/pwa_build.py from web/pwa/sw.js: do not edit.\n"
        f'const PRECACHE = {head},\n  "files": {{\n{listing}\n  }}\n}};\n\n'
    )
    (out / SW_NAME).write_text(header + template.read_text(encoding="utf-8"), encoding="utf-8")
    return build


def finish(out: Path, web: Path, info: dict[str, object]) -> dict[str, object]:
    """The manifest, then the service worker over the finished folder (the icons are in
    the version's folder already: build_site.py draws them before naming the version)."""
    prefix = str(info["versionPath"])
    write_manifest(out, icon_entries(prefix), manifest_texts(web), prefix)
    return write_service_worker(out, web / "pwa" / SW_NAME, info)


def read_build_info(out: Path) -> dict[str, object]:
    """The build information of the version the site's index.html uses."""
    index = (out / "index.html").read_text(encoding="utf-8")
    match = re.search(rf"""["']{VERSIONS}/([0-9a-f]+)/""", index)
    if not match:
        raise SystemExit(f"{out}/index.html names no {VERSIONS}/<version>/ folder")
    prefix = f"{VERSIONS}/{match.group(1)}/"
    text = (out / prefix / "web" / "shared" / "build-info.js").read_text(encoding="utf-8")
    info: dict[str, object] = json.loads(text[text.index("{") : text.rindex("}") + 1])
    info["versionPath"] = prefix
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Add icons, manifest and service worker.")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--web", type=Path, default=ROOT / "web")
    args = parser.parse_args(argv)
    build = finish(args.site, args.web, read_build_info(args.site))
    files = build["files"]
    assert isinstance(files, dict)
    groups = build["groups"]
    assert isinstance(groups, dict)
    grouped = {path for paths in groups.values() for path in paths}
    total = sum(int(v[0]) for k, v in files.items() if k not in grouped)
    print(f"precache: {len(files) - len(grouped)} files, {total / 1e6:.1f} MB", file=sys.stderr)
    for name, paths in groups.items():
        size = sum(int(files[path][0]) for path in paths)
        print(f"  group {name}: {len(paths)} files, {size / 1e6:.1f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
