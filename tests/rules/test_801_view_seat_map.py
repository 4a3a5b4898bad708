"""The view's seat map: each player's ``team``, ``role``, ``range``, ``in_range`` and ``can_attack`` in
:func:`planechase.engine.views.view` (801.2 range of influence, 801.2c ranges fixed as each turn begins,
801.3 and 802, 803, 805.10a, 809.3c attack options, 809 Emperor).

The view caches this part of itself; these tests check it against the seating rules computed directly
(:func:`~planechase.variants.seating.influence` and :func:`~planechase.variants.seating.attackable`) and
against the rules worked out independently here (a walk around the circle of the players still in the
game), in every state of seeded random games of each variant, where players leave the game and the circle
closes (801.2, 800.4a, 901.10), and in states Hypothesis makes up.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import PLANES_10, make_game
from driving import act, next_turn
from planechase import Action, Game, GameConfig, GameState, StepResult, state_from_dict, state_to_dict, view
from planechase.core.state import PlayerStatus
from planechase.sim.random_play import RandomAgent, Weights, play_random_game
from planechase.variants.seating import AttackOption, Seating, attackable, influence

#: Variants and options to play, by name: seats, then the config's options.
CONFIGS: dict[str, tuple[int, dict[str, Any]]] = {
    "free_for_all_4": (4, {}),
    "free_for_all_6_range_1": (6, {"range_of_influence": 1}),
    "free_for_all_5_range_2_left": (5, {"range_of_influence": 2, "attack": "left"}),
    "free_for_all_6_range_1_right": (6, {"range_of_influence": 1, "attack": "right"}),
    "free_for_all_5_left": (5, {"attack": "left"}),
    "two_headed_giant": (4, {"variant": "two_headed_giant"}),
    "two_headed_giant_teams_of_3": (6, {"variant": "two_headed_giant", "team_size": 3}),
    "emperor_6": (6, {"variant": "emperor"}),
    "emperor_8_teams_of_4": (8, {"variant": "emperor", "team_size": 4}),
    "emperor_3_teams": (9, {"variant": "emperor"}),
    "grand_melee_11": (11, {"variant": "grand_melee", "starting_life": 5}),
}
LIMITED = [name for name, (_, options) in CONFIGS.items() if "range_of_influence" in options or "emperor" in name]
GAMES = 5
ACTIONS = 160
#: Players leave often: they concede now and then and lose life quickly.
LEAVING = replace(Weights(), concede=0.25, life=1.5)


def config(name: str, seed: int) -> GameConfig:
    seats, options = CONFIGS[name]
    names = tuple(f"P{seat}" for seat in range(seats))
    return GameConfig(players=names, decks=(PLANES_10,) * seats, seed=seed, **options)


@dataclass(frozen=True)
class Seen:
    """A state of a random game, with the players in the game as its turn began (``None`` if some left
    during the action that began it, or in Grand Melee, where several turns go on at once)."""

    state: GameState
    turn_start: tuple[int, ...] | None


@functools.cache
def played(name: str) -> tuple[Seen, ...]:
    """Every state of ``GAMES`` seeded random games of ``name``."""
    return tuple(seen for seed in range(GAMES) for seen in play(name, seed))


def play(name: str, seed: int) -> list[Seen]:
    cfg = config(name, seed)
    start = Game(cfg).state
    out = [Seen(start, None if start.markers else in_game(start))]

    def observe(before: GameState, legal: Sequence[Action], action: Action, result: StepResult) -> None:
        state, turn_start = result.state, out[-1].turn_start
        if state.markers is not None:
            turn_start = None
        elif state.turn != before.turn:
            # The ranges were fixed with the players in the game as the turn began (801.2c): known only if
            # nobody left during this action.
            turn_start = in_game(state) if in_game(state) == in_game(before) else None
        out.append(Seen(state, turn_start))

    play_random_game(cfg, RandomAgent(random.Random(seed), LEAVING), max_actions=ACTIONS, observer=observe)
    return out


def in_game(state: GameState) -> tuple[int, ...]:
    return tuple(p.seat for p in state.players if p.status is PlayerStatus.IN_GAME)


def seat_fields(v: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(p["team"], p["role"], p["range"], p["in_range"], p["can_attack"]) for p in v["players"]]


def direct(state: GameState) -> list[tuple[Any, ...]]:
    """The seat fields computed with the seating functions: the ranges fixed as the turn began (801.2c),
    else worked out from who is in the game (801.2)."""
    table, present = state.seating, in_game(state)
    reach = {seat: state.influence[seat] for seat in present} if state.influence else influence(table, present)
    return [
        (
            info.team,
            info.role.value,
            info.range,
            list(reach.get(seat, ())),
            list(attackable(table, present, seat, reach.get(seat))),
        )
        for seat, info in enumerate(table.seats)
    ]


# -- the rules, worked out independently: a walk around the table ---------------------------------------


def next_in_game(present: tuple[int, ...], seat: int, step: int, seats: int) -> int | None:
    """The nearest player in the game from ``seat`` going ``step`` (+1: to the left, -1: to the right)."""
    for k in range(1, seats):
        other = (seat + k * step) % seats
        if other in present:
            return None if other == seat else other
    return None


def ring_reach(table: Seating, present: tuple[int, ...], seat: int) -> list[int]:
    """801.2: the players in the game within ``seat``'s range, counted in seats of players in the game."""
    limit = table.seats[seat].range
    if limit is None:
        return list(present)
    near = {seat}
    for step in (1, -1):
        at = seat
        for _ in range(limit):
            nxt = next_in_game(present, at, step, table.players)
            if nxt is None:
                break
            near.add(nxt)
            at = nxt
    return sorted(near)


