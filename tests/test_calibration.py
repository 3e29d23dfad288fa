"""The calibration measurement (``hasenpfeffer_devtools.calibration``): the
advisor's chances against what happened."""

from __future__ import annotations

import json
import pathlib

import pytest

from hasenpfeffer_devtools import calibration
from hasenpfeffer_devtools.calibration import Row, brier, deciles, hand_rows, report


def test_deciles_and_brier_score_of_known_rows() -> None:
    rows = [Row("bid", 0.05, False, 1), Row("bid", 0.05, True, 2), Row("alone", 0.95, True, 3)]
    assert deciles(rows) == [(0, 2, 0.05, 0.5), (9, 1, 0.95, 1.0)]
    assert brier(rows) == pytest.approx((0.05**2 + 0.95**2 + 0.05**2) / 3)
    # a share of exactly 1 is the top decile
    assert deciles([Row("bid", 1.0, True, 4)]) == [(9, 1, 1.0, 1.0)]


def test_the_goal_line_counts_only_deciles_with_enough_calls() -> None:
    few = [Row("bid", 0.85, False, i) for i in range(calibration.MIN_HANDS - 1)]
    assert "within 5 points: yes" in report(few, "seed", 99, "medium")
    many = [Row("bid", 0.85, False, i) for i in range(calibration.MIN_HANDS)]
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


def test_calls_by_a_level_measure_only_the_answers_to_a_lone_maker() -> None:
    # medium makes the calls (it goes alone in these two hands); the advisor only
    # answers the lone maker, as a defender
    rows = [r for seed in (5, 10) for r in hand_rows("seed", seed, "medium", "medium")]
    assert rows and {r.kind for r in rows} == {"defend_alone"}
    assert all(0 <= r.predicted <= 1 for r in rows)
    assert hand_rows("seed", 1, "medium", "medium") == []  # no lone maker: nothing measured
