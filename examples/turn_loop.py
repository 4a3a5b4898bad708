"""A small client of the engine protocol (docs/protocol.md): it plays one seeded game of each variant by the
documented turn loop, reading nothing but the ``status`` of each answer.

Usage::

    python examples/turn_loop.py [--engine "python -m planechase engine"] [--max-turns 60] [--max-actions 3000]

The engine command comes from ``--engine``, else the environment variable ``PLANECHASE_ENGINE_CMD``, else
this interpreter with ``-m planechase engine``. It prints one line per game and exits 0, or prints the
refused request with the engine's error and exits 1. Standard library only; turn_loop.mjs is the same in
JavaScript and prints the same lines.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
from typing import Any

PROTOCOL = "planechase-engine/1"
#: The status fields the turn loop reads beyond those of the first release (hello's ``features``).
NEEDED_FEATURES = ("status.stack", "status.roll", "status.advance_to")
#: A legal ten-card planar deck (901.3); every player gets a copy.
DECK = [
    "Aretopolis",
    "Pompeii",
    "Stairs to Infinity",
    "Temple of Atropos",
    "Norn's Seedcore",
    "Pools of Becoming",
    "Naar Isle",
    "Sokenzan",
    "Chaotic Aether",
    "Interplanar Tunnel",
]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
#: The steps before the precombat main phase: the loop advances to the main phase from these, to roll.
BEFORE_MAIN = ("untap", "upkeep", "draw")


def table(players: int, seed: int, **options: Any) -> dict[str, Any]:
    """A game config: ``players`` named seats, a copy of DECK each, a seed and the variant's options."""
    return {"players": NAMES[:players], "decks": [DECK] * players, "seed": seed, **options}


#: One game of each variant: (what the output line calls it, the config sent with ``new``).
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("free_for_all", table(2, 5)),
    ("free_for_all", table(4, 2)),
    ("two_headed_giant", table(4, 13, variant="two_headed_giant", team_size=2)),
    ("emperor", table(6, 3, variant="emperor", team_size=3)),
    # Grand Melee: one turn marker for each full four players (807.4a), so several turns run at once.
    ("grand_melee", table(10, 5, variant="grand_melee")),
    # The Eternities Map takes no `decks`: left out, its one deck is one of every plane.
    ("eternities_map", {"players": NAMES[:2], "seed": 6, "eternities_map": {"profile": "published"}}),
]


class RefusedError(Exception):
    """The engine answered ``ok: false``."""

    def __init__(self, request: dict[str, Any], error: Any) -> None:
        super().__init__(f"the engine refused {json.dumps(request)}: {json.dumps(error)}")
        self.request = request
        self.error = error


class Engine:
    """The engine as a child process: one JSON request per line in, one JSON answer per line out."""

    def __init__(self, command: list[str]) -> None:
        # stderr is inherited: the engine writes only diagnostics there.
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )
        self.next_id = 1

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its answer; raise RefusedError if the engine refused it."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        request = {"cmd": cmd, "id": self.next_id, **fields}
        self.next_id += 1
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()  # blocks until a whole line (one answer) has arrived
        if not line:
            raise RuntimeError(f"the engine closed its output (exit status {self.proc.wait()})")
        answer: dict[str, Any] = json.loads(line)
        if answer["id"] != request["id"]:
            raise RuntimeError(f"answer {answer['id']!r} to request {request['id']!r}: out of step")
        if not answer["ok"]:
            raise RefusedError(request, answer["error"])
        return answer

    def close(self) -> int:
        """Say quit, end its input (which also ends a session) and wait for the engine to exit."""
        self.request("quit")
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()