def rule_attacks(table: Seating, present: tuple[int, ...], seat: int, reach: list[int]) -> list[int]:
    """801.3 with 802 (any opponent), 803.1a/b (the nearest player to the left/right), 805.10a (the other
    team) and 809.3c (the players next to you): opponents only, within range."""
    option = table.attack
    if option is AttackOption.LEFT:
        candidates = [next_in_game(present, seat, 1, table.players)]
    elif option is AttackOption.RIGHT:
        candidates = [next_in_game(present, seat, -1, table.players)]
    elif option is AttackOption.ADJACENT:
        candidates = [next_in_game(present, seat, 1, table.players), next_in_game(present, seat, -1, table.players)]
    else:
        candidates = list(present)

    def opponent(other: int) -> bool:
        mine = table.seats[seat].team
        return other != seat and (mine is None or table.seats[other].team != mine)

    return sorted({c for c in candidates if c is not None and opponent(c) and c in reach})


# -- random play ------------------------------------------------------------------------------------------


def test_801_2_random_play_covers_players_leaving_in_every_variant() -> None:
    for name in CONFIGS:
        states = played(name)
        left = [s.state for s in states if len(in_game(s.state)) < len(s.state.players)]
        assert left, name
        if "two_headed_giant" not in name:  # a team leaves together, and that ends the game (810.8a, 810.8b)
            assert any(in_game(s) and not s.over for s in left), name
        if name in LIMITED and "grand_melee" not in name:
            closed = [s for s in states if s.turn_start is not None and len(s.turn_start) < len(s.state.players)]
            assert closed, f"{name}: no turn began after a player left"


def test_801_2_view_in_range_team_role_and_range_match_the_seating_in_random_play() -> None:
    for name in CONFIGS:
        for seen in played(name):
            state = seen.state
            v = view(state)
            assert seat_fields(v) == direct(state), name
            present = in_game(state)
            for p in v["players"]:
                if p["seat"] in present:
                    assert p["seat"] in p["in_range"]  # 801.2b
                    if not state.seating.limited_range:
                        assert p["in_range"] == list(present)  # unlimited range: everyone in the game
                else:
                    assert p["in_range"] == p["can_attack"] == []  # 800.4a: a player who left affects nobody


def test_801_2c_view_in_range_is_fixed_as_the_turn_begins_and_the_circle_closes() -> None:
    for name in LIMITED:
        for seen in played(name):
            state = seen.state
            present = in_game(state)
            v = view(state)
            for p in v["players"]:
                if p["seat"] in present:
                    assert p["in_range"] == list(state.influence[p["seat"]]), name  # 801.2c
            if seen.turn_start is not None:
                # Worked out again as the turn began, counting only the players then in the game (801.2).
                for p in v["players"]:
                    if p["seat"] in present:
                        assert p["in_range"] == ring_reach(state.seating, seen.turn_start, p["seat"]), name


def test_802_803_805_10a_809_3c_view_can_attack_follows_the_attack_option_in_random_play() -> None:
    options = set()
    for name in CONFIGS:
        for seen in played(name):
            state = seen.state
            present = in_game(state)
            for p in view(state)["players"]:
                seat = p["seat"]
                reach = p["in_range"]
                expected = rule_attacks(state.seating, present, seat, reach) if seat in present else []
                assert p["can_attack"] == expected, (name, seat)
                assert p["can_attack"] == list(state.can_attack(seat))
                options.add(state.seating.attack)
    assert options == set(AttackOption)


# -- made-up states ------------------------------------------------------------------------------------------


@st.composite
def seat_states(draw: st.DrawFn) -> tuple[GameState, tuple[int, ...]]:
    """A state of any variant in which any players have left, and the players in the game as the turn began
    (those still in it and, with limited ranges, perhaps some who left since)."""
    name = draw(st.sampled_from(sorted(CONFIGS)))
    state = _fresh(name).copy()
    seats = len(state.players)
    present = draw(st.sets(st.integers(0, seats - 1), min_size=1))
    at_start = present | draw(st.sets(st.integers(0, seats - 1)))
    statuses = draw(st.lists(st.sampled_from([PlayerStatus.LOST, PlayerStatus.WON]), min_size=seats, max_size=seats))
    state.players = tuple(p if p.seat in present else replace(p, status=statuses[p.seat]) for p in state.players)
    if not state.seating.limited_range:
        return state, tuple(sorted(present))  # without limited ranges, nothing is fixed at turn start
    turn_start = tuple(sorted(at_start))
    ranges = influence(state.seating, turn_start)
    state.influence = tuple(ranges.get(seat, ()) for seat in range(seats))
    return state, turn_start


