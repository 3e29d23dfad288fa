"""scripts/build_site.py's runtime snapshot (scripts/engine_snapshot.mjs): Python started
with the engine imported, gzipped, made once for the same inputs.

Whether the worker restores it (and starts the usual way without it) is checked in a
browser by e2e/test_startup.py and e2e/test_pwa.py.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402

WHEELS = sorted((ROOT / "dist").glob("hasenpfeffer-*.whl"))


@pytest.mark.skipif(len(WHEELS) != 1, reason="needs the wheel: make wheel")
def test_the_same_wheel_gives_the_same_snapshot_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two snapshots of one wheel differ in a few bytes (generators' states), so the
    build keeps the first and copies it: the same sources, the same version."""
    monkeypatch.setattr(build_site, "SNAPSHOT_CACHE", tmp_path / "cache")
    wheel = WHEELS[0]
    first, second = tmp_path / "first", tmp_path / "second"
    build_site.add_snapshot(wheel, first)
    build_site.add_snapshot(wheel, second)
    assert first.read_bytes() == second.read_bytes()
    # Pyodide's memory snapshot, gzipped: the runtime's whole memory, far larger inflated
    inflated = gzip.decompress(first.read_bytes())
    assert len(inflated) > 4 * first.stat().st_size
    assert len(list((tmp_path / "cache").iterdir())) == 1
