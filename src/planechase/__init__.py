"""planechase: a rules-exact engine for Magic: The Gathering's Planechase variant.

The quickest way in is :class:`Game`::

    >>> from planechase import Game, demo_config
    >>> game = Game(demo_config(["Alice", "Bob"], seed=42))
    >>> game.view()["face_up"][0]["name"]
    'Aretopolis'

For programs that keep their own states, the pure functions :func:`new_game` and :func:`apply`
return a new state and the events each time, never changing their input.
"""

from __future__ import annotations

from .cards.catalog import CATALOG
from .engine.actions import (
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Cast,
    Choose,
    Concede,
    Lose,
    Pass,
    Report,
    Resolve,
    Roll,
    action_from_dict,
)
from .engine.config import DEMO_DECK, GameConfig, demo_config
from .engine.errors import (
    ConfigError,
    DeckError,
    IllegalActionError,
    InvalidActionError,
    PlanechaseError,
    ReplayError,
)
from .engine.events import Event
from .engine.game import Game, Record
from .engine.reducer import StepResult, apply, force, is_legal, legal_actions, new_game
from .engine.serialize import state_from_dict, state_from_json, state_to_dict, state_to_json
from .engine.state import Decision, DecisionKind, DieFace, GameState, PlayerStatus, Step
from .engine.views import view

__version__ = "0.1.0"

__all__ = [
    "CATALOG",
    "DEMO_DECK",
    "Action",
    "AdjustLife",
    "AdjustPoison",
    "Advance",
    "Cast",
    "Choose",
    "Concede",
    "ConfigError",
    "Decision",
    "DecisionKind",
    "DeckError",
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
