"""Grand Melee: several turns at once, one stack per turn marker, a planar controller per marker (807.4,
807.5, 901.14).

Each turn marker has its own part of the game, a :class:`~planechase.core.state.MeleeTurn`: the turn
taken with it (active player, step, priority), its stack, and the face-up planar cards its planar
controller controls. The engine works on one marker at a time, its *focus*: that marker's part is kept in
:class:`~planechase.core.state.GameState`'s own fields, so the rules code for a single turn runs
unchanged; the other markers wait in ``GameState.melee``. Switching the focus moves the fields across and
changes nothing in the game.

Rulings this module makes where the rules are silent (each is documented in ``docs/variants/grand-melee.md``):

* Face-up planar cards travel with their turn marker: the player taking a turn with a marker is its planar
  controller (901.6, 901.14a), and planeswalking replaces only the cards that player controls (901.14,
  901.13 with 801.10: a planeswalk can't reach planar cards controlled by players out of range).
* When a turn marker is removed (807.4g), nobody controls its face-up planar cards any more: they go to the
  bottom of their owners' planar decks and nobody planeswalks, as 901.14b says for a departing planar
  controller.
* A planar ability triggers on events in its own marker's turn and stack (801.7, 807.5b), and affects and
  targets only players within its controller's range of influence (901.13, 801.4, 801.10).
* Effects "until end of turn" or "until a player planeswalks" belong to the marker they were created under;
  effects "until your next turn" end when their controller next begins a turn with any marker.

>>> from planechase import GameConfig, new_game
>>> names = [f"P{n}" for n in range(12)]
>>> state = new_game(GameConfig(players=names, variant="grand_melee", planechase=False, starting_player=0)).state
>>> [(t.marker, t.active, t.step.value) for t in turns(state)]
[(1, 0, 'upkeep'), (2, 4, 'upkeep'), (3, 8, 'upkeep')]
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ..core.context import Run
from ..core.queries import copy_state, in_game, seats_in_game
from ..core.state import MELEE_TURN_FIELDS, GameState, MeleeTurn
from ..errors import IllegalActionError
from ..variants import turn_markers

# -- the focus ---------------------------------------------------------------------------------------


def stash(state: GameState) -> MeleeTurn:
    """The focused marker's part of the game, as it stands in ``state``'s own fields."""
    return MeleeTurn(state.focus, *_turn_fields(state))


_turn_fields = operator.attrgetter(*MELEE_TURN_FIELDS)
_MARKER = operator.attrgetter("marker")


def _load(state: GameState, turn: MeleeTurn) -> None:
    state.__dict__.update(zip(MELEE_TURN_FIELDS, _turn_fields(turn), strict=True))
    state.focus = turn.marker


def turns(state: GameState) -> tuple[MeleeTurn, ...]:
    """Every turn marker's part of the game, in marker order (empty outside Grand Melee)."""
    if state.markers is None:
        return ()
    return tuple(sorted((*state.melee, stash(state)), key=_MARKER))


def turn_of(state: GameState, marker: int) -> MeleeTurn | None:
    return next((t for t in turns(state) if t.marker == marker), None)


def switch(state: GameState, marker: int) -> None:
    """Focus ``state`` (in place) on ``marker``'s turn, stack and planes."""
    if marker == state.focus:
        return
    target = next((t for t in state.melee if t.marker == marker), None)
    if target is None:
        raise ValueError(f"there is no turn marker {marker}")
    state.melee = tuple(sorted((*(t for t in state.melee if t.marker != marker), stash(state)), key=_MARKER))
    _load(state, target)


def focused(state: GameState, marker: int) -> GameState:
    """A copy of ``state`` focused on ``marker`` (the same game, seen from that marker's stack)."""
    if marker == state.focus:
        return state
    new = copy_state(state)
    switch(new, marker)
    return new


def each_turn(state: GameState) -> list[GameState | MeleeTurn]:
    """Every turn marker's part in marker order, as :func:`turns` gives it, but with ``state`` itself for
    the focused marker (nothing to stash); each has ``marker``-independent fields such as ``taking_turn``."""
    out: list[GameState | MeleeTurn] = [*state.melee, state]
    out.sort(key=_order)
    return out


def _order(part: GameState | MeleeTurn) -> int:
    return part.focus if isinstance(part, GameState) else part.marker


