"""A compact, human-readable text notation for Hasenpfeffer games and hands.

A *game text* records a whole game (or a game in progress) so that it parses back
to exactly the same ``Game``; a *hand text* records one hand with its deal, for
sharing and bug reports. docs/notation.md is the specification. In short::

    HPN 1 game rules=seed seed=42 dealer=W
    1. N:pass E:3 S:pass W:pass | E:trump H discard 9C | E:decline | JD AH 9H KH / ... {score 0:4}

The text is split into tokens at white space and at ``|`` and ``/``; ``{...}``
and ``# ...`` (to the end of the line) are comments. Line breaks are only white
space, so a text may be folded onto one line (use ``{}`` comments then).

>>> from hasenpfeffer import Game
>>> game = Game.new(seed=7)
>>> game.apply("pass")
>>> text = game_to_text(game)
>>> print(text, end="")
HPN 1 game rules=seed seed=7 dealer=S
1. W:pass
>>> game_from_text(text).history == game.history
True
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Sequence
from typing import Final

from .actions import (
    ALONE,
    BID,
    BID_BIG,
    BID_LITTLE,
    DECLINE,
    DISCARD,
    PASS,
    PLAY,
    TRUMP,
    Action,
    ActionError,
    IllegalActionError,
)
from .cards import Card, sort_hand, suit_index
from .dealing import MAX_SEED
from .game import SAVE_FORMAT, Game
from .game_state import SAVE_VERSION
from .hand_record import HandRecord
from .quoting import quoted
from .rules import PRESETS, Rules
from .vocabulary import SEAT_NAMES

__all__ = [
    "FORMAT",
    "VERSION",
    "NotationActionError",
    "NotationError",
    "Note",
    "game_from_text",
    "game_to_text",
    "hand_from_text",
    "hand_notes",
    "hand_to_text",
]

FORMAT: Final = "HPN"
VERSION: Final = 1
#: Seat letters for seats 0..3.
SEATS: Final = "SWNE"
TEAMS: Final = ("NS", "EW")

# The sections of a hand line, by the phase that is played in them.
_GROUP: Final = {
    "bidding": 0,
    "trump": 1,
    "discard": 1,
    "alone": 2,
    "defend_alone": 2,
    "play": 3,
}
_SECTION_NAMES: Final = ("auction", "trump and discard", "alone calls", "play")

_WORDS: Final[dict[str, Action]] = {
    "pass": PASS,
    **{str(n): BID[n] for n in range(1, 7)},
    "little": BID_LITTLE,
    "big": BID_BIG,
    "alone": ALONE,
    "decline": DECLINE,
}

_BOOL_FIELDS: Final = frozenset(("going_alone", "lone_defender", "defenders_score"))
_INT_FIELDS: Final = frozenset(("forced_bid", "target"))
_RULE_FIELDS: Final = tuple(f.name for f in dataclasses.fields(Rules))


class NotationError(ValueError):
    """Text that is not valid notation. ``line`` and ``column`` (1-based) and
    ``token`` locate the problem when it has a place in the text."""

    line: int | None
    column: int | None
    token: str | None

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.token = token


class NotationActionError(NotationError, IllegalActionError):
    """An action in the text that the rules do not allow at that point; the
    message gives its place and the engine's reason."""


# ---- tokens -------------------------------------------------------------------------


class _Token:
    __slots__ = ("column", "line", "text")

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text = text
        self.line = line
        self.column = column

    @property
    def is_label(self) -> bool:
        """A hand number such as ``12.``."""
        t = self.text
        return len(t) > 1 and t[-1] == "." and all(c in "0123456789" for c in t[:-1])

    @property
    def is_punct(self) -> bool:
        return self.text in ("|", "/")

    def split(self) -> tuple[str | None, str]:
        """(prefix before the first ':', or None; the rest)."""
        head, colon, tail = self.text.partition(":")
        return (head, tail) if colon else (None, self.text)


def _error(tok: _Token | None, message: str) -> NotationError:
    if tok is None:
        return NotationError(f"at the end of the text: {message}")
    return NotationError(
        f"line {tok.line}, column {tok.column} ({quoted(tok.text)}): {message}",
        tok.line,
        tok.column,
        tok.text,
    )


