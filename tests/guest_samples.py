"""What a LAN table's host sends its guests, from the real engine, for
tests/together_check.mjs (which checks them against web/together/check.js):
prints JSON ``{vocabulary, states, events}``: the game's words for the page
(``web_vocabulary()``, what the build writes into web/shared/vocabulary.js),
the engine's ``state`` answers for the guests' seats at points of a game (in
bidding, with a trick on the table, after a hand ended) and the engine's events
of the moves that ended a trick or a hand. The Node script makes them into the
host's messages with protocol.js's own ``guestState`` and ``guestEvent``.

    python tests/guest_samples.py
"""

from __future__ import annotations

import json
import random
from typing import Any

from hasenpfeffer.api import game_ops, handle, reset
from hasenpfeffer.api.vocabulary import web_vocabulary


def samples(seed: int = 5, actions: int = 120) -> dict[str, Any]:
    """A game of four people, each choosing a legal action at random."""
    reset()
    rng = random.Random(seed)
    levels = ["human", "easy", "human", "hard"]
    # the host in South, guests in the other seats: a secret deal, its key fixed so
    # that the samples are the same every time
    keys = game_ops._secret_key
    game_ops._secret_key = lambda: bytes([seed]) * 16
    try:
        answer = handle(
            {"op": "new_game", "rules": "seed", "levels": ["human"] * 4, "remote": [1, 2, 3]}
        )
    finally:
        game_ops._secret_key = keys
    states: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for step in range(actions):
        cur = answer["to_act"] if "to_act" in answer else answer["state"]["to_act"]
        if cur is None:
            break
        legal = handle({"op": "state", "seat": cur})["view"]["legal_actions"]
        # a guest's decision names its seat; the host's does not
        seat = {"seat": cur} if cur else {}
        answer = handle({"op": "act", "action": rng.choice(legal), **seat})
        event = answer["event"]
        if event["hand"] or event["trick"]:
            events.append(event)
        in_trick = event["trick"] is None and answer["state"]["view"]["trick"]
        if step % 15 == 0 or event["hand"] or in_trick:
            states.append(handle({"op": "state", "seat": 1 + step % 3}))
    # a computer player's level among the levels, as a host's table has them
    handle({"op": "set_levels", "levels": levels, "remote": [2]})
    states.append(handle({"op": "state", "seat": 1}))
    for state in states:
        state.pop("ok", None)
    return {"vocabulary": web_vocabulary(), "states": states[-12:], "events": events[-8:]}


if __name__ == "__main__":
    print(json.dumps(samples()))
