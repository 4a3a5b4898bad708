"""JSON forms of game states, for saves, the engine protocol and round-trip checks.

The catalog a game is played with is not part of its JSON form: a state is loaded with one.

>>> from planechase.cards.catalog import CATALOG
>>> from planechase.core.config import demo_config
>>> from planechase.engine.reducer import new_game
>>> state = new_game(demo_config(seed=5), CATALOG).state
>>> loaded = state_from_dict(state_to_dict(state), CATALOG)
>>> loaded == state, loaded.catalog is CATALOG
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import cattrs

from ..cards.model import Catalog
from ..core.state import GameState
from ..errors import PlanechaseError

_converter = cattrs.Converter()

#: The version of the state's JSON form; bumped when its shape changes.
STATE_FORMAT_VERSION = 1


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The JSON-ready form of ``state`` (including the generator, so a loaded game goes on identically)."""
    data: dict[str, Any] = _converter.unstructure(state)
    data["format_version"] = STATE_FORMAT_VERSION
    return data


def state_from_dict(data: dict[str, Any], catalog: Catalog) -> GameState:
    """Rebuild a state from :func:`state_to_dict`'s output, played with ``catalog``; raises
    :class:`PlanechaseError` if it is not one."""
    body = dict(data)
    version = body.pop("format_version", None)
    if version != STATE_FORMAT_VERSION:
        raise PlanechaseError("unsupported state format version {version}", version=repr(version))
    try:
        state = _converter.structure(body, GameState)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise PlanechaseError("not a valid game state: {error}", error=str(exc)) from exc
    return _with_catalog(state, catalog)


def _with_catalog(state: GameState, catalog: Catalog) -> GameState:
    """``state`` (a fresh one) and the states it waits to resume from, all played with ``catalog``."""
    state = state.with_catalog(catalog)
    if state.pending is not None:
        state.pending = replace(state.pending, base=_with_catalog(state.pending.base, catalog))
    return state


def state_to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))


def state_from_json(text: str, catalog: Catalog) -> GameState:
    return state_from_dict(json.loads(text), catalog)
