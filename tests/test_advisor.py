"""One advisor: the hint, the hand review and "Why?" judge a position alike.

A player who follows every hint is never told by the review that a call was
worse than the hint's own choice, and both show the same figures; "Why?" of a
hard computer player's decision is that same player's view
(``bots.advisor``)."""

from __future__ import annotations

from typing import Any

import pytest

from api_calls import fresh, ok  # noqa: F401 (fresh: an autouse fixture)
from hasenpfeffer.bots.advisor import advisor, advisor_seed
from hasenpfeffer.bots.duplicate import bot_seed
from hasenpfeffer.bots.hints import explain
from hasenpfeffer.game import Game


def steps(state: dict[str, Any]) -> int:
    """How many actions the state's game has had."""
    return len(Game.from_json(state["save"]).history)


def follow_the_hints(hands: int, **new_game: Any) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Play ``hands`` hands of a new game (South a person who does what every
    hint says); each finished hand's review of South beside the hints South
    was given in it, by step in the hand: ``[(review, {step: hint best})]``."""
    state = ok({"op": "new_game", **new_game})
    out = []
    hints: dict[int, dict[str, Any]] = {}
    first = 0
    while len(out) < hands:
        if state["human_to_move"]:
            best = ok({"op": "hint"})["best"]
            hints[steps(state) - first] = best
            answer = ok({"op": "act", "action": best["action"]})
        else:
            answer = ok({"op": "bot_step"})
        state = answer["state"]
        if answer["event"]["hand"] is not None:
            review = ok({"op": "review"})
            assert review["first_step"] == first
            out.append((review, hints))
            hints = {}
            first = steps(state)
            if Game.from_json(state["save"]).is_over:
                break
    return out


@pytest.mark.parametrize(
    ("preset", "seed"), [("seed", 3), ("seed-pepper", 4), ("traditional", 5), ("pepper", 6)]
)
def test_a_player_who_follows_every_hint_makes_no_call_the_review_finds_worse(
    preset: str, seed: int
) -> None:
    levels = ["human", "hard", "medium", "hard"]
    calls = 0
    for review, hints in follow_the_hints(2, rules=preset, seed=seed, levels=levels):
        assert review["seat"] == 0
        assert {d["step"] for d in review["decisions"]} >= set(hints)
        for d in review["decisions"]:
            if d["reason_code"] == "review_only":
                continue
            hint = hints[d["step"]]
            assert d["action"] == hint["action"]
            # the hard player's view in the review is the hint, figure for figure
            assert d["hard"][0] == hint, (d, hint)
            if d["kind"] == "estimate":
                calls += 1
                assert d["loss"] == 0 and d["reason_code"] == "review_call_best", d
                assert d["action"] in d["best"]
                if d["unit"] == "score":
                    # the review's words give the hint's own expected margin, and a
                    # chance of winning the game that is one (never the score)
                    assert d["reason_params"]["margin"] == hint["estimate"], (d, hint)
                    assert 0 <= d["reason_params"]["chance"] <= 100
                    assert "chance" not in d["reason"].replace("% chance of winning", "")
    assert calls >= 2


def test_a_secret_deal_is_advised_and_reviewed_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    # no seed: the engine's own secret one, which never leaves it. Its key fixed, so that
    # the hand is the same every run: one played out by all four seats (a random one may
    # be thrown in, or played with a seat sitting out, and then its review gives no text)
    from hasenpfeffer.api import game_ops

    monkeypatch.setattr(game_ops, "_secret_key", lambda: bytes([1]) * 16)
    (review, hints), *_ = follow_the_hints(1, levels=["human", "medium", "hard", "medium"])
    assert "seed=" in review["hpn"]
    for d in review["decisions"]:
        if d["reason_code"] != "review_only":
            assert d["hard"][0] == hints[d["step"]]
            assert d["loss"] == 0 or d["kind"] == "double_dummy"


def test_why_of_a_hard_players_decision_is_the_advisors_view_in_the_review() -> None:
    state = ok({"op": "new_game", "seed": 12, "levels": ["hard", "hard", "medium", "hard"]})
    while not Game.from_json(state["save"]).records:
        state = ok({"op": "bot_step"})["state"]
    # the finished hand, reviewed for West (a hard computer player)
    review = ok({"op": "review", "seat": 1})
    first = review["first_step"]
    checked = 0
    for d in review["decisions"]:
        if d["reason_code"] == "review_only":
            continue
        why = ok({"op": "why", "step": first + d["step"]})
        assert why["full"] and why["matches"]
        # the decision, its explanation and the review's hard view are one
        assert why["suggestions"][0] == d["hard"][0]
        assert d["hard"][0]["action"] == d["action"]
        checked += 1
    assert checked >= 4


def test_the_advisor_is_the_seats_computer_player_seeded_from_the_game() -> None:
    for game_seed, seat in [(0, 0), (7, 3), (2**40 + 5, 2)]:
        assert advisor_seed(game_seed, seat) == bot_seed(game_seed, seat)
        player = advisor(game_seed, seat)
        assert player.level == "hard" and player.seed == bot_seed(game_seed, seat)


def test_the_hint_is_the_advisors_decision_explained() -> None:
    state = ok({"op": "new_game", "seed": 31, "levels": ["human", "medium", "medium", "medium"]})
    game = Game.from_json(state["save"])
    hard = advisor(31, 0)
    view = game.view(0)
    expected = explain(view, hard.decide(view, explain=True), hard.base_calls)
    assert ok({"op": "hint"})["suggestions"] == expected
