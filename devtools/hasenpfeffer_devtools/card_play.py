"""``python -m hasenpfeffer_devtools.card_play``: card play compared deal by deal.

    python -m hasenpfeffer_devtools.card_play --a expert --b hard --deals 1000 \\
        --rules traditional --results expert-hard.jsonl [--oracle-gap] [--jobs 2]

The way bridge programs are compared board by board. Each deal (the first
hand of the game seeded ``seed + deal``):

1. all four seats make the calls (bid, trump, discard, alone, the lone
   defence) with one fixed procedure, ``--calls`` (hard's by default), each
   seat's player seeded by ``bot_seed(deal seed, seat)``; so both tables play
   the same contract from the same position;
2. the card play runs twice from that position: level a in North-South and
   level b in East-West, then swapped; every card player seeded by
   ``bot_seed(deal seed, seat)`` as well, so a level against itself plays the
   same cards at both tables;
3. the deal's figure is a's tricks minus b's over the two tables, halved: the
   tricks a took more than b from the same seats (and the same for the hand's
   points under the rules, the margin of points scored).

A deal the calls throw in (nobody bids) has no card play and is left out of
the figures (counted as not compared). The output: the mean per deal with a
95 % Student-t interval, the deals compared, the CPU time per decision of each
level (a card play with one legal card is no decision and is not timed), and
with ``--oracle-gap`` each level's share of the oracle's gap over medium on
the same deals (``(level - medium) / (oracle - medium)``), in tricks and in
points. Under the seed rules the points are the unit to read: makers who
fail lose a point for each trick they took, so a good player in a lost
contract takes as few tricks as it can (there the oracle takes fewer tricks
than medium, and more points).

A deal's figures depend on the deal's seed and the levels only, never on
where or when it ran: the deals are spread through a ``concurrent.futures``
executor (in this process with ``--jobs 1``, worker processes with ``--jobs
N``, or a Dask distributed scheduler with ``--scheduler ADDRESS``: ``pip
install -e ./devtools[dask]``), and the figures are taken in deal order. With
``--results FILE`` each deal is appended to FILE (JSON lines, the settings on
the first) as it is done, and a run that finds FILE skips the deals it holds:
an interrupted run goes on where it stopped and ends with the same figures
(the executor and the results file: ``task_runs``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from hasenpfeffer.bots.duplicate import MAX_HAND_ACTIONS, bot_seed
from hasenpfeffer.bots.players import ARENA_LEVELS, decide, make_player, register_level
from hasenpfeffer.game import Game
from hasenpfeffer.rules import PRESETS, Rules
from hasenpfeffer.vocabulary import ORACLE

from .alphamu import RESEARCH_LEVELS as ALPHAMU_LEVELS
from .arena import _finite, mean_interval, parse_rules
from .expert import RESEARCH_LEVELS as EXPERT_LEVELS
from .task_runs import load_results, run_tasks

#: The research levels: expert (the game's level until 2026-12-06, expert.py) and αμ's.
RESEARCH_LEVELS = {**EXPERT_LEVELS, **ALPHAMU_LEVELS}

# the research levels (expert.py, alphamu.py), in this process and in every process that imports
# this module to play its deals (a process pool's, a Dask worker's)
for _level, _factory in RESEARCH_LEVELS.items():
    register_level(_level, _factory)

#: The level the oracle's gap is measured over.
BASELINE = "medium"
#: The version of the results file's records.
FORMAT = 1


@dataclasses.dataclass(frozen=True)
class Settings:
    """What decides a run's figures; a results file belongs to one."""

    a: str
    b: str
    calls: str = "hard"
    rules: Rules = dataclasses.field(default_factory=Rules)
    seed: int = 1
    oracle_gap: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "a": self.a,
            "b": self.b,
            "calls": self.calls,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "oracle_gap": self.oracle_gap,
        }

    def comparisons(self) -> list[tuple[str, str]]:
        """The pairs of levels compared on every deal: (a, b) first."""
        pairs = [(self.a, self.b)]
        if self.oracle_gap:
            for level in (self.a, self.b, ORACLE):
                if level != BASELINE and (level, BASELINE) not in pairs:
                    pairs.append((level, BASELINE))
        return pairs

    def tables(self) -> list[tuple[str, str]]:
        """The (North-South, East-West) levels of every table of a deal. A level
        against itself plays both its tables, so its zero is measured, not assumed."""
        out: list[tuple[str, str]] = []
        for x, y in self.comparisons():
            for table in ((x, y), (y, x)):
                if table not in out or (x == y and out.count(table) < 2):
                    out.append(table)
        return out


# ---- one deal -------------------------------------------------------------------------


