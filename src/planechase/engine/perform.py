"""Carrying out an action: each kind of action has its own function, chosen by the action's type.

The reducer (:func:`planechase.engine.reducer.apply`) checks the action, then calls :func:`perform` on a
copy of the state; everything here changes ``run.s`` and emits the events, citing the rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..cards.model import TriggerKind
from ..core.actions import (
    NEXT_TURN,
    TRACKED_CARDS,
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Attack,
    Cast,
    Concede,
    Deploy,
    Lose,
    Pass,
    Report,
    Resolve,
    Roll,
    TrackPermanent,
    kind_of_action,
)
from ..core.context import Cancelled, DeciderLeft, Run
from ..core.queries import next_in_turn_order, priority_players, team
from ..core.state import (
    DecisionKind,
    Duration,
    OtherEffect,
    PlayerStatus,
    StackItem,
    StackKind,
    Step,
    TrackedPermanent,
)
from ..planar.chaos import roll_planar_die
from ..planar.triggers import fire, listening, trigger_ability
from .leave import leave_game
from .stack import pass_priority, resolve_top
from .turns import MAX_AUTOMATIC_STEPS, give_priority, proceed, settle


def perform(run: Run, action: Action) -> None:
    """Carry out ``action`` (already checked by :func:`~planechase.engine.legality.check_action`) on ``run``."""
    performer = _PERFORMERS.get(type(action))
    if performer is None:  # a subclass of an action class
        performer = _PERFORMERS[kind_of_action(action)]
    performer(run, action)


def perform_leaves(run: Run, leaves: tuple[str, ...]) -> None:
    """Concessions made while a decision was open, replayed on their own when the action they interrupted
    was cancelled (104.3a): each is ``leave:<how>:<seat>:<reason>``."""
    s = run.s
    for leave in leaves:
        replay_leave(run, str(leave))
    if not s.over and s.priority is not None:
        give_priority(run, s.priority)


def replay_leave(run: Run, answer: str) -> None:
    """Carry out a concession (or a loss the table reported) recorded as ``leave:<how>:<seat>:<reason>``
    (104.3a). The reducer hands this to every :class:`~planechase.core.context.Run` it makes, which calls
    it for concessions made while a decision was open."""
    _, how, who, reason = answer.split(":", 3)
    rule = "104.3a" if how == "concede" else "104.3"
    leave_game(run, (int(who),), status=PlayerStatus.LOST, rules=(rule, "800.4a"), reason=reason)


def _pass(run: Run, action: Pass) -> None:
    seat = action.player
    run.emit("passed", "117.3d", f"{run.name(seat)} passes.", player=seat)
    pass_priority(run, seat)


def _resolve(run: Run, action: Resolve) -> None:
    seat = action.player
    run.emit("all_passed", "117.4", f"{run.name(seat)} resolves the top of the stack: all players pass.", player=seat)
    run.s.passed = ()
    resolve_top(run)


def _leave(run: Run, action: Concede | Lose) -> None:
    s = run.s
    if isinstance(action, Concede):
        rule, reason = "104.3a", "concedes"
    else:
        rule, reason = "104.3", str("lost" if action.reason is None else action.reason)
    leave_game(run, (action.player,), status=PlayerStatus.LOST, rules=(rule, "800.4a"), reason=reason)
    if not s.over and s.priority is not None:
        give_priority(run, s.priority)


def _adjust(run: Run, action: AdjustLife | AdjustPoison) -> None:
    """A life total (119.3) or poison count (122.1) the table changes; a Two-Headed Giant team shares both
    (810.9, 810.10)."""
    s = run.s
    seat = action.player
    kind = action.type
    player = s.players[seat]
    amount = int(action.amount)
    members = team(s, seat) if s.team_turns else (seat,)
    for member in members:
        other = s.players[member]
        if kind == "life":
            run.set_player(replace(other, life=other.life + amount))
        else:
            run.set_player(replace(other, poison=max(0, other.poison + amount)))
    new = s.players[seat]
    whose = f"{player.name}'s team's" if len(members) > 1 else f"{player.name}'s"
    if kind == "life":
        text = f"{whose} life total changes by {amount:+d} (now {new.life})."
        rules: tuple[str, ...] = ("119.3", "810.9") if len(members) > 1 else ("119.3",)
    else:
        text = f"{whose} poison counters change by {amount:+d} (now {new.poison})."
        rules = ("122.1", "810.10") if len(members) > 1 else ("122.1",)
    shared = {"players": list(members)} if len(members) > 1 else {}
    run.emit(f"{kind}_adjusted", rules, text, player=seat, delta=amount, **shared)
    _keep_priority(run)  # bookkeeping is not a player's action


def _roll(run: Run, action: Roll) -> None:
    s = run.s
    seat = action.player
    cost = s.roll_cost(seat)
    if cost:
        try:
            answer = run.decide(
                DecisionKind.PAY_ROLL_COST,
                seat,
                f"Rolling the planar die again costs {{{cost}}} ({cost} mana). Pay it?",
                (("pay", f"Pay {cost} mana and roll"), ("cancel", "Don't roll")),
                "901.9",
            )
        except DeciderLeft:  # 800.4f: a cost a player who left would pay is not paid; nothing is rolled
            if s.priority is not None:
                give_priority(run, s.priority)
            return
        if answer == "cancel":
            raise Cancelled
        run.emit(
            "cost_paid", ("901.9", "116.2i"), f"{run.name(seat)} pays {cost} mana to roll.", player=seat, cost=cost
        )
    roll_planar_die(run, seat, special_action=True)
    give_priority(run, s.active)


def _advance(run: Run, action: Advance) -> None:
    s = run.s
    seat = action.player
    to = NEXT_TURN if action.to is None else action.to
    start_turn, focus = s.turn, s.focus
    target = None if to == NEXT_TURN else Step(to)
    where = "the next turn" if target is None else f"the {target.label}"
    run.emit("advance", "117.4", f"{run.name(seat)} moves on to {where}: all players pass.", player=seat, to=to)
    for _ in range(MAX_AUTOMATIC_STEPS):
        s.passed = ()
        proceed(run)
        if s.over or s.stack:
            return
        if (target is None and s.turn != start_turn) or s.focus != focus or not s.taking_turn:
            return
        if target is not None and s.step is target:
            return
    raise RuntimeError("advance did not reach its target")


def _cast(run: Run, action: Cast) -> None:
    s = run.s
    seat = action.player
    effect = OtherEffect.NONE if action.effect is None else _EFFECTS.get(action.effect) or OtherEffect(action.effect)
    label = str(action.label or "a spell or ability")
    spell = True if action.spell is None else bool(action.spell)
    types = "" if action.types is None else " ".join(str(action.types).split())
    item = StackItem(
        id=run.new_id(),
        kind=StackKind.OTHER,
        controller=seat,
        text=label,
        label=label,
        effect=effect,
        target_item=action.target,
        spell=spell,
        spell_types=types,
        targets=() if action.target_player is None else (f"player:{action.target_player}",),
    )
    s.stack = (*s.stack, item)
    said = [types] if types and spell else []
    if effect is not OtherEffect.NONE:
        whom = "" if action.target_player is None else f" for {run.name(action.target_player)}"
        said.append(effect._value_.replace("_", " ") + whom)
    what = f" ({'; '.join(said)})" if said else ""
    run.emit(
        "cast",
        ("601.2", "117.3c") if spell else ("602.2", "117.3c"),
        f"{run.name(seat)} casts {label}{what}." if spell else f"{run.name(seat)} puts {label}{what} on the stack.",
        player=seat,
        item=item.id,
        label=label,
        effect=effect._value_,
        target=item.target_item,
        spell=spell,
        types=types,
        **({} if action.target_player is None else {"target_player": action.target_player}),
    )
    if spell:
        if seat not in s.spells_cast:
            s.spells_cast = (*s.spells_cast, seat)
        used = [
            e
            for e in s.effects
            if e.duration is Duration.NEXT_SPELL_THIS_TURN and e.controller == seat and e.marker == s.focus
        ]
        if used:
            s.effects = tuple(e for e in s.effects if e not in used)
        for e in used:
            run.emit("effect_used", ("611.2a", "601.2"), f"{label}: {e.text}", effect=e.id, kind=e.kind, item=item.id)
    if spell and listening(run, TriggerKind.SPELL_CAST):
        words = frozenset(re.split(r"[\s,;/]+", types.lower())) - {""}
        fire(
            run,
            TriggerKind.SPELL_CAST,
            rules=("603.2", "601.2i"),
            why=f" ({run.name(seat)} casts {label})",
            subject=seat,
            subject_item=item.id,
            spell_words=words,
        )
    give_priority(run, seat)


def _deploy(run: Run, action: Deploy) -> None:
    """804.2: the creature's deploy ability is activated (602.2) and goes on the stack, targeting the
    teammate (115.1); it resolves like any other ability."""
    s = run.s
    seat, teammate = action.player, int(action.teammate)
    creature = str("a creature" if action.creature is None else action.creature).strip()
    item = StackItem(
        id=run.new_id(),
        kind=StackKind.OTHER,
        controller=seat,
        text=f"{creature}: target teammate gains control of this creature",
        label=creature,
        effect=OtherEffect.DEPLOY,
        targets=(f"player:{teammate}",),
    )
    s.stack = (*s.stack, item)
    run.emit(
        "deploy",
        ("804.2", "602.2"),
        f"{run.name(seat)} activates {creature}'s deploy ability, targeting {run.name(teammate)}.",
        player=seat,
        teammate=teammate,
        creature=creature,
        item=item.id,
    )
    give_priority(run, seat)


def _report(run: Run, action: Report) -> None:
    """The table reports an event the engine does not track: the face-up card's ability triggers (603.2)
    with the reporting player as "that player", and goes on the stack the next time a player would
    receive priority (603.3)."""
    s = run.s
    seat, source, index = action.player, int(action.source), int(action.ability)
    fu = s.face_up_object(source)
    assert fu is not None  # checked by check_action
    run.emit(
        "reported",
        "603.2",
        f"{run.name(seat)} reports: {run.catalog[run.card_name(fu.card)].abilities[index].text}",
        player=seat,
        source=source,
        ability=index,
        card=run.card_name(fu.card),
    )
    trigger_ability(run, fu.card, index, source=fu.object_id, counters=fu.counters, subject=seat)
    holder = s.priority if s.priority is not None else s.active
    give_priority(run, holder)


def _attack(run: Run, action: Attack) -> None:
    """Attackers are declared (508.1; with shared team turns, the team's one combined attack, 805.10b):
    what the table declared is recorded for the planar cards that ask (Prahv). With no attackers, the
    declare blockers and combat damage steps are skipped (508.8). Then the active player receives
    priority (508.2)."""
    s = run.s
    pairs = action.attacks
    s.attacks = pairs
    attackers = tuple(dict.fromkeys(a for a, _ in pairs))
    s.attacked = (*s.attacked, *(a for a in attackers if a not in s.attacked))
    rules: tuple[str, ...] = ("508.1", "805.10b") if s.team_turns else ("508.1",)
    if not pairs:
        s.step_queue = _without_blocks_and_damage(s.step_queue)
        run.emit(
            "attackers_declared",
            (*rules, "508.8"),
            f"{run.name(action.player)} declares no attackers: the declare blockers and combat damage steps "
            "are skipped.",
            player=action.player,
            attacks=[],
        )
    else:
        by_attacker = {a: [run.name(d) for x, d in pairs if x == a] for a in attackers}
        said = "; ".join(f"{run.name(a)}'s creatures attack {' and '.join(whom)}" for a, whom in by_attacker.items())
        run.emit(
            "attackers_declared",
            rules,
            f"Attackers are declared: {said}.",
            player=action.player,
            attacks=[list(pair) for pair in pairs],
        )
    give_priority(run, s.active)


def _without_blocks_and_damage(queue: tuple[Step, ...]) -> tuple[Step, ...]:
    """``queue`` without this combat's declare blockers and combat damage steps (508.8)."""
    out = list(queue)
    for step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE):
        # This combat's steps come before its end of combat step; a later combat's after it.
        end = out.index(Step.END_OF_COMBAT) if Step.END_OF_COMBAT in out else len(out)
        if step in out[:end]:
            out.remove(step)
    return tuple(out)


