"""The double-dummy solver's speed inside Pyodide (docs/benchmarks.md), run as
a snippet with the engine's wheel on ``sys.path``:

    node tests/pyodide_run.mjs dist/hasenpfeffer-*.whl scripts/bench_solver_pyodide.py

The fresh deals of ``hasenpfeffer_devtools.solver_bench`` (seeds 100,003 on,
random auctions; that module is not in the wheel, so its deal maker is copied
here), 100 per seating, best of 3 runs per deal; prints the median milliseconds
of ``solve``, ``solve_moves`` and ``solve_score_moves`` (seed rules) per seating
on one line. For a ratio, run it with an older commit's wheel alternately.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from hasenpfeffer.bots.solver import Position, solve, solve_moves, solve_score_moves
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules

#: Seats playing -> (maker goes alone, a defender defends alone).
SEATINGS = {4: (False, False), 3: (True, False), 2: (True, True)}


def play_position(seed: int, n_active: int) -> Position:
    """``solver_bench.play_position`` at the first card."""
    alone, defend = SEATINGS[n_active]
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    while game.phase != "play":
        actions = game.legal_actions()
        if game.phase == "alone":
            want = "alone" if alone else "decline"
            action = next(a for a in actions if str(a) == want)
        elif game.phase == "defend_alone":
            want = "alone" if defend else "decline"
            action = next(a for a in actions if str(a) == want)
        else:
            action = rng.choice(actions)
        game.apply(action)
    return Position.from_game(game)


def main(n: int = 100) -> None:
    seed_rules = Rules.preset("seed")
    calls: list[tuple[str, Callable[[Position], object]]] = [
        ("solve", solve),
        ("solve_moves", solve_moves),
        ("solve_score_moves", lambda p: solve_score_moves(p, seed_rules)),
    ]
    out = []
    for n_active in (4, 3, 2):
        deals = [play_position(100_003 + i, n_active) for i in range(n)]
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


main()
