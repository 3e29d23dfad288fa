"""The build's gzipped copies of the big files (hasenpfeffer_site.gzipped_copies, issue 50):
each decompresses to its file, the same bytes every build, worth its request, and the
service worker's list holds the copy, not the file; the zip archives the worker loads
(the game's standard library, the wheel) are written with their files stored, and their
copies pack them whole.

That the worker fetches the copy, decodes it, and falls back to the file:
e2e/test_gzipped_copies.py.
"""

from __future__ import annotations

import gzip
import json
import shutil
import zipfile
from pathlib import Path

from hasenpfeffer_site import build_site, gzipped_copies, pwa_build

ROOT = Path(__file__).resolve().parent.parent


def _site_with_pyodide(folder: Path) -> None:
    """``folder`` with the files of COPIED at their places, from the installed Pyodide."""
    for rel in gzipped_copies.COPIED:
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(build_site.PYODIDE_DIR / Path(rel).name, folder / rel)


def test_each_copy_decompresses_to_its_file_the_same_every_build(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    _site_with_pyodide(first)
    _site_with_pyodide(second)
    written = gzipped_copies.write_copies(first)
    again = gzipped_copies.write_copies(second)
    assert (
        set(written)
        == set(gzipped_copies.COPIED)
        == {"pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs"}
    )
    for rel, copy in written.items():
        assert copy == first / f"{rel}.gz"
        original = (first / rel).read_bytes()
        assert gzip.decompress(copy.read_bytes()) == original
        # no name, no time in the header: the same bytes (and so the same version) each build
        assert copy.read_bytes() == again[rel].read_bytes()
        # worth a file and a request: the wasm, 9.6 MB, comes in about 3.5; the script,
        # 1.25 MB, in about 0.26
        assert copy.stat().st_size <= (1 - gzipped_copies.MIN_SAVED) * len(original), rel


def test_the_service_worker_stores_the_copy_and_answers_the_file_with_it(
    tmp_path: Path,
) -> None:
    version = "v/0123456789ab/"
    folder = tmp_path / version
    folder.mkdir(parents=True)
    (folder / "pyodide").mkdir()
    (folder / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(4096))
    (folder / "pyodide" / "pyodide.mjs").write_text("export {};\n")
    (folder / "pyodide" / "pyodide.asm.mjs").write_text("export default () => 0;\n" * 100)
    gzipped_copies.write_copies(folder)
    (folder / "engine").mkdir()
    for archive in gzipped_copies.archives("tiny-1.0-py3-none-any.whl"):
        (folder / archive).write_bytes(b"PK\3\4" + b"stored file " * 500)
    gzipped_copies.write_copies(folder, gzipped_copies.archives("tiny-1.0-py3-none-any.whl"))
    (tmp_path / "index.html").write_text("<!doctype html>\n")
    info = {
        "appVersion": "0123456789ab",
        "engineVersion": "0.1.0",
        "pyodideVersion": "314.0.7",
        "versionPath": version,
    }
    build = pwa_build.write_service_worker(tmp_path, ROOT / "web" / "pwa" / "sw.js", info)
    files = build["files"]
    assert isinstance(files, dict)
    wasm, copy = f"{version}pyodide/pyodide.asm.wasm", f"{version}pyodide/pyodide.asm.wasm.gz"
    assert copy in files and wasm not in files
    assert f"{version}pyodide/pyodide.mjs" in files and "index.html" in files
    script = f"{version}pyodide/pyodide.asm.mjs"
    stdlib, wheel = (
        f"{version}pyodide/python_stdlib_game.zip",
        f"{version}engine/tiny-1.0-py3-none-any.whl",
    )
    assert build["decoded"] == {
        wasm: [copy, "application/wasm"],
        script: [f"{script}.gz", "text/javascript"],
        stdlib: [f"{stdlib}.gz", "application/zip"],
        wheel: [f"{wheel}.gz", "application/zip"],
    }
    assert stdlib not in files and wheel not in files and f"{wheel}.gz" in files
    assert script not in files and f"{script}.gz" in files
    # the service worker's own list says the same
    text = (tmp_path / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.loads(text[start : text.index("};", start) + 1])
    assert precache["decoded"] == build["decoded"] and wasm not in precache["files"]


def test_a_site_without_the_copy_keeps_the_file_in_the_list(tmp_path: Path) -> None:
    """(a folder the copies were not written to: the file is stored as it is)"""
    version = "v/0123456789ab/"
    paths = [f"{version}pyodide/pyodide.asm.wasm", f"{version}pyodide/pyodide.mjs"]
    assert gzipped_copies.decoded_files(paths, version) == {}


def test_a_stored_archives_copy_packs_it_smaller_than_its_files_deflated_one_by_one(
    tmp_path: Path,
) -> None:
    """Why the archives are stored (game_stdlib.py, wheel_bytecode.py): on the engine's own
    sources, a gzipped copy of the stored archive is smaller than the archive deflated file
    by file (it packs what the files share)."""
    sources = sorted((ROOT / "engine" / "hasenpfeffer").rglob("*.py"))
    for kind in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        with zipfile.ZipFile(tmp_path / f"{kind}.zip", "w", kind, compresslevel=9) as archive:
            for source in sources:
                archive.write(source, source.relative_to(ROOT / "engine").as_posix())
    stored = (tmp_path / f"{zipfile.ZIP_STORED}.zip").read_bytes()
    copy = gzipped_copies.gzipped(stored)
    assert gzip.decompress(copy) == stored
    assert len(copy) < 0.9 * (tmp_path / f"{zipfile.ZIP_DEFLATED}.zip").stat().st_size
