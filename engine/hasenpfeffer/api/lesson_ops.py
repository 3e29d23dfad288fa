"""The rule-teaching operations of the embeds: the ranking of the cards under
a trump, a trick exercise (legality and winner with reasons), "which cards may
I play?" on a seeded deal (every card's legality with its reason), the points of
a hand under every rule set side by side, and a hand replayed as frames. They
need no game; every argument is checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..actions import Action, auction_calls
from ..cards import SUITS, cards_of, effective_suit, rank_order, sort_hand
from ..dealing import MAX_SEED, deal_hands, shuffled_deck
from ..game import Game
from ..rules import (
    PRESETS,
    Rules,
    card_role,
    follow_violation,
    hand_points,
    play_reason,
    stake_multiplier,
    trick_winner,
    trick_winner_reason,
    why_not_following,
    why_trick_winner,
)
from ..text import ranking_text
from ..vocabulary import HUMAN, NAMED_BIDS
from .args import ApiError, bad_arg, cards_arg, digits, levels_arg, shown, trump_arg
from .game_ops import with_made
from .sessions import Session

#: A note (a comment of a hand text) is cut to this many characters.
MAX_NOTE: Final = 500


def op_ranking(request: Mapping[str, Any]) -> dict[str, Any]:
    trump = trump_arg(request)
    cards = [
        {"card": str(c), "role": card_role(c, trump), "suit": effective_suit(c, trump)}
        for c in rank_order(trump)
    ]
    left = next(c["card"] for c in cards if c["role"] == "left_bower")
    params = {"trump": trump, "right": f"J{trump}", "left": left, "colour": left[1]}
    explanation = ranking_text(params)
    return {
        "trump": trump,
        "cards": cards,
        "explanation": explanation,
        "explanation_code": "ranking",
        "explanation_params": params,
    }


def op_trick(request: Mapping[str, Any]) -> dict[str, Any]:
    trump = trump_arg(request)
    (lead,) = cards_arg(request, "lead", 1, 1)
    played = cards_arg(request, "played", 0, 2)
    hand = cards_arg(request, "hand", 1, 6)
    seen = [lead, *played]
    if lead in played:
        raise bad_arg(
            "already_lead",
            {"name": "played", "card": str(lead)},
            f"played: {lead} is already the lead",
        )
    for card in hand:
        if card in seen:
            raise bad_arg(
                "already_in_trick",
                {"name": "hand", "card": str(card)},
                f"hand: {card} is already in the trick",
            )
    trick = [lead, *played]
    options = []
    for card in sort_hand(hand, trump):
        reason = why_not_following(card, hand, lead, trump)
        facts = follow_violation(card, hand, lead, trump)
        full = [*trick, card]
        position = trick_winner(full, trump)
        why_code, why_params = trick_winner_reason(full, trump)
        options.append(
            {
                "card": str(card),
                "legal": reason is None,
                "reason": reason or "",
                "reason_code": "" if facts is None else "must_follow",
                "reason_params": facts or {},
                "trick": [str(c) for c in full],
                "winner": str(full[position]),
                "winner_position": position,
                "you_win": position == len(full) - 1,
                "why": why_trick_winner(full, trump),
                "why_code": why_code,
                "why_params": why_params,
            }
        )
    return {
        "trump": trump,
        "lead": str(lead),
        "played": [str(c) for c in played],
        "hand": [o["card"] for o in options],
        "led_suit": effective_suit(lead, trump),
        "options": options,
    }


#: The calls a scoring question may name: a number of tricks, or a pepper call.
SCORING_CALLS: Final = (*(str(n) for n in range(1, 7)), *NAMED_BIDS)


def _flag(request: Mapping[str, Any], name: str) -> bool:
    """A yes-or-no argument: true or false (or, from an attribute, "true", "false", "")."""
    value = request.get(name, False)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", ""):
        value = value.strip().lower() == "true"
    if not isinstance(value, bool):
        raise bad_arg(
            "not_a_flag",
            {"name": name, "value": shown(value)},
            f"{name}: give true or false; got {shown(value)}",
        )
    return value


def op_scoring(request: Mapping[str, Any]) -> dict[str, Any]:
    """The points of one hand under every rule set side by side: the makers' call
    (``call``: 1 to 6, little or big), the tricks they took (``tricks``), whether the
    maker went alone (``alone``) and a defender defended alone (``defender``); ``rules``
    (a preset, default ``seed``) is the rule set the reader reads for. A rule set that
    cannot play such a hand says why (``reason_code``): ``no_such_call`` (its auction
    has no such call), ``no_going_alone`` or ``no_lone_defender``."""
    chosen = request.get("rules", "seed") or "seed"
    if not isinstance(chosen, str) or chosen not in PRESETS:
        raise bad_arg(
            "bad_rules",
            {"name": "rules", "value": shown(chosen), "detail": ", ".join(PRESETS)},
            f"rules: one of {', '.join(PRESETS)}; got {shown(chosen)}",
        )
    call = request.get("call")
    if isinstance(call, int) and not isinstance(call, bool):
        call = str(call)
    if not isinstance(call, str) or call.strip().lower() not in SCORING_CALLS:
        raise bad_arg(
            "bad_call",
            {"name": "call", "value": shown(call)},
            f"call: {shown(call)} is not a call (1 to 6, little or big)",
        )
    call = call.strip().lower()
    tricks = digits(request.get("tricks"))
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 6:
        raise bad_arg(
            "bad_tricks",
            {"name": "tricks", "value": shown(tricks)},
            f"tricks: the makers take 0 to 6 tricks; got {shown(tricks)}",
        )
    alone = _flag(request, "alone")
    defender = _flag(request, "defender")
    if defender and not alone:
        raise bad_arg(
            "defender_needs_alone",
            {"name": "defender"},
            "defender: a defender defends alone only against a maker who went alone",
        )
    action = Action.parse(f"bid {call}")
    bid = min(action.value, 6)
    multiplier = stake_multiplier(call == "big", alone, defender)
    columns = []
    for name, rules in PRESETS.items():
        column: dict[str, Any] = {"rules": name, "playable": False, "reason_code": ""}
        if action not in auction_calls(rules.bidding, 0):
            column["reason_code"] = "no_such_call"
        elif alone and not rules.going_alone:
            column["reason_code"] = "no_going_alone"
        elif defender and not rules.lone_defender:
            column["reason_code"] = "no_lone_defender"
        else:
            makers, defenders = hand_points(rules, bid, tricks, multiplier)
            column.update(playable=True, makers=makers, defenders=defenders)
        columns.append(column)
    return {
        "rules": chosen,
        "call": call,
        "bid": bid,
        "tricks": tricks,
        "made": tricks >= bid,
        "alone": alone,
        "defender": defender,
        "multiplier": multiplier,
        "columns": columns,
    }


def legal_position(seed: int) -> tuple[str, str, list[str]]:
    """The position of a "which cards may I play?" exercise from a seed: the hand of
    the seat left of the first hand's leader (the dealer's left leads), a card of the
    leader's hand led to it, and a trump, both chosen by a second draw of the seed.
    Only the led card and the reader's own hand are told."""
    dealer, deck = shuffled_deck(seed, 1)
    hands, _widow = deal_hands(deck, dealer)
    leader = (dealer + 1) % 4
    draw, order = shuffled_deck(seed, 2)
    trump = SUITS[draw]
    led_hand = cards_of(hands[leader])
    lead = led_hand[order[0] % len(led_hand)]
    return trump, str(lead), [str(c) for c in cards_of(hands[(leader + 1) % 4])]


