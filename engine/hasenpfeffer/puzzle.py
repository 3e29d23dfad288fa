"""Puzzles: card-play positions with one way to reach the target (docs/puzzles.md).

A puzzle shows every hand, the seat to play, ``need`` (the tricks its side
must still take, this trick included) and the ``solution``: the cards that
guarantee it; every other legal card lets the other side stop it. A set is a
JSON array of puzzles (``read_puzzles``, ``write_puzzles``). A ``Puzzle`` is
checked as it is made: ``PuzzleError`` names the field and what is wrong. That
the solution is right is for a solver to say (``Position.from_puzzle`` in
``bots/solver.py``).

>>> p = Puzzle.from_json(EXAMPLE)
>>> p.to_play, p.tricks_left, p.need, [str(c) for c in p.solution], [str(c) for c in p.legal()]
(1, 2, 2, ['JC'], ['JH', 'JC'])
>>> Puzzle.from_json(p.to_json()) == p
True
>>> Puzzle.from_json(EXAMPLE.replace('"need": 2', '"need": 3'))
Traceback (most recent call last):
...
hasenpfeffer.puzzle.PuzzleError: puzzle 'p2-23': need: must be 1 to 2 (the tricks left); got 3
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from .cards import EFFECTIVE_SUIT, SUIT_MASK, SUITS, Card, mask_of
from .dealing import MAX_SEED
from .quoting import quoted
from .rules import PRESETS, legal_plays

#: The keys of a puzzle object, in the order they are written.
FIELDS: Final = (
    "id",
    "rules",
    "trump",
    "to_play",
    "hands",
    "trick",
    "need",
    "solution",
    "rating",
    "themes",
    "source",
)
#: The themes a puzzle may carry (docs/puzzles.md; ``hasenpfeffer_devtools.puzzle_themes``).
THEMES: Final = (
    "draw_trump",
    "duck",
    "unblock",
    "ruff",
    "lead_left_bower",
    "keep_joker",
    "give_partner_lead",
    "overtake_partner",
)
ID_PATTERN: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
#: The ``source`` keys the generator writes and their ranges; any other key holds a
#: whole number or a text of at most 200 characters, at most 12 keys in all.
SOURCE_KEYS: Final = {
    "seed": (0, MAX_SEED),
    "hand": (1, 10**6),
    "step": (0, 10**6),
    "maker": (0, 3),
    "bid": (1, 6),
}

Source = tuple[tuple[str, int | str], ...]


class PuzzleError(ValueError):
    """A puzzle that is not valid: ``field`` (``hands[2]``, ``trick.cards``...) and
    ``problem``, what is wrong with it; ``puzzle_id`` when known."""

    def __init__(self, field: str, problem: str, puzzle_id: object = None) -> None:
        self.field, self.problem = field, problem
        self.puzzle_id = puzzle_id if isinstance(puzzle_id, str) else None
        where = f"puzzle {quoted(self.puzzle_id)}: " if self.puzzle_id is not None else ""
        super().__init__(f"{where}{field}: {problem}")


def _int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One puzzle: the JSON object's fields (``trick`` as ``leader`` and the
    ``trick`` cards; cards as ``Card``). Checked when made (``PuzzleError``)."""

    id: str
    rules: str
    trump: str
    to_play: int
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...]
    need: int
    solution: tuple[Card, ...]
    rating: int
    themes: tuple[str, ...] = ()
    source: Source = ()

    def __post_init__(self) -> None:
        try:
            self._check()
        except PuzzleError as err:
            raise PuzzleError(err.field, err.problem, self.id) from None

    @property
    def active(self) -> tuple[int, ...]:
        """The seats in the hand: every seat with cards (two tricks or more are
        left, so only a seat sitting out has none)."""
        return tuple(s for s in range(4) if self.hands[s])

    @property
    def tricks_left(self) -> int:
        """The tricks still to play, this one included."""
        return len(self.hands[self.to_play])

    @property
    def side(self) -> int:
        """The team to play: 0 South-North, 1 West-East."""
        return self.to_play & 1

    def next_seat(self, seat: int) -> int:
        active = self.active
        return active[(active.index(seat) + 1) % len(active)]

    def trick_seats(self) -> list[int]:
        """Who played each card of the trick: the leader, then each next seat."""
        seats = [self.leader][: len(self.trick)]
        while len(seats) < len(self.trick):
            seats.append(self.next_seat(seats[-1]))
        return seats

    def legal(self) -> list[Card]:
        """The cards the seat to play may play."""
        return legal_plays(self.hands[self.to_play], self.trick, self.trump)

    def source_value(self, key: str) -> int | str | None:
        return dict(self.source).get(key)

    def _check(self) -> None:
        if not isinstance(self.id, str) or not ID_PATTERN.fullmatch(self.id):
            raise PuzzleError(
                "id", f"must be 1 to 40 letters, digits, - or _; got {quoted(self.id)}"
            )
        if self.rules not in PRESETS:
            raise PuzzleError(
                "rules", f"must be one of {', '.join(PRESETS)}; got {quoted(self.rules)}"
            )
        if not isinstance(self.trump, str) or self.trump not in SUITS:
            raise PuzzleError("trump", f"must be one of C, D, H, S; got {quoted(self.trump)}")
        for field, seat in (("to_play", self.to_play), ("trick.leader", self.leader)):
            if not _int(seat, 0, 3):
                raise PuzzleError(field, f"must be a seat, 0 to 3 (0 = South); got {quoted(seat)}")
        if len(self.hands) != 4:
            raise PuzzleError("hands", f"must list 4 seats' cards; got {len(self.hands)}")
        seen: dict[Card, str] = {}
        places = [(f"hands[{s}]", cards) for s, cards in enumerate(self.hands)]
        for place, cards in [*places, ("trick.cards", self.trick)]:
            for card in cards:
                if card in seen:
                    raise PuzzleError(place, f"{card} is also in {seen[card]}")
                seen[card] = place
        self._check_seats()
        n = self.tricks_left
        if not _int(self.need, 1, n):
            raise PuzzleError(
                "need", f"must be 1 to {n} (the tricks left); got {quoted(self.need)}"
            )
        self._check_solution()
        if not _int(self.rating, 0, 4000):
            raise PuzzleError(
                "rating", f"must be a whole number from 0 to 4000; got {quoted(self.rating)}"
            )
        for theme in self.themes:
            if theme not in THEMES:
                raise PuzzleError("themes", f"{quoted(theme)} is not a theme ({', '.join(THEMES)})")
        if len(set(self.themes)) != len(self.themes):
            raise PuzzleError("themes", "a theme is named twice")
        if len(self.source) > 12:
            raise PuzzleError("source", "has more than 12 keys")
        for key, value in self.source:
            if key in SOURCE_KEYS:
                low, high = SOURCE_KEYS[key]
                if not _int(value, low, high):
                    raise PuzzleError(
                        f"source.{key}",
                        f"must be a whole number from {low} to {high}; got {quoted(value)}",
                    )
            elif not (
                _int(value, -MAX_SEED, MAX_SEED) or (isinstance(value, str) and len(value) <= 200)
            ):
                raise PuzzleError(
                    f"source.{key}",
                    f"must be a whole number or a text of at most 200 characters; got "
                    f"{quoted(value)}",
                )

    def _check_seats(self) -> None:
        n = self.tricks_left
        if not 2 <= n <= 6:
            raise PuzzleError(
                f"hands[{self.to_play}]", f"the seat to play must hold 2 to 6 cards; holds {n}"
            )
        if not self.hands[self.leader]:
            raise PuzzleError(
                "trick.leader", f"seat {self.leader} holds no cards: it is not in the hand"
            )
        out = [s for s in range(4) if not self.hands[s]]
        if len({s & 1 for s in out}) != len(out):
            raise PuzzleError(
                "hands", f"seats {out[0]} and {out[1]} are partners: both cannot sit out"
            )
        active = self.active
        if len(self.trick) >= len(active):
            raise PuzzleError(
                "trick.cards",
                f"a trick of {len(active)} seats is complete with {len(active)} cards",
            )
        seats = self.trick_seats()
        turn = self.next_seat(seats[-1]) if seats else self.leader
        if turn != self.to_play:
            after = "after the trick's cards" if seats else "the trick is empty, so"
            raise PuzzleError("to_play", f"{after} it is seat {turn}'s turn, not {self.to_play}'s")
        for s in active:
            size = n - 1 if s in seats else n
            if len(self.hands[s]) != size:
                raise PuzzleError(
                    f"hands[{s}]",
                    f"must hold {size} cards (the seat to play holds {n}); "
                    f"holds {len(self.hands[s])}",
                )
        t = SUITS.index(self.trump)
        for seat, card in zip(seats[1:], self.trick[1:], strict=True):
            led = EFFECTIVE_SUIT[t][self.trick[0].index]
            if (
                EFFECTIVE_SUIT[t][card.index] != led
                and mask_of(self.hands[seat]) & SUIT_MASK[t][led]
            ):
                raise PuzzleError(
                    "trick.cards",
                    f"seat {seat} played {card} to a {SUITS[led]} lead but still holds "
                    "a card of that suit",
                )

    def _check_solution(self) -> None:
        legal = self.legal()
        if not self.solution:
            raise PuzzleError("solution", "names no card")
        for card in self.solution:
            if card not in legal:
                raise PuzzleError(
                    "solution",
                    f"{card} is not a legal card for seat {self.to_play} "
                    f"(legal: {' '.join(map(str, legal))})",
                )
        if len(set(self.solution)) != len(self.solution):
            raise PuzzleError("solution", "a card is named twice")
        if len(self.solution) == len(legal):
            raise PuzzleError("solution", "names every legal card: that is no puzzle")

    def to_dict(self) -> dict[str, Any]:
        """The JSON object (cards in the notation)."""
        return {
            "id": self.id,
            "rules": self.rules,
            "trump": self.trump,
            "to_play": self.to_play,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "trick": {"leader": self.leader, "cards": [str(c) for c in self.trick]},
            "need": self.need,
            "solution": [str(c) for c in self.solution],
            "rating": self.rating,
            "themes": list(self.themes),
            "source": dict(self.source),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @staticmethod
    def from_dict(data: object) -> Puzzle:
        """A puzzle from its parsed JSON object. Cards are read as everywhere in the
        project (``AS``, ``10h``, ``J♥``)."""
        if not isinstance(data, Mapping):
            raise PuzzleError("puzzle", f"must be a JSON object; got {quoted(data)}")
        try:
            return _from_dict(data)
        except PuzzleError as err:
            raise PuzzleError(err.field, err.problem, err.puzzle_id or data.get("id")) from None

    @staticmethod
    def from_json(text: str | bytes) -> Puzzle:
        try:
            data = json.loads(text)
        except ValueError as err:
            raise PuzzleError("puzzle", f"not JSON ({err})") from None
        return Puzzle.from_dict(data)


def _cards(field: str, value: object) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise PuzzleError(field, f"must be a list of cards; got {quoted(value)}")
    out = []
    for item in value:
        try:
            out.append(Card.parse(item))
        except ValueError:
            raise PuzzleError(field, f"not a card: {quoted(item)}") from None
    return tuple(out)


def _from_dict(data: Mapping[str, Any]) -> Puzzle:
    for key in FIELDS:
        if key not in data:
            raise PuzzleError(key, "is missing")
    for key in data:
        if key not in FIELDS:
            raise PuzzleError(str(key), f"is not a field of a puzzle ({', '.join(FIELDS)})")
    trump, hands, trick = data["trump"], data["hands"], data["trick"]
    if isinstance(trump, str) and len(trump.strip()) == 1 and trump.strip().upper() in SUITS:
        trump = trump.strip().upper()
    if not isinstance(hands, list) or len(hands) != 4:
        raise PuzzleError("hands", f"must be a list of 4 seats' cards; got {quoted(hands)}")
    if not isinstance(trick, Mapping) or sorted(trick) != ["cards", "leader"]:
        raise PuzzleError(
            "trick", f'must be an object {{"leader": seat, "cards": [...]}}; got {quoted(trick)}'
        )
    themes, source = data["themes"], data["source"]
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise PuzzleError("themes", f"must be a list of theme names; got {quoted(themes)}")
    if not isinstance(source, Mapping) or not all(isinstance(k, str) and k for k in source):
        raise PuzzleError("source", f"must be an object; got {quoted(source)}")
    return Puzzle(
        id=data["id"],
        rules=data["rules"],
        trump=trump,
        to_play=data["to_play"],
        hands=tuple(_cards(f"hands[{s}]", cards) for s, cards in enumerate(hands)),
        leader=trick["leader"],
        trick=_cards("trick.cards", trick["cards"]),
        need=data["need"],
        solution=_cards("solution", data["solution"]),
        rating=data["rating"],
        themes=tuple(themes),
        source=tuple(source.items()),
    )


def read_puzzles(text: str | bytes) -> list[Puzzle]:
    """A set from its JSON text (an array of puzzles, ids unique); ``PuzzleError``
    says which puzzle is wrong (``[i]`` before the field)."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise PuzzleError("puzzles", f"not JSON ({err})") from None
    if not isinstance(data, list):
        raise PuzzleError("puzzles", "must be a JSON array of puzzle objects")
    out: list[Puzzle] = []
    ids: set[str] = set()
    for i, item in enumerate(data):
        try:
            puzzle = Puzzle.from_dict(item)
        except PuzzleError as err:
            raise PuzzleError(f"[{i}] {err.field}", err.problem, err.puzzle_id) from None
        if puzzle.id in ids:
            raise PuzzleError(f"[{i}] id", "is used twice", puzzle.id)
        ids.add(puzzle.id)
        out.append(puzzle)
    return out


def write_puzzles(puzzles: Iterable[Puzzle]) -> str:
    """A set's JSON text: an array, one puzzle a line."""
    return "[\n" + ",\n".join(p.to_json() for p in puzzles) + "\n]\n"


#: A puzzle of the set's kind (pepper rules, hearts trump, two tricks left): West
#: must take both. The right bower first loses the last trick to South's ace of clubs;
#: the jack of clubs gives East the lead (East ruffs with the left bower and leads the
#: king of diamonds, which West ruffs).
EXAMPLE: Final = (
    '{"id": "p2-23", "rules": "pepper", "trump": "H", "to_play": 1, '
    '"hands": [["AC", "QD"], ["JH", "JC"], ["KC", "AD"], ["JD", "KD"]], '
    '"trick": {"leader": 1, "cards": []}, "need": 2, "solution": ["JC"], '
    '"rating": 1540, "themes": ["give_partner_lead"], '
    '"source": {"seed": 2, "hand": 1, "step": 23, "maker": 1, "bid": 4}}'
)
