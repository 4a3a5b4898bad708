"""Simulation: drivers that play games automatically, for conformance tests, benchmarks and statistics.

The simulator sits outside the engine and imports inward: it drives games only through the public
engine API (``new_game``, ``legal_actions``, ``apply``).
"""

from __future__ import annotations

from .random_play import (
    Playout,
    RandomAgent,
    Weights,
    play_random_game,
    random_config,
    random_game,
)

__all__ = [
    "Playout",
    "RandomAgent",
    "Weights",
    "play_random_game",
    "random_config",
    "random_game",
]
