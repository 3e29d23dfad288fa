"""``python -m hasenpfeffer_devtools.puzzles``: puzzles from real deals (docs/puzzles.md).

    python -m hasenpfeffer_devtools.puzzles --rules all --deals 1500 --seed 1 \\
        --jobs 1 --out data/puzzles/puzzles.json [--resume]
    python -m hasenpfeffer_devtools.puzzles --stats data/puzzles/puzzles.json

Each deal (the first hand of the game seeded ``deal_seed(seed, rules, deal)``:
``seed + 4 * deal + i`` for the rule set of index i in ``PRESETS``, so no two
rule sets share a deal, and a rule set run alone meets the same deals) is bid
and played by the hard player in every seat, each seat seeded
``bot_seed(deal seed, seat)`` as in ``card_play``. At every card-play decision
``puzzle_finder.examine`` solves the position with all cards known and keeps
it when it is a puzzle; each kept one is asked of the computer levels from
the seat's own view (``puzzle_finder.finds``). The deals run through
``task_runs``: each deal's record (its puzzles with those answers, and the
counts of the decisions it passed over) is appended to a results file beside
``--out`` (``<out>.deals.jsonl``) as it is done; with ``--resume`` a run goes
on from that file, so an interrupted run, or one asked for more deals, plays
only the deals it lacks. Then the set is written to ``--out``: every puzzle
rated (``puzzle_finder.rating``) and tagged (``puzzle_themes.themes``), at
most ``--per-hand`` of each hand (the deepest), in the order of the rule sets
and deals: the same command gives the same file.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from hasenpfeffer.bots.duplicate import MAX_HAND_ACTIONS, bot_seed
from hasenpfeffer.bots.players import decide, make_player
from hasenpfeffer.puzzle import THEMES, Puzzle, read_puzzles, write_puzzles
from hasenpfeffer.rules import PRESETS

from .card_play import contract
from .puzzle_finder import LEVELS, REASONS, TRIES, examine, finds, rating, trivial
from .puzzle_themes import themes
from .task_runs import Record, load_results, run_tasks

#: The version of the results file's records.
FORMAT: Final = 1
#: The level that makes every call and plays every card of the deals.
PLAYERS: Final = "hard"
#: At most this many puzzles of one hand go into the set (the deepest first).
PER_HAND: Final = 2


@dataclasses.dataclass(frozen=True)
class Settings:
    """What decides a run's records: a results file belongs to one."""

    rules: tuple[str, ...]
    seed: int = 1
    levels: tuple[str, ...] = LEVELS
    tries: int = TRIES

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": list(self.rules),
            "seed": self.seed,
            "players": PLAYERS,
            "levels": list(self.levels),
            "tries": self.tries,
        }


@dataclasses.dataclass(frozen=True)
class DealTask:
    settings: Settings
    rules: str
    deal: int


def deal_seed(seed: int, rules: str, deal: int) -> int:
    """The game seed of deal ``deal`` of a rule set in a run from ``seed``.

    >>> [deal_seed(1, rules, 0) for rules in PRESETS], deal_seed(1, "seed", 1)
    ([1, 2, 3, 4], 5)
    """
    return seed + len(PRESETS) * deal + list(PRESETS).index(rules)


def task_key(record: Record) -> Hashable:
    """The deal a record belongs to: (rule set, deal)."""
    return (str(record["rules"]), int(record["deal"]))


def run_deal(task: DealTask) -> Record:
    """One deal played out: its puzzles (each with the levels' answers, unrated)
    and how many decisions it examined, by outcome (``REASONS`` and ``puzzle``)."""
    s = task.settings
    seed = deal_seed(s.seed, task.rules, task.deal)
    start = time.process_time()
    outcomes: Counter[str] = Counter()
    found: list[dict[str, Any]] = []
    solving = asking = 0.0
    game = contract(PRESETS[task.rules], seed, PLAYERS)
    if game is not None:
        players = [make_player(PLAYERS, bot_seed(seed, seat)) for seat in range(4)]
        while not game.records:
            seat = game.to_act
            if seat is None or len(game.history) >= MAX_HAND_ACTIONS:
                raise RuntimeError(f"the hand of seed {seed} did not finish")  # pragma: no cover
            legal = game.legal_actions()
            if len(legal) == 1:
                outcomes["one_card"] += 1
                game.apply(legal[0])
                continue
            t0 = time.process_time()
            outcome, puzzle = examine(game, task.rules, seed)
            t1 = time.process_time()
            solving += t1 - t0
            outcomes[outcome] += 1
            if puzzle is not None:
                answers = finds(game, puzzle.solution, seed, s.levels, s.tries)
                found.append({**puzzle.to_dict(), "finds": answers})
                asking += time.process_time() - t1
            game.apply(decide(players[seat], game))
    return {
        "rules": task.rules,
        "deal": task.deal,
        "seed": seed,
        "played": game is not None,
        "outcomes": dict(sorted(outcomes.items())),
        "puzzles": found,
        # CPU seconds: the whole deal, the solver's part, the levels' answers
        "cpu": time.process_time() - start,
        "cpu_solving": solving,
        "cpu_asking": asking,
    }