@contextmanager
def inside(run: Run, marker: int) -> Iterator[None]:
    """Work on ``marker``'s turn, then focus back where the run was (if that marker is still in play). If a
    decision suspends the work, the focus stays on ``marker``, where the decision is."""
    before = run.s.focus
    switch(run.s, marker)
    yield
    if any(t.marker == before for t in run.s.melee):
        switch(run.s, before)


def refocus(state: GameState) -> None:
    """Focus on a marker someone is taking a turn with, if the focused one has none (in place)."""
    if state.markers is None or state.taking_turn:
        return
    live = [t.marker for t in state.melee if t.taking_turn]
    if live:
        switch(state, live[0])


# -- which stack an action is for (807.5b) -----------------------------------------------------------


def _turn_facts(state: GameState) -> list[tuple[int, bool, int, int | None]]:
    """Each marker's number, whether a turn is taken with it, its active player and who holds priority for
    its stack, in marker order (read without stashing the focused marker's part)."""
    facts = [(t.marker, t.taking_turn, t.active, t.priority) for t in state.melee]
    facts.append((state.focus, state.taking_turn, state.active, state.priority))
    facts.sort()
    return facts


def holding_priority(state: GameState, seat: int) -> tuple[int, ...]:
    """The markers whose stacks ``seat`` holds priority for now."""
    return tuple(m for m, taking, _, priority in _turn_facts(state) if taking and priority == seat)


def marker_for(state: GameState, seat: int, marker: int | None, *, rolling: bool = False) -> int:
    """The marker an action of ``seat`` is for: the one named, else the one whose turn the roller is taking
    (901.9), else the only stack ``seat`` holds priority for. Raises :class:`IllegalActionError` if the
    action names a marker not in play, or ``seat`` holds priority for several stacks and names none."""
    facts = _turn_facts(state)
    if marker is not None:
        if not any(m == marker and taking for m, taking, _, _ in facts):
            live = ", ".join(str(m) for m, taking, _, _ in facts if taking)
            raise IllegalActionError(
                "807.4", "nobody is taking a turn with turn marker {marker} (markers: {live})", marker=marker, live=live
            )
        return marker
    if rolling:
        mine = [m for m, taking, active, _ in facts if taking and active == seat]
        return mine[0] if mine else state.focus
    holding = holding_priority(state, seat)
    if len(holding) > 1:
        raise IllegalActionError(
            "807.5b",
            "you have priority for the stacks of turn markers {listed}: say which one ('marker')",
            listed=", ".join(str(m) for m in holding),
        )
    return holding[0] if holding else state.focus


# -- setting up and ending turns ---------------------------------------------------------------------


def set_up(run: Run, starting_player: int) -> None:
    """807.4b: hand out the turn markers from the starting player; 901.14a: each player with a marker sets
    a starting plane and is a planar controller; then they all begin their turns at the same time."""
    from .reducer import set_starting_plane

    s = run.s
    s.markers = turn_markers.hand_out(len(s.players), starting_player)
    first, *others = s.markers.markers
    s.focus = first.number
    s.taking_turn = False
    s.planar_controller = first.holder if s.planechase else None
    zeros = tuple(0 for _ in s.players)
    s.melee = tuple(
        MeleeTurn(
            m.number,
            active=m.holder,
            planar_controller=m.holder if s.planechase else None,
            rolls_taken=zeros,
            rolls_made=zeros,
        )
        for m in others
    )
    s.active = first.holder
    run.emit(
        "turn_markers",
        ("807.4a", "807.4b"),
        f"{len(s.markers.markers)} turn markers are handed out, one for each full four players: "
        + ", ".join(f"marker {m.number} to {run.name(m.holder)}" for m in s.markers.markers)
        + ".",
        markers={str(m.number): m.holder for m in s.markers.markers},
        marker=None,  # about every marker
    )
    if s.planechase:
        for m in s.markers.markers:
            with inside(run, m.number):
                run.emit(
                    "planar_controller",
                    ("901.14a", "901.6"),
                    f"{run.name(m.holder)} has turn marker {m.number} and is a planar controller.",
                    player=m.holder,
                )
                set_starting_plane(run, m.holder)
    start_waiting_turns(run)


