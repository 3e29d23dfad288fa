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
>>> hint_text("trump_void", {"suit": "D"})
'you hold no diamonds'
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
    if code == "game_full":
        return (
            f"this game has reached {params['max']} actions, the most a saved game holds: "
            "start a new game"
        )
    if code == "not_now":
        expected = WAITING_FOR_TEXT[params["phase"]]
        who = SEAT_NAMES[params["seat"]]
        return f"{action} is not possible now: waiting for {expected} from {who}; legal: {legal}"
    if code == "pepper_no_six":
        return f"in pepper bidding there is no 'bid {params['bid']}': bid little or bid big"
    if code == "pepper_only":
        return (
            f"{action} belongs to pepper bidding; these rules use bids "
            f"{params['min_bid']} to {params['top_bid']}"
        )
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

#: Why a hint suggests (or rates) an action: the English of each reason code of
#: ``bots.hints``. A value with ``one``/``other`` forms is chosen by ``count``.
#: Parameters: ``card`` (card text, e.g. ``JD``, ``JK``), ``suit`` (suit
#: letter), ``call`` (a bid as an action text, said as the bid: ``bid 4`` ->
#: "4"), ``action`` (an action text, said as the action), ``seat`` (0-3),
#: ``tricks`` / ``their`` (tricks / points, one decimal), ``count`` / ``bid``
#: (whole numbers), ``holds`` / ``make`` / ``defeat`` / ``alone_make`` (shares,
#: 0..1, said as percentages; with ``<name>_range``, ``[low, high]``, said as a
#: range where the share is uncertain: ``bots.hints.span``).
HINT_TEXT: Final[dict[str, str | dict[str, str]]] = {
    "only_choice": "{action} is the only choice",
    "only_card": "you must follow {suit}, and {card} is your only one",
    "last_card": "{card} is your last card",
    "sure_winner": "{card} wins this trick for sure: no card still out can beat it",
    "partner_winning": "your partner is winning this trick: {card} saves your stronger cards",
    "partner_winning_high": "your partner is winning this trick, so {card} need not win it",
    "takes_trick": "{card} beats the cards played so far and holds the trick in about "
    "{holds} of the deals tried",
    "takes_trick_cheap": "{card} is your cheapest card that beats the cards played so far "
    "(it holds the trick in about {holds} of the deals tried)",
    "takes_lead": "{card} takes the lead in this trick, but a later player may beat it",
    "ruff": "you have no {suit}: trumping with {card} takes the trick in about {holds} "
    "of the deals tried",
    "throw_off": "you cannot follow {suit}: {card} is the card you need least",
    "let_go": "{card} lets this trick go and keeps your stronger cards for later",
    "cannot_win": "{card} cannot win this trick: keep your stronger cards",
    "cannot_win_high": "{card} cannot win this trick",
    "lead_trump": "leading trump ({card}) draws the defenders' trumps",
    "lead_holds": "{card} as the lead holds the trick in about {holds} of the deals tried",
    "lead_low": "{card} is a cheap lead: your stronger cards wait for later tricks",
    "only_make": "{card} is the only card that can still make your bid "
    "(in about {make} of the deals tried)",
    "only_defeat": "{card} is the only card that can still beat the bid "
    "(in about {defeat} of the deals tried)",
    "contract_lost_duck": "your side can no longer make the bid, and under these rules a "
    "failed bid loses a point for each trick you take: {card} gives this trick away",
    "contract_lost_feed": "the makers can no longer make their bid, and under these rules "
    "they lose a point for each trick they take: {card} lets them have this one",
    "bid_strong": "your hand is worth about {tricks} tricks with {suit} as trump: "
    "a bid of {call} is made about {make} of the time",
    "bid_cheap": "under these rules a failed bid costs only the tricks you take: a bid of "
    "{call} is made only about {make} of the time, yet costs little when it fails",
    "bid_war": "if you pass, {seat}'s side scores about {their} points; under these rules "
    "a failed bid costs only the tricks you take and defenders score nothing, so a bid "
    "of {call} pays although it is made only about {make} of the time",
    "pass_partner": "your partner's bid of {call} stands: let them play it",
    "pass_weak": "your hand is worth about {tricks} tricks: a bid of {call} would be made "
    "only about {make} of the time",
    "pass_better": "your hand is worth about {tricks} tricks: a bid of {call} would be made "
    "about {make} of the time, but passing does better over the deals played out",
    "pass_other": "passing leaves the contract to the other players",
    "pass_outbid": "a bid of {call} would mostly be outbid: your side keeps the contract in "
    "only about {keep} of the deals played out",
    "bid_outbid": "a bid of {call} would mostly be outbid: your side keeps the contract in "
    "only about {keep} of the deals played out",
    "bid_not_weighed": "not weighed: the hard player plays out only the bids next to its "
    "own choice",
    "trump_most": {
        "one": "{suit} gives the most tricks by the estimate ({count} trump in your hand)",
        "other": "{suit} gives the most tricks by the estimate ({count} trumps in your hand)",
    },
    "trump_count": {
        "one": "with {suit} as trump you would hold {count} trump",
        "other": "with {suit} as trump you would hold {count} trumps",
    },
    "trump_void": "you hold no {suit}",
    "trump_short": "{suit} gives the most tricks by the estimate, though fewer than your "
    "bid of {bid}",
    "discard_void": "discarding {card} leaves you void in {suit}, so you can trump it",
    "discard_least": "{card} is the card your hand misses least",
    "discard_weak": "{card} is a weak side card",
    "discard_ace": "{card} is a side ace, a likely trick",
    "discard_trump": "{card} is a trump: better kept",
    "discard_low_trump": "you hold nothing but trumps: {card} is the lowest",
    "alone": "alone doubles the stake, and you make the bid alone about {make} of the time",
    "decline": "with your partner you make the bid about {make} of the time, alone only "
    "about {alone_make}",
    "decline_wins": "making your bid wins the game: going alone only adds risk",
    "defend_alone": "alone against you, the lone maker makes the bid only about {make} of "
    "the time ({other_make} against both of you): defending alone doubles what they lose",
    "defend_alone_no_score": "alone against you, the lone maker makes the bid only about "
    "{make} of the time ({other_make} against both of you): defending alone doubles what "
    "they lose, and your side cannot score as defenders under these rules",
    "defend_decline": "against both of you the lone maker makes the bid about {make} of the "
    "time, against you alone about {other_make}: defending alone would double what they score",
    "stake_double": "defending alone doubles the stake again",
    "stake_single": "with your partner the stake is not doubled again",
    "defend_top_trumps": "your top trumps in a row ({count}) are enough to stop a bid of {bid}",
    "defend_few_trumps": "your top trumps in a row ({count}) are too few to stop a bid of {bid}",
}
#: The hint's number in its unit (``bots.hints.UNITS``): ``value`` is a number
#: of points (signed) or tricks.
HINT_UNIT_TEXT: Final = {
    "points": "expected {value} points for your side",
    "margin": "expected margin {value} points (your side's points minus the other side's)",
    "tricks": "about {value} tricks for your side",
}
#: The comparison with the next-best action (or the best): ``other`` (an action
#: text), ``gap`` (points or tricks, one decimal), ``chance`` / ``other_chance``
#: (chances of winning the game, 0..1).
HINT_COMPARE_TEXT: Final = {
    "fewer_points": "{other}: about {gap} points less",
    "more_points": "{other}: about {gap} points more",
    "fewer_tricks": "{other}: about {gap} tricks fewer",
    "more_tricks": "{other}: about {gap} tricks more",
    "same": "{other}: about the same",
    "close": "a close call: you may do just as well if you {other}, since the deals played out "
    "cannot tell the two apart",
    "chance_lower": "{other}: about as many points, but your chance of winning the game falls from "
    "{chance} to {other_chance}",
    "chance_higher": "{other}: about as many points, and your chance of winning the game rises "
    "from {chance} to {other_chance}",
    "points_for_chance": "{other}: about {gap} points more this hand, but your chance of winning "
    "the game falls from {chance} to {other_chance}",
    "chance_for_points": "{other}: about {gap} points less this hand, but your chance of winning "
    "the game rises from {chance} to {other_chance}",
}
#: An action said as in "{other}: about 1.0 points less".
ACTION_TEXT: Final = {
    "play": "play {card}",
    "discard": "discard {card}",
    "trump": "name {suit} as trump",
    "alone": "go alone",
    "decline": "play with your partner",
    "pass": "pass",
    "bid": "bid {call}",
}
#: A defender's answer to a lone maker, said as the page says it (not "go alone").
DEFEND_ACTION_TEXT: Final = {"alone": "defend alone", "decline": "defend with your partner"}
#: Bids said as words (the others are their number).
CALL_WORDS: Final = {"little": "little pepper", "big": "big pepper", "pass": "pass"}
_SHARES: Final = (
    "holds",
    "make",
    "defeat",
    "alone_make",
    "other_make",
    "keep",
    "chance",
    "other_chance",
)


