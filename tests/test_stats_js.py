"""The page's statistics model (web/table/stats.js) under Node's test runner
(tests/stats_check.mjs): counting hands, games, bids, reviews and deals of
the day; two tabs adding to one record; an unreadable record kept aside; a
full storage reported; the SVG chart's geometry."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_statistics_model_under_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (it runs web/table/stats.js): install Node 20+")
    proc = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "stats_check.mjs")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout and "# pass 10" in proc.stdout, proc.stdout[-2000:]
