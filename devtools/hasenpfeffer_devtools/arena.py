"""``python -m hasenpfeffer arena``: duplicate matches between two player levels.

For each of N deals (game seeds S, S+1, ...) the game is played twice with
the partnerships swapped: level a holds seats 0 and 2 in the first game and
seats 1 and 3 in the second. The same seed gives the same cards for each hand
number in both games, so the luck of the deal cancels out. A game stops at
the target or after ``max_hands`` hands (then the higher score wins; a tie
counts half).

Games run in ``jobs`` worker processes; every game's players are seeded from
the game seed and the seat only, and results are gathered in order, so the
figures do not depend on the number of jobs (the timings do).

Statistics: games won by a with a 95 % Wilson interval (over games; the two
games of a pair are not independent, so the interval is a little narrow);
points per hand for each side and the duplicate difference (a - b), each a
mean over deal pairs (the independent unit) with a 95 % Student-t interval.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from hasenpfeffer.bots.players import ARENA_LEVELS, make_player, register_level, registered_levels
from hasenpfeffer.game import Game
from hasenpfeffer.rules import PRESETS, Rules

from . import expert, heuristic

# Levels beyond the engine's: the independent rule-based heuristic player, and the
# research player expert (the game's level until 2026-12-06, expert.py). At import,
# so the arena's worker processes have them too (forked, or importing this module).
register_level(heuristic.LEVEL, heuristic.make)
for _level, _factory in expert.RESEARCH_LEVELS.items():
    register_level(_level, _factory)

# ---- statistics ----------------------------------------------------------------------

#: Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)
Z95 = 1.959963984540054


def t_quantile_95(df: int) -> float:
    """The two-sided 95 % quantile of Student's t with ``df`` degrees of freedom
    (exact to 3 decimals up to 30, then a Cornish-Fisher expansion)."""
    if df < 1:
        raise ValueError("a t interval needs at least one degree of freedom")
    if df <= 30:
        return _T95[df - 1]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (successes may be fractional,
    e.g. ties counted as half a win)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a 95 % Student-t interval."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, -math.inf, math.inf)
    half = t_quantile_95(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return (mean, mean - half, mean + half)


# ---- playing -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GameResult:
    """One arena game, from level a's point of view."""

    pair: int
    seed: int
    a_team: int  # the team (0: seats 0 and 2) level a plays
    a_score: float  # 1 win, 0 loss, 0.5 tie (only when capped)
    points_a: int
    points_b: int
    hands: int
    capped: bool
    decisions_a: int
    decisions_b: int
    seconds_a: float  # time spent in the players' choose()
    seconds_b: float
    max_decision_a: float
    max_decision_b: float
    times_a: tuple[float, ...] = ()
    times_b: tuple[float, ...] = ()


def player_seed(game_seed: int, seat: int, swapped: bool) -> int:
    """The seed of the player in ``seat`` of one arena game."""
    return game_seed * 8 + seat * 2 + int(swapped)


def play_game(
    level_a: str,
    level_b: str,
    game_seed: int,
    rules: Rules,
    a_team: int,
    max_hands: int,
    pair: int = 0,
    keep_times: bool = False,
    cpu_clock: bool = False,
) -> GameResult:
    """One game: level a holds team ``a_team``; capped at ``max_hands`` hands."""
    return run_game(
        level_a, level_b, game_seed, rules, a_team, max_hands, pair, keep_times, cpu_clock
    )[1]


def run_game(
    level_a: str,
    level_b: str,
    game_seed: int,
    rules: Rules,
    a_team: int,
    max_hands: int,
    pair: int = 0,
    keep_times: bool = False,
    cpu_clock: bool = False,
) -> tuple[Game, GameResult]:
    """``play_game``, also returning the finished game. Decisions are timed by
    the wall clock, or with ``cpu_clock`` by the CPU time of the thread (fair
    figures on a machine shared with other work)."""
    game = Game.new(rules, seed=game_seed)
    levels = [level_a if s % 2 == a_team else level_b for s in range(4)]
    players = [make_player(levels[s], player_seed(game_seed, s, a_team == 1)) for s in range(4)]
    count = [0, 0]
    spent = [0.0, 0.0]
    longest = [0.0, 0.0]
    times: tuple[list[float], list[float]] = ([], [])
    clock = time.thread_time if cpu_clock else time.perf_counter
    while not game.is_over and game.hand_number < max_hands:
        seat = game.to_act
        assert seat is not None
        player = players[seat]
        view = game.view(seat)
        full = game.copy() if player.needs_game else None
        start = clock()
        action = player.choose(view, game=full) if full is not None else player.choose(view)
        took = clock() - start
        if action not in view["legal_actions"]:
            raise RuntimeError(
                f"the {levels[seat]} player in seat {seat} chose {action!r}, not one of "
                f"{view['legal_actions']} (game seed {game_seed}; save: {game.to_json()})"
            )
        side = 0 if seat % 2 == a_team else 1
        count[side] += 1
        spent[side] += took
        longest[side] = max(longest[side], took)
        if keep_times:
            times[side].append(took)
        game.apply(action)
    scores = game.scores
    mine, theirs = scores[a_team], scores[1 - a_team]
    if game.winner is not None:
        a_score = 1.0 if game.winner == a_team else 0.0
    else:
        a_score = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    return game, GameResult(
        pair=pair,
        seed=game_seed,
        a_team=a_team,
        a_score=a_score,
        points_a=mine,
        points_b=theirs,
        hands=len(game.records),
        capped=game.winner is None,
        decisions_a=count[0],
        decisions_b=count[1],
        seconds_a=spent[0],
        seconds_b=spent[1],
        max_decision_a=longest[0],
        max_decision_b=longest[1],
        times_a=tuple(times[0]),
        times_b=tuple(times[1]),
    )


