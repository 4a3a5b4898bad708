"""Benchmark: random Planechase playouts against python-chess random playouts, in one run.

Usage::

    .venv/bin/python bench/bench_engine.py [--seconds 5] [--repeats 5] [--warmup 1] [--json out.json]

The Planechase side plays seeded random games (:mod:`planechase.sim.random_play`: 2 to 6 players,
random decks, a weighted random agent, at most ``--max-actions`` actions per game) with the pure
core: at each step ``legal_actions(state)``, the agent's choice, then ``apply(state, action)``.
It reports games per second and actions per second, both for the whole loop (agent included) and
for the engine alone (the time spent in ``legal_actions`` and ``apply``).

The python-chess side plays random games: ``list(board.legal_moves)``, a random move, ``board.push``,
until ``board.is_game_over()``; it reports moves per second. That is the pure-Python peer: the
issue's goal is at least as many engine actions per second as python-chess plays moves.

Each measurement runs for ``--seconds`` seconds and is repeated ``--repeats`` times, the two sides
alternating, after a warm-up; the table shows the median (and the range).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import chess

from planechase import apply, legal_actions, new_game
from planechase.sim.random_play import RandomAgent, random_config


@dataclass(frozen=True)
class Sample:
    """One timed repetition of one side."""

    seconds: float  # wall time of the repetition
    engine_seconds: float  # time inside the engine (legal moves/actions and applying them)
    games: int
    actions: int  # Planechase actions or chess moves
    over: int = 0  # Planechase games that ended (the others reached the action cap)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def engine_actions_per_second(self) -> float:
        return self.actions / self.engine_seconds if self.engine_seconds else 0.0


def planechase_playouts(seconds: float, *, first_seed: int, max_actions: int) -> tuple[Sample, int]:
    """Play random Planechase games for about ``seconds``; return the sample and the next seed."""
    clock = time.perf_counter
    games = actions = over = 0
    engine = 0.0
    seed = first_seed
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        rng = random.Random(seed)
        config = random_config(rng, seed=seed)
        agent = RandomAgent(rng)
        t0 = clock()
        state = new_game(config).state
        engine += clock() - t0
        for _ in range(max_actions):
            t0 = clock()
            legal = legal_actions(state)
            t1 = clock()
            if not legal:
                engine += t1 - t0
                break
            action = agent.choose(state, legal)
            t2 = clock()
            state = apply(state, action).state
            engine += (t1 - t0) + (clock() - t2)
            actions += 1
        games += 1
        over += state.over
        seed += 1
    return Sample(clock() - start, engine, games, actions, over), seed


def chess_playouts(seconds: float, *, seed: int) -> Sample:
    """Play random chess games with python-chess for about ``seconds``."""
    clock = time.perf_counter
    rng = random.Random(seed)
    games = moves = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        board = chess.Board()
        while not board.is_game_over():
            legal = list(board.legal_moves)
            board.push(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    elapsed = clock() - start
    return Sample(elapsed, elapsed, games, moves)


@dataclass(frozen=True)
class Summary:
    """The median of several samples, with the range."""

    name: str
    unit: str
    games_per_second: float
    actions_per_second: float
    engine_actions_per_second: float
    actions_per_second_min: float
    actions_per_second_max: float
    engine_actions_per_second_min: float
    engine_actions_per_second_max: float
    games: int
    actions: int
    over: int
    seconds: float
    repeats: int


def summarize(name: str, unit: str, samples: list[Sample]) -> Summary:
    per = [s.actions_per_second for s in samples]
    eng = [s.engine_actions_per_second for s in samples]
    return Summary(
        name=name,
        unit=unit,
        games_per_second=statistics.median(s.games_per_second for s in samples),
        actions_per_second=statistics.median(per),
        engine_actions_per_second=statistics.median(eng),
        actions_per_second_min=min(per),
        actions_per_second_max=max(per),
        engine_actions_per_second_min=min(eng),
        engine_actions_per_second_max=max(eng),
        games=sum(s.games for s in samples),
        actions=sum(s.actions for s in samples),
        over=sum(s.over for s in samples),
        seconds=sum(s.seconds for s in samples),
        repeats=len(samples),
    )


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": cpu_name(),
        "cores": os.cpu_count(),
        "planechase": _version("planechase"),
        "chess": _version("chess"),
    }


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


def run(seconds: float, repeats: int, warmup: float, max_actions: int, log: Callable[[str], None]) -> dict[str, Any]:
    """Warm up, then alternate the two sides ``repeats`` times; return the results as JSON-ready data."""
    log(f"warm-up ({warmup:g} s each)...")
    _, seed = planechase_playouts(warmup, first_seed=0, max_actions=max_actions)
    chess_playouts(warmup, seed=0)
    ours: list[Sample] = []
    theirs: list[Sample] = []
    for i in range(repeats):
        sample, seed = planechase_playouts(seconds, first_seed=seed, max_actions=max_actions)
        ours.append(sample)
        theirs.append(chess_playouts(seconds, seed=i + 1))
        log(
            f"repetition {i + 1}/{repeats}: planechase {sample.engine_actions_per_second:,.0f} engine actions/s, "
            f"chess {theirs[-1].actions_per_second:,.0f} moves/s"
        )
    pc = summarize("planechase", "actions", ours)
    ch = summarize("python-chess", "moves", theirs)
    return {
        "machine": machine(),
        "settings": {"seconds": seconds, "repeats": repeats, "warmup": warmup, "max_actions": max_actions},
        "planechase": asdict(pc),
        "chess": asdict(ch),
        "ratio_engine_actions_to_chess_moves": pc.engine_actions_per_second / ch.actions_per_second,
        "ratio_loop_actions_to_chess_moves": pc.actions_per_second / ch.actions_per_second,
    }


def table(results: dict[str, Any]) -> str:
    """A plain-text table of the medians."""
    pc, ch, m = results["planechase"], results["chess"], results["machine"]
    rows = [
        ("", "games/s", "steps/s (loop)", "steps/s (engine)", "range (engine)"),
        (
            "planechase (actions)",
            f"{pc['games_per_second']:,.1f}",
            f"{pc['actions_per_second']:,.0f}",
            f"{pc['engine_actions_per_second']:,.0f}",
            f"{pc['engine_actions_per_second_min']:,.0f}-{pc['engine_actions_per_second_max']:,.0f}",
        ),
        (
            "python-chess (moves)",
            f"{ch['games_per_second']:,.1f}",
            f"{ch['actions_per_second']:,.0f}",
            f"{ch['engine_actions_per_second']:,.0f}",
            f"{ch['actions_per_second_min']:,.0f}-{ch['actions_per_second_max']:,.0f}",
        ),
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(
        f"engine actions per chess move: {results['ratio_engine_actions_to_chess_moves']:.2f}x "
        f"(whole loop, agent included: {results['ratio_loop_actions_to_chess_moves']:.2f}x)"
    )
    s = results["settings"]
    lines.append(
        f"planechase: {pc['games']:,} games, {pc['actions'] / pc['games']:.0f} actions per game on average, "
        f"{pc['over'] / pc['games']:.0%} ended before the cap of {s['max_actions']} actions"
    )
    lines.append(
        f"median of {s['repeats']} x {s['seconds']:g} s; Python {m['python']} ({m['implementation']}), "
        f"{m['cores']} cores, {m['cpu']}; python-chess {m['chess']}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each timed repetition (default 5)")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions of each side (default 5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up per side in seconds (default 1)")
    parser.add_argument("--max-actions", type=int, default=300, help="action cap per Planechase game (default 300)")
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.warmup < 0:
        parser.error("--seconds must be positive, --repeats at least 1, --warmup not negative")

    def log(message: str) -> None:
        if not args.quiet:
            print(message, file=sys.stderr)

    results = run(args.seconds, args.repeats, args.warmup, args.max_actions, log)
    print(table(results))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
