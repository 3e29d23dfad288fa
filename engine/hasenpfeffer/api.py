"""The versioned JSON API the browser calls (through a Web Worker running Pyodide).

One request is a JSON object ``{"op": ..., ...}``; one answer is a JSON-ready
dict, ``{"ok": true, "v": 1, "op": ..., ...}`` on success or
``{"ok": false, "v": 1, "op": ..., "error": {"code": ..., "message": ...}}``.
``handle(request)`` never raises: a bad request, an illegal action, a corrupt
save and even a bug come back as an error answer. ``handle_json(text)`` is the
same with JSON text in and out (what the worker calls).

The module holds one game (a worker runs one game at a time). Seats have a
*level*: ``"human"`` (decisions come in through ``act``) or a computer
player's level (``random``, ``easy``, ``medium``, ``hard``; decisions are made
by ``bot_step``). Operations, see ``docs/api.md`` for the full reference:

``api_version``  the API and engine versions and the operations;
``new_game``     ``{rules, seed?, levels?}``: start a game;
``load``         ``{save, levels?}``: resume a game from ``Game.to_json()``;
``state``        ``{seat?}``: what the (human) seat sees, the save and who acts;
``act``          ``{action}``: the human's decision (illegal: error, game unchanged);
``bot_step``     the computer player whose turn it is decides and acts;
``hint``         ``{level?}``: the human's legal actions ranked, with reasons;
``undo``         back to the human's previous decision;
``set_levels``   ``{levels}``: change who plays which seat;
``rules_info``   ``{trump?}``: presets, rule fields, and the card ranking.

For rule-teaching embeds (no game needed; every argument checked, a bad one
is a ``bad_request`` naming it, e.g. "hand: 'XX' is not a card ..."):

``ranking``        ``{trump}``: the 25 cards strongest first, each with its role;
``trick``          ``{trump, lead, played?, hand}``: each card of the hand, whether
                   it may be played (and why not), and who wins the trick if it is;
``replay``         ``{hpn, number?}`` or ``{seed, rules?, levels?}``: one hand as
                   frames (deal, auction, widow, alone calls, each trick);
``close_session``  forget the game of ``session``.

Every request may carry ``session`` (1 to 64 letters, digits, ``- _ . :``): each
session has its own game, so several embeds can share one worker.

States, events and ``rules_info`` carry ``card_roles``: what each card is under
the trump in force (``card_roles(trump)``), so the page can name a card in
words ("jack of diamonds, left bower") without knowing the rules.
"""

from __future__ import annotations

import json
import time
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from . import __version__
from .actions import Action, IllegalActionError
from .cards import (
    SUIT_NAMES,
    SUIT_SINGULAR,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    effective_suit,
    rank_order,
    sort_hand,
    trump_order,
)
from .game import SEAT_NAMES, Game
from .rules import (
    PRESETS,
    Rules,
    card_role,
    follow_violation,
    trick_winner,
    trick_winner_reason,
    why_not_following,
    why_trick_winner,
)

#: The API's version: a request may carry ``"v"``; another major version is refused.
API_VERSION: Final = 1
HUMAN: Final = "human"
BOT_LEVELS: Final = ("random", "easy", "medium", "hard")
DEFAULT_LEVELS: Final = (HUMAN, "medium", "medium", "medium")
HINT_LEVELS: Final = ("medium", "hard")

_STANDARD_CALLS: Final = ("pass", *(f"bid {n}" for n in range(1, 7)))
_PEPPER_CALLS: Final = ("pass", *(f"bid {n}" for n in range(1, 6)), "bid little", "bid big")

