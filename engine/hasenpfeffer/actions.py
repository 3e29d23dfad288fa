"""Actions a player can take, as immutable values that print as their text.

Texts: ``pass``, ``bid 1`` .. ``bid 6``, ``bid little``, ``bid big``,
``trump H``, ``discard 9C``, ``alone``, ``decline``, ``play JD``.
Every action also has a stable integer ``id`` (0..64) for compact storage.
"""

from __future__ import annotations

from typing import Final

from .cards import CARDS, NUM_CARDS, SUITS, Card, suit_index
from .quoting import quoted
from .vocabulary import ActionKind


class ActionError(ValueError):
    """An action that cannot be taken: ``InvalidActionError`` or ``IllegalActionError``."""


class InvalidActionError(ActionError):
    """Text that is no action at all (``"bid seven"``, ``"play XX"``).

    >>> Action.parse("play XX")
    Traceback (most recent call last):
    ...
    hasenpfeffer.actions.InvalidActionError: not an action: 'play XX': ...
    """


class IllegalActionError(ActionError):
    """An action that is not legal now; the message says why. The game is unchanged."""


#: Bid values: 1..6 are tricks; pepper's little and big are 6 and 7 in auction order.
LITTLE: Final = 6
BIG: Final = 7


class Action:
    """One player decision. Compare by identity: there is one object per text."""

    __slots__ = ("_text", "id", "kind", "value")

    id: int
    kind: ActionKind
    value: int
    _text: str

    def __init__(self, id: int, kind: ActionKind, value: int, text: str) -> None:
        if _FROZEN:
            raise TypeError("use Action.parse() or the module constants")
        sset = object.__setattr__
        sset(self, "id", id)
        sset(self, "kind", kind)
        sset(self, "value", value)
        sset(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    @property
    def card(self) -> Card | None:
        """The card of a ``play`` or ``discard``; None otherwise."""
        return CARDS[self.value] if self.kind in ("play", "discard") else None

    @property
    def suit(self) -> str | None:
        """The suit letter of a ``trump`` action; None otherwise."""
        return SUITS[self.value] if self.kind == "trump" else None

    @staticmethod
    def parse(text: str | Action) -> Action:
        """Parse an action text (case and spacing are forgiven); raise
        InvalidActionError (a ValueError) for text that is no action at all.

        >>> Action.parse("Bid  Little") is Action.parse("bid little")
        True
        >>> print(Action.parse("play jd"))
        play JD
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text such as 'play JD', not {quoted(text)}")
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        words = text.strip().lower().split()
        try:
            if len(words) == 1 and words[0] in ("pass", "alone", "decline"):
                return _BY_TEXT[words[0]]
            if len(words) == 2:
                verb, arg = words
                if verb in ("play", "discard"):
                    card = Card.parse(arg)
                    return ALL_ACTIONS[(0 if verb == "play" else NUM_CARDS) + card.index]
                if verb == "trump":
                    return TRUMP[suit_index(arg)]
                if verb == "bid":
                    if arg in ("little", "big"):
                        return BID_LITTLE if arg == "little" else BID_BIG
                    if arg.isascii() and arg.isdigit() and 1 <= int(arg) <= 6:
                        return BID[int(arg)]
        except ValueError as err:
            raise InvalidActionError(f"not an action: {quoted(text)}: {err}") from None
        raise InvalidActionError(
            f"not an action: {quoted(text)} (actions are: pass, bid 1..6, bid little, bid big, "
            "trump C|D|H|S, discard <card>, alone, decline, play <card>)"
        )

    @staticmethod
    def from_id(id: int) -> Action:
        return ALL_ACTIONS[id]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({self._text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Action.parse, (self._text,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: object) -> Action:
        return self


def _make() -> tuple[Action, ...]:
    acts: list[Action] = []
    for i, c in enumerate(CARDS):
        acts.append(Action(len(acts), "play", i, f"play {c}"))
    for i, c in enumerate(CARDS):
        acts.append(Action(len(acts), "discard", i, f"discard {c}"))
    for s, letter in enumerate(SUITS):
        acts.append(Action(len(acts), "trump", s, f"trump {letter}"))
    acts.append(Action(len(acts), "pass", 0, "pass"))
    for n in range(1, 7):
        acts.append(Action(len(acts), "bid", n, f"bid {n}"))
    acts.append(Action(len(acts), "bid", LITTLE, "bid little"))
    acts.append(Action(len(acts), "bid", BIG, "bid big"))
    acts.append(Action(len(acts), "alone", 1, "alone"))
    acts.append(Action(len(acts), "decline", 0, "decline"))
    return tuple(acts)


_FROZEN = False
ALL_ACTIONS: Final = _make()
_FROZEN = True
_BY_TEXT: Final = {str(a): a for a in ALL_ACTIONS}

PLAY: Final = ALL_ACTIONS[0:NUM_CARDS]
DISCARD: Final = ALL_ACTIONS[NUM_CARDS : 2 * NUM_CARDS]
TRUMP: Final = ALL_ACTIONS[2 * NUM_CARDS : 2 * NUM_CARDS + 4]
PASS: Final = _BY_TEXT["pass"]
#: BID[n] is "bid n" for n in 1..6 (BID[0] is unused and holds PASS).
BID: Final = (PASS, *(_BY_TEXT[f"bid {n}"] for n in range(1, 7)))
BID_LITTLE: Final = _BY_TEXT["bid little"]
BID_BIG: Final = _BY_TEXT["bid big"]
ALONE: Final = _BY_TEXT["alone"]
DECLINE: Final = _BY_TEXT["decline"]


def _subset_table(
    base: tuple[Action, ...], shift: int, bits: int
) -> tuple[tuple[Action, ...], ...]:
    table: list[tuple[Action, ...]] = [()]
    for m in range(1, 1 << bits):
        low = m & -m
        table.append((base[shift + low.bit_length() - 1], *table[m ^ low]))
    return tuple(table)


#: Bit set of cards -> its ``play`` actions in deck order, by three look-ups:
#: ``PLAYS_LOW[m & 0x1FF] + PLAYS_MID[(m >> 9) & 0xFF] + PLAYS_HIGH[m >> 17]``
#: (bits 0-8, 9-16, 17-24; ``plays_for``, inlined where speed matters).
PLAYS_LOW: Final = _subset_table(PLAY, 0, 9)
PLAYS_MID: Final = _subset_table(PLAY, 9, 8)
PLAYS_HIGH: Final = _subset_table(PLAY, 17, 8)


def plays_for(mask: int) -> tuple[Action, ...]:
    """The ``play`` actions for a bit set of cards, in deck order."""
    return PLAYS_LOW[mask & 0x1FF] + PLAYS_MID[(mask >> 9) & 0xFF] + PLAYS_HIGH[mask >> 17]


def discards_for(mask: int) -> tuple[Action, ...]:
    """The ``discard`` actions for a bit set of cards, in deck order."""
    return tuple(DISCARD[a.value] for a in plays_for(mask))


_CALLS_STANDARD: Final = tuple((PASS, *BID[high + 1 : 7]) for high in range(7))
_PEPPER_BIDS: Final = (*BID[1:6], BID_LITTLE, BID_BIG)
_CALLS_PEPPER: Final = tuple((PASS, *_PEPPER_BIDS[high:]) for high in range(8))


def auction_calls(bidding: str, high: int) -> tuple[Action, ...]:
    """The legal calls under ``bidding`` ("standard" or "pepper") over a
    standing bid of value ``high`` (0: none yet): pass and every higher bid."""
    return (_CALLS_STANDARD if bidding == "standard" else _CALLS_PEPPER)[high]


def call_text(bid: Action) -> str:
    """What a bid says: '1'..'6', 'little' or 'big'."""
    return str(bid)[4:]
