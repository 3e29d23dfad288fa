"""An independent heuristic player, for measuring the bots (in no wheel: the
package's tools have no use for it).

The arena's ``heuristic`` level (``python -m hasenpfeffer arena --b heuristic``):
an opponent the search players were not built around. It shares no code with
the medium player: it sees only ``Game.view(seat)`` and uses the engine's card
tables (``cards.POWER``, ``cards.EFFECTIVE_SUIT``) and nothing from ``bots``.

Its rules, the way a club player might put them:

- **Tricks a hand is worth** with a given trump: the Joker and the right bower
  1 each, the left bower 0.8, the trump ace 0.6, any other trump 0.4, an
  off-suit ace 0.7 (a king behind it 0.3), a void in a side suit 0.3 once it
  holds three trumps; the partner is counted for one trick.
- **Bidding**: bid the lowest legal bid up to that worth (best trump) when it
  tops the standing bid; over a partner's bid only with two tricks more; a
  forced bid is the lowest legal one. Pepper's big bid only at a worth of 7.
- **Trump**: the suit worth most with the widow. **Discard**: the lowest
  card of the shortest side suit that is not an ace. **Alone**: with the
  Joker, both bowers among five or more trumps. **Defend alone**: never.
- **Card play**: lead the top trump still out if it is ours and we made
  trump, else an off-suit ace, else the lowest card of the longest side suit;
  when following, let a partner's trick winning against everything played
  stand (lowest card), else win with the lowest card that wins, else throw
  the lowest card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from hasenpfeffer.cards import (
    CARDS,
    EFFECTIVE_SUIT,
    JOKER,
    POWER,
    SAME_COLOUR,
    SUITS,
    TRUMP_ORDER,
    Card,
)

LEVEL: Final = "heuristic"


def _index(text: str) -> int:
    return Card.parse(text).index


def hand_worth(cards: Sequence[int], trump: int) -> float:
    """Tricks the cards are worth with ``trump``, the partner's one included."""
    order = TRUMP_ORDER[trump]
    worth = 1.0
    trumps = 0
    for c in cards:
        if EFFECTIVE_SUIT[trump][c] == trump:
            trumps += 1
            rank = order.index(c)
            worth += (1.0, 1.0, 0.8, 0.6)[rank] if rank < 4 else 0.4
    for s in range(4):
        if s == trump:
            continue
        side = [c for c in cards if EFFECTIVE_SUIT[trump][c] == s]
        if not side and trumps >= 3:
            worth += 0.3
        ranks = {c % 6 for c in side}
        if 5 in ranks:  # the ace
            worth += 0.7
            if 4 in ranks:
                worth += 0.3
    return worth


def _bid_value(text: str) -> int:
    word = text[4:]
    return {"little": 6, "big": 7}.get(word, 0) or int(word)


