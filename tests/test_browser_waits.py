"""The browser tests wait on what the page holds, not on a promise.

Playwright's ``wait_for_function`` does not await a promise its predicate returns: the
promise itself counts as true, so the wait ends at once. ``e2e/test_lan_page.py`` waited
so for the host's engine to take a guest's move (``hostEngine.call(...).then(...)``);
the wait returned before the move had crossed the data channel, the next turn was read
from the game as it was before it, and the test stalled on a guest whose turn had
already passed (in the project's CI now and then; in 1 of 8 whole games of a probe
under load: docs/testing.md). A wait on the engine is polled from Python instead
(``wait_for_host_actions``), as ``hasenpfeffer_site/browser.py`` polls the snapshot.
This reads every ``wait_for_function`` predicate of the browser tests, the benchmarks
(scripts/) and the site package's helpers (a literal, an f-string, or a name bound to a
string in the file) and refuses an asynchronous one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASYNC = re.compile(r"\basync\b|\bawait\b|\.then\(")


def _text(node: ast.expr | None, constants: dict[str, ast.expr]) -> str:
    """The JavaScript a predicate argument holds, as far as the source says it."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            _text(part.value if isinstance(part, ast.FormattedValue) else part, constants)
            for part in node.values
        )
    if isinstance(node, ast.Name) and node.id in constants:
        return _text(constants[node.id], constants)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _text(node.left, constants) + _text(node.right, constants)
    return ""


def asynchronous_waits(source: str) -> list[int]:
    """The lines of `source` whose ``wait_for_function`` predicate is asynchronous."""
    tree = ast.parse(source)
    # the names bound in the file (module constants, a function's own): loosely, any of
    # them may be the one a call names
    constants: dict[str, ast.expr] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                constants[target.id] = node.value
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
            and ASYNC.search(_text(node.args[0], constants))
        ):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_a_wait_on_a_promise() -> None:
    # the wait that stalled test_lan_page.py, and the same in the other forms the tests use
    waits = '''
ENGINE_MOVED = "(n) => window.hostEngine.call('state').then((s) => s.actions > n)"
READY = """async () => {
  return (await navigator.serviceWorker.ready).active !== null;
}"""
PAINTED = "() => window.hasenpfeffer.state"

def test(page, count):
    page.wait_for_function(
        "(n) => window.hostEngine.call('state', {seat: 0}).then((s) => s.actions > n)",
        arg=count,
    )
    page.wait_for_function(ENGINE_MOVED, arg=count)
    page.wait_for_function(READY)
    page.wait_for_function(f"{PAINTED} && (await fetch('x')).ok")
    page.wait_for_function(PAINTED)
    page.wait_for_function("() => document.querySelector('dialog[open]') !== null")
    page.wait_for_function(f"() => ({PAINTED})().actions === 3")
'''
    assert asynchronous_waits(waits) == [9, 13, 14, 15]


def test_no_browser_test_or_script_waits_on_a_promise() -> None:
    files = [
        *sorted((ROOT / "e2e").glob("*.py")),
        *sorted((ROOT / "scripts").glob("*.py")),
        *sorted((ROOT / "devtools" / "hasenpfeffer_site").glob("*.py")),
    ]
    assert len(files) > 20
    found = {
        str(path.relative_to(ROOT)): lines
        for path in files
        if (lines := asynchronous_waits(path.read_text(encoding="utf-8")))
    }
    assert found == {}, (
        "wait_for_function does not await a promise (it ends at once): poll from Python "
        f"instead, as e2e/test_lan_page.py's wait_for_host_actions does: {found}"
    )
