"""Rolling the planar die: who, when and at what cost (901.9, 116.2i), the die's faces (901.3a), what
each face does (901.9a-c, 901.8) and abilities that trigger on rolls (706.7, 901.9d)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from conftest import make_game
from driving import answer, deck_maker, refused, resolve_stack, roll, types
from planechase import (
    Cast,
    DecisionKind,
    Event,
    Game,
    GameState,
    Roll,
    apply,
    state_to_dict,
)
from planechase.core.state import StackKind

FILL: tuple[str, ...] = (
    *("Tazeem", "The Eon Fog", "Sokenzan", "Fields of Summer", "Sanctum of Serra", "Otaria"),
    *("Temple of Atropos", "Pools of Becoming", "Naar Isle", "Aretopolis", "Pompeii"),
)


#: Legal ten-card planar decks: the cards asked for on top, then quiet planes.
deck = deck_maker(FILL)


def game_in_main(top: str = "Tazeem", other: str = "The Eon Fog", seed: int = 0) -> Game:
    """Alice's first precombat main phase, empty stack, Alice holding priority, ``top`` face up."""
    game = make_game([deck(top), deck(other)], seed=seed)
    resolve_stack(game)
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    resolve_stack(game)
    assert (game.state.step.value, game.state.priority, game.state.stack) == ("precombat_main", 0, ())
    return game


def effect_roll(game: Game, face: str, seat: int = 0) -> list[Event]:
    """``seat`` puts a "roll the planar die" ability on the stack (Fractured Powerstone); it resolves."""
    game.force(face)
    events = list(game.act({"type": "cast", "player": seat, "label": "Fractured Powerstone", "effect": "roll"}))
    # Resolve only the Powerstone: pass until it has left the stack.
    for _ in range(10):
        if not any(i.kind is StackKind.OTHER for i in game.state.stack):
            return events
        priority = game.state.priority
        assert priority is not None
        events.extend(game.act({"type": "pass", "player": priority}))
    raise AssertionError("the roll ability did not resolve")


# -- 901.9 / 116.2i: who and when ---------------------------------------------------------------------------


def test_901_9_the_active_player_may_roll_in_a_main_phase_with_priority_and_an_empty_stack() -> None:
    game = game_in_main()
    assert Roll(0) in game.legal_actions()
    assert game.view()["roll"] == {"player": 0, "cost": 0, "allowed": True}
    events = roll(game, "blank")
    assert events[0].type == "die_rolled"
    assert events[0].rules == ("901.9", "116.2i", "706.7")
    assert events[0].data["player"] == 0
    assert events[0].data["special_action"] is True


def test_901_9_only_the_active_player_may_roll() -> None:
    game = game_in_main()
    err = refused(game.state, Roll(1))
    assert err.rule == "901.9"
    assert "active player" in err.message
    # Not even while holding priority in the active player's main phase.
    game.act({"type": "pass", "player": 0})
    assert game.state.priority == 1
    assert refused(game.state, Roll(1)).rule == "901.9"


def test_901_9_only_the_active_player_may_roll_in_their_own_turn() -> None:
    game = game_in_main()
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    assert refused(game.state, Roll(0)).rule == "901.9"
    assert roll(game, "blank", player=1)[0].data["player"] == 1


def test_901_9_not_in_the_upkeep() -> None:
    game = make_game([deck("Tazeem"), deck("The Eon Fog")])
    state = game.state
    assert (state.step.value, state.priority, state.stack) == ("upkeep", 0, ())
    err = refused(state, Roll(0))
    assert err.rule == "901.9"
    assert "main phase" in err.message
    assert game.view()["roll"]["allowed"] is False


@pytest.mark.parametrize("step", ["beginning_of_combat", "declare_attackers", "end_of_combat", "end"])
def test_901_9_not_outside_the_main_phases(step: str) -> None:
    game = game_in_main()
    game.act({"type": "advance", "player": 0, "to": step})
    assert game.state.priority == 0
    assert refused(game.state, Roll(0)).rule == "901.9"


