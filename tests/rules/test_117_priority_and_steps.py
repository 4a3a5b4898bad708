"""Priority (117), the steps of a turn (500-514), the "advance" shortcut, the order of simultaneous
triggers (603.3b) and what may be done while a decision is pending."""

from __future__ import annotations

import pytest

from conftest import make_game
from driving import deck_maker, pass_once, refused, types
from planechase import Advance, Cast, Choose, Concede, DecisionKind, Game, Pass, Roll
from planechase.core.state import StackKind

FILL: tuple[str, ...] = (
    *("Tazeem", "The Eon Fog", "Sokenzan", "Fields of Summer", "Sanctum of Serra", "Otaria"),
    *("Naar Isle", "Academy at Tolaria West", "Mount Keralia", "Pompeii", "Aretopolis"),
)

TURN_STEPS = [
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
]


#: Legal ten-card planar decks: the cards asked for on top, then planes without step triggers first.
deck = deck_maker(FILL)


def quiet_game(players: int = 2, starting_player: int = 0) -> Game:
    """A game whose face-up plane (Tazeem) has no triggers outside chaos."""
    seats = ("Alice", "Bob", "Carol", "Dave")[:players]
    return make_game([deck("Tazeem") for _ in seats], players=seats, starting_player=starting_player)


# -- 117.3d / 117.4: passing --------------------------------------------------------------------------------


def test_117_3d_passing_gives_priority_to_the_next_player_in_turn_order() -> None:
    game = quiet_game(players=3)
    assert (game.state.step.value, game.state.priority) == ("upkeep", 0)  # 117.3a
    events = pass_once(game, 0)
    assert [(e.type, e.rules, e.data["player"]) for e in events] == [("passed", ("117.3d",), 0)]
    assert game.state.priority == 1
    pass_once(game, 1)
    assert game.state.priority == 2
    assert game.state.step.value == "upkeep"


def test_117_3d_turn_order_starts_from_the_active_player() -> None:
    game = quiet_game(players=3, starting_player=1)
    assert game.state.priority == 1
    pass_once(game, 1)
    assert game.state.priority == 2
    pass_once(game, 2)
    assert game.state.priority == 0
    pass_once(game, 0)
    assert (game.state.step.value, game.state.priority) == ("draw", 1)


def test_117_3d_after_the_turn_order_is_reversed_priority_passes_the_other_way() -> None:
    """Temple of Atropos's chaos ability reverses the turn order (then planeswalks): priority and the
    next turn go the other way round the table."""
    quiet = deck("Tazeem")
    game = make_game([deck("Temple of Atropos", "Tazeem"), quiet, quiet], players=("Alice", "Bob", "Carol"))
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.force("chaos")
    game.act({"type": "roll", "player": 0})
    for _ in range(6):
        if not game.state.stack:
            break
        priority = game.state.priority
        assert priority is not None
        pass_once(game, priority)
    assert game.state.stack == ()
    assert game.view()["turn_order"] == "counterclockwise"
    assert game.state.priority == 0
    pass_once(game, 0)
    assert game.state.priority == 2
    pass_once(game, 2)
    assert game.state.priority == 1
    pass_once(game, 1)
    assert game.state.step.value == "beginning_of_combat"
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    assert (game.state.active, game.state.planar_controller, game.state.priority) == (2, 2, 2)


def test_117_1_only_the_player_with_priority_may_pass() -> None:
    game = quiet_game()
    err = refused(game, Pass(1))
    assert err.rule == "117.1"
    assert "does not have priority" in err.message


def test_117_4_all_pass_with_an_empty_stack_the_step_ends() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    pass_once(game, 0)
    events = pass_once(game, 1)
    assert [(e.type, e.rules) for e in events] == [
        ("passed", ("117.3d",)),
        ("step_ended", ("117.4",)),
        ("step_began", ("500.1",)),
    ]
    assert events[1].data["step"] == "precombat_main"
    assert events[2].data["step"] == "beginning_of_combat"
    assert (game.state.step.value, game.state.priority) == ("beginning_of_combat", 0)  # 117.3a


