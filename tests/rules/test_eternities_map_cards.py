"""Planar cards that move the game, read on the Eternities Map (see :mod:`planechase.planar.eternities`):
Interplanar Tunnel, Spatial Merging, Norn's Seedcore, Aretopolis's "planeswalk", and the cards that use the
top of the planar deck (Stairs to Infinity, Pools of Becoming), which is the map's deck.

Decks are small shared decks kept in their listed order (``order:`` outcomes); with the ``pile`` rule the
phenomena make the separate pile ``decks[1]``.
"""

from __future__ import annotations

import pytest

from conftest import identity_order
from driving import (
    answer,
    brief,
    cast,
    deck_names,
    face_up,
    of_type,
    option_for,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    triggered,
)
from map_driving import QUIET, beside, layout, map_game, move, planes, position
from planechase import DecisionKind

PILE_RULES = {"profile": "hellride_phenomena", "radius": 2}
ON_MAP_RULES = {"profile": "phenomena_on_map", "radius": 2}
PUBLISHED_RULES = {"profile": "published", "radius": 2}


# -- Interplanar Tunnel -------------------------------------------------------------------------------


def test_interplanar_tunnel_met_on_a_hellride_puts_the_chosen_plane_on_the_destination_space() -> None:
    game = map_game((*planes(), "Interplanar Tunnel"), PILE_RULES)
    to_step(game)
    destination = deck_names(game)[0]
    move(game, "northeast")
    assert face_up(game) == ["Interplanar Tunnel"]
    assert layout(game)[(1, 1)] == (destination, True)
    deck_before = deck_names(game)
    events = resolve_top(game)  # the encounter ability: reveal from the map's deck until five planes
    assert [e.data["cards"] for e in of_type(events, "revealed")] == [deck_before[:5]]
    chosen = deck_before[2]
    game.force(identity_order(4))  # the other four go to the bottom in this order
    events = answer(game, option_for(game, chosen))
    assert brief(events, "map_tunnel_opened") == [
        ("map_tunnel_opened", ("608.2c", "701.31b"), {"card": chosen, "map_rule": "engine:tunnel"})
    ]
    events += resolve_stack(game)  # 704.6f: the Tunnel leaves and the move under way finishes
    assert game.decision is None
    assert brief(events, "map_tunnel", "map_displaced") == [
        ("map_tunnel", ("701.31b", "608.2c"), {"card": chosen, "map_rule": "engine:tunnel"}),
        (
            "map_displaced",
            ("701.31b", "901.4"),
            {"position": [1, 1], "map_rule": "engine:named_planes", "card": destination},
        ),
    ]
    # The chosen plane ends on the destination space; the plane there goes to the bottom of the deck.
    assert position(game) == (1, 1)
    assert layout(game)[(1, 1)] == (chosen, True)
    assert face_up(game) == [chosen]
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == [chosen]
    others = [name for name in deck_before[:5] if name != chosen]
    assert deck_names(game)[-5:] == [*others, destination]
    m = game.state.eternities
    assert m is not None and not m.tunnel and not m.arriving
    assert deck_names(game, 1) == ["Interplanar Tunnel"]


def test_interplanar_tunnel_dealt_on_the_map_the_chosen_plane_takes_its_space() -> None:
    deck = (QUIET[0], "Interplanar Tunnel", *planes()[1:])
    game = map_game(deck, ON_MAP_RULES)
    to_step(game)
    move(game, "north")
    assert face_up(game) == ["Interplanar Tunnel"]
    deck_before = deck_names(game)
    resolve_top(game)
    chosen = deck_before[4]
    game.force(identity_order(4))
    events = answer(game, option_for(game, chosen)) + resolve_stack(game)
    assert position(game) == (0, 1)
    assert layout(game)[(0, 1)] == (chosen, True)
    assert face_up(game) == [chosen]
    # The Tunnel left the map: nothing was displaced, it went to the bottom of the deck.
    assert of_type(events, "map_displaced") == []
    assert deck_names(game)[-1] == "Interplanar Tunnel"
    assert "Interplanar Tunnel" not in [name for name, _ in layout(game).values()]


