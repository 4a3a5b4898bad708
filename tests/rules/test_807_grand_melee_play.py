"""807.4, 807.5, 901.13, 901.14: the engine plays Grand Melee: simultaneous turns, one stack per turn
marker, a planar controller per marker, planar abilities bounded by range of influence."""

from __future__ import annotations

import pytest

from conftest import make_game
from planechase import Event, Game, IllegalActionError
from planechase.cards.catalog import CATALOG
from planechase.core.actions import Advance, Cast, Concede, Pass, Roll
from planechase.core.state import MeleeTurn
from planechase.engine import melee

TWELVE = tuple(f"P{n}" for n in range(12))
#: Planes with no upkeep or planeswalk-to triggers and no "may": turns move on without stopping.
QUIET = tuple(
    sorted(
        c.name
        for c in CATALOG
        if c.is_plane
        and not any(w in c.oracle_text.lower() for w in ("upkeep", "planeswalk to", "may", "beginning of"))
    )
)


def grand_melee(players: tuple[str, ...] = TWELVE, **options: object) -> Game:
    options.setdefault("decks", [QUIET[:10]] * len(players))
    return make_game(players=players, variant="grand_melee", **options)  # type: ignore[arg-type]


def without_planechase(players: tuple[str, ...] = TWELVE) -> Game:
    from planechase import GameConfig

    return Game(GameConfig(players=players, variant="grand_melee", planechase=False, starting_player=0))


def turn(game: Game, marker: int) -> MeleeTurn:
    found = melee.turn_of(game.state, marker)
    assert found is not None
    return found


def test_807_4b_every_marker_holder_begins_a_turn_at_the_same_time() -> None:
    game = without_planechase()
    turns = melee.turns(game.state)
    assert [(t.marker, t.active, t.taking_turn, t.step.value) for t in turns] == [
        (1, 0, True, "upkeep"),
        (2, 4, True, "upkeep"),
        (3, 8, True, "upkeep"),
    ]
    assert [t.priority for t in turns] == [0, 4, 8]  # 117.3a: each active player gets priority on their stack


def test_807_5_each_turn_marker_has_its_own_stack() -> None:
    game = without_planechase()
    game.act(Cast(4, label="Lightning Bolt", marker=2))
    assert [i.label for i in turn(game, 2).stack] == ["Lightning Bolt"]
    assert turn(game, 1).stack == () and turn(game, 3).stack == ()
    events = game.act(Pass(4, marker=2))
    assert all(e.data.get("marker") == 2 for e in events)  # events say which marker they happened under
    assert turn(game, 1).priority == 0  # nothing moved on the other stacks


def test_807_5a_only_players_within_range_of_the_marker_get_priority() -> None:
    game = without_planechase()
    with pytest.raises(IllegalActionError, match=r"117\.1"):
        game.act(Pass(2, marker=1))  # seat 2 is two seats from marker 1's holder
    game.act(Pass(0, marker=1))
    assert turn(game, 1).priority == 1
    game.act(Pass(1, marker=1))
    assert turn(game, 1).priority == 11  # the next player in turn order within range (seat 11 is to the right)
    game.act(Pass(11, marker=1))
    assert turn(game, 1).step.value == "draw"  # 117.4: all three passed in succession


def test_807_5a_an_object_on_the_stack_brings_its_controllers_neighbours_in() -> None:
    game = without_planechase()
    game.act(Pass(0, marker=1))
    game.act(Cast(1, label="Shock", marker=1))  # seat 1 controls an object on marker 1's stack
    for seat in (1, 2, 11, 0):  # seat 2 is within seat 1's range: it gets priority too
        assert turn(game, 1).priority == seat
        game.act(Pass(seat, marker=1))
    assert turn(game, 1).stack == ()  # all four passed: Shock resolved


