"""planechase: a rules-exact engine for Magic: The Gathering's Planechase variant.

The quickest way in is :class:`Game`::

    >>> from planechase import Game, demo_config
    >>> game = Game(demo_config(["Alice", "Bob"], seed=42))
    >>> game.view()["face_up"][0]["name"]
    'Aretopolis'

For programs that keep their own states, the pure functions :func:`new_game` and :func:`apply`
return a new state and the events each time, never changing their input.

A game is played with the standard catalog of planar cards, :data:`CATALOG`, unless it is given another
(``Game(config, catalog)``, ``new_game(config, catalog)``, ``state_from_dict(data, catalog)``); the state
keeps it, so ``apply``, ``legal_actions`` and ``view`` need none. Here, at the top, is the only place the
defaults come from (:mod:`planechase.api`): the engine below is handed its catalog.
"""

from __future__ import annotations

from . import compiled as _compiled

_compiled.activate()  # the compiled engine, when it is built and up to date: before any engine module is imported

from .api import Game, apply, is_legal, legal_actions, new_game, state_from_dict, state_from_json, view
from .cards.catalog import CATALOG
from .core.actions import (
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Attack,
    Cast,
    Choose,
    Concede,
    Deploy,
    Lose,
    Pass,
    Report,
    Resolve,
    Roll,
    TrackPermanent,
    action_from_dict,
)
from .core.config import DEMO_DECK, GameConfig, demo_config
from .core.events import Event
from .core.state import Decision, DecisionKind, DieFace, GameState, PlayerStatus, Step
from .engine.game import Record
from .engine.reducer import StepResult, force
from .engine.serialize import state_to_dict, state_to_json
from .errors import (
    ConfigError,
    DeckError,
    IllegalActionError,
    InvalidActionError,
    PlanechaseError,
    ReplayError,
)

__version__ = "0.1.0"

__all__ = [
    "CATALOG",
    "DEMO_DECK",
    "Action",
    "AdjustLife",
    "AdjustPoison",
    "Advance",
    "Attack",
    "Cast",
    "Choose",
    "Concede",
    "ConfigError",
    "Decision",
    "DecisionKind",
    "DeckError",
    "Deploy",
    "DieFace",
    "Event",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "Lose",
    "Pass",
    "PlanechaseError",
    "PlayerStatus",
    "Record",
    "ReplayError",
    "Report",
    "Resolve",
    "Roll",
    "Step",
    "StepResult",
    "TrackPermanent",
    "action_from_dict",
    "apply",
    "demo_config",
    "force",
    "is_legal",
    "legal_actions",
    "new_game",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "view",
]