def test_interplanar_tunnel_opened_after_the_move_finished_leads_the_next_move() -> None:
    game = map_game((*planes(radius=3), "Interplanar Tunnel"), {"profile": "hellride_phenomena"})
    to_step(game)
    move(game, "northeast")  # meets the Tunnel on the way
    # In response to its encounter ability, the game planeswalks: that finishes the move under way.
    cast(game, "planeswalk")
    resolve_top(game)
    assert face_up(game) == [layout(game)[(1, 1)][0]]
    west = layout(game)[(0, 1)][0]
    chosen = deck_names(game)[3]
    resolve_top(game)  # the encounter ability still resolves: the tunnel opens
    game.force(identity_order(4))
    answer(game, option_for(game, chosen))
    m = game.state.eternities
    assert m is not None and m.tunnel
    assert deck_names(game)[0] == chosen
    # The next move (west, onto (0, 1): nothing is then more than 3 steps away) arrives at the chosen plane.
    events = move(game, "west") + resolve_stack(game)
    assert brief(events, "map_tunnel", "map_displaced") == [
        ("map_tunnel", ("701.31b", "608.2c"), {"card": chosen, "map_rule": "engine:tunnel"}),
        ("map_displaced", ("701.31b", "901.4"), {"position": [0, 1], "map_rule": "engine:named_planes", "card": west}),
    ]
    assert of_type(events, "map_shuffled_back") == []
    assert position(game) == (0, 1)
    assert layout(game)[(0, 1)] == (chosen, True)
    assert face_up(game) == [chosen]
    assert deck_names(game)[-1] == west
    m = game.state.eternities
    assert m is not None and not m.tunnel


def test_interplanar_tunnel_leads_the_next_move_even_when_a_phenomenon_is_met_on_the_way() -> None:
    # ENGINE BUG (kept failing on purpose): with the tunnel open, a hellride onto an empty space that meets a
    # phenomenon from the pile deals the deck's top card (the chosen plane) onto the destination first; then the
    # tunnel takes the NEW top card, displacing the chosen plane. The game arrives at the wrong plane.
    deck = (*planes(radius=3), "Interplanar Tunnel", "Time Distortion")
    game = map_game(deck, {"profile": "hellride_phenomena"})
    to_step(game)
    move(game, "northeast")  # meets the Tunnel on the way
    cast(game, "planeswalk")  # in response to its encounter ability: the move under way finishes
    resolve_top(game)
    chosen = deck_names(game)[2]
    resolve_top(game)
    game.force(identity_order(4))
    answer(game, option_for(game, chosen))
    m = game.state.eternities
    assert m is not None and m.tunnel
    assert (2, 2) not in layout(game)
    # The next hellride (onto the empty space (2, 2)) meets Time Distortion, the pile's top card.
    events = move(game, "northeast")
    assert [e.data["card"] for e in of_type(events, "encountered")] == ["Time Distortion"]
    events += resolve_stack(game)
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == [chosen]
    assert [e.data["card"] for e in of_type(events, "map_tunnel")] == [chosen]
    assert layout(game)[(2, 2)] == (chosen, True)


# -- Spatial Merging ----------------------------------------------------------------------------------


def test_spatial_merging_the_first_plane_takes_the_space_and_the_second_is_beside_the_map() -> None:
    game = map_game((*planes(), "Spatial Merging"), PILE_RULES)
    to_step(game)
    destination = deck_names(game)[0]
    move(game, "northeast")
    first, second = deck_names(game)[:2]
    events = resolve_stack(game)
    assert [e.data["cards"] for e in of_type(events, "revealed")] == [[first, second]]
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == [first, second]
    assert brief(events, "map_displaced") == [
        (
            "map_displaced",
            ("701.31b", "901.4"),
            {"position": [1, 1], "map_rule": "engine:named_planes", "card": destination},
        )
    ]
    assert position(game) == (1, 1)
    assert layout(game)[(1, 1)] == (first, True)
    assert second not in [name for name, _ in layout(game).values()]
    assert face_up(game) == [first, second]
    assert beside(game) == [second]
    assert deck_names(game)[-1] == destination
    assert deck_names(game, 1) == ["Spatial Merging"]
    # When the game moves on (west: nothing is more than 2 steps away then), the first plane stays on
    # the map and the second goes to the bottom of the deck.
    events = move(game, "west") + resolve_stack(game)
    assert of_type(events, "map_shuffled_back") == []
    assert [e.data["card"] for e in of_type(events, "planeswalked_away")] == [first, second]
    assert layout(game)[(1, 1)] == (first, True)
    assert deck_names(game)[-1] == second
    assert beside(game) == []


