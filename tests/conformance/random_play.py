"""Invariant checks for seeded random games (in the style of OpenSpiel's ``random_sim_test``).

:func:`check_random_game` plays the random game named by a seed (see
:mod:`planechase.sim.random_play`) through :class:`planechase.Game` and checks, after every action,
that the engine keeps its promises: planar cards are conserved, the roll cost counts only the special
action, ``legal_actions`` offers only legal actions, states round-trip through JSON, ``apply`` leaves
its input alone, undo restores the identical state, phenomena never linger (704.6f), and so on. Each
invariant is a function named ``check_...`` that raises :class:`AssertionError` with a readable
message. At the end of the game, the recorded actions are replayed from the same configuration and
must give the same log byte for byte, and the save must load back to the same final state.

A violation names the invariant, the seed and the number of actions taken before it, and
:func:`reproduction` prints a script that replays the game up to that point.

Run a few seeds by hand with ``.venv/bin/python -m tests.conformance.random_play 12 13 14``.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from planechase import (
    Action,
    Attack,
    Choose,
    Concede,
    Game,
    GameConfig,
    GameState,
    Pass,
    PlanechaseError,
    PlayerStatus,
    Roll,
    StepResult,
    action_from_dict,
    apply,
    is_legal,
    legal_actions,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
    view,
)
from planechase.cards.catalog import CATALOG
from planechase.cards.model import CANT_LOSE_EFFECT
from planechase.core.state import DecisionKind, FaceUpCard, StackKind
from planechase.engine import melee
from planechase.engine.turns import poison_limit
from planechase.sim.random_play import RandomAgent, Weights, random_config, random_game
from planechase.variants.turn_markers import markers_needed

from .map_checks import cards_on_map, check_eternities_map_consistent

#: A rule citation: a Comprehensive Rules number such as ``103.7``, ``901.9a`` or ``116.2i``.
RULE_NUMBER = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")

#: Invariant names, in the order they are reported.
CRASH = "engine_does_not_crash"
CARDS = "planar_cards_conserved"
CARDS_AT_DECISIONS = "planar_cards_conserved_at_decisions"
ROLL_COST = "roll_cost_counts_special_actions"
LEGAL = "legal_actions_are_accepted"
ROLL_OFFERED = "roll_offered_iff_allowed"
ROUND_TRIP = "state_round_trips"
NO_MUTATION = "apply_does_not_mutate"
UNDO = "undo_restores_state"
REPLAY = "same_seed_replays_identically"
SAVE_LOAD = "save_loads_same_state"
PHENOMENA = "phenomena_do_not_linger"
CONTROLLER = "single_planar_controller_in_game"
LIFE = "life_and_poison_match_events"
STATUS = "statuses_match_events"
TURN = "priority_and_decisions_in_game"
EVENTS = "events_cite_rules"
IDS = "object_ids_unique"
DRIVER = "driver_matches_game_loop"
VIEWS = "views_are_json_ready"
TEAMS = "teams_share_their_fate"
MARKERS = "turn_markers_match_turns"
MAP = "eternities_map_consistent"
TURN_ORDER = "normal_turns_follow_turn_order"
ATTACKS = "attacks_follow_the_attack_rules"
SKIPS = "skips_are_counted"


@dataclass(frozen=True)
class Violation:
    """An invariant that did not hold: which, in which game, after how many actions, and why."""

    invariant: str
    seed: int
    step: int
    message: str

    def __str__(self) -> str:
        return f"[{self.invariant}] seed {self.seed}, after {self.step} actions: {self.message}"


@dataclass
class Tracker:
    """What the checker keeps track of itself, from the actions it applied and the events it saw."""

    turn: int
    rolls: dict[int, list[int]]  # special-action rolls per player, by turn number
    life: list[int]
    poison: list[int]
    status: list[PlayerStatus]
    dealt: int
    turn_went_back: bool = False

    @classmethod
    def start(cls, config: GameConfig, state: GameState, events: Iterable[Any]) -> Tracker:
        n = len(state.players)
        tracker = cls(
            turn=state.turn,
            rolls={},
            life=[config.life_total] * n,
            poison=[0] * n,
            status=[PlayerStatus.IN_GAME] * n,
            dealt=len(state.cards),
        )
        tracker._events(events)
        return tracker

    def observe(self, before: GameState, action: Action, result: StepResult) -> None:
        """Count special-action rolls (901.9): a roll whose cost was zero, or whose cost was paid.
        Rolls by effects (a cast with effect ``roll``) are not counted (116.2i)."""
        n = len(before.players)
        if isinstance(action, Roll):
            decision = result.decision
            if decision is None or decision.kind is not DecisionKind.PAY_ROLL_COST:
                turn = _turn_of_roll(before, action.player)
                self.rolls.setdefault(turn, [0] * n)[action.player] += 1
        elif (
            isinstance(action, Choose)
            and before.pending is not None
            and before.pending.decision.kind is DecisionKind.PAY_ROLL_COST
            and action.option == "pay"
        ):
            self.rolls.setdefault(before.turn, [0] * n)[action.player] += 1
        if result.state.markers is None and result.state.turn != self.turn:
            self.turn_went_back = self.turn_went_back or result.state.turn < self.turn
            self.turn = result.state.turn
        self._events(result.events)

    def _events(self, events: Iterable[Any]) -> None:
        for event in events:
            data = event.data
            if event.type in ("life_changed", "life_adjusted"):
                for seat in data.get("players", [data["player"]]):  # 810.9: a shared life total
                    self.life[seat] += int(data["delta"])
            elif event.type == "poison_adjusted":
                for seat in data.get("players", [data["player"]]):
                    self.poison[seat] = max(0, self.poison[seat] + int(data["delta"]))
            elif event.type == "player_left":
                self.status[data["player"]] = PlayerStatus(data["status"])
            elif event.type == "game_over":
                winner = data.get("winner")
                if winner is not None:
                    for seat in data.get("winners", [winner]):  # 809.5a, 810.8a: the whole team wins
                        self.status[seat] = PlayerStatus.WON
                else:
                    self.status = [PlayerStatus.DRAWN if s is PlayerStatus.IN_GAME else s for s in self.status]
                    for seat in data.get("drawn", []):  # 809.5c
                        self.status[seat] = PlayerStatus.DRAWN


def _turn_of_roll(state: GameState, seat: int) -> int:
    """The turn a roll by ``seat`` is made in: in Grand Melee, the one ``seat`` takes with a marker."""
    if state.markers is None:
        return state.turn
    return melee.focused(state, melee.marker_for(state, seat, None, rolling=True)).turn


# -- invariants on one state ------------------------------------------------------------------


def each_turn(state: GameState) -> list[GameState]:
    """The state focused on each turn being taken: itself, or in Grand Melee once per turn marker
    someone is taking a turn with (807.4)."""
    if state.markers is None:
        return [state]
    return [melee.focused(state, t.marker) for t in melee.turns(state) if t.taking_turn]


def all_face_up(state: GameState) -> list[FaceUpCard]:
    """Every face-up planar card: in Grand Melee, each turn marker's (901.14)."""
    if state.markers is None:
        return list(state.face_up)
    return [fu for t in melee.turns(state) for fu in t.face_up]


