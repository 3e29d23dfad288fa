"""The themes of a puzzle, each found by a small detector (docs/puzzles.md).

A detector reads the puzzle's position and its solution and looks at the
trick in progress only: what is led, who is winning it so far, what the seat
to play holds and what each solution card does to the trick. None of them
searches further, so each says exactly what its docstring says and no more
(a "give partner the lead" is tagged only when partner can take this trick
whatever the opponents do). ``themes(puzzle)`` lists the names
(``hasenpfeffer.puzzle.THEMES``) of those that hold, in that order.

The helpers below (``power``, ``beats_so_far``, ``sure_winners``...) are the
trick's facts the detectors and the puzzle finder share.

>>> from hasenpfeffer.puzzle import EXAMPLE, Puzzle
>>> themes(Puzzle.from_json(EXAMPLE))
['give_partner_lead']
"""

from __future__ import annotations

from collections.abc import Callable

from hasenpfeffer.cards import EFFECTIVE_SUIT, JOKER, POWER, SAME_COLOUR, SUITS, Card
from hasenpfeffer.puzzle import THEMES, Puzzle
from hasenpfeffer.rules import legal_plays

# ---- the trick's facts ------------------------------------------------------------------


def trump_index(p: Puzzle) -> int:
    return SUITS.index(p.trump)


def led_suit(p: Puzzle, lead: Card | None = None) -> int:
    """The suit (index) of the trick: of its first card, or of ``lead`` when the
    trick is empty (the card the seat to play would lead)."""
    first = p.trick[0] if p.trick else lead
    if first is None:
        raise ValueError("an empty trick has no suit until a card is led")
    return EFFECTIVE_SUIT[trump_index(p)][first.index]


def power(p: Puzzle, card: Card, led: int) -> int:
    """The card's strength in a trick of suit ``led`` (-1: it cannot win it)."""
    return POWER[trump_index(p)][led][card.index]


def is_trump(p: Puzzle, card: Card) -> bool:
    return EFFECTIVE_SUIT[trump_index(p)][card.index] == trump_index(p)


def left_bower(p: Puzzle) -> Card:
    return Card.parse("J" + SUITS[SAME_COLOUR[trump_index(p)]])


def partner(seat: int) -> int:
    return (seat + 2) % 4


def winning_seat(p: Puzzle) -> int | None:
    """The seat whose card is winning the trick so far (None when it is empty)."""
    if not p.trick:
        return None
    led = led_suit(p)
    seats = p.trick_seats()
    best = max(range(len(p.trick)), key=lambda i: power(p, p.trick[i], led))
    return seats[best]


def beats_so_far(p: Puzzle, card: Card) -> bool:
    """Whether ``card``, played now, would be winning the trick so far (any card
    leading a trick does)."""
    if not p.trick:
        return True
    led = led_suit(p)
    mine = power(p, card, led)
    return mine > max(power(p, c, led) for c in p.trick)


def seats_after(p: Puzzle) -> list[int]:
    """The seats still to play to this trick after the seat to play, in order."""
    left = len(p.active) - len(p.trick) - 1
    seats = [p.to_play]
    for _ in range(left):
        seats.append(p.next_seat(seats[-1]))
    return seats[1:]


def _replies(p: Puzzle, seat: int, lead: Card) -> list[Card]:
    return legal_plays(p.hands[seat], [lead], p.trump)


def sure_winners(p: Puzzle) -> list[Card]:
    """The legal cards that, played now, win this trick whatever the seats after
    play (every hand is known: a card wins for sure when none of them holds a
    legal card that beats it)."""
    out = []
    for card in p.legal():
        if not beats_so_far(p, card):
            continue
        lead = p.trick[0] if p.trick else card
        led = led_suit(p, card)
        mine = power(p, card, led)
        if all(
            power(p, reply, led) < mine for s in seats_after(p) for reply in _replies(p, s, lead)
        ):
            out.append(card)
    return out


