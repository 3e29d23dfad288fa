"""A double-dummy solver for the play of a hand: every card visible.

``solve(position)`` is the number of tricks the makers' team wins with best
play by both sides (the makers maximise it, the defenders minimise it), and
``solve_moves(position)`` the same value after each legal card of the player to
move. The bots solve many sampled deals per decision (Perfect Information
Monte Carlo), so this is written for speed in pure Python:

* null-window searches: "can the makers still win k tricks?" is an AND/OR
  search; ``solve`` finds the exact value with a few of them (bisection on k),
  ``solve_moves`` then searches each card down (makers) or up (defenders) from
  that value, where most cards are;
* a transposition table at trick boundaries, keyed by one int (the hands and
  the leader), holding a lower and an upper bound on the tricks still to come,
  shared by all the searches of a solve;
* equivalent cards: two cards of one hand next to each other in the rank order
  of their effective suit, with no card between them still in play (in a hand
  or in the trick), are interchangeable; one card of each run is searched;
* move ordering: with four tricks or more to go the leader tries first the
  cards led towards a partner's top card of a suit, then its own top cards
  (plain suits before trumps), then the suits the partner can ruff, then the
  other trumps, the plain suits an opponent can ruff and the rest (with fewer
  tricks to go, or one card to choose from, high cards first); a follower
  tries the cards that win the trick first when it is not already their
  side's, then the rest, each group from the lowest card up, except that when
  the trick is not theirs, or is but an opponent still to play could beat its
  card, the lowest card that wins it against anything those opponents may play
  comes first;
* quick cut-offs: the bound 0..tricks left (also before entering a trick
  boundary), the last trick played out directly, the sure tricks of whoever
  holds the highest trump (each trump above all the others' trumps wins,
  whoever leads), and the leader's sure tricks (those top trumps, and when
  they draw every other trump, all their trumps and every card above all the
  others' cards of its suit).

Internally a hand is a bit set over a layout of the cards that depends on the
trump suit: the three plain suits at bits 0-5, 7-12 and 14-19 (9 low, ace
high; the left bower's slot stays empty) and the eight trumps at bits 21-28
(9 low, Joker high), with one empty bit between suits. A higher bit is a higher
card within a suit and the trumps lie above everything, so "beats the best card
so far" is a bit comparison, and a run of equivalent cards is a range with no
other in-play card inside (the empty bits between suits stop runs at a suit's
end). ``minimax`` is a plain exhaustive search on ordinary card indices, kept
as the reference the tests compare against.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

from ..cards import CARDS, EFFECTIVE_SUIT, NUM_CARDS, SUITS, TRUMP_ORDER
from ..rules import Rules, hand_points, legal_mask, winning_position

if TYPE_CHECKING:
    from ..game import Game

# --- the internal card layout ----------------------------------------------------

_SUIT_BASE: Final = (0, 7, 14)
_TRUMP_BASE: Final = 21
#: The empty bits between suits: always "in play" so that runs stop there.
_SENTINELS: Final = 1 << 6 | 1 << 13 | 1 << 20
_TRUMPS: Final = 0xFF << _TRUMP_BASE
_LAYOUT_BITS: Final = 29
_FULL: Final = (1 << _LAYOUT_BITS) - 1


def _build_layout() -> tuple[tuple[tuple[int, ...], ...], tuple[dict[int, int], ...]]:
    """For each trump: the layout bit of each card index, and the card of each bit."""
    to_bit = []
    to_card = []
    for t in range(4):
        pos = [0] * NUM_CARDS
        for k, c in enumerate(TRUMP_ORDER[t]):
            pos[c] = _TRUMP_BASE + 7 - k
        plain = [s for s in range(4) if s != t]
        for j, s in enumerate(plain):
            for r in range(6):
                c = s * 6 + r
                if EFFECTIVE_SUIT[t][c] == s:
                    pos[c] = _SUIT_BASE[j] + r
        to_bit.append(tuple(pos))
        to_card.append({1 << b: c for c, b in enumerate(pos)})
    return tuple(to_bit), tuple(to_card)


_BIT_OF, _CARD_OF = _build_layout()


def _build_suit_of_length() -> tuple[int, ...]:
    """_SUIT_OF_LENGTH[b.bit_length()] -> the layout mask of the suit of card bit b."""
    out = [0] * (_LAYOUT_BITS + 1)
    for base in _SUIT_BASE:
        for r in range(6):
            out[base + r + 1] = 0x3F << base
    for r in range(8):
        out[_TRUMP_BASE + r + 1] = _TRUMPS
    return tuple(out)


_SUIT_OF_LENGTH: Final = _build_suit_of_length()
_PLAIN_SUITS: Final = tuple(0x3F << base for base in _SUIT_BASE)
#: All the plain suits' bits. Added to a hand's plain cards it carries into the
#: empty bit above each suit the hand holds (each suit is at most 0x3F, so the
#: sum stays below the next suit).
_PLAIN: Final = _PLAIN_SUITS[0] | _PLAIN_SUITS[1] | _PLAIN_SUITS[2]
#: Masks for filling a set of cards downwards within each suit: OR-ing in
#: (x >> 1) & _FILL_1, then (x >> 2) & _FILL_2, then (x >> 4) & _FILL_4 adds
#: every bit below a card of x in its suit (a suit spans at most 8 bits) and
#: never crosses the empty bits between suits.
_FILL_1: Final = _FULL & ~_SENTINELS
_FILL_2: Final = _FILL_1 & _FILL_1 >> 1
_FILL_4: Final = _FILL_2 & _FILL_2 >> 2


def _build_layout_of_chunks() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """_LAYOUT_OF_CHUNK[trump][j][v]: the layout bits of the cards 5j..5j+4 whose
    bits are set in v (0..31)."""
    return tuple(
        tuple(
            tuple(sum(1 << bits[5 * j + i] for i in range(5) if v >> i & 1) for v in range(32))
            for j in range(5)
        )
        for bits in _BIT_OF
    )


_LAYOUT_OF_CHUNK: Final = _build_layout_of_chunks()


def _to_layout(mask: int, trump: int) -> int:
    """The layout bit set of a set of cards (bits over card indices, 25 cards)."""
    a, b, c, d, e = _LAYOUT_OF_CHUNK[trump]
    return (
        a[mask & 31] | b[mask >> 5 & 31] | c[mask >> 10 & 31] | d[mask >> 15 & 31] | e[mask >> 20]
    )


# --- positions -------------------------------------------------------------------


class Position(NamedTuple):
    """A position of the play phase with every card visible.

    ``hands`` are bit sets over card indices (``1 << card``), seat 0 first; the
    hands of seats that sit out are empty. ``trick`` holds the cards of the
    trick in progress as (seat, card) pairs, leader first. ``won`` is the tricks
    won so far by team 0 and team 1. ``active`` lists the seats that play, in
    seat order (4, or 3 or 2 when someone plays alone). ``bid`` and
    ``multiplier`` only matter to ``score_of``.
    """

    hands: tuple[int, int, int, int]
    trump: int
    to_move: int
    trick: tuple[tuple[int, int], ...]
    won: tuple[int, int]
    maker: int
    active: tuple[int, ...] = (0, 1, 2, 3)
    bid: int = 0
    multiplier: int = 1

    @property
    def maker_team(self) -> int:
        return self.maker & 1

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return self.hands[self.to_move].bit_count()

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a game in the ``play`` phase (all hands read)."""
        if game.phase != "play" or game.maker is None or game.trump is None:
            raise ValueError(f"a solver position needs a game in the play phase, not {game.phase}")
        out = set(game.sitting_out)
        active = tuple(s for s in range(4) if s not in out)
        hands = [0, 0, 0, 0]
        for s in active:
            for c in game.hand(s):
                hands[s] |= 1 << c.index
        to_move = game.to_act
        assert to_move is not None
        won = game.tricks_won
        return cls(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            trump=SUITS.index(game.trump),
            to_move=to_move,
            trick=tuple((s, c.index) for s, c in game.trick),
            won=(won[0], won[1]),
            maker=game.maker,
            active=active,
            bid=game.bid or 0,
            multiplier=game.multiplier,
        )

    def next_seat(self, seat: int) -> int:
        """The active seat that plays after ``seat``."""
        active = self.active
        return active[(active.index(seat) + 1) % len(active)]

    def legal_moves(self) -> list[int]:
        """The cards (indices) the player to move may play, in deck order."""
        lead = self.trick[0][1] if self.trick else -1
        m = legal_mask(self.hands[self.to_move], lead, self.trump)
        return [c for c in range(NUM_CARDS) if m >> c & 1]

    def play(self, card: int) -> Position:
        """The position after the player to move plays ``card`` (assumed legal)."""
        seat = self.to_move
        hands = list(self.hands)
        if not hands[seat] >> card & 1:
            raise ValueError(f"{CARDS[card]} is not in seat {seat}'s hand")
        hands[seat] ^= 1 << card
        trick = (*self.trick, (seat, card))
        won = self.won
        if len(trick) == len(self.active):
            winner = trick[winning_position([c for _, c in trick], self.trump)][0]
            won = (won[0] + 1, won[1]) if winner & 1 == 0 else (won[0], won[1] + 1)
            trick = ()
            to_move = winner
        else:
            to_move = self.next_seat(seat)
        return self._replace(
            hands=(hands[0], hands[1], hands[2], hands[3]), trick=trick, won=won, to_move=to_move
        )

    def check(self) -> None:
        """Raise ValueError unless the position is consistent (for callers building
        positions by hand; the solver itself trusts its input)."""
        if not 0 <= self.trump <= 3:
            raise ValueError(f"trump must be 0..3; got {self.trump}")
        active = self.active
        if not 2 <= len(active) <= 4 or sorted(set(active)) != list(active):
            raise ValueError(f"active must be 2 to 4 seats in order; got {active}")
        if self.to_move not in active or self.maker not in active:
            raise ValueError("the player to move and the maker must be active seats")
        seen = 0
        for s in range(4):
            h = self.hands[s]
            if h >> NUM_CARDS or (s not in active and h) or seen & h:
                raise ValueError(f"hand {s} holds impossible cards")
            seen |= h
        order = [
            active[(active.index(self.to_move) - len(self.trick) + k) % len(active)]
            for k in range(len(active))
        ]
        if [s for s, _ in self.trick] != order[: len(self.trick)] or len(self.trick) >= len(active):
            raise ValueError("the trick's seats do not lead up to the player to move")
        for _, c in self.trick:
            if seen >> c & 1:
                raise ValueError(f"{CARDS[c]} is both in a hand and in the trick")
            seen |= 1 << c
        n = self.hands[self.to_move].bit_count()
        for k, s in enumerate(order):
            if self.hands[s].bit_count() != n - (k < len(self.trick)):
                raise ValueError("the hands' sizes do not fit the trick in progress")
        if n + sum(self.won) != 6:
            raise ValueError("tricks won and cards left do not add up to six tricks")


