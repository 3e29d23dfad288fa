"""Card play alone: duplicate matches in which every seat makes hard's calls.

    python scripts/arena_card_play.py --a expert --b medium --games 500 --rules R --jobs 2

Each side is named by its card play: ``medium``, ``hard``, ``expert`` or
``oracle`` (which sees every card). Every seat bids, names trump, discards and
goes alone with the hard player's calls (``HardPlayer``: rollouts over the
game-aware calls, seeded as the arena seeds the seat), so the difference
between the sides is their card play only. The share of the oracle's gap that a
card play closes is its points-per-hand margin over ``medium`` divided by the
oracle's margin over ``medium`` on the same deals (docs/benchmarks-history.md).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hasenpfeffer.bots.expert import ExpertPlayer
from hasenpfeffer.bots.hard import HardPlayer
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.bots.oracle import OraclePlayer
from hasenpfeffer.bots.players import register_level
from hasenpfeffer_devtools import arena

PLAYS = ("medium", "hard", "expert", "oracle")


class HardCallsPlayer:
    """Hard's calls; another level's card play."""

    def __init__(self, play: str, seed: int) -> None:
        self.level = f"{play}-play"
        self.needs_game = play == "oracle"
        self._calls = HardPlayer(seed)
        self._play: Any = {
            "medium": MediumPlayer,
            "hard": HardPlayer,
            "expert": ExpertPlayer,
            "oracle": OraclePlayer,
        }[play](seed)

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        if view["phase"] == "play" and len(view["legal_actions"]) > 1:
            action: str = (
                self._play.choose(view, game) if self.needs_game else self._play.choose(view)
            )
            return action
        return self._calls.choose(view)


def _factory(play: str) -> Callable[[int], HardCallsPlayer]:
    def make(seed: int) -> HardCallsPlayer:
        return HardCallsPlayer(play, seed)

    return make


def _register() -> None:
    for play in PLAYS:
        register_level(f"{play}-play", _factory(play))


_register()  # at import: the arena's worker processes import this module too


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/arena_card_play.py")
    parser.add_argument("--a", required=True, choices=PLAYS)
    parser.add_argument("--b", required=True, choices=PLAYS)
    parser.add_argument("--games", type=int, default=100, help="deal pairs (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-hands", type=int, default=60)
    args = parser.parse_args(argv)
    rules = arena.parse_rules(args.rules)
    results = arena.run_match(
        f"{args.a}-play",
        f"{args.b}-play",
        args.games,
        seed=args.seed,
        rules=rules,
        jobs=args.jobs,
        max_hands=args.max_hands,
    )
    summary = arena.summarize(results)
    settings = {
        "a": f"{args.a} play",
        "b": f"{args.b} play",
        "rules": args.rules,
        "seed": args.seed,
        "max_hands": args.max_hands,
        "jobs": args.jobs,
        "seconds": 0.0,
    }
    for line in arena.format_summary(summary, settings["a"], settings["b"], settings):
        if not line.startswith(("decision time", "games played")):
            print(line)
    print(json.dumps({"hands": summary["hands"], "capped_games": summary["capped_games"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