def at_priority(state: GameState) -> bool:
    """A player has priority and nothing is waiting for a decision."""
    return not state.over and state.pending is None and state.priority is not None


def check_planar_cards_conserved(state: GameState, tracker: Tracker) -> None:
    """Every planar card is in exactly one place: a planar deck, face up, or out of the game."""
    places: list[int] = [c for deck in state.decks for c in deck]
    places += [fu.card for fu in all_face_up(state)]
    places += cards_on_map(state)
    places += list(state.removed)
    seen: dict[int, int] = {}
    for card in places:
        seen[card] = seen.get(card, 0) + 1
    dupes = sorted(c for c, n in seen.items() if n > 1)
    assert not dupes, f"cards in more than one place: {[state.name_of(c) for c in dupes]}"
    missing = sorted(set(range(len(state.cards))) - set(seen))
    where = f" while a decision is pending ({state.pending.decision.prompt})" if state.pending is not None else ""
    assert not missing, f"cards in no place{where}: {[state.name_of(c) for c in missing]}"
    assert len(places) == tracker.dealt == len(state.cards), (
        f"{len(places)} cards in play for {tracker.dealt} dealt at setup"
    )
    in_decks = {c for deck in state.decks for c in deck}
    for here in each_turn(state):
        assert set(here.revealed) <= in_decks, "revealed cards must still be in a planar deck"
    if not state.shared_deck:
        for seat, deck in enumerate(state.decks):
            strays = [state.name_of(c) for c in deck if state.cards[c].owner != seat]
            assert not strays, f"seat {seat}'s planar deck holds cards owned by others: {strays}"
        for card in state.removed:
            owner = state.cards[card].owner
            assert owner is not None and not state.in_game(owner), (
                f"{state.name_of(card)} left the game but its owner (seat {owner}) is still in it (800.4a)"
            )
        if not state.over:
            for fu in all_face_up(state):
                owner = state.cards[fu.card].owner
                assert owner is not None and state.in_game(owner), (
                    f"{state.name_of(fu.card)} is face up but its owner left the game (800.4a)"
                )


