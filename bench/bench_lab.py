"""Benchmark: the planar-deck lab's games per second, per core, and its scaling from one worker to all.

Usage::

    .venv/bin/python bench/bench_lab.py [--games 10000] [--turns 30] [--players 2] [--policy free]
                                        [--workers 1,2] [--profile 300] [--json out.json]

Each worker count plays the same study (``planechase lab``'s: the demo deck, the study's seed, blocks of 250
games merged in order), timed from start to report (processes started, games played, blocks merged); the
table shows games per second, per core, and the speed-up over one worker. The issue's goal: 10,000 two-player
games of 30 turns with the ``free`` policy in under 60 s on two cores.

``--profile N`` also plays N games in this process under ``cProfile`` and says where the time goes: the engine
(``apply``, which checks and performs each action, and ``new_game``), the lab's counting of events, the
policy, and the rest.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import sys
import time
from typing import Any

from planechase import compiled
from planechase.core.config import DEMO_DECK
from planechase.lab.play import GameSetup, game_seed, play_game
from planechase.lab.policies import policy_from_spec
from planechase.lab.study import Arm, StudySpec, default_workers, run_study

#: Where the profile's time is put, by the module a function is in (first match wins).
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("counting the events (lab)", ("planechase/lab/play.py", "planechase/lab/stats.py")),
    ("the policy (lab)", ("planechase/lab/policies.py",)),
    (
        "the engine",
        ("planechase/engine/", "planechase/core/", "planechase/planar/", "planechase/cards/", "planechase/variants/"),
    ),
)


def study(games: int, turns: int, players: int, policy: str, workers: int) -> dict[str, Any]:
    spec = StudySpec(
        arms=(Arm("demo", GameSetup(DEMO_DECK, players=players, turns=turns), policy),), games=games, seed=2026
    )
    started = time.perf_counter()
    result = run_study(spec, workers=workers)
    seconds = time.perf_counter() - started
    return {
        "workers": workers,
        "games": result.games,
        "seconds": round(seconds, 2),
        "games_per_s": round(result.games / seconds, 1),
        "games_per_s_per_core": round(result.games / seconds / workers, 1),
        "turns_per_s": round(result.arms[0].sums["turns"] / seconds),
    }


def profile(games: int, turns: int, players: int, policy: str) -> dict[str, float]:
    """Share of the time of ``games`` games played here, by part (see :data:`PARTS`): each function's own time
    (``tottime``) counts for the part its module belongs to."""
    setup = GameSetup(DEMO_DECK, players=players, turns=turns)
    made = policy_from_spec(policy)
    profiler = cProfile.Profile()
    profiler.enable()
    for index in range(games):
        play_game(setup, made, seed=game_seed(2026, index))
    profiler.disable()
    stats = pstats.Stats(profiler)
    parts: dict[str, float] = {name: 0.0 for name, _ in PARTS}
    parts["the rest (Python, dataclasses, the standard library)"] = 0.0
    total = 0.0
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += own
        for name, needles in PARTS:
            if any(needle in filename for needle in needles):
                parts[name] += own
                break
        else:
            parts["the rest (Python, dataclasses, the standard library)"] += own
    return {name: round(100 * value / total, 1) for name, value in parts.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--policy", default="free")
    parser.add_argument("--workers", default=f"1,{default_workers()}", help="worker counts, separated by commas")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile N games in this process")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args(argv)
    counts = sorted({int(w) for w in args.workers.split(",") if w.strip()})
    engine = compiled.status().mode
    print(
        f"# planechase lab: {args.games:,} games of {args.turns} turns, {args.players} players, policy "
        f"{args.policy}; {engine} engine; Python {platform.python_version()}, {default_workers()} cores"
    )
    rows = []
    for workers in counts:
        row = study(args.games, args.turns, args.players, args.policy, workers)
        rows.append(row)
        base = rows[0]["games_per_s"]
        print(
            f"workers {workers}: {row['seconds']:8.2f} s  {row['games_per_s']:8.1f} games/s  "
            f"{row['games_per_s_per_core']:7.1f} games/s/core  x{row['games_per_s'] / base:.2f}",
            flush=True,
        )
    parts = profile(args.profile, args.turns, args.players, args.policy) if args.profile else {}
    for name, share in parts.items():
        print(f"  {share:5.1f}%  {name}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"engine": engine, "args": vars(args), "runs": rows, "profile": parts}, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
