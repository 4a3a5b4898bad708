"""The seeded random generator kept inside the game state.

It is SplitMix64: the whole generator state is one 64-bit integer, so a game state that holds it
stays cheap to copy, serializes as a number and replays identically on every Python version.

>>> state = seed_state(42)
>>> value, state = next_u64(state)
>>> value == next_u64(seed_state(42))[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Draw a 64-bit value; return ``(value, new_state)``."""
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
