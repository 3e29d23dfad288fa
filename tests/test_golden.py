"""Golden records: the engine decides and answers exactly as when they were
recorded (``tests/golden/records.py`` says what they hold and how to
regenerate them after a deliberate change)."""

from __future__ import annotations

import difflib

import pytest

from golden import records


def _same(expected: str, actual: str, name: str) -> None:
    if expected == actual:
        return
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), f"golden/{name}", "now", lineterm="", n=1
    )
    raise AssertionError("\n".join(line[:300] for line in list(diff)[:60]))


# one test per game, so that the test workers share them out (all of them take
# about 40 s of one core since each game stops after 6 hands, records.MAX_HANDS, and
# a game with a hard player after 2, records.HARD_HANDS; 4.5 minutes when the
# longest went on to 60)
@pytest.mark.parametrize("task", records.game_tasks(), ids=lambda task: "-".join(task[:3]))
def test_seeded_games_of_every_pair_of_levels_under_every_preset(
    task: tuple[str, str, str, int],
) -> None:
    expected = records.recorded_game(task)
    assert expected is not None, f"games.hpn holds no single game {task}"
    _same(expected, records.game_text(task), records.GAMES.name)


def test_api_answers_to_the_fixed_script() -> None:
    _same(records.API_SCRIPT.read_text(), records.api_script(), records.API_SCRIPT.name)


def test_the_records_cover_every_level_preset_and_operation() -> None:
    games = records.GAMES.read_text()
    for preset in records.PRESETS:
        for a, b in records.PAIRS:
            assert f"# {preset}: {a} (N S) against {b} (E W)" in games
    script = records.API_SCRIPT.read_text()
    from hasenpfeffer import api

    ops = api.handle({"op": "api_version"})["ops"]
    for op in ops:
        assert f'"op": "{op}"' in script, op
