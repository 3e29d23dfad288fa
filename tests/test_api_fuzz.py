"""Fuzzing the browser API: whatever JSON arrives, ``handle_json`` answers with
JSON, never with ``internal`` (a bug) and never by raising; an error leaves the
session's game as it was. Requests are arbitrary JSON, valid requests with one
argument replaced, and saves with one part mutated."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import api

OPS = api.handle({"op": "api_version"})["ops"]
ARGUMENTS = (
    "rules", "seed", "levels", "save", "seat", "action", "level", "trump", "lead",
    "played", "hand", "hpn", "number", "session", "v", "id", "date",
)  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(
        [
            "H",
            "♥",
            "AS",
            "JK",
            "bid 3",
            "pass",
            "seed",
            "human",
            "hard",
            "HPN 1 hand",
            "2026-12-01",
            "oracle",
        ]
    ),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
requests = st.fixed_dictionaries(
    {"op": st.one_of(st.sampled_from(OPS), json_values)},
    optional={name: json_values for name in ARGUMENTS},
)
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def answer_to(text: str) -> dict[str, Any]:
    out = api.handle_json(text)
    answer = json.loads(out)
    assert isinstance(answer, dict) and answer["v"] == api.API_VERSION
    if not answer["ok"]:
        error = answer["error"]
        assert error["code"] != "internal", error["message"]
        assert len(error["message"]) <= api.MAX_MESSAGE
    return answer


@pytest.fixture(autouse=True)
def fresh_sessions() -> Any:
    api.reset()
    yield
    api.reset()


@FUZZ
@given(json_values)
def test_any_json_gets_an_answer(value: object) -> None:
    answer_to(json.dumps(value))


@FUZZ
@given(requests)
def test_requests_with_arbitrary_arguments(request: dict[str, Any]) -> None:
    answer_to(json.dumps(request))


@FUZZ
@given(requests)
def test_an_error_leaves_the_game_as_it_was(request: dict[str, Any]) -> None:
    answer_to(
        json.dumps({"op": "new_game", "seed": 17, "levels": ["human", "easy", "easy", "easy"]})
    )
    request.pop("session", None)
    before = answer_to('{"op": "state"}')["save"]
    if request.get("op") in (
        "bot_step",
        "undo",
        "new_game",
        "load",
        "set_levels",
        "close_session",
        "daily",
    ):
        request["op"] = "state"  # these change the game when they succeed
    answer = answer_to(json.dumps(request))
    if not answer["ok"] or request.get("op") != "act":
        assert answer_to('{"op": "state"}')["save"] == before


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out += _paths(inner, (*path, index))
    return out


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copy


def _a_save() -> dict[str, Any]:
    answer_to(json.dumps({"op": "new_game", "seed": 23, "levels": ["easy"] * 4}))
    for _ in range(40):
        answer_to('{"op": "bot_step"}')
    save = json.loads(answer_to('{"op": "state"}')["save"])
    api.reset()
    return save


SAVE = _a_save()
SAVE_PATHS = _paths(SAVE)


@FUZZ
@given(st.sampled_from(SAVE_PATHS), json_values)
def test_mutated_saves_are_loaded_or_refused_cleanly(path: tuple[Any, ...], new: Any) -> None:
    answer_to(json.dumps({"op": "new_game", "seed": 5}))
    before = answer_to('{"op": "state"}')["save"]
    mutated = _replaced(SAVE, path, new)
    for save in (mutated, json.dumps(mutated)):
        answer = answer_to(json.dumps({"op": "load", "save": save}))
        if answer["ok"]:
            answer_to(json.dumps({"op": "new_game", "seed": 5}))
        else:
            assert answer["error"]["code"] == "bad_save"
            assert answer_to('{"op": "state"}')["save"] == before


def test_size_and_depth_limits_have_their_own_codes() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert answer_to(deep)["error"]["code"] == "too_deep"
    nested = {"op": "state", "levels": [[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]]}
    assert answer_to(json.dumps(nested))["error"]["code"] == "too_deep"
    huge = json.dumps({"op": "state", "pad": "x" * (api.MAX_REQUEST_CHARS + 1)})
    assert answer_to(huge)["error"]["code"] == "too_large"


def test_an_error_quotes_only_the_start_of_a_bad_value() -> None:
    answer = answer_to(json.dumps({"op": "ranking", "trump": "Q" * 100_000}))
    assert answer["error"]["code"] == "bad_request"
    assert len(answer["error"]["message"]) < 250
    answer = answer_to(json.dumps({"op": "new_game", "levels": ["human", "x" * 50_000, "a", "b"]}))
    assert len(answer["error"]["message"]) < 300


def test_saves_with_impossible_scores_or_length_are_refused() -> None:
    won = _replaced(SAVE, ("start", "scores"), [12, 3])
    assert answer_to(json.dumps({"op": "load", "save": won}))["error"]["code"] == "bad_save"
    absurd = _replaced(SAVE, ("start", "scores"), [-(10**30), 0])
    assert answer_to(json.dumps({"op": "load", "save": absurd}))["error"]["code"] == "bad_save"
    long = _replaced(SAVE, ("actions",), ["pass"] * 30_000)
    answer = answer_to(json.dumps({"op": "load", "save": long}))
    assert answer["error"]["code"] == "bad_save" and "at most" in answer["error"]["message"]


def test_sessions_are_dropped_least_recently_used_first() -> None:
    for n in range(api.MAX_SESSIONS):
        answer_to(json.dumps({"op": "new_game", "seed": n, "session": f"s{n}"}))
    answer_to('{"op": "state", "session": "s0"}')  # s0 is in use: s1 is now the oldest
    answer_to(json.dumps({"op": "new_game", "seed": 99, "session": "new"}))
    assert answer_to('{"op": "state", "session": "s0"}')["ok"]
    assert answer_to('{"op": "state", "session": "s1"}')["error"]["code"] == "no_game"