def test_spatial_merging_dealt_on_the_map_its_space_gets_the_first_plane() -> None:
    deck = (QUIET[0], "Spatial Merging", *planes()[1:])
    game = map_game(deck, ON_MAP_RULES)
    to_step(game)
    move(game, "north")
    first, second = deck_names(game)[:2]
    events = resolve_stack(game)
    assert of_type(events, "map_displaced") == []
    assert layout(game)[(0, 1)] == (first, True)
    assert face_up(game) == [first, second]
    assert beside(game) == [second]
    assert deck_names(game)[-1] == "Spatial Merging"


def test_spatial_merging_with_no_move_under_way_asks_a_direction_and_keeps_each_card_in_one_place() -> None:
    # ENGINE BUG (kept failing on purpose): when Spatial Merging's ability resolves with no move under way, the
    # game chooses a direction and moves; the second revealed plane is still in the deck while the empty spaces
    # around the new position are filled, so it is dealt onto the map AND turned face up beside it. When the game
    # moves on, it leaves its map space too, leaving a hole in the map.
    game = map_game((*planes(radius=3), "Spatial Merging"), {"profile": "hellride_phenomena"})
    to_step(game)
    move(game, "northeast")  # meets Spatial Merging on the way
    cast(game, "planeswalk")  # in response to its encounter ability: the move under way finishes
    resolve_top(game)
    first, second = deck_names(game)[:2]
    west = layout(game)[(0, 1)][0]
    events = resolve_top(game)  # the encounter ability resolves: two planes are revealed
    assert [e.data["cards"] for e in of_type(events, "revealed")] == [[first, second]]
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.CHOOSE_DIRECTION
    # West, onto (0, 1): nothing is then more than 3 steps away, and two spaces around it are empty.
    events = answer(game, "west") + resolve_stack(game)
    assert brief(events, "map_displaced") == [
        ("map_displaced", ("701.31b", "901.4"), {"position": [0, 1], "map_rule": "engine:named_planes", "card": west})
    ]
    assert layout(game)[(0, 1)] == (first, True)
    assert face_up(game) == [first, second]
    assert beside(game) == [second]
    (filled,) = of_type(events, "map_filled")
    assert [tuple(s) for s in filled.data["spaces"]] == [(0, 2), (-1, 1)]
    # Every card is in one place: on the map, face up beside it, or in a deck.
    on_map = [name for name, _ in layout(game).values()]
    assert second not in on_map, f"{second} is beside the map and also on it: {layout(game)}"
    places = [*on_map, second, *deck_names(game), *deck_names(game, 1)]
    assert sorted(places) == sorted([*planes(radius=3), "Spatial Merging"])


# -- Norn's Seedcore ----------------------------------------------------------------------------------


def test_norns_seedcore_the_revealed_plane_joins_beside_the_map_without_a_move() -> None:
    game = map_game(planes(QUIET[0], "Norn's Seedcore"), PUBLISHED_RULES)
    to_step(game)
    events = move(game, "north")
    revealed = deck_names(game)[0]
    events += resolve_stack(game)  # planeswalk-to: chaos ensues; the chaos ability reveals a plane
    assert triggered(events) == [("Norn's Seedcore", 0, ("901.11",)), ("Norn's Seedcore", 1, ("311.7",))]
    # One move (north, onto Seedcore); joining the revealed plane is no move and leaves nothing.
    assert [e.data["direction"] for e in of_type(events, "map_moved")] == ["north"]
    assert [e.data["card"] for e in of_type(events, "planeswalked_away")] == [QUIET[0]]
    assert brief(events, "map_joined") == [
        ("map_joined", ("701.31", "901.11"), {"cards": [revealed], "map_rule": "engine:named_planes"})
    ]
    assert position(game) == (0, 1)
    assert layout(game)[(0, 1)] == ("Norn's Seedcore", True)
    assert face_up(game) == ["Norn's Seedcore", revealed]
    assert beside(game) == [revealed]
    assert revealed not in [name for name, _ in layout(game).values()]
    # Going back to the centre (nothing is then more than 2 steps away): Seedcore stays on the map, the
    # plane beside it goes to the bottom of the deck.
    events = move(game, "south") + resolve_stack(game)
    assert of_type(events, "map_shuffled_back") == []
    assert layout(game)[(0, 1)] == ("Norn's Seedcore", True)
    assert deck_names(game)[-1] == revealed
    assert face_up(game) == [QUIET[0]]
    assert beside(game) == []


