"""The rule options (presets and variants) and the pure rules of play and scoring.

Each rule lives here once: which cards may be played, who wins a trick, what a
hand scores. The game, the bots and the browser API all call these.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final, Literal

from .cards import (
    CARDS,
    EFFECTIVE_SUIT,
    JOKER,
    POWER,
    SAME_COLOUR,
    SUIT_MASK,
    SUITS,
    Card,
    mask_of,
    suit_index,
)
from .quoting import quoted
from .text import must_follow_text, why_winner_text
from .vocabulary import CardRole

Bidding = Literal["standard", "pepper"]
AllPass = Literal["joker_forced", "redeal", "dealer_forced"]
FailPenalty = Literal["tricks_won", "bid", "six"]
FirstLead = Literal["left_of_dealer", "maker"]

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "bidding": ("standard", "pepper"),
    "all_pass": ("joker_forced", "redeal", "dealer_forced"),
    "fail_penalty": ("tricks_won", "bid", "six"),
    "first_lead": ("left_of_dealer", "maker"),
}


@dataclasses.dataclass(frozen=True)
class Rules:
    """The rule set of a game. Defaults are the ``seed`` preset (docs/rules.md §8)."""

    bidding: Bidding = "standard"
    all_pass: AllPass = "joker_forced"
    forced_bid: int = 3
    going_alone: bool = True
    lone_defender: bool = True
    fail_penalty: FailPenalty = "tricks_won"
    defenders_score: bool = False
    first_lead: FirstLead = "left_of_dealer"
    target: int = 10

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(
                    f"Rules.{name} must be one of {', '.join(allowed)}; got {quoted(value)}"
                )
        for name in ("going_alone", "lone_defender", "defenders_score"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(
                    f"Rules.{name} must be true or false; got {quoted(getattr(self, name))}"
                )
        for name, low, high in (("forced_bid", 1, 6), ("target", 1, 1000)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(
                    f"Rules.{name} must be a whole number from {low} to {high}; got {quoted(value)}"
                )
        if self.lone_defender and not self.going_alone:
            raise ValueError(
                "Rules.lone_defender needs going_alone: only a defender facing a lone maker "
                "may defend alone"
            )

    @staticmethod
    def preset(name: str) -> Rules:
        """One of ``seed``, ``seed-pepper``, ``traditional``, ``pepper``."""
        try:
            return PRESETS[name]
        except KeyError:
            raise ValueError(
                f"Rules preset must be one of {', '.join(PRESETS)}; got {quoted(name)}"
            ) from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like a new Rules)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ValueError(f"Rules has no field {quoted(sorted(unknown)[0])}")
        if changes.get("going_alone") is False and "lone_defender" not in changes:
            changes["lone_defender"] = False  # no lone maker, so no lone defender either
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The fields by name (every value a str, int or bool: what
        ``dataclasses.asdict`` gives, without its deep copy; every view asks)."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    @staticmethod
    def from_dict(data: object) -> Rules:
        """Rules from a dict of fields, or a preset name, or a dict with a
        ``preset`` key plus overrides. Unknown fields raise ValueError."""
        if isinstance(data, str):
            return Rules.preset(data)
        if not isinstance(data, dict):
            raise ValueError(
                f"rules must be a preset name or an object of fields; got {quoted(data)}"
            )
        fields = dict(data)
        base = Rules.preset(fields.pop("preset")) if "preset" in fields else Rules()
        return base.replace(**fields)

    @property
    def preset_name(self) -> str | None:
        """The preset these rules equal, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None


#: The field names of ``Rules``, in order (``Rules.to_dict``).
_FIELD_NAMES: Final = tuple(field.name for field in dataclasses.fields(Rules))

PRESETS: Final[dict[str, Rules]] = {
    "seed": Rules(),
    "seed-pepper": Rules(bidding="pepper"),
    "traditional": Rules(
        going_alone=False, lone_defender=False, fail_penalty="bid", defenders_score=True
    ),
    "pepper": Rules(
        bidding="pepper",
        all_pass="dealer_forced",
        going_alone=False,
        lone_defender=False,
        fail_penalty="six",
        defenders_score=True,
        first_lead="maker",
    ),
}


# --- playing cards: the bit-set forms used in inner loops -------------------------


