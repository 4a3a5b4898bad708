"""Streaming aggregation of game tallies, and figures with confidence intervals.

Every figure is a ratio of two per-game quantities, X/Y (a mean per game when Y is 1): the share of turns a
plane is face up is Σ up / Σ turns over the games, the mean stay is Σ stay turns / Σ stays. The games are
independent and alike, so the ratio's interval comes from the per-game pairs by the delta method (the
standard error of a ratio estimator), which holds when a game's turns or rolls depend on each other.

:class:`Accumulator` keeps only integer sums (Σx, Σx², Σxy per figure and histograms), so its memory does
not grow with the number of games, two accumulators merge by adding, and the result does not depend on how
the games were split between workers or in which order they were added.

>>> acc = Accumulator(turns=3)
>>> from planechase.lab.play import GameTally
>>> for up in (1, 2, 3, 2):
...     acc.add(GameTally({"turns": 3, "up:Naar Isle": up}))
>>> share = acc.figure("up:Naar Isle", "turns")
>>> round(share.value, 4), share.games
(0.6667, 4)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from .play import GameTally

__all__ = ["GAME", "Accumulator", "Figure", "z_for"]

#: The denominator of a per-game mean: every game counts 1.
GAME = "game"


def z_for(level: float) -> float:
    """The normal quantile of a two-sided interval at ``level`` (0.95 gives 1.96)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


@dataclass(frozen=True)
class Figure:
    """A ratio with its interval: ``value`` is Σx/Σy over ``games`` games, ``low`` and ``high`` the interval
    at ``level`` (``nan`` when fewer than two games have data)."""

    value: float
    low: float
    high: float
    games: int
    level: float = 0.95

    @property
    def width(self) -> float:
        return self.high - self.low

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, Any]:
        return {"value": _num(self.value), "low": _num(self.low), "high": _num(self.high), "games": self.games}


def _num(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 10)