def _tokenize(text: str, comments: list[_Token] | None = None) -> list[_Token]:
    """The tokens of ``text``; the comments' texts (stripped, with where each
    began) are added to ``comments`` when it is given."""
    if not isinstance(text, str):
        raise NotationError(f"notation must be text (str); got {type(text).__name__}")
    out: list[_Token] = []
    brace: tuple[int, int] | None = None  # where an open '{' comment began
    inside: list[str] = []  # the text of the open '{' comment
    for ln, row in enumerate(text.split("\n"), 1):
        start = -1
        col = 0
        n = len(row)
        while col < n:
            ch = row[col]
            if brace is not None:
                if ch == "}":
                    if comments is not None:
                        comments.append(_Token(" ".join("".join(inside).split()), *brace))
                    brace = None
                    inside = []
                else:
                    inside.append(ch)
                col += 1
                continue
            if ch.isspace() or ch in "|/{}#":
                if start >= 0:
                    out.append(_Token(row[start:col], ln, start + 1))
                    start = -1
                if ch == "#":
                    if comments is not None:
                        comments.append(_Token(" ".join(row[col + 1 :].split()), ln, col + 1))
                    break
                if ch == "{":
                    brace = (ln, col + 1)
                elif ch == "}":
                    raise _error(_Token("}", ln, col + 1), "closes no comment")
                elif ch in "|/":
                    out.append(_Token(ch, ln, col + 1))
            elif start < 0:
                start = col
            col += 1
        if start >= 0:
            out.append(_Token(row[start:], ln, start + 1))
        if brace is not None:
            inside.append(" ")
    if brace is not None:
        raise _error(_Token("{", brace[0], brace[1]), "this comment is never closed with '}'")
    # "S: pass" is read as "S:pass"
    merged: list[_Token] = []
    i = 0
    while i < len(out):
        tok = out[i]
        if (
            tok.text.endswith(":")
            and tok.text.count(":") == 1
            and i + 1 < len(out)
            and not out[i + 1].is_punct
        ):
            merged.append(_Token(tok.text + out[i + 1].text, tok.line, tok.column))
            i += 2
        else:
            merged.append(tok)
            i += 1
    return merged


class _Reader:
    __slots__ = ("i", "tokens")

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.i = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, expected: str) -> _Token:
        tok = self.peek()
        if tok is None:
            raise _error(None, f"expected {expected}")
        self.i += 1
        return tok


# ---- the header and the deal ---------------------------------------------------------


