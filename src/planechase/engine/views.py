"""Views: what a seat (or a spectator) sees of a game, as JSON-ready data.

Planar decks are face down: a view shows their sizes, never their order. Revealed cards and
face-up cards are public.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Any, TypeVar

from ..cards.model import Catalog, TriggerKind
from ..cards.translations import LANGUAGES, SOURCE_LANGUAGE, card_text
from ..core.actions import Roll
from ..core.state import (
    DecisionKind,
    Duration,
    FaceUpCard,
    GameState,
    OtherEffect,
    PlayerStatus,
    StackItem,
    StackKind,
    Step,
)
from ..errors import IllegalActionError, InvalidActionError, PlanechaseError
from ..planar.eternities import move_under_way
from ..variants.eternities_map import distance
from ..variants.seating import Seating, attackable, influence
from . import melee
from .legality import check_action
from .reducer import advance_targets

# -- caches -----------------------------------------------------------------------------------------
# A view is made after every action, for every table: the parts that depend only on immutable values
# (the seating, who is in the game, the ranges fixed at turn start, a card of the catalog) are worked
# out once and cached as tuples; each view copies them into fresh lists and dicts, so that changing a
# view never changes a cache or the next view.

_E = TypeVar("_E", bound=StrEnum)


def _values(kind: type[_E]) -> dict[_E, str]:
    """Each member's value, looked up faster than ``member.value`` (an enum property)."""
    return {member: member.value for member in kind}


_STEP = _values(Step)
_STATUS = _values(PlayerStatus)
_STACK_KIND = _values(StackKind)
_EFFECT = _values(OtherEffect)
_DURATION = _values(Duration)
_DECISION = _values(DecisionKind)

#: One seat's part of the view: team, role, range, who is within its range and whom it may attack.
_SeatFields = tuple[int | None, str, int | None, tuple[int, ...], tuple[int, ...]]

#: The seating's part of a view: each seat's fields (by seat), the variant, the attack option and the teams.
_SeatingFields = tuple[tuple[_SeatFields, ...], str, str, tuple[tuple[int, ...], ...]]

_SeatingKey = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]
_SEATING_CACHE: dict[_SeatingKey, tuple[Seating, _SeatingFields]] = {}
_SEATING_CACHE_SIZE = 8192


def _seat_map(table: Seating, in_game: tuple[int, ...], fixed: tuple[tuple[int, ...], ...]) -> tuple[_SeatFields, ...]:
    """Every seat's team, role, range of influence, the players within that range and the players its
    creatures may attack, by seat, for the players ``in_game``. ``fixed`` is who was within whose range as
    the turn began (801.2c, ``GameState.influence``); when it is empty, ranges are worked out from
    ``in_game`` (801.2).

    >>> from planechase.variants.seating import seating
    >>> table = seating("free_for_all", 4, range_of_influence=1, attack="left")
    >>> _seat_map(table, (0, 1, 2, 3), ())[0]
    (None, 'player', 1, (0, 1, 3), (1,))
    >>> _seat_map(table, (0, 2, 3), ())[0]  # 801.2: seat 1 left, the circle closes
    (None, 'player', 1, (0, 2, 3), (2,))
    >>> turn_start = ((0, 1, 3), (0, 1, 2), (1, 2, 3), (0, 2, 3))  # 801.2c: fixed before seat 1 left
    >>> _seat_map(table, (0, 2, 3), turn_start)[0]  # seat 2 is now to the left, but was out of range
    (None, 'player', 1, (0, 1, 3), ())
    >>> _seat_map(table, (0, 2, 3), ())[1]  # a player who left reaches and attacks nobody
    (None, 'player', 1, (), ())
    """
    reach = {seat: fixed[seat] for seat in in_game} if fixed else influence(table, in_game)
    return tuple(
        (info.team, info.role.value, info.range, reach.get(seat, ()), attackable(table, in_game, seat, reach.get(seat)))
        for seat, info in enumerate(table.seats)
    )


