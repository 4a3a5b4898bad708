"""Helpers for declaring planar cards: each ability is a :class:`Spec` (triggers, effects, target,
threshold, rule change) that :func:`plane` and :func:`phenomenon` pair with the matching line of the
card's Oracle text, one for one.

>>> card = plane("Example", "Dominaria", ("TST",), "Whenever chaos ensues, draw a card.", chaos())
>>> card.type_line, [a.triggers for a in card.abilities]
('Plane — Dominaria', [(<TriggerKind.CHAOS: 'chaos'>,)])
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Ability, CardDef, Condition, Effect, RuleChange, TargetKind, TriggerKind

T = TriggerKind


class Spec:
    """An ability before its Oracle line is attached."""

    def __init__(
        self,
        triggers: Sequence[TriggerKind] = (),
        *effects: Effect,
        target: TargetKind | None = None,
        threshold: tuple[str, int] | None = None,
        rule_change: RuleChange | None = None,
        condition: Condition | None = None,
        spell_filter: Sequence[Sequence[str]] = (),
    ) -> None:
        self.triggers = tuple(triggers)
        self.effects = effects
        self.target = target
        self.threshold = threshold
        self.rule_change = rule_change
        self.condition = condition
        self.spell_filter = tuple(frozenset(group) for group in spell_filter)


def on(*triggers: TriggerKind) -> tuple[TriggerKind, ...]:
    return triggers


STATIC = Spec()


def chaos(*effects: Effect, target: TargetKind | None = None) -> Spec:
    return Spec((T.CHAOS,), *effects, target=target)


def _card(
    kind: str, name: str, planar_type: str | None, sets: Sequence[str], oracle: str, specs: Sequence[Spec]
) -> CardDef:
    lines = oracle.split("\n")
    if len(lines) != len(specs):
        raise ValueError(f"{name}: {len(specs)} abilities for {len(lines)} lines of Oracle text")
    abilities = tuple(
        Ability(
            text=line,
            triggers=spec.triggers,
            effects=spec.effects,
            target=spec.target,
            threshold=spec.threshold,
            rule_change=spec.rule_change,
            condition=spec.condition,
            spell_filter=spec.spell_filter,
        )
        for line, spec in zip(lines, specs, strict=True)
    )
    return CardDef(
        name=name, kind=kind, planar_type=planar_type, oracle_text=oracle, sets=tuple(sets), abilities=abilities
    )


def plane(name: str, planar_type: str, sets: Sequence[str], oracle: str, *specs: Spec) -> CardDef:
    return _card("plane", name, planar_type, sets, oracle, specs)


def phenomenon(name: str, sets: Sequence[str], oracle: str, *specs: Spec) -> CardDef:
    return _card("phenomenon", name, None, sets, oracle, specs)


def encounter(*effects: Effect) -> Spec:
    return Spec((T.ENCOUNTER,), *effects)
