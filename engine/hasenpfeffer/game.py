"""The game state machine: deal, auction, widow, trump, discard, alone calls,
play, scoring and the next deal, until a partnership reaches the target.

``Game`` is the one mutable object of the engine. Everything a caller can do
goes through ``legal_actions()`` and ``apply()``; an illegal action raises
``IllegalActionError`` and leaves the game exactly as it was.

>>> from hasenpfeffer import Game, IllegalActionError, InvalidActionError
>>> game = Game.new(seed=7)
>>> game.phase, game.to_act  # seats: 0 South, 1 West, 2 North, 3 East
('bidding', 1)
>>> game.apply("pass")
>>> game.to_act
2
>>> try:
...     game.apply("play JK")
... except IllegalActionError as err:
...     print(err)
play JK is not possible now: waiting for a bid or pass from North; legal: pass, bid 1, ...
>>> try:
...     game.apply("bid seven")
... except InvalidActionError as err:
...     print(err)
not an action: 'bid seven' ...
>>> Game.from_json(game.to_json()).history == game.history  # a save is its seed and actions
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from .actions import (
    ALONE,
    BID,
    BID_BIG,
    BID_LITTLE,
    DECLINE,
    LITTLE,
    PASS,
    PLAYS_HIGH,
    PLAYS_LOW,
    PLAYS_MID,
    TRUMP,
    Action,
    ActionError,
    IllegalActionError,
    InvalidActionError,
    discards_for,
    plays_for,
)
from .cards import (
    CARDS,
    EFFECTIVE_SUIT,
    JOKER,
    NUM_CARDS,
    SUIT_MASK,
    SUITS,
    Card,
    cards_of,
    parse_cards,
    sort_hand,
)
from .quoting import quoted
from .rules import (
    Rules,
    follow_violation,
    game_winner,
    hand_points,
    stake_multiplier,
    winning_position,
)
from .text import illegal_text
from .vocabulary import Phase

SAVE_FORMAT: Final = "hasenpfeffer-game"
SAVE_VERSION: Final = 1
MAX_SEED: Final = 2**53 - 1  # seeds stay exact as JavaScript numbers
#: A game's scores stay within this many points of zero (far beyond any real game).
MAX_SCORE: Final = 100_000
#: The most actions a save may hold: about 800 hands, where a game takes about 7.
MAX_SAVE_ACTIONS: Final = 20_000

_CALLS_STANDARD: Final = tuple((PASS, *BID[high + 1 : 7]) for high in range(7))
_PEPPER_BIDS: Final = (*BID[1:6], BID_LITTLE, BID_BIG)
_CALLS_PEPPER: Final = tuple((PASS, *_PEPPER_BIDS[high:]) for high in range(8))
_ALONE_CHOICES: Final = (ALONE, DECLINE)
_NEXT: Final = (1, 2, 3, 0)
_ORDERS: Final = tuple(tuple((s + k) % 4 for k in range(4)) for s in range(4))


def auction_calls(bidding: str, high: int) -> tuple[Action, ...]:
    """The legal calls under ``bidding`` ("standard" or "pepper") over a
    standing bid of value ``high`` (0: none yet): pass and every higher bid."""
    return (_CALLS_STANDARD if bidding == "standard" else _CALLS_PEPPER)[high]


def call_text(bid: Action) -> str:
    """What a bid says: '1'..'6', 'little' or 'big'."""
    return str(bid)[4:]


_MASK128: Final = (1 << 128) - 1


def _mix(seed: int, hand_number: int) -> int:
    """128 well-mixed bits from a seed and a hand number (multiply-xorshift)."""
    x = (
        seed * 0x9E3779B97F4A7C15F39CC0605CEDC835
        + hand_number * 0xD1B54A32D192ED03AEF5F3C4B5E8F1A7
        + 0x2545F4914F6CDD1D
    ) & _MASK128
    x = ((x ^ (x >> 67)) * 0xDB4F0B9175AE2165E4E3A5B0C1D2E3F7) & _MASK128
    x = ((x ^ (x >> 59)) * 0x94D049BB133111EB2545F4914F6CDD1D) & _MASK128
    return x ^ (x >> 64)


#: A secret deal's key: this many bytes of the system's cryptographic randomness.
SECRET_BYTES: Final = 16


def check_secret(secret: object) -> bytes:
    """A secret deal's key: ``SECRET_BYTES`` bytes (or their hex text, as saved)."""
    if isinstance(secret, str) and len(secret) == 2 * SECRET_BYTES:
        with contextlib.suppress(ValueError):
            secret = bytes.fromhex(secret)
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise ValueError(f"secret must be {SECRET_BYTES} bytes as hex text; got {quoted(secret)}")
    return secret