def test_901_9_in_the_postcombat_main_phase_too() -> None:
    game = game_in_main()
    game.act({"type": "advance", "player": 0, "to": "postcombat_main"})
    assert types(roll(game, "blank")) == ["die_rolled", "blank"]


def test_901_9_only_with_priority() -> None:
    game = game_in_main()
    game.act({"type": "pass", "player": 0})
    assert (game.state.step.value, game.state.priority, game.state.stack) == ("precombat_main", 1, ())
    err = refused(game.state, Roll(0))
    assert err.rule == "901.9"
    assert "priority" in err.message


def test_901_9_only_with_an_empty_stack() -> None:
    game = game_in_main()
    game.act({"type": "cast", "player": 0, "label": "Lightning Bolt"})
    assert game.state.priority == 0
    err = refused(game.state, Roll(0))
    assert err.rule == "901.9"
    assert "stack" in err.message


def test_901_9_the_roll_does_not_use_the_stack() -> None:
    game = game_in_main()
    roll(game, "blank")
    assert game.state.stack == ()
    assert game.state.priority == 0


# -- 901.9 / 116.2i: the cost ---------------------------------------------------------------------------------


def test_901_9_cost_is_the_number_of_times_the_player_took_the_action_this_turn() -> None:
    game = game_in_main()
    first = roll(game, "blank")
    assert types(first) == ["die_rolled", "blank"]  # cost 0: no decision, nothing paid
    assert game.state.rolls_taken == (1, 0)
    for cost in (1, 2, 3):
        assert game.view()["roll"]["cost"] == cost
        assert game.view()["players"][0]["roll_cost"] == cost
        roll(game, "blank", pay=False)
        decision = game.decision
        assert decision is not None
        assert decision.kind is DecisionKind.PAY_ROLL_COST
        assert decision.player == 0
        assert decision.rule == "901.9"
        assert f"{{{cost}}}" in decision.prompt
        assert [o.id for o in decision.options] == ["pay", "cancel"]
        assert game.state.rolls_taken == (cost, 0)  # nothing counted yet
        events = answer(game, "pay")
        (paid,) = [e for e in events if e.type == "cost_paid"]
        assert paid.rules == ("901.9", "116.2i")
        assert paid.data == {"player": 0, "cost": cost}
        assert types(events)[-2:] == ["die_rolled", "blank"]
        assert game.state.rolls_taken == (cost + 1, 0)
        assert game.state.pending is None


def test_901_9_a_pending_cost_decision_allows_only_an_answer_or_conceding() -> None:
    game = game_in_main()
    roll(game, "blank")
    roll(game, "blank", pay=False)
    decision = game.decision
    assert decision is not None
    assert [a.to_dict() for a in game.legal_actions()] == [
        {"type": "choose", "player": 0, "decision": decision.id, "option": "pay"},
        {"type": "choose", "player": 0, "decision": decision.id, "option": "cancel"},
        {"type": "concede", "player": 0},  # 104.3a: at any time
        {"type": "concede", "player": 1},
    ]


def test_116_2i_cancelling_the_cost_leaves_the_state_unchanged_and_does_not_count() -> None:
    game = game_in_main()
    roll(game, "blank")
    game.force("chaos")
    before = state_to_dict(game.state)
    game.act({"type": "roll", "player": 0})
    decision = game.decision
    assert decision is not None
    events = game.act({"type": "choose", "player": 0, "decision": decision.id, "option": "cancel"})
    assert types(events) == ["cancelled"]
    assert "die_rolled" not in types(events)
    assert state_to_dict(game.state) == before  # even the forced chaos face is still waiting
    assert game.state.rolls_taken == (1, 0)
    assert game.state.rolls_made == (1, 0)
    # Trying again costs the same.
    game.act({"type": "roll", "player": 0})
    again = game.decision
    assert again is not None
    assert "{1}" in again.prompt
    rolled = answer(game, "pay")
    assert [e.data["result"] for e in rolled if e.type == "die_rolled"] == ["chaos"]