def _seating_fields(table: Seating, in_game: tuple[int, ...], fixed: tuple[tuple[int, ...], ...]) -> _SeatingFields:
    """:func:`_seat_map`, the variant, the attack option and the teams, cached.

    The cache is keyed on the table's identity, not its value: hashing and comparing a :class:`Seating` (a
    dataclass of dataclasses, one per seat) would cost more than the rest of the seats' part of a view. An
    entry holds its table, so no other object can be given that table's id while the entry is kept. When
    the cache is full it is emptied (a whole table's entries are cheap to work out again).

    >>> from planechase.variants.seating import seating
    >>> table = seating("two_headed_giant", 4)
    >>> fields = _seating_fields(table, (0, 1, 2, 3), ())
    >>> fields[1:], fields[0][0]
    (('two_headed_giant', 'team', ((0, 1), (2, 3))), (0, 'primary', None, (0, 1, 2, 3), (2, 3)))
    >>> _seating_fields(table, (0, 1, 2, 3), ()) is fields
    True
    """
    key = (id(table), in_game, fixed)
    try:
        hit = _SEATING_CACHE.get(key)
    except TypeError:  # ranges given as lists, not tuples: nothing to cache them by
        return _seating_fields_now(table, in_game, fixed)
    if hit is not None and hit[0] is table:
        return hit[1]
    fields = _seating_fields_now(table, in_game, fixed)
    if len(_SEATING_CACHE) >= _SEATING_CACHE_SIZE:
        _SEATING_CACHE.clear()
    _SEATING_CACHE[key] = (table, fields)
    return fields


def _seating_fields_now(table: Seating, in_game: tuple[int, ...], fixed: tuple[tuple[int, ...], ...]) -> _SeatingFields:
    return _seat_map(table, in_game, fixed), table.variant.value, table.attack.value, table.teams


#: A card's printed part of a face-up card's view: name, kind, type line, Oracle text, reminders and the
#: abilities waiting for a report (index, text, who reports).
_CardFields = tuple[
    str, str, str, str, tuple[str, ...], tuple[tuple[int, str, str], ...], tuple[str, ...], tuple[int, ...]
]


@functools.lru_cache(maxsize=4096)
def _card_fields(catalog: Catalog, name: str) -> _CardFields:
    """What a face-up card shows that comes from the catalog alone (a catalog does not change once made)."""
    card = catalog[name]
    reported = tuple(
        (i, a.text, "you" if TriggerKind.REPORTED_BY_YOU in a.triggers else "any")
        for i, a in enumerate(card.abilities)
        if TriggerKind.REPORTED in a.triggers or TriggerKind.REPORTED_BY_YOU in a.triggers
    )
    lines = card.oracle_text.split("\n")
    chaos_texts = [a.text for a in card.abilities if TriggerKind.CHAOS in a.triggers]
    # 311.7: the lines of the rules text that are chaos abilities, whatever comes first on them (an ability word).
    chaos = tuple(
        i for i, line in enumerate(lines) if any(line.startswith(t) or t.startswith(line) for t in chaos_texts)
    )
    return card.name, card.kind, card.type_line, card.oracle_text, card.static_texts(), reported, card.sets, chaos


def _stack_item(state: GameState, item: StackItem) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": item.id,
        "kind": _STACK_KIND[item.kind],
        "controller": item.controller,
        "text": item.text,
        "source": state.name_of(item.card) if item.card is not None else None,
    }
    if item.targets:
        out["targets"] = list(item.targets)
    if item.kind is StackKind.OTHER:
        out["effect"] = _EFFECT[item.effect]
        if item.target_item is not None:
            out["target"] = item.target_item
    if item.is_copy:
        out["copy"] = True
    return out


def _face_up_card(state: GameState, fu: FaceUpCard, catalog: Catalog) -> dict[str, Any]:
    name, kind, type_line, oracle_text, reminders, reported, sets, chaos = _card_fields(catalog, state.name_of(fu.card))
    return {
        "object": fu.object_id,
        "name": name,
        "kind": kind,
        "type_line": type_line,
        "oracle_text": oracle_text,
        "owner": state.owner_of(fu.card),
        "counters": dict(fu.counters),
        "reminders": list(reminders),
        "reported": [{"ability": i, "text": text, "by": by} for i, text, by in reported],
        "sets": list(sets),
        "chaos_lines": list(chaos),
    }


def _roll(state: GameState, seat: int) -> dict[str, Any]:
    """``seat``'s planar die roll: what it costs and whether it is allowed now (901.9), and if not, ``why``: the
    rule and the sentence a roll would be refused with (``message`` in English, ``text`` to translate)."""
    out: dict[str, Any] = {"player": seat, "cost": state.roll_cost(seat), "allowed": True}
    try:
        check_action(state, Roll(seat))
    except IllegalActionError as exc:
        out["allowed"] = False
        out["why"] = {"rule": exc.rule, "message": exc.message, "text": exc.text.to_dict()}
    except InvalidActionError:
        out["allowed"] = False
    return out


