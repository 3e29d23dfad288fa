"""The game operations: new game, load, state, act, bot step, hint, undo,
levels and the rules' description, and the state and event answers they
give (docs/api.md)."""

from __future__ import annotations

import secrets
import time
import typing
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..actions import Action, ActionError, auction_calls
from ..cards import SUIT_NAMES, SUITS, rank_order, sort_hand, trump_order
from ..dealing import SECRET_BYTES
from ..game import MAX_SAVE_ACTIONS, Game
from ..hand_record import HandRecord
from ..rules import PRESETS, Rules, card_role
from ..text import (
    CARD_TEXT,
    PRESET_TEXT,
    RULE_CHOICE_TEXT,
    RULE_FIELD_TEXT,
    card_text,
    illegal_text,
)
from ..vocabulary import CARD_ROLES, HINT_LEVEL, HINT_LEVELS, HUMAN, LEVELS, SEAT_NAMES
from . import sessions
from .args import BOT_LEVELS, ApiError, levels_arg, quoted, remote_arg, seat_arg, suit_arg
from .sessions import Session, install, need_session
from .vocabulary import rule_set_words


def card_roles(trump: str | None) -> dict[str, str]:
    """What each card is under ``trump`` (``None``: no trump named yet), from the
    one rule of card roles (``rules.card_role``): the Joker is the
    ``highest_trump``, then the ``right_bower`` and ``left_bower``, the other
    trumps ``trump``. A card missing from the answer has no role (a plain suit
    card). Before trump is named only the Joker, on top of every trump, has one."""
    if trump is None:
        tops = {str(trump_order(s)[0]) for s in SUITS}
        return {card: CARD_ROLES[0] for card in tops} if len(tops) == 1 else {}
    suit = suit_arg(trump)
    return {str(card): card_role(card, suit) for card in trump_order(suit)}


def actors_of(game: Game) -> list[int]:
    """Who took each action of ``game.history`` (by replaying the game)."""
    replay = game.replayed(0)
    out = []
    for action in game.history:
        seat = replay.to_act
        assert seat is not None
        out.append(seat)
        replay.apply(action)
    return out


def apply_action(session: Session, action: Action | str) -> dict[str, Any]:
    """Apply an action for the seat to act; the event that describes it."""
    game = session.game
    seat = game.to_act
    assert seat is not None
    hands_before = len(game.records)
    tricks_before = sum(game.tricks_won)
    trump = game.trump
    game.apply(action)  # raises an ActionError, changing nothing
    session.actors.append(seat)
    session.deciders.append(session.levels[seat])
    session.note_open()  # a new deal under open hands is seen open too
    done = game.history[-1]
    event: dict[str, Any] = {
        "seat": seat,
        "action": str(done),
        # the action as every other seat knows it: a discard without its card
        "public_action": "discard" if done.kind == "discard" else str(done),
        "trick": None,
        "hand": None,
        # the trump in force when the action was taken (a hand's last card
        # is named under that hand's trump, though the next hand has none yet)
        "card_roles": card_roles(trump),
    }
    records = game.records
    if len(records) > hands_before:
        record = finished_hand(records[-1])
        event["hand"] = record
        if record["tricks"]:
            event["trick"] = record["tricks"][-1]
    elif sum(game.tricks_won) > tricks_before:
        event["trick"] = game.view(seat)["tricks"][-1]
    return event


def event_for(event: dict[str, Any], session: Session, seat: int) -> dict[str, Any]:
    """The event as the answer's seat may know it: another seat's discard is
    named without its card (the card shows in the hand's record once the hand
    is over), unless the player chose open hands."""
    if event["seat"] != seat and not session.open_hands:
        return {**event, "action": event["public_action"]}
    return event


def with_made(record: dict[str, Any]) -> dict[str, Any]:
    """A hand record with ``made``: whether the makers took their bid (None if thrown in)."""
    maker = record["maker"]
    record["made"] = None if maker is None else record["tricks_won"][maker & 1] >= record["bid"]
    return record


