"""The public API's defaults: the standard catalog (:data:`planechase.cards.catalog.CATALOG`), supplied where
a game starts or a state is loaded, and for a state that has none.

The engine below is handed its catalog; these are the calls people make without one. A state keeps the
catalog it was started or loaded with, so ``apply``, ``legal_actions``, ``is_legal`` and ``view`` use that
one; only a state made by hand (or with :func:`dataclasses.replace`, which does not carry it over) falls back
to the standard catalog here.

>>> from planechase import CATALOG, demo_config
>>> new_game(demo_config(seed=1)).state.catalog is CATALOG
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from .cards.catalog import CATALOG
from .cards.model import Catalog
from .core.actions import Action
from .core.config import GameConfig
from .core.state import GameState
from .engine import game as _game
from .engine import legality as _legality
from .engine import reducer as _reducer
from .engine import serialize as _serialize
from .engine import views as _views
from .engine.game import Record

__all__ = ["Game", "apply", "is_legal", "legal_actions", "new_game", "state_from_dict", "state_from_json", "view"]


def _catalog(state: GameState, catalog: Catalog | None) -> Catalog:
    """``catalog`` if given, else the state's, else the standard one."""
    return state.catalog_or(CATALOG) if catalog is None else catalog


def new_game(config: GameConfig, catalog: Catalog = CATALOG, *, forced: Sequence[str] = ()) -> _reducer.StepResult:
    """Set up a game (see :func:`planechase.engine.reducer.new_game`), by default with the standard catalog."""
    return _reducer.new_game(config, catalog, forced=forced)


def state_from_dict(data: dict[str, Any], catalog: Catalog = CATALOG) -> GameState:
    """Rebuild a state from its JSON form (see :func:`planechase.engine.serialize.state_from_dict`), by
    default played with the standard catalog."""
    return _serialize.state_from_dict(data, catalog)


def state_from_json(text: str, catalog: Catalog = CATALOG) -> GameState:
    return _serialize.state_from_json(text, catalog)


def apply(state: GameState, action: Action | dict[str, Any], catalog: Catalog | None = None) -> _reducer.StepResult:
    """Apply ``action`` to ``state`` (see :func:`planechase.engine.reducer.apply`)."""
    return _reducer.apply(state, action, catalog, default=CATALOG)


def legal_actions(state: GameState, catalog: Catalog | None = None) -> list[Action]:
    """Every enumerable legal action (see :func:`planechase.engine.legality.legal_actions`)."""
    return _legality.legal_actions(state, catalog, default=CATALOG)


def is_legal(state: GameState, action: Action, catalog: Catalog | None = None) -> bool:
    return _legality.is_legal(state, action, _catalog(state, catalog))


def view(
    state: GameState, seat: int | None = None, catalog: Catalog | None = None, *, lang: str | None = None
) -> dict[str, Any]:
    """The game as ``seat`` sees it (see :func:`planechase.engine.views.view`), with the cards' translations
    into ``lang`` if given.

    >>> from planechase import demo_config
    >>> state = new_game(demo_config(["Ann", "Bob"], seed=42)).state
    >>> card = view(state, lang="ru")["face_up"][0]
    >>> card["name"], card["translation"]["name"]
    ('Aretopolis', 'Аретополис')
    """
    return _views.view(state, seat, _catalog(state, catalog), lang=lang)


class Game(_game.Game):
    """A game and everything that happened in it (:class:`planechase.engine.game.Game`), by default
    played with the standard catalog."""

    def __init__(self, config: GameConfig, catalog: Catalog = CATALOG, *, forced: Sequence[str] = ()) -> None:
        super().__init__(config, catalog, forced=forced)

    @classmethod
    def load(cls, data: Mapping[str, Any], catalog: Catalog = CATALOG, *, verify: bool = True) -> Self:
        return super().load(data, catalog, verify=verify)

    @classmethod
    def replay(
        cls, config: GameConfig, records: Sequence[Record], catalog: Catalog = CATALOG, *, verify: bool = True
    ) -> Self:
        return super().replay(config, records, catalog, verify=verify)
