"""Starting the game: shuffling the planar decks (103.3a, 901.4), the starting player (103.1), the starting
plane (103.7, 901.5) and the first draw (103.8a, 800.7)."""

from __future__ import annotations

from collections.abc import Sequence

from conftest import PLANES_10, identity_order, make_game
from driving import deck_maker, names
from planechase import Event, Game

FILL = (
    "Tazeem",
    "The Eon Fog",
    "Sokenzan",
    "Otaria",
    "Fields of Summer",
    "Sanctum of Serra",
    "Stairs to Infinity",
    "Temple of Atropos",
    "Pools of Becoming",
    "Naar Isle",
    "Aretopolis",
)


#: Legal ten-card planar decks: the cards asked for on top, then quiet planes.
deck = deck_maker(FILL)


def setup_events(game: Game) -> tuple[Event, ...]:
    return game.history[0].events


def positions(chance: str) -> list[int]:
    assert chance.startswith("order:")
    return [int(x) for x in chance.removeprefix("order:").split(",")]


def turn_events(game: Game, turn: int) -> list[Event]:
    """Events from the moment turn ``turn`` began until the next turn began (the setup counts as part of
    turn 1)."""
    out: list[Event] = []
    current = 1
    for event in game.events():
        if event.type == "turn_began":
            current = int(event.data["turn"])
        if current == turn:
            out.append(event)
    return out


def pass_until(game: Game, step: str, turn: int | None = None) -> None:
    """Pass priority one player at a time until ``step`` of ``turn`` (default: this turn) begins."""
    target_turn = game.state.turn if turn is None else turn
    for _ in range(200):
        if game.state.step.value == step and game.state.turn == target_turn:
            return
        priority = game.state.priority
        assert priority is not None
        game.act({"type": "pass", "player": priority})
    raise AssertionError(f"never reached {step}")


# -- 103.3a / 901.4: shuffling --------------------------------------------------------------------------


def test_103_3a_each_planar_deck_shuffle_is_recorded() -> None:
    game = make_game([PLANES_10, PLANES_10], seed=3, order=False)
    shuffles = [e for e in setup_events(game) if e.type == "deck_shuffled"]
    assert [e.rules for e in shuffles] == [("103.3a", "901.4"), ("103.3a", "901.4")]
    assert [e.data["deck"] for e in shuffles] == [0, 1]
    assert [e.text for e in shuffles] == ["Alice's planar deck is shuffled.", "Bob's planar deck is shuffled."]
    alice = positions(str(shuffles[0].data["chance"]))
    bob = positions(str(shuffles[1].data["chance"]))
    assert sorted(alice) == sorted(bob) == list(range(10))
    # The recorded order is the order the cards are in: Alice's top card became the starting plane.
    assert [fu.card for fu in game.state.face_up] == [alice[0]]
    assert list(game.state.decks[0]) == alice[1:]
    assert list(game.state.decks[1]) == [10 + p for p in bob]


def test_103_3a_shuffles_come_from_the_seed() -> None:
    def orders(seed: int) -> list[object]:
        game = make_game(seed=seed, order=False)
        return [e.data["chance"] for e in setup_events(game) if e.type == "deck_shuffled"]

    assert orders(11) == orders(11)
    alice_orders = {str(orders(seed)[0]) for seed in range(12)}
    assert len(alice_orders) >= 10  # 10! orders: twelve seeds almost never repeat one
    first = orders(5)
    assert first[0] != first[1]  # the two decks are shuffled separately


def test_103_3a_the_shared_deck_is_shuffled_once() -> None:
    shared = (
        *PLANES_10,
        *("Academy at Tolaria West", "Fields of Summer", "Kilnspire District", "Mount Keralia", "Otaria"),
        *("Sanctum of Serra", "The Fertile Lands of Saulvinia", "Chaotic Aether", "Time Distortion", "Spatial Merging"),
    )
    assert len(set(shared)) == 20
    game = make_game(shared_deck=shared, seed=2, order=False)
    shuffles = [e for e in setup_events(game) if e.type == "deck_shuffled"]
    assert len(shuffles) == 1
    assert shuffles[0].text == "The shared planar deck is shuffled."
    assert shuffles[0].data["deck"] == 0
    assert sorted(positions(str(shuffles[0].data["chance"]))) == list(range(20))


# -- 103.1: the starting player -------------------------------------------------------------------------


def starting(seed: int, players: Sequence[str] = ("Alice", "Bob")) -> Event:
    game = make_game(players=players, seed=seed, starting_player=None, order=False)
    (event,) = [e for e in setup_events(game) if e.type == "starting_player"]
    seat = int(event.data["player"])
    assert game.state.starting_player == seat
    assert game.state.active == seat
    assert game.state.planar_controller == seat
    assert game.state.turn == 1
    return event