def finished_hand(record: HandRecord) -> dict[str, Any]:
    """A finished hand as the table shows it once the hand is over: the public
    record with ``made``, and of a hand that was played the ``widow`` and the
    ``discard`` revealed (hidden while the hand was on; a thrown-in hand keeps
    its widow hidden unless it was the Joker, as its public record says)."""
    out = with_made(record.public_dict())
    if not record.thrown_in:
        full = record.to_dict()
        out["widow"] = full["widow"]
        out["discard"] = full["discard"]
    return out


def _illegal_reason(game: Game, action: str) -> str:
    """The engine's reason why ``action`` is not legal now (by trying it on a copy)."""
    try:
        game.copy().apply(action)
    except ActionError as err:
        return str(err)
    return ""


def _options(game: Game, seat: int) -> list[dict[str, Any]]:
    """Every decision the seat could think of in this phase, legal or not, with
    the engine's reason for each illegal one (empty unless the seat is to act)."""
    if game.to_act != seat:
        return []
    phase = game.phase
    legal = {str(a) for a in game.legal_actions()}
    if phase == "bidding":
        # every call of the bidding system, the ones too low now included
        texts: tuple[str, ...] = tuple(str(a) for a in auction_calls(game.rules.bidding, 0))
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
        cur = game.to_act
        params: dict[str, Any] = {}
        phase_code = f"waiting_{game.phase}"
        if game.is_over:
            code = "game_over"
        elif seat in game.sitting_out:
            code = "sitting_out"
        elif cur is not None and cur != seat:
            params = {"seat": cur}
            code = phase_code if phase_code in CARD_TEXT else "turn_of"
        else:
            code = phase_code if phase_code in CARD_TEXT and game.phase != "discard" else ""
        reason = card_text(code, params)
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


def open_cards(game: Game) -> dict[str, Any]:
    """Every card of the hand in progress, for open hands (practice, the
    player's choice): each seat's hand (sorted), the widow (in the maker's hand
    once the auction is over) and the maker's discard (``None`` until made)."""
    discard = game.discard
    return {
        "hands": [[str(c) for c in sort_hand(game.hand(s), game.trump)] for s in range(4)],
        "widow": None if game.is_over else str(game.widow),
        "discard": None if discard is None else str(discard),
    }


def state_answer(session: Session, seat: int | None = None) -> dict[str, Any]:
    game = session.game
    seat = session.seat if seat is None else seat
    session.note_guests()
    session.note_seen(seat)
    cur = game.to_act
    options = _options(game, seat) if seat in session.humans else []
    view = game.view(seat)
    if view["last_hand"] is not None:
        view["last_hand"] = finished_hand(game.records[-1])
    answer = {
        "seat": seat,
        "levels": list(session.levels),
        "view": view,
        "save": game.to_json(),
        "to_act": cur,
        "bot_to_move": cur is not None and session.levels[cur] != HUMAN,
        # the person whose view this is decides now (through ``act``)
        "human_to_move": cur is not None and cur == seat and session.levels[cur] == HUMAN,
        # a person at another device decides now (``act`` with its ``seat``)
        "remote_to_move": cur is not None and cur in session.remote,
        "remote": sorted(session.remote),
        "options": options,
        "cards": _cards(game, seat, options),
        "actions": len(game.history),
        # a finished game is final: nothing to take back
        "can_undo": session.can_undo and seat == session.seat,
        "preset": game.rules.preset_name,
        "card_roles": card_roles(view["trump"]),
        # who decided each action (its seat's level then; "human" a person)
        "decided_by": list(session.deciders),
        "open_hands": session.open_hands,
        "secret_deal": session.secret_deal,
        # the deals on which open hands were ever on (give them back to load)
        "opened_deals": sorted(session.opened),
        # the seats whose cards of this deal this device has seen (give them back to load)
        "seen_seats": list(session.seen_seats),
        # the seats guests played during this deal (give them back to load)
        "held_seats": list(session.held_seats),
    }
    if session.open_hands and seat in session.local_humans:
        answer["open"] = open_cards(game)
    return answer


