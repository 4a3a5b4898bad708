"""Legality: whether an action may be taken now (``check_action``, naming the rule it breaks) and every
action that may (``legal_actions``).

>>> from planechase import demo_config, new_game
>>> state = new_game(demo_config(seed=1)).state
>>> is_legal(state, Resolve(player=state.priority))
False
>>> any(isinstance(a, Advance) for a in legal_actions(state))
True
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ..cards.model import Catalog, TriggerKind
from ..core.actions import (
    MAX_ADJUSTMENT,
    NEXT_TURN,
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Attack,
    Cast,
    Choose,
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
from ..core.queries import active_players, catalog_for, has_priority, in_game, seats_in_game, table_of, team
from ..core.state import GameState, MeleeTurn, OtherEffect, PlayerStatus, StackItem, StackKind, Step
from ..errors import IllegalActionError, InvalidActionError
from . import melee, restrictions

_IN_GAME = PlayerStatus.IN_GAME
_EFFECTS: dict[str, OtherEffect] = {effect.value: effect for effect in OtherEffect}

#: The largest life total or poison count, either way (see :func:`check_action`).
MAX_TOTAL = 1_000_000_000


def focus_for(state: GameState, action: Action) -> GameState:
    """Grand Melee: ``state`` focused on the turn marker whose stack or turn ``action`` is for."""
    if isinstance(action, Pass | Resolve | Advance | Cast):
        return melee.focused(state, melee.marker_for(state, action.player, action.marker))
    if isinstance(action, Roll):
        return melee.focused(state, melee.marker_for(state, action.player, None, rolling=True))
    if isinstance(action, Attack):
        return melee.focused(state, melee.marker_for(state, action.player, action.marker, rolling=True))
    if isinstance(action, Report):
        for turn in melee.turns(state):
            if any(fu.object_id == action.source for fu in turn.face_up):
                return melee.focused(state, turn.marker)
    return state


def check_action(state: GameState, action: Action, catalog: Catalog | None = None) -> None:
    """Raise an error if ``action`` is not legal in ``state``; return quietly if it is. ``catalog`` is the
    state's unless given."""
    seat = action.player
    if state.markers is not None and state.pending is None and 0 <= seat < len(state.players):
        state = focus_for(state, action)  # 807.5b: the stack the action is for
    check_focused(state, action, catalog)


def check_focused(state: GameState, action: Action, catalog: Catalog | None = None) -> None:
    """:func:`check_action` for a state already focused on the turn marker the action is for (807.5b).
    ``catalog`` is the state's unless given."""
    seat = action.player
    players = state.players
    if not 0 <= seat < len(players):
        raise InvalidActionError("there is no seat {seat}; seats are 0 to {last}", seat=seat, last=len(players) - 1)
    if state.over:
        raise IllegalActionError("104.1", "the game is over")
    kind = kind_of_action(action)
    pending = state.pending
    if pending is not None:
        _check_answer(state, action)
        return
    if kind is Choose:
        raise IllegalActionError("117.1", "there is no decision to make")
    if state.markers is None and getattr(action, "marker", None) is not None:
        raise IllegalActionError("807.5", "only Grand Melee games have turn markers, each with its own stack")
    if players[seat].status is not _IN_GAME:
        raise IllegalActionError("800.4a", "{player} has left the game", player=players[seat].name)
    if kind is AdjustLife or kind is AdjustPoison:
        _check_adjustment(state, action)  # type: ignore[arg-type]
        return
    if kind is Concede or kind is Lose:
        return
    if kind is Roll:
        _check_roll(state, seat)
        return
    if kind is Report:
        _check_report(state, action, state.catalog if catalog is None else catalog)  # type: ignore[arg-type]
        return
    if kind is TrackPermanent:
        _check_permanent(state, action)  # type: ignore[arg-type]
        return
    if kind is Attack:
        restrictions.check_attack(state, action, state.catalog if catalog is None else catalog)  # type: ignore[arg-type]
        return
    if not has_priority(state, seat):
        rule = "805.5" if state.team_turns else "117.1"
        player = players[seat].name
        if state.priority is None:
            raise IllegalActionError(rule, "{player} does not have priority (nobody has)", player=player)
        holder = players[state.priority].name
        if state.team_turns:
            raise IllegalActionError(
                rule, "{player} does not have priority ({holder}'s team has)", player=player, holder=holder
            )
        raise IllegalActionError(rule, "{player} does not have priority ({holder} has)", player=player, holder=holder)
    if kind is Resolve:
        if not state.stack:
            raise IllegalActionError("117.4", "the stack is empty: there is nothing to resolve")
    elif kind is Advance:
        assert isinstance(action, Advance)
        if state.stack:
            raise IllegalActionError("117.4", "the stack must be empty to move on; pass to resolve it first")
        if action.to != NEXT_TURN and action.to not in _later_steps(state.step_queue):
            if action.to not in _STEP_VALUES:
                raise InvalidActionError(
                    "'to' must be a step or {next_turn}, not {to}", next_turn=repr(NEXT_TURN), to=repr(action.to)
                )
            raise IllegalActionError(
                "500.1",
                "the {step} does not come again this turn; advance to the next turn first",
                step=Step(action.to).label,
            )
    elif kind is Cast:
        _check_cast(state, action, state.catalog if catalog is None else catalog)  # type: ignore[arg-type]
    elif kind is Deploy:
        _check_deploy(state, action)  # type: ignore[arg-type]


