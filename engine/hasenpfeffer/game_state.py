"""``GameState``: the fields of a game and everything read from them (who is to
act, the contract, the trick, the legal actions) and ``view(seat)``, exactly
what one seat may know. ``game.Game`` builds on it: making a game, taking its
actions, saving it."""

from __future__ import annotations

from typing import Any, Final

from .actions import (
    ALONE,
    BID_BIG,
    DECLINE,
    PLAYS_HIGH,
    PLAYS_LOW,
    PLAYS_MID,
    TRUMP,
    Action,
    auction_calls,
    call_text,
    discards_for,
    plays_for,
)
from .cards import CARDS, SUITS, Card, cards_of, sort_hand
from .hand_record import HandRecord, Trick, plays_json, seats_sitting_out, tricks_json
from .quoting import quoted
from .rules import Rules, stake_multiplier
from .vocabulary import Phase

#: The version of a save (``Game.to_dict``), also given in every view.
SAVE_VERSION: Final = 1
_ALONE_CHOICES: Final = (ALONE, DECLINE)


class GameState:
    """What a game is now, and what can be read of it; made only as a ``Game``."""

    rules: Rules
    seed: int
    #: A secret deal's key (``SECRET_BYTES``), or None: the deals come from ``seed``.
    secret: bytes | None
    phase: Phase
    dealer: int
    hand_number: int
    bid_action: Action | None
    scores: tuple[int, int]
    alone: bool
    lone_defender: int | None
    winner: int | None
    history: list[Action]
    _raw_records: list[tuple[Any, ...]]  # HandRecord arguments, made into objects on demand
    _record_objs: list[HandRecord]
    # where the game started (with the seed and the actions, this defines it)
    _origin_dealer: int
    _origin_deal: tuple[tuple[int, ...], int] | None
    _origin_scores: tuple[int, int]
    # the hand in progress; card sets are bit sets, cards and suits are indices
    _hands: list[int]
    _dealt: tuple[int, ...]
    _widow: int
    _turn: int  # the seat whose turn it is (-1 once the game is over)
    _maker: int
    _trump_index: int  # the trump suit's index (-1 before trump is named)
    _auction: list[tuple[int, Action]]
    #: the hand's calls after the auction (trump, discard, alone, defend alone) as
    #: (seat, action), in order; a tuple, so that copies share it
    _calls: tuple[tuple[int, Action], ...]
    _passed: int
    _n_passed: int
    _high: int
    _high_action: Action
    _high_bidder: int
    _forced: bool
    _discard: int
    _next: tuple[int, ...]
    _n_active: int
    _trick: list[int]
    _follow: int  # cards of the led suit (0 when leading)
    _effective_suits: tuple[int, ...]  # EFFECTIVE_SUIT[trump]: each card's suit under trump
    _suit_masks: tuple[int, ...]  # SUIT_MASK[trump]
    _orders: tuple[tuple[int, ...], ...]
    _leader: int
    _tricks: list[Trick]
    _won: list[int]
    _legal: tuple[Action, ...] | None

    # ---- reading the state --------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the game is over."""
        return None if self.phase == "game_over" else self._turn

    @property
    def records(self) -> list[HandRecord]:
        """A record of each finished or thrown-in hand, oldest first."""
        objs = self._record_objs
        raw = self._raw_records
        if len(objs) < len(raw):
            objs.extend(HandRecord(*r) for r in raw[len(objs) :])
        return list(objs)

    @property
    def maker(self) -> int | None:
        """The seat that won the auction this hand (None during the auction)."""
        return None if self._maker < 0 else self._maker

    @property
    def trump(self) -> str | None:
        """The trump suit's letter this hand (None before it is named)."""
        return None if self._trump_index < 0 else SUITS[self._trump_index]

    @property
    def bid(self) -> int | None:
        """The contract's number of tricks (little and big pepper: 6), or None."""
        return None if self.bid_action is None else min(self.bid_action.value, 6)

    @property
    def bid_call(self) -> str | None:
        """The standing bid as text: '1'..'6', 'little' or 'big'."""
        return None if self.bid_action is None else call_text(self.bid_action)

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats whose partner plays alone this hand."""
        return seats_sitting_out(self.maker, self.alone, self.lone_defender)

    @property
    def multiplier(self) -> int:
        """The stake multiplier of the current hand (docs/rules.md §7)."""
        return stake_multiplier(
            self.bid_action is BID_BIG, self.alone, self.lone_defender is not None
        )

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won this hand by team 0 and team 1."""
        return (self._won[0], self._won[1])

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds now, in deck order."""
        return cards_of(self._hands[seat])

    @property
    def widow(self) -> Card:
        """The widow card of the current hand (hidden information: not for bots)."""
        return CARDS[self._widow]

    @property
    def dealt_masks(self) -> tuple[int, ...]:
        """The four hands of the current hand as dealt (before the maker took
        the widow and discarded), seat 0 first, as bit sets of card indices
        (hidden information: not for bots, except on games they sampled)."""
        return self._dealt

    @property
    def discard(self) -> Card | None:
        """The maker's discard this hand, None before it (hidden information:
        not for bots, except on games they sampled)."""
        return CARDS[self._discard] if self._discard >= 0 else None

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick so far as (seat, card), leader first."""
        return [(s, CARDS[c]) for s, c in zip(self._trick_seats, self._trick, strict=False)]

    @property
    def _trick_seats(self) -> tuple[int, ...]:
        """Seats in playing order from the current trick's leader."""
        return self._orders[self._leader] if self._leader >= 0 else ()

    @property
    def auction(self) -> list[tuple[int, Action]]:
        return list(self._auction)

    # ---- the legal actions ------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take now, in a stable order."""
        legal = self._legal
        if legal is None:
            if self.phase == "play":
                # inlined plays_for(): this is the inner loop of every search bot
                hand = self._hands[self._turn]
                m = hand & self._follow or hand
                legal = PLAYS_LOW[m & 0x1FF] + PLAYS_MID[(m >> 9) & 0xFF] + PLAYS_HIGH[m >> 17]
            else:
                legal = self._compute_legal()
            self._legal = legal
        return list(legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "play":
            hand = self._hands[self._turn]
            return plays_for(hand & self._follow or hand)
        if phase == "bidding":
            return auction_calls(self.rules.bidding, self._high)
        if phase == "trump":
            return TRUMP
        if phase == "discard":
            return discards_for(self._hands[self._turn])
        if phase in ("alone", "defend_alone"):
            return _ALONE_CHOICES
        return ()

    # ---- views ------------------------------------------------------------------

    def _phase_of(self, seat: int, action: str) -> str:
        """The phase an action of the hand in progress was taken in (a view's
        ``hand_actions``: "Why?" says a lone defender's call as defending)."""
        kind = action.split(" ", 1)[0]
        if kind in ("alone", "decline"):
            return "alone" if seat == self.maker else "defend_alone"
        return _KIND_PHASE[kind]

    def hand_actions(self, viewer: int | None = None) -> list[tuple[int, str]]:
        """The actions of the hand in progress as (seat, text), in order. With a
        ``viewer`` other than the maker, the maker's discard reads just "discard"."""
        out: list[tuple[int, str]] = [(s, str(a)) for s, a in self._auction]
        shown = viewer is None or viewer == self.maker
        for seat, action in self._calls:
            text = str(action)
            out.append((seat, "discard" if not shown and text.startswith("discard") else text))
        for _, cards, seats, _ in self._tricks:
            out.extend((s, f"play {CARDS[c]}") for s, c in zip(seats, cards, strict=False))
        out.extend(
            (s, f"play {CARDS[c]}") for s, c in zip(self._trick_seats, self._trick, strict=False)
        )
        return out

    def view(self, seat: int) -> dict[str, Any]:
        """A JSON-ready dict of exactly what ``seat`` may know now."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0 to 3; got {quoted(seat)}")
        maker = self.maker
        trump = self.trump
        is_maker = maker == seat and self.phase != "bidding"
        hand_counts = [self._hands[s].bit_count() for s in range(4)]
        view: dict[str, Any] = {
            "version": SAVE_VERSION,
            "seat": seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "scores": list(self.scores),
            "winner": self.winner,
            "hand": [str(c) for c in sort_hand(self.hand(seat), trump)],
            "hand_sizes": hand_counts,
            "auction": [{"seat": s, "call": str(a)} for s, a in self._auction],
            "passed": [s for s in range(4) if self._passed >> s & 1],
            "high_bid": call_text(self._high_action) if self._high else None,
            "high_bidder": self._high_bidder if self._high else None,
            "forced": self._forced,
            "maker": maker,
            "bid": self.bid,
            "bid_call": self.bid_call,
            "trump": trump,
            "alone": self.alone,
            "lone_defender": self.lone_defender,
            "sitting_out": list(self.sitting_out),
            "multiplier": self.multiplier if maker is not None else None,
            "trick": plays_json(self._trick_seats[: len(self._trick)], self._trick),
            "tricks": tricks_json(self._tricks),
            "tricks_won": list(self._won),
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self._turn else [],
            "hand_actions": [
                {"seat": s, "action": a, "phase": self._phase_of(s, a)}
                for s, a in self.hand_actions(None if is_maker else seat)
            ],
            "last_hand": self.records[-1].public_dict() if self._raw_records else None,
        }
        if is_maker:
            view["widow"] = str(CARDS[self._widow])
            view["discard"] = str(CARDS[self._discard]) if self._discard >= 0 else None
        return view


#: The phase of each kind of action (alone and decline: the maker's or a defender's).
_KIND_PHASE: Final = {
    "pass": "bidding",
    "bid": "bidding",
    "trump": "trump",
    "discard": "discard",
    "play": "play",
}
