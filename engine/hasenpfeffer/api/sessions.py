"""The games of the API, one per session id: ``""`` is the game page's own
game; each embed names its own session, so several embeds share one worker."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..game import Game
from ..vocabulary import HUMAN
from .args import ApiError, quoted

#: The groups of phases an undo with guests stays within (``Session.undo_shows``):
#: the auction; the maker's calls (trump, discard, alone) and the defenders' answer
#: to an alone call; the play of the cards; the game's end.
PHASE_GROUPS: Final = {
    "bidding": "auction",
    "trump": "calls",
    "discard": "calls",
    "alone": "calls",
    "defend_alone": "calls",
    "play": "play",
    "game_over": "game_over",
}


@dataclass
class Session:
    game: Game
    levels: tuple[str, ...]
    #: The seat that acted for each action of ``game.history``.
    actors: list[int]
    players: dict[int, Any] = field(default_factory=dict)
    #: The person seats played at another device (the LAN table's guests): their
    #: decisions come through ``act`` with their ``seat``, and the answers never
    #: carry their view unless asked for it (``state`` with the seat).
    remote: frozenset[int] = frozenset()
    #: Who decided each action of ``game.history``: the level of its seat then
    #: (``human`` for a person), so that a later change of levels rewrites nothing.
    deciders: list[str] = field(default_factory=list)
    #: Open hands (practice): every card face up and "Why?" in full during play,
    #: chosen by the player; never with guests.
    open_hands: bool = False
    #: The deal came from a secret seed (the engine's own, never given by a
    #: link, the deal of the day or an embed): the only deal guests may sit at.
    secret_deal: bool = False
    #: The game is the deal of the day (open hands wait for its first hand).
    daily: bool = False
    #: The deals (``game.hand_number``) on which open hands were ever on: each is
    #: never played with guests, open hands turned off or not (``check_table``).
    opened: set[int] = field(default_factory=set)
    #: The seats whose hidden cards this device has seen, per deal
    #: (``game.hand_number``): every seat whose view an answer to this device
    #: carried (pass-and-play shows each person's hand in turn), and every seat of a
    #: deal once an undo took back a decision after which something was shown. A
    #: guest never sits at a seat in the list of the deal on the table
    #: (``check_table``: ``deal_seen``).
    seen: dict[int, set[int]] = field(default_factory=dict)

    #: The seats played by guests at some time during each deal (``game.hand_number``):
    #: their cards of that deal were never shown here, so none of them becomes a
    #: person at this device before the deal is over (``guest_hand_hidden``).
    held: dict[int, set[int]] = field(default_factory=dict)

    def note_guests(self) -> None:
        """Record the guests' seats as holders of the deal on the table's hidden cards."""
        if self.remote:
            self.held.setdefault(self.game.hand_number, set()).update(self.remote)

    @property
    def held_seats(self) -> tuple[int, ...]:
        """The seats a guest has played during the deal on the table."""
        return tuple(sorted(self.held.get(self.game.hand_number, ())))

    def note_seen(self, seat: int) -> None:
        """Record that an answer to this device carried ``seat``'s view of the
        deal on the table (never a guest's seat: its answers go to the guest)."""
        if seat not in self.remote:
            self.seen.setdefault(self.game.hand_number, set()).add(seat)

    def note_undone(self, first_deal: int, last_deal: int) -> None:
        """Record an undo that took back what others did after a decision or what
        the decision showed: the device has seen more than its own seats' hands
        (the computer players' answers, a trick, the widow) on every deal from
        ``first_deal`` to ``last_deal``, so no guest sits at those deals."""
        for deal in range(first_deal, last_deal + 1):
            self.seen[deal] = {0, 1, 2, 3}

    @property
    def seen_seats(self) -> tuple[int, ...]:
        """The seats whose cards of the deal on the table this device has seen."""
        return tuple(sorted(self.seen.get(self.game.hand_number, ())))

    def note_open(self) -> None:
        """Record the deal on the table as seen open, if open hands are on."""
        if self.open_hands:
            self.opened.add(self.game.hand_number)

    def acted_after(self, n: int) -> int | None:
        """The first seat other than the one that took action ``n`` of
        ``game.history`` to act after it (None: nobody else has)."""
        return next((a for a in self.actors[n + 1 :] if a != self.actors[n]), None)

    def undo_shows(self, n: int) -> bool:
        """Whether taking back action ``n`` of ``game.history`` (and what
        followed it) would unsay what it showed: the decision moved the game to
        another group of phases (the auction's end shows the maker the widow),
        completed a trick or started a new deal. With guests seated such a
        decision stands: a guest saw what came of it, and the undoer may
        have seen a card the decision made known."""
        before = self.game.replayed(n)
        now = self.game
        return (
            PHASE_GROUPS[before.phase] != PHASE_GROUPS[now.phase]
            or before.hand_number != now.hand_number
            or sum(before.tricks_won) != sum(now.tricks_won)
        )

    @property
    def humans(self) -> tuple[int, ...]:
        """Every seat played by a person, at this device or another."""
        return tuple(s for s in range(4) if self.levels[s] == HUMAN)

    @property
    def local_humans(self) -> tuple[int, ...]:
        """The person seats at this device (not ``remote``)."""
        return tuple(s for s in self.humans if s not in self.remote)

    @property
    def seat(self) -> int:
        """The seat whose view the answers carry: the person at this device to
        act; while another seat is to act (or the game is over), the person at
        this device who decided last; before anyone has, the first person at this
        device (or South). With one person that is always their seat; with
        several (pass-and-play) an answer never carries a seat's cards before it
        is that seat's turn, and never a ``remote`` seat's."""
        local = self.local_humans
        cur = self.game.to_act
        if cur is not None and cur in local:
            return cur
        n = self._last_decision_of(local)
        if n is not None:
            return self.actors[n]
        return local[0] if local else 0

    def _last_decision_of(self, seats: tuple[int, ...]) -> int | None:
        """The index in ``game.history`` of the last action one of ``seats`` took."""
        for n in range(len(self.actors) - 1, -1, -1):
            if self.actors[n] in seats:
                return n
        return None

    @property
    def last_human_index(self) -> int | None:
        """The index in ``game.history`` of the last decision a person took (None: none)."""
        return self._last_decision_of(self.humans)

    @property
    def last_human_actor(self) -> int | None:
        """The seat of the last person who decided (None: nobody has yet)."""
        n = self.last_human_index
        return None if n is None else self.actors[n]

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` would take a decision back: the game is not over and a
        person has decided; with several people, only the seat whose view the
        answers carry takes back its own decision (never another person's); with
        guests seated, only while no other seat has acted after it (a guest
        has seen what came of it)."""
        n = self.last_human_index
        if self.game.is_over or n is None:
            return False
        if self.remote and (self.acted_after(n) is not None or self.undo_shows(n)):
            # guests have seen what came after it: the decision stands
            return False
        return len(self.humans) <= 1 or self.actors[n] == self.seat

    def player(self, seat: int) -> Any:
        player = self.players.get(seat)
        if player is None or player.level != self.levels[seat]:
            from ..bots.duplicate import bot_seed
            from ..bots.players import make_player

            # seeded per game and seat: replaying a game replays its bots' choices
            seed = bot_seed(self.game.seed, seat)
            player = self.players[seat] = make_player(self.levels[seat], seed)
        return player


#: The games, one per session id (``""``: the page's own game; embeds name their own).
_sessions: dict[str, Session] = {}


#: The session of the request being answered (set by ``select``).
_key: str = ""


#: At most this many named sessions are kept; the least recently used is dropped.
MAX_SESSIONS: Final = 32


_SESSION_CHARS: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:"
)


def session_key(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or not 0 < len(value) <= 64 or set(value) - _SESSION_CHARS:
        raise ApiError(
            "bad_request",
            f"session must be 1 to 64 letters, digits or - _ . : ; got {quoted(value)}",
        )
    return value


def select(key: str) -> None:
    """Answer the next operations for the session ``key`` (from ``session_key``)."""
    global _key
    _key = key


def selected() -> str:
    """The session of the request being answered."""
    return _key


#: The puzzle being played in each session (``puzzle_ops.Run``), beside its game.
puzzle_runs: dict[str, Any] = {}


def close() -> bool:
    """Forget the selected session's game (and its puzzle); whether there was a game."""
    puzzle_runs.pop(_key, None)
    return _sessions.pop(_key, None) is not None


def sessions() -> tuple[Session, ...]:
    """Every session's game (the page's own and each embed's)."""
    return tuple(_sessions.values())


def current() -> Session | None:
    """The selected session's game, if any; using it makes it the most
    recently used (the least recently used named session is dropped first)."""
    session = _sessions.get(_key)
    if session is not None and _key:
        _sessions[_key] = _sessions.pop(_key)
    return session


def install(session: Session) -> Session:
    """Make ``session`` the game of the request's session (dropping the least
    recently used named sessions when there are too many)."""
    _sessions.pop(_key, None)
    _sessions[_key] = session
    named = [k for k in _sessions if k]
    for old in named[: max(0, len(named) - MAX_SESSIONS)]:
        del _sessions[old]
    return session


def need_session() -> Session:
    session = current()
    if session is None:
        raise ApiError("no_game", "there is no game yet: start one with new_game or load")
    return session


def reset() -> None:
    """Forget every game and puzzle (tests)."""
    _sessions.clear()
    puzzle_runs.clear()
