"""``why``: a computer player's decision explained by its own level's
procedure, from the view it had, once its hand is over (or with open hands);
during the hand, only what the decision told the table."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hasenpfeffer.api import handle, reset
from hasenpfeffer.game import Game
from hasenpfeffer.vocabulary import HUMAN


@pytest.fixture(autouse=True)
def _fresh_api() -> None:
    reset()


def _play_until(
    levels: list[str], actions: int, seed: int = 7, open_hands: bool = False
) -> dict[str, Any]:
    """A new game played (the humans taking their last legal action) until it
    has ``actions`` actions or is over."""
    state = handle({"op": "new_game", "seed": seed, "levels": levels, "open_hands": open_hands})
    while state["to_act"] is not None and len(json.loads(state["save"])["actions"]) < actions:
        if state["human_to_move"]:
            state = handle({"op": "act", "action": state["view"]["legal_actions"][-1]})["state"]
        else:
            state = handle({"op": "bot_step"})["state"]
    return state


def _actors(state: dict[str, Any], levels: list[str]) -> list[tuple[int, str]]:
    """Who made each action of the state's game, and their level."""
    game = Game.from_json(json.loads(state["save"]))
    replay = game.replayed(0)
    out = []
    for action in game.history:
        seat = replay.to_act
        assert seat is not None
        out.append((seat, levels[seat]))
        replay.apply(action)
    return out


def _current_hand_start(state: dict[str, Any]) -> int:
    return state["actions"] - len(state["view"]["hand_actions"])


def test_every_bot_decision_is_explained_by_the_procedure_that_made_it() -> None:
    levels = [HUMAN, "medium", "easy", "random"]
    state = _play_until(levels, 45)
    start = _current_hand_start(state)
    assert 0 < start < 45  # the first hand is over, the second under way
    actors = _actors(state, levels)
    explained = set()
    for step, (seat, level) in enumerate(actors):
        answer = handle({"op": "why", "step": step})
        if level == HUMAN:
            assert answer["error"]["reason_code"] == "not_bot_decision"
            continue
        assert answer["ok"], answer
        assert answer["tells"] and all(t["text"] for t in answer["tells"])
        if step >= start:
            # its hand is on: what the table saw, no options weighed
            assert not answer["full"] and answer["suggestions"] == []
            assert answer["matches"] is None
            continue
        assert answer["full"]
        assert (answer["step"], answer["seat"], answer["level"]) == (step, seat, level)
        first = answer["suggestions"][0]["action"] if answer["suggestions"] else None
        if level == "medium":
            # the level's own procedure: its first option is the action taken
            assert answer["explained_by"] == "medium" and answer["matches"]
            assert first == answer["action"]
        elif level == "easy":
            assert answer["explained_by"] == "medium"
            assert answer["matches"] == (first == answer["action"])
        else:
            assert answer["explained_by"] is None and answer["suggestions"] == []
        for s in answer["suggestions"]:
            assert s["reason"] and s["reason_code"]
        explained.add(level)
    assert explained == {"medium", "easy", "random"}


def test_the_search_level_explains_its_own_calls_and_a_card_exactly() -> None:
    level = "hard"
    levels = [HUMAN, level, level, level]
    # open hands: the player sees every card, and "Why?" answers in full during play
    state = _play_until(levels, 12, seed=3, open_hands=True)
    actors = _actors(state, levels)
    hard_steps = [n for n, (_, lv) in enumerate(actors) if lv == level]
    # the auction's calls, and the latest card a hard player played
    for step in [*hard_steps[:3], hard_steps[-1]]:
        answer = handle({"op": "why", "step": step})
        assert answer["ok"], answer
        assert answer["full"] and answer["matches"], answer
        assert answer["explained_by"] == level
        assert answer["suggestions"][0]["action"] == answer["action"]
        assert {s["action"] for s in answer["suggestions"]} >= {answer["action"]}


def test_without_a_step_the_latest_bot_decision_is_explained() -> None:
    levels = [HUMAN, "medium", "medium", "medium"]
    state = _play_until(levels, 8)
    actors = _actors(state, levels)
    latest = max(n for n, (_, level) in enumerate(actors) if level != HUMAN)
    assert handle({"op": "why"})["step"] == latest


@pytest.mark.parametrize(
    ("step", "reason"),
    [
        (-1, "bad_step"),
        (10_000, "bad_step"),
        ("3", "bad_step"),
        (True, "bad_step"),
        (1.5, "bad_step"),
    ],
)
def test_a_bad_step_is_refused_and_changes_nothing(step: object, reason: str) -> None:
    state = _play_until([HUMAN, "medium", "medium", "medium"], 6)
    answer = handle({"op": "why", "step": step})
    assert answer["error"]["code"] == "bad_request"
    assert answer["error"]["reason_code"] == reason
    assert handle({"op": "state"})["save"] == state["save"]


def test_before_any_bot_decision_there_is_nothing_to_explain() -> None:
    # South deals first: West is first to call, a human here
    handle({"op": "new_game", "seed": 7, "levels": [HUMAN] * 4})
    answer = handle({"op": "why"})
    assert answer["error"]["reason_code"] == "no_bot_decision"
    assert handle({"op": "why", "step": 0})["error"]["code"] == "bad_request"
