"""The turn: steps, priority, state-based actions and putting triggers on the stack (the stack resolving is
:mod:`planechase.engine.stack`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards.model import CANT_LOSE_EFFECT, NO_MAXIMUM_HAND_SIZE_EFFECT, RuleChange, TargetKind, TriggerKind
from ..core.context import DeciderLeft, Run
from ..core.queries import (
    active_players,
    apnap,
    in_game,
    next_in_turn_order,
    priority_players,
    seats_in_game,
    table_of,
    unit_of,
)
from ..core.state import (
    COMBAT_PHASE,
    TURN_STEPS,
    DecisionKind,
    Duration,
    GameState,
    PlayerStatus,
    SkipKind,
    StackItem,
    Step,
)
from ..core.turn_changes import (
    take_skip,
)
from ..planar.planeswalk import end_effects, planeswalk
from ..planar.triggers import check_state_triggers, fire, source_is_waiting
from ..variants.seating import influence
from .leave import draw_game, leave_game, team_fate

_STEP_TRIGGER: dict[Step, TriggerKind] = {
    Step.UPKEEP: TriggerKind.UPKEEP,
    Step.DRAW: TriggerKind.DRAW_STEP,
    Step.PRECOMBAT_MAIN: TriggerKind.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT: TriggerKind.BEGINNING_OF_COMBAT,
    Step.POSTCOMBAT_MAIN: TriggerKind.POSTCOMBAT_MAIN,
    Step.END: TriggerKind.END_STEP,
}

#: Each step's name as a sentence begins.
_CAPITALIZED: dict[Step, str] = {step: step.label.capitalize() for step in Step}
#: Why a step's triggers trigger, as the log says it.
_BEGINNING_OF: dict[Step, str] = {step: f" (beginning of {step.label})" for step in Step}
#: The steps with "each player's" triggers, and what the log calls them (805.4d).
_EACH_PLAYERS: dict[Step, tuple[TriggerKind, str]] = {
    Step.UPKEEP: (TriggerKind.EACH_UPKEEP, "upkeep"),
    Step.END: (TriggerKind.EACH_END_STEP, "end step"),
}

#: A bound on automatic steps in one action, so that no loop of effects can hang the engine.
MAX_AUTOMATIC_STEPS = 10_000


# -- turns and steps ---------------------------------------------------------------------------


def begin_turn(run: Run) -> None:
    """Begin the next turn (500.1): an extra turn if one is waiting (500.7), else the normal turn of the
    next player in turn order who is in the game; that player becomes the planar controller (901.6). A
    turn its player is to skip doesn't happen (614.10): the one after it begins."""
    s = run.s
    if s.markers is not None:  # Grand Melee: the turn marker moves on (807.4c)
        from .melee import end_turn

        end_turn(run)
        return
    first = s.turn == 0
    for _ in range(MAX_AUTOMATIC_STEPS):
        extra: int | None = None
        while s.extra_turns:
            candidate, s.extra_turns = s.extra_turns[0], s.extra_turns[1:]
            if in_game(s, candidate):
                # 805.8: with shared team turns, a player's extra turn is their team's, taken under its
                # primary player (805.4, 805.2), who is the planar controller (901.12b).
                extra = unit_of(s, candidate)
                break
            run.emit(
                "turn_skipped",
                "800.4k",
                f"{run.name(candidate)} has left: that extra turn doesn't begin.",
                player=candidate,
                extra=True,
            )
        skipped: tuple[int, ...] = ()
        if extra is not None:
            nxt: int | None = extra
        elif first:
            nxt = s.starting_player
        else:
            # Normal turns follow the last normal turn, whatever extra turns came in between (500.7).
            nxt = next_in_turn_order(s, s.normal_turn)
            if nxt is not None:
                skipped = _left_between(run, s.normal_turn, nxt)
        if nxt is None:
            return
        if extra is None:
            s.normal_turn = nxt
        if skip_turn(run, nxt, extra=extra is not None):
            continue
        start_turn(run, nxt, extra=extra is not None, skipped=skipped)
        return
    raise RuntimeError("every turn was skipped")