@dataclasses.dataclass(frozen=True)
class _Task:
    level_a: str
    level_b: str
    seed: int
    pair: int
    rules: Rules
    max_hands: int
    keep_times: bool
    cpu_clock: bool = False


def _play_pair(task: _Task) -> tuple[GameResult, GameResult]:
    seed = task.seed + task.pair
    first, second = (
        play_game(
            task.level_a,
            task.level_b,
            seed,
            task.rules,
            swap,
            task.max_hands,
            task.pair,
            task.keep_times,
            task.cpu_clock,
        )
        for swap in (0, 1)
    )
    return first, second


def run_match(
    level_a: str,
    level_b: str,
    pairs: int,
    seed: int = 0,
    rules: Rules | None = None,
    jobs: int = 1,
    max_hands: int = 60,
    keep_times: bool = False,
    cpu_clock: bool = False,
) -> list[GameResult]:
    """Play ``pairs`` duplicate pairs (2 * pairs games); results in pair order."""
    for level in (level_a, level_b):
        make_player(level, 0)  # fail early (unknown level, hard not written yet)
    rules = rules or Rules()
    tasks = [
        _Task(level_a, level_b, seed, i, rules, max_hands, keep_times, cpu_clock)
        for i in range(pairs)
    ]
    results: list[GameResult] = []
    if jobs <= 1 or pairs <= 1:
        for task in tasks:
            results.extend(_play_pair(task))
        return results
    with multiprocessing.get_context(_start_method()).Pool(min(jobs, pairs)) as pool:
        for pair in pool.imap(_play_pair, tasks, chunksize=1):
            results.extend(pair)
    return results


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods else "spawn"


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return math.nan
    k = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def summarize(results: Sequence[GameResult]) -> dict[str, Any]:
    """The match figures (see the module docstring) as a JSON-ready dict."""
    games = len(results)
    wins = math.fsum(r.a_score for r in results)
    low, high = wilson_interval(wins, games)
    by_pair: dict[int, list[GameResult]] = {}
    for r in results:
        by_pair.setdefault(r.pair, []).append(r)
    ppa, ppb, diff = [], [], []
    for pair_results in by_pair.values():
        hands = sum(r.hands for r in pair_results)
        if hands == 0:
            continue
        a = sum(r.points_a for r in pair_results) / hands
        b = sum(r.points_b for r in pair_results) / hands
        ppa.append(a)
        ppb.append(b)
        diff.append(a - b)
    out: dict[str, Any] = {
        "games": games,
        "pairs": len(by_pair),
        "hands": sum(r.hands for r in results),
        "capped_games": sum(r.capped for r in results),
        "wins_a": wins,
        "win_rate_a": wins / games if games else math.nan,
        "win_rate_a_ci95": [low, high],
    }
    for key, values in (("points_per_hand_a", ppa), ("points_per_hand_b", ppb)):
        mean, lo, hi = mean_interval(values)
        out[key] = mean
        out[key + "_ci95"] = [lo, hi]
    mean, lo, hi = mean_interval(diff)
    out["duplicate_difference"] = mean
    out["duplicate_difference_ci95"] = [lo, hi]
    for side in ("a", "b"):
        n = sum(getattr(r, f"decisions_{side}") for r in results)
        total = math.fsum(getattr(r, f"seconds_{side}") for r in results)
        longest = max((getattr(r, f"max_decision_{side}") for r in results), default=0.0)
        timing: dict[str, Any] = {
            "decisions": n,
            "mean_ms": 1000 * total / n if n else math.nan,
            "max_ms": 1000 * longest,
        }
        times = sorted(t for r in results for t in getattr(r, f"times_{side}"))
        if times:
            timing["median_ms"] = 1000 * statistics.median(times)
            timing["p99_ms"] = 1000 * _percentile(times, 0.99)
        out[f"decision_time_{side}"] = timing
    return out