def score_of(position: Position, maker_tricks: int, rules: Rules | None = None) -> tuple[int, int]:
    """Points for team 0 and team 1 if the makers end the hand with ``maker_tricks``
    tricks (``rules.hand_points`` with the position's bid and multiplier).

    The solver maximises the makers' tricks. Under ``fail_penalty="tricks_won"``
    the makers' score is not monotone in tricks once the bid is out of reach
    (fewer tricks lose less), which a caller can see here."""
    mine, theirs = hand_points(rules or Rules(), position.bid, maker_tricks, position.multiplier)
    return (mine, theirs) if position.maker_team == 0 else (theirs, mine)


# --- the search ----------------------------------------------------------------

Test = Callable[[int], bool]
#: The most positions a solve's transposition table holds (give or take the
#: few searches under way, one per trick): a new position finding it full
#: empties it first (a lost entry costs time, never a wrong value). About
#: 90 bytes a position in the trick search, 230 in the score search (its goal
#: lists included), so at most some 4.5 and 12 MB; the largest tables of
#: ``solve_moves`` and ``solve_score_moves`` on the benchmark's fresh deals
#: (seeds 1 and 2, 1,200 deals) held 2,005 and 7,409 positions.
_TABLE_LIMIT: Final = 50_000
#: A value of a hand's outcome: points (int) or a chance (float).
V = TypeVar("V", int, float)


