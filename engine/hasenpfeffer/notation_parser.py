"""Reading the text notation (docs/notation.md): its words (``FORMAT``,
``VERSION``, the seat letters), its errors, and ``game_from_text``,
``hand_from_text`` and ``hand_notes``; ``notation`` writes it and gives these
names too."""

from __future__ import annotations

import bisect
import dataclasses
import re
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
from .cards import Card, suit_index
from .dealing import MAX_SEED
from .game import SAVE_FORMAT, Game
from .game_state import SAVE_VERSION
from .quoting import quoted
from .rules import PRESETS, Rules
from .vocabulary import SEAT_NAMES

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
