"""Cards, suits and the ranking of cards for a given trump suit.

A card is one of 25 immutable singletons. Internally a card is an index
0..24 (suit-major: clubs 9..A, diamonds, hearts, spades, then the Joker) and a
set of cards is an integer bit set with bit ``1 << index`` per card; the
tables below give everything the rules need for each trump suit so that the
engine's inner loops are table look-ups.

>>> from hasenpfeffer.cards import Card, effective_suit, trump_order
>>> print(Card.parse("jd"))
JD
>>> [str(c) for c in trump_order("H")[:4]]  # the Joker, the right and left bowers, the ace
['JK', 'JH', 'JD', 'AH']
>>> effective_suit(Card.parse("JD"), "H")  # the left bower counts as a heart
'H'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .quoting import quoted

SUITS: Final = "CDHS"
RANKS: Final = "9TJQKA"
SUIT_NAMES: Final = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SINGULAR: Final = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
SUIT_SYMBOLS: Final = {
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
}

JOKER: Final = 24
NUM_CARDS: Final = 25
FULL_DECK: Final = (1 << NUM_CARDS) - 1
#: The suit of the same colour (clubs/spades black, diamonds/hearts red).
SAME_COLOUR: Final = (3, 2, 1, 0)


class Card:
    """A playing card, printed in the game's notation: ``AS``, ``TH``, ``JK``.

    There are exactly 25 instances; ``Card.parse`` returns them, so cards
    compare by identity, hash cheaply and sort in deck order (suit, then rank,
    the Joker last).
    """

    __slots__ = ("_text", "index", "rank", "suit")

    index: int
    rank: str
    suit: str
    _text: str

    def __init__(self, index: int) -> None:
        if _FROZEN:
            raise TypeError("use Card.parse() or Card.from_index(); the 25 cards already exist")
        sset = object.__setattr__
        sset(self, "index", index)
        if index == JOKER:
            sset(self, "rank", "J")
            sset(self, "suit", "K")
            sset(self, "_text", "JK")
        else:
            sset(self, "rank", RANKS[index % 6])
            sset(self, "suit", SUITS[index // 6])
            sset(self, "_text", RANKS[index % 6] + SUITS[index // 6])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``AS``, ``th``, ``10H``, ``J♥``, ``JK``; raise ValueError otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written as text like 'AS', not {quoted(text)}")
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) == 2 and t[1] in SUIT_SYMBOLS:
            t = t[0] + SUIT_SYMBOLS[t[1]]
        card = _BY_TEXT.get(t)
        if card is None:
            raise ValueError(
                f"not a card: {quoted(text)} (write rank 9 T J Q K A then suit C D H S, e.g. 'AS', "
                "or 'JK' for the Joker)"
            )
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        return CARDS[index]

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def is_joker(self) -> bool:
        return self.index == JOKER

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self._text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_FROZEN = False
CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(NUM_CARDS))
_FROZEN = True
_BY_TEXT: Final = {str(c): c for c in CARDS}


def suit_index(suit: str) -> int:
    """The index 0..3 of a suit letter; raises ValueError naming the bad value."""
    if isinstance(suit, str):
        i = SUITS.find(suit.strip().upper()) if len(suit.strip()) == 1 else -1
        if i < 0 and suit.strip() in SUIT_SYMBOLS:
            i = SUITS.index(SUIT_SYMBOLS[suit.strip()])
        if i >= 0:
            return i
    raise ValueError(f"not a suit: {quoted(suit)} (use one of C, D, H, S)")


def _card_index(rank: str, suit: int) -> int:
    return suit * 6 + RANKS.index(rank)


def _build_tables() -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
]:
    """For each trump: effective suit per card, card mask per suit, trump order."""
    eff_all = []
    masks_all = []
    order_all = []
    for t in range(4):
        left = _card_index("J", SAME_COLOUR[t])
        right = _card_index("J", t)
        eff = [i // 6 if i != JOKER else t for i in range(NUM_CARDS)]
        eff[left] = t
        masks = [0, 0, 0, 0]
        for i, s in enumerate(eff):
            masks[s] |= 1 << i
        order = [JOKER, right, left] + [_card_index(r, t) for r in "AKQT9"]
        eff_all.append(tuple(eff))
        masks_all.append(tuple(masks))
        order_all.append(tuple(order))
    return tuple(eff_all), tuple(masks_all), tuple(order_all)


#: EFFECTIVE_SUIT[trump][card] -> suit index the card belongs to.
#: SUIT_MASK[trump][suit] -> bit set of the cards belonging to that suit.
#: TRUMP_ORDER[trump] -> the eight trump card indices, high to low.
EFFECTIVE_SUIT, SUIT_MASK, TRUMP_ORDER = _build_tables()


def _build_power() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """POWER[trump][led suit][card]: strength in a trick; -1 cannot win it."""
    out = []
    for t in range(4):
        trump_rank = {c: 107 - k for k, c in enumerate(TRUMP_ORDER[t])}
        per_led = []
        for led in range(4):
            row = []
            for i in range(NUM_CARDS):
                if i in trump_rank:
                    row.append(trump_rank[i])
                elif EFFECTIVE_SUIT[t][i] == led:
                    row.append(i % 6)
                else:
                    row.append(-1)
            per_led.append(tuple(row))
        out.append(tuple(per_led))
    return tuple(out)


POWER: Final = _build_power()


def effective_suit(card: Card, trump: str) -> str:
    """The suit a card belongs to when ``trump`` is trump (Joker and left bower: trump)."""
    return SUITS[EFFECTIVE_SUIT[suit_index(trump)][card.index]]


def trump_order(trump: str) -> list[Card]:
    """The eight trumps, high to low: JK, right bower, left bower, A, K, Q, T, 9."""
    return [CARDS[i] for i in TRUMP_ORDER[suit_index(trump)]]


def rank_order(trump: str) -> list[Card]:
    """All 25 cards from strongest to weakest for a trump: the trumps, then each
    other suit high to low (clubs, diamonds, hearts, spades order between suits)."""
    t = suit_index(trump)
    out = list(TRUMP_ORDER[t])
    for s in range(4):
        if s != t:
            out += sorted(
                (i for i in range(24) if EFFECTIVE_SUIT[t][i] == s),
                key=lambda i: -(i % 6),
            )
    return [CARDS[i] for i in out]


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit set, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse ``"AH 9H JS"`` (spaces or commas) or an iterable of texts/cards."""
    items: Iterable[str | Card] = text.replace(",", " ").split() if isinstance(text, str) else text
    return [c if isinstance(c, Card) else Card.parse(c) for c in items]


def sort_hand(cards: Iterable[Card], trump: str | None = None) -> list[Card]:
    """A hand as a player arranges it: by suit, high to low, with the trumps
    (Joker and both bowers included) grouped in rank order first."""
    if trump is None:
        return sorted(cards, key=lambda c: (c.index == JOKER, c.index // 6, -(c.index % 6)))
    t = suit_index(trump)
    order = TRUMP_ORDER[t]
    eff = EFFECTIVE_SUIT[t]

    def key(c: Card) -> tuple[int, int, int]:
        if eff[c.index] == t:
            return (0, 0, order.index(c.index))
        return (1, c.index // 6, -(c.index % 6))

    return sorted(cards, key=key)
