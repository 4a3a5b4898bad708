"""312 Phenomena: the encounter trigger (312.5), the state-based action that planeswalks away from a
face-up phenomenon (704.6f, 312.7) and each phenomenon in the catalog."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from conftest import make_game
from driving import (
    answer,
    brief,
    cast,
    deck_names,
    encounter,
    face_up,
    next_turn,
    of_type,
    option_for,
    pass_once,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
)
from planechase import Event

# -- helpers -----------------------------------------------------------------------------------


OTHERS = (
    "Naar Isle",
    "Tazeem",
    "Otaria",
    "Mount Keralia",
    "Sanctum of Serra",
    "Fields of Summer",
    "Kilnspire District",
    "The Eon Fog",
)
BOB = (
    "Academy at Tolaria West",
    "Aretopolis",
    "Pompeii",
    "Stairs to Infinity",
    "Temple of Atropos",
    "Pools of Becoming",
    "Sokenzan",
    "Tazeem",
    "Otaria",
    "Naar Isle",
)


def phenomenon_deck(phenomenon: str) -> tuple[str, ...]:
    """Sokenzan (the starting plane), then ``phenomenon``, then eight planes."""
    return ("Sokenzan", phenomenon, *OTHERS)


def planeswalks(events: Iterable[Event]) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    return [(e.rules, dict(e.data)) for e in of_type(events, "planeswalk")]


# -- 312.5 and 704.6f ----------------------------------------------------------------------------


def test_312_5_encounter_trigger_and_704_6f_planeswalk_after_it_resolves() -> None:
    game = make_game([phenomenon_deck("Planewide Disaster"), BOB])
    events = encounter(game)
    assert brief(events, "encountered", "ability_triggered", "put_on_stack")[2:] == [
        (
            "encountered",
            ("901.8", "701.31", "901.11", "312.5"),
            {"player": 0, "card": "Planewide Disaster", "object": 3},
        ),
        ("ability_triggered", ("312.5",), {"card": "Planewide Disaster", "ability": 0, "item": 4, "controller": 0}),
        ("put_on_stack", ("603.3",), {"item": 4, "controller": 0}),
    ]
    assert face_up(game) == ["Planewide Disaster"]
    events = resolve_stack(game)
    assert brief(events, "instruction", "state_based_action", "planeswalk", "planeswalked_away", "planeswalked_to") == [
        (
            "instruction",
            ("608.2c",),
            {
                "players": [],
                "who": "table",
                "instruction": "destroy all creatures",
                "amount": None,
                "card": "Planewide Disaster",
                "instruction_text": {"template": "destroy all creatures", "params": {}},
            },
        ),
        ("state_based_action", ("704.6f", "312.7"), {"cards": ["Planewide Disaster"]}),
        ("planeswalk", ("704.6f", "701.31"), {"player": 0}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Planewide Disaster", "object": 3}),
        ("planeswalked_to", ("704.6f", "701.31", "901.11"), {"player": 0, "card": "Naar Isle", "object": 5}),
    ]
    assert face_up(game) == ["Naar Isle"]
    assert deck_names(game)[-2:] == ["Sokenzan", "Planewide Disaster"]
    assert (game.state.priority, game.state.stack) == (0, ())


def test_704_6f_no_planeswalk_while_the_encounter_trigger_is_on_the_stack() -> None:
    game = make_game([phenomenon_deck("Planewide Disaster"), BOB])
    encounter(game)
    # Players receive priority (state-based actions are checked each time) and act; the phenomenon
    # stays, because it is the source of an ability that has not left the stack.
    events = cast(game, "none")
    events += pass_once(game)
    assert game.state.priority == 1
    events += resolve_top(game)  # the spell resolves; the encounter trigger is still there
    assert of_type(events, "state_based_action", "planeswalk") == []
    assert face_up(game) == ["Planewide Disaster"]
    assert [item.card for item in game.state.stack] == [game.state.face_up[0].card]
    events = resolve_stack(game)
    assert len(planeswalks(events)) == 1


def test_704_6f_countered_encounter_trigger_still_planeswalks_away() -> None:
    game = make_game([phenomenon_deck("Time Distortion"), BOB])
    encounter(game)
    trigger = game.state.stack[-1].id
    events = cast(game, "counter", target=trigger) + resolve_stack(game)
    assert brief(events, "countered", "turn_order_reversed", "state_based_action", "planeswalk") == [
        ("countered", ("701.6a", "608.2c"), {"item": trigger}),
        ("state_based_action", ("704.6f", "312.7"), {"cards": ["Time Distortion"]}),
        ("planeswalk", ("704.6f", "701.31"), {"player": 0}),
    ]
    assert game.state.direction == 1  # the countered ability did nothing
    assert face_up(game) == ["Naar Isle"]
    assert game.state.stack == ()


def test_704_6f_copied_encounter_trigger_planeswalks_once_after_both_resolve() -> None:
    """Pitfall Forge #3901: a copy must not make the player planeswalk twice."""
    game = make_game([phenomenon_deck("Time Distortion"), BOB])
    encounter(game)
    trigger = game.state.stack[-1].id
    events = cast(game, "copy", target=trigger)
    events += resolve_top(game)  # the copy spell resolves: the copy is put on the stack
    assert [(i.id == trigger, i.is_copy) for i in game.state.stack] == [(True, False), (False, True)]
    events += resolve_top(game)  # the copy resolves; the original is still on the stack
    assert game.state.direction == -1
    assert planeswalks(events) == []
    assert face_up(game) == ["Time Distortion"]
    events += resolve_top(game)  # the original resolves; now the state-based action planeswalks
    assert game.state.direction == 1
    assert [e.type for e in of_type(events, "turn_order_reversed", "state_based_action", "planeswalk")] == [
        "turn_order_reversed",
        "turn_order_reversed",
        "state_based_action",
        "planeswalk",
    ]
    assert planeswalks(events) == [(("704.6f", "701.31"), {"player": 0})]
    assert face_up(game) == ["Naar Isle"]
    assert game.state.stack == ()