def skip_turn(run: Run, seat: int, *, extra: bool) -> bool:
    """If ``seat`` (or their team, 805.8) is to skip their next turn, that turn doesn't happen (614.10):
    use up the skip (614.10a) and say so; return whether the turn is skipped."""
    skip = take_skip(run, unit_of(run.s, seat) if run.s.team_turns else seat, SkipKind.TURN)
    if skip is None:
        return False
    whose = f"{run.name(seat)}'s {'extra ' if extra else ''}turn"
    run.emit(
        "turn_skipped",
        ("614.10", "614.10a"),
        f"{whose} is skipped ({skip.source}).",
        player=seat,
        extra=extra,
    )
    return True


def start_turn(run: Run, nxt: int, *, extra: bool, skipped: tuple[int, ...] = ()) -> None:
    """``nxt`` begins a turn (500.1; an extra turn, 500.7): the planar controller becomes ``nxt`` (901.6),
    ranges of influence are determined (801.2c) and "until your next turn" effects end (611.2a)."""
    s = run.s
    if s.markers is not None:
        s.turns_begun += 1
        s.turn = s.turns_begun
    else:
        s.turn += 1
    s.active = nxt
    s.step = Step.UNTAP
    s.step_queue = TURN_STEPS[1:]
    s.priority = None
    s.passed = ()
    s.rolls_taken = tuple(0 for _ in s.players)
    s.rolls_made = tuple(0 for _ in s.players)
    if s.spells_cast or s.attacked or s.attacks is not None:
        s.spells_cast, s.attacked, s.attacks = (), (), None
    marker = f" (turn marker {s.focus})" if s.markers is not None else ""
    rules: tuple[str, ...] = ("500.7", "102.1") if extra else ("500.1", "102.1")
    if extra and s.team_turns:
        rules = ("500.7", "805.8", "102.1")  # the team takes the extra turn
    run.emit(
        "turn_began",
        (*rules, "807.4") if s.markers is not None else rules,
        f"Turn {s.turn}: {run.name(nxt)}'s {'extra ' if extra else ''}turn begins{marker}.",
        turn=s.turn,
        player=nxt,
        extra=extra,
    )
    if s.turn == 1 and (len(s.players) == 2 or s.team_turns):
        s.step_queue = tuple(step for step in s.step_queue if step is not Step.DRAW)
        who = " and ".join(run.name(seat) for seat in active_players(s))
        run.emit(
            "draw_step_skipped",
            "810.6" if s.team_turns else "103.8a",
            f"{who} {'play' if s.team_turns else 'plays'} first and skip the draw step of this turn."
            if s.team_turns
            else f"{who} plays first and skips the draw step of this turn.",
            player=nxt,
        )
    note_influence(run)
    if s.planar_controller != nxt and s.planechase:
        s.planar_controller = nxt
        if s.markers is not None:
            text = f"{run.name(nxt)} becomes the planar controller of turn marker {s.focus}'s planar cards."
            run.emit("planar_controller", ("901.6", "901.14"), text, player=nxt)
        else:
            run.emit("planar_controller", "901.6", f"{run.name(nxt)} becomes the planar controller.", player=nxt)
    # "Until your next turn" effects end as that player's turn begins (611.2a), or as the turn of a
    # player who left would have begun (800.4m).
    for seat, rules in ((nxt, ("611.2a",)), *((left, ("611.2a", "800.4m")) for left in skipped)):
        expired = [e for e in s.effects if e.duration is Duration.YOUR_NEXT_TURN and e.controller == seat]
        s.effects = tuple(e for e in s.effects if e not in expired)
        for e in expired:
            run.emit("effect_ended", rules, f"Effect ends: {e.text}", effect=e.id, kind=e.kind)
    skip_steps(run)