def contract(rules: Rules, seed: int, calls: str) -> Game | None:
    """The first hand of the game seeded ``seed`` with every call made by
    ``calls`` players, at its first card play; ``None`` if it was thrown in."""
    game = Game.new(rules, seed=seed)
    players = [make_player(calls, bot_seed(seed, seat)) for seat in range(4)]
    while game.phase != "play":
        seat = game.to_act
        if game.records or seat is None or len(game.history) >= MAX_HAND_ACTIONS:
            return None
        game.apply(decide(players[seat], game))
    return game


def play_table(position: Game, seed: int, ns: str, ew: str) -> dict[str, Any]:
    """The hand played out from ``position`` with level ``ns`` in seats 0 and 2
    and ``ew`` in 1 and 3; tricks, the points' margin and CPU time per team."""
    game = position.copy()
    levels = (ns, ew, ns, ew)
    players = [make_player(levels[seat], bot_seed(seed, seat)) for seat in range(4)]
    decisions = [0, 0]
    cpu = [0.0, 0.0]
    while not game.records:
        seat = game.to_act
        if seat is None or len(game.history) >= MAX_HAND_ACTIONS:
            raise RuntimeError(f"the hand of seed {seed} did not finish")  # pragma: no cover
        legal = game.legal_actions()
        if len(legal) == 1:  # no decision
            game.apply(legal[0])
            continue
        start = time.thread_time()
        action = decide(players[seat], game)
        cpu[seat % 2] += time.thread_time() - start
        decisions[seat % 2] += 1
        game.apply(action)
    record = game.records[0]
    return {
        "ns": ns,
        "ew": ew,
        "tricks": list(record.tricks_won),
        "points": list(record.points),
        "decisions": decisions,
        "cpu": cpu,
    }


@dataclasses.dataclass(frozen=True)
class DealTask:
    settings: Settings
    deal: int


def run_deal(task: DealTask) -> dict[str, Any]:
    """One deal's record: its contract's tables (none if thrown in)."""
    s = task.settings
    seed = s.seed + task.deal
    start = time.thread_time()
    position = contract(s.rules, seed, s.calls)
    tables = [] if position is None else [play_table(position, seed, *t) for t in s.tables()]
    # the deal's CPU time, calls and every table (for planning runs; not a figure)
    return {"deal": task.deal, "seed": seed, "tables": tables, "cpu": time.thread_time() - start}


def compare(record: dict[str, Any], x: str, y: str) -> tuple[float, float] | None:
    """(tricks, points): level x's over level y's on one deal, halved over the
    two tables; ``None`` for a deal without card play."""
    if not record["tables"]:
        return None
    first = next(t for t in record["tables"] if (t["ns"], t["ew"]) == (x, y))
    # x in East-West: the last such table (the second of a level against itself)
    second = [t for t in record["tables"] if (t["ns"], t["ew"]) == (y, x)][-1]

    def margin(t: dict[str, Any], key: str) -> float:
        return float(t[key][0] - t[key][1])

    return (
        (margin(first, "tricks") - margin(second, "tricks")) / 2,
        (margin(first, "points") - margin(second, "points")) / 2,
    )


# ---- many deals -----------------------------------------------------------------------


