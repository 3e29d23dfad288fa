"""The game state machine: deal, auction, widow, trump, discard, alone calls,
play, scoring and the next deal, until a partnership reaches the target.

``Game`` is the one mutable object of the engine. Everything a caller can do
goes through ``legal_actions()`` and ``apply()``; an illegal action raises
``IllegalActionError`` and leaves the game exactly as it was. What can be read
of a game, a seat's ``view`` included, is its base ``game_state.GameState``; the
deals come from ``dealing``, a finished hand's record is ``hand_record.HandRecord``.

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

import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from .actions import (
    ALONE,
    BID,
    BID_BIG,
    BID_LITTLE,
    LITTLE,
    PASS,
    Action,
    ActionError,
    IllegalActionError,
    InvalidActionError,
    auction_calls,
    call_text,
)
from .cards import CARDS, EFFECTIVE_SUIT, JOKER, SUIT_MASK, SUITS, Card, cards_of, parse_cards
from .dealing import (
    MAX_SEED,
    SECRET_BYTES,
    check_secret,
    deal_hands,
    secret_seed,
    shuffled_deck,
)
from .game_state import SAVE_VERSION, GameState
from .hand_record import HandRecord, Trick, plays_json, seats_sitting_out, tricks_json
from .quoting import quoted
from .rules import Rules, follow_violation, game_winner, hand_points, winning_position
from .text import illegal_text

__all__ = [
    "MAX_SAVE_ACTIONS",
    "MAX_SCORE",
    "MAX_SEED",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SECRET_BYTES",
    "Game",
    "HandRecord",
    "Trick",
    "auction_calls",
    "call_text",
    "check_secret",
    "deal_hands",
    "plays_json",
    "seats_sitting_out",
    "secret_seed",
    "shuffled_deck",
    "tricks_json",
]

SAVE_FORMAT: Final = "hasenpfeffer-game"
#: A game's scores stay within this many points of zero (far beyond any real game).
MAX_SCORE: Final = 100_000
#: The most actions a save may hold: about 800 hands, where a game takes about 7.
MAX_SAVE_ACTIONS: Final = 20_000
_NEXT: Final = (1, 2, 3, 0)
_ORDERS: Final = tuple(tuple((s + k) % 4 for k in range(4)) for s in range(4))


class Game(GameState):
    """A game of Hasenpfeffer for four seats (0 South, 1 West, 2 North, 3 East;
    teams 0 = seats 0 and 2, 1 = seats 1 and 3)."""

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

    # ---- actions (the legal ones: GameState.legal_actions) -------------------------

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
        ``phase``, ``seat``), ``pepper_no_six`` (``bid``: the numbered bid pepper bidding
        lacks), ``pepper_only`` (``call``; ``min_bid``, ``top_bid``: the numbered bids),
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
                return "pepper_no_six", {"bid": a.value}
            if self.rules.bidding == "standard" and a.value >= LITTLE:
                numbered = [c.value for c in auction_calls("standard", 0) if c is not PASS]
                return "pepper_only", {
                    "call": call_text(a),
                    "min_bid": min(numbered),
                    "top_bid": max(numbered),
                }
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

    # ---- copies and equality ----------------------------------------------------

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