class _Header:
    __slots__ = ("deal", "dealer", "rules", "scores", "seed")

    def __init__(
        self,
        rules: Rules,
        seed: int | None,
        dealer: int,
        scores: tuple[int, int],
        deal: tuple[list[list[Card]], Card] | None,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.scores = scores
        self.deal = deal


def _seat_of(letter: str) -> int:
    """0..3 for a seat letter, -1 for anything else."""
    return SEATS.find(letter.upper()) if len(letter) == 1 else -1


def _rules_tokens(rules: Rules) -> str:
    """``rules=<preset>`` plus the fields that differ from it (the closest preset)."""
    best_name = ""
    best_diff: list[str] = []
    for name, preset in PRESETS.items():
        diff = [
            f"{field}={_value_text(getattr(rules, field))}"
            for field in _RULE_FIELDS
            if getattr(rules, field) != getattr(preset, field)
        ]
        if not best_name or len(diff) < len(best_diff):
            best_name, best_diff = name, diff
    return " ".join([f"rules={best_name}", *best_diff])


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _read_int(tok: _Token, text: str, what: str) -> int:
    digits = text[1:] if text[:1] == "-" else text
    if not digits or not all(c in "0123456789" for c in digits):
        raise _error(tok, f"{what} must be a whole number; got {quoted(text)}")
    return int(text)


def _read_header(r: _Reader, kind: str) -> _Header:
    usage = f"'{FORMAT} {VERSION} {kind}'"
    tok = r.take(f"the header {usage}")
    if tok.text.upper() != FORMAT:
        raise _error(tok, f"a Hasenpfeffer notation text starts with {usage}")
    tok = r.take(f"the version number after {FORMAT!r}")
    if not all(c in "0123456789" for c in tok.text):
        raise _error(tok, f"expected the version number after {FORMAT!r}, as in {usage}")
    if int(tok.text) != VERSION:
        raise _error(
            tok, f"notation version {tok.text} is not supported (this engine reads version 1)"
        )
    tok = r.take(f"'game' or 'hand' after '{FORMAT} {VERSION}'")
    found = tok.text.lower()
    if found not in ("game", "hand"):
        raise _error(tok, f"expected 'game' or 'hand' after '{FORMAT} {VERSION}'")
    if found != kind:
        raise _error(tok, f"this is a {found} text: read it with {found}_from_text()")

    allowed = ("rules", *_RULE_FIELDS, "seed", "dealer", "scores")
    fields: dict[str, tuple[_Token, str]] = {}
    while (ftok := r.peek()) is not None and "=" in ftok.text:
        r.i += 1
        key, _, value = ftok.text.partition("=")
        key = key.lower()
        if key not in allowed:
            raise _error(
                ftok, f"unknown header field {quoted(key)}; the fields are {', '.join(allowed)}"
            )
        if key in fields:
            raise _error(ftok, f"the header gives {quoted(key)} twice")
        if not value:
            raise _error(ftok, f"{key}= needs a value")
        fields[key] = (ftok, value)

    # rules: a preset plus overrides
    overrides: dict[str, object] = {}
    for key in _RULE_FIELDS:
        if key not in fields:
            continue
        ftok, value = fields[key]
        if key in _BOOL_FIELDS:
            if value.lower() not in ("true", "false"):
                raise _error(ftok, f"{key} must be true or false; got {quoted(value)}")
            overrides[key] = value.lower() == "true"
        elif key in _INT_FIELDS:
            overrides[key] = _read_int(ftok, value, key)
        else:
            overrides[key] = value
    rtok, preset = fields.get("rules", (None, "seed"))
    if preset not in PRESETS:
        raise _error(
            rtok, f"unknown rules preset {quoted(preset)}; the presets are {', '.join(PRESETS)}"
        )
    try:
        rules = PRESETS[preset].replace(**overrides)
    except ValueError as err:
        raise _error(rtok or fields[next(iter(overrides))][0], str(err)) from None

    seed: int | None = None
    if "seed" in fields:
        stok, value = fields["seed"]
        seed = _read_int(stok, value, "seed")
        if not 0 <= seed <= MAX_SEED:
            raise _error(stok, f"seed must be from 0 to {MAX_SEED}; got {seed}")
    elif kind == "game":
        raise _error(r.peek(), "the header of a game text needs seed=<number>")

    if "dealer" not in fields:
        raise _error(r.peek(), "the header needs dealer=<seat>, one of S, W, N, E")
    dtok, value = fields["dealer"]
    dealer = _seat_of(value)
    if dealer < 0:
        raise _error(dtok, f"dealer must be a seat letter S, W, N or E; got {quoted(value)}")

    scores = (0, 0)
    if "scores" in fields:
        ctok, value = fields["scores"]
        a, colon, b = value.partition(":")
        if not colon:
            raise _error(ctok, f"scores are written NS:EW, e.g. scores=4:-2; got {quoted(value)}")
        scores = (_read_int(ctok, a, "a score"), _read_int(ctok, b, "a score"))

    deal = _read_deal(r)
    if kind == "hand" and deal is None:
        raise _error(
            r.peek(), "a hand text needs its deal: 'deal S:... W:... N:... E:... widow:...'"
        )
    return _Header(rules, seed, dealer, scores, deal)


def _read_deal(r: _Reader) -> tuple[list[list[Card]], Card] | None:
    tok = r.peek()
    if tok is None or tok.text.lower() != "deal":
        return None
    r.i += 1
    owners = ("S", "W", "N", "E", "widow")
    held: list[list[Card] | None] = [None] * 5
    labels: list[_Token | None] = [None] * 5
    where: dict[Card, int] = {}
    current = -1
    while (tok := r.peek()) is not None and not tok.is_label:
        r.i += 1
        if tok.is_punct:
            raise _error(tok, "unexpected in the deal; a hand line starts with its number, '1.'")
        prefix, body = tok.split()
        if prefix is not None:
            current = _seat_of(prefix)
            if current < 0 and prefix.lower() == "widow":
                current = 4
            if current < 0:
                raise _error(
                    tok, f"expected S:, W:, N:, E: or widow: in the deal; got {quoted(prefix)}"
                )
            if held[current] is not None:
                raise _error(tok, f"the deal gives {owners[current]}: twice")
            held[current] = []
            labels[current] = tok
        elif current < 0:
            raise _error(tok, "expected a seat such as 'S:' before the cards of the deal")
        try:
            card = Card.parse(body)
        except ValueError as err:
            raise _error(tok, str(err)) from None
        if card in where:
            raise _error(tok, f"{card} is dealt twice (it is already in {owners[where[card]]})")
        where[card] = current
        cards = held[current]
        assert cards is not None
        cards.append(card)
    for k, owner in enumerate(owners):
        cards = held[k]
        want = 1 if k == 4 else 6
        if cards is None:
            raise _error(r.peek(), f"the deal has no '{owner}:' (with {want} card(s))")
        if len(cards) != want:
            unit = "card" if want == 1 else "cards"
            raise _error(
                labels[k], f"{owner} has {len(cards)} card(s) in the deal; it needs {want} {unit}"
            )
    hands = [held[k] or [] for k in range(4)]
    widow = held[4]
    assert widow is not None
    return hands, widow[0]


# ---- the hand lines ------------------------------------------------------------------


def _expected(game: Game) -> str:
    """What the current player must write next, in words."""
    phase = game.phase
    seat = game.to_act
    who = SEAT_NAMES[seat] if seat is not None else ""
    if phase == "bidding":
        bids = "1-5, little or big" if game.rules.bidding == "pepper" else "1-6"
        return f"a call from {who} (pass or a bid {bids})"
    if phase == "trump":
        return f"'trump' and a suit from {who}"
    if phase == "discard":
        return f"'discard' and a card from {who}"
    if phase in ("alone", "defend_alone"):
        return f"'alone' or 'decline' from {who}"
    if phase == "play":
        return f"a card from {who}"
    return "nothing more: the game is over"


def _read_action(r: _Reader, tok: _Token, body: str, game: Game) -> Action:
    word = body.lower()
    found = _WORDS.get(word)
    if found is not None:
        return found
    if word in ("trump", "discard"):
        what = "a suit (C, D, H or S)" if word == "trump" else "a card"
        arg = r.take(f"{what} after {quoted(word)}")
        try:
            if arg.is_punct or arg.is_label or ":" in arg.text:
                raise ValueError(arg.text)
            if word == "trump":
                return TRUMP[suit_index(arg.text)]
            return DISCARD[Card.parse(arg.text).index]
        except ValueError:
            raise _error(arg, f"expected {what} after {quoted(word)}") from None
    try:
        return PLAY[Card.parse(body).index]
    except ValueError:
        pass
    raise _error(tok, f"unknown token: expected {_expected(game)}")


def _read_hands(r: _Reader, game: Game, single: bool, applied: list[_Token] | None = None) -> None:
    """Apply the hand lines to ``game`` (at the start of its first hand); the
    token of each action applied is added to ``applied`` when it is given."""
    line_hand = -1  # the engine's hand_number of the current line; -1 before the first
    section = 0
    need_slash = False
    while (tok := r.peek()) is not None:
        r.i += 1
        if tok.is_label:
            number = int(tok.text[:-1])
            if single:
                if line_hand >= 0:
                    raise _error(tok, "a hand text holds one hand; a second hand line begins here")
                if number < 1:
                    raise _error(tok, "hands are numbered from 1")
            else:
                if game.is_over:
                    raise _error(tok, f"the game is over ({_result(game)}); no further hand")
                if game.hand_number == line_hand:
                    raise _error(
                        tok, f"hand {line_hand + 1} is not finished: expected {_expected(game)}"
                    )
                if number != game.hand_number + 1:
                    raise _error(tok, f"expected hand number {game.hand_number + 1}.")
            line_hand = game.hand_number
            section = 0
            need_slash = False
            continue
        if line_hand < 0:
            raise _error(tok, "expected a hand line, starting with its number such as '1.'")
        if game.is_over:
            raise _error(tok, f"the game is over ({_result(game)}); nothing may follow")
        if game.hand_number != line_hand:
            if single:
                raise _error(tok, "the hand is over; nothing may follow")
            raise _error(
                tok, f"hand {line_hand + 1} is over; begin the next with '{game.hand_number + 1}.'"
            )
        group = _GROUP[game.phase]
        if tok.text == "|":
            if group <= section:
                raise _error(
                    tok,
                    f"the {_SECTION_NAMES[section]} is not over: expected {_expected(game)}",
                )
            section = group
            continue
        if tok.text == "/":
            if not need_slash:
                raise _error(tok, f"'/' only separates tricks: expected {_expected(game)}")
            need_slash = False
            continue
        if group != section:
            raise _error(
                tok,
                f"the {_SECTION_NAMES[section]} is over: expected '|' and then {_expected(game)}",
            )
        if need_slash:
            raise _error(tok, "the trick is complete: expected '/' before the next trick")
        prefix, body = tok.split()
        if prefix is not None:
            seat = _seat_of(prefix)
            if seat < 0:
                raise _error(tok, f"unknown seat {quoted(prefix)}: the seats are S, W, N, E")
            if seat != game.to_act:
                cur = game.to_act
                assert cur is not None
                raise _error(tok, f"it is {SEAT_NAMES[cur]}'s turn, not {SEAT_NAMES[seat]}'s")
        action = _read_action(r, tok, body, game)
        actor = game.to_act
        try:
            game.apply(action)
        except ActionError as err:
            who = SEAT_NAMES[actor] if actor is not None else "nobody"
            where = f"line {tok.line}, column {tok.column} ({quoted(tok.text)})"
            raise NotationActionError(
                f"{where}: {who} cannot {action}: {err}",
                tok.line,
                tok.column,
                tok.text,
            ) from None
        if applied is not None:
            applied.append(tok)
        if action.kind == "play" and not game.trick and game.hand_number == line_hand:
            need_slash = not game.is_over


def _result(game: Game) -> str:
    winner = TEAMS[game.winner] if game.winner is not None else "nobody"
    return f"{winner} won {game.scores[0]}:{game.scores[1]}"


def _game_from_header(h: _Header) -> Game:
    seed = 0 if h.seed is None else h.seed
    try:
        if h.deal is not None:
            hands, widow = h.deal
            return Game.from_deal(hands, widow, h.dealer, h.rules, h.scores, seed)
        return Game.from_json(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "rules": h.rules.to_dict(),
                "seed": seed,
                "start": {"dealer": h.dealer, "scores": list(h.scores)},
                "actions": [],
            }
        )
    except ValueError as err:  # pragma: no cover - the header was checked already
        raise NotationError(f"the header does not make a game: {err}") from None