def note_influence(run: Run) -> None:
    """With the limited range of influence option, who is within whose range is determined as each
    turn begins (801.2c): players who left no longer count, and the circle closes."""
    s = run.s
    if not table_of(s).limited_range:
        return
    ranges = influence(table_of(s), seats_in_game(s))
    snapshot = tuple(ranges.get(seat, ()) for seat in range(len(s.players)))
    if snapshot == s.influence:
        return
    changed = s.influence != ()
    s.influence = snapshot
    if changed:
        run.emit(
            "range_of_influence",
            "801.2c",
            "Ranges of influence are determined again as the turn begins: "
            + "; ".join(
                f"{run.name(seat)} reaches {', '.join(run.name(o) for o in ranges[seat] if o != seat) or 'nobody else'}"
                for seat in seats_in_game(s)
            )
            + ".",
            influence={str(seat): list(ranges[seat]) for seat in seats_in_game(s)},
        )


def _left_between(run: Run, previous: int, nxt: int) -> tuple[int, ...]:
    """Seats of players who have left, passed over going from ``previous`` to ``nxt`` in turn order."""
    s = run.s
    n = len(s.players)
    out: list[int] = []
    seat = previous
    for _ in range(n):
        seat = (seat + s.direction) % n
        if seat == nxt:
            break
        if not in_game(s, seat):
            out.append(seat)
    return tuple(out)


def begin_step(run: Run) -> bool:
    """Do what happens as the current step begins; return whether a player receives priority."""
    s = run.s
    step = s.step
    # 805.4a: a team's turn is both players'; 807.4: in Grand Melee, name the turn marker too.
    whose = " and ".join(run.name(seat) for seat in active_players(s)) if s.team_turns else s.players[s.active].name
    marker = f", turn marker {s.focus}" if s.markers is not None else ""
    run.emit(
        "step_began",
        "500.1",
        f"{_CAPITALIZED[step]} ({whose}'s turn{marker}).",
        step=step._value_,
        turn=s.turn,
        player=s.active,
    )
    if step is Step.UNTAP:
        for seat in active_players(s):
            run.emit(
                "turn_based_action",
                "502.3",
                f"{run.name(seat)} untaps their permanents.",
                player=seat,
                instruction="untap",
            )
        return False  # 502.4: no player receives priority during the untap step
    if step is Step.DRAW:
        for seat in active_players(s):  # 805.4b: each player on the active team draws
            run.emit(
                "turn_based_action",
                ("504.1", "805.4b") if s.team_turns else "504.1",
                f"{run.name(seat)} draws a card.",
                player=seat,
                instruction="draw",
            )
    if step is Step.CLEANUP:
        for seat in active_players(s):
            no_maximum = RuleChange.NO_MAXIMUM_HAND_SIZE in rule_changes(run) or any(
                e.kind == NO_MAXIMUM_HAND_SIZE_EFFECT and unit_of(s, seat) == unit_of(s, e.controller)
                for e in s.effects
            )
            if not no_maximum:
                run.emit(
                    "turn_based_action",
                    "514.1",
                    f"{run.name(seat)} discards down to their maximum hand size.",
                    player=seat,
                    instruction="discard_to_hand_size",
                )
        end_effects(run, (Duration.END_OF_TURN, Duration.NEXT_SPELL_THIS_TURN), "514.2")
        acted = settle(run)
        if s.over:
            return False
        if acted:  # 514.3a: state-based actions or triggers in cleanup give priority, then another cleanup
            s.step_queue = (Step.CLEANUP, *s.step_queue)
            give_priority(run, s.active)
            return True
        return False  # 514.3: normally no player receives priority in the cleanup step
    if step is Step.BEGINNING_OF_COMBAT and s.attacks is not None:
        s.attacks = None  # a new combat: attackers are declared again (508.1)
    trigger = _STEP_TRIGGER.get(step)
    if trigger is not None:
        fire(run, trigger, rules=("603.2",), why=_BEGINNING_OF[step])
    # "Each player's" upkeep and end step: with shared team turns, once for each active player (805.4d).
    each = _EACH_PLAYERS.get(step)
    if each is not None:
        kind, what = each
        for seat in active_players(s) or (s.active,):
            rules = ("603.2", "805.4d") if s.team_turns else ("603.2",)
            fire(run, kind, rules=rules, why=f" ({run.name(seat)}'s {what})", subject=seat)
    if step is Step.UPKEEP and not s.first_upkeep_done:
        s.first_upkeep_done = True
        fire(run, TriggerKind.FIRST_UPKEEP_OF_GAME, rules=("603.2",), why=" (the first upkeep of the game)")
    if step is Step.END_OF_COMBAT:
        fire(run, TriggerKind.END_OF_COMBAT, rules=("603.2",), why=" (end of combat)")
    give_priority(run, s.active)
    return True


