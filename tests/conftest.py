"""Shared fixtures: small helpers to build games and drive them to a point."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from planechase import Game, GameConfig

#: The reference material beside the project, absent from a user's clone.
SHARED = Path(__file__).resolve().parents[2] / "shared" / "reference"

PLANES_10 = (
    "Aretopolis",
    "Pompeii",
    "Stairs to Infinity",
    "Temple of Atropos",
    "Norn's Seedcore",
    "Pools of Becoming",
    "Naar Isle",
    "Sokenzan",
    "Tazeem",
    "The Eon Fog",
)

#: Planes with no step triggers and nothing to decide: turns move on without stopping.
QUIET_PLANES = (
    "Tazeem",
    "Sokenzan",
    "The Eon Fog",
    "Otaria",
    "Mount Keralia",
    "Fields of Summer",
    "Academy at Tolaria West",
    "Sanctum of Serra",
    "Norn's Seedcore",
    "Pools of Becoming",
)


def make_game(
    decks: Sequence[Sequence[str]] | None = None,
    *,
    players: Sequence[str] = ("Alice", "Bob"),
    seed: int = 0,
    starting_player: int | None = 0,
    shared_deck: Sequence[str] | None = None,
    check_decks: bool = True,
    order: bool = True,
    variant: str = "free_for_all",
    team_size: int | None = None,
    range_of_influence: int | None = None,
    attack: str | None = None,
    starting_life: int | None = None,
) -> Game:
    """A game whose planar decks keep the listed order (top first) unless ``order`` is False:
    the setup shuffles are forced to the identity."""
    if decks is None and shared_deck is None:
        decks = [PLANES_10 for _ in players]
    config = GameConfig(
        players=tuple(players),
        decks=None if decks is None else tuple(tuple(d) for d in decks),
        shared_deck=None if shared_deck is None else tuple(shared_deck),
        seed=seed,
        starting_player=starting_player,
        check_decks=check_decks,
        variant=variant,
        team_size=team_size,
        range_of_influence=range_of_influence,
        attack=attack,
        starting_life=starting_life,
    )
    if not order:
        return Game(config)
    sizes = [len(d) for d in config.decks] if config.decks is not None else [len(config.shared_deck or ())]
    return Game(config, forced=[identity_order(n) for n in sizes])


def identity_order(n: int) -> str:
    """A forced shuffle that leaves ``n`` cards in their order."""
    return "order:" + ",".join(str(i) for i in range(n))


@pytest.fixture
def shared_reference() -> Path:
    if not SHARED.exists():
        pytest.skip("../shared/reference is not present (a user's clone)")
    return SHARED
