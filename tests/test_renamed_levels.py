"""Four levels (issue 53: expert folded into hard). A request, a save or a hint that
names the former level expert plays as hard, never an error, and the answer says so
once per answer (``renamed_levels``); a request that names none carries no such field."""

from __future__ import annotations

import json

from api_calls import fresh, ok  # noqa: F401 (fresh: an autouse fixture)
from hasenpfeffer import api
from hasenpfeffer.api import handle
from hasenpfeffer.api.vocabulary import web_vocabulary
from hasenpfeffer.bots.advisor import advisor_seed
from hasenpfeffer.bots.hard import HardPlayer
from hasenpfeffer.bots.hints import suggest
from hasenpfeffer.game import Game
from hasenpfeffer.vocabulary import HINT_LEVELS, LEVELS, RENAMED_LEVELS

RENAMED = {"expert": "hard"}


def test_four_levels_and_the_former_expert_named_as_hard() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard")
    assert HINT_LEVELS == ("medium", "hard")
    assert RENAMED_LEVELS == RENAMED
    words = web_vocabulary()
    assert words["bot_levels"] == list(LEVELS)
    assert words["renamed_levels"] == RENAMED
    assert ok({"op": "api_version"})["levels"] == ["human", *LEVELS]
    assert ok({"op": "rules_info"})["levels"] == list(LEVELS)


def test_a_new_game_with_expert_players_plays_with_hard_ones_and_says_so() -> None:
    state = ok({"op": "new_game", "seed": 5, "levels": ["human", "expert", "medium", "expert"]})
    assert state["levels"] == ["human", "hard", "medium", "hard"]
    assert state["renamed_levels"] == RENAMED
    # the computer players are hard's: the first one's call is hard's own
    seat = state["to_act"]
    assert state["levels"][seat] == "hard"
    view = Game.from_json(state["save"]).view(seat)
    step = ok({"op": "bot_step"})
    assert "renamed_levels" not in step  # said by the answer that read the old name only
    session = api.sessions.current()
    assert session is not None
    player = session.player(seat)
    assert isinstance(player, HardPlayer) and player.level == "hard"
    assert step["event"]["action"] == player.choose(view)


def test_a_request_without_the_old_name_says_nothing_of_it() -> None:
    state = ok({"op": "new_game", "seed": 5, "levels": ["human", "hard", "hard", "hard"]})
    assert "renamed_levels" not in state


def test_a_save_of_expert_players_resumes_with_hard_ones_and_says_so() -> None:
    levels = ["human", "hard", "hard", "hard"]
    state = ok({"op": "new_game", "seed": 8, "levels": levels})
    while state["bot_to_move"]:
        state = ok({"op": "bot_step"})["state"]
    decided = state["decided_by"]
    assert "hard" in decided
    api.reset()
    # the record an older page kept: its seats and its decisions named expert
    old = ["expert" if level == "hard" else level for level in levels]
    old_decided = ["expert" if level == "hard" else level for level in decided]
    loaded = ok({"op": "load", "save": state["save"], "levels": old, "decided_by": old_decided})
    assert loaded["renamed_levels"] == RENAMED
    assert loaded["levels"] == levels
    assert loaded["decided_by"] == decided
    assert loaded["view"] == state["view"]
    # "Why?" on one of those decisions: hard's, explained by hard's procedure
    why = ok({"op": "why"})
    assert why["level"] == "hard" and why["explained_by"] == "hard"
    assert "renamed_levels" not in why
    # a change of levels (the LAN table's set_levels) naming it
    changed = ok({"op": "set_levels", "levels": ["human", "medium", "expert", "medium"]})
    assert changed["levels"] == ["human", "medium", "hard", "medium"]
    assert changed["renamed_levels"] == RENAMED


def test_an_expert_hint_is_the_hard_hint_and_says_so() -> None:
    state = ok({"op": "new_game", "seed": 12, "levels": ["human", "medium", "medium", "medium"]})
    while state["bot_to_move"]:
        state = ok({"op": "bot_step"})["state"]
    hint = ok({"op": "hint", "level": "expert"})
    assert hint["level"] == "hard" and hint["renamed_levels"] == RENAMED
    game = Game.from_json(state["save"])
    seat = state["to_act"]
    assert hint["suggestions"] == suggest(
        game.view(seat), level="hard", seed=advisor_seed(game.seed, seat)
    )
    assert "renamed_levels" not in ok({"op": "hint", "level": "hard"})


def test_the_deal_of_the_day_compared_with_expert_is_compared_with_hard() -> None:
    request = {"op": "daily_result", "date": "2026-12-06", "rules": "seed"}
    expert = ok({**request, "level": "expert"})
    hard = ok({**request, "level": "hard"})
    assert expert["level"] == "hard" and expert["renamed_levels"] == RENAMED
    assert expert["hpn"] == hard["hpn"] and "renamed_levels" not in hard


def test_the_old_name_is_read_in_the_json_text_the_worker_passes() -> None:
    text = api.handle_json(
        json.dumps(
            {"op": "new_game", "seed": 1, "levels": ["expert", "expert", "expert", "expert"]}
        )
    )
    answer = json.loads(text)
    assert answer["ok"] and answer["levels"] == ["hard"] * 4
    assert answer["renamed_levels"] == RENAMED
    # anything else in place of a level is refused as before
    bad = handle({"op": "new_game", "levels": ["human", "grandmaster", "hard", "hard"]})
    assert bad["ok"] is False and bad["error"]["code"] == "bad_request"
