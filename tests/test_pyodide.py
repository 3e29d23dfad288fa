"""The built wheel runs unchanged on Pyodide 314 (Python 3.14) in Node.

The same snippets (random games; the puzzle reader) are run twice with the
wheel first on sys.path: under this CPython and under Pyodide (`node
tests/pyodide_run.mjs <wheel> <snippet>`, which imports the .whl directly
through zipimport). Both must print the same JSON. Pyodide is loaded from
node_modules/pyodide (`make node_modules`); the harness refuses any network
access.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hasenpfeffer_site import wheel_bytecode
from test_wheel import find_or_build_wheel

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide_run.mjs"
PYODIDE_MJS = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
# Five random games take well under a second on CPython; Pyodide needs a few
# seconds to start. The limits only stop a game that never ends.
CPYTHON_TIMEOUT_S = 60
PYODIDE_TIMEOUT_S = 180

# Run first in both interpreters: the package must come from the wheel, and from
# the bytecode that each interpreter's copy of the wheel carries (as the site's).
PRELUDE = """\
import sys as _sys
import hasenpfeffer as _hp
assert _hp.__file__.startswith(_sys.path[0]), (_hp.__file__, _sys.path[0])
assert _hp.__file__.endswith(".pyc"), _hp.__file__
del _sys, _hp
"""
BYTECODE_PY = Path(wheel_bytecode.__file__)
IN_PYODIDE = BYTECODE_PY.with_name("in_pyodide.mjs")

SNIPPET = """\
import json, random
import hasenpfeffer as hp
out = []
for seed in range(8):
    rules = hp.Rules.preset(["seed", "seed-pepper", "traditional", "pepper"][seed % 4])
    g = hp.Game.new(rules, seed=seed)
    rng = random.Random(seed)
    # random play rarely ends a game: stop after 12 hands
    while g.phase != "game_over" and g.hand_number < 12:
        g.apply(rng.choice(g.legal_actions()))
    out.append({
        "scores": list(g.scores),
        "actions": [str(a) for a in g.history],
        "records": [r.to_dict() for r in g.records],
        "save": g.to_json(),
        "view": g.view(0),
    })
    assert hp.Game.from_json(g.to_json()) == g
print(json.dumps(out, sort_keys=True))
"""

# The puzzle reader the Puzzles mode will run in the page (docs/puzzles.md): a set read
# and written back, a bad puzzle's error, a puzzle's solver position solved.
PUZZLE_SNIPPET = """\
import json
from hasenpfeffer.bots.solver import Position, solve_moves
from hasenpfeffer.cards import CARDS
from hasenpfeffer.puzzle import EXAMPLE, PuzzleError, read_puzzles, write_puzzles
text = "[" + EXAMPLE + "]"
(p,) = read_puzzles(text)
assert read_puzzles(write_puzzles([p])) == [p]
try:
    read_puzzles(text.replace('"need": 2', '"need": 0'))
except PuzzleError as err:
    error = str(err)
values = solve_moves(Position.from_puzzle(p))
print(json.dumps({"puzzle": p.to_dict(), "error": error,
                  "values": {str(CARDS[c]): v for c, v in values.items()}}, sort_keys=True))
"""

CPYTHON_RUNNER = """\
import sys
wheel, path = sys.argv[1], sys.argv[2]
sys.argv = [path]
sys.path.insert(0, wheel)
with open(path, encoding="utf-8") as f:
    code = compile(f.read(), path, "exec")
exec(code, {"__name__": "__main__"})
"""


def _run(cmd: list[str], what: str, timeout: float) -> str:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(
            f"{what} did not finish within {timeout} s (does every random game reach "
            f"'game_over'?)\n--- stderr ---\n{exc.stderr!r}"
        )
    if proc.returncode != 0:
        pytest.fail(
            f"{what} failed with exit code {proc.returncode}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    return proc.stdout


def test_same_results_on_cpython_and_pyodide(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("`node` is not on PATH: the Pyodide check needs Node.js 20+")
    if not PYODIDE_MJS.is_file():
        pytest.fail(f"{PYODIDE_MJS.relative_to(ROOT)} is missing: run `make node_modules` (npm ci)")

    wheel = find_or_build_wheel(tmp_path_factory)
    snippet_file = tmp_path / "snippet.py"
    snippet_file.write_text(PRELUDE + SNIPPET, encoding="utf-8")
    # the wheel with bytecode: for CPython made by CPython, for Pyodide made inside
    # Pyodide exactly as the build (hasenpfeffer_site.build_site) makes the site's copy
    (tmp_path / "cpython").mkdir()
    (tmp_path / "pyodide").mkdir()
    cpython_wheel = tmp_path / "cpython" / wheel.name
    pyodide_wheel = tmp_path / "pyodide" / wheel.name
    _run([sys.executable, str(BYTECODE_PY), str(wheel), str(cpython_wheel)], "bytecode", 60)
    _run(
        [node, str(IN_PYODIDE), str(BYTECODE_PY), str(wheel), str(pyodide_wheel)],
        "bytecode (Pyodide)",
        180,
    )

    cpython_out = _run(
        [sys.executable, "-c", CPYTHON_RUNNER, str(cpython_wheel), str(snippet_file)],
        "CPython run",
        CPYTHON_TIMEOUT_S,
    )
    pyodide_out = _run(
        [node, str(RUNNER), str(pyodide_wheel), str(snippet_file)],
        "Pyodide run",
        PYODIDE_TIMEOUT_S,
    )

    cpython_result = json.loads(cpython_out)
    pyodide_result = json.loads(pyodide_out)
    assert len(cpython_result) == 8
    assert pyodide_result == cpython_result
    assert pyodide_out == cpython_out

    puzzle_file = tmp_path / "puzzle.py"
    puzzle_file.write_text(PRELUDE + PUZZLE_SNIPPET, encoding="utf-8")
    cpython_out = _run(
        [sys.executable, "-c", CPYTHON_RUNNER, str(cpython_wheel), str(puzzle_file)],
        "CPython run (puzzles)",
        CPYTHON_TIMEOUT_S,
    )
    pyodide_out = _run(
        [node, str(RUNNER), str(pyodide_wheel), str(puzzle_file)],
        "Pyodide run (puzzles)",
        PYODIDE_TIMEOUT_S,
    )
    assert pyodide_out == cpython_out
    assert json.loads(pyodide_out)["values"] == {"JC": 2, "JH": 1}