def check_roll_cost_counts_special_actions(state: GameState, tracker: Tracker) -> None:
    """The roll cost of each player is the number of times they took the special action this turn
    (901.9); effect rolls do not count (116.2i)."""
    if state.markers is None:
        assert state.turn == tracker.turn, f"turn {state.turn} but the checker is on turn {tracker.turn}"
    assert not tracker.turn_went_back, "the turn number went back"
    for here in each_turn(state):
        counted = tracker.rolls.get(here.turn, [0] * len(state.players))
        for seat in range(len(state.players)):
            assert here.roll_cost(seat) == counted[seat], (
                f"seat {seat}'s roll cost is {here.roll_cost(seat)} after {counted[seat]} special-action rolls "
                f"in turn {here.turn} (901.9, 116.2i)"
            )
            assert here.roll_cost(seat) >= 0, f"seat {seat}'s roll cost is negative"
            assert here.rolls_made[seat] >= here.rolls_taken[seat], (
                f"seat {seat} took the roll action {here.rolls_taken[seat]} times but rolled only "
                f"{here.rolls_made[seat]} times"
            )


def roll_allowed(state: GameState, seat: int) -> bool:
    """901.9, 116.2i: the active player, in a main phase, with priority and an empty stack, with no
    decision pending, in a game that is not over. In Grand Melee, in the turn ``seat`` is taking."""
    if state.markers is not None:
        return any(
            _roll_allowed_here(here, seat) for here in each_turn(state) if here.active == seat and here.taking_turn
        )
    return _roll_allowed_here(state, seat)


def _roll_allowed_here(state: GameState, seat: int) -> bool:
    return (
        not state.over
        and state.planechase
        and state.pending is None
        and seat in state.active_players  # 901.12d: each player of the active team
        and state.in_game(seat)
        and state.step.is_main
        and state.has_priority(seat)  # 805.5a: their team holds priority
        and not state.stack
    )


def check_roll_offered_iff_allowed(state: GameState, legal: Sequence[Action]) -> None:
    """``Roll`` is offered, and accepted, exactly when the rules allow it."""
    offered = {a.player for a in legal if isinstance(a, Roll)}
    for seat in range(len(state.players)):
        allowed = roll_allowed(state, seat)
        assert (seat in offered) == allowed, (
            f"Roll({seat}) {'is' if seat in offered else 'is not'} offered but the rules "
            f"{'allow' if allowed else 'forbid'} it (step {state.step.value}, active {state.active}, "
            f"priority {state.priority}, stack {len(state.stack)}, pending {state.pending is not None})"
        )
        assert is_legal(state, Roll(seat)) == allowed, (
            f"is_legal(Roll({seat})) is {not allowed} but the rules {'allow' if allowed else 'forbid'} it"
        )


def check_legal_actions_are_accepted(state: GameState, legal: Sequence[Action], *, full: bool) -> None:
    """Every action ``legal_actions`` offers passes the legality check (and, with ``full``, ``apply``
    accepts it without error); no action is offered after the game ends, and a pending decision
    allows only its own options."""
    assert bool(legal) != state.over, f"{len(legal)} legal actions but over={state.over}"
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    for action in legal:
        assert is_legal(state, action), f"{action!r} is offered but check_action refuses it"
        if full:
            assert action_from_dict(action.to_dict()) == action, f"{action!r} does not round-trip through its JSON form"
            apply(state, action)
    if state.pending is not None:
        decision = state.pending.decision
        expected: set[Action] = {Choose(decision.player, decision.id, o.id) for o in decision.options}
        expected |= {Concede(seat) for seat in state.seats_in_game}
        assert set(legal) == expected, "with a decision pending, only its options and concessions (104.3a) are offered"
        assert decision.options, f"decision {decision.id} has no options"
    elif state.markers is not None:
        holders = set()
        for here in each_turn(state):
            if here.priority is not None:
                holders.add(here.priority)
                assert Pass(here.priority, marker=here.focus) in legal, "the player with priority may always pass"
        for seat in state.seats_in_game:
            if seat not in holders:
                assert not is_legal(state, Pass(seat)), f"seat {seat} may pass without priority on any stack"
    elif at_priority(state):
        assert state.priority is not None
        assert Pass(state.priority) in legal, "the player with priority may always pass"
        for seat in state.seats_in_game:
            if not state.has_priority(seat):
                assert not is_legal(state, Pass(seat)), f"seat {seat} may pass without priority"