def next_step(run: Run) -> None:
    """End the current step and move to the next, starting a new turn after cleanup. A skipped step
    doesn't happen at all (614.10)."""
    s = run.s
    queue = s.step_queue
    if queue:
        s.step, s.step_queue = queue[0], queue[1:]
        if s.skips or s.step is Step.UNTAP:
            skip_steps(run)
    else:
        begin_turn(run)


#: The step each kind of skip is used up by, and how many steps of its phase go with it.
_SKIPPED_AT: dict[Step, SkipKind] = {
    Step.UNTAP: SkipKind.UNTAP_STEP,
    Step.UPKEEP: SkipKind.UPKEEP_STEP,
    Step.DRAW: SkipKind.DRAW_STEP,
    Step.BEGINNING_OF_COMBAT: SkipKind.COMBAT_PHASE,
}


def skip_steps(run: Run) -> None:
    """Steps and phases that are skipped don't happen at all (614.10): The Eon Fog's untap steps, and the
    next untap, upkeep or draw step or combat phase a player (or team, 805.8) is to skip (614.10a)."""
    s = run.s
    for _ in range(MAX_AUTOMATIC_STEPS):
        if not s.step_queue:
            return
        step = s.step
        if step is Step.UNTAP and RuleChange.SKIP_UNTAP_STEPS in rule_changes(run):
            run.emit(
                "step_skipped",
                ("614.10", "101.1"),
                "Players skip their untap steps: the untap step is skipped.",
                step=s.step.value,
            )
            s.step, s.step_queue = s.step_queue[0], s.step_queue[1:]
            continue
        kind = _SKIPPED_AT.get(step)
        skip = None if kind is None or not s.skips else take_skip(run, unit_of(s, s.active), kind)
        if skip is None:
            return
        whose = " and ".join(run.name(seat) for seat in active_players(s)) if s.team_turns else run.name(s.active)
        if kind is SkipKind.COMBAT_PHASE:
            # The whole combat phase: its steps up to its end of combat step.
            rest = s.step_queue
            count = next((i + 1 for i, x in enumerate(rest) if x is Step.END_OF_COMBAT), 0)
            s.step_queue = rest[count:]
            run.emit(
                "step_skipped",
                ("614.10", "614.10a"),
                f"{whose} skips the combat phase ({skip.source}).",
                step=step.value,
                steps=[x.value for x in (step, *rest[:count]) if x in COMBAT_PHASE],
                player=s.active,
            )
        else:
            run.emit(
                "step_skipped",
                ("614.10", "614.10a"),
                f"{whose} skips the {step.label} ({skip.source}).",
                step=step.value,
                player=s.active,
            )
        if not s.step_queue:
            begin_turn(run)
            return
        s.step, s.step_queue = s.step_queue[0], s.step_queue[1:]
    raise RuntimeError("steps kept being skipped")