def game_from_text(text: str) -> Game:
    """The game a game text (``HPN 1 game ...``) records, with all its actions applied.
    Raises NotationError (a ValueError) naming the place and what was expected."""
    r = _Reader(_tokenize(text))
    game = _game_from_header(_read_header(r, "game"))
    _read_hands(r, game, single=False)
    return game


def hand_from_text(text: str) -> Game:
    """A ``Game.from_deal`` game of a hand text (``HPN 1 hand ...``) with the hand's
    actions applied. Later hands would be dealt from ``seed`` (0 unless given)."""
    r = _Reader(_tokenize(text))
    game = _game_from_header(_read_header(r, "hand"))
    _read_hands(r, game, single=True)
    return game


#: The comments the writer adds itself (a hand's result): not notes.
_RESULT_COMMENT: Final = re.compile(r"(score -?\d+:-?\d+(, (NS|EW) win)?|thrown in)", re.I)


@dataclasses.dataclass(frozen=True)
class Note:
    """A comment of a hand text, as a note for the reader: ``after`` is how
    many of the hand's actions come before it (0: on the deal)."""

    after: int
    text: str


def hand_notes(text: str) -> tuple[Game, list[Note]]:
    """``hand_from_text(text)`` and the text's comments as notes, in order, each
    placed after the actions written before it. The result comments the writer
    adds (``{score 4:0}``, ``{thrown in}``) and empty comments are not notes.

    >>> game, notes = hand_notes('''HPN 1 hand rules=seed dealer=E  # Jack's hand
    ... deal S:AC KC TC QH QS JK W:KD QD TD TH TS 9S N:JC 9C 9D KH 9H AS
    ...   E:QC AD JD JH KS JS widow:AH
    ... 1. S:5 {Joker and clubs: five tricks} W:pass N:pass E:pass | S:trump C discard QS
    ... | S:decline | JK 9S 9C QC {the Joker draws a trump} / TC TD JC JS / AS KS QH TS
    ... / 9D AD KC QD / AH TH 9H JH / AC KD KH JD {score 5:0}''')
    >>> for note in notes:
    ...     print(note.after, note.text)
    0 Jack's hand
    1 Joker and clubs: five tricks
    11 the Joker draws a trump
    """
    comments: list[_Token] = []
    r = _Reader(_tokenize(text, comments))
    game = _game_from_header(_read_header(r, "hand"))
    applied: list[_Token] = []
    _read_hands(r, game, single=True, applied=applied)
    where = [(tok.line, tok.column) for tok in applied]
    notes = [
        Note(bisect.bisect_left(where, (c.line, c.column)), c.text)
        for c in comments
        if c.text and not _RESULT_COMMENT.fullmatch(c.text)
    ]
    return game, notes