def test_701_31_planeswalk_in_response_to_a_phenomenon_trigger() -> None:
    game = make_game([phenomenon_deck("Time Distortion"), BOB])
    encounter(game)
    events = cast(game, "planeswalk") + resolve_top(game)
    # The phenomenon goes away at once; its trigger stays on the stack.
    assert face_up(game) == ["Naar Isle"]
    assert [game.state.name_of(i.card) for i in game.state.stack if i.card is not None] == ["Time Distortion"]
    events += resolve_stack(game)
    assert game.state.direction == -1  # the trigger still resolved
    assert planeswalks(events) == [(("701.31",), {"player": 0})]
    assert of_type(events, "state_based_action") == []
    assert face_up(game) == ["Naar Isle"]
    assert deck_names(game)[-1] == "Time Distortion"


# -- Interplanar Tunnel --------------------------------------------------------------------------


def test_interplanar_tunnel_five_planes_one_on_top_rest_in_random_order() -> None:
    alice = (
        "Sokenzan",
        "Interplanar Tunnel",
        "Naar Isle",
        "Time Distortion",
        "Tazeem",
        "Otaria",
        "Mount Keralia",
        "Fields of Summer",
        "The Eon Fog",
        "Academy at Tolaria West",
    )
    game = make_game([alice, BOB])
    encounter(game)
    events = pass_once(game) + pass_once(game)
    assert brief(events, "revealed") == [
        (
            "revealed",
            ("701.20",),
            {
                "player": 0,
                "cards": ["Naar Isle", "Time Distortion", "Tazeem", "Otaria", "Mount Keralia", "Fields of Summer"],
            },
        )
    ]
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_card", 0, "608.2c")
    assert [o.label for o in decision.options] == ["Naar Isle", "Tazeem", "Otaria", "Mount Keralia", "Fields of Summer"]
    game.force("order:4,3,2,1,0")
    events = answer(game, option_for(game, "Otaria")) + resolve_stack(game)
    assert brief(events, "put_on_top", "bottom_order") == [
        ("put_on_top", ("608.2c",), {"card": "Otaria"}),
        (
            "bottom_order",
            ("608.2c",),
            {
                "chance": "order:4,3,2,1,0",
                "cards": ["Fields of Summer", "Mount Keralia", "Tazeem", "Time Distortion", "Naar Isle"],
            },
        ),
    ]
    # Then the state-based action: the Tunnel goes to the bottom and Otaria, now on top, comes up.
    assert face_up(game) == ["Otaria"]
    assert deck_names(game) == [
        "The Eon Fog",
        "Academy at Tolaria West",
        "Sokenzan",
        "Fields of Summer",
        "Mount Keralia",
        "Tazeem",
        "Time Distortion",
        "Naar Isle",
        "Interplanar Tunnel",
    ]
    assert game.state.revealed == ()


