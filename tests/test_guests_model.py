"""A model-based test of the host's table with guests (issue 47, item 8): random
sequences of what the host's page asks the engine (web/table/, web/together/):
Settings saves, new games with and without a seed, undo, open hands on and off,
the deal of the day, guests invited, cut off and invited again, a seat given to a
computer player, and play. The page's list of guests is modelled as the page keeps
it (``TableHost.remote``: a seat joins when the engine took the invitation, leaves
only when the host gives it to a computer player); nothing else may change it.

After every step:
- the page's guests are the engine's remote seats (one list);
- no guest sits at a game whose seed is known (a ``seed``, the deal of the day),
  at a deal on which open hands were ever on, or at a deal on which the host took
  back a decision after others had acted or cards were shown (the host saw what
  the other seats held or would do);
- with guests seated, an undo took back only the host's own decision, and one
  that showed nothing (the widow at the auction's end, a trick completed, a new
  deal); ``can_undo`` says whether an undo is taken;
- no view or event the page would send a guest (``state`` with its seat, the
  events of ``act`` and ``bot_step``) names a card that seat has not seen: its own
  dealt cards, the cards played, and the widow and discard of a hand once it was
  played out (the widow of a thrown-in hand only when it was the Joker).

The requests are those the page's code sends (game-flow.js ``newGameRequest``,
settings-dialog.js, protocol.js ``TableHost``, daily.js), plus the calls the
pages made before issue 47 (``set_levels`` with the stored levels, ``new_game``
with a link's seed and no ``remote``): the engine must keep its guests whatever
it is asked."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from hasenpfeffer import api
from hasenpfeffer.api import game_ops
from hasenpfeffer.cards import CARDS
from hasenpfeffer.game import Game

CARD = re.compile(r"\b(?:[9TJQKA][CDHS]|JK)\b")
HOST = 0
GUEST_SEATS = (1, 2, 3)
#: Fast computer players: the test is about who sits where and who sees what.
BOTS = ("random", "easy")
levels_st = st.tuples(*(st.sampled_from(BOTS) for _ in GUEST_SEATS))


def seen_cards(game: Game, seat: int) -> set[str]:
    """Every card ``seat`` has been shown in ``game`` so far, worked out from the
    game's own record (not from any view): its dealt hands, the cards played, its
    own widow and discard as maker, and the widow and discard of each hand played
    out (a thrown-in hand's widow only when it was the Joker)."""
    replay = game.replayed(0)
    seen: set[str] = set()

    def dealt() -> None:
        seen.update(str(c) for c in replay.hand(seat))

    dealt()
    for action in game.history:
        hands = len(replay.records)
        replay.apply(action)
        if action.kind == "play":
            seen.add(str(action).split()[1])
        if replay.maker == seat and len(replay.records) == hands:
            seen.add(str(replay.widow))  # the maker's own widow
        if len(replay.records) > hands:
            record = replay.records[-1].to_dict()
            if not replay.records[-1].thrown_in:
                seen.update(c for c in (record["widow"], record["discard"]) if c)
            elif record["widow"] == str(CARDS[24]):
                seen.add(record["widow"])
            if replay.to_act is not None:
                dealt()
    return seen


def sent_text(answer: dict[str, Any]) -> str:
    """An answer as the page sends it to a guest, for the cards it names: without
    the save (never sent: protocol.js guestState) and the card roles (what each
    card is under a trump, the same for everyone: names no card anyone holds)."""
    out = {k: v for k, v in answer.items() if k not in ("save", "card_roles", "ok", "op", "v")}
    return json.dumps(out)


class HostTable(RuleBasedStateMachine):
    """The host's page (South) and its engine, with up to three guests."""

    @initialize(stored=levels_st)
    def start(self, stored: tuple[str, ...]) -> None:
        api.reset()
        # the secret deals fixed (128-bit keys 1, 2, 3, ...): the same steps replay the
        # same games, as hypothesis needs to shrink a failure
        keys = (n.to_bytes(16, "big") for n in range(1, 10_000))
        self._secret_key = game_ops._secret_key
        game_ops._secret_key = lambda: next(keys)
        #: the Settings' stored levels (the page's choice for the next game)
        self.stored = ["human", *stored]
        #: the page's list of guests (TableHost.remote) and who is connected now
        self.guests: set[int] = set()
        self.connected: set[int] = set()
        #: the current game: its seed is known (a link's seed, the deal of the day)
        self.known_seed = False
        #: the deals (game number, hand number) on which open hands were ever on
        self.game_number = 0
        self.opened: set[tuple[int, int]] = set()
        #: the deals (game number, hand number) on which an undo took back what the
        #: host had seen come of a decision (others' actions, a card shown)
        self.undone: set[tuple[int, int]] = set()
        #: cards each guest was shown in this game (an undo does not unshow them)
        self.shown: dict[int, set[str]] = {s: set() for s in GUEST_SEATS}
        self.sent: list[tuple[int, str]] = []  # (seat, text) sent since the last check
        self.undo_problem = ""
        self._answer(self.call("new_game", rules="seed", levels=self.stored), new=True)

    def teardown(self) -> None:
        game_ops._secret_key = self._secret_key
        api.reset()

    # ---- the engine, as the page calls it ---------------------------------------

    def call(self, op: str, **args: Any) -> dict[str, Any]:
        answer = api.handle({"op": op, **args})
        assert answer["ok"] or answer["error"]["code"] != "internal", answer
        return answer

    def state(self) -> dict[str, Any]:
        answer = self.call("state")
        assert answer["ok"], answer
        return answer

    def _answer(
        self, answer: dict[str, Any], *, new: bool = False, known: bool = False
    ) -> dict[str, Any]:
        """What the page does with an answer: a new game resets what it knows of
        the game; every state is broadcast to the connected guests."""
        if not answer["ok"]:
            return answer
        if new:
            self.game_number += 1
            self.known_seed = known
            self.shown = {s: set() for s in GUEST_SEATS}
        if "event" in answer:
            for seat in self.connected:
                self.sent.append((seat, sent_text(answer["event"])))
        self._note_open()
        self._broadcast()
        return answer

    def _note_open(self) -> None:
        state = self.state()
        if state["open_hands"]:
            self.opened.add((self.game_number, state["view"]["hand_number"]))

    def _broadcast(self) -> None:
        # TableHost.broadcast: each connected guest its own seat's view
        for seat in sorted(self.connected):
            view = self.call("state", seat=seat)
            if view["ok"] and seat in view["remote"]:
                self.sent.append((seat, sent_text(view)))

    # ---- the host's tools -----------------------------------------------------------

    @rule(choice=levels_st, bot_at_guest=st.booleans())
    def settings_save(self, choice: tuple[str, ...], bot_at_guest: bool) -> None:
        """Settings saved: the form shows the game's levels (a guest's seat a
        person's); the host may pick a computer player for a guest's seat too."""
        game_levels = self.state()["levels"]
        levels = ["human"]
        for seat, level in zip(GUEST_SEATS, choice, strict=True):
            keep_guest = seat in self.guests and not bot_at_guest
            levels.append(game_levels[seat] if keep_guest else level)
        self.stored = [lv if lv != "human" else self.stored[s] for s, lv in enumerate(levels)]
        self._answer(self.call("set_levels", levels=levels))

    @rule()
    def settings_save_with_stored_levels(self) -> None:
        """The page before issue 47: set_levels with the stored levels (a computer
        player at a guest's seat) and no ``remote``."""
        self._answer(self.call("set_levels", levels=self.stored))

    @rule(seed=st.none() | st.integers(0, 2**20))
    def new_game(self, seed: int | None) -> None:
        """New game (the tool, game over's button, new rules): game-flow.js
        newGameRequest; with guests, their seats a person's and no seed."""
        request: dict[str, Any] = {"rules": "seed", "levels": list(self.stored)}
        remote = self.state()["remote"]
        if remote:
            request["levels"] = ["human" if s in remote else lv for s, lv in enumerate(self.stored)]
        elif seed is not None:
            request["seed"] = seed
        self._answer(self.call("new_game", **request), new=True, known="seed" in request)

    @rule(seed=st.integers(0, 2**20))
    def new_game_from_a_link(self, seed: int) -> None:
        """The page before issue 47: a ?seed= visit's next game, the stored levels."""
        answer = self.call("new_game", rules="seed", levels=self.stored, seed=seed)
        self._answer(answer, new=True, known=True)

    @rule()
    def deal_of_the_day(self) -> None:
        self._answer(self.call("daily", date="2026-12-05"), new=True, known=True)

    @rule()
    def undo(self) -> None:
        before = self.state()
        save = Game.from_json(before["save"])
        answer = self.call("undo")
        if answer["ok"] != before["can_undo"]:
            self.undo_problem = f"can_undo {before['can_undo']} but undo answered {answer}"
        if answer["ok"]:
            back = Game.from_json(answer["state"]["save"])
            taken = _actors(save)[len(back.history) :]
            if any(seat != HOST for seat in taken) or _shown(back) != _shown(save):
                for hand in range(back.hand_number, save.hand_number + 1):
                    self.undone.add((self.game_number, hand))
        if answer["ok"] and before["remote"]:
            back = Game.from_json(answer["state"]["save"])
            actors = _actors(save)
            taken = actors[len(back.history) :]
            if any(seat != HOST for seat in taken):
                self.undo_problem = f"an undo with guests took back {taken} (seats)"
            if _shown(back) != _shown(save):
                # the widow at the auction's end, a trick completed, a new deal
                self.undo_problem = f"an undo with guests unsaid {_shown(back)} -> {_shown(save)}"
        self._answer(answer)

    @rule(on=st.booleans())
    def open_hands(self, on: bool) -> None:
        self._answer(self.call("set_open_hands", open_hands=on))

    # ---- guests ---------------------------------------------------------------------

    @rule(seat=st.sampled_from(GUEST_SEATS))
    def invite(self, seat: int) -> None:
        """A guest joins (TableHost.seat): the seat a person's, played from another
        device; the page lists it once the engine took it."""
        now = self.state()
        levels = ["human" if s == seat else lv for s, lv in enumerate(now["levels"])]
        remote = sorted(self.guests | {seat})
        answer = self.call("set_levels", levels=levels, remote=remote)
        if answer["ok"]:
            self.guests.add(seat)
            self.connected.add(seat)
        self._answer(answer)

    @precondition(lambda self: bool(self.connected))
    @rule(data=st.data())
    def cut_off(self, data: st.DataObject) -> None:
        """A guest's connection drops or floods (TableHost.leave): away, still its seat."""
        self.connected.discard(data.draw(st.sampled_from(sorted(self.connected))))

    @precondition(lambda self: bool(self.guests - self.connected))
    @rule(data=st.data())
    def rejoin(self, data: st.DataObject) -> None:
        self.invite(data.draw(st.sampled_from(sorted(self.guests - self.connected))))

    @precondition(lambda self: bool(self.guests))
    @rule(data=st.data(), level=st.sampled_from(BOTS))
    def give_to_a_computer_player(self, data: st.DataObject, level: str) -> None:
        seat = data.draw(st.sampled_from(sorted(self.guests)))
        levels = [level if s == seat else lv for s, lv in enumerate(self.state()["levels"])]
        answer = self.call("set_levels", levels=levels, remote=sorted(self.guests - {seat}))
        if answer["ok"]:
            self.guests.discard(seat)
            self.connected.discard(seat)
        self._answer(answer)

    # ---- play -----------------------------------------------------------------------

    @rule(moves=st.integers(1, 12))
    def play(self, moves: int) -> None:
        for _ in range(moves):
            state = self.state()
            cur = state["to_act"]
            if cur is None:
                return
            if state["human_to_move"]:
                answer = self.call("act", action=state["view"]["legal_actions"][0])
            elif state["remote_to_move"]:
                if cur not in self.connected:
                    return  # the game waits for an away guest
                view = self.call("state", seat=cur)
                answer = self.call("act", action=view["view"]["legal_actions"][-1], seat=cur)
            elif state["bot_to_move"]:
                answer = self.call("bot_step")
            else:
                return  # another person at this device (pass-and-play): not modelled
            assert answer["ok"], answer
            self._answer(answer)

    # ---- after every step -----------------------------------------------------------

    @invariant()
    def one_list_of_guests(self) -> None:
        assert sorted(self.guests) == self.state()["remote"]

    @invariant()
    def guests_only_at_a_secret_unopened_deal(self) -> None:
        state = self.state()
        if state["remote"]:
            assert not self.known_seed, "a guest at a game whose seed is known"
            deal = (self.game_number, state["view"]["hand_number"])
            assert deal not in self.opened, "a guest at a deal seen with open hands"
            assert deal not in self.undone, "a guest at a deal the host undid into"

    @invariant()
    def undo_never_takes_back_what_a_guest_saw(self) -> None:
        assert not self.undo_problem, self.undo_problem

    @invariant()
    def nothing_sent_names_a_card_its_seat_has_not_seen(self) -> None:
        if not self.sent:
            return
        game = Game.from_json(self.state()["save"])
        for seat in GUEST_SEATS:
            self.shown[seat] |= seen_cards(game, seat)
        for seat, text in self.sent:
            named = set(CARD.findall(text))
            assert named <= self.shown[seat], (seat, named - self.shown[seat])
        self.sent.clear()


def _shown(game: Game) -> tuple[str, int, int]:
    """What a decision may have shown, as the model sees it: the group of phases
    (the auction, the maker's calls and the defenders' answer, the play), the
    hand's number and the tricks finished in it."""
    group = {"trump": "calls", "discard": "calls", "alone": "calls", "defend_alone": "calls"}
    return group.get(game.phase, game.phase), game.hand_number, sum(game.tricks_won)


def _actors(game: Game) -> list[int]:
    replay = game.replayed(0)
    out = []
    for action in game.history:
        assert replay.to_act is not None
        out.append(replay.to_act)
        replay.apply(action)
    return out


HostTable.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_the_host_table_with_guests = HostTable.TestCase
