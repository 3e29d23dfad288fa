"""Computer players: the interface, the levels and the registry.

A player is an object with ``choose(view) -> str``: given ``Game.view(seat)``
(the JSON-ready dict of what that seat may know) it returns one of
``view["legal_actions"]``. Players decide from the view alone, so they cannot
cheat, and they are deterministic: the same level, seed and views give the
same actions. ``make_player(level, seed)`` creates one:

``random``
    a uniformly random legal action (seeded);
``easy``
    the medium player with a noisy trick estimate and occasional random
    cards and calls (``medium.EasyPlayer``);
``medium``
    a solid human-style player (``medium.MediumPlayer``);
``hard``
    search (sampling hidden hands and solving them): ``hard.make(seed)``;
``oracle``
    (arena only) sees every card and plays double-dummy: ``oracle.make(seed)``.

``hard`` and ``oracle`` live in their own modules, loaded on first use
(an import that fails raises: a broken package is never a missing level); each
module defines ``make(seed: int) -> Player``. The oracle sets
``needs_game = True`` and is the one player handed the full game
(``choose(view, game=...)``, only by the arena).

``python -m hasenpfeffer.bots.players --check-legal 100000`` plays random-seeded
games with every level under every preset and checks each decision is legal.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from ..vocabulary import LEVELS, ORACLE
from .medium import EasyPlayer, MediumPlayer, decision_key

if TYPE_CHECKING:
    from ..game import Game

#: Also valid in the arena: the oracle sees all cards (an upper bound, not a player).
ARENA_LEVELS: Final = (*LEVELS, ORACLE)


class Player(Protocol):
    """What the game loop and the arena need from a computer player."""

    level: str
    #: True only for the oracle: it is passed the full game as ``game=``.
    needs_game: bool

    def choose(self, view: Mapping[str, Any], game: Game | None = None) -> str:
        """One of ``view["legal_actions"]``; ValueError if there is none."""
        ...


class RandomPlayer:
    """A uniformly random legal action, from a generator seeded per decision
    (so a decision depends only on the seed and the view)."""

    level = "random"
    needs_game = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any], game: Game | None = None) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
        return legal[random.Random(decision_key(self.seed, view)).randrange(len(legal))]


Factory = Callable[[int], Player]

_BUILTIN: Final[dict[str, Factory]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
}
#: Levels written in modules of their own: level -> module (which defines ``make(seed)``).
_MODULES: Final = {"hard": "hard", "oracle": "oracle"}
_registered: dict[str, Factory] = {}


def register_level(level: str, factory: Factory) -> None:
    """Add (or replace) a level, e.g. a variant of a bot under test."""
    _registered[level] = factory


def registered_levels() -> tuple[str, ...]:
    """The levels added by ``register_level``, in the order they were added."""
    return tuple(_registered)


def make_player(level: str, seed: int = 0) -> Player:
    """A new player of ``level`` whose random choices come from ``seed``."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number; got {seed!r}")
    factory = _registered.get(level) or _BUILTIN.get(level)
    if factory is not None:
        return factory(seed)
    module_name = _MODULES.get(level)
    if module_name is None:
        known = ", ".join([*ARENA_LEVELS, *sorted(set(_registered) - set(ARENA_LEVELS))])
        raise ValueError(f"unknown player level {level!r} (levels: {known})")
    # (loaded on first use: the page's first deal does not wait for the searches' code;
    # an import that fails is a broken package and says so)
    module = importlib.import_module(f".{module_name}", __package__)
    player: Player = module.make(seed)
    return player


def available_levels() -> tuple[str, ...]:
    """Every level a player can be made of: the built-in ones, then those registered.

    >>> available_levels()[:5]
    ('random', 'easy', 'medium', 'hard', 'oracle')
    """
    return tuple(dict.fromkeys((*ARENA_LEVELS, *_registered)))


def decide(player: Player, game: Game) -> str:
    """The action ``player`` takes for the seat to act in ``game``: from the view,
    plus (for the oracle alone) a copy of the full game."""
    seat = game.to_act
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    view = game.view(seat)
    if player.needs_game:
        return player.choose(view, game=game.copy())
    return player.choose(view)


