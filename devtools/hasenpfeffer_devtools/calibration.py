"""``python -m hasenpfeffer_devtools.calibration``: are the advisor's chances true?

    python -m hasenpfeffer_devtools.calibration --hands 2000 --rules seed --jobs 2

The hint and the review say how often a call makes its contract ("a bid of 4
is made about 60 to 75 % of the time": ``bots.hints``). This measures those
chances against what happens. Each hand is the first hand of the game seeded
``seed + hand``; every seat is the advisor (``bots.advisor``: the hard player
seeded as that seat's computer player), so each call's chance is exactly what
a hint would have said to a person in that seat; the cards are played by
``--play`` (hard by default, as the game's computer players would).

Per hand, the calls that settle the contract are measured: the maker's last
bid (the contract), the maker's alone or partner call, a lone maker's
defender's call; each gives its predicted share (the decision's
``Outcome.make_rate``, or ``their_make_rate`` for a defender: the share of the
deals played out in which the contract was made) and whether the contract was
made (``min(bid, 6)`` tricks, as the rollouts count). The output is a table
by decile of the predicted share (hands, mean predicted, observed, the
difference in points), the Brier score (the mean squared difference between
predicted share and outcome; lower is better, 0.25 is a coin's), per kind
of call too; how often the words leaned the right way (the range said for 24
deals reaching past one half for a contract made, short of it for one lost);
and whether every decile of 100 or more calls is within 5 points of what was
predicted (issue 51's goal).

A fit of the chances said (``bots.shown_chances``) is checked on hands it was
not made on: ``--from-records FILE --cross-fit K`` splits the recorded hands
into K folds by hand number and says each hand's chances by the fit made on
the other folds (the table is then over every recorded hand, each said by a
fit that never saw it); ``--fit`` prints the fit made on them all.

A hand's rows depend on its seed and the levels only: the hands are spread
over ``--jobs`` worker processes and taken in hand order. Measured on a
loaded machine: about 2 s of CPU per hand with hard card play (4 hands),
0.8 s with ``--play medium`` (40 hands).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from hasenpfeffer.bots.advisor import advisor
from hasenpfeffer.bots.decision import Outcome
from hasenpfeffer.bots.duplicate import MAX_HAND_ACTIONS, bot_seed
from hasenpfeffer.bots.hints import span
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.bots.rollouts import ROLLOUT_PHASES
from hasenpfeffer.bots.shown_chances import KINDS, Fit, fitted, logit, shown_chance
from hasenpfeffer.game import Game
from hasenpfeffer.rules import PRESETS

#: A decile needs this many hands before its gap counts (issue 51's goal).
MIN_HANDS: int = 100
#: The goal: observed within this many points of predicted in every such decile.
GOAL_POINTS: float = 5.0


class Row(NamedTuple):
    """One measured call: its kind (``bid``, ``alone``, ``defend_alone``), the
    share predicted (the chance said: ``bots.shown_chances``), whether the
    contract was made, the hand's seed, and the played-out share the chance
    said was fitted from (``raw``)."""

    kind: str
    predicted: float
    made: bool
    hand: int
    raw: float


def hand_rows(rules_name: str, seed: int, play: str, calls_by: str = "advisor") -> list[Row]:
    """The calls of the first hand of the game seeded ``seed`` that settled
    its contract, each with its predicted share and the outcome. With
    ``calls_by`` a level, that level makes the calls and the advisor answers
    only a lone maker (``defend_alone``): the lone defence's check, quick where
    that level goes alone often (medium does)."""
    game = Game.new(PRESETS[rules_name], seed=seed)
    advisors = [advisor(seed, s) for s in range(4)]
    players = [make_player(play, bot_seed(seed, s)) for s in range(4)]
    callers = (
        None
        if calls_by == "advisor"
        else [make_player(calls_by, bot_seed(seed, s)) for s in range(4)]
    )
    calls: list[tuple[int, str, str, Outcome | None]] = []  # seat, phase, action, outcome
    for _ in range(MAX_HAND_ACTIONS):
        if game.records:
            break
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view["phase"] == "play":
            action = players[seat].choose(view)
        elif callers is not None and view["phase"] != "defend_alone":
            action = callers[seat].choose(view)
        else:
            decision = advisors[seat].decide(view, explain=True)
            action = decision.action
            if view["phase"] in ROLLOUT_PHASES:
                calls.append((seat, view["phase"], action, decision.outcomes.get(action)))
        game.apply(action)
    record = game.records[0]
    if record.maker is None or record.bid is None:
        return []  # thrown in: no contract
    maker_team = record.maker & 1
    made = record.tricks_won[maker_team] >= min(record.bid.value, 6)
    shares: list[tuple[str, float]] = []
    bids = [c for c in calls if c[1] == "bidding" and c[0] == record.maker and c[2] != "pass"]
    if bids and bids[-1][3] is not None and bids[-1][3].make_rate is not None:
        shares.append(("bid", bids[-1][3].make_rate))
    for _seat, phase, _action, outcome in calls:
        if outcome is None:
            continue
        if phase == "alone" and outcome.make_rate is not None:
            shares.append(("alone", outcome.make_rate))
        if phase == "defend_alone" and outcome.their_make_rate is not None:
            shares.append(("defend_alone", outcome.their_make_rate))
    rules = PRESETS[rules_name]
    return [Row(kind, shown_chance(raw, kind, rules), made, seed, raw) for kind, raw in shares]


def read_records(path: str, rules_name: str) -> list[Row]:
    """The calls a run wrote with ``--records``, each said again as the
    chances are said now (``shown_chance`` of its played-out share: the
    decisions do not depend on it, so a run's outcomes stand)."""
    rules = PRESETS[rules_name]
    rows = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            data = json.loads(line)
            raw = data.get("raw", data["predicted"])
            predicted = shown_chance(raw, data["kind"], rules)
            rows.append(Row(data["kind"], predicted, bool(data["made"]), data["hand"], raw))
    return rows


#: The tops tried per kind of call (``shown_chances``: the most a fit says), 1 down to 0.5.
TOPS: tuple[float, ...] = tuple(round(1 - k / 100, 2) for k in range(51))


def fit(rows: Sequence[Row]) -> dict[str, Fit]:
    """Per kind of call, the fit ``(a, b, c, top)`` of the outcome on the
    played-out share's log-odds ``x`` (``shown_chances``: said = top *
    sigmoid(a + b x + c x^2)): for each top in ``TOPS`` the most likely a, b, c
    (Newton's method), and of those the most likely top."""
    fits: dict[str, Fit] = {}
    for kind in KINDS:
        counted = Counter((logit(r.raw), 1.0 if r.made else 0.0) for r in rows if r.kind == kind)
        if sum(counted.values()) < 20:
            continue
        points = [(x, y, n) for (x, y), n in counted.items()]
        best: tuple[float, list[float], float] | None = None
        start = [0.0, 1.0, 0.0]
        for top in TOPS:
            w = _fit_curve(points, top, start)
            likelihood = _log_likelihood(w, top, points)
            if best is None or likelihood > best[0]:
                best = (likelihood, w, top)
            start = w
        assert best is not None
        _, w, top = best
        fits[kind] = (round(w[0], 3), round(w[1], 3), round(w[2], 3), top)
    return fits


Points = Sequence[tuple[float, float, int]]


def _fit_curve(points: Points, top: float, start: list[float]) -> list[float]:
    """The most likely (a, b, c) for outcomes ``points`` (x, made, how many) under
    p = top * sigmoid(a + b x + c x^2), by Newton's method from ``start``."""
    w = list(start)
    for _ in range(60):
        grad = [0.0, 0.0, 0.0]
        hess = [[0.0] * 3 for _ in range(3)]
        for x, y, n in points:
            f = (1.0, x, x * x)
            s = _curve(w, 1.0, x)
            p = min(max(top * s, 1e-12), 1 - 1e-12)
            # d(log-likelihood)/dz and minus its derivative, z = a + b x + c x^2
            slope = y * (1 - s) - (1 - y) * top * s * (1 - s) / (1 - p)
            bend = (
                y * s * (1 - s)
                + (1 - y) * top * s * (1 - s) * (1 - 2 * s + top * s * s) / (1 - p) ** 2
            )
            for i in range(3):
                grad[i] += n * slope * f[i]
                for j in range(3):
                    hess[i][j] += n * bend * f[i] * f[j]
        step = _solve3(hess, grad)
        if step is None:
            break
        # halved until the likelihood does not fall (a full step can overshoot)
        before = _log_likelihood(w, top, points)
        tried = w
        for _ in range(40):
            tried = [wi + si for wi, si in zip(w, step, strict=True)]
            if _log_likelihood(tried, top, points) >= before:
                break
            step = [si / 2 for si in step]
        else:
            break
        w = tried
        if sum(abs(si) for si in step) < 1e-10:
            break
    return w


def _curve(w: Sequence[float], top: float, x: float) -> float:
    z = min(max(w[0] + w[1] * x + w[2] * x * x, -30.0), 30.0)
    return top / (1 + math.exp(-z))


def _log_likelihood(w: Sequence[float], top: float, points: Points) -> float:
    total = 0.0
    for x, y, n in points:
        p = min(max(_curve(w, top, x), 1e-15), 1 - 1e-15)
        total += n * (math.log(p) if y else math.log(1 - p))
    return total


def _solve3(m: list[list[float]], v: list[float]) -> list[float] | None:
    """``m``'s inverse times ``v`` (3 by 3, Gaussian elimination), or None if
    ``m`` is singular."""
    a = [[*row, v[i]] for i, row in enumerate(m)]
    for c in range(3):
        pivot = max(range(c, 3), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) < 1e-12:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(3):
            if r != c:
                factor = a[r][c] / a[c][c]
                for k in range(c, 4):
                    a[r][k] -= factor * a[c][k]
    return [a[i][3] / a[i][i] for i in range(3)]


def said_by(fits: dict[str, Fit], row: Row) -> Row:
    """``row`` with its chance said by ``fits`` (per kind; the played-out share
    where a kind has no fit)."""
    if row.kind not in fits:
        return row._replace(predicted=row.raw)
    return row._replace(predicted=fitted(row.raw, fits[row.kind]))


def cross_fitted(rows: Sequence[Row], folds: int) -> list[Row]:
    """Every row with its chance said by the fit made on the other ``folds`` - 1
    folds (hands split by hand number modulo ``folds``)."""
    out: list[Row] = []
    for k in range(folds):
        fits = fit([r for r in rows if r.hand % folds != k])
        out.extend(said_by(fits, r) for r in rows if r.hand % folds == k)
    return out


def _task(args: tuple[str, int, str, str]) -> list[Row]:
    return hand_rows(*args)


def deciles(rows: Sequence[Row]) -> list[tuple[int, int, float, float]]:
    """Per decile of the predicted share: (decile, hands, mean predicted,
    observed share made)."""
    out = []
    for d in range(10):
        inside = [r for r in rows if min(int(r.predicted * 10), 9) == d]
        if inside:
            predicted = sum(r.predicted for r in inside) / len(inside)
            observed = sum(r.made for r in inside) / len(inside)
            out.append((d, len(inside), predicted, observed))
    return out


def brier(rows: Sequence[Row]) -> float:
    """The mean squared difference between the predicted share and the outcome."""
    return sum((r.predicted - r.made) ** 2 for r in rows) / len(rows) if rows else float("nan")


def report(
    rows: Sequence[Row], rules_name: str, hands: int, play: str, calls_by: str = "advisor"
) -> str:
    """The calibration table (Markdown) for ``docs/benchmarks.md``."""
    callers = (
        "every seat the advisor"
        if calls_by == "advisor"
        else f"calls by {calls_by}, a lone maker answered by the advisor"
    )
    lines = [
        f"Calibration, rules {rules_name}: {hands} hands (first hands of seeded games), "
        f"{callers}, cards played by {play}; {len(rows)} calls measured.",
        "",
        "| predicted | calls | mean predicted | observed | observed - predicted |",
        "|---|---|---|---|---|",
    ]
    within = True
    for d, n, predicted, observed in deciles(rows):
        gap = (observed - predicted) * 100
        if n >= MIN_HANDS and abs(gap) > GOAL_POINTS:
            within = False
        lines.append(
            f"| {d * 10}-{d * 10 + 10} % | {n} | {predicted * 100:.1f} % | "
            f"{observed * 100:.1f} % | {gap:+.1f} points |"
        )
    lines.append("")
    lines.append(f"Brier score: {brier(rows):.4f} (0.25: a coin)")
    for kind in ("bid", "alone", "defend_alone"):
        some = [r for r in rows if r.kind == kind]
        if some:
            lines.append(f"- {kind}: {len(some)} calls, Brier {brier(some):.4f}")
    covered = [r for r in rows if _in_said_range(r)]
    if rows:
        lines.append(
            f"- the share said (its range where uncertain) holds the outcome's side in "
            f"{len(covered) / len(rows) * 100:.1f} % of the calls"
        )
    goal = "yes" if within else "no"
    lines.append(f"- every decile with {MIN_HANDS}+ calls within {GOAL_POINTS:g} points: {goal}")
    return "\n".join(lines)


def _in_said_range(row: Row) -> bool:
    """Whether the words leaned the right way: the range said (or the one
    share) is at least one half for a contract made, at most for one lost."""
    rng = span(row.predicted, 24) or [row.predicted, row.predicted]
    return rng[1] >= 0.5 if row.made else rng[0] <= 0.5


def run(
    rules_name: str,
    hands: int,
    seed: int,
    play: str,
    jobs: int,
    calls_by: str = "advisor",
    on_hand: Callable[[list[Row]], None] | None = None,
) -> list[Row]:
    """The rows of ``hands`` hands from ``seed`` on, in hand order; each
    hand's rows also given to ``on_hand`` as soon as they are known (a long
    run's records kept as it goes)."""
    tasks = [(rules_name, seed + i, play, calls_by) for i in range(hands)]
    rows: list[Row] = []
    parts: Iterable[list[Row]]
    if jobs <= 1:
        parts = map(_task, tasks)
        for part in parts:
            rows.extend(part)
            if on_hand is not None:
                on_hand(part)
        return rows
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_task, tasks, chunksize=4):
            rows.extend(part)
            if on_hand is not None:
                on_hand(part)
    return rows


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer_devtools.calibration", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rules", default="seed", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", default="hard", help="the level that plays the cards")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--records",
        metavar="FILE",
        help="also write every measured call to FILE, one JSON object a line "
        "as each hand ends (kind, predicted, made, hand, raw): for tables by kind, a fit made "
        "afterwards (--from-records), or what a run cut short had measured",
    )
    parser.add_argument(
        "--calls",
        default="advisor",
        help="who makes the calls: the advisor (every call measured), or a level (only a "
        "defender's answer to a lone maker is the advisor's and measured)",
    )
    parser.add_argument(
        "--from-records",
        metavar="FILE",
        help="play nothing: the calls a run wrote with --records (made under --rules), their "
        "chances said as the engine says them now",
    )
    parser.add_argument(
        "--cross-fit",
        type=int,
        metavar="K",
        default=0,
        help="with --from-records: each hand's chances said by the fit made on the other of "
        "K folds of the hands (by hand number), the table over them all",
    )
    parser.add_argument(
        "--fit",
        action="store_true",
        help="also print the logistic fit per kind of call of the outcomes on the played-out "
        "shares (bots.shown_chances.FITS)",
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.cross_fit and (args.cross_fit < 2 or not args.from_records):
        parser.error("--cross-fit needs K >= 2 and --from-records")
    start = time.perf_counter()
    if args.from_records:
        rows = read_records(args.from_records, args.rules)
        if args.cross_fit:
            rows = cross_fitted(rows, args.cross_fit)
        hands = len({r.hand for r in rows})
        print(report(rows, args.rules, hands, args.play, args.calls))
        if args.fit:
            print(f"fit: {fit(rows)}")
        return 0
    with contextlib.ExitStack() as stack:
        out = (
            stack.enter_context(open(args.records, "w", encoding="utf-8")) if args.records else None
        )

        def keep(part: list[Row]) -> None:
            if out is not None:
                out.write("".join(json.dumps(row._asdict()) + "\n" for row in part))
                out.flush()

        rows = run(args.rules, args.hands, args.seed, args.play, args.jobs, args.calls, keep)
    if not rows:
        parser.error("no call was measured: more hands, or calls by a level that goes alone")
    print(report(rows, args.rules, args.hands, args.play, args.calls))
    if args.fit:
        print(f"fit: {fit(rows)}")
    sys.stdout.flush()
    print(f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
