"""The stack: the top object resolving (608), "end the turn" finishing (723.1), passing priority (117.3d, 117.4)."""

from __future__ import annotations

from dataclasses import replace

from ..core.context import DeciderLeft, Run
from ..core.queries import in_game, next_in_turn_order, priority_players, unit_of
from ..core.state import SKIP_EFFECTS, OtherEffect, StackItem, StackKind, Step
from ..core.turn_changes import (
    add_extra_turn,
    add_phases,
    add_skip,
    add_upkeep_step,
    end_the_turn,
    reverse_turn_order,
)
from ..planar.chaos import PLANESWALK_ROLL_IS_CHAOS, chaos_ensues, roll_planar_die
from ..planar.planeswalk import planeswalk
from .turns import give_priority, proceed, state_based_actions, trigger_label


def resolve_top(run: Run) -> None:
    """The top object of the stack resolves (608); then the active player receives priority (117.3b)."""
    s = run.s
    item = s.stack[-1]
    s.stack = s.stack[:-1]
    s.resolving = item  # shown while a choice it asks for is open
    run.emit("resolves", "608.2", f"Resolves: {trigger_label(run, item)}", item=item.id)
    try:
        if item.kind is StackKind.TRIGGERED:
            _resolve_planar_ability(run, item)
        elif item.kind is StackKind.PLANESWALKING:
            if any(e.kind == PLANESWALK_ROLL_IS_CHAOS and e.marker == s.focus for e in s.effects):
                run.emit(
                    "replaced", ("614.1a", "101.1"), "Fixed Point in Time: instead of planeswalking, chaos ensues."
                )
                chaos_ensues(run, cause="Fixed Point in Time")
            else:
                planeswalk(run, item.controller, rules=("901.8", "701.31"), cause="the planeswalking ability")
        else:
            _resolve_other(run, item)
    except DeciderLeft as left:
        # The player deciding for the resolving ability left the game: what they controlled ceases
        # to exist (800.4a), and the rest of the ability does nothing.
        run.emit(
            "ability_ceased",
            "800.4a",
            f"{run.name(left.player)} left the game: the rest of {trigger_label(run, item)} does nothing.",
            item=item.id,
        )
    s.revealed = ()
    s.resolving = None
    if run.ending_turn:
        run.ending_turn = False
        _end_the_turn(run)
        return
    give_priority(run, s.active)


def _end_the_turn(run: Run) -> None:
    """The rest of ending the turn (723.1c-723.1f), after the effect has emptied the stack: state-based
    actions are checked but no player gets priority and no trigger is put on the stack; the game skips
    straight to the cleanup step, where waiting triggers are put on the stack (723.1f)."""
    s = run.s
    while state_based_actions(run):
        if s.over:
            return
    skipped = [step.label for step in s.step_queue if step is not Step.CLEANUP]
    s.step_queue = (Step.CLEANUP,)
    s.priority = None
    s.passed = ()
    passed_over = f" (skipping the {', '.join(skipped)})" if skipped else ""
    run.emit(
        "turn_ends",
        ("723.1c", "723.1d", "723.1e"),
        f"The turn ends: the game skips to the cleanup step{passed_over}.",
        skipped=skipped,
    )
    proceed(run)


def _resolve_planar_ability(run: Run, item: StackItem) -> None:
    assert item.card is not None and item.ability is not None
    ability = run.catalog[run.card_name(item.card)].abilities[item.ability]
    if item.targets:
        legal = tuple(t for t in item.targets if not t.startswith("player:") or in_game(run.s, int(t.split(":")[1])))
        if not legal:
            run.emit("fizzles", "608.2b", "Its target is no longer legal: the ability doesn't resolve.", item=item.id)
            return
        if legal != item.targets:
            gone = [int(t.split(":")[1]) for t in item.targets if t not in legal]
            run.emit(
                "illegal_targets",
                "608.2b",
                f"{', '.join(run.name(seat) for seat in gone)} is no longer a legal target and is unaffected.",
                item=item.id,
                players=gone,
            )
            item = replace(item, targets=legal)
    if ability.condition is not None and not ability.condition.holds(run, item.source):
        run.emit(
            "condition_false",
            "603.4",
            f"It is no longer the case that {ability.condition.describe()}: the ability does nothing.",
            item=item.id,
        )
        return
    for effect in ability.effects:
        if run.s.over:
            return
        effect.apply(run, item)


