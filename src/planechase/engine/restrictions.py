"""What the planar cards forbid, checked when a player casts a spell or the table declares attackers.

- "Can't" beats "can" (101.2): a spell cast by a player an effect names (Eloren Wilds: "target player can't
  cast spells until a player planeswalks"), or by Prahv's controller after they attacked with creatures
  this turn, is refused.
- Attack declarations (508.1) follow the variant's attack rules: only opponents (506.2), within range of
  influence (801.3), as the attack option allows (802, 803.1a, 805.10a, 809.3c); and the restrictions of
  the face-up cards (508.1c): Agyrem's effect ("creatures can't attack you until a player planeswalks"),
  Prahv ("if you cast a spell this turn, you can't attack with creatures").

"You" on a face-up planar card is its planar controller (901.6), and with shared team turns either player
of that team (901.12c). In Grand Melee each turn marker has its planar controller and its own planar
cards (901.14); a player's spells and attacks this turn are counted on every marker's stack.
"""

from __future__ import annotations

import functools

from ..cards.model import CANT_ATTACK_YOU_EFFECT, CANT_CAST_SPELLS_EFFECT, Catalog, RuleChange
from ..core.actions import Attack
from ..core.queries import active_players, has_priority, in_game, table_of, team
from ..core.state import ContinuousEffect, GameState, MeleeTurn, Step
from ..errors import IllegalActionError, InvalidActionError
from . import melee


@functools.lru_cache(maxsize=1024)
def _rule_changes(catalog: Catalog, name: str) -> frozenset[RuleChange]:
    return frozenset(a.rule_change for a in catalog[name].abilities if a.rule_change is not None)


def _parts(state: GameState) -> tuple[GameState | MeleeTurn, ...]:
    """The turns in progress: the state itself, or every turn marker's part in Grand Melee."""
    return tuple(melee.each_turn(state)) if state.markers is not None else (state,)


def bound_by(state: GameState, change: RuleChange, seat: int, catalog: Catalog) -> str | None:
    """The name of a face-up planar card with ``change`` for which ``seat`` is "you", if there is one."""
    for part in _parts(state):
        controller = part.planar_controller
        if controller is None:
            continue
        you = team(state, controller) if state.team_turns else (controller,)
        if seat not in you:
            continue
        for fu in part.face_up:
            name = state.cards[fu.card].name
            if change in _rule_changes(catalog, name):
                return name
    return None


def _this_turn(state: GameState, field: str) -> set[int]:
    """The players in ``spells_cast`` or ``attacked`` of any turn in progress."""
    out: set[int] = set()
    for part in _parts(state):
        out.update(getattr(part, field))
    return out


def casting_may_be_forbidden(state: GameState) -> bool:
    """Whether anything could forbid a player to cast spells now (cheap; :func:`check_cast_allowed` says
    whom): a "can't cast spells" effect, or an attack this turn (Prahv)."""
    if state.attacked:
        return True
    if state.effects:
        for effect in state.effects:
            if effect.kind == CANT_CAST_SPELLS_EFFECT:
                return True
    if state.melee:
        for turn in state.melee:
            if turn.attacked:
                return True
    return False


def check_cast_allowed(state: GameState, seat: int, catalog: Catalog) -> None:
    """Raise :class:`IllegalActionError` if ``seat`` can't cast spells now (101.2)."""
    if not casting_may_be_forbidden(state):
        return
    for effect in state.effects:
        if effect.kind == CANT_CAST_SPELLS_EFFECT and seat in effect.players:
            raise IllegalActionError("101.2", f"{state.players[seat].name} can't cast spells: {effect.text}")
    if seat in _this_turn(state, "attacked"):
        card = bound_by(state, RuleChange.NO_CASTING_AFTER_ATTACKING, seat, catalog)
        if card is not None:
            raise IllegalActionError(
                "101.2", f"{card}: {state.players[seat].name} attacked with creatures this turn and can't cast spells"
            )