#: Words for the rule fields (the settings dialog shows them; choices come from ``Rules``).
_FIELD_TEXT: Final = {
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
_CHOICE_TEXT: Final = {
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
_PRESET_TEXT: Final = {
    "seed": "Hasenpfeffer (standard bidding, going alone)",
    "seed-pepper": "Hasenpfeffer with pepper bidding",
    "traditional": "Traditional (fail costs the bid, defenders score)",
    "pepper": "Pepper (dealer forced, fail costs six)",
}


#: The roles ``card_roles`` gives, from the top of the trump order down.
CARD_ROLES: Final = ("highest_trump", "right_bower", "left_bower", "trump")


def card_roles(trump: str | None) -> dict[str, str]:
    """What each card is under ``trump`` (``None``: no trump named yet), from the
    one rule of card roles (``rules.card_role``): the Joker is the
    ``highest_trump``, then the ``right_bower`` and ``left_bower``, the other
    trumps ``trump``. A card missing from the answer has no role (a plain suit
    card). Before trump is named only the Joker, on top of every trump, has one."""
    if trump is None:
        tops = {str(trump_order(s)[0]) for s in SUITS}
        return {card: CARD_ROLES[0] for card in tops} if len(tops) == 1 else {}
    if trump not in SUITS:
        raise ApiError("bad_request", f"trump must be one of C, D, H, S; got {trump!r}")
    roles = {str(card): card_role(card, trump) for card in trump_order(trump)}
    return {card: CARD_ROLES[0] if role == "joker" else role for card, role in roles.items()}


class ApiError(Exception):
    """An error answer: a stable ``code`` and a message a person can read."""

    def __init__(
        self, code: str, message: str, reason: tuple[str, dict[str, Any]] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: for an illegal action: the engine's reason as a code and parameters
        self.reason = reason


@dataclass
class _Session:
    game: Game
    levels: tuple[str, ...]
    #: The seat that acted for each action of ``game.history``.
    actors: list[int]
    players: dict[int, Any] = field(default_factory=dict)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if self.levels[s] == HUMAN)

    @property
    def seat(self) -> int:
        """The seat whose view the browser shows: the first human (or South)."""
        humans = self.humans
        return humans[0] if humans else 0

    def player(self, seat: int) -> Any:
        player = self.players.get(seat)
        if player is None or player.level != self.levels[seat]:
            from .players import make_player

            # seeded per game and seat: replaying a game replays its bots' choices
            seed = (self.game.seed * 4 + seat) & 0xFFFFFFFF
            player = self.players[seat] = make_player(self.levels[seat], seed)
        return player


#: The games, one per session id (``""``: the page's own game; embeds name their own).
_sessions: dict[str, _Session] = {}
#: The session of the request being answered (set by ``handle``).
_key: str = ""
#: At most this many named sessions are kept; the least recently used is dropped.
MAX_SESSIONS: Final = 32
_SESSION_CHARS: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:"
)


# ---- the entry points -------------------------------------------------------------


def handle(request: object) -> dict[str, Any]:
    """Answer one request (see the module docstring). Never raises."""
    op: object = None
    try:
        if not isinstance(request, dict):
            raise ApiError("bad_request", 'a request is a JSON object such as {"op": "state"}')
        op = request.get("op")
        version = request.get("v", API_VERSION)
        if version != API_VERSION:
            raise ApiError(
                "unsupported_version",
                f"this engine speaks API version {API_VERSION}, not {version!r}",
            )
        if not isinstance(op, str) or op not in _OPS:
            raise ApiError("unknown_op", f"unknown op {op!r}; ops: {', '.join(_OPS)}")
        global _key
        _key = _session_key(request.get("session"))
        answer = _OPS[op](request)
        out: dict[str, Any] = {"ok": True, "v": API_VERSION, "op": op}
        out.update(answer)
    except ApiError as err:
        out = _error(op, err.code, err.message, err.reason)
    except Exception as err:  # a bug: report it rather than break the page
        out = _error(op, "internal", f"internal error: {type(err).__name__}: {err}")
    if isinstance(request, dict) and "id" in request:
        out["id"] = request["id"]
    return out


def handle_json(text: str) -> str:
    """``handle`` with JSON text in and out."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError) as err:
        return json.dumps(_error(None, "bad_json", f"the request is not JSON: {err}"))
    return json.dumps(handle(request), separators=(",", ":"))


def reset() -> None:
    """Forget every game (tests)."""
    _sessions.clear()


def _session_key(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or not 0 < len(value) <= 64 or set(value) - _SESSION_CHARS:
        raise ApiError(
            "bad_request",
            f"session must be 1 to 64 letters, digits or - _ . : ; got {value!r}",
        )
    return value


def _current() -> _Session | None:
    return _sessions.get(_key)


def _install(session: _Session) -> _Session:
    """Make ``session`` the game of the request's session (dropping the oldest
    named session when there are too many)."""
    _sessions.pop(_key, None)
    _sessions[_key] = session
    named = [k for k in _sessions if k]
    for old in named[: max(0, len(named) - MAX_SESSIONS)]:
        del _sessions[old]
    return session


def _error(
    op: object, code: str, message: str, reason: tuple[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if reason is not None:
        error["reason_code"], error["reason_params"] = reason
    return {
        "ok": False,
        "v": API_VERSION,
        "op": op if isinstance(op, str) else None,
        "error": error,
    }


# ---- helpers ------------------------------------------------------------------------


def _need_session() -> _Session:
    session = _current()
    if session is None:
        raise ApiError("no_game", "there is no game yet: start one with new_game or load")
    return session


def _levels(value: object) -> tuple[str, ...]:
    if value is None:
        return DEFAULT_LEVELS
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise ApiError("bad_request", f"levels must be a list of four levels; got {value!r}")
    allowed = (HUMAN, *BOT_LEVELS)
    for seat, level in enumerate(value):
        if level not in allowed:
            raise ApiError(
                "bad_request",
                f"levels[{seat}] must be one of {', '.join(allowed)}; got {level!r}",
            )
    return tuple(value)


def _actors(game: Game) -> list[int]:
    """Who took each action of ``game.history`` (by replaying the game)."""
    replay = game.replayed(0)
    out = []
    for action in game.history:
        seat = replay.current_player
        assert seat is not None
        out.append(seat)
        replay.apply(action)
    return out


def _apply(session: _Session, action: Action | str) -> dict[str, Any]:
    """Apply an action for the seat to act; the event that describes it."""
    game = session.game
    seat = game.current_player
    assert seat is not None
    hands_before = len(game.records)
    tricks_before = sum(game.tricks_won)
    trump = game.trump
    game.apply(action)  # raises IllegalActionError, changing nothing
    session.actors.append(seat)
    event: dict[str, Any] = {
        "seat": seat,
        "action": str(game.history[-1]),
        "trick": None,
        "hand": None,
        # the trump in force when the action was taken (a hand's last card
        # is named under that hand's trump, though the next hand has none yet)
        "card_roles": card_roles(trump),
    }
    records = game.records
    if len(records) > hands_before:
        record = _with_made(records[-1].public_dict())
        event["hand"] = record
        if record["tricks"]:
            event["trick"] = record["tricks"][-1]
    elif sum(game.tricks_won) > tricks_before:
        event["trick"] = game.view(seat)["tricks"][-1]
    return event


def _with_made(record: dict[str, Any]) -> dict[str, Any]:
    """A hand record with ``made``: whether the makers took their bid (None if thrown in)."""
    maker = record["maker"]
    record["made"] = None if maker is None else record["tricks_won"][maker & 1] >= record["bid"]
    return record


def _illegal_reason(game: Game, action: str) -> str:
    """The engine's reason why ``action`` is not legal now (by trying it on a copy)."""
    try:
        game.copy().apply(action)
    except IllegalActionError as err:
        return str(err)
    return ""