def signed(value: float) -> str:
    """A number of points with its sign and one decimal: ``+1.5``, ``-0.3``."""
    return f"{value:+.1f}"


def percent(share: float) -> str:
    """A share (0..1) as a whole percentage: ``0.625`` -> ``63%``."""
    return f"{round(share * 100)}%"


def percent_range(low: float, high: float) -> str:
    """An uncertain share as a range of whole percentages: ``60 to 75%``."""
    return f"{round(low * 100)} to {round(high * 100)}%"


def call_words(call: str) -> str:
    """A call in words: ``bid 4`` -> ``4``, ``bid little`` -> ``little pepper``."""
    word = call[4:] if call.startswith("bid ") else call
    return CALL_WORDS.get(word, word)


def action_words(action: str, phase: str = "") -> str:
    """An action in words: ``play JK`` -> ``play the Joker``, ``trump H`` ->
    ``hearts as trump``, ``bid 4`` -> ``bid 4``; in the phase ``defend_alone``,
    ``alone`` -> ``defend alone``.

    >>> action_words("alone"), action_words("alone", "defend_alone")
    ('go alone', 'defend alone')
    """
    kind, _, arg = action.partition(" ")
    if phase == "defend_alone" and kind in DEFEND_ACTION_TEXT:
        return DEFEND_ACTION_TEXT[kind]
    if kind in ("play", "discard"):
        return ACTION_TEXT[kind].format(card="the Joker" if arg == "JK" else arg)
    if kind == "trump":
        return ACTION_TEXT[kind].format(suit=SUIT_NAMES[arg])
    if kind == "bid":
        return ACTION_TEXT[kind].format(call=call_words(action))
    return ACTION_TEXT[kind]