def test_interplanar_tunnel_random_order_is_drawn_and_recorded() -> None:
    alice = ("Sokenzan", "Interplanar Tunnel", *OTHERS)
    game = make_game([alice, BOB])
    encounter(game)
    resolve_top(game)
    answer(game, option_for(game, "Naar Isle"))
    events = game.history[-1].events
    (bottom,) = of_type(events, "bottom_order")
    rest = ["Tazeem", "Otaria", "Mount Keralia", "Sanctum of Serra"]
    positions = [int(x) for x in str(bottom.data["chance"]).removeprefix("order:").split(",")]
    assert sorted(positions) == [0, 1, 2, 3]
    assert bottom.data["cards"] == [rest[i] for i in positions]
    resolve_stack(game)
    assert face_up(game) == ["Naar Isle"]
    assert deck_names(game) == [
        "Fields of Summer",
        "Kilnspire District",
        "The Eon Fog",
        "Sokenzan",
        *bottom.data["cards"],
        "Interplanar Tunnel",
    ]


def test_interplanar_tunnel_with_fewer_than_five_planes_reveals_the_whole_deck() -> None:
    alice = ("Sokenzan", "Interplanar Tunnel", "Naar Isle", "Tazeem")
    game = make_game([alice, BOB], check_decks=False)
    encounter(game)
    events = resolve_top(game)
    assert brief(events, "revealed") == [
        ("revealed", ("701.20",), {"player": 0, "cards": ["Naar Isle", "Tazeem", "Sokenzan"]})
    ]
    game.force("order:1,0")
    events = answer(game, option_for(game, "Tazeem")) + resolve_stack(game)
    assert [e.data["cards"] for e in of_type(events, "bottom_order")] == [["Sokenzan", "Naar Isle"]]
    assert face_up(game) == ["Tazeem"]
    assert deck_names(game) == ["Sokenzan", "Naar Isle", "Interplanar Tunnel"]


# -- Spatial Merging -----------------------------------------------------------------------------


