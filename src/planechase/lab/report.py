"""A study's figures as tables (rows of plain values), JSON, CSV and Parquet.

Every number comes from the integer sums of :class:`~planechase.lab.stats.Accumulator`, rounded to ten
digits, and rows come in a fixed order, so the same study gives the same bytes whoever played it.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..cards.catalog import CATALOG
from .stats import GAME, PER_TURN, Figure, z_for
from .study import StudyResult

__all__ = ["GAME_FIGURES", "TABLES", "report_dict", "tables", "write_csv", "write_json", "write_parquet"]

#: The game figures: (quantity, what it counts), in report order.
GAME_FIGURES: tuple[tuple[str, str], ...] = (
    ("turns", "turns played"),
    ("rolls", "planar die rolls (the special action, 901.9)"),
    ("mana", "mana spent on rolls"),
    ("planeswalks", "planar cards turned face up by planeswalking"),
    ("chaos", "times chaos ensued"),
    ("phenomena", "phenomena encountered"),
    ("life.gained", "life gained by planar abilities"),
    ("life.lost", "life lost by planar abilities"),
    ("cards.drawn", "cards drawn by planar abilities"),
    ("tokens", "token-making instructions, per player instructed"),
    ("counters", "counters put on planar cards"),
)

#: The tables a report holds, in order.
TABLES: tuple[str, ...] = ("summary", "cards", "first_seen", "stays", "differences")


def _value(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 10)


def _row(arm: str, figure: str, unit: str, f: Figure, **extra: Any) -> dict[str, Any]:
    return {
        "arm": arm,
        "figure": figure,
        "unit": unit,
        **extra,
        "value": _value(f.value),
        "low": _value(f.low),
        "high": _value(f.high),
        "games": f.games,
    }


def _figures(result: StudyResult, arm: int) -> Iterator[tuple[str, str, str, str]]:
    """Each figure of an arm: (name, unit, numerator, denominator)."""
    for quantity, _ in GAME_FIGURES:
        yield quantity, "per game", quantity, GAME
        if quantity in PER_TURN:
            yield quantity, "per turn", quantity, "turns"
    acc = result.arms[arm]
    if acc.sums.get("die", 0):
        yield "die.planeswalker", "share of dice rolled", "die.planeswalker", "die"
        yield "die.chaos", "share of dice rolled", "die.chaos", "die"


def _card_figures(card: str) -> Iterator[tuple[str, str, str, str]]:
    if CATALOG.get(card).is_phenomenon:
        yield "encounters", "per game", "encounters:" + card, GAME
    else:
        yield "turns face up", "share of turns", "up:" + card, "turns"
        yield "visits", "per game", "visits:" + card, GAME
        yield "stay", "turns per stay", "stay:" + card, "stays:" + card
    yield "seen", "share of games", "seen:" + card, GAME
    yield "first seen", "turn, when seen", "first:" + card, "seen:" + card


def _deck_cards(result: StudyResult, arm: int) -> list[str]:
    return sorted(set(result.spec.arms[arm].setup.deck))


def wilson(successes: int, n: int, level: float) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(50, 100, 0.95)]
    [0.404, 0.596]
    """
    if n == 0:
        return math.nan, math.nan
    z = z_for(level)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def tables(result: StudyResult) -> dict[str, list[dict[str, Any]]]:
    """Every table of the report: ``summary`` (game figures), ``cards`` (figures per card), ``first_seen``
    (the share of games a card was seen in by each turn), ``stays`` (stay lengths) and ``differences``
    (each later arm minus the first, paired over the same games)."""
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    level = result.spec.level
    for i, arm in enumerate(result.spec.arms):
        acc = result.arms[i]
        for name, unit, num, den in _figures(result, i):
            out["summary"].append(_row(arm.label, name, unit, result.figure(i, num, den)))
        for card in _deck_cards(result, i):
            for name, unit, num, den in _card_figures(card):
                out["cards"].append(_row(arm.label, name, unit, result.figure(i, num, den), card=card))
            hist = acc.first_seen.get(card, {})
            seen = 0
            for turn in range(1, arm.setup.turns + 1):
                seen += hist.get(turn, 0)
                low, high = wilson(seen, acc.games, level)
                out["first_seen"].append(
                    {
                        "arm": arm.label,
                        "card": card,
                        "turn": turn,
                        "value": _value(seen / acc.games if acc.games else math.nan),
                        "low": _value(low),
                        "high": _value(high),
                        "games": acc.games,
                    }
                )
            stays = acc.stay_lengths.get(card, {})
            total = sum(stays.values())
            for length in sorted(stays):
                out["stays"].append(
                    {
                        "arm": arm.label,
                        "card": card,
                        "length": length,
                        "stays": stays[length],
                        "share": _value(stays[length] / total),
                    }
                )
        if i == 0:
            continue
        for name, unit, num, den in _figures(result, i):
            if den == "die" and not result.arms[0].sums.get("die", 0):
                continue
            out["differences"].append(
                _row(arm.label, name, unit, result.difference(i, num, den), card="", versus=result.spec.arms[0].label)
            )
        common = sorted(set(_deck_cards(result, i)) & set(_deck_cards(result, 0)))
        for card in common:
            for name, unit, num, den in _card_figures(card):
                out["differences"].append(
                    _row(
                        arm.label,
                        name,
                        unit,
                        result.difference(i, num, den),
                        card=card,
                        versus=result.spec.arms[0].label,
                    )
                )
    return out


def study_description(result: StudyResult) -> dict[str, Any]:
    """The study's parameters as the report records them."""
    spec = result.spec
    return {
        "seed": spec.seed,
        "games": result.games,
        "stopped": result.stopped,
        "precision": spec.precision if spec.games is None else None,
        "level": spec.level,
        "arms": [
            {
                "label": arm.label,
                "policy": arm.policy,
                "deck": list(arm.setup.deck),
                "shared": arm.setup.shared,
                "players": arm.setup.players,
                "turns": arm.setup.turns,
                "variant": arm.setup.variant,
                "team_size": arm.setup.team_size,
                "map": arm.setup.map_profile,
            }
            for arm in spec.arms
        ],
    }


def report_dict(result: StudyResult) -> dict[str, Any]:
    """The whole report as one JSON-ready dict: ``study`` and every table."""
    return {"study": study_description(result), **tables(result)}


def write_json(result: StudyResult, path: Path) -> Path:
    path.write_text(
        json.dumps(report_dict(result), ensure_ascii=False, sort_keys=True, indent=1) + "\n", encoding="utf-8"
    )
    return path


def write_csv(data: dict[str, list[dict[str, Any]]], folder: Path) -> list[Path]:
    """One CSV file per table (``summary.csv``, ...), with a header row."""
    written = []
    for name in TABLES:
        rows = data[name]
        if not rows:
            continue
        path = folder / f"{name}.csv"
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        written.append(path)
    return written


def write_parquet(data: dict[str, list[dict[str, Any]]], folder: Path) -> list[Path]:
    """One Parquet file per table, with pyarrow (the ``lab`` extra); raises ``ImportError`` without it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    written = []
    for name in TABLES:
        rows = data[name]
        if not rows:
            continue
        path = folder / f"{name}.parquet"
        pq.write_table(pa.Table.from_pylist(rows), path)
        written.append(path)
    return written
