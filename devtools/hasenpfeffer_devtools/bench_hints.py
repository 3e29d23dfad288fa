"""How long a hint takes: ``suggest(view, level)`` over a fixed set of positions.

The positions are decisions of South in games of medium players (seeded, so
every run times the same ones), spread over the phases: every call (bid,
trump, discard, alone, defend alone) met and a share of the card plays,
under the seed and traditional presets. Prints the median, p90 and maximum
time per phase and overall (CPython; the browser's Pyodide is about 2-3x
slower).

    python -m hasenpfeffer_devtools.bench_hints [--positions 50] [--level hard]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator, Mapping
from typing import Any

from hasenpfeffer.bots.hints import suggest
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules


def positions(count: int) -> Iterator[Mapping[str, Any]]:
    """South's decisions (views) from seeded games, calls first in each hand."""
    made = 0
    seed = 0
    while True:
        preset = ("seed", "traditional")[seed % 2]
        game = Game.new(Rules.preset(preset), seed=1000 + seed)
        players = [MediumPlayer(seed * 4 + s) for s in range(4)]
        plays = 0
        while not game.is_over and game.hand_number < 4:
            s = game.to_act
            assert s is not None
            view = game.view(s)
            if s == 0 and len(view["legal_actions"]) > 1:
                if view["phase"] != "play" or plays % 3 == 0:
                    yield view
                    made += 1
                    if made >= count:
                        return
                if view["phase"] == "play":
                    plays += 1
            game.apply(players[s].choose(view))
        seed += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hasenpfeffer_devtools.bench_hints")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {}
    for i, view in enumerate(positions(args.positions)):
        start = time.process_time()
        suggest(view, level=args.level, seed=i)
        ms = (time.process_time() - start) * 1000
        times.setdefault(view["phase"], []).append(ms)
    every = sorted(ms for ts in times.values() for ms in ts)

    def line(name: str, ts: list[float]) -> str:
        ts = sorted(ts)
        p90 = ts[min(len(ts) - 1, int(0.9 * len(ts)))]
        return (
            f"{name:13} n={len(ts):3}  median {statistics.median(ts):7.1f} ms  "
            f"p90 {p90:7.1f} ms  max {ts[-1]:7.1f} ms"
        )

    for phase, ts in sorted(times.items()):
        print(line(phase, ts))
    print(line("all", every))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