def op_legal(request: Mapping[str, Any]) -> dict[str, Any]:
    """Which cards of a hand may be played to a led card, each with its reason as a
    code (``rules.play_reason``): the position from ``seed`` (``legal_position``), or
    given as ``trump``, ``lead`` and ``hand`` like the trick exercise's."""
    seed = digits(request.get("seed"))
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise bad_arg(
                "bad_seed",
                {"name": "seed", "value": shown(seed), "detail": f"0 to {MAX_SEED}"},
                f"seed: a whole number from 0 to {MAX_SEED}; got {shown(seed)}",
            )
        trump, lead_text, hand_text = legal_position(seed)
        request = {"trump": trump, "lead": lead_text, "hand": " ".join(hand_text)}
    trump = trump_arg(request)
    (lead,) = cards_arg(request, "lead", 1, 1)
    hand = cards_arg(request, "hand", 1, 6)
    if lead in hand:
        raise bad_arg(
            "already_in_trick",
            {"name": "hand", "card": str(lead)},
            f"hand: {lead} is already in the trick",
        )
    options = []
    for card in sort_hand(hand, trump):
        code, params = play_reason(card, hand, lead, trump)
        options.append(
            {
                "card": str(card),
                "legal": code != "must_follow",
                "reason_code": code,
                "reason_params": params,
            }
        )
    return {
        "seed": seed,
        "trump": trump,
        "lead": str(lead),
        "led_suit": effective_suit(lead, trump),
        "hand": [o["card"] for o in options],
        "legal": [o["card"] for o in options if o["legal"]],
        "options": options,
    }