def results_path(out: str) -> str:
    """The results file of a run writing ``out``: ``<out without .json>.deals.jsonl``."""
    base = out[: -len(".json")] if out.endswith(".json") else out
    return base + ".deals.jsonl"


def run(
    settings: Settings,
    deals: int,
    jobs: int = 1,
    scheduler: str | None = None,
    results: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Record]:
    """The records of deals 0 .. deals-1 of each rule set, in order (those in
    ``results`` kept, the others played and appended there)."""
    done = load_results(results, settings, task_key) if results else {}
    # deal by deal, each under every rule set: a run stopped early has all of them
    todo = [
        DealTask(settings, rules, d)
        for d in range(deals)
        for rules in settings.rules
        if (rules, d) not in done
    ]
    total = deals * len(settings.rules)
    run_tasks(
        run_deal,
        todo,
        settings,
        done,
        results,
        jobs,
        scheduler,
        key=task_key,
        progress=None if progress is None else lambda n: progress(n, total),
        tool="puzzles",
    )
    return [done[(rules, d)] for rules in settings.rules for d in range(deals)]


def rated(entry: dict[str, Any], tries: int) -> Puzzle:
    """A record's puzzle, rated and tagged."""
    data = {k: v for k, v in entry.items() if k != "finds"}
    draft = Puzzle.from_dict(data)
    return dataclasses.replace(
        draft,
        rating=rating(entry["finds"], draft.tricks_left, tries),
        themes=tuple(themes(draft)),
    )


def assemble(
    records: Iterable[Record], tries: int = TRIES, per_hand: int = PER_HAND
) -> list[Puzzle]:
    """The set: each record's puzzles rated and tagged, at most ``per_hand`` of
    each hand (those with the most tricks left, the earliest on a tie, kept in
    the order of play), in the records' order."""
    out: list[Puzzle] = []
    for record in records:
        puzzles = [rated(entry, tries) for entry in record["puzzles"]]
        puzzles = [p for p in puzzles if trivial(p) is None]
        keep = sorted(range(len(puzzles)), key=lambda i: (-puzzles[i].tricks_left, i))[:per_hand]
        out.extend(puzzles[i] for i in sorted(keep))
    return out


# ---- the figures ------------------------------------------------------------------------


def quartiles(values: Sequence[int]) -> list[float]:
    """The lower quartile, the median and the upper quartile (``statistics``'
    inclusive method); the value thrice for one value."""
    if len(values) < 2:
        return [float(values[0])] * 3 if values else []
    return [float(q) for q in statistics.quantiles(values, n=4, method="inclusive")]


def set_statistics(puzzles: Sequence[Puzzle]) -> dict[str, Any]:
    """Per rule set (and for all): the count, the rating's quartiles, the
    tricks left, and how many puzzles carry each theme."""
    groups: dict[str, list[Puzzle]] = {"all": list(puzzles)}
    for p in puzzles:
        groups.setdefault(p.rules, []).append(p)
    out: dict[str, Any] = {}
    for name in ["all", *[r for r in PRESETS if r in groups]]:
        group = groups[name]
        counted = Counter(t for p in group for t in p.themes)
        out[name] = {
            "count": len(group),
            "rating_quartiles": quartiles(sorted(p.rating for p in group)),
            "rating_range": [min(p.rating for p in group), max(p.rating for p in group)]
            if group
            else [],
            "tricks_left": dict(sorted(Counter(p.tricks_left for p in group).items())),
            "themes": {t: counted[t] for t in THEMES},
            "no_theme": sum(1 for p in group if not p.themes),
        }
    return out