def _keyed(secret: bytes, what: bytes) -> int:
    """128 bits of a keyed hash (BLAKE2b, the key the deal's secret) of ``what``."""
    digest = hashlib.blake2b(what, digest_size=16, key=secret, person=b"hasenpfeffer")
    return int.from_bytes(digest.digest(), "big")


def secret_seed(secret: bytes) -> int:
    """The seed a secret deal's game carries (its computer players are seeded
    from it): drawn from the secret one way, so it tells nothing of the deals.

    >>> 0 <= secret_seed(bytes(16)) <= MAX_SEED
    True
    """
    return _keyed(secret, b"seed") & MAX_SEED


def shuffled_deck(
    seed: int, hand_number: int, secret: bytes | None = None
) -> tuple[int, list[int]]:
    """A dealer draw and the shuffled deck for one hand of a seeded game. Integer
    arithmetic only (a Fisher-Yates shuffle driven by ``_mix``), so deals are the
    same on every Python (CPython, Pyodide) and cheap to make. A secret deal
    (``secret``: ``SECRET_BYTES`` random bytes) is driven instead by a keyed
    hash of the hand's number (``_keyed``): nobody without the secret can
    work out a hand from the others."""
    x = _mix(seed, hand_number) if secret is None else _keyed(secret, b"hand %d" % hand_number)
    dealer = x & 3
    x >>= 2
    deck = list(range(NUM_CARDS))
    for i in range(NUM_CARDS - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return dealer, deck


def deal_hands(deck: Sequence[int], dealer: int) -> tuple[list[int], int]:
    """Hands as bit sets from a deck in dealing order: two rounds of three cards
    each, starting left of the dealer; the 25th card is the widow."""
    hands = [0, 0, 0, 0]
    for k in range(4):
        i = 3 * k
        hands[(dealer + k + 1) % 4] = (
            1 << deck[i]
            | 1 << deck[i + 1]
            | 1 << deck[i + 2]
            | 1 << deck[i + 12]
            | 1 << deck[i + 13]
            | 1 << deck[i + 14]
        )
    return hands, deck[24]


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


class Game:
    """A game of Hasenpfeffer for four seats (0 South, 1 West, 2 North, 3 East;
    teams 0 = seats 0 and 2, 1 = seats 1 and 3)."""

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

    # ---- construction -------------------------------------------------------------

    def __init__(self) -> None:
        raise TypeError("create games with Game.new(), Game.from_deal() or Game.from_json()")

    @classmethod
    def _blank(
        cls,
        rules: Rules | None,
        seed: int | None,
        scores: Sequence[int],
        secret: bytes | None = None,
    ) -> Game:
        if secret is not None:
            secret = check_secret(secret)
            if seed is None:
                seed = secret_seed(secret)
            elif seed != secret_seed(secret):
                raise ValueError("the seed is not the secret deal's")
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object; got {quoted(rules)}")
        if seed is None:
            seed = random.getrandbits(52)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(
                f"seed must be a whole number from 0 to {MAX_SEED}; got {quoted(seed)}"
            )
        if len(scores) != 2 or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise ValueError(f"scores must be two whole numbers; got {quoted(scores)}")
        if not all(-MAX_SCORE < s < rules.target for s in scores):
            raise ValueError(
                f"starting scores must be below the target of {rules.target} (a game not yet "
                f"won) and above {-MAX_SCORE}; got {scores[0]} and {scores[1]}"
            )
        g = object.__new__(cls)
        g.rules = rules
        g.seed = seed
        g.secret = secret
        g.scores = (scores[0], scores[1])
        g.hand_number = 0
        g.winner = None
        g.history = []
        g._raw_records = []
        g._record_objs = []
        g._origin_scores = g.scores
        g._origin_deal = None
        g._legal = None
        return g

    @classmethod
    def new(
        cls, rules: Rules | None = None, seed: int | None = None, *, secret: bytes | None = None
    ) -> Game:
        """A new game; the same seed and the same actions always give the same game.
        With ``secret`` (``SECRET_BYTES`` random bytes) every hand is dealt from
        it (``shuffled_deck``), and the game's seed is drawn from it."""
        g = cls._blank(rules, seed, (0, 0), secret)
        dealer, deck = shuffled_deck(g.seed, 0, g.secret)
        g._origin_dealer = dealer
        g._start_hand(dealer, deal_hands(deck, dealer))
        return g

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        widow: Card | str,
        dealer: int,
        rules: Rules | None = None,
        scores: Sequence[int] = (0, 0),
        seed: int | None = None,
    ) -> Game:
        """A game whose first hand is this deal (four hands of six cards, seat 0
        first, and the widow). Later hands are dealt from ``seed``."""
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat from 0 to 3; got {quoted(dealer)}")
        if len(hands) != 4:
            raise ValueError(f"a deal has four hands; got {len(hands)}")
        masks = []
        seen = 0
        for seat, h in enumerate(hands):
            cards = parse_cards(h)
            if len(cards) != 6:
                raise ValueError(f"hand {seat} must have 6 cards; got {len(cards)}")
            for c in cards:
                if seen >> c.index & 1:
                    raise ValueError(f"{c} is dealt twice")
                seen |= 1 << c.index
            masks.append(sum(1 << c.index for c in cards))
        w = widow if isinstance(widow, Card) else Card.parse(widow)
        if seen >> w.index & 1:
            raise ValueError(f"{w} is dealt twice")
        g = cls._blank(rules, seed, scores)
        g._origin_dealer = dealer
        g._origin_deal = (tuple(masks), w.index)
        g._start_hand(dealer, (masks, w.index))
        return g

    def _start_hand(self, dealer: int, deal: tuple[list[int], int] | None = None) -> None:
        if deal is None:
            _, deck = shuffled_deck(self.seed, self.hand_number, self.secret)
            hands, widow = deal_hands(deck, dealer)
        else:
            hands, widow = list(deal[0]), deal[1]
        self.dealer = dealer
        self._hands = hands
        self._dealt = tuple(hands)
        self._widow = widow
        self.phase = "bidding"
        self._turn = (dealer + 1) % 4
        self._maker = -1
        self.bid_action = None
        self._trump_index = -1
        self.alone = False
        self.lone_defender = None
        self._auction = []
        self._calls = ()
        self._passed = 0
        self._n_passed = 0
        self._high = 0
        self._high_action = PASS
        self._high_bidder = -1
        self._forced = False
        self._discard = -1
        self._next = _NEXT
        self._orders = _ORDERS
        self._leader = -1
        self._n_active = 4
        self._trick = []
        self._follow = 0
        self._tricks = []
        self._won = [0, 0]
        self._legal = None

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

    # ---- actions ------------------------------------------------------------------

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

    def is_legal(self, action: Action | str) -> bool:
        try:
            a = Action.parse(action)
        except InvalidActionError:
            return False
        if len(self.history) >= MAX_SAVE_ACTIONS:
            return False
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return a in legal

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (an Action or its text) for the seat to act. Raises
        InvalidActionError for text that is no action and IllegalActionError for
        an action that is not legal now, saying why; either way the game is
        unchanged."""
        a = action if isinstance(action, Action) else Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if a not in legal or len(self.history) >= MAX_SAVE_ACTIONS:
            raise IllegalActionError(self._why_illegal(a))
        self._legal = None
        self.history.append(a)
        phase = self.phase
        if phase == "play":  # inlined _play(): the hot path
            p = self._turn
            card = a.value
            self._hands[p] ^= 1 << card
            trick = self._trick
            if not trick:
                self._follow = self._suit_masks[self._effective_suits[card]]
            trick.append(card)
            if len(trick) < self._n_active:
                self._turn = self._next[p]
            else:
                self._end_trick()
        else:
            if phase != "bidding":
                self._calls = (*self._calls, (self._turn, a))
            _APPLY_PHASE[phase](self, a)

    # ---- one method per phase but play (inlined above: the hot path), by _APPLY_PHASE

    def _apply_trump(self, action: Action) -> None:
        suit = action.value
        self._trump_index = suit
        self._effective_suits = EFFECTIVE_SUIT[suit]
        self._suit_masks = SUIT_MASK[suit]
        self.phase = "discard"

    def _apply_discard(self, action: Action) -> None:
        self._hands[self._turn] ^= 1 << action.value
        self._discard = action.value
        if self.rules.going_alone:
            self.phase = "alone"
        else:
            self._start_play()

    def _apply_alone(self, action: Action) -> None:
        if action is ALONE:
            self.alone = True
            if self.rules.lone_defender:
                self.phase = "defend_alone"
                self._turn = (self._turn + 1) % 4
                return
        self._start_play()

    def _apply_defend_alone(self, action: Action) -> None:
        if action is ALONE:
            self.lone_defender = self._turn
            self._start_play()
        elif self._turn == _NEXT[self._maker]:
            self._turn = (self._turn + 2) % 4
        else:
            self._start_play()

    def _apply_bidding(self, action: Action) -> None:
        p = self._turn
        value = action.value
        self._auction.append((p, action))
        if value == 0:
            self._passed |= 1 << p
            self._n_passed += 1
            if self._n_passed == 4:
                self._all_passed()
                return
            if self._n_passed == 3 and self._high:
                self._end_auction(self._high_bidder, self._high_action)
                return
        else:
            self._high = value
            self._high_action = action
            self._high_bidder = p
            if action is BID[6] or action is BID_BIG or self._n_passed == 3:
                self._end_auction(p, action)
                return
        nxt = (p + 1) % 4
        while self._passed >> nxt & 1:
            nxt = (nxt + 1) % 4
        self._turn = nxt

    def _all_passed(self) -> None:
        rule = self.rules.all_pass
        if rule == "dealer_forced":
            holder = self.dealer
        elif rule == "joker_forced":
            holder = next((s for s in range(4) if self._hands[s] >> JOKER & 1), -1)
        else:
            holder = -1
        if holder < 0:
            self._finish_hand(thrown_in=True)
            return
        self._forced = True
        forced = self.rules.forced_bid
        pepper_six = forced == 6 and self.rules.bidding == "pepper"
        self._end_auction(holder, BID_LITTLE if pepper_six else BID[forced])

    def _end_auction(self, maker: int, bid: Action) -> None:
        self._maker = maker
        self.bid_action = bid
        self._hands[maker] |= 1 << self._widow
        self.phase = "trump"
        self._turn = maker

    def _start_play(self) -> None:
        maker = self.maker
        assert maker is not None
        out = self.sitting_out
        if out:
            active = [s for s in range(4) if s not in out]
            n = len(active)
            self._next = tuple(
                active[(active.index(s) + 1) % n] if s in active else -1 for s in range(4)
            )
            self._orders = tuple(
                tuple(active[(active.index(s) + k) % n] for k in range(n)) if s in active else ()
                for s in range(4)
            )
            self._n_active = n
        if self.lone_defender is not None:
            leader = self.lone_defender
        elif self.rules.first_lead == "maker":
            leader = maker
        elif self.alone:
            leader = (maker + 1) % 4
        else:
            leader = (self.dealer + 1) % 4
        self.phase = "play"
        self._turn = self._leader = leader

    def _end_trick(self) -> None:
        trick = self._trick
        seats = self._orders[self._leader]
        winner = seats[winning_position(trick, self._trump_index)]
        self._won[winner & 1] += 1
        self._tricks.append((self._leader, tuple(trick), seats, winner))
        self._trick = []
        self._follow = 0
        self._turn = self._leader = winner
        if len(self._tricks) == 6:
            self._finish_hand()

    def _finish_hand(self, thrown_in: bool = False) -> None:
        maker = self.maker
        if thrown_in or maker is None:
            points = (0, 0)
        else:
            team = maker & 1
            mine, theirs = hand_points(self.rules, self.bid or 0, self._won[team], self.multiplier)
            points = (mine, theirs) if team == 0 else (theirs, mine)
        self.scores = (self.scores[0] + points[0], self.scores[1] + points[1])
        self._raw_records.append(
            (
                self.hand_number,
                self.dealer,
                self._dealt,
                self._widow,
                self._auction,
                self._forced,
                maker,
                self.bid_action,
                self._trump_index,
                self._discard,
                self.alone,
                self.lone_defender,
                self._tricks,
                (self._won[0], self._won[1]),
                points,
                self.scores,
            )
        )
        if not thrown_in:
            self.winner = game_winner(self.rules, self.scores, None if maker is None else maker & 1)
        if self.winner is not None:
            self.phase = "game_over"
            self._turn = -1
            return
        self.hand_number += 1
        self._start_hand((self.dealer + 1) % 4)

    # ---- explaining illegal actions ----------------------------------------------

    def reason_code(self, action: Action | str) -> tuple[str, dict[str, Any]]:
        """Why ``action`` is not legal now, as a stable code and its parameters
        (for a message in the player's language; ``text.illegal_text`` says the same
        in English). ``("", {})`` when it is legal. Codes: ``not_an_action``,
        ``game_over``, ``not_now`` (wrong kind of decision for the phase:
        ``phase``, ``seat``), ``pepper_no_six``, ``pepper_only`` (``call``),
        ``bid_too_low`` (``call``: the bid to beat), ``not_in_hand`` (``card``,
        ``seat``), ``must_follow`` (see ``rules.follow_violation``), ``game_full``
        (``max``: the game holds ``MAX_SAVE_ACTIONS`` actions, the most a save
        holds, and takes no more)."""
        try:
            a = Action.parse(action)
        except InvalidActionError:
            return "not_an_action", {"action": str(action)}
        phase = self.phase
        if phase == "game_over":
            return "game_over", {"action": str(a)}
        if len(self.history) >= MAX_SAVE_ACTIONS:
            return "game_full", {"max": MAX_SAVE_ACTIONS}
        if a in self.legal_actions():
            return "", {}
        seat = self._turn
        if a.kind not in _PHASE_KINDS[phase]:
            return "not_now", {"action": str(a), "phase": phase, "seat": seat}
        if phase == "bidding":
            if self.rules.bidding == "pepper" and a is BID[6]:
                return "pepper_no_six", {}
            if self.rules.bidding == "standard" and a.value >= LITTLE:
                return "pepper_only", {"call": call_text(a)}
            return "bid_too_low", {"call": call_text(self._high_action)}
        card = CARDS[a.value]
        if not self._hands[seat] >> a.value & 1:
            return "not_in_hand", {"card": str(card), "seat": seat}
        if phase == "play" and self._trick:
            facts = follow_violation(
                card, cards_of(self._hands[seat]), CARDS[self._trick[0]], SUITS[self._trump_index]
            )
            if facts is not None:
                return "must_follow", facts
        return "not_legal", {"action": str(a)}  # pragma: no cover

    def _why_illegal(self, action: Action) -> str:
        """``reason_code`` in English (``text.illegal_text``)."""
        code, params = self.reason_code(action)
        legal = ", ".join(str(a) for a in self._legal or ())
        return illegal_text(code, params, str(action), legal)

    # ---- copies, equality, views ----------------------------------------------

    def copy(self) -> Game:
        """An independent copy (cheap: bots copy games in their inner loops)."""
        g = object.__new__(Game)
        d = g.__dict__
        d.update(self.__dict__)
        d["_hands"] = self._hands.copy()
        d["_auction"] = self._auction.copy()
        d["_trick"] = self._trick.copy()
        d["_tricks"] = self._tricks.copy()
        d["_won"] = self._won.copy()
        d["history"] = self.history.copy()
        d["_raw_records"] = self._raw_records.copy()
        d["_record_objs"] = self._record_objs.copy()
        return g

    __copy__ = copy

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.seed,
            self.secret,
            self._origin_dealer,
            self._origin_deal,
            tuple(self.history),
            self.phase,
            self._turn,
            self.dealer,
            self.hand_number,
            tuple(self._hands),
            self._widow,
            self.scores,
            self._maker,
            self.bid_action,
            self._trump_index,
            self.alone,
            self.lone_defender,
            tuple(self._trick),
            tuple(self._tricks),
            tuple(self._won),
            self.winner,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game hand {self.hand_number + 1} {self.phase} scores {self.scores[0]}-"
            f"{self.scores[1]} to act: {self.to_act}>"
        )

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

    # ---- saving and loading -------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The versioned save: rules, seed, the starting position and every action."""
        start: dict[str, Any] = {"dealer": self._origin_dealer, "scores": list(self._origin_scores)}
        if self._origin_deal is not None:
            hands, widow = self._origin_deal
            start["hands"] = [[str(c) for c in cards_of(h)] for h in hands]
            start["widow"] = str(CARDS[widow])
        out: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "start": start,
            "actions": [str(a) for a in self.history],
        }
        if self.secret is not None:
            out["secret"] = self.secret.hex()  # a secret deal: its key deals every hand
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: str | bytes | dict[str, Any]) -> Game:
        """Load a save made by ``to_json()``. A corrupt, foreign or newer save raises
        ValueError saying what is wrong."""
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except (ValueError, UnicodeDecodeError) as err:
                raise ValueError(f"not a saved game: the text is not JSON ({err})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not a saved Hasenpfeffer game")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise ValueError(
                f"saved game version {quoted(version)} is not supported (this engine reads version "
                f"{SAVE_VERSION})"
            )
        try:
            rules = Rules.from_dict(data["rules"])
            start = data["start"]
            actions = data["actions"]
            if not isinstance(start, dict) or not isinstance(actions, list):
                raise ValueError("start must be an object and actions a list")
            if len(actions) > MAX_SAVE_ACTIONS:
                raise ValueError(
                    f"a save holds at most {MAX_SAVE_ACTIONS} actions; this one has {len(actions)}"
                )
            scores = start.get("scores", [0, 0])
            secret = data.get("secret")
            if "hands" in start:
                game = cls.from_deal(
                    start["hands"], start["widow"], start["dealer"], rules, scores, data["seed"]
                )
                if secret is not None:
                    raise ValueError("a save of a chosen deal has no secret")
            else:
                game = cls._blank(rules, data["seed"], scores, secret)
                dealer = start.get("dealer")
                if isinstance(dealer, bool) or dealer not in (0, 1, 2, 3):
                    raise ValueError(f"dealer must be a seat from 0 to 3; got {quoted(dealer)}")
                game._origin_dealer = dealer
                game._start_hand(dealer)
        except (KeyError, TypeError) as err:
            raise ValueError(f"corrupt saved game: missing or wrong field {err}") from None
        except ValueError as err:
            raise ValueError(f"corrupt saved game: {err}") from None
        for i, text in enumerate(actions):
            try:
                game.apply(text)
            except ActionError as err:
                raise ValueError(
                    f"corrupt saved game: action {i + 1} ({quoted(text)}): {err}"
                ) from None
        return game

    def replayed(self, n_actions: int) -> Game:
        """The same game as it was after its first ``n_actions`` actions (for undo)."""
        if not 0 <= n_actions <= len(self.history):
            raise ValueError(f"n_actions must be 0 to {len(self.history)}; got {n_actions}")
        data = self.to_dict()
        data["actions"] = data["actions"][:n_actions]
        return Game.from_json(data)


#: The phase of each kind of action (alone and decline: the maker's or a defender's).
_KIND_PHASE: Final = {
    "pass": "bidding",
    "bid": "bidding",
    "trump": "trump",
    "discard": "discard",
    "play": "play",
}

#: How each phase but play takes its action (``Game.apply``; play is inlined there).
_APPLY_PHASE: Final[dict[str, Callable[[Game, Action], None]]] = {
    "bidding": Game._apply_bidding,
    "trump": Game._apply_trump,
    "discard": Game._apply_discard,
    "alone": Game._apply_alone,
    "defend_alone": Game._apply_defend_alone,
}

_PHASE_KINDS: Final = {
    "bidding": ("bid", "pass"),
    "trump": ("trump",),
    "discard": ("discard",),
    "alone": ("alone", "decline"),
    "defend_alone": ("alone", "decline"),
    "play": ("play",),
}
