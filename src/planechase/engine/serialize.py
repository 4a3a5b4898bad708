"""JSON forms of game states, for saves, the engine protocol and round-trip checks.

>>> from planechase.engine.config import demo_config
>>> from planechase.engine.reducer import new_game
>>> state = new_game(demo_config(seed=5)).state
>>> state_from_dict(state_to_dict(state)) == state
True
"""

from __future__ import annotations

import json
from typing import Any

import cattrs

from .errors import PlanechaseError
from .state import GameState

_converter = cattrs.Converter()

#: The version of the state's JSON form; bumped when its shape changes.
STATE_FORMAT_VERSION = 1


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The JSON-ready form of ``state`` (including the generator, so a loaded game goes on identically)."""
    data: dict[str, Any] = _converter.unstructure(state)
    data["format_version"] = STATE_FORMAT_VERSION
    return data


def state_from_dict(data: dict[str, Any]) -> GameState:
    """Rebuild a state from :func:`state_to_dict`'s output; raises :class:`PlanechaseError` if it is not one."""
    body = dict(data)
    version = body.pop("format_version", None)
    if version != STATE_FORMAT_VERSION:
        raise PlanechaseError(f"unsupported state format version {version!r}")
    try:
        return _converter.structure(body, GameState)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise PlanechaseError(f"not a valid game state: {exc}") from exc


def state_to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))


def state_from_json(text: str) -> GameState:
    return state_from_dict(json.loads(text))