def check_state_round_trips(state: GameState, *, full: bool = True) -> None:
    """The state survives a trip through JSON text: ``state_to_dict`` gives JSON-serializable data
    that ``state_from_dict`` turns back into an equal state. With ``full``, also the direct dict
    round trip and ``state_to_json``/``state_from_json``."""
    data = state_to_dict(state)
    text = json.dumps(data, sort_keys=True)
    assert state_from_dict(json.loads(text)) == state, "the state does not survive a trip through JSON text"
    if full:
        assert state_from_dict(data) == state, "state_from_dict(state_to_dict(s)) != s"
        assert state_from_json(state_to_json(state)) == state, "state_from_json(state_to_json(s)) != s"


def check_views_are_json_ready(state: GameState) -> None:
    """``view`` works for every seat and for spectators, is JSON-ready, and agrees with the state on
    who may roll, deck sizes and the face-up cards."""
    for seat in (None, *range(len(state.players))):
        shown = view(state, seat)
        json.dumps(shown)
        assert shown["roll"]["allowed"] == roll_allowed(state, state.active), (
            f"the view says rolling is {'allowed' if shown['roll']['allowed'] else 'not allowed'}, the rules disagree"
        )
        assert shown["planar_deck_sizes"] == [len(d) for d in state.decks], "the view shows other deck sizes"
        assert [f["object"] for f in shown["face_up"]] == [f.object_id for f in state.face_up], (
            "the view shows other face-up cards"
        )
        if shown["decision"] is not None:
            assert shown["decision"]["yours"] == (seat == shown["decision"]["player"]), "decision.yours is wrong"


def check_phenomena_do_not_linger(state: GameState) -> None:
    """704.6f, 312.7: when a player would receive priority, a face-up phenomenon that is not the
    source of an ability waiting to be put on the stack or on the stack has been left."""
    for here in each_turn(state):
        if not at_priority(here):
            continue
        assert not here.pending_triggers, "a player has priority while triggered abilities wait (117.5, 603.3)"
        sources = {item.source for item in here.stack}
        for fu in here.face_up:
            if not CATALOG[here.name_of(fu.card)].is_plane:
                assert fu.object_id in sources, (
                    f"phenomenon {here.name_of(fu.card)} is face up at priority with no ability of it on the "
                    f"stack (704.6f)"
                )


def check_single_planar_controller_in_game(state: GameState) -> None:
    """901.6: one planar controller, a player in the game; the active player while they are in it. With
    shared team turns, turns (extra turns too, 805.8) are the team's, under its primary player, who is the
    planar controller (805.2, 805.4, 901.12b)."""
    if state.over:
        return
    if state.team_turns:
        assert state.unit_of(state.active) == state.active, (
            f"seat {state.active} is the active player but not its team's primary player "
            f"(seat {state.unit_of(state.active)}) (805.4, 805.8, 901.12b)"
        )
    for here in each_turn(state):
        pc = here.planar_controller
        if not here.planechase:
            assert pc is None and not all_face_up(here), "a game without Planechase has a planar controller or planes"
            continue
        if here.markers is not None and pc is None:
            continue  # 901.14b: a departed planar controller's marker has none until it is passed on
        assert pc is not None, "a game in progress has no planar controller (901.6)"
        assert here.in_game(pc), f"the planar controller (seat {pc}) has left the game (901.6)"
        if here.in_game(here.active):
            assert pc == here.active, (
                f"the planar controller is seat {pc}, not the active player {here.active} (901.6, 901.14a)"
            )


def check_life_and_poison_match_events(state: GameState, tracker: Tracker) -> None:
    """Life totals and poison counters are what the logged changes add up to."""
    for p in state.players:
        assert p.life == tracker.life[p.seat], (
            f"{p.name} has {p.life} life but the events add up to {tracker.life[p.seat]}"
        )
        assert p.poison == tracker.poison[p.seat], (
            f"{p.name} has {p.poison} poison counters but the events add up to {tracker.poison[p.seat]}"
        )
        assert p.poison >= 0, f"{p.name} has negative poison counters"
    if at_priority(state):
        # Celestine Reef: a player under a "can't lose the game" effect stays in at 0 life (101.1).
        cant_lose = {e.controller for e in state.effects if e.kind == CANT_LOSE_EFFECT}
        cant_lose |= {m for seat in cant_lose for m in state.team(seat)} if state.team_turns else set()
        limit = poison_limit(state)  # 704.5c; 810.8d for a Two-Headed Giant team
        for p in state.players:
            if p.in_game and p.seat not in cant_lose:
                assert p.life > 0 and p.poison < limit, (
                    f"{p.name} has {p.life} life and {p.poison} poison at priority but is still in the game "
                    f"(704.5a, 704.5c)"
                )