def test_103_1_random_starting_player_is_recorded() -> None:
    event = starting(3)
    assert event.rules == ("103.1",)
    seat = event.data["player"]
    assert event.data["chance"] == f"seat:{seat}"
    assert event.text == f"{('Alice', 'Bob')[int(seat)]} is chosen at random to start."


def test_103_1_random_starting_player_is_deterministic_per_seed() -> None:
    for seed in range(10):
        assert starting(seed).data == starting(seed).data


def test_103_1_random_starting_player_varies_across_seeds() -> None:
    seats = [starting(seed).data["player"] for seed in range(20)]
    assert set(seats) == {0, 1}
    three = {starting(seed, ("A", "B", "C")).data["player"] for seed in range(30)}
    assert three == {0, 1, 2}


def test_103_1_chosen_starting_player() -> None:
    game = make_game(starting_player=1)
    (event,) = [e for e in setup_events(game) if e.type == "starting_player"]
    assert event.rules == ("103.1",)
    assert event.text == "Bob starts."
    assert "chance" not in event.data
    assert game.state.active == 1
    assert game.state.starting_player == 1
    # 103.7: the starting player's own planar deck gives the starting plane.
    (plane,) = game.state.face_up
    assert game.state.owner_of(plane.card) == 1
    assert len(game.state.decks[0]) == 10
    assert len(game.state.decks[1]) == 9


def test_103_1_a_forced_seat_replaces_the_random_choice() -> None:
    config = make_game(starting_player=None).config
    game = Game(config, forced=[identity_order(10), identity_order(10), "seat:1"])
    (event,) = [e for e in setup_events(game) if e.type == "starting_player"]
    assert event.data == {"player": 1, "chance": "seat:1"}
    assert game.state.active == 1


# -- 103.7 / 901.5: the starting plane --------------------------------------------------------------------


def test_103_7_the_top_plane_becomes_the_starting_plane() -> None:
    game = make_game([deck("Sokenzan"), PLANES_10])
    (event,) = [e for e in setup_events(game) if e.type == "starting_plane"]
    assert event.rules == ("103.7", "901.5")
    assert event.data["card"] == "Sokenzan"
    assert names(game, [fu.card for fu in game.state.face_up]) == ["Sokenzan"]
    assert names(game, game.state.visited) == ["Sokenzan"]
    assert names(game, game.state.decks[0]) == list(deck("Sokenzan")[1:])


def test_103_7_phenomena_on_top_go_to_the_bottom_until_a_plane() -> None:
    alice = deck("Chaotic Aether", "Interplanar Tunnel", "Tazeem")
    game = make_game([alice, PLANES_10])
    events = setup_events(game)
    setting = [e for e in events if e.type in ("starting_plane_phenomenon", "starting_plane")]
    assert [(e.type, e.data["card"], e.rules) for e in setting] == [
        ("starting_plane_phenomenon", "Chaotic Aether", ("103.7", "901.5")),
        ("starting_plane_phenomenon", "Interplanar Tunnel", ("103.7", "901.5")),
        ("starting_plane", "Tazeem", ("103.7", "901.5")),
    ]
    assert names(game, [fu.card for fu in game.state.face_up]) == ["Tazeem"]
    # The phenomena are on the bottom, in the order they were turned up.
    assert names(game, game.state.decks[0]) == [*alice[3:], "Chaotic Aether", "Interplanar Tunnel"]


def test_901_5_phenomena_turned_up_for_the_starting_plane_do_not_trigger() -> None:
    game = make_game([deck("Chaotic Aether", "Interplanar Tunnel", "Tazeem"), PLANES_10])
    kinds = {e.type for e in setup_events(game)}
    assert not kinds & {"encountered", "ability_triggered", "effect_created", "revealed", "planeswalk"}
    state = game.state
    assert state.effects == ()
    assert state.stack == ()
    assert state.pending_triggers == ()
    assert state.pending is None
    assert state.step.value == "upkeep"
    assert state.priority == 0
    # No Chaotic Aether effect: a blank roll stays blank.
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.force("blank")
    rolled = game.act({"type": "roll", "player": 0})
    assert [e.type for e in rolled] == ["die_rolled", "blank"]


def test_901_5_planeswalk_to_abilities_of_the_starting_plane_do_not_trigger() -> None:
    game = make_game([deck("Norn's Seedcore"), PLANES_10])
    kinds = [e.type for e in setup_events(game)]
    assert "chaos_ensues" not in kinds
    assert "ability_triggered" not in kinds
    assert len(game.state.face_up) == 1
    assert game.state.stack == ()