def partner_takes_trick(p: Puzzle, card: Card) -> bool:
    """Whether, after the seat to play plays ``card``, its partner can win this
    trick whatever the opponents play (partner in the hand and still to play;
    each seat's legal replies searched in turn)."""
    mate = partner(p.to_play)
    after = seats_after(p)
    if mate not in after:
        return False
    lead = p.trick[0] if p.trick else card
    led = led_suit(p, card)
    played = [(s, c) for s, c in zip(p.trick_seats(), p.trick, strict=True)]
    played.append((p.to_play, card))

    def wins(trick: list[tuple[int, Card]], rest: list[int]) -> bool:
        if not rest:
            return max(trick, key=lambda sc: power(p, sc[1], led))[0] == mate
        seat, later = rest[0], rest[1:]
        outcomes = (wins([*trick, (seat, c)], later) for c in _replies(p, seat, lead))
        return any(outcomes) if seat == mate else all(outcomes)

    return wins(played, after)


# ---- the detectors ----------------------------------------------------------------------


def draw_trump(p: Puzzle) -> bool:
    """Draw trump: the seat leads, every solution card is a trump, and an
    opponent in the hand still holds a trump."""
    if p.trick or not all(is_trump(p, c) for c in p.solution):
        return False
    return any(is_trump(p, c) for s in p.active if s & 1 != p.side for c in p.hands[s])


def duck(p: Puzzle) -> bool:
    """Duck: an opponent is winning the trick so far, the seat could beat that
    card with a legal card, and every solution card plays under it."""
    winner = winning_seat(p)
    if winner is None or winner & 1 == p.side:
        return False
    could = any(beats_so_far(p, c) for c in p.legal())
    return could and not any(beats_so_far(p, c) for c in p.solution)


def unblock(p: Puzzle) -> bool:
    """Unblock: partner is winning the trick so far, the seat follows suit, and
    every solution card is the seat's highest card of the suit led, played under
    partner's card while a lower card of that suit stays in the hand."""
    winner = winning_seat(p)
    if winner is None or winner != partner(p.to_play):
        return False
    led = led_suit(p)
    t = trump_index(p)
    held = [c for c in p.hands[p.to_play] if EFFECTIVE_SUIT[t][c.index] == led]
    if len(held) < 2:
        return False
    top = max(held, key=lambda c: power(p, c, led))
    return list(p.solution) == [top] and not beats_so_far(p, top)


def ruff(p: Puzzle) -> bool:
    """Ruff: a plain suit is led, the seat holds none of it, and every solution
    card is a trump."""
    if not p.trick or led_suit(p) == trump_index(p):
        return False
    t = trump_index(p)
    if any(EFFECTIVE_SUIT[t][c.index] == led_suit(p) for c in p.hands[p.to_play]):
        return False
    return all(is_trump(p, c) for c in p.solution)


def lead_left_bower(p: Puzzle) -> bool:
    """Lead the left bower: the seat leads, and the left bower (the jack of the
    other suit of trump's colour) is a solution card."""
    return not p.trick and left_bower(p) in p.solution


def keep_joker(p: Puzzle) -> bool:
    """Keep the Joker: the seat may play the Joker now (it would win the trick:
    nothing beats it), and it is not a solution card."""
    joker = Card.from_index(JOKER)
    return joker in p.legal() and joker not in p.solution


def give_partner_lead(p: Puzzle) -> bool:
    """Give partner the lead: the seat leads, and after every solution card
    partner can take the trick whatever the opponents play, while the card
    itself is not sure to win it."""
    if p.trick:
        return False
    sure = set(sure_winners(p))
    return all(c not in sure and partner_takes_trick(p, c) for c in p.solution)


def overtake_partner(p: Puzzle) -> bool:
    """Overtake partner: partner is winning the trick so far, and every solution
    card beats partner's card."""
    winner = winning_seat(p)
    if winner is None or winner != partner(p.to_play):
        return False
    return all(beats_so_far(p, c) for c in p.solution)


#: Each theme's detector, in the order of ``THEMES``.
DETECTORS: dict[str, Callable[[Puzzle], bool]] = {
    "draw_trump": draw_trump,
    "duck": duck,
    "unblock": unblock,
    "ruff": ruff,
    "lead_left_bower": lead_left_bower,
    "keep_joker": keep_joker,
    "give_partner_lead": give_partner_lead,
    "overtake_partner": overtake_partner,
}
assert tuple(DETECTORS) == THEMES


def themes(p: Puzzle) -> list[str]:
    """The names of the themes whose detector holds for ``p``, in ``THEMES`` order."""
    return [name for name, detect in DETECTORS.items() if detect(p)]