def hpn_hand(request: Mapping[str, Any]) -> tuple[Game, int]:
    """The one-hand game of the request's ``hpn`` (a hand text, or a game text
    and its ``number``-th hand, default 1) and that number (1 for a hand text)."""
    from ..notation import game_from_text, hand_from_text, hand_to_text

    text = request.get("hpn")
    if not isinstance(text, str) or not text.strip():
        raise bad_arg(
            "hpn_missing", {"name": "hpn"}, "hpn: give the text of a hand or game (HPN 1 ...)"
        )
    number = request.get("number")
    head = text.split(None, 3)
    is_game = len(head) >= 3 and head[2].lower() == "game"
    if number is not None and not is_game:
        raise bad_arg(
            "number_not_game", {"name": "number"}, "number: only a game text has several hands"
        )
    number = digits(number)
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, int) or number < 1
    ):
        raise bad_arg(
            "bad_number",
            {"name": "number", "value": shown(number), "detail": "a hand number from 1"},
            f"number: give a hand number from 1; got {shown(number)}",
        )
    try:
        game = game_from_text(text) if is_game else hand_from_text(text)
    except ValueError as err:
        raise bad_arg("bad_hpn", {"name": "hpn", "detail": str(err)}, f"hpn: {err}") from None
    if not is_game:
        return game, 1
    chosen = 1 if number is None else number
    try:
        return hand_from_text(hand_to_text(game, chosen)), chosen
    except ValueError as err:
        raise bad_arg(
            "bad_number",
            {"name": "number", "value": shown(number), "detail": str(err)},
            f"number: {err}",
        ) from None


def _replay_game(request: Mapping[str, Any]) -> Game:
    """The game whose first hand (of a hand text) or ``number``-th hand is replayed."""
    if request.get("hpn") is not None:
        return hpn_hand(request)[0]
    seed = request.get("seed")
    if seed is None:
        raise bad_arg(
            "no_source", {"name": "hpn"}, "give hpn (a recorded hand) or seed (the bots play one)"
        )
    try:
        rules = Rules.from_dict(request.get("rules", "seed"))
    except ValueError as err:
        raise bad_arg(
            "bad_rules",
            {"name": "rules", "value": shown(request.get("rules")), "detail": str(err)},
            f"rules: {err}",
        ) from None
    seed = digits(seed)
    try:
        game = Game.new(rules, seed=seed)  # type: ignore[arg-type]  # checked by Game.new
    except (TypeError, ValueError) as err:
        raise bad_arg(
            "bad_seed", {"name": "seed", "value": shown(seed), "detail": str(err)}, f"seed: {err}"
        ) from None
    levels = levels_arg(request.get("levels", ["medium"] * 4))
    if HUMAN in levels:
        raise ApiError("bad_request", "levels: a replay is played by computer players only")
    session = Session(game, levels, [])
    while not game.records and game.to_act is not None:
        seat = game.to_act
        game.apply(session.player(seat).choose(game.view(seat)))
    return game.replayed(len(game.history))