def check_statuses_match_events(state: GameState, tracker: Tracker) -> None:
    """Players leave only with a logged reason; a game in progress has at least two players in it, a
    finished one none, and at most one winner (104.2a, 104.4a)."""
    for p in state.players:
        assert p.status is tracker.status[p.seat], (
            f"{p.name} is {p.status.value} but the events say {tracker.status[p.seat].value}"
        )
    in_game = state.seats_in_game
    table = state.seating
    winners = [p.seat for p in state.players if p.status is PlayerStatus.WON]
    sides = {seat if table.team_of(seat) is None else -1 - (table.team_of(seat) or 0) for seat in winners}
    assert len(sides) <= 1, f"winners on several sides: {winners}"
    if state.over:
        assert not in_game, f"the game is over but seats {in_game} are still in it"
    else:
        teams_in = {seat if table.team_of(seat) is None else -1 - (table.team_of(seat) or 0) for seat in in_game}
        assert len(teams_in) >= 2, f"the game goes on with {len(teams_in)} side(s) in it (104.2a)"
        assert not winners, "a player has won but the game goes on"


def check_teams_share_their_fate(state: GameState) -> None:
    """Two-Headed Giant teammates share life, poison and result (810.4, 810.8a, 810.10); an Emperor team
    has no general in the game once its emperor is out (809.5); every player's result is their team's
    once the game is over."""
    table = state.seating
    for index, team in enumerate(table.teams):
        leader = state.players[table.leader(index)]
        if state.team_turns:
            shared = {(state.players[m].life, state.players[m].poison, state.players[m].status) for m in team}
            assert len(shared) == 1, f"team {index + 1} does not share life, poison and status: {shared}"
        elif not leader.in_game:
            stray = [m for m in team if state.in_game(m)]
            assert not stray, f"the emperor of team {index + 1} is out but seats {stray} play on (809.5b)"
        if state.over:
            results = {state.players[m].status for m in team}
            assert results == {leader.status}, f"team {index + 1} has mixed results {results} (809.5, 810.8a)"


def check_priority_and_decisions_in_game(state: GameState) -> None:
    """Priority and decisions belong to players in the game (800.4j); abilities on the stack are
    controlled by players in the game (800.4a); a game in progress always waits for someone."""
    if state.over:
        assert state.priority is None and state.pending is None, "the game is over but someone is asked to act"
        return
    if state.pending is not None:
        seat = state.pending.decision.player
        assert state.in_game(seat), f"seat {seat} must decide but has left the game"
        return
    for here in each_turn(state):
        assert here.priority is not None, "nobody has priority and no decision is pending in a game in progress"
        assert here.in_game(here.priority), f"seat {here.priority} has priority but left the game (800.4j)"
        if here.markers is not None:
            assert here.priority in here.priority_players(), (
                f"seat {here.priority} has priority for marker {here.focus}'s stack but is out of its range (807.5a)"
            )
        for item in here.stack:
            assert here.in_game(item.controller), (
                f"stack object {item.id} is controlled by seat {item.controller}, who left the game (800.4a)"
            )


def check_object_ids_unique(state: GameState) -> None:
    """Face-up objects and stack objects have distinct ids, all below ``next_id``; counters are positive."""
    turns = melee.turns(state) or (state,)
    ids = [fu.object_id for fu in all_face_up(state)]
    ids += [i.id for t in turns for i in (*t.stack, *t.pending_triggers)]
    assert len(ids) == len(set(ids)), f"object ids repeat: {sorted(ids)}"
    assert all(i < state.next_id for i in ids), "an object id is not below next_id"
    for fu in all_face_up(state):
        assert all(n > 0 for _, n in fu.counters), f"{state.name_of(fu.card)} has a non-positive counter count"
    planeswalking = [i for t in turns for i in t.stack if i.kind is StackKind.PLANESWALKING]
    assert all(i.card is None for i in planeswalking), "the planeswalking ability has no source card (901.8)"


