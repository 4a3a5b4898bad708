"""901.10 and 800.4: players leaving a Planechase game (conceding, losing), the planar controller
designation moving first (901.6, 800.4p), abilities on the stack (901.10a, 901.10b, 800.4a), the turn
of a player who left (800.4j) and the end of the game (104.2a, 104.4a)."""

from __future__ import annotations

import pytest

from conftest import make_game
from driving import act, brief, cast, deck_names, face_up, next_turn, of_type, pass_once, resolve_stack, roll, to_step
from planechase import Game, IllegalActionError

# -- helpers -----------------------------------------------------------------------------------

LEAVING = ("player_left", "planar_controller", "card_left_game", "planeswalked_to", "state_based_action", "priority")

ALICE = (
    "Sokenzan",
    "Tazeem",
    "Otaria",
    "Mount Keralia",
    "Fields of Summer",
    "Kilnspire District",
    "Academy at Tolaria West",
    "Naar Isle",
    "Sanctum of Serra",
    "The Eon Fog",
)
BOB = (
    "Otaria",
    "Naar Isle",
    "Tazeem",
    "Sokenzan",
    "Fields of Summer",
    "Mount Keralia",
    "Sanctum of Serra",
    "Academy at Tolaria West",
    "The Eon Fog",
    "Kilnspire District",
)
CAROL = (
    "The Eon Fog",
    "Tazeem",
    "Academy at Tolaria West",
    "Naar Isle",
    "Sokenzan",
    "Otaria",
    "Mount Keralia",
    "Fields of Summer",
    "Sanctum of Serra",
    "Kilnspire District",
)
THREE = ("Alice", "Bob", "Carol")


def bob_started(decks: tuple[tuple[str, ...], ...] = (ALICE, BOB, CAROL)) -> Game:
    """A three-player game Bob started: his Otaria is the face-up plane, and it is Carol's turn 2."""
    game = make_game(decks, players=THREE, starting_player=1)
    next_turn(game)
    assert (game.state.turn, game.state.active, game.state.planar_controller) == (2, 2, 2)
    return game


# -- 901.10: a player's planar cards leave with them, the planar controller turns up a card -------


def test_901_10_concede_owner_leaves_with_planar_cards_and_the_planar_controller_turns_up_at_once() -> None:
    game = bob_started()
    assert face_up(game) == ["Otaria"]
    otaria = game.state.face_up[0].card
    events = act(game, type="concede", player=1)
    assert brief(events, *LEAVING) == [
        ("player_left", ("104.3a", "800.4a"), {"player": 1, "status": "lost", "reason": "concedes"}),
        ("card_left_game", ("800.4a", "901.10"), {"card": "Otaria"}),
        ("planeswalked_to", ("901.10", "901.11"), {"player": 2, "card": "The Eon Fog", "object": 2}),
    ]
    # It happens during the concede action itself, not as a state-based action.
    assert of_type(events, "state_based_action", "planeswalk") == []
    assert face_up(game) == ["The Eon Fog"]
    assert game.state.decks[1] == ()
    assert otaria in game.state.removed
    assert sorted(game.state.removed) == list(range(10, 20))
    assert deck_names(game, 2) == list(CAROL[1:])
    assert deck_names(game, 0) == list(ALICE)
    assert game.state.players[1].status.value == "lost"
    assert game.view()["players"][1]["planar_deck"] == 0
    assert game.view()["planar_deck_sizes"] == [10, 0, 9]
    assert game.state.planar_controller == 2


def test_901_10_a_player_who_owns_nothing_face_up_leaves_without_a_planeswalk() -> None:
    game = bob_started()
    events = act(game, type="concede", player=0)
    assert brief(events, *LEAVING) == [
        ("player_left", ("104.3a", "800.4a"), {"player": 0, "status": "lost", "reason": "concedes"}),
    ]
    assert face_up(game) == ["Otaria"]
    assert game.state.decks[0] == ()
    assert sorted(game.state.removed) == list(range(10))