class SearchStats:
    """Counters of one solve: ``nodes`` (positions searched: trick boundaries and
    cards to play) and ``searches`` (null-window searches)."""

    __slots__ = ("nodes", "searches")

    def __init__(self) -> None:
        self.nodes = 0
        self.searches = 0


class _Seating(NamedTuple):
    """What the search needs to know of who plays, for one set of active seats
    and one makers' team (``_seating``): ``nxt[s]`` the seat after s (-1 for a
    seat that sits out), ``mk[s]`` 1 for a maker, ``players`` the active seats,
    ``partner[s]`` s's partner among them (-1 for none), ``opponents[s]``
    the other side's active seats and ``later_opponents[s][n]`` those among
    the n players after s."""

    nxt: tuple[int, ...]
    n_active: int
    mk: tuple[int, ...]
    players: tuple[int, ...]
    partner: tuple[int, ...]
    opponents: tuple[tuple[int, ...], ...]
    later_opponents: tuple[tuple[tuple[int, ...], ...], ...]


@cache
def _seating(active: tuple[int, ...], maker_team: int) -> _Seating:
    """The seating of a deal (computed once per combination: there are a few)."""
    nxt = tuple(
        active[(active.index(s) + 1) % len(active)] if s in active else -1 for s in range(4)
    )
    mk = tuple(1 if s & 1 == maker_team else 0 for s in range(4))
    partner = tuple(next((s for s in active if s != p and mk[s] == mk[p]), -1) for p in range(4))
    opponents = tuple(tuple(s for s in active if mk[s] != mk[p]) for p in range(4))
    later = []
    for p in range(4):
        after = []
        s = p
        for _ in range(len(active) if p in active else 0):
            s = nxt[s]
            after.append(s)
        later.append(
            tuple(tuple(s for s in after[:n] if mk[s] != mk[p]) for n in range(len(active)))
        )
    return _Seating(nxt, len(active), mk, active, partner, opponents, tuple(later))


class _Searcher:
    """The AND/OR search of one deal: ``start(k, leader)`` and ``play(...)`` say
    whether the makers win at least ``k`` of the tricks from that point on."""

    def __init__(
        self,
        hands: list[int],
        seating: _Seating,
        *,
        table: bool = True,
        merge: bool = True,
        order: bool = True,
        quick: bool = True,
    ) -> None:
        self.hands = hands
        self.tt: dict[int, tuple[int, int]] = {}
        self.stats = SearchStats()
        self.start, self.play, self.lead_order = _make_search(
            hands, seating, self.tt, self.stats, table, merge, order, quick
        )