def test_117_4_all_pass_with_a_stack_the_top_resolves_then_the_active_player_gets_priority() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    cast = game.act({"type": "cast", "player": 0, "label": "Giant Growth"})
    assert [(e.type, e.rules) for e in cast] == [("cast", ("601.2", "117.3c"))]
    assert game.state.priority == 0  # 117.3c
    pass_once(game, 0)
    assert game.state.priority == 1
    game.act({"type": "cast", "player": 1, "label": "Shock"})  # Bob responds
    assert game.state.priority == 1  # 117.3c
    assert [i.label for i in game.state.stack] == ["Giant Growth", "Shock"]
    pass_once(game, 1)
    assert game.state.priority == 0  # Alice's earlier pass doesn't count: not in succession
    events = pass_once(game, 0)
    assert types(events) == ["passed", "resolves", "resolved_other"]
    assert events[1].rules == ("608.2",)
    assert [i.label for i in game.state.stack] == ["Giant Growth"]
    assert game.state.priority == 0  # 117.3b
    assert game.state.step.value == "precombat_main"
    pass_once(game, 0)
    events = pass_once(game, 1)
    assert types(events) == ["passed", "resolves", "resolved_other"]
    assert game.state.stack == ()
    assert (game.state.step.value, game.state.priority) == ("precombat_main", 0)
    pass_once(game, 0)
    pass_once(game, 1)
    assert game.state.step.value == "beginning_of_combat"


def test_117_3b_after_resolving_the_active_player_gets_priority_not_the_caster() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    pass_once(game, 1)
    game.act({"type": "cast", "player": 0, "label": "Lightning Helix"})  # Alice, in Bob's turn
    assert game.state.priority == 0
    pass_once(game, 0)
    pass_once(game, 1)
    assert game.state.stack == ()
    assert game.state.priority == 1


def test_117_4_three_players_must_all_pass_in_succession() -> None:
    game = quiet_game(players=3)
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    pass_once(game, 0)
    game.act({"type": "cast", "player": 1, "label": "Counterspell"})
    pass_once(game, 1)
    assert types(pass_once(game, 2)) == ["passed"]
    events = pass_once(game, 0)
    assert types(events) == ["passed", "resolves", "resolved_other"]
    assert game.state.priority == 0


# -- advance --------------------------------------------------------------------------------------------------


def test_117_4_advance_moves_to_a_named_step() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    events = game.act({"type": "advance", "player": 0, "to": "end"})
    assert (events[0].type, events[0].rules, events[0].data["to"]) == ("advance", ("117.4",), "end")
    began = [e.data["step"] for e in events if e.type == "step_began"]
    assert began == TURN_STEPS[4:11]
    assert (game.state.turn, game.state.step.value, game.state.priority) == (1, "end", 0)


def test_117_4_advance_to_the_next_turn() -> None:
    game = quiet_game()
    events = game.act({"type": "advance", "player": 0, "to": "next_turn"})
    assert types(events).count("turn_began") == 1
    assert (game.state.turn, game.state.active, game.state.step.value, game.state.priority) == (2, 1, "upkeep", 1)


def test_117_4_advance_offers_the_later_steps_and_the_next_turn() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    expected = [*TURN_STEPS[4:11], "next_turn"]
    assert game.view()["advance_to"] == expected
    offered = [a.to for a in game.legal_actions() if isinstance(a, Advance)]
    assert offered == expected


def test_117_4_advance_is_refused_with_a_non_empty_stack() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.act({"type": "cast", "player": 0, "label": "Divination"})
    err = refused(game, Advance(0, "end"))
    assert err.rule == "117.4"
    assert game.view()["advance_to"] == []


def test_117_1_advance_needs_priority() -> None:
    game = quiet_game()
    assert refused(game, Advance(1, "end")).rule == "117.1"


def test_603_2_advance_stops_at_an_upkeep_trigger() -> None:
    game = make_game([deck("Aretopolis"), deck("The Eon Fog")])
    pass_once(game, 0)
    pass_once(game, 1)  # Alice's upkeep trigger resolves
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    assert (game.state.turn, game.state.step.value, game.state.priority) == (2, "upkeep", 1)
    (item,) = game.state.stack
    assert game.state.name_of(item.card or 0) == "Aretopolis"
    assert refused(game, Advance(1, "end")).rule == "117.4"


def test_603_2_advance_stops_at_a_first_main_phase_trigger() -> None:
    game = make_game([deck("Kilnspire District"), deck("The Eon Fog")])
    events = game.act({"type": "advance", "player": 0, "to": "end"})
    assert types(events)[-2:] == ["ability_triggered", "put_on_stack"]
    assert (game.state.step.value, game.state.priority) == ("precombat_main", 0)
    assert len(game.state.stack) == 1