@dataclass
class Accumulator:
    """Integer sums over games: per quantity Σx and Σx², per (quantity, denominator) pair Σxy, and the
    histograms of first-seen turns and of stay lengths by card."""

    turns: int
    games: int = 0
    sums: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)
    products: dict[str, int] = field(default_factory=dict)
    #: Per quantity, the games in which it was above 0: a figure over a denominator counts only the games that
    #: have some of it (the stays of a plane, the games it was seen in).
    present: dict[str, int] = field(default_factory=dict)
    first_seen: dict[str, dict[int, int]] = field(default_factory=dict)
    stay_lengths: dict[str, dict[int, int]] = field(default_factory=dict)

    def add(self, tally: GameTally) -> None:
        """Count one game."""
        self.games += 1
        q = tally.quantities
        sums, squares, products, present = self.sums, self.squares, self.products, self.present
        for name, x in q.items():
            sums[name] = sums.get(name, 0) + x
            squares[name] = squares.get(name, 0) + x * x
            if x:
                present[name] = present.get(name, 0) + 1
            for den in denominators_of(name):
                key = name + "|" + den
                products[key] = products.get(key, 0) + x * q.get(den, 0)
        for card, turn in tally.first_seen.items():
            hist = self.first_seen.setdefault(card, {})
            hist[turn] = hist.get(turn, 0) + 1
        for card, length in tally.stays:
            hist = self.stay_lengths.setdefault(card, {})
            hist[length] = hist.get(length, 0) + 1

    def merge(self, other: Accumulator) -> None:
        """Add another accumulator's games (of the same study)."""
        self.games += other.games
        pairs = (
            (self.sums, other.sums),
            (self.squares, other.squares),
            (self.products, other.products),
            (self.present, other.present),
        )
        for mine, theirs in pairs:
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        for mine_h, theirs_h in ((self.first_seen, other.first_seen), (self.stay_lengths, other.stay_lengths)):
            for card, hist in theirs_h.items():
                target = mine_h.setdefault(card, {})
                for k, v in hist.items():
                    target[k] = target.get(k, 0) + v

    def figure(self, numerator: str, denominator: str = GAME, *, level: float = 0.95) -> Figure:
        """The ratio Σ numerator / Σ denominator with its interval (the delta method over the games that have
        some of the denominator: all of them for a per-game figure). ``nan`` bounds with fewer than two."""
        sx = self.sums.get(numerator, 0)
        if denominator == GAME:
            n = self.games
            sy, syy, sxy = n, n, sx
        else:
            if denominator not in denominators_of(numerator):
                raise ValueError(f"{numerator} is not counted over {denominator}")
            n = self.present.get(denominator, 0)
            sy = self.sums.get(denominator, 0)
            syy = self.squares.get(denominator, 0)
            sxy = self.products.get(numerator + "|" + denominator, 0)
        if n == 0 or sy == 0:
            return Figure(math.nan, math.nan, math.nan, n, level)
        ratio = sx / sy
        if n < 2:
            return Figure(ratio, math.nan, math.nan, n, level)
        sxx = self.squares.get(numerator, 0)
        mean_y = sy / n
        # the sample variance of the residuals x - R y, from the integer sums (games without y have x = 0 too)
        residual = (sxx - 2 * ratio * sxy + ratio * ratio * syy) / (n - 1)
        se = math.sqrt(max(residual, 0.0) / n) / mean_y
        z = z_for(level)
        return Figure(ratio, ratio - z * se, ratio + z * se, n, level)

    def to_dict(self) -> dict[str, Any]:
        """A JSON form (keys sorted) from which :meth:`from_dict` makes the same accumulator."""
        return {
            "turns": self.turns,
            "games": self.games,
            "sums": dict(sorted(self.sums.items())),
            "squares": dict(sorted(self.squares.items())),
            "products": dict(sorted(self.products.items())),
            "present": dict(sorted(self.present.items())),
            "first_seen": {c: {str(k): v for k, v in sorted(h.items())} for c, h in sorted(self.first_seen.items())},
            "stay_lengths": {
                c: {str(k): v for k, v in sorted(h.items())} for c, h in sorted(self.stay_lengths.items())
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Accumulator:
        def hist(raw: Mapping[str, Mapping[str, int]]) -> dict[str, dict[int, int]]:
            return {c: {int(k): int(v) for k, v in h.items()} for c, h in raw.items()}

        return cls(
            turns=int(data["turns"]),
            games=int(data["games"]),
            sums=dict(data["sums"]),
            squares=dict(data["squares"]),
            products=dict(data["products"]),
            present=dict(data.get("present", {})),
            first_seen=hist(data["first_seen"]),
            stay_lengths=hist(data["stay_lengths"]),
        )


#: Per-card quantities and what they are counted over: "up:C" over the game's turns, "stay:C" over C's
#: stays, "first:C" (the turn C was first seen) over the games it was seen in; the rest per game.
_CARD_DENOMINATORS = {"up": "turns", "stay": "stays:", "first": "seen:"}
#: Game quantities counted over another: the die's faces over the dice rolled.
_DENOMINATORS = {"die.planeswalker": "die", "die.chaos": "die", "die.blank": "die"}


def denominator_of(quantity: str) -> str:
    """What a quantity is counted over, for the figure made of it (see ``docs/lab.md``).

    >>> denominator_of("up:Naar Isle"), denominator_of("stay:Naar Isle"), denominator_of("rolls")
    ('turns', 'stays:Naar Isle', 'game')
    """
    fixed = _DENOMINATORS.get(quantity)
    if fixed is not None:
        return fixed
    kind, sep, card = quantity.partition(":")
    if sep:
        den = _CARD_DENOMINATORS.get(kind)
        if den is not None:
            return den + card if den.endswith(":") else den
    return GAME


def is_denominator(quantity: str) -> bool:
    """Whether other quantities are counted over ``quantity`` (see :func:`denominator_of`).

    >>> is_denominator("turns"), is_denominator("stays:Naar Isle"), is_denominator("rolls")
    (True, True, False)
    """
    return quantity in ("turns", "die") or quantity.startswith(("stays:", "seen:"))


def denominators_of(quantity: str) -> tuple[str, ...]:
    """The denominators (other than the game) a quantity's figures use: its own, and the turns for the
    game quantities that are also given per turn."""
    den = denominator_of(quantity)
    if den != GAME:
        return (den,)
    return ("turns",) if quantity in PER_TURN else ()


#: The game quantities also given per turn.
PER_TURN = frozenset(
    {
        "rolls",
        "mana",
        "planeswalks",
        "chaos",
        "phenomena",
        "life.gained",
        "life.lost",
        "cards.drawn",
        "tokens",
        "counters",
    }
)
