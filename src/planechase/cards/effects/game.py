"""Effects on the game the engine runs: counters on planar cards, planeswalking, chaos, turn order,
extra phases and turns, and continuous effects with a duration."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ...core.context import Run
from ...core.state import ContinuousEffect, Duration, StackItem
from ...core.turn_changes import add_extra_turn, add_phases, end_the_turn, reverse_turn_order
from ...planar.chaos import chaos_ensues
from ...planar.planeswalk import planeswalk
from ..model import CardDef, Condition, Effect
from .common import TARGET, players_for, source_name, target_names


@dataclass(frozen=True)
class AddCounters(Effect):
    """Put ``n`` ``kind`` counters on this plane, if it is still face up (122.1)."""

    kind: str
    n: int = 1

    def apply(self, run: Run, item: StackItem) -> None:
        name = source_name(run, item)
        new = run.add_counters(item.source, self.kind, self.n) if item.source is not None else None
        if new is None:
            run.emit(
                "no_counter",
                ("122.1", "608.2h"),
                f"{name} is no longer face up: no {self.kind} counter is put on it.",
                card=name,
            )
            return
        run.emit(
            "counters_added",
            "122.1",
            f"{name} gets {self.n} {self.kind} counter{'s' if self.n != 1 else ''} (now {new.count(self.kind)}).",
            card=name,
            counter=self.kind,
            added=self.n,
            total=new.count(self.kind),
        )


@dataclass(frozen=True)
class PlaneswalkEffect(Effect):
    """Planeswalk (701.31): the ability's controller planeswalks."""

    def apply(self, run: Run, item: StackItem) -> None:
        planeswalk(run, item.controller, rules=("701.31",), cause=source_name(run, item))


@dataclass(frozen=True)
class ChaosEnsues(Effect):
    """Chaos ensues (311.7)."""

    def apply(self, run: Run, item: StackItem) -> None:
        chaos_ensues(run, cause=source_name(run, item))


@dataclass(frozen=True)
class ReverseTurnOrder(Effect):
    """Reverse the game's turn order (the card's instruction; 101.1)."""

    def apply(self, run: Run, item: StackItem) -> None:
        reverse_turn_order(run, source_name(run, item))


@dataclass(frozen=True)
class AdditionalPhase(Effect):
    """Add phases after this one (500.8): ``beginning`` adds a beginning phase; ``combat_and_main`` adds
    a combat phase followed by a main phase, only if it is a main phase."""

    kind: str

    def apply(self, run: Run, item: StackItem) -> None:
        add_phases(run, self.kind, source_name(run, item))


@dataclass(frozen=True)
class ExtraTurn(Effect):
    """Take an extra turn after this one (500.7). With shared team turns, the controller's team takes it
    (805.8), led by its primary player (805.2), who becomes the planar controller (901.12b)."""

    def apply(self, run: Run, item: StackItem) -> None:
        add_extra_turn(run, item.controller)


def effect_templates(catalog: Iterable[CardDef]) -> tuple[str, ...]:
    """The words of every continuous effect the cards of ``catalog`` create (their ``text``, with ``{you}`` and
    ``{target}``), sorted.

    >>> from planechase.cards.catalog import CATALOG
    >>> "creatures can't attack {you} until a player planeswalks" in effect_templates(CATALOG)
    True
    """
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, CreateEffect | CreateEffectOnTarget):
            found.add(value.text)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for item in dataclasses.fields(value):
                walk(getattr(value, item.name))
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)

    for card in catalog:
        walk(card.abilities)
    return tuple(sorted(found))


@dataclass(frozen=True)
class CreateEffect(Effect):
    """Create a continuous effect of ``kind`` lasting ``duration``; ``{you}`` in ``text`` becomes the
    controller's name. The engine shows it as a reminder until it ends."""

    kind: str
    duration: Duration
    text: str

    def apply(self, run: Run, item: StackItem) -> None:
        effect = ContinuousEffect(
            id=run.new_id(),
            kind=self.kind,
            controller=item.controller,
            duration=self.duration,
            text=self.text.replace("{you}", run.name(item.controller)),
            card=item.card,
            marker=run.s.focus,
        )
        run.s.effects = (*run.s.effects, effect)
        run.emit(
            "effect_created",
            ("611.2a", "608.2c"),
            f"{source_name(run, item)}: {effect.text}",
            effect=effect.id,
            kind=self.kind,
            duration=self.duration.value,
        )