def test_603_2_temple_of_atropos_stops_an_advance_to_the_end_step() -> None:
    game = make_game([deck("Temple of Atropos"), deck("The Eon Fog")])
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    events = game.act({"type": "advance", "player": 0, "to": "end"})
    assert [e.data["step"] for e in events if e.type == "step_began"][-1] == "postcombat_main"
    (trigger,) = [e for e in events if e.type == "ability_triggered"]
    assert trigger.data["card"] == "Temple of Atropos"
    assert (game.state.step.value, game.state.priority) == ("postcombat_main", 0)
    assert len(game.state.stack) == 1
    pass_once(game, 0)
    pass_once(game, 1)  # an additional beginning phase after this phase (500.8)
    events = game.act({"type": "advance", "player": 0, "to": "end"})
    assert [e.data["step"] for e in events if e.type == "step_began"] == ["untap", "upkeep", "draw", "end"]
    assert (game.state.turn, game.state.step.value) == (1, "end")


# -- the turn, step by step ------------------------------------------------------------------------------------


def test_500_1_every_step_in_order_when_passing_one_by_one() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "next_turn"})  # Bob's turn 2: a turn with its draw
    assert (game.state.turn, game.state.step.value) == (2, "upkeep")
    mark = len(list(game.events()))
    seen: list[tuple[int, str, int | None]] = []
    while not (game.state.turn == 3 and game.state.step.value == "upkeep"):
        priority = game.state.priority
        assert priority is not None
        pass_once(game, priority)
        assert game.state.step.value not in ("untap", "cleanup")  # 502.4, 514.3: no priority there
        seen.append((game.state.turn, game.state.step.value, game.state.priority))
    events = list(game.events())[mark:]
    began = [(e.data["turn"], e.data["step"]) for e in events if e.type == "step_began"]
    assert began == [(2, s) for s in TURN_STEPS[2:]] + [(3, "untap"), (3, "upkeep")]
    # Two passes in each step with priority: Bob (active) first, then Alice.
    assert len(seen) == 2 * 10
    assert seen[:4] == [(2, "upkeep", 0), (2, "draw", 1), (2, "draw", 0), (2, "precombat_main", 1)]
    tba = [(e.rules, e.data["player"]) for e in events if e.type == "turn_based_action"]
    assert tba == [(("504.1",), 1), (("514.1",), 1), (("502.3",), 0)]
    assert types(events).count("turn_began") == 1


def test_502_4_no_player_receives_priority_in_the_untap_step() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "end"})
    pass_once(game, 0)
    events = pass_once(game, 1)
    order = [(e.type, e.data.get("step")) for e in events if e.type in ("step_began", "turn_began")]
    assert order == [("step_began", "cleanup"), ("turn_began", None), ("step_began", "untap"), ("step_began", "upkeep")]
    assert (game.state.turn, game.state.step.value, game.state.priority) == (2, "upkeep", 1)


def test_514_1_cleanup_discards_to_hand_size_without_priority() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "end"})
    pass_once(game, 0)
    events = pass_once(game, 1)
    (cleanup,) = [e for e in events if e.type == "turn_based_action" and e.rules == ("514.1",)]
    assert cleanup.data == {"player": 0, "instruction": "discard_to_hand_size"}
    assert game.state.step.value == "upkeep"


# -- 603.3b: ordering simultaneous triggers ---------------------------------------------------------------------


def stairs_chaos_roll() -> Game:
    """Stairs to Infinity face up; Alice rolls chaos: its roll ability and its chaos ability trigger."""
    game = make_game([deck("Stairs to Infinity"), deck("The Eon Fog")])
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.force("chaos")
    events = game.act({"type": "roll", "player": 0})
    assert types(events) == ["die_rolled", "ability_triggered", "chaos_ensues", "ability_triggered"]
    assert game.state.stack == ()  # not on the stack yet: Alice orders them first
    return game


def test_603_3b_the_controller_orders_simultaneous_triggers() -> None:
    game = stairs_chaos_roll()
    decision = game.decision
    assert decision is not None
    assert decision.kind is DecisionKind.ORDER_TRIGGERS
    assert decision.player == 0
    assert decision.rule == "603.3b"
    assert [o.label for o in decision.options] == [
        "Stairs to Infinity: Whenever you roll the planar die, draw a card.",
        "Stairs to Infinity: Whenever chaos ensues, reveal the top card of your planar deck. "
        "You may put it on the bottom of your planar deck.",
    ]
    triggered = [e for e in game.history[-1].events if e.type == "ability_triggered"]
    assert [o.id for o in decision.options] == [f"trigger:{e.data['item']}" for e in triggered]
    assert [a.to_dict() for a in game.legal_actions()] == [
        *({"type": "choose", "player": 0, "decision": decision.id, "option": o.id} for o in decision.options),
        {"type": "concede", "player": 0},  # 104.3a: at any time
        {"type": "concede", "player": 1},
    ]


