"""The command-line interface: ``python -m hasenpfeffer play`` (and ``review``;
``bench`` and ``arena`` hand over to the developer tools, ``devtools/``, not in the wheel).

``play`` is a whole game in the terminal: you are South (seat 0), your partner
North and the opponents West and East are computer players (``players``, at
the level chosen with ``--level``; medium by default).
The table is drawn from ``Game.view(0)``, so the screen never shows more than
South may know.

``review FILE`` rates one seat's decisions in a hand of a hand or game text
(the API's ``review``, ``bots.review``), one line per decision.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, Final, TextIO

from ..actions import Action, ActionError, InvalidActionError
from ..bots.players import Player, make_player
from ..cards import SUIT_NAMES, SUITS, Card, effective_suit
from ..game import Game
from ..rules import PRESETS, Rules
from ..vocabulary import LEVELS, RENAMED_LEVELS, SEAT_NAMES

#: The seat the person at the terminal plays (South).
HUMAN_SEAT: Final = 0
WIDTH: Final = 72
#: How you may name a suit when choosing trump.
SUIT_WORDS: Final = {
    **{s.lower(): s for s in SUITS},
    **{name: s for s, name in SUIT_NAMES.items()},
    **{name[:-1]: s for s, name in SUIT_NAMES.items()},
    **{sym: s for s, sym in zip(SUITS, "♣♦♥♠", strict=True)},
}
QUIT_WORDS: Final = ("quit", "exit", "q")
HELP_WORDS: Final = ("help", "?")
TABLE_WORDS: Final = ("table", "t")
PHASE_PROMPTS: Final = {
    "bidding": "Your bid",
    "trump": "Name trump",
    "discard": "Discard",
    "alone": "Go alone?",
    "defend_alone": "Defend alone?",
    "play": "Your card",
}

HELP: Final = """\
How to answer
  a number         the numbered choice from the list, e.g. 1
  the action text  pass, bid 3, bid little, bid big, trump H, discard 9C, alone,
                   decline, play JD (upper or lower case)
  short forms      JD (play or discard that card), H or hearts (as trump),
                   p (pass), little / big (pepper bids), y / n (alone or not);
                   in the auction a number that is not on the list is a bid:
                   type 'bid 3' to be sure
  table            draw the table again
  help, quit       this help; leave the game (Ctrl-D or Ctrl-C leave too)

