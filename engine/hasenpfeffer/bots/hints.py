"""Hints: ``suggest(view, level)`` is the level's own decision, explained.

The level's player decides (``HardPlayer.decide`` / ``MediumPlayer.decide``:
the very procedure its ``choose`` runs, with the same seed), so the first
suggestion is always what that level would do from this view. Every legal
action follows, with

- ``estimate`` and ``unit``: the number the decision weighed, in a unit named
  truthfully: ``points`` (the seat's side's points this hand, where the other
  side cannot score: a maker's side under the seed rules), ``margin`` (the
  side's points minus the other side's) or ``tricks`` (the fitted trick
  estimate that trump and discard go by); ``None`` where the level put no
  number on the action (a bid hard does not play out, the medium player's
  rules of thumb, a single legal action). Where the level ranks by the
  chance of winning the game (hard near the end of a game, and its rollouts),
  the estimate is still the hand's points, and the comparison says when the
  chances and the points disagree;
- ``reason_code``/``reason_params``: why, in words the engine can check from
  the position and what the decision found over its sampled deals (the card
  holds the trick in most of them, it is the only card that can still make
  the bid, the bid fails often but under these rules costs less than letting
  the opponents play: ``text.HINT_TEXT``);
- ``compare_code``/``compare_params``: the comparison with the next-best
  action (for the first) or with the first (for the others), in the same unit
  (``text.HINT_COMPARE_TEXT``);
- ``reason``: all of it in English.

The numbers are estimates over a few sampled deals (or a fitted model), and
the words say how sure they are: a share (a bid made, a trick held) over
``n`` deals carries ``<name>_range``, ``[low, high]``, where the sample
leaves it uncertain (``span``: an 80 % Wilson interval, rounded outward to
5 points; a model's share ``MODEL_BAND`` either side), said "about 60 to 75 %"
instead of one number, so a bid made in all 24 deals played out is "about
90 to 100 %", never "about 100 %". Two calls played out over the same deals
whose values differ by less than their paired difference's noise
(``CLOSE_Z`` standard errors) are "a close call" (``compare_code``
``close``). The chance a call makes its contract is said as fitted to what
happens (``shown_chances``: the played-out share is too sure); ``python -m
hasenpfeffer_devtools.calibration`` measures how well the shares match.

Like the bots, hints read only the view.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from ..actions import Action
from ..cards import EFFECTIVE_SUIT, JOKER, POWER, SUITS, TRUMP_ORDER, Card
from ..knowledge import Knowledge, hand_mask, view_rules
from ..rules import Rules
from ..text import hint_sentence
from ..vocabulary import HINT_LEVELS
from .decision import Decision, Outcome
from .hard import HardPlayer
from .medium import MediumPlayer
from .shown_chances import shown_chance
from .trick_estimates import (
    ALONE_MODEL,
    MODEL,
    bidding_estimates,
    chance_of_at_least,
    estimate,
    trick_distribution,
)
from .trick_estimates import _bits as _cards  # the card indices of a bit set

#: The units of a hint's ``estimate`` (see the module docstring).
UNITS: Final = ("points", "margin", "tricks")
#: Differences smaller than these are "about the same": points (of the margin),
#: tricks, a chance of winning the game.
SAME_POINTS: Final = 0.05
SAME_TRICKS: Final = 0.05
SAME_CHANCE: Final = 0.005
#: A bid's make rate is said when the side keeps the contract in at least this
#: share of the deals played out (else it is mostly outbid).
KEEPS: Final = 0.25
#: The normal quantile of a share's range: an 80 % interval.
SPAN_Z: Final = 1.2816
#: A share's range is said on this grid (rounded outward).
SPAN_STEP: Final = 0.05
#: A share from a fitted model, not a sample: this much either side.
MODEL_BAND: Final = 0.1
#: Two calls are a close call when their values differ by less than this many
#: standard errors of the paired difference over the deals played out.
CLOSE_Z: Final = 1.0


def span(share: float, deals: float) -> list[float] | None:
    """The range a ``share`` measured over ``deals`` sampled deals is said as
    (``deals`` 0: a model's estimate), or None where one number is honest
    (the range is a single step of ``SPAN_STEP``).

    >>> span(1.0, 24)  # all 24 deals: not "about 100 %"
    [0.9, 1.0]
    >>> span(0.5, 24)
    [0.35, 0.65]
    >>> span(0.62, 100000) is None
    True
    >>> span(0.3, 0)  # a model's estimate
    [0.2, 0.4]
    """
    if deals <= 0:
        low, high = share - MODEL_BAND, share + MODEL_BAND
    else:
        z2 = SPAN_Z * SPAN_Z
        centre = (share + z2 / (2 * deals)) / (1 + z2 / deals)
        half = SPAN_Z * math.sqrt(share * (1 - share) / deals + z2 / (4 * deals * deals))
        half /= 1 + z2 / deals
        low, high = centre - half, centre + half
    steps = 1 / SPAN_STEP
    low = max(0.0, math.floor(round(low * steps, 6)) / steps)
    high = min(1.0, math.ceil(round(high * steps, 6)) / steps)
    if high - low <= SPAN_STEP + 1e-9:
        return None
    return [round(low, 2), round(high, 2)]


def _spanned(params: dict[str, Any], key: str, deals: float) -> dict[str, Any]:
    """``params`` with ``<key>_range`` where the share ``params[key]`` is uncertain."""
    share = params.get(key)
    if share is not None:
        rng = span(share, deals)
        if rng is not None:
            params[f"{key}_range"] = rng
    return params


def close_call(a: Outcome, b: Outcome) -> bool:
    """Whether two calls played out over the same deals differ by less than
    the noise of their paired difference (``CLOSE_Z`` standard errors)."""
    n = len(a.per_deal)
    if n < 2 or len(b.per_deal) != n:
        return False
    diffs = [x - y for x, y in zip(a.per_deal, b.per_deal, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return abs(mean) < CLOSE_Z * math.sqrt(var / n)


def suggest(view: Mapping[str, Any], level: str = "hard", seed: int = 0) -> list[dict[str, Any]]:
    """The legal actions of ``view``, the level's choice first, each as
    ``{"action", "estimate", "unit", "reason", "reason_code", "reason_params",
    "compare_code", "compare_params"}`` (see the module docstring)."""
    if level not in HINT_LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(HINT_LEVELS)}; got {level!r}")
    legal: list[str] = view["legal_actions"]
    if not legal:
        raise ValueError("there is nothing to decide for this seat now")
    calls: MediumPlayer
    if level == "hard":
        hard = HardPlayer(seed)
        decision = hard.decide(view, explain=True)
        calls = hard.base_calls
    else:
        calls = MediumPlayer(seed)
        decision = calls.decide(view)
    return explain(view, decision, calls)


def explain(
    view: Mapping[str, Any], decision: Decision, calls: MediumPlayer
) -> list[dict[str, Any]]:
    """``suggest``'s answer for a decision already made from ``view`` by a
    player whose calls are ``calls`` (hard: its ``base_calls``)."""
    legal: list[str] = view["legal_actions"]
    hint = _Hint(view, decision, calls)
    ranked = decision.ranked(legal)
    out = []
    for i, action in enumerate(ranked):
        other = ranked[1] if i == 0 and len(ranked) > 1 else ranked[0]
        code, params = hint.reason(action)
        unit, value = hint.estimate(action)
        compare_code, compare_params = hint.compare(action, other) if other != action else ("", {})
        out.append(
            {
                "action": action,
                "estimate": value,
                "unit": unit,
                "reason": hint_sentence(
                    code, params, unit, value, compare_code, compare_params, view["phase"]
                ),
                "reason_code": code,
                "reason_params": params,
                "compare_code": compare_code,
                "compare_params": compare_params,
            }
        )
    return out


def _percent(chance: float) -> int:
    """A chance as the page says it: in whole percents."""
    return round(chance * 100)


def _pays(bid: Outcome | None, passing: Outcome) -> bool:
    """Whether a bid's expected margin this hand is at least passing's (within
    ``SAME_POINTS``)."""
    if bid is None or bid.margin is None or passing.margin is None:
        return False
    return bid.margin >= passing.margin - SAME_POINTS


def _share(x: float | None) -> float | None:
    """A share (0..1) to two decimals."""
    return None if x is None else round(x, 2)


class _Hint:
    """What one decision's hints need from the view, worked out once."""

    def __init__(self, view: Mapping[str, Any], decision: Decision, calls: MediumPlayer) -> None:
        self.view = view
        self.decision = decision
        self.calls = calls
        self.legal: list[str] = view["legal_actions"]
        self.phase: str = view["phase"]
        self.seat: int = view["seat"]
        self.team = self.seat & 1
        self.rules: Rules = view_rules(view["rules"])
        #: a failed bid costs only the tricks won and defenders score nothing
        #: (the seed rules): docs/rules.md §7
        self.cheap = self.rules.fail_penalty == "tricks_won" and not self.rules.defenders_score
        self.hand = hand_mask(view["hand"])
        maker: int | None = view.get("maker")
        self.makers = maker is not None and (maker & 1) == self.team

    # ---- the number and its unit ----------------------------------------------------

    def unit(self) -> str | None:
        d = self.decision
        if d.objective == "tricks":
            return "tricks"
        if d.objective in ("margin", "chance"):
            # where the other side cannot score, the margin is the side's own points
            makers = self.makers or self.phase == "alone"
            return "points" if makers and not self.rules.defenders_score else "margin"
        return None

    def estimate(self, action: str) -> tuple[str | None, float | None]:
        outcome = self.decision.outcomes.get(action)
        unit = self.unit()
        if outcome is None or unit is None:
            return None, None
        if self.decision.objective == "chance":
            # ranked by the game's chances: the hand's margin is said, and the
            # chances where they decide (``compare``)
            assert outcome.margin is not None
            return unit, round(outcome.margin, 2)
        return unit, round(outcome.value, 2)

    # ---- the comparison ----------------------------------------------------------------

    def compare(self, action: str, other: str) -> tuple[str, dict[str, Any]]:
        """``action`` against ``other`` (the next best, or the best)."""
        outcomes = self.decision.outcomes
        unit = self.unit()
        if unit is None or action not in outcomes or other not in outcomes:
            return "", {}
        a, b = outcomes[action], outcomes[other]
        params: dict[str, Any] = {"other": other}
        if close_call(a, b):
            return "close", params
        if self.decision.objective == "chance":
            assert a.margin is not None and b.margin is not None
            assert a.chance is not None and b.chance is not None
            gap = a.margin - b.margin
            chances = {"chance": round(a.chance, 3), "other_chance": round(b.chance, 3)}
            first = action == self.decision.action
            # the action was chosen by the game's chances: say so where they
            # and the hand's points disagree, or the points are the same; never
            # "from 62% to 62%" (chances are said in whole percents)
            apart = abs(a.chance - b.chance) >= SAME_CHANCE and _percent(a.chance) != _percent(
                b.chance
            )
            if apart and first and gap < -SAME_POINTS:
                return "points_for_chance", {**params, "gap": round(-gap, 1), **chances}
            if apart and not first and gap > SAME_POINTS:
                return "chance_for_points", {**params, "gap": round(gap, 1), **chances}
            if abs(gap) < SAME_POINTS and apart:
                code = "chance_lower" if a.chance > b.chance else "chance_higher"
                return code, {**params, **chances}
        else:
            gap = a.value - b.value
        same = SAME_TRICKS if unit == "tricks" else SAME_POINTS
        if abs(gap) < same:
            return "same", params
        tricks = unit == "tricks"
        if gap > 0:
            return ("fewer_tricks" if tricks else "fewer_points"), {**params, "gap": round(gap, 1)}
        return ("more_tricks" if tricks else "more_points"), {**params, "gap": round(-gap, 1)}

    # ---- the reason -------------------------------------------------------------------

    def reason(self, action: str) -> tuple[str, dict[str, Any]]:
        if len(self.legal) == 1:
            return self._only(action)
        phase = self.phase
        if phase == "play":
            return self._play(Card.parse(action[5:]).index, action)
        if phase == "bidding":
            return self._bid(action)
        if phase == "trump":
            return self._trump(action)
        if phase == "discard":
            return self._discard(Card.parse(action[8:]).index, action)
        if phase == "alone":
            return self._alone(action)
        if phase == "defend_alone":
            return self._defend_alone(action)
        return "", {}  # pragma: no cover - every phase with a decision is above

    def _only(self, action: str) -> tuple[str, dict[str, Any]]:
        if self.phase != "play":
            return "only_choice", {"action": action}
        card = action[5:]
        if len(self.view["hand"]) == 1:
            return "last_card", {"card": card}
        t = SUITS.index(self.view["trump"])
        led = EFFECTIVE_SUIT[t][Card.parse(self.view["trick"][0]["card"]).index]
        return "only_card", {"card": card, "suit": SUITS[led]}

    # -- card play

    def _play(self, c: int, action: str) -> tuple[str, dict[str, Any]]:
        view = self.view
        t = SUITS.index(view["trump"])
        outcome = self.decision.outcomes.get(action)
        holds = _share(outcome.holds) if outcome is not None else None
        deals = outcome.deals if outcome is not None else 0
        card = {"card": action[5:]}
        maker_team = view["maker"] & 1
        won = view["tricks_won"][maker_team]
        left = len(view["hand"])
        lost = won + left < view["bid"]  # the contract can no longer be made
        if lost and self.cheap and (holds is None or holds < 0.5):
            return ("contract_lost_duck" if self.makers else "contract_lost_feed"), card
        only = self._only_card_for_contract(action)
        if only is not None:
            return only
        trick = [(e["seat"], Card.parse(e["card"]).index) for e in view["trick"]]
        power_of = POWER[t]
        if not trick:
            led = EFFECTIVE_SUIT[t][c]
            if _sure_winner(view, c, led):
                return "sure_winner", card
            if led == t and self.makers:
                return "lead_trump", card
            if holds is not None and (holds >= 0.5 or not self._lowest_of_suit(c, t)):
                return "lead_holds", _spanned({**card, "holds": holds}, "holds", deals)
            return "lead_low", card
        led = EFFECTIVE_SUIT[t][trick[0][1]]
        power = power_of[led]
        winning_seat, winning = max(trick, key=lambda sc: power[sc[1]])
        beats = power[c] > power[winning]
        follows = any(EFFECTIVE_SUIT[t][x] == led for x in _cards(self.hand))
        if (winning_seat ^ self.seat) & 1 == 0 and not beats:
            # (it saves stronger cards only where the seat holds one of its suit)
            high = self._highest_of_suit(c, t)
            return ("partner_winning_high" if high else "partner_winning"), card
        if beats and _sure_winner(view, c, led):
            return "sure_winner", card
        legal = [Card.parse(a[5:]).index for a in self.legal]
        if beats:
            if holds is None:
                return "takes_lead", card
            if not follows and EFFECTIVE_SUIT[t][c] == t:
                return "ruff", _spanned(
                    {**card, "suit": SUITS[led], "holds": holds}, "holds", deals
                )
            cheaper = [x for x in legal if power[winning] < power[x] < power[c]]
            winners = [x for x in legal if power[x] > power[winning]]
            if len(winners) > 1 and not cheaper:
                return "takes_trick_cheap", _spanned({**card, "holds": holds}, "holds", deals)
            return "takes_trick", _spanned({**card, "holds": holds}, "holds", deals)
        if not follows:
            return "throw_off", {**card, "suit": SUITS[led]}
        if any(power[x] > power[winning] for x in legal):
            return "let_go", card
        return ("cannot_win_high" if self._highest_of_suit(c, t) else "cannot_win"), card

    def _only_card_for_contract(self, action: str) -> tuple[str, dict[str, Any]] | None:
        """The card is the only one that can still make the bid (makers) or
        beat it (defenders) in some of the deals weighed."""
        outcomes = self.decision.outcomes
        if len(outcomes) < 2 or any(a not in outcomes for a in self.legal):
            return None

        def chance(a: str) -> float:
            o = outcomes[a]
            made = o.made_ours if self.makers else o.made_theirs
            assert made is not None
            return made if self.makers else 1.0 - made

        mine = chance(action)
        if mine <= 0 or any(chance(a) > 0 for a in self.legal if a != action):
            return None
        card = action[5:]
        deals = outcomes[action].deals
        if self.makers:
            return "only_make", _spanned({"card": card, "make": _share(mine)}, "make", deals)
        return "only_defeat", _spanned({"card": card, "defeat": _share(mine)}, "defeat", deals)

    def _lowest_of_suit(self, c: int, t: int) -> bool:
        suit = EFFECTIVE_SUIT[t][c]
        power = POWER[t][suit]
        return all(power[x] >= power[c] for x in _cards(self.hand) if EFFECTIVE_SUIT[t][x] == suit)

    def _highest_of_suit(self, c: int, t: int) -> bool:
        """No card of the seat's hand is stronger in ``c``'s suit (as trump makes it)."""
        suit = EFFECTIVE_SUIT[t][c]
        power = POWER[t][suit]
        return all(power[x] <= power[c] for x in _cards(self.hand) if EFFECTIVE_SUIT[t][x] == suit)

    # -- bidding

    def _tricks(self) -> float:
        """The hand's trick estimate the level bids by (medium's fitted model,
        moved by what the auction says)."""
        return bidding_estimates(self.hand)[4] + self.calls.auction_shift(self.view)

    def _bid_make(self, action: str, outcome: Outcome | None) -> tuple[float, float]:
        """How often the bid is made and over how many deals: over the deals
        played out in which the side held the contract, else by the trick
        estimate's distribution (0 deals)."""
        if outcome is not None and outcome.make_rate is not None:
            assert outcome.makers is not None
            said = shown_chance(outcome.make_rate, "bid", self.rules)
            return said, outcome.deals * outcome.makers
        bid = Action.parse(action).value
        dist = trick_distribution(self._tricks(), MODEL.sigma)
        return chance_of_at_least(dist, min(bid, 6)), 0

    def _bid(self, action: str) -> tuple[str, dict[str, Any]]:
        view = self.view
        d = self.decision
        outcomes = d.outcomes
        if d.method == "rollouts" and action not in outcomes:
            return "bid_not_weighed", {"call": action}
        chosen = action == d.action
        tricks = round(self._tricks(), 1)
        high_bidder: int | None = view["high_bidder"]
        partner_holds = high_bidder is not None and (high_bidder ^ self.seat) & 1 == 0
        if action == "pass":
            if partner_holds:
                return "pass_partner", {"call": f"bid {view['high_bid']}"}
            if not chosen:
                return "pass_other", {}
            bids = [a for a in self.legal if a != "pass"]
            weighed = [a for a in bids if a in outcomes]
            other = max(weighed, key=lambda a: outcomes[a].value) if weighed else bids[0]
            kept = outcomes[other].makers if other in outcomes else None
            if kept is not None and kept < KEEPS:
                keep = {"call": other, "keep": _share(kept)}
                return "pass_outbid", _spanned(keep, "keep", outcomes[other].deals)
            make, deals = self._bid_make(other, outcomes.get(other))
            params = _spanned(
                {"tricks": tricks, "call": other, "make": _share(make)}, "make", deals
            )
            return ("pass_weak" if make < 0.5 else "pass_better"), params
        outcome = outcomes.get(action)
        if outcome is not None and outcome.makers is not None and outcome.makers < KEEPS:
            keep = {"call": action, "keep": _share(outcome.makers)}
            return "bid_outbid", _spanned(keep, "keep", outcome.deals)
        make, deals = self._bid_make(action, outcome)
        if self.cheap and make < 0.5:
            passing = outcomes.get("pass")
            # "pays" only where the bid's points are at least passing's (a bid chosen
            # by the game's chances can score less this hand)
            if (
                chosen
                and high_bidder is not None
                and not partner_holds
                and passing is not None
                and _pays(outcome, passing)
            ):
                assert passing.points is not None and passing.margin is not None
                their = round(passing.points - passing.margin, 1)
                params = {"call": action, "make": _share(make), "seat": high_bidder, "their": their}
                return "bid_war", _spanned(params, "make", deals)
            return "bid_cheap", _spanned({"call": action, "make": _share(make)}, "make", deals)
        estimates = bidding_estimates(self.hand)
        suit = SUITS[max(range(4), key=lambda s: estimates[s])]
        params = {"tricks": tricks, "suit": suit, "call": action, "make": _share(make)}
        return "bid_strong", _spanned(params, "make", deals)

    # -- trump and discard

    def _trump(self, action: str) -> tuple[str, dict[str, Any]]:
        t = SUITS.index(action[6:])
        mine = [c for c in _cards(self.hand) if EFFECTIVE_SUIT[t][c] == t]
        suit = action[6:]
        outcome = self.decision.outcomes.get(action)
        if not [c for c in mine if c != JOKER]:
            # (never the choice: a suit held by no card never has the best estimate)
            return "trump_void", {"suit": suit}
        if action != self.decision.action:
            return "trump_count", {"suit": suit, "count": len(mine)}
        bid: int = self.view["bid"]
        if outcome is not None and outcome.value < bid:
            return "trump_short", {"suit": suit, "bid": bid}
        return "trump_most", {"suit": suit, "count": len(mine)}

    def _discard(self, c: int, action: str) -> tuple[str, dict[str, Any]]:
        t = SUITS.index(self.view["trump"])
        suit = EFFECTIVE_SUIT[t][c]
        card = {"card": action[8:]}
        chosen = action == self.decision.action
        if suit == t:
            return ("discard_low_trump" if chosen else "discard_trump"), card
        same = [x for x in _cards(self.hand) if EFFECTIVE_SUIT[t][x] == suit]
        trumps = [x for x in _cards(self.hand) if EFFECTIVE_SUIT[t][x] == t]
        if len(same) == 1 and trumps:
            return "discard_void", {**card, "suit": SUITS[suit]}
        if not chosen and c % 6 == 5:
            return "discard_ace", card
        return ("discard_least" if chosen else "discard_weak"), card

    # -- alone and defend alone

    def _alone_makes(self) -> tuple[float, float, int]:
        """(with the partner, alone, over how many deals): how often the maker
        makes the bid, over the deals played out, else by the trick
        estimates (0 deals)."""
        outcomes = self.decision.outcomes
        alone, decline = outcomes.get("alone"), outcomes.get("decline")
        if alone is not None and decline is not None:
            a, d = alone.make_rate, decline.make_rate
            if a is not None and d is not None:
                said = shown_chance(a, "alone", self.rules), shown_chance(d, "alone", self.rules)
                return said[1], said[0], alone.deals
        view = self.view
        t = SUITS.index(view["trump"])
        shift = self.calls.auction_shift(view)
        bid: int = view["bid"]
        with_partner = estimate(self.hand, t) + shift
        lone = estimate(self.hand, t, ALONE_MODEL) + min(0.0, shift)
        return (
            chance_of_at_least(trick_distribution(with_partner, MODEL.sigma), bid),
            chance_of_at_least(trick_distribution(lone, ALONE_MODEL.sigma), bid),
            0,
        )

    def _alone(self, action: str) -> tuple[str, dict[str, Any]]:
        with_partner, alone, deals = self._alone_makes()
        if action == "alone":
            return "alone", _spanned({"make": _share(alone)}, "make", deals)
        bid: int = self.view["bid"]
        wins = self.view["scores"][self.team] + bid >= self.rules.target
        if wins and action == self.decision.action:
            return "decline_wins", {}
        params = {"make": _share(with_partner), "alone_make": _share(alone)}
        return "decline", _spanned(_spanned(params, "make", deals), "alone_make", deals)

    def _defend_alone(self, action: str) -> tuple[str, dict[str, Any]]:
        outcome = self.decision.outcomes.get(action)
        bid: int = self.view["bid"]
        if outcome is None or outcome.their_make_rate is None:
            # the medium player's rule: its top trumps in a row
            t = SUITS.index(self.view["trump"])
            count = 0
            for c in TRUMP_ORDER[t]:
                if not self.hand >> c & 1:
                    break
                count += 1
            code = "defend_top_trumps" if action == "alone" else "defend_few_trumps"
            return code, {"count": count, "bid": bid}
        other = self.decision.outcomes.get("decline" if action == "alone" else "alone")
        assert outcome.makers is not None
        their = shown_chance(outcome.their_make_rate, "defend_alone", self.rules)
        makes = _spanned({"make": _share(their)}, "make", outcome.deals * (1 - outcome.makers))
        if other is not None and other.their_make_rate is not None:
            assert other.makers is not None
            their_other = shown_chance(other.their_make_rate, "defend_alone", self.rules)
            makes["other_make"] = _share(their_other)
            _spanned(makes, "other_make", other.deals * (1 - other.makers))
        if action != self.decision.action:
            return ("stake_double" if action == "alone" else "stake_single"), {}
        if action == "alone":
            code = "defend_alone" if self.rules.defenders_score else "defend_alone_no_score"
            return code, makes
        return "defend_decline", makes


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


__all__ = [
    "CLOSE_Z",
    "KEEPS",
    "MODEL_BAND",
    "SAME_CHANCE",
    "SAME_POINTS",
    "SAME_TRICKS",
    "SPAN_STEP",
    "SPAN_Z",
    "UNITS",
    "close_call",
    "explain",
    "span",
    "suggest",
]
