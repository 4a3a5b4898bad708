"""The questions rules code asks a game state again and again: who is in the game, who takes turns and priority
together, APNAP order, ranges in Grand Melee, and a state's copy.

:class:`~planechase.core.state.GameState`'s methods and properties of the same names answer with these
functions; the engine calls them directly, so that the compiled engine (:mod:`planechase.compiled`) runs them
as compiled code. Answers worked out from immutable fields are remembered in the state's ``__dict__``, keyed by
the field values they came from (the same object means the same value).

>>> from planechase import demo_config, new_game
>>> state = new_game(demo_config(["Ann", "Bob", "Cy"], seed=1)).state
>>> seats_in_game(state), apnap(state)[0] == state.active
((0, 1, 2), True)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..variants.seating import Seating, seating
from .state import PlayerStatus

if TYPE_CHECKING:
    from ..cards.model import Catalog
    from .state import GameState, Player, StackItem

_IN_GAME = PlayerStatus.IN_GAME

#: What :func:`priority_players` remembers: the players, ranges, active player and stack it was worked out for,
#: and the answer.
_PriorityMemo = tuple["tuple[Player, ...]", object, int, "tuple[StackItem, ...]", tuple[int, ...]]


def copy_state(state: GameState) -> GameState:
    """A shallow copy: enough, since every field of a state is immutable."""
    new = type(state).__new__(type(state))
    new.__dict__.update(state.__dict__)
    return new


def catalog_for(state: GameState, catalog: Catalog | None = None, default: Catalog | None = None) -> Catalog:
    """``catalog`` if given, else the state's, else ``default``; raises like :attr:`GameState.catalog` when
    there is none."""
    if catalog is not None:
        return catalog
    kept: Catalog | None = state.__dict__.get("_catalog")
    if kept is not None:
        return kept
    return state.catalog if default is None else default


def in_game(state: GameState, seat: int) -> bool:
    return state.players[seat].status is _IN_GAME


def seats_in_game(state: GameState) -> tuple[int, ...]:
    """The seats of the players still in the game, in seat order (worked out once per ``players``)."""
    players = state.players
    memo: dict[str, Any] = state.__dict__
    cached: tuple[Any, tuple[int, ...]] | None = memo.get("_seats_in_game")
    if cached is not None and cached[0] is players:
        return cached[1]
    seats = tuple(p.seat for p in players if p.status is _IN_GAME)
    memo["_seats_in_game"] = (players, seats)
    return seats


def table_of(state: GameState) -> Seating:
    """The variant's table: teams, roles, ranges of influence and the attack option."""
    return state.table if state.table is not None else _free_for_all(len(state.players))


@functools.cache
def _free_for_all(players: int) -> Seating:
    return seating("free_for_all", players)


def team(state: GameState, seat: int) -> tuple[int, ...]:
    """``seat`` and its teammates still in the game (``seat`` first, even if it has left)."""
    players = state.players
    return (seat, *(m for m in table_of(state).mates[seat] if players[m].status is _IN_GAME))


def unit_of(state: GameState, seat: int) -> int:
    """Who takes turns and priority for ``seat``: its team's primary player when teams share turns (805.4,
    805.5), else ``seat`` itself."""
    if not state.team_turns:
        return seat
    table = table_of(state)
    leader = table.leaders[seat]
    return table.leader(table.team_of(seat) or 0) if leader is None else leader


def units_in_game(state: GameState) -> tuple[int, ...]:
    """The players, or with shared team turns the teams' primary players, still in the game."""
    seats = seats_in_game(state)
    if not state.team_turns:
        return seats
    memo: dict[str, Any] = state.__dict__
    cached: tuple[tuple[int, ...], tuple[int, ...]] | None = memo.get("_units_memo")
    if cached is not None and cached[0] is seats:
        return cached[1]
    units = tuple(seat for seat in seats if unit_of(state, seat) == seat)
    memo["_units_memo"] = (seats, units)
    return units


def active_players(state: GameState) -> tuple[int, ...]:
    """The active player, or every player of the active team still in the game (805.4a)."""
    if not state.team_turns:
        return (state.active,) if in_game(state, state.active) else ()
    return tuple(seat for seat in team(state, state.active) if in_game(state, seat))


