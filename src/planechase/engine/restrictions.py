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
            if effect.card is not None:
                raise IllegalActionError(
                    "101.2",
                    "{player} can't cast spells: {card}'s effect",
                    player=state.players[seat].name,
                    card=state.cards[effect.card].name,
                )
            raise IllegalActionError(
                "101.2", "{player} can't cast spells: {effect}", player=state.players[seat].name, effect=effect.text
            )
    if seat in _this_turn(state, "attacked"):
        card = bound_by(state, RuleChange.NO_CASTING_AFTER_ATTACKING, seat, catalog)
        if card is not None:
            raise IllegalActionError(
                "101.2",
                "{card}: {player} attacked with creatures this turn and can't cast spells",
                card=card,
                player=state.players[seat].name,
            )


def check_attack(state: GameState, action: Attack, catalog: Catalog) -> None:
    """Raise an error if the attack declaration ``action`` is not legal now (508.1)."""
    s = state
    players = s.players
    name = players[action.player].name
    _check_declaration_open(s)
    if action.player not in active_players(s):
        if s.team_turns:
            raise IllegalActionError(
                "805.10b", "{player} is not on the active team: the active team declares attackers", player=name
            )
        raise IllegalActionError(
            "508.1", "{player} is not the active player: the active player declares attackers", player=name
        )
    seen: set[tuple[int, int]] = set()
    cast_this_turn = _this_turn(s, "spells_cast")
    for attacker, defender in action.attacks:
        for seat in (attacker, defender):
            if not 0 <= seat < len(players):
                raise InvalidActionError(
                    "there is no seat {seat}; seats are 0 to {last}", seat=seat, last=len(players) - 1
                )
        if (attacker, defender) in seen:
            raise InvalidActionError(
                "attack: [{attacker}, {defender}] is listed twice", attacker=attacker, defender=defender
            )
        seen.add((attacker, defender))
        who, whom = players[attacker].name, players[defender].name
        if attacker not in active_players(s):
            rule = "805.10a" if s.team_turns else "508.1a"
            raise IllegalActionError(
                rule, "{player} is not an attacking player: only the active player's creatures attack", player=who
            )
        if not in_game(s, defender):
            raise IllegalActionError("506.3c", "{player} has left the game and can't be attacked", player=whom)
        _check_defender(s, attacker, defender)
        effect = _protections(s).get(defender)
        if effect is not None and effect.card is not None:
            raise IllegalActionError(
                "508.1c",
                "creatures can't attack {player}: {card}'s effect",
                player=whom,
                card=s.cards[effect.card].name,
            )
        if effect is not None:
            raise IllegalActionError("508.1c", "{effect}", effect=f"{effect.text[:1].upper()}{effect.text[1:]}")
        if attacker in cast_this_turn:
            card = bound_by(s, RuleChange.NO_ATTACKS_AFTER_CASTING, attacker, catalog)
            if card is not None:
                raise IllegalActionError(
                    "508.1c",
                    "{card}: {player} cast a spell this turn and can't attack with creatures",
                    card=card,
                    player=who,
                )


def _check_defender(s: GameState, attacker: int, defender: int) -> None:
    """``defender`` is a player ``attacker``'s creatures may attack under the variant's rules."""
    if defender in s.can_attack(attacker):
        return
    table = table_of(s)
    who, whom = s.players[attacker].name, s.players[defender].name
    if defender == attacker or not table.are_opponents(attacker, defender):
        raise IllegalActionError(
            "506.2",
            "{defender} is not an opponent of {player}: only opponents can be attacked",
            defender=whom,
            player=who,
        )
    if s.influence and defender not in s.influence[attacker]:
        raise IllegalActionError(
            "801.3",
            "{defender} is outside {player}'s range of influence and can't be attacked",
            defender=whom,
            player=who,
        )
    allowed = ", ".join(s.players[seat].name for seat in s.can_attack(attacker))
    if not allowed:
        raise IllegalActionError(
            table.attack.rule,
            "with the {option} attack option, {player} can attack only: nobody",
            option=table.attack.value,
            player=who,
        )
    raise IllegalActionError(
        table.attack.rule,
        "with the {option} attack option, {player} can attack only: {allowed}",
        option=table.attack.value,
        player=who,
        allowed=allowed,
    )


def allowed_pairs(state: GameState, catalog: Catalog) -> list[tuple[int, int]] | None:
    """The (attacker, defender) pairs an attack declaration may list now, each legal on its own (508.1,
    508.1c); ``None`` when no declaration may be made now. (:func:`check_attack` checks a whole
    declaration; this lists what to offer, worked out once.)"""
    s = state
    if not _declaration_open(s):
        return None
    protected = _protections(s)
    cast_this_turn = _this_turn(s, "spells_cast")
    out: list[tuple[int, int]] = []
    for attacker in active_players(s):
        if attacker in cast_this_turn and bound_by(s, RuleChange.NO_ATTACKS_AFTER_CASTING, attacker, catalog):
            continue
        out.extend((attacker, d) for d in s.can_attack(attacker) if d not in protected and in_game(s, d))
    return out


def _declaration_open(s: GameState) -> bool:
    """Whether attackers can be declared now (508.1); :func:`_check_declaration_open` says why not."""
    return (
        s.taking_turn
        and s.step is Step.DECLARE_ATTACKERS
        and s.attacks is None
        and not (s.stack or s.passed or s.priority is None or not has_priority(s, s.active))
    )


def _check_declaration_open(s: GameState) -> None:
    """Raise :class:`IllegalActionError` (508.1) unless attackers can be declared now: only in the declare
    attackers step, once per combat, as the step begins, before players act with priority in it."""
    if not s.taking_turn or s.step is not Step.DECLARE_ATTACKERS:
        raise IllegalActionError(
            "508.1", "attackers are declared as the declare attackers step begins, not in the {step}", step=s.step.label
        )
    if s.attacks is not None:
        raise IllegalActionError("508.1", "attackers were already declared in this combat")
    if s.stack or s.passed or s.priority is None or not has_priority(s, s.active):
        raise IllegalActionError(
            "508.1", "attackers are declared as the declare attackers step begins, before anyone acts in it"
        )


def _protections(s: GameState) -> dict[int, ContinuousEffect]:
    """The players no creature can attack (508.1c: Agyrem's "creatures can't attack you"; with shared team
    turns, "you" is the whole team, 901.12c), each with the effect that protects them."""
    out: dict[int, ContinuousEffect] = {}
    for effect in s.effects:
        if effect.kind == CANT_ATTACK_YOU_EFFECT:
            for seat in team(s, effect.controller) if s.team_turns else (effect.controller,):
                out.setdefault(seat, effect)
    return out