def rule_changes(run: Run) -> set[RuleChange]:
    """The rule-changing static abilities of the face-up planar cards (901.7)."""
    out: set[RuleChange] = set()
    for fu in run.s.face_up:
        for ability in run.catalog[run.card_name(fu.card)].abilities:
            if ability.rule_change is not None:
                out.add(ability.rule_change)
    return out


def proceed(run: Run) -> None:
    """The current step ends; run the following steps until a player receives priority."""
    s = run.s
    for _ in range(MAX_AUTOMATIC_STEPS):
        if s.over:
            return
        focus, turn = s.focus, s.turn
        next_step(run)
        if s.markers is not None and (s.focus != focus or s.turn != turn):
            return  # Grand Melee: the turn ended and the marker moved on; any new turn has begun (807.4c)
        if begin_step(run):
            return
    raise RuntimeError("the turn did not reach a point where a player receives priority")


# -- priority, state-based actions and triggers ---------------------------------------------------


def give_priority(run: Run, seat: int) -> None:
    """``seat`` would receive priority: first state-based actions and triggers (117.5), then priority;
    if ``seat`` has left, the next player in turn order receives it (800.4j)."""
    s = run.s
    settle(run)
    if s.over:
        return
    if s.team_turns:
        seat = unit_of(s, seat)  # 805.5: teams have priority; the primary player holds it for the team
    # 807.5a: in Grand Melee, only players near this stack
    eligible = priority_players(s) if s.markers is not None or s.team_turns else seats_in_game(s)
    target: int | None = seat if seat in eligible else next_in_turn_order(s, seat, include=eligible)
    s.priority = target
    s.passed = ()
    if run.priority_moved:
        note_priority(run)


def note_priority(run: Run) -> None:
    """Say who received priority after a player left (800.4j), once state-based actions and triggers are
    done (117.5)."""
    run.priority_moved = False
    s = run.s
    if s.priority is not None and not s.over:
        run.emit("priority", ("800.4j", "117.5"), f"{run.name(s.priority)} receives priority.", player=s.priority)


def settle(run: Run) -> bool:
    """Perform state-based actions and put waiting triggers on the stack until neither changes anything
    (117.5, 704.3, 603.3); return whether anything was done."""
    s = run.s
    if _still_settled(run):
        return False
    anything = False
    for _ in range(MAX_AUTOMATIC_STEPS):
        if s.over:
            return anything
        acted = state_based_actions(run)
        acted = check_state_triggers(run) or acted
        if s.over:
            return True
        if s.pending_triggers:
            put_triggers_on_stack(run)
            acted = True
        if not acted:
            # Remember what this check looked at: until one of these changes, it would find nothing again.
            s.__dict__["_settled"] = (
                s.players,
                s.face_up,
                s.stack,
                s.pending_triggers,
                s.effects,
                s.cards,
                s.planar_controller,
                run.catalog,
            )
            return anything
        anything = True
    raise RuntimeError("state-based actions did not settle")


def _still_settled(run: Run) -> bool:
    """Whether nothing that state-based actions and state triggers look at (704.3, 603.8) changed since a
    check found nothing to do: the same players, face-up cards, stack, waiting triggers, effects, cards,
    planar controller and catalog. (Each is an immutable value, so the same object means the same value.)"""
    s = run.s
    seen = s.__dict__.get("_settled")
    return (
        seen is not None
        and seen[0] is s.players
        and seen[1] is s.face_up
        and seen[2] is s.stack
        and seen[3] is s.pending_triggers
        and seen[4] is s.effects
        and seen[5] is s.cards
        and seen[6] == s.planar_controller
        and seen[7] is run.catalog
        and not s.over
    )


