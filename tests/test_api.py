"""The browser's JSON API (hasenpfeffer.api): answers, errors, undo, hints."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from hasenpfeffer import Game, api
from hasenpfeffer.api import handle, handle_json

ALL_BOTS = ["human", "random", "random", "random"]


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    api.reset()
    yield
    api.reset()


def ok(request: dict[str, Any]) -> dict[str, Any]:
    answer = handle(request)
    assert answer["ok"], answer
    assert answer["v"] == api.API_VERSION
    return answer


def err(request: object, code: str) -> str:
    answer = handle(request)
    assert answer["ok"] is False, answer
    assert answer["error"]["code"] == code, answer
    message: str = answer["error"]["message"]
    assert message
    return message


def run_bots(state: dict[str, Any]) -> dict[str, Any]:
    """Let the computer players act until the human is to move (or the game ends)."""
    while state["bot_to_move"]:
        state = ok({"op": "bot_step"})["state"]
    return state


def until(state: dict[str, Any], phase: str, rng: random.Random) -> dict[str, Any]:
    """Play (the human randomly) until the human must decide in ``phase``."""
    for _ in range(2000):
        state = run_bots(state)
        if state["view"]["phase"] == phase and state["human_to_move"]:
            return state
        if state["view"]["phase"] == "game_over":
            break
        action = rng.choice(state["view"]["legal_actions"])
        state = ok({"op": "act", "action": action})["state"]
    raise AssertionError(f"never reached {phase}")


def test_api_version() -> None:
    answer = ok({"op": "api_version"})
    assert answer["api_version"] == 1
    assert "bot_step" in answer["ops"]
    assert answer["levels"][0] == "human"


def test_errors_are_answers_never_exceptions() -> None:
    err(None, "bad_request")
    err([], "bad_request")
    err({}, "unknown_op")
    err({"op": 5}, "unknown_op")
    err({"op": "fly"}, "unknown_op")
    err({"op": "state"}, "no_game")
    err({"op": "act", "action": "pass"}, "no_game")
    err({"op": "api_version", "v": 2}, "unsupported_version")
    out = json.loads(handle_json("{not json"))
    assert out["ok"] is False and out["error"]["code"] == "bad_json"
    out = json.loads(handle_json('{"op": "api_version", "id": 7}'))
    assert out["ok"] and out["id"] == 7


def test_new_game_checks_rules_levels_and_seed() -> None:
    message = err({"op": "new_game", "rules": {"target": 0}}, "bad_rules")
    assert "target" in message
    assert "bidding" in err({"op": "new_game", "rules": {"bidding": "x"}}, "bad_rules")
    assert "preset" in err({"op": "new_game", "rules": "nonsense"}, "bad_rules")
    err({"op": "new_game", "levels": ["human", "god", "easy", "easy"]}, "bad_request")
    err({"op": "new_game", "levels": ["human"]}, "bad_request")
    err({"op": "new_game", "seed": -1}, "bad_request")
    state = ok({"op": "new_game", "rules": {"preset": "pepper", "target": 5}, "seed": 3})
    assert state["view"]["rules"]["bidding"] == "pepper"
    assert state["view"]["rules"]["target"] == 5
    assert state["levels"] == list(api.DEFAULT_LEVELS)
    assert state["preset"] is None  # pepper with another target is no preset
    assert Game.from_json(state["save"]).seed == 3


def test_state_says_who_acts_and_whether_a_bot_moves() -> None:
    state = ok({"op": "new_game", "seed": 11, "levels": ALL_BOTS})
    cur = state["view"]["current_player"]
    assert state["to_act"] == cur
    assert state["bot_to_move"] == (cur != 0)
    assert state["human_to_move"] == (cur == 0)
    again = ok({"op": "state"})
    assert again["save"] == state["save"]
    assert ok({"op": "state", "seat": 2})["view"]["seat"] == 2
    err({"op": "state", "seat": 4}, "bad_request")


def test_turn_errors() -> None:
    state = ok({"op": "new_game", "seed": 11, "levels": ALL_BOTS})
    if state["human_to_move"]:
        err({"op": "bot_step"}, "not_bot_turn")
    else:
        assert "turn" in err({"op": "act", "action": "pass"}, "not_your_turn")
    state = run_bots(state)
    assert state["human_to_move"]
    err({"op": "bot_step"}, "not_bot_turn")
    err({"op": "act", "action": 3}, "bad_request")
    assert "not an action" in err({"op": "act", "action": "dance"}, "illegal_action")


def test_bidding_options_standard_and_pepper() -> None:
    rng = random.Random(1)
    state = until(ok({"op": "new_game", "seed": 2, "levels": ALL_BOTS}), "bidding", rng)
    calls = [o["action"] for o in state["options"]]
    assert calls == ["pass", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6"]
    for option in state["options"]:
        assert option["legal"] == (option["action"] in state["view"]["legal_actions"])
        if not option["legal"]:
            assert "higher" in option["reason"]
    state = until(
        ok({"op": "new_game", "rules": "seed-pepper", "seed": 2, "levels": ALL_BOTS}),
        "bidding",
        rng,
    )
    calls = [o["action"] for o in state["options"]]
    assert calls[-2:] == ["bid little", "bid big"] and "bid 6" not in calls
    # cards cannot be played during the bidding, and say why
    assert all(not c["legal"] and "bidding" in c["reason"] for c in state["cards"])


def test_illegal_card_is_refused_with_the_engines_reason_and_nothing_changes() -> None:
    rng = random.Random(5)
    ok({"op": "new_game", "seed": 5, "levels": ALL_BOTS})
    state = ok({"op": "state"})
    for _ in range(200):
        state = until(state, "play", rng)
        illegal = [c for c in state["cards"] if not c["legal"]]
        if illegal:
            break
        state = ok({"op": "act", "action": rng.choice(state["view"]["legal_actions"])})["state"]
    else:
        raise AssertionError("no illegal card met")
    card = illegal[0]
    assert card["action"] == f"play {card['card']}"
    assert card["reason"].startswith("must follow")
    message = err({"op": "act", "action": card["action"]}, "illegal_action")
    assert message == card["reason"]
    assert ok({"op": "state"})["save"] == state["save"]
    legal = [c for c in state["cards"] if c["legal"]]
    assert {c["action"] for c in legal} == set(state["view"]["legal_actions"])


def test_a_whole_game_with_events() -> None:
    rng = random.Random(9)
    state = ok(
        {
            "op": "new_game",
            "rules": {"preset": "traditional", "target": 4},
            "seed": 9,
            "levels": ALL_BOTS,
        }
    )
    tricks = hands = 0
    for _ in range(5000):
        if state["view"]["phase"] == "game_over":
            break
        if state["bot_to_move"]:
            answer = ok({"op": "bot_step"})
            assert answer["think_ms"] >= 0
        else:
            answer = ok({"op": "act", "action": rng.choice(state["view"]["legal_actions"])})
        event = answer["event"]
        assert event["seat"] == state["to_act"]
        assert event["action"] in state["view"]["legal_actions"] or event["seat"] != 0
        if event["trick"] is not None:
            tricks += 1
            trick = event["trick"]
            assert len(trick["cards"]) in (2, 3, 4)
            assert trick["cards"][-1] == {"seat": event["seat"], "card": event["action"][5:]}
        if event["hand"] is not None:
            hands += 1
            record = event["hand"]
            assert record["scores"] == answer["state"]["view"]["scores"]
            assert answer["state"]["view"]["last_hand"] == record
            if record["thrown_in"]:
                assert record["made"] is None
            else:
                team = record["maker"] % 2
                # a made bid always scores (at least one trick); a failed one never does
                assert record["made"] == (record["points"][team] > 0)
        state = answer["state"]
    else:
        raise AssertionError("the game did not end")
    assert state["view"]["winner"] in (0, 1)
    assert not state["bot_to_move"] and not state["human_to_move"]
    assert tricks > 0 and hands > 0
    assert all(c["reason"] == "The game is over." for c in state["cards"])
    err({"op": "bot_step"}, "game_over")
    err({"op": "act", "action": "pass"}, "game_over")


def test_same_seed_and_levels_give_the_same_game() -> None:
    saves = []
    for _ in range(2):
        state = ok({"op": "new_game", "seed": 21, "levels": ["easy", "medium", "random", "easy"]})
        for _ in range(40):
            state = ok({"op": "bot_step"})["state"]
        saves.append(state["save"])
    assert saves[0] == saves[1]


def test_load_resumes_and_rejects_bad_saves() -> None:
    rng = random.Random(3)
    state = until(ok({"op": "new_game", "seed": 4, "levels": ALL_BOTS}), "play", rng)
    api.reset()
    loaded = ok({"op": "load", "save": state["save"], "levels": ALL_BOTS})
    assert loaded["view"] == state["view"]
    assert loaded["options"] == state["options"]
    assert loaded["can_undo"] == state["can_undo"]
    assert ok({"op": "load", "save": json.loads(state["save"])})["save"] == state["save"]
    assert "JSON" in err({"op": "load", "save": "{oops"}, "bad_save")
    assert "not a saved" in err({"op": "load", "save": '{"a": 1}'}, "bad_save")
    old = json.loads(state["save"])
    old["version"] = 99
    assert "version" in err({"op": "load", "save": json.dumps(old)}, "bad_save")
    broken = json.loads(state["save"])
    broken["actions"].append("play ZZ")
    assert "corrupt" in err({"op": "load", "save": json.dumps(broken)}, "bad_save")
    err({"op": "load"}, "bad_save")
    # a failed load keeps the game that was there
    assert ok({"op": "state"})["save"] == state["save"]


def test_undo_goes_back_to_the_humans_previous_decision() -> None:
    rng = random.Random(8)
    state = ok({"op": "new_game", "seed": 8, "levels": ALL_BOTS})
    assert "no decision" in err({"op": "undo"}, "nothing_to_undo")
    state = run_bots(state)
    before = state
    action = rng.choice(state["view"]["legal_actions"])
    state = run_bots(ok({"op": "act", "action": action})["state"])
    assert state["can_undo"]
    answer = ok({"op": "undo"})
    assert answer["undone"][0] == action
    after = answer["state"]
    assert after["save"] == before["save"]
    assert after["human_to_move"] and after["options"] == before["options"]
    assert after["can_undo"] == before["can_undo"]
    # playing the same action again gives the same game (the bots are seeded)
    again = run_bots(ok({"op": "act", "action": action})["state"])
    assert again["save"] == state["save"]


def test_hint_ranks_the_legal_actions_with_reasons() -> None:
    rng = random.Random(6)
    state = until(ok({"op": "new_game", "seed": 6, "levels": ALL_BOTS}), "play", rng)
    answer = ok({"op": "hint", "level": "medium"})
    best = answer["best"]
    assert best["action"] in state["view"]["legal_actions"]
    assert best["reason"]
    assert {s["action"] for s in answer["suggestions"]} == set(state["view"]["legal_actions"])
    err({"op": "hint", "level": "godlike"}, "bad_request")
    state = ok({"op": "act", "action": best["action"]})["state"]
    if state["bot_to_move"]:
        err({"op": "hint"}, "not_your_turn")


def test_set_levels() -> None:
    ok({"op": "new_game", "seed": 1})
    state = ok({"op": "set_levels", "levels": ["human", "hard", "easy", "random"]})
    assert state["levels"] == ["human", "hard", "easy", "random"]
    err({"op": "set_levels", "levels": "hard"}, "bad_request")


def test_rules_info() -> None:
    info = ok({"op": "rules_info", "trump": "H"})
    assert info["trump_order"] == ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H"]
    assert len(info["rank_order"]) == 25
    assert [p["name"] for p in info["presets"]] == ["seed", "seed-pepper", "traditional", "pepper"]
    fields = {f["name"]: f for f in info["fields"]}
    assert {c["value"] for c in fields["bidding"]["choices"]} == {"standard", "pepper"}
    assert fields["going_alone"]["type"] == "bool"
    assert fields["target"]["type"] == "int"
    assert set(fields) == set(info["rules"])
    err({"op": "rules_info", "trump": "X"}, "bad_request")
    info = ok({"op": "rules_info"})
    assert info["trump"] == "H" and info["trump_is_current"] is False


# The rules (spec): the Joker is always the highest trump; then the jack of trump
# (right bower) and the other jack of the same colour (left bower); then A K Q 10 9.
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def expected_roles(trump: str) -> dict[str, str]:
    roles = {"JK": "highest_trump", f"J{trump}": "right_bower"}
    roles[f"J{SAME_COLOUR[trump]}"] = "left_bower"
    roles.update({f"{rank}{trump}": "trump" for rank in "AKQT9"})
    return roles


@pytest.mark.parametrize("trump", "CDHS")
def test_card_roles_name_the_bowers_and_the_joker(trump: str) -> None:
    assert api.card_roles(trump) == expected_roles(trump)
    info = ok({"op": "rules_info", "trump": trump})
    assert info["card_roles"] == expected_roles(trump)


def test_card_roles_follow_the_trump_of_the_hand() -> None:
    rng = random.Random(11)
    state = ok({"op": "new_game", "seed": 5, "levels": ALL_BOTS})
    # before trump is named only the Joker has a role
    assert state["view"]["trump"] is None
    assert state["card_roles"] == {"JK": "highest_trump"}
    state = until(state, "play", rng)
    trump = state["view"]["trump"]
    number = state["view"]["hand_number"]
    assert state["card_roles"] == expected_roles(trump)
    # play out the hand: every event names cards under the trump in force when
    # the action was taken, also the last card of the hand (when the state has
    # moved on to the next hand's bidding, with no trump)
    events = []
    while state["view"]["hand_number"] == number and state["view"]["phase"] != "game_over":
        if state["bot_to_move"]:
            answer = ok({"op": "bot_step"})
        else:
            answer = ok({"op": "act", "action": rng.choice(state["view"]["legal_actions"])})
        events.append(answer["event"])
        state = answer["state"]
    assert events[-1]["hand"] is not None and events[-1]["hand"]["trump"] == trump
    assert all(e["card_roles"] == expected_roles(trump) for e in events)
    if state["view"]["phase"] == "bidding":
        assert state["card_roles"] == {"JK": "highest_trump"}


def test_card_roles_refuse_a_bad_trump() -> None:
    with pytest.raises(api.ApiError):
        api.card_roles("X")