def test_704_5a_life_zero_owner_loses_and_the_planar_controller_turns_up_at_once() -> None:
    game = bob_started()
    events = act(game, type="life", player=1, amount=-20)
    assert brief(events, "life_adjusted", *LEAVING) == [
        ("life_adjusted", ("119.3",), {"player": 1, "delta": -20}),
        ("state_based_action", ("704.5a",), {"player": 1}),
        ("player_left", ("704.5a", "800.4a"), {"player": 1, "status": "lost", "reason": "lost the game"}),
        ("card_left_game", ("800.4a", "901.10"), {"card": "Otaria"}),
        ("planeswalked_to", ("901.10", "901.11"), {"player": 2, "card": "The Eon Fog", "object": 2}),
    ]
    assert face_up(game) == ["The Eon Fog"]
    assert game.state.decks[1] == ()


def test_704_5c_ten_poison_owner_loses_and_the_planar_controller_turns_up_at_once() -> None:
    game = bob_started()
    events = act(game, type="poison", player=1, amount=10)
    assert brief(events, "poison_adjusted", *LEAVING) == [
        ("poison_adjusted", ("122.1",), {"player": 1, "delta": 10}),
        ("state_based_action", ("704.5c",), {"player": 1}),
        ("player_left", ("704.5c", "800.4a"), {"player": 1, "status": "lost", "reason": "lost the game"}),
        ("card_left_game", ("800.4a", "901.10"), {"card": "Otaria"}),
        ("planeswalked_to", ("901.10", "901.11"), {"player": 2, "card": "The Eon Fog", "object": 2}),
    ]
    assert face_up(game) == ["The Eon Fog"]


# -- 901.6 / 800.4p: the planar controller leaves --------------------------------------------------


def test_800_4p_planar_controller_leaving_the_next_player_becomes_planar_controller_first() -> None:
    game = make_game((ALICE, BOB, CAROL), players=THREE)
    to_step(game)
    events = act(game, type="concede", player=0)
    assert brief(events, *LEAVING) == [
        ("planar_controller", ("901.6", "800.4p"), {"player": 1}),
        ("player_left", ("104.3a", "800.4a"), {"player": 0, "status": "lost", "reason": "concedes"}),
        ("card_left_game", ("800.4a", "901.10"), {"card": "Sokenzan"}),
        # Bob, now the planar controller, turns up the top card of his own planar deck.
        ("planeswalked_to", ("901.10", "901.11"), {"player": 1, "card": "Otaria", "object": 2}),
        ("priority", ("800.4j", "117.5"), {"player": 1}),
    ]
    assert game.state.planar_controller == 1
    assert face_up(game) == ["Otaria"]
    assert game.state.face_up[0].card == 10  # Bob's Otaria
    assert deck_names(game, 1) == list(BOB[1:])


def test_800_4j_turn_continues_without_an_active_player_nobody_can_roll() -> None:
    game = make_game((ALICE, BOB, CAROL), players=THREE)
    to_step(game)
    act(game, type="concede", player=0)
    state = game.state
    assert (state.turn, state.active, state.step.value, state.priority) == (1, 0, "precombat_main", 1)
    assert not game.view()["roll"]["allowed"]
    with pytest.raises(IllegalActionError) as refused:
        act(game, type="roll", player=1)
    assert refused.value.rule == "901.9"
    with pytest.raises(IllegalActionError) as left:
        act(game, type="pass", player=0)
    assert left.value.rule == "800.4a"
    assert all(a.player != 0 for a in game.legal_actions())
    # The rest of the turn runs with the others passing; the next turn is the next player's.
    events = act(game, type="advance", player=1, to="end")
    assert game.state.turn == 1 and game.state.step.value == "end" and game.state.priority == 1
    events = act(game, type="advance", player=1, to="next_turn")
    assert [(e.data["turn"], e.data["player"]) for e in of_type(events, "turn_began")] == [(2, 1)]
    assert game.state.active == 1 and game.state.planar_controller == 1


# -- abilities on the stack --------------------------------------------------------------------