Cards are rank 9 T J Q K A then suit C D H S (TH is the ten of hearts); JK is
the Joker. Trumps rank: Joker, right bower (jack of trump), left bower (the
other jack of the same colour), then A K Q T 9. The Joker and the left bower
belong to the trump suit. You must follow the suit led if you can.
The makers need at least the tricks they bid; first side to the target wins."""


# ---- presentation ----------------------------------------------------------------


class Style:
    """Suit symbols and colours when the terminal can show them."""

    _ANSI = re.compile(r"\x1b\[[0-9;]*m")

    def __init__(self, color: bool, fancy: bool) -> None:
        self.color = color
        self.fancy = fancy
        self.heavy = "═" if fancy else "="
        self.light = "─" if fancy else "-"
        self.dot = "·" if fancy else "-"
        self.arrow = "→" if fancy else "->"

    @staticmethod
    def for_stream(stream: TextIO) -> Style:
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♣♦♥♠═─·→✗".encode(encoding)
            fancy = True
        except (UnicodeEncodeError, LookupError):
            fancy = False
        tty = hasattr(stream, "isatty") and stream.isatty()
        color = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        return Style(color, fancy)

    def _paint(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def bold(self, text: str) -> str:
        return self._paint("1", text)

    def dim(self, text: str) -> str:
        return self._paint("2", text)

    def red(self, text: str) -> str:
        return self._paint("31", text)

    def suit(self, suit: str) -> str:
        """A suit letter as its symbol (red for diamonds and hearts)."""
        if not self.fancy:
            return suit
        symbol = "♣♦♥♠"[SUITS.index(suit)]
        return self.red(symbol) if suit in "DH" else symbol

    def suit_name(self, suit: str) -> str:
        return f"{self.suit(suit)} {SUIT_NAMES[suit]}" if self.fancy else SUIT_NAMES[suit]

    def card(self, text: str) -> str:
        if text == "JK":
            return self._paint("1;35", text)
        return self.red(text) if text[1] in "DH" else text

    def width(self, text: str) -> int:
        return len(self._ANSI.sub("", text))

    def ljust(self, text: str, width: int) -> str:
        return text + " " * max(0, width - self.width(text))

    def center(self, text: str, width: int) -> str:
        room = max(0, width - self.width(text))
        return " " * (room // 2) + text + " " * (room - room // 2)


def who(seat: int) -> str:
    return "You" if seat == HUMAN_SEAT else SEAT_NAMES[seat]


def says(seat: int, you: str, other: str) -> str:
    """``You bid`` / ``West bids``: the verb that fits the seat."""
    return f"{who(seat)} {you if seat == HUMAN_SEAT else other}"


def team_name(team: int) -> str:
    return "You+North" if team == 0 else "West+East"


def call_words(call: str) -> str:
    """An auction call ('pass', 'bid 3', 'bid little') as said at the table."""
    if call == "pass":
        return "pass"
    value = call.split()[1]
    return {"little": "little pepper", "big": "big pepper"}.get(value, value)


def pack(label: str, parts: Sequence[str], sep: str, style: Style) -> list[str]:
    """``label`` then ``parts`` joined by ``sep``, wrapped between parts to the
    screen width, continuation lines indented under the first part."""
    lines = [label]
    indent = " " * style.width(label)
    for part in parts:
        line = lines[-1]
        fresh = line in (label, indent)
        joined = line + ("" if fresh else sep) + part
        if fresh or style.width(joined) <= WIDTH:
            lines[-1] = joined
        else:
            lines.append(indent + part)
    return lines


def ordered_choices(view: dict[str, Any]) -> list[Action]:
    """The legal actions in the order they are numbered: cards in hand order."""
    actions = [Action.parse(a) for a in view["legal_actions"]]
    if view["phase"] in ("play", "discard"):
        order = {text: i for i, text in enumerate(view["hand"])}
        actions.sort(key=lambda a: order.get(str(a.card), 99))
    return actions


def choice_label(action: Action, style: Style) -> str:
    if action.card is not None:
        return style.card(str(action.card))
    if action.suit is not None:
        return style.suit_name(action.suit)
    return str(action)


def hand_groups(view: dict[str, Any], style: Style) -> str:
    """The hand by suit, trumps (Joker and bowers included) grouped first."""
    trump: str | None = view["trump"]
    groups: dict[str, list[str]] = {}
    for text in view["hand"]:
        card = Card.parse(text)
        if trump is not None:
            key = effective_suit(card, trump)
        else:
            key = "K" if card.is_joker else card.suit
        groups.setdefault(key, []).append(style.card(text))
    parts = []
    for key, cards in groups.items():
        if key == "K":
            label = "Joker"
        elif key == trump:
            label = f"trump {style.suit(key)}" if style.fancy else f"trump {key}"
        else:
            label = style.suit(key)
        parts.append(f"{style.bold(label)} {' '.join(cards)}")
    return "   ".join(parts) if parts else "(no cards)"


def render_table(view: dict[str, Any], choices: Sequence[Action], style: Style) -> str:
    """The table as South sees it, with the numbered choices."""
    rules = Rules.from_dict(view["rules"])
    preset = rules.preset_name or "custom"
    heavy, light, dot = style.heavy, style.light, style.dot
    title = f" Your turn {dot} hand {view['hand_number'] + 1} {dot} dealer {who(view['dealer'])}"
    title += f" {dot} {preset} rules, game to {rules.target} "
    lines = ["", style.bold(heavy * 3 + title + heavy * max(3, WIDTH - 3 - len(title)))]
    scores = view["scores"]
    lines.append(
        f" Score    {style.bold(team_name(0))} {scores[0]}   {dot}   "
        f"{style.bold(team_name(1))} {scores[1]}"
    )
    auction = [f"{who(c['seat'])} {call_words(c['call'])}" for c in view["auction"]]
    if auction:
        lines += pack(" Auction  ", auction, f" {dot} ", style)
    maker = view["maker"]
    if maker is not None:
        contract = [f"{who(maker)} {call_words('bid ' + view['bid_call'])}"]
        if view["forced"]:
            contract[0] += " (forced)"
        if view["trump"] is not None:
            contract.append(f"trump {style.suit_name(view['trump'])}")
        if view["alone"]:
            contract.append(says(maker, "go", "goes") + " alone")
        if view["lone_defender"] is not None:
            contract.append(says(view["lone_defender"], "defend", "defends") + " alone")
        if view["multiplier"] and view["multiplier"] > 1:
            contract.append(f"stakes x{view['multiplier']}")
        lines += pack(" Contract ", contract, f"  {dot}  ", style)
    elif view["phase"] == "bidding":
        high = view["high_bid"]
        text = f"{who(view['high_bidder'])} {call_words('bid ' + high)}" if high else "no bid yet"
        lines.append(f" High bid {text}")
    if view.get("widow"):
        widow = f" Widow    {style.card(view['widow'])} (taken into your hand)"
        if view.get("discard"):
            widow += f"   {dot}   you discarded {style.card(view['discard'])}"
        lines.append(widow)
    if view["phase"] == "play":
        won = view["tricks_won"]
        lines.append(f" Tricks   {team_name(0)} {won[0]}   {dot}   {team_name(1)} {won[1]}")
        if view["tricks"]:
            last = view["tricks"][-1]
            plays = "  ".join(f"{who(p['seat'])} {style.card(p['card'])}" for p in last["cards"])
            lines.append(f" Last     {plays}  {style.arrow} {who(last['winner'])}")
        lines += [style.light * WIDTH, *compass(view, style), light * WIDTH]
    else:
        lines.append(light * WIDTH)
    lines.append(f" {style.bold('Your hand')}  {hand_groups(view, style)}")
    lines.append("")
    lines += choice_lines(view, choices, style)
    return "\n".join(lines)


def compass(view: dict[str, Any], style: Style) -> list[str]:
    """The current trick laid out round the table, South at the bottom."""
    played = {p["seat"]: p["card"] for p in view["trick"]}
    out = set(view["sitting_out"])

    def spot(seat: int) -> str:
        if seat in played:
            card = style.card(played[seat])
        elif seat in out:
            card = style.dim("sits out")
        elif seat == HUMAN_SEAT:
            card = style.bold("?")
        else:
            card = style.dim(style.dot)
        return f"{style.bold(who(seat))} {card}"

    west, east = "   " + spot(1), spot(3)
    middle = west + " " * max(2, WIDTH - 3 - style.width(west) - style.width(east)) + east
    return [style.center(spot(2), WIDTH).rstrip(), middle, style.center(spot(0), WIDTH).rstrip()]


def choice_lines(view: dict[str, Any], choices: Sequence[Action], style: Style) -> list[str]:
    phase = view["phase"]
    if phase == "alone":
        heading = "Go alone? North would sit out, and the stakes double."
    elif phase == "defend_alone":
        heading = f"{who(view['maker'])} goes alone. Defend alone? North would sit out,\n"
        heading += " and the stakes double again."
    elif phase == "discard":
        heading = "Discard one card (face down):"
    else:
        heading = {
            "bidding": "Pass or bid:",
            "trump": "Name trump:",
            "play": "Play a card:",
        }[phase]
    items = [f"{style.bold(str(i))}) {choice_label(a, style)}" for i, a in enumerate(choices, 1)]
    lines = [f" {heading}"]
    row = "   "
    for item in items:
        if style.width(row) + style.width(item) > WIDTH - 2 and row.strip():
            lines.append(row.rstrip())
            row = "   "
        row += item + "    "
    lines.append(row.rstrip())
    return lines


# ---- reading the player's answer ------------------------------------------------


def interpret(text: str, phase: str, choices: Sequence[Action]) -> Action:
    """The action meant by ``text``: a choice number, an action text or a short
    form. Raises InvalidActionError (with the reason) for text that is none."""
    low = text.strip().lower()
    digits = low[1:] if low.startswith("#") else low
    if digits.isascii() and digits.isdigit():
        n = int(digits)
        if 1 <= n <= len(choices):
            return choices[n - 1]
        if phase == "bidding" and not low.startswith("#") and 1 <= n <= 6:
            return Action.parse(f"bid {n}")
        raise InvalidActionError(f"there is no choice {n}: type a number from 1 to {len(choices)}")
    words = low.split()
    if len(words) == 1:
        word = words[0]
        if phase == "bidding" and word in ("p", "little", "big"):
            return Action.parse("pass" if word == "p" else f"bid {word}")
        if phase == "trump" and word in SUIT_WORDS:
            return Action.parse(f"trump {SUIT_WORDS[word]}")
        if phase in ("alone", "defend_alone") and word in ("y", "yes", "n", "no"):
            return Action.parse("alone" if word.startswith("y") else "decline")
        try:
            card = Card.parse(word)
        except ValueError:
            pass
        else:
            return Action.parse(f"{'discard' if phase == 'discard' else 'play'} {card}")
    if len(words) == 2 and words[0] == "trump" and words[1] in SUIT_WORDS:
        return Action.parse(f"trump {SUIT_WORDS[words[1]]}")
    return Action.parse(text)


class QuitGame(Exception):
    """The player asked to leave."""


class Console:
    """Line-based input and output (prompts, answers echoed when not typed)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, style: Style) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.style = style
        self.echo = not (hasattr(stdin, "isatty") and stdin.isatty())

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """One line of input; EOFError when the input has ended."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")


def human_turn(game: Game, con: Console) -> Action:
    """Show the table, read answers until one is legal, apply it and return it."""
    view = game.view(HUMAN_SEAT)
    choices = ordered_choices(view)
    con.say(render_table(view, choices, con.style))
    prompt = f"{con.style.bold(PHASE_PROMPTS[view['phase']])} [1-{len(choices)}, help, quit] > "
    while True:
        text = con.ask(prompt).strip()
        low = text.lower()
        if not text:
            continue
        if low in HELP_WORDS:
            con.say(HELP)
            continue
        if low in QUIT_WORDS:
            raise QuitGame
        if low in TABLE_WORDS:
            con.say(render_table(view, choices, con.style))
            continue
        try:
            action = interpret(text, view["phase"], choices)
            game.apply(action)
        except ActionError as err:
            mark = "✗" if con.style.fancy else "!"
            lines = textwrap.wrap(str(err), WIDTH - 4, break_on_hyphens=False)
            con.say(f"  {con.style.red(mark)} " + "\n    ".join(lines))
            continue
        return action


# ---- telling what happens --------------------------------------------------------


def describe(seat: int, action: Action, before: dict[str, Any], style: Style) -> str:
    """One line for an action just taken, e.g. ``West bids 3.``"""
    phase = before["phase"]
    kind = action.kind
    if kind == "pass":
        return says(seat, "pass", "passes") + "."
    if kind == "bid":
        return f"{says(seat, 'bid', 'bids')} {call_words(str(action))}."
    if kind == "trump":
        assert action.suit is not None
        return f"{says(seat, 'name', 'names')} {style.suit_name(action.suit)} as trump."
    if kind == "discard":
        if seat == HUMAN_SEAT:
            return f"You discard {style.card(str(action.card))}."
        return f"{SEAT_NAMES[seat]} discards a card face down."
    if kind == "play":
        return f"{says(seat, 'play', 'plays')} {style.card(str(action.card))}."
    partner = (seat + 2) % 4
    if phase == "alone":
        if kind == "alone":
            return f"{says(seat, 'go', 'goes')} alone! {says(partner, 'sit', 'sits')} out."
        return f"{says(seat, 'do', 'does')} not go alone."
    if kind == "alone":
        return f"{says(seat, 'defend', 'defends')} alone! {says(partner, 'sit', 'sits')} out."
    return f"{says(seat, 'do', 'does')} not defend alone."


def trick_line(trick: dict[str, Any], won: Sequence[int], style: Style) -> str:
    winner = trick["winner"]
    card = next(p["card"] for p in trick["cards"] if p["seat"] == winner)
    return (
        f"  {style.arrow} {says(winner, 'win', 'wins')} the trick with {style.card(card)}."
        f"   Tricks: {team_name(0)} {won[0]}, {team_name(1)} {won[1]}"
    )


def hand_summary(record: dict[str, Any], rules: Rules, style: Style) -> list[str]:
    """A finished hand: the contract, whether it was made, the points and the score."""
    dot = style.dot
    title = f" Hand {record['number'] + 1} result "
    head = style.bold(style.light * 3 + title + style.light * (WIDTH - 3 - len(title)))
    if record["thrown_in"]:
        why = " with the Joker in the widow" if record.get("widow") == "JK" else ""
        return [head, f"Everyone passed{why}: the hand is thrown in. No score."]
    maker = record["maker"]
    team = maker % 2
    tricks = record["tricks_won"][team]
    extras = [style.suit_name(record["trump"])]
    if record["forced"]:
        extras.append("forced")
    if record["alone"]:
        extras.append("alone")
    defender = record["lone_defender"]
    if defender is not None:
        extras.append(
            ("you" if defender == HUMAN_SEAT else SEAT_NAMES[defender]) + " defended alone"
        )
    made = "made it" if tricks >= record["bid"] else "went down"
    points, scores = record["points"], record["scores"]

    def signed(n: int) -> str:
        return f"+{n}" if n > 0 else str(n)

    return [
        head,
        f"{says(maker, 'bid', 'bid')} {call_words('bid ' + record['bid_call'])} "
        f"({', '.join(extras)}) and {'your side' if team == 0 else 'they'} took "
        f"{tricks} trick{'s' * (tricks != 1)}: {made}.",
        f"Points   {team_name(0)} {signed(points[0])}   {dot}   {team_name(1)} {signed(points[1])}",
        f"Total    {style.bold(f'{team_name(0)} {scores[0]}')}   {dot}   "
        f"{style.bold(f'{team_name(1)} {scores[1]}')}   (game to {rules.target})",
    ]


def announce_hand(view: dict[str, Any], style: Style) -> str:
    title = f" Hand {view['hand_number'] + 1}: {says(view['dealer'], 'deal', 'deals')} "
    return "\n" + style.bold(style.light * 3 + title + style.light * (WIDTH - 3 - len(title)))


def report(
    seat: int, action: Action, before: dict[str, Any], after: dict[str, Any], con: Console
) -> None:
    """Print what ``action`` did: the action, a finished trick or auction, a hand's
    result, the next deal or the end of the game."""
    style = con.style
    con.say(describe(seat, action, before, style))
    rules = Rules.from_dict(after["rules"])
    if after["phase"] == "game_over" or after["hand_number"] != before["hand_number"]:
        record = after["last_hand"]
        if action.kind == "play" and record["tricks"]:
            con.say(trick_line(record["tricks"][-1], record["tricks_won"], style))
        con.say()
        for line in hand_summary(record, rules, style):
            con.say(line)
        if after["phase"] == "game_over":
            winner = after["winner"]
            scores = after["scores"]
            mine, theirs = scores[winner], scores[1 - winner]
            side = "You and North win" if winner == 0 else "West and East win"
            con.say()
            con.say(style.bold(f"Game over: {side}, {mine} to {theirs}."))
        else:
            con.say(announce_hand(after, style))
        return
    if len(after["tricks"]) > len(before["tricks"]):
        con.say(trick_line(after["tricks"][-1], after["tricks_won"], style))
    if before["phase"] == "bidding" and after["phase"] != "bidding":
        maker = after["maker"]
        if after["forced"]:
            reason = (
                f"the dealer, {who(maker)}, must"
                if rules.all_pass == "dealer_forced"
                else f"{says(maker, 'hold', 'holds')} the Joker and must"
            )
            con.say(f"Everyone passed: {reason} bid {after['bid']}.")
        else:
            call = call_words("bid " + after["bid_call"])
            con.say(f"{says(maker, 'win', 'wins')} the auction at {call}.")
        if maker == HUMAN_SEAT and after.get("widow"):
            con.say(f"The widow, {style.card(after['widow'])}, goes into your hand.")
        else:
            con.say(f"{who(maker)} {'take' if maker == HUMAN_SEAT else 'takes'} the widow.")
    if before["phase"] != "play" and after["phase"] == "play":
        if HUMAN_SEAT in after["sitting_out"]:
            con.say("You sit out this hand: watch the play.")
        con.say(f"{says(after['to_act'], 'lead', 'leads')}.")


# ---- the game loop ---------------------------------------------------------------


def play_game(game: Game, con: Console, level: str = "medium") -> int:
    """Play ``game`` to the end: South asks the console, the others are bots."""
    bots: dict[int, Player] = {
        seat: make_player(level, game.seed * 4 + seat) for seat in range(4) if seat != HUMAN_SEAT
    }
    view = game.view(HUMAN_SEAT)
    con.say(announce_hand(view, con.style))
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        before = game.view(HUMAN_SEAT)
        if seat == HUMAN_SEAT:
            action = human_turn(game, con)
        else:
            action = Action.parse(bots[seat].choose(game.view(seat)))
            game.apply(action)
        report(seat, action, before, game.view(HUMAN_SEAT), con)
    return 0


def run_play(game: Game, stdin: TextIO, stdout: TextIO, level: str = "medium") -> int:
    """The ``play`` command on a new game; leaving early (quit, end of input,
    Ctrl-C) is a clean exit too."""
    style = Style.for_stream(stdout)
    con = Console(stdin, stdout, style)
    preset = game.rules.preset_name or "custom"
    con.say(
        style.bold("Hasenpfeffer")
        + f" {style.dot} {preset} rules {style.dot} seed {game.seed}"
        + f" (replay this game with --seed {game.seed})"
    )
    con.say(
        "You are South; your partner is North. West and East play against you.\n"
        "Type 'help' for how to answer, 'quit' to leave."
    )
    try:
        return play_game(game, con, level)
    except QuitGame:
        con.say("You leave the table. Goodbye.")
    except EOFError:
        con.say("\nInput ended: leaving the game. Goodbye.")
    except KeyboardInterrupt:
        con.say("\nInterrupted: leaving the game. Goodbye.")
    return 0


# ---- command line ----------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hasenpfeffer", description="Hasenpfeffer, the card game."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a game in the terminal against computer players",
        description="Play a game as South, with North as your partner, against West and East.",
    )
    play.add_argument(
        "--rules", choices=list(PRESETS), default="seed", help="the rule preset (default: seed)"
    )
    play.add_argument(
        "--seed", type=int, default=None, help="deal from this seed (default: a random one)"
    )
    play.add_argument(
        "--level",
        choices=(*LEVELS, *RENAMED_LEVELS),
        default="medium",
        help="the computer players' level (default: medium)",
    )
    review = commands.add_parser(
        "review",
        help="rate one seat's decisions in a recorded hand",
        description=(
            "Rate each decision of one seat in a hand of a hand or game text (HPN, "
            "docs/notation.md): card plays double-dummy (with every card visible, the "
            "points of the hand's margin lost against the best card), calls against the hard "
            "player's own choice from the seat's own cards, by its estimate (an estimate, "
            "not a certainty)."
        ),
    )
    review.add_argument("file", metavar="FILE", help="a hand or game text ('-': standard input)")
    review.add_argument(
        "--hand", type=int, default=None, metavar="N", help="the hand of a game text (default: 1)"
    )
    review.add_argument(
        "--seat",
        type=_seat,
        default=0,
        metavar="S",
        help="the seat: 0-3 or S, W, N, E (default: 0, South)",
    )
    # --- bench: written separately (bench.py); it parses its own arguments ---
    commands.add_parser(
        "bench",
        add_help=False,
        help="measure the engine's speed (see: bench --help)",
    )
    # --- arena (arena.py): likewise ---
    commands.add_parser(
        "arena",
        add_help=False,
        help="duplicate matches between computer player levels (see: arena --help)",
    )
    return parser


def _seat(text: str) -> int:
    """A seat from the command line: 0 to 3, or its letter or name."""
    words = {name.lower(): n for n, name in enumerate(SEAT_NAMES)}
    words |= {name[0].lower(): n for n, name in enumerate(SEAT_NAMES)}
    words |= {str(n): n for n in range(4)}
    seat = words.get(text.strip().lower())
    if seat is None:
        raise argparse.ArgumentTypeError(f"a seat is 0 to 3 or S, W, N, E; got {text!r}")
    return seat


def run_review(path: str, number: int | None, seat: int, stdout: TextIO) -> int:
    """The ``review`` command: the API's ``review`` answer in words."""
    from .. import api

    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"review: cannot read {path}: {err}", file=sys.stderr)
        return 2
    request: dict[str, Any] = {"op": "review", "hpn": text, "seat": seat}
    if number is not None:
        request["number"] = number
    answer = api.handle(request)
    if not answer["ok"]:
        print(f"review: {answer['error']['message']}", file=sys.stderr)
        return 2
    points, tricks = answer["points"], answer["tricks_won"]
    stdout.write(
        f"Hand {answer['hand']}, {SEAT_NAMES[seat]}'s decisions "
        f"(tricks NS {tricks[0]}, EW {tricks[1]}; points NS {points[0]:+d}, EW {points[1]:+d}).\n"
        "Card plays are rated double-dummy: with every card visible, the points of the "
        "hand's margin lost against the best card.\n"
        "Calls are rated against the hard player's own choice from this seat's own "
        "cards, by its estimate: an estimate, not a certainty.\n"
    )
    for d in answer["decisions"]:
        kind = "card" if d["kind"] == "double_dummy" else "call (estimate)"
        loss = d["loss"] if isinstance(d["loss"], int) else f"{d['loss']:.2f}"
        stdout.write(
            f"{d['action']:<12} {kind:<15} loss {loss:<5} best: {', '.join(d['best'])}"
            f" | {d['reason']}\n"
        )
    return 0