def _options(game: Game, seat: int) -> list[dict[str, Any]]:
    """Every decision the seat could think of in this phase, legal or not, with
    the engine's reason for each illegal one (empty unless the seat is to act)."""
    if game.current_player != seat:
        return []
    phase = game.phase
    legal = {str(a) for a in game.legal_actions()}
    if phase == "bidding":
        texts: tuple[str, ...] = (
            _PEPPER_CALLS if game.rules.bidding == "pepper" else _STANDARD_CALLS
        )
    elif phase == "trump":
        texts = tuple(f"trump {s}" for s in SUITS)
    elif phase in ("alone", "defend_alone"):
        texts = ("alone", "decline")
    else:
        verb = "discard" if phase == "discard" else "play"
        texts = tuple(f"{verb} {c}" for c in game.view(seat)["hand"])
    out = []
    for text in texts:
        ok = text in legal
        code, params = ("", {}) if ok else game.reason_code(text)
        out.append(
            {
                "action": text,
                "legal": ok,
                "reason": "" if ok else _illegal_reason(game, text),
                "reason_code": code,
                "reason_params": params,
            }
        )
    return out


_WAITING: Final = {
    "bidding": "The bidding is on: cards are played once trump is named.",
    "trump": "The maker is naming trump.",
    "alone": "The maker is deciding whether to go alone.",
    "defend_alone": "A defender is deciding whether to defend alone.",
}


