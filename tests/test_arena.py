"""The arena: duplicate matches, determinism across job counts, the statistics,
and the command line."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.players import register_level
from hasenpfeffer_devtools import arena
from hasenpfeffer_devtools.arena import (
    GameResult,
    mean_interval,
    run_game,
    run_match,
    summarize,
    t_quantile_95,
    wilson_interval,
)

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"

# ---- the interval functions against published values -------------------------------------


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, table I (score method)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (8, 10, 0.4902, 0.9433),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval(successes: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(20, 20)
    assert hi == 1.0 and lo == pytest.approx(1 - 0.1611, abs=5e-5)
    lo, hi = wilson_interval(5.5, 10)  # ties count half a win
    assert lo < 0.55 < hi


@pytest.mark.parametrize(
    ("df", "t"),
    [
        (1, 12.706),
        (2, 4.303),
        (10, 2.228),
        (30, 2.042),
        (40, 2.021),
        (60, 2.000),
        (120, 1.980),
        (1000, 1.962),
    ],
)
def test_t_quantile(df: int, t: float) -> None:
    assert t_quantile_95(df) == pytest.approx(t, abs=1.5e-3)


def test_mean_interval() -> None:
    mean, lo, hi = mean_interval([1, 2, 3, 4, 5])
    half = 2.776 * math.sqrt(2.5) / math.sqrt(5)
    assert mean == 3
    assert lo == pytest.approx(3 - half, abs=1e-3)
    assert hi == pytest.approx(3 + half, abs=1e-3)
    assert mean_interval([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)
    assert mean_interval([1.5])[0] == 1.5
    assert math.isnan(mean_interval([])[0])
    with pytest.raises(ValueError):
        t_quantile_95(0)


# ---- the summary of a match ----------------------------------------------------------------


def result(pair: int, a_team: int, a_score: float, pa: int, pb: int, hands: int) -> GameResult:
    return GameResult(
        pair=pair,
        seed=100 + pair,
        a_team=a_team,
        a_score=a_score,
        points_a=pa,
        points_b=pb,
        hands=hands,
        capped=a_score == 0.5,
        decisions_a=10,
        decisions_b=10,
        seconds_a=0.01,
        seconds_b=0.02,
        max_decision_a=0.002,
        max_decision_b=0.004,
    )


def test_summary_figures() -> None:
    results = [
        result(0, 0, 1.0, 10, 4, 4),
        result(0, 1, 0.0, 6, 10, 6),  # pair 0: a 16 points, b 14, in 10 hands
        result(1, 0, 0.5, 7, 7, 5),  # a tie at the hand limit
        result(1, 1, 1.0, 11, 2, 5),  # pair 1: a 18, b 9, in 10 hands
    ]
    s = summarize(results)
    assert s["games"] == 4 and s["pairs"] == 2 and s["hands"] == 20
    assert s["capped_games"] == 1
    assert s["wins_a"] == 2.5
    assert s["win_rate_a"] == 0.625
    assert s["win_rate_a_ci95"] == list(wilson_interval(2.5, 4))
    assert s["points_per_hand_a"] == pytest.approx((1.6 + 1.8) / 2)
    assert s["points_per_hand_b"] == pytest.approx((1.4 + 0.9) / 2)
    assert s["duplicate_difference"] == pytest.approx((0.2 + 0.9) / 2)
    diffs = [0.2, 0.9]
    _, lo, hi = mean_interval(diffs)
    assert s["duplicate_difference_ci95"] == pytest.approx([lo, hi])
    assert s["decision_time_a"]["decisions"] == 40
    assert s["decision_time_a"]["mean_ms"] == pytest.approx(1.0)
    assert s["decision_time_b"]["max_ms"] == pytest.approx(4.0)


# ---- playing -------------------------------------------------------------------------------


def comparable(results: list[GameResult]) -> list[tuple[Any, ...]]:
    """A result without its timings."""
    return [
        (
            r.pair,
            r.seed,
            r.a_team,
            r.a_score,
            r.points_a,
            r.points_b,
            r.hands,
            r.capped,
            r.decisions_a,
            r.decisions_b,
        )
        for r in results
    ]


def without_timings(summary: dict[str, Any]) -> dict[str, Any]:
    out = dict(summary)
    for side in ("a", "b"):
        timing = dict(out.pop(f"decision_time_{side}"))
        out[f"decisions_{side}"] = timing["decisions"]
    return out


def test_a_short_match_is_the_same_with_one_or_two_jobs() -> None:
    one = run_match("medium", "random", 10, seed=3, rules=Rules(), jobs=1, max_hands=30)
    two = run_match("medium", "random", 10, seed=3, rules=Rules(), jobs=2, max_hands=30)
    assert comparable(one) == comparable(two)
    assert without_timings(summarize(one)) == without_timings(summarize(two))
    assert len(one) == 20
    for pair in range(10):
        first, second = one[2 * pair], one[2 * pair + 1]
        assert first.pair == second.pair == pair
        assert first.seed == second.seed == 3 + pair
        assert (first.a_team, second.a_team) == (0, 1)
    assert summarize(one)["win_rate_a"] >= 0.8  # medium against random


def test_both_games_of_a_pair_get_the_same_cards() -> None:
    game_a, res_a = run_game("medium", "easy", 12, Rules(), 0, max_hands=20)
    game_b, res_b = run_game("medium", "easy", 12, Rules(), 1, max_hands=20)
    records_a, records_b = game_a.records, game_b.records
    assert records_a and records_b
    for ra, rb in zip(records_a, records_b, strict=False):
        assert ra.number == rb.number
        assert ra.dealer == rb.dealer
        assert ra.hands == rb.hands and ra.widow == rb.widow
    assert res_a.a_team == 0 and res_b.a_team == 1
    assert res_a.points_a == game_a.scores[0] and res_b.points_a == game_b.scores[1]


def test_a_game_is_stopped_at_the_hand_limit() -> None:
    game, res = run_game("random", "random", 1, Rules(), 0, max_hands=2)
    assert game.hand_number <= 2
    if res.capped:
        assert res.hands == 2
        a, b = game.scores
        assert res.a_score == (1.0 if a > b else 0.0 if a < b else 0.5)


class Peeker:
    """A test level that wants the full game, like the oracle."""

    level = "peeker"
    needs_game = True
    seen: ClassVar[list[bool]] = []

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        assert isinstance(game, Game)
        seat = view["seat"]
        assert game.to_act == seat and game.view(seat) == view
        Peeker.seen.append(True)
        return str(view["legal_actions"][0])


class Honest:
    """A test level that must never be handed the game."""

    level = "honest"
    needs_game = False

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        assert game is None
        return str(view["legal_actions"][-1])


def test_only_a_player_that_needs_it_gets_the_full_game() -> None:
    register_level("peeker", Peeker)
    register_level("honest", Honest)
    Peeker.seen.clear()
    results = run_match("peeker", "honest", 2, seed=1, jobs=1, max_hands=3)
    assert len(results) == 4 and Peeker.seen


def test_an_illegal_action_stops_the_match_with_the_position() -> None:
    class Cheat(Honest):
        def choose(self, view: Mapping[str, Any], game: object = None) -> str:
            return "play JK"

    register_level("cheat", Cheat)
    with pytest.raises(RuntimeError, match=r"cheat player in seat \d chose 'play JK'"):
        run_match("cheat", "medium", 1, jobs=1)


def test_rules_option_accepts_presets_and_json() -> None:
    assert arena.parse_rules("traditional") == Rules.preset("traditional")
    custom = arena.parse_rules('{"preset": "traditional", "target": 5}')
    assert custom == Rules.preset("traditional").replace(target=5)
    with pytest.raises(ValueError, match="preset must be one of"):
        arena.parse_rules("tournament")
    with pytest.raises(ValueError, match="not a JSON object"):
        arena.parse_rules("{oops")


# ---- the command ---------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ENGINE), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "hasenpfeffer", "arena", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def test_the_arena_command_prints_the_figures() -> None:
    out = run_cli("--a", "medium", "--b", "random", "--games", "4", "--seed", "2", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "arena: medium (a) vs random (b), rules seed, 4 deals x 2 games" in text
    assert "games won by a: " in text and "95% CI" in text
    assert "points per hand, a (medium): " in text
    assert "points per hand, b (random): " in text
    assert "duplicate difference a - b, points per hand per pair: " in text
    assert "games played 8, hands played " in text


def test_the_hard_against_medium_command_runs_short() -> None:
    # the long runs of docs/benchmarks.md, cut to one deal pair and two hands
    out = run_cli(
        "--a", "hard", "--b", "medium", "--games", "1", "--seed", "1", "--rules", "seed",
        "--jobs", "2", "--max-hands", "2", "--times", "--cpu-clock",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "arena: hard (a) vs medium (b), rules seed, 1 deals x 2 games" in text
    assert "games played 2, hands played " in text
    assert "decision time (CPU time), a (hard): mean " in text


def test_the_arena_command_json() -> None:
    out = run_cli(
        "--a",
        "easy",
        "--b",
        "random",
        "--games",
        "3",
        "--rules",
        '{"preset": "traditional", "target": 6}',
        "--max-hands",
        "20",
        "--json",
        "--times",
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 6 and data["pairs"] == 3
    assert data["rules"]["target"] == 6
    assert data["max_hands"] == 20
    for key in (
        "win_rate_a",
        "win_rate_a_ci95",
        "points_per_hand_a",
        "points_per_hand_b",
        "duplicate_difference",
        "duplicate_difference_ci95",
        "hands",
        "seconds",
    ):
        assert key in data
    assert "p99_ms" in data["decision_time_a"]


def test_the_arena_command_refuses_bad_options() -> None:
    out = run_cli("--a", "grandmaster", "--b", "random")
    assert out.returncode == 2 and "invalid choice: 'grandmaster'" in out.stderr
    out = run_cli("--a", "medium", "--b", "random", "--rules", "tournament")
    assert out.returncode == 2 and "preset must be one of" in out.stderr
    out = run_cli("--a", "medium", "--b", "random", "--games", "0")
    assert out.returncode == 2 and "--games must be at least 1" in out.stderr


def test_results_are_plain_data() -> None:
    res = run_match("random", "random", 1, jobs=1, max_hands=2)
    assert all(dataclasses.asdict(r) for r in res)


def test_cpu_clock_times_the_decisions_and_says_so() -> None:
    """``--cpu-clock`` times decisions by CPU time (a busy machine's other work
    is not counted) and labels the figures; the results are the same games."""
    wall = run_match("medium", "easy", 1, seed=4, jobs=1, max_hands=3, keep_times=True)
    cpu = run_match(
        "medium", "easy", 1, seed=4, jobs=1, max_hands=3, keep_times=True, cpu_clock=True
    )
    assert [r.points_a for r in wall] == [r.points_a for r in cpu]
    assert all(r.times_a and all(t >= 0 for t in r.times_a) for r in cpu)
    out = run_cli(
        "--a", "medium", "--b", "easy", "--games", "1", "--max-hands", "2", "--times", "--cpu-clock"
    )
    assert out.returncode == 0, out.stderr
    assert "decision time (CPU time), a (medium)" in out.stdout