def test_807_5b_a_player_with_priority_for_several_stacks_must_name_one() -> None:
    game = without_planechase(tuple(f"P{n}" for n in range(10)))  # markers at seats 0 and 4
    game.act(Pass(0, marker=1))
    game.act(Cast(1, label="Shock", marker=1))
    game.act(Pass(1, marker=1))  # seat 2 now holds priority for marker 1's stack
    game.act(Pass(4, marker=2))
    game.act(Pass(5, marker=2))
    game.act(Cast(3, label="Opt", marker=2))
    for seat in (3, 4, 5):
        game.act(Pass(seat, marker=2))
    assert melee.holding_priority(game.state, 2) == (1, 2)
    with pytest.raises(IllegalActionError, match=r"807\.5b.*markers 1, 2:"):
        game.act(Pass(2))
    before = turn(game, 2)
    game.act(Pass(2, marker=1))
    assert turn(game, 1).priority == 9  # the next in turn order within range of marker 1 or of Shock's controller
    assert turn(game, 2) == before  # only the named stack moved


def test_807_5_a_marker_is_refused_outside_grand_melee() -> None:
    game = make_game(players=("Alice", "Bob", "Carol"))
    with pytest.raises(IllegalActionError, match=r"807\.5"):
        game.act(Pass(0, marker=1))


def test_807_4c_807_4d_a_turn_ends_and_the_marker_passes_left_to_wait_or_begin() -> None:
    game = without_planechase()
    events = game.act(Advance(0, "next_turn", marker=1))
    passed = next(e for e in events if e.type == "turn_marker_passed")
    assert passed.rules == ("807.4c", "807.4d") and passed.data["player"] == 1  # seat 4 is within 3 seats
    assert not turn(game, 1).taking_turn and game.state.markers is not None
    assert game.state.markers.holder_of(1) == 1
    assert turn(game, 2).taking_turn and turn(game, 3).taking_turn  # the other turns go on
    events = game.act(Advance(4, "next_turn", marker=2))
    began = [e for e in events if e.type == "turn_began"]
    assert [(e.data["player"], e.data["marker"]) for e in began] == [(1, 1)]  # seat 1's wait is over
    assert turn(game, 1).active == 1 and turn(game, 1).step.value == "upkeep"
    assert game.state.markers.holder_of(2) == 5 and not turn(game, 2).taking_turn  # seat 8 blocks seat 5


def test_901_9_only_a_player_taking_a_turn_rolls_and_the_cost_counts_per_turn() -> None:
    game = grand_melee()
    for marker, holder in ((1, 0), (2, 4)):
        game.act(Advance(holder, "precombat_main", marker=marker))
    game.force("blank", "blank")
    game.act(Roll(0))
    game.act(Roll(4))
    assert turn(game, 1).rolls_taken[0] == 1 and turn(game, 2).rolls_taken[4] == 1
    with pytest.raises(IllegalActionError, match=r"901\.9"):
        game.act(Roll(1))  # seat 1 takes no turn


def test_901_14a_each_marker_holder_sets_a_starting_plane_and_controls_it() -> None:
    game = grand_melee()
    for t in melee.turns(game.state):
        assert t.planar_controller == t.active
        assert [game.state.cards[fu.card].owner for fu in t.face_up] == [t.active]
        assert [game.state.name_of(fu.card) for fu in t.face_up] == [QUIET[0]]  # each from their own deck
    started = [e for e in game.history[0].events if e.type == "starting_plane"]
    assert len(started) == 3


def test_901_14_planeswalking_replaces_only_the_planeswalkers_own_planes() -> None:
    game = grand_melee()
    game.act(Advance(0, "precombat_main", marker=1))
    game.force("planeswalker")
    game.act(Roll(0))
    game.act(Pass(0, marker=1))
    for seat in (1, 11):
        game.act(Pass(seat, marker=1))
    names = [game.state.name_of(fu.card) for fu in turn(game, 1).face_up]
    assert names == [QUIET[1]]
    assert [game.state.name_of(fu.card) for fu in turn(game, 2).face_up] == [QUIET[0]]


def test_901_6_901_14_the_next_marker_holder_becomes_planar_controller_of_its_planes() -> None:
    game = grand_melee()
    game.act(Advance(0, "next_turn", marker=1))
    assert turn(game, 1).planar_controller == 0  # seat 1 waits; nobody else has become active yet (901.6)
    events = game.act(Advance(4, "next_turn", marker=2))
    assert turn(game, 1).planar_controller == 1
    assert any(e.type == "planar_controller" and e.data["player"] == 1 and "901.14" in e.rules for e in events)
    assert [game.state.cards[fu.card].owner for fu in turn(game, 1).face_up] == [0]  # the plane stayed