def _make_search(
    h: list[int],
    seating: _Seating,
    tt: dict[int, tuple[int, int]],
    stats: SearchStats,
    use_table: bool,
    merge: bool,
    order: bool,
    quick: bool,
) -> tuple[
    Callable[[int, int], bool],
    Callable[[int, int, int, int, int, int, int], bool],
    Callable[[int, int, int], list[int]],
]:
    """The two mutually recursive searches of one deal over the hands ``h``
    (layout bit sets, changed in place and restored), and the leader's move
    ordering they use (returned for the tests)."""
    nxt, n_active, mk, players, partner, opponents, later_opponents = seating
    suit_of = _SUIT_OF_LENGTH
    trumps = _TRUMPS
    sentinels = _SENTINELS
    full = _FULL
    plain_suits = _PLAIN_SUITS
    tt_get = tt.get
    table_limit = _TABLE_LIMIT
    plain = _PLAIN
    fill_1, fill_2, fill_4 = _FILL_1, _FILL_2, _FILL_4

    def lead_order(leader: int, moves: int, others: int) -> list[int]:
        """The cards (bits) ``moves`` of the leader in the order to try them
        (``others``: the other hands' cards): cards led towards a partner who
        holds the suit's top card (lowest first), the leader's own top cards of
        a plain suit, then of trumps; cards of a suit the partner can ruff
        (lowest first); the other trumps; then the plain cards an opponent can
        ruff, and the rest (each group from its highest card down unless said).
        A suit an opponent can ruff (void in it, holding a trump) counts for
        neither a top card nor a partner's."""
        opp_ruff = 0
        for s in opponents[leader]:
            x = h[s]
            if x & trumps:
                opp_ruff |= sentinels ^ (((x & plain) + plain) & sentinels)
        ruffed = (opp_ruff - (opp_ruff >> 6)) & moves
        plain_moves = moves & plain & ~ruffed
        # every card below one of the others' in its suit: a card above them
        # all is the top of its suit
        below = others | ((others >> 1) & fill_1)
        below |= (below >> 2) & fill_2
        below |= (below >> 4) & fill_4
        top = moves & ~below
        top_plain = top & plain_moves
        toward = partner_ruff = 0
        p = partner[leader]
        if p >= 0:
            par = h[p]
            # the suits whose top card among the others' is the partner's
            toward = ((below & ~(below >> 1) & par & plain) + plain) & sentinels
            toward = (toward - (toward >> 6)) & plain_moves & ~top
            if par & trumps:
                v = sentinels ^ (((par & plain) + plain) & sentinels)
                partner_ruff = (v - (v >> 6)) & plain_moves & ~top & ~toward
        rest = plain_moves ^ top_plain ^ toward ^ partner_ruff
        out = []
        while toward:
            b = toward & -toward
            toward ^= b
            out.append(b)
        for m in (top_plain, top & trumps):
            while m:
                b = 1 << (m.bit_length() - 1)
                m ^= b
                out.append(b)
        while partner_ruff:
            b = partner_ruff & -partner_ruff
            partner_ruff ^= b
            out.append(b)
        for m in (moves & trumps & ~top, ruffed, rest):
            while m:
                b = 1 << (m.bit_length() - 1)
                m ^= b
                out.append(b)
        return out

    def leader_sure(leader: int, hand: int, need: int) -> bool:
        """Whether the leader can take ``need`` tricks in a row from here: the
        trumps above all the others'; and when that draws all the others' trumps,
        every trump and every card above all the others' cards of its suit."""
        others = 0
        for s in players:
            if s != leader:
                others |= h[s]
        mine = hand & trumps
        theirs = others & trumps
        q = (mine >> theirs.bit_length()).bit_count()
        if q >= need:
            return True
        if theirs:
            if not q:
                return False
            for s in players:
                if s != leader and (h[s] & trumps).bit_count() > q:
                    return False
        q = mine.bit_count()
        for suit in plain_suits:
            m = hand & suit
            if m:
                q += (m >> (others & suit).bit_length()).bit_count()
        return q >= need

    def start(k: int, leader: int) -> bool:
        """At a trick boundary: can the makers win ``k`` of the remaining tricks?"""
        hand = h[leader]
        rem = hand.bit_count()
        if k <= 0:
            return True
        if k > rem:
            return False
        stats.nodes += 1
        if rem == 1:
            # the last trick plays itself
            best = hand
            bs = leader
            beats = suit_of[hand.bit_length()] | trumps
            s = nxt[leader]
            while s != leader:
                c = h[s]
                if c & beats and c > best:
                    best = c
                    bs = s
                s = nxt[s]
            return mk[bs] == 1
        key = lo = 0
        hi = rem
        if use_table:
            key = (((h[0] << 29 | h[1]) << 29 | h[2]) << 29 | h[3]) << 2 | leader
            e = tt_get(key)
            if e is not None:
                lo, hi = e
                if lo >= k:
                    return True
                if hi < k:
                    return False
            elif len(tt) >= table_limit:
                tt.clear()
        side = mk[leader]
        px = h[0] | h[1] | h[2] | h[3] | sentinels
        if quick:
            tr = px & trumps
            if tr:
                # whoever holds the highest trump wins a trick with each of their
                # trumps above all the others' trumps, whoever leads
                top = tr.bit_length() - 1
                o = leader
                for s in players:
                    if h[s] >> top & 1:
                        o = s
                        break
                mine = h[o] & trumps
                q = (mine >> (tr ^ mine).bit_length()).bit_count()
                if q >= (k if mk[o] else rem - k + 1):
                    if use_table:
                        tt[key] = (k, hi) if mk[o] else (lo, k - 1)
                    return mk[o] == 1
            if leader_sure(leader, hand, k if side else rem - k + 1):
                if use_table:
                    tt[key] = (k, hi) if side else (lo, k - 1)
                return side == 1
        moves = hand & ~(((hand << 1) + (~px & full)) & px) if merge else hand
        nx = nxt[leader]
        left = n_active - 1
        result = side ^ 1
        if order and rem > 3 and moves & (moves - 1):
            for b in lead_order(leader, moves, px ^ sentinels ^ hand):
                h[leader] = hand ^ b
                if play(k, nx, left, suit_of[b.bit_length()], b, leader, px) == side:
                    result = side
                    break
        else:
            while moves:
                b = 1 << (moves.bit_length() - 1)
                moves ^= b
                h[leader] = hand ^ b
                if play(k, nx, left, suit_of[b.bit_length()], b, leader, px) == side:
                    result = side
                    break
        h[leader] = hand
        if use_table:
            tt[key] = (k, hi) if result else (lo, k - 1)
        return result == 1

    def play(k: int, seat: int, left: int, follow: int, best: int, bs: int, px: int) -> bool:
        """Mid-trick: ``seat`` plays; ``left`` players (``seat`` included) are still
        to play; ``follow`` is the led suit, ``best``/``bs`` the winning card and seat."""
        stats.nodes += 1
        hand = h[seat]
        legal = hand & follow or hand
        if merge:
            legal &= ~(((legal << 1) + (~px & full)) & px)
        beats = follow | trumps
        if not legal & (legal - 1):
            # one card (or run of equivalent cards) to play: nothing to order
            h[seat] = hand ^ legal
            if left == 1:
                w = seat if legal & beats and legal > best else bs
                k2 = k - mk[w]
                reached = k2 <= 0 or (k2 < hand.bit_count() and start(k2, w))
            elif legal & beats and legal > best:
                reached = play(k, nxt[seat], left - 1, follow, legal, seat, px)
            else:
                reached = play(k, nxt[seat], left - 1, follow, best, bs, px)
            h[seat] = hand
            return reached
        side = mk[seat]
        # when the trick is not ours yet, the cards that win it first; each group
        # from its lowest card up
        winners = legal & beats & ~((best << 1) - 1)
        first = winners if order and mk[bs] != side else 0
        if left == 1:
            after = hand.bit_count() - 1
            for moves in (first, legal ^ first):
                while moves:
                    b = moves & -moves
                    moves ^= b
                    w = seat if b & beats and b > best else bs
                    k2 = k - mk[w]
                    if k2 <= 0:
                        r = 1
                    elif k2 > after:
                        r = 0
                    else:
                        h[seat] = hand ^ b
                        r = start(k2, w)
                        h[seat] = hand
                    if r == side:
                        return r == 1
            return side == 0
        nx = nxt[seat]
        left -= 1
        groups: tuple[int, ...] = (first, legal ^ first)
        later = later_opponents[seat][left]
        if later and order and winners:
            # when the trick is not ours, or is but an opponent still to play
            # can beat its card: first the lowest winner that none of the
            # cards those opponents may play beats
            threat = 0
            for s in later:
                x = h[s]
                threat |= (x & follow or x) & beats
            if first or threat > best:
                sure = winners & ~((1 << threat.bit_length()) - 1)
                if sure:
                    sure &= -sure
                    groups = (sure, first & ~sure, legal & ~(first | sure))
        for moves in groups:
            while moves:
                b = moves & -moves
                moves ^= b
                h[seat] = hand ^ b
                if b & beats and b > best:
                    r = play(k, nx, left, follow, b, seat, px)
                else:
                    r = play(k, nx, left, follow, best, bs, px)
                if r == side:
                    h[seat] = hand
                    return side == 1
        h[seat] = hand
        return side == 0

    return start, play, lead_order


