"""Benchmark: the engine protocol's turn loop against the in-process engine, on the same games, in one run.

Usage::

    .venv/bin/python bench/bench_protocol.py [--games 60] [--max-actions 200] [--json out.json]

Both sides play the same seeded games with the same choices, by the turn loop ``docs/protocol.md`` documents,
reading only the ``status`` (:func:`planechase.protocol.loop.turn_loop_action`). A pending decision is answered
with a random option. The top of the stack is resolved. The free roll of each main phase is taken. Otherwise the
game advances to the precombat main phase, or to the next turn.

- **In process**: ``planechase.engine.views.status(game.state)``, the choice, ``Game.act()`` with the action's
  JSON form.
- **Over the protocol**: a client drives ``planechase engine`` through its pipe, as a program in another
  language would. Each ``act`` asks ``"view": false, "text": false``, so the answer carries the events (without
  their English sentences) and the status: one request per action, and no full view. The client parses every
  answer (with orjson, as a Python client that cares for speed would; the engine answers with it too).

- **A turn a request**: the same client sends the rest of each turn, and turns after it, as one ``batch`` request
  (advance to the main phase, the free roll, advance to the next turn, with ``"auto": ["resolve"]``), and a
  decision's choice with the rest of its turn; it reads the status and what was done (``"events": false``).
  The engine stops a batch wherever the loop could do otherwise, so the games are the same (checked).

``--legal`` also has both sides list the legal actions at every step (``"legal": true`` on the protocol), as a
client choosing among all of them would.

The table gives actions per second for each side and their ratio. The goal (issue 22): the protocol at least
0.8 times the in-process rate.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import orjson

from planechase import Game, compiled
from planechase.core.config import GameConfig
from planechase.engine.views import status
from planechase.protocol.loop import turn_loop_action, turn_plan
from planechase.sim.random_play import PLAYER_NAMES, legal_deck


def configs(games: int) -> list[GameConfig]:
    """Free-for-All games of 2 to 4 players with random legal decks, one per seed."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        players = rng.randint(2, 4)
        decks = tuple(legal_deck(rng) for _ in range(players))
        out.append(replace(GameConfig(players=PLAYER_NAMES[:players], decks=decks), seed=seed, starting_player=0))
    return out


def in_process(
    configs: list[GameConfig], max_actions: int, legal: bool
) -> tuple[int, float, list[list[dict[str, Any]]]]:
    """Play every game here; the actions taken (to check the protocol side plays the same) and the time."""
    played: list[list[dict[str, Any]]] = []
    total = 0
    started = time.perf_counter()
    for config in configs:
        rng = random.Random(config.seed)
        game = Game(config)
        taken: list[dict[str, Any]] = []
        for _ in range(max_actions):
            if legal:
                [a.to_dict() for a in game.legal_actions()]
            action = turn_loop_action(status(game.state), rng)
            if action is None:
                break
            game.act(action)
            taken.append(action)
        played.append(taken)
        total += len(taken)
    return total, time.perf_counter() - started, played


Ask = Callable[[dict[str, Any]], dict[str, Any]]


