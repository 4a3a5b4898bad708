"""Views: what a seat (or a spectator) sees of a game, as JSON-ready data.

Planar decks are face down: a view shows their sizes, never their order. Revealed cards and
face-up cards are public.
"""

from __future__ import annotations

from typing import Any

from ..cards.catalog import CATALOG
from ..cards.model import Catalog, TriggerKind
from ..planar.eternities import move_under_way
from ..variants.eternities_map import distance
from ..variants.seating import attackable, influence
from . import melee
from .actions import Roll
from .reducer import advance_targets, is_legal
from .state import FaceUpCard, GameState, StackItem


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


def _face_up_card(state: GameState, fu: FaceUpCard, catalog: Catalog) -> dict[str, Any]:
    card = catalog[state.name_of(fu.card)]
    return {
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


def _roll(state: GameState, seat: int) -> dict[str, Any]:
    """``seat``'s planar die roll: what it costs and whether it is allowed now (901.9)."""
    return {"player": seat, "cost": state.roll_cost(seat), "allowed": is_legal(state, Roll(seat))}


def _advance_to(state: GameState) -> list[str]:
    return advance_targets(state) if not state.stack and state.pending is None else []


def _turn_markers(state: GameState, catalog: Catalog) -> list[dict[str, Any]]:
    """Grand Melee: each turn marker's own part of the game, in marker order (807.4, 807.5, 901.14);
    ``[]`` in other variants. A marker nobody is taking a turn with has no turn, step, active player,
    roll or ``advance_to``."""
    if state.markers is None:
        return []
    held = {m.number: m for m in state.markers.markers}
    out = []
    for t in melee.turns(state):
        here = melee.focused(state, t.marker)  # the per-turn queries, asked of this marker's stack
        marker = held.get(t.marker)
        out.append(
            {
                "marker": t.marker,
                "holder": None if marker is None else marker.holder,
                "taking_turn": t.taking_turn,
                "removals": 0 if marker is None else marker.removals,
                "turn": t.turn if t.taking_turn else None,
                "active": t.active if t.taking_turn else None,
                "step": t.step.value if t.taking_turn else None,
                "priority": t.priority,
                "planar_controller": t.planar_controller,
                "stack": [_stack_item(state, i) for i in reversed(t.stack)],
                "face_up": [_face_up_card(state, fu, catalog) for fu in t.face_up],
                "roll": _roll(here, t.active) if t.taking_turn else None,
                "advance_to": _advance_to(here) if t.taking_turn else [],
            }
        )
    return out


def _eternities_map(state: GameState, catalog: Catalog) -> dict[str, Any] | None:
    """The Eternities Map as the table sees it; ``None`` in a game without it. Face-down cards show no
    name. ``moves`` lists where a planeswalk could go now (a move under way has none to choose)."""
    m = state.eternities
    if m is None:
        return None
    face_up = {fu.card for fu in state.face_up}
    spaces = []
    for cell in m.cells:
        card = catalog[state.name_of(cell.card)] if cell.face_up else None
        spaces.append(
            {
                "x": cell.x,
                "y": cell.y,
                "face_up": cell.face_up,
                "name": None if card is None else card.name,
                "kind": None if card is None else card.kind,
                "current": cell.position == m.position,
                "planeswalked_to": cell.card in face_up,
                "distance": distance(cell.position, m.position),
                "counters": dict(cell.counters),
            }
        )
    can_deal = bool(state.decks[0])
    under_way = move_under_way(state, catalog)
    return {
        "rules": m.rules.to_dict(),
        "settings": {
            "profile": m.rules.profile,
            "phenomena": m.rules.phenomena.value,
            "hellride_chance": m.rules.hellride_chance,
            "move_chance": m.rules.move_chance,
            "visibility": m.rules.visibility.value,
            "radius": m.rules.radius,
            "counters": m.rules.counters.value,
        },
        "description": m.rules.describe(),
        "position": list(m.position),
        "spaces": spaces,
        "deck": len(state.decks[0]),
        "phenomenon_pile": len(state.decks[1]) if m.rules.phenomena.value == "pile" else None,
        "arriving": m.arriving,
        "tunnel": m.tunnel,
        "moves": []
        if under_way
        else [
            {"direction": d.value, "x": x, "y": y, "hellride": d.hellride} for d, (x, y) in m.moves(can_deal=can_deal)
        ],
        "beside": [
            state.name_of(fu.card)
            for fu in state.face_up
            if fu.card != m.card_at(m.position) and catalog[state.name_of(fu.card)].is_plane
        ],
    }


def view(state: GameState, seat: int | None = None, catalog: Catalog = CATALOG) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator). Every seat sees the same public facts in
    this variant; the pending decision's options are listed for everyone, marked with who decides.

    In Grand Melee the turn fields (``turn``, ``active``, ``step``, ``priority``, ``stack``, ``face_up``,
    ``roll``, ``advance_to``...) describe the focused turn marker, ``focus``; ``turn_markers`` gives every
    marker's turn, stack and planes (807.5, 901.14). ``eternities_map`` is the map (its rules, position,
    spaces and the moves from here) in an Eternities Map game, else ``None``.

    >>> from planechase.engine.config import GameConfig
    >>> from planechase.engine.reducer import new_game
    >>> names = [f"P{n}" for n in range(12)]
    >>> v = view(new_game(GameConfig(players=names, variant="grand_melee", planechase=False, starting_player=0)).state)
    >>> v["focus"], [(m["marker"], m["holder"], m["step"]) for m in v["turn_markers"]]
    (1, [(1, 0, 'upkeep'), (2, 4, 'upkeep'), (3, 8, 'upkeep')])
    """
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
    roll = _roll(state, state.active)
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
        "face_up": [_face_up_card(state, fu, catalog) for fu in state.face_up],
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
        "roll": roll,
        "rollers": [roll if who == state.active else _roll(state, who) for who in state.active_players],
        "variant": table.variant.value,
        "attack": table.attack.value,
        "teams": [list(team) for team in table.teams],
        "active_players": list(state.active_players),
        "advance_to": _advance_to(state),
        "focus": state.focus if state.markers is not None else None,
        "turn_markers": _turn_markers(state, catalog),
        "eternities_map": _eternities_map(state, catalog),
    }
