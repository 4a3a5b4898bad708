"""Changes that cards make to the turn structure, the same whether a planar card's ability makes them or
an ordinary card the table reports (a ``cast`` with a turn effect, :class:`~planechase.core.state.OtherEffect`):
extra turns (500.7), additional phases and steps (500.8, 500.9), skipped turns, steps and phases (614.10),
ending the turn (723.1) and reversing the turn order.

Each function changes ``run.s`` and emits the event that says so; ``source`` names what did it (a planar
card's name, or the label of the spell or ability the table cast).

>>> from planechase import demo_config, new_game
>>> from planechase.core.context import Run
>>> state = new_game(demo_config(seed=1)).state
>>> run = Run(state.copy(), state.catalog)
>>> add_skip(run, 1, SkipKind.TURN, "Eater of Days")
>>> run.events[-1].text
'Eater of Days: Bob will skip their next turn.'
"""

from __future__ import annotations

from .context import Run
from .queries import team, unit_of
from .state import BEGINNING_PHASE, COMBAT_PHASE, TURN_STEPS, Skip, SkipKind, Step

#: The phase each step belongs to (500.1): beginning, precombat main, combat, postcombat main, ending.
_PHASE_OF: dict[Step, int] = {
    **dict.fromkeys(BEGINNING_PHASE, 0),
    Step.PRECOMBAT_MAIN: 1,
    **dict.fromkeys(COMBAT_PHASE, 2),
    Step.POSTCOMBAT_MAIN: 3,
    Step.END: 4,
    Step.CLEANUP: 4,
}
_ORDER: dict[Step, int] = {step: index for index, step in enumerate(TURN_STEPS)}


def after_this_phase(steps: tuple[Step, ...], current: Step) -> int:
    """How many of the coming ``steps`` still belong to the phase ``current`` is in: a phase added "after
    this phase" goes after them (500.8). The steps of one phase come in their order; a step of the same
    phase that does not come later (an additional combat phase after this one) starts a new phase.

    >>> after_this_phase((Step.COMBAT_DAMAGE, Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN), Step.DECLARE_BLOCKERS)
    2
    >>> after_this_phase((Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS), Step.PRECOMBAT_MAIN)
    0
    """
    phase, previous, count = _PHASE_OF[current], _ORDER[current], 0
    for step in steps:
        if _PHASE_OF[step] != phase or _ORDER[step] <= previous:
            break
        previous = _ORDER[step]
        count += 1
    return count


def add_extra_turn(run: Run, seat: int, source: str | None = None) -> None:
    """``seat`` takes an extra turn after this one (500.7); the most recently created is taken first. With
    shared team turns, the player's team takes it (805.8), recorded under its primary player (805.2), who
    is the planar controller (901.12b)."""
    s = run.s
    said = f"{source}: " if source else ""
    if not s.team_turns:
        s.extra_turns = (seat, *s.extra_turns)
        run.emit("extra_turn", "500.7", f"{said}{run.name(seat)} will take an extra turn after this one.", player=seat)
        return
    primary = unit_of(s, seat)
    members = team(s, primary)
    s.extra_turns = (primary, *s.extra_turns)
    run.emit(
        "extra_turn",
        ("500.7", "805.8"),
        f"{said}{run.name(seat)}'s team ({' and '.join(run.name(m) for m in members)}) will take an extra turn "
        "after this one.",
        player=seat,
        team=list(members),
    )


def add_phases(run: Run, kind: str, source: str) -> None:
    """Add phases after this phase (500.8), the most recent first: ``beginning`` (a beginning phase),
    ``combat`` (a combat phase) or ``combat_and_main`` (a combat phase followed by a main phase, which is a
    postcombat main phase, 505.1a; only "after this main phase", so only in a main phase)."""
    s = run.s
    if kind == "beginning":
        added: tuple[Step, ...] = BEGINNING_PHASE
        text = "an additional beginning phase"
    elif kind == "combat":
        added = COMBAT_PHASE
        text = "an additional combat phase"
    else:
        if not s.step.is_main:
            run.emit("no_extra_phase", "500.8", "It is not a main phase: no additional combat phase.")
            return
        added = (*COMBAT_PHASE, Step.POSTCOMBAT_MAIN)
        text = "an additional combat phase followed by an additional main phase"
    at = after_this_phase(s.step_queue, s.step)
    s.step_queue = (*s.step_queue[:at], *added, *s.step_queue[at:])
    run.emit(
        "phases_added",
        "500.8",
        f"{source}: there is {text} after this phase.",
        steps=[x.value for x in added],
    )


def add_upkeep_step(run: Run, source: str) -> None:
    """An additional upkeep step directly after this step (500.9)."""
    s = run.s
    s.step_queue = (Step.UPKEEP, *s.step_queue)
    run.emit(
        "phases_added", "500.9", f"{source}: there is an additional upkeep step after this step.", steps=["upkeep"]
    )


def reverse_turn_order(run: Run, source: str) -> None:
    """Reverse the game's turn order (the card's instruction, 101.1)."""
    run.s.direction = -run.s.direction
    way = "clockwise" if run.s.direction > 0 else "counterclockwise"
    run.emit(
        "turn_order_reversed",
        ("101.1", "608.2c"),
        f"{source}: the turn order is reversed (now {way}).",
        direction=run.s.direction,
    )


def end_the_turn(run: Run, resolving: str, source: str) -> None:
    """ "End the turn" (723.1): waiting triggered abilities cease to exist (723.1a); every object on the stack
    is exiled, with ``resolving``, the one doing it (723.1b); once it has finished resolving, state-based
    actions are checked and the game skips to the cleanup step (723.1c-723.1f), which the engine does as
    the resolution ends (``run.ending_turn``)."""
    s = run.s
    for waiting in s.pending_triggers:
        run.emit("ability_ceased", "723.1a", f"{waiting.text} ceases to exist: the turn is ending.", item=waiting.id)
    s.pending_triggers = ()
    exiled = [resolving] + [stacked.label or stacked.text for stacked in reversed(s.stack)]
    s.stack = ()
    run.emit(
        "turn_ending",
        ("723.1", "723.1b"),
        f"{source}: the turn ends. Exiled from the stack: {'; '.join(exiled)}.",
        exiled=exiled,
    )
    run.ending_turn = True


def add_skip(run: Run, seat: int, kind: SkipKind, source: str) -> None:
    """``seat`` will skip their next ``kind`` (614.10): the next occurrence that isn't skipped anyway, one
    occurrence for each effect (614.10a). With shared team turns, the team skips it (805.8)."""
    s = run.s
    who = unit_of(s, seat) if s.team_turns else seat
    s.skips = (*s.skips, Skip(who, kind, source))
    whose = f"{run.name(seat)}'s team" if s.team_turns else run.name(seat)
    rules = ("614.10", "805.8") if s.team_turns else ("614.10",)
    run.emit(
        "skip_added",
        rules,
        f"{source}: {whose} will skip their next {kind.label}.",
        player=seat,
        skip=kind.value,
    )


def take_skip(run: Run, seat: int, kind: SkipKind) -> Skip | None:
    """If ``seat`` (the active player, or the active team's primary player) is to skip their next ``kind``,
    use up that skip and return it (614.10a: one effect is satisfied by one skipped occurrence)."""
    s = run.s
    for index, skip in enumerate(s.skips):
        if skip.seat == seat and skip.kind is kind:
            s.skips = (*s.skips[:index], *s.skips[index + 1 :])
            return skip
    return None
