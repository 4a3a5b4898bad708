"""The Eternities Map as published (Wizards of the Coast, 19 July 2010), played by the ``published`` profile:
the plus-shaped set-up, the starting plane at the centre (103.7), moves instead of the top card (701.31b),
hellrides, planes more than 3 steps away shuffled back, empty spaces filled, backtracking, counters kept
while a plane stays on the map, and the same seed giving the same map.

Decks are small shared decks of planes; ``order:`` outcomes keep them in their listed order, so the centre is
the first card and its north, east, south and west neighbours the next four.
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
    life,
    next_turn,
    of_type,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    triggered,
    types,
)
from map_driving import PLUS, QUIET, Space, direction_options, layout, map_game, planes, position, steps_between, walk
from planechase import DecisionKind, Event, Game, IllegalActionError


def direction_decision(game: Game) -> list[str]:
    """The option ids of the pending direction question (the test fails if none is pending)."""
    return [option_id for option_id, _ in direction_options(game)]


def setup_events(game: Game) -> tuple[Event, ...]:
    return game.history[0].events


# -- set-up: a plus of five cards, the centre face up (103.7) -----------------------------------------


def test_setup_deals_a_plus_and_only_the_centre_is_face_up_before_the_game_starts() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    events = setup_events(game)
    (dealt,) = of_type(events, "map_dealt")
    assert {tuple(s) for s in dealt.data["spaces"]} == PLUS
    assert dealt.data["map_rule"] == "article:setup"
    # The centre is the top card; the next four go north, east, south and west.
    assert layout(game) == {
        (0, 0): (deck[0], True),
        (0, 1): (deck[1], True),
        (1, 0): (deck[2], True),
        (0, -1): (deck[3], True),
        (-1, 0): (deck[4], True),
    }
    assert deck_names(game) == list(deck[5:])
    # While the players take mulligans only the centre is face up: the neighbours are turned face up
    # afterwards, and the event that does it names all four.
    order = types(of_type(events, "map_dealt", "starting_plane", "instruction", "map_revealed"))
    assert order == ["map_dealt", "starting_plane", "instruction", "map_revealed"]
    (revealed,) = of_type(events, "map_revealed")
    assert [tuple(s) for s in revealed.data["spaces"]] == [(0, 1), (1, 0), (0, -1), (-1, 0)]
    assert revealed.data["cards"] == list(deck[1:5])


def test_103_7_the_starting_plane_is_the_centre_card_and_the_only_face_up_object() -> None:
    deck = planes("Aretopolis", radius=1)
    game = map_game(deck, {"profile": "published", "radius": 1})
    events = setup_events(game)
    assert brief(events, "starting_plane") == [
        (
            "starting_plane",
            ("103.7", "901.5"),
            {"card": "Aretopolis", "position": [0, 0], "map_rule": "article:setup"},
        )
    ]
    assert face_up(game) == ["Aretopolis"]
    assert [game.state.name_of(c) for c in game.state.visited] == ["Aretopolis"]
    # Nothing triggers for the starting plane: it is not planeswalked to (103.7). Only its upkeep ability
    # triggers, once the first turn has begun.
    before_turn = events[: types(events).index("turn_began")]
    assert of_type(before_turn, "planeswalked_to", "ability_triggered") == []
    assert [(e.data["card"], e.rules) for e in of_type(events, "ability_triggered")] == [("Aretopolis", ("603.2",))]
    view = game.view()["eternities_map"]
    assert view["position"] == [0, 0]
    assert [(s["x"], s["y"]) for s in view["spaces"] if s["current"]] == [(0, 0)]
    assert [s["name"] for s in view["spaces"] if s["planeswalked_to"]] == ["Aretopolis"]


def test_103_7_a_phenomenon_dealt_to_the_centre_goes_to_the_bottom_and_the_next_card_is_taken() -> None:
    # Phenomena are in the map deck only with a profile that deals them onto the map.
    deck = ("Time Distortion", "Planewide Disaster", *planes(radius=1))
    game = map_game(deck, {"profile": "phenomena_on_map", "radius": 1})
    events = setup_events(game)
    assert brief(events, "starting_plane_phenomenon") == [
        ("starting_plane_phenomenon", ("103.7", "901.5"), {"card": "Time Distortion"}),
        ("starting_plane_phenomenon", ("103.7", "901.5"), {"card": "Planewide Disaster"}),
    ]
    assert types(of_type(events, "starting_plane_phenomenon", "map_dealt", "starting_plane")) == [
        "starting_plane_phenomenon",
        "starting_plane_phenomenon",
        "map_dealt",
        "starting_plane",
    ]
    assert layout(game)[(0, 0)] == (QUIET[0], True)
    assert face_up(game) == [QUIET[0]]
    assert deck_names(game)[-2:] == ["Time Distortion", "Planewide Disaster"]
    assert of_type(events, "encountered") == []


def test_neighbours_are_turned_face_up_once_the_game_starts_after_the_mulligan_instruction() -> None:
    deck = planes(radius=1)
    game = map_game(deck, {"profile": "published", "radius": 1})
    events = list(setup_events(game))
    kinds = types(events)
    start, mulligans, revealed = kinds.index("starting_plane"), kinds.index("instruction"), kinds.index("map_revealed")
    assert start < mulligans < revealed < kinds.index("turn_began")
    assert events[mulligans].data["instruction"] == "draw an opening hand of seven cards"
    assert events[revealed].data["map_rule"] == "article:setup"
    assert all(face for _, face in layout(game).values())
    # They are cards on the table, not objects of the game: only the centre is face up in the command zone.
    assert face_up(game) == [deck[0]]


# -- planeswalking is a move (701.31b) -----------------------------------------------------------------


def test_701_31b_a_planeswalker_roll_asks_the_active_player_for_a_direction_when_the_ability_resolves() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    next_turn(game)  # Bob's turn: Bob is the active player and the planar controller
    to_step(game)
    assert (game.state.active, game.state.planar_controller) == (1, 1)
    events = roll(game, "planeswalker", player=1)
    # The roll itself asks nothing: the planeswalking ability goes on the stack.
    assert game.decision is None
    assert len(game.state.stack) == 1
    assert of_type(events, "planeswalk", "map_moved") == []
    events = resolve_top(game)
    decision = game.decision
    assert decision is not None
    assert (decision.kind, decision.player, decision.rule) == (DecisionKind.CHOOSE_DIRECTION, 1, "701.31b")
    assert [(o.id, o.label) for o in decision.options] == [
        ("north", f"North: {deck[1]}"),
        ("east", f"East: {deck[2]}"),
        ("south", f"South: {deck[3]}"),
        ("west", f"West: {deck[4]}"),
        ("northeast", "Northeast (hellride): an unknown space (a card is dealt there)"),
        ("southeast", "Southeast (hellride): an unknown space (a card is dealt there)"),
        ("southwest", "Southwest (hellride): an unknown space (a card is dealt there)"),
        ("northwest", "Northwest (hellride): an unknown space (a card is dealt there)"),
    ]
    # Nothing has moved yet: the game is still at the centre, on its plane.
    assert position(game) == (0, 0)
    assert face_up(game) == [deck[0]]
    events = answer(game, "east")
    assert brief(events, "choice")[0][2] == {"player": 1, "decision": "choose_direction", "option": "east"}
    assert [e.data["player"] for e in of_type(events, "map_moved", "planeswalked_to")] == [1, 1]
    assert face_up(game) == [deck[2]]


def test_701_31b_a_planeswalk_effect_is_a_move_too() -> None:
    deck = planes(radius=1)
    game = map_game(deck, {"profile": "published", "radius": 1})
    to_step(game)
    events = cast(game, "planeswalk") + resolve_stack(game)
    assert direction_decision(game)[:4] == ["north", "east", "south", "west"]
    assert of_type(events, "planeswalk") == []
    events = answer(game, "south")
    assert brief(events, "planeswalk", "map_moved") == [
        ("planeswalk", ("701.31",), {"player": 0}),
        (
            "map_moved",
            ("701.31b", "901.11"),
            {
                "player": 0,
                "direction": "south",
                "hellride": False,
                "position": [0, -1],
                "previous": [0, 0],
                "map_rule": "article:move",
            },
        ),
    ]
    assert face_up(game) == [deck[3]]


def test_901_9_a_second_roll_asks_its_cost_first_and_the_direction_only_when_the_ability_resolves() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    walk(game, "north")
    roll(game, "planeswalker", pay=False)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.PAY_ROLL_COST
    answer(game, "pay")
    assert game.decision is None
    resolve_top(game)
    assert direction_decision(game) == ["north", "east", "south", "west", "northeast", "northwest"]


@pytest.mark.parametrize(
    ("direction", "space", "index"),
    [("north", (0, 1), 1), ("east", (1, 0), 2), ("south", (0, -1), 3), ("west", (-1, 0), 4)],
)
def test_701_31b_each_orthogonal_direction_moves_one_step_that_way(direction: str, space: Space, index: int) -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    events = walk(game, direction)
    assert position(game) == space
    assert face_up(game) == [deck[index]]
    (moved,) = of_type(events, "map_moved")
    assert (moved.data["direction"], moved.data["hellride"], moved.data["position"]) == (
        direction,
        False,
        list(space),
    )
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == [deck[index]]
    # The plane left stays on the map, face up, where it was.
    assert layout(game)[(0, 0)] == (deck[0], True)
    (away,) = of_type(events, "planeswalked_away")
    assert away.data["card"] == deck[0]
    assert "stays face up on the Eternities Map" in away.text


# -- hellriding ------------------------------------------------------------------------------------------


def test_hellride_only_onto_an_unknown_diagonal_space() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    walk(game, "north")  # at (0, 1): (1, 0) and (-1, 0) are face-up planes diagonally south
    assert layout(game)[(1, 0)][1] and layout(game)[(-1, 0)][1]
    assert (1, 2) not in layout(game) and (-1, 2) not in layout(game)
    roll(game, "planeswalker")
    resolve_top(game)
    options = direction_decision(game)
    assert options == ["north", "east", "south", "west", "northeast", "northwest"]
    # A face-up diagonal plane cannot be hellridden to.
    decision = game.decision
    assert decision is not None
    with pytest.raises(IllegalActionError, match="'southeast' is not an option"):
        answer(game, "southeast")
    view = game.view()["eternities_map"]
    assert [(m["direction"], m["hellride"]) for m in view["moves"]] == [
        ("north", False),
        ("east", False),
        ("south", False),
        ("west", False),
        ("northeast", True),
        ("northwest", True),
    ]


def test_hellride_onto_an_empty_diagonal_space_deals_the_top_card_there_on_arrival() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    top = deck_names(game)[0]
    events = walk(game, "southwest")
    assert position(game) == (-1, -1)
    assert layout(game)[(-1, -1)] == (top, True)
    assert face_up(game) == [top]
    (moved,) = of_type(events, "map_moved")
    assert (moved.data["direction"], moved.data["hellride"], moved.data["map_rule"]) == (
        "southwest",
        True,
        "article:hellride",
    )
    assert moved.text == "The game hellrides southwest to 1 south, 1 west of the centre."
    assert brief(events, "map_space_dealt") == [
        ("map_space_dealt", ("901.4",), {"card": top, "position": [-1, -1], "map_rule": "article:move"})
    ]
    assert types(of_type(events, "map_moved", "map_space_dealt", "map_filled", "planeswalked_to")) == [
        "map_moved",
        "map_space_dealt",
        "map_filled",
        "planeswalked_to",
    ]
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == [top]


# -- after every move: shuffle back, then fill -----------------------------------------------------------


def test_after_a_move_cards_more_than_3_steps_away_are_shuffled_back_into_the_deck() -> None:
    deck = planes(radius=3)
    assert len(deck) == 26
    game = map_game(deck)  # the published radius: 3
    to_step(game)
    shuffled: list[int] = []
    for move in range(1, 6):
        before = layout(game)
        target = (0, move)
        far = {space: name for space, (name, _) in before.items() if steps_between(space, target) > 3}
        # The shuffle keeps its order (the deck, then the cards put back), so those are at the bottom.
        shuffle = [identity_order(len(game.state.decks[0]) + len(far))] if far else []
        events = walk(game, "north", *shuffle)
        assert position(game) == target
        after = layout(game)
        assert all(steps_between(space, target) <= 3 for space in after), after
        assert set(before) - set(after) == set(far)
        if far:
            shuffled.append(move)
            (back,) = of_type(events, "map_shuffled_back")
            assert {tuple(s) for s in back.data["spaces"]} == set(far)
            assert back.data["map_rule"] == "article:after_move"
            assert sorted(deck_names(game)[-len(far) :]) == sorted(far.values())
        else:
            assert of_type(events, "map_shuffled_back") == []
        # The map never holds a card twice, and every card is on the map, face up, or in the deck.
        on_map = [name for name, _ in after.values()]
        assert sorted(on_map + deck_names(game)) == sorted(deck)
    # At (0, 2) the card at (0, -1) is exactly 3 steps away and stays; from (0, 3) on, cards go back.
    assert shuffled == [3, 4, 5]


def test_after_a_move_empty_spaces_around_are_filled_face_down_then_turned_face_up() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    top = deck_names(game)[:3]
    events = walk(game, "north")
    # North, east and west of (0, 1) were empty (south is the centre); they get the top three cards.
    (filled,) = of_type(events, "map_filled")
    assert [tuple(s) for s in filled.data["spaces"]] == [(0, 2), (1, 1), (-1, 1)]
    (revealed,) = of_type(events, "map_revealed")
    assert [tuple(s) for s in revealed.data["spaces"]] == [(0, 2), (1, 1), (-1, 1)]
    assert revealed.data["cards"] == top
    assert revealed.data["map_rule"] == "house:visibility"
    assert {space: layout(game)[space] for space in ((0, 2), (1, 1), (-1, 1))} == {
        (0, 2): (top[0], True),
        (1, 1): (top[1], True),
        (-1, 1): (top[2], True),
    }
    assert deck_names(game) == list(deck[8:])
    assert types(
        of_type(events, "planeswalked_away", "map_moved", "map_filled", "map_revealed", "planeswalked_to")
    ) == [
        "planeswalked_away",
        "map_moved",
        "map_filled",
        "map_revealed",
        "planeswalked_to",
    ]


def test_after_a_move_the_shuffle_back_comes_before_the_fill() -> None:
    deck = planes(radius=1)
    game = map_game(deck, {"profile": "published", "radius": 1})
    to_step(game)
    # Radius 1: moving north leaves east, south and west 2 steps away. With only one card left in the
    # deck, the three empty spaces can be filled only because those cards were shuffled back first.
    assert len(game.state.decks[0]) == 1
    events = walk(game, "north")
    assert types(of_type(events, "map_moved", "map_shuffled_back", "map_filled", "map_revealed")) == [
        "map_moved",
        "map_shuffled_back",
        "map_filled",
        "map_revealed",
    ]
    assert set(layout(game)) == {(0, 1), (0, 2), (1, 1), (-1, 1), (0, 0)}
    assert len(game.state.decks[0]) == 1


# -- backtracking ----------------------------------------------------------------------------------------


def test_backtracking_to_a_previous_plane_planeswalks_to_it_again() -> None:
    deck = planes(QUIET[0], "Panopticon", radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    first = walk(game, "north")
    back = walk(game, "south")
    again = walk(game, "north")
    assert [e.data["card"] for e in of_type(first + back + again, "planeswalked_to")] == [
        "Panopticon",
        QUIET[0],
        "Panopticon",
    ]
    # "When you planeswalk to Panopticon" triggers each time the game enters its space.
    assert triggered(first) == [("Panopticon", 0, ("901.11",))]
    assert triggered(back) == []
    assert triggered(again) == [("Panopticon", 0, ("901.11",))]
    # Going back moves onto the card already there: nothing is dealt for it.
    assert of_type(back, "map_shuffled_back", "map_filled") == []
    assert layout(game)[(0, 1)] == ("Panopticon", True)
    assert [game.state.name_of(c) for c in game.state.visited] == [QUIET[0], "Panopticon", QUIET[0], "Panopticon"]
    # Each visit is a new object (901.7a).
    ids = [e.data["object"] for e in of_type(first + again, "planeswalked_to")]
    assert ids[0] != ids[1]


# -- counters stay while the plane stays on the map -------------------------------------------------------


def test_counters_stay_on_a_plane_while_it_stays_on_the_map() -> None:
    deck = planes(QUIET[0], "Aretopolis", radius=2)
    game = map_game(deck, {"profile": "published", "radius": 2})
    to_step(game)
    events = walk(game, "north")  # Aretopolis: a scroll counter, 1 life
    assert game.state.face_up[0].counters == (("scroll", 1),)
    assert life(game) == [21, 20]
    events = walk(game, "south")
    assert of_type(events, "counters_lost") == []
    m = game.state.eternities
    assert m is not None
    kept = m.at((0, 1))
    assert kept is not None and kept.counters == (("scroll", 1),)
    (space,) = [s for s in game.view()["eternities_map"]["spaces"] if (s["x"], s["y"]) == (0, 1)]
    assert (space["name"], space["counters"]) == ("Aretopolis", {"scroll": 1})
    events = walk(game, "north")
    # The plane comes back with its counter, and the planeswalk-to trigger adds a second one.
    assert brief(events, "counters_added") == [
        ("counters_added", ("122.1",), {"card": "Aretopolis", "counter": "scroll", "added": 1, "total": 2})
    ]
    assert game.state.face_up[0].counters == (("scroll", 2),)
    assert life(game) == [23, 20]
    # While the game is on it, the counters are on the object, not kept on the map as well.
    m = game.state.eternities
    assert m is not None
    here = m.at((0, 1))
    assert here is not None and here.counters == ()
    assert game.view()["face_up"][0]["counters"] == {"scroll": 2}


def test_counters_are_lost_when_the_plane_is_shuffled_back_into_the_deck() -> None:
    deck = planes(QUIET[0], "Aretopolis", radius=1)
    game = map_game(deck, {"profile": "published", "radius": 1})
    to_step(game)
    walk(game, "north")  # onto Aretopolis: 1 scroll counter
    walk(game, "north")  # Aretopolis, 1 step south, keeps it
    m = game.state.eternities
    assert m is not None
    kept = m.at((0, 1))
    assert kept is not None and kept.counters == (("scroll", 1),)
    # The next move north leaves Aretopolis 2 steps away: it is shuffled back. The shuffle is forced to put
    # it on top (the deck, then the far cards in map order, top row first), so it is dealt again at once.
    deck_now = list(game.state.decks[0])
    far = [c for c in m.cells if steps_between(c.position, (0, 3)) > 1]
    back = [*deck_now, *(c.card for c in far)]
    aretopolis = next(c.card for c in far if game.state.name_of(c.card) == "Aretopolis")
    first = back.index(aretopolis)
    order = [first, *(i for i in range(len(back)) if i != first)]
    events = walk(game, "north", "order:" + ",".join(map(str, order)))
    (shuffled,) = of_type(events, "map_shuffled_back")
    assert "Aretopolis" in shuffled.text and "(counters on them are lost)" in shuffled.text
    # It is dealt north of the new position, a card like any other: without its counter.
    assert layout(game)[(0, 4)] == ("Aretopolis", True)
    m = game.state.eternities
    assert m is not None
    assert all(c.counters == () for c in m.cells)
    events = walk(game, "north")
    assert brief(events, "counters_added") == [
        ("counters_added", ("122.1",), {"card": "Aretopolis", "counter": "scroll", "added": 1, "total": 1})
    ]


# -- determinism ---------------------------------------------------------------------------------------


def _play_unforced(seed: int) -> Game:
    game = map_game(planes(radius=2), {"profile": "published", "radius": 2}, seed=seed, keep_order=False)
    to_step(game)
    for choice in (0, 4, 2, 5):
        roll(game, "planeswalker")
        resolve_top(game)
        options = direction_decision(game)
        answer(game, options[min(choice, len(options) - 1)])
        resolve_stack(game)
    return game


def test_the_same_seed_and_actions_give_the_same_map() -> None:
    one, two = _play_unforced(11), _play_unforced(11)
    assert one.state.eternities == two.state.eternities
    assert one.state.decks == two.state.decks
    assert one.log_lines() == two.log_lines()
    # A saved game replays to the same map.
    loaded = Game.load(one.save())
    assert loaded.state.eternities == one.state.eternities
    assert loaded.view()["eternities_map"] == one.view()["eternities_map"]
    # The map comes from the seed: not every seed lays out the same one.
    layouts = {tuple(sorted(layout(_play_unforced(seed)).items())) for seed in range(4)}
    assert len(layouts) > 1
