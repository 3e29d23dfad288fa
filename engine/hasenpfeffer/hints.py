"""Hints: ``suggest(view)`` ranks the legal actions with an estimate and a reason.

The estimate is the expected score margin for the seat's team this hand (its
points minus the other team's), from the hard player's search; the reason is
a short sentence the UI can show. Like the bots, hints read only the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import EFFECTIVE_SUIT, JOKER, POWER, SUIT_NAMES, SUITS, Card
from .hard import HardPlayer
from .medium import bidding_estimates
from .sampling import Knowledge

#: Search effort per hint level: samples per decision in play and for calls.
LEVELS = {
    "hard": ({6: 14, 5: 18, 4: 24, 3: 30, 2: 30, 1: 1}, 10),
    "medium": ({6: 4, 5: 5, 4: 6, 3: 8, 2: 8, 1: 1}, 4),
}


def suggest(view: Mapping[str, Any], level: str = "hard", seed: int = 0) -> list[dict[str, Any]]:
    """The legal actions of ``view``, best first, each as
    ``{"action", "estimate", "reason"}`` (estimate: expected points margin)."""
    if level not in LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(LEVELS)}; got {level!r}")
    legal: list[str] = view["legal_actions"]
    if not legal:
        raise ValueError("there is nothing to decide for this seat now")
    play_samples, call_samples = LEVELS[level]
    player = HardPlayer(seed, play_samples=play_samples, call_samples=call_samples)
    ranked = [(legal[0], 0.0)] if len(legal) == 1 else player.evaluate(view)
    best = ranked[0][1]
    return [
        {
            "action": action,
            "estimate": round(value, 2),
            "reason": reason(view, action, value, best),
        }
        for action, value in ranked
    ]


def reason(view: Mapping[str, Any], action: str, value: float, best: float) -> str:
    """A short explanation of ``action`` in words."""
    phase = view["phase"]
    if phase == "play":
        return _play_reason(view, Card.parse(action[5:]), value, best)
    if phase == "bidding":
        return _bid_reason(view, action, value)
    if phase == "trump":
        suit = action[6:]
        return f"{SUIT_NAMES[suit]} as trump: expected {_signed(value)} points this hand"
    if phase == "discard":
        return _discard_reason(view, Card.parse(action[8:]), value)
    if phase in ("alone", "defend_alone"):
        if action == "alone":
            return f"playing alone doubles the stake: expected {_signed(value)} points"
        return f"playing with your partner: expected {_signed(value)} points"
    return ""


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def _play_reason(view: Mapping[str, Any], card: Card, value: float, best: float) -> str:
    t = SUITS.index(view["trump"])
    seat: int = view["seat"]
    trick = [(e["seat"], Card.parse(e["card"]).index) for e in view["trick"]]
    c = card.index
    name = "the Joker" if c == JOKER else str(card)
    if trick:
        led = EFFECTIVE_SUIT[t][trick[0][1]]
        power = POWER[t][led]
        winning_seat, winning = max(trick, key=lambda sc: power[sc[1]])
        beats = power[c] > power[winning]
        if (winning_seat - seat) % 2 == 0 and not beats:
            return f"your partner is winning this trick: {name} saves your stronger cards"
        if beats and _sure_winner(view, c, led):
            return f"{name} wins this trick for sure"
        if beats:
            return f"{name} takes the lead in this trick, but a later player may beat it"
        if not (view["hand"] and _follows(view, t, led)):
            return f"you cannot follow: {name} is the cheapest card to let go"
        return f"{name} cannot win this trick: keep your stronger cards"
    if _sure_winner(view, c, EFFECTIVE_SUIT[t][c]):
        return f"{name} wins this trick for sure"
    if EFFECTIVE_SUIT[t][c] == t:
        return f"leading trump ({name}) draws the opponents' trumps"
    gap = best - value
    if gap > 0.05:
        return f"{name} as the lead: expected {_signed(value)} points, {gap:.1f} below the best"
    return f"{name} as the lead: expected {_signed(value)} points"


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


def _bid_reason(view: Mapping[str, Any], action: str, value: float) -> str:
    hand = 0
    for text in view["hand"]:
        hand |= 1 << Card.parse(text).index
    estimates = bidding_estimates(hand)
    t = max(range(4), key=lambda s: estimates[s])
    best_suit = SUIT_NAMES[SUITS[t]]
    worth = f"your hand is worth about {estimates[4]:.1f} tricks (best trump {best_suit})"
    if action == "pass":
        return f"{worth}; passing: expected {_signed(value)} points"
    return f"{worth}; {action}: expected {_signed(value)} points"


def _discard_reason(view: Mapping[str, Any], card: Card, value: float) -> str:
    t = SUITS.index(view["trump"])
    c = card.index
    suit = EFFECTIVE_SUIT[t][c]
    same = [x for x in view["hand"] if EFFECTIVE_SUIT[t][Card.parse(x).index] == suit]
    if suit == t:
        return f"{card} is a trump: discarding it is rarely right"
    if len(same) == 1:
        return (
            f"discarding {card} leaves you void in {SUIT_NAMES[SUITS[suit]]}, "
            f"so you can trump them: expected {_signed(value)} points"
        )
    if c % 6 == 5:
        return f"{card} is a side ace, a likely trick: expected {_signed(value)} points"
    return f"{card} is a weak side card: expected {_signed(value)} points"


__all__ = ["LEVELS", "reason", "suggest"]
