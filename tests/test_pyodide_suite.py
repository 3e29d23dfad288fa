"""The engine's own tests also pass inside Pyodide 314 (Python 3.14) in Node.

`node tests/pyodide_pytest.mjs <wheel>` runs the pure engine tests (cards,
rules, game, properties, perft, notation, solver) with pytest inside Pyodide,
importing the package from the built wheel, in two parts that the two test
workers run side by side (`--files=`). pytest, hypothesis and their
dependencies come from .cache/pyodide-wheels (`make pyodide-wheels`, pinned);
Pyodide from node_modules/pyodide (`make node_modules`). The run is offline:
the harness refuses any network access.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from test_wheel import find_or_build_wheel

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide_pytest.mjs"
PYODIDE_MJS = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
WHEEL_CACHE = ROOT / ".cache" / "pyodide-wheels"
# About 2 minutes of one core on a quiet 2-core machine in all; the limit only stops a hung run.
TIMEOUT_S = 600
# The suite in two parts, one per test worker (the property tests are half of its
# time), each with the fewest tests it must pass (far fewer means files went missing):
# the property tests are 9, the other files about 750.
PARTS = {
    "properties": (["test_properties.py"], 8),
    "the rest": (
        [
            "test_cards.py",
            "test_rules.py",
            "test_game.py",
            "test_perft.py",
            "test_notation.py",
            "test_solver.py",
        ],
        400,
    ),
}


def test_the_parts_cover_every_engine_test_file() -> None:
    listed = re.search(r"const TEST_FILES = \[(.*?)\];", RUNNER.read_text(), re.S)
    assert listed is not None
    files = re.findall(r'"(test_\w+\.py)"', listed.group(1))
    assert sorted(f for names, _ in PARTS.values() for f in names) == sorted(files)


@pytest.mark.parametrize("part", list(PARTS))
def test_engine_tests_pass_inside_pyodide(
    part: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    files, min_passed = PARTS[part]
    node = shutil.which("node")
    if node is None:
        pytest.skip("`node` is not on PATH: the Pyodide suite needs Node.js 20+")
    if not PYODIDE_MJS.is_file():
        pytest.fail(f"{PYODIDE_MJS.relative_to(ROOT)} is missing: run `make node_modules` (npm ci)")
    for name in ("pytest", "pluggy", "iniconfig", "hypothesis"):
        if not list(WHEEL_CACHE.glob(f"{name}-*.whl")):
            pytest.fail(
                f"no {name} wheel in {WHEEL_CACHE.relative_to(ROOT)}: run `make pyodide-wheels`"
            )

    wheel = find_or_build_wheel(tmp_path_factory)
    try:
        proc = subprocess.run(
            [node, str(RUNNER), str(wheel), f"--files={','.join(files)}"],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(
            f"the Pyodide test run did not finish within {TIMEOUT_S} s\n"
            f"--- stdout (tail) ---\n{str(exc.stdout)[-4000:]}"
        )
    report = f"--- stdout (tail) ---\n{proc.stdout[-6000:]}\n--- stderr ---\n{proc.stderr[-4000:]}"
    assert proc.returncode == 0, f"pytest inside Pyodide exited with {proc.returncode}\n{report}"

    summary = re.search(r"(\d+) passed", proc.stdout)
    assert summary is not None, f"no pytest summary in the output\n{report}"
    passed = int(summary.group(1))
    assert passed >= min_passed, f"only {passed} tests passed inside Pyodide\n{report}"