def _track_permanent(run: Run, action: TrackPermanent) -> None:
    """The table tells the engine about an ordinary permanent whose static ability changes the planar game
    (611.3a: it applies while the permanent is on the battlefield; 614.1a: a replacement effect)."""
    s = run.s
    seat, card = action.player, action.card
    if action.controls:
        s.permanents = (*s.permanents, TrackedPermanent(run.new_id(), seat, card))
        text = f"{run.name(seat)} controls {card}: {TRACKED_CARDS[card]}"
        run.emit("permanent_tracked", ("611.3a", "614.1a"), text, player=seat, card=card, controls=True)
    else:
        gone = next(p for p in s.permanents if p.controller == seat and p.card == card)
        s.permanents = tuple(p for p in s.permanents if p is not gone)
        text = f"{run.name(seat)} no longer controls {card}: its effect ends."
        run.emit("permanent_tracked", "611.3a", text, player=seat, card=card, controls=False)
    _keep_priority(run)


def _keep_priority(run: Run) -> None:
    """After the table's bookkeeping, passes in succession still count (117.4) unless state-based actions
    or triggers change the game (117.5)."""
    s = run.s
    if s.priority is not None:
        passed = s.passed
        changed = settle(run)
        if not s.over:
            near = priority_players(s)  # 800.4j, 807.5a
            holder = s.priority if s.priority in near else next_in_turn_order(s, s.priority, include=near)
            s.priority = holder
            s.passed = () if changed else passed


_EFFECTS: dict[str, OtherEffect] = {effect._value_: effect for effect in OtherEffect}

_PERFORMERS: dict[type[Any], Callable[[Run, Any], None]] = {
    Pass: _pass,
    Resolve: _resolve,
    Roll: _roll,
    Advance: _advance,
    Cast: _cast,
    Report: _report,
    Deploy: _deploy,
    Attack: _attack,
    TrackPermanent: _track_permanent,
    Concede: _leave,
    Lose: _leave,
    AdjustLife: _adjust,
    AdjustPoison: _adjust,
}