def _hint_words(params: Mapping[str, Any], phase: str = "") -> dict[str, Any]:
    words = dict(params)
    for key, value in params.items():
        if key == "card":
            words[key] = "the Joker" if value == "JK" else value
        elif key == "suit":
            words[key] = SUIT_NAMES[value]
        elif key == "seat":
            words[key] = SEAT_NAMES[value]
        elif key == "call":
            words[key] = call_words(value)
        elif key in ("action", "other"):
            words[key] = action_words(value, phase)
        elif key in _SHARES:
            rng = params.get(f"{key}_range")
            words[key] = percent_range(rng[0], rng[1]) if rng else percent(value)
        elif key in ("gap", "tricks", "their"):
            words[key] = f"{value:.1f}"
    return words


def hint_text(code: str, params: Mapping[str, Any], phase: str = "") -> str:
    """The English sentence for a hint reason code (empty for the empty code).

    >>> hint_text("bid_war", {"call": "bid 5", "make": 0.2, "seat": 1, "their": 4})
    ... # doctest: +NORMALIZE_WHITESPACE
    "if you pass, West's side scores about 4.0 points; under these rules a failed bid
    costs only the tricks you take and defenders score nothing, so a bid of 5 pays
    although it is made only about 20% of the time"
    """
    if not code:
        return ""
    text = HINT_TEXT[code]
    if isinstance(text, dict):
        text = text["one"] if params.get("count") == 1 else text["other"]
    return text.format(**_hint_words(params, phase))


def hint_unit_text(unit: str | None, value: float | None) -> str:
    """The hint's number in words (empty without one)."""
    if unit is None or value is None:
        return ""
    number = f"{value:.1f}" if unit == "tricks" else signed(value)
    return HINT_UNIT_TEXT[unit].format(value=number)


def hint_compare_text(code: str, params: Mapping[str, Any], phase: str = "") -> str:
    """The comparison in words (empty for the empty code)."""
    return HINT_COMPARE_TEXT[code].format(**_hint_words(params, phase)) if code else ""


def hint_sentence(
    code: str,
    params: Mapping[str, Any],
    unit: str | None,
    value: float | None,
    compare_code: str,
    compare_params: Mapping[str, Any],
    phase: str = "",
) -> str:
    """A whole hint in English: why; the number in its unit; the comparison
    (the actions named as in ``phase``: ``action_words``).

    >>> print(hint_sentence("sure_winner", {"card": "AS"}, "points", 2.3,
    ...     "fewer_points", {"other": "play 9S", "gap": 1.0}))  # doctest: +NORMALIZE_WHITESPACE
    AS wins this trick for sure: no card still out can beat it; expected +2.3 points
    for your side; play 9S: about 1.0 points less
    """
    parts = (
        hint_text(code, params, phase),
        hint_unit_text(unit, value),
        hint_compare_text(compare_code, compare_params, phase),
    )
    return "; ".join(p for p in parts if p)


