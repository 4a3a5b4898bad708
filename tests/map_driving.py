"""Helpers for the Eternities Map tests: building a map game, moving on the map and reading the map.

Import them the way the tests import ``driving``::

    from map_driving import map_game, planes, walk

Map games are two-player games with Alice starting, playing one small shared deck kept in its listed order
(``order:`` outcomes): the centre is the first plane, its north, east, south and west neighbours the next
four; with the ``pile`` phenomena rule the phenomena, in the order listed, make the separate pile
``decks[1]``.

pytest does not rewrite the ``assert`` statements of this module, so each one carries its own message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from conftest import identity_order
from driving import answer, resolve_stack, resolve_top, roll
from planechase import CATALOG, DecisionKind, Event, Game, GameConfig
from planechase.variants.eternities_map import MapRules, PhenomenaRule, planes_needed

#: Planes whose only triggered abilities are chaos abilities: nothing happens on them as turns go by.
QUIET: tuple[str, ...] = (
    "Tazeem",
    "Otaria",
    "The Eon Fog",
    "Sokenzan",
    "Gavony",
    "Krosa",
    "Llanowar",
    "Bant",
    "Esper",
    "Feeding Grounds",
    "Astral Arena",
    "Akoum",
    "Goldmeadow",
    "Shiv",
    "Takenuma",
    "Turri Island",
    "Velis Vel",
    "The Great Forest",
    "The Hippodrome",
    "The Zephyr Maze",
    "Megaflora Jungle",
    "Naya",
    "Onakke Catacomb",
    "Raven's Run",
    "Grixis",
    "Kessig",
)

#: A space of the map: ``(x, y)``, the centre ``(0, 0)``, north ``(0, 1)``, east ``(1, 0)``.
Space = tuple[int, int]

#: The spaces of the plus the published set-up deals: the centre and its four neighbours.
PLUS: set[Space] = {(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)}


# -- building a map game ------------------------------------------------------------------------------


def rules_of(rules: MapRules | str | Mapping[str, Any]) -> MapRules:
    """The map rules given as rules, a profile name or the settings of :meth:`MapRules.from_dict`."""
    return rules if isinstance(rules, MapRules) else MapRules.from_dict(rules)


def map_game(
    deck: Sequence[str] | None,
    rules: MapRules | str | Mapping[str, Any] = "published",
    *,
    players: Sequence[str] = ("Alice", "Bob"),
    seed: int = 0,
    keep_order: bool = True,
) -> Game:
    """A map game with the first player (Alice) starting; with ``keep_order`` the deck (and any phenomenon
    pile) keeps its listed order, top first. ``deck=None`` plays the default deck, shuffled."""
    map_rules = rules_of(rules)
    config = GameConfig(
        players=tuple(players),
        shared_deck=None if deck is None else tuple(deck),
        eternities_map=map_rules,
        seed=seed,
        starting_player=0,
    )
    if not keep_order or deck is None:
        return Game(config)
    planes_in_deck = [name for name in deck if CATALOG[name].is_plane]
    if map_rules.phenomena is PhenomenaRule.PILE:
        forced = [identity_order(len(planes_in_deck)), identity_order(len(deck) - len(planes_in_deck))]
    else:
        forced = [identity_order(len(deck))]
    return Game(config, forced=forced)


def planes(*top: str, radius: int = 2) -> tuple[str, ...]:
    """Exactly the planes a map of ``radius`` needs: ``top`` first, then quiet planes."""
    size = planes_needed(MapRules(radius=radius))
    rest = [name for name in QUIET if name not in top]
    return (*top, *rest[: size - len(top)])


# -- moving on the map --------------------------------------------------------------------------------


def direction_options(game: Game) -> list[tuple[str, str]]:
    """The ``(id, label)`` options of the pending direction question (the test fails if none is pending)."""
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.CHOOSE_DIRECTION, decision
    return [(o.id, o.label) for o in decision.options]


def move(game: Game, direction: str, *forced: str) -> list[Event]:
    """The active player rolls the Planeswalker symbol (with ``forced`` outcomes after it), the ability
    resolves and ``direction`` is chosen. Whatever triggers afterwards is left on the stack."""
    events = roll(game, "planeswalker", *forced) + resolve_top(game)
    direction_options(game)
    return events + answer(game, direction)


def walk(game: Game, direction: str, *forced: str) -> list[Event]:
    """:func:`move`, then resolve whatever triggered."""
    return move(game, direction, *forced) + resolve_stack(game)


# -- reading the map ----------------------------------------------------------------------------------


def layout(game: Game) -> dict[Space, tuple[str, bool]]:
    """Every card on the map: its name and whether it is face up, by space."""
    m = game.state.eternities
    assert m is not None, "not a map game"
    return {cell.position: (game.state.name_of(cell.card), cell.face_up) for cell in m.cells}


def position(game: Game) -> Space:
    """The space the players are on."""
    m = game.state.eternities
    assert m is not None, "not a map game"
    return m.position


def arriving(game: Game) -> bool:
    """Whether the game is meeting a phenomenon from the pile on its way into the current space."""
    m = game.state.eternities
    assert m is not None, "not a map game"
    return m.arriving


def map_view(game: Game) -> dict[str, Any]:
    """The ``eternities_map`` part of the game's view."""
    view = game.view()["eternities_map"]
    assert isinstance(view, dict), view
    return view


def beside(game: Game) -> list[str]:
    """The names of the cards the view shows beside the map."""
    shown = map_view(game)["beside"]
    assert isinstance(shown, list), shown
    return [str(name) for name in shown]


def steps_between(a: Space, b: Space) -> int:
    """How many orthogonal steps apart two spaces are."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
