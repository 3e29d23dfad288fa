"""The public surface that callers rely on keeps working after the engine moved
into layers: the package's names, the browser API's entry point, the commands,
and the old module path kept as a documented alias."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import hasenpfeffer

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "engine"), PYTHONIOENCODING="utf-8")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=120
    )


def test_the_package_names() -> None:
    for name in hasenpfeffer.__all__:
        assert hasattr(hasenpfeffer, name), name
    game = hasenpfeffer.Game.new(hasenpfeffer.PRESETS["traditional"], seed=3)
    assert game.phase == "bidding" and game.to_act is not None


def test_the_browser_entry_point() -> None:
    from hasenpfeffer.api import handle_json, reset

    answer = json.loads(handle_json('{"op": "new_game", "seed": 5}'))
    reset()
    assert answer["ok"] and answer["view"]["to_act"] == answer["to_act"]


def test_the_players_live_in_bots_only() -> None:
    # one path to the computer players: the core's old alias is gone
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("hasenpfeffer.players")


def test_check_legal_runs_from_the_command_line() -> None:
    levels = ("--levels", "random,medium")
    done = run("-m", "hasenpfeffer.bots.players", "--check-legal", "60", *levels)
    assert done.returncode == 0, done.stderr
    assert "60 decisions" in done.stdout and "all legal" in done.stdout


def test_the_commands_of_python_m_hasenpfeffer() -> None:
    for command in ("play", "bench", "arena"):
        done = run("-m", "hasenpfeffer", command, "--help")
        assert done.returncode == 0, (command, done.stderr)
        assert "usage" in done.stdout.lower()


#: Names callers imported from a module before it was split, each with the module
#: that holds it now: the old path keeps giving the same object.
MOVED = {
    "hasenpfeffer.game": {
        "hasenpfeffer.dealing": (
            "MAX_SEED",
            "SECRET_BYTES",
            "check_secret",
            "deal_hands",
            "secret_seed",
            "shuffled_deck",
        ),
        "hasenpfeffer.actions": ("auction_calls", "call_text"),
        "hasenpfeffer.hand_record": (
            "HandRecord",
            "plays_json",
            "seats_sitting_out",
            "tricks_json",
        ),
        "hasenpfeffer.game_state": ("SAVE_VERSION",),
    },
    "hasenpfeffer.bots.medium": {
        "hasenpfeffer.bots.trick_estimates": (
            "ALONE_MODEL",
            "MODEL",
            "Model",
            "best_discard",
            "bidding_estimates",
            "chance_of_at_least",
            "estimate",
            "expected_margin",
            "features",
            "trick_distribution",
        ),
    },
    "hasenpfeffer.notation": {
        "hasenpfeffer.notation_parser": (
            "FORMAT",
            "VERSION",
            "NotationActionError",
            "NotationError",
            "Note",
            "game_from_text",
            "hand_from_text",
            "hand_notes",
        ),
    },
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_split_modules_keep_their_names(old: str) -> None:
    module = importlib.import_module(old)
    for home, names in MOVED[old].items():
        new = importlib.import_module(home)
        for name in names:
            assert getattr(module, name) is getattr(new, name), (old, name)
            assert name in getattr(module, "__all__", (name,)), (old, name)