# -- the top of the planar deck is the map's deck -------------------------------------------------------


@pytest.mark.parametrize("to_bottom", [True, False])
def test_stairs_to_infinity_reveals_the_top_card_of_the_map_deck(to_bottom: bool) -> None:
    game = map_game(planes("Stairs to Infinity"), PUBLISHED_RULES)
    to_step(game)
    top, second = deck_names(game)[:2]
    events = cast(game, "chaos") + resolve_stack(game)
    assert [e.data["cards"] for e in of_type(events, "revealed")] == [[top]]
    answer(game, "yes" if to_bottom else "no")
    assert deck_names(game)[0] == (second if to_bottom else top)
    # The next card dealt onto the map is the deck's top card: a hellride onto an empty space shows it.
    events = roll(game, "planeswalker") + resolve_stack(game)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.ORDER_TRIGGERS  # Stairs' draw trigger too
    answer(game, decision.options[0].id)
    resolve_stack(game)
    answer(game, "southwest")
    resolve_stack(game)
    assert layout(game)[(-1, -1)] == ((second if to_bottom else top), True)
    assert face_up(game) == [second if to_bottom else top]


def test_pools_of_becoming_reveals_the_top_three_cards_of_the_map_deck() -> None:
    game = map_game(planes("Pools of Becoming"), PUBLISHED_RULES)
    to_step(game)
    top = deck_names(game)[:3]
    events = cast(game, "chaos") + resolve_stack(game)
    assert [e.data["cards"] for e in of_type(events, "revealed")] == [top]
    assert [e.data.get("card") for e in of_type(events, "chaos_ensues")][1:] == top
    # The map itself is untouched: the revealed cards are not dealt.
    assert all(name not in top for name, _ in layout(game).values())


# -- Aretopolis: "planeswalk" at ten scroll counters ---------------------------------------------------


def test_aretopolis_ten_scroll_counters_planeswalk_is_a_move_with_a_direction_choice() -> None:
    deck = planes("Aretopolis")
    game = map_game(deck, PUBLISHED_RULES)
    resolve_stack(game)  # Alice's upkeep: the first scroll counter
    to_step(game)
    for _ in range(8):
        cast(game, "chaos")
        resolve_stack(game)
    assert game.state.face_up[0].counters == (("scroll", 9),)
    events = cast(game, "chaos") + resolve_stack(game)
    assert triggered(events)[-1] == ("Aretopolis", 1, ("603.8",))
    decision = game.decision
    assert decision is not None
    assert (decision.kind, decision.player, decision.rule) == (DecisionKind.CHOOSE_DIRECTION, 0, "701.31b")
    assert [o.id for o in decision.options][:4] == ["north", "east", "south", "west"]
    assert position(game) == (0, 0)
    events = answer(game, "west") + resolve_stack(game)
    assert brief(events, "planeswalk") == [("planeswalk", ("701.31",), {"player": 0})]
    assert [e.data["direction"] for e in of_type(events, "map_moved")] == ["west"]
    assert position(game) == (-1, 0)
    assert face_up(game) == [deck[4]]
    # Aretopolis stays on the map with its counters (the published profile keeps them).
    m = game.state.eternities
    assert m is not None
    cell = m.at((0, 0))
    assert cell is not None
    assert (game.state.name_of(cell.card), cell.counters) == ("Aretopolis", (("scroll", 10),))