# --- the score objective ---------------------------------------------------------


def _make_goal_search(
    h: list[int],
    seating: _Seating,
    tt: dict[int, tuple[list[int], list[int]]],
    stats: SearchStats,
) -> tuple[Callable[[int, int], bool], Callable[[int, int, int, int, int, int, int], bool]]:
    """Like ``_make_search``, for any goal: ``goal`` is a bit set over the number
    of tricks the makers win from this point on (bit u: "the makers win exactly
    u more tricks"), and a search says whether the makers can force the hand to
    end with a count in it. A score threshold is such a goal: the counts whose
    score is at least the threshold (not always an interval: under the seed
    rules a failing maker prefers fewer tricks). The table holds, per position,
    the goals found reachable and those found out of reach: a goal holding a
    reachable one is reachable, one inside an unreachable one is not."""
    nxt, n_active, mk, players = seating[:4]
    suit_of = _SUIT_OF_LENGTH
    trumps = _TRUMPS
    sentinels = _SENTINELS
    full = _FULL
    plain_suits = _PLAIN_SUITS
    tt_get = tt.get
    table_limit = _TABLE_LIMIT

    def leader_count(leader: int, hand: int) -> int:
        """How many tricks in a row the leader can take from here (see
        ``leader_sure`` in ``_make_search``): a lower bound."""
        others = 0
        for s in players:
            if s != leader:
                others |= h[s]
        mine = hand & trumps
        theirs = others & trumps
        q = (mine >> theirs.bit_length()).bit_count()
        if theirs:
            if not q:
                return 0
            for s in players:
                if s != leader and (h[s] & trumps).bit_count() > q:
                    return q
        n = mine.bit_count()
        for suit in plain_suits:
            m = hand & suit
            if m:
                n += (m >> (others & suit).bit_length()).bit_count()
        return max(n, q)

    def start(goal: int, leader: int) -> bool:
        """At a trick boundary: can the makers end with a count in ``goal``?"""
        hand = h[leader]
        rem = hand.bit_count()
        every = (2 << rem) - 1
        goal &= every
        if goal == every:
            return True
        if not goal:
            return False
        stats.nodes += 1
        if rem == 1:
            best = hand
            bs = leader
            beats = suit_of[hand.bit_length()] | trumps
            s = nxt[leader]
            while s != leader:
                c = h[s]
                if c & beats and c > best:
                    best = c
                    bs = s
                s = nxt[s]
            return goal >> mk[bs] & 1 == 1
        side = mk[leader]
        px = h[0] | h[1] | h[2] | h[3] | sentinels
        tr = px & trumps
        possible = every
        if tr:
            # the holder of the top trump wins q tricks whatever anyone plays:
            # only the counts that allows are still possible
            top = tr.bit_length() - 1
            o = leader
            for s in players:
                if h[s] >> top & 1:
                    o = s
                    break
            mine = h[o] & trumps
            q = (mine >> (tr ^ mine).bit_length()).bit_count()
            if q:
                possible = (every >> q) << q if mk[o] else every >> q
                goal &= possible
                if goal == possible:
                    return True
                if not goal:
                    return False
        key = (((h[0] << 29 | h[1]) << 29 | h[2]) << 29 | h[3]) << 2 | leader
        e = tt_get(key)
        if e is None:
            if len(tt) >= table_limit:
                tt.clear()
            e = tt[key] = ([], [])
        else:
            # a goal that holds a goal the makers reach is reached; one inside a
            # goal they cannot reach is not
            for g in e[0]:
                if not g & ~goal:
                    return True
            for g in e[1]:
                if not goal & ~g:
                    return False
        # the leader may take q tricks in a row and then play on: for the makers
        # that reaches every count from q up, for the defenders every count up to
        # rem - q
        q = leader_count(leader, hand)
        if q:
            if side:
                if not (every >> q) << q & possible & ~goal:
                    e[0].append(goal)
                    return True
            elif not goal & (every >> q):
                e[1].append(goal)
                return False
        moves = hand & ~(((hand << 1) + (~px & full)) & px)
        nx = nxt[leader]
        left = n_active - 1
        result = side ^ 1
        low_first = goal & 1 and not goal >> rem & 1  # the makers want few tricks
        while moves:
            b = moves & -moves if low_first else 1 << (moves.bit_length() - 1)
            moves ^= b
            h[leader] = hand ^ b
            if play(goal, nx, left, suit_of[b.bit_length()], b, leader, px) == side:
                result = side
                break
        h[leader] = hand
        e[result ^ 1].append(goal)
        return result == 1

    def play(goal: int, seat: int, left: int, follow: int, best: int, bs: int, px: int) -> bool:
        """Mid-trick, as ``play`` in ``_make_search`` with a goal."""
        stats.nodes += 1
        hand = h[seat]
        legal = hand & follow or hand
        legal &= ~(((legal << 1) + (~px & full)) & px)
        beats = follow | trumps
        if not legal & (legal - 1):
            # one card (or run of equivalent cards) to play: nothing to order
            h[seat] = hand ^ legal
            if left == 1:
                w = seat if legal & beats and legal > best else bs
                reached = start(goal >> mk[w], w)
            elif legal & beats and legal > best:
                reached = play(goal, nxt[seat], left - 1, follow, legal, seat, px)
            else:
                reached = play(goal, nxt[seat], left - 1, follow, best, bs, px)
            h[seat] = hand
            return reached
        side = mk[seat]
        winners = legal & beats & ~((best << 1) - 1)
        if goal & 1 and not goal >> hand.bit_count() & 1:
            # the makers want few tricks here and the defenders want to give them
            # some: both try the cards that do not take the trick first
            first = legal ^ winners
        else:
            first = winners if mk[bs] != side else 0
        if left == 1:
            for moves in (first, legal ^ first):
                while moves:
                    b = moves & -moves
                    moves ^= b
                    w = seat if b & beats and b > best else bs
                    h[seat] = hand ^ b
                    r = start(goal >> mk[w], w)
                    h[seat] = hand
                    if r == side:
                        return r == 1
            return side == 0
        nx = nxt[seat]
        left -= 1
        for moves in (first, legal ^ first):
            while moves:
                b = moves & -moves
                moves ^= b
                h[seat] = hand ^ b
                if b & beats and b > best:
                    r = play(goal, nx, left, follow, b, seat, px)
                else:
                    r = play(goal, nx, left, follow, best, bs, px)
                if r == side:
                    h[seat] = hand
                    return side == 1
        h[seat] = hand
        return side == 0

    return start, play