# ---- hand review ---------------------------------------------------------------------

#: The English sentence of each review reason code (``bots.review``). Parameters:
#: ``action`` (the action taken, e.g. ``play JD``), ``best`` (list of the best
#: actions' texts), ``loss`` (what was lost against the best, >= 0); card plays:
#: ``value`` / ``best_value`` (the hand's points margin for the seat's side after
#: the action taken / the best, double-dummy: every card visible); calls:
#: ``estimate`` / ``best_estimate`` (the hard player's value of the call from the
#: seat's own cards, in ``unit``: ``score`` or ``tricks``, ``REVIEW_UNIT_TEXT``;
#: an estimate, not a certainty). A score mixes a chance with points, so it is
#: said by what it is made of: ``chance`` / ``best_chance`` (the side's chance in
#: percent of winning the game after the hand) and ``margin`` / ``best_margin``
#: (the hand's expected margin in points), and its loss is not said.
TELL_TEXT: Final = {
    "pass_no_bid": "{Seat} passes: its cards are not worth a bid",
    "pass_over": "{Seat} passes rather than outbid {seat}'s {call}",
    "bid": "{Seat} bids {call}: it expects its side to take that many tricks, with the widow",
    "bid_over": "{Seat} bids {call} over {seat}'s {over}: it expects that many tricks for its side",
    "trump": "{Seat} names {suit} trump: the suit it expects to take its tricks with",
    "discard": "{Seat} discards a card face down; which one stays hidden until the hand is over",
    "alone": "{Seat} goes alone: it expects to make the bid without its partner",
    "decline": "{Seat} plays with its partner",
    "defend_alone": "{Seat} defends alone",
    "defend_decline": "{Seat} does not defend alone",
    "lead": "{Seat} leads {card}",
    "lead_trump": "{Seat} leads trump ({card}), drawing the others' trumps",
    "follow": "{Seat} follows suit with {card}",
    "void": "{Seat} plays {card}: it has no {suit} left",
    "ruff": "{Seat} trumps the trick",
    "wins_now": "{card} beats {seat}'s {beats}: the trick is now its",
    "partner_winning": "its partner {seat} wins the trick so far with {card}: no need to beat it",
    "under": "it does not beat {seat}'s {card}",
    "highest": "{card} is the highest {suit_one} not yet played",
}


def tell_text(code: str, params: Mapping[str, Any], seat: int) -> str:
    """What a decision of ``seat`` tells the table (``tells.tells``), in English.

    >>> tell_text("void", {"card": "9S", "suit": "H"}, 3)
    'East plays 9S: it has no hearts left'
    """
    words = dict(params)
    if "suit" in words:
        words["suit_one"] = SUIT_SINGULAR[words["suit"]]
        words["suit"] = SUIT_NAMES[words["suit"]]
    if "seat" in words:
        words["seat"] = SEAT_NAMES[words["seat"]]
    for name in ("call", "over"):
        if name in words:
            words[name] = call_words(words[name])
    return TELL_TEXT[code].format(Seat=SEAT_NAMES[seat], **words)


REVIEW_TEXT: Final = {
    "review_only": "{action} was the only legal choice",
    "review_best": "{action} was one of the best plays (with every card visible, "
    "your side's margin this hand: {value} points)",
    "review_cost": "{action} cost {loss} points (with every card visible, your side's "
    "margin this hand: {best_value} after {best}, {value} after {action})",
    "review_call_best": "{action} is the hard player's choice too (its estimate from "
    "your own cards: {estimate}; an estimate, not a certainty)",
    "review_call_cost": "the hard player would choose {best}: by its estimate from your "
    "own cards, {action} cost about {loss} ({best_estimate} after {best}, {estimate} "
    "after {action}; an estimate, not a certainty)",
    "review_call_other": "the hard player would choose {best}: by its estimate from your "
    "own cards, {best_estimate} after {best}; {estimate} after {action} (an estimate, "
    "not a certainty)",
    "review_call_other_close": "a close call: the hard player would choose {best}, but the "
    "deals it played out cannot tell it from {action} ({best_estimate} after {best}; "
    "{estimate} after {action})",
}

