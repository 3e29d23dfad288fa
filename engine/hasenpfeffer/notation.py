"""A compact, human-readable text notation for Hasenpfeffer games and hands.

A *game text* records a whole game (or a game in progress) so that it parses back
to exactly the same ``Game``; a *hand text* records one hand with its deal, for
sharing and bug reports. docs/notation.md is the specification. In short::

    HPN 1 game rules=seed seed=42 dealer=W
    1. N:pass E:3 S:pass W:pass | E:trump H discard 9C | E:decline | JD AH 9H KH / ... {score 0:4}

The text is split into tokens at white space and at ``|`` and ``/``; ``{...}``
and ``# ...`` (to the end of the line) are comments. Line breaks are only white
space, so a text may be folded onto one line (use ``{}`` comments then). This
module writes texts; ``notation_parser`` reads them (its names are given here).

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

from collections.abc import Sequence

from .actions import ALONE, DECLINE, DISCARD, PLAY, TRUMP, Action, ActionError
from .cards import Card, sort_hand
from .game import Game
from .hand_record import HandRecord
from .notation_parser import (
    _GROUP,
    _RULE_FIELDS,
    FORMAT,
    SEATS,
    TEAMS,
    VERSION,
    NotationActionError,
    NotationError,
    Note,
    game_from_text,
    hand_from_text,
    hand_notes,
)
from .quoting import quoted
from .rules import PRESETS, Rules

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

# ---- writing -------------------------------------------------------------------------


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
