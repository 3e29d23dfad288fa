"""Hand review: every decision of one seat in a finished hand, rated.

``review_hand(game, seat)`` replays the one hand of ``game`` (e.g. from
``notation.hand_from_text``) action by action and rates each decision of
``seat`` against the best one:

- a card play *double-dummy*: with every card visible, ``solver.solve_score_moves``
  gives each legal card's score margin for the hand (makers' points minus
  defenders') after best play by both sides; ``loss`` is how many points of
  that margin the seat's side gave away against the best card (``kind``
  ``"double_dummy"``). This verdict reads all four hands by design: it says
  what was possible, not what the player could know;
- a call (bid, trump, discard, alone, defend alone) by the hard player's
  *estimate* from the seat's own view, by its simulation of each call
  (``HardPlayer.evaluate``, expected margin in points over sampled deals;
  ``kind`` ``"estimate"``): no hidden card is read, and the numbers are an
  estimate, not a certainty.

Each decision comes with a reason code and parameters (``text.REVIEW_TEXT``)
and the English ``reason``. The review is a function of the game, the seat and
``seed``.

>>> from hasenpfeffer.notation import hand_from_text
>>> game = hand_from_text('''HPN 1 hand rules=seed dealer=E
... deal S:AC KC TC QH QS JK W:KD QD TD TH TS 9S N:JC 9C 9D KH 9H AS E:QC AD JD JH KS JS widow:AH
... 1. S:5 W:pass N:pass E:pass | S:trump C discard QS | S:decline | JK 9S 9C QC / TC TD JC JS /
...    AS KS QH TS / 9D AD KC QD / AH TH 9H JH / AC KD KH JD''')
>>> north = review_hand(game, 2, call_samples=2)  # North: a pass, then six cards
>>> [(d["action"], d["kind"], d["loss"]) for d in north[:3]]
[('pass', 'estimate', 0.0), ('play 9C', 'double_dummy', 0), ('play JC', 'double_dummy', 0)]
>>> north[1]["values"]  # JC would have given the defenders a trick: a point
{'play 9C': 6, 'play JC': 5}
>>> north[1]["reason_code"], north[1]["reason_params"]
('review_best', {'action': 'play 9C', 'best': ['play 9C'], 'value': 6})
"""

from __future__ import annotations

from typing import Any, Final

from ..cards import CARDS
from ..game import Game
from ..text import review_text
from .hard import HardPlayer
from .solver import Position, solve_score_moves

#: The hard player's samples per candidate call (as the hints of level hard).
CALL_SAMPLES: Final = 10


def review_hand(
    game: Game, seat: int, *, seed: int = 0, call_samples: int = CALL_SAMPLES
) -> list[dict[str, Any]]:
    """Each decision of ``seat`` in the first hand of ``game``, in order, as
    ``{"step", "seat", "action", "phase", "kind", "best", "loss", "values",
    "reason", "reason_code", "reason_params"}``.

    ``step`` is the action's index in the hand; ``best`` the best actions (as
    action texts); ``loss`` (>= 0, 0 exactly when ``action`` is in ``best``)
    the points the seat's side lost against them; ``values`` each legal
    action's value for the seat's side: the hand's points margin double-dummy
    for a card play (``kind`` ``"double_dummy"``), the hard player's expected
    margin from the seat's view for a call (``kind`` ``"estimate"``; ``best``
    is its top choice and any action estimated equal to it; of the discards
    only those searched and the one made have one). A decision with a
    single legal action has ``values`` empty and loss 0. An unfinished hand
    is reviewed up to its last action."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0 to 3; got {seat!r}")
    if call_samples < 1:
        raise ValueError(f"call_samples must be at least 1; got {call_samples}")
    g = game.replayed(0)
    start = len(g.records)
    player: HardPlayer | None = None
    out: list[dict[str, Any]] = []
    for step, action in enumerate(game.history):
        if len(g.records) > start:
            break
        if g.to_act == seat:
            text = str(action)
            legal = [str(a) for a in g.legal_actions()]
            if len(legal) == 1:
                entry = _only(text, g.phase)
            elif g.phase == "play":
                entry = _rate_play(g, seat, text)
            else:
                if player is None:
                    player = HardPlayer(seed, call_samples=call_samples, game_aware=False)
                entry = _rate_call(player, g, seat, text)
            out.append({"step": step, "seat": seat, **entry})
        g.apply(action)
    return out


def _entry(
    action: str,
    phase: str,
    kind: str,
    best: list[str],
    loss: float,
    values: dict[str, Any],
    code: str,
    params: dict[str, Any],
) -> dict[str, Any]:
    return {
        "action": action,
        "phase": phase,
        "kind": kind,
        "best": best,
        "loss": loss,
        "values": values,
        "reason": review_text(code, params),
        "reason_code": code,
        "reason_params": params,
    }


def _only(action: str, phase: str) -> dict[str, Any]:
    kind = "double_dummy" if phase == "play" else "estimate"
    return _entry(action, phase, kind, [action], 0, {}, "review_only", {"action": action})


def _rate_play(g: Game, seat: int, action: str) -> dict[str, Any]:
    """A card play against the best double-dummy card for the hand's score."""
    position = Position.from_game(g)
    sign = 1 if position.maker_team == seat & 1 else -1
    values = {
        f"play {CARDS[card]}": sign * margin
        for card, margin in solve_score_moves(position, g.rules).items()
    }
    top = max(values.values())
    best = [a for a, v in values.items() if v == top]
    value = values[action]
    loss = top - value
    if loss == 0:
        code, params = "review_best", {"action": action, "best": best, "value": value}
    else:
        params = {"action": action, "best": best, "loss": loss, "value": value, "best_value": top}
        code = "review_cost"
    return _entry(action, "play", "double_dummy", best, loss, values, code, params)


def _rate_call(player: HardPlayer, g: Game, seat: int, action: str) -> dict[str, Any]:
    """A call against the hard player's top choice, both estimated from the
    seat's view only (to two decimals)."""
    phase = g.phase
    ranked = player.evaluate(g.view(seat), also=(action,))
    # discards outside the few the hard player searches have no estimate
    values = {a: round(v, 2) for a, v in ranked if v > -1e8}
    top = values[ranked[0][0]]
    best = [a for a, v in values.items() if v == top]
    estimate = values[action]
    loss = max(0.0, round(top - estimate, 2))
    if action in best:
        code, params = "review_call_best", {"action": action, "best": best, "estimate": estimate}
    else:
        params = {
            "action": action,
            "best": best,
            "loss": loss,
            "estimate": estimate,
            "best_estimate": top,
        }
        code = "review_call_cost"
    return _entry(action, phase, "estimate", best, loss, values, code, params)


__all__ = ["CALL_SAMPLES", "review_hand"]
