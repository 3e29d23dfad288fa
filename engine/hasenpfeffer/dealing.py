"""The deals of a game: the dealer and the shuffled deck of each hand of a seeded
game (``shuffled_deck``: integer arithmetic, the same on every Python), or of a
secret deal's (its key: ``check_secret``, ``secret_seed``), and the hands dealt
from a deck (``deal_hands``)."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Sequence
from typing import Final

from .cards import NUM_CARDS
from .quoting import quoted

MAX_SEED: Final = 2**53 - 1  # seeds stay exact as JavaScript numbers

_MASK128: Final = (1 << 128) - 1


def _mix(seed: int, hand_number: int) -> int:
    """128 well-mixed bits from a seed and a hand number (multiply-xorshift)."""
    x = (
        seed * 0x9E3779B97F4A7C15F39CC0605CEDC835
        + hand_number * 0xD1B54A32D192ED03AEF5F3C4B5E8F1A7
        + 0x2545F4914F6CDD1D
    ) & _MASK128
    x = ((x ^ (x >> 67)) * 0xDB4F0B9175AE2165E4E3A5B0C1D2E3F7) & _MASK128
    x = ((x ^ (x >> 59)) * 0x94D049BB133111EB2545F4914F6CDD1D) & _MASK128
    return x ^ (x >> 64)


#: A secret deal's key: this many bytes of the system's cryptographic randomness.
SECRET_BYTES: Final = 16


def check_secret(secret: object) -> bytes:
    """A secret deal's key: ``SECRET_BYTES`` bytes (or their hex text, as saved)."""
    if isinstance(secret, str) and len(secret) == 2 * SECRET_BYTES:
        with contextlib.suppress(ValueError):
            secret = bytes.fromhex(secret)
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise ValueError(f"secret must be {SECRET_BYTES} bytes as hex text; got {quoted(secret)}")
    return secret


def _keyed(secret: bytes, what: bytes) -> int:
    """128 bits of a keyed hash (BLAKE2b, the key the deal's secret) of ``what``."""
    digest = hashlib.blake2b(what, digest_size=16, key=secret, person=b"hasenpfeffer")
    return int.from_bytes(digest.digest(), "big")


def secret_seed(secret: bytes) -> int:
    """The seed a secret deal's game carries (its computer players are seeded
    from it): drawn from the secret one way, so it tells nothing of the deals.

    >>> 0 <= secret_seed(bytes(16)) <= MAX_SEED
    True
    """
    return _keyed(secret, b"seed") & MAX_SEED


def shuffled_deck(
    seed: int, hand_number: int, secret: bytes | None = None
) -> tuple[int, list[int]]:
    """A dealer draw and the shuffled deck for one hand of a seeded game. Integer
    arithmetic only (a Fisher-Yates shuffle driven by ``_mix``), so deals are the
    same on every Python (CPython, Pyodide) and cheap to make. A secret deal
    (``secret``: ``SECRET_BYTES`` random bytes) is driven instead by a keyed
    hash of the hand's number (``_keyed``): nobody without the secret can
    work out a hand from the others."""
    x = _mix(seed, hand_number) if secret is None else _keyed(secret, b"hand %d" % hand_number)
    dealer = x & 3
    x >>= 2
    deck = list(range(NUM_CARDS))
    for i in range(NUM_CARDS - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return dealer, deck


def deal_hands(deck: Sequence[int], dealer: int) -> tuple[list[int], int]:
    """Hands as bit sets from a deck in dealing order: two rounds of three cards
    each, starting left of the dealer; the 25th card is the widow."""
    hands = [0, 0, 0, 0]
    for k in range(4):
        i = 3 * k
        hands[(dealer + k + 1) % 4] = (
            1 << deck[i]
            | 1 << deck[i + 1]
            | 1 << deck[i + 2]
            | 1 << deck[i + 12]
            | 1 << deck[i + 13]
            | 1 << deck[i + 14]
        )
    return hands, deck[24]
