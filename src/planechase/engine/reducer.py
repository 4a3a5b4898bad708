"""The pure core: ``new_game(config)`` and ``apply(state, action)`` return a new state and the events
that happened; the input state is never changed.

>>> from planechase.engine.config import demo_config
>>> result = new_game(demo_config(seed=1))
>>> result.state.step.value, len(result.state.face_up)
('upkeep', 1)
>>> after = apply(result.state, Advance(player=result.state.priority, to="precombat_main"))
>>> after.state.step.value
'precombat_main'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards.catalog import CATALOG
from ..cards.decks import check_deck, check_shared_deck, resolve_names
from ..cards.model import Catalog, TriggerKind
from ..planar import eternities
from ..planar.chaos import roll_planar_die
from ..planar.zones import is_plane, turn_face_up
from ..variants.eternities_map import EternitiesMap
from ..variants.seating import Variant
from . import melee, rng
from .actions import (
    MAX_ADJUSTMENT,
    NEXT_TURN,
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Cast,
    Choose,
    Concede,
    Deploy,
    Lose,
    Pass,
    Report,
    Resolve,
    Roll,
    action_from_dict,
)
from .config import GameConfig
from .context import LEAVE_ANSWER, Cancelled, DeciderLeft, GameEnded, Run, Suspend
from .errors import IllegalActionError, InvalidActionError
from .events import Event
from .leave import leave_game
from .state import (
    CardRef,
    Decision,
    DecisionKind,
    DieFace,
    Duration,
    GameState,
    OtherEffect,
    Pending,
    Player,
    PlayerStatus,
    StackItem,
    StackKind,
    Step,
)
from .triggers import fire, trigger_ability
from .turns import (
    MAX_AUTOMATIC_STEPS,
    begin_step,
    begin_turn,
    give_priority,
    pass_priority,
    proceed,
    resolve_top,
    settle,
)

#: The largest life total or poison count, either way (see :func:`check_action`).
MAX_TOTAL = 1_000_000_000


@dataclass(frozen=True)
class StepResult:
    """What applying an action gave: the new state and the events, in order."""

    state: GameState
    events: tuple[Event, ...] = field(default=())

    @property
    def decision(self) -> Decision | None:
        return self.state.pending.decision if self.state.pending else None


# -- starting a game ---------------------------------------------------------------------------


def new_game(config: GameConfig, catalog: Catalog = CATALOG, *, forced: Sequence[str] = ()) -> StepResult:
    """Set up a game (103): shuffle the planar decks, choose the starting player, set the starting
    plane and begin the first turn. Raises :class:`~planechase.engine.errors.ConfigError` for a bad
    configuration or illegal decks. ``forced`` fixes chance outcomes of the setup (see :func:`force`),
    e.g. ``("order:0,1,2,3,4,5,6,7,8,9",)`` keeps the first deck in its listed order."""
    config.validate()
    players = tuple(Player(seat=i, name=name.strip(), life=config.life_total) for i, name in enumerate(config.players))
    cards: list[CardRef] = []
    decks: list[tuple[int, ...]] = []
    if config.eternities_map is not None and config.planechase:
        map_cards, map_decks = eternities.map_deck(config, config.eternities_map, catalog)
        cards.extend(map_cards)
        decks.extend(map_decks)
    elif config.decks is not None:
        for seat, names in enumerate(config.decks):
            where = f"{players[seat].name}'s planar deck"
            if config.check_decks:
                check_deck(names, catalog, where=where)
            resolved = resolve_names(names, catalog, where=where)
            decks.append(tuple(range(len(cards), len(cards) + len(resolved))))
            cards.extend(CardRef(name, seat) for name in resolved)
    elif config.shared_deck is not None:
        if config.check_decks:
            check_shared_deck(config.shared_deck, len(players), catalog)
        resolved = resolve_names(config.shared_deck, catalog, where="the shared planar deck")
        decks.append(tuple(range(len(resolved))))
        cards.extend(CardRef(name, None) for name in resolved)
    else:  # no Planechase: an empty planar deck for everyone, so every query about decks still answers
        decks.extend(() for _ in players)
    zeros = tuple(0 for _ in players)
    base = GameState(
        players=players,
        cards=tuple(cards),
        decks=tuple(decks),
        shared_deck=config.shared_deck is not None or config.eternities_map is not None,
        rng=rng.seed_state(config.seed),
        planechase=config.planechase,
        rolls_taken=zeros,
        rolls_made=zeros,
        forced=tuple(forced),
        table=config.seating(),
        eternities=None if config.eternities_map is None else EternitiesMap(rules=config.eternities_map),
    )
    start = {"type": "start", "starting_player": config.starting_player, "random_seating": config.random_seating}
    return _run(base, start, (), catalog, skip=0)


def _setup(run: Run, starting_player: int | None) -> None:
    s = run.s
    table = s.seating
    multiplayer = len(s.players) > 2 or table.variant.value != "free_for_all"  # 800.1
    kind = "Planechase game" if s.planechase else "game (without Planechase)"
    rules = ("103.1", "901.1") if s.planechase else ("103.1",)
    run.emit(
        "game_started",
        (*rules, table.variant.rule) if multiplayer else rules,
        (
            f"{_article(table.variant.label)} {table.variant.label} {kind} begins: "
            if multiplayer
            else f"A {kind} begins: "
        )
        + _seating_text(run)
        + ".",
        players=[p.name for p in s.players],
        shared_deck=s.shared_deck,
        variant=table.variant.value,
        **({} if s.planechase else {"planechase": False}),
    )
    for index, deck in enumerate(s.decks if s.planechase else ()):
        order = run.shuffle(deck)
        run.set_deck(index, order)
        whose = "The shared planar deck" if s.shared_deck else f"{run.name(index)}'s planar deck"
        if s.eternities is not None:
            whose = "The Eternities Map deck" if index == 0 else "The phenomenon pile"
        run.emit(
            "deck_shuffled",
            ("103.3a", "901.4"),
            f"{whose} is shuffled.",
            deck=index,
            chance="order:" + ",".join(str(deck.index(c)) for c in order),
        )
    if starting_player is None:
        # 809.4: a random emperor goes first; 805.3: a random team starts, led by its primary player.
        candidates = [seat.seat for seat in table.seats if seat.role.value in ("emperor", "primary")]
        rule, whom = {"emperor": ("809.4", " (an emperor goes first)"), "two_headed_giant": ("805.3", "'s team")}.get(
            table.variant.value, ("103.1", "")
        )
        starting_player = run.random_seat(candidates or list(range(len(s.players))))
        run.emit(
            "starting_player",
            rule,
            f"{run.name(starting_player)}{whom} is chosen at random to start.",
            player=starting_player,
            chance=f"seat:{starting_player}",
        )
    else:
        run.emit("starting_player", "103.1", f"{run.name(starting_player)} starts.", player=starting_player)
    s.starting_player = starting_player
    if s.eternities is not None:
        eternities.set_up(run)  # the map is laid out; only its centre is face up during mulligans
    run.emit(
        "instruction",
        ("103.5", "800.6"),
        "Each player: draw seven cards; take mulligans now.",
        players=list(range(len(s.players))),
        who="each_player",
        instruction="draw an opening hand of seven cards",
        amount=7,
        card=None,
    )
    if table.variant is Variant.GRAND_MELEE:
        melee.set_up(run, starting_player)  # 807.4b, 901.14a
        return
    if s.eternities is not None:
        s.planar_controller = starting_player
        eternities.start(run)  # the neighbours are turned face up as the game starts
    elif s.planechase:
        s.planar_controller = starting_player
        set_starting_plane(run, starting_player)
    begin_turn(run)
    if not begin_step(run):
        proceed(run)


def _seat_at_random(run: Run) -> None:
    """806.3, 807.3: the players are seated at random. Seat ``i`` goes to the ``order[i]``-th listed player,
    who keeps their name, life and planar deck."""
    s = run.s
    order = run.shuffle(tuple(range(len(s.players))))
    seat_of = {listed: seat for seat, listed in enumerate(order)}
    s.players = tuple(replace(s.players[listed], seat=seat) for seat, listed in enumerate(order))
    s.cards = tuple(CardRef(c.name, None if c.owner is None else seat_of[c.owner]) for c in s.cards)
    if not s.shared_deck:
        s.decks = tuple(s.decks[listed] for listed in order)
    rule = "807.3" if s.seating.variant is Variant.GRAND_MELEE else "806.3"
    run.emit(
        "seated_at_random",
        rule,
        "The players are seated at random, clockwise: " + ", ".join(p.name for p in s.players) + ".",
        players=[p.name for p in s.players],
        chance="order:" + ",".join(str(listed) for listed in order),
    )


def _article(word: str) -> str:
    return "An" if word[0].lower() in "aeiou" else "A"


def _seating_text(run: Run) -> str:
    table = run.s.seating
    if not table.teams:
        return ", ".join(p.name for p in run.s.players)
    return "; ".join(
        f"team {index + 1}: " + ", ".join(f"{run.name(seat)} ({table.seats[seat].role.value})" for seat in team)
        for index, team in enumerate(table.teams)
    )


def set_starting_plane(run: Run, seat: int) -> None:
    """103.7 / 901.5: turn up the top card; a phenomenon goes to the bottom and the process repeats
    until a plane is face up. Nothing triggers. A deck with no plane stops after one pass."""
    s = run.s
    index = s.deck_index(seat)
    for _ in range(len(s.decks[index])):
        top = s.decks[index][0]
        name = run.card_name(top)
        if is_plane(run, top):
            turn_face_up(run, top)
            s.visited = (*s.visited, top)
            run.emit("starting_plane", ("103.7", "901.5"), f"{name} is the starting plane.", card=name)
            return
        run.set_deck(index, (*s.decks[index][1:], top))
        run.emit(
            "starting_plane_phenomenon",
            ("103.7", "901.5"),
            f"{name} is a phenomenon: it goes to the bottom and nothing triggers.",
            card=name,
        )
    run.emit("no_starting_plane", "901.5", "The planar deck has no plane card: there is no starting plane.")


# -- applying actions --------------------------------------------------------------------------


def apply(state: GameState, action: Action | dict[str, Any], catalog: Catalog = CATALOG) -> StepResult:
    """Apply ``action`` to ``state``. An illegal action raises
    :class:`~planechase.engine.errors.IllegalActionError` naming the rule; ``state`` is unchanged."""
    if isinstance(action, dict):
        action = action_from_dict(action)
    original = state
    if state.markers is not None and state.pending is None:
        state = _focus_for(state, action)  # 807.5b: the stack the action is for
    check_action(state, action, catalog)
    pending = state.pending
    if pending is not None:
        if isinstance(action, Concede | Lose):
            # 104.3a: a player may concede at any time, even in the middle of an action; the action
            # goes on from where it stood (the concession is replayed at that point).
            reason = "concedes" if isinstance(action, Concede) else action.reason
            answer = f"{LEAVE_ANSWER}:{action.type}:{action.player}:{reason}"
        else:
            assert isinstance(action, Choose)
            answer = action.option
        return _run(pending.base, pending.action, (*pending.answers, answer), catalog, skip=pending.emitted)
    result = _run(state, action.to_dict(), (), catalog, skip=0)
    if result.state is state and state is not original:
        return StepResult(original, result.events)  # nothing changed (the action was cancelled)
    return result


def _focus_for(state: GameState, action: Action) -> GameState:
    """Grand Melee: ``state`` focused on the turn marker whose stack or turn ``action`` is for."""
    if isinstance(action, Pass | Resolve | Advance | Cast):
        return melee.focused(state, melee.marker_for(state, action.player, action.marker))
    if isinstance(action, Roll):
        return melee.focused(state, melee.marker_for(state, action.player, None, rolling=True))
    if isinstance(action, Report):
        for turn in melee.turns(state):
            if any(fu.object_id == action.source for fu in turn.face_up):
                return melee.focused(state, turn.marker)
    return state


def _run(base: GameState, action: dict[str, Any], answers: Sequence[str], catalog: Catalog, *, skip: int) -> StepResult:
    run = Run(base.copy(), catalog, answers)
    try:
        _perform(run, action)
    except Suspend as suspended:
        state = run.s
        state.pending = Pending(
            decision=suspended.decision, base=base, action=action, answers=tuple(answers), emitted=len(run.events)
        )
        return StepResult(state, tuple(run.events[skip:]))
    except GameEnded:
        pass
    except Cancelled:
        event = Event(
            "cancelled",
            ("732.1", "116.2i"),
            "The action is reversed: its cost was not paid; nothing changes.",
            {"action": action.get("type")},
        )
        leaves = [a for a in answers if a.startswith(LEAVE_ANSWER + ":")]
        if not leaves:
            return StepResult(base, (event,))
        # Concessions made while the cost was being decided stand (104.3a): replay just them.
        kept = _run(base, {"type": "leaves", "leaves": leaves}, (), catalog, skip=0)
        return StepResult(kept.state, (event, *kept.events))
    state = run.s
    state.pending = None
    state.actions_taken = base.actions_taken + 1
    melee.refocus(state)
    return StepResult(state, tuple(run.events[skip:]))


def _perform(run: Run, action: dict[str, Any]) -> None:
    s = run.s
    kind = action["type"]
    seat = action.get("player", 0)
    if kind == "start":
        if action.get("random_seating"):
            _seat_at_random(run)
        _setup(run, action.get("starting_player"))
    elif kind == "leaves":
        for leave in action["leaves"]:
            _, how, who, reason = str(leave).split(":", 3)
            rule = "104.3a" if how == "concede" else "104.3"
            leave_game(run, (int(who),), status=PlayerStatus.LOST, rules=(rule, "800.4a"), reason=reason)
        if not s.over and s.priority is not None:
            give_priority(run, s.priority)
    elif kind == "pass":
        run.emit("passed", "117.3d", f"{run.name(seat)} passes.", player=seat)
        pass_priority(run, seat)
    elif kind == "roll":
        _roll(run, seat)
    elif kind == "resolve":
        run.emit(
            "all_passed", "117.4", f"{run.name(seat)} resolves the top of the stack: all players pass.", player=seat
        )
        s.passed = ()
        resolve_top(run)
    elif kind == "advance":
        _advance(run, seat, action.get("to", NEXT_TURN))
    elif kind == "cast":
        _cast(run, seat, action)
    elif kind == "report":
        _report(run, seat, int(action["source"]), int(action["ability"]))
    elif kind == "deploy":
        _deploy(run, seat, int(action["teammate"]), str(action.get("creature", "a creature")).strip())
    elif kind in ("concede", "lose"):
        rule = "104.3a" if kind == "concede" else "104.3"
        reason = "concedes" if kind == "concede" else str(action.get("reason", "lost"))
        leave_game(run, (seat,), status=PlayerStatus.LOST, rules=(rule, "800.4a"), reason=reason)
        if not s.over and s.priority is not None:
            give_priority(run, s.priority)
    elif kind in ("life", "poison"):
        player = s.players[seat]
        amount = int(action["amount"])
        # A Two-Headed Giant team shares its life total and poison counters (810.9, 810.10).
        members = s.team(seat) if s.team_turns else (seat,)
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
        if s.priority is not None:
            # Bookkeeping is not a player's action: passes in succession still count (117.4), unless
            # state-based actions or triggers change the game (117.5).
            passed = s.passed
            changed = settle(run)
            if not s.over:
                near = s.priority_players()  # 800.4j, 807.5a
                holder = s.priority if s.priority in near else s.next_in_turn_order(s.priority, include=near)
                s.priority = holder
                s.passed = () if changed else passed


def _roll(run: Run, seat: int) -> None:
    s = run.s
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


def _advance(run: Run, seat: int, to: str) -> None:
    s = run.s
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


def _cast(run: Run, seat: int, action: dict[str, Any]) -> None:
    s = run.s
    effect = OtherEffect(action.get("effect", OtherEffect.NONE.value))
    label = str(action.get("label") or "a spell or ability")
    spell = bool(action.get("spell", True))
    types = " ".join(str(action.get("types", "")).split())
    item = StackItem(
        id=run.new_id(),
        kind=StackKind.OTHER,
        controller=seat,
        text=label,
        label=label,
        effect=effect,
        target_item=action.get("target"),
        spell=spell,
        spell_types=types,
    )
    s.stack = (*s.stack, item)
    what = "" if effect is OtherEffect.NONE else f" ({effect.value})"
    kind = f" ({types})" if types else ""
    run.emit(
        "cast",
        ("601.2", "117.3c") if spell else ("602.2", "117.3c"),
        f"{run.name(seat)} casts {label}{kind}{what}."
        if spell
        else f"{run.name(seat)} puts {label}{what} on the stack.",
        player=seat,
        item=item.id,
        label=label,
        effect=effect.value,
        target=item.target_item,
        spell=spell,
        types=types,
    )
    if spell:
        used = [
            e
            for e in s.effects
            if e.duration is Duration.NEXT_SPELL_THIS_TURN and e.controller == seat and e.marker == s.focus
        ]
        s.effects = tuple(e for e in s.effects if e not in used)
        for e in used:
            run.emit("effect_used", ("611.2a", "601.2"), f"{label}: {e.text}", effect=e.id, kind=e.kind, item=item.id)
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


def _deploy(run: Run, seat: int, teammate: int, creature: str) -> None:
    """804.2: the creature's deploy ability is activated (602.2) and goes on the stack, targeting the
    teammate (115.1); it resolves like any other ability."""
    s = run.s
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


def _report(run: Run, seat: int, source: int, index: int) -> None:
    """The table reports an event the engine does not track: the face-up card's ability triggers (603.2)
    with the reporting player as "that player", and goes on the stack the next time a player would
    receive priority (603.3)."""
    s = run.s
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


# -- legality ----------------------------------------------------------------------------------


def check_action(state: GameState, action: Action, catalog: Catalog = CATALOG) -> None:
    """Raise an error if ``action`` is not legal in ``state``; return quietly if it is."""
    seat = action.player
    if state.markers is not None and state.pending is None and 0 <= seat < len(state.players):
        state = _focus_for(state, action)  # 807.5b: the stack the action is for
    if not 0 <= seat < len(state.players):
        raise InvalidActionError(f"there is no seat {seat}; seats are 0 to {len(state.players) - 1}")
    if state.over:
        raise IllegalActionError("104.1", "the game is over")
    name = state.players[seat].name
    pending = state.pending
    if pending is not None:
        decision = pending.decision
        if isinstance(action, Concede | Lose):
            if not state.in_game(seat):
                raise IllegalActionError("800.4a", f"{name} has left the game")
            return
        if not isinstance(action, Choose):
            decider = state.players[decision.player].name
            raise IllegalActionError(decision.rule, f"{decider} must decide first: {decision.prompt}")
        if action.decision != decision.id:
            raise IllegalActionError(
                decision.rule, f"decision {action.decision!r} is not pending (the pending decision is {decision.id!r})"
            )
        if seat != decision.player:
            raise IllegalActionError(
                decision.rule, f"this decision is {state.players[decision.player].name}'s, not {name}'s"
            )
        if decision.option(action.option) is None:
            valid = ", ".join(o.id for o in decision.options)
            raise IllegalActionError(decision.rule, f"{action.option!r} is not an option; choose one of {valid}")
        return
    if isinstance(action, Choose):
        raise IllegalActionError("117.1", "there is no decision to make")
    if getattr(action, "marker", None) is not None and state.markers is None:
        raise IllegalActionError("807.5", "only Grand Melee games have turn markers, each with its own stack")
    if not state.in_game(seat):
        raise IllegalActionError("800.4a", f"{name} has left the game")
    if isinstance(action, AdjustLife | AdjustPoison):
        _check_adjustment(state, action)
        return
    if isinstance(action, Concede | Lose):
        return
    if isinstance(action, Roll):
        _check_roll(state, seat)
        return
    if isinstance(action, Report):
        _check_report(state, action, catalog)
        return
    if not state.has_priority(seat):
        holder = "nobody" if state.priority is None else state.players[state.priority].name
        if state.team_turns and state.priority is not None:
            holder += "'s team"
        raise IllegalActionError(
            "805.5" if state.team_turns else "117.1", f"{name} does not have priority ({holder} has)"
        )
    if isinstance(action, Resolve) and not state.stack:
        raise IllegalActionError("117.4", "the stack is empty: there is nothing to resolve")
    if isinstance(action, Advance):
        if state.stack:
            raise IllegalActionError("117.4", "the stack must be empty to move on; pass to resolve it first")
        if action.to not in advance_targets(state):
            raise IllegalActionError(
                "500.1", f"the {Step(action.to).label} does not come again this turn; advance to the next turn first"
            )
    elif isinstance(action, Cast):
        _check_cast(state, action)
    elif isinstance(action, Deploy):
        _check_deploy(state, action)


def _check_adjustment(state: GameState, action: AdjustLife | AdjustPoison) -> None:
    """A life total (119.3) or a poison count (122.1) stays within :data:`MAX_TOTAL` either way, and one adjustment
    within :data:`~planechase.engine.actions.MAX_ADJUSTMENT`: bounds of this program, not of the rules, so that
    every total can be shown and stored (a JavaScript number is exact only up to 2**53)."""
    if not -MAX_ADJUSTMENT <= action.amount <= MAX_ADJUSTMENT:
        raise InvalidActionError(
            f"{action.type}: 'amount' must be from {-MAX_ADJUSTMENT:,} to {MAX_ADJUSTMENT:,}, not {action.amount:,}"
        )
    player = state.players[action.player]
    total = (player.life if isinstance(action, AdjustLife) else player.poison) + action.amount
    if not -MAX_TOTAL <= total <= MAX_TOTAL:
        what = "a life total" if isinstance(action, AdjustLife) else "a poison count"
        raise InvalidActionError(
            f"{action.type}: {what} stays from {-MAX_TOTAL:,} to {MAX_TOTAL:,} (it would be {total:,})"
        )


def _check_report(state: GameState, action: Report, catalog: Catalog) -> None:
    fu = state.face_up_object(action.source)
    if fu is None:
        raise IllegalActionError("603.2", f"there is no face-up planar card with id {action.source}")
    card = catalog[state.cards[fu.card].name]
    if not 0 <= action.ability < len(card.abilities):
        raise IllegalActionError("603.2", f"{card.name} has no ability {action.ability}")
    ability = card.abilities[action.ability]
    if TriggerKind.REPORTED_BY_YOU in ability.triggers:
        # 901.12c: with shared team turns, "you" is either player of the planar controller's team.
        reporters = () if state.planar_controller is None else state.team(state.planar_controller)
        if action.player not in (reporters if state.team_turns else (state.planar_controller,)):
            raise IllegalActionError(
                "901.6",
                f"{card.name}'s ability is about its controller's events: only the planar controller reports them",
            )
    elif TriggerKind.REPORTED not in ability.triggers:
        raise IllegalActionError(
            "603.2", f"{card.name}'s ability {action.ability} triggers on events the engine tracks itself"
        )


def _check_roll(state: GameState, seat: int) -> None:
    if state.markers is not None and (seat != state.active or not state.taking_turn):
        raise IllegalActionError("901.9", "only a player taking a turn with a turn marker may roll the planar die")
    if seat not in state.active_players:
        raise IllegalActionError(
            "901.12d" if state.team_turns else "901.9",
            "only a player of the active team may roll the planar die"
            if state.team_turns
            else "only the active player may roll the planar die",
        )
    if not state.planechase:
        raise IllegalActionError("901.1", "this game is played without Planechase: there is no planar die")
    if not state.step.is_main:
        raise IllegalActionError("901.9", "the planar die may be rolled only during a main phase")
    if not state.has_priority(seat):
        raise IllegalActionError("901.9", "the planar die may be rolled only while you have priority")
    if state.stack:
        raise IllegalActionError("901.9", "the planar die may be rolled only while the stack is empty")


def _check_cast(state: GameState, action: Cast) -> None:
    effect = OtherEffect(action.effect)
    if effect in (OtherEffect.COUNTER, OtherEffect.COPY):
        target = next((i for i in state.stack if i.id == action.target), None)
        if target is None:
            raise IllegalActionError("115.1", f"{effect.value} needs a target: the id of an object on the stack")
        if effect is OtherEffect.COPY and target.kind is StackKind.OTHER:
            raise IllegalActionError("707.10", "only triggered abilities of planar cards can be copied here")
    elif action.target is not None:
        raise IllegalActionError("115.1", f"a {effect.value} spell or ability has no target")


def _check_deploy(state: GameState, action: Deploy) -> None:
    table = state.seating
    if not table.deploys_creatures:
        raise IllegalActionError("804.1", f"{table.variant.label} doesn't use the deploy creatures option")
    if action.teammate not in table.teammates(action.player):
        raise IllegalActionError("804.2", "a creature can be deployed only to a teammate")
    if not 0 <= action.teammate < len(state.players) or not state.in_game(action.teammate):
        raise IllegalActionError("800.4b", "that teammate has left the game")
    if not state.in_range(action.player, action.teammate):
        raise IllegalActionError("801.4", "that teammate is outside your range of influence: it can't be targeted")
    # 804.2, 307.1: activate only as a sorcery.
    if action.player != state.active or not state.step.is_main or state.stack:
        raise IllegalActionError(
            "307.1", "deploy only as a sorcery: in a main phase of your turn, while the stack is empty"
        )


def is_legal(state: GameState, action: Action, catalog: Catalog = CATALOG) -> bool:
    try:
        check_action(state, action, catalog)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


def legal_actions(state: GameState, catalog: Catalog = CATALOG) -> list[Action]:
    """Every enumerable legal action (life and poison adjustments, which take any number, are left out)."""
    if state.over:
        return []
    if state.pending is not None:
        d = state.pending.decision
        choices: list[Action] = [Choose(player=d.player, decision=d.id, option=o.id) for o in d.options]
        return choices + [_concede_action(p) for p in state.seats_in_game]
    if state.markers is not None:
        # 807.5: each turn marker has its own stack and priority; actions name the marker.
        out: list[Action] = []
        for turn in melee.turns(state):
            if turn.taking_turn:
                here = melee.focused(state, turn.marker)
                out.extend(_priority_actions(here, turn.marker))
                out.extend(_report_actions(here, catalog))
        out.extend(_concede_action(p) for p in state.seats_in_game)
        return out
    return [
        *_priority_actions(state, None),
        *_report_actions(state, catalog),
        *(_concede_action(p) for p in state.seats_in_game),
    ]


def _priority_actions(state: GameState, marker: int | None) -> list[Action]:
    """What the player (or team) holding priority may do, and the active player's roll."""
    out: list[Action] = []
    holder = state.priority
    # 805.5a: with shared team turns, each player of the team holding priority may act.
    actors = () if holder is None else state.team(holder) if state.team_turns else (holder,)
    for seat in actors:
        out.append(_pass_action(seat, marker))
        if state.stack:
            out.append(_resolve_action(seat, marker))
            for item in state.stack:
                out.append(_counter_action(seat, item.id, marker))
                if item.kind is not StackKind.OTHER:
                    out.append(_copy_action(seat, item.id, marker))
        else:
            if seat in state.active_players and state.step.is_main and state.planechase:
                out.append(_roll_action(seat))
            out.extend(_advance_action(seat, to, marker) for to in advance_targets(state))
            if seat == state.active and state.step.is_main and state.seating.deploys_creatures:
                out.extend(Deploy(seat, mate) for mate in state.team(seat)[1:] if state.in_range(seat, mate))
        out.extend(_casts_action(seat, marker))
    return out


