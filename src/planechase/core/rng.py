"""The seeded random generator kept inside the game state.

The whole generator state is one integer, so a game state that holds it stays cheap to copy, serializes as a
number and replays identically on every Python version. Which generator a game uses follows from its seed:

* A seed below 2**64 (the seeds people type: ``--seed 7``, simulations, tests) runs **SplitMix64**: fast and
  exactly reproducible, but its outputs reveal its state, so anyone who sees enough rolls can predict the next
  ones. That is fine when the seed is known to the table anyway.
* A seed from 2**64 up runs a **keyed BLAKE2b** generator: the seed is hashed into a 256-bit key, and draw ``n``
  is the keyed hash of ``n``. BLAKE2b is a cryptographic hash, so past outputs tell nothing about future ones
  unless the key is known. :func:`secure_seed` draws such a seed (256 bits) from the operating system: a game
  whose seed nobody was told cannot be predicted from what its players see, yet it replays exactly from that
  seed (saves, the web table's stored tables).

>>> state = seed_state(42)
>>> value, state = next_u64(state)
>>> value == next_u64(seed_state(42))[0]
True
>>> secret = secure_seed()
>>> secret >= 2**64 and next_u64(seed_state(secret)) == next_u64(seed_state(secret))
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

#: Seeds from here up use the keyed BLAKE2b generator.
KEYED_FROM = 1 << 64
#: A keyed generator's state: this flag bit, then the 256-bit key, then a 64-bit draw counter.
_KEYED_FLAG = 1 << 320
_KEY_MASK = (1 << 256) - 1
_PERSON = b"planechase-rng"

T = TypeVar("T")


def secure_seed() -> int:
    """A fresh seed for a game nobody may predict: 256 random bits from the operating system (so at least
    :data:`KEYED_FROM`, which selects the keyed generator)."""
    return (1 << 256) | secrets.randbits(256)


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer; see the module's text for which generator it selects).

    >>> seed_state(7) == 7 and seed_state(2**64) >> 320 == 1
    True
    """
    if seed < KEYED_FROM:
        return seed & _MASK
    size = (seed.bit_length() + 7) // 8
    key = hashlib.blake2b(seed.to_bytes(size, "little"), digest_size=32, person=_PERSON).digest()
    return _KEYED_FLAG | (int.from_bytes(key, "little") << 64)


def next_u64(state: int) -> tuple[int, int]:
    """Draw a 64-bit value; return ``(value, new_state)``."""
    if state > _MASK:
        counter = state & _MASK
        key = ((state >> 64) & _KEY_MASK).to_bytes(32, "little")
        digest = hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=8, key=key, person=_PERSON).digest()
        return int.from_bytes(digest, "little"), (state & ~_MASK) | ((counter + 1) & _MASK)
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` without modulo bias; return ``(value, new_state)``."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items``; return ``(new_order, new_state)``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