def _secret_key() -> bytes:
    """A fresh secret deal's key (``secrets``: the system's cryptographic randomness)."""
    return secrets.token_bytes(SECRET_BYTES)


def _flag(request: Mapping[str, Any], name: str) -> bool:
    value = request.get(name, False)
    if not isinstance(value, bool):
        raise ApiError("bad_request", f"{name} must be true or false; got {quoted(value)}")
    return value


def check_table(session: Session) -> Session:
    """Refuse a session whose guests could learn hidden cards: guests sit only
    at a deal from a secret seed, never with open hands, and never at a deal on
    which open hands were ever on."""
    session.note_open()
    if session.remote and not session.secret_deal:
        raise ApiError(
            "deal_not_secret",
            "guests sit only at a game dealt from a secret seed: this deal's seed is known "
            "(a link, the deal of the day or an embed), so start a new game to invite them",
        )
    if session.remote and session.open_hands:
        raise ApiError("open_hands_guests", "open hands are for practice alone, not with guests")
    if session.remote and session.game.hand_number in session.opened:
        raise ApiError(
            "open_hands_deal",
            "every card of this deal was seen with open hands: guests join at the next deal "
            "or a new game",
        )
    seen = sorted(session.remote & set(session.seen_seats))
    if seen:
        seat = seen[0]
        raise ApiError(
            "deal_seen",
            f"{SEAT_NAMES[seat]}'s cards of this deal were seen at this device (a person's "
            f"hand shown here, or an undo): a guest takes that seat at the next deal "
            f"or a new game",
            ("deal_seen", {"seat": seat}),
        )
    if session.open_hands and session.daily and not session.game.records:
        raise ApiError(
            "open_hands_daily",
            "the deal of the day is played with hidden hands: open hands after its first hand",
        )
    return session


def kept_remote(request: Mapping[str, Any], levels: tuple[str, ...]) -> frozenset[int]:
    """The guests' seats of a game that replaces the session's (``new_game``,
    ``load``) or changes its levels (``set_levels``): the ``remote`` given, which
    may release them; without it, the session's own guests, kept: a seat of a
    guest given to a computer player without releasing it is refused
    (``guest_seated``), so the page's list of guests and the engine's stay one."""
    if "remote" in request:
        return remote_arg(request["remote"], levels)
    session = sessions.current()
    kept = session.remote if session is not None else frozenset()
    for seat in sorted(kept):
        if levels[seat] != HUMAN:
            raise ApiError(
                "guest_seated",
                f"{SEAT_NAMES[seat]}'s guest is at the table: release the seat "
                f"(remote without it) before a computer player takes it",
                ("guest_seated", {"seat": seat}),
            )
    return kept


def op_new_game(request: Mapping[str, Any]) -> dict[str, Any]:
    try:
        rules = Rules.from_dict(request.get("rules", "seed"))
    except ValueError as err:
        raise ApiError("bad_rules", str(err)) from None
    levels = levels_arg(request.get("levels"))
    remote = kept_remote(request, levels)
    seed = request.get("seed")
    # without a seed, a secret deal: 128 bits of the system's cryptographic randomness
    # (os.urandom; in the browser crypto.getRandomValues) keying every hand's shuffle
    # (dealing.shuffled_deck), never a generator a guest could follow
    secret = seed is None
    try:
        game = Game.new(rules, seed) if not secret else Game.new(rules, secret=_secret_key())
    except ValueError as err:
        raise ApiError("bad_request", str(err)) from None
    session = Session(
        game, levels, [], remote=remote, open_hands=_flag(request, "open_hands"), secret_deal=secret
    )
    return state_answer(install(check_table(session)))


def deciders_arg(
    value: object, game: Game, actors: list[int], levels: tuple[str, ...]
) -> list[str]:
    """The ``decided_by`` of a saved game: one level (or ``human``) per action;
    without it, each seat's level now."""
    if value is None:
        return [levels[seat] for seat in actors]
    allowed = (HUMAN, *LEVELS)
    if (
        not isinstance(value, list)
        or len(value) != len(game.history)
        or any(v not in allowed for v in value)
    ):
        raise ApiError(
            "bad_request",
            f"decided_by must list one of {', '.join(allowed)} for each of the save's "
            f"{len(game.history)} actions",
        )
    return list(value)