# ---- writing -------------------------------------------------------------------------


# One action of a hand: (section, seat, action, whether it completes a trick).
_Step = tuple[int, int, Action, bool]


class _HandLog:
    """One hand as it was dealt and played, found by replaying the game."""

    __slots__ = ("dealer", "end", "hands", "number", "scores", "steps", "widow")

    def __init__(self, g: Game) -> None:
        self.number = g.hand_number + 1
        self.dealer = g.dealer
        self.scores = g.scores  # before the hand
        self.hands = [g.hand(s) for s in range(4)]
        self.widow = g.widow
        self.steps: list[_Step] = []
        self.end: str | None = None  # the result comment once the hand is over


def _replay(game: Game) -> list[_HandLog]:
    """Every hand of ``game`` (the one in progress too), found by replaying it."""
    g = game.replayed(0)
    logs = [_HandLog(g)]
    for action in game.history:
        phase = g.phase
        seat = g.to_act
        assert seat is not None
        n_records = len(g.records)
        g.apply(action)
        log = logs[-1]
        log.steps.append((_GROUP[phase], seat, action, phase == "play" and not g.trick))
        if len(g.records) > n_records:
            record = g.records[-1]
            if record.thrown_in:
                log.end = "thrown in"
            else:
                log.end = f"score {record.scores[0]}:{record.scores[1]}"
                if g.winner is not None:
                    log.end += f", {TEAMS[g.winner]} win"
            if not g.is_over:
                logs.append(_HandLog(g))
    return logs


