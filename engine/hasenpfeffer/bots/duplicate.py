"""Duplicate play: the same deal played again with one seat taken by another
level, every other seat by the same computer players, seeded the same way.

The deal of the day uses it to show what the hard player and the all-seeing
oracle make from the player's seat on the player's cards.

A computer player's decision is a function of its level, its seed and its
view (``hard.decision_key``), and a view is a function of the game's start and
the actions so far. So a decision met once in any game from the same start is
met again exactly: ``Decisions`` remembers them, and the runs of one deal (the
player's own game, then each level in the player's seat) share what the other
seats decided before the runs part.

>>> from hasenpfeffer.game import Game
>>> game = Game.new(seed=7)
>>> known = Decisions()
>>> hard = play_first_hand(game, ("hard", "hard", "hard", "hard"), known)
>>> len(hard.records), hard.records[0].number
(1, 0)
>>> len(known) == len(hard.history)
True
>>> again = play_first_hand(game, ("hard", "hard", "hard", "hard"))
>>> again.history == hard.history  # the same players decide the same
True
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Final

from ..game import Game
from ..vocabulary import HUMAN
from .players import decide, make_player

#: A hand takes at most this many actions (an auction and six tricks of four);
#: a guard against a player that never finishes.
MAX_HAND_ACTIONS: Final = 64

_Key = tuple[str, int, str, tuple[str, ...]]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of a game seeded ``game_seed``
    (the API's sessions use the same, so a replay meets the same players)."""
    return (game_seed * 4 + seat) & 0xFFFFFFFF


class Decisions:
    """Computer players' decisions already made, by (level, seed, the game's
    start, the actions before): the least recently used are forgotten first."""

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self._known: OrderedDict[_Key, str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._known)

    @staticmethod
    def key(level: str, game: Game) -> _Key:
        seat = game.to_act
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        start = game.replayed(0).to_json()
        return (level, bot_seed(game.seed, seat), start, tuple(str(a) for a in game.history))

    def get(self, key: _Key) -> str | None:
        action = self._known.get(key)
        if action is not None:
            self._known.move_to_end(key)
        return action

    def put(self, key: _Key, action: str) -> None:
        self._known[key] = action
        self._known.move_to_end(key)
        while len(self._known) > self.limit:
            self._known.popitem(last=False)

    def learn(self, game: Game, levels: Sequence[str]) -> None:
        """Remember the computer players' decisions of ``game`` (seats of
        ``levels`` other than the human's), e.g. of the player's own game."""
        replay = game.replayed(0)
        start = replay.to_json()
        for action in game.history:
            seat = replay.to_act
            assert seat is not None
            if levels[seat] != HUMAN:
                history = tuple(str(a) for a in replay.history)
                self.put((levels[seat], bot_seed(game.seed, seat), start, history), str(action))
            replay.apply(action)


def play_first_hand(
    game: Game,
    levels: Sequence[str],
    known: Decisions | None = None,
    progress: Callable[[int], None] | None = None,
) -> Game:
    """``game`` as it was dealt (no action applied), with its first hand played
    to the end by computer players of ``levels`` (one per seat, none human),
    each seeded by ``bot_seed``; decisions in ``known`` are taken from there
    (and the new ones added). ``progress`` is told the number of actions so far."""
    if len(levels) != 4 or HUMAN in levels:
        raise ValueError(f"give four computer levels, one per seat; got {list(levels)!r}")
    start = game.replayed(0)
    players = [make_player(level, bot_seed(start.seed, seat)) for seat, level in enumerate(levels)]
    while not start.records:
        seat = start.to_act
        if seat is None or len(start.history) >= MAX_HAND_ACTIONS:
            raise RuntimeError("the hand did not finish")  # pragma: no cover - a broken player
        key = Decisions.key(levels[seat], start) if known is not None else None
        action = known.get(key) if known is not None and key is not None else None
        if action is None:
            action = decide(players[seat], start)
            if known is not None and key is not None:
                known.put(key, action)
        start.apply(action)
        if progress is not None:
            progress(len(start.history))
    return start


__all__ = ["MAX_HAND_ACTIONS", "Decisions", "bot_seed", "play_first_hand"]