class HeuristicPlayer:
    """The rules in the module docstring; deterministic (no randomness at all)."""

    level = LEVEL
    needs_game = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
        if len(legal) == 1:
            return legal[0]
        hand = [_index(t) for t in view["hand"]]
        phase = view["phase"]
        if phase == "bidding":
            return self._bid(view, hand, legal)
        if phase == "trump":
            return max(legal, key=lambda a: hand_worth(hand, SUITS.index(a[6:])))
        if phase == "discard":
            return self._discard(view, hand, legal)
        if phase == "alone":
            return "alone" if self._alone(view, hand) and "alone" in legal else "decline"
        if phase == "defend_alone":
            return "decline" if "decline" in legal else legal[0]
        return self._play(view, hand, legal)

    # ---- calls -------------------------------------------------------------------

    def _bid(self, view: Mapping[str, Any], hand: Sequence[int], legal: Sequence[str]) -> str:
        bids = [a for a in legal if a != "pass"]
        if "pass" not in legal:
            return min(bids, key=_bid_value)
        worth = max(hand_worth(hand, t) for t in range(4))
        high = view["high_bid"]
        standing = _bid_value(f"bid {high}") if high is not None else 0
        partner = view["high_bidder"] is not None and (view["high_bidder"] ^ view["seat"]) & 1 == 0
        if partner and worth < standing + 2:
            return "pass"
        fits = [a for a in bids if _bid_value(a) <= worth and (a != "bid big" or worth >= 7)]
        return min(fits, key=_bid_value) if fits else "pass"

    def _discard(self, view: Mapping[str, Any], hand: Sequence[int], legal: Sequence[str]) -> str:
        t = SUITS.index(view["trump"])
        side = [c for c in hand if EFFECTIVE_SUIT[t][c] != t]
        if not side:
            return f"discard {CARDS[TRUMP_ORDER[t][max(TRUMP_ORDER[t].index(c) for c in hand)]]}"
        lengths = {s: sum(EFFECTIVE_SUIT[t][c] == s for c in side) for s in range(4)}
        plain = [c for c in side if c % 6 != 5] or side
        card = min(plain, key=lambda c: (lengths[EFFECTIVE_SUIT[t][c]], c % 6))
        return f"discard {CARDS[card]}"

    def _alone(self, view: Mapping[str, Any], hand: Sequence[int]) -> bool:
        t = SUITS.index(view["trump"])
        trumps = [c for c in hand if EFFECTIVE_SUIT[t][c] == t]
        right, left = t * 6 + 2, SAME_COLOUR[t] * 6 + 2
        return len(trumps) >= 5 and {JOKER, right, left} <= set(trumps)

    # ---- card play -----------------------------------------------------------------

    def _play(self, view: Mapping[str, Any], hand: Sequence[int], legal: Sequence[str]) -> str:
        t = SUITS.index(view["trump"])
        seat: int = view["seat"]
        cards = [_index(a[5:]) for a in legal]
        trick: list[dict[str, Any]] = view["trick"]
        if not trick:
            return f"play {CARDS[self._lead(view, hand, cards, t)]}"
        led = EFFECTIVE_SUIT[t][_index(trick[0]["card"])]
        power = POWER[t][led]
        top_seat, top = max(
            ((p["seat"], _index(p["card"])) for p in trick), key=lambda sc: power[sc[1]]
        )
        players = 4 - len(view["sitting_out"])
        last = len(trick) == players - 1
        outside = self._unseen(view, hand)
        partner_wins = (top_seat ^ seat) & 1 == 0 and (
            last or all(power[c] < power[top] for c in range(len(CARDS)) if outside >> c & 1)
        )
        lowest = min(
            cards, key=lambda c: (power[c] >= 0 and EFFECTIVE_SUIT[t][c] == t, power[c], c % 6)
        )
        if partner_wins:
            return f"play {CARDS[lowest]}"
        winners = [c for c in cards if power[c] > power[top]]
        if winners:
            return f"play {CARDS[min(winners, key=lambda c: power[c])]}"
        return f"play {CARDS[lowest]}"

    def _lead(
        self, view: Mapping[str, Any], hand: Sequence[int], cards: Sequence[int], t: int
    ) -> int:
        outside = self._unseen(view, hand)
        ours = (view["maker"] ^ view["seat"]) & 1 == 0
        trumps = [c for c in cards if EFFECTIVE_SUIT[t][c] == t]
        if ours and trumps:
            top_out = next((c for c in TRUMP_ORDER[t] if outside >> c & 1), None)
            order = TRUMP_ORDER[t]
            best = order[min(order.index(c) for c in trumps)]
            # draw trumps while some are out and ours is the best of them
            if top_out is not None and order.index(best) < order.index(top_out):
                return best
        side = [c for c in cards if EFFECTIVE_SUIT[t][c] != t]
        aces = [c for c in side if c % 6 == 5]
        if aces:
            return aces[0]
        if side:
            lengths = {s: sum(EFFECTIVE_SUIT[t][c] == s for c in side) for s in range(4)}
            return min(side, key=lambda c: (-lengths[EFFECTIVE_SUIT[t][c]], c % 6))
        return TRUMP_ORDER[t][max(TRUMP_ORDER[t].index(c) for c in cards)]

    @staticmethod
    def _unseen(view: Mapping[str, Any], hand: Sequence[int]) -> int:
        """The cards neither in this hand nor played this hand (the discard and
        widow included: the player does not track them)."""
        seen = 0
        for c in hand:
            seen |= 1 << c
        for trick in (*view["tricks"], {"cards": view["trick"]}):
            for p in trick["cards"]:
                seen |= 1 << _index(p["card"])
        return ((1 << len(CARDS)) - 1) & ~seen


def make(seed: int = 0) -> HeuristicPlayer:
    return HeuristicPlayer(seed)