def _cards(game: Game, seat: int, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each card of the seat's hand: the action it stands for now (play or
    discard), whether that is legal, and why not."""
    hand: list[str] = game.view(seat)["hand"]
    by_card = {
        o["action"].split()[1]: o for o in options if o["action"].startswith(("play", "dis"))
    }
    out = []
    for card in hand:
        option = by_card.get(card)
        if option is not None:
            out.append({"card": card, **option})
            continue
        cur = game.current_player
        params: dict[str, Any] = {}
        if game.is_over:
            reason, code = "The game is over.", "game_over"
        elif seat in game.sitting_out:
            reason, code = "Your partner plays alone: you sit this hand out.", "sitting_out"
        elif cur is not None and cur != seat:
            reason, code = f"It is {SEAT_NAMES[cur]}'s turn.", "turn_of"
            params = {"seat": cur}
            if game.phase in _WAITING:
                reason, code = _WAITING[game.phase], f"waiting_{game.phase}"
            elif game.phase == "discard":
                reason, code = "The maker is discarding.", "waiting_discard"
        else:
            reason = _WAITING.get(game.phase, "")
            code = f"waiting_{game.phase}" if reason else ""
        out.append(
            {
                "card": card,
                "action": None,
                "legal": False,
                "reason": reason,
                "reason_code": code,
                "reason_params": params,
            }
        )
    return out


def _state(session: _Session, seat: int | None = None) -> dict[str, Any]:
    game = session.game
    seat = session.seat if seat is None else seat
    cur = game.current_player
    options = _options(game, seat) if seat in session.humans else []
    view = game.view(seat)
    if view["last_hand"] is not None:
        _with_made(view["last_hand"])
    return {
        "seat": seat,
        "levels": list(session.levels),
        "view": view,
        "save": game.to_json(),
        "to_act": cur,
        "bot_to_move": cur is not None and session.levels[cur] != HUMAN,
        "human_to_move": cur is not None and session.levels[cur] == HUMAN,
        "options": options,
        "cards": _cards(game, seat, options),
        "actions": len(game.history),
        "can_undo": any(session.levels[s] == HUMAN for s in session.actors),
        "preset": game.rules.preset_name,
        "card_roles": card_roles(view["trump"]),
    }


def _seat_arg(request: Mapping[str, Any]) -> int | None:
    seat = request.get("seat")
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ApiError("bad_request", f"seat must be 0 to 3; got {seat!r}")
    return seat


# ---- the operations -------------------------------------------------------------


def _op_api_version(request: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "api_version": API_VERSION,
        "engine_version": __version__,
        "ops": list(_OPS),
        "levels": [HUMAN, *BOT_LEVELS],
    }


def _op_new_game(request: Mapping[str, Any]) -> dict[str, Any]:
    try:
        rules = Rules.from_dict(request.get("rules", "seed"))
    except ValueError as err:
        raise ApiError("bad_rules", str(err)) from None
    levels = _levels(request.get("levels"))
    try:
        game = Game.new(rules, seed=request.get("seed"))
    except ValueError as err:
        raise ApiError("bad_request", str(err)) from None
    return _state(_install(_Session(game, levels, [])))


def _op_load(request: Mapping[str, Any]) -> dict[str, Any]:
    save = request.get("save")
    if not isinstance(save, str | dict):
        raise ApiError("bad_save", "save must be the text of a saved game")
    levels = _levels(request.get("levels"))
    try:
        game = Game.from_json(save)
    except ValueError as err:
        raise ApiError("bad_save", str(err)) from None
    return _state(_install(_Session(game, levels, _actors(game))))


def _op_state(request: Mapping[str, Any]) -> dict[str, Any]:
    return _state(_need_session(), _seat_arg(request))


def _op_act(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _need_session()
    game = session.game
    action = request.get("action")
    if not isinstance(action, str):
        raise ApiError("bad_request", f"action must be text such as 'play JD'; got {action!r}")
    cur = game.current_player
    if cur is None:
        raise ApiError("game_over", "the game is over")
    if session.levels[cur] != HUMAN:
        raise ApiError("not_your_turn", f"it is {SEAT_NAMES[cur]}'s turn (a computer player)")
    try:
        event = _apply(session, action)
    except IllegalActionError as err:
        raise ApiError("illegal_action", str(err), game.reason_code(action)) from None
    return {"event": event, "state": _state(session)}


def _op_bot_step(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _need_session()
    game = session.game
    cur = game.current_player
    if cur is None:
        raise ApiError("game_over", "the game is over")
    if session.levels[cur] == HUMAN:
        raise ApiError("not_bot_turn", f"it is {SEAT_NAMES[cur]}'s turn, a human player")
    start = time.perf_counter()
    action = session.player(cur).choose(game.view(cur))
    think_ms = (time.perf_counter() - start) * 1000
    event = _apply(session, action)
    return {"event": event, "think_ms": round(think_ms, 2), "state": _state(session)}


def _op_hint(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _need_session()
    game = session.game
    level = request.get("level", "hard")
    if level not in HINT_LEVELS:
        raise ApiError("bad_request", f"hint level must be one of {', '.join(HINT_LEVELS)}")
    cur = game.current_player
    if cur is None or session.levels[cur] != HUMAN:
        raise ApiError("not_your_turn", "a hint is for your own decision: it is not your turn")
    from .hints import suggest

    start = time.perf_counter()
    ranked = suggest(game.view(cur), level=level, seed=len(game.history))
    return {
        "suggestions": ranked,
        "best": ranked[0],
        "think_ms": round((time.perf_counter() - start) * 1000, 2),
    }


def _op_undo(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _need_session()
    humans = session.humans
    for n in range(len(session.actors) - 1, -1, -1):
        if session.actors[n] in humans:
            break
    else:
        raise ApiError("nothing_to_undo", "you have made no decision to take back yet")
    undone = session.game.history[n:]
    session.game = session.game.replayed(n)
    del session.actors[n:]
    return {"undone": [str(a) for a in undone], "state": _state(session)}


def _op_set_levels(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _need_session()
    session.levels = _levels(request.get("levels"))
    return _state(session)


def _rule_fields() -> list[dict[str, Any]]:
    hints = typing.get_type_hints(Rules)
    out = []
    for name, (label, help_text) in _FIELD_TEXT.items():
        kind = hints[name]
        entry: dict[str, Any] = {"name": name, "label": label, "help": help_text}
        if kind is bool:
            entry["type"] = "bool"
        elif kind is int:
            entry["type"] = "int"
            entry["min"], entry["max"] = (1, 6) if name == "forced_bid" else (1, 1000)
        else:
            entry["type"] = "choice"
            entry["choices"] = [
                {"value": v, "label": _CHOICE_TEXT.get(v, v)} for v in typing.get_args(kind)
            ]
        out.append(entry)
    return out


def _op_rules_info(request: Mapping[str, Any]) -> dict[str, Any]:
    trump = request.get("trump")
    session = _current()
    if trump is None and session is not None:
        trump = session.game.trump
    if trump is not None and trump not in SUITS:
        raise ApiError("bad_request", f"trump must be one of C, D, H, S; got {trump!r}")
    shown = trump or "H"
    current = session.game.rules if session is not None else Rules()
    return {
        "presets": [
            {"name": name, "label": _PRESET_TEXT.get(name, name), "rules": rules.to_dict()}
            for name, rules in PRESETS.items()
        ],
        "fields": _rule_fields(),
        "rules": current.to_dict(),
        "preset": current.preset_name,
        "levels": list(BOT_LEVELS),
        "suits": dict(SUIT_NAMES),
        "trump": shown,
        "trump_is_current": trump is not None,
        "trump_order": [str(c) for c in trump_order(shown)],
        "rank_order": [str(c) for c in rank_order(shown)],
        "card_roles": card_roles(shown),
    }


# ---- rule-teaching embeds ---------------------------------------------------------

_CARD_HELP: Final = "write rank 9 T J Q K A then suit C D H S, e.g. AS; JK is the Joker"


def _shown(value: object) -> str:
    """An argument's value as the reader wrote it (for a message)."""
    return value if isinstance(value, str) else json.dumps(value)