def run(
    settings: Settings,
    deals: int,
    jobs: int = 1,
    scheduler: str | None = None,
    results: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """The records of deals 0 .. deals-1, in deal order: those in ``results``
    kept, the others played (and appended there as each is done)."""
    for level in {settings.a, settings.b, settings.calls}:
        make_player(level, 0)  # fail early on an unknown level
    done = load_results(results, settings) if results else {}
    todo = [DealTask(settings, d) for d in range(deals) if d not in done]
    run_tasks(
        run_deal,
        todo,
        settings,
        done,
        results,
        jobs,
        scheduler,
        progress=None if progress is None else lambda n: progress(n, deals),
    )
    return [done[d] for d in range(deals)]


#: The oracle-gap shares of a summary: the unit they are taken in, and their key.
GAP_SHARES = (("tricks", "oracle_gap_share"), ("points", "oracle_gap_share_points"))


def summarize(settings: Settings, records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a run (JSON-ready; no timing but the CPU per decision)."""
    records = list(records)
    played = [r for r in records if r["tables"]]
    out: dict[str, Any] = {"deals": len(records), "compared": len(played)}
    comparisons: dict[str, Any] = {}
    for x, y in settings.comparisons():
        figures = [f for f in (compare(r, x, y) for r in played) if f is not None]
        entry: dict[str, Any] = {}
        for i, unit in enumerate(("tricks", "points")):
            mean, low, high = mean_interval([f[i] for f in figures])
            entry[unit] = mean
            entry[unit + "_ci95"] = [low, high]
        comparisons[f"{x}-{y}"] = entry
    out["comparisons"] = comparisons
    decisions: dict[str, int] = {}
    cpu: dict[str, float] = {}
    for r in played:
        for t in r["tables"]:
            for team, level in enumerate((t["ns"], t["ew"])):
                decisions[level] = decisions.get(level, 0) + t["decisions"][team]
                cpu[level] = cpu.get(level, 0.0) + t["cpu"][team]
    out["cpu_ms_per_decision"] = {
        level: 1000 * cpu[level] / n if n else math.nan for level, n in decisions.items()
    }
    out["decisions"] = decisions
    out["cpu_seconds_per_deal"] = (
        math.fsum(r["cpu"] for r in records) / len(records) if records else math.nan
    )
    if settings.oracle_gap:
        for unit, key in GAP_SHARES:
            gap = comparisons[f"{ORACLE}-{BASELINE}"][unit]
            shares = {}
            for level in (settings.a, settings.b, ORACLE):
                over = 0.0 if level == BASELINE else comparisons[f"{level}-{BASELINE}"][unit]
                shares[level] = over / gap if gap else math.nan
            out[key] = shares
    return out


def format_summary(settings: Settings, s: dict[str, Any], preset: str) -> Iterator[str]:
    a, b = settings.a, settings.b
    yield (
        f"card play: {a} (a) vs {b} (b), each deal twice with the sides swapped; "
        f"calls: {settings.calls} in every seat; rules {preset}; "
        f"deal seeds {settings.seed}..{settings.seed + s['deals'] - 1}"
    )
    thrown_in = s["deals"] - s["compared"]
    yield f"deals compared: {s['compared']} of {s['deals']} ({thrown_in} thrown in: no card play)"
    for x, y in settings.comparisons():  # the key "x-y" cannot be split: names hold "-"
        entry = s["comparisons"][f"{x}-{y}"]
        for unit in ("tricks", "points"):
            low, high = entry[unit + "_ci95"]
            yield (
                f"{unit} per deal, {x} - {y}: {entry[unit]:+.3f} (95% CI {low:+.3f} to {high:+.3f})"
            )
    for level, ms in s["cpu_ms_per_decision"].items():
        yield f"CPU per decision, {level}: {ms:.2f} ms over {s['decisions'][level]} decisions"
    for unit, key in GAP_SHARES:
        if key in s:
            shares = ", ".join(f"{level} {100 * share:.0f}%" for level, share in s[key].items())
            yield f"share of the oracle's gap over {BASELINE} ({unit}): {shares}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer_devtools.card_play",
        description="Card play compared deal by deal: the same contract, the sides swapped.",
    )
    levels = (*ARENA_LEVELS, *RESEARCH_LEVELS)
    parser.add_argument("--a", required=True, choices=levels, help="card play of side a")
    parser.add_argument("--b", required=True, choices=levels, help="card play of side b")
    parser.add_argument(
        "--calls", default="hard", choices=ARENA_LEVELS, help="every seat's calls (default hard)"
    )
    parser.add_argument("--deals", type=int, default=100, metavar="N", help="default 100")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    parser.add_argument(
        "--rules",
        default="seed",
        help=f"a preset ({', '.join(PRESETS)}) or a JSON object of rule fields (default seed)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler's address (instead of --jobs)"
    )
    parser.add_argument(
        "--results", metavar="FILE", help="append each deal here; skip the deals it holds"
    )
    parser.add_argument(
        "--oracle-gap",
        action="store_true",
        help="also a, b and the oracle against medium: each one's share of the oracle's gap",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        rules = parse_rules(args.rules)
    except ValueError as err:
        parser.error(str(err))
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    settings = Settings(args.a, args.b, args.calls, rules, args.seed, args.oracle_gap)

    def progress(done: int, total: int) -> None:
        if done % 10 == 0 or done == total:
            print(f"card_play: {done} of {total} deals", file=sys.stderr)

    start, cpu = time.perf_counter(), time.process_time()
    try:
        records = run(settings, args.deals, args.jobs, args.scheduler, args.results, progress)
    except ValueError as err:
        print(f"card_play: {err}", file=sys.stderr)
        return 2
    summary = summarize(settings, records)
    wall = time.perf_counter() - start
    if args.json:
        print(json.dumps(_finite({"settings": settings.to_dict(), **summary, "seconds": wall})))
    else:
        for line in format_summary(settings, summary, rules.preset_name or args.rules):
            print(line)
        print(
            f"time: {wall:.1f} s wall for {len(records)} deals "
            f"(this run: {time.process_time() - cpu:.1f} s CPU in this process); "
            f"CPU per deal, calls and all tables: {summary['cpu_seconds_per_deal']:.2f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