def _hand_line(log: _HandLog, label: int, comments: bool) -> str:
    sections: list[list[str]] = []
    group = -1
    for k, (section, seat_index, a, ends_trick) in enumerate(log.steps):
        if section != group:
            group = section
            sections.append([])
        seat = SEATS[seat_index]
        if a.kind == "play":
            words = str(a.card)
            if ends_trick and k + 1 < len(log.steps):
                words += " /"
        elif a.kind == "discard":
            words = f"discard {a.card}"
        elif a.kind == "trump":
            words = f"{seat}:trump {a.suit}"
        elif a.kind == "bid":
            words = f"{seat}:{str(a)[4:]}"
        else:  # pass, alone, decline
            words = f"{seat}:{a}"
        sections[-1].append(words)
    text = " | ".join(" ".join(s) for s in sections)
    line = f"{label}. {text}" if text else f"{label}."
    if comments and log.end is not None:
        line += f" {{{log.end}}}"
    return line


def _deal_line(hands: Sequence[Sequence[Card]], widow: Card) -> str:
    parts = ["deal"]
    for seat in range(4):
        cards = [str(c) for c in sort_hand(hands[seat])]
        parts.append(f"{SEATS[seat]}:{' '.join(cards)}")
    parts.append(f"widow:{widow}")
    return " ".join(parts)