def _bad_arg(code: str, params: dict[str, Any], message: str) -> ApiError:
    """A ``bad_request`` about one argument, with the reason as a code and
    parameters (``name``: the argument, and what the message needs) for a
    translated message (docs/api.md, "Reasons as codes")."""
    return ApiError("bad_request", message, (code, params))


def _trump_arg(request: Mapping[str, Any]) -> str:
    value = request.get("trump")
    text = value.strip().upper() if isinstance(value, str) else value
    if isinstance(text, str):
        text = SUIT_SYMBOLS.get(text, text)
        text = {"CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S"}.get(text, text)
    if text not in tuple(SUITS):
        raise _bad_arg(
            "not_a_suit",
            {"name": "trump", "value": _shown(value)},
            f"trump: {value!r} is not a suit (write C, D, H or S)",
        )
    assert isinstance(text, str)
    return text


def _cards_arg(request: Mapping[str, Any], name: str, low: int, high: int) -> list[Card]:
    value = request.get(name, "")
    if value is None:
        value = ""
    if isinstance(value, str):
        items: list[object] = list(value.replace(",", " ").split())
    elif isinstance(value, list):
        items = list(value)
    else:
        raise _bad_arg("not_cards", {"name": name}, f"{name}: give cards as text such as 'AH 9H'")
    cards = []
    for item in items:
        try:
            if not isinstance(item, str):
                raise ValueError
            card = Card.parse(item)
        except ValueError:
            raise _bad_arg(
                "not_a_card",
                {"name": name, "value": _shown(item)},
                f"{name}: {item!r} is not a card ({_CARD_HELP})",
            ) from None
        if card in cards:
            raise _bad_arg(
                "duplicate_card",
                {"name": name, "card": str(card)},
                f"{name}: {card} is given twice",
            )
        cards.append(card)
    if not low <= len(cards) <= high:
        if low == high:
            code, wanted = "card_count_exact", f"exactly {low} card" + ("s" if low != 1 else "")
        else:
            code, wanted = "card_count", f"{low} to {high} cards"
        raise _bad_arg(
            code,
            {"name": name, "low": low, "high": high, "count": len(cards)},
            f"{name}: give {wanted}; got {len(cards)}",
        )
    return cards


