"""Gzipped copies of the site's big files, which the game's worker decodes itself (issue 50).

    write_copies(folder) -> {file: its copy}       (build_site.py, before the versioning)
    decoded_files(files) -> {file: [copy, type]}   (pwa_build.py: what the service worker
                                                    answers from the copy, decoded)

Many static hosts and object stores send every file as stored: the runtime's 9.6 MB
wasm went over the wire whole. So the build writes ``<file>.gz`` beside each file of
COPIED (gzip written by Zopfli, ``wheel_deflate.deflate``, no name and no time in its
header: the same file gives the same bytes, and the same version; made once for each file
and kept in ``.cache/gzipped-copies/``: ``make wheel`` empties build/), and the engine's
worker asks for the copy and decodes it as it comes (``DecompressionStream``), the wasm
compiled while it streams (web/engine/downloads.js); the file as stored stays beside it
for a host that refuses the copy and for the pages that load Pyodide their own way (the
Python page's PyScript).

A host serves the copy as it serves any file: ``application/gzip``, which hosts that
compress do not compress again (docs/hosting.md); one that sends it with
``Content-Encoding: gzip`` has the browser decode it, and the worker then finds the
wasm's own bytes and takes them as they are.

Which files (measured on Pyodide 314.0.7): the wasm, 9.60 MB to 3.41 MB, and the
runtime's script ``pyodide.asm.mjs``, 1.25 MB to 0.24 MB (Zopfli's copies are 3 % and 6 %
smaller than gzip -9's, 3,528,803 and 259,957 bytes: issue 50), which the worker imports
from a ``blob:`` URL of the decoded bytes and hands to Pyodide's loader (its
``createPyodideModule``) where the worker's policy allows ``blob:`` scripts (none is sent
by the plain hosts the copies are for; docs/hosting.md gives the policy to send), else the
loader imports the script as stored. And the two zip archives the worker loads
(``archives()``): the game's standard library and the engine's wheel, written with their
files stored, not deflated (a zip of files deflated one by one loses what they share:
gzip over such an archive saved 1 %), so that their copies pack them as one stream:
the library 687,041 bytes deflated file by file, 606,016 as a copy (its stored archive
2.6 MB), the wheel 511,543 and 418,849 (1.2 MB). The worker decodes them whole and hands
the bytes to Pyodide's loader and to the engine's import (web/engine/downloads.js). The
runtime snapshot is gzipped already (build_site.py). A test holds each copy to saving at
least MIN_SAVED.

The service worker stores one version of each file: the copy, not the file as stored
(pwa_build.py leaves the file out of its list), and answers a request for the file (the
Python page's, offline) with the copy, decoded.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import struct
import zlib
from pathlib import Path

from . import ROOT
from .wheel_deflate import deflate

#: The files copied, by their path in the site before the versioning (build_site.py);
#: also the game's standard library and the engine's wheel (ARCHIVES).
COPIED = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs")
#: The copy's name: the file's and this.
SUFFIX = ".gz"
#: What a copy must save of its file to be worth a file and a request (tested).
MIN_SAVED = 0.2
#: Copies made before, by the file's bytes (Zopfli takes half a minute on the wasm).
CACHE = ROOT / ".cache" / "gzipped-copies"
CACHE_KEEP = 8
#: The types the service worker gives a decoded file (the server's: serve_site.TYPES).
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".zip": "application/zip",
    ".whl": "application/zip",
}


def archives(wheel_name: str) -> tuple[str, ...]:
    """The zip archives the game's worker fetches as copies (ARCHIVES): the game's standard
    library and the site's wheel ``wheel_name``, their files stored (game_stdlib.py,
    wheel_bytecode.py), so that one gzip stream packs what the files share."""
    return ("pyodide/python_stdlib_game.zip", f"engine/{wheel_name}")


def copy_of(path: str) -> str:
    """The name of the copy of the file at ``path``."""
    return path + SUFFIX


def gzipped(data: bytes) -> bytes:
    """``data`` as a gzip file of one member, its deflate stream Zopfli's: no file name,
    time 0, "unknown" system (the same bytes every time).

    >>> gzip.decompress(gzipped(b"hasenpfeffer " * 40)) == b"hasenpfeffer " * 40
    True
    """
    header = struct.pack("<BBBBIBB", 0x1F, 0x8B, 8, 0, 0, 2, 255)
    trailer = struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
    return header + deflate(data) + trailer


def cached_copy(data: bytes) -> bytes:
    """gzipped(data), made once for each content (CACHE) and checked as it is made."""
    cached = CACHE / f"{hashlib.sha256(data).hexdigest()[:24]}.gz"
    if cached.is_file():
        os.utime(cached)  # used now: kept before copies not asked for since (CACHE_KEEP)
        return cached.read_bytes()
    copy = gzipped(data)
    if gzip.decompress(copy) != data:
        raise RuntimeError("gzipped_copies: a copy does not decompress to its file")
    CACHE.mkdir(parents=True, exist_ok=True)
    made = cached.with_name(f"{cached.name}.{os.getpid()}.part")  # builds run in parallel
    made.write_bytes(copy)
    made.replace(cached)
    kept = sorted(
        (p for p in CACHE.iterdir() if p.suffix == ".gz"), key=lambda p: p.stat().st_mtime
    )
    for old in kept[:-CACHE_KEEP]:
        old.unlink(missing_ok=True)
    return copy


def write_copies(folder: Path, copied: tuple[str, ...] = COPIED) -> dict[str, Path]:
    """``<file>.gz`` beside each of ``copied`` in ``folder``: {file: its copy}."""
    written: dict[str, Path] = {}
    for rel in copied:
        dest = folder / copy_of(rel)
        dest.write_bytes(cached_copy((folder / rel).read_bytes()))
        written[rel] = dest
    return written


def decoded_files(paths: list[str], version_path: str) -> dict[str, list[str]]:
    """Of ``paths`` (the precache's, under ``version_path``), the files whose copy is there
    too: {file: [its copy, its content type]}."""
    have = set(paths)
    decoded: dict[str, list[str]] = {}
    for path in sorted(have):
        if path.startswith(version_path) and copy_of(path) in have:
            decoded[path] = [copy_of(path), TYPES[Path(path).suffix]]
    return decoded
