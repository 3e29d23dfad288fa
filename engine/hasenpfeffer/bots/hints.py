"""Hints: ``suggest(view)`` ranks the legal actions with an estimate and a reason.

The estimate is the expected score margin for the seat's team this hand (its
points minus the other team's), from the hard player's search; the reason is
a short sentence the UI can show. Like the bots, hints read only the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..cards import EFFECTIVE_SUIT, POWER, SUITS, Card
from ..knowledge import Knowledge
from ..text import hint_text
from ..vocabulary import HINT_LEVELS
from .hard import HardPlayer
from .medium import bidding_estimates

#: The hard player's samples (card play by tricks left, calls) for each hint level.
SAMPLES_BY_LEVEL: Final = {
    "hard": ({6: 14, 5: 18, 4: 24, 3: 30, 2: 30, 1: 1}, 10),
    "medium": ({6: 4, 5: 5, 4: 6, 3: 8, 2: 8, 1: 1}, 4),
}


def suggest(view: Mapping[str, Any], level: str = "hard", seed: int = 0) -> list[dict[str, Any]]:
    """The legal actions of ``view``, best first, each as ``{"action",
    "estimate", "reason", "reason_code", "reason_params"}`` (estimate: expected
    points margin; the reason in English, and as a code with parameters for a
    message in another language: see ``text.HINT_TEXT``)."""
    if level not in HINT_LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(HINT_LEVELS)}; got {level!r}")
    legal: list[str] = view["legal_actions"]
    if not legal:
        raise ValueError("there is nothing to decide for this seat now")
    play_samples, call_samples = SAMPLES_BY_LEVEL[level]
    # estimates in points: not the game-winning chances the hard bot plays by
    # near the end of a game
    player = HardPlayer(
        seed, play_samples=play_samples, call_samples=call_samples, game_aware=False
    )
    ranked = [(legal[0], 0.0)] if len(legal) == 1 else player.evaluate(view)
    best = ranked[0][1]
    out = []
    for action, value in ranked:
        code, params = reason_code(view, action, value, best)
        out.append(
            {
                "action": action,
                "estimate": round(value, 2),
                "reason": hint_text(code, params),
                "reason_code": code,
                "reason_params": params,
            }
        )
    return out


def reason(view: Mapping[str, Any], action: str, value: float, best: float) -> str:
    """A short explanation of ``action`` in words."""
    return hint_text(*reason_code(view, action, value, best))


def reason_code(
    view: Mapping[str, Any], action: str, value: float, best: float
) -> tuple[str, dict[str, Any]]:
    """Why ``action`` is suggested as it is: a code of ``text.HINT_TEXT`` and its parameters."""
    phase = view["phase"]
    v = round(value, 1)
    if phase == "play":
        return _play_reason(view, Card.parse(action[5:]), value, best)
    if phase == "bidding":
        return _bid_reason(view, action, value)
    if phase == "trump":
        return "trump", {"suit": action[6:], "value": v}
    if phase == "discard":
        return _discard_reason(view, Card.parse(action[8:]), value)
    if phase in ("alone", "defend_alone"):
        return ("alone" if action == "alone" else "decline"), {"value": v}
    return "", {}


def _play_reason(
    view: Mapping[str, Any], card: Card, value: float, best: float
) -> tuple[str, dict[str, Any]]:
    t = SUITS.index(view["trump"])
    seat: int = view["seat"]
    trick = [(e["seat"], Card.parse(e["card"]).index) for e in view["trick"]]
    c = card.index
    name = {"card": str(card)}
    if trick:
        led = EFFECTIVE_SUIT[t][trick[0][1]]
        power = POWER[t][led]
        winning_seat, winning = max(trick, key=lambda sc: power[sc[1]])
        beats = power[c] > power[winning]
        if (winning_seat - seat) % 2 == 0 and not beats:
            return "partner_winning", name
        if beats and _sure_winner(view, c, led):
            return "sure_winner", name
        if beats:
            return "takes_lead", name
        if not (view["hand"] and _follows(view, t, led)):
            return "cannot_follow", name
        return "cannot_win", name
    if _sure_winner(view, c, EFFECTIVE_SUIT[t][c]):
        return "sure_winner", name
    if EFFECTIVE_SUIT[t][c] == t:
        return "lead_trump", name
    gap = best - value
    if gap > 0.05:
        return "lead_below_best", {**name, "value": round(value, 1), "gap": round(gap, 1)}
    return "lead", {**name, "value": round(value, 1)}


def _follows(view: Mapping[str, Any], t: int, led: int) -> bool:
    return any(EFFECTIVE_SUIT[t][Card.parse(x).index] == led for x in view["hand"])


def _sure_winner(view: Mapping[str, Any], card: int, led: int) -> bool:
    """True when no card still hidden from this seat, held by a player yet to
    play to this trick, could beat ``card`` (shown voids taken into account)."""
    t = SUITS.index(view["trump"])
    power = POWER[t][led]
    k = Knowledge(dict(view))
    seat: int = view["seat"]
    active = [s for s in range(4) if s not in view["sitting_out"]]
    played = len(view["trick"])
    after = [active[(active.index(seat) + i) % len(active)] for i in range(1, len(active) - played)]
    for hidden in k.pool:
        if power[hidden] > power[card] and any(k.allowed[hidden] >> s & 1 for s in after):
            return False
    return True


def _bid_reason(view: Mapping[str, Any], action: str, value: float) -> tuple[str, dict[str, Any]]:
    hand = 0
    for text in view["hand"]:
        hand |= 1 << Card.parse(text).index
    estimates = bidding_estimates(hand)
    t = max(range(4), key=lambda s: estimates[s])
    params: dict[str, Any] = {
        "tricks": round(estimates[4], 1),
        "suit": SUITS[t],
        "value": round(value, 1),
    }
    if action == "pass":
        return "bid_pass", params
    return "bid", {**params, "call": action}


def _discard_reason(
    view: Mapping[str, Any], card: Card, value: float
) -> tuple[str, dict[str, Any]]:
    t = SUITS.index(view["trump"])
    c = card.index
    suit = EFFECTIVE_SUIT[t][c]
    same = [x for x in view["hand"] if EFFECTIVE_SUIT[t][Card.parse(x).index] == suit]
    params: dict[str, Any] = {"card": str(card), "value": round(value, 1)}
    if suit == t:
        return "discard_trump", {"card": str(card)}
    if len(same) == 1:
        return "discard_void", {**params, "suit": SUITS[suit]}
    if c % 6 == 5:
        return "discard_ace", params
    return "discard_weak", params


__all__ = ["SAMPLES_BY_LEVEL", "reason", "reason_code", "suggest"]
