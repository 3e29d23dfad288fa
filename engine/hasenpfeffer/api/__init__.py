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
``review``         ``{hpn?, number?, seat?}``: one seat's decisions in a finished hand
                   rated (card plays double-dummy, calls by an estimate); without
                   ``hpn`` the session's last finished hand (or its ``number``-th).
``daily``          ``{date, rules?}``: the session's game on the deal of the day
                   (the player in South, three hard players);
``daily_result``   ``{date, rules?, level}``: the same deal's first hand with
                   ``level`` (e.g. ``hard``, ``oracle``) in South (no session changed).
``why``            ``{step?}``: what a computer player weighed for its decision at
                   ``step`` (default its latest), by its own level's procedure.

Puzzles (``puzzle_ops``; the set's text given once, when the player opens them):

``puzzle_set``     ``{text}``: the set (``puzzles/puzzles.json``);
``puzzle_next``    ``{rating?, seen?, theme?, seed?}``: a puzzle near ``rating``;
``puzzle_daily``   ``{date}``: the puzzle of the day;
``puzzle_start``   ``{puzzle}``: the puzzle of that id;
``puzzle_play``    ``{card, player?}``: the player's card (the first: the verdict,
                   every card's value, the rating after it), the others' replies.

Every request may carry ``session`` (1 to 64 letters, digits, ``- _ . :``): each
session has its own game, so several embeds can share one worker.

States, events and ``rules_info`` carry ``card_roles``: what each card is under
the trump in force (``card_roles(trump)``), so the page can name a card in
words ("jack of diamonds, left bower") without knowing the rules.

The code is split by concern: ``sessions`` (one game per session id),
``args`` (every argument checked), ``game_ops``, ``lesson_ops`` (the embeds'
operations), ``review_ops`` (hand review) and ``vocabulary`` (the game's words for the page).

>>> import json
>>> answer = handle({"op": "new_game", "rules": "seed", "seed": 7})
>>> answer["ok"], answer["to_act"], answer["human_to_move"]
(True, 1, False)
>>> event = handle({"op": "bot_step"})["event"]  # West, a computer player, decides
>>> event["seat"], event["action"], event["public_action"], event["trick"], event["hand"]
(1, 'bid 3', 'bid 3', None, None)
>>> handle({"op": "act", "action": "bid 4"})["error"]["message"]  # North is a computer player
"it is North's turn (a computer player)"

>>> json.loads(handle_json('{"op": "ranking", "trump": "H"}'))["cards"][0]
{'card': 'JK', 'role': 'highest_trump', 'suit': 'H'}
>>> reset()
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from .. import __version__
from ..quoting import cut
from ..vocabulary import CARD_ROLES, HUMAN
from . import daily_ops, game_ops, lesson_ops, puzzle_ops, review_ops, sessions, why_ops
from .args import BOT_LEVELS, DEFAULT_LEVELS, ApiError, quoted, renamed_levels
from .game_ops import card_roles
from .sessions import MAX_SESSIONS, session_key

#: The API's version: a request may carry ``"v"``; another major version is refused.
API_VERSION: Final = 1
#: The longest request text ``handle_json`` reads (a save of the longest game is far less).
MAX_REQUEST_CHARS: Final = 1_000_000
#: How deeply a request's lists and objects may nest (a save nests four deep).
MAX_DEPTH: Final = 16
#: The longest error message (a bad value is quoted in at most ``quoting.MAX_QUOTE``).
MAX_MESSAGE: Final = 600


def reset() -> None:
    """Forget every session's game and puzzle, and the puzzle set (tests)."""
    sessions.reset()
    puzzle_ops.reset_puzzles()


def _depth_over(value: object, limit: int) -> bool:
    """Whether ``value`` nests lists and objects more than ``limit`` deep."""
    level = [value]
    for _ in range(limit + 1):
        inner: list[object] = []
        for item in level:
            if isinstance(item, dict):
                inner.extend(item.values())
            elif isinstance(item, list | tuple):
                inner.extend(item)
        if not inner:
            return False
        level = inner
    return True


def handle(request: object) -> dict[str, Any]:
    """Answer one request (see the module docstring). Never raises."""
    op: object = None
    try:
        if not isinstance(request, dict):
            raise ApiError("bad_request", 'a request is a JSON object such as {"op": "state"}')
        if _depth_over(request, MAX_DEPTH):
            raise ApiError("too_deep", f"a request nests at most {MAX_DEPTH} lists or objects deep")
        op = request.get("op")
        version = request.get("v", API_VERSION)
        if type(version) is not int or version != API_VERSION:
            raise ApiError(
                "unsupported_version",
                f"this engine speaks API version {API_VERSION}, not {quoted(version)}",
            )
        if not isinstance(op, str) or op not in _OPS:
            raise ApiError("unknown_op", f"unknown op {quoted(op)}; ops: {', '.join(_OPS)}")
        sessions.select(session_key(request.get("session")))
        # a former level's name (expert) is read as the level that took its place
        request, renamed = renamed_levels(request)
        answer = _OPS[op](request)
        out: dict[str, Any] = {"ok": True, "v": API_VERSION, "op": op}
        out.update(answer)
        if renamed:
            out["renamed_levels"] = renamed
    except ApiError as err:
        out = _error(op, err.code, err.message, err.reason)
    except Exception as err:  # a bug: report it rather than break the page
        out = _error(op, "internal", f"internal error: {type(err).__name__}: {err}")
    if isinstance(request, dict) and "id" in request:
        # echoed so that the caller can match answers to requests; a long or
        # nested id is not echoed back whole
        ident = request["id"]
        short = ident is None or isinstance(ident, bool | int | float)
        short = short or (isinstance(ident, str) and len(ident) <= 64)
        out["id"] = ident if short else quoted(ident)
    return out


def handle_json(text: str) -> str:
    """``handle`` with JSON text in and out."""
    if isinstance(text, str | bytes) and len(text) > MAX_REQUEST_CHARS:
        answer = _error(
            None, "too_large", f"a request is at most {MAX_REQUEST_CHARS} characters long"
        )
        return json.dumps(answer)
    try:
        request = json.loads(text)
    except RecursionError:
        answer = _error(None, "too_deep", f"a request nests at most {MAX_DEPTH} deep")
        return json.dumps(answer)
    except (TypeError, ValueError) as err:
        return json.dumps(_error(None, "bad_json", f"the request is not JSON: {err}"))
    return json.dumps(handle(request), separators=(",", ":"))


def _error(
    op: object, code: str, message: str, reason: tuple[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    error: dict[str, Any] = {"code": code, "message": message}
    if reason is not None:
        code_, params = reason
        # a parameter that quotes what the caller sent quotes at most MAX_QUOTE
        # characters of it; ``detail``, a reader's sentence (its own quotes cut
        # so), at most as long as the message
        error["reason_code"] = code_
        error["reason_params"] = {
            k: _short_param(k, v) if isinstance(v, str) else v for k, v in params.items()
        }
    if isinstance(op, str) and op not in _OPS:
        op = cut(op)  # an unknown op is echoed at most MAX_QUOTE characters long
    return {
        "ok": False,
        "v": API_VERSION,
        "op": op if isinstance(op, str) else None,
        "error": error,
    }


def _short_param(name: str, value: str) -> str:
    if name == "detail":
        return value if len(value) <= MAX_MESSAGE else value[: MAX_MESSAGE - 1] + "…"
    return cut(value)


def _op_api_version(request: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "api_version": API_VERSION,
        "engine_version": __version__,
        "ops": list(_OPS),
        "levels": [HUMAN, *BOT_LEVELS],
    }


_OPS: Final[dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "api_version": _op_api_version,
    "new_game": game_ops.op_new_game,
    "load": game_ops.op_load,
    "state": game_ops.op_state,
    "act": game_ops.op_act,
    "bot_step": game_ops.op_bot_step,
    "hint": game_ops.op_hint,
    "undo": game_ops.op_undo,
    "set_levels": game_ops.op_set_levels,
    "set_open_hands": game_ops.op_set_open_hands,
    "rules_info": game_ops.op_rules_info,
    "ranking": lesson_ops.op_ranking,
    "trick": lesson_ops.op_trick,
    "legal": lesson_ops.op_legal,
    "scoring": lesson_ops.op_scoring,
    "replay": lesson_ops.op_replay,
    "close_session": game_ops.op_close_session,
    "review": review_ops.op_review,
    "daily": daily_ops.op_daily,
    "daily_result": daily_ops.op_daily_result,
    "why": why_ops.op_why,
    "puzzle_set": puzzle_ops.op_puzzle_set,
    "puzzle_next": puzzle_ops.op_puzzle_next,
    "puzzle_daily": puzzle_ops.op_puzzle_daily,
    "puzzle_start": puzzle_ops.op_puzzle_start,
    "puzzle_play": puzzle_ops.op_puzzle_play,
}

__all__ = [
    "API_VERSION",
    "BOT_LEVELS",
    "CARD_ROLES",
    "DEFAULT_LEVELS",
    "HUMAN",
    "MAX_SESSIONS",
    "card_roles",
    "handle",
    "handle_json",
    "reset",
]