def _resolve_other(run: Run, item: StackItem) -> None:
    s = run.s
    effect = item.effect
    who = run.name(item.controller)
    if effect is OtherEffect.CHAOS:
        chaos_ensues(run, cause=item.label)
    elif effect is OtherEffect.PLANESWALK:
        planeswalk(run, item.controller, cause=item.label)
    elif effect is OtherEffect.ROLL:
        roll_planar_die(run, item.controller, special_action=False)
    elif effect is OtherEffect.COUNTER:
        target = next((i for i in s.stack if i.id == item.target_item), None)
        if target is None:
            run.emit("fizzles", "608.2b", f"{item.label}: its target is gone; it doesn't resolve.", item=item.id)
            return
        s.stack = tuple(i for i in s.stack if i.id != target.id)
        run.emit(
            "countered", ("701.6a", "608.2c"), f"{item.label} counters {trigger_label(run, target)}.", item=target.id
        )
    elif effect is OtherEffect.COPY:
        target = next((i for i in s.stack if i.id == item.target_item), None)
        if target is None:
            run.emit("fizzles", "608.2b", f"{item.label}: its target is gone; it doesn't resolve.", item=item.id)
            return
        copy = replace(target, id=run.new_id(), controller=item.controller, is_copy=True)
        s.stack = (*s.stack, copy)
        run.emit(
            "copied",
            ("707.10", "608.2c"),
            f"{who} copies {trigger_label(run, target)}.",
            item=copy.id,
            original=target.id,
        )
    elif effect is OtherEffect.DEPLOY:
        teammate = int(item.targets[0].split(":")[1])
        if not in_game(s, teammate):  # 608.2b, 800.4b
            run.emit(
                "fizzles", ("608.2b", "800.4b"), f"{item.label}: its target has left; it doesn't resolve.", item=item.id
            )
            return
        run.emit(
            "deployed",
            ("804.2", "608.2c"),
            f"{run.name(teammate)} gains control of {item.label} (deployed by {who}).",
            item=item.id,
            player=item.controller,
            teammate=teammate,
            creature=item.label,
        )
    elif effect.changes_turn:
        _resolve_turn_effect(run, item)
    else:
        run.emit("resolved_other", "608.2", f"{item.label} resolves (the table carries it out).", item=item.id)


def _resolve_turn_effect(run: Run, item: StackItem) -> None:
    """What an ordinary card does to the turn structure, as the planar cards' own versions do it (608.2c)."""
    effect, label = item.effect, item.label
    if effect.names_player:
        seat = int(item.targets[0].split(":")[1]) if item.targets else item.controller
        if not in_game(run.s, seat):  # 608.2b: its target has left
            run.emit(
                "fizzles", ("608.2b", "800.4b"), f"{label}: its target has left; it doesn't resolve.", item=item.id
            )
            return
        if effect is OtherEffect.EXTRA_TURN:
            add_extra_turn(run, seat, label)
        else:
            add_skip(run, seat, SKIP_EFFECTS[effect], label)
    elif effect is OtherEffect.ADDITIONAL_COMBAT_AND_MAIN:
        add_phases(run, "combat_and_main", label)
    elif effect is OtherEffect.ADDITIONAL_COMBAT:
        add_phases(run, "combat", label)
    elif effect is OtherEffect.ADDITIONAL_BEGINNING:
        add_phases(run, "beginning", label)
    elif effect is OtherEffect.ADDITIONAL_UPKEEP:
        add_upkeep_step(run, label)
    elif effect is OtherEffect.END_TURN:
        end_the_turn(run, f"{label} (resolving)", label)
    else:
        reverse_turn_order(run, label)


def pass_priority(run: Run, seat: int) -> None:
    """``seat`` passes (117.3d). When all players in the game pass in succession, the top of the stack
    resolves, or the step ends if the stack is empty (117.4)."""
    s = run.s
    seat = unit_of(s, seat)  # 805.5b: a team passes
    s.passed = (*s.passed, seat)
    eligible = priority_players(s)  # 807.5a
    if set(eligible) <= set(s.passed):
        s.passed = ()
        if s.stack:
            resolve_top(run)
        else:
            run.emit("step_ended", "117.4", f"All players pass: the {s.step.label} ends.", step=s.step._value_)
            proceed(run)
        return
    nxt = next_in_turn_order(s, seat, include=eligible)
    s.priority = nxt