def state_based_actions(run: Run) -> bool:
    """704.5a, 704.5c and 704.6f, performed simultaneously; returns whether any was performed."""
    s = run.s
    # Celestine Reef (101.1); 810.8a: if a player can't lose, neither can their team.
    limit = poison_limit(s)
    losers = [p.seat for p in s.players if (p.life <= 0 or p.poison >= limit) and p.status is PlayerStatus.IN_GAME]
    if losers and s.effects:
        cant_lose = {unit_of(s, e.controller) for e in s.effects if e.kind == CANT_LOSE_EFFECT}
        losers = [seat for seat in losers if unit_of(s, seat) not in cant_lose]
    planes, cards = run.catalog.planes, s.cards
    phenomena = [
        fu for fu in s.face_up if cards[fu.card].name not in planes and not source_is_waiting(run, fu.object_id)
    ]
    if not losers and not phenomena:
        return False
    if losers:
        # 704.5a, 704.5c; a Two-Headed Giant team loses together (810.8c, 810.8d).
        rules = ("810.8c", "810.8d") if s.team_turns else ("704.5a", "704.5c")
        by_seat = {seat: (rules[0] if s.players[seat].life <= 0 else rules[1], "800.4a") for seat in losers}
        for seat in losers:
            p = s.players[seat]
            why = f"{p.life} life" if p.life <= 0 else f"{p.poison} poison counters"
            whose = f"{p.name}'s team has" if s.team_turns else f"{p.name} has"
            run.emit("state_based_action", by_seat[seat][0], f"{whose} {why} and loses the game.", player=seat)
        if set(losers) | set(team_fate(s, losers)) >= set(seats_in_game(s)):
            draw_game(run, losers)
            return True
        leave_game(
            run,
            losers,
            status=PlayerStatus.LOST,
            rules=("704.5a", "800.4a"),
            reason="lost the game",
            rules_by_seat=by_seat,
        )
        if s.over:
            return True
    still_up = [fu for fu in phenomena if fu in s.face_up]
    if still_up and s.planar_controller is not None:
        names = ", ".join(run.card_name(fu.card) for fu in still_up)
        run.emit(
            "state_based_action",
            ("704.6f", "312.7"),
            f"{names} is face up with no ability waiting: {run.name(s.planar_controller)} planeswalks.",
            cards=[run.card_name(fu.card) for fu in still_up],
        )
        planeswalk(run, s.planar_controller, rules=("704.6f", "701.31"), cause="state-based action")
    return True


def poison_limit(state: GameState) -> int:
    """Poison counters that make a player lose: 10 (704.5c); a Two-Headed Giant team's 15, plus 5 for
    each player beyond the second (810.8d, 810.11)."""
    if not state.team_turns:
        return 10
    return 15 + 5 * ((table_of(state).team_size or 2) - 2)


def put_triggers_on_stack(run: Run) -> None:
    """Put waiting triggered abilities on the stack: in APNAP order, each player ordering their own
    (603.3b), choosing targets as they go (603.3d)."""
    s = run.s
    waiting = s.pending_triggers
    s.pending_triggers = ()
    for seat in apnap(s):
        if not in_game(s, seat):  # 800.4d: it left while an earlier player ordered their triggers
            continue
        mine = [t for t in waiting if t.controller == seat]
        ordered: list[StackItem] = []
        try:
            while len(mine) > 1:
                options = [(f"trigger:{t.id}", trigger_label(run, t)) for t in mine]
                answer = run.decide(
                    DecisionKind.ORDER_TRIGGERS,
                    seat,
                    "Several abilities triggered: choose the one to put on the stack next "
                    "(the last one put on the stack resolves first)",
                    options,
                    "603.3b",
                )
                chosen = next(t for t in mine if f"trigger:{t.id}" == answer)
                mine.remove(chosen)
                ordered.append(chosen)
        except DeciderLeft:
            _ceased(run, (*ordered, *mine))
            continue
        ordered.extend(mine)
        for waiting_item in ordered:
            try:
                item = _choose_targets(run, waiting_item)
            except DeciderLeft:
                _ceased(run, ordered[ordered.index(waiting_item) :])
                break
            if item is None:
                continue
            s.stack = (*s.stack, item)
            run.emit(
                "put_on_stack",
                "603.3",
                f"Put on the stack: {trigger_label(run, item)}",
                item=item.id,
                controller=item.controller,
            )


