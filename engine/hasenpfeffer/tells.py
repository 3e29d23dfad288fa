"""What a decision tells the table: the inferences any player may draw from a
seat's action as the table saw it, for "Why?" while that seat's cards are
still hidden (the full reasons, from its own cards, come once the hand is over).

``tells`` reads only the public part of a view (``PUBLIC_FIELDS``: the auction,
trump, the tricks and the trick on the table, never a hand, the widow or a
discard) and the action as every seat knows it (a discard without its card), so
its answer is the same whoever asks and names no card that was not played.

>>> from hasenpfeffer.game import Game
>>> game = Game.new(seed=7)
>>> seat = game.to_act
>>> [code for code, _ in tells(game.view(seat), seat, "pass")]
['pass_no_bid']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cards import Card, effective_suit, trump_order
from .rules import trick_winner

#: The fields of a view that every seat sees alike (``tells`` reads no other).
PUBLIC_FIELDS: Final = (
    "phase",
    "dealer",
    "auction",
    "high_bid",
    "high_bidder",
    "trump",
    "trick",
    "tricks",
)

#: Every code ``tells`` gives (the page's catalogues say each: ``why.tell.<code>``).
TELL_CODES: Final = (
    "pass_no_bid",
    "pass_over",
    "bid",
    "bid_over",
    "trump",
    "discard",
    "alone",
    "decline",
    "defend_alone",
    "defend_decline",
    "lead",
    "lead_trump",
    "follow",
    "void",
    "ruff",
    "wins_now",
    "partner_winning",
    "under",
    "highest",
)

Tell = tuple[str, dict[str, Any]]


def public_part(view: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``view`` every seat sees alike."""
    return {name: view[name] for name in PUBLIC_FIELDS}


def tells(view: Mapping[str, Any], seat: int, action: str) -> list[Tell]:
    """What ``seat`` taking ``action`` (its public text: ``discard`` without a
    card) tells every player, from the table before it (any seat's ``view``:
    only ``PUBLIC_FIELDS`` are read), as ``(code, params)`` in the order to say them."""
    table = public_part(view)
    kind, _, arg = action.partition(" ")
    phase = table["phase"]
    if kind == "pass":
        if table["high_bid"] is None:
            return [("pass_no_bid", {})]
        return [("pass_over", {"call": table["high_bid"], "seat": table["high_bidder"]})]
    if kind == "bid":
        if table["high_bid"] is None:
            return [("bid", {"call": arg})]
        return [
            ("bid_over", {"call": arg, "over": table["high_bid"], "seat": table["high_bidder"]})
        ]
    if kind == "trump":
        return [("trump", {"suit": arg})]
    if kind == "discard":
        return [("discard", {})]
    if kind in ("alone", "decline"):
        defending = phase == "defend_alone"
        return [(("defend_" if defending else "") + kind, {})]
    return _play_tells(table, seat, Card.parse(arg))


def _higher_in_suit(card: Card, suit: str, trump: str) -> list[Card]:
    """The cards of ``card``'s effective suit that beat it."""
    if suit == trump:
        order = trump_order(trump)
    else:
        order = [
            c
            for c in sorted((Card.parse(r + suit) for r in "AKQJT9"), key=lambda c: -c.index)
            if effective_suit(c, trump) == suit
        ]
    return order[: order.index(card)]


def _play_tells(table: Mapping[str, Any], seat: int, card: Card) -> list[Tell]:
    trump: str = table["trump"]
    trick: Sequence[Mapping[str, Any]] = table["trick"]
    suit = effective_suit(card, trump)
    out: list[Tell] = []
    if not trick:
        out.append(
            ("lead_trump", {"card": str(card), "suit": trump})
            if suit == trump
            else ("lead", {"card": str(card)})
        )
    else:
        played = [Card.parse(p["card"]) for p in trick]
        led = effective_suit(played[0], trump)
        if suit == led:
            out.append(("follow", {"card": str(card), "suit": led}))
        else:
            out.append(("void", {"card": str(card), "suit": led}))
            if suit == trump:
                out.append(("ruff", {"suit": trump}))
        before = trick[trick_winner(played, trump)]
        if trick_winner([*played, card], trump) == len(played):
            out.append(
                ("wins_now", {"card": str(card), "beats": before["card"], "seat": before["seat"]})
            )
        elif before["seat"] == (seat + 2) % 4:
            out.append(("partner_winning", {"card": before["card"], "seat": before["seat"]}))
        else:
            out.append(("under", {"card": before["card"], "seat": before["seat"]}))
    seen = {p["card"] for t in table["tricks"] for p in t["cards"]}
    seen.update(p["card"] for p in trick)
    higher = _higher_in_suit(card, suit, trump)
    if all(str(c) in seen for c in higher):
        out.append(("highest", {"card": str(card), "suit": suit}))
    return out


__all__ = ["PUBLIC_FIELDS", "TELL_CODES", "Tell", "public_part", "tells"]