def _check_answer(state: GameState, action: Action) -> None:
    """While a decision is pending, only its player's answer (or anyone's concession, 104.3a) is taken."""
    assert state.pending is not None
    decision = state.pending.decision
    seat = action.player
    name = state.players[seat].name
    if isinstance(action, Concede | Lose):
        if not in_game(state, seat):
            raise IllegalActionError("800.4a", "{player} has left the game", player=name)
        return
    if not isinstance(action, Choose):
        decider = state.players[decision.player].name
        prompt = decision.prompt_for(seat, decider)  # hidden information stays with the deciding player
        raise IllegalActionError(decision.rule, "{player} must decide first: {prompt}", player=decider, prompt=prompt)
    if action.decision != decision.id:
        raise IllegalActionError(
            decision.rule,
            "decision {decision} is not pending (the pending decision is {pending})",
            decision=repr(action.decision),
            pending=repr(decision.id),
        )
    if seat != decision.player:
        raise IllegalActionError(
            decision.rule,
            "this decision is {decider}'s, not {player}'s",
            decider=state.players[decision.player].name,
            player=name,
        )
    if decision.option(action.option) is None:
        valid = ", ".join(o.id for o in decision.options)
        raise IllegalActionError(
            decision.rule, "{option} is not an option; choose one of {valid}", option=repr(action.option), valid=valid
        )


def _check_adjustment(state: GameState, action: AdjustLife | AdjustPoison) -> None:
    """A life total (119.3) or a poison count (122.1) stays within :data:`MAX_TOTAL` either way, and one adjustment
    within :data:`~planechase.core.actions.MAX_ADJUSTMENT`: bounds of this program, not of the rules, so that
    every total can be shown and stored (a JavaScript number is exact only up to 2**53)."""
    if not -MAX_ADJUSTMENT <= action.amount <= MAX_ADJUSTMENT:
        raise InvalidActionError(
            "{action}: 'amount' must be from {low} to {high}, not {amount}",
            action=action.type,
            low=f"{-MAX_ADJUSTMENT:,}",
            high=f"{MAX_ADJUSTMENT:,}",
            amount=f"{action.amount:,}",
        )
    player = state.players[action.player]
    total = (player.life if isinstance(action, AdjustLife) else player.poison) + action.amount
    if not -MAX_TOTAL <= total <= MAX_TOTAL:
        low, high, shown = f"{-MAX_TOTAL:,}", f"{MAX_TOTAL:,}", f"{total:,}"
        if isinstance(action, AdjustLife):
            raise InvalidActionError(
                "life: a life total stays from {low} to {high} (it would be {total})", low=low, high=high, total=shown
            )
        raise InvalidActionError(
            "poison: a poison count stays from {low} to {high} (it would be {total})", low=low, high=high, total=shown
        )


def _check_report(state: GameState, action: Report, catalog: Catalog) -> None:
    fu = state.face_up_object(action.source)
    if fu is None:
        raise IllegalActionError("603.2", "there is no face-up planar card with id {id}", id=action.source)
    card = catalog[state.cards[fu.card].name]
    if not 0 <= action.ability < len(card.abilities):
        raise IllegalActionError("603.2", "{card} has no ability {ability}", card=card.name, ability=action.ability)
    ability = card.abilities[action.ability]
    if TriggerKind.REPORTED_BY_YOU in ability.triggers:
        # 901.12c: with shared team turns, "you" is either player of the planar controller's team.
        reporters = () if state.planar_controller is None else team(state, state.planar_controller)
        if action.player not in (reporters if state.team_turns else (state.planar_controller,)):
            raise IllegalActionError(
                "901.6",
                "{card}'s ability is about its controller's events: only the planar controller reports them",
                card=card.name,
            )
    elif TriggerKind.REPORTED not in ability.triggers:
        raise IllegalActionError(
            "603.2",
            "{card}'s ability {ability} triggers on events the engine tracks itself",
            card=card.name,
            ability=action.ability,
        )


