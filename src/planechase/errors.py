"""The engine's small error hierarchy.

Every error is a :class:`ValueError`, so callers that do not care about the detail can catch that.
An :class:`IllegalActionError` names the Comprehensive Rules rule the refused action breaks; the
state it was tried against is never changed.

>>> err = IllegalActionError("901.9", "only the active player may roll the planar die")
>>> str(err)
'901.9: only the active player may roll the planar die'
"""

from __future__ import annotations


class PlanechaseError(ValueError):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(PlanechaseError):
    """A well-formed action that the rules do not allow now. ``rule`` is the CR rule it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class InvalidActionError(PlanechaseError):
    """An action that is malformed: an unknown type, a missing field, a seat that does not exist."""


class ConfigError(PlanechaseError):
    """A game configuration that cannot start a game (bad players, unknown cards, illegal decks)."""


class DeckError(ConfigError):
    """A planar deck that breaks 901.3 or 901.15a, or names a card that does not exist."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        self.message = message


class ReplayError(PlanechaseError):
    """A saved game or log that does not replay to the events it recorded."""
