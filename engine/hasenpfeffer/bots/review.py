"""Hand review: every decision of one seat in a finished hand, rated.

``review_hand(game, seat)`` replays the one hand of ``game`` (e.g. from
``notation.hand_from_text``) action by action and rates each decision of
``seat`` against the best one:

- a card play *double-dummy*: with every card visible, ``solver.solve_score_moves``
  gives each legal card's score margin for the hand (makers' points minus
  defenders') after best play by both sides; ``loss`` is how many points of
  that margin the seat's side gave away against the best card (``kind``
  ``"double_dummy"``, ``unit`` ``"points"``). This verdict reads all four
  hands by design: it says what was possible, not what the player could know;
- a call (bid, trump, discard, alone, defend alone) by the hard player's own
  decision procedure from the seat's view (``HardPlayer.decide``, seeded as
  the seat's computer player would be: ``duplicate.bot_seed``), so ``best`` is
  what the hard player itself would choose there (``kind`` ``"estimate"``).
  Its values are the hard player's: bids, alone and defend-alone calls by its
  rollouts (``unit`` ``"score"``: the side's chance in percent of winning the
  game after the hand, plus 2 per point of the hand's margin where a failed bid
  is cheap, ``rollouts.POINTS_WEIGHT``: a score, not a chance, so its words
  give the two figures it is made of instead, the chance of winning the game
  and the expected margin, as the hint does), trump and discard by its trick
  estimates (``unit`` ``"tricks"``). No hidden card is read, and the numbers
  are an estimate, not a certainty.

Every decision with a choice also carries ``hard``: the hard player's view
from what the seat could see (``hints.explain`` of that same decision): its
choice first, then the action taken if it differs, each with its estimate and
reason as a hint gives them. So a card that lost points double-dummy but was
the hard player's choice too was unlucky, not a mistake.

Each decision comes with a reason code and parameters (``text.REVIEW_TEXT``)
and the English ``reason``. The review is a function of the game, the seat and
``seed`` (the game's seed unless given).

>>> from hasenpfeffer.notation import hand_from_text
>>> game = hand_from_text('''HPN 1 hand rules=seed dealer=E
... deal S:AC KC TC QH QS JK W:KD QD TD TH TS 9S N:JC 9C 9D KH 9H AS E:QC AD JD JH KS JS widow:AH
... 1. S:5 W:pass N:pass E:pass | S:trump C discard QS | S:decline | JK 9S 9C QC / TC TD JC JS /
...    AS KS QH TS / 9D AD KC QD / AH TH 9H JH / AC KD KH JD''')
>>> north = review_hand(game, 2)  # North: a pass, then six cards
>>> [(d["action"], d["kind"], d["loss"]) for d in north[:3]]
[('pass', 'estimate', 0.0), ('play 9C', 'double_dummy', 0), ('play JC', 'double_dummy', 0)]
>>> north[1]["values"]  # JC would have given the defenders a trick: a point
{'play 9C': 6, 'play JC': 5}
>>> north[1]["reason_code"], north[1]["reason_params"]
('review_best', {'action': 'play 9C', 'best': ['play 9C'], 'value': 6})
>>> north[1]["hard"][0]["action"]  # the hard player, from North's view, would play it too
'play 9C'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..cards import CARDS
from ..game import Game
from ..text import review_text
from .advisor import advisor
from .decision import Decision, Outcome
from .hard import HardPlayer
from .hints import close_call, explain
from .rollouts import ROLLOUT_PHASES
from .solver import Position, solve_score_moves

#: The units of a call's values (see the module docstring) and their decimals.
CALL_UNITS: Final = {"score": 1, "tricks": 2}


def review_hand(
    game: Game, seat: int, *, seed: int | None = None, start: int = 0
) -> list[dict[str, Any]]:
    """Each decision of ``seat`` in the first hand of ``game``, in order, as
    ``{"step", "seat", "action", "phase", "kind", "unit", "best", "loss",
    "values", "hard", "reason", "reason_code", "reason_params"}``.

    ``step`` is the action's index in the hand; ``best`` the best actions (as
    action texts); ``loss`` (>= 0, 0 exactly when ``action`` is in ``best``)
    what the seat's side lost against them, in ``unit``; ``values`` each
    rated action's value for the seat's side: the hand's points margin
    double-dummy for every legal card (``kind`` ``"double_dummy"``), the hard
    player's estimate for a call (``kind`` ``"estimate"``: ``best`` is its own
    choice and any action it valued as high; the calls it weighed and the one
    made have a value). A decision with a single legal action has ``values``
    and ``hard`` empty, ``unit`` ``""`` and loss 0. ``seed`` is the game's
    seed (default ``game.seed``): the hard player is seeded as the seat's
    computer player of that game. ``start`` is the index in ``game.history``
    of the hand's first action (0: the game's first hand; a later hand of a
    whole game is reviewed from the very views its seats had, so the hard
    player meets each of them exactly as the hint did: ``advisor``). An
    unfinished hand is reviewed up to its last action."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0 to 3; got {seat!r}")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= len(game.history):
        raise ValueError(f"start must be 0 to {len(game.history)}; got {start!r}")
    g = game.replayed(start)
    finished = len(g.records)
    hard = advisor(game.seed if seed is None else seed, seat)
    out: list[dict[str, Any]] = []
    for step, action in enumerate(game.history[start:]):
        if len(g.records) > finished:
            break
        if g.to_act == seat:
            text = str(action)
            legal = [str(a) for a in g.legal_actions()]
            if len(legal) == 1:
                entry = _only(text, g.phase)
            else:
                view = g.view(seat)
                decision = hard.decide(view, explain=True)
                if g.phase == "play":
                    entry = _rate_play(g, seat, text)
                else:
                    entry = _rate_call(hard, view, decision, text)
                hints = explain(view, decision, hard.base_calls)
                entry["hard"] = [h for h in hints if h["action"] in (decision.action, text)]
            out.append({"step": step, "seat": seat, **entry})
        g.apply(action)
    return out


