"""Numbers and echoes in the API (issue 47, N5 and N6).

Every argument an op reads as a number takes a whole number, or text of the
ASCII digits 0-9 only: Unicode digits (``"²"``, ``"١٢"``), signs, points, huge
and empty values are refused with ``bad_request`` (or the op's own refusal code)
naming the argument, never ``internal``. Every error quotes at most
``quoting.MAX_QUOTE`` characters of a bad value, in its message and in its
parameters, whichever op and argument it came from."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import api
from hasenpfeffer.quoting import MAX_QUOTE

#: The seed of the game whose text and save the tests use.
_GAME_TEXT_SEED = 11


def _played_session() -> tuple[str, str]:
    """A game (South a person, the others random players) with one finished
    hand: its save, and the text of the game (for ``hpn`` with ``number``)."""
    api.reset()
    levels = ["human", "random", "random", "random"]
    answer = api.handle({"op": "new_game", "seed": _GAME_TEXT_SEED, "levels": levels})
    state = answer
    while not state["view"]["last_hand"]:
        if state["human_to_move"]:
            state = api.handle({"op": "act", "action": state["view"]["legal_actions"][0]})["state"]
        else:
            state = api.handle({"op": "bot_step"})["state"]
    save = state["save"]
    from hasenpfeffer.game import Game
    from hasenpfeffer.notation import game_to_text

    text = game_to_text(Game.from_json(save))
    api.reset()
    return save, text


SAVE, GAME_TEXT = _played_session()
LEVELS = ["human"] * 4  # whoever is to act is a person: an act reaches the reading of its text

#: Every argument an op reads as a number: (op, the argument's name, the request
#: with the value in its place). ``act``'s bid is read as a number inside its text.
NUMERIC: list[tuple[str, str, Any]] = [
    ("new_game", "seed", lambda v: {"seed": v}),
    ("new_game", "target", lambda v: {"rules": {"target": v}}),
    ("new_game", "forced_bid", lambda v: {"rules": {"forced_bid": v}}),
    ("rules_info", "target", lambda v: {"rules": {"target": v}}),
    ("state", "seat", lambda v: {"seat": v}),
    ("act", "seat", lambda v: {"action": "pass", "seat": v}),
    ("act", "action", lambda v: {"action": f"bid {v}"}),
    ("review", "number", lambda v: {"number": v}),
    ("review", "seat", lambda v: {"seat": v}),
    ("review", "number", lambda v: {"hpn": GAME_TEXT, "number": v}),
    ("why", "step", lambda v: {"step": v}),
    ("scoring", "tricks", lambda v: {"call": "3", "tricks": v}),
    ("scoring", "call", lambda v: {"call": v, "tricks": 3}),
    ("legal", "seed", lambda v: {"seed": v}),
    ("replay", "seed", lambda v: {"seed": v}),
    ("replay", "number", lambda v: {"hpn": GAME_TEXT, "number": v}),
    ("remote", "remote", lambda v: {"levels": ["human"] * 4, "remote": [v]}),
    ("new_game", "remote", lambda v: {"levels": ["human"] * 4, "remote": [v]}),
    ("load", "opened_deals", lambda v: {"save": SAVE, "opened_deals": [v]}),
]

unicode_digits = st.text(
    alphabet=st.characters(categories=["Nd", "No", "Nl"]).filter(lambda c: not c.isascii()),
    min_size=1,
    max_size=4,
)
not_numbers = st.one_of(
    unicode_digits,
    st.tuples(st.sampled_from("1234"), unicode_digits).map("".join),
    st.tuples(st.sampled_from(["+", "-", "\u2212", "\uff0b"]), st.integers(0, 9)).map(
        lambda p: f"{p[0]}{p[1]}"
    ),
    st.floats(),
    st.floats(min_value=0, max_value=5).map(lambda f: f"{f:.2f}"),
    st.sampled_from(
        [
            "",
            " ",
            "\t",
            "1e3",
            "0x1",
            "1_0",
            "\u0661",
            "\u00b2",
            "\u0663",
            "\u2162",
            "\u00bd",
            "one",
        ]
    ),
    st.integers(min_value=2**53, max_value=2**200).map(lambda n: str(n) * 3),
    st.integers(min_value=2**53, max_value=2**200),
    st.integers(max_value=-1),
    st.booleans(),
)


@pytest.fixture(autouse=True)
def fresh_sessions() -> Any:
    api.reset()
    yield
    api.reset()


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(api.handle_json(json.dumps(request)))
    assert isinstance(answer, dict)
    return answer


def _with_game() -> None:
    assert _answer({"op": "load", "save": SAVE, "levels": LEVELS})["ok"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NUMERIC), not_numbers)
def test_every_number_argument_refuses_what_is_not_ascii_digits(
    where: tuple[str, str, Any], value: object
) -> None:
    op, name, make = where
    _with_game()
    request = {"op": op, **make(value)}
    if op == "remote":  # set_levels's seats of guests
        request["op"] = "set_levels"
    before = _answer({"op": "state"})["save"]
    answer = _answer(request)
    assert not answer["ok"], (request, answer)
    error = answer["error"]
    assert error["code"] != "internal", error["message"]
    # the refusal names the argument (or, for an action's text, says it is none)
    named = name in error["message"] or error.get("reason_params", {}).get("name") == name
    assert named or error.get("reason_code") in ("not_an_action", "not_legal"), error
    assert _answer({"op": "state"})["save"] == before


@pytest.mark.parametrize(
    ("request_", "value"),
    [
        ({"op": "scoring", "call": "3", "tricks": " 4 "}, 4),
        ({"op": "legal", "seed": "12"}, 12),
    ],
)
def test_ascii_digits_as_text_are_still_numbers(request_: dict[str, Any], value: int) -> None:
    answer = _answer(request_)
    assert answer["ok"], answer
    key = "tricks" if "tricks" in request_ else "seed"
    assert answer[key] == value


#: Long values of every shape an argument might take, each made of one letter
#: (``Z``) that no answer writes by itself, so any run of it is an echo.
LONG = "Z" * 700
LONG_VALUES: list[object] = [
    LONG,
    f"bid {LONG}",
    f"play {LONG}",
    f"AS {LONG}",
    f"HPN 1 hand\n{LONG}",
    f"HPN 1 game\n{LONG}",
    f"2026-01-01{LONG}",
    [LONG],
    [LONG] * 4,
    {LONG: 1},
    {"target": LONG},
    {"preset": LONG},
]
ARGUMENTS = (
    "rules", "seed", "levels", "remote", "save", "seat", "action", "level", "trump",
    "lead", "played", "hand", "hpn", "number", "session", "date", "step", "call",
    "tricks", "alone", "defender", "open_hands", "secret_deal", "daily", "decided_by", "id",
)  # fmt: skip
OPS = api.handle({"op": "api_version"})["ops"]


def _longest_echo(error: dict[str, Any]) -> int:
    return max((len(run) for run in re.findall("Z+", json.dumps(error))), default=0)


#: The arguments the slow ops read (any other is ignored by them, and their
#: answer, when the rest is right, takes seconds).
READS = {"hint": ("level",), "review": ("hpn", "number", "seat"), "bot_step": ()}


@pytest.mark.parametrize("op", OPS)
def test_no_error_of_any_op_echoes_more_than_max_quote_characters(op: str) -> None:
    for name in READS.get(op, ARGUMENTS):
        for value in LONG_VALUES:
            api.reset()
            # every seat a person: an action text reaches the engine's own reading
            _answer({"op": "load", "save": SAVE, "levels": ["human"] * 4})
            answer = _answer({"op": op, name: value})
            if answer["ok"]:
                continue
            error = answer["error"]
            assert error["code"] != "internal", error["message"]
            assert _longest_echo(error) <= MAX_QUOTE, (op, name, error)


def test_an_illegal_action_quotes_at_most_max_quote_characters_in_its_parameters() -> None:
    _answer({"op": "new_game", "seed": 3, "levels": ["human"] * 4})
    answer = _answer({"op": "act", "action": "bid " + "9" * 5000})
    error = answer["error"]
    assert error["code"] == "illegal_action"
    assert all(len(v) <= MAX_QUOTE for v in error["reason_params"].values() if isinstance(v, str))
