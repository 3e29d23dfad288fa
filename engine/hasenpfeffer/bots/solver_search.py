"""The searches of the double-dummy solver (``solver``): "can the makers win
k more tricks?" and "can they end with a trick count in this set?", over all
the hands of one deal, written for speed in pure Python:

* a transposition table at trick boundaries, keyed by one int (who holds
  each card in play, by its rank among its suit's cards still in play, so
  that positions differing only in which lower cards were played share an
  entry; at two seats, where that costs more than it saves in the trick
  search, the hands themselves; and the leader), holding a lower and an upper
  bound on the tricks still to come (the goal search: the goals found reachable
  and out of reach), shared by all the searches of a solve, at most
  ``TABLE_LIMIT`` positions;
* equivalent cards: two cards of one hand next to each other in the rank order
  of their effective suit, with no card between them still in play (in a hand
  or in the trick), are interchangeable; one card of each run is searched, and
  a player with one run to play plays it without ordering;
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
  boundary), the last trick played out directly, the sure tricks of the side
  of whoever holds the highest trump (each trump of one of them above all the
  other side's trumps wins, whoever leads), and the leader's sure tricks (those top trumps, and when
  they draw every other trump, all their trumps and every card above all the
  others' cards of its suit).

A hand is a bit set over a layout of the cards that depends on the trump suit:
the three plain suits at bits 0-5, 7-12 and 14-19 (9 low, ace high; the left
bower's slot stays empty) and the eight trumps at bits 21-28 (9 low, Joker
high), with one empty bit between suits. A higher bit is a higher card within
a suit and the trumps lie above everything, so "beats the best card so far" is
a bit comparison, and a run of equivalent cards is a range with no other
in-play card inside (the empty bits between suits stop runs at a suit's end).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final, NamedTuple

from ..cards import EFFECTIVE_SUIT, NUM_CARDS, TRUMP_ORDER

# --- the internal card layout ----------------------------------------------------

_SUIT_BASE: Final = (0, 7, 14)
_TRUMP_BASE: Final = 21
#: The empty bits between suits: always "in play" so that runs stop there.
SENTINELS: Final = 1 << 6 | 1 << 13 | 1 << 20
TRUMPS: Final = 0xFF << _TRUMP_BASE
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


BIT_OF, CARD_OF = _build_layout()


def _build_suit_of_length() -> tuple[int, ...]:
    """SUIT_OF_LENGTH[b.bit_length()] -> the layout mask of the suit of card bit b."""
    out = [0] * (_LAYOUT_BITS + 1)
    for base in _SUIT_BASE:
        for r in range(6):
            out[base + r + 1] = 0x3F << base
    for r in range(8):
        out[_TRUMP_BASE + r + 1] = TRUMPS
    return tuple(out)


SUIT_OF_LENGTH: Final = _build_suit_of_length()
_PLAIN_SUITS: Final = tuple(0x3F << base for base in _SUIT_BASE)
#: All the plain suits' bits. Added to a hand's plain cards it carries into the
#: empty bit above each suit the hand holds (each suit is at most 0x3F, so the
#: sum stays below the next suit).
_PLAIN: Final = _PLAIN_SUITS[0] | _PLAIN_SUITS[1] | _PLAIN_SUITS[2]
#: Masks for filling a set of cards downwards within each suit: OR-ing in
#: (x >> 1) & _FILL_1, then (x >> 2) & _FILL_2, then (x >> 4) & _FILL_4 adds
#: every bit below a card of x in its suit (a suit spans at most 8 bits) and
#: never crosses the empty bits between suits.
_FILL_1: Final = _FULL & ~SENTINELS
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
        for bits in BIT_OF
    )


_LAYOUT_OF_CHUNK: Final = _build_layout_of_chunks()


def to_layout(mask: int, trump: int) -> int:
    """The layout bit set of a set of cards (bits over card indices, 25 cards)."""
    a, b, c, d, e = _LAYOUT_OF_CHUNK[trump]
    return (
        a[mask & 31] | b[mask >> 5 & 31] | c[mask >> 10 & 31] | d[mask >> 15 & 31] | e[mask >> 20]
    )


# --- the table's keys -------------------------------------------------------------

#: Each suit's bits in the three planes of ``table_key``'s x: the cards in play,
#: those of seats 1 and 3, those of seats 2 and 3.
_PLANES: Final = tuple(m | m << 29 | m << 58 for m in (*_PLAIN_SUITS, TRUMPS))


#: A suit's cards in play by rank (one plane of ``_PLANES``) -> its part of a
#: table key: a 1, then 2 bits per card, low to high, for the seat that holds
#: it; at 13 bits a suit (17 for trumps); 0 for none. Filled as positions come
#: (``_suit_codes``), emptied at 100,000 codes (some 10 MB; about 34,000 after
#: 1,500 of the benchmark's deals).
_SUIT_CODES: Final = {0: 0}


def _suit_codes(x: int) -> int:
    """Fill in ``_SUIT_CODES`` for the four suits of ``x`` (``table_key``'s);
    the key's suits' part."""
    c = _SUIT_CODES
    if len(c) >= 100_000:
        c.clear()
        c[0] = 0
    out = 0
    for j, plane in enumerate(_PLANES):
        y = x & plane
        if y not in c:
            code = 1
            p = y & _FULL
            while p:
                b = (p & -p).bit_length() - 1
                p &= p - 1
                code = code << 2 | (y >> b + 29 & 1) | (y >> b + 57 & 2)
            c[y] = code << 13 * j
        out |= c[y]
    return out


def table_key(h: list[int], leader: int) -> int:
    """A transposition table key of a trick boundary: who holds each card in
    play, by its rank among the cards of its suit still in play, and the
    leader. Positions that differ only in which lower cards were played have
    the same key and the same value: a card beats another by their order."""
    x = h[0] | h[1] | h[2] | h[3] | (h[1] | h[3]) << 29 | (h[2] | h[3]) << 58
    return _suit_codes(x) << 2 | leader


# --- the search ----------------------------------------------------------------

#: The most positions a solve's transposition table holds (give or take the
#: few searches under way, one per trick): a new position finding it full
#: empties it first (a lost entry costs time, never a wrong value). About
#: 90 bytes a position in the trick search, 230 in the score search (its goal
#: lists included), so at most some 4.5 and 12 MB; the largest tables of
#: ``solve_moves`` and ``solve_score_moves`` on the benchmark's fresh deals
#: (seeds 1 and 2, 1,200 deals) held 2,005 and 7,409 positions (with the plain
#: keys, before the keys by rank).
TABLE_LIMIT: Final = 50_000


class SearchStats:
    """Counters of one solve: ``nodes`` (positions searched: trick boundaries and
    cards to play) and ``searches`` (null-window searches)."""

    __slots__ = ("nodes", "searches")

    def __init__(self) -> None:
        self.nodes = 0
        self.searches = 0


class Seating(NamedTuple):
    """What the search needs to know of who plays, for one set of active seats
    and one makers' team (``seating_of``): ``nxt[s]`` the seat after s (-1 for a
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
def seating_of(active: tuple[int, ...], maker_team: int) -> Seating:
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
    return Seating(nxt, len(active), mk, active, partner, opponents, tuple(later))


class Searcher:
    """The AND/OR search of one deal: ``start(k, leader)`` and ``play(...)`` say
    whether the makers win at least ``k`` of the tricks from that point on."""

    def __init__(
        self,
        hands: list[int],
        seating: Seating,
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
    seating: Seating,
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
    suit_of = SUIT_OF_LENGTH
    trumps = TRUMPS
    sentinels = SENTINELS
    full = _FULL
    plain_suits = _PLAIN_SUITS
    tt_get = tt.get
    table_limit = TABLE_LIMIT
    codes = _SUIT_CODES
    suit_codes = _suit_codes
    pl0, pl1, pl2, pl3 = _PLANES
    # keys by rank pay from three seats on (at two, the trick search's positions
    # transpose little: the plain key, cheaper, is faster)
    relative = n_active > 2
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
        px = h[0] | h[1] | h[2] | h[3] | sentinels
        if use_table:
            if relative:
                x = px | (h[1] | h[3]) << 29 | (h[2] | h[3]) << 58
                try:
                    key = codes[x & pl0] | codes[x & pl1] | codes[x & pl2] | codes[x & pl3]
                except KeyError:
                    key = suit_codes(x)
                key = key << 2 | leader
            else:
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
        if quick:
            need = k if side else rem - k + 1
            tr = px & trumps
            q = 0
            if tr:
                # the side of whoever holds the highest trump wins a trick with
                # each trump of one of them above all the other side's trumps,
                # whoever leads
                top = tr.bit_length() - 1
                o = leader
                if not hand >> top & 1:
                    for s in players:
                        if h[s] >> top & 1:
                            o = s
                            break
                mine = h[o] & trumps
                p = partner[o]
                ours = h[p] & trumps if p >= 0 else 0
                theirs = (tr ^ mine ^ ours).bit_length()
                # (each trump above all the other side's wins its trick: the
                # side wins as many tricks as either of them holds)
                q = max((mine >> theirs).bit_count(), (ours >> theirs).bit_count())
                if q >= (k if mk[o] else rem - k + 1):
                    if use_table:
                        tt[key] = (k, hi) if mk[o] else (lo, k - 1)
                    return mk[o] == 1
                q = (mine >> (tr ^ mine).bit_length()).bit_count()
                if o != leader:
                    q = -1  # the leader's trumps do not draw the others'
                elif tr != mine:
                    for s in players:
                        if s != leader and (h[s] & trumps).bit_count() > q:
                            q = -1
                            break
            if q >= 0:
                # the leader's trumps draw the others': then every trump of the
                # leader's wins, and every card above all the others' of its suit
                others = px ^ sentinels ^ hand
                q = (hand & trumps).bit_count()
                for suit in plain_suits:
                    m = hand & suit
                    if m:
                        q += (m >> (others & suit).bit_length()).bit_count()
                if q >= need:
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
                    w = seat if b & winners else bs
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
                if b & winners:
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


def make_goal_search(
    h: list[int],
    seating: Seating,
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
    nxt, n_active, mk, players, partner = seating[:5]
    suit_of = SUIT_OF_LENGTH
    trumps = TRUMPS
    sentinels = SENTINELS
    full = _FULL
    plain_suits = _PLAIN_SUITS
    tt_get = tt.get
    table_limit = TABLE_LIMIT
    codes = _SUIT_CODES
    suit_codes = _suit_codes
    pl0, pl1, pl2, pl3 = _PLANES

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
            # the top trump's side wins q tricks whatever anyone plays (q: the
            # trumps of one of them above all the other side's, each winning
            # its trick): only the counts that allows are still possible
            top = tr.bit_length() - 1
            o = leader
            for s in players:
                if h[s] >> top & 1:
                    o = s
                    break
            mine = h[o] & trumps
            p = partner[o]
            ours = h[p] & trumps if p >= 0 else 0
            theirs = (tr ^ mine ^ ours).bit_length()
            q = max((mine >> theirs).bit_count(), (ours >> theirs).bit_count())
            if q:
                possible = (every >> q) << q if mk[o] else every >> q
                goal &= possible
                if goal == possible:
                    return True
                if not goal:
                    return False
        x = px | (h[1] | h[3]) << 29 | (h[2] | h[3]) << 58
        try:
            key = codes[x & pl0] | codes[x & pl1] | codes[x & pl2] | codes[x & pl3]
        except KeyError:
            key = suit_codes(x)
        key = key << 2 | leader
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
        # rem - q (only worth counting when the makers' goal holds the most tricks
        # still possible, or the defenders' goal, the fewest)
        q = 0
        if goal >> possible.bit_length() - 1 & 1 if side else not goal & possible & -possible:
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
            high = side
        else:
            first = winners if mk[bs] != side else 0
            high = 0
        if left == 1:
            for moves in (first, legal ^ first):
                while moves:
                    b = 1 << (moves.bit_length() - 1) if high else moves & -moves
                    moves ^= b
                    w = seat if b & winners else bs
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
                b = 1 << (moves.bit_length() - 1) if high else moves & -moves
                moves ^= b
                h[seat] = hand ^ b
                if b & winners:
                    r = play(goal, nx, left, follow, b, seat, px)
                else:
                    r = play(goal, nx, left, follow, best, bs, px)
                if r == side:
                    h[seat] = hand
                    return side == 1
        h[seat] = hand
        return side == 0

    return start, play