def test_901_9_the_cost_resets_each_turn() -> None:
    game = game_in_main()
    roll(game, "blank")
    roll(game, "blank", pay=False)
    answer(game, "pay")
    assert game.state.rolls_taken == (2, 0)
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    assert game.state.rolls_taken == (0, 0)
    assert game.state.rolls_made == (0, 0)
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    assert types(roll(game, "blank", player=1)) == ["die_rolled", "blank"]  # no decision: cost 0
    game.act({"type": "advance", "player": 1, "to": "next_turn"})
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    assert game.view()["roll"]["cost"] == 0
    assert types(roll(game, "blank")) == ["die_rolled", "blank"]


def test_116_2i_rolls_caused_by_effects_do_not_count_toward_the_cost() -> None:
    game = game_in_main()
    events = effect_roll(game, "blank")
    (rolled,) = [e for e in events if e.type == "die_rolled"]
    assert rolled.rules == ("901.9", "706.7")
    assert rolled.data["special_action"] is False
    assert rolled.data["player"] == 0
    assert game.state.rolls_taken == (0, 0)
    assert game.state.rolls_made == (1, 0)
    assert types(roll(game, "blank")) == ["die_rolled", "blank"]  # still free
    assert game.state.rolls_taken == (1, 0)
    assert game.state.rolls_made == (2, 0)
    effect_roll(game, "blank")
    assert game.state.rolls_made == (3, 0)
    roll(game, "blank", pay=False)
    decision = game.decision
    assert decision is not None
    assert "{1}" in decision.prompt  # one special action so far, whatever the effects rolled


def test_116_2i_an_effect_may_make_a_player_roll_outside_the_special_action_limits() -> None:
    game = make_game([deck("Tazeem"), deck("The Eon Fog")])  # the upkeep
    game.act({"type": "pass", "player": 0})
    events = effect_roll(game, "blank", seat=1)  # Bob, not the active player
    (rolled,) = [e for e in events if e.type == "die_rolled"]
    assert rolled.data["player"] == 1
    assert game.state.rolls_made == (0, 1)
    assert game.state.rolls_taken == (0, 0)


def test_901_9_a_planeswalker_roll_counts_toward_the_cost() -> None:
    game = game_in_main()
    roll(game, "planeswalker")
    assert game.state.rolls_taken == (1, 0)
    resolve_stack(game)
    roll(game, "blank", pay=False)
    decision = game.decision
    assert decision is not None
    assert "{1}" in decision.prompt


def test_901_9_a_chaos_roll_counts_toward_the_cost() -> None:
    game = game_in_main()
    roll(game, "chaos")
    assert game.state.rolls_taken == (1, 0)
    resolve_stack(game)
    roll(game, "blank", pay=False)
    assert game.decision is not None


# -- 901.3a: the die -----------------------------------------------------------------------------------------


def test_901_3a_the_planar_die_has_one_planeswalker_one_chaos_and_four_blank_faces() -> None:
    """12,000 seeded rolls through ``apply``: deterministic, so it cannot flake. Each frequency must be
    within 0.025 of its expected value (over 5 standard deviations for the 1/6 faces); a nine-sided die
    (1/9) or a 10%/20% die is far outside."""
    n = 12_000
    counts = Counter(seeded_rolls(game_in_main().state, n))
    assert set(counts) == {"planeswalker", "chaos", "blank"}
    assert abs(counts["planeswalker"] / n - 1 / 6) < 0.025
    assert abs(counts["chaos"] / n - 1 / 6) < 0.025
    assert abs(counts["blank"] / n - 4 / 6) < 0.025


def seeded_rolls(start: GameState, n: int) -> list[str]:
    """The faces of ``n`` successive special-action rolls from ``start``'s generator."""
    state = start
    out: list[str] = []
    for _ in range(n):
        result = apply(state, Roll(0))
        out.extend(str(e.data["result"]) for e in result.events if e.type == "die_rolled")
        state = dataclasses.replace(start, rng=result.state.rng)
    return out


