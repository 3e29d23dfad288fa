"""The order the tests are handed out in (the whole suite, tests/ and e2e/).

pytest-xdist gives each worker the next tests in collection order as it runs
short, so a long test collected last keeps one worker busy while the other has
nothing left. The longest ones go first (the Pyodide suite, the versions'
deploys, the golden games, then the browser tests), the many short unit tests
last, where they fill the gaps; within each rank the order is pytest's own, so
a module's tests stay together. docs/testing.md gives the durations.
"""

from __future__ import annotations

import os

import pytest

#: Files whose tests take a minute or more each, or many minutes in all, longest first.
LONGEST = (
    "tests/test_pyodide_suite.py",
    "e2e/test_engines.py",
    "e2e/test_versions.py",
    "tests/test_golden.py",
    # (two cold loads, each walking everything the API reaches: 1-1.5 min each)
    "e2e/test_game_stdlib.py",
)


def _rank(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    if path in LONGEST:
        return LONGEST.index(path)
    return len(LONGEST) + (0 if path.startswith("e2e/") else 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: pytest's order within a rank


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers for every two cores. A browser test waits much of its
    time (on the page's engine, its pacing, a server, another browser), so two workers
    on two cores keep them about half busy: docs/testing.md has the runs (2 workers
    against 3 on the same tree)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, (3 * (cores or 1) + 1) // 2)
