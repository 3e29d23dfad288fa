"""A walk through everything the engine's API can reach: every operation, every
computer level's decisions, every hint level, a review, a why, a replay, the deal of
the day, and the errors' own paths.

The walk is a generator of requests (JSON objects for ``hasenpfeffer.api.handle``):
the driver sends each one to an engine, and the answer back into the generator,
which checks it and decides the next request from it. Two drivers use it:

- the build (``game_stdlib.py``, inside Pyodide in Node): the standard library's
  modules the engine imports on the walk make the trimmed standard library the game's
  worker loads;
- ``e2e/test_game_stdlib.py``: the same walk through the game page's engine worker in
  Chromium, started with that trimmed library, so a module missing from it fails the
  suite.

This module imports nothing but the standard library (the build runs its source inside
Pyodide, where this package is not installed). Its requests name their own session
(``SESSION``), so a page's own game is left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

#: The session the walk plays in (a page's own game is the session "").
SESSION = "api-walk"
#: The seeds of the walk's games: the same walk every time.
SEED = 2026
#: The deal of the day the walk asks for (its comparisons, then the game on it).
DATE = "2026-12-06"

Walk = Generator[dict[str, Any], dict[str, Any], None]


class WalkFailed(AssertionError):
    """An answer that the walk did not expect (a module missing shows up as one: the
    API answers a failed import as an ``internal`` error)."""


def ok(answer: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    if answer.get("ok") is not True:
        raise WalkFailed(f"{request.get('op')}: {answer.get('error')} (request {request})")
    return answer


def refused(answer: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """An answer that must be an error of the API's own (a bad request), not a bug."""
    error = answer.get("error") or {}
    if answer.get("ok") is not False or error.get("code") in (None, "internal", "worker"):
        raise WalkFailed(f"{request.get('op')}: expected a refusal, got {answer}")
    return answer


def ask(op: str, **args: Any) -> dict[str, Any]:
    return {"op": op, "session": SESSION, **args}


def play_hand(levels: list[str], seed: int, hints: tuple[str, ...] = ()) -> Walk:
    """A new game with ``levels`` played to the end of its first hand: computer players
    step, the person plays the first legal action. With ``hints`` (a game with a person):
    a hint of each of those levels at the person's first decision of each phase, a why
    of a computer player's decision while the hand is on, and the person's first
    decision undone and made again."""
    request = ask("new_game", rules="seed", seed=seed, levels=levels)
    state = ok((yield request), request)
    hinted: set[str] = set()
    bot_decided = asked_why = undone = False
    for _ in range(200):
        view = state["view"]
        if view["hand_number"] > 0 or view["phase"] == "game_over":
            return
        if state["human_to_move"]:
            if hints and bot_decided and not asked_why:
                asked_why = True  # the hand is on: what the decision told the table
                request = ask("why")
                ok((yield request), request)
            if view["phase"] not in hinted:
                hinted.add(view["phase"])
                for level in hints:
                    request = ask("hint", level=level)
                    ok((yield request), request)
            request = ask("act", action=view["legal_actions"][0])
            answer = ok((yield request), request)
            if hints and not undone:
                undone = True
                request = ask("undo")
                answer = ok((yield request), request)
        else:
            request = ask("bot_step")
            answer = ok((yield request), request)
            bot_decided = True
        state = answer.get("state", answer)
    raise WalkFailed("a hand of 200 steps")


def walk(levels: list[str] | None = None) -> Walk:
    """The whole walk. ``levels``: the computer levels whose decisions it asks for (by
    default every level the API names)."""
    request = ask("api_version")
    version = ok((yield request), request)
    bot_levels = levels or [x for x in version["levels"] if x != "human"]
    request = ask("rules_info")
    info = ok((yield request), request)
    for preset in info["presets"]:
        request = ask("rules_info", rules=preset["name"], trump="S")
        ok((yield request), request)

    # every computer level's decisions: a hand of four players of that level
    for i, level in enumerate(bot_levels):
        yield from play_hand([level] * 4, SEED + i)

    # the person's game: hints of every level, undo, a why, open hands, a secret deal
    yield from play_hand(["human", "hard", "hard", "hard"], SEED, ("medium", "hard"))
    request = ask("state")
    state = ok((yield request), request)
    request = ask("review")
    review = ok((yield request), request)
    request = ask("why")
    ok((yield request), request)
    request = ask("why", step=review["first_step"] + 1)
    ok((yield request), request)
    request = ask("replay", hpn=review["hpn"])
    ok((yield request), request)
    request = ask("review", hpn=review["hpn"], seat=1)
    ok((yield request), request)
    request = ask("load", save=state["save"], decided_by=state["decided_by"])
    ok((yield request), request)
    request = ask("set_open_hands", open_hands=True)
    ok((yield request), request)
    request = ask("set_open_hands", open_hands=False)
    ok((yield request), request)
    request = ask("set_levels", levels=["human", "medium", "easy", "random"])
    ok((yield request), request)
    # a secret deal (no seed: the engine's own randomness), so nothing here depends on
    # its cards
    request = ask("new_game", rules="seed", levels=["human", "hard", "hard", "hard"])
    ok((yield request), request)
    request = ask("state")
    ok((yield request), request)

    # the rule lessons and the replays (the embeds' operations)
    for request in (
        ask("ranking", trump="H"),
        ask("trick", trump="S", lead="AH", played=["KH"], hand="JC QH 9S"),
        ask("legal", seed=SEED),
        ask("legal", trump="D", lead="KC", hand="JH AC 9D"),
        ask("scoring", call="little", tricks=5, alone=True, defender=True),
        ask("scoring", call=4, tricks=3),
        ask("replay", seed=SEED, rules="seed"),
    ):
        ok((yield request), request)

    # the deal of the day, and its comparison with the hard player and the oracle
    for level in ("hard", "oracle"):
        request = ask("daily_result", date=DATE, level=level)
        ok((yield request), request)
    request = ask("daily", date=DATE)
    ok((yield request), request)

    # the API's refusals: each of its own errors, not a failure of the engine
    for request in (
        ask("no_such_op"),
        ask("act", action="play nothing"),
        ask("trick", trump="X", lead="AH", hand="JC"),
        ask("new_game", rules={"no_such_rule": 1}),
        ask("replay", hpn="not a hand text"),
        {"op": "state", "v": 99},
    ):
        refused((yield request), request)
    request = ask("close_session")
    ok((yield request), request)


def drive(send: Callable[[dict[str, Any]], dict[str, Any]], steps: Walk | None = None) -> int:
    """Run ``steps`` (default: the whole walk) through ``send`` (a request -> its answer):
    how many requests it made. Raises WalkFailed on an unexpected answer."""
    steps = walk() if steps is None else steps
    count = 0
    try:
        request = next(steps)
        while True:
            answer = send(request)
            count += 1
            request = steps.send(answer)
    except StopIteration:
        return count
