"""Running one of the suite's Node test scripts (``node --test tests/<name>.mjs``),
for the pytest files that check page modules under Node."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_node_check(script: str, passes: int, runs: str, env: dict[str, str] | None = None) -> None:
    """Run ``tests/<script>`` under Node's test runner: it must end with no
    failure and exactly ``passes`` passing tests (so a test that stopped being
    run is noticed). ``runs`` names the module it checks, for the message
    when Node is missing; ``env``: variables added to the script's environment."""
    node = shutil.which("node")
    if node is None:
        pytest.fail(f"node is needed (it runs {runs}): install Node 20+")
    proc = subprocess.run(
        [node, "--test", str(ROOT / "tests" / script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, **(env or {})},
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout and f"# pass {passes}" in proc.stdout, proc.stdout[-2000:]
