"""What one seat's view implies about the hidden cards, and deals consistent with it.

The inference is written once, here, for every computer player:
``Inference(view)`` reads ``game.view(seat)`` and works out which cards each
seat has played this hand, which suits each seat has shown out of (voids:
a seat that did not follow the led suit, suits taken under the trump's
effective suits, so the left bower is a trump), the cards this seat has not
seen (neither in its hand, nor played, nor its own discard) and the forced
Joker (under ``all_pass == "joker_forced"`` a forced bidder holds the Joker
when the auction ends). ``bots.medium.Table`` builds its chances on it and
``Knowledge`` adds where each unseen card may lie.

``sample_game(view, rng)`` takes the view and returns a complete ``Game`` in
the same position, with every card the seat cannot see placed at random among
the places it could be: other players' hands (respecting the suits they have
shown out of), the maker's discard, and the widow while it is still face
down. Only the view is read, so a bot using this cannot cheat.

For example, clubs are trump and South leads the right bower: West and
North show out of clubs, East follows with the left bower (a club now).

>>> from hasenpfeffer.game import Game
>>> hands = ["9C TC JC QC KC AC", "9D TD JD QD KD AD", "9H TH JH QH KH AH", "9S TS JS QS KS AS"]
>>> game = Game.from_deal(hands, "JK", dealer=3, seed=1)
>>> for action in ["bid 3", "pass", "pass", "pass", "trump C", "discard 9C", "decline",
...                "play JC", "play 9D", "play 9H", "play JS"]:
...     game.apply(action)
>>> seen = Inference(game.view(2))  # what North knows
>>> seen.voids  # per seat, a bit set over the suits C D H S
[0, 1, 1, 0]
>>> [str(CARDS[c]) for c in range(NUM_CARDS) if seen.played_by[3] >> c & 1]
['JS']
>>> seen.unseen.bit_count()  # 25 cards less North's five and the four played
16
>>> seen.forced_joker
False
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from .cards import CARDS, EFFECTIVE_SUIT, FULL_DECK, JOKER, NUM_CARDS, SUIT_MASK, SUITS, Card
from .game import Game
from .rules import Rules

#: Pseudo-seats for cards that are in no player's hand.
DISCARD_SLOT = 4
WIDOW_SLOT = 5

_INDEX: Final = {str(c): c.index for c in CARDS}

#: CARDS_OF_SUITS[trump][suits] -> the cards of any of the suits in the bit
#: set ``suits`` (e.g. a seat's ``voids``), by effective suit.
CARDS_OF_SUITS: Final = tuple(
    tuple(sum(SUIT_MASK[t][suit] for suit in range(4) if suits >> suit & 1) for suits in range(16))
    for t in range(4)
)


@lru_cache(maxsize=64)
def _rules_cached(key: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules.from_dict(dict(key))


def view_rules(data: Mapping[str, Any]) -> Rules:
    """The ``Rules`` of a view's ``rules`` object, cached (bots read them for
    every decision; ``Rules`` objects are immutable, so they are shared)."""
    return _rules_cached(tuple(sorted(data.items())))


def hand_mask(cards: Sequence[str]) -> int:
    """The bit set of cards given as texts (e.g. a view's ``hand``)."""
    m = 0
    for text in cards:
        m |= 1 << _INDEX[text]
    return m


class Inference:
    """What a view of one seat implies about the cards, in bit sets and card
    indices (see the module docstring): the one place this is worked out.

    ``seat``, ``hand`` (its bit set), ``trump`` (suit index, -1 before trump
    is named), ``discard`` (the card this seat discarded as maker, else -1),
    ``rules``, ``played_by`` (per seat: the cards it played this hand),
    ``played`` (their union), ``voids`` (per seat: a bit set over the four
    suits it has shown out of), ``unseen`` (the cards this seat has not seen)
    and ``forced_joker`` (the maker was forced and, under the
    ``joker_forced`` rule, held the Joker when the auction ended).
    Subclasses add what their players need."""

    __slots__ = (
        "discard",
        "forced_joker",
        "hand",
        "played",
        "played_by",
        "rules",
        "seat",
        "trump",
        "unseen",
        "voids",
    )

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat: int = view["seat"]
        rules = self.rules = view_rules(view["rules"])
        hand = self.hand = hand_mask(view["hand"])
        discard_text = view.get("discard")
        discard = self.discard = _INDEX[discard_text] if discard_text else -1
        trump_text = view["trump"]
        t = self.trump = SUITS.index(trump_text) if trump_text else -1
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        if t >= 0:
            eff = EFFECTIVE_SUIT[t]
            for trick in (*view["tricks"], {"cards": view["trick"]}):
                cards = trick["cards"]
                if not cards:
                    continue
                led = eff[_INDEX[cards[0]["card"]]]
                for p in cards:
                    c = _INDEX[p["card"]]
                    s = p["seat"]
                    played_by[s] |= 1 << c
                    if eff[c] != led:
                        voids[s] |= 1 << led
        self.played_by = played_by
        played = self.played = played_by[0] | played_by[1] | played_by[2] | played_by[3]
        self.voids = voids
        unseen = FULL_DECK & ~hand & ~played
        if discard >= 0:
            unseen &= ~(1 << discard)
        self.unseen = unseen
        self.forced_joker = bool(
            view["forced"] and rules.all_pass == "joker_forced" and view["maker"] is not None
        )


class Knowledge(Inference):
    """What a view says about where the hidden cards can be: the inference
    plus the hidden cards (``pool``, in deck order), the room in each place
    (``capacity``: seats 0-3, the discard, the widow) and the places each
    hidden card may be in (``allowed``, bit sets over the six places)."""

    __slots__ = (
        "actions",
        "allowed",
        "capacity",
        "dealer",
        "maker",
        "pool",
        "scores",
        "widow",
    )

    def __init__(self, view: Mapping[str, Any]) -> None:
        Inference.__init__(self, view)
        self.dealer: int = view["dealer"]
        self.scores: tuple[int, int] = (view["scores"][0], view["scores"][1])
        maker: int | None = view["maker"]
        self.maker = maker
        self.actions: list[tuple[int, str]] = [
            (a["seat"], a["action"]) for a in view["hand_actions"]
        ]
        self.widow = _INDEX[view["widow"]] if view.get("widow") else -1
        unseen = self.unseen
        self.pool = [c for c in range(NUM_CARDS) if unseen >> c & 1]
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
        trump = self.trump
        voids = self.voids
        forced_joker = self.forced_joker
        for c in self.pool:
            places = 0
            for p in range(6):
                if not capacity[p]:
                    continue
                if p < 4 and trump >= 0 and voids[p] >> EFFECTIVE_SUIT[trump][c] & 1:
                    continue
                places |= 1 << p
            if c == JOKER and forced_joker and maker is not None:
                # the forced maker held the Joker when the auction ended
                places &= (1 << maker) | (1 << DISCARD_SLOT)
            allowed[c] = places
        self.allowed = allowed


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
    return game_from_places(k, sample_places(k, rng), rng)


def game_from_places(k: Knowledge, places: Sequence[int], rng: random.Random) -> Game:
    """The game in ``k``'s position with each hidden card of ``k.pool`` in the
    place ``places`` gives it (as ``sample_places`` returns them); ``rng``
    picks which of a maker's cards came from the widow where that is hidden."""
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


__all__ = [
    "CARDS_OF_SUITS",
    "DISCARD_SLOT",
    "WIDOW_SLOT",
    "Inference",
    "Knowledge",
    "game_from_places",
    "hand_mask",
    "sample_game",
    "sample_places",
    "view_rules",
]
