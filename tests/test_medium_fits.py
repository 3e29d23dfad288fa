"""hasenpfeffer_devtools.fit_medium_model and fit_medium_auction: the medium player's
trick estimates and auction weights fitted by least squares on simulated deals, here
on a few."""

from __future__ import annotations

import re

import pytest

from hasenpfeffer.bots.medium import MODEL
from hasenpfeffer_devtools import fit_medium_auction, fit_medium_model
from hasenpfeffer_devtools.fit_medium_model import least_squares

WEIGHT = re.compile(r"^#   (\w+) +[+-]\d+\.\d{3}$", re.M)


def test_least_squares_finds_the_weights_of_exact_data() -> None:
    xs = [(1, a, b) for a in range(4) for b in range(3)]
    ys = [2.0 + 3.0 * a - 0.5 * b for _, a, b in xs]
    assert least_squares(xs, ys) == pytest.approx([2.0, 3.0, -0.5], abs=1e-6)


def test_the_model_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert fit_medium_model.main(["--deals", "40", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for fit in ("team (maker with partner)", "alone"):
        found = re.search(
            rf"^# {re.escape(fit)}: n=40, mean tricks ([\d.]+), residual sd ([\d.]+)$", out, re.M
        )
        assert found and 0 < float(found[1]) <= 6, out
    assert WEIGHT.findall(out) == [*fit_medium_model.NAMES, *fit_medium_model.NAMES]
    # the players' own trick estimate (the fit of many more deals) is about right here too
    error = re.search(
        rf"^# bidding estimate \(current MODEL, intercept {MODEL.intercept}\): "
        r"mean error ([+-][\d.]+), sd ([\d.]+)$",
        out,
        re.M,
    )
    assert error and abs(float(error[1])) < 0.75, out


def test_the_auction_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert fit_medium_auction.main(["--games", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    contracts = re.match(r"# contracts (\d+), mean \(tricks - estimate\) [+-][\d.]+, sd", out)
    assert contracts and int(contracts[1]) > len(fit_medium_auction.NAMES), out
    assert WEIGHT.findall(out) == list(fit_medium_auction.NAMES)
    weights = re.search(r"^auction_weights = \((.+)\)$", out, re.M)
    assert weights and len(weights[1].split(", ")) == len(fit_medium_auction.NAMES)