def test_901_5_aretopolis_gets_only_its_upkeep_counter() -> None:
    game = make_game([deck("Aretopolis"), PLANES_10])
    triggered = [e for e in setup_events(game) if e.type == "ability_triggered"]
    assert len(triggered) == 1
    assert triggered[0].text.startswith("Aretopolis's ability triggers (beginning of upkeep step)")
    game.act({"type": "pass", "player": 0})
    game.act({"type": "pass", "player": 1})
    (plane,) = game.state.face_up
    assert plane.counters == (("scroll", 1),)
    assert game.state.players[0].life == 21


def test_103_7_a_deck_with_no_plane_does_not_loop() -> None:
    phenomena = ("Chaotic Aether", "Interplanar Tunnel", "Spatial Merging")
    game = make_game([phenomena, PLANES_10], check_decks=False)
    events = setup_events(game)
    moved = [e.data["card"] for e in events if e.type == "starting_plane_phenomenon"]
    assert moved == list(phenomena)  # each one once
    (none,) = [e for e in events if e.type == "no_starting_plane"]
    assert none.rules == ("901.5",)
    assert not [e for e in events if e.type == "starting_plane"]
    assert game.state.face_up == ()
    assert names(game, game.state.decks[0]) == list(phenomena)  # a full cycle: the same order
    assert game.state.step.value == "upkeep"
    assert game.state.priority == 0


def test_103_7_an_empty_planar_deck_has_no_starting_plane() -> None:
    game = make_game([(), PLANES_10], check_decks=False)
    types = [e.type for e in setup_events(game)]
    assert "no_starting_plane" in types
    assert "starting_plane" not in types
    assert game.state.face_up == ()
    assert game.state.step.value == "upkeep"


# -- 103.8a / 800.7: the first draw -------------------------------------------------------------------------


def draws(events: Sequence[Event]) -> list[int]:
    return [int(e.data["player"]) for e in events if e.type == "turn_based_action" and "504.1" in e.rules]


def test_103_8a_starting_player_does_not_draw_on_the_first_turn() -> None:
    game = make_game([deck("Tazeem"), PLANES_10])
    pass_until(game, "precombat_main")
    first = turn_events(game, 1)
    assert draws(first) == []
    skipped = [e for e in first if "103.8a" in e.rules]
    assert len(skipped) == 1
    assert skipped[0].data["player"] == 0


def test_103_8a_the_other_player_draws_on_their_first_turn() -> None:
    game = make_game([deck("Tazeem"), PLANES_10])
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    pass_until(game, "precombat_main")
    second = turn_events(game, 2)
    assert draws(second) == [1]
    assert not [e for e in second if "103.8a" in e.rules]
    # And the starting player draws on their second turn.
    game.act({"type": "advance", "player": 1, "to": "next_turn"})
    pass_until(game, "precombat_main")
    assert draws(turn_events(game, 3)) == [0]


def test_103_8a_applies_to_a_chosen_starting_player() -> None:
    game = make_game([PLANES_10, deck("Tazeem")], starting_player=1)
    pass_until(game, "precombat_main")
    first = turn_events(game, 1)
    assert draws(first) == []
    assert [e.data["player"] for e in first if "103.8a" in e.rules] == [1]


def test_103_8a_the_first_draw_step_itself_is_skipped() -> None:
    """103.8a: the starting player "skips the draw step" of their first turn. Skipping a step means it
    doesn't happen (614.10: "instead of doing it, do nothing"): no draw step begins, nobody gets priority
    in it, and passing in the upkeep leads straight to the precombat main phase."""
    game = make_game([deck("Tazeem"), PLANES_10])
    game.act({"type": "pass", "player": 0})
    game.act({"type": "pass", "player": 1})
    assert game.state.step.value == "precombat_main"
    assert not [e for e in turn_events(game, 1) if e.type == "step_began" and e.data["step"] == "draw"]


def test_800_7_in_multiplayer_the_starting_player_draws() -> None:
    quiet = deck("Tazeem")
    game = make_game([quiet, quiet, quiet], players=("Alice", "Bob", "Carol"))
    pass_until(game, "precombat_main")
    first = turn_events(game, 1)
    assert draws(first) == [0]
    assert not [e for e in first if "103.8a" in e.rules]
    steps = [e.data["step"] for e in first if e.type == "step_began"]
    assert steps == ["untap", "upkeep", "draw", "precombat_main"]