def _ceased(run: Run, items: Sequence[StackItem]) -> None:
    """Abilities whose controller left the game while they were being put on the stack (800.4d)."""
    for item in items:
        run.emit("ability_ceased", ("800.4a", "800.4d"), f"{trigger_label(run, item)} ceases to exist.", item=item.id)


def trigger_label(run: Run, item: StackItem) -> str:
    if item.card is None:
        return item.label or item.text
    return f"{run.card_name(item.card)}: {item.text}"


def _choose_targets(run: Run, item: StackItem) -> StackItem | None:
    """Choose the targets of a triggered ability as it is put on the stack (603.3d). With no legal
    choice for a required target, the ability is removed from the stack."""
    if item.card is None or item.ability is None:
        return item
    ability = run.catalog[run.card_name(item.card)].abilities[item.ability]
    kind = ability.target
    if kind is None:
        return item
    s = run.s
    label = trigger_label(run, item)
    near = s.planar_reach(item.controller)  # 901.13, 801.4: in Grand Melee, only players within range
    players = [seat for seat in apnap(s) if seat in near]
    if kind is TargetKind.OPPONENT:
        players = [seat for seat in players if table_of(s).are_opponents(item.controller, seat)]
    if kind is TargetKind.PLAYER_AT_RANDOM:
        if not players:
            return _no_target(run, item)
        seat = run.random_seat(players)
        run.emit(
            "selected_at_random",
            ("115.1", "603.3d"),
            f"{run.name(seat)} is selected at random as the target of {label}.",
            player=seat,
            item=item.id,
            card=run.card_name(item.card),
            chance=f"seat:{seat}",
        )
        return replace(item, targets=(f"player:{seat}",))
    options = [(f"player:{seat}", run.name(seat)) for seat in players]
    if kind is TargetKind.PLAYER_OR_PLANESWALKER:
        options.append(("planeswalker", "A planeswalker (the table tracks it)"))
    if kind is TargetKind.ANY:
        options.append(("permanent", "A creature, planeswalker or battle (the table tracks it)"))
    if kind in (TargetKind.ANY_NUMBER_OF_PLAYERS, TargetKind.TWO_PLAYERS):
        return _choose_players(run, item, options, exactly=2 if kind is TargetKind.TWO_PLAYERS else None)
    if not options:
        return _no_target(run, item)
    answer = run.decide(DecisionKind.CHOOSE_TARGET, item.controller, f"Choose a target for {label}", options, "603.3d")
    return replace(item, targets=(answer,))


def _choose_players(
    run: Run, item: StackItem, options: list[tuple[str, str]], *, exactly: int | None
) -> StackItem | None:
    """Several target players, one decision each: "any number of" them (zero or more, until done) or
    ``exactly`` so many different ones (115.3: one player can't be chosen twice for one "target")."""
    if exactly is not None and len(options) < exactly:
        return _no_target(run, item)
    chosen: list[str] = []
    label = trigger_label(run, item)
    while len(chosen) < (exactly if exactly is not None else len(options)):
        left = [o for o in options if o[0] not in chosen]
        extra = [] if exactly is not None else [("done", "No more targets")]
        count = f" ({len(chosen) + 1} of {exactly})" if exactly is not None else ""
        answer = run.decide(
            DecisionKind.CHOOSE_TARGET,
            item.controller,
            f"Choose a target player for {label}{count}",
            [*left, *extra],
            "603.3d",
        )
        if answer == "done":
            break
        chosen.append(answer)
    return replace(item, targets=tuple(chosen))


def _no_target(run: Run, item: StackItem) -> StackItem | None:
    run.emit("removed_from_stack", "603.3d", "No legal target: the ability is removed.", item=item.id)
    return None
