"""The independent heuristic player (hasenpfeffer_devtools.heuristic, the arena's
level ``heuristic``): legal, fair, its own rules, and an opponent worth measuring
against."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.players import check_legal, make_player, register_level
from hasenpfeffer.cards import Card
from hasenpfeffer.knowledge import sample_game
from hasenpfeffer_devtools import arena, heuristic
from hasenpfeffer_devtools.heuristic import HeuristicPlayer, hand_worth

register_level(heuristic.LEVEL, heuristic.make)  # (as the arena does at import)

PRESETS = ("seed", "seed-pepper", "traditional", "pepper")


def test_heuristic_is_legal_in_10000_decisions_of_every_preset_and_phase() -> None:
    result = check_legal(10000, seed=19, levels=["heuristic"])
    assert result["decisions"] == 10000
    assert all(result["by_preset"][p] > 1000 for p in PRESETS)
    assert {"bidding", "trump", "discard", "alone", "play"} <= set(result["by_phase"])


def test_heuristic_shares_no_code_with_the_bots() -> None:
    tree = ast.parse(Path(heuristic.__file__).read_text())
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names]
    assert imported and not any("bots" in name or "medium" in name for name in imported)


def test_heuristic_decides_from_the_view_only() -> None:
    rng = random.Random(3)
    checked = 0
    for i in range(24):
        game = Game.new(Rules.preset(PRESETS[i % 4]), seed=100 + i)
        players = [make_player("medium", s) for s in range(4)]
        for _ in range(rng.randrange(0, 40)):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        if game.is_over:
            continue
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        other = sample_game(view, rng).view(seat)
        other.update(last_hand=view["last_hand"], hand_number=view["hand_number"])
        assert other == view
        assert HeuristicPlayer(1).choose(view) == HeuristicPlayer(2).choose(other)
        checked += 1
    assert checked >= 15


def test_hand_worth_counts_top_trumps_and_aces() -> None:
    cards = [Card.parse(t).index for t in ["JK", "JH", "JD", "AS", "AC", "9D"]]
    # hearts: Joker 1, right 1, left 0.8, two side aces 0.7 each, partner 1
    assert abs(hand_worth(cards, 2) - 5.2) < 1e-9
    assert hand_worth(cards, 2) > hand_worth(cards, 0)


def test_heuristic_leads_aces_wins_cheaply_and_throws_low() -> None:
    game = Game.from_deal(
        ["AS QC TC 9C QD TD", "TS KC AC KD AD 9H", "KS 9S JC JS TH QH", "QS JK JH JD AH KH"],
        "9D",
        dealer=3,
        rules=Rules.preset("traditional"),
    )
    for action in ("pass", "pass", "pass", "bid 4", "trump H", "discard 9D"):
        game.apply(action)
    me = HeuristicPlayer()

    def play(seat: int, expected: str) -> None:
        assert game.to_act == seat
        assert me.choose(game.view(seat)) == expected
        game.apply(expected)

    play(0, "play AS")  # an off-suit ace first
    play(1, "play TS")
    play(2, "play 9S")  # cannot beat the ace, and East may still trump: the lowest
    play(3, "play QS")
    play(0, "play 9C")  # no ace left: the lowest card of the longest side suit
    play(1, "play KC")  # the cheapest card that wins, not the ace


def test_heuristic_beats_random_in_the_arena() -> None:
    summary = arena.summarize(
        arena.run_match("heuristic", "random", 10, seed=5, rules=Rules.preset("traditional"))
    )
    assert summary["win_rate_a"] >= 0.9


def test_the_arena_command_offers_the_heuristic_level() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "hasenpfeffer",
            "arena",
            "--a",
            "medium",
            "--b",
            "heuristic",
            "--games",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert '"b": "heuristic"' in out.stdout
