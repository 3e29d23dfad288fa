"""The ``medium`` computer player (a solid human-style player) and ``easy`` (the
same player with mistakes).

Both decide from ``Game.view(seat)`` alone, and quickly (tens of microseconds
for a typical decision), with readable rules of thumb; the thresholds
(``Params``) were tuned in duplicate arena matches of variants against each
other (``arena.run_match`` with variants made by ``players.register_level``):

Bidding
    For each trump, an estimate of the tricks the partnership takes when this
    hand is the maker's: trumps by rank and length, side aces and kings, voids
    and singletons to ruff, and an average partner (``MODEL``, fitted by least
    squares on medium self-play: ``hasenpfeffer_devtools.fit_medium_model``). The bid
    estimate averages over the widow (each unseen card equally likely; the
    maker then names the best trump and discards the weakest card) and is
    shifted by what the auction says (``auction_features``: the partner's and
    the opponents' bids and passes, who leads first; weights fitted by
    ``hasenpfeffer_devtools.fit_medium_auction``). From the estimate comes a distribution
    of tricks, and from the rules the expected margin of each bid
    (``rules.hand_points``: the fail penalty, defenders' points, big pepper's
    double stake). It opens at the highest bid it expects to make, with a
    minimum chance that depends on what failing costs; over an opponent it
    bids one more while its own expected margin beats what the opponents'
    contract would give them (where failing only costs the tricks won, taking
    the contract from the opponents is worth a bid that may fail), never
    with less than a 20 % chance; it outbids its partner only with a clearly
    better hand; the last to speak bids the minimum rather than be forced.
    Under pepper bidding it bids big pepper (the doubled stake) whenever six
    tricks are likely enough for the doubled margin to pay.
Trump, discard, alone
    The maker tries every trump and every discard; the estimate decides (it
    keeps trumps, voids a short side suit, keeps side aces). Going alone is
    valued by the same expected margin with the doubled stake and a lone-hand
    estimate (``ALONE_MODEL``), but never when making the bid wins the game
    anyway; defending alone only when the lone maker cannot make the bid.
Play
    Every unseen card might be in any hand that has not shown out of its suit;
    from that (a hypergeometric model of the hidden hands) comes the chance
    that a card holds the trick. Partner-aware rules use it: never overtake a
    partner's sure winner, second hand low, third hand high, win cheaply in
    last seat, ruff what the opponents would win, discard from short suits and
    keep winners; the maker draws trumps with top trumps, side aces are cashed,
    defenders avoid giving ruffs and lead through the maker. Trumps played and
    voids shown are counted from the view. When a side can no longer make the
    bid and the rules make every further maker trick a loss (the seed rule),
    both sides change aim: the makers duck, the defenders feed them tricks.

The trick estimates and expected margins live in ``trick_estimates``; this
module still gives their names.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..cards import CARDS, EFFECTIVE_SUIT, JOKER, NUM_CARDS, POWER, SUIT_MASK, SUITS, TRUMP_ORDER
from ..knowledge import CARDS_OF_SUITS, Inference, hand_mask, view_rules
from .decision import Decision, Outcome
from .trick_estimates import (
    ALONE_MODEL,
    MODEL,
    Model,
    _bits,
    best_discard,
    bidding_estimates,
    chance_of_at_least,
    estimate,
    expected_margin,
    features,
    trick_distribution,
)

_IDX: Final = {str(c): c.index for c in CARDS}
_BID_VALUES: Final = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "little": 6, "big": 7}
#: Strength of each card within its own (effective) suit for each trump.
_OWN: Final = tuple(
    tuple(POWER[t][EFFECTIVE_SUIT[t][c]][c] for c in range(NUM_CARDS)) for t in range(4)
)
_COMB: Final = tuple(tuple(math.comb(n, k) for k in range(26)) for n in range(26))


# ---- the tuning knobs ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Params:
    """Knobs of the medium player (``easy`` adds noise and mistakes)."""

    #: the smallest chance of making a bid worth bidding, when failing costs
    #: only the tricks won / when it costs the bid or six
    cheap_fail_chance: float = 0.3
    costly_fail_chance: float = 0.72
    #: trick adjustments from the auction (weights of ``auction_features``)
    auction_weights: tuple[float, ...] = (0.23, 0.1, 0.27, -0.21, 0.54, -0.24, -0.15)
    #: overbid the partner only when the own estimate beats the new bid by this
    overbid_partner_margin: float = 1.0
    #: bid the minimum (True) or jump to the estimate (False) when opening
    min_increment: bool = False
    #: over an opponent's bid, jump to the estimate (True) or bid one more (False)
    jump_over: bool = False
    #: over an opponent's bid, a bid is worth it when its expected margin beats
    #: minus this share of what the opponents' contract is expected to give them
    denial: float = 1.0
    costly_denial: float = 0.0  # the same where failing costs the bid or six
    #: the standing bidder's expected tricks: their bid less this when they
    #: opened the auction, less the other when they outbid someone
    opener_discount: float = 0.0
    overcall_discount: float = 0.5
    #: but never a bid with less than this chance of being made (no sacrifices)
    denial_min_chance: float = 0.2
    #: expected-score gain needed to go alone / big pepper
    alone_margin: float = 0.0
    alone_surplus: float = -1.0  # and the lone hand must expect at least bid + this
    big_pepper_chance: float = 0.6
    #: defend alone when the top trumps in sequence take this many tricks more
    #: than the lone maker can afford to lose (99: never)
    defend_alone_extra: int = 0
    #: a card "holds" the trick when its chance is at least this
    sure: float = 0.7
    #: play thresholds: partner's card safe enough to leave alone; chance to
    #: win second hand / third hand; a defender cashes a side card this likely
    partner_safe: float = 0.7
    second_hand: float = 0.5
    third_hand: float = 0.25
    defender_cash: float = 0.5
    #: the maker without the top trump leads a low trump from this many trumps
    low_trump_draw: int = 2
    #: easy: noise on the trick estimates (bidding, alone) and chance of a random card
    noise: float = 0.0
    blunder: float = 0.0


# ---- reading the view ------------------------------------------------------------------


class Table(Inference):
    """What a seat knows during the play, in bit sets and card indices: the
    view's inference (``knowledge.Inference``: ``hand``, ``trump``, ``played``,
    ``voids``, ``unseen``, ``forced_joker``, ...) and for the chances the seats
    in play (``active``), the contract (``maker``, ``bid``), the trick so far,
    tricks won and left, hand sizes, and per seat the unseen cards it may
    hold (``holdable``: none of a suit it has shown out of, not the Joker
    when the forced maker holds it; nothing for this seat and seats out)."""

    __slots__ = (
        "active",
        "bid",
        "holdable",
        "maker",
        "sizes",
        "trick",
        "tricks_left",
        "won",
    )

    def __init__(self, view: Mapping[str, Any]) -> None:
        Inference.__init__(self, view)
        t = self.trump
        self.maker: int = view["maker"]
        self.bid: int = view["bid"]
        out = view["sitting_out"]
        self.active = tuple(s for s in range(4) if s not in out)
        self.trick = [(int(p["seat"]), _IDX[p["card"]]) for p in view["trick"]]
        self.won: list[int] = list(view["tricks_won"])
        self.tricks_left = 6 - len(view["tricks"])
        self.sizes: list[int] = list(view["hand_sizes"])
        shown_out = CARDS_OF_SUITS[t]
        unseen = self.unseen
        voids = self.voids
        holdable = [0, 0, 0, 0]
        forced_joker = self.forced_joker
        for s in self.active:
            if s == self.seat:
                continue
            m = unseen & ~shown_out[voids[s]]
            if forced_joker and s != self.maker:
                m &= ~(1 << JOKER)  # the forced maker held the Joker
            holdable[s] = m
        self.holdable = holdable

    # -- chances -------------------------------------------------------------------

    def p_beat(self, s: int, card: int, led: int) -> float:
        """The chance that seat ``s`` (still to play) holds a card that beats
        ``card`` in a trick led in suit ``led``."""
        t = self.trump
        hold = self.holdable[s]
        if not hold:
            return 0.0
        n = hold.bit_count()
        h = min(self.sizes[s], n)
        power = POWER[t][led]
        mine = power[card]
        masks = SUIT_MASK[t]
        led_cards = hold & masks[led]
        higher_led = 0  # (none when ``card`` is a trump on a side suit's trick)
        for c in _bits(led_cards):
            if power[c] > mine:
                higher_led += 1
        total = _COMB[n][h]
        p = 1.0 - _COMB[n - higher_led][h] / total
        if led != t:
            trumps = hold & masks[t]
            beating = 0
            for c in _bits(trumps):
                if power[c] > mine:
                    beating += 1
            if beating:
                n_led = led_cards.bit_count()
                rest = n - n_led
                p += (_COMB[rest][h] - _COMB[rest - beating][h]) / total
        return p

    def p_holds(self, card: int, led: int, after: Sequence[int]) -> float:
        """The chance that ``card`` wins against the opponents in ``after``."""
        p = 1.0
        for s in after:
            if (s ^ self.seat) & 1:
                p *= 1.0 - self.p_beat(s, card, led)
        return p

    def is_trump(self, card: int) -> bool:
        return EFFECTIVE_SUIT[self.trump][card] == self.trump

    def wants_tricks(self) -> bool:
        """False when the makers can no longer make the bid and every further
        maker trick costs them (seed rule): then both sides change aim."""
        team = self.maker & 1
        if self.won[team] + self.tricks_left >= self.bid:
            return True
        rules = self.rules
        return not (rules.fail_penalty == "tricks_won" and not rules.defenders_score)


def auction_features(view: Mapping[str, Any]) -> tuple[float, ...]:
    """What the auction so far says to the seat to bid, as numbers: (1, the
    partner's highest bid, the partner passed without bidding, the opponents'
    highest bid, an opponent opened the bidding, opponents who passed without
    bidding, this side leads the first trick)."""
    seat: int = view["seat"]
    partner = (seat + 2) % 4
    best = [0, 0, 0, 0]
    passed = [False] * 4
    opener = -1
    for entry in view["auction"]:
        s = entry["seat"]
        call = entry["call"]
        if call == "pass":
            passed[s] = True
        else:
            if opener < 0:
                opener = s
            best[s] = max(best[s], min(6, _BID_VALUES[call[4:]]))
    opponents = ((seat + 1) % 4, (seat + 3) % 4)
    if view["rules"]["first_lead"] == "maker":
        leads = 1
    else:
        leads = int((view["dealer"] + 1 - seat) % 2 == 0)
    return (
        1.0,
        float(best[partner]),
        float(passed[partner] and not best[partner]),
        float(max(best[opponents[0]], best[opponents[1]])),
        float(opener >= 0 and (opener ^ seat) & 1 == 1),
        float(sum(passed[s] and not best[s] for s in opponents)),
        float(leads),
    )


# ---- the player ----------------------------------------------------------------------


class MediumPlayer:
    """A solid human-style player. ``choose(view)`` returns an action text."""

    level = "medium"
    needs_game = False

    def __init__(self, seed: int = 0, params: Params | None = None) -> None:
        self.seed = seed
        self.params = params or Params()

    # The easy player overrides this to make mistakes.
    def _rng(self, view: Mapping[str, Any]) -> random.Random | None:
        return None

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(view)
        phase = view["phase"]
        if rng is not None and phase == "play" and rng.random() < self.params.blunder:
            return legal[rng.randrange(len(legal))]
        if phase == "bidding":
            return self.bid(view, legal, rng)
        if phase == "trump":
            return f"trump {SUITS[self.trump_and_discard(hand_mask(view['hand']))[0]]}"
        if phase == "discard":
            t = SUITS.index(view["trump"])
            hand = hand_mask(view["hand"])
            return f"discard {CARDS[best_discard(hand, t)[1]]}"
        if phase == "alone":
            return "alone" if self.go_alone(view, rng) else "decline"
        if phase == "defend_alone":
            return "alone" if self.defend_alone(view) else "decline"
        if phase == "play":
            return f"play {CARDS[self.play(Table(view), legal)]}"
        raise ValueError(f"unknown phase {phase!r}")

    def decide(self, view: Mapping[str, Any]) -> Decision:
        """``choose``'s action with what it weighed (``decision.Decision``): for
        trump and discard, the trick estimate of every legal choice (the one
        chosen is the highest); the other calls and the play follow rules of
        thumb with no value per action."""
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
        if len(legal) == 1:
            return Decision(legal[0], "only")
        action = self.choose(view)
        phase = view["phase"]
        hand = hand_mask(view["hand"])
        if phase == "trump":
            estimates = {f"trump {SUITS[t]}": best_discard(hand, t)[0] for t in range(4)}
        elif phase == "discard":
            t = SUITS.index(view["trump"])
            estimates = {a: estimate(hand & ~(1 << _IDX[a[8:]]), t) for a in legal}
        else:
            return Decision(action, "rule")
        outcomes = {a: Outcome(value=v) for a, v in estimates.items()}
        return Decision(action, "estimate", "tricks", outcomes)

    # -- bidding -------------------------------------------------------------------

    def contract_value(
        self,
        view: Mapping[str, Any],
        bid: int,
        dist: Sequence[float],
        multiplier: int,
        makers: bool = True,
    ) -> float:
        """What a contract of ``bid`` tricks at ``multiplier`` is worth to this
        seat's team, with ``dist`` the makers' tricks; ``makers`` says whether
        this team holds it. Medium: the expected score margin of the hand (the
        hard player's calls put the chance of winning the game here instead)."""
        margin = expected_margin(view_rules(view["rules"]), bid, dist, multiplier)
        return margin if makers else -margin

    def auction_shift(self, view: Mapping[str, Any]) -> float:
        """Tricks to add to the hand's estimate for what the auction so far (and
        who leads first) says, were this seat to become the maker now."""
        return sum(
            w * f for w, f in zip(self.params.auction_weights, auction_features(view), strict=True)
        )

    def bid(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random | None) -> str:
        p = self.params
        seat: int = view["seat"]
        rules = view_rules(view["rules"])
        hand = hand_mask(view["hand"])
        mean = bidding_estimates(hand)[4] + self.auction_shift(view)
        if rng is not None and p.noise:
            mean += rng.gauss(0.0, p.noise)
        dist = trick_distribution(mean, MODEL.sigma)
        cheap = rules.fail_penalty == "tricks_won" and not rules.defenders_score
        need = p.cheap_fail_chance if cheap else p.costly_fail_chance
        options = []  # (bid value 1..7, action text)
        for a in legal:
            if a != "pass":
                options.append((_BID_VALUES[a[4:]], a))
        if not options:
            return "pass"
        partner = (seat + 2) % 4
        others = [s for s in range(4) if s != seat]
        passed = set(view["passed"])
        high_bidder = view["high_bidder"]
        # the last to speak after three passes: passing means being forced (or a
        # redeal); a bid that can be made is better than the forced bid
        if all(s in passed for s in others) and high_bidder is None:
            forced_me = (rules.all_pass == "joker_forced" and hand >> JOKER & 1) or (
                rules.all_pass == "dealer_forced" and view["dealer"] == seat
            )
            low_value, low = options[0]
            margin = self.contract_value(view, min(low_value, 6), dist, 1)
            if forced_me or margin > 0:
                return low
            return "pass"

        floor = 0.0
        denial = p.denial if cheap else p.costly_denial
        if high_bidder is not None and high_bidder != partner and denial:
            theirs = min(_BID_VALUES[view["high_bid"]], 6)
            opened = next(
                (e["seat"] for e in view["auction"] if e["call"] != "pass"), None
            ) == high_bidder and all(
                e["seat"] == high_bidder for e in view["auction"] if e["call"] != "pass"
            )
            discount = p.opener_discount if opened else p.overcall_discount
            their_dist = trick_distribution(theirs - discount, MODEL.sigma)
            their_mult = 2 if view["high_bid"] == "big" else 1
            floor = denial * self.contract_value(view, theirs, their_dist, their_mult, makers=False)

        def worth(value: int) -> bool:
            tricks = min(value, 6)
            chance = chance_of_at_least(dist, tricks)
            if chance < (need if floor >= 0 else p.denial_min_chance):
                return False
            return self.contract_value(view, tricks, dist, 2 if value == 7 else 1) > floor

        affordable = [(v, a) for v, a in options if v <= 6 and worth(v)]
        if high_bidder == partner and affordable:
            # respect the partner's contract: overbid only with a clearly better hand
            own = mean - p.auction_weights[1] * min(_BID_VALUES[view["high_bid"]], 6)
            affordable = [
                (v, a) for v, a in affordable if own >= min(v, 6) + p.overbid_partner_margin
            ]
        big = [a for v, a in options if v == 7]
        if (
            big
            and high_bidder != partner
            and chance_of_at_least(dist, 6) >= p.big_pepper_chance
            and worth(7)
        ):
            return big[0]
        if not affordable:
            return "pass"
        if p.min_increment or (high_bidder is not None and not p.jump_over):
            return affordable[0][1]
        return affordable[-1][1]  # bid the estimate

    # -- trump, discard, alone ------------------------------------------------------

    def trump_and_discard(self, hand: int) -> tuple[int, int]:
        """(trump, discard) for the maker's seven cards: the best estimate."""
        best = (-1e9, 0, -1)
        for t in range(4):
            value, card = best_discard(hand, t)
            if value > best[0]:
                best = (value, t, card)
        return best[1], best[2]

    def go_alone(self, view: Mapping[str, Any], rng: random.Random | None = None) -> bool:
        """Alone when the doubled stake with the lone hand's trick estimate is worth
        more than the single stake with the partner, and not when making the bid
        wins the game anyway."""
        rules = view_rules(view["rules"])
        t = SUITS.index(view["trump"])
        hand = hand_mask(view["hand"])
        bid: int = view["bid"]
        mult: int = view["multiplier"] or 1
        team = view["seat"] & 1
        if view["scores"][team] + bid >= rules.target:
            return False  # making the bid wins the game anyway
        shift = self.auction_shift(view)
        with_partner = estimate(hand, t) + shift
        alone = estimate(hand, t, ALONE_MODEL) + min(0.0, shift)
        if rng is not None and self.params.noise:
            alone += rng.gauss(0.0, self.params.noise)
        stay = self.contract_value(view, bid, trick_distribution(with_partner, MODEL.sigma), mult)
        go = self.contract_value(view, bid, trick_distribution(alone, ALONE_MODEL.sigma), mult * 2)
        # (a lone defender doubles the stake again, but medium's own rule only
        # defends alone against a contract that cannot be made)
        p = self.params
        return go > stay + p.alone_margin and alone >= bid + p.alone_surplus

    def defend_alone(self, view: Mapping[str, Any]) -> bool:
        """Only when the lone maker cannot make the bid: the top trumps in sequence
        take enough tricks by themselves."""
        t = SUITS.index(view["trump"])
        hand = hand_mask(view["hand"])
        sure = 0
        for c in TRUMP_ORDER[t]:
            if not hand >> c & 1:
                break
            sure += 1
        bid: int = view["bid"]
        return sure >= 7 - bid + self.params.defend_alone_extra

    # -- play ------------------------------------------------------------------------

    def play(self, table: Table, legal_texts: Sequence[str]) -> int:
        legal = [_IDX[a[5:]] for a in legal_texts]
        if not table.trick:
            if not table.wants_tricks():
                return min(legal, key=lambda c: self._keep_value(table, c))
            return self.lead(table, legal)
        return self.follow(table, legal)

    def _after(self, table: Table) -> list[int]:
        """Seats still to play in this trick after this one."""
        active = table.active
        n = len(active)
        i = active.index(table.seat)
        return [active[(i + k) % n] for k in range(1, n - len(table.trick))]

    def _keep_value(self, table: Table, card: int) -> float:
        """How much a card is worth keeping (low: throw it first)."""
        t = table.trump
        own = _OWN[t][card]
        if table.is_trump(card):
            return 100.0 + own
        suit = EFFECTIVE_SUIT[t][card]
        in_suit = table.hand & SUIT_MASK[t][suit]
        higher_unseen = 0
        for c in _bits(table.unseen & SUIT_MASK[t][suit]):
            if _OWN[t][c] > own:
                higher_unseen += 1
        value = float(own)
        if higher_unseen == 0:
            value += 20.0  # a master card
        elif higher_unseen == 1 and in_suit.bit_count() >= 2:
            value += 3.0  # a guarded king
        if table.hand & SUIT_MASK[t][t]:
            value += 0.5 * in_suit.bit_count()  # throw from short suits to ruff them later
        return value

    def follow(self, table: Table, legal: Sequence[int]) -> int:
        t = table.trump
        trick = table.trick
        led = EFFECTIVE_SUIT[t][trick[0][1]]
        power = POWER[t][led]
        win_pos = 0
        for i in range(1, len(trick)):
            if power[trick[i][1]] > power[trick[win_pos][1]]:
                win_pos = i
        win_seat, win_card = trick[win_pos]
        partner_winning = win_seat == (table.seat + 2) % 4
        after = self._after(table)
        opponents_after = [s for s in after if (s ^ table.seat) & 1]
        winners = sorted((c for c in legal if power[c] > power[win_card]), key=power.__getitem__)
        losers = [c for c in legal if power[c] <= power[win_card]]

        def throw() -> int:
            pool = losers or legal
            return min(pool, key=lambda c: self._keep_value(table, c))

        if not table.wants_tricks():
            if partner_winning or not losers:
                return min(legal, key=lambda c: (power[c], -self._keep_value(table, c)))
            return max(losers, key=lambda c: (self._keep_value(table, c), power[c]))

        sure = self.params.sure
        if partner_winning:
            if not opponents_after:
                return throw()  # never overtake a partner who has the trick
            held = table.p_holds(win_card, led, opponents_after)
            if held >= self.params.partner_safe or not winners:
                return throw()
            for c in winners:
                p = table.p_holds(c, led, opponents_after)
                if p >= sure or p >= held + 0.35:
                    return c
            return throw()
        if not winners:
            return throw()
        if not opponents_after:
            return winners[0]  # last to play: win as cheaply as possible
        chances = [(table.p_holds(c, led, opponents_after), c) for c in winners]
        for p, c in chances:
            if p >= sure:
                return c  # the cheapest sure winner
        partner_after = (table.seat + 2) % 4 in after
        best_p = max(p for p, _ in chances)
        if partner_after:
            # second hand low, unless the trick is worth taking now
            need = self.params.second_hand
            if best_p >= need:
                return next(c for p, c in chances if p >= need)
            return throw()
        # third hand high: the partner has played and is beaten
        if best_p >= self.params.third_hand:
            for p, c in chances:
                if p >= best_p - 0.05:
                    return c
        return throw()

    def lead(self, table: Table, legal: Sequence[int]) -> int:
        t = table.trump
        seat = table.seat
        trump_mask = SUIT_MASK[t][t]
        trumps = sorted((c for c in legal if table.is_trump(c)), key=_OWN[t].__getitem__)
        sides = [c for c in legal if not table.is_trump(c)]
        opponents = [s for s in table.active if (s ^ seat) & 1]
        others = [s for s in table.active if s != seat]
        chance = {c: table.p_holds(c, EFFECTIVE_SUIT[t][c], others) for c in legal}
        sure = self.params.sure
        opp_trumps = any(table.holdable[s] & trump_mask for s in opponents)
        makers = (table.maker ^ seat) & 1 == 0
        side_masters = sorted((c for c in sides if chance[c] >= sure), key=lambda c: -_OWN[t][c])
        if makers:
            if trumps and opp_trumps:
                top = trumps[-1]
                if seat == table.maker:
                    if chance[top] >= sure:
                        return top  # draw trumps with the top trump
                    if len(trumps) >= self.params.low_trump_draw:
                        return trumps[0]  # draw the higher trumps with a low one
                    if side_masters:
                        return side_masters[0]
                    good_sides = [c for c in sides if chance[c] >= 0.6]
                    if good_sides:
                        return max(good_sides, key=chance.__getitem__)
                    return trumps[-1] if chance[top] >= 0.5 else trumps[0]
                if chance[top] >= sure:
                    return top
                if side_masters:
                    return side_masters[0]
                return trumps[0]  # a trump to the partner who named it
            if side_masters:
                return side_masters[0]
            if trumps and chance[trumps[-1]] >= sure:
                return trumps[-1]
        else:
            aces = [c for c in sides if chance[c] >= self.params.defender_cash]
            if aces:
                return max(aces, key=lambda c: (chance[c], -_OWN[t][c]))
            if trumps and not sides:
                return trumps[-1] if chance[trumps[-1]] >= sure else trumps[0]
        if not sides:
            return trumps[-1] if chance[trumps[-1]] >= 0.5 else trumps[0]
        return self._low_lead(table, sides, makers)

    def _low_lead(self, table: Table, sides: Sequence[int], makers: bool) -> int:
        """A low side card: from a short suit, not into a ruff, not away from a
        guarded king; as a defender, through the maker."""
        t = table.trump
        seat = table.seat
        partner = (seat + 2) % 4
        trump_mask = SUIT_MASK[t][t]
        has_trumps = bool(table.hand & trump_mask)
        best = (-1e9, sides[0])
        by_suit: dict[int, list[int]] = {}
        for c in sides:
            by_suit.setdefault(EFFECTIVE_SUIT[t][c], []).append(c)
        for suit, cards in by_suit.items():
            low = min(cards, key=_OWN[t].__getitem__)
            score = 0.0
            n = len(cards)
            if n == 1 and has_trumps:
                score += 1.0  # void the suit, then ruff it
            for s in table.active:
                if s == seat or not table.voids[s] >> suit & 1:
                    continue
                can_ruff = bool(table.holdable[s] & trump_mask)
                if (s ^ seat) & 1 and can_ruff:
                    score -= 2.0  # an opponent ruffs
                elif s == partner and can_ruff:
                    score += 1.0  # the partner ruffs
            king = suit * 6 + 4
            ace = suit * 6 + 5
            if n == 2 and table.hand >> king & 1 and table.unseen >> ace & 1:
                score -= 0.6  # keep the guard of the king
            if not makers and (table.maker - seat) % 4 == 1:
                score += 0.2 * n  # through the maker: the partner plays after them
            score -= 0.1 * _OWN[t][low]
            if score > best[0]:
                best = (score, low)
        return best[1]


class EasyPlayer(MediumPlayer):
    """Medium with mistakes: noisy trick estimates for bidding and going alone
    and, now and then, a random legal card (seeded, so games replay exactly)."""

    level = "easy"

    def __init__(self, seed: int = 0, params: Params | None = None) -> None:
        super().__init__(seed, params or Params(noise=1.1, blunder=0.3))

    def _rng(self, view: Mapping[str, Any]) -> random.Random | None:
        return random.Random(decision_key(self.seed, view))


def decision_key(seed: int, view: Mapping[str, Any]) -> int:
    """An integer that identifies a decision of a seeded player: the seed, the
    game's progress and the seat's own cards (never hidden information)."""
    x = seed & 0xFFFFFFFFFFFF
    for part in (
        view["seat"],
        view["hand_number"],
        len(view["hand_actions"]),
        view["scores"][0] + 1000,
        view["scores"][1] + 1000,
        hand_mask(view["hand"]),
    ):
        x = (x * 0x100000001B3 ^ part) & 0xFFFFFFFFFFFFFFFF
    return x


__all__ = [
    "ALONE_MODEL",
    "MODEL",
    "EasyPlayer",
    "MediumPlayer",
    "Model",
    "Params",
    "Table",
    "best_discard",
    "bidding_estimates",
    "chance_of_at_least",
    "decision_key",
    "estimate",
    "expected_margin",
    "features",
    "trick_distribution",
]
