"""The double-dummy solver's speed inside Pyodide (docs/benchmarks.md):

    python scripts/bench_solver_pyodide.py dist/hasenpfeffer-*.whl

Runs, under Node's Pyodide (``tests/pyodide_run.mjs``, the wheel on ``sys.path``),
a snippet made of ``hasenpfeffer_devtools.solver_bench``'s own source (that module
is not in the wheel, so its text is handed over, not copied here) and a loop over
its fresh deals (seeds 100,003 on, random auctions), 100 per seating, best of 3
runs per deal; prints the median milliseconds of ``solve``, ``solve_moves`` and
``solve_score_moves`` (seed rules) per seating on one line. For a ratio, run it
with an older commit's wheel alternately.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "devtools" / "hasenpfeffer_devtools" / "solver_bench.py"

LOOP = """
import statistics
import time

from hasenpfeffer.bots.solver import solve, solve_moves, solve_score_moves
from hasenpfeffer.rules import Rules

seed_rules = Rules.preset("seed")
calls = [
    ("solve", solve),
    ("solve_moves", solve_moves),
    ("solve_score_moves", lambda p: solve_score_moves(p, seed_rules)),
]
out = []
for n_active in (4, 3, 2):
    deals = [solver_bench.play_position(100_003 + i, n_active) for i in range(N)]
    for name, f in calls:
        times = []
        for p in deals:
            best = float("inf")
            for _ in range(3):
                t = time.perf_counter()
                f(p)
                best = min(best, time.perf_counter() - t)
            times.append(best * 1000)
        out.append(f"{n_active} seats {name} {statistics.median(times):.3f} ms")
print("; ".join(out))
"""


def snippet(n: int = 100) -> str:
    """solver_bench's source as a module named ``solver_bench``, then the loop."""
    return (
        "import sys, types\n"
        "solver_bench = types.ModuleType('solver_bench')\n"
        "sys.modules['solver_bench'] = solver_bench\n"
        f"exec(compile({BENCH.read_text()!r}, 'solver_bench.py', 'exec'), solver_bench.__dict__)\n"
        f"N = {n}\n" + LOOP
    )


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print("usage: python scripts/bench_solver_pyodide.py WHEEL [DEALS]", file=sys.stderr)
        return 2
    code = snippet(int(argv[1]) if len(argv) == 2 else 100)
    run = ["node", str(ROOT / "tests" / "pyodide_run.mjs"), argv[0], "-"]
    return subprocess.run(run, input=code, text=True, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