def has_priority(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may act with priority now: it holds it, or its team does (805.5a)."""
    holder = state.priority
    if holder is None:
        return False
    if not state.team_turns:
        return seat == holder
    return unit_of(state, seat) == unit_of(state, holder)


def marker_reach(state: GameState, seat: int) -> tuple[int, ...]:
    """The players in the game within ``seat``'s range of influence as the turn began (801.2c). For a player
    who has left (a turn marker can stay with them until their turn ends, 807.4c), the players next to their
    seat. (Worked out once per seat for each ``players`` and ``influence``.)"""
    memo: dict[str, Any] = state.__dict__
    cached: tuple[Any, Any, dict[int, tuple[int, ...]]] | None = memo.get("_reach_memo")
    if cached is None or cached[0] is not state.players or cached[1] is not state.influence:
        cached = (state.players, state.influence, {})
        memo["_reach_memo"] = cached
    reach = cached[2].get(seat)
    if reach is None:
        reach = cached[2][seat] = _marker_reach(state, seat)
    return reach


def _marker_reach(state: GameState, seat: int) -> tuple[int, ...]:
    if in_game(state, seat) and state.influence and state.influence[seat]:
        return tuple(other for other in state.influence[seat] if in_game(state, other))
    present = sorted({*seats_in_game(state), seat})
    if len(present) == 1:
        return ()
    at = present.index(seat)
    near = {seat, present[at - 1], present[(at + 1) % len(present)]}
    return tuple(other for other in present if other in near and in_game(state, other))


def priority_players(state: GameState) -> tuple[int, ...]:
    """Who gets priority for this stack: the players (or teams) in the game; in Grand Melee, only those within
    range of the turn marker or of a player controlling an object on this stack (807.5a)."""
    if state.markers is None:
        return units_in_game(state) if state.team_turns else seats_in_game(state)
    memo: dict[str, Any] = state.__dict__
    cached: _PriorityMemo | None = memo.get("_priority_memo")
    if (
        cached is not None
        and cached[0] is state.players
        and cached[1] is state.influence
        and cached[2] == state.active
        and cached[3] is state.stack
    ):
        return cached[4]
    near = set(marker_reach(state, state.active))
    for item in state.stack:
        near.update(marker_reach(state, item.controller))
    eligible = tuple(seat for seat in seats_in_game(state) if seat in near)
    memo["_priority_memo"] = (state.players, state.influence, state.active, state.stack, eligible)
    return eligible


def next_in_turn_order(state: GameState, seat: int, include: tuple[int, ...] | None = None) -> int | None:
    """The next player after ``seat`` in the current turn order who is in the game (or in ``include``). With
    shared team turns, the next team's primary player (805.4)."""
    n = len(state.players)
    candidates = units_in_game(state) if include is None else include
    if include is not None and state.team_turns:
        candidates = tuple(other for other in include if unit_of(state, other) == other)
    direction = state.direction
    for k in range(1, n + 1):
        other = (seat + k * direction) % n
        if other in candidates:
            return other
    return None


def apnap(state: GameState) -> tuple[int, ...]:
    """Players in the game in APNAP order (101.4): the active player first, then turn order. With shared team
    turns, the active team's players, then each other team's in turn order (805.6). (Worked out once for each
    ``players``, active player and direction of play.)"""
    memo: dict[str, Any] = state.__dict__
    cached: tuple[Any, int, int, tuple[int, ...]] | None = memo.get("_apnap_memo")
    if cached is not None and cached[0] is state.players and cached[1] == state.active and cached[2] == state.direction:
        return cached[3]
    order = _apnap(state)
    memo["_apnap_memo"] = (state.players, state.active, state.direction, order)
    return order


def _apnap(state: GameState) -> tuple[int, ...]:
    order: list[int] = []
    # 805.6: with shared team turns, the active team comes first, through its primary player (805.2); each team
    # is listed once, whichever of its players the turn is recorded under.
    seat = unit_of(state, state.active)
    if in_game(state, seat):
        order.append(seat)
    for _ in range(len(state.players)):
        nxt = next_in_turn_order(state, seat)
        if nxt is None or nxt in order:
            break
        order.append(nxt)
        seat = nxt
    if not state.team_turns:
        return tuple(order)
    return tuple(member for unit in order for member in team(state, unit) if in_game(state, member))