def run_module(name: str, argv: list[str]) -> int:
    """Hand the arguments after ``bench``/``arena`` to ``hasenpfeffer_devtools.<name>``'s
    ``main(argv)``, imported only now: developer tools, installed from a checkout
    (``devtools/``), never in the wheel."""
    try:
        module = importlib.import_module(f"hasenpfeffer_devtools.{name}")
    except ModuleNotFoundError as err:
        if err.name not in ("hasenpfeffer_devtools", f"hasenpfeffer_devtools.{name}"):
            raise
        print(
            f"{name} is a developer tool, not in the wheel: in a checkout, "
            "`pip install -e ./devtools` (make venv does)",
            file=sys.stderr,
        )
        return 2
    result = module.main(argv)
    return result if isinstance(result, int) else 0


def run_bench(argv: list[str]) -> int:
    """Hand the arguments after ``bench`` to ``bench.main(argv)``, imported only now."""
    return run_module("bench", argv)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "bench":
        return run_bench(extra)
    if args.command == "arena":
        return run_module("arena", extra)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "review":
        return run_review(args.file, args.hand, args.seat, sys.stdout)
    if args.level in RENAMED_LEVELS:  # a former level: said, then played as its successor
        new = RENAMED_LEVELS[args.level]
        print(f"the level {args.level} is now part of {new}: playing at {new}", file=sys.stderr)
        args.level = new
    try:
        game = Game.new(Rules.preset(args.rules), seed=args.seed)
        make_player(args.level, 0)
    except ValueError as err:
        parser.error(str(err))
    try:
        return run_play(game, sys.stdin, sys.stdout, args.level)
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
