"""``python -m hasenpfeffer_devtools.solver_bench``: the speed of the double-dummy solver.

Solves fresh deals at the start of play (random seeded games, random auctions)
with 4 active seats, with a lone maker (3 seats) and with a lone maker against
a lone defender (2 seats), and prints the median and 90th percentile time and
node count of ``solve`` and ``solve_moves``, and the time of
``solve_score_moves`` under the seed rules (the hand's score as the
objective). ``--ablation`` also times the solver with each technique switched
off in turn and with all of them off.
Plain ``minimax`` is timed on a few positions small enough for it (full
2-seat deals, 3-seat deals with 5 tricks left, 4-seat deals with 4 left) next to ``solve`` on
the same positions, as a ratio reference (a full 3-seat deal takes minimax seconds
to minutes, a full 4-seat deal far longer).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

from hasenpfeffer.bots.solver import (
    Position,
    minimax,
    solve,
    solve_moves,
    solve_score_moves,
    solve_with_stats,
)
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules

#: Seats playing -> (maker goes alone, a defender defends alone).
SEATINGS = {4: (False, False), 3: (True, False), 2: (True, True)}


def play_position(seed: int, n_active: int = 4, tricks_played: int = 0) -> Position:
    """A position from a seeded game: random auction, the maker (and a defender)
    going alone as ``n_active`` asks, then ``tricks_played`` random tricks."""
    alone, defend = SEATINGS[n_active]
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    while game.phase != "play":
        actions = game.legal_actions()
        if game.phase == "alone":
            want = "alone" if alone else "decline"
            action = next(a for a in actions if str(a) == want)
        elif game.phase == "defend_alone":
            # the first defender asked decides: alone for 2 seats, decline otherwise
            want = "alone" if defend else "decline"
            action = next(a for a in actions if str(a) == want)
        else:
            action = rng.choice(actions)
        game.apply(action)
    for _ in range(tricks_played * n_active):
        game.apply(rng.choice(game.legal_actions()))
    return Position.from_game(game)


def _quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def time_solves(
    positions: list[Position], repeat: int = 3, **options: bool
) -> tuple[list[float], list[int]]:
    """Milliseconds (best of ``repeat``) and nodes of ``solve`` per position."""
    times = []
    nodes = []
    for p in positions:
        best = float("inf")
        count = 0
        for _ in range(repeat):
            t = time.perf_counter()
            _, stats = solve_with_stats(p, **options)
            best = min(best, time.perf_counter() - t)
            count = stats.nodes
        times.append(best * 1000)
        nodes.append(count)
    return times, nodes


def _time_each(
    f: Callable[[Position], object], positions: list[Position], repeat: int
) -> list[float]:
    out = []
    for p in positions:
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            f(p)
            best = min(best, time.perf_counter() - t)
        out.append(best * 1000)
    return out


def bench_solver(
    n: int = 200,
    seed: int = 1,
    *,
    minimax_deals: int = 3,
    ablation: bool = False,
    repeat: int = 3,
    out: Callable[[str], object] = print,
) -> dict[str, float]:
    """Print and return the solver's timing figures (milliseconds, nodes)."""
    figures: dict[str, float] = {}
    seed_rules = Rules.preset("seed")
    out(
        f"python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores; "
        f"{n} deals per line, best of {repeat} runs per deal"
    )
    variants: list[tuple[str, dict[str, bool]]] = [("all techniques", {})]
    if ablation:
        variants += [
            ("no transposition table", {"table": False}),
            ("no equivalent cards", {"merge": False}),
            ("no move ordering", {"order": False}),
            ("no quick cut-offs", {"quick": False}),
            (
                "none (bare null-window alpha-beta)",
                {"table": False, "merge": False, "order": False, "quick": False},
            ),
        ]
    for n_active in (4, 3, 2):
        deals = [play_position(seed * 100_003 + i, n_active) for i in range(n)]
        for label, options in variants:
            times, nodes = time_solves(deals, repeat, **options)
            med, p90 = _quantiles(times)
            nmed, n90 = _quantiles([float(x) for x in nodes])
            out(
                f"{n_active} seats, solve, {label}: median {med:.2f} ms, p90 {p90:.2f} ms; "
                f"nodes median {nmed:.0f}, p90 {n90:.0f}"
            )
            if not options:
                figures[f"solve_{n_active}_median_ms"] = med
                figures[f"solve_{n_active}_p90_ms"] = p90
                figures[f"solve_{n_active}_median_nodes"] = nmed
        moves_times = _time_each(solve_moves, deals, repeat)
        med, p90 = _quantiles(moves_times)
        out(f"{n_active} seats, solve_moves: median {med:.2f} ms, p90 {p90:.2f} ms")
        figures[f"moves_{n_active}_median_ms"] = med
        figures[f"moves_{n_active}_p90_ms"] = p90
        score_times = _time_each(lambda p: solve_score_moves(p, seed_rules), deals, repeat)
        smed, s90 = _quantiles(score_times)
        ratio = sum(score_times) / sum(moves_times)
        out(
            f"{n_active} seats, solve_score_moves (seed rules): median {smed:.2f} ms, "
            f"p90 {s90:.2f} ms ({ratio:.2f}x the time of solve_moves)"
        )
        figures[f"score_moves_{n_active}_median_ms"] = smed
        figures[f"score_moves_{n_active}_p90_ms"] = s90
    if minimax_deals:
        for n_active, played, label in (
            (2, 0, "2 seats, full deals"),
            (3, 1, "3 seats, 5 tricks left"),
            (4, 2, "4 seats, 4 tricks left"),
        ):
            positions = [
                play_position(seed * 7_919 + i, n_active, played) for i in range(minimax_deals)
            ]
            slow = _time_each(minimax, positions, 1)
            fast = _time_each(solve, positions, repeat)
            for p in positions:
                assert solve(p) == minimax(p)
            ratio = sum(slow) / sum(fast)
            out(
                f"minimax, {label}: median {statistics.median(slow):.1f} ms vs solve "
                f"{statistics.median(fast):.3f} ms (total ratio {ratio:,.0f}x, "
                f"{len(positions)} positions)"
            )
            figures[f"minimax_ratio_{n_active}"] = ratio
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer_devtools.solver_bench", description=__doc__
    )
    parser.add_argument("-n", type=int, default=200, help="deals per seating")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per deal (best)")
    parser.add_argument(
        "--minimax", type=int, default=3, help="positions per minimax reference line (0: none)"
    )
    parser.add_argument("--ablation", action="store_true", help="also time each technique off")
    args = parser.parse_args(argv)
    bench_solver(
        args.n,
        args.seed,
        minimax_deals=args.minimax,
        ablation=args.ablation,
        repeat=args.repeat,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