def legal_mask(hand: int, lead: int, trump: int) -> int:
    """Cards of ``hand`` (bit set) that may be played to a trick whose first card
    is ``lead`` (card index, or -1 for an empty trick) with ``trump`` (suit index)."""
    if lead < 0:
        return hand
    follow = hand & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][lead]]
    return follow or hand


def winning_position(trick: Sequence[int], trump: int) -> int:
    """The position in ``trick`` (card indices, leader first) of the winning card."""
    power = POWER[trump][EFFECTIVE_SUIT[trump][trick[0]]]
    best = 0
    best_power = power[trick[0]]
    for i in range(1, len(trick)):
        p = power[trick[i]]
        if p > best_power:
            best, best_power = i, p
    return best


# --- the same rules on Card objects ----------------------------------------------


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], trump: str) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played,
    leader first; empty when leading) when ``trump`` is trump."""
    t = suit_index(trump)
    mask = legal_mask(mask_of(hand), trick[0].index if trick else -1, t)
    return [c for c in hand if mask >> c.index & 1]


def trick_winner(trick: Sequence[Card], trump: str) -> int:
    """The index in ``trick`` (leader first) of the card that wins it."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    return winning_position([c.index for c in trick], suit_index(trump))


def follow_violation(
    card: Card, hand: Sequence[Card], lead: Card, trump: str
) -> dict[str, Any] | None:
    """None if ``card`` may be played to a trick led by ``lead``; otherwise the
    facts of the reason, for a translated message: ``suit`` (the suit to
    follow), ``trump``, ``trump_cards`` (the lead, this card or the cards to
    follow with that belong to trump although another suit is printed on
    them: the Joker, the left bower) and ``cards`` (the cards that follow)."""
    t = suit_index(trump)
    mask = legal_mask(mask_of(hand), lead.index, t)
    if mask >> card.index & 1:
        return None

    def counts_as_trump(c: Card) -> bool:
        return c.index == JOKER or (c.rank == "J" and suit_index(c.suit) == SAME_COLOUR[t])

    followers = [c for c in hand if mask >> c.index & 1]
    return {
        "suit": SUITS[EFFECTIVE_SUIT[t][lead.index]],
        "trump": SUITS[t],
        "trump_cards": [
            str(c) for c in dict.fromkeys((lead, card, *followers)) if counts_as_trump(c)
        ],
        "cards": [str(c) for c in followers],
    }


def play_reason(
    card: Card, hand: Sequence[Card], lead: Card, trump: str
) -> tuple[str, dict[str, Any]]:
    """Why ``card`` of ``hand`` may or may not be played to a trick led by ``lead``, as
    a code and its facts: ``must_follow`` (``follow_violation``'s facts) when it may
    not; when it may, ``follows`` (it is of the suit led: ``suit``, ``trump`` and
    ``trump_cards``, the lead or this card when trump by a name other than the suit
    printed on it) or ``void`` (the hand holds no card of the suit led: ``suit``).

    >>> hand = [Card.parse("JD"), Card.parse("9C")]
    >>> play_reason(hand[0], hand, Card.parse("AH"), "H")[0]
    'follows'
    >>> play_reason(hand[1], hand, Card.parse("AH"), "H")[0]
    'must_follow'
    """
    facts = follow_violation(card, hand, lead, trump)
    if facts is not None:
        return "must_follow", facts
    t = suit_index(trump)
    led = EFFECTIVE_SUIT[t][lead.index]
    if EFFECTIVE_SUIT[t][card.index] == led:

        def counts_as_trump(c: Card) -> bool:
            return c.index == JOKER or (c.rank == "J" and suit_index(c.suit) == SAME_COLOUR[t])

        trump_cards = [str(c) for c in dict.fromkeys((lead, card)) if counts_as_trump(c)]
        return "follows", {"suit": SUITS[led], "trump": SUITS[t], "trump_cards": trump_cards}
    return "void", {"suit": SUITS[led], "trump": SUITS[t]}


def why_not_following(card: Card, hand: Sequence[Card], lead: Card, trump: str) -> str | None:
    """None if ``card`` may be played; otherwise the reason in words, e.g.
    "must follow hearts: JD counts as a heart when hearts are trump"."""
    facts = follow_violation(card, hand, lead, trump)
    if facts is None:
        return None
    return must_follow_text(facts)