def test_901_14b_a_departing_planar_controller_whose_leaving_removes_a_marker() -> None:
    game = grand_melee(decks=None, shared_deck=QUIET[:40])
    plane = turn(game, 2).face_up[0].card
    events = game.act(Concede(4))
    assert game.state.markers is not None
    removals = {m.number: m.removals for m in game.state.markers.markers}
    assert removals == {1: 1, 2: 0, 3: 0}  # 807.4e: the marker immediately to seat 4's right
    assert turn(game, 2).face_up == () and turn(game, 2).planar_controller is None
    assert game.state.decks[0][-1] == plane  # to the bottom of the shared deck
    assert not any(e.type in ("planeswalk", "planeswalked_to") for e in events)  # nobody planeswalked
    assert any(e.type == "planar_controller" and e.rules == ("901.14b",) for e in events)
    holder = turn(game, 2).priority  # 800.4j: the departed player's turn goes on
    assert holder in (3, 5)
    game.act(Advance(holder, "next_turn", marker=2))
    assert game.state.markers.holder_of(2) == 5  # 807.4c: then seat 5 takes marker 2
    other = turn(game, 1).face_up[0].card
    events = game.act(Advance(0, "next_turn", marker=1))
    assert any(e.type == "turn_marker_removed" and e.data["marker"] == 1 for e in events)  # 807.4g
    assert [t.marker for t in melee.turns(game.state)] == [2, 3]
    assert game.state.decks[0][-1] == other  # a removed marker's plane goes to the bottom (the ruling)
    assert not any(e.type in ("planeswalk", "planeswalked_to") for e in events)


def test_901_6_a_departing_planar_controller_whose_leaving_keeps_the_markers() -> None:
    players = tuple(f"P{n}" for n in range(13))  # 13 players: 3 markers, and still 3 with 12
    game = grand_melee(players)
    events = game.act(Concede(4))
    assert turn(game, 2).planar_controller == 5  # 901.6: the next player in turn order
    assert [game.state.cards[fu.card].owner for fu in turn(game, 2).face_up] == [5]  # 901.10: seat 5 turns one up
    assert any(e.type == "card_left_game" for e in events)


def test_901_13_planar_abilities_reach_only_players_within_range() -> None:
    decks = [QUIET[:10]] * 12
    decks[0] = ("Windriddle Palaces", *QUIET[:9])  # "Whenever chaos ensues, each player mills a card."
    game = grand_melee(decks=decks)
    game.act(Advance(0, "precombat_main", marker=1))
    game.force("chaos")
    game.act(Roll(0))
    events: list[Event] = []
    for seat in (0, 1, 11):
        events += game.act(Pass(seat, marker=1))
    mill = next(e for e in events if e.type == "instruction" and "mill" in e.text)
    assert sorted(mill.data["players"]) == [0, 1, 11]


def test_801_7_an_event_out_of_range_triggers_nothing() -> None:
    decks = [QUIET[:10]] * 12
    decks[0] = ("Minamo", *QUIET[:9])  # "Whenever a player casts a spell, that player may draw a card."
    game = grand_melee(decks=decks)
    game.act(Pass(0, marker=1))
    events = game.act(Cast(1, label="Shock", marker=1))
    assert any(e.type == "ability_triggered" for e in events)  # seat 1 is within seat 0's range
    while turn(game, 1).priority != 2:
        holder = turn(game, 1).priority
        assert holder is not None
        if game.state.pending is not None:
            decision = game.state.pending.decision
            game.act({"type": "choose", "player": decision.player, "decision": decision.id, "option": "no"})
            continue
        game.act(Pass(holder, marker=1))
    events = game.act(Cast(2, label="Opt", marker=1))  # seat 2 is two seats from Minamo's controller
    refused = next(e for e in events if e.type == "not_triggered")
    assert refused.rules == ("801.7", "901.13")
