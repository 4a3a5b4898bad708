"""After an action a table's clients get only what changed in the view; applying it to the view they have must
give exactly the new view, in every variant, whatever changed (players leaving, the stack, the map)."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from planechase import new_game
from planechase.engine.views import view
from planechase.server.rooms import apply_changes, view_changes
from planechase.sim.random_play import RandomAgent, play_random_game, random_config


def _as_sent(value: dict[str, Any]) -> dict[str, Any]:
    """A view as a client has it: through JSON (tuples become lists, keys strings)."""
    parsed: dict[str, Any] = orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))
    return parsed


@pytest.mark.parametrize("seed", range(40))
def test_the_changes_of_every_step_of_a_random_game_rebuild_the_next_view(seed: int) -> None:
    rng = random.Random(seed)
    config = random_config(rng, seed=seed)
    steps: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def observe(state: Any, legal: Any, action: Any, step: Any) -> None:
        steps.append((view(state, None), view(step.state, None)))

    play_random_game(config, RandomAgent(rng), max_actions=150, observer=observe)
    assert steps
    patched = 0
    for before, after in steps:
        changes, patch = view_changes(before, after)
        message = _as_sent({"changes": changes, "patch": patch})
        assert apply_changes(_as_sent(before), message) == _as_sent(after)
        assert not set(changes) & set(patch)
        patched += bool(patch)
    assert patched  # the item patches were exercised, not only whole fields


def test_a_list_that_changes_length_or_shape_is_sent_whole() -> None:
    before = {"stack": [{"id": 1}], "players": [{"seat": 0, "life": 20}], "visited": ["A"]}
    after = {"stack": [{"id": 1}, {"id": 2}], "players": [{"seat": 0, "life": 20, "new": 1}], "visited": ["B"]}
    changes, patch = view_changes(before, after)
    assert changes == after and patch == {}


def test_an_unchanged_view_sends_nothing() -> None:
    state = new_game(random_config(random.Random(3), seed=3)).state
    assert view_changes(view(state, None), view(state, None)) == ({}, {})