def start_engine() -> tuple[subprocess.Popen[bytes], Ask]:
    """``planechase engine`` in a process of its own, and the client's ask: a request out, its answer in (parsed;
    a refusal raises)."""
    engine = subprocess.Popen(
        [sys.executable, "-m", "planechase", "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert engine.stdin is not None and engine.stdout is not None
    stdin, stdout = engine.stdin, engine.stdout

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        stdin.write(orjson.dumps(request) + b"\n")
        stdin.flush()
        answer: dict[str, Any] = orjson.loads(stdout.readline())
        if not answer.get("ok"):
            raise RuntimeError(f"the engine refused {request}: {answer}")
        return answer

    return engine, ask


def over_the_protocol(
    configs: list[GameConfig], max_actions: int, legal: bool
) -> tuple[int, float, list[list[dict[str, Any]]]]:
    """Play every game through ``planechase engine``'s pipe, one request and one answer per action."""
    engine, ask = start_engine()
    ask({"cmd": "hello", "id": 0})  # the process is up before the clock starts
    played: list[list[dict[str, Any]]] = []
    total = 0
    started = time.perf_counter()
    for config in configs:
        rng = random.Random(config.seed)
        answer = ask({"cmd": "new", "config": config.to_dict(), "view": False, "legal": legal, "text": False})
        taken: list[dict[str, Any]] = []
        for _ in range(max_actions):
            action = turn_loop_action(answer["status"], rng)
            if action is None:
                break
            answer = ask({"cmd": "act", "action": action, "view": False, "legal": legal, "text": False})
            taken.append(action)
        played.append(taken)
        total += len(taken)
    seconds = time.perf_counter() - started
    ask({"cmd": "quit"})
    engine.wait(timeout=30)
    return total, seconds, played


def over_the_protocol_batched(
    configs: list[GameConfig], max_actions: int, legal: bool
) -> tuple[int, float, list[list[dict[str, Any]]]]:
    """Play every game through the pipe a turn per request (``batch``, see :func:`turn_plan`); the actions the
    engine took (the automatic resolves included), cut at ``max_actions`` as the in-process loop stops there."""
    engine, ask = start_engine()
    ask({"cmd": "hello", "id": 0})
    played: list[list[dict[str, Any]]] = []
    total = 0
    options = {"view": False, "legal": legal, "events": False}  # the plan needs the status and what was done
    started = time.perf_counter()
    for config in configs:
        rng = random.Random(config.seed)
        answer = ask({"cmd": "new", "config": config.to_dict(), **options})
        taken: list[dict[str, Any]] = []
        while len(taken) < max_actions:
            # a turn is about four actions: plan the turns left before the cap, twenty at most
            plan = turn_plan(answer["status"], rng, turns=max(1, min(20, (max_actions - len(taken)) // 4)))
            if plan is None:
                break
            answer = ask({"cmd": "batch", "actions": plan, "auto": ["resolve"], **options})
            taken += answer["applied"]
        played.append(taken[:max_actions])
        total += len(played[-1])
    seconds = time.perf_counter() - started
    ask({"cmd": "quit"})
    engine.wait(timeout=30)
    return total, seconds, played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--max-actions", type=int, default=200)
    parser.add_argument("--legal", action="store_true", help="list the legal actions at every step, on both sides")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    games = configs(args.games)
    here, here_s, here_played = in_process(games, args.max_actions, args.legal)
    there, there_s, there_played = over_the_protocol(games, args.max_actions, args.legal)
    batched, batched_s, batched_played = over_the_protocol_batched(games, args.max_actions, args.legal)
    if here_played != there_played or here_played != batched_played:
        raise SystemExit("the three ways did not play the same games")
    here_rate, there_rate, batched_rate = here / here_s, there / there_s, batched / batched_s
    listing = ", legal actions listed at every step" if args.legal else ""
    print(
        f"# engine protocol vs in process: {args.games} games, {here:,} actions{listing}; "
        f"{compiled.status().mode} engine; Python {platform.python_version()}"
    )
    print(f"in process:        {here_rate:9,.0f} actions/s  ({here_s:.2f} s)")
    print(f"over the protocol: {there_rate:9,.0f} actions/s  ({there_s:.2f} s)")
    print(f"ratio:             {there_rate / here_rate:9.2f}")
    print(f"a turn a request:  {batched_rate:9,.0f} actions/s  ({batched_s:.2f} s)")
    print(f"ratio:             {batched_rate / here_rate:9.2f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(
                {
                    "actions": here,
                    "in_process": here_rate,
                    "protocol": there_rate,
                    "legal": args.legal,
                    "ratio": there_rate / here_rate,
                    "batched": batched_rate,
                    "batched_ratio": batched_rate / here_rate,
                    "engine": compiled.status().mode,
                },
                handle,
                indent=2,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
