"""Deals consistent with what one seat knows: the building block of search bots.

``sample_game(view, rng)`` takes ``game.view(seat)`` and returns a complete
``Game`` in the same position, with every card the seat cannot see placed at
random among the places it could be: other players' hands (respecting the
suits they have shown out of), the maker's discard, and the widow while it is
still face down. Only the view is read, so a bot using this cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import EFFECTIVE_SUIT, JOKER, NUM_CARDS, SUITS, Card
from .game import Game
from .rules import Rules

#: Pseudo-seats for cards that are in no player's hand.
DISCARD_SLOT = 4
WIDOW_SLOT = 5


class Knowledge:
    """What a view says about where the hidden cards can be."""

    __slots__ = (
        "actions",
        "allowed",
        "capacity",
        "dealer",
        "discard",
        "forced_joker",
        "hand",
        "maker",
        "played_by",
        "pool",
        "rules",
        "scores",
        "seat",
        "widow",
    )

    def __init__(self, view: dict[str, Any]) -> None:
        self.seat: int = view["seat"]
        self.rules = Rules.from_dict(view["rules"])
        self.dealer: int = view["dealer"]
        self.scores: tuple[int, int] = (view["scores"][0], view["scores"][1])
        self.maker: int | None = view["maker"]
        self.actions: list[tuple[int, str]] = [
            (a["seat"], a["action"]) for a in view["hand_actions"]
        ]
        self.hand = _mask(view["hand"])
        self.widow = Card.parse(view["widow"]).index if view.get("widow") else -1
        self.discard = Card.parse(view["discard"]).index if view.get("discard") else -1
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]  # bit set of suits each seat has shown out of
        trump = SUITS.index(view["trump"]) if view["trump"] else -1
        lead = -1
        count = 0
        order_len = 4 - len(view["sitting_out"])
        for s, text in self.actions:
            if not text.startswith("play "):
                continue
            card = Card.parse(text[5:]).index
            played_by[s] |= 1 << card
            if count % order_len == 0:
                lead = card
            elif EFFECTIVE_SUIT[trump][card] != EFFECTIVE_SUIT[trump][lead]:
                voids[s] |= 1 << EFFECTIVE_SUIT[trump][lead]
            count += 1
        self.played_by = played_by
        known = self.hand | played_by[0] | played_by[1] | played_by[2] | played_by[3]
        if self.discard >= 0:
            known |= 1 << self.discard
        self.pool = [c for c in range(NUM_CARDS) if not known >> c & 1]
        # capacity of each place: seats 0-3, the discard, the widow
        capacity = [0] * 6
        for s in range(4):
            if s != self.seat:
                capacity[s] = view["hand_sizes"][s]
        discarded = any(text.startswith("discard") for _, text in self.actions)
        if discarded and self.discard < 0:
            capacity[DISCARD_SLOT] = 1
        if view["phase"] == "bidding":
            capacity[WIDOW_SLOT] = 1
        self.capacity = capacity
        if sum(capacity) != len(self.pool):
            raise ValueError("the view is inconsistent: hidden cards do not fit the hands")
        # allowed places of each hidden card (bit set over the six places)
        allowed = {}
        forced_joker = self.forced_joker = bool(
            view["forced"] and self.rules.all_pass == "joker_forced" and self.maker is not None
        )
        for c in self.pool:
            places = 0
            for p in range(6):
                if not capacity[p]:
                    continue
                if p < 4 and trump >= 0 and voids[p] >> EFFECTIVE_SUIT[trump][c] & 1:
                    continue
                places |= 1 << p
            if c == JOKER and forced_joker:
                # the forced maker held the Joker when the auction ended
                places &= (1 << self.maker) | (1 << DISCARD_SLOT)
            allowed[c] = places
        self.allowed = allowed


def _mask(cards: Sequence[str]) -> int:
    m = 0
    for text in cards:
        m |= 1 << Card.parse(text).index
    return m


def sample_places(k: Knowledge, rng: random.Random, tries: int = 200) -> list[int]:
    """A random place (0-3 a seat, 4 the discard, 5 the widow) for each card of
    ``k.pool``, uniform over the placements consistent with ``k``."""
    pool = k.pool
    slots = [p for p in range(6) for _ in range(k.capacity[p])]
    allowed = k.allowed
    for _ in range(tries):
        rng.shuffle(slots)
        if all(allowed[c] >> p & 1 for c, p in zip(pool, slots, strict=True)):
            return slots
    # many constraints: place the most constrained cards first
    return _constrained(k, rng)


def _constrained(k: Knowledge, rng: random.Random) -> list[int]:
    order = sorted(
        range(len(k.pool)), key=lambda i: (k.allowed[k.pool[i]].bit_count(), rng.random())
    )
    for _ in range(100):
        left = list(k.capacity)
        places = [-1] * len(k.pool)
        for i in order:
            options = [p for p in range(6) if left[p] and k.allowed[k.pool[i]] >> p & 1]
            if not options:
                break
            p = rng.choices(options, weights=[left[q] for q in options])[0]
            places[i] = p
            left[p] -= 1
        else:
            return places
    raise ValueError("no deal is consistent with this view")


def sample_game(
    view: dict[str, Any], rng: random.Random, knowledge: Knowledge | None = None
) -> Game:
    """A complete game in the position ``view`` describes, hidden cards at random."""
    k = knowledge or Knowledge(view)
    places = sample_places(k, rng)
    current = [0, 0, 0, 0]
    current[k.seat] = k.hand
    discard, widow = k.discard, k.widow
    for c, p in zip(k.pool, places, strict=True):
        if p < 4:
            current[p] |= 1 << c
        elif p == DISCARD_SLOT:
            discard = c
        else:
            widow = c
    original = [current[s] | k.played_by[s] for s in range(4)]
    maker = k.maker
    if maker is not None:
        # the maker took the widow and may have discarded: the deal had neither
        held = original[maker] | (1 << discard if discard >= 0 else 0)
        if widow < 0:  # which of the maker's cards came from the widow is hidden
            candidates = [c for c in range(NUM_CARDS) if held >> c & 1]
            if k.forced_joker:  # the forced maker held the Joker before the widow
                candidates = [c for c in candidates if c != JOKER]
            widow = rng.choice(candidates)
        original[maker] = held & ~(1 << widow)
    hands = [[Card.from_index(c) for c in range(NUM_CARDS) if h >> c & 1] for h in original]
    game = Game.from_deal(hands, Card.from_index(widow), k.dealer, k.rules, k.scores, seed=0)
    for _, text in k.actions:
        game.apply(f"discard {Card.from_index(discard)}" if text == "discard" else text)
    return game


__all__ = ["Knowledge", "sample_game", "sample_places"]