#: A call's value and a loss in their unit (``bots.review.CALL_UNITS``): the
#: side's tricks; a score is said by the figures it is made of (no loss).
REVIEW_UNIT_TEXT: Final = {
    "tricks": ("about {value} tricks", "{value} tricks"),
}
#: A call's score in words: its chance of winning the game and expected margin.
REVIEW_SCORE_TEXT: Final = (
    "a {chance}% chance of winning the game and an expected margin of {margin} points"
)


def _number(value: float, sign: bool) -> str:
    """A number of points, at most two decimals, no trailing zeros: ``+2``, ``-0.35``."""
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    text = text.rstrip("0").rstrip(".")
    return "0" if float(text) == 0 else text


#: A puzzle's card (``api.puzzle_ops``): ``card``, ``taken`` (the tricks the side
#: takes after it, best play by all, every card visible), ``tricks`` (left), ``need``.
PUZZLE_TEXT: Final = {
    "puzzle_makes": "{card} does it: your side takes {taken} of the {tricks} tricks left "
    "({need} needed)",
    "puzzle_fails": "{card} fails: with best play your side takes only {taken} of the "
    "{tricks} tricks left ({need} needed)",
}


def puzzle_text(code: str, params: Mapping[str, Any]) -> str:
    """A puzzle card's verdict in words (``PUZZLE_TEXT``).

    >>> puzzle_text("puzzle_fails", {"card": "JH", "taken": 1, "tricks": 2, "need": 2})
    'JH fails: with best play your side takes only 1 of the 2 tricks left (2 needed)'
    """
    return PUZZLE_TEXT[code].format(**params)


def review_text(code: str, params: Mapping[str, Any]) -> str:
    """A review reason code in words (``REVIEW_TEXT``).

    >>> print(review_text("review_cost", {"action": "play 9H", "best": ["play JD", "play AD"],
    ...     "loss": 2, "value": -1, "best_value": 1}))  # doctest: +NORMALIZE_WHITESPACE
    play 9H cost 2 points (with every card visible, your side's margin this hand:
    +1 after play JD or play AD, -1 after play 9H)
    >>> print(review_text("review_call_cost", {"action": "trump S", "best": ["trump H"],
    ...     "loss": 0.45, "estimate": 2.3, "best_estimate": 2.75, "unit": "tricks"}))
    ... # doctest: +NORMALIZE_WHITESPACE
    the hard player would choose trump H: by its estimate from your own cards, trump S
    cost about 0.45 tricks (about 2.75 tricks after trump H, about 2.3 tricks after
    trump S; an estimate, not a certainty)
    >>> print(review_text("review_call_other", {"action": "pass", "best": ["bid 5"],
    ...     "loss": 14.8, "estimate": -2.2, "best_estimate": 12.6, "chance": 10.1,
    ...     "margin": -6.15, "best_chance": 13.4, "best_margin": -0.4, "unit": "score"}))
    ... # doctest: +NORMALIZE_WHITESPACE
    the hard player would choose bid 5: by its estimate from your own cards, a 13.4%
    chance of winning the game and an expected margin of -0.4 points after bid 5;
    a 10.1% chance of winning the game and an expected margin of -6.2 points after
    pass (an estimate, not a certainty)
    """
    words = dict(params)
    if "best" in words:
        words["best"] = " or ".join(words["best"])
    unit = words.pop("unit", None)
    if unit == "score":
        for prefix in ("", "best_"):
            if f"{prefix}chance" in words:
                chance, margin = words.pop(f"{prefix}chance"), words.pop(f"{prefix}margin")
                words[f"{prefix}estimate"] = REVIEW_SCORE_TEXT.format(
                    chance=_number(chance, False), margin=signed(margin)
                )
    elif unit in REVIEW_UNIT_TEXT:
        value_text, loss_text = REVIEW_UNIT_TEXT[unit]
        for key in ("estimate", "best_estimate"):
            if key in words:
                words[key] = value_text.format(value=_number(words[key], False))
        if "loss" in words:
            words["loss"] = loss_text.format(value=_number(words["loss"], False))
    for key in ("value", "best_value", "estimate", "best_estimate"):
        if key in words and not isinstance(words[key], str):
            words[key] = _number(words[key], True)
    if "loss" in words and not isinstance(words["loss"], str):
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