# ---- the command -----------------------------------------------------------------------


def parse_rules(text: str) -> Rules:
    """A preset name, or a JSON object of fields (optionally with ``preset``)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as err:
            raise ValueError(f"--rules: not a JSON object: {err}") from None
        return Rules.from_dict(data)
    return Rules.preset(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer arena",
        description=(
            "Duplicate matches between two computer player levels: each deal is "
            "played twice with the partnerships swapped."
        ),
    )
    # the levels, and any registered first (above: the independent heuristic player)
    levels = (*ARENA_LEVELS, *(x for x in registered_levels() if x not in ARENA_LEVELS))
    parser.add_argument("--a", required=True, choices=levels, help="level of side a")
    parser.add_argument("--b", required=True, choices=levels, help="level of side b")
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help="number of deals; each is played twice, so 2N games (default 100)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument(
        "--rules",
        default="seed",
        help=f"a preset ({', '.join(PRESETS)}) or a JSON object of rule fields (default seed)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--max-hands", type=int, default=60, help="stop a game after this many hands (default 60)"
    )
    parser.add_argument(
        "--times",
        action="store_true",
        help="also report the median and 99th percentile decision time per side",
    )
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="time decisions by the worker's CPU time, not the wall clock (for a busy machine)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_summary(
    summary: dict[str, Any], level_a: str, level_b: str, settings: dict[str, Any]
) -> Iterator[str]:
    s = summary
    yield (
        f"arena: {level_a} (a) vs {level_b} (b), rules {settings['rules']}, "
        f"{s['pairs']} deals x 2 games, seeds {settings['seed']}..."
        f"{settings['seed'] + s['pairs'] - 1}, max {settings['max_hands']} hands, "
        f"{settings['jobs']} job(s)"
    )
    lo, hi = s["win_rate_a_ci95"]
    yield (
        f"games won by a: {s['wins_a']:g} of {s['games']} ({_pct(s['win_rate_a'])}, "
        f"95% CI {_pct(lo)}-{_pct(hi)})"
    )
    for side, level in (("a", level_a), ("b", level_b)):
        lo, hi = s[f"points_per_hand_{side}_ci95"]
        yield (
            f"points per hand, {side} ({level}): {s[f'points_per_hand_{side}']:+.3f} "
            f"(95% CI {lo:+.3f} to {hi:+.3f})"
        )
    lo, hi = s["duplicate_difference_ci95"]
    yield (
        f"duplicate difference a - b, points per hand per pair: "
        f"{s['duplicate_difference']:+.3f} (95% CI {lo:+.3f} to {hi:+.3f})"
    )
    yield (
        f"games played {s['games']}, hands played {s['hands']} "
        f"({s['capped_games']} games stopped at the hand limit), "
        f"time {settings['seconds']:.1f} s"
    )
    for side, level in (("a", level_a), ("b", level_b)):
        t = s[f"decision_time_{side}"]
        clock = " (CPU time)" if settings.get("clock") == "cpu" else ""
        text = f"decision time{clock}, {side} ({level}): mean {t['mean_ms']:.3f} ms"
        if "median_ms" in t:
            text += f", median {t['median_ms']:.3f} ms, p99 {t['p99_ms']:.3f} ms"
        yield text + f", max {t['max_ms']:.1f} ms over {t['decisions']} decisions"


def _finite(data: Any) -> Any:
    """JSON has no NaN or infinity: null instead."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_finite(v) for v in data]
    return data


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        rules = parse_rules(args.rules)
    except ValueError as err:
        parser.error(str(err))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.max_hands < 1:
        parser.error("--max-hands must be at least 1")
    start = time.perf_counter()
    try:
        results = run_match(
            args.a,
            args.b,
            args.games,
            seed=args.seed,
            rules=rules,
            jobs=args.jobs,
            max_hands=args.max_hands,
            keep_times=args.times,
            cpu_clock=args.cpu_clock,
        )
    except NotImplementedError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    summary = summarize(results)
    settings = {
        "a": args.a,
        "b": args.b,
        "rules": rules.preset_name or rules.to_dict(),
        "seed": args.seed,
        "max_hands": args.max_hands,
        "jobs": args.jobs,
        "seconds": seconds,
        "clock": "cpu" if args.cpu_clock else "wall",
    }
    if args.json:
        print(json.dumps(_finite({**settings, **summary}), indent=2))
    else:
        for line in format_summary(summary, args.a, args.b, settings):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
