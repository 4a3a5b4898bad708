"""The example clients in examples/ (turn_loop.py, and turn_loop.mjs when Node.js is installed) play one game of
each variant through ``python -m planechase engine`` by the documented turn loop, without a refused action."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
ENGINE = f"{shlex.quote(sys.executable)} -m planechase engine"
#: Generous: each example takes about a second, but the machine may be busy.
TIMEOUT = 600
MAX_TURNS = 20
#: The games each example plays, in order: the first word of each game's line.
GAMES = ["free_for_all", "free_for_all", "two_headed_giant", "emperor", "grand_melee", "eternities_map"]
#: The number of players of each game.
PLAYERS = [2, 4, 4, 6, 10, 2]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH")

#: A stand-in engine that refuses every request, as an engine refuses an illegal action.
REFUSING_ENGINE = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    rid = json.loads(line).get('id')\n"
    "    error = {'code': 'illegal_action', 'message': 'no, never', 'rule': '117.1'}\n"
    "    print(json.dumps({'id': rid, 'ok': False, 'type': None, 'state_id': 0, 'actions_taken': None,"
    " 'error': error}), flush=True)\n"
)


def run(command: list[str], engine: str = ENGINE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*command, "--engine", engine, "--max-turns", str(MAX_TURNS)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        check=False,
    )


def python_example() -> list[str]:
    return [sys.executable, str(EXAMPLES / "turn_loop.py")]


def node_example() -> list[str]:
    assert NODE is not None
    return [NODE, str(EXAMPLES / "turn_loop.mjs")]


def check_games(result: subprocess.CompletedProcess[str]) -> None:
    """Exit 0; a line naming the engine, one line per game (each variant, capped turns), then the all-clear."""
    assert result.returncode == 0, result.stderr
    first, *games, last = result.stdout.splitlines()
    assert first.startswith("engine planechase ") and first.endswith("protocol planechase-engine/1")
    assert [line.split()[0] for line in games] == GAMES
    for line, players in zip(games, PLAYERS, strict=True):
        words = line.split()
        assert words[1:3] == [str(players), "players"], line
        assert words[3] == "turns" and 1 <= int(words[4]) <= MAX_TURNS, line
        assert words[5] == "actions" and int(words[6]) > 0, line
        assert " ".join(words[7:]) == "not over" or words[7] in ("winners:", "a"), line
    assert last == f"all {len(GAMES)} games played without a refused action"


@pytest.fixture(scope="module")
def python_run() -> subprocess.CompletedProcess[str]:
    return run(python_example())


def test_python_example_plays_every_variant(python_run: subprocess.CompletedProcess[str]) -> None:
    check_games(python_run)
    for variant in ("free_for_all", "two_headed_giant", "emperor", "grand_melee", "eternities_map"):
        assert variant in python_run.stdout


@needs_node
def test_node_example_plays_every_variant_as_the_python_one_does(
    python_run: subprocess.CompletedProcess[str],
) -> None:
    result = run(node_example())
    check_games(result)
    # The same seeds and the same choices: the same games, line for line.
    assert result.stdout == python_run.stdout


@pytest.mark.parametrize(
    "example", [python_example, pytest.param(node_example, marks=needs_node)], ids=["python", "node"]
)
def test_a_refused_request_is_shown_and_exits_1(example: Callable[[], list[str]]) -> None:
    result = run(example(), engine=f"{shlex.quote(sys.executable)} -c {shlex.quote(REFUSING_ENGINE)}")
    assert result.returncode == 1
    assert "the engine refused a request" in result.stderr
    assert '"cmd"' in result.stderr and '"hello"' in result.stderr  # the request
    assert "illegal_action" in result.stderr and "no, never" in result.stderr  # and the error