def _check_roll(state: GameState, seat: int) -> None:
    if state.markers is not None and (seat != state.active or not state.taking_turn):
        raise IllegalActionError("901.9", "only a player taking a turn with a turn marker may roll the planar die")
    if seat not in active_players(state):
        if state.team_turns:
            raise IllegalActionError("901.12d", "only a player of the active team may roll the planar die")
        raise IllegalActionError("901.9", "only the active player may roll the planar die")
    if not state.planechase:
        raise IllegalActionError("901.1", "this game is played without Planechase: there is no planar die")
    if not state.step.is_main:
        raise IllegalActionError("901.9", "the planar die may be rolled only during a main phase")
    if not has_priority(state, seat):
        raise IllegalActionError("901.9", "the planar die may be rolled only while you have priority")
    if state.stack:
        raise IllegalActionError("901.9", "the planar die may be rolled only while the stack is empty")


def _check_cast(state: GameState, action: Cast, catalog: Catalog) -> None:
    effect = _EFFECTS.get(action.effect)
    if effect is None:
        raise InvalidActionError("cast: unknown effect {effect}", effect=repr(str(action.effect)[:40]))
    if effect is OtherEffect.DEPLOY:
        raise IllegalActionError("804.2", "deploying a creature is its own action ('deploy'), with the teammate")
    if effect in (OtherEffect.COUNTER, OtherEffect.COPY):
        target = next((i for i in state.stack if i.id == action.target), None)
        if target is None:
            raise IllegalActionError(
                "115.1", "{effect} needs a target: the id of an object on the stack", effect=effect.value
            )
        if effect is OtherEffect.COPY and target.kind is StackKind.OTHER:
            raise IllegalActionError("707.10", "only triggered abilities of planar cards can be copied here")
    elif action.target is not None:
        raise IllegalActionError("115.1", "a {effect} spell or ability has no target", effect=effect.value)
    if action.target_player is not None:
        if not effect.names_player:
            raise IllegalActionError(
                "115.1", "only an extra turn or a skip names a player ('target_player'), not this spell or ability"
            )
        other = action.target_player
        if not 0 <= other < len(state.players):
            raise InvalidActionError(
                "there is no seat {seat}; seats are 0 to {last}", seat=other, last=len(state.players) - 1
            )
        if not in_game(state, other):
            raise IllegalActionError(
                "800.4a", "{player} has left the game: not a legal target", player=state.players[other].name
            )
        if not state.in_range(action.player, other):
            raise IllegalActionError(
                "801.4",
                "{player} is outside your range of influence: they can't be targeted",
                player=state.players[other].name,
            )
    if action.spell is not False:
        restrictions.check_cast_allowed(state, action.player, catalog)


def _check_permanent(state: GameState, action: TrackPermanent) -> None:
    if not action.controls and not any(
        p.controller == action.player and p.card == action.card for p in state.permanents
    ):
        raise IllegalActionError(
            "611.3",
            "{player} controls no {permanent} the engine was told of",
            player=state.players[action.player].name,
            permanent=action.card,
        )


def _check_deploy(state: GameState, action: Deploy) -> None:
    table = table_of(state)
    if not table.deploys_creatures:
        raise IllegalActionError(
            "804.1", "{variant} doesn't use the deploy creatures option", variant=table.variant.label_text
        )
    if action.teammate not in table.teammates(action.player):
        raise IllegalActionError("804.2", "a creature can be deployed only to a teammate")
    if not 0 <= action.teammate < len(state.players) or not in_game(state, action.teammate):
        raise IllegalActionError("800.4b", "that teammate has left the game")
    if not state.in_range(action.player, action.teammate):
        raise IllegalActionError(
            "801.4", "that teammate is outside your range of influence: they can't receive the creature"
        )
    # 804.2, 307.1: activate only as a sorcery.
    if action.player != state.active or not state.step.is_main or state.stack:
        raise IllegalActionError(
            "307.1", "deploy only as a sorcery: in a main phase of your turn, while the stack is empty"
        )


def is_legal(state: GameState, action: Action, catalog: Catalog | None = None) -> bool:
    try:
        check_action(state, action, catalog)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