def op_load(request: Mapping[str, Any]) -> dict[str, Any]:
    save = request.get("save")
    if not isinstance(save, str | dict):
        raise ApiError("bad_save", "save must be the text of a saved game")
    levels = levels_arg(request.get("levels"))
    remote = kept_remote(request, levels)
    try:
        game = Game.from_json(save)
    except ValueError as err:
        raise ApiError("bad_save", str(err)) from None
    actors = actors_of(game)
    session = Session(
        game,
        levels,
        actors,
        remote=remote,
        deciders=deciders_arg(request.get("decided_by"), game, actors, levels),
        open_hands=_flag(request, "open_hands"),
        # a secret deal only if the save holds its secret key: the page's record
        # (``secret_deal``) may withhold it (its marks lost), never grant it
        secret_deal=_flag(request, "secret_deal") and game.secret is not None,
        daily=_flag(request, "daily"),
        opened=opened_arg(request.get("opened_deals"), game),
        seen={game.hand_number: seats_arg(request, "seen_seats")},
        held={game.hand_number: seats_arg(request, "held_seats")},
    )
    check_held(session, levels, remote)
    return state_answer(install(check_table(session)))


def seats_arg(request: Mapping[str, Any], name: str) -> set[int]:
    """The ``seen_seats`` or ``held_seats`` of a saved game (the state's): seats of
    the deal on the table, seen at this device or played by guests."""
    value = request.get(name)
    if value is None:
        return set()
    if (
        not isinstance(value, list)
        or len(value) > 4
        or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3 for s in value)
    ):
        raise ApiError("bad_request", f"{name} must list seats 0 to 3; got {quoted(value)}")
    return set(value)


def check_held(session: Session, levels: tuple[str, ...], remote: frozenset[int]) -> None:
    """Refuse ``levels`` that make a person at this device of a seat a guest played
    during the deal on the table (its cards were never shown here)."""
    session.note_guests()
    for seat in session.held_seats:
        if levels[seat] == HUMAN and seat not in remote and not session.game.is_over:
            # a guest's hand of this deal is never shown here: released, the seat goes
            # to a computer player until the deal is over (then a person may take it)
            raise ApiError(
                "guest_hand_hidden",
                f"{SEAT_NAMES[seat]}'s guest holds cards this device has not seen: "
                f"a released seat goes to a computer player",
                ("guest_hand_hidden", {"seat": seat}),
            )


def opened_arg(value: object, game: Game) -> set[int]:
    """The ``opened_deals`` of a saved game (the state's): the deals, 0 to the
    one on the table, on which open hands were ever on."""
    if value is None:
        return set()
    if (
        not isinstance(value, list)
        or len(value) > game.hand_number + 1
        or any(isinstance(n, bool) or not isinstance(n, int) for n in value)
        or not all(0 <= n <= game.hand_number for n in value)
    ):
        raise ApiError(
            "bad_request",
            f"opened_deals must list deals 0 to {game.hand_number}; got {quoted(value)}",
        )
    return set(value)


def op_state(request: Mapping[str, Any]) -> dict[str, Any]:
    """The state for the seat the answers carry, or for ``seat``; with ``guest``
    true, for a guest's seat only (``not_a_guest`` otherwise: the host's page
    asks so for the view it sends a guest, and never holds another seat's)."""
    session = need_session()
    seat = seat_arg(request)
    if _flag(request, "guest") and (seat is None or seat not in session.remote):
        raise ApiError(
            "not_a_guest",
            f"seat {quoted(seat)} is not played by a guest: its view is not sent",
        )
    return state_answer(session, seat)


def check_room(game: Game) -> None:
    """Refuse another action of a game that holds as many as a save may
    (``game.MAX_SAVE_ACTIONS``): it could not be saved or loaded again."""
    if len(game.history) >= MAX_SAVE_ACTIONS:
        params = {"max": MAX_SAVE_ACTIONS}
        raise ApiError(
            "game_full", illegal_text("game_full", params, "", ""), ("game_full", params)
        )