# ---- the legality check --------------------------------------------------------------


def check_legal(
    decisions: int,
    seed: int = 0,
    levels: Sequence[str] | None = None,
    presets: Sequence[str] | None = None,
    max_hands: int = 12,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play random-seeded games (each seat a random level, each game a preset in
    turn) until ``decisions`` bot decisions were made; raise AssertionError at
    the first illegal action. Returns counts by level, preset and phase."""
    from ..game import Game
    from ..rules import PRESETS, Rules

    levels = list(levels or available_levels())
    presets = list(presets or PRESETS)
    rng = random.Random(seed)
    by_level = dict.fromkeys(levels, 0)
    by_preset = dict.fromkeys(presets, 0)
    by_phase: dict[str, int] = {}
    done = games = 0
    while done < decisions:
        preset = presets[games % len(presets)]
        game_seed = rng.getrandbits(40)
        seats = [rng.choice(levels) for _ in range(4)]
        players = [make_player(lv, rng.getrandbits(32)) for lv in seats]
        game = Game.new(Rules.preset(preset), seed=game_seed)
        games += 1
        while not game.is_over and game.hand_number < max_hands and done < decisions:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            action = decide(players[seat], game)
            if action not in view["legal_actions"]:
                raise AssertionError(
                    f"{seats[seat]} player (seat {seat}) chose {action!r}, not one of "
                    f"{view['legal_actions']}; game: {game.to_json()}"
                )
            game.apply(action)
            done += 1
            by_level[seats[seat]] += 1
            by_preset[preset] += 1
            by_phase[view["phase"]] = by_phase.get(view["phase"], 0) + 1
            if progress is not None and done % 10000 == 0:
                progress(done)
    return {
        "decisions": done,
        "games": games,
        "by_level": by_level,
        "by_preset": by_preset,
        "by_phase": by_phase,
    }


def _merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"decisions": 0, "games": 0}
    for part in parts:
        out["decisions"] += part["decisions"]
        out["games"] += part["games"]
        for key in ("by_level", "by_preset", "by_phase"):
            counts = out.setdefault(key, {})
            for k, v in part[key].items():
                counts[k] = counts.get(k, 0) + v
    return out


def main(argv: Sequence[str] | None = None) -> int:
    # The command line's modules load here, not with the players: in the browser
    # argparse and multiprocessing would add about 0.1 s to the first bot move.
    import argparse
    import multiprocessing
    import sys
    import time

    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer.bots.players",
        description="Check that the computer players only ever choose legal actions.",
    )
    parser.add_argument(
        "--check-legal",
        type=int,
        metavar="N",
        required=True,
        help="the number of bot decisions to check (e.g. 100000)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the games (default 0)")
    parser.add_argument(
        "--levels",
        default=None,
        help="comma-separated levels (default: every available level, the oracle included)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes, each with its own seed (default 1)"
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",") if args.levels else None
    for level in levels or ():
        make_player(level, 0)  # unknown or unavailable levels fail here
    jobs = max(1, min(args.jobs, args.check_legal))
    start = time.perf_counter()
    if jobs == 1:
        result = check_legal(
            args.check_legal,
            seed=args.seed,
            levels=levels,
            progress=lambda n: print(f"  {n} decisions checked", file=sys.stderr),
        )
    else:
        shares = [args.check_legal // jobs + (i < args.check_legal % jobs) for i in range(jobs)]
        tasks = [(n, args.seed * 1000 + i, levels) for i, n in enumerate(shares)]
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.starmap(check_legal, tasks)
        result = _merge(parts)
    elapsed = time.perf_counter() - start
    print(
        f"{result['decisions']} decisions in {result['games']} games, all legal ({elapsed:.1f} s)"
    )
    for key in ("by_level", "by_preset", "by_phase"):
        counts = ", ".join(f"{k} {v}" for k, v in result[key].items())
        print(f"  {key[3:]}: {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