@dataclass(frozen=True)
class CreateEffectOnTarget(Effect):
    """Create a continuous effect (611.2a) about the targeted player, lasting ``duration``: ``{target}``
    in ``text`` becomes that player's name, ``{you}`` the controller's. Shown as a reminder until it ends."""

    kind: str
    duration: Duration
    text: str

    def apply(self, run: Run, item: StackItem) -> None:
        targets = players_for(run, item, TARGET)
        if not targets:
            run.emit("no_player", "608.2c", f"{source_name(run, item)}: no target player; no effect is created.")
            return
        effect = ContinuousEffect(
            id=run.new_id(),
            kind=self.kind,
            controller=item.controller,
            duration=self.duration,
            text=self.text.replace("{target}", target_names(run, item)).replace("{you}", run.name(item.controller)),
            card=item.card,
            marker=run.s.focus,
            players=tuple(targets),
        )
        run.s.effects = (*run.s.effects, effect)
        run.emit(
            "effect_created",
            ("611.2a", "608.2c"),
            f"{source_name(run, item)}: {effect.text}",
            effect=effect.id,
            kind=self.kind,
            duration=self.duration.value,
            players=list(targets),
        )


@dataclass(frozen=True)
class EndTheTurn(Effect):
    """ "End the turn" (723.1, The Drum): waiting triggered abilities cease to exist (723.1a); every
    object on the stack is exiled (723.1b); then, once this ability has finished resolving, state-based
    actions are checked and the game skips straight to the cleanup step (723.1c-723.1f)."""

    def apply(self, run: Run, item: StackItem) -> None:
        name = source_name(run, item)
        end_the_turn(run, f"{name}'s ability (resolving)", name)


@dataclass(frozen=True)
class CopyThatSpell(Effect):
    """ "That player copies it" (Izzet Steam Maze): the spell that triggered the ability is copied on
    the stack (707.10), controlled by the player who cast it; a spell that has left the stack can't
    be copied. What the copy does is what the spell does (its planar effect, if any)."""

    def apply(self, run: Run, item: StackItem) -> None:
        s = run.s
        spell = next((i for i in s.stack if i.id == item.subject_item), None)
        name = source_name(run, item)
        if spell is None or item.subject is None:
            run.emit(
                "no_copy", ("707.10", "608.2c"), f"{name}: the spell is no longer on the stack; nothing is copied."
            )
            return
        copy = replace(spell, id=run.new_id(), controller=item.subject, is_copy=True, spell=False)
        s.stack = (*s.stack, copy)
        run.emit(
            "copied",
            ("707.10", "608.2c"),
            f"{name}: {run.name(item.subject)} copies {spell.label}.",
            item=copy.id,
            original=spell.id,
        )


@dataclass(frozen=True)
class FlipCoinOrCounterThatSpell(Effect):
    """ "That player flips a coin. If the player loses the flip, counter that spell" (Mirrored Depths):
    the coin is flipped with the engine's seeded generator (705; forced ``coin:win``/``coin:lose``),
    and on a loss the spell that triggered the ability is countered if it is still on the stack
    (701.6a)."""

    def apply(self, run: Run, item: StackItem) -> None:
        s = run.s
        if item.subject is None:
            return
        name = source_name(run, item)
        won = run.flip_coin()
        run.emit(
            "coin_flipped",
            ("705.1", "705.2"),
            f"{run.name(item.subject)} flips a coin and {'wins' if won else 'loses'} the flip.",
            player=item.subject,
            won=won,
            chance=f"coin:{'win' if won else 'lose'}",
        )
        if won:
            return
        spell = next((i for i in s.stack if i.id == item.subject_item), None)
        if spell is None:
            run.emit("no_counter", "608.2c", f"{name}: the spell has already left the stack.")
            return
        s.stack = tuple(i for i in s.stack if i.id != spell.id)
        run.emit("countered", ("701.6a", "608.2c"), f"{name} counters {spell.label}.", item=spell.id)


@dataclass(frozen=True)
class PlaneswalkedHereThisTurn(Condition):
    """ "If you planeswalked to ~ this turn" (Unyaro): the plane was turned face up by planeswalking
    during the current turn (the starting plane was not planeswalked to)."""

    def holds(self, run: Run, object_id: int | None) -> bool:
        fu = run.s.face_up_object(object_id) if object_id is not None else None
        return fu is not None and fu.arrived_turn == run.s.turn

    def describe(self) -> str:
        return "you planeswalked to it this turn"