def test_901_3a_rolls_come_from_the_seed() -> None:
    assert seeded_rolls(game_in_main(seed=4).state, 30) == seeded_rolls(game_in_main(seed=4).state, 30)
    assert len({tuple(seeded_rolls(game_in_main(seed=seed).state, 30)) for seed in range(6)}) == 6


# -- 901.9a-c: what each face does ----------------------------------------------------------------------------


def test_901_9a_blank_nothing_happens_and_the_active_player_gets_priority() -> None:
    game = game_in_main()
    face_up = game.state.face_up
    events = roll(game, "blank")
    assert [(e.type, e.rules) for e in events] == [
        ("die_rolled", ("901.9", "116.2i", "706.7")),
        ("blank", ("901.9a",)),
    ]
    assert events[0].data["result"] == "blank"
    state = game.state
    assert state.face_up == face_up
    assert state.stack == ()
    assert state.pending_triggers == ()
    assert state.effects == ()
    assert state.priority == 0
    assert [p.life for p in state.players] == [20, 20]


def test_901_9b_chaos_chaos_ensues_and_the_active_player_gets_priority() -> None:
    game = game_in_main()
    events = roll(game, "chaos")
    assert [(e.type, e.rules) for e in events] == [
        ("die_rolled", ("901.9", "116.2i", "706.7")),
        ("chaos_ensues", ("901.9b", "311.7")),
        ("ability_triggered", ("311.7",)),
        ("put_on_stack", ("603.3",)),
    ]
    assert events[2].data["card"] == "Tazeem"
    (item,) = game.state.stack
    assert item.kind is StackKind.TRIGGERED
    assert game.state.name_of(item.card or 0) == "Tazeem"
    assert item.controller == 0
    assert game.state.priority == 0


def test_901_9c_planeswalker_the_planeswalking_ability_triggers_and_goes_on_the_stack() -> None:
    game = game_in_main()
    events = roll(game, "planeswalker")
    assert [(e.type, e.rules) for e in events] == [
        ("die_rolled", ("901.9", "116.2i", "706.7")),
        ("ability_triggered", ("901.9c", "901.8")),
        ("put_on_stack", ("603.3",)),
    ]
    assert events[1].data["controller"] == 0
    (item,) = game.state.stack
    assert item.kind is StackKind.PLANESWALKING
    assert item.card is None  # 901.8: it has no source
    assert item.source is None
    assert item.controller == 0
    assert item.text == "Whenever you roll the Planeswalker symbol on the planar die, planeswalk."
    assert game.state.priority == 0
    assert [c["name"] for c in game.view()["face_up"]] == ["Tazeem"]  # nothing has happened yet


def test_901_8_the_planeswalking_ability_resolves_into_a_planeswalk() -> None:
    game = game_in_main()
    roll(game, "planeswalker")
    events = resolve_stack(game)
    assert [(e.type, e.rules) for e in events if e.type not in ("passed",)] == [
        ("resolves", ("608.2",)),
        ("planeswalk", ("901.8", "701.31")),
        ("planeswalked_away", ("701.31b", "901.7a")),
        ("planeswalked_to", ("901.8", "701.31", "901.11")),
    ]
    assert [e.data.get("card") for e in events if e.type.startswith("planeswalked")] == ["Tazeem", "The Eon Fog"]
    assert [game.state.name_of(fu.card) for fu in game.state.face_up] == ["The Eon Fog"]
    assert game.state.name_of(game.state.decks[0][-1]) == "Tazeem"
    assert game.state.priority == 0


def test_901_8_the_planeswalking_ability_is_controlled_by_whoever_rolled() -> None:
    game = game_in_main()
    game.act({"type": "pass", "player": 0})
    # Bob makes himself roll in Alice's turn: the ability is his, and only the planar controller may
    # planeswalk (701.31a), so it does nothing.
    game.force("planeswalker")
    game.act(Cast(player=1, label="roll effect", effect="roll"))
    events = resolve_stack(game)
    (triggered,) = [e for e in events if e.type == "ability_triggered"]
    assert triggered.rules == ("901.9c", "901.8")
    assert triggered.data["controller"] == 1
    (refusal,) = [e for e in events if e.type == "planeswalk_refused"]
    assert refusal.rules == ("701.31a",)
    assert "planeswalked_to" not in types(events)
    assert [game.state.name_of(fu.card) for fu in game.state.face_up] == ["Tazeem"]