def _op_ranking(request: Mapping[str, Any]) -> dict[str, Any]:
    trump = _trump_arg(request)
    cards = [
        {"card": str(c), "role": card_role(c, trump), "suit": effective_suit(c, trump)}
        for c in rank_order(trump)
    ]
    left = next(c["card"] for c in cards if c["role"] == "left_bower")
    params = {"trump": trump, "right": f"J{trump}", "left": left, "colour": left[1]}
    explanation = _RANKING_TEXT.format(
        plural=SUIT_NAMES[trump],
        one=SUIT_SINGULAR[trump],
        short=SUIT_NAMES[left[1]],
        **params,
    )
    return {
        "trump": trump,
        "cards": cards,
        "explanation": explanation,
        "explanation_code": "ranking",
        "explanation_params": params,
    }


#: The ranking in English (code ``ranking``; parameters ``trump``, ``right``,
#: ``left`` (the bowers), ``colour`` (the suit printed on the left bower)).
_RANKING_TEXT: Final = (
    "With {plural} trump the Joker is highest, then the right bower {right} and the "
    "left bower {left} (it counts as a {one}), then A K Q 10 9 of {plural}; the other "
    "suits rank A K Q J 10 9 ({short} without {left}) and beat only their own suit."
)


def _op_trick(request: Mapping[str, Any]) -> dict[str, Any]:
    trump = _trump_arg(request)
    (lead,) = _cards_arg(request, "lead", 1, 1)
    played = _cards_arg(request, "played", 0, 2)
    hand = _cards_arg(request, "hand", 1, 6)
    seen = [lead, *played]
    if lead in played:
        raise _bad_arg(
            "already_lead",
            {"name": "played", "card": str(lead)},
            f"played: {lead} is already the lead",
        )
    for card in hand:
        if card in seen:
            raise _bad_arg(
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


def _replay_game(request: Mapping[str, Any]) -> Game:
    """The game whose first hand (of a hand text) or ``number``-th hand is replayed."""
    from .notation import game_from_text, hand_from_text, hand_to_text

    text = request.get("hpn")
    if text is not None:
        if not isinstance(text, str) or not text.strip():
            raise _bad_arg(
                "hpn_missing", {"name": "hpn"}, "hpn: give the text of a hand or game (HPN 1 ...)"
            )
        number = request.get("number")
        head = text.split(None, 3)
        is_game = len(head) >= 3 and head[2].lower() == "game"
        if number is not None and not is_game:
            raise _bad_arg(
                "number_not_game", {"name": "number"}, "number: only a game text has several hands"
            )
        if isinstance(number, str) and number.strip().isdigit():
            number = int(number)
        try:
            game = game_from_text(text) if is_game else hand_from_text(text)
        except ValueError as err:
            raise _bad_arg("bad_hpn", {"name": "hpn", "detail": str(err)}, f"hpn: {err}") from None
        if not is_game:
            return game
        try:
            return hand_from_text(hand_to_text(game, 1 if number is None else number))
        except ValueError as err:
            raise _bad_arg(
                "bad_number",
                {"name": "number", "value": _shown(number), "detail": str(err)},
                f"number: {err}",
            ) from None
    seed = request.get("seed")
    if seed is None:
        raise _bad_arg(
            "no_source", {"name": "hpn"}, "give hpn (a recorded hand) or seed (the bots play one)"
        )
    try:
        rules = Rules.from_dict(request.get("rules", "seed"))
    except ValueError as err:
        raise _bad_arg(
            "bad_rules",
            {"name": "rules", "value": _shown(request.get("rules")), "detail": str(err)},
            f"rules: {err}",
        ) from None
    if isinstance(seed, str) and seed.strip().isdigit():
        seed = int(seed)
    try:
        game = Game.new(rules, seed=seed)
    except (TypeError, ValueError) as err:
        raise _bad_arg(
            "bad_seed", {"name": "seed", "value": _shown(seed), "detail": str(err)}, f"seed: {err}"
        ) from None
    levels = _levels(request.get("levels", ["medium"] * 4))
    if HUMAN in levels:
        raise ApiError("bad_request", "levels: a replay is played by computer players only")
    session = _Session(game, levels, [])
    while not game.records and game.current_player is not None:
        seat = game.current_player
        game.apply(session.player(seat).choose(game.view(seat)))
    return game.replayed(len(game.history))


def _frames(game: Game) -> list[dict[str, Any]]:
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
        }

    frames.append(frame("deal"))
    discard: str | None = None
    for action in game.history:
        before = frame("")
        phase = g.phase
        tricks = len(g.view(0)["tricks"])
        g.apply(action)
        if phase == "discard":
            discard = str(action).split()[1]
        if g.records:  # the hand is over: the record tells the rest
            record = _with_made(g.records[0].public_dict())
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
        frames.append(now)
    return frames


def _op_replay(request: Mapping[str, Any]) -> dict[str, Any]:
    game = _replay_game(request)
    return {"rules": game.rules.to_dict(), "frames": _frames(game)}


def _op_close_session(request: Mapping[str, Any]) -> dict[str, Any]:
    return {"closed": _sessions.pop(_key, None) is not None}


_OPS: Final[dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "api_version": _op_api_version,
    "new_game": _op_new_game,
    "load": _op_load,
    "state": _op_state,
    "act": _op_act,
    "bot_step": _op_bot_step,
    "hint": _op_hint,
    "undo": _op_undo,
    "set_levels": _op_set_levels,
    "rules_info": _op_rules_info,
    "ranking": _op_ranking,
    "trick": _op_trick,
    "replay": _op_replay,
    "close_session": _op_close_session,
}

__all__ = [
    "API_VERSION",
    "BOT_LEVELS",
    "CARD_ROLES",
    "DEFAULT_LEVELS",
    "HUMAN",
    "card_roles",
    "handle",
    "handle_json",
    "reset",
]