def _decision(state: GameState, seat: int | None) -> dict[str, Any] | None:
    """The pending decision as ``seat`` sees it (``None`` when none is pending)."""
    if state.pending is None:
        return None
    d = state.pending.decision
    return {
        "id": d.id,
        "kind": _DECISION[d.kind],
        "player": d.player,
        "prompt": d.prompt
        if seat == d.player or d.kind is not DecisionKind.ARRANGE_PLANAR_DECK
        # Hidden information: only the deciding player sees which cards are on top of their planar deck.
        else f"Susan Foreman: {state.players[d.player].name} looks at the top two cards of their planar deck and "
        "chooses one to put on the bottom.",
        "rule": d.rule,
        "options": [{"id": o.id, "label": o.label} for o in d.options],
        "yours": seat == d.player,
    }


def status(state: GameState, seat: int | None = None) -> dict[str, Any]:
    """What a program needs for its next move, without the whole :func:`view`: the turn, the active player, the
    step, who holds priority, whether the game is over and who won, the pending decision, how many objects are
    on the stack, the active player's roll (its cost, whether it is allowed now and why not: 901.9) and the
    steps ``advance`` may go to. In Grand Melee these describe the focused turn marker (``focus``).

    >>> from planechase import demo_config, new_game
    >>> s = status(new_game(demo_config(seed=1)).state)
    >>> s["step"], s["stack"], s["roll"]
    ('upkeep', 0, {'player': 0, 'cost': 0, 'allowed': False, 'rule': '901.9'})
    """
    roll = _roll(state, state.active)
    why = roll.get("why")
    return {
        "turn": state.turn,
        "active": state.active,
        "step": _STEP[state.step],
        "priority": state.priority,
        "over": state.over,
        "winners": [p.seat for p in state.players if p.status is PlayerStatus.WON],
        "decision": _decision(state, seat),
        "stack": len(state.stack),
        # the view's roll, less the refusal's sentence: the rule a roll now would break, or null
        "roll": {
            "player": roll["player"],
            "cost": roll["cost"],
            "allowed": roll["allowed"],
            "rule": why["rule"] if why else None,
        },
        "advance_to": _advance_to(state),
        "focus": state.focus if state.markers is not None else None,
    }


def _advance_to(state: GameState) -> list[str]:
    return advance_targets(state) if not state.stack and state.pending is None and not state.over else []


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
                "step": _STEP[t.step] if t.taking_turn else None,
                "priority": t.priority,
                "planar_controller": t.planar_controller,
                "stack": [_stack_item(state, i) for i in reversed(t.stack)],
                "face_up": [_face_up_card(state, fu, catalog) for fu in t.face_up],
                "roll": _roll(here, t.active) if t.taking_turn else None,
                "advance_to": _advance_to(here) if t.taking_turn else [],
                "attacks": None if t.attacks is None else [list(pair) for pair in t.attacks],
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


