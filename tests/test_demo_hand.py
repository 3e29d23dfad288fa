"""The demo page's written hand (web/embed/demo.html) teaches by example: after its
auction, its maker's calls (trump, the discard, alone or not) are the ones the hard
player makes from that position, whatever its seed, and every card of it is legal (the
parser plays each one). A new player's walk found the example's maker naming a suit it
did not hold and throwing the Joker away."""

from __future__ import annotations

import html
import re
from pathlib import Path

from hasenpfeffer.bots.hard import HardPlayer
from hasenpfeffer.cards import Card
from hasenpfeffer.notation import hand_from_text

DEMO = Path(__file__).resolve().parent.parent / "web" / "embed" / "demo.html"


def written_hands() -> list[str]:
    text = DEMO.read_text(encoding="utf-8")
    return [html.unescape(m) for m in re.findall(r'mode="hand" hpn="([^"]*)"', text)]


def test_the_demo_pages_written_hand_makes_the_hard_players_calls() -> None:
    hands = written_hands()
    assert hands
    for hpn in hands:
        record = hand_from_text(hpn).records[0]
        # the hand up to the end of its auction, then the maker's calls one by one
        game = hand_from_text(hpn.split(" | ")[0])
        assert game.phase == "trump" and game.to_act == record.maker
        calls = [f"trump {'CDHS'[record.trump]}"]
        for seed in (1, 2, 3):
            assert HardPlayer(seed).choose(game.view(record.maker)) == calls[0]
        game.apply(calls[0])
        discard = f"discard {Card.from_index(record.discard)}"
        for seed in (1, 2, 3):
            assert HardPlayer(seed).choose(game.view(record.maker)) == discard
        game.apply(discard)
        alone = "alone" if record.alone else "decline"
        for seed in (1, 2, 3):
            assert HardPlayer(seed).choose(game.view(record.maker)) == alone