def next_action(status: dict[str, Any], count: int) -> dict[str, Any]:
    """The documented turn loop (docs/protocol.md, "The turn loop"): the next action from the status alone.
    ``count`` (the actions taken so far) picks a decision's option."""
    decision = status["decision"]
    if decision is not None:
        # Only `choose` is legal now. Which option: a simple rotation, so both examples play the same game.
        options = decision["options"]
        option = options[count % len(options)]["id"]
        return {"type": "choose", "player": decision["player"], "decision": decision["id"], "option": option}
    if status["stack"] > 0:  # everyone passes and the top of the stack resolves
        action = {"type": "resolve", "player": status["priority"]}
    elif status["roll"]["allowed"] and status["roll"]["cost"] == 0:  # the free roll of the turn (901.9)
        return {"type": "roll", "player": status["roll"]["player"]}
    else:  # pass until the main phase (to roll) or the next turn; stops early if something triggers
        before_main = status["step"] in BEFORE_MAIN and "precombat_main" in status["advance_to"]
        action = {
            "type": "advance",
            "player": status["priority"],
            "to": "precombat_main" if before_main else "next_turn",
        }
    # Grand Melee: each turn marker has its own stack and priority (807.5), and `status` describes the
    # focused one. A player holding priority for several stacks must name the marker (807.5b), so always
    # name the focused marker: the action is then for the stack the status describes. (`roll` and `choose`
    # take no marker, and outside Grand Melee `focus` is null and a marker is refused.)
    if status["focus"] is not None:
        action["marker"] = status["focus"]
    return action


def play(engine: Engine, label: str, config: dict[str, Any], max_turns: int, max_actions: int) -> str:
    """Play one game by the turn loop until it is over, passes max_turns or takes max_actions; its line."""
    answer = engine.request("new", config=config, view=False)
    status = answer["status"]
    actions = 0
    turn = status["turn"] or 0  # the highest turn number seen (Grand Melee's markers take turns at once)
    while not status["over"] and turn <= max_turns and actions < max_actions:
        action = next_action(status, actions)
        # state_id: the engine refuses the action (stale_state) unless the game is the one this status shows.
        answer = engine.request("act", action=action, state_id=answer["state_id"], view=False)
        status = answer["status"]
        actions += 1
        turn = max(turn, status["turn"] or 0)
    if status["over"]:
        names = config["players"]
        result = "winners: " + ", ".join(names[seat] for seat in status["winners"]) if status["winners"] else "a draw"
    else:
        result = "not over" + (" (action cap)" if actions >= max_actions else "")
    players = len(config["players"])
    return f"{label:<16} {players:>2} players  turns {min(turn, max_turns):>2}  actions {actions:>4}  {result}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play one game of each variant through the engine protocol.")
    parser.add_argument("--engine", help="the engine command (default: $PLANECHASE_ENGINE_CMD or this python)")
    parser.add_argument("--max-turns", type=int, default=60, help="stop a game after this many turns (60)")
    parser.add_argument("--max-actions", type=int, default=3000, help="stop a game after this many actions (3000)")
    args = parser.parse_args(argv)
    command = (
        args.engine or os.environ.get("PLANECHASE_ENGINE_CMD") or f"{shlex.quote(sys.executable)} -m planechase engine"
    )
    try:
        engine = Engine(shlex.split(command))
    except OSError as exc:
        print(f"cannot start the engine ({command}): {exc}", file=sys.stderr)
        return 1
    try:
        hello = engine.request("hello", protocol=PROTOCOL)
        if hello["protocol"] != PROTOCOL:
            raise RuntimeError(f"the engine speaks {hello['protocol']}, not {PROTOCOL}")
        missing = [f for f in NEEDED_FEATURES if f not in hello.get("features", [])]
        if missing:
            raise RuntimeError(f"the engine lacks the features {', '.join(missing)}")
        print(f"engine {hello['engine']} {hello['engine_version']}, protocol {hello['protocol']}")
        for label, config in GAMES:
            print(play(engine, label, config, args.max_turns, args.max_actions), flush=True)
        code = engine.close()
    except RefusedError as exc:
        print(f"the engine refused a request\n  request: {json.dumps(exc.request)}", file=sys.stderr)
        print(f"  error:   {json.dumps(exc.error)}", file=sys.stderr)
        engine.kill()
        return 1
    except (RuntimeError, OSError, ValueError, KeyError) as exc:
        print(f"error: {exc!r}", file=sys.stderr)
        engine.kill()
        return 1
    if code != 0:
        print(f"error: the engine exited with status {code}", file=sys.stderr)
        return 1
    print(f"all {len(GAMES)} games played without a refused action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