def check_attack(state: GameState, action: Attack, catalog: Catalog) -> None:
    """Raise an error if the attack declaration ``action`` is not legal now (508.1)."""
    s = state
    players = s.players
    name = players[action.player].name
    closed = _declaration_closed(s)
    if closed is not None:
        raise IllegalActionError("508.1", closed)
    if action.player not in active_players(s):
        if s.team_turns:
            raise IllegalActionError("805.10b", f"{name} is not on the active team: the active team declares attackers")
        raise IllegalActionError("508.1", f"{name} is not the active player: the active player declares attackers")
    seen: set[tuple[int, int]] = set()
    cast_this_turn = _this_turn(s, "spells_cast")
    for attacker, defender in action.attacks:
        for seat in (attacker, defender):
            if not 0 <= seat < len(players):
                raise InvalidActionError(f"there is no seat {seat}; seats are 0 to {len(players) - 1}")
        if (attacker, defender) in seen:
            raise InvalidActionError(f"attack: [{attacker}, {defender}] is listed twice")
        seen.add((attacker, defender))
        who, whom = players[attacker].name, players[defender].name
        if attacker not in active_players(s):
            rule = "805.10a" if s.team_turns else "508.1a"
            raise IllegalActionError(
                rule, f"{who} is not an attacking player: only the active player's creatures attack"
            )
        if not in_game(s, defender):
            raise IllegalActionError("506.3c", f"{whom} has left the game and can't be attacked")
        _check_defender(s, attacker, defender)
        effect = _protections(s).get(defender)
        if effect is not None:
            raise IllegalActionError("508.1c", f"{effect.text[:1].upper()}{effect.text[1:]}")
        if attacker in cast_this_turn:
            card = bound_by(s, RuleChange.NO_ATTACKS_AFTER_CASTING, attacker, catalog)
            if card is not None:
                raise IllegalActionError(
                    "508.1c", f"{card}: {who} cast a spell this turn and can't attack with creatures"
                )


def _check_defender(s: GameState, attacker: int, defender: int) -> None:
    """``defender`` is a player ``attacker``'s creatures may attack under the variant's rules."""
    if defender in s.can_attack(attacker):
        return
    table = table_of(s)
    who, whom = s.players[attacker].name, s.players[defender].name
    if defender == attacker or not table.are_opponents(attacker, defender):
        raise IllegalActionError("506.2", f"{whom} is not an opponent of {who}: only opponents can be attacked")
    if s.influence and defender not in s.influence[attacker]:
        raise IllegalActionError("801.3", f"{whom} is outside {who}'s range of influence and can't be attacked")
    allowed = ", ".join(s.players[seat].name for seat in s.can_attack(attacker)) or "nobody"
    raise IllegalActionError(
        table.attack.rule, f"with the {table.attack.value} attack option, {who} can attack only: {allowed}"
    )


def allowed_pairs(state: GameState, catalog: Catalog) -> list[tuple[int, int]] | None:
    """The (attacker, defender) pairs an attack declaration may list now, each legal on its own (508.1,
    508.1c); ``None`` when no declaration may be made now. (:func:`check_attack` checks a whole
    declaration; this lists what to offer, worked out once.)"""
    s = state
    if _declaration_closed(s) is not None:
        return None
    protected = _protections(s)
    cast_this_turn = _this_turn(s, "spells_cast")
    out: list[tuple[int, int]] = []
    for attacker in active_players(s):
        if attacker in cast_this_turn and bound_by(s, RuleChange.NO_ATTACKS_AFTER_CASTING, attacker, catalog):
            continue
        out.extend((attacker, d) for d in s.can_attack(attacker) if d not in protected and in_game(s, d))
    return out


def _declaration_closed(s: GameState) -> str | None:
    """Why attackers can't be declared now (508.1), or ``None`` if they can: only in the declare attackers
    step, once per combat, as the step begins, before players act with priority in it."""
    if not s.taking_turn or s.step is not Step.DECLARE_ATTACKERS:
        return f"attackers are declared as the declare attackers step begins, not in the {s.step.label}"
    if s.attacks is not None:
        return "attackers were already declared in this combat"
    if s.stack or s.passed or s.priority is None or not has_priority(s, s.active):
        return "attackers are declared as the declare attackers step begins, before anyone acts in it"
    return None


def _protections(s: GameState) -> dict[int, ContinuousEffect]:
    """The players no creature can attack (508.1c: Agyrem's "creatures can't attack you"; with shared team
    turns, "you" is the whole team, 901.12c), each with the effect that protects them."""
    out: dict[int, ContinuousEffect] = {}
    for effect in s.effects:
        if effect.kind == CANT_ATTACK_YOU_EFFECT:
            for seat in team(s, effect.controller) if s.team_turns else (effect.controller,):
                out.setdefault(seat, effect)
    return out
