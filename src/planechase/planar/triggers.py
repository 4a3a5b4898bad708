"""Triggered abilities: noticing that a planar ability triggers and remembering it until it is put
on the stack (603.2, 603.3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..core.context import Run
from ..core.state import FaceUpCard, StackItem, StackKind
from ..core.vocabulary import STEP_TRIGGERS, TriggerKind


def trigger_ability(
    run: Run,
    card: int,
    ability_index: int,
    *,
    source: int | None,
    counters: tuple[tuple[str, int], ...] = (),
    rules: tuple[str, ...] = ("603.2",),
    why: str = "",
    subject: int | None = None,
    subject_item: int | None = None,
) -> bool:
    """Record that an ability of ``card`` triggered. It is controlled by the planar controller
    (901.6, 311.7) and waits to be put on the stack the next time a player would receive priority.
    An ability with an intervening "if" whose condition is false doesn't trigger (603.4). Returns whether
    it triggered."""
    controller = run.s.planar_controller
    if controller is None:
        return False
    ability = run.catalog[run.card_name(card)].abilities[ability_index]
    if ability.condition is not None and not ability.condition.holds(run, source):
        run.emit(
            "not_triggered",
            "603.4",
            f"{run.card_name(card)}'s ability doesn't trigger: it is not the case that {ability.condition.describe()}.",
            card=run.card_name(card),
            ability=ability_index,
        )
        return False
    item = StackItem(
        id=run.new_id(),
        kind=StackKind.TRIGGERED,
        controller=controller,
        text=ability.text,
        card=card,
        source=source,
        ability=ability_index,
        lki_counters=counters,
        subject=subject,
        subject_item=subject_item,
    )
    run.s.pending_triggers = (*run.s.pending_triggers, item)
    name = run.card_name(card)
    run.emit(
        "ability_triggered",
        rules,
        f"{name}'s ability triggers{why}: {ability.text}",
        card=name,
        ability=ability_index,
        item=item.id,
        controller=controller,
    )
    return True


def fire(
    run: Run,
    kind: TriggerKind,
    objects: Iterable[FaceUpCard] | None = None,
    *,
    rules: tuple[str, ...] = ("603.2",),
    why: str = "",
    subject: int | None = None,
    subject_item: int | None = None,
    spell_words: frozenset[str] = frozenset(),
) -> None:
    """Trigger every ability listening for ``kind`` on ``objects`` (by default every face-up card).

    Abilities of step triggers ("your upkeep") trigger only in the planar controller's own turn.
    ``subject`` is "that player" of the trigger event and ``subject_item`` "that spell"; a spell-cast
    ability triggers only if the spell (described by ``spell_words``) is what it looks for.
    """
    s = run.s
    if kind in STEP_TRIGGERS and s.planar_controller != s.active:
        return
    candidates = s.face_up if objects is None else tuple(objects)
    if not listening(run, kind, candidates):
        return  # nothing face up listens for this event
    # 801.7, 901.13: in Grand Melee, an event about a player out of the planar controller's range
    # triggers nothing.
    out_of_range = (
        s.markers is not None
        and subject is not None
        and s.planar_controller is not None
        and subject not in s.planar_reach(s.planar_controller)
    )
    for fu in candidates:
        card_def = run.catalog[run.card_name(fu.card)]
        for index, ability in enumerate(card_def.abilities):
            if kind not in ability.triggers:
                continue
            if kind is TriggerKind.SPELL_CAST and not ability.spell_matches(spell_words):
                continue
            if out_of_range:
                assert subject is not None
                run.emit(
                    "not_triggered",
                    ("801.7", "901.13"),
                    f"{run.card_name(fu.card)}'s ability doesn't trigger: {run.name(subject)} is out of "
                    f"{run.name(s.planar_controller)}'s range of influence.",
                    card=run.card_name(fu.card),
                    ability=index,
                )
                continue
            trigger_ability(
                run,
                fu.card,
                index,
                source=fu.object_id,
                counters=fu.counters,
                rules=rules,
                why=why,
                subject=subject,
                subject_item=subject_item,
            )


def listening(run: Run, kind: TriggerKind, objects: Iterable[FaceUpCard] | None = None) -> bool:
    """Whether an ability of one of ``objects`` (by default every face-up card) triggers on events of
    ``kind``, before a step's or a player's own condition is checked: when none does, :func:`fire` does
    nothing."""
    listens, cards = run.catalog.listens, run.s.cards
    return any(kind in listens[cards[fu.card].name] for fu in (run.s.face_up if objects is None else objects))


def source_is_waiting(run: Run, object_id: int, ability_index: int | None = None) -> bool:
    """True while an ability from this object has triggered but not yet left the stack."""
    for item in (*run.s.pending_triggers, *run.s.stack):
        if item.source == object_id and (ability_index is None or item.ability == ability_index):
            return True
    return False


def check_state_triggers(run: Run) -> bool:
    """State triggers (603.8): "When ~ has N or more <kind> counters on it". Such an ability triggers
    once and not again until it has left the stack. Returns whether anything triggered."""
    fired = False
    if not listening(run, TriggerKind.COUNTERS_AT_LEAST):
        return False
    for fu in run.s.face_up:
        card_def = run.catalog[run.card_name(fu.card)]
        for index, ability in enumerate(card_def.abilities):
            if ability.threshold is None or TriggerKind.COUNTERS_AT_LEAST not in ability.triggers:
                continue
            kind, needed = ability.threshold
            if fu.count(kind) >= needed and not source_is_waiting(run, fu.object_id, index):
                # 603.8: it triggers once, and not while it waits; one that doesn't trigger (603.4) changes nothing.
                fired = (
                    trigger_ability(
                        run,
                        fu.card,
                        index,
                        source=fu.object_id,
                        counters=fu.counters,
                        rules=("603.8",),
                        why=f" ({fu.count(kind)} {kind} counters)",
                    )
                    or fired
                )
    return fired


def remember_counters(run: Run, objects: Iterable[FaceUpCard]) -> None:
    """Objects are leaving the face-up cards: abilities from them that wait or are on the stack keep
    the counters they last had, as their last known information (608.2h)."""
    final = {fu.object_id: fu.counters for fu in objects}
    if not final:
        return

    def update(items: tuple[StackItem, ...]) -> tuple[StackItem, ...]:
        return tuple(
            replace(i, lki_counters=final[i.source]) if i.source is not None and i.source in final else i for i in items
        )

    run.s.stack = update(run.s.stack)
    run.s.pending_triggers = update(run.s.pending_triggers)