def run_statistics(records: Sequence[Record]) -> dict[str, Any]:
    """For all the records and per rule set: deals, hands played, decisions
    examined by outcome, puzzles found (before ``assemble`` keeps at most
    ``PER_HAND`` of a hand) and the CPU seconds (whole deals, the solver, the
    levels' answers)."""
    out: dict[str, Any] = {}
    for record in records:
        for name in ("all", record["rules"]):
            entry = out.setdefault(
                name,
                {"deals": 0, "played": 0, "outcomes": Counter(), "found": 0}
                | {"cpu": 0.0, "cpu_solving": 0.0, "cpu_asking": 0.0},
            )
            entry["deals"] += 1
            entry["played"] += bool(record["played"])
            entry["outcomes"].update(record["outcomes"])
            entry["found"] += len(record["puzzles"])
            for key in ("cpu", "cpu_solving", "cpu_asking"):
                entry[key] += record[key]
    for entry in out.values():
        outcomes = entry["outcomes"]
        solved = sum(
            n for k, n in outcomes.items() if k not in ("one_card", "last_trick", "decided")
        )
        entry["outcomes"] = {k: outcomes[k] for k in (*REASONS, "puzzle") if k in outcomes}
        entry["solved"] = solved
        entry["positions_per_second"] = (
            solved / entry["cpu_solving"] if entry["cpu_solving"] else 0.0
        )
        entry["found_per_hour"] = 3600 * entry["found"] / entry["cpu"] if entry["cpu"] else 0.0
    return out


def format_statistics(stats: dict[str, Any]) -> Iterator[str]:
    for name, s in stats.items():
        q = ", ".join(f"{x:.0f}" for x in s["rating_quartiles"])
        yield f"{name}: {s['count']} puzzles; rating quartiles {q}; range {s['rating_range']}"
        yield f"  tricks left: {s['tricks_left']}"
        tagged = ", ".join(f"{t} {n}" for t, n in s["themes"].items())
        yield f"  themes: {tagged}; no theme {s['no_theme']}"


def format_run(stats: dict[str, Any]) -> Iterator[str]:
    for name, s in stats.items():
        yield (
            f"{name}: {s['deals']} deals ({s['played']} played), {s['solved']} positions solved, "
            f"{s['found']} puzzles found; CPU {s['cpu']:.0f} s (solver {s['cpu_solving']:.1f} s: "
            f"{s['positions_per_second']:.0f} positions/s; the levels' answers "
            f"{s['cpu_asking']:.0f} s); {s['found_per_hour']:.0f} puzzles per CPU hour"
        )
        yield f"  decisions: {s['outcomes']}"


# ---- the command --------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer_devtools.puzzles",
        description="Puzzles from deals the hard player plays: generate a set, or its figures.",
    )
    parser.add_argument(
        "--rules", default="all", help=f"a preset ({', '.join(PRESETS)}) or all (default all)"
    )
    parser.add_argument("--deals", type=int, default=100, metavar="N", help="per rule set")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler's address (instead of --jobs)"
    )
    parser.add_argument("--out", metavar="FILE", help="the set to write (a JSON array)")
    parser.add_argument(
        "--resume", action="store_true", help="go on from the results file beside --out"
    )
    parser.add_argument(
        "--per-hand", type=int, default=PER_HAND, help=f"puzzles kept per hand (default {PER_HAND})"
    )
    parser.add_argument("--stats", metavar="FILE", help="print a set's figures and stop")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.stats:
        stats = set_statistics(read_puzzles(Path(args.stats).read_bytes()))
        print(json.dumps(stats) if args.json else "\n".join(format_statistics(stats)))
        return 0
    if not args.out:
        parser.error("--out is required (or --stats FILE)")
    if args.rules != "all" and args.rules not in PRESETS:
        parser.error(f"--rules must be one of {', '.join(PRESETS)} or all")
    if args.deals < 1 or args.jobs < 1 or args.per_hand < 1:
        parser.error("--deals, --jobs and --per-hand must be at least 1")
    rules = tuple(PRESETS) if args.rules == "all" else (args.rules,)
    settings = Settings(rules, args.seed)
    results = results_path(args.out)
    if not args.resume and os.path.exists(results):
        os.remove(results)

    def progress(done: int, total: int) -> None:
        if done % 25 == 0 or done == total:
            print(f"puzzles: {done} of {total} deals", file=sys.stderr)

    start = time.perf_counter()
    try:
        records = run(settings, args.deals, args.jobs, args.scheduler, results, progress)
    except ValueError as err:
        print(f"puzzles: {err}", file=sys.stderr)
        return 2
    puzzles = assemble(records, settings.tries, args.per_hand)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(write_puzzles(puzzles), encoding="utf-8")
    found = run_statistics(records)
    stats = set_statistics(puzzles)
    if args.json:
        print(json.dumps({"run": found, "set": stats, "seconds": time.perf_counter() - start}))
    else:
        print("\n".join([*format_run(found), *format_statistics(stats)]))
        print(f"wrote {len(puzzles)} puzzles to {args.out} ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