def test_901_10a_planeswalking_ability_ceases_when_a_plane_leaves() -> None:
    game = bob_started()
    to_step(game)
    roll(game, "planeswalker")
    (item,) = game.state.stack
    assert item.kind.value == "planeswalking"
    events = act(game, type="concede", player=1)
    assert brief(events, "ability_ceased", "card_left_game", "planeswalked_to") == [
        ("card_left_game", ("800.4a", "901.10"), {"card": "Otaria"}),
        ("ability_ceased", ("901.10a",), {"item": item.id}),
        ("planeswalked_to", ("901.10", "901.11"), {"player": 2, "card": "The Eon Fog", "object": 3}),
    ]
    assert game.state.stack == ()
    assert face_up(game) == ["The Eon Fog"]
    assert game.state.priority == 2


def test_901_10b_phenomenon_ability_stays_under_the_new_planar_controller() -> None:
    alice = ("Sokenzan", "Time Distortion", *ALICE[1:9])
    game = make_game((alice, BOB, CAROL), players=THREE)
    to_step(game)
    roll(game, "planeswalker")
    while game.state.stack[-1].kind.value == "planeswalking":
        pass_once(game)
    (trigger,) = game.state.stack  # the encounter trigger
    assert (game.state.name_of(trigger.card or 0), trigger.controller) == ("Time Distortion", 0)
    events = act(game, type="concede", player=0)
    assert brief(events, "planar_controller", "ability_controller", "ability_ceased", "planeswalked_to") == [
        ("planar_controller", ("901.6", "800.4p"), {"player": 1}),
        ("ability_controller", ("901.10b",), {"item": trigger.id, "controller": 1}),
        ("planeswalked_to", ("901.10", "901.11"), {"player": 1, "card": "Otaria", "object": 5}),
    ]
    assert [(i.id, i.controller) for i in game.state.stack] == [(trigger.id, 1)]
    assert face_up(game) == ["Otaria"]
    events = resolve_stack(game)
    assert [e.type for e in of_type(events, "turn_order_reversed", "state_based_action", "planeswalk")] == [
        "turn_order_reversed"
    ]
    assert face_up(game) == ["Otaria"]


def test_800_4a_abilities_controlled_by_the_leaver_cease_and_priority_passes_on() -> None:
    game = make_game((ALICE, BOB, CAROL), players=THREE)
    to_step(game)
    cast(game, "none", player=0)
    pass_once(game)
    assert game.state.priority == 1
    cast(game, "none", player=1)
    bobs = game.state.stack[-1].id
    events = act(game, type="concede", player=1)
    assert brief(events, "player_left", "ability_ceased", "priority") == [
        ("player_left", ("104.3a", "800.4a"), {"player": 1, "status": "lost", "reason": "concedes"}),
        ("ability_ceased", ("800.4a",), {"item": bobs}),
        ("priority", ("800.4j", "117.5"), {"player": 2}),
    ]
    assert [i.controller for i in game.state.stack] == [0]
    assert game.state.priority == 2
    assert face_up(game) == ["Sokenzan"]  # Alice's plane stays
    events = pass_once(game) + pass_once(game)
    assert [e.type for e in of_type(events, "resolves")] == ["resolves"]
    assert game.state.stack == ()


def test_901_11_chaotic_aether_ends_when_its_plane_leaves_the_game() -> None:
    """901.11b: a plane that leaves the game is a plane the player planeswalks away from."""
    bob = ("Sokenzan", "Chaotic Aether", "Tazeem", "Naar Isle", *BOB[4:])
    game = make_game((ALICE, bob, CAROL), players=THREE, starting_player=1)
    to_step(game)
    roll(game, "planeswalker")
    resolve_stack(game)
    assert face_up(game) == ["Tazeem"]
    assert [e.kind for e in game.state.effects] == ["blank_rolls_are_chaos"]
    next_turn(game)  # Carol's turn
    events = act(game, type="concede", player=1)
    assert [e.data["card"] for e in of_type(events, "card_left_game")] == ["Tazeem"]
    assert face_up(game) == ["The Eon Fog"]
    assert [(e.rules, e.data["kind"]) for e in of_type(events, "effect_ended")] == [
        (("901.11",), "blank_rolls_are_chaos")
    ]
    assert game.state.effects == ()