def check_turn_markers_match_turns(state: GameState) -> None:
    """Grand Melee (807.4): each turn marker in play has its own turn, stack and planar cards; a turn is
    taken with a marker exactly when the marker says so, by its holder, who is its planar controller
    (901.14a); no two markers' holders taking turns are within three seats of each other (807.4d); the
    markers not designated for removal are one per full four players, and at least one (807.4a)."""
    if state.markers is None:
        assert not state.melee and state.focus == 0, "a game that isn't Grand Melee has turn markers"
        return
    turns = {t.marker: t for t in melee.turns(state)}
    markers = {m.number: m for m in state.markers.markers}
    assert set(turns) == set(markers), f"turns for markers {sorted(turns)} but markers {sorted(markers)} in play"
    if state.over or state.pending is not None:
        return  # in the middle of an action, turns may not have begun yet
    assert state.taking_turn, "the engine is focused on a marker nobody is taking a turn with"
    for number, m in markers.items():
        t = turns[number]
        assert t.taking_turn == m.taking_turn, f"marker {number}: taking a turn is {t.taking_turn} vs {m.taking_turn}"
        if t.taking_turn:
            assert t.active == m.holder, f"marker {number} is held by seat {m.holder} but seat {t.active} is active"
        if not t.taking_turn:
            assert not t.stack and t.priority is None, f"marker {number} has no turn but a stack or priority"
    needed = markers_needed(len(state.seats_in_game))
    assert state.markers.effective_count() == needed, (
        f"{state.markers.effective_count()} markers not designated for removal for {len(state.seats_in_game)} "
        f"players (807.4a, 807.4f)"
    )
    live = [m.holder for m in markers.values() if m.taking_turn]
    assert live or not state.seats_in_game, "nobody is taking a turn"


def check_events_cite_rules(events: Iterable[Any]) -> None:
    """Every event names at least one Comprehensive Rules number, and is JSON-serializable."""
    for event in events:
        assert event.rules, f"event {event.type!r} cites no rule"
        bad = [r for r in event.rules if not RULE_NUMBER.match(r)]
        assert not bad, f"event {event.type!r} cites {bad}, which are not rule numbers ({event.text!r})"
        json.dumps(event.to_dict())


# -- whole-game checks ------------------------------------------------------------------------


def check_same_seed_replays_identically(config: GameConfig, actions: Sequence[Action], game: Game) -> None:
    """The same configuration and actions give the same log, byte for byte, and the same state."""
    again = Game(config)
    for action in actions:
        again.act(action)
    first, second = game.log_lines(), again.log_lines()
    assert len(first) == len(second), f"{len(first)} log lines, then {len(second)} on replay"
    for index, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a == b, f"log line {index} differs on replay:\n  {a[:300]}\n  {b[:300]}"
    assert again.state == game.state, "the replayed game ends in a different state"


def check_save_loads_same_state(game: Game) -> None:
    """``Game.load(game.save())`` reproduces the final state and the log (through JSON text)."""
    save = json.loads(json.dumps(game.save()))
    loaded = Game.load(save)
    assert loaded.state == game.state, "Game.load(game.save()) ends in a different state"
    assert loaded.log_lines() == game.log_lines(), "Game.load(game.save()) has a different log"


def check_driver_matches_game_loop(
    seed: int, actions: Sequence[Action], game: Game, max_actions: int, weights: Weights | None
) -> None:
    """The pure-core driver (``planechase.sim.random_game``) plays the same game as this checker's
    :class:`Game` loop: same actions, same final state."""
    playout = random_game(seed, max_actions=max_actions, weights=weights)
    assert list(playout.actions) == list(actions), "the pure driver chose different actions"
    assert playout.final == game.state, "the pure driver ended in a different state"


def check_undo_restores_state(game: Game, action: Action) -> None:
    """Apply ``action``, undo it: the identical state comes back; redoing it gives the same events and state."""
    saved = game.state
    saved_dict = state_to_dict(saved)
    events = game.act(action)
    after = game.state
    game.undo()
    assert game.state == saved, "undo did not restore the state"
    assert state_to_dict(game.state) == saved_dict, "undo did not restore the state (serialized)"
    again = game.act(action)
    assert again == events, "redoing the action after undo gave different events"
    assert game.state == after, "redoing the action after undo gave a different state"
    game.undo()


# -- the harness ------------------------------------------------------------------------------


@dataclass
class GameReport:
    """What checking one game found."""

    seed: int
    config: GameConfig
    actions: list[Action] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    over: bool = False
    event_types: dict[str, int] = field(default_factory=dict)

    def violated(self, invariant: str) -> bool:
        return any(v.invariant == invariant for v in self.violations)