def card_role(card: Card, trump: str) -> CardRole:
    """What a card is when ``trump`` is trump (``vocabulary.CARD_ROLES``): the
    Joker is the ``highest_trump``, then the ``right_bower`` (the jack of
    trump) and the ``left_bower`` (the other jack of the same colour), the
    other trumps ``trump``, and every other card ``plain``.

    >>> card_role(Card.parse("JK"), "H"), card_role(Card.parse("JD"), "H")
    ('highest_trump', 'left_bower')
    >>> card_role(Card.parse("JD"), "C")
    'plain'
    """
    t = suit_index(trump)
    if card.index == JOKER:
        return "highest_trump"
    if card.rank == "J" and suit_index(card.suit) == t:
        return "right_bower"
    if card.rank == "J" and suit_index(card.suit) == SAME_COLOUR[t]:
        return "left_bower"
    return "trump" if EFFECTIVE_SUIT[t][card.index] == t else "plain"


#: The roles a trick's reason names (``role``): the Joker and the bowers.
_WINNING_ROLES: Final = ("highest_trump", "right_bower", "left_bower")


def trick_winner_reason(trick: Sequence[Card], trump: str) -> tuple[str, dict[str, Any]]:
    """Which card of ``trick`` (leader first) wins and why, as a code and its
    parameters: ``only_card``, ``highest_led`` (no trump: ``suit`` is the suit
    led), ``only_trump`` or ``highest_trump``; parameters ``card`` (the
    winner), ``trump``, and for a winning Joker or bower ``role``
    (``highest_trump``, ``right_bower``, ``left_bower``; the left bower also gives
    ``colour``: the suit printed on it)."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    t = suit_index(trump)
    card = trick[trick_winner(trick, trump)]
    params: dict[str, Any] = {"card": str(card), "trump": SUITS[t]}
    if EFFECTIVE_SUIT[t][card.index] != t:
        if len(trick) == 1:
            return "only_card", params
        params["suit"] = SUITS[EFFECTIVE_SUIT[t][trick[0].index]]
        return "highest_led", params
    played_trumps = [c for c in trick if EFFECTIVE_SUIT[t][c.index] == t]
    code = "only_trump" if len(played_trumps) == 1 else "highest_trump"
    role = card_role(card, trump)
    if role in _WINNING_ROLES:
        params["role"] = role
        if role == "left_bower":
            params["colour"] = card.suit
    return code, params


def why_trick_winner(trick: Sequence[Card], trump: str) -> str:
    """``trick_winner_reason`` in English, e.g. "JD wins: it is the highest trump
    in the trick (hearts are trump); JD is the left bower: ..."."""
    return why_winner_text(*trick_winner_reason(trick, trump))


# --- scoring ------------------------------------------------------------------------


def stake_multiplier(big_pepper: bool, maker_alone: bool, defender_alone: bool) -> int:
    """1, doubled for big pepper, for a lone maker and for a lone defender (stacking)."""
    return (2 if big_pepper else 1) * (2 if maker_alone else 1) * (2 if defender_alone else 1)


def hand_points(rules: Rules, bid: int, maker_tricks: int, multiplier: int) -> tuple[int, int]:
    """(makers' points, defenders' points) for a hand: ``bid`` is the tricks bid
    (6 for little and big pepper), ``maker_tricks`` what the makers won."""
    defender_tricks = 6 - maker_tricks
    if maker_tricks >= bid:
        makers = maker_tricks * multiplier
    elif rules.fail_penalty == "tricks_won":
        makers = -maker_tricks * multiplier
    elif rules.fail_penalty == "bid":
        makers = -bid * multiplier
    else:
        makers = -6 * multiplier
    defenders = defender_tricks * multiplier if rules.defenders_score else 0
    return makers, defenders


def game_winner(rules: Rules, scores: tuple[int, int], maker_team: int | None) -> int | None:
    """The winning team once a hand's points are in, or None to play on. When both
    reach the target in the same hand the makers win."""
    reached = [scores[0] >= rules.target, scores[1] >= rules.target]
    if reached[0] and reached[1]:
        return maker_team if maker_team is not None else (0 if scores[0] >= scores[1] else 1)
    if reached[0]:
        return 0
    if reached[1]:
        return 1
    return None


__all__ = [
    "CARDS",
    "PRESETS",
    "Rules",
    "card_role",
    "follow_violation",
    "game_winner",
    "hand_points",
    "legal_mask",
    "legal_plays",
    "play_reason",
    "stake_multiplier",
    "trick_winner",
    "trick_winner_reason",
    "why_not_following",
    "why_trick_winner",
    "winning_position",
]