def op_act(request: Mapping[str, Any]) -> dict[str, Any]:
    session = need_session()
    game = session.game
    action = request.get("action")
    if not isinstance(action, str):
        raise ApiError(
            "bad_request", f"action must be text such as 'play JD'; got {quoted(action)}"
        )
    seat = seat_arg(request)
    cur = game.to_act
    if cur is None:
        raise ApiError("game_over", "the game is over")
    check_room(game)
    if session.levels[cur] != HUMAN:
        raise ApiError("not_your_turn", f"it is {SEAT_NAMES[cur]}'s turn (a computer player)")
    if seat is not None and seat != cur:
        raise ApiError("not_your_turn", f"it is {SEAT_NAMES[cur]}'s turn, not {SEAT_NAMES[seat]}'s")
    if seat is None and cur in session.remote:
        # a decision of a person at another device names its seat (the host's
        # page passes it on): the page's own clicks never decide for a guest
        raise ApiError(
            "not_your_turn", f"it is {SEAT_NAMES[cur]}'s turn (a person at another device)"
        )
    if seat is not None and seat not in session.remote:
        # a seat is named only for a guest's decision: never a person's at this device
        # (nor a guest whose seating was refused: its seat is not remote)
        raise ApiError(
            "not_your_turn",
            f"it is {SEAT_NAMES[cur]}'s turn, a person at this device: no guest decides it",
        )
    try:
        event = apply_action(session, action)
    except ActionError as err:
        raise ApiError("illegal_action", str(err), game.reason_code(action)) from None
    answer = state_answer(session)
    return {"event": event_for(event, session, answer["seat"]), "state": answer}


def op_bot_step(request: Mapping[str, Any]) -> dict[str, Any]:
    session = need_session()
    game = session.game
    cur = game.to_act
    if cur is None:
        raise ApiError("game_over", "the game is over")
    if session.levels[cur] == HUMAN:
        raise ApiError("not_bot_turn", f"it is {SEAT_NAMES[cur]}'s turn, a human player")
    check_room(game)
    start = time.perf_counter()
    action = session.player(cur).choose(game.view(cur))
    think_ms = (time.perf_counter() - start) * 1000
    event = apply_action(session, action)
    answer = state_answer(session)
    return {
        "event": event_for(event, session, answer["seat"]),
        "think_ms": round(think_ms, 2),
        "state": answer,
    }


def op_hint(request: Mapping[str, Any]) -> dict[str, Any]:
    session = need_session()
    game = session.game
    level = request.get("level", HINT_LEVEL)
    if level not in HINT_LEVELS:
        raise ApiError("bad_request", f"hint level must be one of {', '.join(HINT_LEVELS)}")
    cur = game.to_act
    if cur is None or cur not in session.local_humans:
        raise ApiError("not_your_turn", "a hint is for your own decision: it is not your turn")
    from ..bots.advisor import advisor_seed
    from ..bots.hints import suggest

    start = time.perf_counter()
    # the level's own decision, seeded as the advisor (and that seat's computer
    # player) is: the review and "Why?" then judge this position the same way
    ranked = suggest(game.view(cur), level=level, seed=advisor_seed(game.seed, cur))
    return {
        "level": level,
        "suggestions": ranked,
        "best": ranked[0],
        "think_ms": round((time.perf_counter() - start) * 1000, 2),
    }