@dataclass
class _Game:
    report: GameReport

    def check(self, invariant: str, fn: Callable[[], object]) -> Any:
        """Run one check; record its first failure in this game."""
        try:
            return fn()
        except AssertionError as exc:
            self._record(invariant, str(exc) or "assertion failed")
        except Exception as exc:  # a crash inside a check is a violation of that invariant
            self._record(invariant, f"{type(exc).__name__}: {exc}")
        return None

    def _record(self, invariant: str, message: str) -> None:
        if not self.report.violated(invariant):
            self.report.violations.append(Violation(invariant, self.report.seed, len(self.report.actions), message))


def check_random_game(
    seed: int,
    *,
    max_actions: int = 300,
    full_apply_every: int = 7,
    undo_every: int = 5,
    weights: Weights | None = None,
) -> GameReport:
    """Play the random game named by ``seed`` through :class:`Game`, checking every invariant after
    every action. Every ``full_apply_every``-th step also applies each legal action; every
    ``undo_every``-th step also checks undo and redo."""
    rng = random.Random(seed)
    config = random_config(rng, seed=seed)
    agent = RandomAgent(rng, weights or Weights())
    report = GameReport(seed, config)
    g = _Game(report)
    try:
        game = Game(config)
    except PlanechaseError as exc:
        g._record(CRASH, f"the random configuration does not start: {exc}")
        return report
    state = game.state
    tracker = Tracker.start(config, state, game.history[0].events)
    g.check(EVENTS, lambda: check_events_cite_rules(game.history[0].events))
    for step in range(max_actions):
        if not _play_step(g, game, agent, tracker, full=step % full_apply_every == 0, undo=step % undo_every == 0):
            break
    final = game.state
    _check_state(g, final, tracker, legal_actions(final), full=True)
    report.over = final.over
    for event in game.events():
        report.event_types[event.type] = report.event_types.get(event.type, 0) + 1
    g.check(REPLAY, lambda: check_same_seed_replays_identically(config, report.actions, game))
    g.check(SAVE_LOAD, lambda: check_save_loads_same_state(game))
    g.check(DRIVER, lambda: check_driver_matches_game_loop(seed, report.actions, game, max_actions, weights))
    return report


def _play_step(g: _Game, game: Game, agent: RandomAgent, tracker: Tracker, *, full: bool, undo: bool) -> bool:
    """Check the current state, then choose, check and apply one action; return whether the game goes on."""
    before = game.state
    legal = legal_actions(before)
    _check_state(g, before, tracker, legal, full=full)
    if not legal:
        return False
    action = agent.choose(before, legal)
    before_dict = state_to_dict(before)
    if undo:
        g.check(UNDO, lambda: check_undo_restores_state(game, action))
    try:
        events = game.act(action)
    except Exception as exc:
        g._record(CRASH, f"{action.to_dict()} raised {type(exc).__name__}: {exc}")
        return False
    result = StepResult(game.state, events)
    g.report.actions.append(action)
    g.check(NO_MUTATION, lambda: _assert_unchanged(before, before_dict))
    g.check(EVENTS, lambda: check_events_cite_rules(result.events))
    g.check(TURN_ORDER, lambda: check_normal_turns_follow_turn_order(before, result))
    g.check(ATTACKS, lambda: check_attacks_follow_the_attack_rules(before, action, result))
    g.check(SKIPS, lambda: check_skips_are_counted(before, result))
    tracker.observe(before, action, result)
    return True


def _check_state(g: _Game, state: GameState, tracker: Tracker, legal: Sequence[Action], *, full: bool) -> None:
    g.check(
        CARDS if state.pending is None else CARDS_AT_DECISIONS, lambda: check_planar_cards_conserved(state, tracker)
    )
    g.check(ROLL_COST, lambda: check_roll_cost_counts_special_actions(state, tracker))
    g.check(LEGAL, lambda: check_legal_actions_are_accepted(state, legal, full=full))
    g.check(ROLL_OFFERED, lambda: check_roll_offered_iff_allowed(state, legal))
    g.check(ROUND_TRIP, lambda: check_state_round_trips(state, full=full))
    g.check(PHENOMENA, lambda: check_phenomena_do_not_linger(state))
    g.check(CONTROLLER, lambda: check_single_planar_controller_in_game(state))
    g.check(LIFE, lambda: check_life_and_poison_match_events(state, tracker))
    g.check(STATUS, lambda: check_statuses_match_events(state, tracker))
    g.check(TURN, lambda: check_priority_and_decisions_in_game(state))
    g.check(IDS, lambda: check_object_ids_unique(state))
    g.check(TEAMS, lambda: check_teams_share_their_fate(state))
    g.check(MARKERS, lambda: check_turn_markers_match_turns(state))
    g.check(MAP, lambda: check_eternities_map_consistent(state))
    if full:
        g.check(VIEWS, lambda: check_views_are_json_ready(state))