def legal_actions(state: GameState, catalog: Catalog | None = None, *, default: Catalog | None = None) -> list[Action]:
    """Every enumerable legal action (life and poison adjustments, which take any number, are left out).
    ``catalog`` is the state's unless given (``default`` for a state that has none)."""
    if state.over:
        return []
    if state.pending is not None:
        d = state.pending.decision
        choices: list[Action] = [Choose(player=d.player, decision=d.id, option=o.id) for o in d.options]
        return choices + [_concede_action(p) for p in seats_in_game(state)]
    cards = catalog_for(state, catalog, default)
    if state.markers is not None:
        # 807.5: each turn marker has its own stack and priority; actions name the marker.
        out: list[Action] = []
        for part in melee.each_turn(state):
            if part.taking_turn:
                marker = part.focus if isinstance(part, GameState) else part.marker
                out.extend(_priority_actions(state, part, marker, cards))
                out.extend(_report_actions(state, part, cards))
        out.extend(_concedes(seats_in_game(state)))
        return out
    out = _priority_actions(state, state, None, cards)
    if state.face_up:
        out.extend(_report_actions(state, state, cards))
    out.extend(_concedes(seats_in_game(state)))
    return out


def _priority_actions(
    state: GameState, part: GameState | MeleeTurn, marker: int | None, catalog: Catalog
) -> list[Action]:
    """What the player (or team) holding priority may do, and the active player's roll. ``part`` holds the
    turn, stack and priority (``state`` itself, or in Grand Melee a waiting turn marker's part)."""
    holder = part.priority
    if holder is None:
        return []
    out: list[Action] = []
    # 805.5a: with shared team turns, each player of the team holding priority may act.
    actors = team(state, holder) if state.team_turns else (holder,)
    stack = part.stack
    # Whether anyone might be unable to cast spells (101.2): an effect, or an attack this turn (Prahv).
    restricted = restrictions.casting_may_be_forbidden(state)
    for seat in actors:
        start = len(out)
        if stack:
            out.extend(_stack_actions(state, stack, seat, marker))
        else:
            main = part.step in _MAIN_PHASES
            may_roll = main and state.planechase and seat in _active_players(state, part.active)
            out.extend(_empty_stack_actions(seat, marker, part.step_queue, may_roll))
            if main and seat == part.active and table_of(state).deploys_creatures:
                out.extend(Deploy(seat, mate) for mate in team(state, seat)[1:] if state.in_range(seat, mate))
        out.extend(_casts_action(seat, marker))
        if restricted and not _may_cast(state, seat, catalog):
            # 101.2: a player who can't cast spells may still activate abilities.
            out[start:] = [replace(a, spell=False) if isinstance(a, Cast) and a.spell else a for a in out[start:]]
    if part.step is Step.DECLARE_ATTACKERS and part.attacks is None and part.taking_turn:
        out.extend(_attack_actions(state, part, marker))
    return out


def _may_cast(state: GameState, seat: int, catalog: Catalog) -> bool:
    try:
        restrictions.check_cast_allowed(state, seat, catalog)
    except IllegalActionError:
        return False
    return True


def _attack_actions(state: GameState, part: GameState | MeleeTurn, marker: int | None) -> list[Action]:
    """Attack declarations to offer (508.1): none, each allowed pair alone, and all of them at once, for
    the active player (or the active team, 805.10b). Others are legal too but are not listed: the
    combinations grow too fast. Pairs a face-up card forbids (508.1c) are left out."""
    focused = state if isinstance(part, GameState) else melee.focused(state, part.marker)
    pairs = restrictions.allowed_pairs(focused, focused.catalog_or(state.catalog))
    if pairs is None:
        return []
    declarer = active_players(focused)[0] if active_players(focused) else focused.active
    options: list[tuple[tuple[int, int], ...]] = [(), *((pair,) for pair in pairs)]
    if len(pairs) > 1:
        options.append(tuple(pairs))
    return [Attack(declarer, attacks=attacks, marker=marker) for attacks in options]


def _active_players(state: GameState, active: int) -> tuple[int, ...]:
    """:attr:`GameState.active_players` for a turn whose active player is ``active`` (805.4a)."""
    if active == state.active:
        return active_players(state)
    members = team(state, active) if state.team_turns else (active,)
    return tuple(seat for seat in members if in_game(state, seat))