class _Root:
    """A position prepared for searching: the searcher, and a test for the
    position itself and for each legal move (tests take k, the tricks from the
    root position on, the one in progress included)."""

    def __init__(self, position: Position, goal: bool = False, **options: bool) -> None:
        t = position.trump
        self.position = position
        active = position.active
        seating = _seating(active, position.maker_team)
        self.nxt = seating.nxt
        self.n_active = seating.n_active
        hands = [_to_layout(position.hands[s], t) if s in active else 0 for s in range(4)]
        self.searcher = _Searcher(hands, seating, **options)
        self.goal = goal
        #: the goal search's table (goal mode only): for the tests
        self.goal_table: dict[int, tuple[list[int], list[int]]] = {}
        if goal:
            # the same hands (shared list), searched for a goal set instead of k
            sr = self.searcher
            sr.start, sr.play = _make_goal_search(hands, seating, self.goal_table, sr.stats)
        self.to_move = position.to_move
        self.rem = hands[position.to_move].bit_count()
        px = hands[0] | hands[1] | hands[2] | hands[3] | _SENTINELS
        follow = best = 0
        bs = -1
        bit_of = _BIT_OF[t]
        for s, c in position.trick:
            b = 1 << bit_of[c]
            px |= b
            if not follow:
                follow = _SUIT_OF_LENGTH[b.bit_length()]
                best, bs = b, s
            elif b & (follow | _TRUMPS) and b > best:
                best, bs = b, s
        self.px = px
        self.follow = follow
        self.best = best
        self.best_seat = bs
        self.played = len(position.trick)

    def test(self, k: int) -> bool:
        sr = self.searcher
        sr.stats.searches += 1
        if not self.played:
            return sr.start(k, self.to_move)
        return sr.play(
            k,
            self.to_move,
            self.n_active - self.played,
            self.follow,
            self.best,
            self.best_seat,
            self.px,
        )

    def legal_bits(self) -> int:
        hand = self.searcher.hands[self.to_move]
        return hand & self.follow or hand

    def child_test(self, b: int) -> Test:
        """The test of the position after the player to move plays card bit ``b``."""
        sr = self.searcher
        seat = self.to_move
        h = sr.hands
        follow = self.follow or _SUIT_OF_LENGTH[b.bit_length()]
        if not self.played or (b & (follow | _TRUMPS) and b > self.best):
            best, bs = b, seat
        else:
            best, bs = self.best, self.best_seat
        left = self.n_active - self.played - 1
        px = self.px
        mk = 1 if bs & 1 == self.position.maker_team else 0

        def test(k: int) -> bool:
            hand = h[seat]
            h[seat] = hand ^ b
            sr.stats.searches += 1
            try:
                if left == 0:
                    return sr.start(k >> mk if self.goal else k - mk, bs)
                return sr.play(k, self.nxt[seat], left, follow, best, bs, px)
            finally:
                h[seat] = hand

        return test


