"""The hard level: search over deals consistent with what the seat knows.

Card play is Perfect Information Monte Carlo: draw deals consistent with the
view (``knowledge.sample_game``), weighted by what the auction says about the other hands
and by how well the opponents' earlier cards this hand fit the medium
player's play from the hands the deal gives them (``PLAY_MODEL``), solve each
exactly with all cards visible for the hand's score (``solver.solve_score_moves``:
under the seed rules a maker that cannot make its bid plays for fewer tricks
and the defenders feed it), and pick the card with the best average score
margin for the seat's team. Near the end of a game (``calls.HORIZON``) the
objective is the chance of winning the game after the hand instead
(``calls.win_table``, ``solver.solve_value_moves``): two sure tricks that win
the game beat three likely ones. With ``bid_model`` the auction weighting
replays each other seat's calls from the sampled hand (medium for the
opponents, this player's calls for the partner) instead of the soft
strength-against-bid weighting.

The calls before play (bids, trump, discard, alone) start from
``calls.GameAwareCalls``: the medium player's auction and alone rules, whose
trick estimates are a model fitted on simulated deals (``medium``), with each
contract valued by how it changes the chance of winning the game rather
than by its expected points (``game_aware=False``: medium's own calls). Bids,
alone and defend-alone calls then improve on it by rollouts
(``rollouts.RolloutCalls``, ``rollouts=0`` switches them off): each
candidate call is played out over sampled deals by the model players and
valued by the game's chances after the hand. In duplicate matches both beat
the per-decision double-dummy simulation below (see docs/benchmarks-history.md).
With ``search_calls=True`` each candidate call is instead valued by
simulation: the sampled deals are played out
double-dummy, the trick counts corrected by ``DD_OPTIMISM`` (a solver that
sees every card takes more tricks than a player can; calibrated with
``python -m hasenpfeffer.bots.hard --calibrate``) and turned into expected points
under the rules in force. Hints use that simulation to put a number on every
call.

Everything is a function of the seed and the view: no hidden card is read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..actions import Action, auction_calls
from ..cards import CARDS, EFFECTIVE_SUIT, POWER, SUITS, Card
from ..game import Game
from ..knowledge import Knowledge, sample_game
from ..rules import Rules, hand_points, legal_mask
from .calls import HORIZON, GameAwareCalls, win_table
from .decision import Decision, Outcome
from .lone_sampling import lone_candidates, lone_maker
from .medium import MediumPlayer, Table, decision_key
from .rollouts import ROLLOUT_DEALS, RolloutCalls, mean_after_each
from .solver import (
    Position,
    maker_points,
    solve,
    solve_moves,
    solve_score_moves,
    solve_value_moves,
)
from .trick_estimates import best_discard, bidding_estimates

#: Tricks a double-dummy result overstates what the makers really take, on
#: average: measured by ``python -m hasenpfeffer.bots.hard --calibrate 4 --seed 7``
#: (hard against hard, 48 contracts: 0.152; about +/- 0.3 at 95 %).
DD_OPTIMISM: Final = 0.15
#: Samples solved per decision, by tricks left in the hand (play), and for
#: the calls before play (per candidate).
PLAY_SAMPLES: Final = {6: 14, 5: 18, 4: 24, 3: 30, 2: 30, 1: 1}
CALL_SAMPLES: Final = 10
#: Candidate deals drawn per sample kept, for weighting by the auction.
OVERSAMPLE: Final = 3
#: The weight of a sampled deal in which an opponent's earlier card this hand
#: is not the card the medium player would have played from that hand (per
#: such card; 1 for a card it would have played). 0 switches the model off.
PLAY_MODEL: Final = 0.25


class HardPlayer:
    """Search-based player (see the module docstring)."""

    level = "hard"
    needs_game = False

    def __init__(
        self,
        seed: int = 0,
        play_samples: Mapping[int, int] | None = None,
        call_samples: int = CALL_SAMPLES,
        optimism: float = DD_OPTIMISM,
        search_calls: bool = False,
        score_play: bool = True,
        play_model: float = PLAY_MODEL,
        game_aware: bool = True,
        bid_model: float = 0.0,
        trick_bonus: float | None = None,
        rollouts: int = ROLLOUT_DEALS,
    ) -> None:
        self.seed = seed
        self.score_play = score_play
        self.play_model = play_model
        self.search_calls = search_calls
        self.game_aware = game_aware
        self.bid_model = bid_model
        self._calls = (
            GameAwareCalls(seed, trick_bonus=trick_bonus) if game_aware else MediumPlayer(seed)
        )
        self._rollouts = (
            RolloutCalls(seed, self._calls, self._deals, rollouts)
            if game_aware and rollouts > 0
            else None
        )
        self.play_samples = dict(play_samples or PLAY_SAMPLES)
        self.call_samples = call_samples
        self.optimism = optimism

    @property
    def base_calls(self) -> MediumPlayer:
        """The calls the rollouts improve on (``calls.GameAwareCalls``; trump
        and discard are theirs)."""
        return self._calls

    @property
    def rollouts(self) -> RolloutCalls | None:
        """The rollouts that decide its bids, alone and defend-alone calls
        (None when built without them)."""
        return self._rollouts

    # ---- the decision -----------------------------------------------------------

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        return self.decide(view).action

    def decide(self, view: Mapping[str, Any], explain: bool = False) -> Decision:
        """The action for the view and what was weighed for it (``Decision``):
        card play by search, each legal card with its value (with
        ``explain``, also what each card did over the sampled deals: margin,
        points, contract made, trick held); bids, alone and defend-alone calls
        by rollouts, trump and discard by the base calls."""
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
        if len(legal) == 1:
            return Decision(legal[0], "only")
        if view["phase"] != "play" and not self.search_calls:
            if self._rollouts is not None:
                return self._rollouts.decide(view)
            return Decision(self._calls.choose(view), "rule")
        stats: dict[str, Outcome] | None = {} if explain else None
        ranked = self.evaluate(view, stats=stats)
        objective = "chance" if self._uses_chances(view) and view["phase"] == "play" else "margin"
        if stats is None:
            stats = {a: Outcome(value=v) for a, v in ranked}
        return Decision(ranked[0][0], "search", objective, stats)

    def evaluate(
        self,
        view: Mapping[str, Any],
        also: Sequence[str] = (),
        stats: dict[str, Outcome] | None = None,
    ) -> list[tuple[str, float]]:
        """Every legal action with its expected score margin for the seat's team
        (its points minus the other team's, this hand), best first. A discard
        outside the few searched (``_discard_candidates``) is valued at -1e9
        unless named in ``also`` (a review rates the discard actually made).
        Card play near the end of a game ranks by the chance of winning the
        game instead (``calls.HORIZON``). With ``stats`` (card play), each
        card's ``Outcome`` over the sampled deals is put there."""
        legal: list[str] = view["legal_actions"]
        rng = random.Random(decision_key(self.seed, view))
        phase = view["phase"]
        if phase == "play":
            values = self._play_values(view, rng, stats)
        elif phase == "bidding":
            values = self._bid_values(view, rng)
        else:
            values = self._call_values(view, rng, also)
        return sorted(((a, values[a]) for a in legal), key=lambda av: -av[1])

    def _uses_chances(self, view: Mapping[str, Any]) -> bool:
        """Whether card play ranks by the chance of winning the game (near the
        end of a game) rather than the hand's points margin."""
        if not self.game_aware:
            return False
        scores: list[int] = view["scores"]
        return max(scores) >= Rules.from_dict(view["rules"]).target - HORIZON

    # ---- sampling -----------------------------------------------------------------

    def _deals(self, view: Mapping[str, Any], rng: random.Random, n: int) -> list[Game]:
        """``n`` deals consistent with the view, chosen among ``OVERSAMPLE * n``
        candidates with probability following how well each fits the auction
        (and the opponents' earlier cards); against a lone maker the candidates
        are drawn from the deals that fit its call (``lone_sampling``)."""
        data = dict(view)  # one copy: the samples share the knowledge drawn from it
        k = Knowledge(data)
        # a lone maker's hand is a rare one among the deals the view allows: drawn
        # from the deals that fit its call (lone_sampling), not weighted after
        lone = lone_maker(view)
        if lone is not None:
            candidates = lone_candidates(data, k, rng, lone, n * OVERSAMPLE)
        else:
            candidates = [sample_game(data, rng, k) for _ in range(n * OVERSAMPLE)]
        calls = _auction_calls(view)
        plays = _past_plays(view) if self.play_model and view["phase"] == "play" else []
        if not calls and not plays:
            return candidates[:n]
        if self.bid_model and calls:
            replay = _BidReplay(view, self._calls)
            weights = [replay.likelihood(g.dealt_masks, self.bid_model) for g in candidates]
        else:
            weights = [_auction_likelihood(g, calls, view["seat"]) for g in candidates]
        if plays:
            for i, g in enumerate(candidates):
                weights[i] *= _play_likelihood(g, plays, self.play_model)
        # weighted sampling without replacement (Efraimidis-Spirakis keys)
        keyed = sorted(
            range(len(candidates)),
            key=lambda i: -math.log(rng.random() or 1e-12) / weights[i],
        )
        return [candidates[i] for i in keyed[:n]]

    # ---- card play -------------------------------------------------------------------

    def _play_values(
        self,
        view: Mapping[str, Any],
        rng: random.Random,
        stats: dict[str, Outcome] | None = None,
    ) -> dict[str, float]:
        team = view["seat"] & 1
        rules = Rules.from_dict(view["rules"])
        left = len(view["hand"])
        n = self.play_samples.get(left, 20)
        totals: dict[int, float] = {}
        chances: list[float] | None = None
        facts: dict[int, list[float]] = {}
        results: Mapping[int, Any]
        for game in self._deals(view, rng, n):
            pos = Position.from_game(game)
            sign = 1 if pos.maker_team == team else -1
            if self.game_aware and chances is None:
                chances = _game_chances(view, rules, pos)
            if chances:
                # the makers' chance of winning the game after the hand: ours
                # is 1 minus theirs when we defend
                results = solve_value_moves(pos, chances)
                for card, value in results.items():
                    totals[card] = totals.get(card, 0.0) + (value if sign > 0 else 1.0 - value)
            elif self.score_play:
                results = solve_score_moves(pos, rules)
                for card, margin in results.items():
                    totals[card] = totals.get(card, 0.0) + sign * margin
            else:
                results = solve_moves(pos)
                for card, tricks in results.items():
                    totals[card] = totals.get(card, 0.0) + _margin(rules, pos, tricks, team)
            if stats is not None:
                _add_facts(facts, pos, rules, results, chances or None, self.score_play, team)
        trump = SUITS.index(view["trump"])
        lead = Card.parse(view["trick"][0]["card"]).index if view["trick"] else -1
        led = EFFECTIVE_SUIT[trump][lead] if lead >= 0 else trump
        out = {}
        tie = 1e-6 if chances else 1e-4
        for text in view["legal_actions"]:
            card = Card.parse(text[5:]).index
            # ties go to the cheaper card: keep high cards for later
            strength = POWER[trump][led][card]
            out[text] = totals.get(card, -1e9) / n - tie * max(strength, 0)
            if stats is not None and card in facts:
                row = facts[card]
                ours = float((view["maker"] & 1) == team)
                stats[text] = Outcome(
                    value=totals[card] / n,
                    margin=row[0] / n,
                    points=row[1] / n,
                    chance=row[2] / n if chances else None,
                    makers=ours,
                    made_ours=ours * row[3] / n,
                    made_theirs=(1 - ours) * row[3] / n,
                    holds=row[4] / n,
                    deals=n,
                )
        return out

    # ---- bidding ----------------------------------------------------------------------

    def _bid_values(self, view: Mapping[str, Any], rng: random.Random) -> dict[str, float]:
        """Expected margin of each call. A bid is valued as taking the contract at
        that level with the best trump; a pass as what the others' contract is
        likely worth to us."""
        seat: int = view["seat"]
        rules = Rules.from_dict(view["rules"])
        tricks = self._contract_tricks(view, rng)  # per trump: sampled DD tricks
        out: dict[str, float] = {}
        for text in view["legal_actions"]:
            if text == "pass":
                continue
            word = text[4:]
            bid = 6 if word in ("little", "big") else int(word)
            mult = 2 if word == "big" else 1
            # ties between bids go to the lower one: it risks less for the same gain
            out[text] = max(
                self._expected(rules, bid, mult, samples) for samples in tricks.values()
            ) - 1e-3 * (bid + mult)
        out["pass"] = _pass_value(view, seat)
        return out

    def _contract_tricks(self, view: Mapping[str, Any], rng: random.Random) -> dict[int, list[int]]:
        """For each trump, the makers' double-dummy tricks over sampled deals if
        this seat takes the contract, names that trump and discards sensibly."""
        top = next(a for a in reversed(view["legal_actions"]) if a != "pass")
        deals = self._deals(view, rng, self.call_samples)
        for game in deals:
            game.apply(top)  # the top bid ends the auction at once
            while game.phase == "bidding":
                game.apply("pass")
        return _tricks_by_trump(deals, view["seat"])

    def _expected(self, rules: Rules, bid: int, mult: int, samples: Sequence[int]) -> float:
        """Expected margin for the makers over sampled DD tricks, each corrected
        down by ``optimism`` (as a chance of one trick fewer)."""
        total = sum(_maker_margin(rules, bid, t, mult, self.optimism) for t in samples)
        return total / len(samples)

    # ---- trump, discard, alone, defend alone -------------------------------------

    def trump_tricks(self, view: Mapping[str, Any], rng: random.Random) -> dict[int, list[int]]:
        """In the trump phase: for each trump, the makers' DD tricks over sampled
        deals (uncorrected), the maker discarding by the heuristic."""
        return _tricks_by_trump(self._deals(view, rng, self.call_samples), view["seat"])

    def _call_values(
        self, view: Mapping[str, Any], rng: random.Random, also: Sequence[str] = ()
    ) -> dict[str, float]:
        seat: int = view["seat"]
        team = seat & 1
        rules = Rules.from_dict(view["rules"])
        legal: list[str] = view["legal_actions"]
        phase = view["phase"]
        candidates = legal
        if phase == "discard":
            candidates = _discard_candidates(view)
            candidates += [a for a in also if a in legal and a not in candidates]
        values = dict.fromkeys(legal, -1e9)
        deals = self._deals(view, rng, self.call_samples)
        values.update(
            mean_after_each(deals, candidates, lambda g: self._worst_response(g, rules, team))
        )
        return values

    def _worst_response(self, game: Game, rules: Rules, team: int) -> float:
        """Our margin after the calls so far, played out double-dummy: the maker
        discards by the heuristic; where a defender may still defend alone, the
        defenders answer whichever way is worse for us."""
        maker = game.maker
        assert maker is not None
        while game.phase not in ("play", "defend_alone"):
            _discard_and_play_on(game, maker, stop_at_defence=True)
        if game.phase == "defend_alone":
            values = []
            for answer in ("alone", "decline"):
                g = game.copy()
                g.apply(answer)
                values.append(self._worst_response(g, rules, team))
            defenders_choice = min if (maker & 1) == team else max
            return defenders_choice(values)
        pos = Position.from_game(game)
        return _margin(rules, pos, solve(pos), team, self.optimism)


# ---- helpers -----------------------------------------------------------------------


def _add_facts(
    facts: dict[int, list[float]],
    pos: Position,
    rules: Rules,
    results: Mapping[int, Any],
    chances: Sequence[float] | None,
    score_play: bool,
    team: int,
) -> None:
    """Add what each card of ``results`` (one sampled deal solved) leads to:
    ``team``'s margin and points, its chance of winning the game (from
    ``chances``), whether the contract is made, whether the card holds the
    trick (see ``_holds``)."""
    points = maker_points(pos, rules)
    won = pos.won[pos.maker_team]
    # the solvers answer with an element of the list they were given: its
    # index is the makers' further tricks
    if chances:
        index = {v: u for u, v in reversed(list(enumerate(chances)))}
    elif score_play:
        index = {m - d: u for u, (m, d) in reversed(list(enumerate(points)))}
    else:
        index = {won + u: u for u in range(len(points))}
    makers = pos.maker_team == team
    for card, result in results.items():
        u = index[result]
        mine, theirs = points[u]
        ours, other = (mine, theirs) if makers else (theirs, mine)
        row = facts.setdefault(card, [0.0] * 5)
        row[0] += ours - other
        row[1] += ours
        if chances:
            chance = chances[u] - 1e-3 * (mine - theirs)
            row[2] += chance if makers else 1.0 - chance
        row[3] += won + u >= pos.bid
        row[4] += _holds(pos, card)


def _holds(pos: Position, card: int) -> bool:
    """Whether ``card``, played now by the seat to move, leaves its side
    winning the trick with no opponent still to play to it holding a legal
    card that beats it (its partner's later card not counted)."""
    seat = pos.to_move
    trick = (*pos.trick, (seat, card))
    t = pos.trump
    lead = trick[0][1]
    power = POWER[t][EFFECTIVE_SUIT[t][lead]]
    top_seat, top = max(trick, key=lambda sc: power[sc[1]])
    if (top_seat ^ seat) & 1:
        return False
    best = power[top]
    s = seat
    for _ in range(len(pos.active) - len(trick)):
        s = pos.next_seat(s)
        if (s ^ seat) & 1:
            legal = legal_mask(pos.hands[s], lead, t)
            while legal:
                c = (legal & -legal).bit_length() - 1
                if power[c] > best:
                    return False
                legal &= legal - 1
    return True


def _game_chances(view: Mapping[str, Any], rules: Rules, pos: Position) -> list[float]:
    """For each number u of further tricks the makers win (0..tricks left): the
    makers' chance of winning the game after this hand (``calls.win_table``),
    plus a thousandth of the hand's score margin to break ties. Empty when
    both teams are too far from the target for the game's chances to matter."""
    scores = view["scores"]
    if max(scores) < rules.target - HORIZON:
        return []
    table = win_table(rules)
    makers = pos.maker_team
    us, them = scores[makers], scores[1 - makers]
    return [
        table.after(us + mine, them + theirs, True) + 1e-3 * (mine - theirs)
        for mine, theirs in maker_points(pos, rules)
    ]


def _maker_margin(rules: Rules, bid: int, tricks: int, mult: int, optimism: float) -> float:
    """The makers' points minus the defenders' when the makers end with
    ``tricks`` (one fewer with probability ``optimism``)."""
    mine, theirs = hand_points(rules, bid, tricks, mult)
    value = float(mine - theirs)
    if optimism and tricks > 0:
        mine, theirs = hand_points(rules, bid, tricks - 1, mult)
        value = (1 - optimism) * value + optimism * (mine - theirs)
    return value


def _margin(
    rules: Rules, pos: Position, maker_tricks: int, team: int, optimism: float = 0.0
) -> float:
    """Points of ``team`` minus the other team's (see ``_maker_margin``)."""
    value = _maker_margin(rules, pos.bid, maker_tricks, pos.multiplier, optimism)
    return value if pos.maker_team == team else -value


def _tricks_by_trump(deals: Sequence[Game], maker: int) -> dict[int, list[int]]:
    """For deals in the trump phase: for each trump, the makers' DD tricks in
    each deal, the maker discarding by the heuristic and nobody going alone."""
    out: dict[int, list[int]] = {t: [] for t in range(4)}
    for game in deals:
        for t in range(4):
            g = game.copy()
            g.apply(f"trump {SUITS[t]}")
            _discard_and_play_on(g, maker)
            out[t].append(solve(Position.from_game(g)))
    return out


def _discard_and_play_on(game: Game, maker: int, stop_at_defence: bool = False) -> None:
    """Drive a game copy from trump/discard/alone calls to the first card: the
    maker discards by the medium heuristic, nobody (else) goes alone. With
    ``stop_at_defence``, stop where a defender may defend alone."""
    while game.phase != "play":
        if stop_at_defence and game.phase == "defend_alone":
            return
        if game.phase == "trump":  # pragma: no cover - callers name trump first
            raise ValueError("trump must be named before playing on")
        if game.phase == "discard":
            hand = 0
            for c in game.hand(maker):
                hand |= 1 << c.index
            t = SUITS.index(game.trump or "C")
            game.apply(f"discard {CARDS[best_discard(hand, t)[1]]}")
        else:
            game.apply("decline")


def _discard_candidates(view: Mapping[str, Any]) -> list[str]:
    """The discards worth searching: the heuristic's choice and the lowest card
    of each side suit (never a top trump)."""
    t = SUITS.index(view["trump"])
    hand = 0
    for text in view["hand"]:
        hand |= 1 << Card.parse(text).index
    picks = {best_discard(hand, t)[1]}
    power = POWER[t]
    for s in range(4):
        if s == t:
            continue
        cards = [c for c in range(24) if hand >> c & 1 and EFFECTIVE_SUIT[t][c] == s]
        if cards:
            picks.add(min(cards, key=lambda c: power[s][c]))
    return [f"discard {CARDS[c]}" for c in sorted(picks)]


def _pass_value(view: Mapping[str, Any], seat: int) -> float:
    """What passing is worth to us: if partner holds the contract, about its
    bid; if an opponent does, minus somewhat less than theirs; else nothing."""
    high = view["high_bid"]
    if high is None:
        return 0.0
    bid = 6 if high in ("little", "big") else int(high)
    stake = 2 if high == "big" else 1
    if (view["high_bidder"] - seat) % 2 == 0:
        return 0.5 * bid * stake
    return -0.4 * bid * stake


def _auction_calls(view: Mapping[str, Any]) -> list[tuple[int, float, bool]]:
    """(seat, tricks needed, bid?) for each call of another seat in this auction."""
    seat = view["seat"]
    out = []
    high = 0.0
    for entry in view["auction"]:
        s, call = entry["seat"], entry["call"]
        if call == "pass":
            if s != seat:
                out.append((s, high + 1, False))
            continue
        word = call[4:]
        value = 6.0 if word in ("little", "big") else float(word)
        if s != seat:
            out.append((s, value, True))
        high = value
    return out


def _auction_likelihood(game: Game, calls: Sequence[tuple[int, float, bool]], seat: int) -> float:
    """How well the sampled original hands fit the other seats' calls: a bid
    suggests a hand worth about that many tricks, a pass one worth less than
    the bid it declined to make. Soft, so no sample is ever ruled out."""
    weight = 1.0
    dealt = game.dealt_masks
    for s, value, was_bid in calls:
        strength = bidding_estimates(dealt[s])[-1]
        # partner's help counts for something: compare with what a bidder needs
        gap = strength + 1.0 - value
        weight *= _sigmoid(gap / 0.6) if was_bid else _sigmoid(-gap / 0.6)
    return max(weight, 1e-6)


class _BidReplay:
    """The other seats' calls of this auction, each with what was public before
    it: a sampled deal fits a call when the model player (medium for the
    opponents, this player's own calls for the partner) makes that call from
    the hand the deal gives that seat."""

    def __init__(self, view: Mapping[str, Any], own_calls: MediumPlayer) -> None:
        seat: int = view["seat"]
        rules = Rules.from_dict(view["rules"])
        self.calls: list[tuple[int, str, list[str], dict[str, Any], MediumPlayer]] = []
        passed: list[int] = []
        high = 0  # the standing bid's value (0: none yet)
        high_bid: str | None = None  # and its word: "1".."6", "little", "big"
        high_bidder: int | None = None
        prefix: list[dict[str, Any]] = []
        for entry in view["auction"]:
            s, call = entry["seat"], entry["call"]
            if s != seat:
                legal = [str(a) for a in auction_calls(rules.bidding, high)]
                if len(legal) > 1:
                    v = {
                        "seat": s,
                        "rules": view["rules"],
                        "auction": list(prefix),
                        "passed": list(passed),
                        "high_bidder": high_bidder,
                        "high_bid": high_bid,
                        "dealer": view["dealer"],
                        "scores": view["scores"],
                    }
                    model = own_calls if (s ^ seat) & 1 == 0 else _MODEL_PLAYER
                    self.calls.append((s, call, legal, v, model))
            if call == "pass":
                passed.append(s)
            else:
                high = Action.parse(call).value
                high_bid = call[4:]
                high_bidder = s
            prefix.append(entry)

    def likelihood(self, dealt: Sequence[int], miss: float) -> float:
        """1 for a deal whose hands make every call, ``miss`` per call they do not."""
        weight = 1.0
        for s, call, legal, v, model in self.calls:
            v["hand"] = [str(CARDS[c]) for c in range(25) if dealt[s] >> c & 1]
            if model.bid(v, legal, None) != call:
                weight *= miss
        return weight


class _PastPlay:
    """One earlier card of this hand by an opponent, with the public state
    before it (the view that seat had then, less its hand)."""

    __slots__ = ("card", "later", "lead", "seat", "view")

    def __init__(self, seat: int, card: int, lead: int, later: int, view: dict[str, Any]) -> None:
        self.seat = seat
        self.card = card
        self.lead = lead
        self.later = later  # the cards this seat played from this one on
        self.view = view


def _past_plays(view: Mapping[str, Any]) -> list[_PastPlay]:
    """The opponents' cards played so far this hand, each with what was public
    before it (only where they had a choice is decided per deal)."""
    seat: int = view["seat"]
    out: list[_PastPlay] = []
    tricks: list[dict[str, Any]] = view["tricks"]
    everything = [*tricks, {"cards": view["trick"], "winner": None}]
    sizes = [6 if s not in view["sitting_out"] else 0 for s in range(4)]
    won = [0, 0]
    sequence: list[tuple[int, int]] = []  # (seat, card) of every play this hand
    for trick in everything:
        for p in trick["cards"]:
            sequence.append((p["seat"], Card.parse(p["card"]).index))
    base = {
        k: view[k] for k in ("trump", "maker", "bid", "rules", "sitting_out", "forced", "phase")
    }
    k = 0
    for ti, trick in enumerate(everything):
        cards = trick["cards"]
        for j, p in enumerate(cards):
            s = p["seat"]
            c = sequence[k][1]
            if (s ^ seat) & 1:
                later = 0
                for s2, c2 in sequence[k:]:
                    if s2 == s:
                        later |= 1 << c2
                v = dict(base)
                v.update(
                    seat=s,
                    tricks=tricks[:ti],
                    trick=cards[:j],
                    tricks_won=list(won),
                    hand_sizes=list(sizes),
                )
                lead = Card.parse(cards[0]["card"]).index if j else -1
                out.append(_PastPlay(s, c, lead, later, v))
            sizes[s] -= 1
            k += 1
        if trick["winner"] is not None:
            won[trick["winner"] & 1] += 1
    return out


_MODEL_PLAYER = MediumPlayer(0)


def _play_likelihood(game: Game, plays: Sequence[_PastPlay], miss: float) -> float:
    """How well a sampled deal fits the opponents' earlier cards: each card the
    medium model would have played from that seat's sampled hand counts 1, each
    other card ``miss`` (forced cards say nothing)."""
    weight = 1.0
    t = SUITS.index(game.trump or "C")
    discard = game.discard
    for p in plays:
        hand = p.later
        for c in game.hand(p.seat):
            hand |= 1 << c.index
        legal = legal_mask(hand, p.lead, t)
        if legal & (legal - 1) == 0:
            continue
        v = dict(p.view)
        v["hand"] = [str(CARDS[c]) for c in range(25) if hand >> c & 1]
        v["discard"] = str(discard) if p.seat == game.maker and discard is not None else None
        texts = [f"play {CARDS[c]}" for c in range(25) if legal >> c & 1]
        if _MODEL_PLAYER.play(Table(v), texts) != p.card:
            weight *= miss
    return weight


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def make(seed: int = 0) -> HardPlayer:
    return HardPlayer(seed)


# ---- calibration ----------------------------------------------------------------------


def calibrate(games: int, seed: int, rules_name: str) -> float:
    """Play hard-vs-hard games; each time a hard maker names trump, compare the
    sampled DD tricks it expected (uncorrected) with the tricks its team took.
    Returns the mean overstatement (the DD_OPTIMISM to use)."""
    rules = Rules.preset(rules_name)
    player = HardPlayer(seed, optimism=0.0)
    diffs: list[float] = []
    for i in range(games):
        game = Game.new(rules, seed=seed + i)
        pending: tuple[int, float] | None = None
        while game.phase != "game_over" and game.hand_number < 12:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if game.phase == "trump":
                rng = random.Random(decision_key(seed, view))
                values = player.trump_tricks(view, rng)
                best = max(values, key=lambda t: sum(values[t]))
                pending = (seat, sum(values[best]) / len(values[best]))
                hand = game.hand_number
                game.apply(f"trump {SUITS[best]}")
                continue
            game.apply(player.choose(view))
            if pending is not None and (game.hand_number != hand or game.is_over):
                record = game.records[-1]
                maker_team = pending[0] & 1
                diffs.append(pending[1] - record.tricks_won[maker_team])
                pending = None
        print(
            f"game {i + 1}: {len(diffs)} contracts, mean overstatement "
            f"{sum(diffs) / max(1, len(diffs)):.3f}"
        )
    return sum(diffs) / max(1, len(diffs))


def main(argv: list[str] | None = None) -> int:
    import argparse  # the command line only: not loaded with the player in the browser

    parser = argparse.ArgumentParser(prog="python -m hasenpfeffer.bots.hard")
    parser.add_argument("--calibrate", type=int, metavar="GAMES", default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="seed")
    args = parser.parse_args(argv)
    if args.calibrate:
        value = calibrate(args.calibrate, args.seed, args.rules)
        print(f"DD_OPTIMISM = {value:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