def _stack_actions(state: GameState, stack: tuple[StackItem, ...], seat: int, marker: int | None) -> tuple[Action, ...]:
    """With objects on ``stack``: pass, resolve, and counter or copy each object (worked out once for each
    stack, seat and turn marker)."""
    memo: tuple[tuple[StackItem, ...], dict[tuple[int, int | None], tuple[Action, ...]]] | None
    memo = state.__dict__.get("_stack_actions")
    if memo is None or memo[0] is not stack:
        memo = (stack, {})
        state.__dict__["_stack_actions"] = memo
    found = memo[1].get((seat, marker))
    if found is None:
        out: list[Action] = [_pass_action(seat, marker), _resolve_action(seat, marker)]
        for item in stack:
            out.append(_counter_action(seat, item.id, marker))
            if item.kind is not StackKind.OTHER:
                out.append(_copy_action(seat, item.id, marker))
        found = memo[1][(seat, marker)] = tuple(out)
    return found


def _report_actions(state: GameState, part: GameState | MeleeTurn, catalog: Catalog) -> list[Report]:
    """Reports of untracked events for the face-up cards' abilities that wait for them (``part``'s cards)."""
    out: list[Report] = []
    controller = part.planar_controller
    for fu in part.face_up:
        for index, by_you in _reported_abilities(catalog, state.cards[fu.card].name):
            if by_you:
                if controller is not None:
                    out.append(Report(controller, fu.object_id, index))
            else:
                out.extend(Report(seat, fu.object_id, index) for seat in seats_in_game(state))
    return out


@functools.lru_cache(maxsize=1024)
def _reported_abilities(catalog: Catalog, name: str) -> tuple[tuple[int, bool], ...]:
    """The abilities of a card that wait for the table's reports: each one's index, and whether only its
    controller reports (:attr:`TriggerKind.REPORTED_BY_YOU`) rather than anyone (:attr:`TriggerKind.REPORTED`)."""
    out: list[tuple[int, bool]] = []
    for index, ability in enumerate(catalog[name].abilities):
        if TriggerKind.REPORTED_BY_YOU in ability.triggers:
            out.append((index, True))
        elif TriggerKind.REPORTED in ability.triggers:
            out.append((index, False))
    return tuple(out)


_MAIN_PHASES = frozenset((Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN))
_STEP_VALUES = frozenset(step.value for step in Step)


@functools.lru_cache(maxsize=4096)
def _empty_stack_actions(seat: int, marker: int | None, queue: tuple[Step, ...], may_roll: bool) -> tuple[Action, ...]:
    """With the stack empty: pass, the roll if ``may_roll``, and moving on to each later step or the next turn."""
    head: tuple[Action, ...] = (
        (_pass_action(seat, marker), _roll_action(seat)) if may_roll else (_pass_action(seat, marker),)
    )
    return (*head, *(_advance_action(seat, to, marker) for to in (*_later_steps(queue), NEXT_TURN)))


@functools.lru_cache(maxsize=1024)
def _concedes(seats: tuple[int, ...]) -> tuple[Concede, ...]:
    return tuple(_concede_action(seat) for seat in seats)


# Actions are immutable values: the common ones are made once and shared.
_pass_action = functools.cache(Pass)
_resolve_action = functools.cache(Resolve)
_roll_action = functools.cache(Roll)
_concede_action = functools.cache(Concede)
_advance_action = functools.cache(Advance)


@functools.lru_cache(maxsize=4096)
def _counter_action(seat: int, item: int, marker: int | None) -> Cast:
    return Cast(seat, label="Counter", effect=OtherEffect.COUNTER.value, target=item, marker=marker)


@functools.lru_cache(maxsize=4096)
def _copy_action(seat: int, item: int, marker: int | None) -> Cast:
    return Cast(seat, label="Copy", effect=OtherEffect.COPY.value, target=item, marker=marker)


@functools.cache
def _casts_action(seat: int, marker: int | None) -> tuple[Cast, ...]:
    targeted = (OtherEffect.COUNTER, OtherEffect.COPY, OtherEffect.DEPLOY)
    return tuple(Cast(seat, effect=e.value, marker=marker) for e in OtherEffect if e not in targeted)


def advance_targets(state: GameState) -> list[str]:
    """Where :class:`Advance` may go now: the steps after this one in this turn, and the next turn."""
    return [*_later_steps(state.step_queue), NEXT_TURN]


@functools.cache
def _later_steps(queue: tuple[Step, ...]) -> tuple[str, ...]:
    seen: list[str] = []
    for step in queue:
        if step not in (Step.UNTAP, Step.CLEANUP) and step.value not in seen:
            seen.append(step.value)
    return tuple(seen)
