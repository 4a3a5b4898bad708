"""Views: what a seat (or a spectator) sees of a game, as JSON-ready data.

Planar decks are face down: a view shows their sizes, never their order. Revealed cards and
face-up cards are public.
"""

from __future__ import annotations

from typing import Any

from ..cards.catalog import CATALOG
from ..cards.model import Catalog, TriggerKind
from ..variants.seating import attackable, influence
from .actions import Roll
from .reducer import advance_targets, is_legal
from .state import GameState, StackItem


def _stack_item(state: GameState, item: StackItem) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": item.id,
        "kind": item.kind.value,
        "controller": item.controller,
        "text": item.text,
        "source": state.name_of(item.card) if item.card is not None else None,
    }
    if item.targets:
        out["targets"] = list(item.targets)
    if item.kind.value == "other":
        out["effect"] = item.effect.value
        if item.target_item is not None:
            out["target"] = item.target_item
    if item.is_copy:
        out["copy"] = True
    return out


def view(state: GameState, seat: int | None = None, catalog: Catalog = CATALOG) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator). Every seat sees the same public facts in
    this variant; the pending decision's options are listed for everyone, marked with who decides."""
    players = []
    table = state.seating
    # 801.2c: who is within whose range was determined as the turn began.
    reach = (
        {seat: state.influence[seat] for seat in state.seats_in_game}
        if state.influence
        else influence(table, state.seats_in_game)
    )
    for p in state.players:
        players.append(
            {
                "seat": p.seat,
                "name": p.name,
                "life": p.life,
                "poison": p.poison,
                "status": p.status.value,
                "roll_cost": state.roll_cost(p.seat),
                "rolls_this_turn": state.rolls_made[p.seat],
                "planar_deck": len(state.deck_of(p.seat)) if not state.shared_deck else None,
                "team": table.seats[p.seat].team,
                "role": table.seats[p.seat].role.value,
                "range": table.seats[p.seat].range,
                "in_range": list(reach.get(p.seat, ())),
                "can_attack": list(attackable(table, state.seats_in_game, p.seat, reach.get(p.seat))),
            }
        )
    face_up = []
    for fu in state.face_up:
        card = catalog[state.name_of(fu.card)]
        face_up.append(
            {
                "object": fu.object_id,
                "name": card.name,
                "kind": card.kind,
                "type_line": card.type_line,
                "oracle_text": card.oracle_text,
                "owner": state.owner_of(fu.card),
                "counters": dict(fu.counters),
                "reminders": list(card.static_texts()),
                "reported": [
                    {"ability": i, "text": a.text, "by": "you" if TriggerKind.REPORTED_BY_YOU in a.triggers else "any"}
                    for i, a in enumerate(card.abilities)
                    if TriggerKind.REPORTED in a.triggers or TriggerKind.REPORTED_BY_YOU in a.triggers
                ],
            }
        )
    decision = None
    if state.pending is not None:
        d = state.pending.decision
        decision = {
            "id": d.id,
            "kind": d.kind.value,
            "player": d.player,
            "prompt": d.prompt,
            "rule": d.rule,
            "options": [{"id": o.id, "label": o.label} for o in d.options],
            "yours": seat == d.player,
        }
    can_roll = is_legal(state, Roll(state.active))
    return {
        "seat": seat,
        "turn": state.turn,
        "active": state.active,
        "step": state.step.value,
        "priority": state.priority,
        "planar_controller": state.planar_controller,
        "turn_order": "clockwise" if state.direction > 0 else "counterclockwise",
        "over": state.over,
        "winners": [p.seat for p in state.players if p.status.value == "won"],
        "players": players,
        "face_up": face_up,
        "shared_deck": state.shared_deck,
        "planar_deck_sizes": [len(d) for d in state.decks],
        "revealed": [state.name_of(c) for c in state.revealed],
        "stack": [_stack_item(state, i) for i in reversed(state.stack)],
        "resolving": None if state.resolving is None else _stack_item(state, state.resolving),
        "effects": [
            {"id": e.id, "kind": e.kind, "text": e.text, "duration": e.duration.value, "controller": e.controller}
            for e in state.effects
        ],
        "visited": [state.name_of(c) for c in state.visited],
        "decision": decision,
        "roll": {"player": state.active, "cost": state.roll_cost(state.active), "allowed": can_roll},
        "rollers": [
            {"player": who, "cost": state.roll_cost(who), "allowed": is_legal(state, Roll(who))}
            for who in state.active_players
        ],
        "variant": table.variant.value,
        "attack": table.attack.value,
        "teams": [list(team) for team in table.teams],
        "active_players": list(state.active_players),
        "advance_to": advance_targets(state) if not state.stack and state.pending is None else [],
    }