def op_undo(request: Mapping[str, Any]) -> dict[str, Any]:
    session = need_session()
    if session.game.is_over:
        raise ApiError("game_over", "the game is over: its decisions cannot be taken back")
    n = session.last_human_index
    if n is None:
        raise ApiError("nothing_to_undo", "you have made no decision to take back yet")
    last = session.actors[n]
    other = session.acted_after(n)
    if session.remote and other is not None and last == session.seat:
        # a guest has seen what came after the decision: it stands
        params = {"seat": other}
        raise ApiError(
            "undo_guests",
            f"with guests at the table a decision stands once another seat has acted "
            f"after it ({SEAT_NAMES[other]} has)",
            ("undo_guests", params),
        )
    if session.remote and last == session.seat and session.undo_shows(n):
        # the decision showed a card or a trick (the widow at the auction's end,
        # a trick completed, a new deal): with guests seated it stands
        raise ApiError(
            "undo_shown",
            "with guests at the table a decision stands once it has shown something "
            "(the widow, a finished trick or a new deal)",
            ("undo_shown", {}),
        )
    if not session.can_undo:
        # several people at one device: nobody takes back another person's decision
        raise ApiError(
            "not_your_decision",
            f"the last decision was {SEAT_NAMES[last]}'s: only {SEAT_NAMES[last]} may take it back",
        )
    undone = session.game.history[n:]
    before = session.game.replayed(n)
    if other is not None or session.undo_shows(n):
        # what came after it was seen here: no guest sits at these deals
        session.note_undone(before.hand_number, session.game.hand_number)
    session.game = before
    del session.actors[n:]
    del session.deciders[n:]
    session.note_open()
    return {"undone": [str(a) for a in undone], "state": state_answer(session)}


def op_set_levels(request: Mapping[str, Any]) -> dict[str, Any]:
    session = need_session()
    levels = levels_arg(request.get("levels"))
    # without ``remote``, the guests kept (a guest's seat given to a computer
    # player is refused: guest_seated)
    remote = kept_remote(request, levels)
    if remote:
        check_table(replace(session, remote=remote))
    check_held(session, levels, remote)
    if session.daily and not session.game.records and levels != session.levels:
        # its first hand is compared with the hard player's and the oracle's on the same
        # cards: it is played against the players it was dealt with
        raise ApiError(
            "levels_daily",
            "the deal of the day is played against three hard players: "
            "the players can be changed once its first hand is over",
        )
    session.levels, session.remote = levels, remote
    return state_answer(session)


def op_set_open_hands(request: Mapping[str, Any]) -> dict[str, Any]:
    """Open hands on or off (``open_hands``): refused with guests seated and on
    the deal of the day before its first hand is over."""
    session = need_session()
    check_table(replace(session, open_hands=_flag(request, "open_hands"), opened=set()))
    session.open_hands = _flag(request, "open_hands")
    session.note_open()
    return state_answer(session)


def _rule_fields() -> list[dict[str, Any]]:
    hints = typing.get_type_hints(Rules)
    out = []
    for name, (label, help_text) in RULE_FIELD_TEXT.items():
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
                {"value": v, "label": RULE_CHOICE_TEXT.get(v, v)} for v in typing.get_args(kind)
            ]
        out.append(entry)
    return out


def op_rules_info(request: Mapping[str, Any]) -> dict[str, Any]:
    trump = request.get("trump")
    session = sessions.current()
    if trump is None and session is not None:
        trump = session.game.trump
    shown = "H" if trump is None else suit_arg(trump)
    if "rules" in request:
        # rules to check (the settings' choice for the next game): refused as new_game would
        try:
            current = Rules.from_dict(request["rules"])
        except ValueError as err:
            raise ApiError("bad_rules", str(err)) from None
    else:
        current = session.game.rules if session is not None else Rules()
    return {
        "presets": [
            {"name": name, "label": PRESET_TEXT.get(name, name), "rules": rules.to_dict()}
            for name, rules in PRESETS.items()
        ],
        "fields": _rule_fields(),
        "rules": current.to_dict(),
        # what the rules text states of these rules: its numbers and its table's cells
        "rule_set": rule_set_words(current),
        "preset": current.preset_name,
        "levels": list(BOT_LEVELS),
        "suits": dict(SUIT_NAMES),
        "trump": shown,
        "trump_is_current": trump is not None,
        "trump_order": [str(c) for c in trump_order(shown)],
        "rank_order": [str(c) for c in rank_order(shown)],
        "card_roles": card_roles(shown),
    }


def op_close_session(request: Mapping[str, Any]) -> dict[str, Any]:
    return {"closed": sessions.close()}