# -- the end of the game -----------------------------------------------------------------------


def test_104_2a_last_player_standing_wins_and_the_game_is_over() -> None:
    game = make_game()
    to_step(game)
    events = act(game, type="concede", player=1)
    assert brief(events, "player_left", "game_over") == [
        ("player_left", ("104.3a", "800.4a"), {"player": 1, "status": "lost", "reason": "concedes"}),
        ("game_over", ("104.2a",), {"winner": 0}),
    ]
    assert game.state.over
    assert [p.status.value for p in game.state.players] == ["won", "lost"]
    assert game.view()["winners"] == [0]
    assert game.legal_actions() == []
    for action in (
        {"type": "pass", "player": 0},
        {"type": "roll", "player": 0},
        {"type": "concede", "player": 0},
        {"type": "life", "player": 0, "amount": 1},
    ):
        with pytest.raises(IllegalActionError) as refused:
            game.act(action)
        assert refused.value.rule == "104.1"


def test_104_4a_all_remaining_players_losing_at_once_is_a_draw() -> None:
    alice = ("Pompeii", *ALICE[:9])
    game = make_game((alice, BOB))
    resolve_stack(game)  # upkeep: an eruption counter on Pompeii
    assert game.state.face_up[0].counters == (("eruption", 1),)
    to_step(game)
    act(game, type="life", player=0, amount=-19)
    act(game, type="life", player=1, amount=-19)
    cast(game, "chaos")
    events = resolve_stack(game)
    assert brief(events, "life_changed", "state_based_action", "player_left", "game_over") == [
        ("life_changed", ("120.3a",), {"player": 0, "delta": -1, "life": 0}),
        ("life_changed", ("120.3a",), {"player": 1, "delta": -1, "life": 0}),
        ("state_based_action", ("704.5a",), {"player": 0}),
        ("state_based_action", ("704.5a",), {"player": 1}),
        ("game_over", ("104.4a",), {"winner": None}),
    ]
    assert game.state.over
    assert [p.status.value for p in game.state.players] == ["drawn", "drawn"]
    assert game.view()["winners"] == []


# -- the single shared planar deck ---------------------------------------------------------------

#: Alice's ten planes and two more.
SHARED = (*ALICE, "Aretopolis", "Pompeii")


def test_901_15b_shared_deck_nothing_leaves_when_a_player_leaves() -> None:
    game = make_game(None, players=THREE, shared_deck=SHARED, check_decks=False)
    to_step(game)
    before = (game.state.decks, game.state.face_up)
    events = act(game, type="concede", player=1)
    assert of_type(events, "card_left_game", "planeswalked_to") == []
    assert (game.state.decks, game.state.face_up, game.state.removed) == (*before, ())
    # The planar controller leaving: the next player becomes planar controller first, and so the
    # owner of every card (901.15b): still nothing leaves.
    events = act(game, type="concede", player=0)
    assert brief(events, "planar_controller", "card_left_game", "planeswalked_to", "game_over") == [
        ("planar_controller", ("901.6", "800.4p"), {"player": 2}),
        ("game_over", ("104.2a",), {"winner": 2}),
    ]
    assert (game.state.decks, game.state.face_up, game.state.removed) == (*before, ())


def test_901_15b_shared_deck_planar_controller_leaving_keeps_the_planar_cards() -> None:
    game = make_game(None, players=("Alice", "Bob", "Carol", "Dan"), shared_deck=SHARED, check_decks=False)
    to_step(game)
    before = (game.state.decks, game.state.face_up)
    events = act(game, type="concede", player=0)
    assert brief(events, "planar_controller", "card_left_game", "planeswalked_to") == [
        ("planar_controller", ("901.6", "800.4p"), {"player": 1}),
    ]
    assert (game.state.decks, game.state.face_up, game.state.removed) == (*before, ())
    assert game.view()["face_up"][0]["owner"] == 1
