"""Every ability of the required planar cards, triggered through the engine, with its result checked
(cards whose behaviour the engine carries out, and table instructions with their numbers filled in)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from conftest import make_game
from driving import (
    act,
    advance,
    answer,
    answer_label,
    brief,
    cast,
    deck_maker,
    deck_names,
    encounter,
    face_up,
    instructions,
    life,
    next_turn,
    of_type,
    pass_once,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    triggered,
)
from planechase import Event, Game

# -- helpers -----------------------------------------------------------------------------------


def counters(game: Game, index: int = 0) -> dict[str, int]:
    return dict(game.state.face_up[index].counters)


def steps(events: Iterable[Event]) -> list[str]:
    return [str(e.data["step"]) for e in of_type(events, "step_began")]


FILLER = (
    "Tazeem",
    "Otaria",
    "The Eon Fog",
    "Sokenzan",
    "Fields of Summer",
    "Sanctum of Serra",
    "Academy at Tolaria West",
    "Mount Keralia",
    "Naar Isle",
    "Kilnspire District",
)
BOB = (
    "Otaria",
    "Tazeem",
    "The Eon Fog",
    "Sokenzan",
    "Fields of Summer",
    "Sanctum of Serra",
    "Academy at Tolaria West",
    "Mount Keralia",
    "Naar Isle",
    "Kilnspire District",
)


#: A legal ten-card deck: the cards asked for on top, then planes from FILLER.
deck_with = deck_maker(FILLER)


def game_on(*first: str, players: Sequence[str] = ("Alice", "Bob")) -> Game:
    """Alice starts; her deck begins with ``first`` (the first is the starting plane)."""
    decks = [deck_with(*first)] + [BOB for _ in players[1:]]
    return make_game(decks, players=players)


def ability(game: Game, effect: str, *, player: int | None = None) -> list[Event]:
    """``player`` (by default the one with priority) puts a test ability with ``effect`` on the stack: an
    activated ability, not a spell, so "whenever a player casts a spell" does not trigger (601.2i)."""
    seat = game.state.priority if player is None else player
    return act(game, type="cast", player=seat, label=f"test {effect} ability", effect=effect, spell=False)


# -- Stairs to Infinity --------------------------------------------------------------------------


def test_stairs_to_infinity_roll_trigger_is_a_draw_instruction() -> None:
    game = game_on("Stairs to Infinity")
    to_step(game)
    events = roll(game, "blank") + resolve_stack(game)
    assert triggered(events) == [("Stairs to Infinity", 1, ("706.7", "901.9d"))]
    assert instructions(events) == [("Stairs to Infinity", [0], "draw a card", None)]


def test_stairs_to_infinity_only_the_planar_controllers_roll_triggers_it() -> None:
    game = game_on("Stairs to Infinity")
    to_step(game)
    pass_once(game)  # Bob gets priority
    events = cast(game, "roll", player=1) + resolve_stack(game)
    assert [e.data["player"] for e in of_type(events, "die_rolled")] == [1]
    assert triggered(events) == []


def test_stairs_to_infinity_chaos_reveal_and_may_put_on_the_bottom_both_ways() -> None:
    game = game_on("Stairs to Infinity")
    to_step(game)
    events = roll(game, "chaos")
    # The roll trigger and the chaos ability trigger together: Alice orders them.
    assert triggered(events) == [("Stairs to Infinity", 1, ("706.7", "901.9d")), ("Stairs to Infinity", 2, ("311.7",))]
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.rule) == ("order_triggers", "603.3b")
    answer_label(game, "draw a card")  # put first: resolves last
    events = resolve_top(game)
    assert brief(events, "revealed") == [("revealed", ("701.20",), {"player": 0, "cards": ["Tazeem"]})]
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("may", 0, "608.2c")
    mark = len(game.history) - 1
    events = answer(game, "yes")
    assert brief(events, "put_on_bottom") == [("put_on_bottom", ("608.2c",), {"card": "Tazeem"})]
    assert deck_names(game) == [*deck_with("Stairs to Infinity")[2:], "Tazeem"]
    assert game.state.revealed == ()
    game.undo_to(mark)
    events = answer(game, "no")
    assert brief(events, "left_on_top") == [("left_on_top", ("608.2c",), {"card": "Tazeem"})]
    assert deck_names(game) == list(deck_with("Stairs to Infinity")[1:])
    assert game.state.revealed == ()
    events = resolve_stack(game)
    assert instructions(events) == [("Stairs to Infinity", [0], "draw a card", None)]


# -- Pools of Becoming ---------------------------------------------------------------------------


def test_pools_of_becoming_end_step_instruction() -> None:
    game = game_on("Pools of Becoming")
    events = to_step(game, "end") + resolve_stack(game)
    assert triggered(events) == [("Pools of Becoming", 0, ("603.2",))]
    assert instructions(events) == [
        (
            "Pools of Becoming",
            [0],
            "put the cards in your hand on the bottom of your library in any order, then draw that many cards",
            None,
        )
    ]


def test_pools_of_becoming_chaos_triggers_the_revealed_planes_chaos_abilities() -> None:
    alice = ("Pools of Becoming", "Tazeem", "Planewide Disaster", "The Eon Fog", *FILLER[4:10])
    game = make_game([alice, BOB])
    to_step(game)
    events = cast(game, "chaos") + resolve_top(game)
    events += resolve_top(game)  # the chaos ability of Pools of Becoming
    assert brief(events, "revealed") == [
        ("revealed", ("701.20",), {"player": 0, "cards": ["Tazeem", "Planewide Disaster", "The Eon Fog"]})
    ]
    # Chaos ensues for each revealed plane (311.7): their chaos abilities trigger from the planar deck.
    assert [(e.rules, e.data.get("card")) for e in of_type(events, "chaos_ensues")] == [
        (("311.7",), None),
        (("311.7", "608.2c"), "Tazeem"),
        (("311.7", "608.2c"), "The Eon Fog"),
    ]
    assert triggered(events) == [
        ("Pools of Becoming", 1, ("311.7",)),
        ("Tazeem", 1, ("311.7",)),
        ("The Eon Fog", 1, ("311.7",)),
    ]
    # Then the revealed cards go on the bottom in the order Alice chooses.
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("order_cards", 0)
    answer_label(game, "The Eon Fog")
    answer_label(game, "Planewide Disaster")
    assert deck_names(game)[-3:] == ["The Eon Fog", "Planewide Disaster", "Tazeem"]
    decision = game.decision
    assert decision is not None and decision.kind.value == "order_triggers"
    answer_label(game, "Tazeem")
    events = resolve_stack(game)
    assert instructions(events) == [
        ("The Eon Fog", [0], "untap all permanents you control", None),
        ("Tazeem", [0], "draw a card for each land you control", None),
    ]
    assert face_up(game) == ["Pools of Becoming"]


# -- Norn's Seedcore -----------------------------------------------------------------------------


def test_norns_seedcore_planeswalk_to_chaos_then_a_second_plane_without_leaving() -> None:
    alice = ("Sokenzan", "Norn's Seedcore", "Time Distortion", "Tazeem", *FILLER[1:3], *FILLER[4:8])
    game = make_game([alice, BOB])
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [("Norn's Seedcore", 0, ("901.11",)), ("Norn's Seedcore", 1, ("311.7",))]
    assert brief(events, "chaos_ensues", "revealed") == [
        ("chaos_ensues", ("311.7",), {"cause": "Norn's Seedcore"}),
        ("revealed", ("701.20",), {"player": 0, "cards": ["Time Distortion", "Tazeem"]}),
    ]
    # "Planeswalk to it, except don't planeswalk away from any plane": Seedcore stays.
    assert [e.data["card"] for e in of_type(events, "planeswalked_away")] == ["Sokenzan"]
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == ["Norn's Seedcore", "Tazeem"]
    assert of_type(events, "encountered") == []  # the revealed phenomenon is not encountered
    assert face_up(game) == ["Norn's Seedcore", "Tazeem"]
    assert deck_names(game)[-2:] == ["Sokenzan", "Time Distortion"]
    assert [game.state.name_of(c) for c in game.state.visited] == ["Sokenzan", "Norn's Seedcore", "Tazeem"]


# -- Aretopolis ----------------------------------------------------------------------------------


def test_aretopolis_counters_life_chaos_draws_and_ten_counters_planeswalk() -> None:
    game = game_on("Aretopolis")
    events = resolve_stack(game)  # upkeep
    assert brief(events, "counters_added", "life_changed") == [
        ("counters_added", ("122.1",), {"card": "Aretopolis", "counter": "scroll", "added": 1, "total": 1}),
        ("life_changed", ("119.3",), {"player": 0, "delta": 1, "life": 21}),
    ]
    to_step(game)
    draws = []
    for _ in range(8):
        events = cast(game, "chaos") + resolve_stack(game)
        draws += instructions(events)
        assert of_type(events, "planeswalk") == []
    assert counters(game) == {"scroll": 9}
    assert draws == [("Aretopolis", [0], f"draw {n} cards", n) for n in range(2, 10)]
    events = cast(game, "chaos") + resolve_top(game) + resolve_top(game)
    assert instructions(events) == [("Aretopolis", [0], "draw 10 cards", 10)]
    # The state trigger (603.8): ten scroll counters.
    assert triggered(events)[-1] == ("Aretopolis", 1, ("603.8",))
    assert len(game.state.stack) == 1
    events = resolve_stack(game)
    assert brief(events, "planeswalk") == [("planeswalk", ("701.31",), {"player": 0})]
    assert face_up(game) == ["Tazeem"]
    assert life(game) == [21, 20]  # the chaos ability draws; it gains no life


# -- Fixed Point in Time, Chaotic Aether, Spatial Merging, Interplanar Tunnel, Time Distortion,
# -- Planewide Disaster ------------------------------------------------------------------------


def test_fixed_point_in_time_encounter_replaces_the_roll_planeswalk_with_chaos() -> None:
    game = game_on("Sokenzan", "Fixed Point in Time")
    events = encounter(game) + resolve_stack(game)
    assert triggered(events) == [("Fixed Point in Time", 0, ("312.5",))]
    assert face_up(game) == ["Tazeem"]
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert [e.type for e in of_type(events, "replaced", "chaos_ensues", "planeswalk")] == ["replaced", "chaos_ensues"]
    assert instructions(events) == [("Tazeem", [0], "draw a card for each land you control", None)]
    assert face_up(game) == ["Tazeem"]


def test_chaotic_aether_encounter_makes_blank_rolls_chaos() -> None:
    game = game_on("Sokenzan", "Chaotic Aether")
    events = encounter(game) + resolve_stack(game)
    assert triggered(events) == [("Chaotic Aether", 0, ("312.5",))]
    assert [e.data["kind"] for e in of_type(events, "effect_created")] == ["blank_rolls_are_chaos"]
    events = roll(game, "blank") + resolve_stack(game)
    assert instructions(events) == [("Tazeem", [0], "draw a card for each land you control", None)]


def test_spatial_merging_encounter_two_planes_face_up() -> None:
    game = game_on("Sokenzan", "Spatial Merging")
    events = encounter(game) + resolve_stack(game)
    assert triggered(events) == [("Spatial Merging", 0, ("312.5",))]
    assert face_up(game) == ["Tazeem", "Otaria"]
    # Chaos now triggers both planes' chaos abilities, once each.
    events = cast(game, "chaos") + resolve_top(game)
    assert triggered(events) == [("Tazeem", 1, ("311.7",)), ("Otaria", 1, ("311.7",))]


def test_interplanar_tunnel_encounter_puts_the_chosen_plane_on_top() -> None:
    game = game_on("Sokenzan", "Interplanar Tunnel")
    events = encounter(game)
    assert triggered(events) == [("Interplanar Tunnel", 0, ("312.5",))]
    resolve_top(game)
    decision = game.decision
    assert decision is not None and decision.kind.value == "choose_card"
    assert [o.label for o in decision.options] == [*FILLER[:3], *FILLER[4:6]]
    answer_label(game, "Sanctum of Serra")
    resolve_stack(game)
    assert face_up(game) == ["Sanctum of Serra"]


def test_time_distortion_encounter_reverses_turn_order() -> None:
    game = game_on("Sokenzan", "Time Distortion")
    events = encounter(game) + resolve_stack(game)
    assert triggered(events) == [("Time Distortion", 0, ("312.5",))]
    assert game.state.direction == -1


def test_planewide_disaster_encounter_destroys_all_creatures() -> None:
    game = game_on("Sokenzan", "Planewide Disaster")
    events = encounter(game) + resolve_stack(game)
    assert instructions(events) == [("Planewide Disaster", [], "destroy all creatures", None)]
    assert face_up(game) == ["Tazeem"]


# -- Pompeii -------------------------------------------------------------------------------------


def test_pompeii_planeswalk_to_and_upkeep_counters() -> None:
    game = game_on("Sokenzan", "Pompeii")
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [("Pompeii", 0, ("901.11",))]
    assert counters(game) == {"eruption": 1}
    events = next_turn(game)  # Bob's upkeep: Bob is the planar controller, "your upkeep" is his
    events += resolve_stack(game)
    assert triggered(events) == [("Pompeii", 0, ("603.2",))]
    assert counters(game) == {"eruption": 2}


def test_pompeii_blank_roll_scry_and_counter_then_chaos_damage_sacrifice_planeswalk() -> None:
    game = game_on("Pompeii")
    resolve_stack(game)  # upkeep: 1 eruption counter
    to_step(game)
    events = roll(game, "blank") + resolve_stack(game)
    assert triggered(events) == [("Pompeii", 1, ("901.9a",))]
    assert instructions(events) == [("Pompeii", [0], "scry 2", None)]
    assert counters(game) == {"eruption": 2}
    events = roll(game, "chaos") + resolve_stack(game)
    assert triggered(events) == [("Pompeii", 2, ("311.7",))]
    assert instructions(events) == [
        ("Pompeii", [], "Pompeii deals 2 damage to each creature", 2),
        ("Pompeii", [0, 1], "sacrifice a land of your choice", None),
    ]
    assert brief(events, "life_changed", "planeswalk") == [
        ("life_changed", ("120.3a",), {"player": 0, "delta": -2, "life": 18}),
        ("life_changed", ("120.3a",), {"player": 1, "delta": -2, "life": 18}),
        ("planeswalk", ("701.31",), {"player": 0}),
    ]
    assert face_up(game) == ["Tazeem"]


# -- Temple of Atropos ---------------------------------------------------------------------------


def test_temple_of_atropos_additional_beginning_phase_after_postcombat_main() -> None:
    game = game_on("Temple of Atropos")
    next_turn(game)  # Bob's turn 2 (no first-turn draw skip)
    events = to_step(game, "postcombat_main")
    assert triggered(events) == [("Temple of Atropos", 0, ("603.2",))]
    assert brief(events, "phases_added") == [("phases_added", ("500.8",), {"steps": ["untap", "upkeep", "draw"]})]
    events = advance(game, "next_turn")
    assert steps(events) == ["untap", "upkeep", "draw", "end", "cleanup", "untap", "upkeep"]
    assert [e.data["turn"] for e in of_type(events, "step_began")][:5] == [2, 2, 2, 2, 2]
    tbas = [(e.rules, e.data.get("player"), e.data.get("instruction")) for e in of_type(events, "turn_based_action")]
    assert tbas[:2] == [(("502.3",), 1, "untap"), (("504.1",), 1, "draw")]
    assert game.state.turn == 3


def test_temple_of_atropos_chaos_reverses_turn_order_then_planeswalks() -> None:
    game = game_on("Temple of Atropos", players=("Alice", "Bob", "Carol"))
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert brief(events, "turn_order_reversed", "planeswalk") == [
        ("turn_order_reversed", ("101.1", "608.2c"), {"direction": -1}),
        ("planeswalk", ("701.31",), {"player": 0}),
    ]
    assert face_up(game) == ["Tazeem"]
    events = advance(game, "next_turn")
    assert [e.data["player"] for e in of_type(events, "turn_began")] == [2]


# -- the ordinary planes -------------------------------------------------------------------------


def test_naar_isle_upkeep_flame_counters_damage_the_planar_controller() -> None:
    game = game_on("Naar Isle")
    events = resolve_stack(game)
    assert brief(events, "counters_added", "life_changed") == [
        ("counters_added", ("122.1",), {"card": "Naar Isle", "counter": "flame", "added": 1, "total": 1}),
        ("life_changed", ("120.3a",), {"player": 0, "delta": -1, "life": 19}),
    ]
    next_turn(game)
    resolve_stack(game)  # Bob's upkeep: the second counter, 2 damage to Bob
    assert counters(game) == {"flame": 2}
    assert life(game) == [19, 18]


def test_naar_isle_chaos_target_choice_and_damage() -> None:
    game = game_on("Naar Isle")
    to_step(game)
    cast(game, "chaos")
    events = resolve_top(game)
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_target", 0, "603.3d")
    assert [(o.id, o.label) for o in decision.options] == [
        ("player:0", "Alice"),
        ("player:1", "Bob"),
        ("planeswalker", "A planeswalker (the table tracks it)"),
    ]
    mark = len(game.history) - 1
    events = answer(game, "player:1") + resolve_stack(game)
    assert brief(events, "life_changed") == [("life_changed", ("120.3a",), {"player": 1, "delta": -3, "life": 17})]
    game.undo_to(mark)
    events = answer(game, "planeswalker") + resolve_stack(game)
    assert of_type(events, "life_changed") == []
    assert instructions(events) == [("Naar Isle", [], "Naar Isle deals 3 damage to the chosen planeswalker", 3)]


def test_naar_isle_chaos_target_gone_fizzles() -> None:
    game = game_on("Naar Isle", players=("Alice", "Bob", "Carol"))
    to_step(game)
    cast(game, "chaos")
    resolve_top(game)
    answer(game, "player:2")
    act(game, type="concede", player=2)
    events = resolve_stack(game)
    assert brief(events, "fizzles") == [("fizzles", ("608.2b",), {"item": events[-1].data["item"]})]
    assert life(game)[:2] == [19, 20]


@pytest.mark.parametrize(
    ("caster", "choice", "expected"),
    [(0, "yes", [22, 20]), (0, "no", [20, 20]), (1, "yes", [20, 22]), (1, "no", [20, 20])],
)
def test_fields_of_summer_whenever_a_player_casts_a_spell_that_player_may_gain_2_life(
    caster: int, choice: str, expected: list[int]
) -> None:
    game = game_on("Fields of Summer")
    to_step(game)  # Alice's turn: she is the planar controller, whoever casts the spell
    if caster == 1:
        pass_once(game)
    events = cast(game, "none", player=caster)
    assert triggered(events) == [("Fields of Summer", 0, ("603.2", "601.2i"))]
    spell = game.state.stack[0].id
    resolve_top(game)
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("may", caster, "608.2c")
    assert decision.prompt == "Fields of Summer: gain 2 life?"
    events = answer(game, choice)
    assert life(game) == expected
    gained = [("life_changed", ("119.3",), {"player": caster, "delta": 2, "life": 22})] if choice == "yes" else []
    assert brief(events, "life_changed") == gained
    assert [item.id for item in game.state.stack] == [spell]  # the spell is still waiting to resolve


def test_fields_of_summer_an_ability_is_not_a_spell_cast() -> None:
    game = game_on("Fields of Summer")
    to_step(game)
    events = ability(game, "none") + resolve_stack(game)
    assert triggered(events) == []
    assert game.decision is None
    assert life(game) == [20, 20]


@pytest.mark.parametrize(("choice", "expected"), [("yes", 30), ("no", 20)])
def test_fields_of_summer_chaos_you_may_gain_10_life(choice: str, expected: int) -> None:
    game = game_on("Fields of Summer")
    to_step(game)
    events = ability(game, "chaos") + resolve_top(game)  # an ability, so the first ability doesn't trigger
    assert triggered(events) == [("Fields of Summer", 1, ("311.7",))]
    resolve_top(game)
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("may", 0)
    assert decision.prompt == "Fields of Summer: gain 10 life?"
    answer(game, choice)
    assert life(game) == [expected, 20]
    assert game.state.stack == ()


def test_sokenzan_chaos_in_a_main_phase_adds_combat_and_main() -> None:
    game = game_on("Sokenzan")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert instructions(events) == [("Sokenzan", [], "untap all creatures that attacked this turn", None)]
    added = ["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"]
    assert brief(events, "phases_added") == [("phases_added", ("500.8",), {"steps": [*added, "postcombat_main"]})]
    events = advance(game, "next_turn")
    # The additional combat and main phase come first, then the turn's own combat and main phase.
    assert steps(events) == [*added, "postcombat_main", *added, "postcombat_main", "end", "cleanup", "untap", "upkeep"]


def test_sokenzan_chaos_outside_a_main_phase_adds_nothing() -> None:
    game = game_on("Sokenzan")
    assert game.state.step.value == "upkeep" and game.state.stack == ()
    queue = game.state.step_queue
    events = cast(game, "chaos") + resolve_stack(game)
    assert brief(events, "no_extra_phase", "phases_added") == [("no_extra_phase", ("500.8",), {})]
    assert game.state.step_queue == queue


def test_otaria_chaos_takes_an_extra_turn() -> None:
    game = game_on("Otaria")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert brief(events, "extra_turn") == [("extra_turn", ("500.7",), {"player": 0})]
    events = advance(game, "next_turn")
    assert [(e.data["turn"], e.data["player"]) for e in of_type(events, "turn_began")] == [(2, 0)]
    events = next_turn(game)
    assert [(e.data["turn"], e.data["player"]) for e in of_type(events, "turn_began")] == [(3, 1)]


def test_mount_keralia_end_step_counter_chaos_prevention_and_leaving() -> None:
    game = game_on("Mount Keralia")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert brief(events, "effect_created")[0][2]["kind"] == "prevent_mount_keralia_damage"
    assert [(e.kind, e.duration.value, e.controller) for e in game.state.effects] == [
        ("prevent_mount_keralia_damage", "this_game", 0)
    ]
    events = to_step(game, "end")
    assert triggered(events) == [("Mount Keralia", 0, ("603.2",))]
    assert counters(game) == {"pressure": 1}
    next_turn(game)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert instructions(events) == [
        ("Mount Keralia", [], "Mount Keralia deals 1 damage to each creature and each planeswalker", 1)
    ]
    assert len(game.state.effects) == 1  # "this game": it outlasts the plane


def test_kilnspire_district_charge_counters_and_mana_and_chaos() -> None:
    game = game_on("Sokenzan", "Kilnspire District")
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [("Kilnspire District", 0, ("901.11",))]
    assert instructions(events) == [("Kilnspire District", [0], "add {R} 1 time(s), one for each charge counter", 1)]
    next_turn(game)
    events = to_step(game)  # Bob's first main phase
    assert triggered(events) == [("Kilnspire District", 0, ("603.2",))]
    assert instructions(events) == [("Kilnspire District", [1], "add {R} 2 time(s), one for each charge counter", 2)]
    assert counters(game) == {"charge": 2}
    events = to_step(game, "postcombat_main")
    assert triggered(events) == []  # only the first main phase
    events = cast(game, "chaos") + resolve_stack(game)
    assert triggered(events) == [("Kilnspire District", 1, ("311.7",))]
    decision = game.decision  # Bob, the planar controller, chooses "any target"
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_target", 1, "603.3d")
    assert [o.id for o in decision.options] == ["player:1", "player:0", "permanent"]


def kilnspire_chaos_with_target(target: str) -> Game:
    """Alice's Kilnspire District: chaos ensues, Alice chooses ``target``, and the ability resolves up
    to the question of the X she pays."""
    game = game_on("Kilnspire District")
    to_step(game)
    ability(game, "chaos")
    resolve_top(game)
    decision = game.decision
    assert decision is not None and decision.kind.value == "choose_target"
    assert [(o.id, o.label) for o in decision.options] == [
        ("player:0", "Alice"),
        ("player:1", "Bob"),
        ("permanent", "A creature, planeswalker or battle (the table tracks it)"),
    ]
    answer(game, target)
    resolve_stack(game)
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_number", 0, "608.2c")
    assert [o.id for o in decision.options] == [str(n) for n in range(100)]
    return game


@pytest.mark.parametrize(("x", "bob"), [(3, 17), (0, 20)])
def test_kilnspire_district_chaos_pay_x_deals_x_damage_to_target_player(x: int, bob: int) -> None:
    game = kilnspire_chaos_with_target("player:1")
    events = answer(game, str(x))
    assert [e.data["answer"] for e in of_type(events, "table_answer")] == [x]
    damage = [("life_changed", ("120.3a",), {"player": 1, "delta": -x, "life": bob})] if x else []
    assert brief(events, "life_changed") == damage
    assert instructions(events) == []
    assert life(game) == [20, bob]
    assert game.state.stack == ()


def test_kilnspire_district_chaos_x_damage_to_a_permanent_is_an_instruction() -> None:
    game = kilnspire_chaos_with_target("permanent")
    events = answer(game, "4")
    assert instructions(events) == [
        (
            "Kilnspire District",
            [],
            "Kilnspire District deals 4 damage to the chosen creature, planeswalker or battle",
            4,
        )
    ]
    assert of_type(events, "life_changed") == []
    assert life(game) == [20, 20]


def test_academy_at_tolaria_west_end_step_and_chaos() -> None:
    game = game_on("Academy at Tolaria West")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert instructions(events) == [("Academy at Tolaria West", [0], "discard your hand", None)]
    events = to_step(game, "end")
    assert instructions(events) == [
        ("Academy at Tolaria West", [0], "if you have no cards in hand, draw seven cards", None)
    ]


def test_tazeem_chaos() -> None:
    game = game_on("Tazeem")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert instructions(events) == [("Tazeem", [0], "draw a card for each land you control", None)]


def test_the_eon_fog_chaos() -> None:
    game = game_on("The Eon Fog")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert instructions(events) == [("The Eon Fog", [0], "untap all permanents you control", None)]


def test_the_eon_fog_players_skip_their_untap_steps() -> None:
    """614.10: a skipped step does not happen, so no untap instruction is given while The Eon Fog is up."""
    game = game_on("The Eon Fog")
    events = next_turn(game)
    assert [e for e in of_type(events, "turn_based_action") if e.data.get("instruction") == "untap"] == []


def test_stairs_to_infinity_no_maximum_hand_size_no_discard_instruction() -> None:
    """514.1: with no maximum hand size there is nothing to discard down to."""
    game = game_on("Stairs to Infinity")
    events = next_turn(game)
    discard = [e for e in of_type(events, "turn_based_action") if e.data.get("instruction") == "discard_to_hand_size"]
    assert discard == []


@pytest.mark.parametrize(("choice", "expected"), [("yes", 20), ("no", 7)])
def test_sanctum_of_serra_chaos_you_may_have_your_life_total_become_20(choice: str, expected: int) -> None:
    game = game_on("Sanctum of Serra")
    to_step(game)
    act(game, type="life", player=0, amount=-13)
    cast(game, "chaos")
    resolve_top(game)
    resolve_top(game)
    events = answer(game, choice)
    assert life(game) == [expected, 20]
    if choice == "yes":
        assert brief(events, "life_changed") == [("life_changed", ("119.5",), {"player": 0, "delta": 13, "life": 20})]


def test_sanctum_of_serra_planeswalk_away() -> None:
    game = game_on("Sanctum of Serra")
    to_step(game)
    events = cast(game, "planeswalk") + resolve_stack(game)
    assert triggered(events) == [("Sanctum of Serra", 0, ("603.10g", "901.11b"))]
    assert instructions(events) == [("Sanctum of Serra", [], "destroy all nonland permanents", None)]


def test_the_fertile_lands_of_saulvinia_chaos_ensues_on_the_revealed_plane() -> None:
    game = game_on("The Fertile Lands of Saulvinia", "Time Distortion", "Sanctum of Serra")
    to_step(game)
    events = cast(game, "chaos") + resolve_top(game) + resolve_top(game)
    assert brief(events, "revealed") == [
        ("revealed", ("701.20",), {"player": 0, "cards": ["Time Distortion", "Sanctum of Serra"]})
    ]
    assert triggered(events)[-1] == ("Sanctum of Serra", 1, ("311.7",))
    answer_label(game, "Sanctum of Serra")
    assert deck_names(game)[-2:] == ["Sanctum of Serra", "Time Distortion"]
    resolve_top(game)
    assert game.decision is not None and game.decision.kind.value == "may"


# -- static abilities are shown as reminders -----------------------------------------------------

STATIC_REMINDERS = {
    "Otaria": [
        "Instant and sorcery cards in graveyards have flashback. The flashback cost is equal to the card's mana "
        "cost. (Its owner may cast the card from their graveyard for its mana cost. Then they exile it.)"
    ],
    "Sokenzan": ["All creatures get +1/+1 and have haste."],
    "Stairs to Infinity": ["Players have no maximum hand size."],
    "Tazeem": ["Creatures can't block."],
    "The Eon Fog": ["Players skip their untap steps."],
    "The Fertile Lands of Saulvinia": [
        "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."
    ],
    "Aretopolis": [],
    "Naar Isle": [],
    "Pompeii": [],
    "Temple of Atropos": [],
}


@pytest.mark.parametrize("plane", sorted(STATIC_REMINDERS))
def test_static_abilities_show_as_reminders(plane: str) -> None:
    game = game_on(plane)
    (card,) = game.view()["face_up"]
    assert card["name"] == plane
    assert card["reminders"] == STATIC_REMINDERS[plane]
    assert game.view(1)["face_up"][0]["reminders"] == STATIC_REMINDERS[plane]