def check_normal_turns_follow_turn_order(before: GameState, result: StepResult) -> None:
    """500.1, 500.7, 614.10: a normal turn (one that begins, or one that is skipped) goes to the next player
    in the game in turn order after the last normal turn; extra turns come in between. Checked outside
    Grand Melee and shared team turns, and when nobody left during the action."""
    if before.markers is not None or before.team_turns or before.turn == 0:
        return
    if any(e.type == "player_left" for e in result.events):
        return
    state = result.state
    last = before.normal_turn
    n = len(state.players)
    for event in result.events:
        normal = event.type in ("turn_began", "turn_skipped") and not event.data.get("extra", False)
        if not normal or "player" not in event.data or (event.type == "turn_skipped" and "614.10" not in event.rules):
            continue
        expected = next(seat for k in range(1, n + 1) if state.in_game(seat := (last + k * state.direction) % n))
        assert event.data["player"] == expected, (
            f"{event.type} for seat {event.data['player']}, but seat {expected} is next in turn order after {last}"
        )
        last = expected


def check_attacks_follow_the_attack_rules(before: GameState, action: Action, result: StepResult) -> None:
    """508.1, 508.1c: every declared pair attacks an opponent the attacker may attack (801.3, 802, 803,
    805.10, 809.3c) and whom no "can't attack you" effect protects."""
    declared = [e for e in result.events if e.type == "attackers_declared"]
    if not declared:
        return
    assert isinstance(action, Attack), f"attackers declared by a {action.type} action"
    state = (
        before
        if before.markers is None
        else melee.focused(before, melee.marker_for(before, action.player, action.marker, rolling=True))
    )
    protected = {e.controller for e in state.effects if e.kind == "creatures_cant_attack_you"}
    for attacker, defender in (tuple(pair) for pair in declared[0].data["attacks"]):
        assert attacker in state.active_players, f"seat {attacker} attacks but is not an active player"
        assert defender in state.can_attack(attacker), f"seat {attacker} may not attack seat {defender}"
        assert defender not in protected, f"seat {defender} can't be attacked (Agyrem)"


def check_skips_are_counted(before: GameState, result: StepResult) -> None:
    """614.10a: each skip an effect adds is used up by exactly one skipped turn, step or phase."""
    added = sum(1 for e in result.events if e.type == "skip_added")
    used = sum(1 for e in result.events if e.type in ("turn_skipped", "step_skipped") and "614.10a" in e.rules)
    if before.pending is not None or result.state.pending is not None:
        return  # an action under way: counted when it is carried out whole
    assert len(result.state.skips) == len(before.skips) + added - used, (
        f"{len(before.skips)} skips + {added} added - {used} used != {len(result.state.skips)}"
    )


def _assert_unchanged(state: GameState, before: dict[str, Any]) -> None:
    assert state_to_dict(state) == before, "apply changed the state it was given"


# -- reproductions ----------------------------------------------------------------------------


def game_prefix(seed: int, step: int, *, max_actions: int = 300) -> tuple[GameConfig, list[Action]]:
    """The configuration of the game named by ``seed`` and its first ``step`` actions."""
    playout = random_game(seed, max_actions=min(step, max_actions))
    return playout.config, list(playout.actions)


def reproduction(seed: int, step: int) -> str:
    """A script that replays the game named by ``seed`` up to ``step`` actions."""
    config, actions = game_prefix(seed, step)
    lines = [
        "from planechase import Game, GameConfig",
        f"game = Game(GameConfig.from_dict({json.dumps(config.to_dict())}))",
        f"for action in {json.dumps([a.to_dict() for a in actions])}:",
        "    game.act(action)",
        "print(game.view())",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """Check the games named on the command line and print any violations with a reproduction."""
    bad = 0
    for arg in argv or ["0"]:
        report = check_random_game(int(arg))
        status = "over" if report.over else "capped"
        print(f"seed {report.seed}: {len(report.actions)} actions, {status}, {len(report.violations)} violation(s)")
        for v in report.violations:
            bad += 1
            print(f"  {v}")
            print("  reproduction:\n" + "\n".join("    " + line for line in reproduction(v.seed, v.step).splitlines()))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
