"""Benchmark: what a long game costs to keep and to reload.

Usage::

    .venv/bin/python bench/bench_memory.py [--actions 10000] [--players 4] [--seed 7] [--json out.json]

Plays one long seeded game through :class:`planechase.Game` (four players with the demo decks and a
starting life of 1,000, so that nobody dies; a random agent that rolls, casts, resolves and moves on but
never concedes), then reports:

- the memory the game holds (its history: the actions, their events and the states it keeps), measured
  with :mod:`tracemalloc`, in bytes per action;
- how many states the history keeps (checkpoints and the latest ones; the others are rebuilt on undo);
- the size of the save (JSON) and the time to load it back (``Game.load``, which replays the log and
  checks every event), and the time for an undo to the middle of the game (rebuilt from a checkpoint).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from planechase import Game
from planechase.core.config import DEMO_DECK, GameConfig
from planechase.sim.random_play import RandomAgent, Weights

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


def long_game(actions: int, players: int, seed: int) -> Game:
    """Play ``actions`` actions of a seeded game nobody loses."""
    config = GameConfig(players=NAMES[:players], seed=seed, decks=(DEMO_DECK,) * players, starting_life=1000)
    agent = RandomAgent(random.Random(seed), Weights(concede=0, life=0, poison=0))
    game = Game(config)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.act(agent.choose(game.state, legal))
    return game


def measure(actions: int, players: int, seed: int) -> dict[str, Any]:
    """Play the game while tracing memory; then save, load and undo it, timed."""
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    game = long_game(actions, players, seed)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    played = len(game.history) - 1
    text = json.dumps(game.save())
    clock = time.perf_counter
    t0 = clock()
    loaded = Game.load(json.loads(text))
    load_seconds = clock() - t0
    assert loaded.state == game.state
    t0 = clock()
    game.undo_to(played // 2 + 1)
    undo_seconds = clock() - t0
    return {
        "actions": played,
        "players": players,
        "seed": seed,
        "bytes_held": held,
        "bytes_per_action": held / played,
        "states_kept": loaded.states_kept,
        "save_bytes": len(text.encode()),
        "load_seconds": load_seconds,
        "undo_to_middle_seconds": undo_seconds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--actions", type=int, default=10_000, help="actions to play (default 10,000)")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7), help="players (2 to 6, default 4)")
    parser.add_argument("--seed", type=int, default=7, help="the game's seed (default 7)")
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file")
    args = parser.parse_args(argv)
    if not 1 <= args.actions <= 1_000_000:
        parser.error("--actions must be from 1 to 1,000,000")
    print(f"playing {args.actions:,} actions...", file=sys.stderr)
    results = measure(args.actions, args.players, args.seed)
    print(
        f"{results['actions']:,} actions, {results['players']} players: "
        f"{results['bytes_held'] / 1e6:.1f} MB held, {results['bytes_per_action']:,.0f} bytes per action, "
        f"{results['states_kept']} states kept\n"
        f"save {results['save_bytes'] / 1e6:.1f} MB, loaded (replayed and checked) in {results['load_seconds']:.2f} s; "
        f"undo to the middle in {results['undo_to_middle_seconds'] * 1000:.1f} ms"
    )
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