# -- 706.7 / 901.9d: abilities that trigger on rolls -----------------------------------------------------------


def stairs_triggers(events: list[Event] | tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.type == "ability_triggered" and e.data.get("ability") == 1]


def test_706_7_stairs_to_infinity_triggers_on_a_special_action_roll() -> None:
    game = game_in_main("Stairs to Infinity")
    events = roll(game, "blank")
    (trigger,) = stairs_triggers(events)
    assert trigger.rules == ("706.7", "901.9d")
    assert trigger.data["card"] == "Stairs to Infinity"
    assert trigger.data["controller"] == 0
    (item,) = game.state.stack
    assert item.text == "Whenever you roll the planar die, draw a card."
    events2 = resolve_stack(game)
    (draw,) = [e for e in events2 if e.type == "instruction"]
    assert draw.data["instruction"] == "draw a card"
    assert draw.data["players"] == [0]


def test_706_7_stairs_to_infinity_triggers_on_an_effect_roll() -> None:
    game = game_in_main("Stairs to Infinity")
    events = effect_roll(game, "blank")
    assert len(stairs_triggers(events)) == 1
    assert game.state.rolls_taken == (0, 0)


@pytest.mark.parametrize("face", ["chaos", "planeswalker"])
def test_706_7_stairs_to_infinity_triggers_on_every_face(face: str) -> None:
    game = game_in_main("Stairs to Infinity")
    events = roll(game, face)
    assert len(stairs_triggers(events)) == 1


def test_901_9d_only_the_planar_controllers_rolls_trigger_you_roll_abilities() -> None:
    game = game_in_main("Stairs to Infinity")
    game.act({"type": "pass", "player": 0})
    events = effect_roll(game, "blank", seat=1)  # Bob rolls in Alice's turn
    assert [e.data["player"] for e in events if e.type == "die_rolled"] == [1]
    assert stairs_triggers(events) == []
    assert game.state.stack == ()


def test_901_9d_in_the_other_players_turn_their_rolls_trigger_it() -> None:
    game = game_in_main("Stairs to Infinity")
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    events = roll(game, "blank", player=1)
    (trigger,) = stairs_triggers(events)
    assert trigger.data["controller"] == 1


def pompeii_blank(events: list[Event] | tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.type == "ability_triggered" and e.data.get("card") == "Pompeii"]


def test_901_9a_pompeii_triggers_whenever_you_roll_a_blank() -> None:
    game = game_in_main("Pompeii")
    assert game.state.face_up[0].counters == (("eruption", 1),)  # its upkeep trigger
    events = roll(game, "blank")
    (trigger,) = pompeii_blank(events)
    assert trigger.data["ability"] == 1
    assert trigger.data["controller"] == 0
    assert "blank" in types(events)
    resolved = resolve_stack(game)
    (scry,) = [e for e in resolved if e.type == "instruction"]
    assert scry.data["instruction"] == "scry 2"
    assert game.state.face_up[0].counters == (("eruption", 2),)


def test_901_9a_pompeii_triggers_on_an_effects_blank_roll() -> None:
    game = game_in_main("Pompeii")
    events = effect_roll(game, "blank")
    assert len(pompeii_blank(events)) == 1


@pytest.mark.parametrize("face", ["chaos", "planeswalker"])
def test_901_9a_pompeii_does_not_trigger_on_other_faces(face: str) -> None:
    game = game_in_main("Pompeii")
    events = roll(game, face)
    assert [e.data["ability"] for e in pompeii_blank(events)] == ([2] if face == "chaos" else [])


def test_901_9a_pompeii_does_not_trigger_on_another_players_blank() -> None:
    game = game_in_main("Pompeii")
    game.act({"type": "pass", "player": 0})
    events = effect_roll(game, "blank", seat=1)
    assert pompeii_blank(events) == []