def end_turn(run: Run) -> None:
    """The focused marker's turn ends (807.4c): the marker passes to the left, stays for an extra turn
    (807.4i) or is removed (807.4g); then every marker whose holder may now begin a turn begins one."""
    s = run.s
    assert s.markers is not None
    holder, marker = s.active, s.focus
    extra = holder in s.extra_turns and in_game(s, holder)
    if extra:
        at = s.extra_turns.index(holder)
        s.extra_turns = (*s.extra_turns[:at], *s.extra_turns[at + 1 :])
    s.taking_turn = False
    s.priority = None
    s.passed = ()
    s.markers = turn_markers.end_turn(s.markers, holder, extra_turn=extra)
    after = next((m for m in s.markers.markers if m.number == marker), None)
    if after is None:
        run.emit(
            "turn_marker_removed",
            "807.4g",
            f"{run.name(holder)}'s turn ends: turn marker {marker}, designated for removal, is removed.",
            marker=marker,
            player=holder,
        )
    elif after.holder == holder:
        text = f"{run.name(holder)}'s turn ends: they keep turn marker {marker} for their extra turn" + (
            " and wait (807.4i)." if not after.taking_turn else "."
        )
        run.emit("turn_marker_kept", ("807.4i", "500.7"), text, marker=marker, player=holder)
    else:
        waits = "" if after.taking_turn else f"; {run.name(after.holder)} waits (807.4d)"
        run.emit(
            "turn_marker_passed",
            ("807.4c", "807.4d") if waits else "807.4c",
            f"{run.name(holder)}'s turn ends: turn marker {marker} passes to {run.name(after.holder)}{waits}.",
            marker=marker,
            player=after.holder,
            previous=holder,
        )
    if extra and after is not None and after.holder != holder:
        run.emit(
            "extra_turn_later",
            ("807.4i", "807.4j"),
            f"{run.name(holder)} will take the extra turn immediately before their next turn.",
            player=holder,
        )
    start_waiting_turns(run, kept=(marker,) if extra and after is not None and after.holder == holder else ())


def start_waiting_turns(run: Run, *, kept: Sequence[int] = ()) -> None:
    """Bring the markers' parts of the game in line with the markers: remove the parts of removed markers
    and begin a turn with each marker whose holder may now take one (807.4b, 807.4d, 807.4i)."""
    from .turns import begin_step, proceed, skip_turn, start_turn

    s = run.s
    assert s.markers is not None
    for _ in range(4 * len(s.players) + 8):
        numbers = {m.number: m for m in s.markers.markers}
        gone = [t for t in turns(s) if t.marker not in numbers]
        if gone:
            _remove(run, gone[0])
            continue
        current = {t.marker: t for t in turns(s)}
        ready = [
            m
            for m in s.markers.markers
            if m.taking_turn and (not current[m.number].taking_turn or current[m.number].active != m.holder)
        ]
        if not ready:
            break
        m = ready[0]
        extra = m.extra_turn or m.number in kept
        with inside(run, m.number):
            skipped = skip_turn(run, m.holder, extra=extra)
        if skipped:
            # 614.10: the turn doesn't happen; the marker passes on as if it had ended (807.4c).
            s.markers = turn_markers.end_turn(s.markers, m.holder)
            kept = ()
            continue
        with inside(run, m.number):
            start_turn(run, m.holder, extra=extra)
            s.taking_turn = True
            if not begin_step(run):
                proceed(run)
        if s.over:
            return
    refocus(s)


def _remove(run: Run, turn: MeleeTurn) -> None:
    """A removed turn marker's part of the game ends. Its face-up planar cards go to the bottom of their
    owners' planar decks and nobody planeswalks (by analogy with 901.14b: nobody controls them any more)."""
    s = run.s
    if s.focus == turn.marker:
        others = [t.marker for t in s.melee]
        if not others:  # everybody has left: the game is over
            s.taking_turn, s.priority = False, None
            return
        live = [t.marker for t in s.melee if t.taking_turn]
        switch(s, (live or others)[0])
        turn = next(t for t in s.melee if t.marker == turn.marker)
    s.melee = tuple(t for t in s.melee if t.marker != turn.marker)
    _bottom(run, turn, rules=("807.4g", "901.14b"))
    for item in (*turn.stack, *turn.pending_triggers):
        run.emit("ability_ceased", "807.4g", f"{item.label or item.text} ceases to exist.", item=item.id)


