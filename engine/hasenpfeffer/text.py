"""The English for every code the engine gives: reasons, explanations, hints,
rule fields and presets. The engine answers with a code and plain-data
parameters (docs/api.md, "Reasons as codes"); the page says them in the
player's language from its catalogues, and this module says them in English
(for the API's ``reason``/``why``/``explanation`` fields, the terminal game and
the tests). Nothing here decides anything.

>>> card_text("waiting_trump", {})
'The maker is naming trump.'
>>> card_text("turn_of", {"seat": 1})
"It is West's turn."
>>> hint_text("trump", {"suit": "H", "value": 1.5})
'hearts as trump: expected +1.5 points this hand'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .cards import SUIT_NAMES, SUIT_SINGULAR
from .vocabulary import SEAT_NAMES

# ---- following suit, and who wins a trick ----------------------------------------


def must_follow_text(facts: Mapping[str, Any]) -> str:
    """The ``must_follow`` reason (``rules.follow_violation``'s facts) in words,
    e.g. "must follow hearts: JD counts as a heart when hearts are trump; you
    hold 9H"."""
    trump = facts["trump"]
    trumps = SUIT_NAMES[trump]
    one_trump = SUIT_SINGULAR[trump]
    notes = [
        f"{'the Joker' if c == 'JK' else c} counts as a {one_trump} when {trumps} are trump"
        for c in facts["trump_cards"]
    ]
    notes.append(f"you hold {', '.join(facts['cards'])}")
    return f"must follow {SUIT_NAMES[facts['suit']]}: " + "; ".join(notes)


#: Why a card wins a trick: the main clause per code (``rules.trick_winner_reason``).
WHY_WINNER_TEXT: Final = {
    "only_card": "{card} wins: it is the only card in the trick",
    "highest_led": (
        "{card} wins: no trump was played, so the highest {suit_one} (the suit led) takes the trick"
    ),
    "only_trump": "{card} wins: it is the only trump in the trick ({trump} are trump)",
    "highest_trump": "{card} wins: it is the highest trump in the trick ({trump} are trump)",
}
#: ... then the winning card's role, when it is the Joker or a bower.
WHY_ROLE_TEXT: Final = {
    "highest_trump": "the Joker is the highest card of all",
    "right_bower": "{card} is the right bower, second only to the Joker",
    "left_bower": (
        "{card} is the left bower: the jack of {colour}, the other suit of the same "
        "colour, counts as a {trump_one} and ranks third, after the Joker and the right bower"
    ),
}


def why_winner_text(code: str, params: Mapping[str, Any]) -> str:
    """A trick winner's reason in words, e.g. "JD wins: it is the highest trump
    in the trick (hearts are trump); JD is the left bower: ..."."""
    words = {
        "card": params["card"],
        "trump": SUIT_NAMES[params["trump"]],
        "trump_one": SUIT_SINGULAR[params["trump"]],
        "suit_one": SUIT_SINGULAR.get(params.get("suit", ""), ""),
        "colour": SUIT_NAMES.get(params.get("colour", ""), ""),
    }
    why = WHY_WINNER_TEXT[code].format(**words)
    if "role" in params:
        why += "; " + WHY_ROLE_TEXT[params["role"]].format(**words)
    return why


#: The ranking under a trump (code ``ranking``; parameters ``trump``, ``right``,
#: ``left`` (the bowers), ``colour`` (the suit printed on the left bower)).
RANKING_TEXT: Final = (
    "With {plural} trump the Joker is highest, then the right bower {right} and the "
    "left bower {left} (it counts as a {one}), then A K Q 10 9 of {plural}; the other "
    "suits rank A K Q J 10 9 ({short} without {left}) and beat only their own suit."
)


def ranking_text(params: Mapping[str, Any]) -> str:
    """The ``ranking`` explanation in words."""
    trump = params["trump"]
    return RANKING_TEXT.format(
        plural=SUIT_NAMES[trump],
        one=SUIT_SINGULAR[trump],
        short=SUIT_NAMES[params["colour"]],
        **params,
    )


# ---- why an action is not legal now ----------------------------------------------

#: What each phase waits for (``not_now``: an action of another kind).
WAITING_FOR_TEXT: Final = {
    "bidding": "a bid or pass",
    "trump": "the choice of trump",
    "discard": "the maker's discard",
    "alone": "whether the maker goes alone",
    "defend_alone": "whether this defender defends alone",
    "play": "a card to play",
}


def illegal_text(code: str, params: Mapping[str, Any], action: str, legal: str) -> str:
    """An illegal action's reason (``Game.reason_code``) in words; ``legal``
    lists the legal actions where the sentence names them.

    >>> illegal_text("bid_too_low", {"call": "3"}, "bid 2", "pass, bid 4")
    'bid 2 must be higher than the current bid of 3; legal: pass, bid 4'
    """
    if code == "game_over":
        return f"the game is over: {action} is not possible"
    if code == "not_now":
        expected = WAITING_FOR_TEXT[params["phase"]]
        who = SEAT_NAMES[params["seat"]]
        return f"{action} is not possible now: waiting for {expected} from {who}; legal: {legal}"
    if code == "pepper_no_six":
        return "in pepper bidding there is no 'bid 6': bid little or bid big"
    if code == "pepper_only":
        return f"{action} belongs to pepper bidding; these rules use bids 1 to 6"
    if code == "bid_too_low":
        return f"{action} must be higher than the current bid of {params['call']}; legal: {legal}"
    if code == "not_in_hand":
        return f"{params['card']} is not in {SEAT_NAMES[params['seat']]}'s hand"
    if code == "must_follow":
        return must_follow_text(params)
    if code == "not_an_action":
        return f"not an action: {action!r}"
    return f"{action} is not legal now; legal: {legal}"


# ---- why a card of the hand cannot be used now -------------------------------------

#: The reason a card of the player's hand stands for no action now, by code.
CARD_TEXT: Final = {
    "game_over": "The game is over.",
    "sitting_out": "Your partner plays alone: you sit this hand out.",
    "turn_of": "It is {seat}'s turn.",
    "waiting_bidding": "The bidding is on: cards are played once trump is named.",
    "waiting_trump": "The maker is naming trump.",
    "waiting_discard": "The maker is discarding.",
    "waiting_alone": "The maker is deciding whether to go alone.",
    "waiting_defend_alone": "A defender is deciding whether to defend alone.",
}


def card_text(code: str, params: Mapping[str, Any]) -> str:
    """A ``CARD_TEXT`` reason in words (empty for the empty code)."""
    if not code:
        return ""
    seat = params.get("seat")
    return CARD_TEXT[code].format(seat=SEAT_NAMES[seat] if seat is not None else "")


# ---- hints --------------------------------------------------------------------------

#: The English sentence of each hint reason code. Parameters: ``card`` (card text,
#: e.g. ``JD``, ``JK``), ``suit`` (suit letter), ``call`` (an action text such
#: as ``bid 3`` or ``pass``), ``value`` (expected points, a number), ``gap``
#: (points below the best choice), ``tricks`` (the hand's estimated tricks).
HINT_TEXT: Final = {
    "partner_winning": "your partner is winning this trick: {card} saves your stronger cards",
    "sure_winner": "{card} wins this trick for sure",
    "takes_lead": "{card} takes the lead in this trick, but a later player may beat it",
    "cannot_follow": "you cannot follow: {card} is the cheapest card to let go",
    "cannot_win": "{card} cannot win this trick: keep your stronger cards",
    "lead_trump": "leading trump ({card}) draws the opponents' trumps",
    "lead_below_best": "{card} as the lead: expected {value} points, {gap} below the best",
    "lead": "{card} as the lead: expected {value} points",
    "bid_pass": "your hand is worth about {tricks} tricks (best trump {suit}); "
    "passing: expected {value} points",
    "bid": "your hand is worth about {tricks} tricks (best trump {suit}); "
    "{call}: expected {value} points",
    "trump": "{suit} as trump: expected {value} points this hand",
    "discard_trump": "{card} is a trump: discarding it is rarely right",
    "discard_void": "discarding {card} leaves you void in {suit}, so you can trump them: "
    "expected {value} points",
    "discard_ace": "{card} is a side ace, a likely trick: expected {value} points",
    "discard_weak": "{card} is a weak side card: expected {value} points",
    "alone": "playing alone doubles the stake: expected {value} points",
    "decline": "playing with your partner: expected {value} points",
}


def signed(value: float) -> str:
    """A number of points with its sign and one decimal: ``+1.5``, ``-0.3``."""
    return f"{value:+.1f}"


def hint_text(code: str, params: Mapping[str, Any]) -> str:
    """The English sentence for a hint reason code (empty for the empty code)."""
    if not code:
        return ""
    words = dict(params)
    if "card" in words:
        words["card"] = "the Joker" if words["card"] == "JK" else words["card"]
    if "suit" in words:
        words["suit"] = SUIT_NAMES[words["suit"]]
    if "value" in words:
        words["value"] = signed(words["value"])
    for key in ("gap", "tricks"):
        if key in words:
            words[key] = f"{words[key]:.1f}"
    return HINT_TEXT[code].format(**words)


# ---- hand review ---------------------------------------------------------------------

#: The English sentence of each review reason code (``bots.review``). Parameters:
#: ``action`` (the action taken, e.g. ``play JD``), ``best`` (list of the best
#: actions' texts), ``loss`` (points lost against the best, >= 0); card plays:
#: ``value`` / ``best_value`` (the hand's points margin for the seat's side after
#: the action taken / the best, double-dummy: every card visible); calls:
#: ``estimate`` / ``best_estimate`` (the hard player's expected margin from the
#: seat's own cards: an estimate, not a certainty).
REVIEW_TEXT: Final = {
    "review_only": "{action} was the only legal choice",
    "review_best": "{action} was one of the best plays (with every card visible, "
    "your side's margin this hand: {value} points)",
    "review_cost": "{action} cost {loss} points (with every card visible, your side's "
    "margin this hand: {best_value} after {best}, {value} after {action})",
    "review_call_best": "{action} was the best choice by the estimate (expected margin "
    "{estimate} points; an estimate from your own cards, not a certainty)",
    "review_call_cost": "{action} cost about {loss} points by the estimate (expected "
    "margin {best_estimate} after {best}, {estimate} after {action}; an estimate "
    "from your own cards, not a certainty)",
}


def _number(value: float, sign: bool) -> str:
    """A number of points, at most two decimals, no trailing zeros: ``+2``, ``-0.35``."""
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    text = text.rstrip("0").rstrip(".")
    return "0" if float(text) == 0 else text


def review_text(code: str, params: Mapping[str, Any]) -> str:
    """A review reason code in words (``REVIEW_TEXT``).

    >>> print(review_text("review_cost", {"action": "play 9H", "best": ["play JD", "play AD"],
    ...     "loss": 2, "value": -1, "best_value": 1}))  # doctest: +NORMALIZE_WHITESPACE
    play 9H cost 2 points (with every card visible, your side's margin this hand:
    +1 after play JD or play AD, -1 after play 9H)
    >>> print(review_text("review_call_cost", {"action": "pass", "best": ["bid 3"],
    ...     "loss": 0.4, "estimate": 0.1, "best_estimate": 0.5}))  # doctest: +NORMALIZE_WHITESPACE
    pass cost about 0.4 points by the estimate (expected margin +0.5 after bid 3,
    +0.1 after pass; an estimate from your own cards, not a certainty)
    """
    words = dict(params)
    if "best" in words:
        words["best"] = " or ".join(words["best"])
    for key in ("value", "best_value", "estimate", "best_estimate"):
        if key in words:
            words[key] = _number(words[key], True)
    if "loss" in words:
        words["loss"] = _number(words["loss"], False)
    return REVIEW_TEXT[code].format(**words)


# ---- the rules, for the settings ------------------------------------------------------

#: Each rule field's label and help (the settings dialog; choices come from ``Rules``).
RULE_FIELD_TEXT: Final = {
    "bidding": ("Bidding", "Standard: bids 1 to 6. Pepper: 1 to 5, little pepper, big pepper."),
    "all_pass": ("When everyone passes", "Who must play the hand if nobody bids."),
    "forced_bid": ("Forced bid", "The bid of a player forced to play the hand."),
    "going_alone": ("Going alone", "The maker may play without a partner for a double stake."),
    "lone_defender": (
        "Lone defender",
        "Facing a lone maker, a defender may also play alone (stake doubled again).",
    ),
    "fail_penalty": ("Failed bid costs", "What the makers lose when they take fewer tricks."),
    "defenders_score": ("Defenders score", "Defenders score a point for each trick they take."),
    "first_lead": ("First lead", "Who leads the first trick of a hand."),
    "target": ("Points to win", "The first partnership to reach this score wins."),
}
#: The words for a rule field's choice.
RULE_CHOICE_TEXT: Final = {
    "standard": "standard (1 to 6)",
    "pepper": "pepper (1 to 5, little, big)",
    "joker_forced": "the Joker's holder bids",
    "redeal": "throw the hand in",
    "dealer_forced": "the dealer bids",
    "tricks_won": "the tricks they won",
    "bid": "the amount bid",
    "six": "six points",
    "left_of_dealer": "the player left of the dealer",
    "maker": "the maker",
}
#: The name of each preset.
PRESET_TEXT: Final = {
    "seed": "Hasenpfeffer (standard bidding, going alone)",
    "seed-pepper": "Hasenpfeffer with pepper bidding",
    "traditional": "Traditional (fail costs the bid, defenders score)",
    "pepper": "Pepper (dealer forced, fail costs six)",
}