def _entry(
    action: str,
    phase: str,
    kind: str,
    unit: str,
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
        "unit": unit,
        "best": best,
        "loss": loss,
        "values": values,
        "hard": [],
        "reason": review_text(code, params),
        "reason_code": code,
        "reason_params": params,
    }


def _only(action: str, phase: str) -> dict[str, Any]:
    kind = "double_dummy" if phase == "play" else "estimate"
    return _entry(action, phase, kind, "", [action], 0, {}, "review_only", {"action": action})


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
    return _entry(action, "play", "double_dummy", "points", best, loss, values, code, params)


def _rate_call(
    hard: HardPlayer, view: Mapping[str, Any], decision: Decision, action: str
) -> dict[str, Any]:
    """A call against the hard player's own choice from the seat's view, each
    valued as the hard player values it (rounded: see ``CALL_UNITS``)."""
    phase: str = view["phase"]
    outcomes: dict[str, Outcome] = dict(decision.outcomes)
    missing = [a for a in dict.fromkeys([decision.action, action]) if a not in outcomes]
    if missing:
        # a call its rollouts did not play out (or a decision of one
        # candidate): played out over the same deals (the deals depend on the
        # seed and the view only, and each call is played out on its own, so
        # its value is what the decision would have given it)
        rollouts = hard.rollouts
        if rollouts is None or phase not in ROLLOUT_PHASES:  # pragma: no cover - hard weighs all
            raise ValueError(f"the hard player put no value on {action!r} in phase {phase}")
        outcomes.update(rollouts.outcomes(view, missing))
    unit = "tricks" if decision.objective == "tricks" else "score"
    digits = CALL_UNITS[unit]
    scale = 100 if unit == "score" else 1
    legal: list[str] = view["legal_actions"]
    values = {a: round(outcomes[a].value * scale, digits) for a in legal if a in outcomes}
    top = values[decision.action]
    best = [a for a, v in values.items() if v >= top]
    estimate = values[action]
    loss = round(max(0.0, top - estimate), digits)
    params: dict[str, Any] = {"action": action, "best": best, "estimate": estimate}
    if unit == "score":
        params.update(_figures(outcomes[action]))
    if loss == 0:
        code = "review_call_best"
    elif unit == "tricks":
        code = "review_call_cost"
        params.update(loss=loss, best_estimate=top)
    else:
        # a score mixes a chance with points: what it cost is said in the
        # figures it is made of, the hard player's choice's beside the call's;
        # a loss within the noise of the deals both calls were played out
        # over is a close call, not a mistake the estimate can vouch for
        close = close_call(outcomes[decision.action], outcomes[action])
        code = "review_call_other_close" if close else "review_call_other"
        params.update(loss=loss, best_estimate=top)
        params.update({f"best_{k}": v for k, v in _figures(outcomes[decision.action]).items()})
    params["unit"] = unit
    return _entry(action, phase, "estimate", unit, best, loss, values, code, params)


def _figures(outcome: Outcome) -> dict[str, float]:
    """What a call's score is made of, as the hint says it: the side's chance
    in percent of winning the game after the hand (one decimal) and the
    hand's expected margin in points (the hint's ``estimate``: two decimals)."""
    assert outcome.chance is not None and outcome.margin is not None  # rollouts give both
    return {"chance": round(outcome.chance * 100, 1), "margin": round(outcome.margin, 2)}


__all__ = ["CALL_UNITS", "review_hand"]
