"""No skip that hides a failure: every skip and expected failure in the suite is listed here.

A test may skip only when the machine cannot run it (no Node.js, no network
namespaces, another operating system), never on a condition the test itself produced
(an alert in a dialog, zero candidates found, an import that failed): those are
failures. The list below is the whole set, each with why it is the machine's and not
the test's; a new `pytest.skip`, `skipif`, `importorskip` or `xfail` anywhere in
tests/ or e2e/ fails this test until it is added here with its reason (and a
reviewer agrees), and a listed one that is gone must be taken off.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TypeGuard

ROOT = Path(__file__).resolve().parent.parent
SKIPPING = {"skip", "skipif", "importorskip", "xfail"}

#: (file, what, where) -> why the condition is the machine's, not the test's.
ALLOWED = {
    ("tests/test_cli.py", "skipif", "test_ctrl_c_exits_cleanly"): (
        "POSIX signals: the test sends SIGINT, which Windows has not"
    ),
    ("tests/test_pyodide.py", "skip", "test_same_results_on_cpython_and_pyodide"): (
        "no `node` on PATH (make test installs what it needs; "
        ".ci/run refuses to start without node)"
    ),
    ("tests/test_pyodide_suite.py", "skip", "test_engine_tests_pass_inside_pyodide"): (
        "no `node` on PATH, as above"
    ),
    ("e2e/test_lan_page.py", "skipif", "<module>"): (
        "the LAN tests build network namespaces: they need root and `ip`; "
        "the reason names which is missing"
    ),
    ("e2e/test_lan_table.py", "skipif", "<module>"): ("network namespaces, as above"),
    ("e2e/test_engines.py", "xfail", "test_a_hand_by_keyboard_only"): (
        "the browser under its driver presses no button by keyboard, shown first on a plain "
        "button of no game's (FIREFOX_KEYS: Firefox ESR over WebDriver BiDi); where the "
        "button is pressed, the journey runs and must pass"
    ),
}


def _skips(path: Path, root: Path = ROOT) -> set[tuple[str, str, str]]:
    """(file, what, where) for each pytest.skip / mark.skipif / importorskip / xfail in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[tuple[str, str, str]] = set()
    rel = path.relative_to(root).as_posix()

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in child.decorator_list:
                    visit_expr(decorator, child.name)
                visit(child, child.name)
                continue
            if isinstance(child, ast.ImportFrom) and child.module in {"pytest", "_pytest.outcomes"}:
                for alias in child.names:
                    if alias.name in SKIPPING:
                        found.add((rel, f"from pytest import {alias.name}", where))
            if _is_skip(child):
                found.add((rel, child.attr, where))
            visit(child, where)

    def visit_expr(node: ast.AST, where: str) -> None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and _is_skip(sub):
                found.add((rel, sub.attr, where))

    visit(tree, "<module>")
    return found


def _is_skip(node: ast.AST) -> TypeGuard[ast.Attribute]:
    return isinstance(node, ast.Attribute) and node.attr in SKIPPING and _from_pytest(node.value)


def _from_pytest(node: ast.expr) -> bool:
    """`pytest` or `pytest.mark`."""
    if isinstance(node, ast.Name):
        return node.id == "pytest"
    return isinstance(node, ast.Attribute) and node.attr == "mark" and _from_pytest(node.value)


def test_every_skip_in_the_suite_is_the_machines_and_listed() -> None:
    files = sorted(
        p
        for folder in ("tests", "e2e")
        for p in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in p.parts and p.name != "test_skips.py"
    )
    found = set().union(*(_skips(p) for p in files), _skips(ROOT / "conftest.py"))
    unlisted = sorted(found - set(ALLOWED))
    assert not unlisted, (
        "a skip or xfail that is not listed: a test may skip only when the machine cannot run it; "
        f"a condition the test produced is a failure (tests/test_skips.py): {unlisted}"
    )
    gone = sorted(set(ALLOWED) - found)
    assert not gone, f"listed in tests/test_skips.py but gone from the suite: take them off: {gone}"


def test_the_check_finds_each_kind_of_skip(tmp_path: Path) -> None:
    """The walk sees a skip however it is written (the list cannot be short by blindness)."""
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        "import pytest\n"
        "from pytest import skip\n"
        "pytestmark = pytest.mark.skipif(True, reason='x')\n"
        "@pytest.mark.xfail(reason='y')\n"
        "def test_a():\n"
        "    if not found:\n"
        "        pytest.skip('nothing found')\n"
        "def test_b():\n"
        "    pytest.importorskip('hard')\n",
        encoding="utf-8",
    )
    kinds = _skips(sample, tmp_path)
    rel = "test_sample.py"
    assert kinds == {
        (rel, "from pytest import skip", "<module>"),
        (rel, "skipif", "<module>"),
        (rel, "xfail", "test_a"),
        (rel, "skip", "test_a"),
        (rel, "importorskip", "test_b"),
    }