def test_spatial_merging_two_planes_at_once_and_phenomena_bottom_in_chosen_order() -> None:
    alice = ("Sokenzan", "Spatial Merging", "Time Distortion", "Planewide Disaster", "Naar Isle", "Tazeem", "Otaria")
    game = make_game([alice, BOB], check_decks=False)
    encounter(game)
    events = resolve_top(game)
    assert brief(events, "revealed") == [
        (
            "revealed",
            ("701.20",),
            {"player": 0, "cards": ["Time Distortion", "Planewide Disaster", "Naar Isle", "Tazeem"]},
        )
    ]
    # Both planes are face up at once, before the other revealed cards are ordered.
    assert face_up(game) == ["Naar Isle", "Tazeem"]
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("order_cards", 0, "608.2c")
    assert sorted(o.label for o in decision.options) == ["Planewide Disaster", "Time Distortion"]
    events += answer(game, option_for(game, "Planewide Disaster"))
    events += resolve_stack(game)
    assert brief(events, "planeswalk", "planeswalked_away", "planeswalked_to") == [
        ("planeswalk", ("701.31", "608.2c"), {"player": 0}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Spatial Merging", "object": 3}),
        ("planeswalked_to", ("701.31", "608.2c", "901.11"), {"player": 0, "card": "Naar Isle", "object": 5}),
        ("planeswalked_to", ("701.31", "608.2c", "901.11"), {"player": 0, "card": "Tazeem", "object": 6}),
    ]
    # Spatial Merging left as it planeswalked: no state-based action planeswalks again.
    assert of_type(events, "state_based_action") == []
    assert face_up(game) == ["Naar Isle", "Tazeem"]
    assert deck_names(game) == ["Otaria", "Sokenzan", "Spatial Merging", "Planewide Disaster", "Time Distortion"]


# -- Chaotic Aether ------------------------------------------------------------------------------


def test_chaotic_aether_blank_rolls_become_chaos() -> None:
    game = make_game([phenomenon_deck("Chaotic Aether"), BOB])
    encounter(game)
    events = resolve_stack(game)
    assert brief(events, "effect_created") == [
        (
            "effect_created",
            ("611.2a", "608.2c"),
            {"effect": 5, "kind": "blank_rolls_are_chaos", "duration": "until_a_player_planeswalks_away_from_a_plane"},
        )
    ]
    assert face_up(game) == ["Naar Isle"]
    events = roll(game, "blank")
    (rolled,) = of_type(events, "die_rolled")
    assert rolled.data["result"] == "blank"  # the die shows a blank ...
    (replaced,) = of_type(events, "roll_replaced")
    assert replaced.data == {"player": 0, "result": "chaos"}  # ... which is a chaos roll
    assert brief(events, "chaos_ensues", "ability_triggered") == [
        ("chaos_ensues", ("901.9b", "311.7"), {"cause": "the chaos symbol was rolled"}),
        ("ability_triggered", ("311.7",), {"card": "Naar Isle", "ability": 1, "item": 7, "controller": 0}),
    ]
    assert of_type(events, "blank") == []


def test_chaotic_aether_replacement_event_cites_cr_rules() -> None:
    """Every event names CR rules (principle 4): the blank-is-chaos event must not cite a card name."""
    game = make_game([phenomenon_deck("Chaotic Aether"), BOB])
    encounter(game)
    resolve_stack(game)
    (replaced,) = of_type(roll(game, "blank"), "roll_replaced")
    assert replaced.rules
    assert all(re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", rule) for rule in replaced.rules), replaced.rules


# -- Fixed Point in Time -------------------------------------------------------------------------


def test_fixed_point_in_time_planeswalker_roll_makes_chaos_ensue_until_your_next_turn() -> None:
    game = make_game([phenomenon_deck("Fixed Point in Time"), BOB])
    encounter(game)
    events = resolve_stack(game)
    assert brief(events, "effect_created") == [
        (
            "effect_created",
            ("611.2a", "608.2c"),
            {"effect": 5, "kind": "planeswalk_from_roll_is_chaos", "duration": "until_your_next_turn"},
        )
    ]
    assert face_up(game) == ["Naar Isle"]
    # Alice's own later roll in the same turn: chaos ensues instead of planeswalking.
    events = roll(game, "planeswalker") + resolve_top(game)
    assert brief(events, "replaced", "chaos_ensues", "planeswalk") == [
        ("replaced", ("614.1a", "101.1"), {}),
        ("chaos_ensues", ("311.7",), {"cause": "Fixed Point in Time"}),
    ]
    assert [e.data["card"] for e in of_type(events, "ability_triggered") if "card" in e.data] == ["Naar Isle"]
    answer(game, "player:1")  # Naar Isle's chaos ability targets Bob
    resolve_stack(game)
    assert face_up(game) == ["Naar Isle"]
    # Bob's turn: it still applies to any player.
    next_turn(game)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_top(game)
    assert [e.type for e in of_type(events, "replaced", "chaos_ensues", "planeswalk")] == ["replaced", "chaos_ensues"]
    answer(game, "player:0")
    resolve_stack(game)
    assert face_up(game) == ["Naar Isle"]
    # Alice's next turn: the effect ends as it begins.
    events = next_turn(game)
    assert [(e.rules[0], e.data["kind"]) for e in of_type(events, "effect_ended")] == [
        ("611.2a", "planeswalk_from_roll_is_chaos")
    ]
    assert game.state.effects == ()
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert [e.type for e in of_type(events, "replaced", "chaos_ensues", "planeswalk")] == ["planeswalk"]
    assert face_up(game) == ["Tazeem"]


def test_fixed_point_in_time_does_not_replace_other_planeswalks() -> None:
    game = make_game([phenomenon_deck("Fixed Point in Time"), BOB])
    encounter(game)
    resolve_stack(game)
    assert len(game.state.effects) == 1
    events = cast(game, "planeswalk") + resolve_stack(game)
    assert [e.type for e in of_type(events, "replaced", "chaos_ensues", "planeswalk")] == ["planeswalk"]
    assert face_up(game) == ["Tazeem"]
    # A roll caused by an effect is still a roll of the planar die: that planeswalk is replaced.
    game.force("planeswalker")
    events = cast(game, "roll") + resolve_top(game) + resolve_top(game)
    assert [e.type for e in of_type(events, "die_rolled", "replaced", "chaos_ensues", "planeswalk")] == [
        "die_rolled",
        "replaced",
        "chaos_ensues",
    ]


# -- Time Distortion ---------------------------------------------------------------------------


def test_time_distortion_reverses_turn_order_in_a_three_player_game() -> None:
    game = make_game(
        [phenomenon_deck("Time Distortion"), BOB, BOB],
        players=("Alice", "Bob", "Carol"),
    )
    encounter(game)
    events = resolve_stack(game)
    assert brief(events, "turn_order_reversed") == [("turn_order_reversed", ("101.1", "608.2c"), {"direction": -1})]
    assert game.view()["turn_order"] == "counterclockwise"
    events = next_turn(game)
    assert [(e.data["turn"], e.data["player"]) for e in of_type(events, "turn_began")] == [(2, 2)]  # Carol
    assert game.state.planar_controller == 2
    events = next_turn(game)
    assert [(e.data["turn"], e.data["player"]) for e in of_type(events, "turn_began")] == [(3, 1)]  # then Bob
    events = next_turn(game)
    assert [(e.data["turn"], e.data["player"]) for e in of_type(events, "turn_began")] == [(4, 0)]
