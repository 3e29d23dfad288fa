"""The suite's pytest-xdist groups hold: the tests of one ``xdist_group`` run on one
worker, in turn (docs/testing.md). The network-namespace tests rely on it (fixed
namespace names, addresses and port: ``e2e/test_lan_table.py``, ``e2e/test_lan_page.py``);
with pytest 9.2 and pytest-xdist 3.8.0 the groups were silently ignored and those two
tests ran at the same time on both workers, each tearing down the other's network."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GROUPED = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("together")

@pytest.mark.parametrize("n", range(4))
def test_{name}(n):
    with open({log!r}, "a") as log:
        log.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
"""


def test_the_tests_of_one_group_run_on_one_worker(tmp_path: Path) -> None:
    log = tmp_path / "workers.log"
    for name in ("first", "second"):
        (tmp_path / f"test_{name}.py").write_text(GROUPED.format(name=name, log=str(log)))
    # a file of ungrouped tests, so that the other worker has work of its own
    (tmp_path / "test_other.py").write_text(
        "import pytest\n\n@pytest.mark.parametrize('n', range(8))\ndef test_other(n):\n    pass\n"
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not the project's settings
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    run = subprocess.run(
        [*command, "-n", "2", "--dist", "loadgroup", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    workers = log.read_text().split()
    assert len(workers) == 8, workers
    assert len(set(workers)) == 1, f"one group's tests ran on {sorted(set(workers))}"
