"""``python -m hasenpfeffer bench``: the engine's speed and size figures.

Random full hands per second through the public API (``legal_actions()`` and
``apply()`` with random choices, from the deal to the score), optionally next
to OpenSpiel's Euchre driven the same way from Python in the same run; the
time to ``import hasenpfeffer``; the size of the built wheel.
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules


def hasenpfeffer_hands_per_second(seconds: float, rules: Rules, seed: int = 1) -> float:
    """Random hands per second: deal, auction, trump, discard, alone calls, six
    tricks and the score, every decision through ``legal_actions()``/``apply()``."""
    rng = random.Random(seed)
    choice = rng.choice
    hands = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        game = Game.new(rules, seed=rng.getrandbits(52))
        # a fresh game every 20 hands: random play rarely ends a game
        while game.hand_number < 20 and game.phase != "game_over":
            game.apply(choice(game.legal_actions()))
        hands += len(game.records)
        now = time.perf_counter()
        if now >= end:
            return hands / (now - start)


def openspiel_hands_per_second(
    seconds: float, seed: int = 1, weighted: bool = False
) -> float | None:
    """OpenSpiel's Euchre (one hand per episode) driven from Python the same way:
    its ``legal_actions()``/``apply_action()`` loop. Chance outcomes (dealer and
    cards, all equally likely) are drawn with ``rng.choice(legal_actions())``, or,
    with ``weighted``, by ``rng.choices`` over ``chance_outcomes()`` and their
    probabilities (the generic way; about half the speed). None without open_spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game: Any = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    choice = rng.choice
    hands = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if weighted and state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights=probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        hands += 1
        if hands % 50 == 0:
            now = time.perf_counter()
            if now >= end:
                return hands / (now - start)


def import_milliseconds(runs: int = 7) -> tuple[float, float]:
    """Median time of ``import hasenpfeffer`` in a fresh interpreter, and of
    ``import json`` measured the same way as a reference."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = here + os.pathsep + env.get("PYTHONPATH", "")
    out = []
    for module in ("hasenpfeffer", "json"):
        code = (
            "import time; t = time.perf_counter(); import " + module + "; "
            "print(time.perf_counter() - t)"
        )
        times = [
            float(subprocess.check_output([sys.executable, "-c", code], env=env, text=True))
            for _ in range(runs)
        ]
        out.append(statistics.median(times) * 1000)
    return out[0], out[1]


def wheel_size(dist: str) -> tuple[str, int] | None:
    wheels = sorted(glob.glob(os.path.join(dist, "hasenpfeffer-*.whl")), key=os.path.getmtime)
    if not wheels:
        return None
    return os.path.basename(wheels[-1]), os.path.getsize(wheels[-1])


def _runs(rates: list[float]) -> str:
    return "runs: " + ", ".join(f"{r:,.0f}" for r in rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hasenpfeffer bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each timed run")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per engine (median)")
    parser.add_argument("--rules", default="seed", help="rules preset for our engine")
    parser.add_argument(
        "--vs-openspiel", action="store_true", help="also time OpenSpiel's euchre (open_spiel)"
    )
    parser.add_argument("--dist", default="dist", help="where the built wheel is")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)

    print(f"python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores")
    ours = []
    uniform: list[float] = []
    weighted: list[float] = []
    for run in range(args.runs):
        # interleave the engines so machine noise hits them alike
        ours.append(hasenpfeffer_hands_per_second(args.seconds, rules, seed=run + 1))
        if args.vs_openspiel:
            for rates, w in ((uniform, False), (weighted, True)):
                rate = openspiel_hands_per_second(args.seconds, seed=run + 1, weighted=w)
                if rate is None:
                    print("open_spiel is not installed: pip install 'open_spiel==2.0.2'")
                    return 2
                rates.append(rate)
    ours_med = statistics.median(ours)
    print(f"hasenpfeffer random hands/s ({args.rules}): {ours_med:,.0f}  ({_runs(ours)})")
    for label, rates in (
        # OpenSpiel's usual loop samples a chance node by its outcome probabilities
        ("canonical loop, chance sampled by probability", weighted),
        # Euchre's chance outcomes are all equally likely: the fastest possible loop
        ("uniform chance shortcut, choice(legal_actions())", uniform),
    ):
        if rates:
            med = statistics.median(rates)
            print(f"open_spiel euchre hands/s, {label}: {med:,.0f}  ({_runs(rates)})")
            print(f"  ratio hasenpfeffer / open_spiel: {ours_med / med:.2f}x  (target >= 1.5x)")
    ours_ms, json_ms = import_milliseconds()
    print(
        f"import hasenpfeffer: {ours_ms:.1f} ms (target < 50 ms); "
        f"import json, same way: {json_ms:.1f} ms"
    )
    size = wheel_size(args.dist)
    if size is None:
        print(f"wheel: none in {args.dist}/ (run `make wheel`)")
    else:
        name, nbytes = size
        print(f"wheel: {name} {nbytes / 1024:.1f} KB (target < 150 KB)")
    return 0
