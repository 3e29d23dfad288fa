"""hasenpfeffer_devtools.sampling_accuracy: the share of the hidden cards that a search
player's sampled deals put in the right hand, on one game."""

from __future__ import annotations

import re

import pytest

from hasenpfeffer_devtools import sampling_accuracy


def test_the_sampled_deals_place_the_hidden_cards_better_than_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert sampling_accuracy.main(["seed", "heuristic", "1"]) == 0
    out = capsys.readouterr().out
    heading = re.match(r"seed, opponents heuristic, 1 games, (\d+) decisions\n", out)
    assert heading and int(heading[1]) > 0
    shares = re.findall(r"^  (.+?) +right (\d\.\d{3})  CPU [\d.]+ ms/decision$", out, re.M)
    assert len(shares) == 6
    assert shares[1][0].startswith("expert")
    # placed at random, about a third of the unseen cards would be in the right hand;
    # what the play showed (voids, cards gone) puts more there
    assert all(0.34 < float(share) <= 1 for _, share in shares), shares


def test_the_command_says_how_to_call_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert sampling_accuracy.main(["seed"]) == 2
    assert "PRESET OPPONENTS GAMES" in capsys.readouterr().err