def view(
    state: GameState, seat: int | None = None, catalog: Catalog | None = None, *, lang: str | None = None
) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator). Every seat sees the same public facts in
    this variant; the pending decision's options are listed for everyone, marked with who decides.

    In Grand Melee the turn fields (``turn``, ``active``, ``step``, ``priority``, ``stack``, ``face_up``,
    ``roll``, ``advance_to``...) describe the focused turn marker, ``focus``; ``turn_markers`` gives every
    marker's turn, stack and planes (807.5, 901.14). ``eternities_map`` is the map (its rules, position,
    spaces and the moves from here) in an Eternities Map game, else ``None``. The cards are described from
    ``catalog``, by default the state's.

    ``lang`` (``ru``, ``it``, ``cs``, ``ja``; see :mod:`planechase.cards.translations`) adds the project's
    translation of every card the view names: each face-up card gets a ``translation`` (name, type line and
    text), and ``translations`` maps each English name in the view to its translation. The English Oracle
    fields stay as they are (names are the cards' identifiers).

    >>> from planechase import GameConfig, new_game
    >>> names = [f"P{n}" for n in range(12)]
    >>> v = view(new_game(GameConfig(players=names, variant="grand_melee", planechase=False, starting_player=0)).state)
    >>> v["focus"], [(m["marker"], m["holder"], m["step"]) for m in v["turn_markers"]]
    (1, [(1, 0, 'upkeep'), (2, 4, 'upkeep'), (3, 8, 'upkeep')])
    """
    if catalog is None:
        catalog = state.catalog
    if lang is not None and lang not in LANGUAGES:
        raise PlanechaseError(
            "cards are not translated into {lang}: the languages are {languages}",
            lang=repr(lang),
            languages=", ".join(LANGUAGES),
        )
    table = state.seating
    in_game = state.seats_in_game
    # 801.2, 801.2c: who is within whose range (fixed as the turn began when ranges are limited), and
    # whom each player may attack (802, 803, 805.10a, 809.3c).
    seats, variant, attack, teams = _seating_fields(table, in_game, state.influence)
    shared_deck = state.shared_deck
    rolls_made = state.rolls_made
    players = []
    for p in state.players:
        at = p.seat
        team, role, limit, in_range, can_attack = seats[at]
        players.append(
            {
                "seat": at,
                "name": p.name,
                "life": p.life,
                "poison": p.poison,
                "status": _STATUS[p.status],
                "roll_cost": state.roll_cost(at),
                "rolls_this_turn": rolls_made[at],
                "planar_deck": None if shared_deck else len(state.deck_of(at)),
                "team": team,
                "role": role,
                "range": limit,
                "in_range": list(in_range),
                "can_attack": list(can_attack),
            }
        )
    active = state.active
    roll = _roll(state, active)
    decision = _decision(state, seat)
    active_players = state.active_players
    out = {
        "seat": seat,
        "turn": state.turn,
        "active": active,
        "step": _STEP[state.step],
        "priority": state.priority,
        "planar_controller": state.planar_controller,
        "turn_order": "clockwise" if state.direction > 0 else "counterclockwise",
        "over": state.over,
        "winners": [p.seat for p in state.players if p.status is PlayerStatus.WON],
        "players": players,
        "face_up": [_face_up_card(state, fu, catalog) for fu in state.face_up],
        "shared_deck": shared_deck,
        "planar_deck_sizes": [len(d) for d in state.decks],
        "revealed": [state.name_of(c) for c in state.revealed],
        "stack": [_stack_item(state, i) for i in reversed(state.stack)],
        "resolving": None if state.resolving is None else _stack_item(state, state.resolving),
        "effects": [
            {"id": e.id, "kind": e.kind, "text": e.text, "duration": _DURATION[e.duration], "controller": e.controller}
            for e in state.effects
        ],
        "visited": [state.name_of(c) for c in state.visited],
        "decision": decision,
        "roll": roll,
        "rollers": [roll if who == active else _roll(state, who) for who in active_players],
        "variant": variant,
        "attack": attack,
        "teams": [list(team) for team in teams],
        "active_players": list(active_players),
        "advance_to": _advance_to(state),
        "focus": state.focus if state.markers is not None else None,
        "turn_markers": _turn_markers(state, catalog),
        "eternities_map": _eternities_map(state, catalog),
        "passed": list(state.passed),
        "extra_turns": list(state.extra_turns),
        "skips": [{"player": k.seat, "skip": k.kind.value, "source": k.source} for k in state.skips],
        "attacks": None if state.attacks is None else [list(pair) for pair in state.attacks],
        "permanents": [{"id": p.id, "player": p.controller, "card": p.card} for p in state.permanents],
        "choices": [{"player": c.seat, "key": c.key, "value": c.value} for c in state.choices],
    }
    if lang is not None and lang != SOURCE_LANGUAGE:
        _translate(out, catalog, lang)
    return out


def _translate(out: dict[str, Any], catalog: Catalog, lang: str) -> None:
    """Add the translations of the cards a view names (see :func:`view`)."""
    face_up = [*out["face_up"], *(fu for m in out["turn_markers"] for fu in m["face_up"])]
    names = [fu["name"] for fu in face_up]
    names += out["revealed"] + out["visited"]
    stacks = [*out["stack"], out["resolving"], *(item for m in out["turn_markers"] for item in m["stack"])]
    names += [i["source"] for i in stacks if i is not None and i["source"]]
    if out["eternities_map"] is not None:
        names += [space["name"] for space in out["eternities_map"]["spaces"] if space["name"]]
    cards: dict[str, dict[str, str]] = {}
    for name in names:
        shown = card_translation(catalog, name, lang)
        if shown is not None:
            cards[name] = dict(shown)
    for fu in face_up:
        if fu["name"] in cards:
            fu["translation"] = cards[fu["name"]]
    out["translations"] = {"lang": lang, "by": "planechase", "cards": cards}


@functools.lru_cache(maxsize=4096)
def card_translation(catalog: Catalog, name: str, lang: str) -> dict[str, str] | None:
    """The project's translation of the card ``name`` of ``catalog`` (its name, type line and text), or
    ``None`` if it has none in ``lang`` (a card of a house catalog, or English)."""
    if name not in catalog:
        return None
    shown = card_text(catalog.get(name), lang)
    if not shown.translated:
        return None
    return {"name": shown.name, "type_line": shown.type_line, "text": shown.text}