def hand_frames(game: Game) -> list[dict[str, Any]]:
    """The first hand of ``game`` as frames to step through."""
    g = game.replayed(0)
    frames: list[dict[str, Any]] = []

    def frame(kind: str) -> dict[str, Any]:
        return {
            "kind": kind,
            "hands": [[str(c) for c in sort_hand(g.hand(s), g.trump)] for s in range(4)],
            "dealer": g.dealer,
            "auction": [{"seat": s, "call": str(a)} for s, a in g.auction],
            "forced": g.view(0)["forced"],
            "maker": g.maker,
            "bid_call": g.bid_call,
            "trump": g.trump,
            "widow": str(g.widow) if g.maker is not None else None,
            # from the auction's end the widow is in the maker's hand (or
            # discarded), no longer in the middle
            "widow_taken": g.maker is not None,
            "discard": None,
            "alone": g.alone,
            "lone_defender": g.lone_defender,
            "sitting_out": list(g.sitting_out),
            "trick": None,
            "tricks_won": list(g.tricks_won),
            "scores": list(g.scores),
            "points": None,
            "thrown_in": False,
            "made": None,
            "actions": len(g.history),
        }

    frames.append(frame("deal"))
    discard: str | None = None
    for done, action in enumerate(game.history, 1):
        before = frame("")
        phase = g.phase
        tricks = len(g.view(0)["tricks"])
        g.apply(action)
        if phase == "discard":
            discard = str(action).split()[1]
        if g.records:  # the hand is over: the record tells the rest
            record = with_made(g.records[0].public_dict())
            last = before
            last.update(
                kind="trick" if record["tricks"] else "auction",
                hands=[[], [], [], []] if record["tricks"] else before["hands"],
                auction=record["auction"],
                trick=record["tricks"][-1] if record["tricks"] else None,
                tricks_won=record["tricks_won"],
                scores=record["scores"],
                points=record["points"],
                thrown_in=record["thrown_in"],
                made=record["made"],
                discard=discard,
            )
            if record["thrown_in"] and "widow" in record:
                last["widow"] = record["widow"]
            last["actions"] = done
            frames.append(last)
            break
        now = frame("")
        now["discard"] = discard
        if phase == "bidding" and g.phase != "bidding":
            now["kind"] = "auction"
        elif phase == "discard":
            now["kind"] = "widow"
        elif phase in ("alone", "defend_alone") and g.phase not in ("alone", "defend_alone"):
            now["kind"] = "alone"
        elif phase == "play" and len(g.view(0)["tricks"]) > tricks:
            now["kind"] = "trick"
            now["trick"] = g.view(0)["tricks"][-1]
        else:
            continue
        now["actions"] = done
        frames.append(now)
    return frames


def _frame_notes(request: Mapping[str, Any], frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The comments of a hand text as notes, each on the first frame that shows
    the actions written before it (``notation.hand_notes``)."""
    from ..notation import hand_notes

    text = request.get("hpn")
    if not isinstance(text, str) or [w.lower() for w in text.split(None, 3)[2:3]] != ["hand"]:
        return []  # a game text's hands, and dealt hands, carry no notes
    ends = [frame["actions"] for frame in frames]
    out = []
    for note in hand_notes(text)[1]:
        index = next((i for i, end in enumerate(ends) if end >= note.after), len(ends) - 1)
        out.append({"frame": index, "after": note.after, "text": note.text[:MAX_NOTE]})
    return out


def op_replay(request: Mapping[str, Any]) -> dict[str, Any]:
    game = _replay_game(request)
    frames = hand_frames(game)
    return {
        "rules": game.rules.to_dict(),
        "frames": frames,
        "notes": _frame_notes(request, frames),
    }
