"""The calibration measurement (``hasenpfeffer_devtools.calibration``): the
advisor's chances against what happened."""

from __future__ import annotations

import json
import pathlib

import pytest

from hasenpfeffer_devtools import calibration
from hasenpfeffer_devtools.calibration import Row, brier, deciles, hand_rows, report


def test_deciles_and_brier_score_of_known_rows() -> None:
    rows = [
        Row("bid", 0.05, False, 1, 0.05),
        Row("bid", 0.05, True, 2, 0.05),
        Row("alone", 0.95, True, 3, 0.9),
    ]
    assert deciles(rows) == [(0, 2, 0.05, 0.5), (9, 1, 0.95, 1.0)]
    assert brier(rows) == pytest.approx((0.05**2 + 0.95**2 + 0.05**2) / 3)
    # a share of exactly 1 is the top decile
    assert deciles([Row("bid", 1.0, True, 4, 1.0)]) == [(9, 1, 1.0, 1.0)]


def test_the_goal_line_counts_only_deciles_with_enough_calls() -> None:
    few = [Row("bid", 0.85, False, i, 0.9) for i in range(calibration.MIN_HANDS - 1)]
    assert "within 5 points: yes" in report(few, "seed", 99, "medium")
    many = [Row("bid", 0.85, False, i, 0.9) for i in range(calibration.MIN_HANDS)]
    assert "within 5 points: no" in report(many, "seed", 100, "medium")


def test_a_hands_rows_are_its_contract_calls_and_their_outcome() -> None:
    rows = [r for seed in (1, 2, 3) for r in hand_rows("seed", seed, "medium")]
    assert rows and {r.kind for r in rows} <= {"bid", "alone", "defend_alone"}
    for r in rows:
        assert 0 <= r.predicted <= 1 and r.hand in (1, 2, 3)
    # one contract per hand: at most one bid row each
    assert all(sum(r.kind == "bid" for r in rows if r.hand == h) <= 1 for h in (1, 2, 3))
    assert hand_rows("seed", 2, "medium") == [r for r in rows if r.hand == 2]  # deterministic


def test_the_command_prints_the_table(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    records = tmp_path / "calls.jsonl"
    argv = ["--hands", "2", "--rules", "traditional", "--play", "medium"]
    assert calibration.main([*argv, "--records", str(records)]) == 0
    out = capsys.readouterr().out
    assert "| predicted | calls |" in out and "Brier score:" in out
    # the records are the rows the table counted, one a line
    rows = [Row(**json.loads(line)) for line in records.read_text().splitlines()]
    assert rows == calibration.run("traditional", 2, 1, "medium", 1)
    assert f"{len(rows)} calls measured" in out
    with pytest.raises(SystemExit):
        calibration.main(["--hands", "0"])
    # played again from the records: the same table
    assert calibration.main(["--rules", "traditional", "--from-records", str(records)]) == 0
    again = capsys.readouterr().out
    assert again.split("\n")[1:] == out.split("\n")[1:]


def test_calls_by_a_level_measure_only_the_answers_to_a_lone_maker() -> None:
    # medium makes the calls (it goes alone in these two hands); the advisor only
    # answers the lone maker, as a defender
    rows = [r for seed in (5, 10) for r in hand_rows("seed", seed, "medium", "medium")]
    assert rows and {r.kind for r in rows} == {"defend_alone"}
    assert all(0 <= r.predicted <= 1 for r in rows)
    assert hand_rows("seed", 1, "medium", "medium") == []  # no lone maker: nothing measured


def test_the_fit_finds_the_shares_a_run_was_drawn_from() -> None:
    # outcomes drawn with p = top * sigmoid(a + b x + c x^2), x = logit(share): the
    # fit recovers the curve, a straight line as one (c near 0), and a top below 1
    import math
    import random

    for a, b, c, top in ((0.4, 0.6, 0.08, 1.0), (-0.3, 0.9, 0.0, 1.0), (0.2, 1.2, 0.0, 0.85)):
        rng = random.Random(3)
        rows = []
        for i in range(6000):
            share = rng.choice([k / 24 for k in range(25)])
            x = calibration.logit(share)
            made = rng.random() < top / (1 + math.exp(-(a + b * x + c * x * x)))
            rows.append(Row("bid", share, made, i, share))
        got = calibration.fit(rows)["bid"]
        fa, fb, fc, ftop = got
        # (below a top of 1 the curve's a and b trade off against the top a little)
        da, db = (0.1, 0.08) if top == 1 else (0.25, 0.15)
        assert abs(fa - a) < da and abs(fb - b) < db and abs(fc - c) < 0.03, got
        assert abs(ftop - top) <= 0.03, got
        # the surest calls said no surer than they were drawn
        assert calibration.fitted(1.0, got) == pytest.approx(
            calibration.fitted(1.0, (a, b, c, top)), abs=0.02
        )
        assert "alone" not in calibration.fit(rows)  # no call of that kind: no fit


def test_a_cross_fit_says_each_hand_by_a_fit_that_never_saw_it() -> None:
    # two folds drawn from different curves: each fold is said by the other's fit
    import math
    import random

    rng = random.Random(5)
    rows = []
    for hand in range(4000):
        share = rng.choice([k / 24 for k in range(25)])
        a, b = (0.5, 0.5) if hand % 2 else (-0.5, 1.0)
        made = rng.random() < 1 / (1 + math.exp(-(a + b * calibration.logit(share))))
        rows.append(Row("bid", share, made, hand, share))
    said = calibration.cross_fitted(rows, 2)
    assert sorted(r.hand for r in said) == list(range(4000))
    odd_fit = calibration.fit([r for r in rows if r.hand % 2])
    for row in said:
        if row.hand % 2 == 0:
            assert row.predicted == calibration.said_by(odd_fit, row).predicted
    # a kind no fold fitted is said as played out
    lone = Row("alone", 0.3, True, 7, 0.3)
    assert calibration.said_by({}, lone).predicted == 0.3


def test_every_preset_says_fitted_chances_that_never_fall_as_the_share_rises() -> None:
    from itertools import pairwise

    from hasenpfeffer.bots.shown_chances import FITS, fitted
    from hasenpfeffer.rules import PRESETS

    # each preset's bids are fitted (docs/benchmarks.md, "The advisor's calibration")
    assert {name for name, kind in FITS if kind == "bid"} == set(PRESETS)
    shares = [k / 200 for k in range(201)]
    for key, fit in FITS.items():
        said = [fitted(share, fit) for share in shares]
        assert all(0 < s < 1 for s in said), key
        assert all(a <= b for a, b in pairwise(said)), key
