"""hasenpfeffer_devtools.bench_hints: a hint's time over fixed positions, per phase."""

from __future__ import annotations

import re

import pytest

from hasenpfeffer_devtools import bench_hints


def test_the_positions_are_souths_decisions_in_every_phase() -> None:
    views = list(bench_hints.positions(12))
    assert len(views) == 12
    assert all(view["seat"] == 0 and len(view["legal_actions"]) > 1 for view in views)
    assert {"bidding", "trump", "discard", "alone", "play"} <= {view["phase"] for view in views}
    # seeded: every run times the same positions
    assert [v["legal_actions"] for v in views] == [
        v["legal_actions"] for v in bench_hints.positions(12)
    ]


def test_the_command_times_each_phase(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_hints.main(["--positions", "12", "--level", "medium"]) == 0
    lines = capsys.readouterr().out.splitlines()
    line = re.compile(r"(\w+) +n= *(\d+)  median +([\d.]+) ms  p90 +([\d.]+) ms  max +([\d.]+) ms")
    figures = [line.fullmatch(x) for x in lines]
    assert all(figures), lines
    counts = {m[1]: int(m[2]) for m in figures if m}
    assert counts.pop("all") == 12 == sum(counts.values())
    assert all(float(m[3]) <= float(m[4]) <= float(m[5]) for m in figures if m)