def _exact(test: Test, lo: int, hi: int, guess: int) -> int:
    """The largest k in lo..hi with test(k) true, given test(lo) is true;
    tries ``guess`` first, then bisects."""
    if lo < guess <= hi:
        if test(guess):
            lo = guess
        else:
            hi = guess - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if test(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _exact_near(test: Test, lo: int, hi: int, guess: int) -> int:
    """As ``_exact`` for a guess that is often right or one off: after
    ``guess`` tries the next count on the side its answer points to (true at
    guess: guess + 1; false: guess - 1), and only then bisects."""
    if lo < guess <= hi:
        if test(guess):
            lo = guess
            if lo < hi:
                if not test(lo + 1):
                    return lo
                lo += 1
        else:
            hi = guess - 1
            if lo < hi:
                if test(hi):
                    return hi
                hi -= 1
    return _exact(test, lo, hi, lo)


def _first_guess(root: _Root) -> int:
    """A guess at the makers' further tricks: the tricks left times (the
    makers' trumps + 1/2) / (all the trumps in the hands + 1), rounded; right
    or one off for about three positions in four of the benchmark's deals."""
    hands = root.searcher.hands
    maker_team = root.position.maker_team
    mine = theirs = 0
    for s in root.position.active:
        n = (hands[s] & _TRUMPS).bit_count()
        if s & 1 == maker_team:
            mine += n
        else:
            theirs += n
    rem = root.rem
    return (2 * rem * mine + rem + mine + theirs + 1) // (2 * (mine + theirs + 1))


def _solve_root(root: _Root) -> int:
    if root.rem == 0:
        return 0
    return _exact_near(root.test, 0, root.rem, _first_guess(root))


def solve(position: Position, **options: bool) -> int:
    """The tricks the makers' team ends the hand with (those already won
    included) when both sides play perfectly with all cards visible.

    ``options`` switch techniques off for measurement: ``table``, ``merge``,
    ``order``, ``quick`` (all on by default)."""
    return solve_with_stats(position, **options)[0]


def solve_with_stats(position: Position, **options: bool) -> tuple[int, SearchStats]:
    """``solve`` and the statistics of its search (nodes visited, searches
    made): for measuring the solver (``hasenpfeffer_devtools.solver_bench``)."""
    root = _Root(position, **options)
    return position.won[position.maker_team] + _solve_root(root), root.searcher.stats


def solve_moves(position: Position, **options: bool) -> dict[int, int]:
    """For each legal card (index) of the player to move, the tricks the makers
    end with after playing it, with perfect play afterwards."""
    root = _Root(position, **options)
    base = position.won[position.maker_team]
    legal = root.legal_bits()
    if not legal:
        return {}
    card_of = _CARD_OF[position.trump]
    side = (position.to_move & 1) == position.maker_team
    rem = root.rem
    values: dict[int, int] = {}
    merge = options.get("merge", True)
    # the position's value first: a maker's card then is worth at most that, a
    # defender's at least that, and most cards are worth exactly that
    v = _solve_root(root)
    px = root.px
    m = legal
    prev = value = 0
    while m:
        b = 1 << (m.bit_length() - 1)
        m ^= b
        # one search per run of equivalent cards (high to low, so a run's first
        # card is searched and the others share its value)
        if not merge or not prev or px & (prev - (b << 1)):
            test = root.child_test(b)
            value = v
            if side:
                while value > 0 and not test(value):
                    value -= 1
            else:
                while value < rem and test(value + 1):
                    value += 1
        prev = b
        values[card_of[b]] = base + value
    return dict(sorted(values.items()))


# --- solving for the hand's score -----------------------------------------------------


def maker_points(position: Position, rules: Rules) -> list[tuple[int, int]]:
    """(makers' points, defenders' points) (``hand_points``) for each number of
    tricks u the makers win from the position on (0..tricks left)."""
    won = position.won[position.maker_team]
    return [
        hand_points(rules, position.bid, won + u, position.multiplier)
        for u in range(position.tricks_left + 1)
    ]


def _maker_scores(position: Position, rules: Rules) -> list[int]:
    """The makers' points minus the defenders' for each number of further tricks."""
    return [mine - theirs for mine, theirs in maker_points(position, rules)]


def _goals(scores: Sequence[V]) -> tuple[list[V], list[int]]:
    """The distinct score values, low to high, and for each the goal (bit set of
    trick counts) "the makers' score margin is at least that value"."""
    values = sorted(set(scores))
    goals = []
    for v in values:
        g = 0
        for u, x in enumerate(scores):
            if x >= v:
                g |= 1 << u
        goals.append(g)
    return values, goals


def _monotone(scores: Sequence[V]) -> bool:
    return all(a <= b for a, b in pairwise(scores))


def solve_score(position: Position, rules: Rules | None = None) -> int:
    """The makers' points minus the defenders' for the hand (``hand_points``
    under ``rules``, the position's bid and multiplier) when the makers play to
    maximise it and the defenders to minimise it, every card visible.

    Where the score grows with the makers' tricks this is the score of
    ``solve``; under the seed rules a maker that cannot make the bid plays for
    as few tricks as it can (a failed bid loses the tricks won), and the
    defenders then feed it tricks, which ``solve`` does not model."""
    rules = rules or Rules()
    scores = _maker_scores(position, rules)
    if _monotone(scores):
        return scores[solve(position) - position.won[position.maker_team]]
    root = _Root(position, goal=True)
    values, goals = _goals(scores)
    return values[_exact(lambda i: root.test(goals[i]), 0, len(values) - 1, len(values) // 2)]


def solve_score_moves(position: Position, rules: Rules | None = None) -> dict[int, int]:
    """For each legal card (index) of the player to move, ``solve_score`` of the
    position after it."""
    return solve_value_moves(position, _maker_scores(position, rules or Rules()))


def solve_value_moves(position: Position, scores: Sequence[V]) -> dict[int, V]:
    """For each legal card (index) of the player to move, the value of the
    position after it when the hand's outcome is worth ``scores[u]`` to the
    makers if they win u more tricks (u = 0..tricks left): the makers play to
    maximise it, the defenders to minimise it, every card visible. Any values
    (e.g. the makers' chance of winning the game after the hand); with the
    hand's score margins this is ``solve_score_moves``."""
    if len(scores) != position.tricks_left + 1:
        raise ValueError(
            f"need a value for each trick count 0..{position.tricks_left}; got {len(scores)}"
        )
    won = position.won[position.maker_team]
    if _monotone(scores):
        return {c: scores[t - won] for c, t in solve_moves(position).items()}
    root = _Root(position, goal=True)
    legal = root.legal_bits()
    if not legal:
        return {}
    values, goals = _goals(scores)
    top = len(values) - 1
    v = _exact(lambda i: root.test(goals[i]), 0, top, len(values) // 2)
    card_of = _CARD_OF[position.trump]
    side = (position.to_move & 1) == position.maker_team
    out: dict[int, V] = {}
    px = root.px
    m = legal
    prev = value = 0
    while m:
        b = 1 << (m.bit_length() - 1)
        m ^= b
        if not prev or px & (prev - (b << 1)):
            test = root.child_test(b)
            value = v
            if side:
                while value > 0 and not test(goals[value]):
                    value -= 1
            else:
                while value < top and test(goals[value + 1]):
                    value += 1
        prev = b
        out[card_of[b]] = values[value]
    return dict(sorted(out.items()))


# --- the reference -----------------------------------------------------------------


def minimax(
    position: Position, rules: Rules | None = None, scores: Sequence[float] | None = None
) -> float:
    """The same value as ``solve`` by plain exhaustive minimax on card indices:
    no pruning, no table, no merging. Exponential: only for small positions.
    With ``rules``, the value of ``solve_score`` instead: the makers' points
    minus the defenders' (``hand_points``), the makers maximising it. With
    ``scores``, the makers maximise ``scores[u]`` for u more tricks won (the
    value of ``solve_value_moves``' best move)."""
    won0 = position.won[position.maker_team]
    t = position.trump
    maker_team = position.maker_team
    active = position.active
    n_active = len(active)
    nxt = {s: active[(i + 1) % n_active] for i, s in enumerate(active)}
    hands = list(position.hands)

    def rec(seat: int, cards: tuple[int, ...], seats: tuple[int, ...], won: int) -> float:
        if not cards and not hands[seat]:
            if scores is not None:
                return scores[won - won0]
            if rules is None:
                return won
            mine, theirs = hand_points(rules, position.bid, won, position.multiplier)
            return mine - theirs
        moves = legal_mask(hands[seat], cards[0] if cards else -1, t)
        values = []
        for c in range(NUM_CARDS):
            if not moves >> c & 1:
                continue
            hands[seat] ^= 1 << c
            trick = (*cards, c)
            played = (*seats, seat)
            if len(trick) == n_active:
                w = played[winning_position(trick, t)]
                values.append(rec(w, (), (), won + (w & 1 == maker_team)))
            else:
                values.append(rec(nxt[seat], trick, played, won))
            hands[seat] ^= 1 << c
        return max(values) if seat & 1 == maker_team else min(values)

    return rec(
        position.to_move,
        tuple(c for _, c in position.trick),
        tuple(s for s, _ in position.trick),
        position.won[maker_team],
    )


__all__ = [
    "Position",
    "SearchStats",
    "maker_points",
    "minimax",
    "score_of",
    "solve",
    "solve_moves",
    "solve_score",
    "solve_score_moves",
    "solve_value_moves",
    "solve_with_stats",
]
