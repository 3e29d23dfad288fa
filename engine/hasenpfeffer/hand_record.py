"""The record of a finished (or thrown-in) hand (``HandRecord``), its tricks as
JSON (``Trick``, ``tricks_json``), and the seats whose partner plays alone
(``seats_sitting_out``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .actions import BID_BIG, Action, call_text
from .cards import CARDS, JOKER, SUITS, cards_of
from .rules import stake_multiplier

Trick = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""A finished trick: (leader, cards, seats, winner), cards and seats in play order."""


def plays_json(seats: Sequence[int], cards: Sequence[int]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": str(CARDS[c])} for s, c in zip(seats, cards, strict=True)]


def tricks_json(tricks: Iterable[Trick]) -> list[dict[str, Any]]:
    return [
        {"leader": leader, "cards": plays_json(seats, cards), "winner": winner}
        for leader, cards, seats, winner in tricks
    ]


def seats_sitting_out(maker: int | None, alone: bool, lone_defender: int | None) -> tuple[int, ...]:
    """The seats whose partner plays alone: the maker's partner when the maker goes
    alone, the lone defender's partner (docs/rules.md §5), in seat order.

    >>> seats_sitting_out(1, True, 2)
    (0, 3)
    >>> seats_sitting_out(None, False, None)
    ()
    """
    out = []
    if alone and maker is not None:
        out.append((maker + 2) % 4)
    if lone_defender is not None:
        out.append((lone_defender + 2) % 4)
    return tuple(sorted(out))


class HandRecord:
    """What happened in one finished (or thrown-in) hand. ``to_dict()`` gives the
    full record; ``public_dict()`` only what every player saw."""

    __slots__ = (
        "alone",
        "auction",
        "bid",
        "dealer",
        "discard",
        "forced",
        "hands",
        "lone_defender",
        "maker",
        "number",
        "points",
        "scores",
        "tricks",
        "tricks_won",
        "trump",
        "widow",
    )

    def __init__(
        self,
        number: int,
        dealer: int,
        hands: tuple[int, ...],
        widow: int,
        auction: Sequence[tuple[int, Action]],
        forced: bool,
        maker: int | None,
        bid: Action | None,
        trump: int,
        discard: int,
        alone: bool,
        lone_defender: int | None,
        tricks: Sequence[Trick],
        tricks_won: tuple[int, int],
        points: tuple[int, int],
        scores: tuple[int, int],
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.hands = hands
        self.widow = widow
        self.auction = tuple(auction)
        self.forced = forced
        self.maker = maker
        self.bid = bid
        self.trump = trump
        self.discard = discard
        self.alone = alone
        self.lone_defender = lone_defender
        self.tricks = tuple(tricks)
        self.tricks_won = tricks_won
        self.points = points
        self.scores = scores

    @property
    def thrown_in(self) -> bool:
        return self.maker is None

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats whose partner played alone (none in a hand thrown in), as
        ``Game.sitting_out`` said while the hand was on."""
        return seats_sitting_out(self.maker, self.alone, self.lone_defender)

    def public_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "dealer": self.dealer,
            "auction": [{"seat": s, "call": str(a)} for s, a in self.auction],
            "forced": self.forced,
            "thrown_in": self.thrown_in,
            "maker": self.maker,
            "bid": min(self.bid.value, 6) if self.bid is not None else None,
            "bid_call": call_text(self.bid) if self.bid is not None else None,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "alone": self.alone,
            "lone_defender": self.lone_defender,
            "sitting_out": list(self.sitting_out),
            "tricks": tricks_json(self.tricks),
            "tricks_won": list(self.tricks_won),
            "points": list(self.points),
            "scores": list(self.scores),
            # what multiplied the hand's points (docs/rules.md §7), for the
            # page to say without working it out: big pepper, a lone maker, a
            # lone defender, each doubling
            "stake": self.stake,
            "stake_reasons": self.stake_reasons,
        }
        if self.thrown_in and self.widow == JOKER:
            out["widow"] = "JK"  # everyone learns why the hand was thrown in
        return out

    @property
    def stake_reasons(self) -> list[str]:
        """What doubled the hand's stake: ``big_pepper``, ``alone`` (a lone
        maker), ``lone_defender``, in that order (none: the single stake)."""
        reasons = []
        if self.bid is BID_BIG:
            reasons.append("big_pepper")
        if self.alone:
            reasons.append("alone")
        if self.lone_defender is not None:
            reasons.append("lone_defender")
        return reasons

    @property
    def stake(self) -> int:
        """The hand's stake multiplier (1 for a hand thrown in)."""
        reasons = self.stake_reasons
        return stake_multiplier(
            "big_pepper" in reasons, "alone" in reasons, "lone_defender" in reasons
        )

    def to_dict(self) -> dict[str, Any]:
        out = self.public_dict()
        out["hands"] = [[str(c) for c in cards_of(h)] for h in self.hands]
        out["widow"] = str(CARDS[self.widow])
        out["discard"] = str(CARDS[self.discard]) if self.discard >= 0 else None
        return out
