"""hasenpfeffer_devtools.solver_bench: the double-dummy solver's speed figures, here on
a few deals (the command checks on its own that ``solve`` agrees with ``minimax``)."""

from __future__ import annotations

import pytest

from hasenpfeffer.bots.solver import solve
from hasenpfeffer_devtools import solver_bench


def test_a_position_is_a_seeded_start_of_play_of_its_seating() -> None:
    for seats in (4, 3, 2):
        position = solver_bench.play_position(7, seats)
        assert position == solver_bench.play_position(7, seats)
        assert sum(1 for hand in position.hands if hand) == seats
        assert all(bin(hand).count("1") == 6 for hand in position.hands if hand)
        assert 0 <= solve(position) <= 6


def test_the_figures_of_a_few_deals() -> None:
    lines: list[str] = []
    figures = solver_bench.bench_solver(3, minimax_deals=1, repeat=1, out=lines.append)
    for seats in (4, 3, 2):
        assert 0 < figures[f"solve_{seats}_median_ms"] <= figures[f"solve_{seats}_p90_ms"]
        assert figures[f"solve_{seats}_median_nodes"] >= 1
        assert 0 < figures[f"moves_{seats}_median_ms"] <= figures[f"moves_{seats}_p90_ms"]
        # plain minimax walks the whole tree: far slower on the same positions
        assert figures[f"minimax_ratio_{seats}"] > 10
    assert lines[0].endswith("3 deals per line, best of 1 runs per deal")
    assert sum(line.startswith(("4 seats", "3 seats", "2 seats")) for line in lines) == 9
    assert sum(line.startswith("minimax, ") for line in lines) == 3


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert solver_bench.main(["-n", "2", "--repeat", "1", "--minimax", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 3 * 3  # the heading, then solve, solve_moves, solve_score_moves
    assert "4 seats, solve, all techniques: median " in lines[1]
