"""What ordinary cards do to the turn, told to the engine as a ``cast`` with a turn effect: extra turns
(500.7, 805.8, 807.4i), additional phases and steps (500.8, 500.9, 505.1a), skipped turns, steps and
phases (614.10, 614.10a, 805.8), ending the turn (723.1) and reversing the turn order (101.1). Each works
as the planar cards' own versions do: the roll cost resets in an extra turn (901.9), Kilnspire District
triggers on the first main phase only, and "until your next turn" ends at the right turn (611.2a)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import QUIET_PLANES, make_game
from driving import act, advance, of_type, refused, resolve_stack, roll, to_step
from planechase import Event, Game, InvalidActionError
from planechase.core.actions import Cast
from planechase.core.state import Step
from planechase.engine import melee
from planechase.engine.serialize import state_to_dict

QUIET = QUIET_PLANES
THREE = ("Alice", "Bob", "Carol")


def quiet_game(players: tuple[str, ...] = THREE, **options: Any) -> Game:
    options.setdefault("decks", [QUIET] * len(players))
    return make_game(players=players, **options)


def cast_turn(game: Game, effect: str, *, label: str, player: int | None = None, **extra: Any) -> list[Event]:
    """``player`` (the one with priority by default) casts ``label`` with a turn effect; everyone passes."""
    seat = game.state.priority if player is None else player
    assert seat is not None
    action = {"type": "cast", "player": seat, "label": label, "effect": effect, **extra}
    return list(game.act(action)) + resolve_stack(game)


def next_turn(game: Game) -> list[Event]:
    resolve_stack(game)
    return advance(game, "next_turn")


def turns(game: Game, count: int) -> list[tuple[int, int]]:
    """Advance ``count`` turns: (turn number, active player) of each."""
    out = []
    for _ in range(count):
        next_turn(game)
        out.append((game.state.turn, game.state.active))
    return out


# -- 500.7: extra turns ------------------------------------------------------------------------------


def test_500_7_a_cast_extra_turn_is_taken_after_this_one_then_turn_order_goes_on() -> None:
    game = quiet_game()
    to_step(game)
    events = cast_turn(game, "extra_turn", label="Time Walk")
    assert [(e.type, e.rules, e.text) for e in of_type(events, "extra_turn")] == [
        ("extra_turn", ("500.7",), "Time Walk: Alice will take an extra turn after this one.")
    ]
    assert turns(game, 3) == [(2, 0), (3, 1), (4, 2)]


def test_500_7_a_target_player_takes_the_extra_turn_and_the_roll_cost_starts_again_901_9() -> None:
    game = quiet_game()
    to_step(game)
    roll(game, "blank")
    roll(game, "blank")
    assert game.state.roll_cost(0) == 2
    cast_turn(game, "extra_turn", label="Beacon of Tomorrows", target_player=2)
    events = next_turn(game)
    began = of_type(events, "turn_began")[0]
    assert (began.data["player"], began.data["extra"], began.rules) == (2, True, ("500.7", "102.1"))
    assert [game.state.roll_cost(seat) for seat in range(3)] == [0, 0, 0]
    # Normal turns follow the last normal turn (500.7): Bob's comes next.
    assert turns(game, 1) == [(3, 1)]


def test_500_7_the_most_recently_created_extra_turn_is_taken_first() -> None:
    game = quiet_game()
    to_step(game)
    cast_turn(game, "extra_turn", label="Time Walk", target_player=1)
    cast_turn(game, "extra_turn", label="Temporal Manipulation", target_player=2)
    assert turns(game, 3) == [(2, 2), (3, 1), (4, 1)]


def test_611_2a_until_your_next_turn_ends_as_the_extra_turn_begins() -> None:
    game = make_game([QUIET, ("Fixed Point in Time", *QUIET[:9])], starting_player=0)
    next_turn(game)  # Bob's turn
    to_step(game)
    roll(game, "planeswalker")
    resolve_stack(game)  # Bob encounters Fixed Point in Time: an effect until his next turn
    his = [e for e in game.state.effects if e.controller == 1]
    assert his
    cast_turn(game, "extra_turn", label="Time Walk")
    events = next_turn(game)
    assert game.state.active == 1
    assert {e.data["effect"] for e in of_type(events, "effect_ended")} >= {e.id for e in his}


def test_805_8_a_cast_extra_turn_in_two_headed_giant_is_the_teams() -> None:
    game = make_game([QUIET] * 4, players=("A1", "A2", "B1", "B2"), variant="two_headed_giant")
    to_step(game)
    events = cast_turn(game, "extra_turn", label="Time Walk", player=1)
    extra = of_type(events, "extra_turn")[0]
    assert extra.rules == ("500.7", "805.8") and extra.data["team"] == [0, 1]
    next_turn(game)
    assert (game.state.active, game.state.active_players) == (0, (0, 1))


def test_807_4i_a_cast_extra_turn_in_grand_melee_keeps_the_turn_marker() -> None:
    players = tuple(f"P{n}" for n in range(12))
    game = make_game([QUIET] * 12, players=players, variant="grand_melee")
    marker = game.state.focus
    holder = game.state.active
    to_step(game)
    cast_turn(game, "extra_turn", label="Time Walk")
    events = advance(game, "next_turn")
    kept = of_type(events, "turn_marker_kept")
    assert kept and kept[0].data == {"marker": marker, "player": holder}
    part = melee.turn_of(game.state, marker)
    assert part is not None and part.active == holder


# -- 500.8, 500.9, 505.1a: additional phases and steps ----------------------------------------------------


def test_500_8_an_additional_combat_and_main_phase_come_after_this_main_phase() -> None:
    game = quiet_game()
    to_step(game)
    events = cast_turn(game, "additional_combat_and_main", label="Relentless Assault")
    assert of_type(events, "phases_added")[0].text == (
        "Relentless Assault: there is an additional combat phase followed by an additional main phase after this phase."
    )
    combat = [Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE]
    assert list(game.state.step_queue) == [
        *combat,
        Step.END_OF_COMBAT,
        Step.POSTCOMBAT_MAIN,
        *combat,
        Step.END_OF_COMBAT,
        Step.POSTCOMBAT_MAIN,
        Step.END,
        Step.CLEANUP,
    ]


def test_500_8_outside_a_main_phase_after_this_main_phase_adds_nothing() -> None:
    game = quiet_game()
    to_step(game, "beginning_of_combat")
    before = game.state.step_queue
    events = cast_turn(game, "additional_combat_and_main", label="Relentless Assault")
    assert of_type(events, "no_extra_phase") and game.state.step_queue == before


def test_500_8_an_additional_combat_phase_cast_in_combat_comes_after_this_combat_phase() -> None:
    game = quiet_game()
    to_step(game, "declare_blockers")
    cast_turn(game, "additional_combat", label="Combat Celebrant")
    assert list(game.state.step_queue) == [
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
        Step.POSTCOMBAT_MAIN,
        Step.END,
        Step.CLEANUP,
    ]


def test_500_9_an_additional_upkeep_step_comes_directly_after_this_step() -> None:
    game = quiet_game()
    advance(game, "upkeep") if game.state.step is not Step.UPKEEP else None
    assert game.state.step is Step.UPKEEP
    events = cast_turn(game, "additional_upkeep", label="Paradox Haze")
    assert of_type(events, "phases_added")[0].rules == ("500.9",)
    assert game.state.step_queue[0] is Step.UPKEEP


def test_505_1a_kilnspire_district_triggers_on_the_first_main_phase_only() -> None:
    game = make_game([("Kilnspire District", *QUIET[:9]), QUIET], starting_player=0)
    resolve_stack(game)
    to_step(game)
    resolve_stack(game)
    cast_turn(game, "additional_combat_and_main", label="Relentless Assault")
    fired: list[Event] = []
    for _ in range(2):  # through both postcombat main phases
        fired += advance(game, "postcombat_main")
        fired += resolve_stack(game)
    assert game.state.step is Step.POSTCOMBAT_MAIN and Step.POSTCOMBAT_MAIN not in game.state.step_queue
    assert [e for e in of_type(fired, "ability_triggered") if e.data.get("card") == "Kilnspire District"] == []


def test_805_8_a_phase_added_in_two_headed_giant_is_the_teams() -> None:
    game = make_game([QUIET] * 4, players=("A1", "A2", "B1", "B2"), variant="two_headed_giant")
    to_step(game)
    cast_turn(game, "additional_combat_and_main", label="Relentless Assault", player=1)
    advance(game, "postcombat_main")
    assert game.state.step is Step.POSTCOMBAT_MAIN and game.state.active_players == (0, 1)


# -- 614.10: skipping turns, steps and phases ---------------------------------------------------------------


def test_614_10_a_skipped_turn_does_not_happen_and_the_next_player_takes_theirs() -> None:
    game = quiet_game()
    to_step(game)
    events = cast_turn(game, "skip_turn", label="Eater of Days", target_player=1)
    assert of_type(events, "skip_added")[0].text == "Eater of Days: Bob will skip their next turn."
    events = next_turn(game)
    assert [(e.type, e.rules, e.data) for e in of_type(events, "turn_skipped")] == [
        ("turn_skipped", ("614.10", "614.10a"), {"player": 1, "extra": False})
    ]
    assert (game.state.turn, game.state.active) == (2, 2)
    assert turns(game, 2) == [(3, 0), (4, 1)]  # Bob's following turn is not skipped


def test_614_10a_two_skips_skip_the_next_two_turns() -> None:
    game = quiet_game(players=("Alice", "Bob"))
    to_step(game)
    cast_turn(game, "skip_turn", label="Eater of Days", target_player=1)
    cast_turn(game, "skip_turn", label="Lethal Vapors", target_player=1)
    assert turns(game, 3) == [(2, 0), (3, 0), (4, 1)]


def test_614_10_a_skipped_extra_turn_is_used_up() -> None:
    game = quiet_game()
    to_step(game)
    cast_turn(game, "extra_turn", label="Time Walk")
    cast_turn(game, "skip_turn", label="Eater of Days")
    events = next_turn(game)
    assert of_type(events, "turn_skipped")[0].data == {"player": 0, "extra": True}
    assert (game.state.turn, game.state.active) == (2, 1) and game.state.extra_turns == ()


def test_614_10_a_skipped_draw_step_waits_for_the_players_next_draw_step() -> None:
    game = quiet_game()
    to_step(game)
    cast_turn(game, "skip_draw_step", label="Fatigue", target_player=1)
    events = next_turn(game) + to_step(game)  # Bob's turn: his draw step is skipped
    skipped = of_type(events, "step_skipped")
    assert [(e.rules, e.data["step"], e.data["player"]) for e in skipped] == [(("614.10", "614.10a"), "draw", 1)]
    assert not [e for e in of_type(events, "turn_based_action") if e.data.get("instruction") == "draw"]
    events = next_turn(game) + to_step(game)  # Carol draws as usual
    assert [e.data["player"] for e in of_type(events, "turn_based_action") if e.data["instruction"] == "draw"] == [2]


def test_614_10_a_skipped_combat_phase_skips_all_its_steps() -> None:
    game = quiet_game()
    to_step(game)
    cast_turn(game, "skip_combat_phase", label="Moment of Silence")
    events = advance(game, "end")
    began = [e.data["step"] for e in of_type(events, "step_began")]
    assert "beginning_of_combat" not in began and "declare_attackers" not in began
    assert of_type(events, "step_skipped")[0].data["steps"] == [
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
    ]


def test_614_10_a_skipped_untap_step() -> None:
    game = quiet_game()
    to_step(game)
    cast_turn(game, "skip_untap_step", label="Brine Elemental", target_player=1)
    events = next_turn(game)
    assert of_type(events, "step_skipped")[0].data["step"] == "untap"
    assert not [e for e in of_type(events, "turn_based_action") if e.data.get("instruction") == "untap"]


def test_805_8_a_teammates_skip_is_the_teams() -> None:
    game = make_game([QUIET] * 4, players=("A1", "A2", "B1", "B2"), variant="two_headed_giant")
    to_step(game)
    events = cast_turn(game, "skip_turn", label="Eater of Days", player=0, target_player=3)
    assert of_type(events, "skip_added")[0].rules == ("614.10", "805.8")
    next_turn(game)
    assert game.state.active_players == (0, 1)  # team B's turn was skipped


def test_614_10_a_skipped_turn_in_grand_melee_passes_the_marker_on() -> None:
    """Twelve players, markers with P0, P4 and P8 (807.4b). P1 is to skip their next turn: P0's marker
    passes to P1, who waits for P4's marker to move on (807.4d); then P1's turn would begin, is skipped,
    and the marker passes on to P2 (who waits in turn for P5's)."""
    players = tuple(f"P{n}" for n in range(12))
    game = make_game([QUIET] * 12, players=players, variant="grand_melee", starting_player=0)
    assert (game.state.focus, game.state.active) == (1, 0)
    to_step(game)
    cast_turn(game, "skip_turn", label="Eater of Days", target_player=1)
    events = advance(game, "next_turn")
    assert of_type(events, "turn_skipped") == []  # P1 waits for P4's marker (807.4d)
    events = list(game.act({"type": "advance", "player": 4, "to": "next_turn", "marker": 2}))
    skipped = of_type(events, "turn_skipped")
    assert [(e.rules, e.data["player"], e.data["marker"]) for e in skipped] == [(("614.10", "614.10a"), 1, 1)]
    assert game.state.markers is not None and game.state.markers.holder_of(1) == 2
    assert game.state.skips == ()


def test_801_4_the_player_named_must_be_in_range() -> None:
    game = make_game([QUIET] * 5, players=("A", "B", "C", "D", "E"), range_of_influence=1)
    to_step(game)
    error = refused(game, Cast(0, label="Time Walk", effect="extra_turn", target_player=2))
    assert error.rule == "801.4"


def test_115_1_only_extra_turns_and_skips_name_a_player() -> None:
    game = quiet_game()
    to_step(game)
    assert refused(game, Cast(0, label="Relentless Assault", effect="end_turn", target_player=1)).rule == "115.1"


def test_608_2b_a_named_player_who_left_makes_it_fizzle() -> None:
    game = quiet_game()
    to_step(game)
    act(game, type="cast", player=0, label="Time Walk", effect="extra_turn", target_player=2)
    act(game, type="concede", player=2)
    events = resolve_stack(game)
    assert of_type(events, "fizzles") and game.state.extra_turns == ()


# -- 723.1: ending the turn; reversing turn order ------------------------------------------------------------


def test_723_1_end_the_turn_exiles_the_stack_and_skips_to_cleanup() -> None:
    game = quiet_game()
    to_step(game)
    act(game, type="cast", player=0, label="Lightning Bolt")
    act(game, type="cast", player=0, label="Time Stop", effect="end_turn")
    events = resolve_stack(game)
    ending = of_type(events, "turn_ending")[0]
    assert ending.rules == ("723.1", "723.1b")
    assert ending.data["exiled"] == ["Time Stop (resolving)", "Lightning Bolt"]
    assert of_type(events, "turn_ends") and game.state.stack == ()
    assert game.state.turn == 2 and game.state.active == 1


def test_101_1_reverse_turn_order_as_temple_of_atropos_does() -> None:
    game = quiet_game()
    to_step(game)
    events = cast_turn(game, "reverse_turn_order", label="Aeon Engine")
    assert (
        of_type(events, "turn_order_reversed")[0].text
        == "Aeon Engine: the turn order is reversed (now counterclockwise)."
    )
    assert turns(game, 2) == [(2, 2), (3, 1)]


def test_the_turn_effects_are_undone_with_the_action() -> None:
    game = quiet_game()
    to_step(game)
    before = state_to_dict(game.state)
    taken = len(cast_turn(game, "skip_turn", label="Eater of Days", target_player=1)) and game.state.actions_taken
    assert game.state.skips
    game.undo(taken - json_actions(before))
    assert state_to_dict(game.state) == before


def json_actions(state: dict[str, Any]) -> int:
    return int(state["actions_taken"])


def test_804_2_a_cast_cannot_be_a_deploy_and_an_unknown_effect_is_refused() -> None:
    game = quiet_game()
    to_step(game)
    assert refused(game, Cast(0, label="Grizzly Bears", effect="deploy")).rule == "804.2"
    with pytest.raises(InvalidActionError):
        game.act(Cast(0, label="x", effect="teleport"))


def test_the_cast_line_names_the_turn_effect_in_words() -> None:
    game = quiet_game()
    to_step(game)
    events = act(game, type="cast", player=0, label="Time Walk", effect="extra_turn", types="blue sorcery")
    assert events[0].text == "Alice casts Time Walk (blue sorcery; extra turn)."
    events = act(game, type="cast", player=0, label="Fatigue", effect="skip_draw_step", target_player=1)
    assert events[0].text == "Alice casts Fatigue (skip draw step for Bob)."
