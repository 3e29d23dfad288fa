"""The build's runtime snapshot (hasenpfeffer_site.build_site, engine_snapshot.mjs): Python started
with the engine imported over the standard library the worker loads, gzipped, made once
for the same inputs and made anew when one of them changes.

Whether the worker restores it (and starts the usual way without it) is checked in a
browser by e2e/test_startup.py and e2e/test_pwa.py.
"""

from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer_site import build_site
from test_wheel import find_or_build_wheel

ROOT = Path(__file__).resolve().parent.parent


def test_the_same_wheel_gives_the_same_snapshot_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Two snapshots of one wheel differ in a few bytes (generators' states), so the
    build keeps the first and copies it: the same sources, the same version."""
    monkeypatch.setattr(build_site, "SNAPSHOT_CACHE", tmp_path / "cache")
    wheel = find_or_build_wheel(tmp_path_factory)
    stdlib = build_site.PYODIDE_DIR / "python_stdlib.zip"
    first, second = tmp_path / "first", tmp_path / "second"
    build_site.add_snapshot(wheel, stdlib, first)
    build_site.add_snapshot(wheel, stdlib, second)
    assert first.read_bytes() == second.read_bytes()
    # Pyodide's memory snapshot, gzipped: the runtime's whole memory, far larger inflated
    inflated = gzip.decompress(first.read_bytes())
    assert len(inflated) > 4 * first.stat().st_size
    assert len(list((tmp_path / "cache").iterdir())) == 1


def test_a_changed_wheel_stdlib_script_or_pyodide_makes_a_new_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache never hands out a snapshot of other inputs: each of the four, changed,
    makes the maker run again (the maker here writes what it was given, so the copy
    shows which run it came from)."""
    runs: list[list[str]] = []

    def maker(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        runs.append(command)
        Path(command[-1]).write_text(f"run {len(runs)} of {Path(command[-2]).name}")
        return subprocess.CompletedProcess(command, 0, "", "")

    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    (pyodide / "package.json").write_text('{"version": "0.29.0"}')
    script = tmp_path / "engine_snapshot.mjs"
    script.write_text("// the maker\n")
    wheel = tmp_path / "hasenpfeffer-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"wheel one")
    stdlib = tmp_path / "python_stdlib_game.zip"
    stdlib.write_bytes(b"stdlib one")
    monkeypatch.setattr(build_site, "SNAPSHOT_CACHE", tmp_path / "cache")
    monkeypatch.setattr(build_site, "SNAPSHOT_MAKER", script)
    monkeypatch.setattr(build_site, "PYODIDE_DIR", pyodide)
    monkeypatch.setattr(build_site.subprocess, "run", maker)

    def snapshot() -> str:
        out = tmp_path / "snapshot"
        build_site.add_snapshot(wheel, stdlib, out)
        return out.read_text()

    assert snapshot() == "run 1 of " + wheel.name
    assert snapshot() == "run 1 of " + wheel.name  # the same inputs: from the cache
    wheel.write_bytes(b"wheel two")
    assert snapshot() == "run 2 of " + wheel.name
    script.write_text("// the maker, changed\n")
    assert snapshot() == "run 3 of " + wheel.name
    (pyodide / "package.json").write_text('{"version": "0.29.1"}')
    assert snapshot() == "run 4 of " + wheel.name
    # back to the first inputs: at most SNAPSHOT_CACHE_KEEP are kept, the first among them
    wheel.write_bytes(b"wheel one")
    script.write_text("// the maker\n")
    (pyodide / "package.json").write_text('{"version": "0.29.0"}')
    assert snapshot() == "run 1 of " + wheel.name
    assert len(runs) == 4
    # the snapshot holds the library's table of contents: another library, another snapshot
    stdlib.write_bytes(b"stdlib two")
    assert snapshot() == "run 5 of " + wheel.name
    assert runs[-1][-3] == str(stdlib)  # the maker was given it
    shutil.rmtree(tmp_path / "cache")
    assert snapshot() == "run 6 of " + wheel.name