def _scores_token(scores: tuple[int, int]) -> list[str]:
    return [f"scores={scores[0]}:{scores[1]}"] if scores != (0, 0) else []


def game_to_text(game: Game, *, comments: bool = True) -> str:
    """The game text of ``game``: the header, the first deal when the game was made
    with ``Game.from_deal``, then one line per hand. ``comments`` adds each
    finished hand's result as a ``{...}`` comment (ignored when read back)."""
    data = game.to_dict()
    start = data["start"]
    header = [
        f"{FORMAT} {VERSION} game",
        _rules_tokens(game.rules),
        f"seed={game.seed}",
        f"dealer={SEATS[start['dealer']]}",
        *_scores_token((start["scores"][0], start["scores"][1])),
    ]
    lines = [" ".join(header)]
    logs = _replay(game)
    if "hands" in start:
        lines.append(_deal_line(logs[0].hands, logs[0].widow))
    lines += [_hand_line(log, log.number, comments) for log in logs if log.steps]
    return "\n".join(lines) + "\n"


def _record_game(record: HandRecord, rules: Rules) -> Game:
    """A from_deal game that plays ``record`` again; checks that it fits ``rules``."""
    data = record.to_dict()
    start = (record.scores[0] - record.points[0], record.scores[1] - record.points[1])
    game = Game.from_deal(data["hands"], data["widow"], record.dealer, rules, start, 0)
    actions = [a for _, a in record.auction]
    if record.maker is not None:
        actions += [TRUMP[record.trump], DISCARD[record.discard]]
        if rules.going_alone:
            actions.append(ALONE if record.alone else DECLINE)
            if record.alone and rules.lone_defender:
                if record.lone_defender == (record.maker + 1) % 4:
                    actions.append(ALONE)
                else:
                    actions += [DECLINE, ALONE if record.lone_defender is not None else DECLINE]
        for _, cards, _, _ in record.tricks:
            actions += [PLAY[c] for c in cards]
    try:
        for a in actions:
            game.apply(a)
    except ActionError as err:
        raise ValueError(f"the hand record does not fit these rules ({rules}): {err}") from None
    mine = game.records[0].to_dict() if game.records else {}
    theirs = record.to_dict()
    mine.pop("number", None)
    theirs.pop("number")
    if mine != theirs:
        raise ValueError(f"the hand record does not fit these rules ({rules})")
    return game


def hand_to_text(
    game_or_record: Game | HandRecord,
    number: int | None = None,
    *,
    rules: Rules | None = None,
    comments: bool = True,
) -> str:
    """The hand text of one hand: the header (rules, dealer, scores before the
    hand), the deal, and the hand's line.

    ``game_or_record`` is a Game, and ``number`` (1-based, as in the game text; default the
    latest hand, which may be in progress) picks the hand; or a finished
    HandRecord, with the ``rules`` it was played under (default: the ``seed``
    preset; a record that does not fit them raises ValueError). For a record,
    ``number`` only labels the hand line (default: the record's own number).
    """
    source = game_or_record
    if isinstance(source, HandRecord):
        rules = Rules() if rules is None else rules
        log = _replay(_record_game(source, rules))[0]
        label = source.number + 1 if number is None else number
    else:
        if rules is not None and rules != source.rules:
            raise ValueError("rules= is only for a HandRecord; a Game has its own rules")
        rules = source.rules
        logs = _replay(source)
        label = len(logs) if number is None else number
        if isinstance(label, bool) or not isinstance(label, int) or not 1 <= label <= len(logs):
            raise ValueError(f"number must be a hand from 1 to {len(logs)}; got {quoted(number)}")
        log = logs[label - 1]
    if isinstance(label, bool) or not isinstance(label, int) or label < 1:
        raise ValueError(f"number must be a whole number from 1; got {quoted(label)}")
    header = [
        f"{FORMAT} {VERSION} hand",
        _rules_tokens(rules),
        f"dealer={SEATS[log.dealer]}",
        *_scores_token(log.scores),
    ]
    lines = [" ".join(header), _deal_line(log.hands, log.widow), _hand_line(log, label, comments)]
    return "\n".join(lines) + "\n"