@functools.cache
def _fresh(name: str) -> GameState:
    return Game(config(name, 0)).state


@settings(max_examples=300, deadline=None)
@given(seat_states())
def test_801_2_801_2c_802_803_809_view_seat_fields_for_any_players_in_the_game(
    made: tuple[GameState, tuple[int, ...]],
) -> None:
    state, turn_start = made
    present = in_game(state)
    v = view(state)
    assert seat_fields(v) == direct(state)
    for p in v["players"]:
        seat = p["seat"]
        if seat not in present:
            assert p["in_range"] == p["can_attack"] == []
            continue
        assert p["in_range"] == ring_reach(state.seating, turn_start, seat)
        assert p["can_attack"] == rule_attacks(state.seating, present, seat, p["in_range"])


# -- scripted games ----------------------------------------------------------------------------------------


def players(game: Game) -> list[tuple[Any, ...]]:
    return [(p["in_range"], p["can_attack"]) for p in game.view(None)["players"]]


def test_801_2c_view_keeps_the_turn_start_range_until_the_next_turn_begins() -> None:
    # 801.2c's example: Alex (seat 2) has Rob (1) to the right and Carissa (0) beyond him; range 1.
    game = make_game(players=("Carissa", "Rob", "Alex", "Dana", "Eli"), range_of_influence=1)
    assert players(game)[2] == ([1, 2, 3], [1, 3])
    act(game, type="concede", player=1)
    assert players(game)[2] == ([1, 2, 3], [3])  # Rob left: no longer attackable; Carissa not yet in range
    assert players(game)[1] == ([], [])
    next_turn(game)
    assert players(game)[2] == ([0, 2, 3], [0, 3])  # the circle closed as the turn began


def test_809_emperor_view_roles_ranges_and_adjacent_attacks() -> None:
    names = ("Ann", "Eve", "Gus", "Hal", "Ida", "Jo")  # teams: Ann, Eve (emperor), Gus; Hal, Ida (emperor), Jo
    game = make_game([PLANES_10] * 6, players=names, variant="emperor", starting_player=1)
    v = game.view(None)
    assert [(p["team"], p["role"], p["range"]) for p in v["players"]] == [
        (0, "general", 1),
        (0, "emperor", 2),
        (0, "general", 1),
        (1, "general", 1),
        (1, "emperor", 2),
        (1, "general", 1),
    ]
    assert players(game) == [
        ([0, 1, 5], [5]),
        ([0, 1, 2, 3, 5], []),  # 809.3c: both neighbours are teammates
        ([1, 2, 3], [3]),
        ([2, 3, 4], [2]),
        ([0, 2, 3, 4, 5], []),
        ([0, 4, 5], [0]),
    ]
    act(game, type="concede", player=2)  # Gus leaves: Eve now sits next to Hal
    assert players(game)[1] == ([0, 1, 2, 3, 5], [3])  # Hal was within Eve's range as the turn began
    assert players(game)[3] == ([2, 3, 4], [])  # Eve was not within Hal's
    next_turn(game)
    assert players(game)[1] == ([0, 1, 3, 4, 5], [3])
    assert players(game)[3] == ([1, 3, 4], [1])


def test_805_10a_two_headed_giant_view_teams_attack_the_other_team() -> None:
    game = make_game([PLANES_10] * 4, players=("A", "B", "C", "D"), variant="two_headed_giant")
    v = game.view(None)
    assert v["teams"] == [[0, 1], [2, 3]]
    assert [(p["team"], p["role"], p["can_attack"]) for p in v["players"]] == [
        (0, "primary", [2, 3]),
        (0, "teammate", [2, 3]),
        (1, "primary", [0, 1]),
        (1, "teammate", [0, 1]),
    ]
    act(game, type="concede", player=3)  # 810.8b: the team leaves and loses, and the game is over
    v = game.view(None)
    assert v["over"] and v["winners"] == [0, 1]
    assert players(game) == [([], [])] * 4


# -- the view is the caller's -------------------------------------------------------------------------------


def scribble(value: Any) -> None:
    """Change every list and dict in a view in place."""
    if isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")
    elif isinstance(value, dict):
        for item in value.values():
            scribble(item)
        value["scribbled"] = True


def test_801_2_changing_a_view_does_not_change_the_next_view() -> None:
    for name in ("free_for_all_6_range_1", "two_headed_giant", "emperor_6", "grand_melee_11"):
        states = played(name)
        for seen in (states[0], *states[40:200:40]):
            state = seen.state
            first = view(state)
            kept = copy.deepcopy(first)
            first["players"][0]["can_attack"].append(99)
            first["players"][0]["in_range"].clear()
            scribble(first)
            assert view(state) == kept, name
            # A state loaded back has an equal table that is another object: the same view.
            assert view(state_from_dict(state_to_dict(state))) == kept, name