def _bottom(run: Run, turn: MeleeTurn, *, rules: tuple[str, ...]) -> None:
    """Put ``turn``'s face-up planar cards on the bottom of their owners' planar decks; nobody planeswalks."""
    s = run.s
    for fu in turn.face_up:
        owner = s.cards[fu.card].owner
        if owner is None:
            owner = turn.planar_controller
        name = run.card_name(fu.card)
        if owner is None or not in_game(s, owner):
            s.removed = (*s.removed, fu.card)
            run.emit("card_left_game", (*rules, "800.4a"), f"{name} leaves the game.", card=name, marker=turn.marker)
            continue
        index = s.deck_index(owner)
        run.set_deck(index, (*s.decks[index], fu.card))
        run.emit(
            "planar_card_bottomed",
            rules,
            f"{name} goes to the bottom of its planar deck; nobody planeswalks.",
            card=name,
            marker=turn.marker,
        )


def ceases_to_control(run: Run, seat: int) -> None:
    """901.14b: ``seat`` stops being a planar controller (nobody takes over) and each face-up planar card
    they control goes to the bottom of its owner's planar deck; nobody has planeswalked."""
    s = run.s
    for t in turns(s):
        if t.planar_controller != seat:
            continue
        with inside(run, t.marker):
            current = stash(s)
            s.face_up = ()
            s.planar_controller = None
            run.emit(
                "planar_controller",
                "901.14b",
                f"{run.name(seat)} leaves and stops being a planar controller; nobody takes their place.",
                player=None,
                previous=seat,
            )
            _bottom(run, current, rules=("901.14b",))


def would_reduce_markers(state: GameState, leaving: Sequence[int]) -> bool:
    """807.4e, 807.4f: whether ``leaving`` leaving the game would reduce the number of turn markers."""
    assert state.markers is not None
    left = len([seat for seat in seats_in_game(state) if seat not in leaving])
    return state.markers.effective_count() > turn_markers.markers_needed(left)


def markers_leave(run: Run, leaving: Sequence[int]) -> None:
    """The turn markers follow the players leaving (807.4c, 807.4e-807.4g)."""
    s = run.s
    assert s.markers is not None
    before = {m.number: m for m in s.markers.markers}
    s.markers = turn_markers.leave(s.markers, [seat for seat in leaving if seat in s.markers.in_game])
    for m in s.markers.markers:
        old = before.get(m.number)
        if old is not None and m.removals > old.removals:
            run.emit(
                "turn_marker_designated",
                ("807.4e", "807.4f"),
                f"Turn marker {m.number} ({run.name(m.holder)}'s) is designated for removal.",
                marker=m.number,
            )
        if old is not None and m.holder != old.holder:
            run.emit(
                "turn_marker_passed",
                "807.4c",
                f"{run.name(old.holder)} has left: turn marker {m.number} passes to {run.name(m.holder)} now.",
                marker=m.number,
                player=m.holder,
                previous=old.holder,
            )
    for number in before:
        if all(m.number != number for m in s.markers.markers):
            run.emit("turn_marker_removed", "807.4g", f"Turn marker {number} is removed.", marker=number)
    start_waiting_turns(run)


def describe(state: GameState) -> list[str]:
    """One readable line per turn marker: who holds it, the step and the stack.

    >>> from planechase import GameConfig, new_game
    >>> names = [f"P{n}" for n in range(10)]
    >>> s = new_game(GameConfig(players=names, variant="grand_melee", planechase=False, starting_player=3)).state
    >>> describe(s)
    ['Marker 1: P3, upkeep step', 'Marker 2: P7, upkeep step']
    """
    lines = []
    for t in turns(state):
        if t.taking_turn:
            stack = f", {len(t.stack)} on the stack" if t.stack else ""
            lines.append(f"Marker {t.marker}: {state.players[t.active].name}, {t.step.label}{stack}")
        else:
            holder = state.markers.holder_of(t.marker) if state.markers is not None else None
            who = state.players[holder].name if holder is not None else "nobody"
            lines.append(f"Marker {t.marker}: {who} (waiting)")
    return lines


__all__ = [
    "ceases_to_control",
    "describe",
    "end_turn",
    "focused",
    "holding_priority",
    "inside",
    "marker_for",
    "markers_leave",
    "refocus",
    "set_up",
    "start_waiting_turns",
    "stash",
    "switch",
    "turn_of",
    "turns",
    "would_reduce_markers",
]