def _report_actions(state: GameState, catalog: Catalog) -> list[Report]:
    """Reports of untracked events for the face-up cards' abilities that wait for them."""
    out: list[Report] = []
    for fu in state.face_up:
        for index, ability in enumerate(catalog[state.cards[fu.card].name].abilities):
            if TriggerKind.REPORTED_BY_YOU in ability.triggers and state.planar_controller is not None:
                out.append(Report(state.planar_controller, fu.object_id, index))
            elif TriggerKind.REPORTED in ability.triggers:
                out.extend(Report(seat, fu.object_id, index) for seat in state.seats_in_game)
    return out


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


def force(state: GameState, *outcomes: str | DieFace) -> GameState:
    """A copy of ``state`` whose next chance draws are forced, for tests and replays: die faces
    (``"chaos"`` or :class:`DieFace`), ``"order:2,0,1"`` for a shuffle, ``"seat:1"`` for a random seat.

    >>> from planechase.engine.config import demo_config
    >>> s = force(new_game(demo_config()).state, "planeswalker")
    >>> s.forced
    ('die:planeswalker',)
    """
    new = state.copy()
    extra = tuple(f"die:{DieFace(o).value}" if isinstance(o, DieFace) or ":" not in o else o for o in outcomes)
    new.forced = (*new.forced, *extra)
    if new.pending is not None:
        # The pending action resumes by replaying from its base state: the outcomes go there too.
        new.pending = replace(new.pending, base=force(new.pending.base, *extra))
    return new