@pytest.mark.parametrize("first", [0, 1])
def test_603_3b_the_first_chosen_goes_on_the_stack_first_and_resolves_last(first: int) -> None:
    game = stairs_chaos_roll()
    decision = game.decision
    assert decision is not None
    chosen = decision.options[first]
    events = game.act({"type": "choose", "player": 0, "decision": decision.id, "option": chosen.id})
    assert [(e.type, e.rules) for e in events] == [
        ("choice", ("603.3b",)),
        ("put_on_stack", ("603.3",)),
        ("put_on_stack", ("603.3",)),
    ]
    assert events[1].data["item"] == int(chosen.id.split(":")[1])
    stack = game.state.stack
    assert f"trigger:{stack[0].id}" == chosen.id  # the bottom of the stack
    abilities = [i.ability for i in stack]
    assert abilities == ([1, 2] if first == 0 else [2, 1])  # bottom to top
    assert all(i.kind is StackKind.TRIGGERED and i.controller == 0 for i in stack)
    assert game.state.pending is None
    assert game.state.priority == 0
    top = stack[-1]
    resolved = [*pass_once(game, 0), *pass_once(game, 1)]
    assert [e.data["item"] for e in resolved if e.type == "resolves"] == [top.id]


# -- while a decision is pending --------------------------------------------------------------------------------


def test_603_3b_other_actions_while_a_decision_is_pending_name_the_decisions_rule() -> None:
    game = stairs_chaos_roll()
    decision = game.decision
    assert decision is not None
    for action in (
        Pass(0),
        Pass(1),
        Roll(0),
        Cast(1, label="Stifle", effect="none"),
        Advance(0, "end"),
        Choose(1, decision.id, decision.options[0].id),  # not Bob's decision
        Choose(0, decision.id, "trigger:999"),  # not an option
        Choose(0, "d99.0", decision.options[0].id),  # not the pending decision
    ):
        err = refused(game, action)
        assert err.rule == "603.3b", action
    assert "must decide first" in refused(game, Pass(0)).message


def test_901_9_actions_while_the_roll_cost_is_pending_name_rule_901_9() -> None:
    game = quiet_game()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.force("blank", "blank")
    game.act({"type": "roll", "player": 0})
    game.act({"type": "roll", "player": 0})
    assert game.decision is not None
    assert refused(game, Pass(1)).rule == "901.9"
    assert refused(game, Pass(0)).rule == "901.9"


def test_117_1_choose_without_a_pending_decision_is_refused() -> None:
    game = quiet_game()
    assert refused(game, Choose(0, "d0.0", "yes")).rule == "117.1"


def test_104_3a_a_player_may_concede_while_a_decision_is_pending() -> None:
    """104.3a: "A player can concede the game at any time." Carol concedes while Alice orders triggers;
    Alice still has the same choice to make."""
    game = make_game(
        [deck("Stairs to Infinity"), deck("The Eon Fog"), deck("Tazeem")], players=("Alice", "Bob", "Carol")
    )
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.force("chaos")
    game.act({"type": "roll", "player": 0})
    before = game.decision
    assert before is not None
    assert Concede(2) in game.legal_actions()
    events = game.act({"type": "concede", "player": 2})
    (left,) = [e for e in events if e.type == "player_left"]
    assert left.rules == ("104.3a", "800.4a")
    assert game.state.players[2].status.value == "lost"
    after = game.decision
    assert after is not None
    assert (after.kind, after.player, after.rule, after.options) == (before.kind, 0, "603.3b", before.options)
    assert Concede(2) not in game.legal_actions()
    game.act({"type": "choose", "player": 0, "decision": after.id, "option": after.options[0].id})
    assert [i.ability for i in game.state.stack] == [1, 2]


def test_117_4_an_advance_to_no_step_is_refused_and_changes_nothing() -> None:
    from planechase import InvalidActionError, apply

    game = quiet_game()
    before = game.state
    with pytest.raises(InvalidActionError, match="'to' must be a step"):
        apply(before, Advance(0, to="teatime"))
    assert game.state is before
